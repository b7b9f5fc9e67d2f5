"""Skipping redraws that would show the same thing.

Every update redraws a game screen from scratch, but most panels look the
same as before. Setting a widget's content asks Textual to lay out the whole
screen again and repaint it in full; that is most of what an update costs a
player's app (docs/performance.md, "SSH load"). These helpers compare what
is about to be shown with what is shown, strictly (a rich `Text`'s base
style, justification and wrapping count, not only its characters and
spans), and leave the widget alone when nothing differs.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rich.text import Text
from textual.css.scalar import Unit
from textual.widget import Widget
from textual.widgets import Static

#: the units of a height that is a share of the parent's (`min-height: 100%`)
_SHARES = (Unit.PERCENT, Unit.HEIGHT)


def content_key(value: Any) -> Any:
    """A value equal for two contents exactly when they draw the same:
    rich `Text` by all it draws with, dataclasses field by field, sequences
    item by item, anything else as itself."""
    if isinstance(value, Text):
        return (Text, value.plain, tuple(value.spans), value.style, value.justify,
                value.overflow, value.no_wrap, value.end, value.tab_size)
    if isinstance(value, (tuple, list)):
        return tuple(content_key(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value), *(content_key(getattr(value, f.name)) for f in dataclasses.fields(value)))
    return value


def update_static(widget: Static, content: Any) -> None:
    """`widget.update(content)`, unless it already shows the same content
    (set through here, and not replaced since by another `update`); a
    layout of the screen only if the widget's size may change."""
    key = content_key(content)
    shown = getattr(widget, "_quiet_shown", None)
    if shown is not None and shown[0] is widget.content and shown[1] == key:
        return
    widget.update(content, layout=False)
    widget._quiet_shown = (widget.content, key)  # type: ignore[attr-defined]
    relayout_if_resized(widget)


def set_border(widget: Widget, title: Any = ..., subtitle: Any = ...) -> None:
    """Set `widget`'s border title and subtitle (those given), each only if
    it differs from the one shown: Textual repaints the whole widget for
    every title set, the same or not."""
    for name, value in (("border_title", title), ("border_subtitle", subtitle)):
        if value is ...:
            continue
        key = content_key(value)
        shown = getattr(widget, f"_quiet_{name}", None)
        if shown is not None and shown[0] == key and shown[1] is getattr(widget, f"_{name}"):
            continue
        setattr(widget, name, value)
        setattr(widget, f"_quiet_{name}", (key, getattr(widget, f"_{name}")))


def relayout_if_resized(widget: Widget) -> None:
    """After a widget's content changed: repaint it, and lay
    the screen out again only if the widget's size may change with it. It
    keeps its size when its width does not follow its content and its
    height is fixed, or is its content's height (at least its minimum
    height) and that is the same at the width it has."""
    widget.refresh()  # repaints, and forgets the content's measured size
    styles = widget.styles
    size = widget.content_size
    if widget.is_mounted and not widget.display:
        return  # hidden: shown again, it is laid out then
    if not widget.is_mounted or size.width <= 0:
        widget.refresh(layout=True)
        return
    width, height = styles.width, styles.height
    if width is not None and width.is_auto:
        widget.refresh(layout=True)
        return
    if height is not None and not height.is_auto:
        return  # a fixed height (cells, a fraction, a percentage)
    if height is None:
        widget.refresh(layout=True)
        return
    content = widget.get_content_height(size, size, size.width)
    floor = styles.min_height
    if floor is not None and floor.is_cells:  # a minimum height in lines
        content = max(content, int(floor.value) - widget.gutter.height)
    elif floor is not None and floor.unit in _SHARES and isinstance(widget.parent, Widget):
        # a share of the parent's height (Overseers' rows fill their
        # panel), resolved as Textual lays the parent's children out
        room = widget.parent.scrollable_content_region.size
        content = max(content, int(floor.resolve(room, widget.app.size)) - widget.gutter.height)
    if content != size.height:
        widget.refresh(layout=True)
