"""The rollout policy as a player (``families/twentyone/policy_player.py``):
the yardstick the AI README measures hard's search against.

The hand: six pure runs (A-2-3♠, 9-10-J♠, 4-5-6♥, 2-3-4♦, 7-8-9♦,
10-J-Q♣) and three loose cards: K♦ (nothing of its suit within two ranks, no
other king: worth its points below nothing, -10), Q♥ (the Q♣ of its rank:
15 - 10 = 5) and 7♣ (the 7♦: 15 - 7 = 8).  Cut 5♣: 4-5-6♣ are wild, none
held.

Its whole matches against medium: ``test_twentyone_search.py``.
"""

from __future__ import annotations

from pathlib import Path

from game.engine import Discard, DrawDiscard, DrawStock, Pack
from game.families import make_bot

from .positions import after_stock_draw, deal, kind, view

HAND = "AS 2S 3S 9S TS JS 4H 5H 6H 2D 3D 4D 7D 8D 9D TC JC QC KD QH 7C"
SPEC = f"{Path(__file__).parents[2] / 'game/families/twentyone/policy_player.py'}:PolicyPlayer"


def test_it_throws_the_least_worth_card():
    v = view(after_stock_draw(HAND, "9H", upcard="8H", cut="5C", variant="21card"))
    action = make_bot(SPEC).choose(v)
    assert isinstance(action, Discard) and action.card.kind == kind("KD")


def test_it_takes_the_pile_card_that_completes_a_run_and_never_drops():
    v = view(deal(HAND, upcard="KC", cut="5C", variant="21card"))  # 10-J-Q-K♣
    assert Pack() in v.legal
    assert make_bot(SPEC).choose(v) == DrawDiscard()


def test_it_lets_a_card_with_nothing_to_join_pass():
    v = view(deal(HAND, upcard="8H", cut="5C", variant="21card"))  # only 6♥, two away
    assert make_bot(SPEC).choose(v) == DrawStock()

