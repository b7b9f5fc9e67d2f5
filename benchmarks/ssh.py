"""The SSH front door under load: 30 players at once.

`overtable host` runs as its own process on a free loopback port (the hub,
its SSH server, the bots; the bots' default pause). Ten tables of mixed
games are set up on its hub, each with three people's seats and a bot
(Boss Quest, Overstocked and Overseers in turn: Overboss Duel seats only
two). Thirty asyncssh clients then connect, one per player's key, each
with an 80x24 pseudo-terminal read through a terminal emulator (`pyte`);
the hub seats each in its reserved seat and the matches start. Every
client plays its match from what its screen shows (the same key choice as
the end-to-end tests), with a pause to read the screen before each key,
for a while or to the results.

Figures, from the clients' side:

- keystroke to screen update: from writing a key to the output that draws
  the table's answer on that client's screen, median and 95th percentile
  (target: p95 under 100 ms). A key that sends a move changes the prompt
  to "Sent. Waiting for the table…" if no answer came within 80 ms
  (tui/screens/game.py, SENT_TEXT, SENT_DELAY; at once until 2026-12-02
  23:10); the answer is the first output after which that line is gone,
  or was never drawn (for any other key, the first output that changes
  the screen).
  The first change of all is reported beside it, not as the target's
  figure (until 2026-12-01 there was no "Sent" line, and the figure was
  the first change). The clients run in this one process, on the same cores
  as the sessions. Each output is stamped when it arrives and fed to the
  client's terminal emulator when the player reads the screen, or at once
  while a key waits for its answer (`lazy_terminal`; until 2026-11-30 each
  output was emulated, and the screen's text worked out, before the next
  socket was read, which put the emulation of every other client's output
  in front of a stamp);
- memory per session: the resident set (VmRSS, /proc) of each session's
  process tree on the host, the `overtable join` child (target: under
  80 MB); the host process itself beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGET_P95_MS = 100.0
TARGET_SESSION_MB = 80.0
TABLES = 10
SESSIONS = 30  # TABLES * SEATED
SEATED = 3  # people at each table; a bot takes one more seat
GAMES = ("boss-quest", "overstocked", "overseers")
SIZE = (80, 24)
#: a player reads the screen before the next key: a pause of about this many
#: seconds (0.5 to 1.5 times it, at random), so 30 players press some 30 keys
#: a second between them
THINK = 1.0
IDLE_S = 5.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_host(base: Path, players: list[tuple[str, Any]]) -> tuple[subprocess.Popen, int]:
    """`overtable host` for these (name, key) players, ready to connect."""
    authorized = base / "authorized_keys"
    authorized.write_text("".join(
        f'environment="PLAYER={name}" {key.export_public_key().decode()}' for name, key in players
    ))
    port = _free_port()
    # Enter takes a new decision at once in the sessions (the host passes
    # this on): the players here press 0.5-1.5 s after reading, and a key
    # the app's 0.6 s wait dropped would go unanswered for its 5 s timeout,
    # lowering the load measured (the wait costs no CPU either way)
    env = dict(os.environ, OVERTABLE_DATA_DIR=str(base / "data"), OVERTABLE_ENTER_WAIT="0")
    log = base / "host.log"
    with log.open("w") as out:  # a file, not a pipe nobody reads: the host never blocks
        host = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "host", "--listen", f"127.0.0.1:{port}",
             "--authorized-keys", str(authorized), "--host-key", str(base / "host_key"),
             "--data-dir", str(base / "data")],
            stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        )
    end = time.monotonic() + 30
    while "Overtable host on" not in log.read_text():
        if host.poll() is not None or time.monotonic() > end:
            host.kill()
            raise RuntimeError(f"the host did not start: {log.read_text().strip()}")
        time.sleep(0.05)
    return host, port


async def _set_tables(socket_path: Path, names: list[str]) -> dict[str, str]:
    """A table for every three players on the hub, each seat reserved for
    its player; returns player -> game id."""
    reader, writer = await asyncio.open_unix_connection(str(socket_path), limit=1 << 22)
    writer.write(b'{"hello":{"player":"bench"}}\n')
    games = {}
    tables = len(names) // SEATED
    for t in range(tables):
        game = GAMES[t % len(GAMES)]
        people = names[t * SEATED:(t + 1) * SEATED]
        seats = [{"player": n} for n in people] + [{"bot": "heuristic"}]
        writer.write(json.dumps({"create": {"game": game, "seats": seats}}).encode() + b"\n")
        games.update(dict.fromkeys(people, game))
    created = 0
    while created < tables:
        line = await asyncio.wait_for(reader.readline(), 10)
        message = json.loads(line)
        if "error" in message:
            raise RuntimeError(f"the hub refused a table: {message['error']}")
        created += "created" in message
    writer.close()
    return games


async def _play(
    term: Any, rules: Any, until: float, latencies: list[float], firsts: list[float],
    rng: random.Random,
) -> int:
    """Play from the screen until `until` or the results, a thinking pause
    before each key; each key timed. Returns the keys that changed nothing
    within 5 s."""
    while time.monotonic() < until and term.results is None and not term.closed:
        await asyncio.sleep(THINK * rng.uniform(0.5, 1.5))
        await term.settle()
        key = rules.key(term.text())
        if key is None:
            await term.output(1)
            continue
        # a key that only moves a highlight (Overseers' arrow) changes colours,
        # not text: its first output answers it (as in tests/test_ssh_e2e.py)
        await term.timed_press(key, any_output=rules.any_output_answers())
    term.text()  # what is still to be read, and the last key's figure
    latencies.extend(term.latencies)
    firsts.extend(term.acknowledged)
    return term.unanswered


def lazy_terminal() -> Any:
    """`tests.ssh_kit.Terminal`, emulating the screen only when it is read.

    The figure is the same: from writing a key to the first output that
    changes that client's screen, each output stamped when it arrives. The
    clients share this process with no spare core, so the terminal
    emulation (`pyte`) is kept off the path from a socket to its stamp:
    output is queued with its time of arrival and fed to the emulator when
    the player reads the screen, or, while a key waits for its answer, as
    each output arrives (after it is stamped). The screen's text is worked
    out after an output only while a key waits for a change (the stock
    terminal does it after every output), and the results screen is looked
    for on the last line only."""
    from tests.ssh_kit import RESULTS, Terminal
    from tui.screens.game import SENT_TEXT

    class LazyTerminal(Terminal):
        def __init__(self, *args: Any) -> None:
            #: (time of arrival, output) not yet fed to the emulator
            self._queued: list[tuple[float, bytes]] = []
            #: the key waiting for a change: (the screen before it, when it was sent)
            self._waiting: tuple[str, float] | None = None
            self._timeout = 5.0
            #: seconds from each key to the table's answer on screen
            self.latencies: list[float] = []
            #: seconds from each key to the first change on screen (at a
            #: shared table, a move's "Sent" line, before the answer)
            self.acknowledged: list[float] = []
            self.unanswered = 0
            #: the key waiting moved only a highlight: any output answers it
            self._any_output = False
            self._seen_results: str | None = None
            super().__init__(*args)

        @property
        def results(self) -> str | None:
            self._emulate()
            return self._seen_results

        @results.setter
        def results(self, value: str | None) -> None:
            self._seen_results = value

        async def _read(self) -> None:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    self.closed = True
                    self._arrived.set()
                    return
                self._queued.append((time.perf_counter(), data))
                self.last = time.monotonic()
                self._arrived.set()

        def _screen_text(self) -> str:
            return "\n".join(line.rstrip() for line in self.screen.display)

        def _emulate(self) -> None:
            queued, self._queued = self._queued, []
            screen = self.screen
            bottom = screen.lines - 1
            for arrived, data in queued:
                self.stream.feed(data)
                row = screen.buffer[bottom]
                if RESULTS in "".join(row[x].data for x in range(screen.columns)):
                    self._seen_results = self._screen_text()
                if self._waiting is not None:
                    before, sent = self._waiting
                    if arrived - sent > self._timeout:
                        self._waiting = None
                        self.unanswered += 1
                        continue
                    if self._any_output:  # a highlight moved: no text changes
                        self._waiting = None
                        self.acknowledged.append(arrived - sent)
                        self.latencies.append(arrived - sent)
                        continue
                    text = self._screen_text()
                    if before is not None and text != before:
                        self.acknowledged.append(arrived - sent)  # the first change
                        before = None
                        self._waiting = (None, sent)
                    if before is None and SENT_TEXT not in text:
                        self._waiting = None  # the answer is drawn
                        self.latencies.append(arrived - sent)

        def text(self) -> str:
            self._emulate()
            return self._screen_text()

        async def timed_press(  # type: ignore[override]
            self, key: str, timeout: float = 5.0, any_output: bool = False,
        ) -> None:
            """Press `key` and wait until an output changed the screen (or
            `timeout`; with `any_output`, until any output, for a key that
            moves only a highlight); the latency goes to `latencies`."""
            self._emulate()
            self._timeout = timeout
            self._any_output = any_output
            sent = time.perf_counter()
            self._waiting = (self._screen_text(), sent)
            self.press(key)
            end = time.monotonic() + timeout
            while self._waiting is not None and not self.closed:
                left = end - time.monotonic()
                if left <= 0 or not await self.output(left):
                    break
                self._emulate()
            if self._waiting is not None:
                self._emulate()  # an output stamped in time, not yet read
            if self._waiting is not None:
                self._waiting = None
                self.unanswered += 1

    return LazyTerminal


def _children(pid: int) -> dict[int, list[int]]:
    """The process tree from /proc: pid -> its children."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = (entry / "stat").read_text()
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            tree.setdefault(parent, []).append(int(entry.name))
    return tree


def _rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _cpu_s(pid: int) -> float:
    """User and system CPU seconds a process has used (/proc)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def cpu_split(host_pid: int) -> dict[str, float]:
    """CPU seconds so far: the clients (this process), the host, the sessions."""
    sessions = _children(host_pid).get(host_pid, [])
    return {
        "clients": _cpu_s(os.getpid()),
        "host": _cpu_s(host_pid),
        "sessions": sum(_cpu_s(pid) for pid in sessions),
    }


def session_memory(host_pid: int) -> tuple[list[float], float]:
    """(RSS in MB of each session's process tree, the host's own RSS)."""
    tree = _children(host_pid)

    def total(pid: int) -> float:
        return _rss_mb(pid) + sum(total(c) for c in tree.get(pid, ()))

    return [total(child) for child in tree.get(host_pid, ())], _rss_mb(host_pid)


async def _bench(seconds: float, tables: int) -> dict[str, Any]:
    # host.ssh first: it quiets asyncssh's import warnings
    import host.ssh  # noqa: F401, I001
    import asyncssh

    from tests.ssh_kit import GAME_RULES

    Terminal = lazy_terminal()

    names = [f"p{n:02d}" for n in range(1, tables * SEATED + 1)]
    players = [(name, asyncssh.generate_private_key("ssh-ed25519")) for name in names]
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        host, port = _start_host(base, players)
        terms: list[Any] = []
        try:
            games = await _set_tables(base / "data" / "hub" / "hub.sock", names)
            started = time.monotonic()
            # a few at a time, as players would drift in
            gate = asyncio.Semaphore(4)

            async def connect(name: str, key: Any) -> Any:
                async with gate:
                    term = await Terminal.open(port, key, name, SIZE)
                    await term.wait_for(name, 60)
                    # an invitation waits in the lobby for its player to sit
                    await term.wait_for("kept for you", 60, what="the invitation")
                    term.press("enter")
                    return term

            terms = list(await asyncio.gather(*(connect(n, k) for n, k in players)))
            for term in terms:
                await term.wait_for("'s view", 120, what="the game screen")
            connected_s = time.monotonic() - started
            # first a few seconds with no key: what 30 idle sessions cost
            idle_before = cpu_split(host.pid)
            await asyncio.sleep(IDLE_S)
            idle = {k: (v - idle_before[k]) / IDLE_S for k, v in cpu_split(host.pid).items()}
            latencies: list[float] = []
            firsts: list[float] = []
            cpu_before, play_started = cpu_split(host.pid), time.monotonic()
            until = time.monotonic() + seconds
            unanswered = await asyncio.gather(*(
                _play(term, GAME_RULES[games[term.name]](), until, latencies, firsts,
                      random.Random(n))
                for n, term in enumerate(terms)
            ))
            played_s = time.monotonic() - play_started
            cpu = {k: (v - cpu_before[k]) / played_s for k, v in cpu_split(host.pid).items()}
            sessions, host_mb = session_memory(host.pid)
            finished = sum(term.results is not None for term in terms)
        finally:
            for term in terms:
                with contextlib.suppress(Exception):
                    await term.close()
            if host.poll() is not None or os.environ.get("BENCH_SSH_LOG"):
                print((base / "host.log").read_text()[-3000:])
            host.send_signal(signal.SIGINT)
            try:
                host.wait(timeout=10)
            except subprocess.TimeoutExpired:
                host.kill()
                host.wait()
    ms = sorted(t * 1000 for t in latencies)
    first = sorted(t * 1000 for t in firsts)
    return {
        "keys": len(ms),
        "first_median_ms": statistics.median(first) if first else float("nan"),
        "first_p95_ms": first[int(0.95 * (len(first) - 1))] if first else float("nan"),
        "unanswered": sum(unanswered),
        "median_ms": statistics.median(ms) if ms else float("nan"),
        "p95_ms": ms[int(0.95 * (len(ms) - 1))] if ms else float("nan"),
        "max_ms": ms[-1] if ms else float("nan"),
        "sessions_mb": sessions,
        "host_mb": host_mb,
        "connected_s": connected_s,
        "finished": finished,
        "cpu": cpu,
        "idle": idle,
        "played_s": played_s,
        "load": os.getloadavg()[0],
    }


def bench_ssh(seconds: float = 60.0, tables: int = TABLES) -> dict[str, Any]:
    return asyncio.run(_bench(seconds, tables))


def report(seconds: float = 60.0, tables: int = TABLES) -> bool:
    """Print the figures; True when both targets are met."""
    sessions = tables * SEATED
    print(
        f"\nSSH load: {sessions} sessions on loopback in {tables} matches "
        f"({', '.join(GAMES)} in turn; {SEATED} people and a bot each), "
        f"{SIZE[0]}x{SIZE[1]}, up to {seconds:.0f} s of play"
    )
    r = bench_ssh(seconds, tables)
    memory = r["sessions_mb"]
    ok_keys = r["p95_ms"] < TARGET_P95_MS
    ok_mem = bool(memory) and max(memory) < TARGET_SESSION_MB
    print(
        f"  keystroke to screen update  median {r['median_ms']:6.1f} ms  p95 {r['p95_ms']:6.1f} ms"
        f"  max {r['max_ms']:6.0f} ms  ({r['keys']} keys; {r['unanswered']} changed nothing "
        f"in 5 s)   target p95 < {TARGET_P95_MS:.0f} ms: {'ok' if ok_keys else 'MISSED'}"
    )
    print(
        f"  keystroke to the first change  median {r['first_median_ms']:6.1f} ms  p95 "
        f"{r['first_p95_ms']:6.1f} ms  (a move's \"Sent\" line before the answer; "
        f"not the target's figure)"
    )
    if memory:
        print(
            f"  memory per session (RSS of its process tree)  median "
            f"{statistics.median(memory):5.1f} MB  max {max(memory):5.1f} MB  "
            f"({len(memory)} sessions)   target < {TARGET_SESSION_MB:.0f} MB: "
            f"{'ok' if ok_mem else 'MISSED'}"
        )
    else:
        print("  memory per session: no session processes found under the host")
    print(
        f"  the host process (hub, SSH server, bots) {r['host_mb']:5.1f} MB; all "
        f"{sessions} on their game screens after {r['connected_s']:.1f} s; "
        f"{r['finished']} reached the results"
    )
    for label, cpu in ((f"idle ({IDLE_S:.0f} s)", r["idle"]), (f"playing ({r['played_s']:.0f} s)", r["cpu"])):
        print(
            f"  cores busy {label:<13} clients {cpu['clients']:.2f}, host {cpu['host']:.2f}, "
            f"the {sessions} sessions {cpu['sessions']:.2f} (of {os.cpu_count()})"
        )
    print(f"  load average at the end {r['load']:.1f} (other work on the machine counts in it)")
    return ok_keys and ok_mem


if __name__ == "__main__":
    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    # python -m benchmarks.ssh [SECONDS [TABLES]]: e.g. one table, for comparison
    report(*(float(sys.argv[1]),) if len(sys.argv) > 1 else (),
           **({"tables": int(sys.argv[2])} if len(sys.argv) > 2 else {}))
