"""A table whose rows are what is chosen: Home and End go to the first and
last row. Textual's `DataTable` scrolls sideways with them, which a list of
rows never needs: they did nothing there (the saved matches, F1's keys).
j and k move down and up, as on the boards (hjkl).

Kept outside `tui.widgets`, whose package imports the rules core: the home
screen's first frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import DataTable


class RowTable(DataTable):
    """A `DataTable` of rows, Home and End going to the first and last, j
    and k down and up."""

    BINDINGS = [
        Binding("j", "cursor_down", "Cursor down", show=False),
        Binding("k", "cursor_up", "Cursor up", show=False),
        Binding("home", "row(0)", "First", show=False),
        Binding("end", "row(-1)", "Last", show=False),
    ]

    def action_row(self, row: int) -> None:
        if self.row_count:
            self.move_cursor(row=row % self.row_count)
