"""What a knight reads off a Boss Quest table, worked out by the rules.

A screen shows these facts; it never works them out itself. Each function
takes a state or a seat's view (the same type) and reads only what that
view holds: another knight's hidden weapon is None in a view, so nothing
here can tell a seat that another knight is over the HP (BQ-6). `GAME`
offers them beside the protocol (``GAME.standing(view, seat)``...), with
the rules' own counts (`current_hp`, `strength`, `visible_strength`,
`deck_size`, `keys_to_win`).

Citations: "BQ §<section>" is the rulebook (rules/boss-quest.txt); "BQ-n"
is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, Companion, Spell, SpellKind, Weapon
from core.bossquest.rules import (
    NOTHING_TO_DO_NOW,
    acts_in_duel,
    companion,
    current_hp,
    potion_value,
    strength,
    weapons_of,
)
from core.bossquest.state import (
    PUBLIC,
    ActiveSpell,
    DuelResult,
    Phase,
    RoundResult,
    Shift,
    State,
    Step,
)

OVER = "over"
PERFECT = "perfect"
SHORT = "short"


def standing(state: State, seat: int) -> tuple[str, int] | None:
    """Where `seat`'s attack strength stands against the Boss's HP now (BQ
    §Game Objective: as close as possible without ever exceeding it):

    - ``("over", n)``: n points over the HP; the knight must go to the
      Wizard on its next turn (BQ §Course of the Game, BQ-6);
    - ``("perfect", 0)``: exactly the HP, a PERFECT if no spell condition
      eliminates the knight at combat (BQ §3 Combat, BQ-8);
    - ``("short", n)``: n points short of the HP.

    None before a Boss is out, or when the view does not know all of the
    knight's weapons (another knight's hidden one, BQ-6)."""
    if state.boss is None:
        return None
    mine = strength(state, seat)
    if mine is None:
        return None
    hp = current_hp(state)
    if mine > hp:
        return OVER, mine - hp
    if mine == hp:
        return PERFECT, 0
    return SHORT, hp - mine


def unmet_conditions(state: State, seat: int) -> tuple[Spell, ...]:
    """The colour and pair conditions in play that `seat`'s weapons do not
    meet now (BQ §Spell effects: such a knight "cannot win the round"; BQ-8),
    in the order they were cast. The Chameleon's weapons count as every
    colour (BQ-35). Judged on the weapons the view holds: a face-down one
    it does not know could meet a condition, so a condition it might meet
    is not named (a knight knows its own weapons, BQ §1)."""
    knight = state.knights[seat]
    weapons = weapons_of(knight)
    conditions = [a.spell for a in state.active if a.spell.kind in _CONDITIONS]
    if companion(state, seat) is Companion.CHAMELEON:
        # any weapon, known or not, meets a colour; any two a pair
        return tuple(s for s in conditions
                     if len(weapons) < (2 if s.kind is SpellKind.NEED_PAIR else 1))
    known = tuple(w for w in weapons if w is not None)
    unknown = len(weapons) - len(known)
    coloured = any(w.colour is not None for w in known)

    def could_meet(spell: Spell) -> bool:
        # an unseen weapon may be of the colour, or pair with a known one
        return bool(unknown) and (spell.kind is SpellKind.NEED_COLOUR or coloured or unknown > 1)

    return tuple(s for s in conditions if not _meets(s, known) and not could_meet(s))


_CONDITIONS = (SpellKind.NEED_COLOUR, SpellKind.NEED_PAIR)


def unread_potions(state: State, seat: int) -> tuple[int, ...]:
    """The sizes of `seat`'s potions not read yet (a face-down potion waits
    for combat, BQ-31): each will add its size or take it away, as its
    holder reads it. Empty where the view does not know the weapons."""
    knight = state.knights[seat]
    read = {card for card, _ in knight.readings}
    return tuple(w.value for w in weapons_of(knight)
                 if w is not None and w.potion and w not in read)


def known_strength(state: State, seat: int) -> int | None:
    """`seat`'s attack strength without its unread potions: what is already
    certain. (`strength` counts an unread potion at its lower reading, so
    that it never puts its holder over early, BQ-31; a player reads that as
    a total it is not.) None when the view does not know the hidden card."""
    total = strength(state, seat)
    if total is None:
        return None
    return total + sum(unread_potions(state, seat))


def seen_strength(state: State, seat: int) -> tuple[int, bool]:
    """What `state` (a seat's view) can count of knight `seat`'s attack
    strength, and whether part of it is still unknown to that view: every
    weapon the view holds counts, face up or face down (its own, one an
    Owl looked at, BQ-42, one a swap showed, BQ-10, BQ-24), with the dark
    spells on the knight; a face-down weapon the view does not hold, or a
    potion not read yet (BQ-31), is the unknown part ("13+?"). The screen
    counted the face-up weapons only, so a knight whose hidden card the
    viewer's Owl had seen still read "shows 13+?" beside "(B6)"."""
    knight = state.knights[seat]
    read = {card for card, _ in knight.readings}
    total, unknown = 0, False
    for weapon in weapons_of(knight):
        if weapon is None or (weapon.potion and weapon not in read):
            unknown = True
        else:
            total += weapon.value if weapon.colour is not None else potion_value(knight, weapon)
    total += sum(ATTACK_CHANGE.get(a.spell.kind, 0) for a in state.active if a.target == seat)
    return total, unknown


def face_down_known_to(state: State, seat: int) -> tuple[frozenset[int], ...]:
    """For each of `seat`'s weapons still face down (its hidden card, then
    a night's, BQ-29), the other knights who know it: none when dealt to
    it, but the knight it came from by "Swap hidden" (BQ-24), a knight whose
    Owl looked at it (BQ-42), those who had seen it on the deck before
    "Swap with deck" gave it (BQ-10). Its owner's view holds this."""
    knight = state.knights[seat]
    down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
    return tuple(frozenset(s for s in card.known_to if s >= 0 and s != seat)
                 for card in down if PUBLIC not in card.known_to)


def known_top(state: State) -> Weapon | None:
    """The weapon deck's top card when the whole table knows it: a face-up
    card that "Swap with deck" sent there (BQ-10); None otherwise."""
    top = state.deck_top[0] if state.deck_top else None
    return top.weapon if top is not None and PUBLIC in top.known_to else None


def knight_in_turn(state: State) -> int | None:
    """The knight taking its turn now (BQ §Course of the Game: one knight at
    a time); None while the table deals, draws or fights."""
    return state.turn if state.phase is Phase.TURN else None


def spells_on(state: State, seat: int) -> tuple[Spell, ...]:
    """The dark spells in play in front of knight `seat`, in the order they
    were cast (BQ §Spell Cards: a dark spell targets one knight)."""
    return tuple(a.spell for a in state.active if a.target == seat)


@attrs.frozen
class SpellEffect:
    """What one spell in play did to a round's combat: `seats` are the
    knights it changed (none for the Boss's HP), `effect` says how."""

    spell: Spell
    seats: frozenset[int]
    effect: str
    #: the strengths (and the Boss's HP, seat None) it moved when used, for
    #: a spell used at once (BQ-47)
    shifts: tuple[Shift, ...] = ()
    #: named though it changed nothing (BQ-15, BQ-47)
    no_effect: bool = False
    #: the mystery spell turned, which acted (BQ-47: said so; one that
    #: changed nothing says it in `effect`)
    mystery: bool = False
    #: who activated the spell (None where unknown)
    caster: int | None = None


def combat_spells(result: RoundResult) -> tuple[SpellEffect, ...]:
    """What every spell in play in a round did to its combat (BQ §Spell
    effects, §3 Combat), read from the round's result alone: the HP spells,
    the attack spells on a knight, the conditions that put knights out, and
    the spells that changed who scored or lost. A spell that did nothing at
    combat (a condition every knight met, nobody over the HP, no winner, or
    "Final turn!", which acted on the turns) is named with no effect and
    why (BQ-47): left out, a knight's spell seemed to vanish from the
    round; the mystery spell says it was the mystery.
    Then the spells used at once and discarded during the round (the swaps,
    Swap companions, Flip a potion, Cancel), each with the strengths it moved (BQ-47), and
    a mystery spell that turned out able to do nothing when turned, with
    no effect (BQ-15)."""
    # the HP before the spells; each HP spell then moves it on from where
    # the one before left it ("Boss 20 HP +1" after a -1 read as if from 20)
    hp = result.hp - sum(HP_CHANGE.get(a.spell.kind, 0) for a in result.spells)
    out: list[SpellEffect] = []
    n = len(result.strengths)
    for active in result.spells:
        spell, kind = active.spell, active.spell.kind
        named = len(out)
        _combat_effect(result, active, hp, n, out)
        hp += HP_CHANGE.get(kind, 0)
        # whose spell each was (the play-test: only the mystery's caster
        # was named, a bot's Boss HP +2 only in the log)
        if len(out) > named:
            out[-1] = attrs.evolve(out[-1], mystery=active.mystery, caster=active.caster)
        if len(out) == named:
            mystery = _MYSTERY if active.mystery else ""
            why = _NOTHING_AT_COMBAT.get(kind, "it changed nothing at combat")
            if kind is SpellKind.NO_HEART_LOSS and "over" in result.eliminated:
                # a knight went over, and the Tortoise kept its heart first
                why = "the Tortoise spared the knight over"
            out.append(SpellEffect(spell, frozenset(), f"{mystery}no effect: {why}",
                                   no_effect=True, caster=active.caster))
    for used in result.used:
        kind = used.spell.kind
        if used.no_effect:
            # the mystery spell turned out to be one that could do nothing
            # (BQ-15): named, or its caster wonders where it went
            effect = f"{_MYSTERY}no effect: {_NOTHING_TO_DO.get(kind, 'nothing to do')}"
        elif kind is SpellKind.SWAP_HIDDEN:
            # a swap of two cards of one value moved no strength: said, as the
            # others give theirs ("Ann 10→14"); short, to fit the combat box.
            # Each card exists once (BQ-1): one value means two colours, which
            # colour spells count, so never "no change"
            effect = ("hidden cards swapped, a potion among them" if used.potion_moved
                      else "hidden cards swapped" if used.shifts
                      else "same strength, colours swapped")
        elif kind is SpellKind.SWAP_DECK and used.weapons:
            # both cards, as the Solo Quest's "(B1 → Y5)": every weapon is
            # face up at combat (BQ-47); "weapon swapped with the deck" left
            # the table to guess which
            given, taken = used.weapons
            effect = f"{given} swapped for the deck's {taken}"
        elif kind is SpellKind.SWAP_DECK:
            # (a read potion may stand for a weapon of its value: no colour named)
            effect = ("weapon swapped with the deck, a potion among them" if used.potion_moved
                      else "weapon swapped with the deck" if used.shifts
                      else "swapped for a deck card of the same strength")
        elif kind is SpellKind.FLIP_POTION:
            effect = "potion flipped"
        elif kind is SpellKind.SWAP_COMPANIONS and used.companions:
            effect = _companions_swapped(used.companions)
        elif kind is SpellKind.CANCEL and used.cancelled is not None:
            # the mystery spell cancelled is named as the log named it when
            # turned ("activates the mystery spell: Need Blue (B)"): the box
            # said only "cancels Need Blue (B)", and the mystery went unsaid
            cancelled = used.cancelled
            effect = (f"cancels the mystery spell, {cancelled.spell}" if cancelled.mystery
                      else f"cancels {cancelled.spell}")
        else:
            effect = "used"
        out.append(SpellEffect(used.spell, used.seats, effect, used.shifts,
                               mystery=used.mystery and not used.no_effect,
                               no_effect=used.no_effect,
                               caster=used.caster))
    return tuple(out)


def duel_spells(duel: DuelResult) -> tuple[SpellEffect, ...]:
    """What each spell in play did to the Final Boss duel's combat, told as
    a round's are (BQ-47): the MegaBoss's HP moved, in order from its
    printed HP ("30 → 32 HP"), the champion's strength, a condition met or
    not met, and a spell that acts in no duel (BQ-38) with no effect."""
    hp = duel.megaboss
    out: list[SpellEffect] = []
    for active in duel.spells:
        spell, kind = active.spell, active.spell.kind
        seats = frozenset() if active.target is None else frozenset({active.target})
        if not acts_in_duel(spell):
            effect = "nothing in the duel"
        elif kind in HP_CHANGE:
            effect = f"{hp} → {hp + HP_CHANGE[kind]} HP"
            hp += HP_CHANGE[kind]
        elif kind in ATTACK_CHANGE:
            effect = f"strength {ATTACK_CHANGE[kind]:+d}"
        else:
            effect = "not met" if spell in duel.unmet else "met"
        out.append(SpellEffect(spell, seats, effect, no_effect=not acts_in_duel(spell),
                               caster=active.caster))
    return tuple(out)


#: how the combat names the mystery spell, turned (BQ-47), before "no
#: effect: why" ("the mystery spell; no effect, ..." read poorly)
_MYSTERY = "the mystery spell, "


def _companions_swapped(companions: tuple[tuple[Companion, bool], ...]) -> str:
    """Swap companions' effect (BQ-36, BQ-47): "Fox and Owl swapped", or
    "Fox swapped for the Owl from the reserve"."""
    (a, a_reserve), (b, b_reserve) = companions
    if a_reserve:
        a, b, a_reserve, b_reserve = b, a, b_reserve, a_reserve
    if b_reserve:
        return f"{a.label} swapped for the {b.label} from the reserve"
    return f"{a.label} and {b.label} swapped"


def _combat_effect(result: RoundResult, active: ActiveSpell, hp: int, n: int,
                   out: list[SpellEffect]) -> None:
    """What `active`, in play at combat, did there: added to `out` (nothing
    when it changed nothing). `hp` is the Boss's HP as the spells before
    it left it."""
    spell, kind = active.spell, active.spell.kind
    if kind in HP_CHANGE:
        out.append(SpellEffect(spell, frozenset(), f"{hp} → {hp + HP_CHANGE[kind]} HP"))
    elif kind in ATTACK_CHANGE and active.target is not None:
        out.append(SpellEffect(spell, frozenset({active.target}),
                               f"strength {ATTACK_CHANGE[kind]:+d}"))
    elif kind in (SpellKind.NEED_COLOUR, SpellKind.NEED_PAIR):
        missed = frozenset(s for s in range(n) if result.eliminated[s] == "spell"
                           and not _meets(spell, result.equipment[s]))
        if missed:
            out.append(SpellEffect(spell, missed, "out"))
    elif kind is SpellKind.NO_HEART_LOSS:
        # only the knights it alone spared: the Tortoise covers its own
        # (a result without `spared` is a hand-made one: every knight over)
        spared = frozenset(s for s in range(n) if result.eliminated[s] == "over"
                           and (result.spared[s] == "spell" if result.spared else True))
        if spared:
            out.append(SpellEffect(spell, spared, "over, but no heart lost"))
    elif kind is SpellKind.EXTRA_KEY and result.winners:
        out.append(SpellEffect(spell, result.winners, "2 keys for the win"))
    elif kind is SpellKind.SECOND_CLOSEST:
        if result.winners:
            out.append(SpellEffect(spell, result.winners, "wins as second closest"))
        else:
            # no second place (BQ-20): the closest, alone or tied, lost the win
            closest = frozenset(s for s in range(n) if not result.eliminated[s])
            if closest:
                out.append(SpellEffect(spell, closest,
                                       "closest, but no second place: nobody wins"))


#: why a spell in play at combat changed nothing there (BQ-47; "Final
#: turn!" did act, but on the turns, not at combat)
_NOTHING_AT_COMBAT = {
    SpellKind.FINAL_TURN: "it acted on the turns, not at combat",
    SpellKind.NEED_COLOUR: "no knight was put out by it",
    SpellKind.NEED_PAIR: "no knight was put out by it",
    # ("no heart for it to spare" read poorly, a play-test)
    SpellKind.NO_HEART_LOSS: "no knight went over the HP",
    SpellKind.EXTRA_KEY: "nobody won the round",
    SpellKind.SECOND_CLOSEST: "every knight was out",
}


#: why a spell could do nothing when it was activated (BQ-15, BQ-32)
_NOTHING_TO_DO = {
    SpellKind.CANCEL: "no spell in play to cancel",
    SpellKind.SWAP_DECK: "the weapon deck was empty",
    SpellKind.FLIP_POTION: "no face-up potion",
}


def _meets(spell: Spell, weapons: tuple) -> bool:
    # a potion has no colour (BQ-3): two potions are not a pair
    colours = [w.colour for w in weapons if w.colour is not None]
    if spell.kind is SpellKind.NEED_COLOUR:
        return spell.colour in colours
    return len(set(colours)) < len(colours)


def last_ask(state: State, seat: int) -> bool:
    """Whether `seat`, equipping on its turn, is the last knight still
    equipping: it may ask for weapons one last time, then goes straight to
    the Wizard (BQ §2A: "Once only one player remains in phase A ... only
    one last time. They must then immediately go to the WIZARD"). Not under
    "Final turn", where every request is a last action already."""
    if state.phase is not Phase.TURN or state.turn != seat or state.step is not Step.CHOOSE:
        return False
    if state.final_turn or state.waiting is not None:
        return False
    return all(k.done for s, k in enumerate(state.knights) if s != seat)


def progress(state: State) -> str:
    """How far the match is, for a list of saved matches: its round; in
    the Solo Quest, which has no rounds, its wave ("wave 2", "MegaBoss");
    after the last round, the Final Boss duel (BQ-37: it is no round, and
    read "round 5", one past the last)."""
    if state.players == 1:
        return "MegaBoss" if state.wave >= 3 else f"wave {max(1, state.wave)}"
    if state.champion is not None:
        return "Final Boss duel"
    return f"round {max(1, state.round)}"


def unread_box(state: State, put_away: Mapping[str, int]) -> str:
    """The combat a match at `state` was left with up, unread, as a list
    of saved matches says it ("the combat of round 2"), or "": `put_away`
    is what the match kept beside its journal (read as untrusted), per
    kind of box how many were put away; the combats after those come back
    first on continuing (the screen's `_put_away`)."""
    count = put_away.get("combats")
    if state.phase is Phase.OVER or type(count) is not int or not 0 <= count < len(state.history):
        return ""
    rounds = [result.round for result in state.history[count:]]
    if len(rounds) == 1:
        return f"the combat of round {rounds[0]}"
    return f"the combats of rounds {rounds[0]} to {rounds[-1]}"


__all__ = ["NOTHING_TO_DO_NOW", "acts_in_duel", "OVER", "PERFECT", "SHORT", "SpellEffect", "combat_spells", "duel_spells", "face_down_known_to",
           "knight_in_turn",
           "last_ask", "unmet_conditions", "progress", "spells_on", "standing", "unread_box"]
