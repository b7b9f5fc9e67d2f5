"""Overstocked actions: each is one atomic choice (see docs/architecture.md).

Field types are plain (ints, str enums) so journals (un)structure them with
cattrs.
"""

from __future__ import annotations

import attrs

from core.overstocked.cards import Incentive, Toy
from core.overstocked.state import Where

# --- a player's choices -------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Pick:
    """Choose crate card `card` from your hand, in secret, for this round."""

    card: int


@attrs.frozen
class ChooseQuantum:
    """Quantum Accounting: box your lowest card and play quantum card `card`."""

    card: int


@attrs.frozen(cache_hash=True)
class Place:
    """Place the piece in hand with its top-left space at (x, y), turned
    `rotation` quarter turns clockwise, into the popularity or your own
    warehouse. In phase FORKLIFT it places the top forklift token in your
    warehouse (rotation 0: lying flat, 1: standing)."""

    where: Where
    x: int
    y: int
    rotation: int


@attrs.frozen
class Mark:
    """Quantum Accounting: put an X next to `toy` on the score pad."""

    toy: Toy


@attrs.frozen
class TakeIncentive:
    """Pre-Order Incentives: take `token` from the centre (once a game)."""

    token: Incentive


@attrs.frozen
class Pass:
    """Decline what is offered: the forklift, an incentive token; or, when a
    card fits nowhere, return it to the box (OS-13)."""


@attrs.frozen
class Nominate:
    """Solo: the card slot (column, row) of the bot's next card, in cards
    from its first card (column +1 is to the right, row +1 below)."""

    column: int
    row: int


# --- chance outcomes ------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Deal:
    """The next crate card off the deck (where it goes follows the state)."""

    card: int


@attrs.frozen
class DrawForklift:
    """Setup: a face-down forklift token turned up (OS-6)."""

    value: int


ACTION_TYPES: tuple[type, ...] = (
    Pick,
    ChooseQuantum,
    Place,
    Mark,
    TakeIncentive,
    Pass,
    Nominate,
    Deal,
    DrawForklift,
)
