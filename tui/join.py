"""`overtable join`: the app as a seat client of a running hub.

The same app and game screens as at one terminal, with the lobby as its
first screen: matches live on the hub, which sends this terminal only its
own seat's updates. No hand-over screen: each person has their own terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from tui.app import OvertableApp
from tui.remote import NotYourHub, RemoteTable, seat_request
from tui.screens.lobby import LobbyScreen
from tui.widgets.hints import hint

#: seconds the new-table form waits for the hub's answer before it is
#: taken again (the hub answers at once; it may be gone, or older)
CREATE_ANSWER_SECONDS = 10.0
#: Ctrl+C's notice: how to leave from here
LEAVE_TITLE = "Do you want to leave?"


class JoinApp(OvertableApp):
    """Overtable at the hub's tables."""

    TITLE = "Overtable · shared tables"

    BINDINGS = [Binding("f2", "chat", "Chat",
                        tooltip="Chat: at a table, with those at it; in the lobby, with everyone")]

    #: F1's "Everywhere" lines that differ at the shared tables
    HELP_EVERYWHERE = {
        "Ctrl+P": "Command palette: new table, lobby, rules, chat, bell on your turn, "
                  "theme, quit",
        "Ctrl+Q": "Quit (your seats wait for you; every match is saved on the host)",
    }

    def __init__(self, socket_path: Path, player: str, *, bell: bool = False,
                 name_from_key: bool = False, **kwargs: Any) -> None:
        super().__init__("home", None, **kwargs)
        #: the name is the host's authorized_keys' (a session of `overtable
        #: host`): a refused one is not changed with --name
        self.name_from_key = name_from_key
        self.remote = RemoteTable(self, socket_path, player)
        #: ring the terminal's bell when it becomes this player's turn
        self.bell_on_turn = bell
        #: the set-up the new-table form sent, until the hub sets it up:
        #: (game, each seat's kind and level, options, away choice, options
        #: set on the form but left out of the table)
        self._set_up: tuple[str, list[tuple[str, str | None]], dict, float | None,
                            dict] | None = None
        #: why the hub refused this player's name, for `overtable join` to
        #: print once the app has ended (tui/remote.py); None: not refused
        self.refusal: str | None = None

    def get_default_screen(self) -> Screen:
        return LobbyScreen()

    def last_setup(self, game_id: str, players: int | None = None,
                   off: str | None = None) -> Any:
        """The set-up this player last sent for a table of `game_id` (of
        `players` seats, when given), which the new-table form starts from
        (tui/table_setups.py: the host's saves are no one's own); None: the
        defaults. It started from the defaults every time."""
        from tui import table_setups

        return table_setups.last_setup(self.remote.player, game_id, players, off=off)

    def kept_options(self, game_id: str, last: Any) -> dict[str, Any]:
        """What the form kept at this player's set-up `last` that its table
        left out (`table_setups.TableSetup.kept`); {}: none."""
        return dict(getattr(last, "kept", None) or {})

    def get_driver_class(self) -> Any:
        """The terminal's driver, writing fewer bytes for the same screen
        (tui/compact_output.py): over SSH the host encrypts and the
        player's terminal reads every byte; and passing keys no faster than
        a person types (tui/key_input.py: a flood of them kept the app busy
        for minutes, Ctrl+Q unread behind it)."""
        from tui.compact_output import compacting
        from tui.key_input import paced_keys

        return sized_by_its_terminal(paced_keys(compacting(super().get_driver_class())))

    async def on_mount(self) -> None:
        super().on_mount()
        try:
            await self.remote.connect()
        except NotYourHub as why:  # said on the terminal once the app has ended
            self.refusal = f"overtable join: {why}"
            self.call_after_refresh(self.exit, return_code=1)
        except OSError as error:
            self.notify(
                f"Could not reach the hub at {self.remote.socket_path}: "
                f"{error.strerror or error}. Is `overtable hub` running?",
                severity="error",
                timeout=30,
            )

    def app_commands(self, screen: Screen | None = None) -> Any:
        yield ("New table", "Set up a new shared table", self.action_new_match)
        yield ("Lobby", "Back to the shared tables", self.go_home)
        yield ("Rules", "Read the rules of a game", self.action_rules)
        yield ("Help", "The keys of this screen (F1 or ?)", self.action_help)
        yield ("Chat", "Talk at this table, or in the lobby (F2)", self.action_chat)
        yield ("Bell", "Ring the terminal's bell on your turn (on / off)", self.action_toggle_bell)
        yield ("Quit", "Leave (your seats wait for you)", self.action_quit)

    def action_chat(self) -> None:
        """The chat of the table on screen, or of the lobby."""
        from tui.screens.chat import ChatScreen

        if isinstance(self.screen, ChatScreen):
            return
        table = self.remote.table_on_screen()
        where = "at this table" if table is not None else "in the lobby"
        lines = self.remote.chat.setdefault(table, [])
        earlier = self.remote.chat_earlier.setdefault(table, [])
        self.remote.chat_opened(table)
        self.push_screen(ChatScreen(where, lines, lambda text: self.remote.say(table, text), table,
                                    earlier, self.remote.draft_for(table)))

    def action_toggle_bell(self) -> None:
        self.bell_on_turn = not self.bell_on_turn
        self.notify("The bell rings on your turn." if self.bell_on_turn else "No bell on your turn.")

    def action_new_match(self, game_id: str | None = None) -> None:
        """The new-match form, with the shared table's away choice."""
        from tui import table_setups
        from tui.screens.lobby import SharedTableScreen

        ids = self.game_ids()
        if game_id not in ids:  # the game of this player's last table, else the first
            game_id = table_setups.last_game(self.remote.player)
        self.push_screen(SharedTableScreen(game_id if game_id in ids else ids[0]))

    def new_match(
        self, game_id: str, players: list[Any], options: Any = None, *,
        away_bot: float | None = None, kept: dict[str, Any] | None = None,
    ) -> None:
        """From the new-match form: the first person's seat is yours, each
        other person's seat is reserved for the player named there, or open
        to anyone without a name; bots play on the hub; with `away_bot`, a
        bot plays an away player's turns after that many seconds; `kept`:
        options set on the form that the table leaves out."""
        from saves.journal import codec as journal_codec

        game = self.games[game_id]
        seats: list[Any] = []
        mine = False
        for spec in players:
            if spec.kind == "bot":
                seats.append({"bot": spec.level})
            elif not mine:
                seats.append({"player": self.remote.player})
                mine = True
            elif spec.name:
                seats.append({"player": spec.name})
            else:
                seats.append("open")
        request: dict[str, Any] = {"game": game_id, "seats": seats}
        if options is not None:
            request["options"] = journal_codec(game).options_dict(options)
        if away_bot is not None:
            request["away_bot"] = away_bot
        form = self._waiting_form(self.screen, waiting=False)
        if form is None:
            self.call_later(self._create, request)
            return
        #: kept once the hub sets it up, for the next table's form to start from
        self._set_up = (game_id, [(spec.kind, spec.level) for spec in players],
                        request.get("options") or {}, away_bot, kept or {})
        # the form stays until the hub sets the table up: a refusal (a
        # seat's name) lost every choice on it
        form.waiting = True
        self.remote.create(request)
        form.set_timer(CREATE_ANSWER_SECONDS, lambda: self._create_unanswered(form))

    def _create_unanswered(self, form: Any) -> None:
        """No answer to the form's table in time (a hub gone, or one older
        than this app, whose refusal names no form): the form is taken
        again rather than wait for good, everything on it kept."""
        if form.waiting and form.is_attached:
            form.waiting = False
            form.notify("The host has not set the table up: Ctrl+S asks again (everything "
                        "chosen is kept).", severity="warning")

    @staticmethod
    def _waiting_form(screen: Any, waiting: bool = True) -> Any:
        from tui.screens.lobby import SharedTableScreen

        if isinstance(screen, SharedTableScreen) and screen.waiting == waiting:
            return screen
        return None

    async def table_set_up(self) -> None:
        """The hub set up the table the form asked for: the form goes, and
        its set-up is kept for the next one (tui/table_setups.py)."""
        if any(self._waiting_form(screen) for screen in self.screen_stack):
            set_up, self._set_up = self._set_up, None
            if set_up is not None:
                from tui import table_setups

                table_setups.remember(self.remote.player, *set_up)
            await self._pop_to_home()

    def table_refused(self, reason: str, seat: int | None) -> bool:
        """The hub refused the table the form asked for: said on the form,
        its seat marked, everything typed kept. False: no form waits."""
        form = next(filter(None, map(self._waiting_form, self.screen_stack)), None)
        if form is None:
            return False
        form.waiting = False
        form.refuse(reason, seat)
        return True

    async def _create(self, request: dict[str, Any]) -> None:
        # home first, then the table: its screen goes over the lobby
        await self._pop_to_home()
        self.remote.create(request)

    def rematch(self) -> None:
        """From a shared match's results: a new table of the same game,
        options and seats (each person's seat reserved for them again, each
        bot at its level), with this player sitting down at once; the
        others read in the finished table's chat, as the table's own line,
        that it waits for them in the lobby."""
        table = self.remote.table_on_screen()
        self.call_later(self._rematch, self.rematch_request(table), table)

    async def _rematch(self, request: dict[str, Any] | None, table: str | None) -> None:
        if request is None:
            await self._pop_to_home()
            self.notify("Set up a new table from the lobby (n).", severity="information")
            return
        rematch = self._listed_rematch(table)
        seat = self._own_seat(rematch) if rematch is not None else None
        if rematch is not None and (why := self._rematch_not_now(rematch, seat)):
            # said on the results, which stay: an r once the rematch had
            # begun set up another, inviting the others away from it
            self.notify(f"Not now: {why}", severity="warning")
            return
        # home first: the new table's screen, when its match starts, goes
        # over the lobby (going home after could close it, and put it away)
        await self._pop_to_home()
        if rematch is not None and seat is not None:  # set up already: sit down there
            if rematch.get("started"):
                self.notify(f"The rematch, {self.remote.numbered_title(rematch)}, is under "
                            "way: you sit down there.")
            self.remote.join(rematch["table"], seat)
        else:
            # the hub's answer says whether another's r came first (`rematch_set_up`)
            await self._create(request)

    def rematch_set_up(self, table: str, existing: bool, begun: bool = False) -> None:
        """The hub set up the rematch of `table` (or, `existing`, seated
        this player at the one another player set up a moment before, or
        at the one `begun` already)."""
        if existing:
            self.notify("This match's rematch is under way: you sit down there." if begun else
                        "The others set up this rematch a moment before you: you sit down there.")
            return
        # the table's own line, worded by each app for its reader (a
        # watcher has no seat to sit down at); the text is for older apps
        self.remote.say(table, "Rematch? The same table waits in the lobby.", kind="rematch")
        self.notify("A new table with the same seats: the others are asked to sit down.")

    def _listed_rematch(self, table: str | None) -> dict[str, Any] | None:
        """The lobby's table that plays the finished `table` again, begun
        or not. Only that table's own: a plain table alike (the same game
        and seats, set up with n) sat the player there and began its match
        (a play-test)."""
        return next((t for t in self.remote.tables
                     if table is not None and t.get("rematch_of") == table), None)

    def _own_seat(self, listed: dict[str, Any]) -> int | None:
        """This player's seat at the listed table, unless they left it for good."""
        return next((n for n, s in enumerate(listed.get("seats", []))
                     if s.get("player") == self.remote.player and s.get("kind") != "bot"
                     and not s.get("gone")), None)

    def _rematch_not_now(self, rematch: dict[str, Any], seat: int | None) -> str | None:
        """Why r cannot sit this player at the listed `rematch` (None: it can)."""
        title = self.remote.numbered_title(rematch)
        if (rematch.get("play") or {}).get("finished"):
            return f"this match's rematch, {title}, is over: r on its own results plays again."
        if rematch.get("started") and seat is None:
            return (f"this match's rematch, {title}, is under way without you: w on it in the "
                    "lobby watches it.")
        return None

    def rematch_request(self, table: str | None) -> dict[str, Any] | None:
        """The "create" request for `table`'s match played again, or None
        when the lobby has not listed it (or this player had no seat)."""
        from saves.journal import codec as journal_codec

        listed = next((t for t in self.remote.tables if t.get("table") == table), None)
        screen = self.remote.screens.get(table) if table is not None else None
        update = screen.update if screen is not None else None
        game = self.games.get(listed.get("game")) if listed is not None else None
        if game is None or update is None or update.seat is None:
            return None
        seats = [seat_request(seat) for seat in listed.get("seats", [])]
        request: dict[str, Any] = {"game": game.id, "seats": seats}
        options = getattr(update.view, "options", None)
        if options is not None:
            request["options"] = journal_codec(game).options_dict(options)
        if listed.get("away_bot") is not None:
            request["away_bot"] = listed["away_bot"]
        # the hub seats a second r at the rematch the first one set up
        request["rematch_of"] = table
        return request

    def current_game_id(self) -> str | None:
        """The game of the table on screen, also under a dialog (F1's r):
        the app's own table is never a shared one, and the help on top has
        no game of its own, so F1 named no rules at a shared table."""
        screen = self._table_screen()
        if screen is not None and screen.update is not None:
            return screen.update.game
        return super().current_game_id()

    def current_rules_section(self) -> str | None:
        screen = self._table_screen()
        return screen.rules_section() if screen is not None else None

    def _table_screen(self) -> Any:
        table = self.remote.table_on_screen()
        return self.remote.screens.get(table) if table is not None else None

    def leave_table(self) -> None:
        self.go_home()

    def resume(self, which: str | None) -> None:
        self.go_home()

    def action_saved(self) -> None:
        self.notify("Shared matches are saved on the hub; the lobby lists them.")

    def action_help_quit(self) -> None:
        """Ctrl+C (over SSH it comes as a key, never a signal): how to leave
        here, where q leads to the lobby and Ctrl+Q leaves the shared tables.
        At a table, a hint of its screen: it speaks of the table's q, and
        stayed over the lobby after q, where q quits (a play-test)."""
        way = "Ctrl+Q: leave the shared tables (your seats wait for you)"
        if self.remote.table_on_screen() is None:
            self.notify(way, title=LEAVE_TITLE)
            return
        way = f"q: back to the lobby · {way}"
        screen = self._table_screen()
        if getattr(screen, "is_attached", False):
            hint(screen, way, timeout=self.NOTIFICATION_TIMEOUT, severity="information",
                 title=LEAVE_TITLE)
        else:
            self.notify(way, title=LEAVE_TITLE)

    async def action_quit(self) -> None:
        self.remote.close()
        self.exit()


def sized_by_its_terminal(driver_class: type[Any]) -> type[Any]:
    """A Textual driver class that takes the window's size from the terminal
    alone (its size, SIGWINCH), not from keys. Textual reads an in-band
    window-size report (ESC [ 48 ; rows ; cols ; ... t) from the input at
    any time, and a reply to its query for them turns the terminal's own
    size off: typed over SSH, 25 bytes drew a 12000x6000 screen on the host
    (4.6 s of CPU, 336 MB) past the host's bound on a window's size."""
    from textual import events
    from textual.messages import InBandWindowResize

    class SizedDriver(driver_class):  # type: ignore[misc, valid-type]
        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Resize | InBandWindowResize):
                return
            super().process_message(message)

    SizedDriver.__name__ = f"SizedBy{driver_class.__name__}"
    return SizedDriver

