"""The two messages between a match session and whoever holds a seat.

`SeatUpdate` goes from the session to a seat's holder (a person's screen, a
bot, a spectator); `SeatCommand` comes back. Nothing else crosses: no
screen, bot or remote client ever sees a full state, only its seat's view.

Both are attrs classes that round-trip through JSON (`host.wire`, one codec
per game). A line of JSON is bounded (`MAX_MESSAGE_BYTES`, and
`MAX_COMMAND_BYTES` for a command); decoding refuses anything else with
`BadMessage`, whose message a player (or a log) can read. This module
imports only the rules core, so a screen can hold these classes and nothing
of the host.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import attrs

from core.engine import Outcome

#: The largest message, in bytes of UTF-8 JSON, either way. A full update of
#: the largest game is far below it; a command is a few hundred bytes.
MAX_MESSAGE_BYTES = 256 * 1024
#: The largest command. A command names one action: nothing longer is one.
MAX_COMMAND_BYTES = 8 * 1024

#: How many apps of a host may draw others' changes at a time
#: (tui/draw_turns.py): one lock file each, beside the hub's socket
DRAW_TURNS = 1


def draw_turns_path(socket_path: Path) -> Path:
    """Where the drawing turns' locks of the hub at `socket_path` are: a
    turn's file adds its number (`draw_turn_files`)."""
    return socket_path.with_name(socket_path.name + ".draw")


def draw_turn_files(socket_path: Path) -> list[Path]:
    """The drawing turns' lock files: the hub makes them while it serves
    and takes them away when it stops; its apps only open them."""
    base = draw_turns_path(socket_path)
    return [base.with_name(f"{base.name}.{n}") for n in range(DRAW_TURNS)]


#: Marks a session puts after the name of a person's seat in
#: `SeatUpdate.names`: while a bot plays it for them, once they left the
#: match for good (host/hub.py `resign`), and while nobody holds it (they
#: left or dropped). A screen says them where it tells who is away (its
#: players, its prompt) and takes them off elsewhere (`tui.screens.game.bare_name`).
STAND_IN_MARK = " (away — bot playing)"
GONE_MARK = " (left — bot playing)"
AWAY_MARK = " (away)"
AWAY_MARKS = (STAND_IN_MARK, GONE_MARK, AWAY_MARK)

#: the boxes a player put away at a shared table (host/hub.py
#: `Table.put_away`): the most kinds kept per seat, the longest name of one,
#: and the highest count believed (a game names a few kinds, and counts
#: rounds or combats); as at one terminal (saves/store.py `MAX_BOX_KINDS`)
MAX_BOX_KINDS = 8
MAX_BOX_KIND = 32
MAX_BOX_COUNT = 10_000

#: the longest player's name, in characters (without an away mark): what
#: the hub takes, what a client believes of it, what a name field holds
MAX_NAME = 32


def split_mark(name: str) -> tuple[str, str]:
    """A seat's name and the away mark the table put after it
    (`AWAY_MARKS`; "" for none). Only those marks: a name of one's own in
    brackets ("Bob (the Great)") is a name."""
    for mark in AWAY_MARKS:
        if name.endswith(mark) and len(name) > len(mark):
            return name[: -len(mark)], mark
    return name, ""

def mid_sentence(text: str) -> str:
    """`text` after a colon: its first letter small ("A player's name" read
    as a new sentence), unless the word is in capitals ("OK") or is "I"."""
    if text[:1].isupper() and not text[1:2].isupper() and not text.startswith("I "):
        return text[0].lower() + text[1:]
    return text


#: a chat line, and how many a player may send in CHAT_WINDOW seconds (the
#: hub counts them; the app counts its own, so a line sent too soon stays
#: in its field)
MAX_CHAT = 200
CHAT_BURST = 5
CHAT_WINDOW = 10.0
#: accents (combining marks) a letter of a name or a chat line may carry:
#: Vietnamese has two; "z" with 31 garbled the lobby's row
MAX_MARKS = 2
#: why a chat line that piles more on a letter is refused (`piles_marks`)
PILED_MARKS = (f"A chat line has at most {MAX_MARKS} accents on a letter: more cover the "
               "lines above and below it.")


def piles_marks(text: str) -> bool:
    """`text` has a letter with more than `MAX_MARKS` accents (combining
    marks) on it: they cover the lines above and below."""
    import unicodedata

    marks = 0
    for c in unicodedata.normalize("NFD", text):
        marks = marks + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            return True
    return False


class Pace:
    """How often each player may do one kind of thing: a bucket of `burst`
    tokens per player, each use taking one, refilled at `per_second`."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        #: player -> (tokens left, when counted)
        self._left: dict[str, tuple[float, float]] = {}

    def allow(self, player: str, now: float | None = None) -> bool:
        """Whether `player` may do it now; if so, it counts."""
        now = time.monotonic() if now is None else now
        full = self.burst / self.per_second  # seconds to refill from empty
        for name in [n for n, (_, at) in self._left.items() if now - at > full]:
            del self._left[name]  # a full bucket need not be kept
        left, at = self._left.get(player, (float(self.burst), now))
        left = min(float(self.burst), left + (now - at) * self.per_second)
        if left < 1:
            self._left[player] = (left, now)
            return False
        self._left[player] = (left - 1, now)
        return True


PLAY = "play"
UNDO = "undo"
LEAVE = "leave"
#: a person at the table asks the thinking bot (its seat) to move now
HURRY = "hurry"
COMMAND_KINDS = (PLAY, UNDO, LEAVE, HURRY)


#: the most tables a `Missed` carries (a player away for long: the older
#: changes are told as one step, the first after their move)
MAX_MISSED_TABLES = 12


@attrs.frozen
class Missed:
    """What a seat's player missed since their own last move, for a screen
    opened after it (a player back at their seat, after q or a dropped
    connection, or a match reopened from its save): the table as the seat would have seen it after each change
    since, so its "Since your last move" starts there and not at their
    return. Sent with the first update to a holder who has just taken the
    seat; the update's own table is the last and is not among them."""

    #: (the log's length, the seat's view) after each change, oldest first
    #: (at most `MAX_MISSED_TABLES`: between the first ones and the last,
    #: changes may be left out, their lines told with the next change kept)
    tables: tuple[tuple[int, Any], ...]
    #: the first table is the one the seat made its last move from, the
    #: next the one right after it (the screen keeps that move when it
    #: revealed something, as it does at one terminal); False: the seat has
    #: not moved, and the first table is the match's first decision
    moved: bool = True
    #: the log's length of the last table this seat's player was sent before
    #: (their screen showed what came before it: a combat put away is not
    #: brought back); None: not sent one since the hub began
    shown: int | None = None


@attrs.frozen
class SeatUpdate:
    """Everything a seat's holder needs to redraw or decide, from that seat's side."""

    #: the game's id (a key of core.GAMES)
    game: str
    #: the seat whose view this is (None: a spectator, nobody's secrets)
    seat: int | None
    #: `game.view(state, seat)`: the only state a holder ever sees
    view: Any
    #: legal actions for `seat` now; empty when it is not their decision
    legal: tuple[Any, ...]
    #: seats that owe a decision now (CHANCE while something is drawn)
    to_act: frozenset[int]
    #: players' names by seat
    names: tuple[str, ...]
    #: which seats are bots
    bots: frozenset[int]
    #: the log as this seat may read it (`game.describe(..., viewer=seat)`), oldest first
    log: tuple[str, ...]
    #: a bot that owes a decision now (its seat), for a "thinking…" indicator
    thinking: int | None = None
    #: the `seq` of the update from which that bot has owed the decision it
    #: owes now (another seat's move in a choice all make at once leaves it
    #: as it was), so the seconds it has thought count from there
    thinking_since: int | None = None
    #: the seat may take back its last action(s) now
    can_undo: bool = False
    #: the end of the match (scores, winners, score pad), once it is over
    outcome: Outcome | None = None
    #: counts the changes of the match; a command may name the one it answers
    seq: int = 0
    #: (seat, seconds) for each away person's seat that owes a decision and
    #: that a bot will play if they are not back in so many seconds (from
    #: this update's sending; a shared table's "When away" choice)
    bot_plays_in: tuple[tuple[int, float], ...] = ()
    #: what the seat missed since its last move, for a screen opened now
    #: (the first update to a player back at their seat; else None)
    missed: Missed | None = None
    #: the match has stopped: a draw or a bot's move could not be saved
    #: (the journal cannot be written), so no bot is thinking
    stopped: bool = False
    #: people's seats whose player is reading a box at a shared table (a
    #: round's end, the vote, F1): public presence, like the away marks. A
    #: shared table does not wait for it, but a seat that owes a decision
    #: reads "reading…" to the others rather than "choosing…"
    reading: frozenset[int] = frozenset()
    #: what `can_undo` takes back (the seat's last action) was played for
    #: it by a bot standing in while its player was away (a shared table's
    #: "When away" choice): back at the table, the screen says their bot
    #: chose for them and that u takes it back (OV-30, OS-21). Never set
    #: without `can_undo`: a choice others saw made, or one past another
    #: player's move or a reveal, is no more theirs to take back than their own
    stand_in_undo: bool = False

    #: the seat whose last move was taken back in the change this update
    #: tells (None: no take-back): every screen at the table says so, in
    #: words from its own log, so nobody's table changes without a word
    taken_back_by: int | None = None

    #: per seat, the level of the match's own bot there ("easy", "hard"),
    #: None for a person's seat (a bot standing in for an away person
    #: too: the seat stays theirs); () from a hub that sends none
    levels: tuple[str | None, ...] = ()

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def level_of(self, seat: int) -> str | None:
        """The level of the match's own bot in `seat`, if it is one."""
        return self.levels[seat] if 0 <= seat < len(self.levels) else None


@attrs.frozen
class SeatCommand:
    """What a seat's holder asks of the session: play an action, undo, leave,
    or hurry a thinking bot (`seat` is then the bot's seat, not the sender's)."""

    kind: str
    seat: int | None
    #: the action, for `play`
    action: Any = None
    #: the `SeatUpdate.seq` this answers; a command for an older one is
    #: refused (the table changed while the holder was deciding)
    seq: int | None = None

    @classmethod
    def play(cls, seat: int, action: Any, seq: int | None = None) -> SeatCommand:
        return cls(PLAY, seat, action, seq)

    @classmethod
    def undo(cls, seat: int, seq: int | None = None) -> SeatCommand:
        return cls(UNDO, seat, None, seq)

    @classmethod
    def leave(cls, seat: int | None) -> SeatCommand:
        return cls(LEAVE, seat)

    @classmethod
    def hurry(cls, seat: int, seq: int | None = None) -> SeatCommand:
        """Ask the bot thinking in `seat` to answer its best move so far now."""
        return cls(HURRY, seat, None, seq)


@attrs.frozen
class Refusal:
    """A command the session did not carry out, and why (for a person)."""

    reason: str


class BadMessage(ValueError):
    """A message that is not one: too long, not JSON, or not of the right shape."""
