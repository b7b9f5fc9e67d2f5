"""Boss Quest's number keys where a list runs past 9 (a play-test of the
Solo Quest's Swap with deck, which lists every weapon on the wave's Bosses:
often 10 to 17 of them)."""

from __future__ import annotations

import attrs

from core.bossquest import GAME
from core.bossquest.actions import TargetWeapon
from core.bossquest.cards import Colour, Spell, SpellKind
from core.bossquest.state import Phase, Step
from tests.bossquest_screen_kit import ScreenApp, make_update, screen_text, w
from tests.screen_kit import settle, wait_for
from tests.test_bossquest_solo import at_wave, boss
from tui.widgets import ActionBar

#: the seconds after which a digit waiting used to be taken by itself
OLD_TYPE_GAP = 1.0

#: 17 weapons on the wave's three Bosses
SEVENTEEN = (
    boss(15, "R1", "R2", "R3", "Y1", "Y2", "Y3"),
    boss(18, "P1", "P2", "P3", "B1", "B2", "B3"),
    boss(21, "R5", "Y5", "P5", "B5", "R6"),
)


def swap_with_deck(bosses=SEVENTEEN):
    """The Solo Quest's Swap with deck cast on a wave whose Bosses hold
    `bosses`' weapons (BQ-40: any of them may be swapped)."""
    state = attrs.evolve(at_wave(1, list(bosses), phase=Phase.SOLO_TARGET),
                         casting=Spell(SpellKind.SWAP_DECK), solo_target=0)
    targets = [a for a in GAME.legal_actions(state, 0) if isinstance(a, TargetWeapon)]
    return state, targets


def _footer_range(app) -> str:
    binding = app.screen.active_bindings["1"].binding
    return binding.key_display


async def test_seventeen_weapons_take_two_digits():
    """Play-test: "choose the weapon to swap on the wave's Bosses: 1-17",
    the footer "1-9 Pick", and 1 then 7 swapped weapon 1 at once (a card
    was drawn: u could not take it back). 1 then 7 swaps weapon 17; the
    footer names 1-17."""
    state, targets = swap_with_deck()
    assert len(targets) == 17
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "the weapon to swap on the wave's Bosses: 1-17" in " ".join(
            screen_text(app).split())
        assert _footer_range(app) == "1-17"
        await pilot.press("1")
        await pilot.pause()
        assert app.port.submitted == []  # 1 may begin 10-17: it waits
        await pilot.press("7")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, targets[16])]


async def test_a_digit_alone_waits_for_the_next_or_enter_with_no_time_limit():
    """Play-test: Swap with deck on 12 weapons, `1` typed; "Typed 1…: Enter
    takes 1, or type the next digit for 10-12." and about a second later,
    no Enter, weapon 1 was swapped (a card drawn: u refused). A digit that
    may begin a longer number waits for the next digit or Enter, however
    long the player reads the list; Enter then takes it."""
    state, targets = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.choices[bar.cursor].key == "1"  # the choice it names, highlighted
        await pilot.pause(OLD_TYPE_GAP * 2.5)  # a newcomer reading the list
        assert app.port.submitted == []
        prompt = " ".join(str(app.screen.query_one("#bq-prompt").render()).split())
        assert ("Typed 1…: Enter takes 1, or type the next digit for 10-17 (Esc clears)."
                in prompt), prompt
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, targets[0])]


async def test_escape_clears_a_waiting_digit():
    """Esc clears the digit waiting (the prompt as it was), and nothing is
    swapped; the next digit then begins a new number (3: weapon 3)."""
    state, targets = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "escape")
        await pilot.pause(OLD_TYPE_GAP + 0.2)
        assert app.port.submitted == []
        assert "Typed 1" not in screen_text(app)
        await pilot.press("3")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, targets[2])]


async def test_enter_takes_the_digit_typed_at_once():
    """1 then Enter: weapon 1 now, not after the wait (and once only)."""
    state, targets = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.port.submitted == [(0, targets[0])]
        await pilot.pause(OLD_TYPE_GAP + 0.2)  # nothing more comes of the 1
        assert app.port.submitted == [(0, targets[0])]


async def test_a_digit_no_longer_number_begins_acts_at_once():
    """2 to 9 begin no listed number (1-17): they swap at once, as before."""
    state, targets = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await pilot.pause()
        assert app.port.submitted == [(0, targets[2])]


async def test_a_two_digit_number_not_listed_chooses_nothing():
    """1 then 9 (19, past 17) chooses nothing and says which do; 1 is not
    taken for the player meant another number."""
    state, _ = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("1", "9")
        await wait_for(pilot, lambda: any("19 chooses nothing" in n.message
                                          for n in app._notifications))
        await pilot.pause(OLD_TYPE_GAP + 0.2)
        assert app.port.submitted == []
        assert any("press 1-17" in n.message for n in app._notifications)


async def test_nine_choices_or_fewer_act_at_once():
    """With nine weapons or fewer a digit is the whole number: 1 swaps at once."""
    state, targets = swap_with_deck((boss(15, "R1", "R2"), boss(18, "P1"), boss(21, "B5")))
    assert len(targets) == 4
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _footer_range(app) == "1-4"
        await pilot.press("1")
        await pilot.pause()
        assert app.port.submitted == [(0, targets[0])]


# --- the combat and wave boxes: a wrapped entry hangs under its text ---------


def test_a_wrapped_spell_line_hangs_under_its_text():
    """Play-test: in the combat box "● Swap hidden → Ann, Bram: hidden cards
    swapped; Ann 15→20," went on with "Bram 13→8" at column 1, as if a new
    entry. The line goes on under its text (past "● ")."""
    from core.bossquest.state import ActiveSpell
    from tests.test_bossquest_combat_spells import result
    from tui.screens.bossquest import spells_block

    fought = result([ActiveSpell(Spell(SpellKind.HP_PLUS_1)),
                     ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=1)],
                    equipment=((w("R5"), w("R6")), (w("B2"), w("B3"))),
                    strengths=(11, 6), eliminated=("", ""), winners={0})
    names = ["Annabel the Unyielding", "Bramwell of the Long Road"].__getitem__
    lines = spells_block(fought, names, width=30).plain.splitlines()
    entries = [n for n, line in enumerate(lines) if line.startswith(("●", "○"))]
    assert len(entries) == 2 and len(lines) > 3, lines
    for line in lines[1:]:
        assert line.startswith(("●", "○", "  ")) and len(line) <= 30, lines


def test_a_waves_wrapped_spells_hang_under_their_text():
    """Play-test: the wave's box read "    spells: Boss HP +1; Need Blue (B),
    cancelled by Cancel a" then "spell" at column 1. The spells go on
    under the first spell, and a Boss's many weapons under its first."""
    from core.bossquest.state import SoloBoss, WaveResult
    from tests.test_bossquest_rules import CANCEL
    from tui.screens.bossquest import wave_text

    need_b = Spell(SpellKind.NEED_COLOUR, Colour.BLUE)
    codes = ("R1", "R2", "R3", "Y1", "Y2", "Y3", "P1", "P2", "P3", "B1", "B2", "B3", "R4",
             "Y4", "P4", "B4")
    many = SoloBoss(15, tuple(w(c) for c in codes), (Spell(SpellKind.HP_PLUS_1),),
                    cancelled=(need_b, CANCEL))
    wave = WaveResult(wave=1, bosses=(many,), strengths=(40,), hps=(16,), defeated=(False,),
                      hearts_lost=1, hearts_after=2)
    lines = wave_text(wave, width=60).plain.splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    at = next(n for n, line in enumerate(lines) if line.startswith("    spells: "))
    assert lines[at + 1].startswith(" " * len("    spells: ") + "spell"), lines
    assert lines[1].startswith(" " * len("  Boss 1 40 ")), lines  # weapons, under the first



async def test_the_combat_box_hangs_a_wrapped_spell_under_its_text():
    """The play-test's box at 80x24: the swap's strengths went on at the
    box's first column, as if an entry of their own."""
    from tests.test_tui_bossquest_extensions import _mystery_swap_combat_app

    app = _mystery_swap_combat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = [line.strip() for line in screen_text(app).splitlines()]
    (went_on,) = [line for line in lines if "Ann 16→18" in line]
    assert went_on.startswith("█   swapped; at the swap: Ann 16→18"), lines


# --- wording ------------------------------------------------------------------


async def test_a_spell_cast_on_the_waves_last_turn_says_so():
    """Play-test: Cancel or Swap with deck on the wave's last turn read
    "Swap with deck is cast; then 0 turns left."."""
    state, _ = swap_with_deck()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "0 turns left" not in text, text
    assert "Swap with deck is cast on the wave's last turn." in text, text


async def test_a_watchers_mystery_spell_is_worded_for_a_watcher():
    """Play-test: a watcher's Wizard panel said "? Mystery spell (face
    down) blind — You decide blind; then it is revealed.", though nobody
    at that terminal plays. A knight decides; a seated knight still reads
    "You"."""
    from tests.bossquest_screen_kit import full_state

    for seat, words in ((None, "The knight decides blind; then it is revealed."),
                        (0, "You decide blind; then it is revealed.")):
        app = ScreenApp(make_update(full_state(), seat=seat))
        async with app.run_test(size=(160, 45)) as pilot:
            await settle(pilot)
            text = " ".join(screen_text(app).split())
        assert words in text, (seat, text)


async def test_swap_companions_numbers_its_choices_as_swap_with_deck_does():
    """Play-test (Companions, 80x24): "Swap companions: choose two, one a
    knight's at least: ←→ Enter." over 14 pairs in two columns, some out of
    sight below, with no numbers, unlike Swap with deck's. They are
    numbered, the prompt says ↑↓ and the count, a typed number picks one
    (past 9, digit by digit), and the one typed comes into sight."""
    from core.bossquest.actions import SwapCompanions
    from tests.test_tui_bossquest_extensions import extensions_table
    from tui.screens.bossquest_extras import swap_order

    state = attrs.evolve(extensions_table(), step=Step.TARGET,
                         casting=Spell(SpellKind.SWAP_COMPANIONS))
    update = make_update(state)
    pairs = swap_order(update.view, update.legal)
    assert len(pairs) == 14 and all(isinstance(a, SwapCompanions) for a in pairs)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "choose two, one a knight's at least: ↑↓ Enter or 1-14." in text, text
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [c.key for c in bar.choices] == [str(n) for n in range(1, 15)]
        assert _footer_range(app) == "1-14"
        await pilot.press("1")
        await pilot.pause()
        assert app.port.submitted == []  # 1 may begin 10-14: it waits
        # and says so: row 1 was highlighted already, and nothing showed
        # the 1 was typed (play-test)
        prompt = " ".join(str(app.screen.query_one("#bq-prompt").render()).split())
        assert ("Typed 1…: Enter takes 1, or type the next digit for 10-14 (Esc clears)."
                in prompt), prompt
        await pilot.press("3")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, pairs[12])]
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")  # the choice named so far, in sight while the next digit waits
        await pilot.press("4")
        await wait_for(pilot, lambda: app.port.submitted != [])
        assert app.port.submitted == [(0, pairs[13])]
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = " ".join(str(app.screen.query_one("#bq-prompt").render()).split())
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("escape")  # the digit dropped: the prompt as it was
        await pilot.pause()
        after = " ".join(str(app.screen.query_one("#bq-prompt").render()).split())
        assert after == before and app.port.submitted == [], after


async def test_a_panel_tab_reached_gives_the_keys_back_to_the_decision():
    """Play-test: on a turn, Shift+Tab twice focused the Knights panel; the
    footer lost "↵ Do it", Enter did nothing and said nothing, Escape did
    not give the keys back. Now Enter there says where the keys are, Escape
    gives them back to the action bar, and so does a new decision."""
    from tests.bossquest_screen_kit import full_state
    from tests.screen_kit import record_notices

    update = make_update(full_state())
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        bar = screen.query_one("#bq-actions", ActionBar)
        assert app.focused is bar
        said = record_notices(app)

        async def to_a_panel() -> None:
            for _ in range(6):
                await pilot.press("shift+tab")
                await settle(pilot)
                if app.focused not in (bar, None) and "Log" not in type(app.focused).__name__:
                    return
            raise AssertionError(f"no panel reached: {app.focused!r}")

        await to_a_panel()
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(s.startswith("Not now") for s in said))
        assert "Escape" in said[-1], said
        assert app.port.submitted == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is bar)
        assert "↵" in screen_text(app).splitlines()[-1]
        await to_a_panel()
        target = full_state(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_PLUS_2))
        screen.show(make_update(target))
        await wait_for(pilot, lambda: app.focused is screen._target_widget())
