"""A cover shown while the terminal is smaller than Overtable's minimum."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24


def message(width: int, height: int) -> str:
    return (
        f"Overtable needs at least {MIN_WIDTH}x{MIN_HEIGHT}; "
        f"this terminal is {width}x{height}.\n\nEnlarge the window to carry on "
        "(nothing is lost), or press ctrl+q to quit."
    )


class TooSmallScreen(Screen):
    """Hides a screen that would not fit; the app lifts it when enlarged."""

    DEFAULT_CSS = """
    /* never scrolls: at 20x5 a scrollbar block ("▄▄") was drawn over the text */
    TooSmallScreen { align: center middle; overflow: hidden; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; padding: 0 1; text-align: center; }
    /* notices drawn here cut the message (the rack sets its own display) */
    TooSmallScreen Toast { visibility: hidden; }
    """

    BINDINGS = [("ctrl+q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        width, height = self.app.size
        yield Static(message(width, height), id="too-small")

    def on_resize(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small", Static).update(message(width, height))
