"""Textual's work done once where it does it twice: layouts and styles
(installed by `OvertableApp`, `lay_out_once` and `style_once`).

Kept outside `tui.widgets` so that the app imports it without the widgets
package (whose score pad imports the rules core): the home screen's first
frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual._compositor import Compositor
from textual._context import NoActiveAppError
from textual.css.model import SelectorType
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

_size_updated = Widget._size_updated
_screen_resized = Screen._screen_resized
_post_message = Screen.post_message
_watch_has_focus = Widget.watch_has_focus
_full_map = Compositor.full_map.fget


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
    again); a new size is laid out as before.

    The size laid out is the terminal's now: a Resize handled late carries
    a size it no longer has (a layout that changes the screen's own size
    posts the screen a Resize of it). Laid out at it, the screen posted
    itself that stale size again; two such, apart in its queue, laid it out
    at each in turn for ever (Textual's own method too), and a screen that always has a message never
    lets another task run (a terminal shrunk to 1x1, the too-small cover
    pushed and lifted before the screen caught up)."""
    size = self.app.size
    if self._compositor.size == size and (
            self.is_current or not (self._layout_required or self._layout_widgets)):
        return
    _screen_resized(self, size)


def _full_map_marking_changes(self: Compositor) -> Any:
    """`Compositor.full_map`, whose lazy rebuild marks what moved or went
    as needing a repaint, as a layout's reflow does. A widget that asks
    where it is between a removal and the layout that follows rebuilds the
    map: the layout then finds nothing changed, and the removed widget's
    cells stayed on the terminal. Textual's second layout (above) repainted
    its container by chance; without it a notice stayed on screen after its
    time, until something else drew over it."""
    if self.root is None or not self._full_map_invalidated:
        return _full_map(self)
    old = self._full_map
    new = _full_map(self)
    if self.size.region not in self._dirty_regions:
        self._dirty_regions.update(
            region for region in (geometry.clip.intersection(geometry.region)
                                  for _, geometry in new.items() ^ old.items()) if region)
    return new


def lay_out_once() -> None:
    """Make every layout settle in one pass (see `_size_updated_once` and
    `_screen_resized_once`). Textual's version is pinned (pyproject.toml);
    tests check that a layout resizing a panel is followed by no second one,
    and that a dialog is laid out once when it opens."""
    Widget._size_updated = _size_updated_once  # type: ignore[method-assign]
    Screen._screen_resized = _screen_resized_once  # type: ignore[method-assign]
    Compositor.full_map = property(_full_map_marking_changes)  # type: ignore[assignment,method-assign]


def _post_message_styled_once(self: Screen, message: Any) -> bool:
    """`Screen.post_message`, where the first `ScreenResume` (the screen
    pushed) does not style every widget of the screen again: each is styled
    as it is mounted, after the screen's stylesheet was read. Textual
    restyles a screen each time it is pushed; a screen pushed again (shown
    anew after other screens, the theme perhaps changed) is still restyled.
    At the end of a match (the results and a dialog over them) it was a
    fifth of the app's CPU."""
    if isinstance(message, events.ScreenResume) and not getattr(self, "_resumed_once", False):
        self._resumed_once = True
        message.refresh_styles = False
        # The screen itself was styled before its CSS_PATH was read (at the
        # push, just before this message): that one node is styled again.
        self.app.stylesheet.update_nodes((self,))
    return _post_message(self, message)


#: the stylesheet rules last read (the list itself: a new list is a new
#: parse) and their selectors whose :focus styles something inside the
#: focused widget (`X:focus > Y`)
_focus_inside: list[Any] = [None, ()]


def _styles_inside_by_focus(widget: Widget) -> bool:
    """Whether a rule of the app's stylesheet styles what is inside
    `widget` by its focus: a selector with :focus that is not the last of
    its chain and that matches the widget (by type, class, id, or `*`)."""
    rules = widget.app.stylesheet.rules
    if _focus_inside[0] is not rules:
        _focus_inside[:] = [rules, tuple(
            selector
            for rule in rules
            for chain in rule.selector_set
            for selector in chain.selectors[:-1]
            if "focus" in selector.pseudo_classes
        )]
    return any(_named(selector, widget) for selector in _focus_inside[1])


def _named(selector: Any, widget: Widget) -> bool:
    """Whether `selector`'s type, class or id names `widget` (or it is
    `*` or `&`), whatever its pseudo-classes: at a blur the widget no
    longer has the :focus that `Selector.check` would look for."""
    kind, name = selector.type, selector.name
    if kind is SelectorType.TYPE:
        return name in widget._css_type_names
    if kind is SelectorType.CLASS:
        return name in widget.classes
    if kind is SelectorType.ID:
        return widget.id == name
    return True  # universal, nested


def _watch_has_focus_here(self: Widget, has_focus: bool) -> None:
    """`Widget.watch_has_focus`, restyling the widget alone when no rule
    styles what is inside it by its focus. Textual restyles the widget and
    everything inside it: the results' scrolling column, focused as they
    open, restyled every line of the results again (and a panel focused at
    each turn, every card in it). A panel's :focus-within is the screen's
    own update, kept."""
    try:
        inside = _styles_inside_by_focus(self)
    except NoActiveAppError:  # as Textual's: no app, nothing to style
        return
    if inside:
        _watch_has_focus(self, has_focus)
    else:
        self.app.stylesheet.update_nodes((self,), animate=True)


def _widget_classes() -> list[type[Widget]]:
    """Every widget class imported so far (screens included), in a fixed
    order."""
    found: set[type[Widget]] = set()
    todo: list[type[Widget]] = [Widget]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__qualname__))


def widgets_default_css() -> list[tuple[Any, str, int, str]]:
    """The default CSS (Textual's `_get_default_css` tuples) of every widget
    class imported so far whose rules are all scoped to its own type, for a
    stylesheet to parse at once. Textual adds a class's default CSS when its
    first widget mounts, and the next styling then parses the stylesheet's
    rules anew: at the end of a match the results' tables and buttons did
    that a few times over. A class with unscoped rules is left to its first
    mount (read now, its rules would style widgets it never touches)."""
    found: dict[Any, tuple[Any, str, int, str]] = {}
    for cls in _widget_classes():
        # the tuples depend on the class alone; an instance built without
        # __init__ is only what the method reads its class from
        sources = cls._get_default_css(object.__new__(cls))
        if any(not scope for _, _, _, scope in sources):
            continue
        for source in sources:
            read_from, _, tie_breaker, _ = source
            # the lowest tie-breaker wins, as Textual keeps it (a base's CSS
            # read for a subclass ranks below the subclass's own)
            if read_from not in found or tie_breaker < found[read_from][2]:
                found[read_from] = source
    return list(found.values())


def style_once() -> None:
    """Style each widget once where Textual styles it again for nothing
    (`_post_message_styled_once`, `_watch_has_focus_here`). Textual's version
    is pinned (pyproject.toml); tests check that a pushed screen's widgets
    are not styled again, that a rule with `X:focus > Y` still reaches Y,
    and that a focused container's own :focus style follows its focus."""
    Screen.post_message = _post_message_styled_once  # type: ignore[method-assign]
    Widget.watch_has_focus = _watch_has_focus_here  # type: ignore[method-assign]
