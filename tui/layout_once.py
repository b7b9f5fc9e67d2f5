"""One layout pass where Textual makes two (installed by `OvertableApp`).

Kept outside `tui.widgets` so that the app imports it without the widgets
package (whose score pad imports the rules core): the home screen's first
frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from typing import Any

from textual import messages
from textual._compositor import Compositor, ReflowResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

_size_updated = Widget._size_updated
_reflow = Compositor.reflow
_check_refresh = Widget._check_refresh
_on_layout = Screen._on_layout


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


def _reflow_counted(self: Compositor, parent: Widget, size: Size) -> ReflowResult:
    """`Compositor.reflow`, counted: a screen's every full layout."""
    self._overtable_reflows = getattr(self, "_overtable_reflows", 0) + 1  # type: ignore[attr-defined]
    return _reflow(self, parent, size)


def _check_refresh_noted(self: Widget) -> None:
    """`Widget._check_refresh`, noting how many layouts its screen had made
    when the widget sends its request for one (`_on_layout_once`)."""
    if self._layout_required and self._parent is not None:
        try:
            compositor = self.screen._compositor
        except Exception:  # no screen (yet, or any more): nothing to note
            self._overtable_asked_at = None  # type: ignore[attr-defined]
        else:
            self._overtable_asked_at = (  # type: ignore[attr-defined]
                compositor, getattr(compositor, "_overtable_reflows", 0))
    _check_refresh(self)


async def _on_layout_once(self: Screen, message: messages.Layout) -> None:
    """`Screen._on_layout`, except for a request that a layout made since it
    was sent has answered. A widget asks for a layout when it next idles,
    after clearing its containers' arranged places; when many widgets change
    at once (an update, a combat coming up over the table) the screen may
    lay out before the last request reaches it, and that layout, which
    arranges the whole screen from the widgets as they are, already has the
    change: Textual laid the screen out a second time for it, and sent its
    frame."""
    asked: Any = getattr(message.widget, "_overtable_asked_at", None)
    compositor = self._compositor
    if asked is not None and asked[0] is compositor and asked[1] < getattr(
            compositor, "_overtable_reflows", 0):
        message.stop()
        message.prevent_default()
        return
    await _on_layout(self, message)


def lay_out_once() -> None:
    """Make every layout settle in one pass (see `_size_updated_once` and
    `_on_layout_once`). Textual's version is pinned (pyproject.toml); tests
    check that a layout resizing a panel is followed by no second one, and
    that a request a layout has answered asks for none."""
    Widget._size_updated = _size_updated_once  # type: ignore[method-assign]
    Compositor.reflow = _reflow_counted  # type: ignore[method-assign]
    Widget._check_refresh = _check_refresh_noted  # type: ignore[method-assign]
    Screen._on_layout = _on_layout_once  # type: ignore[method-assign]
