"""Boss Quest's search hooks for the knights' game (core/bossquest/search.py,
issue 13): the rollout policy equips as the heuristic bot does from the
knight's own view (BQ §2A) and chooses at the Wizard from what its knight
could know (a rival's hidden weapon is not read, BQ §1: "may see their own
hidden card (but not anyone else's!)"); rollouts stop at the end of the round in progress
(`horizon`) for `evaluate`; the bot searches its decision on common deals
(`common_deals`)."""

from __future__ import annotations

import random

import attrs

from core.bossquest import GAME
from core.bossquest.actions import Activate, Ask, GoToWizard, TargetKnight
from core.bossquest.cards import ATTACK_CHANGE, Colour, SpellKind
from core.bossquest.search import HOOKS, LEVEL_HOOKS, hard_rollout, horizon, rollout
from core.bossquest.state import Options, Phase, Step
from core.bots.ismcts import IsmctsBot
from core.engine import SearchHooks
from core.playout import sample_chance
from tests.bossquest_tables import knight, spell, table


def legal(state, seat=0):
    return GAME.legal_actions(state, seat)


def _heuristic(state, seat=0):
    from core.bots.bossquest import HeuristicBot

    view = GAME.view(state, seat)
    return HeuristicBot().choose(GAME, view, seat, legal(state, seat), random.Random(0))


def _swapped(state):
    """`state` with seat 1's hidden weapon swapped for a deck card of another
    value: the same view for seat 0 (it may not see that card, BQ §1), a
    different table."""
    rival = state.knights[1]
    theirs = rival.hidden.weapon
    deck = list(state.weapon_deck)
    at = next(i for i, card in enumerate(deck) if card.value != theirs.value)
    deck[at], swapped = theirs, deck[at]
    hidden = attrs.evolve(rival.hidden, weapon=swapped)
    other = attrs.evolve(
        state,
        knights=(state.knights[0], attrs.evolve(rival, hidden=hidden)),
        weapon_deck=tuple(deck),
    )
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    return other


def test_rollout_equips_as_the_heuristic_bot_from_its_own_view():
    """BQ §2A: on its turn a knight in a rollout asks for weapons or goes to
    the Wizard as the heuristic bot would from its view: one more weapon
    far below the HP (HP 17, seat 0 at 9 + 3), the Wizard close to it (at
    15), and when last to equip a request sized to the gap ("may ask the
    Armorer for cards only one last time"). The rival's hidden weapon (a 1
    or a 7) changes nothing: the knight may not see it (BQ §1)."""
    rival_done = knight("B3", "R2", done=True)
    cases = (
        ([knight("Y5", "P4", "R3"), knight("B3", "R2")], Ask(1)),
        ([knight("Y5", "P4", "R6"), knight("B3", "R2")], GoToWizard()),
        ([knight("Y2", "P1"), rival_done], None),
    )
    for knights, expected in cases:
        state = table(knights, boss=17)
        choice = rollout(state, 0, legal(state), random.Random(1))
        assert choice == _heuristic(state)
        if expected is not None:
            assert choice == expected
        else:
            assert isinstance(choice, Ask) and choice.count > 1  # a gap of 14, one request
        other = _swapped(state)
        assert rollout(other, 0, legal(other), random.Random(7)) == choice


def _at_wizard(offer, mine=("Y5", "P6", "R4"), theirs=("B3", "R2")):
    """Seat 0 at the Wizard (HP 17), seat 1 still equipping."""
    state = table(
        [knight(*mine), knight(*theirs)],
        boss=17,
        step=Step.WIZARD,
        offer=offer,
        mystery=False,
    )
    k0 = state.knights[0]
    return attrs.evolve(state, knights=(attrs.evolve(k0, at_wizard=True), state.knights[1]))


def test_rollout_takes_the_spell_that_brings_it_to_the_hp():
    """BQ §Spell effects: at 15 against 17, HP-2 makes a PERFECT for seat 0
    (and leaves the rival's face-up 2 far below); HP+1 would not help."""
    state = _at_wizard((spell(SpellKind.HP_PLUS_1), spell(SpellKind.HP_MINUS_2)))
    assert rollout(state, 0, legal(state), random.Random(3)) == Activate(1)


def test_rollout_aims_an_attack_spell_at_the_rival_that_looks_closest():
    """BQ §Spell effects: a dark "-2" goes in front of the rival who looks
    closest to the HP. Seat 0 is at 15 of 17; the rival shows 7 + 5 and a
    hidden card it cannot see, counted as an average weapon (4): 16, closer.
    "-2" on that rival (to 14) serves seat 0 better than "+1" on itself
    (16, a tie broken by the fewest cards)."""
    state = _at_wizard(
        (spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.ATTACK_PLUS_1)),
        theirs=("B3", "R7", "B5"),
    )
    assert rollout(state, 0, legal(state), random.Random(3)) == Activate(0)
    cast = GAME.apply(state, 0, Activate(0))
    assert cast.step is Step.TARGET
    assert rollout(cast, 0, legal(cast), random.Random(3)) == TargetKnight(1)


def test_rollout_at_the_wizard_does_not_read_a_rivals_hidden_weapon():
    """BQ §1: a knight sees its own hidden card, not anyone else's. Two
    tables that differ only in the rival's hidden weapon (a 1 or a 7: the
    rival at 13 or 19 against 17) get the same choices from the
    rollout at the Wizard and at a target, with the same generator."""
    offers = [
        (spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.HP_PLUS_1)),
        (spell(SpellKind.HP_MINUS_1), spell(SpellKind.ATTACK_PLUS_1)),
        (spell(SpellKind.HP_PLUS_2), spell(SpellKind.ATTACK_MINUS_1)),
    ]
    for offer in offers:
        for mine in (("Y5", "P6", "R4"), ("Y1", "P6", "R4"), ("Y7", "P6", "R3")):
            a = _at_wizard(offer, mine, theirs=("B1", "B5", "P7"))
            b = _at_wizard(offer, mine, theirs=("B7", "B5", "P7"))
            choice = rollout(a, 0, legal(a), random.Random(5))
            assert choice == rollout(b, 0, legal(b), random.Random(5))
            if isinstance(choice, Activate) and a.offer[choice.slot].kind.value.startswith("atk"):
                ca, cb = GAME.apply(a, 0, choice), GAME.apply(b, 0, choice)
                assert rollout(ca, 0, legal(ca), random.Random(6)) == rollout(
                    cb, 0, legal(cb), random.Random(6)
                )


def test_the_horizon_is_the_end_of_the_round():
    """A rollout stops at the next round's first decision: `horizon`'s test
    is false throughout the round it starts in and true once the round
    after it begins; the Solo Quest has none (its rollouts keep the depth)."""
    state = table([knight("Y5", "P4"), knight("B3", "R2")], boss=17)
    stop = horizon(state)
    assert not stop(state)
    assert stop(attrs.evolve(state, round=state.round + 1))
    assert horizon(GAME.setup(1, Options())) is None
    assert HOOKS.horizon is horizon


def test_search_rollouts_end_at_the_next_round():
    """Through the search (core/bots/ismcts.py): with the horizon, each
    rollout from a round in progress is evaluated at the next round's first
    decision (or at the end of the match); without it, and with no depth,
    the rollouts play every match to its end."""
    seen = []

    def evaluate(state):
        seen.append(state)
        return HOOKS.evaluate(state)

    hooks = attrs.evolve(HOOKS, evaluate=evaluate, rollout_depth=None)
    state = table([knight("Y5", "P4"), knight("B3", "R2")], boss=17)
    view = GAME.view(state, 0)
    bot = IsmctsBot(iterations=40, hooks=hooks)
    bot.choose(GAME, view, 0, legal(state), random.Random(2))
    assert len(seen) == bot.last.iterations > 0
    for later in seen:
        assert later.round == state.round + 1
        assert later.phase is Phase.TURN and later.boss is not None
    seen.clear()
    bot = IsmctsBot(iterations=10, hooks=attrs.evolve(hooks, horizon=None))
    bot.choose(GAME, view, 0, legal(state), random.Random(2))
    assert seen == []


def test_hooks_without_the_horizon_are_the_default():
    """`SearchHooks.horizon` is opt-in: None unless a game sets it."""
    assert SearchHooks(determinize=HOOKS.determinize).horizon is None


def test_a_rollout_to_the_end_of_the_round_plays_legal_moves():
    rng = random.Random(8)
    for players in (2, 3, 4):
        state = GAME.setup(players, Options())
        stop = None
        while GAME.to_act(state):
            seats = GAME.to_act(state)
            if -1 in seats:
                state = GAME.apply(state, -1, sample_chance(GAME.chance_outcomes(state), rng))
                continue
            if stop is None:
                stop = horizon(state)
            if stop(state):
                break
            seat = min(seats)
            action = rollout(state, seat, legal(state, seat), rng)
            assert action in legal(state, seat)
            state = GAME.apply(state, seat, action)
        assert state.round == 2 or not GAME.to_act(state)


# ---------------------------------------------------------------------------
# the Wizard: the heuristic bot's choice, from the knight's own view


def _wizard_table():
    offer = (spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.HP_PLUS_1))
    return _at_wizard(offer, theirs=("B3", "R7", "B5"))


def test_the_bot_answers_at_the_wizard_as_the_heuristic_bot_does():
    """At the Wizard (a spell, then its target) the search answers the
    heuristic bot's choice from the same view without searching; while
    equipping, and in the Solo Quest, it searches."""
    from core.bots.bossquest import HeuristicBot

    state = _wizard_table()
    view = GAME.view(state, 0)
    expected = HeuristicBot().choose(GAME, view, 0, legal(state), random.Random(0))
    assert HOOKS.answer(view, 0, legal(state)) == expected
    bot = IsmctsBot(iterations=50)
    assert bot.choose(GAME, view, 0, legal(state), random.Random(1)) == expected
    assert bot.last.stopped_by == "answered" and bot.last.iterations == 0
    equipping = table([knight("Y5", "P6"), knight("B3", "R2")], boss=17)  # 11: the Wizard kept
    assert HOOKS.answer(GAME.view(equipping, 0), 0, legal(equipping)) is None
    assert bot.choose(GAME, GAME.view(equipping, 0), 0, legal(equipping), random.Random(1))
    actions = len(legal(equipping))
    assert bot.last.iterations == 50 // actions * actions
    solo = GAME.setup(1, Options())
    assert HOOKS.answer(solo, 0, ()) is None


def test_in_the_tree_a_knight_at_the_wizard_plays_from_its_own_view():
    """`prune` leaves a knight at the Wizard only the heuristic bot's choice
    from that knight's view: two full states that differ only in the other
    knight's hidden weapon (which it may not see, BQ §1) are pruned alike;
    while equipping every action stays."""
    from core.bots.bossquest import HeuristicBot

    offer = (spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.HP_PLUS_1))
    a = _at_wizard(offer, theirs=("B1", "B5", "P7"))
    b = _at_wizard(offer, theirs=("B7", "B5", "P7"))
    assert a != b and GAME.view(a, 0) == GAME.view(b, 0)
    pruned = HOOKS.prune(a, 0, legal(a))
    assert pruned == HOOKS.prune(b, 0, legal(b))
    view = GAME.view(a, 0)
    assert pruned == (HeuristicBot().choose(GAME, view, 0, legal(a), random.Random(0)),)
    equipping = table([knight("Y5", "P6"), knight("B3", "R2")], boss=17)  # 11: the Wizard kept
    assert HOOKS.prune(equipping, 0, legal(equipping)) is None


def test_the_bot_searches_its_equipping_on_common_deals():
    """The knights' game searches the decision at hand only: every legal
    action played on the same deals (`SearchHooks.common_deals`), so each
    has as many playouts, and the answer is the one that scored best."""
    assert HOOKS.common_deals
    state = table([knight("Y5", "P6"), knight("B3", "R2")], boss=17)  # 11: the Wizard kept
    view, actions = GAME.view(state, 0), legal(state)
    bot = IsmctsBot(iterations=300)
    choice = bot.choose(GAME, view, 0, actions, random.Random(4))
    stats = bot.last.stats
    assert {a for a, _, _ in stats} == set(actions)
    assert {deals for _, deals, _ in stats} == {300 // len(actions)}
    assert choice == stats[0][0] and stats[0][2] == max(mean for _, _, mean in stats)


# ---------------------------------------------------------------------------
# equipping far below the HP: weapons first (play-test: the hard bot went to
# the Wizard on its first turn at 7 against a Boss of 17)


def _first_turn(mine, *, final_turn=False):
    """Three knights, the bot (seat 2) first to act on a Boss of 17; seat 0
    on its last heart (a bust would end the match: the searches' rollouts
    valued staying out of the round as much as equipping)."""
    state = table(
        [knight("R3", "Y7", hearts=1), knight("Y1", "R1"), knight(*mine)], boss=17, turn=2
    )
    return attrs.evolve(state, final_turn=final_turn)


def _hard(state, seed, seat=2, iterations=400):
    from core.bots import make_bot

    bot = make_bot("boss-quest", "hard", iterations=iterations)
    return bot.choose(GAME, GAME.view(state, seat), seat, legal(state, seat), random.Random(seed))


def test_the_hard_bot_asks_for_weapons_far_below_the_hp():
    """BQ §2A: a knight may take more weapons on a later turn, but going to
    the Wizard is final. At 7 against 17 one more weapon (7 at most) cannot
    take it over the HP, so the Wizard now only gives up the round: the
    hard bot asks the Armorer first (it went to the Wizard on seed 0 at 400
    rollouts, and on 3 of 4 seeds at 600, before `prune` left the Wizard
    out there)."""
    state = _first_turn(("R4", "P3"))
    assert GoToWizard() in legal(state, 2)
    for seed in range(4):
        assert isinstance(_hard(state, seed), Ask), seed


def test_the_hard_bot_still_goes_to_the_wizard_at_the_hp():
    """At the Boss's HP (17 of 17) any weapon goes over (BQ §3: a heart
    lost): the hard bot meets the Wizard."""
    state = _first_turn(("R7", "P6", "B4"))
    for seed in range(4):
        assert _hard(state, seed) == GoToWizard(), seed


def test_prune_leaves_the_wizard_out_only_where_a_weapon_cannot_go_over():
    """`prune` drops the Wizard while the knight is so far below the HP that
    the largest weapon (7, BQ §Components) cannot take it over (a gap of 7
    or more: at 7 the 7 makes it exact, BQ §3), may still ask, and no
    "Final turn!" is on (there asking would cost the Wizard's spell, BQ
    §Spell Effects); closer, or at the Wizard's steps, it keeps what it
    kept."""
    from core.bossquest.search import prune

    far = _first_turn(("R4", "P3"))  # 7: a gap of 10
    pruned = prune(far, 2, legal(far, 2))
    assert pruned is not None and GoToWizard() not in pruned
    assert set(pruned) == set(legal(far, 2)) - {GoToWizard()}
    edge = _first_turn(("R4", "P5"))  # 9: a gap of 8, a 7 leaves it at 16
    assert GoToWizard() not in prune(edge, 2, legal(edge, 2))
    exact = _first_turn(("R4", "P6"))  # 10: a gap of 7, a 7 makes it exact
    assert GoToWizard() not in prune(exact, 2, legal(exact, 2))
    near = _first_turn(("R4", "P7"))  # 11: a gap of 6, a 7 goes over
    assert prune(near, 2, legal(near, 2)) is None
    final = _first_turn(("R4", "P3"), final_turn=True)
    assert GoToWizard() in legal(final, 2)
    assert prune(final, 2, legal(final, 2)) is None


def test_the_hard_bot_asks_at_a_gap_of_seven_while_the_rival_is_over():
    """Play-test (2026-12-07, game B round 2): Boss 17, no potions; the
    rival showed 18 and a hidden card (visibly over, BQ-6: bound for the
    Wizard); the hard bot held Y5 hidden + R5 = 10 and went to the Wizard,
    leaving "Need Blue" for the rival, and lost the round without a blue.
    At a gap of 7 one more weapon makes it 17 at most, never over (BQ §3),
    so it asks first."""
    from core.bossquest.search import prune

    state = table(
        [knight("Y2", "R6", "B7", "Y3", "R2"), knight("Y5", "R5")],
        boss=17,
        turn=1,
        offer=(spell(SpellKind.NEED_COLOUR, Colour.BLUE), spell(SpellKind.SECOND_CLOSEST)),
    )
    assert GoToWizard() in legal(state, 1)
    assert GoToWizard() not in prune(state, 1, legal(state, 1))
    for seed in range(3):
        assert isinstance(_hard(state, seed, seat=1, iterations=200), Ask), seed


def test_the_search_on_common_deals_prunes_its_root():
    """The root of the search on common deals is pruned as a tree's is: far
    below the HP the Wizard is not tried, and each ask has as many deals."""
    state = _first_turn(("R4", "P3"))
    bot = IsmctsBot(iterations=200)
    bot.choose(GAME, GAME.view(state, 2), 2, legal(state, 2), random.Random(3))
    tried = {a for a, _, _ in bot.last.stats}
    assert tried == set(legal(state, 2)) - {GoToWizard()}
    assert {deals for _, deals, _ in bot.last.stats} == {200 // len(tried)}


def test_the_hard_bots_rollouts_play_the_heuristic_bots_choice_at_the_wizard():
    """At the Wizard (BQ §2B) a knight in the hard bot's rollouts plays what
    the heuristic bot would from its own view, spell, discard and target, as
    the real rival does: at 16 against 17 it takes "winner +1 key" (the
    quick rule of HP and attack spells discards it), at 15 a "Final turn!"
    on the rival still equipping at 5."""
    cases = (
        ((spell(SpellKind.EXTRA_KEY), spell(SpellKind.HP_PLUS_1)), ("Y7", "P6", "R3"), Activate(0)),
        (
            (spell(SpellKind.FINAL_TURN), spell(SpellKind.ATTACK_MINUS_1)),
            ("Y5", "P6", "R4"),
            Activate(0),
        ),
        ((spell(SpellKind.NEED_PAIR), spell(SpellKind.HP_MINUS_1)), ("Y1", "P6", "R4"), None),
        ((spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.HP_PLUS_1)), ("Y5", "P6", "R4"), None),
    )
    for offer, mine, expected in cases:
        state = _at_wizard(offer, mine)
        choice = hard_rollout(state, 0, legal(state), random.Random(3))
        assert choice == _heuristic(state)
        if expected is not None:
            assert choice == expected
            assert rollout(state, 0, legal(state), random.Random(3)) != expected
        if isinstance(choice, Activate) and state.offer[choice.slot].kind in ATTACK_CHANGE:
            cast = GAME.apply(state, 0, choice)
            assert cast.step is Step.TARGET
            assert hard_rollout(cast, 0, legal(cast), random.Random(3)) == _heuristic(cast)


def test_the_hard_bots_rollouts_do_not_read_a_rivals_hidden_weapon():
    """BQ §1: as `rollout`, the hard bot's rollout at the Wizard decides
    from the knight's own view: the rival's hidden 1 or 7 changes nothing."""
    for offer in (
        (spell(SpellKind.ATTACK_MINUS_2), spell(SpellKind.HP_PLUS_1)),
        (spell(SpellKind.EXTRA_KEY), spell(SpellKind.ATTACK_PLUS_1)),
    ):
        for mine in (("Y5", "P6", "R4"), ("Y7", "P6", "R3")):
            a = _at_wizard(offer, mine, theirs=("B1", "B5", "P7"))
            b = _at_wizard(offer, mine, theirs=("B7", "B5", "P7"))
            assert hard_rollout(a, 0, legal(a), random.Random(5)) == hard_rollout(
                b, 0, legal(b), random.Random(5)
            )


def test_only_the_hard_level_rolls_out_with_the_heuristic_wizard():
    """The hard bot searches with `hard_rollout`, the normal bot with the
    quick rule (`rollout`), both with the same evaluation and answer as
    their level had before; away from the Wizard the two rollouts agree."""
    from core.bots import make_bot

    assert make_bot("boss-quest", "hard").hooks.rollout is hard_rollout
    assert make_bot("boss-quest", "normal").hooks.rollout is rollout
    assert LEVEL_HOOKS["hard"].answer is HOOKS.answer
    assert LEVEL_HOOKS["hard"].evaluate is HOOKS.evaluate
    state = _first_turn(("Y5", "P6"))
    moves = legal(state, 2)
    assert hard_rollout(state, 2, moves, random.Random(1)) == rollout(
        state, 2, moves, random.Random(1)
    )
