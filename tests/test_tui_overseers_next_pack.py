"""The draft's next pack that comes at once under the key that kept a card
(the last to pick in a turn, at one terminal or against bots): Enter keeps
none of it until the player has looked at it (an arrow moved the
highlight); a number key names its card. The same for every decision of
the player's that comes at once under their own key (the top row after
the last pick, the judgment after the last vote).

Play-test (several people at one terminal, the draft variant): Bram, the
last to pick, pressed 2, then some 2 s later Enter, as one would to
confirm; the next pack had come up under the 2 and the 1.5 s wait had run
out, so the Enter kept the new pack's first card unseen ("Bram keeps a card
(pick 2)... Bram keeps a card (pick 3).")."""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.overseers import GAME
from core.overseers.actions import Pick
from core.overseers.state import Phase
from core.playout import sample_chance
from saves.journal import PlayerSpec
from tests.overseers_screen_kit import ScreenApp, make_update
from tests.screen_kit import FakePort, record_notices, wait_for
from tests.test_tui_overseers import drafting
from tui.app import OvertableApp
from tui.key_order import KeysInOrder
from tui.screens.game import AGAIN_EXTRA, GameScreen
from tui.screens.handover import HandoverScreen
from tui.screens.help import IDLE_HEADING
from tui.screens.overseers import OverseersScreen
from tui.widgets.footer import Footer

pytestmark = pytest.mark.usefixtures("brisk_idle")

LOOK = "pick with a number, or ←→ then Enter."


def passed(state):
    """Everyone keeps their pack's first card: the packs pass."""
    for seat in sorted(GAME.to_act(state)):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


class GraceApp(KeysInOrder, ScreenApp):
    """The screen with the real app's wait and its way with keys: one
    typed too soon is dropped (`OvertableApp.key_dropped`)."""

    decision_grace = 0.7  # the real app's

    def key_dropped(self, event) -> bool:
        return isinstance(self.screen, GameScreen) and self.screen.too_soon(event.key)


def _seat_0_app(state, app_class: type[ScreenApp] = GraceApp) -> tuple:
    """An app to show `state` to seat 0: (the update it shows first, the
    port the seat's moves go to, the app)."""
    update = make_update(state, 0)
    fake = FakePort()
    return update, fake, app_class(update, fake)


def prompt(screen) -> str:
    return str(screen.query_one("#ov-prompt").render())


async def test_enter_keeps_no_card_of_a_pack_that_came_under_your_key_until_you_look(
        screen_clock):
    state = drafting()
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("2")  # kept with a number key
        assert len(fake.submitted) == 1
        later = passed(state)
        screen_clock.now += 0.05  # the next pack comes at once
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        assert prompt(screen) == f"Your next pack (turn 2 of 5): {LOOK}", prompt(screen)
        assert any(n.startswith("Your next pack: turn 2 of 5. Pick with a number")
                   for n in notices), notices
        screen_clock.now += 2.0  # the 1.5 s wait is over: Enter to "confirm"
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 1  # nothing kept unseen
        assert any("Enter keeps none of it until ←→" in n for n in notices), notices
        screen_clock.now += 5.0  # however long after
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 1
        # looked at: the arrow moves the highlight, Enter keeps that card
        await pilot.press("right")
        await pilot.pause()
        assert LOOK not in prompt(screen), prompt(screen)
        assert prompt(screen).startswith("Your next pack (turn 2 of 5): keep one card")
        await pilot.press("enter")
        await pilot.pause()
        assert fake.submitted[1:] == [(0, Pick(later.seats[0].hand[1]))]


async def test_a_number_key_keeps_a_card_of_the_next_pack_after_the_wait(screen_clock):
    """The number names its card: it keeps it once the 1.5 s from the key
    that kept a card are over, no arrow needed (and not before: a doubled
    key)."""
    state = drafting()
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("1")
        later = passed(state)
        screen_clock.now += 0.05
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        await pilot.press("3")  # doubled: within the wait
        await pilot.pause()
        assert len(fake.submitted) == 1
        screen_clock.now += 1.6
        await pilot.press("3")
        await pilot.pause()
        assert fake.submitted[1:] == [(0, Pick(later.seats[0].hand[2]))]


async def test_a_pack_shown_anew_is_kept_by_enter_after_the_usual_wait(screen_clock):
    """A pack not under the player's own key (the first, one after a
    hand-over cover): Enter keeps the highlighted card after 0.7 s as
    before, and the prompt reads as ever."""
    state = passed(drafting())
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        assert LOOK not in prompt(screen)
        screen_clock.now += 1.0
        await pilot.press("enter")
        await pilot.pause()
        assert fake.submitted == [(0, Pick(state.seats[0].hand[0]))]


async def test_with_the_wait_off_enter_keeps_at_once(screen_clock):
    """`OVERTABLE_ENTER_WAIT=0` turns the waits off, this one too."""
    state = drafting()
    update, fake, app = _seat_0_app(state, ScreenApp)  # (decision_grace 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        await pilot.press("1")
        later = passed(state)
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        assert LOOK not in prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert fake.submitted[1:] == [(0, Pick(later.seats[0].hand[0]))]


def _picks(app, seat: int) -> int:
    return sum(1 for who, action in app.table.match.history
               if who == seat and isinstance(action, Pick))


def _grace_app(tmp_path, monkeypatch) -> OvertableApp:
    """The real app with its 0.7 s wait, its data in the test's directory."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    return OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark", decision_grace=0.7)


def _ann_against_two_bots(app) -> None:
    """Ann sets up Overseers against two random bots: as they pick at
    once, she is always the last to pick."""
    app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                PlayerSpec("Cat", "bot", "random")])


async def _to_the_top_row(app, pilot, screen_clock):
    """Ann keeps the first card of each of her five packs, 2 s after each
    came (the last pick of turn 5 brings the top row): her screen, at the
    top row's choice."""
    for turn in range(1, 6):
        await wait_for(pilot, lambda t=turn: isinstance(app.screen, OverseersScreen)
                       and app.table.match.state.draft_turn == t
                       and _picks(app, 1) == t and _picks(app, 2) == t
                       and bool(app.screen.update.legal))
        screen_clock.now += 2.0
        await pilot.press("1")
    screen = app.screen
    await wait_for(pilot, lambda: app.table.match.state.phase is Phase.PLACE
                   and bool(screen.update.legal))
    return screen


async def test_one_person_against_bots_keeps_nothing_unseen_with_enter(
        tmp_path, monkeypatch, screen_clock):
    """A single human against bots: the bots have picked, so the human is
    the last, and the next pack comes at once under their key."""
    app = _grace_app(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        _ann_against_two_bots(app)
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update.legal and _picks(app, 1) == 1 and _picks(app, 2) == 1)
        screen = app.screen
        screen_clock.now += 1.0
        await pilot.press("2")
        await wait_for(pilot, lambda: app.table.match.state.draft_turn == 2
                       and screen.update.legal)
        assert prompt(screen) == f"Your next pack (turn 2 of 5): {LOOK}", prompt(screen)
        screen_clock.now += 2.0
        await pilot.press("enter")
        await pilot.pause()
        assert _picks(app, 0) == 1
        await pilot.press("left", "enter")
        await wait_for(pilot, lambda: _picks(app, 0) == 2)


async def test_the_last_person_to_pick_at_one_terminal_keeps_nothing_unseen_with_enter(
        tmp_path, monkeypatch, screen_clock):
    """The play-test's table: people at one terminal, the draft variant;
    the last to pick goes on with the next pack, no cover between."""
    from core.overseers.state import Options

    app = _grace_app(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                    PlayerSpec("Cora", "bot", "random")],
                      options=Options(alternate_draft=True))
        people = []
        for _ in range(2):  # turn 1, round the table
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            people.append(app.screen.player)
            screen_clock.now += 1.0
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                           and app.screen.update.legal)
            screen_clock.now += 1.0
            await pilot.press("2")
        last = ("Ann", "Bram").index(people[-1])
        screen = app.table.screen
        await wait_for(pilot, lambda: app.table.match.state.draft_turn == 2
                       and app.screen is screen and screen.update.seat == last
                       and bool(screen.update.legal))
        assert prompt(screen) == f"Your next pack (turn 2 of 5): {LOOK}", prompt(screen)
        screen_clock.now += 2.0  # the play-test's Enter, 2 s after the 2
        await pilot.press("enter")
        await pilot.pause()
        assert _picks(app, last) == 1
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda: _picks(app, last) == 2)


def _placed(app, seat: int) -> bool:
    from core.overseers.actions import Place

    return any(who == seat and isinstance(action, Place)
               for who, action in app.table.match.history)


async def test_the_top_row_after_your_last_pick_waits_for_you_to_look(
        tmp_path, monkeypatch, screen_clock):
    """One person against bots, always the last to pick: the top row's
    choice comes at once under the key that kept the last card. Play-test
    habit, a number then Enter about 2 s later: past the 0.7 s and the
    1.5 s, that Enter chose a top row nobody had looked at."""
    app = _grace_app(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        _ann_against_two_bots(app)
        screen = await _to_the_top_row(app, pilot, screen_clock)
        assert prompt(screen).endswith(LOOK), prompt(screen)
        screen_clock.now += 0.8  # the new decision's wait is over
        await pilot.press("enter")
        await pilot.pause()
        screen_clock.now += 1.2  # and the 1.5 s from the key: "1, then Enter"
        await pilot.press("enter")
        await pilot.pause()
        assert not _placed(app, 0)  # no top row chosen unseen
        await pilot.press("right")
        await pilot.pause()
        assert LOOK not in prompt(screen), prompt(screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: _placed(app, 0))


async def test_the_top_row_by_its_number_after_the_wait(tmp_path, monkeypatch, screen_clock):
    """A number key names its top row: it chooses once the 1.5 s from the
    key that kept the last card are over, no arrow needed."""
    app = _grace_app(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        _ann_against_two_bots(app)
        await _to_the_top_row(app, pilot, screen_clock)
        await pilot.press("2")  # doubled: within the wait
        await pilot.pause()
        assert not _placed(app, 0)
        screen_clock.now += 1.6
        await pilot.press("2")
        await wait_for(pilot, lambda: _placed(app, 0))


def _to_the_vote(state):
    """Everyone drafts and places their first choice, the characters'
    abilities take their first: the vote."""
    while state.phase is not Phase.VOTE:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def _the_others_voted_for_you(state):
    """From the draft, to the vote where seats 1-3 have voted for seat 0:
    its vote, the last, ends it (and it is the one judged)."""
    from core.overseers.actions import Vote

    state = _to_the_vote(state)
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, Vote(0))
    return state


async def test_the_judgment_after_your_last_vote_waits_for_you_to_look(screen_clock):
    """Any decision of yours that comes at once under your own key, not
    only the draft's: the last to vote is the one judged (the others voted
    for them), and Deny or Admit comes up under the vote's key."""
    state = _the_others_voted_for_you(drafting())
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("1")  # the last vote
        assert len(fake.submitted) == 1
        judged = GAME.apply(state, 0, fake.submitted[0][1])
        assert judged.phase is Phase.JUDGE and judged.accused == 0
        screen_clock.now += 0.05  # at once
        screen.show(attrs.evolve(make_update(judged, 0), seq=update.seq + 1))
        await pilot.pause()
        assert "Pick with a number, or ←→ then Enter." in prompt(screen), prompt(screen)
        assert any(n.startswith("Your next choice came at once") for n in notices), notices
        screen_clock.now += 2.0  # past both waits: "1, then Enter"
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 1  # nothing judged unseen
        assert any("Enter makes none of it until ←→" in n for n in notices), notices
        await pilot.press("right")
        await pilot.pause()
        assert "←→ then Enter" not in prompt(screen), prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 2 and fake.submitted[1][0] == 0


async def test_the_first_arrow_arms_enter_at_an_admission_that_came_under_your_key(
        screen_clock):
    """Play-test: judged, the player admitted with 2, and the discard came
    up at once under the key, with nothing highlighted (`_NO_DEFAULT`).
    Right lit card 1, and Enter did nothing and said nothing; only a
    second arrow made Enter discard. The first arrow arms it, wherever it
    lands."""
    state = _the_others_voted_for_you(drafting())
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])  # the last vote
    assert state.phase is Phase.JUDGE and state.accused == 0
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("2")  # Admit
        admitting = GAME.apply(state, 0, fake.submitted[0][1])
        assert admitting.phase is Phase.ADMIT
        screen_clock.now += 0.05  # at once
        screen.show(attrs.evolve(make_update(admitting, 0), seq=update.seq + 1))
        await pilot.pause()
        bar = screen.query_one("#ov-actions")
        assert bar.cursor == -1
        # F1 says what Enter does there (it said "Do the highlighted action")
        assert "Nothing is highlighted yet" in await _help_enter(app, pilot)
        screen_clock.now += 2.0  # past both waits
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 1  # nothing highlighted: nothing discarded
        await pilot.press("right")
        await pilot.pause()
        assert bar.cursor == 0
        await pilot.press("enter")
        await pilot.pause()
        assert fake.submitted[1:] == [(0, make_update(admitting, 0).legal[0])]


def _footer_keys(screen) -> list[str]:
    return [key for key, _words, _usable in screen.query_one(Footer).shown]


@pytest.mark.parametrize("decision", ["the next pack", "the judgment"])
async def test_the_footer_offers_no_enter_while_it_waits_for_an_arrow(screen_clock, decision):
    """A play-test saw "↵ Do it" in the footer over Deny / Admit just after
    the last vote (and the hand's "↵ Choose" over a pack come under the key
    that kept a card), with a choice highlighted, where Enter makes none of
    it until an arrow has moved the highlight. The footer leaves Enter out
    while it waits (an Enter is still told why) and offers it again at the
    first arrow."""
    state = drafting() if decision == "the next pack" else _the_others_voted_for_you(drafting())
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        assert "enter" in _footer_keys(screen)
        screen_clock.now += 2.0
        await pilot.press("2" if decision == "the next pack" else "1")  # a card kept; the last vote
        later = (passed(state) if decision == "the next pack"
                 else GAME.apply(state, 0, fake.submitted[0][1]))
        screen_clock.now += 0.05  # at once
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        assert screen.focused.highlighted is not None  # a choice highlighted all the same
        assert "enter" not in _footer_keys(screen)
        # F1 says why among the keys of the moment, not under "Not now"
        rows = await _help_rows(app, pilot)
        waits = [i for i, (key, text) in enumerate(rows)
                 if key == "Enter" and "came under your last key" in text]
        assert len(waits) == 1 and waits[0] < rows.index(("", IDLE_HEADING)), rows
        screen_clock.now += 2.0  # past both waits
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 1
        assert any("none of it until ←→" in n for n in notices), notices
        assert "enter" not in _footer_keys(screen)
        await pilot.press("right")
        await pilot.pause()
        assert "enter" in _footer_keys(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 2


@pytest.mark.parametrize("decision", ["the next pack", "the judgment"])
async def test_a_decision_that_came_after_a_wait_is_made_by_enter(screen_clock, decision):
    """A play-test (against normal bots): after the last pick the table
    waited some 8-10 s on a bot's peek, then the vote came with a choice
    highlighted, and Enter was refused ("Your next choice came under your
    last key...") and left out of the footer: untrue after a wait watched.
    Only a decision that comes within the wait after the key that made the
    last (the grace and `AGAIN_EXTRA`) waits for an arrow; one that comes
    later takes Enter after the usual grace, and the footer offers it."""
    state = drafting() if decision == "the next pack" else _the_others_voted_for_you(drafting())
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("2" if decision == "the next pack" else "1")  # a card kept; the last vote
        later = (passed(state) if decision == "the next pack"
                 else GAME.apply(state, 0, fake.submitted[0][1]))
        screen_clock.now += 0.7 + AGAIN_EXTRA + 1.0  # the others took their time
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        assert LOOK not in prompt(screen), prompt(screen)
        assert screen.focused.highlighted is not None
        await pilot.press("enter")  # within the usual grace: dropped
        await pilot.pause()
        assert len(fake.submitted) == 1
        screen_clock.now += 1.0  # past it
        assert "enter" in _footer_keys(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 2, fake.submitted
        assert fake.submitted[1][0] == 0
        if decision == "the next pack":
            assert fake.submitted[1] == (0, Pick(later.seats[0].hand[0]))
        assert not any("came under your last key" in n or "none of it until" in n
                       for n in notices), notices


async def test_with_the_wait_off_the_top_row_is_chosen_by_enter_at_once(screen_clock):
    """`OVERTABLE_ENTER_WAIT=0`: no wait for an arrow after the last pick."""
    state = drafting()
    while state.phase is Phase.DRAFT and state.draft_turn < 5:
        state = passed(state)
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    update, fake, app = _seat_0_app(state, ScreenApp)  # (decision_grace 0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        await pilot.press("1")
        placing = GAME.apply(state, 0, fake.submitted[0][1])
        assert placing.phase is Phase.PLACE
        screen.show(attrs.evolve(make_update(placing, 0), seq=update.seq + 1))
        await pilot.pause()
        assert "←→ then Enter" not in prompt(screen), prompt(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(fake.submitted) == 2


async def _help_rows(app, pilot) -> list[tuple[str, str]]:
    """F1's (key, what it does) rows, headings too (the help opened and
    closed again)."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    await app.push_screen(HelpScreen(app.game_screen))
    await pilot.pause()
    table = app.screen.query_one(DataTable)
    rows = [tuple(" ".join(str(c).split()) for c in table.get_row_at(i))
            for i in range(table.row_count)]
    app.pop_screen()
    await pilot.pause()
    return rows


async def _help_enter(app, pilot) -> str:
    """What F1 says Enter does now."""
    return " ".join(text for key, text in await _help_rows(app, pilot) if key.startswith("Enter"))


async def test_f1_says_enter_waits_for_an_arrow_at_a_choice_that_came_under_your_key(
        screen_clock):
    """The newcomer's play-test: F1 at the vote said "Enter · Vote Bram
    (the highlighted action)" while the prompt said to pick with a number
    or ←→ first, and Enter did nothing. F1 says what Enter does there."""
    state = _the_others_voted_for_you(drafting())
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("1")  # the last vote
        judged = GAME.apply(state, 0, fake.submitted[0][1])
        screen_clock.now += 0.05  # at once
        screen.show(attrs.evolve(make_update(judged, 0), seq=update.seq + 1))
        await pilot.pause()
        said = await _help_enter(app, pilot)
        assert "highlighted action" not in said, said
        assert "until ←→ move the highlight" in said, said
        await pilot.press("right")
        await pilot.pause()
        said = await _help_enter(app, pilot)
        assert "(the highlighted action)" in said, said


async def test_no_next_choice_notice_when_the_showdown_brings_the_votes_box(screen_clock):
    """Play-test (shared6, finding 2): the judged player denied (1), and
    "Your next choice came at once: pick with a number, or ←→ then Enter."
    came up over the "what the vote did" box, a box and no choice (Enter
    puts it away). The showdown (OV §Showdown: every hand revealed) brings
    the box first; putting it away is the pause, and no notice says pick."""
    from core.overseers.actions import Deny, Vote
    from tui.screens.ending import EndingScreen

    state = _the_others_voted_for_you(drafting(6))
    state = GAME.apply(state, 0, Vote(1))
    assert state.phase is Phase.JUDGE and state.accused == 0
    update, fake, app = _seat_0_app(state)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        screen_clock.now += 2.0
        await pilot.press("1")  # Deny
        assert fake.submitted and fake.submitted[0][1] == Deny()
        denied = GAME.apply(state, 0, Deny())
        rng = random.Random(1)
        while CHANCE in GAME.to_act(denied):
            denied = GAME.apply(denied, CHANCE, sample_chance(GAME.chance_outcomes(denied), rng))
        # the showdown, and your next decision (a steal) at once under it
        assert denied.showdown and denied.phase is Phase.ROB and 0 in GAME.to_act(denied)
        log = ("Ann is given the Leader card.",
               "Dee votes. Votes: you for Bob; Bob for you; Cyd for you; Dee for you.",
               "You are judged. You deny. Showdown, every hand revealed.")
        screen_clock.now += 0.05  # at once
        screen.show(attrs.evolve(make_update(denied, 0, log=log), seq=update.seq + 1))
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        assert "what the vote did" in app.screen.title_text
        for _ in range(5):
            await pilot.pause()
        assert not [n for n in notices if "came at once" in n], notices


async def test_f1_over_the_draft_hand_says_what_enter_does_in_each_draft_situation(
        screen_clock):
    """Play-test: F1 over the draft hand said "Enter · Choose the highlighted
    card" just after a new pack came under the key, where Enter keeps none of
    it until an arrow has moved over it. F1 tells each situation as it is:
    a pack looked at (Enter keeps the highlighted card), a new pack come
    under the key (it waits for ←→; a number picks), and the pack once an
    arrow has moved over it."""
    state = drafting()
    update = make_update(state, 0)
    fake = FakePort()
    app = GraceApp(update, fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        assert screen.focused is screen.query_one("#ov-hand")
        said = await _help_enter(app, pilot)
        assert "highlighted card" in said, said  # the first pack, before any key
        screen_clock.now += 2.0
        await pilot.press("2")
        later = passed(state)
        screen_clock.now += 0.05  # the next pack comes at once, under the 2
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        await pilot.pause()
        said = await _help_enter(app, pilot)
        assert "highlighted card" not in said, said
        assert "Your next pack came under your last key" in said, said
        assert "until ←→ move over it; or pick with a number" in said, said
        await pilot.press("right")  # looked at
        await pilot.pause()
        said = await _help_enter(app, pilot)
        assert "highlighted card" in said and "came under" not in said, said
