"""Helpers for the Overseers screen tests (no tests here): fixed tables,
an update for a seat, and a tiny app that shows the screen."""

from __future__ import annotations

from typing import Any

from core.overseers import GAME
from core.overseers.state import State
from tests import screen_kit
from tests.screen_kit import FakePort, screen_text, settle, settled_text
from tui.screens.game import TableUpdate
from tui.screens.overseers import OverseersScreen

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def make_update(state: State, seat: int | None = 0, *,
                log: tuple[str, ...] = ("Ann is given the Leader card.",),
                bots: frozenset[int] = frozenset({1, 2, 3})) -> TableUpdate:
    to_act = GAME.to_act(state)
    legal = ()
    if seat is not None and seat in to_act:
        legal = tuple(GAME.legal_actions(state, seat))
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=seat, view=GAME.view(state, seat),
        legal=legal, to_act=to_act, names=NAMES[: state.players], bots=bots, log=log,
        thinking=None, can_undo=False,
    )


class ScreenApp(screen_kit.ScreenApp):
    screen_class = OverseersScreen


async def run(update: TableUpdate, size: tuple[int, int] = (80, 24), keys=(),
              after: Any = None) -> tuple[list, str, Any]:
    """Show `update`, press `keys`; returns what was submitted, the text,
    and what `after(screen)` returns."""
    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        # a busy machine lays a refitted screen out over several frames
        text = await settled_text(app, pilot)
        got = after(app.game_screen) if after is not None else None
    return fake.submitted, text, got


__all__ = ["NAMES", "FakePort", "ScreenApp", "make_update", "run", "screen_text"]
