"""Helpers for the Boss Quest screen tests: a hand-made view, a fake table
that records what the screen submits, a tiny app that shows the screen, and
the screen as plain text."""

from __future__ import annotations

from core.bossquest import GAME
from core.bossquest.cards import Colour, Spell, SpellKind, Weapon
from core.bossquest.state import ActiveSpell, Hidden, Knight, Phase, RoundResult, State, Step
from tests import screen_kit
from tests.screen_kit import FakePort, screen_text
from tui.screens.bossquest import BossQuestScreen
from tui.screens.game import TableUpdate

NAMES = ("Ann", "Bob", "Cyd", "Dee")


def w(code: str) -> Weapon:
    return Weapon(Colour(code[0]), int(code[1:]))


#: Every knight's hidden card in the full state: Bob's, Cyd's and Dee's must
#: never reach Ann's screen.
HIDDEN = {0: "R6", 1: "Y7", 2: "P4", 3: "B7"}


def full_state(*, step: Step = Step.CHOOSE, turn: int = 0, casting: Spell | None = None,
               history: bool = True) -> State:
    """Round 2 of a 4-knight quest, mid-round (a hand-made table)."""
    base = GAME.setup(4, None)
    knights = (
        Knight(hearts=3, keys=1, hidden=Hidden(w(HIDDEN[0]), frozenset({0})),
               visible=(w("B3"), w("Y2"))),
        Knight(hearts=2, keys=0, hidden=Hidden(w(HIDDEN[1]), frozenset({1})),
               visible=(w("R5"), w("P1"), w("B2")), at_wizard=True, done=True),
        Knight(hearts=3, keys=2, hidden=Hidden(w(HIDDEN[2]), frozenset({2})),
               visible=(w("Y6"),)),
        Knight(hearts=1, keys=0, hidden=Hidden(w(HIDDEN[3]), frozenset({3})),
               visible=(w("R1"), w("R3"))),
    )
    used = {w(c) for c in HIDDEN.values()} | {wp for k in knights for wp in k.visible}
    deck = tuple(x for x in base.weapon_deck if x not in used)
    offer = (Spell(SpellKind.HP_PLUS_2), None, Spell(SpellKind.ATTACK_MINUS_2),
             Spell(SpellKind.NEED_COLOUR, Colour.BLUE))
    active = (ActiveSpell(Spell(SpellKind.HP_MINUS_1)),
              ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=1))
    results = ()
    if history:
        results = (RoundResult(
            round=1, boss=16, hp=17,
            equipment=((w("R2"), w("B6"), w("Y5")), (w("P7"), w("R7"), w("B4")),
                       (w("Y3"), w("P6"), w("R4"), w("B1")), (w("Y4"), w("P5"), w("R3"))),
            strengths=(13, 18, 14, 12), eliminated=("", "over", "", ""),
            winners=frozenset({2}), perfect=frozenset(), keys_gained=(1, 0, 1, 0),
            hearts_lost=(0, 1, 0, 0), spells=(), keys_after=(1, 0, 2, 0),
            hearts_after=(3, 2, 3, 3)),)
    return State(
        players=4, options=base.options, knights=knights, phase=Phase.TURN, round=2,
        armorer=3, turn=turn, step=step, dealt=8, boss=19,
        boss_deck=tuple(b for b in base.boss_deck if b not in (16, 19)), boss_discard=(16,),
        weapon_deck=deck, spell_deck=base.spell_deck, offer=offer, mystery=True,
        active=active, casting=casting, history=results,
    )


def make_update(state: State, seat: int | None = 0, *, thinking: int | None = None,
                log: tuple[str, ...] = ()) -> TableUpdate:
    to_act = GAME.to_act(state)
    legal = tuple(GAME.legal_actions(state, seat)) if seat in to_act and thinking is None else ()
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=seat, view=GAME.view(state, seat), legal=legal, to_act=to_act, names=NAMES,
        bots=frozenset({1, 2, 3}), log=log or (
            "Round 2: a Boss with 19 HP appears.",
            "Bob asks for 2 weapons.",
            "Bob receives P1.",
            "Bob goes to the Wizard.",
            "Bob activates Attack +1.",
            "Attack +1 goes on Bob.",
        ), thinking=thinking, can_undo=False,
    )


class ScreenApp(screen_kit.ScreenApp):
    """Shows one BossQuestScreen with a fixed update."""

    screen_class = BossQuestScreen


__all__ = ["FakePort", "ScreenApp", "full_state", "make_update", "screen_text", "w"]
