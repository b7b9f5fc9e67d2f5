"""Hot seat: what a person receives face down is shown to them at once.

Two knights at one terminal, Ul'ul's night (BQ-29: every weapon asked for
comes face down, seen by its owner only). Bram asked for a weapon and the
"Pass to Ann" cover came at once: he saw what he had received only at his
next turn, after combat or never before it mattered. Now a notice for his
eyes only tells him, over his own view, and the cover follows once he has
read it; Ann's view comes only behind the cover."""

from __future__ import annotations

import attrs
import pytest

from core.bossquest.state import ActiveSpell, Options, Step, Ulul
from saves.journal import PlayerSpec
from tests.screen_kit import screen_text, settle, settled_text, wait_for
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen
from tui.screens.handover import HandoverScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

#: a quest whose round 1 Boss is Ul'ul at night; Bram (seat 1) acts first
NIGHT_SEED = 2


async def test_a_weapon_asked_for_at_night_is_shown_before_the_cover(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=NIGHT_SEED, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")],
                      Options(ulul=Ulul.NIGHT))
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        table = app.table
        assert table.match.state.boss == 22 and table.match.state.turn == 1
        await pilot.press("enter")  # Bram uncovers his view
        await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen)
                       and app.screen.update is not None and app.screen.update.legal)
        await pilot.press("1")  # asks for one weapon
        await wait_for(pilot, lambda: not isinstance(app.screen, BossQuestScreen))
        state = table.match.state
        received = state.knights[1].night[-1].weapon
        assert len(state.knights[1].night) == 2 and state.turn == 0
        # the notice for Bram, over his own view, before any cover
        await wait_for(pilot, lambda: "face down" in screen_text(app))
        text = await settled_text(app, pilot)
        assert not isinstance(app.screen, HandoverScreen), text
        assert "Bram" in text and f"You receive {received} face down" in text, text
        assert table.viewer == 1 and table.handover_to is None
        assert "Enter: hide it and pass on" in text, text  # Ann's cover follows
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        text = await settled_text(app, pilot)
        assert "Pass to Ann" in text and str(received) not in text, text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen))
        assert table.viewer == 0


async def _bram_asks(app, pilot, players, seed, options):
    """Start the match, let Bram (seat 1, first to act) uncover and ask for
    one weapon; returns the table once his view has gone."""
    app.new_match("boss-quest", players, options)
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
    assert app.table.match.state.turn == 1
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen)
                   and app.screen.update is not None and app.screen.update.legal)
    await pilot.press("1")
    await wait_for(pilot, lambda: app.table.viewer != 1 or not isinstance(app.screen, BossQuestScreen)
                   or app.table._public_shown)
    return app.table


async def test_before_a_bots_turn_the_notice_comes_before_the_public_view(tmp_path, monkeypatch):
    """Bram's ask hands the turn to Cora, a bot: the public view (no one's
    secrets) came at once. He reads his weapon first, Cora waiting for him;
    the cover to Ann follows."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=NIGHT_SEED, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
               PlayerSpec("Cora", "bot", "heuristic")]
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _bram_asks(app, pilot, players, NIGHT_SEED, Options(ulul=Ulul.NIGHT))
        assert table.match.state.boss == 22
        received = table.match.state.knights[1].night[1].weapon
        # the box, and the view behind it drawn (a moment blank on a busy
        # machine): whichever view it is, the asserts below tell
        await wait_for(pilot, lambda: "face down" in screen_text(app) and any(
            behind in screen_text(app) for behind in ("Bram's view", "for everyone")))
        text = await settled_text(app, pilot)
        assert not isinstance(app.screen, (HandoverScreen, BossQuestScreen)), text
        assert f"You receive {received} face down" in text and "Bram's view" in text, text
        assert not table._public_shown
        # a bot acts next: no cover is sure to follow (his own view may come
        # straight back), the everyone's view does
        assert "Enter: hide it" in text and "pass on" not in text, text
        # Cora waits while he reads, as for any box read here: her status
        # says so (it counted "thinking… 13 s", and n hurried nothing)
        assert table.holds_bots and not table.screen.can_hurry()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       or table._public_shown)
        assert not table.holds_bots
        text = await settled_text(app, pilot)
        assert "Bram's view" not in text and f"({received})" not in text, text


async def test_face_up_weapons_asked_for_show_the_new_total_before_the_cover(tmp_path, monkeypatch):
    """Weapons asked for by day are face up, everyone's to see, but the
    total they make counts the knight's hidden weapon. Play-test: Bram
    asked and the "Pass to Ann" cover came at once: he never saw his new
    total. It is told to him first, for his eyes only; Ann's cover follows
    and does not tell it, nor is any of her secrets on his screen."""
    from core.bossquest import GAME
    from tui.screens.handover import PrivateNoticeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=0, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")]
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _bram_asks(app, pilot, players, 0, Options(ulul=Ulul.NIGHT))
        state = table.match.state
        assert state.boss != 22 and len(state.knights[1].visible) == 2
        bram = state.knights[1]
        total = GAME.strength(state, 1)
        hidden = bram.hidden.weapon.code
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen)
                       and "Bram's view" in screen_text(app))
        text = await settled_text(app, pilot)
        assert "For Bram's eyes only" in text, text
        cards = " ".join([hidden] + [w.code for w in bram.visible])
        assert f"Your weapons: {cards} = {total} (" in text, text
        assert f"({state.knights[0].hidden.weapon.code})" not in text, text  # not Ann's
        assert table.handover_to is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        text = await settled_text(app, pilot)
        assert "Pass to Ann" in text and f"= {total}" not in text and hidden not in text, text
        assert table.handover_to == 0


#: a four-player Overseers match whose round 1 deals Meixiu to Cal (seat
#: 2) and Teal to Dev (seat 3): Teal acts right after Meixiu's peeks
PEEK_SEED = 16


async def test_meixius_peeks_are_shown_before_the_cover(tmp_path, monkeypatch):
    """OV-11: Meixiu peeks at two face-down cards of other players, only she
    learns what they are. Her second peek ended her turn and the cover to
    Dev (Teal, OV-11's order) came at once: she saw that card only at her
    next decision. It is now told to her, for her eyes only, first, with
    the first peek of that use (the box named only the second)."""
    from core.overseers.cards import TRAIT, Character
    from core.overseers.state import Phase
    from tests.test_tui_overseers_match import choose_key
    from tui.screens.ending import EndingScreen
    from tui.screens.overseers import OverseersScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=PEEK_SEED, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "bot", "random"), PlayerSpec("Bea", "bot", "random"),
               PlayerSpec("Cal", "human"), PlayerSpec("Dev", "human")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", players)
        for _ in range(3000):
            await pilot.pause()
            screen, state = app.screen, app.table.match.state
            if state.phase is Phase.PEEK and len(state.peeked) == 1 and isinstance(
                    screen, OverseersScreen) and screen.update and screen.update.legal:
                break
            assert state.phase not in (Phase.TEAL, Phase.VOTE), "no second peek"
            if isinstance(screen, (HandoverScreen, EndingScreen)):
                await pilot.press("enter")
            elif isinstance(screen, OverseersScreen) and screen.update and screen.update.legal:
                await pilot.press(choose_key(screen))
        assert [p.character for p in state.seats][2:] == [Character.MEIXIU, Character.TEAL]
        assert app.table.viewer == 2
        await pilot.press(choose_key(screen))  # the second peek
        await wait_for(pilot, lambda: not isinstance(app.screen, OverseersScreen))
        state = app.table.match.state
        assert state.phase is Phase.TEAL and len(state.peeked) == 2
        (seat, first), (other, slot) = state.peeked
        assert other == seat  # this seed: both of Ann's
        card = TRAIT[state.seats[seat].slots[slot].card].label
        earlier = TRAIT[state.seats[seat].slots[first].card].label
        # over her own view, which shows it too
        await wait_for(pilot, lambda: "Cal's view" in screen_text(app)
                       and "eyes only" in screen_text(app))
        text = await settled_text(app, pilot)
        assert not isinstance(app.screen, HandoverScreen), text
        assert "For Cal's eyes only" in text, text
        # both peeks, the first too (it named only the second)
        owner = ("Ann", "Bea", "Cal", "Dev")[seat]
        assert (f"You peek at {owner}'s card {first + 1}: {earlier}" in text
                and f"; card {slot + 1}: {card}" in text), text
        # OV-11: the cards' owner knows them too
        assert f"Only you and {owner} know them." in " ".join(
            text.replace("│", " ").split()), text  # (read across the box's wrap)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        text = await settled_text(app, pilot)
        assert "Dev" in text and "eyes only" not in text and f": {card}" not in text, text


async def test_a_swapped_hidden_weapon_names_who_else_knows_it():
    """BQ-24: after "Swap hidden" the knight the card came from still knows
    it (the weapons panel says so); the box said "only you see it". It
    names them; a card no one else has seen is still "only you see it"."""
    from core.bossquest import GAME
    from core.bossquest.actions import TargetKnight
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import Hidden, Step
    from tests.bossquest_screen_kit import HIDDEN, FakePort, ScreenApp, full_state, make_update, w

    before = full_state(step=Step.TARGET, casting=Spell(SpellKind.SWAP_HIDDEN))
    after = GAME.apply(before, 0, TargetKnight(2))  # Ann takes Cyd's P4
    app = ScreenApp(make_update(after, seat=0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = app.screen.received_privately(make_update(before, seat=0),
                                              make_update(after, seat=0))
        assert lines == [f"You receive {HIDDEN[2]} face down, Cyd's hidden weapon: "
                         "only you and Cyd know it.",
                         # the total it leaves her (R6 + B3 + Y2 was 11)
                         "Your weapons: P4 B3 Y2 = 9 (9 short)"], lines
        # a card from the deck (BQ-10): no one else knows it
        ann = attrs.evolve(before.knights[0], hidden=Hidden(w("G2"), frozenset({0})))
        alone = attrs.evolve(before, knights=(ann, *before.knights[1:]))
        lines = app.screen.received_privately(make_update(before, seat=0),
                                              make_update(alone, seat=0))
        assert lines == ["You receive G2 face down: only you see it.",
                         "Your weapons: G2 B3 Y2 = 7 (11 short)"], lines
        # a move that leaves her total as it was (a spell discarded): no box
        from core.bossquest.actions import Discard

        wizard = full_state(step=Step.WIZARD)
        lines = app.screen.received_privately(
            make_update(wizard, seat=0), make_update(GAME.apply(wizard, 0, Discard(0)), seat=0))
        assert lines == [], lines


async def test_the_weapons_line_says_what_changes_their_sum():
    """Play-test (hot seat): after Ann cast Attack -2 on herself, her box
    read "Your weapons: P2 P1 R2 R4 R6 = 13 (1 short)", cards adding up to
    15. The line names what the sum counts besides the cards as the
    knights' rows do ("●Atk-2"), and a read potion as its reading (+2,
    -2), not its face (±2)."""
    from core.bossquest import GAME
    from core.bossquest.actions import TargetKnight
    from core.bossquest.cards import Spell, SpellKind, Weapon
    from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update

    before = full_state(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_MINUS_2))
    after = GAME.apply(before, 0, TargetKnight(0))  # Ann's Attack -2 on herself
    app = ScreenApp(make_update(after, seat=0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lines = app.screen.received_privately(make_update(before, seat=0),
                                              make_update(after, seat=0))
        # R6 + B3 + Y2 is 11; the Boss's HP 19 - 1
        assert lines == ["Your weapons: R6 B3 Y2 ●Atk-2 = 9 (9 short)"], lines
        # a potion read -2 among them, and the Attack +1 already on her
        potion = Weapon(None, 2)
        ann = attrs.evolve(before.knights[0], visible=(*before.knights[0].visible, potion),
                           readings=((potion, -1),))
        plus = (*before.active, ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=0))
        before = attrs.evolve(before, knights=(ann, *before.knights[1:]), active=plus)
        after = GAME.apply(before, 0, TargetKnight(0))
        lines = app.screen.received_privately(make_update(before, seat=0),
                                              make_update(after, seat=0))
        assert lines == ["Your weapons: R6 B3 Y2 -2 ●Atk+1 ●Atk-2 = 8 (10 short)"], lines


async def test_a_notice_up_when_the_match_was_left_comes_back_first(tmp_path, monkeypatch):
    """Play-test: Bram left (ctrl+q) with his weapon's notice up (BQ-29); on
    `overtable resume` Ann's cover came at once and he never saw what he
    had received before his next turn. The table keeps the unread notice
    beside the match as it keeps who uncovered (README): the resumed match
    passes to Bram first, tells him, then passes to Ann."""
    from tests.test_tui_bossquest_resume import leave_and_resume
    from tui.screens.handover import PrivateNoticeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=NIGHT_SEED, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")]
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _bram_asks(app, pilot, players, NIGHT_SEED, Options(ulul=Ulul.NIGHT))
        received = table.match.state.knights[1].night[-1].weapon
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen))
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        text = screen_text(app)
        assert "Pass to Bram" in text and str(received) not in text, text
        # Ann, whose turn it is, is told why it is not hers
        assert "Bram has something to read first." in text, text
        await pilot.press("enter")
        # (the view behind the box may be drawn a moment after the box on a
        # busy machine: wait for both, then check what the box says)
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen)
                       and "For Bram's eyes only" in screen_text(app)
                       and "Bram's view" in screen_text(app))
        text = screen_text(app)
        assert f"You receive {received} face down" in text, text
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        assert "Pass to Ann" in screen_text(app)
        assert "something to read" not in screen_text(app)
        # read once: left and resumed again, Ann's cover comes at once
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        assert "Pass to Ann" in screen_text(app)


async def test_q_leaves_from_a_notice_for_ones_eyes_only_and_u_says_why_not(
        tmp_path, monkeypatch):
    """Play-test (80x24): over "For Bram's eyes only" the footer read "↵ Go
    on f1 Help", q did nothing (no way out but Enter) and u did nothing
    without a word. q goes home from it, as from the hand-over cover and
    the combat box, the notice kept unread and told first on resuming;
    u says why it takes nothing back there."""
    from tui.screens.handover import PrivateNoticeScreen
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=NIGHT_SEED, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")]
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _bram_asks(app, pilot, players, NIGHT_SEED, Options(ulul=Ulul.NIGHT))
        received = table.match.state.knights[1].night[-1].weapon
        path = table.match.path
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen)
                       and "f1 Help" in screen_text(app))
        assert "q Home" in screen_text(app).splitlines()[-1], screen_text(app)
        said = []
        app.screen.notify = lambda message, **kw: said.append(message)
        await pilot.press("u")
        await wait_for(pilot, lambda: said)
        assert "take" in said[0].lower() and "Enter" in said[0], said
        # F1 says the box comes back (the match goes on), not a match over
        leave = app.screen.help_text(next(
            b for b in app.screen._bindings.key_to_bindings["q"] if b.action == "leave"))
        assert "comes back first" in leave and "over" not in leave, leave
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen)
                       and "Pass to" in screen_text(app))
        assert "Pass to Bram" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen)
                       and f"You receive {received} face down" in screen_text(app))
