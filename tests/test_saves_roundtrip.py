"""Journals round-trip whole matches; every action is saved as it happens."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from core.engine import CHANCE, IllegalAction
from saves import journal
from saves.journal import FORMAT_VERSION, PlayerSpec
from saves.match import Match
from tests import toygame

PLAYERS = (
    PlayerSpec("Ann", "human"),
    PlayerSpec("Bob", "bot", "random"),
    PlayerSpec("Cy", "human"),
)


@pytest.fixture(autouse=True)
def toy(monkeypatch, tmp_path):
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def step(match: Match, rng: random.Random, undo_rate: float = 0.0) -> None:
    """One random legal step: a draw, an action, or sometimes an undo."""
    to_act = match.to_act()
    if CHANCE in to_act:
        match.step_chance(rng)
        return
    seat = min(to_act)
    for human in range(len(match.header.players)):
        n = match.undoable(human)
        if n and rng.random() < undo_rate:
            match.undo(human, rng.randint(1, n))
            return
    match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)))


def play_out(match: Match, rng: random.Random, undo_rate: float = 0.0, limit: int = 10_000) -> None:
    for _ in range(limit):
        if match.finished:
            return
        step(match, rng, undo_rate)
    raise AssertionError("the playout did not end")


@pytest.mark.parametrize("seed", range(25))
def test_whole_match_round_trips(seed, tmp_path):
    rng = random.Random(seed)
    players = PLAYERS[: rng.choice((2, 3))]
    options = toygame.Options(rounds=rng.randint(1, 3), ranks=rng.randint(2, 5))
    match = Match.new("toy", players, options, directory=tmp_path, seed=seed)
    play_out(match, rng, undo_rate=0.2)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.problems == ()
    assert loaded.ok
    again = loaded.match
    assert again.state == match.state
    assert again.history == match.history
    assert again.header == match.header
    assert again.header.options == options
    assert again.finished and again.outcome == match.outcome
    assert again.log() == match.log()


def test_header_holds_what_the_issue_asks(tmp_path):
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path, seed=7)
    lines = match.path.read_text().splitlines()
    assert len(lines) == 1
    header = json.loads(lines[0])
    assert header["format"] == FORMAT_VERSION
    assert header["rules_version"] == toygame.GAME.rules_version
    assert header["game"] == "toy"
    assert header["options"] == {"rounds": 2, "ranks": 4, "start_chips": 5}
    assert header["players"] == [
        {"name": "Ann", "kind": "human", "level": None},
        {"name": "Bob", "kind": "bot", "level": "random"},
    ]
    assert header["created"].endswith("+00:00")
    assert header["match_id"] == match.header.match_id
    assert header["seed"] == 7


def test_new_defaults_to_the_data_dir(tmp_path):
    match = Match.new("toy", PLAYERS[:2])
    assert match.path.parent == tmp_path / "data" / "matches"


def test_new_refuses_bad_tables(tmp_path):
    with pytest.raises(ValueError):
        Match.new("no-such-game", PLAYERS[:2], directory=tmp_path)
    with pytest.raises(ValueError):
        Match.new("toy", PLAYERS[:1], directory=tmp_path)


def test_autosave_writes_one_line_per_action(tmp_path):
    rng = random.Random(1)
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    for n in range(1, 12):
        step(match, rng)
        lines = match.path.read_text().splitlines()
        assert len(lines) == 1 + n
        entry = json.loads(lines[-1])
        seat, action = match.history[-1]
        assert entry["seat"] == seat
        assert entry["action"]["type"] == type(action).__name__
        match.close()  # an open match cannot be loaded twice
        resumed = Match.load(match.path)
        assert resumed.ok and resumed.match.state == match.state
        match = resumed.match  # and the resumed one plays on


def test_chance_lines_are_stored_with_seat_minus_one(tmp_path):
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    action = match.step_chance(random.Random(0))
    entry = json.loads(match.path.read_text().splitlines()[-1])
    assert entry == {
        "seat": -1,
        "action": {
            "type": "Deal",
            "card": {"suit": action.card.suit.value, "rank": action.card.rank},
        },
    }


def test_a_new_process_resumes_the_same_state(tmp_path):
    rng = random.Random(5)
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    for _ in range(9):
        step(match, rng)
    match.close()  # otherwise the other process finds it being played
    code = (
        "import sys\n"
        "from tests import toygame\n"
        "from saves import journal\n"
        "from saves.match import Match\n"
        "journal.EXTRA_GAMES['toy'] = toygame.GAME\n"
        "m = Match.load(sys.argv[1]).match\n"
        "print(repr(m.state)); print(repr(m.history))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run(
        [sys.executable, "-c", code, str(match.path)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.splitlines()
    assert out == [repr(match.state), repr(match.history)]


def test_illegal_action_writes_nothing(tmp_path):
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    before = match.path.read_bytes()
    with pytest.raises(IllegalAction):
        match.apply(0, toygame.Done())  # cards are being dealt
    with pytest.raises(IllegalAction):
        match.apply(CHANCE, toygame.Deal(toygame.Card(toygame.Suit.SUN, 99)))
    assert match.path.read_bytes() == before
    assert match.history == []


def test_step_chance_follows_the_seed(tmp_path):
    a = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    b = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    ra, rb = random.Random(11), random.Random(11)
    assert [a.step_chance(ra) for _ in range(2)] == [b.step_chance(rb) for _ in range(2)]
    with pytest.raises(IllegalAction):
        a.step_chance(ra)  # a seat decides now, nothing is drawn


def test_finished_match_ends_with_a_finished_line(tmp_path):
    match = Match.new("toy", PLAYERS[:2], toygame.Options(rounds=1), directory=tmp_path)
    play_out(match, random.Random(2))
    last = json.loads(match.path.read_text().splitlines()[-1])
    assert last == {
        "finished": {
            "winners": sorted(match.outcome.winners),
            "scores": list(match.outcome.scores),
        }
    }
    with pytest.raises(IllegalAction):
        match.apply(0, toygame.Done())


def test_log_names_players(tmp_path):
    match = Match.new("toy", PLAYERS[:2], directory=tmp_path)
    rng = random.Random(3)
    match.step_chance(rng)
    match.step_chance(rng)
    match.apply(0, toygame.Peek(1))
    assert match.log() == [
        "Chance deals a card.",
        "Chance deals a card.",
        "Ann peeks at Bob's card.",
    ]


def test_resume_of_500_actions_gives_back_the_state(tmp_path):
    # How fast is measured by `python -m benchmarks` (resume), not here: a
    # clock in a unit test fails on a busy machine.
    options = toygame.Options(rounds=60, start_chips=200)
    match = Match.new("toy", PLAYERS, options, directory=tmp_path)
    rng = random.Random(4)
    while len(match.history) < 500:
        step(match, rng)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match.state == match.state
    assert len(loaded.match.history) == len(match.history)


@pytest.mark.parametrize("game_id, players", [("overboss-duel", 2), ("overstocked", 3),
                                              ("boss-quest", 3), ("overseers", 4)])
def test_a_bots_move_for_an_away_player_marks_the_player_not_their_possessive(
        tmp_path, game_id, players):
    """Review (2026-12-05): the Duel's log read "... the Yeti waits in Bob
    (bot)'s lair" and "a hero on a5 (Bob (bot)'s side)" for a move a bot
    played for away Bob. The mark goes where he is named as the one who
    moved ("Bob (bot) places..."), his possessive reads "Bob's"; a line
    that names him only in a possessive says whose bot it was first; Bob
    himself reads "Your bot: ..." as before. Every game's lines alike."""
    from saves.match import STAND_IN_MOVE_MARK

    names = ("Ann", "Bob", "Cy", "Dee")[:players]
    match = Match.new(game_id, [PlayerSpec(n, "human") for n in names], None,
                      directory=tmp_path)
    rng = random.Random(7)
    possessive = 0
    while not match.finished:
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        seat = min(to_act)
        match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)),
                    stand_in=seat == 1)
    marked = "Bob" + STAND_IN_MOVE_MARK
    assert match.stand_in_moves
    for viewer in (None, 0, 1):
        log = match.log(viewer)
        for i in sorted(match.stand_in_moves):
            line = log[i]
            assert f"{marked}'s" not in line, line
            if viewer == 1:
                assert line.startswith("Your bot: "), line
            else:
                # who moved, marked first; a role joins the mark ("Bob (bot, Leader)")
                assert line.startswith((marked, "Bob (bot, ")), line
                possessive += "Bob's" in line
                # only the one who moved: Bob voted for or scored is plain Bob
                assert line.count("Bob (bot") == 1, line
    if game_id == "overboss-duel":
        assert possessive  # "... waits in Bob's lair" was among them
    match.close()


def test_a_bots_move_for_an_away_player_marks_only_the_one_who_moved():
    """Play-test (2026-12): Ann's recap of away Bob's vote read "bob (bot)
    votes. Votes: you for bob (bot); ... Tied: you, bob (bot)" and "bob
    (bot) (Leader) breaks the tie": Bob voted for or tied is plain Bob,
    the mark is on the one who moved, and his role joins it."""
    from saves.match import _stand_in_line

    def describe(state, seat, action, *, names, viewer):
        who, you = names[seat], "you" if viewer == 0 else names[0]
        if action == "vote":
            return (f"{who} votes. Votes: {you} for {who}; {who} for {you}. "
                    f"Tied: {you}, {who}; the Leader chooses.")
        return f"{who} (Leader) breaks the tie of votes: {who} is judged."

    names = ("Ann", "Bob", "Cy")
    assert _stand_in_line(describe, None, 1, "vote", names, 0) == (
        "Bob (bot) votes. Votes: you for Bob; Bob for you. Tied: you, Bob; the Leader chooses.")
    assert _stand_in_line(describe, None, 1, "tie", names, 2) == (
        "Bob (bot, Leader) breaks the tie of votes: Bob is judged.")
