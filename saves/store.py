"""Where journals live, and listing, finding and deleting them.

A listing reads each file's header and checks the shape of its lines but
does not replay them (that is `Match.load`'s job), so it stays fast: a
finished match is known by its last line, the ``finished`` entry the match
appends when it ends (see `saves.journal`). A line the rules would refuse is
therefore only found when the match is loaded, and `latest` (Continue)
loads its candidates to pick the newest match that really resumes.

`list_matches(replay=True)` (the saved-matches screen, in a worker) also
replays each journal, read only and without its lock, to say how far the
match got (the game's own `progress`: "round 3", "wave 2") and to find a
line the rules refuse. A replay is kept while its file is unchanged.

A journal another one continues (`Match` copies a damaged one, or one of
other rules, to a new file naming it as ``parent``) is listed as
``superseded_by`` it and passed over by `latest`, but only once
`_continues` has checked that the newer file really continues it: a
header's ``parent`` alone is a claim any file can make.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import platformdirs

from core.arena import RULES_BOT_NAME
from saves import journal
from saves.journal import JournalProblem
from saves.lock import JournalLock, MatchInUse, is_locked, open_regular

#: Set to a directory to keep Overtable's data there instead of the user
#: data directory (tests, and the SSH host). Journals go in its "matches".
ENV_DATA_DIR = "OVERTABLE_DATA_DIR"
#: what a shared table's hub keeps beside its journal (host/hub.py): its
#: settings and its chat, deleted with it. Not ".jsonl": never listed as saves
TABLE_SUFFIX = ".table.json"
CHAT_SUFFIX = ".chat.json"
#: what a match played at one terminal keeps beside its journal
#: (tui/table.py): its table talk, which is not part of the match, and how
#: far the match was when a person last uncovered their view
HERE_SUFFIX = ".here.json"
#: the most of a `HERE_SUFFIX` file read back, and of its talk
MAX_HERE_FILE = 256 * 1024
#: the most kinds of box a `HERE_SUFFIX` file's "put_away" keeps, and the
#: longest name of one (a game names a few)
MAX_BOX_KINDS = 8
MAX_BOX_KIND = 32
KEEP_TALK = 200
MAX_TALK_LINE = 1000


def data_dir() -> Path:
    """The directory of saved matches (not created here)."""
    base = os.environ.get(ENV_DATA_DIR) or platformdirs.user_data_dir("overtable")
    return Path(base) / "matches"


def shared_dirs(base: Path | None = None) -> tuple[Path, ...]:
    """Where a hub of the data directory `base` keeps its shared matches:
    `overtable host` and a bare `overtable hub` in "shared", `overtable hub
    --data-dir DIR` in DIR itself (host/hub.py `default_places`, tui/cli.py)."""
    base = data_dir().parent if base is None else Path(base)
    return (base / "shared", base)


def is_shared(path: Path) -> bool:
    """Whether the journal at `path` is a shared table's (its hub keeps the
    table's settings beside it from the match's start)."""
    try:
        return Path(path).with_suffix(TABLE_SUFFIX).exists()
    except OSError:
        return False


@attrs.frozen
class SavedMatch:
    path: Path
    match_id: str
    game: str
    title: str
    players: tuple[str, ...]
    created: str
    #: the file's modification time, ISO 8601 UTC
    updated: str
    #: actions in the match's history as a resume has it (after undos,
    #: before a line that cannot be read or that the rules refuse)
    actions: int
    finished: bool
    winners: tuple[str, ...]
    #: the first problem's message, if the file is damaged (found without
    #: replaying: a line the rules refuse shows only on loading)
    problem: str | None = None
    #: False when the problem means it cannot be resumed at all
    resumable: bool = True
    #: match_id of a journal that continues this one (it was copied there)
    superseded_by: str | None = None
    #: match_id of the journal this one continues
    parent: str | None = None
    #: a match holds it open now (here or in another terminal)
    in_use: bool = False
    #: the first problem's kind (`journal.TORN`...), if any
    problem_kind: str | None = None
    #: the names of the seats people play, and how many bots play (the
    #: rules' own bot of a solo mode not counted: `solo` says it)
    people: tuple[str, ...] = ()
    bots: int = 0
    #: a solo mode against the rules' own bot (Overstocked's, OS-19)
    solo: bool = False
    #: how far the match got ("round 3", "wave 2"); "" when not replayed
    progress: str = ""
    #: its options that differ from the standard game, in words ("Potions",
    #: "Boss Ul'ul: night"); () when not replayed
    options: tuple[str, ...] = ()
    #: how many lines of the file a resume leaves out, from a line that
    #: cannot be read or the rules refuse (None: none); `progress` is then
    #: where it resumes
    left_out: int | None = None
    #: what a resume says though nothing is lost (a bot level this version
    #: does not have); () when not replayed
    notes: tuple[str, ...] = ()
    #: the id its file name holds (`named`), when its header names none: a
    #: damaged save is still found and shown by it
    file_id: str = ""
    #: played at the shared tables (a hub's journal, `shared_dirs`): it goes
    #: on there, not at one terminal
    shared: bool = False
    #: (name, level) of each bot's seat
    bot_seats: tuple[tuple[str, str | None], ...] = ()
    #: (name, a bot, its level) of every seat, in order (the saved list's Details)
    seats: tuple[tuple[str, bool, str | None], ...] = ()
    #: the names of the seats to play next in an unfinished match ("Ann");
    #: () when not replayed, over, or chance's turn
    to_play: tuple[str, ...] = ()
    #: the box the match was left with up, unread, that Continue brings
    #: back first ("the end of round 1": the game's `unread_box`, from what
    #: is kept beside the journal); "" when none or not known
    unread: str = ""

    def who_plays(self, *, seats: int | None = None, name: int | None = None) -> str:
        """Who plays: people by name, bots counted ("Ann, Bram +2 bots");
        a solo mode says so ("Ann solo": it read "Ann +1 bot", as a match
        against a bot of one's choice). At most `seats` names ("and 3 more"),
        each in at most `name` characters (a damaged header may hold 300,000
        seats, or a name of 10,000 characters)."""
        people = list(self.people)
        bots = self.bots
        if not people and not bots and not self.solo:
            people, bots = list(self.players), 0  # a header without kinds
        if name is not None:
            people = [p if len(p) <= name else p[: name - 1] + "…" for p in people]
        more = len(people) - seats if seats is not None else 0
        text = ", ".join(people[:seats] if seats is not None else people)
        if more > 0:
            text += f" and {more} more"
        if bots:
            counted = f"{bots} bot{'s' if bots != 1 else ''}"
            text = f"{text} +{counted}" if text else counted
        if self.solo:
            text = f"{text} solo" if text else "solo"
        return text or "?"

    @property
    def problem_word(self) -> str:
        """Its problem in a word or two ("" when sound): "damaged" when it
        resumes before the damage ("refused" read as a match that cannot be
        played), "unplayable" when it cannot resume at all."""
        if not self.problem:
            return ""
        word = PROBLEM_WORDS.get(str(self.problem_kind))
        return word or ("damaged" if self.resumable else "unplayable")


#: a problem kind's own word (`SavedMatch.problem_word`); a kind not named
#: here is "damaged", or "unplayable" when it cannot be resumed
PROBLEM_WORDS = {
    journal.TORN: "torn line",
    journal.FORMAT: "format",
    journal.UNKNOWN_GAME: "unknown game",
    journal.RULES_VERSION: "old rules",
    journal.UNREADABLE: "unreadable",
    journal.IN_USE: "in use",
}


#: how `saves.match._create` names a journal: stamp, game, the id's first 8
_NAMED = re.compile(r"[0-9]{8}T[0-9]{6}Z-(?P<game>[a-z0-9-]+)-(?P<id>[0-9a-f]{8})\.jsonl")


def named(path: Path) -> tuple[str, str] | None:
    """The (id, game) a journal's file name holds, if Overtable named it."""
    found = _NAMED.fullmatch(Path(path).name)
    return (found["id"], found["game"]) if found else None


def _by_name(saved: SavedMatch) -> SavedMatch:
    """`saved` with the id (and the game's title) its file name holds, when
    its header says neither: listed as "?" a player could not tell which
    match it was, and `resume ID` did not find it."""
    name = named(saved.path)
    if saved.match_id or name is None:
        return saved
    file_id, game = name
    title = saved.title
    if title == "?" and journal.find_game(game) is not None:
        title = journal.printable(journal.game_title(game))
    return attrs.evolve(saved, file_id=file_id, title=title)


def find(which: str, listed: list[SavedMatch]) -> list[SavedMatch]:
    """The listed saves `which` (an id or its prefix) names: by the id
    their header holds, or a damaged one's by its file name. A file's own
    name (with or without ".jsonl") names that file: copies of a journal
    share its id (`listed_id`)."""
    by_file = [m for m in listed if which in (Path(m.path).name, Path(m.path).stem)]
    if by_file:
        return by_file
    return [m for m in listed if str(m.match_id).startswith(which)
            or (m.file_id and (m.file_id.startswith(which) or which.startswith(m.file_id)))]


def listed_ids(listed: list[SavedMatch]) -> list[str]:
    """What names each listed save for `overtable resume` (`find`): its
    id's first 8 characters, or, when another listed save shows the same
    (a copy of the journal kept as a backup), its file's name without
    ".jsonl"."""
    short = [m.match_id[:8] or m.file_id for m in listed]
    return [Path(m.path).stem if not key or short.count(key) > 1 else key
            for m, key in zip(listed, short, strict=True)]


class SavesUnreadable(OSError):
    """The directory of saved matches exists but cannot be listed (its
    permissions, or a file where the directory should be): the message
    says so, where an empty list would say there is no saved match."""

    def __str__(self) -> str:
        return str(self.strerror)


def _journals(directory: Path) -> list[Path]:
    """The journal files in `directory`; none when it does not exist yet.
    (`Path.glob` passes over a directory it may not read: the listing said
    "No saved matches" with three there.)"""
    try:
        with os.scandir(directory) as entries:
            return [directory / e.name for e in entries if e.name.endswith(".jsonl")]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise _cannot_read(directory, error) from None


def file_in_the_way(directory: Path) -> Path | None:
    """The file (not a folder) at `directory` or one of its parents, if any."""
    for place in (directory, *directory.parents):
        if place.exists() and not place.is_dir():
            return place
    return None


def not_a_folder(place: Path) -> str:
    """What a file where the saved matches' folder should be is said as."""
    return (f"{place} is a file, not a folder: Overtable keeps its saved matches in a "
            f"folder ({ENV_DATA_DIR} chooses where)")


def _cannot_read(directory: Path, error: OSError) -> SavesUnreadable:
    # a file where a folder should be: said as such ("cannot be read (Not a
    # directory)" named the matches folder, never the file in its way)
    place = file_in_the_way(directory)
    if place is not None:
        return SavesUnreadable(error.errno, not_a_folder(place))
    reason = error.strerror or str(error)
    # (what to check, where it is the folder's permissions)
    check = "; check that folder's permissions" if isinstance(error, PermissionError) else ""
    return SavesUnreadable(
        error.errno, f"the saved matches in {directory} cannot be read ({reason}){check}"
    )


def list_matches(directory: Path | None = None, *, replay: bool = False,
                 shared: bool = False) -> list[SavedMatch]:
    """Every journal in `directory`, newest first; damaged ones too. With
    `replay`, each is also replayed for its progress and any line the rules
    refuse (see the module). With `shared`, the shared tables' matches of
    the same data directory too (`shared_dirs`), marked `shared`."""
    directory = data_dir() if directory is None else Path(directory)
    found: list[tuple[float, SavedMatch]] = []
    places = [(directory, False)]
    if shared:
        places += [(place, True) for place in shared_dirs(directory.parent)
                   if place != directory]
    for place, is_hubs in places:
        listed = len(found)
        _list_into(found, place)
        if is_hubs:
            found[listed:] = [(t, attrs.evolve(s, shared=True)) for t, s in found[listed:]]
    found.sort(key=lambda t: t[0], reverse=True)
    continued = _continued(found)
    if replay:
        found = [(mtime, _with_replay(s)) for mtime, s in found]
        for gone in set(_REPLAYS) - {s.path for _, s in found}:
            del _REPLAYS[gone]
    return [
        _as_the_tables_name(
            attrs.evolve(s, superseded_by=continued[s.path]) if s.path in continued else s)
        for _, s in found
    ]


def _as_the_tables_name(saved: SavedMatch) -> SavedMatch:
    """A shared match's bots named as its tables name them, "bot (easy)",
    not by the hub's "Bot 2" the journal keeps."""
    if not saved.shared or not saved.bot_seats:
        return saved
    levels = dict(saved.bot_seats)

    def named(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple((f"bot ({levels[n]})" if levels[n] else "bot") if n in levels else n
                     for n in names)

    return attrs.evolve(saved, players=named(saved.players), winners=named(saved.winners))


def _list_into(found: list[tuple[float, SavedMatch]], directory: Path) -> None:
    """Each journal in `directory`, with its modification time, onto `found`."""
    for path in _journals(directory):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            try:  # a broken link (to nothing, or to itself) is shown, not hidden
                mtime = path.lstat().st_mtime
            except FileNotFoundError:
                continue  # deleted meanwhile
            except PermissionError as error:
                # the directory can be listed but not searched (mode 0600):
                # none of its files can be reached, which is not "no saves"
                raise _cannot_read(directory, error) from None
            except OSError as error:  # never hide a file
                found.append((0.0, _by_name(_unreadable(path, 0.0, error))))
                continue
        try:
            found.append((mtime, _by_name(_summary(path, mtime))))
        except Exception as error:  # never hide a file, never fail the listing
            found.append((mtime, _by_name(_unreadable(path, mtime, error))))


def _continued(found: list[tuple[float, SavedMatch]]) -> dict[Path, str]:
    """For each journal another one really continues, the newest such
    continuation's match_id. A header's `parent` is a claim: it is believed
    only when `_continues` checks it, so a forged or copied file never hides
    the match it names (from `latest`, nor in a list). Of several copies of
    the parent (one match id: a backup kept beside it), a continuation
    continues the one it holds the most lines of: it holds a copy damaged
    earlier up to its damage too, and every copy was marked "continued"."""
    by_id: dict[str, list[SavedMatch]] = {}
    claims: dict[str, list[SavedMatch]] = {}  # parent id -> its claimants, newest first
    for _, saved in found:
        if saved.match_id:
            by_id.setdefault(saved.match_id, []).append(saved)
        if saved.parent and saved.parent != saved.match_id:
            claims.setdefault(saved.parent, []).append(saved)
    out: dict[Path, str] = {}
    for parent_id, children in claims.items():
        copied: dict[Path, dict[Path, int]] = {}  # child -> parent -> lines it holds of it
        for parent in by_id.get(parent_id, ()):
            raw = None  # each named journal read once, and let go after
            for child in children:
                if child.path == parent.path:
                    continue
                try:
                    raw = raw or journal.read_lines(parent.path)
                    held = _continues(parent.path, child.path, raw)
                except Exception:  # whatever the files hold, the claim is not proven
                    continue
                if held is not None:
                    copied.setdefault(child.path, {})[parent.path] = held
        for child in children:  # the newest continuation is named
            parents = copied.get(child.path, {})
            most = max(parents.values(), default=None)
            for path, held in parents.items():
                if held == most:
                    out.setdefault(path, child.match_id)
    return out


#: the header's fields that say which match a journal is; a continuation
#: changes only its match_id, parent and rules_version (saves/match.py `_fork`)
_SAME_MATCH = ("format", "game", "created", "seed")


def _continues(parent_path: Path, child_path: Path, parent: journal.RawJournal) -> int | None:
    """How many of its lines the journal at `child_path` holds of the one at
    `parent_path` (read as `parent`) when it is a continuation of it, None
    when not. A continuation is as `Match._fork` writes one: the parent could not be
    written to (a problem in it, or another rules version), the child's
    header is the parent's match (same game, players, options, seed and
    creation time), and the child holds the parent's lines up to where the
    parent stops being valid, then at least one line of its own:

    - every line the parent's shape check accepted, when the parent is
      torn, damaged or of another rules version;
    - or only those before a line the rules refuse, when a replay of the
      parent (read only, kept in `_REPLAYS`) refuses exactly that line."""
    child = journal.read_lines(child_path)
    ph, ch = parent.header, child.header
    if ph is None or ch is None:
        return None
    if any(ph.get(key) != ch.get(key) for key in _SAME_MATCH):
        return None
    if _seats(ph) != _seats(ch) or not _same_options(ph.get("options"), ch.get("options")):
        return None
    copied = 0
    for mine, theirs in zip(parent.lines, child.lines, strict=False):
        if mine != theirs:
            break
        copied += 1
    if len(child.lines) <= copied:
        return None  # nothing of its own: a copy, not a continuation
    if copied == len(parent.lines):
        # the whole parent: it was damaged, or written by other rules
        # (a match loads, so continues, only when each problem is resumable)
        damaged = bool(parent.problems) and all(p.resumable for p in parent.problems)
        return copied if damaged or ph.get("rules_version") != ch.get("rules_version") else None
    # the child stops early: the parent's next line is one the rules refuse
    refused = _refusal(parent_path)
    return copied if refused is not None and refused.line == parent.numbers[copied] else None


def _seats(header: dict) -> list[tuple[str, Any, Any]] | None:
    """A header's players as a continuation repeats them (names as kept; a
    bot at the level it plays at, which a continuation writes for a level
    this version does not have)."""
    from saves.match import level_played  # imports the rules core

    players = header.get("players")
    if not isinstance(players, list):
        return None
    game = header.get("game")

    def level(p: dict) -> Any:
        saved = p.get("level")
        if p.get("kind") != "bot" or not isinstance(saved, str) or not isinstance(game, str):
            return saved
        return level_played(game, saved)

    return [(journal.shown_name(p.get("name", "?")), p.get("kind"), level(p))
            if isinstance(p, dict) else ("", None, None) for p in players]


def _same_options(parent: Any, child: Any) -> bool:
    """Options equal where both name them (a newer version writes the
    options it added, at their defaults, when it continues an older file)."""
    if parent is None or child is None:
        return parent == child or not (parent or child)
    if not isinstance(parent, dict) or not isinstance(child, dict):
        return False
    return all(parent[key] == child[key] for key in parent.keys() & child.keys())


def _refusal(path: Path) -> JournalProblem | None:
    """The line the rules refuse in the journal at `path`, or None."""
    return _kept_replay(path).refused


def _kept_replay(path: Path) -> Replayed:
    """`_replay(path)`, kept in `_REPLAYS` while the file is unchanged
    (OSError if it cannot be read)."""
    stat = path.stat()
    kept = _REPLAYS.get(path)
    if kept is None or kept[:2] != (stat.st_mtime, stat.st_size):
        kept = _REPLAYS[path] = (stat.st_mtime, stat.st_size, _replay(path))
    return kept[2]


#: beside the journals: the file name of the match last opened at a
#: terminal, so that Continue brings back a match looked at and left
#: without a move (its journal's time is that of its last move)
LAST_OPENED = ".last-opened"
MAX_LAST_OPENED = 1024


def mark_opened(journal_path: Path) -> str | None:
    """Note `journal_path` as the match last opened (`LAST_OPENED`). None
    when noted, else why not (`cannot_write`): Continue then goes by the
    last move."""
    journal_path = Path(journal_path)
    path = journal_path.parent / LAST_OPENED
    try:
        write_whole(path, journal_path.name.encode("utf-8"))
    except OSError as error:
        return cannot_write(path, error)
    return None


def cannot_write(path: Path, error: OSError) -> str:
    """Why a file kept beside the saved matches (`.last-opened`, a match's
    `.here.json`) could not be written, for a player: a folder or a
    read-only place in its way was passed over without a word."""
    reason = error.strerror or str(error)
    return f"{path} cannot be written ({reason})"


def _last_opened(directory: Path) -> tuple[str, float] | None:
    """(file name, when) of `mark_opened`'s note in `directory`, read as
    untrusted: anything but a short journal name is no note."""
    try:
        fd = open_regular(directory / LAST_OPENED)
        with os.fdopen(fd, "rb") as file:
            when = os.fstat(file.fileno()).st_mtime
            data = file.read(MAX_LAST_OPENED + 1)
        name = data.decode("utf-8")
    except (OSError, ValueError):
        return None
    if (len(data) > MAX_LAST_OPENED or not name.endswith(".jsonl") or "/" in name
            or "\\" in name or not name.isprintable()):
        return None
    return name, when


def _mtime(path: Path) -> float:
    """`path`'s modification time (`updated` keeps whole seconds); 0 if gone."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _by_recency(directory: Path | None = None) -> list[SavedMatch]:
    """The saved matches, the one played or opened last first (`latest`)."""
    listed = list_matches(directory)
    opened = _last_opened(data_dir() if directory is None else Path(directory))
    if opened is not None:
        name, when = opened
        marked = next((s for s in listed if s.path.name == name and not s.shared), None)
        if marked is not None:
            listed.remove(marked)
            at = next((i for i, s in enumerate(listed) if _mtime(s.path) < when), len(listed))
            listed.insert(at, marked)
    return listed


def passed_over(saved: SavedMatch, directory: Path | None = None) -> SavedMatch | None:
    """The newest unfinished match, played or opened after `saved` (the
    `latest`), that `latest` passed over because it is open in another
    window or terminal; None if none. `overtable resume` opened an older
    match without a word while the newest was being played elsewhere."""
    for s in _by_recency(directory):
        if s.path == saved.path:
            return None
        if s.in_use and not s.finished and s.superseded_by is None:
            return s
    return None


def latest(directory: Path | None = None) -> SavedMatch | None:
    """The most recently played unfinished match that can be continued: it
    loads (a journal of an unknown game or one the rules refuse from its
    start is passed over) and is not open elsewhere. A match opened at a
    terminal since the last move of the others counts as the latest
    (`mark_opened`). Nothing is locked (see `_resumes`)."""
    for s in _by_recency(directory):
        if s.finished or not s.resumable or s.superseded_by is not None or s.in_use:
            continue
        resumed = _resumes(s.path)
        if resumed is not None:
            # "round 3", for the menu, and how much of it a damaged file leaves out
            progress, left_out = resumed
            return attrs.evolve(s, progress=progress, left_out=left_out)
    return None


def unreadable(directory: Path | None = None) -> SavedMatch | None:
    """The newest save that may hold an unfinished match but cannot be
    resumed (its file or header cannot be read, or it is of a game or
    format this version does not know), with its problem; None if none.
    When `latest` finds nothing, this is why: Continue said "no unfinished
    match" and a player took their match for lost."""
    for s in list_matches(directory):
        if s.finished or s.in_use or s.superseded_by is not None:
            continue
        if not s.resumable:
            return s
        if journal.find_game(s.game) is None:
            return _with_replay(s)  # its replay says the game is unknown
    return None


def continuation(saved: SavedMatch, listed: list[SavedMatch]) -> SavedMatch | None:
    """The listed match that `saved` goes on in (the last of a chain: a
    damaged or edited journal continues in a new file), or None."""
    by_id = {s.match_id: s for s in listed if s.match_id}
    found = None
    seen: set[str] = set()
    next_id = saved.superseded_by
    while next_id and next_id in by_id and next_id not in seen:
        seen.add(next_id)
        found = by_id[next_id]
        next_id = found.superseded_by
    return found


def played_elsewhere(directory: Path | None = None,
                     here: Callable[[Path], bool] | None = None) -> SavedMatch | None:
    """The newest unfinished match open in another window or terminal now,
    if any. When `latest` finds nothing to continue, this one is the
    reason: the player is told it is being played there, not that there is
    no saved match. `here`: whether a match is the one the asking window
    holds open itself (its lock is as any other's), passed over: right
    after Ctrl+S a new match was said to be played "in another window"."""
    for s in list_matches(directory):
        if s.in_use and not s.finished and s.superseded_by is None:
            if here is not None and here(Path(s.path)):
                continue
            return s
    return None


#: how many of the newest journals `last_setup` looks at, and how much of
#: each (a header line is a few hundred bytes)
LAST_SETUP_FILES = 200
LAST_SETUP_BYTES = 65_536


def last_setup(
    game_id: str, directory: Path | None = None, players: int | None = None,
    off: str | None = None,
) -> journal.Header | None:
    """The header (players, options) of the match of `game_id` set up last
    (with `players` seats, when given; with the option `off` not ticked,
    when given: what Overstocked's solo rules out comes back as it was
    before), for the new-match form to start from; None if there is none.
    Reads only the first line of the newest files, and passes over any it
    cannot use."""
    game = journal.find_game(game_id)
    if game is None:
        return None
    for raw in _newest_headers(directory):
        if raw.get("game") == game_id:
            try:
                header = journal.codec(game).header(raw)
            except (ValueError, RecursionError):
                continue
            if off is not None and getattr(header.options, off, False):
                continue
            if players is None or len(header.players) == players:
                return header
    return None


def last_game(directory: Path | None = None) -> str | None:
    """The game of the match set up last here (of a game this version
    knows), which the new-match form opens on; None if there is none."""
    for raw in _newest_headers(directory):
        game_id = raw.get("game")
        if isinstance(game_id, str) and journal.find_game(game_id) is not None:
            return game_id
    return None


def _newest_headers(directory: Path | None = None) -> Iterator[dict[str, Any]]:
    """The first lines (parsed) of the `LAST_SETUP_FILES` journals in
    `directory` played last, the one set up last first (its header's
    "created"; played last first among those set up in the same second, or
    without a time that reads); any that cannot be read is passed over.
    Ordered by when they were played, resuming and playing an older match
    made its set-up the new-match form's start (README: "the last match
    you set up")."""
    directory = data_dir() if directory is None else Path(directory)
    if not directory.is_dir():
        return
    dated = []
    for path in directory.glob("*.jsonl"):
        try:
            dated.append((path.stat().st_mtime, path))
        except OSError:
            continue
    dated.sort(reverse=True)
    headers = []
    for mtime, path in dated[:LAST_SETUP_FILES]:
        try:
            with os.fdopen(open_regular(path), "rb") as file:  # no pipe or device
                raw = journal.parse(journal.without_bom(file.readline(LAST_SETUP_BYTES)))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(raw, dict):
            headers.append((_created(raw, mtime), mtime, raw))
    headers.sort(key=lambda found: found[:2], reverse=True)
    for _, _, raw in headers:
        yield raw


def _created(header: dict[str, Any], mtime: float) -> float:
    """When the match of `header` was set up (its "created"), as a time
    stamp; `mtime` (when it was last played) where that does not read."""
    try:
        created = datetime.datetime.fromisoformat(header["created"])
    except (KeyError, TypeError, ValueError):
        return mtime
    if created.tzinfo is None:
        created = created.replace(tzinfo=datetime.UTC)
    try:
        return created.timestamp()
    except (OverflowError, OSError, ValueError):
        return mtime


def _resumes(path: Path) -> tuple[str, int | None] | None:
    """How far the match at `path` got, if it loads (None: it does not),
    and how many lines it leaves out after a damaged one (None: none).
    Replayed read only, without its lock, as the listing's replay is: a
    player resuming this match in another terminal meanwhile was refused
    ("already being played") while Continue was only being looked for."""
    from saves.match import Match  # imports the rules core

    try:
        loaded = Match._load(path)
    except Exception:  # a bug, not the file: not one to offer
        return None
    match = loaded.match
    if match is None:
        return None
    # over, or unable to save its next move (a read-only file): not one
    # to offer as the match to continue
    progress = None if match.finished or match.cannot_save() else _progress(match)
    left_out = loaded.lost or None
    match.close()
    return None if progress is None else (progress, left_out)


def _progress(match: Any) -> str:
    """The game's own words for how far `match` got ("round 3"), or ""."""
    facts = getattr(match.game, "progress", None)
    return facts(match.state) if facts is not None else ""


def delete(path: Path) -> None:
    """Remove a saved match's journal, and what a hub kept beside it;
    `MatchInUse` when it is open (a match being played cannot be deleted
    under its players)."""
    path = Path(path)
    try:
        lock = JournalLock.acquire(path, wait=0.1)
    except FileNotFoundError:
        path.unlink(missing_ok=True)  # a link to nothing goes; nothing else is there
        _delete_beside(path)
        return
    except MatchInUse:
        raise MatchInUse(
            path,
            f"{path}: this match is being played now, so it cannot be deleted. "
            "Leave the match first.",
        ) from None
    except OSError:
        path.unlink(missing_ok=True)  # unreadable: it can still go
        _delete_beside(path)
        return
    try:
        path.unlink(missing_ok=True)
        _delete_beside(path)
    finally:
        lock.release()


#: every file kept beside a journal (`carry_beside`, `_delete_beside`)
BESIDE_SUFFIXES = (TABLE_SUFFIX, CHAT_SUFFIX, HERE_SUFFIX)
#: the most of such a file a continuation carries (the hub reads no more)
MAX_BESIDE_FILE = 1024 * 1024


def carry_beside(old_journal: Path, new_journal: Path) -> None:
    """A match that goes on in a new journal (`Match._fork`) takes what was
    kept beside the old one with it: left there, the next resume lost it
    (a hub's creator and who resigned, one terminal's table talk). The old
    files stay with the old journal. Best effort: one that cannot be read
    or written is not carried, and the match goes on."""
    for suffix in BESIDE_SUFFIXES:
        target = Path(new_journal).with_suffix(suffix)
        if target.exists():
            continue  # (written for the new journal already)
        try:
            with os.fdopen(open_regular(Path(old_journal).with_suffix(suffix)), "rb") as file:
                data = file.read(MAX_BESIDE_FILE + 1)
            if len(data) <= MAX_BESIDE_FILE:
                write_whole(target, data)
        except OSError:
            continue


def _delete_beside(journal_path: Path) -> None:
    """A shared match's table settings and chat go with its journal (left,
    the chat, what players said, stayed on the host for good)."""
    for suffix in BESIDE_SUFFIXES:
        try:
            journal_path.with_suffix(suffix).unlink(missing_ok=True)
        except OSError:  # (a directory there, say): the journal is gone all the same
            pass


@attrs.frozen
class KeptHere:
    """What a match played at one terminal keeps beside its journal."""

    #: table talk, oldest first: (the round it was said in, the line)
    talk: tuple[tuple[int, str], ...] = ()
    #: the match's history length when a person last uncovered their view
    #: (None: not known): a move made before it was seen past
    uncovered: int | None = None
    #: what a person here received face down, told to them in a box they
    #: had not put away yet: (their seat, its lines); shown first on resuming
    unread: tuple[int, tuple[str, ...]] | None = None
    #: the seat of the person who last had the terminal (None: not known):
    #: on resuming, a secret choice they still owe comes back to them first
    viewer: int | None = None
    #: per kind of box the game screen puts up until a key (Boss Quest's
    #: "combats", the Solo Quest's "waves"), how many of them the people
    #: here put away: on resuming, those are not brought back
    put_away: tuple[tuple[str, int], ...] = ()


def read_here(journal_path: Path) -> KeptHere:
    """What `write_here` kept beside `journal_path`, read as untrusted: a
    file missing or damaged is nothing kept (the match resumes all the
    same), a line that is not talk is left out."""
    import json

    try:
        with os.fdopen(open_regular(Path(journal_path).with_suffix(HERE_SUFFIX)), "rb") as file:
            data = file.read(MAX_HERE_FILE + 1)
        if len(data) > MAX_HERE_FILE:
            return KeptHere()
        raw = json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return KeptHere()
    lines = raw.get("talk") if isinstance(raw, dict) else None
    talk = []
    for line in lines[-KEEP_TALK:] if isinstance(lines, list) else ():
        if (isinstance(line, list) and len(line) == 2 and type(line[0]) is int
                and line[0] >= 1 and isinstance(line[1], str) and line[1].strip()
                and len(line[1]) <= MAX_TALK_LINE and line[1].isprintable()):
            talk.append((line[0], line[1]))
    uncovered = raw.get("uncovered") if isinstance(raw, dict) else None
    if type(uncovered) is not int or uncovered < 0:
        uncovered = None
    unread = raw.get("unread") if isinstance(raw, dict) else None
    if (isinstance(unread, list) and len(unread) == 2 and type(unread[0]) is int
            and unread[0] >= 0 and isinstance(unread[1], list) and 0 < len(unread[1]) <= 20
            and all(isinstance(x, str) and 0 < len(x) <= MAX_TALK_LINE and x.isprintable()
                    for x in unread[1])):
        kept_unread = (unread[0], tuple(unread[1]))
    else:
        kept_unread = None
    viewer = raw.get("viewer") if isinstance(raw, dict) else None
    if type(viewer) is not int or viewer < 0:
        viewer = None
    boxes = raw.get("put_away") if isinstance(raw, dict) else None
    put_away = tuple((kind, count) for kind, count in boxes.items()
                     if len(kind) <= MAX_BOX_KIND and type(count) is int and count >= 0
                     )[:MAX_BOX_KINDS] if isinstance(boxes, dict) else ()
    return KeptHere(talk=tuple(talk), uncovered=uncovered, unread=kept_unread, viewer=viewer,
                    put_away=put_away)


def write_whole(path: Path, data: bytes) -> None:
    """`data` at `path`, whole or not at all: a temporary file beside it,
    then os.replace (named ".<file>.<random>.tmp": never a ".jsonl", never
    listed as a save). Not synced: what it keeps (the talk beside a match)
    must not hold up a move's save. OSError if it could not be written;
    no temporary file is left."""
    import tempfile

    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def write_here(journal_path: Path, kept: KeptHere) -> str | None:
    """Keep `kept` beside `journal_path` (`write_whole`). None when kept,
    else why not (`cannot_write`; the talk goes on in memory)."""
    import json

    path = Path(journal_path).with_suffix(HERE_SUFFIX)
    data = json.dumps({"talk": [list(line) for line in kept.talk[-KEEP_TALK:]],
                       "uncovered": kept.uncovered,
                       "unread": None if kept.unread is None else [kept.unread[0],
                                                                   list(kept.unread[1])],
                       "viewer": kept.viewer,
                       "put_away": dict(kept.put_away)},
                      ensure_ascii=False, separators=(",", ":")).encode()
    try:
        write_whole(path, data)
    except OSError as error:
        return cannot_write(path, error)
    return None


@attrs.frozen
class Replayed:
    """What replaying a journal read only finds (`_replay`)."""

    #: how far it got ("round 3"), or ""
    progress: str = ""
    #: the first problem beyond the listing's own (a line the rules refuse)
    refused: JournalProblem | None = None
    #: the winners' names if the match it replays to is over (None if not)
    winners: tuple[str, ...] | None = None
    #: its options that differ from the standard game, in words
    options: tuple[str, ...] = ()
    #: how many actions the replay kept (a refused line stops it)
    kept: int = 0
    #: how many lines the replay left out (`LoadedMatch.lost`); None when
    #: nothing was replayed
    left_out: int | None = None
    #: `LoadedMatch.notes`: bot levels this version does not have
    notes: tuple[str, ...] = ()
    #: the names of the seats to play next, if the match is not over
    to_play: tuple[str, ...] = ()
    #: the box it was left with up, unread, given what was put away (the
    #: game's `unread_box` at the state it replays to); None if the game
    #: has none
    unread: Any = None


#: path -> (mtime, size, what its replay found): replays of unchanged files are kept
_REPLAYS: dict[Path, tuple[float, int, Replayed]] = {}


def _with_replay(saved: SavedMatch) -> SavedMatch:
    """`saved` with its progress and, if the rules refuse a line, that
    problem (a listing without replay cannot see it)."""
    if saved.game == "?" or not saved.resumable:
        return saved
    try:
        replayed = _kept_replay(saved.path)
    except OSError:
        return saved
    progress, refused, winners = replayed.progress, replayed.refused, replayed.winners
    saved = attrs.evolve(saved, options=replayed.options, notes=replayed.notes,
                         to_play=replayed.to_play, unread=_unread(saved, replayed))
    if replayed.left_out is not None:
        # what a resume has, counted by the rules (an undo they refuse took none back)
        saved = attrs.evolve(saved, actions=replayed.kept, left_out=replayed.left_out or None)
    if refused is not None and saved.problem is None:
        saved = attrs.evolve(saved, progress=progress,
                             problem=journal.printable(refused.message),
                             problem_kind=refused.kind, resumable=refused.resumable)
        if refused.resumable:
            # where a resume takes it: a last line saying who won is not
            # reached when the rules refuse a line before it
            saved = attrs.evolve(saved, finished=winners is not None, winners=winners or ())
        return saved
    if winners is not None and (not saved.finished or tuple(saved.winners) != winners):
        # the rules' own end: a last line torn or lost in a crash left a
        # finished match "in play" (and Continue offered it for ever)
        return attrs.evolve(saved, progress=progress, finished=True, winners=winners)
    return attrs.evolve(saved, progress=progress)


def _unread(saved: SavedMatch, replayed: Replayed) -> str:
    """The box `saved` was left with up, unread (`Replayed.unread`), by what
    is kept beside its journal now: it changes without a move (a box put
    away), so it is not part of the replay kept."""
    if replayed.unread is None or saved.finished or replayed.winners is not None:
        return ""
    put_away = dict(read_here(saved.path).put_away)
    if not put_away:
        return ""
    said = replayed.unread(put_away)
    return said if isinstance(said, str) else ""


def _replay(path: Path) -> Replayed:
    """Replay `path` read only (no lock, nothing written)."""
    from core.arena import options_words  # imports the rules core
    from saves.match import Match

    try:
        loaded = Match._load(path)
    except Exception:  # a bug, not the file: the listing still shows it
        return Replayed()
    match = loaded.match
    refused = next((p for p in loaded.problems if p.kind != journal.TORN), None)
    if match is None:
        return Replayed(refused=refused)
    outcome = match.outcome
    winners = None if outcome is None else tuple(
        match.names[w] for w in sorted(outcome.winners) if 0 <= w < len(match.names))
    options = options_words(match.header.options, len(match.names))
    to_play = () if outcome is not None else tuple(
        match.names[s] for s in sorted(match.to_act()) if 0 <= s < len(match.names))
    hook = getattr(match.game, "unread_box", None)
    unread = None if hook is None or outcome is not None else functools.partial(hook, match.state)
    return Replayed(_progress(match), refused, winners, options, len(match.history),
                    loaded.lost, loaded.notes, to_play, unread)


def _when(mtime: float) -> str:
    """A file's time as ISO text; a time no calendar date holds (a damaged
    file system's year 36812, NaN) reads as the epoch, not a failed list."""
    try:
        return datetime.datetime.fromtimestamp(mtime, datetime.UTC).isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return datetime.datetime.fromtimestamp(0, datetime.UTC).isoformat(timespec="seconds")


def _unreadable(path: Path, mtime: float, error: BaseException) -> SavedMatch:
    return SavedMatch(
        path=path,
        match_id="",
        game="?",
        title="?",
        players=(),
        created="",
        updated=_when(mtime),
        actions=0,
        finished=False,
        winners=(),
        problem=journal.printable(
            f"{path}: the file could not be read ({type(error).__name__}: {error})."
        ),
        resumable=False,
        problem_kind=journal.UNREADABLE,
    )


def _text(value: Any) -> str:
    """A header's text as listed; "" for what is not text (an id written as
    {"a": [1]} was listed as "{'a': [1")."""
    return journal.printable(value) if isinstance(value, str) else ""


#: the longest game title listed (the longest game's is 13 characters)
MAX_TITLE = 40


def _summary(path: Path, mtime: float) -> SavedMatch:
    raw = journal.read_lines(path)
    header = raw.header or {}
    players = header.get("players")
    seats = [p if isinstance(p, dict) else {} for p in (players if isinstance(players, list) else ())]
    bots = sum(p.get("kind") == "bot" for p in seats)
    options = header.get("options")
    # the second seat of a solo mode is the rules' own bot (`core.arena.held_seats`),
    # named as the results name it, not by the name its seat kept (the form's "Bram")
    solo = isinstance(options, dict) and options.get("solo") is True and len(seats) == 2
    names = tuple(RULES_BOT_NAME if solo and s == 1 else journal.shown_name(p.get("name", "?"))
                  for s, p in enumerate(seats))
    people = tuple(name for name, p in zip(names, seats, strict=True) if p.get("kind") != "bot")
    if solo and seats[1].get("kind") == "bot":
        bots -= 1
    # one seat is a game's own solo play (Boss Quest's Solo Quest): it read
    # "Ann" alone, where an Overstocked solo match reads "Ann solo"
    solo = solo or (len(seats) == 1 and seats[0].get("kind") != "bot")
    game_id = header.get("game") if isinstance(header.get("game"), str) else "?"
    title = journal.printable(journal.game_title(game_id))
    if len(title) > MAX_TITLE:  # an unknown game is named by its id, which may be of megabytes
        title = title[: MAX_TITLE - 1] + "…"
    actions = raw.actions
    last = raw.entries[-1] if raw.entries else None
    finished = isinstance(last, journal.FinishedEntry)
    winners = tuple(names[w] for w in last.winners if 0 <= w < len(names)) if finished else ()
    parent = header.get("parent")
    problem = raw.problems[0] if raw.problems else None
    # a line that cannot be read: the actions before it, and the lines a
    # resume leaves out, as for a line the rules refuse (`_with_replay`)
    return SavedMatch(
        path=path,
        match_id=_text(header.get("match_id")),
        game=game_id,
        title=title,
        players=names,
        created=_text(header.get("created")),
        updated=_when(mtime),
        actions=actions,
        finished=finished,
        winners=winners,
        problem=journal.printable(problem.message) if problem else None,
        problem_kind=problem.kind if problem else None,
        people=people,
        bots=bots,
        solo=solo,
        resumable=raw.header is not None and all(p.resumable for p in raw.problems),
        parent=parent if isinstance(parent, str) else None,
        in_use=is_locked(path),
        left_out=raw.unread or None,
        bot_seats=tuple((name, journal.shown_name(p.get("level")) if p.get("level") else None)
                        for name, p in zip(names, seats, strict=True) if p.get("kind") == "bot"),
        seats=tuple((name, p.get("kind") == "bot",
                     journal.shown_name(p.get("level")) if p.get("level") else None)
                    for name, p in zip(names, seats, strict=True)),
    )
