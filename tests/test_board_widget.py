"""The reusable Board widget, on its own (no game rules): how it draws a
grid, its cursor, targets and marks, its keys and clicks, its two densities,
and that a cursor move rebuilds only the rows it touches."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.containers import ScrollableContainer

from tests.screen_kit import settle
from tui.widgets.board import Board, Cell, Divider, Edge, Grid


def grid(rows: int = 4, cols: int = 3, **extra) -> Grid:
    """A plain grid: cell (r, c) shows "r.c" and has the key r*10 + c."""
    cells = tuple(
        tuple(Cell(f"{r}.{c}", "bold", (f"r{r}", f"c{c}"), key=r * 10 + c) for c in range(cols))
        for r in range(rows)
    )
    return Grid(cells=cells, **extra)


async def click_cell(pilot, board: Board, row: int, col: int) -> None:
    """Click the middle of a cell and let the board react."""
    region = board.cells_region(range(row, row + 1), range(col, col + 1))
    await pilot.click(board, offset=(region.x + region.width // 2, region.y))
    await pilot.pause()


class BoardApp(App):
    def __init__(self, g: Grid, **kwargs) -> None:
        super().__init__()
        self.g = g
        self.kwargs = kwargs
        self.moved: list = []
        self.chosen: list = []

    def make_board(self) -> Board:
        return Board(self.g, id="b")

    def compose(self) -> ComposeResult:
        yield self.make_board()

    def on_mount(self) -> None:
        board = self.query_one(Board)
        if "targets" in self.kwargs:
            board.set_targets(self.kwargs["targets"], self.kwargs.get("marked", ()))
        board.roomy = self.kwargs.get("roomy", False)
        board.focus()

    def on_board_moved(self, event: Board.Moved) -> None:
        self.moved.append(event.key)

    def on_board_chosen(self, event: Board.Chosen) -> None:
        self.chosen.append(event.key)


async def test_compact_drawing_with_edges_labels_and_divider():
    g = grid(
        4, 3,
        left=(Edge("≈"),) * 4, right=(None, None, Edge("▲"), Edge("▲")),
        top=(Edge("~"),) * 3, bottom=(None, Edge("="), None),
        dividers={1: Divider("━", label="mid")},
        row_labels=("4", "3", "2", "1"), col_labels=("a", "b", "c"),
        top_label="far side", bottom_label="near side",
    )
    app = BoardApp(g)
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        lines = board.plain_lines()
        assert board.size.width == 2 + 1 + 3 * 5 + 1
        assert lines[0].strip() == "far side"
        assert lines[1] == "   " + "~" * 15 + " "
        assert lines[2] == "4 ≈[0.0] 0.1  0.2  "  # the cursor starts top-left
        assert lines[3] == "3 ≈ 1.0  1.1  1.2  "
        assert "mid" in lines[4] and lines[4].startswith("  ━")
        assert lines[5] == "2 ≈ 2.0  2.1  2.2 ▲"
        assert lines[7] == "   " + " " * 5 + "=" * 5 + " " * 5 + " "
        assert lines[8].split() == ["a", "b", "c"]
        assert lines[9].strip() == "near side"
        assert len(lines) == 10 == board.size.height


async def test_targets_marks_and_the_cursor_have_glyphs():
    app = BoardApp(grid(), targets={11, 22}, marked={2})
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        # The cursor settled on the nearest target.
        assert board.cursor_key == 11
        text = "\n".join(board.plain_lines())
        assert "[1.1]" in text
        assert "›2.2‹" in text
        assert "«0.2»" in text


async def test_a_changed_cell_keeps_its_mark_under_the_cursor_and_the_other_brackets():
    """Play-test (Overboss Duel, 80x24): the bot often changes the very
    square the cursor stayed on, and the cursor's `[ ]` replaced its `• •`,
    leaving an underline invisible in monochrome (`≈[P H] P L`). Under
    other brackets the `•` goes into the face: on its blank ends, else its
    middle blank (a compact face filling the cell)."""
    cells = ((Cell("P H", key=0), Cell("D  ", key=1), Cell("T W", key=2), Cell("I Y", key=3)),)
    app = BoardApp(Grid(cells=cells), targets={1}, marked={2})
    async with app.run_test(size=(40, 10)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        board.set_changed({0, 1, 2, 3})
        board.move_cursor(0, 0)
        await pilot.pause()
        assert board.plain_lines()[0] == "[P•H]›D •‹«T•W»•I Y•"
        board.roomy = True
        await pilot.pause()
        assert board.plain_lines()[0].startswith("[•  P H   •]")


async def test_keys_move_the_cursor_and_choose():
    app = BoardApp(grid())
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        await pilot.press("down", "j", "right", "l", "l", "l")  # clamps at the edge
        assert board.cursor == (2, 2)
        await pilot.press("k", "h", "up", "left", "left")
        assert board.cursor == (0, 0)
        await pilot.pause()
        assert app.moved[:4] == [10, 20, 21, 22]
        # No targets: Enter does nothing (a click still chooses).
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []
        board.set_targets({0, 12})
        # on a target, the first n stays (the nearest is the cursor's own)
        await pilot.press("enter", "n", "n", "space")
        await pilot.pause()
        assert app.chosen == [0, 12]
        await pilot.press("N")
        assert board.cursor == (0, 0)


async def test_n_goes_to_the_nearest_target_then_the_next_nearest():
    # Targets at both ends of a 6x4 board; the cursor starts at the bottom
    # right. Reading order would wrap to the top row first.
    app = BoardApp(grid(6, 4))
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        board.move_cursor(5, 3)
        board.set_targets({1, 50, 42, 13}, settle=False)
        await pilot.press("n")
        assert board.cursor_key == 42  # two steps away
        await pilot.press("n")
        assert board.cursor_key == 50  # three steps from where n began
        await pilot.press("n")
        assert board.cursor_key == 13
        await pilot.press("n", "n")
        assert board.cursor_key == 42  # after the farthest, round again
        await pilot.press("N")
        assert board.cursor_key == 1
        # Moving the cursor starts a new round from where it is now.
        await pilot.press("down")
        assert board.cursor == (1, 1)
        await pilot.press("n")
        assert board.cursor_key == 1  # one step up
        await pilot.press("n")
        assert board.cursor_key == 13  # two along the row


async def test_a_click_chooses_the_cell():
    app = BoardApp(grid(row_labels=("a", "b", "c", "d"), left=(Edge("|"),) * 4))
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        region = board.cells_region(range(3, 4), range(2, 3))
        assert (region.x, region.y, region.width, region.height) == (2 + 1 + 2 * 5, 3, 5, 1)  # label, edge, two cells
        await pilot.click(board, offset=(region.x + 2, region.y))
        await pilot.pause()
        assert app.chosen == [32]
        assert board.cursor == (3, 2)
        assert board.cell_at_offset(0, 3) is None  # the row label


async def test_roomy_cells_are_bigger_and_show_their_detail():
    app = BoardApp(grid(2, 2), roomy=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        cw, ch = board.cell_size
        assert (cw, ch) == (12, 2)
        lines = board.plain_lines()
        assert len(lines) == 2 * ch
        assert "r0" in lines[0] and "c0" in lines[1] and "c1" in lines[1]
        assert board.size.width == 2 * cw
        board.roomy = False
        await pilot.pause()
        assert board.plain_lines()[0] == "[0.0] 0.1 "


async def test_a_cursor_move_rebuilds_only_two_rows():
    app = BoardApp(grid(6, 4))
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        board.render_all()
        assert set(board._row_cache) == set(range(6))
        board.move_cursor(1, 0)
        assert set(board._row_cache) == {2, 3, 4, 5}
        board.render_all()
        board.move_cursor(1, 3)  # same row: one row
        assert set(board._row_cache) == {0, 2, 3, 4, 5}


async def test_set_grid_keeps_the_cursor_and_reports_keys():
    app = BoardApp(grid())
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        board.move_cursor(3, 2)
        board.set_grid(grid(2, 2), settle=False)
        assert board.cursor == (1, 1)
        assert board.cursor_key == 11
        assert board.position_of(10) == (1, 0)
        board.move_to_key(0)
        assert board.cursor == (0, 0)


# -- the surface for subclasses ------------------------------------------------------


class PieceBoard(Board):
    """A board whose cursor carries a 2x3 piece drawn ``##`` over the cells,
    and whose row above the piece shows ``^^`` (its drawing touches it)."""

    DEFAULT_CSS = """
    PieceBoard > .piece--ghost {
        text-style: italic;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"piece--ghost"}

    def cursor_span(self) -> tuple[int, int]:
        return 2, 3

    def cursor_rows(self, row: int, col: int) -> range:
        return range(max(0, row - 1), row + 2)

    def render_cell(self, row: int, col: int, sub: int) -> list[Segment]:
        r, c = self.cursor
        if r <= row < r + 2 and c <= col < c + 3:
            return [Segment(" ## ", self.rich_style_for("piece--ghost"))]
        if row == r - 1 and c <= col < c + 3:
            return [Segment(" ^^ ", self.rich_style_for("board--muted"))]
        return [Segment(f" {self.grid.cells[row][col].text[:2]:2} ", self.rich_style_for(""))]

    def render_side(self, side: str, row: int, sub: int) -> Segment:
        return Segment("|" if side == "right" else "!")


class PieceApp(BoardApp):
    def make_board(self) -> Board:
        return PieceBoard(self.g, id="b", compact=(4, 1), click_moves_then_chooses=True)


async def test_a_subclass_draws_cells_and_sides_and_sizes_its_cursor():
    g = grid(5, 5, left=(Edge("x"),) * 5, right=(Edge("x"),) * 5)
    app = PieceApp(g)
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        board.move_cursor(9, 9)  # the whole piece stays on the board
        assert board.cursor == (3, 2)
        lines = board.plain_lines()
        assert lines[2] == "! 2.  2.  ^^  ^^  ^^ |"
        assert lines[3] == "! 3.  3.  ##  ##  ## |"
        assert lines[4] == "! 4.  4.  ##  ##  ## |"
        board.render_all()
        board.move_cursor(2, 2)  # touches rows 1-4: only those are redrawn
        assert set(board._row_cache) == {0}
        assert "##" in board.plain_lines()[2]
        # The subclass's component class is a style like Board's own.
        assert board.rich_style_for("piece--ghost").italic
        assert board.rich_style_for("bold red").bold


async def test_click_moves_then_chooses():
    app = PieceApp(grid(5, 5))
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        await click_cell(pilot, board, 2, 1)
        assert board.cursor == (2, 1) and app.chosen == []
        await click_cell(pilot, board, 2, 1)
        assert app.chosen == [21]
        # A click the clamp takes back to the cursor's cell chooses too (the
        # piece cannot move further right or down).
        board.move_cursor(3, 2)
        await click_cell(pilot, board, 4, 4)
        assert board.cursor == (3, 2) and app.chosen == [21, 32]


class StillBoard(Board):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "move"


class StillApp(BoardApp):
    def make_board(self) -> Board:
        return StillBoard(self.g, id="b")


async def test_clicks_do_nothing_while_move_is_disabled():
    app = StillApp(grid())
    async with app.run_test(size=(40, 20)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        await click_cell(pilot, board, 2, 2)
        assert board.cursor == (0, 0) and app.chosen == []


class PanApp(BoardApp):
    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="pane"):
            yield Board(self.g, id="b", keep_cursor_visible=True)


async def test_keep_cursor_visible_pans_the_container():
    app = PanApp(grid(30, 30))
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(pilot)
        pane = app.query_one("#pane", ScrollableContainer)
        board = app.query_one(Board)
        board.move_cursor(25, 20)
        await pilot.pause()
        await pilot.pause()
        region = board.cells_region(range(25, 26), range(20, 21))
        assert pane.scroll_y <= region.y < pane.scroll_y + pane.scrollable_content_region.height
        assert pane.scroll_x <= region.x
        assert region.right <= pane.scroll_x + pane.scrollable_content_region.width
        board.move_cursor(0, 0)
        await pilot.pause()
        await pilot.pause()
        assert (pane.scroll_x, pane.scroll_y) == (0, 0)


class RoomApp(BoardApp):
    """A board that fills its pane (as an Overstocked area in its own)."""

    CSS = "#b { min-width: 100%; min-height: 100%; }"

    def compose(self) -> ComposeResult:
        with ScrollableContainer(id="pane"):
            yield Board(self.g, id="b")


def count_layouts(screen) -> list:
    """Record each layout of `screen` (Textual's `_refresh_layout`)."""
    seen: list = []
    original = screen._refresh_layout

    def counted(*args, **kwargs):
        seen.append(args)
        return original(*args, **kwargs)

    screen._refresh_layout = counted
    return seen


async def test_a_board_filling_its_pane_keeps_its_size_while_the_grid_fits():
    # docs/performance.md (2026-12-02, layouts): a grid of another size that
    # still fits the room is drawn without laying the screen out again.
    app = RoomApp(grid(2, 2))
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(pilot)
        pane = app.query_one("#pane", ScrollableContainer)
        board = app.query_one(Board)
        assert board.size == pane.scrollable_content_region.size == (30, 10)
        layouts = count_layouts(app.screen)
        board.set_grid(grid(3, 4))
        await pilot.pause()
        await pilot.pause()
        assert layouts == []
        assert board.size == (30, 10)
        assert "2.3" in "".join(s.text for s in board.render_line(2))
        assert board.cell_at_offset(*board.cells_region(range(2, 3), range(3, 4)).offset) == (2, 3)
        board.set_grid(grid(1, 1))
        await pilot.pause()
        assert layouts == []
        assert board.render_line(1).text.strip() == ""  # the old rows are gone
        # A grid larger than the room lays the screen out: the board grows
        # past the pane, which scrolls.
        board.set_grid(grid(30, 30))
        await pilot.pause()
        await pilot.pause()
        assert layouts
        assert board.size.height > 10 and board.size.width > 30
        assert pane.max_scroll_y > 0
        # and back inside the room: laid out again, to the pane's size
        board.set_grid(grid(2, 2))
        await pilot.pause()
        await pilot.pause()
        assert board.size == pane.scrollable_content_region.size == (30, 10)


async def test_a_board_sized_by_its_grid_follows_a_smaller_grid():
    # the board exactly as big as its pane, but not styled to fill it: a
    # smaller grid shrinks it (the screen is laid out again).
    app = PanApp(grid(2, 2))
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(pilot)
        board = app.query_one(Board)
        pane = app.query_one("#pane", ScrollableContainer)
        pane.styles.width = board.size.width
        pane.styles.height = board.size.height
        await pilot.pause()
        assert board.size == pane.scrollable_content_region.size
        before = board.size
        board.set_grid(grid(1, 1))
        await pilot.pause()
        await pilot.pause()
        assert board.size.width < before.width and board.size.height < before.height
