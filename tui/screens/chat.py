"""Chat at a shared table (or in the lobby): the lines so far and a box to
type one. Enter sends; Escape or F2 closes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from host.messages import MAX_CHAT
from tui.screens.dialog import Dialog
from tui.widgets.gamelog import GameLog
from tui.widgets.limited_input import TalkInput

#: the quiet lines between what was said before this connection came (the
#: hub marks it "earlier": kept over a restart, or said while away) and after
EARLIER = Text.styled("— earlier —", "dim")  # (a span: the log draws no base style)
NOW = Text.styled("— now —", "dim")


def with_dividers(lines: Sequence[str], earlier: Sequence[bool]) -> tuple[str | Text, ...]:
    """`lines` as shown: a divider above each run of earlier lines, and
    above the first line said live after one (`earlier`: a flag a line)."""
    shown: list[str | Text] = []
    last = False
    for n, line in enumerate(lines):
        old = n < len(earlier) and earlier[n]
        if old != last and (old or shown):
            shown.append(EARLIER if old else NOW)
        last = old
        shown.append(line)
    return tuple(shown)


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
        self, where: str, lines: list[str], send: Callable[[str], bool | None], where_id: str | None = None,
        earlier: Sequence[bool] = (), draft: str = "",
    ) -> None:
        super().__init__()
        self.where = where
        #: the table this chat is at (None: the lobby)
        self.where_id = where_id
        self.lines = lines
        #: a flag a line: said before this connection came
        self.earlier = earlier
        self._send = send
        #: a line typed here before and not sent (`draft`), back in the box
        self._draft = draft

    def compose_dialog(self) -> ComposeResult:
        with Vertical(id="chat"):
            yield GameLog(id="chat-lines")
            yield Static(f"Chat {self.where}: Enter sends, Escape closes.", id="chat-hint")
            yield TalkInput(value=self._draft, placeholder=f"Say something ({MAX_CHAT} characters at most)",
                            id="chat-input")

    def on_mount(self) -> None:
        self.query_one("#chat", Vertical).border_title = f"Chat {self.where}"
        # the lines said before it opened (`show` waits for the screen to be
        # mounted, which it is only once this handler has run: they stayed
        # out of sight until a new line came)
        self.query_one(GameLog).set_lines(with_dividers(self.lines, self.earlier))
        self.query_one(Input).focus()

    def show(self, lines: list[str], earlier: Sequence[bool] = ()) -> None:
        self.lines, self.earlier = lines, earlier
        if self.is_mounted:
            self.query_one(GameLog).set_lines(with_dividers(lines, earlier))

    def draft(self) -> str:
        """What is typed in the box and not sent yet."""
        fields = self.query(Input)
        return fields.first(Input).value.strip() if fields else self._draft

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text and self._send(text) is False:
            return  # not sent (too soon after the last lines): kept to send again
        event.input.value = ""

    def action_close(self) -> None:
        self.dismiss(None)
