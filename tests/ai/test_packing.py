"""Packing like a person (issue 23, item 3), 13-card: no level drops a first
hand that holds a pure sequence and a wild card; medium drops a first hand
only when the model says the drop is cheaper *and* the hand looks hopeless;
a bot that packs keeps the numbers it decided by, which the coach gives.
The hands are worked out by hand (RULES.md §2-§3, ``packing.py``'s table)."""

from __future__ import annotations

import pytest

from game.ai.base import PackOdds
from game.app.coach import hint
from game.engine import Pack
from game.families import make_bot
from game.families.thirteen.packing import keeps_first_hand, looks_hopeless, pure_and_wild
from tests.ai.positions import deal, view

# No wild card (sixes wild, cut 6♥, none held), no two cards of one suit
# within two ranks, one pair (4♠ 4♣): six cards or more from declaring
HOPELESS = "AS 4S 7S TS 2H 5H 8H JH 3D 9D QD KC 4C"
# 3♥ 4♥ 5♥ is a pure sequence and 7♣ a wild card (sevens wild, cut 7♦);
# every other card is loose
PURE_WILD = "3H 4H 5H 7C AS 9D 2C JH QS KD 8D TC 5S"


def bot(level, state, seed=1):
    return make_bot(level, seed).bot_for(state.rules.family)


@pytest.mark.parametrize(("hand", "cut", "expected"), [
    (PURE_WILD, "7D", True),
    # 6♣ 7♣ 8♣ needs the 7♣ as itself: no wild card is left besides it
    ("6C 7C 8C AS 9D 2H JH QS KD 4D TC 5S 3S", "7D", False),
    # Q♠ K♠ A♠ (the Ace above the King) and a wild 2♦ (twos wild, cut 2♣)
    ("QS KS AS 2D 9D 5H JH 8C 4D TC 6S 3C 7H", "2C", True),
    # a wild card but no three of a suit in a row
    (HOPELESS.replace("KC", "6C"), "6H", False),
])
def test_a_pure_sequence_and_a_wild_card_is_recognised(hand, cut, expected):
    v = view(deal(hand, upcard="QC", cut=cut))
    assert pure_and_wild(v) is expected
    assert keeps_first_hand(v) is expected  # it is the first turn


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_drops_a_first_hand_with_a_pure_sequence_and_a_wild_card(level, players):
    s = deal(PURE_WILD, upcard="QC", cut="7D", players=players)
    b = bot(level, s)
    assert b.choose(view(s)) != Pack()
    assert getattr(b, "pack_odds", None) is None


def test_medium_drops_a_hopeless_first_hand_and_keeps_its_numbers():
    # packing.py: two players, first turn, six or more to draw: wins 12%;
    # 0.12 * 40 - 0.88 * 58 = -46.24 against a first drop of 20
    s = deal(HOPELESS, upcard="QC", cut="6H")
    b = bot("medium", s)
    assert b.choose(view(s)) == Pack()
    assert b.pack_odds == PackOdds(20.0, pytest.approx(46.24), 0.12)
    # four players: 0.12 ** 2 = 0.0144 wins 3 * 40; 0.0144 * 120 - 0.9856 * 58
    s = deal(HOPELESS, upcard="QC", cut="6H", players=4)
    b = bot("medium", s)
    assert b.choose(view(s)) == Pack()
    assert b.pack_odds.play == pytest.approx(55.4368) and b.pack_odds.wins == pytest.approx(0.0144)


def test_medium_plays_on_a_first_hand_with_wild_cards_the_model_alone_would_drop():
    # sevens wild (7♠ 7♣ held): four cards to draw at four players: the
    # model's 0.34 ** 2 of winning 120 against paying 45 is -25.9, dearer
    # than the drop of 20 by more than the margin of 2; a player keeps a
    # hand with two wild cards
    hand = "AS 4S 7S 8S 2H 5H 8H JH 3D 9D QD 4C 7C"
    s = deal(hand, upcard="QC", cut="7D", players=4)
    v = view(s)
    judge = bot("medium", s).judge(v)
    kinds = tuple(sorted(c.kind for c in v.hand))
    assert judge.need(judge.shape(kinds), kinds) == 4
    assert not looks_hopeless(v, 4) and looks_hopeless(v, 5)
    assert bot("medium", s).choose(v) != Pack()


def test_hard_packs_a_hopeless_hand_and_the_hint_says_its_numbers():
    s = deal(HOPELESS, upcard="QC", cut="6H", players=4)
    b = bot("hard", s)
    assert b.choose(view(s)) == Pack()
    odds = b.pack_odds
    assert odds.drop == 20.0 and odds.play > odds.drop and 0.0 <= odds.wins <= 1.0
    h = hint(view(s), seed=1)  # the coach's hard bot, seeded alike
    assert h.action == Pack()
    assert h.reason.startswith("Pack: a hand ")
    assert f"playing on costs about {odds.play:.0f} points on average, the drop 20." in h.reason
