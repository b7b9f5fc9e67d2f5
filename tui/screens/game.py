"""The base of every game screen: the contract between the app shell and a
game's own screen module.

The shell (tui/app.py, tui/table.py) owns the match: it samples chance,
runs bots in workers, appends the journal, handles undo and the hand-over
screen. A game screen only renders a view and offers the legal actions the
core lists; it never decides a rule.

A subclass implements `show(update)` and calls `self.play(action)`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from textual.binding import Binding, BindingType
from textual.screen import Screen


@attrs.frozen
class TableUpdate:
    """Everything a game screen needs to redraw, from one seat's side."""

    #: the seat whose view this is (None: a spectator, nobody's secrets)
    seat: int | None
    #: `game.view(state, seat)`: the only state a screen ever sees
    view: Any
    #: legal actions for `seat` now; empty when it is not their decision
    legal: tuple[Any, ...]
    #: seats that owe a decision now (CHANCE while something is drawn)
    to_act: frozenset[int]
    #: players' names by seat
    names: tuple[str, ...]
    #: which seats are bots
    bots: frozenset[int]
    #: public log lines so far (`game.describe`), oldest first
    log: tuple[str, ...]
    #: a bot is thinking (its seat), for a "thinking…" indicator
    thinking: int | None = None
    #: the seat may take back its last action(s) now
    can_undo: bool = False


class GameScreen(Screen):
    """Base of a game's screen. The shell constructs it with the table.

    The base binds the keys every table shares (a subclass's BINDINGS are
    added to these; a subclass may rebind them): u takes back the shown
    seat's last action, q leaves for the home screen (the match is saved).
    The shell sets `self.update` after each `show`.
    """

    #: the game id this screen plays (a key of core.GAMES)
    game_id: str = ""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Home"),
    ]

    def __init__(self, table: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: tui.table.Table: the live match (read-only for the screen)
        self.table = table
        self.update: TableUpdate | None = None

    #: how a seat without a name is called ("Knight 2", "Player 2")
    seat_word: str = "Player"

    def show(self, update: TableUpdate) -> None:
        """Take `update` and redraw. Called by the shell after every change."""
        self.update = update
        if self.is_mounted:
            self._redraw(update)
            self.refresh_bindings()

    def _redraw(self, update: TableUpdate) -> None:
        """Draw the screen from `update` (each game's own)."""
        raise NotImplementedError

    # -- reading the update ----------------------------------------------------

    @property
    def _view(self) -> Any:
        return None if self.update is None else self.update.view

    def _who(self, seat: int | None) -> str:
        """A seat's name ("?" for nobody)."""
        if seat is None:
            return "?"
        names = self.update.names if self.update is not None else ()
        return names[seat] if seat < len(names) else f"{self.seat_word} {seat + 1}"

    def _legal(self, action: Any) -> bool:
        return self.update is not None and action in self.update.legal

    def play(self, action: Any) -> None:
        """Submit `action` for the seat being shown. The shell checks it
        with the rules; an illegal action is refused with a notice."""
        if self.update is None or self.update.seat is None:
            return
        self.table.submit(self.update.seat, action)

    def action_undo(self) -> None:
        """Take back the last action of the seat being shown (one per press)."""
        self.table.undo()

    def action_leave(self) -> None:
        """Back to the home screen; the journal already holds every action."""
        self.app.leave_table()  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out Undo in the footer when there is nothing to take back.
        A subclass that overrides this should defer to it for "undo"."""
        if action == "undo":
            return True if self.update is not None and self.update.can_undo else None
        return True
