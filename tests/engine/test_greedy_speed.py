"""The cheaper questions behind the greedy bot's speed (issue 23, item 4),
asked of the evaluators (the bot itself: ``tests/ai/test_greedy.py``).

The 21/27-card count asks its searches in a cheaper order: for a count
wanted under 2 or less, the rungs below "complete" first (a hand melding
every card pays 2, never under such a bound); for an exact count, whether
the hand one card less melds every card first (when none does, neither does
the whole hand); and a flat hand's exact count asks that question too, for
the hands one card less.  An exact count makes the counts of the hands one
card less known where it can (a loose card's loss), and names them, the same
whatever was counted before (``counts_without_21``, ``loose_kinds``).  Every
answer must stay the one the rules give: hands worked out by hand from
RULES.md §2 and §4, and searches with and without a cut against each
other."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import JOKER_KIND, make_card, parse_kind
from game.engine.meldtypes import MeldOptions
from game.families.thirteen import solver as thirteen
from game.families.twentyone import solver as twentyone
from game.families.twentyone.cards import suit_pure, wild_kinds_21
from game.families.twentyone.solver import WideOptions, count_21, evaluate_21
from game.families.twentyone.solver_search import Hand

NO_WILD: frozenset[int] = frozenset()


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(parse_kind(t) for t in text.split()))


def _less(kinds: tuple[int, ...], kind: int) -> tuple[int, ...]:
    i = kinds.index(kind)
    return kinds[:i] + kinds[i + 1:]


def _cards(kinds):
    seen: dict[int, int] = {}
    out = []
    for k in kinds:
        out.append(make_card(k, seen.get(k, 0), seen.get(k, 0)))
        seen[k] = seen.get(k, 0) + 1
    return out


# ------------------------------------------------------- counts under 2


def test_a_hand_melding_every_card_is_never_under_two():
    # RULES §4: AS..7S, AH..7H and AC..6C are three pure sequences holding
    # every natural card; the joker then fits a sequence, so every card is
    # in a meld: 2 points.  Kept out of the melds, the joker would leave
    # nothing to count (0): the rungs below "complete" get under 2, the hand
    # does not
    hand = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C JK")
    assert JOKER_KIND in hand and len(hand) == 21
    opts = WideOptions()
    for below, want in ((1, None), (2, None), (3, 2)):
        twentyone.clear_caches()
        assert count_21(hand, NO_WILD, opts, below) == want, below
    twentyone.clear_caches()
    assert count_21(hand, NO_WILD, opts) == 2


def test_a_loose_ace_at_one_point_is_under_two():
    # Aces counting 1 (``ace_points``): three pure sequences and the AD
    # loose (no other Ace, no 2D or KD to meld it): 1 point, under 2; the
    # hand does not meld every card, so it is not the 2 points of "complete"
    hand = _kinds("2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H 8H 8C 9C TC JC QC KC AD")
    assert len(hand) == 21
    opts = WideOptions(ace_points=1)
    for below, want in ((1, None), (2, 1), (3, 1)):
        twentyone.clear_caches()
        assert count_21(hand, NO_WILD, opts, below) == want, below
    assert evaluate_21(_cards(hand), NO_WILD, opts).count == 1


# --------------------------------- the hands one card less, after an exact count


def test_a_flat_hand_leaves_its_complete_children_complete():
    # RULES §4: 2S..7S twice is six dublees: 2 points (flat).  Without one
    # 7S, five dublees are left (not flat), and 2S..7S, 2S..6S, 2H..JH meld
    # every card: 2 points again, though no card counts in the rungs below
    whole = _kinds("2S 3S 4S 5S 6S 7S 2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H 8H 9H TH JH")
    assert len(whole) == 22
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, opts) == 2
    child = _less(whole, parse_kind("7S"))
    assert count_21(child, NO_WILD, opts, below=3) == 2
    assert count_21(child, NO_WILD, opts, below=2) is None
    # without the JH, 2H..TH still melds, and the six dublees stay: flat
    assert count_21(_less(whole, parse_kind("JH")), NO_WILD, opts, below=3) == 2


def test_a_hand_one_card_from_complete_keeps_that_child_complete():
    # three pure sequences of seven (AS..7S, AH..7H, AC..7C) and the KD
    # loose: 10 points; without the KD every card is melded (2 points);
    # without the 7S, AS..6S is still pure and the KD still counts (10)
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, opts) == 10
    assert count_21(_less(whole, parse_kind("KD")), NO_WILD, opts, below=3) == 2
    assert count_21(_less(whole, parse_kind("7S")), NO_WILD, opts, below=11) == 10
    assert count_21(_less(whole, parse_kind("7S")), NO_WILD, opts, below=10) is None


def test_an_exact_count_makes_the_child_it_can_spare_known_complete():
    # as above: the KD is the only card the other 21 meld without (no wild
    # card to meld it), so once the whole hand is counted, the hand without
    # it is known to meld every card (2 points) with no search of its own;
    # without the 7S the KD still counts: not known
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert count_21(whole, NO_WILD, opts) == 10
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) == 2
    assert twentyone.known_count_21(_less(whole, parse_kind("7S")), NO_WILD, opts) is None


@pytest.mark.parametrize("form", [21, 27])
def test_every_count_an_exact_count_makes_known_is_the_count(form):
    # hands one card from melding every card (and some further), with wild
    # kinds and jokers: each hand one card less whose count the whole
    # hand's count made known has that count when counted afresh
    rng = random.Random(form)
    size = form + 1
    checked = complete = 0
    for _ in range(200):
        cut = rng.randrange(52)
        wild = wild_kinds_21(cut, form=form)
        kinds: list[int] = []
        while len(kinds) < size - 3:
            n = rng.choice((3, 4, 5))
            s, r = rng.randrange(4), rng.randrange(14 - n)
            kinds += [s * 13 + r + i for i in range(n)]
        kinds = kinds[:size - rng.choice((1, 2, 3))]
        while len(kinds) < size:
            kinds.append(rng.choice([JOKER_KIND, rng.randrange(52), rng.randrange(52)]))
        whole = tuple(sorted(kinds))
        opts = WideOptions(form=form)
        twentyone.clear_caches()
        count_21(whole, wild, opts)
        known = {}
        for k in set(whole):
            got = twentyone.known_count_21(_less(whole, k), wild, opts)
            if got is not None:
                known[k] = got
        for k, got in known.items():
            twentyone.clear_caches()
            assert count_21(_less(whole, k), wild, opts) == got, (whole, k)
            checked += 1
            complete += got == 2
    assert checked > 100 and complete > 50


def test_a_hand_melding_every_card_counts_two_exactly():
    # 22 cards in three pure sequences (AS..7S, AH..7H, AC..8C): 2 points,
    # though the rungs below "complete" would count nothing
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C 8C")
    twentyone.clear_caches()
    assert count_21(whole, NO_WILD, WideOptions()) == 2


def test_a_count_tells_which_counts_of_the_hands_one_card_less_are_known():
    # three pure sequences (AS..6S, AH..6H, AC..6C), the KD, QD and 9D loose:
    # 29.  Without the KD the same melds leave 19, known with no search;
    # without the 6S the AS..5S still melds but is that the best? unknown
    whole = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C KD QD 9D")
    opts = WideOptions()
    twentyone.clear_caches()
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert count_21(whole, NO_WILD, opts) == 29
    assert twentyone.known_count_21(whole, NO_WILD, opts) == 29
    assert twentyone.known_count_21(_less(whole, parse_kind("KD")), NO_WILD, opts) == 19
    assert twentyone.known_count_21(_less(whole, parse_kind("9D")), NO_WILD, opts) == 20
    assert twentyone.known_count_21(_less(whole, parse_kind("6S")), NO_WILD, opts) is None


def test_a_13_card_count_tells_the_known_counts_of_the_hands_one_card_less():
    # AS 2S 3S, 4H 5H 6H and 7C 8C 9C pure; KD QD 9D 5S loose: 10+10+9+5 = 34;
    # without the KD 24, known; without the 2S the AS 3S no longer meld:
    # not known without a search
    whole = _kinds("AS 2S 3S 4H 5H 6H 7C 8C 9C KD QD 9D 5S")
    opts = MeldOptions()
    thirteen.clear_caches()
    assert thirteen.known_count(_less(whole, parse_kind("KD")), NO_WILD, opts) is None
    assert thirteen.hand_count(whole, NO_WILD, opts) == 34
    assert thirteen.known_count(_less(whole, parse_kind("KD")), NO_WILD, opts) == 24
    assert thirteen.known_count(_less(whole, parse_kind("2S")), NO_WILD, opts) is None


# ------------------------------------------- cards no meld takes without a wild


def _counts(text: str) -> bytes:
    c = [0] * 52
    for k in _kinds(text):
        c[k] += 1
    return bytes(c)


def test_cards_no_meld_takes_without_a_wild_card():
    # RULES §4 melds: a run holds three in a row of a suit, a set three
    # suits of a rank.  5H 7H (no 6H) and JS meld with nothing: 5 + 7 + 10;
    # KS KD KC are a set, 2C 3C 4C a run, 8D 8D 8D three copies (a
    # tunnela): none of them counts; the designated wild 6S stands as itself
    # beside 7S 8S (so they may meld) and counts nothing
    h = Hand(_kinds("AS"), frozenset({parse_kind("6S")}), WideOptions())
    left = _counts("5H 7H JS KS KD KC 2C 3C 4C 8D 8D 8D 6S 7S 8S")
    assert h._lonely(left) == 5 + 7 + 10
    # Q K A of a suit is three in a row (the Ace high): nothing is lonely
    assert h._lonely(_counts("QH KH AH")) == 0
    # K A 2 is not (no run turns the corner): 10 + 10 + 2
    assert h._lonely(_counts("KH AH 2H")) == 22


def test_the_cut_by_lonely_cards_changes_no_answer():
    # the search with the cut finds what the search without it finds (the
    # same points and the same melds), on seeded hands with wild cards
    rng = random.Random(21)
    for _ in range(60):
        wild = frozenset({rng.randrange(52), rng.randrange(52)})
        kinds = tuple(sorted(rng.randrange(52) for _ in range(21)))
        opts = WideOptions()
        twentyone.clear_caches()
        with_cut = Hand(kinds, wild, opts)
        without = Hand(kinds, wild, opts)
        without.cut_lonely = False
        for min_pure in (0, 3):
            assert with_cut.search(False, min_pure) == without.search(False, min_pure), kinds


# ------------------------------------------------ a suit's pure melds, shared


def test_a_suits_pure_melds_ignore_the_ranks_no_pure_meld_holds():
    # suit_pure on each suit's counts as held (every rank), combined over
    # the suits, gives the best points of exactly j pure melds; the hand asks
    # it only of the ranks in three in a row or held three times (shared by
    # more hands), and must find the same
    rng = random.Random(5)
    opts = WideOptions()
    for trial in range(300):
        # half the hands from a few kinds: many held twice or three times
        pool = rng.sample(range(52), 10) if trial % 2 else list(range(52))
        kinds = tuple(sorted(rng.choice(pool) for _ in range(22)))
        wild = frozenset({rng.randrange(52)})
        h = Hand(kinds, wild, opts)
        best = {0: 0}
        for s in range(4):
            row = tuple(h.c[s * 13:s * 13 + 13])
            pts = tuple(h.pts[s * 13 + r] if row[r] else 0 for r in range(13))
            new: dict[int, int] = {}
            for j1, v1 in best.items():
                for j2, r in enumerate(suit_pure(row, pts, 3)):
                    if r is not None and j1 + j2 <= 3:
                        new[j1 + j2] = max(new.get(j1 + j2, -1), v1 + r[0])
            best = new
        assert {j: v for j, (v, _m) in h.comb.items()} == best, kinds


# ------------------------------------------------ show questions after a count


def test_a_count_spares_show_searches_and_changes_no_show():
    # RULES §4 show (a): every card melded, three pure sequences.  The 22
    # cards AS..7S AH..7H AC..7C KD leave that show when the KD is thrown;
    # the count of AS..6S AH..7H AC..7C KD QD (two loose cards, so no card
    # thrown melds every card) learns that its hands one card less meld not
    # every card, among them AS..6S AH..7H AC..7C KD (the KD loose): no show
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    other = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD QD")
    opts = WideOptions()
    twentyone.clear_caches()
    assert count_21(other, NO_WILD, opts) == 20
    assert twentyone.show_possible(_cards(whole), NO_WILD, opts)
    assert twentyone.shows(_cards(_less(whole, parse_kind("KD"))), NO_WILD, opts) == "pure"
    assert twentyone.shows(_cards(_less(whole, parse_kind("7S"))), NO_WILD, opts) is None


# ------------------------------- the loose cards of the best arrangement (13 cards)


def test_the_loose_cards_named_are_the_arrangements_and_priced_exactly():
    # RULES §2 with a wild 8: AS 2S 3S pure, 9H TH JH pure, 4C 4D and the
    # wild 8C a set (the wild card's best use: no other spares as much); the
    # KD, 9D and 5S loose: 10 + 9 + 5 = 24.  The KD's loss leaves 14,
    # counted afresh
    wild = frozenset(k for k in range(52) if k % 13 == 7)  # the 8s
    whole = _kinds("AS 2S 3S 9H TH JH 4C 4D 8C KD 9D 5S")
    opts = MeldOptions()
    thirteen.clear_caches()
    count, loose = thirteen.loose_kinds(whole, wild, opts)
    assert (count, loose) == (24, frozenset(_kinds("KD 9D 5S")))
    thirteen.clear_caches()
    assert thirteen.hand_count(_less(whole, parse_kind("KD")), wild, opts) == 14


# ------------------------------- 21 cards: the counts an exact count fixes


def test_an_exact_21_card_count_names_its_loose_cards_counts():
    # RULES §4: AS..6S, AH..6H and AC..6C are three pure sequences; the KD,
    # QD and 9D are loose: 29.  Each loose card's loss lowers it by its
    # points (19, 19, 20); a card in a sequence is not named
    whole = _kinds("AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H AC 2C 3C 4C 5C 6C KD QD 9D")
    opts = WideOptions()
    twentyone.clear_caches()
    want = (29, {parse_kind("KD"): 19, parse_kind("QD"): 19, parse_kind("9D"): 20})
    assert twentyone.counts_without_21(whole, NO_WILD, opts) == want
    # the same answer when an earlier count (of the hand with the 9C more,
    # loose too: no third 9, no 8C: 38) had made this hand's count known
    # without a search
    twentyone.clear_caches()
    assert count_21(tuple(sorted(whole + (parse_kind("9C"),))), NO_WILD, opts) == 38
    assert twentyone.known_count_21(whole, NO_WILD, opts) == 29
    assert twentyone.counts_without_21(whole, NO_WILD, opts) == want


def test_a_hand_a_card_from_melding_every_card_names_no_count():
    # AS..7S, AH..7H and AC..7C meld every card but the KD (10): the hand
    # less the KD pays 2, the others 10 or more, but which card can be
    # spared is the search's to find: none is named, the bot counts them
    whole = _kinds("AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H AC 2C 3C 4C 5C 6C 7C KD")
    twentyone.clear_caches()
    assert twentyone.counts_without_21(whole, NO_WILD, WideOptions()) == (10, {})
