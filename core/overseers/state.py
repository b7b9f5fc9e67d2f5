"""Overseers state: one immutable record of the whole table.

The model, for rules, bots and screens:

- A trait card is an int id (`cards.TRAIT` gives its trait). Piles are
  sorted tuples of ids; a view puts ``None`` where a card is hidden and
  lists every card that could fill those gaps in `State.unseen`.
- Each round runs the eight stages as phases (`Phase`). Simultaneous secret
  choices (draft picks, face-up cards, votes) are recorded per seat and
  hidden from the others until the last seat has chosen.
- After the placement a seat's cards lie in front of it as `Slot`s, in a
  tuple whose order is stable (screens and actions name a card by its index
  there). A slot is face up or down, may be turned by Purple and may lie
  under another slot as Teal's copy.
- `State.known[seat]` holds the ids of cards that seat knows though they
  are not face up nor its own: cards Meixiu peeked at, cards it put in the
  discard pile, face-up cards it saw turned face down. A view keeps only the
  viewer's own entry; a spectator's keeps, as every seat's, the cards every
  seat knows. All is forgotten when the round's cards are gathered.
"""

from __future__ import annotations

import enum

import attrs

from core.overseers.cards import Character


@attrs.frozen
class Options:
    """The rulebook's standard game; the draft variant is the one option."""

    #: OV §Draft, Variant: pass left, then right, turn about
    alternate_draft: bool = attrs.field(
        default=False, metadata={"label": "Draft variant: alternate passing left and right"}
    )


class Phase(enum.StrEnum):
    LEADER = "leader"  # CHANCE: the first Leader, at random
    DEAL = "deal"  # CHANCE: six trait cards to each seat, one at a time
    CHARACTERS = "characters"  # CHANCE: one character to each seat
    DRAFT = "draft"  # every seat keeps one card of its pack, in secret
    PLACE = "place"  # every seat chooses its face-up cards, in secret
    PURPLE = "purple"  # Purple turns one of its cards
    GOLD_DRAW = "gold-draw"  # CHANCE: Gold draws from the discard pile
    GOLD_KEEP = "gold-keep"  # Gold keeps one drawn card
    PEEK = "peek"  # Meixiu peeks at face-down cards
    TEAL = "teal"  # Teal puts a card under another as its copy
    VOTE = "vote"  # every seat votes in secret
    ACCUSE = "accuse"  # the Leader breaks a tie of votes
    JUDGE = "judge"  # the accused denies or admits
    ADMIT = "admit"  # the accused discards two of its cards
    DECLARE = "declare"  # the Leader breaks a tie for the highest showdown score
    GUILTY = "guilty"  # the Leader chooses among the accused's equally best pairs (OV-5)
    DENY_DRAW = "deny-draw"  # CHANCE: the not-guilty accused draws a discard
    THIEF = "thief"  # the Leader breaks a tie for the most Greed
    ROB = "rob"  # the thief chooses whom to rob
    GIVE = "give"  # the robbed seat chooses the card to give
    LIANG = "liang"  # Liang chooses whose cards cost a point each
    NEXT_LEADER = "next-leader"  # the Leader breaks a tie for the lowest score
    OVER = "over"


@attrs.frozen
class Slot:
    """One card in front of a seat."""

    #: the card's id; None in a view that may not know it
    card: int | None
    #: face up (the top row, a card revealed) or face down
    up: bool
    #: Purple: turned sideways (its trait and all its twins count 5)
    turned: bool = False
    #: Teal: the index of the slot this card lies under and copies
    under: int | None = None
    #: how a card came into the combination after the placement, for the
    #: score pad: "gold" (Gold's kept card), "drawn" (not guilty, OV-13),
    #: "hoarder" (the Hoarder's Greed), "stolen" (the thief's, OV-15: a
    #: card stolen loses the origin it had); "" otherwise
    origin: str = ""


@attrs.frozen
class RoundScore:
    """One seat's score pad for one round (every character effect apart)."""

    #: the printed traits' points (Courage and Hope as sets, OV-2) of the
    #: cards drafted and kept, but for Teal's copy
    traits: int = 0
    #: Gold: what its kept card adds to the printed points
    gold: int = 0
    #: not guilty (OV-13): what the card drawn from the discard pile adds
    drawn: int = 0
    #: the Hoarder: what the Greed cards it took add to the printed points
    hoarder: int = 0
    #: a theft (OV-15): the difference it made to the cards as they lay
    #: at the Showdown (the rows above, read first on the pad): what the
    #: card is worth to the thief, minus its worth to the robbed seat
    stolen: int = 0
    #: Purple's change: its cards of the turned trait count 5 each
    purple: int = 0
    #: Teal's copy: what it adds, counted as the card above it (OV-22)
    teal: int = 0
    #: Meixiu's +3
    meixiu: int = 0
    #: Liang's -1 per card, on the seat Liang chose
    liang: int = 0
    #: what the round adds to the total (never below 0, OV-14)
    score: int = 0


#: State and Seat keep their fields in a `__dict__` (not slots): the rules
#: copy them at every action, and a copy of a dict is one call where a
#: slotted copy sets each field in turn (`core.engine.dict_evolve`, about five
#: times as fast). Still frozen: a field cannot be set.
@attrs.frozen(slots=False)
class Seat:
    """One player."""

    #: the draft pack held now (ascending); None for each card a view hides
    hand: tuple[int | None, ...] = ()
    #: the cards kept in the draft, in the order kept; hidden from the others
    kept: tuple[int | None, ...] = ()
    #: whether this seat has made its current secret choice (public)
    chose: bool = False
    #: the draft pick this turn, hidden from the others
    pick: int | None = None
    #: Placement: the cards chosen face up (hidden until all have placed)
    face_up: tuple[int | None, ...] = ()
    #: the character dealt this round (hidden until the vote, OV-9)
    character: Character | None = None
    #: the cards in front of the seat, from the placement on
    slots: tuple[Slot, ...] = ()
    #: this round's vote (hidden until every vote is in)
    vote: int | None = None
    #: the running total (OV-6: hidden from the others until the end)
    total: int | None = 0
    #: whether the seat has held the Leader card this game (public)
    was_leader: bool = False
    #: the score pad, one entry per round played (public, OV-29: a view
    #: keeps the others', only their total is hidden)
    rounds: tuple[RoundScore, ...] = ()


@attrs.frozen(slots=False)
class State:
    players: int
    options: Options
    seats: tuple[Seat, ...]
    phase: Phase
    #: 1-3 (0 before the first deal)
    round: int = 0
    #: the seat holding the Leader card (None before it is assigned)
    leader: int | None = None
    #: trait cards not dealt this round; unordered; None in views
    deck: tuple[int | None, ...] = ()
    #: the face-down discard pile; None for each card a view does not know
    discard: tuple[int | None, ...] = ()
    #: characters not dealt this round; None in views until revealed
    character_pool: tuple[Character | None, ...] = ()
    #: trait cards dealt so far this round (the deal goes round the table)
    dealt: int = 0
    #: the draft turn, 1-5
    draft_turn: int = 0
    #: whether the characters are face up (from the vote, OV-9)
    revealed: bool = False
    #: the ability being used now (one of the vote abilities, Greed, Liang)
    acting: int | None = None
    #: Gold: the cards drawn and not yet kept or returned (Gold's only)
    drawn: tuple[int | None, ...] = ()
    #: Meixiu: the (seat, slot) peeked at this round (public)
    peeked: tuple[tuple[int, int], ...] = ()
    #: the seat judged (most votes)
    accused: int | None = None
    #: True: the accused denied; False: admitted; None: not yet
    denied: bool | None = None
    #: the seats the Leader may choose among to break a tie now
    tied: tuple[int, ...] = ()
    #: Showdown: each seat's showdown score (public, after the reveal)
    showdown: tuple[int, ...] = ()
    #: Showdown: the seat declared highest (after a tie, the Leader's pick)
    declared: int | None = None
    #: Showdown: True if the denying accused had the highest score
    guilty: bool | None = None
    #: Greed: the seat stealing, and the seat it robs
    thief: int | None = None
    victim: int | None = None
    #: Greed: the robbed seat's cards as they lay before it gave one (the
    #: score pad counts them as at the Showdown, then what the theft took,
    #: as it does for the thief; OV-15); () until a card is given
    given_from: tuple[Slot, ...] = ()
    #: Admit: cards the accused still has to discard
    to_discard: int = 0
    #: Admit: the places, in the row as the admission began, of the cards
    #: discarded so far (public, OV-19): every view keeps the others' numbers
    admitted: tuple[int, ...] = ()
    #: Liang: the seat losing a point per card
    liang_target: int | None = None
    #: the round is over and its table still lies as it ended: the next
    #: deal gathers every card and character first
    gather: bool = False
    #: per seat: ids it knows beyond what it sees (only the viewer's in views)
    known: tuple[frozenset[int], ...] = ()
    #: views only: every trait card that could fill a None above, ascending
    unseen: tuple[int, ...] | None = None
    #: views only: every character that could fill a None above
    unseen_characters: tuple[Character, ...] | None = None


__all__ = ["Options", "Phase", "RoundScore", "Seat", "Slot", "State"]
