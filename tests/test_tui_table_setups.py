"""The shared tables' "New table" form's memory (tui/table_setups.py) read
as untrusted input: whatever the file holds, no name comes from it (the
first seat is the player's own bound name, the others open) and no value
of the wrong type stops the form."""

from __future__ import annotations

import json

import pytest

from tui import table_setups

HOSTILE = {
    "names where kinds are": {"seats": [["Ann\tB", None], ["\x1b[2J", "easy"]]},
    "numbers and lists": {"seats": [[5, ["x"]], [None, {"a": 1}]], "options": {},
                          "away_bot": [30]},
    "seats a text": {"seats": "human,bot"},
    "seats of one": {"seats": [["human"], ["bot", "easy", "more"]]},
    "options a list": {"seats": [["human", None], ["bot", "easy"]], "options": [1]},
    "away a text": {"seats": [["human", None], ["bot", "easy"]], "away_bot": "30"},
}


@pytest.mark.parametrize("setup", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_set_up_gives_no_name_and_no_crash(tmp_path, monkeypatch, setup):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = table_setups.setups_file("Ann")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"last": "overseers",
                                "games": {"overseers": {"last": 2, "2": setup}}}))
    kept = table_setups.last_setup("Ann", "overseers")
    if kept is not None:
        assert [p.name for p in kept.players] == ["Ann"] + [""] * (len(kept.players) - 1)
        assert all(isinstance(p.kind, str) for p in kept.players)
        assert kept.away_bot is None or isinstance(kept.away_bot, float)


@pytest.mark.parametrize("raw", [[1, 2], "text", 5, {"games": [1]},
                                 {"games": {"overseers": [2]}},
                                 {"games": {"overseers": {"last": [2], "2": {}}}}],
                         ids=["list", "text", "number", "games a list", "game a list",
                              "last a list"])
def test_a_hostile_memory_file_is_no_set_up(tmp_path, monkeypatch, raw):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = table_setups.setups_file("Ann")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(raw))
    assert table_setups.last_setup("Ann", "overseers") is None
    assert table_setups.last_game("Ann") is None
