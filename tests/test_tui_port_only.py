"""A game screen needs nothing but a port and seat updates (issue "The match
host": a screen mounted with only a port and a sequence of updates, no
session at all, plays a whole match of each game).

`ScriptedPort` is the screen's whole world: it keeps a state of its own,
answers each command with the rules and sends the screen the update of the
seat to act next, worded for that seat. The screen plays every seat from
the legal actions its update lists, and draws each update on the way.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App

from core import CHANCE, GAMES
from core.playout import sample_chance
from host.messages import LEAVE, PLAY, SeatCommand, SeatUpdate
from tests.screen_kit import screen_text, settle
from tui.games import screen_class

NAMES = ("Ann", "Bob", "Cat", "Dan")


class ScriptedPort:
    """No session: the rules applied by hand, one update at a time."""

    def __init__(self, game: Any, players: int, options: Any, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.state = game.setup(players, options)
        self.names = NAMES[:players]
        #: (state before, seat, action) for the log
        self.history: list[tuple[Any, int, Any]] = []
        self.seq = 0
        self.screen: Any = None
        self.commands: list[SeatCommand] = []
        self._draw()

    def _draw(self) -> None:
        game = self.game
        while CHANCE in game.to_act(self.state):
            action = sample_chance(game.chance_outcomes(self.state), self.rng)
            self.history.append((self.state, CHANCE, action))
            self.state = game.apply(self.state, CHANCE, action)

    def update(self) -> SeatUpdate:
        game, state = self.game, self.state
        to_act = frozenset(game.to_act(state))
        outcome = game.outcome(state)
        seat = min(to_act) if to_act else 0
        return SeatUpdate(
            game=game.id,
            seat=seat,
            view=game.view(state, seat),
            legal=tuple(game.legal_actions(state, seat)) if seat in to_act else (),
            to_act=to_act,
            names=self.names,
            bots=frozenset(),
            log=tuple(
                game.describe(before, who, action, names=self.names, viewer=seat)
                for before, who, action in self.history
            ),
            outcome=outcome,
            seq=self.seq,
        )

    def send(self, command: SeatCommand) -> None:
        self.commands.append(command)
        if command.kind != PLAY or command.seq != self.seq:
            return
        self.history.append((self.state, command.seat, command.action))
        self.state = self.game.apply(self.state, command.seat, command.action)
        self.seq += 1
        self._draw()
        self.screen.show(self.update())


class PortApp(App):
    def __init__(self, screen: Any, first: SeatUpdate) -> None:
        super().__init__()
        self.game_screen = screen
        self.first = first

    async def on_mount(self) -> None:
        await self.push_screen(self.game_screen)
        self.game_screen.show(self.first)


@pytest.mark.parametrize(
    "game_id, players, options",
    [
        ("boss-quest", 3, None),
        ("overboss-duel", 2, None),
        ("overstocked", 3, None),
        ("overstocked", 2, {"solo": True}),
        ("overseers", 4, None),
        ("overseers", 3, {"alternate_draft": True}),
    ],
)
async def test_a_screen_plays_a_whole_match_from_updates_alone(game_id, players, options):
    game = GAMES[game_id]
    opts = game.Options(**(options or {}))
    port = ScriptedPort(game, players, opts, seed=17)
    screen = screen_class(game_id)(port)
    port.screen = screen
    app = PortApp(screen, port.update())
    rng = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        plays = 0
        for _ in range(5000):
            update = screen.update
            if update.outcome is not None:
                break
            screen.play(rng.choice(update.legal))
            plays += 1
            if plays % 25 == 0:
                await pilot.pause()
                assert screen_text(app).strip()
        await pilot.pause()
        assert screen.update.outcome is not None, "the match did not end"
        text = screen_text(app)
        winners = [NAMES[s] for s in screen.update.outcome.winners]
        assert any(name in text for name in winners), text
        # every command named the seat shown and the update it answered
        assert all(c.kind == PLAY and c.seq is not None for c in port.commands)
        screen.action_leave()
        assert port.commands[-1].kind == LEAVE
