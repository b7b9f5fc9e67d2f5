"""An outside check of Boss Quest's base game against the rulebook.

The referee below is written from the rulebook alone (BQ §2 Player turns,
§3 Combat, §End of the game, §Setting up a new round, §Spell effects,
§6 Players, §2 Players); it reads the table's cards and spells and nothing
of the engine's own arithmetic. Seeded random games are played through the
public protocol (legal actions, apply, chance outcomes) and every step and
every combat is checked against it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core.bossquest import GAME
from core.bossquest.actions import (
    Ask,
    DrawWeapon,
    GoToWizard,
    TargetKnight,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import SpellKind
from core.bossquest.state import Options, Phase, Step
from core.engine import CHANCE

K = SpellKind
#: BQ §Spell effects, the dark cards' printed changes to a knight's strength
ATTACK = {K.ATTACK_PLUS_1: 1, K.ATTACK_PLUS_2: 2, K.ATTACK_MINUS_1: -1, K.ATTACK_MINUS_2: -2}
#: and the light cards' printed changes to the Boss's HP
HP = {K.HP_PLUS_1: 1, K.HP_PLUS_2: 2, K.HP_MINUS_1: -1, K.HP_MINUS_2: -2}


# --- the referee: the rulebook's arithmetic, written out again ---------------


def ref_hp(boss, spells):
    """BQ §Spell effects: the Boss's HP with the light HP cards next to it."""
    return boss + sum(HP.get(a.spell.kind, 0) for a in spells)


def ref_strength(weapons, seat, spells):
    """BQ §1: the total of a knight's weapons; BQ §Spell effects: plus the
    dark attack cards placed in front of that knight."""
    return sum(w.value for w in weapons) + sum(
        ATTACK.get(a.spell.kind, 0) for a in spells if a.target == seat
    )


def ref_meets(weapons, spells):
    """BQ §Spell effects: "at least 1 WEAPON card of the required color";
    "at least 2 WEAPON cards of the same color"."""
    colours = Counter(w.colour for w in weapons)
    for a in spells:
        if a.spell.kind is K.NEED_COLOUR and colours[a.spell.colour] == 0:
            return False
        if a.spell.kind is K.NEED_PAIR and max(colours.values(), default=0) < 2:
            return False
    return True


def ref_combat(boss, equipment, spells, hearts, keys):
    """BQ §3 Combat (with BQ-8 and BQ-20): who is out, who loses a heart,
    who wins keys. Returns (hp, strengths, out, hearts_lost, winners,
    perfect, gained)."""
    n = len(equipment)
    kinds = {a.spell.kind for a in spells}
    hp = ref_hp(boss, spells)
    strengths = [ref_strength(equipment[s], s, spells) for s in range(n)]
    out = []
    for s in range(n):
        if strengths[s] > hp:
            out.append("over")
        elif not ref_meets(equipment[s], spells):
            out.append("spell")
        else:
            out.append("")
    lost = [
        1 if out[s] == "over" and K.NO_HEART_LOSS not in kinds and hearts[s] > 0 else 0
        for s in range(n)
    ]
    left = [s for s in range(n) if not out[s]]
    # closest, then fewest weapon cards; still tied, all of them
    ranks = sorted({(hp - strengths[s], len(equipment[s])) for s in left})
    place = 1 if K.SECOND_CLOSEST in kinds else 0
    winners = set()
    if len(ranks) > place:
        winners = {s for s in left if (hp - strengths[s], len(equipment[s])) == ranks[place]}
    perfect = {s for s in left if strengths[s] == hp}
    per_win = 2 if K.EXTRA_KEY in kinds else 1
    gained = [(per_win if s in winners else 0) + (1 if s in perfect else 0) for s in range(n)]
    return hp, strengths, out, lost, winners, perfect, gained


def ref_game_over(players, hearts, keys):
    """BQ §End of the game: 5 keys (4 at 5 and, BQ §6 Players, at 6), or a
    knight's last heart lost."""
    target = 4 if players >= 5 else 5
    return any(h == 0 for h in hearts) or any(k >= target for k in keys)


def ref_winners(hearts, keys):
    """BQ §End of the game: most keys, then most hearts, still tied all;
    a knight who lost the last heart has lost the game (BQ-17)."""
    alive = [s for s in range(len(hearts)) if hearts[s] > 0] or list(range(len(hearts)))
    best = max((keys[s], hearts[s]) for s in alive)
    return {s for s in alive if (keys[s], hearts[s]) == best}


def weapons(knight):
    return ([knight.hidden.weapon] if knight.hidden else []) + list(knight.visible)


# --- playing random games through the protocol -------------------------------


def pick_chance(state, rng):
    outcomes = GAME.chance_outcomes(state)
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r <= 0:
            return action
    return outcomes[-1][0]


def pick_knight(state, seat, legal, rng):
    """A loose player: asks while far below the HP, often near it, sometimes
    at random, so games see over-HP knights, ties and PERFECTs."""
    if state.step is Step.CHOOSE and rng.random() > 0.15:
        gap = GAME.current_hp(state) - GAME.strength(state, seat)
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks and (gap >= 5 or (gap > 0 and rng.random() < 0.45)):
            small = [a for a in asks if a.count <= max(1, gap // 4)]
            return rng.choice(small or asks)
        if GoToWizard() in legal:
            return GoToWizard()
    return rng.choice(legal)


def check_choice(state, seat, legal):
    """BQ §2A: 1 to 4 cards (1 to 3 at six knights), never more than the
    deck holds (BQ-19); over the HP, only the Wizard (BQ §2A, BQ-18)."""
    knight = state.knights[seat]
    mine = ref_strength(weapons(knight), seat, state.active)
    hp = ref_hp(state.boss, state.active)
    if mine > hp:
        assert set(legal) == {GoToWizard()}, (mine, hp, legal)
        return
    most = min(3 if state.players == 6 else 4, len(state.weapon_deck) + len(state.deck_top))
    assert set(legal) == {Ask(c) for c in range(1, most + 1)} | {GoToWizard()}


def check_round_start(state):
    """BQ §Setup and §1: one hidden and one visible card each; the layout of
    spells by player count (BQ §2 Players, §6 Players); the first turn is
    the Armorer's left (BQ §2)."""
    n = state.players
    for k in state.knights:
        assert k.hidden is not None and len(k.visible) == 1 and not k.at_wizard
        if not state.history:
            # BQ §Setup: "Each player receives 3 HEART tokens"; no key yet
            assert (k.hearts, k.keys) == (3, 0)
    face_up = 3 if n == 2 and state.options.two_player_spells else 5 if n == 6 else n
    assert len(state.offer) == face_up and all(s is not None for s in state.offer)
    assert state.mystery == (n < 6)
    assert state.turn == (state.armorer + 1) % n
    # BQ §Setup: with 2-4 knights no green weapon; with 5-6 all 35
    deck = list(state.weapon_deck) + [w for k in state.knights for w in weapons(k)]
    green = n >= 5 or state.options.keep_green
    assert len(deck) == (35 if green else 28)
    # the spell cards are all somewhere: deck, discards, offer (and, at
    # 2-4 knights, the green spell is out of the game)
    spells = list(state.spell_deck) + list(state.spell_discard) + list(state.offer)
    assert len(spells) == (23 if green else 22)


def play_random(players, seed, options=None, on_combat=None, max_steps=20000):
    rng = random.Random(seed)
    state = GAME.setup(players, options or Options())
    combats = 0
    last_round = -1
    for _ in range(max_steps):
        if state.phase is Phase.OVER:
            break
        actors = GAME.to_act(state)
        (seat,) = actors
        if state.phase is Phase.TURN and state.round != last_round:
            last_round = state.round
            check_round_start(state)
        if seat == CHANCE:
            action = pick_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, seat)
            assert legal, state.phase
            if state.step is Step.CHOOSE:
                check_choice(state, seat, legal)
            action = pick_knight(state, seat, legal, rng)
        before = state
        state = GAME.apply(state, seat, action)
        if len(state.history) > len(before.history):
            combats += 1
            check_combat(before, seat, action, state)
            if on_combat:
                on_combat(before, action, state)
        else:
            check_step(before, seat, action, state)
    assert state.phase is Phase.OVER, "a game did not end"
    return state, combats


LIGHT_PLACED = {
    K.HP_PLUS_1, K.HP_PLUS_2, K.HP_MINUS_1, K.HP_MINUS_2, K.NEED_COLOUR, K.NEED_PAIR,
    K.NO_HEART_LOSS, K.EXTRA_KEY, K.SECOND_CLOSEST, K.FINAL_TURN,
}


def check_spells(before, seat, action, after):
    """BQ §Spell Cards A/B and §Spell effects: what each spell does to the
    spells in play and to the weapons, step by step (so the spells combat
    reads are the ones the rules put there)."""
    from core.bossquest.actions import Activate, Discard, RevealSpell
    from core.bossquest.state import ActiveSpell

    placed = None
    if isinstance(action, Activate):
        placed = before.offer[action.slot]
    elif isinstance(action, RevealSpell) and before.phase is Phase.REVEAL_MYSTERY:
        placed = action.spell
    if placed is not None and placed.kind in LIGHT_PLACED:
        # a light card goes next to the Boss at once
        assert after.active == before.active + (ActiveSpell(placed),)
        return
    casting = before.casting
    if isinstance(action, TargetKnight) and casting is not None:
        if casting.kind in ATTACK:
            # a dark card goes in front of the knight chosen, self included
            assert after.active == before.active + (ActiveSpell(casting, action.seat),)
        else:
            # "Swaps the hidden WEAPON card ... with the hidden WEAPON card
            # of another player. Once used, it is discarded."
            assert casting.kind is K.SWAP_HIDDEN and action.seat != seat
            assert after.knights[seat].hidden.weapon == before.knights[action.seat].hidden.weapon
            assert after.knights[action.seat].hidden.weapon == before.knights[seat].hidden.weapon
            assert after.active == before.active
            assert Counter(after.spell_discard) - Counter(before.spell_discard) == {casting: 1}
        return
    if isinstance(action, TargetSpell):
        # "Cancels an activated SPELL card ... both SPELL cards are discarded"
        gone = before.active[action.index]
        assert after.active == before.active[: action.index] + before.active[action.index + 1:]
        assert Counter(after.spell_discard) - Counter(before.spell_discard) == Counter(
            [gone.spell, casting])
        return
    if before.phase is Phase.SWAP_DRAW:
        # "Swaps one of the WEAPON cards ... with the top card of the WEAPON
        # deck" (BQ-10: the old card goes on top of the deck)
        old, new = before.swap_weapon, action.weapon
        mine = Counter(weapons(before.knights[before.turn]))
        mine[old] -= 1
        mine[new] += 1
        assert Counter(weapons(after.knights[before.turn])) == +mine
        assert after.deck_top[0].weapon == old
    if isinstance(action, Discard):
        assert Counter(after.spell_discard) - Counter(before.spell_discard) == {
            before.offer[action.slot]: 1}
    assert after.active == before.active


def check_step(before, seat, action, after):
    """BQ §2: the turn passes left to the next knight still in phase A;
    the last knight in phase A asks once, then meets the Wizard."""
    if after.round == before.round and after.phase is not Phase.OVER:
        check_spells(before, seat, action, after)
        # every weapon is somewhere: in the deck or in front of a knight
        green = before.players >= 5 or before.options.keep_green
        count = len(after.weapon_deck) + len(after.deck_top) + sum(
            len(weapons(k)) for k in after.knights)
        assert count == (35 if green else 28)
        # and every Boss: the deck, the discards and the one out
        assert len(after.boss_deck) + len(after.boss_discard) + (after.boss is not None) == 8
    if seat == CHANCE and isinstance(action, DrawWeapon) and after.phase is Phase.TURN \
            and before.phase is Phase.DRAW and after.to_draw == 0:
        asker = before.turn
        others_done = all(k.done for s, k in enumerate(after.knights) if s != asker)
        if others_done and not before.final_turn:
            assert after.turn == asker and after.step is Step.WIZARD, "last ask, then Wizard"
        elif before.final_turn:
            assert after.knights[asker].done  # BQ §Spell effects, Final turn
        else:
            n = before.players
            expect = next(
                (asker + i) % n for i in range(1, n + 1)
                if not after.knights[(asker + i) % n].done
            )
            assert after.turn == expect


def check_combat(before, seat, action, after):
    result = after.history[-1]
    n = before.players
    # the equipment fought with is the table's (a draw that ended the
    # round adds its card; the swaps change cards and are left aside)
    if not isinstance(action, (TargetWeapon, TargetKnight)) and before.phase is not Phase.SWAP_DRAW:
        for s in range(n):
            mine = weapons(before.knights[s])
            if before.phase is Phase.DRAW and s == before.turn:
                mine = mine + [action.weapon]
            assert Counter(result.equipment[s]) == Counter(mine)
    if not isinstance(action, TargetSpell):
        assert set(before.active) <= set(result.spells)
    assert result.boss == before.boss
    hearts = [k.hearts for k in before.knights]
    keys = [k.keys for k in before.knights]
    equipment = [list(e) for e in result.equipment]
    hp, strengths, out, lost, winners, perfect, gained = ref_combat(
        before.boss, equipment, result.spells, hearts, keys
    )
    assert result.hp == hp
    assert list(result.strengths) == strengths
    assert list(result.eliminated) == out
    assert list(result.hearts_lost) == lost
    assert set(result.winners) == winners
    assert set(result.perfect) == perfect
    assert list(result.keys_gained) == gained
    hearts_after = [hearts[s] - lost[s] for s in range(n)]
    keys_after = [keys[s] + gained[s] for s in range(n)]
    assert [k.hearts for k in after.knights] == hearts_after
    assert [k.keys for k in after.knights] == keys_after
    if ref_game_over(n, hearts_after, keys_after):
        if after.phase is Phase.CLEAR_MYSTERY:
            # BQ-13: the game's last round turns its face-down mystery too
            assert before.mystery and before.mystery_card is None
            after = GAME.apply(after, CHANCE, GAME.chance_outcomes(after)[0][0])
            assert not after.mystery and result.spells == after.history[-1].spells
        assert after.phase is Phase.OVER
        assert set(GAME.outcome(after).winners) == ref_winners(hearts_after, keys_after)
    else:
        # BQ §Setting up a new round: the Armorer moves left, the weapons
        # are gathered, the round's spells discarded
        assert after.phase is not Phase.OVER
        if after.phase is Phase.CLEAR_MYSTERY:
            # BQ-13: a mystery spell left face down is turned and discarded
            after = GAME.apply(after, CHANCE, GAME.chance_outcomes(after)[0][0])
        assert after.armorer == (before.armorer + 1) % n
        assert after.round == before.round + 1
        assert after.active == () and all(not weapons(k) for k in after.knights)


SEEDS = range(60)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_match_the_rulebook_referee(players):
    """BQ §2, §3, §End of the game, §New round, §2 and §6 Players: 60 seeded
    games at each count (300 in all) agree with the referee at every choice
    and every combat."""
    combats = 0
    seen = Counter()

    def note(before, action, after):
        r = after.history[-1]
        seen["over"] += "over" in r.eliminated
        seen["spell"] += "spell" in r.eliminated
        seen["perfect"] += bool(r.perfect)
        seen["shared"] += len(r.winners) > 1
        seen["nobody"] += not r.winners
        seen["all over"] += all(e == "over" for e in r.eliminated)

    for seed in SEEDS:
        options = Options(keep_green=seed % 3 == 0) if players <= 4 else Options()
        if players == 2:
            # BQ §2 Players: the variant for bolder knights, and (BQ-21) the
            # plain one-per-knight layout
            options = Options(keep_green=seed % 3 == 0, bolder_knights=seed % 2 == 1,
                              two_player_spells=seed % 5 != 0)
        _, c = play_random(players, seed * 7 + players, options, note)
        combats += c
    # the games reached the edge cases the referee is there for
    assert combats >= len(SEEDS) * 3
    for what in ("over", "spell", "perfect", "shared", "nobody"):
        assert seen[what] > 0, what


# --- the Solo Quest ------------------------------------------------------------


def ref_solo_boss(boss, adjust=0):
    """BQ §Solo Quest 1 and §1st Wave, Reference: a Boss is defeated when the
    attack on it (its weapons, its attack spells, the final assault's hearts)
    equals its HP (with its HP spells) and its spells' conditions are met."""
    hp = boss.hp + sum(HP.get(s.kind, 0) for s in boss.spells)
    attack = sum(w.value for w in boss.weapons) + sum(ATTACK.get(s.kind, 0) for s in boss.spells)
    attack += adjust
    colours = Counter(w.colour for w in boss.weapons)
    met = all(
        not (s.kind is K.NEED_COLOUR and colours[s.colour] == 0)
        and not (s.kind is K.NEED_PAIR and max(colours.values(), default=0) < 2)
        for s in boss.spells
    )
    return hp, attack, attack == hp and met


def play_solo(seed, options):
    from core.bossquest import solo_search
    from core.bossquest.actions import Resolve

    rng = random.Random(seed)
    state = GAME.setup(1, options)
    removed = {K.EXTRA_KEY, K.NO_HEART_LOSS, K.FINAL_TURN, K.SECOND_CLOSEST, K.SWAP_HIDDEN}
    checked_rows = False
    waves = 0
    for _ in range(5000):
        if state.phase is Phase.OVER:
            break
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, pick_chance(state, rng))
            continue
        if not checked_rows:
            # BQ §Solo Quest 2: 5 / 5 / 3 spells (5 / 4 / 3 harder), none of
            # the five removed, no attack card (they are the knight's), not
            # the left-out colour's; four colours of weapons
            checked_rows = True
            sizes = (5, 4, 3) if options.solo_harder else (5, 5, 3)
            assert tuple(len(r) for r in state.rows) == sizes
            for s in (s for r in state.rows for s in r):
                assert s.kind not in removed and s.kind not in ATTACK
                assert not (s.kind is K.NEED_COLOUR and s.colour is options.solo_colour)
            assert len(state.weapon_deck) == 28
            assert options.solo_colour not in {w.colour for w in state.weapon_deck}
            assert len(state.solo_bosses) == 3
        legal = GAME.legal_actions(state, 0)
        resolves = [a for a in legal if isinstance(a, Resolve)]
        if resolves:
            if state.wave == 3:
                # BQ §3. Final Assault: a heart for +1 or -1, never the last
                spare = state.knights[0].hearts - 1
                assert {a.adjust for a in resolves} == set(range(-spare, spare + 1))
            else:
                assert [a.adjust for a in resolves] == [0]
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            # BQ §1st Wave: 1 to 4 weapons a turn
            assert {a.count for a in asks} == set(range(1, min(4, GAME.deck_size(state)) + 1))
        # mostly the project's own quick solo player (it reaches the final
        # assault), sometimes any legal move
        action = solo_search.rollout(state, legal, rng) if rng.random() < 0.85 else rng.choice(
            legal)
        before = state
        state = GAME.apply(state, 0, action)
        if not isinstance(action, Resolve):
            continue
        hearts = before.knights[0].hearts
        waves += 1
        result = state.waves[-1]
        expect = [ref_solo_boss(b, action.adjust) for b in before.solo_bosses]
        assert list(result.hps) == [e[0] for e in expect]
        assert list(result.strengths) == [e[1] for e in expect]
        assert list(result.defeated) == [e[2] for e in expect]
        # "You lose 1 HEART per BOSS that defeated you", and the hearts
        # discarded at the final assault
        left = max(0, hearts - abs(action.adjust) - sum(not e[2] for e in expect))
        assert state.knights[0].hearts == left
        if before.wave < 3:
            assert (state.phase is Phase.OVER) == (left == 0)
            if left:
                # BQ-39: the next wave's Bosses face up, the weapons gathered
                assert state.wave == before.wave + 1 and len(state.weapon_deck) == 28
        else:
            assert state.phase is Phase.OVER
            won = all(e[2] for e in expect) and left >= 1
            assert (GAME.outcome(state).winners == {0}) == won
            if won:
                assert GAME.outcome(state).scores == (left,)
    assert state.phase is Phase.OVER
    return state, waves


def test_random_solo_quests_match_the_rulebook_referee():
    """BQ §Solo Quest (2. Setup, 1st Wave and its Reference, 2nd Wave,
    3. Final Assault) with BQ-40 and BQ-41: 60 seeded quests agree with the
    referee at every wave."""
    from core.bossquest.cards import Colour

    endings, reached = Counter(), Counter()
    for seed in range(60):
        options = Options(solo_colour=list(Colour)[seed % 5], solo_harder=seed % 4 == 0)
        state, waves = play_solo(seed, options)
        assert 1 <= waves <= 3
        endings[state.ending] += 1
        reached[waves] += 1
    # the quests reached every ending: both waves lost, the MegaBoss won,
    # stood, and "Almost"
    assert len(endings) >= 4 and reached[3] > 0


# --- hidden information ----------------------------------------------------------


def test_no_seat_sees_a_hidden_card_it_was_not_shown():
    """BQ §1: "Each player may see their own hidden card (but not anyone
    else's!)"; BQ-24: after "Swap hidden weapons" the two knights know both
    cards; BQ-10: a card sent to the deck is known to those who had seen it
    (a face-up one to onlookers too);
    the rest of the deck is unseen; BQ-13: the mystery spell is no one's.
    Every seat's view (and a spectator's) is checked at every step of 100
    seeded games, against what the referee tracks each seat was shown."""
    from core.bossquest.actions import TargetKnight
    from core.bossquest.state import Phase as Ph

    for players in (2, 3, 4, 5, 6):
        for seed in range(20):
            rng = random.Random(1000 + seed * 7 + players)
            # BQ §2 Players: the bolder knights' spells come mid-request
            bolder = players == 2 and seed % 2 == 1
            state = GAME.setup(players, Options(bolder_knights=bolder))
            shown = [set() for _ in range(players)]  # cards each seat was shown
            public = set()  # cards shown face up, to onlookers too
            for _ in range(20000):
                if state.phase is Ph.OVER:
                    break
                (seat,) = GAME.to_act(state)
                for k in state.knights:  # face-up weapons are everyone's
                    public.update(k.visible)
                    for others in shown:
                        others.update(k.visible)
                if state.phase is Ph.TURN:
                    for viewer in list(range(players)) + [None]:
                        v = GAME.view(state, viewer)
                        assert v.mystery_card is None
                        assert all(w is None for w in v.weapon_deck)
                        for j, k in enumerate(v.knights):
                            real = state.knights[j].hidden
                            if j == viewer:
                                assert k.hidden.weapon == real.weapon
                                shown[j].add(real.weapon)
                            elif viewer is None or real.weapon not in shown[viewer]:
                                assert k.hidden.weapon is None
                                assert GAME.strength(v, j) is None
                        for top, real in zip(v.deck_top, state.deck_top, strict=True):
                            if top.weapon is not None:
                                seen = public if viewer is None else shown[viewer]
                                assert real.weapon in seen
                if seat == CHANCE:
                    action = pick_chance(state, rng)
                else:
                    legal = GAME.legal_actions(state, seat)
                    action = pick_knight(state, seat, legal, rng)
                    if (isinstance(action, TargetKnight) and state.casting is not None
                            and state.casting.kind is K.SWAP_HIDDEN):
                        pair = {state.knights[seat].hidden.weapon,
                                state.knights[action.seat].hidden.weapon}
                        shown[seat] |= pair
                        shown[action.seat] |= pair
                rounds = state.round
                state = GAME.apply(state, seat, action)
                if state.round != rounds:
                    shown = [set() for _ in range(players)]  # weapons gathered


# --- edge cases, table by table ------------------------------------------------

from tests.bossquest_tables import knight, play, spell, table  # noqa: E402
from tests.bossquest_tables import w as card  # noqa: E402


def _fight(knights, boss=17, active=()):
    """Everyone but the last knight has been to the Wizard; the last one
    goes and discards, so combat resolves."""
    import attrs

    from core.bossquest.actions import Discard

    n = len(knights)
    knights = [attrs.evolve(k, done=True, at_wizard=True) for k in knights[:-1]] + [knights[-1]]
    state = table(knights, boss=boss, turn=n - 1, active=active,
                  offer=(spell(K.HP_PLUS_1), spell(K.HP_MINUS_1)), mystery=False)
    state = play(state, n - 1, GoToWizard(), Discard(0))
    return state.history[-1], state


def test_the_choice_of_the_wizard_is_final():
    """BQ §2: "a player who has gone to the WIZARD cannot go back to complete
    their equipment": once there, the knight is never offered weapons again."""
    from core.bossquest.actions import Discard

    state = table([knight("R1", "B2"), knight("Y3", "B3"), knight("P2", "Y2")], turn=0)
    state = play(state, 0, GoToWizard(), Discard(0))
    for _ in range(6):  # the others ask, round after round
        seat = state.turn
        assert seat != 0
        state = play(state, seat, Ask(1))
        while GAME.to_act(state) == {CHANCE}:
            state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
        if state.step is Step.WIZARD:
            break
    assert GAME.legal_actions(state, 0) == ()


def test_asked_weapons_are_face_up_for_everyone():
    """BQ §2A: "the player must keep all of them and place them face up"."""
    state = table([knight("R1", "B2"), knight("Y3", "B3")], turn=0)
    state = play(state, 0, Ask(2))
    state = GAME.apply(state, CHANCE, DrawWeapon(card("R5")))
    state = GAME.apply(state, CHANCE, DrawWeapon(card("Y4")))
    for viewer in (0, 1, None):
        assert GAME.view(state, viewer).knights[0].visible == (card("B2"), card("R5"), card("Y4"))


def test_every_knight_over_the_hp():
    """BQ §3: each knight over the HP loses a heart; nobody is left to win
    the key; the knights who lost their last heart all lost (BQ-17), so
    keys then hearts decide among them all."""
    result, state = _fight(
        [knight("R7", "B7", "Y7", hearts=1, keys=2), knight("R6", "B6", "Y6", hearts=1, keys=1),
         knight("P7", "Y5", "P6", hearts=2, keys=3)],
        boss=16,
    )
    assert result.eliminated == ("over", "over", "over")
    assert result.winners == frozenset() and result.keys_gained == (0, 0, 0)
    assert [k.hearts for k in state.knights] == [0, 0, 1]
    assert state.phase is Phase.OVER
    # BQ §End of the game: the knights who kept a heart win, most keys first
    assert GAME.outcome(state).winners == {2}


def test_ties_at_every_level():
    """BQ §3: tied on closeness, the fewest weapon cards wins; tied on both,
    all win; each PERFECT gains its bonus, so two tied PERFECT knights each
    gain 2 keys while a PERFECT knight with more cards gains only the bonus."""
    result, _ = _fight([knight("R7", "B7", "Y3"), knight("Y7", "P7", "R3"),
                        knight("B5", "P5", "Y4", "P3")])
    assert result.strengths == (17, 17, 17)
    assert result.winners == {0, 1} and result.perfect == {0, 1, 2}
    assert result.keys_gained == (2, 2, 1)


def test_a_spell_after_others_passed_puts_them_over():
    """BQ §Spell effects (the HP cards act at once) and §3: a knight already
    at the Wizard with 17 against 17 HP is put over by a later "HP -2", loses
    a heart, and the knight who cast it wins."""
    import attrs

    from core.bossquest.actions import Activate

    first = attrs.evolve(knight("R7", "B7", "Y3"), done=True, at_wizard=True)
    state = table([first, knight("Y7", "B6")], turn=1,
                  offer=(spell(K.HP_MINUS_2), spell(K.HP_PLUS_1)), mystery=False)
    state = play(state, 1, GoToWizard(), Activate(0))
    result = state.history[-1]
    assert result.hp == 15 and result.eliminated == ("over", "")
    assert result.hearts_lost == (1, 0) and result.winners == {1}


def test_final_turn_request_is_one_to_four_and_over_means_the_wizard_bq51():
    """BQ-51: under "Final turn" the last request is still 1 to 4 weapons
    (BQ §2A), and a knight over the HP must take the Wizard as the last
    action; the request ends the knight's round (no Wizard after it)."""
    from core.bossquest.actions import Activate
    from core.bossquest.state import ActiveSpell

    state = table(
        [knight("R1", "B2"), knight("Y7", "B7", "P5"), knight("R2", "Y3")],
        turn=0, offer=(spell(K.FINAL_TURN), spell(K.HP_PLUS_1), spell(K.HP_MINUS_1)),
        mystery=False,
    )
    state = play(state, 0, GoToWizard(), Activate(0))
    assert state.final_turn
    # knight 1 holds 19 against 17: the Wizard is the only last action
    assert state.turn == 1 and GAME.legal_actions(state, 1) == (GoToWizard(),)
    state = play(state, 1, GoToWizard(), Activate(1))  # HP +1: 18
    assert state.turn == 2
    asks = {a.count for a in GAME.legal_actions(state, 2) if isinstance(a, Ask)}
    assert asks == {1, 2, 3, 4}
    state = play(state, 2, Ask(4))
    for code in ("B1", "P1", "Y1", "R3"):
        state = GAME.apply(state, CHANCE, DrawWeapon(card(code)))
    # the request was knight 2's last action: combat, no visit to the Wizard
    result = state.history[-1]
    assert result.strengths == (3, 19, 11)
    assert ActiveSpell(spell(K.FINAL_TURN)) in result.spells
    assert result.winners == {2}


def test_the_spell_cards_are_the_rulebooks_bq1():
    """BQ §Components and BQ-1: 17 light spells (HP +1 x2, +2, -1 x2, -2;
    one colour card per colour; a pair; no heart lost; cancel; extra key;
    2nd closest; final turn) and 6 dark (attack +1, +2, -1, -2; the two
    swaps); BQ §Setup: the green colour card leaves with the green weapons."""
    from core.bossquest import cards
    from core.bossquest.cards import Colour

    kinds = Counter((s.kind, s.colour) for s in cards.spells(True))
    light = {
        (K.HP_PLUS_1, None): 2, (K.HP_PLUS_2, None): 1, (K.HP_MINUS_1, None): 2,
        (K.HP_MINUS_2, None): 1, (K.NEED_PAIR, None): 1, (K.NO_HEART_LOSS, None): 1,
        (K.CANCEL, None): 1, (K.EXTRA_KEY, None): 1, (K.SECOND_CLOSEST, None): 1,
        (K.FINAL_TURN, None): 1, **{(K.NEED_COLOUR, c): 1 for c in Colour},
    }
    dark = {(k, None): 1 for k in (*ATTACK, K.SWAP_HIDDEN, K.SWAP_DECK)}
    assert kinds == Counter({**light, **dark})
    assert sum(light.values()) == 17 and sum(dark.values()) == 6
    assert all(s.dark == ((s.kind, s.colour) in dark) for s in cards.spells(True))
    assert Counter(cards.spells(True)) - Counter(cards.spells(False)) == {
        cards.Spell(K.NEED_COLOUR, Colour.GREEN): 1}
    # 35 weapons: 5 colours x 1-7; 8 Bosses 14-21
    assert Counter((w.colour, w.value) for w in cards.weapons(True)) == Counter(
        {(c, v): 1 for c in Colour for v in range(1, 8)})
    assert sorted(cards.BOSSES) == list(range(14, 22))
