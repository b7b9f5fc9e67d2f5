"""The table at this terminal: a seat holder for the people sitting here.

`Table` joins a `host.session.Session` holding every human seat of the match
(hot-seat play is this one client switching seats), receives their
`SeatUpdate`s and shows one of them on the game screen:

1. when the match is over, the final update (the public one with several
   people here, as when the match is reopened), then the results screen;
2. when a person here owes a decision, that person's update (behind a
   hand-over cover if the screen showed another person's view); when
   several do (a secret choice all make), the person on screen goes on,
   else the next of them round the table;
3. otherwise (a bot thinking), the one person's update; with several
   people here, the public view: the last person's secrets leave the
   screen, and the next person's view (theirs again too) comes only behind
   a cover.

The game screen talks back only through its port: `send(SeatCommand)`. The
table forwards a command to the session for the seat on screen and turns a
refusal into a notice. Bots are seated by the session's side
(`host.bots.seat_bots`): a searching level (normal, hard) thinks in the
table's search processes (`host.search_process`: the first started when the
table opens, one per core at most, all ended when it closes), any other in a thread of the app's event loop.
While a bot thinks, any person here may ask it to move now (a `hurry`
command, key n on every game screen).
"""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING, Any

from host.bots import AUTO, LevelBots, searches, seat_bots
from host.messages import HURRY, LEAVE, PLAY, SeatCommand, SeatUpdate
from host.search_process import WorkerPool, worker_limit
from host.session import HERE, Session
from saves.store import KeptHere, read_here, write_here
from tui.widgets.hints import session_refused

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.app import App

    from tui.screens.game import GameScreen

#: seconds a bot's move stays "thinking" at least, so people can follow it
DEFAULT_BOT_DELAY = 0.45

#: how long the notice of a problem that stops the match (a draw that could
#: not be saved) may stay: until the match moves on or the table closes, in
#: effect. It lasted five seconds, then the table sat at "The Armorer hands
#: out weapons…" with no sign of why.
STALLED_NOTICE_SECONDS = 24 * 3600.0


class Table:
    """One match played at this terminal."""

    #: the screen may hurry a bot from any view here (the public one too)
    at_this_terminal = True

    def __init__(
        self,
        match: Any,
        *,
        bot_delay: float = DEFAULT_BOT_DELAY,
        seed: int | None = None,
        bot_factory: Any = None,
        bot_seconds: dict[str, float] | None = None,
    ) -> None:
        self.session = Session(match, seed=seed, report=self._problem)
        self.game = self.session.game
        self.names: tuple[str, ...] = self.session.names
        self.bots: frozenset[int] = self.session.bots
        from core.arena import held_seats

        #: seats played by people at this terminal: not the bots', nor a
        #: seat the game's own rules play (Overstocked's solo bot, OS-19),
        #: whatever its header says (a hand-over screen for it hid the table)
        held = held_seats(match.header.options, self.session.players)
        self.humans: tuple[int, ...] = tuple(s for s in held if s not in self.bots)
        self.bot_delay = bot_delay
        self._bot_factory = bot_factory
        #: the searching bots' processes (one per core at most, the first
        #: started when a searching bot seat opens, another only when every
        #: one thinks and a decision waits; ended with the table): bots that
        #: decide at once (a draft pick) think at once. They build bots with
        #: `bot_factory`, else the levels' own with `bot_seconds` per move
        levels = LevelBots(bot_seconds)  # None: $OVERTABLE_BOT_SECONDS, if set
        self.workers = WorkerPool(bot_factory or levels, limit=worker_limit())
        #: a searching bot silent for this long is given up (a heuristic move)
        self._bot_timeout = 2 * max(levels.seconds.values(), default=5.0) + 30.0
        #: the seat whose view is on screen (None: the public view)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: the newest update received for each seat viewed here
        self.updates: dict[int | None, SeatUpdate] = {}
        self.app: App | None = None
        self.screen: GameScreen | None = None
        #: the person a hand-over cover is waiting for, if any
        self.handover_to: int | None = None
        #: the hand-over cover up, if any (it offers a take-back)
        self._cover: Any = None
        #: several people here and no one's view is to be on screen (a round
        #: just ended, or no one here decides: a bot's turn): the public
        #: view shows, and the next person's view comes only behind a
        #: cover, the same person's too (their new round's secrets)
        self._public_shown = False
        #: the round's end is up, for all to read: the cover waits for it
        self._telling = False
        #: the person's own update last shown here (what they have seen)
        self._seen: SeatUpdate | None = None
        #: what the person on screen received face down is up, for them
        #: alone: the cover (or the public view) waits for them to read it
        self._reading = False
        #: the lines of the log a person's view here has shown: a reveal
        #: past them is told on the hand-over cover (`_news`); None: no
        #: person's view shown yet (a match resumed tells nothing of before)
        self._told: int | None = None
        #: per person here, the lines of the log their own view last showed:
        #: what came with their move past that (a new round's deal) is
        #: unseen, though their recap starts after it
        self._shown: dict[int, int] = {}
        #: a match reopened under the cover: where the last move of a person
        #: here began (`SeatUpdate.missed`), the cover telling from there
        self._reopened_at: int | None = None
        #: table talk said here (the screen keeps its lines in this list),
        #: kept beside the journal: it was lost on leaving and continuing
        kept = read_here(match.path)
        self.talk: list[tuple[int, str]] = list(kept.talk)
        #: a take-back from under the cover: (the seat, its log before),
        #: what it took told to them once they uncover (`_take_over`)
        self._taken_back: tuple[int, Sequence[str]] | None = None
        #: the match's history length when a person here last uncovered
        #: their view (kept with the match): on resuming, a move made before
        #: it was seen past and is not offered back
        self._uncovered: int | None = kept.uncovered
        #: a private notice up and not yet put away (kept with the match):
        #: (the person's seat, its lines); a resumed match passes to them first
        self._unread: tuple[int, tuple[str, ...]] | None = (
            kept.unread if kept.unread is not None and kept.unread[0] in self.humans else None)
        #: who had the terminal when the match was left (kept with it):
        #: the round of a resumed match goes on from them (`_next_person`)
        self._kept_viewer: int | None = kept.viewer if kept.viewer in self.humans else None
        #: per kind of box the screen puts up until a key, how many the
        #: people here put away (kept with the match: `put_away`)
        self._put_away: dict[str, int] = dict(kept.put_away)
        #: the boxes up for the people here (or the watcher) to read
        #: (`wait_for_box`), and the gate the bots wait at while there are
        #: any (`host.bots.BotHolder.gate`)
        self._boxes: list[Any] = []
        self._gate = asyncio.Event()
        self._gate.set()
        self.closed = False
        self._results_shown = False
        self._link: Any = None
        #: the notice of a problem that stopped the match, and the session's
        #: seq when it was said: taken down once an update moves past it
        self._stalled: tuple[str, int] | None = None

    # -- lifecycle ------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def match(self) -> Any:
        """The session's match (for the app's rematch and for tests; the
        screens never see it)."""
        return self.session.match

    async def start(self, app: App, screen_class: type[GameScreen]) -> None:
        """Push the game's screen, take this terminal's seats and start."""
        self.app = app
        self.screen = screen_class(self)
        await app.push_screen(self.screen)
        session = self.session
        # Several people here: also watch the public view, shown under the cover.
        self._link = session.connect(
            self, frozenset(self.humans), kind=HERE, spectate=len(self.humans) != 1, send=False
        )
        players = session.match.header.players
        searching = sum(searches(players[seat].level) for seat in self.bots)
        if searching:
            # while the screen comes up: a bot's seconds count from when it
            # is asked, a process's start-up among them
            self.workers.warm(searching)
        seat_bots(
            session,
            factory=self._bot_factory,
            think=AUTO,
            delay=self.bot_delay,
            pool=self.workers,
            timeout=self._bot_timeout,
            gate=self._gate,
        )
        session.start()

    def close(self) -> None:
        """Stop playing here (the journal already holds every action)."""
        self.closed = True
        self._open_gate()
        self._unstall()
        self.session.close()
        self.workers.close(wait=False)  # the event loop does not wait for it

    # -- updates from the session ----------------------------------------------

    def receive(self, update: SeatUpdate) -> None:
        self.updates[update.seat] = update
        missed = update.missed
        if missed is not None and missed.moved and update.seat in self.humans:
            # the point each person here last moved from; the latest is
            # the last person's move, which the cover tells as it did
            self._reopened_at = max(self._reopened_at or 0, missed.tables[0][0])
        if self._stalled is not None and update.seq > self._stalled[1]:
            self._unstall()  # the match moved on (a move taken back and played again)
        if self.screen is not None:
            # Every seat here keeps its own "since your last move", also
            # while another person's view is on screen (hot-seat).
            self.screen.witness(update)
        if self.closed or self._link is None:
            return
        if all(
            self.updates.get(seat) is not None and self.updates[seat].seq == update.seq
            for seat in self._link.viewing()
        ):
            self._decide(update)
            if self._cover is not None:
                self._cover.refresh_offer()  # can the last move still be taken back?

    def _decide(self, update: SeatUpdate) -> None:
        """Every update of this change is in: choose whose view to show."""
        if self._reading:
            # the cover waits for it to be put away; their view under it
            # stays as it was (a round's end is told to all, after it)
            return
        if update.over:
            if not self._telling:  # else once the round's end is put away
                # (the bots' Final Boss duel ended behind it: the results
                # went up over it, and b found it there, "on to the next round")
                self._finish()
            return
        if self._tell_round_end():
            return
        if self._telling:  # the cover waits for the round's end to be put away
            self.refresh()
            return
        here = sorted(s for s in update.to_act if s in self.humans)
        if self._tell_received(here):
            return
        if here and self._unread is not None and self.viewer is None:
            # resumed with a notice unread: its person first (`_take_over`)
            seat = self._unread[0]
            self._handover(seat, why=f"{self.names[seat]} has something to read first.")
            return
        if here:
            seat = self.viewer if self.viewer in here else self._next_person(here)
            if len(self.humans) > 1 and (seat != self.viewer or self._public_shown):
                if seat != self.viewer or not self._nothing_private(seat):
                    self._handover(seat)
                    return
                # the same person again, nothing private shown: no cover
                self._public_shown = False
                self._uncovered = len(self.session.match.history)
                self._keep()
            self.viewer = seat
        elif len(self.humans) > 1:
            # a bot's turn: the last person's view (their hidden card, their
            # total) stayed up for the others to read while the bots played
            self._public_shown = True
        self.refresh()

    def _tell_received(self, here: list[int]) -> bool:
        """Several people here and the view on screen is about to go (to a
        cover, or the public view for a bots' turn): what its person just
        received face down (Ul'ul's night, BQ-29) is told to them first, over
        their own view; they saw it only at their next turn. The cover
        follows once they put it away, before anyone else's view."""
        viewer, seen, screen = self.viewer, self._seen, self.screen
        if (len(self.humans) < 2 or viewer is None or self._public_shown
                or self.handover_to is not None or viewer in here
                or seen is None or seen.seat != viewer or screen is None or self.app is None):
            return False
        now = self.updates.get(viewer)
        lines = [] if now is None else screen.received_privately(seen, now)
        if not lines:
            return False
        self._unread = (viewer, tuple(lines))
        self._keep()  # a quit now shows it first on resuming
        self.refresh()  # their own view, what they received in it
        self._show_notice(passes=bool(here))
        return True

    def _show_notice(self, *, passes: bool, later: bool = False) -> None:
        """The unread private notice, over its person's view."""
        from tui.screens.handover import PrivateNoticeScreen

        assert self.app is not None and self._unread is not None
        seat, lines = self._unread
        self._reading = True
        grace = float(getattr(self.app, "decision_grace", 0.0))
        # q leaves from it, as from the cover: kept unread, it comes back first
        notice = PrivateNoticeScreen(self.names[seat], list(lines), grace=grace, passes=passes,
                                     **(self.screen.box_leaves() if self.screen else {}))
        # the bots wait for it as for any box read here (the status said a
        # bot was "thinking… 13 s" behind it, and n did nothing)
        self._hold_for(notice)
        push = functools.partial(self.app.push_screen, notice,
                                 lambda _: self._received_read(notice))
        if later:  # over a cover that is still being put away
            self.app.call_after_refresh(push)
        else:
            push()

    def _received_read(self, notice: Any) -> None:
        self._release(notice)
        self._reading = False
        self._unread = None
        self._keep()
        self._go_on()

    def _go_on(self) -> None:
        """What waited behind a box all here read (a private receipt, a
        round's end) goes on: the next decision."""
        public = self.updates.get(None)
        if not self.closed and public is not None:
            self._decide(public)

    def _nothing_private(self, seat: int) -> bool:
        """Whether the game says `seat`'s decision shows nothing private
        (Boss Quest's duel offers, BQ-50): its person, who had the terminal
        last, goes on without a cover."""
        update = self.updates.get(seat)
        return (self.screen is not None and update is not None
                and self.screen.shows_nothing_private(update, self.updates.get(None)))

    def _tell_round_end(self) -> bool:
        """Several people here and a round just ended: its end (Boss Quest's
        combat) goes up on the public view, for all to read, before any
        person's view; the hand-over to whoever acts next follows once it is
        put away. It came up over the view of the person who acted last and
        acts first next round, their new hidden card beside it."""
        public = self.updates.get(None)
        if (len(self.humans) < 2 or self.screen is None or self.app is None or public is None
                or self._telling):
            return False  # (one up: the next comes once it is put away, not over it)
        dialogs = self.screen.round_end_dialogs(public)
        if not dialogs:
            return False
        self._public_shown = self._telling = True
        self.refresh()  # the public view under it
        # the first to read on top; the last put away leads to the hand-over
        # (the bots wait while any is up, as for a box of one person's view)
        for dialog in dialogs:
            self._hold_for(dialog)
        last = dialogs[-1]
        self.app.push_screen(last, lambda _: self._told_round_end(last))
        for dialog in reversed(dialogs[:-1]):
            self.app.push_screen(dialog, lambda _, d=dialog: self._release(d))
        return True

    def _told_round_end(self, box: Any) -> None:
        self._telling = False
        self._release(box)
        self._go_on()

    def _next_person(self, here: list[int]) -> int:
        """Of the people here who owe a decision (several, for a secret
        choice all make), the next round the table from the person who had
        the terminal: it passes to a neighbour, as round a real table (it
        went back to the lowest seat, across the table)."""
        viewer, players = self.viewer, len(self.names)
        if viewer is None:  # resumed: from whoever had the terminal, them first
            viewer = self._kept_viewer
        if viewer is None:
            return here[0]
        return min(here, key=lambda s: (s - viewer) % players)

    def make_update(self) -> SeatUpdate:
        """What the screen shows now: the viewer's update (the public one
        while a hand-over cover waits)."""
        public = self.handover_to is not None or self._public_shown
        seat = None if public else self.viewer
        update = self.updates.get(seat)
        if update is None:
            update = self.session.update_for(seat)
        return update

    def public_update(self) -> SeatUpdate | None:
        """The public view's last update (what everyone here may read)."""
        return self.updates.get(None)

    def refresh(self) -> None:
        if self.screen is None:
            return
        update = self.make_update()
        self.screen.show(update)
        if update.seat is not None:
            self._told = self._shown[update.seat] = len(update.log)
            self._seen = update

    # -- the screen's port ---------------------------------------------------------

    @property
    def uncovered_at(self) -> int | None:
        """The match's history length when a person here last uncovered
        their view (kept with the match): a round's end before it was told
        to all and put away (`_tell_round_end` comes before any cover)."""
        return self._uncovered

    def put_away(self, kind: str) -> int | None:
        """How many boxes of `kind` (the screen's word: "combats") the
        people here put away, as kept with the match (None: not known): on
        resuming, those are not brought back. Read as untrusted: the screen
        ignores a count past what the match has."""
        return self._put_away.get(kind)

    def keep_put_away(self, kind: str, count: int) -> None:
        """The people here put away the first `count` boxes of `kind`:
        kept with the match (a failed write: they may come back on resuming)."""
        if self._put_away.get(kind) != count:
            self._put_away[kind] = count
            self._keep()

    def wait_for_box(self, box: Any) -> None:
        """A box that waits for a key (a round's end, what the vote did, F1
        help, the rules) goes up over the table: the bots send no move until
        it is put away (`box_put_away`). Play-tests: watched, they played
        rounds 1 to 3 out of sight under round 1's box; with a person seated
        they played the next round behind the combat box, the box telling
        one round while the table showed the next. Everyone who reads is at
        this terminal, so the table waits for them. Waiting, not closing the
        box after a while: people read at their own pace, and a box gone by
        itself is a round missed. (A shared table does not wait: one
        player's box must not hold the others.)"""
        if self.closed or any(b is box for b in self._boxes):
            return
        self._boxes.append(box)
        self._gate.clear()

    def _hold_for(self, box: Any) -> None:
        """`wait_for_box` through the screen, whose status and keys then say
        the bots wait (`GameScreen.box_waits`), as for the screen's own boxes."""
        if self.screen is not None:
            self.screen.box_waits(box)
        else:
            self.wait_for_box(box)

    def _release(self, box: Any) -> None:
        """`box_put_away` through the screen (`GameScreen.box_gone`)."""
        if self.screen is not None:
            self.screen.box_gone(box)
        else:
            self.box_put_away(box)

    @property
    def holds_bots(self) -> bool:
        """The bots wait for a box to be put away (`wait_for_box`)."""
        return not self._gate.is_set()

    def box_put_away(self, box: Any) -> None:
        """The box is put away (or will not go up): the bots go on once no
        other waits, and once the keys typed so far are handled
        (`KeysInOrder.after_keys`): Escape and F1 typed together put one
        help box away and the next up, and a bot's answer held for the
        first was played between the two keys, under the second."""
        self._boxes = [b for b in self._boxes if b is not box]
        if self._boxes or self._gate.is_set():
            return
        after_keys = getattr(self.app, "after_keys", None)
        if callable(after_keys):
            after_keys(self._go_on_if_free)
        else:
            self._go_on_if_free()

    def _go_on_if_free(self) -> None:
        """The bots go on, unless a box went up meanwhile; the screen's
        status and keys say so (`GameScreen.bots_released`)."""
        if self._boxes or self._gate.is_set():
            return
        self._gate.set()
        if self.screen is not None:
            self.screen.bots_released()

    def _open_gate(self) -> None:
        self._boxes = []
        self._gate.set()

    def keep_talk(self) -> None:
        """A line was added to `talk`: keep it with the match (a write that
        fails leaves the talk in memory: the match goes on)."""
        self._keep()

    def _keep(self) -> None:
        why = write_here(self.session.match.path,
                         KeptHere(talk=tuple(self.talk), uncovered=self._uncovered,
                                  unread=self._unread,
                                  viewer=(self.viewer if self.viewer is not None
                                          else self._kept_viewer),
                                  put_away=tuple(self._put_away.items())))
        if why is not None and self.app is not None:
            self.app.side_file_failed(  # type: ignore[attr-defined]
                why, "The table talk and the box left up are not kept with this match "
                "(the match itself is saved)")

    def send(self, command: SeatCommand) -> bool:
        """A command from the game screen, for the seat it shows. Returns
        whether the session carried it out; a refusal becomes a notice."""
        if command.kind == LEAVE:
            if self.app is not None:
                self.app.leave_table()  # type: ignore[attr-defined]
            return True
        if self.closed or self.handover_to is not None or self._link is None:
            return False
        if command.kind == HURRY:  # any person here may hurry the thinking bot
            return self._forward(command)
        if command.seat is None or command.seat != self.viewer:
            self._refused("That is not your decision to make.", severity="warning")
            return False
        return self._forward(command)

    def _forward(self, command: SeatCommand) -> bool:
        refusal = self._link.send(command)
        if refusal is not None:
            severity = "warning" if command.kind == PLAY else "information"
            self._refused(refusal.reason, severity=severity)
            return False
        return True

    def _refused(self, message: str, *, severity: str) -> None:
        """A key of the game screen's refused: said as the screen's own
        refusals are, and taken down with them (tui/widgets/hints.py)."""
        if self.app is not None:
            session_refused(self.app, self.screen, message, severity=severity)

    # -- hand-over ---------------------------------------------------------------

    def _handover(self, seat: int, *, why: str = "") -> None:
        if self.handover_to is not None:
            return
        heading = None
        # what the person is called for, where the game says (Boss Quest:
        # "read your hidden potion" at combat; the cover said only "Pass to
        # Ann", then "Ann again: the bots have moved", a play-test)
        reason = ""
        cover_why = getattr(self.screen, "cover_why", None)
        update = self.updates.get(seat)
        if not why and cover_why is not None and update is not None and update.view is not None:
            reason = cover_why(update.view, seat)
            if reason:
                why = f"{self.names[seat]}: {reason}."
        if seat == self.viewer:
            # they had the keys, but the table was everyone's since: "Pass
            # to Bram" read as a mistake to Bram, who had not left
            moved = self.session.match.history[self._uncovered or 0:]
            since = ("the bots have moved" if any(s in self.bots for s, _ in moved)
                     else "the table was shown to everyone")
            heading = f"{self.names[seat]} again: {reason or since}"
            if reason:
                why = ""  # said in the heading
        last = self.viewer if self.viewer is not None else self._last_mover()
        self.handover_to = seat
        self.refresh()
        from tui.screens.handover import HandoverScreen

        assert self.app is not None
        take_back = None
        if last is not None and last != seat and last in self.humans:
            # resumed: a person uncovered after that move before the quit
            looked = (self.viewer is None and self._uncovered is not None
                      and self._uncovered >= len(self.session.match.history))
            take_back = _TakeBack(self, last, looked=self.names[seat] if looked else None)
        self._cover = HandoverScreen(
            self.names[seat], lambda: self._take_over(seat),
            grace=getattr(self.app, "handover_grace", 0.0), news=self._news(seat),
            moves=self._last_moves(seat), take_back=take_back, heading=heading, why=why,
        )
        self.app.push_screen(self._cover)

    def _last_mover(self) -> int | None:
        """The person here who moved last, while no one's view has been shown
        (a match resumed under the cover): the one whose update offers a
        take-back, as the session offers it to the seat that moved last
        alone. Their move could be taken back before the match was left,
        and still can (the journal keeps it as it was), unless a person
        uncovered after it (`_uncovered`)."""
        return next((s for s in self.humans
                     if (update := self.updates.get(s)) is not None and update.can_undo), None)

    def can_take_back(self, seat: int) -> bool:
        """Whether `seat`'s person, who had the terminal, may still take
        back their last move from under the cover (the session's own rule:
        their last action, no one else's since, nothing revealed by it)."""
        update = self.updates.get(seat)
        return (not self.closed and self._link is not None and self.handover_to is not None
                and update is not None and update.can_undo and not update.over)

    def take_back(self, seat: int, *, anyway: bool = False) -> str | None:
        """`seat`'s person takes back their last move from under the cover:
        the move is undone and the cover now waits for them (their own
        decision again), so whoever pressed the key sees no one's view
        before the right person uncovers it. None: taken back; else refused,
        and why in words for the cover to say ("" for none; a notice over
        the cover hid whom it passes to).
        `anyway`: asked though the offer is not up (u pressed all the same),
        so that the session's refusal says why not; the u was silent."""
        update = self.updates.get(seat)
        if update is None:
            return ""
        if not self.can_take_back(seat) and not (
                anyway and not self.closed and self._link is not None
                and self.handover_to is not None and not update.over):
            return ""
        if self.screen is not None:
            self.screen.since.acted(update)
        refusal = self._link.send(SeatCommand.undo(seat, update.seq))
        if refusal is not None:
            if self.screen is not None:
                self.screen.since.acted(None)
            return refusal.reason
        self._taken_back = (seat, update.log)
        self.handover_to = seat
        self.refresh()  # the public view, under the cover
        return None

    def _news(self, seat: int) -> list[str]:
        """The lines of `_last_moves` that tell a reveal (the game screen's
        `reveals`): the last secret choice revealed them and the cover came
        up at once."""
        screen = self.screen
        return [line for line in self._last_moves(seat)
                if screen is not None and screen.reveals(line)]

    def _last_moves(self, seat: int) -> list[str]:
        """The public log's lines `seat`'s person has not seen, in order:
        all since their last move (where its recap starts:
        `SinceTracker.start`; a match reopened: since the last move of a
        person here), the others' whole turns, the bots' moves, what was
        drawn and revealed, as their recap tells it once they uncover. The
        cover shows the latest that fit (it kept the first, the reveals
        apart after them: a tie of votes broken read before the votes, and
        the move just made was left out). The public log words every line
        for a spectator: no one's secret is in it."""
        public, screen = self.updates.get(None), self.screen
        if public is None or screen is None:
            return []
        since = getattr(screen, "since", None)
        told = since.start(seat) if since is not None else None
        if told is None:
            told = self._told if self._told is not None else self._reopened_at
        if told is None:
            return []
        told = min(told, len(public.log))
        shown = self._shown.get(seat)
        unseen = (screen.told_unseen(list(public.log[shown:told]))
                  if shown is not None and shown < told else [])
        return screen.fold_moves([*unseen, *public.log[told:]])

    def _take_over(self, seat: int) -> None:
        """The cover is lifted by `seat`'s player: show their view."""
        self.handover_to = None
        self._cover = None
        self._public_shown = False
        if self.closed:
            return
        self.viewer = seat
        self._uncovered = len(self.session.match.history)
        self._keep()
        self.refresh()
        self._tell_taken_back(seat)
        if self._unread is not None and self._unread[0] == seat and self.app is not None:
            # resumed: what they received face down before the quit, first
            public = self.updates.get(None)
            here = [] if public is None else [s for s in public.to_act if s in self.humans]
            self._show_notice(passes=any(s != seat for s in here), later=True)

    def _tell_taken_back(self, seat: int) -> None:
        """`seat`'s person took their move back from under the cover and now
        has their view: it says what went, as their own u says it (the
        cover said only who: whoever held the terminal may not read it)."""
        taken, self._taken_back = self._taken_back, None
        update = self.updates.get(seat)
        if (taken is None or taken[0] != seat or update is None
                or self.screen is None or self.app is None):
            return
        # after the cover's Enter has cleared the notices given on it
        self.app.call_later(self.screen.tell_taken_back, taken[1], update.log)

    # -- the end -------------------------------------------------------------

    def _finish(self) -> None:
        self._open_gate()  # (no bot moves any more)
        self.handover_to = None
        self._cover = None
        # several people here: the final table is everyone's (as reopened),
        # not the last mover's view with their secret picks in its log
        self._public_shown = len(self.humans) > 1
        self.refresh()
        if self._results_shown or self.app is None:
            return
        self._results_shown = True
        from tui.screens.results import push_results

        push_results(self.app, self.make_update(), self.screen)

    def _problem(self, message: str) -> None:
        """The session cannot go on (a draw that could not be saved): said
        until the match moves on or the table closes."""
        self._unstall()
        self._stalled = (message, self.session.seq)
        self._notify(message, severity="error", timeout=STALLED_NOTICE_SECONDS)

    def _unstall(self) -> None:
        """Take down the notice of a problem that stopped the match, if shown."""
        if self._stalled is None:
            return
        message, self._stalled = self._stalled[0], None
        withdraw = getattr(self.app, "withdraw_notice", None)
        if callable(withdraw):
            withdraw(message)

    def _notify(self, message: str, *, severity: str = "information",
                timeout: float | None = None) -> None:
        if self.app is not None:
            self.app.notify(message, severity=severity, timeout=timeout)  # type: ignore[arg-type]


class _TakeBack:
    """The cover's offer to the person who just moved (tui/screens/handover.py)."""

    def __init__(self, table: Table, seat: int, *, looked: str | None = None) -> None:
        self.table = table
        self.seat = seat
        self.who = table.names[seat]
        #: a resumed match: this person uncovered after the move, before
        #: the quit (the take-back ended then)
        self.looked = looked

    def possible(self) -> bool:
        return self.looked is None and self.table.can_take_back(self.seat)

    def take(self, *, anyway: bool = False) -> tuple[str, Any] | str:
        if self.looked is not None:
            return f"{self.looked} may have looked already: no take-back after resuming."
        seat = self.seat
        refused = self.table.take_back(seat, anyway=anyway)
        if refused is not None:
            return refused
        return self.who, lambda: self.table._take_over(seat)
