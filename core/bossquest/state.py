"""Boss Quest state: one immutable record of the whole table.

A view (`rules.view`) is the same type with what a seat may not know set to
``None`` and `unseen` listing every card that could fill those gaps.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from core.bossquest.cards import Colour, Companion, Spell, Weapon
from core.engine import evolve as _engine_evolve


class Ulul(enum.StrEnum):
    """BQ §Boss Ul'ul: left out, a classic Boss, or with its night rule."""

    OFF = "off"
    CLASSIC = "classic"
    NIGHT = "night"


#: BQ-39: the options the Solo Quest (one knight) is played without. The
#: new-match form hides them at one knight and, where one is set, says so
#: ("set_absent_at", "set_absent_note"): it went without a word.
SOLO_LEAVES_OUT = {
    "set_absent_at": (1,),
    "set_absent_note": "Left out of the Solo Quest, played by its own rules without "
    "extensions or variants: {names} (kept for a match of more knights).",
}


@attrs.frozen
class Options:
    """The rulebook's standard game; fields are its choices and variants."""

    #: BQ-2: with 2-4 players the green weapons and the green spell are out
    #: unless this is set. With 5 players they are always in.
    keep_green: bool = attrs.field(
        default=False,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": range(2, 5),
            "label": "Keep the green weapons and spell (2-4 knights)",
            "changed": "Green weapons kept",
            # where the form leaves it out, it says why (BQ-2)
            "absent_at": range(5, 7),
            "absent_note": "With 5 or 6 knights the green weapons and spell are always played.",
        },
    )
    #: The rulebook's 2-player rule: lay out 3 spells face up (not 2) and the
    #: mystery spell. Off plays the plain "one per player" layout.
    two_player_spells: bool = attrs.field(
        default=True,
        metadata={
            "players": (2,),
            "label": "Rulebook 2-knight layout: 3 spells face up (unticked: 2)",
            "changed": "2 spells face up (rulebook: 3)",  # the form's words
        },
    )
    #: The rulebook's "Variant for bolder Knights" (two knights): while the
    #: other knight equips, the one at the Wizard may use or discard a spell.
    bolder_knights: bool = attrs.field(
        default=False,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": (2,),
            "label": "Bolder knights (2): use a spell while the other equips",
            "absent_at": range(3, 7),
            "absent_note": "Bolder knights is for two knights only.",  # BQ-28
        },
    )
    #: BQ §Boss Ul'ul: a ninth Boss (22 HP); "night" plays its special rule.
    ulul: Ulul = attrs.field(
        default=Ulul.OFF,
        converter=Ulul,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": range(2, 7),
            "label": "Boss Ul'ul",
            "help": "9th Boss, 22 HP; Night: weapons face down, 2 hearts lost if over",
        },
    )
    #: BQ §Extension: Potions (BQ-3).
    potions: bool = attrs.field(
        default=False,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": range(2, 7),
            "label": "Potions: 3 weapons read + or -; a spell flips one",
        },
    )
    #: BQ §Extension: Companions (BQ-4).
    companions: bool = attrs.field(
        default=False,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": range(2, 7),
            "label": "Companions: an animal with a power each; a spell swaps",
        },
    )
    #: BQ §Extension: Final Boss (BQ-5, BQ-37).
    final_boss: bool = attrs.field(
        default=False,
        metadata={
            **SOLO_LEAVES_OUT,
            "players": range(2, 7),
            "label": "Final Boss: the winner then duels the MegaBoss",
        },
    )
    #: BQ §Solo Quest (one knight): the weapon colour left out, and the
    #: harder spell rows (5 / 4 / 3 instead of 5 / 5 / 3).
    solo_colour: Colour = attrs.field(
        default=Colour.GREEN,
        converter=Colour,
        metadata={
            "players": (1,),
            "label": "Solo colour",
            "changed": "{value} weapons left out",
            "help": "Solo Quest (1 knight): the weapon colour left out.",
        },
    )
    solo_harder: bool = attrs.field(
        default=False,
        metadata={
            "players": (1,),
            "label": "Solo Quest (1 knight): harder, 5/4/3 spells by wave",
            "changed": "Harder (5/4/3 spells)",
        },
    )


class Phase(enum.StrEnum):
    REVEAL_BOSS = "reveal-boss"  # CHANCE: turn the next Boss card
    LAY_SPELLS = "lay-spells"  # CHANCE: lay the Wizard's face-up spells
    DEAL = "deal"  # CHANCE: a hidden then a visible weapon for everyone
    TURN = "turn"  # the knight in `turn` decides (see `step`)
    DRAW = "draw"  # CHANCE: the weapons the knight in `turn` asked for
    REVEAL_MYSTERY = "reveal-mystery"  # CHANCE: turn the activated mystery spell
    SWAP_DRAW = "swap-draw"  # CHANCE: the deck's top card for "swap with deck"
    CLEAR_MYSTERY = "clear-mystery"  # CHANCE: an unused mystery spell is turned and discarded
    READ_POTION = "read-potion"  # the knight in `reader` reads a potion + or - (BQ-3)
    DEAL_COMPANIONS = "deal-companions"  # CHANCE: one companion per knight, seat order
    PEEK_MYSTERY = "peek-mystery"  # CHANCE: the Owl looks at the mystery spell
    REPLACE_SPELL = "replace-spell"  # CHANCE: the Raven's new spell for `replace_slot`
    # The Final Boss duel (BQ §Final Boss), after the game's winner is known:
    DUEL = "duel"  # the `champion` asks for weapons or fights
    DUEL_DRAW = "duel-draw"  # CHANCE: the champion's face-down weapons
    DUEL_SPELLS = "duel-spells"  # CHANCE: each defeated knight draws a spell
    DUEL_CHOOSE = "duel-choose"  # the defeated knights activate one (`allies_voice` decides)
    DUEL_SACRIFICE = "duel-sacrifice"  # the champion may sacrifice hearts for +1 each
    # The Solo Quest (BQ §Solo Quest):
    SOLO_LAY = "solo-lay"  # CHANCE: the spell rows of the two waves and the MegaBoss
    SOLO_BOSSES = "solo-bosses"  # CHANCE: the wave's three Bosses turn face up
    SOLO = "solo"  # the knight asks for weapons (or plays a personal spell)
    SOLO_DRAW = "solo-draw"  # CHANCE: the weapons asked for
    SOLO_ASSIGN = "solo-assign"  # the knight gives them (and the top spell) to a Boss
    SOLO_TARGET = "solo-target"  # the spell given needs a target on that Boss
    SOLO_SWAP = "solo-swap"  # CHANCE: the deck's top card for "Swap with deck"
    SOLO_END = "solo-end"  # the wave's spells are spent: last personal spells, then the check
    OVER = "over"


class Step(enum.StrEnum):
    CHOOSE = "choose"  # ask for weapons or go to the Wizard
    WIZARD = "wizard"  # activate or discard a spell
    TARGET = "target"  # choose the target of `casting`
    HARE = "hare"  # weapons received: the Hare may go on to the Wizard now


#: In `Hidden.known_to`: the card has been turned face up before the whole
#: table, spectators included (a potion read at combat, the duel's weapons).
PUBLIC = -2


@attrs.frozen
class Hidden:
    """A face-down weapon and who has seen it (its owner always has)."""

    weapon: Weapon | None
    known_to: frozenset[int]


@attrs.frozen(slots=False)  # copied by its __dict__: see `evolve`
class Knight:
    hearts: int
    keys: int
    hidden: Hidden | None = None
    visible: tuple[Weapon, ...] = ()
    #: Ul'ul's night (BQ-29): the weapons that would be face up lie face
    #: down, each seen by its owner only
    night: tuple[Hidden, ...] = ()
    #: Potions (BQ-31): each potion the knight holds that has been read,
    #: with its reading (+1 or -1), as it was read
    readings: tuple[tuple[Weapon, int], ...] = ()
    #: Public inference (BQ-6): the most the knight's face-down cards (its
    #: hidden card, a night's too) can add to its strength, as the rules
    #: count it (an unread potion at its lower reading). A knight over the
    #: HP must go to the Wizard, so each ask for weapons shows its cards
    #: then added at most the HP less what everyone could count of it
    #: (`rules.visible_strength`). None: nothing inferred this round. Every
    #: view keeps it (everyone saw the asks); the bots' models and the
    #: search's deals keep to it.
    down_bound: int | None = None
    #: At the Wizard (phase B): asks for no more weapons this round.
    at_wizard: bool = False
    #: Takes no further action this round (visited the Wizard, or spent
    #: their last action of a "Final turn").
    done: bool = False

    @property
    def card_count(self) -> int:
        return len(self.visible) + len(self.night) + (1 if self.hidden is not None else 0)


@attrs.frozen
class ActiveSpell:
    """A spell in play this round: next to the Boss (`target` None) or in
    front of knight `target`."""

    spell: Spell
    target: int | None = None
    #: the mystery spell, activated blind and turned (BQ-7): at combat the
    #: summary names it even when it changed nothing (BQ-47). Not part of
    #: what the spell in play is (compared and hashed without it)
    mystery: bool = attrs.field(default=False, eq=False)
    #: the knight who activated it, for the mystery's line at combat (BQ-47:
    #: only the log said who); compared and hashed without it too
    caster: int | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Shift:
    """A strength moved by a spell: knight `seat`'s, or the Boss's HP
    (`seat` None), from `before` to `after`."""

    seat: int | None
    before: int
    after: int


@attrs.frozen
class UsedSpell:
    """A spell used at once and discarded during the round (the swaps, Swap
    companions included, Flip a potion, Cancel), kept for the combat's
    summary (BQ-47): who cast it, the knights it was used on, what it
    cancelled, and the strengths (and HP) it moved then."""

    spell: Spell
    caster: int
    seats: frozenset[int] = frozenset()
    shifts: tuple[Shift, ...] = ()
    cancelled: ActiveSpell | None = None
    #: the mystery spell, activated blind and turned, could do nothing then
    #: and was discarded unused (BQ-15): it changed nothing, and the combat
    #: names it so (BQ-47)
    no_effect: bool = False
    #: Swap companions (BQ-36): the two companions it swapped, each with
    #: whether it came from the reserve (True) or a knight
    companions: tuple[tuple[Companion, bool], ...] = ()
    #: the mystery spell, activated blind and turned: the combat says so (BQ-47)
    mystery: bool = False
    #: a swap moved a potion to a knight who had not read it: counted then
    #: at its lower reading (BQ-31), not as combat reads it, so no `shifts`
    potion_moved: bool = False
    #: Swap with deck: the weapon sent face down to the deck, then the one
    #: taken (BQ-47: named at combat, every weapon face up; none in older
    #: journals' results)
    weapons: tuple[Weapon, ...] = ()


@attrs.frozen
class RoundResult:
    """What combat revealed and decided; public once the round is fought."""

    round: int
    boss: int
    hp: int
    #: every knight's weapons, hidden card first, all face up at combat
    equipment: tuple[tuple[Weapon, ...], ...]
    strengths: tuple[int, ...]
    #: per knight: "" (in contention), "over" (exceeded the HP) or
    #: "spell" (an active spell's condition not met)
    eliminated: tuple[str, ...]
    winners: frozenset[int]
    perfect: frozenset[int]
    keys_gained: tuple[int, ...]
    hearts_lost: tuple[int, ...]
    spells: tuple[ActiveSpell, ...]
    #: keys and hearts after the round, for the results chart
    keys_after: tuple[int, ...]
    hearts_after: tuple[int, ...]
    #: the spells used at once and discarded during the round (BQ-47)
    used: tuple[UsedSpell, ...] = ()
    #: per knight, its potions' readings at combat (BQ-31)
    readings: tuple[tuple[tuple[Weapon, int], ...], ...] = ()
    #: per knight over the HP who lost no heart, why: "tortoise" (its
    #: companion's power, over by 1 or 2) or "spell" ("No one loses a
    #: heart", for a knight the Tortoise did not cover); "" otherwise
    spared: tuple[str, ...] = ()
    #: the seat holding the Fox at combat (None: nobody), which settled a
    #: tie first (BQ-35); a later Swap companions moves the card, not this
    fox: int | None = None
    #: played with the Final Boss: a round that ends the game leads to its
    #: duel (BQ §Final Boss), which the combat's box says (`game_over_line`)
    final_boss: bool = False
    #: the mystery spell left face down at the round's end, turned and
    #: discarded (BQ-13, BQ-33); None when it was used or none was laid
    mystery_turned: Spell | None = None


@attrs.frozen
class DuelResult:
    """The Final Boss duel's combat (BQ §Final Boss, BQ-38, BQ-47): the
    champion's weapons turned face up, the spells the defeated knights
    activated, and how the strength was made against the MegaBoss's HP."""

    champion: int
    megaboss: int
    hp: int
    weapons: tuple[Weapon, ...]
    readings: tuple[tuple[Weapon, int], ...]
    #: the weapons' total, the dark spells' change, the hearts sacrificed
    weapons_total: int
    spells_total: int
    sacrificed: int
    strength: int
    spells: tuple[ActiveSpell, ...]
    conditions_met: bool
    hearts_before: int
    won: bool
    ending: str
    #: the conditions in play the champion's weapons did not meet, in order
    unmet: tuple[Spell, ...] = ()


@attrs.frozen
class SoloBoss:
    """A Boss of the Solo Quest's current wave and what the knight gave it."""

    hp: int
    weapons: tuple[Weapon, ...] = ()
    #: the row's spells and the personal spells given to it, in order
    spells: tuple[Spell, ...] = ()
    #: the spells cancelled on it, each followed by the Cancel that did it:
    #: they count no more, and the board shows them so (compared without)
    cancelled: tuple[Spell, ...] = attrs.field(default=(), eq=False)
    #: the spells used at once on it, for the wave's attack (BQ-47): Swap
    #: with deck with the weapon given up and the one taken, or no weapons
    #: when spent for nothing (BQ-40)
    used: tuple[tuple[Spell, tuple[Weapon, ...]], ...] = attrs.field(default=(), eq=False)
    #: the Cancels and Swaps with deck given to it that took a spell or a
    #: weapon on another Boss of the wave (BQ-40), each with that Boss's
    #: index: the board shows them on both (the other keeps the effect)
    gave: tuple[tuple[Spell, int], ...] = attrs.field(default=(), eq=False)
    #: the places in `used` of the swaps another Boss was given (its
    #: `gave`), not this one: the board lists each spell on the row of the
    #: Boss it was given to
    elsewhere: tuple[int, ...] = attrs.field(default=(), eq=False)


@attrs.frozen
class WaveResult:
    """How a wave (3 for the MegaBoss) of the Solo Quest ended."""

    wave: int
    bosses: tuple[SoloBoss, ...]
    strengths: tuple[int, ...]
    hps: tuple[int, ...]
    defeated: tuple[bool, ...]
    hearts_lost: int
    hearts_after: int
    #: hearts discarded for +1 or -1 at the final assault (its sign)
    adjust: int = 0


@attrs.frozen(slots=False)  # copied by its __dict__: see `evolve`
class State:
    players: int
    options: Options
    knights: tuple[Knight, ...]
    phase: Phase
    round: int = 1
    armorer: int = 0
    #: the knight to act in TURN (and whose draws DRAW and SWAP_DRAW make)
    turn: int | None = None
    step: Step = Step.CHOOSE
    #: weapons still owed by DRAW
    to_draw: int = 0
    #: deal progress: 0..2n-1 (hidden round, then visible round)
    dealt: int = 0
    boss: int | None = None
    boss_deck: tuple[int, ...] = ()  # unordered; its contents are public
    boss_discard: tuple[int, ...] = ()
    #: the unordered weapon deck; None for cards a view does not know
    weapon_deck: tuple[Weapon | None, ...] = ()
    #: cards known to lie on top of the deck (BQ-10), the top first
    deck_top: tuple[Hidden, ...] = ()
    spell_deck: tuple[Spell, ...] = ()  # unordered; its contents are public
    spell_discard: tuple[Spell, ...] = ()
    #: the Wizard's face-up spells by slot; None once taken
    offer: tuple[Spell | None, ...] = ()
    #: the slots of `offer` emptied by a discard; the others emptied were
    #: activated (the table says which: "taken" misread a discard)
    discarded: frozenset[int] = frozenset()
    #: a face-down mystery spell lies at the Wizard. It is not drawn from
    #: the spell deck until it is activated or cleared, so no one (not even
    #: the state) knows it before then.
    mystery: bool = False
    #: what became of this round's mystery spell once chosen: "activated",
    #: or "discarded" (blind, or turned and unable to act, BQ-15); "" while
    #: face down or none was laid. Public: the table's row says it, as an
    #: emptied slot says "activated" or "discarded" (`discarded`)
    mystery_fate: str = ""
    active: tuple[ActiveSpell, ...] = ()
    #: the spell being cast while `step` is TARGET (or being revealed)
    casting: Spell | None = None
    #: `casting` is the mystery spell turned (BQ-47: the combat names it so)
    casting_mystery: bool = False
    #: the weapon chosen for "swap with deck", waiting for SWAP_DRAW
    swap_weapon: Weapon | None = None
    final_turn: bool = False
    #: bolder knights: the knight whose weapons (`to_draw`) wait while the
    #: knight in `turn`, already at the Wizard, may use a spell (BQ-28)
    waiting: int | None = None
    #: Potions: the knight reading a potion now, and what the table was
    #: doing ("deal", "draw", "swap" or "combat"), to carry on after (BQ-31)
    reader: int | None = None
    resume: str = ""
    #: Companions: each knight's companion (empty without the extension),
    #: the face-up reserve, and the once-per-round powers used this round
    companions: tuple[Companion | None, ...] = ()
    reserve: tuple[Companion, ...] = ()
    spent: frozenset[Companion] = frozenset()
    #: the mystery spell once the Owl has looked (drawn then, BQ-33), and
    #: who has seen it; None in a view that has not
    mystery_card: Spell | None = None
    mystery_known: frozenset[int] = frozenset()
    #: the Wizard's slot the Raven empties, waiting for REPLACE_SPELL
    replace_slot: int | None = None
    #: the spell the Raven replaced there, discarded (public): the log says
    #: "another" when the deck's top card is the same spell (a play-test
    #: read "replaces Flip a potion … brings Flip a potion" as nothing done)
    replaced: Spell | None = None
    #: Final Boss: the game's winner facing the MegaBoss (`boss` is then its
    #: HP), the spells the defeated knights drew to choose from, the hearts
    #: sacrificed at combat (the standings keep the game's hearts) and the
    #: printed ending reached
    champion: int | None = None
    duel_offer: tuple[Spell, ...] = ()
    duel_asks: int = 0
    sacrificed: int = 0
    ending: str = ""
    #: the duel's combat once fought (BQ-47)
    duel: DuelResult | None = None
    #: Solo Quest: the wave (1, 2, then 3 for the MegaBoss), its Bosses, the
    #: face-up spell rows still to come (top first), the unused personal
    #: spells, the weapons just drawn, the Boss a spell is given to, and the
    #: waves fought
    wave: int = 0
    solo_bosses: tuple[SoloBoss, ...] = ()
    rows: tuple[tuple[Spell, ...], ...] = ()
    personal: tuple[Spell, ...] = ()
    drawn: tuple[Weapon, ...] = ()
    solo_target: int | None = None
    waves: tuple[WaveResult, ...] = ()
    history: tuple[RoundResult, ...] = ()
    #: the spells used at once this round, for its combat (BQ-47); a view
    #: holds none (they name strengths it may not know) until combat
    used: tuple[UsedSpell, ...] = ()
    #: views only: every card that could fill a None above, sorted
    unseen: tuple[Weapon, ...] | None = None


#: The classes `evolve` copies by their instance dict, with their fields.
_BY_DICT = {cls: len(attrs.fields(cls)) for cls in (State, Knight)}
_new = object.__new__
_set = object.__setattr__


def evolve(inst: Any, **changes: Any) -> Any:
    """`core.engine.evolve` for the rules' hot paths: a `State` or `Knight` is
    copied by its instance dict (one C-level dict merge, whatever the number
    of fields), the copy as frozen as the original; any other class by
    `core.engine.evolve`. The classes have no validators or converters, so
    the copy equals what their `__init__` would build."""
    size = _BY_DICT.get(inst.__class__)
    if size is None:
        return _engine_evolve(inst, **changes)
    fields = {**inst.__dict__, **changes}
    if len(fields) != size:  # a name that is no field
        names = {a.name for a in attrs.fields(inst.__class__)}
        raise TypeError(f"{inst.__class__.__name__} has no field {set(changes) - names}")
    new = _new(inst.__class__)
    _set(new, "__dict__", fields)
    return new


def evolved(inst: Any, changes: dict[str, Any]) -> Any:
    """`evolve(inst, **changes)` for a `State` or `Knight`, the changes given
    as the dict the hot paths build them in (no keyword dict is built for
    the call); `changes` is not kept."""
    size = _BY_DICT[inst.__class__]
    fields = {**inst.__dict__, **changes}
    if len(fields) != size:  # a name that is no field
        return evolve(inst, **changes)  # raises, naming it
    new = _new(inst.__class__)
    _set(new, "__dict__", fields)
    return new
