"""What one SeatUpdate costs a game screen: CPU per update, headless, 80x24.

A shared host runs one app per player; every change of a match sends each
of them an update, and each app decodes it and redraws its game screen
(docs/performance.md, "SSH load"). This measures that work alone, per game:
a seeded random match (4 seats; Overboss Duel 2) is played in the rules,
and seat 0's update after every change is handed, as the hub's JSON, to a
headless app showing the game's real screen (the app's own stylesheet):
decoded as tui/remote.py decodes it, shown, and the frame produced and
turned into terminal output. The figure is the process's CPU time
(`time.process_time`, so waiting for Textual's 60 Hz refresh tick is not
counted) from the line arriving until 0.15 s later, less what the idle app
spends in that time: everything the update sets off, the frame's bytes and
any later work (a footer rebuilt, the log scrolled) included; the app runs
its collector as `overtable` does (since 2026-12-02 13:45; before, Python's
collections ran as Python timed them, full ones of 100-300 ms among the
slowest updates). Seat 0's own moves are noted on its screen as its
player's keys would send them (`SinceTracker.acted`, unmeasured), so its
recap "since your last move" begins again at each (since 2026-12-06;
before, the screen never heard of them, and its recap grew to the whole
match, 100 steps and more drawn on every update, with each step's score
lines: no player meets that). Also shown:
the CPU until the first frame, and the decoding alone. A combat the update
shows (Boss Quest) is put away after it with Enter, unmeasured, as a
reader would.

Target: p95 < 10 ms. Two cores give 2,000 ms of CPU a second; 30 players
at a key a second, each key reaching the 3 apps of its table about twice
(the move, then a draw), make some 180 updates a second: 11 ms each is the
whole machine.

    python -m benchmarks --only screen
    python -m benchmarks.screen_update [UPDATES]    # as JSON
    python -m benchmarks.screen_update --session [UPDATES]

`--session` hands the same updates to a real `overtable join` process in a
pseudo-terminal, as an SSH session runs it, behind a stand-in hub, and
reads that process's CPU per update from /proc (`measure_sessions`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import sys
import time
from typing import Any

#: (game id, seats) measured
TABLES = (("boss-quest", 4), ("overboss-duel", 2), ("overstocked", 4), ("overseers", 4))
NAMES = ("Ann", "Bob", "Cyd", "Dee")
UPDATES = 120
#: updates shown before measuring (the first ones mount widgets, fill caches)
WARM_UP = 10
#: seconds after an update in which its CPU is counted (several frames)
SETTLE = 0.15
#: the budget one app has per update if 30 players on 2 cores are to see a
#: key's effect within 100 ms (each key reaches ~3 apps, often twice)
TARGET_MS = 10.0


def updates(game_id: str, players: int, count: int, seed: int = 7,
            moves: set[int] | None = None) -> list[bytes]:
    """Seat 0's updates, encoded as the hub sends them, after each change of
    a seeded random match (a new match when one ends) until `count`. With
    `moves`, the indices of the updates seat 0 moved from are added to it."""
    from core import GAMES
    from core.engine import CHANCE
    from host.messages import SeatUpdate
    from host.wire import codec

    game = GAMES[game_id]
    wire = codec(game)
    rng = random.Random(seed)
    names = NAMES[:players]
    out: list[bytes] = []
    seq = 0
    while len(out) < count:
        state = game.setup(players, None)
        log: list[str] = []
        while game.outcome(state) is None and len(out) < count:
            to_act = game.to_act(state)
            if CHANCE in to_act:
                outcomes = game.chance_outcomes(state)
                actions, weights = zip(*outcomes, strict=True)
                who, action = CHANCE, rng.choices(actions, weights=weights)[0]
            else:
                who = min(to_act)
                action = rng.choice(game.legal_actions(state, who))
            if who == 0 and moves is not None and out:
                moves.add(len(out) - 1)  # its move answers the update last sent
            log.append(game.describe(state, who, action, names=names, viewer=0))
            state = game.apply(state, who, action)
            seq += 1
            if CHANCE in game.to_act(state):
                continue  # draws come with the move before them
            to_act = frozenset(game.to_act(state))
            outcome = game.outcome(state)
            legal = tuple(game.legal_actions(state, 0)) if 0 in to_act and outcome is None else ()
            update = SeatUpdate(
                game=game_id, seat=0, view=game.view(state, 0), legal=legal, to_act=to_act,
                names=names, bots=frozenset(), log=tuple(log), outcome=outcome,
                can_undo=False, seq=seq,
            )
            if outcome is None:  # the results screen is another screen
                out.append(wire.encode_update(update))
    return out


def _stats(ms: list[float]) -> dict[str, float]:
    ms = sorted(ms)
    return {"median": statistics.median(ms), "p95": ms[int(len(ms) * 0.95)],
            "mean": statistics.fmean(ms), "n": len(ms)}


async def _measure(game_id: str, lines: list[bytes],
                   moves: frozenset[int] | set[int] = frozenset()) -> dict[str, Any]:
    from benchmarks.frames import on_each_frame
    from core import GAMES
    from host.wire import codec
    from tui.app import OvertableApp
    from tui.games import screen_class

    game = GAMES[game_id]
    wire = codec(game)

    class Port:
        def send(self, command: Any) -> None:
            pass

    screen = screen_class(game_id)(Port())

    class Bench(OvertableApp):
        async def on_mount(self) -> None:
            await self.push_screen(screen)

    # with the real app's collector (tui/collector.py), as a player's app runs
    app = Bench(theme_name="textual-dark", collect_between_screens=True)
    decode: list[float] = []
    total: list[float] = []
    settled: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        loop = asyncio.get_running_loop()
        frame: dict[str, Any] = {}

        def seen() -> None:
            future = frame.get("future")
            if future is not None and not future.done():
                future.set_result(time.process_time())

        on_each_frame(app, seen)
        # What the app costs doing nothing for SETTLE seconds (its timers):
        # taken off each update's figure.
        idle = []
        for _ in range(5):
            t0 = time.process_time()
            await asyncio.sleep(SETTLE)
            idle.append(time.process_time() - t0)
        idle_cpu = statistics.median(idle)
        for i, line in enumerate(lines):
            frame["future"] = loop.create_future()
            t0 = time.process_time()
            update = wire.update_from_dict(json.loads(line))
            t1 = time.process_time()
            screen.show(update)
            try:
                t_frame = await asyncio.wait_for(frame["future"], timeout=2.0)
            except TimeoutError:
                continue  # nothing on screen changed
            # anything the update set off after the frame (a footer rebuilt
            # after the refresh, the log scrolled to its end)
            await asyncio.sleep(max(0.0, SETTLE - (time.process_time() - t0)))
            t_settled = time.process_time() - idle_cpu
            # a combat (over the table, or a dialog): the reader puts it away
            while getattr(app.screen, "holds_the_table", False):
                await pilot.press("enter")
            while app.screen is not screen:
                app.pop_screen()
                await pilot.pause()
            if i in moves:
                # seat 0 moves from this update, as its player's key would
                # send it (unmeasured): its recap begins again there
                screen.since.acted(screen.update)
            if i >= WARM_UP:
                decode.append((t1 - t0) * 1e3)
                total.append((t_frame - t0) * 1e3)
                settled.append((t_settled - t0) * 1e3)
    return {"game": game_id, "decode": _stats(decode), "update": _stats(total),
            "settled": _stats(settled)}


def measure(count: int = UPDATES) -> list[dict[str, Any]]:
    rows = []
    for game_id, players in TABLES:
        moves: set[int] = set()
        lines = updates(game_id, players, count + WARM_UP, moves=moves)
        row = asyncio.run(_measure(game_id, lines, moves))
        row["players"] = players
        rows.append(row)
    return rows


def report(count: int = UPDATES) -> bool:
    """Print the figures; False if a game misses the budget."""
    print(f"\nA game screen's work per SeatUpdate (decode, show, redraw and what follows "
          f"in 0.15 s; headless 80x24, CPU ms; {count} updates of seat 0 in random play)")
    ok_all = True
    for row in measure(count):
        s, u, d = row["settled"], row["update"], row["decode"]
        ok = s["p95"] < TARGET_MS
        ok_all &= ok
        print(f"  {row['game']:<14} median {s['median']:6.1f} ms  p95 {s['p95']:6.1f} ms  "
              f"(to the first frame {u['median']:.1f} ms, decoding {d['median']:.2f} ms; "
              f"{s['n']} updates, {row['players']} seats)"
              f"   target p95 < {TARGET_MS:g} ms: {'ok' if ok else 'MISSED'}")
    return ok_all



def _process_cpu(pid: int) -> float:
    """User and system CPU seconds of a process so far (/proc)."""
    import os
    from pathlib import Path

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _measure_session(game_id: str, lines: list[bytes], gap: float) -> dict[str, Any]:
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import tempfile
    import termios
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    tmp = tempfile.mkdtemp()
    sock = os.path.join(tmp, "hub.sock")
    hub: dict[str, Any] = {"ready": asyncio.Event()}

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hub["writer"] = writer
        await reader.readline()  # hello
        writer.write(b'{"lobby":[]}\n')
        hub["ready"].set()
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            while await reader.readline():
                pass

    server = await asyncio.start_unix_server(serve, sock)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tmp,
           "OVERTABLE_DATA_DIR": tmp}  # as host/ssh.py starts a session (no COLORTERM)
    child = subprocess.Popen(
        [sys.executable, "-m", "tui.ptychild", "join", "--socket", sock, "--name", "Ann"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True, cwd=root)
    os.close(slave)
    out = {"bytes": 0, "writes": 0, "text": b""}
    loop = asyncio.get_running_loop()

    def readable() -> None:
        try:
            data = os.read(master, 1 << 16)
        except OSError:
            loop.remove_reader(master)
            return
        out["bytes"] += len(data)
        out["writes"] += 1
        out["text"] = (out["text"] + data)[-4096:]

    loop.add_reader(master, readable)
    try:
        await asyncio.wait_for(hub["ready"].wait(), 60)
        await asyncio.sleep(2.0)
        start = None
        for i, line in enumerate(lines):
            if i == WARM_UP:
                start = (_process_cpu(child.pid), out["bytes"], out["writes"])
            raw = json.loads(line)
            hub["writer"].write(json.dumps({"table": "t1", "update": raw}).encode() + b"\n")
            await asyncio.sleep(gap)
            if b"on to the table" in out["text"]:  # a combat dialog: the reader closes it
                out["text"] = b""
                os.write(master, b"\r")
                await asyncio.sleep(gap)
        await asyncio.sleep(0.5)
        assert start is not None
        n = len(lines) - WARM_UP
        return {"game": game_id, "updates": n,
                "cpu_ms": (_process_cpu(child.pid) - start[0]) * 1e3 / n,
                "bytes": (out["bytes"] - start[1]) / n, "writes": (out["writes"] - start[2]) / n}
    finally:
        loop.remove_reader(master)
        child.terminate()
        try:
            child.wait(5)
        except subprocess.TimeoutExpired:
            child.kill()
        os.close(master)
        server.close()


def measure_sessions(count: int = 60, gap: float = 0.3) -> list[dict[str, Any]]:
    """The same updates as the hub sends them to a real `overtable join` in
    an 80x24 pseudo-terminal (the process an SSH session runs, behind a
    stand-in hub's socket), `gap` seconds apart: that process's CPU
    (/proc, everything an update sets off, toasts and the terminal's bytes
    included) and the bytes and writes it sends to the terminal, per update.
    A combat dialog is closed with Enter, counted. Linux only."""
    rows = []
    for game_id, players in TABLES:
        lines = updates(game_id, players, count + WARM_UP)
        rows.append(asyncio.run(_measure_session(game_id, lines, gap)))
    return rows


if __name__ == "__main__":
    # python -m benchmarks.screen_update [UPDATES]          headless, per update
    # python -m benchmarks.screen_update --session [UPDATES]   a real session's process
    args = sys.argv[1:]
    if args and args[0] == "--session":
        print(json.dumps(measure_sessions(*(int(a) for a in args[1:2])), indent=1))
    else:
        n = int(args[0]) if args else UPDATES
        print(json.dumps(measure(n), indent=1))
