"""What a player last set up at the shared tables, for the lobby's "New
table" form to start from (the local form starts from the newest saved
match of the game: a shared table's journal is the hub's, and no one's
own). Kept per player beside the saved matches, one small file each: the
game last set up, and per game and number of seats the seats' kinds and
bot levels, the options (and those set but left out: tui/kept_options.py)
and the away choice. Other players' names are
not kept (a seat kept for Bob last time is an open seat next time)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import attrs

#: the most of a memory file read (a handful of games' set-ups is far less)
MAX_BYTES = 64_000


@attrs.frozen
class TableSetup:
    """A remembered set-up, as the form reads a saved match's header."""

    players: tuple[Any, ...]
    options: Any
    #: seconds before a bot plays an away player's turns (None: wait)
    away_bot: float | None = None
    #: options set on the form but left out of that table (tui/kept_options.py)
    kept: dict[str, Any] = attrs.field(factory=dict)


def setups_file(player: str, directory: Path | None = None) -> Path:
    """Where `player`'s set-ups are kept (named by a digest: any name is a
    file name then)."""
    from saves import store

    base = store.data_dir().parent if directory is None else Path(directory)
    digest = hashlib.sha256(player.encode("utf-8", "replace")).hexdigest()[:24]
    return base / "table-setups" / f"{digest}.json"


def read_memory(path: Path) -> dict[str, Any]:
    """A small memory file's object; {} when it is none (missing, too
    large, not JSON, not an object)."""
    from saves.lock import open_regular

    try:  # a regular file only, and no more of it than a memory holds
        with os.fdopen(open_regular(path), "rb") as file:
            data = json.loads(file.read(MAX_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def last_game(player: str) -> str | None:
    """The game `player` last set a table up for, if any."""
    game = read_memory(setups_file(player)).get("last")
    return game if isinstance(game, str) else None


def remember(player: str, game_id: str, seats: list[tuple[str, str | None]], options: dict,
             away_bot: float | None, kept: dict | None = None) -> None:
    """Keep `player`'s set-up of `game_id` (each seat's kind and level, and
    the options set on the form but left out of the table: `kept`);
    nothing is said if it cannot be written (the form starts from the
    defaults then)."""
    path = setups_file(player)
    data = read_memory(path)
    games = data.get("games") if isinstance(data.get("games"), dict) else {}
    game = games.get(game_id) if isinstance(games.get(game_id), dict) else {}
    game[str(len(seats))] = {"seats": [list(seat) for seat in seats], "options": options,
                             "away_bot": away_bot, "kept": kept or {}}
    game["last"] = len(seats)
    games[game_id] = game
    data.update(last=game_id, games=games)
    from saves.store import write_whole

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # whole or not at all: two terminals may write at once
        write_whole(path, json.dumps(data).encode("utf-8"))
    except OSError:
        pass


def last_setup(player: str, game_id: str, players: int | None = None,
               off: str | None = None) -> TableSetup | None:
    """`player`'s last set-up of `game_id` (of `players` seats, when given);
    None: none kept, or not one this version's game takes, or (`off` given)
    the one kept has that option ticked (one set-up is kept a count)."""
    from saves.journal import PlayerSpec, codec, find_game

    game = find_game(game_id)
    kept = (read_memory(setups_file(player)).get("games") or {})
    kept = kept.get(game_id) if isinstance(kept, dict) else None
    if game is None or not isinstance(kept, dict):
        return None
    setup = kept.get(str(players if players is not None else kept.get("last")))
    if not isinstance(setup, dict):
        return None
    try:
        seats = tuple(PlayerSpec(name=player if n == 0 else "", kind=str(kind),
                                 level=None if level is None else str(level))
                      for n, (kind, level) in enumerate(setup["seats"]))
        options = codec(game).converter.structure(setup.get("options") or {}, game.Options)
    except Exception:  # whatever the file holds, the form starts from the defaults
        return None
    if off is not None and getattr(options, off, False):
        return None
    away_bot = setup.get("away_bot")
    away = float(away_bot) if type(away_bot) in (int, float) and away_bot > 0 else None
    kept_out = setup.get("kept")
    return TableSetup(players=seats, options=options, away_bot=away,
                      kept=kept_out if isinstance(kept_out, dict) else {})
