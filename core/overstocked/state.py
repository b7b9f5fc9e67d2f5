"""Overstocked state: one immutable record of the whole table.

The model, for rules, bots and screens:

- `State.popularity` and each `Player.warehouse` are `Area`s: the stack of
  pieces placed there, bottom first (`Area.placed`). What shows is derived
  (`Area.grid`: the visible space at each (x, y); `Area.owner`: which piece
  shows there, for drawing card edges).
- A round: every seat owes a secret `Pick` (phase PICK; `Player.picked` is
  public, `Player.pick` is hidden from the others until the last pick). The
  last pick reveals all: `State.revealed` is the round's whole turn order
  with each seat's card, `State.order` the seats still to take their turn
  this round, lowest card first; `order[0]` is the seat acting.
- A turn: QUANTUM (the lowest card is swapped for a quantum card, with
  Quantum Accounting) -> PLACE -> MARK (an X quantum card) -> FORKLIFT ->
  INCENTIVE, the last three only when they apply (OS-14).
- Solo (OS-8, OS-19): seat 1 is the rules' bot; after the human's turn the
  human NOMINATEs a spot and CHANCE draws the bot's card (BOT_DRAW).
- The deck is unordered; CHANCE deals from it (DEAL, following
  `rules.schedule`).

A view (`rules.view`) is the same type with what a seat may not know set to
``None`` (other hands, other secret picks, the deck) and `unseen` listing
every card that could fill those gaps.

For screens: `rules.piece_in_hand(state)` is the piece the seat in turn is
placing (its faces: `cards.spaces`); `Area.why_not(x, y, rotation, piece)`
says why a ghost may not lie there ("covers a worker", "covers 3 toys"),
`Area.card_spots()` lists every legal (x, y, rotation) of a card, and
`rules.placements(state, seat)` the legal `Place` actions. `GAME.sheet(state)`
(`scoring.ScoreSheet`) is the score sheet: the live preview mid-game, with
every toy's two areas, the negative toy, halving, incentives and forklifts.
`core.overstocked.table_facts` (offered as `GAME.<name>`) has the other
facts a screen shows: the turn order, covered toys, the solo bot's seat and
slots.
"""

from __future__ import annotations

import enum
import operator
from bisect import bisect_left
from functools import cache, cached_property
from itertools import compress, repeat

import attrs

from core.overstocked import cards
from core.overstocked.cards import (
    BLOCKED,
    COVERABLE,
    Incentive,
    Piece,
    Toy,
    footprint,
    key_spaces,
    xy,
)


@attrs.frozen
class Options:
    """The rulebook's standard game; every field is one of its additions.

    The advanced variant and the three mini-expansions combine freely. Solo
    (2 seats: the human and the rules' bot, OS-19) refuses all of them, as
    printed.
    """

    #: Advanced Variant: your largest warehouse toy scores half.
    advanced: bool = attrs.field(
        default=False, metadata={"label": "Advanced variant: your largest toy area scores half"}
    )
    #: Pre-Order Incentives.
    incentives: bool = attrs.field(default=False, metadata={"label": "Pre-Order Incentives"})
    #: Industrial Mechanisation (forklift tokens, OS-6, OS-16).
    forklifts: bool = attrs.field(
        default=False, metadata={"label": "Industrial Mechanisation (forklifts)"}
    )
    #: Quantum Accounting (quantum crate cards, OS-7, OS-17).
    quantum: bool = attrs.field(
        default=False, metadata={"label": "Quantum Accounting (quantum crates)"}
    )
    #: Solo mode against the bot (OS-8): seat 0 plays, seat 1 is the bot.
    solo: bool = attrs.field(
        default=False,
        metadata={"label": "Solo against the rulebook's bot (2 seats: you, then the bot)"},
    )


class Phase(enum.StrEnum):
    DEAL = "deal"  # CHANCE: the next card or forklift of the setup schedule
    PICK = "pick"  # every seat that has not picked chooses a card in secret
    QUANTUM = "quantum"  # order[0] (lowest card) takes a quantum card instead
    PLACE = "place"  # order[0] places its card (or quantum card)
    MARK = "mark"  # order[0] puts an X next to a toy (an X quantum card)
    FORKLIFT = "forklift"  # order[0] may take and place the top forklift
    INCENTIVE = "incentive"  # order[0] may take an incentive token
    NOMINATE = "nominate"  # solo: the human nominates the bot's next spot
    BOT_DRAW = "bot-draw"  # solo, CHANCE: the top card of the bot deck
    OVER = "over"


class Where(enum.StrEnum):
    """Where a piece goes: the shared popularity or one's own warehouse."""

    POPULARITY = "popularity"
    WAREHOUSE = "warehouse"


@attrs.frozen(cache_hash=True)
class Placed:
    """One piece lying in an area: its top-left space and rotation."""

    piece: Piece
    number: int  # crate card 1-43, quantum card 1-6, or forklift value 1-6
    x: int
    y: int
    rotation: int  # quarter turns clockwise (0-3; a forklift 0-1)

    def __lt__(self, other: Placed) -> bool:
        return (self.piece, self.number) < (other.piece, other.number)

    @property
    def size(self) -> tuple[int, int]:
        return cards.size(self.piece, self.rotation)

    def spaces(self) -> tuple[tuple[int, int, str], ...]:
        """(x, y, space) of every space of this piece."""
        return tuple(
            (self.x + dx, self.y + dy, ch)
            for dx, dy, ch in cards.spaces(self.piece, self.number, self.rotation)
        )


#: The shapes a card may lie in: (width, height, its two rotations).
CARD_SHAPES: tuple[tuple[int, int, tuple[int, int]], ...] = ((3, 2, (0, 2)), (2, 3, (1, 3)))


#: Shape 1 positions are kept as key + SHAPE_BIAS, so that one dict counts
#: both shapes (keys stay below 2**20).
SHAPE_BIAS = 1 << 21
#: key deltas from a space back to the top-left keys of every card footprint
#: covering it, both shapes (shape 1 biased)
_BACK = tuple(footprint(3, 2)) + tuple(off - SHAPE_BIAS for off in footprint(2, 3))
#: what a worker's or forklift's space adds to the count of every footprint
#: over it, so that a footprint is legal exactly when 0 < count < 3 (OS-3)
_BLOCK = 64


class _Grid:
    """What an area shows, kept as ints and updated piece by piece.

    `cells` maps a space key to its visible space. For every card footprint
    position (top-left key; shape 1 positions biased by SHAPE_BIAS),
    `counts` holds the number of coverable toy spaces under it, plus `_BLOCK`
    for each worker or forklift space, and `legal` the positions legal for a
    card (OS-3: 1 or 2 toy spaces, no worker, no forklift).
    """

    __slots__ = ("cells", "counts", "legal")

    def __init__(self) -> None:
        self.cells: dict[int, str] = {}
        self.counts: dict[int, int] = {}
        self.legal: set[int] = set()

    def copy(self) -> _Grid:
        new = _Grid.__new__(_Grid)
        new.cells = self.cells.copy()
        new.counts = self.counts.copy()
        new.legal = self.legal.copy()
        return new

    def add(self, placed: Placed) -> None:
        """Lay `placed` on top; it never covers a worker or a forklift."""
        origin = cards.key(placed.x, placed.y)
        deltas, chars, nets = _footprint(placed.piece, placed.number, placed.rotation)
        cells = self.cells
        keys = list(map(origin.__add__, deltas))
        # which of the piece's spaces lie on a toy space now
        covered = tuple(map(_COVERABLE_HAS, map(cells.get, keys)))
        cells.update(zip(keys, chars, strict=True))
        got = nets.get(covered)
        if got is None:
            got = nets[covered] = _net(deltas, chars, covered)
        offsets, changes = got
        ps = list(map(origin.__add__, offsets))
        counts = self.counts
        values = list(map(_add, map(counts.get, ps, _ZEROS), changes))
        counts.update(zip(ps, values, strict=True))
        legal = self.legal
        legal.difference_update(ps)
        legal.update(compress(ps, map(_ONE_OR_TWO.__contains__, values)))


@cache
def _footprint(
    piece: Piece, number: int, rotation: int
) -> tuple[
    tuple[int, ...],
    tuple[str, ...],
    dict[tuple[bool, ...], tuple[tuple[int, ...], tuple[int, ...]]],
]:
    """A piece lying at `rotation`: the key deltas of its spaces, their
    spaces, and (filled by `_Grid.add`) its count changes per set of spaces
    that lie on a toy space."""
    pairs = key_spaces(piece, number, rotation)
    return tuple(d for d, _ in pairs), tuple(ch for _, ch in pairs), {}


def _net(
    deltas: tuple[int, ...], chars: tuple[str, ...], covered: tuple[bool, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a piece does to the counts around its top-left key: per position
    (as a key delta), the coverable spaces it adds, plus `_BLOCK` for each
    worker or forklift space, minus the toy spaces it covers (`covered`,
    per space); positions that do not change are left out."""
    change: dict[int, int] = {}
    for d, ch, under in zip(deltas, chars, covered, strict=True):
        v = (ch in COVERABLE) + (_BLOCK if ch in BLOCKED else 0) - under
        if v:
            for off in _BACK:
                change[d - off] = change.get(d - off, 0) + v
    kept = sorted((p, v) for p, v in change.items() if v)
    return tuple(p for p, _ in kept), tuple(v for _, v in kept)


#: a card footprint is legal with 1 or 2 toy spaces and nothing blocked
_ONE_OR_TWO = frozenset({1, 2})
_COVERABLE_HAS = COVERABLE.__contains__
_ZEROS = repeat(0)
_add = operator.add


_EMPTY_GRID = _Grid()


@attrs.frozen(cache_hash=True)
class Area:
    """The popularity or a warehouse: the pieces placed there, bottom first."""

    placed: tuple[Placed, ...] = ()

    def add(self, placed: Placed) -> Area:
        """This area with `placed` on top (no legality check: see rules)."""
        new = Area(self.placed + (placed,))
        grid = self._grid.copy()
        grid.add(placed)
        # set at once: a cached property's first read goes through Python
        object.__setattr__(new, "_grid", grid)
        object.__setattr__(new, "_actions", {})
        return new

    @cached_property
    def _grid(self) -> _Grid:
        grid = _EMPTY_GRID.copy()
        for p in self.placed:
            grid.add(p)
        return grid

    @property
    def cells(self) -> dict[int, str]:
        """The visible space at each int key (read only: do not change it)."""
        return self._grid.cells

    @cached_property
    def grid(self) -> dict[tuple[int, int], str]:
        """The visible space at each (x, y)."""
        return {xy(k): ch for k, ch in self._grid.cells.items()}

    @cached_property
    def owner(self) -> dict[tuple[int, int], int]:
        """Index into `placed` of the piece showing at each (x, y)."""
        out: dict[tuple[int, int], int] = {}
        for i, p in enumerate(self.placed):
            for x, y, _ in p.spaces():
                out[(x, y)] = i
        return out

    def bounds(self) -> tuple[int, int, int, int] | None:
        """(min x, min y, max x, max y) of the visible spaces, or None."""
        if not self.placed:
            return None
        xs = [x for x, _ in self.grid]
        ys = [y for _, y in self.grid]
        return min(xs), min(ys), max(xs), max(ys)

    @cached_property
    def _actions(self) -> dict:
        """Values derived from this area, kept with it: the rules' legal
        Place actions by where (see rules), search's toy areas."""
        return {}

    @cached_property
    def legal_keys(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per card shape (CARD_SHAPES), the top-left keys where a card may
        lie (OS-3), ascending; shape 1's keys are biased by SHAPE_BIAS."""
        keys = sorted(self._grid.legal)
        i = bisect_left(keys, SHAPE_BIAS)
        return tuple(keys[:i]), tuple(keys[i:])

    def card_spots(self) -> tuple[tuple[int, int, int], ...]:
        """Every (x, y, rotation) where a card may lie (OS-3), for screens."""
        across, down = self.legal_keys
        out = [(*xy(k), r) for k in across for r in (0, 2)]
        out += [(*xy(k - SHAPE_BIAS), r) for k in down for r in (1, 3)]
        return tuple(out)

    def card_fits(self, x: int, y: int, rotation: int) -> bool:
        """Whether a card may lie with its top-left space at (x, y) (OS-3)."""
        # cards.key inline; on_grid after, as a key off the grid aliases one on it
        k = (x + cards.OFFSET) * cards.STRIDE + y + cards.OFFSET
        return k + (SHAPE_BIAS if rotation % 2 else 0) in self._grid.legal and cards.on_grid(x, y)

    @property
    def any_card_fits(self) -> bool:
        return bool(self._grid.legal)

    def covered(
        self, x: int, y: int, rotation: int, piece: Piece = Piece.CRATE
    ) -> tuple[str | None, ...]:
        """The visible space under each space of a piece lying at (x, y)
        (None where it would overhang), column by column."""
        w, h = cards.size(piece, rotation)
        cells = self._grid.cells
        return tuple(cells.get(cards.key(x + dx, y + dy)) for dx in range(w) for dy in range(h))

    def why_not(self, x: int, y: int, rotation: int, piece: Piece = Piece.CRATE) -> str | None:
        """Why a piece may not lie there (None if it may), for the ghost."""
        if not cards.on_grid(x, y):
            return "covers no toy space"
        covered = self.covered(x, y, rotation, piece)
        if any(c is not None and c in "pfyb" for c in covered):
            return "covers a worker"
        if any(c == cards.FORKLIFT for c in covered):
            return "covers a forklift"
        toys = sum(1 for c in covered if c is not None and c in COVERABLE)
        if toys == 0:
            return "covers no toy space"
        if toys > 2:
            return f"covers {toys} toys"
        return None


EMPTY_AREA = Area()


@attrs.frozen(slots=False)
class Player:
    """One seat at the table."""

    #: crate card numbers, ascending; None for each card a view hides
    hand: tuple[int | None, ...] = ()
    #: the card chosen this round: hidden from the other seats (None in
    #: their views) until every seat has chosen; None again once placed
    pick: int | None = None
    #: whether this seat has chosen its card this round (public)
    picked: bool = False
    warehouse: Area = EMPTY_AREA
    #: Pre-Order Incentives: the token taken (one per game)
    incentive: Incentive | None = None
    #: Industrial Mechanisation: the value of the forklift in the warehouse
    forklift: int | None = None


@attrs.frozen(slots=False)
class State:
    players: int
    options: Options
    seats: tuple[Player, ...]
    phase: Phase
    popularity: Area = EMPTY_AREA
    #: 1-6 once the deal is over (0 during the deal)
    round: int = 0
    #: progress through `rules.schedule(...)` during the deal
    dealt: int = 0
    #: the crate cards not dealt, ascending, unordered; None in views
    deck: tuple[int | None, ...] = ()
    #: crate cards returned to the box during play (a lowest card swapped
    #: for a quantum card, a card that fitted nowhere, OS-13); public
    boxed: tuple[int, ...] = ()
    #: seats still to take their turn this round, in turn order;
    #: order[0] acts in QUANTUM/PLACE/MARK/FORKLIFT/INCENTIVE
    order: tuple[int, ...] = ()
    #: this round's reveal (OS-12): (seat, card) for every seat that chose a
    #: card, in turn order (lowest card first), kept as the seats play (a
    #: card swapped for a quantum card included); public, () while choosing
    revealed: tuple[tuple[int, int], ...] = ()
    #: Quantum Accounting: quantum cards still in the centre
    quantum_supply: tuple[int, ...] = ()
    #: the quantum card order[0] is playing this turn (QUANTUM -> PLACE)
    quantum: int | None = None
    #: the quantum card just placed that carries an X (phase MARK)
    marking: int | None = None
    #: toys with an X next to them on the score pad (OS-7)
    marks: tuple[Toy, ...] = ()
    #: Pre-Order Incentives: the tokens still in the centre
    incentive_supply: tuple[Incentive, ...] = ()
    #: Industrial Mechanisation: face-up forklift values, highest first
    forklift_supply: tuple[int, ...] = ()
    #: forklift tokens not drawn at setup (face down; in the box afterwards)
    forklift_pool: tuple[int, ...] = ()
    #: solo: cards left in the face-down bot deck (drawn from `deck`)
    bot_deck: int = 0
    #: solo: the bot's points for the human's cards numbered 1-20 (0 in the
    #: views of seat 1 and spectators until the game ends: it tells the hand)
    bot_bonus: int = 0
    #: solo: the card slot (column, row) nominated for the bot's next card
    nominated: tuple[int, int] | None = None
    #: views only: every crate card that could fill a None above, ascending
    unseen: tuple[int, ...] | None = None

    @property
    def turn(self) -> int | None:
        """The seat taking its turn (None outside the turn phases)."""
        if self.phase in _TURN_PHASES and self.order:
            return self.order[0]
        return None

    @property
    def solo(self) -> bool:
        return self.options.solo


_TURN_PHASES = frozenset({Phase.QUANTUM, Phase.PLACE, Phase.MARK, Phase.FORKLIFT, Phase.INCENTIVE})

__all__ = [
    "CARD_SHAPES",
    "EMPTY_AREA",
    "Area",
    "Options",
    "Phase",
    "Placed",
    "Player",
    "State",
    "Toy",
    "Where",
]
