"""Saves that nothing can break: hostile bytes, failed writes, a match
deleted or opened twice while it is played, private files.

Every case ends with a message naming the file, no exception, the other
matches still listed and resumable, and no applied action lost.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine import CHANCE
from saves import journal, store
from saves import match as match_module
from saves.journal import PlayerSpec
from saves.lock import MatchInUse, is_locked
from saves.match import Match, SaveFailed
from tests import toygame
from tests.saves_kit import random_step

PLAYERS = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"))
CORPUS = Path(__file__).parent / "journals"
BOSS_QUEST = CORPUS / "boss-quest-v1.jsonl"


@pytest.fixture(autouse=True)
def toy(monkeypatch, tmp_path):
    monkeypatch.setitem(journal.EXTRA_GAMES, "toy", toygame.GAME)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def played(actions: int = 6, seed: int = 1) -> Match:
    match = Match.new("toy", PLAYERS, toygame.Options(rounds=3))
    rng = random.Random(seed)
    for _ in range(actions):
        random_step(match, rng)
    return match


def next_action(match: Match):
    to_act = match.to_act()
    if CHANCE in to_act:
        return CHANCE, match.game.chance_outcomes(match.state)[0][0]
    seat = min(to_act)
    return seat, match.game.legal_actions(match.state, seat)[0]


# --- lines that are JSON but not UTF-8 -----------------------------------------------------


def boss_quest_copy(directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / BOSS_QUEST.name
    shutil.copyfile(BOSS_QUEST, path)
    return path


@pytest.mark.parametrize(
    "bad",
    [
        # the reproduction: valid JSON, encoded as UTF-16 with a BOM
        json.dumps({"seat": 1, "action": {"type": "GoToWizard"}}).encode("utf-16") + b"\n",
        # a lone surrogate, raw (not UTF-8) and as a JSON escape
        b'{"seat": 1, "action": {"type": "GoToWizard\xed\xa0\x80"}}\n',
        b'{"seat": 1, "action": {"type": "GoToWizard\\ud800"}}\n',
        # a UTF-8 byte-order mark, UTF-32
        b'\xef\xbb\xbf{"seat": 1, "action": {"type": "GoToWizard"}}\n',
        json.dumps({"seat": 1, "action": {"type": "GoToWizard"}}).encode("utf-32") + b"\n",
        # deeply nested
        b"[" * 100_000 + b"]" * 100_000 + b"\n",
        # numbers out of range
        b'{"finished": {"winners": [1e400], "scores": [1]}}\n',
        b'{"seat": 1' + b"0" * 5000 + b', "action": {"type": "GoToWizard"}}\n',
    ],
)
def test_a_line_that_is_not_utf8_json_is_corrupt_not_a_crash(tmp_path, bad):
    data = tmp_path / "data" / "matches"
    path = boss_quest_copy(data)
    healthy = played()
    healthy.close()
    good = BOSS_QUEST.read_bytes()
    with Match.load(path).match as pristine:
        history = pristine.history
    path.write_bytes(good + bad)
    raw = journal.read_lines(path)
    assert raw.problems and str(path) in raw.problems[0].message
    assert raw.problems[0].line == good.count(b"\n") + 1
    loaded = Match.load(path)
    assert loaded.match is not None
    assert loaded.match.history == history  # no applied action lost
    assert any(str(path) in p.message for p in loaded.problems)
    loaded.match.close()
    listing = {s.path: s for s in store.list_matches()}
    assert set(listing) == {path, healthy.path}
    assert listing[path].problem and str(path) in listing[path].problem
    assert listing[healthy.path].problem is None
    assert Match.load(healthy.path).ok


def test_a_journal_saved_with_a_byte_order_mark_resumes():
    """Hostile-input play-test: a journal opened and saved in Windows
    Notepad (which starts the file with a UTF-8 byte-order mark) was listed
    as unplayable, "line 1: the header is not a journal header". Journals
    are UTF-8 JSON lines, and the mark at the start of the file says only
    that: it is passed over, and the match resumes, is listed and goes on
    (its new lines appended after the old ones; the file is not rewritten)."""
    match = played()
    history = match.history
    match.close()
    path = match.path
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    loaded = Match.load(path)
    assert loaded.ok and not loaded.problems, loaded.problems
    with loaded.match as again:
        assert again.history == history
        again.apply(*next_action(again))
        assert again.path == path  # not a copy: the journal itself is sound
        longer = again.history
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    (listed,) = store.list_matches()
    assert listed.path == path and listed.problem is None and listed.resumable
    with Match.load(path).match as third:
        assert third.history == longer
    assert store.last_game(path.parent) == "toy"


@pytest.mark.parametrize("depth", [33, 975])  # just past MAX_NESTING, and the review's
def test_a_header_nested_too_deep_is_refused_on_every_thread_and_hides_no_match(depth):
    """Hostile review, finding 4: a header holding a value nested 975 deep
    was read in the home screen's worker thread, so Continue offered it
    (hiding the real latest match), and refused on the main thread when it
    was chosen: "cannot be resumed ... not a journal header". Nesting is
    bounded by the reader itself, so every thread says the same: the file
    cannot be resumed, and Continue offers the match that can."""
    import threading

    healthy = played()
    healthy.close()
    lines = healthy.path.read_text().splitlines()
    lines[0] = lines[0][:-1] + ',"x":' + "[" * depth + "]" * depth + "}"
    deep = healthy.path.with_name("deep.jsonl")
    deep.write_text("\n".join(lines) + "\n")
    t = healthy.path.stat().st_mtime + 60
    os.utime(deep, (t, t))
    verdicts = []

    def verdict() -> None:
        raw = journal.read_lines(deep)
        verdicts.append((raw.header is None, store.latest().path))

    verdict()
    worker = threading.Thread(target=verdict)
    worker.start()
    worker.join()
    assert verdicts == [(True, healthy.path)] * 2
    assert "not a journal header" in Match.load(deep).problems[0].message
    # a line of the journal's own depth and brackets in its text are read
    assert journal.parse(('{"a":' + "[" * (journal.MAX_NESTING - 1) + "]" * (
        journal.MAX_NESTING - 1) + ',"b":"' + "[" * 99 + '\\""}').encode()) is not None


def test_a_header_with_a_lone_surrogate_is_refused(tmp_path):
    path = tmp_path / "m.jsonl"
    header = json.loads(BOSS_QUEST.read_text().splitlines()[0])
    header["players"][0]["name"] = "\ud800"
    path.write_text(json.dumps(header) + "\n")  # ASCII-escaped: valid UTF-8 JSON
    loaded = Match.load(path)
    assert loaded.match is None
    assert str(path) in loaded.problems[0].message


def test_an_unreadable_journal_is_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "data" / "matches" / "a-directory.jsonl"
    path.mkdir(parents=True)
    healthy = played()
    healthy.close()
    loaded = Match.load(path)
    assert loaded.match is None and str(path) in loaded.problems[0].message
    listing = {s.path: s for s in store.list_matches()}
    assert not listing[path].resumable
    assert store.latest().path == healthy.path


REAL_LINES = [
    line + b"\n"
    for p in sorted(CORPUS.glob("*.jsonl"))
    for line in p.read_bytes().split(b"\n")[1:40]
    if line
]
REAL_HEADERS = [p.read_bytes().split(b"\n")[0] + b"\n" for p in sorted(CORPUS.glob("*.jsonl"))]


@st.composite
def mutated_lines(draw, lines=REAL_LINES):
    line = bytearray(draw(st.sampled_from(lines)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        at = draw(st.integers(0, max(len(line) - 1, 0)))
        if kind == "flip" and line:
            line[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            line[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif kind == "delete" and line:
            del line[at]
        else:
            line = line[:at]
    return bytes(line)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(tail=st.lists(st.one_of(st.binary(max_size=60), mutated_lines()), max_size=4))
def test_fuzz_nothing_escapes_the_reader(tmp_path, tail):
    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(BOSS_QUEST.read_bytes() + b"".join(tail))
    raw = journal.read_lines(path)
    assert all(str(path) in p.message for p in raw.problems)
    loaded = Match.load(path)
    assert all(str(path) in p.message for p in loaded.problems)
    if loaded.match is not None:
        loaded.match.close()
    store._summary(path, 0.0)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.one_of(st.binary(max_size=200), mutated_lines().map(lambda b: b)))
def test_fuzz_any_bytes_as_a_whole_file(tmp_path, data):
    path = tmp_path / "any.jsonl"
    path.write_bytes(data)
    journal.read_lines(path)
    loaded = Match.load(path)
    if loaded.match is not None:
        loaded.match.close()
    store._summary(path, 0.0)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(header=mutated_lines(REAL_HEADERS), which=st.integers(0, len(REAL_HEADERS) - 1))
def test_fuzz_a_mutated_header(tmp_path, header, which):
    corpus = sorted(CORPUS.glob("*.jsonl"))[which].read_bytes()
    path = tmp_path / "header.jsonl"
    path.write_bytes(header + corpus.split(b"\n", 1)[1])
    raw = journal.read_lines(path)
    assert all(str(path) in p.message for p in raw.problems)
    loaded = Match.load(path)
    assert all(str(path) in p.message for p in loaded.problems)
    if loaded.match is not None:
        loaded.match.close()
    store._summary(path, 0.0)


# --- a save that fails ----------------------------------------------------------------------


WRITE_ALL = match_module._write_all


def failing_writer(error: int, partial: bool):
    def write_all(fd: int, data: bytes) -> None:
        if partial:
            os.write(fd, data[: len(data) // 2])
        raise OSError(error, os.strerror(error))

    return write_all


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS, errno.EIO])
@pytest.mark.parametrize("partial", [False, True])
def test_a_failed_write_applies_nothing_and_leaves_the_journal(monkeypatch, error, partial):
    match = played()
    before = match.path.read_bytes()
    state, history, log = match.state, list(match.history), match.log()
    seat, action = next_action(match)
    monkeypatch.setattr(match_module, "_write_all", failing_writer(error, partial))
    with pytest.raises(SaveFailed) as caught:
        match.apply(seat, action)
    assert str(match.path) in str(caught.value)
    assert os.strerror(error) in str(caught.value)
    assert match.state == state and match.history == history and match.log() == log
    assert match.path.read_bytes() == before
    # the player tries again once there is room
    monkeypatch.setattr(match_module, "_write_all", WRITE_ALL)
    match.apply(seat, action)
    assert match.history == [*history, (seat, action)]
    match.close()
    again = Match.load(match.path)
    assert again.ok and again.match.history == match.history


def test_a_read_only_file_system_refuses_the_open(monkeypatch):
    match = played()
    before = match.path.read_bytes()
    history = list(match.history)

    def read_only(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(match_module, "_open_append", read_only)
    seat, action = next_action(match)
    with pytest.raises(SaveFailed, match="Read-only file system"):
        match.apply(seat, action)
    assert match.history == history and match.path.read_bytes() == before


def test_a_failed_undo_takes_nothing_back(monkeypatch):
    """(Of an action played before the match was loaded: a take-back of one
    this match just wrote cuts its line off, and writes nothing.)"""
    match = played(0)
    rng = random.Random(0)
    while CHANCE in match.to_act():
        match.step_chance(rng)
    match.apply(0, toygame.Raise())
    match.close()
    match = Match.load(match.path).match
    before = match.path.read_bytes()
    monkeypatch.setattr(match_module, "_write_all", failing_writer(errno.ENOSPC, True))
    with pytest.raises(SaveFailed):
        match.undo(0)
    assert match.history[-1] == (0, toygame.Raise()) and match.path.read_bytes() == before


def test_a_failed_copy_of_a_damaged_journal_leaves_no_file(monkeypatch):
    match = played()
    with open(match.path, "a") as f:
        f.write("{")
    match.close()
    loaded = Match.load(match.path).match
    files = set(match.path.parent.iterdir())
    monkeypatch.setattr(match_module, "_write_all", failing_writer(errno.ENOSPC, True))
    seat, action = next_action(loaded)
    with pytest.raises(SaveFailed):
        loaded.apply(seat, action)
    assert set(match.path.parent.iterdir()) == files
    assert loaded.path == match.path and loaded.history == match.history
    monkeypatch.setattr(match_module, "_write_all", WRITE_ALL)
    loaded.apply(seat, action)
    assert loaded.path != match.path


def test_a_new_match_that_cannot_be_written_leaves_no_file(monkeypatch, tmp_path):
    monkeypatch.setattr(match_module, "_write_all", failing_writer(errno.ENOSPC, True))
    with pytest.raises(SaveFailed):
        Match.new("toy", PLAYERS, directory=tmp_path / "d")
    assert list((tmp_path / "d").iterdir()) == []


# --- deleting the match being played ----------------------------------------------------


def test_the_match_being_played_cannot_be_deleted():
    match = played()
    with pytest.raises(MatchInUse, match="being played"):
        store.delete(match.path)
    assert match.path.exists()
    match.close()
    store.delete(match.path)
    assert not match.path.exists()


@pytest.mark.parametrize("edit", ["deleted", "replaced by a copy", "replaced by /dev/full"])
def test_a_journal_deleted_or_replaced_while_open_goes_on_in_a_new_file(edit):
    """Hostile review, finding 6: a journal deleted or replaced while its
    match was open refused every move: "Nothing was played; try again, or
    leave the match (it is saved up to the last action)". Deleted, that was
    false, and leaving lost the match; replaced by an identical copy (an
    editor's save, a sync tool), trying again never worked. The match goes
    on in a new journal holding every move, as it does when another program
    writes to the journal; the old path is never written to (a deleted
    journal is not recreated without its header)."""
    match = played()
    old = match.path
    if edit == "deleted":
        old.unlink()  # behind Overtable's back
    elif edit == "replaced by a copy":
        copy = old.with_name("copy.tmp")
        shutil.copyfile(old, copy)
        os.replace(copy, old)
    else:
        old.unlink()
        old.symlink_to("/dev/full")
    left = old.read_bytes() if old.is_file() and edit != "replaced by /dev/full" else None
    seat, action = next_action(match)
    match.apply(seat, action)
    assert match.path != old and match.path.parent == old.parent
    if edit == "deleted":
        assert not old.exists()
    elif left is not None:
        assert old.read_bytes() == left
    played_here = list(match.history)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.problems == () and loaded.match.history == played_here
    loaded.match.close()


def test_a_closed_match_writes_nothing():
    match = played()
    match.close()
    before = match.path.read_bytes()
    with pytest.raises(SaveFailed):
        match.apply(*next_action(match))
    assert match.path.read_bytes() == before


# --- the same match opened twice ------------------------------------------------------------


def test_a_match_cannot_be_opened_twice_in_one_process():
    match = played()
    second = Match.load(match.path)
    assert second.match is None
    (problem,) = second.problems
    assert problem.kind == journal.IN_USE and not problem.resumable
    assert "already being played" in problem.message and str(match.path) in problem.message
    assert is_locked(match.path)
    (listed,) = store.list_matches()
    assert listed.in_use
    assert store.latest() is None  # Continue does not offer a match played elsewhere
    match.close()
    assert not is_locked(match.path)
    third = Match.load(match.path)
    assert third.ok
    del third  # garbage collected: the lock goes with it
    assert not is_locked(match.path)


def test_a_match_left_in_a_reference_cycle_does_not_hold_its_journal():
    import gc

    match = played()
    path = match.path
    match.cycle = match  # as a table and its screens may hold each other
    gc.disable()
    try:
        del match
        loaded = Match.load(path)  # collects the unreachable match first
        assert loaded.ok
        # a match still open is still refused, even after a collection
        assert Match.load(path).problems[0].kind == journal.IN_USE
        loaded.match.close()
    finally:
        gc.enable()


LOCKER = """
import sys, time
from tests import toygame
from saves import journal
from saves.match import Match
journal.EXTRA_GAMES['toy'] = toygame.GAME
loaded = Match.load(sys.argv[1])
print("ok" if loaded.ok else loaded.problems[0].kind, flush=True)
sys.stdin.readline()
"""


def test_a_match_cannot_be_opened_twice_in_two_processes():
    match = played()
    match.close()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    first = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(match.path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert first.stdout.readline().strip() == "ok"
        second = subprocess.run(
            [sys.executable, "-c", LOCKER, str(match.path)],
            input="\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert second.stdout.strip() == journal.IN_USE
        assert Match.load(match.path).problems[0].kind == journal.IN_USE
        with pytest.raises(MatchInUse):
            store.delete(match.path)
    finally:
        first.communicate("\n", timeout=60)
    # the process ended: the lock went with it
    assert Match.load(match.path).ok


# --- Continue picks a match that resumes ------------------------------------------------


def test_continue_skips_newer_journals_that_cannot_be_resumed(monkeypatch):
    healthy = played()
    healthy.close()
    directory = healthy.path.parent
    t = healthy.path.stat().st_mtime
    header = json.loads(healthy.path.read_text().splitlines()[0])
    unknown = directory / "unknown-game.jsonl"
    unknown.write_text(json.dumps(dict(header, game="no-such-game")) + "\n")
    refused = directory / "refused-setup.jsonl"
    refused.write_text(json.dumps(dict(header, options={"rounds": "many"})) + "\n")
    for path in (unknown, refused):
        os.utime(path, (t + 100, t + 100))
    assert {s.path for s in store.list_matches()} == {healthy.path, unknown, refused}
    assert store.latest().path == healthy.path


def test_a_newer_rules_version_is_still_resumed(monkeypatch):
    match = played()
    match.close()
    monkeypatch.setattr(toygame.ToyGame, "rules_version", 2)
    assert store.latest().path == match.path


# --- private files ---------------------------------------------------------------------------


def test_journals_are_private():
    match = played()
    directory = match.path.parent
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(match.path.stat().st_mode) == 0o600
    # a directory left open by an older version is tightened
    directory.chmod(0o755)
    other = Match.new("toy", PLAYERS)
    assert stat.S_IMODE(directory.stat().st_mode) == 0o700
    assert stat.S_IMODE(other.path.stat().st_mode) == 0o600


def test_a_read_only_matches_folder_stays_read_only():
    """The hostile-input play-test: a matches folder made read-only (555) was
    "tightened" to 700, which gave the owner back the write bit, and a new
    match was written into it (README, "Saved matches": a match whose
    directory cannot be written is not started). Only the group's and
    others' bits are taken away: 555 becomes 500, still read-only. (As
    root the refusal itself cannot be seen: the mode is what is checked.)"""
    match = played()
    match.close()
    directory = match.path.parent
    directory.chmod(0o555)
    try:
        with contextlib.suppress(SaveFailed):  # refused, unless root writes anyway
            Match.new("toy", PLAYERS).close()
        assert stat.S_IMODE(directory.stat().st_mode) == 0o500
    finally:
        directory.chmod(0o700)


def test_a_copy_is_private_too():
    match = played()
    with open(match.path, "a") as f:
        f.write("{")
    match.close()
    loaded = Match.load(match.path).match
    loaded.apply(*next_action(loaded))
    assert loaded.path != match.path
    assert stat.S_IMODE(loaded.path.stat().st_mode) == 0o600


# --- files that are not journals at all ------------------------------------------------------


def _not_regular(kind: str, directory: Path) -> Path:
    path = directory / f"odd-{kind}.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
    return path


@pytest.mark.parametrize("kind", ["fifo", "zero", "directory"])
def test_a_journal_that_is_not_a_regular_file_neither_hangs_nor_hides_the_others(kind):
    """A pipe (a read never ends or never starts) or /dev/zero (never ends)
    where a journal should be made listing, Continue and `saves --list`
    hang; it is now unreadable, the good match beside it still resumes."""
    good = played()
    good.close()
    odd = _not_regular(kind, good.path.parent)
    code = (
        "import sys; from saves import journal, store; from saves.match import Match;"
        "from tests import toygame; journal.EXTRA_GAMES['toy'] = toygame.GAME;"
        "p = sys.argv[1]; raw = journal.read_lines(p); print(raw.problems[0].kind);"
        "print(Match.load(p).match is None); print(store.is_locked(p));"
        "print(len(store.list_matches()), store.latest().path);"
        "print(store.last_setup('toy') is not None)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(odd)], capture_output=True, text=True,
                          timeout=30, cwd=Path(__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    kind_, unloaded, locked, listed, *rest = done.stdout.split("\n")
    assert (kind_, unloaded, locked) == (journal.UNREADABLE, "True", "False")
    assert listed == f"2 {good.path}"
    assert rest[0] == "True"
    assert odd.exists() or odd.is_symlink()


def test_a_line_too_long_to_be_an_entry_is_a_bad_line_and_the_match_resumes(monkeypatch):
    """The newcomer's play-test: one 60 MB line appended to a journal made
    the whole file "too large to be a journal": the match listed with "?"
    players, and unplayable, where a 12 MB bad line offered to resume. A
    line past the longest an entry may be is a bad line like any other, and
    it is passed over in pieces, never read whole."""
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", 4096, raising=False)
    good = played()
    good.close()
    history = list(Match.load(good.path).match.history)
    big = good.path.parent / "big.jsonl"
    with open(big, "wb") as file:
        file.write(good.path.read_bytes())
        file.write(b'{"seat":0,"action":{"type":"Pick","card":"' + b"x" * 50_000 + b'"}}\n')
        file.write(good.path.read_bytes().splitlines(keepends=True)[-1])
    reads: list[int] = []
    real_open = os.fdopen

    def counted(fd, mode="r", *args, **kwargs):
        file = real_open(fd, mode, *args, **kwargs)
        real_readline = file.readline

        def readline(size=-1):
            line = real_readline(size)
            reads.append(len(line))
            return line
        file.readline = readline
        return file
    monkeypatch.setattr(journal.os, "fdopen", counted)
    raw = journal.read_lines(big)
    monkeypatch.setattr(journal.os, "fdopen", real_open)
    assert [p.kind for p in raw.problems] == [journal.CORRUPT]
    problem = raw.problems[0]
    assert problem.resumable and "too long" in problem.message
    assert problem.line == len(good.path.read_bytes().splitlines()) + 1
    assert raw.unread == 2 and raw.actions == len(history)
    assert reads and max(reads) <= 4097
    loaded = Match.load(big)
    assert loaded.match is not None and loaded.match.history == history
    assert all(p.resumable for p in loaded.problems)
    listed = store.list_matches(good.path.parent)
    assert {m.path.name: m.resumable for m in listed}["big.jsonl"]
    loaded.match.close()


def test_a_journal_past_the_most_a_match_holds_resumes_before_that_line(monkeypatch):
    """A journal longer than a match may be (appended to by hand) was
    refused unread; what comes before the line that passes the size is
    kept, as before any other bad line."""
    good = played()
    good.close()
    size = good.path.stat().st_size
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", size)
    big = good.path.parent / "big.jsonl"
    last = good.path.read_bytes().splitlines(keepends=True)[-1]
    big.write_bytes(good.path.read_bytes() + last * 3)
    raw = journal.read_lines(big)
    assert [p.kind for p in raw.problems] == [journal.CORRUPT]
    assert raw.problems[0].resumable
    assert "the most a saved match may hold" in raw.problems[0].message
    assert raw.unread == 3 and raw.lines == journal.read_lines(good.path).lines
    assert big.stat().st_size == size + 3 * len(last)


@pytest.mark.parametrize("created", [
    "../../../../escaped", "x/y", "a\x00b", "", "2026-13-45T99:99:99+00:00" + "/" * 40,
])
def test_a_damaged_journal_continues_beside_itself_whatever_its_created_says(created):
    """The copy of a damaged journal took its file name from the header's
    "created" text: "../" put it outside the matches directory, a "/" made
    every move fail to save, a NUL raised ValueError out of `apply`."""
    match = played()
    match.close()
    lines = match.path.read_text().split("\n")
    header = json.loads(lines[0])
    header["created"] = created
    damaged = match.path.parent / "damaged.jsonl"
    damaged.write_text("\n".join([json.dumps(header), *lines[1:]]) + "{")
    before = damaged.read_bytes()
    loaded = Match.load(damaged).match
    assert loaded is not None
    seat, action = next_action(loaded)
    loaded.apply(seat, action)
    assert loaded.path.parent == damaged.parent and loaded.path != damaged
    assert loaded.header.parent == header["match_id"]
    assert damaged.read_bytes() == before
    loaded.close()
    again = Match.load(loaded.path)
    assert again.ok and again.match.history == loaded.history
    again.match.close()


@pytest.mark.parametrize("target", ["nowhere.jsonl", "loop.jsonl"])
def test_a_broken_link_is_listed_unreadable_and_can_be_deleted(target):
    # (it was left out of the listing, as if deleted meanwhile)
    good = played()
    good.close()
    link = good.path.parent / "loop.jsonl"
    link.symlink_to(good.path.parent / target)
    listing = {s.path.name: s for s in store.list_matches()}
    assert set(listing) == {good.path.name, "loop.jsonl"}
    broken = listing["loop.jsonl"]
    assert not broken.resumable and broken.problem_kind == journal.UNREADABLE
    assert "loop.jsonl" in broken.problem
    assert store.latest().path == good.path
    store.delete(link)
    assert not link.is_symlink() and good.path.exists()


# --- a data directory that cannot be written ---------------------------------------------


def read_only(path):
    raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))


def test_a_journal_that_cannot_be_written_is_found_before_playing(monkeypatch):
    """The play-test: a match resumed from a read-only directory opened, and
    its first draw failed to save; the table then waited for good ("The
    Armorer hands out weapons..."). `cannot_save` says so before anything
    is played."""
    match = played()
    match.close()
    loaded = Match.load(match.path).match
    assert loaded.cannot_save() is None
    monkeypatch.setattr(match_module, "_open_append", read_only)
    assert loaded.cannot_save() == (
        f"{match.path}: the journal cannot be written (Read-only file system)")
    loaded.close()


def test_a_damaged_journal_whose_directory_cannot_be_written(monkeypatch):
    """A damaged journal continues in a new file beside it: its directory
    must be writable."""
    match = played()
    with open(match.path, "a") as f:
        f.write("{")
    match.close()
    loaded = Match.load(match.path).match
    assert loaded.cannot_save() is None
    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)
    reason = loaded.cannot_save()
    assert reason is not None and reason.startswith(f"{match.path}: this match continues")
    assert f"the directory {match.path.parent} cannot be written" in reason
    loaded.close()


def test_a_new_match_where_nothing_can_be_written_says_what_to_do(monkeypatch, tmp_path):
    """It said "Nothing was played; try again, or leave the match (it is
    saved up to the last action)", of a match never started."""
    directory = tmp_path / "d"
    monkeypatch.setattr(match_module, "_private_dir", read_only)
    with pytest.raises(SaveFailed) as raised:
        Match.new("toy", PLAYERS, directory=directory)
    message = str(raised.value)
    assert message.startswith(f"Could not create {directory}{os.sep}"), message
    assert "Read-only file system" in message and "try again" not in message
    assert f"the directory {directory} must be writable (OVERTABLE_DATA_DIR" in message
    assert not directory.exists()


async def test_resuming_a_match_that_cannot_be_saved_says_so_and_changes_nothing(monkeypatch):
    from tui.app import OvertableApp
    from tui.screens.confirm import ConfirmScreen

    match = Match.new("boss-quest", PLAYERS)
    match.close()
    before = match.path.read_bytes()
    monkeypatch.setattr(match_module, "_open_append", read_only)
    app = OvertableApp("resume", str(match.path), theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert screen.title_text == "This match cannot be played here"
        assert "the journal cannot be written (Read-only file system)" in screen.text
        assert "nothing was changed" in screen.text
        assert app.table is None and not is_locked(match.path)
    assert match.path.read_bytes() == before


async def test_a_delete_the_file_system_refuses_says_so_in_words(monkeypatch):
    """It read "Could not delete: [Errno 30] Read-only file system: '...'"."""
    from tui.app import OvertableApp

    match = Match.new("boss-quest", PLAYERS)
    match.close()

    def refuse(path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr(store, "delete", refuse)
    app = OvertableApp("saves", None, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        for _ in range(5):
            await pilot.pause()
        notes = [n.message for n in app._notifications]
    # the match in words: its path broke across the notice's rows
    assert "Could not delete Boss Quest (Ann, Bob): Read-only file system. It is still there." in notes
    assert not any("Errno" in note for note in notes)
    assert match.path.exists()


async def test_a_long_unknown_id_is_cut_in_the_notice():
    """Hostile-input play-test: a match id of 5,000 characters was echoed
    whole in "No saved match '…'"; it is cut as other quoted values are."""
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp

    app = OvertableApp("resume", "a" * 5000, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        notes = [str(n.message) for n in app._notifications]
    assert any(note.startswith("No saved match 'aaa") and note.endswith("….") for note in notes)
    assert max(len(note) for note in notes) < 100, notes


# --- valid JSON, wrong values: of megabytes, of the wrong type ---------------------------------


def _with(path: Path, line: int, change) -> Path:
    """A copy of the Overboss Duel journal of the corpus, its `line` (0: the
    header) changed by `change` (which takes and gives the line's value)."""
    lines = (CORPUS / "overboss-duel-v1.jsonl").read_text().splitlines()
    lines[line] = json.dumps(change(json.loads(lines[line])))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    return path


#: the longest a problem may be: the file's path and a sentence or two
LONGEST_PROBLEM = 600


def _said_in_a_line(path: Path) -> list[str]:
    """Every message a player reads about `path` (loading it, the listing,
    `overtable saves --list`); each is checked to be one short line, and
    the file to be left as it was."""
    from tui.cli import saves_text

    before = path.read_bytes()
    loaded = Match.load(path)
    if loaded.match is not None:
        loaded.match.close()
    listed = store.list_matches(path.parent, replay=True)
    messages = [p.message for p in loaded.problems] + [s.problem for s in listed if s.problem]
    for message in messages:
        assert "\n" not in message
        assert len(message) <= LONGEST_PROBLEM + len(str(path)), message[:300]
    for line in saves_text(listed, path.parent).splitlines():
        assert len(line) <= LONGEST_PROBLEM + len(str(path)), line[:300]
    assert path.read_bytes() == before
    return messages


@pytest.mark.parametrize(
    ("line", "change", "said"),
    [
        # an action's kind of megabytes was quoted whole: saves --list printed 8 MB
        (5, lambda v: {**v, "action": {"type": "x" * 2_000_000}}, "is not one an Overboss Duel match has"),
        (0, lambda v: {**v, "game": "g" * 2_000_000}, "does not know ('ggg"),
        (0, lambda v: {**v, "format": int("9" * 4000)}, "the journal is in format 999"),
        (0, lambda v: {**v, "seed": "s" * 2_000_000}, "its seed is 'sss"),
        (0, lambda v: {**v, "rules_version": [1]}, "its rules_version is [1]"),
        (0, lambda v: {**v, "players": 5}, "its 'players' is 5, not a list"),
    ],
)
def test_a_value_of_megabytes_or_the_wrong_type_is_named_in_one_short_line(
        tmp_path, line, change, said):
    path = _with(tmp_path / "m" / "big.jsonl", line, change)
    messages = _said_in_a_line(path)
    assert messages and all(said in m for m in messages), [m[:200] for m in messages]


@pytest.mark.parametrize("options", [
    {"short_board": "false"}, {"short_board": 0}, {"short_board": [1]}, {"short_board": None},
    "short",
])
def test_options_not_written_as_the_game_writes_them_are_refused_not_misread(tmp_path, options):
    """A header's "short_board": "false" was read as on (any text is true),
    and options that were a text or a list as every option at its default:
    the match was replayed on another board than its file says."""
    path = _with(tmp_path / "m" / "options.jsonl", 0, lambda v: {**v, "options": options})
    (message,) = _said_in_a_line(path)[:1]
    assert "the header does not describe an Overboss Duel match" in message
    assert "option" in message
    assert Match.load(path).match is None


@pytest.mark.parametrize("kind", ["loop", "to nothing"])
async def test_resuming_a_link_that_leads_nowhere_says_why_it_cannot_be_read(tmp_path, kind):
    """`overtable resume PATH` on a link to itself said "No saved match
    'PATH'" (the path was taken for a match id), as if no file were there."""
    from tui.app import OvertableApp
    from tui.screens.confirm import ConfirmScreen

    directory = tmp_path / "data" / "matches"
    directory.mkdir(parents=True)
    link = directory / "link.jsonl"
    link.symlink_to(link if kind == "loop" else directory / "gone.jsonl")
    app = OvertableApp("resume", str(link), theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen), [n.message for n in app._notifications]
        assert screen.title_text == "This match cannot be resumed"
        # by its name (its whole path broke across the box's rows); a link to
        # nothing is said to be one, and to what
        said = ("the file cannot be read (Too many levels of symbolic links" if kind == "loop"
                else f"the file is a broken link to {directory}/gone.jsonl, which is not there")
        assert f"{link.name}: {said}" in screen.text
    assert link.is_symlink()


@pytest.mark.parametrize("slot", ['"0"', "0.0", "true", "1.7"])
def test_an_action_value_of_another_type_is_refused_not_read_as_another(tmp_path, slot):
    """cattrs takes "0", 0.0 or true for a whole number, and 1.7 for 1: a
    line was replayed as an action it does not say (Draft(slot=1) for a
    slot of 1.7; "0" passed unremarked). It is refused at that line, as
    the hub refuses such a command."""
    lines = (CORPUS / "overboss-duel-v1.jsonl").read_text().splitlines()
    assert lines[11] == '{"seat":0,"action":{"slot":0,"type":"Draft"}}'
    lines[11] = lines[11].replace('"slot":0', f'"slot":{slot}')
    path = tmp_path / "typed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    loaded = Match.load(path)
    (problem,) = loaded.problems
    assert problem.line == 12 and problem.kind == journal.REFUSED
    assert f"its 'slot' is {slot}, not a whole number" in problem.message, problem.message
    assert len(loaded.match.history) == 10
    loaded.match.close()


@pytest.mark.parametrize(("field", "value"), [
    ("rules_version", "1"), ("rules_version", 1.9), ("rules_version", True),
    ("seed", "2026"), ("seed", 2026.5), ("format", True),
    ("players", [{"name": "P1", "kind": "wizard", "level": None},
                 {"name": "P2", "kind": "bot", "level": "random"}]),
    ("players", [{"name": 5, "kind": "human"}, {"name": "P2", "kind": "bot", "level": "random"}]),
    ("players", [{"name": "P1", "kind": "bot", "level": 3},
                 {"name": "P2", "kind": "bot", "level": "random"}]),
])
def test_a_header_value_of_another_type_is_refused_not_read_as_another(tmp_path, field, value):
    """A rules version "1" or 1.9 was read as 1 (and true as format 1), a
    seed of 2026.5 as 2026, a seat of kind "wizard" seated as nobody knew
    what: each is named, and the match is not replayed on a guess."""
    path = _with(tmp_path / "m" / "header.jsonl", 0, lambda v: {**v, field: value})
    loaded = Match.load(path)
    assert loaded.match is None
    (problem,) = loaded.problems
    assert problem.line == 1 and not problem.resumable
    said = {"players": "seat 1 is not a person or a bot", "format": "not a journal header"}
    assert said.get(field, f"its {field} is {value!r}, not a whole number") in problem.message


def test_numbers_of_thousands_of_digits_are_cut_and_odd_ids_and_winners_refused(tmp_path):
    """Hostile review, finding 8: an undo count or a seat of 4,300 digits
    went whole into the message a player reads (other values are cut); a
    header's match id written as {"a": [1]} was listed as "{'a': [1" and
    resumed; a last line naming winner 0.9 was read as seat 0. Numbers are
    cut like any value, and the id and the winner are refused, said in words."""
    huge = "9" * 4300
    undo = _with(tmp_path / "u" / "undo.jsonl", 0, lambda v: v)
    with undo.open("a") as f:  # past the end of the match: refused, whatever the count
        f.write('{"undo":0,"count":' + huge + "}\n")
    seat = _with(tmp_path / "s" / "seat.jsonl", 11, lambda v: {**v, "seat": 10 ** 4299})
    for path, said in ((undo, "P1 takes back 9999"), (seat, "it names seat 1000")):
        messages = _said_in_a_line(path)
        assert messages and all(said in m and huge[:100] not in m and "0" * 100 not in m
                                for m in messages), [m[:300] for m in messages]

    odd_id = _with(tmp_path / "i" / "id.jsonl", 0, lambda v: {**v, "match_id": {"a": [1]}})
    (problem,) = Match.load(odd_id).problems
    assert not problem.resumable and "its match_id is {'a': [1]}, not text" in problem.message
    (listed,) = store.list_matches(odd_id.parent, replay=True)
    assert listed.match_id == "" and not listed.resumable

    lines = (CORPUS / "overboss-duel-v1.jsonl").read_text().splitlines()
    assert lines[-1] == '{"finished":{"winners":[0],"scores":[71,53]}}'
    lines[-1] = '{"finished":{"winners":[0.9],"scores":[71,53]}}'
    fraction = tmp_path / "w" / "winner.jsonl"
    fraction.parent.mkdir()
    fraction.write_text("\n".join(lines) + "\n")
    (problem,) = journal.read_lines(fraction).problems
    assert problem.line == len(lines) and "not a valid journal entry" in problem.message
    (listed,) = store.list_matches(fraction.parent)
    assert not listed.finished and listed.winners == ()


@pytest.mark.parametrize("kind", ["empty", "folder"])
async def test_resuming_a_damaged_save_by_its_id_says_why_as_by_its_path(tmp_path, kind):
    """play-test: `overtable resume 86e46179` said "No saved match
    '86e46179'." for an empty journal (or a folder) whose name holds that
    id; by its path it said why. The id in the name finds it too."""
    from tui.app import OvertableApp
    from tui.screens.confirm import ConfirmScreen

    directory = tmp_path / "data" / "matches"
    directory.mkdir(parents=True)
    path = directory / "20261205T075819Z-overstocked-86e46179.jsonl"
    if kind == "empty":
        path.write_bytes(b"")
    else:
        path.mkdir()
    app = OvertableApp("resume", "86e4", theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(10):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen), [n.message for n in app._notifications]
        assert screen.title_text == "This match cannot be resumed"
        reason = ("the file is empty; there is no match to resume" if kind == "empty"
                  else "the file cannot be read (Is a directory)")
        assert reason in screen.text
    assert path.exists()


# --- a wrong value is said in a player's words, never the converter's --------------------------

#: the converter's (cattrs, JSONPath) words, which a player cannot act on
CONVERTER_WORDS = ("@ $", "expected", "invalid value for type", "no such kind or field",
                   "structuring", "unknown error")
#: one journal of each game, the newest rules of each (Boss Quest's v4 is a
#: Solo Quest: v3 holds the knights' moves)
EVERY_GAME = ("boss-quest-v3", "boss-quest-v4", "overboss-duel-v1", "overseers-v2",
              "overstocked-v1")
HOSTILE_VALUES = (float("nan"), "x", None, [1], {"a": 1}, 1.5, "king-kong", -(10 ** 4000))


def _hostile_lines(name: str):
    """(line index, changed line) for the first line of each kind of action
    in corpus journal `name`: its kind unknown, each field left out or
    given each of `HOSTILE_VALUES` (in its nested values too)."""
    lines = (CORPUS / f"{name}.jsonl").read_text().splitlines()
    seen: set[str] = set()
    for index, text in enumerate(lines[1:], start=1):
        value = json.loads(text)
        action = value.get("action")
        if not isinstance(action, dict) or action["type"] in seen:
            continue
        seen.add(action["type"])
        yield index, {**value, "action": {**action, "type": "Bogus"}}
        for key, field in action.items():
            if key == "type":
                continue
            yield index, {**value, "action": {k: v for k, v in action.items() if k != key}}
            for bad in HOSTILE_VALUES:
                yield index, {**value, "action": {**action, key: bad}}
            if isinstance(field, dict):
                for inner in field:
                    yield index, {**value, "action": {**action, key: {**field, inner: "x"}}}
            if isinstance(field, list) and field:
                yield index, {**value, "action": {**action, key: ["x", *field[1:]]}}


@pytest.mark.parametrize("name", EVERY_GAME)
def test_a_wrong_value_in_a_line_is_said_in_a_players_words(tmp_path, name):
    """A line's wrong value was explained in cattrs' words ("('DealBoss':
    invalid value for type, expected Boss @ $.boss)", "no such kind or
    field: 'Bogus'"); it says which value is wrong, as written, and what
    the game has there."""
    lines = (CORPUS / f"{name}.jsonl").read_text().splitlines()
    said = 0
    for number, (index, changed) in enumerate(_hostile_lines(name)):
        path = tmp_path / f"{number}.jsonl"
        path.write_text("\n".join([*lines[:index], json.dumps(changed), *lines[index + 1:]]) + "\n")
        loaded = Match.load(path)
        if loaded.match is not None:
            loaded.match.close()
        for problem in loaded.problems:
            if problem.line != index + 1:
                continue  # a value the rules then refuse, or took as another action
            said += 1
            assert not any(w in problem.message for w in CONVERTER_WORDS), problem.message
        path.unlink()
    assert said > 20


def test_the_kind_and_value_of_a_wrong_line_are_named():
    game = __import__("core").GAMES["overboss-duel"]
    codec = journal.codec(game)
    for stored, said in [
        ({"boss": "king-kong", "type": "DealBoss"},
         "its 'boss' is \"king-kong\", which is not a boss of Overboss Duel"),
        ({"slot": float("nan"), "type": "Draft"}, "its 'slot' is NaN, not a whole number"),
        ({"slot": 0.0, "type": "Draft"}, "its 'slot' is 0.0, not a whole number"),
        ({"type": "Draft"}, "it has no 'slot'"),
        ({"type": "Bogus"}, "\"Bogus\" is not a kind of move in Overboss Duel"),
    ]:
        with pytest.raises(ValueError) as error:
            codec.action(stored)
        assert str(error.value) == said


@pytest.mark.parametrize(("change", "said"), [
    (lambda v: {**v, "players": 5}, "its 'players' is 5, not a list"),
    (lambda v: {k: w for k, w in v.items() if k != "created"}, "it has no 'created'"),
    (lambda v: {**v, "options": {"ulul": "bogus"}},
     "its option 'ulul' is \"bogus\", not one of \"off\", \"classic\", \"night\""),
])
def test_a_wrong_header_value_is_said_in_a_players_words(tmp_path, change, said):
    lines = BOSS_QUEST.read_text().splitlines()
    lines[0] = json.dumps(change(json.loads(lines[0])))
    path = tmp_path / "header.jsonl"
    path.write_text("\n".join(lines) + "\n")
    (problem,) = Match.load(path).problems
    assert said in problem.message, problem.message
    assert not any(w in problem.message for w in CONVERTER_WORDS), problem.message
