"""The live match at one terminal: chance, bots, humans, hand-over, undo.

`Table` owns a `saves.match.Match` (which autosaves every action) and drives
the loop after every change:

1. while CHANCE is to act, sample an outcome with the table's seeded
   `random.Random` (`match.step_chance`);
2. when the game is over, show the final view and the results screen;
3. when a human is to act, show that human's view (behind a hand-over cover
   if the previous view belonged to a different human);
4. when a bot is to act, show "thinking" and run its choice in a thread
   worker, with a short pause so the humans can follow; the worker hands
   the choice back to the event loop, which applies it and loops again.

A game screen only renders `TableUpdate`s and calls `submit`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core import CHANCE, IllegalAction
from tui.screens.game import GameScreen, TableUpdate

if TYPE_CHECKING:
    from textual.app import App

#: seconds a bot's move stays "thinking" at least, so people can follow it
DEFAULT_BOT_DELAY = 0.45

BotFactory = Callable[[str, "str | None"], Any]


def _default_bot_factory(game_id: str, level: str | None) -> Any:
    from core.bots import LEVELS, make_bot

    if level is None:
        levels = LEVELS.get(game_id, ())
        level = levels[-1] if levels else "random"
    return make_bot(game_id, level)


class Table:
    """One match played at this terminal."""

    def __init__(
        self,
        match: Any,
        *,
        bot_delay: float = DEFAULT_BOT_DELAY,
        seed: int | None = None,
        bot_factory: BotFactory | None = None,
    ) -> None:
        self.match = match
        self.game = match.game
        players = tuple(match.header.players)
        self.players = players
        #: players' names by seat
        self.names: tuple[str, ...] = tuple(p.name for p in players)
        #: seats played by bots
        self.bots: frozenset[int] = frozenset(
            seat for seat, p in enumerate(players) if p.kind == "bot"
        )
        #: seats played by people at this terminal
        self.humans: tuple[int, ...] = tuple(
            seat for seat in range(len(players)) if seat not in self.bots
        )
        self.bot_delay = bot_delay
        #: samples chance outcomes (the journal records them, not the seed)
        self.rng = random.Random(seed)
        #: the bots' own randomness, so a bot never disturbs the chance draws
        self.bot_rng = random.Random(self.rng.getrandbits(64))
        self._bot_factory = bot_factory or _default_bot_factory
        self._bot_players: dict[int, Any] = {}
        #: the seat whose view is on screen (None: a spectator's view)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.app: App | None = None
        self.screen: GameScreen | None = None
        #: the bot seat thinking now, if any
        self.thinking: int | None = None
        #: the human a hand-over cover is waiting for, if any
        self.handover_to: int | None = None
        self.closed = False
        self._results_shown = False
        # Bumped on every change: a bot's result for an older token is stale.
        self._token = 0

    # -- lifecycle ------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.game.id

    async def start(self, app: App, screen_class: type[GameScreen]) -> None:
        """Push the game's screen and start the loop."""
        self.app = app
        self.screen = screen_class(self)
        await app.push_screen(self.screen)
        self.advance()

    def close(self) -> None:
        """Stop driving the match (the journal is already saved)."""
        self.closed = True
        self._token += 1
        self.thinking = None

    # -- the loop -------------------------------------------------------------

    def advance(self) -> None:
        """Bring the table to the next decision and show it."""
        if self.closed:
            return
        self._token += 1
        self.thinking = None
        match = self.match
        try:
            while not match.finished and CHANCE in self.game.to_act(match.state):
                match.step_chance(self.rng)
        except Exception as error:  # a broken journal or rules bug: say so, don't crash
            self._notify(f"Could not draw: {error}", severity="error")
            return
        if match.finished:
            self._finish()
            return
        to_act = self.game.to_act(match.state)
        humans = sorted(seat for seat in to_act if seat not in self.bots)
        if humans:
            seat = self.viewer if self.viewer in humans else humans[0]
            if len(self.humans) > 1 and seat != self.viewer:
                self._handover(seat)
                return
            self.viewer = seat
            self.refresh()
            return
        seat = min(s for s in to_act if s in self.bots)
        self.thinking = seat
        self.refresh()
        self._think(seat)

    def make_update(self) -> TableUpdate:
        """What the screen shows now, from the viewer's side."""
        game, state, seat = self.game, self.match.state, self.viewer
        to_act = frozenset(game.to_act(state))
        legal: tuple[Any, ...] = ()
        if (
            seat is not None
            and seat in to_act
            and seat not in self.bots
            and self.thinking is None
            and self.handover_to is None
            and not self.match.finished
        ):
            legal = tuple(game.legal_actions(state, seat))
        return TableUpdate(
            seat=seat,
            view=game.view(state, seat),
            legal=legal,
            to_act=to_act,
            names=self.names,
            bots=self.bots,
            log=tuple(self.match.log()),
            thinking=self.thinking,
            can_undo=self.can_undo(),
        )

    def refresh(self) -> None:
        """Send the current update to the game screen."""
        if self.screen is None:
            return
        update = self.make_update()
        self.screen.show(update)
        self.screen.update = update
        self.screen.refresh_bindings()

    # -- humans ---------------------------------------------------------------

    def submit(self, seat: int, action: Any) -> bool:
        """A human at this terminal plays `action` for `seat`.

        Returns whether it was applied; an illegal action is refused with a
        notice that gives the rules' reason.
        """
        if self.closed or self.match.finished or self.handover_to is not None:
            return False
        if seat != self.viewer or seat in self.bots:
            self._notify("That is not your decision to make.", severity="warning")
            return False
        if seat not in self.game.to_act(self.match.state):
            self._notify(f"Wait: it is not {self.names[seat]}'s turn.", severity="warning")
            return False
        try:
            self.match.apply(seat, action)
        except IllegalAction as error:
            self._notify(str(error) or "That move is not allowed now.", severity="warning")
            return False
        self.advance()
        return True

    def can_undo(self) -> bool:
        seat = self.viewer
        if seat is None or seat in self.bots or self.match.finished:
            return False
        try:
            return self.match.undoable(seat) > 0
        except Exception:
            return False

    def undo(self) -> bool:
        """Take back the viewer's last action (one per call)."""
        if self.closed or self.handover_to is not None:
            return False
        seat = self.viewer
        if not self.can_undo():
            self._notify("Nothing to take back now.", severity="information")
            return False
        assert seat is not None
        self.match.undo(seat, 1)
        self.advance()
        return True

    def _handover(self, seat: int) -> None:
        if self.handover_to is not None:
            return
        self.handover_to = seat
        self.refresh()
        from tui.screens.handover import HandoverScreen

        assert self.app is not None
        self.app.push_screen(HandoverScreen(self.names[seat], lambda: self._take_over(seat)))

    def _take_over(self, seat: int) -> None:
        """The cover is lifted by `seat`'s player: show their view."""
        self.handover_to = None
        if self.closed:
            return
        self.viewer = seat
        self.refresh()

    # -- bots -----------------------------------------------------------------

    def _bot(self, seat: int) -> Any:
        bot = self._bot_players.get(seat)
        if bot is None:
            bot = self._bot_factory(self.game.id, self.players[seat].level)
            self._bot_players[seat] = bot
        return bot

    def _think(self, seat: int) -> None:
        assert self.app is not None
        token = self._token
        state = self.match.state
        view = self.game.view(state, seat)
        legal = tuple(self.game.legal_actions(state, seat))
        bot = self._bot(seat)
        self.app.run_worker(
            lambda: self._bot_thread(token, seat, bot, view, legal),
            name=f"bot-{seat}",
            group="bots",
            thread=True,
            exit_on_error=False,
        )

    def _bot_thread(self, token: int, seat: int, bot: Any, view: Any, legal: tuple) -> None:
        """Runs in a worker thread: choose, pause, and hand back to the loop."""
        started = time.monotonic()
        error: BaseException | None = None
        action: Any = None
        try:
            action = bot.choose(self.game, view, seat, legal, self.bot_rng)
        except Exception as exc:  # report on the event loop, play a fallback
            error = exc
        rest = self.bot_delay - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        if self.closed or token != self._token or self.app is None:
            return
        try:
            self.app.call_from_thread(self._bot_done, token, seat, action, legal, error)
        except RuntimeError:  # the app has stopped
            pass

    def _bot_done(
        self, token: int, seat: int, action: Any, legal: tuple, error: BaseException | None
    ) -> None:
        if self.closed or token != self._token:
            return
        if error is not None:
            self._notify(f"{self.names[seat]} (bot) failed: {error}", severity="error")
            action = legal[0] if legal else None
        if action is None:
            return
        try:
            self.match.apply(seat, action)
        except IllegalAction as exc:
            self._notify(f"{self.names[seat]} (bot) chose an illegal move: {exc}", severity="error")
            if not legal:
                return
            self.match.apply(seat, legal[0])
        self.advance()

    # -- the end --------------------------------------------------------------

    def _finish(self) -> None:
        self.thinking = None
        self.refresh()
        if self._results_shown or self.app is None:
            return
        self._results_shown = True
        from tui.screens.results import ResultsScreen

        self.app.push_screen(ResultsScreen(self))

    def _notify(self, message: str, *, severity: str = "information") -> None:
        if self.app is not None:
            self.app.notify(message, severity=severity)  # type: ignore[arg-type]
