"""What a searching bot (core/bots/ismcts.py) may know of Overseers: how to
fill a view's gaps, how to judge a cut-off rollout, a cheap policy for
the rollouts, and a cheap key of what a seat sees (core.engine.SearchHooks).

`determinize` reads the view alone. A view hides (see `rules.view`): the
deck, the others' packs, kept cards and draft picks, their face-up choices
before the reveal, their face-down cards (but those this seat knows), the
discard pile (but the cards this seat knows), Gold's drawn cards, the
characters before the vote (OV-9), the votes before all are in, and the
others' totals before the end (OV-6). Cards and
characters are dealt from the view's `unseen` pools uniformly at random;
a secret choice the view says was made (a pick, a top row) is drawn
uniformly among the choices the rules allowed, a vote among the seats the
face-up cards make plausibly the highest (`candidates`, as `prune` lets
the tree vote). A hidden total is no card: it is the sum of the seat's
round scores, which the view keeps (OV-29: public), so it is the true one.
"""

from __future__ import annotations

import math
import operator
import random
from typing import Any

import attrs

from core.engine import SearchHooks
from core.overseers import cards, rules
from core.overseers.actions import Pick
from core.overseers.cards import TRAIT, Character, Trait
from core.overseers.state import Phase, Seat, State

#: the rules' own copiers (State and Seat are copied as dicts)
_evolve_state = rules._copy_state
_evolve_seat = rules._copy_seat
_evolve_slot = rules._evolve_slot

#: A round's score by a seat, sixteen quantiles measured over 2,880 round
#: scores of heuristic-bot matches at 3-6 players (mean 18.6, spread 5.0;
#: nearly the same at every player count).
ROUND_SCORES = (10, 12, 14, 15, 16, 17, 17, 18, 19, 20, 20, 21, 22, 23, 25, 29)
ROUND_MEAN = sum(ROUND_SCORES) / len(ROUND_SCORES)
#: the spread of one seat's round score, for `evaluate`
ROUND_SPREAD = 5.0

# ---------------------------------------------------------------------------
# determinize


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full state `view` (seat's view) could be; see the module's notes."""
    if view.unseen is None:
        return view  # already a full state
    players = view.players
    phase = view.phase

    # -- characters (hidden until the vote, OV-9)
    char_pool = view.character_pool
    chars = [p.character for p in view.seats]
    if not view.revealed and view.unseen_characters is not None:
        # the characters go round the table from seat 0: as many seats hold
        # one as have left the pool
        dealt = len(cards.CHARACTERS) - len(char_pool)
        hidden = [s for s in range(min(dealt, players)) if s != seat and chars[s] is None]
        pool = list(view.unseen_characters)
        rng.shuffle(pool)
        for s in hidden:
            chars[s] = pool.pop()
        left = set(pool)
        char_pool = tuple(c for c in cards.CHARACTERS if c in left)

    # -- trait cards: shuffle the unseen pool into every gap
    fill = list(view.unseen)
    rng.shuffle(fill)
    take = fill.pop

    def filled(cs: tuple[int | None, ...]) -> tuple[int, ...]:
        return tuple(take() if c is None else c for c in cs)

    draft = phase is Phase.DRAFT
    secret_votes = phase is Phase.VOTE
    seats = []
    for s, p in enumerate(view.seats):
        if s == seat:
            seats.append(p)
            continue
        hand = tuple(sorted(filled(p.hand))) if p.hand else ()
        kept = filled(p.kept) if p.kept else ()
        pick = p.pick
        if draft and p.chose and pick is None:
            pick = take()
        slots = p.slots
        if slots and any(x.card is None for x in slots):
            slots = tuple(_evolve_slot(x, card=take()) if x.card is None else x for x in slots)
        face_up = p.face_up
        if phase is Phase.PLACE and p.chose and not face_up:
            need = 2 if chars[s] is Character.ORANGE else 3
            face_up = tuple(sorted(rng.sample(kept, need)))
        vote = p.vote
        if secret_votes and p.chose and vote is None:
            # as the tree lets a voter vote (`prune`): for a plausible highest
            vote = rng.choice(candidates(view, s))
        total = p.total
        if total is None:
            # OV-6 hides it, but it adds up the public rounds (OV-29)
            total = sum([x.score for x in p.rounds])
        seats.append(
            _evolve_seat(
                p,
                hand=hand,
                kept=kept,
                pick=pick,
                face_up=face_up,
                character=chars[s],
                slots=slots,
                vote=vote,
                total=total,
            )
        )

    discard = view.discard
    if None in discard:
        discard = tuple(sorted(filled(discard)))
    drawn = view.drawn
    if None in drawn:
        drawn = filled(drawn)
    deck = tuple(sorted(filled(view.deck))) if view.deck else ()
    assert not fill, "the view's unseen pool does not match its gaps"

    known = list(view.known)
    if view.peeked:
        # Meixiu knows the cards she peeked at (OV-11)
        meixiu = rules.holder(view, Character.MEIXIU)
        if meixiu is not None and meixiu != seat and meixiu < len(known):
            extra = set()
            for t, i in view.peeked:
                slots_t = seats[t].slots
                if i < len(slots_t) and slots_t[i].card is not None:
                    extra.add(slots_t[i].card)
            known[meixiu] = known[meixiu] | extra
    return _evolve_state(
        view,
        seats=tuple(seats),
        deck=deck,
        discard=discard,
        drawn=drawn,
        character_pool=char_pool,
        known=tuple(known),
        unseen=None,
        unseen_characters=None,
    )


# ---------------------------------------------------------------------------
# observe


#: the state's fields a view keeps as they are (all but those `observe`
#: masks, the unseen pools they imply, and the options, fixed for a match)
_PLAIN = operator.itemgetter(
    *(
        f.name
        for f in attrs.fields(State)
        if f.name
        not in {"options", "seats", "deck", "discard", "character_pool", "drawn", "known",
                "unseen", "unseen_characters"}
    )
)
_SLOT = operator.attrgetter("card", "up", "turned", "under", "origin")
_OWN = operator.itemgetter(*(f.name for f in attrs.fields(Seat)))


def observe(state: State, seat: int) -> tuple[Any, ...]:
    """What `seat` sees of `state`, as a key: equal for two states of a
    match exactly when their views (`rules.view`) are, at a fraction of the
    view's cost (no record is built; the unseen pools follow from the rest).
    The search keys its chance nodes by it."""
    fields = state.__dict__
    over = state.phase is Phase.OVER
    secret_votes = state.phase is Phase.VOTE
    revealed = state.revealed
    mine = state.known[seat]
    key: list[Any] = [_PLAIN(fields)]
    for s, p in enumerate(state.seats):
        if s == seat:
            own = _OWN(p.__dict__)
            key.append(own[:6] + (tuple(map(_SLOT, p.slots)),) + own[7:])
            continue
        slots = tuple(
            (x.card if x.up or x.card in mine else None, x.up, x.turned, x.under, x.origin)
            for x in p.slots
        )
        key.append(
            (
                len(p.hand),
                len(p.kept),
                p.chose,
                p.character if revealed else None,
                slots,
                None if secret_votes else p.vote,
                p.total if over else None,
                p.was_leader,
                p.rounds,
            )
        )
    discard = state.discard
    key.append((tuple(filter(mine.__contains__, discard)) if mine else (), len(discard)))
    key.append(len(state.deck))
    key.append(state.drawn if seat == state.acting else len(state.drawn))
    key.append(state.character_pool if revealed else len(state.character_pool))
    key.append(mine)
    return tuple(key)


# ---------------------------------------------------------------------------
# evaluate


#: what one card adds on average when nothing else is known (the deck's mean)
_CARD_MEAN = 3.7


def projected(state: State) -> list[float]:
    """Each seat's expected final total: its total, this round's score as
    far as it has gone, and the mean round for the rounds to come."""
    phase = state.phase
    scored = phase is Phase.OVER or state.gather or phase is Phase.NEXT_LEADER
    rounds_left = rules.ROUNDS - max(state.round, 1)
    out = []
    for s, p in enumerate(state.seats):
        now = 0.0 if scored else _round_estimate(state, s, p)
        out.append(float(p.total or 0) + now + rounds_left * ROUND_MEAN)
    return out


def _round_estimate(state: State, seat: int, p: Seat) -> float:
    """This round's score for `seat`, from what it holds now."""
    if p.slots:
        traits = rules.effective(p.slots)
        score = cards.points(traits, meixiu=p.character is Character.MEIXIU)
        if state.liang_target == seat:
            score -= len(p.slots)
        return float(max(0, score))
    held = [c for c in p.kept if c is not None]
    if p.pick is not None:
        held.append(p.pick)
    if not held:
        return ROUND_MEAN
    have = cards.points([TRAIT[c] for c in held])
    return have + (rules.KEEP - len(held)) * _CARD_MEAN


#: as `core.bots.ismcts.outcome_values`: the share of a seat's value that is
#: its rank among the others (the rest is winning)
RANK_WEIGHT = 0.25


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's expected value in [0, 1] on the scale of
    `core.bots.ismcts.outcome_values` (a win 1, shared 1/k, blended a
    quarter with the seat's rank among the others), from the projected
    totals: the chance to win is a softmax of the margins, as wide as a
    round's spread times the root of the rounds still uncertain (the width
    that predicted the winners best, by Brier score, over 6,929 positions
    of 1,500 rollout-policy matches: 0.127, against 0.143 at 0.4x and 0.128
    at 1.3x); the rank counts each other seat beaten with the same odds
    pairwise (logistic of the margin)."""
    n = state.players
    if state.phase is Phase.OVER:
        out = rules.outcome(state)
        assert out is not None
        return _blend(
            [1.0 / len(out.winners) if s in out.winners else 0.0 for s in range(n)],
            [float(x) for x in out.scores],
            exact=True,
        )
    proj = projected(state)
    left = rules.ROUNDS - state.round + (0 if state.gather else 1)
    width = ROUND_SPREAD * math.sqrt(max(left, 0.25))
    top = max(proj)
    weights = [math.exp((x - top) / width) for x in proj]
    total = sum(weights)
    return _blend([w / total for w in weights], [x / width for x in proj], exact=False)


def _blend(win: list[float], scores: list[float], *, exact: bool) -> tuple[float, ...]:
    n = len(win)
    out = []
    for s in range(n):
        below = 0.0
        for t in range(n):
            if t == s:
                continue
            if exact:
                d = scores[s] - scores[t]
                below += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
            else:
                below += 1.0 / (1.0 + math.exp(scores[t] - scores[s]))
        out.append((1.0 - RANK_WEIGHT) * win[s] + RANK_WEIGHT * below / (n - 1))
    return tuple(out)


# ---------------------------------------------------------------------------
# rollout


def rollout(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Random, but for the draft: the card that adds most points to what the
    seat keeps now (ties and one pick in four at random); and for the pair a
    guilty player loses, which the Leader chooses (OV-5, OV-13): what
    serves the Leader (`_guilty_pair`)."""
    if len(legal) == 1:
        return legal[0]
    if state.phase is Phase.GUILTY:
        return _guilty_pair(state, seat, legal)
    if state.phase is Phase.DRAFT and rng.random() < 0.75:
        # the traits the seat keeps so far
        kept = [TRAIT[c] for c in state.seats[seat].kept if c is not None]
        best: Pick | None = None
        gain_best = -1
        for a in legal:
            t = TRAIT[a.card]
            n = kept.count(t)
            g = _GAIN[t][n if n < 3 else 3]
            if g > gain_best:
                best, gain_best = a, g
        return best
    return legal[rng.randrange(len(legal))]


def _guilty_pair(state: State, seat: int, legal: tuple[Any, ...]) -> Any:
    """The Leader `seat` leaves itself, guilty, the cards that score most
    for the round; another guilty player the cards that score least (the
    pairs cost the showdown score alike). The first on a tie."""
    accused = state.accused if state.accused is not None else seat
    slots = state.seats[accused].slots

    def left(a: Any) -> int:
        return cards.points(rules.effective(rules.without(slots, (a.first, a.second))))

    return max(legal, key=left) if accused == seat else min(legal, key=left)


#: what one more card of a trait adds when the seat keeps n of it already
_GAIN: dict[Trait, tuple[int, ...]] = {}
for _t in Trait:
    _GAIN[_t] = tuple(
        cards.points([_t] * (n + 1))
        - cards.points([_t] * n)
        + (2 if _t in cards.SETS and n < 2 else 0)
        for n in range(4)
    )
del _t


# ---------------------------------------------------------------------------
# the vote


def public_estimate(state: State, seat: int) -> float:
    """What `seat` may score at the Showdown as everyone sees it (OV §Vote:
    "based on what the players can see from the face-up row"): its face-up
    cards as they count there (Purple's fives, the Wuming sisters, Meixiu's
    +3; a Teal copy under a face-up card as that card, OV-11), and the
    deck's mean for each card face down. Reads only what is public, so it
    is the same in every determinization of a view."""
    p = state.seats[seat]
    slots = p.slots
    shown = []
    hidden = 0
    for x in slots:
        if x.up:
            shown.append(x)
        elif x.under is not None and x.under < len(slots) and slots[x.under].up:
            shown.append(_evolve_slot(x, card=slots[x.under].card, under=None, turned=False))
        else:
            hidden += 1
    score = cards.points(
        rules.effective(shown),
        meixiu=p.character is Character.MEIXIU,
        valour=rules.in_play(state, Character.WUMING_VALOUR),
        wrath=rules.in_play(state, Character.WUMING_WRATH),
    )
    return score + hidden * _CARD_MEAN


#: a vote's candidates: the others whose public estimate is within this of
#: the best (about the spread of two face-down cards, sets included)
VOTE_MARGIN = 8.0


def candidates(state: State, voter: int) -> list[int]:
    """The seats `voter` may vote for that may plausibly be the highest, by
    `public_estimate`: within `VOTE_MARGIN` of the best of the others."""
    others = [t for t in range(state.players) if t != voter]
    est = {t: public_estimate(state, t) for t in others}
    top = max(est.values())
    return [t for t in others if est[t] >= top - VOTE_MARGIN]


def prune(state: State, seat: int, legal: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The vote, for every seat in the tree: only the `candidates` (play-test
    2026-12-07: with all five votes open, a hard bot's vote at six players
    was a coin toss among values 0.02 apart, and it voted for the weakest
    row, who denied and drew a free card). Every other decision whole."""
    if state.phase is not Phase.VOTE:
        return None
    keep = set(candidates(state, seat))
    return tuple(a for a in legal if a.seat in keep) or None


#: decisions before `evaluate` (chance steps not counted): about one round
ROLLOUT_DEPTH = 30

HOOKS = SearchHooks(
    determinize=determinize,
    evaluate=evaluate,
    rollout=rollout,
    prune=prune,
    rollout_depth=ROLLOUT_DEPTH,
    observe=observe,
)

__all__ = [
    "HOOKS", "ROUND_SCORES", "candidates", "determinize", "evaluate", "observe", "projected",
    "prune", "public_estimate", "rollout",
]
