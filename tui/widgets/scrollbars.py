"""A vertical scrollbar that keeps its drawing while it draws the same.

Textual repaints a panel's scrollbar whenever the panel is repainted or
laid out, and draws it from scratch each time (a Rich renderable turned
into cells): Overseers' table scrollbar was drawn at nearly every update
(178 times in 130 updates, in 5 different positions), 1 ms each
(docs/performance.md). A `KeptScrollBar` keeps the lines of the last few
drawings by what they show: the bar's size, the panel's virtual and window
size, the position and the colours.

`KeptScrollBars` is a mixin for a scrolling widget (put before it among the
bases) whose vertical scrollbar is a `KeptScrollBar`. Textual 8.2 makes the
bar in `Widget.vertical_scrollbar`; the mixin makes it the same way.
"""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip

#: drawings kept per scrollbar
KEPT = 8

_DRAWN_FROM = ("virtual_size", "window_size", "position", "thickness", "vertical", "style")


class KeptScrollBar(ScrollBar):
    """A `ScrollBar` that draws a drawing it made before from what it kept."""

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        key = (crop, self.size, self.visual_style, type(bar),
               *(getattr(bar, name, None) for name in _DRAWN_FROM))
        kept: dict[Any, list[Strip]] | None = getattr(self, "_kept_drawings", None)
        if kept is None:
            kept = self._kept_drawings = {}
        strips = kept.get(key)
        if strips is None:
            strips = super().render_lines(crop)
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))  # the oldest kept
            kept[key] = strips
        return list(strips)


class KeptScrollBars:
    """Mixin for a scrolling `Widget`: its vertical scrollbar keeps its
    drawings (see the module)."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        bar = self._vertical_scrollbar  # type: ignore[attr-defined]
        if bar is not None:
            return bar
        bar = self._vertical_scrollbar = KeptScrollBar(  # type: ignore[attr-defined]
            vertical=True, name="vertical",
            thickness=self.scrollbar_size_vertical)  # type: ignore[attr-defined]
        bar.display = False
        self.app._start_widget(self, bar)  # type: ignore[attr-defined]
        return bar


class KeptVerticalScroll(KeptScrollBars, VerticalScroll):
    """A `VerticalScroll` whose scrollbar keeps its drawings."""
