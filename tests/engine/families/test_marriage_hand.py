"""Hand logic of Indian Marriage (RULES.md §6): wild cards, melds, seeing,
winning shows, arrangements.  Expected values are worked out from the rules
by hand; the property tests check the search against an independent brute
force."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import JOKER_KIND, Card, build_shoe, make_card, parse_cards, parse_kind
from game.families.marriage.hand import (
    best_arrangement,
    can_see,
    classify_meld,
    count_dublees,
    is_natural_pure,
    jhiplu,
    marriage_wilds,
    meld_all,
    poplu,
    winning_show,
)

NONE: frozenset[int] = frozenset()


def W(tiplu: str | None, jokers: bool = False) -> frozenset[int]:
    """The wild kinds of a player who has seen this tiplu (None: unseen)."""
    return NONE if tiplu is None else marriage_wilds(parse_kind(tiplu), jokers)


def kinds(text: str) -> set[int]:
    return {parse_kind(t) for t in text.split()}


def uids(cards) -> list[int]:
    return sorted(c.uid for c in cards)


# ------------------------------------------------------------ wild cards
@pytest.mark.parametrize("tiplu, up, down", [
    ("5S", "6S", "4S"),
    ("AS", "2S", "KS"),  # Ace tiplu: poplu 2, jhiplu K
    ("KH", "AH", "QH"),  # K tiplu: poplu A, jhiplu Q
    ("2D", "3D", "AD"),
    ("QC", "KC", "JC"),
])
def test_poplu_jhiplu(tiplu, up, down):
    assert poplu(parse_kind(tiplu)) == parse_kind(up)
    assert jhiplu(parse_kind(tiplu)) == parse_kind(down)
    # every card of the tiplu's rank, plus poplu and jhiplu: 6 kinds
    r = tiplu[0]
    assert marriage_wilds(parse_kind(tiplu)) == kinds(f"{r}S {r}H {r}D {r}C {up} {down}")


def test_wilds_take_a_card_and_printed_jokers():
    tiplu = parse_cards("5S")[0]
    assert marriage_wilds(tiplu) == W("5S")
    assert JOKER_KIND not in W("5S")
    assert W("5S", jokers=True) == W("5S") | {JOKER_KIND}


def test_a_printed_joker_is_never_the_tiplu():
    with pytest.raises(ValueError, match="printed joker"):
        marriage_wilds(JOKER_KIND)
    with pytest.raises(ValueError):
        poplu(JOKER_KIND)
    with pytest.raises(ValueError, match="no such card"):
        jhiplu(60)


# ------------------------------------------------------------ melds
MELDS = [
    # cards, tiplu of a player who has seen (None: unseen), expected
    ("7C 7C 7C", None, "tunnela"),
    ("7C 8C 9C", None, "pure sequence"),
    ("AC 2C 3C", None, "pure sequence"),  # Ace low
    ("QC KC AC", None, "pure sequence"),  # Ace high
    ("KC AC 2C", None, None),  # no wrap-around
    ("KC AC 2C", "9H", None),  # and no wild card among them
    ("7C 7D 7H", None, "trial"),
    ("7C 7C 7H", None, None),  # two clubs: no trial
    ("7C 7C 7H", "5S", None),
    ("7C 8C 5H", "5S", "dirty sequence"),  # 5H stands for 9C or 6C
    ("7C 8C 5H", None, None),  # no wild card before seeing
    ("7C 9C 5D", "5S", "dirty sequence"),  # fills the gap
    ("7C TC 5D", "5S", None),  # 7 and 10 fit no 3-card run
    ("QC AC 5D", "5S", "dirty sequence"),  # Q-K-A
    ("AC 3C 5D", "5S", "dirty sequence"),  # A-2-3
    ("AC 2C 4S", "5S", "dirty sequence"),  # jhiplu as wild
    ("KC 2C 5D", "5S", None),  # K-A-2 even with a wild card
    ("7C 8H 5D", "5S", None),  # two suits, two ranks
    ("7C 5H 4S", "5S", "dirty sequence"),  # any card with two wild
    ("7C 7D 5H", "5S", "dirty trial"),
    ("7C 7D 6S", "5S", "dirty trial"),  # poplu as wild
    ("7C 7C 5H", "5S", None),  # two identical plus a wild card: never
    ("5H 5H 4S", "5S", "dirty sequence"),  # ... unless one of them is wild too
    ("5H 5D 6S", "5S", "dirty trial"),  # three wild cards
    ("5H 6S 4S", "5S", "dirty sequence"),
    ("4S 5S 6S", "5S", "pure sequence"),  # a marriage used as itself is pure
    ("4S 5S 6S", None, "pure sequence"),  # and natural before seeing too
    ("5H 5D 5C", "5S", "trial"),  # wild cards as themselves
    ("5H 5H 5H", "5S", "tunnela"),
    ("KS AS 2S", "AS", "dirty sequence"),  # Ace tiplu: the marriage K-A-2 is wild
    ("KS AS 2S", None, None),  # ... and no natural run
    ("KS AS 2S", "2S", "dirty sequence"),  # A and 2 wild, K natural
    ("JK JK JK", None, "tunnela"),  # three printed jokers are identical
    ("7C 8C JK", "5S*", "dirty sequence"),  # printed jokers wild (option)
    ("7C 8C JK", "5S", None),  # printed joker not in play as a wild card
    ("7C 8C JK", None, None),
    ("JK JK 7C", "5S*", "dirty sequence"),
    ("7C 8C", None, None),
    ("7C 8C 9C TC", None, None),  # all melds have exactly 3 cards
]


@pytest.mark.parametrize("text, tiplu, expected", MELDS)
def test_classify_meld(text, tiplu, expected):
    wild = NONE if tiplu is None else W(tiplu.rstrip("*"), jokers=tiplu.endswith("*"))
    assert classify_meld(parse_cards(text), wild) == expected


def test_is_natural_pure():
    assert is_natural_pure(parse_cards("9H 9H 9H"))
    assert is_natural_pure(parse_cards("JD QD KD"))
    assert not is_natural_pure(parse_cards("9H 9D 9C"))  # a trial is not pure
    assert not is_natural_pure(parse_cards("KD AD 2D"))


# ------------------------------------------------------------ meld_all
def check_arrangement(arr, cards, wild):
    """Card conservation and every meld valid under ``wild``."""
    got = [c for m in arr.melds for c in m.cards] + list(arr.leftovers)
    assert uids(got) == uids(cards)
    for m in arr.melds:
        assert len(m.cards) == 3
        assert classify_meld(m.cards, wild) == m.name


def test_meld_all_full_hand():
    # 3 pure runs, a tunnela, a trial, a dirty trial (4S 4D + 5H), a dirty
    # sequence (8C 9C + 5C): seen with tiplu 5S.
    cards = parse_cards("2C 3C 4C 5D 6D 7D 8H 8H 8H 9S TS JS QH KH AH "
                        "4S 4D 5H 8C 9C 5C")
    arr = meld_all(cards, W("5S"))
    assert arr is not None and len(arr.melds) == 7 and not arr.leftovers
    check_arrangement(arr, cards, W("5S"))
    # unseen: 5H and 5C are no wild cards, so 4S 4D 5H and 8C 9C 5C fail
    assert meld_all(cards, NONE) is None


def test_meld_all_needs_a_global_choice():
    # 5H 6H 7H 8H 8D 8C: only 5H-6H-7H + 8H 8D 8C works (6H-7H-8H would
    # strand 5H beside 8D 8C).
    cards = parse_cards("5H 6H 7H 8H 8D 8C")
    arr = meld_all(cards, NONE)
    assert arr is not None
    assert sorted(m.name for m in arr.melds) == ["pure sequence", "trial"]


def test_meld_all_refusals():
    assert meld_all(parse_cards("KC AC 2C"), NONE) is None
    assert meld_all(parse_cards("7C 7C 5H"), W("5S")) is None
    assert meld_all(parse_cards("7C 8C 9C TC"), NONE) is None  # not a multiple of 3
    assert meld_all(parse_cards(""), NONE) is not None  # nothing to meld


def test_meld_all_three_wild_cards():
    # 5H 5H 6S: two identical wild cards and the poplu; one 5H as itself +
    # two wild is a meld.  9C 9C 9C: tunnela.
    arr = meld_all(parse_cards("5H 5H 6S 9C 9C 9C"), W("5S"))
    assert arr is not None and arr.pures == 1


def test_meld_all_min_pure():
    # the only split is 7C 8C 9C (pure) + 7D 7H 7S (trial): one pure meld
    # (7C 7D 7H + 8C 9C 7S fails: 7S is no club)
    cards = parse_cards("7C 8C 9C 7D 7H 7S")
    assert meld_all(cards, NONE, min_pure=1) is not None
    assert meld_all(cards, NONE, min_pure=2) is None
    # 3 tunnelas can be read as 3 pure melds
    t = parse_cards("2D 2D 2D 9S 9S 9S KH KH KH")
    assert meld_all(t, NONE, min_pure=3).pures == 3


# ------------------------------------------------------------ best arrangement
def test_best_arrangement_prefers_more_cards_then_pure():
    # unseen: 7H 8H 9H (pure) or 9H 9D 9C (trial): one meld either way; the
    # tie keeps the pure sequence.
    cards = parse_cards("7H 8H 9H 9D 9C")
    arr = best_arrangement(cards, NONE)
    check_arrangement(arr, cards, NONE)
    assert [m.name for m in arr.melds] == ["pure sequence"]
    assert sorted(str(c) for c in arr.leftovers) == ["9C", "9D"]


def test_best_arrangement_counts_cards_first():
    # 7H 8H 9H 9D 9C 9S: pure 7-8-9 leaves 9D 9C 9S (a trial): two melds,
    # better than one tie-broken meld.
    cards = parse_cards("7H 8H 9H 9D 9C 9S 2C")
    arr = best_arrangement(cards, NONE)
    check_arrangement(arr, cards, NONE)
    assert len(arr.melds) == 2 and [str(c) for c in arr.leftovers] == ["2C"]
    assert arr.melded == 6 and arr.pures == 1


def test_best_arrangement_uses_wild_cards():
    # seen, tiplu 5S: 2C + 5H + 5D (any card with two wild), KD QD + 4S
    cards = parse_cards("2C 5H 5D KD QD 4S 9H")
    arr = best_arrangement(cards, W("5S"))
    check_arrangement(arr, cards, W("5S"))
    assert len(arr.melds) == 2 and [str(c) for c in arr.leftovers] == ["9H"]
    unseen = best_arrangement(cards, NONE)
    assert not unseen.melds and len(unseen.leftovers) == 7


# ------------------------------------------------------------ seeing
def test_see_by_three_pure_sequences():
    # 22 cards (after drawing); the only natural runs: 2C-4C, 5D-7D, 9S-JS
    hand = parse_cards("2C 3C 4C 5D 6D 7D 9S TS JS 8H 3S KD 7C QH 2H KC 9C JH 6S TD 5H 2S")
    res = can_see(hand)
    assert res is not None and res.route == "sequences"
    shown = sorted(" ".join(str(c) for c in g) for g in res.groups)
    assert shown == ["2C 3C 4C", "5D 6D 7D", "9S TS JS"]


def test_see_needs_natural_runs():
    # two pure runs, a dirty one would need a wild card, K-A-2 is no run
    hand = parse_cards("2C 3C 4C 5D 6D 7D KS AS 2S 9H 9H JC")
    assert can_see(hand) is None


def test_see_marriage_counts_when_natural():
    # 4S 5S 6S is jhiplu-tiplu-poplu if 5S is the tiplu: a natural run anyway
    hand = parse_cards("4S 5S 6S 9H 9H 9H AD 2D 3D 7C")
    res = can_see(hand)
    assert res is not None and len(res.groups) == 3


@pytest.mark.parametrize("exposed", [1, "list"])
def test_see_with_exposed_tunnelas(exposed):
    if exposed == "list":
        exposed = [parse_cards("8D 8D 8D")]
    hand = parse_cards("2C 3C 4C 5D 6D 7D KH 9S")
    res = can_see(hand, exposed)
    assert res is not None and len(res.groups) == 2  # 1 exposed + 2 laid down
    assert can_see(parse_cards("2C 3C 4C 9S"), exposed) is None
    # three exposed tunnelas: nothing left to lay down
    assert can_see(parse_cards("9S"), 3).groups == ()


def test_see_exposed_must_be_tunnelas():
    with pytest.raises(ValueError):
        can_see(parse_cards("2C 3C 4C"), [parse_cards("8D 8D 8H")])
    with pytest.raises(ValueError):
        can_see(parse_cards("2C 3C 4C"), -1)


def test_see_with_ace_high():
    hand = parse_cards("QH KH AH 2C 3C 4C JD JD JD 7S")
    res = can_see(hand)
    assert sorted(" ".join(str(c) for c in g) for g in res.groups) == [
        "2C 3C 4C", "JD JD JD", "QH KH AH"]


def test_see_by_seven_dublees():
    hand = parse_cards("2C 2C 5D 5D 7H 7H 9S 9S JD JD KC KC QH QH 3S 6D 8C")
    res = can_see(hand)
    assert res is not None and res.route == "dublees" and len(res.groups) == 7
    assert all(len(g) == 2 and g[0].kind == g[1].kind for g in res.groups)
    assert can_see(hand, dublees=False) is None  # dublee route closed (option)


def test_three_identical_give_one_dublee():
    # six pairs plus 4H 4H 4H: 6 + 1 = 7 dublees, not 7.5
    hand = parse_cards("2C 2C 5D 5D 7H 7H 9S 9S JD JD KC KC 4H 4H 4H")
    assert count_dublees(hand) == 7
    assert can_see(hand).route == "dublees"
    # five pairs plus 4H 4H 4H: 6 dublees, no seeing
    assert can_see(parse_cards("2C 2C 5D 5D 7H 7H 9S 9S JD JD 4H 4H 4H")) is None


def test_exposed_tunnela_is_one_dublee():
    hand = parse_cards("2C 2C 5D 5D 7H 7H 9S 9S JD JD KC KC 3D")
    assert can_see(hand) is None  # 6 dublees
    res = can_see(hand, [parse_cards("8D 8D 8D")])
    assert res.route == "dublees" and len(res.groups) == 6


def test_see_prefers_sequences():
    # both routes open: two 2C-4C runs + the 9D tunnela, or seven dublees
    # (2C 3C 4C 9D 5H 8S KD); the sequences come first
    hand = parse_cards("2C 2C 3C 3C 4C 4C 9D 9D 9D 5H 5H 8S 8S KD KD")
    assert count_dublees(hand) == 7
    assert can_see(hand).route == "sequences"


def test_see_with_very_many_choices():
    # hundreds of ways to pick three runs: the search caps the choices and
    # still answers with three disjoint natural runs
    hand = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S")
    res = can_see(hand)
    assert res.route == "sequences" and len(res.groups) == 3
    assert all(is_natural_pure(g) for g in res.groups)
    assert len({c.uid for g in res.groups for c in g}) == 9


def test_see_keeps_the_better_rest():
    # Four pure runs; laying down 2C-4C, 5D-7D, 8S-TS keeps JH QH KH for
    # two trials (JH JD JC, QH QD QC): the rest melds 6 cards.  Laying down
    # JH QH KH would leave one run and no trial (3 cards).
    hand = parse_cards("2C 3C 4C 5D 6D 7D 8S 9S TS JH QH KH JD JC QD QC")
    res = can_see(hand)
    shown = sorted(" ".join(str(c) for c in g) for g in res.groups)
    assert shown == ["2C 3C 4C", "5D 6D 7D", "8S 9S TS"]


# ------------------------------------------------------------ winning
LAID = [parse_cards("2C 3C 4C"), parse_cards("5D 6D 7D"), parse_cards("9S TS JS")]
REST = "8H 8H 8H QH KH AH 4S 4D 5H 8C 9C 5C"  # tunnela, pure, 2 dirty (tiplu 5S)


def test_win_by_sequences():
    res = winning_show(parse_cards(REST), W("5S"), LAID)
    assert res is not None and res.route == "sequences"
    assert len(res.melds) == 7 and res.natural_pures >= 3
    assert [m.cards for m in res.melds[:3]] == [tuple(g) for g in LAID]
    for m in res.melds:
        assert classify_meld(m.cards, W("5S")) == m.name


def test_win_refused_without_wild_cards_or_with_a_loose_card():
    assert winning_show(parse_cards(REST), NONE, LAID) is None  # unseen: no wild
    off = REST.replace("9C", "9D")  # 8C 9D 5C is no meld
    assert winning_show(parse_cards(off), W("5S"), LAID) is None


def test_win_needs_three_natural_pures():
    # nothing laid down: the 21 cards in hand need 3 natural pure melds
    hand = parse_cards("2C 3C 4C 5D 6D 7D 9S TS JS " + REST)
    assert winning_show(hand, W("5S")).natural_pures >= 3
    # 2 pure + 5 others: 7 melds but only two natural pure (tiplu 5S)
    # (clubs give one run, 2C-4C or 3C-5C; diamonds one, 5D-7D or 6D-8D)
    two = parse_cards("2C 3C 4C 5D 6D 7D 9S TS 5H 7H 7D 7C 8H 8D 8C QH KH 6S AD 3D 5C")
    assert meld_all(two, W("5S")) is not None
    assert winning_show(two, W("5S")) is None


def test_win_with_exposed_tunnela():
    # two pures laid down + an exposed tunnela = three; the hand (no natural
    # run in it) melds with wild cards: 4S 4D 5H, JC QC 5C, 7H 7D 7C, 2H 2D 5D
    exposed = [parse_cards("8H 8H 8H")]
    hand = parse_cards("4S 4D 5H JC QC 5C 7H 7D 7C 2H 2D 5D")
    res = winning_show(hand, W("5S"), LAID[:2], exposed)
    assert res is not None and res.natural_pures == 3 and len(res.melds) == 7
    assert winning_show(hand, W("5S"), LAID[:2], 1) is not None  # a count will do
    # a trial instead of the tunnela: only two natural pures
    trial = parse_cards("4S 4D 5H JC QC 5C 7H 7D 7C 2H 2D 5D 9D 9H 9C")
    assert meld_all(trial, W("5S")) is not None
    assert winning_show(trial, W("5S"), LAID[:2]) is None
    with pytest.raises(ValueError, match="21"):
        winning_show(hand, W("5S"), LAID[:2])


def test_win_by_eight_dublees():
    shown = [tuple(parse_cards(f"{k} {k}")) for k in "2C 5D 7H 9S JD KC QH".split()]
    assert winning_show(parse_cards("3S 3S 6D 8C 4H 4D TC"), W("5S"), shown,
                        route="dublees").route == "dublees"
    assert winning_show(parse_cards("3S 3D 6D 8C 4H 4D TC"), W("5S"), shown,
                        route="dublees") is None
    # three identical cards are still one dublee
    res = winning_show(parse_cards("3S 3S 3S 8C 4H 4D TC"), NONE, shown, route="dublees")
    assert res is not None and len(res.dublees) == 8 and len(res.free) == 5
    # a dublee player is not on the sequences route; route=None finds the dublees
    assert winning_show(parse_cards("3S 3S 6D 8C 4H 4D TC"), W("5S"), shown) is None
    assert winning_show(parse_cards("3S 3S 6D 8C 4H 4D TC"), W("5S"), shown,
                        route=None).route == "dublees"


def test_win_checks_its_arguments():
    with pytest.raises(ValueError):
        winning_show(parse_cards(REST), W("5S"), LAID, route="rummy")
    with pytest.raises(ValueError, match="no meld"):  # laid down: 2C 3C 9S?
        winning_show(parse_cards(REST), W("5S"), [parse_cards("2C 3C 9S")] + LAID[1:])
    with pytest.raises(ValueError):
        winning_show(parse_cards(REST)[:-1], W("5S"), LAID)


# ------------------------------------------------------------ brute force
def _is_run(ks) -> bool:
    if len({k // 13 for k in ks}) != 1:
        return False
    ranks = [k % 13 + 1 for k in ks]
    if len(set(ranks)) != 3:
        return False
    return any(max(p) - min(p) == 2 for p in (ranks, [14 if r == 1 else r for r in ranks]))


def _is_trial(ks) -> bool:
    return len({k % 13 for k in ks}) == 1 and len({k // 13 for k in ks}) == 3


@cache
def brute_meld(ks: tuple[int, ...], wild: frozenset[int]) -> tuple[bool, bool]:
    """(is a meld, can be a natural pure one), by substitution: each wild
    card either stays itself or becomes any of the 52 cards, and the result
    must be a run or a trial (a tunnela only without substitution)."""
    if ks[0] == ks[1] == ks[2]:
        return True, True
    if JOKER_KIND not in ks and _is_run(ks):
        return True, True
    ok = False
    flexible = [i for i, k in enumerate(ks) if k in wild]
    for roles in product((False, True), repeat=len(flexible)):
        as_wild = [i for i, r in zip(flexible, roles, strict=True) if r]
        naturals = [k for i, k in enumerate(ks) if i not in as_wild]
        if JOKER_KIND in naturals:
            continue
        if not naturals:
            ok = True  # all wild: allowed in Marriage
            continue
        for sub in product(range(52), repeat=len(as_wild)):
            v = naturals + list(sub)
            if _is_run(v) or _is_trial(v):
                ok = True
                break
        if ok:
            break
    return ok, False


def brute_best(cards, wild) -> tuple[int, int, int]:
    """(most melds, most pures among those, most pures in a full partition
    or -1) over every set of disjoint triples."""
    n = len(cards)
    ks = [c.kind for c in cards]
    best = (0, 0)
    full = -1

    def rec(i, used, melds, pures):
        nonlocal best, full
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            best = max(best, (melds, pures))
            if 3 * melds == n:  # nothing left over
                full = max(full, pures)
            return
        rec(i + 1, used | 1 << i, melds, pures)  # card i left over
        for j in range(i + 1, n):
            if used >> j & 1:
                continue
            for k in range(j + 1, n):
                if used >> k & 1:
                    continue
                ok, pure = brute_meld(tuple(sorted((ks[i], ks[j], ks[k]))), wild)
                if ok:
                    rec(i + 1, used | 1 << i | 1 << j | 1 << k, melds + 1, pures + pure)

    rec(0, 0, 0, 0)
    return best[0], best[1], full


# cards near one another so that melds are common; an Ace and a King for the
# corners; printed jokers sometimes
POOL_KINDS = [parse_kind(t) for t in "AS 2S 3S 4S QS KS 3H 4H 5H 3D 4D 3C KC".split()]


@st.composite
def hands(draw, sizes):
    n = draw(st.sampled_from(sizes))
    picks = draw(st.lists(st.sampled_from(POOL_KINDS + [JOKER_KIND]), min_size=n, max_size=n))
    count: dict[int, int] = {}
    cards: list[Card] = []
    for k in picks:
        i = count.get(k, 0)
        if i >= 3:
            continue
        count[k] = i + 1
        cards.append(make_card(k, i // 2, i % 2) if k == JOKER_KIND else make_card(k, i))
    seen = draw(st.booleans())
    tiplu = draw(st.sampled_from(POOL_KINDS))
    jokers = draw(st.booleans())
    wild = marriage_wilds(tiplu, jokers) if seen else NONE
    return cards, wild


@settings(max_examples=300, deadline=None)
@given(hands([3, 6, 9]))
def test_meld_all_matches_brute_force(hand):
    cards, wild = hand
    _, _, full = brute_best(cards, wild)
    arr = meld_all(cards, wild)
    assert (arr is not None) == (full >= 0 and len(cards) % 3 == 0)
    if arr is not None:
        check_arrangement(arr, cards, wild)
        assert not arr.leftovers
    for need in (1, 2, 3):
        got = meld_all(cards, wild, min_pure=need)
        assert (got is not None) == (full >= need)
        if got is not None:
            check_arrangement(got, cards, wild)
            assert got.pures >= need


@settings(max_examples=300, deadline=None)
@given(hands(list(range(1, 10))))
def test_best_arrangement_matches_brute_force(hand):
    cards, wild = hand
    melds, pures, _ = brute_best(cards, wild)
    arr = best_arrangement(cards, wild)
    check_arrangement(arr, cards, wild)
    assert (len(arr.melds), arr.pures) == (melds, pures)


@settings(max_examples=200, deadline=None)
@given(hands([3]))
def test_classify_matches_brute_force(hand):
    cards, wild = hand
    if len(cards) != 3:
        return
    ok, pure = brute_meld(tuple(sorted(c.kind for c in cards)), wild)
    name = classify_meld(cards, wild)
    assert (name is not None) == ok
    assert (name in ("tunnela", "pure sequence")) == pure


# ------------------------------------------------------------ 21-card hands
def _random_melded_hand(rng: random.Random):
    """Seven melds drawn from a shuffled three-deck shoe (tiplu set aside):
    each meld is a random valid group of a card and two near it."""
    shoe = build_shoe(3, 0)
    rng.shuffle(shoe)
    tiplu = shoe.pop()
    wild = marriage_wilds(tiplu.kind)
    melds = []
    while len(melds) < 7:
        c = shoe[rng.randrange(len(shoe))]
        near = [x for x in shoe if x is not c and (
            x.kind // 13 == c.kind // 13 and abs(x.rank - c.rank) <= 2
            or x.rank == c.rank or x.kind in wild)]
        rng.shuffle(near)
        for a, b in combinations(near[:12], 2):
            if classify_meld((c, a, b), wild):
                melds.append((c, a, b))
                for x in (c, a, b):
                    shoe.remove(x)
                break
    return melds, wild, shoe


def test_twenty_one_card_hands_known_to_meld():
    rng = random.Random(2024)
    for _ in range(60):
        melds, wild, _ = _random_melded_hand(rng)
        cards = [x for m in melds for x in m]
        pures = sum(is_natural_pure(m) for m in melds)
        arr = meld_all(cards, wild, min_pure=pures)
        assert arr is not None
        check_arrangement(arr, cards, wild)
        assert not best_arrangement(cards, wild).leftovers


def test_twenty_one_card_hands_search_agree():
    # meld_all finds a full arrangement exactly when best_arrangement leaves
    # nothing over, on hands one or two cards away from melding
    rng = random.Random(7)
    for _ in range(60):
        melds, wild, shoe = _random_melded_hand(rng)
        cards = [x for m in melds for x in m]
        for _ in range(rng.randint(0, 2)):
            cards[rng.randrange(21)] = shoe.pop()
        for w in (wild, NONE):
            full = meld_all(cards, w)
            best = best_arrangement(cards, w)
            check_arrangement(best, cards, w)
            assert (full is not None) == (not best.leftovers)
