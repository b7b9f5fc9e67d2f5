"""Whether what a screen draws fits where it is drawn.

`overflows(screen)` walks a mounted screen's widgets and lists every one
whose content is wider than the room it has, so that the end of a line
would be cut off (or a panel would reach past its neighbour's edge):

- a line of text that may not wrap (a rich `Text` with ``no_wrap`` or an
  ellipsis/crop overflow, or a widget styled ``text-wrap: nowrap``) longer
  than the widget's content width;
- a scrolling widget whose content is wider than its viewport (nothing at
  80x24 should need a horizontal scroll);
- a widget reaching past the right or bottom edge of its parent's region
  (it is clipped there).

Each entry names the widget by its path from the screen.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.scroll_view import ScrollView
from textual.widget import Widget


def path_of(widget: Widget) -> str:
    parts = []
    node: Any = widget
    while node is not None and isinstance(node, Widget):
        parts.append(f"{type(node).__name__}{'#' + node.id if node.id else ''}")
        node = node.parent
    return " < ".join(parts)


def _lines(renderable: Any) -> list[tuple[str, int]] | None:
    """(text, cells) of each line a renderable will not wrap; None when it wraps."""
    if isinstance(renderable, Text):
        if not renderable.no_wrap and renderable.overflow not in ("ellipsis", "crop"):
            return None
        return [(line.plain, line.cell_len) for line in renderable.split("\n", allow_blank=True)]
    return None


def _shown(widget: Widget) -> bool:
    node: Any = widget
    while isinstance(node, Widget):
        if not node.display or not node.visible:
            return False
        node = node.parent
    return widget.region.width > 0 and widget.region.height > 0


def overflows(screen: Any) -> list[str]:
    """Every widget of `screen` whose content does not fit (see the module)."""
    found: list[str] = []
    for widget in screen.walk_children(Widget):
        if not _shown(widget):
            continue
        where = path_of(widget)
        width = widget.content_region.width
        if isinstance(widget, ScrollView | ScrollableContainer) or widget.styles.overflow_x in (
            "auto", "scroll"
        ):
            inner = widget.scrollable_content_region.width
            if widget.virtual_size.width > inner and widget.max_scroll_x > 0:
                found.append(f"{where}: content {widget.virtual_size.width} wide in {inner}")
        parent = widget.parent
        if isinstance(parent, Widget) and _shown(parent) and not isinstance(
            parent, ScrollView | ScrollableContainer
        ):
            outer = parent.region
            if widget.region.right > outer.right or widget.region.bottom > outer.bottom:
                found.append(f"{where}: reaches past {type(parent).__name__} "
                             f"({widget.region} in {outer})")
        try:
            renderable = widget.render()
        except Exception:  # a widget that renders only by lines
            continue
        nowrap = widget.styles.text_wrap == "nowrap"
        if isinstance(renderable, Content) and nowrap:
            lines = [(line.plain, line.cell_length) for line in renderable.split("\n")]
        elif isinstance(renderable, str) and nowrap:
            lines = [(line, len(line)) for line in renderable.split("\n")]
        elif isinstance(renderable, Text) and nowrap:
            lines = [(line.plain, line.cell_len) for line in renderable.split("\n", allow_blank=True)]
        else:
            lines = _lines(renderable)
        for text, cells in lines or ():
            if cells > width:
                found.append(f"{where}: a line of {cells} cells in {width}: {text.strip()[:60]!r}")
    return found


__all__ = ["overflows", "path_of"]
