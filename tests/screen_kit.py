"""What every game screen's tests share: a stand-in port, an app that shows
one game screen with a fixed update, and the screen as plain text."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from rich.console import Console
from textual.app import App

from host.messages import LEAVE, PLAY, UNDO, SeatCommand
from tui.screens.game import GameScreen, TableUpdate


class FakePort:
    """Stands in for the table a screen sends its commands to: records them."""

    def __init__(self) -> None:
        self.commands: list[SeatCommand] = []

    def send(self, command: SeatCommand) -> bool:
        self.commands.append(command)
        return True

    @property
    def submitted(self) -> list[tuple[int, Any]]:
        """(seat, action) of every play command, in order."""
        return [(c.seat, c.action) for c in self.commands if c.kind == PLAY]

    @property
    def undos(self) -> int:
        return sum(c.kind == UNDO for c in self.commands)

    @property
    def leaves(self) -> int:
        return sum(c.kind == LEAVE for c in self.commands)


class ScreenApp(App):
    """Shows one game screen (`screen_class`) with a fixed update."""

    screen_class: type[GameScreen] = GameScreen

    def __init__(self, update: TableUpdate, port: FakePort | None = None) -> None:
        super().__init__()
        self.port = port or FakePort()
        self.first_update = update
        self.game_screen = self.screen_class(self.port)

    async def on_mount(self) -> None:
        await self.push_screen(self.game_screen)
        self.game_screen.show(self.first_update)


def screen_text(app: App) -> str:
    """The screen as plain text (what a monochrome terminal would show),
    the screens under a dialog included. A dialog's background draws the
    screen under it only when given the stack, as the app's own frames give
    it: drawn without, the dialog kept a blank background in its render
    cache, and the terminal then showed the box over nothing."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


async def play_through_the_app(
    app: App,
    pilot: Any,
    screen_class: type[GameScreen],
    choose_key: Any,
    check: Any = None,
    *,
    steps: int = 3000,
) -> int:
    """Press keys through the real app until its match is over: at each of
    this terminal's decisions, `choose_key(screen)` says which key a careful
    player presses; `check(screen, state)` runs on every screen shown (the
    test may read the full state; the screen never does). Returns the keys
    pressed."""
    import asyncio

    pressed = 0
    last = None
    for _ in range(steps):
        await pilot.pause()
        table = getattr(app, "table", None)
        if table is not None and table.match.finished:
            break
        screen = app.screen
        if getattr(screen, "holds_the_table", False):  # a dialog waiting for a key (a combat)
            await pilot.press("enter")
            continue
        if not isinstance(screen, screen_class) or screen.update is None:
            await asyncio.sleep(0.01)
            continue
        update = screen.update
        if check is not None:
            check(screen, table.match.state)
        if not update.legal:
            await asyncio.sleep(0.01)
            continue
        if update is last:  # the same decision again: give the table a moment
            await asyncio.sleep(0.01)
        await pilot.press(choose_key(screen))
        pressed += 1
        last = update
    await pilot.pause()
    return pressed


def still_busy(app: App) -> bool:
    """Whether the screen on top has work waiting: a layout, a repaint, a
    callback for after the refresh, a message in one of its widgets' queues."""
    screen = app.screen
    return bool(screen._layout_required or screen._repaint_required
                or screen._dirty_widgets or screen._callbacks
                or any(node.message_queue_size
                       for node in (app, *screen.walk_children(with_self=True))))


async def settle(pilot: Any) -> None:
    """Pause until the app has nothing waiting (at most a hundred pauses:
    a spinner is never idle). A single pause after the app started
    returned, on a loaded CI, before a second layout had given a log its
    rows; a test then read a blank box."""
    for _ in range(100):
        await pilot.pause()
        if not still_busy(pilot.app):
            return


async def settled_text(app, pilot) -> str:
    """The screen's text once three frames in a row draw the same (a busy
    machine lays a screen out over several: one pause read it half-done)."""
    text = screen_text(app)
    same = 0
    for _ in range(60):
        await pilot.pause(0.05)
        now = screen_text(app)
        # three frames alike: a refit queued after a refresh has had its turn
        # (and none still waiting: a starved loop drew the same frames twice)
        same = same + 1 if now == text and not still_busy(app) else 0
        if same == 2:
            return now
        text = now
    return text


async def help_rows_with(pilot: Any, words: str) -> list[str]:
    """F1 opened (`HelpScreen` on top): its rows, each as one line of text,
    once one of them says `words` (the table fills as the screen mounts:
    a loaded CI read it empty)."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HelpScreen))
    table = pilot.app.screen.query_one(DataTable)

    def rows() -> list[str]:
        return [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]

    await wait_for(pilot, lambda: any(words in r for r in rows()))
    return rows()


async def wait_for(pilot: Any, condition: Any, timeout: float = 10.0, step: float = 0.01) -> None:
    """Let the app run (bots think in threads, a hub answers) until
    `condition()` holds; a failure names the screen on top and shows it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out; screen is {pilot.app.screen!r}:\n"
                                 f"{screen_text(pilot.app)}")
        await pilot.pause(step)


def record_notices(app: App) -> list[str]:
    """Every notice posted to `app`, in order (`app.notify`'s and those
    posted as a `Notify` message, the hub's invitations): the same words
    again replace the toast on screen (tui/app.py `_on_notify`), so a test
    that a notice comes once, or once a line, counts these, not the toasts."""
    from textual.app import Notify

    said: list[str] = []
    post = app.post_message

    def recorded(message: Any) -> bool:
        if isinstance(message, Notify):
            said.append(message.notification.message)
        return post(message)

    app.post_message = recorded  # type: ignore[method-assign]
    return said


async def open_select(pilot: Any, select: Any) -> Any:
    """Open `select`'s list as a player does (the focus on it, Enter) and
    wait until it is drawn; the list (Textual's SelectOverlay)."""
    from textual.widgets._select import SelectOverlay

    select.focus()
    await pilot.pause()
    await pilot.press("enter")
    overlay = select.query_one(SelectOverlay)
    await wait_for(pilot, lambda: select.expanded and overlay.region.height > 0)
    await pilot.pause()
    return overlay


def dropdown_faults(app: App, select: Any, overlay: Any) -> list[str]:
    """What keeps `select`'s open list from reading as a dropdown over the
    screen behind it, in words (none: it does)."""
    from rich.cells import cell_len
    from rich.text import Text

    faults = []
    region = overlay.region
    if any(edge in ("", "none", "hidden", "blank") for edge, _ in overlay.styles.border):
        faults.append(f"{select.id}: the list has no frame ({overlay.styles.border})")
    if not app.screen.region.contains_region(region):
        faults.append(f"{select.id}: the list {region} runs off the screen")
    if region.width < select.region.width:
        faults.append(f"{select.id}: the list ({region.width}) is narrower than the "
                      f"select ({select.region.width})")
    labels = [o.prompt.plain if isinstance(o.prompt, Text) else str(o.prompt)
              for o in overlay.options]
    widest = max(cell_len(label) for label in labels)
    if overlay.content_region.width < widest:
        faults.append(f"{select.id}: the list cuts its labels ({widest} cells in "
                      f"{overlay.content_region.width})")
    if region.overlaps(select.region):
        faults.append(f"{select.id}: the list covers the select's own value")
    return faults


async def count_players(pilot: Any, screen: Any, players: int) -> None:
    """Set the new-match form's player count and wait for the form to show
    as many seats: it answers Select.Changed, a message, and a busy machine
    took more than one pause to (CI read the form half-answered)."""
    screen.query_one("#count").value = players

    def seats() -> int:
        return sum(1 for row in screen.query("SeatRow") if row.display)

    await wait_for(pilot, lambda: seats() == players)
    await pilot.pause()
