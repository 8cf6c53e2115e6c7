"""Wild cards, value cards and value-card bonuses of 21/27-card rummy
(RULES.md §4, §5).  Expected values are worked out by hand from RULES.md in
the comments; kinds are written in the card notation of RULES.md §1."""

from __future__ import annotations

import pytest

from game.engine.cards import JOKER_KIND, parse_kind
from game.families.twentyone.cards import (
    bonus_points,
    form_rules,
    marriages_held,
    value_kinds,
    wild_kinds_21,
)


def kinds(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def kset(text: str) -> frozenset[int]:
    return frozenset(kinds(text))


# ------------------------------------------------------------------ wild cards

WILD_TABLE = [
    # (cut, any suit, form, expected wild kinds)
    # §4: the cut rank+suit, the upper (one higher) and lower (one lower) joker
    ("7H", False, 21, "7H 8H 6H"),
    # Ace cut -> 2 and K of that suit
    ("AH", False, 21, "AH 2H KH"),
    # 2 cut -> A and 3
    ("2C", False, 21, "2C AC 3C"),
    # K cut -> Q and A
    ("KD", False, 21, "KD QD AD"),
    # option: the cut rank in every suit; upper and lower stay in the cut suit
    ("7H", True, 21, "7S 7H 7D 7C 8H 6H"),
    ("AS", True, 21, "AS AH AD AC 2S KS"),
    # §5: first and second upper and lower (5♠ cut: 3♠ 4♠ 6♠ 7♠)
    ("5S", False, 27, "3S 4S 5S 6S 7S"),
    # Ace cut: Q K and 2 3
    ("AS", False, 27, "QS KS AS 2S 3S"),
    # K cut: J Q and A 2
    ("KH", False, 27, "JH QH KH AH 2H"),
    # Q cut: 10 J and K A
    ("QD", False, 27, "TD JD QD KD AD"),
    # 2 cut: K A and 3 4
    ("2C", False, 27, "KC AC 2C 3C 4C"),
    ("5S", True, 27, "3S 4S 5S 6S 7S 5H 5D 5C"),
    # printed-joker cut: all Aces, 2♠ and K♠ (27: K♠ Q♠ 2♠ 3♠); the
    # any-suit option changes nothing
    ("JK", False, 21, "AS AH AD AC 2S KS"),
    ("JK", True, 21, "AS AH AD AC 2S KS"),
    ("JK", False, 27, "AS AH AD AC KS QS 2S 3S"),
]


@pytest.mark.parametrize(("cut", "any_suit", "form", "expected"), WILD_TABLE)
def test_wild_kinds(cut, any_suit, form, expected):
    got = wild_kinds_21(parse_kind(cut), any_suit, form)
    assert got == kset(expected)
    assert JOKER_KIND not in got  # printed jokers are wild besides the set


VALUE_TABLE = [
    # 21: (cut, upper, lower)
    ("7H", 21, "7H 8H 6H"),
    ("AH", 21, "AH 2H KH"),
    ("KD", 21, "KD AD QD"),
    # 27: (cut, upper, lower, second upper, second lower)
    ("5S", 27, "5S 6S 4S 7S 3S"),
    ("2C", 27, "2C 3C AC 4C KC"),
    # printed-joker cut: only A♠ is a value card
    ("JK", 21, "AS"),
    ("JK", 27, "AS"),
]


@pytest.mark.parametrize(("cut", "form", "expected"), VALUE_TABLE)
def test_value_kinds(cut, form, expected):
    assert value_kinds(parse_kind(cut), form) == tuple(kinds(expected))


def test_value_kinds_are_wild_and_any_suit_adds_only_the_cut_rank():
    for cut in range(52):
        for form in (21, 27):
            vals = set(value_kinds(cut, form))
            assert vals == set(wild_kinds_21(cut, False, form))
            extra = wild_kinds_21(cut, True, form) - vals
            assert {k % 13 for k in extra} <= {cut % 13}


def test_form_rules_and_bad_form():
    r21, r27 = form_rules(21), form_rules(27)
    assert (r21.pure_needed, r21.show_dublees, r21.show_wilds, r21.flat_dublees,
            r21.flat_wilds, r21.cap) == (3, 8, 8, 6, 7, 120)
    assert (r27.pure_needed, r27.show_dublees, r27.show_wilds, r27.flat_dublees,
            r27.flat_wilds, r27.cap) == (4, 10, 10, 8, 9, 150)
    with pytest.raises(ValueError):
        form_rules(13)


# ---------------------------------------------------------------------- bonus

V7H = value_kinds(parse_kind("7H"), 21)  # (7H, 8H, 6H)
V5S = value_kinds(parse_kind("5S"), 27)  # (5S, 6S, 4S, 7S, 3S)

BONUS_TABLE = [
    # (held, values, scheme, points, marriages)
    # one value card 10, two of a kind 30, three 50
    ("7H 2C KD", V7H, "standard", 10, 0),
    ("8H 8H", V7H, "standard", 30, 0),
    ("6H 6H 6H", V7H, "standard", 50, 0),
    # one of each kind: marriage 100 (beats 10+10+10)
    ("7H 8H 6H", V7H, "standard", 100, 1),
    # §4's example: two cut cards, one upper, one lower = marriage 100 +
    # one value card 10 = 110 (without the marriage only 30+10+10 = 50)
    ("7H 7H 8H 6H", V7H, "standard", 110, 1),
    # upper held three times and one of the others: marriage + two uppers
    # 100 + 30 = 130 (no marriage: 10 + 50 + 10 = 70)
    ("7H 8H 8H 8H 6H", V7H, "standard", 130, 1),
    # two marriages 300 (one marriage + three pairs-become-singles: 100 +
    # 10+10+10 = 130; none: 30+30+30 = 90)
    ("7H 7H 8H 8H 6H 6H", V7H, "standard", 300, 2),
    # three marriages 500
    ("7H 7H 7H 8H 8H 8H 6H 6H 6H", V7H, "standard", 500, 3),
    # value cards of another suit earn nothing
    ("7S 8D 6C", V7H, "standard", 0, 0),
    # flat: 20 a card, marriage 100: 7H 7H 8H 6H -> 100 + 20 = 120
    ("7H 7H 8H 6H", V7H, "flat", 120, 1),
    ("8H", V7H, "flat", 20, 0),
    # adda52: cut card 30 each, upper/lower 20, printed jokers, A♠, 2♣ 20
    # each: marriage 100 + 7H 30 + JK 20 + A♠ 20 + 2♣ 20 = 190
    ("7H 7H 8H 6H JK AS 2C", V7H, "adda52", 190, 1),
    # without a marriage: 7H 7H 60 + 8H 20 = 80
    ("7H 7H 8H", V7H, "adda52", 80, 0),
    # 27 cards: all five kinds are a marriage (100), plus a second 5S (10)
    ("3S 4S 5S 5S 6S 7S", V5S, "standard", 110, 1),
    # four of the five: no marriage, 10 each
    ("3S 4S 5S 6S", V5S, "standard", 40, 0),
    # printed-joker cut: A♠ alone is a value card and no marriage exists
    ("AS AS", (parse_kind("AS"),), "standard", 30, 0),
    ("AS AS AS", (parse_kind("AS"),), "standard", 50, 0),
    # adda52 with a printed-joker cut: A♠ is the cut's value card (30), not
    # counted again as the A♠ bonus
    ("AS", (parse_kind("AS"),), "adda52", 30, 0),
]


@pytest.mark.parametrize(("held", "values", "scheme", "points", "marriages"), BONUS_TABLE)
def test_bonus(held, values, scheme, points, marriages):
    b = bonus_points(kinds(held), values, scheme)
    assert b.points == points
    assert b.marriages == marriages
    assert sum(p for _, p in b.parts) == points


def test_bonus_parts_for_a_scoring_screen():
    b = bonus_points(kinds("7H 7H 8H 6H"), V7H)
    assert b.parts == (("marriage", 100), ("value 7♥ ×1", 10))
    b = bonus_points(kinds("7H 7H 8H 8H 6H 6H"), V7H)
    assert b.parts == (("2 marriages", 300),)


def test_unknown_scheme_is_refused():
    with pytest.raises(ValueError):
        bonus_points([], V7H, "double")


def test_marriages_held():
    assert marriages_held(kinds("7H 8H 6H 7H 8H 6H 7H"), V7H) == 2
    assert marriages_held(kinds("7H 8H"), V7H) == 0
    assert marriages_held(kinds("AS AS AS"), (parse_kind("AS"),)) == 0
