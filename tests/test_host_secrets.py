"""No update tells a seat another seat's secrets (issue "The match host":
a scan over random matches of every game that reads every `SeatUpdate` and
log line a seat receives).

The scan plays a random match through a `Session`, then plays it again with
two components exchanged in every draw and choice (a card in one seat's
hand and another card, a face-down Boss and another Boss...). For as long as
a seat's view holds both only in its unseen pool, every update that seat
receives (as it crosses the wire: view, legal actions, log lines, outcome,
who is thinking, undo) must be byte for byte the same in both matches:
otherwise something in it depends on a component that seat may not know.
"""

from __future__ import annotations

from typing import Any

import pytest

from core import CHANCE, GAMES
from host.messages import SeatCommand, SeatUpdate
from host.session import Session
from host.wire import codec
from saves.journal import PlayerSpec
from saves.match import Match
from tests.playouts import checked_playout, seeds
from tests.swaps import both_unseen, bq_unseen_only, relabel, swapped_pairs

SEEDS = seeds(2)


class Wire:
    """Holds every seat and watches: keeps each update as its bytes on the wire."""

    def __init__(self, game: Any) -> None:
        self.codec = codec(game)
        self.seen: dict[int | None, list[tuple[SeatUpdate, bytes]]] = {}

    def receive(self, update: SeatUpdate) -> None:
        self.seen.setdefault(update.seat, []).append((update, self.codec.encode_update(update)))


def play_through_session(
    tmp_path: Any, game_id: str, players: int, options: Any, journal: list[tuple[int, Any]]
) -> Wire:
    """Replay `journal` through a session: its draws scripted, its choices
    sent as commands. Stops where the session refuses (a relabelled match
    that the rules part from the first)."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    match = Match.new(
        game_id, [PlayerSpec(n, "human") for n in names], options, directory=tmp_path
    )
    draws = iter([action for seat, action in journal if seat == CHANCE])
    session = Session(match, sampler=lambda outcomes: next(draws))
    wire = Wire(match.game)
    link = session.connect(wire, set(range(players)), spectate=True, send=False)
    session.start()
    for seat, action in journal:
        if seat == CHANCE:
            continue
        if link.send(SeatCommand.play(seat, action)) is not None:
            break
    session.close()
    return wire


def scan(tmp_path, game_id, players, options, seed, pool, unseen_only, pairs=3) -> int:
    game = GAMES[game_id]
    _, journal = checked_playout(game, players, options, seed)
    mine = play_through_session(tmp_path / "mine", game_id, players, options, journal)
    compared = 0
    for pair, (a, b, swap) in enumerate(swapped_pairs(journal, pool, seed, pairs)):
        other = [(seat, relabel(action, swap)) for seat, action in journal]
        theirs = play_through_session(
            tmp_path / f"theirs{pair}", game_id, players, options, other
        )
        for viewer in [*range(players), None]:
            for (u1, line1), (u2, line2) in zip(
                mine.seen.get(viewer, []), theirs.seen.get(viewer, []), strict=False
            ):
                if not (unseen_only(u1.view, a, b) and unseen_only(u2.view, a, b)):
                    break
                assert line1 == line2, (game_id, viewer, a, b, u1.seq)
                compared += 1
    return compared


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_boss_quest_updates_keep_every_secret(tmp_path, players, seed):
    """BQ §1 (hidden weapons), BQ-10, BQ-24, BQ-13 (the mystery spell)."""
    from core.bossquest import cards

    options = GAMES["boss-quest"].Options(keep_green=True)
    pool = cards.weapons(True)
    assert scan(tmp_path, "boss-quest", players, options, 900 + seed, pool, bq_unseen_only) > 0


@pytest.mark.parametrize("seed", range(SEEDS))
def test_overboss_updates_keep_every_secret(tmp_path, seed):
    """OD §Boss Cards: the face-down Boss."""
    from core.overboss.components import BOSSES

    game = GAMES["overboss-duel"]
    assert scan(tmp_path, "overboss-duel", 2, game.Options(), 950 + seed, BOSSES, both_unseen) > 0


@pytest.mark.parametrize(
    "players, solo",
    [(3, False), (5, False), (2, True)],
)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_overstocked_updates_keep_every_secret(tmp_path, players, solo, seed):
    """OS §Setup (secret hands), OS-12 (secret picks), OS §Solo Setup."""
    from core.overstocked.cards import NUMBERS

    game = GAMES["overstocked"]
    options = game.Options(solo=solo)
    assert scan(tmp_path, "overstocked", players, options, 970 + seed, NUMBERS, both_unseen, pairs=4) > 0


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_overseers_updates_keep_every_secret(tmp_path, players, seed):
    """OV §Deal and §Draft (secret packs and picks), OV-9 (characters), OV-10
    (the discard pile), OV-11 (face-down cards): an update never depends on
    a card its seat may not know."""
    from core.overseers.cards import deck

    game = GAMES["overseers"]
    assert scan(tmp_path, "overseers", players, game.Options(), 990 + seed, deck(players),
                both_unseen, pairs=4) > 0
