"""What the Boss Quest screen shows and offers for the rulebook's extensions
and variants: potions and their readings, companions and their powers, the
MegaBoss duel, the bolder knights' pass and the Solo Quest's board.

Each function reads a view (never the full state) and the legal actions the
screen was given; `BossQuestScreen` places the results. Decisions the main
screen has no panel for are offered as labelled choices on its action bar.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from rich.text import Text

from core.bossquest import GAME, solo
from core.bossquest.actions import (
    Ask,
    AssignTo,
    DuelAsk,
    DuelSpell,
    EndTurn,
    Fight,
    GoToWizard,
    LetPass,
    PeekHidden,
    PeekMystery,
    PlayPersonal,
    ReadPotion,
    ReplaceSpell,
    Resolve,
    Sacrifice,
    SwapCompanions,
    TargetPotion,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import Companion, Spell, SpellKind, Weapon
from core.bossquest.rules import potion_to_read
from core.bossquest.state import Knight, Phase, SoloBoss, State, Step
from core.bossquest.table_facts import acts_in_duel
from tui.screens.game import number_range, possessive

Who = Callable[[int], str]

#: a companion's once-a-round power on its holder's turn (BQ-34): one
#: choice on the action bar, `o`, then its cards or spells to choose from
POWER_TYPES = (PeekHidden, PeekMystery, ReplaceSpell)

#: what each power used on one's turn does, in a player's words
_POWER_WORDS = {
    Companion.OWL: "see a hidden card or the mystery",
    Companion.RAVEN: "replace a spell offered",
}


def power_companion(view: State, legal: tuple[Any, ...]) -> Companion | None:
    """The companion whose power the acting knight may use now, if any."""
    if not any(isinstance(a, POWER_TYPES) for a in legal) or view.turn is None:
        return None
    return view.companions[view.turn] if view.turn < len(view.companions) else None


def power_words(companion: Companion) -> str:
    """"the Owl's power (see a hidden card or the mystery)"."""
    words = _POWER_WORDS.get(companion)
    return f"the {companion.label}'s power" + (f" ({words})" if words else "")


def weapon_text(knight: Knight | None, weapon: Weapon) -> str:
    """A weapon's code; a potion shows its reading (+2, -2) once read."""
    if weapon.colour is not None or knight is None:
        return weapon.code
    for card, sign in knight.readings:
        if card == weapon:
            return f"{sign * weapon.value:+d}"
    return weapon.code


def strength_text(view: State, seat: int | None) -> str:
    """A knight's attack strength as its owner may know it: "5", or "5 + ?"
    while a potion waits to be read (BQ-31; the rules count it at its
    lower reading meanwhile, which is no total the player chose)."""
    if seat is None:
        return "?"
    if GAME.unread_potions(view, seat):
        return f"{GAME.known_strength(view, seat)} + ?"
    return str(GAME.strength(view, seat))


def is_other(view: State, legal: tuple[Any, ...]) -> bool:
    """Whether the decision is one the main panels do not offer."""
    if not legal:
        return False
    if view.phase is not Phase.TURN or view.step is Step.HARE:
        return True
    return isinstance(legal[0], (TargetPotion, SwapCompanions))


#: what a spell about rounds, keys, hearts, swaps or companions does in the
#: Final Boss duel (BQ-38), said where it is offered and where it lies
NO_DUEL_EFFECT = "no effect in the duel"


def duel_effect_note(view: State, spell: Spell, room: int | None = None) -> str:
    """After a spell in play in the Final Boss duel that does nothing to
    the champion (BQ-38): " (no effect in the duel)", or " (no effect)"
    where `room` cells cannot hold it; "" for one that acts or outside the
    duel. One mark for the Boss panel and the knights' rows (the knights'
    listed Swap with deck unmarked, a play-test)."""
    if view.champion is None or acts_in_duel(spell):
        return ""
    note = f" ({NO_DUEL_EFFECT})"
    return note if room is None or len(note) <= room else " (no effect)"


def action_label(view: State, action: Any, who: Who) -> str:
    """A short label for a choice on the action bar."""
    if isinstance(action, ReadPotion):
        return "Read it +" if action.sign > 0 else "Read it -"
    if isinstance(action, TargetPotion):
        knight = view.knights[action.seat]
        # the knight whose turn it is casts it (as `swap_label`): theirs is "your"
        owner = "your" if action.seat == view.turn else possessive(who(action.seat))
        return f"Flip {owner} {weapon_text(knight, action.weapon)}"
    if isinstance(action, SwapCompanions):
        return swap_label(view, action, who)
    if isinstance(action, PeekHidden):
        return f"Owl: see {possessive(who(action.seat))} hidden"
    if isinstance(action, PeekMystery):
        return "Owl: see the mystery"
    if isinstance(action, ReplaceSpell):
        return f"Raven: replace {view.offer[action.slot]}"
    if isinstance(action, LetPass):
        return "Let it pass"
    if isinstance(action, EndTurn):
        return "End the turn"
    if isinstance(action, GoToWizard):
        return "Hare: on to the Wizard"
    if isinstance(action, DuelAsk):
        return f"Ask {action.count}"
    if isinstance(action, Fight):
        return "Fight!"
    if isinstance(action, DuelSpell):
        spell = view.duel_offer[action.index]
        # offered all the same (BQ-37), though it does nothing to the champion (BQ-38)
        return f"Activate {spell}" + ("" if acts_in_duel(spell) else f" ({NO_DUEL_EFFECT})")
    if isinstance(action, Sacrifice):
        # BQ §Final Boss, End of the game: no heart left loses (a play-test
        # read "keep one to win", then "1 Sacrifice 1" unmarked)
        lost = " (no heart left: lost)" if sacrifice_loses(view, action) else ""
        return f"Sacrifice {action.hearts}{sacrifice_makes(view, action)}{lost}"
    if isinstance(action, Ask):
        return f"Ask {action.count}"
    if isinstance(action, AssignTo):
        boss = view.solo_bosses[action.boss]
        return f"Give to {_solo_boss_name(view, action.boss)} ({solo.boss_hp(boss)})"
    if isinstance(action, PlayPersonal):
        return f"{action.spell} on {_solo_boss_name(view, action.boss)}"
    if isinstance(action, Resolve):
        return resolve_label(view, action)
    if isinstance(action, TargetSpell) and view.solo_target is not None:
        # on any Boss of the wave (BQ-40): "Boss 2: Boss HP +1"
        b = solo.spell_boss(view, action)
        spell = view.solo_bosses[b].spells[action.index]
        return f"Cancel {spell}" if view.wave == 3 else f"{_solo_boss_name(view, b)}: {spell}"
    if isinstance(action, TargetWeapon):
        if view.players == 1 and view.wave != 3:
            return f"{_solo_boss_name(view, solo.weapon_boss(view, action.weapon))}: {action.weapon}"
        return f"Swap {action.weapon}"
    return str(action)


def _swap_rank(view: State, companion: Companion) -> tuple[int, int]:
    """Where a companion comes in Swap companions' choices: the caster's
    first, then each knight's in seat order, the reserve's last."""
    held = list(view.companions)
    if companion not in held:
        return (2, list(view.reserve).index(companion) if companion in view.reserve else 0)
    seat = held.index(companion)
    return (0, 0) if seat == view.turn else (1, seat)


def swap_sides(view: State, action: SwapCompanions) -> tuple[Companion, Companion]:
    """A swap's two companions in the order its choice names them."""
    first, second = sorted((action.first, action.second), key=lambda c: _swap_rank(view, c))
    return first, second


def swap_order(view: State, legal: Any) -> list[SwapCompanions]:
    """Swap companions' choices in order (the play-test's 14 came in no
    evident one): the caster's own companion's first, then by knight in
    seat order, the reserve's last."""
    def key(action: SwapCompanions) -> tuple[tuple[int, int], ...]:
        return tuple(_swap_rank(view, c) for c in swap_sides(view, action))

    return sorted((a for a in legal if isinstance(a, SwapCompanions)), key=key)


def swap_label(view: State, action: SwapCompanions, who: Who) -> str:
    """Swap companions' choice, saying whose each companion is (the
    play-test's "Swap Chameleon/Owl" did not): "Your Chameleon for bram's
    Owl", "ann's Fox for reserve Owl" (the prompt above says "Swap
    companions"; every choice fits at 80x24). The knight whose turn it is
    casts it, so "your" is theirs; a knight's companion comes first, the
    caster's before any other's. Names stay as typed ("Cy's" read as
    another player's), as everywhere else."""
    held = list(view.companions)
    first, second = swap_sides(view, action)

    def whose(companion: Companion) -> str:
        if companion not in held:
            return f"reserve {companion.label}"
        seat = held.index(companion)
        owner = "Your" if seat == view.turn else possessive(who(seat))
        return f"{owner} {companion.label}"

    return f"{whose(first)} for {whose(second)}"


def resolve_label(view: State, action: Resolve) -> str:
    """A Solo Quest attack. At the final assault each says what it costs
    and the attack it makes against the MegaBoss's HP (all face up, BQ-40):
    hearts are discarded for +1 each or -1 each (BQ §3. Final Assault, BQ-41)."""
    if view.wave != 3 or len(view.solo_bosses) != 1:
        return "Attack!"
    boss = view.solo_bosses[0]
    hp, attack = solo.boss_hp(boss), solo.boss_strength(boss) + action.adjust
    if not action.adjust:
        return f"Attack as you are: {attack} vs {hp} HP"
    n = abs(action.adjust)
    hearts = f"{n} heart{'s' if n > 1 else ''}"
    return f"Discard {hearts} for {action.adjust:+d} attack: {attack} vs {hp} HP"


#: how a choice of the action bar with no key of its own is made (those
#: prompts said what to choose, not how: the bar's "↵" read as Enter alone)
_BAR_KEYS = (("←→", "bold reverse"), " ", ("Enter", "bold reverse"), ".")


def one_choice(does: str, key: str = "") -> tuple[tuple[str, str] | str, ...]:
    """The end of a prompt whose decision has a single legal choice: the
    keys that take it and what it does ("Enter or 1 gives them."). The
    choice is still the player's to take; a lone "1" read as a choice among
    several (the final assault's one Boss)."""
    keys: tuple[tuple[str, str] | str, ...] = (("Enter", "bold reverse"),)
    if key:
        keys += (" or ", (key, "bold reverse"))
    return (*keys, f" {does}.")


def other_prompt(view: State, legal: tuple[Any, ...], seat: int | None,
                 who: Who = str) -> Text:
    """The prompt above the action bar for a decision `is_other` offers
    (`who` names a seat, for a single choice said in the prompt)."""
    first = legal[0]
    if isinstance(first, ReadPotion):
        # the potion read now, not the first unread (a hidden one waits)
        potion = potion_to_read(view)
        what = f"potion {potion}" if potion is not None else "potion"
        return Text.assemble(("Your " + what, "bold"), ": read it ", ("+", "bold reverse"), " or ",
                             ("-", "bold reverse"), " its value, for good.")
    if isinstance(first, TargetPotion):
        if len(legal) == 1:
            label = action_label(view, first, who)
            return Text.assemble(("Flip a potion: ", "bold"),
                                 f"only one potion is face up ({label.removeprefix('Flip ')}): ",
                                 *one_choice("flips it"))
        return Text.assemble(("Flip a potion: ", "bold"), "choose a face-up potion to flip: ",
                             *_BAR_KEYS)
    if isinstance(first, SwapCompanions):
        # one line at 80 columns: the choices, each saying whose companion
        # is whose, need the rows below it. Numbered, as the other long
        # lists (Swap with deck's): at 80x24 the bar shows some of the 14
        # or 15 and scrolls, and ←→ alone said nothing of the rest
        count = sum(isinstance(a, SwapCompanions) for a in legal)
        keys = _BAR_KEYS if count < 2 else (
            ("↑↓", "bold reverse"), " ", ("Enter", "bold reverse"), " or ",
            (f"1-{count}", "bold reverse"), ".")
        return Text.assemble(("Swap companions: ", "bold"),
                             "choose two, one a knight's at least: ", *keys)
    if view.step is Step.HARE and view.phase is Phase.TURN:
        # each its own key, as the Owl's and the Raven's power has `o`
        return Text.assemble(("The Hare: ", "bold"), ("w", "bold reverse"),
                             " on to the Wizard in this turn, or ", ("e", "bold reverse"),
                             " end your turn here.")
    if view.phase is Phase.DUEL:
        hp = GAME.current_hp(view)
        mine = strength_text(view, seat)
        hearts = view.knights[seat].hearts if seat is not None else 0
        first = "" if view.duel_asks else " The game is over: you won it, and the MegaBoss appears."
        # BQ-37: no fight before the first request (the play-test's first
        # status said "or fight" beside 1-9 alone)
        fight = any(isinstance(a, Fight) for a in legal)
        if (seat is not None and not GAME.unread_potions(view, seat)
                and GAME.strength(view, seat) > hp):
            # BQ-38: matching the HP wins; more weapons and the hearts
            # sacrificed only add (a play-test read "32 of 27 HP. Ask for
            # weapons … or fight" as if either could still do)
            potion = ", or a potion read -" if view.options.potions else ""
            over = f"{mine} against {hp} HP: {GAME.strength(view, seat) - hp} over"
            unmet = GAME.unmet_conditions(view, seat)
            spell = f"(an Attack - on you or a Boss HP +{potion})"
            if unmet:
                # BQ-38: a Need unmet puts the champion out too (the
                # play-test's status named only the HP)
                needs = " and ".join(
                    f"Need {c.colour.label}" if c.kind is SpellKind.NEED_COLOUR and c.colour
                    else c.name for c in unmet)
                return Text.assemble(
                    ("The MegaBoss duel: ", "bold"),
                    (f"{over}, and {needs} unmet: both put you out.", "bold"),
                    f"{first} A spell against you {spell} could still bring you to the HP, "
                    "and a weapon meet the Need: each request brings weapons and a spell. Ask "
                    "(face down)" + (", or fight." if fight else "."))
            return Text.assemble(
                ("The MegaBoss duel: ", "bold"), (f"{over}.", "bold"),
                f"{first} Only a spell against you could still help now {spell}, and each "
                "request for weapons brings one: ask (face down)"
                + (", or fight." if fight else "."))
        return Text.assemble(("The MegaBoss duel: ", "bold"),
                             f"{mine} against {hp} HP.{first} Ask for weapons (face down; each "
                             "request brings a spell against you)" + (" or fight" if fight else "")
                             + "; at combat each "
                             f"heart sacrificed adds 1 ({hearts} held, keep one to win).")
    if view.phase is Phase.DUEL_CHOOSE:
        # BQ-37, BQ-38: the spells drawn are listed under "Spells against ..."
        if len(view.duel_offer) == 1:  # one spell drawn: no choice, nothing discarded
            which, rest = "the spell drawn against the champion", "."
        else:
            which = f"one of the {len(view.duel_offer)} spells drawn against the champion"
            rest = "; the others are discarded."
        return Text.assemble(("For the MegaBoss: ", "bold"),
                             f"you speak for the defeated knights. Activate {which} "
                             "(a dark one goes on the champion, a light one next to the MegaBoss)"
                             + rest)
    if view.phase is Phase.DUEL_SACRIFICE:
        hp = GAME.current_hp(view)
        mine = strength_text(view, seat)
        hearts = [str(a.hearts) for a in legal if isinstance(a, Sacrifice)]
        if all(sacrifice_over(view, a) for a in legal if isinstance(a, Sacrifice)):
            # the play-test at 30 against 29 sacrificed a heart for nothing
            return Text.assemble(("Combat: ", "bold"), f"{mine} against {hp} HP: ",
                                 ("over whatever you sacrifice", "bold"), " (",
                                 (number_range(hearts), "bold reverse"),
                                 " hearts, +1 each).")
        # one line at 80 columns; "keep one to win" as the duel's status said
        # (BQ §Final Boss, End of the game: no heart left loses)
        return Text.assemble(("Combat: ", "bold"),
                             f"{mine} against {hp} HP. Sacrifice ",
                             (number_range(hearts), "bold reverse"),
                             " hearts, +1 each (keep one to win).")
    if view.players == 1:
        spell = solo.top_spell(view)
        # BQ-40: a Cancel or a Swap with nothing to take in the whole wave is
        # said before the give (a play-test learned it only afterwards)
        nothing = solo.nothing_to_target(view)
        brings = (f" (with {spell}: {nothing})" if nothing
                  else f" (with {spell})" if spell is not None else "")
        if view.phase is Phase.SOLO:
            if not view.personal:
                return Text.assemble((f"{_stage_head(view)}: ", "bold"),
                                     f"ask for 1-4 weapons{brings}.")
            return Text.assemble((f"{_stage_head(view)}: ", "bold"),
                                 f"ask for 1-4 weapons{brings}, or a personal spell: ",
                                 *_BAR_KEYS)
        if view.phase is Phase.SOLO_ASSIGN:
            drawn = " ".join(str(w) for w in view.drawn) or "nothing"
            target = "the MegaBoss" if view.wave == 3 else "a Boss"
            bosses = len(view.solo_bosses)
            # BQ §1st Wave: personal spells "at any time", before a give too
            spells = (", or a personal spell: ", *_BAR_KEYS) if view.personal else (".",)
            if bosses == 1:
                # the final assault's one Boss: no Boss to choose, only a key to press
                them = "it" if len(view.drawn) == 1 else "them"
                go = "goes" if len(view.drawn) == 1 else "go"
                gives = (("1", "bold reverse"), f" gives {them}", *spells) if view.personal \
                    else one_choice(f"gives {them}", "1")
                return Text.assemble((f"{_stage_head(view)}: ", "bold"),
                                     f"{drawn}{brings} {go} to {_solo_boss_name(view, 0)}, "
                                     "the only Boss: ", *gives)
            return Text.assemble((f"{_stage_head(view)}: ", "bold"),
                                 f"give {drawn}{brings} to {target}: ",
                                 (f"1-{bosses}" if bosses > 1 else "1", "bold reverse"), *spells)
        if view.phase is Phase.SOLO_TARGET:
            # BQ-11, BQ-40: a spell or a weapon on any Boss of the wave, the
            # action bar naming each with its Boss ("1 Boss 1: HP -1")
            kind = view.casting.kind if view.casting is not None else None
            targets = solo.legal_actions(view, 0)  # (an onlooker's `legal` is empty)
            count = len(targets)
            noun, verb = ("spell", "cancel") if kind is SpellKind.CANCEL else ("weapon", "swap")
            where = "the MegaBoss" if view.wave == 3 else "the wave's Bosses"
            # BQ-49: the weapon given up lies on top of the deck, drawn next
            # (unless the wave ends with this turn: its deck is gathered)
            top = (" It goes on top of the deck: you draw it next."
                   if kind is SpellKind.SWAP_DECK and solo.turns_left(view) else "")
            if count == 1:
                (only,) = targets
                if isinstance(only, TargetSpell):
                    b = solo.spell_boss(view, only)
                    item = view.solo_bosses[b].spells[only.index]
                else:
                    b, item = solo.weapon_boss(view, only.weapon), only.weapon
                on = "" if view.wave == 3 else f", on {_solo_boss_name(view, b)}"
                return Text.assemble((f"{view.casting}: ", "bold"),
                                     f"the only {noun} on {where} is {item}{on}: ",
                                     *one_choice(f"{verb}s it", "1"), top)
            return Text.assemble((f"{view.casting}: ", "bold"),
                                 f"choose the {noun} to {verb} on {where}: ",
                                 (f"1-{count}" if count > 1 else "1", "bold reverse"), "." + top)
        if view.wave == 3 and len(view.solo_bosses) == 1:
            # BQ §3. Final Assault, BQ-41: the hearts are discarded as the knight attacks
            boss = view.solo_bosses[0]
            hp, attack = solo.boss_hp(boss), solo.boss_strength(boss)
            gap = ("exactly its HP" if attack == hp else
                   f"{hp - attack} short" if attack < hp else f"{attack - hp} over")
            spells = "Play personal spells, or attack" if view.personal else "Attack"
            text = Text.assemble(("The final assault: ", "bold"),
                                 f"your attack is {attack} vs the MegaBoss's {hp} HP ({gap}). ")
            if any(isinstance(a, Resolve) and a.adjust for a in legal):
                text.append(f"{spells} as you are, or discard hearts as you attack, "
                            "each +1 or each -1 (never your last).")
            else:
                text.append(f"{spells}." if view.personal else "Attack.")
            if not solo.conditions_met(boss):
                text.append(" Its spell condition is not met.", style="bold")
            return text
        return Text.assemble((f"{_stage_head(view)} is spent: ", "bold"),
                             "play personal spells, then attack." if view.personal else "attack.")
    return Text("Choose:", style="bold")


def _stage_head(view: State) -> str:
    """A prompt's head: "Wave 1", "Wave 2", "The final assault"."""
    stage = solo_stage(view.wave)
    return stage.capitalize() if view.wave >= 3 else f"Wave {view.wave}"


def sacrifice_loses(view: State | None, action: Any) -> bool:
    """Whether `action` sacrifices the champion's last heart in the Final
    Boss duel: BQ §Final Boss, End of the game, "If you have no HEARTS
    left: too bad, you lost" (BQ-38: the champion wins "with a heart
    left"), whatever the strength."""
    champion = None if view is None else view.champion
    return (isinstance(action, Sacrifice) and view is not None and champion is not None
            and action.hearts >= view.knights[champion].hearts)


def _sacrificed(view: State | None, action: Any) -> State | None:
    """The duel once the champion sacrifices `action`'s hearts, as the
    rules end it (`view` the champion's, every weapon face up by then:
    BQ-48); None where it is not the duel's combat."""
    if (not isinstance(action, Sacrifice) or view is None or view.champion is None
            or view.phase is not Phase.DUEL_SACRIFICE):
        return None
    try:
        return GAME.apply(view, view.champion, action)
    except Exception:  # a view the rules cannot end: nothing said
        return None


def sacrifice_makes(view: State | None, action: Any) -> str:
    """What sacrificing `action`'s hearts makes, for its line: " → 30:
    exact!", " → 31: over", " → 28: short" (BQ §Final Boss: "each HEART
    sacrificed adds 1"; matching with a condition unmet does not win,
    BQ-38). "" where it is not the duel's combat."""
    after = _sacrificed(view, action)
    if after is None or after.duel is None:
        return ""
    duel = after.duel
    if duel.strength > duel.hp:
        word = "over"
    elif duel.strength < duel.hp:
        word = "short"
    elif duel.unmet:
        word = "exact, Need unmet"
    else:
        word = "exact!" if duel.won else "exact"
    return f" → {duel.strength}: {word}"


def sacrifice_over(view: State | None, action: Any) -> bool:
    """Whether sacrificing `action`'s hearts leaves the champion's strength
    over the MegaBoss's HP."""
    after = _sacrificed(view, action)
    return after is not None and after.duel is not None and after.duel.strength > after.duel.hp


def sacrifice_asks(view: State | None, action: Any) -> bool:
    """Whether the duel's sacrifice `action` asks to be confirmed: the last
    heart (`sacrifice_loses`), or hearts that leave the strength over the
    HP, lost for nothing (the play-test's 1 at 30 against 29). The rules
    allow both (BQ §Final Boss); 0 hearts never asks."""
    return sacrifice_loses(view, action) or (
        isinstance(action, Sacrifice) and action.hearts > 0 and sacrifice_over(view, action))


def sacrifice_check_prompt(action: Sacrifice, view: State | None = None) -> Text:
    """The duel's sacrifice to confirm (`sacrifice_asks`): the last heart,
    or hearts that leave the champion over."""
    after = None if sacrifice_loses(view, action) else _sacrificed(view, action)
    if after is not None and after.duel is not None:
        duel = after.duel
        return Text.assemble(
            ("Combat: ", "bold"),
            (f"Sacrifice {action.hearts} makes {duel.strength} against {duel.hp} HP: over, "
             f"the heart{'' if action.hearts == 1 else 's'} lost for nothing", "bold"),
            " (the MegaBoss stands). ", ("Enter", "bold reverse"), " sacrifices anyway, ",
            ("Esc", "bold reverse"), " goes back.")
    return Text.assemble(
        ("Combat: ", "bold"),
        (f"Sacrifice {action.hearts} leaves you no heart: you lose the duel, whatever your "
         "strength", "bold"),
        " (BQ §Final Boss: \"If you have no HEARTS left: too bad, you lost\"). ",
        ("Enter", "bold reverse"), " sacrifices anyway, ", ("Esc", "bold reverse"),
        " goes back.")


def could_save(view: State, adjust: int) -> dict[int, tuple[Spell, ...]]:
    """The Bosses an attack with `adjust` would not defeat that the personal
    spells held could still make exact, with those spells: a wave's
    (`solo.could_still_match`), or the final assault's with the hearts the
    knight may discard too (`solo.final_assault_exact`, BQ-41)."""
    if view.wave == 3:
        fix = solo.final_assault_exact(view, adjust)
        return {} if fix is None else {0: fix[0]}
    return solo.could_still_match(view, adjust)


def _hearts_for(adjust: int) -> str:
    """"a heart for -1", "2 hearts for +2"."""
    n = abs(adjust)
    return f"{'a heart' if n == 1 else f'{n} hearts'} for {adjust:+d}"


def attack_check_prompt(view: State, action: Resolve) -> Text:
    """The Solo Quest's attack `action` to confirm: the Bosses it would lose
    a heart at that a personal spell held could still bring to their HP
    exactly (`solo.could_still_match`), with the spells when one Boss
    ("Boss 2 is 2 short: Attack +2 could still make it exact.") and how
    many of them the spells, each played once, could make exact together
    ("either exact, not both"; `solo.made_exact_at_once`), then the
    keys. A play-test lost a heart to an Enter on "Attack!" with the
    spell in hand."""
    fix = solo.final_assault_exact(view, action.adjust) if view.wave == 3 else None
    found = {0: fix[0]} if fix is not None else solo.could_still_match(view, action.adjust)
    gaps = []
    for i in found:
        boss = view.solo_bosses[i]
        gap = solo.boss_hp(boss) - solo.boss_strength(boss) - action.adjust
        name = _solo_boss_name(view, i)
        gaps.append(f"{name[:1].upper()}{name[1:]} is {abs(gap)} {'short' if gap > 0 else 'over'}")
    at_once = len(solo.made_exact_at_once(view, action.adjust))
    kinds = set(found.values())
    spells = " with ".join(map(str, next(iter(kinds)))) if len(kinds) == 1 else "your personal spells"
    if fix is not None and fix[1] != action.adjust:
        # BQ-41: the final assault's spells with its hearts ("Attack -2 and
        # a heart for -1"), or with none discarded where one was chosen
        named = " and ".join(map(str, fix[0]))
        could = (f"{named} and {_hearts_for(fix[1])} could still make it exact" if fix[1]
                 else f"{named}, with no heart discarded, could still make it exact")
    elif len(found) == 1:
        could = f"{spells} could still make it exact"
    elif at_once == len(found):
        could = f"{spells} could still make {'both' if at_once == 2 else 'them all'} exact"
    elif at_once == 1:
        # each personal spell is played once: one Attack +2, two Bosses
        # 2 short (play-test: "could still make them exact")
        could = (f"{spells} could still make either exact, not both" if len(found) == 2
                 else f"{spells} could still make one of them exact")
    else:
        could = f"{spells} could still make {at_once} of them exact"
    return Text.assemble((", ".join(gaps) + ": ", "bold"), could + ". Attack anyway? ",
                         ("Enter", "bold reverse"), " attacks · ", ("Esc", "bold reverse"),
                         " goes back.")


def companion_owner(seat: int, viewer: int | None, whose: Who) -> str:
    """Whose a companion is, as its line opens: "Your", "Bob's"."""
    return "Your" if seat == viewer else whose(seat)


def used_note(view: State, companion: Companion) -> str:
    """" (used this round)" after a once-a-round power that is spent."""
    return " (used this round)" if companion.once_per_round and companion in view.spent else ""


def companion_rows(view: State, seat: int | None, room: int = 999, *,
                   lines: int | None = None, whose: Who | None = None) -> list[Text]:
    """Below the knights: the viewer's companion with its power in words
    (and whether a once-per-round power is spent), and the reserve: with
    their powers where the line has `room` for them, else by name (at 80
    columns the first power hid the rest of the reserve).

    Short of lines (`lines`: at most so many for the power, None: as many
    as it takes), the power keeps to them, cut with "…" (the row's tag
    still names the companion, F1 and the rules say what it does); with
    no line for it (0), neither it nor the reserve is shown. Given `whose`
    (the possessive of a seat's name), every companion in play is told
    so, the others' after your own."""
    rows = []
    if lines == 0:
        return rows
    owners = [] if not view.companions or seat is None else [seat]
    if whose is not None and view.companions:
        owners += [other for other in range(len(view.companions)) if other != seat]
    champion = view.champion
    if champion is not None:
        # BQ-48: in the duel only the champion's Chameleon acts; the other
        # powers (and the reserve) took lines the duel's spells need
        if champion >= len(view.companions) or view.companions[champion] is not Companion.CHAMELEON:
            return rows
        owners = [champion] if champion == seat or whose is not None else []
    for owner in owners:
        mine = view.companions[owner]
        if mine is None:
            continue
        head = f"{companion_owner(owner, seat, whose or str)} {mine.label}: "
        used = used_note(view, mine)
        power = mine.text if owner == seat else mine.their_text
        # wrapped, not cut: at 80 columns the Owl's, Hare's and Raven's
        # powers ran off the panel, and "used this round" with them
        wrapped = textwrap.wrap(head + power + used, width=max(20, room),
                                subsequent_indent="  ")
        said = wrapped if lines is None or len(wrapped) <= lines else textwrap.wrap(
            head + power + used, width=max(20, room), subsequent_indent="  ",
            max_lines=lines, placeholder="…")
        line = Text("\n".join(said), no_wrap=True, end="")
        line.stylize("bold", 0, len(head))
        if used and "(used" in line.plain:
            at = line.plain.rfind("(used")
            line.stylize("italic", at - (line.plain[at - 1] == " "))
        rows.append(line)
    if view.reserve and champion is None:
        line = "Reserve: " + ", ".join(f"{c.label} ({c.text})" for c in view.reserve)
        if len(line) > room:
            line = "Reserve: " + ", ".join(c.label for c in view.reserve)
        rows.append(Text(line, style="dim", no_wrap=True, end=""))
    return rows


#: the Solo Quest's spells in a few letters, for a row that would not fit
#: at 80 columns with their names (a row's fifth spell was cut off)
_SOLO_SHORT = {
    SpellKind.HP_PLUS_1: "HP+1",
    SpellKind.HP_PLUS_2: "HP+2",
    SpellKind.HP_MINUS_1: "HP-1",
    SpellKind.HP_MINUS_2: "HP-2",
    # the rulebook's "2 WEAPON cards of the same color" ("Need pair" read as
    # two equal numbers)
    SpellKind.NEED_PAIR: "2 of a colour",
    SpellKind.CANCEL: "Cancel",
    SpellKind.SWAP_DECK: "Swap deck",
    SpellKind.ATTACK_PLUS_1: "Atk+1",
    SpellKind.ATTACK_PLUS_2: "Atk+2",
    SpellKind.ATTACK_MINUS_1: "Atk-1",
    SpellKind.ATTACK_MINUS_2: "Atk-2",
}


def _solo_name(spell: Spell, short: bool) -> str:
    """A spell by name, or in a few letters (`short`)."""
    if not short:
        return str(spell)
    if spell.colour is not None:
        return f"Need {spell.colour.value}"
    return _SOLO_SHORT.get(spell.kind, str(spell))


class _SoloNames:
    """The Solo Quest board's one naming of spells: full names, or short
    ones throughout once a list would not fit with full names (rows side
    by side read "HP-1, Need pair" beside "Boss HP -1, Need Red (R)")."""

    def __init__(self, short: bool) -> None:
        self.short = short
        #: a list took more cells than it had, with full names
        self.overflowed = False

    def __call__(self, spells: tuple[Spell, ...], room: int) -> str:
        named = ", ".join(_solo_name(s, self.short) for s in spells)
        if len(named) > room:
            self.overflowed = True
        return named


def _solo_boss_name(view: State, index: int) -> str:
    """Boss 1-3 of a wave; the final assault's one Boss is the MegaBoss."""
    return "the MegaBoss" if view.wave == 3 else f"Boss {index + 1}"


def solo_stage(wave: int) -> str:
    """Where the Solo Quest is: "wave 1 of 2", "wave 2 of 2", then "the
    final assault" (BQ §Solo Quest: two waves, then the MegaBoss)."""
    return "the final assault" if wave >= 3 else f"wave {max(1, wave)} of 2"


def solo_rows(view: State, room: int = 999) -> list[Text]:
    """The Solo Quest's board: the wave's Bosses with their weapons and
    spells, the spell rows to come and the personal spells left, each row
    within `room` cells where short names make it fit (then short names
    throughout: one naming on the board)."""
    names = _SoloNames(short=False)
    rows = _solo_board(view, room, names)
    return _solo_board(view, room, _SoloNames(short=True)) if names.overflowed else rows


def _cancelled(boss: SoloBoss, names: _SoloNames) -> Text:
    """The spells cancelled on a Boss, struck out and marked so: they no
    longer count, and the row still explains its HP and attack."""
    text = Text(end="")
    for spell in boss.cancelled[::2]:  # (each followed by the Cancel that did it)
        text.append(", " if text else "")
        text.append(_solo_name(spell, names.short), style="strike")
        text.append(" cancelled")
    return text


def _gave(boss: SoloBoss, view: State | None, short: bool = False) -> list[str]:
    """The Cancels and Swaps with deck given to a Boss that took a spell or
    a weapon on another Boss (BQ-40), each naming that Boss: "Cancel (on
    Boss 1)". The other Boss shows what it did; this one showed nothing,
    and a player checking it found no trace of its spell (a play-test)."""
    return [f"{_solo_name(spell, short)} (on "
            f"{_solo_boss_name(view, index) if view is not None else f'Boss {index + 1}'})"
            for spell, index in boss.gave]


def solo_spells_taken(boss: SoloBoss) -> list[str]:
    """Every spell a Boss took, for the wave's attack (BQ-47): those used
    at once with what they did (on another Boss: "Cancel (on Boss 1)"),
    then its spells, then the cancelled ones with the Cancel that took
    each. Grouped by commas, cut by semicolons."""
    used = []
    for spell, swap in boss.used:
        if len(swap) == 2:
            used.append(f"{spell} ({swap[0]} → {swap[1]})")
        else:
            what = "cancel" if spell.kind is SpellKind.CANCEL else "swap"
            used.append(f"{spell} (no effect: nothing to {what})")
    used += _gave(boss, None)
    kept = [str(s) for s in boss.spells]
    pairs = boss.cancelled
    cancelled = [f"{pairs[i]}, cancelled by {pairs[i + 1]}" for i in range(0, len(pairs) - 1, 2)]
    return [", ".join(used + kept)] * bool(used or kept) + cancelled


def _used_here(boss: SoloBoss, short: bool) -> list[str]:
    """The spells used at once that `boss` was given: a Swap with
    deck on its own weapon, "Swap with deck (Y2 → P7)", or one spent for
    nothing, "Cancel (no effect)" (BQ-40). A swap given to another Boss
    that took this one's weapon is that one's ("(on Boss 1)", `_gave`):
    the play-test found the others on no row, only in the wave's attack."""
    said = []
    for at, (spell, swap) in enumerate(boss.used):
        if at in boss.elsewhere:
            continue
        name = _solo_name(spell, short)
        said.append(f"{name} ({swap[0]} → {swap[1]})" if len(swap) == 2 else f"{name} (no effect)")
    return said


def _weapons_within(boss: SoloBoss, room: int) -> str:
    """A Boss's weapons in `room` cells: the first ones and "+3 more" when
    all do not fit (up to 20 in a wave, BQ §1st Wave; the row was cut with
    "…" and the rest could be seen nowhere)."""
    codes = [str(w) for w in boss.weapons]
    text = " ".join(codes) or "no weapon"
    if len(text) <= room:
        return text
    for kept in range(len(codes) - 1, 0, -1):
        text = " ".join(codes[:kept]) + f" +{len(codes) - kept} more"
        if len(text) <= room:
            return text
    return f"{len(codes)} weapon" + ("" if len(codes) == 1 else "s")


def _solo_board(view: State, room: int, names: _SoloNames) -> list[Text]:
    hearts = view.knights[0].hearts
    rows = [Text(f"♥ {hearts} heart{'s' if hearts != 1 else ''}", style="bold", end="")]
    bosses = view.solo_bosses
    #: the final assault's hearts discarded for +1 or -1 each (BQ-41)
    adjust = 0
    if not bosses and view.phase is Phase.OVER and view.waves:
        bosses = view.waves[-1].bosses  # the final table: the quest as it ended
        # the attack as it was made, the hearts discarded in it (the row
        # read "attack 34 (3 over)" beside the score pad's 33, 2 over)
        adjust = view.waves[-1].adjust
    for i, boss in enumerate(bosses):
        line = Text(no_wrap=True, end="")
        name = "MegaBoss" if boss.hp == 30 else f"Boss {i + 1}"
        line.append(f"{name} {solo.boss_hp(boss)} HP", style="bold")
        strength = solo.boss_strength(boss) + adjust
        gap = solo.boss_hp(boss) - strength
        line.append(f"  attack {strength}")
        if boss.weapons:
            line.append(f" ({gap} short)" if gap > 0 else f" ({-gap} over)" if gap else " (exact)")
        line.append("  ")
        hearts = _hearts_discarded(adjust)
        line.append(_weapons_within(boss, room - line.cell_len - len(hearts)))
        line.append(hearts, style="bold")
        # The unmet conditions are named, one way whatever the names' length:
        # a bare "(unmet)" after a list of spells read as the last one's
        # ("Need Y, HP+1 (unmet)"), beside "(condition unmet)" elsewhere.
        failing = solo.unmet_conditions(boss)
        unmet = "" if not failing else (
            f"  (unmet: {', '.join(_solo_name(s, names.short) for s in failing)})")
        # the Swaps with deck and Cancels given to it used at once (BQ-40:
        # spent for nothing when nothing could be taken), then its spells
        spells = Text(", ".join([*_used_here(boss, names.short),
                                 *(_solo_name(s, names.short) for s in boss.spells)]), end="")
        # a Cancel or Swap with deck given to it that acted on another Boss
        for gave in _gave(boss, view, names.short):
            spells.append(f"{', ' if spells else ''}{gave}")
        cancelled = _cancelled(boss, names)
        if cancelled:
            spells.append(", " if spells else "")
            spells.append_text(cancelled)
        spells.stylize("italic")
        if spells:
            spells = Text("  ", end="") + spells
        if names.short and unmet and line.cell_len + len(spells) + len(unmet) > room:
            unmet = unmet[1:]
        if line.cell_len + len(spells) + len(unmet) > room:
            names.overflowed = True
            # many weapons: the Boss's spells on a line of their own
            below = Text("    spells: ", no_wrap=True, end="")
            below.append_text(spells[2:])
            below.append(unmet, style="bold")
            rows.extend((line, below))
        else:
            line.append_text(spells)
            line.append(unmet, style="bold")
            rows.append(line)
    labels = ("Wave 1", "Wave 2", "MegaBoss")
    for i, row in enumerate(view.rows):
        if row and i + 1 >= view.wave:
            label = f"{labels[i]} spells: "
            rows.append(Text(label + names(row, room - len(label)),
                             style="dim", no_wrap=True, end=""))
    label = "Personal spells: "
    personal = names(view.personal, room - len(label)) or "none"
    rows.append(Text(label + personal, no_wrap=True, end=""))
    for r in view.waves:
        done = sum(r.defeated)
        # the hearts lost each said for what (BQ-41): "2 hearts lost (1
        # discarded for -1, 1 for the failed attack)"; shorter where that
        # does not fit (the hearts' -1s are on the MegaBoss's row), else the
        # why on a line of its own
        lost = solo.hearts_lost_words(r)
        where = "Final assault" if r.wave >= 3 else f"Wave {r.wave}"
        said = f"{where}: {done}/{len(r.defeated)} defeated, {lost}"
        head, paren, why = said.partition(" (")
        failed = r.hearts_lost - abs(r.adjust)
        short = f"{head} ({abs(r.adjust)} discarded" + (
            f", {failed} to the MegaBoss)" if failed else ")")
        if len(said) > room and paren and len(short) <= room:
            rows.append(Text(short, style="dim", no_wrap=True, end=""))
        elif len(said) > room and paren:
            rows.append(Text(head, style="dim", no_wrap=True, end=""))
            rows.append(Text(f"    ({why}", style="dim", no_wrap=True, end=""))
        else:
            rows.append(Text(said, style="dim", no_wrap=True, end=""))
    return rows


def _hearts_discarded(adjust: int) -> str:
    """The final assault's hearts discarded, after the weapons they were
    added to: " ♥-1" each (BQ §3. Final Assault, BQ-41); "" with none."""
    return "".join(f" ♥{adjust // abs(adjust):+d}" for _ in range(abs(adjust)))
