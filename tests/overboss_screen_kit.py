"""Helpers for the Overboss Duel screen tests (no tests here): a hand-made
mid-game table, an update from one seat's side, a fake table that records
what the screen submits, a tiny app that shows the screen, and the screen as
plain text."""

from __future__ import annotations

from typing import Any

from core.overboss import GAME
from core.overboss.components import Boss, Token
from core.overboss.state import Lair, State, Step
from tests import screen_kit
from tests.overboss_tables import BANDIT, WOLF, YETI, I, P, R, S, T, table
from tests.screen_kit import FakePort, screen_text
from tui.screens.game import TableUpdate
from tui.screens.overboss import OverbossScreen

NAMES = ("Ann", "Bob")

#: the middle of a standard game, as seat 0 sees the board (row 0 = Bob's
#: back row); each square is terrain letter + token letter
MIDGAME = """
SK .. TH D.
.. RB PL ..
IY .. .. RB
.. T. .. ..
.. .. D. P.
IY IY .. SK
.. RB .. TW
D. .. PM ..
"""

LOG = (
    "Ann is dealt a secret Boss.",
    "Bob is dealt a secret Boss.",
    "Ann drafts pair 2: Icy Peak and Yeti.",
    "Ann places the Icy Peak on a3 (their side).",
    "Ann places a Yeti on a3 (their side).",
    "Ann ends their turn.",
    "Bob drafts pair 1: Road and Bandit.",
    "Bob places the Road on b7 (their side).",
    "Bob ends their turn.",
)


def midgame(*, step: Step = Step.DRAFT, turn: int = 0, **changes: Any) -> State:
    """A hand-made table in the middle of a game: King Croak (Ann) against
    Dr. Deadly (Bob), neither revealed."""
    lairs = changes.pop(
        "lairs",
        (
            Lair(waiting=(), crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=1),
            Lair(waiting=(Token.ROCKTOPUS,), crystals=(), spires=0, expended=0, heroes=0),
        ),
    )
    market = changes.pop("market", ((R, BANDIT), (I, YETI), (T, WOLF), (P, None)))
    return table(
        MIDGAME,
        step=step,
        turn=turn,
        lairs=lairs,
        market=market,
        bosses=changes.pop("bosses", (Boss.KING_CROAK, Boss.DR_DEADLY)),
        turns=changes.pop("turns", 17),
        **changes,
    )


#: a full board: the duel is over
FINAL = """
SK RB TH D.
IY RB PL SK
IY D. TW RB
SK T. PY IY
RB SK D. PM
IY IY TW SK
PL RB IY TW
D. TM PM S.
"""


def finished(**changes: Any) -> State:
    """The same duel at its end: the board is full. Ann revealed King Croak,
    Bob's Dr. Deadly is still face down."""
    return table(
        FINAL,
        step=Step.OVER,
        lairs=changes.pop("lairs", (
            Lair(crystals=(Token.SUNKEN_CITY_CRYSTAL,), spires=1, expended=1, heroes=2),
            Lair(crystals=(Token.ROAD_CRYSTAL,), spires=2, expended=0, heroes=1),
        )),
        market=changes.pop("market", ((R, BANDIT), (I, YETI), (None, None), (P, None))),
        bosses=(Boss.KING_CROAK, Boss.DR_DEADLY),
        revealed=changes.pop("revealed", (True, False)),
        turns=32,
        **changes,
    )


def tied_final() -> State:
    """A duel over, tied at 63 on Power, with Baron Hex's Crystals note: Bob
    wins on the tile score, 38 to 33 (OD-12)."""
    return table(FINAL.replace("\nIY D. TW RB", "\nSY D. TW RB", 1), step=Step.OVER,
                 lairs=(Lair(crystals=(Token.ROAD_CRYSTAL, Token.SUNKEN_CITY_CRYSTAL),
                             spires=1, expended=1, heroes=1),
                        Lair(crystals=(Token.TOWN_CRYSTAL,), spires=2, heroes=2)),
                 market=(), bosses=(Boss.BARON_HEX, Boss.DR_DEADLY), revealed=(True, False),
                 turns=32)


def make_update(state: State, seat: int | None = 0, *, thinking: int | None = None,
                log: tuple[str, ...] = LOG, can_undo: bool = False) -> TableUpdate:
    to_act = GAME.to_act(state)
    legal = tuple(GAME.legal_actions(state, seat)) if seat in to_act and thinking is None else ()
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=seat, view=GAME.view(state, seat), legal=legal, to_act=to_act, names=NAMES,
        bots=frozenset({1}), log=log, thinking=thinking, can_undo=can_undo,
    )


class ScreenApp(screen_kit.ScreenApp):
    """Shows one OverbossScreen with a fixed update."""

    screen_class = OverbossScreen




__all__ = ["FINAL", "LOG", "NAMES", "FakePort", "ScreenApp", "finished", "make_update", "midgame", "screen_text",
           "S"]
