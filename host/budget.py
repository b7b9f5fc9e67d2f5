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
#: the shortest and longest budget one may set, in seconds
MIN_SECONDS, MAX_SECONDS = 0.05, 600.0


def parse_bot_seconds(text: str) -> dict[str, float]:
    """ "3" (every searching level) or "normal=2,hard=5": seconds per move
    by level. ValueError, with a reason, for anything else."""
    out: dict[str, float] = {}
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
        for name in (level,) if level else sorted(SEARCHING_LEVELS):
            out[name] = seconds
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
