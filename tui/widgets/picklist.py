"""A vertical list of rows with a cursor: the base of pickable panels.

Game-agnostic. A row is a `Row` (rich text plus a shortcut key and whether it
may be picked now). The list draws itself as one widget (no child widget per
row). While `picking` is on it shows a cursor on an enabled row; arrows move
it, Enter or a click picks. It only posts messages; the screen decides what a
pick means.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding

from tui.widgets.cursor import CursorWidget
from tui.widgets.kept_lines import KeptLines
from tui.widgets.quiet import content_key, relayout_if_resized


@dataclass(frozen=True)
class Row:
    """One row of a `PickList`.

    `text` is plain or rich text; `key` is the shortcut shown in front of it
    while picking (empty for none); `enabled` says whether it may be picked
    now; `style` is applied under the row's own styles.
    """

    text: str | Text
    key: str = ""
    enabled: bool = True
    style: str = ""


class PickList(KeptLines, CursorWidget):
    """Rows with a cursor; posts `Highlighted` and `Selected`."""

    DEFAULT_CSS = """
    PickList {
        height: auto;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    PickList > .picklist--cursor {
        text-style: bold reverse;
    }
    PickList > .picklist--disabled {
        text-style: dim;
    }
    """

    COMPONENT_CLASSES = {"picklist--cursor", "picklist--disabled"}

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, tooltip="Move up and down the list"),
        Binding("down", "move(1)", "Down", show=False, tooltip="Move up and down the list"),
        Binding("home", "first", "First", show=False, tooltip="To the first or last row"),
        Binding("end", "last", "Last", show=False, tooltip="To the first or last row"),
        Binding("enter", "select", "Choose", key_display="↵",
                tooltip="Choose the highlighted row"),
    ]

    class Highlighted(CursorWidget.Highlighted):
        """The cursor moved to row `index`."""

    class Selected(CursorWidget.Selected):
        """Row `index` was picked (Enter, a click or `select`)."""

    def __init__(
        self,
        rows: Sequence[Row] = (),
        *,
        empty: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._rows: tuple[Row, ...] = tuple(rows)
        #: the text shown when there are no rows
        self.empty = empty
        self._wrap_width = 0
        #: (measured width, drawn width) last found apart (see `render`)
        self._rewrapped: tuple[int, int] | None = None
        self._shown: object = None

    # -- content --------------------------------------------------------

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._rows

    def set_rows(self, rows: Sequence[Row], *, picking: bool | None = None) -> None:
        """Replace the rows; keep the cursor on an enabled row if possible."""
        self._rows = tuple(rows)
        if picking is not None:
            self.picking = picking
        self._settle_cursor()
        # Most updates bring the same rows: then the cursor's and picking's
        # own refreshes are enough, with no layout of the whole screen.
        shown = self._shown_key()
        if shown != self._shown:
            self._shown = shown
            relayout_if_resized(self)

    def _shown_key(self) -> object:
        """All that decides what the rows look like and how tall they are
        (a subclass that draws more adds to it)."""
        return content_key(self._rows), self.picking, self.empty

    def _items(self) -> tuple[Row, ...]:
        return self._rows

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        starts = self._row_starts()
        for index in range(len(self._rows)):
            if starts[index] <= offset.y < starts[index + 1]:
                self.select(index)
                return

    # -- drawing --------------------------------------------------------

    def _row_lines(self, index: int) -> list[Text]:
        """The lines of row `index` (a subclass may add or wrap lines)."""
        row = self._rows[index]
        body = row.text if isinstance(row.text, Text) else Text(row.text)
        return list(body.split("\n", allow_blank=True)) or [Text()]

    def _text_width(self) -> int:
        """Cells left for a row's text after the cursor mark and key."""
        width = self._wrap_width or self.content_region.width or self.size.width
        if self.picking:
            width -= 2
            if any(row.key for row in self._rows):
                width -= max(len(row.key) for row in self._rows) + 1
        return max(8, width)

    def _row_starts(self) -> list[int]:
        """The first line of each row (a row may span several lines)."""
        starts, y = [], 0
        for index in range(len(self._rows)):
            starts.append(y)
            y += len(self._row_lines(index))
        starts.append(y)
        return starts

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        self._wrap_width = width
        return max(1, self._row_starts()[-1] if self._rows else 1)

    def measured_at_another_width(self, width: int) -> bool:
        return bool(width) and width != self._wrap_width

    def render(self) -> Text:
        joined = Text("\n", no_wrap=True, overflow="ellipsis", end="").join(self.content_lines())
        joined.no_wrap = True
        joined.overflow = "ellipsis"
        return joined

    def content_lines(self) -> list[Text]:
        width = self.size.width
        if width and width != self._wrap_width:
            # Laid out at another width than it has: a screen shown again at
            # a size it had before reuses that size's layout, and the rows
            # were last measured at the size in between (a terminal too
            # small, then back). Wrap for this width, and lay out again:
            # the rows' height may differ.
            if self._rewrapped != (self._wrap_width, width):  # once, not in a loop
                self._rewrapped = (self._wrap_width, width)
                self.call_later(self.refresh, layout=True)
            self._wrap_width = width
        if not self._rows:
            return [Text(self.empty, style="dim italic")]
        cursor_style = self.get_component_rich_style("picklist--cursor")
        disabled_style = self.get_component_rich_style("picklist--disabled")
        show_keys = self.picking and any(row.key for row in self._rows)
        key_width = max((len(row.key) for row in self._rows), default=0)
        # held (nothing chosen): the cursor's place only, dim, not the
        # chosen row's ▶ and reverse video
        mark = ("▷ ", "dim") if self.held else ("▶ ", "")
        lines = []
        for i, row in enumerate(self._rows):
            at_cursor = self.picking and i == self.cursor and row.enabled
            for n, body in enumerate(self._row_lines(i)):
                line = Text(no_wrap=True, overflow="ellipsis", end="")
                if self.picking:
                    line.append(*mark if at_cursor and n == 0 else ("  ",))
                if show_keys:
                    key = row.key if row.enabled and n == 0 else ""
                    line.append(f"{key:>{key_width}} ", style="bold")
                line.append_text(body)
                if row.style:
                    line.stylize(row.style, 0)
                if self.picking and not row.enabled:
                    line.stylize(disabled_style)
                if at_cursor and not self.held:
                    line.stylize(cursor_style)
                lines.append(line)
        return lines
