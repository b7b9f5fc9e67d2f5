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
from functools import cache, cached_property, lru_cache

import attrs

from core.overstocked import cards
from core.overstocked.cards import (
    BLOCKED,
    COVERABLE,
    Incentive,
    Piece,
    Toy,
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
    incentives: bool = attrs.field(
        default=False,
        metadata={"label": "Pre-Order Incentives: once a game, a token scores an area"},
    )
    #: Industrial Mechanisation (forklift tokens, OS-6, OS-16).
    forklifts: bool = attrs.field(
        default=False,
        metadata={"label": "Industrial Mechanisation: a forklift links crates around it"},
    )
    #: Quantum Accounting (quantum crate cards, OS-7, OS-17).
    quantum: bool = attrs.field(
        default=False,
        metadata={"label": "Quantum Accounting: each round's lowest card is a wild crate"},
    )
    #: Solo mode against the bot (OS-8): seat 0 plays, seat 1 is the bot.
    #: Offered at 2 seats only (OS-19): ticked at 3 players the form
    #: refused to start ("Solo is played at 2 seats").
    solo: bool = attrs.field(
        default=False,
        metadata={"players": (2,),
                  "label": "Solo against the rulebook's bot (2 seats: you, then the bot)",
                  # where the form leaves it out, it says why (OS-19): it
                  # went without a word at 3 players (play-test duelbots)
                  "absent_at": range(3, 7),
                  "absent_note": "Solo against the rulebook's bot is played at 2 seats "
                                 "only: Players 2, you, then the bot (house ruling OS-19).",
                  "changed": "Solo against the rulebook's bot",
                  # OS §Solo Mode: the new-match form clears and disables
                  # them while solo is ticked, and says so
                  "excludes": ("advanced", "incentives", "forklifts", "quantum"),
                  "excludes_note": "Solo is played without the advanced variant and "
                                   "the expansions (rulebook): they are off while "
                                   "it is ticked."},
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


#: Shape 1 positions are kept as key + SHAPE_BIAS in `Area.legal_keys`
#: (keys stay below 2**20).
SHAPE_BIAS = 1 << 21


#: The grid keeps, per footprint position and card shape, one byte: the
#: coverable toy spaces under that footprint (0-6) plus `_BLOCK` for each
#: worker or forklift space, so that a footprint is legal exactly when its
#: byte is 1 or 2 (OS-3).
_BLOCK = 8
#: free spaces a new frame keeps around the pieces on each side
_GROW = 4
#: a frame lists its positions in chunks of this many (a byte names one)
_CHUNK = 255


class _Grid:
    """What an area shows, kept as ints and updated piece by piece.

    The area lies in a frame: column-major positions `i = (x - x0) * h +
    (y - y0)`, every space of a piece at least two columns right of `x0` and
    two rows inside the frame's top and bottom (so that no footprint over a
    space runs off the frame or into the next column). `cov` has bit `i`
    set where the visible space is a coverable toy space; `packed` holds
    two bytes per position (byte `2i` for a card lying across, `2i + 1` for
    one lying down): the footprint's count (see `_BLOCK`). Laying a piece
    adds one precomputed int to `packed` and flips its spaces in `cov`
    (ints are immutable: a new grid shares them, where the footprint counts
    were a dict and a set copied and updated at ~31 positions), and a legal
    list is a few operations on `packed` (`spot_bytes`). `memo` is shared by
    every grid of the same frame (the rules keep their Place tables there).

    `cells` maps a space key (`cards.key`) to its visible space, worked out
    when first read, from the grid below (`_below`, the grid this one was
    laid on) and the piece laid (`_top`): a random playout never reads them
    before the end. A grid is shared by threads (a bot thinks in a worker
    thread while the screen draws the same area), so the dict is built
    whole and published with one store, never changed afterwards; only
    then are `_below` and `_top` let go (see `cells` for the reading
    order that makes this safe).
    """

    __slots__ = ("_below", "_cells", "_top", "cov", "h", "memo", "packed", "x0", "y0")

    def __init__(self, x0: int = 0, y0: int = 0, h: int = 0) -> None:
        self.x0 = x0
        self.y0 = y0
        self.h = h
        self.memo = _frame_memo(x0, y0, h)
        self.packed = 0
        self.cov = 0
        self._cells: dict[int, str] | None = {}
        self._below: _Grid | None = None
        self._top: Placed | None = None

    @property
    def cells(self) -> dict[int, str]:
        cells = self._cells
        if cells is None:
            # Another thread may fill any grid of the chain meanwhile, and
            # then clear its `_below` and `_top`. It stores `_cells` first,
            # so each grid's links are read before its `_cells`: a grid
            # whose `_cells` is still None had both links when they were
            # read. (Read after the check, a link just cleared was taken
            # for the next grid: AttributeError on None.)
            pending = []
            grid = self
            while True:
                top = grid._top
                below = grid._below
                got = grid._cells
                if got is not None:
                    break
                pending.append(top)
                grid = below  # type: ignore[assignment]
            cells = dict(got)
            for placed in reversed(pending):
                origin = (placed.x + cards.OFFSET) * cards.STRIDE + placed.y + cards.OFFSET
                pairs = key_spaces(placed.piece, placed.number, placed.rotation)
                cells.update([(origin + d, ch) for d, ch in pairs])
            self._cells = cells  # published whole, before the links go
            self._below = self._top = None
        return cells

    def added(self, placed: Placed, pieces: tuple[Placed, ...]) -> _Grid:
        """A new grid with `placed` on top (it covers no worker or
        forklift); `pieces` are all the pieces then, bottom first, for a
        grid that needs a larger frame."""
        x = placed.x
        y = placed.y
        x0 = self.x0
        y0 = self.y0
        h = self.h
        shape = _SHAPES.get((placed.piece, placed.number, placed.rotation, h))
        if shape is None:
            shape = _shape(placed.piece, placed.number, placed.rotation, h)
        height, pmask, pcov, deltas = shape
        packed = self.packed
        cov = self.cov
        new = _new_grid(_Grid)
        if y - 2 < y0 or y + height + 2 > y0 + h:
            if not h:
                return _framed(pieces)  # the first piece: a frame around it
            # a taller frame: each column moved to its new place
            top = min(y0, (y - 2 - _GROW) & -4)
            tall = -((top - max(y0 + h, y + height + 2 + _GROW)) & -4)
            packed = _restride(packed, h, tall, y0 - top, 16)
            cov = _restride(cov, h, tall, y0 - top, 1)
            y0, h = top, tall
            height, pmask, pcov, deltas = _shape(placed.piece, placed.number, placed.rotation, h)
        if x - 2 < x0:
            # room on the left: the frame starts further left
            shift = (x0 - ((x - 2 - _GROW) & -4)) * h
            x0 -= shift // h
            packed <<= shift << 4
            cov <<= shift
        same = x0 == self.x0 and y0 == self.y0 and h == self.h
        new.memo = self.memo if same else _frame_memo(x0, y0, h)
        new.x0 = x0
        new.y0 = y0
        new.h = h
        c0 = (x - x0) * h + y - y0
        under = (cov >> c0) & pmask
        delta = deltas.get(under)
        if delta is None:
            delta = deltas[under] = _delta(placed.piece, placed.number, placed.rotation, h, under)
        new.packed = packed + (delta << ((c0 - 2 * h - 2) << 4))
        new.cov = cov ^ ((under ^ pcov) << c0)
        new._cells = None
        new._below = self
        new._top = placed
        return new

    def spot_bytes(self) -> tuple[bytes, bytes, int]:
        """Per card shape, a byte per position of the frame: 0 where a card
        may not lie, else the position's number in its chunk of `_CHUNK`
        (1-255), up to the last position with a piece over it (a card needs
        one: the bytes past it would all be 0); and the number of chunks."""
        packed = self.packed
        used = (packed.bit_length() + 15) >> 4
        chunks = -(-used // _CHUNK) or 1
        k7f, k7d, k80, index = _consts(chunks)
        # bit 7 of a byte: count >= 1, and not count >= 3 (no byte carries)
        legal = (packed + k7f) & ((packed + k7d) ^ k80) & k80
        data = (((legal >> 7) * 255) & index).to_bytes(2 * used, "little")
        return data[0::2], data[1::2], chunks

    def fits_any(self) -> bool:
        packed = self.packed
        chunks = -(-((packed.bit_length() + 15) >> 4) // _CHUNK) or 1
        k7f, k7d, k80, _ = _consts(chunks)
        return bool((packed + k7f) & ((packed + k7d) ^ k80) & k80)

    def count(self, x: int, y: int, shape: int) -> int | None:
        """The byte of footprint (x, y) of a card shape (None off the frame)."""
        if x < self.x0 or not self.y0 <= y < self.y0 + self.h:
            return None
        i = (x - self.x0) * self.h + y - self.y0
        return (self.packed >> ((i << 4) + (shape << 3))) & 255


_new_grid = object.__new__


@lru_cache(maxsize=512)
def _frame_memo(x0: int, y0: int, h: int) -> dict:
    """What is worked out once per frame (shared by every grid in it; a
    frame dropped from this cache keeps its memo in the grids that hold it)."""
    return {}


@cache
def _consts(chunks: int) -> tuple[int, int, int, int]:
    """The per-byte constants of `_Grid.spot_bytes` for a frame of
    `chunks` chunks: 0x7f, 0x7d, 0x80 in every byte, and each position's
    number in its chunk in both its bytes."""
    n = 2 * _CHUNK * chunks
    index = bytes(1 + (i >> 1) % _CHUNK for i in range(n))
    return (
        int.from_bytes(b"\x7f" * n, "little"),
        int.from_bytes(b"\x7d" * n, "little"),
        int.from_bytes(b"\x80" * n, "little"),
        int.from_bytes(index, "little"),
    )


_SHAPES: dict[tuple[Piece, int, int, int], tuple] = {}


def _shape(piece: Piece, number: int, rotation: int, h: int) -> tuple:
    """A piece lying at `rotation` in a frame `h` positions high: its
    height, the bits of its spaces from its top-left space (`pmask`) and
    those of its coverable spaces (`pcov`), and its changes to `packed` by
    which of its spaces lie on coverable spaces (filled by `_Grid.added`)."""
    got = _SHAPES.get((piece, number, rotation, h))
    if got is None:
        pmask = pcov = 0
        for dx, dy, ch in cards.spaces(piece, number, rotation):
            pmask |= 1 << (dx * h + dy)
            if ch in COVERABLE:
                pcov |= 1 << (dx * h + dy)
        got = _SHAPES[(piece, number, rotation, h)] = (
            cards.size(piece, rotation)[1],
            pmask,
            pcov,
            {},
        )
    return got


def _delta(piece: Piece, number: int, rotation: int, h: int, under: int) -> int:
    """What laying a piece changes in `packed`, from the position two
    columns left of and two rows above its top-left space: per space, the
    new space's weight (1 coverable, `_BLOCK` blocked) less the old one's
    (1 where `under` has its bit: a coverable space), added to every
    footprint over it, both shapes (`_over`)."""
    over = _over(h)
    out = 0
    for dx, dy, ch in cards.spaces(piece, number, rotation):
        new = 1 if ch in COVERABLE else (_BLOCK if ch in BLOCKED else 0)
        change = new - ((under >> (dx * h + dy)) & 1)
        if change:
            out += change * over[dx * h + dy]
    return out


@cache
def _over(h: int) -> dict[int, int]:
    """In a frame `h` high, for each space of a piece (as the bit `dx * h +
    dy` from its top-left space): a 1 in the byte of every footprint over
    it, both shapes, from the position two columns left and two rows up."""
    out = {}
    for dx in range(3):
        for dy in range(3):
            v = 0
            for shape, (fw, fh, _) in enumerate(CARD_SHAPES):
                for ox in range(fw):
                    for oy in range(fh):
                        v += 1 << ((((dx - ox + 2) * h + dy - oy + 2) << 4) + (shape << 3))
            out[dx * h + dy] = v
    return out


def _restride(value: int, h: int, tall: int, down: int, bits: int) -> int:
    """`value` (`bits` per position, columns `h` high) laid in columns
    `tall` high, each `down` rows lower: the same spaces in a taller frame
    (nothing lies outside the old frame's rows, see `_Grid`)."""
    out = 0
    size = h * bits
    mask = (1 << size) - 1
    for column in range(-(-value.bit_length() // size)):
        part = (value >> (column * size)) & mask
        if part:
            out |= part << ((column * tall + down) * bits)
    return out


def _framed(pieces: tuple[Placed, ...]) -> _Grid:
    """The grid of `pieces` in a frame that holds them all with `_GROW`
    spaces to spare."""
    if not pieces:
        return _Grid()
    left = min(p.x for p in pieces)
    top = min(p.y for p in pieces)
    bottom = max(p.y + p.size[1] - 1 for p in pieces)
    # whole steps, so that frames (and what is worked out per frame) repeat
    y0 = (top - 2 - _GROW) & -4
    h = -((y0 - bottom - 3 - _GROW) & -4)
    grid = _Grid((left - 2 - _GROW) & -4, y0, h)
    for p in pieces:
        grid = grid.added(p, pieces)
    return grid



@attrs.frozen(cache_hash=True)
class Area:
    """The popularity or a warehouse: the pieces placed there, bottom first."""

    placed: tuple[Placed, ...] = ()

    def add(self, placed: Placed) -> Area:
        """This area with `placed` on top (no legality check: see rules)."""
        pieces = self.placed + (placed,)
        new = Area(pieces)
        # set at once: a cached property's first read goes through Python
        object.__setattr__(new, "_grid", self._grid.added(placed, pieces))
        object.__setattr__(new, "_actions", {})
        return new

    @cached_property
    def _grid(self) -> _Grid:
        return _framed(self.placed)

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
        grid = self._grid
        out: list[tuple[int, ...]] = []
        for shape, data in enumerate(grid.spot_bytes()[:2]):
            keys = []
            for j in range(0, len(data), _CHUNK):
                for b in data[j : j + _CHUNK].translate(None, b"\0"):
                    i = j + b - 1
                    keys.append(cards.key(grid.x0 + i // grid.h, grid.y0 + i % grid.h))
            out.append(tuple(k + SHAPE_BIAS * shape for k in keys))
        return out[0], out[1]

    def card_spots(self) -> tuple[tuple[int, int, int], ...]:
        """Every (x, y, rotation) where a card may lie (OS-3), for screens."""
        across, down = self.legal_keys
        out = [(*xy(k), r) for k in across for r in (0, 2)]
        out += [(*xy(k - SHAPE_BIAS), r) for k in down for r in (1, 3)]
        return tuple(out)

    def card_fits(self, x: int, y: int, rotation: int) -> bool:
        """Whether a card may lie with its top-left space at (x, y) (OS-3)."""
        try:
            count = self._grid.count(x, y, rotation & 1)
        except TypeError:
            # not ints: the test for the ints they equal, if they equal any
            try:
                ints = int(x), int(y), int(rotation)
            except (TypeError, ValueError, OverflowError):
                return False
            return ints == (x, y, rotation) and self.card_fits(*ints)
        return (count == 1 or count == 2) and cards.on_grid(x, y)

    @property
    def any_card_fits(self) -> bool:
        return self._grid.fits_any()

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
