"""Build Boss Quest tables by hand for rule tests.

`table()` lays out a round in progress exactly as a test describes it, so a
test reads like the rulebook's own examples.
"""

from __future__ import annotations

import attrs

from core.bossquest import GAME, cards
from core.bossquest.cards import Colour, Spell, SpellKind, Weapon
from core.bossquest.state import ActiveSpell, Hidden, Knight, Options, Phase, State, Step
from core.engine import CHANCE, remove_one

R, B, Y, P, G = Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.PURPLE, Colour.GREEN


def w(code: str) -> Weapon:
    """`w("B5")` is the blue 5; `w("±2")` the potion ±2 (BQ-3)."""
    if code[0] == "±":
        return Weapon(None, int(code[1:]))
    return Weapon(Colour(code[0]), int(code[1:]))


def spell(kind: SpellKind, colour: Colour | None = None) -> Spell:
    return Spell(kind, colour)


def knight(
    hidden: str, *visible: str, hearts: int = 3, keys: int = 0, done: bool = False
) -> Knight:
    seat_unknown = frozenset()  # filled in by table()
    return Knight(
        hearts=hearts,
        keys=keys,
        hidden=Hidden(w(hidden), seat_unknown),
        visible=tuple(w(v) for v in visible),
        at_wizard=done,
        done=done,
    )


def table(
    knights: list[Knight],
    boss: int = 17,
    turn: int = 0,
    step: Step = Step.CHOOSE,
    offer: tuple[Spell | None, ...] = (),
    mystery: bool = True,
    active: tuple[ActiveSpell, ...] = (),
    armorer: int | None = None,
    options: Options | None = None,
) -> State:
    """A round in progress: the knights' cards as given, the rest in the decks."""
    n = len(knights)
    options = options or Options()
    base = GAME.setup(n, options)
    knights = [
        attrs.evolve(k, hidden=Hidden(k.hidden.weapon, frozenset({s}))) if k.hidden else k
        for s, k in enumerate(knights)
    ]
    deck = base.weapon_deck
    for k in knights:
        for card in ((k.hidden.weapon,) if k.hidden else ()) + k.visible:
            deck = remove_one(deck, card)
    spells = base.spell_deck
    in_play = [s for s in offer if s is not None] + [a.spell for a in active]
    for s in in_play:
        spells = remove_one(spells, s)
    if not offer:
        offer = tuple(spells[:n])
        spells = spells[n:]
    return attrs.evolve(
        base,
        knights=tuple(knights),
        phase=Phase.TURN,
        turn=turn,
        step=step,
        armorer=(turn - 1) % n if armorer is None else armorer,
        dealt=2 * n,
        boss=boss,
        boss_deck=remove_one(base.boss_deck, boss),
        weapon_deck=deck,
        spell_deck=spells,
        offer=offer,
        mystery=mystery,
        active=active,
    )


def play(state: State, seat: int, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def draw(state: State, *codes: str) -> State:
    """Resolve pending chance steps with these weapons, in order."""
    from core.bossquest.actions import DrawWeapon

    for code in codes:
        assert GAME.to_act(state) == {CHANCE}
        state = GAME.apply(state, CHANCE, DrawWeapon(w(code)))
    return state


def all_weapons(state: State) -> list[Weapon]:
    cards_ = [c for c in state.weapon_deck] + [t.weapon for t in state.deck_top]
    for k in state.knights:
        if k.hidden:
            cards_.append(k.hidden.weapon)
        cards_.extend(c.weapon for c in k.night)
        cards_.extend(k.visible)
    return cards_


def all_spells(state: State) -> list[Spell]:
    out = list(state.spell_deck) + list(state.spell_discard)
    out += [s for s in state.offer if s is not None] + [a.spell for a in state.active]
    if state.casting is not None:
        out.append(state.casting)
    if state.mystery_card is not None:
        out.append(state.mystery_card)
    out += list(state.duel_offer)
    return out


__all__ = [
    "B",
    "G",
    "GAME",
    "P",
    "R",
    "Y",
    "ActiveSpell",
    "Knight",
    "Options",
    "Phase",
    "Spell",
    "SpellKind",
    "State",
    "Step",
    "all_spells",
    "all_weapons",
    "cards",
    "draw",
    "knight",
    "play",
    "spell",
    "table",
    "w",
]


def first_final_boss_state(where, *, knights: int = 3, seeds: int = 200) -> State:
    """The first state, over random `knights`-knight matches with the Final
    Boss (seeds 0, 1, ...), for which `where(state)` holds."""
    import random

    for seed in range(seeds):
        rng = random.Random(seed)
        state = GAME.setup(knights, Options(final_boss=True))
        while GAME.outcome(state) is None:
            if where(state):
                return state
            seat = min(GAME.to_act(state))
            if seat == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
    raise AssertionError(f"no such state in {seeds} random matches")
