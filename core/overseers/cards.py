"""Overseers components: the 36 trait cards and the nine characters
(OV §Trait Cards, OV-1, OV-2, OV-3).

A trait card is an int id, unique in the box, so that piles are multisets of
ids and a view can hide one card without hiding its twins. Each trait owns a
block of ids large enough for six players; a smaller table plays the first
ids of each block (the rulebook's table, OV-1).
"""

from __future__ import annotations

import enum
from functools import cache


class Trait(enum.StrEnum):
    """The six traits; the value is the letter shown beside the colour."""

    ANGER = "A"
    BENEVOLENCE = "B"
    LUST = "L"
    COURAGE = "C"
    HOPE = "H"
    GREED = "G"

    @property
    def label(self) -> str:
        return self.name.capitalize()


#: OV §Trait Cards: copies per trait for 3-4, 5 and 6 players
COPIES: dict[Trait, tuple[int, int, int]] = {
    Trait.ANGER: (3, 4, 5),
    Trait.BENEVOLENCE: (4, 6, 6),
    Trait.LUST: (5, 6, 7),
    Trait.COURAGE: (5, 6, 7),
    Trait.HOPE: (5, 6, 7),
    Trait.GREED: (3, 4, 4),
}

#: the ids of each trait's block (1-36)
BLOCKS: dict[Trait, tuple[int, ...]] = {}
_next = 1
for _trait, _copies in COPIES.items():
    BLOCKS[_trait] = tuple(range(_next, _next + _copies[2]))
    _next += _copies[2]
ALL_CARDS: tuple[int, ...] = tuple(range(1, _next))
TRAIT: dict[int, Trait] = {c: t for t, ids in BLOCKS.items() for c in ids}

#: OV §Trait Cards, OV-2: the printed score of one card
FLAT = {Trait.ANGER: 6, Trait.BENEVOLENCE: 4, Trait.LUST: 3, Trait.GREED: 2}
#: OV-2: Courage and Hope by how many (copies beyond the third score nothing)
SETS = {Trait.COURAGE: (0, 2, 10, 18), Trait.HOPE: (0, 0, 6, 21)}


def column(players: int) -> int:
    return 0 if players <= 4 else 1 if players == 5 else 2


@cache
def deck(players: int) -> tuple[int, ...]:
    """OV-1: the trait cards in play for `players`, ascending."""
    i = column(players)
    return tuple(c for t, ids in BLOCKS.items() for c in ids[: COPIES[t][i]])


def label(card: int) -> str:
    """How the log and screens name a card: its trait and letter."""
    t = TRAIT[card]
    return f"{t.label} ({t.value})"


class Character(enum.StrEnum):
    """OV-3: the nine characters, in the rulebook's order of stages."""

    ORANGE = "orange"
    PURPLE = "purple"
    GOLD = "gold"
    MEIXIU = "meixiu"
    TEAL = "teal"
    WUMING_VALOUR = "wuming-valour"
    WUMING_WRATH = "wuming-wrath"
    GREED = "greed"
    LIANG = "liang"

    @property
    def label(self) -> str:
        return NAMES[self]

    @property
    def short(self) -> str:
        """Its name in short, where there is room for no more (`SHORT_NAMES`)."""
        return SHORT_NAMES[self]


#: OV-3, OV-8: published names, and the others by colour and ability
NAMES = {
    Character.ORANGE: "Orange, the Veiled (two face up)",
    Character.PURPLE: "Purple, the Changer (one trait counts 5)",
    Character.GOLD: "Gold, the Scavenger (draws from the discards)",
    Character.MEIXIU: "Meixiu (grey: peeks, +3)",
    Character.TEAL: "Teal, the Mimic (a card copies another)",
    Character.WUMING_VALOUR: "Wuming the elder (dark red: everyone's Courage, Hope +1 at the showdown)",
    Character.WUMING_WRATH: "Wuming the younger (dark red: everyone's Anger doubles at the showdown)",
    Character.GREED: "Brown G, the Hoarder (takes the discarded Greed)",
    Character.LIANG: "Liang (brown S: another player -1 per card)",
}

#: each character's name in short, by one rule: words of its name that no
#: other character's name holds. A house name by its colour, a published
#: name as it is, and the Hoarder by its title: brown is Liang's colour too,
#: and "Brown G" read as a name cut off (a play-test).
SHORT_NAMES = {
    Character.ORANGE: "Orange",
    Character.PURPLE: "Purple",
    Character.GOLD: "Gold",
    Character.MEIXIU: "Meixiu",
    Character.TEAL: "Teal",
    Character.WUMING_VALOUR: "Wuming the elder",
    Character.WUMING_WRATH: "Wuming the younger",
    Character.GREED: "Hoarder",
    Character.LIANG: "Liang",
}

CHARACTERS: tuple[Character, ...] = tuple(Character)
#: OV §Vote: the abilities used at the start of the vote, in printed order
VOTE_ABILITIES = (Character.PURPLE, Character.GOLD, Character.MEIXIU, Character.TEAL)

FIVE = "five"  # a card that lost its trait to Purple and counts 5


def points(
    effective: list[Trait | str],
    *,
    meixiu: bool = False,
    valour: bool = False,
    wrath: bool = False,
) -> int:
    """The score of a combination given each card's effective trait (FIVE
    for Purple's cards). `valour`/`wrath`: the Wuming sisters' showdown.
    Counted once per combination (as a sorted tuple: a few thousand
    multisets of seven symbols) and remembered."""
    key = (tuple(sorted(effective)), meixiu, valour, wrath)
    found = _POINTS.get(key)
    if found is None:
        found = _POINTS[key] = _count_points(effective, meixiu=meixiu, valour=valour, wrath=wrath)
    return found


_POINTS: dict[tuple, int] = {}


def _count_points(effective: list[Trait | str], *, meixiu: bool, valour: bool, wrath: bool) -> int:
    counts: dict[Trait | str, int] = {}
    for t in effective:
        counts[t] = counts.get(t, 0) + 1
    total = 5 * counts.get(FIVE, 0)
    for t, value in FLAT.items():
        if t is Trait.ANGER and wrath:
            value = 12
        total += value * counts.get(t, 0)
    for t, table in SETS.items():
        n = counts.get(t, 0)
        total += table[min(n, 3)]
        if valour:
            total += n
    if meixiu:
        total += 3
    return total
