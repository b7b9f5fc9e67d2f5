"""The final table of every game offers the results' Rematch on the same
key, r, with the same word (a play-test: only Overboss Duel's did; r on the
others' final table did nothing, or opened Overseers' last round)."""

from __future__ import annotations

import random
import re

import pytest

from core import GAMES
from core.engine import CHANCE
from tests.screen_kit import FakePort, ScreenApp, screen_text, settle, wait_for
from tui.screens.bossquest import BossQuestScreen
from tui.screens.game import GameScreen, TableUpdate
from tui.screens.overboss import OverbossScreen
from tui.screens.overseers import OverseersScreen
from tui.screens.overstocked import OverstockedScreen

SCREENS = {"overboss-duel": OverbossScreen, "overstocked": OverstockedScreen,
           "overseers": OverseersScreen, "boss-quest": BossQuestScreen}
NAMES = ("Ann", "Bob", "Cy")


def finished_update(game_id: str, seat: int | None, seed: int = 1) -> TableUpdate:
    """`game_id`'s match played at random to its end, from `seat`'s side."""
    game = GAMES[game_id]
    players = max(2, game.players.start)
    state = game.setup(players, game.Options())
    rng = random.Random(seed)
    while game.outcome(state) is None:
        to_act = game.to_act(state)
        if CHANCE in to_act:
            outcomes = game.chance_outcomes(state)
            (action,) = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])
            state = game.apply(state, CHANCE, action)
        else:
            acting = min(to_act)
            state = game.apply(state, acting, rng.choice(game.legal_actions(state, acting)))
    return TableUpdate(game=game_id, outcome=game.outcome(state), seat=seat,
                       view=game.view(state, seat), legal=(), to_act=frozenset(),
                       names=NAMES[:players], bots=frozenset(), log=())


class SharedPort(FakePort):
    """A shared table's port: the hub answers later."""

    answers_later = True


class FinalTableApp(ScreenApp):
    """A game's final table; counts the rematches asked for (`App.rematch`)."""

    def __init__(self, screen_class: type[GameScreen], update: TableUpdate,
                 port: FakePort | None = None) -> None:
        self.screen_class = screen_class
        super().__init__(update, port)
        self.rematches = 0

    def rematch(self) -> None:
        self.rematches += 1


@pytest.mark.parametrize("game_id", sorted(SCREENS))
async def test_r_on_every_final_table_is_the_rematch(game_id):
    app = FinalTableApp(SCREENS[game_id], finished_update(game_id, seat=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.game_screen.update is not None)
        await settle(pilot)
        screen = app.game_screen
        (binding,) = [b for b in screen._bindings.key_to_bindings["r"] if b.action == "rematch"]
        assert binding.description == "Rematch"  # the results' word for it
        # the prompt names it, first of the final table's keys
        said = " ".join(screen_text(app).split())
        assert re.search(r"\br:? rematch · b:? (the )?results", said), said
        await pilot.press("r")
        await wait_for(pilot, lambda: app.rematches == 1)


@pytest.mark.parametrize("game_id", sorted(SCREENS))
async def test_a_watcher_of_a_shared_final_table_has_no_rematch(game_id):
    """As on the results, which offer a watcher none."""
    app = FinalTableApp(SCREENS[game_id], finished_update(game_id, seat=None), SharedPort())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.game_screen.update is not None)
        await settle(pilot)
        assert "rematch" not in screen_text(app).lower()
        await pilot.press("r")
        # said, not silent (Overseers' r opens the last round's end instead)
        if game_id != "overseers":
            await wait_for(pilot, lambda: any("b shows the results" in n.message
                                              for n in app._notifications))
        await settle(pilot)
        assert app.rematches == 0
