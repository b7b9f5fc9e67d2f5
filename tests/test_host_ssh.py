"""The SSH front door (issue "Shared sessions over SSH": public-key only, the
player's name bound to the key, no shell, exec, SFTP or forwarding, a
terminal that is the child's controlling terminal, a clean environment)."""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from host.ssh import SetupError, join_child, load_host_key, parse_listen, read_players, serve

#: a child that reports who it runs for, on which terminal, in what size
REPORT = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "size = os.get_terminal_size(0); "
    "print('PLAYER=%s TERM=%s SIZE=%dx%d COLORTERM=%s TTY=%s' % (os.environ.get('PLAYER'), "
    "os.environ.get('TERM'), size.columns, size.lines, os.environ.get('COLORTERM'), "
    "os.ttyname(0) == os.ttyname(sys.stdout.fileno())), flush=True)"
)


def child_running(script: str):
    """A player's child that runs `script`, in the environment a player gets."""

    def build(player, term, client_env):
        _, env = join_child("/nowhere.sock", None)(player, term, client_env)
        return [sys.executable, "-c", script], env

    return build


@pytest.fixture
def keys(tmp_path):
    ann = asyncssh.generate_private_key("ssh-ed25519", comment="ann@laptop")
    bob = asyncssh.generate_private_key("ssh-ed25519", comment="Bob")
    eve = asyncssh.generate_private_key("ssh-ed25519", comment="eve")
    path = tmp_path / "authorized_keys"
    path.write_text(
        'environment="PLAYER=Ann" ' + ann.export_public_key().decode()
        + bob.export_public_key().decode()
    )
    return path, ann, bob, eve


@pytest.fixture
async def door(tmp_path, keys):
    path, *_ = keys
    host_key = load_host_key(tmp_path / "host_key")
    server = await serve("127.0.0.1", 0, read_players(path), host_key, child_running(REPORT))
    port = server.sockets[0].getsockname()[1]
    yield port
    server.close()


def connect(port, key, **kwargs):
    return asyncssh.connect(
        "127.0.0.1", port, username="mallory", client_keys=[key] if key else None,
        known_hosts=None, agent_path=None, **kwargs,
    )


async def output_of(process) -> str:
    text = b""
    while True:
        chunk = await asyncio.wait_for(process.stdout.read(4096), 10)
        if not chunk:
            return text.decode()
        text += chunk


def test_names_come_from_the_keys_file(keys, tmp_path):
    path, *_ = keys
    assert [p.name for p in read_players(path)] == ["Ann", "Bob"]
    (tmp_path / "bad").write_text("ssh-ed25519 notbase64 x\n")
    with pytest.raises(SetupError, match="line 1"):
        read_players(tmp_path / "bad")
    with pytest.raises(SetupError, match="No authorized-keys file"):
        read_players(tmp_path / "none")
    nameless = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    (tmp_path / "nameless").write_text(nameless)
    with pytest.raises(SetupError, match="needs a player's name"):
        read_players(tmp_path / "nameless")
    # a name the hub would refuse: markup on every screen that shows it
    (tmp_path / "bracketed").write_text(nameless.strip() + " [/]Eve\n")
    with pytest.raises(SetupError, match="no square brackets"):
        read_players(tmp_path / "bracketed")
    with pytest.raises(SetupError, match="HOST:PORT"):
        parse_listen("2222")
    assert parse_listen("127.0.0.1:2222") == ("127.0.0.1", 2222)


def test_the_host_key_is_kept_private_and_reused(tmp_path):
    first = load_host_key(tmp_path / "k" / "host_key")
    assert (tmp_path / "k" / "host_key").stat().st_mode & 0o777 == 0o600
    assert load_host_key(tmp_path / "k" / "host_key").get_fingerprint() == first.get_fingerprint()
    (tmp_path / "broken").write_text("not a key")
    with pytest.raises(SetupError, match="Cannot read the host key"):
        load_host_key(tmp_path / "broken")


def test_a_host_key_that_is_no_regular_file_is_refused_at_once(tmp_path):
    """As the theme file (QA): a FIFO as the host key would hold the host's
    start for ever, /dev/zero would fill the memory."""
    import os
    import threading

    fifo, zero = tmp_path / "fifo", tmp_path / "zero"
    os.mkfifo(fifo)
    zero.symlink_to("/dev/zero")
    for path in (fifo, zero):
        told: list[str] = []

        def load(path=path, told=told):
            try:
                load_host_key(path)
            except SetupError as error:
                told.append(str(error))

        reader = threading.Thread(target=load, daemon=True)
        reader.start()
        reader.join(timeout=5)
        if reader.is_alive() and path == fifo:  # let the stuck reader go
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        assert told and "not a regular file" in told[0], (path, told)
    (tmp_path / "big").write_bytes(b"x" * 10_000_000)
    with pytest.raises(SetupError, match="too large"):
        load_host_key(tmp_path / "big")


async def test_a_session_runs_for_the_keys_player_on_its_own_terminal(door, keys):
    _, ann, bob, _ = keys
    async with connect(door, ann) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None,
            env={"PLAYER": "Bob", "COLORTERM": "truecolor"},
        )
        text = await output_of(process)
    # the name is the key's, never what the client sends
    assert "PLAYER=Ann " in text and "TERM=xterm-256color" in text and "SIZE=100x30" in text
    assert "COLORTERM=truecolor" in text and "TTY=True" in text
    async with connect(door, bob) as conn:
        process = await conn.create_process(term_type="vt100", encoding=None)
        text = await output_of(process)
    assert "PLAYER=Bob " in text and "COLORTERM=None" in text


async def test_unknown_keys_and_passwords_are_refused(door, keys):
    *_, eve = keys
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(door, eve):
            pass
    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(door, None, password="letmein"):
            pass


async def test_a_refused_key_is_told_to_the_player_and_to_the_host(door, keys, caplog):
    """The play-test: a newcomer's unknown key got only "Permission denied"
    and the host's terminal said nothing. The player gets a banner before
    logging in; the host a line with the name tried, the key's fingerprint
    and the address, so it can tell the player which key was tried."""
    import logging

    *_, eve = keys
    caplog.set_level(logging.WARNING, logger="host.ssh")
    banners: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    with pytest.raises(asyncssh.PermissionDenied):
        async with connect(door, eve, client_factory=Client):
            pass
    assert banners and "send the host your public key" in banners[0].lower()
    fingerprint = eve.get_fingerprint()

    def told() -> list[str]:
        return [r.getMessage() for r in caplog.records
                if r.name == "host.ssh" and fingerprint in r.getMessage()]

    for _ in range(100):
        if told():
            break
        await asyncio.sleep(0.05)
    assert told() == [f"refused the key {fingerprint} for the name 'mallory' from 127.0.0.1"]
    # a key refused before the player's own is accepted is not told
    _, ann, _, _ = keys
    caplog.clear()
    async with asyncssh.connect("127.0.0.1", door, username="mallory", client_keys=[eve, ann],
                                known_hosts=None, agent_path=None) as conn:
        result = await conn.run(term_type="vt100")
    await asyncio.sleep(0.3)
    assert not told() and "PLAYER=Ann" in str(result.stdout)


async def test_the_banner_greets_and_reads_as_no_verdict_above_a_sessions_end(door, keys):
    """Play-test: the banner every client is shown before logging in is back
    in sight once the app's full screen closes, right above the session's
    last lines: "Overtable: only keys the host has listed may play. /
    Refused? Send the host your public key" over "The Overtable host has
    stopped" read to a player who had been playing as if their key had been
    removed. It greets first (the shared tables), then says the rule and
    what a refused player sends; each line fits an 80-column terminal."""
    _, ann, _, _ = keys
    banners: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    async with connect(door, ann, client_factory=Client) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        assert "PLAYER=Ann " in await output_of(process)
    lines = banners[0].splitlines()
    assert len(lines) == 2 and all(len(line) < 80 for line in lines), lines
    assert "Overtable shared tables" in lines[0] and "key" not in lines[0].lower(), lines
    assert not any(line.lower().startswith(("refused", "only")) for line in lines), lines
    assert "not listed" in lines[1] and "public key (.pub)" in lines[1], lines


async def test_the_host_is_told_of_each_login_and_each_connection_ended(door, keys, caplog):
    """Play-test: a host asked "why can't I get in?" saw nothing of
    logins, dropped connections or reconnects. One line per login (the
    name, the address, the key) and per connection ended; nothing for
    what is typed in between."""
    import logging

    _, ann, _, _ = keys
    caplog.set_level(logging.INFO, logger="host.ssh")
    for _ in range(2):  # a reconnect is a login again
        async with connect(door, ann) as conn:
            process = await conn.create_process(term_type="vt100", encoding=None)
            await output_of(process)
    for _ in range(100):
        if sum("ended" in r.getMessage() for r in caplog.records) == 2:
            break
        await asyncio.sleep(0.05)
    said = [r.getMessage() for r in caplog.records if r.name == "host.ssh"]
    login = f"Ann logged in from 127.0.0.1 (key {ann.get_fingerprint()})"
    assert said == [login, "Ann's connection from 127.0.0.1 ended"] * 2


def test_the_hosts_lines_say_when(capsys):
    """The refused key's line had no time: which try was whose could not
    be told. The host's lines start with the local time, HH:MM:SS."""
    import logging
    import re

    from host.hub import host_lines

    with host_lines():
        logging.getLogger("host.ssh").info("Ann logged in from 127.0.0.1")
        logging.getLogger("host.hub").warning("not resumed: x")
    logging.getLogger("host.ssh").info("after the host: not shown")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2, err
    assert re.fullmatch(r"\d\d:\d\d:\d\d Ann logged in from 127\.0\.0\.1", err[0]), err
    assert re.fullmatch(r"\d\d:\d\d:\d\d not resumed: x", err[1]), err


async def test_commands_sftp_forwarding_and_no_terminal_are_refused(door, keys):
    _, ann, _, _ = keys
    async with connect(door, ann) as conn:
        result = await conn.run("cat /etc/passwd", term_type=None)
        assert result.exit_status == 1 and "runs no commands" in result.stderr
        result = await conn.run(term_type=None, input="")
        assert result.exit_status == 1 and "needs a terminal" in result.stdout
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError, OSError)):
            async with conn.start_sftp_client():
                pass
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", door)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", door)


def test_the_host_command_fails_in_one_line(tmp_path, keys, capsys, monkeypatch):
    """A missing keys file, a port in use: one clear line and exit 1."""
    import socket

    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path, *_ = keys
    common = ["--host-key", str(tmp_path / "host_key"), "--data-dir", str(tmp_path / "data")]
    assert main(["host", "--authorized-keys", str(tmp_path / "none"), *common]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "No authorized-keys file" in err[0]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path), *common]
        assert main(argv) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Cannot listen" in err[0]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    import socket

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        return free.getsockname()[1]


def host_stops_when_ready(monkeypatch) -> None:
    """`overtable host` stops (as at Ctrl+C) once it has said it is ready."""
    import host.ssh

    real = host.ssh.run_host

    async def stop_when_ready(*args, ready, **kwargs):
        def said(*ready_args):
            ready(*ready_args)
            raise KeyboardInterrupt

        await real(*args, ready=said, **kwargs)

    monkeypatch.setattr(host.ssh, "run_host", stop_when_ready)


def test_the_host_fails_in_one_line_where_it_cannot_write(tmp_path, keys, capsys, monkeypatch):
    """The play-test: a host key that cannot be made, or a data directory on
    a read-only file system, ended `overtable host` in a traceback."""
    import errno
    import os

    import host.hub
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path, *_ = keys
    (tmp_path / "a-file").write_text("")
    port = free_port()
    argv = ["host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path),
            "--data-dir", str(tmp_path / "data")]
    assert main([*argv, "--host-key", str(tmp_path / "a-file" / "host_key")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        f"overtable host: Cannot make the host key {tmp_path / 'a-file' / 'host_key'}: ")
    assert "--host-key" in err[0]

    async def read_only(self, socket_path):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(socket_path.parent))

    monkeypatch.setattr(host.hub.Hub, "serve", read_only)
    assert main([*argv, "--host-key", str(tmp_path / "host_key")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    sock = tmp_path / "data" / "hub" / "hub.sock"
    assert err == [f"overtable host: Cannot serve the hub on {sock}: Read-only file system "
                   "(--data-dir chooses a writable directory)."]


def test_the_host_on_the_matches_of_a_running_hub_is_refused(tmp_path, keys, capsys, monkeypatch):
    """A host on a data directory whose shared matches a running hub
    serves (`overtable hub` on another socket) is refused in one line that
    names that hub's socket, rather than starting with none of its matches."""
    import host.hub
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path, *_ = keys
    running = host.hub.Hub(tmp_path / "data" / "shared")
    running.claim(tmp_path / "elsewhere.sock")
    port = free_port()
    try:
        assert main(["host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path),
                     "--data-dir", str(tmp_path / "data"),
                     "--host-key", str(tmp_path / "host_key")]) == 1
    finally:
        asyncio.run(running.close())
    sock = tmp_path / "data" / "hub" / "hub.sock"
    assert capsys.readouterr().err.strip().splitlines() == [
        f"overtable host: Cannot serve the hub on {sock}: another hub is serving the matches "
        f"in {tmp_path / 'data' / 'shared'} (on {tmp_path / 'elsewhere.sock'}): stop it first, "
        "or give this one another --data-dir."]
    assert not sock.exists()


def test_the_host_prints_the_socket_local_players_join_with(tmp_path, keys, capsys, monkeypatch):
    """README: on the host's machine a player may also run `overtable join`;
    with --data-dir the socket is not join's default, so the host says which
    it is, and join without a hub names --socket rather than only `overtable hub`."""
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "default"))
    path, *_ = keys
    port = free_port()
    host_stops_when_ready(monkeypatch)
    data = tmp_path / "data"
    assert main(["host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path),
                 "--host-key", str(tmp_path / "host_key"), "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    sock = data / "hub" / "hub.sock"
    # the line runs as printed: a bare `overtable` was not on PATH from a venv
    (line,) = [x for x in out.splitlines() if x.startswith("On this machine, as this user: ")]
    words = shlex.split(line.removeprefix("On this machine, as this user: "))
    assert words[-3:] == ["join", "--socket", str(sock)]
    assert Path(words[0]).is_absolute() and Path(words[0]).is_file(), words
    ran = subprocess.run([*words, "--help"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PATH": "/usr/bin:/bin"})
    assert ran.returncode == 0 and "--socket" in ran.stdout, ran.stderr
    import tui.cli

    # as in a player's terminal (under pytest there is none, and join says so first)
    monkeypatch.setattr(tui.cli, "_is_terminal", lambda stream: True)
    monkeypatch.delenv("SSH_CONNECTION", raising=False)  # even if the tests run over SSH
    assert main(["join", "--name", "dan"]) == 1  # the default socket: nobody there
    err = capsys.readouterr().err
    assert "no hub at" in err and "--socket" in err


#: a child that says its pid, then reports each line typed with the terminal's size
ECHO = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "print('PID=%d' % os.getpid(), flush=True)\n"
    "for line in sys.stdin:\n"
    "    size = os.get_terminal_size(0)\n"
    "    print('GOT %s SIZE=%dx%d' % (line.strip(), size.columns, size.lines), flush=True)\n"
)


@pytest.fixture
async def idle_door(tmp_path, keys):
    path, *_ = keys
    host_key = load_host_key(tmp_path / "host_key")
    server = await serve("127.0.0.1", 0, read_players(path), host_key, child_running(ECHO),
                         idle_timeout=1.0)
    yield server.sockets[0].getsockname()[1]
    server.close()


async def read_until(process, marker: str, seen: list[str], timeout: float = 10) -> None:
    while marker not in "".join(seen):
        chunk = await asyncio.wait_for(process.stdout.read(4096), timeout)
        if not chunk:
            raise AssertionError(f"closed before {marker!r}: {''.join(seen)!r}")
        seen.append(chunk.decode(errors="replace"))


async def child_pid(process, seen: list[str]) -> int:
    """The pid the session's child (`child_running(ECHO)`) prints first,
    its line read into `seen`."""
    import re

    await read_until(process, "PID=", seen)
    await read_until(process, "\n", seen)
    return int(re.search(r"PID=(\d+)", "".join(seen)).group(1))


async def the_host_stops_under(server, key) -> tuple[str, int]:
    """A player logs in with `key` and the host (`server`) stops while their
    child runs: all their terminal read to the session's end, and the
    child's pid."""
    from host.ssh import stop

    port = server.sockets[0].getsockname()[1]
    async with connect(port, key) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        seen: list[str] = []
        pid = await child_pid(process, seen)
        stopping = asyncio.ensure_future(stop(server))
        text = "".join(seen) + await output_of(process)
        await stopping
    return text, pid


def gone(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def wait_gone(pid: int, what: str) -> None:
    """Until process `pid` has ended (2 s at most: else `what` outlived it)."""
    for _ in range(100):
        if gone(pid):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"the child outlived {what}")


async def test_an_idle_session_is_closed_with_a_message_and_no_process_left(idle_door, keys):

    _, ann, _, _ = keys
    async with connect(idle_door, ann) as conn:
        process = await conn.create_process(term_type="xterm", encoding=None)
        started = asyncio.get_running_loop().time()
        seen: list[str] = []
        pid = await child_pid(process, seen)
        text = "".join(seen) + await output_of(process)  # to the end of the session
        waited = asyncio.get_running_loop().time() - started
    # (not "without a key": read under the banner about keys, it was taken
    # for the player's SSH key)
    assert "Closed after 1 second with no key pressed; your seat is kept." in text
    assert waited >= 1.0
    await wait_gone(pid, "its idle session")


async def test_a_player_who_keeps_typing_is_not_closed(idle_door, keys):
    _, ann, _, _ = keys
    async with connect(idle_door, ann) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24),
                                            encoding=None)
        seen: list[str] = []
        await read_until(process, "PID=", seen)
        # a key every 0.2 s for twice the time-out: still open
        for n in range(10):
            process.stdin.write(f"k{n}\r".encode())
            await read_until(process, f"GOT k{n} SIZE=80x24", seen)
            await asyncio.sleep(0.2)
        assert "Closed after" not in "".join(seen)
        # the keys go through this side now: a resize still reaches the child
        process.change_terminal_size(100, 40)
        await asyncio.sleep(0.1)
        process.stdin.write(b"big\r")
        await read_until(process, "GOT big SIZE=100x40", seen)
        # then nothing: the session ends with the message
        await read_until(process, "your seat is kept", seen)


def test_the_idle_timeout_option_takes_seconds(capsys):
    from tui.cli import main

    for bad in ("-5", "soon", "nan"):
        with pytest.raises(SystemExit) as exit_:
            main(["host", "--idle-timeout", bad])
        assert exit_.value.code == 2
        assert "--idle-timeout: a number of seconds, 0 or more" in capsys.readouterr().err


WAITING = "import sys; print('READY', flush=True); sys.stdin.read()"


async def test_more_sessions_than_the_loops_thread_pool_all_start(tmp_path):
    # Each session waits for its child to exit; done in the loop's default
    # thread pool (cores + 4 threads), the next login hung until its timeout.
    import os

    wanted = min(32, (os.cpu_count() or 1) + 4) + 2
    players = [asyncssh.generate_private_key("ssh-ed25519", comment=f"p{n}")
               for n in range(wanted)]
    path = tmp_path / "authorized_keys"
    path.write_text("".join(k.export_public_key().decode() for k in players))
    host_key = load_host_key(tmp_path / "host_key")
    server = await serve("127.0.0.1", 0, read_players(path), host_key, child_running(WAITING))
    port = server.sockets[0].getsockname()[1]
    connections = []
    try:
        for key in players:
            conn = await asyncio.wait_for(connect(port, key), 15)
            connections.append(conn)
            process = await asyncio.wait_for(
                conn.create_process(term_type="xterm", encoding=None), 15)
            await read_until(process, "READY", [], timeout=15)
    finally:
        for conn in connections:
            conn.close()
        server.close()
    assert len(connections) == wanted


def test_a_session_ends_when_its_terminal_hangs_up_even_if_sighup_was_ignored(tmp_path):
    """A host run under nohup hands its children an ignored SIGHUP; a
    player's session must still end when its terminal goes (the client
    dropped, or the host was killed), not spin on a dead terminal."""
    import os
    import pty
    import select
    import signal
    import subprocess
    import time

    master, slave = pty.openpty()
    env = dict(os.environ, OVERTABLE_DATA_DIR=str(tmp_path), TERM="xterm-256color")
    child = subprocess.Popen(
        [sys.executable, "-m", "tui.ptychild"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    os.close(slave)
    try:
        drawn, end = b"", time.monotonic() + 30
        while b"Overtable" not in drawn and time.monotonic() < end:
            if select.select([master], [], [], 0.5)[0]:
                drawn += os.read(master, 65536)
        assert b"Overtable" in drawn, "the app did not start"
        os.close(master)  # the terminal hangs up
        master = None
        assert child.wait(timeout=10) is not None
    finally:
        if master is not None:
            os.close(master)
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("term", ["xterm\x00evil", "x" * 5000, "xterm\x1b[2J", "", "../../x y"])
def test_a_hostile_terminal_type_gives_a_plain_term(term):
    # A NUL in the client's terminal type made starting the child raise
    # (ValueError: embedded null byte), the pty left open
    _, env = join_child("/nowhere.sock", None)("Ann", term, {"COLORTERM": "truecolor\x00"})
    assert env["TERM"] == "xterm-256color" and "COLORTERM" not in env


def test_a_usual_terminal_type_is_kept():
    _, env = join_child("/nowhere.sock", None)("Ann", "screen.xterm-256color", {})
    assert env["TERM"] == "screen.xterm-256color"


@pytest.mark.parametrize(("width", "height", "expected"), [
    (80, 24, (80, 24)), (0, 0, (80, 24)), (70_000, 70_000, (1000, 500)), (2**32 - 1, 1, (1000, 1)),
    (10_000, 10_000, (1000, 500)), (None, "x", (80, 24)),
])
def test_the_window_a_client_asks_for_is_bounded(width, height, expected):
    # over 65535 raised struct.error out of the session (a resize ended the
    # keys' forwarding); 10000x10000 had the app draw 10^8 cells on the host
    import struct

    from host.ssh import window_size

    rows, columns, *_ = struct.unpack("HHHH", window_size(width, height))
    assert (columns, rows) == expected


def test_the_hosts_enter_wait_reaches_its_sessions_not_the_clients(monkeypatch):
    """$OVERTABLE_ENTER_WAIT set for the host goes to every player's session
    (a clean environment otherwise); a client cannot set it."""
    monkeypatch.setenv("OVERTABLE_ENTER_WAIT", "0.3")
    _, env = join_child("/nowhere.sock", None)("Ann", "xterm", {"OVERTABLE_ENTER_WAIT": "0"})
    assert env["OVERTABLE_ENTER_WAIT"] == "0.3"
    monkeypatch.delenv("OVERTABLE_ENTER_WAIT")
    _, env = join_child("/nowhere.sock", None)("Ann", "xterm", {"OVERTABLE_ENTER_WAIT": "0"})
    assert "OVERTABLE_ENTER_WAIT" not in env


#: a child that says its own locale and the note its app would show at start
LOCALE_REPORT = (
    "import os; from tui import theme; "
    "print('LANG=%s LC_ALL=%s NOTE=%s' % (os.environ.get('LANG'), os.environ.get('LC_ALL'), "
    "theme.session_locale_note()), flush=True)"
)


@pytest.mark.parametrize(("sent", "note"), [
    ({"LANG": "C", "LC_ALL": "C"}, "The locale your SSH client sent (LC_ALL=C) is not UTF-8"),
    ({"LANG": "de_DE.ISO-8859-1"},
     "The locale your SSH client sent (LANG=de_DE.ISO-8859-1) is not UTF-8"),
    ({"LANG": "en_GB.UTF-8"}, None),
    ({}, None),
])
async def test_a_client_whose_locale_is_not_utf8_is_told_in_its_session(tmp_path, keys, sent, note):
    """Play-test: `LANG=C ssh -o SendEnv=LANG ...` got no word about its
    locale (the session runs in C.UTF-8 whatever the client sends), where
    a local start says it. The session still runs in UTF-8, and its app
    says what a local one would, worded for SSH. (It read "connect with
    LC_ALL=C.UTF-8", which did not say how, and the session draws in UTF-8
    anyway: it is the player's terminal that matters.)"""
    path, ann, *_ = keys
    host_key = load_host_key(tmp_path / "host_key")
    server = await serve("127.0.0.1", 0, read_players(path), host_key,
                         child_running(LOCALE_REPORT))
    try:
        port = server.sockets[0].getsockname()[1]
        async with connect(port, ann) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None, env=sent)
            text = await output_of(process)
    finally:
        server.close()
    assert "LANG=C.UTF-8 LC_ALL=C.UTF-8 " in text, text
    if note is None:
        assert "NOTE=None" in text, text
    else:
        assert f"NOTE={note}" in text and "connect with" not in text, text
        assert "your terminal" in text and "SendEnv" in text, text


def test_a_clients_locale_that_no_terminal_sends_is_dropped():
    """A NUL in a variable made the child's start raise, the pty left open."""
    _, env = join_child("/nowhere.sock", None)("Ann", "xterm", {"LANG": "C\x00", "LC_ALL": "C"})
    assert "OVERTABLE_CLIENT_LANG" not in env and env["OVERTABLE_CLIENT_LC_ALL"] == "C"


def test_a_sessions_app_is_the_hosts_own_whatever_directory_it_started_in(tmp_path):
    """The host started its players' apps with `python -m tui.ptychild`,
    which puts the working directory first on the path: started in another
    clone's directory (or one holding any `tui`), every player ran that
    code. The child's interpreter leaves the directory out."""
    import subprocess

    import tui

    decoy = tmp_path / "tui"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("")
    argv, env = join_child("/nowhere.sock", None)("Ann", "xterm", {})
    flags = argv[1:argv.index("-m")]
    found = subprocess.run([argv[0], *flags, "-c", "import tui; print(tui.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == tui.__file__


async def test_a_host_that_stops_puts_each_terminal_back_and_says_so(tmp_path, keys):
    """Ctrl+C on the host: each session's child ends, and the player's
    terminal leaves the full-screen mode, shows the cursor again and reads
    that the host stopped and the matches are kept. (It stayed on the last
    frame, in the app's modes, with no word of why.)"""
    path, ann, _, _ = keys
    host_key = load_host_key(tmp_path / "host_key")
    server = await serve("127.0.0.1", 0, read_players(path), host_key, child_running(ECHO))
    text, pid = await the_host_stops_under(server, ann)
    # the cursor shown (this app never took the alternate screen: it is not
    # left again, tests/test_host_ssh_ending.py)
    assert "\x1b[?25h" in text and "\x1b[?1049l" not in text
    assert text.rindex("\x1b[?7h") > text.rindex("PID=")  # lines wrap again (the app stops them)
    # a table not begun is not kept (README): "your seats are kept" was untrue there
    assert ("The Overtable host has stopped; your matches are kept, a table not yet begun "
            "is not.") in text, text
    await wait_gone(pid, "the host")


async def test_the_running_host_reads_the_keys_file_again_when_it_changes(
        tmp_path, keys, caplog):
    """The play-test: a key added while `overtable host` ran was refused until
    a restart. As OpenSSH does at each login, the host reads the file again
    once it has changed (README, `overtable host`): an added key gets in, a
    removed one no longer does (a connection already open stays), and a file
    that became damaged or went keeps the last good keys, with a warning."""
    import logging

    from host.ssh import run_host

    path, ann, bob, eve = keys
    port = free_port()
    up = asyncio.Event()
    host = asyncio.ensure_future(run_host(
        f"127.0.0.1:{port}", path, tmp_path / "host_key", tmp_path / "data",
        ready=lambda *_: up.set()))
    try:
        await asyncio.wait_for(up.wait(), 30)
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, eve):
                pass
        ann_line, bob_line = path.read_text().splitlines()
        eve_line = eve.export_public_key().decode().strip()
        path.write_text(f"{ann_line}\n{bob_line}\n{eve_line}\n")
        async with connect(port, eve):
            pass
        async with connect(port, bob) as still_open:
            path.write_text(f"{ann_line}\n{eve_line}\n")  # bob's key taken out
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, bob):
                    pass
            assert not still_open.is_closed()
        caplog.set_level(logging.WARNING, logger="host.ssh")
        for damaged in ("ssh-ed25519 notbase64 x\n", None, "x" * (2 * 1024 * 1024)):
            if damaged is None:
                path.unlink()
            else:
                path.write_text(damaged)
            for key in (ann, eve):
                async with connect(port, key):
                    pass
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, bob):
                    pass
        warned = [r.getMessage() for r in caplog.records if r.name == "host.ssh"
                  and r.levelno >= logging.WARNING
                  and not r.getMessage().startswith("refused the key")]
        assert len(warned) == 3 and all("last good ones kept" in w for w in warned), warned
    finally:
        host.cancel()
        with pytest.raises(asyncio.CancelledError):
            await host


def test_a_keys_file_that_is_a_fifo_is_refused_not_waited_on(tmp_path):
    """Read again while the host runs, a FIFO put in the file's place held
    the host's event loop (every player's session) for good."""
    import threading

    fifo = tmp_path / "authorized_keys"
    os.mkfifo(fifo)
    raised: list[BaseException] = []

    def read() -> None:
        try:
            read_players(fifo)
        except BaseException as error:  # noqa: BLE001 (looked at below)
            raised.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5)
    assert not reader.is_alive(), "waited on the FIFO"
    assert isinstance(raised[0], SetupError) and "not a regular file" in str(raised[0])


def test_ctrl_c_stops_the_host_cleanly_when_its_output_is_gone(tmp_path, keys):
    """`overtable host | tee log`, Ctrl+C: no BrokenPipeError traceback."""
    import os
    import signal
    import subprocess

    path, *_ = keys
    port = free_port()
    argv = [sys.executable, "-c", "from tui.cli import main; raise SystemExit(main())",
            "host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path),
            "--host-key", str(tmp_path / "host_key"), "--data-dir", str(tmp_path / "data")]
    env = {**os.environ, "OVERTABLE_DATA_DIR": str(tmp_path / "default")}
    host = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        for line in host.stdout:
            if line.startswith("Ctrl+C stops the host"):
                break
        host.stdout.close()
        host.send_signal(signal.SIGINT)
        err = host.stderr.read()
        assert host.wait(timeout=30) == 0, err
        assert "Traceback" not in err and "BrokenPipe" not in err
    finally:
        host.kill()
        host.wait()


def test_a_key_whose_name_the_hub_refuses_is_said_at_start_up(tmp_path, capsys, monkeypatch):
    """Play-test: a key commented "bot smith", or "ANN" beside "ann", was
    counted among the player keys, and its player was refused at each
    login with nothing said on the host's terminal. The host says so as it
    starts (the key still logs in, so that its player reads why)."""
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "default"))
    lines = [asyncssh.generate_private_key("ssh-ed25519", comment=name).export_public_key().decode()
             for name in ("ann", "bot smith", "ANN", "Bob")]
    path = tmp_path / "authorized_keys"
    path.write_text("".join(lines))
    players = read_players(path)
    assert [p.name for p in players] == ["ann", "bot smith", "ANN", "Bob"]
    assert [bool(p.problem) for p in players] == [False, True, True, False]
    port = free_port()
    host_stops_when_ready(monkeypatch)
    assert main(["host", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(path),
                 "--host-key", str(tmp_path / "host_key"), "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert ": 2 player key(s)" in out, out
    assert f"{path}, line 2: the name 'bot smith' is refused at login: " in out, out
    assert 'start with "bot"' in out
    assert f"{path}, line 3: the name 'ANN' is refused at login: " in out
    assert "line 1 names 'ann'" in out


def test_a_session_knows_its_name_comes_from_the_keys_file():
    """The app says to ask the host for another name, not `--name` (tui/remote.py)."""
    _, env = join_child("/nowhere.sock", None)("Ann", "xterm", {})
    assert env["OVERTABLE_NAME_FROM_KEY"] == "1"


async def test_the_later_of_a_case_twin_pair_is_refused_at_the_door(tmp_path):
    """Play-test: the host said line 2's "ANN" was refused, yet that key,
    connecting first, played as "ANN" and the real "ann" was turned away.
    The flagged key is refused itself, whichever connects first: its
    session says why and ends, its child (the hub's client) never runs."""
    ann = asyncssh.generate_private_key("ssh-ed25519", comment="ann")
    twin = asyncssh.generate_private_key("ssh-ed25519", comment="ANN")
    path = tmp_path / "authorized_keys"
    path.write_text(ann.export_public_key().decode() + twin.export_public_key().decode())
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(REPORT))
    port = server.sockets[0].getsockname()[1]
    try:
        async with connect(port, twin) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            text = await output_of(process)
            await process.wait_closed()
        assert "PLAYER=" not in text, text
        assert "'ANN'" in text and "'ann'" in text and "another name" in text, text
        assert "overtable join" not in text
        assert process.exit_status == 1
        async with connect(port, ann) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            text = await output_of(process)
        assert "PLAYER=ann " in text, text
    finally:
        server.close()


async def test_a_watcher_is_not_told_of_seats_kept_when_the_host_stops(tmp_path, keys):
    """Play-test: a watcher with no seat read "your seats are kept" as the
    host stopped; only a player with seats at the hub reads that."""
    path, ann, _, _ = keys
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(ECHO), has_seats=lambda player: False)
    text, pid = await the_host_stops_under(server, ann)
    assert "The Overtable host has stopped." in text and "seats" not in text, text
    await wait_gone(pid, "the host")


async def test_a_stopping_host_says_each_connection_it_ends_once(tmp_path, keys, caplog):
    """Play-test: Ctrl+C with ann, bob, cy and dee connected named only some
    of the connections closed (the loop stopped with the others still open),
    and one stop named bob twice. Each connection open at the stop has one
    line ("a line per connection ended", README), said before the stop is
    over (the host's last line comes after): a client that leaves as its
    session closes (OpenSSH's does) and one that stays connected alike."""
    import logging

    from host.ssh import stop

    path, ann, bob, _ = keys
    caplog.set_level(logging.INFO, logger="host.ssh")
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(ECHO))
    port = server.sockets[0].getsockname()[1]
    conns = [await connect(port, key) for key in (ann, bob, ann)]
    processes = []
    for conn in conns:
        process = await conn.create_process(term_type="xterm", encoding=None)
        await read_until(process, "PID=", [])
        processes.append(process)

    async def leaves_when_its_session_closes(conn, process) -> None:
        await output_of(process)
        conn.close()

    leaving = asyncio.ensure_future(leaves_when_its_session_closes(conns[0], processes[0]))
    await asyncio.wait_for(stop(server), 15)
    ended = sorted(r.getMessage() for r in caplog.records if "ended" in r.getMessage())
    assert ended == ["Ann's connection from 127.0.0.1 ended"] * 2 + [
        "Bob's connection from 127.0.0.1 ended"], ended
    await leaving
    for conn in conns:  # the host closed those that stayed
        await asyncio.wait_for(conn.wait_closed(), 5)


def test_asyncssh_import_warnings_are_not_shown_to_the_host(tmp_path):
    """Play-test: cryptography 51 warned "DSA is deprecated" ten times from
    asyncssh's own source before `overtable host` said a word. The warning is
    forced at asyncssh's import, so the test holds whatever cryptography warns."""
    script = (
        "import sys, warnings\n"
        "from cryptography.utils import CryptographyDeprecationWarning as W\n"
        "class Warn:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'asyncssh':\n"
        "            warnings.warn_explicit(W('DSA is deprecated'), W, 'misc.py', 32,\n"
        "                                   module='asyncssh.crypto.misc', registry={})\n"
        "sys.meta_path.insert(0, Warn())\n"
        "from tui.cli import main\n"
        "raise SystemExit(main())\n"
    )
    argv = [sys.executable, "-W", "default", "-c", script, "host", "--listen", "127.0.0.1:x",
            "--data-dir", str(tmp_path / "data")]
    env = {**os.environ, "OVERTABLE_DATA_DIR": str(tmp_path / "default")}
    ran = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env)
    assert ran.returncode == 1
    assert ran.stderr.splitlines() == [
        "overtable host: --listen takes HOST:PORT, e.g. 127.0.0.1:2222, not '127.0.0.1:x'."
    ], ran.stderr
    assert ran.stdout == ""


@pytest.mark.parametrize(("listen", "way_back"), [
    (("127.0.0.1", 23111), "ssh -t -p 23111 127.0.0.1"),
    (("overtable.example", 22), "ssh -t overtable.example"),
    (("0.0.0.0", 23111), ""),  # every address: which one the player used is theirs
    (("::", 23111), ""),
])
def test_a_session_knows_how_its_player_comes_back(listen, way_back):
    """Play-test: leaving with Ctrl+Q printed the host machine's own join
    command. The session is given the way back over SSH, to say instead."""
    from host.hub import SSH_AGAIN_ENV

    _, env = join_child("/nowhere.sock", None, listen)("Ann", "xterm", {})
    assert env[SSH_AGAIN_ENV] == way_back


@pytest.mark.parametrize("chosen_by", ["--data-dir", "OVERTABLE_DATA_DIR", "XDG_DATA_HOME"])
async def test_every_session_of_the_host_writes_in_the_host_s_data_directory(
        tmp_path, keys, monkeypatch, chosen_by):
    """Play-test: a host started as `OVERTABLE_DATA_DIR=DIR overtable host`
    kept its matches in DIR, but its players' sessions (a clean
    environment) kept their last table set-ups in the account's default
    folder, shared with every other hub: a player's first n at a new hub
    opened on another hub's set-up. The host resolves its data directory
    once (--data-dir, else $OVERTABLE_DATA_DIR, else the default) and each
    session is given it."""
    import host.ssh
    from tui import table_setups

    path, *_ = keys
    monkeypatch.delenv("OVERTABLE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    flag = None
    if chosen_by == "--data-dir":
        monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "not-this"))
        flag = base = tmp_path / "flag"
    elif chosen_by == "OVERTABLE_DATA_DIR":
        base = tmp_path / "env"
        monkeypatch.setenv("OVERTABLE_DATA_DIR", str(base))
    else:  # (XDG_DATA_HOME/overtable where platformdirs reads it)
        import platformdirs

        base = Path(platformdirs.user_data_dir("overtable"))
    builders, up = [], asyncio.Event()
    real_serve = host.ssh.serve

    async def spy(*args, **kwargs):
        builders.append(args[4])
        return await real_serve(*args, **kwargs)

    monkeypatch.setattr(host.ssh, "serve", spy)
    hubs = []
    port = free_port()
    running = asyncio.ensure_future(host.ssh.run_host(
        f"127.0.0.1:{port}", path, tmp_path / "host_key", flag,
        ready=lambda hub, *_: (hubs.append(hub), up.set())))
    try:
        await asyncio.wait_for(up.wait(), 30)
    finally:
        running.cancel()
        with pytest.raises(asyncio.CancelledError):
            await running
    (hub,) = hubs
    assert hub.directory == base / "shared"
    _, env = builders[0]("ann", "xterm", {})
    assert env["OVERTABLE_DATA_DIR"] == str(base)
    # what a session writes: its set-ups, under the host's data directory
    monkeypatch.setattr(os, "environ", env)
    assert table_setups.setups_file("ann").parent == base / "table-setups"


async def _host_lines_of_a_refused_login(tmp_path, caplog, key, path, **serve_kwargs) -> tuple[str, list[str]]:
    """What the refused player read and the host's terminal said of that try."""
    import logging

    caplog.set_level(logging.INFO, logger="host.ssh")
    server = await serve("127.0.0.1", 0, read_players(path), load_host_key(tmp_path / "hk"),
                         child_running(REPORT), **serve_kwargs)
    port = server.sockets[0].getsockname()[1]
    try:
        async with connect(port, key) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            text = await output_of(process)
            await process.wait_closed()
        for _ in range(100):
            if any("refused (key" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.05)
    finally:
        server.close()
    return text, [r.getMessage() for r in caplog.records if r.name == "host.ssh"]


async def test_a_login_refused_for_its_keys_name_is_told_as_refused(tmp_path, caplog):
    """Play-test: "ANN" beside "ann" in authorized_keys; the host's
    terminal warned that 'ANN' is refused, then said "ANN logged in from
    127.0.0.1" for that very key, which the player read refused. The try
    is told refused, as one refused for too many connections is."""
    ann = asyncssh.generate_private_key("ssh-ed25519", comment="ann")
    twin = asyncssh.generate_private_key("ssh-ed25519")
    path = tmp_path / "authorized_keys"
    path.write_text(ann.export_public_key().decode()
                    + 'environment="PLAYER=ANN" ' + twin.export_public_key().decode())
    text, said = await _host_lines_of_a_refused_login(tmp_path, caplog, twin, path)
    assert "Overtable refused the name 'ANN'" in text and "PLAYER=" not in text, text
    assert not any("logged in" in line for line in said), said
    assert said == [f"ANN from 127.0.0.1 refused (key {twin.get_fingerprint()}): the name on "
                    "line 2 of the authorized keys: line 1 names 'ann', and a name is told "
                    "apart by more than its case or look-alike letters."], said


async def test_a_login_whose_name_the_hub_refuses_is_refused_at_the_door(tmp_path, keys, caplog):
    """A name the file lets in but the hub refuses (it reads as a player of
    its tables, "ann" of a copied journal for "Ann"): the host's terminal
    said "Ann logged in", then that the hub refused the name. Refused at
    the door, told once as refused, and the player reads the hub's why."""
    path, ann, _, _ = keys
    why = "'Ann' reads as 'ann', a player here already: use 'ann' if that is you."
    text, said = await _host_lines_of_a_refused_login(
        tmp_path, caplog, ann, path, name_refused=lambda name: why if name == "Ann" else "")
    assert "Overtable refused the name 'Ann': 'Ann' reads as 'ann'" in text, text
    assert "PLAYER=" not in text, text
    assert said == [f"Ann from 127.0.0.1 refused (key {ann.get_fingerprint()}): {why}"], said


def test_a_keys_player_is_named_by_its_options_never_by_its_comment(tmp_path):
    """A review saw a .pub whose comment read `mallory@laptop
    environment="PLAYER=eve"`, pasted as it was, log in as eve: the name
    was searched for anywhere in the line. PLAYER is read from the line's
    options as OpenSSH parses them; a comment is a name only as a whole."""
    def line(comment: str, options: str = "") -> str:
        key = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
        return options + key.export_public_key().decode()

    path = tmp_path / "authorized_keys"
    path.write_text(line('m environment="PLAYER=eve"') + line("ann", 'no-pty,environment="PLAYER=Bo" ')
                    + line("cy", 'environment="LANG=C.UTF-8" '))
    assert [p.name for p in read_players(path)] == ['m environment="PLAYER=eve"', "Bo", "cy"]
    path.write_text(line('mallory@laptop environment="PLAYER=eve"'))
    with pytest.raises(SetupError, match="line 1: a key needs a player's name"):
        read_players(path)


def test_the_host_names_each_keys_player_and_a_name_with_several_keys(
        tmp_path, capsys, monkeypatch, caplog):
    """A second key bound to a player went unnoticed: the start-up line only
    counted keys. Each name is listed with its keys' lines and
    fingerprints, as the host starts and when it reads the file again, and
    a name bound to several keys says so."""
    import logging

    from host.ssh import KeysFile
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "default"))
    keys = [asyncssh.generate_private_key("ssh-ed25519", comment=name) for name in ("ann", "bob")]
    second = asyncssh.generate_private_key("ssh-ed25519", comment="laptop")
    path = tmp_path / "authorized_keys"
    lines = [k.export_public_key().decode() for k in keys]
    path.write_text("".join(lines))
    host_stops_when_ready(monkeypatch)
    assert main(["host", "--listen", f"127.0.0.1:{free_port()}", "--authorized-keys", str(path),
                 "--host-key", str(tmp_path / "host_key"), "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out
    assert f"  ann: line 1 (key {keys[0].get_fingerprint()})\n" in out, out
    assert f"  bob: line 2 (key {keys[1].get_fingerprint()})\n" in out, out
    assert "2 keys" not in out
    keys_file = KeysFile(path)
    caplog.set_level(logging.INFO, logger="host.ssh")
    path.write_text("".join(lines) + 'environment="PLAYER=ann" '
                    + second.export_public_key().decode())
    assert [p.name for p in keys_file.current()] == ["ann", "bob", "ann"]
    told = [r.getMessage() for r in caplog.records if r.name == "host.ssh"]
    assert any("read again" in t for t in told), told
    assert (f"  ann: 2 keys, lines 1 and 3 (keys {keys[0].get_fingerprint()}, "
            f"{second.get_fingerprint()}): each logs in as ann") in told, told
    assert f"  bob: line 2 (key {keys[1].get_fingerprint()})" in told, told


def test_a_keys_file_other_users_could_change_is_refused_as_sshd_does(
        tmp_path, keys, capsys, monkeypatch):
    """A review had another user of the machine add a key for eve to a keys
    file anyone could write, and log in as her: the file is read again at
    each login. As sshd's StrictModes, the host refuses a keys file that
    another user could change: written by its group or by all, owned by
    another user, or in a folder so (one with the sticky bit, such as
    /tmp, is fine: there only an entry's owner may replace it)."""
    from tui.cli import main

    path, *_ = keys
    read_players(path)
    path.chmod(0o666)
    with pytest.raises(SetupError, match="can be changed by other users: it can be written by all"):
        read_players(path)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "default"))
    assert main(["host", "--listen", f"127.0.0.1:{free_port()}", "--authorized-keys", str(path),
                 "--host-key", str(tmp_path / "host_key"), "--data-dir", str(tmp_path / "d")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"chmod go-w {path}" in err[0], err
    path.chmod(0o620)
    with pytest.raises(SetupError, match="written by its group"):
        read_players(path)
    path.chmod(0o644)
    folder = tmp_path / "shared"
    folder.mkdir()
    inside = folder / "authorized_keys"
    inside.write_text(path.read_text())
    folder.chmod(0o777)
    with pytest.raises(SetupError, match=f"its folder {folder} can be written by all"):
        read_players(inside)
    folder.chmod(0o1777)  # sticky, as /tmp
    assert [p.name for p in read_players(inside)] == ["Ann", "Bob"]
    if os.geteuid() == 0:
        os.chown(path, 54321, -1)
    else:  # (the file is then another user's to the host)
        real = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: real + 1)
    with pytest.raises(SetupError, match="owned by another user"):
        read_players(path)


def test_a_running_host_keeps_its_keys_while_the_file_is_open_to_others(tmp_path, keys, caplog):
    """Read again while the host runs, a keys file another user could have
    changed keeps the last good keys, with one warning; once it is private
    again (the file, or its folder), it is read."""
    import logging

    from host.ssh import KeysFile

    path, ann, bob, eve = keys
    keys_file = KeysFile(path)
    caplog.set_level(logging.WARNING, logger="host.ssh")
    path.chmod(0o666)
    with path.open("a") as file:
        file.write('environment="PLAYER=eve" ' + eve.export_public_key().decode())
    for _ in range(3):  # logins
        assert [p.name for p in keys_file.current()] == ["Ann", "Bob"]
    warned = [r.getMessage() for r in caplog.records if r.name == "host.ssh"]
    assert len(warned) == 1 and "last good ones kept" in warned[0], warned
    assert "can be changed by other users" in warned[0], warned
    path.chmod(0o644)
    assert [p.name for p in keys_file.current()] == ["Ann", "Bob", "eve"]
    tmp_path.chmod(0o777)  # the folder, now: the file's own stamp is the same
    try:
        assert [p.name for p in keys_file.current()] == ["Ann", "Bob", "eve"]
        path.write_text(path.read_text().splitlines()[0] + "\n")
        assert [p.name for p in keys_file.current()] == ["Ann", "Bob", "eve"]
        tmp_path.chmod(0o700)
        assert [p.name for p in keys_file.current()] == ["Ann"]
    finally:
        tmp_path.chmod(0o700)


def test_a_host_key_other_users_can_read_is_warned_of(tmp_path, caplog):
    """A host key others could read lets them pass for the host: it is
    still used, with a warning that says how to make it private."""
    import logging

    caplog.set_level(logging.WARNING, logger="host.ssh")
    path = tmp_path / "host_key"
    first = load_host_key(path)
    assert not caplog.records
    path.chmod(0o644)
    assert load_host_key(path).get_fingerprint() == first.get_fingerprint()
    warned = [r.getMessage() for r in caplog.records if r.name == "host.ssh"]
    assert len(warned) == 1 and f"chmod 600 {path}" in warned[0], warned


def test_a_keys_file_linked_from_a_folder_open_to_all_is_refused(tmp_path, keys):
    """A link to a private keys file, in a folder anyone can write, can be
    swapped for a link to another file: the folders on the path as given
    are checked too, as well as those of the file itself."""
    path, *_ = keys
    folder = tmp_path / "open"
    folder.mkdir()
    (folder / "authorized_keys").symlink_to(path)
    assert [p.name for p in read_players(folder / "authorized_keys")] == ["Ann", "Bob"]
    folder.chmod(0o777)
    with pytest.raises(SetupError, match=f"its folder {folder} can be written by all"):
        read_players(folder / "authorized_keys")
