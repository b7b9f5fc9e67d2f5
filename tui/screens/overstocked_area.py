"""Overstocked's areas and crate cards on screen: a space grid with card
edges and a placement ghost, and a hand of crate cards showing their faces.
These are the Overstocked screen's own widgets (`tui/screens/overstocked.py`),
not shared ones: they draw that game's spaces.

`AreaView` is a `Board` (one widget, the line API) whose cells are the
spaces of an area: the popularity or a warehouse. It draws what the screen
hands it (`set_area`): the visible space at each (x, y) and which piece
shows there, so the edges between cards can be drawn. Each space is its
toy's letter on the toy's colour, never the colour alone:

======  =====================================================
``P``   a toy (its letter; the colour is decoration)
``p☻``  a worker standing on that toy (may never be covered)
``·``   an empty crate
``Q``   a quantum crate          ``L``  a forklift token
======  =====================================================

Card edges: ``│`` between spaces of different pieces. Compact, a space
is two cells wide (its edge and its letter; a worker is its lower-case
letter, drawn reversed) and the face above a horizontal edge is
underlined; roomy (`Board.roomy`), a space is four cells wide and two
lines high, and the edges are box-drawn (a worker gets its ☻); where the
pane has room for it (a large terminal), bigger still (`ROOMY_SIZES`,
`roomiest`: the screen draws roomy where that finds a size), the toy's
colour filling the space around its letter. The piece
placed last (`set_area(last=...)`) is edged double, ``║`` and ``═``, so
what just happened shows without relying on colour; so are the pieces
placed since the viewer's last move (`set_area(fresh=...)`).

While placing (`set_area(shapes=...)`), a ghost of the piece lies with its
top-left space at the board's cursor (`Board.cursor_span` is the piece's
size): arrows move it, the screen turns it (`rotate`). It starts on the
legal spot nearest the middle of the cards. The ghost is edged ``┃`` when
the spot is in the legal set the screen gave (from the table's legal
actions, never computed here) and ``×`` when not. Enter chooses the spot
(`Board.Chosen`, key (x, y)); a click moves the ghost, a second click on
the same spot chooses it (`Board.click_moves_then_chooses`). The board
grows a margin of two spaces around the cards while placing, so a piece may
overhang; an arrow that would take the ghost past it (where it would cover
nothing) posts `AreaView.Stopped`, for the screen to say so. The view sits in an `AreaPane` (a scrolling container) that pans
to keep the ghost in sight (`Board.keep_cursor_visible`) and says, for
the panel's title, which way it hides cards (`AreaPane.clipped`). Where the pane has
room to spare, the cards stand in its middle (`margin`), and the margin a
placing grows does not move them.

`CrateHand` is a `Hand` whose cards show their number above their 3x2
face (`CrateCard.rows`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.segment import Segment
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from core.overstocked.cards import COVERABLE, EMPTY_GLYPH
from core.overstocked.state import Area
from tui.widgets.board import Board, Cell, Edge, Grid
from tui.widgets.hand import Card, Hand

#: per space character: its style (ANSI colour names, so the ANSI theme
#: keeps them). Pocket Petz blue, Furballs pink, Yo-yos yellow, Bean Bears
#: green (OS-11); the letter always carries the toy.
SPACE_STYLE: dict[str, str] = {
    "P": "bold bright_white on blue",
    "F": "bold black on bright_magenta",
    "Y": "bold black on yellow",
    "B": "bold black on green",
    "Q": "bold black on dark_cyan",  # (white on it read at 2.8:1)
    "L": "bold black on bright_white",
    ".": "dim",
}
#: the glyph beside a worker's letter
WORKER = "☻"
#: an empty crate (the log writes it so too)
EMPTY_CRATE = EMPTY_GLYPH
#: the ghost's side edges: a legal spot, an illegal one
GHOST_OK = "┃"
GHOST_BAD = "×"
EDGE = "│"


def space_style(ch: str | None) -> str:
    if ch is None:
        return ""
    return SPACE_STYLE.get(ch.upper(), "")


#: a toy's colour as a letter, on the card being placed: its swatch's
#: colour, but where that is too dark or too pale for a letter on the
#: terminal's background (a plain blue P on black)
GHOST_INK: dict[str, str] = {"P": "bright_blue", "Q": "cyan", "L": "default"}


def ghost_style(ch: str) -> str:
    """The style of a toy on the card being placed: its colour as the
    letter's, on the terminal's background (a placed toy is a swatch)."""
    ink = GHOST_INK.get(ch.upper()) or space_style(ch).split(" on ")[-1]
    return f"bold {ink} on default"


def space_face(ch: str | None, width: int = 2) -> str:
    """The text of one space, `width` cells wide: its letter (a worker's
    lower case, with ☻ when there is room), ``·`` an empty crate."""
    if ch is None:
        text = ""
    elif ch == ".":
        text = EMPTY_CRATE
    elif ch.islower() and width >= 2:
        text = ch + WORKER
    else:
        text = ch
    return text.ljust(width)[:width]


def face_text(row: str, width: int = 1) -> Text:
    """A row of a card's face as coloured text, `width` cells per space (a
    worker is its lower-case letter, with ☻ when there is room)."""
    text = Text(end="")
    for ch in row:
        if ch == ".":
            text.append(space_face(ch, width), style="dim")
        else:
            text.append(space_face(ch, width), style=space_style(ch))
    return text


def area_lines(area: Area, marked: int | None) -> list[Text]:
    """`area` as lines of text, as the compact board draws it (a space a
    letter, ``│`` between two cards), the piece at index `marked` edged
    ``║`` and underlined: a card shown where no board is (over the results)."""
    bounds = area.bounds()
    if bounds is None:
        return []
    x0, y0, x1, y1 = bounds
    owner = area.owner

    def edge(left: int | None, right: int | None) -> str:
        if left == right:
            return " "
        return "║" if marked is not None and marked in (left, right) else "│"

    lines = []
    for y in range(y0, y1 + 1):
        line = Text(end="")
        for x in range(x0, x1 + 1):
            who = owner.get((x, y))
            line.append(edge(owner.get((x - 1, y)), who), style="bold")
            face = face_text(area.grid.get((x, y), " "))
            if who is not None and who == marked:
                face.stylize("bold underline")
            line.append_text(face)
        line.append(edge(owner.get((x1, y)), None), style="bold")
        lines.append(line)
    return lines


#: box-drawing junctions by (edge up, edge down, edge left, edge right)
_CORNERS = {
    (False, False, False, False): " ",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
    (True, False, True, False): "┘",
    (True, False, False, True): "└",
    (False, True, True, False): "┐",
    (False, True, False, True): "┌",
    (True, True, True, False): "┤",
    (True, True, False, True): "├",
    (True, False, True, True): "┴",
    (False, True, True, True): "┬",
    (True, True, True, True): "┼",
}


#: the ghost's edges are heavy
_HEAVY = str.maketrans("─│┌┐└┘├┤┬┴┼╵╷╴╶", "━┃┏┓┗┛┣┫┳┻╋╹╻╸╺")
#: the edges of the piece placed last are double (half lines: whole ones)
_DOUBLE = str.maketrans("─│┌┐└┘├┤┬┴┼╵╷╴╶", "═║╔╗╚╝╠╣╦╩╬║║══")


#: roomy spaces, (cells wide, lines high) with their edges, biggest first
ROOMY_SIZES = ((8, 4), (6, 3), (4, 2))
#: the margin around the cards while placing (a piece may overhang so far)
PLACING_MARGIN = 2


@dataclass(frozen=True)
class Ghost:
    """A piece drawn over the area: its spaces at area (x, y), and whether
    that spot is legal."""

    cells: Mapping[tuple[int, int], str] = field(default_factory=dict)
    ok: bool = True


class AreaPane(ScrollableContainer):
    """The scrolling frame an `AreaView` pans in. It posts `Clipped` when
    what it hides to the left or right changes (`clipped`), for the screen
    to mark its panel: a bare scrollbar said nothing of cut-off cards."""

    class Clipped(Message):
        """The pane's `clipped` changed."""

    #: (cards hidden left, cards hidden right)
    clipped: tuple[bool, bool] = (False, False)

    def watch_scroll_x(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_x(old_value, new_value)
        self._check_clipped()

    def on_resize(self) -> None:
        self._check_clipped()

    def _check_clipped(self) -> None:
        x = round(self.scroll_x)
        clipped = (x > 0, x < self.max_scroll_x)
        if clipped != self.clipped:
            self.clipped = clipped
            self.post_message(self.Clipped())

    DEFAULT_CSS = """
    AreaPane {
        height: 1fr;
        width: 1fr;
        scrollbar-size: 1 1;
    }
    """


class AreaView(Board):
    """An area's spaces, card edges and a placement ghost (see the module)."""

    #: edges, the last card and fresh spaces are drawn from more than the grid
    DRAWN_FROM_GRID = False
    #: the prompt's "n next of 12 spots": n leaves a spot that fits
    NEXT_LEAVES_TARGET = True

    DEFAULT_CSS = """
    AreaView {
        width: auto;
        height: auto;
        /* the whole pane, so that a grid that still fits keeps the size
           (no layout of the screen for it: `Board._fills_room`) */
        min-width: 100%;
        min-height: 100%;
    }
    AreaView > .area--edge {
        color: $text-muted;
    }
    AreaView > .area--last {
        color: $warning;
        text-style: bold;
    }
    AreaView > .area--ghost-ok {
        color: $success;
        text-style: bold;
    }
    AreaView > .area--ghost-bad {
        color: $error;
        text-style: bold;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "area--edge",
        "area--last",
        "area--ghost-ok",
        "area--ghost-bad",
    }

    # the board's keys in this game's words: its areas have spots, not squares
    BINDINGS: ClassVar[list[BindingType]] = [
        # "Place", as the action bar says it ("↵ Choose" stood beside "↵ Place")
        Binding("enter,space", "choose", "Place", key_display="↵",
                tooltip="Place the card (or forklift) where it is shown"),
        Binding("n", "next_target(1)", "Nearest target", show=False,
                tooltip="Jump to the nearest other spot where it fits; again: the next nearest"),
        Binding("N", "next_target(-1)", "Previous target", show=False,
                tooltip="Jump back to the spot n came from"),
    ]

    def on_resize(self) -> None:
        # narrower within an unchanged pane (its scrollbar came and the view
        # took a column less): the pane has no resize of its own, and
        # "more→" stayed for nothing hidden
        pane = self.parent
        if isinstance(pane, AreaPane):
            pane.call_after_refresh(pane._check_clipped)

    class Stopped(Message):
        """An arrow key did not move the ghost: it is at the edge of the
        board, where a step further (`drow`, `dcol`) would cover nothing."""

        def __init__(self, view: AreaView, drow: int, dcol: int) -> None:
            super().__init__()
            self.view = view
            self.drow = drow
            self.dcol = dcol

        @property
        def control(self) -> AreaView:
            return self.view

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(compact=(2, 1), roomy_size=ROOMY_SIZES[-1], click_moves_then_chooses=True,
                         keep_cursor_visible=True, name=name, id=id, classes=classes)
        self._spaces: dict[tuple[int, int], str] = {}
        self._owner: dict[tuple[int, int], int] = {}
        self._ox = 0
        self._oy = 0
        #: the spaces around the cards in the grid (placing, roomy), None
        #: before the first card
        self._rim: int | None = None
        #: placing: the piece's spaces per rotation as (dx, dy, ch), the
        #: rotation, and the legal (x, y, rotation) spots
        self._shapes: Mapping[int, Sequence[tuple[int, int, str]]] = {}
        self._rotation = 0
        self._legal: frozenset[tuple[int, int, int]] = frozenset()
        #: a ghost shown without placing (say a nominated slot)
        self._fixed: Ghost | None = None
        #: the index of the piece placed last, drawn with double edges
        self._last: int | None = None
        #: the pieces placed since the viewer's last move, edged double too
        self._fresh: frozenset[int] = frozenset()
        #: the placing ghost, for (cursor, rotation)
        self._ghost_for: tuple[tuple[int, int], int] | None = None
        #: placing: the ghost's spaces show what lies under them (its edges
        #: kept), the toys it would cover struck through (`set_peek`)
        self._peek = False
        self._ghost: Ghost | None = None
        #: what `set_area` was last given, when not placing: the same again
        #: keeps the drawing (an area is drawn from more than its grid)
        self._shown: tuple[Any, ...] | None = None
        self.empty_text = "no cards yet"
        #: a line above the grid carries its first row's top edge (`set_area`)
        self._top_line = False
        self._top_strip: Strip | None = None

    # -- content --------------------------------------------------------------

    @property
    def placing(self) -> bool:
        return bool(self._shapes)

    @property
    def rotation(self) -> int:
        return self._rotation

    @property
    def last(self) -> int | None:
        """The index of the piece drawn as placed last, if any."""
        return self._last

    @property
    def fresh(self) -> frozenset[int]:
        """The pieces drawn as placed since the viewer's last move."""
        return self._fresh

    def _edged(self, pieces: Iterable[int | None]) -> bool:
        """Whether an edge touching `pieces` is drawn double."""
        return any(p is not None and (p == self._last or p in self._fresh) for p in pieces)

    @property
    def ghost(self) -> Ghost | None:
        """The piece drawn over the area: the placing ghost at the cursor,
        else the fixed ghost."""
        if not self._shapes:
            return self._fixed
        at = (self.cursor, self._rotation)
        if at != self._ghost_for:
            self._ghost_for = at
            spot = self.spot
            if spot is None:
                self._ghost = None
            else:
                x, y = spot
                cells = {(x + dx, y + dy): ch for dx, dy, ch in self._shapes[self._rotation]}
                self._ghost = Ghost(cells, (x, y, self._rotation) in self._legal)
        return self._ghost

    @property
    def spot(self) -> tuple[int, int] | None:
        """The ghost's top-left space (area coordinates) while placing."""
        if not self.placing:
            return None
        key = self.cursor_key
        return key if isinstance(key, tuple) else None

    def set_area(
        self,
        spaces: Mapping[tuple[int, int], str],
        owner: Mapping[tuple[int, int], int],
        *,
        shapes: Mapping[int, Sequence[tuple[int, int, str]]] | None = None,
        legal: Iterable[tuple[int, int, int]] = (),
        rotation: int | None = None,
        fixed: Ghost | None = None,
        last: int | None = None,
        fresh: Iterable[int] = (),
        settle: bool = False,
        spot: tuple[int, int] | None = None,
    ) -> None:
        """Show an area: `spaces` (x, y) -> space, `owner` (x, y) -> the
        index of the piece showing there; `last` the piece placed last
        (edged double). With `shapes` (rotation -> the piece's spaces) the
        ghost follows the cursor and `legal` lists the (x, y, rotation)
        spots the table allows. The ghost stays where it was unless `settle`
        (or it was not placing): then it starts on the legal spot nearest
        the middle of the cards; `spot` puts it there instead (where it was
        before another area was shown). `fixed` is a ghost drawn without
        placing."""
        shown = (dict(spaces), dict(owner), fixed, last, frozenset(fresh), self.roomy)
        if not shapes and not self._shapes and shown == self._shown:
            return  # the same area again, not placing: what is drawn stays
        self._shown = None if shapes else shown
        was = spot if spot is not None else self.spot if self.placing and not settle else None
        self._spaces = dict(spaces)
        self._owner = dict(owner)
        self._shapes = dict(shapes or {})
        self._legal = frozenset(legal)
        self._fixed = fixed
        self._last = last
        self._fresh = frozenset(fresh)
        self._ghost_for = None
        if rotation is not None:
            self._rotation = rotation
        if self._shapes and self._rotation not in self._shapes:
            self._rotation = min(self._shapes)
        placing = bool(self._shapes)
        # Placing, a piece may overhang by two; roomy, one more row and
        # column show the cards' outer edges.
        margin = PLACING_MARGIN if placing else (1 if self.roomy else 0)
        xs = [x for x, _ in self._spaces] + [x for x, _ in (fixed.cells if fixed else {})]
        ys = [y for _, y in self._spaces] + [y for _, y in (fixed.cells if fixed else {})]
        if not xs:
            xs, ys = [0, 2], [0, 1]
        self._ox, self._oy = min(xs) - margin, min(ys) - margin
        self._rim = margin if self._spaces or fixed else None
        x1, y1 = max(xs) + margin, max(ys) + margin
        cells = tuple(
            tuple(
                Cell(
                    text=space_face(self._spaces.get((x, y))),
                    style=space_style(self._spaces.get((x, y))),
                    key=(x, y),
                )
                for x in range(self._ox, x1 + 1)
            )
            for y in range(self._oy, y1 + 1)
        )
        rows = len(cells)
        # A line above the grid for the top edge of what its first row
        # holds: a ghost there, placing or fixed (that edge is drawn on the
        # row above, which the grid does not have: it was cut off).
        self._top_line = placing or fixed is not None
        top = (Edge(" "),) * len(cells[0]) if self._top_line else ()
        grid = Grid(cells=cells, right=(Edge(" "),) * rows, top=top)
        if placing and was is None and self._legal:
            # A new placement: start in a rotation that fits somewhere here.
            if not any(r == self._rotation for _, _, r in self._legal):
                self._rotation = min(r for _, _, r in self._legal)
        cursor = None
        if placing:
            spot = was if was is not None else self._start_spot()
            cursor = (spot[1] - self._oy, spot[0] - self._ox) if spot is not None else (0, 0)
        self.set_grid(grid, targets=self._rotation_targets(), cursor=cursor, settle=False)
        self._show_ghost()

    def drawn_width(self) -> int:
        """The cells the grid takes across, its edges included (the view is
        as wide where its pane is narrower: the pane pans)."""
        return self._width()

    def drawn_height(self) -> int:
        """The lines the grid takes down (see `drawn_width`)."""
        return len(self._lines())

    def margin(self) -> tuple[int, int]:
        """The cards stand in the middle of the pane (at the top-left of a
        large terminal's pane they left most of it empty): the blank
        columns and lines before the grid that put the middle of the cards,
        their edges included, at the middle of the view. The margin a
        placing grows around the cards does not move them while there is
        room for it; where there is not, they move as little as it needs
        (the grid stays inside the view, which pans as before)."""
        rim = self._rim
        width, height = self.size
        if rim is None or not width or not height:
            return 0, 0
        grid = self.grid
        cw, ch = self.cell_size
        # the cards' columns, with the edge right of the last one
        left = rim * cw
        wide = (grid.cols - 2 * rim) * cw + 1
        # the cards' lines; roomy, their top edge is the last line of the
        # row above them (a space's bottom line carries its edges)
        top, high = rim * ch + int(self._top_line), (grid.rows - 2 * rim) * ch
        if ch > 1:
            top, high = top - 1, high + 1
        return (self._centring(width, left, wide, self._width()),
                self._centring(height, top, high, len(self._lines())))

    @staticmethod
    def _centring(room: int, start: int, size: int, whole: int) -> int:
        """The offset that puts `size` cells from `start` of a drawing
        `whole` cells long in the middle of `room`, the whole inside it."""
        return max(0, min((room - size) // 2 - start, room - whole))

    def roomiest(self, spaces: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
        """The biggest of `ROOMY_SIZES` at which an area of `spaces` fits
        the pane, margin for placing included (so the size holds when a
        placing starts); None when none does, or before the first card."""
        room = self.parent.content_size if isinstance(self.parent, AreaPane) else None
        xs = [x for x, _ in spaces]
        ys = [y for _, y in spaces]
        if not xs or room is None:
            return None
        cols = max(xs) - min(xs) + 1 + 2 * PLACING_MARGIN
        rows = max(ys) - min(ys) + 1 + 2 * PLACING_MARGIN
        for cw, ch in ROOMY_SIZES:
            # (and the line above the grid for a ghost's top edge)
            if cols * cw + 1 <= room.width and rows * ch + 1 <= room.height:
                return cw, ch
        return None

    def _rotation_targets(self) -> set[tuple[int, int]]:
        if not self._shapes:
            return set()
        return {(x, y) for x, y, r in self._legal if r == self._rotation}

    def _start_spot(self) -> tuple[int, int] | None:
        """The legal spot (in the ghost's rotation) whose middle is nearest
        the middle of the cards (then the topmost, leftmost)."""
        spots = self._rotation_targets()
        if not spots:
            return None
        w, h = self._piece_size()
        xs = [x for x, _ in self._spaces] or [0]
        ys = [y for _, y in self._spaces] or [0]
        # Doubled coordinates: the middles stay whole numbers.
        mx, my = min(xs) + max(xs), min(ys) + max(ys)
        return min(spots, key=lambda s: ((2 * s[0] + w - 1 - mx) ** 2
                                         + (2 * s[1] + h - 1 - my) ** 2, s[1], s[0]))

    def rotate(self, step: int = 1) -> None:
        """Turn the ghost (a quarter turn clockwise per step)."""
        if not self._shapes:
            return
        turns = sorted(self._shapes)
        i = turns.index(self._rotation) if self._rotation in turns else 0
        self._rotation = turns[(i + step) % len(turns)]
        self.set_targets(self._rotation_targets(), settle=False)
        moved = self.move_cursor(*self.cursor)  # the turned piece stays on the board
        self.redraw()
        if not moved:
            self.scroll_cursor_visible()
            self.post_message(self.Moved(self, self.cursor_key, *self.cursor))

    def set_fixed(self, ghost: Ghost | None) -> None:
        self._fixed = ghost
        self.redraw()
        self._show_ghost()

    # -- the ghost and the cursor ---------------------------------------------

    def _piece_size(self) -> tuple[int, int]:
        shape = self._shapes.get(self._rotation, ())
        if not shape:
            return 1, 1
        return max(dx for dx, _, _ in shape) + 1, max(dy for _, dy, _ in shape) + 1

    def cursor_span(self) -> tuple[int, int]:
        # The cursor carries the ghost: it stays whole on the board.
        w, h = self._piece_size()
        return h, w

    def cursor_rows(self, row: int, col: int) -> range:
        if not self._shapes:
            return range(0)  # no cursor drawn
        # The row above holds the ghost's top edge (roomy) or underline.
        return range(max(0, row - 1), row + self.cursor_span()[0])

    def _show_ghost(self) -> None:
        """Pan to the ghost (placing or fixed)."""
        ghost = self.ghost
        if ghost is None or not ghost.cells:
            return
        xs = [x for x, _ in ghost.cells]
        ys = [y for _, y in ghost.cells]
        self.scroll_to_cells(range(min(ys) - self._oy, max(ys) - self._oy + 1),
                             range(min(xs) - self._ox, max(xs) - self._ox + 1))

    def choose(self) -> None:
        if not self._shapes:
            return
        super().choose()

    def action_move(self, drow: int, dcol: int) -> None:
        # The margin lets the ghost reach every spot that covers something:
        # at its edge an arrow did nothing, and nothing said why.
        row, col = self.cursor
        if not self.move_cursor(row + drow, col + dcol) and self.placing:
            self.post_message(self.Stopped(self, drow, dcol))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Keys and clicks act only while placing.
        if action in ("move", "choose", "next_target"):
            return self.placing
        return True

    # -- drawing ------------------------------------------------------------------

    def _who(self, x: int, y: int) -> int | None:
        """Which piece shows at (x, y): -1 the ghost, else an index, or None."""
        ghost = self.ghost
        if ghost is not None and (x, y) in ghost.cells:
            return -1
        return self._owner.get((x, y))

    def _ghost_style(self) -> tuple[bool, str]:
        ok = self.ghost is None or self.ghost.ok
        return ok, "area--ghost-ok" if ok else "area--ghost-bad"

    def _between(self, a: int | None, b: int | None, glyph: str) -> Segment:
        """The edge between pieces `a` and `b` (`glyph` for a card edge)."""
        if a == b:
            return Segment(" " * len(glyph), self.rich_style_for(""))
        if -1 in (a, b):
            ok, style = self._ghost_style()
            mark = (GHOST_OK if glyph == EDGE else "━") if ok else GHOST_BAD
            return Segment(mark * len(glyph), self.rich_style_for(style))
        if self._edged((a, b)):
            return Segment(glyph.translate(_DOUBLE), self.rich_style_for("area--last"))
        return Segment(glyph, self.rich_style_for("area--edge"))

    def _corner(self, x: int, y: int) -> Segment:
        """Roomy: the junction left of (x, y) on the line under it."""
        who = self._who
        pieces = (who(x - 1, y), who(x, y), who(x - 1, y + 1), who(x, y + 1))
        up = pieces[0] != pieces[1]
        down = pieces[2] != pieces[3]
        left = pieces[0] != pieces[2]
        right = pieces[1] != pieces[3]
        corner = _CORNERS[(up, down, left, right)]
        style = "area--edge"
        if corner != " " and -1 in pieces:
            ok, style = self._ghost_style()
            corner = corner.translate(_HEAVY) if ok else GHOST_BAD
        elif corner != " " and self._edged(pieces):
            corner, style = corner.translate(_DOUBLE), "area--last"
        return Segment(corner, self.rich_style_for(style))

    @property
    def peek(self) -> bool:
        """Whether the ghost shows what lies under it (`set_peek`)."""
        return self._peek and self.placing

    def set_peek(self, peek: bool) -> None:
        """Draw what lies under the ghost instead of its face (the ghost's
        edges stay), the toys it would cover struck through; False: the
        piece again. A play-test at 80x24: only the prompt said "covers 2
        toys", the spaces under the ghost hidden."""
        if peek != self._peek:
            self._peek = peek
            self.redraw()

    def _face_seg(self, x: int, y: int, inner: int, *, underline: bool) -> Segment:
        ghost = self.ghost
        under = ghost is not None and (x, y) in ghost.cells
        if under and not self.peek:
            ch: str | None = ghost.cells[(x, y)]
            if ch == "?":
                style = "bold reverse"
            elif ch == ".":
                style = "bold"
            else:
                style = ghost_style(ch)
                if ch.islower() and inner < 2:
                    style = f"{style} reverse"  # a worker, as F1 and the board show it
        else:
            ch = self._spaces.get((x, y))
            style = space_style(ch)
            if ch is not None and ch.islower() and inner < 2:
                style = f"{style} reverse"  # no room for ☻: the letter stands out
            if under and ch is not None and ch in COVERABLE:
                style = f"{style} strike"  # what the piece would cover
        if underline and self._who(x, y) != self._who(x, y + 1):
            style = f"{style} underline".strip()
        return Segment(space_face(ch, inner), self.rich_style_for(style))

    def render_cell(self, row: int, col: int, sub: int) -> list[Segment]:
        # A space is drawn with the edge on its left: compact, one line;
        # roomy, its last line carries the horizontal edges, box-drawn, and
        # the lines above are its face, the letter on the middle one.
        cw, ch = self.cell_size
        inner = cw - 1
        x, y = self._ox + col, self._oy + row
        if sub == ch - 1 and ch > 1:
            return [self._corner(x, y),
                    self._between(self._who(x, y), self._who(x, y + 1), "─" * inner)]
        face = self._face_seg(x, y, inner, underline=ch == 1)
        if ch > 1:
            letter = face.text.strip() if sub == (ch - 2) // 2 else ""
            # a small space keeps its letter left (" P "), a big one centres it
            text = f" {letter}".ljust(inner) if ch == 2 else letter.center(inner)
            face = Segment(text[:inner], face.style)
        edge = self._between(self._who(x - 1, y), self._who(x, y), EDGE)
        if ch == 1 and self._ghost_edge_goes_on(x, y):
            edge = Segment(edge.text, edge.style + self.rich_style_for("underline"))
        return [edge, face]

    def _ghost_edge_goes_on(self, x: int, y: int) -> bool:
        """Compact: whether the ghost's top or bottom edge (an underline)
        runs on under the gap left of (x, y), so that it reads as one line
        across the piece rather than underlined letters."""
        who = self._who
        here, below = who(x, y), who(x, y + 1)
        left, left_below = who(x - 1, y), who(x - 1, y + 1)
        return (left == here and here != below and left != left_below
                and -1 in (here, below) and -1 in (left, left_below))

    def render_side(self, side: str, row: int, sub: int) -> Segment:
        # The right-hand column closes the last column's edges.
        x, y = self._ox + self.grid.cols, self._oy + row
        if sub == self.cell_size[1] - 1 and sub > 0:
            return self._corner(x, y)
        return self._between(self._who(x - 1, y), self._who(x, y), EDGE)

    def grid_line(self, y: int) -> Strip:
        if y == 0 and self._top_line:
            if self._top_strip is None:
                self._top_strip = self._render_top_line()
            return self._top_strip
        return super().grid_line(y)

    def _render_top_line(self) -> Strip:
        """The line above the grid: the bottom line of a row above row 0,
        where the top edges of row 0 are drawn (compact: underlined)."""
        last = self.cell_size[1] - 1
        segs = [seg for col in range(self.grid.cols) for seg in self.render_cell(-1, col, last)]
        segs.append(self.render_side("right", -1, last))
        return Strip(segs).adjust_cell_length(self._width(), self.rich_style_for(""))

    def invalidate(self) -> None:
        super().invalidate()
        self._top_strip = None

    def redraw(self, rows: Iterable[int] | None = None) -> None:
        rows = None if rows is None else set(rows)
        if self._top_line and (rows is None or 0 in rows):
            # the top line follows row 0 (a ghost coming or going)
            self._top_strip = None
            self.refresh(Region(0, self.margin()[1], max(1, self.size.width), 1))
        super().redraw(rows)

    def render_line(self, y: int) -> Strip:
        if not self._spaces and self.ghost is None:
            if y == 0:
                return Strip([Segment(self.empty_text, self.rich_style_for("board--muted"))])
            return Strip.blank(self.size.width, self.rich_style_for(""))
        return super().render_line(y)


@dataclass(frozen=True)
class CrateCard(Card):
    """A hand card with its face: `rows` are the face's rows, top first."""

    rows: tuple[str, ...] = ()


class CrateHand(Hand):
    """A hand of crate cards, each drawn as its number over its face:

    ``  17 ``
    `` FFB ``
    `` B·F ``

    The cursor card's number is framed ``▸17◂``; a card waiting for a
    confirmation ``»17«``. `spaced` (a large terminal): each space two
    cells wide, as a tile of the toy's colour."""

    DEFAULT_CSS = """
    CrateHand {
        height: auto;
        width: 1fr;
    }
    """

    spaced: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.big = True
        #: the card waiting for a confirmation, if any
        self.pending: int | None = None

    def _big_pieces(self) -> list[list[Text]]:
        pieces = []
        cursor_style = self.get_component_rich_style("hand--cursor")
        for i, card in enumerate(self._cards):
            rows = getattr(card, "rows", ()) or ("???", "???")
            at_cursor = self.picking and i == self.cursor and card.enabled
            if self.pending == i:
                left, right = "»", "«"
            elif at_cursor:
                left, right = "▸", "◂"
            else:
                left, right = " ", " "
            width = 2 if self.spaced else 1
            top = Text(f"{left}{card.text:>3}{right}".center(3 * width + 2), style="bold")
            if at_cursor:
                top.stylize(cursor_style)
            lines = [top]
            for row in rows[:2]:
                lines.append(Text.assemble(" ", face_text(row, width), " "))
            if self.picking and not card.enabled:
                for line in lines:
                    line.stylize("dim")
            pieces.append(lines)
        return pieces

    def watch_cursor(self, old: int, new: int) -> None:
        if new != old:
            self.pending = None
        super().watch_cursor(old, new)


__all__ = [
    "EDGE",
    "ROOMY_SIZES",
    "GHOST_BAD",
    "GHOST_OK",
    "SPACE_STYLE",
    "AreaPane",
    "AreaView",
    "CrateCard",
    "CrateHand",
    "Ghost",
    "face_text",
    "ghost_style",
    "space_face",
    "space_style",
]
