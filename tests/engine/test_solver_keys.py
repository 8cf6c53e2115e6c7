"""What the solvers' caches are keyed by (stop 31's cheaper lookups): the
meld options hash once and stay one key however they are made, a rule set's
21/27-card options are one shared value, and the 21-card search's renaming
of suits, now made once per pattern of wild kinds held, still gives each
hand back its own cards with the suit holding most wild kinds first."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

from game.engine.cards import JOKER_KIND, parse_kind
from game.engine.meldtypes import MeldOptions
from game.families import preset
from game.families.thirteen import solver as s13
from game.families.thirteen import solver_search as search13
from game.families.twentyone import solver as s21
from game.families.twentyone import solver_search as search21
from game.families.twentyone.solver import WideOptions
from game.families.twentyone.solver_search import Hand
from game.families.twentyone.suit_order import prepare


def test_equal_meld_options_are_one_key_however_made():
    table = {MeldOptions(): "plain", MeldOptions(tanala=True): "tanala"}
    made_again = MeldOptions(tanala=True)
    unpickled = pickle.loads(pickle.dumps(MeldOptions(tanala=True)))  # never hashed before
    replaced = replace(MeldOptions(), tanala=True)
    for opts in (made_again, unpickled, replaced):
        assert table[opts] == "tanala"
    assert table[MeldOptions(ace_points=10)] == "plain"
    assert MeldOptions(four_card_life=True) not in table


def test_equal_wide_options_are_one_key_however_made():
    table = {WideOptions(): 21, WideOptions(form=27): 27}
    assert table[pickle.loads(pickle.dumps(WideOptions(form=27)))] == 27
    assert table[replace(WideOptions(form=27), form=21)] == 21
    assert WideOptions(ace_points=1) not in table
    assert WideOptions(values=(3, 4, 5)) not in table


def test_a_rule_sets_options_are_one_shared_value():
    rules = preset("21card")
    assert rules.solver_options() is rules.solver_options()
    assert rules.solver_options() == WideOptions(form=21, ace_points=rules.ace_points,
                                                 wild_show=rules.wild_show)


def _back(hand, order) -> list[int]:
    """The hand's cards under their real suits."""
    out = []
    for k, n in enumerate(hand.c):
        out += [order[k // 13] * 13 + k % 13] * n
    return sorted(out + [JOKER_KIND] * hand.jokers)


def test_prepare_renames_suits_by_the_wild_kinds_held():
    # wild: the 5s of hearts and clubs, the 6 of clubs.  A hand holding the
    # two clubs is searched with clubs first, then hearts; one holding only
    # the heart with hearts first; one holding none as dealt
    wild = frozenset(parse_kind(t) for t in ("5H", "5C", "6C"))
    opts = WideOptions()
    hearts, clubs = 1, 3
    rng = random.Random(7)
    plain = [k for k in range(52) if k not in wild]
    for held, first in ((("5C", "6C"), clubs), (("5H", "5C", "6C"), clubs), (("5H",), hearts),
                        ((), 0)):
        for _ in range(20):
            kinds = tuple(sorted(rng.sample(plain, 19) + [parse_kind(t) for t in held]
                                 + [JOKER_KIND]))
            hand, order = prepare(kinds, wild, opts)
            assert _back(hand, order) == list(kinds)
            assert order[0] == first, (held, order)
            # the wild kinds renamed with the suits
            assert {order[k // 13] * 13 + k % 13 for k in range(52) if hand.iswild[k]} == wild


def _related(k: int) -> set[int]:
    """Kinds that can share a meld with kind k without wild cards: its rank
    in the other suits, its suit within two places (place 13 is the Ace
    again, so the Ace is next to the 2 and 3 and to the Q and K)."""
    s, r = divmod(k, 13)
    near = (1, 2, 11, 12) if r == 0 else (r - 2, r - 1, r + 1, r + 2)
    return {t * 13 + r for t in range(4) if t != s} | {
        s * 13 + q % 13 for q in near if 0 <= q <= 13}


def test_a_21_card_hands_isolated_cards_match_their_definition():
    # a natural card none of whose related kinds is held as a natural card
    # (a wild kind held is no partner: it melds as a wild card)
    rng = random.Random(11)
    opts = WideOptions()
    for _ in range(2000):
        kinds = tuple(sorted(rng.randrange(53) for _ in range(rng.choice((21, 22, 27)))))
        wild = frozenset(rng.sample(range(52), rng.choice((0, 3, 6))))
        hand = Hand(kinds, wild, opts)
        hand._isolation()
        natural = {k for k in kinds if k != JOKER_KIND and k not in wild}
        want = sorted(((hand.pts[k], k) for k in natural if not _related(k) & natural),
                      reverse=True)
        assert hand.iso == want, (kinds, wild)
        assert hand.iso_pair == (len({k // 13 for _p, k in want}) < len(want))


def _rank_wild(rank: str) -> frozenset[int]:
    return frozenset(parse_kind(rank + s) for s in "SHDC")


def test_each_solver_keeps_the_tables_of_its_latest_four_cuts_and_counts_alike_after():
    # a deal plays one cut: tables kept for every cut met held hundreds of
    # megabytes after a few dozen deals of a search bot
    s13.clear_caches()
    s21.clear_caches()
    # no ten and no jack held: Q♣ is the loose card whichever of them is wild
    hand13 = tuple(sorted(parse_kind(t) for t in
                          "AS 2S 3S 4H 5H 6H 7D 8D 9D KC KD KH QC".split()))
    # 21 cards: pure sequences of five, three and three, three sets of
    # three, Q♣ loose
    hand21 = tuple(sorted(parse_kind(t) for t in
                          ("AS 2S 3S 4S 5S 4H 5H 6H 7D 8D 9D KC KD KH 2H 2D 2C 3H 3D 3C "
                           "QC").split()))
    cuts = ["10", "J", "10", "J", "10", "J"]  # then four other cuts
    others = ["5", "6", "7", "8"]
    assert s13.hand_count(hand13, _rank_wild("10")) == 10
    assert s21.count_21(hand21, _rank_wild("10")) == 10
    for rank in others:
        s13.hand_count(hand13, _rank_wild(rank))
        s21.count_21(hand21, _rank_wild(rank))
    assert [w for w, _ in search13._ALL_MOVES] == [_rank_wild(r) for r in others]
    assert [w for w, _ in search21._MELDS] == [_rank_wild(r) for r in others]
    s13.clear_caches()  # the counts, not only the tables: asked afresh
    s21.clear_caches()
    for rank in cuts:
        assert s13.hand_count(hand13, _rank_wild(rank)) == 10
        assert s21.count_21(hand21, _rank_wild(rank)) == 10
