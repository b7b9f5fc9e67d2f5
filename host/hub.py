"""The hub: one process holding every shared match, reached over a local socket.

Players each at their own terminal run the app as a seat client that talks
to the hub over a Unix socket only the host's user can open (its directory
is 0700, the socket 0600). Every message is one line of JSON, bounded in
size; the hub answers anything else with an error line and keeps serving,
and nothing one client sends can disturb another client or another match.

Messages from a client (one key names the message):

- ``{"hello": {"player": "ann"}}`` first, once (another is answered with an
  error, and changes nothing): who this is. The hub trusts it
  because only the host's user can open the socket; the SSH front door
  binds the name to the player's key before it starts the client.
- ``{"lobby": {}}``: the tables, open and running.
- ``{"create": {"game": id, "options": {...}, "seats": [seat, ...],
  "away_bot": seconds}}``: a new table; a seat is ``"open"``,
  ``{"player": name}`` (reserved) or ``{"bot": level}``. The match starts
  when every person has sat down. With ``away_bot`` (optional; null or
  absent: the match waits), a bot plays the seat of a player who is away
  once it has been their turn for that long, and hands the seat back the
  moment they return. A table keeps its id while it is played; after a
  restart of the hub, a match is listed under its journal's id. With
  ``rematch_of`` (optional: a finished table the player played at), the
  table replays that match, and is refused unless it is that table again
  (game, options, each seat's player or bot level, away choice): when its
  rematch waits already (not begun, a seat there kept for the player), the
  player is seated there instead, and told ``{"created": ..., "existing": true}``.
- ``{"join": {"table": id, "seat": n}}``, ``{"watch": {"table": id}}``.
- ``{"stand": {"table": id}}``: before the match begins, the player stands
  up from their seat (it is open to anyone again); the table's creator
  withdraws the table instead (it leaves the lobby; those there are said
  ``WITHDRAWN`` in its chat, in the creator's name). Once the match has
  begun a seat is kept: its player leaves with the screen's `q`.
- ``{"resign": {"table": id}}``: the player leaves a running match for good;
  a bot plays their seat to its end, and they cannot sit there again.
- ``{"clear": {"table": id}}``: a player who sat at a finished table takes
  it out of the lobby (finished tables leave it `FINISHED_SECONDS` after
  the match ended anyway); the journal stays among the saved matches.
- ``{"command": <SeatCommand>, "table": id}``: play, undo or leave.
- ``{"reading": {"table": id, "on": true|false}}``: the player put a box up
  over that table (a round's end, the vote, F1), or put it away; the table
  does not wait, but its screens say the seat is reading
  (`SeatUpdate.reading`). A watcher's is ignored.
- ``{"put_away": {"table": id, "kind": name, "count": n}}``: the player
  put away the first `n` boxes of that kind over that table (the screen's
  word: Boss Quest's "combats", Overseers' "rounds"; a box up and unread is
  counted as not put away). Kept per seat beside the journal
  (`Table.put_away`) and given back to that seat's player alone as they sit
  down there again, before the table's first update: a box left unread
  with q comes back, as at one terminal. A watcher's is ignored.
- ``{"bye": {}}``: the player quits (their app closes the connection next):
  the host's terminal says they left, not that their connection dropped.
- ``{"chat": {"table": id or null, "text": "..."}}``: a line to everyone at
  that table (seated or watching), or in the lobby; at most 200 characters,
  five lines every ten seconds per player (across their connections);
  ``"kind": "rematch"`` (at a finished table, by the player who set up its
  rematch, once) makes it the table's own line that they set up its rematch. The
  hub keeps the last `KEEP_CHAT` lines of each table and of the lobby, and
  sends a connection those it has not had when it sits down at or watches
  the table (the lobby's: when it says hello), marked ``"earlier": true``.
  They are kept on disk too (a begun table's beside its journal), so a
  restarted hub still has them.

Messages to a client: ``{"welcome": {"player": name, "settings": {...}}}``
(``settings``: the host's own choices each player's app takes, by their
variable's name, `PASSED_ON`; absent when it has none; ``"not kept"``: the
titles of this player's tables not begun that the last stop dropped, said
once, `NOT_KEPT_FILE`; a rematch's as ``{"title", "rematch_of": match id}``
while the finished match it replays is listed, `Hub.told_not_kept`), ``{"lobby": [...]}``
(each table's `Table.summary`: its seats (``"rules_bot": true`` on one the
game's own rules play), its options in words, its away choice, its winners
once its match is over, by name and by seat, and when it ended,
``"ended_at"``: seconds since the epoch),
``{"joined": ...}``, ``{"update": <SeatUpdate>, "table": id}``,
``{"put_away": {"table": id, "kinds": {name: n}}}`` (before the first
update to a player sitting down again: the boxes they put away there),
``{"refused": reason, "table": id}``, ``{"chat": {"table", "from", "text"}}``
(at a table also ``"moves"``: how many moves the match had when it was said,
``"kind"`` when it has one, and ``"watching": true`` from a watcher),
``{"chat_away": {"table", "from", "text"}}`` (a line said at a table the
player sits at but has open at none of their terminals: told, not kept;
with the line's ``"kind"`` and ``"watching"``),
``{"seat_news": {"table", "player", "news"}}`` (to the others at a running
table, once each: a player's seat let go, ``"left"`` with q, ``"dropped"``
as their connection ended (``"bye": true`` too when they quit, `bye`),
``"resigned"``, or held again, ``"back"``; to the creator and those
sitting at a table not begun, ``"declined"``: the seat kept for the player
was declined, open now; to the players at a running table, ``"watching"`` and ``"stopped watching"``: someone began
watching it, or stopped; an app that does not know it ignores it),
``{"stopping": true}`` (the hub stops, on purpose: seats are kept),
``{"moved": {"table": id}}`` (the player sat down at that table from another
terminal, where their seat now is), ``{"notice": text, "table": id}`` (once
a player, on opening a match the hub resumed before a damaged line of its
journal: what was left out), ``{"error": reason}``.

Every match is journaled as it is played (`saves.match.Match`); a restarted
hub lists every unfinished match again at its last action (and each finished
one for the rest of its `FINISHED_SECONDS`), and a player who
comes back (by name) gets their seat back, unless they had left that match
for the lobby; one who had none watches again the running match they
watched as their last connection ended (`Hub.watched`, `WATCHED_FILE`). Bots play on the hub. What the journal does not hold (the
table's creator, its away choice, who left it, the match it replays) is kept beside it, in
``<journal>.table.json``, and its chat in ``<journal>.chat.json``; the
lobby's chat is `LOBBY_CHAT_FILE` in the same directory.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import math
import os
import re
import sys
import time
import uuid
from collections import Counter, deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

from host.bots import BotHolder, seat_bots, stand_in
from host.messages import (
    CHAT_BURST,
    CHAT_WINDOW,
    MAX_BOX_COUNT,
    MAX_BOX_KIND,
    MAX_BOX_KINDS,
    MAX_CHAT,
    MAX_MARKS,
    MAX_MESSAGE_BYTES,
    MAX_NAME,
    PILED_MARKS,
    BadMessage,
    Pace,
    SeatUpdate,
    draw_turn_files,
    mid_sentence,
    piles_marks,
)
from host.peer import own_file
from host.session import BOT, REMOTE, SPECTATOR, Link, Session
from host.wire import codec
from saves.journal import explain, printable, quoted
from saves.match import SaveFailed

log = logging.getLogger(__name__)

#: the longest line a client may send (a command or a table's setup)
MAX_CLIENT_LINE = 16 * 1024
#: the most of a table's file (`_read_table_file`) read: the moves a bot
#: played for away players run to a few thousand numbers in a long match
MAX_TABLE_FILE = 1024 * 1024
#: commands (moves, take-backs, "move now") a player may send at once,
#: and a second after that, from all their terminals: a person never comes
#: near it, but each accepted move is journaled with an fsync and redrawn
#: by every app at the table, so a client playing and taking back in a
#: loop as fast as it could held the disk and the other players' apps busy
COMMAND_BURST = 200
COMMAND_RATE = 20.0
#: sitting down, watching and asking for the lobby, the same way: each sends
#: a whole update or lobby back, and a client asking in a loop held the hub
#: (a person does it a few times a minute)
SEAT_BURST = 30
SEAT_RATE = 2.0
#: a player's box put up over a table (`reading`), the same way: each is
#: told to every screen at the table. One past it is not told (a box put
#: away always is: nobody is left "reading…")
READING_BURST = 30
READING_RATE = 2.0
#: setting up a table, standing up from one (the creator's withdraws it)
#: and clearing a finished one, the same way: each changes the lobby every
#: client is sent, and a client setting up and withdrawing tables in a
#: loop did 700 to 1400 a second, half a core (a person sets up a few a
#: minute; a burst covers clearing a lobby's finished tables one by one)
TABLE_BURST = 20
TABLE_RATE = 1.0
#: a refused request is said on the host's terminal once a player per
#: this many seconds (a client refused in a loop must not flood it)
SLOW_DOWN_TOLD_SECONDS = 60.0
OPEN = "open"
#: refused names the host's terminal is told of (a client may try many)
MAX_REFUSED_NAMES_TOLD = 20
#: the longest a creator may have the match wait before a bot stands in
MAX_AWAY_BOT = 3600.0
#: the shortest: 1e-300 was taken, and the lobby read "after 1e-300 s"
MIN_AWAY_BOT = 1.0
#: tables not yet finished that one player may have created, and on the
#: whole hub (the lobby lists every table in one bounded message)
MAX_TABLES_PER_PLAYER = 10
MAX_TABLES = 200
#: finished tables the lobby keeps (their results can be seen again); older
#: ones leave it. They were kept until the hub restarted: played out one
#: after another, they grew the lobby past the longest message, and every
#: player was sent "A message was too long to send." for a lobby
MAX_FINISHED = 40
#: of those, the most one creator's: past it their oldest leave first. A
#: player setting up tables against bots and resigning at once, the bots
#: playing each out, filled the lobby's 40 with theirs, and the others'
#: results left it long before their half hour
MAX_FINISHED_PER_CREATOR = 5
#: matches a player's tables may begin in an hour (each a journal kept for
#: good and a match the hub's bots may play out); a set-up past it is
#: refused until the hour's oldest is an hour old. A person plays a few
MATCHES_PER_HOUR = 20
#: seconds a finished table stays in the lobby (its results can be seen
#: again there; its journal stays among the host's saved matches): finished
#: tables piled up there for good, each marking its players away
FINISHED_SECONDS = 30 * 60.0
#: bytes a client may leave unread before the hub lets it go (a client that
#: never reads must not grow the hub's memory without end)
MAX_UNREAD = 4 * 1024 * 1024
#: connections the hub serves at once (the SSH front door lets in 60
#: sessions); one past it is told and let go. Each is a file descriptor:
#: a client opening connections without end used up the process's, and
#: every match's next move failed to save ("Too many open files")
MAX_CLIENTS = 256
#: connections one name may hold at once (a person has a few terminals):
#: connections that said hello and then nothing, under a handful of names,
#: filled `MAX_CLIENTS` for everyone
MAX_CONNECTIONS_PER_PLAYER = 8
#: descriptors kept for the matches (a lock on each table's journal), a
#: journal being written, the bots' processes and the listening socket
FDS_KEPT = MAX_TABLES + MAX_FINISHED + 64
#: seconds a new connection has to say who it is (one that never does, or
#: sends half a line and stalls, must not hold its place for ever)
HELLO_SECONDS = 30.0
#: the lobby goes to a client at most once in this many seconds: changes
#: (and requests) closer together go out as one lobby, the latest (a lobby
#: of a full hub is ~130 kB and takes ~12 ms to build; one player creating
#: and withdrawing tables in a loop had every client sent one each time)
LOBBY_SECONDS = 0.25
#: `NOT_KEPT_FILE` is written at most once in this many seconds: changes
#: closer together are written as one, the latest (every table set up or
#: withdrawn rewrote it: ~6 MB a second from one client doing it in a loop)
NOT_KEPT_SECONDS = 1.0
#: chat lines kept for each table and for the lobby, sent to a connection
#: that sits down or watches there (the lobby's when it says hello): a
#: player whose connection dropped came back to an empty chat. A begun
#: table's are kept beside its journal (`_chat_file`), the lobby's in the
#: shared matches' directory (`LOBBY_CHAT_FILE`): a restart emptied them
KEEP_CHAT = 50
#: the most of a chat file read back: KEEP_CHAT lines of MAX_CHAT
#: characters (at most 4 bytes each), with their names, fit in a fifth
MAX_CHAT_FILE = 256 * 1024
#: `seat_news` to the players at a running table: someone began watching
#: it, or stopped (their last connection watching it)
WATCHING = "watching"
STOPPED_WATCHING = "stopped watching"
#: each of those is told of one watcher at a table at most once in this
#: many seconds: one told since waits for the rest of that time, and is
#: told then only if it still holds (a quick return is no news). A player
#: watching and leaving in a loop kept both notices on every seated
#: player's screen; a watcher's first "watching" is told at once
WATCH_NEWS_SECONDS = 60.0
#: a chat line's one kind (``"kind"``): the table's own line that a player
#: set up its rematch, worded by each app for its reader (a watcher has no
#: seat there), not as the player's words
REMATCH = "rematch"
#: the line the hub says at a table not begun as its creator withdraws it,
#: in the creator's name, so whoever sat down there reads why it went: the
#: hub's, paced as withdrawals are (the app sent it, and a player
#: withdrawing ten tables in a row was told to slow down their chat)
WITHDRAWN = "I withdrew this table."
#: the lobby's chat, in the shared matches' directory (`Hub.directory`):
#: the hub's own whichever way it is started, where the socket's may be
#: any directory (--socket /tmp/hub.sock); not a ".jsonl", so never listed
#: as a saved match
LOBBY_CHAT_FILE = "lobby-chat.json"
#: what each name watched as its last connection ended (`Hub.watched`),
#: beside the lobby's chat: a restart must not send watchers to the lobby
WATCHED_FILE = "watched.json"
#: beside the matches: the tables not begun as the hub stopped, by creator,
#: told to each as they next log in (`Hub.not_kept`)
NOT_KEPT_FILE = "not-kept.json"
#: the most of the watched file read back
MAX_WATCHED_FILE = 256 * 1024
#: tables not kept told to one player at most (a damaged file's list)
MAX_TABLES_NOT_KEPT = 20
#: the longest finished match's id a not-kept rematch is read back with
#: (a journal's is 32 characters)
MAX_MATCH_ID = 64
#: locked by the hub serving the shared matches' directory, for as long as
#: it serves, and holding its socket's path (`Hub.claim`): a second hub
#: there on another socket found every match locked and served none,
#: saying only "0 table(s), 0 resumed". Left behind when it stops: a lock
#: file removed could be locked by two hubs at once
HUB_LOCK_FILE = "hub.lock"



class AtMostEvery:
    """Runs `action` at most once every `seconds`: asked again sooner, it
    runs once that long after its last run, however many times it was
    asked meanwhile (what it does is made then, so it has every change
    asked for since). Without a running loop (a hub driven by hand), at
    once. The hub's lobby and its `NOT_KEPT_FILE`, and each client's lobby,
    are paced so."""

    def __init__(self, seconds: float, action: Callable[..., None]) -> None:
        self.seconds = seconds
        self.action = action
        #: when it last ran, by the loop's clock
        self.at = -seconds
        self._timer: asyncio.TimerHandle | None = None

    @property
    def owed(self) -> bool:
        """A run is waiting for its time."""
        return self._timer is not None

    def ask(self) -> None:
        """Run now, or once `seconds` have passed since the last run."""
        if self._timer is not None:
            return  # the run owed is made then: it has this change
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run()
            return
        wait = self.at + self.seconds - loop.time()
        if wait <= 0:
            self.run()
        else:
            self._timer = loop.call_later(wait, self.run)

    def run(self, *args: Any, **kwargs: Any) -> None:
        """Run now, the run owed with it."""
        self.cancel()
        with contextlib.suppress(RuntimeError):
            self.at = asyncio.get_running_loop().time()
        self.action(*args, **kwargs)

    def cancel(self) -> None:
        """Drop the run owed."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

class HubError(ValueError):
    """A request the hub refuses; the message is for the player."""


class MatchesServed(OSError):
    """Another running hub serves the shared matches' directory (`Hub.claim`)."""


class SeatRefused(HubError):
    """A new table refused for one of its seats (`seat`, from 0): the app
    marks that seat on its form."""

    def __init__(self, seat: int, reason: str) -> None:
        # the reason goes on the sentence ("Seat 2: a player's name ...")
        small = reason[0].lower() + reason[1:] if reason[:2].istitle() else reason
        super().__init__(f"Seat {seat + 1}: {small}")
        self.seat = seat


class ChatLog:
    """The last KEEP_CHAT lines said at a table (or in the lobby), each with
    its number, so that a connection is sent each line once (`Client.tell_chat`).
    Kept on disk as they are said (`Hub.keep_chat`), read back by a restarted hub."""

    def __init__(self) -> None:
        #: (number, the chat message's body), oldest first
        self.lines: deque[tuple[int, dict[str, Any]]] = deque(maxlen=KEEP_CHAT)
        #: lines said so far (the number of the newest)
        self.said = 0
        #: the last try to keep it on disk failed (said once in the log)
        self.unkept = False

    def add(self, line: dict[str, Any]) -> None:
        self.said += 1
        self.lines.append((self.said, line))

    def since(self, seen: int) -> list[tuple[int, dict[str, Any]]]:
        return [(n, line) for n, line in self.lines if n > seen]


@attrs.frozen
class NotKept:
    """A table not begun that a stop drops, as `NOT_KEPT_FILE` keeps it for
    its creator: its game's title, and, for a rematch (asked for with r on
    a finished match's results), that match's journal id: its creator is
    told to ask again there, not to set it up again with n."""

    title: str
    rematch_of: str | None = None

    def kept(self) -> str | dict[str, str]:
        """As the file keeps it: a table's title alone (as before: an older
        hub reads it), a rematch's with the match it replays."""
        if self.rematch_of is None:
            return self.title
        return {"title": self.title, "rematch_of": self.rematch_of}


@attrs.define
class Seat:
    """One seat of a table: who may sit there, who does."""

    kind: str  # "open" | "reserved" | "bot"
    player: str | None = None
    level: str | None = None
    #: the player has sat down (before the match starts)
    present: bool = False

    @property
    def ready(self) -> bool:
        return self.kind == "bot" or self.present


@attrs.define(eq=False)
class Table:
    """A shared match: waiting for players, then played by its session."""

    id: str
    game: Any
    options: Any
    seats: list[Seat]
    creator: str
    #: seconds an away player's turn waits before a bot plays it (None: wait)
    away_bot: float | None = None
    session: Session | None = None
    #: the lobby has been told the match is over
    announced: bool = False
    #: seat -> the bot playing it while its player is away
    stand_ins: dict[int, BotHolder] = attrs.field(factory=dict)
    #: seat -> the timer that seats a bot there
    timers: dict[int, asyncio.TimerHandle] = attrs.field(factory=dict)
    #: what the lobby last listed of the table's away players (`away_listing`)
    listed_away: tuple = ()
    #: players who left the running match for the lobby (q) and have not
    #: sat down there since: logging in does not seat them here again
    left: set[str] = attrs.field(factory=set)
    #: the match's `stand_in_moves` as last kept beside its journal
    kept_moves: frozenset[int] = frozenset()
    #: the session's `shown` (how far each person's seat was last sent the
    #: table) as last kept beside its journal, or read back from there
    kept_shown: dict[int, int] = attrs.field(factory=dict)
    #: players who left the match for good (`x` in the lobby): a bot plays
    #: their seat to the end, and they cannot sit there again
    resigned: set[str] = attrs.field(factory=set)
    #: the timer that takes the finished table out of the lobby
    expiry: asyncio.TimerHandle | None = None
    #: when the match ended (time.time(); a resumed one: its journal's last
    #: write), so that a restart keeps it listed for the rest of its time
    ended_at: float | None = None
    #: the finished table has left the lobby (kept beside its journal: a
    #: restart does not list it again)
    off_lobby: bool = False
    #: what was said at the table lately (it goes with the table)
    chat: ChatLog = attrs.field(factory=ChatLog)
    #: why the match resumed before the end of its damaged journal, for
    #: each player who opens it (once: `told`)
    went_back: str | None = None
    told: set[str] = attrs.field(factory=set)
    #: person seat -> kind of box -> how many its player put away
    #: (`Client._put_away`), kept beside the journal: given back as they
    #: sit down again (`Client.attach`), so a box left unread comes back
    put_away: dict[int, dict[str, int]] = attrs.field(factory=dict)
    #: person seat -> held by its player at the last change (`Hub._tell_seat_news`)
    present: dict[int, bool] = attrs.field(factory=dict)
    #: seats whose going the others were told of: their return is told too
    told_gone: set[int] = attrs.field(factory=set)
    #: player -> why their seat is let go now ("left", "dropped", "bye", "moved", "resigned")
    letting_go: dict[str, str] = attrs.field(factory=dict)
    #: the finished table whose match this one plays again (its rematch)
    rematch_of: str | None = None
    #: its creator said at the finished table that it waits (`Hub.rematch_to_say`)
    rematch_said: bool = False
    #: that match's journal id, kept beside this table's journal: a
    #: restarted hub lists the finished table under it (`_table_again`)
    rematch_of_match: str | None = None
    #: when the table was set up (time.time()), kept beside its journal: a
    #: restarted hub lists the tables in this order, as before (it listed
    #: the finished first, the others by their journals' last write)
    set_up: float = attrs.field(factory=time.time)
    #: player -> when they last sat down here (time.time()), kept beside
    #: the journal: a connection comes back to the one table its player
    #: sat at last (`Client._hello`), not to every table they hold
    sat: dict[str, float] = attrs.field(factory=dict)
    #: watcher -> whether the seated players were last told they watch
    #: (`Hub.tell_watching`); (watcher, that news) -> when it was told
    #: (time.monotonic()); watcher -> the timer of news held back
    watch_said: dict[str, bool] = attrs.field(factory=dict)
    watch_said_at: dict[tuple[str, bool], float] = attrs.field(factory=dict)
    watch_timers: dict[str, asyncio.TimerHandle] = attrs.field(factory=dict)
    #: the winners' names once the match is over (`winners`)
    _winners: list[str] | None = None

    def cancel_timers(self) -> None:
        """The table's timers stop (it leaves the hub, or the hub stops)."""
        for timer in [*self.timers.values(), *self.watch_timers.values()]:
            timer.cancel()
        self.timers.clear()
        self.watch_timers.clear()
        if self.expiry is not None:
            self.expiry.cancel()
            self.expiry = None

    @property
    def started(self) -> bool:
        return self.session is not None

    @property
    def finished(self) -> bool:
        return self.session is not None and self.session.match.finished

    def away_listing(self) -> tuple:
        """What the lobby lists of the away players here: each person's seat
        away or not (and a bot playing it or not) and, while one is away,
        who owes a decision (the lobby says "waiting: Bob away" only while
        the match waits on him). The same at every move of a table where
        everyone is there: the lobby does not go out for those."""
        session = self.session
        if session is None or session.closed or session.match.finished:
            return ()
        stand_ins = session.stand_ins()
        away = tuple((seat in stand_ins, session.holder_of(seat) is None)
                     for seat, s in enumerate(self.seats) if s.kind != "bot")
        if not any(bot or nobody for bot, nobody in away):
            return (away,)
        return (away, frozenset(self.game.to_act(session.match.state)))

    def winners(self) -> list[str]:
        """Who won the finished match, by name, as its seats' updates name
        them (worked out once)."""
        if self._winners is None:
            session = self.session
            outcome = None if session is None else session.match.outcome
            self._winners = [] if outcome is None else [
                session.names[s] for s in sorted(outcome.winners) if 0 <= s < len(session.names)]
        return self._winners

    def winner_seats(self) -> list[int]:
        """The seats that won the finished match, in order."""
        session = self.session
        outcome = None if session is None else session.match.outcome
        return [] if outcome is None else sorted(outcome.winners)

    def summary(self) -> dict[str, Any]:
        state = None
        if self.session is not None:
            match = self.session.match
            to_act = sorted(s for s in self.game.to_act(match.state) if s >= 0)
            state = {
                "finished": match.finished,
                "to_act": to_act,
                # what the players (people and bots) chose: the deal and
                # the draws are chance's, and a play-test's leave-for-good box
                # read "23 moves made" where one bot had chosen a card
                "moves": sum(seat >= 0 for seat, _ in match.history),
            }
        seats = [attrs.asdict(s) for s in self.seats]
        # (the session's word: the lobby goes out as the bot sits down,
        # before the hub has noted it, `away_listing`)
        stand_ins = self.session.stand_ins() if self.session is not None else frozenset()
        running = self.session is not None and not self.finished
        from core.arena import held_seats, options_words

        held = held_seats(self.options, len(seats))
        for seat, entry in enumerate(seats):
            if seat not in held:  # the game's own rules play it (Overstocked's solo
                # bot, OS-19): it read "bot (normal)", a level it does not have
                entry["rules_bot"] = True
            # a person's seat that nobody holds while the match runs (or
            # that a bot holds for them): away. Once the match is over
            # nobody is (a player who had left its results read "away" there)
            entry["bot_playing"] = running and seat in stand_ins
            entry["away"] = running and (entry["bot_playing"] or (
                entry["kind"] != "bot" and self.session.holder_of(seat) is None))
            # left for good: a bot plays the seat to the end
            entry["gone"] = entry["kind"] != "bot" and entry["player"] in self.resigned
            # seconds until a bot plays for the away player: their turn
            # notice says it (the lobby's Now column says only "after 30 s")
            due = self.session.bot_due.get(seat) if running else None
            if due is not None:
                entry["bot_in"] = round(max(0.0, due - time.monotonic()), 1)
        return {
            "table": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "creator": self.creator,
            # what differs from the rulebook's game, in words ("Draft
            # variant"): an invited player read no option before sitting down
            "options": list(options_words(self.options, len(self.seats))),
            "away_bot": self.away_bot,
            "seats": seats,
            "started": self.started,
            "play": state,
            # the match's own id, the same after a restart (the table's is
            # not): a watcher's app finds the match it watched again by it
            "match": None if self.session is None else self.session.match.header.match_id,
            "rematch_of": self.rematch_of,
            # who won, for everyone's row ("over · Cy won"): a player who
            # left for good, or never sat there, gets no final update to say it
            **({"winners": self.winners()} if self.finished else {}),
            # and by seat: the row names a winner as its Seats column names
            # the seat ("won by Bot 2" beside "bot (normal)")
            **({"winner_seats": self.winner_seats()} if self.finished else {}),
            # and when it ended (time.time()): every row reads it ("over ·
            # 15:16"), where only an app running as it ended knew it
            **({"ended_at": self.ended_at} if self.finished and self.ended_at is not None
               else {}),
        }


class Hub:
    """Every shared match of this host, and the clients at them."""

    def __init__(self, directory: Path, *, bot_delay: float = 0.45, seed: int | None = None,
                 settings: dict[str, str] | None = None, tells_players: bool = False):
        #: where the journals of shared matches live
        self.directory = Path(directory)
        #: the host's settings each player's app takes, sent with the
        #: welcome (`PASSED_ON`; by default this process's own)
        self.settings = passed_on() if settings is None else dict(settings)
        self.bot_delay = bot_delay
        self.seed = seed
        #: a line on the host's terminal as each player comes and goes (the
        #: SSH host says it itself, with their address and key)
        self.tells_players = tells_players
        #: matches started so far: each draws from its own seed (`seed` plus
        #: this count; the tables held now repeat a count once one is gone)
        self._started = 0
        self.tables: dict[str, Table] = {}
        self.clients: set[Client] = set()
        #: the drawing turns' lock files this hub made (`serve`)
        self._draw_locks: list[Path] = []
        #: how often each player chats and sends commands, from any of
        #: their connections (the limit is the player's, not each terminal's)
        self.chat_pace = Pace(CHAT_BURST, CHAT_BURST / CHAT_WINDOW)
        self.command_pace = Pace(COMMAND_BURST, COMMAND_RATE)
        self.seat_pace = Pace(SEAT_BURST, SEAT_RATE)
        self.reading_pace = Pace(READING_BURST, READING_RATE)
        self.table_pace = Pace(TABLE_BURST, TABLE_RATE)
        #: player -> when a request of theirs refused for its pace was last
        #: said on the host's terminal (`slow_down`)
        self._slowed: dict[str, float] = {}
        #: creator -> when their tables' matches began (time.monotonic()),
        #: within the last hour (`MATCHES_PER_HOUR`)
        self._begun: dict[str, deque[float]] = {}
        #: names refused at a hello and told on the host's terminal
        self._refused_names: set[str] = set()
        #: (creator, name) of seats kept for a known player's look-alike,
        #: refused and told there
        self._refused_invitations: set[tuple[str, str]] = set()
        #: what was said in the lobby lately
        self.lobby_chat = ChatLog()
        #: player -> the id of the running match they watched as their last
        #: connection ended: a new one (over SSH, a new app that knows
        #: nothing) watches it again. Kept in `WATCHED_FILE`
        self.watched: dict[str, str] = {}
        #: player -> the titles of their tables not begun that the last
        #: stop dropped (README: not kept), said to them once as they log
        #: in: over SSH, the app that knew of them ended with the stop
        self.not_kept: dict[str, list[NotKept]] = {}
        #: `NOT_KEPT_FILE` was read into `not_kept` (`_keep_not_kept`
        #: reads it first otherwise), and what was last written there: the
        #: file holds those still to be told and every table not begun now,
        #: so that a hub killed (kill -9) leaves the word for the next
        self._not_kept_read = False
        self._not_kept_written: dict[str, list[NotKept]] | None = None
        #: `NOT_KEPT_FILE` brought up to date (`_keep_not_kept`), at most
        #: once in NOT_KEPT_SECONDS: a hub killed (kill -9) loses at most the
        #: tables set up or withdrawn in that last second, and a stop
        #: (`close`) writes what is owed
        self.not_kept_pace = AtMostEvery(NOT_KEPT_SECONDS, self._keep_not_kept)
        #: the lobby to every client (`_send_lobbies`), paced
        self.lobby_pace = AtMostEvery(LOBBY_SECONDS, self._send_lobbies)
        self._server: asyncio.AbstractServer | None = None
        #: connections served at once (`client_limit`, set when serving),
        #: and whether the hub is full (said once in its log until it is not)
        self.max_clients = MAX_CLIENTS
        self._full = False
        #: and whether it has said that a new connection ends a silent one
        self._ending_silent = False
        #: the hub is stopping (`close`): its players did nothing, so no
        #: seat news goes out as their connections end
        self.stopping = False
        #: the directory's lock while this hub serves it (`claim`)
        self._claim: int | None = None

    # -- starting --------------------------------------------------------------------

    def claim(self, socket_path: Path) -> None:
        """Take the directory's matches for this hub, serving on
        `socket_path`, before resuming any (`HUB_LOCK_FILE`, released by
        `close` or as the process ends, killed too); `MatchesServed`, naming
        the other hub's socket, while another hub has them. Where the lock
        cannot be made (a folder that cannot be written, a file system
        without locks) the hub starts without the guard, as a match plays
        on without its journal's lock."""
        import errno

        from saves.lock import fcntl

        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(self.directory / HUB_LOCK_FILE,
                         os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError:
            return
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            other = os.pread(fd, 4096, 0).decode("utf-8", "replace").strip()
            os.close(fd)
            where = f" (on {other})" if other else ""
            raise MatchesServed(errno.EBUSY, printable(
                f"another hub is serving the matches in {self.directory}{where}: stop it "
                "first, or give this one another --data-dir")) from None
        except OSError:
            pass  # no locks here: served without the guard
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, os.fsencode(socket_path), 0)
        self._claim = fd

    def resume_all(self) -> list[str]:
        """Bring back every unfinished match of the directory, at its last
        action (the ids returned), and the finished tables still listed;
        problems are logged and the match left out."""
        from saves import store
        from saves.match import Match

        resumed: list[str] = []
        self.lobby_chat = _read_chat_file(self.lobby_chat_path, None)
        watched = _read_watched_file(self.watched_path)
        self.not_kept = _read_not_kept_file(self.directory / NOT_KEPT_FILE)
        if line := not_kept_line(_not_kept_titles(self.not_kept), stopping=False):
            log.info("%s", line)  # the host's terminal: its creators are told in the app
        self._not_kept_read = True
        self._not_kept_written = None
        self.not_kept_pace.run()  # (a damaged file is replaced by what was read of it)
        try:
            listed = store.list_matches(self.directory)
        except store.SavesUnreadable as error:
            log.warning("nothing resumed: %s", printable(str(error)))
            return resumed
        self._resume_finished([s for s in listed if s.finished])
        copies: dict[str, list[Any]] = {}  # match id -> its journals loaded, newest first
        for saved in listed:
            if saved.finished or saved.superseded_by or saved.in_use:
                continue
            if not saved.resumable:  # said: a player's match must not vanish unexplained
                log.warning("not resumed: %s", printable(_about(saved.path, saved.problem)))
                continue
            loaded = Match.load(saved.path)
            if loaded.match is None or not all(p.resumable for p in loaded.problems):
                # (a file name or a header may hold escape sequences: not for the terminal)
                log.warning("not resumed: %s",
                            printable("; ".join(p.message for p in loaded.problems)))
                continue
            copies.setdefault(loaded.match.header.match_id, []).append(loaded)
        for loads in copies.values():
            loaded = _furthest(loads)
            match = loaded.match
            refused = (_not_served(match, self.tables) or _seat_nobody_takes(match)
                       or match.cannot_save())
            if refused:
                # left as it is, on disk and in the listing of the matches
                log.warning("not resumed: %s", printable(_about(match.path, refused)))
                match.close()
                continue
            table = _table_again(match)
            seats = table.seats
            if loaded.problems:  # the local app asks first; here the host and players are told
                log.warning("%s", printable(_resumed_how(loaded)))
                table.went_back = _went_back(loaded)
            self.tables[table.id] = table
            self._start(table, match)
            if table.resigned:  # their bots play on
                self._seat_for_good(table, [i for i, s in enumerate(seats)
                                            if s.player in table.resigned])
            resumed.append(table.id)
        self._in_set_up_order()
        for table in self.tables.values():
            if table.rematch_of not in self.tables:  # that match left the lobby
                table.rematch_of = table.rematch_of_match = None
        for line in clashing_seats(self.tables.values()):
            log.warning("%s", printable(line))
        # (only matches that run again: a watcher's of another is gone)
        self.watched = {name: match for name, match in watched.items() if match in resumed}
        return resumed

    def _in_set_up_order(self) -> None:
        """The tables (and so the lobby's rows) in the order they were set
        up (`Table.set_up`); of one time, as they are."""
        tables = sorted(self.tables.values(), key=lambda table: table.set_up)
        self.tables.clear()
        self.tables.update((table.id, table) for table in tables)

    def _resume_finished(self, listed: list[Any]) -> None:
        """List again each finished table that ended less than
        FINISHED_SECONDS ago (its journal's last write) and was not taken
        out of the lobby, for the rest of its time (README: it stays half
        an hour after it ended, its results and Rematch there)."""
        from saves.match import Match

        now = time.time()
        recent = []
        for saved in listed:
            if saved.superseded_by or saved.in_use:
                continue
            try:
                ended = saved.path.stat().st_mtime
            except OSError:
                continue
            if now - ended < FINISHED_SECONDS and not _read_off_lobby(saved.path):
                recent.append((ended, saved.path))
        for ended, path in sorted(recent)[-MAX_FINISHED:]:
            loaded = Match.load(path)
            match = loaded.match
            if match is None or not match.finished or _not_served(match, self.tables):
                if match is not None:
                    match.close()
                continue
            table = _table_again(match)
            table.ended_at = min(ended, now)
            self.tables[table.id] = table
            self._start(table, match)

    async def serve(self, socket_path: Path) -> None:
        """Listen on `socket_path` (0600; its directory made private if the
        hub makes it); OSError when another hub answers there (see
        `refuse_a_second_hub`) or something else is there."""
        socket_path = Path(socket_path)
        if not socket_path.parent.is_dir():
            socket_path.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(socket_path.parent, 0o700)
        # (never an existing one: a shared directory such as /tmp would lose
        # its sticky bit and everyone else's access for good)
        if open_to_anyone(socket_path.parent):
            import errno

            raise OSError(errno.EPERM, OPEN_FOLDER.format(folder=socket_path.parent))
        refuse_a_second_hub(socket_path)
        _remove_a_stale_socket(socket_path)
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(
                self._client, path=str(socket_path), limit=MAX_CLIENT_LINE
            )
        finally:
            os.umask(old)
        os.chmod(socket_path, 0o600)
        # the apps' drawing turns (tui/draw_turns.py): this hub's, so that
        # none is left behind once it stops (an app made them, for good)
        # (another user's, made first in a shared folder, is left alone: the
        # apps draw without turns then, `DrawTurns`)
        for lock in draw_turn_files(socket_path):
            with contextlib.suppress(OSError):
                fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
                mine = own_file(fd)
                os.close(fd)
                if not mine:
                    log.warning("%s", printable(f"{lock} is not this user's file: the apps "
                                                "draw others' moves without turns"))
                    break
                self._draw_locks.append(lock)
        self.max_clients = client_limit()
        #: where `overtable join` finds this hub (the host prints it)
        self.socket_path = socket_path

    async def close(self) -> None:
        for lock in self._draw_locks:
            with contextlib.suppress(OSError):
                lock.unlink()
        self._draw_locks.clear()
        if self.lobby_pace.owed:
            # the lobby owed goes out first: a client words its stop notice
            # from its last listing, and a match begun within LOBBY_SECONDS
            # of the listing before read "your table not yet begun"
            self.lobby_pace.run()
        self.stopping = True
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        dropped: dict[str, list[str]] = {}
        for table in self.tables.values():
            if not table.started:
                dropped.setdefault(table.creator, []).append(table.game.title)
        if line := not_kept_line(dropped, stopping=True):
            log.info("%s", line)
        self.not_kept_pace.run(stopping=True)  # (what a timer still owed too)
        for client in list(self.clients):
            client.send({"stopping": True})  # their apps say the seats are kept
            client.hushed = True  # the last word: not the others' seats let go
        for client in list(self.clients):
            client.close()
        for table in self.tables.values():
            table.cancel_timers()
            if table.session is not None:
                self._keep_shown(table, all_seats=True)
                table.session.close()
        search = sys.modules.get("host.search_process")  # loaded only if a bot searched
        if search is not None:
            search.close_shared_pool()
        if self._claim is not None:  # (after every match is closed)
            os.close(self._claim)
            self._claim = None

    # -- tables ----------------------------------------------------------------------

    def create(self, player: str, request: Any) -> Table:
        from core import GAMES
        from saves.journal import codec as journal_codec

        if not isinstance(request, dict):
            raise HubError("A new table needs a game and its seats.")
        game = GAMES.get(request.get("game")) if isinstance(request.get("game"), str) else None
        if game is None:
            named = request.get("game")
            raise HubError(("A new table names its game" if named is None else
                            f"There is no game {quoted(named, 40)}") + f"; games: {', '.join(GAMES)}.")
        raw_seats = request.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) not in game.players:
            raise HubError(
                f"{game.title} seats {game.players.start} to {game.players.stop - 1} players."
            )
        raw_options = request.get("options", {})
        if not isinstance(raw_options, dict):
            raise HubError(f"{game.title}'s options are an object of names and values.")
        journal = journal_codec(game)
        try:
            options = journal.converter.structure(raw_options, game.Options)
            # checked for this table's seats: an option may fit only some
            game.setup(len(raw_seats), options)
        except Exception as error:
            raise HubError(f"Those are not {game.title} options for {len(raw_seats)} seats "
                           f"({explain(error)}).") from None
        # each option written exactly as the game writes it ("yes" is not on,
        # an unknown name is no option)
        written = journal.options_dict(options)
        for name, value in raw_options.items():
            if name not in written:
                raise HubError(f"{game.title} has no option {name!r}.")
            if json.dumps(value) != json.dumps(written[name]):
                raise HubError(f"{game.title}'s option {name!r} is written as "
                               f"{json.dumps(written[name])} or the like, not {json.dumps(value)}.")
        self._forget_finished()
        open_tables = [t for t in self.tables.values() if not t.finished]
        if sum(t.creator == player for t in open_tables) >= MAX_TABLES_PER_PLAYER:
            raise HubError(f"You have {MAX_TABLES_PER_PLAYER} tables open already: "
                           "finish or withdraw one first.")
        if len(open_tables) >= MAX_TABLES:
            raise HubError("The hub has as many tables as it can list: try again later.")
        self._check_matches_this_hour(player)
        seats: list[Seat] = []
        keys: set[str] = set()
        for number, raw in enumerate(raw_seats):
            try:
                seat = _seat(raw, game.id)
            except HubError as error:
                raise SeatRefused(number, str(error)) from None
            if seat.kind == "reserved":
                name = str(seat.player)
                if name_key(name) in keys:
                    raise SeatRefused(number, "A player can hold one seat at a table.")
                keys.add(name_key(name))
                known = self.known_as(name)
                if known is not None:  # said to the one setting up, not to a player joining
                    self._tell_refused_invitation(player, name, known)
                    raise SeatRefused(number, f"{name!r} is the player {known!r} here: type "
                                              f"{known!r} to keep the seat for them, or another name.")
            seats.append(seat)
        away_bot = _away_bot(request.get("away_bot"))
        rematch_of = self._rematch_of(player, request)
        if rematch_of is not None:
            self._refuse_unlike(player, self.tables[rematch_of], game, written, seats, away_bot)
        table = Table(uuid.uuid4().hex[:12], game, options, seats, player, away_bot)
        table.rematch_of = rematch_of
        if table.rematch_of is not None:  # (finished: it has a match)
            table.rematch_of_match = self.tables[table.rematch_of].session.match.header.match_id
        self.tables[table.id] = table
        return table

    def _check_matches_this_hour(self, player: str) -> None:
        """HubError if `player`'s tables began MATCHES_PER_HOUR matches in
        the last hour."""
        now = time.monotonic()
        for name, begun in list(self._begun.items()):
            while begun and now - begun[0] >= 3600:
                begun.popleft()
            if not begun:
                del self._begun[name]
        begun = self._begun.get(player, deque())
        if len(begun) >= MATCHES_PER_HOUR:
            minutes = math.ceil((begun[0] + 3600 - now) / 60)
            raise self.slow_down(player, "create", (
                f"your tables began {MATCHES_PER_HOUR} matches in the last hour, the most "
                f"the host sets up for one player: set up the next in {minutes} min."))

    def _rematch_of(self, player: str, request: Any) -> str | None:
        """The finished table a create request replays (``rematch_of``):
        one `player` played at; None without one."""
        of = request.get("rematch_of") if isinstance(request, dict) else None
        if of is None:
            return None
        old = self.tables.get(of) if isinstance(of, str) else None
        if old is None:
            raise HubError("A rematch names the table of the match it plays again.")
        if not old.finished:
            raise HubError("A rematch is of a finished match.")
        if not any(s.player == player and s.kind != "bot" for s in old.seats):
            raise HubError("Only a player of a finished match sets up its rematch.")
        return of

    def _refuse_unlike(self, player: str, old: Table, game: Any, options: dict[str, Any],
                       seats: list[Seat], away_bot: float | None) -> None:
        """HubError (and a line on the host's terminal) unless a rematch
        sets `old`'s table up again, as README promises: the others' own r
        seats them at it (`rematch_waiting`), so a crafted one of another
        game, with a hard bot and a one-second away bot, took them there."""
        from saves.journal import codec as journal_codec

        def who(seat: Seat) -> tuple[str | None, ...]:
            return ("bot", seat.level) if seat.kind == "bot" else ("person", seat.player)

        differ = [what for what, same in (
            ("game", old.game.id == game.id),
            ("options", old.game.id != game.id
             or journal_codec(game).options_dict(old.options) == options),
            ("seats", [who(s) for s in old.seats] == [who(s) for s in seats]),
            ("away choice", old.away_bot == away_bot)) if not same]
        if not differ:
            return
        log.warning("%s", printable(f"refused {player}'s rematch of table {old.id}: its "
                                    f"{', '.join(differ)} differ from the finished match's"))
        raise HubError(f"A rematch sets up the finished match's table again (its game, options, "
                       f"each person's seat, each bot and its level, the away choice); this one's "
                       f"{' and '.join(differ)} differ.")

    def rematch_to_say(self, table_id: str, player: str) -> Table | None:
        """The rematch of the finished table `table_id` that `player` set
        up and has not yet said so at it: its chat's rematch line (a
        crafted one, with no rematch, sent the others to an empty lobby)."""
        return next((t for t in self.tables.values() if t.rematch_of == table_id
                     and t.creator == player and not t.rematch_said), None)

    def rematch_waiting(self, player: str, request: Any) -> tuple[Table, int] | None:
        """The rematch that `request` asks for, set up already, with
        `player`'s seat there: (table, seat), begun or not. One a finished
        match: two players pressing r at once made two tables, each waiting
        for the other, and an r once it had begun set up another, inviting
        the others away from it. HubError where it cannot seat them (it is
        over, or they left it for good)."""
        of = self._rematch_of(player, request)
        table = next((t for t in self.tables.values() if of and t.rematch_of == of), None)
        if table is None:
            return None
        seat = next((n for n, s in enumerate(table.seats)
                     if s.player == player and s.kind != "bot"), None)
        if table.finished:
            raise HubError("This match's rematch is over: r on its own results plays again.")
        if table.started and (seat is None or player in table.resigned):
            raise HubError("This match's rematch is under way without you: w on it in the "
                           "lobby watches it.")
        return None if seat is None else (table, seat)

    def chat_of(self, table_id: str | None) -> ChatLog:
        """What was said at a table (None: in the lobby)."""
        return self.lobby_chat if table_id is None else self.table(table_id).chat

    @property
    def lobby_chat_path(self) -> Path:
        return self.directory / LOBBY_CHAT_FILE

    @property
    def watched_path(self) -> Path:
        return self.directory / WATCHED_FILE

    def remember_watch(self, name: str, match: str | None) -> None:
        """`name` watched the running `match` as their connection ended
        (None: nothing); kept beside the matches when it changes."""
        if self.watched.get(name) == match:
            return
        if match is None:
            del self.watched[name]
        else:
            self.watched[name] = match
        self._keep_watched()

    def forget_watch(self, table: Table, name: str | None = None) -> None:
        """`table`'s match is not watched again: by `name` (who left it with
        q), or by anyone (it is over)."""
        match = None if table.session is None else table.session.match.header.match_id
        gone = [n for n, m in self.watched.items() if m == match and name in (None, n)]
        for n in gone:
            del self.watched[n]
        if gone:
            self._keep_watched()

    def _keep_watched(self) -> None:
        from saves.store import write_whole

        data = json.dumps({"watched": self.watched}, ensure_ascii=False).encode()
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            write_whole(self.watched_path, data)
        except OSError as error:  # kept in memory still: only a restart forgets
            log.warning("%s", printable(_wrong_with(self.watched_path, error)))

    def _keep_not_kept(self, stopping: bool = False) -> None:
        """`NOT_KEPT_FILE` as it should stand now: under each creator, the
        tables still to be told (`not_kept`) and their tables not begun
        (each its title, and a rematch's match: `NotKept`), which a hub
        started next does not have (no journal). Kept as the tables change
        (`_lobby_changed`) and as a creator is told, so that a hub killed
        (kill -9) leaves it as true as a stop does; written (whole,
        `write_whole`) only when it changes. `stopping`: the tables go now,
        to be told by the next hub."""
        from saves.store import write_whole

        path = self.directory / NOT_KEPT_FILE
        if not self._not_kept_read:  # a hub started without `resume_all`
            self._not_kept_read = True
            for name, dropped in _read_not_kept_file(path).items():
                self.not_kept.setdefault(name, []).extend(dropped)
        wanted = {name: list(dropped) for name, dropped in self.not_kept.items() if dropped}
        for table in self.tables.values():
            if not table.started:
                wanted.setdefault(table.creator, []).append(
                    NotKept(table.game.title, table.rematch_of_match))
        wanted = {name: dropped[:MAX_TABLES_NOT_KEPT] for name, dropped in wanted.items()}
        if stopping:
            self.not_kept = wanted
        if wanted == self._not_kept_written:
            return
        try:
            if wanted:
                self.directory.mkdir(parents=True, exist_ok=True)
                kept = {name: [table.kept() for table in dropped]
                        for name, dropped in wanted.items()}
                write_whole(path, json.dumps({"not kept": kept}, ensure_ascii=False).encode())
            else:
                path.unlink(missing_ok=True)
            self._not_kept_written = wanted
        except OSError as error:  # only the word to their creators is lost
            log.warning("%s", printable(_wrong_with(path, error)))

    def told_not_kept(self, name: str) -> list[str | dict[str, str]] | None:
        """`name`'s tables not begun that the last stop dropped, taken (told
        once: `NOT_KEPT_FILE` kept without them), as the welcome says them:
        each table's title; a rematch's as ``{"title", "rematch_of"}`` while
        the finished match it replays is listed (its results, where r asks
        for it again), else as a table's (set up again with n)."""
        dropped = self.not_kept.pop(name, None)
        if not dropped:
            return None
        self.not_kept_pace.run()
        told: list[str | dict[str, str]] = []
        for table in dropped:
            of = self.tables.get(table.rematch_of) if table.rematch_of is not None else None
            told.append(table.kept() if of is not None and of.finished else table.title)
        return told

    def say_at(self, table_id: str | None, line: dict[str, Any]) -> None:
        """`line` said at a table (None: in the lobby): to everyone there,
        a notice to its players away from it, and kept."""
        self.chat_of(table_id).add(line)
        for client in list(self.clients):
            if client.player is not None and (table_id is None or table_id in client.places):
                client.tell_chat(table_id, live=True)
        if table_id is not None:
            self.tell_away_chat(self.table(table_id), line)
        self.keep_chat(table_id)

    def keep_chat(self, table_id: str | None) -> None:
        """The chat of a table (None: the lobby) to disk, for a restarted
        hub; a table's once its match has begun (before, it has no journal
        and is not resumed: `_begin` keeps what was said by then)."""
        if table_id is None:
            with contextlib.suppress(OSError):  # (failing, the write says why)
                self.directory.mkdir(parents=True, exist_ok=True)
            _write_chat_file(self.lobby_chat_path, self.lobby_chat)
            return
        table = self.tables.get(table_id)
        if table is not None and table.session is not None:
            _write_chat_file(_chat_file(table.session.match.path), table.chat)

    def tell_away_chat(self, table: Table, line: dict[str, Any]) -> None:
        """A line said at `table` to each player who sits there but has it
        open at none of their terminals (in the lobby, at another table):
        their app makes it a notice, as their turn there (tui/remote.py).
        Its talk still waits for them (`tell_chat` as they sit down again)."""
        seated = {s.player for s in table.seats if s.kind != "bot" and s.player is not None
                  and (table.started or s.present)}
        seated -= table.resigned | {line["from"]}
        seated -= {c.player for c in self.clients if not c.closed and table.id in c.places}
        away = {"chat_away": {"table": table.id, "from": line["from"], "text": line["text"]}}
        # (a watcher's line says so in the notice too: "Dee (watching): ...")
        for mark in ("kind", "watching"):
            if mark in line:
                away["chat_away"][mark] = line[mark]
        for client in list(self.clients):
            if client.player in seated:
                client.send(away)

    def watchers(self, table: Table) -> set[str]:
        """The players watching `table` (without a seat there) now."""
        return {str(c.player) for c in self.clients if not c.closed
                and (place := c.places.get(table.id)) is not None and place[2] and not place[0]}

    def tell_watching(self, table: Table, name: str) -> None:
        """The players seated at `table`'s running match are told that
        `name` began or stopped watching it (`seat_news`), once: nobody
        knew a watcher was there until they talked. Each news of a watcher
        at most once in WATCH_NEWS_SECONDS: one due sooner waits (a timer),
        and is told then only if it still holds."""
        if self.stopping or table.session is None or table.finished:
            return
        watching = name in self.watchers(table)
        if table.watch_said.get(name, False) == watching:
            return  # no news (back before the last was due: nothing said)
        now = time.monotonic()
        for key in [k for k, at in table.watch_said_at.items() if now - at >= WATCH_NEWS_SECONDS]:
            del table.watch_said_at[key]  # (no longer holds anything back)
        due = table.watch_said_at.get((name, watching), -math.inf) + WATCH_NEWS_SECONDS
        if due > now:
            with contextlib.suppress(RuntimeError):  # (a hub driven by hand: no clock)
                if name not in table.watch_timers:
                    table.watch_timers[name] = asyncio.get_running_loop().call_later(
                        due - now, self._tell_watching_due, table, name)
                return
        table.watch_said[name] = watching
        table.watch_said_at[(name, watching)] = now
        if not watching:
            del table.watch_said[name]  # (nothing left to hold back but the time)
        news = WATCHING if watching else STOPPED_WATCHING
        told = {"seat_news": {"table": table.id, "player": name, "news": news}}
        for client in list(self.clients):
            place = client.places.get(table.id)
            if client.player != name and place is not None and place[0]:
                client.send(told)

    def _tell_watching_due(self, table: Table, name: str) -> None:
        table.watch_timers.pop(name, None)
        if self.tables.get(table.id) is table:
            self.tell_watching(table, name)

    def table(self, table_id: Any) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise HubError("There is no such table.")
        return table

    def sit(self, client: Client, table: Table, seat: Any) -> None:
        """`client`'s player takes `seat` (an open one, or their own again)."""
        if type(seat) is not int or not 0 <= seat < len(table.seats):
            raise HubError("There is no such seat.")
        wanted = table.seats[seat]
        name = client.player
        mine = [i for i, s in enumerate(table.seats) if s.player == name and s.kind != "bot"]
        if wanted.kind == "bot":
            raise HubError("A bot plays that seat.")
        if wanted.player not in (None, name):
            raise HubError(f"That seat is {wanted.player}'s.")
        if name in table.resigned and wanted.player == name:
            raise HubError("You left that match for good: a bot plays your seat to its end.")
        if mine and seat not in mine:
            raise HubError("You already hold a seat at this table.")
        if table.session is None:
            for other in list(self.clients):
                if (other is not client and other.player == name and table.id in other.places
                        and seat in other.places[table.id][0]):
                    other.seat_moved(table)  # this terminal sits there instead
            wanted.player = name
            wanted.present = True
            table.sat[name] = time.time()
            if wanted.kind == OPEN:
                wanted.kind = "reserved"
            client.seated(table, seat)
            if all(s.ready for s in table.seats):
                try:
                    self._begin(table)
                except (SaveFailed, OSError) as error:
                    # a data directory that cannot be written: said in words,
                    # where the player read "The hub could not do that (SaveFailed)"
                    log.warning("table %s not started: %s", table.id, printable(str(error)))
                    self._lobby_changed()
                    if isinstance(error, SaveFailed):  # short: a notice shows a few lines
                        why = f"{error.path.parent} cannot be written ({error.reason})"
                    else:
                        why = error.strerror or str(error)
                    raise HubError(f"The match could not start: {why}. The table waits: "
                                   "Enter tries again, x withdraws it.") from None
            else:
                self._lobby_changed()
            return
        handing_back = seat in table.stand_ins
        if handing_back:
            self._hand_back(table, seat)
        holder = table.session.holder_of(seat)
        if holder is not None and holder is client.places.get(table.id, (None, None))[1]:
            client.attach(table)  # theirs here already: the table (or its results) again
            return
        held_by = getattr(getattr(holder, "holder", None), "client", None)
        if holder is not None and isinstance(held_by, Client) and held_by.player == name:
            # the same player at another terminal, perhaps one whose
            # connection dropped unseen (over the system's OpenSSH a dead one
            # lingers for hours): the seat comes to the terminal they sit at now
            held_by.seat_moved(table)
            holder = table.session.holder_of(seat)
        if holder is not None:
            raise HubError("That seat is taken; leave it first where it is held.")
        client.seated(table, seat)
        table.sat[name] = time.time()  # (its table's first, on logging in again)
        table.left.discard(name)  # theirs again: logging in brings them back here
        _write_table_file(table.session.match.path, table)
        if handing_back:  # everyone's screen drops the "bot playing" mark
            table.session.refresh()
        self._lobby_changed()  # the seat is no longer away

    def tell_refused_name(self, body: Any, error: Exception) -> None:
        """The host's terminal names a refused name (over SSH it is a key's,
        which only the host can change), once each, a few at the most."""
        name = body.get("player") if isinstance(body, dict) else None
        if not isinstance(name, str) or name in self._refused_names:
            return
        if len(self._refused_names) < MAX_REFUSED_NAMES_TOLD:
            self._refused_names.add(name)
            log.warning("refused the player name %s: %s", printable(repr(name[:MAX_NAME + 1])),
                        printable(mid_sentence(str(error))))

    def slow_down(self, player: str, kind: str, why: str) -> HubError:
        """The refusal of a request (`kind`) past its pace, "Slow down: " and
        `why`; said on the host's terminal in one line, once a player per
        SLOW_DOWN_TOLD_SECONDS."""
        now = time.monotonic()
        for name in [n for n, at in self._slowed.items() if now - at > SLOW_DOWN_TOLD_SECONDS]:
            del self._slowed[name]
        if player not in self._slowed:
            self._slowed[player] = now
            log.warning("%s sends %r requests too often: refused for now", player, kind)
        return HubError(f"Slow down: {why}")

    def _tell_refused_invitation(self, creator: str, name: str, known: str) -> None:
        """The host's line for a seat kept for `name`, a look-alike of the
        player `known`, refused to `creator`: once each, a few at the most."""
        if (creator, name) in self._refused_invitations:
            return
        if len(self._refused_invitations) < MAX_REFUSED_NAMES_TOLD:
            self._refused_invitations.add((creator, name))
            log.warning("%s's seat kept for %s refused: it reads as the player %s",
                        printable(creator), printable(repr(name)), printable(repr(known)))

    def name_refused(self, name: str) -> str:
        """Why a hello from `name` would be refused ("" if it would not): the
        SSH door asks before it says the player logged in."""
        try:
            self.check_distinct(new_player_name(name))
        except HubError as error:
            return str(error)
        return ""

    def has_seats(self, name: str) -> bool:
        """`name` holds a person's seat at a table whose match is not over
        (a watcher holds none: a stopping host keeps no seats for them)."""
        return any(not table.finished and any(s.player == name and s.kind != "bot"
                                              for s in table.seats)
                   for table in self.tables.values())

    def known_names(self) -> set[str]:
        """The players the hub knows now: connected, or who have sat at a
        table (a begun match's seat, or one sat in before it begins). A
        name only invited, at a seat kept that nobody has sat in, is none:
        a seat kept for "EVE" refused eve's login as its look-alike for as
        long as the table waited (`bind_invitations`)."""
        names = {client.player for client in self.clients if client.player is not None}
        names |= {s.player for table in self.tables.values() for s in table.seats
                  if s.player is not None and s.kind != "bot" and (table.started or s.present)}
        return names

    def bind_invitations(self, name: str) -> None:
        """The seats kept, and not sat in, for a name that reads as `name`
        (`name_key`: "EVE" for eve, who has just logged in) are kept for
        `name` now, for them to take: a name that differs from a player's
        only by case or look-alike letters is always that player's."""
        key, bound = name_key(name), False
        for table in self.tables.values():
            for seat in table.seats:
                if (not table.started and seat.kind == "reserved" and not seat.present
                        and seat.player not in (None, name) and name_key(seat.player) == key):
                    log.info("the seat kept for %s at %s's table is %s's",
                             printable(repr(seat.player)), printable(table.creator),
                             printable(name))
                    seat.player = name
                    bound = True
        if bound:  # the creator's row names eve now
            self._lobby_changed()

    def look_alikes(self, name: str) -> list[str]:
        """The players the hub knows whom `name` differs from only by case or
        Unicode form ("ann" for "ANN"), none if `name` is itself known: a
        journal copied into the folder may seat "Ann" beside a match of
        "ann" (`clashing_seats`), and each was refused as the other's
        look-alike, locking both out of their own seats."""
        known = self.known_names()
        if name in known:
            return []
        key = name_key(name)
        return [other for other in sorted(known) if name_key(other) == key]

    def known_as(self, name: str) -> str | None:
        """The first of `look_alikes`; None if there is none."""
        return next(iter(self.look_alikes(name)), None)

    def check_distinct(self, name: str) -> None:
        """HubError if `name` differs from a player the hub knows only by
        case or Unicode form ("ANN" beside "ann"): the lobby would show two
        players the others could not tell apart."""
        known = self.look_alikes(name)
        if known:
            # (each name advised is known exactly, so it is let in)
            either = " or ".join(repr(k) for k in known[:3])
            raise HubError(f"{name!r} reads as {either}, a player here already: "
                           "a name is told apart by more than its case or look-alike "
                           f"letters. Use {either} if that is you, or another name.")

    def held_elsewhere(self, client: Client, table: Table, seat: int) -> bool:
        """Another connection of `client`'s player holds `seat` at `table`
        (sat down there before the match, or playing it)."""
        for other in self.clients:
            if other is client or other.closed or other.player != client.player:
                continue
            seats, link, _ = other.places.get(table.id, (set(), None, False))
            if table.session is None and seat in seats:
                return True
            if link is not None and link.open and seat in link.seats:
                return True
        return False

    def stand(self, client: Client, table: Table) -> None:
        """`client`'s player stands up from `table` before its match begins:
        their seat is open again; the creator withdraws the whole table."""
        if table.session is not None:
            raise HubError("The match has begun: your seat is kept for you "
                           "(q on its screen leaves it for now).")
        name = client.player
        # their seat, sat at or only kept for them (an invitation declined)
        mine = [s for s in table.seats if s.kind != "bot" and s.player == name]
        if name == table.creator:
            self.say_at(table.id, {"table": table.id, "from": name, "text": WITHDRAWN,
                                   "moves": 0})
            del self.tables[table.id]
            for other in list(self.clients):
                other.places.pop(table.id, None)
                other.chat_seen.pop(table.id, None)
        elif mine:
            declined = not any(s.present for s in mine)
            for seat in mine:
                seat.kind, seat.player, seat.present = OPEN, None, False
            table.sat.pop(str(name), None)
            client.places.pop(table.id, None)
            if declined:  # the creator's row turned "open" unsaid
                told = {"seat_news": {"table": table.id, "player": name, "news": "declined"}}
                there = {table.creator} | {str(s.player) for s in table.seats if s.present}
                for other in list(self.clients):
                    if other.player in there and other.player != name:
                        other.send(told)
        else:
            raise HubError("You have no seat at that table.")
        self._lobby_changed()

    def _begin(self, table: Table) -> None:
        from saves.journal import PlayerSpec
        from saves.match import Match

        players = [
            PlayerSpec(f"Bot {i + 1}", "bot", s.level) if s.kind == "bot"
            else PlayerSpec(str(s.player), "human")
            for i, s in enumerate(table.seats)
        ]
        match = Match.new(table.game.id, players, table.options, directory=self.directory)
        self._begun.setdefault(table.creator, deque()).append(time.monotonic())
        _write_table_file(match.path, table)
        if table.chat.lines:
            _write_chat_file(_chat_file(match.path), table.chat)
        self._start(table, match)
        # those who pressed w before it began: the players never heard of them
        for name in sorted(self.watchers(table)):
            self.tell_watching(table, name)

    def _start(self, table: Table, match: Any) -> None:
        seed = None if self.seed is None else self.seed + self._started
        self._started += 1
        session = Session(
            match,
            seed=seed,
            report=lambda message: log.error("%s", message),
            on_change=lambda: self._changed(table),
            shown=table.kept_shown,  # a restart does not bring back what was sent
        )
        table.session = session
        seat_bots(session, threaded=True, delay=self.bot_delay)
        sat = False
        for client in list(self.clients):
            seats, _, _ = client.places.get(table.id, (set(), None, False))
            if seats and client.at_a_table(but=table):
                # a terminal plays one table: this one's screen opened over
                # the one played, which was held under it unseen (listed
                # present, the match waiting on them unsaid). The seat begins
                # away; the lobby tells their turn here, and Enter takes it
                client.places.pop(table.id, None)
                continue
            try:
                client.attach(table)
            except ValueError as error:  # the seat is held already: this client waits
                client.places.pop(table.id, None)
                client.error(str(error))
                continue
            if seats and client.player is not None:  # at this table from its start
                table.sat[client.player] = time.time()
                sat = True
        if sat:  # (the table file was written as the match began)
            _write_table_file(match.path, table)
        session.start()
        self._lobby_changed()

    def _forget_finished(self, keep: Table | None = None) -> None:
        """Past MAX_FINISHED finished tables, or MAX_FINISHED_PER_CREATOR of
        one creator's, the oldest leave the hub (their journals stay on
        disk, among the saved matches); `keep` (just ended) counts and stays."""
        finished = sorted((t for t in self.tables.values() if t.finished and t is not keep),
                          key=lambda t: t.ended_at or 0.0)
        kept = Counter([keep.creator] if keep is not None else [])
        for table in reversed(finished):  # the newest first
            kept[table.creator] += 1
            if (kept[table.creator] > MAX_FINISHED_PER_CREATOR
                    or kept.total() > MAX_FINISHED):
                kept[table.creator] -= 1
                self._drop(table)

    def _drop(self, table: Table) -> None:
        """`table` leaves the hub (and the lobby); its journal stays on disk."""
        self.tables.pop(table.id, None)
        table.cancel_timers()
        for holder in table.stand_ins.values():
            holder.cancel()
        table.stand_ins.clear()
        for client in list(self.clients):
            _, link, _ = client.places.pop(table.id, (None, None, None))
            client.chat_seen.pop(table.id, None)
            if link is not None:
                link.close()
        if table.session is not None:
            if table.finished and not table.off_lobby:  # a restart does not list it again
                table.off_lobby = True
                _write_table_file(table.session.match.path, table)
            table.session.close()
            if table.finished:
                # its talk goes with it: a finished match is never resumed
                # and the saved matches show no chat, so nothing would read
                # it again, and what players said is not kept past its use
                with contextlib.suppress(OSError):
                    _chat_file(table.session.match.path).unlink()

    def _announce_finished(self, table: Table) -> None:
        """The match at `table` is over: the lobby says so, and the table
        leaves it FINISHED_SECONDS later (or when cleared, `clear`)."""
        if table.announced:
            return
        table.announced = True
        self.forget_watch(table)  # nothing to watch again
        self._forget_finished(keep=table)
        if table.ended_at is None:
            table.ended_at = time.time()
        left = max(0.0, table.ended_at + FINISHED_SECONDS - time.time())
        with contextlib.suppress(RuntimeError):  # (a hub driven by hand: no clock)
            table.expiry = asyncio.get_running_loop().call_later(left, self._expire, table)
        self._lobby_changed()

    def _expire(self, table: Table) -> None:
        table.expiry = None
        if self.tables.get(table.id) is table:
            self._drop(table)
            self._lobby_changed()

    def clear(self, client: Client, table: Table) -> None:
        """A finished table leaves the lobby, cleared by a player who sat
        there (its journal stays among the host's saved matches)."""
        if not table.finished:
            raise HubError("Only a match that is over can be cleared from the lobby.")
        if not any(s.kind != "bot" and s.player == client.player for s in table.seats):
            raise HubError("Only those who played a match clear it from the lobby.")
        self._drop(table)
        self._lobby_changed()

    def resign(self, client: Client, table: Table) -> None:
        """`client`'s player leaves the running match at `table` for good: a
        bot plays their seat to the end (the rules have no resigning), and
        they cannot sit there again. Kept beside the journal."""
        session = table.session
        name = str(client.player)
        if session is None:
            raise HubError("That match has not begun: x stands you up from it.")
        if table.finished:
            raise HubError("That match is over: x clears it from the lobby.")
        mine = [i for i, s in enumerate(table.seats) if s.kind != "bot" and s.player == name]
        if not mine:
            raise HubError("You have no seat at that table.")
        if name in table.resigned:
            raise HubError("You have left that match for good already.")
        table.resigned.add(name)
        table.left.add(name)  # logging in does not seat them there either
        table.letting_go[name] = "resigned"
        for other in list(self.clients):  # each of their terminals lets go of the seat
            if other.player == name and table.id in other.places:
                _, link, _ = other.places.pop(table.id)
                if link is not None and link.open:
                    link.close()
        _write_table_file(session.match.path, table)
        self._seat_for_good(table, mine)

    def _seat_for_good(self, table: Table, seats: list[int]) -> None:
        """A bot plays `seats` (players who left for good) to the end."""
        session = table.session
        if session is None or session.closed or session.match.finished:
            return
        session.gone = frozenset(session.gone | set(seats))
        for seat in seats:
            timer = table.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
            session.bot_due.pop(seat, None)
            if seat not in table.stand_ins and session.holder_of(seat) is None:
                table.stand_ins[seat] = stand_in(session, seat, threaded=True,
                                                 delay=self.bot_delay)
        session.refresh()  # every screen marks the seat; the bot gets its turn
        self._lobby_changed()

    def _lobby_changed(self) -> None:
        """The lobby changed: every client gets it, now or (after another
        change this recently) once LOBBY_SECONDS have passed since the last.
        The tables not begun are kept on disk soon (`not_kept_pace`)."""
        if not self.stopping:
            self.not_kept_pace.ask()
        self.lobby_pace.ask()

    def _send_lobbies(self) -> None:
        data = None
        for client in list(self.clients):
            if client.player is not None:
                data = data or self.lobby_line()  # built once for all
                client.send_line(data)
                client.lobby_pace.at = self.lobby_pace.at

    def lobby_line(self) -> bytes:
        """The lobby message, within MAX_MESSAGE_BYTES. Every table fits in
        it but at the worst (six seats, each name 32 wide characters: ~1.7 kB
        a table); then the oldest finished tables are left out first, then
        the newest not yet begun, and what is left still goes."""
        tables = list(self.tables.values())
        parts = [_encoded(t.summary())[:-1] for t in tables]
        budget = MAX_MESSAGE_BYTES - 64
        total = sum(len(p) + 1 for p in parts)
        if total > budget:
            order = ([i for i, t in enumerate(tables) if t.finished]
                     + [i for i, t in reversed(list(enumerate(tables))) if not t.started]
                     + [i for i, t in reversed(list(enumerate(tables)))
                        if t.started and not t.finished])
            left_out = set()
            for i in order:
                if total <= budget:
                    break
                left_out.add(i)
                total -= len(parts[i]) + 1
            log.warning("the lobby leaves out %d tables to fit in one message", len(left_out))
            parts = [p for i, p in enumerate(parts) if i not in left_out]
        return b'{"lobby":[' + b",".join(parts) + b"]}\n"

    # -- away players --------------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """After every change at `table` (a move, a seat taken or left)."""
        if table.finished:  # (also a match the bots of those who left played out)
            self._announce_finished(table)
        # the clock first: the lobby this change sends out counts down to it
        self._watch_away(table)
        self._list_away(table)
        self._keep_stand_in_moves(table)
        self._keep_shown(table)
        self._tell_seat_news(table)

    def _tell_seat_news(self, table: Table) -> None:
        """A player's seat let go (q, a connection ended) or held again: the
        others at the table are told once (`seat_news`); "(away)" beside the
        name said nothing of when or why. A seat moved to the player's other
        terminal is neither."""
        session = table.session
        why, table.letting_go = table.letting_go, {}
        if session is None or session.closed or session.match.finished or self.stopping:
            return
        bots = session.stand_ins()
        now = {seat: session.holder_of(seat) is not None and seat not in bots
               for seat, s in enumerate(table.seats) if s.kind != "bot"}
        before, table.present = table.present, now
        for seat, here in now.items():
            if before.get(seat, here) == here:
                continue  # (a seat first seen is no news)
            name = str(table.seats[seat].player)
            if here and seat in table.told_gone:
                table.told_gone.discard(seat)
                news = "back"
            elif not here and why.get(name, "left") != "moved":
                table.told_gone.add(seat)
                news = why.get(name, "left")
            else:
                continue
            told: dict[str, Any] = {"seat_news": {"table": table.id, "player": name,
                                                  "news": news}}
            if news == "bye":  # older apps know only "dropped" for this
                told["seat_news"].update(news="dropped", bye=True)
            for client in list(self.clients):
                if client.player != name and table.id in client.places:
                    client.send(told)

    def _keep_stand_in_moves(self, table: Table) -> None:
        """A bot played for an away player (or such a move was taken back):
        kept beside the journal, so that after a restart the log still
        marks the bot's moves as its own."""
        session = table.session
        if session is None or session.match.stand_in_moves == table.kept_moves:
            return
        table.kept_moves = frozenset(session.match.stand_in_moves)
        _write_table_file(session.match.path, table)

    def _keep_shown(self, table: Table, *, all_seats: bool = False) -> None:
        """How far the seats no person holds now (or, at `all_seats`, every
        seat) were last sent the table, kept beside the journal when it
        changed: after a restart their combats put away do not come up
        again (`Missed.shown`). Not at every move: a held seat's is kept
        once its player goes, or the hub stops (a crash loses the latest:
        those combats come up again, as before)."""
        session = table.session
        if session is None or session.closed or session.match.finished:
            return
        shown = session.shown
        if not all_seats:
            held = {seat for seat in shown if (link := session.holder_of(seat)) is not None
                    and link.kind != BOT}
            # (a held seat's moves on at every move: as it was kept)
            shown = {s: n for s, n in shown.items() if s not in held}
            shown.update((s, n) for s, n in table.kept_shown.items() if s in held)
        if shown != table.kept_shown:
            table.kept_shown = shown
            _write_table_file(session.match.path, table)

    def _list_away(self, table: Table) -> None:
        """When what the lobby lists of `table`'s away players changes (one
        leaves or returns, a bot stands in, the turn passes while one is
        away) the lobby goes out: it tells an away player their turn, once
        (tui/remote.py), and the others who is awaited. The lobby does not
        go out for every move (docs/performance.md, "SSH load"): a player's
        leaving with q and the turns at their table went unlisted."""
        listed = table.away_listing()
        if listed != table.listed_away:
            table.listed_away = listed
            self._lobby_changed()

    def _watch_away(self, table: Table) -> None:
        """After every change at `table`: start the clock for each away
        player who owes a decision while somebody else is there waiting for
        them, stop it for one who no longer does. (When every player is away
        the match waits: bots do not play it out among themselves.)"""
        session = table.session
        if table.away_bot is None or session is None:
            return
        due: set[int] = set()
        people = [seat for seat, s in enumerate(table.seats) if s.kind != "bot"]
        if not session.match.finished and any(_person_at(session, s) for s in people):
            to_act = table.game.to_act(session.match.state)
            due = {seat for seat in people if seat in to_act and session.holder_of(seat) is None}
        for seat in set(table.timers) - due:
            table.timers.pop(seat).cancel()
        for seat in due - set(table.timers):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no event loop (a hub driven by hand): no clock
                return
            table.timers[seat] = loop.call_later(table.away_bot, self._stand_in, table, seat)
        self._tell_bot_due(table)

    def _tell_bot_due(self, table: Table) -> None:
        """The screens count down to the bot playing for an away player
        ("a bot plays for Ann in 25 s"): sent again when a clock starts or
        stops (the update of the change that started it went out first)."""
        session = table.session
        if session is None:
            return
        due = {seat: session.bot_due.get(seat, time.monotonic() + (table.away_bot or 0.0))
               for seat in table.timers}
        if due != session.bot_due:
            session.bot_due = due
            if not session.closed:
                session.refresh()

    def _stand_in(self, table: Table, seat: int) -> None:
        """The away player's time is up: a bot plays their seat until they return."""
        table.timers.pop(seat, None)
        session = table.session
        if session is not None:  # (told with the bot's seating, or the next change)
            session.bot_due.pop(seat, None)
        if (
            session is None
            or session.closed
            or session.match.finished
            or session.holder_of(seat) is not None
            or seat not in table.game.to_act(session.match.state)
            or not any(_person_at(session, s) for s in range(len(table.seats)))
        ):
            return
        # (the lobby goes out as the bot sits down: `_list_away`)
        table.stand_ins[seat] = stand_in(session, seat, threaded=True, delay=self.bot_delay)
        session.refresh()  # every screen marks the seat; the bot gets its turn

    def _hand_back(self, table: Table, seat: int) -> None:
        """The player is back: their bot stops at once, even mid-thought (its
        link is closed, so an answer it was still working out is dropped)."""
        holder = table.stand_ins.pop(seat)
        holder.cancel()
        if holder.link is not None:
            holder.link.close()

    # -- connections ---------------------------------------------------------------

    def _make_room(self) -> bool:
        """At the bound, end the oldest connection that has not said hello
        (if there is one) for a new one, as the SSH front door does: a
        flood of connections that say nothing, reopened as they end, kept
        every player out until the first reached HELLO_SECONDS. A player's
        app says hello as it connects: it is never the oldest waiting.
        Connections that said hello and then stall keep their places: they
        are a player's (a few each, `MAX_CONNECTIONS_PER_PLAYER`), and
        nothing tells a stalled one from a player thinking. False when
        there is none to end."""
        silent = [c for c in self.clients if c.player is None and not c.closed]
        if not silent:
            return False
        oldest = min(silent, key=lambda c: c.opened)
        if not self._ending_silent:  # said once while full, as a newcomer turned away is
            self._ending_silent = True
            log.warning("%d connections already: a new one ends the oldest that has not "
                        "said hello", len(self.clients))
        oldest.error("The hub is full, and this connection said nothing yet: it gave its "
                     "place to a new one.")
        oldest.close()
        self.clients.discard(oldest)
        return True

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = Client(self, writer)
        if len(self.clients) < self.max_clients:
            self._full = self._ending_silent = False
        elif not self._make_room():
            if not self._full:  # said once while full: a flood of tries is a flood of lines
                self._full = True
                log.warning("%d connections already: new ones are let go until one closes",
                            len(self.clients))
            client.error(f"The hub is full ({self.max_clients} connections): try again later.")
            client.close()
            return
        self.clients.add(client)
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + HELLO_SECONDS
        try:
            while not client.closed:
                try:
                    if client.player is None:  # the hello, in time
                        line = await asyncio.wait_for(
                            reader.readuntil(b"\n"), max(0.0, hello_by - loop.time()))
                    else:
                        line = await reader.readuntil(b"\n")
                except TimeoutError:
                    client.error(f"Say hello within {HELLO_SECONDS:g} seconds: closed.")
                    break
                except asyncio.LimitOverrunError:
                    client.error(f"A line is at most {MAX_CLIENT_LINE} bytes.")
                    break
                except asyncio.IncompleteReadError:
                    break
                client.handle(line)
                await client.drain()
                # the others' turn: lines already read would be answered
                # one after another without a pause (a client sending them
                # in bulk held every other table up)
                await asyncio.sleep(0)
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            # the hub is stopping (Ctrl+C): the connection ends here. A task
            # that ended cancelled is an error to Python 3.11's server
            # callback, which printed three tracebacks per connection.
            pass
        finally:
            client.close()
            self.clients.discard(client)
            if self.tells_players and client.player is not None:
                # a player's app says goodbye as they quit (`bye`); an end
                # without one is a connection lost (or the hub stopping)
                if client.said_bye:
                    # (not "left": read as for good, which is x at a table)
                    log.info("%s closed Overtable", client.player)
                elif self.stopping:
                    log.info("%s's connection ended", client.player)
                else:
                    log.info("%s's connection dropped", client.player)


class RemoteSeat:
    """A holder that forwards one table's updates to a client."""

    def __init__(self, client: Client, table: Table) -> None:
        self.client = client
        self.table = table

    def receive(self, update: SeatUpdate) -> None:
        self.client.send(
            {"table": self.table.id, "update": codec(self.table.game).update_dict(update)}
        )
        if update.over:
            self.client.hub._announce_finished(self.table)


#: numbers the connections in the order they come (`Client.opened`)
_OPENED = itertools.count()


class Client:
    """One connection to the hub: a player, the seats they hold, what they watch."""

    def __init__(self, hub: Hub, writer: asyncio.StreamWriter) -> None:
        self.hub = hub
        self.writer = writer
        self.player: str | None = None
        self.closed = False
        #: the order it connected in (`Hub._make_room` ends the oldest silent one)
        self.opened = next(_OPENED)
        #: sends nothing more (the hub is stopping and said so)
        self.hushed = False
        #: the player's app said goodbye (`bye`): they quit on purpose
        self.said_bye = False
        #: a second hello came (`_hello_again`: logged once)
        self.said_hello_again = False
        #: table id -> (seats wanted, the link once the match runs)
        self.places: dict[str, tuple[set[int], Link | None, bool]] = {}
        #: the lobby to this client (`_send_lobby_now`), at most once in
        #: LOBBY_SECONDS (the hub's sending to all counts: `_send_lobbies`)
        self.lobby_pace = AtMostEvery(LOBBY_SECONDS, self._send_lobby_now)
        #: table id (None: the lobby) -> the number of the last chat line
        #: sent here (`ChatLog`): back at a table, only what is new comes
        self.chat_seen: dict[str | None, int] = {}

    # -- sending -------------------------------------------------------------------

    def send(self, obj: Any) -> None:
        if not self.closed:
            self.send_line(_encoded(obj))

    def send_line(self, data: bytes) -> None:
        """One message already encoded (`_encoded`)."""
        if self.closed or self.hushed:
            return
        try:
            transport = getattr(self.writer, "transport", None)
            if transport is not None and transport.is_closing():
                # its peer is gone (a write failed) and its end is not read
                # yet: asyncio warns "socket.send() raised exception." on the
                # host's terminal at each write past the fifth. The reader
                # lets the client go as the end arrives.
                return
            if transport is not None and transport.get_write_buffer_size() > MAX_UNREAD:
                # it reads nothing: let it go rather than keep its backlog
                log.warning("client %s left %d bytes unread: closed", self.player, MAX_UNREAD)
                # dropped, not closed: a close waits to write the backlog
                # out, and this peer reads nothing (it held it for ever)
                self.close(abort=True)
                return
            self.writer.write(data)
        except (ConnectionError, RuntimeError):
            self.close()

    async def drain(self) -> None:
        with contextlib.suppress(ConnectionError):
            await self.writer.drain()

    def error(self, reason: str) -> None:
        self.send({"error": reason})

    def tell_chat(self, table_id: str | None, live: bool = False) -> None:
        """The chat lines of a table (None: the lobby) not sent here yet,
        marked "earlier" but for the one just said (`live`)."""
        chat = self.hub.chat_of(table_id)
        for n, line in chat.since(self.chat_seen.get(table_id, 0)):
            self.send({"chat": line if live and n == chat.said else {**line, "earlier": True}})
        self.chat_seen[table_id] = chat.said

    def send_lobby(self) -> None:
        """The lobby to this client, now or (asked for again this soon after
        the last) once LOBBY_SECONDS have passed: then, as it stands then."""
        if self.player is not None:
            self.lobby_pace.ask()

    def _send_lobby_now(self) -> None:
        if self.closed:
            return
        self.send_line(self.hub.lobby_line())

    # -- receiving -----------------------------------------------------------------

    def handle(self, line: bytes) -> None:
        try:
            message = _message(line)
            kind, body = next(iter(message.items()))
            if kind == "hello" and self.player is not None:
                self._hello_again(body)
            elif kind == "hello":
                try:
                    self._hello(body)
                except (HubError, BadMessage) as error:
                    # marked, so that the app says the name was refused and
                    # stops, rather than showing a lobby it is not in
                    self.send({"error": str(error), "hello": "refused"})
                    self.hub.tell_refused_name(body, error)
                    return
            elif self.player is None:
                raise HubError("Say hello first: who are you?")
            elif kind == "bye":  # (its body means nothing: never read)
                self.said_bye = True
            elif kind in ("lobby", "join", "watch") and not self.hub.seat_pace.allow(self.player):
                raise self.hub.slow_down(self.player, kind,
                                         "a table or the lobby asked for too often.")
            elif kind in ("create", "stand", "clear") and not self.hub.table_pace.allow(
                    self.player):
                error = self.hub.slow_down(self.player, kind, "tables set up, withdrawn or "
                                           "cleared too often: try again in a few seconds.")
                if kind == "create":  # the app keeps its form open, as for any refusal
                    self.send({"error": str(error), "create": "refused"})
                    return
                raise error
            elif kind == "lobby":
                self.send_lobby()
            elif kind == "create":
                try:
                    waiting = self.hub.rematch_waiting(self.player, body)
                    table = waiting[0] if waiting else self.hub.create(self.player, body)
                except HubError as error:
                    # marked: the app keeps its form open, the seat marked
                    refusal: dict[str, Any] = {"error": str(error), "create": "refused"}
                    if isinstance(error, SeatRefused):
                        refusal["seat"] = error.seat
                    self.send(refusal)
                    return
                if waiting is not None:  # another player's r came first: sat down there
                    self.send({"created": table.summary(), "existing": True})
                    self.hub.sit(self, *waiting)
                    return
                self.send({"created": table.summary()})
                self.hub._lobby_changed()
            elif kind == "join":
                table = self.hub.table(_field(body, "table"))
                self.hub.sit(self, table, _field(body, "seat"))
            elif kind == "watch":
                self.watch(self.hub.table(_field(body, "table")))
            elif kind == "stand":
                self.hub.stand(self, self.hub.table(_field(body, "table")))
            elif kind == "clear":
                self.hub.clear(self, self.hub.table(_field(body, "table")))
            elif kind == "resign":
                self.hub.resign(self, self.hub.table(_field(body, "table")))
            elif kind == "command":
                self._command(message)
            elif kind == "chat":
                self._chat(body)
            elif kind == "reading":
                self._reading(body)
            elif kind == "put_away":
                self._put_away(body)
            else:
                raise HubError(f"No message {kind!r}.")
        except (HubError, BadMessage) as error:
            self.error(str(error))
        except Exception as error:  # a bug must not take the hub down
            log.exception("client %s", self.player)
            self.error(f"The hub could not do that ({type(error).__name__}).")

    def _hello(self, body: Any) -> None:
        if not isinstance(body, dict):
            raise HubError('A hello names the player: {"hello": {"player": name}}.')
        name = new_player_name(body.get("player"))
        self.hub.check_distinct(name)
        held = sum(1 for c in self.hub.clients if c is not self and not c.closed and c.player == name)
        if held >= MAX_CONNECTIONS_PER_PLAYER:
            raise HubError(f"{name} has {held} connections to this hub already, the most "
                           "one player may hold: close one of them (Ctrl+Q there) and try again.")
        self.player = name
        self.hub.bind_invitations(name)
        if self.hub.tells_players:
            log.info("%s joined the tables", name)
        welcome: dict[str, Any] = {"player": self.player}
        if not_kept := self.hub.told_not_kept(name):
            welcome["not kept"] = not_kept  # the app says each (tui/remote.py)
        if self.hub.settings:  # behind the system's OpenSSH, the app's only way to them
            welcome["settings"] = self.hub.settings
        self.send({"welcome": welcome})
        # back to every seat of a running match that was theirs (a finished
        # one's results wait in the lobby: logging in shows no old results),
        # and of a table not begun only where they had sat down: a seat they
        # are only invited to waits for them to take it (logging in took
        # every invitation, and a table made of them and bots began at once).
        # "Theirs" is a seat they were at when their connection ended
        # (dropped, timed out, quit, the hub stopped), not one they had left
        # for the lobby with q: that put them back in a match they had left
        # on purpose, held there by a screen under the one on top, shown to
        # the others as present and never told their turn there. Nor a seat
        # their other terminal holds: a second `join` under the same name
        # opened onto the table and sent the terminal playing there to its
        # lobby (and closing it marked the player away); it opens in the
        # lobby, and Enter there brings the seat over. And of running
        # matches, one: a terminal is at one table, the one its player sat
        # down at last. Back at all of them (after a restart, each of their
        # terminals' tables), one screen showed and the others were held
        # under it: listed present, the match waiting on them unsaid, its
        # "a bot plays" clock never started. The others' seats wait, away,
        # for another terminal of theirs connecting (it comes back to the
        # next) or Enter in the lobby
        theirs = [(table, seat) for table in list(self.hub.tables.values())
                  if not (table.finished or (table.started and self.player in table.left))
                  for seat, s in enumerate(table.seats)
                  if s.player == self.player and s.kind != "bot"
                  and (table.started or s.present)
                  and not self.hub.held_elsewhere(self, table, seat)]
        running = [(table, seat) for table, seat in theirs if table.started]
        last = max(running, default=None,
                   key=lambda place: place[0].sat.get(str(self.player), place[0].set_up))
        for table, seat in theirs:
            if not table.started or (table, seat) == last:
                with contextlib.suppress(HubError):
                    self.hub.sit(self, table, seat)
        # back to the running match they watched as their last connection
        # ended (an SSH session's app is new each time: it cannot ask),
        # unless a seat took them back to a table: its screen comes first
        watched = self.hub.watched.get(self.player)
        if watched is not None and not self.places:
            for table in list(self.hub.tables.values()):
                if (table.session is not None and not table.finished
                        and table.session.match.header.match_id == watched):
                    with contextlib.suppress(HubError):
                        self.watch(table)
        self.send_lobby()
        self.tell_chat(None)

    def _hello_again(self, body: Any) -> None:
        """A hello on a connection that said one: not a name refused (the
        host's terminal read "refused the player name ...: you are already
        known here"), and the connection stays whose it was. Logged once a
        connection: a client may send it in a loop."""
        self.error(f"You said hello already, as {self.player}: a connection says it once.")
        if self.hub.tells_players and not self.said_hello_again:
            name = body.get("player") if isinstance(body, dict) else None
            tried = f" (as {repr(name[:MAX_NAME + 1])})" if isinstance(name, str) else ""
            log.warning("%s said hello again on the same connection%s: ignored",
                        self.player, printable(tried))
        self.said_hello_again = True

    def _chat(self, body: Any) -> None:
        """A line to everyone at a table (seated or watching), or in the lobby."""

        text = body.get("text") if isinstance(body, dict) else None
        if not isinstance(text, str):
            raise HubError("A chat message has a text.")
        text = "".join(c for c in text if c.isprintable()).strip()
        if not text or len(text) > MAX_CHAT:
            raise HubError(f"A chat line is 1 to {MAX_CHAT} characters.")
        if piles_marks(text):  # as a name (150 on a letter covered the lines about it)
            raise HubError(PILED_MARKS)
        if not self.hub.chat_pace.allow(str(self.player)):
            raise self.hub.slow_down(str(self.player), "chat",
                                     "a few chat lines every ten seconds.")
        table_id = body.get("table")
        kind = body.get("kind")
        if kind is not None and kind != REMATCH:
            raise HubError(f"A chat line's kind is {REMATCH!r} or none.")
        if kind == REMATCH and body.get("table") is None:
            raise HubError("A rematch is set up at a table, not in the lobby.")
        line: dict[str, Any] = {"table": table_id, "from": self.player, "text": text}
        if table_id is not None:
            table = self.hub.table(table_id)
            if table_id not in self.places:
                raise HubError("Sit down or watch first to talk at that table.")
            if kind == REMATCH:
                # the table's own line (each app words it for its reader):
                # only from a player of the match, once it is over
                if not table.finished or not self.places[table_id][0]:
                    raise HubError("Only a player of a finished match sets up its rematch.")
                rematch = self.hub.rematch_to_say(table_id, str(self.player))
                if rematch is None:
                    log.warning("%s", printable(f"refused {self.player}'s rematch line at table "
                                                f"{table_id}: they set up no rematch of it"))
                    raise HubError("A rematch line is said once, by the player who set up "
                                   "the rematch (r on the results).")
                rematch.rematch_said = True
                line["kind"] = REMATCH
            # the app files the line under the match's round then (Overseers'
            # table talk is by round), also when it comes to it later
            line["moves"] = 0 if table.session is None else len(table.session.match.history)
            seats, _, watching = self.places[table_id]
            if watching and not seats:
                # a spectator's line read as a player's in a bluffing game
                line["watching"] = True
        self.hub.say_at(table_id, line)

    def _reading(self, body: Any) -> None:
        """The player put a box up over a table they sit at, or put it
        away (`Session.set_reading`): the others read "reading…" rather
        than "choosing…". A watcher's is nobody's news; a table not begun
        has no screens."""
        table = self.hub.table(_field(body, "table"))
        on = _field(body, "on")
        if type(on) is not bool:
            raise HubError("A reading message says on: true or false.")
        _, link, _ = self.places.get(table.id, (set(), None, False))
        if link is None or not link.seats or table.session is None:
            return
        if on and not self.hub.reading_pace.allow(str(self.player)):
            return
        table.session.set_reading(link, on)

    def _put_away(self, body: Any) -> None:
        """The player put away boxes over a table they sit at (`count` of
        `kind`): kept for their seat, beside the journal when it changed
        (`Table.put_away`). Read as hostile: a name of at most
        `MAX_BOX_KIND` printable characters, a count from 0 to
        `MAX_BOX_COUNT`, at most `MAX_BOX_KINDS` kinds a seat; paced as
        `reading` is. A watcher's, or one at a table not begun, is nothing."""
        table = self.hub.table(_field(body, "table"))
        kind, count = _field(body, "kind"), _field(body, "count")
        if not _box_kind(kind):
            raise HubError(f"A kind of box is a name of 1 to {MAX_BOX_KIND} characters.")
        if type(count) is not int or not 0 <= count <= MAX_BOX_COUNT:
            raise HubError(f"A count of boxes is a whole number from 0 to {MAX_BOX_COUNT}.")
        _, link, _ = self.places.get(table.id, (set(), None, False))
        if link is None or not link.seats or table.session is None:
            return
        if not self.hub.reading_pace.allow(str(self.player)):
            return
        changed = False
        for seat in link.seats:
            kept = table.put_away.setdefault(seat, {})
            if kind not in kept and len(kept) >= MAX_BOX_KINDS:
                raise HubError(f"At most {MAX_BOX_KINDS} kinds of box are kept.")
            changed |= kept.get(kind) != count
            kept[kind] = count
        if changed:
            _write_table_file(table.session.match.path, table)

    def _command(self, message: dict) -> None:
        table = self.hub.table(message.get("table"))
        seats, link, _ = self.places.get(table.id, (set(), None, False))
        if link is None:
            raise HubError("You hold no seat at that table.")
        command = codec(table.game).command_from_dict(message["command"])
        if not self.hub.command_pace.allow(str(self.player)):
            # refused as the table refuses a move: the screen takes keys again
            self.send({"table": table.id, "refused": (
                f"Slow down: at most {COMMAND_RATE:g} moves a second.")})
            return
        if command.kind == "leave" and link.seats:
            table.letting_go[str(self.player)] = "left"
        refusal = link.send(command)
        if refusal is not None:
            self.send({"table": table.id, "refused": refusal.reason})
        elif command.kind == "leave":
            self.places.pop(table.id, None)
            if not link.seats:  # stopped watching on purpose
                self.hub.forget_watch(table, str(self.player))
                if str(self.player) not in self.hub.watchers(table):
                    self.hub.tell_watching(table, str(self.player))
            if link.seats and table.session is not None and self.player not in table.left:
                # kept beside the journal: a restart must not seat them here either
                table.left.add(str(self.player))
                _write_table_file(table.session.match.path, table)

    # -- seats -----------------------------------------------------------------------

    def seated(self, table: Table, seat: int) -> None:
        # sat down: the seat's own view only (watching as well sent the
        # public view too, and the screen showed whichever came last)
        seats, link, _ = self.places.get(table.id, (set(), None, False))
        seats = seats | {seat}
        self.places[table.id] = (seats, link, False)
        self.send({"joined": {"table": table.id, "seat": seat}})
        if table.session is not None:
            self.attach(table)
        self.tell_chat(table.id)  # after the update: the app's table screen is open

    def seat_moved(self, table: Table) -> None:
        """The same player sat down at `table` from another terminal: the
        seat goes there, and this terminal is told (`moved`) and goes back
        to its lobby."""
        _, link, _ = self.places.pop(table.id, (set(), None, False))
        if link is not None and link.open:
            table.letting_go[str(self.player)] = "moved"  # no news: held on at once
            link.close()
        self.send({"moved": {"table": table.id}})

    def watch(self, table: Table) -> None:
        seats, link, _ = self.places.get(table.id, (set(), None, False))
        # a seat still theirs at a running match, held or waiting for them
        # (q to the lobby); not one left for good: they watch it to its end
        waits = table.started and not table.finished and self.player not in table.resigned and any(
            s.kind != "bot" and s.player == self.player for s in table.seats)
        if seats or waits:
            # the public view beside the seat's: the player's screen went
            # to "spectating" at their own turn, with no way to play
            raise HubError("You have a seat at this table: Enter in the lobby sits you "
                           "down there (w watches a table you do not play at).")
        arrives = str(self.player) not in self.hub.watchers(table)
        self.places.pop(table.id, None)  # the last watched comes last (`close`)
        self.places[table.id] = (seats, link, True)
        if table.session is not None:
            self.attach(table)
        self.tell_chat(table.id)
        if arrives:  # (not a second terminal of theirs, nor asked again)
            self.hub.tell_watching(table, str(self.player))

    def attach(self, table: Table) -> None:
        """The match runs: hold the seats wanted there (again)."""
        if table.id not in self.places or table.session is None:
            return
        seats, link, watching = self.places[table.id]
        if link is not None and link.open:
            link.close()
        for seat in sorted(seats):
            # the boxes they put away there, before the first update: one
            # left unread comes back (`Table.put_away`)
            kinds = table.put_away.get(seat)
            if kinds:
                self.send({"put_away": {"table": table.id, "kinds": dict(kinds)}})
        link = table.session.connect(
            RemoteSeat(self, table),
            frozenset(seats),
            kind=REMOTE if seats else SPECTATOR,
            spectate=watching,
        )
        self.places[table.id] = (seats, link, watching)
        if table.went_back is not None and self.player not in table.told:
            table.told.add(self.player)
            self.send({"notice": table.went_back, "table": table.id})

    def at_a_table(self, but: Table) -> bool:
        """This terminal plays a running match other than `but`'s (holds a
        seat there: its screen is that table's)."""
        for table_id, (_, link, _) in self.places.items():
            table = self.hub.tables.get(table_id)
            if (table_id != but.id and link is not None and link.open and link.seats
                    and table is not None and table.started and not table.finished):
                return True
        return False

    def _watching(self) -> str | None:
        """The id of the running match watched here last, if any."""
        for table_id, (_, link, watching) in reversed(self.places.items()):
            table = self.hub.tables.get(table_id)
            if (watching and link is not None and link.open and table is not None
                    and table.session is not None and not table.finished):
                return table.session.match.header.match_id
        return None

    def close(self, abort: bool = False) -> None:
        """Let the client go; with `abort`, drop what it left unread."""
        if self.closed:
            return
        self.closed = True
        self.lobby_pace.cancel()
        if self.player is not None:  # what a new connection watches again
            self.hub.remember_watch(self.player, self._watching())
        seated = False
        for table_id, (seats, _, watching) in self.places.items():
            table = self.hub.tables.get(table_id)
            if (watching and not seats and table is not None
                    and str(self.player) not in self.hub.watchers(table)):
                self.hub.tell_watching(table, str(self.player))
        for table_id, (_, link, _) in self.places.items():
            if link is not None:
                seated |= bool(link.seats)
                table = self.hub.tables.get(table_id)
                if table is not None and link.seats:
                    # (a goodbye: they quit, rather than lost their connection)
                    table.letting_go[str(self.player)] = "bye" if self.said_bye else "dropped"
                link.close()
        with contextlib.suppress(Exception):
            if abort:
                self.writer.transport.abort()
            else:
                self.writer.close()
        if seated:  # their seats are marked away in the lobby
            self.hub.clients.discard(self)
            self.hub._lobby_changed()


def _encoded(obj: Any) -> bytes:
    """A message to a client as its line (a notice in its place if too long)."""
    text = json.dumps(obj, separators=(",", ":"), ensure_ascii=False)
    try:
        data = text.encode() + b"\n"
    except UnicodeEncodeError:  # no such text gets in (names are checked)
        data = json.dumps(obj, separators=(",", ":")).encode() + b"\n"
    if len(data) > MAX_MESSAGE_BYTES:
        data = json.dumps({"error": "A message was too long to send."}).encode() + b"\n"
    return data


def _message(line: bytes) -> dict:
    if len(line) > MAX_CLIENT_LINE:
        raise BadMessage(f"A line is at most {MAX_CLIENT_LINE} bytes.")
    try:
        obj = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadMessage("A message is one line of JSON.") from None
    if not isinstance(obj, dict) or not obj:
        raise BadMessage("A message is a JSON object.")
    if "command" in obj:
        if set(obj) - {"command", "table"}:
            raise BadMessage("A command message has a command and a table.")
        return {"command": obj["command"], "table": obj.get("table")}
    if len(obj) != 1:
        raise BadMessage("A message names one thing.")
    return obj


def player_name(raw: Any) -> str:
    """A player's name as the hub keeps it (hello, a reserved seat):
    printable text of 1 to `MAX_NAME` characters without square brackets,
    spaces at the ends dropped; anything else is refused."""
    if not isinstance(raw, str) or not raw.strip() or len(raw) > MAX_NAME:
        raise HubError(f"A player's name is 1 to {MAX_NAME} characters.")
    if not raw.isprintable():
        raise HubError("A player's name is printable text.")
    if "[" in raw or "]" in raw:
        # the screens read [...] as markup, and a journal keeps a name's
        # brackets round (`saves.journal.shown_name`): the seat would not
        # be this player's again after a restart
        raise HubError("A player's name has no square brackets.")
    return raw.strip()


#: characters a new player's name may not hold: the lobby and the tables
#: write their own marks after names in parentheses ("ann (you, away)",
#: "bot (normal)") and put ", " between seats, so a name holding them
#: ("bot (normal)", "bob (away)", "ann, bob") read as the app's own words
LABEL_CHARACTERS = "(),"
#: whole names that read as the app's own words, and what the tables mean by
#: each: a free seat ("open"; "anyone" in the new table's seat field), and
#: the player themself ("ann (you)")
LABEL_WORDS = {"open": "a free seat", "anyone": "a free seat", "you": "yourself"}


#: Cyrillic and Greek letters that look like Latin ones, read as those
#: (`name_key`): "аnn" with a Cyrillic а read as "ann" in the lobby and chat
LOOK_ALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеѕіјорсхуԁһӏԛԝүѵ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ",  # Greek
    "ABESIJKMHOPCTXYaesijopcxydhlqwyv"
    "ABEZHIKMNOPTYXaiknoptux",
)
#: the scripts whose letters pass for each other (`LOOK_ALIKES`): a name
#: mixing them is refused, one wholly in one of them is a name
LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
#: characters that draw nothing, or a blank, and yet are printable text:
#: Unicode's Default_Ignorable_Code_Point (Hangul fillers, variation
#: selectors, tags; its format characters are not printable anyway) and
#: the Braille blank. "ann4" with a Hangul filler read as "ann4" beside her
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")


def name_key(name: str) -> str:
    """`name` as it reads to a person: compatibility forms, look-alike
    letters (`LOOK_ALIKES`) and case folded, characters that draw nothing
    left out (`INVISIBLE`), so "ANN", "Ann", "ａｎｎ", "аnn" (a Cyrillic
    а) and "ann" with a Hangul filler are one."""
    import unicodedata

    read = INVISIBLE.sub("", unicodedata.normalize("NFKC", name)).translate(LOOK_ALIKES)
    return unicodedata.normalize("NFKC", read.casefold())


def _name_scripts_and_marks(name: str) -> None:
    """HubError for a name that mixes look-alike scripts, piles accents
    on a letter or holds a character that draws nothing (`new_player_name`)."""
    import unicodedata

    blank = INVISIBLE.search(name)
    if blank is not None:
        c = blank.group()
        what = f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip()
        raise HubError(f"A player's name has no characters that draw nothing (this one has "
                       f"{what}): it would read as another name, or as none.")
    if piles_marks(name):
        raise HubError(f"A player's name has at most {MAX_MARKS} accents on a letter: "
                       "more cover the lobby's other names.")
    scripts = {unicodedata.name(c, "").split(" ")[0] for c in unicodedata.normalize("NFKC", name)
               if c.isalpha()}
    mixed = [s.capitalize() for s in LOOK_ALIKE_SCRIPTS if s in scripts]
    if len(mixed) > 1:
        raise HubError(f"A player's name keeps to one alphabet: this one mixes "
                       f"{' with '.join(mixed)} letters, which look alike (a Cyrillic "
                       "\"а\" reads as \"a\"), so it could pass for another player's.")


def new_player_name(raw: Any) -> str:
    """A name the hub takes for a player now (a hello, a seat kept for
    someone): `player_name`, and nothing that reads as the app's own labels
    for bots or marks: no parentheses or commas, and no first word "bot"
    ("Bot 2", "bot (normal)"; "Botond" is a name). Journals written before
    are still read with `player_name` alone."""
    name = player_name(raw)
    _name_scripts_and_marks(name)
    key = name_key(name)
    if any(c in key for c in LABEL_CHARACTERS):
        raise HubError("A player's name has no parentheses or commas: the tables write "
                       "their own marks that way (\"ann (away)\", \"bot (normal)\").")
    if key.startswith("bot") and not key[3:4].isalpha():
        raise HubError("A player's name does not start with \"bot\": the tables name "
                       "their bots that way.")
    if key in LABEL_WORDS:  # "open, open" read as two free seats
        raise HubError(f"A player's name is not \"{key}\": the tables write that word "
                       f"for {LABEL_WORDS[key]}.")
    return name


def clashing_seats(tables: Any) -> list[str]:
    """A line for the host's terminal for each set of person's seats at
    `tables` whose names read alike (`name_key`) but differ: "ann" at one
    journal, "Ann" at a one-terminal journal copied beside it. Each player
    is let in under their own name (`Hub.look_alikes`), but the lobby and
    the chat cannot tell them apart: the host renames one (a seat's name
    is in the first line of its journal)."""
    alike: dict[str, dict[str, list[str]]] = {}
    for table in tables:
        where = table.session.match.path.name if table.session is not None else table.id
        for seat in table.seats:
            if seat.kind != "bot" and seat.player is not None:
                names = alike.setdefault(name_key(seat.player), {})
                if where not in names.setdefault(seat.player, []):
                    names[seat.player].append(where)
    return [
        "players " + " and ".join(f"{name!r} (at {', '.join(at)})" for name, at in names.items())
        + " read alike: each is let in under exactly their own name, but the lobby and the "
        "chat cannot tell them apart (rename one: a seat's name is in its journal's first line)"
        for names in alike.values() if len(names) > 1]


def _furthest(loads: list[Any]) -> Any:
    """Of the copies of one match (`LoadedMatch`es, newest first: a backup
    kept beside it, say), the one to resume: the one that goes furthest,
    an undamaged one before one that leaves lines out, the newest of
    equals. The others are closed, and the host's log says why each is
    not resumed (the newest was, even damaged at its fifth line, and the
    copy that went to action 30 was passed over as "a copy?")."""
    best = max(loads, key=lambda loaded: (len(loaded.match.history), not loaded.lost))
    kept = len(best.match.history)
    for other in loads:
        if other is best:
            continue
        match = other.match
        how_far = "less far" if len(match.history) < kept else "no further"
        log.warning("not resumed: %s", printable(_about(match.path, (
            f"a copy of the match {match.header.match_id} that goes {how_far} (to action "
            f"{len(match.history)}) than {best.match.path} (to action {kept}), resumed instead"))))
        match.close()
    return best


def _not_served(match: Any, tables: dict[str, Table]) -> str:
    """Why the hub cannot serve a journal it resumes ("" when it can): a
    person's name no hello could give (a huge one made every lobby message
    too long to send), or a match id another journal's table has already
    (a finished copy of it: both under one table id, the other's bots
    played it out of sight; of unfinished copies, `_furthest` chose)."""
    if match.header.match_id in tables:
        return (f"another journal of the match {match.header.match_id} is at the tables "
                "already (a copy?)")
    for spec in match.header.players:
        if spec.kind != "bot":
            try:
                player_name(spec.name)
            except HubError as error:
                return f"it seats {spec.name[:40]!r}: {error}"
    return ""


def _seat_nobody_takes(match: Any) -> str:
    """Why no player could take a person's seat of `match` ("" when each
    can): its name is one a hello is refused (`new_player_name`: square
    brackets, read back round; "bot (hard)"), or held a control character
    (read back as U+FFFD). Kept for that name, the table waited in the
    lobby for ever; opened to anyone, a stranger would take over a seat
    with its hidden cards: the match is left out, its journal as it is."""
    for spec in match.header.players:
        if spec.kind == "bot":
            continue
        try:
            if "\ufffd" in spec.name:
                raise HubError("It held a control character (shown as \ufffd).")
            new_player_name(spec.name)
        except HubError as error:
            return (f"it seats {spec.name[:40]!r}, a name no player can log in as: "
                    f"{mid_sentence(str(error))}")
    return ""


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def client_limit() -> int:
    """How many connections the hub may serve at once: `MAX_CLIENTS`, fewer
    when the process may open too few files for them and `FDS_KEPT` (but
    never none: a hub must let its players in)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, ValueError, OSError):
        return MAX_CLIENTS
    if soft == resource.RLIM_INFINITY:
        return MAX_CLIENTS
    return max(8, min(MAX_CLIENTS, soft - FDS_KEPT))


def _field(body: Any, name: str) -> Any:
    if not isinstance(body, dict) or name not in body:
        raise HubError(f"That message needs a {name!r}.")
    return body[name]


def _seat(raw: Any, game_id: str) -> Seat:
    from core.bots import ALL_BOTS

    if raw == OPEN:
        return Seat(OPEN)
    if isinstance(raw, dict) and len(raw) == 1:
        if "player" in raw:
            return Seat("reserved", new_player_name(raw["player"]))
        if raw.get("bot") in ALL_BOTS.get(game_id, ()):
            return Seat("bot", None, raw["bot"])
    raise HubError('A seat is "open", {"player": name} or {"bot": level}.')


def _person_at(session: Session, seat: int) -> bool:
    """A person (not a bot) holds `seat` now."""
    link = session.holder_of(seat)
    return link is not None and link.kind != BOT


#: the host's own settings its players' apps take, whichever way they
#: connect (the SSH front door's sessions, `overtable join` run by the
#: system's OpenSSH, or on the host machine): the wait before Enter takes a
#: new decision (tui/app.py, $OVERTABLE_ENTER_WAIT), and the seconds its
#: bots think a move (host/budget.py, $OVERTABLE_BOT_SECONDS: F1 tells them)
PASSED_ON = ("OVERTABLE_ENTER_WAIT", "OVERTABLE_BOT_SECONDS")


def passed_on() -> dict[str, str]:
    """The `PASSED_ON` variables this process has, by name (checked by the
    command line that starts the host or hub; the app checks them again)."""
    return {name: os.environ[name].strip() for name in PASSED_ON
            if os.environ.get(name, "").strip()}


#: the locale variables an SSH client may send: its session runs in UTF-8
#: whatever they say (host/ssh.py), so they go on to the app under
#: `CLIENT_PREFIX`, which says when the player's terminal may not be UTF-8
CLIENT_LOCALE = ("LC_ALL", "LC_CTYPE", "LANG")
CLIENT_PREFIX = "OVERTABLE_CLIENT_"


#: in a session of `overtable host`, how its player comes back: the ssh
#: command for the host's address, or "" where it listens on every address
#: (the one the player used is theirs to know); said as the session ends
SSH_AGAIN_ENV = "OVERTABLE_SSH_AGAIN"


def client_locale(environ: Any) -> dict[str, str]:
    """The locale the SSH client sent, by its names (`CLIENT_LOCALE`), from
    a session's environment."""
    return {name: environ[CLIENT_PREFIX + name] for name in CLIENT_LOCALE
            if environ.get(CLIENT_PREFIX + name)}


def _away_bot(raw: Any) -> float | None:
    """The seconds before a bot stands in for an away player (None: wait)."""
    if raw is None:
        return None
    if type(raw) not in (int, float) or not MIN_AWAY_BOT <= raw <= MAX_AWAY_BOT:
        raise HubError(
            f"away_bot is the seconds ({MIN_AWAY_BOT:g} to {MAX_AWAY_BOT:.0f} seconds) an away "
            "player's turn waits before a bot plays it, or null for the match to wait."
        )
    return float(raw)


def _kept_away_bot(raw: Any) -> float | None:
    """`_away_bot` as a table file kept it: a time out of bounds (kept
    before they were checked) is read at the nearest bound, not lost with
    the rest of the file."""
    if type(raw) not in (int, float) or not math.isfinite(raw):
        return None
    return float(min(max(raw, MIN_AWAY_BOT), MAX_AWAY_BOT))


def _about(path: Path, said: Any) -> str:
    """`said` about the file at `path`, naming it once (a journal's problem
    names it already)."""
    said = str(said)
    return said if said.startswith(str(path)) else f"{path}: {said}"


def _wrong_with(path: Path, error: BaseException) -> str:
    """What is wrong with a file the hub keeps beside the matches, in plain
    words, not Python's decoder's."""
    if isinstance(error, UnicodeDecodeError):
        return f"{path} is not UTF-8 text"
    if isinstance(error, json.JSONDecodeError):
        return f"{path} is not valid JSON"
    if isinstance(error, RecursionError):
        return f"{path} is nested too deeply to read"
    if isinstance(error, AttributeError):  # JSON, not an object
        return f"{path} does not hold what the hub keeps there"
    if isinstance(error, OSError):
        return f"{path}: {error.strerror or error}"
    return f"{path}: {error}"


def _table_file(journal: Path) -> Path:
    from saves.store import TABLE_SUFFIX

    return Path(journal).with_suffix(TABLE_SUFFIX)


def _write_table_file(journal: Path, table: Table) -> None:
    """Keep what the journal does not (creator, away choice, who left the
    match for the lobby, the moves a bot played for an away player, the
    finished match a rematch replays) beside it."""
    data = {"creator": table.creator, "away_bot": table.away_bot, "left": sorted(table.left),
            "stand_in_moves": sorted(table.kept_moves), "resigned": sorted(table.resigned),
            "shown": sorted([seat, n] for seat, n in table.kept_shown.items()),
            "put_away": sorted([seat, kinds] for seat, kinds in table.put_away.items()),
            "set_up": table.set_up, "sat": sorted([name, at] for name, at in table.sat.items())}
    if table.off_lobby:
        data["off_lobby"] = True
    if table.rematch_of_match is not None:
        data["rematch_of"] = table.rematch_of_match
    from saves.store import write_whole

    try:  # (private as the journal: write_whole's file is 0600, whole or not at all)
        write_whole(_table_file(journal), json.dumps(data).encode())
    except OSError as error:  # the match is still played; after a restart it waits
        log.error("cannot keep the table's settings beside %s", printable(f"{journal}: {error}"))



def _table_again(match: Any) -> Table:
    """A saved match's table as the hub lists it again after a restart: its
    seats kept for their players, and what the file beside its journal
    kept (creator, away choice, who left, the stand-in's moves, its chat)."""
    seats = [
        Seat("bot", None, p.level) if p.kind == "bot" else Seat("reserved", p.name, None, True)
        for p in match.header.players
    ]
    creator, away_bot, left, stand_in_moves, resigned = _read_table_file(match.path)
    # (before the log is first worded: its lines are kept)
    match.stand_in_moves = {i for i in stand_in_moves if i < len(match.history)}
    table = Table(
        match.header.match_id, match.game, match.header.options, seats, creator, away_bot,
        left=left, kept_moves=frozenset(match.stand_in_moves),
    )
    table.resigned = {s.player for s in seats if s.player in resigned}
    table.kept_shown = _read_shown(match)
    table.put_away = _read_put_away(match)
    table.set_up = _read_set_up(match)
    table.sat = _read_sat(match)
    # (the finished match's journal id: its table's id once listed again;
    # `Hub.resume_all` drops one no table has)
    table.rematch_of = table.rematch_of_match = _read_rematch_of(match.path)
    # (under this table's id: it is the journal's, not the one it was played under)
    # (a rematch is set up only by a player of a finished match: a kept line
    # marked so in a match still under way read "bob set up a rematch…")
    setters = frozenset(p.name for p in match.header.players if p.kind != "bot")
    table.chat = _read_chat_file(_chat_file(match.path), table.id,
                                 rematch_from=setters if match.finished else frozenset())
    return table

def _read_kept_json(path: Path, limit: int) -> Any:
    """A small JSON file the hub keeps beside its matches, read as hostile
    as the network: a regular file only (a pipe there must not stall the
    hub's start), at most `limit` bytes, no NaN or Infinity. Raises
    FileNotFoundError, OSError, ValueError or RecursionError."""
    from saves.lock import open_regular

    with os.fdopen(open_regular(path), "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"longer than {limit} bytes")
    return json.loads(data.decode("utf-8"), parse_constant=_no_constant)


def _read_table_file(journal: Path) -> tuple[str, float | None, set[str], set[int], set[str]]:
    """(creator, away_bot, left, stand_in_moves, resigned) kept beside a
    journal; ("", None, set(), set(), set()) if unreadable (then everyone is
    seated again on logging in). A field of the wrong kind is left out and
    the others kept, said on one line (`_left_out_of_table_file`)."""
    path = _table_file(journal)
    try:
        data = _read_kept_json(path, MAX_TABLE_FILE)
        creator = data.get("creator")
        left = data.get("left")
        left = {n for n in left if isinstance(n, str)} if isinstance(left, list) else set()
        moves = data.get("stand_in_moves")
        moves = ({i for i in moves if type(i) is int and i >= 0} if isinstance(moves, list)
                 else set())
        gone = data.get("resigned")
        gone = {n for n in gone if isinstance(n, str)} if isinstance(gone, list) else set()
        dropped = _left_out_of_table_file(data)
        if dropped:  # (said as the damaged chat and watched files are)
            # (it only lets its creator withdraw a table not begun: none is guessed)
            no_creator = "; the table has no creator" if not isinstance(creator, str) else ""
            log.warning("%s", printable(f"{path}: left out what is not as the hub keeps it: "
                                        f"{', '.join(dropped)}{no_creator}"))
        return ((creator if isinstance(creator, str) else ""), _kept_away_bot(data.get("away_bot")),
                left, moves, gone)
    except FileNotFoundError:
        return "", None, set(), set(), set()
    except (OSError, ValueError, AttributeError, RecursionError) as error:
        log.warning("%s; the match waits for away players", printable(_wrong_with(path, error)))
        return "", None, set(), set(), set()


def _left_out_of_table_file(data: dict[str, Any]) -> list[str]:
    """The fields of a table file (`_write_table_file`) of the wrong kind,
    each with its value as read: left out by `_read_table_file`,
    `_read_shown` and `_read_set_up` (a field missing was kept before it
    was written: not damage). Only "creator" is read as a whole: one not
    a string leaves the table without a creator."""
    def names(raw: Any) -> bool:
        return isinstance(raw, list) and all(isinstance(n, str) for n in raw)

    checks = {
        "creator": lambda raw: isinstance(raw, str),
        "away_bot": lambda raw: raw is None or (type(raw) in (int, float) and math.isfinite(raw)),
        "left": names,
        "resigned": names,
        "stand_in_moves": lambda raw: isinstance(raw, list) and all(
            type(i) is int and i >= 0 for i in raw),
        "shown": lambda raw: isinstance(raw, list) and all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in raw),
        "put_away": lambda raw: isinstance(raw, list) and all(
            isinstance(p, list) and len(p) == 2 and type(p[0]) is int and isinstance(p[1], dict)
            for p in raw),
        "set_up": lambda raw: type(raw) in (int, float) and math.isfinite(raw),
        "sat": lambda raw: isinstance(raw, list) and all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
            and type(p[1]) in (int, float) and math.isfinite(p[1]) for p in raw),
        "off_lobby": lambda raw: isinstance(raw, bool),
        "rematch_of": lambda raw: raw is None or isinstance(raw, str),
    }
    return [f"{field} {quoted(data[field], 24)}" for field, fits in checks.items()
            if field in data and not fits(data[field])]


def _read_shown(match: Any) -> dict[int, int]:
    """How far each person's seat of `match` was last sent the table
    (`Table.kept_shown`), kept beside its journal; read as hostile: only
    a person's seat with a count up to the match's length is kept; a file
    missing or damaged is nothing kept."""
    try:
        data = _read_kept_json(_table_file(match.path), MAX_TABLE_FILE)
    except (OSError, ValueError, RecursionError):  # (said by `_read_table_file`)
        return {}
    pairs = data.get("shown") if isinstance(data, dict) else None
    players, length = match.header.players, len(match.history)
    shown = {}
    for pair in pairs if isinstance(pairs, list) else ():
        if (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)
                and 0 <= pair[0] < len(players) and players[pair[0]].kind != "bot"
                and 0 <= pair[1] <= length):
            shown[pair[0]] = pair[1]
    return shown


def _box_kind(kind: Any) -> bool:
    """A name of a kind of box as the hub keeps it (`Table.put_away`)."""
    return (isinstance(kind, str) and 0 < len(kind) <= MAX_BOX_KIND and kind.isprintable()
            and kind.strip() == kind)


def _read_put_away(match: Any) -> dict[int, dict[str, int]]:
    """The boxes each person's seat of `match` put away (`Table.put_away`),
    kept beside its journal; read as hostile: only a person's seat, a kind
    named as a client may name it, a count from 0 to `MAX_BOX_COUNT`, at
    most `MAX_BOX_KINDS` kinds a seat; a file missing or damaged is nothing
    kept (those boxes may come up again)."""
    try:
        data = _read_kept_json(_table_file(match.path), MAX_TABLE_FILE)
    except (OSError, ValueError, RecursionError):  # (said by `_read_table_file`)
        return {}
    pairs = data.get("put_away") if isinstance(data, dict) else None
    players = match.header.players
    kept: dict[int, dict[str, int]] = {}
    for pair in pairs if isinstance(pairs, list) else ():
        if not (isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int
                and 0 <= pair[0] < len(players) and players[pair[0]].kind != "bot"
                and isinstance(pair[1], dict)):
            continue
        kinds = {kind: count for kind, count in pair[1].items()
                 if _box_kind(kind) and type(count) is int and 0 <= count <= MAX_BOX_COUNT}
        if kinds:
            kept[pair[0]] = dict(list(kinds.items())[:MAX_BOX_KINDS])
    return kept


def _read_sat(match: Any) -> dict[str, float]:
    """When each player last sat down at `match`'s table (`Table.sat`),
    kept beside its journal; read as hostile: only a name of one of its
    people's seats with a finite time is kept; a file missing or damaged
    (said by `_read_table_file`), or written before it was kept, is none."""
    try:
        data = _read_kept_json(_table_file(match.path), MAX_TABLE_FILE)
    except (OSError, ValueError, RecursionError):
        return {}
    pairs = data.get("sat") if isinstance(data, dict) else None
    people = {p.name for p in match.header.players if p.kind != "bot"}
    sat = {}
    for pair in pairs if isinstance(pairs, list) else ():
        if (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and pair[0] in people
                and type(pair[1]) in (int, float) and math.isfinite(pair[1])):
            sat[pair[0]] = float(pair[1])
    return sat


def _read_set_up(match: Any) -> float:
    """When `match`'s table was set up (`Table.set_up`), kept beside its
    journal; a file without it (written before it was kept, or damaged):
    when the match began, from its journal's header (0 if unreadable)."""
    with contextlib.suppress(OSError, ValueError, RecursionError, OverflowError):
        data = _read_kept_json(_table_file(match.path), MAX_TABLE_FILE)
        set_up = data.get("set_up") if isinstance(data, dict) else None
        if type(set_up) in (int, float) and math.isfinite(set_up):
            return float(set_up)
    import datetime

    try:
        return datetime.datetime.fromisoformat(match.header.created).timestamp()
    except (TypeError, ValueError, OverflowError):
        return 0.0


def _read_rematch_of(journal: Path) -> str | None:
    """The journal id of the finished match this one plays again
    (`Table.rematch_of_match`), kept beside its journal; None if not a
    string (said by `_read_table_file`) or unreadable."""
    try:
        data = _read_kept_json(_table_file(journal), MAX_TABLE_FILE)
    except (OSError, ValueError, RecursionError):
        return None
    of = data.get("rematch_of") if isinstance(data, dict) else None
    return of if isinstance(of, str) else None


def _read_off_lobby(journal: Path) -> bool:
    """The finished table was taken out of the lobby (`_write_table_file`)."""
    try:
        data = _read_kept_json(_table_file(journal), MAX_TABLE_FILE)
        return isinstance(data, dict) and data.get("off_lobby") is True
    except (OSError, ValueError, RecursionError):
        return False


def _chat_file(journal: Path) -> Path:
    from saves.store import CHAT_SUFFIX

    return Path(journal).with_suffix(CHAT_SUFFIX)


def _write_chat_file(path: Path, chat: ChatLog) -> None:
    """Keep `chat`'s lines at `path`, whole or not at all (a temporary file,
    then os.replace; private: it is what players said), each without its
    table (a resumed table has its journal's id). Not synced: a crash may
    lose the last lines, and a move's save must not wait on the chat's.
    A write that fails is logged (once until one works) and the chat goes
    on in memory."""
    from saves.store import write_whole

    lines = [{k: v for k, v in line.items() if k != "table"} for _, line in chat.lines]
    data = json.dumps({"chat": lines}, ensure_ascii=False, separators=(",", ":")).encode()
    try:
        write_whole(path, data)
        chat.unkept = False
    except OSError as error:
        if not chat.unkept:  # a full disk must not fill the log a line at a time
            log.error("the chat goes on unkept: %s", printable(f"{path}: {error}"))
        chat.unkept = True


def _read_watched_file(path: Path) -> dict[str, str]:
    """What each name watched (`Hub.watched`), kept at `path`; missing or
    damaged: nothing (logged), read as hostile as the network."""
    try:
        raw = _read_kept_json(path, MAX_WATCHED_FILE)
        watched = raw.get("watched") if isinstance(raw, dict) else None
        if not isinstance(watched, dict):
            raise ValueError("no watched matches")
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError) as error:
        log.warning("%s; watchers start in the lobby", printable(_wrong_with(path, error)))
        return {}
    kept = {}
    for name, match in watched.items():
        with contextlib.suppress(HubError):
            if isinstance(match, str) and player_name(name) == name:
                kept[name] = match
    return kept


#: the tables a not-kept line names before "and N more"
NOT_KEPT_NAMED = 6


def not_kept_line(not_kept: dict[str, list[str]], *, stopping: bool) -> str | None:
    """The host's terminal's one line on tables not begun that a stop drops
    (`stopping`) or dropped (at the next start, from `NOT_KEPT_FILE`): "2
    tables not begun are not kept (ann's Boss Quest, cyd's Overseers); ...".
    None when there are none. Names and titles may come from a file: shown
    printable, each cut short, the list too."""
    from collections import Counter

    # a creator's tables of one game once, counted ("eve's Overseers ×5")
    kinds = sorted(Counter((printable(name), printable(title))
                           for name, titles in not_kept.items() for title in titles).items())
    if not kinds:
        return None
    total = sum(n for _, n in kinds)

    def short(text: str, limit: int) -> str:
        return text if len(text) <= limit else text[:limit - 1] + "…"

    named = [f"{short(name, 24)}'s {short(title, 24)}" + (f" ×{n}" if n > 1 else "")
             for (name, title), n in kinds[:NOT_KEPT_NAMED]]
    if len(kinds) > NOT_KEPT_NAMED:
        named.append(f"and {sum(n for _, n in kinds[NOT_KEPT_NAMED:])} more")
    count = f"{total} table{'s' if total != 1 else ''} not begun"
    plural = total != 1
    verb = ("are" if plural else "is") if stopping else ("were" if plural else "was")
    when = "" if stopping else " at the last stop"
    return (f"{count} {verb} not kept{when} ({', '.join(named)}); each creator is told as "
            "they next log in.")


def _not_kept_titles(not_kept: dict[str, list[NotKept]]) -> dict[str, list[str]]:
    """The titles of tables not kept, by creator (`not_kept_line`)."""
    return {name: [table.title for table in dropped] for name, dropped in not_kept.items()}


def _read_not_kept_file(path: Path) -> dict[str, list[NotKept]]:
    """The tables not begun the last hub dropped (`Hub._keep_not_kept`),
    stopped or killed; missing or damaged: none (logged), read as hostile
    as the network. Each is its title (an older hub's file holds only
    these) or ``{"title", "rematch_of"}``: a title that is not text of a
    game's is passed over, a rematch's match that is not short printable
    text ignored. Left on disk: the hub writes it again at once, without
    what it could not read, and as each creator is told."""
    try:
        raw = _read_kept_json(path, MAX_WATCHED_FILE)
        not_kept = raw.get("not kept") if isinstance(raw, dict) else None
        if not isinstance(not_kept, dict):
            raise ValueError("no tables")
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, RecursionError) as error:
        log.warning("%s; their creators are not told", printable(_wrong_with(path, error)))
        return {}
    from core import GAMES

    known = {game.title for game in GAMES.values()}

    def table(entry: Any) -> NotKept | None:
        title, of = (entry.get("title"), entry.get("rematch_of")) if isinstance(
            entry, dict) else (entry, None)
        if not isinstance(title, str) or title not in known:
            return None
        if not (isinstance(of, str) and 0 < len(of) <= MAX_MATCH_ID and of.isprintable()):
            of = None
        return NotKept(title, of)

    kept = {}
    for name, entries in not_kept.items():
        with contextlib.suppress(HubError):
            if player_name(name) == name and isinstance(entries, list):
                dropped = (table(entry) for entry in entries)
                kept[name] = [t for t in dropped if t is not None][:MAX_TABLES_NOT_KEPT]
    return {name: dropped for name, dropped in kept.items() if dropped}


def _read_chat_file(path: Path, table_id: str | None, *,
                    rematch_from: frozenset[str] = frozenset()) -> ChatLog:
    """The chat kept at `path` (`_write_chat_file`), each line under
    `table_id`; read as hostile as the network (`_chat_line`; a rematch mark
    kept only on a line from one of `rematch_from`). Missing: an empty chat;
    damaged: logged, and an empty chat (the match still resumes)."""
    chat = ChatLog()
    try:
        raw = _read_kept_json(path, MAX_CHAT_FILE)
        lines = raw.get("chat") if isinstance(raw, dict) else None
        if not isinstance(lines, list):
            raise ValueError("no chat lines")
    except FileNotFoundError:
        return chat
    except (OSError, ValueError, RecursionError) as error:
        log.warning("%s; the chat starts empty", printable(_wrong_with(path, error)))
        return chat
    for raw_line in lines[-KEEP_CHAT:]:
        line = _chat_line(raw_line, table_id, rematch_from=rematch_from)
        if line is not None:
            chat.add(line)
    if len(chat.lines) < len(lines):
        log.warning("%s", printable(f"{path}: {len(lines) - len(chat.lines)} chat lines "
                                    "left out (too many, or not chat)"))
    return chat


def _chat_line(raw: Any, table_id: str | None, *,
               rematch_from: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """A line read back from a chat file as the hub takes one from a player
    (`Client._chat`), or None: printable text of 1 to MAX_CHAT characters
    from a player's name; "moves" kept at a table if a count of moves, and
    its watcher's mark; its rematch mark only from one of `rematch_from`
    (the players of a finished match, as live: none while it is under way)."""
    if not isinstance(raw, dict):
        return None
    text, who, moves = raw.get("text"), raw.get("from"), raw.get("moves")
    if (not isinstance(text, str) or not text.strip() or len(text) > MAX_CHAT
            or not text.isprintable() or piles_marks(text)):
        return None
    try:  # a line from nobody would read "None: ..." in the app: dropped
        if player_name(who) != who:
            return None
    except HubError:
        return None
    line: dict[str, Any] = {"table": table_id, "from": who, "text": text}
    if table_id is not None and type(moves) is int and moves >= 0:
        line["moves"] = moves
    if table_id is not None and raw.get("kind") == REMATCH and who in rematch_from:
        line["kind"] = REMATCH
    # kept, and read back: a watcher's line lost "(watching)" at a restart
    if table_id is not None and raw.get("watching") is True:
        line["watching"] = True
    return line


# -- running a hub -----------------------------------------------------------------


def refuse_a_second_hub(socket_path: Path) -> None:
    """OSError (address in use) if a hub answers on `socket_path`: a second
    hub there would take the first one's socket from its players and play
    the same saved matches beside it. A socket nobody answers on is one a
    killed hub left, and may go."""
    import errno
    import socket

    from host.peer import another_users, peer_uid

    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(2.0)
    try:
        probe.connect(str(socket_path))
        why = another_users(peer_uid(probe, socket_path))
    except (FileNotFoundError, ConnectionRefusedError):
        return
    except OSError as error:
        if error.errno in (errno.ENOTSOCK, errno.ECONNREFUSED, errno.ENOENT):
            return
        raise
    finally:
        probe.close()
    if why is not None:  # squatted: said so, not "another hub" (one of theirs?)
        raise OSError(errno.EADDRINUSE, f"{why}; {TAKEN_PATH}")
    raise OSError(errno.EADDRINUSE,
                  "another hub is running there (stop it first, or serve this one elsewhere)")


#: what a hub whose socket's path another user holds can do
TAKEN_PATH = ("in a folder other users can write to (such as /tmp) they may take its name "
              "first: serve the hub from a folder only you can write to (the default is one)")


def _resumed_how(loaded: Any) -> str:
    """The host's console line for a match resumed from a damaged journal."""
    kept, lost = len(loaded.match.history), loaded.lost
    problems = " ".join(p.message for p in loaded.problems)
    if not lost:
        return f"resumed with a note: {problems}"
    redealt = " What they dealt or drew is dealt again." if loaded.redrawn else ""
    last = "last line" if lost == 1 else f"last {lost} lines"
    return (f"resumed at action {kept}, leaving out the file's {last}: "
            f"{problems}{redealt}")


def _went_back(loaded: Any) -> str | None:
    """What the players of a match resumed before a damaged line are told;
    None when nothing was left out (a rules version note, say)."""
    from saves.journal import RULES_VERSION

    kept, lost = len(loaded.match.history), loaded.lost
    lines = [p.line for p in loaded.problems if p.kind != RULES_VERSION]
    if not lost or not lines:
        return None
    # (`lost` counts lines: one may be an undo, or no entry at all)
    if kept:
        said = (f"This match went back to action {kept} when the hub resumed it: its saved "
                f"journal is damaged at line {min(lines)}, so what it records from there on "
                "was not played.")
    else:
        said = (f"This match started again when the hub resumed it: its saved journal is "
                f"damaged at line {min(lines)}, so none of what it records could be kept.")
    if loaded.redrawn:
        said += " What was dealt or drawn in it is dealt again, differently."
    return said


def open_to_anyone(folder: Path) -> bool:
    """`folder` lets any user on the machine replace what is in it: written
    by all, without the sticky bit (/tmp has it: there only a file's owner
    may remove it). A hub's socket there could be swapped for another
    user's, who would then read every player's moves and names."""
    import stat

    try:
        mode = folder.stat().st_mode
    except OSError:
        return False
    return bool(mode & stat.S_IWOTH) and not mode & stat.S_ISVTX


#: why a hub is not served, nor joined, in such a folder (`open_to_anyone`)
OPEN_FOLDER = ("its folder {folder} can be written by any user, who could put their own socket "
               "in the hub's place; choose a folder only you can write to (the default is one)")


def _remove_a_stale_socket(socket_path: Path) -> None:
    """Remove the socket a killed hub left at `socket_path` (nobody answers
    there: see `refuse_a_second_hub`); OSError for anything else there, which
    is someone's file, never to be replaced."""
    import errno
    import stat

    from host.peer import another_users

    try:
        status = os.lstat(socket_path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(status.st_mode):
        what = "a folder" if stat.S_ISDIR(status.st_mode) else "a file"
        raise OSError(errno.EEXIST,
                      f"{what} is there already (not a socket); choose another --socket")
    if why := another_users(status.st_uid):  # (their process may come back to it)
        raise OSError(errno.EADDRINUSE, f"{why}; {TAKEN_PATH}")
    with contextlib.suppress(FileNotFoundError):
        socket_path.unlink()


@contextlib.contextmanager
def stopped_by_sigterm() -> Any:
    """While serving, SIGTERM (`kill`, a service manager) stops the hub as
    Ctrl+C does: the serving task is cancelled, so its matches are closed
    and its socket removed."""
    import signal

    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    try:
        loop.add_signal_handler(signal.SIGTERM, task.cancel)  # type: ignore[union-attr]
    except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def default_places() -> tuple[Path, Path]:
    """(the shared matches' directory, the hub's socket) in the user data
    directory: beside, not among, the matches played at one terminal."""
    from saves.store import data_dir

    base = data_dir().parent
    return base / "shared", base / "hub" / "hub.sock"


def bare_join_socket() -> Path:
    """The socket a bare `overtable join` finds when sshd starts it (an
    authorized_keys command): `default_places` as a clean environment has
    it. sshd passes neither $OVERTABLE_DATA_DIR nor $XDG_DATA_HOME on, so
    a hub whose socket they moved must be named with --socket."""
    if sys.platform == "darwin" or os.name == "nt":  # (no XDG variable there)
        import platformdirs

        base = Path(platformdirs.user_data_dir("overtable"))
    else:  # platformdirs' own default without $XDG_DATA_HOME
        base = Path.home() / ".local" / "share" / "overtable"
    return base / "hub" / "hub.sock"


class _ToStderr(logging.StreamHandler):
    """Writes to the sys.stderr of the moment (a test's captured one, too)."""

    def emit(self, record: logging.LogRecord) -> None:
        self.stream = sys.stderr
        super().emit(record)


@contextlib.contextmanager
def host_lines() -> Iterator[None]:
    """While a hub (`overtable hub`) or an SSH host runs, its lines (who
    came and went, refused keys and names, warnings) go to its terminal
    stamped with the local time: a host asked "why can't I get in?" can
    tell which try was whose. Nothing is said per key typed."""
    handler = _ToStderr()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", datefmt="%H:%M:%S"))
    logger = logging.getLogger("host")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


async def run_hub(
    directory: Path, socket_path: Path, *, bot_delay: float = 0.45, ready: Any = None
) -> None:
    """Serve until cancelled (Ctrl+C): resume the unfinished matches, listen."""
    with host_lines():
        await _run_hub(directory, socket_path, bot_delay=bot_delay, ready=ready)


async def _run_hub(directory: Path, socket_path: Path, *, bot_delay: float, ready: Any) -> None:
    refuse_a_second_hub(socket_path)  # before resuming any match
    hub = Hub(directory, bot_delay=bot_delay, tells_players=True)
    hub.claim(socket_path)
    resumed = hub.resume_all()
    try:
        await hub.serve(socket_path)
    except BaseException:
        await hub.close()  # the resumed matches' journals
        raise
    if ready is not None:
        ready(hub, resumed)
    try:
        with stopped_by_sigterm():
            await asyncio.Event().wait()
    finally:
        await hub.close()
        with contextlib.suppress(FileNotFoundError):
            Path(socket_path).unlink()
