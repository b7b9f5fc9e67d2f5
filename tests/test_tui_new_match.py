"""The new-match form: focus shows on every control (in the ANSI theme too),
it starts on the first control, and Escape asks before a changed setup is
thrown away."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Checkbox, Input, Label, Select

from tests.screen_kit import count_players, dropdown_faults, open_select, screen_text, wait_for
from tui.app import OvertableApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.home import HomeScreen
from tui.screens.new_match import RULES_BOT_NOTE, NewMatchScreen

GAME = "overboss-duel"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def make_app(theme: str = "ansi-dark") -> OvertableApp:
    return OvertableApp(start="new", argument=GAME, theme_name=theme, bot_delay=0, seed=7)


def looks(app, widget) -> list[tuple[str, str]]:
    """The cells `widget` covers as (text, style) pairs: how it is drawn."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    out = []
    for y in range(region.y, region.bottom):
        strip = strips[y].crop(region.x, region.right)
        out.extend((segment.text, str(segment.style)) for segment in strip)
    return out


async def open_form(pilot) -> NewMatchScreen:
    # home first, then the form on top of it
    for _ in range(20):
        await pilot.pause()
        if isinstance(pilot.app.screen, NewMatchScreen):
            break
    screen = pilot.app.screen
    assert isinstance(screen, NewMatchScreen)
    # and laid out: under a load of 5 a question pushed at once showed a
    # blank screen behind it, the form not drawn yet
    for _ in range(20):
        if screen.query_one("#name-0", Input).region.height:
            break
        await pilot.pause()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("theme", ["ansi-dark", "textual-dark"])
async def test_every_control_shows_when_it_has_the_focus(theme):
    app = make_app(theme)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        controls = [w for w in screen.query("Select, Input, Checkbox, Button")
                    if isinstance(w, Select | Input | Checkbox | Button) and w.display
                    and w.parent is not None and w.parent.display]
        assert any(isinstance(w, Select) for w in controls)
        for control in controls:
            # away from this control, then onto it
            other = controls[0] if control is not controls[0] else controls[1]
            other.focus()
            await pilot.pause()
            blurred = looks(app, control)
            control.focus()
            await pilot.pause()
            assert app.focused is control
            assert looks(app, control) != blurred, f"{control.id} looks the same focused"


def palette_black_or_white(app, widget) -> list[str]:
    """The cells of `widget` drawn in the palette's black or white (as
    foreground or background): the one is a dark terminal's background, the
    other a light one's, and a mark drawn in it vanishes there."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    found = []
    for y in range(region.y, region.bottom):
        for segment in strips[y].crop(region.x, region.right):
            style = segment.style
            if style and any(colour is not None and colour.number in (0, 7)
                             and colour.type.name == "STANDARD"
                             for colour in (style.color, style.bgcolor)):
                found.append(f"{segment.text!r} {style}")
    return found


async def test_in_the_ansi_theme_checkboxes_and_buttons_show_on_any_background():
    """Play-test, ANSI theme on a black terminal: the unticked boxes' frames
    were palette black on the terminal's background and vanished, a focused
    option was reversed black on white (white text on black: only its bold
    showed), and Back's frame was black too. They are drawn in the
    terminal's own foreground and background."""
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        boxes = [box for box in screen.query(Checkbox) if box.display]
        back = screen.query_one("#back", Button)
        assert len(boxes) > 2 and not any(box.value for box in boxes)
        boxes[1].value = True
        boxes[0].focus()
        await pilot.pause()
        for widget in (*boxes, back):
            assert palette_black_or_white(app, widget) == [], widget.id
        focused = looks(app, boxes[0])
        assert any("reverse" in style and "Advanced" in text for text, style in focused)


async def test_the_form_opens_on_its_first_control():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert app.focused is screen.query_one("#game", Select)
        await pilot.press("tab")
        assert app.focused is screen.query_one("#count", Select)


async def test_escape_on_an_untouched_form_leaves_at_once():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_escape_asks_before_a_changed_setup_is_lost():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        # to the first seat's name, Enter to its kind, open it, one down, pick
        await pilot.press("tab", "tab", "enter", "enter", "down", "enter")
        await pilot.pause()
        assert screen.query_one("#kind-0", Select).value != "human"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # keep editing: nothing lost
        await pilot.pause()
        assert app.screen is screen
        assert screen.query_one("#kind-0", Select).value != "human"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # discard
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_changed_name_counts_as_a_change():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        screen.query_one("#name-1", Input).value = "Zed"
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)


async def test_a_name_in_square_brackets_is_said_not_made_round_unseen():
    """Play-test: Seat 1 named "[Bob]" was saved and shown as "(Bob)" with
    no word on the form. It is refused there, in the player's words, with
    what would do; the seat is marked until its name is edited."""
    from tests.screen_kit import record_notices

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        screen = await open_form(pilot)
        field = screen.query_one("#name-1", Input)
        field.value = "[Bob]"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and field.value == "[Bob]"
        assert field.has_class("refused") and field.has_focus
        assert any("Seat 2: a name has no square brackets" in notice and "(Bob)" in notice
                   for notice in said), said
        await pilot.press("end", "backspace", "ctrl+a", "delete")  # "Bob"
        assert field.value == "Bob" and not field.has_class("refused")


#: a name as long as a name may be (host.messages.MAX_NAME), two letters
#: of it past the field's 16 of before
LONG_NAME = "Zoë the Magnificent Overlord éü"


async def test_a_seat_takes_a_name_as_long_as_a_name_may_be():
    """The name field kept 16 characters: "Zoë the Magnificent Overlord éü"
    became "Zoë the Magnific". Typed, it is kept whole, shown whole, and
    the seat's row still ends within 80 columns."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        field = screen.query_one("#name-1", Input)
        field.focus()
        field.value = ""
        await pilot.press(*("space" if c == " " else c for c in LONG_NAME + "xyz"))
        await pilot.pause()
        assert field.value == LONG_NAME + "x"  # (32 characters: no more)
        assert screen.read_players()[1].name == LONG_NAME + "x"
        field.cursor_position = 0
        await pilot.pause()
        assert LONG_NAME + "x" in screen_text(app)
        assert screen.query_one("#seat-1").region.right <= 80
        assert screen.query_one("#kind-1", Select).region.right <= 80


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_snapshot_discard_question(snap_compare, size):
    async def run_before(pilot):
        await open_form(pilot)
        pilot.app.screen.query_one("#name-1", Input).value = "Zed"
        await wait_for(pilot, lambda: "Zed" in pilot.app.export_screenshot())
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))
        await pilot.wait_for_scheduled_animations()
        # the form behind the question (its "Overboss Duel" is not in the
        # question): once the app's warm-up had read the stylesheets the
        # question stood over a blank screen (tests/test_tui_warm_up.py)
        await wait_for(pilot, lambda: "Overboss" in pilot.app.export_screenshot())
        await pilot.pause()

    assert snap_compare(make_app("textual-dark"), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_snapshot_focus_on_a_seat(snap_compare, size):
    """The ANSI theme, the focus on the first seat's kind: drawn reversed."""
    async def run_before(pilot):
        await open_form(pilot)
        await pilot.press("tab", "tab", "tab")
        await pilot.pause()

    assert snap_compare(make_app("ansi-dark"), terminal_size=size, run_before=run_before)


async def test_options_show_only_at_the_player_counts_they_apply_to():
    # Boss Quest: the two-knight rules at 2, the Solo Quest's at 1, the
    # extensions from 2 knights up (BQ §Solo Quest, "Variant for bolder Knights").
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)

        def shown() -> set[str]:
            return {w.id.removeprefix("opt-") for w in screen.query(".option, Checkbox, Select")
                    if w.id and w.id.startswith("opt-") and w.display
                    and (w.parent is None or w.parent.display)}

        count = screen.query_one("#count", Select)
        # The form answers Select.Changed, a message: a busy machine may need
        # more than one pause before it shows the new count's options.
        solo = {"solo_colour", "solo_harder"}
        count.value = 1
        await wait_for(pilot, lambda: shown() == solo)
        count.value = 2
        two = {"two_player_spells", "bolder_knights", "keep_green", "potions"}
        await wait_for(pilot, lambda: two <= shown())
        assert not shown() & solo
        count.value = 6
        six = {"ulul", "potions", "companions", "final_boss"}
        await wait_for(pilot, lambda: shown() == six)


async def test_options_hidden_at_five_or_six_knights_say_why():
    """Play-test: with 5 or 6 knights the form hid "Bolder knights" and
    "Keep the green weapons" without a word (BQ-28: bolder knights is for
    two knights only; BQ-2 and the rulebook: the green weapons and spell
    are out at 2-4 knights only, in at 5 or 6). A dim line in Options says
    why; at 3-4 knights only bolder knights is gone, and at 2 (or the
    Solo Quest, its own rules) nothing is said."""
    from textual.widgets import Static

    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        note = screen.query_one("#options-absent", Static)

        def said() -> str:
            return str(note.render()) if note.display else ""

        await count_players(pilot, screen, 5)
        assert said() == ("With 5 or 6 knights the green weapons and spell are always "
                          "played. Bolder knights is for two knights only."), said()
        assert not screen.query_one("#opt-keep_green", Checkbox).display
        note.scroll_visible(animate=False)
        await pilot.pause()
        assert "the green weapons and spell are always" in screen_text(app)
        await count_players(pilot, screen, 4)
        assert said() == "Bolder knights is for two knights only."
        for players in (2, 1):
            await count_players(pilot, screen, players)
            assert said() == ""


async def test_extensions_ticked_then_left_out_of_the_solo_quest_say_so_bq39():
    """Play-test: Players 2, Potions, Companions and Final Boss ticked, Boss
    Ul'ul at Night; Players 1 left only "Solo colour" and "harder, 5/4/3",
    and nothing said the extensions were left out of the Solo Quest, or
    why (BQ-39: the new-match screen says so if one is ticked; README: an
    option left out says why). The Options line says so, naming them, and
    the ticks come back at 2 players; with none set, nothing is said."""
    from core.bossquest.state import Ulul

    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        note = screen.query_one("#options-absent")

        def said() -> str:
            return " ".join(str(note.render()).split()) if note.display else ""

        await count_players(pilot, screen, 2)
        for name in ("potions", "companions", "final_boss"):
            screen.query_one(f"#opt-{name}", Checkbox).value = True
        screen.query_one("#opt-ulul", Select).value = Ulul.NIGHT
        await pilot.pause()
        await count_players(pilot, screen, 1)
        assert said() == ("Left out of the Solo Quest, played by its own rules without "
                          "extensions or variants: Boss Ul'ul (night), Potions, Companions, "
                          "Final Boss (kept for a match of more knights)."), said()
        note.scroll_visible(animate=False)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Left out of the Solo Quest" in text and "Final Boss (kept" in text, text
        assert screen.read_options() == screen.game.Options()  # the Solo Quest's own
        await count_players(pilot, screen, 2)
        assert said() == ""
        options = screen.read_options()
        assert (options.potions, options.companions, options.final_boss) == (True, True, True)
        assert options.ulul is Ulul.NIGHT
        # none set: the Solo Quest's options alone, without a word
        for name in ("potions", "companions", "final_boss"):
            screen.query_one(f"#opt-{name}", Checkbox).value = False
        screen.query_one("#opt-ulul", Select).value = Ulul.OFF
        await pilot.pause()
        await count_players(pilot, screen, 1)
        assert said() == ""


async def test_the_two_knight_layout_option_is_worded_for_a_newcomer():
    """The play-test: "Two knights: 3 spells face up (BQ-21)", ticked at two
    knights, named a ruling a newcomer does not know. It says it is the
    rulebook's layout and what unticking it lays out, whole at 80x24."""
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await count_players(pilot, screen, 2)
        assert screen.query_one("#opt-two_player_spells", Checkbox).value
        text = screen_text(app)
        assert "Rulebook 2-knight layout: 3 spells face up (unticked: 2)" in text, text
        assert "BQ-" not in text


@pytest.mark.parametrize("players", [2, 6])
async def test_overstocked_expansions_each_say_what_they_do(players):
    """Play-test: Overstocked's three expansions were bare names, where each
    Boss Quest option says in a line what it does. Each now says it (OS
    §Pre-Order Incentives: one token a game, scoring an area; §Industrial
    Mechanisation: the forklift's neighbours count as adjacent; §Quantum
    Accounting: the round's lowest card is swapped for a quantum crate, counting as
    every toy without an X; it said "your lowest card", "a 2-toy crate"), whole at 80x24."""
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await count_players(pilot, screen, players)
        text = screen_text(app)
        for line in ("Pre-Order Incentives: once a game, a token scores an area",
                     "Industrial Mechanisation: a forklift links crates around it",
                     "Quantum Accounting: each round's lowest card is a wild crate"):
            assert line in text, text


async def test_an_option_hidden_by_the_player_count_is_not_sent():
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        screen.query_one("#opt-potions", Checkbox).value = True
        await count_players(pilot, screen, 1)
        options = screen.read_options()
        assert not options.potions  # the Solo Quest refuses extensions
        await count_players(pilot, screen, 3)
        assert screen.read_options().potions


async def test_a_solo_modes_rules_bot_seat_takes_no_name_or_kind():
    """OS-19: in Overstocked's solo mode the second seat is the rulebook's
    bot, whatever the form says: its name is shown disabled, under "Rules'
    bot", its kind (which read "Human") gives way to a note that the
    rulebook's bot plays it, and both come back when the solo box is
    cleared. Its name field is not shown (a disabled field there read as
    a name to type), as on the shared tables' form."""
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        row = screen.query_one("#seat-1")
        name, kind = row.query_one(Input), row.query_one(Select)
        assert not name.disabled and not kind.disabled
        solo = screen.query_one("#opt-solo", Checkbox)
        solo.value = True
        await pilot.pause()
        assert name.disabled and kind.disabled
        assert "Rules' bot" in str(row.query_one(".seat-label", Label).render())
        assert not kind.display and row.query_one(".rules-bot-note").display
        assert not name.display
        line = next(t for t in screen_text(app).splitlines() if "Rules' bot" in t)
        assert RULES_BOT_NOTE in line and "Human" not in line, line
        assert line.split() == ["Rules'", "bot", *RULES_BOT_NOTE.split()], line
        # saved as the bot it is (the saved matches list "Ann +1 bot")
        assert [p.kind for p in screen.read_players()] == ["human", "bot"]
        assert not screen.query_one("#seat-0").query_one(Input).disabled
        solo.value = False
        await pilot.pause()
        assert not name.disabled and not kind.disabled
        assert kind.display and not row.query_one(".rules-bot-note").display
        assert name.display
        assert "Seat 2" in str(row.query_one(".seat-label", Label).render())


async def test_after_a_solo_match_the_rules_bots_seat_starts_at_the_default_level():
    """Play-test: after an Overstocked solo match, clearing the solo box
    gave seat 2 "Bot: easy", the level the rules' bot is saved with (it
    never decides), where a new form says "Bot: normal"."""
    from core import GAMES
    from core.bots import DEFAULT_LEVEL
    from saves.journal import PlayerSpec
    from saves.match import Match

    options = GAMES["overstocked"].Options(solo=True)
    Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "easy")],
              options).close()
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        solo = screen.query_one("#opt-solo", Checkbox)
        assert solo.value is True
        solo.value = False
        await pilot.pause()
        assert screen.query_one("#kind-1", Select).value == f"bot:{DEFAULT_LEVEL}"


async def test_the_form_starts_from_the_last_match_of_the_game():
    """A second match of a game starts from the players, bot levels and
    options of the last one (its saved header), not from the defaults."""
    from core import GAMES
    from saves.journal import PlayerSpec
    from saves.match import Match

    options = GAMES["overstocked"].Options(incentives=True)
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "bot", "easy"),
               PlayerSpec("Cy", "bot", "easy")]
    Match.new("overstocked", players, options).close()
    Match.new("boss-quest", [PlayerSpec("Zed", "human"), PlayerSpec("Yan", "human")]).close()
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert screen.query_one("#count", Select).value == 3
        assert screen.query_one("#kind-1", Select).value == "bot:easy"
        assert screen.query_one("#name-2", Input).value == "Cy"
        assert screen.query_one("#opt-incentives", Checkbox).value is True
        assert screen.query_one("#opt-solo", Checkbox).value is False
        assert screen.read_players() == players
        assert screen.read_options() == options
        # untouched, it leaves at once
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, NewMatchScreen | ConfirmScreen)


async def test_back_from_a_solo_quest_the_form_offers_the_last_setup_of_that_count():
    """Play-test: after a three-knight match with every extension, then a
    Solo Quest, the form opened at one knight (README: it starts from the
    last match set up), and switching to 3 gave Bram back as a bot and every
    extension off (the solo match could not set them). Seats made and
    options first shown at a count come from the newest match of that
    count; an option the player set on this form is left as they set it."""
    import os

    from core import GAMES
    from core.bossquest.state import Ulul
    from saves.journal import PlayerSpec
    from saves.match import Match

    options = GAMES["boss-quest"].Options(ulul=Ulul.NIGHT, potions=True, final_boss=True)
    three = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
             PlayerSpec("Cora", "bot", "hard")]
    group = Match.new("boss-quest", three, options)
    group.close()
    solo = Match.new("boss-quest", [PlayerSpec("Ann", "human")])
    solo.close()
    os.utime(group.path, (1, 1))  # the solo is the newest
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert screen.query_one("#count", Select).value == 1
        screen.query_one("#count", Select).value = 3
        await wait_for(pilot, lambda: len(screen.query("#kind-2")) == 1)
        await pilot.pause()
        assert screen.read_players() == three
        assert screen.read_options() == options
        # the player's own change stays across a count and back
        screen.query_one("#opt-final_boss", Checkbox).value = False
        screen.query_one("#count", Select).value = 1
        await pilot.pause()
        screen.query_one("#count", Select).value = 3
        await pilot.pause()
        assert screen.read_options().final_boss is False
        assert screen.read_options().potions is True


async def test_seat_rows_are_made_as_the_player_count_grows():
    """Only the seats in play are built when the form opens (it opens
    faster); a seat shown later starts as it would have (a default name, a
    bot), a seat hidden keeps what was typed, and a form taken back to where
    it started still leaves at once."""
    from tui.screens.new_match import SeatRow

    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        count = screen.query_one("#count", Select)
        assert count.value == 2
        assert [row.seat for row in screen.query(SeatRow)] == [0, 1]
        count.value = 4

        def shown() -> list[int]:
            return [row.seat for row in screen.query(SeatRow) if row.display]

        # the form answers Select.Changed, a message: waited for, on a busy machine
        await wait_for(pilot, lambda: shown() == [0, 1, 2, 3]
                       and screen.query_one("#kind-3", Select).value == "bot:normal")
        assert screen.query_one("#name-2", Input).value == "Cora"
        # in the focus chain in seat order, after the first two
        chain = [w.id for w in screen.focus_chain if w.id and w.id.startswith("name-")]
        assert chain == ["name-0", "name-1", "name-2", "name-3"]
        screen.query_one("#name-3", Input).value = "Zed"
        count.value = 2
        await wait_for(pilot, lambda: shown() == [0, 1])
        assert [p.name for p in screen.read_players()] == ["Ann", "Bram"]
        count.value = 4
        await wait_for(pilot, lambda: shown() == [0, 1, 2, 3])
        assert [p.name for p in screen.read_players()] == ["Ann", "Bram", "Cora", "Zed"]
        screen.query_one("#name-3", Input).value = "Dev"
        count.value = 2
        await wait_for(pilot, lambda: shown() == [0, 1])
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_overstocked_solo_is_offered_at_two_seats_only():
    """OS-19: solo is played at 2 seats. Ticked (the form remembers the last
    setup), then 3 players chosen, it stayed ticked and Start refused with
    "Could not start the match: Solo is played at 2 seats". Now it shows at
    2 players only, as the other games' options that apply at some counts,
    and a match of 3 starts."""
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        solo = screen.query_one("#opt-solo", Checkbox)
        solo.value = True
        await pilot.pause()
        assert screen.read_options().solo
        await count_players(pilot, screen, 3)
        assert not solo.display
        assert not screen.read_options().solo
        assert not screen.query_one("#seat-1").query_one(Input).disabled  # a seat like any
        await count_players(pilot, screen, 2)
        assert solo.display and screen.read_options().solo


async def test_overstocked_solo_left_out_at_three_players_or_more_says_why():
    """Play-test (duelbots): Players 2 to 3 and "Solo against the rulebook's
    bot" vanished without a word, where Boss Quest's left-out options say
    why (README: an option left out at the number of players chosen says
    why). OS-19: solo is a two-seat match, the player then the bot. The
    Options line says so at 3 to 6 players, on screen at 80x24, and says
    nothing at 2, where the option is offered."""
    from textual.widgets import Static

    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        note = screen.query_one("#options-absent", Static)

        def said() -> str:
            return " ".join(str(note.render()).split()) if note.display else ""

        why = ("Solo against the rulebook's bot is played at 2 seats only: Players 2, "
               "you, then the bot (house ruling OS-19).")
        await count_players(pilot, screen, 2)
        assert screen.query_one("#opt-solo", Checkbox).display and said() == ""
        for players in (3, 6):
            await count_players(pilot, screen, players)
            assert not screen.query_one("#opt-solo", Checkbox).display
            assert said() == why, (players, said())
        note.scroll_visible(animate=False)
        await pilot.pause()
        assert "Solo against the rulebook's bot is played at 2" in screen_text(app)
        await count_players(pilot, screen, 2)
        assert said() == ""


def _form_sizes() -> list[tuple[str, int]]:
    """Every game with 2 seats (its least, if it needs more) and its most."""
    from core import GAMES

    cases = []
    for game_id, game in GAMES.items():
        fewest = max(game.players.start, 2)
        cases += [(game_id, count) for count in sorted({fewest, game.players.stop - 1})]
    return cases


@pytest.mark.parametrize(("game", "players"), _form_sizes())
async def test_the_buttons_show_at_80x24_without_scrolling(game, players):
    """A new player: at 80x24 Boss Quest's form (all its options, 6 knights
    the worst) showed only the top edge of Start and Back, below the
    screen. The buttons now stay in sight under the scrolling fields, and
    the keyboard still reaches every field, each scrolled into sight above
    them, in the order of the form, then the buttons."""
    app = OvertableApp(start="new", argument=game, theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        count = screen.query_one("#count", Select)
        count.value = players
        await pilot.pause()
        await pilot.pause()
        room = screen.query_one("Footer").region.y
        for button in ("#start", "#back"):
            region = screen.query_one(button, Button).region
            assert region.height == 3 and region.bottom <= room, (button, region)
        buttons = screen.query_one("#new-buttons").region
        # the controls shown, in the form's order
        fields = [w for w in screen.query("Select, Input, Checkbox")
                  if not w.disabled and all(n.display for n in w.ancestors_with_self
                                             if n is not screen and n is not app)]
        # Play-test: Boss Quest's options with four seats were two lines of
        # a scrolling area, Potions, Companions and the Final Boss out of
        # sight; at 80x24 the rows stand without blank lines between, and
        # every field is in sight at once (six seats and every option)
        assert all(w.region.height and w.region.bottom <= buttons.y for w in fields), [
            (w.id, w.region) for w in fields if not w.region.height or w.region.bottom > buttons.y]
        reached = []
        for _ in range(len(fields) + 2):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            reached.append(focused)
            if focused.id == "back":
                break
            if focused in fields:  # in sight, not under the buttons
                region = focused.region
                assert region.height and region.bottom <= buttons.y, (focused.id, region)
        first = fields.index(screen.query_one("#count"))
        assert reached == fields[first:] + [screen.query_one("#start"), screen.query_one("#back")]


async def test_solo_clears_and_disables_the_options_it_cannot_be_played_with():
    """QA (2026-12-04), OS §Solo Mode ("cannot be used with any of the
    expansions or the advanced variant"): the form took solo with the
    advanced variant ticked and refused only at Start ("Could not start
    the match: ..."). While solo is ticked those options are cleared and
    disabled, a line says why, and they come back as they were after."""
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        boxes = {name: screen.query_one(f"#opt-{name}", Checkbox)
                 for name in ("advanced", "incentives", "forklifts", "quantum", "solo")}
        note = screen.query_one("#excludes-solo")
        assert not note.display
        boxes["advanced"].value = boxes["quantum"].value = True
        await pilot.pause()
        boxes["solo"].value = True
        await pilot.pause()
        for name in ("advanced", "incentives", "forklifts", "quantum"):
            assert boxes[name].disabled and not boxes[name].value, name
        assert note.display and "without the advanced variant" in str(note.render())
        options = screen.read_options()
        assert options.solo and not (options.advanced or options.quantum)
        boxes["solo"].value = False
        await pilot.pause()
        assert not note.display
        assert boxes["advanced"].value and boxes["quantum"].value
        assert not any(boxes[n].disabled for n in ("advanced", "incentives", "forklifts", "quantum"))
        assert not boxes["incentives"].value


async def test_solo_remembered_unticked_gives_back_the_last_match_without_solo():
    """Play-test: the form came back remembering solo, its note saying the
    advanced variant and expansions "are off while it is ticked", and
    unticking solo left them all off (the solo match had them off). They
    come back as in the newest match of the game without solo; with none,
    as their defaults."""
    import os

    from core import GAMES
    from saves.journal import PlayerSpec
    from saves.match import Match

    Options = GAMES["overstocked"].Options
    group = Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                      PlayerSpec("Cy", "bot", "easy")],
                      Options(advanced=True, quantum=True))
    group.close()
    Match.new("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bot", "bot", "easy")],
              Options(solo=True)).close()
    os.utime(group.path, (1, 1))  # the solo is the newest
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        boxes = {name: screen.query_one(f"#opt-{name}", Checkbox)
                 for name in ("advanced", "incentives", "forklifts", "quantum", "solo")}
        assert boxes["solo"].value is True
        assert screen.read_options() == Options(solo=True)
        assert all(boxes[n].disabled for n in ("advanced", "incentives", "forklifts", "quantum"))
        boxes["solo"].value = False
        await pilot.pause()
        assert screen.read_options() == Options(advanced=True, quantum=True)
        # untouched, it still leaves at once
        boxes["solo"].value = True
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, NewMatchScreen | ConfirmScreen)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_an_open_select_reads_as_a_dropdown(size):
    """Play-test: at 80x24 the Players list of Boss Quest's form opened bare
    (compact, no frame), its numbers over Seat 1's name, and a player could
    not tell the list from the form behind. Every select of the form (the
    game, the players, each seat's kind, the Boss and the solo colour) now
    opens a framed list, inside the screen, as wide as the select and its
    labels, below the select's own value; Escape closes it, the value kept."""
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=size) as pilot:
        screen = await open_form(pilot)
        seen = set()
        for players in (1, 2, 6):
            screen.query_one("#count", Select).value = players
            await pilot.pause()
            await pilot.pause()
            selects = [s for s in screen.query(Select)
                       if all(n.display for n in s.ancestors_with_self
                              if n is not screen and n is not app)]
            for select in selects:
                value = select.value
                overlay = await open_select(pilot, select)
                assert dropdown_faults(app, select, overlay) == []
                await pilot.press("escape")
                await wait_for(pilot, lambda s=select: not s.expanded)
                assert select.value == value
                seen.add(select.id)
        assert {"game", "count", "kind-0", "kind-5", "opt-ulul", "opt-solo_colour"} <= seen


async def _tab_stops(app, pilot) -> list:
    """Every widget Tab stops at, once round from the first."""
    first, stops = app.focused, []
    for _ in range(60):
        stops.append(app.focused)
        await pilot.press("tab")
        await pilot.pause()
        if app.focused is first:
            return stops
    raise AssertionError("Tab never came back round")


@pytest.mark.parametrize("shared", [False, True], ids=["new-match", "new-table"])
async def test_every_tab_stop_is_a_field_or_a_button(shared):
    """Play-test: one Tab stop showed no focus, the fields' scrolling area
    (#new-fields); it takes none, its fields scroll into view."""
    from tui.screens.lobby import SharedTableScreen

    app = OvertableApp(theme_name="ansi-dark", bot_delay=0, seed=7) if shared else make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        if shared:
            for _ in range(50):
                await pilot.pause()
                if isinstance(app.screen, HomeScreen):
                    break
            await app.push_screen(SharedTableScreen("boss-quest"))
            for _ in range(20):
                await pilot.pause()
        else:
            await open_form(pilot)
        stops = await _tab_stops(app, pilot)
        kinds = [f"{type(s).__name__}#{s.id}" for s in stops]
        assert all(isinstance(s, (Select, Input, Checkbox, Button)) for s in stops), " ".join(kinds)


async def test_a_pasted_name_with_a_tab_is_refused_like_brackets():
    """Hostile paste: "E<Tab>F" was taken and the player named "E\\tF",
    shown as "E\\ufffdF" everywhere and saved so. The hub's rule (printable
    characters) is said on the form, with what would do."""
    from textual import events

    from tests.screen_kit import record_notices

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        screen = await open_form(pilot)
        field = screen.query_one("#name-1", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        field.post_message(events.Paste("E\tF"))
        await pilot.pause()
        assert field.value == "E\tF"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and field.has_class("refused") and field.has_focus
        assert any("Seat 2: a name is printable characters only" in notice
                   and notice.endswith('"E F"') for notice in said), said


@pytest.mark.parametrize("pasted", ["Cy\td", "Annabelle\tLee of the Kingdom by", "[Bob the Builder]",
                                    "Anna\tBelle\tCarla\tDora\tEmma\tFay\tGia"])
async def test_the_name_a_refusal_suggests_is_never_broken_across_lines(pasted):
    """Play-test (80x24): "Cy<Tab>d" pasted, Start was refused rightly, but
    the notice wrapped its own suggestion: "with spaces instead: Cy" then
    "d" on the next row. The suggestion is quoted on a line of its own,
    whole in the notice at 80x24 (a name is at most 32 characters)."""
    from textual import events

    from tui.screens.new_match import fitted_name

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_form(pilot)
        field = screen.query_one("#name-1", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        field.post_message(events.Paste(pasted))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and field.has_class("refused")
        suggested = f'"{fitted_name(pasted)}"'
        assert " " in suggested  # (a name that could break)
        # the notice drawn: its first words in sight
        await wait_for(pilot, lambda: "Seat 2: a name" in screen_text(app))
        text = screen_text(app)
        assert any(suggested in row for row in text.splitlines()), text


async def test_a_pasted_name_too_long_keeps_its_start_and_says_so():
    """A pasted name past the hub's 32 characters went in not at all, with
    no word (Input.max_length): its first 32 go in, and a notice says so,
    as the chat box does."""
    from textual import events

    from host.messages import MAX_NAME
    from tests.screen_kit import record_notices

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        screen = await open_form(pilot)
        field = screen.query_one("#name-1", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        long = "abcdefghij" * 4
        field.post_message(events.Paste(long))
        await pilot.pause()
        assert field.value == long[:MAX_NAME]
        assert f"A name is {MAX_NAME} characters at most: the rest did not go in." in said


def _hand_edited_journal(game_id: str, names: list, *, kinds: list[str] | None = None) -> None:
    """A saved match of `game_id` whose header's player names were edited
    by hand afterwards (or written by an older version): `names` as they
    are, whatever their type."""
    import json

    from saves.journal import PlayerSpec
    from saves.match import Match

    kinds = kinds or ["human"] + ["bot"] * (len(names) - 1)
    match = Match.new(game_id, [PlayerSpec(f"P{n}", kind, None if kind == "human" else "easy")
                                for n, kind in enumerate(kinds)])
    path = match.path
    match.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    for player, name in zip(header["players"], names, strict=True):
        player["name"] = name
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


async def test_a_remembered_name_the_form_would_refuse_is_offered_as_it_would_take_it():
    """A saved match's name holding a Tab or an escape (a hand-edited or
    older file; the save keeps each as U+FFFD), nothing printable, or more
    than a name may be: the form offered "E\\ufffdF" and "   ", and the
    blank one was refused only at Start. Each comes back as the name
    field's own rule takes it (a control character a space, at most
    MAX_NAME characters), or the seat's default name when nothing is left;
    Start takes the form as it opens."""
    from host.messages import MAX_NAME
    from tui.screens.new_match import DEFAULT_NAMES

    long = "Zoë\x1b the Magnificent Overlord of Everything"
    _hand_edited_journal("overseers", ["E\tF", "  \t\x07 ", long])
    app = OvertableApp(start="new", argument="overseers", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        names = [screen.query_one(f"#name-{seat}", Input).value for seat in range(3)]
        assert names[0] == "E F", names
        assert names[1] == DEFAULT_NAMES[1], names
        assert names[2].startswith("Zoë the Magnificent") and len(names[2]) <= MAX_NAME, names
        assert all(name.isprintable() and "\ufffd" not in name for name in names), names
        assert [player.name for player in screen.read_players()] == names
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, NewMatchScreen))


@pytest.mark.parametrize("hostile", [5, ["Ann"], {"name": "Ann"}, None, True, 1e308],
                         ids=["number", "list", "object", "null", "true", "float"])
async def test_a_remembered_name_that_is_not_text_leaves_the_form_at_its_defaults(hostile):
    """Untrusted file: a name that is a number, a list or an object where
    text should be never crashes the form; that match is passed over (the
    form starts from the one before it, else from its defaults)."""
    from tui.screens.new_match import DEFAULT_NAMES

    _hand_edited_journal("overboss-duel", ["Zed", "Yan"])
    _hand_edited_journal("overboss-duel", [hostile, "Bo"])
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        names = [screen.query_one(f"#name-{seat}", Input).value for seat in range(2)]
        assert names in (["Zed", "Yan"], list(DEFAULT_NAMES[:2])), names
        assert [player.name for player in screen.read_players()] == names


@pytest.mark.parametrize("hostile", [5, ["Ann"], {"a": 1}, None, "", "\x1b[2J", "x" * 500,
                                     "[\tBob\t]"],
                         ids=["number", "list", "object", "null", "empty", "escape", "long",
                              "brackets-and-tabs"])
def test_the_form_fits_any_remembered_value_to_a_name_it_takes(hostile):
    """The rule the form reads a remembered name by (`fitted_name`): any
    value gives a name the name field takes, or "" (the default then)."""
    from tui.screens.new_match import fitted_name, name_refused

    name = fitted_name(hostile)
    assert isinstance(name, str)
    assert name == "" or name_refused(name, 0) is None, name


@pytest.mark.parametrize("typed_in", [0, 2])
async def test_a_name_two_seats_share_puts_the_cursor_where_it_was_typed(typed_in):
    """The newcomer's play-test: Seat 1 typed "Cora", a bot's name, and
    Ctrl+S put the cursor in the bot's name field, its text selected: the
    player "fixed my name" and renamed the bot. The cursor goes back to the
    field just typed in, and the notice names both seats."""
    from tests.screen_kit import record_notices

    app = OvertableApp(start="new", argument="overseers", theme_name="ansi-dark", bot_delay=0,
                       seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        screen = await open_form(pilot)
        other = 2 if typed_in == 0 else 0
        taken = screen.query_one(f"#name-{other}", Input).value
        field = screen.query_one(f"#name-{typed_in}", Input)
        field.focus()
        await pilot.pause()
        await pilot.press("end", *["backspace"] * len(field.value), *taken)
        assert field.value == taken
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert app.focused is field and field.has_class("refused")
        assert not screen.query_one(f"#name-{other}", Input).has_class("refused")
        first, second = sorted((typed_in + 1, other + 1))
        assert any(f"Seats {first} and {second} are both called {taken!r}" in notice
                   for notice in said), said


async def start_and_wait(pilot, app) -> None:
    """Ctrl+S on the form, and the match open."""
    await pilot.press("ctrl+s")
    await wait_for(pilot, lambda: app.table is not None)


async def test_extensions_left_out_of_a_solo_quest_started_come_back_at_more_knights():
    """Play-test: Potions ticked at 2 knights, Players 1 said "Left out of
    the Solo Quest ... Potions (kept for a match of more knights)"; once
    the solo was started, the form (opened again, or after a restart)
    said nothing of it, and at 2 knights Potions was unticked. The solo
    starts without them (BQ-39), and the form keeps them: said at 1,
    ticked again at 2."""
    from core.bossquest.state import Ulul

    def form_app() -> OvertableApp:
        return OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                            bot_delay=0, seed=7)

    set_up = ("potions", "companions", "final_boss", "keep_green")
    app = form_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await count_players(pilot, screen, 2)
        for name in set_up:
            screen.query_one(f"#opt-{name}", Checkbox).value = True
        screen.query_one("#opt-ulul", Select).value = Ulul.NIGHT
        await pilot.pause()
        await count_players(pilot, screen, 1)
        await start_and_wait(pilot, app)
        Options = screen.game.Options
        assert app.table.match.header.options == Options()  # the Solo Quest's own
        # opened again in the same run
        app.leave_table()
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.action_new_match("boss-quest")
        screen = await open_form(pilot)
        assert screen.query_one("#count", Select).value == 1
        assert "Potions" in str(screen.query_one("#options-absent").render())

    app = form_app()  # and after a restart
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        note = screen.query_one("#options-absent")
        assert screen.query_one("#count", Select).value == 1
        said = " ".join(str(note.render()).split())
        assert note.display and said.startswith("Left out of the Solo Quest"), said
        assert "Potions" in said and "Boss Ul'ul (night)" in said, said
        assert screen.read_options() == Options()
        await count_players(pilot, screen, 2)
        options = screen.read_options()
        assert all(getattr(options, name) for name in set_up), options
        assert options.ulul is Ulul.NIGHT


async def test_what_overstockeds_solo_ruled_out_comes_back_as_ticked_after_a_solo():
    """The same at Overstocked: the advanced variant and Quantum ticked,
    then solo (which rules them out) and Ctrl+S; the form opened after
    keeps solo ticked, and unticking it gives them back as the player had
    them, not as an older match without solo had them."""
    async def ticked(options: tuple[str, ...]) -> None:
        for name in options:
            screen.query_one(f"#opt-{name}", Checkbox).value = True
            await pilot.pause()

    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await count_players(pilot, screen, 2)
        await ticked(("advanced", "quantum", "solo"))
        await start_and_wait(pilot, app)
        Options = screen.game.Options
        assert app.table.match.header.options == Options(solo=True)
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        solo = screen.query_one("#opt-solo", Checkbox)
        assert solo.value is True
        assert screen.read_options() == Options(solo=True)
        solo.value = False
        await pilot.pause()
        assert screen.read_options() == Options(advanced=True, quantum=True)


@pytest.mark.parametrize("written", [
    {"potions": "yes", "ulul": 5, "companions": 1, "no_such": True},
    ["potions"], "potions"], ids=["wrong types", "a list", "a text"])
async def test_kept_options_the_form_cannot_show_leave_it_at_the_last_match(written):
    """The kept options' file read as untrusted input: a value of the wrong
    type, or a record that is not names and values, is passed over."""
    import json

    from saves.journal import PlayerSpec
    from saves.match import Match
    from tui import kept_options

    solo = Match.new("boss-quest", [PlayerSpec("Ann", "human")])
    solo.close()
    path = kept_options.kept_file()
    path.write_text(json.dumps({"boss-quest": {"match": solo.header.match_id,
                                               "options": written}}))
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert not screen.query_one("#options-absent").display
        await count_players(pilot, screen, 2)
        assert screen.read_options() == screen.game.Options()


async def test_kept_options_of_an_older_match_are_not_offered():
    """Kept options name the match that left them out: after a newer
    match of the game (set up elsewhere), they are not offered."""
    import os

    from saves.journal import PlayerSpec
    from saves.match import Match
    from tui import kept_options

    older = Match.new("boss-quest", [PlayerSpec("Ann", "human")])
    older.close()
    kept_options.keep("boss-quest", older.header.match_id, {"potions": True})
    Match.new("boss-quest", [PlayerSpec("Ann", "human")]).close()
    os.utime(older.path, (1, 1))
    app = OvertableApp(start="new", argument="boss-quest", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await count_players(pilot, screen, 2)
        assert screen.read_options().potions is False
