"""A board: a grid of cells drawn as one widget with Textual's line API.

Game-agnostic: it knows nothing of terrains, tokens or turns. A screen hands
it a `Grid` (rows of `Cell`s in display order, with edge decorations,
dividers and labels), the set of cells that are legal targets now and the
cells already marked (say, the first square of a two-square move). The
board draws them, keeps a cursor, and posts messages; the screen decides
what a choice means. Each cell carries a `key` (a square number, a
warehouse slot...) and messages report that key, so a screen that shows the
grid turned (the far player's view) only maps keys, never coordinates.

Keys: arrows or h j k l move the cursor; Enter or space chooses the cursor's
cell; n / N jump to the next / previous target. A click moves the cursor to
the cell and chooses it (with `click_moves_then_chooses`, the first click
only moves; a click on the cursor's cell chooses). While `move` is disabled
(`check_action`), clicks do nothing.

Meaning never rests on colour alone: the cursor is drawn ``[..]``, a target
``›..‹`` and a marked cell ``«..»``, whatever the theme. A cell that changed
since the viewer's last move (`set_changed`) is drawn ``•..•`` with its face
underlined (under the other brackets, the `•` inside the face: ``[P•H]``).

Two densities: compact (one line per row, `COMPACT` cells) for 80x24, and
roomy (`ROOMY` cells, several lines each) where there is room; the screen
sets `roomy`.

Performance: the lines of each grid row are cached as `Strip`s; a cursor
move rebuilds and repaints only the rows of the old and new cursor.

For subclasses (say a board whose cursor carries a piece several cells big,
drawn with edges between groups of cells), a small public surface; nothing
private needs touching:

- drawing hooks: `render_cell` (one line of one cell) and `render_side`
  (one line of the left / right edge column); rows are cached, `redraw`
  drops them (all, or some rows) and repaints;
- `rich_style_for`: a Rich style for a component class (Board's or the
  subclass's own `COMPONENT_CLASSES`) or a style spec, cached per theme;
- the cursor's size: `cursor_span` (cells it covers, kept inside the grid)
  and `cursor_rows` (rows its drawing touches, repainted when it moves);
- `keep_cursor_visible`: pan the `ScrollableContainer` the board sits in to
  keep the cursor's span in sight (`scroll_cursor_visible`,
  `scroll_to_cells` for other cells);
- `click_moves_then_chooses` (see the keys above);
- `margin`: blank columns left of the grid and lines above it inside the
  widget (none here; an area in a roomier pane stands in its middle).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget


@dataclass(frozen=True)
class Cell:
    """One cell as the board draws it.

    `text` is the compact face (at most the cell's inner width: compact
    width minus 2), `style` a Rich style for the face (say a terrain's
    colour), `detail` the lines of the roomy face (one per line of a roomy
    cell; when empty the roomy face shows `text` on its first line), and
    `key` what the board's messages report for this cell.
    """

    text: str = ""
    style: str = ""
    detail: tuple[str, ...] = ()
    key: Hashable = None


@dataclass(frozen=True)
class Edge:
    """A decoration along the outside of the grid: a glyph (repeated along
    the cell) and its style. A glyph, not only a colour, carries the meaning."""

    glyph: str
    style: str = ""


@dataclass(frozen=True)
class Divider:
    """A line drawn between two rows of the grid (after row `after`)."""

    glyph: str = "━"
    style: str = ""
    label: str = ""


@dataclass(frozen=True)
class Grid:
    """What the board shows, in display order (row 0 at the top).

    `left`/`right` hold an `Edge` (or None) per row, `top`/`bottom` one per
    column; `dividers` maps a row index to the `Divider` drawn under it;
    `row_labels`/`col_labels` are printed beside / under the grid;
    `top_label`/`bottom_label` above and below it (say, whose half it is).
    """

    cells: tuple[tuple[Cell, ...], ...] = ()
    left: tuple[Edge | None, ...] = ()
    right: tuple[Edge | None, ...] = ()
    top: tuple[Edge | None, ...] = ()
    bottom: tuple[Edge | None, ...] = ()
    dividers: Mapping[int, Divider] = field(default_factory=dict)
    row_labels: tuple[str, ...] = ()
    col_labels: tuple[str, ...] = ()
    top_label: str = ""
    bottom_label: str = ""

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return max((len(row) for row in self.cells), default=0)


#: (width, height) of a cell, brackets included
COMPACT = (5, 1)
ROOMY = (12, 2)

#: bracket glyphs: (left, right)
CURSOR = ("[", "]")
TARGET = ("›", "‹")
MARKED = ("«", "»")
CHANGED = ("•", "•")


def _mark_changed(face: str) -> str:
    """`face` with `CHANGED` on its blank ends ("  Road  " -> "• Road •"),
    else on its middle blank (a compact face filling its cell: "P H" ->
    "P•H"), else as it is."""
    mark = CHANGED[0]
    if len(face) > 1 and (face[0] == " " or face[-1] == " "):
        return ((mark if face[0] == " " else face[0]) + face[1:-1]
                + (mark if face[-1] == " " else face[-1]))
    middle = face.find(" ")
    return face if middle < 0 else face[:middle] + mark + face[middle + 1:]


class CellMessage(Message):
    """About the cell `key` at display (`row`, `col`) of `board`."""

    def __init__(self, board: Board, key: Hashable, row: int, col: int) -> None:
        super().__init__()
        self.board = board
        self.key = key
        self.row = row
        self.col = col

    @property
    def control(self) -> Board:
        return self.board


class Board(Widget, can_focus=True):
    """A grid of cells with a cursor, targets and marks (see the module)."""

    DEFAULT_CSS = """
    Board {
        width: auto;
        height: auto;
    }
    Board > .board--cursor {
        text-style: bold reverse;
    }
    Board > .board--cursor-blur {
        text-style: bold;
    }
    Board > .board--target {
        color: $accent;
        text-style: bold;
    }
    Board > .board--marked {
        color: $warning;
        text-style: bold;
    }
    Board > .board--changed {
        text-style: bold;
    }
    Board > .board--label {
        text-style: bold;
    }
    Board > .board--muted {
        color: $text-muted;
    }
    """

    #: the drawing follows from the grid, targets, marks and cursor alone, so
    #: `set_grid` with all of them unchanged keeps what is drawn; a subclass
    #: that draws from more of its own state says False
    DRAWN_FROM_GRID: ClassVar[bool] = True

    #: n on a target goes on to the next (a board whose n says "next");
    #: False: it stays, the nearest target being the one under the cursor
    NEXT_LEAVES_TARGET: ClassVar[bool] = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--cursor",
        "board--cursor-blur",
        "board--target",
        "board--marked",
        "board--changed",
        "board--label",
        "board--muted",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1, 0)", "Up", show=False, tooltip="Move the cursor"),
        Binding("down,j", "move(1, 0)", "Down", show=False, tooltip="Move the cursor"),
        Binding("left,h", "move(0, -1)", "Left", show=False, tooltip="Move the cursor"),
        Binding("right,l", "move(0, 1)", "Right", show=False, tooltip="Move the cursor"),
        Binding("enter,space", "choose", "Choose", key_display="↵",
                tooltip="Choose the square under the cursor"),
        Binding("n", "next_target(1)", "Nearest target", show=False,
                tooltip="Jump to the nearest square you may choose (the one under the "
                        "cursor, if it is one); again: the next nearest"),
        Binding("N", "next_target(-1)", "Previous target", show=False,
                tooltip="Jump back to the square n came from"),
    ]

    class Moved(CellMessage):
        """The cursor moved to the cell `key` at display (`row`, `col`)."""

    class Chosen(CellMessage):
        """The cell `key` at display (`row`, `col`) was chosen (Enter, space,
        a click or `choose`). Sent for any cell: the screen decides."""

    #: draw big cells (`ROOMY`) instead of compact ones
    roomy: reactive[bool] = reactive(False, layout=True)

    def __init__(
        self,
        grid: Grid | None = None,
        *,
        compact: tuple[int, int] = COMPACT,
        roomy_size: tuple[int, int] = ROOMY,
        click_moves_then_chooses: bool = False,
        keep_cursor_visible: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._grid = grid or Grid()
        self._compact = compact
        self._roomy = roomy_size
        #: a click on another cell only moves the cursor there; a click on
        #: the cursor's cell chooses it (off: every click moves and chooses)
        self.click_moves_then_chooses = click_moves_then_chooses
        #: pan the ScrollableContainer around the board to keep the cursor's
        #: span in sight whenever the cursor moves
        self.keep_cursor_visible = keep_cursor_visible
        self._targets: frozenset[Hashable] = frozenset()
        self._marked: frozenset[Hashable] = frozenset()
        self._changed: frozenset[Hashable] = frozenset()
        self._cursor = (0, 0)
        #: per grid row: its lines
        self._row_cache: dict[int, list[Strip]] = {}
        #: other lines (labels, edges, dividers) by y
        self._line_cache: dict[int, Strip] = {}
        self._layout_lines: list[tuple[str, int, int]] | None = None
        self._styles: dict[str | None, Style] = {}
        #: the styles the drawing was made with (see `notify_style_update`)
        self._drawn_styles: tuple[Style, ...] | None = None
        self._styles_checked = False
        #: the round `n` goes through: (grid, targets, positions nearest
        #: first, the last one taken, where the cursor landed); see
        #: `action_next_target`
        self._cycle: tuple[Grid, frozenset[Hashable], list[tuple[int, int]], int,
                           tuple[int, int]] | None = None

    # -- content ------------------------------------------------------------

    @property
    def grid(self) -> Grid:
        return self._grid

    @property
    def targets(self) -> frozenset[Hashable]:
        return self._targets

    @property
    def marked(self) -> frozenset[Hashable]:
        return self._marked

    @property
    def changed(self) -> frozenset[Hashable]:
        return self._changed

    def set_changed(self, keys: Iterable[Hashable]) -> None:
        """Draw the cells `keys` as changed since the viewer's last move."""
        keys = frozenset(keys)
        if keys != self._changed:
            self._changed = keys
            self._row_cache.clear()
            self.refresh()

    def set_grid(
        self,
        grid: Grid,
        *,
        targets: Iterable[Hashable] | None = None,
        marked: Iterable[Hashable] | None = None,
        cursor: tuple[int, int] | None = None,
        settle: bool = True,
    ) -> None:
        """Show `grid`; optionally new targets and marks (see `set_targets`)
        and a new `cursor` position (display row, col; kept inside the grid,
        without a `Moved` message). The cursor stays put otherwise."""
        resized = (grid.rows, grid.cols, bool(grid.top_label), bool(grid.bottom_label),
                   bool(grid.col_labels), bool(grid.row_labels), tuple(grid.dividers)) != (
            self._grid.rows, self._grid.cols, bool(self._grid.top_label),
            bool(self._grid.bottom_label), bool(self._grid.col_labels),
            bool(self._grid.row_labels), tuple(self._grid.dividers))
        new_targets = self._targets if targets is None else frozenset(targets)
        new_marked = self._marked if marked is None else frozenset(marked)
        same = grid == self._grid and new_targets == self._targets and new_marked == self._marked
        self._grid, self._targets, self._marked = grid, new_targets, new_marked
        at = self._clamp(*(cursor if cursor is not None else self._cursor))
        if same and at == self._cursor and self.DRAWN_FROM_GRID:
            # Most updates leave the board as it was: keep what is drawn.
            if settle:
                self.settle()
            return
        self.invalidate()
        self._cursor = at
        if settle:
            self.settle()
        self.refresh(layout=resized and not self._fills_room())

    def _fills_room(self) -> bool:
        """Whether the board keeps its size with the grid it now has: it
        fills the room its container shows (a `min-width` and `min-height`
        of 100%, as an area in its pane) and the grid fits in that room.
        Then no layout of the screen is needed for a grid of another size."""
        parent = self.parent
        if not self.is_mounted or not self.display or not isinstance(parent, Widget):
            return False
        styles = self.styles
        if not all(scalar is not None and scalar.unit in (Unit.PERCENT, unit) and scalar.value >= 100
                   for scalar, unit in ((styles.min_width, Unit.WIDTH),
                                        (styles.min_height, Unit.HEIGHT))):
            return False  # sized by its grid alone: a smaller grid shrinks it
        size = self.size
        if not size or size != parent.scrollable_content_region.size:
            return False
        return self._width() <= size.width and len(self._lines()) <= size.height

    def set_targets(
        self, targets: Iterable[Hashable], marked: Iterable[Hashable] = (), *, settle: bool = True
    ) -> None:
        """Highlight `targets` (the legal choices now) and `marked` cells.
        With `settle`, a cursor that is not on a target jumps to the nearest
        one (so Enter always does something legal)."""
        targets = frozenset(targets)
        marked = frozenset(marked)
        if targets == self._targets and marked == self._marked:
            if settle:
                self.settle()
            return
        self._targets = targets
        self._marked = marked
        self._row_cache.clear()
        if settle:
            self.settle()
        self.refresh()

    # -- the cursor -----------------------------------------------------------

    @property
    def cursor(self) -> tuple[int, int]:
        """(row, col) of the cursor, in display order."""
        return self._cursor

    @property
    def cursor_key(self) -> Hashable:
        cell = self.cell_at(*self._cursor)
        return None if cell is None else cell.key

    def cell_at(self, row: int, col: int) -> Cell | None:
        cells = self._grid.cells
        if 0 <= row < len(cells) and 0 <= col < len(cells[row]):
            return cells[row][col]
        return None

    def position_of(self, key: Hashable) -> tuple[int, int] | None:
        for r, row in enumerate(self._grid.cells):
            for c, cell in enumerate(row):
                if cell.key == key:
                    return r, c
        return None

    def cursor_span(self) -> tuple[int, int]:
        """(rows, cols) of cells the cursor covers from its cell down and
        right; the whole span stays inside the grid. One cell here; a
        subclass whose cursor carries a bigger piece says its size."""
        return 1, 1

    def cursor_rows(self, row: int, col: int) -> range:
        """The grid rows whose drawing changes when the cursor comes to or
        leaves (`row`, `col`): they are redrawn. The span's rows here; a
        subclass drawing around the span (edges) widens it."""
        return range(row, row + self.cursor_span()[0])

    def _clamp(self, row: int, col: int) -> tuple[int, int]:
        cells = self._grid.cells
        if not cells:
            return 0, 0
        h, w = self.cursor_span()
        row = max(0, min(row, len(cells) - h))
        return row, max(0, min(col, len(cells[row]) - w))

    def move_cursor(self, row: int, col: int) -> bool:
        """Put the cursor on display (`row`, `col`), its span kept inside
        the grid; posts `Moved` and returns True if it moved."""
        grid = self._grid
        if not grid.rows:
            return False
        row, col = self._clamp(row, col)
        old = self._cursor
        if (row, col) == old:
            return False
        self._cursor = (row, col)
        self.redraw({*self.cursor_rows(*old), *self.cursor_rows(row, col)})
        if self.keep_cursor_visible:
            self.scroll_cursor_visible()
        cell = grid.cells[row][col]
        self.post_message(self.Moved(self, cell.key, row, col))
        return True

    def move_to_key(self, key: Hashable) -> None:
        at = self.position_of(key)
        if at is not None:
            self.move_cursor(*at)

    def choose(self) -> None:
        """Choose the cursor's cell."""
        r, c = self._cursor
        cell = self.cell_at(r, c)
        if cell is not None:
            self.post_message(self.Chosen(self, cell.key, r, c))

    def settle(self) -> None:
        """Put a cursor that is not on a target on the nearest target."""
        if not self._targets:
            return
        cell = self.cell_at(*self._cursor)
        if cell is not None and cell.key in self._targets:
            return
        r0, c0 = self._cursor
        best = None
        for r, row in enumerate(self._grid.cells):
            for c, cell in enumerate(row):
                if cell.key in self._targets:
                    d = (abs(r - r0) + abs(c - c0), r, c)
                    if best is None or d < best:
                        best = d
        if best is not None:
            self.move_cursor(best[1], best[2])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter chooses while there are targets (a click always chooses).
        if action == "choose":
            return bool(self._targets)
        if action == "next_target":
            return bool(self._targets)
        return True

    def action_move(self, drow: int, dcol: int) -> None:
        r, c = self._cursor
        self.move_cursor(r + drow, c + dcol)

    def action_choose(self) -> None:
        self.choose()

    def target_order(self) -> list[tuple[int, int]]:
        """The targets' positions, nearest the cursor first: by steps (rows
        plus columns), then the same row before another, then reading order
        onward from the cursor. A cursor on a target comes first."""
        cells = self._grid.cells
        r0, c0 = self._cursor
        width = max((len(row) for row in cells), default=0)
        total = max(1, len(cells) * width)

        def rank(p: tuple[int, int]) -> tuple[int, int, int]:
            r, c = p
            return abs(r - r0) + abs(c - c0), abs(r - r0), ((r - r0) * width + c - c0) % total

        found = [
            (r, c)
            for r, row in enumerate(cells)
            for c, cell in enumerate(row)
            if cell.key in self._targets
        ]
        return sorted(found, key=rank)

    def action_next_target(self, step: int) -> None:
        """Jump to the nearest target (the cursor's own square if it is one,
        unless `NEXT_LEAVES_TARGET`), then on each press to the next
        nearest (round again after the farthest); N steps back. The order is
        counted from where the first press found the cursor, so a player is
        never thrown across the board while a nearer choice is left. Moving
        the cursor otherwise, or new targets, start a new round."""
        cycle = self._cycle
        if cycle is not None:
            grid, targets, order, at, landed = cycle
            if (targets, landed, grid) != (self._targets, self._cursor, self._grid):
                cycle = None
        if cycle is None:
            order = self.target_order()
            if not order:
                return
            if order[0] == self._cursor and self.NEXT_LEAVES_TARGET:
                at = 0  # on a target already: go on from it
            else:
                # either key finds the nearest: the target under the cursor
                # itself (n had moved off a square the player was on)
                at = -1 if step > 0 else 1
        at = (at + step) % len(order)
        self.move_cursor(*order[at])
        self._cycle = (self._grid, self._targets, order, at, self._cursor)

    # -- geometry -------------------------------------------------------------

    @property
    def cell_size(self) -> tuple[int, int]:
        return self._roomy if self.roomy else self._compact

    def _label_width(self) -> int:
        labels = self._grid.row_labels
        return max((len(x) for x in labels), default=0) + 1 if labels else 0

    def _has_edge(self, edges: Sequence[Edge | None]) -> bool:
        return any(e is not None for e in edges)

    def _lines(self) -> list[tuple[str, int, int]]:
        """What each line of the board is: (kind, row, sub-line)."""
        if self._layout_lines is not None:
            return self._layout_lines
        grid = self._grid
        _, ch = self.cell_size
        out: list[tuple[str, int, int]] = []
        if grid.top_label:
            out.append(("top-label", 0, 0))
        if self._has_edge(grid.top):
            out.append(("top-edge", 0, 0))
        for r in range(grid.rows):
            out.extend(("row", r, sub) for sub in range(ch))
            if r in grid.dividers:
                out.append(("divider", r, 0))
        if self._has_edge(grid.bottom):
            out.append(("bottom-edge", 0, 0))
        if grid.col_labels:
            out.append(("col-labels", 0, 0))
        if grid.bottom_label:
            out.append(("bottom-label", 0, 0))
        self._layout_lines = out
        return out

    def _x0(self) -> int:
        """The x of the first cell."""
        return self._label_width() + (1 if self._has_edge(self._grid.left) else 0)

    def _width(self) -> int:
        cw, _ = self.cell_size
        grid = self._grid
        right = 1 if self._has_edge(grid.right) else 0
        return self._x0() + grid.cols * cw + right

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._width()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines())

    def margin(self) -> tuple[int, int]:
        """The blank columns left of the grid and lines above it, inside the
        widget: none here. A subclass in a widget bigger than its grid (a
        `min-width` and `min-height` of 100%) may place the grid in it;
        drawing, clicks and `cells_region` follow. It must keep the whole
        grid inside the widget (the widget's size comes from the grid)."""
        return 0, 0

    def grid_lines(self, row: int) -> range:
        """The lines of the grid's own drawing (the margin left out) that
        grid row `row` occupies."""
        ys = [y for y, (kind, r, _) in enumerate(self._lines()) if kind == "row" and r == row]
        return range(ys[0], ys[-1] + 1) if ys else range(0)

    def row_lines(self, row: int) -> range:
        """The content lines (y) that grid row `row` occupies."""
        lines = self.grid_lines(row)
        _, top = self.margin()
        return range(lines.start + top, lines.stop + top) if lines else lines

    def cells_region(self, rows: range, cols: range) -> Region | None:
        """The content region drawing the cells in `rows` x `cols`."""
        if not rows or not cols:
            return None
        first, last = self.row_lines(rows.start), self.row_lines(rows.stop - 1)
        if not first or not last:
            return None
        cw, _ = self.cell_size
        x = self.margin()[0] + self._x0() + cols.start * cw
        return Region(x, first.start, len(cols) * cw, last.stop - first.start)

    def scroll_to_cells(self, rows: range, cols: range) -> None:
        """Pan the `ScrollableContainer` the board sits in (if it does) so
        the cells in `rows` x `cols`, a column either side of them and the
        line above them (where edges are drawn) show (after the next
        refresh, once the layout is settled)."""
        if isinstance(self.parent, ScrollableContainer):
            self.call_after_refresh(self._scroll_to_cells, rows, cols)

    def _scroll_to_cells(self, rows: range, cols: range) -> None:
        parent = self.parent
        region = self.cells_region(rows, cols)
        if region is None or not isinstance(parent, ScrollableContainer):
            return
        x, y = max(0, region.x - 1), max(0, region.y - 1)
        region = Region(x, y, region.right + 1 - x, region.bottom - y)
        parent.scroll_to_region(region.translate(self.virtual_region.offset), animate=False,
                                force=True)

    def scroll_cursor_visible(self) -> None:
        """Pan to keep the cursor's whole span in sight (`scroll_to_cells`)."""
        r, c = self._cursor
        h, w = self.cursor_span()
        self.scroll_to_cells(range(r, r + h), range(c, c + w))

    def cell_at_offset(self, x: int, y: int) -> tuple[int, int] | None:
        """The (row, col) drawn at content offset (x, y), if any."""
        left, top = self.margin()
        x, y = x - left, y - top
        lines = self._lines()
        if not (0 <= y < len(lines)):
            return None
        kind, row, _ = lines[y]
        if kind != "row":
            return None
        cw, _ = self.cell_size
        col = (x - self._x0()) // cw if x >= self._x0() else -1
        if 0 <= col < len(self._grid.cells[row]):
            return row, col
        return None

    # -- events ---------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.check_action("move", (0, 0)):
            return
        at = self.cell_at_offset(offset.x, offset.y)
        if at is None:
            return
        event.stop()
        if self.click_moves_then_chooses and self._clamp(*at) != self._cursor:
            self.move_cursor(*at)
            return
        self.move_cursor(*at)
        self.choose()

    def on_focus(self) -> None:
        self.redraw(self.cursor_rows(*self._cursor))

    def on_blur(self) -> None:
        self.redraw(self.cursor_rows(*self._cursor))

    def watch_roomy(self) -> None:
        self.invalidate()
        self.refresh(layout=True)

    def set_roomy_size(self, size: tuple[int, int]) -> None:
        """A roomy cell's (width, height), brackets included: a screen
        with room for more draws bigger cells (and gives their `detail`
        lines to fill them)."""
        if size != self._roomy:
            self._roomy = size
            if self.roomy:
                self.watch_roomy()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles_checked = False

    def _check_styles(self) -> None:
        """Before drawing after a restyle: drop the drawing only if the
        styles it was made with changed. Textual restyles a panel's widgets
        whenever a class or the focus changes around them, mostly to the
        same styles (and sets a component's new styles after telling)."""
        self._styles_checked = True
        try:
            drawn = (self.rich_style, *(self.get_component_rich_style(name, partial=True)
                                        for name in sorted(_component_classes(type(self)))))
        except KeyError:  # a component's styles not worked out yet
            drawn = None
        if drawn is None or drawn != self._drawn_styles:
            self._drawn_styles = drawn
            self.invalidate()

    def invalidate(self) -> None:
        """Drop every cached row, line and style: the next frame draws cold."""
        self._row_cache.clear()
        self._line_cache.clear()
        self._layout_lines = None
        self._styles.clear()

    def redraw(self, rows: Iterable[int] | None = None) -> None:
        """Drop the cached drawing of grid `rows` (every row when None) and
        repaint them: for a subclass whose drawing changed."""
        if rows is None:
            self._row_cache.clear()
            self.refresh()
            return
        for row in rows:
            self._row_cache.pop(row, None)
            lines = self.row_lines(row)
            if lines:
                self.refresh(Region(0, lines.start, max(1, self.size.width), len(lines)))

    # -- drawing --------------------------------------------------------------

    def rich_style_for(self, spec: str) -> Style:
        """The widget's base style with `spec` on top: a component class
        (Board's or a subclass's `COMPONENT_CLASSES`) or a Rich style spec;
        cached until the styles change."""
        if not self._styles_checked:
            self._check_styles()
        style = self._styles.get(spec)
        if style is None:
            base = self._styles.get(None)
            if base is None:  # the widget's own, worked out from its ancestors
                base = self._styles[None] = self.rich_style
            if spec in _component_classes(type(self)):
                style = base + self.get_component_rich_style(spec, partial=True)
            elif spec:
                style = base + Style.parse(spec)
            else:
                style = base
            self._styles[spec] = style
        return style

    def render_line(self, y: int) -> Strip:
        left, top = self.margin()
        if not (left or top):
            return self.grid_line(y)
        strip = self.grid_line(y - top)
        if not left or y < top or y - top >= len(self._lines()):
            return strip
        return Strip.join([Strip.blank(left, self.rich_style_for("")), strip])

    def grid_line(self, y: int) -> Strip:
        """Line `y` of the grid's own drawing (the margin left out)."""
        if not self._styles_checked:
            self._check_styles()
        lines = self._lines()
        if not (0 <= y < len(lines)):
            # the widget's own style, kept (`rich_style` walks the ancestors
            # each time: most of a board's cost where it fills a pane)
            return Strip.blank(self.size.width, self.rich_style_for(""))
        kind, row, sub = lines[y]
        if kind == "row":
            strips = self._row_cache.get(row)
            if strips is None:
                strips = self._render_row(row)
                self._row_cache[row] = strips
            return strips[sub]
        strip = self._line_cache.get(y)
        if strip is None:
            strip = self._render_other(kind, row)
            self._line_cache[y] = strip
        return strip

    def render_cell(self, row: int, col: int, sub: int) -> list[Segment]:
        """Line `sub` of the cell at display (`row`, `col`): segments exactly
        `cell_size[0]` cells wide. Here the cell's face in its cursor /
        target / mark brackets; a subclass may draw anything (the board
        caches whole rows: see `redraw` and `cursor_rows`)."""
        cell = self._grid.cells[row][col]
        inner = self.cell_size[0] - 2
        at_cursor = (row, col) == self._cursor
        focused = at_cursor and self.has_focus
        if at_cursor:
            brackets = CURSOR
            bracket_style = "board--cursor" if focused else "board--cursor-blur"
        elif cell.key in self._marked:
            brackets, bracket_style = MARKED, "board--marked"
        elif cell.key in self._targets:
            brackets, bracket_style = TARGET, "board--target"
        elif cell.key in self._changed:
            brackets, bracket_style = CHANGED, "board--changed"
        else:
            brackets, bracket_style = (" ", " "), ""
        if self.roomy:
            face = cell.detail[sub] if sub < len(cell.detail) else (
                cell.text if sub == 0 and not cell.detail else "")
        else:
            face = cell.text
        face = face[:inner].center(inner) if len(face) < inner else face[:inner]
        face_style = self.rich_style_for(cell.style)
        if cell.key in self._changed:
            face_style = face_style + self.rich_style_for("underline")
            if brackets != CHANGED:
                # the cursor (often left on the very square the opponent
                # then changed) or another bracket took the `•`: it goes into
                # the face, as the underline alone is lost in monochrome
                face = _mark_changed(face)
        if focused:
            face_style = face_style + self.rich_style_for("board--cursor")
        mark_style = self.rich_style_for(bracket_style)
        return [Segment(brackets[0], mark_style), Segment(face, face_style),
                Segment(brackets[1], mark_style)]

    def render_side(self, side: str, row: int, sub: int) -> Segment:
        """Line `sub` of the edge column on `side` ("left" or "right") of
        grid row `row`, one cell wide (drawn when the grid has edges on that
        side): here the grid's `Edge`."""
        edges = self._grid.left if side == "left" else self._grid.right
        return self._edge_seg(edges[row] if row < len(edges) else None)

    def _render_row(self, row: int) -> list[Strip]:
        grid = self._grid
        cw, ch = self.cell_size
        label_w = self._label_width()
        has_left = self._has_edge(grid.left)
        has_right = self._has_edge(grid.right)
        cols = len(grid.cells[row])
        missing = grid.cols - cols
        base = self.rich_style_for("")
        out = []
        for sub in range(ch):
            segs: list[Segment] = []
            if label_w:
                text = grid.row_labels[row] if sub == 0 and row < len(grid.row_labels) else ""
                segs.append(Segment(f"{text:>{label_w - 1}} ", self.rich_style_for("board--muted")))
            if has_left:
                segs.append(self.render_side("left", row, sub))
            for c in range(cols):
                segs.extend(self.render_cell(row, c, sub))
            if missing > 0:
                segs.append(Segment(" " * (missing * cw), base))
            if has_right:
                segs.append(self.render_side("right", row, sub))
            out.append(Strip(segs))
        return out

    def _edge_seg(self, edge: Edge | None, width: int = 1) -> Segment:
        if edge is None:
            return Segment(" " * width, self.rich_style_for(""))
        glyph = (edge.glyph * width)[:width] if edge.glyph else " " * width
        return Segment(glyph, self.rich_style_for(edge.style))

    def _render_other(self, kind: str, row: int) -> Strip:
        grid = self._grid
        cw, _ = self.cell_size
        width = self._width()
        x0 = self._x0()
        base = self.rich_style_for("")
        segs: list[Segment] = []
        if kind in ("top-label", "bottom-label"):
            text = grid.top_label if kind == "top-label" else grid.bottom_label
            start = self._label_width()
            segs.append(Segment(" " * start, base))
            segs.append(Segment(text[: max(0, width - start)], self.rich_style_for("board--label")))
        elif kind in ("top-edge", "bottom-edge"):
            edges = grid.top if kind == "top-edge" else grid.bottom
            segs.append(Segment(" " * x0, base))
            for c in range(grid.cols):
                segs.append(self._edge_seg(edges[c] if c < len(edges) else None, cw))
            if self._has_edge(grid.right):
                segs.append(Segment(" ", base))
        elif kind == "divider":
            divider = grid.dividers[row]
            style = self.rich_style_for(divider.style)
            label_w = self._label_width()
            span = width - label_w
            line = divider.glyph * span
            if divider.label and len(divider.label) + 2 <= span:
                text = f" {divider.label} "
                at = (span - len(text)) // 2
                line = line[:at] + text + line[at + len(text):]
            segs.append(Segment(" " * label_w, base))
            segs.append(Segment(line, style))
        elif kind == "col-labels":
            segs.append(Segment(" " * x0, base))
            muted = self.rich_style_for("board--muted")
            for c in range(grid.cols):
                text = grid.col_labels[c] if c < len(grid.col_labels) else ""
                segs.append(Segment(text[:cw].center(cw), muted))
        strip = Strip(segs)
        return strip.adjust_cell_length(width, base)

    # -- for tests and benchmarks -------------------------------------------------

    def render_all(self) -> list[Strip]:
        """Every line of the board's grid (as `render_line` gives them,
        without the margin)."""
        return [self.grid_line(y) for y in range(len(self._lines()))]

    def plain_lines(self) -> list[str]:
        """The board as plain text, one string per line."""
        return [strip.text for strip in self.render_all()]


def _component_classes(cls: type) -> frozenset[str]:
    """The component classes `cls` and its bases declare (cached)."""
    names = _COMPONENTS.get(cls)
    if names is None:
        names = frozenset(name for base in cls.__mro__
                          for name in base.__dict__.get("COMPONENT_CLASSES", ()))
        _COMPONENTS[cls] = names
    return names


_COMPONENTS: dict[type, frozenset[str]] = {}


__all__ = ["CHANGED", "COMPACT", "CURSOR", "MARKED", "ROOMY", "TARGET", "Board", "Cell", "CellMessage",
           "Divider", "Edge", "Grid"]
