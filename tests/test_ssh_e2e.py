"""End to end over real SSH on loopback (issue "Shared sessions over SSH"):
two players connect to the embedded SSH front door with their own keys, each
in a terminal of their own read through a terminal emulator (`pyte`); one
sets up a table in the lobby, the other sits down, and they play one match of
every game to the results screen, pressing only keys chosen from what their
own screen shows. At every settled screen each sees their own hidden cards
and never the other's (checked against the hub's full state, which the test
reads only to check, never to choose). One more test logs in with the
system's OpenSSH client in a real pseudo-terminal."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import shutil
import struct
import subprocess
import termios
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from core import GAMES
from host.hub import Hub
from host.ssh import join_child, load_host_key, read_players, serve
from tests.ssh_kit import ENDING, GAME_RULES, RESULTS, ROUND_END, VOTE_DONE, Rules, Terminal

#: keys each player may press in one match before the test calls it stuck
KEY_BUDGET = 600
#: seconds a screen gets to catch up with the hub and for a notice to go
CATCH_UP = 6
#: the notice of a key the table refused (the table changed meanwhile):
#: the key was answered, the player looks again (host/session.py)
REFUSED = "deciding; look again."


# -- the host ------------------------------------------------------------------------


@pytest.fixture
async def host(tmp_path, monkeypatch):
    """A hub and its SSH front door on a free loopback port; Ann's and Bob's
    keys bound to their names. Yields (port, hub, {name: key}). Enter takes
    a new decision at once in the sessions (the host passes on
    $OVERTABLE_ENTER_WAIT): the kit presses as soon as a screen settles,
    faster than a person reads, and the wait is tested where it is built."""
    monkeypatch.setenv("OVERTABLE_ENTER_WAIT", "0")
    keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in ("Ann", "Bob")}
    authorized = tmp_path / "authorized_keys"
    authorized.write_text("".join(
        f'environment="PLAYER={name}" {key.export_public_key().decode()}'
        for name, key in keys.items()
    ))
    hub = Hub(tmp_path / "shared", bot_delay=0, seed=11)
    socket_path = tmp_path / "hub" / "hub.sock"
    await hub.serve(socket_path)
    server = await serve(
        "127.0.0.1", 0, read_players(authorized), load_host_key(tmp_path / "host_key"),
        join_child(socket_path, tmp_path / "data"),
    )
    try:
        yield server.sockets[0].getsockname()[1], hub, keys
    finally:
        server.close()
        await server.wait_closed()
        await hub.close()


# -- setting up a table from the lobby ---------------------------------------------------


def focused(term: Terminal) -> tuple[str, str]:
    """(the line, its highlighted text) of the control in focus: the line
    drawn partly in reverse video (a select) or black on white (a checkbox's
    label), as a player sees the focus."""
    screen = term.screen
    for y in range(1, screen.lines - 1):
        row = screen.buffer[y]
        marked = "".join(
            row[x].data for x in range(screen.columns) if row[x].reverse or row[x].bg == "white"
        )
        if any(c.isalnum() for c in marked):  # not a button's reversed border
            return term.screen.display[y].rstrip(), marked.strip()
    return "", ""


async def focus_on(term: Terminal, wanted: Any, what: str) -> None:
    """Tab through the form until the control in focus is `wanted` (a text
    input in focus shows no highlight: Tab goes on past it)."""
    await term.wait_for(lambda _: focused(term)[0] != "", what="a control in focus")
    for _ in range(30):
        now = focused(term)
        if wanted(*now):
            return
        term.press("tab")
        await term.until(lambda now=now: focused(term) != now, 3 if now[0] else 0.5)
    raise AssertionError(f"{term.name}: cannot reach {what} with Tab:\n{term.text()}")


async def pick_from_list(term: Terminal, choice: str, opened: Any) -> None:
    """Open the select in focus, type the choice's name, take it."""
    term.press("enter")
    await term.wait_for(opened, what=f"the list with {choice}")
    term.type(choice)
    await term.until(lambda: focused(term)[1].startswith(choice), 2)
    term.press("enter")
    await term.until(lambda: not opened(term.text()), 2)


async def create_table(term: Terminal, game: Any, options: list[str]) -> None:
    """From the lobby: `n`, choose the game (type its name in the list), make
    seat 2 a person's (it becomes an open seat on the hub), tick each
    option named in `options`, start."""
    term.press("n")
    await term.wait_for("New table:")
    await focus_on(term, lambda line, _: line.strip().startswith("Game"), "the game")
    await pick_from_list(term, game.title, lambda t: all(g.title in t for g in GAMES.values()))
    await term.wait_for(f"New table: {game.title}")
    await focus_on(
        term,
        lambda line, marked: line.strip().startswith("Seat 2") and marked.startswith(("Bot", "Human")),
        "seat 2's kind",
    )
    await pick_from_list(term, "Human", lambda t: "Bot: easy" in t)
    await term.wait_for(lambda t: re.search(r"Seat 2 .*Human", t) is not None, what="seat 2 human")
    if re.search(r"Seat 3 .*Bot", term.text()):
        # the bot filling the third seat: the easy one, which answers at once
        # (a searching bot thinks up to 2 s a move, some 70 s of a match)
        await focus_on(
            term,
            lambda line, marked: line.strip().startswith("Seat 3") and marked.startswith("Bot"),
            "seat 3's kind",
        )
        await pick_from_list(term, "Bot: easy", lambda t: "Human" in t and "Bot: hard" in t)
        await term.wait_for(lambda t: re.search(r"Seat 3 .*Bot: easy", t) is not None,
                            what="seat 3 an easy bot")
    for label in options:
        await focus_on(term, lambda line, _, label=label: label in line, label)
        term.press("space")
        await term.wait_for(f"▐X▌ {label}", what=f"{label} ticked")
    term.press("ctrl+s")
    await term.wait_for(lambda t: game.title in t and "waiting for 1" in t, what="the new table")


async def sit_down(term: Terminal, game: Any) -> None:
    """From the lobby: the new table is listed with its open seat; Enter."""
    await term.wait_for(
        lambda t: re.search(rf"{game.title} +Ann, open.* +waiting for 1", t) is not None,
        what="Ann's table with an open seat",
    )
    term.press("enter")

#: the shortest form of each game for two people (bots fill a third seat)
OPTIONS: dict[str, list[str]] = {"overboss-duel": ["Short 4x6 board"]}


# -- what each screen may show ------------------------------------------------------
#
# For each game, from the hub's full state: what the seat's own screen must
# show of its hidden cards (it may lag the state by an update: it gets a
# moment to catch up), and what it must never show of the other person's,
# going by what the core's view for this seat hides. A phrase is text or a
# regular expression.


def overboss_secrets(state: Any, seat: int, other: int, names: list[str]) -> tuple[list, list]:
    from core.overboss import GAME, bosses

    mine, theirs = state.bosses[seat], state.bosses[other]
    # over, the final score pad stands where the Bosses were (p brings them)
    shown = [bosses.title(mine)] if mine is not None and GAME.outcome(state) is None else []
    hidden = []
    if theirs is not None and GAME.view(state, seat).bosses[other] is None:
        hidden.append(bosses.title(theirs))
    return shown, hidden


def bossquest_secrets(state: Any, seat: int, other: int, names: list[str]) -> tuple[list, list]:
    from core.bossquest import GAME
    from core.bossquest.state import Phase

    mine, theirs = state.knights[seat].hidden, state.knights[other].hidden
    shown = []
    if mine is not None and mine.weapon is not None and state.phase is not Phase.OVER:
        shown.append(f"({mine.weapon.code})")
    hidden = []
    seen = GAME.view(state, seat).knights[other].hidden
    if theirs is not None and theirs.weapon is not None and seen is not None and seen.weapon is None:
        # not "you (B5)": the log's deal line names this seat's own hidden
        # card of an earlier round, which may be the same code
        hidden.append(re.compile(rf"(?<!you )\({re.escape(theirs.weapon.code)}\)"))
    return shown, hidden


def _row(numbers: Any) -> re.Pattern:
    """A line that starts with exactly these card numbers (a hand; the one
    under the cursor or chosen is marked, e.g. ▸ 1◂ or » 1«)."""
    gap = r"[^\w\n]"
    return re.compile(rf"^{gap}*" + rf"{gap}+".join(map(str, numbers)) + rf"({gap}|$)", re.M)


def overstocked_secrets(state: Any, seat: int, other: int, names: list[str]) -> tuple[list, list]:
    from core.overstocked import GAME

    mine, theirs = state.seats[seat], state.seats[other]
    shown = [_row(mine.hand)] if mine.hand else []
    hidden = [_row(theirs.hand)] if len(theirs.hand) > 1 else []
    if theirs.pick is not None and GAME.view(state, seat).seats[other].pick is None:
        hidden += [f"Your card: {theirs.pick}",
                   re.compile(rf"{names[other]}\s+(#\d+\s+)?{theirs.pick}\s")]
    return shown, hidden


def overseers_secrets(state: Any, seat: int, other: int, names: list[str]) -> tuple[list, list]:
    from core.overseers import GAME
    from core.overseers.cards import TRAIT
    from core.overseers.state import Phase

    mine, theirs = state.seats[seat], state.seats[other]
    shown = [mine.character.label] if mine.character is not None else []
    if state.phase is Phase.DRAFT and mine.hand and not mine.chose:
        shown += [f"{n}:[{TRAIT[card].label}]" for n, card in enumerate(mine.hand, 1)]
    hidden = []
    if theirs.character is not None and GAME.view(state, seat).seats[other].character is None:
        hidden.append(theirs.character.label)
    return shown, hidden


SECRETS = {
    "overboss-duel": overboss_secrets,
    "boss-quest": bossquest_secrets,
    "overstocked": overstocked_secrets,
    "overseers": overseers_secrets,
}


def on_screen(phrase: Any, text: str) -> bool:
    return bool(phrase.search(text)) if isinstance(phrase, re.Pattern) else phrase in text


async def check_secrets(term: Terminal, seat: int, game: Any, table: Any, marker: str) -> int:
    """The settled screen shows this seat's hidden cards and none of the
    other's. The screen may be an update behind the hub's state (a new deal
    may give the other what this screen still shows as its own): a mismatch
    and a notice ("Your turn.") may cover a card for a few seconds: a
    mismatch must outlast both to count. Returns how many
    of its own hidden cards it checked."""
    match = table.session.match
    names = [p.name for p in match.header.players]

    def wrong() -> tuple[list, list]:
        shown, hidden = SECRETS[game.id](match.state, seat, 1 - seat, names)
        text = term.text()
        # (not the table: a round's end may come up over it meanwhile)
        if marker not in text or any(box in text for box in (ROUND_END, ENDING, VOTE_DONE)):
            return [], []
        return [p for p in shown if not on_screen(p, text)], [p for p in hidden if on_screen(p, text)]

    if wrong() != ([], []) and not await term.until(lambda: wrong() == ([], []), CATCH_UP):
        missing, leaked = wrong()
        assert not leaked, f"{term.name} sees the other's hidden {leaked}:\n{term.text()}"
        raise AssertionError(f"{term.name} does not see their own {missing}:\n{term.text()}")
    shown, _ = SECRETS[game.id](match.state, seat, 1 - seat, names)
    return len(shown)


async def play(
    term: Terminal, peer: Terminal, seat: int, game: Any, table: Any, rules: Rules
) -> tuple[int, int]:
    """Press keys read off `term`'s screen until the results screen shows;
    at every settled screen check what it shows. Returns the keys pressed
    and how many of the player's own hidden cards were seen on screen."""
    pressed = checked = 0
    await term.wait_for(rules.marker, 30, what=f"the {game.title} screen")
    while True:
        await term.settle()
        text = term.text()
        # the results on the settled screen: a frame of them seen while the
        # last combat's dialog was still being drawn over them is not enough
        # (the dialog waits for a key)
        if RESULTS in text.rsplit("\n", 1)[-1]:
            return pressed, checked
        if rules.marker in text and not any(box in text for box in (ROUND_END, ENDING, VOTE_DONE)):
            checked += await check_secrets(term, seat, game, table, rules.marker)
            text = term.text()
        key = rules.key(text)
        if key is None:
            if not await term.output(30):
                raise AssertionError(
                    f"{term.name}: nothing happens on this screen:\n{text}\n"
                    f"while {peer.name} sees:\n{peer.text()}"
                )
            continue
        assert pressed < KEY_BUDGET, f"{term.name}: {KEY_BUDGET} keys and no end:\n{text}"
        asked = rules.question(text)
        refused_before = REFUSED in " ".join(text.split())
        outputs = term.outputs
        term.press(key)
        pressed += 1
        # a player waits to see the key answered before the next key: the
        # question changes, or the table's refusal shows (another seat moved
        # first). A question that stays the same is read again after a
        # while: long enough on a loaded machine that a key is not pressed
        # twice, which on the Duel's board would pick a first square and
        # then cancel it.
        await term.until(
            lambda asked=asked, before=refused_before, outputs=outputs: (
                rules.question(term.text()) != asked
                or (not before and REFUSED in " ".join(term.text().split()))
                or (rules.any_output_answers() and term.outputs > outputs)
                or rules.answered(term.text())
            ),
            5,
        )


async def play_a_match(host: Any, game_id: str) -> None:
    port, hub, keys = host
    game = GAMES[game_id]
    ann = await Terminal.open(port, keys["Ann"], "Ann")
    bob = await Terminal.open(port, keys["Bob"], "Bob")
    try:
        # a session starts a Python app: slow on a busy machine
        await ann.wait_for("You are Ann", 60)
        await bob.wait_for("You are Bob", 60)
        await create_table(ann, game, OPTIONS.get(game_id, []))
        await sit_down(bob, game)
        await asyncio.wait_for(_started(hub), 30)
        (table,) = hub.tables.values()
        assert [s.player for s in table.seats[:2]] == ["Ann", "Bob"]
        started = time.monotonic()
        played = await asyncio.gather(
            play(ann, bob, 0, game, table, GAME_RULES[game_id]()),
            play(bob, ann, 1, game, table, GAME_RULES[game_id]()),
        )
        match = table.session.match
        assert match.finished and match.outcome is not None
        names = [p.name for p in match.header.players]
        winners = " and ".join(names[s] for s in sorted(match.outcome.winners))
        expected = f"{game.title}: {winners} win"
        for term in (ann, bob):
            await see_results(term, expected, GAME_RULES[game_id]())
        # both played, and both saw their own hidden cards along the way
        assert all(keys > 3 and seen > 3 for keys, seen in played), played
        print(f"{game_id}: (keys, own secrets seen) {played}, {time.monotonic() - started:.1f} s")
    finally:
        await ann.close()
        await bob.close()


async def see_results(term: Terminal, expected: str, rules: Rules) -> None:
    """The results screen, drawn in full, shows `expected`. A dialog still
    over it (Boss Quest's last combat, which the play may have ended just
    before: a loaded machine can leave a pause between the frames) is put
    away with the key its screen asks for."""
    end = time.monotonic() + 2 * CATCH_UP
    while time.monotonic() < end:
        await term.settle()
        text = term.text()
        if RESULTS in text.rsplit("\n", 1)[-1]:
            if expected in str(term.results):
                return
        elif (key := rules.key(text)) is not None:
            term.press(key)
        await term.output(0.5)
    raise AssertionError(f"{term.name}'s results:\n{term.results}\nscreen:\n{term.text()}")


async def _started(hub: Hub) -> None:
    while not any(t.started for t in hub.tables.values()):
        await asyncio.sleep(0.02)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_two_players_play_a_match_over_ssh(host, game_id):
    await play_a_match(host, game_id)


def _session_children() -> list[int]:
    """This process's children that run a player's session (`tui.ptychild`)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and b"tui.ptychild" in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client on this machine")
async def test_the_system_ssh_client_in_a_real_terminal(host, tmp_path):
    """OpenSSH's own client, on a pseudo-terminal of 80x24, logs in with a
    key file, sees the lobby under the key's bound name (not the user name it
    sends), and leaves with q: ssh exits 0 and no session process is left."""
    port, _, keys = host
    identity = tmp_path / "ann_key"
    keys["Ann"].write_private_key(str(identity))
    identity.chmod(0o600)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    ssh = subprocess.Popen(
        [shutil.which("ssh"), "-F", "/dev/null", "-i", str(identity), "-o", "IdentitiesOnly=yes",
         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "LogLevel=ERROR", "-p", str(port), "-tt", "mallory@127.0.0.1"],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
        env={"PATH": os.environ.get("PATH", "/usr/bin"), "TERM": "xterm-256color",
             "HOME": str(tmp_path)},
    )
    os.close(slave)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    loop = asyncio.get_running_loop()
    arrived = asyncio.Event()

    def readable() -> None:
        try:
            data = os.read(master, 65536)
        except OSError:  # the client has gone and the terminal with it
            data = b""
        if not data:
            loop.remove_reader(master)
        stream.feed(data)
        arrived.set()

    loop.add_reader(master, readable)

    async def until(wanted: str, timeout: float = 60) -> None:
        end = loop.time() + timeout
        while wanted not in "\n".join(screen.display):
            arrived.clear()
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"no {wanted!r} on the ssh client's screen:\n"
                                     + "\n".join(screen.display))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(arrived.wait(), left)

    try:
        await until("You are Ann")
        assert "mallory" not in "\n".join(screen.display)
        assert len(_session_children()) == 1  # the session's app runs on the host
        os.write(master, b"q")  # the lobby asks first
        await until("Leave the shared tables?")
        os.write(master, b"y")
        end = loop.time() + 20
        while ssh.poll() is None and loop.time() < end:
            await asyncio.sleep(0.05)
        assert ssh.poll() == 0, "ssh did not leave cleanly"
        while _session_children() and loop.time() < end:
            await asyncio.sleep(0.05)
        assert _session_children() == [], "a session's process was left behind"
    finally:
        with contextlib.suppress(ValueError, OSError):
            loop.remove_reader(master)
        if ssh.poll() is None:
            ssh.kill()
        ssh.wait()
        os.close(master)


async def test_what_a_client_sends_that_no_keyboard_types_is_dropped(host):
    """Hostile-network review: over SSH the input is whatever the client
    sends. A key sequence past Unicode ended the player's app with a
    traceback on their screen; a terminal's reply nobody asked for was
    typed out as keys ("?" opened the help); a byte that is not UTF-8
    ended the app too; 100 kB of unbracketed keys kept the app busy for
    minutes, Ctrl+Q unread behind them, and a paste never closed swallowed
    Ctrl+Q for good. Now the app drops the first three, passes keys no
    faster than a person types, and Ctrl+Q ends an open paste and the
    session at once after the flood."""
    port, _, keys = host
    ann = await Terminal.open(port, keys["Ann"], "Ann")
    try:
        await ann.wait_for("You are Ann", 60)
        for sequence in (b"\x1b[1114112u", b"\x1b[999999999999999999A", b"\x1b[?1;2c",
                         b"\x1b[1;2:1114112u", b"caf\xe9 ok", b"\xf4\x90\x80\x80",
                         b"\x1b[M\xff\xff\xff"):
            ann.process.stdin.write(sequence)
        await ann.settle()
        assert not ann.closed, ann.text()
        text = ann.text()
        assert "Traceback" not in text and "You are Ann" in text
        assert "Everywhere" not in text  # F1's help (the "?" of the reply) did not open
        ann.process.stdin.write(b"z" * 100_000)
        # a paste never closed (it swallowed every key after it, Ctrl+Q too)
        ann.process.stdin.write(b"\x1b[200~" + b"y" * 100_000)
        await asyncio.sleep(0.5)
        ann.process.stdin.write(b"\x11")  # Ctrl+Q
        end = time.monotonic() + 20
        while not ann.closed and time.monotonic() < end:
            await ann.output(1.0)
        assert ann.closed, ann.text()
        assert "Traceback" not in ann.text()
    finally:
        await ann.close()
