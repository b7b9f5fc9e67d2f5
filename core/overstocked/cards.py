"""Overstocked components and the geometry of the space grid (OS-1, OS-2,
OS-6, OS-7, OS-11).

Spaces are one character each, everywhere (card faces, areas, pictures in
tests):

========  ===============================================================
``.``     an empty crate
``P``     Pocket Petz (blue)     ``p`` a worker standing on Pocket Petz
``F``     Furballs (pink)        ``f`` a worker standing on Furballs
``Y``     Yo-yos (yellow)        ``y`` a worker standing on Yo-yos
``B``     Bean Bears (green)     ``b`` a worker standing on Bean Bears
``Q``     a quantum crate (Quantum Accounting)
``L``     a forklift token's space (Industrial Mechanisation)
========  ===============================================================

A worker's space holds a toy of that type and counts for it; it may never
be covered (OS-1). Positions are spaces ``(x, y)``, x to the right and y
down; a piece at ``(x, y)`` has its top-left space there. Rotations are
quarter turns clockwise: 0 and 2 lie three spaces wide and two high, 1 and
3 two wide and three high (a forklift: 0 two wide, 1 two high).

Inside the rules a space is an int key (`key`), so that the hot paths work
on ints, not tuples.
"""

from __future__ import annotations

import enum
from functools import cache

from core.overstocked.deck import CRATE_FACES, QUANTUM_FACES, QUANTUM_X


class Toy(enum.StrEnum):
    """The four toys; the value is the letter shown beside the colour
    (colours of Yo-yos and Bean Bears are house, OS-11)."""

    POCKET_PETZ = "P"
    FURBALLS = "F"
    YO_YOS = "Y"
    BEAN_BEARS = "B"

    @property
    def label(self) -> str:
        return _TOY_LABELS[self]

    @property
    def adjective(self) -> str:
        """The name before a noun ("2 Yo-yo spaces"): the label is plural."""
        return _TOY_ADJECTIVES[self]

    @property
    def colour(self) -> str:
        return _TOY_COLOURS[self]


_TOY_LABELS = {
    Toy.POCKET_PETZ: "Pocket Petz",
    Toy.FURBALLS: "Furballs",
    Toy.YO_YOS: "Yo-yos",
    Toy.BEAN_BEARS: "Bean Bears",
}
_TOY_ADJECTIVES = {
    Toy.POCKET_PETZ: "Pocket Petz",  # the rulebook's name, a brand: one Pocket Petz
    Toy.FURBALLS: "Furball",
    Toy.YO_YOS: "Yo-yo",
    Toy.BEAN_BEARS: "Bean Bear",
}
_TOY_COLOURS = {
    Toy.POCKET_PETZ: "blue",
    Toy.FURBALLS: "pink",
    Toy.YO_YOS: "yellow",
    Toy.BEAN_BEARS: "green",
}

#: the four toys in score-pad order
TOYS: tuple[Toy, ...] = tuple(Toy)


class Incentive(enum.StrEnum):
    """Pre-order incentive tokens: one per toy, plus the worker and the
    empty-crate tokens that join at 5-6 players."""

    POCKET_PETZ = "P"
    FURBALLS = "F"
    YO_YOS = "Y"
    BEAN_BEARS = "B"
    WORKER = "W"
    EMPTY = "E"

    @property
    def toy(self) -> Toy | None:
        return None if self in (Incentive.WORKER, Incentive.EMPTY) else Toy(self.value)

    @property
    def label(self) -> str:
        if self is Incentive.WORKER:
            return "Workers"
        if self is Incentive.EMPTY:
            return "Empty crates"
        return Toy(self.value).label


class Piece(enum.StrEnum):
    """What lies in an area: a crate card, a quantum crate card or a forklift."""

    CRATE = "crate"
    QUANTUM = "quantum"
    FORKLIFT = "forklift"


EMPTY = "."
#: an empty crate as the table draws it, and so the log too (`face_line`)
EMPTY_GLYPH = "·"
QUANTUM = "Q"
FORKLIFT = "L"
WORKERS = frozenset("pfyb")
#: spaces that count towards the 1 or 2 toy spaces a placement covers
#: (a worker's space is a toy space too, but covering it is never legal)
COVERABLE = frozenset("PFYBQ")
#: spaces nothing may cover: workers (OS-1) and forklifts (OS-16)
BLOCKED = frozenset("pfybL")

NUMBERS: tuple[int, ...] = tuple(range(1, len(CRATE_FACES) + 1))
QUANTUM_NUMBERS: tuple[int, ...] = tuple(range(1, len(QUANTUM_FACES) + 1))
#: OS-6: six forklift tokens worth 1-6 points, 1x2 spaces each
FORKLIFT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
HAND_SIZE = 6
ROUNDS = 6
#: solo: the bot scores this much per card numbered 1-20 in the human's hand
BOT_CARD_POINTS = 2
BOT_LOW_CARDS = range(1, 21)


def face(piece: Piece, number: int) -> str:
    """The spaces of a piece at rotation 0, row by row."""
    if piece is Piece.CRATE:
        return CRATE_FACES[number - 1]
    if piece is Piece.QUANTUM:
        return QUANTUM_FACES[number - 1]
    return FORKLIFT * 2


def face_rows(piece: Piece, number: int) -> tuple[str, ...]:
    """The face of a piece at rotation 0 as rows of spaces, top first (a
    crate card: two rows of three, OS-1; a forklift: one row of two)."""
    code = face(piece, number)
    width, height = size(piece, 0)
    return tuple(code[row * width : (row + 1) * width] for row in range(height))


def has_x(number: int) -> bool:
    """Whether quantum card `number` carries the X symbol (OS-7)."""
    return number in QUANTUM_X


def toy_count(code: str) -> dict[Toy, int]:
    """How many spaces of each toy a face shows (a worker's toy counts)."""
    return {t: sum(1 for ch in code if ch.upper() == t.value) for t in TOYS}


# ---------------------------------------------------------------------------
# The space grid as ints.

OFFSET = 512
STRIDE = 1024


def key(x: int, y: int) -> int:
    """The int key of space (x, y) (|x|, |y| < 512)."""
    return (x + OFFSET) * STRIDE + (y + OFFSET)


#: a piece's top-left space must lie within this many spaces of the first
#: card, so that every space it covers has its own key (each card overlaps
#: one already placed, so no legal spot lies more than about 80 spaces out)
REACH = OFFSET - 8


def on_grid(x: int, y: int) -> bool:
    """Whether a piece at (x, y) lies where keys are unique (else its keys
    would alias spaces 1024 away)."""
    return -REACH <= x <= REACH and -REACH <= y <= REACH


def xy(k: int) -> tuple[int, int]:
    """The space (x, y) of an int key."""
    return k // STRIDE - OFFSET, k % STRIDE - OFFSET


#: the four orthogonal neighbours of a key, as key deltas
NEIGHBOURS: tuple[int, ...] = (1, -1, STRIDE, -STRIDE)


def size(piece: Piece, rotation: int) -> tuple[int, int]:
    """(width, height) of a piece lying at `rotation`."""
    if piece is Piece.FORKLIFT:
        return (2, 1) if rotation % 2 == 0 else (1, 2)
    return (3, 2) if rotation % 2 == 0 else (2, 3)


def rotations(piece: Piece) -> tuple[int, ...]:
    """The rotations a piece may lie in (a forklift has two distinct ones)."""
    return (0, 1) if piece is Piece.FORKLIFT else (0, 1, 2, 3)


@cache
def spaces(piece: Piece, number: int, rotation: int) -> tuple[tuple[int, int, str], ...]:
    """(dx, dy, space) of every space of a piece lying at `rotation`,
    relative to its top-left space."""
    code = face(piece, number)
    w, h = (2, 1) if piece is Piece.FORKLIFT else (3, 2)
    cells = [(i % w, i // w, code[i]) for i in range(len(code))]
    for _ in range(rotation % 4):
        # a quarter turn clockwise: (x, y) in w x h -> (h - 1 - y, x) in h x w
        cells = [(h - 1 - y, x, ch) for x, y, ch in cells]
        w, h = h, w
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


@cache
def key_spaces(piece: Piece, number: int, rotation: int) -> tuple[tuple[int, str], ...]:
    """`spaces` as (key delta, space) pairs."""
    return tuple((dx * STRIDE + dy, ch) for dx, dy, ch in spaces(piece, number, rotation))


@cache
def footprint(width: int, height: int) -> tuple[int, ...]:
    """Key deltas of a width x height rectangle from its top-left space."""
    return tuple(dx * STRIDE + dy for dx in range(width) for dy in range(height))


def picture(code: str, width: int = 3) -> str:
    """A face as rows of text (for tests)."""
    return "\n".join(code[i : i + width] for i in range(0, len(code), width))


def face_line(code: str, width: int = 3) -> str:
    """A face on one line for the log, its rows parted by "/", with the
    symbols the table draws: "·Yp/BBF" (an empty crate "·", as on screen;
    a worker its toy's letter in lower case)."""
    return picture(code, width).replace("\n", "/").replace(EMPTY, EMPTY_GLYPH)
