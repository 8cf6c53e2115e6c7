"""The exact evaluator of 21/27-card rummy (RULES.md §1, §4, §5).

Expected counts are worked out by hand in the comments (card points: A K Q J
10 = 10, 2-9 face value, every wild card 0).  The last tests compare the
evaluator with an independent brute force over every arrangement of small
hands (``referee`` below: it judges each group of cards from the rules, not
from the solver's code)."""

from __future__ import annotations

import random
from collections import Counter

from game.engine.cards import JOKER_KIND, card_points, make_card, parse_cards, parse_kind
from game.families.twentyone.cards import value_kinds, wild_kinds_21
from game.families.twentyone.solver import WideOptions, clear_caches, evaluate_21, has_show, shows

NONE: frozenset[int] = frozenset()
O21 = WideOptions()
O27 = WideOptions(form=27)


def wild(cut: str, any_suit: bool = False, form: int = 21) -> frozenset[int]:
    return wild_kinds_21(parse_kind(cut), any_suit, form)


def ev(text: str, wild_set=NONE, opts=O21, loose=False):
    return evaluate_21(parse_cards(text), wild_set, opts, loose)


# ======================================================================= shows

# Cut 2H: wild 2H 3H AH (21 cards).  None of these hands holds them.
W2H = wild("2H")


def test_show_pure_three_pure_sequences_and_the_rest_melded():
    # no designated wild cards: three pure runs and a set of kings
    e = ev("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH")
    assert e.show == "pure"
    assert e.count == 2 and e.rung == "complete"
    assert shows(parse_cards("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH"), NONE) == "pure"


def test_no_show_when_a_card_is_left_over():
    # K♦ K♠ Q♥ is no meld; the three pure runs free everything else:
    # deadwood 10 + 10 + 10 = 30
    e = ev("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS QH")
    assert e.show is None
    assert e.count == 30 and e.rung == "melded"
    assert e.why == "three pure sequences: only the deadwood counts (30)"


def test_tunnela_counts_as_a_pure_sequence():
    e = ev("7D 7D 7D 4S 5S 6S 7C 8C 9C KD KS KC", W2H)
    assert e.show == "pure"
    assert any(m.name == "tunnela" for m in e.show_melds)


def test_three_printed_jokers_are_a_tunnela():
    e = ev("JK JK JK 4S 5S 6S 7C 8C 9C KD KS KC", W2H)
    assert e.show == "pure"
    tun = [m for m in e.show_melds if m.name == "tunnela"]
    assert len(tun) == 1 and all(c.kind == JOKER_KIND for c in tun[0].cards)


def test_designated_wild_cards_standing_as_themselves_are_pure():
    # cut 8H: 7H 8H 9H are all wild, yet 7H 8H 9H in their places is pure
    e = ev("7H 8H 9H 4S 5S 6S 7C 8C 9C KD KS KC", wild("8H"))
    assert e.show == "pure"
    hearts = [m for m in e.show_melds if {c.kind for c in m.cards} == {19, 20, 21}]
    assert hearts and hearts[0].name == "pure sequence"


def test_designated_wild_in_the_middle_of_a_pure_run():
    # cut 5H: 4H 5H 6H are wild; 3H 4H 5H 6H 7H holds every card in its own
    # place, so it is a pure run; with two more pure runs: show (a)
    e = ev("3H 4H 5H 6H 7H 4S 5S 6S 7C 8C 9C", wild("5H"))
    assert e.show == "pure"
    # a joker in place of 5H makes the heart run impure: two pure runs only
    assert ev("3H 4H JK 6H 7H 4S 5S 6S 7C 8C 9C", wild("5H")).show is None


def test_k_a_2_is_not_a_run():
    # K♥ A♥ 2♥ is no sequence (no wrap): three pure runs, deadwood
    # K♥ A♥ 2♥ = 10 + 10 + 2 = 22
    e = ev("KH AH 2H 4S 5S 6S 7C 8C 9C TD JD QD")
    assert e.show is None
    assert e.count == 22 and e.rung == "melded"
    # Q-K-A and A-2-3 are runs
    assert ev("QH KH AH 4S 5S 6S 7C 8C 9C").show == "pure"
    assert ev("AH 2H 3H 4S 5S 6S 7C 8C 9C").show == "pure"


def test_k_a_2_of_wild_cards_is_a_wild_group_not_a_pure_run():
    # Ace cut: K♥ A♥ 2♥ are the three wild kinds; not a pure run (no wrap),
    # but three wild cards make a meld: everything melded -> 2 points
    e = ev("KH AH 2H", wild("AH"))
    assert e.count == 2 and e.rung == "complete"
    assert e.pure_count == 0
    # with two more pure runs there are only two pure melds: no show
    assert ev("KH AH 2H 4S 5S 6S 7C 8C 9C", wild("AH")).show is None


def test_show_tunnelas():
    # three tunnelas, the rest (2D 5S 8C) loose: show (b); as a loser the
    # three tunnelas are three pure sequences: deadwood 2 + 5 + 8 = 15
    e = ev("7D 7D 7D 9S 9S 9S KC KC KC 2D 5S 8C", wild("JH"))
    assert e.show == "tunnelas"
    assert e.count == 15 and e.rung == "melded"
    # two tunnelas only: no show
    assert ev("7D 7D 7D 9S 9S 9S KC KC 2D 5S 8C", wild("JH")).show is None


def test_show_pure_is_preferred_to_tunnelas():
    assert ev("7D 7D 7D 9S 9S 9S KC KC KC", wild("JH")).show == "pure"


def test_show_dublees():
    # eight dublees and a loose card
    e = ev("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD 3C 3C 5H", W2H)
    assert e.show == "dublees"
    assert len(e.dublees) == 8
    # two printed jokers are a dublee: 7 pairs + JK JK
    assert ev("JK JK 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD 3C 3C", W2H).show == "dublees"


def test_three_identical_cards_are_one_dublee():
    # 2S 2S 2S + six pairs = 7 dublees: no show (and only one tunnela)
    e = ev("2S 2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD", W2H)
    assert e.show is None
    assert len(e.dublees) == 7


def test_a_wild_card_and_a_joker_are_no_dublee():
    # cut 5D: 5D is wild; 5D + JK is not a dublee; six real pairs
    e = ev("5D JK 4H 4H 6S 6S 8C 8C TS TS QH QH KD KD", wild("5D"))
    assert e.show is None and len(e.dublees) == 6


def test_show_wilds_and_its_option():
    # cut 5D, any suit: wild 5S 5H 5D 5C 4D 6D.  Eight wild cards held.
    w = wild("5D", any_suit=True)
    text = "5S 5H 5C 5S 5H 5C 4D 6D 2S 9H KC"
    assert ev(text, w).show == "wilds"
    assert ev(text, w, WideOptions(wild_show=False)).show is None
    # seven wild cards: no show
    assert ev("5S 5H 5C 5S 5H 4D 6D 2S 9H KC", w).show is None


def test_show_dublees_is_preferred_to_wilds():
    # eight dublees, eight of the cards wild (5S 5H 5C 4D pairs)
    w = wild("5D", any_suit=True)
    assert ev("5S 5S 5H 5H 5C 5C 4D 4D 2S 2S 9H 9H KC KC QC QC", w).show == "dublees"


def test_show_two_marriages_option():
    # cut 7H: value cards 7H 8H 6H; two of each = two marriages.  Two pure
    # runs (6H 7H 8H twice) only, six wild cards, three dublees: no show by
    # default (as a loser it pays 2: the six wild cards meld 2S 9C KD)
    text = "6H 7H 8H 6H 7H 8H 2S 9C KD"
    w = wild("7H")
    assert ev(text, w).show is None
    opts = WideOptions(two_marriage_show=True, values=value_kinds(parse_kind("7H")))
    assert ev(text, w, opts).show == "marriages"
    assert ev("6H 7H 8H 6H 7H 2S 9C KD", w, opts).show is None


def test_27_card_show_needs_four_pure_sequences():
    four = "AH 2H 3H 4S 5S 6S 7C 8C 9C TD JD QD"
    assert ev(four, opts=O27).show == "pure"
    assert ev("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH", opts=O27).show is None
    assert ev("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH").show == "pure"  # 21: three


def test_27_card_counted_shows():
    # ten dublees (27) -- nine are not enough
    ten = "2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH KD KD 3C 3C 9S 9S 7H 7H"
    assert ev(ten, W2H, O27).show == "dublees"
    assert ev(ten[:-6], W2H, O27).show is None
    # four tunnelas
    tun = "7D 7D 7D 9S 9S 9S KC KC KC 4H 4H 4H 2D"
    assert ev(tun, wild("JH", form=27), O27).show == "tunnelas"


def test_shows_and_has_show_agree_with_evaluate():
    for text in ("AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH", "AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS QH",
                 "7D 7D 7D 9S 9S 9S KC KC KC 2D 5S 8C"):
        cards = parse_cards(text)
        e = evaluate_21(cards, NONE)
        assert shows(cards, NONE) == e.show
        assert has_show(cards, NONE) == (e.show is not None)


# ===================================================================== rungs


def test_no_pure_sequence_every_card_counts():
    # 2 + 5 + 9 + 10 + 7 = 33
    e = ev("2S 5H 9D KC 7S")
    assert (e.count, e.rung) == (33, "none")
    assert e.why == "no pure sequence: every card counts (33)"


def test_sets_do_not_help_without_a_pure_sequence():
    # 5S 5H 5D is a set, 9C JK 4C no meld: every card counts,
    # 5+5+5+9+0+4 = 28
    assert ev("5S 5H 5D 9C JK 4C", W2H).count == 28


def test_one_pure_sequence_frees_only_itself():
    # 4S 5S 6S free; 9 + 9 + 10 = 28
    e = ev("4S 5S 6S 9H 9D KC")
    assert (e.count, e.rung) == (28, "pure")
    assert e.why == "one pure sequence: cards outside it count (28)"


def test_two_pure_sequences_free_only_themselves():
    # 4S-7S and 8C-TC free; the set 2H 2D 2C (+JK) does not: 2+2+2+0+10 = 16
    e = ev("4S 5S 6S 7S 8C 9C TC 2H 2D 2C JK KD", wild("5H"))
    assert (e.count, e.rung) == (16, "pure")
    assert e.why == "two pure sequences: cards outside them count (16)"
    assert sorted(m.name for m in e.melds) == ["pure sequence", "pure sequence"]


def test_the_middle_rung_picks_the_pure_sequence_worth_most():
    # Q K A frees 30, A 2 3 only 15 (the Ace is in one run only): 2 + 3 = 5
    assert ev("QS KS AS 2S 3S").count == 5


def test_three_pure_sequences_free_every_meld():
    # three pure runs, the set 7D 7S 7C is free too; deadwood KD QS = 20
    e = ev("4S 5S 6S 8C 9C TC AH 2H 3H 7D 7S 7C KD QS")
    assert (e.count, e.rung) == (20, "melded")
    assert {c.kind for c in e.deadwood} == {parse_kind("KD"), parse_kind("QS")}


def test_everything_melded_pays_2_even_without_a_pure_sequence():
    # two natural sets and JK JK KC: every card in a 3+-card meld
    e = ev("5S 5H 5D 9C 9D 9H JK JK KC", W2H)
    assert (e.count, e.rung) == (2, "complete")
    assert e.pure_count == 0
    assert e.why == "every card in a meld: 2 points"
    assert e.deadwood == ()


def test_spare_wild_cards_must_find_a_place():
    # 4S 5S 6S pure and one joker: it extends the run -> 2 points
    assert ev("4S 5S 6S JK").count == 2
    # two natural sets of four and two jokers: no room (sets hold 4), and
    # two wild cards make no meld; rather [5S 5H 5D] [5C JK JK] [9 set of
    # 4] -> every card melded
    assert ev("5S 5H 5D 5C 9S 9H 9D 9C JK JK", W2H).count == 2
    # 4S 5S 6S and two jokers alone: the run takes both
    assert ev("4S 5S 6S JK JK").count == 2


def test_six_dublees_pay_2():
    e = ev("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH 7C", W2H)
    assert (e.count, e.rung) == (2, "complete")
    assert e.why == "6 dublees: 2 points"
    # five dublees: every card counts, 4+8+12+16+20+10+10+7 = 87
    assert ev("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH KD 7C", W2H).count == 87


def test_seven_wild_cards_pay_2():
    # cut 5D any suit: 5S 5H 5C 5S 5H 4D 6D are seven wild cards; the four
    # loose cards (no two of them can share a wild card) would need eight
    w = wild("5D", any_suit=True)
    e = ev("5S 5H 5C 5S 5H 4D 6D 2S 9H KC 7C", w)
    assert (e.count, e.rung) == (2, "complete")
    assert e.why == "7 wild cards held: 2 points"
    # six wild cards: no pure sequence, every card counts, 2+9+10+7 = 28
    assert ev("5S 5H 5C 5S 4D 6D 2S 9H KC 7C", w).count == 28
    # ... but six wild cards do meld three loose cards (two each): 2 points
    assert ev("5S 5H 5C 5S 4D 6D 2S 9H KC", w).why == "every card in a meld: 2 points"


# two suits with ranks two apart (no runs), diamonds/clubs of other ranks
# (no sets), no pairs: no meld at all.  Points: spades K J 9 7 5 3 = 44,
# hearts the same 44, diamonds Q T 8 6 4 2 = 40, clubs Q T 8 = 28 -> 156
HIGH = "KS JS 9S 7S 5S 3S KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC TC 8C"


def test_caps():
    e = ev(HIGH)
    assert (e.count, e.rung, e.total) == (120, "none", 156)
    assert e.why == "no pure sequence: every card counts (156, capped at 120)"
    assert ev(HIGH, opts=O27).count == 150
    assert ev(HIGH, opts=WideOptions(cap=200)).count == 156


def test_ace_points_option():
    # 10 + 10 + 5 + 9 = 34; Aces 11: 36
    assert ev("AS AH 5C 9D").count == 34
    assert ev("AS AH 5C 9D", opts=WideOptions(ace_points=11)).count == 36
    # A2 3 pure; outside A♥ + K♦ = 20 / 21
    assert ev("AS 2S 3S AH KD").count == 20
    assert ev("AS 2S 3S AH KD", opts=WideOptions(ace_points=11)).count == 21


def test_27_card_rungs():
    # three pure runs and a set of kings: 21 cards -> only the deadwood 2D
    # (2); 27 cards -> three pure is the middle rung: 10+10+10+2 = 32
    text = "AH 2H 3H 4S 5S 6S 7C 8C 9C KD KS KH 2D"
    assert ev(text).count == 2
    assert ev(text).rung == "melded"
    e = ev(text, opts=O27)
    assert (e.count, e.rung) == (32, "pure")
    assert e.why == "three pure sequences: cards outside them count (32)"
    # four pure runs: deadwood only, 5D = 5
    e = ev("AH 2H 3H 4S 5S 6S 7C 8C 9C TD JD QD KS KH KC 5D", opts=O27)
    assert (e.count, e.rung) == (5, "melded")
    # six dublees are not enough in 27: 4+8+12+16+20+20+7 = 87
    assert ev("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH 7C", W2H, O27).count == 87
    assert ev("2S 2S 4H 4H 6D 6D 8C 8C TS TS QH QH 7C", W2H).count == 2


def test_27_card_wild_threshold():
    # 27 cut 5D any suit: wild 5S 5H 5D 5C 3D 4D 6D 7D.  Nine held -> 2;
    # eight held and five loose cards, no two of them partners (ten wild
    # cards needed): no pure sequence, 2+9+10+7+10 = 38
    w = wild("5D", any_suit=True, form=27)
    assert ev("5S 5H 5C 5S 5H 5C 3D 4D 6D 2S 9H KC 7C JD", w, O27).count == 2
    assert ev("5S 5H 5C 5S 5H 5C 3D 4D 2S 9H KC 7C JD", w, O27).count == 38


def test_loose_count_ignores_the_pure_rungs():
    # no pure sequence: all count (28), but only 9C JK 4C are in no meld
    # (JK is 0): 9 + 4 = 13
    e = ev("5S 5H 5D 9C JK 4C", W2H, loose=True)
    assert (e.count, e.loose_count) == (28, 13)
    assert ev("5S 5H 5D 9C JK 4C", W2H).loose_count is None


# ============================================================ arrangements


def test_cards_are_conserved_and_melds_are_valid():
    rng = random.Random(7)
    for i in range(150):
        form = 21 if i % 3 else 27
        cards, w, opts = _random_case(rng, 16, form, rng.randint(0, 4))
        e = evaluate_21(cards, w, opts)
        used = [c for m in e.melds for c in m.cards] + list(e.deadwood)
        assert sorted(used) == sorted(cards)
        if e.rung == "complete" and e.melds:
            assert e.deadwood == ()  # spare wild cards found a place
        for m in e.melds:
            valid, pure = judge(m.cards, w)
            assert valid, (m.name, m.cards)
            assert pure or m.name not in ("pure sequence", "tunnela")
        if e.rung in ("pure", "melded") and e.count < opts.max_count:
            # what counts is exactly the deadwood's points
            assert e.count == sum(_points(c, w, opts) for c in e.deadwood)
        if e.show == "pure":  # every card in a meld, enough of them pure
            shown = [c for m in e.show_melds for c in m.cards]
            assert sorted(shown) == sorted(cards)
            assert all(judge(m.cards, w)[0] for m in e.show_melds)
            assert sum(judge(m.cards, w)[1] and m.name in ("pure sequence", "tunnela")
                       for m in e.show_melds) >= (3 if form == 21 else 4)


def test_materialised_show_keeps_three_pure_runs_pure():
    # three pure runs and one spare joker: the joker may not spoil them all
    # (a fourth meld, the set, takes it)
    e = ev("4S 5S 6S 7C 8C 9C TD JD QD KS KH KC JK")
    assert e.show == "pure"
    assert sum(m.name in ("pure sequence", "tunnela") for m in e.show_melds) >= 3
    assert sorted(c for m in e.show_melds for c in m.cards) == sorted(
        parse_cards("4S 5S 6S 7C 8C 9C TD JD QD KS KH KC JK"))


def test_a_skipped_card_lets_a_later_pure_run_form():
    # hearts 2 4 5 6 7 8 8 9 and two jokers, with two pure runs elsewhere:
    # 7H 8H 9H pure and 2H JK 4H 5H 6H JK 8H impure -> three pure runs and
    # every card melded (the impure run must leave out the 7H it could hold)
    e = ev("2H 4H 5H 6H 8H 7H 8H 9H JK JK 4S 5S 6S 4C 5C 6C")
    assert e.show == "pure"
    # one loose K♦: deadwood only, 10
    assert ev("2H 4H 5H 6H 8H 7H 8H 9H JK JK 4S 5S 6S 4C 5C 6C KD").count == 10


def test_cache_is_by_kind_but_cards_are_the_callers():
    a = parse_cards("4S 5S 6S 9H")
    b = [make_card(c.kind, 2) for c in a]
    ea, eb = evaluate_21(a, NONE), evaluate_21(b, NONE)
    assert ea.count == eb.count == 9
    assert set(eb.deadwood) <= set(b)
    clear_caches()


# =================================================== brute-force referee


def _is_wild(card, w) -> bool:
    return card.kind == JOKER_KIND or card.kind in w


def _points(card, w, opts) -> int:
    return 0 if _is_wild(card, w) else card_points(card.kind, opts.ace_points)


def judge(group, w) -> tuple[bool, bool]:
    """(is a meld, is a pure sequence or tunnela), straight from §1/§4: a
    wild card may stand for any card; pure = every card in its own place."""
    n = len(group)
    if n < 3:
        return False, False
    kinds = [c.kind for c in group]
    if n == 3 and kinds[0] == kinds[1] == kinds[2]:
        return True, True  # tunnela (three printed jokers too)
    nat = [c for c in group if not _is_wild(c, w)]
    valid = not nat  # wild cards only: a meld in this family
    if n <= 4 and len({c.rank for c in nat}) <= 1 and len({c.suit for c in nat}) == len(nat):
        valid = True  # set
    pure = False
    for lo in range(1, 16 - n):
        hi = lo + n - 1

        def places(cards, lo=lo, hi=hi):
            seen = set()
            for c in cards:
                if c.kind == JOKER_KIND:
                    return None
                r = c.rank if c.rank != 1 or lo == 1 else 14
                if not lo <= r <= hi or r in seen:
                    return None
                seen.add(r)
            return seen

        if len({c.suit for c in nat}) <= 1 and places(nat) is not None:
            valid = True  # run: the wild cards fill the other places
            if len({c.suit for c in group if c.kind != JOKER_KIND}) == 1:
                p = places(group)
                pure = pure or (p is not None and len(p) == n)
    return valid, pure


def referee(cards, w, opts):
    """(count, show, loose count) by trying every set of disjoint melds."""
    form = opts.form
    need, show_d, show_w, flat_d, flat_w, cap = (
        (3, 8, 8, 6, 7, 120) if form == 21 else (4, 10, 10, 8, 9, 150))
    cap = opts.cap if opts.cap is not None else cap
    n = len(cards)
    pts = [_points(c, w, opts) for c in cards]
    total = sum(pts)
    by_low: dict[int, list[tuple[int, bool]]] = {}
    for mask in range(1, 1 << n):
        if bin(mask).count("1") >= 3:
            valid, pure = judge([cards[i] for i in range(n) if mask >> i & 1], w)
            if valid:
                low = (mask & -mask).bit_length() - 1
                by_low.setdefault(low, []).append((mask, pure))
    full = (1 << n) - 1
    best, loose, complete, show_pure = total, total, False, False

    def rec(free, cover, npure, purepts):
        nonlocal best, loose, complete, show_pure
        if free == 0:
            dead = sum(pts[i] for i in range(n) if not cover >> i & 1)
            loose = min(loose, dead)
            if cover == full:
                complete = True
                show_pure = show_pure or npure >= need
            value = total if npure == 0 else total - purepts if npure < need else dead
            best = min(best, value)
            return
        low = (free & -free).bit_length() - 1
        rec(free & ~(1 << low), cover, npure, purepts)
        for mask, pure in by_low.get(low, ()):
            if mask & free == mask:
                gain = sum(pts[i] for i in range(n) if mask >> i & 1) if pure else 0
                rec(free & ~mask, cover | mask, npure + pure, purepts + gain)

    rec(full, 0, 0, 0)
    counts = Counter(c.kind for c in cards)
    dublees = sum(v // 2 for v in counts.values())
    tunnelas = sum(v // 3 for v in counts.values())
    nwild = sum(_is_wild(c, w) for c in cards)
    count = 2 if complete or dublees >= flat_d or nwild >= flat_w else min(best, cap)
    if show_pure:
        show = "pure"
    elif tunnelas >= need:
        show = "tunnelas"
    elif dublees >= show_d:
        show = "dublees"
    elif opts.wild_show and nwild >= show_w:
        show = "wilds"
    else:
        show = None
    return count, show, loose


def _random_case(rng: random.Random, most: int, form: int, runs: int = 0):
    """A small hand rich in melds: ``runs`` pieces of runs first, then
    pieces of runs, sets, tunnelas, wild cards and loose cards (never more
    than three identical cards)."""
    cut = rng.randrange(53)
    w = wild_kinds_21(cut, rng.random() < 0.3, form)
    used: Counter = Counter()
    out = []
    size = rng.randint(3 * runs or 3, most)
    for _ in range(runs):
        s, r = rng.randrange(4), rng.randint(1, 12)
        for q in range(r, r + 3):
            kind = s * 13 + (q - 1) % 13
            if used[kind] < 3:
                out.append(make_card(kind, used[kind]))
                used[kind] += 1

    def add(kind):
        if used[kind] < 3:
            out.append(make_card(kind, used[kind] // 2, used[kind] % 2) if kind == JOKER_KIND
                       else make_card(kind, used[kind]))
            used[kind] += 1

    while len(out) < size:
        x, s, r = rng.random(), rng.randrange(4), rng.randint(1, 13)
        if x < 0.4:
            for q in range(r, min(r + rng.choice((3, 3, 4)), 15)):
                add(s * 13 + (q - 1) % 13)
        elif x < 0.55:
            for t in rng.sample(range(4), 3):
                add(t * 13 + r - 1)
        elif x < 0.62:
            for _ in range(3):
                add(s * 13 + r - 1)
        elif x < 0.75:
            add(JOKER_KIND if rng.random() < 0.5 else rng.choice(sorted(w)))
        else:
            add(s * 13 + r - 1)
    opts = WideOptions(form=form, ace_points=rng.choice((10, 11)),
                       cap=rng.choice((None, None, 30)))
    return out[:size], w, opts


def _check(rng, n: int, most: int, form: int, runs: tuple[int, int]) -> Counter:
    seen: Counter = Counter()
    for _ in range(n):
        cards, w, opts = _random_case(rng, most, form, rng.randint(*runs))
        e = evaluate_21(cards, w, opts, loose=True)
        assert (e.count, e.show, e.loose_count) == referee(cards, w, opts), (
            " ".join(map(str, cards)), sorted(w), opts)
        seen["rung", e.rung] += 1
        seen["show", e.show] += 1
    return seen


def test_against_brute_force_21():
    rng = random.Random(21)
    seen = _check(rng, 300, 9, 21, (0, 3)) + _check(rng, 60, 10, 21, (3, 3))
    # the cases reach every rung and the pure show
    for rung in ("none", "pure", "melded", "complete"):
        assert seen["rung", rung] >= 5, seen
    assert seen["show", "pure"] >= 5, seen


def test_against_brute_force_27():
    rng = random.Random(27)
    seen = _check(rng, 100, 9, 27, (0, 3)) + _check(rng, 10, 13, 27, (4, 4))
    for rung in ("none", "pure", "melded", "complete"):
        assert seen["rung", rung] >= 1, seen
    assert seen["show", "pure"] >= 1, seen


def test_referee_on_worked_examples():
    # the referee itself agrees with the hand-worked values above
    assert referee(parse_cards("KH AH 2H 4S 5S 6S 7C 8C 9C TD JD QD"), NONE, O21) == (
        22, None, 22)
    assert referee(parse_cards("QS KS AS 2S 3S"), NONE, O21)[0] == 5
    assert referee(parse_cards("5S 5H 5D 9C 9D 9H JK JK KC"), W2H, O21)[0] == 2
