"""A spell's number that picks nothing at the Wizard, and the key after it
(a play-test at 80x24: the Wizard's spells changed under the player between
two turns, a Raven's spell activated, another discarded; `w 3 a` meant
"Attack +1 on me", the 3 picked nothing, its notice was gone at once, and
`a` activated "Flip a potion", the spell still highlighted). A number that
picks nothing says so and stays said; the `a`, `x` or Enter after it acts
on no spell: the player chooses again. So too for a number typed before
the Wizard's list has come up (a shared table's answer on its way)."""

from __future__ import annotations

import attrs
import pytest
from rich.style import Style

from core.bossquest import GAME
from core.bossquest.actions import Activate, Ask, Discard, GoToWizard
from core.bossquest.cards import Spell, SpellKind
from core.bossquest.state import Step
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update
from tests.screen_kit import FakePort, record_notices, screen_text, settle
from tui.widgets import ActionBar, Market

#: Ann's turn, round 2: two spells left at the Wizard, slot 3 activated by
#: a knight before her and slot 4 discarded (BQ §2B: activate or discard)
OFFER = (Spell(SpellKind.HP_PLUS_2), Spell(SpellKind.HP_MINUS_1), None, None)


def two_left(step: Step = Step.CHOOSE):
    return attrs.evolve(full_state(step=step), offer=OFFER, mystery=False,
                        discarded=frozenset({3}))


class Live(FakePort):
    """The rules core behind the screen: each action is applied and the
    next update shown before `send` returns, as at one terminal."""

    def __init__(self, state) -> None:
        super().__init__()
        self.state = state
        self.screen = None

    def send(self, command) -> bool:
        super().send(command)
        self.state = GAME.apply(self.state, command.seat, command.action)
        self.screen.show(make_update(self.state))
        return True


class Later(FakePort):
    """A shared table: the answer comes over the wire, later (the test shows it)."""

    answers_later = True


async def test_a_gone_spells_number_then_a_activates_nothing():
    state = two_left()
    port = Live(state)
    app = ScreenApp(make_update(state), port)
    port.screen = app.game_screen
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("w", "3", "a")
        await pilot.pause()
        # only the way to the Wizard: spell 3 was chosen by nobody
        assert port.submitted == [(0, GoToWizard())], port.submitted
        assert notices[0] == "Spell 3 was activated already: press 1 or 2.", notices
        assert notices[1] == ("No spell chosen: spell 3 was activated already. "
                              "Choose one first (1 or 2), then a."), notices
        # the refusal is still on screen, not taken down by the a
        shown = [n.message for n in app._notifications]
        assert notices[1] in shown, shown
        await pilot.press("x", "enter")  # nor x, nor Enter
        await pilot.pause()
        assert port.submitted == [(0, GoToWizard())], port.submitted
        await pilot.press("2", "a")  # chosen again: it acts
        await pilot.pause()
    assert port.submitted == [(0, GoToWizard()), (0, Activate(1))], port.submitted


async def test_a_number_past_the_spells_then_enter_on_the_bar_activates_nothing():
    """The first spell chosen (its actions on the bar, Enter activates it),
    then a number past the list: Enter does not activate the first, and
    its notice names Enter (it said "then a")."""
    state = two_left(Step.WIZARD)
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#bq-actions", ActionBar)
        await pilot.press("7", "enter")
        await pilot.pause()
        assert table.submitted == []
        assert notices == ["There is no spell 7: press 1 or 2.",
                           "No spell chosen: there is no spell 7. "
                           "Choose one first (1 or 2), then Enter."], notices
        # the spells have the keys again; Up on the first chooses it (the
        # hold ends), Down moves: x acts on the spell highlighted
        await pilot.press("up", "down")
        await pilot.pause()
        assert app.screen.query_one("#bq-market", Market).highlighted == 1
        await pilot.press("x")
        await pilot.pause()
    assert table.submitted == [(0, Discard(1))], table.submitted


async def test_a_number_typed_before_the_wizards_list_came_up_picks_nothing():
    """A shared table: `w` is on its way, 3 comes before the Wizard's list
    (the old decision's, its keys ask for weapons), then the list: the `a`
    after it activates nothing, and says why."""
    state = two_left()
    table = Later()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("w", "3")
        await pilot.pause()
        assert table.submitted == [(0, GoToWizard())]
        after = GAME.apply(state, 0, GoToWizard())
        app.game_screen.show(attrs.evolve(make_update(after), seq=1))
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert table.submitted == [(0, GoToWizard())], table.submitted
        assert notices[-1] == ("No spell chosen: 3 was typed before the Wizard's spells "
                               "came up. Choose one first (1 or 2), then a."), notices
        await pilot.press("1", "a")
        await pilot.pause()
    assert table.submitted == [(0, GoToWizard()), (0, Activate(0))], table.submitted


async def test_the_bolder_knights_bar_keeps_only_p_while_a_refused_number_holds():
    """BQ-28's moment at the Wizard (the other knight's weapons wait): after
    9 the bar still offered "Let it pass" as a choice, which Enter then
    refused as it refuses a and x (the player meant a spell). The bar asks
    for a spell, as the Wizard's does, and names p beside it, the one
    action still open then (a play-test saw the bar lose the pass, which p
    still made): no choice for Enter. Once a spell is chosen, the pass is
    a choice again. The prompt offers p, the pass's own key, all along."""
    from core.bossquest.actions import LetPass
    from tests.bossquest_tables import play
    from tests.test_bossquest_variants import two

    state = play(two(mystery=True), 1, Ask(2))
    assert LetPass() in make_update(state).legal
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert "Let it pass" in [c.label for c in bar.choices]
        await pilot.press("9")
        await pilot.pause()
        assert [c.label for c in bar.choices] == []
        assert str(bar.render()) == "Choose a spell: 1-3 or m   p Let it pass"
        # the prompt names the pass's own key, p, which works in the hold too
        # (it said "Enter", which Enter refused)
        assert "pass: Enter" not in screen_text(app)
        assert "or pass: p." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert table.submitted == []
        assert notices[-1] == ("No spell chosen: there is no spell 9. "
                               "Choose one first (1-3 or m), then Enter."), notices
        await pilot.press("1")  # a spell chosen: its actions, and the pass
        await pilot.pause()
        assert [c.label for c in bar.choices][-1] == "Let it pass"
        assert "or pass: p." in screen_text(app)
    assert table.submitted == []


def _footer_keys(app) -> list[str]:
    return [key for key, _, _ in app.screen.query_one("Footer").shown]


async def test_the_footer_offers_no_enter_while_a_refused_number_holds():
    """A play-test saw "↵ Choose" in the footer after 9, where Enter chose
    nothing (it says why, `on_key`): the footer leaves Enter out while the
    hold lasts, as it leaves out u with nothing to take back, and offers
    it again once the highlight moves to a spell."""
    state = two_left(Step.WIZARD)
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        assert "enter" in _footer_keys(app)  # the spells' "↵ Choose"
        await pilot.press("9")
        await pilot.pause()
        assert "enter" not in _footer_keys(app)
        await pilot.press("enter")  # pressed all the same: it says why
        await pilot.pause()
        assert notices[-1] == ("No spell chosen: there is no spell 9. "
                               "Choose one first (1 or 2), then Enter."), notices
        await pilot.press("down")
        await pilot.pause()
        assert "enter" in _footer_keys(app)
    assert table.submitted == []


def _marked(line) -> tuple[str, bool]:
    """A list line's mark (its first cell) and whether it is in reverse video."""
    styles = [span.style if isinstance(span.style, Style) else Style.parse(span.style)
              for span in line.spans]
    return line.plain[:1], any(style.reverse for style in styles)


async def test_while_a_refused_number_holds_no_spell_looks_chosen():
    """A play-test saw spell 1 still in reverse video after 9, its words
    under the prompt, where Enter chose nothing: while nothing is chosen no
    row looks chosen (the cursor's place only, dim, where the arrows go
    from) and the prompt has no spell's words, until a spell is chosen."""
    state = two_left(Step.WIZARD)
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        market = app.screen.query_one("#bq-market", Market)
        words = OFFER[0].text
        assert _marked(market.content_lines()[0]) == ("▶", True)
        assert words in screen_text(app)
        await pilot.press("9")
        await pilot.pause()
        assert [_marked(line) for line in market.content_lines()] == [
            ("▷", False), (" ", False), (" ", False), (" ", False)]
        assert words not in screen_text(app)
        assert "Activate" not in screen_text(app)  # nor a spell's name on the bar
        await pilot.press("1")  # chosen: it looks chosen again
        await pilot.pause()
        assert _marked(market.content_lines()[0]) == ("▶", True)
        assert words in screen_text(app)
    assert table.submitted == []


@pytest.mark.parametrize(("key", "action"), [
    ("up", Activate(0)),  # at the top: stays there, and chooses it
    ("home", Activate(0)),
    ("down", Activate(1)),
    ("end", Activate(1)),
])
async def test_every_arrow_chooses_while_a_refused_number_holds(key, action):
    """A play-test: after a refused number, Up on the top spell and Home
    chose nothing and said nothing, where F1 says an arrow chooses. Every
    arrow, Home and End end the hold on the spell they land on."""
    state = two_left(Step.WIZARD)
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9", key)
        await pilot.pause()
        market = app.screen.query_one("#bq-market", Market)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert _marked(market.content_lines()[market.cursor]) == ("▶", True)
        assert [c.key for c in bar.choices] == ["a", "x"]
        assert "enter" in _footer_keys(app)
        await pilot.press("a")
        await pilot.pause()
    assert table.submitted == [(0, action)], table.submitted
