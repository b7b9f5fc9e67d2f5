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


def games_named(text: str) -> tuple[str, ...]:
    """The ids of the games `text` names: the one whose id or title it is,
    in any case, with spaces or hyphens ("Boss Quest", "Boss-Quest"); else
    each whose id or title it begins ("overb", "boss q"; "over" begins
    three). None for an empty `text`."""
    wanted = _spelling(text)
    if not wanted:
        return ()
    spelt = {info.id: (_spelling(info.id), _spelling(info.title)) for info in CATALOGUE.values()}
    exact = tuple(game for game, names in spelt.items() if wanted in names)
    return exact or tuple(game for game, names in spelt.items()
                          if any(name.startswith(wanted) for name in names))


def game_named(text: str) -> str | None:
    """The id of the one game `text` names (`games_named`); None if it
    names none, or several."""
    games = games_named(text)
    return games[0] if len(games) == 1 else None
