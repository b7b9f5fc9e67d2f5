"""Helpers for the Overstocked screen tests (no tests here): hand-made
tables, a fake table that records what the screen submits, a tiny app that
shows the screen, and the screen as plain text."""

from __future__ import annotations

from typing import Any

from core.overstocked import GAME
from core.overstocked.state import Options, Phase, State
from tests import screen_kit
from tests.overstocked_tables import area, pick_all, table
from tests.screen_kit import FakePort, screen_text, settle, settled_text
from tui.screens.game import TableUpdate
from tui.screens.overstocked import OverstockedScreen

NAMES = ("Ann", "Bob", "Cyd")

#: Bob's and Cyd's hands, and Bob's secret pick: never on Ann's screen.
ANN = [5, 12, 20, 24, 28, 37]
BOB = [31, 33, 36, 38, 40]
BOB_PICK = 42
CYD = [13, 17, 23, 27, 29, 39]


def pick_state(options: Options | None = None) -> State:
    """Round 1, choosing: Bob has chosen 42 in secret; Ann and Cyd choose."""
    state = table(
        [ANN, BOB, CYD],
        warehouses=[area((9, 0, 0, 0)), area((3, 0, 0, 0)), area((15, 0, 0, 0))],
        popularity=area((6, 0, 0, 0)),
        picks=[None, BOB_PICK, None],
        options=options,
    )
    return state


def place_state(options: Options | None = None) -> State:
    """Round 1 after the reveal: Ann (20) plays first, then Cyd, then Bob."""
    state = pick_state(options)
    return pick_all(state, {0: 20, 2: 27})


def make_update(state: State, seat: int | None = 0, *, thinking: int | None = None,
                log: tuple[str, ...] = ("The popularity starts with card 6 (·Yp/BBF).",),
                bots: frozenset[int] = frozenset({1, 2})) -> TableUpdate:
    to_act = GAME.to_act(state)
    legal = ()
    if seat is not None and seat in to_act and thinking is None:
        legal = tuple(GAME.legal_actions(state, seat))
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=seat, view=GAME.view(state, seat), legal=legal, to_act=to_act,
        names=NAMES[: state.players] if state.players <= 3 else tuple(
            f"P{s + 1}" for s in range(state.players)),
        bots=bots, log=log, thinking=thinking, can_undo=False,
    )


class ScreenApp(screen_kit.ScreenApp):
    """Shows one OverstockedScreen with a fixed update."""

    screen_class = OverstockedScreen


async def run(update: TableUpdate, size: tuple[int, int] = (80, 24), keys=(),
              before: Any = None, after: Any = None) -> tuple[list, str, Any]:
    """Show `update`, call `before(screen)`, press `keys`; returns what was
    submitted, the text, and what `after(screen)` returns."""
    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if before is not None:
            before(app.game_screen)
            await pilot.pause()
        for key in keys:
            await pilot.press(key)
        # a busy machine lays a refitted screen out over several frames
        text = await settled_text(app, pilot)
        got = after(app.game_screen) if after is not None else None
    return fake.submitted, text, got


__all__ = [
    "ANN",
    "BOB",
    "BOB_PICK",
    "CYD",
    "NAMES",
    "FakePort",
    "Phase",
    "ScreenApp",
    "make_update",
    "pick_state",
    "place_state",
    "run",
    "screen_text",
]
