"""Leaving a match with q, in every game, goes home without an error: the
footer's number keys were read again (`refresh_bindings`) as the game screen
was taken down, asked its widgets for them, found none and the app stopped
with NoMatches (Overstocked, play-test at 160x48: q at a card choice)."""

from __future__ import annotations

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import wait_for
from tui.app import OvertableApp
from tui.screens.game import GameScreen
from tui.screens.home import HomeScreen

SEATS = {
    "overstocked": ["human", "bot", "bot"],
    "boss-quest": ["human", "bot", "bot"],
    "overboss-duel": ["human", "bot"],
    "overseers": ["human", "bot", "bot"],
}


@pytest.mark.parametrize("game", sorted(SEATS))
@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
async def test_q_leaves_a_match_for_home_without_an_error(game, size, tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=4, theme_name="textual-dark")
    async with app.run_test(size=size) as pilot:
        app.new_match(game, [PlayerSpec(n, kind, None if kind == "human" else "random")
                             for n, kind in zip(("Ann", "Bob", "Cyd"), SEATS[game], strict=False)])
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        for _ in range(5):
            await pilot.pause()
        assert app.is_running and app.return_code in (None, 0)
