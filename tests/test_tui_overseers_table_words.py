"""The Overseers table's words and rows read the same whoever looks: the
draft's last turn, the discard pile in the view for everyone, a kept card
by name or letter, and the rows' layout from the vote on (a play-test with
several people at one terminal)."""

from __future__ import annotations

import random
import re

import pytest

from core import CHANCE
from core.overseers import GAME
from core.overseers.state import Phase
from core.playout import sample_chance
from tests.overseers_screen_kit import NAMES, make_update, run


def dealt(players: int = 4, seed: int = 3):
    rng = random.Random(seed)
    state = GAME.setup(players)
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    return state, rng


def played(state, rng, until):
    """Random legal moves (the lowest seat first) until `until(state)`."""
    for _ in range(2000):
        if until(state):
            return state
        acting = GAME.to_act(state)
        if CHANCE in acting:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            continue
        seat = min(acting)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("never reached")


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_last_draft_turn_says_the_sixth_card_is_discarded_not_a_pass(size):
    """OV §2 Draft: "until every player has chosen five cards, then
    everyone has to discard the sixth card". Play-test: turn 5's header
    said "packs pass left", though after pick 5 nothing passes ("Each
    player discards their last card."). It says the last pick instead."""
    state, rng = dealt()
    state = played(state, rng, lambda s: s.draft_turn == 5)
    _, text, _ = await run(make_update(state), size=size)
    header = text.splitlines()[0]
    assert "packs pass" not in header, header
    if size[0] > 80:
        assert "turn 5/5 · last pick: the sixth card is discarded" in header, header
    # turn 4 still says where the packs go
    state, rng = dealt()
    state = played(state, rng, lambda s: s.draft_turn == 4)
    _, text, _ = await run(make_update(state), size=size)
    if size[0] > 80:
        assert "turn 4/5 · packs pass left" in text.splitlines()[0]


async def test_the_discard_pile_for_everyone_says_known_not_you_know():
    """Play-test: the final table "for everyone" (the hot-seat's public
    view) said "Discard pile: 3 cards (you know Anger Anger)": in a view
    for everyone there is no "you". A player's own view keeps "you know"."""
    rng = random.Random(2)
    state = GAME.setup(4)
    state = played(state, rng, lambda s: GAME.outcome(s) is not None)
    known = [c for c in GAME.view(state, None).discard if c is not None]
    assert known  # (the seed's end: cards discarded face up)
    _, text, _ = await run(make_update(state, None), size=(200, 50))
    flat = " ".join(text.split())
    assert "you know" not in flat, flat
    assert "(known: " in flat, flat
    _, text, _ = await run(make_update(state, 0), size=(200, 50))
    assert "(you know " in " ".join(text.split())


async def test_a_kept_card_reads_by_name_or_letter_alike_in_every_view():
    """Play-test (turn 2 of round 1, 80x24): one kept card read "(Anger)
    kept 1" in one person's view and "(C)  kept 1" in another's: the
    table named the traits where the viewer's own cards by name fitted,
    and "Courage" is longer than "Anger". The choice is made on what every
    view shares, so one width reads one way."""
    state, rng = dealt(4, 3)
    state = played(state, rng, lambda s: s.draft_turn == 2)
    from core.overseers.cards import TRAIT

    kept = {TRAIT[GAME.view(state, seat).seats[seat].kept[0]].label for seat in range(4)}
    assert len({len(label) for label in kept}) > 1, kept  # (names of different lengths)
    ways = set()
    for seat in range(4):
        _, text, _ = await run(make_update(state, seat), size=(80, 24))
        row = next(line for line in text.splitlines() if "kept 1  round score" in line)
        ways.add("letter" if re.search(r"\(\w\)  kept 1", row) else "name")
    assert len(ways) == 1, ways


@pytest.mark.parametrize("players", [4, 5, 6])
async def test_from_the_vote_the_rows_are_laid_out_alike_in_every_view(players):
    """Play-test (80x24, from the vote on): your own row moved the
    character to the end of the card line and dropped "Leader" after ♛
    ("Cleo (you) ♛ · round score 13 · showdown 19" over "1[L] 2[G] 3(A)
    4(H) 5(G) · choosing… · Orange") while the other rows kept the
    character on a line of its own and said "♛ Leader": the rows were
    shortened one at a time, yours first. In every view every character
    now stands where the others' do (all on their names' lines, or none),
    and the Leader's row says "♛ Leader" in every view where the others'
    views have room for it."""
    state, rng = dealt(players, 3)
    state = played(state, rng, lambda s: s.phase is Phase.VOTE)
    names = NAMES[:players]
    characters = [state.seats[s].character.label.partition(" (")[0].partition(",")[0]
                  for s in range(players)]
    leaders = set()
    for viewer in (None, *range(players)):
        _, text, _ = await run(make_update(state, viewer), size=(80, 24))
        lines = text.splitlines()
        table = [line[:50].strip() for line in lines[2:]]  # (the table panel's column)
        # each seat's head: the first line of the table naming them
        heads = []
        for seat, name in enumerate(names):
            head = next(line for line in table if line == name or line.startswith(name + " "))
            heads.append((seat, head))
            if seat == state.leader:
                leaders.add("♛ Leader" in head)
        beside = {seat: f"· {characters[seat]}" in head for seat, head in heads}
        assert len(set(beside.values())) == 1, (viewer, beside, text)
        # never after the cards, as yours was
        assert not any(line.startswith("1") and characters[seat] in line
                       for line in table for seat in range(players)), text
    assert leaders == {True}, leaders
