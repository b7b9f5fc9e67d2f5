"""Saved matches' Details, of a match left with a box up, unread.

Play-test: after leaving from Overseers' round 1 end box (q keeps it
unread), Details said "Stopped at: Ann, Bram, Cora and Dev to play,
round 2", while Continue reopened round 1's end box first. Details says
the unread box comes first, from what is kept beside the journal (read as
untrusted); and likewise for Boss Quest's unread combat."""

from __future__ import annotations

import json

import pytest

from saves.journal import PlayerSpec
from saves.store import HERE_SUFFIX, list_matches
from tests.screen_kit import wait_for
from tests.test_tui_bossquest_resume import play_to_the_first_combat
from tests.test_tui_overseers_boxes import ALONE, play_to_the_round_end
from tui.app import OvertableApp
from tui.screens.home import HomeScreen
from tui.screens.saved import stopped_text

pytestmark = pytest.mark.usefixtures("brisk_idle")


async def left_at_the_box(app, pilot):
    """q over the box: home, the box kept unread; the match's listing."""
    path = app.table.match.path
    await pilot.press("q")
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    [saved] = [s for s in list_matches(replay=True) if s.path == path]
    return saved


async def test_overseers_round_end_left_unread_is_said_first(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_round_end(app, pilot, ALONE)
        saved = await left_at_the_box(app, pilot)
        said = stopped_text(saved)
        assert said.startswith("the end of round 1 (unread), then "), said
        assert "round 2" in said.partition(", then ")[2], said
        here = saved.path.with_suffix(HERE_SUFFIX)
        kept = json.loads(here.read_text())
        # put away (Enter, then q): Details says nothing of it
        here.write_text(json.dumps({**kept, "put_away": {"rounds": 1}}))
        [again] = [s for s in list_matches(replay=True) if s.path == saved.path]
        assert "unread" not in stopped_text(again)
        # read as untrusted: a count of another type, or a damaged file, is
        # nothing kept
        for damaged in (json.dumps({**kept, "put_away": {"rounds": False}}),
                        json.dumps({**kept, "put_away": {"rounds": "0"}}),
                        json.dumps({**kept, "put_away": [0]}), "{", "\x00" * 10):
            here.write_text(damaged)
            [again] = [s for s in list_matches(replay=True) if s.path == saved.path]
            assert "unread" not in stopped_text(again), damaged


async def test_boss_quest_combat_left_unread_is_said_first(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"),
                                     PlayerSpec("Bob", "bot", "heuristic"),
                                     PlayerSpec("Cyd", "bot", "heuristic")])
        await play_to_the_first_combat(app, pilot)
        assert app.screen.holds_the_table
        saved = await left_at_the_box(app, pilot)
        said = stopped_text(saved)
        assert said.startswith("the combat of round 1 (unread), then "), said
