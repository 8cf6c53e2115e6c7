"""The table's title bar: the game's name stays while the deal's words
shorten."""

from game.ui.table.draw import top_title
from tests.ui.test_play_families import start


def test_the_games_name_is_kept_before_the_deals_words():
    st = start("marriage", 4, 9, size=(390, 844)).top.state  # 4 deals: one a player
    assert top_title(st, False, lambda t: True) == "Indian Marriage · Deal 1 of 4"
    # "Indian Marriage · Deal 1 of 4" is 29 characters, "... Deal 1/4" 26
    assert top_title(st, False, lambda t: len(t) <= 26) == "Indian Marriage · Deal 1/4"
    assert top_title(st, False, lambda t: len(t) <= 20) == "Deal 1 of 4"
    assert top_title(st, True, lambda t: len(t) <= 26) == "Demo · Deal 1 of 4"  # "Demo" first
