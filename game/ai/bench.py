"""Decision times of the leveled bots, for ``python -m game.bench``.

Each level plays Points deals against itself; every decision is timed whole
(``choose``) and slice by slice (each ``next`` on ``think``), since the UI
runs one slice at a time inside a frame.  Between deals it lets the garbage
collector settle (``game.memory``), as the table does.

Times are CPU time of this process (``time.process_time``): the machine is
shared, and waiting for a core is not the bot's doing.  Hard, whose search
grows with the number of players, is also timed at four players.

    python -m game.ai.bench [--decisions N]
"""

from __future__ import annotations

import argparse
import time

from game.ai.levels import BOT_CLASSES
from game.engine import NextDeal, Phase, apply, new_match, preset, view_for
from game.memory import refresh, settle

clock = time.process_time


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


FAMILY_TABLES = (("21card", 4), ("27card", 4), ("marriage", 4), ("vazhushal", 4))


def time_level(level: str, decisions: int = 300, variant: str = "points", players: int = 2,
               seed: int = 1) -> tuple[list[float], list[float]]:
    """(decision times, slice times) in milliseconds over ``decisions`` real
    decisions from seeded deals."""
    rules = preset(variant)
    totals: list[float] = []
    slices: list[float] = []
    match = 0
    while len(totals) < decisions:
        bots = [BOT_CLASSES[level](seed * 100 + match * 10 + s) for s in range(players)]
        state, _ = new_match(rules, players, seed * 1000 + match)
        match += 1
        refresh()
        while state.phase != Phase.MATCH_OVER and len(totals) < decisions:
            seat = state.to_act
            if seat is None:
                settle()  # as the table does between deals
                state, _ = apply(state, NextDeal())
                continue
            thought = bots[seat].think(view_for(state, seat))
            total = 0.0
            while True:
                t = clock()
                try:
                    next(thought)
                except StopIteration as done:
                    action = done.value
                    dt = (clock() - t) * 1000
                    slices.append(dt)
                    total += dt
                    break
                dt = (clock() - t) * 1000
                slices.append(dt)
                total += dt
            totals.append(total)
            state, _ = apply(state, action)
    return totals, slices


def _summary(totals: list[float], slices: list[float]) -> str:
    return (f"decision median {_pct(totals, 0.5):.2f} ms, p99 {_pct(totals, 0.99):.1f} ms, max"
            f" {max(totals):.1f} ms; slice p99 {_pct(slices, 0.99):.2f} ms, max"
            f" {max(slices):.2f} ms")


def bench_lines(decisions: int = 2000) -> list[str]:
    lines = []
    for level in ("easy", "medium", "hard"):
        totals, slices = time_level(level, decisions)
        line = (f"bot {level}: {_summary(totals, slices)} ({len(totals)} decisions, points,"
                f" 2 players, 13-card, CPU time)")
        if level == "hard":
            n = max(10, decisions // 4)
            totals, slices = time_level(level, n, players=4)
            line += f"; 4 players: {_summary(totals, slices)} ({len(totals)} decisions)"
        lines.append(line)
    # the other families' hard bots: their slices are held to the same 8 ms
    n = max(10, decisions // 8)
    for variant, players in FAMILY_TABLES:
        totals, slices = time_level("hard", n, variant=variant, players=players)
        lines.append(f"bot hard, {variant}, {players} players: {_summary(totals, slices)}"
                     f" ({len(totals)} decisions, CPU time)")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description="Decision and slice times of the bot levels.")
    ap.add_argument("--decisions", type=int, default=2000)
    args = ap.parse_args()
    for line in bench_lines(args.decisions):
        print(line, flush=True)


if __name__ == "__main__":
    main()
