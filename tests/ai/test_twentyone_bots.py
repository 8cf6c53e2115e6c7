"""The 21/27-card bots (``game/ai/families/twentyone.py``): what every level
promises (legal moves only, valid shows only, sliced thinking, the same
action for the same view) and what they do on purpose (show, keep value
cards, take the card that makes a show, drop a hopeless hand)."""

from __future__ import annotations

import pytest

from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    Phase,
    apply,
    check,
    check_invariants,
    new_match,
    parse_cards,
    view_for,
)
from game.engine.stack import stacked_order
from game.families import bot_class, family_of, make_bot, preset
from game.families.twentyone.bots import EasyWide, MediumWide, SearchHard, WideJudge, kinds_of
from tests.engine.families.test_twentyone_family import HIGH, SHOW
from tests.engine.helpers import card, play

LEVELS = ("easy", "medium", "hard")


def deal(hands, players=2, variant="21card", upcard="9D", cut="5C", stock_top="", **options):
    rules = preset(variant).with_options(**options) if options else preset(variant)
    order = stacked_order(rules, players, 0, hands, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=0)
    return state


def test_every_level_is_registered_for_the_family():
    for level, cls in zip(LEVELS, (EasyWide, MediumWide, SearchHard), strict=True):
        assert bot_class("21card", level) is cls
        assert cls.description


@pytest.mark.parametrize("variant, players, bots", [
    ("21card", 2, ("hard", "easy")),
    ("21card", 4, ("easy", "medium", "hard", "medium")),
    ("27card", 3, ("medium", "hard", "easy")),
    ("27card", 2, ("easy", "medium")),
])
def test_every_move_is_legal_and_every_show_valid(variant, players, bots):
    seats = [make_bot(b, i) for i, b in enumerate(bots)]
    rules = preset(variant)
    turns = 0
    for match in range(40):
        if turns >= 300:
            break
        state, _ = new_match(rules, players, seed=300 + match)
        while state.phase != Phase.MATCH_OVER and turns < 600:
            seat = state.to_act
            if seat is None:
                state, _ = apply(state, NextDeal())
                continue
            action = seats[seat].choose(view_for(state, seat))
            check(state, action)  # raises IllegalAction if a bot cheats
            if isinstance(action, Declare):
                rest = [c for c in state.hands[seat] if c != action.card]
                assert family_of(rules).show_of(state, rest) is not None, "a false show"
            state, _ = apply(state, action)
            check_invariants(state)
            turns += 1
    assert turns >= 300


def _slices(bot, view):
    """How many times ``bot.think(view)`` handed control back, and the
    action (slice times are the bench's: here only their number counts)."""
    gen = bot.think(view)
    slices = 0
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return slices, done.value
        slices += 1


@pytest.mark.parametrize("variant, players", [("21card", 3), ("27card", 3)])
def test_sliced_thinking_matches_choose(variant, players):
    sliced = dict.fromkeys(LEVELS, 0)
    decisions = 0
    for match in range(3):
        state, _ = new_match(preset(variant), players, seed=40 + match)
        bots = [make_bot(level, 9) for level in LEVELS]
        while state.to_act is not None and decisions < 150:
            seat = state.to_act
            view = view_for(state, seat)
            slices, action = _slices(bots[seat], view)
            sliced[LEVELS[seat]] += slices > 1
            assert action == make_bot(LEVELS[seat], 9).choose(view)
            state, _ = apply(state, action)
            decisions += 1
    assert decisions >= 100
    # each level weighs its hand after a draw in several slices (about every
    # other decision of these deals): a think() done in one piece has none
    assert min(sliced.values()) >= 5, sliced


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_seed_same_action(level):
    state, _ = new_match(preset("21card"), 3, seed=21)
    for _ in range(20):
        seat = state.to_act
        if seat is None:
            break
        view = view_for(state, seat)
        bot = make_bot(level, 5)
        a = bot.choose(view)
        assert bot.choose(view) == a and make_bot(level, 5).choose(view) == a
        state, _ = apply(state, a)


# ------------------------------------------------------------ on purpose


@pytest.mark.parametrize("level", LEVELS)
def test_shows_when_it_can_keeping_its_value_cards(level):
    # SHOW with 4-5-6♣ (the value cards: a marriage) for 2-3-4♥, and 5♠
    # drawn: throwing 5♠ leaves a show, and so do other throws (a value card
    # may stand in as a wild card); every level shows keeping the marriage
    hand = SHOW.replace("2H 3H 4H", "4C 5C 6C")
    s = deal({1: hand}, stock_top="5S")
    s, _ = play(s, DrawStock())
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert isinstance(action, Declare) and str(action.card) not in ("4C", "5C", "6C")


@pytest.mark.parametrize("level", LEVELS)
def test_takes_the_discard_that_makes_a_show(level):
    # SHOW without Q♥ (Q♦ Q♠ need a third queen) and K♦ extra; the pile's
    # Q♥ completes the queens: a show after throwing K♦... the fourth king
    hand = SHOW.replace("QH", "KH")
    s = deal({1: hand}, upcard="QH")
    assert make_bot(level, 1).choose(view_for(s, 1)) == DrawDiscard()
    s, _ = play(s, DrawDiscard())
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert isinstance(action, Declare)


@pytest.mark.parametrize("level", LEVELS)
def test_never_throws_a_value_card_for_nothing(level):
    # HIGH with K♠ J♠ swapped for 5♣ 6♣ (cut and upper joker): a hopeless
    # hand that still holds 5♣ 6♣; whatever it throws, not those
    hand = "5C 6C " + HIGH[6:]
    s = deal({1: hand}, stock_top="KD")
    s, _ = play(s, DrawStock())
    action = make_bot(level, 1).choose(view_for(s, 1))
    assert isinstance(action, Discard) and str(action.card) not in ("5C", "6C")


def test_goes_for_the_dublees_when_they_are_nearest():
    # seven dublees and seven single cards: the pile's 8♦ pairs a single
    # card (the eighth dublee: a show with the next discard)
    hand = "2S 2S 4H 4H 6D 6D 9C 9C TS TS QH QH KD KD 3C 5S 7H 8D JC AS AH"
    s = deal({1: hand}, upcard="8D")
    for level in ("medium", "hard"):
        assert make_bot(level, 1).choose(view_for(s, 1)) == DrawDiscard()
    s, _ = play(s, DrawDiscard())
    action = make_bot("medium", 1).choose(view_for(s, 1))
    assert isinstance(action, Declare)


def test_medium_and_hard_drop_a_hopeless_first_hand_and_keep_a_good_one():
    # HIGH at a table of four: no meld, nothing near one, 156 points (it pays
    # 120 to whoever shows); a first drop costs 30
    s = deal({1: HIGH}, players=4)
    for level in ("medium", "hard"):
        assert make_bot(level, 1).choose(view_for(s, 1)) == Pack()
    # one card from a show: never
    s = deal({1: SHOW.replace("QH", "KH")}, players=4)
    for level in LEVELS:
        assert make_bot(level, 1).choose(view_for(s, 1)) != Pack()


def test_a_hand_with_a_marriage_is_not_dropped():
    # HIGH with a marriage (4-5-6♣) for K♠ J♠ 9♠: a dropped player collects
    # no bonus, so the hand plays on
    s = deal({1: "4C 5C 6C " + HIGH[9:]}, players=4)
    for level in LEVELS:
        assert make_bot(level, 1).choose(view_for(s, 1)) != Pack()


def test_the_judge_sees_the_routes():
    s = deal({1: SHOW, 0: HIGH})
    judge = WideJudge(view_for(s, 1))
    a = judge.analyse(kinds_of(s.hands[1]))
    assert (a.route, a.need, a.count) == ("pure", 0, 0)
    s = deal({1: "2S 2S 4H 4H 6D 6D 9C 9C TS TS QH QH KD KD 3C 5S 7H 8D JC AS AH"})
    a = WideJudge(view_for(s, 1)).analyse(kinds_of(s.hands[1]))
    assert (a.route, a.need) == ("dublees", 1)
    judge = WideJudge(view_for(deal({1: HIGH}), 1))
    a = judge.analyse(kinds_of(parse(HIGH)))
    assert a.count == 120 and a.need > 5


def parse(text):
    return parse_cards(text)


def test_bots_refuse_a_view_with_nothing_to_decide():
    s = deal({})
    with pytest.raises(ValueError):
        make_bot("medium", 1).choose(view_for(s, 0))
    assert card  # the helpers stay importable
