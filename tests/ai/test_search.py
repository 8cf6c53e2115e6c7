"""The search behind hard: worlds consistent with the log, the light deal and
its settlement, the match-format utility, determinism, and hand-built
positions where the right move is clear.

Seat 1 plays first; seat 0 is the next player (two players), and cut "TC"
makes every ten wild unless a test says otherwise.
"""

import dataclasses
import random

import pytest

from game.ai.base import finish
from game.ai.knowledge import know
from game.ai.search.core import Budget, Candidate, choose, close_call, search, utility
from game.engine import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    Phase,
    apply,
    new_match,
    view_for,
)
from game.families import make_bot, preset
from game.families.thirteen.ceiling import ClairvoyantBot
from game.families.thirteen.hard import HardBot
from game.families.thirteen.search import (
    KINDS,
    Deal,
    Table,
    ThirteenModel,
    WorldSampler,
    counts_of,
    play_out,
    settle,
)

from .positions import after_stock_draw, deal, kind, view


def _throw(state, seat, text):
    return Discard(next(c for c in state.hands[seat] if c.kind == kind(text)))


def _play(state, moves):
    for seat, move in moves:
        assert state.to_act == seat
        state, _ = apply(state, _throw(state, seat, move) if isinstance(move, str) else move)
    return state


def _kinds(text: str) -> list[int]:
    return [kind(t) for t in text.split()]


# ------------------------------------------------------------------ worlds


def _picked_twos():
    """Seat 1 throws 2D, seat 0 picks it up and throws KH; seat 1 has drawn
    again and must throw.  Seat 0 holds 2D (and 2S, 2C: it collects twos)."""
    state = deal("2D 2H 5H 6H 7H 9S 9D KC QC 4C 8S JD AH", upcard="3S", cut="TC",
                 stock_top="KD 4S",
                 others={0: "2S 2C 3H 6S 7S 8C 9C JH QS KH 5D 6D 7D"})
    return _play(state, [(1, DrawStock()), (1, "2D"), (0, DrawDiscard()), (0, "KH"),
                         (1, DrawStock())])


def test_a_sampled_world_holds_what_the_log_shows_and_no_card_twice():
    state = _picked_twos()
    v = view(state)
    k = know(v)
    sampler = WorldSampler(v, k, Table(v))
    rng = random.Random(3)
    for _ in range(30):
        world = sampler.sample(rng)
        theirs = world.hands[0]
        assert sum(theirs) == 13  # their hand size
        assert theirs[kind("2D")] == 1  # picked from the pile and not thrown since
        assert sum(len(s) for s in world.stock.values()) == v.stock_size
        mine = world.hands[1]
        assert mine == counts_of(c.kind for c in v.hand)  # my own hand, as it is
        # every copy of a kind at most once: my hand, theirs, stock, pile, cut
        total = [0] * KINDS
        for c in v.hand:
            total[c.kind] += 1
        for kk in range(KINDS):
            total[kk] += theirs[kk]
        for stream in world.stock.values():
            for kk in stream:
                total[kk] += 1
        for c in v.discard:
            total[c.kind] += 1
        total[v.cut.kind] += 1
        assert all(total[kk] <= k.copies[kk] for kk in range(KINDS))
        # nothing I hold or see face up is given to them or to the stock
        seen = [c.kind for c in v.hand] + [c.kind for c in v.discard] + [v.cut.kind]
        for kk in set(seen):
            on_table = seen.count(kk)
            assert theirs[kk] + sum(s.count(kk) for s in world.stock.values()) \
                <= k.copies[kk] - on_table


def test_four_player_worlds_give_every_active_player_a_hand():
    state, _ = new_match(preset("points"), 4, seed=5)
    for _ in range(9):  # a few turns in, so that the log says something
        seat = state.to_act
        action = make_bot("medium", seat).choose(view_for(state, seat))
        state, _ = apply(state, action)
    v = view_for(state, state.to_act)
    sampler = WorldSampler(v, know(v), Table(v))
    world = sampler.sample(random.Random(1))
    for s in range(4):
        if v.status[s] == "active":
            assert sum(world.hands[s]) == v.hand_sizes[s]
    cards = sum(sum(h) for h in world.hands.values())
    cards += sum(len(x) for x in world.stock.values()) + len(world.pile) + 1  # + the cut
    assert cards <= sum(know(v).copies)


def test_the_same_seed_gives_the_same_world():
    v = view(_picked_twos())
    sampler = WorldSampler(v, know(v), Table(v))
    a = sampler.sample(random.Random(7))
    b = sampler.sample(random.Random(7))
    assert a.hands == b.hands and a.stock == b.stock


# ------------------------------------------------------------ light deal


def _table(cut="TC"):
    return Table(view(deal("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC", upcard="2C", cut=cut)))


def test_settlement_counts_the_losers_hand_exactly():
    table = _table()  # Points: cap 80, no multiplier with a ten cut
    winner = counts_of(_kinds("5H 6H 7H 8H 9S 9D 9C JS QS KS 2D 3D 4D"))
    # a pure run (5S-7S) and nothing else: every other card counts
    # 8C 8D KH KD QH JC 2S 3H 4C 5C = 8+8+10+10+10+10+2+3+4+5 = 70
    loser = counts_of(_kinds("5S 6S 7S 8C 8D KH KD QH JC 2S 3H 4C 5C"))
    d = Deal({1: winner, 0: loser}, {0: [], 1: []}, [], 0, [1, 0], {}, [0, 0], 1)
    d.winner = 1
    assert settle(d, table, 2) == [-70, 70]
    # no pure sequence at all: all 13 cards count, capped at 80
    loser = counts_of(_kinds("5S 7S 9H 8C 8D KH KD QH JC 2S 3H 4C 6C"))
    d.hands[0] = loser
    assert settle(d, table, 2) == [-80, 80]


def test_a_losers_count_stops_at_the_cap():
    table = _table(cut="5C")  # fives wild; none below
    assert table.cap == 80
    # a pure run (2H-4H), and no other meld: every suit holds at most one of
    # any three in a row, every rank two suits: K K Q Q J J T T 9 9 count,
    # 6 x 10 + 2 x 10 + 9 + 9 = 98, paid as the cap
    assert table.count(counts_of(_kinds("2H 3H 4H KS KD QC QH JS JD TC TH 9S 9D"))) == 80
    # under the cap the exact count: a pure run (6S-8S) and nothing else,
    # 9C 9D KH KD QH JD 2S 3H 4C TC = 9+9+10+10+10+10+2+3+4+10 = 77
    assert table.count(counts_of(_kinds("6S 7S 8S 9C 9D KH KD QH JD 2S 3H 4C TC"))) == 77


def test_a_packed_seat_pays_its_drop_to_the_winner():
    table = _table()
    winner = counts_of(_kinds("5H 6H 7H 8H 9S 9D 9C JS QS KS 2D 3D 4D"))
    d = Deal({1: winner}, {1: []}, [], 1, [1], {0: 20, 2: 40}, [0, 0, 0], 1)
    d.winner = 1
    assert settle(d, table, 3) == [-20, 60, -40]


def test_the_rollout_declares_a_finished_hand():
    table = _table()
    # seat 1 holds a show but for one card: 8H completes 5H-8H
    me = counts_of(_kinds("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC"))
    them = counts_of(_kinds("3S 5S 8S 2H JH 5D 7D 8D QD 3C 5C 7C KC"))
    d = Deal({1: me, 0: them}, {1: [kind("8H")], 0: [kind("4H")]}, [kind("2C")], 1, [1, 0],
             {}, [0, 0], 1)
    finish(play_out(d, table))
    assert d.winner == 1
    assert d.pile[-1] == kind("AC")  # the spare card is thrown
    # they never drew: no pure sequence in 3S 5S 8S 2H JH 5D 7D 8D QD 3C 5C 7C KC,
    # so every card counts: 3+5+8+2+10+5+7+8+10+3+5+7+10 = 83, capped at 80
    assert settle(d, table, 2) == [-80, 80]


def test_the_rollout_policy_takes_a_card_that_makes_a_run_and_throws_a_loose_one():
    table = _table()
    hand = counts_of(_kinds("5H 6H 9S 9D KC QC 2D 3D 8S JD QH AD 4C"))
    assert table.wants(hand, kind("7H"))  # 5H 6H 7H
    assert not table.wants(hand, kind("7C"))  # no 5C 6C, 6C 8C, 8C 9C or two other sevens
    hand[kind("7H")] += 1
    declare, throw = table.after_draw(hand, kind("7H"), kind("7H"))
    assert not declare
    # worth (run 100, set 60, +20 a card beside, +10 two places away, +15 a rank
    # partner, minus points): 4C has no neighbour at all: -4; JD: 9D two away,
    # 10 - 10 = 0; QH: QC of its rank, 15 - 10 = 5; KC: 20 - 10 = 10; AD 2D 3D is a run
    assert throw == kind("4C")


# ---------------------------------------------------------------- utility


def test_points_utility_is_the_score_change():
    v = view(deal("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC", upcard="2C", cut="TC"))
    assert utility(v, [-30, 30]) == 30
    assert utility(v, None) == 0


def test_pool_utility_weighs_a_penalty_by_the_room_left():
    state = deal("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC", upcard="2C", cut="TC",
                 variant="pool101", players=3)
    v = view(state)
    v = dataclasses.replace(v, scores=(0, 60, 0))  # seat 1 (me) has 41 left, the others 101
    # room before: 101 + 41 + 101 = 243, my share 41/243
    # I pay 30: room 101 + 11 + 101 = 213, share 11/213
    # utility = (11/213 - 41/243) * 243 = 12.549... - 41 = -28.45
    assert utility(v, [0, 30, 0]) == pytest.approx((11 / 213 - 41 / 243) * 243)
    # another player paying 30 is worth something to me: 41/213 - 41/243
    assert utility(v, [30, 0, 0]) == pytest.approx((41 / 213 - 41 / 243) * 243)
    # eliminated: my share falls to nothing
    assert utility(v, [0, 41, 0]) == pytest.approx(-41)


# ------------------------------------------------------------------ search


def test_choose_keeps_the_heuristic_choice_unless_the_rollouts_disagree_clearly():
    a = Candidate("a", prior=0.0, values=[10, -20, 30, 0, 5, -5])
    b = Candidate("b", prior=-2.0, values=[12, -18, 31, 2, 6, -4])  # 2,2,1,2,1,1 better
    c = Candidate("c", prior=-2.0, values=[40, -50, 60, -30, 35, -35])  # noisy
    assert choose([a, c], tau=4.0) is a
    # b gains 1.5 a world, sd 0.548, se 0.224: it keeps almost all of it,
    # 1.5 * 16 / (16 + 0.05) = 1.495 < 2: not enough to overcome its prior
    assert choose([a, b], tau=4.0) is a
    b.prior = -1.0
    assert choose([a, b], tau=4.0) is b


def test_a_choice_is_close_while_a_runner_up_is_within_one_standard_error():
    a = Candidate("a", prior=0.0, values=[10, -20, 30, 0])
    # b - a: 1, -2, 3, -1: mean 0.25, variance 14.75 / 3, se 1.109; b is
    # chosen (0.25 shrunk is above nothing) and a trails it by 0.25 < 1.109
    b = Candidate("b", prior=0.0, values=[11, -22, 33, -1])
    assert choose([a, b], tau=8.0) is b
    assert close_call([a, b], tau=8.0)
    # b's prior 5 behind: a is chosen, and b trails by 5 - 0.25 > 1.109
    b.prior = -5.0
    assert choose([a, b], tau=8.0) is a
    assert not close_call([a, b], tau=8.0)
    # 20 better in every world: no spread, nothing in doubt
    c = Candidate("c", prior=0.0, values=[30, 0, 50, 20])
    assert not close_call([a, c], tau=8.0)
    # b half a point behind: a is chosen (b's 0.25 shrunk by 64 / 65.2 does
    # not make up 0.5), and b trails by 0.25 < 1.109: close while b races on
    b.prior = -0.5
    assert choose([a, b], tau=8.0) is a
    assert close_call([a, b], tau=8.0)
    b.alive = False  # out of the race: not a runner-up
    assert not close_call([a, b], tau=8.0)


def test_search_is_deterministic_for_a_seed():
    v = view(_picked_twos())
    model = ThirteenModel(know)
    runs = []
    for _ in range(2):
        cands = [Candidate(a) for a in v.legal if isinstance(a, Discard)][:3]
        thought = search(v, model, cands, Budget(12, 2, 4, 2.0), random.Random(11))
        while True:
            try:
                next(thought)
            except StopIteration:
                break
        runs.append([c.values for c in cands])
    assert runs[0] == runs[1]


def test_hard_is_deterministic_and_plays_only_offered_moves():
    state, _ = new_match(preset("points"), 3, seed=21)
    bots = [make_bot("hard", 5 + s) for s in range(3)]
    twins = [make_bot("hard", 5 + s) for s in range(3)]
    steps = 0
    while state.phase != Phase.MATCH_OVER and steps < 60:
        seat = state.to_act
        if seat is None:
            state, _ = apply(state, NextDeal())
            continue
        v = view_for(state, seat)
        action = bots[seat].choose(v)
        assert action in v.legal
        assert twins[seat].choose(v) == action
        state, _ = apply(state, action)
        steps += 1


# ------------------------------------------------------- clear positions


def test_hard_does_not_throw_the_card_that_completes_the_set_the_next_player_picked():
    state = _picked_twos()
    hand = [str(c) for c in state.hands[1]]
    assert "2H" in hand
    action = make_bot("hard", 1).choose(view(state))
    assert isinstance(action, Discard) and str(action.card) != "2H"


def test_hard_declares_when_it_can():
    state = after_stock_draw("5H 6H 7H 9S 9D 9C JS QS KS 2D 3D 4D AC", drawn="8H",
                             upcard="2C", cut="TC")
    action = make_bot("hard", 1).choose(view(state))
    assert isinstance(action, Declare)
    state, _ = apply(state, action)
    assert state.result.winner == 1


HOPELESS = "2S 5S 9S KS 3H 7H JH 4D 8D QD 2C 6C TC"  # nothing fits: pays 80 if it loses


def test_hard_packs_a_hopeless_first_hand_at_four_players():
    # first drop 20; with three others racing, this hand would almost surely
    # lose and pay the cap of 80
    state = deal(HOPELESS, upcard="3C", cut="AH", players=4)
    assert make_bot("hard", 1).choose(view(state)) == Pack()


def test_hard_keeps_a_good_hand_at_four_players():
    state = deal("5H 6H 7H 9S 9D KC QC 2D 3D 8S JD QH AD", upcard="4S", cut="TC", players=4)
    assert make_bot("hard", 1).choose(view(state)) != Pack()


def test_the_drop_is_weighed_against_the_calibrated_estimate_of_playing_on():
    bot = HardBot(1)
    state = deal(HOPELESS, upcard="3C", cut="AH")  # two players, first turn
    v = view(state)
    # first turn, one opponent: worth 0.85 * e + 2.0, and the drop must beat
    # that by 8: drop -20 against e = -40: 0.85 * -40 + 2 + 8 = -24 < -20: drop
    assert bot.drop_is_better(v, play=-40.0, drop=-20.0)
    # e = -33: 0.85 * -33 + 10 = -18.05 > -20: play on
    assert not bot.drop_is_better(v, play=-33.0, drop=-20.0)
    # four players, first turn: 0.92 * e - 3.8, margin 2: e = -25 gives
    # -23 - 3.8 + 2 = -24.8 < -20: drop; e = -17 gives -15.64 - 1.8 = -17.44: play on
    state4 = deal(HOPELESS, upcard="3C", cut="AH", players=4)
    v4 = view(state4)
    assert bot.drop_is_better(v4, play=-25.0, drop=-20.0)
    assert not bot.drop_is_better(v4, play=-17.0, drop=-20.0)


# ------------------------------------------------------------- the ceiling


def test_the_clairvoyant_world_holds_the_real_hand_and_every_card_once():
    state = _picked_twos()
    v = view(state)
    bot = ClairvoyantBot(1, peek=lambda seat: state.hands[seat])
    ctx = bot.model.prepare(v)
    world = bot.model.sample(ctx, random.Random(5))
    real = "2S 2C 3H 6S 7S 8C 9C JH QS 5D 6D 7D 2D"  # dealt, less KH, plus 2D
    assert world.hands[0] == counts_of(_kinds(real))
    assert world.hands[1] == counts_of(c.kind for c in v.hand)
    # the stock is what is left: the real stock's cards, in some order
    stock = sorted(kk for s in world.stock.values() for kk in s)
    assert stock == sorted(c.kind for c in state.stock)
