"""Widgets the game screens share: market, hand, pick list, action bar,
game log, score pad and board grid. None of them knows a game's rules."""

from tui.widgets.actionbar import ActionBar, Choice
from tui.widgets.board import Board, Cell, Divider, Edge, Grid
from tui.widgets.gamelog import GameLog
from tui.widgets.hand import Card, Hand, card_text
from tui.widgets.market import Market, Offer
from tui.widgets.picklist import PickList, Row
from tui.widgets.scorepad import PadBox, ScorePad

__all__ = [
    "ActionBar",
    "Board",
    "Cell",
    "Divider",
    "Edge",
    "Grid",
    "Card",
    "Choice",
    "GameLog",
    "Hand",
    "Market",
    "Offer",
    "PadBox",
    "PickList",
    "Row",
    "ScorePad",
    "card_text",
]
