"""``python -m game.bench``: a section per installed game family (its own
timings from ``<family>/bench.py``, the deals it names played bot against
bot, and its bots' decision and slice times), then the window's frame time.
Medians and tails, not timed tests; a few minutes on this machine.

A family's ``bench`` module offers ``bench_lines()`` (its evaluator's
timings), ``SIMULATIONS`` and ``BOT_TIMINGS``; every installed family has one."""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Iterable
from types import ModuleType

from game.bench.bots import bot_line
from game.bench.window import bench_lines as window_lines
from game.families import PACKAGES, preset
from game.simulate import simulate

DECISIONS = 2000  # a bot timing's decisions at share 1.0

try:
    import resource
except ImportError:  # Windows: no peak to report
    resource = None


def peak_memory() -> str:
    """The process's peak memory so far, for the end of each section: the
    solvers' tables per cut once grew without end over the sections."""
    if resource is None:
        return ""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mb = peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes / KiB
    return f"; peak memory so far {mb:.0f} MB"


def _print(lines: Iterable[str]) -> None:
    for line in lines:
        print(line, flush=True)


def simulation_lines(bench: ModuleType, deals: int = 100) -> list[str]:
    """Deals per second of each of the family's ``SIMULATIONS``, with every
    invariant checked as ``simulate`` does (cheap checks each action, full
    ones sampled)."""
    lines = []
    for variant, players, bots in bench.SIMULATIONS:
        out = simulate(preset(variant), players, deals, 7, bots)
        lines.append(f"simulation, {variant}, {players} players, {','.join(bots)}: "
                     f"{out['deals_per_second']:.1f} deals/s ({deals} deals, "
                     f"{out['turns_per_deal']:.1f} turns per deal)")
    return lines


def family_section(name: str, package: ModuleType, decisions: int = DECISIONS) -> None:
    # a family's bench is read only here: it is tooling, not part of the game
    bench = importlib.import_module(f"{package.__name__}.bench")
    t = time.perf_counter()
    print(f"== {package.FAMILY.title or name}", flush=True)
    _print(bench.bench_lines())
    _print(simulation_lines(bench))
    _print(bot_line(variant, players, level, max(10, int(decisions * share)))
           for variant, players, level, share in bench.BOT_TIMINGS)
    print(f"   ({time.perf_counter() - t:.1f} s{peak_memory()})", flush=True)


def main() -> None:
    start = time.perf_counter()
    for name, package in PACKAGES.items():
        family_section(name, package)
    t = time.perf_counter()
    print("== window", flush=True)
    _print(window_lines())
    print(f"   ({time.perf_counter() - t:.1f} s)", flush=True)
    print(f"bench total: {time.perf_counter() - start:.0f} s{peak_memory()}", flush=True)
