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


class MeetingBots:
    """Builds bots that write down when each decision starts and ends (in
    `directory`, one line per decision: level, seat, pid, start, end, by the
    system-wide monotonic clock) and think until `meet` decisions have
    started, or for `most` seconds (a stopped decision counts for nothing). Decisions that think at once all meet and end together;
    decisions taken one after another each think the whole `most`."""

    def __init__(self, directory: str, meet: int = 2, most: float = 10.0) -> None:
        self.directory, self.meet, self.most = directory, meet, most

    def __call__(self, game_id: str, level: str | None) -> Any:
        return MeetingBot(self.directory, self.meet, self.most, level)


class MeetingBot:
    name = "meeting"

    def __init__(self, directory: str, meet: int, most: float, level: str | None) -> None:
        self.directory, self.meet, self.most, self.level = directory, meet, most, level
        self.should_stop: Any = None

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        start = time.monotonic()
        mark = os.path.join(self.directory, f"{os.getpid()}-{start}.start")
        with open(mark, "w"):
            pass
        while time.monotonic() - start < self.most:
            if self.should_stop is not None and self.should_stop():
                os.remove(mark)  # cancelled (or hurried): not a decision to count
                return legal[-1]
            if sum(n.endswith(".start") for n in os.listdir(self.directory)) >= self.meet:
                break
            time.sleep(0.01)
        with open(os.path.join(self.directory, "intervals"), "a") as out:
            out.write(f"{self.level} {seat} {os.getpid()} {start} {time.monotonic()}\n")
        return legal[-1]


def intervals(directory: str) -> list[tuple[str, int, int, float, float]]:
    """The decisions a `MeetingBots` bot took: (level, seat, pid, start, end)."""
    try:
        with open(os.path.join(directory, "intervals")) as lines:
            rows = [line.split() for line in lines]
    except FileNotFoundError:
        return []
    return [(r[0], int(r[1]), int(r[2]), float(r[3]), float(r[4])) for r in rows]


def most_at_once(rows: list) -> int:
    """The most intervals of `rows` (start at [3], end at [4]) that overlap."""
    events = sorted([(r[3], 1) for r in rows] + [(r[4], -1) for r in rows])
    most = now = 0
    for _, step in events:
        now += step
        most = max(most, now)
    return most


#: seconds `slow_start` waits before serving: a process that starts slowly
#: (a loaded machine: spawn and imports took about 2 s in a play-test)
START_UP = 1.0


class AskedBot:
    """Plays the last legal action when its `asked_at` says it was asked at
    least `START_UP` seconds before it chooses (the worker's start-up
    counted in its clock), else the first."""

    name = "asked"

    def __init__(self) -> None:
        self.should_stop: Any = None
        self.asked_at: float | None = None

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: Any) -> Any:
        asked = self.asked_at
        counted = asked is not None and time.perf_counter() - asked >= START_UP
        return legal[-1] if counted else legal[0]


def asked_factory(game_id: str, level: str | None) -> Any:
    return AskedBot()


def slow_start(conn: Any, factory: Any) -> None:
    """A worker process that takes `START_UP` seconds to start serving."""
    from host.search_process import serve

    time.sleep(START_UP)
    serve(conn, factory)
