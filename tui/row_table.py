"""A table whose rows are what is chosen: Home and End go to the first and
last row. Textual's `DataTable` scrolls sideways with them, which a list of
rows never needs: they did nothing there (the saved matches, F1's keys).
j and k move down and up, as on the boards (hjkl). A page scrolled without
a cursor (F1's keys) is the rows seen under the sticky header, not the
whole height: Textual's page took the header's line too, and each Page
Down skipped a row never shown.

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

    def _page_lines(self) -> int:
        """The lines of rows in sight: the height less the sticky header
        and fixed rows."""
        fixed = (self.header_height if self.show_header else 0) + sum(
            row.height for row in self.ordered_rows[: self.fixed_rows])
        return max(1, self.scrollable_content_region.height - fixed)

    def _row_starts(self) -> list[int]:
        starts, y = [], 0
        for row in self.ordered_rows[self.fixed_rows:]:
            starts.append(y)
            y += row.height
        return starts

    def scroll_page_down(self, **kwargs) -> None:  # type: ignore[override]
        """A page down, beginning with the first row not wholly in sight
        (so no row goes unseen), or a page of lines where one row is
        taller than the page."""
        top, lines = round(self.scroll_y), self._page_lines()
        target = top + lines
        cut = [start for start in self._row_starts() if top < start <= target]
        if cut:
            target = cut[-1]
        self.scroll_to(y=target, **kwargs)

    def scroll_page_up(self, **kwargs) -> None:  # type: ignore[override]
        """A page up, ending with the row at the top now, whole (the one
        above where that row is taller than the page). Begun at a row's
        start, it ended past that row where the rows above were of other
        heights (F1's keys at 80x24: two rows again, one cut at the top)."""
        top, lines = round(self.scroll_y), self._page_lines()
        starts = self._row_starts()
        row_top = max((start for start in starts if start <= top), default=0)
        row_end = next((start for start in starts if start > row_top), top + 1)
        target = row_end - lines if row_end - lines < top else row_top - lines
        self.scroll_to(y=max(0, target), **kwargs)

    def action_row(self, row: int) -> None:
        if self.row_count:
            self.move_cursor(row=row % self.row_count)
