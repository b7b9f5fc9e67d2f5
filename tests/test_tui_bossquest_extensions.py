"""The Boss Quest screen with the rulebook's extensions and variants, played
through the real app from the keyboard: a Solo Quest to one of its endings,
a six-knight match with bots, and a match with every extension on. No screen
shows another knight's face-down weapon (a hidden card, a night's or the
duel's)."""

from __future__ import annotations

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME, rules, solo
from core.bossquest.actions import Ask, AssignTo, DrawWeapon, LaySpell, Resolve, RevealBoss
from core.bossquest.cards import Colour, Companion, Spell, SpellKind, Weapon
from core.bossquest.state import Options, Phase, Ulul
from saves.journal import PlayerSpec
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update, screen_text
from tests.bossquest_tables import w
from tests.screen_kit import play_through_the_app, settle, wait_for
from tests.test_tui_bossquest_match import choose_key as base_key
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen


def choose_key(screen: BossQuestScreen) -> str:
    """The base game's careful player; an extension's decision takes the
    action bar's highlighted choice, a potion's reading its + (no choice is
    highlighted for a final choice: an Enter makes none, BQ-54)."""
    if screen._mode == "other":
        if screen.update is not None and screen.update.view.phase is Phase.READ_POTION:
            return "plus"
        return "enter"
    return base_key(screen)


def no_face_down_card_leaks(screen: BossQuestScreen, state) -> None:
    seat = screen.update.seat
    text = screen_text(screen.app)
    for other, knight in enumerate(state.knights):
        if other == seat:
            continue
        down = ((knight.hidden,) if knight.hidden is not None else ()) + knight.night
        for card in down:
            if card.weapon is not None and seat not in card.known_to:
                assert f"({card.weapon.code})" not in text


async def play(tmp_path, monkeypatch, players, options, size=(80, 24), seed=7):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=seed, theme_name="textual-dark")
    specs = [PlayerSpec("Ann", "human")] + [
        PlayerSpec(name, "bot", "heuristic") for name in ("Bob", "Cyd", "Dee", "Eve", "Fay")
    ][: players - 1]
    async with app.run_test(size=size) as pilot:
        app.new_match("boss-quest", specs, options)
        pressed = await play_through_the_app(
            app, pilot, BossQuestScreen, choose_key, no_face_down_card_leaks, steps=6000
        )
        assert app.table is not None and app.table.match.finished
        return app.table.match.state, pressed


@pytest.mark.usefixtures("brisk_idle")
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_solo_quest_to_its_ending(tmp_path, monkeypatch, size):
    state, pressed = await play(tmp_path, monkeypatch, 1, Options(), size)
    assert state.phase is Phase.OVER and state.ending in set(solo.ENDINGS.values())
    assert pressed > 5


async def test_six_knights_with_bots(tmp_path, monkeypatch):
    state, pressed = await play(tmp_path, monkeypatch, 6, Options())
    assert GAME.outcome(state).winners and pressed > 0
    assert any(k.keys >= rules.keys_to_win(6) or k.hearts == 0 for k in state.knights)


@pytest.mark.usefixtures("brisk_idle")
async def test_every_extension_on(tmp_path, monkeypatch):
    options = Options(ulul=Ulul.NIGHT, potions=True, companions=True, final_boss=True)
    state, pressed = await play(tmp_path, monkeypatch, 3, options, seed=3)
    assert GAME.outcome(state) is not None and pressed > 5


# --- snapshots ---------------------------------------------------------------

SIZES = [(80, 24), (120, 36)]


def solo_table():
    """Wave 1 of a Solo Quest, two turns in (a hand-made quest)."""
    state = GAME.setup(1, Options())
    while state.phase is Phase.SOLO_LAY:
        state = GAME.apply(state, CHANCE, LaySpell(state.spell_deck[0]))
    for hp in (15, 18, 21):
        state = GAME.apply(state, CHANCE, RevealBoss(hp))
    for boss, codes in ((0, ("R7", "Y5")), (2, ("P6", "B6", "R4"))):
        state = GAME.apply(state, 0, Ask(len(codes)))
        for code in codes:
            state = GAME.apply(state, CHANCE, DrawWeapon(w(code)))
        state = GAME.apply(state, 0, AssignTo(boss))
    return state


def extensions_table():
    """Ann's turn with companions, a read potion and the Owl's power spent."""
    state = full_state()
    potion = Weapon(None, 2)
    ann = state.knights[0]
    ann = attrs.evolve(ann, visible=ann.visible + (potion,), readings=((potion, -1),))
    return attrs.evolve(
        state,
        options=Options(companions=True, potions=True),
        knights=(ann,) + state.knights[1:],
        weapon_deck=tuple(x for x in state.weapon_deck if x != potion),
        companions=(Companion.OWL, Companion.FOX, Companion.HARE, Companion.TORTOISE),
        reserve=(Companion.CHAMELEON, Companion.RAVEN),
        spent=frozenset({Companion.OWL}),
    )


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_snapshot_solo_quest(snap_compare, size):
    assert snap_compare(ScreenApp(make_update(solo_table())), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_snapshot_companions_and_potions(snap_compare, size):
    from tui.screens.bossquest import CombatBox

    async def settled(pilot):
        # the last combat fitted to the lines its box has (a picture in CI
        # was taken with the box at its first layout's one line)
        box = pilot.app.screen.query_one("#bq-last", CombatBox)
        await wait_for(pilot, lambda: box.size.height > 1 and box._fitted_for == box._room())
        await pilot.pause()

    assert snap_compare(ScreenApp(make_update(extensions_table())), terminal_size=size,
                        run_before=settled)


async def test_the_last_combat_drawn_at_a_size_it_was_not_fitted_for_is_fitted_again():
    """The last combat beside the table at 80x24 is fitted to its lines on
    each Resize; a layout that resizes it without one (one snapshot in CI
    showed the winner's line alone in a box of five) is caught when the
    box is drawn: it is fitted again for the lines it has."""
    from tui.screens.bossquest import CombatBox

    app = ScreenApp(make_update(extensions_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Boss 17 HP" in screen_text(app))  # laid out
        box = app.screen.query_one("#bq-last", CombatBox)
        # fitted as if the box had no lines (the first layout's), no Resize after
        box._room = lambda: (box.size.width, 0)
        box._fit()
        del box._room
        assert "Boss 17 HP" not in str(box.render())
        await wait_for(pilot, lambda: "Boss 17 HP" in screen_text(app))
        assert box._fitted_for == box._room()


async def test_the_companion_reserve_names_every_companion_at_80_columns():
    """Companions: the reserve's line gave the first companion's power in
    full and cut the rest off at 80 columns; where the powers do not fit,
    it names every companion in reserve (the powers are in the rules)."""
    state = attrs.evolve(extensions_table(), reserve=(Companion.CHAMELEON, Companion.RAVEN))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        narrow = screen_text(app)
    assert "Reserve: Chameleon, Raven" in narrow and "…" not in narrow.split("Reserve:")[1].split("\n")[0]
    # where the line has room, the powers are there
    app = ScreenApp(make_update(attrs.evolve(state, reserve=(Companion.CHAMELEON,))))
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        wide = screen_text(app)
    assert f"Reserve: Chameleon ({Companion.CHAMELEON.text})" in wide


async def test_your_companions_power_is_read_whole_at_80_columns():
    """Companions: the Owl's power ran off the panel at 80 columns, and
    "(used this round)" after it, so a player could not tell the power
    was spent; the line wraps under itself instead."""
    app = ScreenApp(make_update(extensions_table()))  # Ann's Owl, spent
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    words = " ".join(text.split("Your Owl:")[1].split("Reserve:")[0].split())
    assert words == f"{Companion.OWL.text} (used this round)"


async def test_a_personal_spell_is_one_choice_then_its_boss():
    """The Solo Quest's personal spells: one choice a spell on the action bar,
    then one a Boss (sixteen spell-and-Boss choices filled six lines at
    80x24); Back returns to every choice."""
    from core.bossquest.actions import PlayPersonal
    from tui.widgets import ActionBar

    update = make_update(solo_table())
    personal = [a for a in update.legal if isinstance(a, PlayPersonal)]
    spells = list(dict.fromkeys(a.spell for a in personal))
    assert len(spells) > 1 and len(personal) > len(spells)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        labels = [c.label for c in bar.choices]
        assert [label for label in labels if label.endswith("on…")] == [f"{s} on…" for s in spells]
        assert not any(isinstance(c.value, PlayPersonal) for c in bar.choices)
        # choose the second spell: its Bosses, then Back
        index = labels.index(f"{spells[1]} on…")
        bar.choose(index)
        await pilot.pause()
        bosses = [c.value for c in bar.choices if isinstance(c.value, PlayPersonal)]
        assert bosses == [a for a in personal if a.spell == spells[1]]
        assert bar.choices[-1].label == "Back"
        assert "on which Boss" in screen_text(app)
        bar.choose(len(bar.choices) - 1)  # Back
        await pilot.pause()
        assert [c.label for c in bar.choices] == labels
        bar.choose(index)
        await pilot.pause()
        bar.choose(1)  # its second Boss
        await pilot.pause()
        assert app.port.submitted == [(0, bosses[1])]


@pytest.mark.parametrize("key", ["escape", "backspace"])
async def test_escape_backs_out_of_a_personal_spells_bosses(key):
    """Play-test (2026-12-04): from "Play Attack +2 on which Boss?" neither
    Escape nor Backspace went back (only the bar's Back did); the cursor
    was then on a Boss, and a second Enter spent the spell. They go back to
    every choice, the cursor on the spell that was chosen."""
    from tui.screens.bossquest import _PersonalSpell
    from tui.widgets import ActionBar

    app = ScreenApp(make_update(solo_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        labels = [c.label for c in bar.choices]
        index = [i for i, c in enumerate(bar.choices) if isinstance(c.value, _PersonalSpell)][1]
        bar.move_to(index)
        bar.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "on which Boss? (Esc: back)" in screen_text(app)
        await pilot.press(key)
        await pilot.pause()
        assert [c.label for c in bar.choices] == labels
        assert bar.cursor == index
        assert "on which Boss" not in screen_text(app)
        assert app.port.submitted == []


async def test_after_a_personal_spell_the_cursor_goes_back_to_the_attack():
    """Play-test (80x24), at a wave's end, the bar "↵ Attack!  Attack +1 on…
    Attack +2 on…  Attack -1 on…  Attack -2 on…": Attack -1 played, the
    highlight stayed at its place, now "Attack -2 on…", and the Enter meant
    to attack opened "Play Attack -2 on which Boss?" (2 out of habit spent
    it on the wrong Boss). After a personal spell the highlight goes back
    to "Attack!", the move most likely next (an attack a spell held could
    still change asks first, `_attack_asks`); `a` attacks too."""
    from core.bossquest.actions import PlayPersonal, Resolve
    from tui.widgets import ActionBar

    state = solo_table()
    state = attrs.evolve(state, rows=((), *state.rows[1:]), phase=Phase.SOLO_END)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [c.label for c in bar.choices] == [
            "Attack!", "Attack +1 on…", "Attack +2 on…", "Attack -1 on…", "Attack -2 on…"]
        assert bar.choices[bar.cursor].value == Resolve(0)
        assert bar.choices[0].key == "a"

        async def play(name: str) -> None:
            nonlocal state
            index = [c.label for c in bar.choices].index(f"{name} on…")
            bar.move_to(index)
            bar.choose(index)
            await pilot.pause()
            bar.choose(0)  # on the first Boss
            await pilot.pause()
            seat, played = app.port.submitted[-1]
            assert isinstance(played, PlayPersonal) and str(played.spell) == name
            state = GAME.apply(state, seat, played)
            app.game_screen.show(make_update(state))
            await pilot.pause()

        for name in ("Attack -1", "Attack +1", "Attack -2"):
            await play(name)
            assert bar.choices[bar.cursor].value == Resolve(0), bar.choices[bar.cursor].label


async def test_mid_wave_after_a_personal_spell_the_cursor_goes_to_the_first_ask():
    """Play-test: mid-wave, after a spell the highlight sat on "Attack -2
    on…", not on an Ask: it goes to the first Ask (1 weapon)."""
    from core.bossquest.actions import Ask, PlayPersonal
    from tui.screens.bossquest import _PersonalSpell
    from tui.widgets import ActionBar

    state = solo_table()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        spells = [i for i, c in enumerate(bar.choices) if isinstance(c.value, _PersonalSpell)]
        bar.move_to(spells[-2])
        bar.choose(spells[-2])
        await pilot.pause()
        bar.choose(0)
        await pilot.pause()
        (seat, played), = app.port.submitted
        assert isinstance(played, PlayPersonal)
        state = GAME.apply(state, seat, played)
        app.game_screen.show(make_update(state))
        await pilot.pause()
        assert bar.choices[bar.cursor].value == Ask(1), bar.choices[bar.cursor].label


async def test_a_attacks_in_the_solo_quest():
    """There was no key for "Attack!" (`a` answered "No Wizard in the Solo
    Quest…"): `a` attacks, the bar and the footer say so, and an attack a
    personal spell held could still change asks first as Enter's does."""
    from core.bossquest.actions import Resolve

    app = ScreenApp(make_update(_short_boss_at_the_waves_end()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "a Attack" in screen_text(app).splitlines()[-1], screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert app.port.submitted == []
        assert "Attack anyway?" in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, Resolve(0))]
    state = attrs.evolve(_short_boss_at_the_waves_end(), personal=())
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, Resolve(0))]
    # mid-wave there is no attack yet: a says so
    app = ScreenApp(make_update(solo_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert app.port.submitted == []
        (told,) = [n.message for n in app._notifications]
        assert told == "No attack yet: a attacks once the wave's turns are played.", told


async def test_after_weapons_asked_by_key_the_cursor_leaves_the_spells():
    """Play-test (80x24): a personal spell played, then weapons asked and
    given with the number keys; the cursor of every later decision still
    went to the spells (it was let go only for a choice made on the bar),
    so at the wave's end Enter under "↵ Attack!" opened "Play Attack -1 on
    which Boss?". A move other than a spell lets it go, keys included."""
    from core.bossquest.actions import PlayPersonal
    from tui.screens.bossquest import _PersonalSpell
    from tui.widgets import ActionBar

    state = solo_table()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        spells = [i for i, c in enumerate(bar.choices) if isinstance(c.value, _PersonalSpell)]
        bar.move_to(spells[1])
        bar.choose(spells[1])
        await pilot.pause()
        bar.choose(0)  # on the first Boss
        await pilot.pause()
        (seat, played), = app.port.submitted
        assert isinstance(played, PlayPersonal)
        state = GAME.apply(state, seat, played)
        app.game_screen.show(make_update(state))
        await pilot.pause()
        await pilot.press("1")  # ask for 1 weapon by its key
        await pilot.pause()
        assert app.port.submitted[-1] == (0, Ask(1))
        state = GAME.apply(state, 0, Ask(1))
        state = GAME.apply(state, CHANCE, DrawWeapon(state.weapon_deck[0]))
        app.game_screen.show(make_update(state))
        await pilot.pause()
        await pilot.press("2")  # given to Boss 2 by its key
        await pilot.pause()
        assert app.port.submitted[-1] == (0, AssignTo(1))
        state = GAME.apply(state, 0, AssignTo(1))
        app.game_screen.show(make_update(state))
        await pilot.pause()
        chosen = bar.choices[bar.cursor].value
        assert not isinstance(chosen, _PersonalSpell)
        assert isinstance(chosen, Ask)


async def test_solo_quest_number_keys_give_to_a_boss_and_play_a_spell_on_one():
    """The Solo Quest's Bosses are numbered on the board: with weapons drawn
    (BQ-40: seen, then given), key 2 gives them to Boss 2; with a personal
    spell chosen, key 3 plays it on Boss 3. The action bar shows the keys."""
    from core.bossquest.actions import PlayPersonal
    from tui.widgets import ActionBar

    state = solo_table()
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(state.weapon_deck[0]))
    assert state.phase is Phase.SOLO_ASSIGN
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [c.key for c in bar.choices if isinstance(c.value, AssignTo)] == ["1", "2", "3"]
        assert "to a Boss: 1-3" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert app.port.submitted == [(0, AssignTo(1))]

    state = solo_table()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        labels = [c.label for c in bar.choices]
        bar.choose(labels.index(f"{solo.PERSONAL[1]} on…"))
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        assert app.port.submitted == [(0, PlayPersonal(solo.PERSONAL[1], 2))]


def test_solo_quest_rows_fit_80_columns():
    """A Boss with many weapons and spells, and rows of long spell names:
    each row of the Solo Quest's board fits the panel at 80 columns (short
    names, then the Boss's spells on a line of their own), and nothing is
    shortened where the names fit."""
    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.state import SoloBoss
    from tui.screens.bossquest_extras import solo_rows

    state = solo_table()
    many = tuple(w(c) for c in ("Y5", "B3", "B4", "B6", "P1", "B1", "Y1", "R4", "P4", "P7"))
    spells = (
        Spell(SpellKind.HP_PLUS_2),
        Spell(SpellKind.NEED_COLOUR, Colour.PURPLE),
        Spell(SpellKind.NEED_COLOUR, Colour.RED),
    )
    long_row = (Spell(SpellKind.NEED_PAIR), Spell(SpellKind.HP_PLUS_1),
                Spell(SpellKind.HP_MINUS_1), Spell(SpellKind.SWAP_DECK),
                Spell(SpellKind.HP_MINUS_2))
    state = attrs.evolve(
        state,
        solo_bosses=(SoloBoss(15, many[:2], spells[1:]), SoloBoss(21, many, spells),
                     state.solo_bosses[2]),
        rows=(long_row, long_row, state.rows[2]),
    )
    room = 78  # the panel's inside at 80 columns
    narrow = [r.plain for r in solo_rows(state, room)]
    assert all(len(line) <= room for line in narrow), narrow
    assert any(line.startswith("    spells: ") for line in narrow)
    assert "2 of a colour, HP+1, HP-1, Swap deck, HP-2" in "\n".join(narrow)
    wide = [r.plain for r in solo_rows(state, 200)]
    assert "Need 2 of a colour, Boss HP +1, Boss HP -1, Swap with deck, Boss HP -2" in "\n".join(wide)
    assert not any(line.startswith("    spells: ") for line in wide)


def test_solo_quest_board_names_spells_one_way():
    """The play-test: "Wave 1 spells: HP-1, Need pair, HP+1, Need P, Swap
    deck" beside "MegaBoss spells: Boss HP -1, Need Red (R)": every row
    shortened its names on its own. Where one row needs short names, all do."""
    from core.bossquest.cards import Colour, Spell, SpellKind
    from tui.screens.bossquest_extras import solo_rows

    long_row = (Spell(SpellKind.HP_MINUS_1), Spell(SpellKind.NEED_PAIR),
                Spell(SpellKind.HP_PLUS_1), Spell(SpellKind.NEED_COLOUR, Colour.PURPLE),
                Spell(SpellKind.SWAP_DECK))
    mega = (Spell(SpellKind.HP_MINUS_1), Spell(SpellKind.NEED_COLOUR, Colour.RED))
    state = attrs.evolve(solo_table(), rows=(long_row, (), mega))
    board = "\n".join(r.plain for r in solo_rows(state, 78))
    assert "Wave 1 spells: HP-1, 2 of a colour, HP+1, Need P, Swap deck" in board, board
    assert "MegaBoss spells: HP-1, Need R" in board, board


def test_solo_quest_row_shows_a_cancelled_spell():
    """The play-test: after a Cancel, Boss 2's row read "Y6 R3 P4 B7" and no
    spell: the HP+2 cancelled had gone from it, only the log told why its HP
    was the card's. The row shows it struck out, marked cancelled."""
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import SoloBoss
    from tui.screens.bossquest_extras import solo_rows

    hp2, cancel = Spell(SpellKind.HP_PLUS_2), Spell(SpellKind.CANCEL)
    bosses = (SoloBoss(19, tuple(w(c) for c in ("Y6", "R3", "P4", "B7")), (),
                       cancelled=(hp2, cancel)),) + solo_table().solo_bosses[1:]
    state = attrs.evolve(solo_table(), solo_bosses=bosses)
    row = solo_rows(state, 78)[1]
    assert row.plain.endswith("Y6 R3 P4 B7  HP+2 cancelled"), row.plain
    at = row.plain.index("HP+2")
    assert any("strike" in str(span.style) and span.start <= at < span.end for span in row.spans)


def test_solo_quest_row_names_the_unmet_condition():
    """BQ-40: a Boss's conditions are judged on its own weapons. With two
    conditions on a Boss, its row names the one not met (a bare "(unmet)"
    after the spells read as if the last one failed); with one, it names
    it too (one way: "(condition unmet)" beside "(unmet: Need Y)" read as
    two markers)."""
    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.state import SoloBoss
    from tui.screens.bossquest_extras import solo_rows

    need_y = Spell(SpellKind.NEED_COLOUR, Colour.YELLOW)
    need_p = Spell(SpellKind.NEED_COLOUR, Colour.PURPLE)
    purple = tuple(w(c) for c in ("P1", "B7", "B1", "P5", "R5", "R6"))
    state = attrs.evolve(
        solo_table(),
        solo_bosses=(SoloBoss(14, purple, (Spell(SpellKind.HP_PLUS_2), need_y, need_p)),
                     SoloBoss(18, (w("R7"),), (need_p,)),
                     SoloBoss(21, (w("Y7"), w("P2")), (need_y, need_p))),
    )
    assert solo.unmet_conditions(state.solo_bosses[0]) == (need_y,)
    wide = [r.plain for r in solo_rows(state, 200)]
    assert wide[1].endswith("Need Purple (P)  (unmet: Need Yellow (Y))"), wide[1]
    assert wide[2].endswith("Need Purple (P)  (unmet: Need Purple (P))"), wide[2]
    assert "unmet" not in wide[3]
    narrow = "\n".join(r.plain for r in solo_rows(state, 78))
    assert "HP+2, Need Y, Need P (unmet: Need Y)" in narrow, narrow
    assert "R7  Need P  (unmet: Need P)" in narrow, narrow


async def test_solo_quest_swap_with_deck_picks_a_weapon_by_number():
    """BQ-40: Swap with deck swaps one of the weapons on the wave's Bosses
    (all the knight's); the action bar numbers them as it lists them, and
    key 2 swaps the second."""
    from core.bossquest.actions import TargetWeapon
    from core.bossquest.cards import Spell, SpellKind
    from tui.widgets import ActionBar

    state = solo_table()
    row = (Spell(SpellKind.SWAP_DECK),) + state.rows[0][1:]
    state = attrs.evolve(state, rows=(row,) + state.rows[1:])
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(state.weapon_deck[0]))
    state = GAME.apply(state, 0, AssignTo(0))
    assert state.phase is Phase.SOLO_TARGET
    targets = [a for a in GAME.legal_actions(state, 0) if isinstance(a, TargetWeapon)]
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [c.key for c in bar.choices] == [str(n + 1) for n in range(len(targets))]
        assert len(targets) == 6  # Boss 1's two and the one drawn, Boss 3's three
        assert "the weapon to swap on the wave's Bosses: 1-6" in screen_text(app)
        assert "Swap with deck is cast; then 2 turns left." in screen_text(app)
        # BQ-49: the weapon given up is the next drawn (the play-test: not said)
        words = " ".join(screen_text(app).split())
        assert "It goes on top of the deck: you draw it next." in words, words
        await pilot.press("2")
        await pilot.pause()
        assert app.port.submitted == [(0, targets[1])]


async def test_the_final_assault_plays_a_personal_spell_in_one_choice():
    """BQ §3. Final Assault: one Boss, the MegaBoss; a personal spell goes on
    it in one choice, named for it, with no Boss to pick after."""
    from core.bossquest.actions import PlayPersonal
    from tests.test_bossquest_solo import at_wave, boss
    from tui.widgets import ActionBar

    state = at_wave(3, [boss(30, "R7", "Y7")], rows=((), (), solo.solo_spells(Options())[:3]))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        plays = [c for c in bar.choices if isinstance(c.value, PlayPersonal)]
        assert [c.label for c in plays] == [f"{s} on the MegaBoss" for s in solo.PERSONAL]
        bar.choose(bar.choices.index(plays[1]))
        await pilot.pause()
        assert app.port.submitted == [(0, PlayPersonal(solo.PERSONAL[1], 0))]


def _mystery_swap_combat_app():
    """An app showing the combat of the play-test's mystery-swap round."""
    from textual.app import App

    from tests.test_bossquest_combat_spells import _mystery_swap_round
    from tui.screens.bossquest import CombatScreen

    result = _mystery_swap_round().history[-1]
    names = ("Ann", "Bram", "Cora")

    class CombatApp(App):
        def on_mount(self) -> None:
            self.push_screen(CombatScreen(result, lambda s: names[s]))

    return CombatApp()


async def test_the_combat_names_the_mystery_swap_that_changed_it():
    """BQ-47 (BQ §Spell effects, Swap hidden; BQ-7): the play-test's round
    at 80x24. Cora's mystery spell, Swap hidden on Ann, took Ann from 16 to
    18 on a 16 HP Boss: the combat lists it with the strengths it moved,
    never "No spell changed it."."""
    app = _mystery_swap_combat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "No spell changed it." not in text
    assert "Spells that changed it" in text
    # and that it was Cora's mystery (BQ-47), on one line at 80 columns
    assert "Cora's mystery: Swap hidden → Ann, Cora: hidden cards" in text, text
    assert "Ann 16→18" in text and "Cora 10→8" in text


async def _combat_text(result) -> str:
    """The combat screen of `result` (Ann, Bram, Cora) at 80x24, as text."""
    from textual.app import App

    from tui.screens.bossquest import CombatScreen

    names = ("Ann", "Bram", "Cora")

    class CombatApp(App):
        def on_mount(self) -> None:
            self.push_screen(CombatScreen(result, lambda s: names[s]))

    app = CombatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return screen_text(app)


async def test_the_combat_names_a_mystery_spell_that_could_do_nothing():
    """BQ-15, BQ-47: Cora's mystery spell turned out to be Cancel with no
    spell in play and was discarded at once; the combat names it, what it
    was and that it had no effect (it was in no line, and "No spell
    changed it." left her wondering where it went)."""
    from tests.test_bossquest_combat_spells import _mystery_cancel_round

    text = await _combat_text(_mystery_cancel_round().history[-1])
    assert "No spell changed it." not in text
    assert "Spells of the round" in text and "Spells that changed it" not in text
    said = " ".join(line.strip(" █") for line in text.splitlines())
    # and whose it was, as every spell's line says (play-test bqall, finding 9)
    assert ("○ Cora's Cancel a spell: the mystery spell, no effect: no spell in play to cancel"
            in said)


async def test_the_combat_names_a_mystery_spell_that_did_nothing_at_combat():
    """BQ-47: Cora's mystery spell turned out to be "No heart lost" with
    nobody over: it changed nothing at combat, and the combat left it out
    ("No spell changed it."); it is named, with no effect."""
    from core.bossquest.cards import SpellKind
    from tests.test_bossquest_combat_spells import _mystery_at_combat_round

    text = await _combat_text(_mystery_at_combat_round(SpellKind.NO_HEART_LOSS).history[-1])
    assert "No spell changed it." not in text
    assert "Spells of the round" in text and "Spells that changed it" not in text
    said = " ".join(line.strip(" █") for line in text.splitlines())
    assert "No heart lost: the mystery spell, no effect: no knight went over the HP" in said


@pytest.mark.parametrize("looked", [False, True], ids=["blind", "owl"])
async def test_the_combat_box_names_the_mystery_turned_at_the_rounds_end_bq13(looked):
    """BQ-13, BQ-33: the mystery spell left face down is turned and
    discarded at the round's end; the combat box says which it was, in the
    log's words, as the log does (the play-test read it only in the log;
    in the game's last round nowhere). Here the round that ends the game."""
    from core.bossquest.actions import Discard, RevealSpell
    from tests.test_bossquest_rules import EXTRA, _last_round, at_wizard

    state = at_wizard(_last_round(looked=looked), 1, Discard(0))
    if not looked:
        state = GAME.apply(state, CHANCE, RevealSpell(EXTRA))
    assert GAME.outcome(state) is not None
    text = await _combat_text(state.history[-1])
    said = " ".join(line.strip(" █") for line in text.splitlines())
    assert f"The mystery spell was {EXTRA}; it is discarded." in said, said
    # after what the spells did (here none)
    assert said.index("No spell changed it.") < said.index("The mystery spell was")


async def test_the_combat_box_lists_a_face_up_spell_that_changed_nothing():
    """The play-test at 160x45: Cora activated Need Purple, every knight
    held purple; the box listed the mystery spell that did nothing and
    Attack +1, not Need Purple, as if her spell had vanished. Every spell
    of the round is listed, one that changed nothing with why (BQ-47)."""
    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.state import ActiveSpell
    from tests.test_bossquest_combat_spells import result

    fought = result(
        [ActiveSpell(Spell(SpellKind.NEED_PAIR), mystery=True),
         ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.PURPLE)),
         ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=2)],
        equipment=((w("P5"), w("P6")), (w("P7"), w("R7"), w("R4")), (w("P2"), w("P3"))),
        strengths=(11, 18, 6), eliminated=("", "over", ""), winners={0})
    said = " ".join(line.strip(" █│") for line in (await _combat_text(fought)).splitlines())
    assert "○ Need Purple (P): no effect: no knight was put out by it" in said
    assert "● Attack +1 → Cora: strength +1" in said


async def test_the_last_combat_over_the_results_shows_its_key_in_the_footer():
    """The match's last combat covers the whole screen until Enter: its
    footer names the key (it was blank over a shared table's results)."""
    from tui.screens.bossquest import CombatScreen

    app = _mystery_swap_combat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "↵ Go on" in footer
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, CombatScreen)


async def test_a_large_solo_quest_gives_the_boss_the_whole_row():
    """BQ §Solo Quest: no Wizard's market beside the Boss, so on a large
    terminal the Boss's wave and this turn's spell are not cut off beside
    an empty column."""
    from tests.screen_kit import screen_text

    app = ScreenApp(make_update(solo_table()))
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "3 turns left in the wave; this turn's spell: Boss HP +1" in text
        assert app.game_screen.query_one("#bq-left").size.width > 100


def test_a_choice_naming_an_away_knight_leaves_the_mark_out_of_the_possessive():
    """On a shared table an away player's name carries "(away)": the Owl's
    choice reads "see Bob's hidden" (the players panel says who is away),
    as the turn line words it."""
    from core.bossquest.actions import PeekHidden
    from tui.screens.bossquest_extras import action_label

    assert action_label(None, PeekHidden(1), lambda seat: "Bob (away)") == (
        "Owl: see Bob's hidden")
    assert action_label(None, PeekHidden(1), lambda seat: "Bob") == "Owl: see Bob's hidden"


async def test_another_knights_potion_not_read_yet_is_not_counted_at_minus():
    """The play-test: while Bram read a face-up ±3, his row read "shows -3+?",
    the potion counted at its lower reading. It counts once it is read."""
    state = extensions_table()
    potion = Weapon(None, 3)
    bob = state.knights[1]  # R5 P1 B2 face up, Attack +1 on him: 9
    bob = attrs.evolve(bob, visible=bob.visible + (potion,), readings=())
    state = attrs.evolve(state, knights=(state.knights[0], bob) + state.knights[2:])
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "[±3]" in text and "Atk+1  shows 9+?" in text
    read = attrs.evolve(bob, readings=((potion, -1),))
    state = attrs.evolve(state, knights=(state.knights[0], read) + state.knights[2:])
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Atk+1  shows 6+?" in screen_text(app)  # read -3



async def test_choices_without_a_key_of_their_own_say_how_to_choose():
    """Play-test: "Flip a potion: choose a face-up potion to flip." and the
    Solo Quest's "or play a personal spell." said what to choose, not how;
    the bar marks those choices "↵" alone. The prompts name the arrows and
    Enter (the Hare's and Swap companions' too), on one line at 80x24.
    (Swap companions' pairs, where several, are numbered: ↑↓ Enter or 1-n.)"""
    from core.bossquest.actions import SwapCompanions, TargetPotion
    from core.bossquest.cards import Companion
    from tui.screens.bossquest_extras import other_prompt

    view = solo_table()
    for legal in ((TargetPotion(0, w("R1")), TargetPotion(0, w("R2"))),
                  (SwapCompanions(Companion.OWL, Companion.FOX),)):
        assert other_prompt(view, legal, 0).plain.endswith("←→ Enter."), legal
    app = ScreenApp(make_update(solo_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "or a personal spell: ←→ Enter." in text, text


async def test_swap_companions_choices_say_whose_companion_is_whose():
    """The play-test: Swap companions offered "Swap Chameleon/Owl", without
    saying whose companion was whose. Each choice names its owners ("Your
    Owl for Bob's Fox", one in reserve "reserve Raven"), and at 80x24 every
    choice of a four-knight table is in sight, or comes into sight with the
    cursor (the bar keeps to five lines there)."""
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import Step

    state = attrs.evolve(extensions_table(), step=Step.TARGET,
                         casting=Spell(SpellKind.SWAP_COMPANIONS))
    update = make_update(state)  # Ann's Owl; Bob's Fox, Cyd's Hare, Dee's Tortoise
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.game_screen.query_one("#bq-actions")
        labels = [c.label for c in bar.choices]
        for index, label in enumerate(labels):
            bar.move_to(index)
            await pilot.pause()
            assert label in screen_text(app), (label, screen_text(app))
    assert len(labels) == 14
    # in order: Ann's own Owl's pairs first, the reserve's last
    assert labels[0] == "Your Owl for Bob's Fox", labels
    assert labels[-1] == "Dee's Tortoise for reserve Raven", labels
    for label in ("Your Owl for Bob's Fox", "Your Owl for reserve Chameleon",
                  "Cyd's Hare for Dee's Tortoise", "Dee's Tortoise for reserve Raven"):
        assert label in labels, labels


def test_swap_companions_choices_come_in_order_with_names_as_typed():
    """The play-test (BQ-36, the companion spell): 14 pairs in no evident
    order, and "Cy's Hare" where the player typed "cy". The caster's own
    companion's pairs come first, then each knight's in seat order, the
    reserve's last; a name is kept as typed (only "Your" starts capitalised)."""
    from core.bossquest.actions import SwapCompanions
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import Step
    from tui.screens.bossquest_extras import swap_label, swap_order

    state = attrs.evolve(extensions_table(), step=Step.TARGET, turn=1,
                         casting=Spell(SpellKind.SWAP_COMPANIONS))
    view = GAME.view(state, 1)  # Bob's turn: Ann's Owl, his Fox, Cyd's Hare, Dee's Tortoise
    names = ("ann", "bob", "cy", "Bot 4")
    legal = [a for a in GAME.legal_actions(state, 1) if isinstance(a, SwapCompanions)]
    labels = [swap_label(view, a, names.__getitem__) for a in swap_order(view, legal)]
    assert labels == [
        "Your Fox for ann's Owl", "Your Fox for cy's Hare", "Your Fox for Bot 4's Tortoise",
        "Your Fox for reserve Chameleon", "Your Fox for reserve Raven",
        "ann's Owl for cy's Hare", "ann's Owl for Bot 4's Tortoise",
        "ann's Owl for reserve Chameleon", "ann's Owl for reserve Raven",
        "cy's Hare for Bot 4's Tortoise", "cy's Hare for reserve Chameleon",
        "cy's Hare for reserve Raven",
        "Bot 4's Tortoise for reserve Chameleon", "Bot 4's Tortoise for reserve Raven"], labels


@pytest.mark.parametrize("cards", [8, 9])
async def test_a_long_combat_line_keeps_its_keys_with_its_notes(cards):
    """The play-test at 80x24: a knight's combat line with many weapons
    wrapped at its last space, leaving "+2⚷" alone at the start of the next
    line, as if a line of its own. The line goes on under itself, indented
    past the name, its notes whole ("PERFECT +2⚷")."""
    from core.bossquest.state import RoundResult

    codes = ("R2", "B6", "Y5", "P1", "B1", "Y1", "R1", "P2", "B2")[:cards]
    mine = tuple(w(c) for c in codes)
    total = sum(x.value for x in mine)
    result = RoundResult(
        round=3, boss=total, hp=total,
        equipment=(mine, (w("P7"), w("R7"), w("B4")), (w("Y3"), w("P6"), w("R4"))),
        strengths=(total, 18, 13), eliminated=("", "over", ""), winners=frozenset({0}),
        perfect=frozenset({0}), keys_gained=(2, 0, 0), hearts_lost=(0, 1, 0), spells=(),
        keys_after=(3, 0, 2), hearts_after=(3, 2, 3))
    text = await _combat_text(result)
    # inside the box's border and padding, its indentation kept
    lines = [line.strip().strip("█")[1:].rstrip() for line in text.splitlines()]
    ann = next(i for i, line in enumerate(lines) if line.startswith("★ Ann"))
    said = " ".join(lines[ann:ann + 2])
    assert all(f"[{c}]" in said for c in codes), said
    assert "PERFECT +2⚷" in said, said
    assert lines[ann + 1].startswith(" " * len("★ Ann  19 ")), text  # under the weapons
    assert not any(line.startswith("+2⚷") for line in lines), text
    assert lines[ann + 2].startswith("  Bram 18"), text


def _companion_turn(companion, step=None):
    """Ann's turn at a companions table, her `companion`'s power unspent."""
    from core.bossquest.state import Step

    return attrs.evolve(extensions_table(), spent=frozenset(), step=step or Step.CHOOSE,
                        companions=(companion, Companion.FOX, Companion.HARE,
                                    Companion.TORTOISE),
                        reserve=tuple(c for c in (Companion.CHAMELEON, Companion.RAVEN,
                                                  Companion.OWL) if c is not companion))


async def test_the_owls_power_has_a_key_of_its_own_and_enter_is_marked_on_one_choice():
    """The play-test at 80x24: the bar showed "↵ Owl: see the mystery",
    "↵ Owl: see Bram's hidden"... while "1 Ask 1 weapon" was highlighted,
    so an Enter meant for the Owl asked for a weapon (no undo); the Owl
    was reachable only with →, and no prompt said so. The power is `o`,
    named in the prompt and the footer; its cards are chosen by number,
    the turn going on (BQ-34); Esc goes back; no "↵" marks a choice Enter
    does not do."""
    from core.bossquest.actions import PeekHidden

    app = ScreenApp(make_update(_companion_turn(Companion.OWL)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "o: the Owl's power (see a hidden card or the mystery); your turn goes on." in text
        assert "o Owl's power…" in text and "o Companion" in text
        assert "↵ Owl" not in text and "Owl: see" not in text
        await pilot.press("o")
        await pilot.pause()
        text = screen_text(app)
        assert "The Owl: see which card? 1-4 or Enter; Esc back; your turn goes on." in text
        assert "1 see the mystery" in text and "3 see Cyd's hidden" in text
        assert "Ask 1" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert "1 Ask 1 weapon" in screen_text(app)
        await pilot.press("o", "3")
        await pilot.pause()
        assert app.port.submitted == [(0, PeekHidden(2))]
        # a new combat up over the table keeps the keys: o waits for it
        await pilot.press("escape")  # (the fake table sent no new update)
        state = _companion_turn(Companion.OWL)
        fought = attrs.evolve(state.history[0], round=2)
        app.game_screen.show(make_update(attrs.evolve(state, history=state.history + (fought,))))
        await pilot.pause()
        assert app.game_screen.holds_the_table
        assert "o Companion" not in screen_text(app) and "Esc Back" not in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert "1 see the mystery" not in screen_text(app)


async def test_the_owl_at_the_wizard_and_the_raven_have_the_same_key():
    """BQ-34: the Owl is used before asking or at the Wizard, the Raven on
    one's turn: each is `o`, then its choices by number."""
    from core.bossquest.actions import PeekMystery, ReplaceSpell
    from core.bossquest.state import Step

    app = ScreenApp(make_update(_companion_turn(Companion.OWL, Step.WIZARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "o: the Owl's power" in screen_text(app)
        await pilot.press("o", "1")
        await pilot.pause()
    assert app.port.submitted == [(0, PeekMystery())]
    app = ScreenApp(make_update(_companion_turn(Companion.RAVEN)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "o: the Raven's power (replace a spell offered)" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        text = screen_text(app)
        assert "The Raven: replace which spell?" in text and "1 replace Boss HP +2" in text
        await pilot.press("1")
        await pilot.pause()
    assert app.port.submitted == [(0, ReplaceSpell(0))]


@pytest.mark.parametrize(("key", "action"), [("w", "GoToWizard"), ("e", "EndTurn")])
async def test_the_hares_choice_has_its_keys(key, action):
    """The Hare's decision (BQ-34: after weapons arrive) offered two choices
    both marked "↵": each has its key, named in the prompt."""
    from core.bossquest.state import Step

    app = ScreenApp(make_update(_companion_turn(Companion.HARE, Step.HARE)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "The Hare: w on to the Wizard in this turn, or e end your turn here." in text
        assert "w Hare: on to the Wizard" in text and "e End the turn" in text
        await pilot.press(key)
        await pilot.pause()
    assert [type(a).__name__ for _, a in app.port.submitted] == [action]


def test_solo_quest_header_counts_two_waves_then_the_final_assault():
    """The play-test: the header said "wave 1 of 3"; the rulebook has two
    waves of Bosses, then the final assault on the MegaBoss."""
    from tui.screens.bossquest_extras import solo_stage

    assert [solo_stage(w) for w in (1, 2, 3)] == [
        "wave 1 of 2", "wave 2 of 2", "the final assault"]


# -- a decision with a single legal choice is said as one -------------------------


async def test_the_final_assault_gives_the_weapons_to_its_one_boss_said_so():
    """Play-test: every turn of the final assault read "give ... to the
    MegaBoss: 1." over one choice, "1 Give to the MegaBoss (29)", as if
    there were others. The prompt says it is the only Boss and which keys
    give them; the choice is still the player's key (Enter here)."""
    from tests.test_bossquest_solo import at_wave, boss

    # every personal spell played: the give is the one choice left
    state = attrs.evolve(at_wave(3, [boss(30, "R7", "Y7")]), personal=())
    state = GAME.apply(state, 0, Ask(2))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("B2")))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y3")))
    update = make_update(state)
    assert update.legal == (AssignTo(0),)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert ("B2 Y3 go to the MegaBoss, the only Boss: Enter or 1 gives them." in text), text
        assert "to the MegaBoss: 1." not in text, text
        assert app.port.submitted == []  # not taken for the player
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, AssignTo(0))]

    # with personal spells left (playable "at any time", BQ §1st Wave) the
    # give is one choice among them: 1 gives, the spells are on the bar
    state = at_wave(3, [boss(30, "R7", "Y7")])
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("B2")))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert ("B2 goes to the MegaBoss, the only Boss: 1 gives it, or a personal spell: "
                "←→ Enter." in text), text
        await pilot.press("1")
        await pilot.pause()
        assert app.port.submitted == [(0, AssignTo(0))]


def test_a_solo_spell_with_one_target_on_its_boss_says_so():
    """Cancel or Swap with deck with one spell or one weapon to take read
    "choose the weapon to swap on that Boss: 1."."""
    from core.bossquest.actions import TargetWeapon
    from core.bossquest.cards import Spell, SpellKind
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.bossquest_extras import other_prompt

    state = attrs.evolve(at_wave(3, [boss(30, "R7")], phase=Phase.SOLO_TARGET),
                         casting=Spell(SpellKind.SWAP_DECK), solo_target=0)
    legal = tuple(GAME.legal_actions(state, 0))
    assert legal == (TargetWeapon(w("R7")),)
    assert other_prompt(state, legal, 0).plain == (
        "Swap with deck: the only weapon on the MegaBoss is R7: Enter or 1 swaps it.")


def test_flip_a_potion_with_one_potion_face_up_says_so():
    from core.bossquest.actions import TargetPotion
    from tui.screens.bossquest_extras import other_prompt

    view = full_state()
    text = other_prompt(view, (TargetPotion(2, w("R1")),), 0, "Ann Bob Cyd".split().__getitem__)
    assert text.plain == ("Flip a potion: only one potion is face up (Cyd's R1): "
                          "Enter flips it."), text.plain



def test_flip_a_potion_names_the_casters_own_potion_yours():
    """BQ §Potions (Flip a potion): the caster's own potion read "Flip
    Ann's +1" on Ann's own screen; it is "your", as Swap companions says."""
    from core.bossquest.actions import TargetPotion
    from tui.screens.bossquest_extras import action_label, other_prompt

    view = full_state()
    who = "Ann Bob Cyd".split().__getitem__
    assert view.turn == 0
    assert action_label(view, TargetPotion(0, w("R1")), who) == "Flip your R1"
    assert action_label(view, TargetPotion(2, w("R1")), who) == "Flip Cyd's R1"
    text = other_prompt(view, (TargetPotion(0, w("R1")),), 0, who)
    assert text.plain.startswith("Flip a potion: only one potion is face up (your R1): ")

async def test_the_owl_with_one_card_to_see_says_so():
    """"The Owl: see which card? 1 or Enter" over a single card read as a
    choice among several."""
    from core.bossquest.actions import PeekHidden

    state = _companion_turn(Companion.OWL)
    knights = tuple(
        k if s in (0, 2) else attrs.evolve(k, hidden=attrs.evolve(
            k.hidden, known_to=k.hidden.known_to | {0}))
        for s, k in enumerate(state.knights))
    update = make_update(attrs.evolve(state, knights=knights, mystery=False))
    assert [a for a in update.legal if isinstance(a, PeekHidden)] == [PeekHidden(2)]
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert ("The Owl: only one choice, see Cyd's hidden: Enter or 1 takes it. Esc back; "
                "your turn goes on." in text), text
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, PeekHidden(2))]


async def test_one_weapon_goes_to_the_megaboss_and_the_header_keeps_the_game():
    """The play-test at 80x24: "R6 (with Need Purple (P)) go to the
    MegaBoss" (one weapon goes), and the final assault's header dropped
    "Boss Quest" ("Ann's view · Solo Quest, the final assault · ♥2 · Deck")."""
    from tests.test_bossquest_solo import at_wave, boss

    state = attrs.evolve(at_wave(3, [boss(30, "R7", "Y7")], hearts=2), personal=())
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("B2")))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "B2 goes to the MegaBoss, the only Boss: Enter or 1 gives it." in text, text
        header = screen_text(app).splitlines()[0]
        assert header.lstrip().startswith("Boss Quest"), header
        assert "final assault" in header and "Deck:" in header, header


@pytest.mark.parametrize("key,said", [
    ("w", "No Wizard in the Solo Quest"),
    ("a", "a attacks once the wave's turns are played"),
    ("x", "its spells are never discarded"),
    ("m", "No mystery spell in the Solo Quest"),
    ("o", "No companions in the Solo Quest"),
    ("f", "No Final Boss duel in the Solo Quest"),
    ("c", "c opens the last wave's attack once a wave is over"),
])
async def test_a_multi_knight_key_says_the_solo_quest_has_none(key, said):
    """The play-test: in a Solo Quest w, m, a, o did nothing or spoke of the
    Wizard ("x discards the spell chosen at the Wizard"). BQ §Solo Quest has
    no Wizard, and "SPELL cards can neither be discarded nor used a second
    time": the key says so (not the prompt again: it is on screen)."""
    app = ScreenApp(make_update(solo_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        (told,) = [n.message for n in app._notifications]
        assert said in told, told
        assert "at the Wizard" not in told and "ask for 1-4 weapons" not in told, told
        assert app.port.submitted == []


def test_the_short_name_of_need_2_of_a_colour_says_so():
    """BQ §Spell effects: "at least 2 WEAPON cards of the same color". The
    play-test: its short name "Need pair" read as two equal numbers (R6 +
    B6); it reads "2 of a colour", on the rows and on a Boss."""
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import SoloBoss
    from tui.screens.bossquest_extras import solo_rows

    pair = Spell(SpellKind.NEED_PAIR)
    long_row = (Spell(SpellKind.HP_MINUS_1), pair, Spell(SpellKind.HP_PLUS_1),
                Spell(SpellKind.SWAP_DECK), Spell(SpellKind.CANCEL))
    state = attrs.evolve(solo_table(), rows=(long_row, long_row, ()),
                         solo_bosses=(SoloBoss(19, (w("B6"),), (pair,)),)
                         + solo_table().solo_bosses[1:])
    board = [r.plain for r in solo_rows(state, 78)]
    assert all(len(line) <= 78 for line in board), board
    assert "pair" not in "\n".join(board), board
    assert board[1].endswith("B6  2 of a colour  (unmet: 2 of a colour)"), board[1]


def test_a_boss_with_more_weapons_than_fit_says_how_many_more():
    """BQ §1st Wave: 5 turns of 1 to 4 weapons, all of them to one Boss if
    the knight likes: 20 weapons. The play-test at 80x24: the row cut them
    at the 14th with "…", the rest nowhere to be seen. It says how many more."""
    from core.bossquest.state import SoloBoss
    from tui.screens.bossquest_extras import solo_rows

    codes = [f"{c}{n}" for c in "RYPB" for n in range(1, 6)]
    state = attrs.evolve(solo_table(), solo_bosses=(
        SoloBoss(19, tuple(w(c) for c in codes)),) + solo_table().solo_bosses[1:])
    row = solo_rows(state, 78)[1].plain
    assert len(row) <= 78 and "…" not in row, row
    shown = [c for c in codes if f" {c} " in f"{row} "]
    assert row.endswith(f" +{20 - len(shown)} more"), row
    assert shown == codes[:len(shown)] and 10 <= len(shown) < 20, row
    assert " +" not in solo_rows(state, 200)[1].plain


@pytest.mark.parametrize("kind", ["SWAP_COMPANIONS", "FLIP_POTION"])
@pytest.mark.parametrize("key", ["w", "f", "1", "escape"])
async def test_keys_while_a_bar_chosen_target_is_chosen_say_to_choose_it_first(kind, key):
    """Swap companions' pair and Flip a potion's potion (BQ §Companions, §Potions)
    are chosen on the bar: a number or f said nothing there. Swap
    companions' 14 pairs are numbered (a number picks one:
    tests/test_tui_bossquest_keys.py), and the note says so."""
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import Step

    if kind == "SWAP_COMPANIONS" and key == "1":
        return  # pair 1 (tests/test_tui_bossquest_keys.py)
    spell = Spell(SpellKind[kind])
    state = attrs.evolve(extensions_table(), step=Step.TARGET, casting=spell)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    assert app.port.submitted == []
    # ("Choose Swap companions's target first" read oddly for a pair)
    how = "↑↓ Enter or 1-14" if kind == "SWAP_COMPANIONS" else "←→ Enter"
    what = "pair" if kind == "SWAP_COMPANIONS" else "potion"
    assert notes == [f"Choose the {what} for {spell.name} first: {how}."], notes


@pytest.mark.parametrize("key", ["w", "f", "a", "x", "m", "o"])
async def test_a_turns_key_while_the_owls_choices_are_up_says_so(key):
    """BQ-34: the Owl's choices up (o), w spoke of the Wizard "on your turn"
    (it was), and f said nothing."""
    app = ScreenApp(make_update(_companion_turn(Companion.OWL)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    assert app.port.submitted == []
    assert notes == ["Your Owl's choices are up: 1-4 or Enter; Esc goes back to your turn."], notes


async def test_the_knights_legend_says_what_the_star_means_where_companions_are_in_play():
    """BQ §Extension: Companions (play-test play-test: ): "Owl*" marks a
    once-a-round power used this round; the panel's legend said nothing of
    it. It does where companions are in play (and says F1 tells every
    power), and only there."""
    for state, star in ((extensions_table(), True), (full_state(), False)):
        app = ScreenApp(make_update(state))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            title = str(app.screen.query_one("#bq-knights").border_title)
            text = screen_text(app)
        assert ("* power used" in title) is star, title
        assert ("* power used" in text) is star  # drawn whole at 80 columns
        assert ("F1 all powers" in text) is star


async def test_every_companion_in_play_is_explained_where_there_is_room():
    """BQ §Extension: Companions (play-test: ): the panel named the
    other knights' companions but explained only your own; at 120x36 there
    is room for a line each, and then the legend does not send you to F1."""
    app = ScreenApp(make_update(extensions_table()))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).replace("│", " ").split())
    # said of their knight: "Bob's Fox: You win ties" read as you winning them
    for who, companion in (("Bob's", Companion.FOX), ("Cyd's", Companion.HARE),
                           ("Dee's", Companion.TORTOISE)):
        assert f"{who} {companion.label}: {companion.their_text}" in text, (who, text)
    assert f"Your Owl: {Companion.OWL.text}" in text
    assert "F1 all powers" not in text


async def test_f1_lists_the_companions_in_play_with_their_powers():
    """BQ §Extension: Companions (play-test: ): at 80x24 the others'
    powers are not on the table; F1 lists every companion in play, whose
    it is, its power and whether it is used this round, and the reserve."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    app = ScreenApp(make_update(extensions_table()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [tuple(" ".join(str(c).split()) for c in table.get_row_at(i))
                for i in range(table.row_count)]
    at = rows.index(("", "Companions in play"))
    listed = dict(rows[at + 1:at + 7])
    assert listed["Your Owl"] == f"{Companion.OWL.text} (used this round)"
    assert listed["Bob's Fox"] == Companion.FOX.their_text
    assert listed["Cyd's Hare"] == Companion.HARE.their_text
    assert listed["Dee's Tortoise"] == Companion.TORTOISE.their_text
    assert listed["Reserve: Chameleon"] == Companion.CHAMELEON.text
    # a match without companions has no such section
    app = ScreenApp(make_update(full_state()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        keys = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
    assert "Companions in play" not in keys


async def test_a_waves_attack_is_shown_until_a_key():
    """BQ §Solo Quest, 1st Wave ("You lose 1 HEART per BOSS that defeated
    you"). Play-test (qbq finding 8): the wave's attack went straight on to
    the next wave; which Bosses fell and the hearts lost were only in the
    log and a one-line summary. It comes up in a box, as a round's combat
    does, until Enter, space or Escape."""
    from core.bossquest.state import WaveResult
    from tui.screens.bossquest import CombatPanel

    state = solo_table()
    bosses = state.solo_bosses
    strengths = tuple(solo.boss_strength(b) for b in bosses)
    hps = tuple(solo.boss_hp(b) for b in bosses)
    assert strengths[0] == 12 and hps[0] == 15  # R7 Y5 against 15 HP
    defeated = (False, False, False)
    knight = attrs.evolve(state.knights[0], hearts=state.knights[0].hearts - 3)
    result = WaveResult(wave=1, bosses=bosses, strengths=strengths, hps=hps,
                        defeated=defeated, hearts_lost=3, hearts_after=knight.hearts)
    after = attrs.evolve(state, wave=2, waves=(result,), knights=(knight,))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert not screen.holds_the_table
        screen.show(make_update(after))
        await pilot.pause()
        assert screen.holds_the_table
        panel = screen.query_one("#bq-combat", CombatPanel)
        text = screen_text(app)
        assert "Wave 1 of 2: your attack" in text, text
        assert "Boss 1 12 [R7] [Y5]" in text and "12 against 15 HP: 3 short" in text, text
        assert f"{strengths[2]} against {hps[2]} HP" in text, text
        assert "0/3 defeated: 3 hearts lost" in text, text
        assert "on to wave 2 of 2" in text, text
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.holds_the_table and not panel.display
        # shown once: the same wave again brings no box
        screen.show(make_update(after))
        await pilot.pause()
        assert not screen.holds_the_table


async def test_c_opens_the_last_waves_attack_again_in_the_solo_quest():
    """Play-test: c said "No combats to look back on in the Solo Quest: each
    Boss's fate is in the log", while the wave's box (every Boss's weapons
    and spells, its strength against its HP) is just what a player wants
    back. c opens the last wave's box again, and the board's title says so."""
    from core.bossquest.state import WaveResult
    from tui.screens.bossquest import CombatPanel

    state = solo_table()
    bosses = state.solo_bosses
    strengths = tuple(solo.boss_strength(b) for b in bosses)
    hps = tuple(solo.boss_hp(b) for b in bosses)
    knight = attrs.evolve(state.knights[0], hearts=state.knights[0].hearts - 3)
    result = WaveResult(wave=1, bosses=bosses, strengths=strengths, hps=hps,
                        defeated=(False,) * 3, hearts_lost=3, hearts_after=knight.hearts)
    after = attrs.evolve(state, wave=2, waves=(result,), knights=(knight,))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        await pilot.press("c")  # no wave over yet
        await pilot.pause()
        (told,) = [n.message for n in app._notifications]
        assert "once a wave is over" in told, told
        screen.show(make_update(after))
        await pilot.pause()
        await pilot.press("enter")  # the box that comes up by itself, put away
        await pilot.pause()
        assert not screen.holds_the_table
        assert "c opens the last wave" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert screen.holds_the_table
        assert screen.query_one("#bq-combat", CombatPanel).result == result
        text = " ".join(screen_text(app).split())
        assert "Wave 1 of 2: your attack" in text and "0/3 defeated: 3 hearts lost" in text, text
        # back to the table (after the quest, it read "on to wave 2 of 2")
        assert "Enter, space or Escape: on to the table." in text, text
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.holds_the_table
        assert app.port.submitted == []


@pytest.mark.parametrize("seat", [0, 1])
async def test_the_owls_look_names_the_mystery_spell_to_the_looker_only_bq33(seat):
    """BQ §Companions: the Owl "may look at the mystery SPELL card"; BQ-33:
    only the Owl's knight sees it. The play-test: the log said "The mystery
    spell is Boss HP +1 (only you know)" while the Wizard's panel, where
    that knight then decides, still read "Mystery spell (face down)" and
    "You decide blind". The looker's panel names it; the others' hide it."""
    from core.bossquest.actions import GoToWizard, PeekMystery, RevealSpell
    from tests.test_bossquest_rules import HP1
    from tests.test_bossquest_variants import owl_table

    state = GAME.apply(owl_table(), 0, PeekMystery())
    state = GAME.apply(state, CHANCE, RevealSpell(HP1))
    state = GAME.apply(state, 0, GoToWizard())
    app = ScreenApp(make_update(state, seat))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("m")  # the mystery row highlighted: its details shown
        await pilot.pause()
        text = screen_text(app)
    if seat == 0:
        assert "? Mystery: Boss HP +1  your Owl looked" in text, text
        assert "blind" not in text and "face down" not in text.split("Knights")[0], text
    else:
        assert "? Mystery spell (face down)" in text, text
        assert "Boss HP +1," not in text and "Owl looked" not in text, text


@pytest.mark.parametrize("wave", [2, 3], ids=["wave-2", "final-assault"])
async def test_a_lost_quests_last_attack_comes_before_the_results(wave):
    """BQ §Solo Quest: a wave lost on the last heart, or the final assault
    lost, ends the quest. Play-test (qa-bq7 finding 2): the results came at
    once, the wave's attack box (shown after every earlier wave) skipped.
    It comes first, over the results, as a match's last combat does."""
    from core.bossquest.actions import Resolve
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.bossquest import CombatScreen
    from tui.screens.results import ResultsScreen, push_results

    state = attrs.evolve(at_wave(wave, [boss(30, "R7", "Y7")], phase=Phase.SOLO_END,
                                 hearts=1), personal=())
    over = GAME.apply(state, 0, Resolve(0))
    assert over.phase is Phase.OVER and over.waves[-1].wave == wave
    def solo_update(s):
        return attrs.evolve(make_update(s), names=("Ann",), bots=frozenset())

    app = ScreenApp(solo_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        last = solo_update(over)
        screen.show(last)
        await pilot.pause()
        for mount in push_results(app, last, screen):
            await mount
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen), type(app.screen)
        text = " ".join(screen_text(app).split())
        stage = "Wave 2 of 2" if wave == 2 else "The final assault"
        assert f"{stage}: your attack" in text, text
        assert "14 against 30 HP: 16 short" in text, text
        assert "on to the results" in text, text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen), type(app.screen)


async def test_the_final_table_keeps_the_last_waves_bosses():
    """BQ §Solo Quest: the final table is the quest as it ended. Play-test
    (qa-bq7 finding 2): the Bosses' panel went empty once the last wave was
    fought, its Bosses seen only with c."""
    from core.bossquest.actions import Resolve
    from tests.test_bossquest_solo import at_wave, boss

    state = attrs.evolve(at_wave(2, [boss(21, "R7", "Y7"), boss(19, "B6")],
                                 phase=Phase.SOLO_END, hearts=1), personal=())
    over = GAME.apply(state, 0, Resolve(0))
    assert over.phase is Phase.OVER and not over.solo_bosses
    app = ScreenApp(attrs.evolve(make_update(over), names=("Ann",), bots=frozenset()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "Boss 1 21 HP attack 14 (7 short)" in text, text
        assert "Boss 2 19 HP attack 6 (13 short)" in text, text


@pytest.mark.parametrize("wave", [2, 3], ids=["wave-2", "final-assault"])
async def test_the_final_table_shows_the_ending_once_and_the_personal_spells_kept(wave):
    """BQ §Solo Quest: the final table is the quest as it ended. Play-test
    at 80x24: the ending was said twice (the score pad's notes and the
    prompt), and the personal spell still held (Atk-2) was cut off the
    board, the Bosses of a lost wave 2 and the waves' lines taking its
    rows. The ending is said once, under the board (the score pad keeps
    the miss); the board shows the personal spells kept, as during
    play."""
    from core.bossquest.actions import Resolve
    from core.bossquest.state import WaveResult
    from tests.test_bossquest_rules import ATKM2, HP1, HPM1, NEED_PAIR
    from tests.test_bossquest_solo import NEED_P, NEED_Y, PLAYTEST_WEAPONS, at_wave, boss

    bosses = [boss(21, "R1", "R2", "R3", "R4", "R5", spells=(HP1,)),
              boss(19, "P1", "P2", "P3", "P4", spells=(NEED_PAIR,)),
              boss(17, "B1", "B2", "B3", "B4", spells=(HPM1,))]
    waves = [WaveResult(wave=1, bosses=(boss(15, "R7", "Y7", "P1"), boss(16, "Y7")),
                        strengths=(15, 7), hps=(15, 16), defeated=(True, False),
                        hearts_lost=1, hearts_after=2)]
    if wave == 3:
        waves.append(WaveResult(wave=2, bosses=tuple(bosses), strengths=(15, 10, 10),
                                hps=(22, 19, 16), defeated=(True, True, False),
                                hearts_lost=1, hearts_after=1))
        bosses = [boss(30, *PLAYTEST_WEAPONS, spells=(NEED_Y, HP1, NEED_P))]
    state = attrs.evolve(at_wave(wave, bosses, phase=Phase.SOLO_END, hearts=1),
                         personal=(ATKM2,), waves=tuple(waves))
    over = GAME.apply(state, 0, Resolve(0))
    assert over.phase is Phase.OVER and over.ending
    app = ScreenApp(_solo_update(over))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert text.count(" ".join(over.ending.split())) == 1, text
        assert "Personal spells: Attack -2" in text or "Personal spells: Atk-2" in text, text
        for r in over.waves:  # and every wave's line under them
            assert ("Final assault: " if r.wave == 3 else f"Wave {r.wave}: ") in text, text
        assert "(r: rematch · b: the results · q: home)" in " ".join(text.split()), text


def test_a_waves_attack_names_every_spell_the_boss_took_bq47():
    """BQ-47 (every spell of a combat told, those used at once and the ones
    cancelled included), in the Solo Quest. Play-test (qa-bq7 finding 1):
    the wave's box left out Swap with deck (B2 -> B7), Need Purple and the
    Cancel that took it; the final assault's box called the MegaBoss
    "Boss 1" and the wave list "Wave 3"."""
    from core.bossquest.state import SoloBoss, WaveResult
    from tests.test_bossquest_rules import ATKM2, CANCEL, SWAP_DECK
    from tui.screens.bossquest import wave_text
    from tui.screens.bossquest_extras import solo_rows

    need_p = Spell(SpellKind.NEED_COLOUR, Colour.PURPLE)
    swapped = SoloBoss(15, (w("Y4"), w("B7")), (ATKM2,),
                       used=((SWAP_DECK, (w("B2"), w("B7"))),))
    spent = SoloBoss(16, (w("R7"),), used=((CANCEL, ()),))
    wave = WaveResult(wave=1, bosses=(swapped, spent), strengths=(9, 7), hps=(13, 16),
                      defeated=(False, False), hearts_lost=2, hearts_after=1)
    said = wave_text(wave).plain
    assert "spells: Swap with deck (B2 → B7), Attack -2" in said, said
    assert "spells: Cancel a spell (no effect: nothing to cancel)" in said, said
    mega = SoloBoss(30, (w("R7"),), cancelled=(need_p, CANCEL))
    final = WaveResult(wave=3, bosses=(mega,), strengths=(7,), hps=(30,), defeated=(False,),
                       hearts_lost=1, hearts_after=0)
    said = wave_text(final).plain
    assert "MegaBoss  7 [R7]" in said and "Boss 1" not in said, said
    assert "spells: Need Purple (P), cancelled by Cancel a spell" in said, said
    state = attrs.evolve(solo_table(), waves=(wave, final), solo_bosses=(), phase=Phase.OVER)
    rows = [r.plain for r in solo_rows(state)]
    assert "Final assault: 0/1 defeated, 1 heart lost" in rows, rows


async def test_solo_cancel_lists_every_spell_of_the_wave_with_its_boss_bq40():
    """BQ-11 ("'Cancel a spell' may target any activated spell of the
    round"), BQ-40 (changed 2026-12-06), BQ spell list: Cancel given to Boss
    1, with no spell, may take Boss 2's or Boss 3's. The play-test: the
    prompt read "choose the spell to cancel on that Boss", and Cancel was
    spent for nothing. The action bar names each spell with its Boss."""
    from core.bossquest.actions import TargetSpell
    from tests.test_bossquest_rules import CANCEL, HP1, HPM2
    from tests.test_bossquest_solo import at_wave, boss
    from tui.widgets import ActionBar

    state = at_wave(1, [boss(15), boss(16, spells=(HP1,)), boss(17, spells=(HPM2,))],
                    rows=((CANCEL, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(0))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [(c.key, c.label) for c in bar.choices] == [
            ("1", "Boss 2: Boss HP +1"), ("2", "Boss 3: Boss HP -2")]
        assert ("Cancel a spell: choose the spell to cancel on the wave's Bosses: 1-2."
                in " ".join(screen_text(app).split()))
        await pilot.press("2")
        await pilot.pause()
        assert app.port.submitted == [(0, TargetSpell(0, boss=2))]


def test_solo_give_step_says_cancel_has_nothing_to_cancel_bq40():
    """BQ-40: Cancel is spent for nothing only with no spell on any Boss of
    the wave; the play-test learned it only after the give. The prompt says
    so before the choice; with a spell in play it names the spell alone."""
    from tests.test_bossquest_rules import CANCEL, HP1
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.bossquest_extras import other_prompt

    state = attrs.evolve(at_wave(1, [boss(15), boss(16), boss(17)], rows=((CANCEL,), (), ())),
                         personal=())
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    legal = GAME.legal_actions(state, 0)
    assert other_prompt(state, legal, 0).plain == (
        "Wave 1: give Y5 (with Cancel a spell: nothing in play to cancel) to a Boss: 1-3.")
    with_spell = attrs.evolve(state, solo_bosses=(boss(15), boss(16, spells=(HP1,)), boss(17)))
    assert other_prompt(with_spell, legal, 0).plain == (
        "Wave 1: give Y5 (with Cancel a spell) to a Boss: 1-3.")


def test_solo_help_says_cancel_and_swap_reach_any_boss_bq40():
    """BQ-40 (after BQ-11, changed 2026-12-06): F1's Solo Quest symbols said
    Cancel takes "one spell on the Boss given it" and Swap "one weapon on
    that Boss"; both reach any Boss of the wave."""
    said = dict(BossQuestScreen.SOLO_HELP_SYMBOLS)
    assert said["Cancel"].startswith("Cancel a spell: one spell on any Boss of the wave")
    assert said["Swap deck"].startswith("Swap with deck: one weapon on any Boss of the wave")


# --- the Solo Quest's end, told whole (the Solo Quest play-test) ------------------


def _solo_update(state):
    return attrs.evolve(make_update(state), names=("Ann",), bots=frozenset())


def _playtest_lost():
    """The play-test's final assault: weapons 34 against 31 HP, Need Yellow
    unmet, a heart discarded for -1: 33, and the quest lost ("Almost")."""
    from core.bossquest.actions import Resolve
    from tests.test_bossquest_solo import playtest_final_assault

    state = playtest_final_assault()
    return state, GAME.apply(state, 0, Resolve(-1))


async def test_the_final_assaults_box_lists_the_hearts_discarded_bq41():
    """BQ §3. Final Assault, BQ-41, BQ-47 (a combat told whole). The
    play-test: the box's cards added up to 34 and its total read 33, the
    heart discarded for -1 nowhere; "2 hearts lost" did not say one was
    discarded; "2 over" left out Need Yellow unmet."""
    from tui.screens.bossquest import CombatPanel, wave_text

    _, over = _playtest_lost()
    said = wave_text(over.waves[-1]).plain
    assert "MegaBoss 33 [R1] [P1] [P3] [P7] [R7] [B4] [R3] [B6] [P2] [♥-1]" in said, said
    assert "33 against 31 HP: 2 over; unmet: Need Yellow (Y)" in said, said
    app = ScreenApp(_solo_update(over))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#bq-combat", CombatPanel)
        panel.show_wave(over.waves[-1], last=True)
        await pilot.pause()
        said = str(panel.query_one("#combat-spells").content)
    assert said == ("0/1 defeated: 2 hearts lost (1 discarded for -1, 1 for the failed attack), "
                    "0 left."), said


def test_the_final_table_counts_the_hearts_discarded_in_the_attack_bq41():
    """BQ-41. The play-test: the final table's row read "attack 34 (3 over)"
    beside the score pad's "33 against 31 HP, 2 over"; one total, the heart
    discarded listed, and the hearts lost split."""
    from tui.screens.bossquest_extras import solo_rows

    _, over = _playtest_lost()
    rows = [r.plain for r in solo_rows(over, 200)]
    row = next(r for r in rows if r.startswith("MegaBoss"))
    assert row.startswith("MegaBoss 31 HP  attack 33 (2 over)  R1 P1 P3 P7 R7 B4 R3 B6 P2 ♥-1"), row
    assert ("Final assault: 0/1 defeated, 2 hearts lost (1 discarded for -1, "
            "1 for the failed attack)") in rows, rows
    # at 80 columns, shorter (the hearts' -1s are on the row above)
    board = [r.plain for r in solo_rows(over, 78)]
    assert ("Final assault: 0/1 defeated, 2 hearts lost (1 discarded, 1 to the MegaBoss)"
            in board), board
    narrow = [r.plain for r in solo_rows(over, 60)]
    assert all(len(r) <= 60 for r in narrow), narrow
    assert "attack 33 (2 over)" in "\n".join(narrow), narrow
    at = narrow.index("Final assault: 0/1 defeated, 2 hearts lost")
    assert narrow[at + 1].strip() == "(1 discarded for -1, 1 for the failed attack)", narrow


def test_the_unmet_marker_always_names_its_condition():
    """BQ §1st Wave, Reference (a condition not met loses a heart). The
    play-test: "spells: Need Y, HP+1 (unmet)" read as if HP+1 were unmet,
    beside "(condition unmet)" and "(unmet: Need Y)" elsewhere: the marker
    names the condition, one way, short names or full."""
    from core.bossquest.actions import Resolve
    from tests.test_bossquest_rules import HP1
    from tests.test_bossquest_solo import NEED_Y, PLAYTEST_WEAPONS, at_wave, boss
    from tui.screens.bossquest_extras import solo_rows

    state = at_wave(3, [boss(30, *PLAYTEST_WEAPONS, spells=(NEED_Y, HP1))],
                    phase=Phase.SOLO_END, hearts=2)
    over = GAME.apply(attrs.evolve(state, personal=()), 0, Resolve(-1))
    for view in (state, over):
        for room in (200, 78, 60):
            board = "\n".join(r.plain for r in solo_rows(view, room))
            assert "(unmet: Need Y" in board, board
            assert "(unmet)" not in board and "condition unmet" not in board, board


async def test_the_final_table_header_counts_the_deck_the_quest_left_bq39():
    """BQ-39 (the weapons gathered for a next wave only). The play-test: a
    quest ended with 19 weapons in the deck and 9 on the MegaBoss read
    "Deck: 28 weapons" on the final table."""
    _, over = _playtest_lost()
    assert GAME.deck_size(over) == 19
    app = ScreenApp(_solo_update(over))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = screen_text(app).splitlines()[0]
    assert "Deck: 19" in header and "28" not in header, header


@pytest.mark.parametrize(("turns", "said"), [
    (2, "2 turns left in the final assault; this turn's spell: Boss HP +1"),
    (0, "The final assault's turns are spent."),
])
async def test_the_final_assaults_turns_are_not_a_waves(turns, said):
    """BQ §3. Final Assault: "You have 3 turns to defeat the MegaBoss"; it
    is no wave (BQ §Solo Quest: two waves, then the MegaBoss). The play-test
    read "3 turns left in the wave" and "The wave's turns are spent."."""
    from tests.test_bossquest_rules import HP1
    from tests.test_bossquest_solo import at_wave, boss

    row = (HP1, Spell(SpellKind.HP_MINUS_1))[:turns]
    state = at_wave(3, [boss(30, "R7")], rows=((), (), row),
                    phase=Phase.SOLO if turns else Phase.SOLO_END)
    app = ScreenApp(_solo_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert said in text, text
    assert "in the wave" not in text and "wave's" not in text, text


async def test_a_key_over_the_solo_attack_says_put_the_attack_away():
    """The Solo Quest calls it the attack ("Wave 1 of 2: your attack"); a
    key pressed with its box up read "Put the combat away first"."""
    from tui.screens.bossquest import CombatPanel

    _, over = _playtest_lost()
    app = ScreenApp(_solo_update(over))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.game_screen.query_one("#bq-combat", CombatPanel)
        panel.show_wave(over.waves[-1])
        panel.display = True
        panel.focus()
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    assert "Put the attack away first: Enter, space or Escape" in text, text
    assert "combat" not in text.split("MegaBoss 33")[1], text


@pytest.mark.parametrize("won", [False, True])
async def test_the_solo_results_show_the_quests_outcome_not_a_ranking(won):
    """BQ §3. Final Assault: the quest is won or lost, and its ending goes
    by the hearts kept; it has no score to rank by. The play-test: "#1 Ann
    Score 0" for a lost quest, nothing saying what the score was, a
    ranking of one. The results say the outcome, the ending's name and the
    hearts kept, and every reason the last attack missed."""
    from textual.widgets import DataTable

    from core.bossquest.actions import Resolve
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.results import ResultsScreen

    if won:
        state = at_wave(3, [boss(30, "R7", "Y7", "P7", "B7", "R1")], phase=Phase.SOLO_END)
        over = GAME.apply(attrs.evolve(state, personal=()), 0, Resolve(1))
    else:
        _, over = _playtest_lost()
    app = ScreenApp(_solo_update(over))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.push_screen(ResultsScreen(_solo_update(over)))
        await pilot.pause()
        table = app.screen.query_one("#standings", DataTable)
        heads = [str(c.label) for c in table.columns.values()]
        row = [str(x).strip() for x in table.get_row_at(0)]
        text = " ".join(screen_text(app).split())
    assert heads == ["Player", "Quest", "Ending", "Hearts kept"], heads
    assert "#" not in heads and "Score" not in heads
    if won:
        assert row == ["Ann ★", "Won", "General-in-Chief", "2"], row
    else:
        assert row == ["Ann", "Lost", "Almost", "0"], row
        assert ("The final assault missed the MegaBoss: 33 against 31 HP (2 over; unmet: "
                "Need Yellow (Y)).") in text, text


# --- the wave's attack asks first when a spell held could change it ----------


def _short_boss_at_the_waves_end():
    """At a wave's end, every personal spell held: Boss 1 and Boss 3 exact,
    Boss 2 two short (the play-test's "attack 14 (2 short)")."""
    from tests.test_bossquest_solo import at_wave, boss

    bosses = [boss(15, "R7", "Y7", "P1"), boss(16, "R7", "Y7"), boss(17, "R5", "Y5", "P7")]
    return at_wave(1, bosses, phase=Phase.SOLO_END)


async def test_attack_asks_first_when_a_personal_spell_could_save_a_heart():
    """Play-test: "Attack!" fought the wave at once, Boss 2 two short with
    Attack +2 in hand (1 heart lost, and u could not take it back: the
    next wave's Bosses had turned). It asks first, saying which Boss and
    which spell; Enter then attacks, Esc goes back with the highlight on
    the spell that could (BQ §1st Wave: personal spells at any time)."""
    from core.bossquest.actions import Resolve
    from tui.screens.bossquest import _PersonalSpell
    from tui.widgets import ActionBar

    app = ScreenApp(make_update(_short_boss_at_the_waves_end()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.choices[bar.cursor].value == Resolve(0)
        bar.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == []
        text = " ".join(screen_text(app).split())
        assert ("Boss 2 is 2 short: Attack +2 could still make it exact. Attack anyway? "
                "Enter attacks · Esc goes back.") in text, text
        assert [c.label for c in bar.choices] == ["Attack anyway", "Back"]
        await pilot.press("escape")
        await pilot.pause()
        assert app.port.submitted == []
        assert bar.choices[bar.cursor].label == "Attack +2 on…"
        assert isinstance(bar.choices[bar.cursor].value, _PersonalSpell)
        assert "Attack anyway" not in screen_text(app)
        bar.move_to(0)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # confirmed
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, Resolve(0))]


@pytest.mark.parametrize(("held", "could"), [
    ("atk+2", "Attack +2 could still make either exact, not both."),
    ("atk+2 atk-1", "your personal spells could still make both exact."),
])
async def test_the_attack_check_counts_each_personal_spell_once(held, could):
    """Play-test: Boss 2 and Boss 3 each 2 short with one Attack +2 held
    read "your personal spells could still make them exact": a personal
    spell is played once (BQ §1st Wave), so it says either, not both
    (`solo.made_exact_at_once`); with Attack -1 too and Boss 3 one over,
    both."""
    from core.bossquest.cards import Spell, SpellKind
    from tests.test_bossquest_solo import at_wave, boss

    third = boss(16, "R7", "Y7") if held == "atk+2" else boss(13, "R7", "Y7")
    state = at_wave(1, [boss(15, "R7", "Y7", "P1"), boss(16, "R7", "Y7"), third],
                    phase=Phase.SOLO_END)
    state = attrs.evolve(state, personal=tuple(Spell(SpellKind(k)) for k in held.split()))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#bq-actions").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == []
        text = " ".join(screen_text(app).split())
        gaps = "Boss 3 is 2 short" if held == "atk+2" else "Boss 3 is 1 over"
        assert f"Boss 2 is 2 short, {gaps}: {could} Attack anyway?" in text, text


@pytest.mark.parametrize("personal", ["none", "useless"])
async def test_attack_does_not_ask_when_no_spell_held_could_change_it(personal):
    """No nagging: with no personal spell that could bring a failing Boss to
    its HP exactly (none held, or Boss 2 seven short), Enter attacks at
    once."""
    from core.bossquest.actions import Resolve
    from tests.test_bossquest_solo import at_wave, boss
    from tui.widgets import ActionBar

    state = _short_boss_at_the_waves_end()
    if personal == "none":
        state = attrs.evolve(state, personal=())
    else:
        state = at_wave(1, [boss(15, "R7", "Y7", "P1"), boss(21, "R7", "Y7")],
                        phase=Phase.SOLO_END)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        bar.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, Resolve(0))]


async def test_the_final_assault_asks_for_the_attack_a_spell_could_make_exact_bq41():
    """BQ §3. Final Assault, BQ-41: 28 vs the MegaBoss's 30 with Attack +2
    held: attacking as you are asks first; discarding two hearts for +2
    (exact) does not."""
    from core.bossquest import cards
    from core.bossquest.actions import Resolve
    from core.bossquest.state import SoloBoss
    from tests.test_bossquest_solo import at_wave
    from tui.widgets import ActionBar

    megaboss = SoloBoss(cards.MEGABOSS, tuple(w(c) for c in ("R7", "Y7", "P7", "B7")))
    state = at_wave(3, [megaboss], phase=Phase.SOLO_END)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.choices[bar.cursor].value == Resolve(0)
        bar.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == []
        assert "The MegaBoss is 2 short: Attack +2 could still make it exact." in " ".join(
            screen_text(app).split())
        await pilot.press("escape")
        await pilot.pause()
        index = [c.value for c in bar.choices].index(Resolve(2))
        bar.move_to(index)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, Resolve(2))]


# --- a spell given to one Boss that acted on another shows on both ------------


def _cancel_from_boss_3():
    """Wave 1: Boss 1 has Need Red; Cancel comes with the turn's weapon,
    given to Boss 3, and takes Boss 1's Need Red (BQ-40)."""
    from tests.test_bossquest_rules import CANCEL, HP1
    from tests.test_bossquest_solo import at_wave, boss

    need_r = Spell(SpellKind.NEED_COLOUR, Colour.RED)
    state = at_wave(1, [boss(15, "Y7", "P6", spells=(need_r,)), boss(16, "B7", spells=(HP1,)),
                        boss(17, "R5", "Y5")], rows=((CANCEL, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("P3")))
    state = GAME.apply(state, 0, AssignTo(2))
    from core.bossquest.actions import TargetSpell

    return GAME.apply(state, 0, TargetSpell(0, boss=0))


async def test_a_cancel_given_to_another_boss_shows_on_the_boss_it_was_given_to_bq40():
    """Play-test (80x24): a Cancel given to Boss 3 showed only as "Need R
    cancelled" on Boss 1, and Boss 3's row said nothing of it. Boss 3's
    row says "Cancel a spell (on Boss 1)"; Boss 1's keeps the spell struck
    out."""
    app = ScreenApp(make_update(_cancel_from_boss_3()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        rows = screen_text(app).splitlines()
        boss_1 = next(r for r in rows if "Boss 1 15 HP" in r)
        boss_3 = next(r for r in rows if "Boss 3 17 HP" in r)
        assert "cancelled" in boss_1 and "on Boss" not in boss_1, boss_1
        # (full names where the rows fit: "Cancel a spell (on Boss 1)")
        assert "Cancel a spell (on Boss 1)" in boss_3, boss_3


def test_a_swap_given_to_another_boss_shows_under_it_in_the_waves_attack_bq47():
    """Play-test: a Swap with deck given to Boss 2 showed in the wave's
    attack under Boss 1 ("Swap with deck (Y2 → P7)"), and Boss 2's line
    listed only "HP+1". Boss 2's says "Swap with deck (on Boss 1)" too
    (BQ-47: every spell the Boss took); on the board as well."""
    from core.bossquest.actions import TargetWeapon
    from tests.test_bossquest_rules import HP1, SWAP_DECK
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.bossquest import wave_text
    from tui.screens.bossquest_extras import solo_rows

    state = at_wave(1, [boss(15, "Y2", "R6"), boss(16, "B7"), boss(17)],
                    rows=((SWAP_DECK, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(1))
    state = GAME.apply(state, 0, TargetWeapon(w("Y2")))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("P7")))
    board = [r.plain for r in solo_rows(state, 78)]
    boss_2 = next(r for r in board if r.startswith("Boss 2"))
    assert boss_2.endswith("Swap deck (on Boss 1)") or boss_2.endswith(
        "Swap with deck (on Boss 1)"), board
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y2")))  # on top (BQ-49)
    state = GAME.apply(state, 0, AssignTo(1))
    state = GAME.apply(state, 0, Resolve(0))
    said = wave_text(state.waves[-1], width=78).plain
    lines = said.split("\n")
    boss_1 = lines.index(next(line for line in lines if "Boss 1" in line))
    boss_2 = lines.index(next(line for line in lines if "Boss 2" in line))
    assert "spells: Swap with deck (Y2 → P7)" in "\n".join(lines[boss_1:boss_2]), said
    assert "spells: Swap with deck (on Boss 1), Boss HP +1" in " ".join(
        " ".join(lines[boss_2:]).split()), said


async def test_every_spell_given_to_a_boss_is_on_its_row_bq40():
    """BQ-40 (Cancel with nothing to cancel, or Swap with deck with nothing
    to swap, is spent for nothing), BQ-10. Play-test: a Swap with deck that
    acted on its own Boss, and a Cancel spent for nothing, were listed in
    the wave's attack but not on their Bosses' rows. Each is on its row:
    "Swap with deck (Y2 → P7)", "Cancel (no effect)"; a swap given to
    another Boss is on that one's row only ("(on Boss 1)"). At 80x24 every
    row fits, spells on a line of their own where too long."""
    from core.bossquest.actions import TargetWeapon
    from tests.test_bossquest_rules import CANCEL, HP1, SWAP_DECK
    from tests.test_bossquest_solo import at_wave, boss
    from tui.screens.bossquest_extras import solo_rows

    state = at_wave(1, [boss(15, "Y2", "R6"), boss(16, "B7"), boss(17)],
                    rows=((CANCEL, SWAP_DECK, SWAP_DECK, HP1), (), ()))
    state = GAME.apply(state, 0, Ask(1))  # Cancel to Boss 3: nothing to cancel
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    state = GAME.apply(state, 0, AssignTo(2))
    state = GAME.apply(state, 0, Ask(1))  # Swap with deck to Boss 1, on its Y2
    state = GAME.apply(state, CHANCE, DrawWeapon(w("B1")))
    state = GAME.apply(state, 0, AssignTo(0))
    state = GAME.apply(state, 0, TargetWeapon(w("Y2")))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("P7")))
    state = GAME.apply(state, 0, Ask(1))  # Swap with deck to Boss 2, on Boss 1's R6
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y2")))
    state = GAME.apply(state, 0, AssignTo(1))
    state = GAME.apply(state, 0, TargetWeapon(w("R6")))
    (drawn, _), *_ = GAME.chance_outcomes(state)
    state = GAME.apply(state, CHANCE, drawn)
    board = [r.plain for r in solo_rows(state, 78)]
    said = " ".join(board)

    def row(n):
        at = next(i for i, r in enumerate(board) if r.startswith(f"Boss {n}"))
        under = board[at + 1] if board[at + 1].startswith("    spells:") else ""
        return board[at] + under

    assert ("Swap with deck (Y2 → P7)" in row(1) or "Swap deck (Y2 → P7)" in row(1)), board
    assert "R6 →" not in row(1) and "(on Boss" not in row(1), board
    assert ("Swap with deck (on Boss 1)" in row(2) or "Swap deck (on Boss 1)" in row(2)), board
    assert "Cancel (no effect)" in row(3) or "Cancel a spell (no effect)" in row(3), said
    assert all(len(r) <= 78 for r in board), board
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "→ P7)" in text and "(no effect)" in text, text


async def test_at_the_final_assault_a_spell_then_the_exact_attack_bq41():
    """Play-test (80x24): 33 against the MegaBoss's 30 HP, 2 hearts, Attack
    -2 held; Enter on "Attack as you are" lost the quest at once, though
    Attack -2 and a heart for -1 (BQ §3. Final Assault, BQ-41: each heart
    +1 or -1, never the last) made exactly 30. It asks first, naming how;
    Esc goes back on Attack -2; played, the highlight goes to the attack
    it made exact (a heart for -1), and Enter takes it."""
    from core.bossquest import cards
    from core.bossquest.actions import PlayPersonal, Resolve
    from core.bossquest.state import SoloBoss
    from tests.test_bossquest_rules import ATKM2
    from tests.test_bossquest_solo import at_wave
    from tui.widgets import ActionBar

    megaboss = SoloBoss(cards.MEGABOSS, tuple(w(c) for c in ("R7", "Y7", "P7", "B7", "R5")))
    state = attrs.evolve(at_wave(3, [megaboss], phase=Phase.SOLO_END, hearts=2),
                         personal=(ATKM2,))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.choices[bar.cursor].label == "Attack as you are: 33 vs 30 HP"
        bar.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == []
        text = " ".join(screen_text(app).split())
        assert ("The MegaBoss is 3 over: Attack -2 and a heart for -1 could still make it "
                "exact. Attack anyway?") in text, text
        await pilot.press("escape")
        await pilot.pause()
        assert bar.choices[bar.cursor].value == PlayPersonal(ATKM2, 0)
        await pilot.press("enter")
        await pilot.pause()
        (seat, played), = app.port.submitted
        state = GAME.apply(state, seat, played)
        app.game_screen.show(make_update(state))
        await pilot.pause()
        assert bar.choices[bar.cursor].value == Resolve(-1), bar.choices[bar.cursor].label
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.port.submitted) == 2)
        assert app.port.submitted[-1] == (0, Resolve(-1))


async def test_after_swap_with_deck_the_solo_header_shows_the_top_card_bq10():
    """BQ-10, BQ-49: the weapon Swap with deck gives up goes on top of the
    deck, known. Play-test: the Solo Quest's header read only "Deck: 25
    weapons" (the log said "R2 goes on top of the deck"); as the knights'
    game it reads "(top: R2)" until that weapon is drawn."""
    from core.bossquest.actions import TargetWeapon
    from core.bossquest.cards import Spell, SpellKind

    state = solo_table()
    row = (Spell(SpellKind.SWAP_DECK),) + state.rows[0][1:]
    state = attrs.evolve(state, rows=(row,) + state.rows[1:])
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(state.weapon_deck[0]))
    state = GAME.apply(state, 0, AssignTo(0))
    given = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, TargetWeapon))
    state = GAME.apply(state, 0, given)
    (draw, _), *_ = GAME.chance_outcomes(state)
    state = GAME.apply(state, CHANCE, draw)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        header = screen_text(app).splitlines()[0]
        assert f"(top: {given.weapon})" in header, header
    # drawn, it is no longer known on top
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "(top: " not in screen_text(app).splitlines()[0]
