"""A panel that keeps each line's cells while the line stays the same.

Textual turns a widget's whole content into cells whenever the widget is
repainted, one segment style at a time; for a panel of card rows that is
most of what an update costs a player's app (docs/performance.md, "SSH
load"), and most updates change one or two of its rows. A `KeptLines`
widget gives its content as a list of one-line rich `Text`s; each line is
turned into cells by Textual's own pipeline (so it looks the same), alone,
and the cells are kept by what the line draws: a line that did not change,
or only moved up or down, costs nothing to draw again.

The lines must not wrap (the widget's `text-wrap: nowrap`). Mouse text
selection is off in such a panel: a kept line's cells carry the offsets of
the line alone, not of its place in the panel.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize

from tui.widgets.quiet import content_key

#: lines kept per widget (its lines now, and those of a few earlier updates)
KEPT = 256


class KeptLines:
    """Mixin for a `Widget` (put before it among the bases; not a widget
    itself, so Textual's class settings such as `can_focus` stay the
    widget's own): draws `content_lines()` through the line API, the cells
    kept per line."""

    ALLOW_SELECT = False

    def content_lines(self) -> list[Text]:
        """The lines shown now, top to bottom (each subclass's own)."""
        raise NotImplementedError

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        self._kept_now = None  # the lines are asked for again at the next paint
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def measured_at_another_width(self, width: int) -> bool:
        """Whether the lines were worked out for another width than `width`
        (a subclass that wraps: then they are asked for again)."""
        return False

    def _lines_now(self, width: int) -> list[Text]:
        kept = getattr(self, "_kept_now", None)
        if kept is None or kept[0] != width or self.measured_at_another_width(width):
            kept = self._kept_now = (width, self.content_lines())
        return kept[1]

    def render_line(self, y: int) -> Strip:
        width = self.size.width  # type: ignore[attr-defined]
        style = self.visual_style  # type: ignore[attr-defined]
        lines = self._lines_now(width)
        if y >= len(lines) or width <= 0:
            return Strip.blank(width, style.rich_style)
        line = lines[y]
        kept: dict[Any, Strip] | None = getattr(self, "_kept_cells", None)
        if kept is None:
            kept = self._kept_cells = {}
        key = (content_key(line), width, style)
        strip = kept.get(key)
        if strip is None:
            strips = Visual.to_strips(self, visualize(self, line), width, 1, style)
            strip = strips[0] if strips else Strip.blank(width, style.rich_style)
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))  # the oldest kept
            kept[key] = strip
        return strip
