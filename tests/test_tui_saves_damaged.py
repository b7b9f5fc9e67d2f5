"""Damaged and unreadable saves as a player meets them: the resume dialog
says what a resume keeps, Continue and `overtable resume` say a save cannot
be read, the saved-matches screen shows a problem whole, the delete dialog
names an unreadable file."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from textual.widgets import Button, Static

from core.engine import CHANCE
from saves.journal import PlayerSpec
from saves.match import Match
from tests.saves_kit import make_app, on, play_to
from tests.screen_kit import record_notices, settle, wait_for
from tui.screens.confirm import ConfirmScreen

PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "random")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def played(actions: int) -> Match:
    """An Overboss Duel match `actions` actions in, closed."""
    match = Match.new("overboss-duel", PLAYERS)
    play_to(match, actions, random.Random(2))
    match.close()
    return match


def damage(match: Match, line: int) -> None:
    """Make line `line` (1-based) name seat 10 of a two-seat table."""
    lines = match.path.read_text().splitlines(keepends=True)
    lines[line - 1] = '{"seat":9,"action":{"type":"Pass"}}\n'
    match.path.write_text("".join(lines))


def dialog_text(app: Any) -> str:
    return " ".join(str(app.screen.query_one("#dialog-text", Static).render()).split())


@pytest.mark.parametrize(("line", "question", "yes"), [
    (2, "would start it again, leaving out this line and the 29 after it; the file was left "
        "as it is. "
        "Start the match again? What was dealt or drawn will be dealt again, differently.",
     "Start again (y)"),
    (12, "Resume at action 10, leaving out the file's last 20 lines? What was dealt or drawn in them "
         "will be dealt again, differently.", "Resume (y)"),
    # the last line a seat's move, no draw after it: nothing dealt is lost
    (31, "Resume at action 29, leaving out the file's last line?", "Resume (y)"),
])
async def test_the_resume_dialog_says_what_a_resume_keeps(line, question, yes):
    """Play-test: a save damaged on its first action offered "Resume at the
    last valid action?", and y started the match again from round 1, every
    move dropped without a word. play-test: a lost deal is dealt
    afresh (the journal holds chance, not a seed), so the dialog says it."""
    match = played(30)
    assert match.history[-1][0] != CHANCE and CHANCE not in match.to_act()
    damage(match, line)
    original = match.path.read_bytes()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        text = dialog_text(app)
        assert text.endswith(question), text
        assert str(app.screen.query_one("#yes", Button).label) == yes
    assert match.path.read_bytes() == original


def unreadable_save(data_dir: Any) -> Any:
    """An unfinished match whose first line was then damaged (as a file
    nobody may read acts: nothing in it can be read)."""
    match = played(6)
    data = match.path.read_bytes()
    match.path.write_bytes(b"\xff" + data[1:])
    return match.path


def notices(app: Any) -> str:
    return " ".join(n.message for n in app._notifications)


async def test_continue_says_a_save_cannot_be_read(data_dir):
    """Play-test: with an unfinished save damaged in its first line, home
    read "Continue (no unfinished match)" and c "No unfinished match to
    continue": the player took the match for lost."""
    from textual.widgets import OptionList

    from tui.screens.home import HomeScreen

    path = unreadable_save(data_dir)
    original = path.read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue (a save cannot be read)"
        await pilot.press("c")
        await wait_for(pilot, lambda: app._notifications)
        said = notices(app)
        assert f"A save cannot be read: {path.name}. Line 1: the header is not a journal header" in said
        assert "No unfinished match" not in said
    assert path.read_bytes() == original


async def test_overtable_resume_says_a_save_cannot_be_read(data_dir):
    path = unreadable_save(data_dir)
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        assert f"A save cannot be read: {path.name}." in notices(app)
        assert "No unfinished match" not in notices(app)


async def test_continue_resumes_a_readable_match_over_a_newer_unreadable_save(data_dir):
    """The readable unfinished match is still offered; the newer file that
    cannot be read waits in Saved matches, with its problem."""
    import os

    from tui.screens.home import HomeScreen

    readable = played(4)
    path = unreadable_save(data_dir)
    t = readable.path.stat().st_mtime + 60
    os.utime(path, (t, t))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        assert app.screen._latest.path == readable.path


async def test_a_data_folder_that_is_a_file_is_named_as_such(tmp_path, monkeypatch, capsys):
    """Play-test: OVERTABLE_DATA_DIR naming a file: `saves --list` said
    "could not list the saved matches in X/matches: the saved matches in
    X/matches cannot be read (Not a directory)", and home "Continue (no
    unfinished match)"."""
    from textual.widgets import OptionList

    from tui.cli import main
    from tui.screens.home import HomeScreen

    place = tmp_path / "x"
    place.write_text("not a folder\n")
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(place))
    said = f"{place} is a file, not a folder: Overtable keeps its saved matches in a folder"
    assert main(["saves", "--list"]) == 1
    err = capsys.readouterr().err
    assert said in err and err.count(str(place)) == 1, err
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue (saved matches cannot be read)"
        await pilot.press("c")
        await pilot.pause()
        assert said in notices(app) and "No unfinished match" not in notices(app)


async def test_a_long_problem_is_cut_with_a_sign_and_read_whole_on_p(data_dir):
    """Play-test: at 80x24 the line under the saved matches cut a refused
    save's problem after four rows ("...; the file was"), with no sign of
    more. It ends in "(p: read all)", and p shows it whole."""
    from tui.screens.saved import SavedScreen

    match = played(30)
    damage(match, 12)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.pause()
        detail = app.screen.query_one("#saved-detail", Static)
        shown = str(detail.render())
        assert shown.endswith("… (p: read all)"), shown
        assert detail.region.height == len(shown.splitlines()) == 4
        await pilot.press("p")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        whole = dialog_text(app)
        assert whole.endswith("this line and the 19 after it; the file was left as it is."), whole
        assert "Problem: " in whole, whole
        assert_named_once(app, match.path.name)
        await pilot.press("escape")
        await wait_for(pilot, lambda: on(app, SavedScreen))


def assert_named_once(app: Any, name: str) -> None:
    """The dialog's title names the file, its text not again."""
    title = " ".join(str(app.screen.query_one("#dialog-title", Static).render()).split())
    assert title == name, title
    assert name not in dialog_text(app), dialog_text(app)


async def test_p_names_the_file_once(data_dir):
    """Play-test (the saved matches, p): the box named the file in its title
    and again at the end of its line ("last played ... · 2026...jsonl"). The
    title names it; the line under the list, which has no title, still
    does."""
    from tui.screens.saved import SavedScreen

    match = played(10)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.pause()
        detail = " ".join(str(app.screen.query_one("#saved-detail", Static).render()).split())
        assert match.path.name in detail, detail
        await pilot.press("p")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        assert "last played " in dialog_text(app), dialog_text(app)
        assert_named_once(app, match.path.name)


async def test_the_delete_dialog_names_an_unreadable_file(data_dir):
    """Play-test: d on an unreadable save asked "Delete this match? ? ·  ·
    last played ..." with no file named."""
    from tui.screens.saved import SavedScreen

    path = unreadable_save(data_dir)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.press("d")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        title = " ".join(str(app.screen.query_one("#dialog-title", Static).render()).split())
        assert title == f"Delete the unreadable file {path.name}?"
        assert dialog_text(app).startswith("Line 1: the header is not a journal header")
        assert "?  ·" not in dialog_text(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: on(app, SavedScreen))
    assert path.exists()


async def test_d_on_a_folder_says_it_is_no_saved_match_and_leaves_it(data_dir):
    """play-test: d on a folder with a journal's name offered "The
    file is removed for good", then failed with "Is a directory". A folder
    is not a file Overtable wrote: it is said at once, and nothing offered."""
    from tui.screens.saved import SavedScreen

    folder = data_dir / "matches" / "20261205T075831Z-boss-quest-19df416d.jsonl"
    folder.mkdir(parents=True)
    (folder / "inside.txt").write_text("kept")
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.press("d")
        await wait_for(pilot, lambda: "is a folder" in notices(app))
        assert on(app, SavedScreen)  # no dialog
        # its name on a row of its own, cut in the middle to the notice's width
        assert "This is a folder, not a saved match" in notices(app)
        assert "\n20261205T075831Z-…est-19df416d.jsonl" in notices(app)
        assert "removed" not in notices(app)
    assert (folder / "inside.txt").read_text() == "kept"


async def test_resuming_a_bot_of_an_unknown_level_says_what_it_plays_at(data_dir):
    import json

    match = played(6)
    lines = match.path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["players"][1]["level"] = "ultra"
    match.path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app._notifications)
        assert "Bram's bot level 'ultra' is not one this version of Overtable has: " \
               "Bram plays at normal." in notices(app)
        assert app.table.match.header.players[1].level == "normal"


async def test_continue_says_the_latest_match_is_damaged():
    """Home offered "Continue: Overseers · ... · round 1" for a round-3
    match damaged at its start: where it resumes, not how far it got."""
    from textual.widgets import OptionList

    from tui.screens.home import HomeScreen

    match = played(30)
    damage(match, 2)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        prompt = str(app.screen.query_one(OptionList).get_option("continue").prompt)
        assert prompt.startswith("Continue: Overboss Duel") and prompt.endswith(", damaged"), prompt


async def test_the_line_under_an_unreadable_save_names_no_empty_players(data_dir):
    """It read " · last played ..." for a file that names nobody."""
    from tui.screens.saved import SavedScreen

    path = unreadable_save(data_dir)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.pause()
        shown = str(app.screen.query_one("#saved-detail", Static).render())
        assert shown.startswith("last played ") and path.name in shown.replace("\n", "")


def with_rules_version(match: Match, version: int) -> None:
    lines = match.path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["rules_version"] = version
    lines[0] = json.dumps(header) + "\n"
    match.path.write_text("".join(lines))


@pytest.mark.parametrize(("version", "said"), [
    (999, "this older version of Overtable may not know the newer rules"),
    (0, "saved under rules version 0 of Overboss Duel; this version of Overtable plays rules "
        "version 1"),
])
async def test_a_match_saved_under_other_rules_is_not_called_damaged(version, said):
    """Hostile saves: a journal of rules version 999 (or 0), every line of
    which replays, was titled "This match's journal is damaged" and asked
    "Resume at the last valid action?"."""
    match = played(8)
    with_rules_version(match, version)
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        assert app.screen.title_text == "Saved by another version of Overtable"
        text = dialog_text(app)
        assert said in text, text
        assert "damaged" not in text and "last valid action" not in text, text
        assert text.endswith("Resume under this version's rules?"), text


async def test_other_rules_and_a_refused_line_are_still_damaged():
    match = played(30)
    with_rules_version(match, 999)
    damage(match, 12)
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        assert app.screen.title_text == "This match's journal is damaged"
        assert "Resume at action 10, leaving out the file's last 20 lines?" in dialog_text(app)


@pytest.mark.parametrize("in_the_way", ["matches", "data"])
async def test_a_new_match_where_a_file_is_in_the_way_says_so(tmp_path, monkeypatch, in_the_way):
    """Hostile saves: with `matches` a file, a new match said "Could not
    create .../matches/....jsonl: File exists. ... the directory .../matches
    must be writable": the wrong problem and the wrong advice."""
    data = tmp_path / "data"
    if in_the_way == "matches":
        data.mkdir()
    place = data / "matches" if in_the_way == "matches" else data
    place.write_text("not a folder\n")
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(data))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.new_match("overboss-duel", PLAYERS)
        await pilot.pause()
        said = notices(app)
    assert (f"Could not start the match: {place} is a file, not a folder: Overtable keeps its "
            "saved matches in a folder") in said, said
    assert "Nothing was played or written" in said
    assert "File exists" not in said and "must be writable" not in said, said
    assert place.read_text() == "not a folder\n"


async def test_a_matches_folder_that_cannot_be_read_is_said_once(data_dir, monkeypatch):
    """The newcomer's play-test: a matches folder of mode 000 gave "Saved
    matches cannot be read: the saved matches in X cannot be read
    (Permission denied)", and the saved matches' screen said it again the
    same way. Each says it once, and what to check."""
    import errno
    import os

    from textual.widgets import OptionList

    from tui.screens.home import HomeScreen
    from tui.screens.saved import SavedScreen

    played(4)
    real_scandir = os.scandir
    folder = data_dir / "matches"

    def scandir(path):
        if os.fspath(path) == os.fspath(folder):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option("continue").prompt) == "Continue (saved matches cannot be read)"
        await pilot.press("c")
        await wait_for(pilot, lambda: app._notifications)
        said = notices(app)
        assert said.count("cannot be read") == 1, said
        assert f"The saved matches in {folder} cannot be read (Permission denied)" in said, said
        assert "permissions" in said, said
        await pilot.press("s")
        await wait_for(pilot, lambda: on(app, SavedScreen))
        detail = app.screen.query_one("#saved-detail", Static)
        await wait_for(pilot, lambda: "cannot be read" in str(detail.render()))
        shown = " ".join(str(detail.render()).split())
        assert shown.count("cannot be read") == 1 and "saved matches" in shown.lower(), shown


async def test_side_files_that_cannot_be_written_are_said_once_and_the_match_plays_on(data_dir):
    """The newcomer's play-test: `.last-opened` and a match's `.here.json`
    made folders were passed over without a word: Continue then offered
    another match than the one just left, and the table talk was not kept.
    Each is said once (however often it is tried), and the match plays on."""
    from tui.screens.game import GameScreen
    from tui.screens.home import HomeScreen

    match = played(4)
    (data_dir / "matches" / ".last-opened").mkdir()
    match.path.with_suffix(".here.json").mkdir()
    app = make_app(start="resume")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, GameScreen) and app.screen.update is not None)
        app.table.keep_talk()  # tried again: said once
        await pilot.press("q")
        await wait_for(pilot, lambda: on(app, HomeScreen))
        await pilot.pause()
        assert app.is_running
        last = [n for n in said if ".last-opened" in n]
        here = [n for n in said if ".here.json" in n]
        assert len(last) == 1 and "Continue" in last[0], said
        assert len(here) == 1 and "table talk" in here[0], said
        assert "Is a directory" in last[0] and "Is a directory" in here[0], said


@pytest.mark.parametrize("kind", ["empty", "link"])
async def test_the_list_says_an_empty_file_or_a_broken_link_as_it_is(data_dir, kind):
    """Play-test: the list's line under an empty journal read "Problem:
    Line 1: the file is empty" (it has no line 1), and under a link to
    nothing "the file cannot be read (No such file or directory)"."""
    from tui.screens.saved import SavedScreen

    folder = data_dir / "matches"
    folder.mkdir(parents=True)
    path = folder / "20261205T075819Z-overstocked-86e46179.jsonl"
    if kind == "empty":
        path.write_bytes(b"")
        said = "Problem: The file is empty; there is no match to resume."
    else:
        path.symlink_to(folder / "gone.jsonl")
        said = (f"Problem: The file is a broken link to {folder}/gone.jsonl, which is not "
                "there, so the match cannot be resumed.")
    app = make_app(start="saves")
    async with app.run_test(size=(160, 45)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await settle(pilot)
        shown = " ".join(str(app.screen.query_one("#saved-detail", Static).render()).split())
        assert said in shown, shown
    assert path.is_symlink() if kind == "link" else path.read_bytes() == b""


async def test_the_list_under_a_box_keeps_its_columns(data_dir, monkeypatch):
    """Play-test (80x24): with the box of a damaged match open over the
    list, the list's look at which matches are being played found that
    match open (the box holds it) and laid its columns out again around
    "open elsewhere", then back. The list behind a box is left as it is,
    and looked at again once the box is gone."""
    from textual.widgets import DataTable

    from tui.screens import saved
    from tui.screens.saved import SavedScreen

    monkeypatch.setattr(saved, "PLAYING_CHECK_SECONDS", 0.02)
    match = played(30)
    damage(match, 12)
    app = make_app(start="saves")
    probes: list[bool] = []
    in_play = app.saved_in_play

    def probed(paths: Any) -> Any:
        probes.append(True)
        return in_play(paths)

    app.saved_in_play = probed  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        listed = app.screen
        table = listed.query_one(DataTable)

        def columns() -> tuple[Any, ...]:
            return (tuple(c.width for c in table.columns.values()),
                    tuple(str(table.get_row_at(i)[4]) for i in range(table.row_count)))

        await wait_for(pilot, lambda: len(probes) >= 3)
        before = columns()
        assert before[1] == ("in play",)
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        looks = len(probes)
        ticks: list[int] = []
        listed.set_interval(0.02, lambda: ticks.append(1))  # as often as the list's own look
        await wait_for(pilot, lambda: len(ticks) >= 10)
        assert columns() == before
        # (one begun as the box came up may end under it: it is let go)
        assert len(probes) - looks <= 1, "looked at again and again under the box"
        await pilot.press("n")
        await wait_for(pilot, lambda: on(app, SavedScreen) and len(probes) > looks + 2)
        assert columns() == before
    assert match.path.exists()
