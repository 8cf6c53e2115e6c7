"""The pieces every family's bots share: the one turn frame and its
fallback, the discards ranked, hands as kind tuples, and the count of unseen
copies."""

from __future__ import annotations

import pytest

from game.ai.base import Bot, LevelBot
from game.ai.common import ranked_discards
from game.ai.kinds import adding, kinds_of, without
from game.ai.knowledge import live_counts, unseen_copies
from game.engine import Discard, DrawStock, new_match, parse_kind, view_for
from game.engine.cards import make_card
from game.families import preset

from .positions import after_stock_draw, deal, view


class Stray(LevelBot):
    """A level whose every choice is a card it does not hold."""

    def draw(self, view):
        return Discard(make_card(parse_kind("AS"), deck=9))
        yield

    def discard(self, view):
        return Discard(make_card(parse_kind("AS"), deck=9))
        yield


class Lost(Bot):
    def decide(self, view):
        return Discard(make_card(parse_kind("AS"), deck=9))
        yield


def test_a_bug_never_becomes_an_illegal_move():
    # 9♦ cut: the nines are wild and count 0; K♣ is the only ten-pointer
    state = after_stock_draw("2S 3S 4S 5H 6H 7H 8C 9C 2D 3D 4D 5D 6D", drawn="KC",
                             upcard="3C", cut="9D")
    v = view(state)
    assert Stray(1).choose(v) == Discard(next(c for c in v.hand if str(c) == "KC"))
    # the plain frame: the first offered move of its fallback order, here none
    # of them (a discard is due), so the first discard offered
    assert Lost(1).choose(v) == next(a for a in v.legal if isinstance(a, Discard))
    before = view(deal("2S 3S 4S 5H 6H 7H 8C 9C 2D 3D 4D 5D 6D", upcard="3C", cut="9D"))
    assert Stray(1).choose(before) == DrawStock() == Lost(1).choose(before)


def test_the_frame_refuses_a_view_with_nothing_to_decide():
    state, _ = new_match(preset("points"), 2, seed=1)
    idle = view_for(state, 1 - state.to_act)
    with pytest.raises(ValueError):
        Lost(1).choose(idle)


def test_discards_are_ranked_by_value_then_tiebreak_one_slice_a_card():
    state = after_stock_draw("2S 3S 4S 5H 6H 7H 8C 9C 2D 3D 4D 5D 6D", drawn="KC",
                             upcard="3C", cut="9D")
    v = view(state)
    low = {parse_kind("9C"), parse_kind("KC")}
    # the two clubs score 0, every other card 1; the tiebreak is minus the
    # card's rank (K = 13), so K♣ comes before 9♣
    steps = ranked_discards(v, lambda kind, card: (0 if kind in low else 1, -(kind % 13 + 1)))
    slices = 0
    try:
        while True:
            next(steps)
            slices += 1
    except StopIteration as done:
        ranked = done.value
    assert slices == 14  # one for each of the 14 distinct cards held
    assert [str(c) for _, _, c in ranked[:2]] == ["KC", "9C"]
    assert [value for value, _, _ in ranked] == [0, 0] + [1] * 12
    rest = [tie for _, tie, _ in ranked[2:]]
    assert rest == sorted(rest)  # equal values: the lower tiebreak first


def test_hands_as_kind_tuples():
    k = [parse_kind(t) for t in ("2S", "KS", "2S", "AH")]
    cards = [make_card(x, deck=i) for i, x in enumerate(k)]
    hand = kinds_of(cards)
    assert hand == tuple(sorted(k))
    assert without(hand, parse_kind("2S")) == tuple(sorted([k[1], k[2], k[3]]))
    assert adding(without(hand, parse_kind("KS")), parse_kind("KS")) == hand
    with pytest.raises(ValueError):
        without(hand, parse_kind("QD"))


# the shoe by RULES.md: Points at two players one deck and two printed
# jokers (§3); 21 cards three decks and three jokers (§4); Marriage three
# decks without printed jokers (§6); Vazhushal at two players one deck and
# two printed jokers (§7)
@pytest.mark.parametrize("variant, decks, jokers", [
    ("points", 1, 2), ("21card", 3, 3), ("marriage", 3, 0), ("vazhushal", 1, 2)])
def test_the_copies_of_each_kind_follow_the_shoe(variant, decks, jokers):
    state, _ = new_match(preset(variant), 2, seed=2)
    v = view_for(state, state.to_act)
    assert unseen_copies(v, []) == [decks] * 52 + [jokers]
    two = make_card(parse_kind("2S"))
    after = unseen_copies(v, [two] * (decks + 2))  # more copies than the shoe holds
    assert after[parse_kind("2S")] == 0 and min(after) == 0
    # what every family shows: the hand, the pile, the cut card are not to come
    live = live_counts(v)
    for c in [*v.hand, *v.discard, *([v.cut] if v.cut is not None else [])]:
        assert live[c.kind] < ([decks] * 52 + [jokers])[c.kind]
    shown = len(v.hand) + len(v.discard) + (v.cut is not None)
    assert sum(live) == 52 * decks + jokers - shown
