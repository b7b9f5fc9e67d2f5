"""A player's terminal over SSH, read through a terminal emulator (`pyte`),
and how a player of each game picks a key from what that screen shows: for
the end-to-end tests over SSH and the SSH load benchmark."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import asyncssh
import pyte

#: output quiet for this long: the screen has settled after a key or an update
QUIET = 0.08

#: the results screen's footer
RESULTS = "r Rematch  b Final table"
#: the dialog that tells how a match ended, over the results (its title
#: names whose view it is, but it shows no table)
ENDING = "Enter: the results"
#: the box that tells how an Overseers round ended, before the next draft
ROUND_END = "Enter: the next round"
#: the box that tells what an Overseers vote did, at the showdown
VOTE_DONE = "Enter: the table"

KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "shift+tab": b"\x1b[Z",
    "space": b" ",
    "ctrl+s": b"\x13",
    "right": b"\x1b[C",
}


class Terminal:
    """One player's SSH session with a pseudo-terminal, as a screen of text."""

    def __init__(self, conn: Any, process: Any, name: str, size: tuple[int, int]) -> None:
        self.conn = conn
        self.process = process
        self.name = name
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        #: when output last arrived
        self.last = time.monotonic()
        #: how many outputs have arrived
        self.outputs = 0
        self.closed = False
        #: the results screen as last seen (it stays known if a key leaves it)
        self.results: str | None = None
        #: a timed key: (the screen before it, when it was sent, its latency)
        self._timing: tuple[str, float, asyncio.Future] | None = None
        self._arrived = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(
        cls, port: int, key: Any, name: str, size: tuple[int, int] = (100, 30)
    ) -> Terminal:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username="anyone", client_keys=[key],
            known_hosts=None, agent_path=None,
        )
        process = await conn.create_process(
            term_type="xterm-256color", term_size=size, encoding=None
        )
        return cls(conn, process, name, size)

    async def _read(self) -> None:
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                self.closed = True
                self._arrived.set()
                return
            self.stream.feed(data)
            if RESULTS in self.screen.display[-1]:  # the latest frame of it
                self.results = self.text()
            if self._timing is not None and not self._timing[2].done():
                before, sent, latency = self._timing
                if self.text() != before:
                    latency.set_result(time.perf_counter() - sent)
            self.last = time.monotonic()
            self.outputs += 1
            self._arrived.set()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def press(self, key: str) -> None:
        self.process.stdin.write(KEYS.get(key, key.encode()))

    async def timed_press(self, key: str, timeout: float = 5.0) -> float | None:
        """Press `key`; seconds until the first output that changes the
        screen (None: no change within `timeout`)."""
        latency = asyncio.get_running_loop().create_future()
        self._timing = (self.text(), time.perf_counter(), latency)
        self.press(key)
        try:
            return await asyncio.wait_for(latency, timeout)
        except TimeoutError:
            return None
        finally:
            self._timing = None

    def type(self, text: str) -> None:
        for char in text:
            self.press(char)

    async def settle(self, limit: float = 3.0) -> None:
        """Until no output has come for QUIET seconds (or `limit` passed)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            quiet = time.monotonic() - self.last
            if quiet >= QUIET:
                return
            await asyncio.sleep(QUIET - quiet)

    async def output(self, timeout: float) -> bool:
        """Wait for the next output; False if none came in `timeout` seconds."""
        self._arrived.clear()
        try:
            await asyncio.wait_for(self._arrived.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def wait_for(self, wanted: Any, timeout: float = 30.0, what: str = "") -> str:
        """The settled screen once `wanted` (a phrase, or a test of the
        text) holds; a failure shows the screen."""
        test = wanted if callable(wanted) else (lambda text: wanted in text)
        end = time.monotonic() + timeout
        while True:
            await self.settle()
            text = self.text()
            if test(text):
                return text
            left = end - time.monotonic()
            if left <= 0 or self.closed:
                raise AssertionError(f"{self.name}: no {what or wanted!r} on screen:\n{text}")
            await self.output(min(left, 1.0))

    async def until(self, condition: Any, timeout: float) -> bool:
        """Wait until `condition()` holds on a settled screen (False: timed out)."""
        end = time.monotonic() + timeout
        while True:
            await self.settle()
            if condition():
                return True
            left = end - time.monotonic()
            if left <= 0 or self.closed:
                return False
            await self.output(min(left, 0.5))

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._reader.cancel()


class Rules:
    """How a player of one game picks a key from their screen: the first
    phrase on screen that asks something decides the key (None: nothing is
    asked of this player now)."""

    phrases: tuple[tuple[str, str], ...] = ()
    #: on the game's screen (not the lobby, a help or the results)
    marker = "'s view"

    def __init__(self) -> None:
        self.turns = 0
        #: the phrase that asked for the last key
        self.asked = ""
        #: the last key only moved a cursor or a highlight (the Duel's n,
        #: Overseers' arrow): Enter next, and any change answers it
        self._moved = False

    def key(self, text: str) -> str | None:
        # (a prompt wraps at the terminal's width: its lines joined, too)
        flat = " ".join(text.split())
        for phrase, key in self.phrases:
            if phrase in text or phrase in flat:
                self.asked = phrase
                return key
        return None

    def answered(self, text: str) -> bool:
        """Whether `text` shows the last key answered though its question
        is asked again in the same words (the Duel's next Town to spawn
        from): a game's rules say how they see it (none here)."""
        return False

    def any_output_answers(self) -> bool:
        """The last key only moved a cursor or a highlight (pressing it twice
        does no harm): any output answers it. A highlight changes no text,
        and waiting for the text to change took seconds a key."""
        return self._moved

    def question(self, text: str) -> str:
        """What the screen asks with the last key's phrase: its line and the
        two below (the choices), or "" once it no longer asks. A player
        waits for this to change before pressing again: the screen may
        change for other reasons first (the other players' moves). After a
        key that only moved a cursor, the whole screen."""
        if self._moved:
            return text
        lines = text.splitlines()
        for i, line in enumerate(lines):
            if self.asked and self.asked in line:
                return "\n".join(lines[i:i + 3])
        flat = " ".join(text.split())  # a phrase wrapped over two lines
        at = flat.find(self.asked) if self.asked else -1
        return flat[at:at + 240] if at >= 0 else ""


class OverbossRules(Rules):
    phrases = (
        ("Your turn: draft a pair", "enter"),
        ("Pair placed.", "e"),
        ("Spire: pick a tile", "x"),  # (the log says "expends a Spire: ...")
        ("Spire: move the tile", "x"),
        ("on any open square", "enter"),  # place the drafted tile
        ("on a highlighted square", "enter"),  # place the token
        ("Towns spawn heroes", "enter"),
        ("Town: ", "enter"),  # where the hero spawns
        ("you may slide", "s"),
        ("slide the tile from", "c"),
        ("Road: you may swap", "s"),
        ("Road: swap the token", "c"),
        ("Sunken City: refresh", "s"),
        ("King Croak: pick a tile", "s"),
        ("King Croak: which market", "1"),
        ("Belladonna: pick a token", "s"),
        ("Baron Hex: take a token", "s"),
        ("Warlord Grimtusk: pick a hero", "s"),
        (ENDING, "enter"),  # the other's last turn, over the results
        # the last moves beside the final board, put away over the final
        # table (its whole score pad); then the results
        ("Enter: the final table", "enter"),
        ("The duel is over.", "b"),
    )

    #: questions answered by a square of the board
    BOARD = ("on any open square", "on a highlighted square", "Towns spawn heroes", "Town: ")

    #: the square under the cursor is on offer (the square's panel)
    CHOOSE = "↵ choose"

    def __init__(self) -> None:
        super().__init__()
        #: the last key was Enter on a square the panel offered
        self._chose = False

    def key(self, text: str) -> str | None:
        # The board's cursor stays where it was left (it may be on a square
        # not on offer): n brings it to one, then Enter chooses it. A square
        # already on offer says "↵ choose": Enter at once (n would leave the
        # screen as it was, and the player would wait in vain for a change).
        key = super().key(text)
        self._chose = False
        if key == "enter" and self.asked in self.BOARD:
            if not self._moved and self.CHOOSE in " ".join(text.split()):
                self._chose = True
                return "enter"
            self._moved = not self._moved
            if not self._moved:
                self._chose = self.CHOOSE in " ".join(text.split())
            return "n" if self._moved else "enter"
        self._moved = False
        return key

    def answered(self, text: str) -> bool:
        """Enter on a square on offer is answered once the square is no
        longer offered (the panel under the board drops "↵ choose"), though
        the question may stay word for word: Towns spawn heroes one at a
        time, and the next Town is asked for as the first was. (Waiting for
        the question to change cost 5 s at each such Town.)"""
        return self._chose and self.CHOOSE not in " ".join(text.split())



class BossQuestRules(Rules):
    phrases = (
        ("Enter, space or Escape: on to the", "enter"),  # the combat's summary
        ("you must go to the Wizard now", "w"),
        ("At the Wizard:", "x"),  # discard the spell: no target to choose
        ("+ Enter, its number or a click", "enter"),
    )

    def key(self, text: str) -> str | None:
        if "go to the Wizard (no more weapons" in text and "Escape: on to the" not in text:
            # ask for one weapon, then go to the Wizard, turn about
            self.asked = "go to the Wizard (no more weapons"
            self.turns += 1
            return "1" if self.turns % 2 else "w"
        return super().key(text)


class OverstockedRules(Rules):
    phrases = (
        ("Enter confirms (secret", "enter"),  # confirm the card chosen
        ("Choose your card:", "enter"),
        ("Your card is the lowest", "enter"),  # a quantum card instead
        ("Enter places", "enter"),
        ("Your card fits nowhere", "x"),
        ("X card: put an X", "1"),
        ("Take an incentive token?", "x"),
        ("The bot's turn: choose where", "enter"),
        (ENDING, "enter"),  # the moves that ended it, over the results
    )


class OverseersRules(Rules):
    #: every question of the game, as the prompt words it (with its colon:
    #: the log tells the same moments as sentences, "You are judged. You
    #: deny.", which must not read as the question); Enter takes the choice
    #: the screen offers first
    phrases = tuple((phrase, "enter") for phrase in (
        "Keep one card of the pack", "Your next pack (turn", "cards of your top row", "Purple: turn one",
        "Gold: keep one", "Meixiu: peek", "Teal: put a card", "Teal: card",
        "Vote: who scores highest", "Leader: break the tie", "You are judged:",
        "You admitted: discard", "You had the highest score:", "You have the most Greed:",
        "robs you: give which", "You are robbed: choose", "Liang: whose cards",
        "Choose which two of",  # the Leader, for a guilty player (OV-5, OV-13)
        ENDING,  # how the last round ended, over the results
        ROUND_END,  # how rounds 1 and 2 ended, before the next draft
        VOTE_DONE,  # what the vote did, at the showdown
    ))
    #: decisions on the player's cards for good: the bar starts with no
    #: choice highlighted, so an arrow first, then Enter
    UNHIGHLIGHTED = ("Purple: turn one", "You admitted: discard", "You had the highest score:",
                     "robs you: give which", "You are robbed: choose", "Choose which two of")

    def key(self, text: str) -> str | None:
        key = super().key(text)
        if key == "enter" and self.asked in self.UNHIGHLIGHTED:
            self._moved = not self._moved
            return "right" if self._moved else "enter"
        self._moved = False
        return key


GAME_RULES: dict[str, type[Rules]] = {
    "overboss-duel": OverbossRules,
    "boss-quest": BossQuestRules,
    "overstocked": OverstockedRules,
    "overseers": OverseersRules,
}
