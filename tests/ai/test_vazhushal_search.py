"""Vazhushal's hard: the search over the hidden hands (``search.py``, its
worlds and light deal), the bot that runs it in slices (``hard.py``), and
the clairvoyant bot that measures its ceiling (``ceiling.py``).

Cut 2♣ unless a test says otherwise: 2♥, 2♦ and the jokers are wild."""

from __future__ import annotations

import random

from game.ai.base import finish
from game.ai.knowledge import copies
from game.engine import Discard, DrawStock, Phase, apply, new_match, view_for
from game.engine.stack import stacked_order
from game.families import make_bot, preset
from game.families.vazhushal.actions import Wipe
from game.families.vazhushal.ceiling import ClairvoyantBot, ClairvoyantModel
from game.families.vazhushal.hard import HardVazhushal
from game.families.vazhushal.judge import line_history
from game.families.vazhushal.search import (
    KINDS,
    Context,
    Deal,
    VazhushalModel,
    settle,
    stock_out,
)
from game.families.vazhushal.search_policy import Table
from game.simulate import simulate


def deal(hands, upcard="AH", cut="2C", stock_top="", players=2, **options):
    rules = preset("vazhushal").with_options(**options) if options else preset("vazhushal")
    order = stacked_order(rules, players, 0, hands, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=0)
    return state


def _after_a_wipe():
    """Three players, medium everywhere, played until a seat other than the
    one to act holds cards it wiped (the log shows them), with the next
    seat to act at its draw."""
    for seed in range(1, 60):
        state, _ = new_match(preset("vazhushal"), 3, seed)
        bots = [make_bot("medium", seed * 10 + s) for s in range(3)]
        while state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            seat = state.to_act
            view = view_for(state, seat)
            if view.phase == Phase.DRAW and any(line_history(view).values()):
                return state, view
            state, _ = apply(state, bots[seat].choose(view))
    raise AssertionError("no wipe kept in hand in 60 deals")


def _kinds(cards) -> list[int]:
    out = [0] * KINDS
    for c in cards:
        out[c.kind] += 1
    return out


# ------------------------------------------------------------------ worlds


def test_worlds_hold_what_the_seat_has_seen_and_every_card_once():
    state, view = _after_a_wipe()
    ctx = Context(view)
    known = line_history(view)
    ex = view.extra
    seen = _kinds([*view.hand, *view.discard,
                   *(c for seat in ex.melds for m in seat for c in m.cards)])
    neg = ex.negative.kind  # under the stock, drawn last: not in any hand
    shoe = copies(view)
    rng = random.Random(5)
    for _ in range(40):
        world = ctx.sampler.sample(rng)
        assert world.hands[view.seat] == _kinds(view.hand)
        hidden = [0] * KINDS
        for seat in (s for s in range(3) if s != view.seat):
            hand = world.hands[seat]
            assert sum(hand) == len(state.hands[seat])
            for card in known.get(seat, ()):  # what it wiped and still holds
                assert hand[card.kind] >= sum(1 for c in known[seat] if c.kind == card.kind)
            for k in range(KINDS):
                hidden[k] += hand[k]
        for stream in world.stock.values():
            for k in stream:
                hidden[k] += 1
        assert world.neg == neg
        hidden[neg] += 1
        # every card the seat has not seen is somewhere hidden, once; no card
        # it has seen (its hand, the line, the tables) is
        assert hidden == [shoe[k] - seen[k] for k in range(KINDS)]
        assert sum(len(x) for x in world.stock.values()) + 1 == view.stock_size
        assert world.line == [c.kind for c in view.discard]


def test_the_same_seed_gives_the_same_world():
    _, view = _after_a_wipe()
    ctx = Context(view)
    one = ctx.sampler.sample(random.Random(9))
    two = ctx.sampler.sample(random.Random(9))
    assert one.hands == two.hands and one.stock == two.stock


def test_the_clairvoyant_world_holds_the_real_hands():
    state, view = _after_a_wipe()
    model = ClairvoyantModel(lambda seat: state.hands[seat])
    ctx = model.prepare(view)
    world = model.sample(ctx, random.Random(2))
    for seat in range(3):
        assert world.hands[seat] == _kinds(state.hands[seat])
    stock = sorted(k for stream in world.stock.values() for k in stream)
    assert stock == sorted(c.kind for c in state.stock if c != view.extra.negative)


# --------------------------------------------------------------- the deal


def test_the_negative_joker_is_drawn_last_and_ends_the_stock():
    hands = {0: [0] * KINDS, 1: [0] * KINDS}
    d = Deal(hands, {0: (), 1: ()}, Deal.streams([3, 4, 5], [0, 1]), 30, [], False, 0, [0, 1])
    drawn = [d.draw_stock(0), d.draw_stock(1), d.draw_stock(0)]
    assert sorted(drawn) == [3, 4, 5] and not d.empty
    assert d.draw_stock(1) == 30 and d.empty and d.neg is None
    assert d.draw_stock(0) is None


def test_one_game_point_to_the_player_out_and_to_each_best_score_at_a_stock_out():
    hands = {0: [0] * KINDS, 1: [0] * KINDS}
    d = Deal(hands, {0: (), 1: ()}, {0: [], 1: []}, None, [], False, 0, [0, 1])
    d.winners = [1]
    assert settle(d, 2) == [0.0, 1.0]
    # stock out: seat 0 has 5-6-7♠ on the table (18) and nothing in hand,
    # seat 1 holds K♠ (−10): seat 0 wins
    d.winners = None
    d.tables = {0: (("q", 0, 5, 7),), 1: ()}
    d.hands[1][12] = 1
    stock_out(d, Table(frozenset()))
    assert d.winners == [0]
    # the same melds on both tables and empty hands: a tie, a point each
    d.hands[1][12] = 0
    d.tables[1] = (("q", 1, 5, 7),)
    d.winners = None
    stock_out(d, Table(frozenset()))
    assert settle(d, 2) == [1.0, 1.0]


def test_a_discard_of_the_last_card_goes_out_in_the_rollout():
    s = deal({1: "5S 6S 7S KD KC KH 3C 4C 5C 8D 9D TD JH"}, stock_top="QS")
    s, _ = apply(s, DrawStock())
    view = view_for(s, 1)
    model = VazhushalModel()
    ctx = model.prepare(view)
    world = model.sample(ctx, random.Random(1))
    world.hands[1] = [0] * KINDS
    world.hands[1][s.hands[1][0].kind] = 1
    assert finish(model.outcome(ctx, world, Discard(s.hands[1][0]))) == [0.0, 1.0]


# ------------------------------------------------------------------ the bot


def _searched_discard():
    """Seat 1 has drawn with many loose cards of nearly equal worth: hard
    plays several discards out."""
    s = deal({1: "5S 6S 7S 9D JH QS 3C 8H KC 4D TS 6C AS"}, stock_top="9C")
    s, _ = apply(s, DrawStock())
    return view_for(s, 1)


def test_hard_thinks_in_slices_and_the_sliced_move_is_its_move():
    view = _searched_discard()
    bot = HardVazhushal(3)
    played = []
    outcome = bot.model.outcome

    def counted(ctx, world, action):
        played.append(action)
        return (yield from outcome(ctx, world, action))

    bot.model.outcome = counted
    thought = bot.think(view)
    slices = 0
    while True:
        try:
            next(thought)
            slices += 1
        except StopIteration as done:
            move = done.value
            break
    assert len({a for a in played}) >= 2  # the search weighed more than one discard
    assert slices > len(played)  # it yields after every rollout at least
    assert move == HardVazhushal(3).choose(view)
    assert isinstance(move, Discard) and move in view.legal


def test_hard_wipes_into_a_pure_sequence_and_plays_only_offered_moves():
    s = deal({1: "8H 9H 5S 6S 9D KD KC 3C 4D TC JD QH 2S"}, upcard="7H")
    view = view_for(s, 1)
    action = make_bot("hard", 1).choose(view)
    assert action == Wipe(s.discard[0]) and action in view.legal


def test_whole_matches_play_clean():
    # every action offered and accepted, every invariant after every action,
    # no wrong go-out: simulate raises on any of them
    rules = preset("vazhushal").with_options(game_points=2)
    for players, bots in ((2, ["hard", "medium"]), (4, ["hard", "medium", "easy", "hard"])):
        summary = simulate(rules, players, 4, 17, bots, check="full")
        assert summary["deals"] == 4 and summary["void"] == 0


def test_the_clairvoyant_bot_plays_with_the_real_hands():
    s = deal({1: "5S 6S 7S 9D JH QS 3C 8H KC 4D TS 6C AS"}, stock_top="9C")
    s, _ = apply(s, DrawStock())
    bot = ClairvoyantBot(3, peek=lambda seat: s.hands[seat])
    assert isinstance(bot.model, ClairvoyantModel)
    assert bot.choose(view_for(s, 1)) in view_for(s, 1).legal
