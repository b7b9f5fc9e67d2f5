"""When a shared table's app draws the hub's updates (tui/remote.py).

Every app at a table gets each change at once and they share the host's
cores: the player whose key caused a change draws it at once. Any other
change is drawn in a turn shared by the host's apps (tui/draw_turns.py): a
change that makes it this player's turn or ends the match as soon as a
turn is free, any other LATER_SECONDS later; changes that arrive meanwhile
are drawn once (the older ones still count in the screen's recap)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import attrs
import pytest

from core import GAMES
from core.engine import CHANCE
from host.messages import SeatCommand, SeatUpdate
from host.wire import codec
from tests.hub_kit import RecordingWriter
from tui import draw_turns, remote
from tui.draw_turns import DrawTurns
from tui.remote import RemoteTable

GAME = GAMES["overboss-duel"]
WIRE = codec(GAME)


def seat_updates(count: int, seed: int = 3) -> list[SeatUpdate]:
    """Seat 0's updates after each change of a seeded random match."""
    rng = random.Random(seed)
    state = GAME.setup(2, None)
    out: list[SeatUpdate] = []
    seq = 0
    while len(out) < count and GAME.outcome(state) is None:
        to_act = GAME.to_act(state)
        if CHANCE in to_act:
            actions, weights = zip(*GAME.chance_outcomes(state), strict=True)
            who, action = CHANCE, rng.choices(actions, weights=weights)[0]
        else:
            who = min(to_act)
            action = rng.choice(GAME.legal_actions(state, who))
        state = GAME.apply(state, who, action)
        seq += 1
        now = frozenset(GAME.to_act(state))
        if CHANCE in now:
            continue
        legal = tuple(GAME.legal_actions(state, 0)) if 0 in now else ()
        out.append(SeatUpdate(
            game=GAME.id, seat=0, view=GAME.view(state, 0), legal=legal, to_act=now,
            names=("Ann", "Bob"), bots=frozenset(), log=(), outcome=None, can_undo=False,
            seq=seq,
        ))
    return out


class FakeScreen:
    def __init__(self, first: SeatUpdate) -> None:
        self.update = first
        self.shown: list[int] = []
        self.witnessed: list[int] = []
        self.announced = 0
        #: as GameScreen's: the dialogs to push over the results
        self.over_the_results: list = []

    def show(self, update: SeatUpdate) -> None:
        self.update = update
        self.shown.append(update.seq)

    def witness(self, update: SeatUpdate) -> None:
        self.witnessed.append(update.seq)

    def announce_turn(self) -> bool:
        """As GameScreen's: the prompt stands out (here: counted)."""
        self.announced += 1
        return True


class FakeApp:
    def __init__(self) -> None:
        self.notes: list[str] = []
        self.screen = None
        self.screen_stack: list[Any] = []

    def notify(self, message: str, **_: Any) -> None:
        self.notes.append(message)

    def clear_notifications(self) -> None:
        self.notes.clear()

    def go_home(self) -> None:
        self.homes = getattr(self, "homes", 0) + 1

    async def push_screen(self, screen: Any) -> None:
        self.screen_stack.append(screen)
        self.screen = screen

    def call_after_refresh(self, callback: Any, *args: Any) -> bool:
        asyncio.get_running_loop().call_soon(callback, *args)
        return True


def table_with(first: SeatUpdate, socket: str = "/nonexistent") -> tuple[RemoteTable, FakeScreen]:
    table = RemoteTable(FakeApp(), socket, "Ann")  # type: ignore[arg-type]
    table._writer = RecordingWriter()  # type: ignore[assignment]
    screen = FakeScreen(first)
    table.screens["t1"] = screen  # type: ignore[assignment]
    table.app.screen_stack.append(screen)  # type: ignore[attr-defined]
    return table, screen


def message(update: SeatUpdate) -> dict[str, Any]:
    return {"table": "t1", "update": json.loads(json.dumps(WIRE.update_dict(update)))}


def waiting_updates() -> list[SeatUpdate]:
    """Updates in which Ann (seat 0) has no decision, in order."""
    return [u for u in seat_updates(60) if not u.legal]


async def test_changes_nobody_here_asked_for_are_drawn_once_a_moment_later():
    first, *others = waiting_updates()[:4]
    table, screen = table_with(first)
    for update in others:
        await table.handle(message(update))
    assert screen.shown == []  # not yet: the player who moved draws first
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    assert screen.shown == [others[-1].seq]  # the newest, once
    assert screen.witnessed == [u.seq for u in others[:-1]]  # the rest still in the recap


async def test_the_answer_to_this_players_command_is_drawn_at_once():
    first, second = waiting_updates()[:2]
    table, screen = table_with(first)
    table.command("t1", SeatCommand.undo(0))
    await table.handle(message(second))
    assert screen.shown == [second.seq]


async def test_a_change_that_makes_it_this_players_turn_is_drawn_at_once():
    updates = seat_updates(60)
    turn = next(i for i, u in enumerate(updates) if u.legal and i and not updates[i - 1].legal)
    table, screen = table_with(updates[turn - 1])
    table.app.screen = screen  # type: ignore[attr-defined]  # on top
    await table.handle(message(updates[turn]))
    await asyncio.sleep(0.01)  # a free turn: no LATER_SECONDS wait
    assert screen.shown == [updates[turn].seq]
    assert screen.announced == 1  # the prompt stands out


async def test_a_change_waiting_to_be_drawn_goes_before_the_answer_to_a_command():
    first, second, third = waiting_updates()[:3]
    table, screen = table_with(first)
    await table.handle(message(second))  # someone else's move: waits
    table.command("t1", SeatCommand.undo(0))
    await table.handle(message(third))  # the answer: drawn at once, after the other
    assert screen.witnessed == [second.seq]
    assert screen.shown == [third.seq]
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    assert screen.shown == [third.seq]  # the waiting one is not drawn over it later


async def test_a_match_put_away_here_is_not_drawn_again_unasked():
    first, second = waiting_updates()[:2]
    table, screen = table_with(first)
    table.app.screen_stack.clear()  # type: ignore[attr-defined]  # home from the results
    table.finished.add("t1")
    over = {**message(second)}
    over["update"] = {**over["update"], "outcome": {"scores": [1, 0], "winners": [0]}}
    await table.handle(over)  # e.g. the other player came back: everyone's update
    await table.handle(over)
    assert screen.shown == [] and "t1" not in table.screens
    assert not table.app.notes  # type: ignore[attr-defined]
    table.join("t1", 0)  # the player asks for it from the lobby: drawn again
    assert "t1" not in table._put_away


async def test_others_changes_wait_for_the_hosts_drawing_turn(tmp_path, monkeypatch):
    # Another app of the host is drawing (it holds the only turn): this app's
    # copy of a change waits, takes in what arrives meanwhile, and is drawn
    # once the turn is given back. (The other app's turn is held as long as
    # the test needs: on a loaded machine its HOLD_SECONDS ran out first.)
    monkeypatch.setattr(draw_turns, "WAIT_SECONDS", 5.0)
    monkeypatch.setattr(draw_turns, "HOLD_SECONDS", 30.0)
    socket = tmp_path / "hub.sock"
    other = DrawTurns(socket.with_name("hub.sock.draw"))
    held = await other.take()
    assert held is not None
    first, second, third = waiting_updates()[:3]
    table, screen = table_with(first, str(socket))
    await table.handle(message(second))
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    await table.handle(message(third))
    await asyncio.sleep(0.1)
    assert screen.shown == []
    other.give_back(held)
    await asyncio.sleep(0.1)
    assert screen.shown == [third.seq] and screen.witnessed == [second.seq]
    # and its turn is free again once drawn
    assert await other.take(wait=0.5) is not None


async def test_the_answer_to_a_key_does_not_wait_for_a_turn(tmp_path):
    socket = tmp_path / "hub.sock"
    other = DrawTurns(socket.with_name("hub.sock.draw"))
    assert await other.take() is not None
    first, second = waiting_updates()[:2]
    table, screen = table_with(first, str(socket))
    table.command("t1", SeatCommand.undo(0))
    await table.handle(message(second))
    assert screen.shown == [second.seq]


async def test_a_turn_not_given_back_delays_a_change_but_never_loses_it(tmp_path, monkeypatch):
    monkeypatch.setattr(draw_turns, "WAIT_SECONDS", 0.2)
    socket = tmp_path / "hub.sock"
    stuck = DrawTurns(socket.with_name("hub.sock.draw"))
    assert await stuck.take() is not None  # e.g. an app stopped mid-draw
    first, second = waiting_updates()[:2]
    table, screen = table_with(first, str(socket))
    await table.handle(message(second))
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    assert screen.shown == []
    await asyncio.sleep(0.3)
    assert screen.shown == [second.seq]


async def test_drawing_turns_are_shared_between_apps_and_not_taken_twice_by_one(tmp_path):
    path = tmp_path / "hub.sock.draw"
    one, two = DrawTurns(path, turns=2), DrawTurns(path, turns=2)
    a = await one.take(wait=0)
    b = await one.take(wait=0)  # the app's second turn is the other lock
    assert a is not None and b is not None and a != b
    assert await two.take(wait=0.05) is None  # both taken
    one.give_back(a)
    assert await two.take(wait=0.05) is not None
    one.close()
    two.close()


async def test_a_turn_held_too_long_goes_back_by_itself(tmp_path, monkeypatch):
    """An app whose player stopped reading blocks on its terminal and never
    gets its frame out: it held the host's one turn until the player left,
    and every other screen drew others' moves late. A turn goes back after
    `HOLD_SECONDS` whatever its app does; given back in time, it is not
    given back again later (the next holder keeps it)."""
    monkeypatch.setattr(draw_turns, "HOLD_SECONDS", 0.1)
    path = tmp_path / "hub.sock.draw"
    stuck, other = DrawTurns(path), DrawTurns(path)
    first = await stuck.take(wait=0)
    assert first is not None
    assert await other.take(wait=0) is None
    await asyncio.sleep(0.25)
    turn = await other.take(wait=0)
    assert turn is not None
    other.give_back(turn)
    stuck.give_back(first)  # its frame out at last
    mine = await stuck.take(wait=0.2)
    assert mine is not None
    stuck.give_back(mine)  # in time: its timer is cancelled
    held = await other.take(wait=0.2)
    assert held is not None
    stuck.give_back(mine)  # late and twice: changes nothing
    assert await stuck.take(wait=0) is None  # the other app's turn stands
    other.give_back(held)
    stuck.close()
    other.close()


async def test_without_a_place_for_the_locks_every_change_is_drawn_anyway(tmp_path):
    turns = DrawTurns(tmp_path / "no such directory" / "hub.sock.draw")
    assert await turns.take() is None
    turns.give_back(None)


async def test_the_turn_coming_back_is_announced_only_to_a_player_away_from_the_keys():
    # A player who sent the table a command moments ago is at the keyboard:
    # the prompt says it is their turn, and a notice would cover a card just
    # when it is to be played; after a pause the prompt stands out a moment
    # (a notice covered the recap at 80x24), at another table a notice says
    # it, and the bell rings every time for a player who asked for it.
    updates = seat_updates(60)
    turns = [i for i, u in enumerate(updates) if u.legal and i and not updates[i - 1].legal]
    first, second = turns[:2]
    table, screen = table_with(updates[first - 1])
    rings: list[int] = []
    table.app.bell_on_turn = True  # type: ignore[attr-defined]
    table.app.bell = lambda: rings.append(1)  # type: ignore[attr-defined]
    table.app.screen = screen  # this table is on screen
    table.command("t1", SeatCommand.undo(0))  # a key just now
    await table.handle(message(updates[first]))
    await asyncio.sleep(0.01)
    assert screen.shown[-1] == updates[first].seq
    assert not any("Your turn" in note for note in table.app.notes)  # type: ignore[attr-defined]
    assert screen.announced == 0 and rings == [1]
    table._last_command["t1"] -= remote.AT_THE_KEYBOARD_SECONDS  # a pause
    for update in updates[first + 1: second + 1]:
        await table.handle(message(update))
        await asyncio.sleep(remote.LATER_SECONDS + 0.02)
    assert screen.shown[-1] == updates[second].seq
    assert screen.announced == 1  # on the table, not over it
    assert not any("Your turn" in note for note in table.app.notes)  # type: ignore[attr-defined]
    assert rings == [1, 1]


async def test_the_results_come_up_without_a_stale_your_turn_notice():
    """A "Your turn." shown a moment before the match ended would stand over
    the results for seconds: the results clear it."""
    updates = seat_updates(60)
    turn = next(i for i, u in enumerate(updates) if u.legal and i and not updates[i - 1].legal)
    table, screen = table_with(updates[turn - 1])
    table.app.screen = screen  # type: ignore[attr-defined]  # on top
    screen.announce_turn = lambda: False  # type: ignore[method-assign]  # no prompt: a notice
    await table.handle(message(updates[turn]))
    await asyncio.sleep(0.01)
    assert any("Your turn" in note for note in table.app.notes)  # type: ignore[attr-defined]
    table.command("t1", SeatCommand.undo(0))  # the player's own last move ends it
    over = message(updates[turn + 1])
    over["update"] = {**over["update"], "legal": [], "outcome": {"scores": [1, 0], "winners": [0]}}
    await table.handle(over)
    from tui.screens.results import ResultsScreen

    assert isinstance(table.app.screen, ResultsScreen)  # type: ignore[attr-defined]
    assert not table.app.notes  # type: ignore[attr-defined]


async def test_a_waiting_app_gets_the_turn_as_soon_as_it_is_given_back(tmp_path):
    """The waiter blocks on the lock (no polling) and is woken when it is
    given back, long before its wait would end."""
    path = tmp_path / "hub.sock.draw"
    holder, waiter = DrawTurns(path), DrawTurns(path)
    held = await holder.take(wait=0)
    assert held is not None
    waiting = asyncio.ensure_future(waiter.take(wait=30.0))
    await asyncio.sleep(0.1)
    assert not waiting.done()
    holder.give_back(held)
    turn = await asyncio.wait_for(waiting, 10.0)
    assert turn is not None
    assert await holder.take(wait=0) is None  # the waiter holds it now
    waiter.give_back(turn)
    assert await holder.take(wait=0) is not None
    holder.close()
    waiter.close()


async def test_an_app_that_stopped_waiting_does_not_keep_the_turn(tmp_path):
    """A waiter that gave up (its wait ran out) gives the turn back the
    moment its thread gets it, and a later wait of its own still works."""
    path = tmp_path / "hub.sock.draw"
    holder, waiter, third = DrawTurns(path), DrawTurns(path), DrawTurns(path)
    held = await holder.take(wait=0)
    assert await waiter.take(wait=0.1) is None  # drew anyway
    holder.give_back(held)
    await asyncio.sleep(0.3)  # the waiter's thread gets the lock, and gives it back
    assert await third.take(wait=2.0) is not None  # not kept by the waiter
    assert not waiter._held
    again = asyncio.ensure_future(waiter.take(wait=30.0))
    await asyncio.sleep(0.1)
    third.give_back(next(iter(third._held)))
    assert await asyncio.wait_for(again, 10.0) is not None
    for turns in (holder, waiter, third):
        turns.close()


async def test_closing_while_a_thread_waits_for_the_turn_loses_nothing(tmp_path):
    path = tmp_path / "hub.sock.draw"
    holder, waiter = DrawTurns(path), DrawTurns(path)
    held = await holder.take(wait=0)
    assert await waiter.take(wait=0.05) is None
    waiter.close()  # the app ends with its thread still blocked
    holder.give_back(held)
    await asyncio.sleep(0.1)
    assert await holder.take(wait=5.0) is not None  # the closed file let it go
    holder.close()


async def test_a_seat_moved_to_the_players_other_terminal_closes_its_screen_here():
    """The player sat down at this table from another terminal (a dropped
    connection of theirs lingering here, say): the hub says `moved`, and
    this terminal goes back to its lobby and says why."""
    first = seat_updates(3)[0]
    table, screen = table_with(first)
    await table.handle({"moved": {"table": "t1"}})
    assert "t1" not in table.screens
    assert table.app.homes == 1  # type: ignore[attr-defined]
    assert any("another terminal" in note for note in table.app.notes)  # type: ignore[attr-defined]


async def test_a_moved_message_without_its_table_is_refused():
    first = seat_updates(3)[0]
    table, screen = table_with(first)
    with pytest.raises(remote.BadMessage):
        await table.handle({"moved": ["t1"]})
    assert "t1" in table.screens


async def test_a_change_in_flight_as_the_player_leaves_opens_nothing():
    """Seen over a hub: Bob left a table with q just as the other player
    moved. That move's update, sent before the hub had his leaving, opened
    a screen of the table that home then closed; kept as his table's
    screen, it put the table away at his next Enter in the lobby, which
    gave him his seat but opened nothing (a second Enter did). A table left
    here is put away until the player asks for it again."""
    first, second, third = waiting_updates()[:3]
    table, screen = table_with(first)
    table.command("t1", SeatCommand.leave(0))
    table.app.screen_stack.clear()  # type: ignore[attr-defined]  # home
    await table.handle(message(second))  # sent before the hub had the leaving
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    assert "t1" not in table.screens and not table.app.screen_stack  # type: ignore[attr-defined]
    table.join("t1", 0)  # Enter in the lobby: the hub's answer is drawn
    assert "t1" not in table._put_away
    drawn: list[int] = []

    async def draw(name: str, update: SeatUpdate, on: Any) -> None:
        drawn.append(update.seq)
    table._draw = draw  # type: ignore[method-assign]
    await table.handle(message(third))
    await asyncio.sleep(remote.LATER_SECONDS + 0.1)
    assert drawn == [third.seq]


def test_a_chat_notice_from_elsewhere_says_where_then_f2_in_one_sentence():
    """Play-test: "Chat at Overseers with ann, bob and bot (normal) (F2
    there)", two brackets in a row, and over the results of that very
    table, where F2 opens its chat. Under a box of the table: "Chat (F2)";
    at another table: "Chat at ...: F2 there"."""
    table, screen = table_with(waiting_updates()[0])
    table.tables = [{"table": "t2", "title": "Overseers", "seats": [
        {"player": "Ann"}, {"player": "bob"}, {"kind": "bot", "level": "normal"}]}]
    over = object()  # its results, or a round's box
    table.app.screen_stack.append(over)  # type: ignore[attr-defined]
    assert table._chat_title("t1", over) == "Chat (F2)"
    assert table._chat_title("t2", over) == "Chat at Overseers with bob and bot (normal): F2 there"


def test_a_notice_from_a_tables_last_update_counts_its_bots():
    """Play-test (shared tables, F3): "with ann, bot (normal), bot (normal)
    and bot (normal)"; a table not in the lobby's listing is named from its
    last update, its bots counted too."""
    first = waiting_updates()[0]
    table, _ = table_with(first)
    table.tables = []
    update = attrs.evolve(first, seat=1, names=("ann", "bob", "bot (normal)", "bot (normal)"),
                          bots=frozenset({2, 3}))
    assert table._table_words("t1", update).endswith(" with ann and 2 bots"), \
        table._table_words("t1", update)
    update = attrs.evolve(update, bots=frozenset({2}), names=("ann", "bob", "bot (normal)", "cy"))
    assert table._table_words("t1", update).endswith(" with ann, cy and bot (normal)")


async def test_an_app_opens_only_the_hubs_locks_whenever_the_hub_makes_them(tmp_path):
    """The locks are the hub's (it makes them while it serves, takes them
    away when it stops): an app made none, it left one behind for good.
    An app that came before its hub, or outlived one, opens the new hub's."""
    path = tmp_path / "hub.sock.draw"
    app = DrawTurns(path, create=False)
    assert await app.take(wait=0) is None  # no hub: drawn at once
    assert list(tmp_path.iterdir()) == []
    lock = tmp_path / "hub.sock.draw.0"
    for _hub in range(2):  # a hub, then a new one after it stopped
        lock.touch()
        other = DrawTurns(path, create=False)
        held = await other.take(wait=0)
        assert held is not None
        assert await app.take(wait=0) is None  # shared: the other app's turn
        other.give_back(held)
        mine = await app.take(wait=0)
        assert mine is not None
        app.give_back(mine)
        other.close()
        lock.unlink()
    app.close()
