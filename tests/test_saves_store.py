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


def older_and_newer(seed: int) -> tuple[Match, Match]:
    """Two closed unfinished matches, the first's last move 100 s older."""
    rng = random.Random(seed)
    made = []
    for _ in range(2):
        match = Match.new("toy", PLAYERS)
        advance(match, 3, rng)
        match.close()
        made.append(match)
    age(made[0].path, 100)
    return made[0], made[1]


def test_continue_brings_back_a_match_opened_and_left_without_a_move():
    """A match opened at a terminal and left without a move is the latest
    for Continue (its journal's time is its last move's, older than
    another's); a move in the other after that makes the other latest."""
    looked_at, played = older_and_newer(4)
    age(played.path, 50)
    assert store.latest().path == played.path
    store.mark_opened(looked_at.path)
    assert store.latest().path == looked_at.path
    # the saved list's "played" time stays that of the last move
    assert [s.path for s in store.list_matches()] == [played.path, looked_at.path]
    age(store.data_dir() / store.LAST_OPENED, 80)
    assert store.latest().path == played.path


def test_continue_skips_a_finished_match_last_opened():
    rng = random.Random(5)
    playing = Match.new("toy", PLAYERS)
    advance(playing, 3, rng)
    playing.close()
    age(playing.path, 100)
    done = Match.new("toy", PLAYERS, toygame.Options(rounds=1))
    finish(done)
    done.close()
    store.mark_opened(done.path)
    assert store.latest().path == playing.path


@pytest.mark.parametrize("note", [
    b"", b"../elsewhere.jsonl", b"sub/x.jsonl", b"x.txt", b"\xff\xfe.jsonl",
    b"a\nb.jsonl", b"a" * 5000 + b".jsonl", "link", "folder", "fifo",
])
def test_a_hostile_last_opened_note_is_no_note(note):
    older, newer = older_and_newer(6)
    marker = store.data_dir() / store.LAST_OPENED
    if note == "link":
        marker.symlink_to(older.path)  # its content is a journal, not a name
    elif note == "folder":
        marker.mkdir()
    elif note == "fifo":
        os.mkfifo(marker)  # would block a reader that waits
    else:
        marker.write_bytes(note)
    assert store.latest().path == newer.path


def test_marking_a_match_opened_in_a_folder_not_writable_is_quiet(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    store.mark_opened(folder / "gone" / "x.jsonl")  # no such folder: nothing raised
    assert not (folder / store.LAST_OPENED).exists()


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


def test_deleting_a_match_deletes_what_a_hub_kept_beside_it():
    """A shared match's hub keeps its table's settings and its chat beside
    the journal (host/hub.py): they go with it, not left behind for good
    (the chat is what players said). Not while the match is played."""
    a = Match.new("toy", PLAYERS)
    beside = [a.path.with_suffix(".chat.json"), a.path.with_suffix(".table.json")]
    for path in beside:
        path.write_text("{}")
    with pytest.raises(store.MatchInUse):
        store.delete(a.path)
    assert all(path.exists() for path in beside)
    a.close()
    store.delete(a.path)
    assert not a.path.exists()
    assert not any(path.exists() for path in beside)


def test_a_hub_s_chat_files_are_never_listed_as_saves():
    a = Match.new("toy", PLAYERS)
    directory = store.data_dir()
    a.path.with_suffix(".chat.json").write_text('{"chat": []}')
    (directory / "lobby-chat.json").write_text("not even json")
    (directory / f".{a.path.stem}.chat.json.x1y2.tmp").write_text("{")  # a write cut short
    assert [(s.path, s.problem) for s in store.list_matches()] == [(a.path, None)]


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



def test_last_setup_is_the_match_set_up_last_not_played_last(tmp_path, monkeypatch):
    """Play-test: Boss Quest set up with Bram a normal bot, then with Bram a
    person; the first resumed and played, and the form came back with Bram
    a bot. The form starts from the match set up last (README), whichever
    was played since."""
    from saves import match as match_module

    bot = (PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "normal"))
    person = (PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"))
    monkeypatch.setattr(match_module, "_now", lambda: "2026-12-07T09:00:52+00:00")
    first = Match.new("boss-quest", bot, directory=tmp_path)
    first.close()
    monkeypatch.setattr(match_module, "_now", lambda: "2026-12-07T09:05:10+00:00")
    second = Match.new("boss-quest", person, directory=tmp_path)
    second.close()
    age(second.path, 100)  # the first resumed and played since
    header = store.last_setup("boss-quest", tmp_path)
    assert header is not None and header.players == person
    assert store.last_setup("boss-quest", tmp_path, players=2).players == person


def test_last_game_is_the_newest_journals_known_game(tmp_path):
    """The game the new-match form opens on from the home screen's n: that
    of the newest journal whose first line reads and names a game known
    here; None with none (the first run)."""
    assert store.last_game(tmp_path) is None
    players = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "easy"),
               PlayerSpec("Cat", "bot", "easy"))
    older = Match.new("overboss-duel", players[:2], directory=tmp_path)
    older.close()
    age(older.path, 200)
    newer = Match.new("overseers", players, directory=tmp_path)
    newer.close()
    age(newer.path, 100)
    assert store.last_game(tmp_path) == "overseers"
    (tmp_path / "future.jsonl").write_text('{"game": "no-such-game"}\n')
    (tmp_path / "torn.jsonl").write_bytes(b'{"game": "overboss-duel", "play')
    assert store.last_game(tmp_path) == "overseers"


# --- which journal continues which: a header's "parent" is checked ------------

def _lines(path: Path) -> list[str]:
    return path.read_text().rstrip("\n").split("\n")


def _write_child(directory: Path, name: str, header: dict, lines: list[str]) -> Path:
    path = directory / name
    path.write_text("\n".join([json.dumps(header), *lines]) + "\n")
    return path


def _victim() -> tuple[Match, list[str]]:
    """A healthy match of 6 actions, closed: the match a forged file names."""
    match = Match.new("toy", PLAYERS)
    advance(match, 6, random.Random(3))
    match.close()
    return match, _lines(match.path)


def _forge(victim: Match, lines: list[str], **header_changes) -> Path:
    """A journal naming `victim` as its parent, older than it, holding its
    header (with a new match_id) unless told otherwise and `lines`."""
    header = json.loads(_lines(victim.path)[0])
    header.update(match_id="f" * 32, parent=victim.header.match_id, **header_changes)
    path = _write_child(victim.path.parent, "forged.jsonl", header, lines)
    age(path, 600)
    return path


def _hidden(victim: Match) -> bool:
    listing = {s.path: s for s in store.list_matches()}
    latest = store.latest()
    return listing[victim.path].superseded_by is not None or latest is None \
        or latest.path != victim.path


@pytest.mark.parametrize("forgery", [
    "other game's header", "other players", "a shorter start", "other lines",
    "the whole match and more",
])
def test_a_forged_child_never_hides_the_match_it_names(forgery):
    """A journal whose header names a match as its `parent` supersedes it
    only when it really continues it (saves/match.py `_fork`): the same
    match in its header (game, players, options, seed, created), the
    parent's lines first, and the parent one that could not be written to
    (a problem, or another rules version). A forged or copied file never
    hides a match from Continue nor marks it continued in the list."""
    victim, lines = _victim()
    body = lines[1:]
    extra = body[-1]  # a well-formed line to append
    if forgery == "other game's header":
        forged = _forge(victim, body + [extra], game="elsewhere")
    elif forgery == "other players":
        forged = _forge(victim, body + [extra], players=[
            {"name": "Eve", "kind": "human", "level": None},
            {"name": "Bob", "kind": "bot", "level": "random"}])
    elif forgery == "a shorter start":
        forged = _forge(victim, body[:2] + [extra])  # the victim refuses no line 4
    elif forgery == "other lines":
        forged = _forge(victim, [body[1], body[0], *body[2:], extra])
    else:
        forged = _forge(victim, body + [extra])  # a healthy match never forks
    assert not _hidden(victim)
    listing = {s.path: s for s in store.list_matches(replay=True)}
    assert listing[victim.path].superseded_by is None
    assert listing[forged].parent == victim.header.match_id  # said, not believed


def test_a_journal_naming_itself_as_parent_is_not_hidden():
    victim, lines = _victim()
    header = json.loads(lines[0])
    header["parent"] = header["match_id"]
    victim.path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    (saved,) = store.list_matches()
    assert saved.superseded_by is None and store.latest().path == victim.path


def test_a_copy_from_a_refused_line_or_other_rules_supersedes_its_parent():
    """The two other ways a match continues in a new file (saves/match.py):
    from the line before the one the rules refuse (the copy holds only the
    lines before it), and from a journal of another rules version (the
    copy holds them all)."""
    match, lines = _victim()
    # a refused line: the bot's seat acts out of turn at line 5
    refused = lines[:4] + [json.dumps({"seat": 7, "action": {"type": "Raise"}})] + lines[4:]
    match.path.write_text("\n".join(refused) + "\n")
    loaded = Match.load(match.path).match
    assert len(loaded.history) == 3
    advance(loaded, 1, random.Random(4))
    loaded.close()
    assert _lines(loaded.path)[1:4] == refused[1:4]
    for replay in (False, True):
        listing = {s.path: s for s in store.list_matches(replay=replay)}
        assert listing[match.path].superseded_by == loaded.header.match_id
    assert store.latest().path == loaded.path
    store.delete(loaded.path)
    # another rules version: every line is copied
    header = json.loads(lines[0])
    header["rules_version"] = 0
    match.path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    loaded = Match.load(match.path).match
    advance(loaded, 1, random.Random(4))
    loaded.close()
    listing = {s.path: s for s in store.list_matches()}
    assert listing[match.path].superseded_by == loaded.header.match_id


def test_of_several_copies_only_the_one_continued_is_marked_so():
    """Play-test: a hub resumed one of three copies of a match (a backup
    kept beside it), and `saves --list` marked every copy "continued in"
    the new journal: a copy damaged earlier was taken for its parent too,
    as the new journal holds its lines up to its refused one. The parent
    is the copy the new journal holds the most of."""
    match, lines = _victim()
    refused = json.dumps({"seat": 7, "action": {"type": "Raise"}})
    whole = match.path
    whole.write_text("\n".join([*lines, refused]) + "\n")  # refused at its end
    early = whole.parent / "early-copy.jsonl"
    early.write_text("\n".join([*lines[:4], refused, *lines[4:]]) + "\n")  # refused at line 5
    for path, ago in ((whole, 600), (early, 300)):
        age(path, ago)
    loaded = Match.load(whole).match
    assert len(loaded.history) == 6
    advance(loaded, 1, random.Random(4))  # goes on in a new journal
    loaded.close()
    for replay in (False, True):
        listing = {s.path: s for s in store.list_matches(replay=replay)}
        assert listing[whole].superseded_by == loaded.header.match_id
        assert listing[early].superseded_by is None


def test_a_new_journal_is_locked_before_it_is_written(tmp_path, monkeypatch):
    """A listing in another terminal probes each journal's lock for a
    moment; a new match took its lock only after writing its file, and a
    probe in between refused it as "already being played" (about one start
    in thirteen in a tight loop). The lock is taken first, and waits out a
    probe."""
    import saves.match as match_module
    from saves.lock import is_locked

    seen: list[bool] = []
    write_all = match_module._write_all

    def writing(fd, data):
        (path,) = [p for p in tmp_path.glob("*.jsonl")]
        seen.append(is_locked(path))
        write_all(fd, data)

    monkeypatch.setattr(match_module, "_write_all", writing)
    match = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")],
                      directory=tmp_path)
    assert seen == [True]
    match.close()


def test_a_new_match_that_cannot_be_written_says_nothing_was_played(tmp_path, monkeypatch):
    """A full disk while a new journal is written: the message is the one
    for a file that could not be created (nothing played or written, the
    directory must be writable), not "leave the match (it is saved up to
    the last action)" about a file that is gone."""
    import errno

    import saves.match as match_module
    from saves.match import SaveFailed

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(match_module, "_write_all", full)
    with pytest.raises(SaveFailed) as failed:
        Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")],
                  directory=tmp_path)
    message = str(failed.value)
    assert message.startswith("Could not create ") and "Nothing was played or written" in message
    assert "No space left on device" in message and "saved up to" not in message
    assert list(tmp_path.glob("*.jsonl")) == []


@pytest.mark.parametrize("edit", ["emptied", "cut-mid-line", "appended"])
def test_a_journal_edited_by_another_program_while_open_is_left_and_the_match_goes_on(
        tmp_path, edit):
    """Another program wrote to or cut the journal of an open match: the
    next moves were appended to the edited file (which then lost its header,
    or half the match). The match goes on in a new journal holding every
    move, and the edited file is left as that program left it."""
    match = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")],
                      directory=tmp_path)
    advance(match, 20, random.Random(4))
    old = match.path
    text = old.read_bytes()
    if edit == "emptied":
        old.write_bytes(b"")
    elif edit == "cut-mid-line":
        old.write_bytes(text[: len(text) // 2])
    else:
        with old.open("ab") as f:
            f.write(b'{"seat":0,"action":{"type":"Pass"}}\n')
    edited = old.read_bytes()
    advance(match, 10, random.Random(5))
    assert match.path != old and old.read_bytes() == edited
    played = list(match.history)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.problems == () and loaded.match.history == played
    loaded.match.close()


def test_a_journal_is_never_written_past_the_size_it_is_read_back_to(tmp_path, monkeypatch):
    """A player taking moves back and playing them again for hours grew a
    journal past the size a journal is read back to, and the match could
    not be resumed. The line that would pass it is refused (SaveFailed,
    nothing played), so the journal on disk always loads."""
    from saves import journal
    from saves.match import SaveFailed

    match = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")],
                      directory=tmp_path)
    advance(match, 10, random.Random(4))
    monkeypatch.setattr(journal, "MAX_JOURNAL_BYTES", match.path.stat().st_size + 200)
    with pytest.raises(SaveFailed, match="reached 0 MB, the most a saved match may hold"):
        advance(match, 50, random.Random(5))
    played = list(match.history)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.problems == () and loaded.match.history == played
    loaded.match.close()


def test_looking_for_continue_leaves_the_match_free_to_resume_elsewhere(monkeypatch):
    """Hostile review, finding 1: the home screen looking for its Continue
    entry replayed the newest match holding its lock, and a player resuming
    that match in another terminal meanwhile was told it "is already being
    played" (and `overtable saves` showed it playing). Continue is looked
    for read only: the other terminal opens the match."""
    match = Match.new("toy", PLAYERS)
    advance(match, 3, random.Random(1))
    match.close()
    elsewhere: list[tuple[bool, tuple[str, ...], bool] | None] = []
    replay = Match._replay

    def resumed_in_another_terminal_meanwhile(self, raw):
        if not elsewhere:
            elsewhere.append(None)  # once: the other terminal's load replays too
            listed = store.list_matches()[0]
            other = Match.load(match.path)
            elsewhere[0] = (other.match is not None,
                            tuple(p.kind for p in other.problems), listed.in_use)
            if other.match is not None:
                other.match.close()
        return replay(self, raw)

    monkeypatch.setattr(Match, "_replay", resumed_in_another_terminal_meanwhile)
    assert store.latest().path == match.path
    assert elsewhere == [(True, (), False)]


def test_the_boxes_put_away_here_are_kept_and_read_as_untrusted(tmp_path):
    """`KeptHere.put_away` (how many combats a person here put away) comes
    back as written; an older file without it, or a value of the wrong
    type, is nothing kept (the rest of the file still is)."""
    journal_path = tmp_path / "m.jsonl"
    here = journal_path.with_suffix(store.HERE_SUFFIX)
    kept = store.KeptHere(talk=((1, "Ann: hi"),), put_away=(("combats", 2), ("waves", 0)))
    assert store.write_here(journal_path, kept) is None
    assert store.read_here(journal_path) == kept
    here.write_text(json.dumps({"talk": [[1, "Ann: hi"]], "uncovered": 3}))  # an older file
    assert store.read_here(journal_path) == store.KeptHere(talk=((1, "Ann: hi"),), uncovered=3)
    for hostile in ([2], "combats", {"combats": -1}, {"combats": 2.0}, {"combats": True},
                    {"combats": "2"}, {"combats": None}, {"x" * 100: 2}, {"combats": [2]}):
        here.write_text(json.dumps({"talk": [[1, "Ann: hi"]], "put_away": hostile}))
        assert store.read_here(journal_path) == store.KeptHere(talk=((1, "Ann: hi"),)), hostile
    here.write_text(json.dumps({"put_away": {"combats": 2, "waves": "x", "rounds": 10**30}}))
    assert store.read_here(journal_path).put_away == (("combats", 2), ("rounds", 10**30))
