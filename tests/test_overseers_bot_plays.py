"""The Overseers searching bots' choices at positions a play-test called
misplays (/tmp/qa/seersbots.md, 2026-12-07), rebuilt exactly from the
match's journal (tests/positions/)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from core import CHANCE
from core.bots import make_bot
from core.overseers import GAME, search
from core.overseers.actions import Choose, Vote
from core.overseers.state import Phase
from saves.journal import Codec

#: a 6-player match (Ann, Bram hard, Cora hard, Dev normal, Edda easy, Finn
#: normal; the draft variant), to Cora's choice of a thief's victim in round 3
SIX = Path(__file__).parent / "positions" / "overseers-seersbots-6p.jsonl"
ANN, BRAM, CORA, DEV, EDDA, FINN = range(6)


def before(path: Path, stop) -> object:
    """The match's state just before the first journal line `stop(state,
    seat, action)` is true of."""
    codec = Codec(GAME)
    lines = path.read_text().splitlines()
    header = codec.header(json.loads(lines[0]))
    state = GAME.setup(len(header.players), header.options)
    for line in lines[1:]:
        entry = json.loads(line)
        seat = CHANCE if entry["seat"] == -1 else entry["seat"]
        action = codec.action(entry["action"])
        if stop(state, seat, action):
            return state
        state = GAME.apply(state, seat, action)
    raise AssertionError("the journal never reaches that line")


def round_two_vote(seat: int):
    """Round 2's vote as `seat` casts it. Face up: Ann A C (Orange, three
    face down), Bram L C H, Cora A L L (Purple turned a Lust: Lust counts 5),
    Dev B L G, Edda B B B, Finn C G G; Dev holds the younger Wuming sister
    (Anger 12 at the Showdown), Edda the elder (+1 a Courage or Hope)."""
    state = before(
        SIX, lambda s, who, a: s.round == 2 and who == seat and isinstance(a, Vote)
    )
    assert state.phase is Phase.VOTE and seat in GAME.to_act(state)
    return state


def test_the_weakest_row_is_no_plausible_highest():
    """Dev's B L G (9 at the Showdown, two cards face down) is the weakest
    row but Finn's; Cora's A L L (22) and Ann's A C with three face down
    lead: the vote's candidates are those who may plausibly be the highest
    (OV §Vote: "the possible player with the highest score") as the face-up
    cards tell, and the same for every seat that votes."""
    state = round_two_vote(BRAM)
    est = [search.public_estimate(state, s) for s in range(6)]
    assert est[CORA] == pytest.approx(22 + 2 * search._CARD_MEAN)
    assert est[DEV] == pytest.approx(9 + 2 * search._CARD_MEAN)
    for voter in (BRAM, CORA):
        state = round_two_vote(voter)
        legal = GAME.legal_actions(state, voter)
        kept = {a.seat for a in search.HOOKS.prune(state, voter, legal)}
        assert DEV not in kept and FINN not in kept
        assert ANN in kept


@pytest.mark.parametrize("seat", [BRAM, CORA])
def test_hard_bot_votes_for_a_plausible_highest(seat):
    """Play-test finding 1: both hard bots voted for Dev, the weakest row,
    who denied and took a free card. From its own view, at a quarter of
    hard's budget and three seeds, the hard bot votes for someone who may
    be the highest: never Dev or Finn."""
    state = round_two_vote(seat)
    view = GAME.view(state, seat)
    legal = GAME.legal_actions(view, seat)
    for seed in range(3):
        bot = make_bot("overseers", "hard", iterations=1000)
        choice = bot.choose(GAME, view, seat, legal, random.Random(seed))
        assert choice.seat not in (DEV, FINN), (seed, choice)


def test_votes_cast_are_determinized_among_the_candidates():
    """A vote cast in secret is filled, in the bot's determinizations, among
    the voter's candidates (as the tree lets it vote), from what the view
    shows: Edda's and Cora's votes, seen from Bram's view."""
    view = GAME.view(round_two_vote(BRAM), BRAM)
    assert view.seats[EDDA].chose and view.seats[EDDA].vote is None
    rng = random.Random(5)
    seen = {EDDA: set(), CORA: set()}
    for _ in range(60):
        d = search.determinize(view, BRAM, rng)
        for s in seen:
            seen[s].add(d.seats[s].vote)
    assert seen[CORA] == set(search.candidates(view, CORA)) == {ANN, EDDA}
    assert seen[EDDA] == set(search.candidates(view, EDDA)) == {ANN, CORA}


def choosing(seat: int, round_: int, phase: Phase):
    """The state as `seat` chooses a seat in `phase` of `round_`."""
    state = before(SIX, lambda s, who, a: s.round == round_ and who == seat
                   and s.phase is phase and isinstance(a, Choose))
    assert seat in GAME.to_act(state)
    return state


def test_normal_liang_aims_at_the_leader_from_the_public_round_scores():
    """Play-test finding 2: Finn (normal, Liang) took a point a card from
    Ann (4 cards), not from Bram, who led by 9 after round 1 (Bram 33,
    Finn 24, Dev 23, Ann 22, Cora 22, Edda 13: public, OV-29). Finn's view
    keeps those round scores now (only the totals are secret, OV-6), and
    from it, at three seeds, Finn's Liang chooses Bram (before, with the
    round scores sampled: Cora, Cora, Bram)."""
    state = choosing(FINN, 2, Phase.LIANG)
    view = GAME.view(state, FINN)
    assert [p.rounds[0].score for p in view.seats] == [22, 33, 22, 23, 13, 24]
    legal = GAME.legal_actions(view, FINN)
    for seed in range(3):
        choice = make_bot("overseers", "normal").choose(GAME, view, FINN, legal,
                                                        random.Random(seed))
        assert choice == Choose(BRAM), (seed, choice)


def test_hard_thief_in_the_last_round_robs_the_leader():
    """Play-test finding 3: in round 3 Cora (hard) robbed Edda, last with 31,
    not Bram, leading with 56; both round scores so far are public (OV-29).
    From Cora's view, at a quarter of hard's budget and eight seeds, Cora
    robs Bram (before, with earlier rounds sampled: Edda, Dev twice of the
    eight)."""
    state = choosing(CORA, 3, Phase.ROB)
    view = GAME.view(state, CORA)
    assert [sum(r.score for r in p.rounds) for p in view.seats] == [45, 56, 50, 43, 31, 52]
    assert view.seats[BRAM].total is None  # OV-6
    legal = GAME.legal_actions(view, CORA)
    for seed in range(8):
        bot = make_bot("overseers", "hard", iterations=1000)
        choice = bot.choose(GAME, view, CORA, legal, random.Random(seed))
        assert choice == Choose(BRAM), (seed, choice)
