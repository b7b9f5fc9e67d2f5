"""The app with guarded saves: a match open elsewhere is neither resumed nor
deleted, Continue offers a match that loads, the bot delay is checked."""

from __future__ import annotations

import json
import math
import os
import time

import pytest
from textual.widgets import DataTable, OptionList, Static

from saves.journal import PlayerSpec
from saves.match import Match
from tests.saves_kit import make_app, on
from tests.screen_kit import settled_text, wait_for
from tui.app import DEFAULT_BOT_DELAY, MAX_BOT_DELAY, checked_bot_delay
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.saved import SavedScreen

PLAYERS = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "random")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


async def test_a_match_open_elsewhere_is_not_resumed(data_dir):
    playing = Match.new("boss-quest", PLAYERS)  # as another terminal holds it
    app = make_app(start="resume", argument=playing.header.match_id[:8])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        title = str(app.screen.query_one("#dialog-title", Static).render())
        text = str(app.screen.query_one("#dialog-text", Static).render())
        assert title == "This match is being played"
        assert "already being played" in text
        # the file's name whole on a row of the box (it broke in the middle across two)
        rows = (await settled_text(app, pilot)).splitlines()
        assert any(playing.path.name in row for row in rows), "\n".join(rows)
        assert str(playing.path) not in text.replace("\n", "")
        assert app.table is None
    playing.close()


async def test_a_match_deleted_after_it_was_listed_is_said_to_be_deleted(data_dir):
    """Play-test: a match deleted in another window, then resumed from the
    list, read "This match cannot be resumed / /tmp/.../matches/2026...-7 /
    5dff0ad.jsonl: the file cannot be read (No such file or directory)"."""
    gone = Match.new("boss-quest", PLAYERS)
    gone.close()
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        gone.path.unlink()  # in another window
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        title = str(app.screen.query_one("#dialog-title", Static).render())
        text = str(app.screen.query_one("#dialog-text", Static).render())
        assert title == "This match was deleted"
        assert text == "It was deleted in another window or terminal: its file is no longer there."


async def test_the_match_being_played_cannot_be_deleted(data_dir):
    playing = Match.new("boss-quest", PLAYERS)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        screen = app.screen
        # (open in another window, as far as this one knows: "playing" read
        # like "in play", a play-test saw)
        assert str(screen.query_one(DataTable).get_row_at(0)[4]) == "open elsewhere"
        await pilot.press("d")  # said at once: no "Delete this match?" to answer first
        # (waited for, not a fixed pause: CI's loaded machine read none yet)
        await wait_for(pilot, lambda: any("cannot be deleted" in n.message for n in app._notifications))
        assert on(app, SavedScreen)
        messages = [n.message for n in app._notifications]
        assert ("Boss Quest (Ann +1 bot) is being played now, so it cannot be deleted. "
                "Leave the match first.") in messages, messages
        # the match in words: its file's name broke across the notice's rows
        # ("…-overstocked-7" / "5dff0ad.jsonl")
        assert not any(".jsonl" in m for m in messages)
        assert playing.path.exists()
        assert len(screen.matches) == 1
    playing.close()


async def test_continue_skips_a_newer_journal_that_cannot_be_resumed(data_dir):
    healthy = Match.new("boss-quest", PLAYERS)
    healthy.close()
    header = json.loads(healthy.path.read_text().splitlines()[0])
    stranger = healthy.path.with_name("99999999T999999Z-unknown.jsonl")
    stranger.write_text(json.dumps(dict(header, game="chess")) + "\n")
    t = healthy.path.stat().st_mtime + 60
    os.utime(stranger, (t, t))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        assert app.screen._latest.path == healthy.path


async def test_the_only_match_open_in_another_window_is_said_to_be_played_there(data_dir):
    """Hostile review, finding 2: with the only saved match open in another
    terminal, `overtable resume` said "No saved match yet: start a new one."
    and the home screen "Continue (no unfinished match)". Both say it is
    being played in another window."""
    playing = Match.new("boss-quest", PLAYERS)  # as another terminal holds it
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("another window" in n.message
                                          for n in app._notifications))
        messages = [n.message for n in app._notifications]
        assert not any("No saved match" in m for m in messages)
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option("continue").prompt) == (
            "Continue (being played in another window)")
        assert app.table is None
    playing.close()


@pytest.mark.parametrize("finished", [True, False], ids=["only-finished", "none"])
async def test_resume_with_only_finished_matches_says_none_is_unfinished(data_dir, finished):
    """Play-test: with only finished matches saved, the palette's Continue
    and `overtable resume` said "No saved match yet" while `saves --list`
    listed three; it says none is unfinished, as the home menu does."""
    from tests.test_saves_store import finish

    if finished:
        match = Match.new("overboss-duel", PLAYERS)
        finish(match)
        match.close()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        messages = " ".join(n.message for n in app._notifications)
    if finished:
        assert "No unfinished match to continue" in messages and "No saved match" not in messages
    else:
        assert "No saved match yet" in messages


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (math.inf, DEFAULT_BOT_DELAY),
        (-math.inf, DEFAULT_BOT_DELAY),
        (math.nan, DEFAULT_BOT_DELAY),
        ("soon", DEFAULT_BOT_DELAY),
        (-1, 0.0),
        (1e9, MAX_BOT_DELAY),
        (0.2, 0.2),
    ],
)
def test_the_bot_delay_is_checked(given, expected):
    assert checked_bot_delay(given) == expected
    assert make_app(bot_delay=given).bot_delay == expected


async def test_the_original_of_a_match_that_went_on_elsewhere_opens_its_continuation(data_dir):
    """A damaged or edited journal goes on in a new file; the saved-matches
    screen showed the original as "in play" and Enter resumed it, starting
    a second, diverging copy. It reads "continued", names the new file, and
    Enter opens the continuation."""
    import random

    from tests.test_saves_store import advance

    match = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
    advance(match, 6, random.Random(1))
    original = match.path
    with original.open("ab") as f:  # another program writes to it
        f.write(b'{"seat":0,"action":{"type":"Pass"}}\n')
    advance(match, 4, random.Random(2))
    continuation = match.path
    match.close()
    assert continuation != original
    app = make_app(start="saves")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        screen = app.screen
        row = next(i for i, m in enumerate(screen.matches) if m.path == original)
        table = screen.query_one(DataTable)
        table.move_cursor(row=row)
        await pilot.pause()
        assert "continued" in [str(c) for c in table.get_row_at(row)]
        detail = str(screen.query_one("#saved-detail", Static).render())
        assert f"Continued in {continuation.name}" in detail.replace("\n", "")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.table is not None)
        assert app.table.match.path == continuation


async def test_continue_over_the_match_being_played_here_says_you_are_in_it(data_dir):
    """Play-test: Continue from the command palette, over the match being
    played, said it was being played "in another window or terminal"; it is
    this one. The match stays on screen."""
    from tui.screens.game import GameScreen

    app = make_app(start="new", argument="boss-quest")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, GameScreen) or app.table is not None
                       or type(app.screen).__name__ == "NewMatchScreen")
        if app.table is None:
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: app.table is not None and on(app, GameScreen))
        screen = app.screen
        app.action_continue()
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert "This is your unfinished match: you are playing it." in messages, messages
        assert not any("another window" in m for m in messages)
        assert app.screen is screen


@pytest.mark.parametrize("other", [False, True], ids=["only-this", "and-another"])
async def test_the_match_this_window_opens_is_not_played_in_another_window(data_dir, other):
    """Play-test: right after Ctrl+S on a new-match form, the home screen
    showed "Continue (being played in another window)" for a moment, about
    the match this very window was opening. The match held here is never
    another window's; a match another window holds still is."""
    from tui.screens.game import GameScreen

    elsewhere = Match.new("boss-quest", PLAYERS) if other else None  # another terminal's
    app = make_app(start="new", argument="boss-quest")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewMatchScreen")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.table is not None)
        here = app.table.match.path
        found = app.played_elsewhere()  # what the home screen asks, the table opening
        assert (found.path if found else None) == (elsewhere.path if elsewhere else None), here
        await wait_for(pilot, lambda: on(app, GameScreen))
    if elsewhere is not None:
        elsewhere.close()


def continue_prompt(app) -> str:
    return str(app.screen.query_one(OptionList).get_option("continue").prompt)


async def test_continue_looks_again_once_the_other_window_lets_the_match_go(data_dir):
    """Play-test: with the only unfinished match open in window A, window
    B's home read "Continue (being played in another window)"; A went home
    (its lock let go), and c in B still refused it, seconds later. c looks
    again, and continues the match."""
    playing = Match.new("boss-quest", PLAYERS)  # as window A holds it
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked)
        assert continue_prompt(app) == "Continue (being played in another window)"
        playing.close()  # A goes home: the match is free
        await pilot.press("c")
        await wait_for(pilot, lambda: app.table is not None)
        assert app.table.match.path == playing.path
        assert not any("another window" in n.message for n in app._notifications)


async def test_the_continue_line_follows_the_other_window(data_dir, monkeypatch):
    """The home screen's Continue line is looked at again every few seconds
    (as the saved list's rows are): it says when another window takes the
    match, and offers it again once that window lets it go."""
    from tui.screens import home

    monkeypatch.setattr(home, "CONTINUE_CHECK_SECONDS", 0.2)
    free = Match.new("boss-quest", PLAYERS)
    free.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen)
                       and continue_prompt(app).startswith("Continue: Boss Quest"))
        other = Match.load(free.path).match  # another window resumes it
        await wait_for(pilot, lambda: continue_prompt(app)
                       == "Continue (being played in another window)")
        other.close()
        await wait_for(pilot, lambda: continue_prompt(app).startswith("Continue: Boss Quest"))
        assert app.table is None


async def test_the_continue_line_finds_a_match_another_window_let_go(data_dir, monkeypatch):
    """A home screen that found nothing to continue looks again too: a match
    another window started and let go since is offered (the line kept "no
    unfinished match" when its look raced that window's closing)."""
    from tui.screens import home

    monkeypatch.setattr(home, "CONTINUE_CHECK_SECONDS", 0.2)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen.latest_checked
                       and continue_prompt(app) == "Continue (no unfinished match)")
        other = Match.new("boss-quest", PLAYERS)  # another window starts one
        other.close()
        await wait_for(pilot, lambda: continue_prompt(app).startswith("Continue: Boss Quest"))
        assert app.table is None


async def test_continue_on_a_match_taken_meanwhile_says_where_it_is(data_dir):
    """c on a Continue line another window has taken since (its match is
    being played there) says so, as the home screen does for it; no
    dialog quoting the file's path."""
    free = Match.new("boss-quest", PLAYERS)
    free.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        other = Match.load(free.path).match
        await pilot.press("c")
        await wait_for(pilot, lambda: any("another window" in n.message
                                          for n in app._notifications))
        assert on(app, HomeScreen) and app.table is None
        await wait_for(pilot, lambda: continue_prompt(app)
                       == "Continue (being played in another window)")
        other.close()


async def test_continue_on_a_match_deleted_meanwhile_says_so_in_plain_words(data_dir):
    """Play-test: Continue on a match deleted from another window said
    "This match cannot be resumed / /tmp/.../matches/2026...-7 / 5dff0ad.jsonl:
    the file cannot be read (No such file or directory), so the match
    cannot be resumed." It says the match was deleted, and the line is
    looked for again."""
    gone = Match.new("boss-quest", PLAYERS)
    gone.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        gone.path.unlink()  # deleted in another window
        await pilot.press("c")
        await wait_for(pilot, lambda: app._notifications)
        messages = [n.message for n in app._notifications]
        assert any(m.startswith("This match was deleted") for m in messages), messages
        assert not any("cannot be read" in m or str(gone.path) in m for m in messages)
        assert on(app, HomeScreen) and app.table is None
        await wait_for(pilot, lambda: continue_prompt(app) == "Continue (no unfinished match)")


def _played_ten_minutes_ago(*, close: bool = True) -> Match:
    """An Overboss Duel match last played ten minutes ago, older than any
    made after it (`close`: False, still open, as in another window)."""
    older = Match.new("overboss-duel", PLAYERS)
    if close:
        older.close()
    t = time.time() - 600
    os.utime(older.path, (t, t))
    return older


async def test_continue_never_opens_another_match_than_its_line_said(data_dir):
    """c on a line whose match another window has taken since, with an
    older match free: it says why, and the line offers the older one (c
    again opens it); it does not open a match the player did not see."""
    older = _played_ten_minutes_ago()
    newer = Match.new("boss-quest", PLAYERS)
    newer.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        assert app.screen._latest.path == newer.path
        other = Match.load(newer.path).match  # another window resumes it
        await pilot.press("c")
        await wait_for(pilot, lambda: app._notifications)
        message = [n.message for n in app._notifications][-1]
        assert "Boss Quest (Ann +1 bot) is being played in another window" in message, message
        assert app.table is None
        assert continue_prompt(app).startswith("Continue: Overboss Duel")
        await pilot.press("c")
        await wait_for(pilot, lambda: app.table is not None)
        assert app.table.match.path == older.path
        other.close()


async def test_resume_says_when_the_newest_match_is_open_in_another_window(data_dir):
    """Play-test: `overtable resume` (no ID) opened an older match without
    a word while the newest was open in another window; the player took
    it for the one they meant. The match opened says so."""
    older = _played_ten_minutes_ago()
    newest = Match.new("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                     PlayerSpec("Cora", "human")])  # open in another window
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None and app._notifications)
        assert app.table.match.path == older.path
        messages = [n.message for n in app._notifications]
        assert ("Overseers (Ann, Bram, Cora) is open in another window; resumed "
                "Overboss Duel (Ann +1 bot).") in messages, messages
    newest.close()


async def test_home_continue_says_when_the_newest_match_is_open_in_another_window(data_dir):
    """Play-test: with the newest match open in another window, the home
    screen's Continue offered an older one, and c opened it, without a
    word. The line says so before c, and the match opened says it as
    `overtable resume` does."""
    older = _played_ten_minutes_ago()
    newest = Match.new("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                     PlayerSpec("Cora", "human")])  # open in another window
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        await pilot.pause()
        prompt = continue_prompt(app)
        assert prompt.startswith("Continue: Overboss Duel"), prompt
        assert "Overseers (Ann, Bram, Cora) is open in another window" in prompt, prompt
        await pilot.press("c")
        await wait_for(pilot, lambda: app.table is not None and app._notifications)
        assert app.table.match.path == older.path
        messages = [n.message for n in app._notifications]
        assert ("Overseers (Ann, Bram, Cora) is open in another window; resumed "
                "Overboss Duel (Ann +1 bot).") in messages, messages
    newest.close()


async def test_home_continue_says_nothing_of_the_newest_match_once_it_is_let_go(data_dir):
    _played_ten_minutes_ago()
    newest = Match.new("boss-quest", PLAYERS)
    newest.close()  # let go: it is Continue's own
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen) and app.screen._latest is not None)
        await pilot.pause()
        assert "another window" not in continue_prompt(app)
        assert continue_prompt(app).startswith("Continue: Boss Quest")


async def test_the_continue_line_notes_a_newer_match_another_window_starts(data_dir, monkeypatch):
    """The note on Continue's line is looked at again every few seconds too:
    it comes when another window starts a newer match, and goes (that
    match offered) once that window lets it go."""
    from tui.screens import home

    monkeypatch.setattr(home, "CONTINUE_CHECK_SECONDS", 0.2)
    older = Match.new("overboss-duel", PLAYERS)
    older.close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, HomeScreen)
                       and continue_prompt(app).startswith("Continue: Overboss Duel"))
        newest = Match.new("boss-quest", PLAYERS)  # another window starts it
        await wait_for(pilot, lambda: "Boss Quest (Ann +1 bot) is open in another window"
                       in continue_prompt(app))
        newest.close()
        await wait_for(pilot, lambda: continue_prompt(app).startswith("Continue: Boss Quest"))
        assert "another window" not in continue_prompt(app)


async def test_resume_says_nothing_of_a_match_older_than_the_one_it_opens(data_dir):
    older = _played_ten_minutes_ago(close=False)  # open in another window, but older
    newest = Match.new("boss-quest", PLAYERS)
    newest.close()
    app = make_app(start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None)
        await pilot.pause(0.2)
        assert app.table.match.path == newest.path
        assert not any("another window" in n.message for n in app._notifications)
    older.close()


async def test_the_cannot_be_deleted_notice_goes_when_enter_opens_the_dialog(data_dir):
    """Play-test: d, then Enter, on a match being played in another window
    left the "cannot be deleted" notice over the top right of the "This
    match is being played" box that Enter opened. The notice goes."""
    playing = Match.new("boss-quest", PLAYERS)  # as another terminal holds it
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.press("d")
        await wait_for(pilot, lambda: any("cannot be deleted" in n.message
                                          for n in app._notifications))
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        assert str(app.screen.query_one("#dialog-title", Static).render()) == (
            "This match is being played")
        await pilot.pause()
        assert not any("cannot be deleted" in n.message for n in app._notifications)
        assert "cannot be deleted" not in " ".join((await settled_text(app, pilot)).split())
    playing.close()
