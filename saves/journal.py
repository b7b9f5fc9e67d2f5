"""The journal format: one JSON Lines file per match.

Line 1 is the `Header`. Every further line is one of:

- an applied action: ``{"seat": 0, "action": {"type": "Ask", "count": 2}}``
  (chance outcomes too, with seat ``-1``, `core.engine.CHANCE`);
- an undo: ``{"undo": 0, "count": 1}`` (seat 0 took back its last action;
  a take-back of lines the match just wrote cuts them off instead,
  `saves.match.Match._cut_back`);
- the end of the match: ``{"finished": {"winners": [1], "scores": [...]}}``,
  written right after the action that ended it, so a listing knows a match
  is finished (and who won) from its last line, without replaying it.

Attrs classes (the header, options, actions) go through one cattrs
converter per game, built once; actions are a union tagged by class name
over `game.action_types`; enums are stored as their values.

Reading is in two passes. `read_lines` checks only the shape of each line
(JSON, the right keys) and is what a listing uses; `Match.load` then
structures each entry and replays it through the rules.
"""

from __future__ import annotations

import codecs
import contextlib
import enum
import errno
import functools
import json
import os
import re
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union

import attrs
import cattrs
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from saves.lock import open_regular

#: A journal larger than this is not read (a long match is well under a
#: megabyte; a huge file, or one that never ends, would stall every listing).
MAX_JOURNAL_BYTES = 16 * 1024 * 1024

#: The longest line read as a journal entry (a journal's longest line, its
#: header, is well under a kilobyte; a value of megabytes is still read, to
#: be named). A longer one is a bad line like any other: the lines before it
#: are kept, and it is never held in memory whole.
MAX_LINE_BYTES = 4 * 1024 * 1024

#: How far into a damaged file its lines are counted (what a resume leaves
#: out): a file of a terabyte would stall every listing.
MAX_SCAN_BYTES = 8 * MAX_JOURNAL_BYTES

#: The deepest a line's arrays and objects may nest (a journal's own lines
#: nest three deep). `json.loads` recurses: without a bound of its own, a
#: line nested some 975 deep was read in a worker thread and refused on the
#: main thread, whose stack was deeper already.
MAX_NESTING = 32

#: How many distinct lines a read keeps decoded, for the lines repeated.
DECODED_KEPT = 4096

#: Bump when the layout of a journal changes; older Overtable versions then
#: refuse the file with a clear message instead of misreading it.
FORMAT_VERSION = 1

TORN = "torn"
CORRUPT = "corrupt"
FORMAT = "format"
#: a game this version of Overtable does not have
UNKNOWN_GAME = "unknown-game"
REFUSED = "refused"
RULES_VERSION = "rules-version"
#: the file cannot be read at all (permissions, a directory...)
UNREADABLE = "unreadable"
#: the match is open elsewhere (`saves.lock`): it cannot be opened twice
IN_USE = "in-use"


def printable(text: Any) -> str:
    """`text` with every character a terminal could take as a control (the
    C0 and C1 controls, ESC among them; format characters such as a
    right-to-left override; line breaks) replaced by U+FFFD, so that a value
    read from a file or a socket can be shown without writing an escape
    sequence to the terminal."""
    text = text if isinstance(text, str) else str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else "\ufffd" for c in text)


def quoted(value: Any, limit: int = 60) -> str:
    """`value` as a message quotes it (its repr), at most `limit` characters:
    a file may hold a value of megabytes, and a message is one short line."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        text = f"a number of {value.bit_length()} bits" if isinstance(value, int) else "?"
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: the longest name kept for a player (`host.messages.MAX_NAME`, which the
#: hub and the name fields take; saves sit below the host and cannot import
#: it); a longer one from a file is cut
MAX_NAME = 32


def shown_name(name: Any) -> str:
    """A player's name as it is kept and shown: `printable`, square brackets
    made round (the screens read ``[...]`` as markup: a name "[/]" crashed
    every screen that showed it), at most `MAX_NAME` characters (a name of
    thousands made every screen of the match crawl)."""
    text = printable(name).replace("[", "(").replace("]", ")")
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


@attrs.frozen
class PlayerSpec:
    """Who sits in a seat: a human, or a bot and its level (e.g. "random").

    The name is always `shown_name`'d, whatever a journal or a form holds."""

    name: str = attrs.field(converter=shown_name)
    kind: str  # "human" | "bot"
    level: str | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"


@attrs.frozen
class Header:
    format: int
    rules_version: int
    game: str
    #: the game's Options instance (a dict in the file)
    options: Any
    players: tuple[PlayerSpec, ...]
    #: ISO 8601, UTC
    created: str
    match_id: str
    #: the seed of the table's chance generator, if the match was seeded
    seed: int | None = None
    #: match_id of the journal this one continues (copied from a damaged
    #: file, or from one written by other rules)
    parent: str | None = None


@attrs.frozen
class JournalProblem:
    """Something wrong with a journal, worded for a player."""

    path: Path
    #: 1-based line number in the file
    line: int
    message: str
    kind: str  # "torn" | "corrupt" | "format" | "refused" | "rules-version" | "unreadable" | "in-use"
    #: the match can resume at the last valid action before `line`
    resumable: bool


# --- the entries of a journal -------------------------------------------------


@attrs.frozen
class ActionEntry:
    seat: int
    #: the action as stored (a dict with "type"); structured by `Codec`
    action: dict


@attrs.frozen
class UndoEntry:
    seat: int
    count: int


@attrs.frozen
class FinishedEntry:
    winners: tuple[int, ...]
    scores: tuple[int, ...]


Entry = ActionEntry | UndoEntry | FinishedEntry


@attrs.frozen
class RawJournal:
    """The result of the shape check of a journal file.

    `lines` holds the text of every well-formed line after the header (in
    order, without their newline), `entries` what each one says; reading
    stops at the first bad line, which `problems` names.
    """

    path: Path
    header: dict | None
    entries: tuple[Entry, ...]
    lines: tuple[str, ...]
    problems: tuple[JournalProblem, ...]
    #: the file's own (1-based) line number of each entry: blank lines are skipped
    numbers: tuple[int, ...] = ()
    #: lines not read after a bad one (that one included): what a resume leaves out
    unread: int = 0
    #: one of the lines after the bad one records a chance outcome: a resume
    #: draws it afresh (chance is journalled, not seeded), so it may differ
    unread_chance: bool = False

    @property
    def actions(self) -> int:
        """How many actions the entries leave in the match's history
        (undone ones taken off)."""
        return history_length(self.entries)


def history_length(entries: tuple[Entry, ...]) -> int:
    """How many actions `entries` leave in a match's history."""
    count = 0
    for entry in entries:
        if isinstance(entry, ActionEntry):
            count += 1
        elif isinstance(entry, UndoEntry):
            if entry.count > count:
                break  # the replay refuses it: a resume stops before it
            count -= entry.count
    return count


def resume_words(kept: int, lines: int) -> str:
    """What resuming before a damaged line keeps of the match and what it
    leaves out (`lines`: that line and those after it), for a player (a
    resume that kept nothing restarted the match from round 1 with no word
    of the moves dropped). Lines, not actions: a line left out may be an
    undo, or no entry at all."""
    if lines <= 0:
        return "The match can resume at the last valid action before it"
    left = ("this line" if lines == 1
            else f"this line and the {lines - 1} after it")
    if kept == 0:
        return f"Nothing of the match can be kept: resuming would start it again, leaving out {left}"
    return f"The match can resume at action {kept}, leaving out {left}"


def read_lines(path: Path) -> RawJournal:
    """Read a journal and check the shape of each line (no rules involved).

    Never raises for what the file holds: every byte sequence gives a
    `RawJournal`, its problems worded for a player.
    """
    path = Path(path)
    problems: list[JournalProblem] = []

    def problem(line: int, message: str, kind: str, resumable: bool) -> None:
        problems.append(
            JournalProblem(path, line, f"{path}, line {line}: {message}", kind, resumable)
        )

    try:
        fd = open_regular(path)
        with os.fdopen(fd, "rb") as file:
            return _read_open(path, file, problem, problems)
    except OSError as error:
        return RawJournal(path, None, (), (), (JournalProblem(
            path, 1, f"{path}: {_why_unreadable(path, error)}, so the match cannot be resumed.",
            UNREADABLE, False,
        ),))


#: the most characters of a broken link's target said (a link may name a path of kilobytes)
LINK_TARGET_SAID = 200


def _why_unreadable(path: Path, error: OSError) -> str:
    """Why `path` cannot be opened: a link to nothing is said to be one, and
    to what (it read "cannot be read (No such file or directory)" of a file
    the saved list shows)."""
    if error.errno == errno.ENOENT and path.is_symlink():
        with contextlib.suppress(OSError):
            target = printable(os.readlink(path))
            if len(target) > LINK_TARGET_SAID:
                target = target[: LINK_TARGET_SAID - 1] + "…"
            return f"the file is a broken link to {target}, which is not there"
    return f"the file cannot be read ({error.strerror or error})"


@attrs.frozen
class _Line:
    """One line of a journal file, as `_file_lines` reads it."""

    #: 1-based
    number: int
    #: without its newline; empty for a line over `MAX_LINE_BYTES`, never held whole
    data: bytes
    #: ended by a newline (a last line without one was cut short)
    ended: bool
    #: longer than `MAX_LINE_BYTES`
    long: bool
    #: the offset just past the line (its newline included)
    end: int

    @property
    def blank(self) -> bool:
        return not self.long and not self.data.strip()


def _file_lines(file: typing.BinaryIO) -> typing.Iterator[_Line]:
    """The lines of `file`, each read with a bounded length: a longer one is
    passed over in pieces of that length (a 60 MB line was read whole, or
    rather the whole file was refused unread). Reading stops past
    `MAX_SCAN_BYTES`."""
    offset = 0
    number = 0
    while offset < MAX_SCAN_BYTES:
        data = file.readline(MAX_LINE_BYTES + 1)
        if not data:
            return
        number += 1
        offset += len(data)
        ended = data.endswith(b"\n")
        long = not ended and len(data) > MAX_LINE_BYTES
        if long:
            data = b""
            while offset < MAX_SCAN_BYTES:
                rest = file.readline(MAX_LINE_BYTES)
                offset += len(rest)
                if not rest or rest.endswith(b"\n"):
                    ended = bool(rest)
                    break
        elif number == 1:
            data = without_bom(data)
        yield _Line(number, data.removesuffix(b"\n"), ended, long, offset)


def _read_open(path: Path, file: typing.BinaryIO, problem: Callable[[int, str, str, bool], None],
               problems: list[JournalProblem]) -> RawJournal:
    """`read_lines` of a file opened."""
    lines_in = (line for line in _file_lines(file) if not line.blank)
    first = next(lines_in, None)
    if first is None:
        # no line to name: an empty file has no line 1
        what = "is empty" if file.tell() == 0 else "holds only blank lines"
        problems.append(JournalProblem(
            path, 1, f"{path}: the file {what}; there is no match to resume.", CORRUPT, False))
        return RawJournal(path, None, (), (), tuple(problems))
    if not first.ended and not first.long:
        problem(first.number, "the header is incomplete, so the match cannot be resumed.",
                TORN, False)
        return RawJournal(path, None, (), (), tuple(problems))
    header, _ = _decode(first.data) if not first.long else (None, "")
    if not isinstance(header, dict) or not _is_int(header.get("format")):
        problem(
            first.number, "the header is not a journal header, so the match cannot be resumed.",
            CORRUPT, False,
        )
        return RawJournal(path, None, (), (), tuple(problems))
    if header["format"] != FORMAT_VERSION:
        problem(
            first.number,
            f"the journal is in format {quoted(header['format'], 20)}, which this version of Overtable "
            f"cannot read (it reads format {FORMAT_VERSION}). The file was left as it is.",
            FORMAT,
            False,
        )
        return RawJournal(path, header, (), (), tuple(problems))
    if not isinstance(header.get("game"), str):
        # listed as sound, it was refused on resuming as a game "(None)"
        problem(first.number,
                "the header does not say which game it is, so the match cannot be resumed.",
                CORRUPT, False)
        return RawJournal(path, header, (), (), tuple(problems))
    entries: list[Entry] = []
    lines: list[str] = []
    # A long journal repeats its lines (undos and redos of the same move):
    # each distinct line is decoded once (its entry is never changed after).
    decoded: dict[bytes, tuple[Entry | None, str]] = {}
    numbers: list[int] = []
    for line in lines_in:
        if not line.ended and not line.long:
            problem(
                line.number,
                "the last line is incomplete (the match was interrupted while saving) and was "
                "ignored. The match can resume at the last complete action; the file was left "
                "as it is.",
                TORN,
                True,
            )
            break
        entry: Entry | None = None
        if line.long:
            why = (f"this line is too long to be a journal entry (over "
                   f"{_size_words(MAX_LINE_BYTES)}).")
        elif line.end > MAX_JOURNAL_BYTES:
            why = (f"the journal passes {_size_words(MAX_JOURNAL_BYTES)}, the most a saved "
                   "match may hold, on this line.")
        else:
            why = "this line is not a valid journal entry."
            known = decoded.get(line.data)
            if known is None:
                obj, text = _decode(line.data)
                known = (_entry(obj), text)
                if len(decoded) < DECODED_KEPT:
                    decoded[line.data] = known
            entry, text = known
        if entry is None:
            # this line and those after it are not read: a resume leaves them out
            # (counted up to `MAX_SCAN_BYTES` into the file)
            unread = 1
            chance = False
            for rest in lines_in:
                unread += 1
                chance = chance or (rest.ended and _is_chance(rest.data, decoded))
            kept = history_length(tuple(entries))
            problem(
                line.number,
                f"{why} {resume_words(kept, unread)}; the file was left as it is.",
                CORRUPT,
                True,
            )
            return RawJournal(path, header, tuple(entries), tuple(lines), tuple(problems),
                              tuple(numbers), unread, chance)
        entries.append(entry)
        lines.append(text)
        numbers.append(line.number)
    return RawJournal(path, header, tuple(entries), tuple(lines), tuple(problems),
                      tuple(numbers))


def _size_words(size: int) -> str:
    """A byte count a player reads: "16 MB"."""
    if size < 1024 * 1024:
        return f"{size} bytes"
    return f"{size // (1024 * 1024)} MB"


def _is_chance(chunk: bytes, decoded: dict[bytes, tuple[Entry | None, str]]) -> bool:
    """Whether `chunk` can be read and records a chance outcome."""
    from core.engine import CHANCE

    known = decoded.get(chunk)
    entry = known[0] if known is not None else _entry(_decode(chunk)[0])
    return isinstance(entry, ActionEntry) and entry.seat == CHANCE


def without_bom(data: bytes) -> bytes:
    """A journal's bytes without the UTF-8 byte-order mark Windows Notepad
    puts at the start of a file it saves: it says only that the file is
    UTF-8, which a journal is (such a journal was listed as unplayable, "the
    header is not a journal header"). The file keeps it: lines are appended
    after it. (A mark anywhere else is no part of JSON: that line is corrupt.)"""
    return data[len(codecs.BOM_UTF8):] if data.startswith(codecs.BOM_UTF8) else data


def parse(chunk: bytes) -> Any:
    """A line's JSON value, read as a journal's lines are; None when it is
    not one (`_decode`)."""
    return _decode(chunk)[0]


def _decode(chunk: bytes) -> tuple[Any, str]:
    """A line's JSON value and text; (None, "") when it is not UTF-8 JSON.

    The bytes are decoded as UTF-8 first (``json.loads`` on bytes would also
    take UTF-16 or UTF-32), and a value holding a lone surrogate (written as
    a ``\\ud800`` escape) is refused too: it could never be written back;
    so is one nested deeper than `MAX_NESTING`.
    """
    try:
        text = chunk.decode("utf-8")
        if _too_deep(text):
            return None, ""
        value = json.loads(text)
        if "\\u" in text:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeError, RecursionError):
        return None, ""
    return value, text


#: a JSON string (its escapes included), and an array's or object's bracket
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _too_deep(text: str) -> bool:
    """Whether the JSON `text` nests deeper than `MAX_NESTING` (brackets
    inside strings do not count). Where the text stops being JSON, so does
    `json.loads`, before nesting any deeper than counted here."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return False  # the common case, counted without a loop in Python
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            return True
    return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _entry(obj: Any) -> Entry | None:
    if not isinstance(obj, dict):
        return None
    if obj.keys() == {"seat", "action"}:
        action = obj["action"]
        if (
            _is_int(obj["seat"])
            and isinstance(action, dict)
            and isinstance(action.get("type"), str)
        ):
            return ActionEntry(obj["seat"], action)
    elif obj.keys() == {"undo", "count"}:
        if _is_int(obj["undo"]) and _is_int(obj["count"]) and obj["count"] >= 1:
            return UndoEntry(obj["undo"], obj["count"])
    elif obj.keys() == {"finished"} and isinstance(obj["finished"], dict):
        winners = obj["finished"].get("winners")
        if not isinstance(winners, list) or not all(_is_int(w) for w in winners):
            return None  # cattrs reads a winner 0.9 or "1" as a seat
        try:
            return _BASE.structure(obj["finished"], FinishedEntry)
        except Exception:  # whatever the line holds, it is not an end of match
            return None
    return None


_BASE = make_converter()



def explain(error: BaseException) -> str:
    """One line about a value that could not be read: for cattrs' errors,
    where the first wrong value is and what was expected ("invalid value
    for type, expected int @ $.count"), not "While structuring Ask"."""
    if isinstance(error, cattrs.BaseValidationError):
        try:
            details = cattrs.transform_error(error)
        except Exception:  # noqa: BLE001 - the plain message below will do
            details = []
        if details:
            return "; ".join(details[:2])[:200]
    if isinstance(error, KeyError) and error.args:
        return f"no such kind or field: {error.args[0]!r}"[:200]
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:200]


def dumps(obj: Any) -> str:
    """One journal line (without its newline)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def undo_line(seat: int, count: int) -> str:
    return dumps({"undo": seat, "count": count})


def finished_line(winners: frozenset[int], scores: tuple[int, ...]) -> str:
    return dumps({"finished": _BASE.unstructure(FinishedEntry(tuple(sorted(winners)), scores))})


# --- per-game (un)structuring -----------------------------------------------


@attrs.frozen
class _NoAction:
    """Keeps the tagged union a union when a game has a single action type."""


class Codec:
    """The cattrs converter of one game: its options and its actions."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.converter = make_converter()
        types = tuple(game.action_types)
        if len(types) < 2:
            types = (*types, _NoAction)
        self.union = Union[types]  # noqa: UP007 - a runtime union of classes
        configure_tagged_union(self.union, self.converter, tag_generator=_tag, tag_name="type")
        self._structure_action: Callable[[Any, Any], Any] = self.converter.get_structure_hook(
            self.union
        )
        self._unstructure_action = self.converter.get_unstructure_hook(self.union)
        #: the game's kinds of action by the name a line gives them
        self.kinds: dict[str, type] = {_tag(cls): cls for cls in game.action_types}

    def action_line(self, seat: int, action: Any) -> str:
        return dumps({"seat": seat, "action": self._unstructure_action(action)})

    def action(self, stored: dict, *, exact: bool = True) -> Any:
        """The action a line stores; ValueError when it is not one of the
        game's, or (`exact`) a value in it is not written as the game
        writes it."""
        kind = stored.get("type")
        cls = self.kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise UnknownKind(kind, self.game.title)
        try:
            action = self._structure_action(stored, self.union)
        except Exception:  # whatever the line holds, it is not an action
            # worded from the game's own types (only here: a legal list is hot)
            raise ValueError(misfit(cls, stored, self.game.title)
                             or f"a value in it is not one {self.game.title} writes") from None
        if exact:
            try:
                _as_written(stored, self._unstructure_action(action))
            except ValueError as e:
                raise ValueError(misfit(cls, stored, self.game.title) or str(e)) from None
        return action

    def header_dict(self, header: Header) -> dict:
        return self.converter.unstructure(header)

    def header_line(self, header: Header) -> str:
        return dumps(self.header_dict(header))

    def header(self, raw: dict) -> Header:
        """The header from its dict, options structured as the game's Options.

        ValueError when it does not fit.
        """
        _header_types(raw)
        title = self.game.title
        try:
            header = self.converter.structure(raw, Header)
        except Exception:  # whatever the header holds, it does not fit
            raise ValueError((misfit(Header, raw, title) if isinstance(raw, dict) else None)
                             or f"a value in it is not one {title} writes") from None
        given = header.options
        if given is not None and not isinstance(given, dict):
            # a text or a list was read as every option at its default
            raise ValueError(f"its options are {quoted(given, 30)}, not names and values")
        try:
            options = self.converter.structure(given or {}, self.game.Options)
            written = self.options_dict(options)
        except Exception:  # whatever the header holds, it does not fit
            reason = misfit(self.game.Options, given or {}, title)
            raise ValueError(reason.replace("its ", "its option ", 1) if reason
                             else f"an option in it is not one {title} has") from None
        for name, value in (given or {}).items():
            # each option as the game writes it: "false", 2 or [1] was read as on
            if name in written and json.dumps(value) != json.dumps(written[name]):
                raise ValueError(f"its option {quoted(name, 40)} is written as "
                                 f"{json.dumps(written[name])} or the like, not {quoted(value, 40)}")
        return attrs.evolve(header, options=options)

    def options_dict(self, options: Any) -> dict:
        return self.converter.unstructure(options, self.game.Options)


def _header_types(raw: Any) -> None:
    """ValueError for a header value cattrs would read as another: a rules
    version "1", 1.9 or true as 1, a seed of 2026.5 as 2026, a match id,
    time or parent that is not text, a seat of a kind that is neither a
    person nor a bot, a name that is not text."""
    if not isinstance(raw, dict):
        return  # structuring says what it is
    for key in ("rules_version", "seed"):
        value = raw.get(key)
        if key in raw and not (_is_int(value) or (key == "seed" and value is None)):
            raise ValueError(f"its {key} is {quoted(value, 30)}, not a whole number")
    for key in ("match_id", "created", "parent"):
        # cattrs writes any value out as text: an id {"a": [1]} was read
        value = raw.get(key)
        if key in raw and not (isinstance(value, str) or (key == "parent" and value is None)):
            raise ValueError(f"its {key} is {quoted(value, 30)}, not text")
    players = raw.get("players")
    for seat, player in enumerate(players if isinstance(players, list) else ()):
        if not (isinstance(player, dict) and player.get("kind") in ("human", "bot")
                and isinstance(player.get("name"), str)
                and isinstance(player.get("level"), str | None)):
            raise ValueError(f"its seat {seat + 1} is not a person or a bot with a name "
                             f"({quoted(player, 60)})")


def _as_written(stored: dict, written: dict) -> None:
    """ValueError unless each value `stored` names is as the game writes it:
    cattrs takes "0", 0.0 or true for 0 or 1, and 1.7 for 1, so a line was
    replayed as another action than it says. (A field the line leaves out
    takes its default, and one the game no longer has is passed over, as
    before.)"""
    if json.dumps(stored, sort_keys=True) == json.dumps(written, sort_keys=True):
        return
    for key, value in stored.items():
        if key in written and (json.dumps(value, sort_keys=True)
                               != json.dumps(written[key], sort_keys=True)):
            raise ValueError(f"its {quoted(key, 30)} is {as_written(value, 30)}; the game writes "
                             f"a value such as {as_written(written[key], 30)} there")


class UnknownKind(ValueError):
    """A line's action is of a kind (its "type") the game does not have."""

    def __init__(self, kind: Any, title: str) -> None:
        self.kind = kind
        super().__init__(f"{as_written(kind, 40)} is not a kind of move in {title}")


def as_written(value: Any, limit: int = 40) -> str:
    """`value` as a journal writes it (JSON: NaN, true, null, "text"), at
    most `limit` characters: what a player looks for in the file."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer too long to write out
        return quoted(value, limit)
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def misfit(cls: type, stored: dict, title: str) -> str | None:
    """The first value of `stored` that does not fit attrs class `cls` (as
    the game writes it), in a player's words: "its 'slot' is NaN, not a
    whole number", "it has no 'slot'"; None when every value fits."""
    found = _misfit_fields(cls, stored, title, ())
    if found is None:
        return None
    path, value, reason = found
    if value is _MISSING:
        owner = _where(path[:-1]) if len(path) > 1 else "it"
        return f"{owner} has no {quoted(path[-1], 30)}"
    return f"{_where(path)} is {as_written(value)}, {reason}"


_MISSING = object()


def _where(path: tuple[Any, ...]) -> str:
    """ "its 'slot'", "item 2 of its 'cards'", "the 'colour' of its 'weapon'"."""
    text = f"its {quoted(path[0], 30)}"
    for step in path[1:]:
        text = (f"item {step + 1} of {text}" if isinstance(step, int)
                else f"the {quoted(step, 30)} of {text}")
    return text


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _misfit_fields(cls: type, stored: dict, title: str,
                   path: tuple[Any, ...]) -> tuple[tuple[Any, ...], Any, str] | None:
    hints = _hints(cls)
    for field in attrs.fields(cls):
        if field.name not in stored:
            if field.default is attrs.NOTHING:
                return (*path, field.name), _MISSING, ""
            continue
        found = _misfit_value(stored[field.name], hints[field.name], title, (*path, field.name))
        if found is not None:
            return found
    return None


def _misfit_value(value: Any, kind: Any, title: str,
                  path: tuple[Any, ...]) -> tuple[tuple[Any, ...], Any, str] | None:
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if value is None and type(None) in options:
            return None
        (kind, *_) = [k for k in options if k is not type(None)] or [Any]
        origin = typing.get_origin(kind)
    if kind is bool:
        return None if isinstance(value, bool) else (path, value, "not true or false")
    if kind is int:
        return None if _is_int(value) else (path, value, "not a whole number")
    if kind is str:
        return None if isinstance(value, str) else (path, value, "not text")
    if origin in (tuple, list):
        if not isinstance(value, list):
            return path, value, "not a list"
        (item, *_) = typing.get_args(kind) or (Any,)
        for index, each in enumerate(value):
            found = _misfit_value(each, item, title, (*path, index))
            if found is not None:
                return found
        return None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        values = [member.value for member in kind]
        if any(type(value) is type(v) and value == v for v in values):
            return None
        if len(values) <= 5:
            return path, value, "not one of " + ", ".join(as_written(v) for v in values)
        return path, value, f"which is not {_a(_kind_words(kind))} of {title}"
    if isinstance(kind, type) and attrs.has(kind):
        if not isinstance(value, dict):
            return path, value, f"which is not {_a(_kind_words(kind))} of {title}"
        return _misfit_fields(kind, value, title, path)
    return None


def _kind_words(cls: type) -> str:
    """A class's name in words: "PlayerSpec" -> "player spec"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", cls.__name__).lower()


def _a(words: str) -> str:
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _tag(cls: type) -> str:
    return cls.__name__


@functools.cache
def _codec(game_id: str, game: Any) -> Codec:
    return Codec(game)


def codec(game: Any) -> Codec:
    """The converter for `game`, built once per game."""
    return _codec(game.id, game)


# --- which games exist ----------------------------------------------------------

#: Games known besides `core.GAMES` (tests register toy games here).
EXTRA_GAMES: dict[str, Any] = {}


def game_title(game_id: str) -> str:
    """A game's title, without importing its rules (`core.catalogue`)."""
    if game_id in EXTRA_GAMES:
        return str(EXTRA_GAMES[game_id].title)
    from core.catalogue import CATALOGUE

    info = CATALOGUE.get(game_id)
    return info.title if info is not None else game_id


def find_game(game_id: str) -> Any | None:
    if game_id in EXTRA_GAMES:
        return EXTRA_GAMES[game_id]
    from core import GAMES  # imported late: listing saves should not load every rule

    return GAMES.get(game_id)
