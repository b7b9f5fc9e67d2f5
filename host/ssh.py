"""The SSH front door of the hub (`overtable host`).

An embedded asyncssh server: public keys only, each key's player name bound
in the authorized-keys file (``environment="PLAYER=ann"``, else the key's
comment); what the client calls itself never changes it. Passwords,
keyboard-interactive, unknown keys, exec, subsystems (SFTP, SCP), agent, X11
and port forwarding are refused; a session without a terminal gets one line
and is closed. Each accepted session runs `overtable join` for its player
in a new pseudo-terminal that is the child's controlling terminal (so window
resizes reach it), with a clean environment, and ends it, with no leftover
process, when the client goes, or when no key has come from the client for
the idle time-out (the player is told in one line; their seats wait).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import stat
import struct
import sys
import threading
import time
import warnings
from collections import defaultdict, deque
from pathlib import Path
from typing import Any

# asyncssh still names DSA, which cryptography deprecates (51 on): its
# warnings, pointing into asyncssh's source, are no player's to read. Not a
# cap on cryptography: a later one would warn again, and a cap holds back fixes.
with contextlib.suppress(ImportError):
    from cryptography.utils import CryptographyDeprecationWarning

    warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning,
                            module=r"asyncssh(\.|$)")

import asyncssh  # noqa: E402

from host.messages import MAX_NAME, mid_sentence
from saves.journal import printable

log = logging.getLogger(__name__)

#: sessions at once, per player and in all
MAX_SESSIONS_PER_PLAYER = 3
MAX_SESSIONS = 60
#: new connections a player may open per minute (counted once the key is
#: proved: a public key is no secret, and probing with it alone must not use
#: up its player's logins)
MAX_CONNECTS_PER_MINUTE = 10
#: connections a player may hold open at once (one with no session yet, or
#: none ever, holds its place until it goes: they must not pile up)
MAX_CONNECTIONS_PER_PLAYER = MAX_SESSIONS_PER_PLAYER + 2
#: channels one connection may hold open at once (a session channel that
#: never asks for a terminal or a shell holds its place, ~7 kB each: a
#: client opened thousands on one connection)
MAX_CHANNELS_PER_CONNECTION = MAX_SESSIONS_PER_PLAYER
#: connections not logged in yet, from one address and in all. Each holds
#: a file descriptor until its login times out: a stranger opening them by
#: the thousand ran the host (and its hub, in the same process) out of
#: descriptors, and no player could log in or journal a move. Past either
#: bound a new connection makes room by ending one that has sent nothing
#: (`_Server.make_room`): a stranger who reopened each connection the host
#: ended kept every player out, as the oldest place waiting, soon a
#: player's mid-login, was the one to go. An SSH client speaks first
#: (its version, as it connects); a bare connection never does.
MAX_STARTUPS_PER_ADDRESS = 10
MAX_STARTUPS = 40
#: seconds a connection that has spoken but offered no player's key keeps
#: its place against a new one (a client's key exchange takes well under a
#: second: a player's login is not ended in the middle of it)
STARTUP_GRACE_SECONDS = 2.0
#: seconds a connection has to log in
LOGIN_SECONDS = 30
#: seconds a connection has to offer a player's key (an SSH client does so
#: in well under a second; a bare connection or a stranger never does)
HELLO_SECONDS = 10
#: a window resize reaches the player's app at most this often (the newest
#: size): each one has the app lay its screen out again, and a client may
#: send them as fast as the network goes
RESIZE_SECONDS = 0.1
#: seconds without a key from the client before its session is closed (0: never)
DEFAULT_IDLE_TIMEOUT = 30 * 60.0
#: the authorized-keys file, at the most (thousands of keys; anything bigger
#: is a mistake, and it is read in the event loop)
MAX_KEYS_FILE_BYTES = 1024 * 1024
#: bytes from a client waiting for the child to read them, at the most
_MAX_KEYS_BUFFERED = 64 * 1024
#: shown by the client before it logs in: what a refused newcomer should do.
#: Every client shows it, and it is back in sight above a session's last
#: lines once the app's full screen closes: a greeting and a rule, not a
#: verdict ("only keys ... Refused?" there read as the player's key removed)
AUTH_BANNER = ("Welcome to the Overtable shared tables.\r\n"
               "Keys the host has not listed are refused: send the host your public key (.pub).\r\n")
#: a refused key is told to the host at most once in this many seconds; keys
#: told of in a connection, and remembered, at the most
REFUSED_KEY_QUIET_SECONDS = 60.0
MAX_REFUSED_KEYS_PER_CONNECTION = 5
MAX_REFUSED_KEYS_REMEMBERED = 1000
#: what a full-screen app may have left switched on in the client's terminal
#: (it may have been ended by a signal, or hung, in the middle of a frame):
#: first a cancel (CAN), which ends a sequence its last output cut short (it
#: would swallow the reset's first bytes), and the end of a synchronized
#: update (the terminal would hold the screen still); then mouse reports
#: (pixels too), focus events, bracketed paste, in-band resizes, the kitty
#: keyboard; then (`reset_terminal`) the alternate screen if the app was in
#: it; then a shown cursor, lines that wrap, plain attributes
_RESET_MODES = (
    b"\x18\x1b[?2026l"
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1016l\x1b[?1004l\x1b[?2004l"
    b"\x1b[?2048l\x1b[<u"
)
_LEAVE_ALTERNATE = b"\x1b[?1049l"
_RESET_LAST = b"\x1b[?25h\x1b[?7h\x1b[0m"


def reset_terminal(alternate: bool) -> bytes:
    """What puts a player's terminal back after the app. Leaving the
    alternate screen only if the app is still in it: leaving it again moves
    the cursor back to where the app began, and the shell's prompt
    overwrote the app's last words."""
    return _RESET_MODES + (_LEAVE_ALTERNATE if alternate else b"") + _RESET_LAST


class SetupError(ValueError):
    """The host cannot start: a one-line reason for the person starting it."""


class Player:
    """One authorized key and the name it plays under."""

    def __init__(self, keys: Any, name: str, line: int = 0, problem: str = "",
                 told: str = "", fingerprint: str = "") -> None:
        self.keys = keys
        self.name = name
        #: the key's SHA256 fingerprint (as a login's line names it)
        self.fingerprint = fingerprint
        #: its line in the file, and why the hub will refuse its name ("" if
        #: it will not): the key still logs in, and its session says why
        #: (`told`, in the player's words) and ends
        self.line = line
        self.problem = problem
        self.told = told or problem


def read_players(path: Path) -> list[Player]:
    """Every key of an OpenSSH authorized-keys file with its player's name.
    SetupError for a missing, unreadable or malformed file (naming the line)."""
    try:
        # (not blocking: a FIFO put in its place would hold the host's loop)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with open(fd, "rb") as file:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise SetupError(f"The authorized-keys file {path} is not a regular file.")
            _private(path, st)
            data = file.read(MAX_KEYS_FILE_BYTES + 1)
        if len(data) > MAX_KEYS_FILE_BYTES:
            raise SetupError(f"The authorized-keys file {path} is over "
                             f"{MAX_KEYS_FILE_BYTES // 1024} KiB.")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise SetupError(f"No authorized-keys file at {path}: add one line per player's key.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SetupError(f"Cannot read the authorized-keys file {path}: {error}.") from None
    from host.hub import HubError, name_key, new_player_name

    players = []
    #: a name as it reads -> (the line that first named it, that name)
    named: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            keys = asyncssh.import_authorized_keys(line)
        except (ValueError, asyncssh.KeyImportError) as error:
            raise SetupError(f"{path}, line {number}: not an authorized key ({error}).") from None
        name, fingerprint = _bound_name(keys, number, path)
        problem = told = ""
        try:
            new_player_name(name)
        except HubError as error:
            problem = str(error)
        first = named.setdefault(name_key(name), (number, name))
        if not problem and first[1] != name:  # the hub's check_distinct, known now
            problem = (f"line {first[0]} names {first[1]!r}, and a name is told apart "
                       "by more than its case or look-alike letters.")
            told = (f"{name!r} reads as {first[1]!r}, another player's key here: "
                    "a name is told apart by more than its case or look-alike letters.")
        players.append(Player(keys, name, number, problem, told, fingerprint))
    if not players:
        raise SetupError(f"{path} names no key: add one line per player's key.")
    return players


def _folders(path: Path) -> list[Path]:
    """The folders on the real path of `path`, nearest first, then those
    on the path as given (a link there could be swapped for another)."""
    folders = [*Path(os.path.realpath(path)).parents, *Path(os.path.abspath(path)).parents]
    return list(dict.fromkeys(folders))


def _changed_by_others(st: os.stat_result, folder: bool) -> str:
    """Why another user could change a file (or folder) so ("" if none
    could): owned by another user than this one or root, or written by its
    group or by all (a folder with the sticky bit, such as /tmp, lets only
    an entry's owner replace it)."""
    if st.st_uid not in (0, os.geteuid()):
        return "is owned by another user"
    if folder and st.st_mode & stat.S_ISVTX:
        return ""
    if st.st_mode & stat.S_IWOTH:
        return "can be written by all"
    if st.st_mode & stat.S_IWGRP:
        return "can be written by its group"
    return ""


def _private(path: Path, st: os.stat_result) -> None:
    """SetupError if the keys file (`st`) or a folder on its path could be
    changed by another user, as sshd's StrictModes refuses: they could add
    a key bound to any player's name and log in as them."""
    told = _changed_by_others(st, folder=False)
    why, fix = f"it {told}", f"chmod go-w {path}"
    for folder in _folders(path):
        if told:
            break
        with contextlib.suppress(OSError):
            told = _changed_by_others(os.stat(folder), folder=True)
            why, fix = f"its folder {folder} {told}", f"chmod go-w {folder}, or move the file"
    if told:
        raise SetupError(f"The authorized-keys file {path} can be changed by other users: {why} "
                         f"(as sshd does, the host reads only a file that only you or root can "
                         f"change: {fix}).")


class KeysFile:
    """The authorized-keys file, read again when it changes (as OpenSSH reads
    it at each login: a host adds a friend's key without a restart). A file
    that has become unreadable or malformed keeps the last good keys."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._seen = self._stamp()
        #: SetupError for a file the host cannot start with
        self.players = read_players(self.path)

    def _stamp(self) -> tuple | None:
        """The file as it stands, and who may change its folders (made
        private again, the file is read)."""
        try:
            st = os.stat(self.path)
            folders = tuple((f.st_mode, f.st_uid) for f in map(os.stat, _folders(self.path)))
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, folders)

    def current(self) -> list[Player]:
        """The players now: read again if the file changed since last looked at."""
        stamp = self._stamp()
        if stamp != self._seen:
            # a bad version is warned of once, not at each login
            self._seen = stamp
            try:
                self.players = read_players(self.path)
            except SetupError as error:
                log.warning("authorized keys not read again, the last good ones kept: %s",
                            str(error).encode("unicode_escape").decode("ascii"))
            else:
                log.info("authorized keys read again from %s:", printable(str(self.path)))
                for told in key_lines(self.players):
                    log.info("  %s", told)
                for player in self.players:
                    if player.problem:
                        log.warning("%s", refused_key_words(self.path, player)
                                    .encode("unicode_escape").decode("ascii"))
        return self.players


def refused_key_words(path: Path, player: Player) -> str:
    """The host's warning about a key whose name the hub will refuse."""
    return (f"{path}, line {player.line}: the name {player.name!r} is refused at login: "
            f"{player.problem} Give that key another name.")


def _bound_name(keys: Any, number: int, path: Path) -> tuple[str, str]:
    """(PLAYER from the line's environment option, else the key's comment;
    the key's fingerprint), from the entry as asyncssh parsed it: a comment
    reading `environment="PLAYER=eve"` names no one (a .pub's comment is
    the player's own words, and a search of the line took it for the
    option)."""
    # one line, one entry; asyncssh keeps its entries private (pinned by
    # test_a_keys_player_is_named_by_its_options_never_by_its_comment)
    entries = [*getattr(keys, "_user_entries", ()), *getattr(keys, "_ca_entries", ())]
    key = entries[0].key if entries else None
    if key is None:
        raise SetupError(f"{path}, line {number}: not a public key (a certificate or "
                         "subject line names no player).")
    environment = entries[0].options.get("environment") or {}
    name = environment.get("PLAYER", key.get_comment() or "").strip()
    if not name or len(name) > MAX_NAME or not name.isprintable() or set(name) & set("[]"):
        raise SetupError(
            f'{path}, line {number}: a key needs a player\'s name: environment="PLAYER=name" '
            f"or a comment of 1 to {MAX_NAME} printable characters, no square brackets."
        )
    return name, key.get_fingerprint()


def key_lines(players: list[Player]) -> list[str]:
    """The host's lines on the keys read: each name with its keys' lines
    and fingerprints, one line a name, saying so when a name has several
    keys (a second key for a player is then noticed)."""
    named: dict[str, list[Player]] = {}
    for player in players:
        named.setdefault(player.name, []).append(player)
    lines = []
    for name, keys in named.items():
        shown = printable(name)
        if len(keys) == 1:
            lines.append(f"{shown}: line {keys[0].line} (key {keys[0].fingerprint})")
            continue
        numbers = [str(k.line) for k in keys]
        lines.append(f"{shown}: {len(keys)} keys, lines {', '.join(numbers[:-1])} and "
                     f"{numbers[-1]} (keys {', '.join(k.fingerprint for k in keys)}): "
                     f"each logs in as {shown}")
    return lines


#: a host key file is a few hundred bytes; more is not a key
MAX_HOST_KEY_BYTES = 64 * 1024


def load_host_key(path: Path) -> Any:
    """The host key at `path`, generated (and kept, 0600) on first start."""
    path = Path(path)
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        old = os.umask(0o177)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            key.write_private_key(str(path))
        except OSError as error:
            raise SetupError(f"Cannot make the host key {path}: {error.strerror or error}; "
                             "choose a writable place with --host-key.") from None
        finally:
            os.umask(old)
        return key
    from saves.lock import open_regular

    try:  # a regular file only, and not read without end (a pipe, /dev/zero)
        with os.fdopen(open_regular(path), "rb") as file:
            data = file.read(MAX_HOST_KEY_BYTES + 1)
        if len(data) > MAX_HOST_KEY_BYTES:
            raise ValueError(f"too large to be a key (over {MAX_HOST_KEY_BYTES // 1024} KiB)")
        key = asyncssh.import_private_key(data)
    except OSError as error:
        raise SetupError(f"Cannot read the host key {path}: {error.strerror or error}.") from None
    except (ValueError, asyncssh.KeyImportError) as error:
        raise SetupError(f"Cannot read the host key {path}: {error}.") from None
    with contextlib.suppress(OSError):
        if path.stat().st_mode & 0o077:
            log.warning("the host key %s can be read or changed by other users, who could "
                        "then pass for this host: chmod 600 %s", printable(str(path)),
                        printable(str(path)))
    return key


class FrontDoor:
    """Counts sessions and connections per player (caps and rate limits)."""

    def __init__(
        self, players: list[Player] | KeysFile, child: Any,
        idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
    ) -> None:
        #: the keys let in (a KeysFile is read again as it changes)
        self.keys = players
        #: builds the argv and environment of a player's child
        self.child = child
        #: seconds without input before a session is closed (0: never)
        self.idle_timeout = idle_timeout
        self.sessions: dict[str, int] = defaultdict(int)
        self.connects: dict[str, deque[float]] = defaultdict(deque)
        #: connections open now, per player (once their key is proved)
        self.connections: dict[str, int] = defaultdict(int)
        #: connections not logged in yet, oldest first (their servers ->
        #: their addresses)
        self.startups: dict[_Server, str] = {}
        #: set when the host stops: each session ends its child, puts the
        #: player's terminal back and says so (`stop`)
        self.stopping = asyncio.Event()
        #: the sessions running now, waited for at a stop
        self.running: set[asyncio.Task] = set()
        #: the connections logged in and counted now, ended at a stop
        self.connected: set[_Server] = set()
        #: whether a player holds seats at the hub (None: not known, said so)
        self.has_seats: Any = None
        #: why the hub refuses a player's name ("" if it does not; None: not asked)
        self.name_refused: Any = None
        #: refused keys' fingerprints -> when the host was last told of them
        self.refused_told: dict[str, float] = {}
        #: (player, why) refused at login -> when the host was last told
        self.capped_told: dict[tuple[str, str], float] = {}

    def total(self) -> int:
        return sum(self.sessions.values())

    def tell_refused_keys(self, username: str, fingerprints: list[str], address: str) -> None:
        """One line on the host's terminal per refused key, each key at most
        once a minute (a scanner retrying does not flood it)."""
        now = time.monotonic()
        if len(self.refused_told) >= MAX_REFUSED_KEYS_REMEMBERED:
            self.refused_told.clear()
        for fingerprint in fingerprints:
            if now - self.refused_told.get(fingerprint, -REFUSED_KEY_QUIET_SECONDS) \
                    < REFUSED_KEY_QUIET_SECONDS:
                continue
            self.refused_told[fingerprint] = now
            log.warning("refused the key %s for the name %s from %s", fingerprint,
                        printable(repr(username[:MAX_NAME + 1])), printable(address))

    def tell_refused_login(self, name: str, address: str, key: str, why: str) -> None:
        """The host's line for a player's key proved and its login refused
        (for the caps, or for its name) in the stead of "logged in", once a
        minute a player and reason (a script retrying is not a line a try)."""
        now = time.monotonic()
        told = self.capped_told.get((name, why), -REFUSED_KEY_QUIET_SECONDS)
        if now - told < REFUSED_KEY_QUIET_SECONDS:
            return
        self.capped_told[(name, why)] = now
        log.info("%s from %s refused (key %s): %s", name, printable(address), key,
                 printable(mid_sentence(why)))

    def players(self) -> list[Player]:
        keys = self.keys
        return keys.current() if isinstance(keys, KeysFile) else keys


def _least_begun(servers: list[_Server], now: float) -> _Server | None:
    """Of `servers` (oldest first), the one to end for room: the oldest that
    has sent nothing, else the oldest that has offered no player's key past
    its grace; None when each is a client on its way."""
    for server in servers:
        if not server.spoke:
            return server
    for server in servers:
        if not server.keyed and now - server.since >= STARTUP_GRACE_SECONDS:
            return server
    return None


class _Server(asyncssh.SSHServer):
    def __init__(self, door: FrontDoor) -> None:
        self.door = door
        self.player: str | None = None
        #: why the player's name is refused, in their words and in the
        #: host's ("" if it is not)
        self.refused = ""
        self.refused_why = ""
        self.conn: Any = None
        #: this connection counts among its player's open ones
        self.counted = False
        #: the client has sent something (an SSH client's version comes
        #: as it connects), and has offered a player's key (a stranger
        #: cannot; past that its login, a passphrase typed maybe, has
        #: LOGIN_SECONDS)
        self.spoke = False
        self.keyed = False
        #: when the connection was made (time.monotonic)
        self.since = time.monotonic()
        #: the name the client logs in as, and the fingerprints of the keys
        #: refused (told to the host if the connection ends not logged in)
        self.username = ""
        self.address = ""
        self.refused_keys: list[str] = []
        self.logged_in = False
        #: the fingerprint of the player's key (told to the host at login)
        self.fingerprint = ""

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        self.address = address
        if not self.make_room(address):
            conn.abort()
            return
        self.door.startups[self] = address
        asyncio.get_running_loop().call_later(HELLO_SECONDS, self._hello_due)
        # the connection is the transport's protocol: its first bytes mark it
        received = conn.data_received

        def data_received(data: bytes, *args: Any) -> None:
            self.spoke = True
            conn.data_received = received
            received(data, *args)

        conn.data_received = data_received
        # asyncssh has no limit of its own on a connection's channels, and
        # no hook when a session channel opens (with a process factory):
        # its handler, looked up by name on the connection, is wrapped
        opens = getattr(conn, "_process_session_open", None)
        channels = getattr(conn, "_channels", None)
        if callable(opens) and isinstance(channels, dict):
            def session_open(packet: Any) -> Any:
                if len(channels) >= MAX_CHANNELS_PER_CONNECTION:
                    raise asyncssh.ChannelOpenError(
                        asyncssh.OPEN_RESOURCE_SHORTAGE,
                        "Too many sessions on this connection: close one first.")
                return opens(packet)

            conn._process_session_open = session_open

    def make_room(self, address: str) -> bool:
        """Room among the connections not logged in for one more from
        `address` (False: none can be made now). At the address's own
        bound one of its own goes, at the bound in all one of the address
        holding the most: the oldest that has sent nothing, else the
        oldest that has not begun to log in within STARTUP_GRACE_SECONDS;
        with neither, the newcomer is refused. A player's connection
        speaks as it is made and logs in within a second: a flood of bare
        connections, reopened as they end, ends only its own."""
        startups = self.door.startups
        now = time.monotonic()
        mine = [server for server, a in startups.items() if a == address]
        if len(mine) >= MAX_STARTUPS_PER_ADDRESS:
            victim = _least_begun(mine, now)
            if victim is None:
                return False
            victim.end_startup()
        if len(startups) >= MAX_STARTUPS:
            held: dict[str, list[_Server]] = defaultdict(list)
            for server, a in startups.items():
                held[a].append(server)
            # only the address holding the most gives a place up (a
            # player's connection, a moment old, has not spoken yet
            # either: it is never the one a flood's newcomer ends)
            crowd = max(held.values(), key=len)
            victim = _least_begun(crowd, now)
            share = len(held.get(address, ())) + 1
            if victim is None and len(crowd) > share:
                # every place of it is a client within its grace or keyed:
                # a flood that reopens faster than the grace, from a few
                # addresses; one not keyed goes, grace or not (a flood from
                # as many addresses as places is beyond this)
                victim = next((server for server in crowd if not server.keyed), None)
            if victim is None:
                return False
            victim.end_startup()
        return True

    def end_startup(self) -> None:
        """End this connection, not logged in (to make room, or when it has
        not begun to log in by HELLO_SECONDS)."""
        self.door.startups.pop(self, None)
        with contextlib.suppress(Exception):
            self.conn.abort()

    def _hello_due(self) -> None:
        if not self.keyed and self in self.door.startups:
            self.end_startup()

    def connection_lost(self, exc: Exception | None) -> None:
        self.door.startups.pop(self, None)
        if not self.logged_in and self.refused_keys:
            # told at the end: a key refused before the player's own is no news
            self.door.tell_refused_keys(self.username, self.refused_keys, self.address)
        self.door.connected.discard(self)
        if self.counted and self.player is not None:
            self.counted = False
            self.door.connections[self.player] -= 1
            why = f" ({printable(str(exc))[:100]})" if exc is not None and str(exc) else ""
            log.info("%s's connection from %s ended%s", self.player, printable(self.address), why)

    def begin_auth(self, username: str) -> bool:
        self.username = username
        # OpenSSH shows it before its bare "Permission denied (publickey)"
        self.conn.send_auth_banner(AUTH_BANNER)
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: Any) -> bool:
        peer = self.conn.get_extra_info("peername") or ("", 0)
        # the file as it is now (a cheap stat; read again only when changed)
        for player in self.door.players():
            options = player.keys.validate(key, str(peer[0]), str(peer[0]))
            if options is not None:
                # called for a bare offer of the key too (no proof yet): the
                # connection is counted once authentication has succeeded
                self.player = player.name
                self.refused = player.told
                self.refused_why = player.problem and (
                    f"the name on line {player.line} of the authorized keys: {player.problem}")
                self.keyed = True
                self.fingerprint = key.get_fingerprint()
                return True
        if len(self.refused_keys) < MAX_REFUSED_KEYS_PER_CONNECTION:
            fingerprint = key.get_fingerprint()
            if fingerprint not in self.refused_keys:
                self.refused_keys.append(fingerprint)
        return False

    def auth_completed(self) -> None:
        """The key is proved: count the connection, or refuse it (too many
        in the last minute, or open at once, for this player)."""
        self.door.startups.pop(self, None)
        self.logged_in = True
        name = self.player
        if name is None:  # cannot happen after public-key auth; refuse anyway
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "No player.")
            return
        now = time.monotonic()
        recent = self.door.connects[name]
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= MAX_CONNECTS_PER_MINUTE:
            self.door.tell_refused_login(name, self.address, self.fingerprint,
                                         "too many connections in a minute")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 "Too many Overtable connections in a minute: wait a moment.")
            return
        if self.door.connections[name] >= MAX_CONNECTIONS_PER_PLAYER:
            self.door.tell_refused_login(name, self.address, self.fingerprint,
                                         "too many connections open")
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 "Too many Overtable connections are open: close one first.")
            return
        recent.append(now)
        if not self.refused and self.door.name_refused is not None:
            # the hub's refusal, known before its client runs: said to the
            # player by the session, as one flagged in the keys file
            self.refused = self.refused_why = self.door.name_refused(name)
        if self.refused:  # the session only says why and ends
            self.door.tell_refused_login(name, self.address, self.fingerprint, self.refused_why)
            return
        self.door.connections[name] += 1
        self.counted = True
        self.door.connected.add(self)
        log.info("%s logged in from %s (key %s)", name, printable(self.address), self.fingerprint)


async def _session(door: FrontDoor, process: Any) -> None:
    server: _Server = process.channel.get_connection().get_owner()
    player = server.player
    if player is None:  # cannot happen after public-key auth; refuse anyway
        process.exit(1)
        return
    if server.refused:
        # refused here, not by the hub: a key flagged at start-up that
        # connected first took the name from the player it reads as
        process.stdout.write(
            f"Overtable refused the name {player!r}: {mid_sentence(server.refused)} "
            "Ask the host to give your key another name in its authorized_keys.\r\n"
            .encode())
        process.exit(1)
        return
    if process.command is not None or process.subsystem is not None:
        process.stderr.write(b"Overtable runs no commands: connect with a terminal.\r\n")
        process.exit(1)
        return
    if process.term_type is None:
        process.stdout.write(
            b"Overtable needs a terminal: connect with `ssh -t` (no command).\r\n"
        )
        process.exit(1)
        return
    if door.sessions[player] >= MAX_SESSIONS_PER_PLAYER or door.total() >= MAX_SESSIONS:
        process.stdout.write(b"Too many Overtable sessions are open: close one first.\r\n")
        process.exit(1)
        return
    door.sessions[player] += 1
    task = asyncio.current_task()
    if task is not None:
        door.running.add(task)
    try:
        await _run_child(door, process, player)
    finally:
        door.sessions[player] -= 1
        door.running.discard(task)  # type: ignore[arg-type]


async def _run_child(door: FrontDoor, process: Any, player: str) -> None:
    import fcntl
    import pty
    import subprocess
    import termios

    master, slave = pty.openpty()
    try:
        width, height, *_ = process.get_terminal_size()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, window_size(width, height))
        argv, env = door.child(player, process.term_type, process.env)
        child = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
    except BaseException:  # no child: its terminal goes too
        os.close(master)
        os.close(slave)
        raise
    os.close(slave)
    reader = os.fdopen(master, "rb", buffering=0)
    writer = os.fdopen(os.dup(master), "wb", buffering=0)
    loop = asyncio.get_running_loop()
    exited = _exit_of(child, loop)
    tasks: list[asyncio.Future] = []
    to_child: Any = None
    screen: _Screen | None = None
    #: the session's last words to the player, after the terminal is put back
    said = b""
    try:
        # the screen goes through here (not asyncssh's redirect): the
        # session's last words must come after the app's last output, and
        # none of it after them
        _, screen = await loop.connect_read_pipe(lambda: _Screen(process), reader)
        # the keys pass through here too: the session knows when the player last typed
        to_child, _ = await loop.connect_write_pipe(asyncio.Protocol, writer)
        typed = _LastKey(loop.time())
        keys = asyncio.ensure_future(_forward_keys(process, to_child, master, typed))
        closed = asyncio.ensure_future(process.wait_closed())
        tasks = [keys, closed]
        # the client's end of input is not the end of the session: the screen
        # still goes out until the client or the child goes (or it idles)
        waiting: set[asyncio.Future] = {exited, closed}
        idle = None
        if door.idle_timeout > 0:
            idle = asyncio.ensure_future(_idle(door.idle_timeout, typed))
            tasks.append(idle)
            waiting.add(idle)
        stopping = asyncio.ensure_future(door.stopping.wait())
        tasks.append(stopping)
        waiting.add(stopping)
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if idle in done:
            said = _idle_message(door.idle_timeout)
        elif stopping in done:
            said = (STOPPED_MESSAGE if door.has_seats is None or door.has_seats(player)
                    else STOPPED_WATCHING_MESSAGE)
        await _put_away(child, exited, screen)
    except Exception:
        said = ERROR_MESSAGE
        raise
    finally:
        for task in tasks:
            task.cancel()
        # whatever ended the session (the host's stop, the app's end or
        # death, the client gone, idleness, an error, a cancel) and
        # whatever the app is doing: no more of its output, then the
        # terminal put back and the last words, then the channel closed
        _hang_up(child, loop)
        if screen is not None:
            screen.close()
        with contextlib.suppress(Exception):
            process.stdout.write(reset_terminal(screen is None or screen.alternate) + said)
        if to_child is not None:
            to_child.close()
        with contextlib.suppress(Exception):
            process.exit(0)
        for f in (reader, writer):
            with contextlib.suppress(OSError):
                f.close()


#: seconds an app has to end once hung up on (then it is killed), and to
#: be gone once killed; seconds its last output has to reach the client
#: after that. A hung app holds neither its player's last words nor the
#: host's stop (`stop` waits 5 s for every session at once).
END_SECONDS = 1.0
DRAIN_SECONDS = 0.5
#: what the player reads when their session failed on the host
ERROR_MESSAGE = b"\r\nThe Overtable session stopped on an error at the host; connect again.\r\n"


async def _put_away(child: Any, exited: asyncio.Future, screen: _Screen) -> None:
    """End the app (hung up on, then killed if it stays) and let its last
    output through to the client, each in a bounded time. In the event
    loop, not in its thread pool: that is shared with the bots, and with
    them thinking no session was put back before the host's stop gave up."""
    if not exited.done():
        _signal_group(child, signal.SIGHUP)
        await asyncio.wait({exited}, timeout=END_SECONDS)
        if not exited.done():
            _signal_group(child, signal.SIGKILL)
            await asyncio.wait({exited}, timeout=END_SECONDS)
    # its terminal ends (all output read) once nothing holds it open
    await asyncio.wait({screen.ended}, timeout=DRAIN_SECONDS)


def _hang_up(child: Any, loop: asyncio.AbstractEventLoop) -> None:
    """End the app without waiting (a cancelled or failed session): hung
    up on now, killed in END_SECONDS if it is still there."""
    if child.poll() is None:
        _signal_group(child, signal.SIGHUP)
        loop.call_later(END_SECONDS, _kill_if_running, child)


def _kill_if_running(child: Any) -> None:
    if child.poll() is None:
        _signal_group(child, signal.SIGKILL)


def _signal_group(child: Any, signum: int) -> None:
    """Signal the app and everything it started (its process group), while
    it has not been waited for (its id is not free for another yet)."""
    if child.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(child.pid, signum)


#: bytes of the screen waiting to go to a client past which the app's
#: terminal is not read until they have gone (asyncssh's own mark): a slow
#: client holds its app back, not the host's memory
_MAX_SCREEN_BUFFERED = 64 * 1024


class _Screen(asyncio.Protocol):
    """The app's output, read from its terminal and written to the client
    in order, until `close`; notes whether the app is in the alternate
    screen (for `reset_terminal`)."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.transport: Any = None
        self.alternate = False
        #: the last bytes read, for a sequence split between two reads
        self._tail = b""
        #: done once the terminal has no more output (the app and all that
        #: held the terminal open are gone), or the screen is closed
        self.ended: asyncio.Future = asyncio.get_running_loop().create_future()
        self._draining: asyncio.Future | None = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        seen = self._tail + data
        on, off = seen.rfind(b"\x1b[?1049h"), seen.rfind(b"\x1b[?1049l")
        if on != off:
            self.alternate = on > off
        self._tail = seen[-7:]
        try:
            self.process.stdout.write(data)
        except Exception:  # the client is gone
            self.close()
            return
        if (self._draining is None
                and self.process.channel.get_write_buffer_size() > _MAX_SCREEN_BUFFERED):
            self.transport.pause_reading()
            self._draining = asyncio.ensure_future(self._drain())

    async def _drain(self) -> None:
        with contextlib.suppress(Exception):
            await self.process.stdout.drain()
        self._draining = None
        if not self.transport.is_closing():
            self.transport.resume_reading()

    def eof_received(self) -> bool | None:
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(None)

    def close(self) -> None:
        """No more of the app's output goes to the client."""
        if self._draining is not None:
            self._draining.cancel()
            self._draining = None
        if self.transport is not None:
            self.transport.close()
        if not self.ended.done():
            self.ended.set_result(None)


def _exit_of(child: Any, loop: asyncio.AbstractEventLoop) -> asyncio.Future:
    """A future done when `child` exits. Waiting in the loop's thread pool
    would hold one of its few threads per session, and the seventh login
    on two cores would hang until its timeout: on Linux the loop watches
    the child's pidfd; elsewhere a thread of its own waits."""
    exited: asyncio.Future = loop.create_future()

    def done(*_: Any) -> None:
        if not exited.done():
            exited.set_result(child.poll())

    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is not None:
        try:
            fd = pidfd_open(child.pid)
        except OSError:
            fd = None
        if fd is not None:
            def readable() -> None:
                loop.remove_reader(fd)
                os.close(fd)
                done()

            loop.add_reader(fd, readable)
            exited.add_done_callback(lambda _: _forget_reader(loop, fd))
            return exited

    def wait() -> None:
        child.wait()
        with contextlib.suppress(RuntimeError):  # the loop may have closed
            loop.call_soon_threadsafe(done)

    threading.Thread(target=wait, name=f"wait-{child.pid}", daemon=True).start()
    return exited


def _forget_reader(loop: asyncio.AbstractEventLoop, fd: int) -> None:
    """Stop watching a pidfd that is still open (the session ended first)."""
    with contextlib.suppress(Exception):
        if loop.remove_reader(fd):
            os.close(fd)


class _LastKey:
    """When the client last sent a byte (the event loop's clock)."""

    def __init__(self, at: float) -> None:
        self.at = at


#: the largest window passed on to a player's app: the client says any size
#: up to 2**32-1 (over 65535 it raised out of the session; 10000x10000 would
#: have the app draw a hundred million cells on the host everyone shares)
MAX_COLUMNS, MAX_ROWS = 1000, 500


def window_size(width: Any, height: Any) -> bytes:
    """A TIOCSWINSZ argument for the client's window, within bounds (80x24
    when it says nothing usable); pixel sizes are not passed on."""
    width = width if type(width) is int and width > 0 else 80
    height = height if type(height) is int and height > 0 else 24
    return struct.pack("HHHH", min(height, MAX_ROWS), min(width, MAX_COLUMNS), 0, 0)


class _Resizer:
    """Passes the client's window size to the child's terminal, at most
    once every RESIZE_SECONDS (the newest size; the first one at once)."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.loop = asyncio.get_running_loop()
        self.newest: bytes | None = None
        self.at = -RESIZE_SECONDS
        self.timer: asyncio.TimerHandle | None = None

    def want(self, width: Any, height: Any) -> None:
        self.newest = window_size(width, height)
        if self.timer is None:
            when = max(self.loop.time(), self.at + RESIZE_SECONDS)
            self.timer = self.loop.call_at(when, self._apply)

    def _apply(self) -> None:
        import fcntl
        import termios

        self.timer, self.at = None, self.loop.time()
        if self.newest is not None:
            with contextlib.suppress(OSError):
                fcntl.ioctl(self.master, termios.TIOCSWINSZ, self.newest)
            self.newest = None

    def close(self) -> None:
        """No size after the session (its terminal's fd may be reused)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


async def _forward_keys(process: Any, to_child: Any, master: int, typed: _LastKey) -> None:
    """The client's bytes to the child's terminal, until the client's end of
    input; a window resize is passed on to the terminal (which signals the
    child; a flood of them as the newest now and then), and only bytes count
    as the player being there."""
    loop = asyncio.get_running_loop()
    resizer = _Resizer(master)
    try:
        while True:
            try:
                data = await process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as size:
                resizer.want(size.width, size.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            typed.at = loop.time()
            to_child.write(data)
            # a child that does not read holds the client back, not the host's memory
            while (to_child.get_write_buffer_size() > _MAX_KEYS_BUFFERED
                   and not to_child.is_closing()):
                await asyncio.sleep(0.05)
    finally:
        resizer.close()


async def _idle(timeout: float, typed: _LastKey) -> None:
    """Returns once `timeout` seconds have passed without a key."""
    loop = asyncio.get_running_loop()
    while (left := typed.at + timeout - loop.time()) > 0:
        await asyncio.sleep(left)


#: what a player's terminal reads when the host stops (Ctrl+C, SIGTERM)
STOPPED_MESSAGE = (b"\r\nThe Overtable host has stopped; your matches are kept, a table "
                   b"not yet begun is not.\r\n"
                   b"Connect again once it is back.\r\n")
#: ... to one with no seats (a watcher): none are kept
STOPPED_WATCHING_MESSAGE = (b"\r\nThe Overtable host has stopped.\r\n"
                            b"Connect again once it is back.\r\n")


def _idle_message(timeout: float) -> bytes:
    if timeout >= 60:
        amount, unit = timeout / 60, "minute"
    else:
        amount, unit = timeout, "second"
    plural = "" if amount == 1 else "s"
    # (not "without a key": under the banner, that read as the player's SSH key)
    return (f"\r\nClosed after {amount:g} {unit}{plural} with no key pressed; "
            "your seat is kept.\r\n").encode()


#: what a terminal type is (terminfo names: letters, digits and ".+-_")
_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}")


def join_child(socket_path: Path, data_dir: Path | None,
               listen: tuple[str, int] | None = None) -> Any:
    """How a player's session runs: `overtable join` for that player, with a
    clean environment (the client's TERM, UTF-8, COLORTERM only if sent).
    `listen`: the host's (address, port), for the way back said at the end."""
    from host.hub import CLIENT_LOCALE, CLIENT_PREFIX, SSH_AGAIN_ENV, passed_on

    def build(player: str, term: str, client_env: Any) -> tuple[list[str], dict[str, str]]:
        env = {
            # the client's word: a terminal's name, or the usual one (a NUL
            # in it made the child's start raise, the pty left open)
            "TERM": term if _TERM_NAME.fullmatch(term or "") else "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PLAYER": player,
            # the name is the keys file's: a refused one is the host's to change
            "OVERTABLE_NAME_FROM_KEY": "1",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
        }
        if data_dir is not None:
            env["OVERTABLE_DATA_DIR"] = str(data_dir)
        if listen is not None:
            env[SSH_AGAIN_ENV] = ssh_again(*listen)
        # the host's choice, not the client's (the hub's welcome says the same)
        env.update(passed_on())
        colorterm = (client_env or {}).get("COLORTERM")
        if colorterm in ("truecolor", "24bit"):
            env["COLORTERM"] = colorterm
        # the client's locale, for the app to say when it is not UTF-8 (a
        # NUL made the child's start raise; the app shows 40 characters)
        for name in CLIENT_LOCALE:
            value = (client_env or {}).get(name)
            if isinstance(value, str) and value.isprintable():
                env[CLIENT_PREFIX + name] = value[:64]
        # -P: the host's working directory is not on the child's path (with
        # `-m` it came first: a host started in another clone's directory ran
        # that clone's `tui` for every player)
        argv = [sys.executable, "-P", "-m", "tui.ptychild", "join", "--socket", str(socket_path),
                "--name", player]
        return argv, env

    return build


def ssh_again(host: str, port: int) -> str:
    """The ssh command that reaches a host listening at `host`:`port`; ""
    for every address (0.0.0.0, ::), where the one to use is the player's."""
    if host in ("", "0.0.0.0", "::"):
        return ""
    return "ssh -t " + ("" if port == 22 else f"-p {port} ") + host


async def serve(
    host: str,
    port: int,
    players: list[Player] | KeysFile,
    host_key: Any,
    child: Any,
    *,
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
    has_seats: Any = None,
    name_refused: Any = None,
) -> Any:
    """Listen for players; returns the asyncssh server (close() to stop).
    A session without a key from its client for `idle_timeout` seconds is
    closed (0: never). `has_seats(player)`: whether the player holds seats,
    for the words said at a stop; `name_refused(player)`: why the hub
    refuses the player's name ("" if it does not), asked at each login."""
    door = FrontDoor(players, child, idle_timeout)
    door.has_seats = has_seats
    door.name_refused = name_refused
    server = await asyncssh.create_server(
        lambda: _Server(door),
        host,
        port,
        server_host_keys=[host_key],
        process_factory=lambda process: _session(door, process),
        encoding=None,
        line_editor=False,
        allow_scp=False,
        sftp_factory=None,
        agent_forwarding=False,
        x11_forwarding=False,
        login_timeout=LOGIN_SECONDS,
        keepalive_interval=30,
        keepalive_count_max=4,
    )
    server.door = door  # for `stop`
    return server


async def stop(server: Any, timeout: float = 5.0) -> None:
    """Stop `server` (from `serve`): each session first ends its child, puts
    the player's terminal back (out of the full-screen mode, the cursor
    shown, no mouse reports) and says that the host stopped. (Closed at
    once, the player's terminal stayed on the last frame, in the app's
    modes, with no word of why.) Then each connection ends, with its line
    on the host's terminal."""
    door: FrontDoor | None = getattr(server, "door", None)
    server.close()  # nobody new meanwhile
    if door is not None:
        door.stopping.set()
        if door.running:
            await asyncio.wait(set(door.running), timeout=timeout)
        await _end_connections(door)


#: seconds a client has to leave by itself once its session has closed, at a
#: stop (OpenSSH's does at once), before the host closes its connection
STOP_GRACE_SECONDS = 1.0


async def _end_connections(door: FrontDoor) -> None:
    """End every connection still open at a stop, each told on the host's
    terminal (one line, `_Server.connection_lost`) before the host's last
    line. (Left open, they ended as the event loop did, with no line; which
    ones were named was a race.) A client is first given a moment to leave
    by itself: closed at once, the last words still buffered could be lost."""
    for server in list(door.startups):  # not logged in: nobody to name
        server.end_startup()
    closing = {asyncio.ensure_future(server.conn.wait_closed()): server
               for server in door.connected}
    if not closing:
        return
    _, staying = await asyncio.wait(closing, timeout=STOP_GRACE_SECONDS)
    for waiting in staying:
        with contextlib.suppress(Exception):
            closing[waiting].conn.close()
    if staying:
        await asyncio.wait(staying, timeout=STOP_GRACE_SECONDS)
    for waiting in staying:
        waiting.cancel()


def default_paths() -> tuple[Path, Path]:
    """(the authorized-keys file, the host key) in the user config directory."""
    import platformdirs

    base = Path(platformdirs.user_config_dir("overtable"))
    return base / "authorized_keys", base / "host_key"


def parse_listen(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise SetupError(f"--listen takes HOST:PORT, e.g. 127.0.0.1:2222, not {text!r}.")
    return host.strip("[]"), int(port)


async def run_host(
    listen: str,
    authorized_keys: Path,
    host_key_path: Path,
    data_dir: Path | None,
    *,
    bot_delay: float = 0.45,
    ready: Any = None,
    idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
) -> None:
    """The hub and its SSH front door, until cancelled (Ctrl+C)."""
    from host.hub import host_lines

    with host_lines():
        await _run_host(listen, authorized_keys, host_key_path, data_dir, bot_delay=bot_delay,
                        ready=ready, idle_timeout=idle_timeout)


async def _run_host(
    listen: str,
    authorized_keys: Path,
    host_key_path: Path,
    data_dir: Path | None,
    *,
    bot_delay: float,
    ready: Any,
    idle_timeout: float,
) -> None:
    from host.hub import Hub, refuse_a_second_hub, stopped_by_sigterm
    from saves.store import data_dir as default_data_dir

    host, port = parse_listen(listen)
    players = KeysFile(authorized_keys)
    key = load_host_key(host_key_path)
    # resolved once (--data-dir, else $OVERTABLE_DATA_DIR, else the
    # default) and given to every session: they kept their set-ups in the
    # account's default folder, shared with every other hub, when only the
    # environment chose this host's (`default_places` has the same shape)
    data_dir = (Path(data_dir) if data_dir is not None else default_data_dir().parent).absolute()
    directory, socket_path = data_dir / "shared", data_dir / "hub" / "hub.sock"
    try:
        refuse_a_second_hub(socket_path)  # before resuming any match
    except OSError as error:
        raise SetupError(f"Cannot serve the hub on {socket_path}: "
                         f"{error.strerror or error}.") from None
    hub = Hub(directory, bot_delay=bot_delay)
    try:
        hub.claim(socket_path)
    except OSError as error:  # another hub serves these matches
        raise SetupError(f"Cannot serve the hub on {socket_path}: "
                         f"{error.strerror or error}.") from None
    resumed = hub.resume_all()
    try:
        await hub.serve(socket_path)
    except OSError as error:  # a data directory that cannot be written: no traceback
        await hub.close()
        raise SetupError(f"Cannot serve the hub on {socket_path}: {error.strerror or error} "
                         "(--data-dir chooses a writable directory).") from None
    try:
        server = await serve(host, port, players, key, join_child(socket_path, data_dir, (host, port)),
                             idle_timeout=idle_timeout, has_seats=hub.has_seats,
                             name_refused=hub.name_refused)
    except OSError as error:
        await hub.close()
        raise SetupError(f"Cannot listen on {host}:{port}: {error.strerror or error}.") from None
    if ready is not None:
        ready(hub, resumed, key, (host, port), players.players)
    try:
        with stopped_by_sigterm():
            await asyncio.Event().wait()
    finally:
        await stop(server)
        await hub.close()
        with contextlib.suppress(FileNotFoundError):
            socket_path.unlink()
