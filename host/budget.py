"""How long a searching bot may think: seconds per move by level.

Imports nothing but the standard library, so that the command line can
check `--bot-seconds` without loading the host.
"""

from __future__ import annotations

import logging
import os

log = logging.getLogger(__name__)

#: levels whose bots search for seconds (`core.bots.LEVELS` names them):
#: they think in a process of their own, never in the app's or the hub's
SEARCHING_LEVELS = frozenset({"normal", "hard"})
#: the environment variable that sets the searching bots' seconds per move
#: (`overtable --bot-seconds` sets it too): "S" for every searching level,
#: or "normal=2,hard=5"
BOT_SECONDS_ENV = "OVERTABLE_BOT_SECONDS"
#: the environment variable that caps the searching bots thinking at once
#: (their processes: a whole number from 1; never more than the cores)
WORKERS_ENV = "OVERTABLE_SEARCH_WORKERS"
#: the shortest and longest budget one may set, in seconds
MIN_SECONDS, MAX_SECONDS = 0.05, 600.0


def parse_bot_seconds(text: str) -> dict[str, float]:
    """ "3" (every searching level), "normal=2,hard=5", or both ("3,hard=5":
    hard 5, the others 3): seconds per move by level. ValueError, with a
    reason, for anything else (a level that does not search, one given
    twice)."""
    out: dict[str, float] = {}
    named: dict[str, float] = {}
    for part in text.split(","):
        level, _, value = part.rpartition("=")
        level = level.strip()
        try:
            seconds = float(value)
        except ValueError:
            raise ValueError(f"{value.strip()!r} is not a number of seconds") from None
        if not MIN_SECONDS <= seconds <= MAX_SECONDS:  # also refuses nan and inf
            raise ValueError(
                f"{value.strip()} is not from {MIN_SECONDS:g} to {MAX_SECONDS:g} seconds"
            )
        if level and level not in SEARCHING_LEVELS:
            # a mistyped level ("hrad=8") or one that does not search
            # ("easy=3") was kept and never read: the bots kept their budgets
            levels = " and ".join(sorted(SEARCHING_LEVELS, reverse=True))
            raise ValueError(f"{level!r} is not a level that searches (only {levels} do)")
        key = level or "*"
        if key in named:
            raise ValueError(f"{level or 'a number for every level'} is given twice")
        named[key] = seconds
    every = named.pop("*", None)
    if every is not None:  # "2,hard=5": 2 for every level hard=5 does not name
        out.update(dict.fromkeys(sorted(SEARCHING_LEVELS), every))
    out.update(named)
    return out


def bot_seconds_from_env() -> dict[str, float]:
    """The seconds per move set in $OVERTABLE_BOT_SECONDS (none when unset or
    unreadable: each level keeps its own budget)."""
    text = os.environ.get(BOT_SECONDS_ENV, "").strip()
    if not text:
        return {}
    try:
        return parse_bot_seconds(text)
    except ValueError as error:
        log.warning("%s=%r ignored: %s", BOT_SECONDS_ENV, text, error)
        return {}


def parse_workers(text: str) -> int:
    """A cap on the search processes: a whole number from 1. ValueError,
    with a reason, for anything else."""
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a whole number of processes") from None
    if value < 1:
        raise ValueError(f"{value} is not 1 or more processes")
    return value
