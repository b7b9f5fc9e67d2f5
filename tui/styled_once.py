"""A widget styled once, when it is mounted (installed by `OvertableApp`).

Kept outside `tui.widgets`, like `tui.layout_once`, so that the app imports
it without the widgets package.
"""

from __future__ import annotations

from textual.app import App
from textual.dom import DOMNode

_update_node_styles = DOMNode.update_node_styles


def _update_mounted_node_styles(self: DOMNode, animate: bool = True) -> None:
    """`DOMNode.update_node_styles`, for nodes in the app only. Many widgets
    set a class as they are made (`compact=True` adds `-textual-compact`, a
    button's variant `-primary`...), and Textual then works out the styles
    of a widget that is in no screen yet: wasted, for the widget is styled
    again when it is mounted (`App._register` applies the stylesheet to each
    new widget, with every class it has by then). The new-match form made
    some twenty such widgets, a tenth of the time to its first frame."""
    if self._parent is None and not isinstance(self, App):
        return  # not mounted (yet, or any more): styled when it is
    _update_node_styles(self, animate)


def style_when_mounted() -> None:
    """Style each widget when it is mounted, not before (see
    `_update_mounted_node_styles`). Textual's version is pinned
    (pyproject.toml); tests/test_tui_new_match.py checks the form is styled
    as before and that no widget is styled before it is mounted."""
    DOMNode.update_node_styles = _update_mounted_node_styles  # type: ignore[method-assign]
