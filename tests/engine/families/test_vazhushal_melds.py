"""Vazhushal (Wipe) melds, table rules, wipes, redeal and the lay-down search
(RULES.md §7).  Expected values are worked out by hand in the comments.

Card values (§7): A K Q J 10 = 10, others face value; a wild card in a meld is
worth the card it stands for, one left in hand costs 20."""

from __future__ import annotations

import pytest

from game.engine.cards import JOKER_KIND, parse_cards, parse_kind
from game.families.vazhushal.laydown import best_laydown, go_out, laydown_score
from game.families.vazhushal.melds import (
    SEQUENCE,
    SET,
    TableMeld,
    check_meld,
    check_table,
    conservation_reason,
    find_wipe,
    first_meld_reason,
    has_pure_sequence,
    identical_reason,
    is_new_meld,
    kind_value,
    left_value,
    meld_reason,
    needs_redeal,
    negative_wilds,
    pairs_held,
    pure_kept_reason,
    pure_sequence_reading,
    readings,
    reason_not_meld,
    wipe_ok,
    wipe_plans,
)


def W(cut: str) -> frozenset[int]:
    """Wild kinds for a negative joker given as text ("7H", "JK")."""
    return negative_wilds(parse_kind(cut))


def K(text: str) -> list[int]:
    return [parse_kind(t) for t in text.split()]


def meld(text: str, kind: str, stands: str, cards=None) -> TableMeld:
    """A table meld from text; ``stands`` gives what each card stands for."""
    cs = cards if cards is not None else parse_cards(text)
    return TableMeld(tuple(cs), kind, tuple(K(stands)))


# ------------------------------------------------------------------ wild cards


@pytest.mark.parametrize("cut, wild", [
    ("7H", "7S 7C"),  # red cut: the black sevens
    ("7D", "7S 7C"),
    ("7S", "7H 7D"),  # black cut: the red sevens
    ("7C", "7H 7D"),
    ("AS", "AH AD"),
    ("KD", "KS KC"),
    ("JK", ""),  # a printed joker cut: only printed jokers are wild
])
def test_negative_wilds(cut, wild):
    assert W(cut) == frozenset(K(wild))


def test_values():
    assert [kind_value(k) for k in K("AS KH QD JC TS 9H 2C")] == [10, 10, 10, 10, 10, 9, 2]
    wild = W("7H")  # 7S 7C wild
    left = [left_value(c, wild) for c in parse_cards("JK 7S 7C 7H 7D AS 5D")]
    assert left == [20, 20, 20, 7, 7, 10, 5]  # any wild card left costs 20


# ----------------------------------------------------------------------- melds

MELDS = [
    # cards, cut, expected (kind, pure, value, stands_for) or None
    ("AH 2H 3H", "JK", (SEQUENCE, True, 15, "AH 2H 3H")),  # 10+2+3, Ace low
    ("QH KH AH", "JK", (SEQUENCE, True, 30, "QH KH AH")),  # Ace high
    ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "JK",  # 2..9 then five tens
     (SEQUENCE, True, 44 + 50, "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS")),
    ("JK AH 2H", "JK", (SEQUENCE, False, 15, "3H AH 2H")),  # A-2-3 only: K-A-2 wraps
    ("QS KS AS JK", "JK", (SEQUENCE, False, 40, "QS KS AS JS")),  # J-Q-K-A
    ("5S JK JK 8S", "JK", (SEQUENCE, False, 26, "5S 6S 7S 8S")),  # 5+6+7+8
    ("5S JK 7S JK 9S", "JK", (SEQUENCE, False, 35, "5S 6S 7S 8S 9S")),  # 5 cards, 2 wilds
    ("9H TH JK JK KH", "JK", (SEQUENCE, False, 49, "9H TH JH QH KH")),  # 9+40
    ("TH JK QH JK", "JK", (SEQUENCE, False, 40, "TH JH QH KH")),  # 10-K (40) beats 9-Q (39)
    ("5S 6S JK", "JK", (SEQUENCE, False, 18, "5S 6S 7S")),  # 5-6-7 (18) beats 4-5-6 (15)
    ("AS JK JK", "JK", (SEQUENCE, False, 30, "AS QS KS")),  # Q-K-A 30 = AAA 30: sequence
    ("KS KH JK", "JK", (SET, False, 30, "KS KH KD")),  # the wild is the first missing suit
    ("7S 7H 7D 7C", "JK", (SET, True, 28, "7S 7H 7D 7C")),
    ("7H 8H 9H", "8S", (SEQUENCE, True, 24, "7H 8H 9H")),  # 8H wild, used as itself: pure
    ("5S 6S 7S", "7H", (SEQUENCE, True, 18, "5S 6S 7S")),  # 7S wild as itself (18 > 4-5-6)
    ("2S 3S 4S", "2H", (SEQUENCE, False, 12, "5S 3S 4S")),  # 2S wild as 5S: 3-4-5 = 12 > 9
    ("7S JK JK", "7H", (SEQUENCE, False, 24, "7S 8S 9S")),  # a wild card as itself is natural
    ("7C 7C 7H", "7H", (SEQUENCE, False, 24, "8H 9H 7H")),  # both 7C wild: 7-8-9 of hearts
    ("7C 7C 7H", "JK", None),  # two clubs: not a set
    ("7C 7C 7H JK", "JK", None),  # and no wild card makes it one
    ("KH AH 2H", "JK", None),  # no wrap-around
    ("QH KH AH 2H", "JK", None),
    ("JK JK JK", "JK", None),  # wild cards only
    ("7S 7C JK", "7H", (SEQUENCE, False, 24, "7S 8S 9S")),
    ("KS KH KD KC JK", "JK", None),  # a set has at most 4 cards
    ("AS 2S", "JK", None),
    ("5H 6S 7H", "JK", None),
    ("3H 5H 9H JK", "JK", None),  # 3..9 needs 7 cards
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "JK", None),  # Ace at both ends
]


@pytest.mark.parametrize("cards, cut, expected", MELDS)
def test_check_meld(cards, cut, expected):
    got = check_meld(parse_cards(cards), W(cut))
    if expected is None:
        assert got is None
        assert reason_not_meld(parse_cards(cards), W(cut))
        return
    kind, pure, value, stands = expected
    assert (got.kind, got.pure, got.value, got.stands_for) == (kind, pure, value,
                                                               tuple(K(stands)))
    assert meld_reason(got, W(cut)) is None
    assert reason_not_meld(parse_cards(cards), W(cut)) is None


def test_prefer_pure_reading():
    # 2S wild (cut 2H): read as itself 2-3-4 is pure and worth 9
    got = check_meld(parse_cards("2S 3S 4S"), W("2H"), prefer_pure=True)
    assert (got.pure, got.value) == (True, 9)


def test_rules_example_set_with_a_wild_seven_of_clubs():
    # RULES §1: 7C 7C 7H is a set when a 7C is wild and stands for another suit
    sets = [r for r in readings(parse_cards("7C 7C 7H"), W("7H")) if r.kind == SET]
    assert sets and all(r.value == 21 for r in sets)


@pytest.mark.parametrize("cards, cut, reason", [
    ("KH AH 2H", "JK", "Ace may not sit in the middle"),
    ("QH JK AH 2H", "JK", "Ace may not sit in the middle"),
    ("7C 7C 7H", "JK", "different suits"),
    ("7C 7C 7H JK", "JK", "different suits"),
    ("JK JK JK", "JK", "not wild cards only"),
    ("7S 7C JK", "7H", None),
    ("KS KH KD KC JK", "JK", "at most 4"),
    ("AS 2S", "JK", "at least 3"),
    ("5H 6S 7H", "JK", "one suit in sequence, or one rank"),
    ("3H 5H 9H JK", "JK", "not enough wild cards"),
    ("5H 5H JK", "JK", "different suits"),
])
def test_reason_not_meld(cards, cut, reason):
    got = reason_not_meld(parse_cards(cards), W(cut))
    assert (got is None) if reason is None else (reason in got)


def test_meld_text_and_pure_reading():
    got = check_meld(parse_cards("5S JK 7S"), W("JK"))
    assert str(got) == "sequence [5S JK=6S 7S]"
    assert str(check_meld(parse_cards("5S 6S 7S"), W("JK"))) == "pure sequence [5S 6S 7S]"
    assert pure_sequence_reading(parse_cards("2S 3S 4S"), W("2H")).value == 9  # 2S as itself
    assert pure_sequence_reading(parse_cards("2S JK 4S"), W("JK")) is None
    assert pure_sequence_reading(parse_cards("7S 7H 7D"), W("JK")) is None  # a set


@pytest.mark.parametrize("cards, reason", [
    ("5H 5H JK JK JK", "at most 4 cards, and a sequence cannot repeat"),
    ("5H 5D JK JK JK", "a set has at most 4 cards"),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK", "at most 13"),
    ("5H 6H 5H", "same rank twice"),
])
def test_more_refusals(cards, reason):
    assert reason in reason_not_meld(parse_cards(cards), W("JK"))


def test_meld_reason_checks_the_reading():
    wild = W("JK")
    assert meld_reason(meld("5S JK 7S", SEQUENCE, "5S 6S 7S"), wild) is None
    assert "itself" in meld_reason(meld("5S 6S 7S", SEQUENCE, "5S 6S 8S"), wild)
    assert "consecutive" in meld_reason(meld("5S JK 7S", SEQUENCE, "5S 9S 7S"), wild)
    assert "different suits" in meld_reason(meld("5S 5H JK", SET, "5S 5H 5H"), wild)
    assert "Ace" in meld_reason(meld("KS AS JK", SEQUENCE, "KS AS 2S"), wild)
    assert "wild cards only" in meld_reason(meld("JK JK JK", SEQUENCE, "5S 6S 7S"), wild)
    assert "needs a reading" in meld_reason(meld("5S 6S 7S", SEQUENCE, "5S 6S"), wild)
    assert "at least 3" in meld_reason(meld("5S 6S", SEQUENCE, "5S 6S"), wild)
    assert "stand for a card" in meld_reason(
        TableMeld(tuple(parse_cards("5S 6S JK")), SEQUENCE, (4, 5, JOKER_KIND)), wild)
    assert "one rank" in meld_reason(meld("5S 5H JK", SET, "5S 5H 6D"), wild)
    assert "at most 4" in meld_reason(meld("5S 5H 5D 5C JK", SET, "5S 5H 5D 5C 5C"), wild)
    assert "one suit" in meld_reason(meld("5S 6S JK", SEQUENCE, "5S 6S 7H"), wild)
    assert "same rank twice" in meld_reason(meld("5S 6S JK", SEQUENCE, "5S 6S 6S"), wild)
    assert "no such meld kind" in meld_reason(meld("5S 6S 7S", "run", "5S 6S 7S"), wild)
    assert meld_reason(meld("QS KS JK", SEQUENCE, "QS KS AS"), wild) is None  # Ace high


# ------------------------------------------------------------ a player's melds

PURE_567 = meld("5S 6S 7S", SEQUENCE, "5S 6S 7S")
IMPURE_567 = meld("5S JK 7S", SEQUENCE, "5S 6S 7S")
SET_K = meld("KH KD JK", SET, "KH KD KS")
PURE_SET_K = meld("KH KD KC", SET, "KH KD KC")


def test_first_meld_must_be_a_pure_sequence():
    assert first_meld_reason([], [IMPURE_567]) == "your first meld must be a pure sequence"
    assert first_meld_reason([], [PURE_SET_K]) is not None  # pure, but not a sequence
    assert first_meld_reason([], [SET_K, PURE_567]) is None  # laid together, pure one first
    assert first_meld_reason([PURE_567], [PURE_567, SET_K]) is None  # already melded


def test_one_pure_meld_must_remain():
    assert pure_kept_reason([IMPURE_567, SET_K]) == "at least one of your melds must stay pure"
    assert pure_kept_reason([IMPURE_567, PURE_SET_K]) is None  # a pure set keeps the rule
    assert pure_kept_reason([]) is None


def test_identical_melds():
    # same kinds represented: 5S 6S 7S and 5S JK(=6S) 7S are identical
    assert identical_reason([PURE_567, IMPURE_567]) == "you may not have two identical melds"
    other = meld("5S JK 7S", SEQUENCE, "5S 6S 7S", parse_cards("5S JK 7S JK 8S")[:3])
    assert identical_reason([PURE_567, meld("5S 6S 7S JK", SEQUENCE, "5S 6S 7S 8S")]) is None
    assert identical_reason([other, PURE_SET_K]) is None


def test_check_table_lay_off_and_rearrange():
    wild = W("JK")
    c = parse_cards("5S 6S 7S 8S JK KH KD KS")
    s5, s6, s7, s8, jk, kh, kd, ks = c
    pure = TableMeld((s5, s6, s7), SEQUENCE, tuple(K("5S 6S 7S")))
    kings = TableMeld((kh, kd, jk), SET, tuple(K("KH KD KC")))
    # laying 8S off on the sequence
    after = [TableMeld((s5, s6, s7, s8), SEQUENCE, tuple(K("5S 6S 7S 8S"))), kings]
    assert check_table([pure, kings], after, [s8], wild) is None
    # rearranging: the joker moves to the sequence, KS completes the kings (pure set)
    after = [TableMeld((s5, s6, s7, s8, jk), SEQUENCE, tuple(K("5S 6S 7S 8S 9S"))),
             TableMeld((kh, kd, ks), SET, tuple(K("KH KD KS")))]
    assert check_table([pure, kings], after, [s8, ks], wild) is None
    # a card that was melded may not go back to the hand
    assert check_table([pure, kings], after[:1], [s8], wild) == (
        "every card already melded must stay in your melds")
    # nor may a card be in two melds
    twice = [pure, TableMeld((s5, kh, kd), SET, tuple(K("KS KH KD")))]
    assert check_table([pure], twice, [kh, kd], wild)
    # all melds valid: 5S 6S 7S with the 7S moved away is not a meld
    broken = [TableMeld((s5, s6), SEQUENCE, tuple(K("5S 6S")))]
    assert "at least 3" in check_table([pure], broken, [], wild)
    # no pure meld left: the joker joins the only pure meld
    assert "pure" in check_table(
        [pure], [TableMeld((s5, s6, s7, jk), SEQUENCE, tuple(K("5S 6S 7S 8S")))], [jk], wild)
    # first meld: a set alone is refused
    assert "first meld" in check_table([], [kings], [kh, kd, jk], wild)
    # two identical melds
    c2 = parse_cards("5S 6S 7S 5S 6S 7S")
    two = [TableMeld(tuple(c2[:3]), SEQUENCE, tuple(K("5S 6S 7S"))),
           TableMeld(tuple(c2[3:]), SEQUENCE, tuple(K("5S 6S 7S")))]
    assert "identical" in check_table([], two, c2, wild)


def test_conservation_and_new_meld():
    c = parse_cards("5S 6S 7S 9H 9D 9C")
    before = [TableMeld(tuple(c[:3]), SEQUENCE, tuple(K("5S 6S 7S")))]
    new = TableMeld(tuple(c[3:]), SET, tuple(K("9H 9D 9C")))
    assert conservation_reason(before, before + [new], c[3:]) is None
    # 9C unaccounted
    assert conservation_reason(before, before + [new], c[3:5]) == (
        "the melds must hold exactly your melded cards and the cards laid from hand")
    assert is_new_meld(new, before) and not is_new_meld(before[0], before)
    assert conservation_reason(
        [], [new, TableMeld((c[3], c[0], c[1]), SET, tuple(K("9H 9D 9C")))], c
    ) == "a card cannot be in two melds"
    assert conservation_reason([], [new], [c[3], c[3], c[4], c[5]]) == (
        "a card from hand was laid twice")
    assert conservation_reason(before, before + [new], c) == (
        "a card on the table cannot also come from the hand")


def test_has_pure_sequence():
    assert has_pure_sequence(parse_cards("QH KH AH 2C"), W("JK"))
    assert has_pure_sequence(parse_cards("5S 6S 7S"), W("7H"))  # 7S wild, as itself
    assert not has_pure_sequence(parse_cards("KH AH 2H JK 5C"), W("JK"))


# ---------------------------------------------------------------------- redeal


@pytest.mark.parametrize("hand, pairs", [
    ("7S 7H KS KH 2C 2D", 3),
    ("7S 7H 7D 7C KS KH", 3),  # four 7s are two pairs
    ("7S 7H 7D KS KH 2C", 2),  # three 7s are one pair
    ("JK JK 5S 5H 6S 6H", 2),  # printed jokers have no rank
    ("AS 2S 3S 4S 5S 6S", 0),
])
def test_pairs_held(hand, pairs):
    assert pairs_held(parse_cards(hand)) == pairs


def test_needs_redeal():
    three = parse_cards("7S 7H KS KH 2C 2D 9S")
    fine = parse_cards("7S 7H KS 4H 2C 5D 9S")
    assert needs_redeal([fine, three, fine])  # 3 players: enforced
    assert not needs_redeal([fine, fine, fine])
    assert not needs_redeal([fine, three])  # 2 players: not enforced
    assert needs_redeal([fine, three], always=True)  # unless the option says always
    assert needs_redeal([fine, three], players=3)


# -------------------------------------------------------- stock-out lay-downs

LAYDOWNS = [
    # hand, cut, expected score
    # 5-6-7S (18) + KH KD JK=K (30) = 48; 2C, 9D left = 11 -> 37
    ("5S 6S 7S KH KD JK 2C 9D", "JK", 37),
    # no pure sequence: nothing laid; 9+10+20 (joker) + 4 = 43
    ("9D TD JK 4C", "JK", -43),
    # the 7S wild stands for KD in the kings, worth 10: 3-4-5D (12) + 30 = 42
    ("KS KH 7S 3D 4D 5D", "7H", 42),
    # the 7S wild would make 3-4-5D impure, and it is the only pure sequence: the 7S
    # stays in hand: 3+4+5 - 20 = -8 (3-4-5-6D alone is impure: nothing laid, -32)
    ("3D 4D 5D 7S", "7H", -8),
    # with a second pure sequence the 7S joins one, as QC: 12 + (9+10+10+10) = 51
    ("3D 4D 5D 9C TC JC 7S", "7H", 51),
    # 2S wild must be itself for the only pure sequence: 2-3-4S (9) + KH KD JK (30)
    ("2S 3S 4S KH KD JK", "2H", 39),
    # Q-K-AH (30) + 2C 3C JK: the joker as AC (A-2-3 = 15) beats 4C (9): 45
    ("QH KH AH 2C 3C JK", "JK", 45),
    # two identical pure 5-6-7S: only one may be laid; 18 - 18 left = 0
    ("5S 6S 7S 5S 6S 7S", "JK", 0),
    # with a joker the second becomes 5-6-7-8S: 18 + 26 = 44
    ("5S 6S 7S 5S 6S 7S JK", "JK", 44),
    # 2-3-4C (9) + 7S 7H 7D (21), the second set would be identical: 9 + 21 - 21 = 9
    ("2C 3C 4C 7S 7H 7D 7S 7H 7D", "JK", 9),
    # the joker reads 7C so the two sets differ: 9 + 21 + 21 = 51
    ("2C 3C 4C 7S 7H 7D 7S 7H JK", "JK", 51),
    # wild cards only left: two jokers and nothing else -> -40
    ("JK JK", "JK", -40),
    # 14 cards: A-2-3-4H (10+2+3+4 = 19) + 9-10-J-QD (39) + 7-8-9C (24) + 9S with
    # both jokers as 10S JS (29) = 111, nothing left.  (The jokers on the diamonds
    # as KD AD would add 20 but leave 9S: 19 + 59 + 24 - 9 = 93.)
    ("AH 2H 3H 4H 9S 9D 9C JK JK 7C 8C TD JD QD", "JK", 111),
]


@pytest.mark.parametrize("hand, cut, score", LAYDOWNS)
def test_best_laydown(hand, cut, score):
    wild = W(cut)
    cards = parse_cards(hand)
    got = best_laydown(cards, wild)
    assert got.score == score
    _check_laydown(got, cards, wild)


def test_laydown_details():
    wild = W("7H")
    got = best_laydown(parse_cards("KS KH 7S 3D 4D 5D"), wild)
    kings = [m for m in got.melds if m.kind == SET][0]
    assert sorted(kings.stands_for) == sorted(K("KS KH KD"))  # 7S stands for KD
    got = best_laydown(parse_cards("QH KH AH 2C 3C JK"), W("JK"))
    clubs = [m for m in got.melds if m.stands_for[0] // 13 == 3][0]
    assert clubs.stands_for == tuple(K("AC 2C 3C"))
    got = best_laydown(parse_cards("2C 3C 4C 7S 7H 7D 7S 7H JK"), W("JK"))
    assert {m.signature for m in got.melds if m.kind == SET} == {
        (SET, tuple(sorted(K("7S 7H 7D")))), (SET, tuple(sorted(K("7S 7H 7C"))))}


def test_laydown_with_table_melds():
    wild = W("JK")
    # laying off: 5-6-7S on the table, 8S in hand -> 5+6+7+8 = 26, KD left -> 16
    table = [TableMeld(tuple(parse_cards("5S 6S 7S")), SEQUENCE, tuple(K("5S 6S 7S")))]
    got = best_laydown(parse_cards("8S KD"), wild, table)
    assert got.score == 16 and [c.kind for c in got.left] == K("KD")
    # rearranging: 3..8C on the table, a second 6C 7C in hand; 3-4-5-6-7C (25) and
    # 6-7-8C (21) meld everything: 46 (left as it was: 33 - 13 = 20)
    two = parse_cards("3C 4C 5C 6C 7C 8C 6C 7C")
    table = [TableMeld(tuple(two[:6]), SEQUENCE, tuple(K("3C 4C 5C 6C 7C 8C")))]
    got = best_laydown(two[6:], wild, table)
    assert got.score == 46 and not got.left
    assert check_table(table, list(got.melds), two[6:], wild) is None
    # the table's joker must stay melded: it is placed even with nothing in hand
    c = parse_cards("5S 6S 7S KH KD JK")
    table = [TableMeld(tuple(c[:3]), SEQUENCE, tuple(K("5S 6S 7S"))),
             TableMeld(tuple(c[3:]), SET, tuple(K("KH KD KS")))]
    got = best_laydown([], wild, table)
    assert got.score == 18 + 30 and check_table(table, list(got.melds), [], wild) is None
    # a pure set is the player's pure meld: the new 5-6-JK(7S) may be impure: 18 + 30
    kings = TableMeld(tuple(parse_cards("KH KD KC")), SET, tuple(K("KH KD KC")))
    got = best_laydown(parse_cards("5S 6S JK"), wild, [kings])
    assert got.score == 48 and not got.left
    # already melded elsewhere: a set alone may be laid (no pure sequence needed)
    got = best_laydown(parse_cards("9S 9H 9D 2C"), wild, has_pure_on_table=True)
    assert got.score == 27 - 2
    assert best_laydown(parse_cards("9S 9H 9D 2C"), wild).score == -29


def test_node_limit_is_reported():
    hand = parse_cards("AH 2H 3H 4H 9S 9D 9C JK JK 7C 8C TD JD QD")
    for limit in (3, 30):  # cut short: the best found so far, still valid
        got = best_laydown(hand, W("JK"), node_limit=limit)
        assert not got.exact and got.score <= 111
        _check_laydown(got, hand, W("JK"))
    assert best_laydown(hand, W("JK")).exact


# ------------------------------------------------------------------- going out


def test_go_out():
    wild = W("JK")
    hand = parse_cards("5S 6S 7S KH KD JK 9D 9C 9H 3D 4D 5D 6D 2C")
    got = go_out(hand, wild)
    assert got is not None and got.discard.kind == parse_kind("2C")
    _check_melds(list(got.melds), wild)
    placed = [c.uid for m in got.melds for c in m.cards]
    assert sorted(placed + [got.discard.uid]) == sorted(c.uid for c in hand)
    # two cards that meld nowhere
    assert go_out(parse_cards("5S 6S 7S KH KD JK 9D 9C 9H 3D 4D 5D QS 2C"), wild) is None
    # everything melds but there is no pure sequence
    no_pure = parse_cards("5S 6S JK KH KD KC 9D 9C 9H 3D 4D JK 6D 2C")
    assert go_out(no_pure, wild) is None
    assert go_out(no_pure, wild, has_pure_on_table=True).discard.kind == parse_kind("2C")
    # ten cards in three melds: only an end of A-2-3-4S can go
    got = go_out(parse_cards("AS 2S 3S 4S 7H 8H 9H KC KD KH"), wild)
    assert got.discard.kind in K("AS 4S")
    # with table melds: lay 8S off, discard 2C; a single card is simply discarded
    table = [TableMeld(tuple(parse_cards("5S 6S 7S")), SEQUENCE, tuple(K("5S 6S 7S")))]
    got = go_out(parse_cards("8S 2C"), wild, table)
    assert got.discard.kind == parse_kind("2C") and len(got.melds[0].cards) == 4
    assert go_out(parse_cards("KD"), wild, table).discard.kind == parse_kind("KD")
    assert go_out([], wild, table) is None  # nothing to discard


# ------------------------------------------------------------------------ wipe


def test_wipe_before_first_meld():
    wild = W("JK")
    hand = parse_cards("5H 6H KS QD 2C")
    taken = parse_cards("7H")
    assert wipe_ok(taken[0], taken, hand, wild) is None  # 5-6-7H: a pure sequence
    plan = find_wipe(taken[0], taken, hand, wild)
    assert plan.meld.is_pure_sequence and plan.pure_sequence is None
    # a set of sevens is not a pure sequence, and no pure sequence is in hand
    hand = parse_cards("7S 7D KS QD 2C")
    assert "first meld" in wipe_ok(taken[0], taken, hand, wild)
    # ... unless a pure sequence is laid with it
    hand = parse_cards("7S 7D KS QD 2C 2S 3S 4S")
    plan = find_wipe(taken[0], taken, hand, wild)
    assert plan.meld.kind == SET and plan.pure_sequence.stands_for == tuple(K("2S 3S 4S"))


def test_wipe_after_melding():
    wild = W("JK")
    table = [TableMeld(tuple(parse_cards("2S 3S 4S")), SEQUENCE, tuple(K("2S 3S 4S")))]
    taken = parse_cards("7H KD 3C")  # 7H is the lowest card taken, KD and 3C above it
    assert wipe_ok(taken[0], taken, parse_cards("7S 7D KS"), wild, table) is None
    assert "new meld" in wipe_ok(taken[0], taken, parse_cards("KS QD 2C"), wild, table)
    assert "one of the cards" in wipe_ok(parse_cards("9C")[0], taken, [], wild, table)
    # the taken cards above it may help: 3C with... no; KD with KS and a joker
    got = wipe_plans(taken[1], taken[1:], parse_cards("KS JK"), wild, table)
    assert got and all(taken[1] in p.meld.cards for p in got)


def test_wipe_identical_meld_refused():
    wild = W("JK")
    c = parse_cards("2S 3S 4S 9C 9D 9H 9C 9D 9H")
    table = [TableMeld(tuple(c[:3]), SEQUENCE, tuple(K("2S 3S 4S"))),
             TableMeld(tuple(c[3:6]), SET, tuple(K("9C 9D 9H")))]
    assert "identical" in wipe_ok(c[8], [c[8]], c[6:8], wild, table)


def test_wipe_first_upcard_wild():
    wild = W("7S")  # the red sevens are wild
    up = parse_cards("7H")
    # used as itself in a pure sequence: fine, even before a first meld
    assert wipe_ok(up[0], up, parse_cards("5H 6H 9C 9D"), wild, first_upcard_wild=True) is None
    # a pure set of sevens is not a pure sequence; no pure sequence held anywhere
    table = [TableMeld(tuple(parse_cards("KH KD KC")), SET, tuple(K("KH KD KC")))]
    hand = parse_cards("7S 7C 9D")
    reason = wipe_ok(up[0], up, hand, wild, table, first_upcard_wild=True)
    assert "first upcard" in reason
    assert wipe_ok(up[0], up, hand, wild, table, first_upcard_wild=False) is None
    # holding a pure sequence in hand allows it
    hand = parse_cards("7S 7C 9D 2D 3D 4D")
    assert wipe_ok(up[0], up, hand, wild, table, first_upcard_wild=True) is None
    # a printed joker can never be itself: only a player with a pure sequence
    jk = parse_cards("JK")
    seq_table = [TableMeld(tuple(parse_cards("2S 3S 4S")), SEQUENCE, tuple(K("2S 3S 4S")))]
    assert wipe_ok(jk[0], jk, parse_cards("9C 9D"), wild, seq_table, True) is None
    assert "first upcard" in wipe_ok(jk[0], jk, parse_cards("9C 9D"), wild, table, True)


# --------------------------------------------------- helpers for the checks


def _check_melds(melds, wild, need_pure_sequence=True, all_wild=False):
    for m in melds:
        assert meld_reason(m, wild, all_wild=all_wild) is None, m
    assert identical_reason(melds) is None
    if melds and need_pure_sequence:
        assert any(m.is_pure_sequence for m in melds)


def _check_laydown(got, cards, wild, table=(), all_wild=False):
    placed = [c.uid for m in got.melds for c in m.cards]
    assert sorted(placed + [c.uid for c in got.left]) == sorted(
        [c.uid for c in cards] + [c.uid for m in table for c in m.cards])
    assert laydown_score(got.melds, got.left, wild) == got.score
    if table:
        assert check_table(list(table), list(got.melds),
                           [c for c in cards if c not in got.left], wild,
                           all_wild=all_wild) is None
    else:
        _check_melds(list(got.melds), wild, all_wild=all_wild)
