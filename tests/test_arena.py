"""The arena (`overtable simulate`): seating, seeds, options, statistics
(`core/arena.py`) and runs (`tui/arena.py`)."""

from __future__ import annotations

import io
import json
import random
from collections import Counter

import attrs
import pytest
from rich.console import Console

from core import GAMES
from core.arena import (
    ArenaError,
    BotSpec,
    GameRecord,
    default_players,
    game_seed,
    held_seats,
    lineup,
    make_options,
    parse_bot,
    parse_bots,
    places,
    seating,
    summarize,
    wilson_interval,
)
from core.bossquest.state import Ulul
from tui import arena, cli

# -- the Wilson score interval ---------------------------------------------------

# Newcombe, "Two-sided confidence intervals for the single proportion:
# comparison of seven methods", Statistics in Medicine 17 (1998), Table I,
# method 3 (the score interval without continuity correction).
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize(("wins", "games", "low", "high"), NEWCOMBE)
def test_wilson_interval_matches_newcombe(wins, games, low, high):
    got = wilson_interval(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_closed_forms():
    # 0 of n: the upper end is z^2 / (n + z^2); n of n mirrors it.
    z2 = 1.959963984540054**2
    assert wilson_interval(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
    assert wilson_interval(10, 10) == pytest.approx((1 - z2 / (10 + z2), 1.0))
    # half of the games: symmetric about one half
    low, high = wilson_interval(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=5e-5)
    assert low + high == pytest.approx(1.0)
    # a shared win is a fraction of a win
    assert wilson_interval(2.5, 5)[0] < 0.5 < wilson_interval(2.5, 5)[1]
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(6, 5)


def test_more_games_narrow_the_interval():
    narrow = wilson_interval(580, 1000)
    wide = wilson_interval(58, 100)
    assert wide[0] < narrow[0] < 0.58 < narrow[1] < wide[1]
    # 580 of 1000 excludes one half; 58 of 100 does not
    assert narrow[0] > 0.5 > wide[0]


def test_places_share_the_better_number():
    assert places((5, 5, 3)) == (1, 1, 3)
    assert places((1, 7, 4)) == (3, 1, 2)
    assert places((0,)) == (1,)


# -- bots and seats --------------------------------------------------------------------


def test_parse_bot_with_settings():
    assert parse_bot("hard") == BotSpec("hard", "hard")
    spec = parse_bot("hard:iterations=2000:c=1.5:policy=greedy")
    assert spec.level == "hard"
    assert spec.params == (("iterations", 2000), ("c", 1.5), ("policy", "greedy"))
    assert spec.with_params({"iterations": 5, "depth": 3}).params[-1] == ("depth", 3)
    assert dict(spec.with_params({"iterations": 5}).params)["iterations"] == 2000
    assert [s.text for s in parse_bots(" hard , heuristic")] == ["hard", "heuristic"]


@pytest.mark.parametrize(
    "text",
    ["", ",", "hard:iterations", "hard:=3", "hard:i=1:i=2", ":x=1", ",random", "hard,,random", "hard,"],
)
def test_parse_bot_refuses(text):
    with pytest.raises(ArenaError):
        parse_bots(text)


def test_lineup_fills_the_seats_left_with_the_last_bot():
    assert lineup(2, 3) == (0, 1, 1)  # --bots hard,heuristic at 3: one hard, two heuristic
    assert lineup(2, 2) == (0, 1)
    assert lineup(1, 4) == (0, 0, 0, 0)
    assert lineup(3, 5) == (0, 1, 2, 2, 2)
    with pytest.raises(ArenaError):
        lineup(3, 2)


@pytest.mark.parametrize("players", range(1, 7))
def test_rotation_gives_every_entry_every_seat_equally(players):
    entries = tuple(range(players))
    for start in (0, 5):  # any run of P consecutive games
        held = Counter()
        for number in range(start, start + players):
            for seat, entry in enumerate(seating(entries, number)):
                held[entry, seat] += 1
        assert held == Counter({(e, s): 1 for e in entries for s in range(players)})


def test_rotation_with_fewer_bots_than_seats_is_fair():
    # hard,heuristic at 3 players over 30 games: hard in each seat 10 times
    entries = lineup(2, 3)
    count = Counter()
    for number in range(30):
        for seat, bot in enumerate(seating(entries, number)):
            count[bot, seat] += 1
    assert all(count[0, seat] == 10 for seat in range(3))
    assert all(count[1, seat] == 20 for seat in range(3))


def test_default_players():
    assert default_players(2, range(2, 7)) == 2
    assert default_players(2, range(3, 7)) == 3  # Overseers needs three
    assert default_players(1, range(1, 7)) == 1  # the Solo Quest
    with pytest.raises(ArenaError):
        default_players(3, range(2, 3))


def test_game_seed_is_stable_and_distinct():
    # a hash of the run's seed and the game's number, not Python's hash():
    # the same in every process and every Python
    assert game_seed(1, 0) == 16757356318546327385
    assert game_seed(1, 1) == 10169556624092545595
    seeds = {game_seed(s, n) for s in range(5) for n in range(200)}
    assert len(seeds) == 1000


# -- options ----------------------------------------------------------------------------


def test_options_from_the_command_line():
    bq = GAMES["boss-quest"]
    options = make_options(bq, ["ulul=night", "potions=yes", "final-boss=on"], 3)
    assert options.ulul is Ulul.NIGHT and options.potions and options.final_boss
    assert make_options(bq, [], 2) == bq.Options()
    assert make_options(bq, ["ulul=CLASSIC"], 2).ulul is Ulul.CLASSIC
    solo = make_options(bq, ["solo_harder=true"], 1)
    assert solo.solo_harder


@pytest.mark.parametrize(
    ("game_id", "setting", "players", "says"),
    [
        ("boss-quest", "ulul=sometimes", 2, "one of off, classic, night"),
        ("boss-quest", "potions=maybe", 2, "true or false"),
        ("boss-quest", "wizards=3", 2, "no option 'wizards'"),
        ("boss-quest", "potions", 2, "not name=value"),
        # an option with "players" metadata applies only at those counts
        ("boss-quest", "solo_harder=true", 2, "applies at 1 player"),
        ("boss-quest", "ulul=night", 1, "applies at 2-6 players"),
        # OS-19: solo refuses the expansions
        ("overstocked", "solo=true,advanced=true", 2, "do not go together"),
    ],
)
def test_bad_options_are_refused_in_one_line(game_id, setting, players, says):
    with pytest.raises(ArenaError) as caught:
        make_options(GAMES[game_id], setting.split(","), players)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_overstocked_solo_holds_one_seat():
    # OS-8 / OS-19: solo is two seats, the player and the rules' bot
    options = make_options(GAMES["overstocked"], ["solo=true"], 2)
    assert held_seats(options, 2) == (0,)
    assert held_seats(GAMES["overstocked"].Options(), 2) == (0, 1)


# -- statistics ---------------------------------------------------------------------------


def record(number, seating_, scores, winners, counted=None, decisions=None):
    players = len(seating_)
    return GameRecord(
        number=number,
        seed=number,
        seating=tuple(seating_),
        scores=tuple(scores),
        counted=tuple(counted or scores),
        winners=frozenset(winners),
        actions=10,
        decisions=tuple(decisions or (3,) * players),
        thinking=(0.5,) * players,
    )


def test_summary_counts_a_shared_win_as_a_share():
    records = [
        record(0, (0, 1), (9, 4), {0}),
        record(1, (1, 0), (6, 6), {0, 1}),  # shared: half a win each
        record(2, (0, 1), (2, 8), {1}, counted=(5, 8)),  # counted points differ
        record(3, (1, 0), (7, 3), {0}),
    ]
    summary = summarize(records, ["a", "b"], 2)
    a, b = summary.bots
    assert (a.games, a.wins, b.wins) == (4, 1.5, 2.5)
    assert a.win_rate == 0.375
    assert (a.ci_low, a.ci_high) == wilson_interval(1.5, 4)
    assert a.average_score == (9 + 6 + 5 + 3) / 4
    assert a.average_place == (1 + 1 + 2 + 2) / 4
    assert b.average_place == (2 + 1 + 1 + 1) / 4
    assert a.decisions == 12 and a.thinking == 2.0 and a.moves_per_second == 6.0
    assert summary.seat_wins == (2.5, 1.5) and summary.games == 4 and summary.actions == 40


def test_head_to_head_counts_each_game_once():
    records = [
        # bot 0 ties one bot-1 seat and beats the other: 0.75
        record(0, (0, 1, 1), (5, 5, 3), {0, 1}),
        # bot 0 below one bot-1 seat, level with the other: 0.25
        record(1, (1, 0, 1), (9, 2, 2), {0}),
    ]
    (meeting,) = summarize(records, ["a", "b"], 3).head_to_head
    assert (meeting.bot, meeting.other, meeting.games) == ("a", "b", 2)
    assert meeting.score == 1.0 and meeting.rate == 0.5
    assert (meeting.ci_low, meeting.ci_high) == wilson_interval(1.0, 2)


def test_head_to_head_at_two_seats_is_the_win_rate():
    def winners(n):
        return {0} if n > 3 else {1} if n < 3 else {0, 1}  # scores (n, 3)

    records = [record(n, (n % 2, 1 - n % 2), (n, 3), winners(n)) for n in range(7)]
    summary = summarize(records, ["a", "b"], 2)
    (meeting,) = summary.head_to_head
    assert meeting.rate == summary.bots[0].win_rate


def test_summary_in_any_order_is_the_same():
    records = [record(n, (n % 2, 1 - n % 2), (n, 3), {0} if n > 3 else {1}) for n in range(7)]
    assert summarize(records, ["a", "b"], 2) == summarize(records[::-1], ["a", "b"], 2)


def test_summary_skips_a_seat_no_bot_holds():
    # solo Overstocked: seat 1 is the rules' bot
    summary = summarize([record(0, (0, -1), (30, 28), {0}), record(1, (0, -1), (20, 25), {1})],
                        ["heuristic"], 2)
    (bot,) = summary.bots
    assert (bot.games, bot.wins, bot.average_place) == (2, 1.0, 1.5)


# -- runs ----------------------------------------------------------------------------------


def test_prepare_settles_the_line_up():
    run = arena.prepare("overseers", "heuristic,random", 6, seed=4)
    assert run.players == 3  # Overseers seats three at least
    assert [s.text for s in run.bots] == ["heuristic", "random"]
    assert run.entries == (0, 1, 1)
    assert [run.seats_of(n) for n in range(3)] == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    same = arena.prepare("overseers", "random,random,random", 3, seed=4)
    assert len(same.bots) == 1 and same.entries == (0, 0, 0)
    fixed = arena.prepare("boss-quest", "heuristic,random", 4, seed=1, rotate=False)
    assert {fixed.seats_of(n) for n in range(4)} == {(0, 1)}


def test_searching_bots_play_by_iterations_without_a_clock():
    from core.bots import budget_of

    run = arena.prepare("boss-quest", "hard,normal,heuristic", 3, seed=1)
    hard, normal, heuristic = run.bots
    assert hard.params == (("iterations", budget_of("boss-quest", "hard").iterations),)
    assert normal.params == (("iterations", budget_of("boss-quest", "normal").iterations),)
    assert heuristic.params == ()
    for spec in (hard, normal):
        assert arena.budget_of(arena.build_bot("boss-quest", spec))["seconds"] is None
    budgeted = arena.prepare("boss-quest", "hard,heuristic", 2, seed=1, budget=30).bots
    assert dict(budgeted[0].params) == {"iterations": 30} and budgeted[1].params == ()
    # naming a clock keeps it; --budget then caps the iterations as well
    clocked = arena.prepare("boss-quest", "hard:seconds=1,heuristic", 2, seed=1).bots[0]
    assert dict(clocked.params) == {"seconds": 1}
    both = arena.prepare("boss-quest", "hard:seconds=1", 2, seed=1, budget=9).bots[0]
    assert dict(both.params) == {"seconds": 1, "iterations": 9}
    named = arena.prepare("boss-quest", "hard:iterations=12", 2, seed=1, budget=9).bots[0]
    assert dict(named.params) == {"iterations": 12}


def test_a_budget_in_percent_keeps_each_level_its_own_share():
    """Play-test: `--budget 200` gave hard and normal the same 200
    iterations, the same bot; `--budget 10%` gives each level a tenth of its
    own cap, so hard still searches more than normal."""
    from core.bots import BUDGETS

    run = arena.prepare("overstocked", "hard,normal,easy", 3, seed=1, budget="10%")
    hard, normal, easy = run.bots
    assert dict(hard.params) == {"iterations": BUDGETS["hard"].iterations // 10}
    assert dict(normal.params) == {"iterations": BUDGETS["normal"].iterations // 10}
    assert easy.params == ()
    assert arena.alike(run) == []
    # a bot's own iterations stand; a share never rounds to nothing
    named = arena.prepare("overstocked", "hard:iterations=50,normal", 2, seed=1,
                          budget="0.01%").bots
    assert [dict(s.params) for s in named] == [{"iterations": 50}, {"iterations": 1}]
    # the command line's "200" is the plain count, as before
    assert dict(arena.prepare("overstocked", "hard", 2, seed=1, budget="200").bots[0].params) \
        == {"iterations": 200}


def test_two_levels_that_play_alike_are_said_to():
    """Play-test: at the same --budget hard and normal are one search; the
    table read as if hard were the weaker bot and nothing said why."""
    run = arena.prepare("overstocked", "hard,normal,easy", 3, seed=1, budget=200)
    assert arena.alike(run) == [("hard", "normal")]
    # the same level twice is a mirror match on purpose; a bot's own
    # settings that differ are two bots
    assert arena.alike(arena.prepare("overstocked", "hard,hard", 2, seed=1, budget=9)) == []
    assert arena.alike(arena.prepare("overstocked", "hard:iterations=9,normal", 2, seed=1)) == []
    # Boss Quest's hard bot rolls out with the heuristic bot's Wizard: at
    # normal's 1,200 deals it is still another search
    both = arena.prepare("boss-quest", "hard,normal", 2, seed=1)
    assert dict(both.bots[0].params) == dict(both.bots[1].params) == {"iterations": 1200}
    assert arena.alike(both) == []
    out, err = io.StringIO(), io.StringIO()
    assert arena.simulate("overstocked", games=1, bots="hard,normal", seed=1, budget=2,
                          console=Console(file=out, width=200),
                          err=Console(file=err, width=200)) == 0
    for text in (out.getvalue(), err.getvalue()):
        said = " ".join(text.split())
        assert "hard and normal play alike here (2 iterations a move each)" in said
        assert "--budget 10%" in said and "hard:iterations=400,normal:iterations=120" in said
    data = json.loads(_json_of("overstocked", "hard,normal", budget=2))
    assert data["warnings"] and "hard and normal play alike" in data["warnings"][0]


def _json_of(game_id, bots, **kwargs):
    out = io.StringIO()
    assert arena.simulate(game_id, games=1, bots=bots, seed=1, as_json_output=True,
                          console=Console(file=out, width=200),
                          err=Console(file=io.StringIO()), **kwargs) == 0
    return out.getvalue()


def test_bots_too_quick_to_time_report_no_moves_per_second():
    """Play-test: --json gave the easy and heuristic bots about 96,000
    moves a second (their thinking is about nothing), read beside the
    searching bots' figure as if it compared them."""
    data = json.loads(_json_of("overstocked", "hard,easy", budget=2))
    hard, easy = data["bots"]
    assert hard["moves_per_second"] > 0 and easy["moves_per_second"] is None
    assert easy["decisions"] > 0  # the raw figures stay
    out = io.StringIO()
    assert arena.simulate("overstocked", games=1, bots="hard,easy", seed=1, budget=2,
                          console=Console(file=out, width=200)) == 0
    easy_row = next(line for line in out.getvalue().splitlines() if "│ easy" in line)
    cells = [c.strip() for c in easy_row.split("│")]
    assert cells[-3] == "-"  # Moves/s (Iter/s after it)


def test_a_searching_bot_with_an_iteration_budget_is_reproducible():
    def once():
        run = arena.prepare("boss-quest", "hard,heuristic", 2, seed=21, budget=4)
        return arena.play(run)

    first, again = once(), once()
    assert [r.outcome_key() for r in first.records] == [r.outcome_key() for r in again.records]
    hard = first.summary.bots[0]
    assert hard.iterations is not None and 0 < hard.iterations <= 4 * hard.decisions


def test_a_run_is_reproducible_and_rotated():
    run = arena.prepare("boss-quest", "heuristic,random", 6, seed=11)
    first = arena.play(run)
    again = arena.play(arena.prepare("boss-quest", "heuristic,random", 6, seed=11))
    assert [r.outcome_key() for r in first.records] == [r.outcome_key() for r in again.records]
    other = arena.play(arena.prepare("boss-quest", "heuristic,random", 6, seed=12))
    assert [r.outcome_key() for r in other.records] != [r.outcome_key() for r in first.records]
    seats = Counter((r.seating.index(0)) for r in first.records)
    assert seats == {0: 3, 1: 3}
    assert sum(b.games for b in first.summary.bots) == 12
    assert sum(first.summary.seat_wins) == pytest.approx(6)


def test_two_processes_play_the_same_games_as_one():
    run = arena.prepare("overseers", "heuristic,random", 5, seed=3)
    one = arena.play(run, jobs=1)
    two = arena.play(run, jobs=2)
    assert [r.outcome_key() for r in one.records] == [r.outcome_key() for r in two.records]
    keep = ("games", "wins", "win_rate", "ci_low", "ci_high", "average_score", "average_place",
            "decisions")
    for a, b in zip(one.summary.bots, two.summary.bots, strict=True):
        assert [getattr(a, k) for k in keep] == [getattr(b, k) for k in keep]


def test_no_more_processes_than_games(monkeypatch):
    """Hostile-input play-test: `--games 2 --jobs 8` started 8 workers and
    `--games 1 --jobs 10000` reported "(10000 processes)". The processes
    are capped at the games to play, and the report says how many were used."""
    import multiprocessing

    real = multiprocessing.get_context
    pools: list[int] = []

    class Counted:
        def __init__(self, kind):
            self.context = real(kind)

        def Pool(self, processes, **kwargs):  # noqa: N802 (multiprocessing's name)
            pools.append(processes)
            return self.context.Pool(processes, **kwargs)

    monkeypatch.setattr(multiprocessing, "get_context", Counted)
    run = arena.prepare("boss-quest", "random,random", 2, seed=4)
    assert arena.play(run, jobs=8).jobs == 2 and pools == [2]
    out = io.StringIO()
    assert arena.simulate("boss-quest", games=1, bots="random", seed=1, players=2, jobs=10000,
                          console=Console(file=out, width=200)) == 0
    assert "(1 process)" in out.getvalue() and "10000" not in out.getvalue()
    assert pools == [2]  # the one game was played here


def test_the_first_games_of_a_longer_run_are_the_same_games():
    short = arena.play(arena.prepare("boss-quest", "random,random", 3, seed=8))
    long = arena.play(arena.prepare("boss-quest", "random,random", 5, seed=8))
    assert [r.outcome_key() for r in short.records] == [
        r.outcome_key() for r in long.records[:3]
    ]


def ctrl_c_at_game(monkeypatch, stop: int):
    """Ctrl+C as game `stop` of a run begins; the real `arena.play_one`
    is returned, to put back."""
    play_one = arena.play_one

    def stopping(run, number):
        if number == stop:
            raise KeyboardInterrupt
        return play_one(run, number)

    monkeypatch.setattr(arena, "play_one", stopping)
    return play_one


def test_ctrl_c_reports_the_games_finished(monkeypatch):
    ctrl_c_at_game(monkeypatch, 3)
    out = io.StringIO()
    code = arena.simulate("boss-quest", games=10, bots="heuristic,random", seed=1,
                          console=Console(file=out, width=120))
    assert code == 130
    assert "Stopped (Ctrl+C or a signal) after 3 of 10 games" in out.getvalue()
    result = arena.play(arena.prepare("boss-quest", "heuristic,random", 10, seed=1))
    assert result.interrupted and result.summary.games == 3


def test_timed_bot_counts_search_iterations():
    from types import SimpleNamespace

    class Searcher:
        name = "searcher"
        last = None

        def choose(self, game, view, seat, legal, rng):
            # a forced move searches nothing but is still a new search
            self.last = SimpleNamespace(iterations=0 if len(legal) == 1 else 7)
            return legal[0]

    timed = arena.Timed(Searcher())
    for legal in ((1, 2), (1,), (1, 2, 3)):
        timed.choose(None, None, 0, legal, None)
    assert (timed.decisions, timed.iterations) == (3, 14)
    plain = arena.Timed(arena.build_bot("boss-quest", BotSpec("random", "random")))
    plain.choose(None, None, 0, (1, 2), random.Random(1))
    assert plain.iterations == -1


def test_summary_sums_iterations_of_searching_bots_only():
    records = [
        attrs.evolve(record(n, (n % 2, 1 - n % 2), (2, 1), {0}),
                     iterations=(100, -1) if n % 2 == 0 else (-1, 100))
        for n in range(4)
    ]
    a, b = summarize(records, ["search", "plain"], 2).bots
    assert a.iterations == 400 and a.iterations_per_second == 400 / a.thinking
    assert b.iterations is None and b.iterations_per_second is None


def test_moves_count_decisions_not_chance():
    result = arena.play(arena.prepare("boss-quest", "random,random", 2, seed=5))
    (bot,) = result.summary.bots
    assert 0 < bot.decisions < result.summary.actions
    for r in result.records:
        assert sum(r.decisions) < r.actions


def run_json(capsys, *args):
    code = cli.main(["simulate", *args, "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return json.loads(captured.out)


def test_json_shape(capsys):
    data = run_json(capsys, "overseers", "--bots", "heuristic,random", "-n", "3", "--seed", "2")
    assert set(data) == {
        "game", "title", "players", "options", "seed", "games", "games_asked", "interrupted",
        "jobs", "rotate", "lineup", "held_seats", "bots", "head_to_head", "seats", "actions",
        "resumed", "wall_seconds", "actions_per_second", "games_per_second", "warnings",
    }
    assert (data["games_asked"], data["interrupted"]) == (3, False)
    assert (data["game"], data["players"], data["seed"], data["games"]) == ("overseers", 3, 2, 3)
    assert data["lineup"] == ["heuristic", "random", "random"]
    heuristic, random_ = data["bots"]
    assert set(heuristic) == {
        "bot", "level", "settings", "budget", "games", "wins", "win_rate", "ci95", "average_score",
        "average_place", "decisions", "thinking_seconds", "moves_per_second", "iterations",
        "iterations_per_second",
    }
    # neither bot searches
    assert heuristic["iterations"] is None and heuristic["iterations_per_second"] is None
    assert (heuristic["games"], random_["games"]) == (3, 6)
    low, high = heuristic["ci95"]
    assert 0 <= low <= heuristic["win_rate"] <= high <= 1
    (meeting,) = data["head_to_head"]
    assert (meeting["bot"], meeting["other"], meeting["games"]) == ("heuristic", "random", 3)
    assert set(meeting) == {"bot", "other", "games", "score", "rate", "ci95"}
    assert [s["seat"] for s in data["seats"]] == [1, 2, 3]
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(3)
    assert data["actions"] > 0


def test_json_is_the_same_for_the_same_seed(capsys):
    args = ("boss-quest", "--bots", "heuristic,random", "-n", "4", "--seed", "9",
            "-o", "potions=true")
    clockless = ("wall_seconds", "actions_per_second", "games_per_second")
    a, b = run_json(capsys, *args), run_json(capsys, *args)
    for data in (a, b):
        for key in clockless:
            data.pop(key)
        for bot in data["bots"]:
            bot.pop("thinking_seconds"), bot.pop("moves_per_second")
    assert a == b
    assert a["options"] == {"potions": True}


def test_solo_quest_reports_the_bot_alone(capsys):
    data = run_json(capsys, "boss-quest", "--bots", "heuristic", "-n", "4", "--seed", "1")
    assert data["players"] == 1
    (bot,) = data["bots"]
    assert bot["games"] == 4 and bot["average_place"] is None
    assert bot["win_rate"] == data["seats"][0]["win_rate"]
    out = io.StringIO()
    assert arena.simulate("boss-quest", games=2, bots="heuristic", seed=1,
                          console=Console(file=out, width=120)) == 0
    text = out.getvalue()
    assert "Boss Quest at 1 player" in text and "Avg place" not in text


def test_solo_quest_bots_that_answer_without_searching_say_so():
    """The Solo Quest's normal and hard bots play their own answer, not a
    tree search: the report named a budget of iterations they never ran."""
    out = io.StringIO()
    assert arena.simulate("boss-quest", games=2, bots="normal", seed=1,
                          console=Console(file=out, width=120)) == 0
    text = " ".join(out.getvalue().split())  # the console wraps its lines
    assert "normal answered every move by its game's own play" in text
    assert "(its budget, 1,200 iterations, bounds that play where the game uses it)" in text
    assert "no clock: the same seed plays the same games" in text
    assert "iterations a move" not in text
    out = io.StringIO()
    assert arena.simulate("boss-quest", games=1, players=2, bots="normal:iterations=20",
                          seed=1, console=Console(file=out, width=120)) == 0
    assert "searches 20 iterations a move" in out.getvalue()


def test_overstocked_solo_run(capsys):
    data = run_json(capsys, "overstocked", "--bots", "random", "-o", "solo=true", "-n", "2",
                    "--seed", "1")
    assert data["held_seats"] == [0] and data["lineup"] == ["random"]
    assert data["bots"][0]["games"] == 2


def test_table_output_off_a_terminal_is_plain():
    out = io.StringIO()
    code = arena.simulate("boss-quest", games=4, bots="random,heuristic", seed=1,
                          console=Console(file=out, width=120))
    text = out.getvalue()
    assert code == 0
    assert "\x1b[" not in text  # no colour, no progress bar in a log
    assert "Boss Quest at 2 players: 4 games, seed 1" in text
    assert "95% CI" in text and "heuristic" in text and "actions/s" in text


@pytest.mark.parametrize("width", [80, 100])
def test_the_figures_are_never_cut_in_a_narrow_terminal(width):
    """At 80 columns Rich cut every column of the nine to fit ("66.…",
    "48.8%…", an empty Wins): the figures go in two tables when one does
    not fit, a long name folds, and no figure is cut."""
    out = io.StringIO()
    assert arena.simulate("overseers", games=2, bots="normal:iterations=20:tree_depth=2,"
                          "easy,heuristic", players=4, seed=3, quiet=True,
                          console=Console(file=out, width=width)) == 0
    text = out.getvalue()
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
    for header in ("Games", "Wins", "Win rate", "95% CI", "Avg score", "Avg place",
                   "Moves/s", "Iter/s"):
        assert header in text
    assert text.count("normal:iterations=20:tree_depth=2 │") == 2  # once a table
    assert "│    50.0% │ 9.5%-90.5% │" in text


def test_the_progress_bar_keeps_its_count_and_times_at_80_columns():
    """A long line-up at 80 columns squeezed the count and the times to
    "1… 0:… 0:…": the bar narrows, then the description is shortened."""
    long = "overseers: normal:iterations=60:tree_depth=2 vs easy vs heuristic"
    description, bar = arena._bar_layout(long, 30, 80)
    counts = len("30/30 0:00:05 0:00:26") + 1  # and the space before them
    assert bar == arena.MIN_BAR and description.endswith("…")
    assert len(description) + 1 + bar + counts <= 80
    assert long.startswith(description[:-1])
    short = "overseers: easy vs heuristic"  # the bar takes the rest of the line
    assert arena._bar_layout(short, 3000, 80) == (
        short, 80 - len(f"{short}  3000/3000 0:00:00 0:00:00"))
    assert arena._bar_layout(long, 30, 200) == (long, arena.FULL_BAR)


def _watch_progress(monkeypatch) -> list[bool]:
    """Whether each `arena.play` from now on was given a progress bar."""
    seen: list[bool] = []
    play = arena.play

    def watch(run, jobs=1, progress=None, **kwargs):
        seen.append(progress is not None)
        return play(run, jobs, progress, **kwargs)

    monkeypatch.setattr(arena, "play", watch)
    return seen


def test_progress_bar_only_on_a_terminal(monkeypatch):
    seen = _watch_progress(monkeypatch)
    for terminal in (False, True):
        out = io.StringIO()
        console = Console(file=out, width=120, force_terminal=terminal)
        assert arena.simulate("boss-quest", games=2, bots="random", seed=1,
                              players=2, console=console) == 0
    assert arena.simulate("boss-quest", games=2, bots="random", seed=1, quiet=True,
                          console=Console(file=io.StringIO(), force_terminal=True)) == 0
    assert seen == [False, True, False]


def test_progress_bar_on_stderr_when_only_stderr_is_a_terminal(monkeypatch):
    """`--json > run.json` (or a table piped to tee) watched from a terminal:
    the bar goes to stderr, the output stays clean (there was no bar)."""
    seen = _watch_progress(monkeypatch)
    out, err = io.StringIO(), io.StringIO()
    assert arena.simulate("boss-quest", games=2, bots="random", seed=1, players=2,
                          as_json_output=True, console=Console(file=out, width=120),
                          err=Console(file=err, width=120, force_terminal=True)) == 0
    assert seen == [True]
    assert json.loads(out.getvalue())["games"] == 2  # the JSON alone
    assert "boss-quest: random" in err.getvalue()  # the bar's line
    quiet_err = io.StringIO()
    assert arena.simulate("boss-quest", games=2, bots="random", seed=1, players=2,
                          quiet=True, console=Console(file=io.StringIO(), width=120),
                          err=Console(file=quiet_err, force_terminal=True)) == 0
    assert seen == [True, False] and quiet_err.getvalue() == ""


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["chess"], "no game 'chess'"),
        (["boss-quest", "--bots", "random,genius"], "no 'genius' bot"),
        (["boss-quest", "--bots", "heuristic:iterations=9"],
         "the heuristic bot takes no setting iterations (it has no settings)"),
        # a setting no bot takes: the settings it does, not Python's error
        # ("make_bot() got an unexpected keyword argument 'foo'", play-test)
        (["boss-quest", "--bots", "normal:foo=3"],
         "the normal bot takes no setting foo; its settings: iterations, seconds, tree_depth"),
        (["boss-quest", "--bots", "hard,heuristic,normal", "-p", "2"],
         "3 bots named, but only 2 seats to fill"),
        (["boss-quest", "-n", "0"], "--games"),
        (["boss-quest", "--jobs", "0"], "--jobs"),
        (["boss-quest", "--budget", "0"], "--budget"),
        (["boss-quest", "--budget", "0%"], "--budget"),
        (["boss-quest", "--budget", "ten"], "--budget"),
        (["overboss-duel", "--bots", "random", "--players", "3"], "seats 2 players, not 3"),
        (["overboss-duel", "--bots", "random,random,random"], "at most 2"),
        (["overseers", "--bots", "random,random,random", "--players", "2"], "not 2"),
        (["boss-quest", "-o", "ulul=tuesday"], "one of off, classic, night, not"),
        # "red" is read as R, so the message names both
        (["boss-quest", "-p", "1", "-o", "solo_colour=pink"],
         "one of R (red), B (blue), Y (yellow), P (purple), G (green), not 'pink'"),
        (["boss-quest", "-o", "spells=3"], "no option 'spells'"),
        # a setting the bot takes with a value it cannot use (these crashed
        # with a traceback mid-game, or played a search of no iterations)
        (["overboss-duel", "--bots", "hard:iterations=abc"], "iterations is a whole number"),
        (["overboss-duel", "--bots", "hard:iterations=0"], "iterations is a whole number"),
        (["overboss-duel", "--bots", "hard:iterations=2.5"], "iterations is a whole number"),
        (["overboss-duel", "--bots", "hard:seconds=abc"], "seconds is a number above 0"),
        (["overboss-duel", "--bots", "hard:seconds=-1"], "seconds is a number above 0"),
        (["overboss-duel", "--bots", "hard:tree_depth=x"], "tree_depth is 1 or more"),
        # an empty name was dropped, so the seats were not the names given
        (["boss-quest", "--bots", ",random"], "--bots ',random' has an empty bot name"),
        (["boss-quest", "--bots", "hard,,random"], "has an empty bot name"),
        # no clock at all: a search that never ends without an iteration cap
        (["overboss-duel", "--bots", "hard:seconds=inf"], "a number above 0 (and finite)"),
    ],
)
def test_bad_input_gets_one_line(capsys, args, says):
    # one game unless the case says otherwise (a later -n wins)
    assert cli.main(["simulate", args[0], "-n", "1", "--seed", "1", *args[1:]]) == 2
    captured = capsys.readouterr()
    assert says in captured.err
    assert captured.err.count("\n") == 1 and captured.err.startswith("overtable simulate:")
    assert captured.out == ""
    assert "make_bot" not in captured.err and "seat(s)" not in captured.err


def test_a_bots_level_is_read_in_any_case():
    """Play-test: ``--bots Hard,normal`` said "no 'Hard' bot"; the levels
    are one word each, read in any case."""
    from core.arena import parse_bots

    assert [s.level for s in parse_bots("Hard, NORMAL:iterations=5,random")] == [
        "hard", "normal", "random"]
    assert cli.main(["simulate", "boss-quest", "-n", "1", "--seed", "1",
                     "--bots", "Random,HEURISTIC", "--quiet"]) == 0


def test_a_bot_named_in_capitals_is_reported_by_its_level_name(tmp_path):
    """Play-test: ``--bots Hard`` played hard but the table's Bot column and
    the lines under it read "Hard searches 200 iterations a move" and
    "Seats: Hard, heuristic"; the JSON and the log's header kept "Hard" too.
    The canonical lower-case name everywhere (a setting kept as given)."""
    assert parse_bot(" Hard : iterations = 5 ").text == "hard:iterations=5"
    assert [s.text for s in parse_bots("HEURISTIC,Hard:iterations=5")] == [
        "heuristic", "hard:iterations=5"]
    kwargs = dict(games=1, bots="Hard:iterations=3,HEURISTIC", seed=1)
    out = io.StringIO()
    assert arena.simulate("overstocked", console=Console(file=out, width=200),
                          log=tmp_path / "run.jsonl", **kwargs) == 0
    text = out.getvalue()
    assert "Hard" not in text and "HEURISTIC" not in text
    said = " ".join(text.split())
    assert "│ hard:iterations=3" in text and "│ heuristic" in text
    assert "hard:iterations=3 searches 3 iterations a move" in said
    assert "Seats: hard:iterations=3, heuristic," in said
    header = json.loads((tmp_path / "run.jsonl").read_text().splitlines()[0])
    assert header["bots"] == ["hard:iterations=3", "heuristic"]
    data = json.loads(_json_of("overstocked", "Hard:iterations=3,HEURISTIC"))
    assert [b["bot"] for b in data["bots"]] == ["hard:iterations=3", "heuristic"]
    assert data["lineup"] == ["hard:iterations=3", "heuristic"]
    assert {name for m in data["head_to_head"] for name in (m["bot"], m["other"])} == {
        "hard:iterations=3", "heuristic"}
    # "Hard" and "hard" are one bot, as "hard,hard" is
    assert [s.text for s in arena.prepare("overstocked", "Hard,hard", 2, seed=1).bots] == [
        "hard"]


def test_a_log_written_with_a_capital_level_name_is_continued(capsys, tmp_path):
    """A log begun before the names were made lower-case (its header says
    "Heuristic") is the same run as ``--bots heuristic``."""
    log = tmp_path / "run.jsonl"
    args = ("boss-quest", "--bots", "Heuristic,random", "--seed", "4", "--log", str(log))
    run_json(capsys, *args, "-n", "2")
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["bots"] = ["Heuristic", "random"]  # as an earlier version wrote it
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    more = run_json(capsys, *args, "-n", "3")
    assert (more["games"], more["resumed"]) == (3, 2)


# -- the log of a long run (--log) ----------------------------------------------


def clockless(data):
    for key in ("wall_seconds", "actions_per_second", "games_per_second", "resumed"):
        data.pop(key)
    for bot in data["bots"]:
        bot.pop("thinking_seconds"), bot.pop("moves_per_second")
    return data


def test_a_logged_run_continues_with_more_games(capsys, tmp_path):
    log = tmp_path / "run.jsonl"
    args = ("boss-quest", "--bots", "heuristic,random", "--seed", "4", "--log", str(log))
    first = run_json(capsys, *args, "-n", "4")
    assert first["resumed"] == 0 and first["games"] == 4
    lines = log.read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["arena_log"] == 1
    more = run_json(capsys, *args, "-n", "6")
    assert more["resumed"] == 4 and more["games"] == 6
    assert len(log.read_text().splitlines()) == 7
    fresh = run_json(capsys, "boss-quest", "--bots", "heuristic,random", "--seed", "4", "-n", "6")
    assert clockless(more) == clockless(fresh)
    # fewer games than the log holds: the first ones only, nothing played
    fewer = run_json(capsys, *args, "-n", "2")
    assert (fewer["games"], fewer["resumed"]) == (2, 2)


def test_a_stopped_run_continues_where_it_stopped(monkeypatch, tmp_path):
    log = tmp_path / "run.jsonl"
    play_one = ctrl_c_at_game(monkeypatch, 3)
    kwargs = dict(games=8, bots="heuristic,random", seed=6, log=log)
    assert arena.simulate("boss-quest", console=Console(file=io.StringIO()), **kwargs) == 130
    assert len(log.read_text().splitlines()) == 1 + 3
    monkeypatch.setattr(arena, "play_one", play_one)
    with log.open("a") as torn:  # a line cut short as the process died
        torn.write('{"number": 3, "se')
    out = io.StringIO()
    assert arena.simulate("boss-quest", console=Console(file=out, width=120), **kwargs) == 0
    assert "5 games played" in out.getvalue() and "3 from the log" in out.getvalue()
    assert len(log.read_text().splitlines()) == 1 + 8
    numbers = [json.loads(line)["number"] for line in log.read_text().splitlines()[1:]]
    assert sorted(numbers) == list(range(8))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        # "(seed differ)" read badly; a list of the fields fits one or several
        (["--seed", "5"], "(different: seed)"),
        (["--bots", "heuristic,heuristic"], "(different: bots, "),
        (["-o", "potions=true"], "(different: options)"),
    ],
)
def test_a_log_of_another_run_is_refused(capsys, tmp_path, change, says):
    log = tmp_path / "run.jsonl"
    base = ["simulate", "boss-quest", "--bots", "heuristic,random", "--seed", "4", "-n", "2",
            "--log", str(log)]
    assert cli.main(base) == 0
    capsys.readouterr()
    assert cli.main(base + change) == 2
    err = capsys.readouterr().err
    assert "of another run" in err and says in err
    assert len(log.read_text().splitlines()) == 3  # untouched


def test_log_needs_a_seed_and_readable_lines(capsys, tmp_path):
    log = tmp_path / "run.jsonl"
    assert cli.main(["simulate", "boss-quest", "-n", "1", "--log", str(log)]) == 2
    assert "--log needs --seed" in capsys.readouterr().err
    base = ["simulate", "boss-quest", "-n", "2", "--seed", "1", "--log", str(log)]
    assert cli.main(base) == 0
    lines = log.read_text().splitlines()
    log.write_text("\n".join([lines[0], "not json", lines[2]]) + "\n")
    capsys.readouterr()
    assert cli.main(base) == 2
    assert "bad line 2" in capsys.readouterr().err
    other = tmp_path / "other.txt"
    other.write_text("hello\n")
    assert cli.main([*base[:-1], str(other)]) == 2
    assert "not an arena log" in capsys.readouterr().err


@pytest.mark.parametrize(("line", "change"), [
    (2, {"seating": [0, 7]}),  # a bot the run has not
    (2, {"seating": [0]}),
    (2, {"scores": []}),
    (2, {"winners": [9]}),
    (2, {"decisions": [1]}),
    (2, {"thinking": [1e400, 0.1]}),
    (2, {"number": 1e400}),
    (2, "[" * 100_000),
    (1, "[" * 100_000),
], ids=["bot", "seats", "scores", "winner", "decisions", "thinking", "number", "deep", "header"])
def test_a_log_line_of_the_wrong_shape_is_named_not_a_traceback(capsys, tmp_path, line, change):
    """A line of the right JSON but the wrong values (a seat the run has
    not, a score list too short, a winner out of range, nesting too deep)
    ended `simulate --log` in a traceback (IndexError, RecursionError)."""
    log = tmp_path / "run.jsonl"
    base = ["simulate", "overboss-duel", "-n", "2", "--seed", "1", "--log", str(log), "-q"]
    assert cli.main(base) == 0
    lines = log.read_text().splitlines()
    if isinstance(change, str):
        lines[line - 1] = change
    else:
        record = json.loads(lines[line - 1])
        record.update(change)
        lines[line - 1] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n")
    before = log.read_bytes()
    capsys.readouterr()
    assert cli.main(base) == 2
    err = capsys.readouterr().err
    assert err.startswith("overtable simulate:") and err.count("\n") == 1
    assert f"bad line {line}" in err or (line == 1 and "not an arena log" in err)
    assert log.read_bytes() == before


def _screen(stream: str, width: int) -> list[str]:
    """The lines a terminal `width` wide shows after `stream` (text, \\r,
    \\n, erase line, cursor up; other escapes ignored), wrapping as xterm
    does: a character past the last column goes to the next line."""
    import re

    lines, row, col, pending = [""], 0, 0, False
    for token in re.findall(r"\x1b\[[0-9;?]*[A-Za-z]|\r|\n|[^\x1b\r\n]", stream):
        if token == "\r":
            col, pending = 0, False
        elif token == "\n":
            row, col, pending = row + 1, 0, False
        elif token.startswith("\x1b["):
            if token.endswith("K"):
                lines[row] = lines[row][:col]
            elif token.endswith("A"):
                row = max(0, row - int(token[2:-1] or 1))
            continue
        else:
            if pending:
                row, col, pending = row + 1, 0, False
            while len(lines) <= row:
                lines.append("")
            line = lines[row].ljust(col)
            lines[row] = line[:col] + token + line[col + 1:]
            col += 1
            if col == width:
                col, pending = width - 1, True
        while len(lines) <= row:
            lines.append("")
    return lines


def test_ctrl_c_leaves_no_progress_bar_on_screen(monkeypatch):
    """Ctrl+C during a run at 80 columns: the terminal echoes "^C" at the
    end of the bar's line; that line filled the width, so the echo wrapped
    onto the next line, the bar's erase cleared only that one, and the bar
    stayed drawn above "Stopped (Ctrl+C)". Its line now leaves room for the
    echo, and nothing of the bar is left on screen."""
    out = io.StringIO()
    real, played, echoed = arena.play_one, [], []

    def one(run, number):
        if len(played) == 5:
            echoed.append(len(out.getvalue()))  # the key is pressed here
            raise KeyboardInterrupt
        played.append(number)
        return real(run, number)

    monkeypatch.setattr(arena, "play_one", one)
    console = Console(file=out, width=80, force_terminal=True)
    assert arena.simulate("boss-quest", games=40, bots="random,heuristic", seed=1,
                          players=2, console=console) == 130
    stream = out.getvalue()
    assert "boss-quest: random vs heuristic" in stream[: echoed[0]]  # the bar was drawn
    shown = _screen(stream[: echoed[0]] + "^C" + stream[echoed[0]:], 80)
    assert not any("boss-quest: random" in line or "^C" in line for line in shown), shown
    assert any(line.startswith("Stopped (Ctrl+C or a signal) after 5 of 40 games") for line in shown)


def test_the_help_examples_run_in_a_minute_and_say_what_hard_costs():
    """Play-test: `simulate --help`'s first example (hard against heuristic,
    200 games) took hours: a hard game at its own budget took about 92 s.
    Every example bounds the search (--budget), plays side by side (--jobs)
    and few games; the help says what a hard bot's game costs."""
    text = arena.arena_help(width=100)
    examples = [line.split("#")[0].split() for line in text.splitlines()
                if line.startswith("  overtable simulate")]
    assert len(examples) == 3
    for words in examples:
        assert "--budget" in words and "--jobs" in words
        assert int(words[words.index("--games") + 1]) <= 20
    assert "Overboss Duel about 90 s" in " ".join(text.split())
    # Play-test: the examples' --budget 200 made hard and normal one bot;
    # an example comparing levels keeps each its own share
    compared = [words for words in examples if "hard" in words[words.index("--bots") + 1]
                and "normal" in words[words.index("--bots") + 1]]
    assert compared and all(words[words.index("--budget") + 1].endswith("%")
                            for words in compared)
    for words in examples:
        run = arena.prepare(words[2], words[words.index("--bots") + 1], 1, seed=1,
                            players=int(words[words.index("--players") + 1])
                            if "--players" in words else None,
                            budget=words[words.index("--budget") + 1])
        assert arena.alike(run) == []
    # "--budget 200 makes a game a few seconds" took 12 s of CPU a game in
    # Overboss Duel (35 s on a loaded machine)
    assert "a few seconds" not in text


def test_one_game_played_is_one_game():
    out = io.StringIO()
    assert arena.simulate("boss-quest", games=1, players=2, bots="random", seed=1,
                          console=Console(file=out, width=120)) == 0
    text = out.getvalue()
    assert "1 game played in" in text and "1 games" not in text


def test_the_notes_under_the_table_wrap_at_its_width_between_words():
    """Play-test (seersbots, finding 8): at 120 columns the note under a
    97-wide table broke mid-sentence at the 120th column ("... decisions
    per second" / "of its own thinking"): the lines under the table wrap
    at the table's width, between words."""
    out = io.StringIO()
    assert arena.simulate("overstocked", games=1, bots="hard,easy", seed=1, budget=2,
                          quiet=True, console=Console(file=out, width=160)) == 0
    lines = out.getvalue().splitlines()
    table = max(len(line) for line in lines if "│" in line or "┃" in line)
    assert table < 120
    notes = [line for line in lines if line and not any(c in line for c in "│┃┏┗┡└┌╇")]
    assert max(len(line) for line in notes) <= table, (table, notes)
    words = " ".join(" ".join(notes).split())
    assert "decisions per second of its own thinking" in words  # whole words, in order
