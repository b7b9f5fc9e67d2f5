"""The arena's pure parts: who sits where, each game's seed, the options
from the command line, and the statistics of a run (`overtable simulate`).

The matches themselves are played by `tui/arena.py` (worker processes, the
clock, the progress bar); everything here is pure and tested on its own.

Seats. The bots named on the command line make a *line-up*, one entry per
seat a player holds: each bot named takes one seat, and the last one named
fills the seats left (``hard,heuristic`` at three players is one hard and
two heuristic bots). Game ``n`` (from 0) seats the line-up turned ``n``
places: seat ``s`` holds entry ``(s - n) mod P``. Over any ``P``
consecutive games every entry holds every seat once, so with a number of
games that is a multiple of ``P`` every bot plays every seat equally often.

Seeds. Game ``n`` of a run with seed ``S`` draws chance and the bots'
randomness from its own generator, seeded with `game_seed(S, n)`: a game's
result depends only on ``S`` and ``n``, so a run is reproducible and the
games may be played in any order, in any number of processes.
"""

from __future__ import annotations

import enum
import hashlib
import math
import typing
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

#: the two-sided 95% quantile of the normal distribution
Z95 = 1.959963984540054

#: the most games one run takes (a guard against a typo)
MAX_GAMES = 10_000_000


class ArenaError(ValueError):
    """Bad input for a run; the message is one line for the command line."""


# -- statistics ------------------------------------------------------------------


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of `wins` out of `games`.

    `wins` may be fractional (a shared win counts as a share). With no
    games the interval is the whole of [0, 1].
    """
    if games <= 0:
        return (0.0, 1.0)
    if not -1e-9 <= wins <= games + 1e-9:
        raise ValueError(f"{wins} wins out of {games} games")
    wins = min(max(wins, 0.0), float(games))  # a sum of shares, rounded
    n = float(games)
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def places(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place from `Outcome.scores`: 1 + the seats ranked above
    it (a shared place shares the better number: 1, 1, 3)."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


# -- bots ----------------------------------------------------------------------------


@attrs.frozen
class BotSpec:
    """One bot as named on the command line: ``level[:key=value...]``."""

    #: what the results call the bot: its level in lower case and its
    #: settings as given, without spaces (``hard:iterations=2000``)
    text: str
    level: str
    #: settings passed to `make_bot` as keywords, e.g. (("iterations", 2000),)
    params: tuple[tuple[str, Any], ...] = ()

    def with_params(self, extra: dict[str, Any]) -> BotSpec:
        """This bot with `extra` settings it does not name itself."""
        mine = dict(self.params)
        added = tuple((k, v) for k, v in extra.items() if k not in mine)
        return attrs.evolve(self, params=self.params + added) if added else self


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    return text


def parse_bot(text: str) -> BotSpec:
    """``hard`` or ``hard:iterations=2000[:key=value...]``."""
    text = text.strip()
    level, *settings = text.split(":")
    # the levels are lower-case words: "Hard" is hard (a play-test's "no
    # 'Hard' bot")
    level = level.strip().lower()
    if not level:
        raise ArenaError(f"a bot needs a level name, not {text!r}")
    params: list[tuple[str, Any]] = []
    words = [level]
    for setting in settings:
        key, equals, value = setting.partition("=")
        key = key.strip()
        if not equals or not key.isidentifier() or not value.strip():
            raise ArenaError(
                f"bot setting {setting!r} in {text!r} is not key=value "
                "(e.g. hard:iterations=2000)"
            )
        if any(key == seen for seen, _ in params):
            raise ArenaError(f"bot {text!r} sets {key!r} twice")
        params.append((key, _value(value.strip())))
        words.append(f"{key}={value.strip()}")
    # what the results call the bot: its level's own name and its settings,
    # not the text as typed ("--bots Hard" played hard, and the table, the
    # lines under it, the JSON and the log's header all said "Hard")
    return BotSpec(":".join(words), level, tuple(params))


def parse_bots(text: str) -> tuple[BotSpec, ...]:
    """The comma-separated bots of ``--bots``; a bot may be named twice. An
    empty name (``,random``, ``hard,,random``, ``hard,``) is refused: the
    seats would be fewer than the names given seemed to say."""
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise ArenaError("--bots names no bot (e.g. --bots hard,heuristic)")
    if not all(parts):
        raise ArenaError(f"--bots {text!r} has an empty bot name (e.g. --bots hard,heuristic)")
    return tuple(parse_bot(part) for part in parts)


def distinct(specs: Iterable[BotSpec]) -> tuple[BotSpec, ...]:
    """The bots in the order first named, each once (by their text)."""
    seen: dict[str, BotSpec] = {}
    for spec in specs:
        seen.setdefault(spec.text, spec)
    return tuple(seen.values())


# -- seats ----------------------------------------------------------------------------


def default_players(bots: int, counts: range) -> int:
    """The seats when ``--players`` is not given: one per bot named, or the
    game's fewest when fewer bots are named."""
    if bots > counts.stop - 1:
        raise ArenaError(
            f"{bots} bots named but the game seats at most {counts.stop - 1} players"
        )
    return max(bots, counts.start)


def lineup(bots: int, seats: int) -> tuple[int, ...]:
    """Which named bot (by index) each of `seats` entries is: one each, the
    last named filling the rest."""
    if bots < 1:
        raise ArenaError("--bots names no bot")
    if bots > seats:
        raise ArenaError(f"{bots} bots named, but only {seats} seat{'' if seats == 1 else 's'} "
                         "to fill")
    return tuple(range(bots)) + (bots - 1,) * (seats - bots)


def seating(entries: Sequence[int], number: int) -> tuple[int, ...]:
    """Game `number`'s seating: seat s holds entry ``(s - number) mod P``."""
    size = len(entries)
    return tuple(entries[(seat - number) % size] for seat in range(size))


def game_seed(seed: int, number: int) -> int:
    """Game `number`'s own seed, from the run's seed (stable across Python
    versions and processes: a hash, not Python's `hash`)."""
    digest = hashlib.sha256(f"overtable-arena/{seed}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def held_seats(options: Any, players: int) -> tuple[int, ...]:
    """The seats a player holds: all of them, except in a solo mode whose
    second seat is the rulebook's own bot (Overstocked's solo, OS-8 and
    OS-19: seat 0 plays, seat 1 is the rules' bot)."""
    if getattr(options, "solo", False) is True and players == 2:
        return (0,)
    return tuple(range(players))


#: the name of a seat the game's own rules play, on every screen and list
RULES_BOT_NAME = "the bot"


def seat_names(options: Any, names: Sequence[str]) -> tuple[str, ...]:
    """The seats' names as the game's words call them: a seat the rules' own
    bot plays is "the bot", whatever name its header kept (the form's hidden
    "Bram", which headed a solo match's results and saved list)."""
    held = held_seats(options, len(names))
    return tuple(name if s in held else RULES_BOT_NAME for s, name in enumerate(names))


# -- options ---------------------------------------------------------------------------

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _field_kind(options_class: type, field: attrs.Attribute) -> Any:
    try:
        hints = typing.get_type_hints(options_class)
    except Exception:  # an annotation that does not resolve: read the field's own
        hints = {}
    return hints.get(field.name, field.type)


def _counts_text(counts: Any) -> str:
    counts = list(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players"
    return " or ".join(str(c) for c in counts) + (" player" if counts == [1] else " players")


def option_value(options_class: type, field: attrs.Attribute, text: str) -> Any:
    """`text` read as the field's type (bool, an enum's value, int, text)."""
    kind = _field_kind(options_class, field)
    default = field.default
    name = field.name
    if kind is bool or isinstance(default, bool):
        lowered = text.strip().lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ArenaError(f"option {name} is true or false, not {text!r}")
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if text.strip().lower() in (str(member.value).lower(), member.name.lower()):
                return member
        # the names are read too ("red" for R): say so where they differ
        values = ", ".join(
            str(m.value) if str(m.value).lower() == m.name.lower()
            else f"{m.value} ({m.name.lower()})"
            for m in kind
        )
        raise ArenaError(f"option {name} is one of {values}, not {text!r}")
    choices = field.metadata.get("choices")
    if kind is int or (isinstance(default, int) and not isinstance(default, bool)):
        try:
            value: Any = int(text)
        except ValueError:
            raise ArenaError(f"option {name} is a whole number, not {text!r}") from None
    else:
        value = text
    if choices and value not in choices:
        raise ArenaError(
            f"option {name} is one of {', '.join(str(c) for c in choices)}, not {text!r}"
        )
    return value


def make_options(game: Any, settings: Sequence[str], players: int) -> Any:
    """The game's Options from ``name=value`` texts (``--option``).

    The rulebook's standard game for every option not named. An unknown
    option, a bad value, an option that does not apply at `players` seats
    (its "players" metadata), or options the game refuses together raise
    `ArenaError` with one line saying which.
    """
    options_class = game.Options
    fields = {f.name: f for f in attrs.fields(options_class)} if attrs.has(options_class) else {}
    values: dict[str, Any] = {}
    for setting in settings:
        name, equals, text = setting.partition("=")
        name = name.strip().replace("-", "_")
        if not equals or not name:
            raise ArenaError(f"--option {setting!r} is not name=value")
        field = fields.get(name)
        if field is None:
            known = ", ".join(fields) or "none"
            raise ArenaError(f"{game.title} has no option {name!r}; options: {known}")
        if name in values:
            raise ArenaError(f"option {name} is given twice")
        counts = field.metadata.get("players")
        if counts is not None and players not in counts:
            raise ArenaError(
                f"option {name} applies at {_counts_text(counts)}, not at {players}"
            )
        values[name] = option_value(options_class, field, text.strip())
    try:
        options = options_class(**values)
        game.setup(players, options)
    except (TypeError, ValueError) as error:
        raise ArenaError(f"those {game.title} options do not go together: {error}") from None
    return options


def options_help(game: Any) -> list[str]:
    """The game's options as ``--option`` takes them, one line each: the
    name, its values, what it is, where it applies and its standard value
    (``overtable simulate --help``)."""
    options_class = game.Options
    if not attrs.has(options_class):
        return []
    lines = []
    for field in attrs.fields(options_class):
        kind = _field_kind(options_class, field)
        default = field.default
        if kind is bool or isinstance(default, bool):
            values, standard = "true|false", str(default).lower()
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            # by name, which option_value reads too ("green", not "G")
            values = "|".join(m.name.lower() for m in kind)
            standard = default.name.lower()
        else:
            choices = field.metadata.get("choices")
            values = "|".join(str(c) for c in choices) if choices else "VALUE"
            standard = str(default)
        where = field.metadata.get("players")
        about = field.metadata.get("label", "")
        if field.metadata.get("help"):
            about = f"{about}: {field.metadata['help'].rstrip('.')}"
        notes = ([_counts_text(where)] if where is not None else []) + [f"standard {standard}"]
        lines.append(f"{field.name}={values}: {about} ({'; '.join(notes)})")
    return lines


def options_words(options: Any, players: int) -> tuple[str, ...]:
    """The options of a match of `players` that differ from the standard
    game, a few words each ("Potions", "Boss Ul'ul: night"), for the saved
    matches' list. An option's metadata "changed" words it when it is not
    standard ("{value}" stands for its value); else its label before any
    colon or bracket. An option that does not apply at `players` is left out."""
    if not attrs.has(type(options)):
        return ()
    standard = type(options)()
    words = []
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        where = field.metadata.get("players")
        if value == getattr(standard, field.name) or (where is not None and players not in where):
            continue
        shown = value.name.lower() if isinstance(value, enum.Enum) else value  # "red", not "R"
        changed = field.metadata.get("changed")
        if changed is None:
            head = field.metadata.get("label", field.name).split(":")[0].split(" (")[0]
            changed = head if isinstance(value, bool) else head + ": {value}"
        text = changed.format(value=shown)
        words.append(text[:1].upper() + text[1:])
    return tuple(words)


def options_text(game: Any, options: Any) -> dict[str, Any]:
    """The options that differ from the standard game, as plain values."""
    if not attrs.has(type(options)):
        return {}
    standard = game.Options()
    changed: dict[str, Any] = {}
    for field in attrs.fields(type(options)):
        value = getattr(options, field.name)
        if value != getattr(standard, field.name):
            changed[field.name] = value.value if isinstance(value, enum.Enum) else value
    return changed


# -- results ------------------------------------------------------------------------------


@attrs.frozen
class GameRecord:
    """One game of a run, as the worker that played it reports it."""

    number: int
    seed: int
    #: per seat: the index (in the run's distinct bots) of the bot there, or
    #: -1 for a seat no named bot holds (the rules' bot of a solo mode)
    seating: tuple[int, ...]
    scores: tuple[int, ...]
    counted: tuple[int, ...]
    winners: frozenset[int]
    #: every action applied, chance included
    actions: int
    #: per seat: decisions made (chance excluded), and seconds spent choosing
    decisions: tuple[int, ...]
    thinking: tuple[float, ...]
    #: per seat: search iterations run, for a bot that reports them (its
    #: `last.iterations` after each decision, as `IsmctsBot` does); -1 for
    #: one that does not
    iterations: tuple[int, ...] = ()

    def outcome_key(self) -> tuple[Any, ...]:
        """Everything but the clock: equal for equal seeds, whatever ran it."""
        return (self.number, self.seed, self.seating, self.scores, self.counted,
                tuple(sorted(self.winners)), self.actions, self.decisions, self.iterations)


@attrs.frozen
class BotStats:
    """One bot's figures over a run (a seat it held in a game is a game)."""

    bot: str
    games: int
    #: a shared win counts as 1 / the number of winners
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    average_score: float
    #: None when the game has one seat (a place means nothing alone)
    average_place: float | None
    decisions: int
    thinking: float
    #: search iterations over the run; None for a bot that reports none
    iterations: int | None = None

    @property
    def moves_per_second(self) -> float | None:
        return self.decisions / self.thinking if self.thinking > 0 else None

    @property
    def iterations_per_second(self) -> float | None:
        """Search iterations per second of thinking (forced moves, which
        search nothing, count in the seconds too, for next to nothing)."""
        if self.iterations is None or self.thinking <= 0:
            return None
        return self.iterations / self.thinking


@attrs.frozen
class HeadToHead:
    """How often one bot finished above another, in the games both played.

    A game counts once: its score is the share of (seat of `bot`, seat of
    `other`) pairs in which `bot`'s seat ranked above (a shared place counts
    a half). At two seats it is `bot`'s win rate against `other`, a shared
    win counting a half.
    """

    bot: str
    other: str
    games: int
    score: float
    rate: float
    ci_low: float
    ci_high: float


@attrs.frozen
class Summary:
    bots: tuple[BotStats, ...]
    games: int
    actions: int
    #: per seat: games won there (shares), over every game
    seat_wins: tuple[float, ...]
    #: every pair of bots, in the order they were named
    head_to_head: tuple[HeadToHead, ...] = ()

    def seat_rates(self) -> tuple[float, ...]:
        return tuple(w / self.games if self.games else 0.0 for w in self.seat_wins)


def summarize(records: Sequence[GameRecord], names: Sequence[str], players: int) -> Summary:
    """The figures of a run, per bot (by index in `names`) and per seat.

    Sums run in game order, so the same games give the same figures
    however many processes played them.
    """
    ordered = sorted(records, key=lambda r: r.number)
    count = len(names)
    games = [0] * count
    wins = [0.0] * count
    score = [0] * count
    place = [0] * count
    decisions = [0] * count
    thinking = [0.0] * count
    iterations: list[int | None] = [None] * count
    seat_wins = [0.0] * players
    pairs = [(a, b) for a in range(count) for b in range(a + 1, count)]
    pair_games = dict.fromkeys(pairs, 0)
    pair_score = dict.fromkeys(pairs, 0.0)
    actions = 0
    for record in ordered:
        actions += record.actions
        for a, b in pairs:
            mine = [s for s, bot in enumerate(record.seating) if bot == a]
            theirs = [s for s, bot in enumerate(record.seating) if bot == b]
            if mine and theirs:
                above = sum(
                    1.0 if record.scores[x] > record.scores[y]
                    else 0.5 if record.scores[x] == record.scores[y] else 0.0
                    for x in mine for y in theirs
                )
                pair_games[a, b] += 1
                pair_score[a, b] += above / (len(mine) * len(theirs))
        share = 1.0 / len(record.winners) if record.winners else 0.0
        ranks = places(record.scores)
        for seat in record.winners:
            seat_wins[seat] += share
        for seat, bot in enumerate(record.seating):
            if bot < 0:
                continue
            games[bot] += 1
            if seat in record.winners:
                wins[bot] += share
            score[bot] += record.counted[seat]
            place[bot] += ranks[seat]
            decisions[bot] += record.decisions[seat]
            thinking[bot] += record.thinking[seat]
            ran = record.iterations[seat] if record.iterations else -1
            if ran >= 0:
                iterations[bot] = (iterations[bot] or 0) + ran
    stats = []
    for index, name in enumerate(names):
        n = games[index]
        low, high = wilson_interval(wins[index], n)
        stats.append(BotStats(
            bot=name,
            games=n,
            wins=wins[index],
            win_rate=wins[index] / n if n else 0.0,
            ci_low=low,
            ci_high=high,
            average_score=score[index] / n if n else 0.0,
            average_place=(place[index] / n if n else None) if players > 1 else None,
            decisions=decisions[index],
            thinking=thinking[index],
            iterations=iterations[index],
        ))
    meetings = []
    for a, b in pairs:
        n, score_ = pair_games[a, b], pair_score[a, b]
        low, high = wilson_interval(score_, n)
        meetings.append(HeadToHead(names[a], names[b], n, score_, score_ / n if n else 0.0,
                                   low, high))
    return Summary(tuple(stats), len(ordered), actions, tuple(seat_wins), tuple(meetings))
