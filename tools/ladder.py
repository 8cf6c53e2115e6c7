"""Duplicate-deal ladder between two bot levels, for any family.

    python tools/ladder.py --variant 21card --pair medium,easy --seeds 1000 [--first 1]

Each seed's first deal is played twice, the two bots swapping seats, so the
cards even out; the figures are taken per seed over every seating, and their
95% intervals from the spread between seeds (paired, so luck of the cards
cancels).  Win rate is over
decided deals.  Only the first deal of each seed is played: a ladder measures
play, not match formats.  With ``--players N`` (N > 2) one seat holds the first
bot and the rest the second, the first bot's seat rotated through every seat.

Printed: ``points_per_deal``, the first bot's mean score change per deal, and
``edge``, that less the other seats' mean (in a two-player deal, twice the
first figure), each with its 95% interval over seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Phase, apply, new_match, view_for
from game.families import (
    make_bot,  # noqa: E402
    preset,  # noqa: E402
)


def play_deal(rules, bots, seed: int):
    """Play the first deal of a match; return its DealResult."""
    state, _ = new_match(rules, len(bots), seed)
    while True:
        seat = state.to_act
        if seat is None or state.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            return state.result
        state, events = apply(state, bots[seat].choose(view_for(state, seat)))
        if any(type(e).__name__ == "DealSettled" for e in events):
            return state.result


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return m, m - half, m + half


def wilson(won: int, n: int) -> tuple[float, float, float]:
    if not n:
        return 0.0, 0.0, 1.0
    z = 1.96
    p = won / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, c - h, c + h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--pair", required=True, help="first,second bot level")
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    args = ap.parse_args(argv)
    rules = preset(args.variant).with_text_options(args.rule)
    a, b = args.pair.split(",")
    n = args.players
    diffs: list[float] = []
    own: list[float] = []
    won = decided = 0
    t0 = time.perf_counter()
    for seed in range(args.first, args.first + args.seeds):
        pa = pb = 0.0
        for seat_a in range(n):
            levels = [a if s == seat_a else b for s in range(n)]
            bots = [make_bot(lv, seed * 31 + s) for s, lv in enumerate(levels)]
            res = play_deal(rules, bots, seed)
            pa += res.deltas[seat_a]
            pb += sum(res.deltas[s] for s in range(n) if s != seat_a) / (n - 1)
            if not res.void:
                decided += 1
                won += res.winner == seat_a
        diffs.append((pa - pb) / n)
        own.append(pa / n)
    m, lo, hi = mean_ci(own)
    e, elo, ehi = mean_ci(diffs)
    p, wlo, whi = wilson(won, decided)
    out = {"variant": args.variant, "pair": args.pair, "players": n, "seeds": args.seeds,
           "first": args.first, "points_per_deal": round(m, 2),
           "ci": [round(lo, 2), round(hi, 2)], "edge": round(e, 2),
           "edge_ci": [round(elo, 2), round(ehi, 2)], "win_rate": round(100 * p, 1),
           "win_ci": [round(100 * wlo, 1), round(100 * whi, 1)],
           "fair_share": round(100 / n, 1), "seconds": round(time.perf_counter() - t0)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
