"""Boss Quest components: weapons, spells and bosses (BQ-1, BQ-2)."""

from __future__ import annotations

import enum

import attrs


class Colour(enum.StrEnum):
    """Weapon colours; the letter is how a monochrome terminal tells them apart.

    The rulebook names blue and green only; the other three are house names
    (ruling BQ-12 in docs/rulings.md).
    """

    RED = "R"
    BLUE = "B"
    YELLOW = "Y"
    PURPLE = "P"
    GREEN = "G"

    @property
    def label(self) -> str:
        return self.name.capitalize()


@attrs.frozen(cache_hash=True)
class Weapon:
    """A weapon card; each colour/value pair exists once, so it names itself.

    A potion (BQ-3, the Potions extension) has no colour; its `value` is the
    size of its two readings, +value or -value, the owner's choice."""

    colour: Colour | None
    value: int

    # Hand-written ordering: attrs' generic one is the hot spot of sorting
    # piles in playouts.
    def __lt__(self, other: Weapon) -> bool:
        return (self.colour or "", self.value) < (other.colour or "", other.value)

    @property
    def potion(self) -> bool:
        return self.colour is None

    @property
    def code(self) -> str:
        if self.colour is None:
            return f"±{self.value}"
        return f"{self.colour.value}{self.value}"

    def __str__(self) -> str:
        return self.code


class SpellKind(enum.StrEnum):
    # Light spells: placed next to the Boss, they affect everybody.
    HP_PLUS_1 = "hp+1"
    HP_PLUS_2 = "hp+2"
    HP_MINUS_1 = "hp-1"
    HP_MINUS_2 = "hp-2"
    NEED_COLOUR = "need-colour"
    NEED_PAIR = "need-pair"
    NO_HEART_LOSS = "no-heart-loss"
    CANCEL = "cancel"
    EXTRA_KEY = "extra-key"
    SECOND_CLOSEST = "second-closest"
    FINAL_TURN = "final-turn"
    # Dark spells: placed in front of one knight.
    ATTACK_PLUS_1 = "atk+1"
    ATTACK_PLUS_2 = "atk+2"
    ATTACK_MINUS_1 = "atk-1"
    ATTACK_MINUS_2 = "atk-2"
    SWAP_HIDDEN = "swap-hidden"
    SWAP_DECK = "swap-deck"
    # Extension spells (neither placed: they act and are discarded).
    FLIP_POTION = "flip-potion"
    SWAP_COMPANIONS = "swap-companions"


DARK = frozenset(
    {
        SpellKind.ATTACK_PLUS_1,
        SpellKind.ATTACK_PLUS_2,
        SpellKind.ATTACK_MINUS_1,
        SpellKind.ATTACK_MINUS_2,
        SpellKind.SWAP_HIDDEN,
        SpellKind.SWAP_DECK,
    }
)

HP_CHANGE = {
    SpellKind.HP_PLUS_1: 1,
    SpellKind.HP_PLUS_2: 2,
    SpellKind.HP_MINUS_1: -1,
    SpellKind.HP_MINUS_2: -2,
}

ATTACK_CHANGE = {
    SpellKind.ATTACK_PLUS_1: 1,
    SpellKind.ATTACK_PLUS_2: 2,
    SpellKind.ATTACK_MINUS_1: -1,
    SpellKind.ATTACK_MINUS_2: -2,
}

_SHORT = {
    SpellKind.HP_PLUS_1: "Boss HP +1",
    SpellKind.HP_PLUS_2: "Boss HP +2",
    SpellKind.HP_MINUS_1: "Boss HP -1",
    SpellKind.HP_MINUS_2: "Boss HP -2",
    SpellKind.NEED_PAIR: "Need 2 of a colour",
    SpellKind.NO_HEART_LOSS: "No heart lost",
    SpellKind.CANCEL: "Cancel a spell",
    SpellKind.EXTRA_KEY: "Winner +1 key",
    SpellKind.SECOND_CLOSEST: "2nd closest wins",
    SpellKind.FINAL_TURN: "Final turn!",
    SpellKind.ATTACK_PLUS_1: "Attack +1",
    SpellKind.ATTACK_PLUS_2: "Attack +2",
    SpellKind.ATTACK_MINUS_1: "Attack -1",
    SpellKind.ATTACK_MINUS_2: "Attack -2",
    SpellKind.SWAP_HIDDEN: "Swap hidden",
    SpellKind.SWAP_DECK: "Swap with deck",
    SpellKind.FLIP_POTION: "Flip a potion",
    SpellKind.SWAP_COMPANIONS: "Swap companions",
}

_TEXT = {
    SpellKind.HP_PLUS_1: "Increases the Boss's HP by 1 this round.",
    SpellKind.HP_PLUS_2: "Increases the Boss's HP by 2 this round.",
    SpellKind.HP_MINUS_1: "Decreases the Boss's HP by 1 this round.",
    SpellKind.HP_MINUS_2: "Decreases the Boss's HP by 2 this round.",
    SpellKind.NEED_PAIR: "A knight without 2 weapons of one colour cannot win the round.",
    SpellKind.NO_HEART_LOSS: "No one loses a heart this round.",
    SpellKind.CANCEL: "Cancels a spell in play; both are discarded.",
    SpellKind.EXTRA_KEY: "The winner of the round gains an extra key.",
    SpellKind.SECOND_CLOSEST: "The 2nd closest knight wins the round.",
    SpellKind.FINAL_TURN: "Everyone not yet at the Wizard takes one last action, then combat.",
    SpellKind.ATTACK_PLUS_1: "A knight's attack strength +1 this round.",
    SpellKind.ATTACK_PLUS_2: "A knight's attack strength +2 this round.",
    SpellKind.ATTACK_MINUS_1: "A knight's attack strength -1 this round.",
    SpellKind.ATTACK_MINUS_2: "A knight's attack strength -2 this round.",
    SpellKind.SWAP_HIDDEN: "Swap your hidden weapon with another knight's hidden weapon.",
    SpellKind.SWAP_DECK: "Swap one of your weapons with the top card of the weapon deck.",
    SpellKind.FLIP_POTION: "Flip the reading of any knight's face-up potion.",
    SpellKind.SWAP_COMPANIONS: "Swap two companions, in play or in reserve.",
}


@attrs.frozen
class Spell:
    """A spell card; `colour` only for the "at least 1 weapon of colour" cards."""

    kind: SpellKind
    colour: Colour | None = None

    def __lt__(self, other: Spell) -> bool:
        return (self.kind, self.colour or "") < (other.kind, other.colour or "")

    @property
    def dark(self) -> bool:
        return self.kind in DARK

    @property
    def name(self) -> str:
        if self.kind is SpellKind.NEED_COLOUR:
            assert self.colour is not None
            return f"Need {self.colour.label} ({self.colour.value})"
        return _SHORT[self.kind]

    @property
    def text(self) -> str:
        if self.kind is SpellKind.NEED_COLOUR:
            assert self.colour is not None
            return (
                f"A knight without at least 1 {self.colour.label.lower()} "
                f"({self.colour.value}) weapon cannot win the round."
            )
        return _TEXT[self.kind]

    def __str__(self) -> str:
        return self.name


BOSSES: tuple[int, ...] = tuple(range(14, 22))
#: BQ-5: the Ul'ul Boss card (an extension) has 22 HP, so its HP names it.
ULUL = 22
#: BQ-5: the MegaBoss (the Final Boss extension) has 30 HP.
MEGABOSS = 30

HEARTS_AT_START = 3
KEY_SUPPLY = 20


#: BQ-3: the three potion weapons read ±1, ±2 and ±3.
POTIONS: tuple[Weapon, ...] = tuple(Weapon(None, v) for v in (1, 2, 3))

#: Every weapon card, one instance each: the decks are built from these, so
#: a playout's cards compare by identity first (equal cards built elsewhere,
#: e.g. read from a journal, still compare equal).
_PLAIN = {(c, v): Weapon(c, v) for c in Colour for v in range(1, 8)}
_DECKS: dict[tuple[bool, bool], tuple[Weapon, ...]] = {}


def weapons(with_green: bool, potions: bool = False) -> tuple[Weapon, ...]:
    """The weapon deck (BQ-2): 5 colours x 1-7, green removed unless kept;
    the potions shuffled in with their extension (BQ §Potions)."""
    key = (bool(with_green), bool(potions))
    deck = _DECKS.get(key)
    if deck is None:
        colours = [c for c in Colour if with_green or c is not Colour.GREEN]
        plain = [_PLAIN[c, v] for c in colours for v in range(1, 8)]
        deck = _DECKS[key] = tuple(sorted(plain + (list(POTIONS) if potions else [])))
    return deck


class Companion(enum.StrEnum):
    """BQ §Extension: Companions: the six printed powers; the names are the
    house's (BQ-4)."""

    CHAMELEON = "chameleon"  # permanent: weapons of all colours
    OWL = "owl"  # once per round: look at the mystery spell or a hidden weapon
    HARE = "hare"  # once per round: equip and meet the Wizard in one turn
    FOX = "fox"  # permanent: wins ties
    TORTOISE = "tortoise"  # permanent: no heart lost when over by 1 or 2
    RAVEN = "raven"  # once per round, on one's turn: replace a spell at the Wizard

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @property
    def text(self) -> str:
        return _COMPANION_TEXT[self]

    @property
    def their_text(self) -> str:
        """The power said of another knight's companion ("Bob's Fox: You
        win ties" read as the viewer winning them)."""
        return _COMPANION_THEIR_TEXT[self]

    @property
    def once_per_round(self) -> bool:
        return self in (Companion.OWL, Companion.HARE, Companion.RAVEN)


_COMPANION_TEXT = {
    Companion.CHAMELEON: "Your weapons count as every colour.",
    Companion.OWL: "Once per round: look at the mystery spell or at a knight's hidden weapon.",
    Companion.HARE: "Once per round: ask for weapons and meet the Wizard in the same turn.",
    Companion.FOX: "You win ties for the round (before counting cards).",
    Companion.TORTOISE: "No heart lost when you go over the HP by 1 or 2.",
    Companion.RAVEN: "Once per round, on your turn: replace a spell at the Wizard with the "
    "top of the spell deck.",
}

_COMPANION_THEIR_TEXT = {
    Companion.CHAMELEON: "Their weapons count as every colour.",
    Companion.OWL: "Once per round: looks at the mystery spell or at a knight's hidden weapon.",
    Companion.HARE: "Once per round: asks for weapons and meets the Wizard in the same turn.",
    Companion.FOX: "Wins ties for the round (before counting cards).",
    Companion.TORTOISE: "No heart lost when they go over the HP by 1 or 2.",
    Companion.RAVEN: "Once per round, on their turn: replaces a spell at the Wizard with the "
    "top of the spell deck.",
}


def spells(
    with_green: bool, potions: bool = False, companions: bool = False
) -> tuple[Spell, ...]:
    """The spell deck (BQ-1): 17 light + 6 dark; the green card only with
    green; the potion spell's 2 copies with the Potions extension. Built
    once per choice from one instance per card (`SPELLS`), like the weapons."""
    key = (bool(with_green), bool(potions), bool(companions))
    deck = _SPELL_DECKS.get(key)
    if deck is None:
        deck = _SPELL_DECKS[key] = tuple(_canonical(s) for s in _spells(*key))
    return deck


def _spells(with_green: bool, potions: bool, companions: bool) -> tuple[Spell, ...]:
    light = [
        Spell(SpellKind.HP_PLUS_1),
        Spell(SpellKind.HP_PLUS_1),
        Spell(SpellKind.HP_PLUS_2),
        Spell(SpellKind.HP_MINUS_1),
        Spell(SpellKind.HP_MINUS_1),
        Spell(SpellKind.HP_MINUS_2),
        *(Spell(SpellKind.NEED_COLOUR, c) for c in Colour if with_green or c is not Colour.GREEN),
        Spell(SpellKind.NEED_PAIR),
        Spell(SpellKind.NO_HEART_LOSS),
        Spell(SpellKind.CANCEL),
        Spell(SpellKind.EXTRA_KEY),
        Spell(SpellKind.SECOND_CLOSEST),
        Spell(SpellKind.FINAL_TURN),
    ]
    dark = [
        Spell(k)
        for k in (
            SpellKind.ATTACK_PLUS_1,
            SpellKind.ATTACK_PLUS_2,
            SpellKind.ATTACK_MINUS_1,
            SpellKind.ATTACK_MINUS_2,
            SpellKind.SWAP_HIDDEN,
            SpellKind.SWAP_DECK,
        )
    ]
    extra = [Spell(SpellKind.FLIP_POTION)] * 2 if potions else []
    extra += [Spell(SpellKind.SWAP_COMPANIONS)] * 3 if companions else []
    return tuple(sorted(light + dark + extra))


#: One instance of each spell card (equal copies share it), by value.
SPELLS: dict[Spell, Spell] = {}
_SPELL_DECKS: dict[tuple[bool, bool, bool], tuple[Spell, ...]] = {}


def _canonical(spell: Spell) -> Spell:
    return SPELLS.setdefault(spell, spell)


for _spell in _spells(True, True, True):
    _canonical(_spell)

#: Each spell's place in the sorted order (`Spell.__lt__`), by the identity
#: of its one instance: piles of spells are sorted without calling `__lt__`.
_RANK_BY_ID = {id(s): rank for rank, s in enumerate(sorted(SPELLS))}


def sort_spells(items: tuple[Spell, ...]) -> tuple[Spell, ...]:
    """`tuple(sorted(items))` for spells, in C where the cards are the
    decks' own instances (`spells`); the same order, equal cards kept in
    their order as `sorted` keeps them."""
    try:
        ranks = list(map(_RANK_BY_ID.__getitem__, map(id, items)))
    except KeyError:  # a card built elsewhere (a journal, a test)
        return tuple(sorted(items))
    return tuple(map(items.__getitem__, sorted(range(len(items)), key=ranks.__getitem__)))


#: Each weapon's place in the sorted order (`Weapon.__lt__`), by identity.
_WEAPON_RANK_BY_ID = {id(w): rank for rank, w in enumerate(weapons(True, potions=True))}


def sort_weapons(items: tuple[Weapon, ...] | list[Weapon]) -> tuple[Weapon, ...]:
    """`tuple(sorted(items))` for weapons (`sort_spells`' twin)."""
    try:
        ranks = list(map(_WEAPON_RANK_BY_ID.__getitem__, map(id, items)))
    except KeyError:  # a card built elsewhere (a journal, a test)
        return tuple(sorted(items))
    return tuple(map(items.__getitem__, sorted(range(len(items)), key=ranks.__getitem__)))
