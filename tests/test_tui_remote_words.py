"""How tui/remote.py words its notices about tables one is away from."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_tui_remote_drawing import FakeApp
from tui.remote import RemoteTable, lobby_tables


def _anns_turn_table() -> dict[str, Any]:
    tables, _ = lobby_tables([{
        "table": "t1", "game": "overboss-duel", "title": "Overboss Duel", "started": True,
        "away_bot": 30.0, "play": {"to_act": [0], "actions": 3},
        "seats": [{"kind": "human", "player": "Ann", "away": True, "bot_in": 29.6},
                  {"kind": "human", "player": "Bob", "present": True}],
    }])
    return tables[0]


@pytest.mark.parametrize("way", ["q for the lobby, then Enter on it", "Enter on it sits you down"])
def test_the_turn_notice_keeps_the_case_of_a_key(monkeypatch, way):
    """Play-test: "a bot plays for you in 30 s. Q for the lobby, then
    Enter on it." The key is q (Shift+Q does nothing): the way to the
    notice is one sentence, so its first letter is never raised."""
    table = RemoteTable(FakeApp(), "/nonexistent", "Ann")  # type: ignore[arg-type]
    monkeypatch.setattr(table, "_way_to_the_table", lambda: way)
    table.tables = [_anns_turn_table()]
    table._turns_away()
    assert table.app.notes == [  # type: ignore[attr-defined]
        f"Your turn at Overboss Duel with Bob: a bot plays for you in 30 s; {way}."]
