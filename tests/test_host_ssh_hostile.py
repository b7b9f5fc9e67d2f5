"""The SSH front door against a hostile client: the per-player rate limit
and caps hold, cannot be used up by someone holding only a public key, and
sessions dropped in a storm leave no process behind."""

from __future__ import annotations

import asyncio
import re

import asyncssh
import pytest

from host import ssh
from host.ssh import load_host_key, read_players, serve
from tests.test_host_ssh import ECHO, child_running, connect, gone, keys, read_until  # noqa: F401


@pytest.fixture
async def door(tmp_path, keys, monkeypatch):  # noqa: F811
    """A front door, and its counts (the `FrontDoor` the server made)."""
    made = []

    class Recorded(ssh.FrontDoor):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(ssh, "FrontDoor", Recorded)
    path, *_ = keys
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(ECHO))
    yield server.sockets[0].getsockname()[1], made[0]
    server.close()


async def refused(port, key) -> str:
    """Why the front door sends a client away right after its login."""
    lost: list[Exception | None] = []

    class Client(asyncssh.SSHClient):
        def connection_lost(self, exc):
            lost.append(exc)

    conn = await asyncio.wait_for(connect(port, key, client_factory=Client), 10)
    await asyncio.wait_for(conn.wait_closed(), 5)
    assert isinstance(lost[0], asyncssh.DisconnectError), lost
    return lost[0].reason


class _Conn:
    def get_extra_info(self, name):
        return ("203.0.113.9", 4000) if name == "peername" else None

    def data_received(self, data, datatype=None):
        pass


async def test_offering_a_public_key_without_proof_uses_up_no_logins(door, keys):  # noqa: F811
    """A public key is no secret: anyone may offer it (the bare offer a
    client makes before it signs). Those offers must not count against its
    player's logins per minute, or a stranger locks the player out."""
    port, front = door
    _, ann, _, _ = keys
    for _ in range(3 * ssh.MAX_CONNECTS_PER_MINUTE):
        stranger = ssh._Server(front)
        stranger.connection_made(_Conn())
        assert stranger.validate_public_key("ann", ann.convert_to_public())
        stranger.connection_lost(None)  # never proved: never counted
    assert not front.connects["Ann"] and not front.connections["Ann"]
    async with connect(port, ann) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, "PID=", [])


async def test_logins_per_minute_and_connections_at_once_are_capped(door, keys, caplog):  # noqa: F811
    """Each cap refuses the player's login, and the host is told of it
    once (a script retrying is not a line a try)."""
    import logging

    caplog.set_level(logging.INFO, logger="host.ssh")
    port, front = door
    _, ann, bob, _ = keys
    held = []
    try:
        for _ in range(ssh.MAX_CONNECTIONS_PER_PLAYER):  # none opens a session
            held.append(await asyncio.wait_for(connect(port, ann), 10))
        assert "connections are open" in await refused(port, ann)
        assert "connections are open" in await refused(port, ann)
        async with connect(port, bob):  # another player is not held back
            pass
        held.pop().close()
        await asyncio.sleep(0.2)
        assert front.connections["Ann"] == ssh.MAX_CONNECTIONS_PER_PLAYER - 1
        # one place free again; the logins of the minute run out after that
        while len(front.connects["Ann"]) < ssh.MAX_CONNECTS_PER_MINUTE:
            async with connect(port, ann):
                pass
        assert "in a minute" in await refused(port, ann)
        assert "in a minute" in await refused(port, ann)
    finally:
        for conn in held:
            conn.close()
    await asyncio.sleep(0.2)
    assert front.connections["Ann"] == 0 and front.sessions["Ann"] == 0
    told = [r.getMessage() for r in caplog.records if "refused (key" in r.getMessage()]
    key = f"(key {ann.get_fingerprint()})"
    assert told == [f"Ann from 127.0.0.1 refused {key}: too many connections open",
                    f"Ann from 127.0.0.1 refused {key}: too many connections in a minute"]


async def test_sessions_dropped_mid_flight_leave_no_process(door, keys):  # noqa: F811
    """Sessions opened and their TCP connections dropped at once (no
    goodbye): every child goes, and every session's place is given back."""
    port, front = door
    _, ann, _, _ = keys
    pids = []
    for _ in range(ssh.MAX_SESSIONS_PER_PLAYER):
        conn = await asyncio.wait_for(connect(port, ann), 10)
        process = await conn.create_process(term_type="xterm", encoding=None)
        seen: list[str] = []
        await read_until(process, "\n", seen)
        pids.append(int(re.search(r"PID=(\d+)", "".join(seen)).group(1)))
        for _ in range(50):  # a window-change flood on the way out
            process.change_terminal_size(81, 25)
        conn.abort()
    for _ in range(200):
        if all(gone(pid) for pid in pids) and front.total() == 0:
            break
        await asyncio.sleep(0.02)
    assert [pid for pid in pids if not gone(pid)] == []
    assert front.total() == 0 and front.connections["Ann"] == 0


async def test_one_connection_holds_a_bounded_number_of_channels(door, keys):  # noqa: F811
    """Session channels that never ask for a terminal or a shell held their
    place without bound (thousands on one connection, ~7 kB each)."""
    from asyncssh.channel import SSHClientChannel

    port, _ = door
    _, ann, _, _ = keys

    async def bare_channel(conn):
        chan = SSHClientChannel(conn, asyncio.get_running_loop(), None, None, "strict",
                                2 * 1024 * 1024, 32768)
        await chan._open(b"session")  # and then nothing: no pty, no shell
        return chan

    async with connect(port, ann) as conn:
        held = [await bare_channel(conn) for _ in range(ssh.MAX_CHANNELS_PER_CONNECTION)]
        for _ in range(5):
            with pytest.raises(asyncssh.ChannelOpenError, match="Too many sessions"):
                await bare_channel(conn)
        held.pop().close()
        await asyncio.sleep(0.1)
        held.append(await bare_channel(conn))  # its place is free again


#: a child that counts the window changes it is told of, and reports on a key
WINCH = (
    "import fcntl, os, signal, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "seen = [0]\n"
    "signal.signal(signal.SIGWINCH, lambda *_: seen.__setitem__(0, seen[0] + 1))\n"
    "print('READY', flush=True)\n"
    "for line in sys.stdin:\n"
    "    size = os.get_terminal_size(0)\n"
    "    print('WINCH=%d SIZE=%dx%d' % (seen[0], size.columns, size.lines), flush=True)\n"
)


async def test_a_window_change_flood_reaches_the_app_as_a_few_resizes(tmp_path, keys):  # noqa: F811
    """Each resize has the player's app lay its screen out again: a client
    sending hundreds had the host's shared cores do it hundreds of times.
    The newest size goes through, a few times a second at most."""
    path, ann, _, _ = keys
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(WINCH))
    port = server.sockets[0].getsockname()[1]
    try:
        async with connect(port, ann) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                                encoding=None)
            seen: list[str] = []
            await read_until(process, "READY", seen)
            loop = asyncio.get_running_loop()
            started = loop.time()
            for n in range(300):
                process.change_terminal_size(81 + n % 7, 25)
                await asyncio.sleep(0)
            process.change_terminal_size(120, 40)
            await asyncio.sleep(3 * ssh.RESIZE_SECONDS)
            process.stdin.write(b"k\r")
            await read_until(process, "SIZE=120x40", seen)
            took = loop.time() - started
            told = int(re.search(r"WINCH=(\d+)", "".join(seen)).group(1))
            # one at once, then one every RESIZE_SECONDS at most (300 before)
            assert 1 <= told <= took / ssh.RESIZE_SECONDS + 2, (told, took)
    finally:
        server.close()


async def test_a_flood_of_connections_that_never_log_in_is_bounded(door, keys):  # noqa: F811
    """Each connection waiting to log in held a descriptor for up to the
    login time-out, without bound: a stranger opening thousands ran the
    host (and its hub) out of descriptors. Past a few per address new ones
    are refused; past the bound in all the oldest waiting goes; a player
    from elsewhere still logs in."""
    import os
    import socket

    port, front = door
    _, ann, _, _ = keys
    loop = asyncio.get_running_loop()

    async def raw(address: str) -> socket.socket:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((address, 0))
        await loop.sock_connect(sock, ("127.0.0.1", port))
        return sock

    before = len(os.listdir("/proc/self/fd"))
    flood = [await raw("127.0.0.1") for _ in range(150)]
    flood += [await raw(f"127.0.0.{n}") for n in range(10, 20) for _ in range(8)]
    await asyncio.sleep(0.3)
    try:
        # the flood's own sockets are in this process too: the host's are the rest
        held = len(os.listdir("/proc/self/fd")) - before - len(flood)
        assert held <= ssh.MAX_STARTUPS + 5, held
        assert len(front.startups) <= ssh.MAX_STARTUPS
        assert sum(a == "127.0.0.1" for a in front.startups.values()) <= (
            ssh.MAX_STARTUPS_PER_ADDRESS)
        async with connect(port, ann, local_addr=("127.0.0.2", 0)) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            await read_until(process, "PID=", [])
    finally:
        for sock in flood:
            sock.close()


def test_a_window_size_typed_as_keys_is_not_taken():
    """Textual reads an in-band window-size report from the keys at any time
    (and a reply to its query turns the terminal's own size off): typed
    over SSH, 25 bytes drew a 12000x6000 screen on the host. A joining
    app's driver drops both; keys still pass, and its size is the
    terminal's (SIGWINCH, which the host bounds)."""
    from textual import events
    from textual._xterm_parser import XTermParser
    from textual.messages import InBandWindowResize

    from tui.join import JoinApp, sized_by_its_terminal

    typed = list(XTermParser().feed("\x1b[48;6000;12000;0;0t\x1b[?2048;1$ya"))
    assert [type(t) for t in typed] == [events.Resize, InBandWindowResize, events.Key]

    class Recorder:
        def __init__(self) -> None:
            self.got: list = []

        def process_message(self, message) -> None:
            self.got.append(message)

    driver = sized_by_its_terminal(Recorder)()
    for token in typed:
        driver.process_message(token)
    assert driver.got == [typed[-1]]
    assert JoinApp.__new__(JoinApp).get_driver_class().__name__.startswith("SizedBy")


async def test_a_flood_that_reopens_its_connections_keeps_no_player_out(door, keys):  # noqa: F811
    """Hostile-network review: a stranger holding every place of the
    connections not logged in, and reopening each one the host ended, kept
    every player out: past the bound in all the oldest place went, and
    soon that was a player's, mid-login. A new connection now ends one
    that has sent nothing (an SSH client sends its version as it
    connects), from the address holding the most; so players log in
    through the flood, from the flood's own address too."""
    import socket

    port, front = door
    _, ann, bob, _ = keys
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    opened = [0]

    async def hold(address: str) -> None:
        """One place held: a bare connection, reopened whenever it ends."""
        while not stop.is_set():
            sock = socket.socket()
            sock.setblocking(False)
            try:
                sock.bind((address, 0))
                await loop.sock_connect(sock, ("127.0.0.1", port))
                opened[0] += 1
                while not stop.is_set() and await loop.sock_recv(sock, 4096):
                    pass  # the host's banner; then nothing until it ends us
            except OSError:
                pass
            finally:
                sock.close()
            await asyncio.sleep(0.005)

    holders = [asyncio.create_task(hold("127.0.0.1")) for _ in range(ssh.MAX_STARTUPS_PER_ADDRESS)]
    holders += [asyncio.create_task(hold(f"127.0.0.{n}")) for n in range(10, 20) for _ in range(9)]
    try:
        await asyncio.sleep(0.5)
        assert len(front.startups) == ssh.MAX_STARTUPS  # every place taken
        before = opened[0]
        for key, address in ((ann, "127.0.0.1"), (bob, "127.0.0.2"), (ann, "127.0.0.3")):
            # on a loaded machine the host may not yet have read a player's
            # version line when the flood's next connection comes, and end
            # it as one that sent nothing: a player who tries again gets in
            for attempt in range(3):
                try:
                    async with connect(port, key, local_addr=(address, 0)) as conn:
                        process = await conn.create_process(term_type="xterm", encoding=None)
                        await read_until(process, "PID=", [])
                    break
                except (ConnectionResetError, asyncssh.ConnectionLost):
                    if attempt == 2:
                        raise
        assert opened[0] > before  # the flood kept reopening meanwhile
        assert len(front.startups) <= ssh.MAX_STARTUPS
    finally:
        stop.set()
        for task in holders:
            task.cancel()
        await asyncio.gather(*holders, return_exceptions=True)


async def test_a_connection_that_never_begins_to_log_in_is_ended(door, monkeypatch):
    """A bare connection (no SSH client behind it) holds its place for
    HELLO_SECONDS, not the whole login time."""
    import socket

    monkeypatch.setattr(ssh, "HELLO_SECONDS", 0.3)
    port, front = door
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    try:
        await asyncio.sleep(0.1)
        assert len(front.startups) == 1
        got = b""
        while chunk := await asyncio.wait_for(loop.sock_recv(sock, 4096), 5):
            got += chunk  # the banner, then the end
        assert got.startswith(b"SSH-2.0-") and not front.startups
    finally:
        sock.close()


def test_the_key_parser_drops_what_it_cannot_read_and_reads_on():
    """A sequence past Unicode raised from inside Textual's parser (ending
    the app); a terminal's reply was typed out as keys. Both are dropped,
    and keys, mouse reports and mode reports after them still read."""
    from textual import events
    from textual.messages import TerminalSupportsSynchronizedOutput

    from tui.key_input import GuardedXTermParser

    parser = GuardedXTermParser()
    read = list(parser.feed("\x1b[1114112u\x1b[999999999999999999A\x1b[?1;2c\x1b[?62;22c"
                            "\x1b[1;2:1114112u"))
    assert read == []
    read = list(parser.feed("q\x1b[A\x1b[97;5u\x1b[<0;10;5M\x1b[?2026;2$y\x1b[[A"))
    names = [e.key for e in read if isinstance(e, events.Key)]
    assert names == ["q", "up", "ctrl+a", "f1"], read
    assert any(isinstance(e, events.MouseDown) for e in read)
    assert any(isinstance(e, TerminalSupportsSynchronizedOutput) for e in read)


def test_an_apps_driver_reads_keys_with_the_guarded_parser():
    from textual.drivers import linux_driver

    from tui.app import OvertableApp
    from tui.key_input import GuardedXTermParser

    OvertableApp().get_driver_class()
    assert linux_driver.XTermParser is GuardedXTermParser


def test_keys_pass_no_faster_than_a_person_types_but_ctrl_q_always():
    from textual import events

    from tui import key_input

    passed = []

    class Base:
        def process_message(self, message):
            passed.append(message)

    driver = key_input.paced_keys(Base)()
    for _ in range(1000):
        driver.process_message(events.Key("z", "z"))
    driver.process_message(events.Key("ctrl+q", None))
    driver.process_message(events.Paste("x" * 10_000))
    names = [m.key for m in passed if isinstance(m, events.Key)]
    assert int(key_input.KEY_BURST) <= len(names) <= int(key_input.KEY_BURST) + 10
    assert names[-1] == "ctrl+q" and isinstance(passed[-1], events.Paste)
    # Enter after a line pasted past the burst (no bracketed paste): the
    # line's end is dropped, the Enter sends what went in (it was dropped
    # too, and the chat's first Enter did nothing)
    driver.process_message(events.Key("enter", "\r"))
    assert [m.key for m in passed if isinstance(m, events.Key)][-1] == "enter"
    # a flood of Enters is paced as one of characters
    passed.clear()
    for _ in range(1000):
        driver.process_message(events.Key("enter", "\r"))
    assert len(passed) <= int(key_input.KEY_BURST) + 10


def test_the_input_drops_bytes_not_utf8_and_bounds_a_paste():
    """Hostile-network review: one byte that is not UTF-8 ended the app in
    the driver's decoding; a paste never closed swallowed every key after
    it, Ctrl+Q too, and grew the app's memory without bound."""
    from tui.key_input import MAX_PASTE, PASTE_END, PASTE_START, InputDecoder

    decoder = InputDecoder()
    assert decoder.decode(b"caf\xe9 ok\xf4\x90\x80\x80!") == "caf ok!"
    assert decoder.decode(b"\x1b") == "\x1b"  # the Escape key is not held back
    # a paste's start split across reads is still seen
    assert decoder.decode(b"a\x1b[20") == "a"
    assert decoder.decode(b"0~hi\x1b[201~x") == PASTE_START + "hi" + PASTE_END + "x"
    # Ctrl+Q in an open paste ends it, then acts
    decoder = InputDecoder()
    text = decoder.decode(PASTE_START.encode() + b"abc") + decoder.decode(b"\x11")
    assert text == PASTE_START + "abc" + PASTE_END + "\x11"
    # a paste past MAX_PASTE is cut, its rest dropped to its end
    decoder = InputDecoder()
    text = decoder.decode(PASTE_START.encode() + b"z" * (MAX_PASTE + 10))
    text += decoder.decode(b"more" + PASTE_END.encode() + b"q")
    assert text == PASTE_START + "z" * MAX_PASTE + PASTE_END + "q"
    # read a byte at a time, the same
    decoder = InputDecoder()
    whole = (PASTE_START + "xy" + PASTE_END + "k").encode()
    assert "".join(decoder.decode(bytes([b])) for b in whole) == PASTE_START + "xy" + PASTE_END + "k"


@pytest.mark.parametrize(("typed", "names"), [
    ("\x1b3", ["escape", "3"]),  # Textual: "£", typed into a note
    ("\x1b2", ["escape", "2"]),  # "™"
    ("\x1bq", ["escape", "q"]),
    ("\x1b ", ["escape", "space"]),
    ("\x1bOP", ["f1"]),  # a key's own sequence is still that key
    ("\x1b[A", ["up"]),
    ("\x1b\x1b", ["escape"]),
])
def test_escape_then_a_key_typed_quickly_is_read_as_both(typed, names):
    """Play-test inside tmux (escape-time 500 ms by default): Escape then 3
    typed quickly arrive as ESC 3, which Textual read as "£": typed into
    the table talk, the note stayed open and no card was kept. It is
    Escape, then 3 (no key of the app uses Alt)."""
    from textual import events

    from tui.key_input import GuardedXTermParser

    read = [e for e in GuardedXTermParser().feed(typed) if isinstance(e, events.Key)]
    assert [e.key for e in read] == names, read
