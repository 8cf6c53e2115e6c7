"""Timing of the 21/27-card evaluator: ``python -m game.families.twentyone.bench``.

Random deals from the real shoe (three decks and three printed jokers),
a random cut card (the any-suit option a quarter of the time), every hand
solved from scratch: all caches cleared before each solve, and the fastest
of ``repeat`` solves kept (1 in ``python -m game.bench``; 3 filters out
pauses of other processes on a shared machine).  "wild-heavy" hands hold 3
to 8 wild cards (27 cards: 4 to 10), dealt first from the deal's wild
cards.  Figures are per hand, in
milliseconds: median, 99th percentile and maximum.  "shows" is the show
predicate alone; "evaluate+loose" adds the optional loose count (timed on a
quarter as many hands).

    python -m game.families.twentyone.bench [random_hands [heavy_hands [seed [repeat]]]]
"""

from __future__ import annotations

import random
import sys
import time

from game.engine.cards import JOKER_KIND, build_shoe
from game.families.twentyone.cards import wild_kinds_21
from game.families.twentyone.solver import WideOptions, clear_caches, evaluate_21, shows


def _deal(rng: random.Random, size: int, form: int, heavy: bool):
    shoe = build_shoe(3, 1)
    cut = rng.choice(shoe)
    shoe.remove(cut)
    wild = wild_kinds_21(cut.kind, rng.random() < 0.25, form)
    if heavy:
        lo, hi = (3, 8) if form == 21 else (4, 10)
        wilds = [c for c in shoe if c.kind == JOKER_KIND or c.kind in wild]
        take = rng.sample(wilds, min(len(wilds), rng.randint(lo, hi)))
        rest = [c for c in shoe if c not in set(take)]
        hand = take + rng.sample(rest, size - len(take))
    else:
        hand = rng.sample(shoe, size)
    return hand, wild


def _figures(times: list[float]) -> str:
    times = sorted(times)
    n = len(times)
    med = times[n // 2] * 1000
    p99 = times[min(n - 1, int(n * 0.99))] * 1000
    return f"median {med:6.2f} ms  p99 {p99:6.2f} ms  max {times[-1] * 1000:7.2f} ms"


def _run(rng: random.Random, n: int, form: int, heavy: bool, what: str,
         repeat: int) -> list[float]:
    opts = WideOptions(form=form)
    times = []
    for _ in range(n):
        hand, wild = _deal(rng, form, form, heavy)
        best = None
        for _ in range(repeat):
            clear_caches()
            t0 = time.perf_counter()
            if what == "shows":
                shows(hand, wild, opts)
            else:
                evaluate_21(hand, wild, opts, loose=what == "evaluate+loose")
            dt = time.perf_counter() - t0
            best = dt if best is None else min(best, dt)
        times.append(best)
    return times


def bench_lines(random_hands: int = 2000, heavy_hands: int = 500, seed: int = 21,
                repeat: int = 1) -> list[str]:
    """One line per case: form, hand kind, what was timed, figures.  Each
    hand is solved ``repeat`` times from scratch and the fastest time kept
    (the machine is shared: the minimum filters out pauses of other
    processes, as ``timeit`` does)."""
    lines = []
    for form in (21, 27):
        for heavy, n in ((False, random_hands), (True, heavy_hands)):
            for what in ("evaluate", "shows", "evaluate+loose"):
                if what == "evaluate+loose":
                    n //= 4  # the optional loose count: a smaller sample
                rng = random.Random(seed * 1000 + form + heavy)
                times = _run(rng, n, form, heavy, what, repeat)
                label = f"{form}-card {'wild-heavy' if heavy else 'random'} {what}"
                lines.append(f"{label:36s} n={n:5d}  {_figures(times)}")
    return lines


# (preset, players, bots by seat): deals played bot against bot, deals per second
SIMULATIONS = [("21card", 4, ["greedy"])]
# (preset, players, level, share of the bench's decisions): decision and slice times;
# two players too, where hard plays its largest budget (``hard.TWO_PLAYER_SHARE``)
BOT_TIMINGS = [("21card", 4, "hard", 0.125), ("27card", 4, "hard", 0.125),
               ("21card", 2, "hard", 0.15), ("27card", 2, "hard", 0.15)]


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:5]]
    for line in bench_lines(*args):
        print(line, flush=True)
