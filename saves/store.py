"""Where journals live, and listing, finding and deleting them.

A listing reads each file's header and checks the shape of its lines but
does not replay them (that is `Match.load`'s job), so it stays fast: a
finished match is known by its last line, the ``finished`` entry the match
appends when it ends (see `saves.journal`). A line the rules would refuse is
therefore only found when the match is loaded, and `latest` (Continue)
loads its candidates to pick the newest match that really resumes.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import attrs
import platformdirs

from saves import journal
from saves.lock import JournalLock, MatchInUse, is_locked

#: Set to a directory to keep Overtable's data there instead of the user
#: data directory (tests, and the SSH host). Journals go in its "matches".
ENV_DATA_DIR = "OVERTABLE_DATA_DIR"


def data_dir() -> Path:
    """The directory of saved matches (not created here)."""
    base = os.environ.get(ENV_DATA_DIR) or platformdirs.user_data_dir("overtable")
    return Path(base) / "matches"


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
    #: actions in the match's history (after undos)
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


def list_matches(directory: Path | None = None) -> list[SavedMatch]:
    """Every journal in `directory`, newest first; damaged ones too."""
    directory = data_dir() if directory is None else Path(directory)
    if not directory.is_dir():
        return []
    found: list[tuple[float, SavedMatch]] = []
    for path in directory.glob("*.jsonl"):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue  # deleted meanwhile
        try:
            found.append((mtime, _summary(path, mtime)))
        except Exception as error:  # never hide a file, never fail the listing
            found.append((mtime, _unreadable(path, mtime, error)))
    children = {s.parent: s.match_id for _, s in found if s.parent}
    found.sort(key=lambda t: t[0], reverse=True)
    return [
        attrs.evolve(s, superseded_by=children.get(s.match_id)) if s.match_id in children else s
        for _, s in found
    ]


def latest(directory: Path | None = None) -> SavedMatch | None:
    """The most recently played unfinished match that can be continued: it
    loads (a journal of an unknown game or one the rules refuse from its
    start is passed over) and is not open elsewhere."""
    for s in list_matches(directory):
        if s.finished or not s.resumable or s.superseded_by is not None or s.in_use:
            continue
        if _resumes(s.path):
            return s
    return None


def _resumes(path: Path) -> bool:
    from saves.match import Match  # imports the rules core

    loaded = Match.load(path)
    if loaded.match is None:
        return False
    loaded.match.close()
    return True


def delete(path: Path) -> None:
    """Remove a saved match's journal; `MatchInUse` when it is open (a match
    being played cannot be deleted under its players)."""
    path = Path(path)
    try:
        lock = JournalLock.acquire(path, wait=0.1)
    except FileNotFoundError:
        return
    except MatchInUse:
        raise MatchInUse(
            path,
            f"{path}: this match is being played now, so it cannot be deleted. "
            "Leave the match first.",
        ) from None
    except OSError:
        path.unlink(missing_ok=True)  # unreadable: it can still go
        return
    try:
        path.unlink(missing_ok=True)
    finally:
        lock.release()


def _unreadable(path: Path, mtime: float, error: BaseException) -> SavedMatch:
    return SavedMatch(
        path=path,
        match_id="",
        game="?",
        title="?",
        players=(),
        created="",
        updated=datetime.datetime.fromtimestamp(mtime, datetime.UTC).isoformat(timespec="seconds"),
        actions=0,
        finished=False,
        winners=(),
        problem=f"{path}: the file could not be read ({type(error).__name__}: {error}).",
        resumable=False,
    )


def _summary(path: Path, mtime: float) -> SavedMatch:
    raw = journal.read_lines(path)
    header = raw.header or {}
    players = header.get("players")
    names = tuple(
        str(p.get("name", "?")) if isinstance(p, dict) else "?"
        for p in (players if isinstance(players, list) else ())
    )
    game_id = header.get("game") if isinstance(header.get("game"), str) else "?"
    title = journal.game_title(game_id)
    actions = 0
    for entry in raw.entries:
        if isinstance(entry, journal.ActionEntry):
            actions += 1
        elif isinstance(entry, journal.UndoEntry):
            actions -= entry.count
    last = raw.entries[-1] if raw.entries else None
    finished = isinstance(last, journal.FinishedEntry)
    winners = tuple(names[w] for w in last.winners if 0 <= w < len(names)) if finished else ()
    parent = header.get("parent")
    problem = raw.problems[0] if raw.problems else None
    return SavedMatch(
        path=path,
        match_id=str(header.get("match_id", "")),
        game=game_id,
        title=title,
        players=names,
        created=str(header.get("created", "")),
        updated=datetime.datetime.fromtimestamp(mtime, datetime.UTC).isoformat(timespec="seconds"),
        actions=max(actions, 0),
        finished=finished,
        winners=winners,
        problem=problem.message if problem else None,
        resumable=raw.header is not None and all(p.resumable for p in raw.problems),
        parent=parent if isinstance(parent, str) else None,
        in_use=is_locked(path),
    )
