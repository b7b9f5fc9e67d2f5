"""Undo: a human takes back their own trailing actions, never past a draw,
another seat's action or something they learned; the journal records it,
or, for lines this match just wrote, cuts them off again."""

from __future__ import annotations

import json
import os
import random

import pytest

from core.engine import IllegalAction
from saves import journal
from saves.journal import PlayerSpec
from saves.match import Match, SaveFailed
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
    """A take-back of actions played before the match was loaded is an
    undo line (the lines this match wrote itself are cut off instead)."""
    match = dealt(tmp_path)
    match.apply(0, Raise())
    match.apply(0, Raise())
    match.close()
    match = Match.load(match.path).match
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


def test_undo_of_the_lines_just_written_cuts_them_off(tmp_path):
    """A review saw a play/take-back loop grow a journal without bound: a
    take-back of the trailing lines this match wrote leaves the file as it
    was before them, byte for byte, and it replays to the same match."""
    match = dealt(tmp_path)
    before = match.path.read_bytes()
    match.apply(0, Raise())
    match.apply(0, Raise())
    match.undo(0)
    match.undo(0)
    assert match.path.read_bytes() == before
    match.apply(0, Raise())
    match.apply(0, Raise())
    match.undo(0, 2)
    assert match.path.read_bytes() == before
    match.apply(0, Raise())
    match.apply(0, Done())
    match.apply(1, Raise())
    match.undo(1)
    match.apply(1, Done())
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == match.history
    assert loaded.match.state == match.state
    assert len(match.path.read_text().splitlines()) == 1 + len(match.history)
    loaded.match.close()


def test_a_cut_is_never_past_an_undo_line(tmp_path):
    """After an undo line, the actions before it are not the file's tail
    any more: taking one of them back writes a line too."""
    match = dealt(tmp_path)
    match.apply(0, Raise())
    match.close()
    match = Match.load(match.path).match
    match.apply(0, Raise())
    match.undo(0, 2)  # one line of this match's, one from before: an undo line
    match.apply(0, Raise())
    match.undo(0)  # written after the undo line: cut
    lines = [json.loads(line) for line in match.path.read_text().splitlines()[1:]]
    assert lines[-3:] == [{"seat": 0, "action": {"type": "Raise"}},
                          {"seat": 0, "action": {"type": "Raise"}},
                          {"undo": 0, "count": 2}]
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == match.history
    loaded.match.close()


def _snapshots(monkeypatch, path) -> list[tuple[str, bytes]]:
    """The journal's bytes before and after each cut and sync of the file
    (by the call's name): what a crash at that point would leave on disk."""
    seen: list[tuple[str, bytes]] = []
    for name in ("ftruncate", "fsync"):
        real = getattr(os, name)

        def step(fd, *args, real=real, name=name):
            seen.append((name, path.read_bytes()))
            result = real(fd, *args)
            seen.append((name, path.read_bytes()))
            return result

        monkeypatch.setattr(os, name, step)
    return seen


def test_a_crash_at_any_point_of_a_cut_leaves_a_journal_that_loads(tmp_path, monkeypatch):
    """Whatever point of the take-back a crash stops at, the file on disk
    loads to a valid match: the choice still made, or taken back; and once
    the take-back is answered, taken back (nothing a player did is lost)."""
    match = dealt(tmp_path)
    match.apply(0, Raise())
    dealt_history = match.history[:-1]
    match.apply(0, Raise())
    with monkeypatch.context() as patched:
        seen = _snapshots(patched, match.path)
        match.undo(0)
    assert "ftruncate" in {name for name, _ in seen}
    assert seen[-1][1] == match.path.read_bytes()
    histories = []
    for number, (_, data) in enumerate(seen):
        copy = tmp_path / "crash" / f"{number}.jsonl"
        copy.parent.mkdir(exist_ok=True)
        copy.write_bytes(data)
        loaded = Match.load(copy)
        assert loaded.ok, loaded.problems
        histories.append(loaded.match.history)
        loaded.match.close()
    raised = [*dealt_history, (0, Raise())]
    assert all(h in (raised, [*raised, (0, Raise())]) for h in histories)
    assert histories[-1] == raised == match.history


def test_a_cut_that_cannot_be_synced_is_put_back_and_nothing_taken_back(tmp_path, monkeypatch):
    """A cut whose sync fails (a disk error) is as an undo line that cannot
    be written: `SaveFailed`, the line put back, the match as it was; the
    next take-back goes through."""
    match = dealt(tmp_path)
    dealt_bytes = match.path.read_bytes()
    match.apply(0, Raise())
    before, history = match.path.read_bytes(), list(match.history)

    def failing(fd):
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as patched, pytest.raises(SaveFailed, match="Input/output"):
        patched.setattr(os, "fsync", failing)
        match.undo(0)
    assert match.path.read_bytes() == before and match.history == history
    match.undo(0)
    assert match.history == history[:-1] and match.path.read_bytes() == dealt_bytes
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == match.history
    loaded.match.close()


def test_a_cut_the_file_refuses_is_an_undo_line(tmp_path, monkeypatch):
    """Where the file cannot be cut, the take-back is written as before."""
    match = dealt(tmp_path)
    match.apply(0, Raise())

    def refusing(fd, length):
        raise OSError(22, "Invalid argument")

    with monkeypatch.context() as patched:
        patched.setattr(os, "ftruncate", refusing)
        match.undo(0)
    assert json.loads(match.path.read_text().splitlines()[-1]) == {"undo": 0, "count": 1}
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == match.history
    loaded.match.close()


def test_an_old_journal_of_choices_and_their_take_backs_still_loads(tmp_path):
    """Journals written before take-backs were cut hold each pair as an
    action line and an undo line: they load to the same match, and a pair
    played on after loading is cut, leaving the old pairs as they are."""
    match = dealt(tmp_path)
    codec = journal.codec(toygame.GAME)
    pair = codec.action_line(0, Raise()) + "\n" + journal.undo_line(0, 1) + "\n"
    history = list(match.history)
    match.close()
    with open(match.path, "a") as f:
        f.write(pair * 500)
    old = match.path.read_bytes()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == history
    match = loaded.match
    match.apply(0, Raise())
    match.undo(0)
    assert match.path.read_bytes() == old
    match.apply(0, Done())
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.history == [*history, (0, Done())]
    loaded.match.close()


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
    codec = journal.codec(toygame.GAME)
    undo_line = journal.undo_line(0, 1)
    cycle = "".join(f"{codec.action_line(0, move)}\n{undo_line}\n" for move in moves)
    raise_line = codec.action_line(0, Raise())
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
