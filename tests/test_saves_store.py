"""Listing, continuing and deleting saved matches."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import platformdirs
import pytest

from core.engine import CHANCE
from saves import journal, store
from saves.journal import PlayerSpec
from saves.match import Match
from tests import toygame

PLAYERS = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"))


@pytest.fixture(autouse=True)
def toy(monkeypatch, tmp_path):
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def advance(match: Match, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        if match.finished:
            return
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
        else:
            seat = min(to_act)
            match.apply(seat, match.game.legal_actions(match.state, seat)[-1])


def finish(match: Match) -> None:
    advance(match, 10_000, random.Random(0))
    assert match.finished


def age(path: Path, seconds_ago: float) -> None:
    t = os.path.getmtime(path) - seconds_ago
    os.utime(path, (t, t))


def test_data_dir(monkeypatch, tmp_path):
    assert store.data_dir() == tmp_path / "data" / "matches"
    monkeypatch.delenv("OVERTABLE_DATA_DIR")
    assert store.data_dir() == Path(platformdirs.user_data_dir("overtable")) / "matches"


def test_empty_listing():
    assert store.list_matches() == []
    assert store.latest() is None


def test_list_newest_first_with_details():
    rng = random.Random(1)
    old = Match.new("toy", PLAYERS)
    advance(old, 5, rng)
    done = Match.new("toy", PLAYERS, toygame.Options(rounds=1))
    finish(done)
    new = Match.new("toy", PLAYERS)
    advance(new, 3, rng)
    age(old.path, 300)
    age(done.path, 200)
    for match in (old, done, new):
        match.close()
    listing = store.list_matches()
    assert [s.path for s in listing] == [new.path, done.path, old.path]
    first = listing[0]
    assert first.match_id == new.header.match_id
    assert first.game == "toy" and first.title == "Toy High Card"
    assert first.players == ("Ann", "Bob")
    assert first.created == new.header.created
    assert first.actions == 3 and not first.finished and first.winners == ()
    assert first.problem is None and first.resumable
    finished = listing[1]
    assert finished.finished and finished.actions == len(done.history)
    assert set(finished.winners) == {PLAYERS[s].name for s in done.outcome.winners}
    assert store.latest() == first


def test_actions_count_undos():
    match = Match.new("toy", PLAYERS)
    advance(match, 2, random.Random(0))  # the deal
    match.apply(0, toygame.Raise())
    match.apply(0, toygame.Raise())
    match.undo(0)
    (saved,) = store.list_matches()
    assert saved.actions == len(match.history) == 3


def test_latest_skips_finished_and_hopeless():
    rng = random.Random(2)
    playing = Match.new("toy", PLAYERS)
    advance(playing, 3, rng)
    age(playing.path, 100)
    done = Match.new("toy", PLAYERS, toygame.Options(rounds=1))
    finish(done)
    hopeless = store.data_dir() / "hopeless.jsonl"
    hopeless.write_text('{"format": 42}\n')
    playing.close()
    done.close()
    assert store.latest().path == playing.path
    listing = {s.path: s for s in store.list_matches()}
    assert not listing[hopeless].resumable
    assert "format 42" in listing[hopeless].problem


def test_damaged_files_are_listed_with_their_problem():
    match = Match.new("toy", PLAYERS)
    advance(match, 6, random.Random(3))
    with open(match.path, "a") as f:
        f.write('{"seat": 0, "act')
    match.close()
    (saved,) = store.list_matches()
    assert saved.problem is not None
    assert str(match.path) in saved.problem and "line 8" in saved.problem
    assert saved.resumable and saved.actions == 6
    assert store.latest() == saved


def test_a_copy_supersedes_the_damaged_file():
    match = Match.new("toy", PLAYERS)
    advance(match, 6, random.Random(3))
    with open(match.path, "a") as f:
        f.write("{")
    original = match.path.read_bytes()
    match.close()
    loaded = Match.load(match.path).match
    advance(loaded, 1, random.Random(4))
    loaded.close()
    listing = {s.path: s for s in store.list_matches()}
    assert set(listing) == {match.path, loaded.path}
    assert listing[match.path].superseded_by == loaded.header.match_id
    assert listing[loaded.path].parent == match.header.match_id
    assert store.latest().path == loaded.path
    assert match.path.read_bytes() == original


def test_delete():
    a = Match.new("toy", PLAYERS)
    b = Match.new("toy", PLAYERS)
    a.close()
    store.delete(a.path)
    assert not a.path.exists()
    assert [s.path for s in store.list_matches()] == [b.path]
    store.delete(a.path)  # already gone: no error


def test_listing_ignores_other_files():
    Match.new("toy", PLAYERS)
    (store.data_dir() / "notes.txt").write_text("hello")
    assert len(store.list_matches()) == 1


def test_listing_does_not_replay(monkeypatch):
    match = Match.new("toy", PLAYERS)
    advance(match, 8, random.Random(5))

    def boom(*args, **kwargs):
        raise AssertionError("a listing replayed the rules")

    monkeypatch.setattr(toygame.ToyGame, "apply", boom)
    (saved,) = store.list_matches()
    assert saved.actions == 8


def test_finished_line_names_winners():
    match = Match.new("toy", PLAYERS, toygame.Options(rounds=1))
    finish(match)
    last = json.loads(match.path.read_text().splitlines()[-1])
    assert set(last["finished"]["winners"]) == set(match.outcome.winners)


def test_a_setup_the_rules_refuse_leaves_no_save(tmp_path):
    """Overstocked's solo mode with an expansion is refused by the rules
    (OS solo rules); refusing it must not leave an unplayable save behind."""
    from core import GAMES
    from core.engine import IllegalAction

    game = GAMES["overstocked"]
    players = (PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "heuristic"))
    with pytest.raises(IllegalAction, match="solo mode"):
        Match.new("overstocked", players, game.Options(solo=True, incentives=True), tmp_path)
    assert list(tmp_path.iterdir()) == []
    assert store.list_matches(tmp_path) == []
    Match.new("overstocked", players, game.Options(solo=True), tmp_path).close()
    assert len(list(tmp_path.glob("*.jsonl"))) == 1


def test_latest_says_how_far_the_match_got():
    """Home's Continue line reads the game's own progress ("round 1"), not a
    count of actions."""
    players = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "heuristic"))
    match = Match.new("boss-quest", players)
    advance(match, 5, random.Random(1))
    match.close()
    assert store.latest().progress == "round 1"


def test_last_setup_passes_over_files_it_cannot_use(tmp_path):
    """The new-match form's starting setup comes from the newest journal of
    the game whose header reads; a hostile or torn first line is passed over."""
    players = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "easy"))
    good = Match.new("overboss-duel", players, directory=tmp_path)
    good.close()
    age(good.path, 100)
    (tmp_path / "hostile.jsonl").write_text('{"game": "overboss-duel", "players": "x"}\n')
    (tmp_path / "torn.jsonl").write_bytes(b'{"game": "overboss-duel", "play')
    (tmp_path / "binary.jsonl").write_bytes(b"\xff\xfe\x00" * 100)
    header = store.last_setup("overboss-duel", tmp_path)
    assert header is not None and header.players == players
    assert store.last_setup("overseers", tmp_path) is None
    assert store.last_setup("no-such-game", tmp_path) is None
