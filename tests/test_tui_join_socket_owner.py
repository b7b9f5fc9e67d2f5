"""rt18 3: `overtable join` talks only to a hub its own user runs. In a
folder other users may write to (/tmp), another user could bind the hub's
socket path first, or while the hub restarted, and every join there sent
them the player's name, moves and chat, and showed their fake lobby.

The tests take the app for another user than the one running the hub
(`as_another_user`), or the hub's socket as taken by one while it is away."""

from __future__ import annotations

import asyncio
import os

import pytest

import host.peer
from tests.test_tui_join import at_the_lobby, hub_to_stop, the_notice, wait_for
from tui.join import JoinApp


@pytest.fixture
def as_another_user(monkeypatch):
    """The app taken for another user than the one running what it finds."""
    monkeypatch.setattr(host.peer, "own_uid", lambda: os.getuid() + 1)


async def squatter(path):
    """Another user's process listening at `path`, as the review's fake hub
    (a welcome and an empty lobby to whoever says hello): it, the lines it
    heard, and its connections."""
    heard: list[bytes] = []
    connections: list[object] = []

    async def client(reader, writer):
        connections.append(writer)
        while line := await reader.readline():
            heard.append(line)
            writer.write(b'{"welcome":{"player":"Ann"}}\n{"lobby":[]}\n')

    return await asyncio.start_unix_server(client, path=str(path)), heard, connections


async def test_join_refuses_a_hub_another_user_runs(tmp_path, as_another_user):
    """The review's repro: the player's hello went to the other user's
    process, which showed a lobby. The app sends it nothing and ends; what
    `overtable join` prints says whose the socket is and why not joined."""
    path = tmp_path / "hub.sock"
    server, heard, _ = await squatter(path)
    try:
        app = JoinApp(path, "Ann", theme_name="textual-dark")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.return_code is not None)
    finally:
        server.close()
    assert app.return_code == 1
    assert app.refusal.startswith(
        f"overtable join: {path}: it is held by another user (uid {os.getuid()}), "
        "not by a hub of yours, so it is not joined"), app.refusal
    assert not heard  # not even the player's name
    assert not app.remote.connected


async def test_reconnecting_refuses_a_socket_taken_while_the_hub_was_away(tmp_path, monkeypatch):
    """`overtable join` connects again by itself while the hub restarts:
    another user binding its path meanwhile got the player's hello, and
    their moves and chat. The app says, once, that the socket is not the
    hub's, and sends it nothing."""
    hub, _, path = await hub_to_stop(tmp_path, monkeypatch)
    async with at_the_lobby(path) as (app, pilot):
        await hub.close()
        await wait_for(pilot, lambda: not app.remote.connected)
        monkeypatch.setattr(host.peer, "own_uid", lambda: os.getuid() + 1)
        server, heard, connections = await squatter(path)
        try:
            await the_notice(pilot, app, "held by another user")
            await wait_for(pilot, lambda: len(connections) >= 3)  # tried again: said once
            said = [n.message for n in app._notifications if "another user" in n.message]
            assert len(said) == 1, said
            assert said[0].startswith(f"Not back at the hub: {path}: it is held by another user")
            assert not heard and not app.remote.connected
        finally:
            server.close()
