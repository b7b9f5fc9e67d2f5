"""A plain game screen for any game: the log and the legal actions as a list.

The shell falls back to it when a game has no screen of its own (or its
screen is not installed), so every game in `core.GAMES` can be played.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from tui.lists import Menu
from tui.screens.game import RESULTS_ON_ESCAPE, GameScreen, TableUpdate, game_of


class GenericGameScreen(GameScreen):
    """Lists the legal actions; Enter (or a click) plays the highlighted one."""

    BINDINGS = [RESULTS_ON_ESCAPE]

    DEFAULT_CSS = """
    GenericGameScreen #status { height: auto; padding: 0 1; background: $boost; }
    GenericGameScreen #body { height: 1fr; }
    GenericGameScreen #actions { width: 1fr; height: 1fr; border: round $primary; }
    GenericGameScreen #log { width: 1fr; height: 1fr; border: round $secondary; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        with Horizontal(id="body"):
            with Vertical():
                yield Menu(id="actions")
            yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#actions", OptionList).border_title = "Your choices"
        self.query_one("#log", RichLog).border_title = "Log"
        game = game_of(self.update.game) if self.update is not None else None
        self.title = game.title if game is not None else "Overtable"

    def _status(self, update: TableUpdate) -> str:
        names = update.names
        stopped = self.stopped_prompt(update)
        if stopped is not None:
            return stopped.plain
        if update.thinking is not None:
            return self.who_is_thinking(update)
        if update.legal:
            return f"{names[update.seat]}, your decision." if update.seat is not None else ""
        if not update.to_act:
            return "The game is over."
        # bare: who is away, and whether the match waits, follows (`away_note`)
        waiting = ", ".join(self._bare_who(s) for s in sorted(update.to_act)
                            if 0 <= s < len(names))
        return f"Waiting for {waiting}.{self.away_note(update)}"

    def redraw_thinking(self, update: TableUpdate) -> None:
        self.query_one("#status", Static).update(self._status(update))

    def show(self, update: TableUpdate) -> None:
        before, self.update = self.update, update
        self._steady(before, update)  # a new decision: Enter waits a moment
        self.query_one("#status", Static).update(self._status(update))
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        actions.add_options(
            [Option(self._label(update, a), id=str(i)) for i, a in enumerate(update.legal)]
        )
        if update.legal:
            actions.highlighted = 0
            actions.focus()
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in update.log[-200:]:
            log.write(line)
        self.refresh_bindings()  # "n: move now" while a bot thinks

    def _label(self, update: TableUpdate, action: Any) -> str:
        game = game_of(update.game)
        try:
            assert game is not None
            return game.describe(
                update.view, update.seat, action, names=update.names, viewer=update.seat
            )
        except Exception:
            return str(action)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.update is None or event.option.id is None:
            return
        index = int(event.option.id)
        if index < len(self.update.legal):
            self.play(self.update.legal[index])
