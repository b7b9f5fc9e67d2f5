"""The hand-over cover: at one terminal, hides one player's secrets from the next."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui import resources


class HandoverScreen(Screen):
    """Full-screen: "Pass to <name>"; Enter shows that player's view."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    HELP_TITLE = "Hand-over"

    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready", priority=True),
        Binding("q", "leave", "Home"),
    ]

    def __init__(self, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.player = name
        self._on_ready = on_ready

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(f"Pass to {self.player}", id="handover-name")
            yield Static(
                f"Only {self.player} should look now. Press Enter when ready.",
                id="handover-hint",
            )
            yield Button(f"I am {self.player}: show my view", id="ready", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        # Redraw the table for the new player while it is still covered.
        self._on_ready()
        self.dismiss()

    def action_leave(self) -> None:
        self.app.leave_table()  # type: ignore[attr-defined]
