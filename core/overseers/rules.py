"""Overseers rules: three rounds of eight stages for 3-6 players.

Citations: "OV §<stage>" is the rulebook (rules/overseers.txt); "OV-n" is
a ruling in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, filterfalse
from operator import attrgetter
from typing import Any

from core.engine import (
    CHANCE,
    Category,
    IllegalAction,
    Outcome,
    _make_copier,
    remove_one,
    seat_mark,
    sorted_tuple,
    standing_scores,
    uniform_draws,
    winners_by,
)
from core.overseers import cards
from core.overseers.actions import (
    Admit,
    AssignLeader,
    Choose,
    Copy,
    Deal,
    DealCharacter,
    Deny,
    Discard,
    Draw,
    Give,
    Keep,
    LosePair,
    Pass,
    Peek,
    Pick,
    Place,
    Turn,
    Vote,
)
from core.overseers.cards import FIVE, TRAIT, VOTE_ABILITIES, Character, Trait
from core.overseers.state import Options, Phase, RoundScore, Seat, Slot, State
from core.wording import one_stop, second_person

ID = "overseers"
TITLE = "Overseers"
#: OV-1
PLAYERS = range(3, 7)
#: 2: the Leader, not the guilty player, chooses between equally costly
#: pairs (OV-5, OV-13); a match saved under 1 where a guilty player who was
#: not the Leader chose loads with the notice that other rules wrote it
RULES_VERSION = 2

ROUNDS = 3
HAND = 6
KEEP = 5


def _members(enum_class: type) -> type:
    """An enum's members as attributes of a plain class: Python 3.11 looks
    an Enum class's attribute up through its metaclass's `__getattr__`
    hook, about seven times as slow as a plain class attribute, and the
    rules name a phase at every step."""
    return type(f"{enum_class.__name__}Members", (), dict(enum_class.__members__))


class _Once(dict):
    """Immutable values built once per key, on first use: a missing key's
    value is built by `build(key)` and kept."""

    def __init__(self, build: object) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: object) -> object:
        value = self[key] = self.build(key)  # type: ignore[operator]
        return value


_P = _members(Phase)
_C = _members(Character)
_T = _members(Trait)

_CHANCE_PHASES = frozenset({_P.LEADER, _P.DEAL, _P.CHARACTERS, _P.GOLD_DRAW, _P.DENY_DRAW})
_SIMULTANEOUS = frozenset({_P.DRAFT, _P.PLACE, _P.VOTE})
_LEADER_PHASES = frozenset({_P.ACCUSE, _P.DECLARE, _P.THIEF, _P.NEXT_LEADER})
_ACCUSED_PHASES = frozenset({_P.JUDGE, _P.ADMIT})
_ACTING_PHASES = frozenset({_P.PURPLE, _P.GOLD_KEEP, _P.PEEK, _P.TEAL, _P.LIANG})
_CHANCE_SET = frozenset({CHANCE})

#: chance actions built once: listing the deal is the playouts' hot path
_DEALS = {c: Deal(c) for c in cards.ALL_CARDS}
_DRAWS = {c: Draw(c) for c in cards.ALL_CARDS}
_PICKS = {c: Pick(c) for c in cards.ALL_CARDS}
_DEAL_CHARACTERS = {c: DealCharacter(c) for c in cards.CHARACTERS}
_NOBODY: frozenset[int] = frozenset()
#: each seat's `chose` -> the seats still to choose (`to_act`)
_WAITING: dict[tuple[bool, ...], frozenset[int]] = {}
_CHOSE = attrgetter("chose")
#: `frozenset({seat})` for every seat, built once (`to_act`)
_ALONE = {s: frozenset({s}) for s in range(max(PLAYERS))}
#: Place, Vote, Choose... actions built once, by their fields (`legal_actions`)
_PLACES = _Once(Place)
_BY_COUNT: dict[tuple[type, int], tuple[object, ...]] = {}
_OTHERS: dict[tuple[type, int, int], tuple[object, ...]] = {}
_CHOOSE_AMONG: dict[tuple[int, ...], tuple[object, ...]] = {}
_ROB_AMONG: dict[tuple[int, ...], tuple[object, ...]] = {}
_KEEPS = {c: Keep(c) for c in cards.ALL_CARDS}
#: (action, 1/n) for each card of a pool of n distinct cards (`_draws`)
_PAIRS: dict[tuple[int, int], dict[int, tuple[object, float]]] = {}
_JUDGE = (Deny(), Admit())


#: State and Seat keep their fields in a `__dict__`: copied by one dict copy
#: (tests/test_overseers_search.py checks no playout state holds anything
#: but its fields)
_new_object = object.__new__
#: a new State's or Seat's `__dict__` set through the class's own `__dict__`
#: descriptor: `object.__setattr__` looks the name up first (about a
#: quarter of a copy)
_set_state_fields = State.__dict__["__dict__"].__set__
_set_seat_fields = Seat.__dict__["__dict__"].__set__


def _dict_copier(cls: type, set_fields: Any) -> Any:
    """`core.engine.dict_evolve` for instances of `cls`, whose `__dict__`
    `set_fields` sets."""

    def copy(old: Any, **changes: object) -> Any:
        fields = old.__dict__.copy()
        fields.update(changes)
        new = _new_object(cls)
        set_fields(new, fields)
        return new

    return copy


_copy_state = _dict_copier(State, _set_state_fields)
_copy_seat = _dict_copier(Seat, _set_seat_fields)


_DEAL, _CHARACTERS = _P.DEAL, _P.CHARACTERS
_DRAFT, _PLACE, _VOTE, _OVER = _P.DRAFT, _P.PLACE, _P.VOTE, _P.OVER
_evolve_slot = _make_copier(Slot)


#: the plain slots (not turned, under nothing, no origin) and those Gold and
#: the Hoarder add, one per card: a placement, the Showdown's reveal and the
#: Greed stage build many
_UP_SLOT = _Once(lambda c: Slot(c, up=True))
_DOWN_SLOT = _Once(lambda c: Slot(c, up=False))
_GOLD_SLOT = _Once(lambda c: Slot(c, up=False, origin="gold"))
_HOARDER_SLOT = _Once(lambda c: Slot(c, up=True, origin="hoarder"))
_DRAWN_SLOT = _Once(lambda c: Slot(c, up=True, origin="drawn"))
_STOLEN_SLOT = _Once(lambda c: Slot(c, up=True, origin="stolen"))
#: the origins of cards added after the placement, in the order they come
#: (the score pad adds each in turn: `_round_score_fields`)
_ORIGINS = ("gold", "drawn", "hoarder", "stolen")
#: a round's score pads by their fields (`round_score`), built once
_ROUND_SCORES: dict[tuple[int, ...], RoundScore] = {}


# ---------------------------------------------------------------------------
# Numbers a player (and a screen) reads off the table.


def holder(state: State, character: Character) -> int | None:
    """The seat holding `character` this round (None: not in play, or not
    known to this view)."""
    for s, p in enumerate(state.seats):
        if p.character is character:
            return s
    return None


def effective(slots: Sequence[Slot], purple: bool = True, teal: bool = True) -> list[Trait | str]:
    """Each card's trait as it counts (OV-7, OV-11): Purple's turned trait
    counts 5 (FIVE) for every card of it; Teal's copy counts as the printed
    trait of the card above it. A hidden card counts as nothing."""
    turned = None
    if purple:
        for s in slots:
            if s.turned and s.card is not None:
                turned = TRAIT[s.card]
    out: list[Trait | str] = []
    for s in slots:
        if s.card is None:
            continue
        trait: Trait | str = TRAIT[s.card]
        if teal and s.under is not None and s.under < len(slots):
            top = slots[s.under].card
            if top is not None:
                trait = TRAIT[top]
        if turned is not None and trait is turned:
            trait = FIVE
        out.append(trait)
    return out


def in_play(state: State, character: Character) -> bool:
    return holder(state, character) is not None


def showdown_score(state: State, seat: int, slots: Sequence[Slot] | None = None) -> int:
    """OV §Showdown: the score with the Wuming sisters (for everyone, OV-7)
    and Meixiu's +3."""
    p = state.seats[seat]
    return cards.points(
        effective(p.slots if slots is None else slots),
        meixiu=p.character is _C.MEIXIU,
        valour=in_play(state, _C.WUMING_VALOUR),
        wrath=in_play(state, _C.WUMING_WRATH),
    )


def round_score(state: State, seat: int) -> RoundScore:
    """OV §Scoring: the round's score, every character effect apart."""
    p = state.seats[seat]
    slots = p.slots
    # the printed traits (`effective` without Purple and Teal), and whether
    # a card came in after the placement, was turned or copies another: only
    # then does a count below differ from the printed one
    printed_traits = []
    plain = True
    for s in slots:
        c = s.card
        if c is not None:
            printed_traits.append(TRAIT[c])
        if plain and (s.origin or s.turned or s.under is not None):
            plain = False
    printed = cards.points(printed_traits)
    meixiu = 3 if p.character is _C.MEIXIU else 0
    liang = -len(slots) if state.liang_target == seat else 0
    if plain:
        # every count below is the printed one
        key: tuple[int, ...] = (printed, 0, 0, 0, 0, 0, 0, meixiu, liang,
                                max(0, printed + meixiu + liang))
    else:
        key = _round_score_fields(slots, meixiu, liang)
    if seat == state.victim and state.given_from:
        key = _theft_fields(state.given_from, key)
    elif seat == state.thief and not plain and slots and slots[-1].origin == "stolen":
        # (the stolen card comes last, and nothing lies under it)
        key = _theft_fields(slots[:-1], key)
    found = _ROUND_SCORES.get(key)
    if found is None:
        found = _ROUND_SCORES[key] = RoundScore(*key)
    return found


def _round_score_fields(slots: Sequence[Slot], meixiu: int, liang: int) -> tuple[int, ...]:
    """`round_score`'s fields in order for slots one of which came in after
    the placement, was turned or copies another. The pad reads as a player
    adds the cards up: the traits drafted and kept (Teal's copy apart),
    then each card added after the placement in the order it came, each
    row what it adds (a second Courage makes the pair), then Purple's
    fives, then what Teal's copy adds, counted as the card above it."""
    copied = {
        i for i, s in enumerate(slots)
        if s.under is not None and s.under < len(slots) and slots[s.under].card is not None
    }
    rest = [s for i, s in enumerate(slots) if i not in copied]
    counted = [s for s in rest if not s.origin]
    traits = cards.points(effective(counted, purple=False, teal=False))
    added = dict.fromkeys(_ORIGINS, 0)
    so_far = traits
    for origin in _ORIGINS:
        more = [s for s in rest if s.origin == origin]
        if more:
            counted += more
            now = cards.points(effective(counted, purple=False, teal=False))
            added[origin], so_far = now - so_far, now
    if any(s.turned for s in rest):
        with_purple = cards.points(effective(rest, purple=True, teal=False))
    else:
        with_purple = so_far
    full = cards.points(effective(slots)) if copied else with_purple
    return (
        traits,
        added["gold"],
        added["drawn"],
        added["hoarder"],
        added["stolen"],
        with_purple - so_far,
        full - with_purple,
        meixiu,
        liang,
        max(0, full + meixiu + liang),  # OV-14
    )


#: the fields of `RoundScore` that count the cards (before Meixiu, Liang
#: and the score)
_CARD_FIELDS = slice(0, 7)
_STOLEN_FIELD = 4


def _theft_fields(before: Sequence[Slot], after: tuple[int, ...]) -> tuple[int, ...]:
    """The pad of the robbed seat and of the thief (OV-15), read alike: the
    cards as they lay before the theft (the traits as at the Showdown,
    Gold's card, a not-guilty draw, the Hoarder's Greed, Purple's fives,
    Teal's copy), then on the "card stolen" row (the pad's last card row,
    `_PAD_LINES`) the difference the theft made to what the cards count.
    For the robbed seat, minus the card's worth to it, which is more than
    the card's own value when a set breaks up (OV-2), Purple's turned card
    leaves and its trait counts as printed again (OV-7, OV-11), a copy
    loses the card above it (OV-22), or the card is Teal's copy, which
    counted as the card it copied (OV-31: its "Teal's copy" row stays as at
    the Showdown). For the thief, plus the card's worth to it: 5 for a card
    of Purple's turned trait (OV §4 Purple), a set's step (OV-2). Meixiu,
    Liang (on the cards held at scoring, OV-16) and the score are
    `after`'s: the score does not change, only how the pad splits it."""
    fields = list(_round_score_fields(before, 0, 0))
    fields[_STOLEN_FIELD] = sum(after[_CARD_FIELDS]) - sum(fields[_CARD_FIELDS])
    return (*fields[_CARD_FIELDS], *after[_CARD_FIELDS.stop:])


def score_parts(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    """OV §Scoring, source by source, as the rulebook counts `seat`'s round
    score: each trait as its cards count (Courage and Hope as sets, OV-2;
    Teal's copy as the card above it), Purple's fives, Meixiu's +3,
    Liang's -1 per card (stopped at 0, OV-14). The figures add up to
    `round_score(state, seat).score`; the Wuming sisters count at the
    showdown only (OV-20) and are not among them."""
    p = state.seats[seat]
    slots = p.slots
    counted = effective(slots)
    copies: dict[Trait | str, int] = {}
    for s, trait in zip([s for s in slots if s.card is not None], counted, strict=True):
        if s.under is not None and s.under < len(slots) and slots[s.under].card is not None:
            copies[trait] = copies.get(trait, 0) + 1
    out: list[tuple[str, int]] = []
    for trait in (*Trait, FIVE):
        n = counted.count(trait)
        if not n:
            continue
        if trait == FIVE:
            turned = next(TRAIT[s.card] for s in slots if s.turned and s.card is not None)
            what = f"{turned.label} ×{n} turned by Purple (5 each)"
        else:
            what = f"{trait.label} ×{n}"  # type: ignore[union-attr]
            if trait in cards.SETS:  # OV-2: a set's score reads from its scale
                scale = "/".join(str(v) for v in cards.SETS[trait][1:])  # type: ignore[index]
                what += f" ({scale}{', beyond 3 nothing' if n > 3 else ''})"
        if copies.get(trait):
            what += " (Teal's copy among them)"
        out.append((what, cards.points([trait] * n)))
    full = sum(figure for _, figure in out)
    if p.character is _C.MEIXIU:
        out.append(("Meixiu", 3))
        full += 3
    if state.liang_target == seat and slots:
        lost = min(len(slots), full)  # OV-14: a round never scores below 0
        stop = "" if lost == len(slots) else ", stopped at 0"
        out.append((f"Liang, -1 per card ×{len(slots)}{stop}", -lost))
    return tuple(out)


def wuming_only(state: State, seat: int) -> int:
    """What the Wuming sisters added to `seat`'s cards at the showdown and
    do not add at the scoring (OV-20), for the cards it holds now."""
    p = state.seats[seat]
    meixiu = p.character is _C.MEIXIU
    return showdown_score(state, seat) - cards.points(effective(p.slots), meixiu=meixiu)


def greed_count(slots: Sequence[Slot]) -> int:
    """OV-15: Greed cards as they count (Purple's fives are not Greed)."""
    greed = _T.GREED
    n = 0
    for s in slots:
        if s.turned or s.under is not None:
            # Purple's or Teal's cards: as `effective` counts them
            return sum(1 for t in effective(slots) if t is greed)
        c = s.card
        if c is not None and TRAIT[c] is greed:
            n += 1
    return n


def face_up_needed(state: State, seat: int) -> int:
    """OV §Placement: three face up; the orange character two."""
    return 2 if state.seats[seat].character is _C.ORANGE else 3


def pass_step(state: State) -> int:
    """OV §Draft: left (+1) each turn; the variant alternates right (-1)."""
    if state.options.alternate_draft and state.draft_turn % 2 == 0:
        return -1
    return 1


def revealed(before: State, after: State) -> str | None:
    """What a step shows of the secret choices made so far, in the words
    of a refused take-back ("the top rows are revealed"): the choices
    before it are final, whoever made the last of them. None otherwise."""
    if before.phase is _P.PLACE and after.phase is not _P.PLACE:
        return "the top rows are revealed"
    if before.phase is _P.VOTE and after.phase is not _P.VOTE:
        return "the votes are revealed"
    if before.phase is _P.DRAFT and (after.phase is not _P.DRAFT
                                     or after.draft_turn > before.draft_turn):
        return "the packs have passed"
    return None


def peek_targets(state: State) -> tuple[tuple[int, int], ...]:
    """Meixiu: the (seat, slot) of face-down cards of other players not yet
    peeked at (OV-11)."""
    return _peek_targets(state, state.acting)


def _peek_targets(state: State, me: int | None) -> tuple[tuple[int, int], ...]:
    """`peek_targets` with Meixiu at `me`."""
    peeked = state.peeked
    out = []
    for s, p in enumerate(state.seats):
        if s != me:
            for i, slot in enumerate(p.slots):
                if not slot.up and (s, i) not in peeked:
                    out.append((s, i))
    return tuple(out)


def victims(state: State) -> tuple[int, ...]:
    """OV §Greed, OV-15: whom the thief may rob."""
    g = holder(state, _C.GREED)
    thief = state.thief
    return tuple([s for s, p in enumerate(state.seats) if s != thief and s != g and p.slots])


def losing_pairs(state: State) -> tuple[LosePair, ...]:
    """OV-4, OV-13: the pairs of the guilty seat's cards whose loss lowers
    its showdown score most, one per distinct remainder (OV-5: the Leader
    chooses among them)."""
    seat = state.accused
    assert seat is not None
    slots = state.seats[seat].slots
    if len(slots) <= 2:
        return (LosePair(0, 1),) if len(slots) == 2 else ()
    # `showdown_score`, the characters looked for once
    meixiu = state.seats[seat].character is _C.MEIXIU
    valour = in_play(state, _C.WUMING_VALOUR)
    wrath = in_play(state, _C.WUMING_WRATH)
    points = cards.points
    now = points(effective(slots), meixiu=meixiu, valour=valour, wrath=wrath)
    best: dict[tuple, LosePair] = {}
    top = None
    for i, j in combinations(range(len(slots)), 2):
        rest = without(slots, (i, j))
        loss = now - points(effective(rest), meixiu=meixiu, valour=valour, wrath=wrath)
        if top is None or loss > top:
            top, best = loss, {}
        if loss == top:
            best.setdefault(_signature(rest), LosePair(i, j))
    return tuple(best.values())


def _signature(slots: Sequence[Slot]) -> tuple:
    return tuple(
        sorted(
            (
                TRAIT[s.card] if s.card is not None else "",
                s.turned,
                TRAIT[c] if s.under is not None and (c := slots[s.under].card) is not None else "",
            )
            for s in slots
        )
    )


def _pile(cards_: Sequence[int | None]) -> tuple[int | None, ...]:
    """The discard pile as a canonical tuple (`sorted_tuple`), the cards a
    view hides (None) last: the rules apply a move to a seat's view too
    (undo asks whether a move showed its seat anything new), and a view's
    pile holds None beside the ids."""
    if None not in cards_:
        return sorted_tuple(cards_)
    return tuple(sorted(cards_, key=lambda c: (c is None, -1 if c is None else c)))


def without(slots: Sequence[Slot], gone: Sequence[int]) -> tuple[Slot, ...]:
    """`slots` without the indices `gone`: a copy whose card left reverts
    to its printed trait, other copies follow their card's new index."""
    keep = [i for i in range(len(slots)) if i not in gone]
    out = [slots[i] for i in keep]
    for s in out:
        if s.under is not None:
            break
    else:
        return tuple(out)  # no copy to follow its card
    index = {old: new for new, old in enumerate(keep)}
    return tuple(
        [s if s.under is None else _evolve_slot(s, under=index.get(s.under)) for s in out]
    )


# ---------------------------------------------------------------------------
# The protocol.


def setup(players: int, options: Options | None = None) -> State:
    """OV §Set-Up: the Leader card is assigned at random (CHANCE) first."""
    options = options or Options()
    if players not in PLAYERS:
        raise IllegalAction(f"Overseers is for 3 to 6 players, not {players}.")
    blank = _BLANK_TABLES.get(players)
    if blank is None:
        blank = _BLANK_TABLES[players] = State(
            players=players,
            options=Options(),
            seats=tuple(Seat() for _ in range(players)),
            phase=_P.LEADER,
            deck=cards.deck(players),
            character_pool=cards.CHARACTERS,
            known=tuple(frozenset() for _ in range(players)),
        )
    return _copy_state(blank, options=options)


#: each player count's table before the Leader is assigned, built once
#: (`setup` copies it with the match's options: states are immutable)
_BLANK_TABLES: dict[int, State] = {}


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase in _CHANCE_PHASES:
        return _CHANCE_SET
    if phase in _SIMULTANEOUS:
        # the seats still to choose, looked up by who has chosen
        chose = tuple(map(_CHOSE, state.seats))
        found = _WAITING.get(chose)
        if found is None:
            found = _WAITING[chose] = frozenset([s for s, c in enumerate(chose) if not c])
        return found
    if phase in _LEADER_PHASES:
        return _alone(state.leader)
    if phase in _ACCUSED_PHASES:
        return _alone(state.accused)
    if phase in _ACTING_PHASES:
        return _alone(state.acting)
    if phase is _P.GUILTY:
        # OV-5, OV-13: a tie between pairs is the Leader's to break
        return _alone(state.leader)
    if phase is _P.ROB:
        return _alone(state.thief)
    if phase is _P.GIVE:
        return _alone(state.victim)
    return _NOBODY


def _alone(seat: int | None) -> frozenset:
    found = _ALONE.get(seat)  # type: ignore[arg-type]
    return frozenset({seat}) if found is None else found


def chance_outcomes(state: State) -> tuple[tuple[object, float], ...]:
    phase = state.phase
    if phase is _P.DEAL:
        pool = state.deck if state.unseen is None else state.unseen
        if state.gather:
            pool = cards.deck(state.players)
        return _draws(pool, _DEALS, 0)
    if phase is _P.LEADER:
        return tuple((AssignLeader(s), 1 / state.players) for s in range(state.players))
    if phase is _P.CHARACTERS:
        pool = state.character_pool
        if state.unseen_characters is not None:
            pool = state.unseen_characters
        return _draws(pool, _DEAL_CHARACTERS, 2)
    if phase in (_P.GOLD_DRAW, _P.DENY_DRAW):
        pool = tuple(c for c in state.discard if c is not None)
        if state.unseen is not None and None in state.discard:
            pool = state.unseen
        return _draws(pool, _DRAWS, 1)
    return ()


def chance_pool(state: State) -> tuple[Sequence[object], dict] | None:
    """A trait card or a character dealt, as `core.playout.even_draw` reads
    it: the pool `chance_outcomes` lists, each with probability 1 / its
    size, in order (so a playout need not list them), when no card is twice
    in it; None otherwise and for the other draws."""
    global _distinct_deck
    phase = state.phase
    if phase is _DEAL:
        pool = state.deck if state.unseen is None else state.unseen
        if state.gather:
            pool = cards.deck(state.players)
        actions: dict = _DEALS
    elif phase is _CHARACTERS:
        pool = state.character_pool
        if state.unseen_characters is not None:
            pool = state.unseen_characters
        actions = _DEAL_CHARACTERS
    else:
        return None
    if pool is _distinct_deck:
        return pool, actions
    if len(set(pool)) != len(pool):
        return None
    if phase is _DEAL:
        _distinct_deck = pool
    return pool, actions


#: the last deck seen to hold each card once (`chance_pool` checks a pool
#: by a set, a third of a deal's cost): the deck a deal leaves of it holds
#: each card once too, and takes its place (`_deal`). Only ever a tuple
#: known to be such a deck; any other pool is checked.
_distinct_deck: Sequence[object] | None = None


def _draws(
    pool: Sequence[int | None], actions: dict[int, object], kind: int
) -> tuple[tuple[object, float], ...]:
    """`uniform_draws(pool)` with each card's action from `actions`: the
    same outcomes in the same order, at once when no card is twice in the
    pool (the deck and the discard pile hold each id once): each card's
    (action, 1/n) pair is built once per pool size (`kind` tells the
    action classes apart)."""
    n = len(pool)
    if n and len(set(pool)) == n:
        pairs = _PAIRS.get((kind, n))
        if pairs is None:
            pairs = _PAIRS[kind, n] = {c: (a, 1 / n) for c, a in actions.items()}
        try:
            return tuple(map(pairs.__getitem__, pool))
        except KeyError:  # not a card of the box
            pass
    return tuple((actions[c], p) for c, p in uniform_draws(pool))


def _acts(state: State, seat: object) -> bool:
    """`seat in to_act(state)`, without building the set (the hot path)."""
    if type(seat) is not int:
        return seat in to_act(state)
    phase = state.phase
    if phase in _SIMULTANEOUS:
        seats = state.seats
        return 0 <= seat < len(seats) and not seats[seat].chose
    if phase in _CHANCE_PHASES:
        return seat == CHANCE
    if phase in _LEADER_PHASES:
        return seat == state.leader
    if phase in _ACCUSED_PHASES:
        return seat == state.accused
    if phase in _ACTING_PHASES:
        return seat == state.acting
    if phase is _P.GUILTY:
        return seat == state.leader
    if phase is _P.ROB:
        return seat == state.thief
    if phase is _P.GIVE:
        return seat == state.victim
    return False


def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    if state.phase is _DRAFT and type(seat) is int:
        # the draft's picks, the most frequent list (as `_acts` below)
        seats = state.seats
        if 0 <= seat < len(seats) and not seats[seat].chose:
            try:
                return tuple(map(_PICKS.__getitem__, sorted(seats[seat].hand)))
            except (KeyError, TypeError):  # a hidden card (None), or not a card of the box
                pass
    if seat == CHANCE or not _acts(state, seat):
        return ()
    return _listed(state, seat)


def _listed(state: State, seat: int) -> tuple[object, ...]:
    """`legal_actions` of a seat to act (`_acts`), by the phase's lister."""
    lister = _LISTERS.get(state.phase)
    return () if lister is None else lister(state, seat)


def _list_picks(state: State, seat: int) -> tuple[object, ...]:
    hand = state.seats[seat].hand
    if None in hand:
        hand = [c for c in hand if c is not None]
    try:
        return tuple(map(_PICKS.__getitem__, sorted(hand)))
    except KeyError:  # not a card of the box
        return tuple([_PICKS.get(c) or Pick(c) for c in sorted(hand)])


def _list_places(state: State, seat: int) -> tuple[object, ...]:
    me = state.seats[seat]
    kept = sorted([c for c in me.kept if c is not None])
    # `face_up_needed`
    needed = 2 if me.character is _C.ORANGE else 3
    return tuple(map(_PLACES.__getitem__, combinations(kept, needed)))


def _list_keeps(state: State, seat: int) -> tuple[object, ...]:
    return tuple(
        [_KEEPS.get(c) or Keep(c) for c in sorted_tuple(c for c in state.drawn if c is not None)]
    )


def _list_peeks(state: State, seat: int) -> tuple[object, ...]:
    return tuple(map(_PEEKS.__getitem__, _peek_targets(state, state.acting)))


def _list_tied(state: State, seat: int) -> tuple[object, ...]:
    tied = state.tied
    found = _CHOOSE_AMONG.get(tied)
    if found is None:
        found = _CHOOSE_AMONG[tied] = tuple(Choose(s) for s in tied)
    return found


def _list_robbed(state: State, seat: int) -> tuple[object, ...]:
    # the victims, then Pass (built once per list of victims)
    among = victims(state)
    found = _ROB_AMONG.get(among)
    if found is None:
        found = _ROB_AMONG[among] = tuple(Choose(s) for s in among) + (Pass(),)
    return found


def _by_slot(kind: type) -> object:
    """A lister of `_by_count(kind, the seat's slots)`."""
    return lambda state, seat: _by_count(kind, len(state.seats[seat].slots))


#: each phase's legal list for a seat to act (`_listed`)
_LISTERS = {
    _P.DRAFT: _list_picks,
    _P.PLACE: _list_places,
    _P.PURPLE: _by_slot(Turn),
    _P.GOLD_KEEP: _list_keeps,
    _P.PEEK: _list_peeks,
    _P.TEAL: _by_slot(Copy),
    _P.VOTE: lambda state, seat: _others(Vote, state.players, seat),
    **dict.fromkeys(_LEADER_PHASES, _list_tied),
    _P.JUDGE: lambda state, seat: _JUDGE,
    _P.ADMIT: _by_slot(Discard),
    _P.GUILTY: lambda state, seat: losing_pairs(state),
    _P.ROB: _list_robbed,
    _P.GIVE: _by_slot(Give),
    _P.LIANG: lambda state, seat: _others(Choose, state.players, seat),
}


#: Peek(seat, slot), built once per target
_PEEKS = _Once(lambda target: Peek(*target))


def _by_count(kind: type, n: int) -> tuple[object, ...]:
    """One action per slot of `n` (Turn, Discard, Give), or per ordered pair
    of slots (Teal's Copy), built once per `n`."""
    found = _BY_COUNT.get((kind, n))
    if found is None:
        if kind is Copy:
            found = tuple(Copy(i, j) for i in range(n) for j in range(n) if i != j)
        else:
            found = tuple(kind(i) for i in range(n))
        _BY_COUNT[kind, n] = found
    return found


def _others(kind: type, players: int, seat: int) -> tuple[object, ...]:
    """`kind(s)` for every seat but `seat` (Vote, Liang's Choose)."""
    found = _OTHERS.get((kind, players, seat))
    if found is None:
        found = _OTHERS[kind, players, seat] = tuple(kind(s) for s in range(players) if s != seat)
    return found


def apply(state: State, seat: int, action: object) -> State:
    """Apply one action; raises IllegalAction with a reason a person can read."""
    phase = state.phase
    if phase is _DRAFT and type(action) is Pick and type(seat) is int:
        # the draft's pick, the most frequent move, checked at once as
        # `_acts` and `_is_legal` below would
        seats = state.seats
        if 0 <= seat < len(seats):
            p = seats[seat]
            card = action.card
            if not p.chose and card is not None and card in p.hand:
                return _pick(state, seat, action)
    elif phase is _VOTE and type(action) is Vote and type(seat) is int:
        # a vote, checked at once as `_acts` and `_is_legal` below would
        seats = state.seats
        if 0 <= seat < len(seats) and not seats[seat].chose:
            target = action.seat
            if type(target) is int and target != seat and 0 <= target < state.players:
                return _vote(state, seat, action)
    elif phase is _PLACE and type(action) is Place and type(seat) is int:
        # a placement, checked as `_acts` and `_is_legal` below would
        seats = state.seats
        if 0 <= seat < len(seats) and not seats[seat].chose and _is_legal(state, seat, action):
            return _place(state, seat, action)
    if phase is _OVER:
        raise IllegalAction("The game is over.")
    if seat == CHANCE:
        if phase is _DEAL:
            return _deal(state, action)
        return _apply_chance(state, action)
    if phase in _CHANCE_PHASES:
        raise IllegalAction("Wait: the cards are being dealt or drawn.")
    if not _acts(state, seat):
        if phase in _SIMULTANEOUS and 0 <= seat < state.players:
            raise IllegalAction("You have already chosen; wait for the others.")
        if phase is _P.GUILTY and seat == state.accused:
            raise IllegalAction(
                "The Leader chooses which two of your cards you lose, among pairs that "
                "cost you as much (house ruling OV-13)."
            )
        raise IllegalAction("It is not your turn.")
    if not _is_legal(state, seat, action):
        raise IllegalAction(_why_not(state, seat, action))
    handler = _HANDLERS[phase]
    return handler(state, seat, action)


def _is_legal(state: State, seat: int, action: object) -> bool:
    """`action in legal_actions(state, seat)` for a seat to act, without
    listing every action in the frequent phases (the same comparisons: an
    action equals only one of its own class with equal fields)."""
    phase = state.phase
    kind = type(action)
    if phase is _P.DRAFT and kind is Pick:
        card = action.card  # type: ignore[attr-defined]
        return card is not None and card in state.seats[seat].hand
    if phase is _P.PLACE and kind is Place:
        # one of `combinations(sorted kept, needed)`: a tuple of that many
        # kept cards in strictly ascending order (kept cards are distinct)
        up = action.cards  # type: ignore[attr-defined]
        if type(up) is not tuple or len(up) != face_up_needed(state, seat):
            return False
        kept = state.seats[seat].kept
        last = None
        for c in up:
            if c is None or c not in kept:
                return False
            # compared only once both are kept cards
            if last is not None and not last < c:
                return False
            last = c
        return True
    if phase is _P.VOTE and kind is Vote and type(action.seat) is int:  # type: ignore[attr-defined]
        target = action.seat  # type: ignore[attr-defined]
        return target != seat and 0 <= target < state.players
    legal = _listed(state, seat)
    # the same action object first (a list's actions are built once and a
    # playout picks one of them): `in` would call each action's `__eq__`
    # before it
    for a in legal:
        if a is action:
            return True
    return action in legal


def _why_not(state: State, seat: int, action: object) -> str:
    reasons = {
        _P.DRAFT: "Keep one of the cards of the pack in your hand.",
        _P.PLACE: "Choose the cards of your top row among those you kept.",
        _P.PURPLE: "Turn one of your own cards sideways.",
        _P.GOLD_KEEP: "Keep one of the two cards you drew.",
        _P.PEEK: "Peek at a face-down card of another player, not one already seen.",
        _P.TEAL: "Put one of your cards under another of your cards.",
        _P.VOTE: "Vote for another player.",
        _P.ACCUSE: "Choose one of the players tied for the most votes.",
        _P.DECLARE: "Choose one of the players tied for the highest score.",
        _P.THIEF: "Choose one of the players tied for the most Greed cards.",
        _P.NEXT_LEADER: "Choose one of the players tied for the lowest score.",
        _P.JUDGE: "Deny or admit.",
        _P.ADMIT: "Discard one of your own cards.",
        _P.GUILTY: ("Choose one of the pairs offered: two of the guilty player's cards whose "
                    "loss lowers their score most, one pair for each different set of cards "
                    "left (house ruling OV-13)."),
        _P.ROB: "Rob another player who has a card and is not the Hoarder, or pass.",
        _P.GIVE: "Give one of your own cards.",
        _P.LIANG: "Choose another player.",
    }
    return reasons.get(state.phase, "That is not possible now.")


# ---------------------------------------------------------------------------
# Chance.


def _apply_chance(state: State, action: object) -> State:
    phase = state.phase
    if phase is _P.DEAL:
        return _deal(state, action)
    if phase is _CHARACTERS:
        if not isinstance(action, DealCharacter) or action.character not in state.character_pool:
            raise IllegalAction("That character cannot be dealt now.")
        target = _character_target(state)
        seats = state.seats
        # `_copy_seat` and `_copy_state` written out
        mine = seats[target].__dict__.copy()
        mine["character"] = action.character
        p = _new_object(Seat)
        _set_seat_fields(p, mine)
        fields = state.__dict__.copy()
        fields["seats"] = _with_seat(seats, target, p)
        fields["character_pool"] = remove_one(state.character_pool, action.character)
        if target == state.players - 1:
            fields["phase"] = _P.DRAFT
            fields["draft_turn"] = 1
        state = _new_object(State)
        _set_state_fields(state, fields)
        return state
    if phase not in _CHANCE_PHASES:
        raise IllegalAction("Nothing is being dealt or drawn now.")
    if phase is _P.LEADER:
        if not isinstance(action, AssignLeader) or not 0 <= action.seat < state.players:
            raise IllegalAction("Assign the Leader card to a player.")
        state = _set_seat(state, action.seat, was_leader=True)
        return _start_round(_copy_state(state, leader=action.seat))
    if not isinstance(action, Draw) or action.card not in state.discard:
        raise IllegalAction("That card is not in the discard pile.")
    discard = remove_one(state.discard, action.card)
    if phase is _P.GOLD_DRAW:
        gold = state.acting
        assert gold is not None
        if not state.drawn:
            # OV-10: a random draw from the face-down pile: the others no
            # longer know which of the cards they knew are still there
            pile = frozenset(state.discard)
            known = tuple(k if s == gold else k - pile for s, k in enumerate(state.known))
            state = _copy_state(state, known=known)
        # OV-28: Gold sees the trait drawn, not which copy (OV-26)
        known = tuple(_less_alike(k, state.discard, action.card) if s == gold else k
                      for s, k in enumerate(state.known))
        state = _copy_state(state, discard=discard, drawn=state.drawn + (action.card,),
                            known=known)
        if len(state.drawn) == 2 or not discard:
            state = _copy_state(state, phase=_P.GOLD_KEEP)
        return state
    # DENY_DRAW (OV-13): not guilty, the accused draws a card, face up
    seat = state.accused
    assert seat is not None
    p = state.seats[seat]
    state = _set_seat(state, seat, slots=p.slots + (_DRAWN_SLOT[action.card],))
    return _greed(_copy_state(state, discard=discard, known=_drawn_alike(state, action.card)))


def _drawn_alike(state: State, card: int) -> tuple[frozenset[int], ...]:
    """OV-26: cards of one trait are alike, so a card drawn face up from the
    pile shows its trait, not which copy it was: a seat that knew cards of
    that trait in the pile knows one fewer is there (the drawn one if it
    knew it, else one of its own), not that the others' copy went."""
    return tuple(_less_alike(k, state.discard, card) for k in state.known)


def _less_alike(known: frozenset[int], pile: Sequence[int], card: int) -> frozenset[int]:
    """`known` once `card` left `pile`, seen by its trait only (OV-26): the
    card itself if known, else one known card of its trait in the pile."""
    if card in known:
        return known - {card}
    trait = TRAIT[card]
    alike = sorted(c for c in known if c in pile and TRAIT[c] is trait)
    return known - {alike[0]} if alike else known


def _deal(state: State, action: object) -> State:
    """OV §Deal: the next card to the next seat round the table (the
    playouts' most frequent step, written out)."""
    global _distinct_deck
    if state.gather:
        state = _start_round(state)
    deck = state.deck
    if not isinstance(action, Deal):
        raise IllegalAction("That card cannot be dealt now.")
    card = action.card
    left = list(deck)
    try:
        left.remove(card)
    except ValueError:
        raise IllegalAction("That card cannot be dealt now.") from None
    dealt = state.dealt
    seats = state.seats
    players = state.players
    target = dealt % players
    p = seats[target]
    # `_copy_seat` and `_copy_state` written out (a deal is more than a
    # third of a playout's actions)
    mine = p.__dict__.copy()
    mine["hand"] = tuple(sorted(p.hand + (card,)))
    p = _new_object(Seat)
    _set_seat_fields(p, mine)
    fields = state.__dict__.copy()
    changed = list(seats)
    changed[target] = p
    fields["seats"] = tuple(changed)
    left = fields["deck"] = tuple(left)
    if deck is _distinct_deck:
        _distinct_deck = left
    dealt += 1
    fields["dealt"] = dealt
    fields["phase"] = _CHARACTERS if dealt == HAND * players else _DEAL
    state = _new_object(State)
    _set_state_fields(state, fields)
    return state


def _character_target(state: State) -> int:
    for s, p in enumerate(state.seats):
        if p.character is None:
            return s
    raise IllegalAction("Every player has a character.")


# ---------------------------------------------------------------------------
# Rounds and stages.


def _start_round(state: State) -> State:
    """OV §Deal: every card back in the deck, every character back (done
    as the next round's first card is dealt: until then the last round's
    table stays as it ended, `State.gather`)."""
    blank = _BLANK_SEAT
    fields = state.__dict__.copy()
    fields.update(_NEW_ROUND)
    fields["seats"] = tuple(
        [
            _copy_seat(blank, total=p.total, was_leader=p.was_leader, rounds=p.rounds)
            for p in state.seats
        ]
    )
    fields["round"] = state.round + 1
    fields["deck"] = cards.deck(state.players)
    fields["known"] = tuple([frozenset() for _ in range(state.players)])
    state = _new_object(State)
    _set_state_fields(state, fields)
    return state


_BLANK_SEAT = Seat()
#: the fields a new round sets as they are at the start (`_start_round`)
_NEW_ROUND = {
    "phase": _P.DEAL,
    "discard": (),
    "character_pool": cards.CHARACTERS,
    "dealt": 0,
    "draft_turn": 0,
    "revealed": False,
    "acting": None,
    "drawn": (),
    "peeked": (),
    "accused": None,
    "denied": None,
    "tied": (),
    "showdown": (),
    "declared": None,
    "guilty": None,
    "thief": None,
    "victim": None,
    "given_from": (),
    "to_discard": 0,
    "admitted": (),
    "liang_target": None,
    "gather": False,
}


def _pick(state: State, seat: int, action: Pick) -> State:
    """OV §Draft: keep one, in secret; when all have, the packs pass."""
    seats = state.seats
    p = seats[seat]
    card = action.card
    hand = p.hand
    i = hand.index(card)
    # `_copy_seat` and `_copy_state` written out (the draft's picks are a
    # third of a playout's actions)
    mine = p.__dict__.copy()
    mine["hand"] = hand[:i] + hand[i + 1 :]
    mine["pick"] = card
    mine["chose"] = True
    p = _new_object(Seat)
    _set_seat_fields(p, mine)
    changed = list(seats)
    changed[seat] = p
    seats = tuple(changed)
    for p in seats:
        if not p.chose:
            # `_with_seats` written out
            fields = state.__dict__.copy()
            fields["seats"] = seats
            state = _new_object(State)
            _set_state_fields(state, fields)
            return state
    n = state.players
    if state.draft_turn == KEEP:
        # the sixth card goes to the discard pile; its holder knows it (OV-10)
        last = [p.hand[0] for p in seats]
        known = tuple(k | {last[s]} for s, k in enumerate(state.known))
        return _copy_state(
            state,
            seats=tuple(
                _copy_seat(p, kept=p.kept + (p.pick,), pick=None, chose=False, hand=())
                for p in seats
            ),
            discard=_pile(state.discard + tuple(last)),
            known=known,
            phase=_P.PLACE,
            draft_turn=0,
        )
    step = pass_step(state)
    # each seat keeps its pick and takes the pack of its neighbour
    # (`next_seat(s, n, -step)`)
    passed = []
    for s, p in enumerate(seats):
        mine = p.__dict__.copy()
        mine["kept"] = p.kept + (p.pick,)
        mine["pick"] = None
        mine["chose"] = False
        mine["hand"] = seats[(s - step) % n].hand
        p = _new_object(Seat)
        _set_seat_fields(p, mine)
        passed.append(p)
    fields = state.__dict__.copy()
    fields["seats"] = tuple(passed)
    fields["draft_turn"] = state.draft_turn + 1
    state = _new_object(State)
    _set_state_fields(state, fields)
    return state


def _place(state: State, seat: int, action: Place) -> State:
    """OV §Placement: the top row, chosen in secret; all revealed together."""
    seats = _chosen(state.seats, seat, "face_up", action.cards)
    for p in seats:
        if not p.chose:
            return _with_seats(state, seats)
    placed = []
    for p in seats:
        face_up = p.face_up
        up = tuple(map(_UP_SLOT.__getitem__, sorted(face_up)))
        # face down in the order kept: nothing about the cards follows from it
        down = tuple([_DOWN_SLOT[c] for c in p.kept if c not in face_up])
        placed.append(_copy_seat(p, slots=up + down, kept=(), face_up=(), chose=False))
    # OV-9: the characters are turned face up as the vote begins
    state = _copy_state(state, seats=tuple(placed), revealed=True)
    return _abilities(state, 0)


def _abilities(state: State, start: int) -> State:
    """OV §Vote: Purple, Gold, Meixiu, Teal in printed order (OV-11); a
    character not in play, or with nothing to do, is passed."""
    # `holder` of each character, the first seat holding it
    held: dict[object, int] = {}
    for s, p in enumerate(state.seats):
        held.setdefault(p.character, s)
    for character in VOTE_ABILITIES[start:]:
        seat = held.get(character)
        if seat is None:
            continue
        if character is _C.PURPLE and state.seats[seat].slots:
            return _copy_state(state, phase=_P.PURPLE, acting=seat)
        if character is _C.GOLD and state.discard:
            return _copy_state(state, phase=_P.GOLD_DRAW, acting=seat)
        if character is _C.MEIXIU and _peek_targets(state, seat):
            return _copy_state(state, phase=_P.PEEK, acting=seat)
        if character is _C.TEAL and len(state.seats[seat].slots) >= 2:
            return _copy_state(state, phase=_P.TEAL, acting=seat)
    return _copy_state(state, phase=_P.VOTE, acting=None)


def _turn(state: State, seat: int, action: Turn) -> State:
    p = state.seats[seat]
    slots = list(p.slots)
    slots[action.slot] = _evolve_slot(slots[action.slot], turned=True)
    return _abilities(_set_seat(state, seat, slots=tuple(slots)), 1)


def _keep(state: State, seat: int, action: Keep) -> State:
    """Gold: one card face down into the combination, the other back."""
    p = state.seats[seat]
    back = remove_one(state.drawn, action.card)
    known = tuple(k | set(back) if s == seat else k for s, k in enumerate(state.known))
    state = _set_seat(state, seat, slots=p.slots + (_GOLD_SLOT[action.card],))
    state = _copy_state(state, drawn=(), discard=_pile(state.discard + back), known=known)
    return _abilities(state, 2)


def _peek(state: State, seat: int, action: Peek) -> State:
    """Meixiu: the card is known to Meixiu for the rest of the round."""
    card = state.seats[action.seat].slots[action.slot].card
    assert card is not None
    known = tuple(k | {card} if s == seat else k for s, k in enumerate(state.known))
    peeked = state.peeked + ((action.seat, action.slot),)
    state = _copy_state(state, known=known, peeked=peeked)
    if len(peeked) < 2 and peek_targets(state):
        return state
    return _abilities(state, 3)


def _copy(state: State, seat: int, action: Copy) -> State:
    """Teal: the card goes face down under another and copies it; a face-up
    card so moved stays known to everyone who saw it (OV-11)."""
    p = state.seats[seat]
    slot = p.slots[action.slot]
    if slot.up and slot.card is not None:
        state = _copy_state(state, known=tuple(k | {slot.card} for k in state.known))
    slots = list(p.slots)
    slots[action.slot] = _evolve_slot(slot, up=False, under=action.top)
    state = _set_seat(state, seat, slots=tuple(slots))
    return _abilities(state, 4)


def _vote(state: State, seat: int, action: Vote) -> State:
    """OV §Vote: secret and simultaneous; OV-5: a tie, the Leader chooses."""
    seats = _chosen(state.seats, seat, "vote", action.seat)
    for p in seats:
        if not p.chose:
            return _with_seats(state, seats)
    counts = [0] * state.players
    for p in seats:
        assert p.vote is not None
        counts[p.vote] += 1
    most = max(counts)
    top = tuple(s for s in range(state.players) if counts[s] == most)
    seats = tuple(_copy_seat(p, chose=False) for p in seats)
    if len(top) > 1:
        return _copy_state(state, seats=seats, phase=_P.ACCUSE, tied=top)
    return _copy_state(state, seats=seats, phase=_P.JUDGE, accused=top[0])


def _choose(state: State, seat: int, action: Choose) -> State:
    phase = state.phase
    chosen = action.seat
    if phase is _P.ACCUSE:
        return _copy_state(state, phase=_P.JUDGE, accused=chosen, tied=())
    if phase is _P.DECLARE:
        state = _copy_state(state, declared=chosen, tied=())
        return _verdict(state)
    if phase is _P.THIEF:
        return _rob(_copy_state(state, thief=chosen, tied=()))
    if phase is _P.ROB:
        return _copy_state(state, phase=_P.GIVE, victim=chosen)
    if phase is _P.LIANG:
        return _score_round(_copy_state(state, liang_target=chosen))
    # NEXT_LEADER
    return _new_leader(_copy_state(state, tied=()), chosen)


def _judge(state: State, seat: int, action: object) -> State:
    """OV §Judgement: deny (to the Showdown) or admit (discard two)."""
    if isinstance(action, Deny):
        return _showdown(_copy_state(state, denied=True))
    state = _copy_state(state, denied=False, to_discard=min(2, len(state.seats[seat].slots)))
    if state.to_discard == 0:
        return _showdown(state)
    return _copy_state(state, phase=_P.ADMIT)


def _discard(state: State, seat: int, action: Discard) -> State:
    """OV-19: an admitted card goes face down onto the discard pile; its
    owner knows it, and everyone knows a card they saw face up."""
    place = admission_places(state, seat)[action.slot]
    state = _lose(state, seat, (action.slot,))
    state = _copy_state(state, to_discard=state.to_discard - 1,
                        admitted=tuple(sorted(state.admitted + (place,))))
    if state.to_discard and state.seats[seat].slots:
        return state
    return _showdown(_copy_state(state, to_discard=0, admitted=()))


def admission_places(state: State, seat: int) -> list[int]:
    """The place (0-based) each of `seat`'s cards had in its row when its
    admission began (`State.admitted`): the row's indices otherwise."""
    count = len(state.seats[seat].slots)
    if state.phase is not _P.ADMIT or seat != state.accused or not state.admitted:
        return list(range(count))
    gone = set(state.admitted)
    return [i for i in range(count + len(gone)) if i not in gone]


def _lose(state: State, seat: int, indices: Sequence[int]) -> State:
    p = state.seats[seat]
    gone = [p.slots[i] for i in indices]
    ids = {s.card for s in gone if s.card is not None}
    public = {s.card for s in gone if s.up and s.card is not None}
    # (a seat that learns nothing keeps its set)
    known = tuple(
        [
            k | ids if s == seat else k | public if public else k
            for s, k in enumerate(state.known)
        ]
    )
    state = _set_seat(state, seat, slots=without(p.slots, indices))
    return _copy_state(state, discard=_pile(state.discard + tuple(ids)), known=known,
                       peeked=_peeked_without(state.peeked, seat, len(p.slots), indices))


def _peeked_without(
    peeked: tuple[tuple[int, int], ...], seat: int, count: int, gone: Sequence[int]
) -> tuple[tuple[int, int], ...]:
    """Meixiu's peeks after `seat` lost the cards at `gone` of its `count`:
    each follows its card to its new place (a card gone, its peek too), as
    Teal's copies do (`without`), so the * stays on the card peeked at."""
    if all(s != seat for s, _ in peeked):
        return peeked
    index = {old: new for new, old in enumerate(i for i in range(count) if i not in gone)}
    return tuple((s, index[i]) if s == seat else (s, i)
                 for s, i in peeked if s != seat or i in index)


def _face_up(s: Slot) -> Slot:
    """`evolve(s, up=True)`, by the fields in order."""
    if s.turned or s.under is not None or s.origin:
        return Slot(s.card, True, s.turned, s.under, s.origin)
    return _UP_SLOT[s.card]


def _showdown(state: State) -> State:
    """OV §Showdown: every card is revealed and the highest score declared;
    it decides a denial (OV-13)."""
    seats = []
    for p in state.seats:
        slots = p.slots
        for s in slots:
            if not s.up:
                p = _copy_seat(p, slots=tuple([s if s.up else _face_up(s) for s in slots]))
                break
        seats.append(p)
    state = _copy_state(state, seats=tuple(seats))
    # `showdown_score` of each seat, the Wuming sisters looked for once
    valour = wrath = False
    for p in seats:
        c = p.character
        if c is _C.WUMING_VALOUR:
            valour = True
        elif c is _C.WUMING_WRATH:
            wrath = True
    scores = tuple(
        [
            cards.points(
                effective(p.slots), meixiu=p.character is _C.MEIXIU, valour=valour, wrath=wrath
            )
            for p in state.seats
        ]
    )
    best = max(scores)
    top = tuple([s for s in range(state.players) if scores[s] == best])
    state = _copy_state(state, showdown=scores, declared=top[0] if len(top) == 1 else None)
    if state.denied and state.accused in top and len(top) > 1:
        return _copy_state(state, phase=_P.DECLARE, tied=top)
    if state.denied:
        return _verdict(state)
    return _greed(state)


def _verdict(state: State) -> State:
    """OV §Judgement, DENY: guilty, the two cards of OV-4 are lost; not
    guilty, a card from the discard pile (OV-13)."""
    if state.declared == state.accused:
        state = _copy_state(state, guilty=True)
        pairs = losing_pairs(state)
        if len(pairs) > 1:
            return _copy_state(state, phase=_P.GUILTY)
        if pairs:
            return _lose_pair(state, state.accused, pairs[0])
        return _greed(state)
    state = _copy_state(state, guilty=False)
    if state.discard:
        return _copy_state(state, phase=_P.DENY_DRAW)
    return _greed(state)


def _lose_pair(state: State, seat: int, action: LosePair) -> State:
    """OV-4: the guilty accused loses the pair; OV-5, OV-13: `seat` is the
    Leader who chose it among equally costly pairs (or the accused, when
    only one pair is offered)."""
    accused = state.accused
    assert accused is not None
    return _greed(_lose(state, accused, (action.first, action.second)))


def _greed(state: State) -> State:
    """OV §Greed: the Hoarder takes the discarded Greed cards; the player
    with the most Greed cards may steal (OV-15)."""
    g = holder(state, _C.GREED)
    if g is not None:
        taken = tuple([c for c in state.discard if c is not None and TRAIT[c] is _T.GREED])
        if taken:
            p = state.seats[g]
            added = tuple(map(_HOARDER_SLOT.__getitem__, taken))
            state = _set_seat(state, g, slots=p.slots + added)
            discard = state.discard
            for c in taken:
                discard = remove_one(discard, c)
            state = _copy_state(state, discard=discard)
    counts = [greed_count(p.slots) for p in state.seats]
    most = max(counts)
    if most == 0:
        return _scoring(state)
    top = tuple(s for s in range(state.players) if counts[s] == most)
    if len(top) > 1:
        return _copy_state(state, phase=_P.THIEF, tied=top)
    return _rob(_copy_state(state, thief=top[0]))


def _rob(state: State) -> State:
    if not victims(state):
        return _scoring(state)
    return _copy_state(state, phase=_P.ROB)


def _pass(state: State, seat: int, action: Pass) -> State:
    return _scoring(state)


def _give(state: State, seat: int, action: Give) -> State:
    """OV §Greed: the robbed player chooses the card; OV-7: a transformed
    card reverts to its printed trait."""
    thief = state.thief
    assert thief is not None
    before = state.seats[seat].slots
    card = before[action.slot].card
    state = _copy_state(state, given_from=before)
    state = _set_seat(state, seat, slots=without(before, (action.slot,)))
    p = state.seats[thief]
    state = _set_seat(state, thief, slots=p.slots + (_STOLEN_SLOT[card],))
    return _scoring(state)


def _scoring(state: State) -> State:
    """OV §Scoring: Liang first, then the round's scores."""
    liang = holder(state, _C.LIANG)
    if liang is not None:
        return _copy_state(state, phase=_P.LIANG, acting=liang)
    return _score_round(state)


def _score_round(state: State) -> State:
    """OV §Scoring, OV-6: scores added to secret totals; the lowest round
    score takes the Leader card (OV-5: a tie, the Leader chooses; OV-17)."""
    players = state.players
    pads = [round_score(state, s) for s in range(players)]
    # one State copy: the totals, and the end, a tie or the new Leader
    # (`_new_leader` written out)
    fields = state.__dict__.copy()
    fields["acting"] = None
    leader = None
    if state.round >= ROUNDS:
        fields["phase"] = _P.OVER
    else:
        low = min([pad.score for pad in pads])
        lowest = tuple([s for s in range(players) if pads[s].score == low])
        if len(lowest) > 1:
            fields["phase"] = _P.NEXT_LEADER
            fields["tied"] = lowest
        else:
            leader = lowest[0]
            fields["leader"] = leader
            fields["phase"] = _P.DEAL
            fields["tied"] = ()
            fields["gather"] = True
    seats = []
    for s, p in enumerate(state.seats):
        pad = pads[s]
        mine = p.__dict__.copy()
        mine["total"] = (p.total or 0) + pad.score
        mine["rounds"] = p.rounds + (pad,)
        if s == leader:
            mine["was_leader"] = True
        p = _new_object(Seat)
        _set_seat_fields(p, mine)
        seats.append(p)
    fields["seats"] = tuple(seats)
    state = _new_object(State)
    _set_state_fields(state, fields)
    return state


def _new_leader(state: State, seat: int) -> State:
    state = _set_seat(state, seat, was_leader=True)
    return _copy_state(state, leader=seat, phase=_P.DEAL, tied=(), gather=True)


def _set_seat(state: State, seat: int, **changes: object) -> State:
    seats = state.seats
    return _copy_state(state, seats=_with_seat(seats, seat, _copy_seat(seats[seat], **changes)))


def _with_seat(seats: tuple[Seat, ...], seat: int, p: Seat) -> tuple[Seat, ...]:
    """`seats` with `p` at `seat` (by a list: fewer tuples than slices)."""
    changed = list(seats)
    changed[seat] = p
    return tuple(changed)


def _chosen(seats: tuple[Seat, ...], seat: int, field: str, value: object) -> tuple[Seat, ...]:
    """`seats` with `seat`'s secret choice made: `field` set to `value` and
    `chose` (`_copy_seat` written out: a placement and a vote, every seat's)."""
    mine = seats[seat].__dict__.copy()
    mine[field] = value
    mine["chose"] = True
    p = _new_object(Seat)
    _set_seat_fields(p, mine)
    changed = list(seats)
    changed[seat] = p
    return tuple(changed)


def _with_seats(state: State, seats: tuple[Seat, ...]) -> State:
    """`_copy_state(state, seats=seats)` written out."""
    fields = state.__dict__.copy()
    fields["seats"] = seats
    state = _new_object(State)
    _set_state_fields(state, fields)
    return state


_HANDLERS = {
    _P.DRAFT: _pick,
    _P.PLACE: _place,
    _P.PURPLE: _turn,
    _P.GOLD_KEEP: _keep,
    _P.PEEK: _peek,
    _P.TEAL: _copy,
    _P.VOTE: _vote,
    _P.ACCUSE: _choose,
    _P.DECLARE: _choose,
    _P.THIEF: _choose,
    _P.NEXT_LEADER: _choose,
    _P.LIANG: _choose,
    _P.JUDGE: _judge,
    _P.ADMIT: _discard,
    _P.GUILTY: _lose_pair,
    _P.GIVE: _give,
}


def _rob_or_pass(state: State, seat: int, action: object) -> State:
    if isinstance(action, Pass):
        return _pass(state, seat, action)
    assert isinstance(action, Choose)
    return _choose(state, seat, action)


_HANDLERS[_P.ROB] = _rob_or_pass


# ---------------------------------------------------------------------------
# Views, outcome and the table's log.


def known_to(state: State, viewer: int | None) -> frozenset[int]:
    """The cards `viewer` knows though they are not face up nor its own
    (`State.known`). A spectator knows those every seat knows: cards everyone
    saw face up before they were turned down or discarded (OV-10, OV-11,
    OV-19); knowing them tells no player anything new."""
    if viewer is not None:
        return state.known[viewer]
    return frozenset.intersection(*state.known) if state.known else _NOBODY


def sees(state: State, viewer: int | None, seat: int, slot: Slot) -> bool:
    """Whether `viewer` may know the card in `slot` in front of `seat`: face
    up, its own, or known to it (peeked, seen before it was turned down)."""
    if slot.up or viewer == seat:
        return True
    return slot.card in known_to(state, viewer)


def view(state: State, seat: int | None) -> State:
    """What `seat` may know (None: a spectator). Hidden: the deck, other
    seats' packs, kept cards, picks and face-up choices before the reveal,
    their face-down cards (but those this seat peeked at or saw, OV-10,
    OV-11), their characters before the vote (OV-9), their votes before all
    are in, their totals before the end (OV-6; their round scores, the pads
    of the rounds scored, are public, OV-29), the discard pile but the cards
    this seat knows, Gold's drawn cards. `unseen` pools every card that
    could fill a gap."""
    over = state.phase is _P.OVER
    secret_votes = state.phase is _P.VOTE
    revealed = state.revealed
    mine = known_to(state, seat)
    # every card the view shows (`cards_on_table` of the view), gathered as
    # the view is built: the unseen pool is the rest of the deck
    shown: set[int | None] = set()
    seats = []
    for s, p in enumerate(state.seats):
        if s == seat:
            seats.append(p)
            shown.update(p.hand)
            shown.update(p.kept)
            shown.add(p.pick)
            shown.update([x.card for x in p.slots])
            continue
        slots = p.slots
        if slots:
            # `sees`: face up, or known to the viewer
            slots = tuple(
                x if x.up or x.card in mine else _evolve_slot(x, card=None) for x in slots
            )
            shown.update([x.card for x in slots])
        seats.append(
            _copy_seat(
                p,
                hand=(None,) * len(p.hand),
                kept=(None,) * len(p.kept),
                pick=None,
                face_up=(),
                character=p.character if revealed else None,
                slots=slots,
                vote=None if secret_votes else p.vote,
                total=p.total if over else None,
            )
        )
    discard = state.discard
    if discard:
        if mine:
            discard = tuple(sorted(discard, key=lambda c: c not in mine))
            discard = tuple(c if c in mine else None for c in discard)
            shown.update(discard)
        else:
            discard = (None,) * len(discard)
    drawn = state.drawn
    if seat is None or seat != state.acting:
        drawn = (None,) * len(drawn)
    else:
        shown.update(drawn)
    pool = state.character_pool if revealed else (None,) * len(state.character_pool)
    characters = {p.character for p in seats}
    characters.update(pool)
    return _copy_state(
        state,
        seats=tuple(seats),
        deck=(None,) * len(state.deck),
        discard=discard,
        drawn=drawn,
        character_pool=pool,
        # a spectator's view keeps what every seat knows, as each seat's
        # (so that viewing the view again shows the same)
        known=tuple(k if s == seat else (mine if seat is None else _NOBODY)
                    for s, k in enumerate(state.known)),
        unseen=tuple(filterfalse(shown.__contains__, cards.deck(state.players))),
        unseen_characters=tuple(filterfalse(characters.__contains__, cards.CHARACTERS)),
    )


def cards_on_table(state: State) -> list[int | None]:
    """Every trait card on the table, each once (face-up choices are among
    the kept cards); in a view, None for each card it hides, a hidden draft
    pick included."""
    out: list[int | None] = list(state.deck) + list(state.discard) + list(state.drawn)
    hidden_picks = state.unseen is not None and state.phase is _P.DRAFT
    for p in state.seats:
        out.extend(p.hand)
        out.extend(p.kept)
        if p.pick is not None or (hidden_picks and p.chose):
            out.append(p.pick)
        out.extend(s.card for s in p.slots)
    return out


def results_tie_words(outcome: Outcome) -> str:
    """For the results' title, after "wins" (OV-18): "Bram wins the tie at
    51, never having held the Leader card", in sight at 80x24 beside two
    equal totals (the note saying it was below the fold under a long pad);
    "" when the total decided."""
    tied = outcome.tie_broken_at
    return "" if tied is None else f" the tie at {tied}, never having held the Leader card"


def outcome(state: State) -> Outcome | None:
    """OV §End of the Game: the highest total wins; a tie goes to the player
    who never held the Leader card; then a shared win (OV-18)."""
    if state.phase is not _P.OVER:
        return None
    totals = tuple(p.total or 0 for p in state.seats)
    ranks = tuple((totals[s], not p.was_leader) for s, p in enumerate(state.seats))
    winners = winners_by(ranks, range(state.players))
    scores = standing_scores(totals, ranks)
    notes: list[str] = []
    best = max(totals)
    tied = [s for s in range(state.players) if totals[s] == best]
    if len(tied) > 1:
        if len(winners) < len(tied):
            who = ", ".join(seat_mark(s) for s in sorted(winners))
            notes.append(
                f"Tied for the highest total: {who} never held the Leader card and "
                + ("wins." if len(winners) == 1 else "share the win.")
            )
        else:
            notes.append("Tied for the highest total and on the Leader card: a shared win.")
    # Whether a seat held the Leader card is a tie-break, not points: a note,
    # not a line of the pad (a "1" there read as a point left out of the Total).
    held = [seat_mark(s) for s, p in enumerate(state.seats) if p.was_leader]
    notes.append(
        f"Held the Leader card: {', '.join(held) if held else 'nobody'} "
        "(a tie on the total goes to a player who never held it)."
    )
    return Outcome(
        scores=scores,
        winners=winners,
        breakdown=breakdown(state),
        notes=tuple(notes),
        points=totals if scores != totals else (),
    )


#: a score pad's lines for a round: the `RoundScore` field and its name
_PAD_LINES = (
    ("traits", "traits"),
    ("gold", "Gold's card"),
    ("drawn", "card drawn, not guilty"),
    ("hoarder", "the Hoarder's Greed"),
    ("purple", "Purple's fives"),
    ("teal", "Teal's copy"),
    # last of the cards: the round as at the Showdown, then what the theft
    # made of it (`_theft_fields`, OV-15)
    ("stolen", "card stolen"),
    ("meixiu", "Meixiu's +3"),
    ("liang", "Liang's -1 per card"),
    ("score", "score"),
)
_PAD = attrgetter(*(field for field, _ in _PAD_LINES))
_NO_PAD = (0,) * len(_PAD_LINES)
#: the lines always written (the others only when a seat has one)
_PAD_ALWAYS = frozenset(i for i, (field, _) in enumerate(_PAD_LINES) if field in ("traits", "score"))
_PAD_TITLES = tuple(
    tuple(f"Round {r + 1}: {name}" for _, name in _PAD_LINES) for r in range(ROUNDS)
)


def breakdown(state: State) -> tuple[Category, ...]:
    """The score pad: per round, the traits, each character effect, the
    round's score; then the total (who held the Leader card, the
    tie-break, is a note of the outcome).
    From a view before the end, another seat's rounds are there (OV-29:
    public) but its total reads 0 (OV-6: secret; the pad does not add the
    rounds up for it)."""
    out: list[Category] = []
    seats = state.seats
    played = max((len(p.rounds) for p in seats), default=0)
    for r in range(played):
        # each seat's pad of round r, read at once (a round not played reads 0)
        pads = [_PAD(p.rounds[r]) if r < len(p.rounds) else _NO_PAD for p in seats]
        titles = _PAD_TITLES[r] if r < ROUNDS else [f"Round {r + 1}: {n}" for _, n in _PAD_LINES]
        for i, title in enumerate(titles):
            values = tuple([pad[i] for pad in pads])
            if i in _PAD_ALWAYS or any(values):
                out.append(Category(title, values))
    out.append(Category("Total", tuple(p.total or 0 for p in seats)))
    return tuple(out)


def describe(
    state: State,
    seat: int,
    action: object,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """One log line for `action` applied to `state` by `seat`, worded for
    `viewer` (None: a spectator, the public line). A card is named only to
    a viewer whose view after the action shows it."""

    def name(s: int | None) -> str:
        if s is None:
            return "?"
        if names is not None and s < len(names):
            return names[s]
        return f"Player {s + 1}"

    # the viewer reads their own name as "you" (as `core.wording` words a
    # line's subject): `ref` where a name is neither a sentence's subject
    # nor after a preposition ("Votes: you for Bob", "robs you")
    second = names is not None and viewer is not None

    def ref(s: int | None) -> str:
        return "you" if second and s == viewer else name(s)

    try:
        after = apply(state, seat, action)
    except IllegalAction:
        # not a move of this table: nothing to tell about its cards
        return f"{name(seat) if seat != CHANCE else 'Chance'}: {type(action).__name__}."
    pieces = [_line(state, seat, action, name, ref, viewer),
              *_consequences(state, seat, action, after, name, ref, viewer)]
    if second:
        # each sentence in the second person on its own: a "their" in one
        # is not the reader's because the reader is another's subject
        everyone = [name(s) for s in range(state.players)]
        pieces = [second_person(one_stop(x), everyone, viewer) for x in pieces]
    return " ".join(pieces)


def _card(c: int | None) -> str:
    return cards.label(c) if c is not None else "a card"


def _line(state: State, seat: int, action: object, name, ref, viewer: int | None) -> str:
    if isinstance(action, AssignLeader):
        return f"{name(action.seat)} is given the Leader card."
    if isinstance(action, Deal):
        target = state.dealt % state.players
        if viewer == target:
            return f"{name(target)} is dealt {cards.label(action.card)}."
        return f"{name(target)} is dealt a trait card."
    if isinstance(action, DealCharacter):
        target = _character_target(state)
        if viewer == target:
            return f"{name(target)} is dealt a character: {action.character.label}."
        return f"{name(target)} is dealt a character."
    if isinstance(action, Draw):
        if state.phase is _P.GOLD_DRAW:
            who = name(state.acting)
            if viewer == state.acting:
                return f"{who} (Gold) draws {cards.label(action.card)} from the discard pile."
            return f"{who} (Gold) draws a card from the discard pile."
        if ref(state.accused) == "you":
            return f"You, not the highest, take {cards.label(action.card)} from the discard pile, face up."
        return (
            f"{name(state.accused)}, not the highest, takes "
            f"{cards.label(action.card)} from the discard pile, face up."
        )
    who = name(seat)
    if isinstance(action, Pick):
        if viewer == seat:
            return f"{who} keeps {cards.label(action.card)}."
        return f"{who} keeps a card (pick {state.draft_turn})."
    if isinstance(action, Place):
        if viewer == seat:
            row = ", ".join(cards.label(c) for c in action.cards)
            return f"{who} chooses their top row: {row}."
        return f"{who} chooses their top row."
    me = state.seats[seat]
    if isinstance(action, Turn):
        slot = me.slots[action.slot]
        if sees(state, viewer, seat, slot):
            t = TRAIT[slot.card]  # type: ignore[index]
            return (
                f"{who} (Purple) turns their {t.label} ({t.value}) sideways: "
                f"each {t.label} of theirs counts 5."
            )
        # named by what it is, never by its place in the row: a card
        # discarded later moves the others, and the line would name another
        return f"{who} (Purple) turns one of their face-down cards sideways (↻)."
    if isinstance(action, Keep):
        if viewer == seat:
            back = remove_one(state.drawn, action.card)
            returned = f" and returns {_card(back[0])}" if back else ""
            return f"{who} (Gold) keeps {cards.label(action.card)} face down{returned}."
        return f"{who} (Gold) keeps a card face down" + (
            " and returns the other." if len(state.drawn) > 1 else "."
        )
    if isinstance(action, Peek):
        target = state.seats[action.seat].slots[action.slot]
        # which card, by the number its row shows now: everyone sees it
        # (OV-11); only its owner and Meixiu what it is
        line = f"{who} (Meixiu) peeks at {name(action.seat)}'s face-down card {action.slot + 1}"
        if viewer == seat or sees(state, viewer, action.seat, target):
            return f"{line}: {_card(target.card)}."
        return f"{line}."
    if isinstance(action, Copy):
        slot, top = me.slots[action.slot], me.slots[action.top]
        # OV §4 Teal: "put it face down under any other card, this card
        # will copy the one on top", in plain words ("puts a face-down card
        # face down under a face-down card: it copies it" read as a riddle)
        seen_under, seen_top = sees(state, viewer, seat, slot), sees(state, viewer, seat, top)
        what = (f"puts their {_card(slot.card)} face down" if seen_under
                else "slides one of their face-down cards")
        above = (f"their {_card(top.card)}" if seen_top
                 else "another of them" if not seen_under else "one of their face-down cards")
        copied = f"counts as {_card(top.card)}" if seen_top else "copies the card on top"
        return f"{who} (Teal) {what} under {above}: the card beneath now {copied}."
    if isinstance(action, Vote):
        if viewer == seat:
            return f"{who} votes for {name(action.seat)}."
        return f"{who} votes."
    if isinstance(action, Choose):
        phase = state.phase
        target = ref(action.seat)
        if phase is _P.ACCUSE:
            judged = "are" if target == "you" else "is"
            return f"{who} (Leader) breaks the tie of votes: {target} {judged} judged."
        if phase is _P.DECLARE:
            return f"{who} (Leader) breaks the tie for the highest score: {target}."
        if phase is _P.THIEF:
            return f"{who} (Leader) breaks the tie for the most Greed: {target} may steal."
        if phase is _P.ROB:
            return f"{who} robs {target}."
        if phase is _P.LIANG:
            return f"{who} (Liang) chooses {target}: a point lost per card."
        return f"{who} (Leader) breaks the tie for the lowest score: {target}."
    if isinstance(action, Deny):
        return f"{who} denies."
    if isinstance(action, Admit):
        return f"{who} admits and will discard two cards."
    if isinstance(action, Discard):
        slot = me.slots[action.slot]
        # OV-19, OV-25: everyone sees which card goes, so Purple's sideways
        # one is named as such (its fives stop), its trait only if known;
        # Teal's copy too, with the card it lay under (everyone saw it slid
        # there, OV-11), each trait only if known
        if slot.under is not None:
            top = me.slots[slot.under]
            copy = _card(slot.card) if sees(state, viewer, seat, slot) else "a face-down card"
            above = (f"their {_card(top.card)}" if sees(state, viewer, seat, top)
                     else "another face-down card")
            return f"{who} discards their Teal copy, {copy}, from under {above}."
        if sees(state, viewer, seat, slot):
            sideways = "their sideways " if slot.turned else ""
            return f"{who} discards {sideways}{_card(slot.card)}."
        if slot.turned:
            return f"{who} discards their sideways face-down card (↻)."
        return f"{who} discards a face-down card."
    if isinstance(action, LosePair):
        # OV-5, OV-13: the Leader's choice, of the guilty accused's cards
        accused = state.accused if state.accused is not None else seat
        slots = state.seats[accused].slots
        lost = f"{_card(slots[action.first].card)} and {_card(slots[action.second].card)}"
        if accused == seat:
            return f"{who} loses {lost}."
        whom = ref(accused)
        loses = "lose" if whom == "you" else "loses"
        return f"{who} (Leader) chooses the two cards {whom} {loses}: {lost}."
    if isinstance(action, Give):
        given = me.slots[action.slot]
        line = f"{who} gives {ref(state.thief)} {_card(given.card)}"
        if given.turned and given.card is not None:
            # OV-7, OV-11: Purple's fives go with the turned card (the pad's
            # "card stolen" row takes them too: the round's box says why)
            # the others that counted 5 (Teal's copy of the trait too)
            left = effective(me.slots).count(FIVE) - 1
            if left:
                label = TRAIT[given.card].label
                cards_ = (f"other {label} card counts" if left == 1
                          else f"other {left} {label} cards count")
                return (f"{line}, the card Purple turned: their {cards_} as printed again, "
                        "not 5 each.")
        if given.under is not None and given.under < len(me.slots):
            top = me.slots[given.under].card
            if top is not None and given.card is not None:
                # OV §4 Teal, OV-31: the copy leaves what it lay under; it
                # counted as that card for the giver (what the pad's "card
                # stolen" takes off), for the thief as printed (OV-7)
                counted = (cards.points(effective(me.slots))
                           - cards.points(effective(without(me.slots, (action.slot,)))))
                whom = "you" if ref(seat) == "you" else "them"
                return (f"{line}, their Teal copy of {_card(top)}: it counted {counted} for "
                        f"{whom}; {name(state.thief)} counts it as printed.")
        return f"{line}."
    if isinstance(action, Pass):
        return f"{who} steals nothing."
    return f"{who}: {action}"


#: the phases between the vote and the Greed stage
_BEFORE_GREED = frozenset({_P.JUDGE, _P.ADMIT, _P.DECLARE, _P.GUILTY, _P.DENY_DRAW})


def _lost(state: State, after: State) -> list[str]:
    """The cards the guilty accused lost (face up at the Showdown)."""
    seat = after.accused
    assert seat is not None
    left = [x.card for x in after.seats[seat].slots]
    out = []
    for x in state.seats[seat].slots:
        if x.card in left:
            left.remove(x.card)
        else:
            out.append(_card(x.card))
    return out


def _greed_lines(state: State, after: State, name, ref) -> list[str]:
    """OV §Greed for the log: the Hoarder's take, who may steal."""
    out = []
    g = holder(state, _C.GREED)
    if g is not None:
        before = sum(1 for x in state.seats[g].slots if x.origin == "hoarder")
        taken = sum(1 for x in after.seats[g].slots if x.origin == "hoarder")
        if taken > before:
            n = taken - before
            cards_ = "a Greed card" if n == 1 else f"{n} Greed cards"
            out.append(f"{name(g)} (the Hoarder) takes {cards_} from the discard pile.")
    if after.phase is _P.THIEF:
        tied = ", ".join(ref(s) for s in after.tied)
        out.append(f"Tied for the most Greed: {tied}; the Leader chooses who steals.")
    elif after.phase is _P.ROB:
        out.append(f"{name(after.thief)} has the most Greed cards and may steal.")
    return out


def _hand_text(slots: Sequence[Slot]) -> str:
    """A revealed hand for the log, in the table's order: each card's
    letter; Purple's turned card ``↻``; Teal's copy ``→`` the letter of the
    card it copies."""
    out = []
    for x in slots:
        if x.card is None:
            out.append("?")
            continue
        text = TRAIT[x.card].value
        if x.turned:
            text += "↻"
        if x.under is not None and x.under < len(slots) and (top := slots[x.under].card) is not None:
            text += "→" + TRAIT[top].value
        out.append(text)
    return " ".join(out) if out else "no cards"


def _at_showdown(state: State, seat: int, action: object) -> tuple[Seat, ...]:
    """The seats as the Showdown reveals them, when `action` brings it
    (the last admitted card gone; before a guilty player's loss, the not
    guilty's draw and the Greed stage that may follow at once)."""
    if isinstance(action, Discard):
        return _lose(state, seat, (action.slot,)).seats
    return state.seats


def _consequences(
    state: State, seat: int, action: object, after: State, name, ref, viewer: int | None
) -> list[str]:
    """What else happens on the table after the action, for `viewer`: one
    sentence each."""
    out: list[str] = []
    if state.phase is _P.DRAFT and after.phase is _P.PLACE:
        mine = [c for c in after.discard if viewer is not None and c in after.known[viewer]]
        own = f" (yours: {_card(mine[0])})" if viewer is not None and mine else ""
        out.append(f"Each player discards their last card{own}.")
    elif state.phase is _P.DRAFT and after.draft_turn > state.draft_turn:
        out.append("The packs pass " + ("left." if pass_step(state) == 1 else "right."))
    if state.phase is _P.PLACE and after.phase is not _P.PLACE:
        rows = "; ".join(
            f"{ref(s)} {', '.join(_card(x.card) for x in p.slots if x.up)}"
            for s, p in enumerate(after.seats)
        )
        chars = "; ".join(
            f"{ref(s)} {p.character.label}" for s, p in enumerate(after.seats) if p.character
        )
        out.append(f"Top rows revealed: {rows}. Characters revealed: {chars}.")
    if state.phase is _P.VOTE and after.phase is not _P.VOTE:
        votes = "; ".join(f"{ref(s)} for {ref(p.vote)}" for s, p in enumerate(after.seats))
        if after.phase is _P.JUDGE:
            out.append(f"Votes: {votes}.")
            out.append(f"{name(after.accused)} is judged.")
        else:
            tied = ", ".join(ref(s) for s in after.tied)
            out.append(f"Votes: {votes}. Tied: {tied}; the Leader chooses.")
    if after.showdown and not state.showdown:
        # OV §Showdown: "Players reveal their hands": every hand, for all
        hands = _at_showdown(state, seat, action)
        scores = ", ".join(
            f"{ref(s)} {v} ({_hand_text(hands[s].slots)})" for s, v in enumerate(after.showdown)
        )
        out.append(f"Showdown: {scores}.")
        # what else counts in a figure above, beside its cards (OV §4 Vote)
        fives: set[Trait] = set()  # Purple's turned traits: the sisters leave them 5 (OV-20)
        for s, p in enumerate(after.seats):
            if p.character is _C.MEIXIU:
                # (its figure is already in; "adds 3" read as 3 more)
                out.append(f"{name(s)}'s {after.showdown[s]} includes Meixiu's +3.")
            if p.character is _C.PURPLE:
                turned = next((TRAIT[x.card] for x in hands[s].slots
                               if x.turned and x.card is not None), None)
                if turned is not None:
                    fives.add(turned)
                    out.append(f"{name(s)} (Purple) counts every {turned.label} 5.")
        # OV-20: the sisters' part of those figures, which scoring leaves out
        if in_play(after, _C.WUMING_WRATH):
            but = " (not Purple's fives)" if Trait.ANGER in fives else ""
            out.append(f"Wuming the younger counts every Anger 12 here, for everyone{but}.")
        if in_play(after, _C.WUMING_VALOUR):
            but = " (not on Purple's fives)" if fives & {Trait.COURAGE, Trait.HOPE} else ""
            out.append(f"Wuming the elder adds 1 per Courage and Hope here, for everyone{but}.")
    if after.phase is _P.DECLARE and state.phase is not _P.DECLARE:
        tied = ", ".join(ref(s) for s in after.tied)
        out.append(f"Tied for the highest: {tied}; the Leader declares.")
    if state.guilty is None and after.guilty is not None:
        verdict = "the highest" if after.guilty else "not the highest"
        out.append(f"{name(after.accused)} was {verdict}.")
        if after.guilty and after.phase is not _P.GUILTY:
            lost = _lost(state, after)
            if lost:
                out.append(f"{name(after.accused)} loses {' and '.join(lost)}.")
        elif after.guilty and after.leader == after.accused:
            out.append(f"{name(after.accused)} chooses two cards to lose.")
        elif after.guilty:
            # OV-5, OV-13: equally costly pairs, a tie the Leader breaks
            out.append(
                f"{name(after.leader)} (Leader) chooses which two of "
                f"{name(after.accused)}'s cards are lost."
            )
    if state.phase in _BEFORE_GREED and after.phase not in _BEFORE_GREED:
        out.extend(_greed_lines(state, after, name, ref))
    if (after.gather and not state.gather) or after.phase is _P.OVER:
        r = state.round
        if after.phase is _P.OVER:
            # the last round's own score too, as the others' rounds tell it
            totals = ", ".join(f"{ref(s)} {p.total}" for s, p in enumerate(after.seats))
            out.append(f"Round {r} is scored.")
            out.extend(_own_score(after, name, viewer))
            out.extend(_round_scores(after, ref, viewer))
            out.append(f"The game is over: {totals}.")
        elif state.phase is _P.NEXT_LEADER:
            # the tie broken: the round was told scored when it came
            out.append(f"{name(after.leader)} takes the Leader card.")
        else:
            out.append(f"Round {r} is scored.")
            out.extend(_own_score(after, name, viewer))
            out.extend(_round_scores(after, ref, viewer))
            # why (OV §Set-Up, OV-17); the public line names the round
            # scores it goes by, a seat's its own (`_round_scores`)
            out.append(f"{name(after.leader)} takes the Leader card (the lowest round score).")
    elif after.phase is _P.NEXT_LEADER and state.phase is not _P.NEXT_LEADER:
        tied = ", ".join(ref(s) for s in after.tied)
        out.append(f"Round {state.round} is scored.")
        out.extend(_own_score(after, name, viewer))
        out.extend(_round_scores(after, ref, viewer))
        out.append(f"Tied for the lowest: {tied}.")
    return out


def _sisters(state: State) -> str:
    """Whose showdown part it is, as the table names the cards in play:
    "Wuming the elder's"; "The Wuming sisters'" for both."""
    named = [c.label.partition(" (")[0] for c in (_C.WUMING_VALOUR, _C.WUMING_WRATH)
             if in_play(state, c)]
    return f"{named[0]}'s" if len(named) == 1 else "The Wuming sisters'"


def _round_scores(after: State, ref, viewer: int | None) -> list[str]:
    """The public line's every round score, just scored (OV-17: the lowest
    takes the Leader card). They are public: every card counted is face up
    once the Showdown revealed the hands (a steal and a not-guilty draw are
    face up, OV-13, OV-15) and the characters are known (OV-9); only the
    cumulative totals are secret (OV-6) and are not named. A seat's line
    names them too, after its own score and total (`_own_score`): with
    bots, a seat's view is the only one (play-test: "Dev takes the Leader
    card" could not be checked)."""
    scores = ", ".join(f"{ref(s)} {p.rounds[-1].score}" for s, p in enumerate(after.seats)
                       if p.rounds)
    return [f"Round scores: {scores}."] if scores else []


def _own_score(after: State, name, viewer: int | None) -> list[str]:
    """The viewer's own round score and total (OV-6: secret to the others),
    and the cards it counts: those held now, after the judgment and greed,
    without the showdown's Wuming sisters (a showdown of 34 then "You score
    22" read as a mistake)."""
    if viewer is None:
        return []
    p = after.seats[viewer]
    pad = p.rounds[-1]
    parts = "; ".join(f"{what}: {figure:+d}" if what == "Meixiu" or figure < 0
                      else f"{what}: {figure}" for what, figure in score_parts(after, viewer))
    out = [f"{name(viewer)} scores {pad.score} (total {p.total}) "
           f"for the cards held now ({_hand_text(p.slots)}): {parts or 'nothing'}."]
    extra = wuming_only(after, viewer)
    if extra:
        # (on the cards held now: a card stolen since was not at the showdown)
        out.append(f"{_sisters(after)} +{extra} on these cards counts at the showdown only.")
    return out


__all__ = [
    "ID",
    "PLAYERS",
    "RULES_VERSION",
    "TITLE",
    "admission_places",
    "apply",
    "breakdown",
    "chance_outcomes",
    "chance_pool",
    "describe",
    "effective",
    "holder",
    "legal_actions",
    "outcome",
    "round_score",
    "score_parts",
    "setup",
    "showdown_score",
    "to_act",
    "view",
    "without",
    "wuming_only",
]
