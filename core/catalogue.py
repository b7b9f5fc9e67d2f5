"""What the home screen needs to know of each game, without its rules.

`CATALOGUE` holds each game's id, title and player counts, in the order of
`core.GAMES`, and imports nothing: the first screen can list the games
without paying for every game's rules, attrs classes and tables.
`tests/test_catalogue.py` checks that it agrees with `core.GAMES`.
"""

from __future__ import annotations

from typing import NamedTuple


class GameInfo(NamedTuple):
    id: str
    title: str
    #: the numbers of players the game seats
    players: range
    #: a solo mode beyond those numbers (Overstocked's bot takes the second seat)
    solo: bool = False


#: Every game Overtable plays, keyed by id, in the home screen's order.
CATALOGUE: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("boss-quest", "Boss Quest", range(1, 7)),
        GameInfo("overboss-duel", "Overboss Duel", range(2, 3)),
        GameInfo("overstocked", "Overstocked", range(2, 7), solo=True),
        GameInfo("overseers", "Overseers", range(3, 7)),
    )
}


def _spelling(text: str) -> str:
    return "-".join(text.casefold().replace("_", " ").replace("-", " ").split())


def game_named(text: str) -> str | None:
    """The id of the game `text` names: its id or its title in any case,
    with spaces or hyphens ("Boss Quest", "Boss-Quest"); None if no game."""
    wanted = _spelling(text)
    for info in CATALOGUE.values():
        if wanted in (_spelling(info.id), _spelling(info.title)):
            return info.id
    return None
