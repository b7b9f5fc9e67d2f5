"""A player back at a shared table takes back the secret choice their
stand-in bot made for them (OV-30, OS-21), over the hub's socket: the
update says so on the wire, another client cannot take it back for them,
and after a restart the match resumes as played."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from core import GAMES
from host.hub import Hub
from host.messages import SeatCommand
from host.session import REMOTE
from host.wire import codec
from tests.stand_in_kit import (
    ANN,
    BOB,
    CAT,
    bob_away_and_his_bot_chooses,
    choose,
    to_a_choice_all_make,
)
from tests.test_host_hub import Player, sit_two
from tests.test_host_session import Recorder, session_of

GAME = GAMES["overstocked"]


@pytest.fixture(autouse=True)
def quick_away(monkeypatch):
    import host.hub

    monkeypatch.setattr(host.hub, "MIN_AWAY_BOT", 0.01)


async def _update(player: Player, seat: int) -> Any:
    """The newest update to `player`'s seat once the hub falls quiet."""
    wire = codec(GAME)
    updates = [wire.update_from_dict(m["update"]) for m in await player.until_quiet()
               if "update" in m]
    updates = [u for u in updates if u.seat == seat]
    assert updates
    return updates[-1]


async def test_a_player_back_takes_back_the_card_their_bot_chose_and_nobody_else_can(tmp_path):
    directory = tmp_path / "matches"
    path = tmp_path / "run" / "hub.sock"
    first = Hub(directory, bot_delay=0, seed=3)
    await first.serve(path)
    wire = codec(GAME)
    try:
        ann, bob, table_id = await sit_two(path, away_bot=0.05, game_id="overstocked")
        table = first.tables[table_id]
        match = table.session.match
        assert GAME.to_act(match.state) == {0, 1}  # both choose a card, in secret (OS-12)
        await bob.close()  # Bob is away; Ann thinks on
        for _ in range(300):
            if match.history and match.history[-1][0] == 1:
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("no bot chose for bob")
        chosen = len(match.history)
        assert match.stand_in_moves == {chosen - 1}
        # the others' screens are not told that anyone may take it back
        assert not (await _update(ann, 0)).stand_in_undo
        # Ann's client asks to take back Bob's card: refused, nothing changes
        journal = match.path.read_bytes()
        await ann.send({"table": table_id,
                        "command": wire.command_dict(SeatCommand.undo(1, table.session.seq))})
        assert (await ann.expect("refused"))["refused"] == "That is not your seat."
        assert len(match.history) == chosen and match.path.read_bytes() == journal
        # Bob is back: his screen is told that his bot chose, and u takes it back
        back = await Player.connect(path, "bob")
        update = await _update(back, 1)
        assert update.can_undo and update.stand_in_undo
        assert update.log[-1].startswith("Your bot: ")
        await back.send({"table": table_id,
                         "command": wire.command_dict(SeatCommand.undo(1, update.seq))})
        update = await _update(back, 1)
        assert update.legal and not update.can_undo and not update.stand_in_undo
        assert len(match.history) == chosen - 1 and not match.stand_in_moves
        # he chooses again himself: his own card, not his bot's
        card = update.legal[-1]
        await back.send({"table": table_id,
                         "command": wire.command_dict(SeatCommand.play(1, card, update.seq))})
        update = await _update(back, 1)
        assert update.can_undo and not update.stand_in_undo
        history = list(match.history)
        for player in (ann, back):
            await player.close()
    finally:
        await first.close()
    # the hub stopped and started again: the match resumes as it was played,
    # Bob's card his own (no "(bot)" mark beside the journal)
    again = Hub(directory, bot_delay=0)
    (match_id,) = again.resume_all()
    try:
        resumed = again.tables[match_id].session.match
        assert resumed.history == history and not resumed.stand_in_moves
        assert not again.tables[match_id].session.update_for(1).stand_in_undo
    finally:
        await again.close()


def test_the_stand_in_mark_rides_the_wire_only_with_a_take_back(tmp_path):
    """A hub's update that names a bot's choice u takes back round-trips; a
    forged one saying so where nothing can be taken back reads as nothing."""
    session = session_of(tmp_path, "overstocked", 3)
    rng = random.Random(2)
    links = {s: session.connect(Recorder(), {s}, kind=REMOTE) for s in (ANN, BOB, CAT)}
    session.start()
    to_a_choice_all_make(session, links, rng)
    choose(session, links[ANN], ANN, rng)
    bob_away_and_his_bot_chooses(session, links)
    update = session.update_for(BOB)
    assert update.stand_in_undo
    wire = codec(GAME)
    raw = wire.update_dict(update)
    assert raw["stand_in_undo"] is True
    assert wire.decode_update(wire.encode_update(update)) == update
    assert "stand_in_undo" not in wire.update_dict(session.update_for(ANN))
    assert not wire.update_from_dict({**raw, "can_undo": False}).stand_in_undo
    assert not wire.update_from_dict({**raw, "stand_in_undo": 1}).stand_in_undo
    session.close()
