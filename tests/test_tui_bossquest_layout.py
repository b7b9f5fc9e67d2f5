"""The Boss Quest screen's layout as a play-test found it at 80x24 and
after resizes: a knight's row wrapping above pushed choices and the last
combat's rows off the screen, a resize left the knights' rows laid out for
another width, the hand's title said "( )" at night and the hand kept 32
columns on a 200-column terminal."""

from __future__ import annotations

import attrs

from core.bossquest.cards import Spell, SpellKind
from core.bossquest.state import RoundResult, Step
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update, screen_text, w
from tests.screen_kit import settle
from tests.test_tui_bossquest_extensions import extensions_table
from tui.widgets import ActionBar


def with_bob_holding(state, count):
    """Bob holds `count` more weapons face up: his row wraps at 80 columns."""
    extra = state.weapon_deck[:count]
    bob = attrs.evolve(state.knights[1], visible=state.knights[1].visible + extra)
    return attrs.evolve(state, knights=(state.knights[0], bob) + state.knights[2:],
                        weapon_deck=state.weapon_deck[count:])


def swap_companions(state):
    return attrs.evolve(state, step=Step.TARGET, casting=Spell(SpellKind.SWAP_COMPANIONS))


async def test_every_choice_comes_into_sight_with_the_cursor_when_a_row_wraps():
    """The play-test: at the Wizard's Swap companions, a knight's row
    wrapping above hid the last line of the fourteen swaps, and Right took
    the cursor there with "↵ Do it" still offered. The decision stays at the
    foot of the table and the choices scroll with the cursor: the one
    highlighted is always on screen, and the bar says there is more."""
    app = ScreenApp(make_update(swap_companions(with_bob_holding(extensions_table(), 4))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        bar.focus()
        labels = [c.label for c in bar.choices]
        assert len(labels) == 14
        text = screen_text(app)
        assert "shows 25+?" in text and "▼" in text, text  # Bob's row wrapped; more below
        seen = set()
        for _ in range(len(labels)):
            text = screen_text(app)
            assert bar.choices[bar.cursor].label in text, (bar.cursor, text)
            seen |= {label for label in labels if label in text}
            await pilot.press("right")
        assert seen == set(labels)
        assert bar.cursor == len(labels) - 1 and "▲" in screen_text(app)
        for _ in range(len(labels)):  # and back up
            await pilot.press("left")
            assert bar.choices[bar.cursor].label in screen_text(app)


async def test_a_click_on_the_scrolled_choices_picks_the_one_under_it():
    app = ScreenApp(make_update(swap_companions(with_bob_holding(extensions_table(), 4))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        bar.focus()
        for _ in range(13):
            await pilot.press("right")
        await pilot.pause()
        last = bar.choices[13]
        line = next(y for y, row in enumerate(screen_text(app).splitlines()) if last.label in row)
        x = screen_text(app).splitlines()[line].index(last.label)
        await pilot.click(offset=(x, line))
        await pilot.pause()
    assert app.port.submitted[-1][1] == last.value


def won_by_the_last_knight(state):
    """Round 1 won by Dee, the last of the four, with a perfect score."""
    result = RoundResult(
        round=1, boss=15, hp=15,
        equipment=((w("R2"), w("B6"), w("Y5")), (w("P7"), w("R7")), (w("Y3"), w("P6"), w("R4")),
                   (w("Y4"), w("P5"), w("R3"), w("B3"))),
        strengths=(18, 13, 13, 15), eliminated=("over", "", "", ""), winners=frozenset({3}),
        perfect=frozenset({3}), keys_gained=(0, 0, 0, 2), hearts_lost=(1, 0, 0, 0), spells=(),
        keys_after=(1, 0, 2, 2), hearts_after=(2, 2, 3, 1))
    return attrs.evolve(state, history=(result,))


async def test_the_last_combat_keeps_the_winner_when_rows_wrap_above():
    """The play-test at 80x24: the "Last combat" panel showed "Ann 18 over
    -1♥ / Bram 13 / Cora 13" and cut the winner's row, "★ Dev 15 PERFECT
    +2⚷". Short of lines, the others share a line and the winner keeps his."""
    state = won_by_the_last_knight(with_bob_holding(extensions_table(), 4))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()  # fitted again once laid out
        panel = app.screen.query_one("#bq-last")
        lines = [line.rstrip() for line in str(panel.render()).splitlines()]
        height = panel.size.height
        text = screen_text(app)
    assert height < 5  # less than a line a knight, and the Boss's
    assert len(lines) <= height, lines
    assert any(line.startswith("★ Dee 15  PERFECT +2⚷") for line in lines), lines
    assert "★ Dee 15  PERFECT +2⚷" in text, text
    said = " ".join(lines)
    assert "Ann 18 over -1♥" in said and "Bob 13" in said and "Cyd 13" in said, lines


def test_the_last_combat_says_how_many_more_when_even_shared_lines_are_too_many():
    from rich.console import Console

    from tui.screens.bossquest import fitted_combat_text

    result = won_by_the_last_knight(extensions_table()).history[0]
    console = Console(width=80)
    names = ("Ann", "Bob", "Cyd", "Dee")
    for height, width in ((2, 20), (1, 36)):
        text = fitted_combat_text(result, lambda s: names[s], weapons=False, width=width,
                                  height=height, rows=lambda t, w=width: len(t.wrap(console, w)))
        lines = text.plain.splitlines()
        assert len(text.wrap(console, width)) <= height, lines
        assert lines[0].startswith("★ Dee 15"), lines
    assert "more" in text.plain or len(lines) == 1


async def test_the_knights_rows_follow_the_panel_width_however_it_comes():
    """Shrinking 200x50 straight to 100x30 left the knights' rows laid out
    for a layout in between (58 columns): "shows 9+?" under Bob's cards,
    the Owl's power broken early. The rows are laid out again whenever the
    panel's own width changes, not only when the screen's does."""
    app = ScreenApp(make_update(extensions_table()))

    def bob(knights):
        rows = [line.plain for line in knights.content_lines()]
        return next(row for row in rows if "Bob" in row)

    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        knights = app.screen.query_one("#bq-knights")
        assert "shows 9+?" in bob(knights)
        knights.styles.max_width = 58  # as wide as the layout in between
        await pilot.pause()
        assert "shows 9+?" not in bob(knights)  # under the cards, in 58 columns
        knights.styles.max_width = None
        await pilot.pause()
        await pilot.pause()
        assert "shows 9+?" in bob(knights)
        owl = next(line.plain for line in knights.content_lines() if "Your Owl" in line.plain)
    assert len(owl) > 58, owl


def test_the_hand_title_names_the_night_cards_or_says_face_down():
    """Ul'ul by night, the hand's title read "( ) only you see these", an
    empty "( )": it says how many lie face down (it named them while they
    fit, and the hand's line below named them again: the Final Boss duel's
    play-test read "(R3) (R2) yours alone" over " (R3) (R2)")."""
    from tui.screens.bossquest import LEGEND_ROOM, _face_down_legend, weapon_card

    def legend(codes):
        pairs = [(w(c), weapon_card(w(c), face_down=True)) for c in codes]
        return _face_down_legend(pairs, big=False, room=LEGEND_ROOM)[0]

    # at 80x24 "only you see these" is cut to "only you see" (play-test):
    # words that fit whole
    assert legend(["R3", "B5"]) == "2 face down, yours alone"
    assert legend(["R3", "B5", "Y2", "P4"]) == "4 face down, yours alone"
    # the champion's dozen in the Final Boss duel: "12 face down, yours alo…"
    dozen = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "B1", "B2", "B3", "B4", "B5"]
    assert legend(dozen) == "12 yours, face down", legend(dozen)
    assert len(legend(dozen)) <= LEGEND_ROOM
    assert "( )" not in legend(["R3", "B5"]) + legend(["R3", "B5", "Y2", "P4"])


async def test_a_log_line_and_the_combat_it_ended_stay_lines_of_their_own_when_wide():
    """At 200 columns the log ran the move that ended a round, its combat
    and the next round's Boss together as one paragraph; the combat is a
    line of its own under the move at every width."""
    from core.bossquest import GAME
    from tests.test_bossquest_rules import HP1, HPM1, Discard, GoToWizard, knight, play, table

    ks = [knight("R1", "B2", done=True), knight("R7", "B7", "Y3")]
    state = play(table(ks, turn=1, offer=(HP1, HPM1), mystery=False), 1, GoToWizard())
    ended = GAME.describe(state, 1, Discard(0), names=("Ann", "Bob"))
    log = ("Bob goes to the Wizard.", ended, "Round 3: a Boss with 19 HP appears.")
    for size in ((200, 50), (80, 24)):
        app = ScreenApp(make_update(full_state(), log=log))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            rows = app.screen.query_one("#bq-log").rows
        assert "Bob discards Boss HP +1." in rows, rows
        assert any(row.startswith("Combat vs 17 HP") for row in rows), rows
        assert "Round 3: a Boss with 19 HP appears." in rows, rows


async def test_on_a_large_terminal_the_hand_has_room_for_a_row_of_cards():
    """At 200x50 the hand was fixed at 32 columns: a 7th card went under the
    others beside a half-empty panel of spells. Seven large cards and the
    total now make one row; at 128 columns the row is shared as before."""
    state = full_state()
    extra = state.weapon_deck[:4]
    ann = attrs.evolve(state.knights[0], visible=state.knights[0].visible + extra)
    state = attrs.evolve(state, knights=(ann, *state.knights[1:]),
                         weapon_deck=state.weapon_deck[4:])
    for size, left in (((200, 50), 62), ((128, 40), 34)):
        app = ScreenApp(make_update(state))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            hand = app.screen.query_one("#bq-hand")
            assert app.screen.query_one("#bq-left").outer_size.width == left
            assert len(hand.cards) == 7
            if size == (200, 50):
                assert hand.size.height == 3  # one row of large cards


async def test_before_the_first_combat_a_potion_read_at_combat_is_what_it_waits_on():
    """BQ-31: a face-down potion is read at combat, once every weapon is face
    up. The play-test, Ul'ul's night at 160x45: every knight done, a potion
    to read, and the combat panel still said it came "once every knight is
    at the Wizard"."""
    import attrs

    from core.bossquest.state import Options, Phase, Ulul
    from tests.bossquest_screen_kit import ScreenApp, make_update, screen_text
    from tests.bossquest_tables import knight, table

    state = table([knight("±2", "R7", done=True), knight("P3", "R5", done=True),
                   knight("Y4", "B6", done=True), knight("Y2", "B1", done=True)],
                  boss=18, turn=0, options=Options(potions=True, ulul=Ulul.NIGHT))
    state = attrs.evolve(state, phase=Phase.READ_POTION, reader=0, resume="combat")
    app = ScreenApp(make_update(state, 1))
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "No combat yet: Ann reads a potion first." in text, text
    assert "once every knight is at the Wizard" not in text
