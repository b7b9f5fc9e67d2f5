"""The Boss Quest screen: the Boss, the Wizard's spells, the knights, your
weapons, whose turn it is and the log.

It renders `update.view` (the viewer's view: unknown cards are None) and
offers only `update.legal`. The numbers and facts it shows (the Boss's HP
with spells, attack strengths, over / perfect, the knight in turn, the
spells on a knight) come from the game's own (`GAME.standing`...: see
`core/bossquest/table_facts.py`). A knight's total is shown
to its owner only, and nothing on screen says that another knight is over
the HP (BQ-6).

Keys: 1-4 ask for weapons, w goes to the Wizard; at the Wizard arrows (or
1-5, m for the mystery spell) pick a spell, Enter then a/x activate or
discard it; targets are picked with arrows + Enter or their number. The
mouse works everywhere (a click picks).

Every combat the viewer has not seen yet (a round the bots finished, the
match's last) comes up over the table (`CombatPanel`, in a layer of the
screen), with the spells that changed it; it keeps the keys until Enter,
space or Escape puts it away. The match's last combat comes up in a dialog
over the results (`CombatScreen`), so it is read before them. With every
seat a bot, the watcher is shown the combats so, and the bots wait while
one is up (`GameScreen.box_waits`).
"""

from __future__ import annotations

import functools
import itertools
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import attrs
from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from core.bossquest import GAME, solo
from core.bossquest.actions import (
    Activate,
    ActivateMystery,
    Ask,
    AssignTo,
    Discard,
    DiscardMystery,
    DuelAsk,
    DuelSpell,
    EndTurn,
    Fight,
    GoToWizard,
    LetPass,
    PlayPersonal,
    ReadPotion,
    Resolve,
    Sacrifice,
    SwapCompanions,
    TargetKnight,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import (
    ATTACK_CHANGE,
    ULUL,
    Colour,
    Companion,
    Spell,
    SpellKind,
    Weapon,
)
from core.bossquest.rules import (
    bolder,
    duel_announcement,
    game_over_line,
    is_night,
    potion_to_read,
)
from core.bossquest.state import (
    PUBLIC,
    DuelResult,
    Hidden,
    Knight,
    Phase,
    RoundResult,
    State,
    Step,
    Ulul,
    WaveResult,
)
from core.bossquest.table_facts import (
    NOTHING_TO_DO_NOW,
    acts_in_duel,
    combat_spells,
    duel_spells,
    known_top,
)
from core.engine import CHANCE
from core.wording import one_stop
from host.messages import AWAY_MARK, GONE_MARK, STAND_IN_MARK
from tui import resources
from tui.bot_levels import LEVEL_FORMS, level_mark
from tui.plain import shortened
from tui.screens import bossquest_extras as extras
from tui.screens.ending import EndingScreen, OverTheResults
from tui.screens.game import (
    NUMBER_KEYS,
    NUMBER_KEYS_SET,
    REMATCH_ON_R,
    RESULTS_ON_ESCAPE,
    GameScreen,
    NamingText,
    TableUpdate,
    fit_line,
    listed_key_parts,
    listed_keys,
    number_list,
    possessive,
    split_mark,
)
from tui.widgets import (
    ActionBar,
    Card,
    Choice,
    GameLog,
    Hand,
    Market,
    Offer,
    PickList,
    Row,
    ScorePad,
    card_text,
    gamelog,
)
from tui.widgets.flowed import flow_parts
from tui.widgets.footer import Footer
from tui.widgets.hand import BACK
from tui.widgets.hints import hint, withdraw_hints
from tui.widgets.quiet import set_border, update_static
from tui.widgets.since import CHANGED, SinceLog, changed_keys, mark_rows, marked_text

#: weapon colours as terminal colours (ANSI names, so the ANSI theme keeps
#: them); the letter on every card carries the colour without them
COLOUR_STYLE = {
    Colour.RED: "bold red",
    Colour.BLUE: "bold bright_blue",
    Colour.YELLOW: "bold yellow",
    Colour.PURPLE: "bold magenta",
    Colour.GREEN: "bold green",
}

#: the boxes put up until a key whose count is kept with a match played
#: here (`Table.put_away`): the rounds' combats, the Solo Quest's waves
COMBATS, WAVES = "combats", "waves"

LIGHT = "○"  # a light spell: next to the Boss, for everybody
DARK = "●"  # a dark spell: in front of one knight
HEART = "♥"
KEY = "⚷"

_CHANCE_TEXT = {
    Phase.REVEAL_BOSS: "A new Boss appears…",
    Phase.LAY_SPELLS: "The Wizard lays out his spells…",
    Phase.DEAL: "The Armorer deals the weapons…",
    Phase.DRAW: "The Armorer hands out weapons…",
    Phase.REVEAL_MYSTERY: "The mystery spell is turned over…",
    Phase.SWAP_DRAW: "The deck's top card is taken…",
    Phase.CLEAR_MYSTERY: "The unused mystery spell is turned and discarded…",
}

_SHORT_SPELL = {
    SpellKind.ATTACK_PLUS_1: "Atk+1",
    SpellKind.ATTACK_PLUS_2: "Atk+2",
    SpellKind.ATTACK_MINUS_1: "Atk-1",
    SpellKind.ATTACK_MINUS_2: "Atk-2",
}


#: what a spell cast waits for, by the list it is chosen from ("Choose the
#: knight for Attack -2 first"), or by the spell where the bar lists it
_CHOSEN = {"target-knight": "knight", "target-weapon": "weapon", "target-spell": "spell"}
_CHOSEN_FOR = {
    SpellKind.SWAP_COMPANIONS: "pair",
    SpellKind.FLIP_POTION: "potion",
    SpellKind.CANCEL: "spell",
    SpellKind.SWAP_DECK: "weapon",
}


#: the cells the hand's border has for its face-down legend where it is
#: narrowest: beside "Your weapons" at 80 columns (a 40-cell hand), and in
#: the rounded foot of a hand 34 cells wide (a wide terminal's left column)
LEGEND_ROOM = 24
LEGEND_ROOM_BIG = 28


def _face_down_legend(pairs: list[tuple[Weapon | None, Card]], *, big: bool,
                      others: tuple[tuple[str, ...], ...] = (),
                      room: int | None = None) -> tuple[str, str]:
    """What the hand's border says of its face-down weapons: (title, subtitle).

    It names them as they are drawn and who sees them: only their owner
    (the others see [▒▒], BQ §Setting up a round 3), unless `others` (for
    each face-down weapon, the other knights who know it, by name) says
    another knight knows one: the knight it came from by "Swap hidden"
    (BQ-24), an Owl that looked (BQ-42, BQ-29); the border then says so
    ("only you see it" was untrue), by name within `room` cells, else
    without names. It said "(..) face down", which a new player could not
    read. Drawn large, a face-down weapon is a dashed box, and the border's
    foot says so (the title has room for little more than "Your weapons")."""
    down = [card for _, card in pairs if card.face_down]
    if not down:
        return "", ""
    known = [(card, names) for card, names in zip(down, others, strict=False) if names]
    if not known:
        if big:
            if len(down) == 1:
                return "", f"dashed {down[0].text}: only you see it"
            return "", "dashed: only you see them"
        if len(down) == 1:
            return f"{card_text(down[0]).plain} only you see it", ""
        # several: counted, not named (the hand's line below names them;
        # the duel's play-test read "(R3) (R2) yours alone", then " (R3)
        # (R2)"), in words that stay whole ("only you see" lost its "it")
        # (the champion's duel weapons: "12 face down, yours alo…" at 80x24)
        said = [f"{len(down)} face down, yours alone", f"{len(down)} yours, face down",
                f"{len(down)} face down"]
        return next((t for t in said if room is None or cell_len(t) <= room), said[-1]), ""
    card, names = known[0]
    if len(down) == 1:
        head = f"dashed {card.text}:" if big else card_text(card).plain
        said = [f"{head} {_known_by(names)} it too",
                f"{head} {'another knows it' if len(names) == 1 else 'others know it'}"]
    else:  # several face down: the one another knight knows
        if big:
            said = [f"dashed: {_known_by(names)} {card.text} too",
                    f"dashed: {'another knows' if len(names) == 1 else 'others know'} {card.text}"]
        else:  # the card as the hand draws it (it said "( )")
            head = card_text(card).plain
            said = [f"{head} {_known_by(names)} it too",
                    f"{head} {'another knows it' if len(names) == 1 else 'others know it'}"]
    text = next((t for t in said if room is None or cell_len(t) <= room), said[-1])
    return ("", text) if big else (text, "")


def _known_by(names: tuple[str, ...]) -> str:
    """"Bram knows", "Bram and Cora know", "3 others know"."""
    if len(names) == 1:
        return f"{names[0]} knows"
    if len(names) == 2:
        return f"{names[0]} and {names[1]} know"
    return f"{len(names)} others know"


def weapon_card(weapon: Weapon | None, *, face_down: bool = False, known: bool = True,
                enabled: bool = True, key: str = "", holder: Knight | None = None) -> Card:
    """A weapon as a hand card: its code (colour letter + value) in its colour;
    a potion shows its reading for its `holder`."""
    if weapon is None:
        return Card(face_down=True, known=False, enabled=enabled, key=key)
    return Card(text=extras.weapon_text(holder, weapon),
                style=COLOUR_STYLE.get(weapon.colour, "bold"), face_down=face_down,
                known=known, enabled=enabled, key=key)


def spell_tag(spell: Spell) -> str:
    """A spell in front of a knight as the knights' rows name it ("Atk-2",
    after the dark spell's "●")."""
    return _SHORT_SPELL.get(spell.kind, spell.name)


def strength_terms(view: State, seat: int) -> list[str]:
    """What `seat`'s attack strength (the rules' `strength`) adds up, each
    part as the table shows it: the weapons as the hand draws them (face
    down first, a read potion as its reading, "+2" or "-2", not "±2"), then
    the spells in play in front of the knight that change it, as its row
    does ("●Atk-2"). No companion changes the sum (the Chameleon meets
    conditions, the Tortoise and the Fox decide combat: the strength
    caption's warning and the combat say so). A play-test read "P2 P1 R2
    R4 R6 = 13", cards that add up to 15, under Attack -2."""
    knight = view.knights[seat]
    down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
    weapons = [c.weapon for c in down if c.weapon is not None] + list(knight.visible)
    terms = [extras.weapon_text(knight, weapon) for weapon in weapons if weapon is not None]
    return terms + spell_terms(GAME.spells_on(view, seat))


def spell_terms(spells: Iterable[Spell]) -> list[str]:
    """Of the spells in front of a knight, those their strength counts, as
    the knights' rows name them ("●Atk+2")."""
    return [f"{DARK}{spell_tag(spell)}" for spell in spells if spell.kind in ATTACK_CHANGE]


def _with_spells(spells: Iterable[Spell]) -> str:
    """Before a hand's total, the spells it counts besides the cards:
    "●Atk+2 " (nothing when none)."""
    terms = spell_terms(spells)
    return " ".join(terms) + " " if terms else ""


def _against(total: int, hp: int) -> str:
    if total == hp:
        return "perfect"
    return f"{hp - total} short" if total < hp else f"{total - hp} over"


def _unread_caption(view: State, seat: int) -> Text:
    """The hand's total while a potion is unread (a face-down one waits for
    combat, BQ-31): the certain part and "+ ?", then where either reading
    would leave the knight: "= 5 + ? (11 or 15 short)". The rules count an
    unread potion at its lower reading (so it never puts its holder over
    early); shown as the total, that read as a minus the player never
    chose."""
    known = GAME.known_strength(view, seat)
    sizes = GAME.unread_potions(view, seat)
    text = Text(f"= {known} + ?", style="bold")
    if GAME.standing(view, seat) is None:
        return text  # no Boss out yet
    hp = GAME.current_hp(view)
    low, high = known - sum(sizes), known + sum(sizes)
    if low > hp:  # over with every reading: over now (BQ-31)
        text.append(f" > {hp}: over!", style="bold reverse")
        return text
    # one potion: one reading or the other; more (a night): any between
    word = " or " if len(sizes) == 1 else " to "
    if low < hp and high < hp:
        text.append(f" ({hp - high}{word}{hp - low} short)")
    else:
        text.append(f" ({_against(low, hp)}{word}{_against(high, hp)})")
    return text


def strength_caption(view: State, seat: int) -> Text:
    """Under a knight's own weapons in a round: their total and where it
    leaves them, "= 13 (5 short)", "= 20 > 18: over!", with any condition
    in play their weapons do not meet."""
    if GAME.unread_potions(view, seat):
        caption = _unread_caption(view, seat)
        caption.append(_condition_warning(view, seat), style="bold")
        return caption
    caption = Text()  # (a style given to Text() would bold every part after it)
    caption.append(f"= {GAME.strength(view, seat)}", style="bold")
    standing = GAME.standing(view, seat)
    warning = _condition_warning(view, seat)
    if standing is not None:
        hp = GAME.current_hp(view)
        status, by = standing
        if status == "over":
            caption.append(f" > {hp}: over!", style="bold reverse")
            warning = ""  # out already, whatever the conditions
        elif status == "perfect":
            # no "perfect" when a condition puts the knight out
            caption.append(", the Boss's HP" + ("" if warning else ": perfect"), style="bold")
        else:
            caption.append(f" ({by} short)")
    caption.append(warning, style="bold")
    return caption


def _condition_warning(view: State, seat: int) -> str:
    """After the strength line, the conditions in play that `seat`'s
    weapons do not meet (BQ §Spell effects, BQ-8: out of the round, however
    close): "— but no Red weapon: Need Red puts you out". The play-test:
    Ann read "perfect" at 16, then Need Red put her out."""
    unmet = GAME.unmet_conditions(view, seat)
    if not unmet:
        return ""
    lacks = ", ".join(dict.fromkeys(
        f"no {s.colour.label} weapon" if s.kind is SpellKind.NEED_COLOUR and s.colour
        else "no two weapons of a colour" for s in unmet))
    names = " and ".join(
        f"Need {s.colour.label}" if s.kind is SpellKind.NEED_COLOUR and s.colour else s.name
        for s in unmet)
    return f" — but {lacks}: {names} put{'s' if len(unmet) == 1 else ''} you out"


def spell_label(spell: Spell) -> Text:
    """A spell's name with its light/dark glyph (the glyph, not a colour,
    tells them apart)."""
    glyph = DARK if spell.dark else LIGHT
    text = Text(f"{glyph} ", style="bold")
    if spell.kind is SpellKind.NEED_COLOUR and spell.colour is not None:
        text.append(f"Need {spell.colour.label} (")
        text.append(spell.colour.value, style=COLOUR_STYLE[spell.colour])
        text.append(")")
    else:
        text.append(spell.name)
    return text


#: what a spell acts on where it is not the rule of its colour (BQ §Spell
#: Effects: a light spell "affect[s] all players", a dark one a player's
#: game area): Swap with deck only the caster's own weapon, Swap hidden the
#: caster's and another's hidden cards, Cancel a spell in play; the
#: extensions' two act on a potion (BQ §Potions), on companions (BQ
#: §Companions). "light: all" on Swap companions misled (play-test)
_SPELL_TAGS = {
    SpellKind.CANCEL: "light: a spell in play",
    SpellKind.SWAP_HIDDEN: "dark: yours and a knight's",
    SpellKind.SWAP_DECK: "dark: your weapon",
    SpellKind.FLIP_POTION: "a knight's potion",
    SpellKind.SWAP_COMPANIONS: "two companions",
}


def offer_tag(spell: Spell) -> str:
    """The Wizard's list's tag of a spell: its colour and what it acts on."""
    return _SPELL_TAGS.get(spell.kind) or ("dark: one knight" if spell.dark else "light: all")


def combat_text(result: RoundResult, who: Any, *, weapons: bool, width: int | None = None) -> Text:
    """A round's combat, one knight a line (all of it is public now);
    `who(seat)` names a knight, `weapons` lists each knight's weapons.
    Given the `width` it is shown in, a knight's line too long for it goes
    on under itself, indented past the name, its notes ("PERFECT +2⚷")
    kept together: at 80 columns the box wrapped at the last space and left
    "+2⚷" alone at the start of the next line, as if a line of its own."""
    # as the Boss panel says it ("18 HP  (card 19, spells -1)"): "Boss 17,
    # 17 HP with spells" read as two Bosses, or as spells where none was
    text = Text(f"Boss {result.hp} HP", style="bold")
    if result.hp != result.boss:
        text.append(f" (card {result.boss}, spells {result.hp - result.boss:+d})", style="bold")
    text.append("\n")
    name_width = max(len(who(s)) for s in range(len(result.strengths)))
    for seat, value in enumerate(result.strengths):
        line = Text(no_wrap=True)
        won = seat in result.winners
        line.append("★ " if won else "  ", style="bold")
        line.append(f"{who(seat):<{name_width}} {value:>2}", style="bold" if won else "")
        indent = line.cell_len + 1  # under the first weapon, on a line going on
        if weapons and seat < len(result.equipment):
            holder = _reader(result, seat)  # a potion shows its reading (BQ-31)
            for weapon in result.equipment[seat]:
                card = card_text(weapon_card(weapon, holder=holder))
                _go_on(line, card, " ", indent, width)
        notes = _combat_notes(result, seat)
        if notes:
            _go_on(line, Text(notes), "  ", indent, width)
        text.append_text(line)
        text.append("\n")
    text.append_text(_combat_foot(result, who))
    text.rstrip()
    return text


def _combat_notes(result: RoundResult, seat: int) -> str:
    """What combat did to a knight: "over -1♥", "PERFECT +2⚷"."""
    notes = []
    kept = result.spared[seat] if seat < len(result.spared) else ""
    if result.eliminated[seat] == "over":
        # why an over knight kept its heart (BQ §Companions, the Tortoise;
        # the spell "No one loses a heart")
        notes.append({"tortoise": "over, ♥ kept (Tortoise)",
                      "spell": "over, ♥ kept (spell)"}.get(kept, "over"))
    elif result.eliminated[seat] == "spell":
        notes.append("out (spell)")
    if seat in result.perfect:
        notes.append("PERFECT")
    if result.keys_gained[seat]:
        notes.append(f"+{result.keys_gained[seat]}{KEY}")
    if result.hearts_lost[seat]:
        notes.append(f"-{result.hearts_lost[seat]}{HEART}")
    return " ".join(notes)


def _combat_foot(result: RoundResult, who: Any) -> Text:
    """The lines under a combat's knights: why a tie went as it did, or
    that nobody won."""
    text = Text()
    for line in _tie_lines(result, who):
        text.append(line, style="italic")
        text.append("\n")
    if not result.winners:
        # every knight over or out: no ★ and no key, said rather than left
        # to be worked out
        text.append("No knight wins the round: no key this time.", style="italic")
        text.append("\n")
    return text


def fitted_combat_text(result: RoundResult, who: Any, *, weapons: bool, width: int,
                       height: int, rows: Any) -> Text:
    """`combat_text` in at most `height` lines of `width` cells (`rows(text)`
    counts a text's lines there). Too tall, the winners keep a line each
    and the other knights share lines ("Ann 18 over -1♥ · Bram 13"); still
    too tall, the Boss and the notes give way, then the last of the others
    ("+1 more"): at 80x24 the panel cut its last rows, the winner's with
    them."""
    full = combat_text(result, who, weapons=weapons, width=width)
    if rows(full) <= height:
        return full
    seats = range(len(result.strengths))
    name_width = max(len(who(s)) for s in seats)
    winners = Text()
    others = []
    for seat in seats:
        notes = _combat_notes(result, seat)
        said = f"{who(seat)} {result.strengths[seat]}" + (f" {notes}" if notes else "")
        if seat in result.winners:
            winners.append(f"★ {who(seat):<{name_width}} {result.strengths[seat]:>2}", style="bold")
            winners.append(f"  {notes}\n" if notes else "\n")
        else:
            others.append(Text(said))
    foot = _combat_foot(result, who)
    foot.rstrip()
    winners.rstrip()
    blocks = [full.split("\n")[0], winners, flow_parts(others, width), foot]
    text = Text("\n").join(block for block in blocks if block)
    if rows(text) <= height:
        return text
    if not result.winners:
        winners = foot  # "No knight wins the round" is what the winner's line says
    room = height - (rows(winners) if winners else 0)
    for shown in range(len(others), -1, -1):
        more = [Text(f"+{len(others) - shown} more", style="italic")] if shown < len(others) else []
        rest = flow_parts(others[:shown] + more, width)
        if shown == 0 or rows(rest) <= room:
            break
    text = Text.assemble(winners, "\n", rest) if winners and room > 0 else winners or rest
    text.rstrip()
    return text


def _go_on(line: Text, piece: Text, gap: str, indent: int, width: int | None) -> None:
    """Add `piece` to a combat's `line` after `gap`; where `width` is given
    and the piece would run past it, on a new line `indent` cells in
    (the piece whole: never split at a space of its own)."""
    last = line.plain.rsplit("\n", 1)[-1]
    if width is not None and cell_len(last) > indent and cell_len(last) + len(gap) + piece.cell_len > width:
        line.append("\n" + " " * indent)
    else:
        line.append(gap)
    line.append_text(piece)


NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


def _tie_lines(result: RoundResult, who: Any) -> list[str]:
    """Why a knight won a round it tied on strength (BQ §Combat: the
    fewest weapon cards; the Fox first, BQ-35; still tied, each wins a key):
    two knights at 17 and a key for one of them read as a mistake."""
    contenders = [s for s in range(len(result.strengths)) if not result.eliminated[s]]
    second = any(a.spell.kind is SpellKind.SECOND_CLOSEST for a in result.spells)
    cards = [len(weapons) for weapons in result.equipment]
    lines = []
    for value in sorted({result.strengths[s] for s in result.winners}):
        won = [s for s in sorted(result.winners) if result.strengths[s] == value]
        lost = [s for s in contenders if result.strengths[s] == value and s not in result.winners]
        if len(cards) < len(result.strengths):
            continue
        held = {cards[s] for s in won}
        if len(won) > 1 and not lost and len(held) == 1:
            # "still a tie, all players involved each win a KEY": two ★
            # at one strength read as a mistake too
            every = "both" if len(won) == 2 else f"all {NUMBER_WORDS.get(len(won), len(won))}"
            count = held.pop()
            lines.append(f"Tied at {value} with {count} weapon{'s' if count != 1 else ''} each: "
                         f"{every} take a key.")
            continue
        if not won or not lost:
            continue
        names = " and ".join(who(s) for s in won)
        verb = "win" if len(won) > 1 else "wins"
        # the Fox decides before the weapons are counted (BQ-35), so a Fox
        # holder among the tied is the reason even with fewer weapons too
        fox_tied = result.fox in won + lost
        if second:
            breaker = "the Fox breaks" if fox_tied else "fewer weapons break"
            lines.append(f"Tied at {value}: {breaker} the tie; 2nd closest wins, so {names} {verb}.")
        elif fox_tied or not all(cards[w] < cards[s] for w in won for s in lost):
            lines.append(f"Tied at {value}: {names} {verb} with the Fox.")
        else:
            counts = " and ".join(sorted({str(cards[s]) for s in won}))
            against = " and ".join(sorted({str(cards[s]) for s in lost}))
            lines.append(f"Tied at {value}: {names} {verb} with fewer weapons ({counts} against {against}).")
    return lines


def _combat_waits(view: State, who: Any) -> str:
    """What the combat to come waits on: a face-down potion read once every
    weapon is face up (BQ-31; at night it said the knights were still to
    meet the Wizard), else the knights' turns."""
    if view.phase is Phase.READ_POTION and view.resume == "combat" and view.reader is not None:
        return f"No combat yet: {who(view.reader)} reads a potion first."
    return "No combat yet: it comes once every knight is at the Wizard."


def _combat_ahead(view: State, who: Any) -> Text:
    """What the combat at the end of the round will do (BQ §3 Combat), for
    the panel of combats before the first: a new player's question at
    round 1, with room to answer it on a large terminal."""
    text = Text()
    text.append(_combat_waits(view, who) + "\n", style="italic")
    night = view.boss == ULUL and view.options.ulul is not Ulul.OFF and is_night(view)
    text.append("Over the Boss's HP: ", style="bold")
    lost = f"two {HEART} lost (Ul'ul by night)" if night else f"one {HEART} lost"
    text.append(f"out of the round, {lost}. A spell's condition not met: out, "
                f"no {HEART} lost.\n")
    text.append("Closest to the HP: ", style="bold")
    text.append(f"wins the round and a {KEY} (a tie: the fewest weapons; still tied, each).\n")
    text.append("Exactly the HP: ", style="bold")
    text.append(f"PERFECT, a {KEY} more.\n")
    text.append(f"{GAME.keys_to_win(view.players)} {KEY} win the quest", style="bold")
    text.append(f"; a knight's last {HEART} lost ends it (the most {KEY} win).")
    return text


def _reader(result: RoundResult, seat: int) -> Knight | None:
    """A stand-in holder of knight `seat`'s potion readings at combat."""
    if seat < len(result.readings) and result.readings[seat]:
        return Knight(hearts=0, keys=0, readings=result.readings[seat])
    return None


def append_effect(line: Text, words: str, style: str = "") -> None:
    """What a spell did, after its name in `line`: "Need Blue (B): no
    effect: ...", but after a name ending in "!" a space alone ("Final
    turn!: no effect: ..." read awkwardly, a play-test)."""
    line.append((" " if line.plain.endswith("!") else ": ") + words, style=style)


def shifts_text(effect: Any, who: Any) -> str:
    """What a spell used at once moved, "at the swap: Ann 16→18, Boss 17→16
    HP" (BQ-47): the strengths then, which later weapons change before combat."""
    swap = effect.spell.kind in (SpellKind.SWAP_HIDDEN, SpellKind.SWAP_DECK)
    return ("at the swap: " if swap else "when used: ") + ", ".join(
        f"Boss {s.before}→{s.after} HP" if s.seat is None
        else f"{who(s.seat)} {s.before}→{s.after}" for s in effect.shifts)


def spells_text(result: RoundResult, who: Any, width: int | None = None) -> Text:
    """The spells of a combat's round, one a line: "● Attack +1 → Bob:
    strength +1", "● Bram's mystery: Attack +2 → Ann: strength +2"; a spell used at once and discarded (a swap, Swap companions,
    Flip a potion, Cancel) says the strengths it moved: "● Swap hidden → Ann, Cora: hidden
    cards swapped; Ann 16→18, Cora 18→16" (the rules say which did what:
    `combat_spells`, BQ-47). Past `width`, a line goes on under its text."""
    return _effects_text(combat_spells(result), who, width)


def _effects_text(effects: Any, who: Any, width: int | None, style: Any = None) -> Text:
    """Spell effects one a line, a round's and the duel's alike (BQ-47):
    "● Bram's mystery: Attack +2 → Ann: strength +2". `style` gives an
    effect's words a style of their own (None: plain)."""
    text = Text()
    for effect in effects:
        line = spell_label(effect.spell)
        if effect.mystery and effect.caster is not None:
            # BQ-47, and whose: only the log said who played it on you
            line = Text.assemble(line[:2], f"{possessive(who(effect.caster))} mystery: ", line[2:])
        elif effect.mystery:
            line.append(" (the mystery)")  # BQ-47
        elif effect.caster is not None:
            # every spell's caster, as the mystery's (the play-test: "○ Boss
            # HP +2: 20 → 22 HP", Bram's, named only in the log)
            line = Text.assemble(line[:2], f"{possessive(who(effect.caster))} ", line[2:])
        if effect.seats:
            line.append(" → " + ", ".join(who(s) for s in sorted(effect.seats)))
        append_effect(line, effect.effect, style=style(effect) if style else "")
        if effect.shifts:
            line.append(f"; {shifts_text(effect, who)}")
        if text:
            text.append("\n")
        text.append_text(_hanging(line, width, 2))  # under the spell's name, past "● "
    return text


def spells_block(result: RoundResult, who: Any, width: int | None = None) -> Text:
    """The combat's spells under their heading, or "No spell changed it.".
    Every spell of the round is among them, one that changed nothing with
    no effect (BQ-15, BQ-47): then the heading is "Spells of the round", as
    not all changed it."""
    spells = spells_text(result, who, width)
    turned = mystery_turned_line(result)
    if not spells:
        return Text.assemble(("No spell changed it.", "italic"), *turned)
    wasted = any(effect.no_effect for effect in combat_spells(result))
    heading = "Spells of the round\n" if wasted else "Spells that changed it\n"
    return Text.assemble((heading, "bold"), spells, *turned)


def mystery_turned_line(result: RoundResult) -> tuple[str, ...]:
    """The mystery spell left face down at the round's end, turned and
    discarded (BQ-13, BQ-33), in the log's words, on a line of its own
    after the spells; none when it was used. The play-test read it only in
    the log, and in the game's last round nowhere."""
    turned = result.mystery_turned
    if turned is None:
        return ()
    return ("\n", f"The mystery spell was {turned}; it is discarded.")


def wave_text(result: WaveResult, width: int | None = None) -> Text:
    """A Solo Quest wave's attack (BQ §Solo Quest: a Boss falls to exactly
    its HP, its spells' conditions met): each Boss's weapons and attack
    against its HP, and every spell given to it (BQ-47). Given the `width`
    it is shown in, a line too long goes on under its own text."""
    text = Text()
    for n, boss in enumerate(result.bosses):
        strength, hp, won = result.strengths[n], result.hps[n], result.defeated[n]
        line = Text("★ " if won else "  ", style="bold", no_wrap=True)
        name = "MegaBoss" if result.wave >= 3 else f"Boss {n + 1}"
        line.append(f"{name} {strength:>2}", style="bold")
        indent = line.cell_len + 1  # under the first weapon (up to 20 in a wave)
        for weapon in boss.weapons:
            _go_on(line, card_text(weapon_card(weapon)), " ", indent, width)
        # the final assault's hearts discarded, -1 or +1 each, after the
        # weapons (BQ-41): the cards read 34 beside a total of 33
        for _ in range(abs(result.adjust)):
            _go_on(line, Text(f"[{HEART}{result.adjust // abs(result.adjust):+d}]", style="bold"),
                   " ", indent, width)
        if n:
            text.append("\n")
        # every reason it failed: "2 over" with "Need Yellow" unmet too
        verdict = "defeated" if won else "; ".join(solo.missed_by(boss, strength, hp))
        text.append_text(line)
        text.append(f"\n    {strength} against {hp} HP: {verdict}")
        spells = extras.solo_spells_taken(boss)
        if spells:
            text.append("\n")
            text.append_text(_hanging(Text("    spells: " + "; ".join(spells), style="dim"),
                                      width, len("    spells: ")))
    return text


def _hanging(line: Text, width: int | None, indent: int) -> Text:
    """`line` wrapped at `width` cells (None: as it is), its lines after the
    first `indent` cells in: a box's line going on at column 1 read as an
    entry of its own (the play-test's "Bram 13→8", "spell")."""
    return line if not width else flow_parts([line], width, hang=" " * indent)


def duel_text(duel: DuelResult, who: Any) -> Text:
    """The Final Boss duel's combat (BQ §Final Boss, BQ-38, BQ-47): the
    champion's weapons face up, how the strength was made, and the ending."""
    text = Text(f"MegaBoss {duel.megaboss} HP", style="bold")
    if duel.hp != duel.megaboss:
        text.append(f", {duel.hp} HP with spells", style="bold")
    text.append("\n")
    line = Text(no_wrap=True)
    line.append("★ " if duel.won else "  ", style="bold")
    # the final strength, as a round's row gives it (the sum is on the next line)
    line.append(f"{who(duel.champion)} {duel.strength:>2}", style="bold")
    holder = Knight(hearts=0, keys=0, readings=duel.readings)
    for weapon in duel.weapons:
        line.append(" ")
        line.append_text(card_text(weapon_card(weapon, holder=holder)))
    text.append_text(line)
    parts = [f"weapons {duel.weapons_total}"]
    if duel.spells_total:
        parts.append(f"spells {duel.spells_total:+d}")
    if duel.sacrificed:
        s_ = "" if duel.sacrificed == 1 else "s"
        parts.append(f"heart{s_} +{duel.sacrificed}")
    # (the weapons alone: "weapons 33 = 33" said nothing, a play-test)
    total = "" if len(parts) == 1 and duel.strength == duel.weapons_total else f" = {duel.strength}"
    text.append(f"\n{', '.join(parts)}{total} against {duel.hp} HP: {_duel_verdict(duel)}")
    if not duel.conditions_met and not duel.unmet:
        text.append("\nA spell's condition is not met.", style="bold")
    text.append("\n")
    text.append(duel.ending, style="bold")
    return text


def _duel_verdict(duel: DuelResult) -> str:
    """"exact!", "2 over", "24 short"."""
    return "exact!" if duel.strength == duel.hp else (
        f"{duel.strength - duel.hp} over" if duel.strength > duel.hp
        else f"{duel.hp - duel.strength} short")


def duel_box_text(duel: DuelResult, who: Any) -> Text:
    """The Final Boss duel in the "Last combat" panel (BQ-47: the match's
    last combat; the play-test's panel still showed round 6's): the
    champion's strength against the HP, then the ending; c opens it all."""
    text = Text()
    text.append("★ " if duel.won else "", style="bold")
    text.append(f"{who(duel.champion)} {duel.strength}", style="bold")
    text.append(f" against {duel.hp} HP: {_duel_verdict(duel)}\n")
    text.append(duel.ending)
    return text


def duel_spells_text(duel: DuelResult, who: Any, width: int | None = None) -> Text:
    """The spells the defeated knights activated in the duel, one a line,
    told as a round's are (BQ-47: `duel_spells`): "○ Bram's Boss HP +2:
    30 → 32 HP", "○ Need Purple (P): met" (going on under its text past
    `width`). One that acts in no duel, and a condition not met, stand out
    (the ending names what is lacking, the list which spell, BQ-38)."""
    def style(effect: Any) -> str:
        return "italic" if effect.no_effect else "bold" if effect.effect == "not met" else ""
    return _effects_text(duel_spells(duel), who, width, style)


@attrs.frozen
class _PersonalSpell:
    """An action-bar choice: this personal spell, its Boss still to choose."""

    spell: Any


#: an action-bar choice: back from a personal spell's Bosses (or the
#: companion's choices)
_BACK = object()
#: an action-bar choice: the companion's power, its choices next (`o`)
_POWER = object()


def _number_key(action: object) -> str:
    """The key an action bar shows for a choice of its own: a number where a
    number key plays it (a Solo Quest ask, a Boss), + or - for a potion's
    reading, w and e for the Hare's on to the Wizard or not, else none
    (Enter, on the highlighted one)."""
    if isinstance(action, GoToWizard):
        return "w"
    if isinstance(action, EndTurn):
        return "e"
    if isinstance(action, (Ask, DuelAsk)):
        return str(action.count)
    if isinstance(action, Fight):
        return "f"
    if isinstance(action, Resolve) and not action.adjust:
        return "a"  # the Solo Quest's attack (`action_solo_attack`)
    if isinstance(action, AssignTo):
        return str(action.boss + 1)
    if isinstance(action, Sacrifice):
        return str(action.hearts)
    if isinstance(action, ReadPotion):
        return "+" if action.sign > 0 else "-"
    return ""


def _solo_targets(update: TableUpdate | None) -> list[Any]:
    """The spells Cancel may take or the weapons Swap with deck may swap,
    in the Solo Quest, in the order the action bar lists (and numbers) them."""
    if update is None or update.view.phase is not Phase.SOLO_TARGET:
        return []
    return [a for a in update.legal if isinstance(a, (TargetSpell, TargetWeapon))]


def _listed(update: TableUpdate | None) -> list[Any]:
    """The choices of a long list on the action bar, numbered in its order
    (a typed number picks one, past 9 digit by digit): Cancel's or Swap
    with deck's in the Solo Quest, the duel's spells, Swap companions'
    pairs (14 or 15 at four knights; at 80x24 they had no numbers, and
    only ←→ reached the ones below)."""
    listed = _solo_targets(update) or _duel_spells(update)
    if listed or update is None:
        return listed
    return extras.swap_order(update.view, update.legal)


def _duel_spells(update: TableUpdate | None) -> list[DuelSpell]:
    """The Final Boss duel's spells offered to the defeated knights, in the
    spells panel's order (the draw's, BQ-37), so that a number means the
    panel's line (those that act listed first read 1 as another spell than
    the panel's first, a play-test). The cursor starts on one that acts
    (`_safe_choice`)."""
    if update is None:
        return []
    return sorted((a for a in update.legal if isinstance(a, DuelSpell)), key=lambda a: a.index)


def _acting_duel_spells(update: TableUpdate | None) -> frozenset[DuelSpell]:
    """The duel's spells offered that do something to the champion (BQ-38):
    Enter on the one the cursor starts on should not waste the table's one
    choice (play-test)."""
    if update is None:
        return frozenset()
    offer = update.view.duel_offer
    return frozenset(a for a in _duel_spells(update)
                     if a.index < len(offer) and acts_in_duel(offer[a.index]))


def _safe_choice(choices: list[Choice], *, at_the_hp: bool = False,
                 acting: frozenset[DuelSpell] = frozenset()) -> int | None:
    """Where the action bar's cursor starts for a new decision: a choice
    that gives nothing away for good, so that an Enter the player did not
    mean costs nothing. The bolder knight lets the moment pass, the Hare's
    holder ends the turn (the Wizard is no way back), the final assault
    attacks as the knight stands (no heart discarded), a knight equipping
    asks for weapons. None: the first choice (the decision has no safe one,
    or its first is the only one: the Wizard a knight over the HP must go to).
    A knight whose strength is the Boss's HP exactly (`at_the_hp`) starts
    on the Wizard: another weapon could only take them over."""
    preferences = (
        lambda v: at_the_hp and isinstance(v, GoToWizard),
        lambda v: isinstance(v, LetPass),
        lambda v: isinstance(v, EndTurn),
        lambda v: isinstance(v, Resolve) and not v.adjust,
        lambda v: isinstance(v, Ask),
        lambda v: v in acting,  # a duel spell that acts (BQ-38)
    )
    for wanted in preferences:
        for index, choice in enumerate(choices):
            if choice.enabled and wanted(choice.value):
                return index
    return None


def _doing(view: State) -> str:
    """What the knight acting now is doing, for the status line of a turn
    that is not the viewer's to decide ("Bob's turn (at the Wizard)"); empty
    when there is nothing to name, never a pair of empty brackets."""
    phase = view.phase
    if phase is Phase.TURN:
        if view.step is Step.TARGET:
            return f"casting {view.casting}" if view.casting else "choosing a target"
        if view.step is Step.WIZARD and view.waiting is not None:
            return "at the Wizard, a bolder knight"
        if GAME.last_ask(view, view.turn):  # BQ §2A, as its own prompt says
            return "last ask, then the Wizard"
        return {
            Step.CHOOSE: "weapons or the Wizard",
            Step.WIZARD: "at the Wizard",
            Step.HARE: "the Hare: on to the Wizard or not",
        }.get(view.step, "")
    return {
        Phase.READ_POTION: "reading a potion",
        Phase.DUEL: "facing the MegaBoss",
        Phase.DUEL_CHOOSE: "choosing a spell against the champion",
        Phase.DUEL_SACRIFICE: "sacrificing hearts or not",
        Phase.SOLO: "asking for weapons",
        Phase.SOLO_ASSIGN: "giving weapons to a Boss",
        Phase.SOLO_TARGET: f"casting {view.casting}" if view.casting else "choosing a target",
        Phase.SOLO_END: "attacking",
    }.get(phase, "")


@attrs.frozen
class _KnightParts:
    """What a knight's row says (`BossQuestScreen._knight_parts`), before
    the panel's columns are chosen."""

    turn: bool
    #: the bare name, with " (you)" on the viewer's row
    name: str
    bold: bool
    hearts_keys: str
    #: the companion ("Owl*" once its power is spent); None: no Companions
    companion: str | None
    #: "3 cards  " when drawn tall, else ""
    count: str
    status: str
    cards: tuple[Card, ...]
    #: the spells on the knight, in a few letters
    spells: tuple[str, ...]
    #: what the viewer can count of its weapons ("9+?"), or ""
    shows: str


@attrs.frozen
class _Columns:
    """The cells of the knights' name, companion and status columns."""

    name: int
    companion: int = 9
    status: int = 11


#: how a row's cards may be drawn, the roomiest first: a space between
#: them, closed up, closed up with the face-down ones counted ("[▒▒]×5")
_CARD_WAYS = ("spaced", "closed", "counted")


def _row_head(parts: _KnightParts, columns: _Columns) -> Text:
    """A knight's row up to its cards: the turn, name, hearts and keys,
    companion, card count and status, in the panel's columns."""
    text = Text(no_wrap=True, end="")
    text.append("» " if parts.turn else "  ", style="bold")
    name = shortened(parts.name, columns.name)
    text.append(f"{name}{' ' * (columns.name - cell_len(name))} ",
                style="bold" if parts.bold else "")
    text.append(parts.hearts_keys)
    if parts.companion is not None:
        text.append(f" {parts.companion:<{columns.companion}}")
    text.append("  " + parts.count)
    text.append(f"{parts.status:<{columns.status}}", style="italic")
    return text


def _row_cards(cards: tuple[Card, ...], way: str) -> Text:
    """A row's cards, a space before the first: `way` is one of `_CARD_WAYS`."""
    return Text("", end="").join(_card_pieces(cards, way))


#: a weapon received, as the log tells it (after `second_person`): group 1
#: "You" or 2 the knight, 3 the weapon (none: face down, unnamed), 4 " face
#: down", 5 the rest ("." and any combat after it, or " and goes to the Wizard...")
_RECEIVED = re.compile(r"^(?:(You) receive|(.+?) receives) (?:a weapon|(\S+))( face down)?"
                       r"(\.(?:\n.*)?| and goe?s? to the Wizard.*)\Z", re.DOTALL)


def fold_receipts(lines: Sequence[str]) -> list[str]:
    """The log with the weapons of one request in one line ("Bram receives
    B3, B4 and B1."): they came a line each (BQ §2A, one by one), and three
    took the few lines of the 80x24 log. Face-down ones unnamed to the
    others are counted ("Bram receives 2 weapons face down"). A line that
    ends the request (the Wizard, a combat) ends the run. The Final Boss
    duel's requests too (`fold_duel_takes`)."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        out: list[str] = []
        group: list[re.Match[str]] = []
        for m in run:
            if group and (_subject(m) != _subject(group[0]) or m.group(4) != group[0].group(4)
                          or (m.group(3) is None) != (group[0].group(3) is None)):
                out.extend(_told(group))
                group = []
            group.append(m)
            if not m.group(5).startswith(".") or "\n" in m.group(5):
                out.extend(_told(group))  # the request ended here
                group = []
        return out + _told(group)

    return fold_duel_takes(gamelog.fold_runs(lines, _RECEIVED, tell))


#: a spell the Wizard offers, as the log tells it (one_stop: "Final turn!")
_OFFERED = re.compile(r"^The Wizard offers (.+?)\.?\Z")


def fold_log(lines: Sequence[str]) -> list[str]:
    """The log as the panel and the hand-over cover show it: the weapons
    of a request in a line (`fold_receipts`), and the Wizard's offers of a
    round in a line ("The Wizard offers: No heart lost; Need Yellow (Y);
    Winner +1 key."): a line each, three of the eight lines that open the
    log (a play-test: every game's set-up took the log's first screen).
    The rest of the set-up too (`fold_set_up`)."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        return [one_stop(f"The Wizard offers: {'; '.join(m.group(1) for m in run)}.")]

    return fold_set_up(fold_companions(fold_draws(
        gamelog.fold_runs(fold_receipts(lines), _OFFERED, tell))))


#: the Owl's look at the mystery spell (BQ-33), as the log tells it: 1 whose
_OWL_LOOKS = re.compile(r"^(.+) Owl looks at the mystery spell\.\Z")
#: what the Owl saw, to its holder (1 the spell) or to the others
_OWL_SAW = re.compile(r"^The mystery spell is (.+) \(only you know\)\.\Z")
_OWL_SEEN = "The Owl has seen the mystery spell."
#: the Hare's power declined (BQ §Companions): 1 "Your" or 2 whose
_HARE_UNUSED = re.compile(r"^(?:(Your)|(.+)'s) Hare: not used this turn\.\Z")
#: weapons received, folded or not (`fold_receipts`): 1 "You" or 2 who
_RECEIVES = re.compile(r"^(?:(You) receive|(.+?) receives) [^\n]+\.\Z")


def fold_companions(lines: Sequence[str]) -> list[str]:
    """The companions' lines that said twice, or after every request, what
    a line said: "Cora's Owl looks at the mystery spell." then "The Owl
    has seen the mystery spell." one line (its holder's with the spell it
    saw), and "Bram's Hare: not used this turn." on the line of the
    weapons Bram received ("Bram receives R3; Hare not used."). Every
    round, a play-test read them as noise; the journal keeps every line."""
    out: list[str] = []
    for line in lines:
        last = out[-1] if out else ""
        looked = _OWL_LOOKS.match(last)
        if looked and line == _OWL_SEEN:
            continue
        saw = _OWL_SAW.match(line)
        if looked and saw:
            out[-1] = f"{last[:-1]}: {saw.group(1)} (only you know)."
            continue
        hare, received = _HARE_UNUSED.match(line), _RECEIVES.match(last)
        if hare and received and (hare.group(1) is not None and received.group(1) is not None
                                  or hare.group(2) is not None and hare.group(2) == received.group(2)):
            out[-1] = f"{last[:-1]}; Hare not used."
            continue
        out.append(line)
    return out


#: a weapon drawn in the Solo Quest (BQ §Solo Quest), as the log tells it:
#: 1 "You" or 2 who, 3 the weapon
_DRAWS = re.compile(r"^(?:(You) draw|(.+?) draws) (\S+)\.\Z")


def fold_draws(lines: Sequence[str]) -> list[str]:
    """A run of the Solo Quest's weapons drawn in one line ("You draw R1,
    B2 and Y3."), as the multiplayer "receives" are (`fold_receipts`): a
    line each, four filled the 80x24 log's three rows."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        out: list[str] = []
        for who, kept in itertools.groupby(run, key=lambda m: (m.group(1), m.group(2))):
            group = list(kept)
            if len(group) < 2:
                out.extend(m.string for m in group)
                continue
            cards = [m.group(3) for m in group]
            verb = "You draw" if who[0] else f"{who[1]} draws"
            out.append(f"{verb} {', '.join(cards[:-1])} and {cards[-1]}.")
        return out

    return gamelog.fold_runs(lines, _DRAWS, tell)


#: a weapon or a companion dealt (BQ §Setting up a round, 3; §Boss Ul'ul's
#: night; §Companions), as the log tells it: "you" or "who" the knight,
#: "what" what after "dealt", with "card" the weapon when the reader sees
#: it, "companion" the companion's name
_DEALT = re.compile(
    r"^(?:(?P<you>You) are|(?P<who>.+?) is) dealt (?P<what>"
    r"a hidden weapon(?:: (?P<hidden>\S+))?"
    r"|(?:a weapon|(?P<down>\S+)) face down"
    r"|the (?P<companion>[A-Z][a-z]+): .+"
    r"|(?P<up>\S+))\.\Z")

#: each kind of deal's line when folded
_DEALT_TOLD = {"companion": "Companions dealt", "hidden": "Hidden weapons dealt",
               "down": "Weapons dealt face down", "up": "Weapons dealt face up"}


def _dealt_kind(m: re.Match[str]) -> str:
    what = m.group("what")
    if what.startswith("a hidden weapon"):
        return "hidden"
    if m.group("companion"):
        return "companion"
    return "down" if what.endswith(" face down") else "up"


def _dealt_piece(kind: str, m: re.Match[str]) -> str:
    """A knight's part of a folded deal: "Bob the Owl", "you (B5)" (a
    face-down weapon the reader sees, as the board writes it), "Bob", "Bob Y3"."""
    who = "you" if m.group("you") else m.group("who")
    if kind == "companion":
        return f"{who} the {m.group('companion')}"
    if kind == "up":
        return f"{who} {m.group('up')}"
    card = m.group(kind)
    return f"{who} ({card})" if card else who


#: a spell laid beside a row of the Solo Quest (BQ §Solo Quest): 1 the
#: spell, 2 the row
_LAID = re.compile(r"^(.+) is laid beside the (1st wave|2nd wave|MegaBoss)\.\Z")
#: a Boss of a Solo Quest's wave turned face up (BQ-39): 1 the wave, 2 the
#: Boss, 3 its HP
_TURNED_UP = re.compile(r"^Wave (\d+): Boss (\d+) turns face up: (\d+) HP\.\Z")


def fold_set_up(lines: Sequence[str]) -> list[str]:
    """The log with each kind of set-up in one line, every piece still
    named (the journal keeps every line): each round's weapons dealt
    ("Hidden weapons dealt: Bob, Cyd, you (B5)." and "Weapons dealt face
    up: Bob Y3, Cyd R2, you B3."), the companions dealt ("Companions
    dealt: Bob the Owl, you the Fox."; F1 tells their powers, and the
    table your own), the Solo Quest's spell rows ("Spell rows laid out —
    1st wave: ...; 2nd wave: ...; MegaBoss: ...", the top spell first, as
    the board lists them) and a wave's Bosses ("Wave 1: Boss 1 (16 HP),
    Boss 2 (17 HP) and Boss 3 (19 HP) turn face up."). A line a piece,
    the set-up was 10 lines of a round at four knights and 16 of the Solo
    Quest, and pushed the first move out of the 80x24 log (a play-test).
    A single line stays as the log says it."""

    def dealt(run: list[re.Match[str]]) -> list[str]:
        out: list[str] = []
        for kind, kept in itertools.groupby(run, key=_dealt_kind):
            group = list(kept)
            if len(group) < 2:
                out.extend(m.string for m in group)
            else:
                told = ", ".join(_dealt_piece(kind, m) for m in group)
                out.append(f"{_DEALT_TOLD[kind]}: {told}.")
        return out

    def laid(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        rows: dict[str, list[str]] = {}
        for m in run:
            rows.setdefault(m.group(2), []).append(m.group(1))
        told = "; ".join(f"{row}: {', '.join(spells)}" for row, spells in rows.items())
        return [one_stop(f"Spell rows laid out — {told}.")]

    def turned(run: list[re.Match[str]]) -> list[str]:
        out: list[str] = []
        for wave, kept in itertools.groupby(run, key=lambda m: m.group(1)):
            group = list(kept)
            if len(group) < 2:
                out.extend(m.string for m in group)
                continue
            bosses = [f"Boss {m.group(2)} ({m.group(3)} HP)" for m in group]
            out.append(f"Wave {wave}: {', '.join(bosses[:-1])} and {bosses[-1]} turn face up.")
        return out

    folded = gamelog.fold_runs(lines, _DEALT, dealt)
    return gamelog.fold_runs(gamelog.fold_runs(folded, _LAID, laid), _TURNED_UP, turned)


#: a weapon the Final Boss's champion takes (BQ-37), as the log tells it:
#: group 1 "You" or 2 the knight, 3 the weapon (none: unnamed to the reader)
_DUEL_TAKEN = re.compile(r"^(?:(You) take|(.+?) takes) (?:a weapon|(\S+)) face down\.\Z")


def fold_duel_takes(lines: Sequence[str]) -> list[str]:
    """The weapons of one request against the MegaBoss in one line ("Ann
    takes 7 weapons face down."): a line each, seven filled the 80x24
    recap. Nothing else comes between a request's weapons."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        out: list[str] = []
        for m in run:  # (a run is one knight's, named or not, in practice)
            if out and _subject(m) == _subject(out[-1][0]) and (
                    (m.group(3) is None) == (out[-1][0].group(3) is None)):
                out[-1].append(m)
            else:
                out.append([m])
        return [line for group in out for line in _told_taken(group)]

    return gamelog.fold_runs(lines, _DUEL_TAKEN, tell)


def _told_taken(group: list[re.Match[str]]) -> list[str]:
    if len(group) < 2:
        return [m.string for m in group]
    first = group[0]
    verb = "You take" if first.group(1) else f"{first.group(2)} takes"
    if first.group(3) is None:
        return [f"{verb} {len(group)} weapons face down."]
    cards = [m.group(3) for m in group]
    return [f"{verb} {', '.join(cards[:-1])} and {cards[-1]} face down."]


def _subject(m: re.Match[str]) -> str:
    return m.group(1) or m.group(2)


def _told(group: list[re.Match[str]]) -> list[str]:
    if len(group) < 2:
        return [m.string for m in group]
    last = group[-1]
    you = bool(last.group(1))
    verb = "You receive" if you else f"{last.group(2)} receives"
    if last.group(3) is None:
        what = f"{len(group)} weapons"
    else:
        cards = [m.group(3) for m in group]
        what = ", ".join(cards[:-1]) + f" and {cards[-1]}"
    down = last.group(4) or ""
    rest = last.group(5)
    return [f"{verb} {what}{down}{rest if rest.startswith('.') else ',' + rest}"]


def _card_pieces(cards: tuple[Card, ...], way: str) -> list[Text]:
    """A row's cards one by one, each with the space before it (`_row_cards`)."""
    pieces = []
    if way == "counted":
        runs: list[tuple[Card, int]] = []
        for card in cards:
            if runs and card.face_down and not card.known and runs[-1][0] == card:
                runs[-1] = (card, runs[-1][1] + 1)
            else:
                runs.append((card, 1))
    else:
        runs = [(card, 1) for card in cards]
    for n, (card, times) in enumerate(runs):
        text = Text(" " if way == "spaced" or n == 0 else "", end="")
        text.append_text(card_text(card))
        if times > 1:
            text.append(f"×{times}", style="dim")
        pieces.append(text)
    return pieces


def _big_cards(cards: tuple[Card, ...]) -> tuple[Text, Text, Text]:
    """A row's cards drawn large, as the hand draws them (a box each,
    dashed when face down), a space before each: the boxes' tops, faces
    and bottoms."""
    top, face, bottom = Text(end=""), Text(end=""), Text(end="")
    for card in cards:
        hidden_face = card.face_down and not card.known
        shown = Text(BACK, style="dim") if hidden_face else Text(card.text, style=card.style)
        inner = max(2, shown.cell_len)
        line, side = ("╌", "╎") if card.face_down else ("─", "│")
        corners = "┌┐└┘" if card.face_down else "╭╮╰╯"
        top.append(f" {corners[0]}{line * inner}{corners[1]}")
        face.append(f" {side}")
        face.append_text(shown)
        face.append(" " * (inner - shown.cell_len) + side)
        bottom.append(f" {corners[2]}{line * inner}{corners[3]}")
    return top, face, bottom


def _row_tail(parts: _KnightParts, room: int | None = None) -> Text:
    """After a row's cards: the spells on the knight and what it shows; in
    `room` cells, what fits of them, in that order."""
    pieces = [(f"  {DARK}{s}" if n == 0 else f" {DARK}{s}", "bold")
              for n, s in enumerate(parts.spells)]
    if parts.shows:
        pieces.append((f"  shows {parts.shows}", "dim"))
    tail = Text(end="")
    for piece, style in pieces:
        if room is not None and tail.cell_len + cell_len(piece) > room:
            break
        tail.append(piece, style=style)
    return tail


@functools.lru_cache(maxsize=2048)
def _row_fits(parts: _KnightParts, columns: _Columns, way: str, room: int) -> bool:
    """Whether a knight's row keeps to its line(s) of `room` cells with its
    cards drawn `way`. Kept by its arguments: each update tries the rows
    in up to a dozen ways (`_draw_knights`), and most rows are as they
    were at the update before."""
    head = _row_head(parts, columns).cell_len
    if way == "big":  # the cards large beside the head, on three lines
        return head + _big_cards(parts.cards)[0].cell_len + _row_tail(parts).cell_len <= room
    if parts.count:  # drawn tall: the cards on a line of their own
        head = 2
    return head + _row_cards(parts.cards, way).cell_len + _row_tail(parts).cell_len <= room


#: the screen's actions that play at the table (not while a combat is up)
#: the height from which a wide screen shows the combats under the knights
#: (`BossQuestScreen._roomy`): at 160x40 the column under them stood empty
_ROOMY_HEIGHT = 40
#: the rows the combats keep under the decision on a large terminal, when
#: the knights' cards would be drawn large (`_knight_lines_room`)
_COMBATS_LEAST = 8

#: the score pad's row labels where the full ones do not fit (`ScorePad`)
_SHORT_LABELS = {"Rounds won": "Won", "Hearts before duel": "Hearts"}
#: the content width from which the Wizard's spells say what they do
#: (`BossQuestScreen._spell_details`)
_DETAILS_WIDTH = 36

#: the log's title, with its key (`action_read_log`), and while it has the keys
_LOG_TITLE = "Log · l to scroll"
_READING_TITLE = "↑↓ scroll · Esc back"


def _target_arrows(mode: str) -> str:
    """The arrows that move over a spell's targets, as they are laid out:
    your weapons in a row (↑↓ move along it too, but read wrong there),
    the knights and the spells in play in a list."""
    return "←→" if mode == "target-weapon" else "↑↓"

_TABLE_ACTIONS = frozenset({"ask", "wizard", "activate", "discard", "mystery", "pick",
                            "sacrifice_none", "back",
                            "read_potion", "undo", "undo_anyway", "companion", "end_turn",
                            "let_pass", "personal_back", "last_combat", "read_log"})

#: the keys of a knight's turn: while a potion is read they wait (BQ-31)
_TURN_KEYS = frozenset({"ask", "no_ask", "fight", "wizard", "activate", "discard", "mystery",
                        "pick", "sacrifice_none", "companion", "end_turn", "let_pass"})

#: a knight's status for the table's away marks (host/messages.py)
_MARK_WORDS = {AWAY_MARK: "away", STAND_IN_MARK: "away — bot playing",
               GONE_MARK: "left — bot playing"}


class KnightRows(PickList):
    """The knights' rows, laid out by the screen for the panel's width (a
    row's cards close up, its spells go under it: `_knight_room`). When the
    panel's width is not the one they were laid out for it asks for them
    again: a resize from 200x50 to 100x30 drew them for the width of a
    layout in between (58 columns) and left them so."""

    class Refit(Message):
        """The rows were laid out for another width than the panel has."""

    #: the content width and the lines the rows were laid out for
    laid_out_for = 0
    laid_out_lines: int | None = None

    def on_resize(self, event: events.Resize) -> None:
        if self.size.width != self.laid_out_for:
            self.post_message(self.Refit())


class DecisionPrompt(Static):
    """The decision's prompt, whose wording may follow its laid-out width
    (the bolder knights' whole prompt or its short one: `_bolder_prompt`).
    When its width is not the one it was worded for it asks to be worded
    again: a resize from 80x24 back to 160x45 was looked at by the screen
    before the layout that put the log beside it, and the whole prompt,
    worded for the screen's width, wrapped beside the log until the next
    key worded it short (a play-test)."""

    class Refit(Message):
        """The prompt was worded for another width than it has."""

    #: the content width the prompt was worded for
    worded_for = 0

    def on_resize(self, event: events.Resize) -> None:
        if self.content_region.width != self.worded_for:
            self.post_message(self.Refit())


class CombatBox(Static):
    """The last combat beside the table, fitted to the lines and width the
    panel has (`fitted_combat_text`), and fitted again whenever they
    change: at 80x24 a knight's row wrapping above took the panel's last
    rows (the winner's among them), and after a resize its lines kept the
    width they were drawn for."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        #: what is shown: (result, who, weapons, marked)
        self._combat: tuple[RoundResult, Any, bool, bool] | None = None
        self._fitted_for: tuple[int, int | None] | None = None

    def show_combat(self, result: RoundResult, who: Any, *, weapons: bool, marked: bool) -> None:
        self._combat = (result, who, weapons, marked)
        self._fit()

    def show_duel(self, duel: DuelResult, who: Any) -> None:
        """The Final Boss duel's combat, in short (`duel_box_text`)."""
        self._combat = None
        update_static(self, duel_box_text(duel, who))

    def on_resize(self, event: events.Resize) -> None:
        if self._combat is not None and self._room() != self._fitted_for:
            self._fit()

    def render(self) -> Any:
        # A layout that only scrolls resizes a widget without a Resize (one
        # CI snapshot showed the box fitted to one line in six): drawn at a
        # size it was not fitted for, it is fitted again after this frame.
        if self._combat is not None and self._room() != self._fitted_for:
            self.call_after_refresh(self._refit)
        return super().render()

    def _refit(self) -> None:
        if self._combat is not None and self._room() != self._fitted_for:
            self._fit()

    def _room(self) -> tuple[int, int | None]:
        """The cells and lines it has; no limit on the lines while its
        height follows its content (it would never grow back)."""
        height = self.styles.height
        # (its size, not its region: the region is the screen's map of the
        # layout before, while the resize is handled)
        lines = None if height is None or height.is_auto else self.size.height
        return self.size.width, lines

    def _fit(self) -> None:
        assert self._combat is not None
        result, who, weapons, marked = self._combat
        width, height = self._fitted_for = self._room()
        if not width or height is None:
            text = combat_text(result, who, weapons=weapons, width=width or None)
        else:
            console = self.app.console
            text = fitted_combat_text(result, who, weapons=weapons, width=width, height=height,
                                      rows=lambda t: len(t.wrap(console, width)))
        update_static(self, marked_text(text) if marked else text)


class CombatPanel(Vertical, can_focus=True):
    """A combat: each knight's weapons and strength against the Boss, and
    the spells that changed it, until Enter, space or Escape puts it away
    (`Closed`). Shown in a layer over the table (`BossQuestScreen`), and
    for the match's last combat in a dialog over the results (`CombatScreen`)."""

    DEFAULT_CSS = """
    CombatPanel {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    CombatPanel #combat-title {
        text-style: bold;
    }
    CombatPanel #combat-spells {
        margin-top: 1;
    }
    CombatPanel #combat-hint {
        margin-top: 1;
        color: $text-muted;
    }
    CombatPanel #combat-ending {
        margin-top: 1;
        text-style: bold;
        display: none;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "Go on", key_display="↵",
                tooltip="Close the combat and go on"),
        # c opens the last combat over the table, and puts it away again
        # there; on a box of its own (for everyone, over the results) it is
        # no key of the box: it moved a shared moment on to the hand-over
        Binding("c", "close_over_the_table", "Go on", show=False,
                tooltip="Close the combat and go on"),
    ]

    class Closed(Message):
        """The player put the combat away."""

    #: the combat shown, and whether it is the match's last
    result: RoundResult | None = None
    last: bool = False
    #: where putting it away leads, when not the table nor the results (a
    #: round's combat before the Final Boss duel, over the results)
    then: str | None = None

    def compose(self) -> ComposeResult:
        for part in ("title", "text", "spells", "ending", "hint"):
            yield Static("", id=f"combat-{part}")

    def show_duel(self, duel: DuelResult, who: Any) -> None:
        """The Final Boss duel's combat, the match's last (BQ-47)."""
        self.result, self.last = duel, True  # type: ignore[assignment]
        self.query_one("#combat-ending", Static).display = False  # its ending: in its text
        spells = duel_spells_text(duel, who, self._text_width())
        update_static(self.query_one("#combat-title", Static),
                      f"Combat: the Final Boss duel, {who(duel.champion)} vs the MegaBoss")
        update_static(self.query_one("#combat-text", Static), duel_text(duel, who))
        # cited once, not on each spell that does nothing: those lines wrapped
        idle = any(not acts_in_duel(active.spell) for active in duel.spells)
        update_static(self.query_one("#combat-spells", Static),
                      Text.assemble(("Spells against the champion", "bold"),
                                    " (house ruling BQ-38)" if idle else "", "\n", spells)
                      if spells else Text("No spell against the champion.", style="italic"))
        update_static(self.query_one("#combat-hint", Static),
                      f"Enter, space or Escape: on to {self._then}.")

    def show_wave(self, result: WaveResult, *, last: bool = False) -> None:
        """A Solo Quest wave's attack, before the next wave (a play-test:
        it went by with no pause), or the quest's last, before the results."""
        self.result, self.last = result, last  # type: ignore[assignment]
        self.query_one("#combat-ending", Static).display = False
        update_static(self.query_one("#combat-title", Static),
                      f"{extras.solo_stage(result.wave).capitalize()}: your attack")
        update_static(self.query_one("#combat-text", Static),
                      wave_text(result, self._text_width()))
        # the hearts discarded said apart from the failed attack's (BQ-41)
        update_static(self.query_one("#combat-spells", Static), Text(
            f"{sum(result.defeated)}/{len(result.defeated)} defeated: "
            f"{solo.hearts_lost_words(result)}, {result.hearts_after} left.", style="bold"))
        then = self.then or ("the results" if last else extras.solo_stage(result.wave + 1))
        update_static(self.query_one("#combat-hint", Static),
                      f"Enter, space or Escape: on to {then}.")

    def show_result(self, result: RoundResult, who: Any, *, last: bool = False) -> None:
        self.result, self.last = result, last
        title = f"Combat: round {result.round}" + (", the last" if last else "")
        then = self._then
        update_static(self.query_one("#combat-title", Static), title)
        update_static(self.query_one("#combat-text", Static),
                      combat_text(result, who, weapons=True, width=self._text_width()))
        update_static(self.query_one("#combat-spells", Static),
                      spells_block(result, who, self._text_width()))
        # the round that ends the game says so, and why, as the log does
        # (the box said only "on to the table" as Ann reached 5 keys)
        ending = game_over_line(result, who)
        update_static(self.query_one("#combat-ending", Static), ending)
        self.query_one("#combat-ending", Static).display = bool(ending)
        update_static(self.query_one("#combat-hint", Static),
                      f"Enter, space or Escape: on to {then}.")

    def on_key(self, event: events.Key) -> None:
        """Another key (the table's `1` or `w`, say, whose prompt shows
        beside the combat on a large terminal) does nothing while the combat
        is up: the hint says so, in bold, rather than leave the key unanswered."""
        if event.is_printable and self.result is not None:
            # the Solo Quest's words: its box is "your attack"
            what = "attack" if isinstance(self.result, WaveResult) else "combat"
            update_static(self.query_one("#combat-hint", Static), Text(
                f"Put the {what} away first: Enter, space or Escape, then on to {self._then}.",
                style="bold"))

    def _text_width(self) -> int:
        """The width the combat's lines have: the panel's 64 columns, or the
        screen's where narrower, less its border and padding (as laid out,
        or as it will be: the panel is filled before its first layout)."""
        if self.content_region.width:
            return self.content_region.width
        return min(64, self.app.size.width) - 4

    @property
    def _then(self) -> str:
        """Where putting the combat away leads."""
        if self.then is not None:
            return self.then
        return "the results" if self.last else "the table"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_over_the_table":
            return not isinstance(self.screen, OverTheResults)
        return True

    def action_close(self) -> None:
        self.post_message(self.Closed())

    def action_close_over_the_table(self) -> None:
        self.action_close()


class CombatScreen(OverTheResults):
    """One of the match's last combats, over the results, until a key is
    pressed; `then` names what comes after it, when not the results. Also
    a round's combat for everyone at one terminal (`round_end_dialogs`):
    there q leaves the table (`leave`), the combat kept unread."""

    HELP_TITLE = "Combat"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f1", "app.help", "Help")]

    def __init__(self, result: RoundResult | DuelResult | WaveResult, who: Any,
                 then: str | None = None, *, last: bool = True, grace: float = 0.0,
                 read: Callable[[], Any] | None = None,
                 leave: Callable[[], object] | None = None, lobby: bool = False) -> None:
        super().__init__(leave=leave, lobby=lobby)
        self.result = result
        #: told when it is put away (a resumed match does not bring it back)
        self.read = read
        self.who = who
        self.then = then
        #: a round's combat: the match's last round (not one still up from before)
        self.last = last
        #: seconds in which a key does not put it away: the key of the move
        #: that ended the round, doubled, would close it unread
        self.grace = grace
        self._shown_at = 0.0

    def compose_dialog(self) -> ComposeResult:
        yield CombatPanel(id="combat")

    def on_mount(self) -> None:
        panel = self.query_one(CombatPanel)
        panel.then = self.then
        if isinstance(self.result, DuelResult):
            panel.show_duel(self.result, self.who)
        elif isinstance(self.result, WaveResult):
            panel.show_wave(self.result, last=self.last)
        else:
            panel.show_result(self.result, self.who, last=self.last)
        panel.focus()
        self._shown_at = time.monotonic()

    def on_combat_panel_closed(self, event: CombatPanel.Closed) -> None:
        event.stop()
        if time.monotonic() - self._shown_at >= self.grace:
            if self.read is not None:
                self.read()
            self.dismiss()


class BossQuestScreen(GameScreen):
    """Boss Quest at the table (see the module docstring for the keys)."""

    game_id = "boss-quest"
    NOTICES_OVER = "#bq-last, #bq-log"  # under the prompt: the last combat, the log
    IDLE_SAYS_PROMPT = False  # a notice repeating it was too tall for the log
    prompt_id = "bq-prompt"
    seat_word = "Knight"

    CSS_PATH = resources.css_path("screens/bossquest.tcss")
    #: focus follows the decision (see `_focus_for_mode`), not the layout
    AUTO_FOCUS = None
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    HELP_TITLE = "Boss Quest"

    #: a round's first line (Ul'ul's night's too): a knight's recap starts
    #: at the last since their move, the combat before it told in its box
    BEGINS = re.compile(r"^Round \d+: (?:(?:Ul'ul, )?a Boss with \d+ HP|Ul'ul \(\d+ HP\) lands)")
    #: the Hare's power declined (BQ §Companions): no step of a recap of its
    #: own, but the end of the turn it belongs to (the log folds it onto
    #: the weapons received, `fold_companions`)
    QUIET = _HARE_UNUSED

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            # the footer names the counts open now ("1-3" with six knights,
            # "1-9" in the Final Boss duel: `number_keys`)
            Binding(str(n), f"ask({n})", "Ask weapons", key_display=NUMBER_KEYS, show=n == 1,
                    tooltip="Ask the Armorer for weapons (1 to 4; 1 to 3 with six knights; "
                            "the Final Boss duel 1 to 9, face down)")
            for n in range(1, 10)
        ),
        # the duel's fight, its own key: the bar's arrows stop at its ends,
        # and "Fight!" is the last of ten choices
        Binding("f", "fight", "Fight!", tooltip="Final Boss duel: go into combat"),
        Binding("w", "wizard", "To the Wizard",
                tooltip="Go to the Wizard for a spell (no more weapons this round)"),
        # a and x are named in the action bar with the spell they act on; the
        # footer leaves them out so that it fits 80 columns (F1 lists them).
        # the Solo Quest's attack (no Wizard there to activate at): before
        # activate, so that a key that does nothing says the Solo Quest's why
        Binding("a", "solo_attack", "Attack",
                tooltip="Solo Quest: attack the wave's Bosses (the final assault: as you "
                        "stand); an attack a personal spell could still change asks first"),
        Binding("a", "activate", "Activate", show=False, tooltip="Activate the chosen spell"),
        Binding("x", "discard", "Discard", show=False,
                tooltip="Discard the chosen spell, so that nobody can use it"),
        Binding("m", "mystery", "Mystery", tooltip="Choose the mystery spell (blind)"),
        # the companion's power on one's turn (the Owl's, the Raven's): it
        # was reachable only with the arrows, among choices marked as Enter's
        Binding("o", "companion", "Companion",
                tooltip="Your companion's power this turn: its choices come on the bar"),
        Binding("e", "end_turn", "End turn", tooltip="The Hare: end your turn here"),
        # the bolder knight's pass, its own key as the Hare's e: Enter acts
        # on the bar's highlight or chooses a spell, and the prompt named it
        # where it activated one (a play-test)
        Binding("p", "let_pass", "Let it pass",
                tooltip="Bolder knights: let the moment pass, no spell used; the other "
                        "knight's weapons are dealt"),
        # the last combat's box again (one up when the host stopped, or put
        # away unread, was gone: the panel leaves out weapons and spells)
        Binding("c", "last_combat", "Last combat", show=False,
                tooltip="Open the last combat again: every weapon, and the spells that "
                        "changed it"),
        *(
            Binding(str(n), f"pick({n})", "Pick", key_display=NUMBER_KEYS, show=n == 1,
                    tooltip="Pick a spell or a target by its number (Solo Quest: a Boss; "
                            "the Final Boss duel: hearts to sacrifice)")
            for n in range(1, 10)
        ),
        # the duel's "Sacrifice 0": no heart (the bar offered 0-7 by arrows only).
        # Its own action, on only there, so that F1 lists it there alone (it
        # listed it at the Wizard of a match without the Final Boss); 0
        # elsewhere (a digit of 10-17, or a number refused) is the next one's
        Binding("0", "sacrifice_none", "Pick", show=False,
                tooltip="The Final Boss duel: sacrifice no heart"),
        Binding("0", "pick(0)", "", show=False),
        # a number that asks for no count open now (4 with six knights, 5-9):
        # says which keys do; it was silent
        *(Binding(str(n), f"no_ask({n})", "", show=False) for n in range(1, 10)),
        Binding("up", "back", "Back", show=False,
                tooltip="Back to the list you are picking from"),
        # PgUp / PgDn and the arrows are the table's and the turn's: the log
        # (a bot's Raven's "Boss HP -2", scrolled away) had no key at all.
        # The same key and words as Overseers' (tui/screens/overseers.py).
        Binding("l", "read_log", "Log", key_display="l",
                tooltip="Scroll the log: l puts ↑↓ PgUp PgDn Home End on the log, "
                        "l or Escape gives them back to the table"),
        # (before Esc's Back: while the log has the keys, Esc leaves it)
        Binding("escape", "leave_log", "Back to the table",
                tooltip="Leave the log: the keys go back to the decision"),
        Binding("enter", "leave_log", "Back to the table", show=False,
                tooltip="Leave the log: the keys go back to the decision"),
        Binding("escape,backspace", "personal_back", "Back", key_display="Esc",
                tooltip="Solo Quest: back from a personal spell's Bosses, or from an "
                        "attack asked to confirm, to every choice"),
        RESULTS_ON_ESCAPE,  # the final table
        REMATCH_ON_R,  # the final table
        # A potion's two readings, each its own key (Enter reads the
        # highlighted one): one key for both made either a guess.
        Binding("plus", "read_potion(1)", "Read plus", key_display="+",
                tooltip="Read your potion as plus its value (for good)"),
        Binding("minus", "read_potion(-1)", "Read minus", key_display="-",
                tooltip="Read your potion as minus its value (for good)"),
        # + or - with no potion to read says so (it did nothing)
        Binding("plus,minus", "no_potion", "", show=False),
        # the final table's top, cut to leave the knights their lines (`_cap_top`)
        Binding("pagedown", "scroll_top(1)", "Scroll the table", show=False),
        Binding("pageup", "scroll_top(-1)", "Scroll the table", show=False),
    ]

    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("[R5]", "A weapon face up: its colour's letter (Red, Blue, Yellow, Purple, "
                 "Green) and its strength"),
        ("(R6)", "Your face-down weapon, hidden from the others (a dashed box when "
                 "the cards are drawn large); the hand's border names a knight who knows "
                 "it all the same: the one it came from by Swap hidden, an Owl that looked"),
        ("[▒▒]", "Another knight's face-down weapon: you do not know it"),
        ("shows 9+?", "What you can count of a knight's weapons: the face-up ones, and "
                      "a face-down one you know (your Owl looked); ? is what you cannot "
                      "see"),
        (f"{LIGHT}", "A light spell: it goes next to the Boss and affects everybody"),
        (f"{DARK}", "A dark spell: it goes in front of one knight (→ Bob); beside a "
                    "knight, a dark spell on them"),
        ("?", "The mystery spell, face down: you activate or discard it blind"),
        ("»", "The knight whose turn it is"),
        (f"{HEART} {KEY}", "Hearts and keys"),
        ("⚒", "The Armorer this round: deals the weapons"),
        ("★", "Won a key in the last combat"),
        ("over, short, perfect", "Strength against the Boss's HP: over it (out, a heart "
                                 "lost), short of it by so much, or exactly it (a bonus "
                                 "key)"),
        (f"{HEART} kept", "Over, but no heart lost, and why: the Tortoise (over by 1 "
                          "or 2) or the spell \"No heart lost\""),
        # the extensions' marks were on the table and in no help (the play-test)
        ("[±3]", "Potions: a potion not read yet; it will count + or - 3"),
        ("[+3] [-1]", "Potions: a potion read + or - (Flip a potion turns it)"),
        ("= 5 + ?", "Potions: your total, with what your potion not read yet may add"),
        ("Owl*", "Companions: the companion's once-a-round power is used this round"),
    )

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        #: what the viewer is deciding now ("choose", "wizard", "target-knight",
        #: "target-weapon", "target-spell") or None
        self._mode: str | None = None
        #: the rows of the target list in order, as actions
        self._targets: list[Any] = []
        #: per seat viewed here: the combats it has seen (its view's history length)
        self._combats_seen: dict[int, int] = {}
        #: what the roomy column of combats was last built for (`_draw_last`)
        self._combats_drawn: tuple[Any, ...] | None = None
        #: the Solo Quest's personal spell chosen on the action bar, waiting
        #: for its Boss (each spell is one choice, then its Bosses: sixteen
        #: spell-and-Boss choices filled six lines at 80x24)
        self._personal: Any = None
        #: where on the action bar the personal spell being played was
        #: chosen (None: the last move was not a spell, `play`): the next
        #: decision's cursor then goes to the move most likely next
        #: (`_set_choices`: the exact attack, "Attack!", the first ask),
        #: not to the spell that took its place (a play-test's Enter meant
        #: to attack opened it)
        self._spell_at: int | None = None
        #: the Solo Quest's attack chosen while a personal spell held could
        #: still bring a Boss to its HP exactly: the bar asks to confirm it
        #: (`_attack_asks`)
        self._attack_check: Any = None
        #: the companion's power chosen (`o`): the bar offers its choices
        self._power = False
        #: combats to show after the one up now (a player away for two
        #: rounds); a Solo Quest's waves (`_waves_seen`: per seat, those seen)
        self._combats_waiting: list[RoundResult | WaveResult] = []
        self._waves_seen: dict[int, int] = {}
        #: the combats told to everyone here (`round_end_dialogs`; None: not asked yet)
        self._combats_told_all: int | None = None
        #: a match resumed: the combats seen when a person here last moved
        #: (`_note_missed`); those after it are told again
        self._resumed_at: int | None = None
        #: the match ended with a round's combat up over the table: the
        #: results wait behind it (`hold_the_results`), then `_push_results`
        self._results_held = False
        self._push_results: Callable[[], Any] | None = None
        #: the seats viewed here that have been shown the Final Boss duel
        self._duels_shown: set[int | None] = set()
        #: the length of the log (every view's is as long) when the Final
        #: Boss duel began here (its moves are the lines after), and how it began
        self._duel_began: tuple[int, str] | None = None
        #: a move of the duel was drawn on the table in sight (not behind a
        #: combat): its moves were seen as they came, and are not told again
        self._duel_watched = False
        #: the public view's log, where several knights here watch it (the
        #: duel's moves told to all in its words: "You draw" said whom?)
        self._public_log: tuple[str, ...] | None = None
        #: the update the action bar's choices were last laid out for: a new
        #: one puts the cursor back on a safe choice (`_safe_choice`)
        self._bar_update: TableUpdate | None = None
        #: the knights' rows drawn tall: two lines a knight, or three with
        #: large cards (`_draw_knights`)
        self._tall_rows = False
        #: whether the Wizard's spells were last drawn with their words
        self._details_drawn = False
        #: the width the spells in play were last laid out for (`_draw_boss`)
        self._active_width = 0
        #: the update the knights' list was last drawn for (a new target to
        #: choose starts its cursor afresh: `_first_target`)
        self._knights_update: TableUpdate | None = None
        #: the seat whose Wizard decision the market last drew (None: no
        #: decision there), and the spell last chosen at the Wizard as
        #: (seat, round, slot or "m", spell): where a fresh decision's cursor
        #: starts (`_start_wizard_cursor`)
        self._wizard_seat: int | None = None
        #: why the next a, x or Enter at the Wizard activates or discards
        #: nothing (a spell's number that picked no spell: "spell 3 was
        #: activated already"), with the decision it was said at; None once
        #: a spell is chosen (a number, an arrow, m, a click): a play-test's
        #: `w 3 a` activated the spell left highlighted (`on_key`)
        self._no_spell_chosen: tuple[str, tuple[Any, ...] | None] | None = None
        #: a number (or m) typed while this screen's move was on its way
        #: (a shared table), before the Wizard's list it meant came up
        self._typed_ahead: str | None = None
        self._wizard_pick: tuple[int, int, int | str, Spell | None] | None = None

    # -- layout -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="bq-header")
        with Horizontal(id="bq-body"):
            with Vertical(id="bq-main"):
                with Horizontal(id="bq-top"):
                    with Vertical(id="bq-left"):
                        with Vertical(id="bq-boss", classes="panel"):
                            yield Static("", id="bq-hp")
                            yield PickList(id="bq-active", empty="No spell in play.")
                        yield Hand(id="bq-hand", classes="panel", empty="No weapons yet.")
                    yield Market(id="bq-market", classes="panel", empty="No spells.")
                    yield ScorePad(id="bq-score", classes="panel")
                # the top cut to leave every knight a line, on the final
                # table: what is below and the keys (`_cap_top`)
                yield Static("", id="bq-more")
                yield KnightRows(id="bq-knights", classes="panel")
                # (at the foot of the column; on a large terminal right under
                # the knights, the combats below it)
                with Vertical(id="bq-decide"):
                    yield DecisionPrompt("", id="bq-prompt")
                    yield ActionBar(id="bq-actions")
                # On a large terminal the combats so far, spells and all,
                # newest first, fill the column under the decision (`_roomy`)
                # as far as they need it: it was empty there.
                with Vertical(id="bq-below"):
                    with VerticalScroll(id="bq-last-main", classes="panel", can_focus=False):
                        yield Static("", id="bq-combats")
            with Vertical(id="bq-side"):
                yield CombatBox(id="bq-last", classes="panel")
                yield SinceLog(id="bq-log", classes="panel")
        yield Footer(compact=True)
        # A combat comes up over the table in a layer of this screen, not a
        # dialog screen of its own: showing and putting it away redraws the
        # panel's cells only (docs/performance.md, "SSH load").
        yield CombatPanel(id="bq-combat")

    def on_mount(self) -> None:
        self.query_one("#bq-boss").border_title = "Boss"
        self.query_one("#bq-market").border_title = "Wizard's spells"
        self.query_one("#bq-score").border_title = "Score pad"
        self.query_one("#bq-knights").border_title = self._knights_title(
            self.update.view if self.update is not None else None)
        self.query_one("#bq-last").border_title = "Last combat"
        log = self.query_one("#bq-log", SinceLog)
        log.fold = fold_log
        log.border_title = _LOG_TITLE
        log.reading_title = _READING_TITLE
        self.query_one("#bq-score").display = False
        self.query_one("#bq-last").display = False
        self.query_one("#bq-last-main").display = False
        self.query_one("#bq-more").display = False
        if self.update is not None:
            self._redraw(self.update)
        self.after_refresh_while_shown(self._refit_knights)

    def on_resize(self) -> None:
        # The breakpoints may have changed (roomy cards and spell texts when
        # tall, the last combat's weapons when wide): draw again.
        if self.update is not None and self.is_mounted:
            self._redraw(self.update)
            self.after_refresh_while_shown(self._refit_knights)
            # (the bolder prompt's wording follows the prompt's laid-out
            # width: it asks again once laid out, `DecisionPrompt.Refit`)

    def _refit_knights(self) -> None:
        """The knights' rows again, once their panel has its laid-out width
        (a row's cards close up when it is narrow: `_knight_room`)."""
        if self.update is not None and self.is_mounted:
            try:
                self._draw_knights(self.update)
            except NoMatches:
                pass  # taken down before this came round: nothing to fit

    def on_knight_rows_refit(self, event: KnightRows.Refit) -> None:
        event.stop()
        self._refit_knights()
        # laid out at its new width: what fitted the lines before (the
        # final table's cap, the spells in play) is looked at again; in a
        # real terminal the resize's own look could come before the layout
        self.after_refresh_while_shown(self._refit_knight_lines)

    def on_screen_resume(self) -> None:
        # Resized while a combat was shown over it: draw again for the size
        # it has now, once the breakpoints have caught up.
        if self.update is not None and self.is_mounted:
            self.after_refresh_while_shown(self.on_resize)

    # -- the contract -------------------------------------------------------------

    # -- since your last move -----------------------------------------------------

    def _changes(self, before: State, after: State) -> dict[str, frozenset]:
        """What a knight marks: the Boss and its HP, the spells in play and
        on offer, their own weapons, each knight's row (hearts, keys,
        weapons, spells on them) and a new combat."""
        def knights(view: State) -> dict[int, Any]:
            return {s: (k, GAME.spells_on(view, s)) for s, k in enumerate(view.knights)}

        def mine(view: State) -> dict[int, Any]:
            seat = self.update.seat if self.update is not None else None
            if seat is None or seat >= len(view.knights):
                return {}
            knight = view.knights[seat]
            hidden = () if knight.hidden is None else (knight.hidden.weapon,)
            return dict(enumerate(hidden + knight.visible))

        def market(view: State) -> dict[Any, Any]:
            # the Wizard's slots, and the mystery's row ("m"): used, it is
            # marked new as a used slot is
            return {**dict(enumerate(view.offer)), "m": (view.mystery, view.mystery_fate)}

        return {
            "boss": changed_keys({"boss": (before.boss, GAME.current_hp(before))},
                                 {"boss": (after.boss, GAME.current_hp(after))}),
            "spells": changed_keys(dict(enumerate(before.active)), dict(enumerate(after.active))),
            "market": changed_keys(market(before), market(after)),
            "hand": changed_keys(mine(before), mine(after)),
            "knights": changed_keys(knights(before), knights(after)),
            "combat": frozenset({"combat"}) if len(after.history) > len(before.history)
            else frozenset(),
        }

    # -- helpers on the update ------------------------------------------------------

    @staticmethod
    def _final_round(view: State) -> RoundResult | None:
        """The last round as it ended, once the quest is over: the final
        table shows its Boss, spells and every weapon combat revealed (the
        state itself has already cleared them away)."""
        if view.phase is Phase.OVER and view.history and view.champion is None:
            # (after the Final Boss duel the table is the duel's, as it ended)
            return view.history[-1]
        return None

    def _mode_of(self, update: TableUpdate) -> str | None:
        view: State = update.view
        if extras.is_other(view, update.legal):
            return "other"  # an extension's decision: labelled choices on the bar
        if not update.legal or view.phase is not Phase.TURN:
            return None
        if view.step is Step.CHOOSE:
            return "choose"
        if view.step is Step.WIZARD:
            return "wizard"
        first = update.legal[0]
        if isinstance(first, TargetKnight):
            return "target-knight"
        if isinstance(first, TargetWeapon):
            return "target-weapon"
        if isinstance(first, TargetSpell):
            return "target-spell"
        return None

    # -- drawing ------------------------------------------------------------------

    def show(self, update: TableUpdate) -> None:
        if (update.over and (update.seat is not None or self._watching_bots)
                and self._round_combat_up() is not None):
            # the match ended behind a round's combat: the table stays as it
            # was until the box is put away (the duel's end is told after it)
            self._results_held = True
        super().show(update)
        self._hold_combat(update)

    def _round_combat_up(self) -> RoundResult | None:
        """The round's combat up over the table, if one is."""
        try:
            panel = self.query_one("#bq-combat", CombatPanel)
        except NoMatches:
            return None
        return panel.result if panel.display and isinstance(panel.result, RoundResult) else None

    def _hold_combat(self, update: TableUpdate) -> None:
        """A combat this seat has not seen yet comes up over the table, in
        the screen's combat panel. When the match ends, the combats still
        to read go over the results instead (pushed right after this
        update, with `over_the_results`; `_hold_the_ending`)."""
        seat, view = update.seat, update.view
        if view is None:
            return
        self._follow_duel(update)
        if seat is None and not self._watching_bots:
            if update.over and self.here and self._combats_seen and self.is_attached:
                # several knights here end on the public view (tui/table.py):
                # the combats still to read go over the results all the same
                self._hold_the_ending(update, max(self._combats_seen.values()))
            return
        self._note_missed(update)
        waves = self._waves_seen.get(seat)
        self._waves_seen[seat] = len(view.waves)
        fought = view.waves[waves:] if waves is not None and self.is_attached else ()
        if fought and not update.over:
            self._combats_waiting.extend(fought)  # BQ §Solo Quest
        seen = self._combats_seen.get(seat)
        self._combats_seen[seat] = len(view.history)
        if update.over:
            if seen is not None and self.is_attached:
                # the quest's last wave too, before the results (qa-bq7)
                self._hold_the_ending(update, seen, fought)
            return
        if seen is not None and len(view.history) > seen and self.is_attached:
            self._combats_waiting.extend(view.history[seen:])
        if self._combats_waiting and not self.holds_the_table:
            self._next_combat()

    @property
    def _watching_bots(self) -> bool:
        """Every seat a bot, watched at this terminal: the public view's
        combats come up as a seat's do, and the bots wait while one is up
        (`_next_combat`). Play-test: the rounds went straight on, a round's
        result only in the small "Last combat" panel, cut off at five."""
        return self.here and not getattr(self.port, "humans", ())

    def _note_missed(self, update: TableUpdate) -> None:
        """A seat opened after its person's last move (a match resumed, a
        seat taken again after a host restart): the combats since that
        move are still to read (play-test: a combat up at ctrl+q was gone on
        resume, the bots having played on)."""
        seat, missed = update.seat, getattr(update, "missed", None)
        if seat is None or missed is None or seat in self._combats_seen or not missed.tables:
            return
        before = getattr(missed.tables[0][1], "history", None)
        if before is None or not missed.moved:
            return
        seen = len(before)
        waves = len(getattr(missed.tables[0][1], "waves", ()))
        uncovered = getattr(self.port, "uncovered_at", None)
        shown = getattr(missed, "shown", None)
        now = update.view
        kept = self._put_away(COMBATS, len(now.history))
        if type(shown) is int and kept is None:
            # back at a shared table: the combats the screen showed before
            # the drop were read there (qssh finding 10), unless the hub
            # kept how many it put away: one left unread with q comes back
            uncovered = max(shown, uncovered) if type(uncovered) is int else shown
        if type(uncovered) is int:
            # several people here: the combats before a person uncovered
            # (kept with the match) were told to all and put away
            tables = [*missed.tables, (len(update.log), update.view)]
            seen = max([seen, *(len(getattr(view, "history", ())) for n, view in tables
                                if n <= uncovered)])
            waves = max([waves, *(len(getattr(view, "waves", ())) for n, view in tables
                                  if n <= uncovered)])
        # put away here before the match was left (kept with it)
        seen = max(seen, kept or 0)
        self._combats_seen[seat] = seen
        # a Solo Quest wave's box up when the match was left comes again
        self._waves_seen[seat] = max(waves, self._put_away(WAVES, len(now.waves)) or 0)
        # several people here: their combats are told to all, from the
        # last move any of them made
        resumed = self._resumed_at
        self._resumed_at = seen if resumed is None else max(resumed, seen)

    def witness(self, update: TableUpdate) -> None:
        super().witness(update)
        if update.view is not None and not update.over:
            self._note_missed(update)
        if update.seat is None:
            self._public_log = tuple(update.log)

    def _follow_duel(self, update: TableUpdate) -> None:
        """Note where the Final Boss duel began, and whether a move of it
        was drawn in sight (in any view: several knights here watch the
        bots' duel in the public view)."""
        view = update.view
        if view.champion is None or update.over:
            return
        began = self._duel_began
        if began is None:
            self._duel_began = (len(update.log), duel_announcement(view, self._who))
        elif (len(update.log) > began[0] and self.is_attached and self.app.screen is self
              and not self.holds_the_table):
            self._duel_watched = True

    def round_end_dialogs(self, public: TableUpdate) -> list[Screen]:
        """Several knights here: a round's combat goes up for all, on its
        own (opaque) before the hand-over, and no knight's view holds it
        again (it came up over the next knight's view, their new hidden
        card above it)."""
        view = public.view
        if view is None:
            return []
        told, self._combats_told_all = self._combats_told_all, len(view.history)
        if told is None:
            told = self._resumed_at  # the combats since the last move of a person here
        if told is None or len(view.history) <= told or public.over:
            return []  # (a match opened here tells nothing of before)
        for seat in self._combats_seen:
            self._combats_seen[seat] = len(view.history)
        grace = float(getattr(self.app, "decision_grace", 0.0))
        # the round that made a champion leads to the Final Boss duel
        last_then = "the Final Boss duel" if view.champion is not None else "the next round"
        results = view.history[told:]
        return [CombatScreen(result, self._bare_who, grace=grace, last=False,
                             then=last_then if i == len(results) - 1 else "the next round",
                             read=functools.partial(self._keep_put_away, COMBATS, told + i + 1),
                             **self.box_leaves())
                for i, result in enumerate(results)]

    def _hold_the_ending(self, update: TableUpdate, seen: int,
                         waves: Sequence[WaveResult] = ()) -> None:
        """The match is over: what this seat has still to read goes over the
        results, in the order it happened, the first on top: the round
        combats still up or waiting over the table (and the last round's,
        if not seen yet), then the Final Boss duel's moves if they went by
        behind a combat up, then the duel's combat (BQ-47).

        The play-test (Final Boss, the human out on their last heart in
        round 6): the round's combat waited over the table while the bots
        played the duel behind it; the duel's combat came up over the
        results, and the round's only after them, on the final table. And
        with no decision in the duel for the human, its moves went by
        unseen behind the combat: they are told, held until a key, as the
        combats are."""
        seat, view = update.seat, update.view
        panel = self.query_one("#bq-combat", CombatPanel)
        # a round's combat up over the table stays there, the results held
        # behind it: put up again over them it was read twice (the one that
        # ended the game, the bots' Final Boss duel played behind it)
        up = self._round_combat_up() if self._results_held else None
        rounds = self._take_waiting_combats(keep_up=up is not None)
        if len(view.history) > seen:
            rounds.append(view.history[-1])
        dialogs: list[tuple[str, Any]] = [("round", r) for r in rounds]  # the first on top
        dialogs += [("wave", r) for r in waves]
        if view.duel is not None and seat not in self._duels_shown:
            self._duels_shown.add(seat)
            began = self._duel_began
            # its moves went by behind a combat: the seat's own, or the
            # one told to all here while the bots played the duel
            behind = rounds or not self._duel_watched
            log = update.log if self._public_log is None else self._public_log
            if behind and began is not None and log[began[0]:]:
                dialogs.append(("moves", [began[1], *log[began[0]:]]))
            dialogs.append(("duel", view.duel))
        after = {"round": "the next combat", "wave": "the next wave", "moves": "the Final Boss duel",
                 "duel": "the Final Boss duel's combat"}
        if up is not None:
            panel.then = after[dialogs[0][0]] if dialogs else None
            panel.show_result(up, self._bare_who, last=not rounds)
        screens: list[Any] = []
        for i, (kind, what) in enumerate(dialogs):
            then = after[dialogs[i + 1][0]] if i + 1 < len(dialogs) else None
            if kind == "moves":
                champion = self._who(view.duel.champion) if view.duel is not None else ""
                screens.append(EndingScreen(
                    f"The Final Boss duel: {champion} against the MegaBoss", fold_receipts(what),
                    go_on=then or "the results", **self.box_leaves()))
            else:
                last = kind in ("duel", "wave") or what is rounds[-1]
                screens.append(CombatScreen(what, self._bare_who, then=then, last=last,
                                            **self.box_leaves()))
        # pushed in order, the last on top
        self.over_the_results.extend(reversed(screens))

    def _take_waiting_combats(self, *, keep_up: bool = False) -> list[RoundResult]:
        """The round combats up over the table (unless `keep_up`) or waiting
        to come up, oldest first, taken down: they go over the results
        (`_hold_the_ending`), or the final table (b) showed one still up,
        after the results."""
        panel = self.query_one("#bq-combat", CombatPanel)
        waiting = [r for r in self._combats_waiting if isinstance(r, RoundResult)]
        self._combats_waiting = []
        if keep_up:
            return waiting
        up = [panel.result] if panel.display and isinstance(panel.result, RoundResult) else []
        if panel.display:
            panel.display = False
            self.box_gone(panel)
            self._focus_for_mode()
            self.refresh_bindings()
        return up + waiting

    @property
    def holds_the_table(self) -> bool:
        """A combat is up, waiting for a key (tests press Enter)."""
        try:
            return bool(self.query_one("#bq-combat", CombatPanel).display)
        except NoMatches:
            return False

    def hold_the_results(self, push: Callable[[], Any]) -> bool:
        if not self._results_held:
            return False
        self._push_results = push
        return True

    def _next_combat(self) -> None:
        """Show the next combat waiting to be seen, or put the panel away
        (and put up the results it held, if the match is over)."""
        panel = self.query_one("#bq-combat", CombatPanel)
        if not self._combats_waiting:
            panel.display = False
            panel.then = None
            self.box_gone(panel)
            self._focus_for_mode()
            self.refresh_bindings()
            push, self._push_results = self._push_results, None
            if self._results_held:
                self._results_held = False
                if self.update is not None:
                    self._redraw(self.update)  # the final table, held till now
            if push is not None:
                push()
            return
        result = self._combats_waiting.pop(0)
        if isinstance(result, WaveResult):
            panel.show_wave(result)
        elif isinstance(result, DuelResult):  # c after the duel (BQ-47)
            panel.show_duel(result, self._bare_who)
        else:
            panel.show_result(result, self._bare_who)
            view = self._view_now()
            if view is not None and result in view.history:
                # up, unread: those before it put away, kept with the match
                # for the list of saved matches to say (`unread_box`); a
                # combat opened again (c) lowers nothing, nor is a count
                # not believed (`_put_away`) written over
                before = view.history.index(result)
                read = getattr(self.port, "put_away", None)
                kept = read(COMBATS) if callable(read) else None
                if kept is None or (type(kept) is int and 0 <= kept < before):
                    self._keep_put_away(COMBATS, before)
        panel.display = True
        # every seat a bot, watched: they wait until it is put away (c's
        # too: the last round and the match ended behind one)
        self.box_waits(panel)
        panel.focus()
        self.refresh_bindings()

    def on_combat_panel_closed(self, event: CombatPanel.Closed) -> None:
        event.stop()
        result, view = self.query_one("#bq-combat", CombatPanel).result, self._view_now()
        if view is not None:
            # kept with the match: a resume does not bring it back
            if isinstance(result, WaveResult) and result in view.waves:
                self._keep_put_away(WAVES, view.waves.index(result) + 1)
            elif isinstance(result, RoundResult) and result in view.history:
                self._keep_put_away(COMBATS, view.history.index(result) + 1)
        self._next_combat()

    def _view_now(self) -> State | None:
        update = self.update
        return update.view if update is not None and update.view is not None else None

    def _keep_put_away(self, kind: str, count: int) -> None:
        keep = getattr(self.port, "keep_put_away", None)
        if callable(keep):
            keep(kind, count)

    def _put_away(self, kind: str, most: int) -> int | None:
        """How many boxes of `kind` the people here put away, as kept with
        the match; None if not known or past the `most` the match has."""
        kept = getattr(self.port, "put_away", None)
        count = kept(kind) if callable(kept) else None
        return count if type(count) is int and 0 <= count <= most else None

    def _redraw(self, update: TableUpdate) -> None:
        if self._results_held:
            return  # the table as it was, behind the combat that ended the game
        view: State = update.view
        if not any(isinstance(a, PlayPersonal) and a.spell == self._personal
                   for a in update.legal):
            self._personal = None
        if self._attack_check is not None and self._attack_check not in update.legal:
            self._attack_check = None
        if not any(isinstance(a, extras.POWER_TYPES) for a in update.legal):
            self._power = False
        mode = self._mode_of(update)
        mode_changed = mode != self._mode
        self._mode = mode
        self._keep_no_spell_chosen(update, mode)
        self.set_class(self._roomy(), "-roomy")
        self._draw_header(update)
        self._draw_boss(update)
        self._draw_market(update)
        self._draw_hand(update)
        self._draw_knights(update)
        self._draw_last(update)
        self._draw_score(update)
        self._draw_log(self.query_one("#bq-log", SinceLog), update)
        self._draw_actions()
        self._draw_prompt()
        if mode_changed:
            self._focus_for_mode()
        # the panels above and the decision below may have changed height:
        # the knights' rows fitted again to the lines left them, if those changed
        self.after_refresh_while_shown(self._refit_knight_lines)
        del view

    def _refit_knight_lines(self) -> None:
        if self.update is None or not self.is_mounted:
            return
        try:
            if self._cap_top():  # the knights' panel moves: their lines once laid out
                self.after_refresh_while_shown(self._refit_knight_lines)
                return
            redrawn = False
            if self.query_one("#bq-active", PickList).size.width != self._active_width:
                self._draw_boss(self.update)  # the spells in play share lines at its width
                redrawn = True
            if self._spell_details() != self._details_drawn:
                self._draw_market(self.update)  # the market's words, if it has room for them
                redrawn = True
            if redrawn:  # the panels above change height: the knights' lines once laid out
                self.after_refresh_while_shown(self._refit_knight_lines)
                return
            board = self.query_one("#bq-knights", KnightRows)
            if self._knight_lines_room() != board.laid_out_lines:
                self._draw_knights(self.update)
        except NoMatches:
            pass  # taken down before this came round

    def _cap_top(self) -> bool:
        """On the final table, the Boss, the hand and the score pad above
        the knights keep to the lines that leave each knight one (and a
        narrow screen's log its least), the rest of them reached with
        PgDn, as the line under them says: with six knights at 80x24 the
        Final Boss's notes pushed Edda and Finn off the screen, and nothing
        said so. Whether the cap changed."""
        top = self.query_one("#bq-top", Horizontal)
        more = self.query_one("#bq-more", Static)
        body = self.query_one("#bq-body").region
        cap = None
        if self.update is not None and self.update.view.phase is Phase.OVER and body.height:
            below = 3 if self.has_class("-narrow") else 0
            rule = 2 if self.has_class("-tall") else 1  # the knights' panel's own lines
            rows = self._knight_lines_least(self.update)
            room = (body.height - below - self.query_one("#bq-decide").outer_size.height
                    - rule - rows)
            natural = max((c.outer_size.height for c in top.children if c.display), default=0)
            if natural > room:
                cap = max(3, room - 1)  # (and the line that says so)
        if cap != top.styles.max_height and not (
                cap is not None and top.styles.max_height is not None
                and top.styles.max_height.value == cap):
            top.styles.max_height = cap
            more.display = cap is not None
            top.scroll_home(animate=False, force=True, immediate=True)
            self._say_more(below=cap is not None)
            return True
        return False

    def _say_more(self, *, below: bool) -> None:
        """The line under the cut top: which way the rest of it is, and the key."""
        above = round(self.query_one("#bq-top", Horizontal).scroll_y) > 0
        text = {(False, True): "↓ more of the table below (PgDn)",
                (True, False): "↑ more of the table above (PgUp)",
                (True, True): "↕ more of the table above and below (PgUp/PgDn)"}.get(
                    (above, below), "")
        update_static(self.query_one("#bq-more", Static), Text(text, style="italic"))

    def action_scroll_top(self, pages: int) -> None:
        top = self.query_one("#bq-top", Horizontal)
        if top.styles.max_height is None:
            if self.watching_shared:  # the top is whole: a watcher's log (GameScreen's keys)
                self.action_scroll_log(pages)
            return
        # (forced: it shows no scrollbar, the line under it says)
        top.scroll_to(y=top.scroll_y + pages * max(1, top.size.height - 1), animate=False,
                      force=True, immediate=True)
        self._say_more(below=round(top.scroll_y) < top.max_scroll_y)

    def _draw_header(self, update: TableUpdate) -> None:
        # Whose view it is comes first, never cut off; when the line is too
        # long, it says the deck without "weapons", then the Armorer as
        # "⚒ Bob" (F1, the knights panel), then the keys to win, the title
        # and the deck give way, in that order (the title went first, and
        # at 80 columns the game's name was gone with four-letter names; the
        # deck goes last: a knight may ask for no more than it holds). The
        # Armorer's word gave way first, and a play-test saw "Armorer: Bram"
        # in Ann's view but "⚒ Bram" in Bram's, a letter longer.
        width = self._header_width()
        for armorer, weapons in ((True, True), (True, False), (False, False)):
            parts, drop = self._header_parts(update, armorer=armorer, weapons=weapons)
            if Text(" · ").join(parts).cell_len <= width:  # (names whole)
                break
        header = fit_line(parts, width, drop=drop)
        update_static(self.query_one("#bq-header", Static), header)

    def _header_parts(self, update: TableUpdate, *, armorer: bool,
                      weapons: bool) -> tuple[list[Text], list[int]]:
        """The header's parts and which give way, first first (`fit_line`);
        `armorer`: "Armorer: Bob", else "⚒ Bob"; `weapons`: "Deck: 9
        weapons", else "Deck: 9"."""
        view: State = update.view
        parts = [Text("Boss Quest", style="bold"), self._viewer_text(update)]
        drop: list[int] = []
        if view.final_turn:
            parts.append(Text("FINAL TURN!", style="bold reverse"))
        if view.players == 1:
            # "final assault", not "the final assault": the game's name then
            # fits at 80 columns (it was the first to go)
            stage = extras.solo_stage(view.wave).removeprefix("the ")
            parts.append(Text(f"Solo Quest, {stage}"))
            parts.append(Text(f"{HEART}{view.knights[0].hearts}"))
        elif view.champion is not None:
            # BQ §Final Boss: the game is decided; its winner faces the MegaBoss
            # ("the game is over" read as if nothing was left to choose)
            champion = self._bare_who(view.champion)
            parts.append(NamingText(lambda cells: Text(
                f"Final Boss: {shortened(champion, cells)} vs the MegaBoss", style="bold reverse")))
            drop.append(len(parts))  # before the game's name (it went first at 80 columns)
            parts.append(Text("the game is decided"))
        else:
            parts.append(Text(f"Round {view.round}"))
            who = self._bare_who(view.armorer)
            said = "Armorer: " if armorer else "⚒ "
            parts.append(NamingText(lambda cells: Text(f"{said}{shortened(who, cells)}")))
            drop.append(len(parts))
            parts.append(Text(f"{GAME.keys_to_win(view.players)} {KEY} win"))
        drop += [0, len(parts)]
        # BQ-10: a face-up card swapped onto the deck is known to all; in
        # the Solo Quest to its one knight (the view keeps it for them)
        top = known_top(view)
        if top is None and view.players == 1 and view.deck_top:
            top = view.deck_top[0].weapon
        left = GAME.deck_size(view)
        words = f" weapon{'' if left == 1 else 's'}" if weapons else ""
        parts.append(Text(f"Deck: {left}{words}" + (f" (top: {top})" if top is not None else "")))
        return parts, drop

    def _draw_boss(self, update: TableUpdate) -> None:
        view: State = update.view
        active_list = self.query_one("#bq-active", PickList)
        # (the width the spells in play are laid out for, whatever is shown)
        self._active_width = active_list.size.width
        hp = Text()
        final = self._final_round(view)
        if final is not None:
            hp.append(f"{final.hp} HP", style="bold reverse")
            ulul = "Ul'ul, " if final.boss == ULUL else ""
            hp.append(f"  ({ulul}card {final.boss}, round {final.round}'s Boss)")
        elif view.players == 1:
            hp.append(f"Solo Quest, {extras.solo_stage(view.wave)}", style="bold")
        elif view.champion is not None:
            hp.append(f"MegaBoss {GAME.current_hp(view)} HP", style="bold reverse")
        elif view.boss is None:
            hp.append("No Boss yet.", style="dim italic")
        else:
            now = GAME.current_hp(view)
            hp.append(f"{now} HP", style="bold reverse")
            ulul = view.boss == ULUL and view.options.ulul is not Ulul.OFF
            if ulul:
                hp.append("  Ul'ul", style="bold")
            if now != view.boss:
                hp.append(f"  (card {view.boss}, spells {now - view.boss:+d})")
            else:
                hp.append(f"  (card {view.boss})")
            if ulul and is_night(view):
                # BQ §Boss Ul'ul, BQ-29, BQ-30: what its night changes
                hp.append(f"\nNight: weapons face down, 2{HEART} if over", style="italic")
            elif ulul:
                hp.append("\nDay: a classic Boss", style="italic")
        if "boss" in self.changed("boss"):
            hp = marked_text(hp)
        update_static(self.query_one("#bq-hp", Static), hp)
        if view.players == 1:
            # the Solo Quest's spells lie on its Bosses: here, the turns left
            turns = solo.turns_left(view)
            top = solo.top_spell(view)
            left = f"{turns} turn{'s' if turns != 1 else ''} left"
            # BQ §3. Final Assault ("You have 3 turns to defeat the
            # MegaBoss") is no wave: said in its own words
            stage = "the final assault" if view.wave >= 3 else "the wave"
            if view.phase is Phase.SOLO_TARGET and view.casting is not None:
                # on the wave's last turn "then 0 turns left" (a play-test)
                then = f"; then {left}" if turns else f" on {stage}'s last turn"
                line = Text.assemble((str(view.casting), "bold"), f" is cast{then}.")
            elif turns and top is not None:
                line = Text(f"{left} in {stage}; this turn's spell: ")
                line.append(str(top), style="bold")
            else:
                line = Text(f"{stage.capitalize()}'s turns are spent.")
            self.query_one("#bq-active", PickList).set_rows([Row(line)], picking=False)
            return
        picking = self._mode == "target-spell"
        width = self._active_width
        in_play = view.active if final is None else final.spells
        spells = self.changed("spells")
        flags = [i in spells for i in range(len(in_play))]
        # (the mark of a spell changed since your last move takes a cell of
        # every row: 160x45 cut "•○ No heart lost (no effect in the due…")
        room = width - 1 if width and any(flags) else width
        rows = []
        for i, active in enumerate(in_play):
            text = spell_label(active.spell)
            if active.target is not None:
                text.append(f" → {self._who(active.target)}")
            # in play, yet nothing to the champion (BQ-38): it read as in
            # force; shorter where the panel cut it ("(no effect in the due…")
            note = extras.duel_effect_note(view, active.spell,
                                           room - text.cell_len if room else None)
            if note:
                text.append(note, style="italic")
            rows.append(Row(text, key=str(i + 1), enabled=not picking or self._legal(TargetSpell(i))))
        if self.has_class("-short") and not picking and len(rows) > 2 and width:
            # Short, the spells in play share lines where they fit (a Final
            # Boss duel's six took six lines at 80x24, and the knights' last
            # row went off the screen); picked from, they keep a line each.
            lines: list[tuple[list[Text], bool]] = []
            for row, flag in zip(rows, flags, strict=True):
                text = row.text if isinstance(row.text, Text) else Text(row.text)
                at = next((n for n, (texts, _) in enumerate(lines)
                           if sum(t.cell_len + 2 for t in texts) + text.cell_len < width), None)
                if at is None:
                    lines.append(([text], flag))
                else:
                    lines[at][0].append(text)
                    lines[at] = (lines[at][0], lines[at][1] or flag)
            rows = [Row(Text("  ").join(texts)) for texts, _ in lines]
            flags = [flag for _, flag in lines]
        rows = mark_rows(rows, flags)
        active_list.set_rows(rows, picking=picking)
        if picking:
            self._targets = [TargetSpell(i) for i in range(len(view.active))]

    def _draw_market(self, update: TableUpdate) -> None:
        view: State = update.view
        market = self.query_one("#bq-market", Market)
        wizard = self._mode == "wizard"
        offers = []
        for slot, spell in enumerate(view.offer):
            if spell is None:
                # in the rulebook's words, as the log says it: "taken" misread
                # a discard, "gone" said nothing (play-tests)
                fate = ("replaced" if slot == view.replace_slot  # the Raven's, a moment
                        else "discarded" if slot in view.discarded else "activated")
                offers.append(Offer("", key=str(slot + 1), gone=True, gone_text=f"— {fate} —"))
                continue
            enabled = not wizard or self._legal(Activate(slot)) or self._legal(Discard(slot))
            offers.append(Offer(spell_label(spell), key=str(slot + 1), enabled=enabled,
                                tag=offer_tag(spell),
                                detail=spell.text))
        for index, spell in enumerate(view.duel_offer):
            # BQ §Final Boss: the spells the defeated knights drew, one of
            # them to activate against the champion (BQ-37, BQ-38)
            tag = ("on the champion" if spell.dark else "next to the MegaBoss"
                   ) if acts_in_duel(spell) else extras.NO_DUEL_EFFECT
            offers.append(Offer(spell_label(spell), key=str(index + 1), tag=tag,
                                detail=spell.text))
        if view.mystery:
            enabled = not wizard or self._legal(ActivateMystery()) or self._legal(DiscardMystery())
            seen = view.mystery_card  # only in the view of a knight whose Owl looked (BQ-33)
            if seen is not None:
                offers.append(Offer(Text(f"? Mystery: {seen}", style="bold"), key="m",
                                    enabled=enabled, tag="your Owl looked",
                                    detail=f"{seen.text} Only you know it; the others "
                                    "see it face down."))
            else:
                # a watcher decides nothing (the play-test: "You decide blind")
                who = "You decide" if update.seat is not None else "The knight decides"
                offers.append(Offer(Text("? Mystery spell (face down)", style="bold"), key="m",
                                    enabled=enabled, tag="blind",
                                    detail=f"{who} blind; then it is revealed."))
        elif view.mystery_fate:
            # used this round: its row stays, as an emptied slot's does (it
            # vanished, unsaid, when turned and discarded unused: BQ-15)
            offers.append(Offer("", key="m", enabled=False, gone=True,
                                gone_text=f"— {view.mystery_fate} —"))
        slots = self.changed("market")
        # the mystery's row, after the slots (and any duel spells), is "m"
        keys = [*range(len(view.offer) + len(view.duel_offer)), "m"]
        offers = mark_rows(offers, [key in slots for key in keys[:len(offers)]])
        self._details_drawn = self._spell_details()
        # in the duel the panel holds the spells drawn after a request; "No
        # spells." there read as none against the champion, beside the
        # Boss panel's spells in play (BQ-38)
        market.empty = ("No spells." if view.champion is None
                        else "None drawn now (in play: see Boss).")
        market.set_offers(offers, picking=wizard, details=self._details_drawn)
        self._start_wizard_cursor(update, market, wizard)
        if view.champion is None:
            title = "Wizard's spells"
        elif view.duel_offer:
            # BQ-37: drawn, not yet in play; "Spells against" read as three in play
            title = f"Offered against {self._who(view.champion)}: one to choose"
            if len(view.duel_offer) == 1:  # still drawing: a single one is not chosen (BQ-52)
                title = f"Drawn against {self._who(view.champion)}"
        else:
            title = f"Spells against {self._who(view.champion)}"
        set_border(market, title)
        market.display = view.phase is not Phase.OVER and view.players > 1  # no Wizard solo
        # Alone, the Boss and the weapons drawn take the top row's width.
        self.set_class(view.players == 1, "-solo")

    def _start_wizard_cursor(self, update: TableUpdate, market: Market, wizard: bool) -> None:
        """A fresh decision at the Wizard starts on the first spell, never
        where another knight or round left the cursor (it sat on the blind
        mystery, and x discarded it unseen: a play-test); a spell taken
        back has the cursor on it again (it came back one row below)."""
        seat, view = update.seat, update.view
        fresh = wizard and seat != self._wizard_seat
        self._wizard_seat = seat if wizard else None
        if not fresh:
            return
        pick = self._wizard_pick
        if pick is not None and pick[0] == seat:
            self._wizard_pick = None
        if pick is not None and pick[:2] == (seat, view.round):
            slot, spell = pick[2], pick[3]
            if slot == "m" and view.mystery:
                market.move_to(len(view.offer))
                return
            if isinstance(slot, int) and slot < len(view.offer) and view.offer[slot] == spell:
                market.move_to(slot)
                if market.highlighted == slot:
                    return
        spells = [i for i in market.enabled_indexes() if i < len(view.offer)]
        market.move_to((spells or market.enabled_indexes() or [-1])[0])

    def play(self, action: Any) -> None:
        update = self.update
        if isinstance(action, (Activate, Discard, ActivateMystery, DiscardMystery)) and (
                update is not None and update.seat is not None):
            view = update.view
            slot = action.slot if isinstance(action, (Activate, Discard)) else "m"
            spell = view.offer[slot] if isinstance(slot, int) else None
            self._wizard_pick = (update.seat, view.round, slot, spell)
        self._no_spell_chosen = None
        if not isinstance(action, PlayPersonal):
            # the cursor stays at the spells' place only from one spell to
            # the next: a move made by its key (weapons asked, given) lets
            # it go too (`_set_choices`)
            self._spell_at = None
        super().play(action)

    def _spell_details(self) -> bool:
        """Whether the Wizard's spells say what they do, under their names:
        tall, where the market has room for the words (at 110x32 its 30
        columns wrapped each spell's words over three lines, and the
        knights under it went under the decision)."""
        width = self.query_one("#bq-market", Market).content_region.width
        return self.has_class("-tall") and (not width or width >= _DETAILS_WIDTH)

    def _hand_cards(self, view: State, seat: int) -> list[tuple[Weapon | None, Card]]:
        knight = view.knights[seat]
        picking = self._mode == "target-weapon"
        out: list[tuple[Weapon | None, Card]] = []
        final = self._final_round(view)
        if final is not None and seat < len(final.equipment):
            # Combat turned every weapon face up; a potion as it was read
            # (BQ-31: it showed "±3" though the total counted +3)
            holder = _reader(final, seat)
            return [(w, weapon_card(w, key=str(n + 1), holder=holder))
                    for n, w in enumerate(final.equipment[seat])]
        if view.players == 1:  # the Solo Quest: the weapons drawn, to give a Boss
            return [(w, weapon_card(w, key=str(n + 1))) for n, w in enumerate(view.drawn)]
        n = 0
        # the hidden card, then a night's (or the duel's) face-down ones
        down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
        for card in down:
            weapon = card.weapon
            n += 1
            # (turned face up before the table: the duel's weapons at combat)
            out.append((weapon, weapon_card(weapon, face_down=PUBLIC not in card.known_to,
                                            known=weapon is not None,
                                            enabled=not picking or self._legal(TargetWeapon(weapon)),
                                            key=str(n), holder=knight)))
        for weapon in knight.visible:
            n += 1
            out.append((weapon, weapon_card(weapon, enabled=not picking or self._legal(TargetWeapon(weapon)),
                                            key=str(n), holder=knight)))
        return out

    def _draw_hand(self, update: TableUpdate) -> None:
        view: State = update.view
        hand = self.query_one("#bq-hand", Hand)
        seat = update.seat
        if seat is None:
            hand.display = False
            return
        hand.display = True
        pairs = self._hand_cards(view, seat)
        caption = Text()
        mine = GAME.strength(view, seat)
        final = self._final_round(view)
        solo_quest = view.players == 1
        if solo_quest:
            # the weapons drawn this turn, face up (BQ-40), not a knight's hand
            if pairs:
                caption.append(f"= {sum(w.value for w, _ in pairs if w)}", style="bold")
        elif final is not None:
            # the spells combat counted, as the sum's other parts (the
            # state has cleared them: the round's record keeps them)
            caption.append(_with_spells([a.spell for a in final.spells if a.target == seat]))
            caption.append(f"= {final.strengths[seat]}", style="bold")
            if final.eliminated[seat] == "over":
                caption.append(f" > {final.hp}: over!", style="bold reverse")
            elif seat in final.perfect:
                caption.append(", the Boss's HP: perfect", style="bold")
        elif mine is not None and pairs:
            # "R4 R2 R3 P6 P2 = 19" added up to 17 under an Attack +2 on
            # herself (play-test): the spells go before the total, as on
            # her row and in the eyes-only box (`strength_terms`)
            caption = Text.assemble(_with_spells(GAME.spells_on(view, seat)),
                                    strength_caption(view, seat))
        picking = self._mode == "target-weapon"
        hand.big = self.has_class("-tall")
        # BQ §Final Boss: the champion alone fights the MegaBoss; a knight
        # out of the duel read "No weapons yet.", as if some were to come
        # (short: the panel is 38 columns wide at 80, and cuts, not wraps)
        out_of_duel = view.champion is not None and seat != view.champion
        hand.empty = "None: you are not in the duel." if out_of_duel else "No weapons yet."
        mine = self.changed("hand")
        cards = mark_rows([card for _, card in pairs], [n in mine for n in range(len(pairs))])
        hand.set_cards(cards, picking=picking, caption=caption)
        title = "Weapons drawn" if solo_quest else "Your weapons"
        others = tuple(tuple(self._who(s) for s in sorted(seats))
                       for seats in GAME.face_down_known_to(view, seat))
        # the border's room, at its narrowest (the hand is drawn before it
        # is laid out: its width then is not the one shown)
        room = LEGEND_ROOM_BIG if hand.big else LEGEND_ROOM
        legend = (_face_down_legend(pairs, big=hand.big, others=others, room=room)
                  if final is None and not solo_quest else ("", ""))
        set_border(hand, f"{title}  {legend[0]}".rstrip(), legend[1])
        if picking:
            self._targets = [TargetWeapon(w) for w, _ in pairs]

    def _name_width(self, view: State, update: TableUpdate) -> int:
        widths = [cell_len(self._bare_who(s)) + (6 if s == update.seat else 0)
                  + cell_len(self._level_suffix(view, s, update))
                  for s in range(view.players)]
        return min(16, max(widths, default=4))

    def _level_suffix(self, view: State, seat: int, update: TableUpdate) -> str:
        """A bot of the match's level beside its name in the knights' panel,
        one form for every row: " (hard)" where every such name fits the
        name column's 16 cells with it, else " (h)" (F1 lists the levels).
        Nothing for a person, a stand-in for one away, or yourself."""
        level = update.level_of(seat) if seat != update.seat else None
        if not level or split_mark(self._who(seat))[1]:
            return ""
        fits = all(cell_len(self._bare_who(s)) + cell_len(level_mark(lv, LEVEL_FORMS[1])) <= 16
                   for s in range(view.players)
                   if s != update.seat and (lv := update.level_of(s)))
        return level_mark(level, LEVEL_FORMS[1 if fits else 2])

    def _knight_parts(self, view: State, seat: int, update: TableUpdate) -> _KnightParts:
        """What a knight's row says, before the panel's columns are chosen
        (`_fit_knights`)."""
        knight: Knight = view.knights[seat]
        me = seat == update.seat
        turn = GAME.knight_in_turn(view) == seat
        bare, mark = split_mark(self._who(seat))
        count = ""
        if self._tall_rows:  # narrower, the cards themselves are the count
            n = knight.card_count
            count = f"{n} card{'s' if n != 1 else ' '}  "
        thinking = seat in self.thinking_seats(update) and not self.bots_held()  # as the status line names them
        if thinking:
            status = "thinking…"
        elif knight.done:
            status = "done"
        elif knight.at_wizard:
            status = "at Wizard"
        elif turn:
            # (a box up at their terminal: a shared table goes on)
            status = "reading…" if self.is_reading(update, seat) else "to play"
        else:
            status = ""
        if mark and not thinking:
            # who plays the seat, in the status (in the name's cell it was
            # cut mid-bracket: "bob (left — bot")
            status = _MARK_WORDS.get(mark, "away")
        if seat == view.armorer and view.champion is None:  # the duel has no Armorer (BQ-37)
            status = f"{status} ⚒" if status else "⚒ Armorer"
        cards: list[Card] = []
        final = self._final_round(view)
        if final is not None and seat < len(final.equipment):
            # The final table: combat revealed every weapon (each potion
            # as read)
            holder = _reader(final, seat)
            cards.extend(weapon_card(w, holder=holder) for w in final.equipment[seat])
        else:
            down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
            for card in down:
                weapon = card.weapon
                cards.append(weapon_card(weapon, face_down=PUBLIC not in card.known_to,
                                         known=weapon is not None, holder=knight))
            cards.extend(weapon_card(w, holder=knight) for w in knight.visible)
        # the duel's idle spells marked as the Boss panel marks them (BQ-38)
        spells = tuple(spell_tag(spell) + extras.duel_effect_note(view, spell, room=0)
                       for spell in GAME.spells_on(view, seat))
        shows = ""
        if final is None and not me and knight.visible:
            # what the viewer can count (core's `seen_strength`): a face-down
            # weapon its Owl saw counts, one it does not know and a potion
            # not read yet are the "+?"; with nothing unknown (after combat's
            # reveal, say), the total alone
            seen, unknown = GAME.seen_strength(view, seat)
            shows = f"{seen}{'+?' if unknown else ''}"
        companion = None
        if view.companions:
            mine = view.companions[seat]
            companion = "" if mine is None else f"{mine.label}{'*' if mine in view.spent else ''}"
        hearts = knight.hearts
        if view.duel is not None and seat == view.duel.champion:
            # after the Final Boss duel, the champion's hearts as its story
            # tells them ("With 1 heart left, ...": BQ §Final Boss), the
            # hearts sacrificed gone (the standings keep the game's, BQ-26);
            # "♥3" stood beside that line
            hearts = view.duel.hearts_before - view.duel.sacrificed
        return _KnightParts(
            turn=turn, name=bare + (" (you)" if me else self._level_suffix(view, seat, update)),
            bold=turn or me,
            hearts_keys=f"{HEART}{hearts} {KEY}{knight.keys}", companion=companion,
            count=count, status=status, cards=tuple(cards), spells=spells, shows=shows)

    def _fit_knights(self, parts: list[_KnightParts], natural: _Columns, room: int,
                     level: int, *, big: bool = False) -> tuple[_Columns, list[str]]:
        """The columns the knights' rows share, and how each row draws its
        cards (one of `_CARD_WAYS`, or "under": its spells and what it
        shows go under its cards), in rows of `room` cells. Level 0 is the
        table as it was drawn while it fitted; from level 1 the companion
        and status columns are only as wide as their longest; at level 3
        the names give cells (down to 8) where that keeps more rows to one
        line; at level 4 the names are whole again (cut only where a row's
        cards would not fit otherwise) and no row goes under: its end is cut
        to what fits (`_draw_knights` takes the first level
        that fits the panel's lines). Tall, and `big` where every row has
        room for it, the cards are drawn large (three lines a row)."""
        def ways(columns: _Columns) -> list[str]:
            # "over": even its cards, counted, run past the room
            return [next((way for way in _CARD_WAYS if _row_fits(p, columns, way, room)),
                         "under" if _row_fits(attrs.evolve(p, spells=(), shows=""), columns,
                                              "counted", room) else "over")
                    for p in parts]

        # a status or companion longer than its column widens it for every
        # row: "away — bot playing" pushed its row's cards out of line with
        # the others' (a play-test, 80x24)
        natural = attrs.evolve(
            natural, status=max([natural.status, *(cell_len(p.status) for p in parts)]),
            companion=max([natural.companion, *(cell_len(p.companion or "") for p in parts)]))
        if big and self._tall_rows and all(
                _row_fits(p, natural, "big", room) for p in parts):
            return natural, ["big"] * len(parts)
        if level == 0 or self._tall_rows:
            return natural, ways(natural)
        companion = max((cell_len(p.companion) for p in parts if p.companion is not None),
                        default=0)
        status = max((cell_len(p.status) for p in parts), default=0)
        columns = _Columns(name=natural.name, companion=companion, status=status)
        def off(chosen: list[str]) -> tuple[int, int]:
            # the rows off the panel even so, then (level 3) off their line
            return chosen.count("over"), chosen.count("under") if level == 3 else 0

        best = (off(ways(columns)), columns)
        # never into your own "(you)" (play-test: "Dev (yo…" on the final
        # table, a champion's weapons a cell too long; they wrap instead)
        yours = max((cell_len(p.name) for p in parts if p.name.endswith(" (you)")), default=0)
        for name in range(natural.name - 1, max(min(natural.name, 8), yours) - 1, -1):
            if level < 3 or best[0] == (0, 0):
                break
            narrower = attrs.evolve(columns, name=name)
            score = off(ways(narrower))
            if score < best[0]:
                best = (score, narrower)
        chosen = ways(best[1])
        if level >= 4:  # a line each, whatever it costs the rows' ends
            chosen = ["cut" if way in ("under", "over") else way for way in chosen]
        return best[1], chosen

    def _knight_row(self, parts: _KnightParts, columns: _Columns, way: str, room: int) -> Text:
        """A knight's row (`_KnightParts`) in the panel's `columns`, its
        cards drawn `way` (one of `_CARD_WAYS`, or "under": closed up and
        counted, its spells and what it shows going under them)."""
        text = _row_head(parts, columns)
        if not parts.cards and not (self._tall_rows and parts.spells):
            # no weapon (out of the Final Boss duel): its line alone, not a
            # blank line (or two, among large cards) under it
            return Text.assemble(text, _row_tail(parts), no_wrap=True, end="")
        if way == "big":
            top, faces, bottom = _big_cards(parts.cards)
            pad = " " * text.cell_len
            return Text.assemble(pad, top, "\n", text, faces, _row_tail(parts), "\n", pad,
                                 bottom, no_wrap=True, end="")
        if self._tall_rows:
            text.append("\n" + " " * 2)
        start = cell_len(text.plain.rsplit("\n", 1)[-1])
        at = start
        for piece in _card_pieces(parts.cards, way if way in _CARD_WAYS else "counted"):
            if at > start and at + piece.cell_len > room:
                # more cards than the line holds (a Final Boss champion's
                # two dozen): they go on under the first, not off the panel
                text.append("\n" + " " * start)
                piece = piece[1:] if piece.plain.startswith(" ") else piece
                at = start
            text.append_text(piece)
            at += piece.cell_len
        tail = _row_tail(parts)
        if way == "cut":
            # no line to spare: what fits of the spells on the knight (the
            # Boss's panel names them with their knight) and what it shows
            tail = _row_tail(parts, room - at)
        elif tail and way in ("under", "over"):
            # too long even closed up: the spells on the knight and what it
            # shows go under its cards rather than off the panel
            text.append("\n" + " " * max(0, min(start - 1, room - tail.cell_len)))
        text.append_text(tail)
        return text

    def _knight_lines_room(self, *, big: bool = False) -> int | None:
        """The lines the knights' rows may take: down to the decision at
        the foot, leaving the log under them (a narrow screen's) its title
        and two lines; on a large terminal (`_roomy`) down to the decision
        that follows them, and for `big` cards leaving the combats under it
        their least rows (`_COMBATS_LEAST`). None before the first layout."""
        board = self.query_one("#bq-knights", KnightRows)
        if not board.size.height:
            return None
        body = self.query_one("#bq-body").region
        decide = self.query_one("#bq-decide").outer_size.height
        # under the rows: the panel's foot (tall: short, a panel has only
        # its top rule), then the log's least lines (narrow) or, large, the
        # combats' least rows
        below = 1 if self.has_class("-tall") else 0
        if self.has_class("-narrow"):
            below += 3
        elif big and self.has_class("-roomy"):
            below += _COMBATS_LEAST
        return body.bottom - below - decide - board.content_region.y

    def _knight_room(self, players: int, picking: bool) -> int:
        """The cells a knight's row has: less the cursor and key when picking,
        and a cell for the mark of a change since your last move."""
        width = self.query_one("#bq-knights", KnightRows).size.width
        return width - 1 - (2 + len(str(players)) + 1 if picking else 0) if width else 999

    @staticmethod
    def _knights_title(view: State | None, *, explained: bool = False, marked: bool = False,
                       width: int = 0) -> str:
        """The knights panel's legend: the Armorer but in the duel (BQ-37);
        with companions, the mark of a power used and, unless every
        companion is explained under the rows (`explained`), where to read
        them all; while the table marks a change since your last move
        (`marked`), that mark (the play-test: "•19 HP", "•» Ann" were
        explained nowhere in sight). Where `width` has no room for all of
        it, "F1 all powers" gives way (F1 lists them)."""
        armorer = "  ⚒ Armorer" if view is None or view.champion is None else ""
        title = f"Knights  {HEART} hearts  {KEY} keys{armorer}"
        mark = f"  {CHANGED} new" if marked else ""
        if view is not None and view.companions:
            more = "" if explained else " · F1 all powers"
            if mark and width and cell_len(title + "  * power used" + more + mark) > width - 4:
                more = ""
            title += "  * power used" + more
        return title + mark

    def _draw_knights(self, update: TableUpdate) -> None:
        view: State = update.view
        if view.players == 1:  # the Solo Quest's board
            board = self.query_one("#bq-knights", KnightRows)
            board.laid_out_for = board.size.width
            room = board.size.width or 999
            rows = [Row(line) for line in extras.solo_rows(view, room)]
            board.set_rows(rows, picking=False)
            # the final assault's one Boss is no wave's
            title = ("Solo Quest: the MegaBoss, the spell rows" if view.wave >= 3
                     else "Solo Quest: the wave's Bosses, the spell rows")
            if view.waves:
                title += (" · c opens the last attack" if view.waves[-1].wave >= 3
                          else " · c opens the last wave")
            set_border(board, title)
            return
        picking = self._mode == "target-knight"
        board = self.query_one("#bq-knights", KnightRows)
        board.laid_out_for = board.size.width
        room = self._knight_room(view.players, picking)
        natural = _Columns(name=self._name_width(view, update))
        lines = self._knight_lines_room()
        board.laid_out_lines = lines
        knights = self.changed("knights")
        # The first way whose rows fit the lines the panel has: on a large
        # terminal the cards drawn large, where the rows leave the combats
        # under the decision their rows; tall, two lines a knight (the
        # cards under the name); then a line a knight, at the first level
        # of compaction (`_fit_knights`) that fits, your companion's power
        # on as many lines as it takes, then on one, then none (the row's
        # tag stays). Six knights at 120x36 took two lines each and the
        # last went under the decision.
        tall = self.has_class("-tall")
        tries = [(True, 0, True, None)] if self.has_class("-roomy") else []
        tries += [(True, 0, False, None), (True, 0, False, 1)] if tall else []
        tries += [(False, 0, False, None), (False, 0, False, 1), (False, 1, False, None),
                  (False, 1, False, 1), (False, 1, False, 0), (False, 3, False, 1),
                  (False, 3, False, 0), (False, 4, False, 0)]
        # Where there is room, the others' companions explained too, a line
        # each (play-test: only your own was), before anything else gives way.
        full = [(*t, True) for t in tries if t[1] == 0 and t[3] is None]
        tries = full + [(*t, False) for t in tries] if view.companions else [
            (*t, False) for t in tries]
        # what the rows say, once for each of the two ways a card count is drawn
        parts_by_tall: dict[bool, list[_KnightParts]] = {}
        for tall_rows, level, big, power, others in tries:
            self._tall_rows = tall_rows
            parts = parts_by_tall.get(tall_rows)
            if parts is None:
                parts = parts_by_tall[tall_rows] = [
                    self._knight_parts(view, seat, update) for seat in range(view.players)]
            rows, ways = self._knight_rows(update, parts, picking, natural, room,
                                           level, big, power, others=others)
            limit = self._knight_lines_room(big=True) if big else lines
            if "over" not in ways and (limit is None or sum(
                    len(row.text.plain.split("\n")) for row in rows) <= limit):
                break
        marked = any(self.changed(kind) for kind in ("boss", "spells", "market", "hand", "knights"))
        set_border(board, self._knights_title(view, explained=others, marked=marked,
                                              width=board.size.width))
        seats = len(parts)
        flags = [seat in knights for seat in range(seats)]
        if any(flags) and "big" in ways:
            # the mark on the name's line, the boxes above and below lined up
            rows[:seats] = [replace(row, text=Text("\n").join(
                marked_text(line, flag and "♥" in line.plain)
                for line in row.text.split("\n")))
                for row, flag in zip(rows[:seats], flags, strict=True)]
        else:
            rows = mark_rows(rows[:seats], flags) + rows[seats:]
        board.set_rows(rows, picking=picking)
        if picking:
            self._targets = [TargetKnight(seat) for seat in range(view.players)]
            if update is not self._knights_update:  # a new target to choose
                board.move_to(self._first_target(view, update.seat))
        self._knights_update = update

    def _knight_rows(self, update: TableUpdate, parts: list[_KnightParts], picking: bool,
                     natural: _Columns, room: int, level: int, big: bool,
                     power: int | None, *, others: bool = False,
                     ) -> tuple[list[Row], list[str]]:
        """The knights' rows (and your companion's; `others`: every
        companion in play) drawn one way (`_draw_knights`), and how each
        knight's row went."""
        columns, ways = self._fit_knights(parts, natural, room, level, big=big)
        rows = [Row(self._knight_row(p, columns, way, room), key=str(seat + 1),
                    enabled=not picking or self._legal(TargetKnight(seat)))
                for seat, (p, way) in enumerate(zip(parts, ways, strict=True))]
        rows += [Row(line, enabled=not picking) for line in extras.companion_rows(
            update.view, update.seat, room, lines=power,
            whose=self._whose if others else None)]
        return rows, ways

    def _knight_lines_least(self, update: TableUpdate) -> int:
        """The lines the knights' rows take drawn their closest (the last
        way `_draw_knights` tries): the duel's champion's 35 weapons take
        three."""
        tall, self._tall_rows = self._tall_rows, False
        try:
            view: State = update.view
            parts = [self._knight_parts(view, seat, update) for seat in range(view.players)]
            rows, _ = self._knight_rows(update, parts, False,
                                        _Columns(name=self._name_width(view, update)),
                                        self._knight_room(view.players, False), 4, False, 0)
        finally:
            self._tall_rows = tall
        return sum(len(row.text.plain.split("\n")) for row in rows)

    @staticmethod
    def _first_target(view: State, me: int | None) -> int:
        """Where the cursor starts for a spell's target knight: the caster
        for a spell that raises an attack, the next knight round the table
        for one that lowers it (an Enter not meant must not hurt oneself)."""
        change = ATTACK_CHANGE.get(view.casting.kind) if view.casting is not None else None
        if me is None or change is None or change > 0:
            return me or 0
        return (me + 1) % view.players

    def _roomy(self) -> bool:
        """A large terminal (160x40 and up): wide, and high enough that the
        last combat fits under the knights, leaving the log the side."""
        height = self.size.height or self.app.size.height
        return self.has_class("-wide") and height >= _ROOMY_HEIGHT

    def _draw_last(self, update: TableUpdate) -> None:
        view: State = update.view
        side = self.query_one("#bq-last", CombatBox)
        main = self.query_one("#bq-last-main", VerticalScroll)
        roomy = self.has_class("-roomy")
        side.display = bool(view.history) and not roomy
        # before the first combat, a large terminal says under the knights
        # how it will go (that column stood empty through round 1)
        ahead = (roomy and not view.history and view.players > 1
                 and view.phase is not Phase.OVER and view.champion is None)
        main.display = roomy and (bool(view.history) or ahead)
        if ahead:
            key = ("ahead", view.players, _combat_waits(view, self._who))
            if key != self._combats_drawn:
                self._combats_drawn = key
                set_border(main, "Combat, at the end of the round")
                update_static(self.query_one("#bq-combats", Static), _combat_ahead(view, self._who))
            return
        if not view.history:
            return
        result: RoundResult = view.history[-1]
        duel = view.duel
        if duel is not None and not roomy:
            # BQ-47: the duel's combat is the match's last (the panel still
            # showed round 6's, a play-test)
            set_border(side, "Last combat: the duel · c opens it")  # 40 cells at 80
            side.show_duel(duel, self._bare_who)
            return
        if not roomy:
            set_border(side, f"Last combat: round {result.round} · c opens it")
            # a finished combat: no away marks (they went stale, and wrapped)
            side.show_combat(result, self._bare_who, weapons=self.has_class("-wide"),
                             marked="combat" in self.changed("combat"))
            return
        # Built again only when a combat is added, the reader changes or the
        # last one's mark does: most updates (an ask, a spell) change none.
        key = (update.seat, view.history, "combat" in self.changed("combat"), duel)
        if key == self._combats_drawn:
            return
        self._combats_drawn = key
        rounds = len(view.history)
        # as the side panel's: "· c opens the last" read as cut off
        if duel is not None:  # BQ-47: the duel's combat, the last, first
            set_border(main, f"Combats so far ({rounds + 1}), the last first · "
                       "c opens the Final Boss duel")
        else:
            set_border(main, f"Last combat: round {result.round} · c opens it" if rounds == 1
                       else f"Combats so far ({rounds}), the last first · "
                       f"c opens round {result.round}")
        parts = []
        if duel is not None:
            parts.append(Text.assemble(("The Final Boss duel · ", "bold"),
                                       duel_text(duel, self._bare_who)))
        for past in reversed(view.history):
            parts.append(Text.assemble(
                (f"Round {past.round} · ", "bold"),
                self._combat_text(past) if past is result else combat_text(
                    past, self._bare_who, weapons=True),
                "\n",
                spells_block(past, self._bare_who)))
        update_static(self.query_one("#bq-combats", Static), Text("\n\n").join(parts))

    def _combat_text(self, result: RoundResult, width: int | None = None) -> Text:
        """The round's combat, one knight a line (all of it is public now)."""
        text = combat_text(result, self._bare_who, weapons=self.has_class("-wide"), width=width)
        if "combat" in self.changed("combat"):
            text = marked_text(text)
        return text

    def _draw_score(self, update: TableUpdate) -> None:
        view: State = update.view
        pad = self.query_one("#bq-score", ScorePad)
        result = update.outcome if view.phase is Phase.OVER else None
        if result is None:
            pad.display = False
            return
        pad.display = True
        # six knights beside the Boss at 80 columns: closed up, the labels'
        # short words (the duel's hearts note says they are before it)
        notes = result.notes
        if view.players == 1:
            # the Solo Quest's ending is the prompt's, under the board: said
            # once (the play-test read it twice at 80x24, the board's last
            # rows cut for it)
            notes = tuple(n for n in notes if n != view.ending)
        pad.set_pad(update.names, result.breakdown, winners=result.winners, notes=notes,
                    closing_up=True, short_labels=_SHORT_LABELS, short_note="Won: rounds won.")

    # -- prompt and action bar ------------------------------------------------------

    def redraw_thinking(self, update: TableUpdate) -> None:
        self._draw_prompt()  # the prompt says who is thinking, and for how long

    def redraw_held(self, update: TableUpdate) -> None:
        if self.is_mounted:
            self._draw_knights(update)  # a knight's row says "thinking…" too
            self._draw_prompt()

    def _draw_prompt(self) -> None:
        text = self._prompt_text()
        typed = self.digits_words()
        if typed:
            # in place of the prompt's last line (its keys), its height kept
            lines = text.split("\n")
            text = Text("\n").join([*lines[:-1], Text(typed, style="bold")])
        prompt = self.query_one("#bq-prompt", DecisionPrompt)
        prompt.worded_for = prompt.content_region.width
        update_static(prompt, text)

    def on_decision_prompt_refit(self, event: DecisionPrompt.Refit) -> None:
        event.stop()
        if self.update is not None and self.is_mounted:
            self._draw_prompt()  # worded for the width it has now

    def digits_shown(self) -> None:
        if self.is_mounted:
            self._draw_prompt()

    def _prompt_text(self) -> Text:
        update = self.update
        if update is None:
            return Text("Waiting for the table…", style="italic")
        stopped = self.stopped_prompt(update)
        if stopped is not None:
            return stopped
        view: State = update.view
        mode = self._mode
        if view.phase is Phase.OVER and view.ending:
            # the Final Boss's or the Solo Quest's printed ending
            return Text(f"{view.ending} ({self.rematch_words(':')}b: the results · "
                        f"q: {self.leads_to})", style="bold")
        if mode == "other" and self._personal is not None:
            return Text(f"Play {self._personal} on which Boss? (Esc: back)",
                        style="bold")
        if mode == "other" and isinstance(self._attack_check, Sacrifice):
            return extras.sacrifice_check_prompt(self._attack_check, view)
        if mode == "other" and self._attack_check is not None:
            return extras.attack_check_prompt(view, self._attack_check)
        if mode == "other":
            return extras.other_prompt(view, update.legal, update.seat, self._who)
        if view.phase is Phase.OVER:
            result = update.outcome
            winners = sorted(result.winners) if result is not None else []
            names = " and ".join(self._who(s) for s in winners) or "Nobody"
            verb = "frees" if len(winners) <= 1 else "free"
            return Text(f"The quest is over. {names} {verb} the Princess! "
                        f"({self.rematch_words(':')}b: the results · q: {self.leads_to})",
                        style="bold")
        companion = extras.power_companion(view, update.legal)
        if self._power and companion is not None:
            powers = self._power_actions()
            n = len(powers)
            if n == 1:
                label = extras.action_label(view, powers[0], self._who).split(": ", 1)[-1]
                return Text.assemble(
                    (f"The {companion.label}: ", "bold"), f"only one choice, {label}: ",
                    *extras.one_choice("takes it", "1"),
                    " ", ("Esc", "bold reverse"), " back; your turn goes on.")
            what = "see which card" if companion is Companion.OWL else "replace which spell"
            return Text.assemble(
                (f"The {companion.label}: ", "bold"), f"{what}? ",
                (f"1-{n}" if n > 1 else "1", "bold reverse"), " or ", ("Enter", "bold reverse"),
                "; ", ("Esc", "bold reverse"), " back; your turn goes on.")
        text = self._turn_prompt(update)
        if companion is not None and mode in ("choose", "wizard"):
            # BQ-34: the power comes before asking or at the Wizard, turn going on
            text.append("\n")
            text.append_text(Text.assemble(("o", "bold reverse"),
                                           f": {extras.power_words(companion)}; your turn goes on."))
        return text

    def _turn_prompt(self, update: TableUpdate) -> Text:
        """The prompt of the viewer's turn, asking or at the Wizard, or of
        another's decision (`_prompt_text` adds the companion's power)."""
        view: State = update.view
        mode = self._mode
        if mode == "choose":
            seat = update.seat
            assert seat is not None
            asks = [a.count for a in update.legal if isinstance(a, Ask)]
            if not asks:
                # BQ-18, BQ-19: only the Wizard (and a companion's power,
                # which does not end the turn, BQ-34); the prompt says why
                standing = GAME.standing(view, seat)
                why = ("you are over the HP, so " if standing is not None and standing[0] == "over"
                       else "the weapon deck is empty, so " if not GAME.deck_size(view) else "")
                return Text.assemble(
                    ("Your turn: ", "bold"),
                    f"{why}you must go to the Wizard now: ",
                    ("w", "bold reverse"), " or Enter.",
                )
            top = max(asks)
            count = (f"1-{top}" if top > 1 else "1", "bold reverse")
            weapons = " weapons" if top > 1 else " weapon"  # "ask for 1 weapons" read wrong
            if GAME.last_ask(view, seat):
                # BQ §2A: the last knight equipping asks one last time, then
                # goes straight to the Wizard
                return Text.assemble(
                    ("Your last ask", "bold"), " (every other knight is at the Wizard): ask for ",
                    count, weapons, ", then straight to the Wizard; or ", ("w", "bold reverse"),
                    " go to the Wizard (no more weapons).",
                )
            final = " (final turn: one last action)" if view.final_turn else ""
            return Text.assemble(
                ("Your turn", "bold"), f"{final}: ask for ", count,
                weapons, ", or ", ("w", "bold reverse"), " go to the Wizard (no more weapons).",
            )
        if mode == "wizard":
            market = self.query_one("#bq-market", Market)
            index = self._chosen_spell()
            offer = None if index is None else market.offers[index]
            if self._letting_pass():
                text = self._bolder_prompt(view)
            else:
                text = Text.assemble(
                    ("At the Wizard: ", "bold"), "pick a spell ", ("↑↓", "bold reverse"), " ",
                    *self._spell_keys(), *self._wizard_keys(),
                )
            if offer is not None and offer.detail:
                text.append("\n")
                text.append(offer.detail, style="italic")
            return text
        if mode is not None and mode.startswith("target"):
            spell = view.casting
            what = {
                "target-knight": "a knight",
                "target-weapon": "one of your weapons",
                "target-spell": "a spell in play to cancel",
            }[mode]
            head = (f"{spell.name if spell else 'Spell'}: ", "bold")
            legal = [n for n, target in enumerate(self._targets) if self._legal(target)]
            if len(legal) == 1:
                # one possible target: said as one, still taken by a key
                only = self._target_label(self._targets[legal[0]])
                text = Text.assemble(head, f"only one possible target, {only}: ",
                                     *extras.one_choice("chooses it", str(legal[0] + 1)))
            else:
                text = Text.assemble(
                    head, f"choose {what} (", (_target_arrows(mode), "bold reverse"), " + ",
                    ("Enter", "bold reverse"), ", its number or a click).")
            if spell is not None:
                text.append("\n")
                text.append(spell.text, style="italic")
            return text
        # Not the viewer's decision.
        if CHANCE in update.to_act:
            return Text(_CHANCE_TEXT.get(view.phase, "…"), style="italic")
        seats = sorted(s for s in update.to_act if s >= 0)
        if not seats:
            return Text("Waiting…", style="italic")
        seat = seats[0]
        who = "Your" if seat == update.seat else self._whose(seat)
        doing = _doing(view)
        turn = "turn"
        if view.final_turn and view.phase is Phase.TURN:
            # BQ-51: the knight's own prompt says so; the others read it too
            turn = "final turn"
            if view.step is Step.CHOOSE:
                doing = "one last action"
        text = Text.assemble((f"{who} {turn}", "bold"), f" ({doing})" if doing else "")
        if update.thinking == seat:
            text.append(f" {self.thinking_words(update)}", style="italic")
        elif update.seat is not None and seat == update.seat:
            text.append(" waiting for the table…", style="italic")
        text.append(self.away_note(update), style="italic")
        return text

    def _draw_actions(self) -> None:
        bar = self.query_one("#bq-actions", ActionBar)
        # while a refused number holds, as the bar asks for a spell, the
        # footer offers no "↵ Choose" on the spells (`on_key` says why)
        self.query_one("#bq-market", Market).held = self._holding()
        update = self.update
        mode = self._mode
        choices: list[Choice] = []
        bar.empty = ""
        if update is None or mode is None:
            # kept on screen, empty, so that the panels above and the log do
            # not move (and the screen is not laid out again) at every turn
            bar.set_choices([])
            return
        view = update.view
        if mode == "other":
            self._set_choices(bar, self._other_choices(update))
            return
        powers = [a for a in update.legal if isinstance(a, extras.POWER_TYPES)]
        if self._power and powers:
            # the companion's choices alone, by number (BQ-34: the turn goes on)
            # ("see Bob's hidden": the prompt names the companion)
            self._set_choices(bar, [Choice(str(n), extras.action_label(view, a, self._who)
                                           .split(": ", 1)[-1], a)
                                    for n, a in enumerate(powers, 1)]
                              + [Choice("Esc", "Back", _BACK)])
            return
        # the companion's power (its choices behind `o`) and the bolder
        # knight's pass, beside the usual
        extra = []
        companion = extras.power_companion(view, update.legal)
        if companion is not None:
            extra.append(Choice("o", f"{companion.label}'s power…", _POWER))
        if self._legal(LetPass()) and not self._holding():
            # (while a refused number holds, Enter passes no more than it
            # activates: the player meant a spell, and the bar asks for one)
            extra.append(Choice("p", "Let it pass", LetPass()))
        if mode == "choose":
            for action in update.legal:
                if isinstance(action, Ask):
                    label = f"Ask {action.count}" if choices else f"Ask {action.count} weapon"
                    choices.append(Choice(str(action.count), label, action))
            if self._legal(GoToWizard()):
                choices.append(Choice("w", "Go to the Wizard", GoToWizard()))
        elif self._holding():
            # a refused number holds (`_no_spell`): the bar asks for a spell,
            # not "a Activate" the highlighted one, which a then refused
            keys = listed_keys(self._spell_choice_keys(self.query_one("#bq-market", Market)))
            ask = Text(f"Choose a spell: {keys}" if keys else "Choose a spell", style="dim italic")
            if self._legal(LetPass()):
                # the pass stays open (p means no spell), named but no choice:
                # Enter on it was refused as a and x are (a play-test saw it gone)
                ask.append_text(Text.assemble("   ", ("p", "bold reverse"), " Let it pass"))
            bar.empty = ask
        elif mode == "wizard":
            activate, discard = self._wizard_actions()
            name = self._highlighted_spell_name()
            if self._no_effect() is None:
                # left out, not dimmed, when the spell can only be discarded:
                # dimmed still read as offered, and the prompt says why
                choices.append(Choice("a", f"Activate {name}".strip(), activate,
                                      enabled=activate is not None, verb="Activate"))
            choices.append(Choice("x", f"Discard {name}".strip(), discard,
                                  enabled=discard is not None, verb="Discard"))
        else:
            target = self._highlighted_target()
            label = self._target_label(target)
            # Enter in the list chooses its highlighted target: this one
            choices.append(Choice("↵", f"Choose {label}", target, enabled=target is not None))
        self._set_choices(bar, choices + extra)

    def _set_choices(self, bar: ActionBar, choices: list[Choice]) -> None:
        """Show `choices` on the action bar. For a new update the cursor
        starts on a safe choice (`_safe_choice`), never where the last
        decision left it: choices come and go (the Owl's spent), and a
        cursor kept by place fell on "Go to the Wizard", no way back. Drawn
        again for the same update (a spell highlighted, a resize), the
        cursor stays where the player put it."""
        fresh = self.update is not self._bar_update
        self._bar_update = self.update
        was = bar.cursor
        bar.set_choices(choices, keep_cursor=not fresh)
        # A choice the rulebook calls final (BQ-54) is made by its own key,
        # never by an Enter meant for something else (the one that put the
        # eyes-only box away read a potion "+", a play-test): no choice
        # is highlighted until one is picked, and Enter says which keys.
        unpicked = self._for_good(choices)
        bar.unpicked = unpicked
        if unpicked and (fresh or was < 0):
            bar.cursor = -1
            return
        # After a Solo Quest personal spell the cursor goes to the move most
        # likely next: the final assault's attack the spell made exact (its
        # hearts included, BQ-41), else the safe choice below ("Attack!" at
        # a wave's end, the first ask mid-wave). Kept at the spell's place,
        # it fell on the next spell, and the Enter meant to attack opened
        # it (a play-test); an attack a spell could still change asks
        # first (`_attack_asks`).
        exact = self._exact_attack(choices) if fresh and self._spell_at is not None else None
        if exact is not None:
            bar.move_to(exact)
            return
        safe = (_safe_choice(choices, at_the_hp=self._at_the_hp(),
                             acting=_acting_duel_spells(self.update)) if fresh else None)
        if safe is not None:
            bar.move_to(safe)

    def _exact_attack(self, choices: list[Choice]) -> int | None:
        """The final assault's attack among `choices` that is exactly the
        MegaBoss's HP, its conditions met (the fewest hearts discarded:
        the bar lists them so); None in a wave, or with none exact."""
        update = self.update
        view = update.view if update is not None else None
        if view is None or view.players != 1 or view.wave != 3 or len(view.solo_bosses) != 1:
            return None
        megaboss = view.solo_bosses[0]
        if not solo.conditions_met(megaboss):
            return None
        gap = solo.boss_hp(megaboss) - solo.boss_strength(megaboss)
        return next((i for i, c in enumerate(choices)
                     if c.enabled and isinstance(c.value, Resolve) and c.value.adjust == gap),
                    None)

    def _for_good(self, choices: list[Choice]) -> str:
        """What an Enter says when `choices` decide something for good with
        no safe choice to start on (BQ-54): a potion's reading, or the
        Wizard where it is the highlighted default (a knight at the HP
        exactly); "" for any other decision."""
        enabled = [c.value for c in choices if c.enabled]
        if len(enabled) < 2:
            return ""  # one choice: no other to mean
        if any(isinstance(v, ReadPotion) for v in enabled):
            return ("A potion's reading is for good: press + or - to read it "
                    "(Enter reads nothing).")
        if GoToWizard() in enabled and self._at_the_hp():
            asks = [v.count for v in enabled if isinstance(v, Ask)]
            more = f", or {asks[0]}-{asks[-1]} to ask for weapons" if asks else ""
            return (f"Going to the Wizard is for good: press w to go{more} "
                    "(Enter does nothing yet).")
        return ""

    def cover_why(self, view: State, seat: int) -> str:
        """Why the hand-over cover calls `seat`'s person, in a few words
        (tui/table.py), where it is not plain: a potion to read, at combat
        the hidden one (every weapon is face up then: no secret, BQ-31)."""
        if view.phase is not Phase.READ_POTION or view.reader != seat:
            return ""
        if view.resume == "combat":
            return "read your face-down potion: combat has turned every weapon face up"
        return "read the potion you received"

    def _at_the_hp(self) -> bool:
        """The viewer's strength is the Boss's HP exactly ("perfect")."""
        update = self.update
        if update is None or update.seat is None or update.view.players == 1:
            return False
        standing = GAME.standing(update.view, update.seat)
        return standing is not None and standing[0] == "perfect"

    def _other_choices(self, update: TableUpdate) -> list[Choice]:
        """An extension's decision, one choice an action; the Solo Quest's
        personal spells one choice a spell, then one a Boss."""
        view = update.view
        personal = [a for a in update.legal if isinstance(a, PlayPersonal)]
        if isinstance(self._attack_check, Sacrifice):
            # the duel's sacrifice to confirm (`extras.sacrifice_asks`)
            hearts = self._attack_check.hearts
            how = "and lose" if extras.sacrifice_loses(view, self._attack_check) else "anyway"
            return [Choice("↵", f"Sacrifice {hearts} {how}", self._attack_check),
                    Choice("Esc", "Back", _BACK)]
        if self._attack_check is not None:
            # the attack to confirm (`_attack_asks`): Enter attacks, Esc goes back
            return [Choice("↵", "Attack anyway", self._attack_check),
                    Choice("Esc", "Back", _BACK)]
        if self._personal is not None:
            chosen = [a for a in personal if a.spell == self._personal]
            return [Choice(str(a.boss + 1), extras.action_label(view, a, self._who), a)
                    for a in chosen] + [Choice("Esc", "Back", _BACK)]
        # the Solo Quest's asks, Bosses, and Cancel's or Swap's choices by
        # their number keys; the duel's spells too, in the panel's order
        targets = _listed(update)
        # the final assault's attacks: as the knight stands first, then
        # discarding hearts, fewest first (+1 before -1)
        legal = [a for a in update.legal
                 if not isinstance(a, (PlayPersonal, Resolve, SwapCompanions, DuelSpell))]
        # Swap companions' pairs: the caster's own first, then by seat
        legal += extras.swap_order(view, update.legal)
        legal += _duel_spells(update)
        legal += sorted((a for a in update.legal if isinstance(a, Resolve)),
                        key=lambda a: (abs(a.adjust), -a.adjust))
        choices = [Choice(str(targets.index(a) + 1) if a in targets else _number_key(a),
                          extras.action_label(view, a, self._who), a)
                   for a in legal]
        if len(view.solo_bosses) == 1:  # the final assault: its one Boss, no second step
            return choices + [Choice("", extras.action_label(view, a, self._who), a)
                              for a in personal]
        spells = list(dict.fromkeys(a.spell for a in personal))
        return choices + [Choice("", f"{spell} on…", _PersonalSpell(spell)) for spell in spells]

    def _letting_pass(self) -> bool:
        """The bolder knight's moment at the Wizard (BQ-28): the other
        knight's weapons wait, and the knight may let it pass."""
        update = self.update
        return update is not None and update.view.waiting is not None and self._legal(LetPass())

    def _wizard_actions(self) -> tuple[Any | None, Any | None]:
        """The activate and discard actions for the highlighted spell."""
        view = self._view
        index = self._chosen_spell()
        if view is None or index is None:
            return None, None
        if index < len(view.offer):
            act, dis = Activate(index), Discard(index)
        else:
            act, dis = ActivateMystery(), DiscardMystery()
        return (act if self._legal(act) else None, dis if self._legal(dis) else None)

    def _bolder_prompt(self, view: State) -> Text:
        """BQ §2 Players, bolder knights (BQ-28): back at the Wizard while
        the other knight's weapons wait. p passes, not Enter: Enter acts on
        the bar's highlight (Activate once a spell is chosen) or chooses the
        list's spell. One line where the whole would wrap (80 columns), so
        that the chosen spell's words fit under it, as at the Wizard (a
        play-test saw none): the list and the bar name the spell keys.
        (Worded again whenever its laid-out width changes: `DecisionPrompt`.)"""
        n = view.to_draw
        head = Text.assemble(
            ("Bolder knights: ", "bold"),
            f"{self._who(view.waiting)} asks for {n} weapon{'s' if n != 1 else ''}.")
        whole = Text.assemble(
            head, " Before they are dealt you may use a spell: pick it ",
            ("↑↓", "bold reverse"), " ", *self._spell_keys(), *self._wizard_keys(),
            " Or let it pass: ", ("p", "bold reverse"), ".")
        # (the prompt's own width: beside the log on a wide screen; as laid
        # out, or the screen's less its padding before the first layout)
        room = self.query_one("#bq-prompt", DecisionPrompt).content_region.width
        if whole.cell_len <= (room or self.app.size.width - 2):
            return whole
        text = Text.assemble(head, " Use a spell first, or pass: ", ("p", "bold reverse"), ".")
        no_effect = self._no_effect()
        if no_effect is not None:  # why only x, as the Wizard says it
            text.append_text(Text.assemble("\n", f"{no_effect}: only ", ("x", "bold reverse"),
                                           " discards it."))
        return text

    def _wizard_keys(self) -> list[tuple[str, str] | str]:
        """The Wizard prompt's end: a to activate or x to discard the
        spell picked, or only x, and why, for one that would do nothing."""
        no_effect = self._no_effect()
        if no_effect is not None:
            return [f". {no_effect}: only ", ("x", "bold reverse"), " discards it."]
        # (Enter activates as a does, once a spell is chosen: a play-test
        # pressed it twice to choose and activated a spell unawares)
        return [", then ", ("a", "bold reverse"), "/", ("↵", "bold reverse"), " activate, ",
                ("x", "bold reverse"), " discard."]

    def _no_effect(self) -> str | None:
        """Why the highlighted spell can only be discarded, when the legal
        actions offer it no activation (BQ-15: it would have no effect
        now): "Cancel a spell would have no effect now (no spell is in
        play to cancel)". None when it can be activated, or is no choice."""
        activate, discard = self._wizard_actions()
        if activate is not None or discard is None:
            return None
        name = self._highlighted_spell_name()
        name = {"": "That spell", "mystery": "The mystery spell"}.get(name, name)
        view = self._view
        index = self._chosen_spell()
        why = None
        if view is not None and index is not None and index < len(view.offer):
            spell = view.offer[index]
            why = NOTHING_TO_DO_NOW.get(spell.kind) if spell is not None else None
        return f"{name} would have no effect now" + (f" ({why})" if why else "")

    def _chosen_spell(self) -> int | None:
        """The Wizard's spell highlighted, none while a refused number holds
        (`_holding`): nothing is chosen then, and no spell's name, words or
        actions may read as if one were (a play-test)."""
        return None if self._holding() else self.query_one("#bq-market", Market).highlighted

    def _highlighted_spell_name(self) -> str:
        view = self._view
        index = self._chosen_spell()
        if view is None or index is None:
            return ""
        if index < len(view.offer):
            spell = view.offer[index]
            return str(spell) if spell is not None else ""
        return "mystery"

    def _target_widget(self) -> PickList | Hand | None:
        return {
            "target-knight": self.query_one("#bq-knights", PickList),
            "target-spell": self.query_one("#bq-active", PickList),
            "target-weapon": self.query_one("#bq-hand", Hand),
        }.get(self._mode or "")

    def _highlighted_target(self) -> Any | None:
        widget = self._target_widget()
        if widget is None:
            return None
        index = widget.highlighted
        if index is None or index >= len(self._targets):
            return None
        target = self._targets[index]
        return target if self._legal(target) else None

    def _target_label(self, target: Any) -> str:
        view = self._view
        if target is None or view is None:
            return ""
        if isinstance(target, TargetKnight):
            return self._who(target.seat)
        if isinstance(target, TargetWeapon):
            knight = view.knights[self.update.seat] if self.update and self.update.seat is not None else None
            hidden = knight is not None and knight.hidden is not None and knight.hidden.weapon == target.weapon
            return f"({target.weapon})" if hidden else f"[{target.weapon}]"
        if isinstance(target, TargetSpell):
            return str(view.active[target.index].spell)
        return str(target)

    def decision_widgets(self) -> tuple[Widget, ...]:
        """The widget the decision's keys go to (`_focus_for_mode`), and the
        action bar, which Tab goes to from the Wizard's spells."""
        if self.holds_the_table:  # the combat keeps the keys until put away
            return (self.query_one("#bq-combat", CombatPanel),)
        bar = self.query_one("#bq-actions", ActionBar)
        mode = self._mode
        if mode in ("choose", "other") or (mode == "wizard" and (self._letting_pass()
                                                                  or self._power)):
            # the bolder knight's moment: Enter lets it pass, as the prompt says
            return (bar,)
        if mode == "wizard":
            return (self.query_one("#bq-market", Market), bar)
        widget = self._target_widget() if mode is not None else None
        return (widget, bar) if widget is not None else ()

    def _focus_for_mode(self) -> None:
        if not self.holds_the_table and isinstance(self.focused, SinceLog):
            return  # reading the log (l): until Escape
        deciding = self.decision_widgets()
        if deciding:
            deciding[0].focus()
        elif self._mode is None:
            focused = self.focused
            if focused is not None and not isinstance(focused, GameLog):
                self.set_focus(None)

    # -- events from the widgets ------------------------------------------------------

    def on_pick_list_highlighted(self, event: PickList.Highlighted) -> None:
        event.stop()
        self._draw_actions()
        self._draw_prompt()
        self.refresh_bindings()

    def on_pick_list_selected(self, event: PickList.Selected) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        if event.control.id == "bq-market":
            if self._mode == "wizard":
                # a spell chosen (Enter after a refused number stops in `on_key`)
                self._no_spell_chosen = None
                self._draw_actions()
                self._draw_prompt()
                bar = self.query_one("#bq-actions", ActionBar)
                self._to_the_chosen_spell(bar)
                bar.focus()
            return
        self._pick_target(event.index)

    def _to_the_chosen_spell(self, bar: ActionBar) -> None:
        """A spell the player chose at the Wizard (its number, m, Enter, a
        click) has the bar's highlight: "a Activate" it, or "x Discard" it
        where it can only be discarded. In the bolder knights' moment the
        cursor kept "p Let it pass", where the moment opened, and the next
        Enter let the moment pass where the Wizard's activated (a play-test)."""
        spell_actions = (Activate, ActivateMystery, Discard, DiscardMystery)
        index = next((i for i, c in enumerate(bar.choices)
                      if c.enabled and isinstance(c.value, spell_actions)), None)
        if index is not None:
            bar.move_to(index)

    def on_hand_highlighted(self, event: Hand.Highlighted) -> None:
        event.stop()
        self._draw_actions()

    def on_hand_selected(self, event: Hand.Selected) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        self._pick_target(event.index)

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        value = event.choice.value
        if value is _POWER or (value is _BACK and self._power):
            self._open_power(value is _POWER)
            return
        if value is _BACK and self._attack_check is not None:
            self._check_attack(None)
            return
        if (isinstance(value, Resolve) and value != self._attack_check
                and self._attack_asks(value)):
            self._check_attack(value)
            return
        if (isinstance(value, Sacrifice) and value != self._attack_check
                and extras.sacrifice_asks(self._view, value)):
            self._check_attack(value)  # the last heart, or one for nothing: asked first
            return
        if isinstance(value, _PersonalSpell) or value is _BACK:
            # a personal spell chosen (then its Boss), or back to every choice
            self._choose_personal(value.spell if isinstance(value, _PersonalSpell) else None)
            return
        if isinstance(value, PlayPersonal) and self._personal is None:
            # the final assault's spells, each its own choice (one Boss)
            self._spell_at = event.choices.index(event.choice)
        if value is not None and self._legal(value):
            self.play(value)

    def _attack_asks(self, action: Resolve) -> bool:
        """Whether the Solo Quest's attack `action` asks to be confirmed: it
        would lose a heart at a Boss that a personal spell still held could
        bring to its HP exactly (`solo.could_still_match`; at the final
        assault with the hearts it may discard, `solo.final_assault_exact`).
        With nothing that could change a heart lost, it attacks at once."""
        update = self.update
        return (update is not None and update.view.players == 1
                and bool(extras.could_save(update.view, action.adjust)))

    def _check_attack(self, action: Resolve | Sacrifice | None) -> None:
        """Ask to confirm the attack `action` (the bar: "Attack anyway",
        "Back"; the prompt says which Boss a spell could still match);
        None: back to every choice, the cursor on the first spell that
        could (the play-test's "Attack +2 on…"), not on the attack."""
        was, self._attack_check = self._attack_check, action
        bar = self.query_one("#bq-actions", ActionBar)
        update = self.update
        if update is not None:
            bar.set_choices(self._other_choices(update), keep_cursor=False)
            if action is None and isinstance(was, Resolve):
                adjust = was.adjust
                useful = {s for spells in extras.could_save(update.view, adjust).values()
                          for s in spells}
                spells = [i for i, c in enumerate(bar.choices)
                          if isinstance(c.value, _PersonalSpell)
                          or isinstance(c.value, PlayPersonal)]
                first = next((i for i in spells if bar.choices[i].value.spell in useful),
                             spells[0] if spells else None)
                if first is not None:
                    bar.move_to(first)
            elif action is None:  # back from the duel's last heart: the cursor on it
                # the question's "Enter sacrifices anyway" goes with it (a
                # play-test read it for seconds over the choices restored)
                withdraw_hints(self, news=False)
                values = [choice.value for choice in bar.choices]
                if was in values:
                    bar.move_to(values.index(was))
            else:
                self.new_choice()  # a doubled Enter does not attack unseen
        self._draw_prompt()
        self.refresh_bindings()

    def _choose_personal(self, spell: Any) -> None:
        """The Solo Quest's personal `spell` chosen: its Bosses are offered
        (the cursor on the first); None: back to every choice, the cursor on
        the spell that was chosen."""
        was = self._personal
        self._personal = spell
        bar = self.query_one("#bq-actions", ActionBar)
        values = [choice.value for choice in bar.choices]
        chosen = _PersonalSpell(spell) if spell is not None else None
        self._spell_at = values.index(chosen) if chosen in values else None
        if self.update is not None:
            bar.set_choices(self._other_choices(self.update), keep_cursor=False)
            if spell is None and was is not None:
                values = [choice.value for choice in bar.choices]
                if _PersonalSpell(was) in values:
                    bar.move_to(values.index(_PersonalSpell(was)))
            else:
                self.new_choice()  # a doubled Enter does not pick the Boss unseen
        self._draw_prompt()
        self.refresh_bindings()  # the footer's keys: the Bosses by number, not Ask

    def _log_given_back(self) -> None:
        self._focus_for_mode()

    def action_personal_back(self) -> None:
        """Escape or Backspace while a personal spell's Boss is to be chosen:
        back to every choice (only the bar's "Back" did it, and F1's Up
        moved the focus, not back); so too from the companion's choices."""
        if self._power:
            self._open_power(False)
        elif self._attack_check is not None:
            self._check_attack(None)
        elif self._personal is not None:
            self._choose_personal(None)

    def _open_power(self, open_: bool) -> None:
        """The companion's choices on the bar (`o`), or back from them to
        the turn's (BQ-34: a power does not end the turn)."""
        self._power = open_
        self._bar_update = None  # a new decision: the cursor starts afresh
        self._draw_actions()
        self._draw_prompt()
        self._focus_for_mode()
        if open_:
            self.new_choice()  # a doubled key does not use the power unseen
        self.refresh_bindings()

    def action_companion(self) -> None:
        self._open_power(True)

    def action_end_turn(self) -> None:
        if self._legal(EndTurn()):
            self.play(EndTurn())

    def action_let_pass(self) -> None:
        # also while a refused number holds a, x and Enter: p means no spell
        if self._letting_pass():
            self.play(LetPass())

    def _pick_target(self, index: int) -> None:
        if self._mode is None or not self._mode.startswith("target"):
            return
        if 0 <= index < len(self._targets) and self._legal(self._targets[index]):
            self.play(self._targets[index])
        else:
            self.no_choice(index + 1, self.number_keys())

    # -- key actions ------------------------------------------------------------------

    IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {
        "wizard": "w goes to the Wizard on your turn, instead of asking for weapons",
        "activate": "a activates the spell chosen at the Wizard",
        "discard": "x discards the spell chosen at the Wizard",
        "mystery": "m chooses the mystery spell at the Wizard, when one is offered",
        "companion": "o uses your companion's power (the Owl's, the Raven's) on your turn",
        "end_turn": "e ends your turn when the Hare could chain on to the Wizard",
        "let_pass": "p lets a bolder knight's moment at the Wizard pass, while the other "
                    "knight's weapons wait"}

    def prompt_words(self) -> str:
        return self._prompt_text().plain

    #: the multi-knight keys in a Solo Quest, which has none of these (BQ
    #: §Solo Quest: no Wizard; its spells "can neither be discarded nor used
    #: a second time"; no extensions): said with what to do instead
    SOLO_IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {
        "wizard": "No Wizard in the Solo Quest: each turn's spell goes with the weapons "
                  "to the Boss you give them",
        "activate": "No Wizard in the Solo Quest: each turn's spell goes with the weapons "
                    "to the Boss you give them",
        "discard": "No Wizard in the Solo Quest, and its spells are never discarded: each "
                   "turn's spell goes with the weapons to the Boss you give them",
        "mystery": "No mystery spell in the Solo Quest: its spells lie face up in their rows",
        "companion": "No companions in the Solo Quest: it is played without the extensions",
        "end_turn": "No companions in the Solo Quest: it is played without the extensions",
        "let_pass": "No bolder knights in the Solo Quest: the option is for two knights",
        "fight": "No Final Boss duel in the Solo Quest: its MegaBoss is the final assault",
        "last_combat": "No wave over yet: c opens the last wave's attack once a wave is over"}

    def why_key_idle(self, action: str) -> str | None:
        if self.holds_the_table:
            return None  # the combat's own hint answers its keys
        update = self.update
        if action in _TURN_KEYS and update is not None and self._reading(1) is not None:
            # BQ-31: a potion received face up is read before anything else
            potion = potion_to_read(update.view)
            return f"Read your potion{f' {potion}' if potion else ''} first: + or -."
        choosing = self._choose_first(action)
        if choosing is not None:
            return choosing
        if action == "solo_attack":
            if update is None or update.view.players != 1 or update.seat is None or update.over:
                return None  # the knights' game: a's words are the Wizard's (activate)
            stage = "the final assault's" if update.view.wave >= 3 else "the wave's"
            return f"No attack yet: a attacks once {stage} turns are played."
        solo_words = self.SOLO_IDLE_KEY_WORDS.get(action)
        if (solo_words is not None and update is not None and update.view.players == 1
                and update.seat is not None and not update.over):
            return f"{solo_words}."
        if action == "last_combat" and update is not None and update.view.players > 1:
            return "No combat yet: the first comes at the end of this round."
        if action == "fight" and update is not None and update.view.players > 1:
            if not update.view.options.final_boss:
                return "No Final Boss in this match: f fights the MegaBoss in its duel."
            if update.view.phase is Phase.DUEL and update.seat == update.view.champion:
                # BQ-37: the duel's first request is part of its setting up
                return ("Ask for a weapon first: the duel's first request comes before "
                        "its fight.")
            return "Not now: f goes into combat in the Final Boss duel."
        if (action in ("companion", "end_turn") and update is not None
                and not update.view.options.companions):
            # what the key does, then why not here (it said only "o is theirs")
            does = {"companion": "o uses a companion's power",
                    "end_turn": "e ends your turn when the Hare could chain on to the Wizard"}
            return f"{does[action]} (the Companions extension): not in this match."
        if action == "let_pass" and update is not None and not bolder(update.view):
            return ("p lets a bolder knight's moment at the Wizard pass (the bolder knights "
                    "option, two knights): not in this match.")
        view = update.view if update is not None else None
        seat = update.seat if update is not None else None
        if action == "companion" and view is not None and seat is not None and view.companions:
            mine = view.companions[seat]
            if mine is not None and mine not in (Companion.OWL, Companion.RAVEN):
                # a power that works by itself (the Hare's: w or e when it applies)
                return (f"Your {mine.label} has no power to use with o: o is the Owl's and "
                        "the Raven's, on your turn.")
            if mine is not None and mine in view.spent:
                return f"Your {mine.label} has used its power this round."
        return super().why_key_idle(action)

    def _choose_first(self, action: str) -> str | None:
        """A turn's key while a spell's target or the companion's card is
        chosen waits for that choice: f and Esc said nothing there, and w
        spoke of the Wizard as if the turn were someone else's."""
        update = self.update
        if (action not in _TURN_KEYS and action not in ("personal_back", "read_potion")) \
                or update is None \
                or update.seat is None or update.over or not update.legal:
            return None
        view = update.view
        if self._power:
            mine = view.companions[update.seat] if view.companions else None
            whose = f"Your {mine.label}'s" if mine is not None else "Your companion's"
            return (f"{whose} choices are up: {number_list(self.number_keys())} or Enter; "
                    "Esc goes back to your turn.")
        spell, mode = view.casting, self._mode
        if spell is None or view.step is not Step.TARGET or mode is None:
            return None
        if mode.startswith("target"):
            how = f"{_target_arrows(mode)} Enter or {number_list(self.number_keys())}"
        elif mode == "other":  # numbered where a list runs long (`_listed`)
            numbers = self._solo_picks()
            how = f"↑↓ Enter or {number_list(numbers)}" if numbers else "←→ Enter"
        else:
            return None
        back = "; u takes the spell back" if update.can_undo else ""
        # "Choose Swap companions's target first" read oddly for a pair
        what = _CHOSEN.get(mode) or _CHOSEN_FOR.get(spell.kind, "target")
        return f"Choose the {what} for {spell.name} first: {how}{back}."

    def help_text(self, binding: Binding) -> str | None:
        if binding.action.startswith("scroll_top") and self.watching_shared:
            return "Scroll the log (the table's top where it is cut)"
        if binding.action == "last_combat" and self._view is not None \
                and self._view.players == 1:
            return "Open the last wave's attack again: every Boss's weapons and spells"
        return super().help_text(binding)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self._mode
        if action == "leave_log":
            return isinstance(self.focused, SinceLog)
        if action in _TABLE_ACTIONS and self.holds_the_table:
            return False  # a combat is up: it is put away first
        if action == "results" and self._results_held:
            return False  # they follow the combat up (`hold_the_results`)
        if action == "companion":
            return not self._power and self._power_actions() != []
        if action == "last_combat":
            return self._last_combat() is not None
        if self._power and action in ("ask", "wizard", "activate", "discard", "mystery",
                                      "no_ask", "let_pass"):
            return False  # the companion's choices are up: a number picks one
        if action == "end_turn":
            return self._legal(EndTurn())
        if action == "let_pass":
            return self._letting_pass()
        if action == "ask":
            if self._personal is not None:
                return False  # a personal spell chosen: its Boss by number comes first
            return self._asking(int(parameters[0])) is not None  # type: ignore[arg-type]
        if action == "fight":
            return self._legal(Fight())
        if action == "solo_attack":
            return (self._legal(Resolve(0)) and self._personal is None
                    and self._attack_check is None and not self._power)
        if action == "wizard":
            return self._legal(GoToWizard())
        if action == "read_potion":
            return self._reading(int(parameters[0])) is not None  # type: ignore[arg-type]
        if action in ("activate", "discard"):
            if mode != "wizard":
                return False
            activate, discard = self._wizard_actions()
            chosen = activate if action == "activate" else discard
            if action == "activate" and discard is not None:
                return True  # a spell with no effect now: `a` says so
            return True if chosen is not None else None
        if action == "mystery":
            return mode == "wizard" and (self._legal(ActivateMystery())
                                         or self._legal(DiscardMystery()))
        if action == "sacrifice_none":
            return not self._power and self._legal(Sacrifice(0))
        if action == "pick":
            if self._power or mode == "wizard" or (mode is not None and mode.startswith("target")):
                return True
            # any number while one chooses: one that chooses nothing says so
            return mode == "other" and bool(self._solo_picks())
        if action == "back":
            return self._back_to() is not None
        if action == "personal_back":
            return self._personal is not None or self._power or self._attack_check is not None
        if action == "no_ask":
            # choosing how many weapons (the Solo Quest's too, before a Boss
            # is to be picked by number)
            return mode == "choose" or (mode == "other" and self._personal is None
                                        and bool(self._ask_keys()))
        return super().check_action(action, parameters)

    def _asking(self, count: int) -> Ask | DuelAsk | None:
        """The legal ask for `count` weapons: a round's, or the duel's."""
        return next((a for a in (Ask(count), DuelAsk(count)) if self._legal(a)), None)

    def action_ask(self, count: int) -> None:
        ask = self._asking(count)
        if ask is not None:
            self.play(ask)

    def action_fight(self) -> None:
        if self._legal(Fight()):
            self.play(Fight())

    def _last_combat(self) -> RoundResult | WaveResult | DuelResult | None:
        """What c opens again: the last round's combat, or in the Solo Quest
        the last wave's attack (every Boss's weapons and spells)."""
        view = self._view
        if view is None:
            return None
        if view.duel is not None:  # BQ-47: the duel's, the match's last
            return view.duel
        past = view.history or (view.waves if view.players == 1 else ())
        return past[-1] if past else None

    def action_last_combat(self) -> None:
        last = self._last_combat()
        if last is not None and not self.holds_the_table:
            if isinstance(last, (WaveResult, DuelResult)):
                # back to the table, not on to the next wave: it is on already
                # (or over: the final table read "on to wave 2 of 2")
                self.query_one("#bq-combat", CombatPanel).then = "the table"
            self._combats_waiting.append(last)
            self._next_combat()

    def action_no_ask(self, number: int) -> None:
        wizard = ["w"] if self._legal(GoToWizard()) else []
        self.no_choice(number, [*self.number_keys(), *wizard])

    def action_wizard(self) -> None:
        if self._legal(GoToWizard()):
            self.play(GoToWizard())

    def _reading(self, sign: int) -> ReadPotion | None:
        """The legal reading of the potion being read with `sign`, if any."""
        reading = ReadPotion(sign)
        return reading if self._legal(reading) else None

    def action_read_potion(self, sign: int) -> None:
        reading = self._reading(sign)
        if reading is not None:
            self.play(reading)

    def action_no_potion(self) -> None:
        update = self.update
        if update is None or update.over:
            return
        choosing = self._choose_first("read_potion")
        if choosing is not None:  # a spell's target first, as the turn's other keys say
            hint(self, choosing)
        elif not update.view.options.potions:
            hint(self, "No potions in this match: + and - read a potion.", timeout=3,
                 severity="information")
        else:
            hint(self, "No potion to read now: + or - reads yours when you are asked.",
                 timeout=3, severity="information")

    def action_solo_attack(self) -> None:
        """`a`: the Solo Quest's attack (the bar's "Attack!", the final
        assault's "Attack as you are"), asking first as its Enter does
        where a personal spell held could still change it (`_attack_asks`)."""
        attack = Resolve(0)
        if not self._legal(attack):
            return
        if self._attack_asks(attack):
            self._check_attack(attack)
        else:
            self.play(attack)

    def action_activate(self) -> None:
        activate, _ = self._wizard_actions()
        no_effect = self._no_effect()
        if activate is not None:
            self.play(activate)
        elif no_effect is not None:
            # not on the bar: a key that did nothing at all read as a frozen
            # table (Cancel with no spell in play)
            hint(self, f"{no_effect}: x discards it.")

    def action_discard(self) -> None:
        _, discard = self._wizard_actions()
        if discard is not None:
            self.play(discard)

    def action_mystery(self) -> None:
        view = self._view
        if view is None or not view.mystery:
            return
        self._no_spell_chosen = None
        # chosen at once, as a spell's number chooses its spell
        self.query_one("#bq-market", Market).select(len(view.offer))

    def _spell_keys(self) -> list[tuple[str, str] | str]:
        """The Wizard prompt's keys for a spell: the numbers of the spells
        offered (it said 1-9 over three spells) and `m` while the mystery
        spell is there, listed as the action bar and the notices list them,
        "1, 3, 4 or m" (it read "1,3-4 m", the footer's short form)."""
        pieces = listed_key_parts(self._spell_choice_keys(self.query_one("#bq-market", Market)))
        # the keys marked, the words between them not
        return [(piece, "bold reverse") if n % 2 == 0 else piece
                for n, piece in enumerate(pieces)]

    #: F1's symbols in a Solo Quest: it has no Wizard, Armorer or keys
    SOLO_HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("R5", "A weapon: its colour's letter (Red, Blue, Yellow, Purple, Green) and "
               "its strength"),
        (f"{HEART}", "Your hearts: one is lost for each Boss that defeats you"),
        ("short, over, exact", "Your attack on a Boss against its HP: only exactly its "
                               "HP, with its conditions met, defeats it"),
        ("Personal spells", "Your four attack spells: each once in the quest, on a Boss "
                            "you choose, at any time (on the action bar, then Boss 1-3)"),
        ("Boss 1-3", "The wave's Bosses, by the number keys: the weapons drawn go to "
                     "the one you choose, with the turn's spell"),
        ("The final assault", "One Boss, the MegaBoss: as you attack you may discard "
                              "hearts, each +1 or each -1, never your last"),
        ("cancelled", "A spell struck out by Cancel: it no longer counts"),
        # the spells' short names, where the board needs them at 80 columns
        ("HP+1 HP-2", "Boss HP +1, -2: the Boss given it has that much more or less HP"),
        ("Atk+1 Atk-2", "Attack +1, -2: a personal spell, your attack on its Boss"),
        ("Need R", "Need Red (R): that Boss's weapons must include one of that colour"),
        ("2 of a colour", "Need 2 of a colour: that Boss's weapons must include at least "
                          "2 of the same colour"),
        # BQ-40 (after BQ-11): on any Boss of the wave, not only the one given it
        ("Cancel", "Cancel a spell: one spell on any Boss of the wave (you choose) no "
                   "longer counts"),
        ("Swap deck", "Swap with deck: one weapon on any Boss of the wave for the deck's "
                      "top card; the one given up goes on top of the deck, drawn next"),
    )

    def help_symbols(self) -> tuple[tuple[str, str], ...]:
        update = self.update
        solo_quest = update is not None and update.view.players == 1
        return self.SOLO_HELP_SYMBOLS if solo_quest else self.HELP_SYMBOLS

    def fold_moves(self, lines: list[str]) -> list[str]:
        # one request's weapons in one line, the Wizard's offers in one, as
        # the log shows them
        return fold_log(lines)

    def received_privately(self, seen: TableUpdate, now: TableUpdate) -> list[str]:
        """The face-down weapons the knight holds now and did not when they
        last looked: asked for at Ul'ul's night (BQ-29), taken by "Swap with
        deck" (BQ-10) or "Swap hidden" (BQ-24), the duel's (BQ-37). A new
        round's deal is not told so: its combat came first."""
        seat, before, after = now.seat, seen.view, now.view
        if (seat is None or seat != seen.seat or before.round != after.round
                or len(before.history) != len(after.history) or seat >= len(after.knights)):
            return []

        def face_down(view: State) -> list[Hidden]:
            knight = view.knights[seat]
            cards = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
            return [c for c in cards if c.weapon is not None and PUBLIC not in c.known_to]

        new = list(face_down(after))
        for card in face_down(before):
            same = next((c for c in new if c.weapon == card.weapon), None)
            if same is not None:
                new.remove(same)
        names = self._bare_who
        mine = before.knights[seat].hidden
        lines, alone = [], []
        for card in new:
            others = sorted(s for s in card.known_to if 0 <= s != seat)
            if not others:
                alone.append(card.weapon.code)
                continue
            # "Swap hidden" (BQ-24): the knight it came from still knows it
            source = next((s for s in others if mine is not None and s < len(after.knights)
                           and (h := after.knights[s].hidden) is not None
                           and h.weapon == mine.weapon), None)
            came = f", {possessive(names(source))} hidden weapon" if source is not None else ""
            who = ", ".join(names(s) for s in others[:-1])
            who = f"{who} and {names(others[-1])}" if who else names(others[-1])
            lines.append(f"You receive {card.weapon.code} face down{came}: "
                         f"only you and {who} know it.")
        if alone:
            them = "it" if len(alone) == 1 else "them"
            lines.insert(0, f"You receive {', '.join(alone)} face down: only you see {them}.")
        # The total their own move left them (the weapons they asked for
        # drawn, a spell): the cover for the next knight came first, and
        # they never saw it (a play-test). Not in the cover: it counts
        # their hidden weapon.
        knight = after.knights[seat]
        total = strength_caption(after, seat).plain if knight.card_count else ""
        if total and total != strength_caption(before, seat).plain:
            # the parts of the sum, as the table shows them ("●Atk-2")
            lines.append(f"Your weapons: {' '.join(strength_terms(after, seat))} {total}")
        return lines

    def shows_nothing_private(self, update: TableUpdate, public: TableUpdate | None) -> bool:
        """The duel's offer to the defeated knights' voice: the spells drawn
        are face up (BQ-50) and a defeated knight's view is the public one
        (play-test: a cover came before every offer to the same person)."""
        return (public is not None and update.view.phase is Phase.DUEL_CHOOSE
                and update.seat != update.view.champion and update.view == public.view)

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """BQ §Extension: Companions: every companion in play, whose and its
        power (the table explains only your own at 80x24), and the reserve."""
        update = self.update
        if update is None or not update.view.companions:
            return []
        view: State = update.view
        rows = [(extras.companion_owner(seat, update.seat, self._whose) + f" {c.label}",
                 (c.text if seat == update.seat else c.their_text) + extras.used_note(view, c))
                for seat, c in enumerate(view.companions) if c is not None]
        rows += [(f"Reserve: {c.label}", c.text) for c in view.reserve]
        return [("Companions in play", rows)]

    def help_never(self) -> frozenset[str]:
        update = self.update
        if update is None:
            return frozenset()
        if update.view.players == 1:  # §Solo Quest: no Wizard, no Armorer, no extensions
            return frozenset({*self.SOLO_IDLE_KEY_WORDS, "ask", "read_potion", "fight",
                              "sacrifice_none"})
        never = {"solo_attack"}
        if not update.view.options.final_boss:
            never |= {"sacrifice_none", "fight"}  # no duel: no hearts to sacrifice, no Fight!
        if not update.view.options.companions:
            never |= {"companion", "end_turn"}
        if not bolder(update.view):
            never.add("let_pass")  # BQ-28: the option, two knights
        if not update.view.options.potions:
            never.add("read_potion")
        return frozenset(never)

    def help_match(self) -> str:
        """A Solo Quest is named so (its options are its own: the colour
        left out, the harder rows), not "the rulebook's standard game"."""
        update = self.update
        if update is None or update.view.players != 1:
            return super().help_match()
        options = update.view.options
        words = [f"{options.solo_colour.name.capitalize()} weapons left out"]
        if options.solo_harder:
            words.append("harder (5/4/3 spells)")
        return ("This match: the Solo Quest (two waves of 3 Bosses, then the MegaBoss), "
                + ", ".join(words))

    def rules_section(self) -> str | None:
        update = self.update
        return "Solo Quest" if update is not None and update.view.players == 1 else None

    def number_keys(self) -> list[str]:
        mode = self._mode
        if self._power:
            return [str(n) for n in range(1, len(self._power_actions()) + 1)]
        if mode == "wizard":
            # the spells' own numbers (the mystery spell is m; a slot
            # already taken chooses nothing)
            return [offer.key for offer in self.query_one("#bq-market", Market).offers
                    if offer.key.isdigit() and offer.enabled and not offer.gone]
        if mode is not None and mode.startswith("target"):
            return [str(n + 1) for n, target in enumerate(self._targets) if self._legal(target)]
        if mode == "other":
            picks = self._solo_picks()
            if picks:
                return picks
        if mode in ("choose", "other") and self._personal is None:
            return self._ask_keys()
        return []

    def numbers_choose_none(self) -> bool:
        return self._mode == "wizard"  # only the mystery left: m, not a number

    def number_tooltip(self, binding: Binding) -> str | None:
        """F1 names the ask's limit open now: "1 to 4" read wrong with six
        knights (1 to 3, BQ §2A), or with the deck nearly out (BQ-19). At
        the Wizard it says that a number picking no spell holds a, x and
        Enter (`_no_spell`): F1 said nothing of it, and Enter read as dead."""
        if binding.action.startswith("pick(") and self._mode == "wizard" and not self._power:
            return ("Choose a spell by its number (m: the mystery spell). After a number that "
                    "picks no spell, choose one (its number, m or an arrow) before a, x or Enter")
        solo_quest = self.update is not None and self.update.view.players == 1
        if solo_quest and binding.action.startswith("pick("):
            return ("Give the weapons drawn to Boss 1-3, or play the personal spell chosen "
                    "on it; for Cancel or Swap with deck, the spell or weapon by its number "
                    "(past 9, both digits: 1 then 7 for 17)")
        counts = [int(key) for key in self._ask_keys()] if binding.action.startswith("ask(") else []
        if not counts:
            return None
        low, high = min(counts), max(counts)
        many = f"{low} to {high} weapons" if high > low else f"{high} weapon" + ("s" if high > 1 else "")
        if solo_quest:  # no Armorer: the knight draws (BQ §1st Wave)
            return f"Draw {many}; they go, with the turn's spell, to the Boss you choose"
        duel = self.update is not None and any(isinstance(a, DuelAsk) for a in self.update.legal)
        return f"Ask the Armorer for {many}" + (" (face down)" if duel else "")

    def _ask_keys(self) -> list[str]:
        """The weapons one may ask for now (1 to 3 with six knights, BQ §2A;
        1 to 9 in the Final Boss duel, BQ-37)."""
        legal = self.update.legal if self.update is not None else ()
        return [str(a.count) for a in legal if isinstance(a, (Ask, DuelAsk))]

    def _power_actions(self) -> list[Any]:
        """The companion's choices now (the Owl's cards, the Raven's spells)."""
        legal = self.update.legal if self.update is not None else ()
        return [a for a in legal if isinstance(a, extras.POWER_TYPES)]

    def action_pick(self, number: int) -> None:
        # a list may run past 9 (Swap with deck's weapons on the wave's
        # Bosses, Cancel's spells): its numbers are typed digit by digit
        self.typed_number(number, self._pick)

    def action_sacrifice_none(self) -> None:
        self.action_pick(0)  # the duel's Sacrifice(0), as its bar's choice

    def typing_number(self, typed: str) -> None:
        """The choice the digits typed name, highlighted while they wait for
        the next: Enter then takes it."""
        index = int(typed) - 1
        if self._power or self._mode == "other":
            bar = self.query_one("#bq-actions", ActionBar)
            keys = [choice.key for choice in bar.choices]
            if typed in keys:
                bar.move_to(keys.index(typed))
        elif self._mode == "wizard":
            self.query_one("#bq-market", Market).move_to(index)
        else:
            widget = self._target_widget()
            if widget is not None:
                widget.move_to(index)

    def _pick(self, number: int) -> None:
        mode = self._mode
        if self._power:
            powers = self._power_actions()
            if 0 < number <= len(powers):
                self.play(powers[number - 1])
            else:
                self.no_choice(number, self.number_keys())
        elif mode == "wizard":
            market = self.query_one("#bq-market", Market)
            # the spells' own numbers only: the row past them is the
            # mystery's, whose key is m (5 of four spells chose it unsaid)
            if str(number) not in self.number_keys():
                self._no_spell(number, market)
                return
            self._no_spell_chosen = None
            # chosen at once, as Enter on it (the action bar takes the keys):
            # in every other list a number chooses, and here it only moved
            # the highlight, so a player's Enter after it chose again
            market.select(number - 1)
        elif mode is not None and mode.startswith("target"):
            self._pick_target(number - 1)
        elif mode == "other":
            action = self._solo_pick(number)
            if action is not None and action == self._attack_check:
                # a doubled number does not sacrifice the last heart unseen
                hint(self, "Enter sacrifices anyway, Esc goes back.")
            elif action is not None and extras.sacrifice_asks(self._view, action):
                self._check_attack(action)  # the last heart, or one for nothing: asked first
            elif action is not None:
                self.play(action)
            else:
                self.no_choice(number, self.number_keys())

    def _no_spell(self, number: int, market: Market) -> None:
        """A spell's number that chooses nothing says why: its slot was
        activated, discarded or replaced this round, or there is no such
        spell (said, not silent); the a, x or Enter after it then chooses
        nothing either (`on_key`): the player meant another spell."""
        view = self._view
        slot = number - 1
        if view is not None and 0 <= slot < len(view.offer) and view.offer[slot] is None:
            why = f"Spell {number} was {self._slot_fate(view, slot)} already"
        elif view is not None and not 0 <= slot < len(view.offer):
            why = f"There is no spell {number}"
        else:
            why = f"{number} chooses nothing here"
        self._no_spell_chosen = (why, self._decision(self.update))
        self.no_choice(number, self._spell_choice_keys(market), why=why)
        if self._mode == "wizard" and self.focused is self.query_one("#bq-actions", ActionBar):
            # the bar had the keys (a spell chosen before): the list has
            # them back, where the next spell is chosen
            market.focus()
        self._draw_actions()
        self._draw_prompt()  # without the spell's words: none is chosen

    def _holding(self) -> bool:
        """A refused spell's number holds the Wizard's a, x and Enter (`on_key`)."""
        return self._mode == "wizard" and self._no_spell_chosen is not None

    def _spell_choice_keys(self, market: Market) -> list[str]:
        """The keys that choose a spell at the Wizard now (its numbers, m)."""
        return [*self.number_keys(), *(
            ["m"] if any(offer.key == "m" and offer.enabled for offer in market.offers) else [])]

    @staticmethod
    def _slot_fate(view: State, slot: int) -> str:
        """What became of the Wizard's spell `slot`, in the rulebook's
        words as the log says it (BQ §2B: activated or discarded; the Raven
        replaces one, BQ §Companions)."""
        return ("replaced" if slot == view.replace_slot
                else "discarded" if slot in view.discarded else "activated")

    def _keep_no_spell_chosen(self, update: TableUpdate, mode: str | None) -> None:
        """A refused spell's number holds at its own decision only; one
        typed ahead (`_typed_ahead`) holds at the Wizard's list that came
        after it."""
        if self._typed_ahead is not None and self.sent_from is None:
            typed, self._typed_ahead = self._typed_ahead, None
            if mode == "wizard":
                self._no_spell_chosen = (
                    f"{typed} was typed before the Wizard's spells came up",
                    self._decision(update))
                return
        held = self._no_spell_chosen
        if held is not None and (mode != "wizard" or held[1] != self._decision(update)):
            self._no_spell_chosen = None

    def _refuse_unchosen(self, key: str) -> None:
        """a, x or Enter after a spell's number that picked nothing: no
        spell is activated or discarded, and the notice says so."""
        held = self._no_spell_chosen
        if held is None:
            return
        why = held[0]
        keys = listed_keys(self._spell_choice_keys(self.query_one("#bq-market", Market)))
        then = {"enter": "Enter", "space": "Space"}.get(key, key)
        first = f" first ({keys})" if keys else ""
        hint(self, f"No spell chosen: {why[:1].lower()}{why[1:]}. Choose one{first}, then {then}.")

    def on_key(self, event: events.Key) -> None:
        """(GameScreen.on_key runs after this one, unless the key is taken
        here.) After a spell's number that picked nothing, a, x, Enter and
        space choose nothing at the Wizard until a spell is chosen (a
        number, an arrow, m or a click): the play-test's `w 3 a`. A number
        typed while this screen's move is on its way is remembered: the
        Wizard's list it meant had not come up."""
        key = event.key
        if self.sent_from is not None and self.update is not None and (
                key in NUMBER_KEYS_SET or key == "m"):
            self._typed_ahead = key
            return
        if self._wizard_arrow(key):
            event.stop()
            event.prevent_default()
            return
        held = self._no_spell_chosen
        if held is None or self._mode != "wizard" or isinstance(self.focused, SinceLog):
            return
        if held[1] != self._decision(self.update):
            self._no_spell_chosen = None
        elif key in ("a", "x", "enter", "space"):
            event.stop()
            event.prevent_default()
            self._refuse_unchosen(key)

    #: the arrows that move through the Wizard's spells, as the list's own
    _WIZARD_ARROWS: ClassVar[dict[str, tuple[str, int]]] = {
        "up": ("move", -1), "down": ("move", 1), "home": ("first", 0), "end": ("last", 0)}

    def _wizard_arrow(self, key: str) -> bool:
        """↑↓ Home End at the Wizard, from the spells or from the action
        bar a spell's number (or m, or Enter) took the keys to: the
        highlight moves through the spells and the list has the keys again
        (Enter chooses there, then does). On the bar Down did nothing and
        Up only went back to the list, the ▶ unmoved: after 1 a player's
        Down meant spell 2 (a play-test). A refused number's hold ends at
        any arrow, on the spell it lands on: Up on the first spell, or Home
        there, chose nothing and said nothing (a play-test). Returns whether
        the key was taken."""
        if key not in self._WIZARD_ARROWS or not self._arrows_move_spells():
            return False
        market = self.query_one("#bq-market", Market)
        bar = self.query_one("#bq-actions", ActionBar)
        focused = self.focused
        what, step = self._WIZARD_ARROWS[key]
        if focused is bar and step and bar.has_line(step):
            return False  # a wrapped bar's other line first
        if what == "move":
            market.action_move(step)
        elif what == "first":
            market.action_first()
        else:
            market.action_last()
        if focused is not market:
            market.focus()
        if self._holding():
            self._no_spell_chosen = None  # the spell the arrow is on is the player's
            self._draw_actions()
            self._draw_prompt()
        return True

    def _arrows_move_spells(self) -> bool:
        """Whether ↑↓ Home End move through the Wizard's spells now
        (`_wizard_arrow`), from the list or the action bar."""
        if self._mode != "wizard" or self.holds_the_table or self._power:
            return False  # (the companion's choices have the bar: Esc goes back)
        market = self.query_one("#bq-market", Market)
        if self.focused not in (market, self.query_one("#bq-actions", ActionBar)):
            return False  # the log's, or another panel's
        return market.picking and bool(market.enabled_indexes())

    def help_taken_keys(self) -> dict[str, str]:
        """F1 at the Wizard: the arrows move one spell, from the action bar
        too (it said "Back to the list you are picking from", or the
        bar's "lines of actions", where Up and Down moved the highlight)."""
        if not self._arrows_move_spells():
            return {}
        along = "Move one spell up or down the Wizard's list (from the action bar too)"
        ends = "To the first or last spell"
        return {"up": along, "down": along, "home": ends, "end": ends}

    def _solo_picks(self) -> list[str]:
        """The numbers that choose in the Solo Quest's list (and the duel's),
        past 9 where it runs on: Swap with deck lists every weapon on the
        wave's Bosses, often 10 to 17 (the footer said 1-9)."""
        listed = len(_listed(self.update))
        return [str(n) for n in range(max(10, listed + 1)) if self._solo_pick(n) is not None]

    def _solo_pick(self, number: int) -> Any:
        """The Solo Quest's choice `number`: the Boss given the weapons drawn
        or the personal spell being played; for Cancel or Swap with deck,
        the spell or weapon in the order the action bar lists them. In the
        Final Boss duel's combat, the hearts sacrificed (0 too)."""
        if self._legal(Sacrifice(number)):
            return Sacrifice(number)
        targets = _listed(self.update)
        if targets:
            return targets[number - 1] if 0 < number <= len(targets) else None
        if self._personal is not None:
            action: AssignTo | PlayPersonal = PlayPersonal(self._personal, number - 1)
        else:
            action = AssignTo(number - 1)
        return action if self._legal(action) else None

    def _back_to(self) -> Market | PickList | Hand | None:
        """The list Up goes back to from the action bar: the Wizard's
        spells, or a spell's targets. None where the bar is the only list
        (asking for weapons, the duel): F1 put Up's "Back" among the keys
        of the moment there, and Up did nothing (a play-test)."""
        if self._mode is None or self.focused is not self.query_one("#bq-actions", ActionBar):
            return None
        if self._mode == "wizard":
            return self.query_one("#bq-market", Market)
        return self._target_widget()

    def action_back(self) -> None:
        """Up from the action bar returns to the list being picked from."""
        widget = self._back_to()
        if widget is not None:
            widget.focus()
