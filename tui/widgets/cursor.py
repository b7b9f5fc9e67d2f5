"""What the pickable widgets share: a cursor over the enabled items, and
laying out pieces of text in wrapping lines.

`PickList`, `Hand` and `ActionBar` each hold items that have an `enabled`
flag; the cursor skips disabled ones, arrows move it, Enter or a click picks.
Each subclass declares its own `Highlighted`/`Selected` messages (subclasses
of the ones here) so a screen's handlers say which widget spoke.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

#: (line, first x, last x) of each item as last drawn, for clicks
Places = list[tuple[int, int, int]]


def flow(pieces: Sequence[Text], width: int) -> tuple[list[Text], Places]:
    """Lay `pieces` left to right, one space apart, wrapping at `width`."""
    width = max(1, width)
    lines: list[Text] = [Text(end="")]
    places: Places = []
    for piece in pieces:
        line = lines[-1]
        gap = 1 if line.cell_len else 0
        if line.cell_len and line.cell_len + gap + piece.cell_len > width:
            lines.append(Text(end=""))
            line, gap = lines[-1], 0
        if gap:
            line.append(" ")
        x0 = line.cell_len
        line.append_text(piece)
        places.append((len(lines) - 1, x0, line.cell_len - 1))
    return lines, places


class CursorWidget(Widget, can_focus=True):
    """Items with a cursor that rests only on enabled items."""

    class Highlighted(Message):
        """The cursor moved to item `index`."""

        def __init__(self, widget: CursorWidget, index: int) -> None:
            super().__init__()
            self.widget = widget
            self.index = index

        @property
        def control(self) -> CursorWidget:
            return self.widget

    class Selected(Message):
        """Item `index` was picked (Enter, a click or `select`)."""

        def __init__(self, widget: CursorWidget, index: int) -> None:
            super().__init__()
            self.widget = widget
            self.index = index
            #: the items as they were when picked (`stale`)
            self.items = tuple(widget._items())

        @property
        def control(self) -> CursorWidget:
            return self.widget

        @property
        def stale(self) -> bool:
            """The items changed between the pick and its handling (the
            next pack came under the key): `index` names another item now,
            one the player has not seen."""
            return tuple(self.widget._items()) != self.items

    cursor: reactive[int] = reactive(-1)
    #: the cursor shows and moves only while picking
    picking: reactive[bool] = reactive(False)
    #: Enter held by the screen for a moment (a key that meant another
    #: item picked none): it leaves the footer, as it chooses nothing then,
    #: and no item is drawn as chosen; the screen says why if it is pressed
    held: reactive[bool] = reactive(False, bindings=True)
    #: why Enter picks nothing now, where the screen holds it back
    #: (Overseers: a decision that came under the player's last key waits
    #: for an arrow), "" when it picks the highlighted item: F1 says it, and
    #: the footer leaves Enter out meanwhile (the screen refreshes the
    #: bindings when it changes)
    enter_held: Callable[[], str] | None = None

    def why_enter_held(self) -> str:
        """Why Enter picks nothing now (`enter_held`), "" when it picks."""
        return self.enter_held() if self.enter_held is not None else ""

    def _items(self) -> Sequence[Any]:
        """The items, each with an `enabled` attribute."""
        raise NotImplementedError

    def enabled_indexes(self) -> list[int]:
        return [i for i, item in enumerate(self._items()) if item.enabled]

    @property
    def highlighted(self) -> int | None:
        """The cursor's item, if picking and the item is enabled."""
        items = self._items()
        if self.picking and 0 <= self.cursor < len(items) and items[self.cursor].enabled:
            return self.cursor
        return None

    def move_to(self, index: int) -> None:
        """Put the cursor on item `index` (ignored if it is not enabled)."""
        items = self._items()
        if 0 <= index < len(items) and items[index].enabled:
            self.cursor = index

    def select(self, index: int | None = None) -> None:
        """Pick item `index` (default: the cursor's) if it is enabled."""
        if index is None:
            index = self.cursor
        items = self._items()
        if not self.picking or not (0 <= index < len(items)) or not items[index].enabled:
            return
        self.cursor = index
        self._post_selected(index)

    def _post_selected(self, index: int) -> None:
        self.post_message(self.Selected(self, index))

    def _settle_cursor(self, *, keep: bool = True) -> None:
        """After the items change: stay on an enabled item, else the next."""
        enabled = self.enabled_indexes()
        if not enabled:
            self.cursor = -1
        elif not keep:
            self.cursor = enabled[0]
        elif self.cursor not in enabled:
            later = [i for i in enabled if i >= self.cursor]
            self.cursor = later[0] if later else enabled[-1]

    def watch_cursor(self, old: int, new: int) -> None:
        self.refresh()
        if new >= 0 and new != old and self.picking:
            self.post_message(self.Highlighted(self, new))

    def watch_picking(self) -> None:
        self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The arrows and Enter only mean something while there is a choice.
        if action in ("select", "choose") and (self.held or self.why_enter_held()):
            return False
        if action in ("select", "choose", "move", "first", "last"):
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
