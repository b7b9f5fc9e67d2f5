"""Damaged journals: each case names the file and line, offers to resume at
the last valid action where it can, and never changes the file."""

from __future__ import annotations

import json
import random

import pytest

from core.engine import CHANCE
from saves import journal
from saves.journal import PlayerSpec
from saves.match import Match
from tests import toygame
from tests.saves_kit import play_to, random_step

PLAYERS = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"))


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)


@pytest.fixture
def played(tmp_path) -> Match:
    """A match 12 actions in (no undos), its journal on disk."""
    match = Match.new("toy", PLAYERS, toygame.Options(rounds=3), directory=tmp_path)
    play_to(match, 12, random.Random(8))
    match.close()  # closed, so that the tests can load it again
    return match


def lines_of(match: Match) -> list[str]:
    return match.path.read_text().splitlines(keepends=True)


def write(match: Match, lines: list[str]) -> bytes:
    data = "".join(lines).encode()
    match.path.write_bytes(data)
    return data


def prefix_state(match: Match, actions: int):
    """The state after the first `actions` actions of `match`."""
    game = match.game
    state = game.setup(len(match.header.players), match.header.options)
    for seat, action in match.history[:actions]:
        state = game.apply(state, seat, action)
    return state


def assert_names(problem, path, line):
    assert str(path) in problem.message
    assert f"line {line}" in problem.message
    assert problem.path == path and problem.line == line


def continue_elsewhere(loaded, original: bytes):
    """The first apply on a damaged match writes a new file; the old one stays."""
    match = loaded.match
    old_path, old_id = match.path, match.header.match_id
    history = list(match.history)
    to_act = match.to_act()
    if CHANCE in to_act:
        match.step_chance(random.Random(0))
    else:
        seat = min(to_act)
        match.apply(seat, match.game.legal_actions(match.state, seat)[0])
    assert old_path.read_bytes() == original
    assert match.path != old_path
    assert match.header.match_id != old_id and match.header.parent == old_id
    first = match.history[-1]
    # and it keeps writing to the new file
    before = len(match.path.read_text().splitlines())
    step_any(match)
    assert len(match.path.read_text().splitlines()) == before + 1
    assert old_path.read_bytes() == original
    match.close()
    again = Match.load(match.path)
    assert again.ok, again.problems
    assert again.match.history[: len(history) + 1] == history + [first]
    assert again.match.history == match.history
    assert again.match.state == match.state


def step_any(match: Match):
    to_act = match.to_act()
    if CHANCE in to_act:
        match.step_chance(random.Random(1))
    else:
        seat = min(to_act)
        match.apply(seat, match.game.legal_actions(match.state, seat)[0])


def test_torn_last_line(played):
    lines = lines_of(played)
    original = write(played, lines + [lines[-1][:15]])
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert problem.kind == "torn" and problem.resumable
    assert_names(problem, played.path, len(lines) + 1)
    assert "incomplete" in problem.message
    assert loaded.match.history == played.history
    assert loaded.match.state == played.state
    assert played.path.read_bytes() == original
    continue_elsewhere(loaded, original)


def test_last_line_without_its_newline_is_torn(played):
    lines = lines_of(played)
    original = write(played, lines[:-1] + [lines[-1].rstrip("\n")])
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert problem.kind == "torn"
    assert loaded.match.history == played.history[:-1]
    continue_elsewhere(loaded, original)


def test_corrupt_middle_line(played):
    lines = lines_of(played)
    lines[6] = '{"seat": 0, "act\x00ion": nonsense\n'
    original = write(played, lines)
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert problem.kind == "corrupt" and problem.resumable
    assert_names(problem, played.path, 7)
    # line 7 holds action 6: the match resumes after the 5 before it
    assert loaded.match.history == played.history[:5]
    assert loaded.match.state == prefix_state(played, 5)
    assert played.path.read_bytes() == original
    continue_elsewhere(loaded, original)


@pytest.mark.parametrize(
    "bad",
    [
        "[1, 2]\n",
        '{"seat": "0", "action": {"type": "Done"}}\n',
        '{"seat": 0, "action": {"type": "Done"}, "extra": 1}\n',
        '{"undo": 0, "count": 0}\n',
        '{"finished": "yes"}\n',
        b"\xff\xfe\n".decode("latin-1"),
    ],
)
def test_malformed_lines_are_corrupt(played, bad):
    lines = lines_of(played)
    lines[3] = bad
    write(played, lines)
    loaded = Match.load(played.path)
    assert [(p.kind, p.line) for p in loaded.problems] == [("corrupt", 4)]
    assert loaded.match.history == played.history[:2]


def test_unknown_format_version(played):
    lines = lines_of(played)
    header = json.loads(lines[0])
    header["format"] = 99
    lines[0] = json.dumps(header) + "\n"
    original = write(played, lines)
    loaded = Match.load(played.path)
    assert loaded.match is None
    (problem,) = loaded.problems
    assert problem.kind == "format" and not problem.resumable
    assert_names(problem, played.path, 1)
    assert "format 99" in problem.message
    assert played.path.read_bytes() == original


@pytest.mark.parametrize(
    "content", [b"", b'{"format": 1, "ga', b"not json\n", b'{"format": 1, "game": "toy"}\n']
)
def test_broken_header_is_not_resumable(tmp_path, content):
    path = tmp_path / "broken.jsonl"
    path.write_bytes(content)
    loaded = Match.load(path)
    assert loaded.match is None
    (problem,) = loaded.problems
    assert not problem.resumable and problem.line == 1 and str(path) in problem.message
    assert path.read_bytes() == content


def test_unknown_game(played):
    lines = lines_of(played)
    lines[0] = lines[0].replace('"game":"toy"', '"game":"tiddlywinks"')
    write(played, lines)
    loaded = Match.load(played.path)
    assert loaded.match is None
    (problem,) = loaded.problems
    assert problem.kind == "unknown-game" and "tiddlywinks" in problem.message


@pytest.mark.parametrize(
    "bad",
    [
        '{"seat":0,"action":{"type":"Done"}}\n',  # Ann is not to act / dealing
        '{"seat":-1,"action":{"type":"Raise"}}\n',  # chance cannot raise
        '{"seat":-1,"action":{"type":"Deal","card":{"suit":"S","rank":99}}}\n',  # no such card
        '{"seat":0,"action":{"type":"Fly"}}\n',  # no such action
        '{"seat":0,"action":{"type":"Peek"}}\n',  # missing field
        '{"seat":7,"action":{"type":"Done"}}\n',  # no such seat
    ],
)
def test_a_line_the_rules_refuse(played, bad):
    lines = lines_of(played)
    # line 2 is the first deal: nothing but a draw is legal there
    lines[1] = bad
    original = write(played, lines)
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert problem.kind == "refused" and problem.resumable
    assert_names(problem, played.path, 2)
    assert "Nothing of the match can be kept: resuming would start it again" in problem.message
    assert ".)." not in problem.message  # QA: "(the rules tell Ann: It is not your turn.)."
    assert loaded.match.history == [] and loaded.lost == 12
    assert played.path.read_bytes() == original
    continue_elsewhere(loaded, original)


def test_a_chance_outcome_that_cannot_be_drawn(played):
    lines = lines_of(played)
    first = json.loads(lines[1])
    lines[2] = json.dumps(first) + "\n"  # the same card dealt twice
    write(played, lines)
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert (problem.kind, problem.line) == ("refused", 3)
    assert loaded.match.history == played.history[:1]


def test_refusal_hides_later_damage(played):
    lines = lines_of(played)
    lines[2] = '{"seat":0,"action":{"type":"Done"}}\n'
    original = write(played, lines + ['{"seat'])
    loaded = Match.load(played.path)
    assert [(p.kind, p.line) for p in loaded.problems] == [("refused", 3)]
    assert played.path.read_bytes() == original


def test_other_rules_version_warns_and_replays(played, monkeypatch):
    monkeypatch.setattr(toygame.ToyGame, "rules_version", 2)
    original = played.path.read_bytes()
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert problem.kind == "rules-version" and problem.resumable
    assert_names(problem, played.path, 1)
    assert "rules version 1" in problem.message and "rules version 2" in problem.message
    assert loaded.match.history == played.history
    continue_elsewhere(loaded, original)
    # the copy is stamped with the rules it now follows
    assert json.loads(loaded.match.path.read_text().splitlines()[0])["rules_version"] == 2


def test_other_rules_version_with_a_refused_line(played, monkeypatch):
    monkeypatch.setattr(toygame.ToyGame, "rules_version", 2)
    lines = lines_of(played)
    lines[4] = '{"seat":-1,"action":{"type":"Raise"}}\n'
    write(played, lines)
    loaded = Match.load(played.path)
    assert [(p.kind, p.line) for p in loaded.problems] == [("rules-version", 1), ("refused", 5)]
    assert loaded.match.history == played.history[:3]


def test_undo_on_a_damaged_match_also_copies(tmp_path):
    match = Match.new("toy", PLAYERS, directory=tmp_path)
    rng = random.Random(0)
    while CHANCE in match.to_act():
        match.step_chance(rng)
    match.apply(0, toygame.Raise())
    match.apply(0, toygame.Raise())
    original = write(match, lines_of(match) + ["{"])
    match.close()
    loaded = Match.load(match.path).match
    assert loaded.undoable(0) == 2
    loaded.undo(0)
    assert match.path.read_bytes() == original
    assert loaded.path != match.path
    loaded.close()
    again = Match.load(loaded.path)
    assert again.ok and again.match.state == loaded.state
    assert again.match.history == match.history[:-1]


def test_a_finished_line_where_the_match_is_not_over(played):
    lines = lines_of(played)
    write(played, lines + ['{"finished":{"winners":[0],"scores":[9,1]}}\n'])
    loaded = Match.load(played.path)
    assert [(p.kind, p.line) for p in loaded.problems] == [("refused", len(lines) + 1)]
    assert loaded.match.history == played.history


def test_a_refused_line_does_not_name_a_hidden_card(tmp_path):
    """A deal line written twice (a sync conflict) is refused; the problem,
    which the saved-matches list and the resume dialog show to whoever is
    at the terminal, names the kind of action and not the card dealt face
    down into a player's hand, nor a rules' reason that quotes it."""
    match = Match.new("overstocked", PLAYERS, directory=tmp_path)
    rng = random.Random(3)
    while len(match.history) < 4:
        match.step_chance(rng)
    match.close()
    lines = match.path.read_text().splitlines(keepends=True)
    dealt = json.loads(lines[1])["action"]["card"]
    lines.insert(2, lines[1])
    match.path.write_text("".join(lines))
    loaded = Match.load(match.path)
    (problem,) = loaded.problems
    assert (problem.kind, problem.line) == ("refused", 3)
    assert "the shuffle or deal recorded here" in problem.message
    assert str(dealt) not in problem.message.replace(str(match.path), "")


def test_a_refused_line_says_what_a_resume_keeps_and_what_it_loses(played):
    """Play-test: a line refused near the start read "The match can resume
    at the last valid action before it", and resuming dropped nearly every
    move without a word. The message counts them."""
    lines = lines_of(played)
    lines[4] = '{"seat":-1,"action":{"type":"Raise"}}\n'  # line 5: three actions before it
    write(played, lines)
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert "The match can resume at action 3, leaving out this line and the 8 after it" in (
        problem.message)
    assert len(loaded.match.history) == 3 and loaded.lost == 9
    loaded.match.close()


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ('{"seat":7,"action":{"type":"Done"}}\n', "line 2: it names seat 7, and the table's 2 seats are written 0 to 1"),
        ('{"seat":-1,"action":{"type":"Raise"}}\n',
         "line 2: the shuffle or deal recorded here is not one the rules allow at that point."),
        ('{"seat":0,"action":{"type":"Done"}}\n',
         "line 2: Ann's move here is not allowed at that point (the rules tell Ann: "),
        ('{"seat":0,"action":{"type":"Fly"}}\n',
         "line 2: Ann's move is not one a Toy High Card match has: \"Fly\" is not a kind of move in "
         "that game."),
        ('{"undo":1,"count":1}\n',
         "line 2: Bob takes back 1 move(s) here, and only 0 may be taken back at that point."),
    ],
)
def test_a_refused_line_is_said_in_a_players_words(played, bad, said):
    """Play-test: "the rules refuse seat 43's Vote action" named a seat the
    table does not have, "chance's AssignLeader action" and "Cora's Pick
    action" the code's words."""
    lines = lines_of(played)
    lines[1] = bad
    write(played, lines)
    (problem,) = Match.load(played.path).problems
    assert said in problem.message
    assert "rules refuse" not in problem.message and "chance" not in problem.message


@pytest.mark.parametrize(("title", "said"), [
    ("Overseers", "an Overseers"), ("Overboss Duel", "an Overboss Duel"),
    ("Boss Quest", "a Boss Quest"), ("Overstocked", "an Overstocked"),
])
def test_a_game_title_takes_a_or_an_as_spoken(title, said):
    """"the header does not describe a Overseers match"."""
    from core.catalogue import CATALOGUE
    from core.wording import with_article

    assert title in {info.title for info in CATALOGUE.values()}
    assert with_article(title) == said


def _chance_lines(path) -> list[int]:
    """The 1-based numbers of the journal's lines that record chance."""
    lines = path.read_text().splitlines()
    return [n for n, line in enumerate(lines, start=1)
            if n > 1 and json.loads(line).get("seat") == CHANCE]


@pytest.mark.parametrize("game_id", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
@pytest.mark.parametrize("how", ["garbage", "refused"])
def test_a_resume_that_loses_a_draw_says_it_is_drawn_again(tmp_path, game_id, how):
    """play-test: an Overseers save damaged at a deal resumed with
    another character and pack, the dialog saying only that actions were
    lost. Chance is journalled, not seeded (host/session.py): a lost draw is
    drawn afresh, and `LoadedMatch.redrawn` says so. Every game."""
    seats = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
             PlayerSpec("Cy", "bot", "random"))
    match = Match.new(game_id, seats if game_id == "overseers" else seats[:2],
                      directory=tmp_path)
    play_to(match, 20, random.Random(5))
    match.close()
    lines = lines_of(match)
    bad = _chance_lines(match.path)[-1] - 1  # the line before the last draw
    lines[bad - 1] = ("\x00garbage\n" if how == "garbage"
                      else '{"seat":9,"action":{"type":"Pass"}}\n')
    write(match, lines)
    loaded = Match.load(match.path)
    assert loaded.lost and loaded.redrawn
    loaded.match.close()


@pytest.mark.parametrize("game_id", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
def test_a_resume_that_loses_no_draw_does_not_say_so(tmp_path, game_id):
    seats = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
             PlayerSpec("Cy", "bot", "random"))
    match = Match.new(game_id, seats if game_id == "overseers" else seats[:2],
                      directory=tmp_path)
    rng = random.Random(5)
    play_to(match, 12, rng)
    while CHANCE in match.to_act() or match.history[-1][0] == CHANCE:
        random_step(match, rng)
    assert not match.finished
    match.close()
    lines = lines_of(match)
    lines[-1] = "\x00garbage\n"  # a seat's move, and no draw after it
    write(match, lines)
    loaded = Match.load(match.path)
    assert loaded.lost == 1 and not loaded.redrawn
    loaded.match.close()


def test_one_line_left_out_is_said_in_the_singular():
    """QA: "the 1 action after it are lost"; hostile saves: what is left
    out is lines (an undo, or no entry at all), not actions."""
    assert journal.resume_words(4, 1) == "The match can resume at action 4, leaving out this line"
    assert journal.resume_words(4, 9).endswith("leaving out this line and the 8 after it")


def _still_writable(loaded, played):
    """A blank line is no damage: the match goes on in its own file."""
    match = loaded.match
    step_any(match)
    assert match.path == played.path
    match.close()
    again = Match.load(played.path)
    assert again.ok, again.problems
    assert again.match.history == match.history


@pytest.mark.parametrize("blank", ["\n", "   \n", "\t \r\n"])
def test_a_trailing_blank_line_is_not_a_lost_action(played, blank):
    """QA: `echo >> journal` marked the match damaged, "the 1 action after
    it is lost" when nothing was."""
    write(played, lines_of(played) + [blank])
    raw = journal.read_lines(played.path)
    assert raw.problems == () and raw.unread == 0 and raw.actions == 12
    loaded = Match.load(played.path)
    assert loaded.ok and loaded.lost == 0
    assert loaded.match.history == played.history
    _still_writable(loaded, played)


def test_a_blank_line_in_the_middle_keeps_every_action(played):
    """QA: a blank line threw away every action after it."""
    lines = lines_of(played)
    write(played, lines[:5] + ["\n", "  \n"] + lines[5:])
    loaded = Match.load(played.path)
    assert loaded.ok and loaded.lost == 0
    assert loaded.match.history == played.history
    assert loaded.match.state == played.state


def test_many_trailing_newlines_are_not_actions(played):
    """QA: a million trailing newlines showed as "1000024 actions"."""
    write(played, lines_of(played) + ["\n" * 100_000])
    raw = journal.read_lines(played.path)
    assert raw.problems == () and raw.unread == 0 and raw.actions == 12
    loaded = Match.load(played.path)
    assert loaded.ok and loaded.match.history == played.history


def test_a_whitespace_tail_without_newline_is_not_torn(played):
    write(played, lines_of(played) + ["\n", "  "])
    loaded = Match.load(played.path)
    assert loaded.ok and loaded.match.history == played.history
    _still_writable(loaded, played)


def test_lines_after_a_blank_one_are_named_by_their_own_number(played):
    lines = lines_of(played)
    lines[6] = "\x00garbage\n"
    write(played, lines[:3] + ["\n"] + lines[3:] + ["\n"] * 5)
    loaded = Match.load(played.path)
    (problem,) = loaded.problems
    assert_names(problem, played.path, 8)  # file line 7, one blank line above it
    assert loaded.match.history == played.history[:5]
    # 7 lines from line 8 on: the blank lines after them are none
    assert loaded.lost == 7
    assert "action 5, leaving out this line and the 6 after it" in problem.message


def test_a_refused_line_after_a_blank_one_is_named_by_its_own_number(played):
    lines = lines_of(played)
    lines[2] = '{"seat":0,"action":{"type":"Done"}}\n'
    write(played, lines[:1] + ["\n", "\n"] + lines[1:])
    loaded = Match.load(played.path)
    assert [(p.kind, p.line) for p in loaded.problems] == [("refused", 5)]
    assert loaded.match.history == played.history[:1]


@pytest.mark.parametrize("how", ["damaged", "deleted"])
def test_a_continuation_carries_what_is_kept_beside_the_journal(played, how):
    """A match that goes on in a new journal took its table talk (one
    terminal) and its table settings and chat (a hub) only in memory: the
    files stayed beside the old journal, so the next resume lost them (a
    player who had resigned was seated again)."""
    from saves.store import CHAT_SUFFIX, HERE_SUFFIX, TABLE_SUFFIX

    kept = {suffix: f'{{"kept": "{suffix}"}}'.encode()
            for suffix in (TABLE_SUFFIX, CHAT_SUFFIX, HERE_SUFFIX)}
    for suffix, data in kept.items():
        played.path.with_suffix(suffix).write_bytes(data)
    if how == "damaged":
        write(played, lines_of(played) + ["{"])
        match = Match.load(played.path).match
    else:
        match = Match.load(played.path).match
        played.path.unlink()
    random_step(match, random.Random(1))
    assert match.path != played.path
    for suffix, data in kept.items():
        assert match.path.with_suffix(suffix).read_bytes() == data
        assert played.path.with_suffix(suffix).read_bytes() == data  # the old one keeps its own
    match.close()



@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ('{"seat":-1,"action":{"type":"Deal","card":{"suit":"S","rank":NaN}}}\n',
         "line 2: the shuffle or deal recorded here cannot be read: the 'rank' of its 'card' is "
         "NaN, not a whole number. "),
        ('{"seat":0,"action":{"type":"Peek"}}\n',
         "line 2: Ann's move here cannot be read: it has no 'seat'. "),
        ('{"seat":0,"action":{"type":"Done"}}\n',
         "line 2: Ann's move here is not allowed at that point (the rules tell Ann: "),
        ('{"undo":-1,"count":1}\n',
         "line 2: it takes back a shuffle or deal, and those cannot be taken back. "),
    ],
)
def test_a_line_is_named_without_the_actions_program_name(played, bad, said):
    """Play-test: "the shuffle or deal recorded here (deal) is not one an
    Overseers match has: its 'card' is NaN" named the action by its type
    ("(deal)", "(done)"), and an undo of a deal "chance takes back"."""
    lines = lines_of(played)
    lines[1] = bad
    write(played, lines)
    (problem,) = Match.load(played.path).problems
    assert said in problem.message
    assert "(deal)" not in problem.message and "(done)" not in problem.message
    assert "(peek)" not in problem.message and "chance" not in problem.message


@pytest.mark.parametrize(("content", "said"), [
    (b"", "the file is empty; there is no match to resume."),
    (b"\n \n\t\n", "the file holds only blank lines; there is no match to resume."),
])
def test_an_empty_journal_is_said_empty_without_a_line(tmp_path, content, said):
    """Play-test: a 0-byte journal was told "..., line 1: the file is
    empty": an empty file has no line 1. The file is left as it is."""
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    loaded = Match.load(path)
    (problem,) = loaded.problems
    assert problem.message == f"{path}: {said}"
    assert loaded.match is None and not problem.resumable
    assert path.read_bytes() == content


def test_a_link_to_nothing_is_said_to_be_a_broken_link(tmp_path):
    """Play-test: a dangling link named like a save was told "the file
    cannot be read (No such file or directory)": it is a link whose target
    is gone, and the target's path (printable) says which. The link stays."""
    link = tmp_path / "20261205T075819Z-overstocked-86e46179.jsonl"
    link.symlink_to(tmp_path / "gone\x1b[2J.jsonl")
    loaded = Match.load(link)
    (problem,) = loaded.problems
    assert problem.message == (
        f"{link}: the file is a broken link to {tmp_path}/gone\ufffd[2J.jsonl, which is not "
        "there, so the match cannot be resumed.")
    assert problem.kind == journal.UNREADABLE and not problem.resumable
    assert link.is_symlink() and not link.exists()
