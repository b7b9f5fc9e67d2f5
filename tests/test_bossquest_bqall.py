"""Boss Quest with every option, 3-4 knights, hot-seat: the play-test's
rule findings (qa bqall).

1. An Owl's look at the mystery spell (BQ-33) drew it early, and at the
   round's end the unused card was discarded in silence: no "The mystery
   spell was ...; it is discarded." line, which a round without a look
   has (BQ-13). Whoever looked, it is turned face up as it is discarded.
2. u took back a potion's reading and a visit to the Wizard, both of which
   the rulebook calls final (BQ-54).
"""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.actions import (
    ActivateMystery,
    DiscardMystery,
    PeekMystery,
    RevealSpell,
)
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import settle

PEOPLE = (PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"), PlayerSpec("Cora", "human"))
NAMES = tuple(p.name for p in PEOPLE)


def _owl_round(tmp_path, seed: int) -> tuple[Match, int, object]:
    """A seeded match with Companions, played at random until a round in
    which the Owl looked at the mystery spell and nobody used it has ended:
    the match, the index of that look's card in the history, and the card."""
    rng = random.Random(seed)
    options = attrs.evolve(GAME.Options(), companions=True, final_boss=seed % 2 == 0)
    match = Match.new(GAME.id, PEOPLE, options, directory=tmp_path, seed=seed)
    seen: tuple[int, object, int] | None = None
    for _ in range(5000):
        seats = match.to_act()
        if seen is not None and (not seats or match.state.round != seen[2]):
            return match, seen[0], seen[1]
        assert seats, "the match ended before an Owl's look went unused"
        if CHANCE in seats:
            match.step_chance(rng)
            action = match.history[-1][1]
            if isinstance(action, RevealSpell) and isinstance(match.history[-2][1], PeekMystery):
                seen = (len(match.history) - 1, action.spell, match.state.round)
            continue
        seat = min(seats)
        legal = GAME.legal_actions(match.state, seat)
        peek = [a for a in legal if isinstance(a, PeekMystery)]
        # the mystery is never used: it is left to the round's end
        choices = peek or [a for a in legal
                           if not isinstance(a, (ActivateMystery, DiscardMystery))] or legal
        action = rng.choice(choices)
        if isinstance(action, (ActivateMystery, DiscardMystery)):
            seen = None  # used after all (forced): look for another round
        match.apply(seat, action)
    raise AssertionError("no round with an unused, looked-at mystery spell")


@pytest.mark.parametrize("seed", [3, 4, 6, 7])
def test_an_unused_mystery_the_owl_looked_at_is_turned_at_the_rounds_end_bq13_bq33(
        tmp_path, seed):
    """BQ-13: a mystery spell still face down when the round ends is turned
    and discarded; BQ-33: one the Owl looked at is that card, turned face up
    (with no further draw). Everyone's log names it, as without a look."""
    match, looked, card = _owl_round(tmp_path, seed)
    turned = f"The mystery spell was {card}; it is discarded."
    for viewer in (None, 0, 1, 2):
        log = "\n".join(match.log(viewer)[looked + 1:])
        assert turned in log, (viewer, log[-600:])
        # after the round's combat, as it is without a look
        assert log.index("Combat vs") < log.index(turned), log[-600:]
    # the journal, replayed, tells it the same way
    path = match.path
    match.close()
    loaded = Match.load(path)
    assert loaded.ok, loaded.problems
    assert turned in "\n".join(loaded.match.log(None))
    loaded.match.close()


# --- 2. a final choice is not taken back (BQ-54) -------------------------------------


def _session(tmp_path, shared: bool, seed: int = 1, **options):
    """Three human knights with `options` (Potions unless told), at one
    terminal (one link holds every seat) or at a shared table (a link per
    seat, as the hub's)."""
    from host.session import Session
    from tests.test_host_session import Recorder

    options = attrs.evolve(GAME.Options(), **(options or {"potions": True}))
    match = Match.new(GAME.id, PEOPLE, options, directory=tmp_path, seed=seed)
    session = Session(match, seed=seed)
    if shared:
        links = {s: session.connect(Recorder(), {s}) for s in range(3)}
    else:
        one = session.connect(Recorder(), {0, 1, 2})
        links = {s: one for s in range(3)}
    session.start()
    return session, links


@pytest.mark.parametrize("shared", [False, True], ids=["one-terminal", "shared-table"])
def test_going_to_the_wizard_is_not_taken_back_bq54(tmp_path, shared):
    """BQ §2B: "Careful — this choice is final"; BQ-54: u takes back a
    spell discarded at the Wizard (an ordinary move), not the visit; the
    refusal says why. The play-test's u took back both."""
    from core.bossquest.actions import Discard, GoToWizard, ReadPotion
    from host.messages import SeatCommand
    from tests.test_host_session import refused

    session, links = _session(tmp_path, shared)
    while True:  # a potion dealt face up is read first (BQ-31)
        seat = min(session.game.to_act(session.match.state))
        legal = session.game.legal_actions(session.match.state, seat)
        if GoToWizard() in legal:
            break
        assert links[seat].send(SeatCommand.play(seat, ReadPotion(1))) is None
    link = links[seat]
    assert link.send(SeatCommand.play(seat, GoToWizard())) is None
    assert not session.update_for(seat).can_undo
    assert refused(session, link, SeatCommand.undo(seat)) == (
        "Nothing to take back: going to the Wizard is final, as the rulebook says "
        "(house ruling BQ-54).")
    discard = next(a for a in session.game.legal_actions(session.match.state, seat)
                   if isinstance(a, Discard))
    assert link.send(SeatCommand.play(seat, discard)) is None
    assert session.update_for(seat).can_undo  # the discard: an ordinary move
    assert link.send(SeatCommand.undo(seat)) is None
    assert session.match.history[-1] == (seat, GoToWizard())
    assert not session.update_for(seat).can_undo
    assert "going to the Wizard is final" in refused(session, link, SeatCommand.undo(seat))


def _to_a_reading(session, links, rng):
    """Play at random until a knight has just read a potion, the match's
    last action (a potion asked for); that knight."""
    from core.bossquest.actions import ReadPotion
    from host.messages import SeatCommand

    for _ in range(3000):
        state = session.match.state
        seat = min(session.game.to_act(state))
        legal = session.game.legal_actions(state, seat)
        action = next((a for a in legal if isinstance(a, ReadPotion)), None) or rng.choice(legal)
        assert links[seat].send(SeatCommand.play(seat, action)) is None
        if isinstance(action, ReadPotion) and session.match.history[-1] == (seat, action):
            return seat  # (not one of the deal's: the deal goes on after it)
    raise AssertionError("no potion read")


@pytest.mark.parametrize("shared", [False, True], ids=["one-terminal", "shared-table"])
def test_a_potions_reading_is_not_taken_back_bq54(tmp_path, shared):
    """BQ §Potions: "They cannot change it afterward"; BQ-54."""
    from host.messages import SeatCommand
    from tests.test_host_session import refused

    session, links = _session(tmp_path, shared, seed=5)
    seat = _to_a_reading(session, links, random.Random(5))
    assert not session.update_for(seat).can_undo
    assert refused(session, links[seat], SeatCommand.undo(seat)) == (
        "Nothing to take back: a potion's reading is final, as the rulebook says "
        "(house ruling BQ-54).")


def test_a_saved_take_back_of_a_reading_still_loads_bq54(tmp_path):
    """A match saved before BQ-54 took back a potion's reading (the
    play-test's match A): its journal still replays, the take-back kept."""
    from core.bossquest.actions import ReadPotion
    from saves import journal

    session, links = _session(tmp_path, shared=False, seed=5)
    seat = _to_a_reading(session, links, random.Random(5))
    match = session.match
    before = match.state_before(len(match.history) - 1)
    match._write(journal.undo_line(seat, 1) + "\n")  # as the old rules let it
    path = match.path
    match.close()
    loaded = Match.load(path)
    assert loaded.ok, loaded.problems
    assert loaded.match.state == before
    assert any(isinstance(a, ReadPotion) for a in GAME.legal_actions(before, seat))
    loaded.match.close()


# --- 4. the combat that ends the game says so ------------------------------------------


def _result(keys, hearts, *, final_boss=True, winners=(0,)):
    from core.bossquest.state import RoundResult
    from tests.bossquest_tables import w

    n = len(keys)
    return RoundResult(
        round=4, boss=17, hp=17, equipment=tuple((w("R7"), w("B9")) for _ in range(n)),
        strengths=(16,) * n, eliminated=("",) * n, winners=frozenset(winners),
        perfect=frozenset(), keys_gained=(1,) + (0,) * (n - 1),
        hearts_lost=tuple(1 if h == 0 else 0 for h in hearts), spells=(),
        keys_after=tuple(keys), hearts_after=tuple(hearts), final_boss=final_boss)


@pytest.mark.parametrize(("keys", "hearts", "final_boss", "said"), [
    ((3, 2, 1), (2, 3, 1), True, ""),
    ((5, 2, 1), (2, 3, 1), False, "The game is over: Ann reaches 5 keys and wins it."),
    ((5, 2, 1), (2, 3, 1), True, "The game is over: Ann reaches 5 keys and wins it. The Final "
                                 "Boss duel follows: Ann against the MegaBoss."),
    ((2, 3, 4), (2, 0, 1), True, "The game is over: Bram lost their last heart; Cora wins it "
                                 "on keys. The Final Boss duel follows: Cora against the MegaBoss."),
    ((2, 3, 2), (2, 0, 1), False, "The game is over: Bram lost their last heart; Ann wins it "
                                  "on keys, then hearts."),
    ((5, 5, 1), (2, 2, 1), True, "The game is over: Ann and Bram reach 5 keys and win it. No "
                                 "Final Boss duel: only a single winner faces the MegaBoss."),
    # a play-test: Bram had 4 keys, a PERFECT gave 2, the box said "reaches 5 keys"
    ((6, 2, 1), (2, 3, 1), False, "The game is over: Ann reaches 6 keys and wins it."),
    ((6, 6, 1), (2, 1, 1), False, "The game is over: Ann and Bram reach 6 keys; Ann wins it."),
    ((6, 5, 1), (2, 2, 1), False, "The game is over: Ann and Bram reach 5 keys or more; Ann "
                                  "wins it."),
    ((3, 3, 3), (0, 0, 0), True, "The game is over: Ann, Bram and Cora lost their last hearts; "
                                 "Ann, Bram and Cora win it. No Final Boss duel: only a single "
                                 "winner faces the MegaBoss."),
])
def test_the_combat_that_ends_the_game_says_why_and_who_wins(keys, hearts, final_boss, said):
    """BQ §End of the game (5 keys at three knights, or a knight's last
    heart lost), BQ-9, BQ-17; BQ §Final Boss: the game's one winner faces
    the MegaBoss (BQ-38), with a heart left (BQ-46). Play-test: the round's
    combat box said only "on to the table" as Ann reached 5 keys."""
    from core.bossquest.rules import game_over_line

    name = ("Ann", "Bram", "Cora").__getitem__
    assert game_over_line(_result(keys, hearts, final_boss=final_boss), name) == said


async def test_the_combat_box_of_the_last_round_says_the_game_is_over():
    from textual.app import App

    from tests.screen_kit import screen_text
    from tui.screens.bossquest import CombatScreen

    async def combat(result):
        class Shown(App):
            def on_mount(self):
                self.push_screen(CombatScreen(result, ("Ann", "Bram", "Cora").__getitem__,
                                              then="the Final Boss duel", last=False))

        app = Shown()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            return " ".join(screen_text(app).split())

    text = await combat(_result((2, 3, 4), (2, 0, 1)))
    assert "The game is over: Bram lost their last heart; Cora wins it" in text, text
    assert "duel follows: Cora against the" in text, text
    assert text.index("game is over") < text.index("Enter, space or Escape: on to the Final")
    text = await combat(_result((3, 2, 1), (2, 3, 1)))
    assert "game is over" not in text, text


# --- 5. the final table after the duel agrees with its story ----------------------------


async def test_the_final_table_shows_the_champions_hearts_after_the_duel():
    """BQ §Final Boss: hearts sacrificed at the duel's combat are gone ("With
    1 heart left, the champion becomes an Honor Knight"). Play-test: after
    Bram sacrificed 2 of his 3 hearts, the final table's row read "♥3"
    beside that story. The row shows the hearts the duel left; the others'
    rows and the standings keep the game's (BQ-26)."""
    from core.bossquest.rules import ENDINGS
    from tests.bossquest_screen_kit import ScreenApp, make_update, screen_text
    from tests.test_tui_bossquest_final import duel_over_state

    state = duel_over_state()
    champ = state.duel.champion
    knights = list(state.knights)
    knights[champ] = attrs.evolve(knights[champ], hearts=3, keys=6)
    duel = attrs.evolve(state.duel, hearts_before=3, sacrificed=2, won=True, ending=ENDINGS[1])
    state = attrs.evolve(state, knights=tuple(knights), duel=duel, ending=ENDINGS[1])
    seat = (champ + 1) % 3
    app = ScreenApp(make_update(state, seat))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "♥1 ⚷6" in text and "♥3 ⚷6" not in text, text


# --- 10. the cover says why it calls a knight at combat ---------------------------------


def _at_a_combat_reading(tmp_path):
    """Two people here (Ann, Bram) with Potions: a match played at random
    to a face-down potion read at combat (BQ-31) by one of them."""
    from core.bossquest.state import Phase
    from core.playout import sample_chance

    options = attrs.evolve(GAME.Options(), potions=True)
    for seed in range(300):
        rng = random.Random(seed)
        state = GAME.setup(2, options)
        history = []
        while GAME.outcome(state) is None:
            if state.phase is Phase.READ_POTION and state.resume == "combat":
                break
            seat = min(GAME.to_act(state))
            action = (sample_chance(GAME.chance_outcomes(state), rng) if seat == CHANCE
                      else rng.choice(GAME.legal_actions(state, seat)))
            history.append((seat, action))
            state = GAME.apply(state, seat, action)
        else:
            continue
        match = Match.new(GAME.id, PEOPLE[:2], options, directory=tmp_path)
        for seat, action in history:
            match.apply(seat, action)
        return match, state.reader
    raise AssertionError("no potion read at combat")


async def test_the_cover_says_a_knight_is_called_to_read_their_potion(tmp_path, monkeypatch):
    """BQ §Potions: a face-down potion is read when it is revealed at
    combat (BQ-31). Play-test: the cover said only "Pass to Ann / Only Ann
    should look now", and later "Bram again: the bots have moved"; it says
    why: to read the potion, every weapon being face up (no secret)."""
    from tests.screen_kit import wait_for
    from tui.app import OvertableApp
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    match, reader = _at_a_combat_reading(tmp_path)
    name = NAMES[reader]
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(match)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        assert cover.player == name
        said = f"{cover.heading or ''} {cover.why}"
        assert "read your face-down potion: combat has turned every weapon face up" in said, said
        text = " ".join(str(w.render()) for w in cover.query("Static"))
        assert "read your face-down potion" in text, text


def _to_the_duels_fight(tmp_path, shared: bool):
    """A match of three human knights with the Final Boss played at random
    until its champion may fight (a seed whose quest has a single winner)."""
    from core.bossquest.actions import Fight
    from core.bossquest.state import Phase
    from host.messages import SeatCommand

    for seed in range(1, 40):
        session, links = _session(tmp_path / str(seed), shared, seed, final_boss=True)
        rng = random.Random(seed)
        for _ in range(4000):
            state = session.match.state
            if state.phase is Phase.OVER:
                break
            seat = min(session.game.to_act(state))
            legal = session.game.legal_actions(state, seat)
            if Fight() in legal:
                return session, links, seat
            # the duel: one request, then the fight (asks end the deck otherwise)
            action = rng.choice(legal)
            assert links[seat].send(SeatCommand.play(seat, action)) is None
        session.match.close()
    raise AssertionError("no Final Boss duel reached")


@pytest.mark.parametrize("shared", [False, True], ids=["one-terminal", "shared-table"])
def test_fight_in_the_duel_may_be_taken_back_bq54(tmp_path, shared):
    """BQ-54 (its sentence on the Final Boss duel's Fight!): "Fight!" turns
    the champion's weapons face up for the whole table (BQ §Final Boss,
    BQ-48) but draws no card and shows the champion nothing it did not
    know (it looked at each weapon as it came, BQ §Final Boss), and no
    other knight moves before the combat: u takes it back, the weapons
    face down again (the play-test asked whether it should). What the
    defeated knights saw can only cost the champion."""
    from core.bossquest.actions import Fight
    from core.bossquest.state import Phase
    from host.messages import SeatCommand

    session, links, champ = _to_the_duels_fight(tmp_path, shared)
    other = next(s for s in range(3) if s != champ)
    before = GAME.view(session.match.state, other).knights[champ]
    assert any(c.weapon is None for c in before.night)  # face down to the others
    mine = GAME.view(session.match.state, champ)
    assert links[champ].send(SeatCommand.play(champ, Fight())) is None
    after = session.match.state
    assert after.phase in (Phase.DUEL_SACRIFICE, Phase.READ_POTION)
    shown = GAME.view(after, other).knights[champ]
    assert all(c.weapon is not None for c in shown.night)  # face up for the table
    # the champion saw nothing new: its weapons as it knew them
    assert sorted(c.weapon for c in GAME.view(after, champ).knights[champ].night) == sorted(
        c.weapon for c in mine.knights[champ].night)
    assert session.update_for(champ).can_undo
    assert links[champ].send(SeatCommand.undo(champ)) is None
    state = session.match.state
    assert Fight() in GAME.legal_actions(state, champ)
    assert GAME.view(state, other).knights[champ] == before  # face down again
    session.match.close()


def test_the_fights_take_back_is_written_in_bq54_and_the_in_app_rules():
    from pathlib import Path

    from tui.resources import rules_text

    rulings = " ".join((Path(__file__).parent.parent / "docs" / "rulings.md")
                       .read_text(encoding="utf-8").split())
    bq54 = rulings[rulings.index("- BQ-54"):rulings.index("## Overseers")]
    assert "The Final Boss duel's \"Fight!\" is such a move" in bq54, bq54
    shown = " ".join(rules_text(GAME.id).split())
    ruling = shown[shown.index("House ruling BQ-54"):]
    assert "So can the Final Boss duel's Fight!" in ruling[:700], ruling[:700]
