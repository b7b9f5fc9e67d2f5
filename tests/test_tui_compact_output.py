"""The same screen in fewer bytes (tui/compact_output.py): what a terminal
shows after the compacted output is, cell by cell (character, colours,
bold, italics, underline, reverse...), what it shows after Textual's own."""

from __future__ import annotations

import random

import pyte
from rich.color import Color
from rich.console import Console
from rich.segment import Segment
from rich.style import Style

from tests.screen_kit import settle
from tui.compact_output import compact_sgr, compacting

COLOURS = [None, "default", "red", "bright_blue", "color(39)", "color(49)", "color(238)",
           "#39a049", "#ff0000"]


def cells(data: str, size: tuple[int, int] = (40, 8)) -> list[list[pyte.screens.Char]]:
    screen = pyte.Screen(*size)
    pyte.Stream(screen).feed(data)
    return [[screen.buffer[y][x] for x in range(size[0])] for y in range(size[1])]


def random_style(rng: random.Random) -> Style | None:
    if rng.random() < 0.15:
        return None
    colour, background = rng.choice(COLOURS), rng.choice(COLOURS)
    return Style(
        color=None if colour is None else Color.parse(colour),
        bgcolor=None if background is None else Color.parse(background),
        bold=rng.choice([None, True, False]),
        italic=rng.choice([None, True]),
        underline=rng.choice([None, True]),
        reverse=rng.choice([None, True]),
        dim=rng.choice([None, True]),
    )


def frame(rng: random.Random, console: Console) -> str:
    """A write as Textual makes one: cursor moves, then runs of styled text."""
    out = []
    for _ in range(rng.randint(1, 8)):
        out.append(f"\x1b[{rng.randint(1, 8)};{rng.randint(1, 30)}H")
        for _ in range(rng.randint(1, 6)):
            text = rng.choice(["a", "Ann", " ", "  ", "• x", "[R5]", "HP"])
            out.append(console._render_buffer([Segment(text, random_style(rng))]))
    return "".join(out)


def test_random_frames_draw_the_same_cells_in_fewer_bytes():
    rng = random.Random(5)
    for system in ("standard", "256", "truecolor"):
        console = Console(color_system=system, force_terminal=True, width=40)
        before = after = 0
        for _ in range(300):
            frames = [frame(rng, console) for _ in range(rng.randint(1, 3))]
            compact = [compact_sgr(f) for f in frames]
            # each write on its own, the terminal's state carried between them
            assert cells("".join(compact)) == cells("".join(frames)), frames
            before += sum(len(f) for f in frames)
            after += sum(len(c) for c in compact)
        assert after < before


def test_what_is_not_a_style_passes_as_it_is():
    data = "\x1b[?25l\x1b[3;4HAnn\x1b[?2026h\x1b]8;id=1;https://x\x1b\\link\x1b]8;;\x1b\\"
    assert compact_sgr(data) == data
    # a style on top of one not known (no reset seen yet) is kept
    assert compact_sgr("\x1b[1mA\x1b[4mB\x1b[0m") == "\x1b[1mA\x1b[4mB\x1b[0m"
    # a reset and the next style become one code, without the defaults (39,
    # 49) the reset sets; the same style again after a reset is left out
    assert compact_sgr("\x1b[1;39;49mA\x1b[0m\x1b[1;39;49mB\x1b[0m") == "\x1b[1;39;49mA\x1b[0;1mB\x1b[0m"
    assert compact_sgr("\x1b[0m\x1b[1;39;49mA\x1b[0m\x1b[1;39;49mB\x1b[0m") == "\x1b[0;1mAB\x1b[0m"
    assert compact_sgr("\x1b[0m\x1b[39;49m A\x1b[0m\x1b[49m B\x1b[0m") == "\x1b[0m A B"
    assert compact_sgr("\x1b[0m\x1b[1;38;5;39;49mA\x1b[0m") == "\x1b[0;1;38;5;39mA\x1b[0m"


async def test_a_game_screen_drawn_through_the_compacting_driver_looks_the_same():
    from textual.drivers.headless_driver import HeadlessDriver

    from tui.app import OvertableApp

    written: list[str] = []

    class Recording(HeadlessDriver):
        def write(self, data: str) -> None:
            written.append(data)

    driver = compacting(Recording)
    assert issubclass(driver, Recording) and driver.__name__ == "CompactingRecording"
    instance = driver.__new__(driver)
    instance.write("\x1b[0m\x1b[1mA\x1b[0m\x1b[1mB\x1b[0m")
    assert written == ["\x1b[0;1mAB\x1b[0m"]
    # a real frame of the home screen, compacted, shows the same cells
    app = OvertableApp(theme_name="ansi-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        update = app.screen._compositor.render_update(full=True)
        data = update.render_segments(app.console)
    assert cells(compact_sgr(data), (80, 24)) == cells(data, (80, 24))
    assert len(compact_sgr(data)) < len(data)
