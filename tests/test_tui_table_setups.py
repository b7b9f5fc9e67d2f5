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


def test_the_options_a_table_left_out_are_kept_with_its_set_up(tmp_path, monkeypatch):
    """A Solo Quest set up at the shared tables with Potions ticked at 2
    knights keeps Potions beside the set-up, for the form to offer again
    (tui/kept_options.py); a hand-edited "kept" that is not an object is
    none."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    table_setups.remember("Ann", "boss-quest", [("human", None)], {}, None,
                          {"potions": True, "ulul": "night"})
    kept = table_setups.last_setup("Ann", "boss-quest")
    assert kept is not None and kept.kept == {"potions": True, "ulul": "night"}
    path = table_setups.setups_file("Ann")
    data = json.loads(path.read_text())
    data["games"]["boss-quest"]["1"]["kept"] = ["potions"]
    path.write_text(json.dumps(data))
    assert table_setups.last_setup("Ann", "boss-quest").kept == {}
