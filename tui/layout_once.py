"""One layout pass where Textual makes two (installed by `OvertableApp`).

Kept outside `tui.widgets` so that the app imports it without the widgets
package (whose score pad imports the rules core): the home screen's first
frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

_size_updated = Widget._size_updated
_screen_resized = Screen._screen_resized


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


def _screen_resized_once(self: Screen, size: Size) -> None:
    """`Screen._screen_resized`, without laying a screen out again at the
    size it was just laid out at. A screen's first layout sends every widget
    it shows a Resize, the screen's own included, and Textual's screen
    answers its Resize with a whole layout of itself and of every screen
    under it, all at the size they have: a dialog pushed over a game (Boss
    Quest's last combat, the help) was laid out twice and the game once
    more. A screen laid out at `size` is left as it is when a layout asked
    for since is one its update timer does (the current screen), or when
    none is pending (a screen underneath: its timer waits until it is on top
    again); a new size is laid out as before."""
    if self._compositor.size == size and (
            self.is_current or not (self._layout_required or self._layout_widgets)):
        return
    _screen_resized(self, size)


def lay_out_once() -> None:
    """Make every layout settle in one pass (see `_size_updated_once` and
    `_screen_resized_once`). Textual's version is pinned (pyproject.toml);
    tests check that a layout resizing a panel is followed by no second one,
    and that a dialog is laid out once when it opens."""
    Widget._size_updated = _size_updated_once  # type: ignore[method-assign]
    Screen._screen_resized = _screen_resized_once  # type: ignore[method-assign]
