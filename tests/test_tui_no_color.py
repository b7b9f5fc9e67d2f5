"""NO_COLOR (no-color.org): a list's highlighted item still stands out.

Play-test: with NO_COLOR set, the home menu's highlighted item was only
bold (its background colour gone), hard to tell in many terminals. Every
list's highlight is drawn reversed then: the home menu, the saved
matches, a new-match dropdown's open list, the shared tables' lobby.
Reverse video is no colour: it survives NO_COLOR's filters."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, Select

from tests.screen_kit import wait_for
from tui import theme
from tui.app import OvertableApp
from tui.screens.home import HomeScreen
from tui.screens.new_match import NewMatchScreen
from tui.screens.saved import SavedScreen

THEMES = [theme.ANSI_THEME, theme.COLOUR_THEME]


@pytest.fixture(autouse=True)
def no_color(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("NO_COLOR", "1")


def reversed_rows(widget: Widget) -> list[str]:
    """The text of each of `widget`'s rows drawn (in part) reversed."""
    rows = []
    for strip in widget.render_lines(Region(0, 0, *widget.region.size)):
        if any(s.style and s.style.reverse and s.text.strip() for s in strip):
            rows.append(strip.text.strip())
    return rows


def app_with(theme_name: str, **kwargs: Any) -> OvertableApp:
    return OvertableApp(bot_delay=0, theme_name=theme_name, **kwargs)


@pytest.mark.parametrize("theme_name", THEMES)
async def test_the_home_menus_highlight_is_reversed(theme_name):
    app = app_with(theme_name)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and app.screen.latest_checked)
        menu = app.screen.query_one("#home-menu", OptionList)
        await pilot.press("down")
        await pilot.pause()
        shown = str(menu.highlighted_option.prompt).splitlines()[0].strip()
        assert [row[:20] for row in reversed_rows(menu)] == [shown[:20]]


@pytest.mark.parametrize("term", ["xterm-mono", "ansi-m"])
@pytest.mark.parametrize("theme_name", THEMES)
async def test_a_monochrome_terminal_is_treated_as_no_color(term, theme_name, monkeypatch):
    """Hostile-input play-test: with TERM=xterm-mono (no NO_COLOR) the
    highlighted menu row was only bold black on white. A terminal whose
    name says it is monochrome (terminfo's "-m" and "-mono" names) is
    drawn as under NO_COLOR: the highlight reversed."""
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", term)
    app = app_with(theme_name)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen)
                       and app.screen.latest_checked)
        assert app.no_color
        menu = app.screen.query_one("#home-menu", OptionList)
        await pilot.press("down")
        await pilot.pause()
        shown = str(menu.highlighted_option.prompt).splitlines()[0].strip()
        assert [row[:20] for row in reversed_rows(menu)] == [shown[:20]]


@pytest.mark.parametrize("term, mono", [
    ("xterm-mono", True), ("ansi-m", True), ("rxvt-mono", True), ("XTERM-MONO", True),
    ("xterm-256color", False), ("xterm", False), ("vt100-am", False), ("wy30-mc", False),
    ("", False), ("linux", False),
])
def test_which_terminal_names_say_monochrome(term, mono):
    """terminfo's naming (term(7)): the "-m" suffix is "mono mode; suppress
    color", and its monochrome entries are named "-mono" (xterm-mono);
    "-am" (automargins) and "-mc" (magic cookie) are not."""
    assert theme.monochrome({"TERM": term}) is mono


@pytest.mark.parametrize("theme_name", THEMES)
async def test_the_saved_matches_highlight_is_reversed(theme_name):
    from saves.journal import PlayerSpec
    from saves.match import Match

    for bot in ("random", "heuristic"):
        Match.new("boss-quest", [PlayerSpec("Ann", "human", None),
                                 PlayerSpec("Bram", "bot", bot)]).close()
    app = app_with(theme_name, start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        table = app.screen.query_one(DataTable)
        await pilot.press("down")
        await pilot.pause()
        rows = reversed_rows(table)
        assert len(rows) == 1 and rows[0].startswith("Boss Quest"), rows


@pytest.mark.parametrize("theme_name", THEMES)
async def test_a_new_match_dropdowns_highlight_is_reversed(theme_name):
    app = app_with(theme_name, start="new", argument="boss-quest")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        select = app.screen.query_one("#count", Select)
        select.focus()
        select.expanded = True
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        overlay = select.query_one(OptionList)
        shown = str(overlay.highlighted_option.prompt).strip()
        assert [row.strip("│ ") for row in reversed_rows(overlay)] == [shown]


@pytest.mark.parametrize("theme_name", THEMES)
async def test_the_lobbys_highlight_is_reversed(theme_name):
    from tui.screens.lobby import LobbyScreen

    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    tables = [{"table": tid, "title": title, "seats": [ann], "started": True,
               "play": {"finished": False, "to_act": [0], "actions": 3}}
              for tid, title in (("a", "Overseers"), ("b", "Overboss Duel"))]
    app = app_with(theme_name)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        lobby = LobbyScreen()
        await app.push_screen(lobby)
        lobby.show(tables, "Ann")
        await pilot.pause()
        grid = lobby.query_one(DataTable)
        grid.focus()
        await pilot.press("down")
        await pilot.pause()
        rows = reversed_rows(grid)
        assert len(rows) == 1 and "Overboss Duel" in rows[0], rows


# -- focus on a form (the new-match form, the shared tables' new-table form)

_EDGES = set("▊▎▔▁▐▌ ")


def reversed_cells(app: OvertableApp) -> set[tuple[int, int]]:
    """The screen cells, (x, y), drawn reversed with something in them (a
    button's reversed edge, ▊, is drawn whether it has focus or not)."""
    cells = set()
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            width = segment.cell_length
            if segment.style and segment.style.reverse and set(segment.text) - _EDGES:
                cells.update((x + i, y) for i in range(width))
            x += width
    return cells


async def assert_focus_reversed(app: OvertableApp, pilot: Any, stops: int) -> list[str]:
    """Tab through `stops` fields: each focused field, whatever its kind, is
    drawn reversed, and nothing else on the screen is. The fields seen."""
    seen = []
    for _ in range(stops):
        focused = app.focused
        assert focused is not None
        await pilot.pause()
        cells = reversed_cells(app)
        region = focused.region
        kind = type(focused).__name__
        assert cells, f"{kind} #{focused.id}: no reversed cell"
        outside = {(x, y) for x, y in cells if not region.contains(x, y)}
        assert not outside, f"{kind} #{focused.id}: reversed outside it"
        seen.append(kind)
        await pilot.press("tab")
    return seen


@pytest.mark.parametrize("theme_name", THEMES)
async def test_the_new_match_forms_focus_shows_without_colour(theme_name):
    """Play-test: under NO_COLOR a focused checkbox was only bold and a name
    only underlined (the dropdowns and buttons reversed): each kind of field
    now shows its focus one way, reversed."""
    app = app_with(theme_name, start="new", argument="overseers")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        seen = await assert_focus_reversed(app, pilot, 11)
        assert {"Dropdown", "Input", "MarkedCheckbox", "Button"} <= kinds(seen), seen


def kinds(seen: list[str]) -> set[str]:
    """The widgets' kinds: a name field is a LimitedInput, an Input."""
    return {"Input" if name == "LimitedInput" else name for name in seen}


@pytest.mark.parametrize("theme_name", THEMES)
async def test_the_new_table_forms_focus_shows_without_colour(theme_name):
    from tui.screens.lobby import SharedTableScreen

    app = app_with(theme_name)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await app.push_screen(SharedTableScreen("overseers"))
        await wait_for(pilot, lambda: isinstance(app.screen, SharedTableScreen))
        await pilot.pause()
        app.screen.query_one("#game").focus()
        seen = await assert_focus_reversed(app, pilot, 12)
        assert {"Dropdown", "Input", "MarkedCheckbox", "Button"} <= kinds(seen), seen


GAMES = ["boss-quest", "overboss-duel", "overstocked", "overseers"]


@pytest.mark.parametrize("game", GAMES)
async def test_a_game_screens_focused_panel_shows_without_colour(game):
    """A game screen's focused panel had only its border's colour to show
    it: without colour its border is heavy, the others' round."""
    from tui.screens.game import GameScreen

    app = app_with(theme.ANSI_THEME, start="new", argument=game)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.screen.query(".panel"))
        await pilot.pause()
        if not any(p.has_focus_within for p in app.screen.query(".panel")):
            inside = [w for p in app.screen.query(".panel")
                      for w in p.query("*") if w.focusable]
            inside[0].focus()
            await pilot.pause()
        panels = list(app.screen.query(".panel"))
        focused = [p for p in panels if p.has_focus_within]
        assert len(focused) == 1 and len(panels) > 1, panels
        assert {p.styles.border_top[0] for p in panels if p not in focused} <= {"round"}
        assert focused[0].styles.border_top[0] == "heavy"
