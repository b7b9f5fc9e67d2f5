"""Two matches that differ only in two exchanged components: what the
secret-keeping tests share (tests/test_describe_viewers.py for the rules'
views and log lines, tests/test_host_secrets.py for the host's updates)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from core import CHANCE

#: the fields by which an action names a component (a card, a weapon, a Boss)
COMPONENT_FIELDS = ("card", "weapon", "boss")


def swapper(a: Any, b: Any) -> Callable[[Any], Any]:
    def swap(x: Any) -> Any:
        return b if x == a else a if x == b else x

    return swap


def relabel(action: Any, swap: Callable[[Any], Any]) -> Any:
    """The same action with two components exchanged (the card dealt or
    drawn, the card chosen, the weapon swapped)."""
    for field in COMPONENT_FIELDS:
        if hasattr(action, field):
            return attrs.evolve(action, **{field: swap(getattr(action, field))})
    return action


def swapped_pairs(
    journal: list[tuple[int, Any]], pool: tuple[Any, ...], seed: int, pairs: int
) -> Iterator[tuple[Any, Any, Callable[[Any], Any]]]:
    """`pairs` pairs (a, b, swap): a among the first components drawn (hands,
    hidden weapons, Bosses: where secrets are), b any other of `pool`."""
    rng = random.Random(seed)
    early = [
        getattr(action, field)
        for seat, action in journal[:12]
        for field in COMPONENT_FIELDS
        if seat == CHANCE and hasattr(action, field)
    ]
    for _ in range(pairs):
        a = rng.choice(early)
        b = rng.choice([c for c in pool if c != a])
        yield a, b, swapper(a, b)


def both_unseen(view: Any, a: Any, b: Any) -> bool:
    unseen = view.unseen or ()
    return a in unseen and b in unseen


def bq_unseen_only(view: Any, a: Any, b: Any) -> bool:
    # BQ §3: combat shows every weapon (the round's result) though the
    # cards go back to the deck
    shown = {w for r in view.history for kit in r.equipment for w in kit}
    return both_unseen(view, a, b) and a not in shown and b not in shown
