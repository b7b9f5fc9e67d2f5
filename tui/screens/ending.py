"""How a match ended, over the results until a key is pressed.

When the others (bots, or players elsewhere) make the match's last moves
after your last decision, the results came up at once and those moves went
by unseen. A game screen that wants them told puts an `EndingScreen` in
`GameScreen.over_the_results`; `results.push_results` pushes it over the
results in the same turn of the event loop (as Boss Quest's last combat).
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.screens.dialog import Dialog


class OverTheResults(Dialog[None]):
    """A dialog over the results until a key is pressed (Boss Quest's last
    combat, the last moves of the others): opaque, so the results wait
    unseen behind it."""

    #: a dialog that waits for a key (tests press Enter)
    holds_the_table = True

    # (a class, so that the opaque background outranks ModalScreen's own)
    DEFAULT_CSS = """
    OverTheResults {
        align: center middle;
    }
    OverTheResults.-last {
        background: $background;  /* the results wait unseen behind it */
    }
    """

    def __init__(self) -> None:
        super().__init__(classes="-last")


class EndingScreen(OverTheResults):
    """The last moves of a match, as lines of the log, in a box titled
    `title`; Enter (Escape, space) shows the results behind it."""

    DEFAULT_CSS = """
    EndingScreen #ending {
        width: 100%;
        max-width: 90;
        height: auto;
        max-height: 1fr;
        border: round $accent;
        border-title-style: bold;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Go on"),
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, title: str, lines: list[str], *, go_on: str = "the results",
                 grace: float = 0.0) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        #: what Enter goes on to (the results; a round's recap: the next round)
        self.go_on = go_on
        #: Enter closes it only this long after it came up: the key of the
        #: move that ended a round, doubled, closed it unread
        self.grace = grace
        self._shown_at = 0.0

    def compose_dialog(self) -> ComposeResult:
        with VerticalScroll(id="ending"):
            yield Static(Text("\n").join(Text(x) for x in self.lines), id="ending-text")

    def on_mount(self) -> None:
        box = self.query_one("#ending", VerticalScroll)
        box.border_title = self.title_text
        box.border_subtitle = f"Enter: {self.go_on}"
        box.focus()
        self._shown_at = time.monotonic()

    def action_close(self) -> None:
        if time.monotonic() - self._shown_at < self.grace:
            return
        self.dismiss()

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#ending", VerticalScroll)
        if step < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()


__all__ = ["EndingScreen", "OverTheResults"]
