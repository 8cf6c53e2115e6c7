"""Vazhushal's wipe search (RULES.md §7) against an independent brute force:
which new melds a wipe may make, the most valuable one, the existence test
the bots use, and the reason given when a wipe is refused.

The referee (``_ref_readings`` of the melds' own referee) judges each group
of cards from the rules, trying every meld of that size on the card table;
the search under test prunes its candidates (related kinds only, a few
copies of each) and reads them with the family's own ``readings``.  Tables
are drawn to clash with the new melds (a copy of a meld the cards could
make, from a third deck), so the rule against identical melds and the
longer melds tried after a clash are exercised."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine.cards import JOKER_KIND, make_card, parse_cards, parse_kind
from game.families.vazhushal.melds import (
    TableMeld,
    find_wipe,
    iter_wipe_plans,
    negative_wilds,
    wipe_exists,
    wipe_ok,
    wipe_plans,
)
from tests.engine.families.test_vazhushal_melds_referee import _ref_readings, small_hands

UPCARD = ("the first upcard is wild: take it only to use it as itself in a pure sequence, "
          "or once you have a pure sequence")
FIRST_MELD = ("before your first meld you may wipe only to make a pure sequence, or while "
              "also laying a pure sequence")
SOME = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _pure_sequences(cards, wild) -> set[tuple]:
    """Signatures of the 3-card pure sequences among ``cards``."""
    out = set()
    for group in combinations(cards, 3):
        for t, rep, _, pure in _ref_readings([c.kind for c in group], wild):
            if pure and t == "sequence":
                out.add((t, rep))
    return out


def _ref_new_melds(lowest, after, wild, size, melded, holds_pure, upcard_wild, table_sigs):
    """(allowed, clash) at one meld size: the (signature, pure, value) of each
    new meld of ``size`` cards holding ``lowest`` that the rules allow, and
    whether some meld passing the upcard rule was refused only for being
    identical (to a table meld, or to the only pure sequence left to lay)."""
    others = [c for c in after if c is not lowest]
    allowed, clash = set(), False
    for rest in combinations(others, size - 1):
        group = [lowest, *rest]
        for t, rep, value, pure in _ref_readings([c.kind for c in group], wild):
            sig = (t, rep)
            pure_seq = pure and t == "sequence"
            if upcard_wild and not holds_pure and not pure_seq:
                continue  # the wild first upcard only as itself in a pure sequence
            if sig in table_sigs:
                clash = True
                continue
            if not melded and not pure_seq:
                left = [c for c in after if not any(c is g for g in group)]
                seqs = _pure_sequences(left, wild)
                if not seqs:
                    continue
                if not seqs - {sig}:
                    clash = True
                    continue
            allowed.add((sig, pure, value))
    return allowed, clash


def _ref_plans(lowest, after, wild, melded, holds_pure, upcard_wild, table_sigs):
    """The new melds a wipe's plans hold: 3 cards, or 4 when every 3-card one
    was refused for being identical to another meld."""
    found, clash = _ref_new_melds(lowest, after, wild, 3, melded, holds_pure, upcard_wild,
                                  table_sigs)
    if not found and clash:
        found, _ = _ref_new_melds(lowest, after, wild, 4, melded, holds_pure, upcard_wild,
                                  table_sigs)
    return found


def _any_meld_holding(lowest, after, wild, pure_sequence_only=False) -> bool:
    others = [c for c in after if c is not lowest]
    for size in range(3, len(after) + 1):
        for rest in combinations(others, size - 1):
            for t, _rep, _v, pure in _ref_readings([lowest.kind, *(c.kind for c in rest)],
                                                   wild):
                if not pure_sequence_only or (pure and t == "sequence"):
                    return True
    return False


@st.composite
def wipes(draw):
    """(lowest, taken, hand, wild, table, first upcard wild): one to three
    cards taken off the line, a table of none or one meld, often a copy of a
    meld the cards themselves could make."""
    cards, wild = draw(small_hands(max_cards=8))
    assume(len(cards) >= 3)
    n_taken = draw(st.integers(1, min(3, len(cards) - 1)))
    taken, hand = cards[:n_taken], cards[n_taken:]
    lowest = taken[0]
    table: list[TableMeld] = []
    if draw(st.booleans()):
        # a copy (third deck) of a meld three of these cards could make, or
        # a set of kings when the draw finds none
        pick = draw(st.lists(st.integers(0, len(cards) - 1), min_size=3, max_size=3,
                             unique=True))
        kinds = [cards[i].kind for i in pick]
        reads = _ref_readings(kinds, wild)
        if reads and all(k != JOKER_KIND for k in kinds):
            t, rep, _, _ = reads[0]
            copies = tuple(make_card(k, 2) for k in rep)
            table = [TableMeld(copies, t, tuple(rep))]
        else:
            far = tuple(make_card(k, 2) for k in (12, 25, 38))
            table = [TableMeld(far, "set", (12, 25, 38))]
    upcard = draw(st.booleans()) and (lowest.kind == JOKER_KIND or lowest.kind in wild)
    return lowest, taken, hand, wild, table, upcard


def _reference(case):
    """(cards after the wipe, whether a pure sequence is held, the referee's
    new melds) of a drawn wipe."""
    lowest, taken, hand, wild, table, upcard = case
    after = list(hand) + list(taken)
    holds_pure = bool(_pure_sequences(hand, wild)) or any(
        m.kind == "sequence" and m.pure for m in table)
    sigs = {(m.kind, tuple(sorted(m.stands_for))) for m in table}
    return after, holds_pure, _ref_plans(lowest, after, wild, bool(table), holds_pure, upcard,
                                         sigs)


@SOME
@given(wipes())
def test_the_plans_are_the_new_melds_the_rules_allow(case):
    lowest, taken, hand, wild, table, upcard = case
    after, holds_pure, ref = _reference(case)
    plans = wipe_plans(lowest, taken, hand, wild, table, upcard)
    assert {(p.meld.signature, p.meld.pure, p.meld.value) for p in plans} == ref
    for p in plans:
        assert any(c is lowest for c in p.meld.cards)
        if not table and not p.meld.is_pure_sequence:
            # laid with a pure sequence of other cards, not identical to it
            seq = p.pure_sequence
            assert seq is not None and seq.is_pure_sequence
            assert not set(c.uid for c in seq.cards) & set(c.uid for c in p.meld.cards)
            assert seq.signature != p.meld.signature
    best = find_wipe(lowest, taken, hand, wild, table, upcard)
    if not ref:
        assert best is None
    else:
        top = max(v for _, _, v in ref)
        assert best.meld.value == top
        # of the most valuable, a pure one first
        assert best.meld.pure == any(pure for _, pure, v in ref if v == top)


@SOME
@given(wipes())
def test_the_existence_test_agrees_with_the_plans(case):
    lowest, taken, hand, wild, table, upcard = case
    after, holds_pure, ref = _reference(case)

    def pure(plan):
        return plan.meld.pure

    assert wipe_exists(lowest, taken, hand, wild, table, upcard, lambda p: True) == bool(ref)
    assert wipe_exists(lowest, taken, hand, wild, table, upcard, pure) == any(
        p for _, p, _ in ref)
    assert not wipe_exists(lowest, taken, hand, wild, table, upcard, lambda p: False)


@SOME
@given(wipes())
def test_a_refused_wipe_names_the_first_condition_it_fails(case):
    lowest, taken, hand, wild, table, upcard = case
    after, holds_pure, ref = _reference(case)
    why = wipe_ok(lowest, taken, hand, wild, table, upcard)
    if ref:
        assert why is None
    elif not _any_meld_holding(lowest, after, wild):
        assert why == f"the {lowest} you take must go into a new meld this turn, and it makes none"
    elif upcard and not holds_pure and not _any_meld_holding(lowest, after, wild, True):
        assert why == UPCARD
    elif not table:
        assert why == FIRST_MELD
    else:
        assert why == "the only meld it makes would be identical to one of yours"


def test_the_lowest_card_must_be_among_those_taken():
    cards, wild = [make_card(k) for k in (0, 1, 2, 3)], frozenset()
    why = wipe_ok(cards[0], cards[1:2], cards[2:], wild)
    assert why == "the lowest card taken must be one of the cards wiped"


# ------------------------------------------------- positions the draws seldom reach

WILD_7S = negative_wilds(parse_kind("7S"))  # 7♥ and 7♦ wild


def _copy(text: str, kind: str, stands: str | None = None) -> TableMeld:
    """A table meld of third-deck copies (other cards than any in a hand)."""
    cards = tuple(make_card(c.kind, 2) for c in parse_cards(text))
    return TableMeld(cards, kind, tuple(c.kind for c in parse_cards(stands or text)))


def test_the_queen_wipes_into_queen_king_ace():
    # Q♠ K♠ A♠: a pure sequence with the Ace high (RULES.md §7), a first meld
    q, k, a = parse_cards("QS KS AS")
    plans = wipe_plans(q, [q], [k, a], WILD_7S)
    assert [p.meld.signature for p in plans] == [("sequence", (0, 11, 12))]
    assert plans[0].meld.value == 30


def test_a_meld_identical_to_one_on_the_table_is_made_longer():
    # 5♠ 6♠ 7♠ is on the table: the only 3-card meld with 5♠ would repeat it,
    # and 5♠ 6♠ 7♠ 8♠ does not
    five, six, seven, eight = parse_cards("5S 6S 7S 8S")
    table = [_copy("5S 6S 7S", "sequence")]
    plans = wipe_plans(five, [five], [six, seven, eight], WILD_7S, table)
    assert [p.meld.signature for p in plans] == [("sequence", (4, 5, 6, 7))]


def test_without_the_upcard_flag_a_wild_card_may_stand_in():
    # 7♥ (wild) taken with 2♣ 3♣ off the line; the hand holds 4♣ 9♠ 9♦ and no
    # pure sequence: the set 9♠ 9♦ 7♥ is laid with 2♣ 3♣ 4♣.  As the first
    # upcard the 7♥ could only be itself in a pure sequence: refused.
    seven, two, three, four, nine_s, nine_d = parse_cards("7H 2C 3C 4C 9S 9D")
    taken, hand = [seven, two, three], [four, nine_s, nine_d]
    sets = {("set", (8, 21, 34)), ("set", (8, 34, 47))}  # 7♥ as 9♥ or as 9♣
    assert {p.meld.signature for p in wipe_plans(seven, taken, hand, WILD_7S)} == sets
    assert find_wipe(seven, taken, hand, WILD_7S).meld.kind == "set"
    steps = iter_wipe_plans(seven, taken, hand, WILD_7S)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert {p.meld.signature for p in done.value} == sets
            break
    assert wipe_plans(seven, taken, hand, WILD_7S, (), True) == []
    assert wipe_ok(seven, taken, hand, WILD_7S, (), True) == UPCARD


def test_a_pure_sequence_on_the_table_frees_the_wild_upcard():
    # 2♣ 3♣ 4♣ on the table lifts the upcard rule; both sets the 7♥ could
    # make with 9♠ 9♦ are there already: refused as identical, not as an upcard
    seven, nine_s, nine_d = parse_cards("7H 9S 9D")
    table = [_copy("2C 3C 4C", "sequence"), _copy("9S 9D 9C", "set"),
             _copy("9S 9D 9H", "set")]
    why = wipe_ok(seven, [seven], [nine_s, nine_d], WILD_7S, table, True)
    assert why == "the only meld it makes would be identical to one of yours"
