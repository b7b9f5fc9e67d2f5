"""A match being loaded: a long journal replays off the event loop, and the
player may go back meanwhile (the match stays saved as it is)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from tui import resources
from tui.plain import plain
from tui.screens.dialog import Dialog


class LoadingScreen(Dialog[None]):
    """"Loading…" while a journal replays; Escape goes back and the match,
    once loaded, is closed again instead of opened (`cancelled`)."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    BINDINGS = [
        Binding("escape,q,backspace", "back", "Back"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.match_name = name
        #: the player went back: the loaded match is not opened
        self.cancelled = False

    def compose_dialog(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Loading…", id="dialog-title")
            # a file's name: shown as it is, never as markup
            yield Static(plain(f"Replaying the long journal {self.match_name}. "
                               "Escape: back (the match stays saved)."), id="dialog-text")

    def action_back(self) -> None:
        self.cancelled = True
        self.dismiss(None)
