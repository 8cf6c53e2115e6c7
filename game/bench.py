"""``python -m game.bench``: a section per game family (its evaluator and
simulated deals), then the bots' decision and slice times and the UI's frame
time.  Medians and tails, not timed tests; about a minute on this machine."""

from __future__ import annotations

import importlib
import time

from game.engine.families import FAMILIES

# family name -> the module holding its ``bench_lines()``
FAMILY_BENCHES = {
    "13card": "game.engine.families.thirteen_bench",
    "21card": "game.engine.families.twentyone_bench",
    "marriage": "game.engine.families.marriage_bench",
    "vazhushal": "game.engine.families.vazhushal_bench",
}
OTHER = ("game.ai.bench", "game.ui.bench")


def _section(title: str, module: str) -> None:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return
    t = time.perf_counter()
    print(f"== {title}", flush=True)
    for line in mod.bench_lines():
        print(line, flush=True)
    print(f"   ({time.perf_counter() - t:.1f} s)", flush=True)


def main() -> None:
    start = time.perf_counter()
    for name, family in FAMILIES.items():
        module = FAMILY_BENCHES.get(name)
        if module:
            _section(family.title or name, module)
    for module in OTHER:
        _section(module.split(".")[1], module)
    print(f"bench total: {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
