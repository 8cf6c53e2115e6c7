"""Duplicate-deal ladder between two bot levels, for any family.

    python tools/ladder.py --variant 21card --pair medium,easy --seeds 1000 [--first 1]

Each seed's first deal is played twice, the two bots swapping seats, so the
cards even out; the figures are taken per seed over every seating, and their
95% intervals from the spread between seeds (paired, so luck of the cards
cancels).  Win rate is over
decided deals.  Only the first deal of each seed is played: a ladder measures
play, not match formats.  With ``--players N`` (N > 2) one seat holds the first
bot and the rest the second, the first bot's seat rotated through every seat.

``--per-seed FILE`` writes each seed's figures as a JSON line, and ``--combine
FILE...`` prints the figures of such files taken together, so a long ladder can
run as several processes over ranges of seeds:

    python tools/ladder.py --variant 21card --pair hard,medium --seeds 500 --per-seed a.jsonl
    python tools/ladder.py --variant 21card --pair hard,medium --seeds 500 --first 501 \
        --per-seed b.jsonl
    python tools/ladder.py --combine a.jsonl b.jsonl

``--paired BASE NEW`` (each a ``--per-seed`` file, or several joined by commas)
prints, over the seeds both hold, the mean change seed by seed from one set
of ``--per-seed`` files to another, with its 95% interval: two bots on the
same seeds, their luck of the cards cancelled.

A first bot ``ceiling:NAME`` is the family's measuring bot ``NAME`` of
``CEILING_BOTS`` (``python -m game.ceiling``), told the other players' real
hands as the deal goes; it never plays anywhere but in measurements:

    python tools/ladder.py --variant 21card --pair ceiling:search,medium --seeds 300 \
        --per-seed c.jsonl
    python tools/ladder.py --paired a.jsonl c.jsonl

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

from game.ceiling import measuring_bot, told  # noqa: E402
from game.engine import Phase, apply, new_match, view_for  # noqa: E402
from game.families import (
    make_bot,  # noqa: E402
    preset,  # noqa: E402
)
from game.memory import batch, settle  # noqa: E402

CEILING = "ceiling:"  # a first bot told the real hands (measuring only)


class Table:
    """The state of the deal being played, for measuring bots that are told
    the real hands (``peek``) or, if they ask, every seat's view (``look``)."""

    state = None

    def peek(self, seat: int):
        return self.state.hands[seat]

    def look(self, seat: int):
        return view_for(self.state, seat)


def bot_for(rules, spec: str, seed: int, table: Table):
    """The bot ``spec`` names; ``ceiling:NAME``: the family's measuring bot,
    peeking at ``table``'s deal."""
    if spec.startswith(CEILING):
        return told(measuring_bot(rules, spec[len(CEILING):]), seed, table.peek, table.look)
    return make_bot(spec, seed)


def play_deal(rules, bots, seed: int, table: Table | None = None):
    """Play the first deal of a match; return its DealResult.  ``table``
    holds the state as it goes (for bots told the real hands)."""
    table = table or Table()
    state, _ = new_match(rules, len(bots), seed)
    while True:
        table.state = state
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


def play_seed(rules, first: str, second: str, n: int, seed: int) -> dict:
    """One seed's figures: the first bot in each seat in turn."""
    pa = pb = 0.0
    won = decided = 0
    t0 = time.perf_counter()
    for seat_a in range(n):
        levels = [first if s == seat_a else second for s in range(n)]
        table = Table()
        bots = [bot_for(rules, lv, seed * 31 + s, table) for s, lv in enumerate(levels)]
        res = play_deal(rules, bots, seed, table)
        settle()  # in a batch no automatic full collection comes for the deal
        pa += res.deltas[seat_a]
        pb += sum(res.deltas[s] for s in range(n) if s != seat_a) / (n - 1)
        if not res.void:
            decided += 1
            won += res.winner == seat_a
    return {"seed": seed, "own": pa / n, "diff": (pa - pb) / n, "won": won,
            "decided": decided,
            "seconds": round(time.perf_counter() - t0, 2)}


def summary(head: dict, rows: list[dict], seconds: float) -> dict:
    """The ladder's figures over these seeds' rows (95% intervals over seeds)."""
    seeds = [r["seed"] for r in rows]
    if len(set(seeds)) != len(seeds):
        raise ValueError("a seed is counted twice")
    m, lo, hi = mean_ci([r["own"] for r in rows])
    e, elo, ehi = mean_ci([r["diff"] for r in rows])
    p, wlo, whi = wilson(sum(r["won"] for r in rows), sum(r["decided"] for r in rows))
    n = head["players"]
    return {**head, "seeds": len(rows), "first": min(seeds),
            "points_per_deal": round(m, 2),
            "ci": [round(lo, 2), round(hi, 2)], "edge": round(e, 2),
            "edge_ci": [round(elo, 2), round(ehi, 2)], "win_rate": round(100 * p, 1),
            "win_ci": [round(100 * wlo, 1), round(100 * whi, 1)],
            "fair_share": round(100 / n, 1), "seconds": round(seconds)}


def _read(paths: list[str]) -> tuple[list[dict], list[dict]]:
    """The header lines and the seeds' rows of ``--per-seed`` files."""
    heads, rows = [], []
    for path in paths:
        lines = [json.loads(x) for x in Path(path).read_text().splitlines() if x.strip()]
        if not lines or "variant" not in lines[0]:
            raise ValueError(f"{path}: not a --per-seed file (no header line)")
        heads.append(lines[0])
        rows += lines[1:]
    return heads, rows


def paired(base: list[str], new: list[str]) -> dict:
    """The change seed by seed in the first bot's points a deal from the
    ``base`` files to the ``new`` ones, over the seeds both hold (95%
    interval over seeds), and how many seeds it left unchanged."""
    (bheads, brows), (nheads, nrows) = _read(base), _read(new)
    keys = ("variant", "players")
    if any(tuple(h.get(k) for k in keys) != tuple(bheads[0].get(k) for k in keys)
           for h in bheads + nheads):
        raise ValueError("the files are of different games")
    before = {r["seed"]: r["own"] for r in brows}
    after = {r["seed"]: r["own"] for r in nrows}
    if len(before) != len(brows) or len(after) != len(nrows):
        raise ValueError("a seed is counted twice")
    seeds = sorted(set(before) & set(after))
    if len(seeds) < 2:
        raise ValueError("fewer than two seeds in both")
    change = [after[s] - before[s] for s in seeds]
    m, lo, hi = mean_ci(change)
    return {"variant": bheads[0]["variant"], "base": bheads[0]["pair"],
            "new": nheads[0]["pair"], "seeds": len(seeds),
            "base_points": round(sum(before[s] for s in seeds) / len(seeds), 2),
            "new_points": round(sum(after[s] for s in seeds) / len(seeds), 2),
            "change": round(m, 2), "ci": [round(lo, 2), round(hi, 2)],
            "unchanged": sum(1 for c in change if c == 0)}


def combine(paths: list[str]) -> dict:
    """Figures of several ``--per-seed`` files of one ladder taken together."""
    heads, rows = _read(paths)
    keys = ("variant", "pair", "players", "rules")
    if any(tuple(h.get(k) for k in keys) != tuple(heads[0].get(k) for k in keys)
           for h in heads):
        raise ValueError("the files are of different ladders")
    return summary({k: heads[0].get(k) for k in keys[:3]}, rows,
                   sum(r["seconds"] for r in rows))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant")
    ap.add_argument("--pair", help="first,second bot level")
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--per-seed", metavar="FILE", help="write each seed's figures here")
    ap.add_argument("--combine", nargs="+", metavar="FILE",
                    help="print the figures of these --per-seed files together")
    ap.add_argument("--paired", nargs=2, metavar=("BASE", "NEW"),
                    help="the change seed by seed from the first bot of BASE to that of NEW "
                    "(--per-seed files, several joined by commas)")
    args = ap.parse_args(argv)
    if args.paired:
        print(json.dumps(paired(*(files.split(",") for files in args.paired))))
        return 0
    if args.combine:
        print(json.dumps(combine(args.combine)))
        return 0
    if not args.variant or not args.pair:
        ap.error("--variant and --pair are needed (or --combine)")
    rules = preset(args.variant).with_text_options(args.rule)
    a, b = args.pair.split(",")
    head = {"variant": args.variant, "pair": args.pair, "players": args.players}
    t0 = time.perf_counter()
    rows = []
    out = None
    if args.per_seed:
        out = open(args.per_seed, "w")
    try:
        with batch():
            for seed in range(args.first, args.first + args.seeds):
                rows.append(play_seed(rules, a, b, args.players, seed))
                if out is not None:
                    if len(rows) == 1:
                        out.write(json.dumps({**head, "rules": args.rule}) + "\n")
                    out.write(json.dumps(rows[-1]) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    print(json.dumps(summary(head, rows, time.perf_counter() - t0)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
