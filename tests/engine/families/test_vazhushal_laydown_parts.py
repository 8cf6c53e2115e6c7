"""Vazhushal's lay-down search (RULES.md §7), the parts its mutation run found
unchecked: positions the brute-force draws seldom reach, each worked out by
hand below (those of ten cards or fewer confirmed by the independent brute
force in ``test_vazhushal_laydown_referee.py``; the five larger ones were
checked against it once, too slow to keep).

Card values (§7): A K Q J 10 = 10, others face value; a wild card in a meld is
worth the card it stands for, one left in hand costs 20.  Without table melds
the melds laid must include a pure sequence (or nothing is laid); with the
player's own melds (or ``has_pure_on_table``) any pure meld keeps the rule."""

from __future__ import annotations

import pytest

from game.engine.cards import parse_cards, parse_kind
from game.families.vazhushal.laydown import best_laydown, go_out, laydown_score
from game.families.vazhushal.melds import (
    SEQUENCE,
    SET,
    TableMeld,
    check_table,
    identical_reason,
    meld_reason,
)
from tests.engine.families.test_vazhushal_melds import W


def K(text: str) -> tuple[int, ...]:
    return tuple(parse_kind(t) for t in text.split())


def deal(hand: str, table: tuple = ()) -> tuple[list, list[TableMeld]]:
    """The hand's cards and the table melds, all distinct physical cards (the
    table's are parsed first).  ``table``: (cards, SEQUENCE or SET, stands for)."""
    text = " ".join(t for t, _, _ in table)
    cards = parse_cards(text + " " + hand)
    melds, at = [], 0
    for t, kind, stands in table:
        n = len(t.split())
        melds.append(TableMeld(tuple(cards[at:at + n]), kind, K(stands)))
        at += n
    return cards[at:], melds


def check_laydown(got, cards, wild, table=(), pure_needed=True):
    """Every card once, the score the melds and the left cards make, the melds
    valid (and, with table melds, a legal rearrangement of them)."""
    placed = [c.uid for m in got.melds for c in m.cards]
    assert sorted(placed + [c.uid for c in got.left]) == sorted(
        [c.uid for c in cards] + [c.uid for m in table for c in m.cards])
    assert laydown_score(got.melds, got.left, wild) == got.score
    for m in got.melds:
        assert meld_reason(m, wild) is None, str(m)
    assert identical_reason(list(got.melds)) is None
    if table:
        assert check_table(list(table), list(got.melds),
                           [c for c in cards if c not in got.left], wild) is None
    elif got.melds and pure_needed:
        assert any(m.is_pure_sequence for m in got.melds)


def check_go_out(got, cards, wild, table=(), pure_needed=True):
    assert got is not None
    for m in got.melds:
        assert meld_reason(m, wild) is None, str(m)
    assert identical_reason(list(got.melds)) is None
    placed = [c.uid for m in got.melds for c in m.cards]
    assert sorted(placed + [got.discard.uid]) == sorted(
        [c.uid for c in cards] + [c.uid for m in table for c in m.cards])
    if table:
        assert check_table(list(table), list(got.melds),
                           [c for c in cards if c != got.discard], wild) is None
    elif pure_needed:
        assert any(m.is_pure_sequence for m in got.melds)


# --------------------------------------------------------- best lay-downs

# (hand, negative joker, has_pure_on_table, score): every score is the most the
# hand can make, worked out in the comment.
LAYDOWNS = [
    # 5-6-7H (18) and a lone ace with four jokers: JK JK JK JK AS read as
    # 10-J-Q-K-A of spades, every joker worth 10 -- every card melded at its
    # highest, 28 + 40 = 68 (A-2-3-4-5S would give the jokers 14: 42)
    ("5H 6H 7H AS JK JK JK JK", "JK", False, 68),
    # four natural nines are one pure set of four: 36 + 18 = 54 (a set of three
    # would leave 9C: 27 + 18 - 9 = 36)
    ("9S 9H 9D 9C 5H 6H 7H", "JK", False, 54),
    # 2-3-4H pure (9) and 4S 4H JK JK as the set of four fours (16): 25, nothing
    # left (4-5-6H with the jokers leaves 4S: 9 + 15 - 4 = 20)
    ("JK 3H 4S JK 4H 4H 2H", "JK", False, 25),
    # AS is wild (cut AH), and as itself it makes A-2-3S pure (15); 2S AS JK is
    # 2-3-4S with the wild ace as 3S (9): 24, nothing left.  (A wild card is
    # never worth more than the place it takes: no sequence reaches below A.)
    ("AS AS JK 2S 2S 3S", "AH", False, 24),
    # 4H 4H are wild (cut 4S): A-2-3H (15) and 3-4-5H with 4H as itself (12),
    # the other 4H as 6H (6): 33, every natural melded and the wild card at
    # the highest place it can take
    ("3H AH 4H 3H 4H 2H 5H", "4S", False, 33),
    # already melded (a pure meld on the table): 2H JK JK as A-2-3H, 10 + 2 + 3
    ("JK JK 2H", "JK", True, 15),
    # already melded: 3H is wild (cut 3S) and reads 6H after 4H 5H: 15 - 7C = 8
    # (as itself, 3-4-5H: 12 - 7 = 5)
    ("4H 5H 3H 7C", "3S", True, 8),
    # already melded: Q(JK)-K-A of spades 30, 3S left: 27
    ("KS JK AS 3S", "QD", True, 27),
    # already melded: 7H 7C JK as a set of sevens (21), 7C 4H 3H stay (-14): 7
    # (3-4-5H with the joker leaves the three sevens: 12 - 21 = -9)
    ("7H 7C 7C 4H 3H JK", "JK", True, 7),
    # already melded: 5-6-7S (18) and 6D JK(7D) 8D (21), 4D 8D stay: 27
    # (4D JK 6D instead leaves both eights: 18 + 15 - 16 = 17)
    ("6S 6D 7S 8D JK 4D 8D 5S", "JK", True, 27),
    # already melded: 7C JK JK JK JC as 7-8-9-10-J of clubs (7 + 8 + 9 + 10 + 10
    # = 44), the other JC and 8H stay: 26 (a set JC JK JK leaves 7C 8H JC JK)
    ("JK JC JC JK 8H 7C JK", "8H", True, 26),
    # 6C is wild (cut 6H) and 5-6-7C twice would be two identical melds: one
    # 5-6-7-8C with the second 6C as 8C (26), 5C 7C stay: 14
    ("7C 7C 6C 5C 5C 6C", "6H", True, 14),
    # KH KD wild, none held: ten cards worth 10 each cannot all meld (the two
    # KS need four jokers), so one 10 stays: 10-J-QH (JK as TH), J-Q-KH (JK as
    # KH), J-Q-KS (JK as QS) and KS left: 90 - 10 = 80
    ("QH JK KS JK JH JS JK JH KS QH", "KS", True, 80),
    # already melded: AD JK JK a set of aces (30) and QD JK JK (30); both 2D stay:
    # 56.  Melding a 2D puts a joker at 3 or 4 (at most 24 + 30 + 3 - 2 = 55)
    ("JK JK JK 2D 2D AD JK QD", "4S", True, 56),
    # every card melded, both jokers worth 10: 6-7-8S (21), 7-8-9-10S (34) and
    # 10S with the jokers (30): 85
    ("7S 6S JK 9S JK TS TS 8S 8S 7S", "9S", False, 85),
    # 8D 8D are wild (cut 8S): 4-5-6-7-8-9D with 8D as itself (pure, 39) and
    # 4D 8D(5D) 6D (15), 9D left: 45.  The two 4s, 6s and 9s need two melds,
    # and one wild card cannot also bring the second 9 in.
    ("8D 9D 7D 9D 6D 6D 4D 8D 5D 4D", "8S", False, 45),
    # already melded: A-2-3-4-5C with the jokers as 3C 4C (24), 3D 3D stay: 18
    # (two 3D cannot share a set)
    ("3D 3D JK AC JK 5C 2C", "3H", True, 18),
    # 2-3-4D (9), K-D with two jokers twice (Q-K-A and J-Q-K, 60), the second
    # 2-3-4D stays (identical to the first, -9): 60.  (A joker on the small
    # run instead leaves a KD: 9 + 19 + 30 - 10 = 48.)
    ("4D JK 3D JK 3D 2D KD 4D KD JK 2D JK", "JK", False, 60),
    # already melded: 4-5-6(JK)-7C, 7-8(JK)-9-10C and 9-10-J(JK)-Q(JK)C: every
    # card melded, 61 + 6 + 8 + 10 + 10 = 95.  4C 5C need a joker at 3 or 6
    # (or a set of fours or fives) and the second 7C one at 8 or below, so the
    # jokers are worth 34 at most.
    ("4C JK JK 9C 7C 5C 9C TC TC 7C JK JK", "JK", True, 95),
    # diamonds A A 2 2 3 3 4 5 5 K K and three jokers: Q(JK)-K-A, K with two
    # jokers (30 + 30), A-2-3 (15) and 2-3-4-5 (14), one 5D left: 84.  Each KD
    # needs two more cards beside it, so a joker put low leaves a king (-10).
    ("3D 5D JK KD JK KD 2D 3D AD 4D JK 5D 2D AD", "JK", False, 84),
    # QH QD wild (cut QS), QH held; already melded: QH as itself with two
    # jokers (30) and KH with two jokers (30), 2H left: 58.  Melding 2H too
    # puts two wild cards on A-2-3H (15): at most 40 + 15 = 55.
    ("JK JK QH KH JK JK 2H", "QS", True, 58),
    # already melded: JD JK JK AD is J-Q-K-AD (40), two cards of one suit
    # served by two jokers; 2-3-4H (9); QS 7C stay: 32 (QS with the jokers
    # instead: 9 + 30 - 10 - 7 - 10 = 12)
    ("JK QS 4H JK 3H JD 2H 7C AD", "JK", True, 32),
    # 2-3-4H pure (9) and Q(JK)-K-A(JK)D (30); 3S 5C 7S stay: 24 (the jokers on
    # 7S make 7-8-9S, 24, and leave KD: 15)
    ("3S JK 3H 5C KD 4H 2H JK 7S", "JK", False, 24),
    # KH KD wild (cut KS): 2-3-4S pure (9) and AS with JK and KD as a set of
    # aces (30), 2D left: 37 (A-2-3-4S and 2D with both wild cards as A-2-3D
    # meld everything but give the wild cards 10 + 3: 34)
    ("3S AS JK KD 2S 2D 4S", "KS", False, 37),
    # already melded: A(2 by JK)-3-4-5D (24) and J-Q-KC with two jokers (30);
    # 8H, the second JC and 5C stay: 54 - 23 = 31 (the two JC would need four
    # jokers; 3-4-5D alone and JC with three jokers: 12 + 40 - 23 - 10 = 19)
    ("AD 8H JC JC 4D JK 5D 5C JK 3D JK", "JK", True, 31),
    # Q-K-AC pure (30), JD JC with a joker as JS (30), 2D JK 4D (9), 5S with two
    # jokers as 6S 7S (18); 2H left: 85
    ("JD KC JK JC 2H AC 2D JK QC 5S JK JK 4D", "JK", False, 85),
]


@pytest.mark.parametrize("hand, cut, pure_on_table, score", LAYDOWNS)
def test_best_laydown_positions(hand, cut, pure_on_table, score):
    wild = W(cut)
    cards = parse_cards(hand)
    got = best_laydown(cards, wild, has_pure_on_table=pure_on_table)
    assert got.score == score and got.exact is True
    check_laydown(got, cards, wild, pure_needed=not pure_on_table)


def test_lone_ace_takes_the_high_end():
    """The lone ace's Q-K-A side: the jokers read 10S JS QS KS."""
    got = best_laydown(parse_cards("5H 6H 7H AS JK JK JK JK"), W("JK"))
    spades = [m for m in got.melds if m.kind == SEQUENCE and m.stands_for[-1] == parse_kind("AS")]
    assert [m.stands_for for m in spades] == [K("TS JS QS KS AS")]


def test_nothing_laid_is_exact():
    """A hand with nothing to lay: laying nothing, -(10 + 2), found exactly."""
    got = best_laydown(parse_cards("KD 2C"), W("JK"))
    assert (got.score, got.melds, got.exact) == (-12, (), True)
    cut = best_laydown(parse_cards("KD 2C"), W("JK"), node_limit=0)
    assert (cut.score, cut.melds, cut.exact) == (-12, (), False)


def test_node_limit_cut_is_reported_false():
    """``exact`` is the bool False when the limit cut the search."""
    hand = parse_cards("AH 2H 3H 4H 9S 9D 9C JK JK 7C 8C TD JD QD")
    assert best_laydown(hand, W("JK"), node_limit=30).exact is False


# ------------------------------------------------------------ with table melds


def test_table_jokers_all_count():
    """Two jokers on the table (and none in hand): 2-3-4S pure and JK 2S JK
    (A-2-3S) on the table, 4S in hand.  Every table card stays melded: 2-3-4S
    (9) and A(JK)-2-3(JK)-4S (10 + 2 + 3 + 4 = 19), 28, nothing left; the
    jokers are the only cards that can fill A and 3 beside the second 2S."""
    wild = W("2S")  # 2H 2D wild: none held
    hand, table = deal("4S", (("2S 3S 4S", SEQUENCE, "2S 3S 4S"),
                              ("JK 2S JK", SEQUENCE, "AS 2S 3S")))
    got = best_laydown(hand, wild, table)
    assert got.score == 28 and not got.left
    check_laydown(got, hand, wild, table)


def test_table_joker_and_hand_joker_both_count():
    """A joker on the table and one in hand: 5-6-7H pure, 9S JK(10S) JS on the
    table; the hand's JK joins 9-10-J-QS as QS (10), 2C stays: 18 + 29 + 10 - 2
    = 55 (the joker as 8H would be worth 8)."""
    wild = W("JK")
    hand, table = deal("JK 2C", (("5H 6H 7H", SEQUENCE, "5H 6H 7H"),
                                 ("9S JK JS", SEQUENCE, "9S TS JS")))
    got = best_laydown(hand, wild, table)
    assert got.score == 55 and [str(c) for c in got.left] == ["2C"]
    check_laydown(got, hand, wild, table)


def test_table_keeps_its_pure_meld_even_when_told_one_is_there():
    """With the table melds given, ``has_pure_on_table`` does not lift the
    rule: the only pure meld, 5-6-7S, cannot take the joker.  5S and JK stay:
    18 - 5 - 20 = -7 (5-6-7-8S with the joker would be 26 - 5 = 21, but no pure
    meld would remain).  Going out is impossible for the same reason."""
    wild = W("JK")
    hand, table = deal("5S JK", (("5S 6S 7S", SEQUENCE, "5S 6S 7S"),))
    got = best_laydown(hand, wild, table, has_pure_on_table=True)
    assert got.score == -7 and sorted(str(c) for c in got.left) == ["5S", "JK"]
    check_laydown(got, hand, wild, table)
    assert go_out(hand, wild, table, has_pure_on_table=True) is None


def test_table_refusals_in_words():
    wild = W("JK")
    hand, table = deal("", (("5S 6S 9S", SEQUENCE, "5S 6S 7S"),))  # 9S cannot be a 7S
    with pytest.raises(ValueError) as err:
        best_laydown(hand, wild, table)
    assert str(err.value) == "the table melds given admit no valid arrangement"
    hand, table = deal("8S", (("5S 6S 7S", SEQUENCE, "5S 6S 7S"),))
    with pytest.raises(ValueError) as err:
        best_laydown(hand, wild, table, node_limit=1)
    assert str(err.value) == "node limit reached before any arrangement"


# ----------------------------------------------------------------- going out


def test_go_out_with_a_single_card():
    """One card and no melds: the first meld must be a pure sequence, so a
    player with nothing melded cannot go out by discarding alone; already
    melded, the card is simply discarded."""
    wild = W("JK")
    assert go_out(parse_cards("KD"), wild) is None
    got = go_out(parse_cards("KD"), wild, has_pure_on_table=True)
    assert got is not None and str(got.discard) == "KD" and got.melds == ()


def test_go_out_already_melded_needs_no_pure_sequence():
    """JK JK 2H 7C: 2H with both jokers (A-2-3H) and 7C discarded -- only when
    a pure meld is already on the table; else there is no pure sequence."""
    wild = W("JK")
    cards = parse_cards("JK JK 2H 7C")
    assert go_out(cards, wild) is None
    got = go_out(cards, wild, has_pure_on_table=True)
    assert str(got.discard) == "7C"
    check_go_out(got, cards, wild, pure_needed=False)


def test_go_out_pure_set_on_the_table_keeps_the_rule():
    """KH KD KC (a pure set) on the table: 5S 6S JK(7S) may be impure, 2C goes."""
    wild = W("JK")
    hand, table = deal("5S 6S JK 2C", (("KH KD KC", SET, "KH KD KC"),))
    got = go_out(hand, wild, table)
    assert str(got.discard) == "2C"
    check_go_out(got, hand, wild, table)


def test_go_out_with_sets_completed_by_jokers():
    """5H 5D wild (none held).  Q-K-AD pure, 10D J(JK) Q(JK) KD A(JK), and
    10H 10D with a joker as the third ten: eleven cards melded, one 10H goes.
    Every meld must be one the rules know (a set's wild card stands for one of
    the four suits)."""
    wild = W("5S")
    cards = parse_cards("JK JK TH TH KD TD AD TD QD KD JK JK")
    check_go_out(go_out(cards, wild), cards, wild)


def test_pure_set_on_the_table_with_its_spade():
    """9S 9H 9D (a pure set, the spade among them) on the table; AS JK JK in
    hand is a set of aces (30): 27 + 30 = 57, nothing left.  The jokers cannot
    join the nines without leaving no pure meld."""
    wild = W("JK")
    hand, table = deal("AS JK JK", (("9S 9H 9D", SET, "9S 9H 9D"),))
    got = best_laydown(hand, wild, table)
    assert got.score == 57 and not got.left
    check_laydown(got, hand, wild, table)


@pytest.mark.parametrize("hand, table", [
    # KS KC wild (cut KH): Q-K-AC pure (KC as itself) and J(JK) Q(JK) KC AC
    ("QC", (("QC KC AC", SEQUENCE, "QC KC AC"), ("JK JK KC AC", SEQUENCE, "JC QC KC AC"))),
    # A-2-3-4H pure and QH JK(KH) AH
    ("KH", (("AH 2H 3H 4H", SEQUENCE, "AH 2H 3H 4H"), ("QH JK AH", SEQUENCE, "QH KH AH"))),
    # 5-6-7H pure and 9S 9D 9C with the wild KC as 9H: KC could leave the set
    # (three nines stay a set) but it is a table card: 8H is the discard
    ("8H", (("5H 6H 7H", SEQUENCE, "5H 6H 7H"), ("9S 9D 9C KC", SET, "9S 9D 9C 9H"))),
])
def test_go_out_never_discards_a_table_joker(hand, table):
    """The one card left when going out is a card of the hand: the table's
    jokers stay melded.  Here the hand's single card is simply discarded."""
    wild = W("KH")
    cards, melds = deal(hand, table)
    got = go_out(cards, wild, melds)
    assert got is not None and str(got.discard) == hand
    check_go_out(got, cards, wild, melds)
