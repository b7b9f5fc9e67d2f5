"""A game screen's update redraws only what changed (tui/widgets/quiet.py,
tui/widgets/footer.py, the lists' and the board's setters): the same content
again leaves a widget alone, any difference that shows (a style, a row, a
key's dimming) still reaches the screen, and a panel whose height changes
still gets the room."""

from __future__ import annotations

from typing import ClassVar

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tests.screen_kit import screen_text, settle
from tui.once import lay_out_once
from tui.screens.game import GameScreen
from tui.screens.overstocked_area import AreaView
from tui.widgets import ActionBar, Card, Choice, Hand, Market, Offer, PickList, Row
from tui.widgets.board import Board, Cell, Grid
from tui.widgets.footer import Footer
from tui.widgets.quiet import content_key, set_border, update_static


def test_content_key_tells_apart_what_draws_differently():
    assert content_key(Text("Ann", style="bold")) == content_key(Text("Ann", style="bold"))
    # rich's own == looks at the characters and spans only
    assert Text("Ann", style="bold") == Text("Ann")
    assert content_key(Text("Ann", style="bold")) != content_key(Text("Ann"))
    assert content_key(Text("Ann", justify="right")) != content_key(Text("Ann"))
    marked = Text("Ann")
    marked.stylize("underline", 0, 1)
    assert content_key(marked) != content_key(Text("Ann"))
    assert content_key([Row(Text("a", style="dim"))]) != content_key([Row(Text("a"))])
    assert content_key([Row("a", key="1")]) == content_key((Row("a", key="1"),))
    assert content_key(Choice("1", "Ask 1", value=1)) != content_key(Choice("1", "Ask 1", value=2))


class PanelsApp(App):
    CSS = "#top { height: auto; } #fixed { height: 1; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one", id="top")
            yield Static("below", id="below")
            yield Static("x", id="fixed")
            yield PickList([Row("a"), Row("b")], id="list")
            yield Hand([Card("A")], id="hand")
            yield ActionBar([Choice("1", "Ask 1", 1)], id="bar")


async def test_a_panel_is_left_alone_with_the_same_content_and_redrawn_otherwise():
    app = PanelsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        top = app.query_one("#top", Static)
        update_static(top, Text("Round 2", style="bold"))
        await pilot.pause()
        shown = top.content
        update_static(top, Text("Round 2", style="bold"))
        assert top.content is shown  # the same: not set again
        update_static(top, Text("Round 2"))
        assert top.content is not shown  # only the style differs: it shows
        await pilot.pause()
        assert "Round 2" in screen_text(app)
        # Another way in (a plain update) is not mistaken for ours.
        top.update("elsewhere")
        update_static(top, Text("Round 2"))
        await pilot.pause()
        assert "Round 2" in screen_text(app) and "elsewhere" not in screen_text(app)


async def test_a_panel_that_grows_or_shrinks_is_laid_out_again():
    app = PanelsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        top, below = app.query_one("#top", Static), app.query_one("#below", Static)
        await pilot.pause()
        y = below.region.y
        update_static(top, "one\ntwo\nthree")
        await pilot.pause()
        assert top.size.height == 3 and below.region.y == y + 2
        update_static(top, "ONE\nTWO\nTHREE")  # the same height: no layout needed
        await pilot.pause()
        assert "TWO" in screen_text(app) and below.region.y == y + 2
        update_static(top, "one")
        await pilot.pause()
        assert top.size.height == 1 and below.region.y == y
        fixed = app.query_one("#fixed", Static)
        update_static(fixed, "fixed height")
        await pilot.pause()
        assert "fixed height" in screen_text(app) and fixed.size.height == 1


async def test_a_panel_within_its_minimum_height_keeps_its_size_without_a_layout(monkeypatch):
    """A prompt kept two lines high (Overboss Duel's) going from two lines
    to one and back needs no layout of the screen; past its minimum it
    grows."""

    class MinApp(App):
        CSS = "#prompt { height: auto; min-height: 2; }"

        def compose(self) -> ComposeResult:
            with Vertical():
                yield Static("one\ntwo", id="prompt")
                yield Static("below", id="below")

    app = MinApp()
    async with app.run_test(size=(40, 12)) as pilot:
        prompt, below = app.query_one("#prompt", Static), app.query_one("#below", Static)
        await pilot.pause()
        y = below.region.y
        layouts = []
        refresh = Widget.refresh

        def counting(self, *regions, **kwargs):
            if kwargs.get("layout"):
                layouts.append(self)
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", counting)
        update_static(prompt, "just one")
        await pilot.pause()
        update_static(prompt, "one\ntwo")
        await pilot.pause()
        assert layouts == [] and prompt.size.height == 2 and below.region.y == y
        update_static(prompt, "one\ntwo\nthree")
        await pilot.pause()
        assert prompt in layouts and prompt.size.height == 3 and below.region.y == y + 1


async def test_a_hidden_panel_takes_new_content_without_a_layout_and_shows_it_when_shown(
    monkeypatch,
):
    app = PanelsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        top, below = app.query_one("#top", Static), app.query_one("#below", Static)
        await pilot.pause()
        top.display = False
        await pilot.pause()
        counted = Layouts(app, monkeypatch)
        update_static(top, "one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause(0.05)
        assert counted.reflows == 0  # hidden: its size does not matter yet
        y = below.region.y
        top.display = True
        await pilot.pause()
        assert top.size.height == 3 and below.region.y == y + 3
        assert "three" in screen_text(app)


async def test_lists_take_new_rows_cards_and_choices_and_keep_the_cursor_on_the_same():
    app = PanelsApp()
    async with app.run_test(size=(40, 12)) as pilot:
        rows = app.query_one("#list", PickList)
        rows.set_rows([Row("a"), Row("b")], picking=True)
        rows.cursor = 1
        rows.set_rows([Row("a"), Row("b")], picking=True)  # the same rows
        assert rows.cursor == 1
        rows.set_rows([Row("a"), Row("b"), Row("c"), Row("d")], picking=True)
        await pilot.pause()
        assert rows.size.height == 4 and "d" in screen_text(app)
        rows.set_rows([Row("a"), Row("b"), Row("c"), Row(Text("d", style="bold"))], picking=True)
        await pilot.pause()
        hand = app.query_one("#hand", Hand)
        hand.set_cards([Card("A"), Card("Q")], caption="= 11")
        bar = app.query_one("#bar", ActionBar)
        bar.set_choices([Choice("1", "Ask 1", 1), Choice("w", "Wizard", 2)])
        await pilot.pause()
        text = screen_text(app)
        assert "Q" in text and "= 11" in text and "Wizard" in text
        bar.set_choices([Choice("1", "Ask 1", 1), Choice("w", "Wizard", 2, enabled=False)],
                        keep_cursor=True)
        assert bar.enabled_indexes() == [0]


class OneWidgetApp(App):
    """An app showing one widget."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


async def test_a_market_shows_a_detail_turned_on_for_the_same_offers():
    app = OneWidgetApp(Market())
    async with app.run_test(size=(40, 12)) as pilot:
        market = app.query_one(Market)
        offers = [Offer("Fire", key="1", detail="Burns the Boss.")]
        market.set_offers(offers, details=False)
        await pilot.pause()
        assert "Burns" not in screen_text(app)
        market.set_offers(offers, details=True)
        await pilot.pause()
        assert "Burns the Boss." in screen_text(app)


def cells(text: str) -> Grid:
    return Grid(cells=((Cell(text, key=0), Cell("b", key=1)),))


async def test_the_board_keeps_its_drawing_for_the_same_grid_and_redraws_a_new_one():
    app = OneWidgetApp(Board())
    async with app.run_test(size=(40, 6)) as pilot:
        board = app.query_one(Board)
        board.set_grid(cells("a"), targets={0})
        await pilot.pause()
        first = board.render_line(0)
        board.set_grid(cells("a"), targets=iter({0}))  # equal: the cached drawing stays
        assert board.render_line(0) is first and board.targets == frozenset({0})
        board.set_grid(cells("a"), targets=iter({1}))
        assert board.render_line(0) is not first and board.targets == frozenset({1})
        board.set_grid(cells("z"))
        await pilot.pause()
        assert "z" in board.plain_lines()[0]


class FooterApp(App):
    """A footer over a screen whose Undo key lights up and whose extra key
    comes and goes, as a game screen's do between updates."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("e", "end", "End turn"),
    ]

    can_undo = False
    can_end = True

    def compose(self) -> ComposeResult:
        yield Footer(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.can_undo else None
        if action == "end":
            return self.can_end
        return True


async def test_the_footer_relights_and_changes_its_keys_without_laying_out_the_screen():
    """Keys lighting up, coming and going redraw the footer's one line: no
    key widgets mounted or removed, no layout of the screen (what an update
    cost every SSH session before)."""
    app = FooterApp()
    async with app.run_test(size=(60, 4)) as pilot:
        await settle(pilot)
        footer = app.query_one(Footer)
        layouts = []
        refresh = Widget.refresh

        def counting(self, *regions, **kwargs):
            if kwargs.get("layout"):
                layouts.append(self)
            return refresh(self, *regions, **kwargs)

        palette = ("ctrl+p", "palette", True)  # at the right
        assert footer.shown == (("u", "Undo", False), ("e", "End turn", True), palette)
        assert "u Undo e End turn" in screen_text(app)
        Widget.refresh = counting  # type: ignore[method-assign]
        try:
            app.can_undo = True
            app.refresh_bindings()
            await pilot.pause()
            assert footer.shown[0] == ("u", "Undo", True)
            app.can_end = False  # the key goes
            app.refresh_bindings()
            await pilot.pause()
            assert footer.shown == (("u", "Undo", True), palette)
            assert "End turn" not in screen_text(app)
            app.can_end = True  # it comes back, in its place
            app.refresh_bindings()
            await pilot.pause()
        finally:
            Widget.refresh = refresh  # type: ignore[method-assign]
        assert footer.shown == (("u", "Undo", True), ("e", "End turn", True), palette)
        assert layouts == []
        assert list(footer.children) == []


async def test_the_footer_keeps_each_line_it_drew_and_draws_it_as_textual_would(monkeypatch):
    """A set of keys seen before is drawn from the kept line (the keys'
    spans for a click with it), the same cells as Textual draws from the
    footer's `render`."""
    app = FooterApp()
    async with app.run_test(size=(60, 4)) as pilot:
        await settle(pilot)
        footer = app.query_one(Footer)
        lines = {}
        for can_end in (True, False, True, False):
            app.can_end = can_end
            app.refresh_bindings()
            await pilot.pause()
            line = footer.render_line(0)
            assert line == Widget.render_line(footer, 0)  # Textual's own drawing
            lines.setdefault(can_end, line)
            assert lines[can_end] is line  # the second time, the kept line
        rendered = []
        render = Footer.render
        monkeypatch.setattr(Footer, "render", lambda self: rendered.append(1) or render(self))
        app.can_end = True
        app.refresh_bindings()
        await pilot.pause()
        assert rendered == []
        assert "End turn" in screen_text(app)
        assert [key.key for _, _, key in footer._spans] == ["u", "e", "ctrl+p"]


async def test_a_click_on_a_footer_key_presses_it_and_a_dim_key_rings():
    app = FooterApp()
    pressed = []
    app.action_end = lambda: pressed.append("e")  # type: ignore[attr-defined]
    app.action_undo = lambda: pressed.append("u")  # type: ignore[attr-defined]
    async with app.run_test(size=(60, 4)) as pilot:
        await settle(pilot)
        line = screen_text(app).splitlines()[-1]
        await pilot.click(Footer, offset=(line.index("End"), 0))
        await pilot.click(Footer, offset=(line.index("Undo"), 0))  # dimmed: nothing
        await pilot.pause()
        assert pressed == ["e"]


class Layouts:
    """Counts the screen's layouts and the kinds of frames sent out."""

    def __init__(self, app: App, monkeypatch) -> None:
        from textual._compositor import Compositor

        self.reflows = 0
        self.frames: list[str] = []
        reflow = Compositor.reflow

        def counting(compositor, parent, size):
            self.reflows += 1
            return reflow(compositor, parent, size)

        monkeypatch.setattr(Compositor, "reflow", counting)
        display = app._display

        def recording(screen, renderable):
            if renderable is not None:
                self.frames.append(type(renderable).__name__)
            display(screen, renderable)

        monkeypatch.setattr(app, "_display", recording)


class GrowingApp(App):
    CSS = """
    #box { height: auto; }
    #top { height: auto; }
    #scroll { height: 3; overflow-y: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("one", id="top")
            yield Static("below", id="below")
        with Vertical(id="scroll"):
            yield Static("a", id="inner")


async def test_a_layout_that_resizes_panels_settles_in_one_pass(monkeypatch):
    # Textual lays the screen out a second time after a layout that resized
    # a widget (its new virtual size asks for it), and repaints it again; for
    # a panel that cannot scroll that pass changes nothing (lay_out_once).
    lay_out_once()
    app = GrowingApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        top, below = app.query_one("#top", Static), app.query_one("#below", Static)
        y = below.region.y
        counted = Layouts(app, monkeypatch)
        top.update("one\ntwo\nthree")
        await pilot.pause()
        await pilot.pause(0.1)
        assert top.size.height == 3 and below.region.y == y + 2
        assert app.query_one("#box").size.height == 4
        assert "three" in screen_text(app)
        assert counted.reflows == 1
        assert len(counted.frames) == 1
        # a container that can scroll still gets its scrollbar when its
        # content outgrows it (the second pass it needs is kept)
        scroll = app.query_one("#scroll", Vertical)
        app.query_one("#inner", Static).update("\n".join("abcdef"))
        await pilot.pause()
        await pilot.pause(0.1)
        assert scroll.virtual_size.height == 6 and scroll.show_vertical_scrollbar
        assert scroll.scrollbar_size_vertical > 0


class NoticeApp(App):
    def compose(self) -> ComposeResult:
        yield Static("the table")
        with Vertical(id="notices"):
            yield Static("a notice", id="notice")


async def test_a_widget_removed_is_painted_over_when_the_map_is_rebuilt_before_the_layout():
    # Play-test: the Ctrl+C notice stayed on the terminal long after its
    # time (the app had forgotten it, the terminal had not). Its container,
    # told to lay out again after the removal, asked where it was: that
    # rebuilt the compositor's map without the notice, the layout that
    # followed found nothing changed, and the notice's cells were never
    # painted over (Textual's second layout, which lay_out_once spares, had
    # repainted the container by chance). The lazy rebuild marks them.
    lay_out_once()
    app = NoticeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notice = app.query_one("#notice", Static)
        where = notice.region
        assert where
        compositor = app.screen._compositor
        await notice.remove()
        compositor._dirty_regions.clear()
        compositor._full_map_invalidated = True  # as a scroll or a new widget leaves it
        assert notice not in compositor.full_map
        assert any(region.overlaps(where) for region in compositor._dirty_regions)
        await pilot.pause(0.1)
        assert "a notice" not in screen_text(app)


class Focusable(Static, can_focus=True):
    pass


class PanelsScreen(GameScreen):
    def compose(self) -> ComposeResult:
        yield Focusable("first", id="first", classes="panel")
        yield Focusable("second", id="second", classes="panel")
        yield Static("the rest of the table", id="rest")

    def _redraw(self, update) -> None:
        pass


class FocusApp(App):
    CSS = ".panel { border: round; height: 3; } .panel:focus { border: heavy; }"

    async def on_mount(self) -> None:
        await self.push_screen(PanelsScreen(port=None))


async def test_a_change_of_focus_on_a_game_screen_repaints_only_the_panels_it_restyles(
    monkeypatch,
):
    app = FocusApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        app.screen.query_one("#first").focus()
        await pilot.pause()
        await pilot.pause(0.1)
        assert "┏" in screen_text(app).splitlines()[0]  # the first panel's heavy border
        counted = Layouts(app, monkeypatch)
        app.screen.query_one("#second").focus()
        await pilot.pause()
        await pilot.pause(0.1)
        lines = screen_text(app).splitlines()
        assert "╭" in lines[0] and "┏" in lines[3]  # the focus moved, and shows
        # Textual repaints the whole screen for a change of focus; here only
        # the two panels go out again
        assert counted.frames and "LayoutUpdate" not in counted.frames


class TitledApp(PanelsApp):
    CSS = PanelsApp.CSS + " #hand { border: round; height: 5; }"


async def test_a_border_title_is_set_again_only_when_it_differs(monkeypatch):
    app = TitledApp()
    async with app.run_test(size=(40, 12)) as pilot:
        hand = app.query_one("#hand", Hand)
        set_border(hand, "Your weapons", "v: next")
        await pilot.pause()
        assert "Your weapons" in screen_text(app) and "v: next" in screen_text(app)
        repaints = []
        monkeypatch.setattr(hand, "refresh", lambda *a, **k: repaints.append(k))
        set_border(hand, "Your weapons", "v: next")
        set_border(hand, subtitle="v: next")
        assert repaints == []  # the same titles: the panel is left alone
        set_border(hand, "Your weapons (..) face down")
        assert len(repaints) == 1
        monkeypatch.undo()
        hand.refresh()
        await pilot.pause()
        assert "face down" in screen_text(app) and "v: next" in screen_text(app)
        hand.border_title = "Set directly"  # then the helper's title again: it shows
        set_border(hand, "Your weapons (..) face down")
        await pilot.pause()
        assert "face down" in screen_text(app)


class AreaApp(App):
    CSS = "AreaView.-hot > .area--edge { color: red; } .-inert { padding: 0; }"

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield AreaView(id="area")


async def test_an_area_and_a_board_keep_their_drawing_for_the_same_area_and_styles():
    app = AreaApp()
    async with app.run_test(size=(40, 12)) as pilot:
        area = app.query_one("#area", AreaView)
        spaces = {(0, 0): "a", (1, 0): "b", (0, 1): "T"}
        owner = {(0, 0): 0, (1, 0): 0, (0, 1): 1}
        area.set_area(spaces, owner, last=1)
        await pilot.pause()
        # the grid's own drawing, kept (`render_line` puts it in the middle
        # of the widget: `AreaView.margin`)
        first = area.grid_line(0)
        area.set_area(dict(spaces), dict(owner), last=1)  # the same area again
        assert area.grid_line(0) is first
        # a class on the panel restyles the area to the same styles: kept
        app.query_one("#panel").add_class("-inert")
        await pilot.pause()
        assert area.grid_line(0) is first
        # new styles (its edges' colour), or another area: drawn again
        area.add_class("-hot")
        await pilot.pause()
        hot = area.grid_line(0)
        assert hot is not first
        area.set_area({**spaces, (1, 1): "c"}, {**owner, (1, 1): 2}, last=1)
        await pilot.pause()
        assert area.grid_line(0) is not hot
        assert "c" in "".join(area.plain_lines())


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
async def test_the_action_bar_stays_on_screen_and_lets_the_keys_go_when_empty(game):
    # The bar keeps its line between turns (so the table does not move and
    # the screen is not laid out again), and when it offers nothing it
    # holds neither the focus nor a place in the Tab order.
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.games import screen_class

    players = {"overboss-duel": 2, "overseers": 4}.get(game, 3)
    # a decision of seat 0's, then the moves after it: the turn passes
    windows = 6 if game == "overseers" else 3  # Overseers' bar empties in focus later
    updates = [u for skip in range(windows)
               for u in turns_of_others(game, players=players, seed=3, skip=skip)]
    app = SequenceApp(screen_class(game), updates[:1])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        bar = screen.query_one(ActionBar)
        seen = set()
        for update in updates:
            screen.show(update)
            await pilot.pause()
            while getattr(app.screen, "holds_the_table", False):  # a combat
                await pilot.press("enter")
            assert bar.display
            seen.add(bool(update.legal))
            if not bar.choices:
                assert app.focused is not bar and bar not in screen.focus_chain
        assert seen == {True, False}  # seat 0 decided, and waited


class CrowdedScreen(Screen):
    """A screen with more keys than 60 columns hold, as Overboss Duel's
    while placing at 80 columns."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"go('{key}')", description)
        for key, description in (("enter", "Do it"), ("u", "Undo"), ("q", "Home"),
                                 ("x", "Spire"), ("r", "Reveal Boss"), ("e", "End turn"),
                                 ("p", "Score pad"))
    ]

    def compose(self) -> ComposeResult:
        yield Footer(compact=True)

    def action_go(self, key: str) -> None:
        pass


class CrowdedApp(App):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("f2", "chat", "Chat"),
    ]

    def on_mount(self) -> None:
        self.push_screen(CrowdedScreen())


async def test_a_footer_too_narrow_keeps_help_and_chat_in_sight():
    """The footer was cut at the right edge: at 80 columns Overboss Duel's
    placing keys left out "f1 Help f2 Chat", the help that lists every key
    and the chat. The screen's last keys give way (… marks it) instead."""
    app = CrowdedApp()
    async with app.run_test(size=(60, 4)) as pilot:
        await settle(pilot)
        line = screen_text(app).rstrip().splitlines()[-1]
        assert "f1 Help" in line and "f2 Chat" in line and "…" in line
        assert line.startswith("⏎ Do it u Undo q Home")
        assert "Score pad" not in line
        await pilot.resize_terminal(160, 4)
        await pilot.pause()
        line = screen_text(app).rstrip().splitlines()[-1]
        assert "…" not in line
        assert "p Score pad" in line and line.index("Score pad") < line.index("f1 Help")
