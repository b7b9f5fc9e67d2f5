"""F1 at Boss Quest's Wizard says what its keys do there: a spell's number
that picks nothing holds a, x and Enter until a spell is chosen (the help
said nothing of it, and a player read Enter as dead), and the arrows move
one spell through the list, from the action bar too (F1 said "Back to the
list you are picking from" where Up moved the highlight)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.bossquest.cards import Spell, SpellKind
from core.bossquest.state import Step
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update
from tests.screen_kit import settle
from tests.test_tui_help import fits
from tui.screens.help import HelpScreen
from tui.widgets import ActionBar, Market


async def wizard_help(keys: tuple[str, ...], focus: type) -> list[tuple[str, str]]:
    """F1's keys of the moment at the Wizard, after `keys`."""
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.focused, focus)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
    assert all(fits(key, text) for key, text in rows)
    rows = rows[:[key for key, _ in rows].index("")]
    return [(" ".join(key.split()), " ".join(text.split())) for key, text in rows]  # unwrapped


#: at the spells' list, and on the action bar after a spell chosen by its number
MOMENTS = [((), Market), (("1",), ActionBar)]


@pytest.mark.parametrize(("keys", "focus"), MOMENTS)
async def test_f1_at_the_wizard_says_a_refused_number_holds_a_x_and_enter(keys, focus):
    rows = dict(await wizard_help(keys, focus))
    said = [text for text in rows.values() if "picks no spell" in text]
    assert said == ["Choose a spell by its number (m: the mystery spell). After a number "
                    "that picks no spell, choose one (its number, m or an arrow) "
                    "before a, x or Enter"], rows


@pytest.mark.parametrize(("keys", "focus"), MOMENTS)
async def test_f1_at_the_wizard_says_the_arrows_move_one_spell(keys, focus):
    rows = await wizard_help(keys, focus)
    texts = dict(rows)
    assert texts["Up / Down arrow"] == ("Move one spell up or down the Wizard's list "
                                        "(from the action bar too)"), rows
    assert texts["Home / End"] == "To the first or last spell", rows
    # no other words for the same keys: the list's, the bar's, Up's "Back"
    said = " ".join(texts.values())
    for other in ("Move up and down the list", "lines of actions", "Back to the list"):
        assert other not in said, rows


async def _keys_now_and_not_now(update, *keys: str) -> tuple[dict[str, str], dict[str, str]]:
    """F1's keys of the moment and its "Not now" keys, after `keys`."""
    from tui.screens.help import idle_keys, screen_keys

    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        now = screen_keys(app.game_screen)
        return dict(now), dict(idle_keys(app.game_screen, now))


async def _only_not_now_with_the_final_boss(key: str, words: str) -> None:
    """At the Wizard, F1 names the duel's `key` nowhere in a match without
    the Final Boss, and under "Not now" in one with it."""
    import attrs

    from core.bossquest.state import Options

    plain = full_state(step=Step.WIZARD)
    now, idle = await _keys_now_and_not_now(make_update(plain))
    assert words not in {*now.values(), *idle.values()}, (now, idle)
    with_duel = attrs.evolve(plain, options=Options(final_boss=True))
    now, idle = await _keys_now_and_not_now(make_update(with_duel))
    assert words not in now.values(), now
    assert idle.get(key) == words, idle


async def test_f1_offers_0_only_in_the_final_boss_duels_sacrifice():
    """A play-test without the Final Boss saw F1 at the Wizard list "0 The
    Final Boss duel: sacrifice no heart" among the keys of the moment (0
    there says "There is no spell 0"). As o (Companions) and p (bolder
    knights) are: not in F1 in a match without the option, under "Not now"
    in one with it, a key of the moment in the duel's sacrifice."""
    from tests.test_tui_bossquest_final import _sacrifice_state_against

    words = "The Final Boss duel: sacrifice no heart"
    await _only_not_now_with_the_final_boss("0", words)
    duel = _sacrifice_state_against(-2)
    now, _ = await _keys_now_and_not_now(make_update(duel, duel.champion))
    assert now.get("0") == words, now


async def test_0_at_the_wizard_still_says_there_is_no_spell_0():
    from tests.screen_kit import record_notices

    app = ScreenApp(make_update(full_state(step=Step.WIZARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        assert notices == ["There is no spell 0: press 1, 3, 4 or m."], notices
        assert app.port.submitted == []


async def test_f1_leaves_out_the_duels_fight_in_a_match_without_the_final_boss():
    """F1's "Not now" listed "f Final Boss duel: go into combat" in a match
    without the Final Boss (seen after the 0 above was mended): no duel,
    no Fight!; with the option it stays under "Not now" until the duel."""
    await _only_not_now_with_the_final_boss("f", "Final Boss duel: go into combat")


BACK = "Back to the list you are picking from"


async def _up_now_and_after(update, *keys: str) -> tuple[bool, bool, bool]:
    """Whether F1 lists Up's "Back" among the keys of the moment, whether
    under "Not now", and whether Up then moves the keys elsewhere."""
    from tui.screens.help import idle_keys, screen_keys

    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        now = screen_keys(app.game_screen)
        idle = idle_keys(app.game_screen, now)
        before = app.focused
        await pilot.press("up")
        await pilot.pause()
        moved = app.focused is not before
        return BACK in dict(now).values(), BACK in dict(idle).values(), moved


async def test_f1_lists_up_back_as_not_now_where_no_list_is_picked_from():
    """A play-test: at "Your turn: ask for 1-4 weapons, or w go to the
    Wizard" F1 listed "Up arrow: Back to the list you are picking from"
    among the keys of the moment, and Up did nothing. There (and in the
    duel's sacrifice) it is under "Not now"; where a spell's target is
    picked, from the action bar, it is a key of the moment and goes back."""
    from tests.test_tui_bossquest_final import _sacrifice_state_against

    asking = make_update(full_state())
    assert await _up_now_and_after(asking) == (False, True, False)
    duel = _sacrifice_state_against(-2)
    assert await _up_now_and_after(make_update(duel, duel.champion)) == (False, True, False)
    target = make_update(full_state(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_PLUS_2)))
    assert await _up_now_and_after(target, "tab") == (True, False, True)
