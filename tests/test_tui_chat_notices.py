"""Notices leave the open chat box (F2) in sight. A play-test opened a
table's chat just after a line was said there: the line's notice stayed
over the box's first line, hiding the end of the very line it announced."""

from __future__ import annotations

import contextlib

import pytest
from textual.widgets._toast import Toast

from tests.screen_kit import settle
from tests.test_host_hub import Player
from tests.test_tui_join import bob_sits_at_anns_duel, open_chat, the_notice, wait_for
from tui.join import JoinApp
from tui.screens.lobby import LobbyScreen


@contextlib.asynccontextmanager
async def at_the_lobby(path, size=(80, 24)):
    """Ann's app at the hub's lobby, its notices drawn."""
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        yield app, pilot


def over_the_box(app) -> list:
    """The notices drawn over the open chat box."""
    box = app.screen.query_one("#chat").region
    return [t for t in app.screen.query(Toast) if t.region and t.region.overlaps(box)]


def box_says(app, text: str) -> bool:
    return any(text in line for line in app.screen.lines)


async def test_a_chat_lines_notice_goes_as_the_chat_box_opens(shared_hub):
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await bob.send({"chat": {"table": table["table"], "text": "sorry, had to go"}})
        await the_notice(pilot, app, "sorry, had to go")
        await open_chat(pilot, app)
        await wait_for(pilot, lambda: box_says(app, "Bob: sorry, had to go"))
        # (the notice is up for 6 s: gone in 2, it was taken down)
        await wait_for(pilot, lambda: not over_the_box(app)
                       and not any("had to go" in n.message for n in app._notifications), timeout=2)
        await bob.close()


async def test_a_line_said_while_the_chat_box_is_open_is_no_notice(shared_hub):
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await open_chat(pilot, app)
        await bob.send({"chat": {"table": table["table"], "text": "back now"}})
        await wait_for(pilot, lambda: box_says(app, "Bob: back now"))
        assert not over_the_box(app)
        assert not any("back now" in n.message for n in app._notifications)
        await bob.close()


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_a_notice_while_the_chat_box_is_open_goes_under_it(shared_hub, size):
    """Other news (someone watching, back) still comes, under the box."""
    hub, path = shared_hub
    async with at_the_lobby(path, size) as (app, pilot):
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await open_chat(pilot, app)
        cy = await Player.connect(path, "Cy")
        await cy.send({"watch": {"table": table["table"]}})
        await the_notice(pilot, app, "Cy is watching.")
        await wait_for(pilot, lambda: any(t.region for t in app.screen.query(Toast)))
        await settle(pilot)
        assert not over_the_box(app), app.screen.query_one("#chat").region
        await bob.close()
        await cy.close()
