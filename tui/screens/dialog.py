"""A dialog over another screen, with the footer of its own keys.

A dialog (`ModalScreen`) leaves the screen underneath in sight, its footer
included: that footer kept showing the game's keys, which do nothing while
the dialog is up, and a new player read them. Every dialog is a `Dialog`:
its own footer, docked at the foot, covers the one underneath and shows the
dialog's keys (y, n, Escape...) and the app's (F1).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen, ScreenResultType

from tui.widgets.footer import Footer


class Dialog(ModalScreen[ScreenResultType]):
    """A modal screen that shows its own keys at the foot (see the module).
    A subclass composes its content in `compose_dialog`, not `compose`."""

    def compose(self) -> ComposeResult:
        yield from self.compose_dialog()
        yield Footer(compact=True)

    def compose_dialog(self) -> ComposeResult:
        """The dialog's widgets (the footer follows them)."""
        yield from ()


__all__ = ["Dialog"]
