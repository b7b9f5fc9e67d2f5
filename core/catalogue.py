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
