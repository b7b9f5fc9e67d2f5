"""The saved-matches listing: who plays (people and bots), how far each
match got (the game's rounds or turns, from a read-only replay) and the
problem of a damaged journal, in the store and on the screen at 80x24."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from core import GAMES
from saves import journal, store
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import screen_text, wait_for
from tests.test_saves_store import advance


@pytest.fixture(autouse=True)
def data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def played(game_id: str, players: list[PlayerSpec], actions: int) -> Match:
    match = Match.new(game_id, players)
    advance(match, actions, random.Random(1))
    match.close()
    return match


SEATS = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
         PlayerSpec("Cora", "bot", "random"), PlayerSpec("Dev", "bot", "heuristic")]


def test_people_by_name_and_bots_counted():
    match = played("boss-quest", SEATS, 5)
    (saved,) = store.list_matches()
    assert saved.path == match.path
    assert saved.people == ("Ann", "Bram") and saved.bots == 2
    from tui.screens.saved import players_text

    assert players_text(saved) == "Ann, Bram +2 bots"


def test_a_solo_match_against_the_rules_bot_says_solo_not_a_bot():
    """Play-test: Overstocked solo and Overstocked against a bot both read
    "Ann +1 bot" in the saved matches."""
    from tui.screens.saved import players_text

    solo = GAMES["overstocked"].Options(solo=True)
    Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "easy")],
              solo).close()
    Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "normal")]
              ).close()
    texts = sorted(players_text(saved) for saved in store.list_matches())
    assert texts == ["Ann +1 bot", "Ann solo"]


def test_the_solo_quest_says_solo():
    """Play-test (2026-12-04): a Solo Quest (Boss Quest for one) read "Ann"
    alone in the saved matches, an Overstocked solo match "Ann solo"."""
    from tui.screens.saved import players_text

    Match.new("boss-quest", [PlayerSpec("Ann", "human")]).close()
    (saved,) = store.list_matches()
    assert players_text(saved) == "Ann solo"


def test_a_match_played_today_shows_its_time_an_older_one_its_day():
    """Play-test: "Played" showed only the day, so a day's matches read alike."""
    from types import SimpleNamespace

    from tui.screens.saved import played as played_cell

    today = SimpleNamespace(updated="2026-12-03T14:05:00", created=None)
    older = SimpleNamespace(updated="2026-11-30T09:00:00", created=None)
    assert played_cell(today, today="2026-12-03") == "14:05:00"
    assert played_cell(older, today="2026-12-03") == "2026-11-30"


def test_the_played_column_has_one_format_for_a_days_times():
    """Play-test (saves, finding 5): the list mixed "09:46:40" and
    "09:45", the seconds shown only for rows that read alike. Every time
    of the day has its seconds; an older row, its day."""
    import re
    from types import SimpleNamespace

    from tui.screens.saved import rows_of

    def saved(updated: str) -> SimpleNamespace:
        return SimpleNamespace(updated=updated, created=None, title="Overstocked", game="overstocked",
                               who_plays=lambda: "3 bots", progress="round 1", finished=False,
                               in_use=False, match_id="m", problem=None)

    matches = [saved("2026-12-06T09:46:40"), saved("2026-12-06T09:46:20"),
               saved("2026-12-06T09:45:00"), saved("2026-11-01T08:00:00")]
    cells = [row[2] for row in rows_of(matches, today="2026-12-06")]
    assert cells == ["09:46:40", "09:46:20", "09:45:00", "2026-11-01"]
    assert all(re.fullmatch(r"\d\d:\d\d:\d\d", c) for c in cells[:3])


@pytest.mark.parametrize(("game_id", "actions"), [("overboss-duel", 150), ("boss-quest", 120),
                                                  ("overstocked", 60), ("overseers", 80)])
def test_progress_is_the_games_own(game_id, actions):
    game = GAMES[game_id]
    seats = SEATS[: max(2, min(4, game.players.stop - 1))]
    match = played(game_id, seats, actions)
    (plain,) = store.list_matches()
    assert plain.progress == ""  # a listing without replay stays fast
    (saved,) = store.list_matches(replay=True)
    assert saved.progress == game.progress(match.state)
    assert saved.progress.startswith("round ")  # the Duel's too, as its header says
    assert int(saved.progress.split()[1]) > 1  # the match got somewhere


def test_a_solo_quest_is_listed_by_its_wave_and_lost_when_lost():
    """BQ §Solo Quest has waves, not rounds, and one knight: a quest lost
    was listed as "round 1 · finished". It reads its wave and "lost"."""
    from tui.cli import saves_text
    from tui.screens.saved import result_text

    match = Match.new("boss-quest", [PlayerSpec("Ann", "human")])
    advance(match, 10_000, random.Random(1))  # the last legal action: a quest lost
    match.close()
    assert match.finished and not match.outcome.winners
    (saved,) = store.list_matches(replay=True)
    assert saved.progress == f"wave {match.state.wave}" and match.state.wave in (1, 2)
    assert result_text(saved) == "lost"
    assert "lost" in saves_text([saved], "dir") and "finished" not in saves_text([saved], "dir")


def test_a_line_the_rules_refuse_is_a_problem_once_replayed():
    match = played("overboss-duel", SEATS[:2], 40)
    lines = match.path.read_text().splitlines()
    # the tenth entry becomes a draft of a pair that does not exist
    entry = json.loads(lines[10])
    lines[10] = json.dumps({"seat": 0 if entry["seat"] < 0 else entry["seat"],
                            "action": {"type": "Draft", "slot": 99}})
    match.path.write_text("\n".join(lines) + "\n")
    (plain,) = store.list_matches()
    assert plain.problem is None
    (saved,) = store.list_matches(replay=True)
    assert saved.problem_kind == journal.REFUSED
    assert "line 11" in saved.problem
    from tui.screens.saved import problem_detail, problem_text

    assert problem_text(saved) == "damaged"  # it resumes before that line
    assert not problem_detail(saved).startswith(str(match.path))


def test_a_replay_is_kept_while_the_file_is_unchanged(monkeypatch):
    played("boss-quest", SEATS[:3], 30)
    calls = []
    real = store._replay
    monkeypatch.setattr(store, "_replay", lambda path: calls.append(path) or real(path))
    first = store.list_matches(replay=True)
    again = store.list_matches(replay=True)
    assert first == again and len(calls) == 1


def test_unreadable_and_torn_journals_say_so(data_dir):
    played("boss-quest", SEATS[:3], 30)
    (good,) = store.list_matches()
    torn = data_dir / "matches" / "torn.jsonl"
    torn.write_bytes(good.path.read_bytes() + b'{"seat": 0, "act')
    junk = data_dir / "matches" / "junk.jsonl"
    junk.write_bytes(b"\x00\xffnot a journal\n")
    listing = {s.path.name: s for s in store.list_matches(replay=True)}
    from tui.screens.saved import problem_text

    assert problem_text(listing["torn.jsonl"]) == "torn line"
    assert listing["torn.jsonl"].progress == listing[good.path.name].progress
    assert problem_text(listing["junk.jsonl"]) == "unplayable"
    assert problem_text(listing[good.path.name]) == ""


async def test_the_screen_fits_80_columns_and_names_the_problem(data_dir):
    from textual.widgets import DataTable

    from tui.app import OvertableApp

    played("boss-quest", SEATS, 30)
    (good,) = store.list_matches()
    torn = data_dir / "matches" / "torn.jsonl"
    torn.write_bytes(good.path.read_bytes() + b'{"seat": 0, "act')
    app = OvertableApp(start="saves", theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if len(getattr(app.screen, "matches", ())) == 2:
                break
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        text = screen_text(app)
        assert "Ann, Bram +2 bots" in text and "round " in text and "torn line" in text, text
        # the torn one, highlighted, says its whole problem below the table
        row = next(i for i, s in enumerate(app.screen.matches) if s.path == torn)
        table.move_cursor(row=row)
        await pilot.pause()
        text = screen_text(app)
        assert "Problem: Line" in text and "incomplete" in text


def test_a_long_result_takes_the_room_an_empty_column_leaves():
    """Play-test: the Result column read "won: Bra…" while the Problem
    column stood empty beside it. The columns fit what they hold, in the
    same 80 columns: a narrow column gives its room to a cut one, the
    Result first; with problems listed, each keeps its room."""
    from tui.screens.saved import COLUMNS, fit

    room = sum(width for _, width in COLUMNS)
    row = ("Boss Quest", "Ann, Bram +2 bots", "15:13", "round 6", "won: Bram and Cora", "")
    widths = fit([row])
    assert widths[4] >= len("won: Bram and Cora") and widths[5] == len("Problem")
    assert sum(widths) == room
    # nothing cut: each column keeps its width
    plain = ("Boss Quest", "Ann +2 bots", "15:13", "round 6", "won: Bram", "")
    assert fit([plain]) == tuple(width for _, width in COLUMNS)
    # every column at least its heading; nothing wider than the room
    crowded = ("Overboss Duel" * 3, "Ann, " * 20, "2026-12-04", "round 60", "won: " + "Bram" * 9,
               "old rules")
    widths = fit([crowded, row])
    assert sum(widths) == room
    assert all(w >= len(heading) for w, (heading, _) in zip(widths, COLUMNS, strict=True))
    assert fit([]) == tuple(width for _, width in COLUMNS)


def test_saves_list_prints_what_the_screen_shows(capsys):
    """`overtable saves --list` (and `saves` off a terminal) did not replay:
    it printed no progress, and a journal of a game this version does not
    know, or with a line the rules refuse, read "in play" with no problem,
    while the screen and `overtable resume` said it cannot be resumed."""
    from tui.cli import main

    match = played("overboss-duel", SEATS[:2], 40)
    lines = match.path.read_text().splitlines()
    header = json.loads(lines[0])
    header["game"], header["match_id"] = "chess", "c" * 32
    unknown = match.path.with_name("20260101T000000Z-chess-cccccccc.jsonl")
    unknown.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    progress = GAMES["overboss-duel"].progress(match.state)
    assert f"40 actions, {progress}, in play" in out, out
    assert "chess  Ann, Bram  40 actions, in play, cannot be resumed" in out, out
    assert "does not know ('chess')" in out


def test_saves_list_does_not_call_a_file_without_a_match_in_play(data_dir, capsys):
    """A file with no journal header (empty, random bytes) holds no match:
    `saves --list` says it cannot be resumed, not "in play, cannot be
    resumed", and offers no `overtable resume` when nothing can be."""
    from tui.cli import main

    matches = data_dir / "matches"
    matches.mkdir(parents=True)
    (matches / "empty.jsonl").write_bytes(b"")
    (matches / "junk.jsonl").write_bytes(bytes(random.Random(3).randrange(256) for _ in range(300)))
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert out.count("0 actions, cannot be resumed") == 2, out
    assert "in play" not in out and "Resume one with" not in out
    from tui.screens.saved import result_text

    assert {result_text(saved) for saved in store.list_matches(replay=True)} == {"no match"}


def test_a_finished_match_the_rules_refuse_early_is_listed_where_it_resumes(data_dir):
    """A journal whose last line says the match was won, with a line the
    rules refuse near its start, was listed "turn 1 · won: P1 · refused":
    it resumes at turn 1, not over. The listing says what a resume gives."""
    from pathlib import Path

    lines = (Path(__file__).parent / "journals" / "overboss-duel-v1.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]).keys() == {"finished"}
    lines[12] = lines[12].replace('"square":31', '"square":99')  # no such square
    path = data_dir / "matches" / "refused.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines) + "\n")
    (saved,) = store.list_matches(replay=True)
    assert saved.problem_kind == journal.REFUSED and "line 13" in saved.problem
    assert not saved.finished and saved.winners == ()
    from tui.screens.saved import result_text

    assert result_text(saved) == "in play"
    from tui.cli import saves_text

    assert "won by" not in saves_text([saved], path.parent)


def test_a_file_time_past_any_calendar_leaves_the_listing_whole(data_dir, monkeypatch):
    """A journal whose time no date holds (year 36812 on a damaged file
    system: tmpfs lets one set it) failed the whole listing, and with it
    Continue and the hub; it is listed with the epoch's date, the others
    as they are."""
    import os

    played("boss-quest", SEATS[:3], 10)
    played("overstocked", SEATS[:2], 10)
    odd = sorted((data_dir / "matches").glob("*overstocked*.jsonl"))[0]
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        result = real_stat(path, *args, **kwargs)
        if os.fspath(path) == os.fspath(odd):
            fields = list(result)
            fields[8] = 2**40  # st_mtime
            return os.stat_result((*fields[:10],), {"st_mtime": float(2**40)})
        return result

    monkeypatch.setattr(os, "stat", stat)
    listing = {s.path.name: s for s in store.list_matches(replay=True)}
    assert len(listing) == 2
    assert listing[odd.name].updated.startswith("1970-01-01")
    assert store.latest() is not None


def test_a_directory_of_saves_that_cannot_be_read_says_so(data_dir, monkeypatch, capsys):
    """A matches directory that cannot be listed (its permissions, or a file
    where it should be) read "No saved matches", and Continue found none,
    with matches there: the listing, `overtable saves` and the hub say it
    cannot be read. One that does not exist yet has no matches."""
    import errno
    import os


    assert store.list_matches(data_dir / "not-yet") == []
    played("overstocked", SEATS[:2], 10)
    real_scandir = os.scandir

    def scandir(path):
        if os.fspath(path) == os.fspath(data_dir / "matches"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    said_unreadable(capsys)
    monkeypatch.undo()
    a_file = data_dir / "a-file"
    a_file.write_text("not a directory\n")
    with pytest.raises(store.SavesUnreadable, match="a-file is a file, not a folder"):
        store.list_matches(a_file)


def said_unreadable(capsys) -> None:
    """The listing, Continue and `overtable saves --list` all say the saves
    cannot be read (not "No saved matches")."""
    from tui.cli import main

    with pytest.raises(store.SavesUnreadable, match="cannot be read .Permission denied."):
        store.list_matches()
    with pytest.raises(store.SavesUnreadable):
        store.latest()
    assert main(["saves", "--list"]) == 1
    err = capsys.readouterr().err
    assert "cannot be read (Permission denied)" in err and "No saved matches" not in err


def test_a_directory_of_saves_that_cannot_be_searched_says_so(data_dir, monkeypatch, capsys):
    """Hostile review, finding 3: a matches directory that can be read but
    not searched (mode 0600 or 0400) listed its files' names, but none of
    them could be reached, and "No saved matches" was said with four there.
    It is said to be unreadable, as a directory of mode 000 is."""
    import errno
    import os


    played("overstocked", SEATS[:2], 10)
    matches = os.fspath(data_dir / "matches")
    real_stat = os.stat

    def stat(path, *args, **kwargs):  # as without the directory's x bit (root passes it)
        if os.path.dirname(os.fspath(path)) == matches:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    said_unreadable(capsys)


def test_saves_list_bounds_a_line_of_many_seats_or_long_names():
    """A damaged header of 300,000 seats printed a 2.6 MB line; a listing
    line names six seats at most, each in 40 characters at most."""
    import attrs

    from tui.cli import saves_text

    played("overboss-duel", SEATS[:2], 4)
    (saved,) = store.list_matches()
    names = tuple(f"P{i}" for i in range(300_000))
    many = attrs.evolve(saved, players=names, people=names)
    long = attrs.evolve(saved, players=("A" * 10_000, "Bram"), people=("A" * 10_000, "Bram"))
    text = saves_text([many, long], "here")
    assert "P0, P1, P2, P3, P4, P5 and 299994 more" in text
    assert "A" * 39 + "…, Bram" in text and "A" * 41 not in text
    assert max(len(line) for line in text.splitlines()) < 300


def test_a_finished_match_without_its_last_line_is_listed_finished(data_dir):
    """A crash that lost the write holding the last move's "finished" line
    left a finished match listed "in play", and Continue offered it for
    ever; the rules' own end decides: listed won by its winner, and not
    offered to continue."""
    from tests.test_saves_store import finish

    match = Match.new("overstocked", SEATS[:2])
    finish(match)
    match.close()
    lines = match.path.read_text().splitlines(keepends=True)
    assert lines[-1].startswith('{"finished"')
    match.path.write_text("".join(lines[:-1]))
    (saved,) = store.list_matches(replay=True)
    winners = tuple(SEATS[w].name for w in sorted(match.outcome.winners))
    assert saved.finished and saved.winners == winners
    assert store.latest() is None


def test_a_finished_line_naming_the_wrong_winner_is_refused(data_dir):
    """A last line that names a winner the rules do not was read as it
    came ("won by Bram" where the replay says Ann); it is refused, naming
    both, and the listing shows the rules' winner."""
    from tests.test_saves_store import finish

    match = Match.new("overstocked", SEATS[:2])
    finish(match)
    match.close()
    winners = sorted(match.outcome.winners)
    lines = match.path.read_text().splitlines(keepends=True)
    end = json.loads(lines[-1])
    wrong = [1 - winners[0]] if len(winners) == 1 else []
    end["finished"]["winners"] = wrong
    match.path.write_text("".join(lines[:-1]) + json.dumps(end) + "\n")
    loaded = Match.load(match.path)
    (problem,) = loaded.problems
    said = SEATS[wrong[0]].name if wrong else "nobody"
    won = ", ".join(SEATS[w].name for w in winners)
    assert f"it says {said} won, and the rules say {won}" in problem.message
    loaded.match.close()
    (saved,) = store.list_matches(replay=True)
    assert saved.winners == tuple(SEATS[w].name for w in winners)


def test_continue_passes_over_a_match_that_could_not_save_its_next_move(data_dir, monkeypatch):
    """A journal that cannot be written (read-only) was offered by Continue,
    to say "cannot be played here" on opening, though an older match could
    be played: Continue offers the older one."""
    import errno

    import saves.match as match_module

    older = played("overstocked", SEATS[:2], 6)
    newer = played("boss-quest", SEATS[:3], 6)
    assert store.latest().path == newer.path
    open_append = match_module._open_append

    def read_only(path):
        if path == newer.path:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return open_append(path)

    monkeypatch.setattr(match_module, "_open_append", read_only)
    assert store.latest().path == older.path


def test_a_finished_match_open_on_its_results_is_listed_by_its_result(data_dir):
    """Play-test: a finished match still open (its results on screen in
    another terminal) was listed "won by Bram, being played now" by
    `saves --list` and "playing" in the saved list, hiding who won. It is
    listed by its result, and open, not played."""
    from pathlib import Path

    from saves.lock import JournalLock
    from tui.cli import saves_text
    from tui.screens.saved import result_text

    source = Path(__file__).parent / "journals" / "overboss-duel-v1.jsonl"
    path = data_dir / "matches" / "done.jsonl"
    path.parent.mkdir(parents=True)
    path.write_bytes(source.read_bytes())
    lock = JournalLock.acquire(path)
    try:
        (saved,) = store.list_matches(replay=True)
        assert saved.finished and saved.in_use
        assert result_text(saved).startswith("won: ")
        text = saves_text([saved], path.parent)
        assert "won by" in text and "open now" in text and "being played" not in text
    finally:
        lock.release()


async def test_a_matchs_options_are_listed_with_it(data_dir, capsys):
    """Play-test: two Boss Quests in the saved matches, one with the
    Potions and Ul'ul at night, read alike: which match was which showed
    only once resumed. The line under the table and `saves --list` name
    the options that differ from the standard game (none for a standard
    one), and leave out one that does not apply at the match's count (the
    two-knight layout in a three-knight quest)."""
    from core.arena import options_words
    from core.bossquest.state import Colour, Ulul
    from tui.app import OvertableApp
    from tui.cli import main

    bq = GAMES["boss-quest"].Options
    assert options_words(bq(), 3) == ()
    assert options_words(bq(two_player_spells=False), 3) == ()
    # the form's words (BQ-21; qa-bq7 finding 3: "One spell face up a knight")
    assert options_words(bq(two_player_spells=False), 2) == (
        "2 spells face up (rulebook: 3)",)
    assert options_words(bq(solo_colour=Colour.RED, solo_harder=True), 1) == (
        "Red weapons left out", "Harder (5/4/3 spells)")
    assert options_words(GAMES["overstocked"].Options(advanced=True, quantum=True), 2) == (
        "Advanced variant", "Quantum Accounting")
    for game in GAMES.values():  # every option has words, none the whole label
        for field in attrs.fields(game.Options):
            default = getattr(game.Options(), field.name)
            other = (not default if isinstance(default, bool)
                     else next(v for v in type(default) if v != default))
            counts = field.metadata.get("players", game.players)
            options = attrs.evolve(game.Options(), **{field.name: other})
            (words,) = options_words(options, next(iter(counts)))
            assert 0 < len(words) <= 32, (game.id, words)

    Match.new("boss-quest", SEATS[:3], bq(potions=True, ulul=Ulul.NIGHT)).close()
    Match.new("boss-quest", SEATS[:3]).close()
    listed = {saved.options for saved in store.list_matches(replay=True)}
    assert listed == {("Boss Ul'ul: night", "Potions"), ()}
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert out.count("options: ") == 1 and "options: Boss Ul'ul: night, Potions" in out, out

    from textual.widgets import DataTable

    app = OvertableApp(start="saves", theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(getattr(app.screen, "matches", ())) == 2)
        table = app.screen.query_one(DataTable)
        seen = []
        for row in range(2):
            table.move_cursor(row=row)
            await pilot.pause()
            seen.append(" ".join(screen_text(app).split()))
        # each bot with its level (as Continue names them); the options on the
        # names' row, "last played" on the next where the row is full
        assert sum("Ann, Bram, Cora (random bot) · Boss Ul'ul: night, Potions last played"
                   in t for t in seen) == 1, seen
        assert sum("Ann, Bram, Cora (random bot) · last played" in t for t in seen) == 1, seen


def test_saves_list_says_who_plays_as_the_screen_does(capsys):
    """Play-test: the saved-matches screen read "Ann solo" for an Overstocked
    solo match, `saves --list` "Ann, Bot" (the rules' own bot by name, as a
    seat of the match); both say it alike now, bots counted."""
    from tui.cli import main

    solo = GAMES["overstocked"].Options(solo=True)
    Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "easy")],
              solo).close()
    played("boss-quest", SEATS, 5)
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "Overstocked  Ann solo  " in out and "Boss Quest  Ann, Bram +2 bots  " in out, out


def with_level(match: Match, seat: int, level: str, *, damaged: bool = False) -> bytes:
    """`match`'s file with seat `seat` a bot of `level` (and, `damaged`, a
    torn last line); its bytes."""
    lines = match.path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["players"][seat]["level"] = level
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    data = "".join(lines) + ('{"seat":0,"act' if damaged else "")
    match.path.write_text(data)
    return data.encode()


def test_a_bot_level_this_version_lacks_is_played_at_normal_and_said(capsys):
    """Play-test: a header's "level":"hard" changed to "ultra" was listed
    with nothing said and resumed, its bot playing at a level nobody told the
    player. It resumes, nothing lost, the bot at normal, and the list, the
    line under it and `saves --list` say so; the file keeps its level."""
    from tui.cli import main

    match = played("overboss-duel", [SEATS[0], PlayerSpec("Cora", "bot", "hard")], 10)
    original = with_level(match, 1, "ultra")
    note = ("Cora's bot level 'ultra' is not one this version of Overtable has: "
            "Cora plays at normal.")
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.notes == (note,)
    assert loaded.match.header.players[1].level == "normal"
    assert loaded.match.history == match.history
    loaded.match.close()
    (saved,) = store.list_matches(replay=True)
    assert saved.notes == (note,) and saved.problem is None
    assert main(["saves", "--list"]) == 0
    assert f"note: {note}" in capsys.readouterr().out
    assert match.path.read_bytes() == original


def test_a_damaged_save_with_an_unknown_level_is_continued_as_such():
    """Its continuation writes the level the bot plays at: the original is
    still known as continued (a header's seats are compared as played)."""
    match = played("overboss-duel", [SEATS[0], PlayerSpec("Cora", "bot", "hard")], 10)
    with_level(match, 1, "ultra", damaged=True)
    loaded = Match.load(match.path)
    resumed = loaded.match
    advance(resumed, 1, random.Random(3))
    assert resumed.path != match.path
    resumed.close()
    listed = {s.path: s for s in store.list_matches()}
    assert listed[match.path].superseded_by == resumed.header.match_id
    assert json.loads(resumed.path.read_text().splitlines()[0])["players"][1]["level"] == "normal"


def _damaged_by_name(data_dir):
    """The play-test's two damaged saves, their ids only in their names
    (`saves.match._create` names a journal stamp-game-id8.jsonl)."""
    matches = data_dir / "matches"
    matches.mkdir(parents=True)
    empty = matches / "20261205T075819Z-overstocked-86e46179.jsonl"
    empty.write_bytes(b"")
    folder = matches / "20261205T075831Z-boss-quest-19df416d.jsonl"
    folder.mkdir()
    (folder / "inside.txt").write_text("x")
    return empty, folder


def test_a_damaged_save_is_listed_by_the_id_and_game_its_name_holds(data_dir, capsys):
    """play-test: `saves --list` showed an empty journal and a
    folder with a journal's name as "?  ?": a player could not tell which
    match each was, though the file name says."""
    from tui.cli import main

    empty, folder = _damaged_by_name(data_dir)
    listing = {s.path: s for s in store.list_matches(replay=True)}
    assert listing[empty].file_id == "86e46179" and listing[empty].title == "Overstocked"
    assert listing[folder].file_id == "19df416d" and listing[folder].title == "Boss Quest"
    assert listing[empty].match_id == "" and listing[empty].game == "?"  # the header says none
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "  86e46179  " in out and "  19df416d  " in out, out
    assert "Overstocked" in out and "Boss Quest" in out, out
    assert "in play" not in out  # still no match to be in play


def test_a_name_not_of_overtables_making_holds_no_id(data_dir):
    matches = data_dir / "matches"
    matches.mkdir(parents=True)
    for name in ("notes.jsonl", "20261205T075819Z-86e46179.jsonl",
                 "20261205T075819Z-chess-86e4617.jsonl"):
        (matches / name).write_bytes(b"")
    assert {(s.file_id, s.title) for s in store.list_matches()} == {("", "?")}


@pytest.mark.parametrize("header", ['{"format":1}', '{"format":1,"game":null}',
                                    '{"format":1,"game":7,"match_id":"' + "d" * 32 + '"}'])
def test_a_header_without_its_game_is_listed_unplayable_and_says_so(data_dir, capsys, header):
    """QA S1: a header without "game" was listed without a problem ("0
    actions, " and an empty Problem column), then refused on resuming as "a
    game this version of Overtable does not know (None)"."""
    from tui.cli import main
    from tui.screens.saved import problem_text

    matches = data_dir / "matches"
    matches.mkdir(parents=True)
    path = matches / "20261205T104108Z-overboss-duel-aaaa0008.jsonl"
    path.write_text(header + "\n")
    (saved,) = store.list_matches(replay=True)
    assert not saved.resumable
    assert saved.problem == f"{path}, line 1: the header does not say which game it is, so the " \
                            "match cannot be resumed."
    assert problem_text(saved) == "unplayable"
    loaded = Match.load(path)
    assert loaded.match is None and "does not say which game" in loaded.problems[0].message
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert ", cannot be resumed\n" in out, out
    assert "None" not in out and ", \n" not in out


def test_a_damaged_line_and_a_refused_one_are_listed_alike(data_dir, capsys):
    """QA S2: junk at line 6 read "4 actions, round 1, in play", an illegal
    move there "13 actions (4 valid), resumes at round 1": one situation, two
    styles. Both say how many actions a resume keeps and how many lines it
    leaves out; the Problem column says "unknown game" for a game it does not
    know, not "format"."""
    from tui.cli import main
    from tui.screens.saved import problem_text

    match = played("overboss-duel", SEATS[:2], 13)
    lines = match.path.read_text().splitlines()
    junk = match.path.with_name("20260101T000000Z-overboss-duel-aaaa0001.jsonl")
    junk.write_text("\n".join([lines[0].replace(json.loads(lines[0])["match_id"], "a" * 32), *lines[1:5],
                                "not json", *lines[6:]]) + "\n")
    header = json.loads(lines[0])
    header["game"], header["match_id"] = "chess", "c" * 32
    chess = match.path.with_name("20260101T000000Z-chess-cccccccc.jsonl")
    chess.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    listing = {s.path: s for s in store.list_matches(replay=True)}
    assert (listing[junk].actions, listing[junk].left_out) == (4, 9)
    assert problem_text(listing[chess]) == "unknown game"
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "4 actions (9 lines left out), resumes at round 1, in play" in out, out


@pytest.mark.parametrize(("tail", "said"), [
    # an undo larger than the match: "0 actions, round 2"
    (['{"undo":0,"count":1000000}'], "22 actions (1 line left out)"),
    # a seat the table does not have: "21 actions", as if it took one back
    (['{"undo":5,"count":1}'], "22 actions (1 line left out)"),
    # lines that are no entry: "1022 actions (22 valid)"
    (['{"undo":0,"count":0}'] * 1000, "22 actions (1000 lines left out)"),
])
def test_only_kept_actions_are_counted_and_lines_left_out_are_lines(tail, said, capsys):
    """Hostile saves: undo lines were counted as actions, and one refused
    as taking moves back."""
    from tui.cli import main

    match = played("overboss-duel", SEATS[:2], 22)
    with match.path.open("a") as file:
        file.write("".join(line + "\n" for line in tail))
    (saved,) = store.list_matches(replay=True)
    assert saved.actions == 22
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert said in out, out
    assert "actions after it" not in out and "actions are lost" not in out, out
    loaded = Match.load(match.path)
    assert len(loaded.match.history) == 22 and loaded.lost == len(tail)
    loaded.match.close()


@pytest.mark.parametrize(("line", "said"), [
    ('{"undo":5,"count":1}', "it names seat 5,"),
    ('{"seat":5,"action":{"type":"EndTurn"}}', "it names seat 5,"),
    ('{"seat":-7,"action":{"type":"EndTurn"}}', "it names seat -7,"),
])
def test_a_seat_the_table_lacks_is_named_as_written(line, said):
    """"it names seat 6" for "undo":5 (counted from 1), "seat -7" for -7."""
    match = played("overboss-duel", SEATS[:2], 22)
    with match.path.open("a") as file:
        file.write(line + "\n")
    (problem,) = Match.load(match.path).problems
    assert said in problem.message and "written 0 to 1" in problem.message, problem.message


def test_a_damaged_journal_that_resumes_is_called_damaged_not_refused(data_dir):
    """Play-test: a journal resumed fine at action 18 was listed "refused",
    and after it went on in a new file "continued refused"; "refused" says
    it cannot be played. One that resumes earlier reads "damaged"; only one
    that cannot be resumed at all gets a word of its own."""
    from tui.cli import saves_text
    from tui.screens.saved import problem_text, result_text

    match = played("overboss-duel", SEATS[:2], 40)
    lines = match.path.read_text().splitlines()
    entry = json.loads(lines[10])
    lines[10] = json.dumps({"seat": 0 if entry["seat"] < 0 else entry["seat"],
                            "action": {"type": "Draft", "slot": 99}})
    match.path.write_text("\n".join(lines) + "\n")
    (saved,) = store.list_matches(replay=True)
    assert saved.resumable and problem_text(saved) == "damaged"
    assert ", in play, damaged\n" in saves_text([saved], data_dir)
    resumed = Match.load(match.path).match
    advance(resumed, 1, random.Random(2))
    resumed.close()
    old = next(s for s in store.list_matches(replay=True) if s.path == match.path)
    assert (result_text(old), problem_text(old)) == ("continued", "damaged")
    assert "refused" not in saves_text([old], data_dir).split("problem:")[0]
    broken = data_dir / "matches" / "broken.jsonl"
    broken.write_bytes(b"\x00\xffnot a journal\n")
    (unplayable,) = [s for s in store.list_matches(replay=True) if s.path == broken]
    assert problem_text(unplayable) == "unplayable"
    assert ", cannot be resumed\n" in saves_text([unplayable], data_dir)


def test_copies_of_a_journal_are_listed_by_their_file_names_and_resumed_by_them(data_dir):
    """Play-test: a backup copy of a journal was listed under the same id
    as the journal, so `overtable resume ID` could not pick either ("names
    2 matches; pick one"). An id more than one listed match shares is shown
    as each file's own name, and that name finds it."""
    import shutil

    from tui.cli import saves_text

    match = played("overboss-duel", SEATS[:2], 10)
    other = played("overboss-duel", SEATS[:2], 4)
    backup = match.path.with_name("backup.jsonl")
    shutil.copy(match.path, backup)
    listed = store.list_matches(replay=True)
    text = saves_text(listed, data_dir / "matches")
    assert f"\n  {match.path.stem}  " in text and "\n  backup    " in text
    assert f"\n  {other.header.match_id[:8]}  " in text  # an id of its own stays short
    assert f"\n  {match.header.match_id[:8]}  " not in text
    assert [s.path for s in store.find("backup", listed)] == [backup]
    assert [s.path for s in store.find(match.path.stem, listed)] == [match.path]
    assert [s.path for s in store.find(match.path.name, listed)] == [match.path]
    assert len(store.find(match.header.match_id[:8], listed)) == 2


async def _saved_screen(app, pilot, count: int):
    """The saved matches on screen, `count` of them listed."""
    from tui.screens.saved import SavedScreen

    await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen)
                   and len(app.screen.matches) == count and app.screen.is_mounted)
    await pilot.pause()
    return app.screen


async def test_a_wide_screen_gives_the_list_its_width(data_dir):
    """Play-test at 160x45: the saved matches stayed 80 columns wide, and
    the Problem column still read "unknown ga…". A wide screen's list uses
    its width: the problem whole, and each save's ID (what `overtable
    resume` takes); at 80 columns it fits as before."""
    from textual.widgets import DataTable

    from tui.app import OvertableApp

    match = played("overboss-duel", [PlayerSpec("Annabelle Marchbanks", "human"),
                                     PlayerSpec("Bartholomew Quince", "human")], 13)
    header = json.loads(match.path.read_text().splitlines()[0])
    header["game"], header["match_id"] = "chess", "c" * 32
    chess = match.path.with_name("20260101T000000Z-chess-cccccccc.jsonl")
    chess.write_text(json.dumps(header) + "\n")
    app = OvertableApp(start="saves", theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await _saved_screen(app, pilot, 2)
        text = screen_text(app)
        assert "unknown game" in text and "unknown ga…" not in text, text
        assert match.header.match_id[:8] in text and "cccccccc" in text
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: table.scrollable_content_region.width <= 80)
        await pilot.pause()
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_an_id_naming_several_saves_shows_them_marked_and_told_apart(data_dir):
    """Play-test: `overtable resume ID` with an ID naming several saves
    opened the list saying "names 3 matches; pick one", the cursor on an
    unrelated row, the candidates unmarked and two of them alike. The
    cursor is on the first of them, each is marked, and copies read apart
    (when each was last changed)."""
    import os
    import shutil

    from textual.widgets import DataTable

    from tui.app import OvertableApp

    match = played("overboss-duel", SEATS[:2], 10)
    copies = [match.path.with_name(f"backup-{n}.jsonl") for n in (1, 2)]
    from datetime import datetime

    # the three in one minute, a little before the newer match below, and
    # today's (a row shows the time for today's matches, else the day: run
    # in the hour after midnight, an hour back made them yesterday's, alike)
    midnight = datetime.now().replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    minute = max(midnight, match.path.stat().st_mtime // 60 * 60 - 120)
    for n, path in enumerate([match.path, *copies]):
        if path != match.path:
            shutil.copy(match.path, path)
        os.utime(path, (minute + 30 - 10 * n, minute + 30 - 10 * n))
    newer = played("boss-quest", SEATS[:1], 3)  # the newest, listed first
    which = match.header.match_id[:8]
    app = OvertableApp(start="resume", argument=which, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _saved_screen(app, pilot, 4)
        table = screen.query_one(DataTable)
        candidates = [i for i, s in enumerate(screen.matches)
                      if s.path in (match.path, *copies)]
        assert len(candidates) == 3 and screen.matches[0].path == newer.path
        assert table.cursor_row == candidates[0]
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(4)]
        assert all(rows[i][0].startswith("▸") for i in candidates)
        assert not rows[0][0].startswith("▸")
        assert len({rows[i] for i in candidates}) == 3, rows
        # (in the title: the notice may stand over it)
        assert f"'{which}' names the 3 marked ▸" in str(screen.query_one("#saved-title").render())


def test_a_solo_match_the_rules_bot_won_names_the_bot_not_its_seats_name(capsys):
    """Play-test: a solo Overstocked match the rulebook's bot won read
    "won: Bram" in the saved list and Details (and `saves --list`), where
    the results said "the bot": "Bram" is the form's hidden second seat,
    kept in the header of a journal already saved, which must read right."""
    from tui.cli import main
    from tui.screens.saved import result_text

    solo = GAMES["overstocked"].Options(solo=True)
    match = Match.new("overstocked", [PlayerSpec("Ann", "human"),
                                      PlayerSpec("Bram", "bot", "easy")], solo)
    advance(match, 10_000, random.Random(0))
    assert match.finished and match.outcome.winners == {1}
    match.close()
    assert '"name":"Bram"' in match.path.read_text().splitlines()[0]
    # as read from the header alone, and as the replay finds it
    assert store._summary(match.path, 0.0).winners == ("the bot",)
    (saved,) = store.list_matches()
    assert saved.winners == ("the bot",)
    assert result_text(saved) == "won: the bot"
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "won by the bot" in out and "Bram" not in out, out
