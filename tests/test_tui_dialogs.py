"""Dialogs over a screen show their own keys in the footer: the footer of
the screen underneath stayed in sight and named its keys (a game's "w To
the Wizard", "q Home"), which do nothing while a dialog is up."""

from __future__ import annotations

import inspect

import attrs
import pytest
from textual.screen import ModalScreen

from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update, screen_text
from tests.screen_kit import settle
from tui.screens import bossquest, chat, confirm, ending, help, loading
from tui.screens.dialog import Dialog
from tui.widgets.footer import Footer

#: the Boss Quest table's footer, under every dialog here
TABLE_KEYS = ("Undo", "Home", "To the Wizard")


def _dialogs(app):
    """Each dialog as the app pushes it, with the footer it should show."""
    return {
        "confirm": (confirm.ConfirmScreen("Leave the match?", "It is saved.", yes="Leave",
                                          no="Stay"),
                    "y Leave n Stay esc Cancel"),
        "confirm-ok": (confirm.ConfirmScreen("Cannot open", "The file is gone.", yes="OK",
                                             no=None),
                       "y OK esc Close"),
        "help": (help.HelpScreen(app.game_screen), "esc Close"),
        "loading": (loading.LoadingScreen("long.jsonl"), "esc Back"),
        "chat": (chat.ChatScreen("at the table", [], lambda line: None), "esc Close"),
        "ending": (ending.EndingScreen("The last moves", ["Bob asks for 2 weapons."]),
                   "⏎ Go on f1 Help"),
    }


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("which", ["confirm", "confirm-ok", "help", "loading", "chat", "ending"])
async def test_a_dialog_shows_its_own_keys_in_the_footer(which, size):
    app = ScreenApp(attrs.evolve(make_update(full_state()), can_undo=True), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert all(word in screen_text(app).splitlines()[-1] for word in TABLE_KEYS)
        dialog, keys = _dialogs(app)[which]
        await app.push_screen(dialog)
        await pilot.pause()
        bottom = screen_text(app).splitlines()[-1]
        assert bottom.startswith(keys), bottom
        assert not any(word in bottom for word in TABLE_KEYS), bottom


async def test_n_does_nothing_in_a_dialog_without_no():
    """An OK dialog has no "n": the footer leaves it out, and n does not
    close it (Escape and y do)."""
    app = ScreenApp(make_update(full_state()), FakePort())
    answers = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(confirm.ConfirmScreen("Cannot open", "Gone.", yes="OK", no=None),
                              answers.append)
        await pilot.press("n")
        assert isinstance(app.screen, confirm.ConfirmScreen) and answers == []
        await pilot.press("y")
        assert answers == [True]


def test_every_dialog_is_a_dialog_with_its_footer():
    """One mechanism for all: every modal screen of the app is a `Dialog`
    (its own footer), and composes its content in `compose_dialog`."""
    modals = [cls for module in (bossquest, chat, confirm, ending, help, loading)
              for _, cls in inspect.getmembers(module, inspect.isclass)
              if issubclass(cls, ModalScreen) and cls.__module__ == module.__name__]
    assert {cls.__name__ for cls in modals} >= {
        "CombatScreen", "ChatScreen", "ConfirmScreen", "EndingScreen", "HelpScreen",
        "LoadingScreen", "OverTheResults"}
    for cls in modals:
        assert issubclass(cls, Dialog), cls
        assert "compose" not in vars(cls), f"{cls.__name__} composes no footer of its own"


async def test_the_combat_over_the_results_has_one_footer():
    """The last combat had its own footer line, a copy: now the shared one."""
    result = full_state().history[-1]
    app = ScreenApp(make_update(full_state()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(bossquest.CombatScreen(result, lambda s: "ABCD"[s]))
        await pilot.pause()
        assert len(app.screen.query(Footer)) == 1
        assert screen_text(app).splitlines()[-1].startswith("↵ Go on")


async def test_a_dialog_is_laid_out_once_when_it_opens_and_the_table_not_again():
    """A screen's first layout sends it a Resize, and Textual's screen
    answered it with a second whole layout of itself and one of every screen
    under it, at the same size: Boss Quest's combat over the table was laid
    out three times as it opened and the table once more (counted with
    `Screen._refresh_layout`). Now: its first layout, and the one its mount
    asks for; the table underneath, none (`lay_out_once`)."""
    from textual.screen import Screen

    from tui.once import lay_out_once

    lay_out_once()  # as OvertableApp does
    app = ScreenApp(make_update(full_state()), FakePort())
    layouts: list[str] = []
    original = Screen._refresh_layout

    def counted(screen, *args, **kwargs):
        layouts.append(type(screen).__name__)
        return original(screen, *args, **kwargs)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        Screen._refresh_layout = counted
        try:
            # the table settled first: a busy machine may still lay it out
            # from its mount, which is not the dialog's doing
            for _ in range(50):
                layouts.clear()
                await pilot.pause(0.05)
                if not layouts and not app.screen._layout_required:
                    break
            assert not layouts, layouts
            app.push_screen(bossquest.CombatScreen(full_state().history[-1], lambda s: "ABCD"[s]))
            for _ in range(4):
                await pilot.pause()
        finally:
            Screen._refresh_layout = original
        assert layouts == ["CombatScreen", "CombatScreen"]
        assert "↵ Go on" in screen_text(app).splitlines()[-1]


def _box(box: str):
    """A box over the table: a round's end (Overseers), or the last combat."""
    if box == "ending":
        return ending.EndingScreen("Round 1 ended", ["Ann scores 3."])
    return bossquest.CombatScreen(full_state().history[-1], lambda s: "ABCD"[s])


@pytest.mark.parametrize("key", ["f1", "question_mark"])
@pytest.mark.parametrize("box", ["ending", "combat"])
async def test_f1_and_question_mark_open_the_help_over_a_box(box, key):
    """Play-test: over Overseers' round and vote boxes (and Boss Quest's
    last combat), F1 and ? did nothing and said nothing: the app's keys do
    not reach past a modal box. Each box opens the help, which lists its
    keys, and closing the help leaves the box up."""
    from tui.app import OvertableApp
    from tui.screens.help import HelpScreen

    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = _box(box)
        await app.push_screen(dialog)
        await pilot.pause()
        if box == "ending":
            assert screen_text(app).splitlines()[-1].startswith("↵ Go on f1 Help")
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = screen_text(app)
        assert ("Help: Box over the table" if box == "ending" else "Help: Combat") in help_text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog


@pytest.mark.parametrize("box", ["ending", "combat"])
async def test_q_over_a_box_says_to_put_it_away_first(box):
    """Play-test (Overseers over a hub): q over the round and vote boxes did
    nothing and said nothing, where it goes home from the table. It says
    to put the box away first; the box stays up."""
    from tui.app import OvertableApp

    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        dialog = _box(box)
        await app.push_screen(dialog)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is dialog
        said = [n.message for n in app._notifications]
        if box == "ending":
            # in the box's foot: a notice sat over the box's first lines
            # (an Overseers play-test), and no notice
            assert said == [] and "Enter first: then q goes home" in screen_text(app)
        else:
            assert said == ["Put this away first (Enter); then q goes home."]


@pytest.mark.parametrize("box", ["ending", "combat"])
async def test_q_over_a_box_at_the_shared_tables_says_it_goes_to_the_lobby(box, tmp_path):
    """Play-test (the end-of-match box at a shared table): q over it said
    "then q goes home", where q leads to the lobby there (the footer says
    "q Lobby"). It names the lobby."""
    from tui.join import JoinApp

    # no hub at that socket: the app says so, and the box is all there is
    app = JoinApp(tmp_path / "no-hub.sock", "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        dialog = _box(box)
        await app.push_screen(dialog)
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is dialog
        said = [n.message for n in app._notifications]
        if box == "ending":
            assert said == [] and "Enter first: then q goes to the lobby" in screen_text(app)
        else:
            assert said == ["Put this away first (Enter); then q goes to the lobby."]


async def test_a_box_with_a_column_beside_its_text_gives_the_text_the_width_below_it():
    """Play-test at 160x45: Overseers' round-end box wrapped its text at
    about 77 columns even below where the score column beside it ended,
    leaving a wide empty band. Below that column the text takes the box's
    whole width."""
    app = ScreenApp(make_update(full_state()), FakePort())
    long = ("Bram, not the highest, takes Lust (L) from the discard pile, face up. Tied for "
            "the most Greed: Bram, Cora; the Leader chooses who steals. ") * 2
    box = ending.EndingScreen("The end of round 2", ["Round 2 ends.", *[long] * 4],
                              aside=[f"Ann  score line {n}  showdown 12 · round score 20" for n in range(3)],
                              aside_at=1)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        await app.push_screen(box)
        await settle(pilot)
        rows = [row for row in screen_text(app).splitlines() if "│" in row or "╭" in row]
        top = next(n for n, row in enumerate(rows) if "score line 2" in row)
        left = rows[0].index("╭")
        text_width = max(len(row.split("│")[1].rstrip()) for row in rows[1:top + 1])
        below = max(len(row[left:].split("│")[1].rstrip()) for row in rows[top + 2:-1])
    assert below > text_width + 20, (text_width, below)
