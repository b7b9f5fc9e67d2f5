"""Whose is a hub's socket, and the files beside it: this user's, or not.

A hub's socket may be put in a folder other users can write to, with the
sticky bit (--socket /tmp/hub.sock). There another user may bind the
socket's path first (before the hub starts, or while it restarts) and
make its drawing turns' lock files: a player's `overtable join` then
talked to their process (names, moves, chat, a fake lobby). Behind the
system's OpenSSH, the hub and each player's `join` run as the same user
(README), so a hub run by another user is never one to join, and a file
of theirs beside it is never one to trust.
"""

from __future__ import annotations

import os
import socket
import stat
import struct
from pathlib import Path
from typing import Any


def own_uid() -> int:
    """This process's user id: the one a hub and its players share."""
    return os.getuid()


def peer_uid(sock: Any, path: Path) -> int | None:
    """The user id of the process listening at the other end of `sock`,
    connected to the Unix socket at `path`: its credentials (SO_PEERCRED,
    Linux), else the owner of the socket file; None when neither can be read."""
    if hasattr(socket, "SO_PEERCRED"):
        size = struct.calcsize("3i")  # pid, uid, gid
        try:
            return struct.unpack("3i", sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                       size))[1]
        except (OSError, struct.error):
            pass
    try:
        return os.lstat(path).st_uid
    except OSError:
        return None


def another_users(uid: int | None) -> str | None:
    """Why a socket held by `uid` is not a hub of this user's (None: it is)."""
    if uid == own_uid():
        return None
    who = "another user" if uid is None else f"another user (uid {uid})"
    return f"it is held by {who}, not by a hub of yours"


def not_your_hub(sock: Any, path: Path) -> str | None:
    """Why the hub connected to as `sock` at `path` is not to be talked to
    (a sentence to say), or None when this user runs it."""
    why = another_users(peer_uid(sock, path))
    if why is None:
        return None
    return (f"{path}: {why}, so it is not joined (it would get your name, moves and chat). "
            "Ask the host which socket their hub serves; one in a folder only its user can "
            "write to cannot be taken.")


def own_file(fd: int) -> bool:
    """The open file `fd` is a regular file of this user's: another user's
    one, made first in a shared folder, is not (they could hold its lock)."""
    try:
        status = os.fstat(fd)
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_uid == own_uid()
