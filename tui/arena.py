"""`overtable simulate`: the arena. Bots against bots over many seeded
games, seats rotated, played in one or more processes; the figures as a
Rich table or one JSON object (docs/opponents.md describes both).

The pure parts (seating, seeds, options, statistics) are `core/arena.py`;
this module plays the games, keeps the clock and prints.
"""

from __future__ import annotations

import contextlib
import enum
import json
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from core.arena import (
    MAX_GAMES,
    ArenaError,
    BotSpec,
    GameRecord,
    Summary,
    default_players,
    distinct,
    game_seed,
    held_seats,
    lineup,
    make_options,
    options_text,
    parse_bot,
    parse_bots,
    seating,
    summarize,
)


@attrs.frozen
class Run:
    """Everything that decides a run's games (picklable: sent to workers)."""

    game_id: str
    players: int
    options: Any
    #: the distinct bots, in the order first named, with their settings
    bots: tuple[BotSpec, ...]
    #: the line-up over the held seats: an index into `bots` per entry
    entries: tuple[int, ...]
    #: the seats a player holds (all but a solo mode's rules bot)
    held: tuple[int, ...]
    seed: int
    games: int
    rotate: bool = True

    def seats_of(self, number: int) -> tuple[int, ...]:
        """Per seat, the bot (index into `bots`) game `number` seats there,
        -1 where no named bot sits."""
        turned = seating(self.entries, number) if self.rotate else self.entries
        seats = [-1] * self.players
        for seat, bot in zip(self.held, turned, strict=True):
            seats[seat] = bot
        return tuple(seats)


def build_bot(game_id: str, spec: BotSpec) -> Any:
    """`make_bot(game_id, level, **settings)`; ArenaError for a bot the game
    does not have or a setting it does not take (a setting the bot built
    does not keep as an attribute of that name is not one it takes)."""
    from core.bots import make_bot

    try:
        bot = make_bot(game_id, spec.level, **dict(spec.params))
    except TypeError:
        # a keyword make_bot has not: said with the settings the bot takes
        # (Python's "make_bot() got an unexpected keyword argument" leaked)
        known = set(bot_settings(spec.level))
        unknown = [k for k, _ in spec.params if k not in known] or [k for k, _ in spec.params]
        raise ArenaError(_no_setting(spec, unknown)) from None
    except ValueError as error:
        raise ArenaError(f"bot {spec.text!r}: {error}") from None
    for key, value in spec.params:
        if not hasattr(bot, key):
            raise ArenaError(_no_setting(spec, [key]))
        if getattr(bot, key) != value:
            raise ArenaError(
                f"bot {spec.text!r}: the {spec.level} bot has {key}={getattr(bot, key)!r}, "
                f"not {value!r}"
            )
    return bot


def bot_settings(level: str) -> tuple[str, ...]:
    """The settings ``--bots level:key=value`` takes: a searching level's
    budget and tree depth (`core.bots.make_bot`); none for the others."""
    from core.bots import BUDGETS

    return ("iterations", "seconds", "tree_depth") if level in BUDGETS else ()


def _no_setting(spec: BotSpec, keys: Sequence[str]) -> str:
    """"bot 'normal:foo=3': the normal bot takes no setting foo; its
    settings: iterations, seconds, tree_depth"."""
    settings = bot_settings(spec.level)
    have = f"; its settings: {', '.join(settings)}" if settings else " (it has no settings)"
    word = "setting" if len(keys) == 1 else "settings"
    return f"bot {spec.text!r}: the {spec.level} bot takes no {word} {', '.join(keys)}{have}"


def searches(bot: Any) -> bool:
    """A bot with a search budget (`iterations` and `seconds`)."""
    return hasattr(bot, "iterations") and hasattr(bot, "seconds")


def budget_of(bot: Any) -> dict[str, Any]:
    """A searching bot's budget per move: {"iterations": n, "seconds": s}."""
    if not searches(bot):
        return {}
    return {"iterations": bot.iterations, "seconds": bot.seconds}


@attrs.frozen
class Share:
    """``--budget P%``: each searching level plays P% of its own iteration
    cap (hard keeps more than normal, as on the new-match screen)."""

    percent: float

    def of(self, iterations: int) -> int:
        return max(1, round(iterations * self.percent / 100))


def parse_budget(text: int | str | Share | None) -> int | Share | None:
    """--budget as given: a count of iterations ("200") or a share of each
    level's own ("10%"); ArenaError for anything else."""
    import math

    if text is None or isinstance(text, Share):
        return text
    if isinstance(text, int):
        value: int | Share = text
    else:
        word = text.strip()
        try:
            value = (Share(float(word[:-1])) if word.endswith("%") else int(word))
        except ValueError:
            value = 0
    if isinstance(value, Share):
        if not (math.isfinite(value.percent) and value.percent > 0):
            raise ArenaError(f"--budget is a share of each level's own, above 0%, not {text}")
    elif value < 1:
        raise ArenaError(
            f"--budget is a number of iterations, 1 or more, or a share such as 10%, not {text}"
        )
    return value


def settle_bot(game_id: str, spec: BotSpec, budget: int | Share | None) -> BotSpec:
    """`spec` with its search budget settled: a searching bot that names no
    `iterations` gets ``iterations=budget`` (--budget N), or that share of
    its level's own cap (--budget P%), else its level's own cap, and then no
    clock unless it names `seconds` itself, so a run is reproducible by its
    seed. Other bots are as named."""
    bot = build_bot(game_id, spec)
    named = dict(spec.params)
    if not searches(bot) or "iterations" in named:
        return spec
    if isinstance(budget, Share):
        if bot.iterations is None:
            return spec
        iterations = budget.of(bot.iterations)
    elif budget is not None:
        iterations = budget
    elif "seconds" in named:
        return spec
    else:
        iterations = bot.iterations
    if iterations is None:
        return spec
    settled = spec.with_params({"iterations": iterations})
    build_bot(game_id, settled)
    return settled


def alike(run: Run) -> list[tuple[str, str]]:
    """Pairs of bots named as different searching levels that play the same
    search here: the same settings once settled and the same search hooks
    (`--budget 200` gave hard and normal 200 iterations each, one bot under
    two names). Most levels differ by their budgets alone; Boss Quest's
    hard bot also rolls out otherwise (`core.bots.GAME_BUDGETS`), so it
    never plays alike with normal (the Solo Quest, where their play
    differs too, seats one bot)."""
    found = []
    for i, one in enumerate(run.bots):
        for other in run.bots[i + 1:]:
            if one.level == other.level or one.params != other.params:
                continue
            a, b = build_bot(run.game_id, one), build_bot(run.game_id, other)
            if searches(a) and searches(b) and getattr(a, "hooks", None) is getattr(b, "hooks", None):
                found.append((one.text, other.text))
    return found


def alike_warning(run: Run) -> str:
    """What `alike` found, in words with the way out; "" for nothing."""
    from core.bots import BUDGETS

    pairs = alike(run)
    if not pairs:
        return ""
    first = run.bots[[spec.text for spec in run.bots].index(pairs[0][0])]
    per_move = dict(first.params).get("iterations")
    each = f" ({per_move:,} iterations a move each)" if per_move is not None else ""
    names = "; ".join(f"{a} and {b}" for a, b in pairs)
    tenth = ",".join(f"{level}:iterations={Share(10).of(budget.iterations)}"
                     for level, budget in sorted(BUDGETS.items(), key=lambda kv: -(kv[1].iterations or 0))
                     if budget.iterations is not None)
    return (f"{names} play alike here{each}: the levels differ by their budgets alone, so "
            "this compares one search with itself. To compare levels, give each its own "
            f"share, --budget 10%, or its own iterations, --bots {tenth}.")


def prepare(
    game_id: str,
    bots: str,
    games: int,
    seed: int | None = None,
    players: int | None = None,
    options: Sequence[str] = (),
    budget: int | str | Share | None = None,
    rotate: bool = True,
) -> Run:
    """Check a run's input and settle it; ArenaError (one line) if it is bad."""
    from core import GAMES

    game = GAMES.get(game_id)
    if game is None:
        raise ArenaError(f"no game {game_id!r}; games: {', '.join(GAMES)}")
    if not 1 <= games <= MAX_GAMES:
        raise ArenaError(f"--games is a count from 1 to {MAX_GAMES:,}, not {games}")
    budget = parse_budget(budget)
    specs = parse_bots(bots)
    counts = game.players
    if players is None:
        players = default_players(len(specs), counts)
    elif players not in counts:
        seats = (f"{counts.start}" if len(counts) == 1
                 else f"{counts.start} to {counts.stop - 1}")
        raise ArenaError(f"{game.title} seats {seats} players, not {players}")
    chosen = make_options(game, options, players)
    held = held_seats(chosen, players)
    if len(specs) > len(held):
        seats = f"{len(held)} seat{'' if len(held) == 1 else 's'}"
        raise ArenaError(f"{len(specs)} bots named, but only {seats} to fill")
    named = distinct(specs)
    index = {spec.text: i for i, spec in enumerate(named)}
    entries = tuple(index[specs[i].text] for i in lineup(len(specs), len(held)))
    # an unknown bot or setting is refused here, before any game
    named = tuple(settle_bot(game_id, spec, budget) for spec in named)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    return Run(game_id, players, chosen, named, entries, held, seed, games, rotate)


class Timed:
    """A bot whose decisions are counted and timed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.decisions = 0
        self.seconds = 0.0
        #: search iterations, for a bot that reports its last search
        #: (`last.iterations`, as `IsmctsBot` does); -1 for one that does not
        self.iterations = -1

    def choose(self, game: Any, view: Any, seat: int, legal: Any, rng: random.Random) -> Any:
        before = getattr(self.bot, "last", None)
        started = time.perf_counter()
        action = self.bot.choose(game, view, seat, legal, rng)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        last = getattr(self.bot, "last", None)
        ran = getattr(last, "iterations", None)
        if isinstance(ran, int) and last is not before:
            self.iterations = max(self.iterations, 0) + ran
        return action


def play_one(run: Run, number: int) -> GameRecord:
    """Game `number` of `run`, from its own seed."""
    from core import GAMES
    from core.bots import RandomBot
    from core.playout import play_match

    game = GAMES[run.game_id]
    seed = game_seed(run.seed, number)
    seats = run.seats_of(number)
    bots = [Timed(build_bot(run.game_id, run.bots[b]) if b >= 0 else RandomBot()) for b in seats]
    _, outcome, actions = play_match(game, run.players, bots, random.Random(seed), run.options)
    return GameRecord(
        number=number,
        seed=seed,
        seating=seats,
        scores=tuple(outcome.scores),
        counted=tuple(outcome.counted),
        winners=frozenset(outcome.winners),
        actions=actions,
        decisions=tuple(b.decisions for b in bots),
        thinking=tuple(b.seconds for b in bots),
        iterations=tuple(b.iterations for b in bots),
    )


def play_chunk(run: Run, numbers: Sequence[int]) -> list[GameRecord]:
    return [play_one(run, n) for n in numbers]


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl+C to the parent, which stops the run."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@attrs.frozen
class Result:
    run: Run
    records: tuple[GameRecord, ...]
    summary: Summary
    wall: float
    jobs: int
    #: stopped by Ctrl+C: the figures are those of the games finished
    interrupted: bool = False
    #: games read from a log (--log), played in an earlier sitting
    resumed: int = 0
    #: actions of the games played in this sitting (what `wall` timed)
    new_actions: int = 0


def play(
    run: Run,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    done: Sequence[GameRecord] = (),
    on_record: Callable[[GameRecord], None] | None = None,
) -> Result:
    """Play every game of `run` in up to `jobs` processes (1: this one; no
    more than games left to play, the number `Result.jobs` holds); the
    records are the same whatever `jobs` is. `progress(n)` after n more;
    `on_record(record)` as each game ends. The games in `done` (read from
    a log) are not played again.

    Ctrl+C stops the run: the games already finished are its result (the
    games being played are dropped).
    """
    started = time.perf_counter()
    records: list[GameRecord] = list(done)
    finished = {r.number for r in done}
    todo = [n for n in range(run.games) if n not in finished]
    interrupted = False
    # no more processes than games to play: `--games 2 --jobs 8` started 8,
    # and the report named the processes asked for, not those used
    jobs = max(1, min(jobs, len(todo)))

    def finish(new: Sequence[GameRecord]) -> None:
        records.extend(new)
        if on_record:
            for record in new:
                on_record(record)
        if progress:
            progress(len(new))

    if jobs <= 1:
        try:
            for number in todo:
                finish([play_one(run, number)])
        except KeyboardInterrupt:
            interrupted = True
    else:
        import functools
        import multiprocessing

        searching = any(searches(build_bot(run.game_id, spec)) for spec in run.bots)
        # a searching bot's game takes minutes: one game at a time
        size = 1 if searching else max(1, min(100, len(todo) // (jobs * 20)))
        chunks = [todo[n:n + size] for n in range(0, len(todo), size)]
        # spawned, not forked: the progress bar's thread is running here
        context = multiprocessing.get_context("spawn")
        # leaving the block terminates the workers (Ctrl+C: at once)
        with context.Pool(jobs, initializer=_ignore_interrupts) as pool:
            try:
                for chunk in pool.imap_unordered(functools.partial(play_chunk, run), chunks):
                    finish(chunk)
            except KeyboardInterrupt:
                interrupted = True
    records.sort(key=lambda r: r.number)
    wall = time.perf_counter() - started
    names = [spec.text for spec in run.bots]
    summary = summarize(records, names, run.players)
    new_actions = sum(r.actions for r in records if r.number not in finished)
    return Result(run, tuple(records), summary, wall, jobs, interrupted, len(finished),
                  new_actions)


# -- the log of a long run (--log) ----------------------------------------------

#: the log's format, in its first line
LOG_FORMAT = 1


def log_header(run: Run) -> dict[str, Any]:
    """What a log's first line holds: everything that decides the games
    (the number of games aside, so a run can be extended)."""
    from core import GAMES

    return {
        "arena_log": LOG_FORMAT,
        "game": run.game_id,
        "players": run.players,
        "options": options_text(GAMES[run.game_id], run.options),
        "seed": run.seed,
        "bots": [spec.text for spec in run.bots],
        "settings": [dict(spec.params) for spec in run.bots],
        "lineup": list(run.entries),
        "held_seats": list(run.held),
        "rotate": run.rotate,
    }


def record_json(record: GameRecord) -> dict[str, Any]:
    return {
        "number": record.number,
        "seed": record.seed,
        "seating": list(record.seating),
        "scores": list(record.scores),
        "counted": list(record.counted),
        "winners": sorted(record.winners),
        "actions": record.actions,
        "decisions": list(record.decisions),
        "thinking": [round(t, 6) for t in record.thinking],
        "iterations": list(record.iterations),
    }


def record_from(data: dict[str, Any]) -> GameRecord:
    return GameRecord(
        number=int(data["number"]),
        seed=int(data["seed"]),
        seating=tuple(int(b) for b in data["seating"]),
        scores=tuple(int(v) for v in data["scores"]),
        counted=tuple(int(v) for v in data["counted"]),
        winners=frozenset(int(s) for s in data["winners"]),
        actions=int(data["actions"]),
        decisions=tuple(int(d) for d in data["decisions"]),
        thinking=tuple(float(t) for t in data["thinking"]),
        iterations=tuple(int(i) for i in data.get("iterations", ())),
    )


def _fits(record: GameRecord, run: Run) -> bool:
    """Whether `record` can be a game of `run`: its bots seated as the run
    seats them, a score, count and clock per seat, winners among the seats.
    (A line with a seat the run has not, or a score list too short, ended
    the run's report in a traceback.)"""
    import math

    seats = run.players
    return (
        0 <= record.number
        and record.seating == run.seats_of(record.number)
        and all(len(values) == seats for values in (
            record.scores, record.counted, record.decisions, record.thinking))
        and len(record.iterations) in (0, seats)
        and all(0 <= winner < seats for winner in record.winners)
        and all(math.isfinite(t) and t >= 0 for t in record.thinking)
        and record.actions >= 0
        and all(d >= 0 for d in record.decisions)
    )


def read_log(path: Any, run: Run) -> list[GameRecord]:
    """The games of `run` a log already holds (none if it is new or empty).

    ArenaError when the log is of another run (game, seats, options, seed,
    bots or their settings differ) or a line other than a torn last one
    cannot be read. Games numbered past `run.games` are left out.
    """
    from pathlib import Path

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as error:
        raise ArenaError(f"cannot read the log {path}: {error}") from None
    lines = text.splitlines()
    if not lines:
        return []
    header = json.loads(json.dumps(log_header(run)))
    try:
        theirs = json.loads(lines[0])
    except (ValueError, RecursionError):
        theirs = None
    if not isinstance(theirs, dict) or theirs.get("arena_log") != LOG_FORMAT:
        raise ArenaError(f"{path} is not an arena log")
    # a log begun before the bots' names were made lower-case ("Heuristic")
    # is of the same run as "heuristic"
    named = theirs.get("bots")
    if isinstance(named, list) and all(isinstance(name, str) for name in named):
        with contextlib.suppress(ArenaError):
            theirs["bots"] = [parse_bot(name).text for name in named]
    differ = [key for key in header if theirs.get(key) != header[key]]
    if differ:
        raise ArenaError(
            f"the log {path} is of another run (different: {', '.join(differ)}): "
            "give the same game, bots, seats, options and seed, or another --log"
        )
    records: dict[int, GameRecord] = {}
    for index, line in enumerate(lines[1:], start=2):
        try:
            record = record_from(json.loads(line))
            if not _fits(record, run):
                raise ValueError("not a game of this run")
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError):
            if index == len(lines) and not text.endswith("\n"):
                break  # the last line, cut short when the run was stopped
            raise ArenaError(f"the log {path} has a bad line {index}") from None
        if record.seed != game_seed(run.seed, record.number):
            raise ArenaError(f"the log {path} has a game of another seed at line {index}")
        if record.number < run.games:
            records.setdefault(record.number, record)
    return sorted(records.values(), key=lambda r: r.number)


class LogWriter:
    """Appends each finished game to the log, one JSON line, flushed."""

    def __init__(self, path: Any, run: Run) -> None:
        from pathlib import Path

        self.path = Path(path)
        try:
            if self.path.exists():
                data = self.path.read_bytes()
                if data and not data.endswith(b"\n"):
                    # a last line cut short when a run was stopped: dropped
                    with self.path.open("r+b") as torn:
                        torn.truncate(data.rfind(b"\n") + 1)
            fresh = not self.path.exists() or self.path.stat().st_size == 0
            self.file = self.path.open("a", encoding="utf-8")
            if fresh:
                self.write(log_header(run))
        except OSError as error:
            raise ArenaError(f"cannot write the log {self.path}: {error}") from None

    def write(self, data: dict[str, Any]) -> None:
        self.file.write(json.dumps(data, separators=(",", ":")) + "\n")
        self.file.flush()

    def __call__(self, record: GameRecord) -> None:
        self.write(record_json(record))

    def close(self) -> None:
        self.file.close()


# -- output -------------------------------------------------------------------


def _rate(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def as_json(result: Result) -> dict[str, Any]:
    """Everything about a run as plain JSON values (keys: docs/opponents.md)."""
    from core import GAMES

    run, summary = result.run, result.summary
    game = GAMES[run.game_id]
    wall = result.wall
    return {
        "game": run.game_id,
        "title": game.title,
        "players": run.players,
        "options": options_text(game, run.options),
        "seed": run.seed,
        "games": summary.games,
        "games_asked": run.games,
        "interrupted": result.interrupted,
        "jobs": result.jobs,
        "rotate": run.rotate,
        "lineup": [run.bots[b].text for b in run.entries],
        "held_seats": list(run.held),
        "bots": [
            {
                "bot": stats.bot,
                "level": spec.level,
                "settings": dict(spec.params),
                "budget": budget_of(build_bot(run.game_id, spec)),
                "games": stats.games,
                "wins": _rate(stats.wins),
                "win_rate": _rate(stats.win_rate),
                "ci95": [_rate(stats.ci_low), _rate(stats.ci_high)],
                "average_score": _rate(stats.average_score),
                "average_place": _rate(stats.average_place),
                "decisions": stats.decisions,
                "thinking_seconds": _rate(stats.thinking),
                # (a bot that does not search thinks too little to time:
                # its "96,000 a second" read as a comparison with the others)
                "moves_per_second": (None if stats.iterations is None
                                     else _rate(stats.moves_per_second)),
                "iterations": stats.iterations,
                "iterations_per_second": _rate(stats.iterations_per_second),
            }
            for stats, spec in zip(summary.bots, run.bots, strict=True)
        ],
        "head_to_head": [
            {
                "bot": meeting.bot,
                "other": meeting.other,
                "games": meeting.games,
                "score": _rate(meeting.score),
                "rate": _rate(meeting.rate),
                "ci95": [_rate(meeting.ci_low), _rate(meeting.ci_high)],
            }
            for meeting in summary.head_to_head
        ],
        "seats": [
            {"seat": seat + 1, "wins": _rate(wins), "win_rate": _rate(rate)}
            for seat, (wins, rate) in enumerate(
                zip(summary.seat_wins, summary.seat_rates(), strict=True)
            )
        ],
        "actions": summary.actions,
        "resumed": result.resumed,
        "wall_seconds": _rate(wall),
        "actions_per_second": _rate(result.new_actions / wall) if wall > 0 else None,
        "games_per_second": _rate((summary.games - result.resumed) / wall) if wall > 0 else None,
        "warnings": [w for w in (alike_warning(run),) if w],
    }


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


#: the progress bar's bar at its widest (Rich's own) and narrowest
FULL_BAR, MIN_BAR = 40, 10
#: columns the progress bar's line leaves free at its right: the terminal
#: echoes Ctrl+C as "^C" where the cursor is, at the end of that line; a
#: line the terminal's full width sent it onto the next one, the bar's own
#: erase cleared only that one, and the bar stayed on screen above the
#: "Stopped (Ctrl+C or a signal)" message
ECHO_ROOM = 3
#: the width the bots' names may fold to before the figures are split in two
#: tables
NAME_WIDTH = 16


def _figure_parts(headers: Sequence[str], rows: Sequence[Sequence[str]],
                  width: int) -> list[list[int]]:
    """The columns of each table the figures are printed in: one table when
    it fits `width` (the names folded to `NAME_WIDTH` at most), else two,
    each with the names (at 80 columns Rich cut every figure to "66.…")."""
    def needed(columns: Sequence[int]) -> int:
        cells = [max(len(headers[i]), *(len(row[i]) for row in rows)) for i in columns]
        if columns and columns[0] == 0:
            cells[0] = min(cells[0], NAME_WIDTH)
        return sum(cells) + 3 * len(cells) + 1  # "│ " before each, " " after, "│"

    every = list(range(len(headers)))
    if needed(every) <= width:
        return [every]
    split = headers.index("Avg score")  # the outcome, then the scores and speeds
    return [[0, *range(1, split)], [0, *range(split, len(headers))]]


def option_word(value: Any) -> str:
    """An option's value as --option takes it: "true", "red" (the title
    read "short_board=True", Python's word, and "solo_colour=R")."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return str(value)


def report(result: Result, console: Any) -> None:
    """The run as a Rich table and a few lines (plain text off a terminal)."""
    from rich.measure import Measurement
    from rich.table import Table

    from core import GAMES

    run, summary = result.run, result.summary
    game = GAMES[run.game_id]
    changed = options_text(game, run.options)
    solo = len(run.held) == 1
    heading = f"{game.title} at {run.players} player{'s' if run.players > 1 else ''}"
    if changed:
        heading += " (" + ", ".join(
            f"{k}={option_word(getattr(run.options, k))}" for k in changed) + ")"
    headers = ["Bot", "Games", "Wins", "Win rate", "95% CI", "Avg score"]
    if not solo or run.players > 1:
        headers.append("Avg place")
    # a bot that does not search thinks too little to time (its "96,000
    # moves a second" read as a comparison): the speeds are the searchers'
    searching = any(stats.iterations is not None for stats in summary.bots)
    if searching:
        headers += ["Moves/s", "Iter/s"]
    rows = []
    for stats in summary.bots:
        row = [
            stats.bot,
            str(stats.games),
            f"{stats.wins:g}",
            _percent(stats.win_rate),
            f"{_percent(stats.ci_low)}-{_percent(stats.ci_high)}",
            f"{stats.average_score:.2f}",
        ]
        if not solo or run.players > 1:
            row.append("-" if stats.average_place is None else f"{stats.average_place:.2f}")
        if searching:
            mps = None if stats.iterations is None else stats.moves_per_second
            row.append("-" if mps is None else f"{mps:,.0f}" if mps >= 100 else f"{mps:.2g}")
            ips = stats.iterations_per_second
            row.append("-" if ips is None or not stats.iterations else f"{ips:,.0f}")
        rows.append(row)
    title = f"{heading}: {_games(summary.games)}, seed {run.seed}"
    #: the widest table's cells: the lines under it wrap there, between
    #: words (a play-test's note broke mid-sentence at the 120th column
    #: under a table 97 wide)
    notes_width = 0
    for part in _figure_parts(headers, rows, console.width):
        table = Table(title=title)
        title = None
        for index in part:
            if index == 0:  # a long name folds; a figure is never cut
                table.add_column(headers[0], overflow="fold")
            else:
                table.add_column(headers[index], justify="right", no_wrap=True)
        for row in rows:
            table.add_row(*(row[index] for index in part))
        console.print(table)
        notes_width = max(notes_width, Measurement.get(console, console.options, table).maximum)
    # (not narrower than 60 where the terminal has them: a solo table is narrow)
    notes_width = min(max(notes_width, 60), console.width)

    def say(text: str, **kwargs: Any) -> None:
        console.print(text, width=notes_width, **kwargs)

    if result.interrupted:
        say(f"Stopped (Ctrl+C or a signal) after {summary.games} of {_games(run.games)}: "
            "the figures are those games'.")
    meetings = [m for m in summary.head_to_head if m.games]
    if meetings and run.players > 2:
        # at two seats this is the win rate again
        for m in meetings:
            say(
                f"{m.bot} finished above {m.other} in {_percent(m.rate)} of {_games(m.games)} "
                f"(95% CI {_percent(m.ci_low)}-{_percent(m.ci_high)}; a shared place counts "
                "a half)."
            )
    if run.players > 1:
        seats = ", ".join(
            f"{seat + 1}: {_percent(rate)}" for seat, rate in enumerate(summary.seat_rates())
        )
        say(f"Win rate by seat: {seats}.")
    wall = result.wall
    per_second = f"{result.new_actions / wall:,.0f}" if wall > 0 else "-"
    played = summary.games - result.resumed
    earlier = f" ({result.resumed} from the log, played before)" if result.resumed else ""
    say(
        f"{_games(played)} played in {wall:.2f} s{earlier} ({result.jobs} process"
        f"{'es' if result.jobs > 1 else ''}): {result.new_actions:,} actions, "
        f"{per_second} actions/s."
        + (" Moves/s counts a searching bot's decisions per second of its own thinking, "
           "Iter/s its search iterations." if searching else "")
    )
    for stats, spec in zip(summary.bots, run.bots, strict=True):
        budget = budget_of(build_bot(run.game_id, spec))
        if not budget:
            continue
        per_move = []
        if budget["iterations"] is not None:
            per_move.append(f"{budget['iterations']:,} iterations")
        if budget["seconds"] is not None:
            per_move.append(f"{budget['seconds']:g} s")
        clock = budget["seconds"] is not None
        if stats.iterations == 0 and stats.decisions:
            # the game's own answer hook played every move (the Solo Quest:
            # normal's policy ignores the budget, hard reads its iterations
            # as deals)
            say(
                f"{spec.text} answered every move by its game's own play, without a tree "
                f"search (its budget, {' or '.join(per_move) or 'none'}, bounds that play "
                "where the game uses it)"
                + ("; with a clock, its games depend on the machine's speed and load."
                   if clock else "; no clock: the same seed plays the same games.")
            )
            continue
        say(
            f"{spec.text} searches {' or '.join(per_move) or 'without a bound'} a move"
            + (": with a clock, its games depend on the machine's speed and load."
               if clock else ", no clock: the same seed plays the same games.")
        )
    warning = alike_warning(run)
    if warning:
        say(f"Note: {warning}", markup=False, highlight=False)
    if solo and run.players > 1:
        say(f"Seat {run.held[0] + 1} is the player; the other is the rules' own bot.")
    elif not solo:
        lineup_text = ", ".join(run.bots[b].text for b in run.entries)
        say(
            f"Seats: {lineup_text}, "
            + ("turned one place each game" if run.rotate else "not rotated")
            + "; a shared win counts as a share."
        )


def _games(count: int) -> str:
    """"1 game", "2 games" ("1 games played" read as a slip)."""
    return f"{count} game" if count == 1 else f"{count} games"


def _is_terminal(console: Any) -> bool:
    return bool(getattr(console, "is_terminal", False))


def arena_help(width: int | None = None) -> str:
    """Every game's seats, bots and ``--option``s, and a few runs to start
    from: what `overtable simulate --help` adds to the arguments (these were
    only found in error messages)."""
    import shutil
    import textwrap

    from core import GAMES
    from core.arena import options_help
    from core.bots import ALL_BOTS, BUDGETS

    width = width or max(40, min(100, shutil.get_terminal_size().columns) - 2)
    lines = ["games, their seats and options (--option NAME=VALUE; the standard game "
             "unless named):"]
    for game_id, game in GAMES.items():
        seats = game.players
        lines.append(f"  {game_id}: {game.title}, {seats.start}-{seats.stop - 1} players"
                     if len(seats) > 1 else f"  {game_id}: {game.title}, {seats.start} players")
        for option in options_help(game):
            lines.extend(textwrap.wrap(option, width, initial_indent="    ",
                                       subsequent_indent="      "))
    kinds = {bots for bots in ALL_BOTS.values()}
    names = ", ".join(next(iter(kinds))) if len(kinds) == 1 else "; ".join(
        f"{game_id}: {', '.join(bots)}" for game_id, bots in ALL_BOTS.items())
    searching = " and ".join(BUDGETS)
    bots = (f"bots: {names}. {searching.capitalize()} search; they take "
            f":iterations=N (the same choices for the same seed) or :seconds=S, "
            f"e.g. hard:iterations=2000.")
    # measured on two busy cores: the first example's line, at hard's own
    # budget, took hours (about 92 s a game). At --budget 200 an Overboss
    # Duel game took 6.4 s of CPU (hard against heuristic), 12 s (hard
    # against normal, both at 200: a play-test's, 35 s of wall time on a
    # loaded machine), 16 s at hard 400 against normal 120 (2026-12-06)
    longest = max(budget.seconds for budget in BUDGETS.values())
    timing = (f"At their own budgets they think up to {longest:g} seconds a move: a game "
              "with a hard bot can take a minute or more (Overboss Duel about 90 s). --budget 200 gives every "
              "searching level 200 iterations, so hard and normal then play alike; --budget "
              "5% gives each level 5% of its own (hard 200, normal 60), so hard stays the "
              "stronger. At 200 iterations an Overboss Duel game takes about 6 s of CPU for "
              "one searching bot, 12 s for two, and several times that in wall time on a "
              "busy machine; --jobs plays games side by side, one a core.")
    lines += ["", *textwrap.wrap(bots, width), "",
              *textwrap.wrap(timing, width),
              "", "examples (each about a minute on two idle cores):",
              "  overtable simulate overboss-duel --bots hard,normal --games 10 --budget 5% "
              "--jobs 2 --seed 1",
              "  overtable simulate overseers --bots normal,easy,easy --games 20 --budget 5% "
              "--jobs 2",
              "  overtable simulate boss-quest --players 1 --bots hard --games 10 --budget 200 "
              "--jobs 2  # the Solo Quest"]
    return "\n".join(lines)


def simulate(
    game_id: str,
    *,
    games: int,
    bots: str,
    seed: int | None,
    players: int | None = None,
    options: Sequence[str] = (),
    budget: int | str | None = None,
    jobs: int = 1,
    rotate: bool = True,
    quiet: bool = False,
    as_json_output: bool = False,
    log: Any = None,
    console: Any = None,
    err: Any = None,
) -> int:
    """The `overtable simulate` command: 0; 2 for bad input (one line on
    stderr); 130 when Ctrl+C stopped it, 143 for SIGTERM (the games finished
    are reported)."""
    from rich.console import Console

    if console is None:
        console = Console()
        if not console.is_terminal:  # a log or a pipe: room for the whole table
            console.width = max(console.width, 120)
    err = err or Console(stderr=True)
    try:
        if jobs < 1:
            raise ArenaError(f"--jobs is a number of processes, 1 or more, not {jobs}")
        run = prepare(game_id, bots, games, seed, players, options, budget, rotate)
        done: list[GameRecord] = []
        writer = None
        if log is not None:
            if seed is None:
                raise ArenaError("--log needs --seed (a log continues one seed's games)")
            done = read_log(log, run)
            writer = LogWriter(log, run)
        warning = alike_warning(run)
        if warning:  # before a run that may take minutes, and again with the figures
            err.print(f"overtable simulate: note: {warning}", markup=False, highlight=False,
                      soft_wrap=True)
    except ArenaError as error:
        err.print(f"overtable simulate: {error}", markup=False, highlight=False,
                  soft_wrap=True)
        return 2
    try:
        with _signals_stop_the_run() as stopped:
            result = _play_shown(run, jobs, done, writer, console, quiet, err)
    finally:
        if writer is not None:
            writer.close()
    from tui.cli import output_may_be_gone  # (`| head -1`)

    # Rich's own answer to a reader gone is to exit with status 1: the
    # other commands end quietly with their own status
    console.on_broken_pipe = _reader_gone
    with output_may_be_gone():
        if as_json_output:  # the JSON alone on stdout, whatever the console would colour
            console.file.write(json.dumps(as_json(result), indent=2) + "\n")
            console.file.flush()
        else:
            report(result, console)
    # 128 + the signal's number, as shells and process supervisors read an
    # exit: 130 for Ctrl+C (SIGINT), 143 for SIGTERM (which said 130 too)
    return 128 + stopped.signum if result.interrupted else 0


class Stopped:
    """The signal that stopped a run: SIGINT (Ctrl+C) unless another's
    handler says otherwise."""

    def __init__(self) -> None:
        import signal

        self.signum = int(signal.SIGINT)


@contextlib.contextmanager
def _signals_stop_the_run() -> Iterator[Stopped]:
    """SIGTERM (`kill`, a job scheduler) stops a run as Ctrl+C does: the
    games finished are reported and the pool's workers end with it. By
    default it killed this process alone, and `--jobs` workers played on,
    orphaned, until their games ended (a hangup reaches the workers too).
    What it yields says which signal stopped the run (for the exit code)."""
    import signal

    stopped = Stopped()

    def interrupt(signum: int, frame: Any) -> None:
        stopped.signum = signum
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield stopped  # (signals can be handled in the main thread only)
        return
    kept = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield stopped
    finally:
        signal.signal(signal.SIGTERM, kept)


def _reader_gone() -> None:
    """A Rich console's `on_broken_pipe`: left to `output_may_be_gone`."""
    raise BrokenPipeError


def _bar_layout(description: str, games: int, width: int) -> tuple[str, int]:
    """The progress bar's description and bar width for a terminal `width`
    wide: the bar narrows, then the description is shortened, so the count
    and the times stay whole (at 80 columns a long line-up left
    "━╺━ 1… 0:… 0:…")."""
    counts = len(f"{games}/{games}") + 2 * len("0:00:00") + 4  # and the spaces between
    bar = min(FULL_BAR, max(MIN_BAR, width - counts - len(description)))
    room = width - counts - bar
    if len(description) > room:
        description = description[: max(1, room - 1)] + "…"
    return description, bar


def _play_shown(
    run: Run, jobs: int, done: list[GameRecord], writer: Any, console: Any, quiet: bool,
    err: Any = None,
) -> Result:
    """`play`, with a progress bar where someone watches: on the output when
    it is a terminal, else on stderr when that is one (``--json > run.json``
    or ``| tee`` showed no bar through a run of hours), never in a file."""
    if not _is_terminal(console) and _is_terminal(err):
        console = err
    if quiet or not _is_terminal(console):
        return play(run, jobs, done=done, on_record=writer)
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    names = " vs ".join(spec.text for spec in run.bots)
    description, bar_width = _bar_layout(f"{run.game_id}: {names}", run.games,
                                         console.width - ECHO_ROOM)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(bar_width=bar_width),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(escape(description), total=run.games, completed=len(done))
        return play(run, jobs, progress=lambda n: bar.advance(task, n), done=done,
                    on_record=writer)
