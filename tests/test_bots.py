"""Bots: the registry, legal choices only, decisions from views only, and
the Boss Quest heuristic bot's play and strength."""

from __future__ import annotations

import math
import random

import attrs
import pytest

from core import CHANCE, GAMES
from core.bossquest.actions import (
    Activate,
    Ask,
    Discard,
    GoToWizard,
    TargetKnight,
    TargetSpell,
)
from core.bossquest.cards import Colour, Spell, SpellKind, Weapon, weapons
from core.bossquest.state import ActiveSpell, Hidden, Knight, Phase, Step
from core.bots import (
    ALL_BOTS,
    DEFAULT_BOT,
    DEFAULT_LEVEL,
    LEVELS,
    Bot,
    NoisyBot,
    RandomBot,
    make_bot,
)
from core.bots.bossquest import HeuristicBot
from core.bots.ismcts import IsmctsBot
from core.playout import play_match, sample_chance
from tests.playouts import play_checked

BQ = GAMES["boss-quest"]


# --- registry ----------------------------------------------------------------


def test_every_game_offers_three_levels_and_builds_the_old_bots() -> None:
    """Issue 13: easy, normal and hard on the new-match screen; random and
    heuristic stay buildable (old journals name them, the arena uses them)."""
    for game_id in GAMES:
        assert LEVELS[game_id] == ("easy", "normal", "hard")
        assert ALL_BOTS[game_id] == ("random", "heuristic", "easy", "normal", "hard")
    assert DEFAULT_LEVEL in LEVELS["boss-quest"]
    assert DEFAULT_BOT in ALL_BOTS["boss-quest"]


def test_make_bot_builds_every_bot() -> None:
    for game_id, bots in ALL_BOTS.items():
        for level in bots:
            bot = make_bot(game_id, level)
            assert isinstance(bot, Bot)
            assert bot.name == level
    assert isinstance(make_bot("boss-quest", "random"), RandomBot)
    assert isinstance(make_bot("boss-quest", "heuristic"), HeuristicBot)
    easy = make_bot("boss-quest", "easy")
    assert isinstance(easy, NoisyBot) and isinstance(easy.bot, HeuristicBot)
    hard = make_bot("boss-quest", "hard")
    assert isinstance(hard, IsmctsBot) and isinstance(hard.fallback, HeuristicBot)


def test_make_bot_budgets() -> None:
    """An iteration budget alone searches without a clock (reproducible);
    a time limit alone keeps the level's iteration cap."""
    normal, hard = make_bot("overseers", "normal"), make_bot("overseers", "hard")
    assert normal.seconds == 2.0 and hard.seconds == 5.0
    assert hard.iterations > normal.iterations
    bot = make_bot("overseers", "hard", iterations=50)
    assert (bot.iterations, bot.seconds) == (50, None)
    bot = make_bot("overseers", "normal", seconds=0.5)
    assert (bot.iterations, bot.seconds) == (normal.iterations, 0.5)


def test_make_bot_refuses_unknown_games_and_levels() -> None:
    with pytest.raises(ValueError):
        make_bot("no-such-game", "random")
    with pytest.raises(ValueError):
        make_bot("boss-quest", "grandmaster")


# --- legal choices only --------------------------------------------------------


#: the bots that answer at once (the searching levels: tests/test_ismcts.py)
CHEAP = ("random", "heuristic", "easy")


def _legal_only(game_id: str, matches: int) -> None:
    """`matches` whole matches of the cheap bots, every answer checked; the
    table size and the seat of each level turn round from match to match."""
    game = GAMES[game_id]
    levels = CHEAP
    rng = random.Random(11)
    for i in range(matches):
        players = game.players[i % len(game.players)]
        bots = [make_bot(game_id, levels[(i + s) % len(levels)]) for s in range(players)]
        final = play_checked(game, bots, rng)
        assert game.outcome(final) is not None


@pytest.mark.parametrize("game_id", sorted(LEVELS))
def test_bots_only_return_legal_actions(game_id: str) -> None:
    # At least 12 matches, and whole rounds of (table size, first level):
    # every table size with every turn of the levels (the first matches of
    # the slow run below, which plays 24 of each game).
    sizes = len(GAMES[game_id].players)
    rounds = math.lcm(sizes, len(CHEAP))
    _legal_only(game_id, max(12, -(-12 // rounds) * rounds))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(LEVELS))
def test_bots_only_return_legal_actions_over_24_matches(game_id: str) -> None:
    _legal_only(game_id, 24)


def test_heuristic_bots_play_each_other_legally() -> None:
    rng = random.Random(12)
    for players in BQ.players:
        for _ in range(3):
            final = play_checked(BQ, [HeuristicBot() for _ in range(players)], rng)
            assert BQ.outcome(final) is not None


# --- decisions from views only ------------------------------------------------


def _decision_states(seed: int, players: int, limit: int = 400):
    """Non-chance decision states of one random playout."""
    rng = random.Random(seed)
    state = BQ.setup(players, BQ.Options())
    out = []
    while (seats := BQ.to_act(state)) and len(out) < limit:
        if CHANCE in seats:
            state = BQ.apply(state, CHANCE, sample_chance(BQ.chance_outcomes(state), rng))
            continue
        seat = min(seats)
        out.append((state, seat))
        state = BQ.apply(state, seat, rng.choice(BQ.legal_actions(state, seat)))
    return out


def _other_hidden_variant(state, seat: int):  # noqa: ANN001
    """The same state with another knight's hidden card (one `seat` has not
    seen) exchanged for a card of the weapon deck; None if there is none."""
    if not state.weapon_deck:
        return None
    for other, knight in enumerate(state.knights):
        if other == seat or knight.hidden is None or seat in knight.hidden.known_to:
            continue
        old = knight.hidden.weapon
        new = state.weapon_deck[len(state.weapon_deck) // 2]
        deck = tuple(sorted(old if w == new else w for w in state.weapon_deck))
        knights = list(state.knights)
        knights[other] = attrs.evolve(knight, hidden=Hidden(new, knight.hidden.known_to))
        return attrs.evolve(state, knights=tuple(knights), weapon_deck=deck)
    return None


@pytest.mark.parametrize("level", CHEAP)
def test_bots_decide_from_their_view(level: str) -> None:
    bot = make_bot("boss-quest", level)
    compared = 0
    for seed in range(12):
        players = 2 + seed % 4
        for state, seat in _decision_states(seed, players)[::3]:
            variant = _other_hidden_variant(state, seat)
            if variant is None:
                continue
            assert variant != state
            view_a, view_b = BQ.view(state, seat), BQ.view(variant, seat)
            assert view_a == view_b
            legal = BQ.legal_actions(state, seat)
            assert legal == BQ.legal_actions(variant, seat)
            a = bot.choose(BQ, view_a, seat, legal, random.Random(seed))
            b = bot.choose(BQ, view_b, seat, legal, random.Random(seed))
            assert a == b
            compared += 1
    assert compared > 50


# --- the heuristic's play in set positions ------------------------------------


def _w(code: str) -> Weapon:
    return Weapon(Colour(code[0]), int(code[1:]))


def _table(
    hp: int,
    hands: list[tuple[str, tuple[str, ...]]],
    *,
    step: Step = Step.CHOOSE,
    offer: tuple[Spell | None, ...] = (),
    done: tuple[int, ...] = (),
):
    """Seat 0 to act with `hands` (hidden card, visible cards) per knight."""
    players = len(hands)
    state = BQ.setup(players, BQ.Options())
    used = set()
    knights = []
    for seat, (hidden, visible) in enumerate(hands):
        cards = [_w(hidden)] + [_w(c) for c in visible]
        used.update(cards)
        knights.append(
            Knight(
                hearts=3,
                keys=0,
                hidden=Hidden(cards[0], frozenset({seat})),
                visible=tuple(cards[1:]),
                at_wizard=seat in done or (seat == 0 and step is not Step.CHOOSE),
                done=seat in done,
            )
        )
    deck = tuple(w for w in weapons(False) if w not in used)
    return attrs.evolve(
        state,
        knights=tuple(knights),
        phase=Phase.TURN,
        turn=0,
        step=step,
        boss=hp,
        boss_deck=tuple(b for b in state.boss_deck if b != hp),
        weapon_deck=deck,
        offer=offer,
        spell_deck=tuple(s for s in state.spell_deck if s not in offer),
        dealt=2 * players,
    )


def _bot_move(state):  # noqa: ANN001
    legal = BQ.legal_actions(state, 0)
    return HeuristicBot().choose(BQ, BQ.view(state, 0), 0, legal, random.Random(0))


def test_heuristic_stops_on_a_perfect() -> None:
    state = _table(18, [("R7", ("B7", "Y4")), ("R1", ("B2",)), ("Y1", ("P3",))])
    assert _bot_move(state) == GoToWizard()


def test_heuristic_asks_when_far_below() -> None:
    state = _table(20, [("R2", ("B3",)), ("R1", ("B2",)), ("Y1", ("P3",))])
    assert _bot_move(state) == Ask(1)


def test_heuristic_last_to_equip_asks_once_for_several() -> None:
    # Everyone else is done: one request only, and 5 is far below 21.
    state = _table(21, [("R1", ("B4",)), ("R7", ("B6", "Y5")), ("Y7", ("P7", "R4"))], done=(1, 2))
    move = _bot_move(state)
    assert isinstance(move, Ask) and move.count >= 2


def test_heuristic_uses_a_spell_to_reach_perfect() -> None:
    plus1 = Spell(SpellKind.ATTACK_PLUS_1)
    offer = (Spell(SpellKind.HP_PLUS_2), plus1, Spell(SpellKind.EXTRA_KEY))
    state = _table(
        17,
        [("R7", ("B7", "Y2")), ("R6", ("B5", "Y3")), ("Y1", ("P2",))],
        step=Step.WIZARD,
        offer=offer,
    )
    move = _bot_move(state)
    assert move == Activate(1)
    state = BQ.apply(state, 0, move)
    assert _bot_move(state) == TargetKnight(0)


def test_heuristic_hurts_a_rival_on_a_perfect() -> None:
    # Seat 1 is done and visibly at 15 of 17: its hidden card may well be a 2.
    # The bot (16) cannot reach 17 with what is offered; -2 on seat 1 helps it most.
    offer = (Spell(SpellKind.ATTACK_MINUS_2), Spell(SpellKind.NO_HEART_LOSS))
    state = _table(
        17,
        [("R6", ("B6", "Y4")), ("R2", ("B7", "Y6", "P2")), ("Y7", ("P5", "B1"))],
        step=Step.WIZARD,
        offer=offer,
        done=(1, 2),
    )
    move = _bot_move(state)
    assert move == Activate(0)
    state = BQ.apply(state, 0, move)
    target = _bot_move(state)
    assert target in (TargetKnight(1), TargetKnight(2))
    assert target != TargetKnight(0)


def test_heuristic_discards_what_would_hurt_it() -> None:
    # On a perfect already; the only spells are threats; a rival is to come.
    offer = (Spell(SpellKind.HP_MINUS_2), Spell(SpellKind.ATTACK_PLUS_2))
    state = _table(
        18,
        [("R7", ("B7", "Y4")), ("R1", ("B2",)), ("Y1", ("P3",))],
        step=Step.WIZARD,
        offer=offer,
    )
    move = _bot_move(state)
    assert isinstance(move, Discard)


@pytest.mark.parametrize(
    "kind",
    [
        SpellKind.ATTACK_PLUS_1,
        SpellKind.ATTACK_PLUS_2,
        SpellKind.ATTACK_MINUS_1,
        SpellKind.ATTACK_MINUS_2,
        SpellKind.SWAP_HIDDEN,
        SpellKind.SWAP_DECK,
        SpellKind.CANCEL,
    ],
)
def test_heuristic_answers_every_target_step(kind: SpellKind) -> None:
    # Seat 0 at 15 of 18, a visible rival at 17; a "Boss HP -1" is in play.
    state = _table(
        18,
        [("R7", ("B6", "Y2")), ("R1", ("B7", "Y6", "P3")), ("Y1", ("P3",))],
        step=Step.TARGET,
        done=(1,),
    )
    state = attrs.evolve(
        state, casting=Spell(kind), active=(ActiveSpell(Spell(SpellKind.HP_MINUS_1)),)
    )
    legal = BQ.legal_actions(state, 0)
    assert legal
    move = _bot_move(state)
    assert move in legal
    if kind is SpellKind.ATTACK_PLUS_2:
        assert move == TargetKnight(0)  # 15 + 2 = 17 = the HP: a PERFECT
    if kind is SpellKind.CANCEL:
        assert move == TargetSpell(0)  # the only spell in play
    BQ.apply(state, 0, move)


def test_heuristic_plays_every_knight_count_to_the_end() -> None:
    # Its speed is measured by `python -m benchmarks` (bots), not by a clock here.
    rng = random.Random(21)
    calls = 0

    class Counted(HeuristicBot):
        def choose(self, game, view, seat, legal, rng):  # noqa: ANN001
            nonlocal calls
            action = super().choose(game, view, seat, legal, rng)
            assert action in legal
            calls += 1
            return action

    for players in (2, 3, 4, 5):
        _, outcome, _ = play_match(BQ, players, [Counted() for _ in range(players)], rng)
        assert outcome.winners
    assert calls > 50


# --- strength: heuristic against random ---------------------------------------


def heuristic_vs_random(games: int, seed: int) -> tuple[float, float, dict[int, float]]:
    """Heuristic in one seat (rotating) against 1-3 random bots (2-4 knights).

    Returns (its win share, the fair share, win share by table size); a
    shared win counts as a fraction.
    """
    rng = random.Random(seed)
    won = 0.0
    fair = 0.0
    by_size: dict[int, list[float]] = {}
    for i in range(games):
        players = 2 + i % 3
        seat = (i // 3) % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[seat] = HeuristicBot()
        _, outcome, _ = play_match(BQ, players, bots, rng)
        share = 1 / len(outcome.winners) if seat in outcome.winners else 0.0
        won += share
        fair += 1 / players
        by_size.setdefault(players, []).append(share)
    return won / games, fair / games, {p: sum(v) / len(v) for p, v in by_size.items()}


def test_heuristic_beats_random_clearly() -> None:
    share, fair, by_size = heuristic_vs_random(200, seed=2024)
    assert share > 2 * fair, (share, fair, by_size)
    assert all(s > 0.6 for s in by_size.values()), by_size


@pytest.mark.slow
def test_heuristic_beats_random_over_1000_games() -> None:
    share, fair, by_size = heuristic_vs_random(1000, seed=7)
    print(f"heuristic win share {share:.3f} (fair {fair:.3f}) by table size {by_size}")
    assert share > 2.5 * fair, (share, fair, by_size)
    assert all(s > 0.7 for s in by_size.values()), by_size


# --- the easy level -------------------------------------------------------------


class _First:
    name = "first"

    def choose(self, game, view, seat, legal, rng):  # noqa: ANN001
        return legal[0]


def test_noisy_bot_slips_at_its_rate() -> None:
    """The easy level: the inner bot's choice, except with probability
    `noise` a uniformly random legal action."""
    legal = tuple(range(10))
    rng = random.Random(1)
    assert all(NoisyBot(_First(), 0.0).choose(None, None, 0, legal, rng) == 0 for _ in range(200))
    picks = [NoisyBot(_First(), 0.5).choose(None, None, 0, legal, rng) for _ in range(4000)]
    # the inner bot's 0 half the time, plus a tenth of the random half
    assert 0.5 < picks.count(0) / len(picks) < 0.6
    assert set(picks) == set(legal)
    with pytest.raises(ValueError):
        NoisyBot(_First(), 1.5)


def test_easy_is_weaker_than_the_heuristic_bot() -> None:
    """Issue 13: easy is the heuristic bot with some noise, clearly weaker
    (Boss Quest, two knights, seats alternating)."""
    rng = random.Random(5)
    games = 120
    won = 0.0
    for i in range(games):
        seat = i % 2
        bots = [make_bot("boss-quest", "heuristic") for _ in range(2)]
        bots[seat] = make_bot("boss-quest", "easy")
        _, outcome, _ = play_match(BQ, 2, bots, rng)
        won += (seat in outcome.winners) / len(outcome.winners)
    assert won / games < 0.4
