"""How a session over SSH ends: whatever ends it (the host stopping, the
app ending or dying, the client idle) and whatever the app is doing then
(drawing, hung), the player's terminal is put back (out of the alternate
screen, mouse reports and bracketed paste off, the cursor shown) after the
app's last output, and told why, before the channel closes; and a stuck app
does not hold the host's stop."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import threading
import time

import asyncssh
import pytest

from host.ssh import join_child, load_host_key, read_players, serve, stop

#: a full-screen app drawing without pause: its modes on, then frames
#: inside synchronized updates (as Textual draws)
DRAWING = (
    "import fcntl, os, sys, termios, time; fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "out = sys.stdout.buffer\n"
    "out.write(b'PID=%d\\n' % os.getpid())\n"
    "out.write(b'\\x1b[?1049h\\x1b[?1000h\\x1b[?1003h\\x1b[?1006h\\x1b[?2004h\\x1b[?25l'); out.flush()\n"
    "n = 0\n"
    "while True:\n"
    "    n += 1\n"
    "    out.write(b'\\x1b[?2026h\\x1b[H' + (b'\\x1b[38;5;2mFRAME %d ' % n) * 200 + b'\\x1b[?2026l')\n"
    "    out.flush()\n"
    "    time.sleep(0.005)\n"
)

#: a hung app: its modes on, a frame half drawn (the synchronized update
#: begun, a sequence cut), deaf to the hang-up; a process of its own
#: session keeps its terminal open (no end of output ever comes)
HUNG = (
    "import fcntl, os, signal, subprocess, sys, termios, time; "
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    "keeper = subprocess.Popen(['sleep', '30'], start_new_session=True)\n"
    "out = sys.stdout.buffer\n"
    "out.write(b'PID=%d KEEPER=%d\\n' % (os.getpid(), keeper.pid))\n"
    "out.write(b'\\x1b[?1049h\\x1b[?1000h\\x1b[?1003h\\x1b[?2004h\\x1b[?25l'); out.flush()\n"
    "out.write(b'\\x1b[?2026h\\x1b[HHALF\\x1b[38;5'); out.flush()\n"
    "time.sleep(60)\n"
)

#: an app that dies (killed, crashed) in its full screen
DYING = (
    "import fcntl, os, signal, sys, termios, time; fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "out = sys.stdout.buffer\n"
    "out.write(b'\\x1b[?1049h\\x1b[?1000h\\x1b[?1003h\\x1b[?2004h\\x1b[?25lDRAWN'); out.flush()\n"
    "time.sleep(0.3)\n"
    "os.kill(os.getpid(), signal.SIGKILL)\n"
)

#: an app that leaves its full screen itself, then says a last line
TIDY = (
    "import fcntl, os, sys, termios, time; fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "out = sys.stdout.buffer\n"
    "out.write(b'\\x1b[?1049h\\x1b[?1000hDRAWN'); out.flush()\n"
    "time.sleep(0.2)\n"
    "out.write(b'\\x1b[?1000l\\x1b[?1049lLAST WORDS\\n'); out.flush()\n"
)

#: what a terminal put back reads, each after the app's last output
RESTORED = (b"\x1b[?1049l", b"\x1b[?1000l", b"\x1b[?1003l", b"\x1b[?1006l", b"\x1b[?2004l",
            b"\x1b[?25h", b"\x1b[?2026l")
GOODBYE = b"The Overtable host has stopped"


def child_running(script: str):
    def build(player, term, client_env):
        _, env = join_child("/nowhere.sock", None)(player, term, client_env)
        return [sys.executable, "-c", script], env

    return build


@pytest.fixture
def players(tmp_path):
    keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"p{n}") for n in range(6)]
    path = tmp_path / "authorized_keys"
    path.write_text("".join(key.export_public_key().decode() for key in keys))
    return path, keys


async def start(tmp_path, players, script: str, **kwargs):
    path, _ = players
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(script), **kwargs)
    return server, server.sockets[0].getsockname()[1]


class Client:
    """One player's session, every byte it receives kept."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.data = bytearray()
        self.ended = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, port: int, key) -> Client:
        conn = await asyncssh.connect("127.0.0.1", port, username="x", client_keys=[key],
                                      known_hosts=None, agent_path=None)
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24),
                                            encoding=None)
        return cls(conn, process)

    async def _read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                return
            self.data += chunk

    async def until(self, marker: bytes, timeout: float = 10) -> None:
        end = time.monotonic() + timeout
        while marker not in self.data:
            if self.ended.done() or time.monotonic() > end:
                raise AssertionError(f"no {marker!r} in {bytes(self.data[-300:])!r}")
            await asyncio.sleep(0.02)

    def after(self, last: bytes) -> bytes:
        """What came after the last `last` (the app's last output)."""
        at = self.data.rfind(last)
        assert at >= 0, bytes(self.data[-300:])
        return bytes(self.data[at + len(last):])

    def close(self) -> None:
        self.conn.close()


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_every_terminal_is_put_back_at_a_stop_while_apps_draw_and_bots_think(
        tmp_path, players):
    """Play-test: Ctrl+C with six sessions open left one player's terminal
    on the last frame, in the alternate screen with mouse reports on. Each
    session ended its app in the loop's thread pool, shared with the bots:
    with them thinking, no session was put back before the stop gave up.
    Here every app draws without pause and every thread of the pool is
    busy as the host stops."""
    server, port = await start(tmp_path, players, DRAWING)
    _, keys = players
    clients = [await Client.open(port, key) for key in keys]
    for client in clients:
        await client.until(b"FRAME 3 ")
    loop = asyncio.get_running_loop()
    bots_done = threading.Event()
    workers = min(32, (os.cpu_count() or 1) + 4)
    for _ in range(workers + 2):  # the bots thinking, each for longer than the stop's wait
        loop.run_in_executor(None, bots_done.wait, 30)
    try:
        began = time.monotonic()
        await asyncio.wait_for(stop(server), 15)
        took = time.monotonic() - began
        await asyncio.wait_for(asyncio.gather(*(c.ended for c in clients)), 10)
    finally:
        bots_done.set()
    for n, client in enumerate(clients):
        tail = client.after(b"FRAME")  # after the app's last drawing
        for restoring in RESTORED:
            assert restoring in tail, (n, restoring, tail[-300:])
        assert GOODBYE in tail, (n, tail[-300:])
        assert tail.index(b"\x1b[?1049l") < tail.index(GOODBYE)
    assert took < 5, took
    for client in clients:
        pid = int(re.search(rb"PID=(\d+)", client.data).group(1))
        for _ in range(100):
            if gone(pid):
                break
            await asyncio.sleep(0.02)
        assert gone(pid)


async def test_stops_during_updates_put_every_terminal_back_each_time(tmp_path, players):
    """The same without busy bots, stopped again and again as the apps draw
    (the play-test's stop ended cleanly two times of three)."""
    _, keys = players
    for round_ in range(3):
        server, port = await start(tmp_path, players, DRAWING)
        clients = [await Client.open(port, key) for key in keys]
        for client in clients:
            await client.until(b"FRAME 2 ")
        await asyncio.sleep(0.05 * round_)
        await asyncio.wait_for(stop(server), 10)
        await asyncio.wait_for(asyncio.gather(*(c.ended for c in clients)), 10)
        for n, client in enumerate(clients):
            tail = client.after(b"FRAME")
            assert all(r in tail for r in RESTORED), (round_, n, tail[-300:])
            assert GOODBYE in tail, (round_, n, tail[-300:])


async def test_a_hung_app_is_put_away_and_does_not_hold_the_stop(tmp_path, players):
    """An app deaf to the hang-up, a frame half drawn, its terminal held
    open by another process: the host's stop still ends in a bounded time,
    and the player's terminal is put back (the half-drawn sequence and the
    synchronized update ended first) and told why."""
    server, port = await start(tmp_path, players, HUNG)
    _, keys = players
    client = await Client.open(port, keys[0])
    await client.until(b"HALF")
    keeper = int(re.search(rb"KEEPER=(\d+)", client.data).group(1))
    pid = int(re.search(rb"PID=(\d+)", client.data).group(1))
    try:
        began = time.monotonic()
        await asyncio.wait_for(stop(server), 15)
        took = time.monotonic() - began
        await asyncio.wait_for(client.ended, 10)
    finally:
        os.kill(keeper, signal.SIGKILL)
    tail = client.after(b"HALF\x1b[38;5")
    # a cancel (CAN) first: the cut sequence does not swallow the reset
    assert tail.startswith(b"\x18"), tail
    for restoring in RESTORED:
        assert restoring in tail, (restoring, tail)
    assert GOODBYE in tail
    assert took < 5, took
    for _ in range(100):
        if gone(pid):
            break
        await asyncio.sleep(0.02)
    assert gone(pid)


async def test_an_app_that_dies_in_its_full_screen_leaves_the_terminal_put_back(
        tmp_path, players):
    """The app killed or crashed: nobody had put the player's terminal back
    (it stayed in the alternate screen with mouse reports on)."""
    server, port = await start(tmp_path, players, DYING)
    _, keys = players
    client = await Client.open(port, keys[0])
    try:
        await asyncio.wait_for(client.ended, 10)
    finally:
        server.close()
    tail = client.after(b"DRAWN")
    for restoring in RESTORED:
        assert restoring in tail, (restoring, tail)


async def test_an_app_that_left_its_full_screen_keeps_its_last_words_in_place(
        tmp_path, players):
    """An app that put the terminal back itself: the session's reset must
    not leave the alternate screen a second time (that moves the cursor
    back to where the app began, and the shell's prompt overwrote the app's
    last words)."""
    server, port = await start(tmp_path, players, TIDY)
    _, keys = players
    client = await Client.open(port, keys[0])
    try:
        await asyncio.wait_for(client.ended, 10)
    finally:
        server.close()
    tail = client.after(b"LAST WORDS")
    assert b"\x1b[?1049l" not in tail and b"\x1b[?25h" in tail, tail
