"""Undo: a human takes back their own trailing actions, never past a draw,
another seat's action or something they learned; the journal records it."""

from __future__ import annotations

import json
import random

import pytest

from core.engine import IllegalAction
from saves import journal
from saves.journal import PlayerSpec
from saves.match import Match
from tests import toygame
from tests.toygame import Done, Peek, Raise

ANN, BOB = PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")
BOT = PlayerSpec("Robo", "bot", "random")


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)


def dealt(tmp_path, players=(ANN, BOB)) -> Match:
    match = Match.new("toy", players, directory=tmp_path)
    rng = random.Random(0)
    while match.to_act() == {-1}:
        match.step_chance(rng)
    return match


def test_undo_own_actions_back_to_the_draw(tmp_path):
    match = dealt(tmp_path)
    after_deal = match.state
    assert match.undoable(0) == 0  # the last action is a draw
    match.apply(0, Raise())
    match.apply(0, Raise())
    assert match.undoable(0) == 2
    assert match.undoable(1) == 0
    match.undo(0)
    assert match.undoable(0) == 1
    assert match.history[-1] == (0, Raise())
    match.undo(0)
    assert match.state == after_deal
    with pytest.raises(IllegalAction):
        match.undo(0)


def test_undo_stops_at_another_seats_action(tmp_path):
    match = dealt(tmp_path)
    match.apply(0, Raise())
    match.apply(0, Done())
    match.apply(1, Raise())
    assert match.undoable(0) == 0
    assert match.undoable(1) == 1
    match.undo(1)
    assert match.undoable(0) == 2  # Ann's own actions trail again
    with pytest.raises(IllegalAction):
        match.undo(0, 3)


def test_undo_never_past_something_learned(tmp_path):
    match = dealt(tmp_path)
    match.apply(0, Raise())
    match.apply(0, Peek(1))  # Ann now knows Bob's card
    assert match.undoable(0) == 0
    match.apply(0, Raise())
    assert match.undoable(0) == 1


def test_bots_and_finished_matches_do_not_undo(tmp_path):
    match = dealt(tmp_path, (BOT, ANN))
    match.apply(0, Raise())
    assert match.undoable(0) == 0
    rng = random.Random(1)
    while not match.finished:
        if -1 in match.to_act():
            match.step_chance(rng)
        else:
            match.apply(match.state.turn, Done())
    assert match.undoable(1) == 0


def test_undo_is_journaled_and_replayed(tmp_path):
    match = dealt(tmp_path)
    match.apply(0, Raise())
    match.apply(0, Raise())
    match.undo(0, 2)
    match.apply(0, Done())
    lines = match.path.read_text().splitlines()
    assert json.loads(lines[-2]) == {"undo": 0, "count": 2}
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok
    assert loaded.match.history == match.history
    assert loaded.match.state == match.state
    assert loaded.match.log() == match.log()


def test_a_forged_undo_is_refused(tmp_path):
    match = dealt(tmp_path)
    match.apply(0, Peek(1))
    with open(match.path, "a") as f:
        f.write('{"undo":0,"count":1}\n')
    match.close()
    loaded = Match.load(match.path)
    (problem,) = loaded.problems
    assert problem.kind == "refused" and problem.line == 5 and problem.resumable
    assert loaded.match.history == match.history


class _Counting:
    """The toy game, counting the rules' `apply` and `view` calls."""

    def __init__(self, game):
        self._game, self.applied, self.viewed = game, 0, 0

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, state, seat, action):
        self.applied += 1
        return self._game.apply(state, seat, action)

    def view(self, state, seat):
        self.viewed += 1
        return self._game.view(state, seat)


@pytest.mark.parametrize("moves", [(Raise(),), (Raise(), Done())])
@pytest.mark.parametrize("pairs", [10, 2000])
def test_a_journal_of_many_undos_replays_in_work_that_does_not_grow_with_them(
        tmp_path, monkeypatch, pairs, moves):
    """A journal of a move taken back and played again thousands of times
    (16 MB of them took 80 s to load, the screen frozen) replays the move
    and checks its undo once per state it is played from: the rules are
    deterministic, so the same move from the same state gives the same
    state and tells the seat the same, `moves` taking turns too. The undos
    are still checked: one past a Peek is refused on loading, however many
    lines came before."""
    match = dealt(tmp_path)
    for move in moves:
        match.apply(0, move)
        match.undo(0)
    cycle = "".join(line + "\n" for line in match.path.read_text().splitlines()[-2 * len(moves):])
    raise_line, undo_line = cycle.splitlines()[:2]
    match.close()
    peek = json.dumps({"seat": 0, "action": {"type": "Peek", "seat": 1}})
    with open(match.path, "a") as f:
        f.write(cycle * pairs)
        f.write(f"{raise_line}\n{peek}\n{undo_line}\n")  # the Peek cannot be taken back
    counting = _Counting(toygame.GAME)
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", counting)
    loaded = Match.load(match.path)
    (problem,) = loaded.problems
    last = len(match.path.read_text().splitlines())
    assert problem.kind == "refused" and problem.line == last  # the undo past the Peek
    assert loaded.match.history == [*match.history, (0, Raise()), (0, Peek(1))]
    assert counting.applied < 30 and counting.viewed < 30
    loaded.match.close()
