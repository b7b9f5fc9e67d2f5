"""Tables for the Overseers tests (no tests here): a deal scripted card by
card, and a table at the placement with chosen cards and characters."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from core import CHANCE
from core.overseers import GAME
from core.overseers.actions import AssignLeader, Deal, DealCharacter, Place, Vote
from core.overseers.cards import BLOCKS, CHARACTERS, TRAIT, Character, Trait, deck
from core.overseers.state import Options, Phase, Seat, State

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


class Ids:
    """Hands out distinct card ids by trait letter ("A", "B", "L", "C", "H",
    "G"), from the whole box so that any test may use six Angers."""

    def __init__(self) -> None:
        self.used: dict[Trait, int] = {t: 0 for t in Trait}

    def __call__(self, letters: str) -> list[int]:
        out = []
        for ch in letters:
            t = Trait(ch)
            out.append(BLOCKS[t][self.used[t]])
            self.used[t] += 1
        return out


def dealt(
    hands: Sequence[Sequence[int]],
    characters: Sequence[Character],
    leader: int = 0,
    options: Options | None = None,
) -> State:
    """A table at the first draft turn, dealt exactly these hands and
    characters through the rules' own chance steps."""
    n = len(hands)
    state = GAME.setup(n, options or Options())
    state = GAME.apply(state, CHANCE, AssignLeader(leader))
    for i in range(6):
        for s in range(n):
            state = GAME.apply(state, CHANCE, Deal(hands[s][i]))
    for c in characters:
        state = GAME.apply(state, CHANCE, DealCharacter(c))
    assert state.phase is Phase.DRAFT
    return state


def placed(
    rows: Sequence[tuple[str, str]],
    characters: Sequence[Character] | None = None,
    discard: str = "",
    leader: int = 0,
    ids: Ids | None = None,
) -> State:
    """A table after the placement: each seat's (face-up, face-down) trait
    letters, e.g. ("AAB", "CC"); `characters` per seat (default: the
    characters with no ability until the Showdown: Wuming... are avoided,
    seats get Liang-free fillers). Applies the Place actions, so the vote
    abilities start as the rules start them."""
    ids = ids or Ids()
    n = len(rows)
    if characters is None:
        characters = fillers(n)
    seats = []
    ups = []
    for s, (up, down) in enumerate(rows):
        up_ids, down_ids = ids(up), ids(down)
        ups.append(up_ids)
        seats.append(Seat(kept=tuple(up_ids + down_ids), character=characters[s]))
    seats[leader] = attrs.evolve(seats[leader], was_leader=True)
    pile = tuple(sorted(ids(discard)))
    used = {c for p in seats for c in p.kept} | set(pile)
    state = State(
        players=n,
        options=Options(),
        seats=tuple(seats),
        phase=Phase.PLACE,
        round=1,
        leader=leader,
        deck=tuple(c for c in deck(n) if c not in used),
        discard=pile,
        character_pool=tuple(c for c in CHARACTERS if c not in characters),
        known=tuple(frozenset() for _ in range(n)),
    )
    for s in range(n):
        state = GAME.apply(state, s, Place(tuple(sorted(ups[s]))))
    return state


def fillers(n: int) -> list[Character]:
    """No character at all (a table the tests only use to isolate one
    stage); tests give the characters they are about."""
    return [None] * n  # type: ignore[list-item]


def vote_all(state: State, votes: Sequence[int]) -> State:
    """Every seat votes, seat 0 first: `votes[s]` is seat s's choice."""
    for s, target in enumerate(votes):
        state = GAME.apply(state, s, Vote(target))
    return state


def slots_of(state: State, seat: int) -> list[str]:
    """A seat's cards as trait letters, lower case when face down."""
    return [
        TRAIT[x.card].value if x.up else TRAIT[x.card].value.lower()  # type: ignore[index]
        for x in state.seats[seat].slots
    ]
