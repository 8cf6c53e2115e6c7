import pytest

from game.engine import format_cards, parse_cards
from game.engine.cards import JOKER_KIND, Suit, build_shoe, card_points, parse_kind


def test_notation_round_trip():
    text = "TH AS 2C KD JK QH 9S"
    assert format_cards(parse_cards(text)) == text


def test_ten_accepted_as_10_and_lower_case():
    assert parse_cards("10h")[0].kind == parse_kind("TH")
    assert parse_kind("TH") == Suit.HEARTS * 13 + 9


@pytest.mark.parametrize("bad", ["XX", "1H", "TZ", "10", "H", "AAS", "JKR"])
def test_malformed_token_names_itself(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("\\", "")[:3]):
        parse_cards(f"AS {bad} KD")


def test_identical_cards_are_distinct_physical_cards():
    a, b = parse_cards("7C 7C")
    assert a.kind == b.kind and a != b and a.deck != b.deck
    j1, j2, j3 = parse_cards("JK JK JK")
    assert len({j1, j2, j3}) == 3 and j1.kind == JOKER_KIND


def test_card_points():
    assert [card_points(parse_kind(t)) for t in "AS KD QC JH TS 9H 2C".split()] == [
        10, 10, 10, 10, 10, 9, 2]
    assert card_points(parse_kind("AS"), ace_points=11) == 11
    assert card_points(JOKER_KIND) == 0


def test_shoe_sizes():
    assert len(build_shoe(1, 1)) == 53
    assert len(build_shoe(2, 2)) == 108
    assert len({c.uid for c in build_shoe(3, 2)}) == 162
