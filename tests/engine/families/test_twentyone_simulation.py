"""Seeded random play of 21- and 27-card rummy: every invariant after every
action (``simulate(check="full")`` raises on the first break: cards
conserved, hand sizes, the seat to act; a false show by a bot is an error
too), over at least 10,000 turns per form, across player counts and options.
Each settled deal's payments sum to zero."""

from __future__ import annotations

import pytest

from game.engine import NextDeal, Phase, apply, new_match, view_for
from game.families import make_bot, preset
from game.simulate import simulate

RUNS = {
    "21card": [
        (2, 36, {}),
        (4, 36, {"wild_any_suit": True, "stock_empty": "reshuffle"}),
        (6, 16, {"direction": "clockwise", "first_packer_cards": "under_stock"}),
        (3, 30, {"two_marriage_show": True, "wild_show": False, "bonus_scheme": "adda52"}),
    ],
    "27card": [
        (2, 70, {}),
        (3, 56, {"wild_any_suit": True, "middle_drop": 75, "bonus_scheme": "flat"}),
        (5, 30, {"stock_empty": "reshuffle", "may_discard_picked": True}),
    ],
}


@pytest.mark.parametrize("variant", ["21card", "27card"])
def test_ten_thousand_turns_keep_every_invariant(variant):
    turns = 0
    for players, deals, options in RUNS[variant]:
        rules = preset(variant).with_options(**options)
        summary = simulate(rules, players, deals, 7, ["random"], check="full")
        assert summary["deals"] == deals
        assert sum(s["points"] for s in summary["seats"]) == 0
        assert sum(s["won"] for s in summary["seats"]) + summary["void"] == deals
        turns += summary["turns_per_deal"] * deals
    assert turns >= 10_000


def test_same_seed_same_deals():
    a = simulate(preset("21card"), 3, 4, 5, ["random"])
    b = simulate(preset("21card"), 3, 4, 5, ["random"])
    for s in (a, b):
        s.pop("seconds")
        s.pop("deals_per_second")
    assert a == b


def test_deltas_sum_to_zero_and_every_seat_has_a_reason():
    state, _ = new_match(preset("21card"), 4, seed=12)
    bots = [make_bot("random", i) for i in range(4)]
    results = []
    while state.phase != Phase.MATCH_OVER:
        seat = state.to_act
        action = NextDeal() if seat is None else bots[seat].choose(view_for(state, seat))
        state, events = apply(state, action)
        results += [e.result for e in events if getattr(e, "result", None) is not None]
    assert len(results) == 4  # rounds=1: every player deals once
    for r in results:
        assert sum(r.deltas) == 0 and all(x.why for x in r.seats)
    assert state.scores == tuple(sum(r.deltas[s] for r in results) for s in range(4))
