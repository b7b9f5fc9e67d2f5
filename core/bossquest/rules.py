"""Boss Quest rules: the base game for 2-6 knights, with the rulebook's
variants and extensions as options.

Citations: "BQ §<section>" is the rulebook (rules/boss-quest.txt); "BQ-n"
is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.bossquest import cards, solo
from core.bossquest.actions import (
    ACTIVATE,
    ACTIVATE_MYSTERY,
    ASK,
    DISCARD,
    DISCARD_MYSTERY,
    DUEL_ASK,
    END_TURN,
    FIGHT,
    GO_TO_WIZARD,
    LET_PASS,
    SACRIFICE,
    TARGET_KNIGHT,
    Activate,
    ActivateMystery,
    Ask,
    AssignTo,
    DealCompanion,
    Discard,
    DiscardMystery,
    DrawWeapon,
    DuelAsk,
    DuelSpell,
    EndTurn,
    Fight,
    GoToWizard,
    LaySpell,
    LetPass,
    PeekHidden,
    PeekMystery,
    PlayPersonal,
    ReadPotion,
    ReplaceSpell,
    Resolve,
    RevealBoss,
    RevealSpell,
    Sacrifice,
    SwapCompanions,
    TargetKnight,
    TargetPotion,
    TargetSpell,
    TargetWeapon,
    among,
    boss_pool,
    holds,
    position,
    remember_last,
    spell_draws,
    take,
    weapon_draws,
    weapon_pool,
)
from core.bossquest.cards import (
    ATTACK_CHANGE,
    HP_CHANGE,
    Companion,
    Spell,
    SpellKind,
    Weapon,
    sort_spells,
    sort_weapons,
)
from core.bossquest.state import (
    PUBLIC,
    ActiveSpell,
    DuelResult,
    Hidden,
    Knight,
    Options,
    Phase,
    RoundResult,
    Shift,
    State,
    Step,
    Ulul,
    UsedSpell,
    evolve,
    evolved,
)
from core.engine import (
    CHANCE,
    Category,
    IllegalAction,
    Outcome,
    name_seats,
    next_seat,
    remove_one,
    seat_mark,
    sorted_tuple,
    standing_scores,
    uniform_draws,
    winners_by,
)

#: the enums' members the rules read, as module constants: a global is read
#: faster than an Enum class attribute (its metaclass) or a class attribute
_P_CLEAR_MYSTERY = Phase.CLEAR_MYSTERY
_P_DEAL = Phase.DEAL
_P_DEAL_COMPANIONS = Phase.DEAL_COMPANIONS
_P_DRAW = Phase.DRAW
_P_DUEL = Phase.DUEL
_P_DUEL_CHOOSE = Phase.DUEL_CHOOSE
_P_DUEL_DRAW = Phase.DUEL_DRAW
_P_DUEL_SACRIFICE = Phase.DUEL_SACRIFICE
_P_DUEL_SPELLS = Phase.DUEL_SPELLS
_P_LAY_SPELLS = Phase.LAY_SPELLS
_P_OVER = Phase.OVER
_P_PEEK_MYSTERY = Phase.PEEK_MYSTERY
_P_READ_POTION = Phase.READ_POTION
_P_REPLACE_SPELL = Phase.REPLACE_SPELL
_P_REVEAL_BOSS = Phase.REVEAL_BOSS
_P_REVEAL_MYSTERY = Phase.REVEAL_MYSTERY
_P_SWAP_DRAW = Phase.SWAP_DRAW
_P_TURN = Phase.TURN
_S_CHOOSE = Step.CHOOSE
_S_HARE = Step.HARE
_S_TARGET = Step.TARGET
_S_WIZARD = Step.WIZARD
_K_ATTACK_MINUS_1 = SpellKind.ATTACK_MINUS_1
_K_ATTACK_MINUS_2 = SpellKind.ATTACK_MINUS_2
_K_ATTACK_PLUS_1 = SpellKind.ATTACK_PLUS_1
_K_ATTACK_PLUS_2 = SpellKind.ATTACK_PLUS_2
_K_CANCEL = SpellKind.CANCEL
_K_EXTRA_KEY = SpellKind.EXTRA_KEY
_K_FINAL_TURN = SpellKind.FINAL_TURN
_K_FLIP_POTION = SpellKind.FLIP_POTION
_K_NEED_COLOUR = SpellKind.NEED_COLOUR
_K_NEED_PAIR = SpellKind.NEED_PAIR
_K_NO_HEART_LOSS = SpellKind.NO_HEART_LOSS
_K_SECOND_CLOSEST = SpellKind.SECOND_CLOSEST
_K_SWAP_COMPANIONS = SpellKind.SWAP_COMPANIONS
_K_SWAP_DECK = SpellKind.SWAP_DECK
_K_SWAP_HIDDEN = SpellKind.SWAP_HIDDEN
_CO_CHAMELEON = Companion.CHAMELEON
_CO_FOX = Companion.FOX
_CO_HARE = Companion.HARE
_CO_OWL = Companion.OWL
_CO_RAVEN = Companion.RAVEN
_CO_TORTOISE = Companion.TORTOISE
_U_NIGHT = Ulul.NIGHT
_U_OFF = Ulul.OFF
_ULUL = cards.ULUL


ID = "boss-quest"
TITLE = "Boss Quest"
#: 1 is the Solo Quest (BQ §Solo Quest, `core.bossquest.solo`).
PLAYERS = range(1, 7)
RULES_VERSION = 5
#: 2: the Boss deck is rebuilt the moment it runs out (it was at the next
#: round), and the extensions, six knights and the Solo Quest.
#: 3: the spell deck is rebuilt when its last card is the mystery spell's
#: (BQ-45; it was when no card was left), and a champion with no heart left
#: faces no duel (BQ-46), which change old matches that reached them.
#: 4: the Solo Quest's Cancel and Swap with deck reach every Boss of the
#: wave (BQ-40 after BQ-11): a Cancel given to a Boss with no spell was
#: spent for nothing while another Boss had one. Older lines read as they
#: did (`TargetSpell.boss` None is the Boss given the Cancel).
#: 5: the mystery spell no one looked at is turned at the end of the
#: game's last round too, a draw of its own before the game ends or its
#: Final Boss duel begins (BQ-13): it stayed face down, and in the duel it
#: was still among the spells the defeated knights draw.

#: BQ §2A: a knight asks for 1 to 4 weapons at a time (1 to 3 at six
#: knights, BQ §6 Players).
MAX_ASK = 4
MAX_ASK_SIX = 3

_CHANCE_PHASES = frozenset(
    {
        _P_REVEAL_BOSS,
        _P_LAY_SPELLS,
        _P_DEAL,
        _P_DRAW,
        _P_REVEAL_MYSTERY,
        _P_SWAP_DRAW,
        _P_CLEAR_MYSTERY,
        _P_DEAL_COMPANIONS,
        _P_PEEK_MYSTERY,
        _P_REPLACE_SPELL,
        _P_DUEL_DRAW,
        _P_DUEL_SPELLS,
    }
)
_TARGETED = frozenset(
    {
        _K_ATTACK_PLUS_1,
        _K_ATTACK_PLUS_2,
        _K_ATTACK_MINUS_1,
        _K_ATTACK_MINUS_2,
        _K_SWAP_HIDDEN,
        _K_SWAP_DECK,
        _K_CANCEL,
        _K_FLIP_POTION,
        _K_SWAP_COMPANIONS,
    }
)




# ---------------------------------------------------------------------------
# Numbers a player (and a screen) reads off the table.


def with_green(players: int, options: Options) -> bool:
    """BQ-2: green is out with 2-4 knights unless kept; always in with 5."""
    return players >= 5 or options.keep_green


def keys_to_win(players: int) -> int:
    """BQ §Course of the game: 5 keys at 2-4 knights, 4 at 5 (and at 6,
    BQ §6 Players: "Same rules as for 5 players")."""
    return 4 if players >= 5 else 5


def chart_tops(state: State) -> tuple[int, int]:
    """The tops of the results' keys and hearts charts: the keys that win
    and the hearts a knight starts with (a chart scaled to the best total
    drew 1 key as a full bar)."""
    return keys_to_win(state.players), cards.HEARTS_AT_START


def face_up_spells(state: State) -> int:
    """BQ §Setup: one face-up spell per knight; 3 at two knights (BQ §2
    Players); 5 at six knights, with no mystery spell (BQ §6 Players)."""
    if state.players == 2 and state.options.two_player_spells:
        return 3
    if state.players == 6:
        return 5
    return state.players


def max_ask(state: State) -> int:
    """BQ §2A: 1 to 4 weapons per request; 1 to 3 at six knights."""
    return MAX_ASK_SIX if state.players == 6 else MAX_ASK


def bosses(options: Options) -> tuple[int, ...]:
    """The Boss deck: the eight Bosses, plus Ul'ul with its extension."""
    return cards.BOSSES + ((cards.ULUL,) if options.ulul is not _U_OFF else ())


def is_night(state: State) -> bool:
    """BQ §Boss Ul'ul, its special rule: while Ul'ul is the Boss, "all WEAPON
    cards are played face down (since it is nighttime)"."""
    return state.options.ulul is _U_NIGHT and state.boss == cards.ULUL


def heart_loss(state: State) -> int:
    """BQ §3: a heart for going over; "2 HEARTS instead of just 1" at Ul'ul's
    night."""
    return 2 if is_night(state) else 1


def companion(state: State, seat: int) -> Companion | None:
    """The companion in front of knight `seat` (BQ §Companions)."""
    return state.companions[seat] if state.companions else None


def power_ready(state: State, seat: int, which: Companion) -> bool:
    """Whether `seat` holds companion `which` and, for a once-per-round
    power, has not used it this round (BQ-34)."""
    return companion(state, seat) is which and which not in state.spent


def bolder(state: State) -> bool:
    """The "Variant for bolder Knights" is a two-knight rule (BQ §2 Players)."""
    return state.options.bolder_knights and state.players == 2


def current_hp(state: State) -> int:
    """The Boss's HP with the light HP spells in play (0 before a Boss is out)."""
    if state.boss is None:
        return 0
    if not state.active:
        return state.boss
    return state.boss + sum(_HP_CHANGE.get(id(a.spell.kind), 0) for a in state.active)


# HP_CHANGE and ATTACK_CHANGE by the identity of the (singleton) kind: an
# enum member's hash runs in Python.
_HP_CHANGE = {id(kind): change for kind, change in HP_CHANGE.items()}
_ATTACK_CHANGE = {id(kind): change for kind, change in ATTACK_CHANGE.items()}


def weapons_of(knight: Knight) -> tuple[Weapon | None, ...]:
    """A knight's weapons, hidden card first, then the face-down ones of a
    night (None where a view hides them), then the face-up ones."""
    hidden = () if knight.hidden is None else (knight.hidden.weapon,)
    if knight.night:
        hidden += tuple(c.weapon for c in knight.night)
    return hidden + knight.visible


def potion_value(knight: Knight, weapon: Weapon) -> int:
    """A potion's worth to its holder: its reading; unread (a face-down potion
    before combat), its lower reading (BQ-31)."""
    for card, sign in knight.readings:
        if card == weapon:
            return sign * weapon.value
    return -weapon.value


def strength(state: State, seat: int) -> int | None:
    """Attack strength: weapons plus dark attack spells on the knight.

    None when the state is a view that does not know the knight's hidden card.
    """
    total = 0
    knight = state.knights[seat]
    # `weapons_of`, without building the tuple: the hidden card, a night's,
    # then the face-up ones
    hidden = knight.hidden
    if hidden is not None:
        weapon = hidden.weapon
        if weapon is None:
            return None
        total = weapon.value if weapon.colour is not None else potion_value(knight, weapon)
    for card in knight.night:
        weapon = card.weapon
        if weapon is None:
            return None
        total += weapon.value if weapon.colour is not None else potion_value(knight, weapon)
    for weapon in knight.visible:
        if weapon is None:
            return None
        total += weapon.value if weapon.colour is not None else potion_value(knight, weapon)
    for a in state.active:
        if a.target == seat:
            total += _ATTACK_CHANGE.get(id(a.spell.kind), 0)
    return total


def visible_strength(state: State, seat: int) -> int:
    """What everyone can count of a knight: face-up weapons plus dark spells."""
    knight = state.knights[seat]
    total = sum(w.value if w.colour else potion_value(knight, w) for w in knight.visible)
    for a in state.active:
        if a.target == seat:
            total += ATTACK_CHANGE.get(a.spell.kind, 0)
    return total


def deck_size(state: State) -> int:
    return len(state.weapon_deck) + len(state.deck_top)


def meets_conditions(state: State, seat: int) -> bool:
    """BQ §Spell effects: the colour and pair conditions of the light spells."""
    # a potion has no colour (BQ-3)
    colours = [w.colour for w in weapons_of(state.knights[seat]) if w is not None and w.colour]
    if companion(state, seat) is _CO_CHAMELEON:
        # BQ §Companions: "WEAPON cards are considered to be of all colors"
        # (potions included, BQ-35): any weapon meets a colour, any two a pair.
        count = sum(1 for w in weapons_of(state.knights[seat]))
        return all(
            count >= (2 if a.spell.kind is _K_NEED_PAIR else 1)
            for a in state.active
            if a.spell.kind in (_K_NEED_COLOUR, _K_NEED_PAIR)
        )
    for a in state.active:
        kind = a.spell.kind
        if kind is _K_NEED_COLOUR and a.spell.colour not in colours:
            return False
        if kind is _K_NEED_PAIR and len(set(colours)) == len(colours):
            return False
    return True


def unmet_in_duel(state: State, seat: int) -> tuple[Spell, ...]:
    """The conditions in play that `seat`'s weapons, all known, do not meet
    (`meets_conditions`, one by one), in the order they were activated."""
    weapons = weapons_of(state.knights[seat])
    conditions = [a.spell for a in state.active if a.spell.kind in (_K_NEED_COLOUR, _K_NEED_PAIR)]
    if companion(state, seat) is _CO_CHAMELEON:
        return tuple(s for s in conditions
                     if len(weapons) < (2 if s.kind is _K_NEED_PAIR else 1))
    colours = [w.colour for w in weapons if w is not None and w.colour]
    return tuple(s for s in conditions
                 if (s.kind is _K_NEED_COLOUR and s.colour not in colours)
                 or (s.kind is _K_NEED_PAIR and len(set(colours)) == len(colours)))


def lacking(spell: Spell) -> str:
    """What a knight failing `spell`'s condition lacks, naming the spell:
    "no blue (B) weapon (Need Blue)"."""
    if spell.kind is _K_NEED_COLOUR and spell.colour is not None:
        colour = spell.colour
        return f"no {colour.label.lower()} ({colour.value}) weapon (Need {colour.label})"
    return f"no 2 weapons of one colour ({spell.name})"


def _active_kinds(state: State) -> tuple[SpellKind, ...]:
    """The kinds of the spells in play (a few: a tuple is quicker to build
    and search than a set of enum members, whose hash runs in Python)."""
    return tuple(a.spell.kind for a in state.active)


# ---------------------------------------------------------------------------
# The protocol.


def setup(players: int, options: Options | None = None) -> State:
    """BQ §Setup: three hearts each, the Boss and spell decks, seat 0 the
    first Armorer (BQ-14). Nothing random has happened yet."""
    options = options or Options()
    if players not in PLAYERS:
        raise IllegalAction(
            f"Boss Quest is for 2 to 6 knights, or 1 for the Solo Quest, not {players}."
        )
    if players == 1:
        return solo.setup(options)
    green = with_green(players, options)
    state = State(
        players=players,
        options=options,
        knights=tuple(Knight(hearts=cards.HEARTS_AT_START, keys=0) for _ in range(players)),
        # BQ §Companions: "the Armorer shuffles the COMPANION cards, then
        # deals one to each player" before the first Boss.
        phase=_P_DEAL_COMPANIONS if options.companions else _P_REVEAL_BOSS,
        boss_deck=bosses(options),
        spell_deck=cards.spells(green, options.potions, options.companions),
        companions=(None,) * players if options.companions else (),
    )
    return _collect_weapons(state)


#: `to_act`'s answers, built once: nobody, chance, and each seat alone
_NOBODY: frozenset[int] = frozenset()
_PUBLIC_ONLY = frozenset({PUBLIC})
_SEAT = {s: frozenset({s}) for s in range(CHANCE, max(PLAYERS))}


def to_act(state: State) -> frozenset[int]:
    phase = state.phase
    if phase is _P_OVER:
        return _NOBODY
    if state.players == 1:
        return solo.to_act(state)
    if phase in _CHANCE_PHASES:
        return _SEAT[CHANCE]
    if phase is _P_TURN:
        assert state.turn is not None
        return _SEAT[state.turn]
    if phase is _P_READ_POTION:
        assert state.reader is not None
        return _SEAT[state.reader]
    if phase in (_P_DUEL, _P_DUEL_SACRIFICE):
        assert state.champion is not None
        return _SEAT[state.champion]
    if phase is _P_DUEL_CHOOSE:
        return _SEAT[allies_voice(state)]
    assert state.turn is not None
    return _SEAT[state.turn]


def chance_outcomes(state: State) -> tuple[tuple[object, float], ...]:
    phase = state.phase
    if state.players == 1:
        return solo.chance_outcomes(state)
    if phase is _P_DRAW or phase is _P_DEAL:  # the most frequent, first
        if state.deck_top and state.deck_top[0].weapon is not None:
            return ((DrawWeapon(state.deck_top[0].weapon), 1.0),)
        return weapon_draws(state.weapon_deck if state.unseen is None else state.unseen)
    if phase is _P_REVEAL_BOSS:
        return tuple((RevealBoss(hp), p) for hp, p in uniform_draws(state.boss_deck))
    if phase in _SPELL_DRAWS:
        return spell_draws(state.spell_deck, phase in _SPELL_REVEALS)
    if phase is _P_DEAL_COMPANIONS:
        left = _undealt(state)
        return tuple((DealCompanion(c), 1 / len(left)) for c in left)
    if phase in (_P_DEAL, _P_DRAW, _P_SWAP_DRAW, _P_DUEL_DRAW):
        if state.deck_top and state.deck_top[0].weapon is not None:
            return ((DrawWeapon(state.deck_top[0].weapon), 1.0),)
        # A view holds None for unknown cards: its belief is the unseen pool.
        return weapon_draws(state.weapon_deck if state.unseen is None else state.unseen)
    return ()


def chance_pool(state: State) -> tuple[tuple[Any, ...], dict[Any, object]] | None:
    """A weapon drawn (or a Boss turned) as `core.playout.even_draw` reads
    it: the pool `chance_outcomes` lists, each card with probability 1 / its
    size, in order, and each card's outcome (so a playout need not list
    them); None for the other draws (the spells', whose equal cards are
    merged) and for a known top card."""
    if state.players == 1:
        return solo.chance_pool(state)
    phase = state.phase
    if phase is _P_DRAW or phase is _P_DEAL or phase is _P_SWAP_DRAW or phase is _P_DUEL_DRAW:
        return weapon_pool(state)
    if phase is _P_REVEAL_BOSS:
        return boss_pool(state.boss_deck)
    return None

_READINGS = (ReadPotion(1), ReadPotion(-1))


_SPELL_REVEALS = frozenset({_P_REVEAL_MYSTERY, _P_CLEAR_MYSTERY, _P_PEEK_MYSTERY})
_SPELL_DRAWS = _SPELL_REVEALS | {_P_LAY_SPELLS, _P_REPLACE_SPELL, _P_DUEL_SPELLS}


def _undealt(state: State) -> tuple[Companion, ...]:
    dealt = set(state.companions)
    return tuple(c for c in Companion if c not in dealt)


@remember_last
def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    if state.players == 1:
        return solo.legal_actions(state, seat)
    if state.phase is _P_READ_POTION and seat == state.reader:
        return _READINGS
    if state.champion is not None:
        return _duel_actions(state, seat)
    if state.phase is not _P_TURN or seat != state.turn:
        return ()
    knight = state.knights[seat]
    if state.step is _S_CHOOSE:
        hp = current_hp(state)
        mine = strength(state, seat)
        powers = _powers(state, seat) if state.companions else ()
        if mine is not None and mine > hp:
            # BQ §2A, BQ-6: over the HP, the next action is the Wizard.
            return (GO_TO_WIZARD,) + powers if powers else _GO_ONLY
        # `max_ask`, written out
        most = min(
            MAX_ASK_SIX if state.players == 6 else MAX_ASK,
            len(state.weapon_deck) + len(state.deck_top),
        )
        return _CHOOSE[most] + powers if powers else _CHOOSE[most]
    if state.step is _S_HARE:
        return (GO_TO_WIZARD, END_TURN)
    if state.step is _S_WIZARD:
        actions: list[object] = []
        for slot, spell in enumerate(state.offer):
            if spell is not None:
                # `_usable`, asked only of the spells whose use depends on the table
                kind = spell.kind
                if (
                    kind is not _K_CANCEL and kind is not _K_SWAP_DECK and kind is not _K_FLIP_POTION
                ) or _usable(state, spell, seat):
                    actions.append(ACTIVATE[slot])
        if state.mystery:
            actions.append(ACTIVATE_MYSTERY)
        for slot, spell in enumerate(state.offer):
            if spell is not None:
                actions.append(DISCARD[slot])
        if state.mystery:
            actions.append(DISCARD_MYSTERY)
        if state.waiting is not None:
            actions.append(LET_PASS)  # BQ-28: the bolder knight may let it pass
        if state.companions:
            return tuple(actions) + _powers(state, seat)
        return tuple(actions)
    # _S_TARGET
    spell = state.casting
    assert spell is not None
    kind = spell.kind
    if kind is _K_SWAP_HIDDEN:
        return tuple(TARGET_KNIGHT[s] for s in range(state.players) if s != seat)
    if kind is _K_SWAP_DECK:
        return tuple(TargetWeapon(w) for w in weapons_of(knight) if w is not None)
    if kind is _K_CANCEL:
        return tuple(TargetSpell(i) for i in range(len(state.active)))
    if kind is _K_FLIP_POTION:
        return tuple(TargetPotion(s, w) for s, w in face_up_potions(state))
    if kind is _K_SWAP_COMPANIONS:
        # BQ-36: two companions, at least one of them in play
        held = set(state.companions)
        return tuple(
            SwapCompanions(a, b)
            for i, a in enumerate(Companion)
            for b in tuple(Companion)[i + 1 :]
            if a in held or b in held
        )
    return TARGET_KNIGHT[: state.players]


_GO_ONLY = (GO_TO_WIZARD,)
#: Ask 1..k, then the Wizard: a knight's choices while equipping (BQ §2A)
_CHOOSE = tuple(ASK[1 : k + 1] + (GO_TO_WIZARD,) for k in range(MAX_ASK + 1))


def _powers(state: State, seat: int) -> tuple[object, ...]:
    """The once-per-round companion powers `seat` may use now, on its turn
    (BQ §Companions, BQ-34); they do not end the turn."""
    if not state.companions or state.waiting is not None:
        return ()
    mine = state.companions[seat]
    if mine is None or mine in state.spent:
        return ()
    if mine is _CO_OWL:
        out: list[object] = []
        if state.mystery and seat not in state.mystery_known:
            if state.mystery_card is not None or state.spell_deck:
                out.append(PeekMystery())
        for other, k in enumerate(state.knights):
            if other != seat and k.hidden is not None and seat not in k.hidden.known_to:
                out.append(PeekHidden(other))
        return tuple(out)
    if mine is _CO_RAVEN and state.spell_deck:
        return tuple(ReplaceSpell(i) for i, s in enumerate(state.offer) if s is not None)
    return ()


def face_up_potions(state: State) -> tuple[tuple[int, Weapon], ...]:
    """Every knight's face-up potions (the potion spell's targets, BQ-3)."""
    return tuple(
        (s, w) for s, k in enumerate(state.knights) for w in k.visible if w.colour is None
    )


#: why a spell can do nothing now, so that it can only be discarded
#: (BQ-15): said where the Wizard's choices are offered, and in the log
#: when the mystery spell turned is one
NOTHING_TO_DO_NOW = {
    _K_CANCEL: "no spell is in play to cancel",
    _K_SWAP_DECK: "the weapon deck is empty",
    _K_FLIP_POTION: "no potion is face up",
}


def _usable(state: State, spell: Spell, seat: int) -> bool:
    """Whether activating `spell` could have an effect now (BQ-11, BQ-15)."""
    if spell.kind is _K_CANCEL:
        return bool(state.active)
    if spell.kind is _K_SWAP_DECK:
        return deck_size(state) > 0
    if spell.kind is _K_FLIP_POTION:
        return bool(face_up_potions(state))
    return True


def apply(state: State, seat: int, action: object) -> State:
    """Apply one action; raises IllegalAction with a reason a person can read."""
    if state.players == 1:
        return solo.apply(state, seat, action)
    if state.phase is _P_OVER:
        raise IllegalAction("The game is over.")
    if seat == CHANCE:
        phase = state.phase
        if phase is _P_DRAW or phase is _P_DEAL:  # the most frequent, first
            # the draw checked and taken off the deck in one pass
            taken = _taken_off(state, action.weapon) if action.__class__ is DrawWeapon else None
            if taken is None:
                raise IllegalAction(f"{_card_name(action)} cannot be drawn now.")
            weapon = action.weapon  # type: ignore[attr-defined]
            if phase is _P_DRAW:
                return _draw(state, weapon, taken)
            return _deal(state, weapon, taken)
        if phase not in _CHANCE_PHASES:
            raise IllegalAction("Nothing is being drawn now.")
        if not _chance_possible(state, action):
            raise IllegalAction(f"{_card_name(action)} cannot be drawn now.")
        return _apply_chance(state, action)
    # a seat not to act has no legal action (`legal_actions` is empty then),
    # so the turn is asked only to word a refusal
    if not among(legal_actions(state, seat), action):
        if seat not in to_act(state):
            raise IllegalAction("It is not your turn.")
        raise IllegalAction(_why_illegal(state, seat, action))
    return _apply_knight(state, seat, action)


def _chance_possible(state: State, action: object) -> bool:
    """Whether `action` is among `chance_outcomes(state)`, without listing them."""
    phase = state.phase
    if phase is _P_DRAW or phase is _P_DEAL:  # the most frequent, first
        if action.__class__ is not DrawWeapon:
            return False
        if state.deck_top:
            return action.weapon == state.deck_top[0].weapon
        return holds(state.weapon_deck, action.weapon)
    if phase is _P_REVEAL_BOSS:
        return isinstance(action, RevealBoss) and action.hp in state.boss_deck
    if phase in (_P_LAY_SPELLS, _P_REPLACE_SPELL, _P_DUEL_SPELLS):
        return isinstance(action, LaySpell) and holds(state.spell_deck, action.spell)
    if phase in (_P_REVEAL_MYSTERY, _P_CLEAR_MYSTERY, _P_PEEK_MYSTERY):
        return isinstance(action, RevealSpell) and holds(state.spell_deck, action.spell)
    if phase is _P_DEAL_COMPANIONS:
        return isinstance(action, DealCompanion) and action.companion in _undealt(state)
    if not isinstance(action, DrawWeapon):
        return False
    if state.deck_top:
        return action.weapon == state.deck_top[0].weapon
    return holds(state.weapon_deck, action.weapon)


def _card_name(action: object) -> str:
    for field in ("hp", "spell", "weapon"):
        if hasattr(action, field):
            return str(getattr(action, field))
    return "That"


def _why_illegal(state: State, seat: int, action: object) -> str:
    if isinstance(action, Ask):
        if state.step is not _S_CHOOSE:
            return "You are at the Wizard: you can ask for no more weapons this round."
        if not 1 <= action.count <= max_ask(state):
            return f"Ask for 1 to {max_ask(state)} weapons."
        if action.count > deck_size(state):
            left = deck_size(state)
            return f"The weapon deck holds only {left} card{'' if left == 1 else 's'}."
        return "Your strength exceeds the Boss's HP: you must go to the Wizard."
    if isinstance(action, (Activate, Discard)):
        if state.step is not _S_WIZARD:
            return "Spells are chosen at the Wizard."
        if not 0 <= action.slot < len(state.offer) or state.offer[action.slot] is None:
            return "There is no spell in that place."
        return "That spell would have no effect now; you may discard it."
    if isinstance(action, (ActivateMystery, DiscardMystery)):
        return "There is no mystery spell at the Wizard now."
    if isinstance(action, (TargetKnight, TargetWeapon, TargetSpell)):
        if state.step is not _S_TARGET:
            return "No spell is waiting for a target."
        return "That is not a possible target for this spell."
    if isinstance(action, GoToWizard):
        return "You are already at the Wizard."
    if isinstance(action, ReadPotion):
        if state.phase is not _P_READ_POTION:
            return "No potion waits for its reading; a reading never changes."
        return "Read the potion as +1 or -1 times its value."
    if isinstance(action, TargetPotion):
        return "That is not a face-up potion on the table."
    if isinstance(action, LetPass):
        return "Only a bolder knight at the Wizard, while the other equips, may let it pass."
    if isinstance(action, (PeekHidden, PeekMystery, ReplaceSpell)):
        return ("That takes your companion's power, on your turn, once a round "
                "(house ruling BQ-34).")
    if isinstance(action, EndTurn):
        return "Only the Hare's knight, after receiving weapons, may end the turn so."
    if isinstance(action, SwapCompanions):
        return ("The companion spell swaps two companions, one at least a knight's "
                "(house ruling BQ-36).")
    if isinstance(action, (DuelAsk, DuelSpell, Fight, Sacrifice)):
        return "That is not a move of the MegaBoss duel now."
    if isinstance(action, (AssignTo, PlayPersonal, Resolve)):
        return "That is a Solo Quest move: it is played by one knight alone."
    return f"{type(action).__name__} is not a Boss Quest action."


# ---------------------------------------------------------------------------
# Chance.


def _apply_chance(state: State, action: object) -> State:
    phase = state.phase
    if phase is _P_DRAW:  # the most frequent, first
        return _draw(state, action.weapon)  # type: ignore[attr-defined]
    if phase is _P_DEAL:
        return _deal(state, action.weapon)  # type: ignore[attr-defined]
    if phase is _P_DUEL_DRAW:
        assert isinstance(action, DrawWeapon)
        return _duel_draw(state, action.weapon)
    if phase is _P_DUEL_SPELLS:
        assert isinstance(action, LaySpell)
        return _duel_spell_drawn(state, action.spell)
    if phase is _P_DEAL_COMPANIONS:
        assert isinstance(action, DealCompanion)
        seat = state.companions.index(None)
        companions = state.companions[:seat] + (action.companion,) + state.companions[seat + 1 :]
        state = evolve(state, companions=companions)
        if None in companions:
            return state
        # BQ §Companions: "Undealt COMPANION cards are left face up ... in reserve."
        return evolve(state, reserve=_undealt(state), phase=_P_REVEAL_BOSS)
    if phase is _P_REPLACE_SPELL:
        assert isinstance(action, LaySpell) and state.replace_slot is not None
        slot = state.replace_slot
        offer = state.offer[:slot] + (action.spell,) + state.offer[slot + 1 :]
        state = evolve(
            state,
            offer=offer,
            spell_deck=take(state.spell_deck, action.spell),
            replace_slot=None,
            replaced=None,
            phase=_P_TURN,
        )
        return _refill_spell_deck(state)
    if phase is _P_PEEK_MYSTERY:
        # BQ-33: the Owl's look draws the mystery spell; only it knows it.
        assert isinstance(action, RevealSpell) and state.turn is not None
        state = evolve(
            state,
            mystery_card=action.spell,
            mystery_known=frozenset({state.turn}),
            spell_deck=take(state.spell_deck, action.spell),
            phase=_P_TURN,
        )
        return _refill_spell_deck(state)
    if phase is _P_REVEAL_BOSS:
        assert isinstance(action, RevealBoss)
        state = evolve(state, boss=action.hp, boss_deck=remove_one(state.boss_deck, action.hp))
        return _refill_spell_deck(_refill_boss_deck(evolve(state, phase=_P_LAY_SPELLS)))
    if phase is _P_LAY_SPELLS:
        assert isinstance(action, LaySpell)
        state = evolve(
            state,
            offer=state.offer + (action.spell,),
            spell_deck=take(state.spell_deck, action.spell),
        )
        state = _refill_spell_deck(state)
        if len(state.offer) == face_up_spells(state):
            # BQ §Setup: plus one face-down mystery spell, left undrawn (BQ-13).
            # Six knights lay out no mystery spell (BQ §6 Players).
            mystery = bool(state.spell_deck) and state.players < 6
            state = _refill_spell_deck(evolve(state, mystery=mystery, phase=_P_DEAL, dealt=0))
        return state
    assert isinstance(action, (DrawWeapon, RevealSpell))
    if phase is _P_DEAL:
        return _deal(state, action.weapon)
    if phase is _P_DRAW:
        return _draw(state, action.weapon)
    if phase is _P_SWAP_DRAW:
        return _swap_with_deck(state, action.weapon)
    spell = action.spell
    deck = take(state.spell_deck, spell)
    if phase is _P_REVEAL_MYSTERY:
        return _cast_revealed(evolve(state, spell_deck=deck, phase=_P_TURN), spell)
    # CLEAR_MYSTERY: discarded blind at the Wizard, or unused at round end.
    discard = sort_spells(state.spell_discard + (spell,))
    if state.turn is not None:
        return _finish_visit(evolve(state, spell_deck=deck, spell_discard=discard, phase=_P_TURN))
    # the round's result names it (BQ-13): its combat box tells it
    history = state.history[:-1] + (evolve(state.history[-1], mystery_turned=spell),)
    if _game_ends(state):
        return _end_game(evolve(state, spell_deck=deck, spell_discard=discard, history=history))
    return _next_round(state, spell_deck=deck, spell_discard=discard, history=history)


def _take_weapon(state: State, weapon: Weapon) -> tuple[State, frozenset[int]]:
    """Take `weapon` off the deck: the known top card first (BQ-10). Returns
    who had seen it there."""
    return evolve(state, **_taken(state, weapon)), _seen_on_top(state)


def _taken(state: State, weapon: Weapon) -> dict[str, object]:
    """The change to the deck that takes `weapon` off it (`_take_weapon`), to
    be made with the others of the same step in one copy."""
    if state.deck_top:
        return {"deck_top": state.deck_top[1:]}
    return {"weapon_deck": take(state.weapon_deck, weapon)}


def _taken_off(state: State, weapon: Weapon) -> dict[str, object] | None:
    """`_taken`, or None when `weapon` cannot be drawn now (it is not the
    known top card, or not in the deck)."""
    top = state.deck_top
    if top:
        return {"deck_top": top[1:]} if weapon == top[0].weapon else None
    deck = state.weapon_deck
    i = position(deck, weapon)
    if i < 0:
        return None
    return {"weapon_deck": deck[:i] + deck[i + 1 :]}


def _deal(state: State, weapon: Weapon, taken: dict[str, object] | None = None) -> State:
    """BQ §1: a hidden card to everyone, then a visible card, from the
    Armorer's left. `taken`: the deck's change, when the caller has it."""
    if taken is None:
        taken = _taken(state, weapon)
    n = state.players
    seat = (state.armorer + 1 + state.dealt % n) % n  # `next_seat`, written out
    knight = state.knights[seat]
    if state.dealt < n:
        knight = evolve(knight, hidden=Hidden(weapon, _ONLY[seat] | _seen_on_top(state)))
    else:
        knight = _receive(state, knight, seat, weapon)
    knights = _with_knight(state.knights, seat, knight)
    if weapon.colour is None and weapon in knight.visible:
        return evolve(
            state, knights=knights, phase=_P_READ_POTION, reader=seat, resume="deal", **taken
        )
    taken["knights"] = knights
    return _after_deal(state, taken)


def _read_now(state: State, seat: int, resume: str) -> State:
    """BQ §Potions: "When a player receives the POTION card, they decide
    immediately which way to read it": the table waits for the reading."""
    return evolve(state, phase=_P_READ_POTION, reader=seat, resume=resume)


def _after_deal(state: State, changes: dict[str, Any]) -> State:
    """The deal goes on, or turns start; `changes` (the card just dealt, a
    dict of the caller's own, added to) are made in the same copy."""
    n = state.players
    dealt = state.dealt + 1
    changes["dealt"] = dealt
    if dealt < 2 * n:
        return evolved(state, changes)
    # BQ §2: turns start with the knight to the Armorer's left.
    changes["phase"] = _P_TURN
    changes["turn"] = next_seat(state.armorer, n)
    changes["step"] = _S_CHOOSE
    return evolved(state, changes)


def _receive(state: State, knight: Knight, seat: int, weapon: Weapon) -> Knight:
    """A weapon dealt face up, or face down to its owner at Ul'ul's night
    (`state`: before the weapon leaves the deck)."""
    if state.boss == _ULUL and state.options.ulul is _U_NIGHT:  # `is_night`
        known = _ONLY[seat] | _seen_on_top(state)
        return evolve(_down_card_added(knight), night=knight.night + (Hidden(weapon, known),))
    return evolve(knight, visible=knight.visible + (weapon,))


#: each seat alone, as `Hidden.known_to` (frozensets are immutable: shared)
_ONLY = {s: frozenset({s}) for s in range(max(PLAYERS))}
_NOBODY: frozenset[int] = frozenset()


def _seen_on_top(state: State) -> frozenset[int]:
    """The seats that know the deck's top card, the next drawn (BQ-10: a
    card swapped onto the deck stays known to those who had seen it,
    wherever it goes face down next). Not `PUBLIC`: in a knight's hand that
    would mean turned face up, and a drawn card lies face down."""
    if not state.deck_top:
        return _NOBODY
    known = state.deck_top[0].known_to
    return known - _PUBLIC_ONLY if PUBLIC in known else known


def _draw(state: State, weapon: Weapon, taken: dict[str, object] | None = None) -> State:
    """BQ §2A: asked-for weapons arrive face up, one at a time. `taken`: the
    deck's change, when the caller has it."""
    if taken is None:
        taken = _taken(state, weapon)
    seat = state.turn
    assert seat is not None
    knight = _receive(state, state.knights[seat], seat, weapon)
    knights = _with_knight(state.knights, seat, knight)
    if weapon.colour is None and weapon in knight.visible:
        return evolve(
            state, knights=knights, phase=_P_READ_POTION, reader=seat, resume="draw", **taken
        )
    taken["knights"] = knights
    return _after_draw(state, taken)


def _after_draw(state: State, changes: dict[str, Any]) -> State:
    """After a weapon asked for arrives; `changes` (the card drawn, a dict
    of the caller's own, added to) are made in the same copy."""
    seat = state.turn
    assert seat is not None
    to_draw = state.to_draw - 1
    if to_draw > 0:
        left = len(changes.get("weapon_deck", state.weapon_deck)) + len(
            changes.get("deck_top", state.deck_top)
        )
        if left > 0:
            changes["to_draw"] = to_draw
            return evolved(state, changes)
    # the turn goes on from here: the changes are made with the next step's
    # in one copy (the checks below read none of them but the knights and
    # the deck)
    changes["to_draw"] = 0
    changes["phase"] = _P_TURN
    if state.players == 6 and not (
        changes.get("weapon_deck", state.weapon_deck) or changes.get("deck_top", state.deck_top)
    ):
        # BQ §6 Players: the round ends "when there are no more WEAPON cards
        # available": combat at once, whoever has not met the Wizard (BQ-27).
        return _combat(evolve(state, **changes))
    knights = changes.get("knights", state.knights)
    if state.final_turn:
        # BQ §Spell effects, Final turn: that request was the knight's last action.
        changes["knights"] = _with_knight(knights, seat, evolve(knights[seat], done=True))
        return _advance(state, **changes)
    if all(k.done for s, k in enumerate(knights) if s != seat):
        # BQ §2A: the last knight in phase A asks once, then goes to the Wizard.
        return _arrive_at_wizard(state, seat, **changes)
    if power_ready(state, seat, _CO_HARE):
        # BQ §Companions, the Hare: the knight may meet the Wizard this turn.
        changes["step"] = _S_HARE
        return evolved(state, changes)
    return _advance(state, **changes)


def _swap_with_deck(state: State, new: Weapon) -> State:
    """BQ-10: the top card takes the swapped card's place and face; the
    swapped card goes face down on top, known to those who had seen it."""
    seat = state.turn
    old = state.swap_weapon
    assert seat is not None and old is not None
    # BQ-47: the strength before the swap; `_after_swap` sets the one after
    # (once a potion received face up is read)
    was = strength(state, seat)
    if was is not None and state.casting is not None:
        used = UsedSpell(state.casting, seat, frozenset({seat}), (Shift(seat, was, was),),
                         mystery=state.casting_mystery, weapons=(old, new))
        state = evolve(state, used=state.used + (used,))
    state, top_known = _take_weapon(state, new)
    knight = state.knights[seat]
    everyone = frozenset(range(state.players))
    at_night = [i for i, c in enumerate(knight.night) if c.weapon == old]
    if knight.hidden is not None and knight.hidden.weapon == old:
        old_known = knight.hidden.known_to
        # a face-down card no ask bounded: the bound is gone
        knight = evolve(knight, hidden=Hidden(new, top_known | {seat}), down_bound=None)
    elif at_night:
        i = at_night[0]
        old_known = knight.night[i].known_to
        night = knight.night[:i] + (Hidden(new, top_known | {seat}),) + knight.night[i + 1 :]
        knight = evolve(knight, night=night, down_bound=None)
    else:
        old_known = everyone | {PUBLIC}  # it was face up: onlookers saw it too
        visible = tuple(new if w == old else w for w in knight.visible)
        knight = evolve(knight, visible=visible)
    if old.colour is None:
        # a potion leaving its holder leaves its reading behind (BQ-31)
        knight = evolve(knight, readings=tuple(r for r in knight.readings if r[0] != old))
    state = _set_knight(state, seat, knight)
    state = evolve(
        state,
        deck_top=(Hidden(old, old_known),) + state.deck_top,
        swap_weapon=None,
        phase=_P_TURN,
    )
    if new.colour is None and new in knight.visible:
        return _read_now(state, seat, "swap")
    return _after_swap(state)


def _after_swap(state: State) -> State:
    # Once used, the swap spells are discarded (BQ §Spell effects).
    last = state.used[-1] if state.used else None
    if (last is not None and last.spell.kind is _K_SWAP_DECK and last.caster == state.turn
            and len(last.shifts) == 1 and last.shifts[0].before == last.shifts[0].after):
        # BQ-47: the strength the swap left, for the combat's summary
        shift = last.shifts[0]
        now = strength(state, last.caster)
        shifts = () if now is None or now == shift.before else (
            Shift(shift.seat, shift.before, now),)
        state = evolve(state, used=state.used[:-1] + (evolve(last, shifts=shifts),))
    return _finish_visit(_discard_casting(state))


#: the moments a face-down potion is revealed and read (BQ-31)
_AT_REVEAL = ("combat", "duel")


def _read_potion(state: State, sign: int) -> State:
    """BQ §Potions: the reading is chosen once and never changes (BQ-31);
    then the table carries on with what it was doing."""
    seat, resume = state.reader, state.resume
    assert seat is not None
    knight = state.knights[seat]
    weapon = _unread(knight, face_up=resume not in _AT_REVEAL)
    assert weapon is not None
    knight = evolve(knight, readings=knight.readings + ((weapon, sign),))
    if resume in _AT_REVEAL:
        # "they decide its value when they reveal their card": face up now
        # (read plus, it may add more than its lower reading the bound kept)
        knight = evolve(_reveal(knight, state.players, weapon), down_bound=None)
    state = evolve(_set_knight(state, seat, knight), reader=None, resume="")
    if resume == "deal":
        return _after_deal(state, {"phase": _P_DEAL})
    if resume == "draw":
        return _after_draw(state, {"phase": _P_DRAW})
    if resume == "swap":
        return _after_swap(evolve(state, phase=_P_TURN))
    if resume == "duel":
        return _duel_fight(state)
    return _combat(state)


def _reveal(knight: Knight, players: int, weapon: Weapon | None = None) -> Knight:
    """The knight's face-down weapons (or just `weapon`) shown to everyone."""
    everyone = frozenset(range(players)) | {PUBLIC}

    def shown(card: Hidden) -> Hidden:
        return Hidden(card.weapon, everyone) if weapon in (None, card.weapon) else card

    hidden = None if knight.hidden is None else shown(knight.hidden)
    return evolve(knight, hidden=hidden, night=tuple(shown(c) for c in knight.night))


def _unread(knight: Knight, face_up: bool) -> Weapon | None:
    """The knight's first potion not yet read, face up or face down."""
    if face_up:
        cards_ = knight.visible
    else:
        down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
        cards_ = tuple(c.weapon for c in down if c.weapon is not None)
    read = {w for w, _ in knight.readings}
    return next((w for w in cards_ if w.colour is None and w not in read), None)


def potion_to_read(state: State) -> Weapon | None:
    """The potion the reader reads now (BQ-31): one just received face up,
    or at combat a face-down one; None when no potion is being read."""
    if state.phase is not _P_READ_POTION or state.reader is None:
        return None
    return _unread(state.knights[state.reader], face_up=state.resume not in _AT_REVEAL)


# ---------------------------------------------------------------------------
# A knight's choices.


def _apply_knight(state: State, seat: int, action: object) -> State:
    if isinstance(action, Ask):
        state = _bound_down(state, seat)
        other = next_seat(seat, state.players)
        if bolder(state) and state.knights[other].at_wizard and _wizard_has_spells(state):
            # BQ §2 Players, bolder knights (BQ-28): the knight at the Wizard
            # may use a spell before the asked-for weapons arrive.
            return evolve(state, to_draw=action.count, waiting=seat, turn=other, step=_S_WIZARD)
        return evolve(state, phase=_P_DRAW, to_draw=action.count)
    # (the frequent moves first)
    if isinstance(action, GoToWizard):
        if state.step is _S_HARE:
            # BQ §Companions, the Hare: "chain, in the same turn" 2A and 2B.
            return _arrive_at_wizard(state, seat, spent=state.spent | {_CO_HARE})
        return _arrive_at_wizard(state, seat)
    if isinstance(action, Discard):
        spell = state.offer[action.slot]
        assert spell is not None
        offer = state.offer[: action.slot] + (None,) + state.offer[action.slot + 1 :]
        return _finish_visit(
            state, offer=offer, spell_discard=sort_spells(state.spell_discard + (spell,)),
            discarded=state.discarded | {action.slot},
        )
    if isinstance(action, Activate):
        spell = state.offer[action.slot]
        assert spell is not None
        offer = state.offer[: action.slot] + (None,) + state.offer[action.slot + 1 :]
        return _cast(state, spell, offer=offer)  # `_take_offer` in the same copy
    if isinstance(action, LetPass):
        return _resume_waiting(state)
    if isinstance(action, ReadPotion):
        return _read_potion(state, action.sign)
    if isinstance(action, (DuelAsk, DuelSpell, Fight, Sacrifice)):
        return _apply_duel(state, action)
    if isinstance(action, TargetPotion):
        # BQ §Potions: the potion spell flips a face-up potion's reading; it
        # is then discarded (BQ-32).
        knight = state.knights[action.seat]
        readings = tuple((w, -r if w == action.weapon else r) for w, r in knight.readings)
        flipped = _set_knight(state, action.seat, evolve(knight, readings=readings))
        flipped = _record_used(state, flipped, seat, frozenset({action.seat}))
        return _finish_visit(_discard_casting(flipped))
    if isinstance(action, ActivateMystery):
        if state.mystery_card is not None:
            # drawn already by the Owl's look (BQ-33): turned at once
            spell = state.mystery_card
            state = evolve(state, mystery=False, mystery_fate="activated", mystery_card=None,
                           mystery_known=frozenset())
            return _cast_revealed(state, spell)
        return evolve(state, mystery=False, mystery_fate="activated", phase=_P_REVEAL_MYSTERY)
    if isinstance(action, DiscardMystery):
        # BQ-13: discarded blind, the card is turned as it joins the discards.
        if state.mystery_card is not None:
            state = _discard_known_mystery(state)
            return _finish_visit(evolve(state, mystery_fate="discarded"))
        return evolve(state, mystery=False, mystery_fate="discarded", phase=_P_CLEAR_MYSTERY)
    if isinstance(action, PeekHidden):
        # BQ §Companions, the Owl: once per round, a look at a hidden weapon.
        knight = state.knights[action.seat]
        assert knight.hidden is not None
        hidden = Hidden(knight.hidden.weapon, knight.hidden.known_to | {seat})
        state = _set_knight(state, action.seat, evolve(knight, hidden=hidden))
        return evolve(state, spent=state.spent | {_CO_OWL})
    if isinstance(action, PeekMystery):
        state = evolve(state, spent=state.spent | {_CO_OWL})
        if state.mystery_card is not None:
            return evolve(state, mystery_known=state.mystery_known | {seat})
        return evolve(state, phase=_P_PEEK_MYSTERY)
    if isinstance(action, ReplaceSpell):
        # BQ §Companions, the Raven: the replaced spell is discarded (BQ-34).
        old = state.offer[action.slot]
        assert old is not None
        state = _take_offer(state, action.slot)
        return evolve(
            state,
            spell_discard=sort_spells(state.spell_discard + (old,)),
            spent=state.spent | {_CO_RAVEN},
            replace_slot=action.slot,
            replaced=old,
            phase=_P_REPLACE_SPELL,
        )
    if isinstance(action, EndTurn):
        return _advance(state, step=_S_CHOOSE)
    if isinstance(action, SwapCompanions):
        # BQ-36, BQ-47: used at once, like the swaps: the combat names it
        held = state.companions
        seats = frozenset(s for s, c in enumerate(held) if c in (action.first, action.second))
        swapped = _swap_companions(state, action)
        swapped = _record_used(state, swapped, seat, seats, companions=tuple(
            (c, c not in held) for c in (action.first, action.second)))
        return _finish_visit(_discard_casting(swapped))
    if isinstance(action, TargetKnight):
        spell = state.casting
        assert spell is not None
        if spell.kind is _K_SWAP_HIDDEN:
            swapped = _swap_hidden(state, seat, action.seat)
            swapped = _record_used(state, swapped, seat, frozenset({seat, action.seat}))
            return _finish_visit(_discard_casting(swapped))
        placed = ActiveSpell(spell, action.seat, mystery=state.casting_mystery, caster=seat)
        state = evolve(state, active=state.active + (placed,), casting=None)
        return _finish_visit(state)
    if isinstance(action, TargetWeapon):
        return evolve(state, swap_weapon=action.weapon, phase=_P_SWAP_DRAW)
    assert isinstance(action, TargetSpell)
    # BQ §Spell effects, BQ-11: both the cancelled spell and Cancel are discarded.
    cancelled = state.active[action.index]
    active = state.active[: action.index] + state.active[action.index + 1 :]
    before = state
    state = evolve(state, active=active)
    if cancelled.spell.kind is _K_FINAL_TURN:
        state = evolve(state, final_turn=False)  # BQ-16
    state = evolve(state, spell_discard=sort_spells(state.spell_discard + (cancelled.spell,)))
    on = frozenset() if cancelled.target is None else frozenset({cancelled.target})
    state = _record_used(before, state, seat, on, cancelled=cancelled)
    return _finish_visit(_discard_casting(state))


def _shifts(before: State, after: State) -> tuple[Shift, ...]:
    """The strengths (and the Boss's HP, seat None) that differ between
    `before` and `after` (a state whose hidden cards are known)."""
    out = []
    hp_before, hp_after = current_hp(before), current_hp(after)
    if hp_before != hp_after:
        out.append(Shift(None, hp_before, hp_after))
    for s in range(before.players):
        old, new = strength(before, s), strength(after, s)
        if old is not None and new is not None and old != new:
            out.append(Shift(s, old, new))
    return tuple(out)


def _potion_moved(before: State, after: State) -> bool:
    """Whether a potion changed hands between `before` and `after` (a swap)."""
    def potions(state: State, seat: int) -> list[Weapon | None]:
        return sorted((w for w in weapons_of(state.knights[seat]) if w is None or w.colour is None),
                      key=lambda w: (w is None, w.value if w is not None else 0))
    return any(potions(before, s) != potions(after, s) for s in range(before.players))


def _record_used(before: State, after: State, caster: int, seats: frozenset[int],
                 cancelled: ActiveSpell | None = None,
                 companions: tuple[tuple[Companion, bool], ...] = ()) -> State:
    """BQ-47: `after` remembers the spell being cast (used at once and then
    discarded) for the combat's summary, with the strengths it moved."""
    spell = before.casting
    assert spell is not None
    moved = _potion_moved(before, after)
    used = UsedSpell(spell, caster, seats, () if moved else _shifts(before, after), cancelled,
                     companions=companions, mystery=before.casting_mystery, potion_moved=moved)
    return evolve(after, used=after.used + (used,))


def _cast_revealed(state: State, spell: Spell) -> State:
    """BQ-7: the mystery spell activated blind is turned and cast as it is;
    BQ-15: one that can do nothing is discarded, and remembered for the
    combat's summary (BQ-47)."""
    if _usable(state, spell, state.turn):
        return _cast(state, spell, mystery=True)
    # BQ-47: the combat names it, with no effect (it vanished from the table)
    assert state.turn is not None
    wasted = UsedSpell(spell, state.turn, no_effect=True)
    return _finish_visit(evolve(state, spell_discard=sort_spells(state.spell_discard + (spell,)),
                                used=state.used + (wasted,), mystery_fate="discarded"))


def _discard_known_mystery(state: State) -> State:
    assert state.mystery_card is not None
    return evolve(
        state,
        spell_discard=sort_spells(state.spell_discard + (state.mystery_card,)),
        mystery=False,
        mystery_card=None,
        mystery_known=frozenset(),
    )


def _swap_companions(state: State, action: SwapCompanions) -> State:
    """The companion spell: the two cards trade places (a knight's, or the
    reserve's). A once-per-round power already used stays used (BQ-34).
    The reserve stays in the rulebook's order, as dealt (`_undealt`): it
    was sorted by name here, so any swap, even of two knights' companions,
    reordered it ("Hare, Fox, Tortoise" read "Fox, Hare, Tortoise", a
    play-test took it for a take-back gone wrong)."""
    a, b = action.first, action.second

    def other(c: Companion | None) -> Companion | None:
        return b if c is a else a if c is b else c

    companions = tuple(other(c) for c in state.companions)
    waiting = {other(c) for c in state.reserve}
    reserve = tuple(c for c in Companion if c in waiting)
    return evolve(state, companions=companions, reserve=reserve)


def _take_offer(state: State, slot: int) -> State:
    offer = state.offer[:slot] + (None,) + state.offer[slot + 1 :]
    return evolve(state, offer=offer)


def _arrive_at_wizard(state: State, seat: int, **changes: Any) -> State:
    """BQ §2B: the knight meets the Wizard and must use or discard a spell.
    `changes` (none of them the turn) are made in the same copy."""
    knights = changes.get("knights", state.knights)
    changes["knights"] = _with_knight(knights, seat, evolve(knights[seat], at_wizard=True))
    changes["phase"] = _P_TURN
    changes["turn"] = seat
    changes["step"] = _S_WIZARD
    state = evolved(state, changes)
    if not _wizard_has_spells(state):
        # BQ §6 Players: the last knight to the Wizard may find no spell.
        return _finish_visit(state)
    return state


def _wizard_has_spells(state: State) -> bool:
    # `any` of the offer in C: a spell is true, an empty slot (None) false
    return state.mystery or any(state.offer)


def _resume_waiting(state: State, **changes: Any) -> State:
    """After the bolder knight's spell (or pass), the other knight's
    asked-for weapons are drawn; `changes` are made in the same copy."""
    changes.update(turn=state.waiting, waiting=None, casting=None, step=_S_CHOOSE, phase=_P_DRAW)
    return evolved(state, changes)


def _cast(state: State, spell: Spell, *, mystery: bool = False, **changes: Any) -> State:
    """BQ §Spell effects A: a targeted spell waits for its target; a light
    spell goes next to the Boss at once (marked when it is the `mystery`
    spell turned, for the combat's summary: BQ-47). `changes` (none of them
    the spells in play) are made in the same copy."""
    if spell.kind in _TARGETED:
        changes["casting"] = spell
        changes["casting_mystery"] = mystery
        changes["step"] = _S_TARGET
        return evolved(state, changes)
    changes["active"] = state.active + (ActiveSpell(spell, mystery=mystery, caster=state.turn),)
    changes["casting"] = None
    if spell.kind is _K_FINAL_TURN:
        changes["final_turn"] = True
    return _finish_visit(state, **changes)


def _discard_casting(state: State) -> State:
    assert state.casting is not None
    return evolve(
        state,
        spell_discard=sort_spells(state.spell_discard + (state.casting,)),
        casting=None,
    )


def _swap_hidden(state: State, seat: int, other: int) -> State:
    """BQ §Spell effects: swap hidden weapons. Each knight sees the card they
    receive; whoever knew a card still knows it."""
    mine = state.knights[seat].hidden
    theirs = state.knights[other].hidden
    assert mine is not None and theirs is not None
    state = _set_knight(
        state,
        seat,
        evolve(
            state.knights[seat],
            hidden=Hidden(theirs.weapon, theirs.known_to | {seat}),
            down_bound=None,  # a card no ask bounded
        ),
    )
    return _set_knight(
        state,
        other,
        evolve(
            state.knights[other],
            hidden=Hidden(mine.weapon, mine.known_to | {other}),
            down_bound=None,
        ),
    )


def _finish_visit(state: State, **changes: Any) -> State:
    """The knight's visit to the Wizard is over; `changes` (none of them the
    turn or `waiting`) are made in the same copy."""
    if state.waiting is not None:
        return _resume_waiting(state, **changes)
    seat = state.turn
    assert seat is not None
    knights = changes.get("knights", state.knights)
    changes["knights"] = _with_knight(knights, seat, evolve(knights[seat], at_wizard=True, done=True))
    changes["casting"] = None
    changes["step"] = _S_CHOOSE
    return _advance(state, **changes)


def _advance(state: State, **changes: Any) -> State:
    """The next knight to the left who still plays this round, or combat;
    `changes` (none of them the turn) are made in the same copy."""
    turn = state.turn
    assert turn is not None
    n = state.players
    knights = changes.get("knights", state.knights)
    for step in range(1, n + 1):
        seat = (turn + step) % n  # `next_seat`, written out
        if not knights[seat].done:
            changes["turn"] = seat
            changes["step"] = _S_CHOOSE
            changes["phase"] = _P_TURN
            return evolved(state, changes)
    return _combat(evolve(state, **changes) if changes else state)


#: The most one face-down card can add (BQ §Components: weapons 1 to 7; a
#: potion's reading is less): what a face-down card received after an ask
#: adds to the knight's `down_bound`.
LARGEST_WEAPON = 7


def _bound_down(state: State, seat: int) -> State:
    """BQ-6: a knight over the HP must go to the Wizard, so a knight who
    asks for weapons is not over: its face-down cards add at most the HP
    less what everyone can count of it (`Knight.down_bound`)."""
    knight = state.knights[seat]
    limit = current_hp(state) - visible_strength(state, seat)
    if knight.down_bound is not None and knight.down_bound <= limit:
        return state
    return _set_knight(state, seat, evolve(knight, down_bound=limit))


def _down_card_added(knight: Knight) -> Knight:
    """A face-down card more (a night's weapon, the duel's): the bound grows
    by the most one card can add."""
    if knight.down_bound is None:
        return knight
    return evolve(knight, down_bound=knight.down_bound + LARGEST_WEAPON)


def weapon_worth(knight: Knight, weapon: Weapon) -> int:
    """What one of the knight's weapons adds to its strength, as `strength`
    counts it (an unread potion at its lower reading)."""
    return weapon.value if weapon.colour is not None else potion_value(knight, weapon)


def down_total(knight: Knight) -> int | None:
    """What the knight's face-down cards add to its strength, as `strength`
    counts them (an unread potion at its lower reading); None where a view
    hides one."""
    total = 0
    cards = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
    for card in cards:
        weapon = card.weapon
        if weapon is None:
            return None
        total += weapon_worth(knight, weapon)
    return total


def _with_knight(knights: tuple[Knight, ...], seat: int, knight: Knight) -> tuple[Knight, ...]:
    return knights[:seat] + (knight,) + knights[seat + 1 :]


def _set_knight(state: State, seat: int, knight: Knight) -> State:
    return evolve(state, knights=_with_knight(state.knights, seat, knight))


# ---------------------------------------------------------------------------
# Combat and the end of a round.


def _combat(state: State) -> State:
    """BQ §3 Combat, BQ-8, BQ-9."""
    n = state.players
    armorer = state.armorer
    for step in range(1, n + 1):
        # BQ §Potions: a face-down potion is read as it is revealed, from
        # the Armorer's left, with every weapon face up (BQ-31).
        seat = (armorer + step) % n  # `next_seat`, written out
        knight = state.knights[seat]
        hidden = knight.hidden
        down_potion = (
            hidden is not None and hidden.weapon is not None and hidden.weapon.colour is None
        )
        if (down_potion or knight.night) and _unread(knight, face_up=False) is not None:
            knights = tuple(_reveal(k, n) for k in state.knights)
            return _read_now(evolve(state, knights=knights), seat, "combat")
    hp = current_hp(state)
    kinds = _active_kinds(state)
    strengths = tuple(strength(state, s) or 0 for s in range(n))
    # without a colour or pair spell in play, every knight meets the conditions
    conditional = _K_NEED_COLOUR in kinds or _K_NEED_PAIR in kinds
    eliminated = tuple(
        "over"
        if strengths[s] > hp
        else ("" if not conditional or meets_conditions(state, s) else "spell")
        for s in range(n)
    )
    no_loss = _K_NO_HEART_LOSS in kinds
    loss = heart_loss(state)
    # BQ-30: a knight cannot lose more hearts than they hold; the Tortoise
    # loses none when over by 1 or 2 (BQ §Companions).
    # The Tortoise's permanent power is named first: where it covers a
    # knight, the spell spared that knight nothing more.
    spared = tuple(
        ""
        if eliminated[s] != "over"
        else "tortoise"
        if companion(state, s) is _CO_TORTOISE and strengths[s] - hp <= 2
        else "spell"
        if no_loss
        else ""
        for s in range(n)
    )
    hearts_lost = tuple(
        min(loss, state.knights[s].hearts) if eliminated[s] == "over" and not spared[s] else 0
        for s in range(n)
    )
    contenders = [s for s in range(n) if not eliminated[s]]
    # Closest to the HP first; a tie goes to the Fox (BQ-35), then to the
    # fewest weapon cards.
    rank = {
        s: (
            hp - strengths[s],
            0 if companion(state, s) is _CO_FOX else 1,
            state.knights[s].card_count,
        )
        for s in contenders
    }
    places = sorted(set(rank.values()))
    place = 1 if _K_SECOND_CLOSEST in kinds else 0
    winners = frozenset(s for s in contenders if len(places) > place and rank[s] == places[place])
    per_win = 2 if _K_EXTRA_KEY in kinds else 1
    perfect = frozenset(s for s in contenders if strengths[s] == hp)
    gained = tuple((per_win if s in winners else 0) + (1 if s in perfect else 0) for s in range(n))
    keys_after = tuple(k.keys + gained[s] for s, k in enumerate(state.knights))
    hearts_after = tuple(k.hearts - hearts_lost[s] for s, k in enumerate(state.knights))
    result = RoundResult(
        round=state.round,
        boss=state.boss or 0,
        hp=hp,
        equipment=tuple(tuple(w for w in weapons_of(k) if w is not None) for k in state.knights),
        strengths=strengths,
        eliminated=eliminated,
        winners=winners,
        perfect=perfect,
        keys_gained=gained,
        hearts_lost=hearts_lost,
        spells=state.active,
        keys_after=keys_after,
        hearts_after=hearts_after,
        used=state.used,
        readings=tuple(k.readings for k in state.knights),
        spared=spared,
        fox=next((s for s in range(n) if companion(state, s) is _CO_FOX), None),
        final_boss=state.options.final_boss,
        # left face down, drawn by an Owl's look: turned now (BQ-33); one
        # no one looked at is named once drawn (`_P_CLEAR_MYSTERY`)
        mystery_turned=state.mystery_card if state.mystery else None,
    )
    # BQ §New round: the Boss and every spell of the round are discarded.
    used = state.active
    leftovers = tuple(s for s in state.offer if s is not None)
    after = {
        "history": state.history + (result,),
        "turn": None,
        "step": _S_CHOOSE,
        "boss": None,
        "boss_discard": sorted_tuple(state.boss_discard + ((state.boss,) if state.boss else ())),
        "spell_discard": sort_spells(
            state.spell_discard + leftovers + tuple(a.spell for a in used)
        ),
        "offer": (),
        "discarded": frozenset(),
        "mystery_fate": "",
        "active": (),
        "used": (),
        "final_turn": False,
    }
    # BQ-9: combat resolves whole, then the end of the game is checked.
    ended = 0 in hearts_after or max(keys_after) >= keys_to_win(n)
    if not ended and not state.mystery:
        # in the same copy; the next round gathers every weapon, so the
        # knights are built bare at once
        return _next_round(state, knights=tuple(map(_fresh, hearts_after, keys_after)), **after)
    after["knights"] = tuple(
        evolve(k, hearts=hearts_after[s], keys=keys_after[s]) for s, k in enumerate(state.knights)
    )
    state = evolve(state, **after)
    # BQ-13, BQ-33: the mystery spell still face down is turned and
    # discarded, the game's last round's too: drawn by an Owl's look it is
    # that card, else the deck's draw turns it (`_P_CLEAR_MYSTERY`)
    if state.mystery and state.mystery_card is not None:
        state = _discard_known_mystery(state)
    elif state.mystery:
        return evolve(state, mystery=False, phase=_P_CLEAR_MYSTERY)
    return _end_game(state) if ended else _next_round(state)


def _game_ends(state: State) -> bool:
    """BQ-9: after a combat, a knight without hearts or one with the keys
    to win ends the game."""
    knights = state.knights
    return any(k.hearts == 0 for k in knights) or max(k.keys for k in knights) >= keys_to_win(
        state.players)


def _end_game(state: State) -> State:
    """The game ends after the round's combat (BQ §End of the game), or its
    winner faces the MegaBoss (BQ §Final Boss)."""
    # BQ-47: combat turned every weapon face up; no next round gathers
    # them, so the table stays as it was fought
    n = state.players
    state = evolve(state, knights=tuple(_reveal(k, n) for k in state.knights))
    winners = game_winners(state)
    if state.options.final_boss and len(winners) == 1:
        champion = next(iter(winners))
        if state.knights[champion].hearts == 0:
            # BQ-46: every knight lost the last heart together (BQ-17);
            # with no heart left the champion cannot save the Princess
            return evolve(state, ending=ENDINGS["no hearts"], phase=_P_OVER)
        return _start_duel(state, champion)
    return evolve(state, phase=_P_OVER)


def game_winners(state: State) -> frozenset[int]:
    """BQ §End of the game, BQ-17: most keys among the knights who kept a
    heart, then most hearts; still tied, all of them."""
    n = state.players
    keys = tuple(k.keys for k in state.knights)
    hearts = tuple(k.hearts for k in state.knights)
    alive = [s for s in range(n) if hearts[s] > 0] or list(range(n))
    return frozenset(winners_by(tuple((keys[s], hearts[s]) for s in range(n)), alive))


# ---------------------------------------------------------------------------
# The Final Boss (BQ §Extension: Final Boss, BQ-5, BQ-37, BQ-38).

#: The champion asks for 1 to this many weapons at a time (BQ-37).
MAX_DUEL_ASK = 9

ENDINGS = {
    "almost": "No hearts left: so close. In tribute, the Princess names her son Almost.",
    "no hearts": "The MegaBoss appears, and the champion has no heart left to face it "
    "(house ruling BQ-46): so close. In tribute, the Princess names her son Almost.",
    "failed": "The MegaBoss stands: the champion did not match its HP.",
    1: "The Princess is saved! With 1 heart left, the champion becomes an Honor Knight "
    "of the Kingdom and joins the Princess's escort.",
    2: "The Princess is saved! With 2 hearts left, the champion becomes General-in-Chief "
    "of the Knights and the Princess's trusted right hand.",
    3: "The Princess is saved! With 3 hearts left, the King ennobles the champion, who "
    "marries the Princess, leaves her a year later and goes to live with the MegaBoss.",
}


def failed_ending(matched: bool, unmet: tuple[Spell, ...]) -> str:
    """The MegaBoss stands (BQ-38): the ending says which of the two the
    champion failed, the HP or a condition, or both, naming the conditions
    (the play-test read "did not match its HP" after "30 against 30: exact!")."""
    if not unmet:
        return ENDINGS["failed"]
    lacks = " and ".join(lacking(s) for s in unmet)
    if matched:
        return f"The MegaBoss stands: the champion matched its HP but has {lacks}."
    return f"The MegaBoss stands: the champion did not match its HP and has {lacks}."


def allies_voice(state: State) -> int:
    """BQ-37: the defeated knights "agree together"; the best placed of them
    speaks for them, placed as the standings place them (BQ-53, BQ-26): a
    heart kept first, then most keys, then hearts, then the first seat."""
    losers = [s for s in range(state.players) if s != state.champion]
    return min(losers, key=lambda s: _voice_rank(state, s))


def _voice_rank(state: State, seat: int) -> tuple[bool, int, int, int]:
    knight = state.knights[seat]
    return (knight.hearts == 0, -knight.keys, -knight.hearts, seat)


def duel_drawers(state: State) -> tuple[int, ...]:
    """BQ §Final Boss: "The losing Knights then each draw 1 SPELL card":
    the defeated knights in the order they draw, clockwise from the
    champion's left (as cards are dealt, BQ-14). The spells are face up
    (BQ-50), so the order hides nothing; it names who drew which."""
    champion = state.champion if state.champion is not None else 0
    return tuple(next_seat(champion, state.players, step) for step in range(1, state.players))


def voice_reason(state: State) -> str:
    """Why `allies_voice` speaks for the defeated knights (BQ-37, BQ-53), in
    a player's words: "kept a heart", "most keys", "most keys, then hearts",
    "kept a heart, most keys" (one out on their last heart had as many),
    "first seat"; empty when it is the only defeated knight."""
    voice = allies_voice(state)
    others = [s for s in range(state.players) if s not in (voice, state.champion)]
    if not others:
        return ""
    mine = state.knights[voice]
    if mine.hearts and not any(state.knights[s].hearts for s in others):
        return "kept a heart"
    # one out on their last heart with as many keys: "most keys" alone is false
    outranked = [s for s in others if mine.hearts and not state.knights[s].hearts]
    heart = "kept a heart, " if any(state.knights[s].keys >= mine.keys for s in outranked) else ""
    others = [s for s in others if s not in outranked]
    if all(state.knights[s].keys < mine.keys for s in others):
        return heart + "most keys"
    if all(state.knights[s].keys < mine.keys or state.knights[s].hearts < mine.hearts
           for s in others):
        return heart + "most keys, then hearts"
    return heart + "tied on keys and hearts, first seat"


def _start_duel(state: State, champion: int) -> State:
    """BQ §Final Boss, Setup: the MegaBoss appears before the game's winner;
    the weapons are gathered and shuffled for the duel (BQ-37)."""
    if state.mystery_card is not None:
        state = _discard_known_mystery(state)
    state = _collect_weapons(evolve(state, mystery=False))
    return evolve(
        state,
        champion=champion,
        boss=cards.MEGABOSS,
        active=(),
        phase=_P_DUEL,
        turn=None,
        duel_asks=0,
    )


def _duel_actions(state: State, seat: int) -> tuple[object, ...]:
    phase = state.phase
    if phase is _P_DUEL and seat == state.champion:
        asks = DUEL_ASK[1 : min(MAX_DUEL_ASK, deck_size(state)) + 1]
        # the first request is part of the setup: no fight before it
        return asks + ((FIGHT,) if state.duel_asks else ())
    if phase is _P_DUEL_CHOOSE and seat == allies_voice(state):
        return tuple(DuelSpell(i) for i in range(len(state.duel_offer)))
    if phase is _P_DUEL_SACRIFICE and seat == state.champion:
        return SACRIFICE[: state.knights[seat].hearts + 1]
    return ()


def _duel_draw(state: State, weapon: Weapon) -> State:
    """BQ §Final Boss: the champion "looks at them, and places them face down"."""
    state, seen = _take_weapon(state, weapon)
    seat = state.champion
    assert seat is not None
    knight = state.knights[seat]
    knight = evolve(_down_card_added(knight), night=knight.night + (Hidden(weapon, seen | {seat}),))
    state = _set_knight(state, seat, knight)
    to_draw = state.to_draw - 1
    if to_draw > 0 and deck_size(state) > 0:
        return evolve(state, to_draw=to_draw)
    # "Each time the winner requests WEAPON cards, the losers activate 1
    # SPELL card": each draws one first (BQ-37).
    state = evolve(state, to_draw=0, duel_offer=())
    if not state.spell_deck:
        return evolve(state, phase=_P_DUEL)
    return evolve(state, phase=_P_DUEL_SPELLS)


def _duel_spell_drawn(state: State, spell: Spell) -> State:
    state = evolve(
        state,
        duel_offer=state.duel_offer + (spell,),
        spell_deck=take(state.spell_deck, spell),
    )
    state = _refill_spell_deck(state)
    if len(state.duel_offer) < state.players - 1 and state.spell_deck:
        return state
    if len(state.duel_offer) == 1:
        # BQ-52: one spell drawn leaves nothing to agree on: it is activated
        # at once (a lone defeated knight away no longer stops the duel)
        return _apply_duel(state, DuelSpell(0))
    return evolve(state, phase=_P_DUEL_CHOOSE)


def _apply_duel(state: State, action: object) -> State:
    seat = state.champion
    assert seat is not None
    if isinstance(action, DuelAsk):
        return evolve(
            state, phase=_P_DUEL_DRAW, to_draw=action.count, duel_asks=state.duel_asks + 1
        )
    if isinstance(action, DuelSpell):
        # BQ §Final Boss: one activated, "The unused SPELL cards are
        # discarded." A dark spell goes on the champion (BQ-38).
        chosen = state.duel_offer[action.index]
        unused = state.duel_offer[: action.index] + state.duel_offer[action.index + 1 :]
        # whose it is, for the combat (BQ-47): the defeated knights' voice,
        # or the drawer of the only one (BQ-52), as the log says
        caster = allies_voice(state) if len(state.duel_offer) > 1 else duel_drawers(state)[0]
        placed = ActiveSpell(chosen, seat if chosen.dark else None, caster=caster)
        return evolve(
            state,
            active=state.active + (placed,),
            duel_offer=(),
            spell_discard=sort_spells(state.spell_discard + unused),
            phase=_P_DUEL,
        )
    if isinstance(action, Fight):
        return _duel_fight(state)
    assert isinstance(action, Sacrifice)
    return _duel_end(state, action.hearts)


def acts_in_duel(spell: Spell) -> bool:
    """Whether `spell` does anything in the Final Boss duel (BQ-38): the
    MegaBoss's HP, the champion's strength and the colour and pair
    conditions do; spells about rounds, keys, hearts, swaps or companions,
    Cancel and Flip a potion do nothing (the rules let the defeated knights
    activate them all the same)."""
    kind = spell.kind
    return (kind in HP_CHANGE or kind in ATTACK_CHANGE
            or kind in (SpellKind.NEED_COLOUR, SpellKind.NEED_PAIR))


def _duel_fight(state: State) -> State:
    """BQ §Final Boss: "when the Knight goes into combat, they reveal their
    WEAPON cards" (a potion is read then, BQ-31)."""
    seat = state.champion
    assert seat is not None
    # face up for everyone before a potion is read or a heart sacrificed
    state = _set_knight(state, seat, _reveal(state.knights[seat], state.players))
    if _unread(state.knights[seat], face_up=False) is not None:
        return _read_now(state, seat, "duel")
    return evolve(state, phase=_P_DUEL_SACRIFICE)


def duel_strength(state: State) -> int | None:
    """The champion's attack strength against the MegaBoss, hearts
    sacrificed included."""
    if state.champion is None:
        return None
    mine = strength(state, state.champion)
    return None if mine is None else mine + state.sacrificed


def _duel_end(state: State, hearts: int) -> State:
    """BQ §Final Boss, End of the game: the printed endings (BQ-38)."""
    seat = state.champion
    assert seat is not None
    # "they reveal their WEAPON cards"
    state = _set_knight(state, seat, _reveal(state.knights[seat], state.players))
    state = evolve(state, sacrificed=hearts)
    knight = state.knights[seat]
    left = knight.hearts - hearts
    unmet = unmet_in_duel(state, seat)
    met = not unmet
    matched = duel_strength(state) == current_hp(state)
    won = matched and met
    if left <= 0:
        ending = ENDINGS["almost"]
    elif won:
        ending = ENDINGS[min(left, 3)]
    else:
        ending = failed_ending(matched, unmet)
    weapons = tuple(w for w in weapons_of(knight) if w is not None)
    total = sum(w.value if w.colour is not None else potion_value(knight, w) for w in weapons)
    mine = strength(state, seat) or 0
    duel = DuelResult(
        champion=seat,
        megaboss=state.boss or cards.MEGABOSS,
        hp=current_hp(state),
        weapons=weapons,
        readings=knight.readings,
        weapons_total=total,
        spells_total=mine - total,
        sacrificed=hearts,
        strength=mine + hearts,
        spells=state.active,
        conditions_met=met,
        hearts_before=knight.hearts,
        won=won and left > 0,
        ending=ending,
        unmet=unmet,
    )
    return evolve(state, ending=ending, duel=duel, phase=_P_OVER)


def duel_numbers(duel: DuelResult) -> str:
    """The duel's combat in numbers, its champion as a seat mark (BQ-47):
    "{1}'s weapons 27, spells +1 and 2 hearts sacrificed make 30 against 30
    HP", or "{1}'s weapons 35 against 30 HP" (after "The duel: ", one colon)."""
    changes = []
    if duel.spells_total:
        changes.append(f"spells {duel.spells_total:+d}")
    if duel.sacrificed:
        s_ = "" if duel.sacrificed == 1 else "s"
        changes.append(f"{duel.sacrificed} heart{s_} sacrificed")
    line = f"{seat_mark(duel.champion)}'s weapons {duel.weapons_total}"
    if changes:
        line += f", {' and '.join(changes)} make {duel.strength}"
    line += f" against {duel.hp} HP"
    if duel.hp != duel.megaboss:
        line += f" (MegaBoss {duel.megaboss}, spells {duel.hp - duel.megaboss:+d})"
    if duel.unmet:
        line += "; " + " and ".join(str(s) for s in duel.unmet) + " not met"
    elif not duel.conditions_met:
        line += "; a spell's condition not met"
    return line


def _duel_hearts_note(duel: DuelResult) -> str:
    """How the results' hearts and the duel's ending agree (BQ-38): the
    standings' hearts are the quest's, the ending counts what the champion
    kept after sacrificing some in the duel."""
    n = duel.sacrificed
    left = duel.hearts_before - n
    return (f"Hearts above: as the quest ended, before the duel, which changes no standing "
            f"(house ruling BQ-38). {seat_mark(duel.champion)} went into it with "
            f"{duel.hearts_before} and sacrificed {n}: {left} left at its end.")


def _next_round(state: State, **changes: Any) -> State:
    """BQ §New round: next Boss, new spells, the Armorer moves left, the
    weapons are gathered and reshuffled. `changes` (the end of the round,
    none of them the round, the Armorer or the options) are made in the
    same copy."""
    knights = changes.get("knights", state.knights)
    return evolve(
        state,
        **{
            **changes,
            "round": state.round + 1,
            "armorer": next_seat(state.armorer, state.players),
            "phase": _P_REVEAL_BOSS,
            "boss": None,
            "spent": frozenset(),
            **_collected(state, knights),
        },
    )


def _collect_weapons(state: State) -> State:
    return evolve(state, **_collected(state, state.knights))


def _collected(state: State, knights: tuple[Knight, ...]) -> dict[str, Any]:
    """The changes that gather every weapon back into the deck."""
    green = with_green(state.players, state.options)
    return {
        "knights": tuple(_fresh(k.hearts, k.keys) for k in knights),
        "weapon_deck": cards.weapons(green, state.options.potions),
        "deck_top": (),
        "dealt": 0,
        "to_draw": 0,
        "casting": None,
        "swap_weapon": None,
    }


_FRESH: dict[tuple[int, int], Knight] = {}


def _fresh(hearts: int, keys: int) -> Knight:
    """A knight holding nothing, with its hearts and keys (one shared,
    immutable instance each)."""
    knight = _FRESH.get((hearts, keys))
    if knight is None:
        knight = _FRESH[hearts, keys] = Knight(hearts=hearts, keys=keys)
    return knight


def _refill_boss_deck(state: State) -> State:
    """BQ §New round: "If, at any point, the BOSS deck ... runs out, gather
    up the discards and form a new deck": at once, so the Boss just turned
    (not yet discarded) cannot come straight back next round."""
    if state.boss_deck:
        return state
    return evolve(state, boss_deck=state.boss_discard, boss_discard=())


def _refill_spell_deck(state: State) -> State:
    """BQ §New round: "If, at any point, the ... SPELL deck runs out,
    gather up the discards and form a new deck." BQ-45: the face-down
    mystery spell, left in the deck until it is used (BQ-13), is not in it
    for that: when it is the deck's last card the deck has run out, the
    mystery spell is that card (seen by no one yet) and the discards form
    the new deck, so that no later draw (the Raven's) takes the mystery's
    card, and the mystery is never a card discarded since it was laid."""
    if state.mystery and state.mystery_card is None and len(state.spell_deck) == 1:
        state = evolve(state, mystery_card=state.spell_deck[0], mystery_known=frozenset(),
                       spell_deck=())
    if state.spell_deck:
        return state
    return evolve(state, spell_deck=state.spell_discard, spell_discard=())


# ---------------------------------------------------------------------------
# Views, outcome and the table's log.


def view(state: State, seat: int | None) -> State:
    """What `seat` may know (None: a spectator). Every card it cannot see is
    None, and `unseen` pools them all, so nothing follows by subtraction."""
    unseen: list[Weapon] = list(state.unseen or ())

    def hide(card: Hidden) -> Hidden:
        if card.weapon is None or seat in card.known_to or PUBLIC in card.known_to:
            return card
        unseen.append(card.weapon)
        return Hidden(None, card.known_to)

    knights = tuple(
        k
        if k.hidden is None and not k.night
        else evolve(
            k,
            hidden=None if k.hidden is None else hide(k.hidden),
            night=tuple(hide(c) for c in k.night),
        )
        for k in state.knights
    )
    deck_top = tuple(hide(c) for c in state.deck_top)
    unseen.extend(w for w in state.weapon_deck if w is not None)
    swap_weapon = state.swap_weapon
    if swap_weapon is not None and swap_weapon in unseen:
        swap_weapon = None
    view_state = evolve(
        state,
        knights=knights,
        deck_top=deck_top,
        weapon_deck=(None,) * len(state.weapon_deck),
        swap_weapon=swap_weapon,
        unseen=sort_weapons(unseen),
        used=(),  # BQ-47: strengths no view may know before combat
    )
    if state.mystery_card is not None and seat not in state.mystery_known:
        # BQ-33: to whoever has not looked, the mystery spell is still one of
        # the spell deck's cards.
        view_state = evolve(
            view_state,
            mystery_card=None,
            spell_deck=sort_spells(state.spell_deck + (state.mystery_card,)),
        )
    return view_state


def outcome(state: State) -> Outcome | None:
    """BQ §End of the game, BQ-9, BQ-17: most keys, then most hearts; a knight
    who lost their last heart cannot win. BQ-26: `scores` ranks every knight
    that way (see `core.engine.Outcome`); the pad keeps the keys."""
    if state.phase is not _P_OVER:
        return None
    if state.players == 1:
        return solo.outcome(state)
    n = state.players
    keys = tuple(k.keys for k in state.knights)
    hearts = tuple(k.hearts for k in state.knights)
    alive = [s for s in range(n) if hearts[s] > 0] or list(range(n))
    winners = game_winners(state)
    rounds_won = tuple(sum(1 for r in state.history if s in r.winners) for s in range(n))
    perfects = tuple(sum(1 for r in state.history if s in r.perfect) for s in range(n))
    notes: list[str] = []
    if state.ending:
        # BQ-38: the duel's ending is told; the game's standings stand.
        notes.append(f"Final Boss: {state.ending}")
    no_duel = no_duel_note(state)
    if no_duel:
        notes.append(no_duel)
    hearts_name = "Hearts"
    if state.duel is not None:
        # BQ-47: with its numbers
        notes.append(f"The duel: {duel_numbers(state.duel)}.")
        if state.duel.sacrificed:
            # the play-test: "Hearts 3" in the results beside an ending "With
            # 1 heart left" read as a contradiction; BQ-38 settles the
            # standings before the duel, and both counts are told as such
            hearts_name = "Hearts before duel"
            notes.append(_duel_hearts_note(state.duel))
    fallen = [s for s in range(n) if hearts[s] == 0]
    if fallen and len(alive) < n:
        notes.append("A knight who lost their last heart has lost the game.")
    best_keys = max(keys[s] for s in alive)
    if sum(1 for s in alive if keys[s] == best_keys) > 1:
        notes.append("Tied on keys: the most hearts wins; still tied, all win.")
    # BQ-26: the standings rank knights who kept a heart first, each group by
    # keys then hearts; the score is the keys, lowered where that ranking
    # puts a knight below another with as many keys.
    ranks = tuple((s in alive, keys[s], hearts[s]) for s in range(n))
    scores = standing_scores(keys, ranks)
    if scores != keys:
        notes.append(
            "Places (house ruling BQ-26): a heart kept first, then keys, then hearts."
        )
    return Outcome(
        scores=scores,
        winners=winners,
        breakdown=(
            Category("Keys", keys),
            Category(hearts_name, hearts),
            Category("Rounds won", rounds_won),
            Category("Perfects", perfects),
        ),
        notes=tuple(notes),
        points=keys if scores != keys else (),
    )


def final_choice(state: State, seat: int, action: object) -> str:
    """BQ-54: a choice the rulebook calls final cannot be taken back (undo)
    once made; why, in words for the refusal ("" for any other move, which
    may be taken back until another knight moves or a card is drawn).
    BQ §Potions: "They cannot change it afterward"; BQ §2B: "Careful — this
    choice is final" (going to the Wizard, the Hare's way too)."""
    if isinstance(action, ReadPotion):
        return ("a potion's reading is final, as the rulebook says "
                "(house ruling BQ-54)")
    if isinstance(action, GoToWizard):
        return ("going to the Wizard is final, as the rulebook says "
                "(house ruling BQ-54)")
    return ""


def score_notes(state: State) -> tuple[str, ...]:
    """BQ-26, for the results: one line per knight whose score is below
    their keys, naming the knight placed just above and why ("Score 2"
    beside 3 keys read as a fault). Seats as `seat_mark`s."""
    result = outcome(state) if state.players > 1 else None
    if result is None:
        return ()
    scores = result.scores
    keys = tuple(k.keys for k in state.knights)
    hearts = tuple(k.hearts for k in state.knights)
    # the results' order: winners first, then by score, then by seat
    order = sorted(range(state.players), key=lambda s: (s not in result.winners, -scores[s], s))
    notes = []
    for seat in order:
        if scores[seat] >= keys[seat]:
            continue
        above = next(s for s in order if scores[s] == scores[seat] + 1)
        head = f"{seat_mark(seat)}'s score is {scores[seat]}, one below {seat_mark(above)}'s"
        if hearts[seat] == 0 < hearts[above]:
            count = f"{keys[seat]} key" + ("" if keys[seat] == 1 else "s")
            why = f": {count}, but placed below for losing the last heart"
        elif keys[seat] == keys[above]:
            why = f": tied on keys ({keys[seat]}), placed below on hearts"
        else:
            why = ", so that the scores read in the order of the places"
        notes.append(f"{head}{why} (house ruling BQ-26).")
    return tuple(notes)


def describe(
    state: State,
    seat: int,
    action: object,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """One log line for `action` applied to `state` by `seat`, worded for
    `viewer` (None: a spectator, who reads the public line). A card dealt,
    taken or swapped face down is named only to the seats that know it
    afterwards (BQ §1, BQ-10, BQ-24): the same seats `view` shows it to."""
    if state.players == 1:
        return solo.describe(state, action, names)
    name = _namer(state, names)
    who = name(state.turn) if state.turn is not None else ""
    if isinstance(action, RevealBoss):
        if action.hp == cards.ULUL and state.options.ulul is _U_NIGHT:
            return (
                f"Round {state.round}: Ul'ul ({action.hp} HP) lands and night falls: "
                "every weapon is dealt face down, and going over costs 2 hearts."
            )
        if action.hp == cards.ULUL:
            return f"Round {state.round}: Ul'ul, a Boss with {action.hp} HP, appears."
        return f"Round {state.round}: a Boss with {action.hp} HP appears."
    if isinstance(action, LaySpell):
        if state.phase is _P_REPLACE_SPELL:
            another = "another " if action.spell == state.replaced else ""
            return f"The Raven brings {another}{action.spell} to the Wizard."
        if state.phase is _P_DUEL_SPELLS:
            # BQ §Final Boss: "The losing Knights then each draw 1 SPELL card",
            # face up (BQ-50): who drew which is no secret (the reader's own
            # draw reads "You draw": `second_person`)
            drawer = duel_drawers(state)[len(state.duel_offer)]
            line = f"{name(drawer)} draws {action.spell} for the MegaBoss"
            if _duel_spell_drawn(state, action.spell).phase is _P_DUEL:
                # BQ-52: the only spell drawn, activated at once; no one's
                # choice, said where it goes (BQ-38), not "against" the
                # champion (a play-test's Attack +2 helped); a light one
                # "next to" the MegaBoss ("by the MegaBoss" read as its doing)
                where = (f"on {name(state.champion)}" if action.spell.dark
                         else "next to the MegaBoss")
                line += f" and activates it {where}"
                if not acts_in_duel(action.spell):
                    line += " (no effect in the duel)"
            return line + "."
        return f"The Wizard offers {action.spell}."
    if isinstance(action, RevealSpell):
        if state.phase is _P_PEEK_MYSTERY:
            if viewer is not None and viewer == state.turn:
                return f"The mystery spell is {action.spell} (only you know)."
            return "The Owl has seen the mystery spell."
        if state.phase is _P_REVEAL_MYSTERY:
            line = f"The mystery spell is {action.spell}."
            if not _usable(state, action.spell, state.turn):
                # BQ-15: said as it happens, not only at combat (a play-test
                # saw the card turned and then gone, unsaid)
                why = NOTHING_TO_DO_NOW.get(action.spell.kind, "it can do nothing now")
                line = f"The mystery spell is {action.spell}: {why}, so it is discarded unused."
        else:
            line = f"The mystery spell was {action.spell}; it is discarded."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, DrawWeapon) and state.phase is _P_DUEL_DRAW:
        if viewer == state.champion:
            return f"{name(state.champion)} takes {action.weapon} face down."
        return f"{name(state.champion)} takes a weapon face down."
    if isinstance(action, DrawWeapon):
        if state.phase is _P_DEAL:
            n = state.players
            target = next_seat(state.armorer, n, 1 + state.dealt % n)
            if state.dealt < n:
                if viewer == target:
                    return f"{name(target)} is dealt a hidden weapon: {action.weapon}."
                return f"{name(target)} is dealt a hidden weapon."
            if is_night(state):
                if viewer == target:
                    return f"{name(target)} is dealt {action.weapon} face down."
                return f"{name(target)} is dealt a weapon face down."
            return f"{name(target)} is dealt {action.weapon}."
        if state.phase is _P_SWAP_DRAW:
            assert state.turn is not None
            knight = state.knights[state.turn]
            if state.swap_weapon in _face_down(knight):
                # BQ-10: the owner sees the card; so do those who had seen it on top.
                known = state.deck_top[0].known_to if state.deck_top else frozenset()
                if viewer is not None and viewer in known | {state.turn}:
                    line = f"{who} takes {action.weapon} from the deck face down."
                else:
                    line = f"{who} takes the deck's top card face down."
            else:
                line = f"{who} takes {action.weapon} from the deck."
            return _with_combat(state, seat, action, line, name)
        if is_night(state):
            if viewer == state.turn:
                line = f"{who} receives {action.weapon} face down"
            else:
                line = f"{who} receives a weapon face down"
            return _with_combat(state, seat, action, line + _on_to_wizard(state, action), name)
        line = f"{who} receives {action.weapon}" + _on_to_wizard(state, action)
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, Ask):
        s = "s" if action.count > 1 else ""
        return f"{who} asks for {action.count} weapon{s}."
    if isinstance(action, GoToWizard):
        # (six knights: the last may find no spell there, and combat follows)
        line = f"{who} goes to the Wizard."
        if state.step is _S_HARE:
            # named, as the Raven's and Owl's are: "receives B2. goes to the
            # Wizard." read as a rule broken (play-test)
            line = f"{who}'s Hare: on to the Wizard in the same turn."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, Activate):
        spell = state.offer[action.slot]
        if spell is not None and spell.kind in _TARGETED:
            # It works once its target is chosen: that line says "activates".
            return f"{who} takes {spell} from the Wizard and picks a target."
        line = f"{who} activates {spell}."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, Discard):
        line = f"{who} discards {state.offer[action.slot]}."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, ActivateMystery):
        if state.mystery_card is not None:
            line = f"{who} activates the mystery spell: {state.mystery_card}."
            return _with_combat(state, seat, action, line, name)
        return f"{who} activates the mystery spell blind."
    if isinstance(action, DiscardMystery):
        if state.mystery_card is not None:
            line = f"{who} discards the mystery spell: {state.mystery_card}."
            return _with_combat(state, seat, action, line, name)
        return f"{who} discards the mystery spell blind."
    if isinstance(action, LetPass):
        return f"{who} lets the Wizard's spells be for now."
    if isinstance(action, DuelAsk):
        champ = name(state.champion)
        s_ = "s" if action.count > 1 else ""
        return f"{champ} asks for {action.count} weapon{s_} against the MegaBoss."
    if isinstance(action, DuelSpell):
        # BQ-37: the best placed defeated knight chooses for them all
        chosen = state.duel_offer[action.index]
        unused = state.duel_offer[: action.index] + state.duel_offer[action.index + 1 :]
        reason = voice_reason(state)
        voice = f"{name(seat)} ({reason})" if reason else name(seat)
        line = f"{voice} activates {chosen} against {name(state.champion)}"
        if not acts_in_duel(chosen):
            line += " (no effect in the duel)"  # the log read as if it acted
        if unused:  # face up, like the draws (BQ-50)
            verb = "is" if len(unused) == 1 else "are"
            line += f"; {', '.join(str(spell) for spell in unused)} {verb} discarded"
        return line + "."
    if isinstance(action, Fight):
        return f"{name(state.champion)} goes into combat against the MegaBoss."
    if isinstance(action, Sacrifice):
        after = apply(state, seat, action)
        champ = state.champion
        assert champ is not None
        shown = ", ".join(str(w) for w in weapons_of(state.knights[champ]) if w is not None)
        n = action.hearts
        hearts = "no heart" if n == 0 else f"{n} heart{'' if n == 1 else 's'}"
        # "and" before the second verb: `second_person` turns it too ("You
        # reveal ..., and sacrifice"; it read "You reveal ..., sacrifices")
        line = (
            f"{name(champ)} reveals {shown}, and sacrifices {hearts}: "
            f"{duel_strength(after)} against {current_hp(after)} HP. {after.ending}"
        )
        return line
    if isinstance(action, DealCompanion):
        seat_to = state.companions.index(None) if None in state.companions else 0
        # "you" only to its holder: "Cy is dealt the Fox: You win ties" read as the reader's
        power = action.companion.text if viewer == seat_to else action.companion.their_text
        return f"{name(seat_to)} is dealt the {action.companion.label}: {power}"
    if isinstance(action, PeekHidden):
        knight = state.knights[action.seat]
        seen = ""
        if viewer == state.turn and knight.hidden is not None and knight.hidden.weapon:
            seen = f": {knight.hidden.weapon}"
        return f"{who}'s Owl looks at {name(action.seat)}'s hidden weapon{seen}."
    if isinstance(action, PeekMystery):
        return f"{who}'s Owl looks at the mystery spell."
    if isinstance(action, ReplaceSpell):
        return f"{who}'s Raven replaces {state.offer[action.slot]} with the spell deck's top card."
    if isinstance(action, EndTurn):
        # the Hare's choice declined (BQ §Companions: "chain, in the same
        # turn, the equipment phase and meeting the WIZARD"), said so: "ends
        # the turn without meeting the Wizard" named no Hare; short, as it
        # follows many asks (play-test)
        line = f"{who}'s Hare: not used this turn."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, SwapCompanions):
        line = f"{who} swaps the {action.first.label} and the {action.second.label}."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, ReadPotion):
        knight = state.knights[state.reader] if state.reader is not None else None
        potion = _unread(knight, state.resume not in _AT_REVEAL) if knight is not None else None
        reading = f"{'+' if action.sign > 0 else '-'}{potion.value}" if potion else ""
        line = f"{name(state.reader)} reads the potion {potion} as {reading}"
        return _with_combat(state, seat, action, line + _on_to_wizard(state, action), name)
    if isinstance(action, TargetPotion):
        knight = state.knights[action.seat]
        now = -potion_value(knight, action.weapon)
        # one's own potion (BQ-32: "including themselves"): "Ann flips Ann's" read oddly
        whose = "their own" if action.seat == state.turn else f"{name(action.seat)}'s"
        line = f"{who} flips {whose} potion {action.weapon} to {now:+d}."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, TargetKnight):
        spell = state.casting
        if spell is not None and spell.kind is _K_SWAP_HIDDEN:
            seen = _swap_seen(state, action.seat, viewer, name)
            line = f"{who} swaps hidden weapons with {name(action.seat)}{seen}."
        else:
            # a dark spell on oneself (BQ §Activating a spell): "on Ann" read oddly
            on = "themselves" if action.seat == state.turn else name(action.seat)
            line = f"{who} activates {spell} on {on}."
        return _with_combat(state, seat, action, line, name)
    if isinstance(action, TargetWeapon):
        knight = state.knights[state.turn] if state.turn is not None else None
        down = _face_down(knight) if knight is not None else {}
        if action.weapon in down:
            if viewer is not None and viewer in down[action.weapon]:
                return f"{who} swaps their hidden {action.weapon} with the deck's top card."
            return f"{who} swaps their hidden weapon with the deck's top card."
        return f"{who} swaps {action.weapon} with the deck's top card."
    if isinstance(action, TargetSpell):
        line = f"{who} cancels {state.active[action.index].spell}."
        return _with_combat(state, seat, action, line, name)
    return f"{who}: {action}"


def _face_down(knight: Knight) -> dict[Weapon | None, frozenset[int]]:
    """A knight's face-down weapons (the hidden one, a night's), with who
    knows each."""
    cards_ = () if knight.hidden is None else (knight.hidden,)
    return {c.weapon: c.known_to for c in cards_ + knight.night}


def _on_to_wizard(state: State, action: DrawWeapon | ReadPotion) -> str:
    """The end of the line of a weapon received (or a potion read) that ends
    a request: " and goes to the Wizard: no spell is left." where BQ §2A
    sends the last knight in phase A there, with six knights maybe to find
    no spell (BQ §6 Players): the log said nothing, and the knight was just
    "done"; "." when the request goes on or ends otherwise."""
    seat = state.turn
    if seat is None or state.final_turn or state.phase not in (_P_DRAW, _P_READ_POTION):
        return "."  # under "Final turn" the request was the last action (BQ-51)
    left = len(state.weapon_deck) + len(state.deck_top)
    if isinstance(action, DrawWeapon):
        if action.weapon.colour is None and not is_night(state):
            return "."  # read first: the reading's line says it
        left -= 1
    elif state.resume != "draw":
        return "."
    if (state.to_draw > 1 and left > 0) or (state.players == 6 and left == 0):
        return "."  # more to come; or the deck ran out: combat at once (BQ-27)
    if not all(k.done for s, k in enumerate(state.knights) if s != seat):
        return "."
    # one sentence with the receiving: "You receive G3 and go to the Wizard"
    return " and goes to the Wizard" + ("." if _wizard_has_spells(state) else ": no spell is left.")


def _swap_seen(state: State, other: int, viewer: int | None, name) -> str:
    """BQ-24: what `viewer` knows of a swap of hidden weapons: each of the two
    knights the card received and the one given, anyone else only the cards
    they had seen before."""
    seat = state.turn
    assert seat is not None
    mine = state.knights[seat].hidden
    theirs = state.knights[other].hidden
    if viewer is None or mine is None or theirs is None:
        return ""
    parts = []
    if viewer in theirs.known_to | {seat}:
        parts.append(f"{name(seat)} now holds {theirs.weapon}")
    if viewer in mine.known_to | {other}:
        parts.append(f"{name(other)} now holds {mine.weapon}")
    return f" ({'; '.join(parts)})" if parts else ""


def _namer(state: State, names: Sequence[str] | None):
    def name(seat: int | None) -> str:
        if seat is None:
            return "?"
        if names is not None and seat < len(names):
            return names[seat]
        return f"Knight {seat + 1}"

    return name


def _with_combat(state: State, seat: int, action: object, line: str, name) -> str:
    """Append the combat summary when this action ends the round, on a line
    of its own (and the duel's announcement on another): run on after the
    move with a space, a wide log showed the move, the combat and its
    winners as one paragraph."""
    try:
        after = apply(state, seat, action)
    except IllegalAction:
        return line
    if len(after.history) == len(state.history):
        if isinstance(action, RevealSpell) and state.turn is None:
            # the mystery spell turned after the game's last combat (BQ-13):
            # the game's end is told after it
            return _with_ending(state, after, line, name)
        return line
    line = f"{line}\n{combat_summary(after.history[-1], name)}"
    if state.mystery_card is not None and not isinstance(action, (ActivateMystery,
                                                                  DiscardMystery)):
        # BQ-13, BQ-33: the mystery spell left at the round's end is turned
        # face up. Drawn by an Owl's look, no draw turns it (which names it
        # without a look), so the combat's line does: it went unsaid.
        line += f"\nThe mystery spell was {state.mystery_card}; it is discarded."
    return _with_ending(state, after, line, name)


def _with_ending(state: State, after: State, line: str, name) -> str:
    """`line`, then the Final Boss duel's announcement when `after` begins
    it, or why no duel is played when the game ended without one."""
    if after.champion is not None and state.champion is None:
        line += "\n" + duel_announcement(after, name)
    no_duel = no_duel_note(after)
    if no_duel:
        line += "\n" + name_seats(no_duel, [name(s) for s in range(after.players)])
    return line


def no_duel_note(state: State) -> str:
    """BQ-38: the Final Boss duel is fought by the game's one winner. When
    the game ended tied (BQ §End of the game: "all tied players win"), no
    duel is played, and the log and the results say why, the tied knights
    as seat marks (`seat_mark`); "" when a duel was played or none was due.
    (The match ended "Bram and Cora win!" with the Final Boss on, and
    nothing told why the MegaBoss never came: the play-test.)"""
    if state.phase is not _P_OVER or not state.options.final_boss or state.players == 1:
        return ""
    if state.champion is not None or state.ending:
        return ""
    winners = sorted(game_winners(state))
    if len(winners) < 2:
        return ""
    marks = [seat_mark(s) for s in winners]
    tied = ", ".join(marks[:-1]) + f" and {marks[-1]}"
    return (f"No Final Boss duel: {tied} tie for the win, and only a single winner "
            "faces the MegaBoss (house ruling BQ-38).")


def game_over_line(result: RoundResult, name) -> str:
    """When the round `result` ends the game (BQ §End of the game, BQ-9:
    5 keys, or a knight's last heart lost), why and who wins it (BQ-17),
    and who faces the MegaBoss next with the Final Boss (BQ-38, BQ-46), in
    the log's words ("The game is over: Ann wins it."); "" when the game
    goes on. (The combat's box of that round said only "on to the table".)"""
    n = len(result.strengths)
    keys, hearts = result.keys_after, result.hearts_after
    out = [s for s in range(n) if hearts[s] == 0]
    full = [s for s in range(n) if keys[s] >= keys_to_win(n)]
    if not out and not full:
        return ""

    def names(seats: Sequence[int]) -> str:
        said = [name(s) for s in seats]
        return ", ".join(said[:-1]) + f" and {said[-1]}" if len(said) > 1 else said[0]

    alive = [s for s in range(n) if hearts[s] > 0] or list(range(n))
    winners = sorted(winners_by(tuple((keys[s], hearts[s]) for s in range(n)), alive))
    verb = "wins" if len(winners) == 1 else "win"
    if out:
        why = f"{names(out)} lost their last heart" + ("s" if len(out) > 1 else "")
        others = [s for s in alive if s not in winners]
        how = ""
        if len(alive) < n:
            how = (" on keys" if all(keys[s] < keys[winners[0]] for s in others)
                   else " on keys, then hearts")
        line = f"The game is over: {why}; {names(winners)} {verb} it{how}."
    else:
        reach = "reaches" if len(full) == 1 else "reach"
        # the keys they have, not the goal (a PERFECT's 2 keys took a
        # play-test's Bram from 4 to 6: "reaches 5 keys" was untrue)
        held = {keys[s] for s in full}
        count = f"{held.pop()} keys" if len(held) == 1 else f"{keys_to_win(n)} keys or more"
        if full == winners:
            line = f"The game is over: {names(full)} {reach} {count} and {verb} it."
        else:
            line = f"The game is over: {names(full)} {reach} {count}; {names(winners)} {verb} it."
    if result.final_boss and len(winners) == 1:
        champion = winners[0]
        if hearts[champion]:
            line += f" The Final Boss duel follows: {name(champion)} against the MegaBoss."
        else:  # BQ-46
            line += f" With no heart left, {name(champion)} cannot face the MegaBoss."
    elif result.final_boss:
        line += " No Final Boss duel: only a single winner faces the MegaBoss."
    return line


def duel_announcement(state: State, name) -> str:
    """BQ §Final Boss: the game is over, and the MegaBoss appears before its
    winner (BQ-37, BQ-38)."""
    champ = name(state.champion)
    return (f"The game is over: {champ} wins it. The MegaBoss appears ({current_hp(state)} HP): "
            f"{champ} must match its HP exactly, with a heart left, to save the Princess; "
            "the defeated knights side with the MegaBoss.")


def combat_summary(result: RoundResult, name) -> str:
    """BQ §3: the round's combat in one sentence."""
    parts = []
    for s, value in enumerate(result.strengths):
        note = {"over": " over", "spell": " out (spell)"}.get(result.eliminated[s], "")
        parts.append(f"{name(s)} {value}{note}")
    line = f"Combat vs {result.hp} HP: " + ", ".join(parts) + "."
    if result.winners:
        verb = "wins" if len(result.winners) == 1 else "win"
        line += " " + " and ".join(name(s) for s in sorted(result.winners)) + f" {verb} the round."
    else:
        line += " Nobody wins the round."
    for s in sorted(result.perfect):
        line += f" PERFECT for {name(s)}."
    return line
