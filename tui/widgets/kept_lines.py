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

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Static

from tui.widgets.quiet import content_key

#: lines kept per widget (its lines now, and those of a few earlier updates)
KEPT = 256


class KeptLines:
    """Mixin for a `Widget` (put before it among the bases; not a widget
    itself, so Textual's class settings such as `can_focus` stay the
    widget's own): draws `content_lines()` through the line API, the cells
    kept per line."""

    ALLOW_SELECT = False

    def content_lines(self) -> list[Text] | list[Text | tuple[Text, ...]]:
        """The lines shown now, top to bottom (each subclass's own); a line
        may be a tuple of parts, drawn as the parts one after another."""
        raise NotImplementedError

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        self._kept_now = None  # the lines are asked for again at the next paint
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def measured_at_another_width(self, width: int) -> bool:
        """Whether the lines were worked out for another width than `width`
        (a subclass that wraps: then they are asked for again)."""
        return False

    def _lines_now(self, width: int) -> list[Text] | list[Text | tuple[Text, ...]]:
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
        return self._kept_strip(lines[y], width, style)

    def _kept_strip(self, line: Text | tuple[Text, ...], width: int, style: Any) -> Strip:
        """A line's cells, kept. A line given as a tuple of parts (a row of
        cards) is drawn part by part, each part kept alone, and joined: a
        row where one card changed draws that card only. Parts wider
        together than the widget are drawn as one line (cut as Textual cuts
        it)."""
        kept: dict[Any, Strip] | None = getattr(self, "_kept_cells", None)
        if kept is None:
            kept = self._kept_cells = {}
        key = (content_key(line), width, style)
        strip = kept.get(key)
        if strip is None:
            if isinstance(line, tuple):
                strip = self._joined(line, width, style)
                if strip.cell_length > width:
                    strip = self._draw_line(Text.assemble(*line), width, style)
            else:
                strip = self._draw_line(line, width, style)
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))  # the oldest kept
            kept[key] = strip
        return strip

    def _joined(self, parts: tuple[Text, ...], width: int, style: Any) -> Strip:
        """The parts' cells one after another, cut into segments where
        Textual cuts the parts drawn as one line: at every style's start
        and end, not where two unstyled parts meet."""
        segments: list[Segment] = []
        open_end = False  # the last part ends unstyled
        for part in parts:
            if not part.cell_len:
                continue
            drawn = list(self._kept_strip(part, width, style))
            styled = bool(part.style)
            if open_end and drawn and not styled and not any(
                    span.start == 0 for span in part.spans):
                last = segments.pop()
                drawn[0] = Segment(last.text + drawn[0].text, last.style, last.control)
            segments.extend(drawn)
            open_end = not styled and not any(span.end >= len(part) for span in part.spans)
        return Strip(segments)

    def _draw_line(self, line: Text, width: int, style: Any) -> Strip:
        strips = Visual.to_strips(self, visualize(self, line), width, 1, style)
        return strips[0] if strips else Strip.blank(width, style.rich_style)


class KeptStatic(Static):
    """A `Static` showing a rich `Text` of lines (joined with newlines)
    that keeps each line's cells while the line stays the same.

    Textual wraps a `Static`'s content line by line; here each line is
    wrapped and turned into cells by Textual's own pipeline alone, and its
    rows are kept by what the line draws, so an update that changes one
    player's row of a table converts that row only. The content's height
    is counted from the same kept rows (no second wrapping of the whole
    content for the layout). Content other than a `Text` is drawn as a
    `Static` draws it. Mouse text selection is off (see the module)."""

    ALLOW_SELECT = False

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """`Static.update`, without turning a rich `Text` into Textual's
        content at once: the kept rows draw it line by line, and the whole
        content is made only if something asks for it (`Static.visual`
        makes it then). Overseers' table spent half a millisecond an
        update on it."""
        if not isinstance(content, Text):
            super().update(content, layout=layout)
            return
        self._Static__content = content
        self._Static__visual = None
        self.refresh(layout=layout)

    def _paragraphs(self) -> list[Text] | None:
        """The content's lines, or None when it is not a rich `Text`."""
        content = self.content
        if not isinstance(content, Text):
            return None
        split = getattr(self, "_kept_split", None)
        if split is None or split[0] is not content:
            split = self._kept_split = (content, content.split("\n", allow_blank=True))
        return split[1]

    def _paragraph_rows(self, line: Text, width: int, style: Any) -> list[Strip]:
        kept: dict[Any, list[Strip]] | None = getattr(self, "_kept_rows", None)
        if kept is None:
            kept = self._kept_rows = {}
        key = (content_key(line), width, style)
        rows = kept.get(key)
        if rows is None:
            rows = Visual.to_strips(self, visualize(self, line), width, None, style)
            if len(kept) >= KEPT:
                kept.pop(next(iter(kept)))  # the oldest kept
            kept[key] = rows
        return rows

    def _rows_at(self, width: int) -> list[Strip] | None:
        paragraphs = self._paragraphs()
        if paragraphs is None:
            return None
        style = self.visual_style
        now = getattr(self, "_kept_now", None)
        if now is not None and now[0] is paragraphs and now[1] == width and now[2] == style:
            return now[3]
        rows = [row for line in paragraphs for row in self._paragraph_rows(line, width, style)]
        self._kept_now = (paragraphs, width, style, rows)
        return rows

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        rows = self._rows_at(width) if width > 0 else None
        if rows is None:
            return super().get_content_height(container, viewport, width)
        return len(rows)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._rows_at(width) if width > 0 else None
        if rows is None:
            return super().render_line(y)
        if y >= len(rows):
            return Strip.blank(width, self.visual_style.rich_style)
        return rows[y]
