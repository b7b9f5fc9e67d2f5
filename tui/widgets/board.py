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
the cell and chooses it.

Meaning never rests on colour alone: the cursor is drawn ``[..]``, a target
``›..‹`` and a marked cell ``«..»``, whatever the theme.

Two densities: compact (one line per row, `COMPACT` cells) for 80x24, and
roomy (`ROOMY` cells, several lines each) where there is room; the screen
sets `roomy`.

Performance: the lines of each grid row are cached as `Strip`s; a cursor
move rebuilds and repaints only the rows of the old and new cursor.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
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
    Board > .board--label {
        text-style: bold;
    }
    Board > .board--muted {
        color: $text-muted;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--cursor",
        "board--cursor-blur",
        "board--target",
        "board--marked",
        "board--label",
        "board--muted",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "choose", "Choose", key_display="↵"),
        Binding("n", "next_target(1)", "Next target", show=False),
        Binding("N", "next_target(-1)", "Previous target", show=False),
    ]

    class Moved(Message):
        """The cursor moved to the cell `key` at display (`row`, `col`)."""

        def __init__(self, board: Board, key: Hashable, row: int, col: int) -> None:
            super().__init__()
            self.board = board
            self.key = key
            self.row = row
            self.col = col

        @property
        def control(self) -> Board:
            return self.board

    class Chosen(Message):
        """The cell `key` at display (`row`, `col`) was chosen (Enter, space,
        a click or `choose`). Sent for any cell: the screen decides."""

        def __init__(self, board: Board, key: Hashable, row: int, col: int) -> None:
            super().__init__()
            self.board = board
            self.key = key
            self.row = row
            self.col = col

        @property
        def control(self) -> Board:
            return self.board

    #: draw big cells (`ROOMY`) instead of compact ones
    roomy: reactive[bool] = reactive(False, layout=True)

    def __init__(
        self,
        grid: Grid | None = None,
        *,
        compact: tuple[int, int] = COMPACT,
        roomy_size: tuple[int, int] = ROOMY,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._grid = grid or Grid()
        self._compact = compact
        self._roomy = roomy_size
        self._targets: frozenset[Hashable] = frozenset()
        self._marked: frozenset[Hashable] = frozenset()
        self._cursor = (0, 0)
        #: per grid row: its lines
        self._row_cache: dict[int, list[Strip]] = {}
        #: other lines (labels, edges, dividers) by y
        self._line_cache: dict[int, Strip] = {}
        self._layout_lines: list[tuple[str, int, int]] | None = None
        self._styles: dict[str, Style] = {}

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

    def set_grid(
        self,
        grid: Grid,
        *,
        targets: Iterable[Hashable] | None = None,
        marked: Iterable[Hashable] | None = None,
        settle: bool = True,
    ) -> None:
        """Show `grid`; optionally new targets and marks (see `set_targets`)."""
        resized = (grid.rows, grid.cols, bool(grid.top_label), bool(grid.bottom_label),
                   bool(grid.col_labels), bool(grid.row_labels), tuple(grid.dividers)) != (
            self._grid.rows, self._grid.cols, bool(self._grid.top_label),
            bool(self._grid.bottom_label), bool(self._grid.col_labels),
            bool(self._grid.row_labels), tuple(self._grid.dividers))
        self._grid = grid
        if targets is not None:
            self._targets = frozenset(targets)
        if marked is not None:
            self._marked = frozenset(marked)
        self._invalidate()
        r, c = self._cursor
        self._cursor = (max(0, min(r, grid.rows - 1)), max(0, min(c, grid.cols - 1)))
        if settle:
            self._settle()
        self.refresh(layout=resized)

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
                self._settle()
            return
        self._targets = targets
        self._marked = marked
        self._row_cache.clear()
        if settle:
            self._settle()
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

    def move_cursor(self, row: int, col: int) -> None:
        """Put the cursor on display (`row`, `col`), clamped to the grid."""
        grid = self._grid
        if not grid.rows:
            return
        row = max(0, min(row, grid.rows - 1))
        col = max(0, min(col, len(grid.cells[row]) - 1))
        old = self._cursor
        if (row, col) == old:
            return
        self._cursor = (row, col)
        self._row_cache.pop(old[0], None)
        self._row_cache.pop(row, None)
        self._refresh_row(old[0])
        if row != old[0]:
            self._refresh_row(row)
        cell = grid.cells[row][col]
        self.post_message(self.Moved(self, cell.key, row, col))

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
        self._settle()

    def _settle(self) -> None:
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

    def action_next_target(self, step: int) -> None:
        """Jump to the next target in reading order (or the previous one)."""
        order = [
            (r, c)
            for r, row in enumerate(self._grid.cells)
            for c, cell in enumerate(row)
            if cell.key in self._targets
        ]
        if not order:
            return
        if step > 0:
            later = [p for p in order if p > self._cursor]
            self.move_cursor(*(later[0] if later else order[0]))
        else:
            earlier = [p for p in order if p < self._cursor]
            self.move_cursor(*(earlier[-1] if earlier else order[-1]))

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

    def row_lines(self, row: int) -> range:
        """The content lines (y) that grid row `row` occupies."""
        ys = [y for y, (kind, r, _) in enumerate(self._lines()) if kind == "row" and r == row]
        return range(ys[0], ys[-1] + 1) if ys else range(0)

    def cell_at_offset(self, x: int, y: int) -> tuple[int, int] | None:
        """The (row, col) drawn at content offset (x, y), if any."""
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
        if offset is None:
            return
        at = self.cell_at_offset(offset.x, offset.y)
        if at is None:
            return
        event.stop()
        self.move_cursor(*at)
        self.choose()

    def on_focus(self) -> None:
        self._refresh_row(self._cursor[0], drop=True)

    def on_blur(self) -> None:
        self._refresh_row(self._cursor[0], drop=True)

    def watch_roomy(self) -> None:
        self._invalidate()
        self.refresh(layout=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._invalidate()

    def _invalidate(self) -> None:
        self._row_cache.clear()
        self._line_cache.clear()
        self._layout_lines = None
        self._styles.clear()

    def _refresh_row(self, row: int, *, drop: bool = False) -> None:
        if drop:
            self._row_cache.pop(row, None)
        lines = self.row_lines(row)
        if lines:
            self.refresh(Region(0, lines.start, max(1, self.size.width), len(lines)))

    # -- drawing --------------------------------------------------------------

    def _style(self, spec: str) -> Style:
        """The widget's base style with `spec` on top (cached)."""
        style = self._styles.get(spec)
        if style is None:
            base = self.rich_style
            if spec.startswith("board--"):
                style = base + self.get_component_rich_style(spec, partial=True)
            elif spec:
                style = base + Style.parse(spec)
            else:
                style = base
            self._styles[spec] = style
        return style

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        if not (0 <= y < len(lines)):
            return Strip.blank(self.size.width, self.rich_style)
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

    def _render_row(self, row: int) -> list[Strip]:
        grid = self._grid
        cw, ch = self.cell_size
        inner = cw - 2
        label_w = self._label_width()
        left = grid.left[row] if row < len(grid.left) else None
        right = grid.right[row] if row < len(grid.right) else None
        has_left = self._has_edge(grid.left)
        has_right = self._has_edge(grid.right)
        focused = self.has_focus
        cur_r, cur_c = self._cursor
        base = self._style("")
        out = []
        for sub in range(ch):
            segs: list[Segment] = []
            if label_w:
                text = grid.row_labels[row] if sub == 0 and row < len(grid.row_labels) else ""
                segs.append(Segment(f"{text:>{label_w - 1}} ", self._style("board--muted")))
            if has_left:
                segs.append(self._edge_seg(left))
            for c, cell in enumerate(grid.cells[row]):
                if row == cur_r and c == cur_c:
                    brackets = CURSOR
                    bracket_style = "board--cursor" if focused else "board--cursor-blur"
                elif cell.key in self._marked:
                    brackets, bracket_style = MARKED, "board--marked"
                elif cell.key in self._targets:
                    brackets, bracket_style = TARGET, "board--target"
                else:
                    brackets, bracket_style = (" ", " "), ""
                if self.roomy:
                    face = cell.detail[sub] if sub < len(cell.detail) else (
                        cell.text if sub == 0 and not cell.detail else "")
                else:
                    face = cell.text
                face = face[:inner].center(inner) if len(face) < inner else face[:inner]
                face_style = self._style(cell.style)
                if row == cur_r and c == cur_c and focused:
                    face_style = face_style + self._style("board--cursor")
                mark_style = self._style(bracket_style) if bracket_style else base
                segs.append(Segment(brackets[0], mark_style))
                segs.append(Segment(face, face_style))
                segs.append(Segment(brackets[1], mark_style))
            missing = grid.cols - len(grid.cells[row])
            if missing > 0:
                segs.append(Segment(" " * (missing * cw), base))
            if has_right:
                segs.append(self._edge_seg(right))
            out.append(Strip(segs))
        return out

    def _edge_seg(self, edge: Edge | None, width: int = 1) -> Segment:
        if edge is None:
            return Segment(" " * width, self._style(""))
        glyph = (edge.glyph * width)[:width] if edge.glyph else " " * width
        return Segment(glyph, self._style(edge.style))

    def _render_other(self, kind: str, row: int) -> Strip:
        grid = self._grid
        cw, _ = self.cell_size
        width = self._width()
        x0 = self._x0()
        base = self._style("")
        segs: list[Segment] = []
        if kind in ("top-label", "bottom-label"):
            text = grid.top_label if kind == "top-label" else grid.bottom_label
            start = self._label_width()
            segs.append(Segment(" " * start, base))
            segs.append(Segment(text[: max(0, width - start)], self._style("board--label")))
        elif kind in ("top-edge", "bottom-edge"):
            edges = grid.top if kind == "top-edge" else grid.bottom
            segs.append(Segment(" " * x0, base))
            for c in range(grid.cols):
                segs.append(self._edge_seg(edges[c] if c < len(edges) else None, cw))
            if self._has_edge(grid.right):
                segs.append(Segment(" ", base))
        elif kind == "divider":
            divider = grid.dividers[row]
            style = self._style(divider.style)
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
            muted = self._style("board--muted")
            for c in range(grid.cols):
                text = grid.col_labels[c] if c < len(grid.col_labels) else ""
                segs.append(Segment(text[:cw].center(cw), muted))
        strip = Strip(segs)
        return strip.adjust_cell_length(width, base)

    # -- for tests and benchmarks -------------------------------------------------

    def render_all(self) -> list[Strip]:
        """Every line of the board (as `render_line` gives them)."""
        return [self.render_line(y) for y in range(len(self._lines()))]

    def plain_lines(self) -> list[str]:
        """The board as plain text, one string per line."""
        return [strip.text for strip in self.render_all()]


__all__ = ["COMPACT", "CURSOR", "MARKED", "ROOMY", "TARGET", "Board", "Cell", "Divider", "Edge",
           "Grid"]
