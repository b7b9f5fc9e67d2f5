"""Overboss Duel: two Bosses build one shared board of terrain and monsters."""

from core.engine import GameRules
from core.overboss import rules, scoring, table_facts
from core.overboss.actions import ACTION_TYPES, RevealBoss
from core.overboss.state import Options, State

#: Beside the protocol, what a screen reads off the table (each works from a
#: view): the open squares, the running `score_pad`, and `table_facts`'
#: (the seats, the board's size and names, matching, the supplies), and
#: `chance_drawn`, the words for a draw the undo refusal names.
GAME = GameRules(
    rules,
    Options=Options,
    State=State,
    action_types=ACTION_TYPES,
    open_squares=rules.open_squares,
    score_pad=scoring.score_pad,
    # what a move did to each side's score, row by row (the recap says it)
    score_changes=scoring.score_changes,
    opponent=table_facts.opponent,
    seat_in_turn=table_facts.seat_in_turn,
    sees_board_turned=table_facts.sees_board_turned,
    board_size=table_facts.board_size,
    square_at=table_facts.square_at,
    divide_after=table_facts.divide_after,
    files=table_facts.files,
    ranks=table_facts.ranks,
    matches=table_facts.matches,
    pair_matches=table_facts.pair_matches,
    pair_draftable=table_facts.pair_draftable,
    square_matches=table_facts.square_matches,
    goes_to_lair=table_facts.goes_to_lair,
    why_drafted_waits=table_facts.why_drafted_waits,
    market_size=table_facts.market_size,
    stack_size=table_facts.stack_size,
    bag_size=table_facts.bag_size,
    progress=table_facts.progress,
    # why the seat's Boss's reveal would do nothing now (its dialog says so)
    reveal_idle=rules.reveal_idle,
    round_number=table_facts.round_number,
    # beside the results' standings: each Boss named, revealed or not
    results_aside=table_facts.results_aside,
    # after "wins" in the results' title: how a tie on Power went (OD-12)
    results_tie_words=rules.results_tie_words,
    # the same in a sentence, for the final table's prompt
    tie_words=rules.tie_words,
    # what the table says was drawn when a move can no longer be taken back
    # (host/session.py): the market's tiles and tokens, a Spawning Pool's token
    chance_drawn="a tile or token was drawn",
    # optional once-a-game choices a stand-in for an away player leaves to
    # them (host/bots.py): the Boss reveal (OD-7)
    owners_choices=(RevealBoss,),
)
