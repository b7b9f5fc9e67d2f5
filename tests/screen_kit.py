"""What every game screen's tests share: a stand-in table, an app that shows
one game screen with a fixed update, and the screen as plain text."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from textual.app import App

from tui.screens.game import GameScreen, TableUpdate


class FakeTable:
    """Stands in for tui.table.Table: records submissions."""

    def __init__(self) -> None:
        self.submitted: list[tuple[int, Any]] = []
        self.undos = 0

    def submit(self, seat: int, action: Any) -> bool:
        self.submitted.append((seat, action))
        return True

    def undo(self) -> bool:
        self.undos += 1
        return True


class ScreenApp(App):
    """Shows one game screen (`screen_class`) with a fixed update."""

    screen_class: type[GameScreen] = GameScreen

    def __init__(self, update: TableUpdate, table: FakeTable | None = None) -> None:
        super().__init__()
        self.table = table or FakeTable()
        self.first_update = update
        self.game_screen = self.screen_class(self.table)

    async def on_mount(self) -> None:
        await self.push_screen(self.game_screen)
        self.game_screen.show(self.first_update)


def screen_text(app: App) -> str:
    """The screen as plain text (what a monochrome terminal would show)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()
