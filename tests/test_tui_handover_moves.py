"""Hot-seat play-test (Overseers, Ann and Bram with two bots, 80x24): the
"Pass to Bram" cover kept the first lines and told the reveals apart after
them. When Ann (Purple) turned a card sideways it said only "… and 3 more"
and the top rows revealed before it: her turn, the move just made, was
missing. A tie of votes read "Dev (Leader) breaks the tie" before the votes
that tied. And a long reveal was cut mid-sentence, with only a thin
scrollbar to say there was more. The cover tells the moves in order, the
latest that fit, and says where more is and how to scroll to it."""

from __future__ import annotations

from textual.app import App

from tests.screen_kit import screen_text
from tui.screens.handover import HandoverScreen

NAMES = ("Ann", "Bram", "Cora", "Dev")
TOP_ROWS = ("Ann chooses their top row. Top rows revealed: "
            + "; ".join(f"{n} Anger (A), Benevolence (B), Lust (L)" for n in NAMES)
            + ". Characters revealed: "
            + "; ".join(f"{n} Wuming the younger (dark red: Anger doubles)" for n in NAMES) + ".")
TURN = "Ann (Purple) turns one of their face-down cards sideways (↻)."


async def cover_text(moves: list[str], news: list[str], keys: tuple[str, ...] = ()) -> list[str]:
    """What the cover shows at 80x24, after each of `keys` (first: before any)."""
    shown = []
    async with App().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(HandoverScreen("Bram", lambda: None, moves=moves, news=news))
        await pilot.pause()
        shown.append(screen_text(pilot.app))
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            shown.append(screen_text(pilot.app))
    return shown


def flat(text: str) -> str:
    """The cover's words in one line (its lines wrap)."""
    return " ".join(row.strip(" █") for row in text.splitlines() if row.strip(" █"))


async def test_the_move_just_made_ends_the_last_moves():
    moves = ["Bram keeps a card.", "Cora keeps a card.", "Dev keeps a card.", TOP_ROWS, TURN]
    end, top = (flat(x) for x in await cover_text(moves, [TOP_ROWS], keys=("home",)))
    # in order: the reveal, then the turn, in sight at the box's end
    assert TURN in end and "↑ more above" in end, end
    assert end.index("Characters revealed") < end.index(TURN)
    # the first moves are above, one key away (no line cut off for good)
    assert top.index("Bram keeps a card.") < top.index("Top rows revealed"), top


async def test_earlier_moves_are_cut_one_way_only_by_scrolling():
    """Play-test: some covers said "… 15 earlier moves (your recap shows
    them all)", others "↑ more above (↑↓ Home End)"; the first cut the vote
    count that a tie broken after it needed. Every move is kept, the box
    scrolled to its end."""
    moves = [f"Bot {i} keeps a card." for i in range(15)]
    end, top = (flat(x) for x in await cover_text(moves, [], keys=("home",)))
    assert "earlier move" not in end + top
    assert "Bot 14 keeps a card." in end and "↑ more above (↑↓ Home End)" in end, end
    assert "Bot 0 keeps a card." in top and "↓ more below" in top, top


async def test_a_tie_of_votes_is_told_before_the_leader_breaks_it():
    votes = ("Ann votes. Votes: Ann for Bram; Bram for Ann; Cora for Ann; Dev for Bram. "
             "Tied: Ann, Bram; the Leader chooses.")
    broken = "Dev (Leader) breaks the tie of votes: Bram is judged."
    [text] = await cover_text([votes, broken], [votes])
    words = flat(text)
    assert words.index("Votes:") < words.index("breaks the tie"), text


async def test_a_reveal_too_long_for_the_cover_scrolls_and_says_so():
    six = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")
    rows = TOP_ROWS.replace("Dev Anger", "; ".join(f"{n} Anger" for n in six[3:]))
    rows += " " + rows.partition("Characters revealed: ")[2]
    shown = await cover_text(["Cora keeps a card.", rows, TURN], [rows],
                             keys=("home", "tab", "end", "home"))
    end, top, _, end_again, top_again = (flat(x) for x in shown)
    # the move just made in sight, and where the rest is
    assert TURN in end and "↑ more above (↑↓ Home End)" in end, shown[0]
    assert "Last moves:" in end
    assert "Cora keeps a card." in top and "↓ more below" in top and TURN not in top, shown[1]
    # the keys work with the button focused too
    assert TURN in end_again and "Cora keeps a card." in top_again


async def test_the_scrollbar_stands_a_column_off_the_moves():
    """Play-test bqall, finding 12a: the last moves' scrollbar was drawn
    against their text ("… The MegaBoss appears▆▆"): a column stays blank
    between the words and the bar."""
    # lines of every length about the box's width, one of them filling it
    moves = ["MegaBoss" * 40 for _ in range(3)]  # (rows filled to their last column)
    shown = (await cover_text(moves, []))[0]
    # the bar's thumb ends (the cover's thick border is of █ ▀ ▄)
    thumb = "▂▃▅▆▇"
    bars = [line for line in shown.splitlines() if any(ch in thumb for ch in line)]
    assert bars, shown
    for line in bars:
        at = next(i for i, ch in enumerate(line) if ch in thumb)
        assert line[at - 1] == " ", line
