"""Updates around other seats' turns, for the "since your last move" tests
and snapshots: a seeded random match of a game, cut where a seat has just
moved and the others play until that seat decides again."""

from __future__ import annotations

import random
from typing import Any

from textual.app import App

from core import GAMES
from core.engine import CHANCE
from host.messages import SeatUpdate
from tests import screen_kit

NAMES = ("Ann", "Bob", "Cyd", "Dee")


def _sample(rng: random.Random, outcomes) -> Any:
    actions, weights = zip(*outcomes, strict=True)
    return rng.choices(actions, weights=weights)[0]


def turns_of_others(game_id: str, players: int, seed: int, *, seat: int = 0,
                    moves: int = 2, combat: bool = False, skip: int = 0,
                    options: Any = None) -> list[SeatUpdate]:
    """`seat`'s updates in a random match of `game_id`: the first right
    after one of its moves (and the draws that came with it), then one
    after each other move, up to its next decision; at least `moves` moves
    of the others in between (and a combat, with `combat`). `skip` passes
    over that many such windows first; `options`: the game's variants."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    state = game.setup(players, options)
    history: list[tuple[int, Any, Any]] = []  # (who, action, state before)
    window: list[int] | None = None  # history lengths where `seat` saw an update
    moved = False  # `seat` has just moved (the draws for it may follow)
    while game.outcome(state) is None:
        to_act = game.to_act(state)
        if CHANCE in to_act:
            who, action = CHANCE, _sample(rng, game.chance_outcomes(state))
        else:
            who = min(to_act)
            action = rng.choice(game.legal_actions(state, who))
        history.append((who, action, state))
        state = game.apply(state, who, action)
        if who == seat:
            window, moved = None, True
        if CHANCE in game.to_act(state):
            continue  # draws come with the move before them
        if moved:
            window, moved = [len(history)], False
            continue
        if window is None:
            continue
        window.append(len(history))
        others = sum(1 for w, _, _ in history[window[0]:] if w not in (seat, CHANCE))
        fought = _combats(state) > _combats(history[window[0]][2])  # since the point
        decides = seat in game.to_act(state) or game.outcome(state) is not None
        if decides and others >= moves and (fought or not combat):
            if skip:
                skip -= 1
                window = None
                continue
            return [_update(game, history, n, seat, state if n == len(history) else history[n][2])
                    for n in window]
    raise AssertionError("no such turn in this match: try another seed")


def _combats(state: Any) -> int:
    return len(getattr(state, "history", ()) or ())


def _update(game: Any, history: list, n: int, seat: int, state: Any) -> SeatUpdate:
    names = NAMES[: state.players]
    log = tuple(game.describe(before, who, action, names=names, viewer=seat)
                for who, action, before in history[:n])
    to_act = frozenset(game.to_act(state))
    outcome = game.outcome(state)
    legal = tuple(game.legal_actions(state, seat)) if seat in to_act and outcome is None else ()
    return SeatUpdate(game=game.id, seat=seat, view=game.view(state, seat), legal=legal,
                      to_act=to_act, names=names, bots=frozenset(range(1, state.players)),
                      log=log, outcome=outcome, seq=n)


class SequenceApp(App):
    """Shows a game screen with each of `updates` in turn (the last stays)."""

    def __init__(self, screen_class: type, updates: list[SeatUpdate]) -> None:
        super().__init__()
        self.port = screen_kit.FakePort()
        self.game_screen = screen_class(self.port)
        self.updates = updates

    async def on_mount(self) -> None:
        await self.push_screen(self.game_screen)
        for update in self.updates:
            self.game_screen.show(update)
