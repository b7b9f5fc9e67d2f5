"""Overstocked: stock the toys that will sell, and shape what sells."""

from core.engine import GameRules
from core.overstocked import cards, rules, scoring, table_facts
from core.overstocked.actions import ACTION_TYPES, TakeIncentive
from core.overstocked.state import Options, State

#: Beside the protocol, what a screen reads off the table (each works from a
#: view): `sheet` is the score sheet now, the live preview mid-game;
#: `piece_in_hand` the piece being placed and `face_rows` a piece's face;
#: `score_changes` what a move did to each seat's sheet, row by row;
#: `chance_pool` a deal's pool for `core.playout.even_draw`; the rest are
#: `table_facts`' (turn order, covered toys, the solo bot).
GAME = GameRules(
    rules,
    Options=Options,
    State=State,
    action_types=ACTION_TYPES,
    sheet=rules.sheet,
    score_rows=scoring.score_rows,
    score_changes=scoring.score_changes,
    chance_pool=rules.chance_pool,
    piece_in_hand=rules.piece_in_hand,
    face_rows=cards.face_rows,
    bot_seat=table_facts.bot_seat,
    seat_in_turn=table_facts.seat_in_turn,
    turn_order=table_facts.turn_order,
    revealed_card=table_facts.revealed_card,
    turn_position=table_facts.turn_position,
    covered_toys=table_facts.covered_toys,
    slot_spaces=table_facts.slot_spaces,
    bot_spot_words=table_facts.bot_spot_words,
    progress=table_facts.progress,
    # optional once-a-game choices a stand-in for an away player leaves to
    # them (host/bots.py): the incentive token
    owners_choices=(TakeIncentive,),
    # after "wins" in the results' title: a solo tie goes to the bot (OS-10)
    results_tie_words=rules.results_tie_words,
)
