"""Three people at one terminal (hot seat): a round's end is everyone's.

The play-test: Ann gave the last card of round 1 and drafts first in round
2, so no hand-over came between; the round's box ("Round 1 ended · Ann's
view", her score and secret total in it) opened over her round-2 view,
her new pack beside it, and Bea and Cal never saw how the round ended."""

from __future__ import annotations

import asyncio

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import screen_text
from tests.test_tui_overseers_match import choose_key
from tui.app import OvertableApp
from tui.screens.ending import EndingScreen
from tui.screens.handover import HandoverScreen
from tui.screens.overseers import OverseersScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

#: words only a person's own view shows (their score, total, character)
PRIVATE = ("your total", "Your character:", "Your round score", "(total ", "'s view")


async def test_each_round_end_is_shown_to_all_then_the_hand_over(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                                    PlayerSpec("Cal", "human")])
        for _ in range(3000):
            await pilot.pause()
            table = app.table
            if table.match.finished:
                break
            screen = app.screen
            if isinstance(screen, EndingScreen) and " ended" in screen.title_text:
                told.append(screen.title_text)
                text = screen_text(app)
                for private in PRIVATE:
                    assert private not in text, text
                # under it, no one's view: their new pack waits behind the cover
                assert table.screen.update.seat is None
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, HandoverScreen), screen_text(app)
                continue
            if isinstance(screen, (HandoverScreen, EndingScreen)):
                await pilot.press("enter")
                continue
            if not isinstance(screen, OverseersScreen) or not screen.update or not screen.update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
    # once each, for everyone (the third over the results)
    assert told == ["Round 1 ended · for everyone", "Round 2 ended · for everyone"]


async def test_a_vote_box_up_as_the_round_ends_stays_on_top(tmp_path, monkeypatch):
    """Ann read what the vote did while the bots played out the round: the
    vote's box stays up (no round's box swapped in under her Enter, its
    first lines the vote's again), and the round's end for all comes next."""
    from tests.screen_kit import wait_for

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                                    PlayerSpec("Cal", "bot", "random"),
                                    PlayerSpec("Dev", "bot", "random")])
        for _ in range(3000):
            await pilot.pause()
            screen, table = app.screen, app.table
            if isinstance(screen, EndingScreen) and "what the vote did" in screen.title_text:
                break
            if isinstance(screen, HandoverScreen):
                await pilot.press("enter")
            elif isinstance(screen, OverseersScreen) and screen.update and screen.update.legal:
                await pilot.press(choose_key(screen))
            else:
                await asyncio.sleep(0.01)
        # (seed 0: the bots end round 1 under the vote's box)
        await wait_for(pilot, lambda: table.match.state.round == 2 and table._telling)
        await pilot.pause()
        assert "Round 1: what the vote did" in app.screen.title_text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.title_text == "Round 1 ended · for everyone"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
