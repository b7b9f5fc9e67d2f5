"""What a player reads off an Overseers table, worked out by the rules.

A screen shows these facts; it never works them out itself. Each function
takes a state or a seat's view (the same type) and reads only what that
view holds. `GAME` offers them beside the protocol
(``GAME.stage(view)``, ``GAME.slot_marks(view, viewer, seat)``...).

Citations: "OV §<stage>" is the rulebook (rules/overseers.txt); "OV-n" is
a ruling in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import attrs

from core.overseers import cards, rules
from core.overseers.cards import COPIES, Character, Trait
from core.overseers.rules import face_up_needed, round_score, sees, showdown_score
from core.overseers.state import Phase, State

#: OV §Game Flow: the eight stages, and the stage each phase belongs to
STAGES = ("Deal", "Draft", "Placement", "Vote", "Judgment", "Showdown", "Greed", "Scoring")
_STAGE_OF = {
    Phase.LEADER: "Deal",
    Phase.DEAL: "Deal",
    Phase.CHARACTERS: "Deal",
    Phase.DRAFT: "Draft",
    Phase.PLACE: "Placement",
    Phase.PURPLE: "Vote",
    Phase.GOLD_DRAW: "Vote",
    Phase.GOLD_KEEP: "Vote",
    Phase.PEEK: "Vote",
    Phase.TEAL: "Vote",
    Phase.VOTE: "Vote",
    Phase.ACCUSE: "Judgment",
    Phase.JUDGE: "Judgment",
    Phase.ADMIT: "Judgment",
    Phase.DECLARE: "Showdown",
    Phase.GUILTY: "Showdown",
    Phase.DENY_DRAW: "Showdown",
    Phase.THIEF: "Greed",
    Phase.ROB: "Greed",
    Phase.GIVE: "Greed",
    Phase.LIANG: "Scoring",
    Phase.NEXT_LEADER: "Scoring",
    Phase.OVER: "Scoring",
}

#: OV-3, OV §Placement to §Scoring: each character's ability in words
ABILITIES = {
    Character.ORANGE: "Placement: shows only two cards face up, three face down.",
    Character.PURPLE: "Vote: turns one of its cards sideways; that card and every card "
                      "of its trait it has count 5 each.",
    Character.GOLD: "Vote: draws two cards from the discard pile and keeps one face down.",
    Character.MEIXIU: "Vote: peeks at two face-down cards of other players; +3 points "
                      "this round, the vote included.",
    Character.TEAL: "Vote: puts one of its cards face down under another; it copies "
                    "the card on top.",
    # OV-7: the sisters count for everyone's cards, their holder's too
    Character.WUMING_VALOUR: "Showdown: everyone's Courage and Hope cards count 1 more "
                             "each (not at the scoring).",
    Character.WUMING_WRATH: "Showdown: everyone's Anger cards count 12 (not at the scoring).",
    Character.GREED: "Greed: takes every Greed card from the discard pile; cannot be robbed.",
    Character.LIANG: "Scoring: another player of its choice loses a point per card.",
}


def stage(state: State) -> str:
    """OV §Game Flow: the stage of the round the table is in."""
    return _STAGE_OF.get(state.phase, "Deal")


def ability(character: Character) -> str:
    """OV-3: what `character` does, in words."""
    return ABILITIES[character]


def trait_copies(players: int) -> dict[Trait, int]:
    """OV §Trait Cards, OV-1: how many cards of each trait are in play
    (what the players reason from before the vote)."""
    column = cards.column(players)
    return {t: c[column] for t, c in COPIES.items()}


def cards_aside(players: int) -> int:
    """OV-23: how many trait cards stay aside face down, unseen, each round
    (the deck less the six dealt to each player: 7 with three players)."""
    return len(cards.deck(players)) - rules.HAND * players


def trait_points() -> dict[Trait, str]:
    """OV §Trait Cards, OV-2: what a card scores, in words: its points, or
    Courage's and Hope's for one / two / three cards."""
    out = {}
    for t in Trait:
        if t in cards.FLAT:
            out[t] = str(cards.FLAT[t])
        else:
            out[t] = "/".join(str(v) for v in cards.SETS[t][1:])
    return out


class SlotMark(NamedTuple):
    """One card in front of a seat as `viewer` may see it."""

    #: the card's id; None when the viewer does not know it
    card: int | None
    up: bool
    #: Meixiu peeked at it this round: seen by everyone, its trait known
    #: to Meixiu and the owner (OV-11)
    peeked: bool
    #: turned sideways by Purple (counts 5 with its twins)
    turned: bool
    #: Teal's copy: the index of the slot it lies under
    under: int | None


def slot_marks(state: State, viewer: int | None, seat: int) -> tuple[SlotMark, ...]:
    """The cards in front of `seat` as `viewer` sees them: a card it may
    not know is None, even when the view holds it."""
    out = []
    for i, slot in enumerate(state.seats[seat].slots):
        known = sees(state, viewer, seat, slot)
        out.append(SlotMark(
            card=slot.card if known else None,
            up=slot.up,
            # the peek is made in the open (OV §Vote: "if you saw them using
            # the Meixiu ability"): the owner and the others see which card
            peeked=(seat, i) in state.peeked and not slot.up,
            turned=slot.turned,
            under=slot.under,
        ))
    return tuple(out)


def own_score(state: State, seat: int) -> int:
    """The score of `seat`'s own cards now, as the showdown would count
    them with what its view shows (OV §Showdown): the cards kept so far
    during the draft (this turn's secret pick included), the cards in front of it after the placement."""
    p = state.seats[seat]
    if p.slots:
        return showdown_score(state, seat)
    kept = [cards.TRAIT[c] for c in (*p.kept, p.pick) if c is not None]
    return cards.points(kept, meixiu=p.character is Character.MEIXIU)


def own_round_score(state: State, seat: int) -> int:
    """What `seat`'s own cards score for the round now (OV §Scoring: not
    the Wuming sisters' showdown points, OV-20; Meixiu's +3 and Purple's
    and Teal's changes included): the cards kept so far in the draft,
    the cards in front of it after the placement. `own_score` is the
    showdown's value, which may be higher."""
    p = state.seats[seat]
    if p.slots:
        return round_score(state, seat).score
    kept = [cards.TRAIT[c] for c in (*p.kept, p.pick) if c is not None]
    return cards.points(kept, meixiu=p.character is Character.MEIXIU)


def turn_scores(state: State, seat: int) -> tuple[int, ...]:
    """OV §Vote, OV-11: for each of `seat`'s cards, what its round scores
    (`round_score`) once Purple turns that card sideways."""
    p = state.seats[seat]
    out = []
    for i, slot in enumerate(p.slots):
        slots = (*p.slots[:i], attrs.evolve(slot, turned=True), *p.slots[i + 1:])
        seats = (*state.seats[:seat], attrs.evolve(p, slots=slots), *state.seats[seat + 1:])
        out.append(round_score(attrs.evolve(state, seats=seats), seat).score)
    return tuple(out)


def _score_with(state: State, seat: int, slots: tuple) -> int:
    """`seat`'s `round_score` were its cards `slots`."""
    p = state.seats[seat]
    seats = (*state.seats[:seat], attrs.evolve(p, slots=slots), *state.seats[seat + 1:])
    return round_score(attrs.evolve(state, seats=seats), seat).score


def copy_scores(state: State, seat: int, slot: int) -> tuple[int, ...]:
    """OV §Vote, OV-11: for each of `seat`'s cards, what its round scores
    once Teal moves card `slot` under it (`slot` itself: the score now)."""
    p = state.seats[seat]
    out = []
    for top in range(len(p.slots)):
        if top == slot:
            out.append(round_score(state, seat).score)
            continue
        slots = (*p.slots[:slot], attrs.evolve(p.slots[slot], up=False, under=top),
                 *p.slots[slot + 1:])
        out.append(_score_with(state, seat, slots))
    return tuple(out)


def score_without(state: State, seat: int, gone: Sequence[int]) -> int:
    """OV §5 Judgement, §7 Greed: what `seat`'s round scores once its cards
    at `gone` leave (an admission's discard, a lost pair, a card given to
    the thief); a copy whose card leaves counts as printed again (OV-22)."""
    return _score_with(state, seat, rules.without(state.seats[seat].slots, gone))


def votes_received(state: State) -> tuple[int, ...] | None:
    """OV §Vote: how many votes each seat received, once every vote is in
    (None while they are secret)."""
    if state.phase is Phase.VOTE or any(p.vote is None for p in state.seats):
        return None
    counts = [0] * state.players
    for p in state.seats:
        if p.vote is not None and 0 <= p.vote < state.players:
            counts[p.vote] += 1
    return tuple(counts)


def top_row_size(state: State, seat: int) -> int:
    """OV §Placement: how many cards `seat` shows face up."""
    return face_up_needed(state, seat)


def progress(state: State) -> str:
    """How far the match is, for a list of saved matches: its round."""
    return f"round {max(1, state.round)}"


def unread_box(state: State, put_away: Mapping[str, int]) -> str:
    """The box a match at `state` was left with up, unread, as a list of
    saved matches says it ("the end of round 1"), or "": `put_away` is
    what the match kept beside its journal (read as untrusted), per kind
    of box the count put away (the screen's `_kept_unread`: the one before
    put away, this one not). The round's end comes up as the next draft
    begins, what the vote did once the Showdown revealed the hands."""
    if state.phase is Phase.OVER:
        return ""
    if (state.phase is Phase.DRAFT and state.round >= 2
            and put_away.get("rounds") == state.round - 2):
        return f"the end of round {state.round - 1}"
    if (state.phase is not Phase.DRAFT and state.showdown
            and put_away.get("votes") == state.round - 1):
        return f"what round {state.round}'s vote did"
    return ""


__all__ = [
    "ABILITIES",
    "progress",
    "unread_box",
    "STAGES",
    "SlotMark",
    "ability",
    "cards_aside",
    "copy_scores",
    "own_round_score",
    "own_score",
    "score_without",
    "slot_marks",
    "stage",
    "top_row_size",
    "trait_copies",
    "trait_points",
    "turn_scores",
    "votes_received",
]
