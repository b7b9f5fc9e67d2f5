"""A seat client of the hub: this terminal's player at shared tables.

`RemoteTable` connects to the hub's local socket, says who the player is,
and from then on turns the hub's lines into the lobby's rows and into each
table's `SeatUpdate`s for the game screen; the game screen's commands go
back as lines (the screen's port is `send`, as at one terminal). Nothing
the hub sends is trusted beyond its shape: a line that does not decode is
reported and dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from host.messages import (
    CHAT_BURST,
    CHAT_WINDOW,
    LEAVE,
    MAX_BOX_KIND,
    MAX_BOX_KINDS,
    MAX_MESSAGE_BYTES,
    MAX_NAME,
    PILED_MARKS,
    BadMessage,
    Pace,
    SeatCommand,
    SeatUpdate,
    draw_turns_path,
    mid_sentence,
    piles_marks,
    split_mark,
)
from host.wire import codec
from tui import collector
from tui.draw_turns import DrawTurns
from tui.plain import listed
from tui.widgets.hints import session_refused

#: how often, and how many times, a lost hub is tried again
RECONNECT_SECONDS = 2.0
#: what the table screens say while the hub is away (the lobby says it too)
RECONNECTING = "Reconnecting to the hub…"
RECONNECT_TRIES = 150
#: how long a change this player did not ask for waits before it is drawn:
#: the player whose key caused it draws first (every app of a table gets
#: the change at once, and they share the host's cores), and changes that
#: arrive together are drawn once (docs/performance.md, "SSH load"). A
#: tenth of a second: most answers are out by then (50 ms left the others'
#: redraws running beside a slow answer: p95 over 30 players 100-114 ms
#: against 74-98 ms, 2026-12-02 23:27-23:34)
LATER_SECONDS = 0.1
#: a player who sent a command to a table this recently is at the keyboard:
#: the turn coming back there is not announced by a notice over the table,
#: whose prompt already says so (the notice covered a card just when it was
#: to be played, and each one laid the screen out twice: docs/performance.md,
#: "SSH load"); after a pause the table's prompt stands out a moment
#: (`GameScreen.announce_turn`), a turn at another table is a notice, and
#: the bell rings every time for a player who asked for it
AT_THE_KEYBOARD_SECONDS = 3.0
#: how long the hub may take to welcome this player before they are told
#: it has not answered (a hub that accepts and then says nothing left the
#: lobby saying "Connecting…" for ever)
WELCOME_SECONDS = 10.0
#: the longest chat line or notice from the hub shown (the hub's own bound
#: is far below; a hub that sends more is not believed)
MAX_SHOWN = 300
#: the most of a chat line a notice shows (a toast is 40 wide: four rows)
MAX_CHAT_NOTE = 160
#: how a notice about a table listed in the lobby (a turn there, a seat
#: kept there) says the way to it: from a table; in the lobby, with the
#: table highlighted; in the lobby, another highlighted (said again as the
#: player moves between them: `RemoteTable._reword_ways`)
WAY_AT_A_TABLE = "q for the lobby, then Enter on it"
WAY_ON_IT = "Enter on it sits you down"
WAY_TO_IT = "↑↓ to it, then Enter"
#: the way to the rematch from its finished match's results or final table
WAY_REMATCH = "r on the results sits you down"

if TYPE_CHECKING:
    from textual.app import App

    from tui.screens.game import GameScreen


class TablePort:
    """The port of one table's game screen: commands go to the hub."""

    #: the hub's answer comes later, over the socket (tui/screens/game.py)
    answers_later = True

    def __init__(self, remote: RemoteTable, table: str) -> None:
        self.remote = remote
        self.table = table
        #: the boxes up over this table's screen (a round's end, the vote,
        #: F1): while any is, the others read this seat "reading…"
        self._boxes: list[Any] = []

    def wait_for_box(self, box: Any) -> None:
        """A box goes up over the table (`GameScreen.box_waits`). A shared
        table does not wait for it (one player's box must not hold the
        others), but the hub is told, for the others' screens."""
        if any(b is box for b in self._boxes):
            return
        self._boxes.append(box)
        if len(self._boxes) == 1:
            self._tell(True)

    def box_put_away(self, box: Any) -> None:
        if not any(b is box for b in self._boxes):
            return
        self._boxes = [b for b in self._boxes if b is not box]
        if not self._boxes:
            self._tell(False)

    def _tell(self, on: bool) -> None:
        """The hub hears it, if connected (presence: no notice when not; a
        new connection starts with no box up)."""
        if self.remote.connected:
            self.remote.write({"reading": {"table": self.table, "on": on}})

    def put_away(self, kind: str) -> int | None:
        """How many boxes of `kind` (the screen's word: "combats", "rounds")
        this player put away at this table, as the hub kept it for their
        seat (None: not known): a screen made again (back from the lobby,
        after a reconnect or a restart of the hub) brings back the one left
        unread, as at one terminal (tui/table.py `Table.put_away`). Read as
        untrusted: the screen ignores a count past what the match has."""
        return self.remote.boxes_put_away.get(self.table, {}).get(kind)

    def keep_put_away(self, kind: str, count: int) -> None:
        """This player put away the first `count` boxes of `kind` here (or
        one is up, unread, after those): the hub keeps it for their seat
        (not sent without a link: the box may come back)."""
        kept = self.remote.boxes_put_away.setdefault(self.table, {})
        if kept.get(kind) == count:
            return
        kept[kind] = count
        if self.remote.connected:
            self.remote.write({"put_away": {"table": self.table, "kind": kind, "count": count}})

    def send(self, command: SeatCommand) -> bool:
        """Send `command` to the hub; False if it could not go (no link)."""
        return self.remote.command(self.table, command)

    def say(self, text: str) -> bool:
        """Table talk, for screens that have it: the table's chat (False:
        not sent, too soon after the last lines)."""
        return self.remote.say(self.table, text)

    @property
    def talk(self) -> list[Any]:
        """Where a screen with table talk keeps its lines: the table's,
        kept by the connection, so a screen made again for this table
        (back from the lobby, after a reconnect) shows the talk so far."""
        return self.remote.talk.setdefault(self.table, [])


class RemoteTable:
    """This terminal's connection to the hub."""

    def __init__(self, app: App, socket_path: Path, player: str) -> None:
        self.app = app
        self.socket_path = Path(socket_path)
        self.player = player
        #: the lobby as the hub last sent it, and whether it ever did (till
        #: then the lobby says it is connecting, not that there are no tables)
        self.tables: list[dict[str, Any]] = []
        self.lobby_seen = False
        #: table id -> its game screen, once an update arrived
        self.screens: dict[str, GameScreen] = {}
        self.finished: set[str] = set()
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task | None = None
        #: per table: when this player last sent it a command (time.monotonic)
        self._last_command: dict[str, float] = {}
        #: tables this player created, waiting to sit down at
        self._creating = 0
        self._closing = False
        #: the hub has welcomed this connection; any connection of this app
        self._welcomed = False
        self.was_welcomed = False
        #: the connection was lost and not yet welcomed back (said once)
        self._lost = False
        #: the hub said it stops (on purpose, seats kept) before it went
        self._hub_stopping = False
        #: errors the hub gave before welcoming this player (said once each)
        self._said_unwelcome: set[str] = set()
        #: the hub's socket was found held by another user while it was away
        self._said_not_yours = False
        #: chat lines by table id (None: the lobby), oldest first
        self.chat: dict[str | None, list[str]] = {}
        #: beside each of those lines: the hub sent it as "earlier"
        self.chat_earlier: dict[str | None, list[bool]] = {}
        #: table talk by table id, as a game screen keeps it (`TablePort.talk`)
        self.talk: dict[str, list[Any]] = {}
        #: the hub's pace of chat lines, counted here too: a line it would
        #: refuse is not sent, and stays in its field (the hub's refusal
        #: came after the field was cleared, and the line was lost)
        self.chat_pace = Pace(CHAT_BURST, CHAT_BURST / CHAT_WINDOW)
        #: tables where this player's command waits for its answer
        self._asked: set[str] = set()
        #: table id -> updates not drawn yet (drawn LATER_SECONDS after the first)
        self._later: dict[str, list[SeatUpdate]] = {}
        self._drawing: set[asyncio.Future] = set()
        #: tables whose screen the player closed here without leaving the
        #: seat (home from the results): their updates wait for a join or watch
        self._put_away: set[str] = set()
        #: per table, the boxes this player put away there by kind, as the
        #: hub gives them back on sitting down (`TablePort.put_away`)
        self.boxes_put_away: dict[str, dict[str, int]] = {}
        #: tables not begun where this player sat down and waits for the
        #: others (as the lobby lists them): their screen comes up by itself
        #: as the last one sits down (`_began_by_itself`)
        self._waiting_at: set[str] = set()
        #: tables not begun that keep a seat for this player (told once each)
        self._invited: set[str] = set()
        #: the "Invited" notice shown for each such table, taken down when
        #: the seat is no longer waiting (taken, the table withdrawn)
        self._invite_notes: dict[str, Any] = {}
        #: the last turn notice said for each table (a table's screen
        #: opening over its screen takes it down)
        self._turn_notes: dict[str, Any] = {}
        #: the match watched here when the connection was lost (table id,
        #: match id): watched again once back (a restarted hub's id differs)
        self._rewatch: tuple[str, str | None] | None = None
        #: "You will watch this match when it begins" said for each table
        #: (w on a table not begun), taken down as its screen opens
        self._watch_notes: dict[str, str] = {}
        #: tables where it is this player's turn and they have been told so
        #: (or saw it on the table's screen): told once a turn
        self._turn_told: set[str] = set()
        #: tables this player sits at but is not looking at: the lines
        #: said there since they last looked, and the notice saying so
        #: (one a table, `_chat_away`), taken down as its screen opens
        self._away_lines: dict[str, int] = {}
        self._away_notes: dict[str, str] = {}
        #: a line said at a table not on screen, made a notice by `_chat`
        self._heard_notes: dict[str, str] = {}
        #: lobby lines since the lobby was last on screen, and their one
        #: notice (over a match: `_lobby_chat_at_table`; in the lobby, the
        #: newest line's)
        self._lobby_lines = 0
        self._lobby_note: str | None = None
        #: the notices of chat lines, by chat (None: the lobby's): taken
        #: down as that chat's box opens, the lines in it (`chat_opened`)
        self._chat_notes: dict[str | None, list[str]] = {}
        #: turns at drawing others' changes, shared with the host's other apps
        self._turns = DrawTurns(draw_turns_path(self.socket_path), create=False)
        #: what this app knows of finished matches, by match id: who won (a
        #: final update's "winners") and when it ended ("at": "HH:MM", a
        #: date if not today; the hub's word, else seen ending in the
        #: lobby); each finished row of the lobby says it
        #: ("ended"): two finished rows of one game and players read alike
        self.endings: dict[str, dict[str, Any]] = {}
        #: a line typed in a table's chat and not sent as the hub went away,
        #: by the table's match (a restarted hub's table ids differ): back
        #: in the box when that table's chat opens again (`draft_for`)
        self.drafts: dict[str, str] = {}
        #: this player's tables not begun as the hub went away (`_not_kept`)
        self._unbegun: list[dict[str, Any]] | None = None

    async def connect(self) -> None:
        self._start(*await self._open())

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A connection to the hub; `NotYourHub` when another user's
        process holds its socket (not a word is sent to it)."""
        from host.peer import not_your_hub

        reader, writer = await asyncio.open_unix_connection(
            str(self.socket_path), limit=2 * MAX_MESSAGE_BYTES
        )
        if why := not_your_hub(writer.get_extra_info("socket"), self.socket_path):
            writer.close()
            raise NotYourHub(why)
        return reader, writer

    def _start(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Say who this is; the hub answers with the lobby and seats us again."""
        self._writer = writer
        self._welcomed = False
        self.write({"hello": {"player": self.player}})
        loop = asyncio.get_running_loop()
        self._reader_task = loop.create_task(self._read(reader))
        loop.call_later(WELCOME_SECONDS, self._still_unwelcome, writer)

    def _still_unwelcome(self, writer: asyncio.StreamWriter) -> None:
        """The hub took this connection but has not said welcome: say so."""
        if self._welcomed or self._closing or writer is not self._writer:
            return
        self.app.notify(
            f"The hub at {self.socket_path} has not answered in {WELCOME_SECONDS:g} seconds: "
            "it may be stuck. Quit (ctrl+q) and join again later.",
            severity="error", timeout=30)

    async def _reconnect(self) -> None:
        """The hub went away: try again every few seconds, for a while. Once
        back, the hub seats this player again by name; the screens of the
        tables start afresh from the lobby."""
        if not self._lost:  # said once while the hub is away (a full hub
            # lets each try go at once: it was said at every one)
            self._lost = True
            # (a rematch's with the id of the finished match it replays:
            # a restarted hub lists that match under it, `_not_kept`)
            matches = {t["table"]: t.get("match") for t in self.tables}
            self._unbegun = [{**t, "rematch_match": matches.get(t.get("rematch_of"))}
                             for t in self.tables
                             if not t.get("started") and t.get("creator") == self.player]
            self._say_reconnecting()
            if self._hub_stopping:
                self.app.notify(f"The hub stopped{self._kept_words()}. Trying to connect again…",
                                severity="warning")
            else:
                self.app.notify("The hub closed the connection; trying again…", severity="error")
        for _ in range(RECONNECT_TRIES):
            await asyncio.sleep(RECONNECT_SECONDS)
            try:
                streams = await self._open()
            except NotYourHub as why:  # taken while the hub was away: said once
                if not self._said_not_yours:
                    self._said_not_yours = True
                    self.app.notify(f"Not back at the hub: {why}", severity="error", timeout=60)
                continue
            except OSError:
                continue
            self._said_not_yours = False
            # the old tables' screens go before the hub sends them anew;
            # the talk too: the hub sends again what it keeps of it
            self._rewatch = self._watched()
            self._keep_drafts()
            self.screens.clear()
            self.finished.clear()
            self._put_away.clear()
            self.boxes_put_away.clear()  # (the hub gives them back as it seats us)
            self.chat.clear()
            self.chat_earlier.clear()
            self.talk.clear()
            self._away_lines.clear()
            if not self._lobby_chat_on_top():
                await self.app._pop_to_home()  # type: ignore[attr-defined]
            self._start(*streams)  # "Back at the hub." once it welcomes us
            return
        self.app.notify("The hub does not answer: quit and join again later.", severity="error")

    def _lobby_chat_on_top(self) -> bool:
        """The lobby's chat is open over the lobby, and nothing else is: it
        stays as the app connects again (the lobby does), a line not sent
        still in its box (it closed, and the line was lost)."""
        from tui.screens.chat import ChatScreen

        stack = self.app.screen_stack
        return len(stack) == 2 and isinstance(stack[1], ChatScreen) and stack[1].where_id is None

    def _keep_drafts(self) -> None:
        """A table's chat closes as the app connects again (its table's
        screen goes): what is typed there and not sent is kept, by match."""
        from tui.screens.chat import ChatScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, ChatScreen) and screen.where_id is not None and screen.draft():
                match = self._match_of(screen.where_id)
                if match is not None:
                    self.drafts[match] = screen.draft()

    def draft_for(self, table: str | None) -> str:
        """The line kept for `table`'s chat (`_keep_drafts`), given once."""
        match = self._match_of(table) if table is not None else None
        return self.drafts.pop(match, "") if match is not None else ""

    def _match_of(self, table: str) -> str | None:
        entry = next((t for t in self.tables if t.get("table") == table), None)
        return None if entry is None else entry.get("match")

    @property
    def reconnecting(self) -> bool:
        """The connection was lost and the hub has not welcomed this app back."""
        return self._lost

    @property
    def offline_words(self) -> str | None:
        """What a screen of a table says over its top row now (None: nothing)."""
        return RECONNECTING if self._lost else None

    def _say_reconnecting(self) -> None:
        """While the hub is away, each table on screen says so on its top
        line, and the lobby in its title (`reconnecting`); gone once back.
        A notice alone went after a few seconds, and the screens then looked
        live until a key said "Not connected to the hub."; the results of
        a table too (`ResultsScreen.say_offline`)."""
        from tui.screens.results import ResultsScreen

        results = [s for s in self.app.screen_stack if isinstance(s, ResultsScreen)]
        for screen in [*self.screens.values(), *results]:
            if screen.is_mounted:
                screen.say_offline(self.offline_words)
        self._lobby_changed()

    def has_seats(self, begun: bool = False) -> bool:
        """This player sits at a table of the last listing whose match is
        not over (a person's seat, not a bot's); `begun`: whose match has
        begun (a table not begun is not kept by a stopping hub)."""
        return any(
            seat.get("player") == self.player and seat.get("kind") != "bot"
            for table in self.tables if not (table.get("play") or {}).get("finished")
            and (table.get("started") or not begun)
            for seat in table.get("seats", ()))

    def _kept_words(self) -> str:
        """What a stopping hub keeps of this player's, after "The hub
        stopped": their seats at begun matches (resumed from the journals),
        not their tables not yet begun (seated there, or set up by them:
        README); "" for a watcher, who has neither."""
        mine = [t for t in self.tables if t.get("creator") == self.player or any(
            s.get("player") == self.player and s.get("kind") != "bot"
            for s in t.get("seats", ()))]
        unbegun = sum(1 for t in mine if not t.get("started"))
        tables = ("your table not yet begun is" if unbegun == 1
                  else "your tables not yet begun are")
        if not self.has_seats(begun=True):
            return f"; {tables} not kept" if unbegun else ""
        return f"; your matches are kept, {tables} not" if unbegun else "; your seats are kept"

    def _watched(self) -> tuple[str, str | None] | None:
        """The running match watched on the topmost table screen here, if
        one is watched (table id, match id)."""
        stack = self.app.screen_stack
        shown = [(stack.index(s), t, s) for t, s in self.screens.items() if s in stack]
        if not shown:
            return None
        _, table, screen = max(shown, key=lambda found: found[0])
        update = screen.update
        if update is None or update.seat is not None or update.outcome is not None:
            return None
        entry = next((t for t in self.tables if t.get("table") == table), None)
        return table, None if entry is None else entry.get("match")

    def _watch_again(self) -> None:
        """Back at the hub: the match watched before, if it still runs."""
        if self._rewatch is None or not self._welcomed:
            return
        table, match = self._rewatch
        self._rewatch = None
        for entry in self.tables:
            same = entry["table"] == table or (match is not None and entry.get("match") == match)
            if same and entry.get("started") and not (entry.get("play") or {}).get("finished"):
                if entry["table"] not in self.screens:  # (the hub may have watched it again)
                    self.watch(entry["table"])
                return

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    def close(self) -> None:
        self._closing = True
        self._turns.close()
        if self._reader_task is not None:
            self._reader_task.cancel()
        if self._writer is not None:
            with contextlib.suppress(Exception):
                # the player quits: the hub's terminal says they left, not
                # that their connection dropped (a close flushes this first)
                if not self._writer.is_closing():
                    self._writer.write(b'{"bye":{}}\n')
                self._writer.close()

    # -- to the hub ------------------------------------------------------------------

    def write(self, obj: Any) -> bool:
        """Send one message to the hub; False (and a notice) without a link."""
        if self._writer is None or self._writer.is_closing():
            self.app.notify("Not connected to the hub.", severity="error")
            return False
        self._writer.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
        return True

    def create(self, request: dict[str, Any]) -> None:
        self._creating += 1
        self.write({"create": request})

    def join(self, table: str, seat: int) -> None:
        self._put_away.discard(table)
        self._lobby_want(table)
        self.write({"join": {"table": table, "seat": seat}})

    def reopen(self, table: str, seat: int | None) -> None:
        """A finished match again, from the lobby: the hub sends its final
        update, and the results come up as when it ended (`seat` None:
        watching it)."""
        self.screens.pop(table, None)
        self.finished.discard(table)
        if seat is None:
            self.watch(table)
        else:
            self.join(table, seat)

    def watch(self, table: str, note: str | None = None) -> None:
        """Watch `table`; `note`, said now, goes as its screen opens."""
        self._put_away.discard(table)
        self._lobby_want(table)
        self.write({"watch": {"table": table}})
        if note is not None:
            self.app.notify(note)
            self._watch_notes[table] = note

    def refresh(self) -> None:
        """The lobby is on screen again: the tables as they stand now."""
        if self._lobby_lines:  # a match's count is done; a line said here stays
            self._forget_lobby_chat()
        self._lobby_lines = 0
        self.write({"lobby": {}})

    def command(self, table: str, command: SeatCommand) -> bool:
        """Send a table's command; False if it did not go."""
        screen = self.screens.get(table)
        game = _game(screen.update.game) if screen is not None and screen.update else None
        if game is None:
            return False
        if not self.write({"table": table, "command": codec(game).command_dict(command)}):
            return False
        self._asked.add(table)
        self._last_command[table] = time.monotonic()
        if command.kind == LEAVE:
            self.screens.pop(table, None)
            self._away_here(table)
            # an update the hub sent before it had the leaving would open
            # the table again (and home close it): not drawn until asked
            self._put_away.add(table)
            # Back with several matches, each table's screen opened over the
            # last: home closes those beneath too. Their seats are left as
            # this one's (away in the lobby); they were held by screens
            # nobody saw, the others waiting on a player shown as there.
            for other, screen in list(self.screens.items()):
                update = screen.update
                game = None if update is None else _game(update.game)
                if screen in self.app.screen_stack and game is not None and update.outcome is None:
                    self.screens.pop(other, None)
                    self._put_away.add(other)
                    self._away_here(other)
                    self.write({"table": other, "command": codec(game).command_dict(
                        SeatCommand.leave(update.seat))})
            self.app.go_home()  # type: ignore[attr-defined]
        return True

    def _away_here(self, table: str) -> None:
        """This player's seat at `table` is left: the lobby reads it away
        until the hub's next word (else, held a moment more in the last
        listing, it read as open at another terminal of theirs)."""
        for entry in self.tables:
            if entry.get("table") == table:
                for seat in entry.get("seats", ()):
                    if seat.get("player") == self.player and seat.get("kind") != "bot":
                        seat["away"] = True

    # -- from the hub ------------------------------------------------------------------

    async def _read(self, reader: asyncio.StreamReader) -> None:
        lines = _lines(reader, 2 * MAX_MESSAGE_BYTES)
        while True:
            try:
                line = await anext(lines, b"")
            except (ConnectionError, OSError):
                line = b""
            if line is None:
                self.app.notify("The hub sent a line too long to read.", severity="error")
                continue
            if not line:
                self._writer = None
                if self._closing:
                    return
                asyncio.get_running_loop().create_task(self._reconnect())
                return
            try:
                message = json.loads(line)
                if not _plain(line):
                    message = _printable_texts(message)
                if not isinstance(message, dict):
                    raise ValueError("not an object")
                await self.handle(message)
            except (ValueError, BadMessage, KeyError, TypeError) as error:
                self.app.notify(f"A message from the hub was not understood: {error}",
                                severity="error")
            except Exception as error:  # a screen's fault must not end the connection
                self.app.notify(f"A message from the hub could not be shown "
                                f"({type(error).__name__}: {error}).", severity="error")

    async def handle(self, message: dict[str, Any]) -> None:
        if "lobby" in message:
            was = {table["table"]: table for table in self.tables}
            self.tables, left_out = lobby_tables(message["lobby"])
            for table in self.tables:
                self._note_ending(table, was.get(table["table"]))
            self.lobby_seen = True
            self._note_waiting()
            self._lobby_changed()
            self._not_kept()
            self._watch_again()
            self._invitations()
            self._turns_away()
            if left_out:
                raise BadMessage(
                    f"the lobby listed {left_out} table(s) of the wrong shape, left out")
        elif "created" in message:
            created = message["created"]
            if self._creating:
                self._creating -= 1
                set_up = getattr(self.app, "table_set_up", None)
                if set_up is not None:  # the form goes; the table comes over the lobby
                    await set_up()
                seats = created["seats"]
                mine = next((i for i, s in enumerate(seats) if s.get("player") == self.player), 0)
                existing = message.get("existing") is True
                if existing:  # the hub seated this player at a rematch set up first
                    self._put_away.discard(created["table"])
                    self._lobby_want(created["table"])
                else:
                    self.join(created["table"], mine)
                made = getattr(self.app, "rematch_set_up", None)
                of = created.get("rematch_of")
                if made is not None and isinstance(of, str):
                    made(of, existing, created.get("started") is True)
        elif "update" in message:
            await self._update(message["table"], message["update"])
        elif "chat" in message:
            self._chat(message["chat"])
        elif "chat_away" in message:
            self._chat_away(message["chat_away"])
        elif "seat_news" in message:
            self._seat_news(message["seat_news"])
        elif "put_away" in message:
            self._boxes_put_away(message["put_away"])
        elif "stopping" in message:  # said as the connection ends (`_reconnect`)
            self._hub_stopping = True
        elif "moved" in message:
            moved = message["moved"]
            table = moved.get("table") if isinstance(moved, dict) else None
            if not isinstance(table, str):
                raise BadMessage("a moved seat without its table")
            self._seat_moved(table)
        elif "notice" in message:  # e.g. the match went back: its journal was damaged
            self.app.notify(shown(message["notice"]), severity="warning", timeout=30)
        elif "refused" in message:
            table = message.get("table")
            table = table if isinstance(table, str) else None
            self._asked.discard(table)
            screen = self.screens.get(table) if table is not None else None
            if screen is not None:
                screen.refused()  # keys are taken again
            # gone with the next move, as the screen's own refusals
            session_refused(self.app, screen, shown(message["refused"]))
        elif "error" in message and message.get("hello") == "refused" and not self._welcomed:
            # the hub will not take this player under this name (a passing
            # error before a welcome, after a dropped connection, is tried
            # again below; this one would be the same at every try)
            # said on the terminal once the app has ended (`overtable join`
            # prints it: an exit message reads to Textual as an error)
            over_ssh = getattr(self.app, "name_from_key", False)
            again = ("Ask the host to give your key another name in its authorized_keys."
                     if over_ssh else "Join again with another: --name NAME.")
            # an SSH player typed no `overtable join`
            said = (f"the hub refused the name {self.player!r}: "
                    f"{mid_sentence(shown(message['error']))} {again}")
            self.app.refusal = (  # type: ignore[attr-defined]  (a JoinApp)
                said[0].upper() + said[1:] if over_ssh else f"overtable join: {said}")
            self.app.call_after_refresh(self.app.exit, return_code=2)
        elif "error" in message and message.get("create") == "refused":
            self._creating = max(0, self._creating - 1)
            said = shown(message["error"])
            seat = message.get("seat")
            seat = seat if type(seat) is int else None
            refused = getattr(self.app, "table_refused", None)
            if refused is None or not refused(said, seat):
                self.app.notify(said, severity="error")
        elif "error" in message:
            said = shown(message["error"])
            if self._welcomed or said not in self._said_unwelcome:
                self.app.notify(said, severity="error")
            if not self._welcomed:  # the same reason at each try is said once
                self._said_unwelcome.add(said)
        elif "welcome" in message:
            self._welcomed = self.was_welcomed = True
            self._said_unwelcome.clear()
            welcome = message["welcome"]
            self._take_settings(welcome.get("settings") if isinstance(welcome, dict) else None)
            self._hub_stopping = False
            self._told_not_kept(welcome.get("not kept") if isinstance(welcome, dict) else None)
            if self._lost:
                self._lost = False
                self._say_reconnecting()
                self.app.notify("Back at the hub.")

    def _take_settings(self, settings: Any) -> None:
        """The host's own settings (host/hub.py `PASSED_ON`), which this
        player's app takes however it connected: behind the system's
        OpenSSH the app has no other way to them (the SSH front door also
        puts them in its sessions' environment). A value the app would
        refuse from its own environment is said and left out."""
        if not isinstance(settings, dict):
            return
        from tui.app import ENTER_WAIT_ENV, enter_wait

        text = settings.get(ENTER_WAIT_ENV)
        if isinstance(text, str):
            try:
                self.app.decision_grace = enter_wait(shown(text, 40))  # type: ignore[attr-defined]
            except ValueError as error:
                self.app.notify(f"The host's ${ENTER_WAIT_ENV} was not taken: {error}.",
                                severity="warning")
        from host.budget import BOT_SECONDS_ENV, parse_bot_seconds

        text = settings.get(BOT_SECONDS_ENV)
        if isinstance(text, str):
            # the seconds the hub's bots think a move, as F1 tells them
            # (tui/bot_levels.py); this app's own variable says nothing of them
            with contextlib.suppress(ValueError):
                self.app.bot_seconds = parse_bot_seconds(shown(text, 80))  # type: ignore[attr-defined]

    def _boxes_put_away(self, raw: Any) -> None:
        """The boxes this player put away at a table, by kind, as the hub
        kept them (sent before the table's first update as they sit down
        there): read as untrusted, a kind or count not as the hub keeps
        them is left out (the screen also ignores a count past the match)."""
        table = raw.get("table") if isinstance(raw, dict) else None
        kinds = raw.get("kinds") if isinstance(raw, dict) else None
        if not isinstance(table, str) or not isinstance(kinds, dict):
            raise BadMessage("boxes put away without their table")
        self.boxes_put_away[table] = {
            kind: count for kind, count in list(kinds.items())[:MAX_BOX_KINDS]
            if isinstance(kind, str) and 0 < len(kind) <= MAX_BOX_KIND
            and type(count) is int and count >= 0}

    async def _update(self, table: str, raw: dict[str, Any]) -> None:
        game = _game(raw.get("game"))
        if game is None:
            from saves.journal import quoted

            said = raw.get("game")
            raise ValueError("an update that does not say which game it is" if said is None
                             else f"a game this version does not know ({quoted(said, 40)})")
        collector.drawing(self.app)  # no collection between here and its frame
        update: SeatUpdate = codec(game).update_from_dict(raw)
        if any(len(split_mark(name)[0]) > MAX_NAME for name in update.names):
            # a hub's names are at most MAX_NAME (one of thousands filled the table)
            update = attrs.evolve(update, names=tuple(seat_name(n) for n in update.names))
        self._note_winners(table, update)
        screen = self._open_screen(table)
        if table in self._put_away:
            return  # until the player asks for it again from the lobby
        later = self._later.get(table)
        if screen is not None and table not in self._asked:
            # Not this player's answer: drawn in a turn, and unless it
            # makes it this player's turn or ends the match, a moment later.
            urgent = update.outcome is not None or bool(
                update.legal and not (screen.update and screen.update.legal))
            if later is None:
                self._later[table] = [update]
                if not urgent:
                    asyncio.get_running_loop().call_later(LATER_SECONDS, self._draw_soon, table)
            else:
                later.append(update)
            if urgent:
                self._draw_soon(table)
            return
        self._asked.discard(table)
        if later:
            for older in self._later.pop(table):
                screen.witness(older)  # type: ignore[union-attr]
        await self._draw(table, update, screen)

    def _open_screen(self, table: str) -> GameScreen | None:
        """The table's screen, if the player has not closed it here without
        leaving the seat (home from the results): such a table is put away."""
        screen = self.screens.get(table)
        if screen is not None and screen not in self.app.screen_stack:
            del self.screens[table]
            self._put_away.add(table)
            return None
        return screen

    def _draw_soon(self, table: str) -> None:
        task = asyncio.ensure_future(self._draw_later(table))
        self._drawing.add(task)  # the loop keeps only a weak reference
        task.add_done_callback(self._drawing.discard)

    async def _draw_later(self, table: str) -> None:
        """In this app's turn (tui/draw_turns.py), draw the newest of the
        updates that waited; the others count in the screen's recap as if
        each had been drawn. Changes that arrive while it waits for its turn
        join them."""
        turn = await self._turns.take() if table in self._later else None
        drawn = False
        try:
            waiting = self._later.pop(table, None)
            screen = self._open_screen(table)
            if not waiting or screen is None:
                return
            for older in waiting[:-1]:
                screen.witness(older)
            await self._draw(table, waiting[-1], screen)
            if turn is not None:  # the turn ends once this frame is out
                drawn = self.app.call_after_refresh(self._turns.give_back, turn)
        finally:
            if not drawn:
                self._turns.give_back(turn)

    async def _draw(self, table: str, update: SeatUpdate, screen: GameScreen | None) -> None:
        if screen is None:
            from tui.games import NoScreen, screen_class

            try:
                cls = screen_class(update.game)
            except NoScreen:
                from tui.screens.generic import GenericGameScreen

                cls = GenericGameScreen
            screen = cls(TablePort(self, table))
            self.screens[table] = screen
            by_itself = table in self._waiting_at
            self._waiting_at.discard(table)
            # back from it, the lobby highlights it: also a table the hub
            # sat this player at by itself (on connecting again)
            self._lobby_want(table)
            covered = self.app.screen
            await self.app.push_screen(screen)
            self._covered(covered)
            # a notice of another table's that named the way there from the
            # lobby is said in a table's words (first: this table's own
            # notices are known as its until taken down below)
            self._at_a_table(table)
            # a notice of a turn here that named the way to this table
            # ("Enter on it sits you down") is done with: the table is here
            for notes in (self._turn_notes, self._watch_notes):
                said = notes.pop(table, None)
                if said is not None:
                    self.app.call_later(self.app.withdraw_notice, said)
            self._forget_away_chat(table)
            self._forget_lobby_chat()  # said in the lobby: it stood over the match
            if by_itself:
                self._began_by_itself(table, screen, update)
            # a finished table's talk (its "Rematch?") means nothing once
            # sat down at another: it would cover the first decision here
            for other in [t for t in {*self._away_notes, *self._heard_notes}
                          if t != table and self._is_finished(t)]:
                self._forget_away_chat(other)
        was_mine = bool(screen.update is not None and screen.update.legal)
        screen.show(update)
        if update.legal and not was_mine and update.outcome is None:
            self._your_turn(screen, table)
        if not update.legal or update.outcome is not None:
            self._turn_told.discard(table)  # the turn is over: the next is told
        if update.outcome is not None and table not in self.finished:
            self.finished.add(table)
            # a "Your turn." from the last moves would stand over the results
            self.app.clear_notifications()
            from tui.screens.results import push_results

            for mount in push_results(self.app, update, screen):
                await mount

    def _seat_moved(self, table: str) -> None:
        """This player sat down at `table` from another terminal: the seat
        is played there now, and this terminal goes back to its lobby."""
        screen = self.screens.pop(table, None)
        self._later.pop(table, None)
        self._asked.discard(table)
        self._put_away.discard(table)
        if screen is not None and screen in self.app.screen_stack:
            self.app.go_home()  # type: ignore[attr-defined]
        self.app.notify("You sat down at that table from another terminal: "
                        "your seat is played there now.", severity="warning")

    def say(self, table: str | None, text: str, kind: str | None = None) -> bool:
        """Send a chat line (`kind`: the table's own line of that kind,
        host/hub.py `REMATCH`); False (and a notice) when this player has
        chatted too often just now: the hub would refuse it, and the line
        is kept where it was typed, to be sent again (also one the hub
        would refuse for its accents, `piles_marks`). Also False while the
        hub is away: the box was emptied, and the line lost."""
        if not self.connected:  # (before the pace: a line not sent counts for nothing)
            self.app.notify("Not connected to the hub. Your line is kept: Enter sends it "
                            "once you read \"Back at the hub.\"", severity="error")
            return False
        if piles_marks(text):  # the hub would refuse it: kept to be mended
            self.app.notify(f"{PILED_MARKS} Your line is kept.", severity="warning")
            return False
        if not self.chat_pace.allow(self.player):
            self.app.notify("Slow down: a few chat lines every ten seconds. Your line is "
                            "kept: Enter sends it in a moment.", severity="warning")
            return False
        chat: dict[str, Any] = {"table": table, "text": text}
        if kind is not None:
            chat["kind"] = kind
        return self.write({"chat": chat})

    def _rematch_words(self, table: str | None, who: str) -> str:
        """The table's line that `who` set up its rematch, for this reader:
        a watcher has no seat there to sit down at."""
        if who == self.player:
            return "You set up a rematch: the others are asked to sit down."
        if self._seated_at(table):
            return (f"{who} set up a rematch: the same table waits. r on the results, "
                    "or Enter on it in the lobby, sits you down.")
        return f"{who} set up a rematch: the same table waits in the lobby (w there watches it)."

    def _seated_at(self, table: str | None) -> bool:
        """This player has a person's seat at `table` (its screen's view is
        a seat's, or the lobby lists them there)."""
        update = getattr(self.screens.get(table), "update", None) if table else None
        if update is not None and update.seat is not None:
            return True
        entry = next((t for t in self.tables if t.get("table") == table), None)
        return entry is not None and any(
            s.get("player") == self.player and s.get("kind") != "bot" for s in entry["seats"])

    def table_on_screen(self) -> str | None:
        """The table whose screen is on top (None: the lobby), or under the
        dialog or results on top. Looked for from the top down: back with
        several matches, each screen opened over the last, and the first in
        `screens` was taken (r on the results set up another table again)."""
        tables = {id(screen): table for table, screen in self.screens.items()}
        for screen in reversed(self.app.screen_stack):
            if id(screen) in tables:
                return tables[id(screen)]
        return None

    def _chat(self, chat: dict[str, Any]) -> None:
        from tui.screens.chat import ChatScreen

        table, who, text = chat.get("table"), shown(chat.get("from"), 40), shown(chat.get("text"))
        said_by = _said_by(chat, who)
        # the table's own line, not the player's words (`REMATCH`)
        rematch = chat.get("kind") == "rematch" and isinstance(table, str)
        worded = self._rematch_words(table, who) if rematch else f"{said_by}: {text}"
        # said before this connection came (the hub keeps the talk so far):
        # shown where it belongs, no notice for each
        earlier = chat.get("earlier") is True
        moves = chat.get("moves")
        moves = moves if type(moves) is int and moves >= 0 else None
        key = table if isinstance(table, str) else None
        lines = self.chat.setdefault(key, [])
        lines.append(worded)
        del lines[:-200]
        flags = self.chat_earlier.setdefault(key, [])
        flags.append(earlier)
        del flags[:-200]
        top = self.app.screen
        # a table whose screen was closed (home or rematch from its results)
        # is put away: its talk panel is gone, the line is a notice
        screen = self._open_screen(table) if isinstance(table, str) else None
        heard = getattr(screen, "heard", None)
        # the game's own table-talk panel shows it (when the panel is up)
        in_sight = bool(heard(worded, moves)) if callable(heard) else False
        if isinstance(top, ChatScreen) and top.where_id == table:
            top.show(lines, flags)
        elif not earlier and who != self.player and not (in_sight and top is screen):
            from tui.plain import shortened

            if key is None and self.table_on_screen() is not None:
                self._lobby_chat_at_table(who, text, top)
                return
            # (a toast is 40 wide: a long line made a notice 17 rows tall)
            note = shortened(worded, MAX_CHAT_NOTE)
            if key is None:
                # one lobby line up at a time: each stacked its own over the
                # lobby's columns while waiting for a table to begin
                self._forget_lobby_chat()
                self._lobby_note = note
            self.app.notify(note, title=self._chat_title(key, top), timeout=6)
            notes = self._chat_notes.setdefault(key, [])
            notes.append(note)
            del notes[:-10]  # (each is up for seconds)
            if key is not None and self.table_on_screen() != key:
                self._heard_notes[key] = note

    def chat_opened(self, table: str | None) -> None:
        """The chat box of `table` (None: the lobby) opens: the notices of
        its lines go, the lines being in the box (a play-test: one stayed
        over the box's first line, hiding the end of the line it announced)."""
        for note in self._chat_notes.pop(table, []):
            self.app.withdraw_notice(note)

    def _lobby_chat_at_table(self, who: str, text: str, top: Any) -> None:
        """A lobby line while a match is on screen: one short notice for
        them all, counting the lines since (each was a notice over the
        match, and names are free, so the pace per name did not stop them)."""
        from tui.plain import shortened

        self._forget_lobby_chat()
        self._lobby_lines += 1
        said = f"{who}: {text}"
        if self._lobby_lines > 1:
            said = f"{self._lobby_lines} new lines; the last: {said}"
        self._lobby_note = shortened(said, 80)
        self.app.notify(self._lobby_note, title=self._chat_title(None, top), timeout=6)

    def _forget_lobby_chat(self) -> None:
        """The lobby chat's notice goes (a new one, the lobby is back, or a
        match's screen opens)."""
        if self._lobby_note is not None:
            self.app.call_later(self.app.withdraw_notice, self._lobby_note)
            self._lobby_note = None

    def _chat_away(self, chat: Any) -> None:
        """A line said at a table this player sits at but has not open (in
        the lobby, at another table; host/hub.py `tell_away_chat`): a
        notice, as a turn there is, one a table until they look at it,
        the next lines counted in it rather than stacked over the screen."""
        table = chat.get("table") if isinstance(chat, dict) else None
        if not isinstance(table, str):
            raise BadMessage("a chat line at another table without its table")
        who, text = shown(chat.get("from"), MAX_NAME), shown(chat.get("text"))
        if who == self.player or self.table_on_screen() == table:
            return
        lines = self._away_lines[table] = self._away_lines.get(table, 0) + 1
        where = self._table_words(table, getattr(self.screens.get(table), "update", None))
        if lines > 1:
            where += f" ({lines} new lines)"
        from tui.plain import shortened

        said = (self._rematch_words(table, who) if chat.get("kind") == "rematch"
                else f"{_said_by(chat, who)}: {text}")
        # a toast is 40 wide: two or three lines of it at most
        note = shortened(f"Chat at {where}: {said}", 80)
        self._forget_away_chat(table)
        self._away_lines[table] = lines
        self._away_notes[table] = note
        self.app.notify(note, timeout=8)

    def _seat_news(self, news: Any) -> None:
        """Another player at a table on screen went (q, their connection
        ended) or came back (host/hub.py `_tell_seat_news`), or someone began
        or stopped watching it (`tell_watching`): a notice, once.
        Told of a table not on screen, it is let be (the lobby marks them);
        a seat declined at a table not begun is said wherever the player is."""
        if not isinstance(news, dict) or not isinstance(news.get("table"), str):
            raise BadMessage("news of a seat without its table")
        who, what = shown(news.get("player"), MAX_NAME), news.get("news")
        # "left" only for leaving for good (x): "Cy left the table." for q
        # read as gone for good (play-test)
        words = {"left": f"{who} stepped away to the lobby.",
                 "dropped": f"{who}'s connection ended; their seat is kept.",
                 "resigned": f"{who} left the match for good.", "back": f"{who} is back.",
                 "watching": f"{who} is watching.", "stopped watching": f"{who} stopped watching."}
        if what == "dropped" and news.get("bye") is True:  # they quit (Ctrl+Q), not lost
            words["dropped"] = f"{who} closed Overtable; their seat is kept."
        if what == "declined" and who != self.player:  # a table not begun: said anywhere
            entry = next((t for t in self.tables if t.get("table") == news["table"]), None)
            at = f" at {entry['title']}" if entry is not None else ""
            self.app.notify(f"{who} declined the seat{at}: it is open to anyone now.", timeout=8)
        elif what in words and who != self.player and self.table_on_screen() == news["table"]:
            self.app.notify(words[what], timeout=6)

    def _forget_away_chat(self, table: str) -> None:
        """The player looks at `table` (or it is said again): its notice goes."""
        self._away_lines.pop(table, None)
        for notes in (self._away_notes, self._heard_notes):
            said = notes.pop(table, None)
            if said is not None:
                self.app.call_later(self.app.withdraw_notice, said)

    def _is_finished(self, table: str) -> bool:
        """`table`'s match is over, as seen here or as the lobby lists it."""
        if table in self.finished:
            return True
        listed = next((t for t in self.tables if t.get("table") == table), None)
        play = listed.get("play") if listed is not None else None
        return isinstance(play, dict) and bool(play.get("finished"))

    def _chat_title(self, table: str | None, top: Any) -> str:
        """A chat notice's title: "Chat (F2)" where F2 opens that chat (the
        lobby's in the lobby, a table's at it); else where it was said, as
        F2 here opened another chat without the line."""
        from tui.screens.lobby import LobbyScreen

        if table is None:
            return "Chat (F2)" if isinstance(top, LobbyScreen) else "Lobby chat (F2 in the lobby)"
        if top is self._open_screen(table) or self.table_on_screen() == table:
            return "Chat (F2)"  # also under its results or a box: F2 opens its chat
        update = getattr(self.screens.get(table), "update", None)
        return f"Chat at {self._table_words(table, update)}: F2 there"

    def _covered(self, covered: Any) -> None:
        """A table's screen just opened over another's (back with several
        matches going on, each opens as its update comes): the "Your turn."
        said as the one beneath opened would stand over a table that may
        wait for someone else. It gives way to a notice naming the table."""
        from tui.screens.game import GameScreen

        table = next((t for t, s in self.screens.items() if s is covered), None)
        update = covered.update if isinstance(covered, GameScreen) else None
        if table is None or update is None or not update.legal or update.outcome is not None:
            return
        said = self._turn_notes.pop(table, None)
        if said is not None:
            # a notice is a message: taken down after it has gone up
            self.app.call_later(self.app.withdraw_notice, said)
        # (kept as the table's: its screen opening again takes it down)
        self._turn_notes[table] = (f"Your turn at {self._table_words(table, update)}: "
                                   f"{WAY_AT_A_TABLE}.")
        self.app.notify(self._turn_notes[table], timeout=8)

    def _your_turn(self, screen: GameScreen, table: str) -> None:
        """It just became this player's decision: say so (and ring, if asked)."""
        from tui.screens.chat import ChatScreen

        self._turn_told.add(table)  # leaving the table now, the lobby says it no more
        top = self.app.screen
        if self.table_on_screen() != table:  # another table's screen is over it
            self._turn_notes[table] = f"Your turn at {self._table_words(table, screen.update)}."
            self.app.notify(self._turn_notes[table], timeout=6)
        elif top is not screen:
            # a box of this very table (a round's vote, its results): naming
            # the table read as another one, and cut the box's title
            announce = getattr(screen, "announce_turn", None)
            if isinstance(top, ChatScreen) or not (callable(announce) and announce()):
                self._turn_notes[table] = "Your turn."  # the keys type in its chat
                self.app.notify("Your turn.", timeout=3)
        elif time.monotonic() - self._last_command.get(table, -1e9) >= AT_THE_KEYBOARD_SECONDS:
            # the table's own prompt stands out a moment: a notice covered
            # the top right of the table (the recap, the spells) at 80x24
            announce = getattr(screen, "announce_turn", None)
            if not (callable(announce) and announce()):
                self._turn_notes[table] = "Your turn."
                self.app.notify("Your turn.", timeout=3)
        if getattr(self.app, "bell_on_turn", False):
            self.app.bell()

    def _note_waiting(self) -> None:
        """The tables where this player sits waiting for the others, from
        the lobby's listing (one listed as begun stays until its screen
        comes up: its first update may come after the listing)."""
        listed = {t["table"]: t for t in self.tables}
        self._waiting_at = {tid for tid in self._waiting_at
                            if tid in listed and listed[tid].get("started")}
        for tid, t in listed.items():
            if not t.get("started") and any(
                    s.get("player") == self.player and s.get("present")
                    and s.get("kind") != "bot" for s in t["seats"]):
                self._waiting_at.add(tid)

    def _began_by_itself(self, table: str, screen: GameScreen, update: SeatUpdate) -> None:
        """The match at `table` began as the last player sat down, this one
        waiting elsewhere: said in words (they were moved from the lobby
        with none), and the choice keys wait a moment (a key meant for the
        lobby would have made a move)."""
        screen.opened_by_itself()
        self.app.notify(f"Everyone has sat down: your match at "
                        f"{self._table_words(table, update, listed_first=False)} begins.")

    def _table_words(self, table: str, update: SeatUpdate | None, listed_first: bool = True) -> str:
        """`table` as a notice names it (`table_words`): from the lobby's
        listing, else (or, not `listed_first`, first: the listing may not
        yet have the last one to sit down) from its screen's last update."""
        listed = next((t for t in self.tables if t["table"] == table), None)
        if update is not None and not listed_first:
            listed = None
        if listed is not None:
            return table_words(listed, self.player)
        if update is None:
            return "a table"
        from tui.screens.game import bare_name

        title = getattr(_game(update.game), "title", "a table")
        others = [bare_name(n) for s, n in enumerate(update.names)
                  if s != update.seat and s not in update.bots]
        bots = sorted(update.bots - {update.seat})
        if bots:  # counted, as `table_words` does
            others.append(bare_name(update.names[bots[0]]) if len(bots) == 1 else f"{len(bots)} bots")
        return _with(title, others)

    def _way_to_the_table(self, table: str | None = None) -> str:
        """How a table listed in the lobby (`table`) is reached from the
        screen on top (a notice about it: a turn there, a seat kept there).
        In the lobby, Enter on it where it is highlighted, else the arrows
        to it: "Enter on it" under the cursor on another table sat a
        play-tester down there."""
        from tui.screens.game import GameScreen
        from tui.screens.lobby import LobbyScreen

        top = self.app.screen
        if isinstance(top, LobbyScreen):
            return WAY_ON_IT if table is None or top.highlighted_id == table else WAY_TO_IT
        listed = next((t for t in self.tables if table and t["table"] == table), None)
        if listed is not None and self._rematch_on_screen(listed):
            return WAY_REMATCH  # "q for the lobby" covered its results' Rematch (r)
        if isinstance(top, GameScreen):
            return WAY_AT_A_TABLE
        return "Enter on it in the lobby sits you down"

    def in_the_lobby(self) -> None:
        """The lobby is on top again (q from a table): a notice still up that
        named the way there from a table ("...: q for the lobby, then Enter
        on it", a seat kept, a turn) says it again in the lobby's words, for
        the time it had left; the others stay as they are. (Play-test: in
        the lobby, "ann keeps a seat for you at Overseers" still said "q
        for the lobby".)"""
        self._reword_ways((WAY_AT_A_TABLE, WAY_REMATCH))

    def _at_a_table(self, table: str) -> None:
        """`table`'s screen just opened: a notice still up that named the
        way to another table from the lobby ("Enter on it sits you down")
        says it again in a table's words, for the time it had left.
        (Play-test: "Your turn at Boss Quest ...: Enter on it sits you
        down" stayed over the table sat at a second later, where Enter
        does something else.)"""
        self._reword_ways((WAY_ON_IT, WAY_TO_IT), but=table)

    def _reword_ways(self, ways: tuple[str, ...], but: str | None = None) -> None:
        """Each notice up that says one of `ways` to its table (not `but`'s)
        says instead the way from the screen on top (`_way_to_the_table`)."""
        from textual.app import Notify
        from textual.notifications import Notification

        changed = False
        for shown in list(getattr(self.app, "_notifications", ())):
            way = next((w for w in ways if w in shown.message), None)
            if way is None:
                continue
            table = next((t for t, note in self._invite_notes.items() if note is shown),
                         None) or next((t for t, note in self._turn_notes.items()
                                        if note == shown.message), None)
            if table is not None and table == but:
                continue
            self.app._unnotify(shown, refresh=False)
            changed = True
            again = Notification(shown.message.replace(way, self._way_to_the_table(table)),
                                 shown.title, shown.severity, max(1.0, shown.time_left))
            for tid, note in list(self._invite_notes.items()):
                if note is shown:
                    self._invite_notes[tid] = again
            for tid, note in list(self._turn_notes.items()):
                if note == shown.message:
                    self._turn_notes[tid] = again.message
            self.app.post_message(Notify(again))
        if changed:
            self.app._refresh_notifications()

    def _turns_away(self) -> None:
        """It became this player's turn at a table they are away from (in
        the lobby, at another table, over a dialog): the hub sends the lobby
        then (host/hub.py `_list_away`), and they are told as the table's
        screen tells them, once a turn, with the bell if they asked for it.
        A table whose screen is open here tells by itself."""

        from tui.screens.lobby import seats_to_act, turn_waits_away

        owed: set[str] = set()
        for table in self.tables:
            seats = table["seats"]
            mine = seats_to_act(table, self.player)
            if not mine:
                continue
            tid = table["table"]
            owed.add(tid)
            if tid in self._turn_told:
                continue
            self._turn_told.add(tid)
            screen = self.screens.get(tid)
            if screen is not None and screen in self.app.screen_stack:
                continue  # its own screen says it
            if not turn_waits_away(table, self.player):
                continue  # held at another terminal, or a bot plays it meanwhile
            # the bot's countdown too: the notice covered the lobby's "(a bot plays ..."
            due = [seats[n]["bot_in"] for n in mine if seats[n].get("bot_in") is not None]
            way = self._way_to_the_table(tid)
            if due:  # one sentence: `way` may begin with a key ("q"), kept small
                way = f"a bot plays for you in {max(1, math.ceil(min(due)))} s; {way}"
            self._turn_notes[tid] = f"Your turn at {table_words(table, self.player)}: {way}."
            self.app.notify(self._turn_notes[tid], timeout=8)
            if getattr(self.app, "bell_on_turn", False):
                self.app.bell()
        # a table whose listing no longer owes this player a decision: its
        # next turn is told (the lobby does not come at every move: the
        # table's own updates forget it too, `_draw`)
        listed = {t["table"] for t in self.tables}
        self._turn_told -= (listed - owed)

    def _invitations(self) -> None:
        """A new table keeps a seat for this player: say so, wherever they
        are (at another table, the lobby's hint is out of sight). Not for
        the rematch of the results on screen: its chat line says it."""
        from textual.app import Notify
        from textual.notifications import Notification


        kept = {}
        for table in self.tables:
            if not table.get("started") and table.get("creator") != self.player and any(
                    s.get("player") == self.player and not s.get("present")
                    for s in table.get("seats", ())):
                kept[table.get("table")] = table
        for tid, table in kept.items():
            if tid in self._invited or self._rematch_on_screen(table):
                continue
            by = table.get("creator")
            # named as its lobby row is, and a rematch as one: "at Overboss
            # Duel" reached a player playing the rematch of that name (a play-test)
            title = self.numbered_title(table)
            if table.get("rematch_of") is not None:
                title = f"the rematch, {title}"
            note = Notification(f"{by + ' keeps' if by else 'A table keeps'} a seat for you "
                                f"at {title}: {self._way_to_the_table(tid)}.", "Invited",
                                "information", 10)
            self.app.post_message(Notify(note))
            self._invite_notes[tid] = note
        for tid in self._invited - set(kept):
            note = self._invite_notes.pop(tid, None)
            if note is not None:
                # sat down (or withdrawn): "Enter sits you down" would mislead.
                # Textual (pinned 8.2) takes a notice down only by this name.
                with contextlib.suppress(Exception):
                    self.app._unnotify(note)
        self._invited = set(kept)

    def numbered_title(self, table: dict[str, Any]) -> str:
        """The listed `table`'s game as its lobby row names it, with its
        number among the rows alike ("Overboss Duel #2")."""
        from tui.screens.lobby import numbered_title, row_numbers

        number = next((n for t, n in zip(self.tables, row_numbers(self.tables), strict=True)
                       if t.get("table") == table.get("table")), None)
        return numbered_title(table, number)

    def _rematch_on_screen(self, table: dict[str, Any]) -> bool:
        """`table` is the match on screen played again (its results or its
        final table are up, where the rematch's chat line says it; a plain
        table alike, set up with n, is not)."""
        return table.get("rematch_of") is not None and (
            table.get("rematch_of") == self.table_on_screen())

    def _told_not_kept(self, titles: Any) -> None:
        """The hub's word, as this player logs in, of their tables not
        begun that its last stop dropped: said here whether or not this app
        saw them (a session of `overtable host` is new after a stop), and
        not again by `_not_kept`. Each is its title, or a rematch's
        ``{"title", "rematch_of"}`` (its match is listed: asked for again
        there); any other shape is passed over."""
        if not isinstance(titles, list):
            return
        from collections import Counter

        dropped: Counter[tuple[str, bool]] = Counter()
        for entry in titles:
            title, of = (entry.get("title"), entry.get("rematch_of")) if isinstance(
                entry, dict) else (entry, None)
            if isinstance(title, str):
                dropped[shown(title), isinstance(of, str)] += 1
        # one notice a game: three identical notices read as one repeated
        for (title, rematch), count in dropped.items():
            self._say_not_kept(title, count, rematch=rematch)
        self._unbegun = None

    def _say_not_kept(self, title: str, count: int = 1, *, rematch: bool = False) -> None:
        """`count` tables of `title` not begun were not kept; `rematch`:
        rematches, asked for again as the results screen asks (Rematch, r),
        not set up again with n (the form starts from the last set-up)."""
        if rematch:
            said = (f"Your {title} rematch had not begun and was not kept: ask for it again "
                    "with Rematch (r) on the match's results (Enter on it in the lobby)."
                    if count == 1 else
                    f"Your {count} {title} rematches had not begun and were not kept: ask for "
                    "each again with Rematch (r) on its match's results (Enter on it in the "
                    "lobby).")
        else:
            said = (f"Your {title} table had not begun and was not kept: set it up again (n)."
                    if count == 1 else
                    f"Your {count} {title} tables had not begun and were not kept: set them "
                    "up again (n).")
        self.app.notify(said, severity="warning", timeout=15)

    def _not_kept(self) -> None:
        """Back at the hub, the first lobby: each of this player's tables
        that had not begun as the hub went away and is gone now (a
        restarted hub keeps none: README) is said, once. The lobby listed
        it while the hub was away, and then it went unsaid."""
        if self._unbegun is None or not self._welcomed:
            return
        from collections import Counter

        listed = {t["table"] for t in self.tables}
        # a rematch whose finished match is listed (under its match's id
        # after a restart) is asked for again there
        results = {t.get("match") for t in self.tables
                   if (t.get("play") or {}).get("finished")} - {None}
        gone = Counter((t["title"], t.get("rematch_match") in results)
                       for t in self._unbegun if t["table"] not in listed)
        for (title, rematch), count in gone.items():
            self._say_not_kept(title, count, rematch=rematch)
        self._unbegun = None

    def _lobby_want(self, table: str) -> None:
        """The lobby highlights `table` when next drawn (back from it)."""
        from tui.screens.lobby import LobbyScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.want = table

    def _note_ending(self, table: dict[str, Any], before: dict[str, Any] | None) -> None:
        """Mark a finished `table` of the lobby with what this app knows of
        its ending (`endings`); one seen running before ended now."""
        match = table.get("match")
        if not match or not (table.get("play") or {}).get("finished"):
            return
        ending = self.endings.setdefault(match, {})
        if table.get("ended_at") is not None:
            # the hub's word: over SSH each connection is a new app, which
            # saw no match end and read "match 6b3d62fe" instead
            ending["at"] = ended_words(table["ended_at"])
        elif before is not None and not (before.get("play") or {}).get("finished"):
            ending.setdefault("at", time.strftime("%H:%M"))
        if table.get("winners") is not None:
            # the hub's word: a player who left for good, or never sat
            # there, gets no final update (`_note_winners`) to say it
            ending["winners"] = table["winners"]
        if table.get("winner_seats") is not None:
            ending["seats"] = table["winner_seats"]
        table["ended"] = ending

    def _note_winners(self, table_id: str, update: SeatUpdate) -> None:
        """Who won the match at `table_id`, from its final `update`."""
        if update.outcome is None:
            return
        for table in self.tables:
            if table["table"] == table_id and table.get("match"):
                ending = self.endings.setdefault(table["match"], {})
                ending["winners"] = [split_mark(update.names[s])[0]
                                     for s in sorted(update.outcome.winners)
                                     if 0 <= s < len(update.names)]
                # (the row names a bot's seat as its Seats column does)
                ending["seats"] = [s for s in sorted(update.outcome.winners)
                                   if 0 <= s < len(table["seats"])]
                table["ended"] = ending

    def _lobby_changed(self) -> None:
        from tui.screens.lobby import LobbyScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, LobbyScreen):
                screen.show(self.tables, self.player)


class NotYourHub(Exception):
    """The hub's socket is held by another user's process (host/peer.py)."""


async def _lines(reader: asyncio.StreamReader, limit: int) -> Any:
    """The lines `reader` gives, each with its newline; None, once, for a
    line longer than `limit`, whose bytes are dropped as they come (to its
    end: no piece of it is read as a message of its own, and one line is
    one notice however long it goes on). Ends at the end of the stream."""
    buffer = bytearray()
    skipping = False
    while chunk := await reader.read(1 << 16):
        searched = len(buffer)
        buffer += chunk
        while (end := buffer.find(b"\n", searched)) >= 0:
            line = bytes(buffer[: end + 1])
            del buffer[: end + 1]
            searched = 0
            if skipping:  # the end of the line too long
                skipping = False
            elif len(line) > limit:
                yield None
            else:
                yield line
        if len(buffer) > limit:
            buffer.clear()
            if not skipping:
                skipping = True
                yield None


def shown(value: Any, limit: int = MAX_SHOWN) -> str:
    """Text from the hub as it may reach the screen: printable characters
    only (no escape sequence, no bidi override), at most `limit` of them.
    The hub checks names and chat already; this side does not rely on it."""
    text = "".join(c for c in str(value) if c.isprintable())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_name(name: str) -> str:
    """A seat's name from the hub at most `MAX_NAME` characters, its away
    mark kept after it: cut as a whole, a 31-character name lost its
    "(away)" and kept a "…" that every sentence naming it repeated."""
    bare, mark = split_mark(name)
    return shown(bare, MAX_NAME) + mark


#: the most seats a listed table has (a game seats at most six)
MAX_LISTED_SEATS = 12
#: the most options a listed table names, and the longest words for one
#: (a game has a dozen options at most, each a few words)
MAX_LISTED_OPTIONS = 24
MAX_OPTION_WORDS = 80


def lobby_tables(raw: Any) -> tuple[list[dict[str, Any]], int]:
    """The lobby's tables as the screens read them, each field of its type
    (a hub's word is trusted for nothing else), and how many entries were
    not tables and were left out. A lobby holding a number where a table
    goes, or a table id that was a list, was shown, and the next key in the
    lobby ended the app ("'int' object has no attribute 'get'")."""
    if not isinstance(raw, list):
        raise BadMessage("the lobby is a list of tables")
    tables: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in raw:
        table = _lobby_table(entry)
        if table is not None and table["table"] not in seen:
            seen.add(table["table"])
            tables.append(table)
    return tables, len(raw) - len(tables)


def _said_by(chat: dict[str, Any], who: str) -> str:
    """Who said a chat line, as its reader is shown it: "Dee (watching)"
    for a line from someone watching the table, not playing at it (in the
    table's chat and in the notice of a line said at a table one is away from)."""
    return f"{who} (watching)" if chat.get("watching") is True else who


def _lobby_table(entry: Any) -> dict[str, Any] | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("table"), str):
        return None
    seats = entry.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > MAX_LISTED_SEATS:
        return None
    if not all(isinstance(seat, dict) for seat in seats):
        return None
    play = entry.get("play")
    if play is not None:
        if not isinstance(play, dict):
            return None
        to_act = play.get("to_act")
        moves = play.get("moves")
        play = {
            "finished": play.get("finished") is True,
            "to_act": [s for s in to_act if type(s) is int and 0 <= s < len(seats)]
            if isinstance(to_act, list) else [],
            "moves": moves if type(moves) is int else 0,
        }
    away_bot = entry.get("away_bot")
    ended_at = entry.get("ended_at")
    options = entry.get("options")
    winners = entry.get("winners")
    winner_seats = entry.get("winner_seats")
    game = _text(entry.get("game"))
    return {
        "table": entry["table"],
        "game": game,
        "title": _text(entry.get("title")) or game or "?",
        "creator": _text(entry.get("creator")),
        "away_bot": away_bot if type(away_bot) in (int, float) and away_bot > 0 else None,
        "options": [shown(word, MAX_OPTION_WORDS) for word in options[:MAX_LISTED_OPTIONS]
                    if isinstance(word, str)] if isinstance(options, list) else [],
        "seats": [_lobby_seat(seat) for seat in seats],
        "started": entry.get("started") is True,
        "play": play,
        "match": entry["match"] if isinstance(entry.get("match"), str) else None,
        "rematch_of": entry["rematch_of"] if isinstance(entry.get("rematch_of"), str) else None,
        # who won a finished match (a name each, no more than its seats)
        "winners": [shown(name, MAX_NAME) for name in winners[:len(seats)]
                    if isinstance(name, str)] if isinstance(winners, list) else None,
        # and their seats (an older hub's: none)
        "winner_seats": sorted({s for s in winner_seats if type(s) is int and 0 <= s < len(seats)})
        if isinstance(winner_seats, list) else None,
        # when it ended (time.time()): a number that is a time until a day
        # from now, else none (the row says the match's id)
        "ended_at": float(ended_at) if type(ended_at) in (int, float)
        and math.isfinite(ended_at) and 0 <= ended_at <= time.time() + 86400 else None,
    }


def ended_words(at: float, now: float | None = None) -> str:
    """When a finished match ended, as its lobby row says it: "15:16" on
    the day it is now, else the day ("2025-12-24", as the saved matches
    say a day); "" for a time the local clock cannot show."""
    try:
        when = time.localtime(at)
        today = time.localtime(time.time() if now is None else now)
    except (OverflowError, OSError, ValueError):
        return ""
    same_day = when[:3] == today[:3]
    return time.strftime("%H:%M" if same_day else "%Y-%m-%d", when)


def _lobby_seat(seat: dict[str, Any]) -> dict[str, Any]:
    player = seat.get("player")
    level = seat.get("level")
    bot_in = seat.get("bot_in")
    fields = {
        "kind": _text(seat.get("kind")) or "open",
        "player": shown(player, MAX_NAME) if isinstance(player, str) and player else None,
        "level": shown(level, MAX_NAME) if isinstance(level, str) else None,
        "present": seat.get("present") is True,
        "away": seat.get("away") is True,
        "bot_playing": seat.get("bot_playing") is True,
        "gone": seat.get("gone") is True,
        # played by the game's own rules (Overstocked's solo bot)
        "rules_bot": seat.get("rules_bot") is True,
        # (a day at most: a hub's number is shown, not trusted)
        "bot_in": min(bot_in, 86400.0) if type(bot_in) in (int, float) and bot_in >= 0 else None,
    }
    # when the bot will play (time.monotonic): the lobby counts down from
    # the listing's coming, drawn later and again each second
    fields["bot_at"] = None if fields["bot_in"] is None else time.monotonic() + fields["bot_in"]
    return fields


def table_words(table: dict[str, Any], me: str) -> str:
    """A table of the lobby's listing as a notice names it
    (tui/screens/lobby.py `table_words`: the lobby's confirm boxes name it so too)."""
    from tui.screens.lobby import table_words as words

    return words(table, me)


def _with(title: str, others: list[str]) -> str:
    if not others:
        return title
    return f"{title} with {listed(others)}"


def _text(value: Any) -> str:
    return shown(value) if isinstance(value, str) else ""


def _plain(line: bytes) -> bool:
    """Whether every text in the line of JSON is printable as it stands: no
    escape in it (a control character is written as one) and no raw
    non-printable character (C1 controls, a right-to-left override)."""
    if b"\\" in line:
        return False
    try:
        return line.rstrip(b"\n").decode("utf-8").isprintable()
    except UnicodeDecodeError:
        return False


def _printable_texts(value: Any, keep: str = "") -> Any:
    """A parsed message with each of its texts (keys too) printable, as
    `shown` makes them: every text from the hub reaches the screens (names, log lines, the
    view's words), and an escape sequence in one would reach the terminal.
    A hub sends none; this side does not rely on it. A log line keeps its
    line breaks (`keep`): the rules break a move from the combat it ends,
    and without the break the two ran together ("as +2.Combat vs 17 HP")."""
    if isinstance(value, str):
        return value if value.isprintable() else "".join(
            c for c in value if c.isprintable() or c in keep)
    if isinstance(value, list):
        return [_printable_texts(item, keep) for item in value]
    if isinstance(value, dict):
        return {_printable_texts(key): _printable_texts(item, "\n" if key == "log" else "")
                for key, item in value.items()}
    return value


def seat_request(seat: dict[str, Any]) -> Any:
    """A seat of the lobby's listing as a "create" request names it."""
    if seat.get("kind") == "bot":
        return {"bot": seat.get("level")}
    return {"player": seat["player"]} if seat.get("player") else "open"


def _game(game_id: Any) -> Any:
    from core import GAMES

    return GAMES.get(game_id) if isinstance(game_id, str) else None
