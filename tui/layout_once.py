"""One layout pass where Textual makes two (installed by `OvertableApp`).

Kept outside `tui.widgets` so that the app imports it without the widgets
package (whose score pad imports the rules core): the home screen's first
frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget

_size_updated = Widget._size_updated


def _size_updated_once(
    self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
) -> bool:
    """`Widget._size_updated`, without asking for a second layout. A layout
    that resizes a widget sets its new virtual size through a reactive that
    lays the whole screen out again and repaints the widget once more: the
    second layout changes nothing, and the repaint sends the same cells to
    the terminal again. A container that scrolls does not need it either:
    whether its scrollbars show is worked out from the new virtual size in
    the same call (`_scroll_update`), and a scrollbar that comes or goes
    asks for its own layout (`show_vertical_scrollbar` is a layout
    reactive); nothing in Textual or here watches `virtual_size`."""
    return _size_updated(self, size, virtual_size, container_size, False)


def lay_out_once() -> None:
    """Make every layout settle in one pass (see `_size_updated_once`).
    Textual's version is pinned (pyproject.toml); a test checks that a layout
    resizing a panel is followed by no second one."""
    Widget._size_updated = _size_updated_once  # type: ignore[method-assign]
