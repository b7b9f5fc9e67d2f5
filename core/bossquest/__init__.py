"""Boss Quest: get your attack strength as close as you can to the Boss's HP."""

from core.bossquest import rules
from core.bossquest.actions import ACTION_TYPES
from core.bossquest.state import Options, State
from core.engine import GameRules

GAME = GameRules(rules, Options=Options, State=State, action_types=ACTION_TYPES)
