"""core's caches under threads: a bot thinks in a worker thread (host/bots.py,
`run_in_executor`) while the event loop's thread lists the same table's
legal actions and draws it, and a hub runs many tables' bots at once; the
states, their areas and every module-level memo are shared by them all.

The rule (docs/architecture.md): a cache publishes a whole, immutable value
with one store, and nothing shared is changed after it is published. The
tests replay the bad interleavings without threads (another reader runs
between two steps of the first, through a hook), then a short run with real
threads and a tiny switch interval looks for anything the hooks missed (no
timing is asserted: it only has to agree with one thread's answers).
"""

from __future__ import annotations

import random
import sys
import threading
import time

import pytest

from core import CHANCE, GAMES
from core.overstocked import rules, state
from core.overstocked.cards import NUMBERS, Piece
from core.overstocked.state import Area, Placed, Where


def _walk(seed: int, pieces: int) -> list[Area]:
    """An area grown card by card at random legal spots (each `add` lays a
    grid on the one below: the chain `_Grid.cells` walks)."""
    rng = random.Random(seed)
    numbers = rng.sample(NUMBERS, pieces)
    areas = [Area().add(Placed(Piece.CRATE, numbers[0], 0, 0, 0))]
    for n in numbers[1:]:
        spots = areas[-1].card_spots()
        if not spots:
            break
        areas.append(areas[-1].add(Placed(Piece.CRATE, n, *rng.choice(spots))))
    return areas


class _Meanwhile:
    """`_Grid`'s slot `name`, whose first read on `target` lets another
    reader run `other()` right after the value is read, as a thread switch
    between that read and the next step would."""

    def __init__(self, name: str, target: object, other) -> None:
        self.slot = state._Grid.__dict__[name]
        self.target = target
        self.other = other
        self.fired = False

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = self.slot.__get__(obj, cls)
        if obj is self.target and not self.fired:
            self.fired = True
            self.other()
        return value

    def __set__(self, obj, value) -> None:
        self.slot.__set__(obj, value)


@pytest.mark.parametrize("name", ["_cells", "_top", "_below"])
@pytest.mark.parametrize("which", ["below", "itself"])
def test_cells_are_whole_when_another_reader_fills_the_chain_meanwhile(monkeypatch, name, which):
    """OS-3, threads: `_Grid.cells` is worked out on first read by walking
    the grids below to one that has its cells, and the grid filled lets go
    of its links. Here another reader fills a grid of the chain (or the
    grid itself) between two of the first reader's steps, at each of its
    reads: the first still gets every space (it once took a link just let
    go for the next grid: AttributeError on None, a crash of the table or
    the bot's thread)."""
    areas = _walk(seed=7, pieces=8)
    assert len(areas) >= 6
    expected = [dict(a.cells) for a in _walk(seed=7, pieces=8)]
    top = areas[-1]._grid
    target = areas[2]._grid if which == "below" else top
    others: list[dict] = []
    hook = _Meanwhile(name, target, lambda: others.append(target.cells))
    monkeypatch.setattr(state._Grid, name, hook)
    cells = top.cells
    assert hook.fired
    assert cells == expected[-1]
    assert others == [expected[2] if which == "below" else expected[-1]]
    monkeypatch.undo()
    for area, want in zip(areas, expected, strict=True):
        assert area.cells == want


@pytest.fixture
def switching():
    """A thread switch allowed after (nearly) every bytecode."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def _at_once(readers: int, job) -> list[BaseException]:
    """`job(i)` in `readers` threads started together; the errors raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(readers)

    def run(i: int) -> None:
        try:
            start.wait()
            job(i)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(readers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def _order(i: int, n: int) -> list[int]:
    """Reader `i`'s own order over `n` items (so first reads differ)."""
    order = list(range(n))
    random.Random(i).shuffle(order)
    return order


def test_overstocked_areas_read_by_threads_at_once_agree_with_one_thread(switching):
    """Several threads read the same fresh areas at once (their cells, in
    different orders along the chain, and their legal Place actions): each
    answer is one thread's answer, and nothing raises."""
    end = time.monotonic() + 0.5
    seed = 0
    errors: list[BaseException] = []
    while time.monotonic() < end and not errors:
        seed += 1
        areas = _walk(seed, pieces=10)
        reference = _walk(seed, pieces=10)
        cells = [dict(a.cells) for a in reference]
        places = [rules._card_places(a, Where.WAREHOUSE) for a in reference]

        def job(i: int, areas: list = areas, cells: list = cells, places: list = places) -> None:
            for j in _order(i, len(areas)):
                assert areas[j].cells == cells[j]
                assert rules._card_places(areas[j], Where.WAREHOUSE) == places[j]

        errors = _at_once(4, job)
    assert not errors, errors[0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_lists_read_by_threads_at_once_agree_with_one_thread(game_id, switching):
    """Every game: a playout's states (fresh objects each run, so first
    reads race), read by four threads at once (who acts, the legal actions,
    the chance outcomes, each seat's view, the outcome): the same as one
    thread reads them, index by index (a journal replays a move by its
    index in the legal list)."""
    game = GAMES[game_id]
    players = min(game.players)

    def playout(seed: int) -> list:
        rng = random.Random(seed)
        st = game.setup(players, game.Options())
        out = [st]
        while game.outcome(st) is None and len(out) < 150:
            seat = rng.choice(sorted(game.to_act(st)))
            if seat == CHANCE:
                outcomes = game.chance_outcomes(st)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(game.legal_actions(st, seat))
            st = game.apply(st, seat, action)
            out.append(st)
        return out

    def read(st) -> tuple:
        seats = sorted(game.to_act(st))
        return (
            seats,
            [game.chance_outcomes(st) if s == CHANCE else game.legal_actions(st, s) for s in seats],
            [game.view(st, s) for s in range(players)],
            game.outcome(st),
        )

    end = time.monotonic() + 0.25
    seed = 0
    errors: list[BaseException] = []
    while time.monotonic() < end and not errors:
        seed += 1
        shared = playout(seed)
        expected = [read(st) for st in playout(seed)]

        def job(i: int, shared: list = shared, expected: list = expected) -> None:
            for j in _order(i, len(shared)):
                assert read(shared[j]) == expected[j]

        errors = _at_once(4, job)
    assert not errors, errors[0]
