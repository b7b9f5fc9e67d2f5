"""A shared table's stand-in chooses a secret choice for away Bob (seat 1),
and Bob comes back: what he may take back, and what nobody else may.

Used by the Overseers (OV-30) and Overstocked (OS-21) tests; the choices
checked are those everyone makes at once and in secret (Overseers' picks,
top rows and votes, Overstocked's cards), found by playing at random until
every seat owes one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core import CHANCE
from host.bots import stand_in
from host.messages import Refusal, SeatCommand
from host.session import REMOTE, SPECTATOR, Session
from saves.match import Match
from tests.test_host_session import Recorder, session_of

ANN, BOB, CAT = 0, 1, 2


def to_a_choice_all_make(session: Session, links: dict[int, Any], rng: random.Random,
                         wanted: Callable[[Any], bool] = lambda state: True) -> None:
    """Play at random (the first seat owing a decision) until every seat
    owes a decision at once in a state `wanted` accepts."""
    game, match = session.game, session.match
    for _ in range(2000):
        to_act = game.to_act(match.state)
        if to_act == frozenset(links) and wanted(match.state):
            return
        seat = min(to_act)
        assert seat != CHANCE and not match.finished
        legal = game.legal_actions(match.state, seat)
        assert links[seat].send(SeatCommand.play(seat, rng.choice(legal), session.seq)) is None
    raise AssertionError("no choice all make at once")


def choose(session: Session, link: Any, seat: int, rng: random.Random) -> Any:
    legal = session.game.legal_actions(session.match.state, seat)
    action = rng.choice(legal)
    assert link.send(SeatCommand.play(seat, action, session.seq)) is None
    return action


def bob_away_and_his_bot_chooses(session: Session, links: dict[int, Any]) -> None:
    """Bob leaves; a bot stands in for him and makes his choice; he comes
    back (the hub closes the stand-in's link first, `Hub._hand_back`)."""
    links[BOB].close()
    bot = stand_in(session, BOB)
    before = len(session.match.history)
    session.refresh()  # the bot plays his choice
    assert len(session.match.history) == before + 1
    assert session.match.history[-1][0] == BOB and before in session.match.stand_in_moves
    assert bot.link is not None
    bot.link.close()


def refused(session: Session, link: Any, command: SeatCommand) -> str:
    """`command` is refused and changes nothing (history, journal, count)."""
    match = session.match
    before = (list(match.history), match.path.read_bytes(), session.seq)
    result = link.send(command)
    assert isinstance(result, Refusal), command
    assert (list(match.history), match.path.read_bytes(), session.seq) == before
    return result.reason


def check_take_back(tmp_path, game_id: str, wanted: Callable[[Any], bool] = lambda s: True,
                    seed: int = 3) -> None:
    """Three people; Ann has chosen, Bob's bot chooses for him, Cat has
    not: back at the table, Bob is told his bot chose and may take it back
    (as he could his own, README "u takes back your own last action");
    Ann and a watcher may not; once Bob has chosen again and Cat chooses
    (the reveal), nobody may. The journal replays the same match."""
    session = session_of(tmp_path, game_id, 3, seed=seed)
    game, match = session.game, session.match
    rng = random.Random(seed)
    links = {s: session.connect(Recorder(), {s}, kind=REMOTE) for s in (ANN, BOB, CAT)}
    watcher = session.connect(Recorder(), kind=SPECTATOR)
    session.start()
    to_a_choice_all_make(session, links, rng, wanted)
    choose(session, links[ANN], ANN, rng)
    bob_away_and_his_bot_chooses(session, links)
    bots_choice = match.history[-1]
    back = Recorder()
    links[BOB] = session.connect(back, {BOB}, kind=REMOTE)
    first = back.last(BOB)
    # his update says what one u takes back: his bot's choice
    assert first.can_undo and first.stand_in_undo
    assert first.log[-1].startswith("Your bot: ")
    # nobody else is told so, nor may take it back for him
    for seat in (ANN, CAT):
        assert not session.update_for(seat).stand_in_undo
    assert not session.update_for(None).stand_in_undo
    assert refused(session, links[ANN], SeatCommand.undo(BOB, session.seq)) == (
        "That is not your seat.")
    assert refused(session, watcher, SeatCommand.undo(BOB, session.seq)) == (
        "That is not your seat.")
    assert refused(session, links[CAT], SeatCommand.undo(CAT, session.seq)).startswith(
        "Nothing to take back")
    # Ann's own choice is past Bob's now, as if Bob had made it himself
    assert "Bob has chosen since" in refused(session, links[ANN],
                                             SeatCommand.undo(ANN, session.seq))
    # Bob takes it back: it is his to make again
    assert links[BOB].send(SeatCommand.undo(BOB, session.seq)) is None
    assert match.history[-1][0] == ANN and not match.stand_in_moves
    again = back.last(BOB)
    assert BOB in again.to_act and again.legal and not again.stand_in_undo
    assert not any(line.startswith("Your bot: ") for line in again.log)
    legal = game.legal_actions(match.state, BOB)
    other = next((a for a in legal if a != bots_choice[1]), legal[0])
    assert links[BOB].send(SeatCommand.play(BOB, other, session.seq)) is None
    mine = back.last(BOB)
    assert mine.can_undo and not mine.stand_in_undo  # his own now, not his bot's
    assert not mine.log[-1].startswith("Your bot: ")
    # Cat's choice: the reveal (or the packs pass); nothing is taken back past it
    choose(session, links[CAT], CAT, rng)
    assert not back.last(BOB).can_undo and not back.last(BOB).stand_in_undo
    assert refused(session, links[BOB], SeatCommand.undo(BOB, session.seq)).startswith(
        "Nothing to take back")
    # the journal replays the same match, and the saved match resumes
    history, state = list(match.history), match.state
    session.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.match is not None
    assert loaded.match.history == history and loaded.match.state == state
    resumed = Session(loaded.match, seed=1)
    link = resumed.connect(Recorder(), {ANN}, kind=REMOTE)
    resumed.start()
    assert link.holder.last(ANN).seq == resumed.seq
    loaded.match.close()


def check_no_take_back_once_another_chose(tmp_path, game_id: str,
                                          wanted: Callable[[Any], bool] = lambda s: True,
                                          seed: int = 4) -> None:
    """Bob's bot chose, then Cat chose, Ann has not: Bob back may not take
    his bot's choice back, as he could not have taken his own (README:
    "never past ... another player's move"), and is not told he may."""
    session = session_of(tmp_path, game_id, 3, seed=seed)
    rng = random.Random(seed)
    links = {s: session.connect(Recorder(), {s}, kind=REMOTE) for s in (ANN, BOB, CAT)}
    session.start()
    to_a_choice_all_make(session, links, rng, wanted)
    bob_away_and_his_bot_chooses(session, links)
    choose(session, links[CAT], CAT, rng)
    assert ANN in session.game.to_act(session.match.state)  # nothing revealed yet
    back = Recorder()
    links[BOB] = session.connect(back, {BOB}, kind=REMOTE)
    update = back.last(BOB)
    assert not update.can_undo and not update.stand_in_undo
    reason = refused(session, links[BOB], SeatCommand.undo(BOB, session.seq))
    assert reason == "Nothing to take back: Cat has chosen since your move.", reason
    session.close()


def bobs_update_back(tmp_path, game_id: str, wanted: Callable[[Any], bool] = lambda s: True,
                     seed: int = 3) -> tuple[Any, Any]:
    """Bob's first update back at the table after his bot chose for him
    (Ann chose first, Cat has not), and the same table had he chosen it
    himself: (his bot's, his own)."""
    updates = []
    for bot in (True, False):
        session = session_of(tmp_path / str(bot), game_id, 3, seed=seed)
        rng = random.Random(seed)
        links = {s: session.connect(Recorder(), {s}, kind=REMOTE) for s in (ANN, BOB, CAT)}
        session.start()
        to_a_choice_all_make(session, links, rng, wanted)
        choose(session, links[ANN], ANN, rng)
        if bot:
            bob_away_and_his_bot_chooses(session, links)
            back = Recorder()
            session.connect(back, {BOB}, kind=REMOTE)  # he is back
            updates.append(back.last(BOB))
        else:
            choose(session, links[BOB], BOB, rng)
            updates.append(links[BOB].holder.last(BOB))
        session.close()
    return updates[0], updates[1]
