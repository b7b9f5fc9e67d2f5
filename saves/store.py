"""Where journals live, and listing, finding and deleting them.

A listing reads each file's header and checks the shape of its lines but
does not replay them (that is `Match.load`'s job), so it stays fast: a
finished match is known by its last line, the ``finished`` entry the match
appends when it ends (see `saves.journal`). A line the rules would refuse is
therefore only found when the match is loaded.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import attrs
import platformdirs

from saves import journal

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


def list_matches(directory: Path | None = None) -> list[SavedMatch]:
    """Every journal in `directory`, newest first; damaged ones too."""
    directory = data_dir() if directory is None else Path(directory)
    if not directory.is_dir():
        return []
    found: list[tuple[float, SavedMatch]] = []
    for path in directory.glob("*.jsonl"):
        try:
            mtime = path.stat().st_mtime
            found.append((mtime, _summary(path, mtime)))
        except OSError:
            continue  # deleted meanwhile, or unreadable
    children = {s.parent: s.match_id for _, s in found if s.parent}
    found.sort(key=lambda t: t[0], reverse=True)
    return [
        attrs.evolve(s, superseded_by=children.get(s.match_id)) if s.match_id in children else s
        for _, s in found
    ]


def latest(directory: Path | None = None) -> SavedMatch | None:
    """The most recently played unfinished match that can be continued."""
    for s in list_matches(directory):
        if not s.finished and s.resumable and s.superseded_by is None:
            return s
    return None


def delete(path: Path) -> None:
    """Remove a saved match's journal."""
    Path(path).unlink(missing_ok=True)


def _summary(path: Path, mtime: float) -> SavedMatch:
    raw = journal.read_lines(path)
    header = raw.header or {}
    players = header.get("players")
    names = tuple(
        str(p.get("name", "?")) if isinstance(p, dict) else "?"
        for p in (players if isinstance(players, list) else ())
    )
    game_id = header.get("game") if isinstance(header.get("game"), str) else "?"
    try:
        game = journal.find_game(game_id)
    except ImportError:
        game = None
    title = game.title if game is not None else game_id
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
    )
