"""A panel of lines that converts again only the lines that changed.

Textual turns a `Static`'s whole content into cells at every repaint (rich
`Text` to `Content`, wrapped, each line cut into segments with its mouse
offsets), and again to measure its height. Overseers' table rows are some
13 lines of which an update changes one or two, and that conversion was the
largest single cost of its updates (docs/performance.md, 2026-12-02
05:30). `RowsStatic` keeps each line's cells, keyed by what the line draws
and the row it starts on, and converts only a line that is new or moved.
What it shows is the same `Static` of the lines joined by newlines: its
`content` and `render()` are that text, and anything unusual (a selection,
content set another way, an alignment) goes through Textual's own drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widget import _RenderCache
from textual.widgets import Static

from tui.widgets.quiet import content_key, update_static


class RowsStatic(Static):
    """A `Static` shown with `show_lines`, drawn line by line (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: tuple[Text, ...] = ()
        self._lines_content: object = None
        #: (line's content key, first row) -> its strips, at `_kept_for`
        self._kept: dict[tuple[Any, int], list[Strip]] = {}
        self._kept_for: tuple[int, Style] | None = None

    def show_lines(self, lines: Sequence[Text]) -> None:
        """Show `lines` (as `update_static(self, Text("\\n").join(lines))`)."""
        self._lines = tuple(lines)
        update_static(self, Text("\n").join(self._lines))
        self._lines_content = self.content

    def _line_strips(self, width: int) -> list[Strip] | None:
        """Every row's strips at `width`, kept lines reused; None when this
        content or state is not one to draw line by line."""
        if (self.content is not self._lines_content or not self._lines or width <= 0
                or self.text_selection is not None
                or self.styles.content_align != ("left", "top")):
            return None
        style = self.visual_style
        if self._kept_for != (width, style):
            self._kept, self._kept_for = {}, (width, style)
        kept: dict[tuple[Any, int], list[Strip]] = {}
        strips: list[Strip] = []
        for line in self._lines:
            y = len(strips)
            key = (content_key(line), y)
            rows = self._kept.get(key)
            if rows is None:
                # drawn after y empty lines, so that its mouse offsets name
                # the rows it is on, exactly as in the whole text
                text = Text("\n").join([*([Text()] * y), line])
                rows = Visual.to_strips(self, visualize(self, text, markup=False),
                                        width, None, style)[y:]
            kept[key] = rows
            strips.extend(rows)
        self._kept = kept
        return strips

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        strips = self._line_strips(width)
        if strips is None:
            return super().get_content_height(container, viewport, width)
        return len(strips)

    def _render_content(self) -> None:
        width, height = self.size
        strips = self._line_strips(width)
        if strips is None:
            super()._render_content()
            return
        self._render_cache = _RenderCache(self.size, strips[:height])
        self._dirty_regions.clear()
