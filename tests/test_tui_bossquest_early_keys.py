"""A key pressed before one's turn makes no move later (one terminal, a
person against bots). A play-test reported a `w` (to the Wizard: no more
weapons this round, BQ §2A) typed while a bot took its turn as kept and
played when the person's turn came. Nothing keeps it: the screen refuses
the key while the turn is another's ("Not now: w goes to the Wizard on
your turn…") and sends nothing, and the table runs no queue of a
person's keys. Pinned here through the real app and table, with the bots
deciding only when the test lets them, and also for `1 w` typed in one
burst (the w reaching the screen straight after the ask, nothing run between)."""

from __future__ import annotations

import pytest

from core.bossquest.actions import GoToWizard
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import record_notices, wait_for
from tests.test_tui_bot_hold import Gated, app, quick_keys  # noqa: F401 (the fixture)
from tui.games import screen_class
from tui.table import Table

ANN = 1  # Bram (bot), Ann (a person), Cora (bot)
NOT_NOW = "Not now: w goes to the Wizard on your turn, instead of asking for weapons."


@pytest.mark.parametrize("burst", [False, True])
async def test_a_w_pressed_before_ones_turn_goes_nowhere_later(app, tmp_path, burst):  # noqa: F811
    gated = Gated()
    match = Match.new("boss-quest", [PlayerSpec("Bram", "bot", "heuristic"),
                                     PlayerSpec("Ann", "human"),
                                     PlayerSpec("Cora", "bot", "heuristic")],
                      directory=tmp_path)
    table = Table(match, bot_delay=0.0, seed=1, bot_factory=gated.factory)
    app.table = table
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await table.start(app, screen_class("boss-quest"))
        screen = table.screen

        def anns_turn() -> bool:
            return screen.update is not None and GoToWizard() in screen.update.legal

        gated.answer(100)  # the bots before Ann
        await wait_for(pilot, anns_turn)
        gated.permits = type(gated.permits)(0)  # from here each bot decision waits
        entered = gated.entered
        if burst:
            quick_keys(app, "1", "w")
        else:
            await pilot.press("1")
        await wait_for(pilot, lambda: gated.entered > entered)
        assert screen.update.thinking is not None and not screen.update.legal
        if not burst:
            await pilot.press("w")
        await wait_for(pilot, lambda: NOT_NOW in notices)
        moves = len(match.history)
        gated.answer(100)  # the bots' turns, then Ann's again
        await wait_for(pilot, lambda: anns_turn() and len(match.history) > moves)
        for _ in range(10):
            await pilot.pause(0.02)
        assert anns_turn(), match.log()[-3:]
        assert (ANN, GoToWizard()) not in match.history, match.log()[-4:]
        table.close()
