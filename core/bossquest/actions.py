"""Boss Quest actions: each is one atomic choice (see docs/architecture.md)."""

from __future__ import annotations

from itertools import repeat

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
    """The spell in play (index into `State.active`) to cancel (BQ-11)."""

    index: int


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
    if not pool:
        return ()
    p = 1 / len(pool)
    try:
        # the decks' own instances (cards.weapons), found without hashing
        return tuple(zip(map(_DRAWS_BY_ID.__getitem__, map(id, pool)), repeat(p)))
    except KeyError:  # a card built elsewhere (a journal, a test): by value
        return tuple(zip(map(DRAWS.__getitem__, pool), repeat(p)))
