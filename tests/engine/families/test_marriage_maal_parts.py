"""What a maal is made of, named and counted (RULES.md §6), and the
settlement's refusals in words.  The points are the tables of RULES §6 (pagat:
tiplu 3/7, poplu and jhiplu 2/5/10, marriage 10, double marriage 30; house:
alter and man 5/15/30; a tunnela of poplu 20); the arithmetic is beside each."""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards, parse_kind
from game.families.marriage.maal import (
    MaalPart,
    MarriageOptions,
    maal,
    settle_marriage,
    settle_marriage_parts,
)

T5S = parse_kind("5S")  # tiplu 5♠: poplu 6♠, jhiplu 4♠, alter 5♣
HOUSE = MarriageOptions(maal_table="house")


def test_two_of_each_make_one_double_marriage_of_thirty():
    held = parse_cards("5S 5S 6S 6S 4S 4S")
    m = maal(held, [], T5S, True)
    # the double marriage (30) beats a marriage (10) + tiplu 3 + poplu 2 +
    # jhiplu 2 = 17, and tiplu 7 + poplu 5 + jhiplu 5 = 17
    four_s, five_s, six_s = held[4:6], held[0:2], held[2:4]
    assert m.parts == (MaalPart("double marriage", 30, (*four_s, *five_s, *six_s)),)
    assert m.raw == m.points == 30 and m.seen


def test_one_marriage_and_the_cards_beside_it_are_named():
    held = parse_cards("5S 5S 6S 4S")
    m = maal(held, [], T5S, False)  # unseen: raw kept, points murdered
    # marriage 10 (4♠ 5♠ 6♠) + the other tiplu 3 = 13
    assert m.parts == (MaalPart("marriage", 10, (held[3], held[0], held[2])),
                       MaalPart("tiplu", 3, (held[1],)))
    assert (m.raw, m.points, m.seen) == (13, 0, False)


def test_the_house_table_pays_the_alter_and_the_man():
    held = parse_cards("5C JK JK")  # the alter 5♣, two printed jokers
    m = maal(held, [], T5S, True, MarriageOptions(maal_table="house", printed_jokers=True))
    # alter 5, man 15 for two = 20
    assert m.parts == (MaalPart("alter", 5, (held[0],)), MaalPart("man", 15, tuple(held[1:])))
    assert m.raw == 20


def test_an_exposed_tunnela_of_poplu_is_a_part_of_twenty():
    tunnela = parse_cards("6S 6S 6S")
    m = maal([], [tunnela], T5S, True)
    # 20 as a tunnela of poplu, against 10 for three poplu held
    assert m.parts == (MaalPart("tunnela of poplu", 20, tuple(tunnela)),)


def test_an_option_of_zero_points_is_allowed_and_below_zero_is_not():
    assert MarriageOptions(dublee_win_points=0).dublee_win_points == 0
    with pytest.raises(ValueError, match="dublee_win_points must be a whole number >= 0, "
                                         "not -1"):
        MarriageOptions(dublee_win_points=-1)


def test_maal_refusals_say_what_is_wrong():
    with pytest.raises(ValueError, match="^not a tunnela: 6S 6S 7S$"):
        maal([], [parse_cards("6S 6S 7S")], T5S, True)
    with pytest.raises(ValueError, match="^at most two tiplu cards are in play: the third is "
                                         "set aside$"):
        maal(parse_cards("5S 5S 5S"), [], T5S, True)


@pytest.mark.parametrize("args,words", [
    (dict(n=1, winner=0, seen=[True], maal=[0]),
     "need n >= 2 and one seen flag and one maal per seat"),
    (dict(n=2, winner=0, seen=[True], maal=[0, 0]),
     "need n >= 2 and one seen flag and one maal per seat"),  # one seen flag short
    (dict(n=2, winner=0, seen=[True, True], maal=[0]),
     "need n >= 2 and one seen flag and one maal per seat"),  # one maal short
    (dict(n=2, winner=2, seen=[True, True], maal=[0, 0]), "no seat 2"),
    (dict(n=2, winner=0, seen=[False, True], maal=[0, 0]), "the winner must have seen the tiplu"),
    (dict(n=2, winner=0, seen=[True, True], maal=[0, 0], saw_by=["x", None]),
     "saw_by: one of 'sequences', 'dublees' or None per seat"),
])
def test_settlement_refusals_say_what_is_wrong(args, words):
    with pytest.raises(ValueError) as refused:
        settle_marriage_parts(**args, dublee_win=False)
    assert str(refused.value) == words


def test_the_short_form_passes_the_dublee_finish_and_how_each_saw():
    # three players, seat 0 wins by dublees; seat 1 saw by dublees and, with
    # dublee_seer_pays=False, pays no seen points, only the dublee finish 5;
    # seat 2 saw by sequences: 3 + 5 = 8.  No maal: the exchange is 0.
    opts = MarriageOptions(dublee_seer_pays=False)
    net = settle_marriage(3, 0, [True, True, True], [0, 0, 0], True, opts,
                          ["dublees", "dublees", "sequences"])
    assert net == [13, -5, -8]
