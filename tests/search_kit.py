"""Bots and worker targets for the search-process tests.

They live in a module of their own so that a spawned worker process can
import them by name (a function defined inside a test could not be sent).
"""

from __future__ import annotations

import os
import time
from typing import Any

from host.search_process import MAX_ANSWER_BYTES


class LastBot:
    """Always plays the last legal action: its moves are recognisable."""

    name = "last"

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        return legal[-1]


class SlowBot:
    """Thinks for up to `seconds` (30 by default), polling `should_stop` the
    way a searching bot does, then plays the last legal action."""

    name = "slow"

    def __init__(self, seconds: float = 30.0) -> None:
        self.seconds = seconds
        self.should_stop: Any = None

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if self.should_stop is not None and self.should_stop():
                break
            time.sleep(0.005)
        return legal[-1]


class StubbornBot:
    """Thinks for `seconds` and offers no `should_stop`: it cannot be cut short."""

    name = "stubborn"

    def __init__(self, seconds: float = 30.0) -> None:
        self.seconds = seconds

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        time.sleep(self.seconds)
        return legal[-1]


class DyingBot:
    """Ends its whole process in the middle of a decision."""

    name = "dying"

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        os._exit(3)


class WrongBot:
    """Answers something that is not an action of the game."""

    name = "wrong"

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        return object()


def last_factory(game_id: str, level: str | None) -> Any:
    return LastBot()


def slow_factory(game_id: str, level: str | None) -> Any:
    return SlowBot()


def stubborn_factory(game_id: str, level: str | None) -> Any:
    return StubbornBot(float(level or 30))


def dying_factory(game_id: str, level: str | None) -> Any:
    return DyingBot()


def wrong_factory(game_id: str, level: str | None) -> Any:
    return WrongBot()


#: what a rogue worker sends back for each decision, by factory "level"
ROGUE_LINES = {
    "not-json": b"this is not JSON\n",
    "not-an-answer": b'{"hello": 1}\n',
    "oversized": b'{"answer": 1, "error": "' + b"x" * (MAX_ANSWER_BYTES + 10) + b'"}\n',
    "bad-action": b'{"answer": %d, "command": {"kind": "play", "seat": %d, '
    b'"action": {"type": "NoSuchAction"}, "seq": %d}}\n',
}


def rogue_serve(conn: Any, factory: Any) -> None:
    """A worker that answers every decision with a line of `ROGUE_LINES`
    (which one: the request's level), then waits for the next."""
    import json

    while True:
        try:
            raw = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        if "stop" in raw:
            return
        if "think" not in raw:
            continue
        line = ROGUE_LINES[raw["level"]]
        if b"%d" in line:
            line = line % (raw["think"], raw["update"]["seat"], raw["update"]["seq"])
        conn.send_bytes(line)
