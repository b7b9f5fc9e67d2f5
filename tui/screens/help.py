"""F1 / ?: the keys of the screen underneath."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from tui import resources

#: keys every screen understands (the app's own)
GLOBAL_KEYS = [
    ("f1 / ?", "This help"),
    ("ctrl+p", "Command palette: new match, continue, saved, rules, theme, quit"),
    ("tab / shift+tab", "Move between controls"),
    ("arrows, enter", "Choose; the mouse works too"),
    ("ctrl+t", "Switch colour / ANSI theme"),
    ("ctrl+q", "Quit (every match is saved)"),
]


#: keys GLOBAL_KEYS already explains (the app's and Textual's own bindings)
_GLOBAL = {"f1", "question_mark", "ctrl+t", "ctrl+p", "tab", "shift+tab", "ctrl+c", "super+c", "ctrl+q"}


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """(key, description) for every binding active on `screen`, footer order."""
    rows: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    app = screen.app
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not binding.description or binding.system or key in _GLOBAL:
            continue
        label = app.get_key_display(binding)
        item = (binding.action, binding.description)
        if item in seen:
            # several keys for one action: show them together
            for i, (keys, text) in enumerate(rows):
                if text == binding.description:
                    rows[i] = (f"{keys} / {label}", text)
            continue
        seen.add(item)
        rows.append((label, binding.description))
    return rows


class HelpScreen(ModalScreen[None]):
    """Lists the keys of the screen it was opened over."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    BINDINGS = [
        Binding("escape,q,f1,question_mark,enter,backspace", "close", "Close"),
    ]

    def __init__(self, over: Screen) -> None:
        super().__init__()
        self.over = over

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            name = getattr(self.over, "HELP_TITLE", None) or type(self.over).__name__.removesuffix(
                "Screen"
            )
            yield Static(f"Keys: {name}", id="help-title")
            yield DataTable(id="help-keys", cursor_type="row", zebra_stripes=True)
            yield Static("Press Escape, q or F1 to close.", id="help-hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Key", "Does")
        for key, text in screen_keys(self.over):
            table.add_row(key, text)
        for key, text in GLOBAL_KEYS:
            table.add_row(key, text)
        table.focus()

    def action_close(self) -> None:
        self.dismiss()
