"""Vazhushal's melds and lay-down search (RULES.md §7) against an independent
brute force: the referee below judges each group of cards from the rules,
trying every meld of that size on the card table, never the solver's code."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import JOKER_KIND, make_card
from game.families.vazhushal.laydown import best_laydown, go_out
from game.families.vazhushal.melds import (
    SET,
    TableMeld,
    check_meld,
    has_pure_sequence,
    meld_reason,
    negative_wilds,
    readings,
    wipe_plans,
)
from tests.engine.families.test_vazhushal_melds import _check_laydown, _check_melds

# ------------------------------------------- an independent brute-force referee


def _ref_value(kind):
    r = kind % 13 + 1
    return 10 if r == 1 or r >= 10 else r


def _ref_readings(kinds, wild, all_wild=False):
    """Every (type, represented kinds, value, pure) a group can be, found by
    trying every meld of that size on the card table (``all_wild``: the rule
    option allowing a meld of wild cards only)."""
    n = len(kinds)
    if n < 3:
        return []
    wild_card = [k == JOKER_KIND or k in wild for k in kinds]
    fixed = sorted(k for k, w in zip(kinds, wild_card, strict=True) if not w)
    flexible = [k for k, w in zip(kinds, wild_card, strict=True) if w and k != JOKER_KIND]
    found = {}
    candidates = []
    for suit in range(4):
        for lo in range(1, 16 - n):
            hi = lo + n - 1
            if lo == 1 and hi == 14:
                continue
            candidates.append(("sequence", [suit * 13 + (0 if p == 14 else p - 1)
                                            for p in range(lo, hi + 1)]))
    if 3 <= n <= 4:
        for r0 in range(13):
            for suits in combinations(range(4), n):
                candidates.append(("set", [s * 13 + r0 for s in suits]))
    for typ, rep in candidates:
        rest = list(rep)
        ok = True
        for k in fixed:
            if k in rest:
                rest.remove(k)
            else:
                ok = False
                break
        if not ok or not (all_wild or fixed or any(k in rest for k in flexible)):
            continue
        pure = JOKER_KIND not in kinds and sorted(kinds) == sorted(rep)
        key = (typ, tuple(sorted(rep)))
        found[key] = found.get(key, False) or pure
    return [(t, r, sum(_ref_value(k) for k in r), p) for (t, r), p in found.items()]


def _ref_search(cards, wild, table_cards=(), left_exactly=None, pure_on_table=False,
                all_wild=False):
    """Best score (or whether going out works) by trying every partition."""
    allc = list(cards) + list(table_cards)
    n = len(allc)
    must = set(range(len(cards), n))
    groups = {}
    for size in range(3, n + 1):
        for idx in combinations(range(n), size):
            r = _ref_readings([allc[i].kind for i in idx], wild, all_wild)
            if r:
                groups[idx] = r
    lv = [20 if c.kind == JOKER_KIND or c.kind in wild else _ref_value(c.kind) for c in allc]
    best = [None]

    def judge(chosen, left):
        if left_exactly is not None and len(left) != left_exactly:
            return
        for pick in product(*(groups[g] for g in chosen)):
            reps = [(t, r) for t, r, _, _ in pick]
            if len(set(reps)) != len(reps):
                continue
            if chosen and not pure_on_table:
                if table_cards:
                    if not any(p for *_, p in pick):
                        continue
                elif not any(p and t == "sequence" for t, _, _, p in pick):
                    continue
            score = sum(v for _, _, v, _ in pick) - sum(lv[i] for i in left)
            if best[0] is None or score > best[0]:
                best[0] = score

    def rec(rem, chosen, left):
        if not rem:
            judge(chosen, left)
            return
        first = rem[0]
        if first not in must:
            rec(rem[1:], chosen, left + [first])
        rest = set(rem)
        for g in groups:
            if g[0] == first and rest.issuperset(g):
                rec(tuple(i for i in rem if i not in g), chosen + [g], left)

    rec(tuple(range(n)), [], [])
    return best[0]


@st.composite
def small_hands(draw, max_cards=8):
    """Hands crowded into two suits and five ranks so that melds are likely,
    often seeded with a pure sequence, with duplicates (two decks), printed
    jokers and a negative joker of one of those ranks (or a printed one)."""
    n = max_cards - draw(st.integers(0, max_cards - 3))  # big hands first
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    low = draw(st.integers(1, 10))
    ranks = [(p - 1) % 13 + 1 for p in range(low, low + 5)]  # positions up to 14 (Ace)
    tokens = []
    if draw(st.booleans()):
        start = draw(st.integers(0, 2))
        tokens = [(suits[0], r) for r in ranks[start:start + 3]]
    choices = [(t, r) for t in suits for r in ranks] + [None, None]
    tokens += draw(st.lists(st.sampled_from(choices), min_size=n - len(tokens),
                            max_size=n - len(tokens)))
    cards, seen, jokers = [], {}, 0
    for t in tokens:
        if t is None:
            if jokers < 4:
                cards.append(make_card(JOKER_KIND, jokers // 2, jokers % 2))
                jokers += 1
            continue
        kind = t[0] * 13 + t[1] - 1
        if seen.get(kind, 0) < 2:
            cards.append(make_card(kind, seen.get(kind, 0)))
            seen[kind] = seen.get(kind, 0) + 1
    cut = draw(st.one_of(st.just(JOKER_KIND),
                         st.sampled_from([t * 13 + r - 1 for t in range(4) for r in ranks])))
    order = draw(st.permutations(range(len(cards))))
    return [cards[i] for i in order], negative_wilds(cut)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands())
def test_best_laydown_matches_brute_force(case):
    cards, wild = case
    got = best_laydown(cards, wild)
    assert got.score == _ref_search(cards, wild)
    _check_laydown(got, cards, wild)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands())
def test_go_out_matches_brute_force(case):
    cards, wild = case
    got = go_out(cards, wild)
    assert (got is not None) == (_ref_search(cards, wild, left_exactly=1) is not None)
    if got is not None:
        _check_melds(list(got.melds), wild)
        placed = [c.uid for m in got.melds for c in m.cards]
        assert sorted(placed + [got.discard.uid]) == sorted(c.uid for c in cards)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(max_cards=6), small_hands(max_cards=4))
def test_laydown_with_table_matches_brute_force(case, extra):
    """The player's melds (the best lay-down of one hand, if any) are
    rearranged with a second hand's cards."""
    cards, wild = case
    first = best_laydown(cards, wild)
    if not first.melds:
        return
    used = {c.uid for m in first.melds for c in m.cards}
    hand = [c for c in extra[0] if c.uid not in used]
    got = best_laydown(hand, wild, first.melds)
    table_cards = [c for m in first.melds for c in m.cards]
    assert got.score == _ref_search(hand, wild, table_cards)
    _check_laydown(got, hand, wild, first.melds)


@settings(max_examples=300, deadline=None)
@given(small_hands(max_cards=6))
def test_check_meld_matches_referee(case):
    cards, wild = case
    ref = _ref_readings([c.kind for c in cards], wild)
    got = check_meld(cards, wild)
    assert (got is None) == (not ref)
    if got is not None:
        assert got.value == max(v for _, _, v, _ in ref)
        assert meld_reason(got, wild) is None
        assert {(r.kind, tuple(sorted(r.stands_for))) for r in readings(cards, wild)} == {
            (t, r) for t, r, _, _ in ref}
        pure = check_meld(cards, wild, prefer_pure=True)
        assert pure.pure == any(p for *_, p in ref)


def _ref_wipe(lowest, taken, hand, wild, melded, holds_pure, upcard_wild, table_reps=()):
    """Any new meld with the lowest card (any size) meeting the conditions,
    with a pure sequence of any size from the rest when needed, identical to
    no table meld (``table_reps``: (type, sorted kinds)) nor to that sequence."""
    after = list(hand) + list(taken)
    others = [c for c in after if c != lowest]
    for size in range(2, len(others) + 1):
        for rest in combinations(others, size):
            group = [lowest, *rest]
            for t, rep, _, p in _ref_readings([c.kind for c in group], wild):
                pure_seq = p and t == "sequence"
                if (t, rep) in table_reps:
                    continue
                if upcard_wild and not pure_seq and not holds_pure:
                    continue
                if melded or pure_seq:
                    return True
                remain = [c for c in after if c not in group]
                for m in range(3, len(remain) + 1):
                    for ps in combinations(remain, m):
                        # a pure sequence, not identical to the new meld
                        if any(pp and tt == "sequence" and rr != rep for tt, rr, _, pp in
                               _ref_readings([c.kind for c in ps], wild)):
                            return True
    return False


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(max_cards=7), st.booleans(), st.booleans())
def test_wipe_matches_brute_force(case, melded, upcard):
    cards, wild = case
    if len(cards) < 2:
        return
    lowest, hand = cards[0], cards[1:]
    upcard = upcard and (lowest.kind == JOKER_KIND or lowest.kind in wild)
    table = []
    if melded:  # a pure set on the table: melded, but no pure sequence there
        far = [make_card(k, 2) for k in (12, 25, 38)]  # kings from a third deck
        table = [TableMeld(tuple(far), SET, tuple(c.kind for c in far))]
    holds_pure = has_pure_sequence(hand, wild)
    plans = wipe_plans(lowest, [lowest], hand, wild, table, upcard)
    reps = {m.signature for m in table}
    assert bool(plans) == _ref_wipe(lowest, [lowest], hand, wild, melded, holds_pure, upcard,
                                    reps)


def _clashing_table(lowest, hand, wild, data):
    """The player's melds: one identical to each 3-card meld the lowest card
    makes with the hand, and to each 4-card one or some of them (natural
    cards of a third deck standing for the kinds), so that only a longer
    meld may be new."""
    def reps(size):
        return sorted({(t, r) for rest in combinations(hand, size - 1)
                       for t, r, _, _ in _ref_readings([lowest.kind, *(c.kind for c in rest)],
                                                       wild)})
    four = reps(4)
    if four and not data.draw(st.booleans()):
        four = data.draw(st.lists(st.sampled_from(four), unique=True))
    return [TableMeld(tuple(make_card(k, 2) for k in rep), t, rep)
            for t, rep in reps(3) + four]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands(max_cards=8), st.booleans(), st.data())
def test_wipe_beside_identical_melds_matches_brute_force(case, upcard, data):
    """RULES.md §7: the lowest card goes into a new meld, no two identical
    melds: when the player's melds match every short meld, a longer one
    (any size, the brute force says) may still be new."""
    cards, wild = case
    if len(cards) < 3:
        return
    lowest, hand = cards[0], cards[1:]
    upcard = upcard and (lowest.kind == JOKER_KIND or lowest.kind in wild)
    table = _clashing_table(lowest, hand, wild, data)
    if not table:
        return
    holds_pure = has_pure_sequence(hand, wild) or any(m.is_pure_sequence for m in table)
    plans = wipe_plans(lowest, [lowest], hand, wild, table, upcard)
    reps = {m.signature for m in table}
    assert bool(plans) == _ref_wipe(lowest, [lowest], hand, wild, True, holds_pure, upcard,
                                    reps)
    for plan in plans:
        assert plan.meld.signature not in reps and lowest in plan.meld.cards
        assert meld_reason(plan.meld, wild) is None
