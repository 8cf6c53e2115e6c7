"""How much the public log says about another player's hand (issue 14's
"why hard cannot close the gap", game/ai/README.md).

    python tools/hand_evidence.py record --seeds 5001-5080 [--players 2] --out pos.pickle
    python tools/hand_evidence.py fit pos.pickle [more.pickle ...]
    python tools/hand_evidence.py takes pos.pickle [--limit 400]

- ``record`` plays hard against mediums (Points, every seed from every seat)
  and keeps, for each of hard's discards, its view and the other players'
  real hands.  Measuring only: no bot ever sees those hands.
- ``fit`` fits, over every unseen card of every other player's hand, how
  much likelier than average the card is in the hand per card of evidence
  (thrown, picked and held, let pass) by relation (next in suit, two apart,
  same rank, same card): a Poisson regression with the unseen copies as
  exposure.  It prints each factor with its standard error.
- ``takes`` asks, for every card in hard's hand, whether the next player
  would take it (the truth: medium's rule on its real hand, a card that
  lowers the cards it still needs) and prints the Brier score of the base
  rate, of ``reading.take_chance`` and of the search's sampled worlds.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_reading import _solve  # noqa: E402  (the same small linear solve)

from game.ai.knowledge import is_wild_kind  # noqa: E402
from game.arena import Arena, _parse_seeds  # noqa: E402
from game.engine import Discard
from game.families import preset  # noqa: E402
from game.families.thirteen.hard import HardBot  # noqa: E402
from game.families.thirteen.medium import MediumBot  # noqa: E402
from game.families.thirteen.reading import relation, take_chance  # noqa: E402
from game.families.thirteen.search import counts_of  # noqa: E402
from game.families.thirteen.shape import need_of  # noqa: E402

RELATIONS = ("r1", "r2", "set", "same")
EVIDENCE = ("threw", "picked", "passed")


def record(seeds: list[int], players: int) -> list:
    positions = []
    arena: Arena | None = None

    def on(name, view, action) -> None:
        if name != "hard" or not any(isinstance(a, Discard) for a in view.legal):
            return
        real = {s: [c.kind for c in arena.state.hands[s]] for s in range(view.players)
                if s != view.seat and view.status[s] == "active"}
        positions.append((view, real))

    arena = Arena(preset("points"), [HardBot] + [MediumBot] * (players - 1),
                  ["hard"] + ["medium"] * (players - 1), on_decision=on)
    for seed in seeds:
        arena.run_seed(seed)
    return positions


def _rows(positions) -> tuple[list[list[float]], list[float], list[float]]:
    """Per unseen natural kind of each other hand: the evidence counts, the
    copies held beyond those known, and the unseen copies."""
    bot = HardBot(0)
    xs, ys, exposure = [], [], []
    for view, real in positions:
        know = bot.knowledge(view)
        for seat, kinds in real.items():
            mem = know.seats[seat]
            held = counts_of(c.kind for c in mem.held)
            truth = counts_of(kinds)
            evidence = {"threw": mem.threw, "picked": [c.kind for c in mem.held],
                        "passed": mem.passed}
            for kind in range(52):
                if not know.unseen[kind] or kind in view.wild:
                    continue
                x = []
                for name in EVIDENCE:
                    n = dict.fromkeys(RELATIONS, 0)
                    for j in evidence[name]:
                        rel = relation(kind, j) if j < 52 else None
                        if rel:
                            n[rel] += 1
                    x += [n[r] for r in RELATIONS]
                xs.append([1.0, *x])
                ys.append(max(0, truth[kind] - held[kind]))
                exposure.append(know.unseen[kind])
    return xs, ys, exposure


def fit(positions, ridge: float = 1e-3) -> list[tuple[str, float, float]]:
    """(name, factor, standard error of its log) per evidence and relation."""
    xs, ys, exposure = _rows(positions)
    k = len(xs[0])
    beta = [0.0] * k
    hess = [[0.0] * k for _ in range(k)]
    for _ in range(30):  # Newton steps of the Poisson log-likelihood
        grad = [0.0] * k
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y, e in zip(xs, ys, exposure, strict=True):
            mu = e * math.exp(sum(b * v for b, v in zip(beta, x, strict=True)))
            for i in range(k):
                if x[i]:
                    grad[i] += (y - mu) * x[i]
                    for j in range(k):
                        if x[j]:
                            hess[i][j] += mu * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    names = ["average"] + [f"{e} {r}" for e in EVIDENCE for r in RELATIONS]
    out = []
    for i, name in enumerate(names):
        if not any(x[i] for x in xs):  # e.g. the same card with one deck
            out.append((name, math.nan, math.nan))
            continue
        unit = [1.0 if j == i else 0.0 for j in range(k)]
        var = _solve(hess, unit)[i]
        out.append((name, math.exp(beta[i]), math.sqrt(max(var, 0.0))))
    return out


def takes(positions, worlds: int = 16, seed: int = 1) -> dict[str, float]:
    bot = HardBot(0)
    rng = random.Random(seed)
    cases = []
    for view, real in positions:
        know = bot.knowledge(view)
        nxt = know.next_seat
        if nxt is None or nxt not in real:
            continue
        ctx = bot.model.prepare(view)
        hands = [ctx.sampler.sample(rng).hands[nxt] for _ in range(worlds)]
        hands = [tuple(k for k in range(53) for _ in range(h[k])) for h in hands]
        needs = [need_of(h, view.wild) for h in hands]
        theirs = tuple(sorted(real[nxt]))
        now = need_of(theirs, view.wild)
        for kind in sorted({c.kind for c in view.hand}):
            if is_wild_kind(kind, view.wild):
                continue
            took = need_of(tuple(sorted((*theirs, kind))), view.wild) < now
            by_worlds = sum(need_of(tuple(sorted((*h, kind))), view.wild) < n
                            for h, n in zip(hands, needs, strict=True)) / worlds
            cases.append((took, take_chance(view, know, nxt, kind), by_worlds))
    rate = sum(t for t, _, _ in cases) / len(cases)

    def brier(p) -> float:
        return round(sum((p(r, w) - t) ** 2 for t, r, w in cases) / len(cases), 4)

    return {"cases": len(cases), "taken": round(rate, 3), "base rate": brier(lambda r, w: rate),
            "reading": brier(lambda r, w: r), "worlds": brier(lambda r, w: w),
            "mix": brier(lambda r, w: (r + w) / 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--seeds", default="5001-5080")
    rec.add_argument("--players", type=int, default=2)
    rec.add_argument("--out", required=True)
    fi = sub.add_parser("fit")
    fi.add_argument("files", nargs="+")
    ta = sub.add_parser("takes")
    ta.add_argument("files", nargs="+")
    ta.add_argument("--limit", type=int, default=400)
    args = ap.parse_args()
    if args.what == "record":
        positions = record(_parse_seeds(args.seeds), args.players)
        Path(args.out).write_bytes(pickle.dumps(positions))
        print(f"{len(positions)} positions")
        return
    positions = [p for f in args.files for p in pickle.loads(Path(f).read_bytes())]
    if args.what == "fit":
        for name, factor, se in fit(positions):
            print(f"{name:14s} " + ("no cases" if math.isnan(factor)
                                    else f"x{factor:.3f}  (log ±{se:.3f})"))
    else:
        print(takes(positions[:args.limit]))


if __name__ == "__main__":
    main()
