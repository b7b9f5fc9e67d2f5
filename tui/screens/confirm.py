"""A small yes/no (or OK) dialog."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tui import resources
from tui.bindings import relabel
from tui.plain import plain
from tui.screens.dialog import Dialog


class ConfirmScreen(Dialog[bool]):
    """Ask a question; dismisses with True (yes) or False (no). Its footer
    names y and n as its buttons do ("y Discard  n Keep editing")."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "no", "No"),
        Binding("escape,q,backspace", "answer(False)", "Cancel"),
        Binding("left,right", "app.focus_next", "Switch", show=False),
    ]

    def __init__(self, title: str, text: str, *, yes: str = "Yes", no: str | None = "No") -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.yes = yes
        self.no = no
        # the footer says what y and n do here, in the buttons' words
        relabel(self, "answer(True)", yes)
        relabel(self, "no", no or "")
        if no is None:  # one button: Escape closes, as OK does
            relabel(self, "answer(False)", "Close", keys=("escape",))

    def compose_dialog(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # the text often quotes a file or a message: shown as it is, never as markup
            yield Static(plain(self.title_text), id="dialog-title")
            yield Static(plain(self.text), id="dialog-text")
            with Horizontal(id="dialog-buttons"):
                yield Button(f"{self.yes} (y)" if self.no else self.yes, id="yes", variant="primary")
                if self.no is not None:
                    yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        # The safe choice has the focus: Enter on a deletion does not delete.
        self.query_one("#no" if self.no is not None else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_no(self) -> None:
        self.dismiss(False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """n answers no only where there is a No (an OK dialog has none)."""
        if action == "no":
            return self.no is not None
        return True
