"""The game log: the table's public log lines, newest at the bottom.

Game-agnostic. `set_lines` takes the whole log each time (the shell sends
it with every update) and only appends what is new; when the log shrank or
changed (an undo), it is redrawn. Long lines wrap to the panel's width.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

#: how many of the newest lines a redraw shows (older ones scroll away)
KEEP = 500


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        min-height: 2;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True,
                         max_lines=KEEP, min_width=20, name=name, id=id, classes=classes)
        self._shown: tuple[str, ...] = ()

    @property
    def shown(self) -> tuple[str, ...]:
        return self._shown

    def set_lines(self, lines: Sequence[str]) -> None:
        lines = tuple(lines)
        if lines == self._shown:
            return
        if lines[: len(self._shown)] == self._shown:
            new = lines[len(self._shown):]
        else:
            self.clear()
            new = lines[-KEEP:]
        for line in new:
            self.write(Text(line), scroll_end=True)
        self._shown = lines

    def on_resize(self) -> None:
        # Keep the newest lines in sight when the panel grows or shrinks.
        self.call_after_refresh(self.scroll_end, animate=False)
