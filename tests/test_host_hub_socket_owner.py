"""rt18 3: a hub's socket in a folder other users may write to (/tmp), where
another user can bind its path first or make its drawing turns' lock files:
`overtable hub` says whose it is, and no one of theirs is trusted.

The tests take this process for another user (`as_another_user`): what it
made itself (a socket listening, a lock file) is then another user's."""

from __future__ import annotations

import logging
import os
import socket
import stat

import pytest

import host.peer
from host.hub import Hub
from host.messages import draw_turn_files, draw_turns_path
from tui import cli
from tui.draw_turns import DrawTurns


@pytest.fixture
def as_another_user(monkeypatch) -> int:
    """This process is taken for another user than the one running it: the
    user id its own sockets and files are seen to be held by."""
    real = os.getuid()
    monkeypatch.setattr(host.peer, "own_uid", lambda: real + 1)
    return real


@pytest.fixture
def shared_folder(tmp_path):
    """A folder every user may write to, with the sticky bit (as /tmp)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    os.chmod(folder, 0o1777)
    return folder


@pytest.mark.parametrize("peer_credentials", [True, False])
def test_a_hub_whose_socket_another_user_holds_says_so(
        shared_folder, tmp_path, capsys, monkeypatch, as_another_user, peer_credentials):
    """The review: in /tmp another user bound the hub's path first, and
    `overtable hub` said "another hub is running there", as if it were one
    of this user's. It says whose it is (their process's credentials; the
    socket file's owner where the system gives none), and how to serve it."""
    if not peer_credentials:
        monkeypatch.delattr(socket, "SO_PEERCRED", raising=False)
    path = shared_folder / "hub.sock"
    squatter = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    squatter.bind(str(path))
    squatter.listen(1)
    try:
        code = cli.main(["hub", "--socket", str(path), "--data-dir", str(tmp_path / "hub")])
    finally:
        squatter.close()
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith(f"overtable hub: cannot listen on {path}: it is held by another user "
                          f"(uid {as_another_user}), not by a hub of yours; "), err
    assert "only you can write to" in err and "another hub" not in err, err
    assert "Traceback" not in err


async def test_a_socket_another_user_left_is_theirs_not_stale(shared_folder, as_another_user):
    """A socket nobody answers on is one a killed hub left, and the hub
    removes it: not another user's, whose process may come back to it."""
    path = shared_folder / "hub.sock"
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(str(path))
    left.close()
    hub = Hub(shared_folder.parent / "matches", bot_delay=0)
    try:
        with pytest.raises(OSError, match=rf"held by another user \(uid {as_another_user}\)"):
            await hub.serve(path)
    finally:
        await hub.close()
    assert stat.S_ISSOCK(os.lstat(path).st_mode)  # still theirs, not removed


async def test_a_drawing_turn_another_user_made_first_is_not_taken(
        shared_folder, caplog, monkeypatch):
    """The review: another user could make `<socket>.draw.0` (0666) before
    the hub, and hold its lock: every app waited half a second before
    drawing each of the others' moves. Neither the hub nor its apps take a
    lock file that is not their user's; the apps draw at once."""
    path = shared_folder / "hub.sock"
    (lock,) = draw_turn_files(path)
    lock.touch()
    os.chmod(lock, 0o666)
    mine = DrawTurns(draw_turns_path(path), create=False)  # (as their user: it is one)
    assert await mine.take() is not None
    mine.close()
    monkeypatch.setattr(host.peer, "own_uid", lambda: os.getuid() + 1)  # now theirs
    hub = Hub(shared_folder.parent / "matches", bot_delay=0)
    with caplog.at_level(logging.WARNING, logger="host.hub"):
        await hub.serve(path)
    try:
        assert f"{lock} is not this user's file" in caplog.text, caplog.text
        turns = DrawTurns(draw_turns_path(path), create=False)
        assert await turns.take() is None  # no turn: drawn at once, not after a wait
        turns.close()
    finally:
        await hub.close()
    assert lock.exists()  # not the hub's to take away
