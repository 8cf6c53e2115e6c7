"""Marriage timings for ``python -m game.bench``: the hand search over random
21-card hands from the real shoe (three decks, a random tiplu and its wild
cards): the best arrangement (what the table and the bots show) and the
check of a show after the discard (what a declaration runs).  No cache to
clear: each search starts from scratch.  The bench itself plays the deals
(``SIMULATIONS``) and times the bots (``BOT_TIMINGS``) named below."""

from __future__ import annotations

import random
import statistics
import time

from game.engine.cards import build_shoe
from game.families.marriage.hand import best_arrangement, marriage_wilds, winning_show


def _figures(times_us: list[float], hands: int) -> str:
    ordered = sorted(times_us)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"median {statistics.median(ordered):.0f} µs, p99 {p99:.0f} µs,"
            f" max {ordered[-1]:.0f} µs ({hands} hands)")


def bench_lines(hands: int = 1000, seed: int = 6) -> list[str]:
    rng = random.Random(seed)
    shoe = build_shoe(3, 0)
    arrange, show = [], []
    for _ in range(hands):
        tiplu = rng.choice(shoe)
        wild = marriage_wilds(tiplu)
        hand = rng.sample([c for c in shoe if c is not tiplu], 21)
        t = time.perf_counter()
        best_arrangement(hand, wild)
        arrange.append((time.perf_counter() - t) * 1e6)
        t = time.perf_counter()
        winning_show(hand, wild, route=None)
        show.append((time.perf_counter() - t) * 1e6)
    return [f"hand search, 21 cards, best arrangement: {_figures(arrange, hands)}",
            f"hand search, 21 cards, show check: {_figures(show, hands)}"]


# (preset, players, bots by seat): deals played bot against bot, deals per second
SIMULATIONS = [("marriage", 4, ["greedy"])]
# (preset, players, level, share of the bench's decisions): decision and slice times
BOT_TIMINGS = [("marriage", 4, "hard", 0.125)]
