"""Plays a few deals of every game, collects as at a deal's end
(``game.memory.settle``) and prints, as JSON, how many of the tables the
engine, the families and the bots keep hold 100 entries or more, and which
of those the collection left to turn young again (``test_memory.py`` runs
this in a process of its own)."""

from __future__ import annotations

import gc
import json
import sys

from game.families import preset
from game.memory import settle
from game.simulate import simulate

# (variant, players, bots): cheap deals that fill the solvers', the
# judges' and the searches' tables
WORKLOAD = (("points", 4, ["medium"]), ("21card", 4, ["greedy"]), ("27card", 4, ["greedy"]),
            ("vazhushal", 4, ["medium"]), ("vazhushal", 2, ["hard"]),
            ("marriage", 2, ["medium"]))


def long_lived_tables() -> list[tuple[str, dict]]:
    """The dicts the engine's, the families' and the bots' modules keep
    (what runs in think slices): module-level ones, those in a module-level
    dict's values (a solver's tables per cut) and the tables of
    ``functools`` caches."""
    found = []
    for name, module in list(sys.modules.items()):
        if not name.startswith(("game.engine", "game.families", "game.ai")):
            continue
        for attr, value in vars(module).items():
            where = f"{name}.{attr}"
            if attr.startswith("__"):
                continue
            if isinstance(value, dict):
                found.append((where, value))
                for inner in list(value.values()):
                    held = inner if isinstance(inner, tuple) else (inner,)
                    found += [(f"{where}[...]", d) for d in held if isinstance(d, dict)]
            elif hasattr(value, "cache_info"):
                found += [(where, d) for d in gc.get_referents(value) if isinstance(d, dict)]
    return found


def turns_young(table: dict) -> bool:
    """Whether the collector left ``table`` untracked although a new entry
    like those it holds tracks it again: a tuple among its keys or values
    (one made anew is tracked; only plain values, bytes and ints, never
    track a dict)."""
    return not gc.is_tracked(table) and any(
        isinstance(x, tuple) for x in (*table.keys(), *table.values()))


def main() -> None:
    for variant, players, bots in WORKLOAD:
        simulate(preset(variant), players, 3, 5, bots)
    settle()
    large = [(where, d) for where, d in long_lived_tables() if len(d) >= 100]
    print(json.dumps({"large": len(large),
                      "turn_young": [[where, len(d)] for where, d in large if turns_young(d)]}))


if __name__ == "__main__":
    main()
