"""Strength smoke test, rule options the bots must respect, and the bench."""

import dataclasses
import importlib

import pytest

from game.ai.base import answer_offer
from game.ai.basic import RandomBot
from game.arena import Arena, _load, ratio_interval, run_seeds, summarise
from game.bench import peak_memory
from game.bench.bots import bot_line, time_level
from game.engine import (
    Answer,
    Declare,
    NextDeal,
    Phase,
    apply,
    check,
    declarable,
    new_match,
    view_for,
)
from game.families import PACKAGES, make_bot, preset


def test_hard_beats_a_random_legal_bot():
    arena = Arena(preset("points"), [lambda s: make_bot("hard", s), RandomBot], ["hard", "random"])
    records = arena.run(range(8))  # 8 deals, each played from both seats
    hard = records["hard"]
    assert hard.decided >= 14
    assert hard.won >= 0.8 * hard.decided
    assert hard.points > 0


def test_medium_beats_a_random_legal_bot_on_points_too():
    arena = Arena(preset("points"), [lambda s: make_bot("medium", s), RandomBot],
                  ["medium", "random"])
    records = arena.run(range(8))
    assert records["medium"].won >= 0.8 * records["medium"].decided


OPTION_CASES = [
    ("points", 2, {"invalid_declaration": "refuse"}),
    ("points", 3, {"joker_pickup": False}),
    ("paplu", 3, {"may_discard_picked": True, "stock_empty": "void"}),
    ("paplu", 2, {"four_card_life": True, "one_wild_per_impure": True}),
    ("pool101", 3, {"pool_rejoin": True, "pool_split": True}),
    ("deals", 3, {"deals": 3, "cut_mode": "no_cut"}),
]


@pytest.mark.parametrize("variant, players, options", OPTION_CASES)
def test_moves_stay_legal_under_rule_options(variant, players, options):
    rules = preset(variant).with_options(**options)
    seats = [make_bot(("easy", "medium", "hard")[i % 3], i) for i in range(players)]
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
            check(state, action)
            if isinstance(action, Declare):
                assert declarable(state, [c for c in state.hands[seat] if c != action.card])
            state, _ = apply(state, action)
            turns += 1
    assert turns >= 300


def _offer_view(offer, scores, seat):
    state, _ = new_match(preset("pool101"), 3, seed=2)
    return dataclasses.replace(view_for(state, seat), phase=Phase.DECIDE, offer=offer,
                               scores=scores, legal=(Answer(True), Answer(False)), to_act=seat)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_pool_offers_are_answered_sensibly(level):
    bot = make_bot(level, 1)
    assert bot.choose(_offer_view(("rejoin", 0, ()), (105, 60, 70), 0)) == Answer(True)
    # a split: accept when behind, refuse when holding the best (lowest) score
    behind = _offer_view(("split", 0, (0, 1)), (95, 82, 120), 0)
    ahead = _offer_view(("split", 1, (0, 1)), (95, 82, 120), 1)
    assert bot.choose(behind) == Answer(True)
    assert bot.choose(ahead) == Answer(False)
    assert answer_offer(ahead) is False


def test_bench_times_every_decision_and_slice():
    totals, slices = time_level("medium", decisions=40)
    assert len(totals) == 40
    # medium checks the shows of a discard in a dozen slices: far more slices
    # than the two a decision thought in one piece would leave
    assert len(slices) > 2 * len(totals)
    # a decision's time is the sum of its slices' times
    assert sum(slices) == pytest.approx(sum(totals))
    assert sum(totals) > 0
    assert bot_line("21card", 4, "hard", 5).startswith("bot hard, 21card, 4 players: decision")


def test_every_installed_family_has_a_bench_section_that_names_real_presets():
    """No family is skipped by ``python -m game.bench``: each has its bench
    module, whose deals and bot timings name presets of that family."""
    for name, package in PACKAGES.items():
        bench = importlib.import_module(f"{package.__name__}.bench")
        assert callable(bench.bench_lines)
        named = [v for v, *_ in bench.SIMULATIONS] + [v for v, *_ in bench.BOT_TIMINGS]
        assert named and all(preset(v).family == name for v in named), name
        assert {level for _, _, level, _ in bench.BOT_TIMINGS} & {"hard"}, name


def test_the_bench_reports_the_peak_memory_in_megabytes():
    pytest.importorskip("resource")  # not on Windows
    held = bytearray(96 * 2**20)  # 96 MB written, so resident
    for i in range(0, len(held), 4096):
        held[i] = 1
    said = peak_memory()
    assert said.startswith("; peak memory so far ") and said.endswith(" MB")
    mb = int(said.split()[-2])
    assert 96 <= mb < 96 * 1024  # megabytes: neither kilobytes nor bytes
    del held


def test_points_per_deal_interval_is_a_ratio_over_seeds():
    # seeds worth (points, deals) 10/2, 0/2, 20/4: 30 points in 8 deals = 3.75;
    # residuals 2.5, -7.5, 5 -> variance 43.75, se sqrt(43.75/3) over 8/3 deals
    lo, hi = ratio_interval([(10, 2), (0, 2), (20, 4)])
    assert lo == pytest.approx(3.75 - 2.8068, abs=1e-3)
    assert hi == pytest.approx(3.75 + 2.8068, abs=1e-3)


def test_a_run_split_over_seed_ranges_merges_to_the_whole(tmp_path):
    def arena():
        return Arena(preset("points"), [RandomBot, RandomBot], ["a", "b"])

    meta = {"variant": "points", "players": 2, "bots": ["a", "b"]}
    whole = run_seeds(arena(), [1, 2, 3, 4], meta)
    path = tmp_path / "run.jsonl"
    run_seeds(arena(), [1, 2], meta, str(path))
    run_seeds(arena(), [3, 4], meta, str(path))  # appended, as a second core would
    merged, read_meta = _load([str(path)])
    assert read_meta == meta
    assert summarise(merged, meta) == summarise(whole, meta)
    assert summarise(merged, meta)["bots"]["a"]["deals"] == 8  # 4 seeds x 2 seats
