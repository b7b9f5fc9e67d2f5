"""The keys of a box over the table or the results (Boss Quest's combat,
Overseers' round ends, the last moves): its footer lists them in the order
the screens under it do, and the match's end is told once."""

from __future__ import annotations

from textual.binding import Binding

from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update
from tests.screen_kit import settle
from tui.screens import bossquest
from tui.screens.ending import EndingScreen
from tui.widgets.footer import Footer

#: the keys every screen lists last, in this order (a game screen's footer
#: at a shared table ends "q Lobby … f1 Help f2 Chat")
LAST = ["q", "f1", "f2"]


class ChatApp(ScreenApp):
    """A table with a chat, as at the shared tables (tui/join.py: F2 is
    the app's, after the screen's keys)."""

    BINDINGS = [Binding("f2", "chat", "Chat")]

    def action_chat(self) -> None:
        pass


def footer_keys(app) -> list[str]:
    """The keys the footer lists, the command palette's (at the right) left out."""
    return [key for key, _words, _enabled in app.screen.query_one(Footer).shown
            if key != app.COMMAND_PALETTE_BINDING]


async def test_a_boxs_footer_lists_its_own_keys_then_q_f1_f2_as_the_table_does():
    """Play-test (a shared table): the boxes' footers read "f2 Chat ↵ Go on
    q Lobby f1 Help" while the table under them ended "q Lobby … f1 Help
    f2 Chat": F2 was the boxes' base's first binding. The box's own keys
    come first, then q, F1 and F2, as on the screens."""
    result = full_state().history[-1]
    app = ChatApp(make_update(full_state()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = footer_keys(app)
        assert table[-1] == "f2" and table.index("q") < table.index("f2"), table
        boxes = [
            EndingScreen("Since your last move · Ann's view", ["Bob goes to the Wizard."],
                         leave=lambda: None, lobby=True),  # "q Lobby", as a round's end
            EndingScreen("The last moves", ["Bob goes to the Wizard."]),  # q refused
            bossquest.CombatScreen(result, lambda s: "ABCD"[s]),
        ]
        for box in boxes:
            await app.push_screen(box)
            await pilot.pause()
            keys = footer_keys(app)
            assert keys[0] == "enter", keys  # Go on first: the box's own
            shown_last = [key for key in keys if key in LAST]
            assert shown_last == [key for key in LAST if key in keys], keys
            assert keys[-len(shown_last):] == shown_last, keys
            assert "f2" in keys and "f1" in keys, keys
            line = app.screen._compositor.render_strips()[-1].text
            assert line.index("Go on") < line.index("f1 Help") < line.index("f2 Chat"), line
            app.pop_screen()
            await pilot.pause()
        # "q Lobby" where the box has it, before F1
        await app.push_screen(boxes[0].__class__(
            "Round 1 ended", ["Bob scores 3."], leave=lambda: None, lobby=True))
        await pilot.pause()
        assert footer_keys(app) == ["enter", "q", "f1", "f2"]


async def test_a_bots_move_that_ends_boss_quest_is_told_once_in_the_combat():
    """Play-test report (Boss Quest against a bot, 80x24): when the bot's
    move set off the last combat, its combat box (which says the game is
    over and who wins) was followed by a "Since your last move" box that
    told the same combat again. The combat is told once: the boxes over
    the results are the combat's alone, and no box repeats its lines
    (BQ §End of the game; the other games tell the last moves in a box of
    their own, tests/test_tui_overboss_match.py, test_tui_overstocked_match.py)."""
    from core.bossquest import GAME
    from core.bossquest.actions import Discard, GoToWizard
    from tests.bossquest_screen_kit import TableUpdate, screen_text
    from tests.bossquest_tables import knight, table
    from tests.test_bossquest_rules import ATKM1, HP1, HPM1
    from tui.screens.results import ResultsScreen, push_results

    names = ("Ann", "Bob")
    # Ann at the Wizard on 4 keys, 16 against 17: closest whatever Bob does
    state = table([knight("R7", "B7", "Y2", keys=4), knight("P1", "P2")],
                  turn=0, boss=17, offer=(HP1, HPM1, ATKM1), mystery=False)
    log = [GAME.describe(state, 0, GoToWizard(), names, viewer=0)]
    state = GAME.apply(state, 0, GoToWizard())
    seq = 1

    def update(state, log):
        to_act = GAME.to_act(state)
        return TableUpdate(game=GAME.id, outcome=GAME.outcome(state), seat=0,
                           view=GAME.view(state, 0), to_act=to_act,
                           legal=tuple(GAME.legal_actions(state, 0)) if 0 in to_act else (),
                           names=names, bots=frozenset({1}), log=tuple(log),
                           thinking=1 if 1 in to_act else None, can_undo=False, seq=seq)

    app = ScreenApp(update(state, log))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        moves = [(0, Discard(2)), (1, GoToWizard()), (1, Discard(0))]  # Bob's end it
        for seat, action in moves:
            if seat == 0:
                screen.play(action)  # Ann's last move, from her screen
            log.append(GAME.describe(state, seat, action, names, viewer=0))
            state = GAME.apply(state, seat, action)
            seq += 1
            last = update(state, log)
            screen.show(last)
            await pilot.pause()
        assert last.over and last.outcome.winners == frozenset({0})
        for mount in push_results(app, last, screen):
            await mount
        await pilot.pause()
        seen = []
        for _ in range(5):
            if isinstance(app.screen, ResultsScreen):
                break
            seen.append((type(app.screen).__name__, screen_text(app)))
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen), seen
        assert [kind for kind, _ in seen] == ["CombatScreen"], seen
        combat = seen[0][1]
        assert "Combat: round 1, the last" in combat and "The game is over" in combat
        assert not any("Since your last move" in text for _, text in seen)
        # q goes home from it, as from the combat boxes over the table and
        # the last moves' box of the other games (it was refused here)
        assert "q Home" in combat.splitlines()[-1], combat
