"""Overstocked: stock the toys that will sell, and shape what sells."""

from core.engine import GameRules
from core.overstocked import rules
from core.overstocked.actions import ACTION_TYPES
from core.overstocked.state import Options, State

#: `sheet` is the score sheet now: the live preview mid-game (views work too)
GAME = GameRules(
    rules, Options=Options, State=State, action_types=ACTION_TYPES, sheet=rules.sheet
)
