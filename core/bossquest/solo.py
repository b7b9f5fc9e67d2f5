"""Boss Quest's Solo Quest: one knight, two waves of three Bosses, then the
MegaBoss (BQ §Solo Quest). `rules` hands a one-knight state to this module.

Citations: "BQ §<section>" is the rulebook (rules/boss-quest.txt); "BQ-n"
is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from core.bossquest import cards
from core.bossquest.actions import (
    ASK,
    ASSIGN_TO,
    Ask,
    AssignTo,
    DrawWeapon,
    LaySpell,
    PlayPersonal,
    Resolve,
    RevealBoss,
    TargetSpell,
    TargetWeapon,
    among,
    boss_pool,
    holds,
    remember_last,
    spell_draws,
    take,
    weapon_draws,
    weapon_pool,
)
from core.bossquest.cards import ATTACK_CHANGE, HP_CHANGE, Spell, SpellKind, Weapon, sort_spells
from core.bossquest.state import (
    Hidden,
    Knight,
    Options,
    Phase,
    SoloBoss,
    State,
    Ulul,
    WaveResult,
    evolve,
)
from core.engine import (
    CHANCE,
    Category,
    IllegalAction,
    Outcome,
    remove_one,
    sorted_tuple,
    uniform_draws,
)

#: the enums' members the rules read, as module constants: a global is read
#: faster than an Enum class attribute (its metaclass) or a class attribute
_P_OVER = Phase.OVER
_P_SOLO = Phase.SOLO
_P_SOLO_ASSIGN = Phase.SOLO_ASSIGN
_P_SOLO_BOSSES = Phase.SOLO_BOSSES
_P_SOLO_DRAW = Phase.SOLO_DRAW
_P_SOLO_END = Phase.SOLO_END
_P_SOLO_LAY = Phase.SOLO_LAY
_P_SOLO_SWAP = Phase.SOLO_SWAP
_P_SOLO_TARGET = Phase.SOLO_TARGET
_K_CANCEL = SpellKind.CANCEL
_K_EXTRA_KEY = SpellKind.EXTRA_KEY
_K_FINAL_TURN = SpellKind.FINAL_TURN
_K_NEED_COLOUR = SpellKind.NEED_COLOUR
_K_NEED_PAIR = SpellKind.NEED_PAIR
_K_NO_HEART_LOSS = SpellKind.NO_HEART_LOSS
_K_SECOND_CLOSEST = SpellKind.SECOND_CLOSEST
_K_SWAP_DECK = SpellKind.SWAP_DECK
_K_SWAP_HIDDEN = SpellKind.SWAP_HIDDEN
_U_OFF = Ulul.OFF


#: BQ §Solo Quest, 2. Setup: the spells that "depend on other players or a
#: round winner" are removed; the four dark attack spells are the knight's.
REMOVED = frozenset(
    {
        _K_EXTRA_KEY,
        _K_NO_HEART_LOSS,
        _K_FINAL_TURN,
        _K_SECOND_CLOSEST,
        _K_SWAP_HIDDEN,
    }
)
PERSONAL = tuple(Spell(k) for k in ATTACK_CHANGE)
#: BQ §1st Wave: "assign 1 to 4 WEAPON cards"
MAX_ASK = 4
BOSSES_PER_WAVE = 3

SOLO_PHASES = frozenset(
    {
        _P_SOLO_LAY,
        _P_SOLO_BOSSES,
        _P_SOLO,
        _P_SOLO_DRAW,
        _P_SOLO_ASSIGN,
        _P_SOLO_TARGET,
        _P_SOLO_SWAP,
        _P_SOLO_END,
    }
)
_CHANCE = frozenset({_P_SOLO_LAY, _P_SOLO_BOSSES, _P_SOLO_DRAW, _P_SOLO_SWAP})

#: The printed endings (BQ §Solo Quest), and BQ-41's for a MegaBoss that
#: stands while the knight keeps a heart.
ENDINGS = {
    "wave-1": "The 1st wave defeated you: the Princess will marry the MegaBoss, who is in "
    "fact the author of the game, and they live happily ever after with many children.",
    "wave-2": "The 2nd wave defeated you: the disheartened Princess kidnaps herself and "
    "disappears forever.",
    "almost": "No hearts left: so close. In tribute, the Princess names her son Almost.",
    "failed": "The MegaBoss stands: you did not defeat it.",
    1: "You defeated the MegaBoss and saved the Princess! With 1 heart left you become an "
    "Honor Knight of the Kingdom and join the Princess's escort.",
    2: "You defeated the MegaBoss and saved the Princess! With 2 hearts left you become "
    "General-in-Chief of the Knights and the Princess's trusted right hand.",
    3: "You defeated the MegaBoss and saved the Princess! With 3 hearts left the King "
    "ennobles you; you marry the Princess, leave her a year later and go live with the "
    "MegaBoss.",
}
WON = frozenset({ENDINGS[1], ENDINGS[2], ENDINGS[3]})
#: each ending's name, for the results: the rulebook's own where it gives
#: one ("Almost", the Honor Knight, the General-in-Chief, ennobled by the
#: King), else where the quest was lost (BQ §1st Wave, 2nd Wave, BQ-41)
ENDING_NAMES = {
    "wave-1": "Defeated in wave 1",
    "wave-2": "Defeated in wave 2",
    "almost": "Almost",
    "failed": "The MegaBoss stands",
    1: "Honor Knight",
    2: "General-in-Chief",
    3: "Ennobled",
}


def row_sizes(options: Options) -> tuple[int, int, int]:
    """BQ §Solo Quest, The scene: 5, 5 and 3 spells; harder, 5, 4 and 3."""
    return (5, 4, 3) if options.solo_harder else (5, 5, 3)


def solo_weapons(options: Options) -> tuple[Weapon, ...]:
    """BQ §Solo Quest: "discard 1 color, keeping only 4 colors"."""
    deck = _SOLO_DECKS.get(options.solo_colour)
    if deck is None:
        deck = tuple(w for w in cards.weapons(True) if w.colour is not options.solo_colour)
        _SOLO_DECKS[options.solo_colour] = deck
    return deck


_SOLO_DECKS: dict[object, tuple[Weapon, ...]] = {}


def solo_spells(options: Options) -> tuple[Spell, ...]:
    """BQ §Solo Quest: the spell deck without the left-out colour's card, the
    five listed, and the four personal attack spells."""
    return tuple(
        s
        for s in cards.spells(True)
        if s.kind not in REMOVED
        and s.kind not in ATTACK_CHANGE
        and not (s.kind is _K_NEED_COLOUR and s.colour is options.solo_colour)
    )


def setup(options: Options) -> State:
    """BQ §Solo Quest, 2. Setup: 3 hearts, the 4 personal spells, the
    weapons without one colour, the spells without the others' cards."""
    extensions = {
        "Potions": options.potions,
        "Companions": options.companions,
        "Final Boss": options.final_boss,
        "Boss Ul'ul": options.ulul is not _U_OFF,
        "Bolder knights": options.bolder_knights,
    }
    chosen = [name for name, on in extensions.items() if on]
    if chosen:
        raise IllegalAction(
            "The Solo Quest is played without extensions or variants (house ruling BQ-39): "
            f"untick {', '.join(chosen)}."
        )
    return State(
        players=1,
        options=options,
        knights=(Knight(hearts=cards.HEARTS_AT_START, keys=0),),
        phase=_P_SOLO_LAY,
        boss_deck=cards.BOSSES,
        spell_deck=solo_spells(options),
        weapon_deck=solo_weapons(options),
        rows=((), (), ()),
        personal=PERSONAL,
    )


# ---------------------------------------------------------------------------
# Reading the quest.


def boss_hp(boss: SoloBoss) -> int:
    """A Boss's HP with the HP spells given to it."""
    return boss.hp + sum(HP_CHANGE.get(s.kind, 0) for s in boss.spells)


def boss_strength(boss: SoloBoss) -> int:
    """The attack on a Boss: its weapons and the attack spells given to it."""
    return sum(w.value for w in boss.weapons) + sum(
        ATTACK_CHANGE.get(s.kind, 0) for s in boss.spells
    )


def conditions_met(boss: SoloBoss) -> bool:
    """BQ §Solo Quest: "all the conditions of the SPELL cards activated on the
    BOSSES must be met", judged on that Boss's weapons (BQ-40)."""
    colours = [w.colour for w in boss.weapons if w.colour is not None]
    return not any(_unmet(s, colours) for s in boss.spells)


def _unmet(spell: Spell, colours: list) -> bool:
    """Whether `spell`'s condition fails on a Boss with weapons of `colours`:
    a Need colour without that colour, Need 2 of a colour without a pair."""
    return ((spell.kind is _K_NEED_COLOUR and spell.colour not in colours)
            or (spell.kind is _K_NEED_PAIR and len(set(colours)) == len(colours)))


def unmet_conditions(boss: SoloBoss) -> tuple[Spell, ...]:
    """The spells on `boss` whose condition its weapons do not meet (a Need
    colour without that colour, Need 2 of a colour without a pair), in the
    order they lie on it: what the screen names when `conditions_met` is
    false."""
    colours = [w.colour for w in boss.weapons if w.colour is not None]
    return tuple(s for s in boss.spells if _unmet(s, colours))


def missed_by(boss: SoloBoss, strength: int, hp: int) -> tuple[str, ...]:
    """Every reason an attack of `strength` on `boss` (at `hp`) failed, in
    the rulebook's order (BQ §1st Wave, Reference: the strength, then the
    condition): "2 over" or "3 short", then "unmet: Need Yellow (Y)" naming
    each condition its weapons do not meet; () when it fell. Both may hold
    (the play-test's "33 against 31 HP, 2 over" left out Need Yellow)."""
    gap = strength - hp
    reasons = [f"{gap} over"] if gap > 0 else [f"{-gap} short"] if gap < 0 else []
    unmet = unmet_conditions(boss)
    if unmet:
        reasons.append("unmet: " + ", ".join(map(str, unmet)))
    return tuple(reasons)


def hearts_discarded_words(adjust: int) -> str:
    """BQ §3. Final Assault, BQ-41: "1 heart discarded for -1", "2 hearts
    discarded for +2"; "" with none."""
    n = abs(adjust)
    return f"{n} heart{'s' if n > 1 else ''} discarded for {adjust:+d}" if n else ""


def hearts_lost_words(result: WaveResult) -> str:
    """The hearts an attack cost, each said for what it was lost (BQ-41):
    "2 hearts lost (1 discarded for -1, 1 for the failed attack)"; a wave's,
    one per Boss that defeated the knight, "2 hearts lost"."""
    lost = result.hearts_lost
    words = f"{lost} heart{'' if lost == 1 else 's'} lost"
    discarded = abs(result.adjust)
    if not discarded:
        return words
    parts = [f"{discarded} discarded for {result.adjust:+d}"]
    failed = lost - discarded
    if failed:
        parts.append(f"{failed} for the failed attack")
    return f"{words} ({', '.join(parts)})"


def turns_left(state: State) -> int:
    """The wave's turns still to play: one per spell left in its row."""
    if not 1 <= state.wave <= 3:
        return 0
    return len(state.rows[state.wave - 1])


def top_spell(state: State) -> Spell | None:
    """The spell the next turn's weapons bring with them (public)."""
    row = state.rows[state.wave - 1] if 1 <= state.wave <= 3 else ()
    return row[0] if row else None


def deck_size(state: State) -> int:
    return len(state.weapon_deck) + len(state.deck_top)


def spell_boss(state: State, action: TargetSpell) -> int:
    """The Boss whose spell a Cancel's `action` takes: its `boss`, or the
    Boss the turn gave Cancel to (None, as journals saved before BQ-40
    reached every Boss recorded it)."""
    return (state.solo_target or 0) if action.boss is None else action.boss


def weapon_boss(state: State, weapon: Weapon) -> int:
    """The Boss of the wave that holds `weapon` (each card is unique)."""
    return next(i for i, b in enumerate(state.solo_bosses) if weapon in b.weapons)


def could_still_match(state: State, adjust: int = 0) -> dict[int, tuple[Spell, ...]]:
    """The Bosses of the wave an attack now (`adjust`: the final assault's
    hearts, BQ-41) would not defeat, each costing a heart, but that the
    personal spells still held could: played on it, the fewest of them that
    make its attack exactly its HP, its conditions met (BQ §1st Wave: "At
    any time you may use your personal attack SPELLS"). Empty when no
    spell held can change a heart lost: the screen then attacks at once."""
    held = [(s, ATTACK_CHANGE.get(s.kind, 0)) for s in state.personal]
    subsets: dict[int, tuple[Spell, ...]] = {}
    for size in range(1, len(held) + 1):
        for chosen in combinations(held, size):
            subsets.setdefault(sum(change for _, change in chosen),
                               tuple(s for s, _ in chosen))
    found = {}
    for i, boss in enumerate(state.solo_bosses):
        gap = boss_hp(boss) - boss_strength(boss) - adjust
        if gap and conditions_met(boss) and gap in subsets:
            found[i] = subsets[gap]
    return found


def made_exact_at_once(state: State, adjust: int = 0) -> dict[int, tuple[Spell, ...]]:
    """Of the Bosses `could_still_match` names, the most that the personal
    spells held could make exact together, each spell played once (a card,
    spent when played: one Attack +2 makes one of two Bosses 2 short
    exact, not both), with the spells each would take: the fewest in all
    among such plays. Empty when `could_still_match` is."""
    found = could_still_match(state, adjust)
    if len(found) < 2:
        return found
    held = [(s, ATTACK_CHANGE.get(s.kind, 0)) for s in state.personal]
    gaps = {i: boss_hp(b) - boss_strength(b) - adjust
            for i, b in enumerate(state.solo_bosses) if i in found}
    best: dict[int, tuple[Spell, ...]] = {}
    best_key = (0, 0)
    for where in product([None, *found], repeat=len(held)):
        sums = dict.fromkeys(found, 0)
        for (_, change), i in zip(held, where, strict=True):
            if i is not None:
                sums[i] += change
        exact = [i for i in found if sums[i] == gaps[i] and i in where]
        if any(i is not None and i not in exact for i in where):
            continue  # a spell spent on a Boss it does not make exact
        key = (len(exact), -sum(i is not None for i in where))
        if key > best_key:
            best_key = key
            best = {i: tuple(s for (s, _), j in zip(held, where, strict=True) if j == i) for i in exact}
    return best


def final_assault_exact(state: State, adjust: int = 0) -> tuple[tuple[Spell, ...], int] | None:
    """The final assault's attack with `adjust` (its hearts discarded) would
    not defeat the MegaBoss, but the personal spells held, with the hearts
    the knight may discard (BQ §3. Final Assault, BQ-41: each +1 or each
    -1, never the last), could: the play that does, as (its spells, its
    hearts' adjust), keeping the most hearts, then with the fewest spells.
    None when the attack is exact already, no spell held can change it, or
    it is a wave's (`could_still_match`). A play-test lost the quest to an
    Enter on "Attack as you are: 33 vs 30 HP" with Attack -2 and a spare
    heart that made it exact."""
    if state.wave != 3 or len(state.solo_bosses) != 1 or not state.personal:
        return None
    megaboss = state.solo_bosses[0]
    gap = boss_hp(megaboss) - boss_strength(megaboss)
    if gap == adjust or not conditions_met(megaboss):
        return None
    held = [(s, ATTACK_CHANGE.get(s.kind, 0)) for s in state.personal]
    spare = max(0, state.knights[0].hearts - 1)
    best: tuple[tuple[int, int], tuple[Spell, ...], int] | None = None
    for size in range(1, len(held) + 1):
        for chosen in combinations(held, size):
            hearts = gap - sum(change for _, change in chosen)
            if abs(hearts) <= spare:
                key = (abs(hearts), size)
                if best is None or key < best[0]:
                    best = (key, tuple(s for s, _ in chosen), hearts)
    return None if best is None else (best[1], best[2])


def nothing_to_target(state: State) -> str:
    """BQ-40: why the spell the next turn gives (`top_spell`) will be spent
    for nothing, whatever Boss takes it: Cancel with no spell in play on any
    Boss of the wave, Swap with deck with no weapon on any of them (nor
    drawn) or none left in the deck; else "". Said before the give too (a
    play-test learned it only afterwards)."""
    spell = top_spell(state)
    if spell is None:
        return ""
    bosses = state.solo_bosses
    if spell.kind is _K_CANCEL and not any(b.spells for b in bosses):
        return "nothing in play to cancel"
    if spell.kind is _K_SWAP_DECK:
        if not (state.drawn or any(b.weapons for b in bosses)):
            return "no weapon to swap"
        if not deck_size(state):
            return "no weapon left in the deck to swap"
    return ""


# ---------------------------------------------------------------------------
# The protocol, for a one-knight state.


def to_act(state: State) -> frozenset[int]:
    if state.phase is _P_OVER:
        return _NOBODY
    if state.phase in _CHANCE:
        return _CHANCE_SEAT
    return _KNIGHT


_NOBODY: frozenset[int] = frozenset()
_CHANCE_SEAT = frozenset({CHANCE})
_KNIGHT = frozenset({0})


def chance_outcomes(state: State) -> tuple[tuple[object, float], ...]:
    phase = state.phase
    if phase is _P_SOLO_LAY:
        return spell_draws(state.spell_deck)
    if phase is _P_SOLO_BOSSES:
        return tuple((RevealBoss(hp), p) for hp, p in uniform_draws(state.boss_deck))
    if phase in (_P_SOLO_DRAW, _P_SOLO_SWAP):
        if state.deck_top and state.deck_top[0].weapon is not None:
            return ((DrawWeapon(state.deck_top[0].weapon), 1.0),)
        pool = state.weapon_deck if state.unseen is None else state.unseen
        return weapon_draws(pool)
    return ()


def chance_pool(state: State) -> tuple[tuple[object, ...], dict[object, object]] | None:
    """`rules.chance_pool` for the quest: a weapon drawn off the deck (each
    card unique), or a Boss turned; None for the spell rows' draws."""
    phase = state.phase
    if phase is _P_SOLO_DRAW or phase is _P_SOLO_SWAP:
        return weapon_pool(state)
    if phase is _P_SOLO_BOSSES:
        return boss_pool(state.boss_deck)
    return None


@remember_last
def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    if seat != 0 or state.phase in _CHANCE or state.phase is _P_OVER:
        return ()
    bosses = range(len(state.solo_bosses))
    try:  # the quest's own personal spells (PERSONAL): their plays built once
        personal = tuple(_PLAYS[id(s), b] for s in state.personal for b in bosses)
    except KeyError:
        personal = tuple(PlayPersonal(s, b) for s in state.personal for b in bosses)
    if state.phase is _P_SOLO:
        asks = ASK[1 : min(MAX_ASK, deck_size(state)) + 1]
        # BQ-40: with no weapon left, the turn gives the Boss its spell alone
        given = () if asks else ASSIGN_TO[: len(bosses)]
        return asks + given + personal
    if state.phase is _P_SOLO_ASSIGN:
        # BQ §1st Wave: "At any time you may use your personal attack
        # SPELLS": with the weapons drawn too, before they are given
        return ASSIGN_TO[: len(bosses)] + personal
    if state.phase is _P_SOLO_TARGET:
        # BQ-11, BQ-40: any spell in play, any of the knight's weapons: on
        # every Boss of the wave, in the board's order
        assert state.casting is not None
        if state.casting.kind is _K_CANCEL:
            given = state.solo_target
            return tuple(TargetSpell(i, None if b == given else b)
                         for b, boss in enumerate(state.solo_bosses)
                         for i in range(len(boss.spells)))
        return tuple(TargetWeapon(w) for boss in state.solo_bosses for w in boss.weapons)
    # SOLO_END: last personal spells, then the check
    if state.wave == 3:
        # BQ §3. Final Assault: a heart for +1 or -1, "unless it is your last"
        spare = state.knights[0].hearts - 1
        return personal + tuple(Resolve(a) for a in range(-spare, spare + 1))
    return personal + (Resolve(0),)


#: every play of a personal spell, by the spell's identity and the Boss
_PLAYS = {(id(s), b): PlayPersonal(s, b) for s in PERSONAL for b in range(BOSSES_PER_WAVE)}


def apply(state: State, seat: int, action: object) -> State:
    if state.phase is _P_OVER:
        raise IllegalAction("The quest is over.")
    if seat == CHANCE:
        if state.phase not in _CHANCE or not _chance_possible(state, action):
            raise IllegalAction("That cannot be drawn now.")
        return _apply_chance(state, action)
    if not among(legal_actions(state, seat), action):
        raise IllegalAction(_why_illegal(state, action))
    return _apply_knight(state, action)


def _chance_possible(state: State, action: object) -> bool:
    """Whether `action` is among `chance_outcomes(state)`, without listing
    them (in a chance phase)."""
    phase = state.phase
    if phase is _P_SOLO_LAY:
        return action.__class__ is LaySpell and holds(state.spell_deck, action.spell)
    if phase is _P_SOLO_BOSSES:
        return action.__class__ is RevealBoss and action.hp in state.boss_deck
    # SOLO_DRAW, SOLO_SWAP
    if action.__class__ is not DrawWeapon:
        return False
    if state.deck_top and state.deck_top[0].weapon is not None:
        return action.weapon == state.deck_top[0].weapon
    return holds(state.weapon_deck if state.unseen is None else state.unseen, action.weapon)


def _why_illegal(state: State, action: object) -> str:
    if isinstance(action, Ask):
        if state.phase is not _P_SOLO:
            return "Give the weapons you drew to a Boss first."
        return f"Ask for 1 to {min(MAX_ASK, deck_size(state))} weapons."
    if isinstance(action, AssignTo):
        return "Choose one of the wave's Bosses, once you have drawn weapons."
    if isinstance(action, PlayPersonal):
        return "Each personal spell is played once, on a Boss of the wave."
    if isinstance(action, Resolve):
        if state.phase is not _P_SOLO_END:
            return "The wave goes on until its spells are spent."
        return "You may discard hearts only at the final assault, never your last."
    return f"{type(action).__name__} is not a Solo Quest action now."


# ---------------------------------------------------------------------------
# Chance.


def _apply_chance(state: State, action: object) -> State:
    phase = state.phase
    if phase is _P_SOLO_LAY:
        assert isinstance(action, LaySpell)
        # BQ §The scene: the rows of the 1st wave, the 2nd, then the MegaBoss
        sizes = row_sizes(state.options)
        i = next(i for i, row in enumerate(state.rows) if len(row) < sizes[i])
        rows = list(state.rows)
        rows[i] = rows[i] + (action.spell,)
        state = evolve(
            state, rows=tuple(rows), spell_deck=take(state.spell_deck, action.spell)
        )
        if all(len(r) == n for r, n in zip(state.rows, sizes, strict=True)):
            return _start_wave(state, 1)
        return state
    if phase is _P_SOLO_BOSSES:
        assert isinstance(action, RevealBoss)
        state = evolve(
            state,
            solo_bosses=state.solo_bosses + (SoloBoss(action.hp),),
            boss_deck=remove_one(state.boss_deck, action.hp),
        )
        if len(state.solo_bosses) == BOSSES_PER_WAVE:
            return evolve(state, phase=_P_SOLO)
        return state
    assert isinstance(action, DrawWeapon)
    weapon = action.weapon
    if state.deck_top:
        state = evolve(state, deck_top=state.deck_top[1:])
    else:
        state = evolve(state, weapon_deck=take(state.weapon_deck, weapon))
    if phase is _P_SOLO_DRAW:
        state = evolve(state, drawn=state.drawn + (weapon,), to_draw=state.to_draw - 1)
        if state.to_draw > 0 and deck_size(state) > 0:
            return state
        return evolve(state, to_draw=0, phase=_P_SOLO_ASSIGN)
    # SOLO_SWAP: BQ-10 as in the base game, the old card on top of the deck;
    # the swap is kept on the Boss whose weapon left (BQ-40)
    assert state.swap_weapon is not None
    i = weapon_boss(state, state.swap_weapon)
    boss = state.solo_bosses[i]
    weapons = tuple(weapon if w == state.swap_weapon else w for w in boss.weapons)
    assert state.casting is not None
    used = boss.used + ((state.casting, (state.swap_weapon, weapon)),)
    elsewhere = boss.elsewhere + ((len(boss.used),) if state.solo_target not in (None, i) else ())
    state = _set_boss(state, i, evolve(boss, weapons=weapons, used=used, elsewhere=elsewhere))
    state = _gave(state, i)
    state = evolve(
        state,
        deck_top=(Hidden(state.swap_weapon, frozenset({0})),) + state.deck_top,
        swap_weapon=None,
    )
    return _next_turn(_discard_casting(state))


def _start_wave(state: State, wave: int) -> State:
    """BQ §1st Wave / 2nd Wave / 3. Final Assault. The weapons are gathered
    and reshuffled for each wave, and its Bosses turned face up (BQ-39)."""
    state = evolve(
        state,
        wave=wave,
        solo_bosses=(),
        weapon_deck=solo_weapons(state.options),
        deck_top=(),
        drawn=(),
    )
    if wave == 3:
        return evolve(state, solo_bosses=(SoloBoss(cards.MEGABOSS),), phase=_P_SOLO)
    return evolve(state, phase=_P_SOLO_BOSSES)


# ---------------------------------------------------------------------------
# The knight's choices.


def _apply_knight(state: State, action: object) -> State:
    if isinstance(action, Ask):
        return evolve(state, phase=_P_SOLO_DRAW, to_draw=action.count)
    if isinstance(action, PlayPersonal):
        # BQ §1st Wave: "At any time you may use your personal attack SPELLS"
        # (each once in the quest, on one Boss, BQ-40).
        boss = state.solo_bosses[action.boss]
        state = _set_boss(state, action.boss, evolve(boss, spells=boss.spells + (action.spell,)))
        return evolve(state, personal=remove_one(state.personal, action.spell))
    if isinstance(action, AssignTo):
        return _assign(state, action.boss)
    if isinstance(action, TargetSpell):
        # the pair is kept on the Boss whose spell is cancelled (the board's)
        i = spell_boss(state, action)
        boss = state.solo_bosses[i]
        cancelled = boss.spells[action.index]
        spells = boss.spells[: action.index] + boss.spells[action.index + 1 :]
        assert state.casting is not None
        state = _set_boss(state, i, evolve(boss, spells=spells,
                                           cancelled=boss.cancelled + (cancelled, state.casting)))
        state = _gave(state, i)
        if cancelled in PERSONAL:
            # a personal spell cancelled is spent, not discarded (BQ-40)
            return _next_turn(_discard_casting(state))
        state = evolve(state, spell_discard=sort_spells(state.spell_discard + (cancelled,)))
        return _next_turn(_discard_casting(state))
    if isinstance(action, TargetWeapon):
        return evolve(state, swap_weapon=action.weapon, phase=_P_SOLO_SWAP)
    assert isinstance(action, Resolve)
    return _resolve(state, action.adjust)


def _assign(state: State, index: int) -> State:
    """BQ §1st Wave: the weapons drawn go to the Boss chosen, and "The top
    SPELL card of the pile is automatically assigned to that same BOSS"."""
    boss = state.solo_bosses[index]
    boss = evolve(boss, weapons=boss.weapons + state.drawn)
    row = state.rows[state.wave - 1]
    spell, rest = row[0], row[1:]
    rows = state.rows[: state.wave - 1] + (rest,) + state.rows[state.wave :]
    state = _set_boss(evolve(state, drawn=(), rows=rows), index, boss)
    # BQ-11, BQ-40: Cancel takes a spell on any Boss of the wave, Swap with
    # deck any weapon on one (all the knight's)
    bosses = state.solo_bosses
    if spell.kind is _K_CANCEL and any(b.spells for b in bosses):
        return evolve(state, casting=spell, solo_target=index, phase=_P_SOLO_TARGET)
    if spell.kind is _K_SWAP_DECK and deck_size(state) and any(b.weapons for b in bosses):
        return evolve(state, casting=spell, solo_target=index, phase=_P_SOLO_TARGET)
    if spell.kind in (_K_CANCEL, _K_SWAP_DECK):
        # nothing to cancel or swap in the whole wave: spent for nothing (BQ-40)
        state = _set_boss(state, index, evolve(boss, used=boss.used + ((spell, ()),)))
        return _next_turn(evolve(state, spell_discard=sort_spells(state.spell_discard + (spell,))))
    return _next_turn(_set_boss(state, index, evolve(boss, spells=boss.spells + (spell,))))


def _next_turn(state: State) -> State:
    """BQ §1st Wave: "Continue this way until there are no more SPELL cards
    available"; then the wave is fought (after any last personal spell)."""
    state = evolve(state, solo_target=None)
    return evolve(state, phase=_P_SOLO if turns_left(state) else _P_SOLO_END)


def _resolve(state: State, adjust: int) -> State:
    """BQ §1st Wave: "You lose 1 HEART per BOSS that defeated you"; the final
    assault's hearts discarded for +1 / -1 (BQ §3. Final Assault, BQ-41)."""
    strengths = tuple(boss_strength(b) + adjust for b in state.solo_bosses)
    hps = tuple(boss_hp(b) for b in state.solo_bosses)
    defeated = tuple(
        strengths[i] == hps[i] and conditions_met(b) for i, b in enumerate(state.solo_bosses)
    )
    lost = abs(adjust) + defeated.count(False)
    hearts = max(0, state.knights[0].hearts - lost)
    result = WaveResult(
        wave=state.wave,
        bosses=state.solo_bosses,
        strengths=strengths,
        hps=hps,
        defeated=defeated,
        hearts_lost=state.knights[0].hearts - hearts,
        hearts_after=hearts,
        adjust=adjust,
    )
    used = tuple(s for b in state.solo_bosses for s in b.spells if s not in PERSONAL)
    state = evolve(
        state,
        knights=(evolve(state.knights[0], hearts=hearts),),
        waves=state.waves + (result,),
        boss_discard=sorted_tuple(
            state.boss_discard + tuple(b.hp for b in state.solo_bosses if b.hp in cards.BOSSES)
        ),
        spell_discard=sort_spells(state.spell_discard + used),
        solo_bosses=(),
    )
    # the weapons are gathered for the next wave (BQ-39, `_start_wave`),
    # not when the quest ends here: its deck stays as the quest left it
    # (the final table read "Deck: 28" after any quest)
    if state.wave == 3:
        if all(defeated) and hearts >= 1:
            return evolve(state, ending=ENDINGS[min(hearts, 3)], phase=_P_OVER)
        return evolve(state, ending=ENDINGS["almost" if hearts == 0 else "failed"], phase=_P_OVER)
    if hearts == 0:
        return evolve(state, ending=ENDINGS[f"wave-{state.wave}"], phase=_P_OVER)
    return _start_wave(state, state.wave + 1)


def _gave(state: State, index: int) -> State:
    """The spell being cast took a spell or a weapon on Boss `index`: if its
    turn gave it to another Boss, that one keeps a note of where it went (a
    play-test found Boss 3's Cancel only on Boss 1's row)."""
    given = state.solo_target
    if given is None or given == index or state.casting is None:
        return state
    boss = state.solo_bosses[given]
    return _set_boss(state, given, evolve(boss, gave=boss.gave + ((state.casting, index),)))


def _set_boss(state: State, index: int, boss: SoloBoss) -> State:
    bosses = state.solo_bosses[:index] + (boss,) + state.solo_bosses[index + 1 :]
    return evolve(state, solo_bosses=bosses)


def _discard_casting(state: State) -> State:
    assert state.casting is not None
    return evolve(
        state, spell_discard=sort_spells(state.spell_discard + (state.casting,)), casting=None
    )


# ---------------------------------------------------------------------------
# Outcome and the log.


def quest_result(state: State) -> tuple[str, str, int] | None:
    """The quest's result as the results show it (a view will do): "Won"
    or "Lost", its ending's name (`ENDING_NAMES`) and the hearts kept; None
    before the end or for a match of knights. The Solo Quest has no score
    to rank by (BQ §3. Final Assault: its endings go by the hearts kept):
    the play-test's results read "#1 Ann  Score 0"."""
    if state.players != 1 or state.phase is not _P_OVER:
        return None
    key = next((k for k, text in ENDINGS.items() if text == state.ending), None)
    if key is None:
        return None
    return ("Won" if state.ending in WON else "Lost", ENDING_NAMES[key],
            state.knights[0].hearts)


def outcome(state: State) -> Outcome | None:
    """The quest is won with one of the three happy endings; the score is
    the hearts kept (0 when lost)."""
    if state.phase is not _P_OVER:
        return None
    won = state.ending in WON
    hearts = state.knights[0].hearts if won else 0
    # BQ §1. Quest Objective: the two waves, then the MegaBoss, counted
    # apart ("Waves survived 3" with the MegaBoss standing read as a win)
    waves = [r for r in state.waves if r.wave < 3]
    beaten = sum(sum(r.defeated) for r in waves)
    cleared = sum(1 for r in waves if r.hearts_after > 0)
    return Outcome(
        scores=(hearts,),
        winners=frozenset({0}) if won else frozenset(),
        breakdown=(
            Category("Waves survived, of 2", (cleared,)),
            Category(f"Bosses defeated, of {2 * BOSSES_PER_WAVE}", (beaten,)),
            Category("MegaBoss defeated", (int(won),)),
            Category("Hearts", (state.knights[0].hearts,)),
        ),
        notes=tuple(n for n in (state.ending, "" if won else _last_attack(state)) if n),
    )


def _last_attack(state: State) -> str:
    """How the quest's last attack missed, Boss by Boss, with every reason
    (`missed_by`): "the MegaBoss: 33 against 31 HP (2 over; unmet: Need
    Yellow (Y))", the attack with any hearts discarded for it (BQ-41), as
    the attack's box and the final table give it. The lost quest's score
    sheet told only the waves and Bosses beaten, then only the first
    reason."""
    if not state.waves:
        return ""
    r = state.waves[-1]
    missed = []
    for i, defeated in enumerate(r.defeated):
        if defeated:
            continue
        name = "the MegaBoss" if r.wave == 3 else f"Boss {i + 1}"
        why = "; ".join(missed_by(r.bosses[i], r.strengths[i], r.hps[i]))
        missed.append(f"{name}: {r.strengths[i]} against {r.hps[i]} HP ({why})")
    where = "The final assault" if r.wave == 3 else f"Wave {r.wave}"
    return f"{where} missed {'; '.join(missed)}." if missed else ""


def _boss_named(state: State, index: int, action: object = None) -> str:
    """A Boss in the log as the board and the keys 1-3 name it, "Boss 3",
    with its HP as the board shows it ("Boss 3 (19 HP)"; "(19 HP, now 20)"
    when the move changes it), or the MegaBoss in the final assault. The
    log named a Boss by its printed HP ("the 20 HP Boss"): with spells on
    the Bosses no Boss on the board read 20, and two Bosses could share a
    printed HP (the play-test). `action` is the move the line tells."""
    if state.wave == 3:
        return "the MegaBoss"
    hp = boss_hp(state.solo_bosses[index])
    try:
        after = apply(state, 0, action) if action is not None else None
    except IllegalAction:
        after = None
    now = ""
    if after is not None and after.wave == state.wave and index < len(after.solo_bosses):
        later = boss_hp(after.solo_bosses[index])
        now = f", now {later}" if later != hp else ""
    return f"Boss {index + 1} ({hp} HP{now})"


def _spent_for_nothing(state: State) -> str:
    """BQ-40: the words that say the spell a turn gives (`state` before the
    turn) is spent for nothing (the log told it as given, no more), else
    ""."""
    why = nothing_to_target(state)
    if not why:
        return ""
    return f" With {why}, {top_spell(state)} is spent for nothing (house ruling BQ-40)."


def describe(state: State, action: object, names: Sequence[str] | None = None) -> str:
    who = names[0] if names else "Knight 1"
    if isinstance(action, LaySpell):
        sizes = row_sizes(state.options)
        i = next((i for i, r in enumerate(state.rows) if len(r) < sizes[i]), 2)
        row = ("the 1st wave", "the 2nd wave", "the MegaBoss")[i]
        return f"{action.spell} is laid beside {row}."
    if isinstance(action, RevealBoss):
        # named as the board will name it (Boss 1-3)
        return f"Wave {state.wave}: Boss {len(state.solo_bosses) + 1} turns face up: {action.hp} HP."
    if isinstance(action, DrawWeapon):
        if state.phase is _P_SOLO_SWAP:
            return f"{who} takes {action.weapon} from the deck."
        return f"{who} draws {action.weapon}."
    if isinstance(action, Ask):
        s = "s" if action.count > 1 else ""
        return f"{who} asks for {action.count} weapon{s}."
    if isinstance(action, AssignTo):
        given = ", ".join(str(w) for w in state.drawn) or "no weapon"
        named = _boss_named(state, action.boss, action)
        line = f"{who} gives {given} and {top_spell(state)} to {named}."
        return line + _spent_for_nothing(state)
    if isinstance(action, PlayPersonal):
        named = _boss_named(state, action.boss, action)
        return f"{who} plays their {action.spell} on {named}."
    if isinstance(action, TargetSpell):
        i = spell_boss(state, action)
        named = _boss_named(state, i, action)
        return f"{who} cancels {state.solo_bosses[i].spells[action.index]} on {named}."
    if isinstance(action, TargetWeapon):
        named = _boss_named(state, weapon_boss(state, action.weapon))
        line = f"{who} swaps {action.weapon} on {named} with the deck's top card."
        # BQ-49: the card given up lies on top, drawn next, unless the wave
        # ends with this turn (its deck is gathered for the next)
        if turns_left(state):
            line += f" {action.weapon} goes on top of the deck: it is the next weapon drawn."
        return line
    if isinstance(action, Resolve):
        after = apply(state, 0, action)
        r = after.waves[-1]
        bosses = ["MegaBoss"] if state.wave == 3 else [f"Boss {i + 1}" for i in range(3)]
        # every reason a Boss failed (`missed_by`), as the attack's box says
        parts = [
            f"{bosses[i]} {r.strengths[i]}/{r.hps[i]} "
            + ("defeated" if r.defeated[i] else
               f"failed ({'; '.join(missed_by(b, r.strengths[i], r.hps[i]))})")
            for i, b in enumerate(r.bosses)
        ]
        adjust = ""
        if action.adjust:
            adjust = f" {hearts_discarded_words(action.adjust)};"
        hearts = f"{r.hearts_after} heart{'' if r.hearts_after == 1 else 's'} left"
        line = f"{who} attacks:{adjust} " + ", ".join(parts) + f"; {hearts}."
        return f"{line} {after.ending}".strip()
    return f"{who}: {action}"
