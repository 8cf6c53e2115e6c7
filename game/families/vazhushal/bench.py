"""Vazhushal timings for ``python -m game.bench``: the exact lay-down search
over random hands from one deck (a random cut card, its rank in the other
colour and the printed jokers wild): the best stock-out lay-down and the
search for a way to go out.  Each search starts from scratch.  The bench
itself plays the deals (``SIMULATIONS``) and times the bots
(``BOT_TIMINGS``) named below."""

from __future__ import annotations

import random
import statistics
import time

from game.engine.cards import build_shoe
from game.families.vazhushal.family import FAMILY
from game.families.vazhushal.laydown import best_laydown, go_out


def _figures(times_us: list[float], hands: int) -> str:
    ordered = sorted(times_us)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"median {statistics.median(ordered):.0f} µs, p99 {p99:.0f} µs,"
            f" max {ordered[-1]:.0f} µs ({hands} hands)")


def bench_lines(hands: int = 1000, seed: int = 7) -> list[str]:
    rules = FAMILY.presets()["vazhushal"]
    rng = random.Random(seed)
    shoe = build_shoe(1, rules.jokers_per_deck_in_play)
    size = rules.hand_size
    best, out = [], []
    for _ in range(hands):
        cut = rng.choice(shoe)
        wild = FAMILY.wild_kinds(rules, cut)
        hand = rng.sample([c for c in shoe if c is not cut], size)
        t = time.perf_counter()
        best_laydown(hand, wild)
        best.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter()
        go_out(hand, wild)
        out.append((time.perf_counter() - t) * 1e6)
    return [f"lay-down search, {size} cards, best lay-down: {_figures(best, hands)}",
            f"lay-down search, {size} cards, a way to go out: {_figures(out, hands)}"]


# (preset, players, bots by seat): deals played bot against bot, deals per second
SIMULATIONS = [("vazhushal", 4, ["greedy"])]
# (preset, players, level, share of the bench's decisions): decision and slice times
BOT_TIMINGS = [("vazhushal", 4, "hard", 0.125)]
