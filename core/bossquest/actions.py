"""Boss Quest actions: each is one atomic choice (see docs/architecture.md)."""

from __future__ import annotations

from collections import Counter
from itertools import repeat
from operator import is_
from typing import Any

import attrs

from core.bossquest import cards
from core.bossquest.cards import Companion, Spell, Weapon

# --- a knight's choices -----------------------------------------------------


@attrs.frozen
class Ask:
    """Ask the Armorer for `count` weapons (1-4), dealt face up."""

    count: int


@attrs.frozen
class GoToWizard:
    """Stop equipping; meet the Wizard (final for the round)."""


@attrs.frozen
class Activate:
    """Activate the face-up spell in Wizard slot `slot`."""

    slot: int


@attrs.frozen
class Discard:
    """Discard the face-up spell in Wizard slot `slot` unused."""

    slot: int


@attrs.frozen
class ActivateMystery:
    """Activate the face-down mystery spell blind (BQ-7)."""


@attrs.frozen
class DiscardMystery:
    """Discard the face-down mystery spell blind (BQ-7)."""


@attrs.frozen
class LetPass:
    """Bolder knights (two knights): use no spell while the other equips."""


@attrs.frozen
class TargetKnight:
    """The knight a dark spell is placed on (or swaps hidden weapons with)."""

    seat: int


@attrs.frozen
class TargetWeapon:
    """One's own weapon to swap with the top of the weapon deck (BQ-10)."""

    weapon: Weapon


@attrs.frozen
class ReadPotion:
    """Read the potion just received (or revealed) as +value or -value."""

    sign: int


@attrs.frozen
class TargetPotion:
    """The face-up potion of knight `seat` whose reading flips (BQ-3)."""

    seat: int
    weapon: Weapon


@attrs.frozen
class PeekHidden:
    """The Owl: look at knight `seat`'s hidden weapon (once per round)."""

    seat: int


@attrs.frozen
class PeekMystery:
    """The Owl: look at the mystery spell (once per round)."""


@attrs.frozen
class ReplaceSpell:
    """The Raven: replace the spell in Wizard slot `slot` with the top of
    the spell deck (once per round, on one's turn)."""

    slot: int


@attrs.frozen
class EndTurn:
    """The Hare: end the turn after the weapons, without meeting the Wizard."""


@attrs.frozen
class SwapCompanions:
    """The companion spell: swap two companions, in play or in reserve."""

    first: Companion
    second: Companion


@attrs.frozen
class DuelAsk:
    """Final Boss: the champion asks for `count` weapons, face down."""

    count: int


@attrs.frozen
class Fight:
    """Final Boss: the champion goes into combat and reveals the weapons."""


@attrs.frozen
class DuelSpell:
    """Final Boss: the defeated knights activate the drawn spell `index`."""

    index: int


@attrs.frozen
class Sacrifice:
    """Final Boss: sacrifice `hearts` hearts, +1 attack strength each."""

    hearts: int


@attrs.frozen
class AssignTo:
    """Solo Quest: give the weapons just drawn, and the top spell, to Boss
    `boss` of the wave."""

    boss: int


@attrs.frozen
class PlayPersonal:
    """Solo Quest: play personal spell `spell` on Boss `boss` of the wave."""

    spell: Spell
    boss: int


@attrs.frozen
class Resolve:
    """Solo Quest: face the wave's Bosses; at the final assault, `adjust` is
    the hearts discarded for +1 each (negative: -1 each)."""

    adjust: int = 0


@attrs.frozen
class DealCompanion:
    companion: Companion


@attrs.frozen
class TargetSpell:
    """The spell in play (index into `State.active`) to cancel (BQ-11). In
    the Solo Quest, spell `index` of Boss `boss` of the wave; None is the
    Boss the turn gave Cancel to (`State.solo_target`), as journals saved
    before Cancel reached every Boss (BQ-40) recorded it."""

    index: int
    boss: int | None = None


# --- chance outcomes --------------------------------------------------------


@attrs.frozen
class RevealBoss:
    hp: int


@attrs.frozen
class LaySpell:
    spell: Spell


@attrs.frozen
class RevealSpell:
    """The mystery spell turns out to be `spell`."""

    spell: Spell


@attrs.frozen
class DrawWeapon:
    weapon: Weapon


ACTION_TYPES: tuple[type, ...] = (
    Ask,
    GoToWizard,
    Activate,
    Discard,
    ActivateMystery,
    DiscardMystery,
    LetPass,
    TargetKnight,
    TargetWeapon,
    TargetSpell,
    ReadPotion,
    TargetPotion,
    PeekHidden,
    PeekMystery,
    ReplaceSpell,
    EndTurn,
    SwapCompanions,
    DealCompanion,
    AssignTo,
    PlayPersonal,
    Resolve,
    DuelAsk,
    Fight,
    DuelSpell,
    Sacrifice,
    RevealBoss,
    LaySpell,
    RevealSpell,
    DrawWeapon,
)


#: One DrawWeapon per card, built once (listing draws is the playouts' hot
#: path), by card and by the identity of the decks' own card instances.
DRAWS = {w: DrawWeapon(w) for w in cards.weapons(True, potions=True)}
_DRAWS_BY_ID = {id(w): d for w, d in DRAWS.items()}


def weapon_draws(pool: tuple[Weapon | None, ...]) -> tuple[tuple[DrawWeapon, float], ...]:
    """Chance outcomes for drawing one of `pool`'s cards (each card is unique,
    BQ-2), in the pile's order."""
    n = len(pool)
    if not n:
        return ()
    pairs = _PAIRS.get(n)
    if pairs is None:
        pairs = _PAIRS[n] = {i: (d, 1 / n) for i, d in _DRAWS_BY_ID.items()}
    try:
        # the decks' own instances (cards.weapons), found without hashing,
        # each with its (draw, 1/n) pair built once
        return tuple(map(pairs.__getitem__, map(id, pool)))
    except KeyError:  # a card built elsewhere (a journal, a test): by value
        return tuple(zip(map(DRAWS.__getitem__, pool), repeat(1 / n)))


#: by the size of the pile: each card's (draw, probability) pair
_PAIRS: dict[int, dict[int, tuple[DrawWeapon, float]]] = {}

#: one RevealBoss per Boss card (their HP), for `chance_pool`
REVEAL_BOSSES: dict[Any, object] = {
    hp: RevealBoss(hp) for hp in (*cards.BOSSES, cards.ULUL, cards.MEGABOSS)
}


def weapon_pool(state: Any) -> tuple[Any, dict[Any, DrawWeapon]] | None:
    """A `chance_pool` for a weapon drawn off the deck (every weapon is
    unique, BQ-2, as `weapon_draws` lists them), the game's and the Solo
    Quest's; None when the top card is known (one outcome)."""
    if state.deck_top and state.deck_top[0].weapon is not None:
        return None
    return (state.weapon_deck if state.unseen is None else state.unseen), DRAWS


def boss_pool(deck: tuple[Any, ...]) -> tuple[Any, dict[Any, object]] | None:
    """A `chance_pool` for a Boss turned off `deck`: the Boss cards (their
    HP) are unique, as `uniform_draws` lists them, each once at 1 / the
    deck's size in the deck's order; None if a deck repeats one."""
    if len(set(deck)) != len(deck):
        return None
    return deck, REVEAL_BOSSES


def _by_identity(table: dict[Any, Any]) -> dict[int, Any]:
    return {id(card): value for card, value in table.items()}


LAYS = {s: LaySpell(s) for s in cards.SPELLS}
REVEALS = {s: RevealSpell(s) for s in cards.SPELLS}
_LAYS_BY_ID = _by_identity(LAYS)
_REVEALS_BY_ID = _by_identity(REVEALS)


def spell_draws(pool: tuple[Spell, ...], reveal: bool = False) -> tuple[tuple[Any, float], ...]:
    """Chance outcomes for drawing one of `pool`'s spells (LaySpell, or
    RevealSpell when `reveal`): equal cards merged, their probabilities
    summed, in the order of the pile (as `core.engine.uniform_draws`)."""
    if not pool:
        return ()
    total = len(pool)
    # the decks' own instances (cards.spells): equal cards are one object;
    # counted in a plain loop (a Counter's set-up costs more than the count)
    copies: dict[int, int] = {}
    for i in map(id, pool):
        copies[i] = copies.get(i, 0) + 1
    counts = copies.items()
    pairs = _SPELL_PAIRS.get((reveal, total))
    if pairs is None:
        by_id = _REVEALS_BY_ID if reveal else _LAYS_BY_ID
        pairs = _SPELL_PAIRS[reveal, total] = {
            (i, n): (draw, n / total) for i, draw in by_id.items() for n in range(1, 4)
        }
    try:
        # each (card, copies) pair's outcome built once per pile size
        return tuple(map(pairs.__getitem__, counts))
    except KeyError:  # a card built elsewhere, or more copies than a deck holds
        pass
    by_id = _REVEALS_BY_ID if reveal else _LAYS_BY_ID
    try:
        return tuple((by_id[i], n / total) for i, n in counts)
    except KeyError:  # a card built elsewhere: by value
        kind = RevealSpell if reveal else LaySpell
        counts = Counter(pool)
        return tuple((kind(s), n / total) for s, n in counts.items())


#: by (reveal, the pile's size): each (card's id, copies)'s outcome pair
_SPELL_PAIRS: dict[tuple[bool, int], dict[tuple[int, int], tuple[Any, float]]] = {}


def index_of(pile: tuple[Any, ...], card: Any) -> int:
    """`pile.index(card)`, looking for the very instance first (a deck's own
    card) so that no card's `__eq__` runs; ValueError when absent."""
    # a loop of `is` beats building a list of them for a few dozen cards
    for i, c in enumerate(pile):
        if c is card:
            return i
    return pile.index(card)


def position(pile: tuple[Any, ...], card: Any) -> int:
    """`index_of(pile, card)`, or -1 when absent: one pass that finds and
    checks a draw (a loop of `is` beats building a list of them for the
    decks' few dozen cards)."""
    for i, c in enumerate(pile):
        if c is card:
            return i
    try:
        return pile.index(card)
    except ValueError:
        return -1


def take(pile: tuple[Any, ...], card: Any) -> tuple[Any, ...]:
    """`pile` without one copy of `card` (`core.engine.remove_one`)."""
    i = index_of(pile, card)
    return pile[:i] + pile[i + 1 :]


def holds(pile: tuple[Any, ...], card: Any) -> bool:
    """`card in pile`, the very instance looked for first."""
    return any(map(is_, pile, repeat(card))) or card in pile


def among(legal: tuple[Any, ...], action: Any) -> bool:
    """`action in legal`, the very instance looked for first (the rules list
    the same action objects each time: `ASK`, `GO_TO_WIZARD`...)."""
    return any(map(is_, legal, repeat(action))) or action in legal


def remember_last(legal_actions: Any) -> Any:
    """`legal_actions` remembering its last answer, for the very state object
    it was asked about (held, so its identity cannot be reused): `apply`
    checks an action against the list its caller has just been given. The
    states are immutable, so the answer cannot have changed."""
    last: list[Any] = [(None, None, ())]

    def remembered(state: Any, seat: int) -> tuple[Any, ...]:
        was = last[0]
        if was[0] is state and was[1] == seat:
            return was[2]
        legal = legal_actions(state, seat)
        last[0] = (state, seat, legal)
        return legal

    remembered.__doc__ = legal_actions.__doc__
    remembered.__wrapped__ = legal_actions  # type: ignore[attr-defined]
    return remembered


# The actions the rules list, built once (see `among`).
ASK = tuple(Ask(n) for n in range(10))
DUEL_ASK = tuple(DuelAsk(n) for n in range(10))
ACTIVATE = tuple(Activate(n) for n in range(8))
DISCARD = tuple(Discard(n) for n in range(8))
TARGET_KNIGHT = tuple(TargetKnight(n) for n in range(8))
ASSIGN_TO = tuple(AssignTo(n) for n in range(4))
SACRIFICE = tuple(Sacrifice(n) for n in range(8))
GO_TO_WIZARD = GoToWizard()
END_TURN = EndTurn()
ACTIVATE_MYSTERY = ActivateMystery()
DISCARD_MYSTERY = DiscardMystery()
LET_PASS = LetPass()
FIGHT = Fight()
