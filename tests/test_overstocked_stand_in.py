"""OS-21 (docs/rulings.md): the card a shared table's stand-in bot chose in
secret for an away player (OS-12) is theirs to take back, back at the
table, as their own would be (README: never past another player's move),
and nobody else's."""

from __future__ import annotations

from tests.stand_in_kit import (
    bobs_update_back,
    check_no_take_back_once_another_chose,
    check_take_back,
)


def test_os_21_a_player_back_takes_back_the_card_their_bot_chose(tmp_path):
    check_take_back(tmp_path, "overstocked")


def test_os_21_not_past_another_players_choice(tmp_path):
    check_no_take_back_once_another_chose(tmp_path, "overstocked")


async def test_os_21_the_table_says_the_bot_chose_and_which_key_takes_it_back(tmp_path):
    """Back at the table after his bot chose his card, Bob read "Your card
    12 stays secret until then.", as if he had chosen it. The prompt says
    his bot chose it for him and that u takes it back; u sends the
    take-back. His own card keeps its words."""
    from tests.overstocked_screen_kit import run

    bots, own = bobs_update_back(tmp_path, "overstocked")
    assert bots.stand_in_undo and own.can_undo and not own.stand_in_undo
    card = bots.view.seats[1].pick
    _, text, undos = await run(bots, keys=("u",), after=lambda screen: screen.port.undos)
    said = " ".join(text.split())
    assert f"Your bot chose card {card} for you while you were away: u takes it back" in said, said
    assert f"Your card {card} stays secret" not in said
    assert undos == 1
    _, text, _ = await run(own)
    said = " ".join(text.split())
    assert f"Your card {own.view.seats[1].pick} stays secret until then." in said
    assert "Your bot" not in said
