"""How tui/remote.py words its notices about tables one is away from."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_tui_remote_drawing import FakeApp
from tui.remote import RemoteTable, lobby_tables


def _anns_turn_table() -> dict[str, Any]:
    tables, _ = lobby_tables([{
        "table": "t1", "game": "overboss-duel", "title": "Overboss Duel", "started": True,
        "away_bot": 30.0, "play": {"to_act": [0], "moves": 3},
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
    monkeypatch.setattr(table, "_way_to_the_table", lambda table=None: way)
    table.tables = [_anns_turn_table()]
    table._turns_away()
    assert table.app.notes == [  # type: ignore[attr-defined]
        f"Your turn at Overboss Duel with Bob: a bot plays for you in 30 s; {way}."]


def test_a_rematch_line_is_the_tables_own_and_tells_a_watcher_no_seat():
    """Play-test: the rematch line read "Ann: Rematch? ... r on the results,
    or Enter on it in the lobby, sits you down", as if Ann typed it, and a
    watcher, who has no seat there, read it too. It is the table's own line
    (`"kind": "rematch"`), worded for its reader."""
    tables, _ = lobby_tables([{
        "table": "t1", "game": "overboss-duel", "title": "Overboss Duel", "started": True,
        "play": {"finished": True, "to_act": [], "moves": 40},
        "seats": [{"kind": "reserved", "player": "Ann"}, {"kind": "reserved", "player": "Bob"}],
    }])
    line = {"table": "t1", "from": "Ann", "text": "Rematch? r sits you down", "kind": "rematch",
            "moves": 40}
    heard = {}
    for reader in ("Ann", "Bob", "Dee"):
        remote = RemoteTable(FakeApp(), "/nonexistent", reader)  # type: ignore[arg-type]
        remote.tables = tables
        remote._chat(dict(line))
        (heard[reader],) = remote.chat["t1"]
    assert heard["Bob"] == ("Ann set up a rematch: the same table waits. r on the results, "
                            "or Enter on it in the lobby, sits you down.")
    assert heard["Ann"] == "You set up a rematch: the others are asked to sit down."
    # a watcher has no seat there: told where to watch it, not to sit down
    assert heard["Dee"] == "Ann set up a rematch: the same table waits in the lobby (w there watches it)."
    assert not any(said.startswith("Ann:") for said in heard.values())


def test_the_players_at_a_table_are_told_who_watches_it(monkeypatch):
    """Play-test: nobody knew a watcher was there until they talked. The
    hub's news of one arriving or going is a notice at the table."""
    remote = RemoteTable(FakeApp(), "/nonexistent", "Ann")  # type: ignore[arg-type]
    monkeypatch.setattr(remote, "table_on_screen", lambda: "t1")
    for news in ("watching", "stopped watching"):
        remote._seat_news({"table": "t1", "player": "Dee", "news": news})
    assert remote.app.notes == ["Dee is watching.", "Dee stopped watching."]  # type: ignore[attr-defined]


def test_a_player_who_quit_reads_apart_from_one_whose_connection_ended(monkeypatch):
    """qa-share3 F6: Ctrl+Q at the table read "Ann's connection ended.",
    as a killed terminal did; the hub marks a goodbye ``"bye": true``."""
    remote = RemoteTable(FakeApp(), "/nonexistent", "Bob")  # type: ignore[arg-type]
    monkeypatch.setattr(remote, "table_on_screen", lambda: "t1")
    remote._seat_news({"table": "t1", "player": "Ann", "news": "dropped", "bye": True})
    remote._seat_news({"table": "t1", "player": "Ann", "news": "dropped"})
    remote._seat_news({"table": "t1", "player": "Ann", "news": "dropped", "bye": "yes"})
    remote._seat_news({"table": "t1", "player": "Ann", "news": "something new"})  # let be
    assert remote.app.notes == [  # type: ignore[attr-defined]
        # (not "left the shared tables": read as gone for good, which is x)
        "Ann closed Overtable; their seat is kept.", "Ann's connection ended; their seat is kept.",
        "Ann's connection ended; their seat is kept."]
