"""Lists whose highlight reads without colour: under NO_COLOR app.tcss
draws it reversed, and Textual 8.2 drops `text-style: reverse` from an
option list's lines (`Widget.get_visual_style` keeps bold, dim, italic,
underline and strike only). These lists keep it. DataTable keeps it
itself.

Kept outside `tui.widgets`, whose package imports the rules core: the home
screen's first frame loads no rules (tests/test_install.py).
"""

from __future__ import annotations

from textual.style import Style
from textual.widgets import OptionList, Select
from textual.widgets._select import SelectCurrent, SelectOverlay

_REVERSE = Style(reverse=True)


class KeepsReverse:
    """A widget's line styles with their component's reverse (an option
    list's lines, a checkbox's label)."""

    def get_visual_style(self, *component_classes: str, partial: bool = False) -> Style:
        style = super().get_visual_style(  # type: ignore[misc]
            *component_classes, partial=partial)
        if any(self.get_component_styles(name).text_style.reverse  # type: ignore[attr-defined]
               for name in component_classes):
            style += _REVERSE
        return style


class Menu(KeepsReverse, OptionList):
    """An `OptionList` whose highlight reads without colour."""

    # Never narrower than its border, scrollbar and option padding: in a
    # terminal a few columns wide Textual wrapped the options at a width of
    # 0 and raised (the too-small cover is pushed only after a layout).
    DEFAULT_CSS = """
    Menu {
        min-width: 10;
    }
    """


class _Overlay(KeepsReverse, SelectOverlay):
    """A dropdown's open list, whose highlight reads without colour."""


class Dropdown(Select):
    """A `Select` whose open list's highlight reads without colour."""

    def compose(self):  # as Select's, with the list above
        yield SelectCurrent(self.prompt)
        yield _Overlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)
