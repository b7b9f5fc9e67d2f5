"""The shared Duel board: squares, halves, edges and lines (OD-1, OD-2).

Coordinates. The board is `rows` x 4 squares (8 rows standard, 6 short).
A square is one int, ``square = row * 4 + col``; row 0 is the far edge as
seat 0 sees the board, column 0 is seat 0's left. Seat 0 owns the rows
nearest it, ``rows // 2`` .. ``rows - 1``; seat 1 owns rows 0 .. ``rows // 2 - 1``
and sits across the table (its left is column 3). The central divide lies
between rows ``rows // 2 - 1`` and ``rows // 2``.

Square names read like a chess board from seat 0's side: files a-d are the
columns, rank 1 is seat 0's back row and the highest rank seat 1's back row
(``a1`` is seat 0's back-left corner).

Edges (OD-2): each half has water along its owner's left side and its
owner's back edge, and mountains along its owner's right side. In board
coordinates (sides as seat 0 sees them): seat 0's half has water WEST and
SOUTH, mountains EAST; seat 1's half has water EAST and NORTH, mountains
WEST. The board is symmetric under a half turn (`Geometry.turned`).

Everything here is precomputed once per board size (`geometry(rows)`), so
the rules' hot paths only index tuples.
"""

from __future__ import annotations

import enum
from functools import cache

import attrs

COLS = 4


class Side(enum.StrEnum):
    """A side of a square, as seat 0 sees the board (NORTH faces seat 1)."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


class Edge(enum.StrEnum):
    """What lies along a board edge (OD-2)."""

    WATER = "water"
    MOUNTAIN = "mountain"


ORTHOGONAL = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@attrs.frozen
class Geometry:
    """Precomputed facts of one board size. Indexed by square."""

    rows: int
    size: int
    #: the seat owning each square
    owner: tuple[int, ...]
    #: orthogonal neighbours (adjacency crosses the divide: OD-1)
    neighbours: tuple[tuple[int, ...], ...]
    #: per square, the four orthogonal rays (squares outward, nearest first)
    orth_rays: tuple[tuple[tuple[int, ...], ...], ...]
    #: per square, the four diagonal rays
    diag_rays: tuple[tuple[tuple[int, ...], ...], ...]
    #: squares on a water edge (Sunken Cities score there)
    water: frozenset[int]
    #: per square: the board edges it lies on, as (side, edge) pairs
    edges: tuple[tuple[tuple[Side, Edge], ...], ...]
    #: per square: the side facing the central divide, if it touches it
    divide: tuple[Side | None, ...]
    #: the horizontal rows (4 squares each; a row lies on one half)
    lines_h: tuple[tuple[int, ...], ...]
    #: the columns, top to bottom, crossing the divide
    lines_v: tuple[tuple[int, ...], ...]
    #: the row (4 squares) each square belongs to
    row_of: tuple[tuple[int, ...], ...]
    #: each seat's squares
    half: tuple[tuple[int, ...], tuple[int, ...]]
    #: square names ("a1" is seat 0's back-left corner)
    names: tuple[str, ...]

    def square(self, row: int, col: int) -> int:
        return row * COLS + col

    def row_col(self, square: int) -> tuple[int, int]:
        return divmod(square, COLS)

    def turned(self, square: int) -> int:
        """The square a half turn of the board maps `square` to (how seat 1
        sees the board: its own back row at the bottom)."""
        return self.size - 1 - square

    def name(self, square: int) -> str:
        return self.names[square]


@cache
def geometry(rows: int) -> Geometry:
    """The board of `rows` rows (8: the standard 4x8; 6: the short 4x6)."""
    if rows not in (6, 8):
        raise ValueError("the Duel board has 6 or 8 rows")
    size = rows * COLS
    depth = rows // 2

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < COLS

    owner = tuple(0 if s // COLS >= depth else 1 for s in range(size))
    neighbours = []
    orth_rays = []
    diag_rays = []
    edges = []
    divide = []
    names = []
    water = set()
    for s in range(size):
        r, c = divmod(s, COLS)
        neighbours.append(
            tuple((r + dr) * COLS + c + dc for dr, dc in ORTHOGONAL if inside(r + dr, c + dc))
        )
        for dirs, out in ((ORTHOGONAL, orth_rays), (DIAGONAL, diag_rays)):
            rays = []
            for dr, dc in dirs:
                ray = []
                rr, cc = r + dr, c + dc
                while inside(rr, cc):
                    ray.append(rr * COLS + cc)
                    rr, cc = rr + dr, cc + dc
                if ray:
                    rays.append(tuple(ray))
            out.append(tuple(rays))
        e: list[tuple[Side, Edge]] = []
        if owner[s] == 0:
            if c == 0:
                e.append((Side.WEST, Edge.WATER))
            if r == rows - 1:
                e.append((Side.SOUTH, Edge.WATER))
            if c == COLS - 1:
                e.append((Side.EAST, Edge.MOUNTAIN))
        else:
            if r == 0:
                e.append((Side.NORTH, Edge.WATER))
            if c == COLS - 1:
                e.append((Side.EAST, Edge.WATER))
            if c == 0:
                e.append((Side.WEST, Edge.MOUNTAIN))
        edges.append(tuple(e))
        if any(kind is Edge.WATER for _, kind in e):
            water.add(s)
        if r == depth:
            divide.append(Side.NORTH)
        elif r == depth - 1:
            divide.append(Side.SOUTH)
        else:
            divide.append(None)
        names.append(f"{'abcd'[c]}{rows - r}")
    lines_h = tuple(tuple(r * COLS + c for c in range(COLS)) for r in range(rows))
    lines_v = tuple(tuple(r * COLS + c for r in range(rows)) for c in range(COLS))
    return Geometry(
        rows=rows,
        size=size,
        owner=owner,
        neighbours=tuple(neighbours),
        orth_rays=tuple(orth_rays),
        diag_rays=tuple(diag_rays),
        water=frozenset(water),
        edges=tuple(edges),
        divide=tuple(divide),
        lines_h=lines_h,
        lines_v=lines_v,
        row_of=tuple(lines_h[s // COLS] for s in range(size)),
        half=(
            tuple(s for s in range(size) if owner[s] == 0),
            tuple(s for s in range(size) if owner[s] == 1),
        ),
        names=tuple(names),
    )
