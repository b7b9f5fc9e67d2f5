"""Boss Quest's search hooks (`core.engine.SearchHooks`): what a searching
bot (core/bots/ismcts.py) may know of the game beyond its rules.

- `determinize` fills a seat's view into a full state: every face-down
  weapon the seat has not seen (hidden cards, a night's cards, a known card
  on top of the deck, a swapped card waiting for its draw), the weapon deck,
  and a mystery spell an Owl has looked at (BQ-33), all drawn uniformly from
  what the view leaves open (`unseen`, the spell deck), a knight's
  face-down cards within what its asks showed (BQ-6, `Knight.down_bound`).
- `evaluate` estimates each knight's chance of winning from the keys and
  hearts (and the round in progress); the Solo Quest's from the hearts and
  the wave.
- `rollout` (the knights' game; the Solo Quest's is in `solo_search`):
  equipping as the heuristic bot does from the knight's own view
  (`heuristic_choice`); at the Wizard the HP or attack spell that most
  helps the knight's standing, judged from what it may see; potions read
  the obvious way, the duel by its gap, the rest at random.
- `horizon` ends a rollout at the end of the round it started in.
- `common_deals`: the bot searches only the decision at hand, each legal
  action played on the same deals and then by `rollout` to the round's end
  (core/bots/ismcts.py): the heuristic bot improved by one decision. A tree
  over these games played worse the more it grew (docs/opponents.md).
- At the Wizard the bot plays the heuristic bot's choice (`answer`) without
  searching, and reads a potion as it arrives the obvious way; the search
  decides the equipping and the readings at combat. `prune` gives every knight
  that choice in a tree (the arena's ``tree_depth``), and leaves the Wizard
  out of a knight's choice while one more weapon cannot take it over the HP
  (the root of the search on common deals too): the hard bot went there at
  7 against 17 on its first turn, and at 10 against 17 (play-tests).
- `LEVEL_HOOKS`: a level's own hooks where it differs from `HOOKS`: in the
  Solo Quest the normal bot plays the rollout policy alone
  (`solo_search.policy_answer`), the hard bot the policy improved by one
  step (`solo_search.answer`), so normal sits between easy and hard; in
  the knights' game the hard bot's rollouts play the heuristic bot's own
  choice at the Wizard (`hard_rollout`), dearer and stronger.

Nothing here reads more than its arguments; `determinize` reads only the
view.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

import attrs

from core.bossquest import rules, solo_search
from core.bossquest.actions import (
    Activate,
    ActivateMystery,
    Discard,
    DiscardMystery,
    DuelAsk,
    Fight,
    GoToWizard,
    ReadPotion,
    Sacrifice,
    TargetKnight,
)
from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, Weapon, sort_weapons
from core.bossquest.state import Hidden, Knight, Phase, State, Step, evolve
from core.engine import SearchHooks, remove_one

# ---------------------------------------------------------------------------
# Determinization.


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A full state `view` (seat's view) could be, drawn uniformly.

    The view's `unseen` pool holds exactly the weapons its `None`s hide
    (rules.view): shuffled, they fill the knights' face-down cards and the
    known deck top in table order, and the rest is the weapon deck (an
    unordered pile, kept sorted as the rules keep it). A "swap with deck"
    waiting for its draw (SWAP_DRAW) whose card the seat has not seen
    names one of the swapping knight's face-down cards the seat has not
    seen. A mystery spell drawn by another knight's Owl (BQ-33) is one of
    the view's spell deck, which then pools it. `unseen` is cleared.

    A knight's face-down cards keep its public bound (`Knight.down_bound`,
    BQ-6: a knight who asked for weapons was not over the HP then), drawn
    again while they break it (`_keep_bound`): the play-test's hard bot
    counted a rival who had asked at 11 of 15 as holding any weapon face
    down, and missed that it was most likely exactly 15.
    """
    if view.unseen is None:
        return view  # already a full state
    pool = list(view.unseen)
    rng.shuffle(pool)
    at = 0
    filled: list[Weapon] = []  # face-down cards of the knight in turn filled here

    def fill(card: Hidden) -> Hidden:
        nonlocal at
        if card.weapon is not None:
            return card
        weapon = pool[at]
        at += 1
        return Hidden(weapon, card.known_to)

    knights = view.knights
    if any(
        (k.hidden is not None and k.hidden.weapon is None)
        or any(c.weapon is None for c in k.night)
        for k in knights
    ):
        out = []
        for s, k in enumerate(knights):
            if (k.hidden is None or k.hidden.weapon is not None) and all(
                c.weapon is not None for c in k.night
            ):
                out.append(k)
                continue
            start = at
            if k.down_bound is not None:
                _keep_bound(k, pool, at, rng)
            hidden = None if k.hidden is None else fill(k.hidden)
            night = tuple(fill(c) for c in k.night)
            if s == view.turn:
                filled = pool[start:at]
            out.append(evolve(k, hidden=hidden, night=night))
        knights = tuple(out)
    deck_top = view.deck_top
    if any(c.weapon is None for c in deck_top):
        deck_top = tuple(fill(c) for c in deck_top)
    deck = pool[at:]
    if len(deck) != len(view.weapon_deck):
        raise ValueError("the view's unseen pool does not match its hidden cards")
    changes: dict[str, Any] = {
        "knights": knights,
        "deck_top": deck_top,
        "weapon_deck": sort_weapons(deck),
        "unseen": None,
    }
    if view.phase is Phase.SWAP_DRAW and view.swap_weapon is None and filled:
        # the card being swapped is face down and unknown to this seat
        changes["swap_weapon"] = filled[rng.randrange(len(filled))]
    if view.mystery_card is None and view.mystery_known and view.mystery:
        # BQ-33: the Owl drew the mystery spell; to this seat it is still
        # any card of the spell deck the view shows
        spells = view.spell_deck
        card = spells[rng.randrange(len(spells))]
        changes["mystery_card"] = card
        changes["spell_deck"] = remove_one(spells, card)
    return evolve(view, **changes)


#: How many draws `determinize` tries for a knight's face-down cards that
#: must keep its bound (`Knight.down_bound`) before it takes the closest.
BOUND_TRIES = 24


def _keep_bound(knight: Knight, pool: list[Weapon], at: int, rng: random.Random) -> None:
    """Rearrange `pool[at:]` (a uniform shuffle) so that its first cards,
    which fill `knight`'s face-down cards the seat has not seen, keep the
    knight's public bound (BQ-6: it asked for weapons, so it was not over).
    A rejected draw's cards change places with random ones of the rest, so
    the rest stays a uniform shuffle; after `BOUND_TRIES` draws the one
    that exceeds the bound least is kept, so a deal is always made."""
    cards = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
    known = 0
    slots = 0
    for card in cards:
        if card.weapon is None:
            slots += 1
        else:
            known += rules.weapon_worth(knight, card.weapon)
    end = len(pool)
    if not slots or at + slots > end:
        return
    room = knight.down_bound - known
    best: list[Weapon] | None = None
    best_excess = 0
    for _ in range(BOUND_TRIES):
        excess = sum(rules.weapon_worth(knight, w) for w in pool[at : at + slots]) - room
        if excess <= 0:
            return
        if best is None or excess < best_excess:
            best, best_excess = pool[at : at + slots], excess
        for i in range(at, at + slots):
            j = rng.randrange(at, end)
            pool[i], pool[j] = pool[j], pool[i]
    assert best is not None
    for i, card in enumerate(best):
        j = pool.index(card, at + i)
        pool[at + i], pool[j] = pool[j], pool[at + i]


# ---------------------------------------------------------------------------
# Evaluation.

#: A knight's standing is its keys, plus `HEART` per heart, plus `ROUND` for
#: leading the round in progress; the chance of winning is a softmax of the
#: standings with slope `SLOPE`. SLOPE and HEART were fitted (maximum
#: likelihood of the match's winner) on 6,900 round starts of 1,500 matches
#: of 2-5 knights played by `rollout`; the likelihood is flat along a ridge
#: (0.6 / 1.2 does as well as 0.7 / 0.8). ROUND is a guess.
SLOPE = 0.7
HEART = 0.9
ROUND = 0.5
#: With three knights or more a seat's value blends winning with its rank
#: among the others, as the search scores a finished match
#: (core.bots.ismcts.outcome_values, RANK_WEIGHT there).
RANK_WEIGHT = 0.25


def evaluate(state: State) -> tuple[float, ...]:
    """Each knight's expected value of the match in [0, 1], estimated: its
    chance of winning (a softmax of the standings); with three knights or
    more blended with its expected rank among the others (a knight who lost
    their last heart ranks below every other, BQ-17, BQ-26). At the end (and
    in the Final Boss duel, BQ-38) the standings are known."""
    n = state.players
    if n == 1:
        return (solo_search.estimate(state),)
    if state.phase is Phase.OVER or state.champion is not None:
        return _known(state)
    knights = state.knights
    standing = [k.keys + HEART * k.hearts for k in knights]
    if state.boss is not None and state.phase is Phase.TURN:
        lead = _round_leader(state)
        if lead is not None:
            standing[lead] += ROUND
    alive = [k.hearts > 0 for k in knights]
    if not any(alive):
        alive = [True] * n
    top = max(standing[s] for s in range(n) if alive[s])
    weights = [math.exp(SLOPE * (standing[s] - top)) if alive[s] else 0.0 for s in range(n)]
    total = sum(weights)
    win = [w / total for w in weights]
    if n == 2:
        return tuple(win)
    values = []
    for s in range(n):
        above = 0.0
        for t in range(n):
            if t == s:
                continue
            if alive[s] != alive[t]:
                above += 1.0 if alive[s] else 0.0
            elif alive[s]:
                above += 1 / (1 + math.exp(-SLOPE * (standing[s] - standing[t])))
            else:
                above += 0.5
        values.append((1 - RANK_WEIGHT) * win[s] + RANK_WEIGHT * above / (n - 1))
    return tuple(values)


def _known(state: State) -> tuple[float, ...]:
    """The standings once decided (BQ §End of the game, BQ-17, BQ-26)."""
    n = state.players
    winners = rules.game_winners(state)
    share = [1 / len(winners) if s in winners else 0.0 for s in range(n)]
    if n == 2:
        return tuple(share)
    knights = state.knights
    ranks = [(k.hearts > 0, k.keys, k.hearts) for k in knights]
    values = []
    for s in range(n):
        above = sum(
            1.0 if ranks[s] > ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
            for t in range(n)
            if t != s
        )
        values.append((1 - RANK_WEIGHT) * share[s] + RANK_WEIGHT * above / (n - 1))
    return tuple(values)


def _round_leader(state: State) -> int | None:
    """The knight closest to the HP without going over, if one is alone there."""
    hp = rules.current_hp(state)
    best, leader = None, None
    for s in range(state.players):
        mine = rules.strength(state, s)
        if mine is None or mine > hp:
            continue
        if best is None or mine > best:
            best, leader = mine, s
        elif mine == best:
            leader = None
    return leader


# ---------------------------------------------------------------------------
# Rollout policy.

#: a weapon is worth about 4 on average (1-7, potions read either way)
_MEAN_WEAPON = 4
#: A gap scored as a knight's standing in the round when it is over the HP.
_OVER = -9
#: The standing of a knight exactly at the HP: a PERFECT wins a bonus key
#: (BQ §3), which a shift of the HP for everyone can give.
_PERFECT = 3


def _guess(state: State, seat: int, other: int) -> int:
    """`other`'s strength as knight `seat` may count it: exact for itself,
    else the face-up weapons and dark spells plus an average weapon per
    face-down card. A rollout's choices at the Wizard read no more than
    that: a rival that read the bot's hidden card there would play the
    bot's determinized card against it (single-observer search), which cost
    the search most of its games against the heuristic bot."""
    if other == seat:
        return rules.strength(state, seat) or 0
    k = state.knights[other]
    face_down = (k.hidden is not None) + len(k.night)
    return rules.visible_strength(state, other) + _MEAN_WEAPON * face_down


def _closeness(gap: int) -> int:
    return _PERFECT if gap == 0 else -gap if gap > 0 else _OVER


def _standing(gaps: list[int], seat: int) -> int:
    """How `seat` stands in the round from the knights' gaps below the HP:
    its own closeness minus the closest rival's."""
    return _closeness(gaps[seat]) - max(_closeness(g) for t, g in enumerate(gaps) if t != seat)


def _gaps(state: State, seat: int) -> list[int]:
    hp = rules.current_hp(state)
    return [hp - _guess(state, seat, t) for t in range(state.players)]


def _wizard(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """At the Wizard: the HP or attack spell that most improves the seat's
    standing (`_standing`, its best target for a dark spell), else a random
    discard."""
    gaps = _gaps(state, seat)
    best, choice = _standing(gaps, seat), None
    for action in legal:
        if not isinstance(action, Activate):
            continue
        kind = state.offer[action.slot].kind
        if kind in HP_CHANGE:
            change = HP_CHANGE[kind]
            value = _standing([g + change for g in gaps], seat)
        elif kind in ATTACK_CHANGE:
            change = ATTACK_CHANGE[kind]
            value = max(
                _standing([g - change if t == u else g for t, g in enumerate(gaps)], seat)
                for u in range(len(gaps))
            )
        else:
            continue
        if value > best:
            best, choice = value, action
    if choice is not None:
        return choice
    discards = [a for a in legal if isinstance(a, (Discard, DiscardMystery))]
    if discards:
        return discards[rng.randrange(len(discards))]
    return legal[rng.randrange(len(legal))]


def rollout(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A sensible move, from what the knight could know: equipping (how
    many weapons to ask for, when to meet the Wizard, the Hare's stop) as
    the heuristic bot does from the knight's own view (`heuristic_choice`);
    at the Wizard the HP or attack spell that helps the knight's standing
    most, judged from what it may see (`_wizard`: the heuristic bot's own
    choice there would cost each playout three times as long); potions read
    the obvious way, the duel by its gap; the rest at random."""
    if len(legal) == 1:
        return legal[0]
    if state.players == 1:
        return solo_search.rollout(state, legal, rng)
    first = legal[0]
    phase = state.phase
    if phase is Phase.TURN:
        step = state.step
        if step is Step.CHOOSE or step is Step.HARE:
            return heuristic_choice(rules.view(state, seat), seat, legal)
        if step is Step.WIZARD and isinstance(
            first, (Activate, ActivateMystery, Discard, DiscardMystery)
        ):
            return _wizard(state, seat, legal, rng)
        if step is Step.TARGET and isinstance(first, TargetKnight) and state.casting:
            change = ATTACK_CHANGE.get(state.casting.kind)
            if change is not None:
                gaps = _gaps(state, seat)
                return max(
                    legal,
                    key=lambda a: (
                        _standing(
                            [g - change if t == a.seat else g for t, g in enumerate(gaps)], seat
                        ),
                        rng.random(),
                    ),
                )
    elif phase is Phase.READ_POTION:
        knight = state.knights[seat]
        gap = rules.current_hp(state) - (rules.strength(state, seat) or 0)
        potion = rules._unread(knight, state.resume not in rules._AT_REVEAL)
        value = potion.value if potion is not None else 0
        return ReadPotion(1) if gap >= 2 * value else ReadPotion(-1)
    elif phase is Phase.DUEL:
        gap = rules.current_hp(state) - (rules.duel_strength(state) or 0)
        if Fight() in legal and gap <= 3:
            return Fight()
        asks = [a for a in legal if isinstance(a, DuelAsk)]
        if asks:
            return asks[min(len(asks), max(1, gap // (2 * _MEAN_WEAPON))) - 1]
    elif phase is Phase.DUEL_SACRIFICE:
        gap = rules.current_hp(state) - (rules.duel_strength(state) or 0)
        if gap > 0 and Sacrifice(gap) in legal:
            return Sacrifice(gap)
        return Sacrifice(0)
    return legal[rng.randrange(len(legal))]


def horizon(state: State) -> Any:
    """Where a rollout from `state` stops for `evaluate`: at the end of the
    round in progress (the next round's first decision), so the estimate
    of a choice is not drowned in the luck of later rounds. None in the
    Solo Quest (its rollouts keep `ROLLOUT_DEPTH`)."""
    if state.players == 1:
        return None
    this = state.round
    return lambda later: later.round > this


#: decisions a rollout plays before `evaluate` (chance steps not counted)
ROLLOUT_DEPTH = 20


#: The steps at the Wizard (a spell to activate or discard, its target)
#: where the knights play the heuristic bot's choice (`wizard_choice`).
_AT_WIZARD = (Step.WIZARD, Step.TARGET)
#: Views already answered by `wizard_choice` (cleared when this full).
_CHOICES_KEPT = 4096
_choices: dict[tuple[State, int], Any] = {}


@functools.cache
def _heuristic_bot() -> tuple[Any, Any]:
    """The game and its heuristic bot (stateless: one serves every call),
    imported when first needed (core.bots.bossquest imports this package)."""
    from core.bossquest import GAME
    from core.bots.bossquest import HeuristicBot

    return GAME, HeuristicBot()


def heuristic_choice(view: State, seat: int, legal: tuple[Any, ...]) -> Any:
    """The heuristic bot's choice from `seat`'s view (core/bots/bossquest.py:
    equipping by the odds of the weapons left, each spell at the Wizard by
    the round's odds, from what the seat can see). Called in every
    rollout's equipping decisions."""
    game, bot = _heuristic_bot()
    # the heuristic draws at random only for steps it does not plan
    return bot.choose(game, view, seat, legal, random.Random(0))


def wizard_choice(view: State, seat: int, legal: tuple[Any, ...]) -> Any:
    """The heuristic bot's choice at the Wizard (`heuristic_choice`),
    remembered by view. The search's own choices there lost to it: against
    the heuristic bot at 300 iterations (40 games, seed 3) the tree search
    won 16 searching everything, 15 searching only the Wizard, 18 searching
    only the equipping, and 23 with these choices for the bot and for every
    knight in its tree (`prune`)."""
    key = (view, seat)
    choice = _choices.get(key)
    if choice is None or choice not in legal:
        if len(_choices) >= _CHOICES_KEPT:
            _choices.clear()
        choice = heuristic_choice(view, seat, legal)
        _choices[key] = choice
    return choice


#: The largest weapon (BQ §Components: weapons 1 to 7; a potion's reading
#: is less): a knight at least `_FAR` below the HP cannot go over it with
#: one (at a gap of 7 the 7 makes it exact, which is no risk: BQ §3, over
#: is more than the HP). It was 8 (the gap at which one weapon cannot
#: reach the HP) until the hard bot met the Wizard at 10 against 17 and
#: lost the round to the "Need Blue" it left open (play-test 2026-12-07).
_LARGEST_WEAPON = rules.LARGEST_WEAPON
_FAR = _LARGEST_WEAPON
_TO_WIZARD = GoToWizard()


def _far_below(state: State, seat: int) -> bool:
    """Whether knight `seat` is so far below the HP that one more weapon
    cannot take it over (a gap of `_FAR` or more: the largest weapon at
    most reaches the HP), counting only what it knows of its own cards (an
    unread potion at its higher reading, so a potion it may still read plus
    never makes the gap look wider than it is)."""
    mine = rules.strength(state, seat)
    if mine is None:
        return False
    knight = state.knights[seat]
    read = {card for card, _ in knight.readings}
    for weapon in rules.weapons_of(knight):
        if weapon is not None and weapon.colour is None and weapon not in read:
            mine += 2 * weapon.value  # counted at its lower reading
    return rules.current_hp(state) - mine >= _FAR


def prune(state: State, seat: int, legal: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The Solo Quest's pruning (solo_search.prune). In the knights' game,
    a knight at the Wizard plays `wizard_choice` from its own view (the
    bot as the rivals, each from what it may see). A knight choosing
    between equipping and the Wizard while so far below the HP that the
    largest weapon leaves it under (`_far_below`) is not offered the
    Wizard, unless a "Final turn!" is on (asking would then cost it the
    Wizard's spell): going is final (BQ §2A) and gives the round up, while
    one more weapon risks nothing (at a gap of 7 the largest makes it
    exact, not over) and leaves the Wizard open next turn. The searches on
    common deals valued the two alike when a rival's bust could end the
    match or the offer was all attack spells, and the hard bot met the
    Wizard at 7 against 17, then at 10 against 17 (play-tests;
    docs/opponents.md).
    Elsewhere every legal action is kept. Reads only what `seat` knows, so
    the search on common deals prunes its root with it too."""
    if state.players == 1:
        return solo_search.prune(state, legal)
    if state.phase is Phase.TURN:
        step = state.step
        if step in _AT_WIZARD:
            return (wizard_choice(rules.view(state, seat), seat, legal),)
        if (
            step is Step.CHOOSE
            and not state.final_turn
            and _TO_WIZARD in legal
            and len(legal) > 1
            and _far_below(state, seat)
        ):
            return tuple(a for a in legal if a != _TO_WIZARD)
    return None


def answer(
    view: State,
    seat: int,
    legal: tuple[Any, ...],
    *,
    iterations: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Any:
    """The bot's own choice at the Wizard, without a search (`prune` would
    leave it only that one), and in the Final Boss duel; in the Solo Quest,
    solo_search.answer, reading as many deals as the bot's `iterations`
    (its level's budget) until `stop`; None elsewhere: search."""
    if view.players == 1:
        return solo_search.answer(view, legal, iterations, stop)
    if view.phase is Phase.TURN and view.step in _AT_WIZARD:
        return wizard_choice(view, seat, legal)
    if view.phase is Phase.READ_POTION and view.resume not in rules._AT_REVEAL:
        # A potion read as it arrives (BQ-31), the round's end far off: the
        # rollouts after either reading score alike and noise chose, "±3
        # as -3" far under the HP (play-test). The heuristic reads it the
        # obvious way: plus unless that goes over. At combat it is searched.
        return heuristic_choice(view, seat, legal)
    if view.champion is not None:
        # The Final Boss duel changes no standing (BQ-38), so a search sees
        # every move alike and would play at random (asking 7 weapons, a
        # heart sacrificed while over the HP): the heuristic bot plays it.
        return heuristic_choice(view, seat, legal)
    return None


HOOKS = SearchHooks(
    determinize=determinize,
    evaluate=evaluate,
    rollout=rollout,
    prune=prune,
    rollout_depth=ROLLOUT_DEPTH,
    horizon=horizon,
    answer=answer,
    common_deals=True,
)


def normal_answer(view: State, seat: int, legal: tuple[Any, ...], **budget: Any) -> Any:
    """The normal bot's `answer`: in the Solo Quest the rollout policy alone
    (`solo_search.policy_answer`), not improved as hard's is; elsewhere
    `answer`, as hard."""
    if view.players == 1:
        return solo_search.policy_answer(view, legal)
    return answer(view, seat, legal, **budget)


def hard_rollout(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The hard bot's `rollout`: as `rollout`, but a knight at the Wizard
    (its spell, discard and target) plays the heuristic bot's own choice
    from its view, as the real rival would, where `rollout` plays a quick
    rule of HP and attack spells only. Each rollout costs about four times
    as much; at 300 rollouts a move it won 60.2% of 601 two-knight games
    against the heuristic bot where `rollout` won 53.9% of the same deals
    (docs/opponents.md, "the heuristic bot's Wizard in the rollouts")."""
    if (
        len(legal) > 1
        and state.players > 1
        and state.phase is Phase.TURN
        and state.step in _AT_WIZARD
    ):
        return heuristic_choice(rules.view(state, seat), seat, legal)
    return rollout(state, seat, legal, rng)


#: level -> the hooks that level searches with, where not `HOOKS`
#: (`core.bots.ismcts.hooks_for`): normal's answer in the Solo Quest,
#: hard's rollouts at the Wizard
LEVEL_HOOKS = {
    "normal": attrs.evolve(HOOKS, answer=normal_answer),
    "hard": attrs.evolve(HOOKS, rollout=hard_rollout),
}
