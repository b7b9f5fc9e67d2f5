"""A tiny game for testing saves without depending on a real game's rules.

"Toy High Card", for 2-4 seats. Each round CHANCE deals every seat one
hidden card from an unordered deck. Then, seat by seat, the seat to act may
`Raise` (stake one more chip, up to 3), `Peek` at another seat's hidden card
(once per round: a seat learns something hidden without any draw) and must
end with `Done`. After the last seat's `Done`, the highest card takes every
stake of the round. After `Options.rounds` rounds the most chips win.

It satisfies `core.engine.Game`: attrs frozen states, actions and options,
an enum, nested attrs classes in actions, frozensets, hidden information and
views of the same type.
"""

from __future__ import annotations

import enum

import attrs

from core.engine import CHANCE, Category, IllegalAction, Outcome, uniform_draws


class Suit(enum.StrEnum):
    SUN = "S"
    MOON = "M"


@attrs.frozen(order=True)
class Card:
    suit: Suit
    rank: int


@attrs.frozen
class Options:
    rounds: int = 2
    ranks: int = 4
    start_chips: int = 5


class Phase(enum.StrEnum):
    DEAL = "deal"
    BET = "bet"
    OVER = "over"


@attrs.frozen
class State:
    players: int
    options: Options
    phase: Phase
    round: int
    #: unordered; in a view every card is None
    deck: tuple[Card | None, ...]
    hands: tuple[Card | None, ...]
    #: per seat: the seats that know its hand
    known: tuple[frozenset[int], ...]
    chips: tuple[int, ...]
    stakes: tuple[int, ...]
    turn: int = 0
    peeked: frozenset[int] = frozenset()


# --- actions -----------------------------------------------------------------


@attrs.frozen
class Deal:
    card: Card


@attrs.frozen
class Raise:
    pass


@attrs.frozen
class Peek:
    seat: int


@attrs.frozen
class Done:
    pass


def _deck(options: Options) -> tuple[Card, ...]:
    return tuple(sorted(Card(s, r) for s in Suit for r in range(1, options.ranks + 1)))


class ToyGame:
    id = "toy"
    title = "Toy High Card"
    players = range(2, 5)
    Options = Options
    State = State
    action_types = (Deal, Raise, Peek, Done)
    rules_version = 1

    def setup(self, players: int, options: Options | None = None) -> State:
        options = options or Options()
        if players not in self.players:
            raise ValueError(f"{players} players: the toy game seats 2 to 4")
        return State(
            players=players,
            options=options,
            phase=Phase.DEAL,
            round=1,
            deck=_deck(options),
            hands=(None,) * players,
            known=(frozenset(),) * players,
            chips=(options.start_chips,) * players,
            stakes=(0,) * players,
        )

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase is Phase.DEAL:
            return frozenset({CHANCE})
        if state.phase is Phase.BET:
            return frozenset({state.turn})
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> tuple:
        if state.phase is not Phase.BET or seat != state.turn:
            return ()
        acts: list = []
        if state.stakes[seat] < 3 and state.chips[seat] > 0:
            acts.append(Raise())
        if seat not in state.peeked:
            acts.extend(Peek(s) for s in range(state.players) if s != seat)
        acts.append(Done())
        return tuple(acts)

    def chance_outcomes(self, state: State) -> tuple:
        if state.phase is not Phase.DEAL:
            return ()
        return tuple((Deal(c), p) for c, p in uniform_draws(state.deck))

    def apply(self, state: State, seat: int, action) -> State:
        if state.phase is Phase.DEAL:
            if seat != CHANCE or not isinstance(action, Deal):
                raise IllegalAction("The cards are being dealt.")
            if action.card not in state.deck and None not in state.deck:
                raise IllegalAction(f"{action.card} is not in the deck.")
            deck = list(state.deck)
            deck.remove(action.card if action.card in deck else None)
            to = state.hands.index(None)
            hands = state.hands[:to] + (action.card,) + state.hands[to + 1 :]
            known = state.known[:to] + (frozenset({to}),) + state.known[to + 1 :]
            phase = Phase.BET if None not in hands else Phase.DEAL
            return attrs.evolve(state, deck=tuple(deck), hands=hands, known=known, phase=phase)
        if state.phase is Phase.OVER:
            raise IllegalAction("The game is over.")
        if seat != state.turn:
            raise IllegalAction("It is not your turn.")
        if isinstance(action, Raise):
            if state.stakes[seat] >= 3 or state.chips[seat] <= 0:
                raise IllegalAction("You cannot raise any more.")
            return attrs.evolve(
                state,
                stakes=_bump(state.stakes, seat, 1),
                chips=_bump(state.chips, seat, -1),
            )
        if isinstance(action, Peek):
            if seat in state.peeked:
                raise IllegalAction("You have already peeked this round.")
            if action.seat == seat or not 0 <= action.seat < state.players:
                raise IllegalAction("Peek at another seat.")
            t = action.seat
            known = state.known[:t] + (state.known[t] | {seat},) + state.known[t + 1 :]
            return attrs.evolve(state, known=known, peeked=state.peeked | {seat})
        if isinstance(action, Done):
            if seat + 1 < state.players:
                return attrs.evolve(state, turn=seat + 1)
            return self._showdown(state)
        raise IllegalAction(f"{action!r} is not a move in this game.")

    def _showdown(self, state: State) -> State:
        best = max(range(state.players), key=lambda s: state.hands[s])
        chips = _bump(state.chips, best, sum(state.stakes))
        over = state.round >= state.options.rounds
        return attrs.evolve(
            state,
            phase=Phase.OVER if over else Phase.DEAL,
            round=state.round if over else state.round + 1,
            deck=_deck(state.options),
            hands=(None,) * state.players,
            known=(frozenset(),) * state.players,
            chips=chips,
            stakes=(0,) * state.players,
            turn=0,
            peeked=frozenset(),
        )

    def view(self, state: State, seat: int | None) -> State:
        hands = tuple(
            h if seat is not None and seat in k else None
            for h, k in zip(state.hands, state.known, strict=True)
        )
        # a hand not yet dealt stays None; the deck's contents are unseen
        return attrs.evolve(state, hands=hands, deck=(None,) * len(state.deck))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        best = max(state.chips)
        return Outcome(
            scores=state.chips,
            winners=frozenset(s for s, c in enumerate(state.chips) if c == best),
            breakdown=(Category("Chips", state.chips),),
        )

    def describe(
        self,
        state: State,
        seat: int,
        action,
        names: tuple[str, ...] | None = None,
        viewer: int | None = None,
    ) -> str:
        who = "Chance" if seat == CHANCE else (names[seat] if names else f"Seat {seat + 1}")
        if isinstance(action, Deal):
            return f"{who} deals a card."
        if isinstance(action, Raise):
            return f"{who} raises."
        if isinstance(action, Peek):
            other = names[action.seat] if names else f"Seat {action.seat + 1}"
            return f"{who} peeks at {other}'s card."
        return f"{who} is done."


def _bump(values: tuple[int, ...], i: int, by: int) -> tuple[int, ...]:
    return values[:i] + (values[i] + by,) + values[i + 1 :]


GAME = ToyGame()
