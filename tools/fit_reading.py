"""Fit the weights of ``game/ai/reading.py`` from bot-against-bot play.

    .venv/bin/python tools/fit_reading.py [--deals 1200] [--seed 1000]

Two medium bots play two-player Points deals.  At every discard where the
nearly equal choices (medium's value within 0.6 of its best, at most four)
include both cards the next player would take and cards they would not, the
position is kept: each choice's features, and whether it would lower the
next player's distance to a declaration (read from their real hand).  A
logistic regression (Newton's method, a light ridge penalty) gives the
weights; the script prints them with how often ranking by them picks a card
the next player does not want.  It takes a few minutes and needs nothing but
the game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.base import finish  # noqa: E402
from game.ai.kinds import adding, kinds_of  # noqa: E402
from game.ai.knowledge import is_wild_kind, know  # noqa: E402
from game.arena import Arena  # noqa: E402
from game.engine import Declare, Phase
from game.families import make_bot, preset  # noqa: E402
from game.families.thirteen.reading import FEATURES, features  # noqa: E402
from game.families.thirteen.shape import need_of  # noqa: E402

MARGIN = 0.6
CHOICES = 4


def positions(deals: int, seed: int) -> list[tuple[list[list[float]], list[int]]]:
    """(features per choice, 1 if the next player wants it) per kept position."""
    def medium(seed: int):
        return make_bot("medium", seed)

    probe = medium(0)
    out = []

    def look(name: str, view, action) -> None:
        if view.phase == Phase.DISCARD and not any(isinstance(a, Declare) for a in view.legal):
            out.extend(_position(view, probe, arena.state.hands[1 - view.seat]))

    arena = Arena(preset("points"), [medium], ["medium"], on_decision=look)
    for match in range(seed, seed + deals):
        arena.play_match(match, [0, 0])
    return out


def _position(view, probe, their_hand):
    scored = finish(probe.rank_discards(view, probe.judge(view)))
    best = scored[0][0]
    cards = [t[2] for t in scored if t[0] <= best + MARGIN][:CHOICES]
    if len(cards) < 2 or any(is_wild_kind(c.kind, view.wild) for c in cards):
        return []
    theirs = kinds_of(their_hand)
    before = need_of(theirs, view.wild, view.rules.hand_size)
    wants = [int(need_of(adding(theirs, c.kind), view.wild, view.rules.hand_size) < before)
             for c in cards]
    if all(wants) or not any(wants):
        return []
    knowledge = know(view)
    rows = []
    for c in cards:
        f = features(view, knowledge, 1 - view.seat, c.kind)
        rows.append([f[n] for n in FEATURES])
    return [(rows, wants)]


def fit_logistic(xs: list[list[float]], ys: list[int], ridge: float = 1.0,
                 rounds: int = 25) -> tuple[float, list[float]]:
    """(bias, weights) of a logistic regression by Newton's method; the ridge
    penalty (not on the bias) keeps weights of rare features small."""
    n = len(xs[0]) + 1
    w = [0.0] * n
    rows = [[1.0, *x] for x in xs]
    for _ in range(rounds):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in zip(rows, ys, strict=True):
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            g = p - y
            s = p * (1 - p)
            for i in range(n):
                grad[i] += g * x[i]
                si = s * x[i]
                if si:
                    hi = hess[i]
                    for j in range(i, n):
                        hi[j] += si * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        for i in range(1, n):
            grad[i] += ridge * w[i]
            hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(b) for b in step) < 1e-7:
            break
    return w[0], w[1:]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is symmetric positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def pick_rate(data, bias: float, weights: list[float]) -> float:
    """How often the choice with the lowest predicted chance is not wanted."""
    good = 0
    for rows, wants in data:
        z = [bias + sum(a * b for a, b in zip(weights, r, strict=True)) for r in rows]
        i = min(range(len(rows)), key=lambda k: (z[k], k))
        good += not wants[i]
    return good / len(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    data = positions(args.deals, args.seed)
    random.Random(0).shuffle(data)
    cut = len(data) * 4 // 5
    train, test = data[:cut], data[cut:]
    xs = [r for rows, _ in train for r in rows]
    ys = [y for _, wants in train for y in wants]
    bias, weights = fit_logistic(xs, ys)
    print(f"{len(data)} positions, {len(xs)} choices to fit")
    print(f"BIAS = {bias:.3f}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"{name:12s} {w:+.3f}")
    first = sum(not wants[0] for _, wants in test) / len(test)
    rand = sum(wants.count(0) / len(wants) for _, wants in test) / len(test)
    print(f"held-out positions: model picks an unwanted card {pick_rate(test, bias, weights):.3f}"
          f" of the time; medium's own first choice {first:.3f}; a random choice {rand:.3f}")


if __name__ == "__main__":
    main()
