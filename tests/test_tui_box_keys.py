"""The keys of a box over the table or the results (Boss Quest's combat,
Overseers' round ends, the last moves): its footer lists them in the order
the screens under it do, and the match's end is told once."""

from __future__ import annotations

from textual.binding import Binding

from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update
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
        await pilot.pause()
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
