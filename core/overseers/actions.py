"""Overseers actions: each is one atomic choice (see docs/architecture.md).

A card in a hand or pack is named by its id (`card`); a card in front of a
seat by its index in that seat's slots (`slot`). Field types are plain so
journals (un)structure them with cattrs.
"""

from __future__ import annotations

import attrs

from core.overseers.cards import Character

# --- a player's choices -------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Pick:
    """Draft: keep `card` from the pack in hand (secret until all picked)."""

    card: int


@attrs.frozen(cache_hash=True)
class Place:
    """Placement: the cards of the top row, face up (ascending); the others
    go face down in the bottom row. One choice, so that nobody learns from
    how long a seat takes that it holds the orange character."""

    cards: tuple[int, ...]


@attrs.frozen
class Turn:
    """Purple: turn the card in `slot` sideways."""

    slot: int


@attrs.frozen
class Keep:
    """Gold: keep drawn `card` face down (the other goes back)."""

    card: int


@attrs.frozen
class Peek:
    """Meixiu: look at the face-down card in `slot` of `seat`."""

    seat: int
    slot: int


@attrs.frozen
class Copy:
    """Teal: put the card in `slot` face down under the card in `top`."""

    slot: int
    top: int


@attrs.frozen
class Vote:
    """Place your judgment token on `seat` (secret until all have voted)."""

    seat: int


@attrs.frozen
class Choose:
    """The Leader breaks a tie, or a seat picks a player: the accused, the
    highest score, the thief, whom to rob, Liang's target, the next Leader
    (the phase says which)."""

    seat: int


@attrs.frozen
class Deny:
    """Judgment: deny, and go to the Showdown."""


@attrs.frozen
class Admit:
    """Judgment: admit, and discard two of your cards."""


@attrs.frozen
class Discard:
    """Admit: discard the card in `slot`."""

    slot: int


@attrs.frozen
class LosePair:
    """Guilty (OV-4): lose the cards in slots `first` and `second`."""

    first: int
    second: int


@attrs.frozen
class Give:
    """Greed: give the thief the card in `slot`."""

    slot: int


@attrs.frozen
class Pass:
    """Greed: steal nothing (the steal is optional, OV-15)."""


# --- chance outcomes ------------------------------------------------------------


@attrs.frozen
class AssignLeader:
    """Set-up: the first Leader, at random."""

    seat: int


@attrs.frozen(cache_hash=True)
class Deal:
    """The next trait card dealt (to the seat whose turn it is in the deal)."""

    card: int


@attrs.frozen
class DealCharacter:
    """The next seat's character, at random."""

    character: Character


@attrs.frozen(cache_hash=True)
class Draw:
    """A card drawn at random from the discard pile."""

    card: int


#: the secret choices: the others see that one was made, not which, until
#: all have chosen (that reveal is learned, and ends what can be undone too)
SECRET: tuple[type, ...] = (Pick, Place, Vote)


def seen_by_others(state: object, seat: int, action: object) -> bool:
    """OV-27: every choice but a secret one is seen by the others as it is
    made (Purple's turn, Teal's copy, an admission, a card discarded or
    given, the Leader's choice): it cannot be taken back."""
    return not isinstance(action, SECRET)


ACTION_TYPES: tuple[type, ...] = (
    Pick,
    Place,
    Turn,
    Keep,
    Peek,
    Copy,
    Vote,
    Choose,
    Deny,
    Admit,
    Discard,
    LosePair,
    Give,
    Pass,
    AssignLeader,
    Deal,
    DealCharacter,
    Draw,
)
