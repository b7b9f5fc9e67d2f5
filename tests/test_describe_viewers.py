"""Log lines per seat: `describe(state, seat, action, names, viewer)` words a
line for the seat that reads it (None: a spectator, the public line), and
never tells a viewer anything that viewer's `view` after the action would
not show (DESIGN: the match host sends each seat its own log; the rules of
hidden information of each game, cited per test)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from core import CHANCE
from core.bossquest import GAME as BOSS_QUEST
from core.bossquest.actions import Activate, DrawWeapon, GoToWizard, TargetKnight, TargetWeapon
from core.bossquest.cards import SpellKind
from core.engine import next_seat
from core.overboss import GAME as OVERBOSS
from core.overboss.actions import DealBoss
from core.overboss.bosses import CARDS as BOSS_CARDS
from core.overboss.components import Boss
from core.overstocked import GAME as OVERSTOCKED
from core.overstocked.actions import Deal, Pick
from tests.bossquest_tables import knight, spell, table, w
from tests.overstocked_tables import dealt_game
from tests.playouts import checked_playout, seeds
from tests.swaps import both_unseen, bq_unseen_only, relabel, swapped_pairs

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(3)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def replay_lines(
    game: Any,
    players: int,
    options: Any,
    seed: int,
    hidden_words: Callable[[Any, Any], Iterable[str]],
) -> int:
    """Play a random match; for every action and every viewer (each seat and
    a spectator), the line names none of the components that viewer's view
    after the action hides (`hidden_words(view, before)`: how the log would
    name them). Returns the number of lines checked."""
    _, journal = checked_playout(game, players, options, seed)
    state = game.setup(players, options)
    names = NAMES[:players]
    checked = 0
    for seat, action in journal:
        after = game.apply(state, seat, action)
        public = game.describe(state, seat, action, names=names)
        for viewer in [*range(players), None]:
            line = game.describe(state, seat, action, names=names, viewer=viewer)
            if viewer is None:
                assert line == public
            for word in hidden_words(game.view(after, viewer), state):
                assert not re.search(word, line), (viewer, word, line)
            checked += 1
        state = after
    return checked


def _bq_hidden(view, before) -> Iterable[str]:
    # A round that just ended shows every knight's weapons in its result
    # (BQ §3: all weapons are revealed), though they are back in the deck.
    shown = set()
    if len(view.history) > len(before.history):
        shown = {weapon for kit in view.history[-1].equipment for weapon in kit}
    return [rf"\b{weapon.code}\b" for weapon in view.unseen if weapon not in shown]


def _od_hidden(view, before) -> Iterable[str]:
    return [re.escape(BOSS_CARDS[boss].name) for boss in view.unseen]


def _os_hidden(view, before) -> Iterable[str]:
    # a crate card is "card 12" in the log (a "quantum card 3" is another
    # component), or "Ann 12" in the list of cards revealed
    who = "|".join(NAMES)
    return [
        pattern
        for number in view.unseen
        for pattern in (
            rf"(?<!quantum )\bcard {number}\b",
            rf"revealed: [^;]*\b(?:{who}) {number}\b",
        )
    ]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_boss_quest_lines_hide_what_views_hide(players, seed):
    """BQ §1 (the hidden weapon only its owner sees), BQ-10, BQ-24: no line
    names a weapon its viewer cannot see after the action."""
    options = BOSS_QUEST.Options(keep_green=bool(seed % 2))
    assert replay_lines(BOSS_QUEST, players, options, 500 + seed, _bq_hidden)


@pytest.mark.parametrize("seed", range(SEEDS))
def test_overboss_lines_hide_what_views_hide(seed):
    """OD §Boss Cards: no line names a Boss its viewer cannot see (the
    opponent's until revealed or the end, the undealt ones)."""
    options = OVERBOSS.Options(short_board=bool(seed % 2))
    assert replay_lines(OVERBOSS, 2, options, 600 + seed, _od_hidden)


@pytest.mark.parametrize(
    "players, options",
    [
        (2, OVERSTOCKED.Options()),
        (4, OVERSTOCKED.Options(quantum=True, forklifts=True, incentives=True)),
        (6, OVERSTOCKED.Options(advanced=True)),
        (2, OVERSTOCKED.Options(solo=True)),
    ],
)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_overstocked_lines_hide_what_views_hide(players, options, seed):
    """OS §Setup (hands are secret), OS-12 (a chosen card stays hidden until
    every card is chosen): no line names a card its viewer cannot see."""
    assert replay_lines(OVERSTOCKED, players, options, 700 + seed, _os_hidden)


# --- Boss Quest -----------------------------------------------------------------


def _to_deal(players: int):
    """A Boss Quest table whose next chance step deals the first hidden weapon."""
    state = BOSS_QUEST.setup(players, BOSS_QUEST.Options())
    while state.phase.value != "deal":
        action = BOSS_QUEST.chance_outcomes(state)[0][0]
        state = BOSS_QUEST.apply(state, CHANCE, action)
    return state


def test_boss_quest_hidden_deal_named_to_its_knight_only():
    """BQ §1: each knight is dealt a weapon face down that only its owner
    sees; the others and a spectator read that a hidden weapon was dealt."""
    state = _to_deal(3)
    target = next_seat(state.armorer, 3, 1)
    card = state.weapon_deck[0]
    action = DrawWeapon(card)
    mine = BOSS_QUEST.describe(state, CHANCE, action, names=NAMES[:3], viewer=target)
    assert mine == f"You are dealt a hidden weapon: {card.code}."  # your own, second person
    for viewer in (*(s for s in range(3) if s != target), None):
        line = BOSS_QUEST.describe(state, CHANCE, action, names=NAMES[:3], viewer=viewer)
        assert line == f"{NAMES[target]} is dealt a hidden weapon."
    assert BOSS_QUEST.describe(state, CHANCE, action, names=NAMES[:3]) == line
    # the visible round of the deal is public, named to everyone
    for _ in range(3):
        state = BOSS_QUEST.apply(state, CHANCE, BOSS_QUEST.chance_outcomes(state)[0][0])
    card = state.weapon_deck[0]
    lines = {
        BOSS_QUEST.describe(state, CHANCE, DrawWeapon(card), viewer=v) for v in (0, 1, 2, None)
    }
    assert len(lines) == 1 and card.code in lines.pop()


def test_boss_quest_swap_hidden_named_to_the_two_knights_bq24():
    """BQ-24: after "Swap hidden", each of the two knights reads the card
    received and the card given; the third knight and a spectator read
    neither."""
    swap = spell(SpellKind.SWAP_HIDDEN)
    ks = [knight("R1", "B2"), knight("Y6", "B3"), knight("P1", "B4")]
    state = table(ks, offer=(swap, spell(SpellKind.HP_MINUS_1), spell(SpellKind.HP_PLUS_1)))
    state = BOSS_QUEST.apply(state, 0, GoToWizard())
    state = BOSS_QUEST.apply(state, 0, Activate(0))
    action = TargetKnight(1)
    # each reads themselves in the second person (the line began "You swap")
    line = BOSS_QUEST.describe(state, 0, action, names=NAMES[:3], viewer=0)
    assert line == "You swap hidden weapons with Bob (you now hold Y6; Bob now holds R1).", line
    line = BOSS_QUEST.describe(state, 0, action, names=NAMES[:3], viewer=1)
    assert line == "Ann swaps hidden weapons with you (Ann now holds Y6; you now hold R1).", line
    for viewer in (2, None):
        line = BOSS_QUEST.describe(state, 0, action, names=NAMES[:3], viewer=viewer)
        assert line == "Ann swaps hidden weapons with Bob."


def test_boss_quest_swap_hidden_with_deck_named_to_its_knight_bq10():
    """BQ-10: a hidden weapon swapped with the deck's top card: its owner
    reads both cards (the one given, the one taken face down); the others
    read neither."""
    swap = spell(SpellKind.SWAP_DECK)
    state = table(
        [knight("R1", "B2"), knight("Y6", "B3")], offer=(swap, spell(SpellKind.HP_MINUS_1))
    )
    state = BOSS_QUEST.apply(state, 0, GoToWizard())
    state = BOSS_QUEST.apply(state, 0, Activate(0))
    give = TargetWeapon(w("R1"))
    assert "R1" in BOSS_QUEST.describe(state, 0, give, names=NAMES[:2], viewer=0)
    for viewer in (1, None):
        line = BOSS_QUEST.describe(state, 0, give, names=NAMES[:2], viewer=viewer)
        assert line == "Ann swaps their hidden weapon with the deck's top card."
    state = BOSS_QUEST.apply(state, 0, give)
    take = DrawWeapon(w("Y5"))
    assert "You take Y5 from the deck face down." in BOSS_QUEST.describe(
        state, CHANCE, take, names=NAMES[:2], viewer=0
    )
    for viewer in (1, None):
        line = BOSS_QUEST.describe(state, CHANCE, take, names=NAMES[:2], viewer=viewer)
        assert "Y5" not in line and "face down" in line


# --- Overboss Duel --------------------------------------------------------------


def test_overboss_secret_boss_named_to_its_owner_only():
    """OD §Boss Cards: each player's Boss is dealt face down; its owner reads
    which Boss, the opponent and a spectator that a secret Boss was dealt."""
    state = OVERBOSS.setup(2, OVERBOSS.Options())
    action = DealBoss(Boss.KING_CROAK)
    mine = OVERBOSS.describe(state, CHANCE, action, names=NAMES[:2], viewer=0)
    assert mine == "You are dealt a secret Boss: King Croak."
    for viewer in (1, None):
        line = OVERBOSS.describe(state, CHANCE, action, names=NAMES[:2], viewer=viewer)
        assert line == "Ann is dealt a secret Boss."
    state = OVERBOSS.apply(state, CHANCE, action)
    action = DealBoss(Boss.BELLADONNA)
    assert "Belladonna" in OVERBOSS.describe(state, CHANCE, action, viewer=1)
    assert "Belladonna" not in OVERBOSS.describe(state, CHANCE, action, viewer=0)
    assert "Belladonna" not in OVERBOSS.describe(state, CHANCE, action)


# --- Overstocked ----------------------------------------------------------------


def test_overstocked_hand_deal_named_to_its_seat_only():
    """OS §Setup: each player's hand is secret; the seat dealt a card reads
    which card, the others and a spectator that a card was dealt."""
    state = OVERSTOCKED.setup(3, OVERSTOCKED.Options())
    action = Deal(17)  # the deal goes round the table from seat 0
    assert OVERSTOCKED.describe(state, CHANCE, action, names=NAMES[:3], viewer=0) == (
        "You are dealt card 17."
    )
    for viewer in (1, 2, None):
        line = OVERSTOCKED.describe(state, CHANCE, action, names=NAMES[:3], viewer=viewer)
        assert line == "Ann is dealt a card."


def test_overstocked_secret_pick_named_to_its_chooser_os12():
    """OS-12: a chosen card stays hidden from the other players until all
    have chosen; the chooser reads their own card; the last choice reveals
    every card to everyone."""
    state = dealt_game(3)
    first = state.seats[0].hand[0]
    line = OVERSTOCKED.describe(state, 0, Pick(first), names=NAMES[:3], viewer=0)
    assert line == f"You choose card {first}."
    for viewer in (1, 2, None):
        line = OVERSTOCKED.describe(state, 0, Pick(first), names=NAMES[:3], viewer=viewer)
        assert line == "Ann chooses a card."
    state = OVERSTOCKED.apply(state, 0, Pick(first))
    state = OVERSTOCKED.apply(state, 1, Pick(state.seats[1].hand[0]))
    last = Pick(state.seats[2].hand[0])
    for viewer in (0, 1, 2, None):
        line = OVERSTOCKED.describe(state, 2, last, names=NAMES[:3], viewer=viewer)
        mine = "you" if viewer == 0 else "Ann"  # the reader's own card, as "you"
        assert "Cards revealed:" in line and f"{mine} {first}" in line


# --- Two deals a viewer cannot tell apart ---------------------------------------


def indistinguishable_deals(
    game: Any,
    players: int,
    options: Any,
    seed: int,
    pool: tuple[Any, ...],
    unseen_only: Callable[[Any, Any, Any], bool],
    pairs: int = 6,
) -> int:
    """Play a random match; then, for a few pairs (a, b) of components and
    every viewer, replay it with a and b exchanged in every chance outcome
    and choice. As long as the viewer's view holds both only among the
    unseen (`unseen_only(view, a, b)`), the two matches must give that
    viewer the same view and the same log lines: nothing (a derived field,
    a count, a log line) tells them apart. Returns the steps compared."""
    from core import IllegalAction

    _, journal = checked_playout(game, players, options, seed)
    compared = 0
    for a, b, swap in swapped_pairs(journal, pool, seed, pairs):
        for viewer in [*range(players), None]:
            mine = theirs = game.setup(players, options)
            for seat, action in journal:
                other = relabel(action, swap)
                try:
                    after_theirs = game.apply(theirs, seat, other)
                except IllegalAction:
                    break  # the exchanged card changes what is legal: the matches part
                after_mine = game.apply(mine, seat, action)
                seen = game.view(after_mine, viewer)
                if not (
                    unseen_only(seen, a, b) and unseen_only(game.view(after_theirs, viewer), a, b)
                ):
                    break
                assert game.view(after_theirs, viewer) == seen, (viewer, a, b, action)
                line = game.describe(mine, seat, action, names=NAMES[:players], viewer=viewer)
                assert line == game.describe(
                    theirs, seat, other, names=NAMES[:players], viewer=viewer
                ), (viewer, a, b)
                compared += 1
                mine, theirs = after_mine, after_theirs
    return compared


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(SEEDS))
def test_boss_quest_deals_a_viewer_cannot_tell_apart(players, seed):
    """BQ §1, BQ-10, BQ-24: two matches that differ only in weapons a knight
    has not seen look and read the same to that knight (and a spectator)."""
    from core.bossquest import cards as bq_cards

    pool = bq_cards.weapons(True)
    options = BOSS_QUEST.Options(keep_green=True)
    assert indistinguishable_deals(BOSS_QUEST, players, options, 800 + seed, pool, bq_unseen_only)


@pytest.mark.parametrize("seed", range(SEEDS))
def test_overboss_deals_a_viewer_cannot_tell_apart(seed):
    """OD §Boss Cards: two matches that differ only in Bosses a player has not
    seen look and read the same to that player (and a spectator)."""
    from core.overboss.components import BOSSES

    assert indistinguishable_deals(
        OVERBOSS, 2, OVERBOSS.Options(), 850 + seed, BOSSES, both_unseen
    )


@pytest.mark.parametrize(
    "players, options",
    [
        (3, OVERSTOCKED.Options()),
        (4, OVERSTOCKED.Options(quantum=True, forklifts=True, incentives=True)),
        (2, OVERSTOCKED.Options(solo=True)),
    ],
)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_overstocked_deals_a_viewer_cannot_tell_apart(players, options, seed):
    """OS §Setup (secret hands), OS-12 (secret picks), OS §Solo Setup (the
    bot's bonus counts the player's hand): two matches that differ only in
    cards a seat has not seen look and read the same to that seat (and a
    spectator)."""
    from core.overstocked.cards import NUMBERS

    assert indistinguishable_deals(
        OVERSTOCKED, players, options, 870 + seed, NUMBERS, both_unseen, pairs=10
    )


def test_boss_quest_a_dark_spell_on_oneself_reads_themselves():
    """BQ §Activating a spell: a dark spell goes in front of any knight,
    yourself included. The log read "Ann activates Attack +2 on Ann.": the
    others read "on themselves", Ann "on yourself"."""
    atk = spell(SpellKind.ATTACK_PLUS_2)
    state = table([knight("R1", "B2"), knight("Y6", "B3")],
                  offer=(atk, spell(SpellKind.HP_MINUS_1)))
    state = BOSS_QUEST.apply(state, 0, GoToWizard())
    state = BOSS_QUEST.apply(state, 0, Activate(0))
    line = BOSS_QUEST.describe(state, 0, TargetKnight(0), names=NAMES[:2], viewer=0)
    assert line.startswith("You activate Attack +2 on yourself"), line
    for viewer in (1, None):
        line = BOSS_QUEST.describe(state, 0, TargetKnight(0), names=NAMES[:2], viewer=viewer)
        assert line.startswith("Ann activates Attack +2 on themselves"), line
    line = BOSS_QUEST.describe(state, 0, TargetKnight(1), names=NAMES[:2], viewer=1)
    assert line.startswith("Ann activates Attack +2 on you"), line
