"""The Boss Quest screen as a new player found it in a play-test: where the
action bar's cursor starts (never on a step with no way back the player did
not choose), what the prompt offers and says, the Boss panel at Ul'ul's
night, the status line of another knight's turn, and a resize through a
terminal too small and back."""

from __future__ import annotations

import re

import attrs
import pytest
from textual.widgets import Static

from core.bossquest import GAME, solo
from core.bossquest.actions import (
    Ask,
    EndTurn,
    GoToWizard,
    LetPass,
    PeekHidden,
    PeekMystery,
    Resolve,
)
from core.bossquest.cards import ULUL, Companion
from core.bossquest.state import Options, Phase, Step, Ulul
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update, screen_text, w
from tests.screen_kit import settle
from tui.widgets import ActionBar, Market


def cursor_value(app):
    bar = app.screen.query_one("#bq-actions", ActionBar)
    return bar.choices[bar.cursor].value


def with_owl(state, *, spent=frozenset()):
    """Companions on: Ann holds the Owl, its power not yet used."""
    return attrs.evolve(
        state,
        options=Options(companions=True),
        companions=(Companion.OWL, Companion.FOX, Companion.HARE, Companion.TORTOISE),
        reserve=(Companion.CHAMELEON, Companion.RAVEN),
        spent=spent,
    )


def over_the_hp(state):
    ann = attrs.evolve(state.knights[0], visible=(w("B3"), w("Y2"), w("P7"), w("G7")))
    return attrs.evolve(state, knights=(ann, *state.knights[1:]))


# --- 1. after the Owl, the cursor is back on asking --------------------------


async def test_after_the_owl_the_cursor_is_on_asking_not_on_the_wizard():
    """BQ §2: "a player who has gone to the WIZARD cannot go back". The
    play-test: the Owl's choices end the action bar; once the Owl is used
    they are gone, and a cursor kept by place fell on "Go to the Wizard",
    so the next Enter ended the knight's equipping. A new decision starts
    the cursor on asking for weapons."""
    state = with_owl(full_state())
    update = make_update(state)
    peek = PeekHidden(3)
    assert peek in update.legal and Ask(1) in update.legal
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert cursor_value(app) == Ask(1)
        await pilot.press("o")  # the Owl's power: its cards come on the bar
        await pilot.pause()
        bar.move_to([c.value for c in bar.choices].index(peek))
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, peek)]
        after = GAME.apply(state, 0, peek)
        assert Companion.OWL in after.spent and after.turn == 0
        app.game_screen.show(make_update(after))
        await pilot.pause()
        assert not any(isinstance(c.value, (PeekHidden, PeekMystery)) for c in bar.choices)
        assert cursor_value(app) == Ask(1)
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted[-1] == (0, Ask(1))


async def test_at_the_hp_exactly_an_enter_neither_asks_nor_goes_to_the_wizard_bq54():
    """BQ §Game Objective: as close as possible without ever exceeding the
    HP. A knight at the HP exactly (the play-test's "= 16 = 16 HP:
    perfect") found the cursor on asking for a weapon, which could only
    take them over; it then started on the Wizard, whose choice is final
    (BQ §2B, BQ-54), and an Enter meant for the eyes-only box went there
    for good (play-test bqall, finding 3). Nothing is highlighted: Enter
    says which keys to press; w goes. Short of the HP, it starts on asking."""
    from tui.widgets.actionbar import ActionBar

    state = full_state()
    assert GAME.standing(state, 0) == ("short", 7)
    ann = attrs.evolve(state.knights[0], visible=(*state.knights[0].visible, w("P7")))
    perfect = attrs.evolve(state, knights=(ann, *state.knights[1:]))
    assert GAME.standing(perfect, 0) == ("perfect", 0)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert cursor_value(app) == Ask(1)
    app = ScreenApp(make_update(perfect))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#bq-actions", ActionBar).cursor == -1
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == []
        notes = [n.message for n in app._notifications]
        assert notes == ["Going to the Wizard is for good: press w to go, or 1-4 to ask "
                         "for weapons (Enter does nothing yet)."], notes
        await pilot.press("w")
        await pilot.pause()
        assert app.port.submitted == [(0, GoToWizard())]


@pytest.mark.parametrize(("kind", "first"), [("ATTACK_MINUS_1", 1), ("ATTACK_MINUS_2", 1),
                                             ("ATTACK_PLUS_1", 0)])
async def test_a_spells_target_starts_where_an_enter_does_no_harm(kind, first):
    """BQ §Spell effects: Attack -1 / -2 lower a knight's attack. The
    play-test found Attack -1's target starting on the caster, so one Enter
    hurt oneself: a lowering spell starts on the next knight, a raising one
    on the caster."""
    from core.bossquest.cards import Spell, SpellKind
    from tui.widgets.picklist import PickList

    state = full_state(step=Step.TARGET, casting=Spell(SpellKind[kind]))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#bq-knights", PickList).cursor == first


async def test_the_cursor_stays_where_the_player_put_it_for_the_same_decision():
    """A resize draws the same decision again: the cursor the player moved
    stays (only a new decision starts it on a safe choice)."""
    app = ScreenApp(make_update(full_state()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("right", "right")
        assert cursor_value(app) == Ask(3)
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert cursor_value(app) == Ask(3)


async def test_the_hare_starts_on_ending_the_turn():
    """BQ §Companions, the Hare: the knight *may* chain on to the Wizard, no
    way back; the cursor starts on ending the turn."""
    state = attrs.evolve(with_owl(full_state()), step=Step.HARE,
                         companions=(Companion.HARE, Companion.FOX, Companion.OWL,
                                     Companion.TORTOISE))
    update = make_update(state)
    assert set(update.legal) == {GoToWizard(), EndTurn()}
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert cursor_value(app) == EndTurn()


# --- 2. the Solo Quest's final assault -----------------------------------------


def final_assault(attack_codes=("R7", "Y7", "B7", "P6", "R2"), hearts=3):
    """BQ §3. Final Assault: the MegaBoss (30 HP), its turns spent, no
    personal spell left."""
    from tests.test_bossquest_solo import at_wave, boss

    state = at_wave(3, [boss(30, *attack_codes)], phase=Phase.SOLO_END, hearts=hearts)
    return attrs.evolve(state, personal=())


async def test_the_final_assault_starts_on_the_plain_attack_and_says_what_each_costs():
    """BQ §3. Final Assault: "you may discard one of your HEARTS to add 1 to
    or subtract 1 from your total attack strength — unless it is your last
    HEART"; BQ-41: discarded as the knight attacks, all +1 or all -1. The
    play-test: 1 short (29 of 30), the cursor started on "Attack, hearts -1"
    (a heart spent, and 28: a failure), and "hearts +1" read like gaining a
    heart. The cursor starts on the attack as the knight stands; each choice
    says the hearts it discards and the attack it makes."""
    state = final_assault()
    assert solo.boss_strength(state.solo_bosses[0]) == 29
    update = make_update(state)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        labels = [c.label for c in bar.choices]
        assert labels == [
            "Attack as you are: 29 vs 30 HP",
            "Discard 1 heart for +1 attack: 30 vs 30 HP",
            "Discard 1 heart for -1 attack: 28 vs 30 HP",
            "Discard 2 hearts for +2 attack: 31 vs 30 HP",
            "Discard 2 hearts for -2 attack: 27 vs 30 HP",
        ]
        assert cursor_value(app) == Resolve(0)
        text = " ".join(screen_text(app).split())
        assert "your attack is 29 vs the MegaBoss's 30 HP (1 short)" in text
        assert "never your last" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, Resolve(0))]


async def test_the_final_assault_with_one_heart_offers_the_attack_alone():
    """BQ-41: never the last heart: with one, the attack as it stands only."""
    update = make_update(final_assault(hearts=1))
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert [c.value for c in bar.choices] == [Resolve(0)]
        assert "discard hearts" not in screen_text(app)


# --- 3. over the HP with companions ---------------------------------------------


async def test_over_the_hp_with_companions_the_prompt_offers_only_the_wizard():
    """BQ §2A, BQ-18: over the HP, the knight's next action is the Wizard;
    the Owl's power (BQ-34) may still come first. The play-test: with
    companions on, the prompt offered "1" weapons, and 1 did nothing."""
    state = over_the_hp(with_owl(full_state()))
    update = make_update(state)
    assert not any(isinstance(a, Ask) for a in update.legal)
    assert GoToWizard() in update.legal and PeekHidden(1) in update.legal
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "you are over the HP, so you must go to the Wizard now" in text
        assert "ask for" not in text
        assert "o: the Owl's power (see a hidden card or the mystery)" in text
        assert cursor_value(app) == GoToWizard()
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, GoToWizard())]


# --- 4. Ul'ul on the Boss panel ------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize(("ulul", "effect"), [
    (Ulul.NIGHT, "Night: weapons face down, 2♥ if over"),
    (Ulul.CLASSIC, "Day: a classic Boss"),
])
async def test_the_boss_panel_names_ulul_and_its_night(ulul, effect, size):
    """BQ §Boss Ul'ul: "all WEAPON cards are played face down ... players
    lose 2 HEARTS instead of just 1" (BQ-29, BQ-30), or a classic Boss. The
    play-test: the panel read "22 HP (card 22)"."""
    state = full_state()
    state = attrs.evolve(state, boss=ULUL, active=(), options=Options(ulul=ulul))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        boss = app.screen.query_one("#bq-hp", Static).content
        text = screen_text(app)
    assert boss.plain == f"22 HP  Ul'ul  (card 22)\n{effect}"
    assert "22 HP  Ul'ul  (card 22)" in text and effect.split(",")[0] in text


# --- 5. the bolder knight's moment ------------------------------------------------


async def test_the_bolder_knight_is_told_why_and_enter_lets_it_pass():
    """BQ §2 Players, bolder knights; BQ-28: while the other knight equips,
    the knight at the Wizard may use a spell, or let the moment pass. The
    play-test: the usual Wizard prompt, and Enter twice activated the
    mystery spell blind. The prompt says why and how to pass, and Enter
    lets it pass."""
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    update = make_update(state)
    assert LetPass() in update.legal
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Bolder knights: Bob asks for 2 weapons" in text
        assert "or pass: p." in text
        assert cursor_value(app) == LetPass()  # Enter too, as the bar shows
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, LetPass())]


async def test_the_bolder_knight_may_still_pick_a_spell():
    """Up goes to the Wizard's spells; a picks the highlighted one."""
    from core.bossquest.actions import Activate
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("up", "a")
        await pilot.pause()
        assert app.port.submitted == [(0, Activate(0))]


async def test_the_bolder_knights_pass_has_its_own_key_wherever_enter_goes():
    """A play-test saw "Or let it pass: Enter" stay on the prompt once a
    spell was chosen (after a refused number: the bar's highlight on
    Activate) or highlighted in the list, where Enter activated or chose
    it. The pass has its own key, p, which the prompt and the bar name:
    it lets the moment pass wherever Enter goes, a spell chosen or not."""
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    for keys in (("9", "1"), ("down",), ("9",)):
        app = ScreenApp(make_update(state))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press(*keys)
            await pilot.pause()
            text = screen_text(app)
            assert "or pass: p." in text, (keys, text)
            assert "pass: Enter" not in text, keys
            if keys == ("9", "1"):
                assert cursor_value(app) != LetPass()  # Enter activates spell 1 here
                assert "p Let it pass" in text
            await pilot.press("p")
            await pilot.pause()
            assert app.port.submitted == [(0, LetPass())], keys


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_bolder_moment_shows_the_chosen_spells_words(size):
    """A play-test at 80x24: the bolder prompt took two lines, and the
    chosen spell's words, which the ordinary Wizard shows under its prompt,
    were nowhere ("Swap hidden" unexplained). Where the whole prompt would
    wrap it says it in one line (the list and the bar name the spell keys)
    and the spell's words follow, as at the Wizard; the knights' panel and
    the log stay in sight."""
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    app = ScreenApp(make_update(state))
    other = (80, 24) if size != (80, 24) else (160, 45)
    async with app.run_test(size=other) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(*size)  # (worded for the width laid out)
        await pilot.pause()
        for keys in ((), ("2",)):
            await pilot.press(*keys)
            await pilot.pause()
            market = app.screen.query_one("#bq-market", Market)
            words = state.offer[market.highlighted].text
            prompt = app.screen.query_one("#bq-prompt")
            lines = str(prompt.render()).splitlines()
            assert lines[-1] == words, (keys, lines)
            assert lines[0].startswith("Bolder knights: Bob asks for 2 weapons."), lines
            assert lines[0].endswith(" pass: p."), lines
            assert len(lines) == 2 and prompt.size.height == 2, lines  # the first unwrapped
            text = screen_text(app)
            assert "Knights" in text and "Log" in text, text


@pytest.mark.parametrize("keys", [("2",), ("down", "enter"), ("up", "enter"), ("m",),
                                  ("9", "down", "enter"), ("2", "up", "enter")],
                         ids=["number", "down-enter", "up-enter", "m", "refused-down-enter",
                              "number-up-enter"])
async def test_a_spell_chosen_in_the_bolder_moment_moves_the_bars_highlight_to_activate(keys):
    """A play-test: the bolder moment opens with the bar's highlight on
    "p Let it pass", and it stayed there once a spell was chosen (its
    number, or Down then Enter), so the next Enter let the moment pass
    where the ordinary Wizard's activated the spell (only after a refused
    number did it move). A spell chosen by the player takes the highlight
    to "a Activate <spell>", every time, as at the Wizard."""
    from core.bossquest.actions import Activate, ActivateMystery
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert cursor_value(app) == LetPass()  # the moment opens on the pass
        await pilot.press(*keys)
        await pilot.pause()
        market = app.screen.query_one("#bq-market", Market)
        chosen = market.highlighted
        want = ActivateMystery() if chosen == len(state.offer) else Activate(chosen)
        assert cursor_value(app) == want, keys
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.choices[bar.cursor].label.startswith("Activate "), keys
        await pilot.press("enter")
        await pilot.pause()
        assert app.port.submitted == [(0, want)], keys


async def test_the_bolder_prompt_reads_the_same_at_the_same_size():
    """A play-test at 160x45: the bolder prompt read short, then whole after
    a resize to 80x24 and back, then short again at the next key. The same
    size gives the same prompt, the one that fits its laid-out width."""
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        prompt = app.screen.query_one("#bq-prompt", Static)

        def first_line():
            return str(prompt.render()).splitlines()[0]

        opened = first_line()
        assert len(opened) <= prompt.content_region.width, opened  # fits, unwrapped
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        await pilot.pause()
        assert first_line() == opened
        await pilot.press("l")  # any key: the log, and back
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert first_line() == opened
        await pilot.press("2")
        await pilot.pause()
        assert first_line() == opened


async def test_the_bolder_prompt_is_worded_again_when_its_width_changes_after_the_screens_look():
    """In a real terminal a resize from 80x24 back to 160x45 was looked at
    by the screen before the layout that put the log beside the decision:
    the prompt was worded for the whole width (the whole prompt, wrapped
    over two lines beside the log) until the next key worded it short
    again. The prompt asks to be worded again whenever its laid-out width
    is not the one it was worded for: here the log goes under the table
    and comes back beside it with no resize at all."""
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        screen = app.screen
        prompt = screen.query_one("#bq-prompt", Static)

        def first_line():
            return str(prompt.render()).splitlines()[0]

        beside_the_log = first_line()
        assert beside_the_log.endswith("Use a spell first, or pass: p."), beside_the_log
        # one column, the log under the table, as at 80x24: the prompt has the width
        screen.remove_class("-wide").add_class("-narrow")
        await pilot.pause()
        await pilot.pause()
        whole = first_line()
        assert whole.endswith("Or let it pass: p."), whole
        assert len(whole) <= prompt.content_region.width, whole
        screen.remove_class("-narrow").add_class("-wide")  # the log beside it again
        await pilot.pause()
        await pilot.pause()
        assert first_line() == beside_the_log
        assert prompt.size.height == 2  # one line, and the spell's words


async def test_p_without_bolder_knights_says_the_option_is_not_in_this_match():
    from tests.screen_kit import record_notices

    app = ScreenApp(make_update(full_state(step=Step.WIZARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert notices == ["p lets a bolder knight's moment at the Wizard pass (the bolder "
                           "knights option, two knights): not in this match."], notices
        assert app.port.submitted == []


# --- 6. the last knight equipping ----------------------------------------------------


async def test_the_last_knight_equipping_is_told_it_is_the_last_ask():
    """BQ §2A: "Once only one player remains in phase A, that player may ask
    the Armorer for cards only one last time. They must then immediately go
    to the WIZARD." The prompt says so before the ask."""
    state = full_state()
    knights = (state.knights[0],) + tuple(
        attrs.evolve(k, at_wizard=True, done=True) for k in state.knights[1:])
    state = attrs.evolve(state, knights=knights)
    assert GAME.last_ask(state, 0)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "Your last ask (every other knight is at the Wizard)" in text
    assert "then straight to the Wizard" in text
    # and the rules agree: after that ask, the Wizard
    from tests.bossquest_tables import draw

    after = draw(GAME.apply(state, 0, Ask(1)), state.weapon_deck[0].code)
    assert after.step is Step.WIZARD and after.turn == 0


async def test_one_weapon_left_to_ask_for_reads_in_the_singular():
    """Play-test: with one weapon left in the deck the prompt read "ask for
    1 weapons"."""
    state = full_state()
    state = attrs.evolve(state, weapon_deck=state.weapon_deck[:1])
    assert {a.count for a in GAME.legal_actions(state, 0) if isinstance(a, Ask)} == {1}
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
    assert "ask for 1 weapon, or w go to the Wizard" in text, text


def test_only_the_last_knight_equipping_has_a_last_ask():
    state = full_state()
    assert not GAME.last_ask(state, 0)  # Cyd and Dee still equip
    knights = (state.knights[0],) + tuple(
        attrs.evolve(k, at_wizard=True, done=True) for k in state.knights[1:])
    assert not GAME.last_ask(attrs.evolve(state, knights=knights, final_turn=True), 0)


# --- 7. the status line of another knight's turn ----------------------------------------


@pytest.mark.parametrize(("changes", "doing"), [
    ({"step": Step.HARE}, "Cyd's turn (the Hare: on to the Wizard or not) thinking…"),
    ({"phase": Phase.READ_POTION, "reader": 2}, "Cyd's turn (reading a potion) thinking…"),
])
async def test_another_knights_turn_never_shows_empty_brackets(changes, doing):
    """The play-test: "Bram's turn () thinking…" while a bot held the Hare."""
    state = attrs.evolve(with_owl(full_state()), turn=2, **changes)
    update = make_update(state, thinking=2)
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "()" not in text
    assert doing in text


@pytest.mark.parametrize(("changes", "doing"), [
    ({}, "Cyd's final turn (one last action)"),
    ({"step": Step.WIZARD}, "Cyd's final turn (at the Wizard)"),
])
async def test_another_knights_final_turn_says_so_bq51(changes, doing):
    """BQ §Spell effects, Final turn!, BQ-51: each knight not at the Wizard
    takes one last action. The play-test: the others read "cy's turn
    (weapons or the Wizard)", no hint that it was cy's last, while cy's own
    prompt said "final turn: one last action"."""
    state = attrs.evolve(with_owl(full_state()), turn=2, final_turn=True, **changes)
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert doing in text, text
    assert "Cyd's turn" not in text, text


async def test_another_knights_last_ask_says_so():
    """BQ §2A: the last knight equipping asks one last time, then goes
    straight to the Wizard. A play-test: the others read the bot's turn as
    "(weapons or the Wizard)" there too, while its own prompt said "Your
    last ask"; the status says what it decides."""
    state = with_owl(full_state())
    knights = tuple(attrs.evolve(k, done=seat != 2) for seat, k in enumerate(state.knights))
    state = attrs.evolve(state, turn=2, knights=knights)
    assert GAME.last_ask(state, 2)
    app = ScreenApp(make_update(state, thinking=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "Cyd's turn (last ask, then the Wizard)" in text, text
    assert "weapons or the Wizard" not in text, text


# --- 8. a terminal too small, then back --------------------------------------------------


async def test_the_spells_come_back_whole_after_a_terminal_too_small(tmp_path, monkeypatch):
    """The play-test: resized to 60x20 (the too-small cover) and back to
    80x24, the Wizard's list had lost its mystery spell line: it wrapped as
    at the small width within the height of the large. A seeded match."""
    from saves.journal import PlayerSpec
    from tui.app import OvertableApp
    from tui.screens.bossquest import BossQuestScreen
    from tui.widgets import Market

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    specs = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "heuristic"),
             PlayerSpec("Cyd", "bot", "heuristic")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", specs, Options(companions=True, potions=True))
        for _ in range(60):
            await pilot.pause()
            if isinstance(app.screen, BossQuestScreen) and app.screen._mode == "choose":
                break
        screen = app.screen
        assert isinstance(screen, BossQuestScreen) and screen._mode == "choose"
        before = screen_text(app)
        assert "? Mystery spell (face down)" in before
        await pilot.resize_terminal(60, 20)
        for _ in range(5):
            await pilot.pause()
        assert app.screen is not screen  # the too-small cover
        await pilot.resize_terminal(80, 24)
        for _ in range(10):
            await pilot.pause()
        assert app.screen is screen
        assert screen_text(app) == before
        market = screen.query_one("#bq-market", Market)
        assert market._wrap_width == market.size.width


# --- the Owl's look counts in what a knight shows -----------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_a_hidden_weapon_the_owl_saw_counts_in_the_knights_row(size):
    """BQ-42, the play-test: after "Your Owl looks at Bram's hidden weapon:
    B6", Bram's row still read "(B6) [P7] [Y6]  shows 13+?": the viewer
    knows the card, so the row counts it (19), and with nothing else hidden
    from the viewer, no "+?". Another knight's row keeps its "+?"."""
    state = with_owl(full_state())
    dee = state.knights[3]
    shown = GAME.visible_strength(state, 3)
    after = GAME.apply(state, 0, PeekHidden(3))
    total = GAME.strength(after, 3)
    assert total == shown + dee.hidden.weapon.value
    rows = {}
    for label, table in (("before", state), ("after", after)):
        app = ScreenApp(make_update(table))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            rows[label] = screen_text(app)
    cards = " ".join(f"[{w_}]" for w_ in dee.visible)
    assert f"[▒▒] {cards}  shows {shown}+?" in rows["before"]
    seen = re.escape(f"({dee.hidden.weapon}) {cards}  shows {total}")
    assert re.search(seen + r"(?![+\d])", rows["after"]), rows["after"]
    assert f"shows {shown}+?" not in rows["after"] and f"shows {total}+?" not in rows["after"]
    bob = GAME.visible_strength(after, 1)
    assert f"shows {bob}+?" in rows["after"]  # Bob's hidden card: still unknown to Ann


# --- the recap's title says which moves are out of sight -----------------------


def recap_numbers_in_sight(log) -> set[int]:
    """The step numbers whose first row (its gutter "▶ 2 ") is in the panel's view."""
    top, height = round(log.scroll_y), log.scrollable_content_region.height
    numbers = set()
    for row in log.rows[top: top + height]:
        m = re.match(r"[▶ ]\s?(\d+) ", row)
        if m:
            numbers.add(int(m.group(1)))
    return numbers


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_the_recaps_title_says_which_moves_are_out_of_sight(size):
    """Play-test at 80x24, 3 knights: the recap beside "Last combat" showed
    its last moves only, under "Recap (all) · [ ] step · z log"; the moves
    above (a bot taking Attack +1 and casting it on himself) were out of
    sight with nothing but a one-cell scrollbar to say so. The title names
    the moves out of sight (below: the recap opens on move 1); where all of
    them fit (160x45) it says "(all)"."""
    from tests.screen_kit import settled_text
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.bossquest import BossQuestScreen
    from tui.widgets.since import SinceLog

    # round 4's deal, then Bob's and Cyd's asks (round 3's end, before
    # it, is its combat box's)
    app = SequenceApp(BossQuestScreen, turns_of_others("boss-quest", 3, 3, skip=3))
    async with app.run_test(size=size) as pilot:
        await settled_text(app, pilot)
        log = app.game_screen.query_one(SinceLog)
        assert log.recap is not None and log.recap.shown
        count = len(log.recap.steps)
        assert count == 3
        title = str(log.border_title)
        assert len(title) <= log.size.width - 4
        unseen = sorted(set(range(1, count + 1)) - recap_numbers_in_sight(log))
        if size == (80, 24):
            assert unseen  # the play-test's case: not every move fits
            first, last = unseen[0], unseen[-1]
            # (named as moves, "move 3 ↓": "3 below" read as a count)
            said = f"move {first} " if first == last else f"moves {first}-{last} "
            assert unseen == list(range(first, last + 1))
            assert said in title and "↓" in title and "(all)" not in title, title
        else:
            assert not unseen
            assert "(all)" in title and "above" not in title, title


# --- the Solo Quest's personal spells while giving the weapons drawn ------------


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_personal_spells_are_offered_while_giving_the_weapons_drawn(size):
    """Play-test: the rulebook says "At any time you may use your personal
    attack SPELLS", the in-app rules "Play a personal spell on a Boss at any
    time"; but the give prompt ("1 Give to Boss 1 (18) 2 Give to Boss 2
    (22) ...") offered no spell. It does now, and says so; the weapons
    still wait to be given."""
    from core.bossquest.actions import AssignTo, DrawWeapon, PlayPersonal
    from core.engine import CHANCE
    from tests.test_bossquest_rules import HP1
    from tests.test_bossquest_solo import at_wave, boss

    state = at_wave(1, [boss(15, "R7"), boss(18), boss(21)], rows=((HP1,), (), ()))
    state = GAME.apply(state, 0, Ask(1))
    state = GAME.apply(state, CHANCE, DrawWeapon(w("Y5")))
    assert state.phase is Phase.SOLO_ASSIGN
    app = ScreenApp(make_update(state))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "to a Boss: 1-3, or a personal spell: ←→ Enter." in text, text
        bar = app.screen.query_one("#bq-actions", ActionBar)
        labels = [c.label for c in bar.choices]
        spell = solo.PERSONAL[0]
        assert f"{spell} on…" in labels, labels
        bar.choose(labels.index(f"{spell} on…"))
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.port.submitted == [(0, PlayPersonal(spell, 0))]
        state = GAME.apply(state, 0, PlayPersonal(spell, 0))
        app.game_screen.show(make_update(state))
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert app.port.submitted[-1] == (0, AssignTo(1))


# --- the recap at a new round: since your move, the combat told once ------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_a_new_rounds_recap_starts_at_its_deal_the_combat_in_its_box(size):
    """Play-test at 80x24 against bots: Ann's last move was in round 2, a
    bot ended it; at round 3 her recap opened on round 2's moves and told
    the combat again ("Cyd discards Need Purple (P). Combat vs 17 HP:
    ..."), which the combat box over the table told. The recap starts at
    round 3's first line: its deal (and any bot turns after it); the combat
    is in the box alone, and what changed since her move is still marked."""
    from tests.screen_kit import settled_text
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.bossquest import BossQuestScreen, CombatPanel

    updates = turns_of_others("boss-quest", 3, 1, skip=1)
    moved = len(updates[0].log)
    since = updates[-1].log[moved:]
    assert any("Combat vs" in line for line in since)  # a bot ended the round
    app = SequenceApp(BossQuestScreen, updates)
    async with app.run_test(size=size) as pilot:
        await settled_text(app, pilot)
        screen = app.game_screen
        recap = screen.recap
        assert recap.lines[0] == "Round 3: a Boss with 21 HP appears."
        assert recap.lines == since[since.index(recap.lines[0]):]
        assert not any("Combat vs" in line or "Bob goes" in line for line in recap.lines)
        # compared with the table at her move: the round's Boss is new to her
        assert recap.before is updates[0].view
        # and the combat is told, once, in its box
        panel = screen.query_one("#bq-combat", CombatPanel)
        assert panel.display and panel.result.round == 2


def test_ululs_night_begins_a_round_for_the_recap():
    """BQ §Boss Ul'ul's night: its round's first line is "Round 4: Ul'ul (22
    HP) lands and night falls: ..."; the recap starts at a round's first
    line (`BossQuestScreen.BEGINS`), that one too."""
    from core.bossquest.actions import RevealBoss
    from tui.screens.bossquest import BossQuestScreen

    state = attrs.evolve(full_state(), round=4, options=Options(ulul=Ulul.NIGHT),
                         phase=Phase.REVEAL_BOSS, boss=None)
    lines = [GAME.describe(state, -1, RevealBoss(hp)) for hp in (ULUL, 17)]
    assert lines[0].startswith("Round 4: Ul'ul (22 HP) lands and night falls")
    assert all(BossQuestScreen.BEGINS.search(line) for line in lines), lines


# --- the Hare not used is no step of its own -----------------------------------


async def test_the_hare_not_used_is_part_of_its_turns_step_in_the_recap():
    """Play-test at 80x24 (BQ §Companions, the Hare): "Cyd's Hare: not used
    this turn." was a step of the recap of its own, which told nothing
    happened, and `]` stopped on it. It is the end of Cyd's turn: one step
    with his request, read as the log reads it ("...; Hare not used.")."""
    from tests.screen_kit import settled_text
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.bossquest import BossQuestScreen
    from tui.widgets.since import SinceLog

    updates = turns_of_others("boss-quest", 3, 3, skip=1, options=Options(companions=True))
    hare = "Cyd's Hare: not used this turn."
    assert updates[-1].log[-1] == hare and hare not in updates[-2].log  # a step of its own
    app = SequenceApp(BossQuestScreen, updates)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await settled_text(app, pilot)
        recap = app.game_screen.recap
        assert [step.lines for step in recap.steps] == [updates[-1].log[len(updates[0].log):]]
        assert recap.steps[0].after is updates[-1].view  # the turn's end marked with it
        log = app.game_screen.query_one(SinceLog)
        shown = [line.plain for line in log.shown]
        assert shown == ["  1 Cyd asks for 3 weapons.",
                         "    Cyd receives B3, B5 and P1; Hare not used."], shown
        assert "Cyd receives B3, B5 and P1; Hare" in text
