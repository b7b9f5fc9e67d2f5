"""OS-21 (docs/rulings.md): the card a shared table's stand-in bot chose in
secret for an away player (OS-12) is theirs to take back, back at the
table, as their own would be (README: never past another player's move),
and nobody else's."""

from __future__ import annotations

from tests.stand_in_kit import check_no_take_back_once_another_chose, check_take_back


def test_os_21_a_player_back_takes_back_the_card_their_bot_chose(tmp_path):
    check_take_back(tmp_path, "overstocked")


def test_os_21_not_past_another_players_choice(tmp_path):
    check_no_take_back_once_another_chose(tmp_path, "overstocked")
