"""The wild cards a 21/27-card hand needs to meld every natural card
(``game/families/twentyone/wild_need.py``): the bound the searches melding
every card stop at, worked by hand, and never a hand cut that melds.

Kinds: suit * 13 + rank - 1, suits ♠ ♥ ♦ ♣ = 0 1 2 3."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import JOKER_KIND, parse_cards
from game.families.twentyone import solver_search
from game.families.twentyone.solver import WideOptions, clear_caches
from game.families.twentyone.solver_search import Hand
from game.families.twentyone.wild_need import need_left, wild_need

NONE: frozenset[int] = frozenset()
O21 = WideOptions()
# four pairs, each two cards of one suit in a row and nothing else near:
# no pure run of three, no set of three suits, nothing isolated.  Each pair
# needs a wild card, and no two pairs share a meld (other suits, other ranks)
PAIRS = "2S 3S 6H 7H 9D TD QC KC"


def kinds(text: str) -> tuple[int, ...]:
    return tuple(sorted(c.kind for c in parse_cards(text)))


@pytest.fixture(autouse=True)
def _fresh():
    clear_caches()
    yield
    clear_caches()


def test_the_cards_chosen_and_what_they_need_worked_by_hand():
    held = kinds("2S 3S 4S 7H 7H 9D 9C JC")
    counts = [0] * 52
    for k in held:
        counts[k] += 1
    # 2♠ 3♠ 4♠ are a pure run.  7♥ is isolated (no 7 in another suit, no
    # heart within two ranks): two wild cards for each copy, 4.  9♦, 9♣ and
    # J♣ need one each (9♦ 9♣ share a rank; 9♣ J♣ a suit, two apart).  Most
    # first (7♥), then by kind from the top: J♣ (49); 9♣ shares its suit;
    # 9♦ (34) shares neither.  So at least 2 + 2 + 1 + 1 = 6 wild cards (the
    # best arrangement takes 7: 7♥ W W twice, 9♦ 9♣ W, J♣ W W)
    chosen = wild_need(set(held), counts, [False] * 52, {19})
    assert chosen == ((19, 2), (49, 1), (34, 1))
    assert need_left(chosen, counts) == 6
    counts[19] -= 1  # a 7♥ melded: one copy left to meld
    assert need_left(chosen, counts) == 4


def test_a_designated_wild_kind_is_not_a_natural_card():
    held = kinds("4H 5H 6H 9D")
    counts = [0] * 52
    for k in held:
        counts[k] += 1
    is_wild = [False] * 52
    is_wild[17] = True  # 5♥ wild: 4♥ 6♥ are then in no run of naturals
    chosen = wild_need(set(held), counts, is_wild, set())
    assert {k for k, _ in chosen} == {16, 34} or {k for k, _ in chosen} == {18, 34}
    assert need_left(chosen, counts) == 2


def test_more_loose_pairs_than_wild_cards_end_the_search_before_it_starts():
    h = Hand(kinds(PAIRS + " JK JK"), NONE, O21)
    assert h.search(must=True, min_pure=0) is None
    assert h.nodes == Hand.nodes  # no state searched: four wild cards needed, two held
    # a card to throw: three pairs and a single (two wild cards) still need five
    h = Hand(kinds(PAIRS + " JK JK"), NONE, O21)
    assert h.search(must=True, min_pure=0, spare=1) is None


def test_as_many_wild_cards_as_pairs_meld_every_card():
    h = Hand(kinds(PAIRS + " JK JK JK JK"), NONE, O21)
    found = h.search(must=True, min_pure=0)
    assert found is not None
    melds, spare = found
    assert spare == 0 and len(melds) == 4
    assert all(meld[1].count(JOKER_KIND) == 0 and len(meld[1]) == 2 for meld in melds)


def _near_complete(rng: random.Random) -> tuple[int, ...]:
    """Melds from three decks (runs, sets, some with wild cards), a few
    loose cards and printed jokers: hands near the question's edge."""
    out: list[int] = []
    for _ in range(rng.randint(4, 6)):
        s = rng.randrange(4)
        if rng.random() < 0.6:
            lo = rng.randrange(12)
            length = rng.randint(3, 5)
            run = [s * 13 + (lo + i) % 13 for i in range(length) if lo + i <= 13]
            out += run[:-1] if rng.random() < 0.4 else run  # a run missing its end
        else:
            r = rng.randrange(13)
            suits = rng.sample(range(4), rng.randint(2, 4))
            out += [t * 13 + r for t in suits]
    out += [rng.randrange(52) for _ in range(rng.randint(0, 3))]
    out += [JOKER_KIND] * rng.randint(0, 4)
    counts: dict[int, int] = {}
    kept = []
    for k in out:  # three decks: three copies of a kind, nine jokers at most
        if counts.get(k, 0) < (9 if k == JOKER_KIND else 3):
            counts[k] = counts.get(k, 0) + 1
            kept.append(k)
    return tuple(sorted(kept))


def test_the_bound_never_cuts_a_hand_that_melds(monkeypatch):
    rng = random.Random(2026)
    hands = [_near_complete(rng) for _ in range(400)]
    wilds = [NONE, frozenset({4, 17, 30, 43})]  # none, or the 5s
    asked = [(hand, wild, spare) for hand in hands for wild in wilds for spare in (0, 1)]
    with_bound = [Hand(hand, wild, O21).search(True, 0, spare=spare) is not None
                  for hand, wild, spare in asked]
    monkeypatch.setattr(solver_search, "wild_need", lambda *args: ())
    without = [Hand(hand, wild, O21).search(True, 0, spare=spare) is not None
               for hand, wild, spare in asked]
    assert with_bound == without
    # the hands are near the edge: both answers are common
    assert 0.2 < sum(without) / len(without) < 0.8


def test_the_bound_is_asked_inside_the_search_too(monkeypatch):
    # J♠ J♥ J♣ and 9♥ 9♦ 9♣ are sets; 7♣ (not isolated: 9♣ is two ranks
    # away) needs the joker, so the start lets the search begin.  No
    # arrangement melds every card: 7♣ JK 9♣ leaves 9♥ 9♦ without a wild
    # card, and 7♣ alone needs two.  Each state where the joker has gone
    # elsewhere is cut at once instead of searched on
    hand = kinds("JS JH JC 9H 9D 9C 7C JK")
    h = Hand(hand, NONE, O21)
    assert h.search(must=True, min_pure=0) is None
    searched = Hand.nodes - h.nodes
    asked = []

    def at_the_start_only(chosen, counts):
        asked.append(chosen)
        return need_left(chosen, counts) if len(asked) == 1 else 0

    monkeypatch.setattr(solver_search, "need_left", at_the_start_only)
    h = Hand(hand, NONE, O21)
    assert h.search(must=True, min_pure=0) is None
    assert 0 < searched < Hand.nodes - h.nodes
