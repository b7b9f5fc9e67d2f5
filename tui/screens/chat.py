"""Chat at a shared table (or in the lobby): the lines so far and a box to
type one. Enter sends; Escape or F2 closes."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from host.messages import MAX_CHAT
from tui.screens.dialog import Dialog
from tui.widgets.gamelog import GameLog
from tui.widgets.limited_input import TalkInput


class ChatScreen(Dialog[None]):
    """A chat box over the table; `send` takes a line to send."""

    DEFAULT_CSS = """
    ChatScreen { align: center middle; }
    ChatScreen #chat { width: 72; max-width: 100%; height: 18; border: round $primary;
                       background: $surface; padding: 0 1; }
    ChatScreen #chat-lines { height: 1fr; }
    ChatScreen #chat-hint { color: $text-muted; height: 1; }
    """

    HELP_TITLE = "Chat"

    BINDINGS = [
        Binding("escape,f2", "close", "Close"),
    ]

    def __init__(
        self, where: str, lines: list[str], send: Callable[[str], bool | None], where_id: str | None = None
    ) -> None:
        super().__init__()
        self.where = where
        #: the table this chat is at (None: the lobby)
        self.where_id = where_id
        self.lines = lines
        self._send = send

    def compose_dialog(self) -> ComposeResult:
        with Vertical(id="chat"):
            yield GameLog(id="chat-lines")
            yield Static(f"Chat {self.where}: Enter sends, Escape closes.", id="chat-hint")
            yield TalkInput(placeholder=f"Say something ({MAX_CHAT} characters at most)",
                            id="chat-input")

    def on_mount(self) -> None:
        self.query_one("#chat", Vertical).border_title = f"Chat {self.where}"
        # the lines said before it opened (`show` waits for the screen to be
        # mounted, which it is only once this handler has run: they stayed
        # out of sight until a new line came)
        self.query_one(GameLog).set_lines(tuple(self.lines))
        self.query_one(Input).focus()

    def show(self, lines: list[str]) -> None:
        self.lines = lines
        if self.is_mounted:
            self.query_one(GameLog).set_lines(tuple(lines))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text and self._send(text) is False:
            return  # not sent (too soon after the last lines): kept to send again
        event.input.value = ""

    def action_close(self) -> None:
        self.dismiss(None)
