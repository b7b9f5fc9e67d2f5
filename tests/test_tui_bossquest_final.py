"""Boss Quest's final table (`b` on the results): the last round as it
ended, its Boss and spells, every weapon combat revealed, and no Undo."""

from __future__ import annotations

import random

import pytest

from core.bossquest import GAME
from core.bossquest.state import Phase
from core.playout import random_playout
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update, screen_text
from tests.bossquest_tables import first_final_boss_state
from tests.screen_kit import settle


async def _submitted_after(state, seat: int, *keys: str) -> list:
    """What the screen of `seat` at `state` sends for `keys`, at 80x24."""
    from tests.screen_kit import FakePort

    table = FakePort()
    app = ScreenApp(make_update(state, seat), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()
    return table.submitted


def final_state(seed: int):
    state, _ = random_playout(GAME, 4, rng=random.Random(seed))
    assert state.phase is Phase.OVER and state.history
    return state


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_final_table_shows_the_last_round_as_it_ended(seed, size):
    state = final_state(seed)
    last = state.history[-1]
    app = ScreenApp(make_update(state, 0))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        footer = footer_keys(app)
    assert "▒▒" not in text  # combat revealed every card
    assert "No Boss yet" not in text
    assert f"{last.hp} HP" in text and f"card {last.boss}" in text
    for weapons in last.equipment:
        for weapon in weapons:  # face up, hidden card included
            assert f"[{weapon.code}]" in text, (weapon.code, text)
    assert "Undo" not in footer


def footer_keys(app) -> list[str]:
    """The descriptions the footer shows (a key Textual may not run is left out)."""
    return [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]


async def test_undo_is_offered_while_the_match_is_on():
    import attrs

    # (a move to take back; with none, u leaves the footer: test_tui_undo_footer.py)
    app = ScreenApp(attrs.evolve(make_update(full_state(), 0), can_undo=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = footer_keys(app)
    assert "Undo" in footer


def over_table():
    """The hand-made table with its round 1 as the last: the quest is over."""
    import attrs

    state = full_state()
    cyd = attrs.evolve(state.knights[2], keys=5)
    return attrs.evolve(state, phase=Phase.OVER, turn=None, boss=None, active=(), offer=(),
                        knights=(*state.knights[:2], cyd, state.knights[3]))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_snapshot_final_table(snap_compare, size):
    assert snap_compare(ScreenApp(make_update(over_table(), 0)), terminal_size=size)


# --- six knights at 80x24 --------------------------------------------------------

SIX = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")


def six_knights_over(duel: bool):
    """A random six-knight match with the Final Boss played to its end,
    with (or without) the duel, whose results carry three notes or more."""
    from core.bossquest.state import Options

    for seed in range(200):
        state, _ = random_playout(GAME, 6, options=Options(final_boss=True),
                                  rng=random.Random(seed))
        if (state.duel is not None) == duel and len(GAME.outcome(state).notes) >= 3:
            return state
    raise AssertionError("no such match in 200 random ones")


def lines_of(app, selector: str) -> list[str]:
    """The screen's lines across the widget's region (as on screen)."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    return [line[region.x:region.right] for line in lines]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
@pytest.mark.parametrize("duel", [False, True], ids=["tie", "duel"])
async def test_six_knights_every_knight_is_on_the_final_table(duel, size):
    """The play-test: at 80x24 with six knights the Final Boss's notes under
    the score pad pushed Edda and Finn (in the duel, every knight) off the
    Knights panel, and nothing said so (at 120x36 in the duel, Finn).
    Each knight keeps a row in sight, back from a larger terminal too;
    the table above, when cut, has a line that says so under it, and PgDn
    brings up the rest, page by page, to the last note."""
    import attrs

    state = six_knights_over(duel)
    app = ScreenApp(attrs.evolve(make_update(state, 0), names=SIX))
    async with app.run_test(size=size) as pilot:
        for _ in range(3):  # the top cut after a layout, the line under it after the next
            await pilot.pause()
        text = screen_text(app)
        knights = "\n".join(lines_of(app, "#bq-knights"))
        cut = "more of the table below (PgDn)" in text
        scrolled = text
        for _ in range(5 if cut else 0):  # PgDn to the end of the table above
            await pilot.press("pagedown")
            await pilot.pause()
            scrolled = screen_text(app)
            if "more of the table above (PgUp)" in scrolled:
                break
        # there and back from a large terminal: the table cut again
        await pilot.resize_terminal(160, 45)
        for _ in range(3):
            await pilot.pause()
        await pilot.resize_terminal(*size)
        for _ in range(4):
            await pilot.pause()
        again = "\n".join(lines_of(app, "#bq-knights"))
        back = screen_text(app)
    for name in SIX:
        assert f"   {name} " in knights, (name, text)
        assert f"   {name} " in again, (name, back)
    assert cut == ("more of the table below (PgDn)" in back), back
    assert cut or size != (80, 24), text  # (the notes run longer than 80x24 has room)
    last_note = GAME.outcome(state).notes[-1]
    assert last_note.split()[-1] in scrolled, scrolled
    assert not cut or "more of the table above (PgUp)" in scrolled, scrolled


@pytest.mark.parametrize("duel", [False, True], ids=["tie", "duel"])
async def test_six_knights_at_80x24_the_score_pad_headings_are_whole(duel):
    """The play-test: the pad beside the Boss at 80 columns cut the names
    ("Br…", "Fi…") and the rows ("Hea…", "Rou…", "Per…"). One space between
    columns, a winner's star above the name and, where still needed, the
    rows' short words (a note says what "Won" is) fit six names of 3-4
    letters."""
    import io

    import attrs
    from rich.console import Console

    state = six_knights_over(duel)
    app = ScreenApp(attrs.evolve(make_update(state, 0), names=SIX))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pad = app.screen.query_one("#bq-score")
        # the pad as drawn at its width (the table above the knights may
        # be cut: PgDn brings up the rest)
        console = Console(width=pad.content_region.width, record=True, color_system=None,
                          file=io.StringIO())
        console.print(pad.content)
    lines = console.export_text().splitlines()
    text = "\n".join(lines)
    assert "…" not in text, text
    heads = next(line for line in lines if "Ann" in line).split()
    assert [h for h in heads if h != "★"] == list(SIX), text
    # closed up, a star beside a name stood between two ("Ann ★ Bram"): above it
    assert not any(f"★ {name}" in text for name in SIX), text
    labels = [line.split("  ")[0] for line in lines[lines.index(next(
        line for line in lines if line.startswith("Keys"))):][:4]]
    assert labels[0] == "Keys" and labels[1] in ("Hearts", "Hearts before duel"), text
    assert labels[2] in ("Rounds won", "Won") and labels[3] == "Perfects", text
    assert (labels[2] == "Won") == ("Won: rounds won." in text), text


# --- the Final Boss duel -------------------------------------------------------

DUEL_SEED = 1


async def play_to_the_duel(tmp_path, monkeypatch, seed):
    """A seeded three-knight match with the Final Boss, Ann at the keyboard
    against two bots, played to its end; every screen of the duel checked."""
    from core.bossquest.state import Options
    from saves.journal import PlayerSpec
    from tests.screen_kit import play_through_the_app
    from tests.test_tui_bossquest_extensions import choose_key
    from tui.app import OvertableApp
    from tui.screens.bossquest import BossQuestScreen

    seen: dict[str, int] = {}

    def check(screen, state):
        if state.champion is None or state.phase is Phase.OVER:
            return
        text = screen_text(screen.app)
        header = text.splitlines()[0]
        # BQ §Final Boss: the game is over; the header says the duel, not a round
        assert "Final Boss:" in header and "Armorer" not in header, header
        # play-test: "the game is over" read as if nothing was left to choose
        assert "game is over" not in header, header
        seen["duel"] = seen.get("duel", 0) + 1
        if state.phase is Phase.DUEL_CHOOSE and screen.update.legal:
            # the spells Ann activates one of are on screen, not "No spells."
            assert "No spells." not in text
            for spell in state.duel_offer:
                assert spell.name in text, (spell.name, text)
            seen["choose"] = seen.get("choose", 0) + 1

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=seed, theme_name="textual-dark")
    specs = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "heuristic"),
             PlayerSpec("Cora", "bot", "heuristic")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", specs, Options(final_boss=True))
        await play_through_the_app(app, pilot, BossQuestScreen, choose_key, check, steps=6000)
        state = app.table.match.state
        table_screen = next(s for s in app.screen_stack if isinstance(s, BossQuestScreen))
        log = list(table_screen.update.log)
        screens = []
        for _ in range(20):  # the duel's combat, over the results
            await pilot.pause()
            screens.append(screen_text(app))
            if "Final Boss duel" in screens[-1]:
                break
        return state, seen, screens, log


@pytest.mark.usefixtures("brisk_idle")
async def test_the_final_boss_duel_is_announced_shown_and_summed_up(tmp_path, monkeypatch):
    """BQ §Final Boss, BQ-37, BQ-38, BQ-47, the play-test's duel: the log
    says the game is over and the MegaBoss appears; the header names the
    duel, not a round and its Armorer; Ann, speaking for the defeated
    knights, sees the spells she activates one of; the duel's combat comes
    up over the results with its numbers, the results tell them, and the
    final table (b) is the duel's, not the last round's."""

    state, seen, screens, log = await play_to_the_duel(tmp_path, monkeypatch, DUEL_SEED)
    duel = state.duel
    assert duel is not None and state.champion == duel.champion != 0
    assert seen.get("duel") and seen.get("choose")  # Ann chose against the champion
    names = ("Ann", "Bram", "Cora")
    champ = names[duel.champion]
    assert any(f"The game is over: {champ} wins it. The MegaBoss appears" in line for line in log)
    combat = screens[-1]
    assert f"Final Boss duel, {champ} vs the MegaBoss" in combat
    assert f"weapons {duel.weapons_total}" in combat
    assert f"= {duel.strength} against {duel.hp} HP" in combat
    notes = GAME.outcome(state).notes
    opening = "The duel: {" + str(duel.champion) + "}'s weapons " + str(duel.weapons_total)
    assert any(n.startswith(opening)
               and f"{duel.strength} against {duel.hp} HP" in n for n in notes)


def test_the_duels_line_in_the_results_reads_as_one_sentence():
    """Play-test: "The duel: cy: weapons 35: 35 against 30 HP." (three
    colons, the strength twice). One colon; the sum is said only when
    spells or hearts changed the weapons'."""
    import attrs

    from core.bossquest.rules import duel_numbers
    from core.engine import name_seats

    duel = duel_over_state().duel
    names = ["ann", "bob", "cy"]
    plain = attrs.evolve(duel, champion=2, weapons_total=35, spells_total=0, sacrificed=0,
                         strength=35, hp=30, megaboss=30, conditions_met=True)
    assert name_seats(duel_numbers(plain), names) == "cy's weapons 35 against 30 HP"
    changed = attrs.evolve(plain, spells_total=1, sacrificed=2, strength=38)
    assert name_seats(duel_numbers(changed), names) == (
        "cy's weapons 35, spells +1 and 2 hearts sacrificed make 38 against 30 HP")


def duel_over_state():
    """A random three-knight match with the Final Boss that ended in a duel."""
    from core.bossquest.state import Options

    for seed in range(200):
        state, _ = random_playout(GAME, 3, options=Options(final_boss=True),
                                  rng=random.Random(seed))
        if state.duel is not None and len(state.duel.weapons) <= 8:
            return state
    raise AssertionError("no short duel in 200 random matches")


async def test_the_final_table_after_the_duel_is_the_duels():
    """BQ-47: after the duel the final table (b) shows the MegaBoss, the
    duel's spells and the champion's duel weapons face up, not the last
    round's cards beside the duel's spells."""
    state = duel_over_state()
    duel = state.duel
    seat = (duel.champion + 1) % 3
    app = ScreenApp(make_update(state, seat))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert f"MegaBoss {duel.hp} HP" in text
    assert f"card {state.history[-1].boss}, round" not in text  # not the last round's Boss
    for weapon in duel.weapons:
        if weapon.colour is not None:
            assert f"[{weapon.code}]" in text, (weapon.code, text)
    assert "▒▒" not in text


def duel_choose_state():
    """A random three-knight match with the Final Boss stopped where a
    defeated knight activates a spell against the champion."""
    return first_final_boss_state(
        lambda state: state.phase is Phase.DUEL_CHOOSE and bool(state.duel_offer))


def test_the_duel_prompt_counts_the_spells_drawn_against_the_champion():
    """The play-test: with one spell drawn the prompt read "Activate one of
    the 1 spells ...; the others are discarded". One spell is the spell to
    activate, and nothing is discarded; two or more are a choice."""
    import attrs

    from tui.screens.bossquest_extras import other_prompt

    state = duel_choose_state()
    spell = state.duel_offer[0]
    seat = min(GAME.to_act(state))
    one = attrs.evolve(state, duel_offer=(spell,))
    text = other_prompt(one, tuple(GAME.legal_actions(one, seat)), seat).plain
    assert "Activate the spell drawn against the champion" in text, text
    assert "one of the 1" not in text and "the others are discarded" not in text
    two = attrs.evolve(state, duel_offer=(spell, spell))
    text = other_prompt(two, tuple(GAME.legal_actions(two, seat)), seat).plain
    assert "Activate one of the 2 spells drawn against the champion" in text, text
    assert text.endswith("the others are discarded.")


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_light_spell_drawn_in_the_duel_goes_next_to_the_megaboss_bq38(size):
    """BQ-38: a light spell drawn in the duel goes next to the MegaBoss, as
    the log says. The prompt and the spell's tag said "by the MegaBoss",
    which a play-test read as the MegaBoss doing it. Both say "next to",
    whole at 80x24 too, as the in-app rules do ("on the MegaBoss")."""
    import attrs

    from core.bossquest.cards import Spell, SpellKind
    from tui.resources import rules_text

    shown = " ".join(rules_text(GAME.id).replace("\n>", "\n").split())  # (a quote's lines)
    assert "a light one next to the MegaBoss" in shown[shown.index("House ruling BQ-38"):][:120]

    state = duel_choose_state()
    light, dark = Spell(SpellKind.HP_PLUS_2), Spell(SpellKind.ATTACK_MINUS_1)
    state = attrs.evolve(state, duel_offer=(light, dark))
    app = ScreenApp(make_update(state, min(GAME.to_act(state))))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
    flat = " ".join(text.split())
    assert "by the MegaBoss" not in flat, text
    assert "(a dark one goes on the champion, a light one next to the MegaBoss)" in flat, text
    tags = [line for line in text.splitlines() if "HP +2" in line and "next to the MegaBoss" in line]
    assert tags and "…" not in tags[0], text
    assert any("Attack -1" in line and "on the champion" in line for line in text.splitlines())


async def test_the_final_table_shows_each_potion_as_it_was_read():
    """BQ-31: a potion counts as read at combat. The final table listed the
    last round's potions unread ("[±3]") beside a total that counted +3,
    in the knights' rows and in the viewer's own weapons; they show as
    read ("[+3]"), as in the combat summary."""
    from core.bossquest.state import Options

    for seed in range(200):
        state, _ = random_playout(GAME, 3, Options(potions=True), rng=random.Random(seed))
        last = state.history[-1] if state.history else None
        if last is not None and any(last.readings) and state.duel is None:
            break
    else:
        pytest.fail("no final round with a potion read in 200 seeds")
    app = ScreenApp(make_update(state, 0))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    rows = text.split("Combat", 1)[0]  # the table, above the combats so far
    for seat, readings in enumerate(last.readings):
        for potion, sign in readings:
            read = f"[{'+' if sign > 0 else '-'}{potion.value}]"
            assert read in rows, (seat, read, rows)
    assert "[±" not in rows, rows


def duel_state():
    """A random three-knight match with the Final Boss stopped in the duel,
    the champion having asked for weapons."""
    return first_final_boss_state(lambda state: state.phase is Phase.DUEL and bool(state.duel_asks))


async def test_the_duels_header_keeps_the_games_name_at_80_columns():
    """Play-test: during the Final Boss duel the header dropped "Boss Quest"
    at 80 columns (" Ann's view · Final Boss: Bram vs the MegaBoss · the
    game is decided · Deck: 26"). "the game is decided" gives way first."""
    import attrs

    state = duel_state()
    names = ("Anna", "Bram", "Cora")
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        for seat in (0, 1, 2, None):
            update = attrs.evolve(make_update(state, seat), names=names)
            app.game_screen.show(update)
            await pilot.pause()
            header = screen_text(app).splitlines()[0].rstrip()
            assert header.startswith(" Boss Quest · "), header
            assert f"Final Boss: {names[state.champion]} vs the MegaBoss" in header, header
            assert "Deck: " in header and len(header) <= 79 and "…" not in header, header


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_a_knight_out_of_the_duel_is_told_so_in_the_weapons_panel(size):
    """The play-test: during the Final Boss duel a knight not in it read
    "No weapons yet." in their weapons panel, as if some were to come. The
    panel says they are not in the duel; the champion's shows the duel's
    weapons."""
    state = duel_state()
    other = (state.champion + 1) % 3
    app = ScreenApp(make_update(state, other))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "No weapons yet." not in text
    assert "None: you are not in the duel." in text, text
    app = ScreenApp(make_update(state, state.champion))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "not in the duel" not in text


async def test_results_say_why_a_tie_has_no_final_boss_duel_bq38():
    """BQ-38, the play-test: with the Final Boss on, a match ended "Boss
    Quest: Bram and Cora win!" (tied on keys and hearts) and nothing on the
    results said why no MegaBoss came. The results say it, at 80x24."""
    from textual.app import App

    from core.bossquest.actions import Discard, GoToWizard
    from core.bossquest.state import Options
    from host.messages import SeatUpdate
    from tests.bossquest_tables import knight, play, table
    from tests.test_bossquest_rules import HP1, HPM1
    from tui.screens.results import ResultsScreen

    ks = [knight("P1", "P2"), knight("R6", "R7", keys=4, done=True),
          knight("Y6", "Y7", keys=4, done=True)]
    state = table(ks, turn=0, boss=14, offer=(HP1, HPM1, HPM1), mystery=False,
                  options=Options(final_boss=True))
    state = play(state, 0, GoToWizard(), Discard(0))
    outcome = GAME.outcome(state)
    assert outcome.winners == {1, 2}
    update = SeatUpdate(game="boss-quest", seat=0, view=GAME.view(state, 0), legal=(),
                        to_act=frozenset(), names=("Ann", "Bram", "Cora"), bots=frozenset(),
                        log=(), outcome=outcome)

    class Results(App):
        def on_mount(self) -> None:
            self.push_screen(ResultsScreen(update))

    async with Results().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        notes = " ".join(str(n.render()) for n in pilot.app.screen.query(".results-note"))
        title = screen_text(pilot.app).splitlines()
    assert any("Bram and Cora win!" in line for line in title)
    assert ("No Final Boss duel: Bram and Cora tie for the win, and only a single winner "
            "faces the MegaBoss (house ruling BQ-38).") in " ".join(notes.split()), notes


def _round_six_then_the_duel(ask: int = 2, viewer: int | None = 0):
    """Ann (seat 0) goes over on her last heart in the round Cora ends at
    the Wizard; Bram, on 4 keys, wins the game and faces the MegaBoss, and
    Cora speaks for the defeated knights. Returns the states after each
    move from the combat on, each with the log Ann reads, the duel's moves
    played by the bots (Ann has no decision in the duel)."""
    from core import CHANCE
    from core.bossquest.actions import (
        Discard,
        DrawWeapon,
        DuelAsk,
        DuelSpell,
        Fight,
        GoToWizard,
        LaySpell,
        Sacrifice,
    )
    from core.bossquest.state import Options
    from tests.bossquest_tables import knight, play, table
    from tests.test_bossquest_rules import ATKM1, HP1, HPM1

    ks = [knight("R7", "B7", "Y6", hearts=1, done=True),  # 20 over 17
          knight("R6", "B6", "Y5", keys=4, done=True),  # 17: perfect
          knight("P1", "P2", keys=2)]
    state = table(ks, turn=2, boss=17, offer=(HP1, HPM1, ATKM1), mystery=False,
                  options=Options(final_boss=True))
    state = play(state, 2, GoToWizard())
    log: list[str] = []
    steps = [(state, ())]
    moves = [(2, Discard(0)), (1, DuelAsk(ask)), *[(CHANCE, "draw")] * ask,
             (CHANCE, "spell"), (CHANCE, "spell"), (2, DuelSpell(0)), (1, Fight()),
             (1, Sacrifice(0))]
    for seat, action in moves:
        if action == "draw":
            action = DrawWeapon(state.weapon_deck[0])
        elif action == "spell":
            action = LaySpell(state.spell_deck[0])
        log.append(GAME.describe(state, seat, action, ("Ann", "Bram", "Cora"), viewer=viewer))
        state = GAME.apply(state, seat, action)
        steps.append((state, tuple(log)))
    return steps


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
async def test_the_last_rounds_combat_comes_before_the_duel_and_its_moves(size):
    """The play-test (Final Boss, 200x50): Ann went over on her last heart
    in round 6; the next screen was the Final Boss duel's combat, then the
    results, and round 6's combat came up only on the final table (b). And
    with no decision in the duel, its moves went by behind round 6's combat
    in seconds. The order is round 6's combat, the duel's moves (held until
    a key), the duel's combat, the results; the final table has no combat
    left up. And round 6's combat, the one that ended the game (BQ §Final
    Boss), comes up once: it stays over the table while the duel ends
    behind it (it was put up again over the results, on a blank screen,
    "on to the Final Boss duel"), and says where Enter goes now."""
    from tests.bossquest_screen_kit import TableUpdate
    from tui.screens.bossquest import BossQuestScreen, CombatScreen
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen, push_results

    steps = _round_six_then_the_duel()
    names = ("Ann", "Bram", "Cora")

    def update(state, log):
        return TableUpdate(game=GAME.id, outcome=GAME.outcome(state), seat=0,
                           view=GAME.view(state, 0), legal=(), to_act=GAME.to_act(state),
                           names=names, bots=frozenset({1, 2}), log=log, thinking=None,
                           can_undo=False)

    fought = steps[1][0]
    assert fought.champion == 1 and fought.knights[0].hearts == 0
    app = ScreenApp(update(*steps[0]))  # Cora at the Wizard, the round about to end
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.show(update(*steps[1]))
        await pilot.pause()
        assert screen.holds_the_table and "Combat: round" in screen_text(app)
        for state, log in steps[2:]:  # the bots' duel, behind the round's combat
            before = screen_text(app)  # (the last before the match ends)
            last = update(state, log)
            screen.show(last)
            await pilot.pause()
        assert last.over
        for mount in push_results(app, last, screen):
            await mount
        await pilot.pause()
        # the screens that showed round 6's combat (round 1 in this table):
        # the table's, before the end
        boxes = {screen} if "Combat: round 1" in before else set()
        seen = []
        for _ in range(5):
            top = app.screen
            if isinstance(top, ResultsScreen):
                break
            seen.append((type(top).__name__, screen_text(app)))
            if "Combat: round 1" in seen[-1][1]:
                boxes.add(top)
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert len(boxes) == 1, seen  # once, over the table: not again on a screen of its own
        kinds = [kind for kind, _ in seen]
        assert kinds == ["BossQuestScreen", "EndingScreen", "CombatScreen"], kinds
        assert "Combat: round 1" in seen[0][1] and "on to the Final Boss duel" in seen[0][1]
        assert "The Final Boss duel: Bram against the MegaBoss" in seen[1][1]
        moves = " ".join(seen[1][1].replace("│", " ").split())
        assert "The game is over: Bram wins it. The MegaBoss appears (30 HP)" in moves
        assert "Bram asks for 2 weapons against the MegaBoss." in moves
        assert "Combat: the Final Boss duel, Bram vs the MegaBoss" in seen[2][1]
        # the final table: no combat left up over it
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BossQuestScreen) and not app.screen.holds_the_table
        assert not any(isinstance(s, (CombatScreen, EndingScreen)) for s in app.screen_stack)


@pytest.mark.parametrize("first", [True, False], ids=["first-ask", "later"])
async def test_number_keys_ask_in_the_duel_and_f_fights(first):
    """BQ-37: the champion asks for 1 to 9 weapons at a time. The play-test:
    the bar offered "Ask 1 … Ask 9" but 4 did nothing, and the footer named
    no number (in a round 1-4 ask at once). A number asks for that many,
    the footer says "1-9 Ask weapons"; f fights once a request is made
    (the bar's arrows stop at its ends, and "Fight!" is its last choice)."""
    from core.bossquest.actions import DuelAsk, Fight
    from tests.screen_kit import FakePort

    if first:
        state = first_final_boss_state(lambda s: s.phase is Phase.DUEL and not s.duel_asks)
    else:
        state = duel_state()
    table = FakePort()
    app = ScreenApp(make_update(state, state.champion), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        keys = {b.binding.description: key for key, b in app.screen.active_bindings.items()
                if b.binding.show}
        text = screen_text(app)
        await pilot.press("f")
        await pilot.press("4")
        await pilot.pause()
    footer = text.splitlines()[-1]
    assert "1-9 Ask weapons" in footer, footer
    assert "4 Ask 4" in text
    if first:  # no fight before the setup's request
        assert "Fight!" not in keys
        assert table.submitted == [(state.champion, DuelAsk(4))]
    else:
        assert "f Fight!" in footer and "f Fight!" in text, footer
        assert table.submitted == [(state.champion, Fight()), (state.champion, DuelAsk(4))]


async def test_a_spell_that_does_nothing_in_the_duel_says_so_bq38():
    """BQ-38: Final turn! does nothing in the duel. The play-test: the
    defeated knights' speaker was offered "Activate Final turn!" as any
    spell, and once activated the champion's screen listed "○ Final turn!"
    by the MegaBoss as if in force. The choice, the spells drawn and the
    line in play say "no effect in the duel"; Boss HP -2 reads as before."""
    import attrs

    from core.bossquest.actions import DuelSpell
    from core.bossquest.cards import Spell, SpellKind

    state = duel_choose_state()
    final_turn, minus_two = Spell(SpellKind.FINAL_TURN), Spell(SpellKind.HP_MINUS_2)
    state = attrs.evolve(state, duel_offer=(final_turn, minus_two))
    voice = min(GAME.to_act(state))
    app = ScreenApp(make_update(state, voice))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "Activate Final turn! (no effect in the duel)" in text, text
    assert "Final turn!  no effect in the duel" in text, text
    assert "Activate Boss HP -2" in text and "HP -2 (no effect" not in text
    after = GAME.apply(state, voice, DuelSpell(0))
    app = ScreenApp(make_update(after, after.champion))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "○ Final turn! (no effect in the duel)" in text, text


async def test_a_marked_spell_by_the_megaboss_keeps_its_note_whole_when_wide(monkeypatch):
    """Play-test (160x45): the Boss box cut "•○ No heart lost (no effect in
    the due…" where 80x24 read "○ No heart lost (no effect)": the note was
    fitted to the panel's width, less the mark of a spell changed since
    your last move (•). The mark's cell counts: the note is whole, the
    long one or the short one, at either size."""
    import attrs

    from core.bossquest.actions import DuelSpell
    from core.bossquest.cards import Spell, SpellKind
    from tui.screens.bossquest import BossQuestScreen

    state = duel_choose_state()
    no_loss, minus_two = Spell(SpellKind.NO_HEART_LOSS), Spell(SpellKind.HP_MINUS_2)
    state = attrs.evolve(state, duel_offer=(no_loss, minus_two))
    after = GAME.apply(state, min(GAME.to_act(state)), DuelSpell(0))
    monkeypatch.setattr(BossQuestScreen, "changed",
                        lambda self, kind: frozenset({0}) if kind == "spells" else frozenset())
    for size in ((80, 24), (160, 45)):
        app = ScreenApp(make_update(after, after.champion))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
        lines = [line for line in text.splitlines() if "No heart lost" in line]
        assert lines and "•○ No heart lost (no effect" in lines[0], (size, lines)
        assert "…" not in lines[0].split("No heart lost")[1].split("│")[0], (size, lines)


async def test_number_keys_sacrifice_hearts_in_the_duels_combat():
    """BQ §Final Boss: at combat the champion may sacrifice hearts, +1 each.
    The bar offered "Sacrifice 0 … Sacrifice n" by arrows alone (the number
    keys asked nothing there): each count is its number, 0 included, and the
    prompt names them."""
    from core.bossquest.actions import Sacrifice
    from tests.screen_kit import FakePort

    state = _sacrifice_state_against(-2)  # under: a heart is no loss
    legal = GAME.legal_actions(state, state.champion)
    most = max(a.hearts for a in legal)
    assert most >= 1
    table = FakePort()
    app = ScreenApp(make_update(state, state.champion), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        await pilot.press(str(most + 1))  # no such count: nothing sent
        await pilot.press("1")
        await pilot.pause()
        if most == 1:  # the last heart: asked first (BQ §Final Boss, End of the game)
            await pilot.press("enter")
            await pilot.pause()
    # one line at 80 columns
    assert any(row.strip().endswith(f"HP. Sacrifice 0-{most} hearts, +1 each (keep one to win).")
               for row in text.splitlines()), text
    assert "1 Sacrifice 1" in text, text
    assert table.submitted == [(state.champion, Sacrifice(1))]
    assert await _submitted_after(state, state.champion, "0") == [(state.champion, Sacrifice(0))]


async def test_the_duels_panels_agree_on_the_spells_against_the_champion():
    """BQ-37, BQ-38: the play-test, a two-knight duel at 80x24: "Spells
    against Ann" said "No spells." while the Boss panel listed Need Blue and
    "Flip a potion (no effect in the due…" (cut) in play against her, and
    the knights panel still marked Bram "⚒ Armorer" (the duel has none).
    The spells panel says none is drawn now and where those in play are;
    a spell's "no effect" fits; no Armorer is marked."""
    import attrs

    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.state import ActiveSpell

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL and bool(s.duel_asks), knights=2)
    state = attrs.evolve(state, active=(ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.BLUE)),
                                        ActiveSpell(Spell(SpellKind.FLIP_POTION))))
    for seat in (state.champion, 1 - state.champion):
        app = ScreenApp(make_update(state, seat))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            text = screen_text(app)
        assert "No spells." not in text
        assert "None drawn now (in play: see Boss)." in text, text
        assert "○ Flip a potion (no effect)" in text and "…" not in text.split("Knights")[0], text
        assert "⚒" not in text, text


async def test_the_duels_combat_cites_its_ruling_once_bq38():
    """BQ-38: spells about rounds, swaps or companions do nothing in the
    duel, a house ruling. Cited on each such spell, "● Swap hidden → Bram:
    nothing in the duel (house ruling BQ-38)" wrapped at 80x24; the list's
    heading cites it once, each spell says "nothing in the duel"."""
    from textual.app import App

    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import ActiveSpell, DuelResult
    from tests.bossquest_tables import w
    from tui.screens.bossquest import CombatScreen

    def duel(*spells):
        return DuelResult(champion=1, megaboss=30, hp=28, weapons=(w("R7"), w("Y7")),
                          readings=(), weapons_total=14, spells_total=0, sacrificed=0,
                          strength=14, spells=spells, conditions_met=True, hearts_before=2,
                          won=False, ending="The MegaBoss stands.")

    async def combat(result):
        class Shown(App):
            def on_mount(self):
                self.push_screen(CombatScreen(result, ("Ann", "Bartholomew", "Cora").__getitem__))

        app = Shown()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return screen_text(app)

    text = await combat(duel(ActiveSpell(Spell(SpellKind.SWAP_HIDDEN), 1),
                             ActiveSpell(Spell(SpellKind.HP_MINUS_2)),
                             ActiveSpell(Spell(SpellKind.SECOND_CLOSEST))))
    assert "Spells against the champion (house ruling BQ-38)" in text, text
    assert "● Swap hidden → Bartholomew: nothing in the duel " in text, text
    assert "○ 2nd closest wins: nothing in the duel " in text, text
    assert text.count("BQ-38") == 1, text
    text = await combat(duel(ActiveSpell(Spell(SpellKind.HP_MINUS_2))))
    assert "Spells against the champion " in text and "BQ-38" not in text, text


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_the_spells_drawn_in_the_duel_read_as_offered_until_one_is_chosen(size):
    """BQ-37: the defeated knights draw spells, one of which is chosen. The
    play-test: listed under "Spells against Dev" with "by the MegaBoss", they
    read as three spells in play beside the Boss panel's "No spell in play."
    The panel says they are offered, one to choose."""
    state = duel_choose_state()
    app = ScreenApp(make_update(state, (state.champion + 1) % 3))
    who = ("Ann", "Bob", "Cyd")[state.champion]
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert f"Offered against {who}: one to choose" in text, text
    assert f"Spells against {who}" not in text, text


async def test_f_before_the_duels_first_request_says_to_ask_first():
    """A regression sweep: in the Final Boss duel, f before any weapon was
    asked for said "Not now: f goes into combat in the Final Boss duel",
    in that very duel. BQ-37: the first request is part of the duel's
    setting up, so f says to ask first."""
    state = first_final_boss_state(
        lambda state: state.phase is Phase.DUEL and not state.duel_asks)
    app = ScreenApp(make_update(state, state.champion))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    assert len(notes) == 1 and notes[0].startswith("Ask for a weapon first"), notes


async def test_the_duels_choice_starts_on_a_spell_that_acts_numbered_as_the_panel_bq38():
    """play-test: the defeated knights' one choice a request started on
    "Activate Cancel a spell (no effect in the duel)", so Enter wasted it
    (BQ-38: such spells do nothing to the champion), and only the arrows
    chose. The cursor starts on a spell that acts. A later play-test: the
    spells that act were listed (and numbered) first, so 1 under the panel's
    "○ Flip a potion" first line activated Attack -1. The choices keep the
    panel's order (the draw's, BQ-37): a number means the panel's line."""
    import attrs

    from core.bossquest.actions import DuelSpell
    from core.bossquest.cards import Spell, SpellKind
    from tests.screen_kit import FakePort

    state = duel_choose_state()
    cancel, minus_two = Spell(SpellKind.CANCEL), Spell(SpellKind.HP_MINUS_2)
    state = attrs.evolve(state, duel_offer=(cancel, minus_two))
    voice = min(GAME.to_act(state))
    table = FakePort()
    app = ScreenApp(make_update(state, voice), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
    assert "1 Activate Cancel a spell" in text and "2 Activate Boss HP -2" in text, text
    assert table.submitted == [(voice, DuelSpell(1))]
    for key, index in (("1", 0), ("2", 1)):
        table = FakePort()
        app = ScreenApp(make_update(state, voice), table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press(key)
            await pilot.pause()
        assert table.submitted == [(voice, DuelSpell(index))]


async def test_the_duels_choices_follow_the_panels_order_bq37():
    """The play-test's panel: "○ Flip a potion / ● Attack -1 / ○ No heart
    lost", its prompt "1 Activate Attack -1  2 Activate Flip a potion ...":
    the prompt's numbers follow the panel's lines (BQ-37: the spells drawn)."""
    import attrs

    from core.bossquest.cards import Spell, SpellKind

    state = duel_choose_state()
    drawn = (Spell(SpellKind.FLIP_POTION), Spell(SpellKind.ATTACK_MINUS_1),
             Spell(SpellKind.NO_HEART_LOSS))
    state = attrs.evolve(state, duel_offer=drawn)
    voice = min(GAME.to_act(state))
    app = ScreenApp(make_update(state, voice))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert text.index("○ Flip a potion") < text.index("● Attack -1") < text.index("○ No heart lost")
    assert "1 Activate Flip a potion" in text and "2 Activate Attack -1" in text, text
    assert "3 Activate No heart lost" in text, text


async def test_the_final_table_keeps_your_name_whole_at_80x24():
    """Play-test play-test: Results → b at 80x24 read "Dev (yo…"
    where the match's other screens fit "Dev (you)": the champion's dozen
    weapons ran one cell past the row, and the names gave a cell to keep
    them on one line. The viewer's name keeps "(you)" whole; the champion's
    weapons go on under the first line, every one of them shown."""
    import attrs

    from core.bossquest.state import Options

    state, _ = random_playout(GAME, 6, options=Options(final_boss=True, companions=True,
                                                       potions=True), rng=random.Random(17))
    assert state.duel is not None and len(state.duel.weapons) == 12
    app = ScreenApp(attrs.evolve(make_update(state, 3), names=SIX))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        knights = "\n".join(lines_of(app, "#bq-knights"))
    assert "Dev (you) " in knights, knights
    for name in SIX:
        assert f"   {name}" in knights, knights
    assert knights.count("[") == 12, knights


def test_the_duels_combat_gives_the_champions_strength_on_their_row():
    """Play-test (qbq finding 2): the duel's combat box gave the weapons'
    total (32) on the champion's row, where a round's box gives the final
    strength; the attack was 34 (BQ §Final Boss, BQ-47). The row says 34,
    the line under it how it was made."""
    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import ActiveSpell, DuelResult
    from tests.bossquest_tables import w
    from tui.screens.bossquest import duel_text

    duel = DuelResult(champion=1, megaboss=30, hp=30, weapons=(w("R7"), w("Y7")),
                      readings=(), weapons_total=32, spells_total=2, sacrificed=0,
                      strength=34, spells=(ActiveSpell(Spell(SpellKind.ATTACK_PLUS_2), 1),),
                      conditions_met=True, hearts_before=2, won=False, ending="")
    lines = duel_text(duel, ("Ann", "Bram", "Cora").__getitem__).plain.split("\n")
    assert lines[1].startswith("  Bram 34 [R7] [Y7]"), lines
    assert lines[2] == "weapons 32, spells +2 = 34 against 30 HP: 4 over", lines


def test_the_duels_sum_is_left_out_where_only_the_weapons_make_it():
    """Play-test: "weapons 33 = 33 against 31 HP: 2 over" with no spell
    and no heart in it; the sum said nothing. It reads "weapons 33 against
    31 HP: 2 over"."""
    from core.bossquest.state import DuelResult
    from tests.bossquest_tables import w
    from tui.screens.bossquest import duel_text

    duel = DuelResult(champion=1, megaboss=31, hp=31, weapons=(w("R7"), w("Y7")),
                      readings=(), weapons_total=33, spells_total=0, sacrificed=0,
                      strength=33, spells=(), conditions_met=True, hearts_before=2,
                      won=False, ending="")
    lines = duel_text(duel, ("Ann", "Bram", "Cora").__getitem__).plain.split("\n")
    assert lines[2] == "weapons 33 against 31 HP: 2 over", lines


def test_the_duel_lists_only_the_companion_that_acts_in_it_bq48():
    """Play-test (qbq finding 6): in the duel each view still listed "Your
    Fox: You win ties..." and "Ann's Raven: ... at the Wizard", powers the
    duel has no use for (BQ-48: no rounds, no ties, no Wizard), on lines the
    duel's spells needed at 80x24. Only the champion's Chameleon acts there
    (BQ-48, BQ-35): it stays, told to every knight; the rest, and the
    reserve (Swap companions does nothing in the duel, BQ-38), are left out."""
    import attrs

    from core.bossquest.cards import Companion
    from tui.screens.bossquest_extras import companion_rows

    state = duel_choose_state()
    champion = state.champion
    others = [s for s in range(3) if s != champion]
    names = ("Ann", "Bob", "Cyd")

    def shown(view, seat):
        return [r.plain for r in companion_rows(view, seat, whose=lambda s: names[s] + "'s")]

    fox = (Companion.FOX, Companion.RAVEN, Companion.OWL)
    idle = attrs.evolve(state, companions=fox, reserve=(Companion.HARE,))
    for seat in range(3):
        assert shown(idle, seat) == [], shown(idle, seat)
    chameleon = list(fox)
    chameleon[champion] = Companion.CHAMELEON
    acting = attrs.evolve(idle, companions=tuple(chameleon))
    assert shown(acting, champion) == [
        "Your Chameleon: Your weapons count as every colour."]
    for seat in others:
        assert shown(acting, seat) == [
            f"{names[champion]}'s Chameleon: Their weapons count as every colour."]
    # told only your own (no room for the others'): the champion's alone
    assert [r.plain for r in companion_rows(acting, champion)] == [
        "Your Chameleon: Your weapons count as every colour."]
    assert [r.plain for r in companion_rows(acting, others[0])] == []
    # a defeated knight's Chameleon has no weapons to colour in the duel
    beaten = list(fox)
    beaten[others[0]] = Companion.CHAMELEON
    assert shown(attrs.evolve(idle, companions=tuple(beaten)), others[0]) == []


@pytest.mark.parametrize(("viewer", "told"), [
    (0, "Bram takes 7 weapons face down."),  # a defeated knight's log and recap
    (None, "Bram takes 7 weapons face down."),  # the hand-over cover's (the public log)
    (1, None),  # the champion's own: each named, listed
], ids=["other", "public", "champion"])
def test_a_duel_request_is_one_line(viewer, told):
    """Play-test (BQ §Final Boss: "The winner requests as many WEAPON
    cards as they want ... places them face down"; BQ-37): seven weapons
    asked for were told as seven lines "Ann takes a weapon face down.",
    filling the 80x24 recap. The run is one line, as the log gives them."""
    from tui.screens.bossquest import fold_receipts

    steps = _round_six_then_the_duel(ask=7, viewer=viewer)
    log = list(steps[-1][1])
    taken = [line for line in log if " face down." in line and " take" in line]
    assert len(taken) == 7, log
    folded = fold_receipts(log)
    assert len(folded) == len(log) - 6, folded
    if viewer == 1:  # the champion sees each card
        cards = [line.split()[2] for line in taken]
        told = f"You take {', '.join(cards[:-1])} and {cards[-1]} face down."
    assert told in folded, folded
    assert any("for 7 weapons against the MegaBoss." in line for line in folded), folded


async def test_the_recap_tells_a_duel_request_in_one_line():
    """The same at 80x24: Ann's recap since her last move shows Bram's
    seven weapons taken face down in one line (BQ §Final Boss)."""
    from tests.bossquest_screen_kit import TableUpdate
    from tui.widgets.since import SinceLog

    steps = _round_six_then_the_duel(ask=7)
    names = ("Ann", "Bram", "Cora")

    def update(state, log, seq):
        return TableUpdate(game=GAME.id, outcome=GAME.outcome(state), seat=0,
                           view=GAME.view(state, 0), legal=(), to_act=GAME.to_act(state),
                           names=names, bots=frozenset({1, 2}), log=log, thinking=None,
                           can_undo=False, seq=seq)

    asked = next(i for i, (_, log) in enumerate(steps) if log and "asks for" in log[-1])
    app = ScreenApp(update(*steps[asked], 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        drawn = asked + 7
        screen.show(update(*steps[drawn], 2))
        await pilot.pause()
        await pilot.pause()
        log = screen.query_one(SinceLog)
        assert log.recap is not None and log.recap.shown
        text = screen_text(app)
    assert "Bram takes 7 weapons face down." in text, text
    assert "takes a weapon face down" not in text, text


async def test_the_duels_combat_names_the_condition_not_met_bq38():
    """BQ-38: the champion wins by matching the HP and meeting the
    conditions. The play-test: "30 against 30 HP: exact!", then "A spell's
    condition is not met." and "the champion did not match its HP", no
    condition named. The ending says the HP was matched and what is
    lacking; the spell not met is marked in the list."""
    from textual.app import App

    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.rules import failed_ending
    from core.bossquest.state import ActiveSpell, DuelResult
    from tests.bossquest_tables import w
    from tui.screens.bossquest import CombatScreen

    need = Spell(SpellKind.NEED_COLOUR, Colour.YELLOW)
    spells = (ActiveSpell(Spell(SpellKind.FLIP_POTION)), ActiveSpell(Spell(SpellKind.ATTACK_MINUS_1), 1),
              ActiveSpell(need))
    duel = DuelResult(champion=1, megaboss=30, hp=30, weapons=(w("R7"), w("B7"), w("P7"), w("R8")),
                      readings=(), weapons_total=29, spells_total=-1, sacrificed=2,
                      strength=30, spells=spells, conditions_met=False, hearts_before=3,
                      won=False, ending=failed_ending(True, (need,)), unmet=(need,))

    class Shown(App):
        def on_mount(self):
            self.push_screen(CombatScreen(duel, ("Ann", "Bot 4", "Cora").__getitem__))

    app = Shown()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "= 30 against 30 HP: exact!" in text, text
    assert "A spell's condition is not met." not in text, text
    said = " ".join(" ".join(text.split()).replace("█", " ").split())
    assert "the champion matched its HP but has no yellow (Y) weapon (Need Yellow)." in said, text
    assert "○ Need Yellow (Y): not met " in text, text
    assert "did not match" not in text, text


def test_the_duel_prompt_says_when_the_champion_is_over_bq38():
    """BQ-38: the champion wins by matching the MegaBoss's HP. Play-test: at
    32 against 27 HP the status still read "The MegaBoss duel: 32 of 27 HP.
    Ask for weapons … or fight", as if either could do. Over, it says so
    and what could still help (a spell drawn against the champion: more
    weapons and the hearts sacrificed only add); it reads "against"."""
    from tui.screens.bossquest_extras import other_prompt

    state = first_final_boss_state(
        lambda s: s.phase is Phase.DUEL and bool(s.duel_asks)
        and GAME.strength(s, s.champion) > GAME.current_hp(s))
    seat = state.champion
    mine, hp = GAME.strength(state, seat), GAME.current_hp(state)
    text = other_prompt(state, tuple(GAME.legal_actions(state, seat)), seat).plain
    assert text.startswith(f"The MegaBoss duel: {mine} against {hp} HP: {mine - hp} over. "
                           "Only a spell against you could still help now"), text
    assert " of " not in text.split(".")[0], text
    under = first_final_boss_state(
        lambda s: s.phase is Phase.DUEL and bool(s.duel_asks)
        and GAME.strength(s, s.champion) < GAME.current_hp(s))
    seat = under.champion
    text = other_prompt(under, tuple(GAME.legal_actions(under, seat)), seat).plain
    mine, hp = GAME.strength(under, seat), GAME.current_hp(under)
    assert text.startswith(f"The MegaBoss duel: {mine} against {hp} HP. Ask for weapons"), text
    assert "over" not in text, text


def _one_heart_sacrifice_state(hearts: int = 1):
    """The duel's combat with the champion holding `hearts` (the play-test's
    1: "keep one to win", then "0 Sacrifice 0   1 Sacrifice 1")."""
    import attrs

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL_SACRIFICE)
    champ = state.champion
    knight = attrs.evolve(state.knights[champ], hearts=hearts)
    knights = state.knights[:champ] + (knight,) + state.knights[champ + 1:]
    return attrs.evolve(state, knights=knights)


@pytest.mark.parametrize("hearts", [1, 3])
async def test_sacrificing_the_last_heart_is_marked_as_losing_and_asks_first(hearts):
    """BQ §Final Boss, End of the game: "If you have no HEARTS left: too
    bad, you lost"; BQ-38: the champion wins by matching the HP "with a
    heart left". The play-test: the status said "keep one to win", then
    combat offered "1 Sacrifice 1", the only heart, unmarked. The choice
    that leaves no heart says so on its line and asks before it is
    played (its number or Enter); Esc goes back, Enter then sacrifices."""
    from core.bossquest.actions import Sacrifice
    from tests.screen_kit import FakePort

    state = _sacrifice_state_against(-hearts, hearts)  # the last heart makes it exact
    seat = state.champion
    assert Sacrifice(hearts) in GAME.legal_actions(state, seat)
    assert GAME.apply(state, seat, Sacrifice(hearts)).duel.won is False  # always lost
    table = FakePort()
    app = ScreenApp(make_update(state, seat), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        exact = GAME.current_hp(state)
        assert f"{hearts} Sacrifice {hearts} → {exact}: exact (no heart left: lost)" in text, text
        assert f"{hearts - 1} Sacrifice {hearts - 1} → {exact - 1}: short " in text, text
        assert "keep one to win" in text, text
        await pilot.press(str(hearts))
        await pilot.pause()
        assert table.submitted == []
        text = " ".join(screen_text(app).split())
        assert (f"Sacrifice {hearts} leaves you no heart: you lose the duel, "
                "whatever your strength") in text, text
        assert f"↵ Sacrifice {hearts} and lose" in text and "Esc Back" in text, text
        await pilot.press("escape")
        await pilot.pause()
        assert table.submitted == []
        assert f"{hearts} Sacrifice {hearts} → {exact}: exact (no heart left: lost)" in " ".join(
            screen_text(app).split())
        await pilot.press(str(hearts), "enter")
        await pilot.pause()
    assert table.submitted == [(seat, Sacrifice(hearts))]


async def test_sacrificing_a_heart_that_leaves_one_is_played_at_once():
    """Hearts kept: no question asked (BQ §Final Boss: "at least 1 HEART left")."""
    from core.bossquest.actions import Sacrifice

    state = _sacrifice_state_against(-3)
    assert await _submitted_after(state, state.champion, "2") == [(state.champion, Sacrifice(2))]


def _sacrifice_state_against(gap: int, hearts: int = 3):
    """The duel's combat, the champion's strength `gap` over the MegaBoss's
    HP (negative: under), holding `hearts` (the play-test: 30 against 29)."""
    import attrs

    state = _one_heart_sacrifice_state(hearts)
    mine = GAME.strength(state, state.champion)
    spells = GAME.current_hp(state) - state.boss  # the HP spells in play
    state = attrs.evolve(state, boss=mine - gap - spells)
    assert GAME.current_hp(state) == mine - gap
    return state


def test_each_sacrifice_says_the_strength_it_makes():
    """BQ §Final Boss: "each HEART sacrificed adds 1" to the strength; the
    play-test at 30 against 29 read "Sacrifice 0-2" and pressed 1, a heart
    lost for nothing: each line says what it makes."""
    from core.bossquest.actions import Sacrifice
    from tui.screens import bossquest_extras as extras

    state = _sacrifice_state_against(-1)
    view = GAME.view(state, state.champion)
    hp = GAME.current_hp(view)
    def who(seat):
        return "you"
    labels = [extras.action_label(view, Sacrifice(n), who) for n in range(4)]
    assert labels[0] == f"Sacrifice 0 → {hp - 1}: short", labels
    assert labels[1].startswith(f"Sacrifice 1 → {hp}: exact!"), labels
    assert labels[2] == f"Sacrifice 2 → {hp + 1}: over", labels
    assert labels[3].startswith(f"Sacrifice 3 → {hp + 2}: over"), labels
    assert "(no heart left: lost)" in labels[3], labels


async def test_over_whatever_is_sacrificed_the_prompt_says_so_and_a_heart_asks_first():
    """The play-test: 30 against 29 HP, "Sacrifice 0-2 … (keep one to win)",
    and 1 played at once, a heart lost for nothing. The prompt says every
    sacrifice leaves the champion over; a heart sacrificed then asks first
    (the rules still allow it: Enter sacrifices), Esc goes back and takes
    its notice with it; 0 is played at once."""
    from core.bossquest.actions import Sacrifice
    from tests.screen_kit import FakePort

    state = _sacrifice_state_against(1)
    seat = state.champion
    mine, hp = GAME.strength(state, seat), GAME.current_hp(state)
    table = FakePort()
    app = ScreenApp(make_update(state, seat), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert f"0 Sacrifice 0 → {mine}: over" in text, text
        assert f"1 Sacrifice 1 → {mine + 1}: over" in text, text
        assert "over whatever you sacrifice" in text, text
        await pilot.press("1")
        await pilot.pause()
        assert table.submitted == []
        text = " ".join(screen_text(app).split())
        assert f"Sacrifice 1 makes {mine + 1} against {hp} HP" in text, text
        assert "↵ Sacrifice 1 anyway" in text, text
        await pilot.press("1")  # doubled: told, not played
        await pilot.pause()

        def notices():
            return [str(n.message) for n in app._notifications]

        assert "Enter sacrifices anyway, Esc goes back." in notices(), notices()
        await pilot.press("escape")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        # the question's notice goes with it (the play-test's stayed seconds)
        assert not any("Enter sacrifices anyway" in n for n in notices()), notices()
        assert f"1 Sacrifice 1 → {mine + 1}: over" in text, text
        await pilot.press("1", "enter")
        await pilot.pause()
    assert table.submitted == [(seat, Sacrifice(1))]
    assert await _submitted_after(state, seat, "0") == [(seat, Sacrifice(0))]


async def test_a_sacrifice_that_matches_is_played_at_once_and_the_prompt_does_not_say_over():
    from core.bossquest.actions import Sacrifice
    from tests.screen_kit import FakePort

    state = _sacrifice_state_against(-1)
    table = FakePort()
    app = ScreenApp(make_update(state, state.champion), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "over whatever" not in " ".join(screen_text(app).split())
        await pilot.press("1")
        await pilot.pause()
    assert table.submitted == [(state.champion, Sacrifice(1))]


def test_the_duels_first_prompt_offers_no_fight_before_a_request_bq37():
    """BQ-37: the champion must ask once before fighting; the play-test's
    first status said "Ask for weapons … or fight" beside 1-9 alone."""
    from core.bossquest.actions import Fight
    from tui.screens.bossquest_extras import other_prompt

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL and not s.duel_asks)
    seat = state.champion
    legal = tuple(GAME.legal_actions(state, seat))
    assert Fight() not in legal
    text = other_prompt(state, legal, seat).plain
    assert "Ask for weapons" in text and "fight" not in text, text
    asked = first_final_boss_state(lambda s: s.phase is Phase.DUEL and bool(s.duel_asks))
    text = other_prompt(asked, tuple(GAME.legal_actions(asked, asked.champion)),
                        asked.champion).plain
    assert "or fight" in text, text


def _over_with_a_need_unmet():
    """The duel, the champion 2 over the HP with no weapon of the colour a
    Need in play asks for (BQ-38: either puts it out)."""
    import attrs

    from core.bossquest.cards import Colour, Spell, SpellKind
    from core.bossquest.state import ActiveSpell

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL and bool(s.duel_asks))
    champ = state.champion
    knight = state.knights[champ]
    colour = next(c for c in Colour
                  if any(h.weapon.colour not in (None, c) for h in knight.night))
    night = tuple(h for h in knight.night if h.weapon.colour != colour)
    knight = attrs.evolve(knight, night=night)
    need = Spell(SpellKind.NEED_COLOUR, colour)
    state = attrs.evolve(state, knights=state.knights[:champ] + (knight,)
                         + state.knights[champ + 1:],
                         active=state.active + (ActiveSpell(need, None),))
    mine = GAME.strength(state, champ)
    spells = GAME.current_hp(state) - state.boss
    state = attrs.evolve(state, boss=mine - 2 - spells)
    assert GAME.unmet_conditions(state, champ) == (need,)
    return state, colour


def test_over_with_a_need_unmet_the_duel_prompt_says_both_put_the_champion_out_bq38():
    """BQ-38: matching the HP wins only with the conditions met. The
    play-test, over with a Need unmet: "Only a spell against you could
    still help now", the Need left out. Both are said."""
    from tui.screens.bossquest_extras import other_prompt

    state, colour = _over_with_a_need_unmet()
    seat = state.champion
    text = other_prompt(state, tuple(GAME.legal_actions(state, seat)), seat).plain
    assert "2 over" in text, text
    assert f"Need {colour.label} unmet" in text, text
    assert "both put you out" in text, text
    assert "Only a spell against you could still help now" not in text, text


async def test_the_duels_weapons_are_named_once_in_their_panel():
    """The play-test with 2 weapons: the panel's header named them and the
    line below again ("Your weapons  (R3) (R2) yours alone", then " (R3)
    (R2)"): the line shows them, the header says whose they are."""
    from tui.screens.bossquest import card_text, weapon_card

    state = first_final_boss_state(
        lambda s: s.phase is Phase.DUEL and len(s.knights[s.champion].night) == 2)
    champ = state.champion
    codes = [card_text(weapon_card(h.weapon, face_down=True)).plain
             for h in state.knights[champ].night]
    app = ScreenApp(make_update(state, champ))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    for code in codes:
        assert text.count(code) == 2, (code, text)  # the panel's line and the knights'
    assert "2 face down, yours alone" in text, text


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_the_knights_panel_marks_a_spell_that_does_nothing_in_the_duel_bq38(size):
    """BQ-38: swaps do nothing in the Final Boss duel. The play-test's
    knights panel listed "●Swap with deck" and Swap hidden in
    front of the champion unmarked, where the Boss panel said "(no
    effect)"; an Attack - beside them acts and stays unmarked."""
    import attrs

    from core.bossquest.cards import Spell, SpellKind
    from core.bossquest.state import ActiveSpell

    state = first_final_boss_state(lambda s: s.phase is Phase.DUEL and bool(s.duel_asks))
    champ = state.champion
    state = attrs.evolve(state, active=(ActiveSpell(Spell(SpellKind.SWAP_DECK), champ),
                                        ActiveSpell(Spell(SpellKind.ATTACK_MINUS_2), champ)))
    app = ScreenApp(make_update(state, champ))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        knights = "\n".join(lines_of(app, "#bq-knights"))
    assert "●Swap with deck (no effect)" in knights, knights
    assert "●Atk-2 (" not in knights, knights


@pytest.mark.parametrize("size", [(80, 24), (160, 40)], ids=["80x24", "160x40"])
async def test_after_the_duel_the_last_combat_and_c_are_the_duels_bq47(size):
    """BQ-47: the duel's combat is the match's last. The play-test's final
    table still showed round 6's combat in "Last combat", and c opened it
    again: the duel's box could not be reopened. Both are the duel's."""
    state = duel_over_state()
    duel = state.duel
    seat = (duel.champion + 1) % 3
    app = ScreenApp(make_update(state, seat))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert ("Last combat: the duel · c opens it" in text
                or "c opens the Final Boss duel" in text), text
        assert f"Last combat: round {state.history[-1].round}" not in text, text
        assert f"against {duel.hp} HP" in text, text
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.holds_the_table
        text = screen_text(app)
        assert "Combat: the Final Boss duel" in text, text
        await pilot.press("enter")
        await pilot.pause()
        assert not app.screen.holds_the_table
