"""Decision times of the leveled bots, for ``python -m game.bench``.

Each level plays Points deals against itself; every decision is timed whole
(``choose``) and slice by slice (each ``next`` on ``think``), since the UI
runs one slice at a time inside a frame.  Between deals it lets the garbage
collector settle (``game.memory``), as the table does.

Times are CPU time of this process (``time.process_time``): the machine is
shared, and waiting for a core is not the bot's doing.  Hard, whose search
grows with the number of players, is also timed at four players.

    python -m game.bench.bots [--decisions N]
"""

from __future__ import annotations

import argparse
import time

from game.engine import NextDeal, Phase, apply, new_match, view_for
from game.families import make_bot, preset
from game.memory import refresh, settle

clock = time.process_time


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def time_level(level: str, decisions: int = 300, variant: str = "points", players: int = 2,
               seed: int = 1) -> tuple[list[float], list[float]]:
    """(decision times, slice times) in milliseconds over ``decisions`` real
    decisions from seeded deals."""
    rules = preset(variant)
    totals: list[float] = []
    slices: list[float] = []
    match = 0
    while len(totals) < decisions:
        bots = [make_bot(level, seed * 100 + match * 10 + s) for s in range(players)]
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


def bot_line(variant: str, players: int, level: str, decisions: int) -> str:
    """One line of the bench: a level's decision and slice times in ``variant``."""
    totals, slices = time_level(level, decisions, variant=variant, players=players)
    return (f"bot {level}, {variant}, {players} players: {_summary(totals, slices)}"
            f" ({len(totals)} decisions, CPU time)")


def main() -> None:
    ap = argparse.ArgumentParser(description="Decision and slice times of a bot level.")
    ap.add_argument("--variant", default="points")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--decisions", type=int, default=2000)
    args = ap.parse_args()
    print(bot_line(args.variant, args.players, args.level, args.decisions), flush=True)


if __name__ == "__main__":
    main()
