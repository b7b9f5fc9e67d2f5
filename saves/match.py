"""A live match: its state, its history and its journal on disk.

Every applied action is appended to the journal at once (flushed and
fsynced): that is the autosave. A take-back appends an undo line, or cuts
off the lines this match just wrote (`_cut_back`). Loading replays the
journal through the rules, so a file can never hold a state the rules
would not reach.

A match loaded from a journal with problems (damaged, or written by other
rules) never writes to that file: its first `apply` or `undo` copies the
header and the valid lines to a new journal (new match_id, `parent` naming
the old one) and continues there. Only `store.delete` removes a file.

A journal file is only ever created whole with its header (mode 0600, in a
0700 directory: it holds every hidden card), and only appended to while it
exists: an action whose line cannot be written raises `SaveFailed` and is
not applied, and the file is left as it was. A journal another program
deleted, replaced or wrote to while the match was open is left as it is,
and the match goes on in a new journal (`_fork`). An open match holds the
journal's lock (`saves.lock`) until `close()`, so the same match cannot be
opened twice, nor deleted while it is played.
"""

from __future__ import annotations

import bisect
import datetime
import os
import random
import re
import stat
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from core.arena import seat_names
from core.engine import CHANCE, Game, IllegalAction
from core.playout import sample_chance
from core.wording import with_article
from saves import journal
from saves.journal import (
    FORMAT_VERSION,
    IN_USE,
    REFUSED,
    RULES_VERSION,
    ActionEntry,
    Codec,
    FinishedEntry,
    Header,
    JournalProblem,
    PlayerSpec,
    UndoEntry,
)
from saves.lock import JournalLock, MatchInUse

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: how long a new journal waits for its own lock (seconds): a listing in
#: another terminal holds each file's lock for a moment while it probes it
LOCK_WAIT = 1.0
#: after a person's name in a log line of a move a bot played for them
#: while they were away (`Match.stand_in_moves`)
STAND_IN_MOVE_MARK = " (bot)"


class SaveFailed(Exception):
    """A line could not be written to the journal (disk full, read-only file
    system...; a journal deleted or replaced while open goes on in a new
    file instead, see `Match._write`). The action or undo was not applied: the
    match, its history and its journal are as they were, so the player can
    try again or leave. The message names the file and the reason."""

    def __init__(self, path: Path, reason: str, *, creating: bool = False) -> None:
        self.path = Path(path)
        self.reason = reason
        if creating:  # a new match, or a damaged one continued in a new file
            from saves.store import file_in_the_way, not_a_folder

            place = file_in_the_way(self.path.parent)
            if place is not None:  # "File exists ... must be writable" sent them astray
                super().__init__(f"{not_a_folder(place)}. Nothing was played or written.")
                return
            super().__init__(
                f"Could not create {self.path}: {reason}. Nothing was played or written: "
                f"the directory {self.path.parent} must be writable (OVERTABLE_DATA_DIR "
                "chooses where matches are saved; --data-dir for a host or hub)."
            )
            return
        super().__init__(
            f"Could not save to {self.path}: {reason}. Nothing was played; try again, or "
            "leave the match (it is saved up to the last action)."
        )


@attrs.frozen
class LoadedMatch:
    """What `Match.load` found: the match (None when it cannot be resumed),
    and every problem, each naming the file and line."""

    match: Match | None
    problems: tuple[JournalProblem, ...] = ()
    #: lines of the file the match leaves out (a damaged line and those
    #: after it): a resume loses them
    lost: int = 0
    #: what the player should know though nothing is lost (a bot level this
    #: version does not have, and the level that bot plays at instead)
    notes: tuple[str, ...] = ()
    #: the `lost` actions hold a chance outcome (a deal, a draw): a resume
    #: draws it afresh, for the journal holds chance, not a seed (host/session.py)
    redrawn: bool = False

    @property
    def ok(self) -> bool:
        return self.match is not None and not self.problems


class Match:
    game: Game
    header: Header
    path: Path
    state: Any
    #: applied (seat, action) pairs, in order, after undos
    history: list[tuple[int, Any]]

    def __init__(self, game: Game, header: Header, path: Path, *, writable: bool = True) -> None:
        self.game = game
        self.header = header
        self.path = Path(path)
        self._codec: Codec = journal.codec(game)
        self.state = game.setup(len(header.players), header.options)
        self.history = []
        #: _states[i] is the state before history[i]; _states[-1] is `state`
        self._states: list[Any] = [self.state]
        #: log lines already worded, per reader (a seat, or None for the
        #: public log): one per history entry, a prefix of it
        self._logs: dict[int | None, list[str]] = {}
        #: the journal lines after the header, as written (for copying)
        self._lines: list[str] = []
        #: history indices a bot played for a person who was away (a shared
        #: table's stand-in): the log names that seat "Ann (bot)". Not in
        #: the journal: the hub keeps it beside it.
        self.stand_in_moves: set[int] = set()
        #: (index, seat, action) -> (the state before it, verdict): the
        #: `_learned_nothing` verdicts, good while that state is the one
        self._verdicts: dict[tuple[int, int, Any], tuple[Any, bool]] = {}
        #: False for a match loaded from a file it must not write to
        self._writable = writable
        #: the journal's lock while the match is open (see `close`)
        self._lock: JournalLock | None = None
        #: the journal's size as this match last wrote or read it (None:
        #: unknown); another program's edit changes it (`_write`)
        self._size: int | None = None
        #: where each of the journal's last action lines starts, for those
        #: this match appended itself since its last undo line: a take-back
        #: of them cuts them off again (`_cut_back`)
        self._cut_points: list[int] = []
        self._closed = False

    # --- creating and loading ------------------------------------------------

    @classmethod
    def new(
        cls,
        game_id: str,
        players: Sequence[PlayerSpec],
        options: Any = None,
        directory: Path | None = None,
        seed: int | None = None,
    ) -> Match:
        """Start a match and write its header at once."""
        game = journal.find_game(game_id)
        if game is None:
            raise ValueError(f"There is no game {game_id!r}.")
        players = tuple(players)
        if len(players) not in game.players:
            raise ValueError(
                f"{game.title} seats {game.players.start} to {game.players.stop - 1} players, "
                f"not {len(players)}."
            )
        header = Header(
            format=FORMAT_VERSION,
            rules_version=game.rules_version,
            game=game.id,
            options=game.Options() if options is None else options,
            players=players,
            created=_now(),
            match_id=uuid.uuid4().hex,
            seed=seed,
        )
        # A setup the rules refuse (IllegalAction) is refused before any
        # file is written: no unplayable save is left behind.
        game.setup(len(players), header.options)
        if directory is None:
            from saves.store import data_dir

            directory = data_dir()
        path, lock = _create(Path(directory), header, journal.codec(game).header_line(header), ())
        match = cls(game, header, path)
        match._lock = lock
        match._size = lock.size()
        return match

    @classmethod
    def load(cls, path: Path) -> LoadedMatch:
        """Replay a journal and hold it open (until `close`). Never changes
        the file and never raises for what it holds: a journal that is open
        already (here or in another process) gives an `IN_USE` problem."""
        path = Path(path)
        try:
            lock: JournalLock | None = JournalLock.acquire(path, wait=0.1)
        except MatchInUse as error:
            return LoadedMatch(None, (JournalProblem(path, 1, str(error), IN_USE, False),))
        except OSError:
            lock = None  # read_lines says why it cannot be read
        try:
            loaded = cls._load(path)
        except Exception as error:  # a bug, not the file: still no traceback for the player
            loaded = LoadedMatch(
                None,
                (
                    JournalProblem(
                        path,
                        1,
                        f"{path}: the match could not be replayed ({type(error).__name__}: "
                        f"{error}).",
                        journal.CORRUPT,
                        False,
                    ),
                ),
            )
        if loaded.match is not None and lock is not None:
            loaded.match._lock = lock
            loaded.match._size = lock.size()
        elif lock is not None:
            lock.release()
        return loaded

    @classmethod
    def _load(cls, path: Path) -> LoadedMatch:
        raw = journal.read_lines(path)
        problems = list(raw.problems)
        if raw.header is None or any(not p.resumable for p in problems):
            return LoadedMatch(None, tuple(problems))

        def fatal(message: str, kind: str = journal.CORRUPT) -> LoadedMatch:
            problems.insert(0, JournalProblem(path, 1, f"{path}, line 1: {message}", kind, False))
            return LoadedMatch(None, tuple(problems))

        game_id = raw.header.get("game")
        game = journal.find_game(game_id) if isinstance(game_id, str) else None
        if game is None:
            return fatal(
                f"the journal is of a game this version of Overtable does not know "
                f"({journal.quoted(game_id)}), so it cannot be resumed.",
                journal.UNKNOWN_GAME,
            )
        codec = journal.codec(game)
        try:
            header = codec.header(raw.header)
        except ValueError as e:
            return fatal(f"the header does not describe {with_article(game.title)} match ({e}).")
        if len(header.players) not in game.players:
            return fatal(f"the header seats {len(header.players)} players; {game.title} cannot.")
        header, notes = _levels_played(game.id, header)
        before: list[JournalProblem] = []
        if header.rules_version != game.rules_version:
            saved = (f"{path}, line 1: this match was saved under rules version "
                     f"{journal.quoted(header.rules_version, 20)} of {game.title}; this version "
                     f"of Overtable plays rules version {game.rules_version}")
            if header.rules_version > game.rules_version:
                # a newer Overtable wrote it: its rules may have moves this one lacks
                saved += ", so this older version of Overtable may not know the newer rules"
            before.append(
                JournalProblem(
                    path,
                    1,
                    f"{saved}. It is replayed under this version's rules; if they refuse a "
                    f"line, the match resumes before it. It continues in a new file; this one "
                    f"is left as it is.",
                    RULES_VERSION,
                    True,
                )
            )
        try:
            match = cls(game, header, path, writable=False)
        except Exception as e:  # the rules refuse the header's options
            return fatal(f"the rules refuse this match's setup ({journal.explain(e)}).")
        refused = match._replay(raw)
        if refused is not None:
            # a refusal stops the replay: problems found further on no longer matter
            problems = [p for p in problems if p.line < refused.line]
            problems.append(refused)
        problems = before + problems
        match._writable = not problems
        replayed = (raw.entries if refused is None
                    else raw.entries[: bisect.bisect_left(raw.numbers, refused.line)])
        lost = len(raw.entries) - len(replayed) + raw.unread
        redrawn = lost > 0 and (
            raw.unread_chance
            or CHANCE in match.to_act()  # the first line lost was a draw, whatever its bytes
            or any(isinstance(e, ActionEntry) and e.seat == CHANCE
                   for e in raw.entries[len(replayed):])
        )
        return LoadedMatch(match, tuple(problems), lost, notes, redrawn)

    def _replay(self, raw: journal.RawJournal) -> JournalProblem | None:
        """Apply the journal's entries; the problem at the first refused line."""
        game = self.game
        names = self.names
        # a line's action, structured once for the lines a journal repeats
        actions: dict[str, Any] = {}
        # (history index, seat, action) -> (the state it was played from,
        # the state it gave): an action undone and played again from the
        # same state gives the same state (the rules are deterministic)
        redone: dict[tuple[int, int, Any], tuple[Any, Any]] = {}
        for index, (entry, text) in enumerate(zip(raw.entries, raw.lines, strict=True)):
            number = raw.numbers[index]  # the file's own line (blank ones are skipped)

            def refuse(what: str, number: int = number, index: int = index) -> JournalProblem:
                # what a resume keeps is the history so far; the rest of the file is left out
                kept = len(self.history)
                lost = len(raw.entries) - index + raw.unread
                return JournalProblem(
                    self.path,
                    number,
                    f"{self.path}, line {number}: {what}. "
                    f"{journal.resume_words(kept, lost)}; the file was left as it is.",
                    REFUSED,
                    True,
                )

            seat = getattr(entry, "seat", CHANCE)
            if seat != CHANCE and not 0 <= seat < len(names):
                # as written (from 0): what a player looks for in the file
                return refuse(f"it names seat {journal.as_written(seat, 20)}, and the table's "
                              f"{len(names)} seats are written 0 to {len(names) - 1}")
            if isinstance(entry, ActionEntry):
                who = names[seat] if seat != CHANCE else None
                action = actions.get(text)
                if action is None:
                    try:
                        action = self._codec.action(entry.action)
                    except journal.UnknownKind as e:
                        move = f"{who}'s move" if who else "the shuffle or deal recorded here"
                        return refuse(f"{move} is not one {with_article(game.title)} match has: "
                                      f"{journal.as_written(e.kind)} is not a kind of "
                                      f"{'move' if who else 'move or deal'} in that game")
                    except ValueError as e:
                        # a value the game does not write: what the line is,
                        # not its type's name ("(deal)"), then which value
                        move = f"{who}'s move here" if who else "the shuffle or deal recorded here"
                        return refuse(f"{move} cannot be read: {e}")
                    if len(actions) < journal.DECODED_KEPT:
                        actions[text] = action
                here = (len(self.history), seat, action)
                kept = _kept(redone, here)
                if kept is not None and kept[0] is self.state:
                    state = kept[1]
                else:
                    # not named by its values: a card dealt face down or a
                    # secret pick is hidden from some of the people who read
                    # this message; and chance's reasons name the card ("Card
                    # 42 cannot be dealt now"), a seat's say what the rules
                    # ask of that seat
                    try:
                        state = self.game.apply(self.state, seat, action)
                    except IllegalAction as e:
                        if who is None:
                            return refuse("the shuffle or deal recorded here is not one the "
                                          "rules allow at that point")
                        # (the reason's own full stop would close the sentence twice)
                        return refuse(f"{who}'s move here is not allowed at that point "
                                      f"(the rules tell {who}: {journal.explain(e).rstrip('.')})")
                    except Exception as e:  # the rules crashed on it: as refused
                        move = f"{who}'s move here" if who else "the shuffle or deal here"
                        return refuse(f"{move} could not be replayed (the rules failed on it: "
                                      f"{type(e).__name__})")
                    _keep(redone, here, (self.state, state))
                self._push(seat, action, state)
            elif isinstance(entry, UndoEntry):
                # (counted only as far as the undo goes: a long run of the
                # seat's own actions is not checked whole for each undo)
                allowed = (self.undoable(seat, entry.count, replaying=True)
                           if seat != CHANCE else 0)
                if seat == CHANCE and entry.count > 0:
                    return refuse("it takes back a shuffle or deal, and those cannot be "
                                  "taken back")
                if entry.count > allowed:
                    # a number of thousands of digits is cut, as any value from a file
                    return refuse(
                        f"{names[seat]} takes back "
                        f"{journal.quoted(entry.count, 20)} move(s) here, and only {allowed} "
                        "may be taken back at that point"
                    )
                self._pop(entry.count)
            elif isinstance(entry, FinishedEntry):
                outcome = self.outcome
                if outcome is None:
                    return refuse("it says the match ends here, and the rules say it goes on")
                if tuple(entry.winners) != tuple(sorted(outcome.winners)):
                    def named(seats: Sequence[int]) -> str:
                        return ", ".join(names[w] if 0 <= w < len(names)
                                         else f"seat {journal.as_written(w, 20)}"
                                         for w in seats) or "nobody"

                    said, won = named(entry.winners), named(sorted(outcome.winners))
                    return refuse(f"it says {said} won, and the rules say {won}")
            self._lines.append(text)
        return None

    # --- playing ---------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names; the rules' own bot of a solo mode is "the bot"
        (`core.arena.seat_names`), whatever its seat's header says."""
        return seat_names(self.header.options, [p.name for p in self.header.players])

    @property
    def outcome(self) -> Any:
        return self.game.outcome(self.state)

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def state_before(self, index: int) -> Any:
        """The state before `history[index]` (`len(history)`: the state now)."""
        return self._states[index]

    def apply(self, seat: int, action: Any, *, stand_in: bool = False) -> None:
        """Apply through the rules (IllegalAction passes through, nothing is
        written), then append the line to the journal, flushed and synced.
        `stand_in`: a bot plays it for the seat's person, who is away
        (`stand_in_moves`).

        When the line cannot be written, `SaveFailed` is raised and nothing
        changes: not the state, the history, nor the journal."""
        state = self.game.apply(self.state, seat, action)
        line = self._codec.action_line(seat, action)
        text = line + "\n"
        outcome = self.game.outcome(state)
        extra: list[str] = [line]
        if outcome is not None:
            end = journal.finished_line(outcome.winners, tuple(outcome.scores))
            text += end + "\n"
            extra.append(end)
        path = self.path
        self._write(text)
        self._lines.extend(extra)
        if outcome is not None or self.path != path or self._size is None:
            # nothing is taken back after the end; and the first line of a
            # new journal stays, so that it continues the old one (`_fork`)
            self._cut_points.clear()
        else:
            self._cut_points.append(self._size - len(text.encode("utf-8")))
        if stand_in:
            self.stand_in_moves.add(len(self.history))
        self._push(seat, action, state)

    def step_chance(self, rng: random.Random) -> Any:
        """When CHANCE is to act: draw an outcome by its probability (as
        `core.playout.sample_chance` does), apply it and return the action."""
        outcomes = self.game.chance_outcomes(self.state)
        if CHANCE not in self.game.to_act(self.state) or not outcomes:
            raise IllegalAction("Nothing is being drawn now.")
        action = sample_chance(outcomes, rng)
        self.apply(CHANCE, action)
        return action

    def _push(self, seat: int, action: Any, state: Any) -> None:
        self.history.append((seat, action))
        self._states.append(state)
        self.state = state

    def _pop(self, count: int) -> None:
        del self.history[len(self.history) - count :]
        del self._states[len(self._states) - count :]
        for lines in self._logs.values():
            del lines[len(self.history) :]
        self.stand_in_moves = {i for i in self.stand_in_moves if i < len(self.history)}
        self.state = self._states[-1]

    # --- undo -------------------------------------------------------------------

    def undoable(self, seat: int, limit: int | None = None, *, replaying: bool = False) -> int:
        """How many trailing actions `seat` may take back (counted up to
        `limit` at most, when given).

        Only a human seat's own trailing actions, stopping at any chance
        draw or other seat's action, never once the match is over, and never
        past an action that showed the seat something hidden (one whose
        effect on the seat's view does not follow from its view before),
        nor past one the others saw made, where the game says so (its
        optional `seen_by_others(state, seat, action)`: Overseers' public
        choices, OV-27), since they may already have acted on it; nor past
        a choice its game calls final (its optional `final_choice(state,
        seat, action)`, words when it is: Boss Quest's potion readings,
        BQ-54). A journal `replaying` keeps the take-backs it recorded past
        those, made before they were final: old saves still load.
        """
        if not 0 <= seat < len(self.header.players) or not self.header.players[seat].human:
            return 0
        if self.finished:
            return 0
        seen = getattr(self.game, "seen_by_others", None)
        final = None if replaying else getattr(self.game, "final_choice", None)
        count = 0
        for i in range(len(self.history) - 1, -1, -1):
            if limit is not None and count >= limit:
                break
            who, action = self.history[i]
            if who != seat or not self._learned_nothing(i):
                break
            if seen is not None and seen(self._states[i], who, action):
                break
            if final is not None and final(self._states[i], who, action):
                break
            count += 1
        return count

    def _learned_nothing(self, i: int) -> bool:
        """Whether history[i] showed its seat nothing hidden. A pure function
        of the state before it and the action (the rules are deterministic),
        so the verdict is kept per index and action while that state stays:
        an undo asks it of every trailing action, and a journal of many
        undos and redos asked it again of the same state each time (three
        views apiece: most of a long replay's time)."""
        seat, action = self.history[i]
        before = self._states[i]
        key = (i, seat, action)
        kept = _kept(self._verdicts, key)
        if kept is not None and kept[0] is before:
            return kept[1]
        verdict = self._compute_learned_nothing(i)
        _keep(self._verdicts, key, (before, verdict))
        return verdict

    def _compute_learned_nothing(self, i: int) -> bool:
        game = self.game
        seat, action = self.history[i]
        try:
            before = game.view(self._states[i], seat)
            foreseen = game.view(game.apply(before, seat, action), seat)
        except Exception:  # the rules cannot apply it to a view: be safe
            return False
        return foreseen == game.view(self._states[i + 1], seat)

    def undo(self, seat: int, count: int = 1) -> None:
        """Take back `seat`'s last `count` actions; the journal records it
        (`SaveFailed` when it cannot, and nothing is taken back)."""
        allowed = self.undoable(seat, max(count, 1))
        if count < 1 or count > allowed:
            raise IllegalAction(
                "Nothing to take back."
                if allowed == 0
                else f"Only {allowed} action(s) can be taken back now."
            )
        if count <= len(self._cut_points) and self._cut_back(self._cut_points[-count], count):
            del self._cut_points[-count:]
            del self._lines[-count:]
        else:
            line = journal.undo_line(seat, count)
            self._write(line + "\n")
            self._lines.append(line)
            self._cut_points.clear()
        self._pop(count)

    # --- the log ---------------------------------------------------------------------

    def log(self, viewer: int | None = None) -> list[str]:
        """One line per applied action, worded by the game for `viewer` (a
        seat; None for the public log). Lines are worded once and kept, so a
        long match does not re-describe its history on every update."""
        describe = self.game.describe
        names = self.names
        lines = self._logs.setdefault(viewer, [])
        for i in range(len(lines), len(self.history)):
            seat, action = self.history[i]
            if i in self.stand_in_moves and 0 <= seat < len(names):
                lines.append(_stand_in_line(describe, self._states[i], seat, action, names, viewer))
            else:
                lines.append(describe(self._states[i], seat, action, names=names, viewer=viewer))
        return list(lines)

    # --- writing ---------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Stop writing and release the journal's lock (idempotent). The
        journal is complete already; the match can be loaded again."""
        self._closed = True
        if self._lock is not None:
            self._lock.release()

    def __enter__(self) -> Match:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, text: str) -> None:
        """Append `text` to the journal, synced; `SaveFailed` leaves the file
        as it was (a partly written line is cut off again)."""
        if self._closed:
            raise SaveFailed(self.path, "the match was closed")
        try:
            data = text.encode("utf-8")
        except UnicodeError as error:
            raise SaveFailed(self.path, f"the line cannot be written as UTF-8 ({error})") from None
        if not self._writable:
            self._fork(data)
            return
        try:
            fd = _open_append(self.path)
        except FileNotFoundError:
            # deleted or moved while open: the match holds its whole history,
            # so it goes on in a new file (refusing every move, "try again",
            # lost the match for good once the player left)
            self._fork(data)
            return
        except OSError as error:
            raise SaveFailed(self.path, _reason(error)) from None
        if self._lock is not None and not self._lock.same_file(fd):
            # replaced (an editor's or a sync tool's copy, even an identical
            # one): not this match's file, so it is left as it is, and the
            # match goes on in a new one (refusing every move never ended)
            os.close(fd)
            self._fork(data)
            return
        try:
            size = os.fstat(fd).st_size
            if size + len(data) > journal.MAX_JOURNAL_BYTES:
                # a journal is read back only up to this size: a line past it
                # would leave a match that cannot be resumed (a player taking
                # moves back and playing them again for hours)
                raise SaveFailed(
                    self.path,
                    f"its journal has reached {journal.MAX_JOURNAL_BYTES // (1024 * 1024)} MB, "
                    "the most a saved match may hold",
                )
            if self._size is not None and size != self._size:
                # another program wrote to (or cut) the journal while the
                # match was open: appending would mix its lines with ours,
                # so the match goes on in a new file, from what it holds,
                # and the edited file is left as it is
                edited = True
            else:
                edited = False
                try:
                    _write_all(fd, data)
                    os.fsync(fd)
                except OSError as error:
                    try:
                        os.ftruncate(fd, size)
                        os.fsync(fd)
                    except OSError:
                        pass
                    raise SaveFailed(self.path, _reason(error)) from None
                self._size = size + len(data)
        finally:
            os.close(fd)
        if edited:
            self._fork(data)

    def _cut_back(self, start: int, count: int) -> bool:
        """Take back the journal's last `count` lines, action lines this
        match appended since `start`, by cutting the file back to `start`,
        synced: False, the file untouched, where it cannot be (the caller
        writes an undo line instead, as for any other take-back).

        Why a cut rather than an undo line: a seat taking back a secret
        choice and making it again in a loop grew its journal by two lines
        and two fsyncs a pair, without bound (a review counted 57 MB a day
        from one client at the command rate). Lines nobody else wrote
        since, of choices the rules let be taken back, replay to the same
        match whether they are there with their undo or not there at all;
        what the players saw ("took back") was said live and is not read
        from the journal. A crash leaves the file whole either way: the cut
        falls between lines, and the cut is synced before the take-back is
        answered. Lines from before a load are not cut (where they start
        is not known here), nor past an undo line (`_cut_points`)."""
        if self._closed or not self._writable or self._lock is None or self._size is None:
            return False
        try:
            fd = _open_append(self.path)
        except OSError:
            return False  # the undo line's own write says what is wrong
        try:
            if not self._lock.same_file(fd) or os.fstat(fd).st_size != self._size:
                return False  # replaced or edited: the undo line goes on in a new file
            try:
                os.ftruncate(fd, start)
            except OSError:
                return False
            try:
                os.fsync(fd)
            except OSError as error:
                # as a line that cannot be written: the file as it was, the
                # match too; should the lines not go back, the size differs
                # from `_size` and the next write goes on in a new file
                lines = "".join(line + "\n" for line in self._lines[-count:])
                try:
                    _write_all(fd, lines.encode("utf-8"))
                    os.fsync(fd)
                except OSError:
                    pass
                raise SaveFailed(self.path, _reason(error)) from None
        finally:
            os.close(fd)
        self._size = start
        return True

    def cannot_save(self) -> str | None:
        """Why the next action could not be saved, found before any is
        played; None when it can. The journal must open for appending, or,
        for a match that continues in a new file (a damaged journal, older
        rules), its directory must be writable. A match resumed where
        neither holds stopped at its first action or draw ("The Armorer
        hands out weapons..." for good), each attempt refused in turn."""
        if self._closed:
            return f"{self.path}: the match was closed"
        if not self._writable:
            directory = self.path.parent
            if os.access(directory, os.W_OK | os.X_OK):
                return None
            return (f"{self.path}: this match continues in a new file beside it, and the "
                    f"directory {directory} cannot be written")
        try:
            fd = _open_append(self.path)
        except OSError as error:
            return f"{self.path}: the journal cannot be written ({_reason(error)})"
        os.close(fd)
        return None

    def _fork(self, data: bytes) -> None:
        """Continue in a new journal: the header (with a new id and the
        current rules version), the valid lines so far and `data`, written
        as one new file; on failure nothing changes."""
        header = attrs.evolve(
            self.header,
            rules_version=self.game.rules_version,
            match_id=uuid.uuid4().hex,
            parent=self.header.match_id,
        )
        path, lock = _create(
            self.path.parent, header, self._codec.header_line(header), self._lines, data
        )
        from saves.store import carry_beside

        carry_beside(self.path, path)  # (under the old lock: not deleted meanwhile)
        if self._lock is not None:
            self._lock.release()
        self._lock = lock
        self._size = lock.size()
        self._cut_points.clear()  # they were in the old file
        self.path = path
        self.header = header
        self._writable = True


#: how many states or verdicts a match keeps for actions played again
KEPT_REPLAYS = 4096


def _keep(memo: dict, key: Any, value: Any) -> None:
    """Keep `value` under `key` in `memo`, emptied when full (so a journal
    of ever new moves holds no more than `KEPT_REPLAYS` of them)."""
    if len(memo) >= KEPT_REPLAYS:
        memo.clear()
    try:
        memo[key] = value
    except TypeError:  # an action that cannot be hashed is not kept
        pass


def _kept(memo: dict, key: Any) -> Any:
    try:
        return memo.get(key)
    except TypeError:
        return None


def level_played(game_id: str, level: str | None) -> str | None:
    """The level a bot saved at `level` plays at: its own when this version
    has it, else the level a new match proposes (None stays None: the
    host's stand-in bot). A level nobody had was played silently at another."""
    from core.bots import ALL_BOTS, DEFAULT_LEVEL

    known = ALL_BOTS.get(game_id)
    if level is None or not known or level in known:
        return level
    return DEFAULT_LEVEL if DEFAULT_LEVEL in known else known[-1]


def _levels_played(game_id: str, header: Header) -> tuple[Header, tuple[str, ...]]:
    """`header` with each bot at the level it plays at (`level_played`), and
    a note for each bot whose saved level is not one this version has. The
    file keeps its level: the note is said whenever the match is read."""
    players, notes = [], []
    for player in header.players:
        played = level_played(game_id, player.level) if not player.human else player.level
        if played != player.level:
            notes.append(f"{player.name}'s bot level {journal.quoted(player.level, 30)} is not "
                         f"one this version of Overtable has: {player.name} plays at {played}.")
            player = attrs.evolve(player, level=played)
        players.append(player)
    return attrs.evolve(header, players=tuple(players)), tuple(notes)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def _open_append(path: Path) -> int:
    """A descriptor appending to an existing journal (never creating one)."""
    return os.open(path, os.O_WRONLY | os.O_APPEND | _CLOEXEC)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _private_dir(directory: Path) -> None:
    """Make `directory` (0700: journals hold hidden cards), or tighten it."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(directory.stat().st_mode)
        if mode & 0o077:
            # only the group's and others' bits go: a flat 0700 gave a
            # read-only (0555) folder its owner's write bit back, and a new
            # match was written into a folder the player had closed
            directory.chmod(mode & 0o700)
    except OSError:
        pass  # not ours to change; the files themselves are 0600


def _stamp(created: str) -> str:
    """The file name's time ("20261129T181636Z") from a header's "created";
    now's when that is not an ISO time in UTC. (A damaged journal's copy
    keeps its header's "created": "../" in it put the copy outside the
    matches directory, a "/" made every move fail to save.)"""
    stamp = str(created).replace(":", "").replace("-", "").replace("+0000", "Z")[:16]
    if _STAMP.fullmatch(stamp):
        return stamp
    return _now().replace(":", "").replace("-", "").replace("+0000", "Z")[:16]


def _stand_in_line(describe: Any, state: Any, seat: int, action: Any,
                   names: tuple[str, ...], viewer: int | None) -> str:
    """The log line of a move a bot played for `seat`'s person while they
    were away: "Ann (bot) drafts...". Only the one who moved is marked:
    Ann voted for, robbed or scored later in the line is plain Ann (every
    mention read "Ann (bot)"), and so is her possessive ("Ann's lair"). A
    role by her name joins the mark ("Ann (bot, Leader) breaks..."). A line
    that does not start with her (its own reader's "You draft...") starts
    with whose bot it was."""
    name = names[seat]
    # a stand-in name no player's name can hold, to find where the seat is named
    here = _SEAT_HERE
    line = describe(state, seat, action,
                    names=tuple(here if s == seat else n for s, n in enumerate(names)),
                    viewer=viewer)
    if line.startswith(here) and not line.startswith(here + "'s"):
        rest = line[len(here):].replace(here, name)
        role = re.match(r" \(([^()]+)\)", rest)
        if role:
            return f"{name} (bot, {role.group(1)}){rest[role.end():]}"
        return name + STAND_IN_MOVE_MARK + rest
    line = line.replace(here, name)
    if viewer == seat:
        you = line.startswith(("You ", "Your "))
        return "Your bot: " + (line[0].lower() + line[1:] if you else line)
    return f"{name}{STAND_IN_MOVE_MARK}: {line}"


_SEAT_HERE = "\ue000"


_STAMP = re.compile(r"[0-9]{8}T[0-9]{6}Z")


def _create(
    directory: Path, header: Header, header_line: str, lines: Sequence[str], data: bytes = b""
) -> tuple[Path, JournalLock]:
    """Write a new journal file whole (never over an existing one), mode
    0600, and lock it; `SaveFailed` leaves no file behind."""
    path = directory / f"{_stamp(header.created)}-{header.game}-{header.match_id[:8]}.jsonl"
    try:
        text = "".join(line + "\n" for line in (header_line, *lines)).encode("utf-8") + data
    except UnicodeError as error:
        raise SaveFailed(path, f"the journal cannot be written as UTF-8 ({error})") from None
    try:
        _private_dir(directory)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)
    except OSError as error:
        raise SaveFailed(path, _reason(error), creating=True) from None
    lock = None
    try:
        try:
            # locked before it is written: another terminal listing the
            # matches probes each file's lock for a moment, and the wait
            # outlasts a probe (taking the lock after writing lost to one
            # about one time in thirteen in a tight loop)
            lock = JournalLock.acquire(path, wait=LOCK_WAIT)
            _write_all(fd, text)
            os.fsync(fd)
        finally:
            os.close(fd)
    except (OSError, MatchInUse) as error:
        if lock is not None:
            lock.release()
        try:
            path.unlink()
        except OSError:
            pass
        reason = _reason(error) if isinstance(error, OSError) else str(error)
        raise SaveFailed(path, reason, creating=True) from None
    return path, lock
