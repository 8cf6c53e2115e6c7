"""13-card timings for ``python -m game.bench``: the evaluator over random
hands (cache cleared before each); the bench itself plays the deals
(``SIMULATIONS``) and times the bots (``BOT_TIMINGS``) named below."""

from __future__ import annotations

import random
import statistics
import time

from game.engine.cards import JOKER_KIND, build_shoe
from game.engine.meldtypes import MeldOptions
from game.families.thirteen.solver import clear_caches, evaluate


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def bench_evaluator(hands_per_case: int = 5000, seed: int = 1) -> list[str]:
    """Random 13-card hands with 0, 2 and 4 wild cards, from two decks (default
    meld options) and from three decks (tanalas allowed); the cache is cleared
    before every hand so each one is solved from scratch."""
    rng = random.Random(seed)
    lines = []
    for decks in (2, 3):
        shoe = build_shoe(decks, 2)
        opts = MeldOptions(tanala=decks >= 3)
        label = "" if decks == 2 else f", {decks} decks"
        for n_wild in (0, 2, 4):
            times = []
            for _ in range(hands_per_case):
                rank = rng.randrange(13)
                wild = frozenset(s * 13 + rank for s in range(4))
                natural = [c for c in shoe if c.kind != JOKER_KIND and c.kind not in wild]
                wilds = [c for c in shoe if c.kind == JOKER_KIND or c.kind in wild]
                hand = rng.sample(natural, 13 - n_wild) + rng.sample(wilds, n_wild)
                clear_caches()  # every table the solver keeps: each hand from scratch
                t = time.perf_counter()
                evaluate(hand, wild, opts)
                times.append((time.perf_counter() - t) * 1e6)
            median = statistics.median(times)
            lines.append(f"evaluator, 13 cards, {n_wild} wild{label}: median {median:.0f} µs,"
                         f" p99 {_pct(times, 0.99):.0f} µs, max {max(times):.0f} µs"
                         f" ({hands_per_case} hands)")
    return lines


def bench_lines() -> list[str]:
    return bench_evaluator()


# (preset, players, bots by seat): deals played bot against bot, deals per second
SIMULATIONS = [("points", 4, ["greedy"]), ("points", 4, ["easy", "medium", "hard", "medium"])]
# (preset, players, level, share of the bench's decisions): decision and slice times
BOT_TIMINGS = [("points", 2, "easy", 1.0), ("points", 2, "medium", 1.0),
               ("points", 2, "hard", 1.0), ("points", 4, "hard", 0.25)]
