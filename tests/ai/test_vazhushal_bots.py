"""The Vazhushal bots (RULES.md §7; ``game/ai/families/vazhushal.py``): every
level plays whole deals for 2–6 players without an illegal move, the same
view always gets the same move (slice times are the bench's), and the
decisions the module notes promise: go out when possible, hold melds back
(medium, hard) or lay them down (easy), wipe when it pays, never throw a
wild card while a natural one is loose, lay down at a stock out."""

from __future__ import annotations

import pytest

from game.engine import Discard, DrawStock, Phase, apply, check, new_match, parse_kind, view_for
from game.engine.stack import stacked_order
from game.families import bot_class, make_bot, preset
from game.families.vazhushal.actions import Finish, GoOut, LayDown, LayMeld, Wipe
from game.families.vazhushal.bots import (
    EasyVazhushal,
    HardVazhushal,
    MediumVazhushal,
    completing_kinds,
    extension_kinds,
)
from game.families.vazhushal.melds import check_meld, is_wild
from game.simulate import simulate

LEVELS = ("easy", "medium", "hard")
CLASSES = {"easy": EasyVazhushal, "medium": MediumVazhushal, "hard": HardVazhushal}


def deal(hands, upcard="AH", cut="2C", stock_top="", players=2, **options):
    rules = preset("vazhushal").with_options(**options) if options else preset("vazhushal")
    order = stacked_order(rules, players, 0, hands, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=0)
    return state


def card(state, seat, text):
    return next(c for c in state.hands[seat] if c.kind == parse_kind(text))


def test_every_level_is_registered_for_the_family():
    for level, cls in CLASSES.items():
        assert bot_class("vazhushal", level) is cls
        assert make_bot(level, 3).bot_for("vazhushal").__class__ is cls


@pytest.mark.parametrize("players, bots, deals", [
    (2, ["easy", "medium"], 6), (3, ["medium", "hard", "easy"], 4),
    (4, ["hard", "easy", "medium", "medium"], 3), (6, ["easy", "medium", "hard"], 2),
])
def test_whole_deals_without_an_illegal_move(players, bots, deals):
    # simulate refuses any action not offered, any refused action and any
    # broken invariant (``check=full``: every card, after every action)
    summary = simulate(preset("vazhushal"), players, deals, 11, bots, check="full")
    assert summary["deals"] == deals and summary["void"] == 0


def test_the_same_seed_plays_the_same_deals():
    one = simulate(preset("vazhushal"), 3, 3, 5, ["hard", "medium", "easy"])
    two = simulate(preset("vazhushal"), 3, 3, 5, ["hard", "medium", "easy"])
    for key in ("seats", "turns_per_deal", "bots"):
        assert one[key] == two[key]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_gets_the_same_move(level):
    state = deal({1: "5S 6S 7S KD KC 3C 4D TC JD QH 9S 8H 9H"}, upcard="7H")
    view = view_for(state, 1)
    assert make_bot(level, 4).choose(view) == make_bot(level, 4).choose(view)


# --------------------------------------------------------------- decisions


def _after_one_card_left():
    """Seat 1 has laid four melds and holds only J♥; 8♠ (it lays off on
    5-6-7♠) is the next stock card."""
    hand = "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH"
    s = deal({1: hand}, upcard="AC", stock_top="JD JC 8S")
    s, _ = apply(s, DrawStock())
    for text in ("5S 6S 7S", "KD KC KH", "3C 4C 5C", "8D 9D TD"):
        cs = tuple(card(s, 1, t) for t in text.split())
        s, _ = apply(s, LayMeld(check_meld(cs, s.wild)))
    s, _ = apply(s, Discard(card(s, 1, "JD")))
    s, _ = apply(s, DrawStock())
    s, _ = apply(s, Discard(card(s, 0, "JC")))
    s, _ = apply(s, DrawStock())
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_goes_out_when_it_can(level):
    s = _after_one_card_left()
    assert make_bot(level, 1).choose(view_for(s, 1)) == GoOut()
    # a hand of 14 that melds all but one goes out too (held back, not laid):
    # 5-6-7♠, K♦ K♣ K♥, 3-4-5♣, 8-9-10-J♦, throwing J♥
    s = deal({1: "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH"}, stock_top="JD")
    s, _ = apply(s, DrawStock())
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert action == GoOut()
    s, _ = apply(s, action)
    assert s.result.winner == 1


@pytest.mark.parametrize("level", LEVELS)
def test_holds_back_or_lays_down(level):
    # three melds in hand and loose cards: easy lays them down, medium and
    # hard keep them in hand (they score nothing before the end, and cards
    # on the table can no longer make a wipe's new meld)
    s = deal({1: "5S 6S 7S KD KC KH 3C 4C 5C 9D JH QS 2S"}, stock_top="8H")
    s, _ = apply(s, DrawStock())
    action = make_bot(level, 1).choose(view_for(s, 1))
    check(s, action)
    if level == "easy":
        assert isinstance(action, LayDown)
    else:
        assert isinstance(action, Discard)
        assert str(action.card) not in ("5S", "6S", "7S", "KD", "KC", "KH", "3C", "4C", "5C")


@pytest.mark.parametrize("level", LEVELS)
def test_wipes_when_it_pays(level):
    # line [7♥]: with 8♥ 9♥ in hand a wipe makes a pure sequence at once
    s = deal({1: "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 2S"}, upcard="7H")
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert action == Wipe(s.discard[0])
    # a line card that melds with nothing: draw from the stock
    s = deal({1: "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 2S"}, upcard="7C")
    assert make_bot(level, 1).choose(view_for(s, 1)) == DrawStock()


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_never_throws_a_wild_card_while_a_natural_one_is_loose(level):
    # 2♥ 2♦ and the jokers are wild (cut 2♣)
    s = deal({1: "2H JK 5S 9D KC 3H 7C QD 4S 8C JH 6D TS"}, stock_top="AD")
    s, _ = apply(s, DrawStock())
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert isinstance(action, Discard) and not is_wild(action.card.kind, s.wild)


@pytest.mark.parametrize("level", LEVELS)
def test_lays_down_the_best_at_a_stock_out(level):
    s = deal({1: "5S 6S 7S KD KC KH 3C 4C JK 9D TD 8H QS"}, upcard="7D", stock_top="AS")
    stock = s.stock
    s = s.replace(stock=(stock[0], stock[-1]), aside=stock[1:-1])
    s, _ = apply(s, DrawStock())
    s, _ = apply(s, Discard(card(s, 1, "QS")))
    s, _ = apply(s, DrawStock())
    s, _ = apply(s, Discard(s.hands[0][0]))
    assert s.phase == Phase.FAMILY and s.to_act == 1
    assert make_bot(level, 1).choose(view_for(s, 1)) == Finish(True)
    s, _ = apply(s, Finish(True))
    s, _ = apply(s, make_bot(level, 0).choose(view_for(s, 0)))
    assert s.result.seats[1].count == 52  # as worked out in the engine's tests
    assert s.phase == Phase.DEAL_OVER and s.to_act is None


def test_meld_helpers():
    s = deal({1: "5S 6S 7S KD KC KH 3C 4C 5C 9D JH QS 2S"})
    run = check_meld([card(s, 1, t) for t in "5S 6S 7S".split()], s.wild)
    assert sorted(extension_kinds(run)) == sorted(parse_kind(t) for t in ("4S", "8S"))
    kings = check_meld([card(s, 1, t) for t in "KD KC KH".split()], s.wild)
    assert extension_kinds(kings) == (parse_kind("KS"),)
    k = parse_kind
    assert sorted(completing_kinds(k("5S"), k("6S"))) == sorted([k("4S"), k("7S")])
    assert completing_kinds(k("5S"), k("7S")) == (k("6S"),)
    assert sorted(completing_kinds(k("5S"), k("5H"))) == sorted([k("5D"), k("5C")])
    assert completing_kinds(k("KS"), k("AS")) == (k("QS"),)  # Q-K-A, never K-A-2
    assert completing_kinds(k("AS"), k("2S")) == (k("3S"),)
    assert completing_kinds(k("5S"), k("9S")) == ()
