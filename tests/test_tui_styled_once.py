"""Each widget styled once where Textual styled it again for nothing
(tui/once.py, `style_once`; tui/app.py, `_warm_styles`): a pushed screen's
widgets are not restyled at its first resume, a focus restyles the focused
widget alone unless a rule styles what is inside it by that focus, and every
widget class's default CSS is read in the warm-up. Each test checks that the
look is unchanged as well as the work saved."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from tests.screen_kit import settle
from tests.test_tui_results import final_update
from tui.app import OvertableApp
from tui.once import style_once, widgets_default_css
from tui.screens.results import ResultsScreen


class Counted:
    """How many times each node was styled (`Stylesheet.apply`)."""

    def __init__(self, monkeypatch) -> None:
        self.times: Counter = Counter()
        apply = Stylesheet.apply

        def counting(sheet, node, *args, **kwargs):
            self.times[node] += 1
            return apply(sheet, node, *args, **kwargs)

        monkeypatch.setattr(Stylesheet, "apply", counting)


class Lines(Screen):
    def compose(self) -> ComposeResult:
        with Vertical(id="lines"):
            for n in range(10):
                yield Static(f"line {n}", classes="line")


class PlainApp(App):
    CSS = ".line { color: red; }"


async def test_a_pushed_screens_widgets_are_styled_once(monkeypatch):
    style_once()
    app = PlainApp()
    async with app.run_test(size=(40, 16)) as pilot:
        counted = Counted(monkeypatch)
        screen = Lines()
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        lines = list(screen.query(".line"))
        assert len(lines) == 10
        # once as it was mounted; Textual's first resume styled each again
        assert {counted.times[line] for line in lines} == {1}
        assert all(line.styles.color.rgb == (255, 0, 0) for line in lines)


class Centred(Screen):
    CSS_PATH = "centred.tcss"

    def compose(self) -> ComposeResult:
        yield Static("in the middle", id="middle")


async def test_a_screens_own_stylesheet_styles_the_screen_itself(tmp_path: Path, monkeypatch):
    """The screen node is styled before its CSS_PATH is read at the push:
    that node alone is styled again (else a screen aligned by its own
    stylesheet, the hand-over, drew its box in a corner)."""
    style_once()
    css = tmp_path / "centred.tcss"
    css.write_text("Centred { align: center middle; } #middle { width: 13; height: 1; }")
    monkeypatch.setattr(Centred, "CSS_PATH", str(css))
    app = PlainApp()
    async with app.run_test(size=(41, 15)) as pilot:
        await app.push_screen(Centred())
        await pilot.pause()
        await pilot.pause()
        middle = app.screen.query_one("#middle")
        assert (middle.region.x, middle.region.y) == (14, 7)


class Box(Vertical, can_focus=True):
    pass


class Boxes(Screen):
    def compose(self) -> ComposeResult:
        with Box(id="lit"):
            yield Static("lit by the box's focus", id="inner")
        with Box(id="plain"):
            for n in range(5):
                yield Static(f"plain {n}", classes="plain-line")


class FocusApp(App):
    CSS = """
    #lit:focus > Static { background: red; }
    #plain:focus { background: blue; }
    """

    def on_mount(self) -> None:
        self.push_screen(Boxes())


async def test_a_rule_for_what_is_inside_a_focused_widget_still_reaches_it():
    style_once()
    app = FocusApp()
    async with app.run_test(size=(40, 16)) as pilot:
        await settle(pilot)
        inner = app.screen.query_one("#inner")
        app.screen.query_one("#lit").focus()
        await pilot.pause()
        assert inner.styles.background.rgb == (255, 0, 0)
        app.screen.query_one("#plain").focus()  # and the blur takes it back
        await pilot.pause()
        assert inner.styles.background.rgb != (255, 0, 0)


async def test_a_focused_container_restyles_itself_alone(monkeypatch):
    style_once()
    app = FocusApp()
    async with app.run_test(size=(40, 16)) as pilot:
        await settle(pilot)
        await pilot.pause()
        plain = app.screen.query_one("#plain")
        lines = list(app.screen.query(".plain-line"))
        counted = Counted(monkeypatch)
        plain.focus()
        await pilot.pause()
        assert plain.styles.background.rgb == (0, 0, 255)
        assert counted.times[plain] >= 1
        assert all(counted.times[line] == 0 for line in lines)
        app.screen.query_one("#lit").focus()
        await pilot.pause()
        assert plain.styles.background.rgb != (0, 0, 255)
        assert all(counted.times[line] == 0 for line in lines)


def test_every_imported_widget_class_has_its_default_css_listed():
    sources = {read_from for read_from, *_ in widgets_default_css()}
    assert any(name == "Button.DEFAULT_CSS" for _, name in sources)
    assert any(name == "DataTable.DEFAULT_CSS" for _, name in sources)
    assert any(name == "ResultsScreen.DEFAULT_CSS" or name == "Screen.DEFAULT_CSS"
               for _, name in sources)
    # a class whose CSS is not scoped to its own type is left to its mount
    assert all(scope for *_, scope in widgets_default_css())


async def results_styles(warm: bool) -> tuple[list[tuple[str, str]], int, int]:
    """The results' widgets' styles, and the stylesheet's sources and
    parses (cache misses) added by pushing the results."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if warm:
            app._warm_styles()
            await pilot.pause()
        sheet = app.stylesheet
        sources, misses = len(sheet.source), sheet._parse_cache.misses
        await app.push_screen(ResultsScreen(final_update()))
        await pilot.pause()
        await pilot.pause()
        styles = [(str(node), node.styles.css) for node in app.screen.walk_children()]
        return styles, len(sheet.source) - sources, sheet._parse_cache.misses - misses


async def test_with_the_default_css_read_early_the_results_parse_nothing_and_look_the_same(
    monkeypatch,
):
    import tui.app

    # the app's own warm-up comes a second after it starts: on a loaded
    # machine before the results were pushed, so "late" was warm too
    monkeypatch.setattr(tui.app, "WARM_UP_AFTER", 3600.0)
    assert isinstance(Button, type) and isinstance(DataTable, type)
    early, added_early, parsed_early = await results_styles(True)
    late, added_late, parsed_late = await results_styles(False)
    assert early == late
    assert added_late > 0  # without the warm-up, the results add CSS...
    assert (added_early, parsed_early) == (0, 0)  # ...with it, none, and parse none
