"""The 21/27-card search (``game/families/twentyone/hard.py`` with
``search.py``, ``search_policy.py``, ``search_eval.py``): worlds that hold
only what the seat may know, the bounded evaluator against the family's
exact one, the settlement of a rolled-out deal worked out by hand from
RULES.md §4, the rollout policy, sliced thinking, the clairvoyant bot, and
whole matches played clean.

Seat 1 plays first (two players: seat 0 next); cut 5♣ makes 4♣ 5♣ 6♣
wild (and the value cards of the deal) unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest

from game.ai.base import finish
from game.ai.knowledge import know
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
    view_for,
)
from game.engine.cards import make_card
from game.families import family_of, make_bot, preset
from game.families.twentyone import hard as hard_module
from game.families.twentyone.bots import BOTS, SearchHard
from game.families.twentyone.ceiling import (
    CEILING_BOTS,
    PROGRESS_DRAWS,
    ClairvoyantBot,
    ClairvoyantModel,
)
from game.families.twentyone.search import (
    KINDS,
    Deal,
    Table,
    TwentyOneModel,
    WorldSampler,
    counts_of,
    losers_to_count,
    play_out,
    settle,
)
from game.families.twentyone.search_eval import Evaluator
from game.families.twentyone.solver import count_21, show_possible

from .positions import deal, kind, view

# the rollout policy as a player (``policy_player.py``), the AI README's yardstick
from .test_twentyone_policy_player import SPEC as POLICY

# RULES §4: no pure sequence, no meld; 156 points (pays the cap, 120)
HIGH = "KS JS 9S 7S 5S 3S KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC TC 8C"
# a show: A-2-3♠, 4-5-6♦, 9-10-J♣, 2-3-4♥ (pure); kings, fives, queens (sets)
SHOW = "AS 2S 3S 4D 5D 6D 9C TC JC KS KD KC 5S 5H 5D QD QS QH 2H 3H 4H"
THEIRS = "AH AD 2S 4S 6S 8S TS QS 2C 3D 5D 7D 9C JC KC 4H 6H 8H TH QH 7C"


def _kinds(text: str) -> list[int]:
    return [kind(t) for t in text.split()]


def _throw(state, seat, text):
    return Discard(next(c for c in state.hands[seat] if c.kind == kind(text)))


def _play(state, moves):
    for seat, move in moves:
        assert state.to_act == seat
        state, _ = apply(state, _throw(state, seat, move) if isinstance(move, str) else move)
    return state


def _picked_king(others: str = THEIRS):
    """Seat 1 throws K♠, seat 0 takes it and throws A♥; seat 1 has drawn again
    and must throw.  Seat 0 holds K♠ (the log shows it)."""
    state = deal(HIGH, upcard="9D", cut="5C", variant="21card", stock_top="2H 3C",
                 others={0: others})
    return _play(state, [(1, DrawStock()), (1, "KS"), (0, DrawDiscard()), (0, "AH"),
                         (1, DrawStock())])


# ------------------------------------------------------------------ worlds


def test_a_world_holds_what_the_log_shows_and_nothing_the_seat_has_seen():
    v = view(_picked_king())
    k = know(v)
    sampler = WorldSampler(v, k, Table(v))
    rng = random.Random(3)
    seen = [c.kind for c in v.hand] + [c.kind for c in v.discard] + [v.cut.kind]
    for _ in range(30):
        world = sampler.sample(rng)
        theirs = world.hands[0]
        assert sum(theirs) == 21
        assert theirs[kind("KS")] >= 1  # picked from the pile, not thrown since
        assert world.hands[1] == counts_of(c.kind for c in v.hand)  # my hand as it is
        assert sum(len(s) for s in world.stock.values()) == v.stock_size
        assert [c.kind for c in v.discard] == world.pile
        # a card I hold, see on the pile or as the cut is nowhere else: every
        # kind's copies in their hand and the stock are what the shoe has left
        for kk in range(KINDS):
            elsewhere = theirs[kk] + sum(s.count(kk) for s in world.stock.values())
            assert elsewhere <= k.copies[kk] - seen.count(kk)


def test_the_worlds_do_not_depend_on_the_hidden_cards():
    # the same public log and my hand, but seat 0 holds other unseen cards
    # (it still throws A♥): the seat's view, and so every world, is the same
    other = "AH AH 2D 4D 6D 8D TD QD 2H 3S 5H 7H 9H JH KH 4C 6C 8C TC QC 7S"
    a, b = view(_picked_king()), view(_picked_king(other))

    def public(v):  # what the seat sees, card by kind (copies are alike)
        return ([c.kind for c in v.hand], [(s, w, c and c.kind) for s, w, c in v.log],
                [c.kind for c in v.discard], v.stock_size)

    assert public(a) == public(b)
    assert [c.kind for c in _picked_king().hands[0]] != [c.kind for c in
                                                         _picked_king(other).hands[0]]
    for seed in range(5):
        wa = WorldSampler(a, know(a), Table(a)).sample(random.Random(seed))
        wb = WorldSampler(b, know(b), Table(b)).sample(random.Random(seed))
        assert wa.hands == wb.hands and wa.stock == wb.stock


def test_four_player_worlds_give_every_player_in_the_deal_a_hand():
    state, _ = new_match(preset("27card"), 4, seed=2)
    for _ in range(14):  # seats 0 and 3 drop on their first turn, the others play
        seat = state.to_act
        seen = view_for(state, seat)
        move = Pack() if seat in (0, 3) and Pack() in seen.legal else \
            make_bot("medium", seat).choose(seen)
        state, _ = apply(state, move)
    v = view_for(state, state.to_act)
    assert v.status.count("packed") == 2
    world = WorldSampler(v, know(v), Table(v)).sample(random.Random(1))
    for s in range(4):
        if v.status[s] == "active":
            assert sum(world.hands[s]) == v.hand_sizes[s]
        else:  # a dropped hand is set aside: in no hand and not in the stock
            assert s not in world.hands and s not in world.stock and world.owed[s] == 30
    assert sum(len(x) for x in world.stock.values()) == v.stock_size


def test_the_clairvoyant_worlds_hold_the_real_hands():
    state = _picked_king()
    v = view(state)
    bot = CEILING_BOTS["search"](1, peek=lambda seat: state.hands[seat])
    assert isinstance(bot, ClairvoyantBot)
    ctx = bot.model.prepare(v)
    world = bot.model.sample(ctx, random.Random(2))
    assert world.hands[0] == counts_of(c.kind for c in state.hands[0])
    assert sum(len(s) for s in world.stock.values()) == v.stock_size


def test_the_discards_bot_sees_the_hands_when_it_throws_only(monkeypatch):
    """``--bot discards``: the search of a discard plays worlds holding the
    real hands; the bot's own model (its draws and drops) is put back."""
    state = _picked_king()
    v = view(state)
    bot = CEILING_BOTS["discards"](1, peek=lambda seat: state.hands[seat])
    own = bot.model
    assert type(own) is TwentyOneModel
    models = []
    real = hard_module.search

    def recorded(view_, model, *rest):
        models.append(model)
        return (yield from real(view_, model, *rest))

    monkeypatch.setattr(hard_module, "search", recorded)
    action = finish(bot.discard(v))
    assert isinstance(action, Discard)
    # one search, and a second when the choice is close: every one sees
    assert 1 <= len(models) <= 2
    assert all(isinstance(m, ClairvoyantModel) for m in models)
    world = models[0].sample(models[0].prepare(v), random.Random(1))
    assert world.hands[0] == counts_of(c.kind for c in state.hands[0])
    assert bot.model is own


def test_the_progress_worlds_are_the_samples_nearest_the_real_count():
    """``--bot progress``: of its draws, the world whose other hand counts
    nearest the real one; its first draw is the plain sample, so it is
    never further off, and the cards the log shows stay in the hand."""
    state = _picked_king()
    v = view(state)
    bot = CEILING_BOTS["progress"](1, peek=lambda seat: state.hands[seat])
    ctx = bot.model.prepare(v)
    t = ctx.table

    def count(c) -> int:
        return count_21(tuple(t.kinds(c)), v.wild, t.opts)

    real = count(counts_of(c.kind for c in state.hands[0]))
    closer = 0
    for seed in range(6):
        plain = abs(count(ctx.sampler.sample(random.Random(seed)).hands[0]) - real)
        world = bot.model.sample(ctx, random.Random(seed))
        off = abs(count(world.hands[0]) - real)
        assert off <= plain
        closer += off < plain
        assert world.hands[0][kind("KS")] >= 1
        assert world.hands[0] != counts_of(c.kind for c in state.hands[0])
    assert PROGRESS_DRAWS > 1 and closer >= 3


# --------------------------------------------------------------- evaluator


def _hands_from_play(variant: str, deals: int) -> list[tuple[tuple[int, ...], frozenset]]:
    """Hands held at discards in medium-against-medium deals (one card over)."""
    out = []
    for seed in range(deals):
        state, _ = new_match(preset(variant), 2, seed=60 + seed)
        while state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            seat = state.to_act
            if state.phase == Phase.DISCARD:
                out.append((tuple(sorted(c.kind for c in state.hands[seat])), state.wild))
            state, _ = apply(state, make_bot("medium", seat).choose(view_for(state, seat)))
    return out


@pytest.mark.parametrize("variant", ["21card", "27card"])
def test_the_bounded_evaluator_is_the_familys_own(variant):
    rules = preset(variant)
    opts = rules.solver_options()
    for kinds, wild in _hands_from_play(variant, 2)[::3]:
        unbounded = Evaluator(wild, opts, nodes=10 ** 9, show_nodes=10 ** 9,
                              complete_nodes=10 ** 9)
        bounded = Evaluator(wild, opts)
        rest = list(kinds[:-1])
        exact = count_21(tuple(rest), wild, opts)
        assert unbounded.count(rest) == exact
        assert bounded.count(rest) >= exact  # a search stopped early never pays less
        # show "pure" (the counted shows are the policy's to count)
        h = Evaluator(wild, opts).hand(list(kinds), 10 ** 9)
        counted = (h.tunnela_count >= h.rules.pure_needed or h.dublee_count >= h.rules.show_dublees
                   or h.nwild >= h.rules.show_wilds)
        if not counted:
            exact_show = show_possible([make_card(k) for k in kinds], wild, opts)
            assert unbounded.show_possible(list(kinds)) == exact_show


def test_a_bounded_search_stops_after_its_nodes():
    opts = preset("21card").solver_options()
    wild = frozenset(_kinds("4C 5C 6C"))
    hand = _kinds(SHOW) + _kinds("8H")  # seven melds and a card to throw
    # a node a meld placed, one for the card thrown, one for the leaf: no
    # search of seven nodes reaches the show, a free one finds it
    assert not Evaluator(wild, opts, show_nodes=7).show_possible(hand)
    assert Evaluator(wild, opts, show_nodes=10 ** 6).show_possible(hand)


def test_the_evaluator_counts_hands_as_rules_say():
    rules = preset("21card")
    wild = frozenset(_kinds("4C 5C 6C"))
    ev = Evaluator(wild, rules.solver_options())
    assert ev.count(_kinds(HIGH)) == 120  # no meld: 156 points, capped at 120
    assert ev.count(_kinds(SHOW)) == 2  # every card in a meld: 2 points
    # one pure sequence (A-2-3♠) and nothing else melds (two suits of a rank
    # at most): every other card counts, 7+5+3 + 10+10+9+7+5+3 + 10+10+8+6+4+2
    # + 10+10+8 = 127, capped at 120
    hand = "AS 2S 3S 7S 5S 3S KH JH 9H 7H 5H 3H QD TD 8D 6D 4D 2D QC TC 8C"
    assert ev.count(_kinds(hand)) == 120
    # A-2-3♠ and 2-3-4-5-6-7♥ (one run, or two: three pure sequences), the
    # rest in no meld: 7♠ 5♠ 3♠ 2♦ 4♦ 6♦ 8♦ Q♦ 10♦ Q♣ 10♣ 8♣ count,
    # 7+5+3 + 2+4+6+8+10+10 + 10+10+8 = 83
    hand = "AS 2S 3S 7S 5S 3S 2H 4H 6H 7H 5H 3H 2D 4D 6D 8D QD TD QC TC 8C"
    assert ev.count(_kinds(hand)) == 83


# -------------------------------------------------------------- settlement


def _table(players: int = 2) -> Table:
    return Table(view(deal(HIGH, upcard="9D", cut="5C", variant="21card", players=players)))


def test_a_rolled_out_deal_is_settled_as_the_family_settles():
    table = _table()
    winner = counts_of(_kinds(SHOW.replace("QH", "5C")))  # holds the value card 5♣
    # the loser: HIGH with 8♣ 10♣ for 4♣ 6♣ (two value cards): no meld, 156 -
    # 8 - 10 = 138 points, capped at 120
    loser = counts_of(_kinds(HIGH.replace("TC 8C", "4C 6C")))
    d = Deal({1: winner, 0: loser}, {0: [], 1: []}, [], 0, [1, 0], {}, [3, 3], 1)
    d.winner = 1
    # §4 bonuses, whoever wins: the winner's 5♣ 10 from the loser, the loser's
    # 4♣ and 6♣ 10 each (no marriage without 5♣) = 20 from the winner
    counts = {0: 120}
    assert settle(d, table, counts) == [-120 - 10 + 20, 120 + 10 - 20]
    # a loser who had no turn yet pays half the count and half the bonuses
    d.turns = [0, 3]
    assert settle(d, table, counts) == [-60 - 5 + 10, 60 + 5 - 10]


def test_a_rollout_this_seat_lost_counts_its_own_hand_alone():
    table = _table(players=3)
    d = Deal({0: counts_of(_kinds(HIGH)), 1: counts_of(_kinds(SHOW)),
              2: counts_of(_kinds(HIGH))}, {0: [], 1: [], 2: []}, [], 1, [0, 1, 2], {},
             [2, 2, 2], 1)
    d.winner = 1
    assert losers_to_count(d, 0, "rounds") == [0]
    assert losers_to_count(d, 1, "rounds") == [0, 2]  # the winner collects from both
    assert losers_to_count(d, 0, "pool") == [0, 2]  # pool's equity reads every line
    # why it may: seat 2's count moves seat 2's line and the winner's, not seat 0's
    assert settle(d, table, {0: 120, 2: 0})[0] == settle(d, table, {0: 120, 2: 80})[0]


def test_a_dropped_seat_pays_its_drop_and_no_bonus():
    table = _table(players=3)
    winner = counts_of(_kinds(SHOW))
    loser = counts_of(_kinds(HIGH))
    d = Deal({1: winner, 2: loser}, {1: [], 2: []}, [], 1, [1, 2], {0: 30}, [1, 2, 2], 1)
    d.winner = 1
    assert settle(d, table, {2: 120}) == [-30, 150, -120]


def test_the_rollout_shows_a_finished_hand_and_counts_the_loser():
    table = _table()
    # seat 1 is Q♥ short of SHOW (K♥ instead: four kings); the stock gives it
    me = counts_of(_kinds(SHOW.replace("QH", "KH")))
    them = counts_of(_kinds(HIGH))
    d = Deal({1: me, 0: them}, {1: [kind("QH")], 0: [kind("2C")]}, [kind("9D")], 1, [1, 0],
             {}, [1, 1], 1)
    finish(play_out(d, table))
    assert d.winner == 1
    assert sum(d.hands[1]) == 21
    assert finish(table.count_steps(d.hands[0])) == 120


def test_the_policy_takes_a_card_that_completes_a_run_and_keeps_wild_cards():
    table = _table()
    hand = counts_of(_kinds(HIGH.replace("TC 8C", "4C 5C")))
    assert table.wants(hand, kind("8S"))  # 7♠ 8♠ 9♠
    assert not table.wants(hand, kind("AC"))  # nothing beside it, one ace
    assert not table.wants(hand, kind("6C"))  # a wild card on the pile may not be taken
    hand[kind("8S")] += 1
    declare, throw = table.after_draw(hand, kind("8S"))
    assert not declare
    assert throw not in (kind("4C"), kind("5C"), kind("8S"))  # wild cards stay; 8♠ just taken


def test_a_drop_costs_the_drop_and_nothing_else():
    v = view(deal(HIGH, upcard="9D", cut="5C", variant="21card", players=3))
    model = TwentyOneModel(know)
    ctx = model.prepare(v)
    out = finish(model.outcome(ctx, model.sample(ctx, random.Random(1)), Pack()))
    assert out == [0, -30, 0]  # RULES §4: 30 on the first turn


# ---------------------------------------------------------------- the bot


def test_hard_is_the_search():
    assert BOTS["hard"] is SearchHard


def test_thinking_is_sliced_and_gives_choose_s_move():
    state = _picked_king()
    v = view(state)
    thought = make_bot("hard", 4).think(v)
    slices = 0
    while True:
        try:
            next(thought)
            slices += 1
        except StopIteration as done:
            action = done.value
            break
    assert slices > 10  # many candidates within reach of a hopeless hand: searched
    assert action == make_bot("hard", 4).choose(v)
    assert isinstance(action, Discard) and action in v.legal


class _Alternating:
    """A stand-in model: world ``w`` is its number; the first candidate
    played scores 0 in every world, each other ``swing`` points in an even
    world and ``-swing`` in an odd one, or ``lead`` below the first in
    every world."""

    def __init__(self, swing: float = 0.0, lead: float = 0.0) -> None:
        self.swing, self.lead = swing, lead
        self.order: list = []
        self.rollouts = 0
        self.worlds = 0

    def prepare(self, view):
        return view

    def sample(self, ctx, rng):
        self.worlds += 1
        return self.worlds

    def outcome(self, ctx, world, action):
        self.rollouts += 1
        if action not in self.order:
            self.order.append(action)
        value = 0.0
        if self.order.index(action):
            value = (self.swing if world % 2 == 0 else -self.swing) - self.lead
        return [value, value]
        yield


def _discard_rollouts(model, variant: str = "21card") -> tuple[int, int]:
    """Rollouts and candidates of hard's discard in the hopeless-hand
    position (two players), its search playing ``model``."""
    bot = SearchHard(4)
    bot.model = model
    state = _picked_king()
    if variant != "21card":
        state = state.replace(rules=preset(variant))
    finish(bot.discard(view(state)))
    return model.rollouts, len(model.order)


def test_a_close_discard_is_searched_on_with_twice_the_budget_more():
    # 21 cards, two players: 45 rollouts, 7 to 21 worlds.  Each runner-up is
    # +-40 in turn against the first candidate: with three candidates 15
    # worlds, 45 rollouts; the runner-ups' mean (40 / 15) lies well within
    # one standard error (about 10.7) of the first's, and the race drops
    # nobody (a prior is at most 4 points behind, 2 se about 21).  Then
    # twice the budget more: 90 rollouts, 30 worlds (at most 42)
    close = _Alternating(swing=40.0)
    assert _discard_rollouts(close) == (45 + 90, 3)
    # 100 behind in every world: the race drops the other two after the 7
    # worlds it waits for; the choice is clear and the search ends there
    clear = _Alternating(lead=100.0)
    assert _discard_rollouts(clear) == (7 * 3, 3)


def test_a_close_discard_is_not_searched_on_at_27_cards():
    # the same hand under 27-card rules (only the budget reads the hand
    # size): 0.8 of the budget, 24 rollouts, 8 worlds of 3, and no more
    assert _discard_rollouts(_Alternating(swing=40.0), "27card") == (24, 3)


@pytest.mark.parametrize("variant, levels", [
    ("21card", ("hard", "medium")), ("27card", ("hard", "medium")),
    ("21card", ("hard", "medium", "hard", "easy")), ("21card", (POLICY, "medium"))])
def test_a_whole_match_plays_clean(variant, levels):
    rules = preset(variant)
    players = len(levels)
    bots = [make_bot(level, 70 + s) for s, level in enumerate(levels)]
    state, _ = new_match(rules, players, seed=17)
    deals = 0
    while state.phase != Phase.MATCH_OVER:
        seat = state.to_act
        if seat is None:
            state, _ = apply(state, NextDeal())
            continue
        action = bots[seat].choose(view_for(state, seat))
        check(state, action)  # refuses a move that is not legal
        if isinstance(action, Declare):
            rest = [c for c in state.hands[seat] if c != action.card]
            assert family_of(rules).show_of(state, rest) is not None, "a false show"
        state, events = apply(state, action)
        check_invariants(state)
        deals += sum(1 for e in events if getattr(e, "result", None) is not None)
        if players > 2 and deals:
            break  # four players: one deal is enough
    assert deals >= (players if players == 2 else 1)


@pytest.mark.parametrize("variant, players, packed, expected", [
    ("21card", 2, 0, (45, 7, 21)),  # 1.5 times the budget: 45, 7.5, 21
    ("21card", 4, 0, (30, 5, 14)),  # four in the deal: the budget (2 / sqrt 4 = 1)
    ("21card", 4, 2, (45, 7, 21)),  # two have dropped: 1.5 times it
    ("27card", 2, 0, (24, 4, 11)),  # 0.8 of it: 24, 4, 11.2 rounded down
    ("27card", 4, 0, (19, 3, 9)),  # four in the deal (2 / sqrt 4 = 1), then 0.65
    ("27card", 4, 2, (24, 4, 11)),  # two have dropped: two left, 0.8
])
def test_hard_s_budget_follows_the_hand_size_and_the_players_left(variant, players, packed,
                                                                   expected):
    """27-card rollouts are longer: 0.65 of the budget, 0.8 with two players
    left in the deal, whose rollouts are shorter; 21-card ones shorter still:
    1.5 times the budget with two players left (a decision's median stays
    under 60 ms in each case)."""
    state, _ = new_match(preset(variant), players, 3)
    if packed:
        status = list(state.status)
        for s in range(packed):
            status[(state.turn + 1 + s) % players] = "packed"
        state = state.replace(status=tuple(status))
    got = SearchHard(0).budget_for(view_for(state, state.turn), SearchHard.budget)
    assert (got.rollouts, got.min_worlds, got.max_worlds) == expected
