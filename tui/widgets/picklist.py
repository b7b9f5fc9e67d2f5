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
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


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


class PickList(Widget, can_focus=True):
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
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Choose", key_display="↵"),
    ]

    class Highlighted(Message):
        """The cursor moved to row `index`."""

        def __init__(self, pick_list: PickList, index: int) -> None:
            super().__init__()
            self.pick_list = pick_list
            self.index = index

        @property
        def control(self) -> PickList:
            return self.pick_list

    class Selected(Message):
        """Row `index` was picked (Enter, a click or `select`)."""

        def __init__(self, pick_list: PickList, index: int) -> None:
            super().__init__()
            self.pick_list = pick_list
            self.index = index

        @property
        def control(self) -> PickList:
            return self.pick_list

    cursor: reactive[int] = reactive(-1)
    picking: reactive[bool] = reactive(False)

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
        self.refresh(layout=True)

    @property
    def highlighted(self) -> int | None:
        """The cursor's row, if the list is picking and the row is enabled."""
        if self.picking and 0 <= self.cursor < len(self._rows):
            if self._rows[self.cursor].enabled:
                return self.cursor
        return None

    def enabled_indexes(self) -> list[int]:
        return [i for i, row in enumerate(self._rows) if row.enabled]

    def move_to(self, index: int) -> None:
        """Put the cursor on row `index` (ignored if it is not enabled)."""
        if 0 <= index < len(self._rows) and self._rows[index].enabled:
            self.cursor = index

    def select(self, index: int | None = None) -> None:
        """Pick row `index` (default: the cursor's row) if it is enabled."""
        if index is None:
            index = self.cursor
        if not self.picking or not (0 <= index < len(self._rows)):
            return
        if not self._rows[index].enabled:
            return
        self.cursor = index
        self.post_message(self.Selected(self, index))

    def _settle_cursor(self) -> None:
        enabled = self.enabled_indexes()
        if not enabled:
            self.cursor = -1
        elif self.cursor not in enabled:
            later = [i for i in enabled if i >= self.cursor]
            self.cursor = later[0] if later else enabled[-1]

    # -- reactives ------------------------------------------------------

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh()
        if new >= 0 and new != old and self.picking:
            self.post_message(self.Highlighted(self, new))

    def watch_picking(self) -> None:
        self.refresh()

    # -- actions and events ---------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Enter and the arrows only mean something while picking.
        if action in ("select", "move", "first", "last"):
            return self.picking and bool(self.enabled_indexes())
        return True

    def action_move(self, step: int) -> None:
        enabled = self.enabled_indexes()
        if not self.picking or not enabled:
            return
        if self.cursor not in enabled:
            self.cursor = enabled[0]
            return
        pos = enabled.index(self.cursor)
        self.cursor = enabled[max(0, min(len(enabled) - 1, pos + step))]

    def action_first(self) -> None:
        enabled = self.enabled_indexes()
        if self.picking and enabled:
            self.cursor = enabled[0]

    def action_last(self) -> None:
        enabled = self.enabled_indexes()
        if self.picking and enabled:
            self.cursor = enabled[-1]

    def action_select(self) -> None:
        self.select()

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

    def render(self) -> Text:
        if not self._rows:
            return Text(self.empty, style="dim italic")
        cursor_style = self.get_component_rich_style("picklist--cursor")
        disabled_style = self.get_component_rich_style("picklist--disabled")
        show_keys = self.picking and any(row.key for row in self._rows)
        key_width = max((len(row.key) for row in self._rows), default=0)
        lines = []
        for i, row in enumerate(self._rows):
            at_cursor = self.picking and i == self.cursor and row.enabled
            for n, body in enumerate(self._row_lines(i)):
                line = Text(no_wrap=True, overflow="ellipsis", end="")
                if self.picking:
                    line.append("▶ " if at_cursor and n == 0 else "  ")
                if show_keys:
                    key = row.key if row.enabled and n == 0 else ""
                    line.append(f"{key:>{key_width}} ", style="bold")
                line.append_text(body)
                if row.style:
                    line.stylize(row.style, 0)
                if self.picking and not row.enabled:
                    line.stylize(disabled_style)
                if at_cursor:
                    line.stylize(cursor_style)
                lines.append(line)
        joined = Text("\n", no_wrap=True, overflow="ellipsis", end="").join(lines)
        joined.no_wrap = True
        joined.overflow = "ellipsis"
        return joined
