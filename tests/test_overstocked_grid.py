"""The grid an Overstocked area keeps for its legal spots (OS-3), against
brute force, wherever the pieces wander.

`core.overstocked.state._Grid` keeps the footprint counts as bytes of one
int laid over a frame that grows as the pieces spread (a shift to the
left, a new frame up or down). Random playouts seldom leave the first
frame far behind; these areas are steered out of it on purpose, and every
step is checked against a brute-force reading of OS-3 (1 or 2 toy spaces
covered, no worker, no forklift), in the order the rules list spots (by
key: every spot lying across, then every spot lying down).
"""

from __future__ import annotations

import functools
import random

import pytest

from core.overstocked import rules, state
from core.overstocked.cards import NUMBERS, QUANTUM_NUMBERS, Piece
from core.overstocked.state import Area, Placed, Where
from tests.test_overstocked_review import brute_spots


def brute(area: Area) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) a card may lie (OS-3, brute force), in the
    rules' order: by key, across (rotations 0 and 2) before down (1, 3)."""
    return sorted(brute_spots(area, Piece.CRATE), key=lambda s: (s[2] % 2, s[0], s[1], s[2]))


def check(area: Area) -> None:
    expected = brute(area)
    listed = rules._card_places(area, Where.WAREHOUSE)
    assert [(p.x, p.y, p.rotation) for p in listed] == expected
    assert all(p.where is Where.WAREHOUSE for p in listed)
    assert list(area.card_spots()) == expected
    assert area.any_card_fits == bool(expected)
    fits = set(expected)
    xs = [x for x, _ in area.grid]
    ys = [y for _, y in area.grid]
    for x in range(min(xs) - 5, max(xs) + 5):
        for y in range(min(ys) - 5, max(ys) + 5):
            for r in range(4):
                assert area.card_fits(x, y, r) == ((x, y, r) in fits)
    # the same pieces laid at once (a frame fitted to them all) agree
    again = Area(area.placed)
    assert rules._card_places(again, Where.WAREHOUSE) == listed
    assert again.cells == area.cells


#: which way each walk steers: the spot furthest that way is taken
WAYS = {
    "left": lambda s: (s[0], s[1]),
    "right": lambda s: (-s[0], s[1]),
    "up": lambda s: (s[1], s[0]),
    "down": lambda s: (-s[1], s[0]),
}


@pytest.mark.parametrize("way", list(WAYS))
def test_spots_stay_exact_as_the_area_leaves_its_frame(way):
    """OS-3: an area walked 40 cards in one direction (the frame shifted or
    rebuilt many times over) lists exactly the brute-force spots, in order,
    and `card_fits` agrees with them everywhere near the area."""
    rng = random.Random(way)
    area = Area().add(Placed(Piece.CRATE, 1, 0, 0, 0))
    check(area)
    for _ in range(40):
        spots = area.card_spots()
        x, y, r = min(spots, key=WAYS[way])
        area = area.add(Placed(Piece.CRATE, rng.choice(NUMBERS), x, y, r))
        check(area)
    xs = [x for x, _ in area.grid]
    ys = [y for _, y in area.grid]
    assert max(xs) - min(xs) > 40 or max(ys) - min(ys) > 40  # it did wander off


def test_spots_stay_exact_with_quantum_crates_and_forklifts():
    """OS-3, OS-7, OS-16: quantum crates count as toy spaces, a forklift's
    spaces block like a worker's, on random walks mixing all three pieces."""
    rng = random.Random(7)
    for _ in range(6):
        area = Area().add(Placed(Piece.CRATE, rng.choice(NUMBERS), 0, 0, 0))
        for _ in range(25):
            spots = area.card_spots()
            if not spots:
                break
            x, y, r = rng.choice(spots)
            roll = rng.random()
            if roll < 0.15:
                piece = Placed(Piece.QUANTUM, rng.choice(QUANTUM_NUMBERS), x, y, r)
            elif roll < 0.25:
                piece = Placed(Piece.FORKLIFT, rng.randint(1, 6), x, y, r % 2)
            else:
                piece = Placed(Piece.CRATE, rng.choice(NUMBERS), x, y, r)
            area = area.add(piece)
            check(area)


def test_spots_stay_exact_when_another_reader_fills_the_frame_tables_meanwhile(monkeypatch):
    """OS-3, determinism: the Place tables of a frame are shared by every
    grid in it and by every thread (a bot thinks in a worker thread while
    the screen lists the same table's actions). Here a second reader, with
    a smaller area in the same frame, fills the tables while the first is
    still building its own (the order two threads once took in a CI run):
    the first's list still names every spot where it is, not 255 positions
    earlier ((-8, 3, 0) listed for (8, 2, 0)), and so do later readers."""
    # fresh frame memos for this test's grids (the module's stay untouched)
    monkeypatch.setattr(state, "_frame_memo", functools.lru_cache(maxsize=None)(lambda *_: {}))
    small = Area().add(Placed(Piece.CRATE, 1, 0, 0, 0))
    big = small
    while big._grid.spot_bytes()[2] < 2:  # out to the frame's second chunk
        x, y, r = max(s for s in big.card_spots() if s[2] == 0 and -2 <= s[1] <= 2)
        big = big.add(Placed(Piece.CRATE, 5, x, y, r))
    frame = (big._grid.x0, big._grid.y0, big._grid.h)
    assert frame == (small._grid.x0, small._grid.y0, small._grid.h)
    assert small._grid.spot_bytes()[2] == 1
    built = rules._place_lists
    meanwhile: list = []

    def place_lists(*args):
        if not meanwhile:  # the other reader, between this one's steps
            meanwhile.append(None)
            meanwhile[0] = rules._card_places(small, Where.WAREHOUSE)
        return built(*args)

    monkeypatch.setattr(rules, "_place_lists", place_lists)
    listed = rules._card_places(big, Where.WAREHOUSE)
    assert meanwhile[0] is not None
    assert [(p.x, p.y, p.rotation) for p in listed] == brute(big)
    assert [(p.x, p.y, p.rotation) for p in meanwhile[0]] == brute(small)
    again = big.add(Placed(Piece.CRATE, 1, *big.card_spots()[0]))
    assert (again._grid.x0, again._grid.y0, again._grid.h) == frame
    check(again)


def test_a_spot_written_with_floats_is_the_same_spot():
    """OS-3: `card_fits` and laying a card read the spot's numbers, not
    their type: 1.0 is the spot 1 (the grid indexes ints), and 0.5 is no
    spot at all."""
    area = Area().add(Placed(Piece.CRATE, 1, 0, 0, 0))
    x, y, r = area.card_spots()[0]
    assert area.card_fits(float(x), float(y), float(r))
    assert not area.card_fits(x + 0.5, y, r)
    assert not area.card_fits(x, y, None)
