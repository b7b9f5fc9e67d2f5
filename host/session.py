"""One live match, headless: the only holder of its full state.

A `Session` owns a `saves.match.Match` (which journals every action), samples
chance with its own seeded generator, and serves whoever holds each seat: a
person at this terminal, a remote player, a bot, and any spectators. Each of
them is a `Holder` joined through a `Link`; the session sends it a
`SeatUpdate` for every seat it holds (and a spectator's update if it watches)
whenever the match changes, and takes `SeatCommand`s back through the link.

A command is checked before anything happens (`Session.command`): the size
and shape of the message, that the link holds the seat, that it is that
seat's decision, that the command answers the current update, and that the
action is one of the seat's legal actions with the same types. A refusal
names its reason and changes nothing.

A bot may hold a person's seat while they are away (a stand-in, seated by
the hub): every update then names the seat "(away — bot playing)" and counts
it among the bots, until the stand-in's link closes.

The session is driven from one thread (an asyncio loop, or a plain loop in
tests and simulations); bots that think in threads hand their command back to
that thread (see `host.bots`).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

import attrs

from core.arena import held_seats, seat_names
from core.engine import CHANCE, IllegalAction
from core.playout import sample_chance
from core.wording import with_article
from host.messages import (
    AWAY_MARK,
    COMMAND_KINDS,
    GONE_MARK,
    HURRY,
    LEAVE,
    MAX_MESSAGE_BYTES,
    MAX_MISSED_TABLES,
    PLAY,
    STAND_IN_MARK,
    UNDO,
    BadMessage,
    Missed,
    Refusal,
    SeatCommand,
    SeatUpdate,
)
from host.wire import codec
from saves.match import SaveFailed

#: Who holds a link: a person at this terminal, a person elsewhere, a bot, a watcher.
HERE, REMOTE, BOT, SPECTATOR = "here", "remote", "bot", "spectator"
KINDS = (HERE, REMOTE, BOT, SPECTATOR)


class Holder(Protocol):
    """Whoever holds seats of a session: takes the updates meant for it."""

    def receive(self, update: SeatUpdate) -> None: ...


class Link:
    """One holder's place at a session: the seats it holds, and its way in."""

    def __init__(
        self, session: Session, holder: Holder, seats: frozenset[int], kind: str, spectate: bool
    ) -> None:
        self.session = session
        self.holder = holder
        self.seats = seats
        self.kind = kind
        #: also receives the public (spectator's) update
        self.spectate = spectate or not seats
        self.open = True
        #: seats whose first update is still to be sent, with what their
        #: player missed since their last move (`SeatUpdate.missed`): a
        #: person elsewhere back at their seat, whose screen opens afresh,
        #: or the people at this terminal of a match reopened from its save
        #: (seated before it starts: the bots' moves since theirs are told)
        resumed = kind == HERE and not session.started
        self.missed_for: set[int] = set(seats) if kind == REMOTE or resumed else set()

    def viewing(self) -> Iterator[int | None]:
        """The seats this link receives updates for (None: the public view)."""
        yield from sorted(self.seats)
        if self.spectate:
            yield None

    def send(self, command: SeatCommand) -> Refusal | None:
        """Hand `command` to the session: None when carried out."""
        return self.session.command(self, command)

    def close(self) -> None:
        self.session.disconnect(self)

    def __repr__(self) -> str:
        return f"<link {self.kind} seats={sorted(self.seats)}>"


class Session:
    """A live match and the holders of its seats."""

    def __init__(
        self,
        match: Any,
        *,
        seed: int | None = None,
        report: Callable[[str], None] | None = None,
        sampler: Callable[[tuple[tuple[Any, float], ...]], Any] | None = None,
        on_change: Callable[[], None] | None = None,
        shown: Mapping[int, int] | None = None,
    ) -> None:
        self.match = match
        self.game = match.game
        self._codec = codec(self.game)
        players = tuple(match.header.players)
        #: players' names by seat; a seat the game's own rules play
        #: (Overstocked's solo bot, OS-19) is "the bot", as the game's words
        #: call it: the name its seat kept (the form's "Bram") headed the results
        held = held_seats(match.header.options, len(players))
        self.names: tuple[str, ...] = seat_names(match.header.options, [p.name for p in players])
        #: `start` has run: seats taken or left change every screen from then on
        self._started = False
        #: seats played by bots
        self.bots: frozenset[int] = frozenset(s for s, p in enumerate(players) if p.kind == "bot")
        #: per seat, the level of the match's own bot there (None: a
        #: person's seat, or the rules' own bot of a solo mode)
        self.levels: tuple[str | None, ...] = tuple(
            p.level if p.kind == "bot" and s in held else None for s, p in enumerate(players))
        #: samples chance outcomes (the journal records them, not the seed)
        self.rng = random.Random(seed)
        #: seeds the bots' own generators, so a bot never disturbs the draws
        self.bot_rng = random.Random(self.rng.getrandbits(64))
        #: picks a chance outcome from (outcome, probability) pairs: the
        #: seeded generator's draw unless a replay or a test scripts them
        self._sample = sampler or (lambda outcomes: sample_chance(outcomes, self.rng))
        #: where problems that are nobody's command go (a failed draw)
        self._report = report
        #: told after every change of the match or of who holds a seat (the
        #: hub watches for away players this way)
        self._on_change = on_change
        self._links: list[Link] = []
        #: counts the changes of the match (actions applied or taken back)
        self.seq = 0
        #: by seat, the legal moves its last update offered, the update
        #: count from which it has offered those same moves, and the count
        #: of that last update: a move sent from an older update is still
        #: the seat's own decision when only others changed the table (two
        #: players choosing at once in a draft)
        self._offered: dict[int, tuple[tuple[Any, ...], int, int]] = {}
        #: per seat: the log's length in the last update sent to a person
        #: holding it (`Missed.shown`); `shown`: as a hub kept it before a restart
        self._shown: dict[int, int] = dict(shown or {})
        #: (update count, seat, since) of the last `_owed_since`
        self._owed: tuple[int, int, int] | None = None
        #: away persons' seats a bot will play, and when (time.monotonic()):
        #: the hub's clocks, told to every screen (`SeatUpdate.bot_plays_in`)
        self.bot_due: dict[int, float] = {}
        #: people's seats whose player left the match for good: the bot
        #: standing in plays them to the end (named `GONE_MARK`)
        self.gone: frozenset[int] = frozenset()
        #: a draw or a bot's move could not be saved (the journal cannot be
        #: written): the match waits, and no bot is shown thinking, until
        #: the match changes again (a person's move saved, a draw retried)
        self.stopped = False
        #: people's seats whose player reads a box (`set_reading`): told
        #: to every screen (`SeatUpdate.reading`), forgotten as they go
        self.reading: frozenset[int] = frozenset()
        self.closed = False
        self._broadcasting = False
        self._dirty = False
        #: (the update count it made, the seat) of the last take-back
        #: (`SeatUpdate.taken_back_by`)
        self._taken_back: tuple[int, int] | None = None

    # -- seats and holders ---------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def shown(self) -> dict[int, int]:
        """Per seat: the log's length in the last update sent to a person
        holding it (`Missed.shown`), a copy: a hub keeps it across a restart."""
        return dict(self._shown)

    @property
    def started(self) -> bool:
        """Whether `start` has sent the table (holders seated before it are
        sent their first update then)."""
        return self._started

    def holder_of(self, seat: int) -> Link | None:
        for link in self._links:
            if seat in link.seats:
                return link
        return None

    def stand_ins(self) -> frozenset[int]:
        """People's seats a bot plays for now (their player is away)."""
        return frozenset(
            seat for link in self._links if link.kind == BOT for seat in link.seats
        ) - self.bots

    def connect(
        self,
        holder: Holder,
        seats: frozenset[int] | set[int] | tuple[int, ...] = (),
        *,
        kind: str = HERE,
        spectate: bool = False,
        send: bool = True,
    ) -> Link:
        """Seat `holder` in `seats` (none: a spectator) and send it the table
        (once `start` has dealt, if it has not run yet).

        ValueError when a seat does not exist or is held already.
        """
        if self.closed:
            raise ValueError("This match is closed.")
        if kind not in KINDS:
            raise ValueError(f"No kind of holder {kind!r}.")
        wanted = frozenset(seats)
        for seat in wanted:
            if type(seat) is not int or not 0 <= seat < self.players:
                raise ValueError(f"There is no seat {seat!r} at this table.")
            if self.holder_of(seat) is not None:
                raise ValueError(f"{self.names[seat]}'s seat is taken.")
        link = Link(self, holder, wanted, kind, spectate)
        self._links.append(link)
        if kind == BOT and wanted - self.bots and self._started:
            # a bot stands in for an away person: a change of the table, and
            # a decision of its own, its thinking counted from now (it was
            # counted from the away player's turn: "thinking… 30 s" at once)
            for seat in wanted:
                self._offered.pop(seat, None)
            self.seq += 1
        if wanted and self._started and kind in (HERE, REMOTE):
            self._advance()  # a draw that could not be saved is tried again
        if send and wanted and self._started:
            self._broadcast()  # the others' screens drop the seat's away mark
        elif send and self._started:
            self._send(link)
        # (before `start`, nothing: the table is sent as `start` has drawn
        # the set-up. A hub seats a table's players first, and each was
        # sent the table before the deal, drawn for a second: a Duel's
        # empty market and full stack)
        self._changed()
        return link

    def disconnect(self, link: Link) -> None:
        """The holder is gone; its seats are free (the match waits for them)."""
        link.open = False
        if link in self._links:
            self._links.remove(link)
            self.reading -= link.seats  # away now, not reading
            if link.seats and self._started and not self.closed:
                self._broadcast()  # the others' screens mark the seat away
            self._changed()

    def set_reading(self, link: Link, on: bool) -> None:
        """The person holding `link`'s seats has a box up over the table
        (`on`), or put it away: every screen is told (`SeatUpdate.reading`),
        the match does not change. A spectator's reading is nobody's news."""
        seats = link.seats - self.bots if link.open and link.kind != BOT else frozenset()
        reading = self.reading | seats if on else self.reading - seats
        if reading == self.reading:
            return
        self.reading = reading
        if self._started and not self.closed:
            self._broadcast()

    def refresh(self) -> None:
        """Send every holder the table again (who plays a seat changed)."""
        self._broadcast()

    # -- driving the match ----------------------------------------------------------

    def start(self) -> None:
        """Draw until somebody owes a decision, then send every holder the table."""
        self._started = True
        self._advance()
        self._broadcast()
        self._changed()

    def close(self) -> None:
        """Stop serving the match (the journal already holds every action)."""
        if self.closed:
            return
        self.closed = True
        for link in list(self._links):
            link.open = False
            cancel = getattr(link.holder, "cancel", None)  # a bot still thinking
            if callable(cancel):
                cancel()
        self._links.clear()
        close = getattr(self.match, "close", None)
        if callable(close):
            close()

    def _advance(self) -> None:
        """Sample chance until a seat owes a decision or the match is over."""
        match, game = self.match, self.game
        try:
            while not match.finished and CHANCE in game.to_act(match.state):
                match.apply(CHANCE, self._sample(game.chance_outcomes(match.state)))
                self.seq += 1
                self.stopped = False
        except SaveFailed as error:  # nothing drawn; sitting down again tries again
            self.stopped = True
            self._problem(
                f"Could not save the draw to {error.path} ({error.reason}); nothing was "
                "drawn. The match waits, saved up to its last action: once the journal can "
                "be written, leave the table and come back to it."
            )
        except Exception as error:  # a rules bug: say so, keep serving
            self._problem(f"Could not draw: {error}")

    def _changed(self) -> None:
        if self._on_change is not None and not self.closed:
            self._on_change()

    def _problem(self, message: str) -> None:
        if self._report is not None:
            self._report(message)

    # -- what a seat sees -------------------------------------------------------------

    def update_for(self, seat: int | None) -> SeatUpdate:
        """The table from `seat`'s side (None: a spectator's)."""
        game, match = self.game, self.match
        state = match.state
        outcome = match.outcome
        to_act = frozenset(game.to_act(state))
        legal: tuple[Any, ...] = ()
        if seat is not None and outcome is None and seat in to_act:
            legal = tuple(game.legal_actions(state, seat))
        if seat is not None:
            before = self._offered.get(seat)
            since = before[1] if before is not None and before[0] == legal else self.seq
            self._offered[seat] = (legal, since, self.seq)
        bots, names = self.bots, self.names
        stand_ins = self.stand_ins()
        if stand_ins:  # a bot plays for an away person: every screen says so
            bots = bots | stand_ins
            names = tuple(n + (GONE_MARK if s in self.gone else STAND_IN_MARK)
                          if s in stand_ins else n for s, n in enumerate(names))
        if outcome is None:  # a person's seat that nobody holds: its player is away
            names = tuple(
                n + AWAY_MARK if s not in bots and self.holder_of(s) is None else n
                for s, n in enumerate(names)
            )
        can_undo = seat is not None and self._undoable(seat) > 0
        thinking = None if self.stopped else min((s for s in to_act if s in bots), default=None)
        now = time.monotonic()
        bot_plays_in = () if outcome is not None else tuple(
            (s, round(max(0.0, due - now), 1)) for s, due in sorted(self.bot_due.items())
            if s in to_act and s not in bots)
        return SeatUpdate(
            game=game.id,
            seat=seat,
            view=game.view(state, seat),
            legal=legal,
            to_act=to_act,
            names=names,
            bots=bots,
            log=tuple(match.log(viewer=seat)),
            thinking=None if outcome is not None else thinking,
            thinking_since=(None if outcome is not None or thinking is None
                            else self._owed_since(thinking)),
            bot_plays_in=bot_plays_in,
            can_undo=can_undo,
            stand_in_undo=can_undo and len(match.history) - 1 in match.stand_in_moves,
            outcome=outcome,
            levels=self.levels,
            seq=self.seq,
            stopped=self.stopped and outcome is None,
            reading=frozenset() if outcome is not None else self.reading,
            taken_back_by=(self._taken_back[1] if self._taken_back is not None
                           and self._taken_back[0] == self.seq else None),
        )

    def _owed_since(self, seat: int) -> int:
        """The update count from which `seat` has been offered the moves it
        is offered now (`_offered`), this update's when they are new; worked
        out once an update."""
        cached = self._owed
        if cached is not None and cached[0] == self.seq and cached[1] == seat:
            return cached[2]
        legal = tuple(self.game.legal_actions(self.match.state, seat))
        before = self._offered.get(seat)
        since = before[1] if before is not None and before[0] == legal else self.seq
        self._offered[seat] = (legal, since, self.seq)  # as its own update would
        self._owed = (self.seq, seat, since)
        return since

    def _undoable(self, seat: int) -> int:
        """1 when `seat` may take back an action, else 0 (no more is asked)."""
        try:
            return self.match.undoable(seat, 1)
        except Exception:
            return 0

    def _send(self, link: Link) -> None:
        for seat in link.viewing():
            if not link.open:
                return
            update = self.update_for(seat)
            if seat is not None and seat in link.missed_for:
                link.missed_for.discard(seat)
                missed = self.missed(seat) if self._started and not update.over else None
                if missed is not None:
                    update = attrs.evolve(update, missed=missed)
            link.holder.receive(update)
            if seat is not None and link.kind != BOT:
                self._shown[seat] = len(update.log)

    def missed(self, seat: int) -> Missed | None:
        """What `seat` missed since its person's own last move (a bot's moves
        for them while they were away are among what they missed): the
        table from its side at each change since, as a screen there would
        have been sent it (`Missed`). None when the match has no decision
        behind it yet."""
        match, history = self.match, self.match.history
        own = next((i for i in range(len(history) - 1, -1, -1)
                    if history[i][0] == seat and i not in match.stand_in_moves), None)
        # each table someone decided from (the draws after a move come with it)
        first = own if own is not None else 0
        points = [i for i in range(first, len(history)) if history[i][0] != CHANCE]
        if not points:
            return None
        head = points[:2] if own is not None else points[:1]
        tail = points[len(head):][-(MAX_MISSED_TABLES - len(head)):]
        game, budget = self.game, MAX_MESSAGE_BYTES // 4
        tables: list[tuple[int, Any]] = []
        # from the newest back, while the views fit a share of a message;
        # the older changes left out are told as one step with the next kept
        for i in reversed(tail):
            view = game.view(match.state_before(i), seat)
            budget -= len(json.dumps(self._codec.view_dict(view)))
            if budget < 0 and tables:
                break
            tables.append((i, view))
        tables.reverse()
        tables[:0] = [(i, game.view(match.state_before(i), seat)) for i in head]
        return Missed(tuple(tables), moved=own is not None, shown=self._shown.get(seat))

    def _broadcast(self) -> None:
        """Send every holder its updates. A holder that answers at once (a
        bot in a plain loop) changes the match mid-way: the loop then starts
        over, so nobody keeps an update older than the newest it was sent."""
        if self._broadcasting:
            self._dirty = True
            return
        self._broadcasting = True
        try:
            while True:
                self._dirty = False
                seq = self.seq
                for link in list(self._links):
                    if self.seq != seq or self.closed:
                        break
                    self._send(link)
                if not self._dirty and self.seq == seq:
                    break
        finally:
            self._broadcasting = False

    # -- commands -----------------------------------------------------------------------

    def command(self, link: Link, command: Any) -> Refusal | None:
        """Carry out `command` from `link`'s holder, or refuse it and change nothing."""
        reason = self._check(link, command)
        if reason is not None:
            return Refusal(reason)
        if command.kind == LEAVE:
            self.disconnect(link)
            return None
        assert command.seat is not None
        if command.kind == HURRY:
            return self._hurry(command.seat)
        if self.stopped and link.kind == BOT:
            # its first try could not be saved: a second (the bot's fallback
            # move) said it all again, in a second notice
            return Refusal("The match has stopped: the journal cannot be written.")
        try:
            if command.kind == PLAY:
                # a bot's move in a person's seat is marked theirs in the log
                stand_in = link.kind == BOT and command.seat not in self.bots
                self.match.apply(command.seat, command.action, stand_in=stand_in)
            else:
                self.match.undo(command.seat, 1)
        except IllegalAction as error:
            return Refusal(str(error) or "That move is not allowed now.")
        except SaveFailed as error:  # the journal could not be written: nothing applied
            if link.kind == BOT:
                # a bot cannot read a refusal: the people were shown it
                # "thinking" for good, the reason only in a log
                self.stopped = True
                self._broadcast()  # every screen says the match has stopped
                self._problem(
                    f"Could not save {self.names[command.seat]}'s move to {error.path} "
                    f"({error.reason}); nothing was played. The match waits, saved up to its "
                    "last action: once the journal can be written, leave the table and come "
                    "back to it."
                )
            return Refusal(str(error))
        except Exception as error:  # a rules bug: say so, and keep the match as it was
            return Refusal(f"That move could not be played ({type(error).__name__}: {error}).")
        # the seat moved: what it is offered next is a new decision, even
        # the same moves (Boss Quest's asks), counted from the next update
        self._offered.pop(command.seat, None)
        self.seq += 1
        self.stopped = False
        self._advance()
        if command.kind == UNDO:
            self._taken_back = (self.seq, command.seat)
        self._broadcast()
        self._changed()
        return None

    def _check(self, link: Link, command: Any) -> str | None:
        """Why `command` must be refused, or None."""
        if not isinstance(command, SeatCommand):
            return "That is not a command."
        if command.kind not in COMMAND_KINDS:
            return f"That is not a command: a command is one of {', '.join(COMMAND_KINDS)}."
        try:  # the same bound as on the wire, and an action of this game
            self._codec.encode_command(command)
        except BadMessage as error:
            return f"That is not a command: {error}."
        except Exception:
            return f"That is not {with_article(self.game.title)} action."
        if self.closed or not link.open or link not in self._links:
            return "You are not at this table."
        seat = command.seat
        if command.kind == LEAVE:
            if seat is not None and seat not in link.seats:
                return "You can leave only a seat you hold."
            return None
        if command.kind == HURRY:
            return self._check_hurry(link, command)
        if type(seat) is not int or seat not in link.seats:
            return "That is not your seat."
        who = self.names[seat]
        if command.kind == UNDO and self._undoable(seat) == 0 and not self.match.finished:
            # why, even from an older update: "the table changed" did not say
            # that a bot had moved since
            return self._why_no_undo(seat)
        if command.seq is not None and command.seq != self.seq and not (
            command.kind == PLAY and self._still_offered(seat, command.seq)
        ):
            return "The table changed while you were deciding; look again."
        if self.match.finished:
            return "The match is over."
        if command.kind == UNDO:
            if self._undoable(seat) == 0:
                return self._why_no_undo(seat)
            return None
        if seat not in self.game.to_act(self.match.state):
            return f"Wait: it is not {who}'s turn."
        if not self._is_legal(seat, command.action):
            return f"That is not one of {who}'s legal moves now."
        return None

    def _still_offered(self, seat: int, seq: int) -> bool:
        """Whether the seat has been offered the same moves from update
        `seq` until now: what the others did since left its choice as it was."""
        offered = self._offered.get(seat)
        if offered is None:
            return False
        _, since, last = offered
        return last == self.seq and since <= seq <= last

    def _check_hurry(self, link: Link, command: SeatCommand) -> str | None:
        """Why a "move now" must be refused: only a person playing at this
        table (here, or remote with a seat) may hurry a bot, and only the
        bot that owes a decision now."""
        if link.kind in (BOT, SPECTATOR) or (link.kind == REMOTE and not link.seats):
            return "Only a player at this table can ask a bot to move now."
        seat = command.seat
        if type(seat) is not int or not 0 <= seat < self.players:
            return "There is no such seat at this table."
        if command.seq is not None and command.seq != self.seq:
            return "The table changed; the bot has moved already."
        if self.match.finished:
            return "The match is over."
        holder = self.holder_of(seat)
        if holder is None or holder.kind != BOT:
            return f"{self.names[seat]} is not a bot: only a bot can be asked to move now."
        if seat not in self.game.to_act(self.match.state):
            return "No bot is thinking now."
        return None

    def _hurry(self, seat: int) -> Refusal | None:
        """Tell the bot holding `seat`, and every other bot that owes a
        decision now, to answer its best move so far now: in a choice all
        make at once several bots think together, and "move now" is the
        player's wait on all of them, not on the first alone."""
        to_act = self.game.to_act(self.match.state)
        hurried = False
        for bot_seat in (seat, *sorted(s for s in to_act if s != seat)):
            link = self.holder_of(bot_seat)
            if link is None or link.kind != BOT:
                continue
            hurry = getattr(link.holder, "hurry", None)
            if callable(hurry) and hurry(bot_seat):
                hurried = True
        return None if hurried else Refusal("No bot is thinking now.")

    def _is_legal(self, seat: int, action: Any) -> bool:
        """`action` is one of the seat's legal actions, with the same types
        (equality alone lets True pass for 1 and 1.0 for 1)."""
        canonical = None
        for legal in self.game.legal_actions(self.match.state, seat):
            try:
                same = legal == action
            except Exception:
                return False
            if not same:
                continue
            if canonical is None:
                canonical = self._codec.canonical(action)
            if self._codec.canonical(legal) == canonical:
                return True
        return False

    def _why_no_undo(self, seat: int) -> str:
        """Why `seat` can take nothing back, looking back to its last move."""
        if seat in self.bots:
            return "A bot's moves cannot be taken back."
        history = self.match.history
        mine = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] == seat), None)
        if mine is None:
            return "Nothing to take back: you have not moved yet."
        last = history[mine][1]
        final = getattr(self.game, "final_choice", None)
        words = final(self.match.state_before(mine), seat, last) if final is not None else ""
        if words:
            # the rules' own reason (BQ-54), whoever has moved since
            return f"Nothing to take back: {words}."
        after = [who for who, _ in reversed(history[mine + 1:])]
        # a step that revealed the secret choices (Overseers' top rows) is
        # the reason, not whoever happened to choose after this seat
        revealed = getattr(self.game, "revealed", None)
        if revealed is not None:
            for i in range(mine, len(history)):
                words = revealed(self.match.state_before(i), self.match.state_before(i + 1))
                if words:
                    return f"Nothing to take back: {words}."
        others = [w for w in after if w not in (seat, CHANCE)]
        if others:
            # each game names the others' moves (`moved_since`, an extra of
            # its GAME): "has chosen" by default, not "has played", which a
            # play-test read in Overstocked as Bram placing a card, where he
            # had only chosen his next one face down
            moved = getattr(self.game, "moved_since", "has chosen")
            return f"Nothing to take back: {self.names[others[-1]]} {moved} since your move."
        if after:
            # each game names its own draws ("a card", Overboss Duel's
            # "a tile or token"): `chance_drawn`, an extra of its GAME
            drawn = getattr(self.game, "chance_drawn", "a card was drawn")
            return f"Nothing to take back: {drawn} since your last move."
        seen = getattr(self.game, "seen_by_others", None)
        if seen is not None and seen(self.match.state, seat, last):
            return "Nothing to take back: the others have seen your last move."
        return "Nothing to take back: your last move showed you something new."
