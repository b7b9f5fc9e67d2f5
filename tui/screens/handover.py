"""The hand-over cover: at one terminal, hides one player's secrets from the next."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui import resources


class HandoverScreen(Screen):
    """Full-screen: "Pass to <name>"; Enter shows that player's view.

    `news`: what the last move revealed to the whole table (the public
    log's lines, no one's secret: the votes, the top rows, the cards
    chosen), which no one here has seen yet; the cover came up at once
    and hid it from the person whose choice revealed it."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    HELP_TITLE = "Hand-over"

    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready", priority=True),
        Binding("q", "leave", "Home"),
    ]

    def __init__(self, name: str, on_ready: Callable[[], None], *, grace: float = 0.0,
                 news: Sequence[str] = ()) -> None:
        super().__init__()
        self.player = name
        self.news = tuple(news)
        self._on_ready = on_ready
        #: seconds after the cover appears in which it cannot be lifted, so
        #: that the key that ended a turn, pressed twice or held, does not
        #: lift it before the next player has the keyboard
        self.grace = grace
        self._shown_at: float | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="handover"):
            yield Static(f"Pass to {self.player}", id="handover-name")
            if self.news:
                with VerticalScroll(id="handover-news"):
                    yield Static("Revealed to everyone:", id="handover-news-title")
                    for line in self.news:
                        yield Static(line, markup=False)
            yield Static(
                f"Only {self.player} should look now. Press Enter when ready.",
                id="handover-hint",
            )
            yield Button(f"I am {self.player}: show my view", id="ready", variant="primary",
                         disabled=self.grace > 0)
        yield Footer()

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()
        if self.grace > 0:
            self.set_timer(self.grace, self._allow)

    def _allow(self) -> None:
        self.query_one("#ready", Button).disabled = False

    def _too_soon(self) -> bool:
        shown = self._shown_at
        return shown is None or time.monotonic() - shown < self.grace

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        if self._too_soon():
            return  # a key meant for the last player's turn
        # Redraw the table for the new player while it is still covered.
        self._on_ready()
        self.dismiss()

    def action_leave(self) -> None:
        self.app.leave_table()  # type: ignore[attr-defined]
