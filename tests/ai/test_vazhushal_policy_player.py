"""The rollout policy as a player (``families/vazhushal/policy_player.py``):
the yardstick the AI README measures the search's model of play with.

Cut 2♣: 2♥, 2♦ and the printed jokers are wild (RULES.md §7: the cut's rank
in the other colour).  Seat 1 plays first."""

from __future__ import annotations

from pathlib import Path

from game.engine import Discard, DrawStock, apply, parse_kind, view_for
from game.families import make_bot, preset
from game.families.vazhushal.actions import Wipe
from game.simulate import simulate

from .test_vazhushal_search import deal

SPEC = f"{Path(__file__).parents[2] / 'game/families/vazhushal/policy_player.py'}:PolicyPlayer"


def test_it_wipes_the_card_that_makes_a_pure_run():
    # 8♥ 9♥ in hand and the 7♥ up: 7-8-9♥, the pure run a first meld must be
    s = deal({1: "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 2S"}, upcard="7H")
    view = view_for(s, 1)
    assert make_bot(SPEC).choose(view) == Wipe(s.discard[0])


def test_it_draws_from_the_stock_when_the_policy_wipes_nothing():
    # the 2♥ up is wild; as itself it makes A-2-3♥, so the rules let it be
    # wiped (medium does), but the policy lays a wiped wild card as a wild
    # card, and a player with no meld yet only with a natural run (and a
    # wild first upcard only once it holds one): this hand holds none
    s = deal({1: "AH 3H 5S 6S 9D KD KC 3C 4D TC JD QH 8S"}, upcard="2H")
    view = view_for(s, 1)
    assert Wipe(s.discard[0]) in view.legal
    assert make_bot("medium", 1).choose(view) == Wipe(s.discard[0])
    assert make_bot(SPEC).choose(view) == DrawStock()


def test_it_throws_the_costliest_single_card():
    # 5-6-7♠, 8-9-10♥, J-Q-K♣ and, with the 5♦ drawn, 3-4-5♦: K♠ (10) and
    # 4♥ (4) are the singles left (two wild cards each); the K♠ costs more
    s = deal({1: "5S 6S 7S 8H 9H TH JC QC KC KS 4H 3D 4D"}, stock_top="5D")
    s, _ = apply(s, DrawStock())
    action = make_bot(SPEC).choose(view_for(s, 1))
    assert isinstance(action, Discard) and action.card.kind == parse_kind("KS")


def test_whole_deals_play_clean():
    # every action offered and accepted, every invariant after every action,
    # no wrong go-out: simulate raises on any of them
    summary = simulate(preset("vazhushal"), 2, 3, 23, [SPEC, "medium"], check="full")
    assert summary["deals"] == 3
