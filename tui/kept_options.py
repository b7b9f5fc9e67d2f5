"""What the new-match form kept that the match it started leaves out: the
options set on it but hidden at that number of players (Boss Quest's
extensions beside a Solo Quest) or ruled out by another option
(Overstocked's solo). A journal holds only what its match plays, so they
are kept here, one small file beside the saved matches, each game's with
the id of the match that left them out: the form that opens on that
match's set-up offers them again ("kept for a match of more knights")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def kept_file() -> Path:
    from saves import store

    return store.data_dir().parent / "form-kept.json"


def kept(game_id: str, match_id: Any) -> dict[str, Any]:
    """The options kept from the form that set up the match `match_id` of
    `game_id` (names and values as written); {}: none."""
    from tui.table_setups import read_memory

    record = read_memory(kept_file()).get(game_id)
    if not isinstance(record, dict) or record.get("match") != match_id or match_id is None:
        return {}
    options = record.get("options")
    return options if isinstance(options, dict) else {}


def keep(game_id: str, match_id: str, options: dict[str, Any]) -> None:
    """Keep `options` as left out of the match `match_id` of `game_id`, in
    place of the game's earlier record; nothing is said if it cannot be
    written."""
    from saves.store import write_whole
    from tui.table_setups import read_memory

    if not options:  # (a record kept before names an older match: it is passed over)
        return
    path = kept_file()
    data = read_memory(path)
    data[game_id] = {"match": match_id, "options": options}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps(data).encode("utf-8"))
    except OSError:
        pass
