"""What every family's search model reads the same way (``game.ai.search``):
the worlds (``worlds``), the card tables of the rollout policies
(``tables``), the light deal's bookkeeping (``deal``), the clairvoyant
bots' wiring (``clairvoyant``) and the budget at a fuller table
(``core.table_budget``).  Expected values are worked out by hand from the
rules (RULES.md §3 for the Points preset's drops and wrong show)."""

import random
from types import SimpleNamespace

import pytest

from game.ai.search.clairvoyant import DESCRIPTION, NAME, clairvoyant_bot, real_hands
from game.ai.search.core import Budget, table_budget
from game.ai.search.deal import DropDeal, StreamDeal
from game.ai.search.tables import ADJM, GAPM, NEARM, RUN3, SAMEM, bits
from game.ai.search.worlds import (
    KINDS,
    LastTurnCheck,
    counts_of,
    draw_hand,
    fair_weights,
    last_turn,
    owed_from_log,
    streams,
    turn_order,
    weighted_picks,
)
from game.engine.cards import make_card, parse_kind
from game.engine.state import Move, SeatStatus
from game.families import preset

A, P = SeatStatus.ACTIVE, SeatStatus.PACKED


def _k(text: str) -> int:
    return parse_kind(text)


def _mask(text: str) -> int:
    return bits(_k(t) for t in text.split())


def _card(text: str):
    return make_card(_k(text))


# ------------------------------------------------------------------ worlds


def test_counts_of_counts_each_kind_and_the_printed_joker():
    c = counts_of([_k("5S"), _k("5S"), _k("JK")])
    assert len(c) == KINDS == 53
    assert c[_k("5S")] == 2 and c[52] == 1 and sum(c) == 3


@pytest.mark.parametrize("direction,expected", [("counterclockwise", [2, 3, 1]),
                                                ("clockwise", [2, 1, 3])])
def test_turn_order_starts_with_this_seat_and_skips_who_is_out(direction, expected):
    view = SimpleNamespace(seat=2, players=4, status=[P, A, A, A],
                           rules=SimpleNamespace(direction=direction))
    assert turn_order(view) == expected


def test_owed_from_log_prices_drops_and_a_wrong_show_by_the_rules():
    # Points: first drop 20, middle drop 40, wrong declaration 80
    log = [(0, Move.PACK_FIRST, None), (1, Move.DRAW_STOCK, None),
           (2, Move.PACK_MIDDLE, None), (3, Move.WRONG_SHOW, _card("5S"))]
    view = SimpleNamespace(rules=preset("points"), log=log)
    assert owed_from_log(view) == {0: 20, 2: 40, 3: 80}


def test_last_turn_reads_the_card_let_pass_and_the_card_thrown():
    log = [(0, Move.DISCARD, _card("9H")),
           (1, Move.DRAW_STOCK, None), (1, Move.DISCARD, _card("KC")),  # 9H let pass
           (0, Move.DRAW_DISCARD, None), (0, Move.DISCARD, _card("2D"))]  # took KC
    view = SimpleNamespace(log=log)
    assert last_turn(view, 1) == (_k("9H"), _k("KC"))
    assert last_turn(view, 0) == (None, _k("2D"))


def test_last_turn_of_a_turn_not_finished_is_nothing():
    view = SimpleNamespace(log=[(0, Move.DISCARD, _card("9H")), (1, Move.DRAW_STOCK, None)])
    assert last_turn(view, 1) == (None, None)


def test_fair_weights_give_a_wild_card_the_mean_of_the_natural_ones():
    weights = [1.0] * KINDS
    weights[0], weights[1] = 0.5, 2.0
    wild = [False] * KINDS
    wild[5] = wild[52] = True
    out = fair_weights(weights, wild)
    mean = (0.5 + 2.0 + 49 * 1.0) / 51  # the 51 natural kinds
    assert out[5] == pytest.approx(mean) and out[52] == pytest.approx(mean)
    assert out[0] == 0.5 and out[1] == 2.0 and out[7] == 1.0


def test_streams_deal_the_next_card_to_the_seat_to_draw_next():
    # next card last: 5 is drawn first, by seat 3, then 4 by seat 0, ...
    s = streams([1, 2, 3, 4, 5], [3, 0])
    assert s == {3: [1, 3, 5], 0: [2, 4]}


def test_weighted_picks_never_pick_a_card_of_no_weight_and_come_highest_first():
    pool = [_k("5S"), _k("6S"), _k("7S"), _k("8S")]
    weights = [1e-9] * KINDS
    weights[_k("6S")] = weights[_k("8S")] = 1.0
    for seed in range(20):
        picks = weighted_picks(random.Random(seed), pool, weights, 2)
        assert picks == [3, 1]
    uniform = weighted_picks(random.Random(1), pool, None, 3)
    assert len(set(uniform)) == 3 and uniform == sorted(uniform, reverse=True)


def test_draw_hand_redraws_a_hand_that_disagrees_and_returns_the_spares():
    pool = [_k("2C"), _k("3C"), _k("4C")]
    seen = []

    def throw_extra(c, n):
        assert n == 1  # one spare card beyond the two unknown
        k = max(i for i in range(KINDS) if c[i] and i != _k("AH"))
        c[k] -= 1
        return [k]

    def agrees(c):
        seen.append(list(c))
        return len(seen) == 2  # the first draw disagrees

    hand = draw_hand(random.Random(3), pool, [_k("AH")], 2, 1, None, 3, throw_extra, agrees)
    assert len(seen) == 2 and hand == seen[1]
    assert hand[_k("AH")] == 1 and sum(hand) == 3
    # all three pool cards were drawn, the highest thrown back: 4C
    assert hand[_k("2C")] == hand[_k("3C")] == 1 and pool == [_k("4C")]


def test_draw_hand_keeps_the_last_draw_when_none_agrees():
    pool = [_k("2C"), _k("3C")]
    calls = []
    hand = draw_hand(random.Random(1), pool, [], 1, 0, None, 2,
                     lambda c, n: [], lambda c: calls.append(1) or False)
    assert len(calls) == 1  # the last try is not asked
    assert sum(hand) == 1 and len(pool) == 1 and hand[pool[0]] == 0


# ------------------------------------------------------------------ tables


class _PairKeeper(LastTurnCheck):
    """A policy that takes a card it holds a copy of and keeps a kind at 20
    a copy; the printed joker is its one wild kind."""

    w = [k == KINDS - 1 for k in range(KINDS)]

    def wants(self, c, kind):
        return c[kind] >= 1

    def throw_worth(self, c):
        return {k: 20 * n for k, n in enumerate(c) if n}


def test_a_hand_that_would_have_taken_the_card_let_pass_disagrees():
    c = counts_of([5, 7, 7])
    assert not _PairKeeper().agrees(c, 5, None)  # holds a 5: would have taken it
    assert _PairKeeper().agrees(c, 9, None)


def test_the_card_thrown_must_be_within_the_slack_of_the_least_worth():
    c = counts_of([5, 7, 7])
    # before the throw: a third 7 is worth 60, the 5 20; 60 > 20 + 25
    assert not _PairKeeper().agrees(c, None, 7)
    # a lone 9 thrown was worth 20, the least
    assert _PairKeeper().agrees(c, None, 9)
    assert c == counts_of([5, 7, 7])  # the hand is given back as it came


def test_a_wild_card_let_pass_or_thrown_says_nothing():
    joker = KINDS - 1
    c = counts_of([5, 7, 7, joker])
    assert _PairKeeper().agrees(c, joker, None)
    assert _PairKeeper().agrees(c, None, joker)


def test_the_cards_beside_two_away_and_of_the_same_rank():
    assert ADJM[_k("5S")] == _mask("4S 6S")
    assert GAPM[_k("5S")] == _mask("3S 7S")
    assert SAMEM[_k("5S")] == _mask("5H 5D 5C")
    assert NEARM[_k("5S")] == _mask("3S 4S 6S 7S 5H 5D 5C")


def test_an_ace_is_beside_the_two_and_the_king():
    assert ADJM[_k("AH")] == _mask("2H KH")
    assert GAPM[_k("AH")] == _mask("3H QH")


def test_runs_of_three_an_ace_can_be_in():
    assert RUN3[_k("AS")] == ((_k("2S"), _k("3S")), (_k("QS"), _k("KS")))
    assert RUN3[_k("2S")] == ((_k("AS"), _k("3S")), (_k("3S"), _k("4S")))
    assert len(RUN3[_k("7S")]) == 3


# -------------------------------------------------------------------- deal


def _drop_deal(stock, pile=None):
    return DropDeal({0: counts_of([]), 1: counts_of([]), 2: counts_of([])}, stock,
                    pile or [], 0, [0, 1, 2], {}, [0, 0, 0], seed=7)


def test_a_seat_draws_from_its_own_stream_then_from_the_longest():
    deal = _drop_deal({0: [_k("2S")], 1: [_k("3S"), _k("4S")], 2: []})
    assert deal.draw_stock(0, True) == _k("2S")
    assert deal.draw_stock(0, True) == _k("4S")  # its own is empty: seat 1's is longest
    assert deal.hands[0][_k("4S")] == 1 and deal.stock[1] == [_k("3S")]


def test_an_empty_stock_turns_the_pile_over_but_its_top_card():
    deal = _drop_deal({0: [], 1: [], 2: []}, pile=[_k("2S"), _k("3S"), _k("4S")])
    k = deal.draw_stock(1, True)
    assert k in (_k("2S"), _k("3S")) and deal.pile == [_k("4S")] and deal.turned == 1
    assert not deal.void


def test_an_empty_stock_voids_the_deal_without_a_reshuffle_or_past_the_limit():
    deal = _drop_deal({0: [], 1: [], 2: []}, pile=[_k("2S"), _k("3S")])
    assert deal.draw_stock(0, False) is None and deal.void

    class Once(StreamDeal):
        __slots__ = ()
        MOST_TURNED = 1

    once = Once({0: counts_of([])}, {0: []}, [_k("2S"), _k("3S")], 0, [0], seed=1)
    once.turned = 1
    assert once.draw_stock(0, True) is None and once.void


def test_throwing_counts_the_turn_and_a_drop_leaves_the_last_player_the_winner():
    deal = _drop_deal({0: [], 1: [], 2: []})
    deal.hands[0][_k("9H")] = 1
    deal.throw(0, _k("9H"))
    assert deal.pile == [_k("9H")] and deal.turns == [1, 0, 0] and deal.turn == 1
    deal.pack(1, 20)
    assert deal.turn == 2 and deal.winner is None and deal.owed == {1: 20}
    deal.pack(2, 40)
    assert deal.winner == 0 and deal.order == [0]


def test_taking_the_pile_card_marks_it_picked():
    deal = _drop_deal({0: [], 1: [], 2: []}, pile=[_k("2S"), _k("QD")])
    assert deal.take(0) == _k("QD") and deal.picked == _k("QD")
    assert deal.hands[0][_k("QD")] == 1 and deal.pile == [_k("2S")]


# ------------------------------------------------------------ clairvoyant


def test_real_hands_come_out_of_the_hidden_cards():
    pool = [_k("2S"), _k("3S"), _k("4S"), _k("5S")]
    seats = [(1, [_k("KH")]), (2, [])]
    real = {1: [_card("KH"), _card("2S")], 2: [_card("5S")]}
    hands, rest = real_hands(pool, seats, real.__getitem__)
    assert hands[1] == counts_of([_k("KH"), _k("2S")]) and hands[2] == counts_of([_k("5S")])
    assert sorted(rest) == [_k("3S"), _k("4S")] and len(pool) == 4


def test_a_clairvoyant_bot_is_hard_with_the_model_told_the_hands():
    class Hard:
        def __init__(self, seed=0):
            self.seed = seed
            self.model = "guessing"

    Bot = clairvoyant_bot("SeeingBot", Hard, lambda bot, peek: ("told", bot.seed, peek),
                          __name__, "Sees.")
    assert issubclass(Bot, Hard) and Bot.__name__ == "SeeingBot"
    assert Bot.name == NAME and Bot.description == DESCRIPTION and Bot.__doc__ == "Sees."
    assert Bot(3, peek=len).model == ("told", 3, len)
    assert Bot(3).model == "guessing"  # no peek: hard itself


# ------------------------------------------------------------------ budget


def _view(*status):
    return SimpleNamespace(status=list(status))


@pytest.mark.parametrize("status,expected", [
    ((A, A, P), (40, 6, 20)),  # two in: as it is
    ((A, A, A, A), (40, 6, 20)),  # four: 2 / sqrt(4) = 1
    ((A, A, A), (46, 6, 23)),  # three: 2 / sqrt(3) = 1.155; 46.2, 6.9, 23.1 rounded down
    ((A, A, A, A, A), (35, 5, 17)),  # five: 0.894; 35.8, 5.4, 17.9
])
def test_the_budget_at_a_fuller_table(status, expected):
    b = Budget(rollouts=40, min_worlds=6, max_worlds=20, z=2.0)
    assert table_budget(_view(*status), b) == Budget(*expected, z=2.0)
