"""The shortcuts that make Vazhushal's hard search quicker give the answers
the plain ways gave: ``holds`` is membership of ``meld_kinds``, and a
lay-down search that reuses the cores another search remembered lays a hand
down exactly as a search starting afresh does (the memo's key must hold
everything the cores are built from)."""

from __future__ import annotations

import random
from itertools import combinations

from game.engine.cards import JOKER_KIND, make_card
from game.families.vazhushal import laydown
from game.families.vazhushal.laydown import best_laydown, go_out
from game.families.vazhushal.melds import SEQUENCE, SET, TableMeld, negative_wilds
from game.families.vazhushal.split import holds, meld_kinds


def test_holds_is_membership_of_the_melds_kinds():
    runs = [("q", s, lo, hi) for s in range(4) for lo in range(1, 13) for hi in range(lo + 2, 15)]
    sets = [("t", r0, suits) for r0 in range(13) for n in (3, 4)
            for suits in combinations(range(4), n)]
    for m in runs + sets:
        kinds = meld_kinds(m)
        assert [k for k in range(52) if holds(m, k)] == sorted(set(kinds)), m


def _hands(count: int, seed: int) -> list[tuple[list, frozenset[int], list[TableMeld]]]:
    """Random hands of 10 to 16 cards from two decks with jokers, each with
    the wild kinds of a random cut and a table meld of other cards: a pure
    run of three or a set of three suits."""
    rng = random.Random(seed)
    deck = [make_card(k, d) for d in range(2) for k in range(52)]
    deck += [make_card(JOKER_KIND, d, j) for d in range(2) for j in range(2)]
    out = []
    while len(out) < count:
        cards = rng.sample(deck, rng.randint(10, 16))
        free = {c.kind: c for c in deck if c not in cards and c.kind != JOKER_KIND}
        s, r0 = divmod(rng.choice(sorted(free)), 13)
        if rng.random() < 0.5 and r0 < 11:
            kind, kinds = SEQUENCE, [s * 13 + r0 + d for d in range(3)]
        else:
            kind, kinds = SET, [t * 13 + r0 for t in range(4) if t != s][:3]
        if all(k in free for k in kinds):
            table = [TableMeld(tuple(free[k] for k in kinds), kind, tuple(kinds))]
            out.append((cards, negative_wilds(rng.randrange(53)), table))
    return out


def _answers(hands) -> list[tuple]:
    out = []
    for cards, wild, table in hands:
        for pure in (False, True):
            lay = best_laydown(cards, wild, (), has_pure_on_table=pure, node_limit=200)
            out.append((lay.score, lay.melds, lay.left, lay.exact))
            way = go_out(cards, wild, has_pure_on_table=pure, node_limit=250)
            out.append(None if way is None else (way.discard, way.melds))
        try:
            lay = best_laydown(cards, wild, table, node_limit=200)
            out.append((lay.score, lay.melds, lay.left, lay.exact))
        except ValueError as e:  # the limit came before any arrangement
            out.append(str(e))
    return out


def _forget() -> None:
    for memo in laydown._CORE_MEMOS:
        memo.clear()


def test_a_search_reusing_remembered_cores_lays_down_as_a_fresh_one():
    hands = _hands(60, 5)
    fresh = []
    for hand in hands:
        _forget()
        fresh += _answers([hand])
    _forget()
    assert _answers(hands) == fresh  # each search finds the earlier ones' cores
    assert _answers(hands[::-1]) == [a for i in range(len(hands) - 1, -1, -1)
                                     for a in fresh[5 * i:5 * i + 5]]

