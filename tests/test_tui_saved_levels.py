"""A saved match names its bots with their levels where a player reads who
is at the table: Home's Continue line, the line under the saved list and
Details, in one form ("Bram (normal bot)", as the results and F1 say it;
shorter where the line is long). Older saves without levels show as before."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from saves import store
from tests.screen_kit import wait_for
from tests.test_tui_saved_labels import _real_match
from tui.app import OvertableApp
from tui.screens.home import CONTINUE_CELLS, HomeScreen, continue_text
from tui.screens.saved import SavedScreen


def _saved(players, seats, **more) -> store.SavedMatch:
    return store.SavedMatch(
        path=Path("/saves/20260101T120000Z-overstocked-1.jsonl"), match_id="1" * 32,
        game="overstocked", title="Overstocked", players=tuple(players),
        created="2026-01-01T12:00:00+00:00", updated="2026-01-01T12:30:00+00:00",
        winners=(), actions=42, finished=False, progress="round 2",
        seats=tuple(seats), **more)


def _seats(names, levels) -> list:
    return [(n, level is not None, level) for n, level in zip(names, levels, strict=True)]


def test_continue_names_each_bots_level():
    saved = _saved(("Ann", "Bram"), _seats(("Ann", "Bram"), (None, "hard")))
    assert continue_text(saved) == "Continue: Overstocked · Ann, Bram (hard bot) · round 2"


def test_a_long_continue_line_says_every_level_shorter_in_one_form():
    """Where the whole words would wrap the line (the home menu's row is
    `CONTINUE_CELLS` wide at 80 columns and more): the levels alone, else
    their initials (as F1 lists them), the same form for every bot."""
    three = _saved(("Ann", "Bram", "Cora"),
                   _seats(("Ann", "Bram", "Cora"), (None, "normal", "hard")))
    assert continue_text(three) == "Continue: Overstocked · Ann, Bram (normal), Cora (hard) · round 2"
    four = _saved(("Ann", "Bram", "Cora", "Dag"),
                  _seats(("Ann", "Bram", "Cora", "Dag"), (None, "normal", "hard", "easy")))
    assert continue_text(four) == (
        "Continue: Overstocked · Ann, Bram (n), Cora (h), Dag (e) · round 2")
    assert all(len(continue_text(s)) <= CONTINUE_CELLS for s in (three, four))
    # too long even so: the initials, the line wrapping as it did
    names = ("Annabelle", "Bartholomew", "Cordelia", "Dorothea", "Evangeline")
    five = _saved(names, _seats(names, (None, "normal", "hard", "easy", None)))
    assert continue_text(five) == ("Continue: Overstocked · Annabelle, Bartholomew (n), "
                                   "Cordelia (h), Dorothea (e), Evangeline · round 2")


def test_saves_without_levels_shared_tables_and_solo_read_as_before():
    # an older save: no levels (nor, older still, kinds)
    old = _saved(("Ann", "Bram"), (("Ann", False, None), ("Bram", True, None)))
    assert continue_text(old) == "Continue: Overstocked · Ann, Bram · round 2"
    assert continue_text(_saved(("Ann", "Bram"), ())) == "Continue: Overstocked · Ann, Bram · round 2"
    # a shared table's bots are named by the tables already ("bot (easy)")
    shared = _saved(("Ann", "bot (easy)"), (("Ann", False, None), ("Bot 2", True, "easy")),
                    shared=True)
    assert continue_text(shared) == "Continue: Overstocked · Ann, bot (easy) · round 2"
    # the rules' own bot of a solo mode (OS-19) is no bot of the match's:
    # the match reads as the saved list's row says it ("Ann solo")
    solo = _saved(("Ann", "Bot"), (("Ann", False, None), ("Bot", True, "normal")),
                  solo=True, people=("Ann",))
    assert continue_text(solo) == "Continue: Overstocked · Ann solo · round 2"


async def test_home_and_the_saved_list_name_the_bots_levels(monkeypatch, tmp_path):
    """Play-test: "Continue: Overstocked · Ann, Bram, Cora · round 1": which
    seats were bots, at which level? A real save of Ann, Bram (a hard bot)
    and Cora (a normal one), at 80x24: Continue, the line under the saved
    list and Details say it alike."""
    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    _real_match(tmp_path)
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and app.screen._latest is not None)
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        prompt = str(menu.get_option("continue").prompt)
        # (the menu's rows: the line is fitted to them)
        assert menu.scrollable_content_region.width == CONTINUE_CELLS
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.pause()
        line = str(app.screen.query_one("#saved-detail", Static).render())
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        details = str(app.screen.query_one("#dialog-text", Static).render())
    # (the whole words would wrap Continue's row: its levels alone)
    assert prompt == "Continue: Overstocked · Ann, Bram (hard), Cora (normal) · round 1", prompt
    assert line.startswith("Ann, Bram (hard bot), Cora (normal bot)"), line
    assert "Seats: Ann, Bram (hard bot), Cora (normal bot)" in details.splitlines(), details


async def test_the_delete_box_names_the_bots_levels(monkeypatch, tmp_path):
    """Play-test: the saved list's Delete box read "Overstocked · Ann, Bram,
    Cora · last played ...", where the line under the list and Details
    name Bram a hard bot: the box asking to remove the match for good names
    the seats as they do."""
    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    _real_match(tmp_path)
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.pause()
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.query_one("#dialog-text", Static).render())
    assert "Overstocked · Ann, Bram (hard bot), Cora (normal bot) · last played" in \
        " ".join(question.split()), question


async def test_a_solo_match_is_named_as_the_saved_list_row_names_it(monkeypatch, tmp_path):
    """Play-test: an Overstocked solo match read "Continue: Overstocked ·
    Ann, Bram · round 3" at home, and "Ann, Bram · Solo against the
    rulebook's bot" under the saved list, where its row says "Ann solo":
    "Bram" was the 2-player form's hidden seat, not in the match. Home's
    Continue, the line under the list, Details and the Delete box name the
    players as the row does."""
    import random

    from core.overstocked import GAME
    from saves.journal import PlayerSpec
    from saves.match import Match
    from tests.test_saves_store import advance
    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    match = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot")],
                      options=GAME.Options(solo=True))
    advance(match, 20, random.Random(3))
    match.close()
    app = OvertableApp(theme_name="textual-dark", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and app.screen._latest is not None)
        await pilot.pause()
        prompt = str(app.screen.query_one(OptionList).get_option("continue").prompt)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.pause()
        row = app.screen.matches[0].who_plays()
        line = str(app.screen.query_one("#saved-detail", Static).render())
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        details = str(app.screen.query_one("#dialog-text", Static).render())
    assert row == "Ann solo"
    assert prompt.startswith("Continue: Overstocked · Ann solo · "), prompt
    assert line.startswith("Ann solo · "), line
    assert "Seats: Ann solo" in details.splitlines(), details
    assert all("Bram" not in text for text in (prompt, line, details))
