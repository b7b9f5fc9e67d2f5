"""Overboss Duel actions: each is one atomic choice (see docs/architecture.md).

Squares are ints (``row * 4 + col``, see `core.overboss.board`); market
places are 0-3. The step in `State.step` says which of these are asked for.
"""

from __future__ import annotations

import attrs

from core.overboss.components import Boss, Terrain, Token

# --- the player's choices ----------------------------------------------------


@attrs.frozen
class Draft:
    """Take market pair `slot` (its tile and its token)."""

    slot: int


@attrs.frozen
class PlaceTile:
    """Put the drafted tile on open square `square` (either half)."""

    square: int


@attrs.frozen
class Slide:
    """Move the tile on `src` (and its token) to the empty square `dst` in a
    straight line: orthogonal for an Icy Peak or Queen Rimefang."""

    src: int
    dst: int


@attrs.frozen
class UseSpire:
    """Expend a Spire to move the tile on `src` diagonally to `dst`."""

    src: int
    dst: int


@attrs.frozen
class SwapTokens:
    """Road: swap the tokens on squares `a` and `b` (a < b)."""

    a: int
    b: int


@attrs.frozen
class SpawnHero:
    """Town spawning (OD-6): the Town on `town` spawns a hero on `square`
    (the Town itself, or a neighbour when the Town holds a hero)."""

    town: int
    square: int


@attrs.frozen
class RefreshSpire:
    """Sunken City: turn one of your expended Spires back up."""


@attrs.frozen
class PlaceToken:
    """Put a `token` (the drafted one, or a monster/miniboss waiting in your
    lair) on the tile at `square`."""

    token: Token
    square: int


@attrs.frozen
class RevealBoss:
    """Turn your Boss card face up and use its reveal ability (once a game)."""


@attrs.frozen
class Destroy:
    """King Croak: destroy the tile on `square`; the Dungeon of market place
    `slot` takes its place."""

    square: int
    slot: int


@attrs.frozen
class Poison:
    """Belladonna: return the token on `square` (monster or miniboss to the
    bag, hero to the supply)."""

    square: int


@attrs.frozen
class TakeToken:
    """Baron Hex: take the token of market place `slot` into your lair."""

    slot: int


@attrs.frozen
class Slay:
    """Warlord Grimtusk: slay the hero on `square` (it goes to your lair)."""

    square: int


@attrs.frozen
class Skip:
    """Decline the optional effect of this step."""


@attrs.frozen
class EndTurn:
    """End the turn (OD-7); the market is restocked."""


# --- chance outcomes ---------------------------------------------------------


@attrs.frozen
class DealBoss:
    """The next seat's secret Boss card."""

    boss: Boss


@attrs.frozen
class DrawTile:
    """The next empty market place gets a `tile` from the stack."""

    tile: Terrain


@attrs.frozen
class DrawToken:
    """A token from the bag: to the next market place, or (Spawning Pool) to
    the placer's lair."""

    token: Token


ACTION_TYPES: tuple[type, ...] = (
    Draft,
    PlaceTile,
    Slide,
    UseSpire,
    SwapTokens,
    SpawnHero,
    RefreshSpire,
    PlaceToken,
    RevealBoss,
    Destroy,
    Poison,
    TakeToken,
    Slay,
    Skip,
    EndTurn,
    DealBoss,
    DrawTile,
    DrawToken,
)
