"""Parts of the 21/27-card evaluator (``game/families/twentyone/solver.py``)
that its mutation run found unchecked (issue 24).

Most of them are the shortcuts the bots' questions share: an exact count
(``count_21``) remembers what it learnt of the hands one card less (a floor
on their counts, or that they cannot meld every card), and the show questions
(``shows``, ``show_possible``) read that.  Each test asks questions in the
order a bot does, one hand after another, and checks that every answer is
still the one the rules give for that hand alone (RULES.md §1, §4, §5).
Expected values are worked out by hand in the comments (card points: A K Q J
10 = 10, 2-9 face value, every wild card 0)."""

from __future__ import annotations

import pytest

from game.engine.caches import Memo
from game.engine.cards import parse_cards, parse_kind
from game.families.twentyone.cards import _RUNS, runs_possible, wild_kinds_21
from game.families.twentyone.solver import (
    WideOptions,
    clear_caches,
    count_21,
    evaluate_21,
    has_show,
    show_possible,
    shows,
    shows_steps,
)
from game.families.twentyone.solver_search import Hand

NONE: frozenset[int] = frozenset()
O21 = WideOptions()
O27 = WideOptions(form=27)
# cut 5D, the rank wild in every suit: 5S 5H 5D 5C and 4D 6D are wild
W5 = wild_kinds_21(parse_kind("5D"), True)
# six wild cards: a printed joker, two 5S, two 5H, a 5C.  No pure meld among
# them (no three identical cards, no run), and neither flat rule applies
# (six wild cards, RULES.md §4 wants seven; two dublees)
SIX_WILD = "JK 5S 5S 5H 5H 5C"
# three pure runs, 9 cards: 15 + 15 + 24 = 54 points
RUNS = "AS 2S 3S 4H 5H 6H 7D 8D 9D"


def kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(c.kind for c in parse_cards(text)))


@pytest.fixture(autouse=True)
def _fresh():
    """Each test starts from empty caches: what a test remembers is what
    its own questions taught."""
    clear_caches()
    yield
    clear_caches()


# ================================================= counts of the hands below


def test_wild_cards_meld_loose_cards_after_counts_of_the_hands_above():
    # six wild cards and five loose cards (no two of them share a meld: other
    # suits, far apart): each loose card needs two wild cards, so four of them
    # is more than six wild cards can meld.  No pure sequence: every card
    # counts, 10 + 9 + 7 + 2 + 10 = 38
    assert count_21(kinds(SIX_WILD + " KC 9H 7S 2D JD"), W5) == 38
    # less J♦: 10 + 9 + 7 + 2 = 28
    assert count_21(kinds(SIX_WILD + " KC 9H 7S 2D"), W5) == 28
    # less the 2♦ too, three loose cards take the six wild cards, two each:
    # every card in a 3+-card meld, no pure sequence -> 2
    assert count_21(kinds(SIX_WILD + " KC 9H 7S"), W5) == 2
    assert evaluate_21(parse_cards(SIX_WILD + " KC 9H 7S"), W5).count == 2


def test_a_count_of_a_hand_known_not_to_meld_does_not_mislead_its_children():
    # four pure runs (AS-3S, 4H-6H, 7D-9D, 7C-9C) and 9♠ 9♥: the set
    # 9S 9H 9C (or 9D) and three pure runs leave 7♣ 8♣ (or 7♦ 8♦): 15, less
    # than the four runs and 9♠ 9♥ loose (18).  No card can be spared to
    # meld the rest
    four = "AS 2S 3S 4H 5H 6H 7D 8D 9D 7C 8C 9C"
    assert count_21(kinds(four + " 9S 9H"), NONE) == 15
    # less 9♥ (a melded card): known not to meld every card; four pure
    # runs and 9♠ loose: 9
    assert count_21(kinds(four + " 9S"), NONE) == 9
    # less 9♠ too: the four pure runs, every card melded -> 2 (nothing
    # learnt of the hand above says otherwise)
    assert count_21(kinds(four), NONE) == 2
    assert shows(parse_cards(four), NONE) == "pure"


def test_a_count_of_a_hand_with_pure_runs_known_not_to_meld():
    # three pure runs and two loose cards: no hand one card less melds
    # every card; deadwood 10 + 10 = 20
    assert count_21(kinds(RUNS + " KC QC"), NONE) == 20
    # less Q♣: deadwood K♣ = 10 (known not to meld every card)
    assert count_21(kinds(RUNS + " KC"), NONE) == 10
    # less K♣ too: three pure runs, every card melded -> 2 (not 10 - 10 = 0)
    assert count_21(kinds(RUNS), NONE) == 2
    assert shows(parse_cards(RUNS), NONE) == "pure"


def test_a_bounded_count_remembers_nothing_false_of_the_hands_below():
    # three pure runs and K♣: deadwood 10, under 50
    assert count_21(kinds(RUNS + " KC"), NONE, below=50) == 10
    # the hand less K♣ melds every card: 2 points
    assert count_21(kinds(RUNS), NONE) == 2


def test_six_wild_cards_alone_meld_every_card():
    # RULES.md §1: melds of wild cards only are allowed in this family; six
    # wild cards are two such melds: every card melded -> 2 (their points
    # are 0, so a count of the cards would say 0)
    assert count_21(kinds(SIX_WILD), W5) == 2


def test_six_wild_cards_after_the_count_of_seven():
    # seven wild cards pay 2 (flat: RULES.md §4); one card less is the six
    # above, two melds of wild cards only: 2, whatever the count of the
    # seven learnt
    assert count_21(kinds(SIX_WILD + " JK"), W5) == 2
    assert count_21(kinds(SIX_WILD), W5) == 2


def test_a_flat_hand_counts_2_under_any_bound_above_2():
    # seven dublees (RULES.md §4: six or more pay 2 points)
    flat = kinds("4S 4S 5S 5S 6S 6S KS KS 7H 7H 8H 8H 9H 9H")
    assert count_21(flat, NONE, below=3) == 2
    assert count_21(flat, NONE, below=2) is None
    assert count_21(flat, NONE) == 2


def test_a_flat_hand_teaches_nothing_false_of_other_hands():
    # seven dublees: 4S-6S twice, 7H-9H twice and K♠ K♠.  Flat (2 points);
    # no card can be spared to meld the rest (the two K♠ meld with nothing)
    flat = "4S 4S 5S 5S 6S 6S KS KS 7H 7H 8H 8H 9H 9H"
    assert count_21(kinds(flat), NONE) == 2
    # with a third K♠ it is a tunnela: four pure runs and a tunnela, every
    # card melded -> show (a)
    assert shows(parse_cards(flat + " KS"), NONE) == "pure"
    # without the two K♠: four pure runs, show (a)
    assert shows(parse_cards("4S 4S 5S 5S 6S 6S 7H 7H 8H 8H 9H 9H"), NONE) == "pure"


def test_a_capped_count_with_pure_runs():
    # cap 30: three pure runs and K♣ Q♦ J♥ 9♠ loose, 10 + 10 + 10 + 9 = 39
    # -> capped at 30 (nothing melds them)
    opts = WideOptions(cap=30)
    hand = RUNS + " KC QD JH 9S"
    assert count_21(kinds(hand), NONE, opts) == 30
    assert evaluate_21(parse_cards(hand), NONE, opts).count == 30
    assert evaluate_21(parse_cards(hand), NONE).count == 39


# ============================================================ show questions


def test_has_show_reads_the_options():
    # three pure runs and a set of kings: show (a) with 21 cards, not with 27
    # (four pure sequences needed, RULES.md §5)
    hand = parse_cards("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH")
    assert has_show(hand, NONE)
    assert not has_show(hand, NONE, O27)


def test_show_possible_asked_twice():
    # three pure runs and K♣: throwing K♣ leaves show (a)
    hand = parse_cards(RUNS + " KC")
    assert show_possible(hand, NONE) is True
    assert show_possible(hand, NONE) is True
    # two loose cards: no discard leaves a show
    hand = parse_cards(RUNS + " KC QC")
    assert show_possible(hand, NONE) is False
    assert show_possible(hand, NONE) is False


def test_show_possible_after_the_count_of_the_same_hand():
    # the greedy bot counts the hand it holds, then asks whether a discard
    # leaves a show: three pure runs, K♣ and Q♣ loose -> no (deadwood 20)
    held = RUNS + " KC QC"
    assert count_21(kinds(held), NONE) == 20
    assert show_possible(parse_cards(held), NONE) is False


def test_show_possible_after_the_count_of_another_hand():
    # the hand less A♠ (2♠ 3♠ left loose) was learnt incomplete from the
    # count of a hand holding Q♣ instead: 2 + 3 + 10 + 10 = 25 (two pure runs
    # only, 4H-6H and 7D-9D: every card outside them counts)
    assert count_21(kinds("2S 3S 4H 5H 6H 7D 8D 9D KC QC"), NONE) == 25
    # ... but throwing K♣ from this hand leaves three pure runs: show (a)
    assert show_possible(parse_cards(RUNS + " KC"), NONE) is True


def _slices(steps) -> tuple[object, int]:
    """(value, times it stopped) of a sliced question; fails rather than spin."""
    for n in range(10_000):
        try:
            next(steps)
        except StopIteration as done:
            return done.value, n
    raise AssertionError("still searching after 10000 slices")


def test_a_sliced_show_question_stops_after_its_nodes():
    # cut 9D: 8D 9D TD wild (9D and TD held).  Three tunnelas (J♦ Q♦ K♦):
    # show (b).  Show (a) would meld every card: 5♣ and 8♣ take both wild
    # cards (5C 6C 7C 8C), and the second A♣ has none left (A♣ K♣ Q♣ J♣
    # takes the other): no.  Ruling (a) out takes the search more than 60
    # states, so asked 20 a slice the question stops twice or more before
    # answering
    hand = parse_cards("TS JS QS 9D TD JD QD KD AC 5C 8C JC QC KC JD QD KD AC JD QD KD")
    wild = wild_kinds_21(parse_kind("9D"))
    value, stops = _slices(shows_steps(hand, wild, O21, nodes=20))
    assert value == "tunnelas"
    assert stops >= 2
    clear_caches()
    assert _slices(shows_steps(hand, wild, O21, nodes=None)) == ("tunnelas", 0)


def test_counts_asked_under_2_and_3():
    # a bot weighing the hands one card less of a flat hand asks whether each
    # pays under 2.  No pure sequence: 2 + 5 + 9 + 10 + 7 = 33
    assert count_21(kinds("2S 5H 9D KC 7S"), NONE, below=2) is None
    assert count_21(kinds("2S 5H 9D KC 7S"), NONE, below=1) is None
    # one pure sequence: 9 + 9 + 10 = 28
    assert count_21(kinds("4S 5S 6S 9H 9D KC"), NONE, below=2) is None
    # two printed jokers: no meld (three cards needed), no pure sequence,
    # so every card counts, and each counts 0: the hand pays 0
    assert count_21(kinds("JK JK"), NONE, below=2) == 0
    assert count_21(kinds("JK JK"), NONE, below=1) == 0
    # three printed jokers: a tunnela, every card melded -> 2
    assert count_21(kinds("JK JK JK"), NONE, below=2) is None
    assert count_21(kinds("JK JK JK"), NONE, below=3) == 2
    # 5♠ and two jokers: one meld, every card melded -> 2
    assert count_21(kinds("JK JK 5S"), NONE, below=2) is None
    assert count_21(kinds("JK JK 5S"), NONE, below=3) == 2


def test_wild_cards_alone_asked_under_2_and_3():
    # all wild: counting the cards says 0, but they meld every card (a meld
    # of wild cards only is allowed in this family): 2, not under 2
    for hand in ("JK JK 5S", SIX_WILD):
        assert count_21(kinds(hand), W5, below=2) is None
        assert count_21(kinds(hand), W5, below=3) == 2


def test_sets_alone_meld_every_card():
    # cut 2H (wild 2H 3H AH, none held): two natural sets of three and two
    # printed jokers with K♣: every card in a 3+-card meld, no pure
    # sequence -> 2
    w = wild_kinds_21(parse_kind("2H"))
    assert count_21(kinds("5S 5H 5D 9C 9D 9H JK JK KC"), w) == 2


def test_the_hands_below_a_one_pure_sequence_count():
    # one pure sequence (4S 5S 6S): 9 + 9 + 10 = 28; no card can be spared
    # to meld the rest
    whole = "4S 5S 6S 9H 9D KC"
    assert count_21(kinds(whole), NONE) == 28
    # less K♣: 9 + 9 = 18; less 9♥: 9 + 10 = 19
    assert count_21(kinds("4S 5S 6S 9H 9D"), NONE) == 18
    assert count_21(kinds("4S 5S 6S 9D KC"), NONE) == 19
    # less 5♠: no pure sequence, 4 + 6 + 9 + 9 + 10 = 38
    assert count_21(kinds("4S 6S 9H 9D KC"), NONE) == 38


def test_the_hands_below_a_count_with_wild_cards_as_themselves():
    # cut 5H: 4H 5H 6H are wild, and held in their places they are a pure
    # run worth 0 points.  Pure runs 7S-9S and 7D-9D (24 each); K♣ Q♦ 2♣
    # loose (three wild cards cannot take three loose cards, two each).
    # Three pure runs: deadwood 10 + 10 + 2 = 22; the wild cards spent on
    # K♣ instead leave two pure runs, and the cards outside them count:
    # 10 + 10 + 2 (the wild cards 0) = 22 too
    w = wild_kinds_21(parse_kind("5H"))
    whole = "4H 5H 6H 7S 8S 9S 7D 8D 9D KC QD 2C"
    assert count_21(kinds(whole), w) == 22
    # less K♣: 10 + 2 = 12; less 2♣: 10 + 10 = 20
    assert count_21(kinds("4H 5H 6H 7S 8S 9S 7D 8D 9D QD 2C"), w) == 12
    assert count_21(kinds("4H 5H 6H 7S 8S 9S 7D 8D 9D KC QD"), w) == 20
    # less 8♠: two pure runs at most (the hearts, 0 points, and the
    # diamonds; 7♠ 9♠ meld only with a wild card, impurely), so every card
    # outside them counts: 7 + 9 + 10 + 10 + 2 = 38
    assert count_21(kinds("4H 5H 6H 7S 9S 7D 8D 9D KC QD 2C"), w) == 38


def test_a_count_teaches_nothing_false_of_the_hand_after_a_draw():
    # three pure runs and 2♥ 2♥ (no meld for them: two of one suit are no
    # set, and no wild card): deadwood 2 + 2 = 4
    assert count_21(kinds(RUNS + " 2H 2H"), NONE) == 4
    # a third 2♥ drawn: a tunnela, every card melded -> 2, show (a)
    assert count_21(kinds(RUNS + " 2H 2H 2H"), NONE) == 2
    assert shows(parse_cards(RUNS + " 2H 2H 2H"), NONE) == "pure"


def test_the_hands_below_with_aces_worth_11():
    # RULES.md §1 option: Ace = 11.  Three pure runs, K♣ and A♥ loose:
    # 10 + 11 = 21; less A♥: 10; less K♣: 11
    opts = WideOptions(ace_points=11)
    assert count_21(kinds(RUNS + " KC AH"), NONE, opts) == 21
    assert count_21(kinds(RUNS + " KC"), NONE, opts) == 10
    assert count_21(kinds(RUNS + " AH"), NONE, opts) == 11


def test_the_hands_below_a_capped_count():
    # cap 30: three pure runs and K♣ Q♦ J♥ 9♠ loose, 39 -> 30
    opts = WideOptions(cap=30)
    assert count_21(kinds(RUNS + " KC QD JH 9S"), NONE, opts) == 30
    # less 9♠: 30, at the cap; less J♥: 10 + 10 + 9 = 29
    assert count_21(kinds(RUNS + " KC QD JH"), NONE, opts) == 30
    assert count_21(kinds(RUNS + " KC QD 9S"), NONE, opts) == 29


def test_two_hands_one_card_above_the_same_hand():
    # the hand 2S 3S 4H-6H 7D-9D K♣ Q♣ is one card less of both counted
    # below.  With A♠: three pure runs, deadwood K♣ Q♣ = 20
    assert count_21(kinds(RUNS + " KC QC"), NONE) == 20
    # with 4♠ instead (2S 3S 4S pure): deadwood 20 again
    assert count_21(kinds("2S 3S 4S 4H 5H 6H 7D 8D 9D KC QC"), NONE) == 20
    # the hand itself: two pure runs (4H-6H, 7D-9D), every card outside
    # them counts: 2 + 3 + 10 + 10 = 25
    assert count_21(kinds("2S 3S 4H 5H 6H 7D 8D 9D KC QC"), NONE) == 25


def test_the_loose_count_only_when_asked():
    # no pure sequence: every card counts, 5 + 5 + 9 = 19; the cards in no
    # meld at all are the same three (loose count 19), worked out on demand
    hand = parse_cards("5S 5H 9C")
    assert evaluate_21(hand, NONE).loose_count is None
    assert evaluate_21(hand, NONE, O21, True).loose_count == 19


def test_no_show_melds_without_show_a():
    # three tunnelas: show (b), whose melds are not listed (show_melds is
    # for show (a) only); a hand with no show has none either
    e = evaluate_21(parse_cards("7D 7D 7D 9S 9S 9S KC KC KC 2D 5S 8C"), NONE)
    assert e.show == "tunnelas" and e.show_melds == ()
    e = evaluate_21(parse_cards("2S 5H 9D KC 7S"), NONE)
    assert e.show is None and e.show_melds == ()


def test_sets_meld_every_card_after_counts_of_the_hands_above():
    # one pure sequence (4S 5S 6S): the cards outside it count,
    # 5 + 5 + 9 + 9 + 9 = 37 (the sets 5S 5H 5D and 9C 9D 9H free nothing
    # without a pure sequence: 52).  No card can be spared to meld the rest
    assert count_21(kinds("4S 5S 6S 5H 5D 9C 9D 9H"), NONE) == 37
    # less 4♠ (a melded card): no pure sequence, every card counts: 48
    assert count_21(kinds("5S 6S 5H 5D 9C 9D 9H"), NONE) == 48
    # less 6♠ too: two sets, every card melded (no pure sequence needed) -> 2
    assert count_21(kinds("5S 5H 5D 9C 9D 9H"), NONE) == 2


def test_a_hands_totals_are_summed_suit_by_suit_and_kept_for_the_next_hand():
    # 7C wild (RULES.md §4: a wild card counts 0, a face card 10):
    # 2S 2S 2S 5H 5H KD 7C JK counts 2+2+2 + 5+5 + 10 = 26 points, holds two
    # wild cards (7C, the joker), two dublees (2S 2S, 5H 5H) and one tunnela
    # (2S 2S 2S), its one pure meld though spades hold no three in a row
    wild = frozenset({parse_kind("7C")})
    for text, totals in (("2S 2S 2S 5H 5H KD 7C JK", (26, 2, 2, 1, 1)),
                         # the spades as before, read from what the first kept:
                         # 2+2+2 + 9+9 = 24, no wild card, dublees 2S 2S and 9D 9D
                         ("2S 2S 2S 9D 9D", (24, 0, 2, 1, 1)),
                         # a 2S for a 3S: 2+2+3 + 9+9 = 25, no tunnela left
                         ("2S 2S 3S 9D 9D", (25, 0, 2, 0, 0))):
        h = Hand(tuple(sorted(c.kind for c in parse_cards(text))), wild, O21)
        assert (h.total, h.nwild, h.dublee_count, h.tunnela_count, h.maxpure) == totals


def test_the_runs_memo_is_a_memo_and_keeps_the_uncapped_count():
    # one of each rank A..K: A23 456 789 10JQ (or 234 567 8910 JQK, the Ace
    # high): four pure runs; asked first with a cap of 2, later with 9
    suit = bytes([1] * 13)
    assert isinstance(_RUNS, Memo)
    assert runs_possible(suit, 2) == 2
    assert runs_possible(suit, 9) == 4
    # A-2-3 and Q-K-A share the one Ace: one run, whichever the Ace takes
    assert runs_possible(bytes([1, 1, 1] + [0] * 8 + [1, 1]), 5) == 1
