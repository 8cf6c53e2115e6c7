"""How often each bot level packs: on its first turn, and later in a deal.

    python tools/pack_rates.py [--variants points,pool101,21card] [--players 2,4,6]
                               [--levels easy,medium,hard] [--seeds 200] [--first 1]
                               [--json out.json]

For every variant, table size and level, the first deal of ``--seeds``
seeded matches is played with that level in every seat (bots seeded as
``simulate`` seeds them), and each seat's deal counts once:

- ``first``: the share of first turns (packing allowed, the seat's first
  turn) on which the seat packed;
- ``middle``: the share of the seat-deals that played on past their first
  turn in which the seat packed later (a middle drop);
- ``tables``: the share of deals in which at least one seat packed on its
  first turn (what a player watching the table sees);
- ``pure+wild``: first-turn packs of a hand holding a pure sequence and a
  wild card besides it (issue 23: no level should make one).

Rates carry their 95% interval (Wilson).  The pure-sequence check reads
each group of three cards with the engine's meld classifier (a tanala
counts, as a pure sequence does in RULES.md), independent of any bot.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Pack, Phase, apply, new_match, view_for  # noqa: E402
from game.engine.family import family_of  # noqa: E402
from game.engine.melds import meld_types  # noqa: E402
from game.engine.meldtypes import PURE, TANALA, MeldOptions  # noqa: E402
from game.families import make_bot, preset  # noqa: E402


@dataclass
class Rates:
    variant: str
    players: int
    level: str
    deals: int = 0
    first_turns: int = 0
    first_packs: int = 0
    played_on: int = 0  # seat-deals with a later turn where packing was allowed
    middle_packs: int = 0
    tables_with_first_pack: int = 0
    pure_wild_packs: int = 0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)  # hands of pure+wild packs

    def first(self) -> tuple[float, float, float]:
        return wilson(self.first_packs, self.first_turns)

    def middle(self) -> tuple[float, float, float]:
        return wilson(self.middle_packs, self.played_on)

    def tables(self) -> tuple[float, float, float]:
        return wilson(self.tables_with_first_pack, self.deals)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """(rate, low, high): the 95% score interval of k successes in n."""
    if not n:
        return 0.0, 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)


def pure_and_wild(view) -> bool:
    """Whether the hand holds a pure sequence (three natural cards of one
    suit in a row, or a tanala where the rules have them) and a wild card
    outside it."""
    rules = view.rules
    options = getattr(family_of(rules), "meld_options", None)
    # a family without the hook (21-card) labels its groups as its table does:
    # three identical cards (a tunnela) count as a pure sequence
    opts = options(rules, view.decks) if options is not None else \
        MeldOptions(ace_points=rules.ace_points, tanala=True, all_wild_melds=True)
    hand = view.hand
    wild = view.wild
    is_wild = [c.is_joker or c.kind in wild for c in hand]
    if not any(is_wild):
        return False
    for trio in combinations(range(len(hand)), 3):
        found = meld_types([hand[i] for i in trio], wild, opts)
        if PURE in found or TANALA in found:
            if any(w for i, w in enumerate(is_wild) if i not in trio):
                return True
    return False


def measure(variant: str, players: int, level: str, seeds: int, first: int) -> Rates:
    rules = preset(variant)
    out = Rates(variant, players, level)
    start = time.process_time()
    for seed in range(first, first + seeds):
        bots = [make_bot(level, seed * 1000 + s) for s in range(players)]
        state, _ = new_match(rules, players, seed)
        first_seen: set[int] = set()
        later_seen: set[int] = set()
        first_packed = False
        while state.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER) and state.to_act is not None:
            seat = state.to_act
            view = view_for(state, seat)
            action = bots[seat].choose(view)
            if Pack() in view.legal:
                opening = view.turns_taken[seat] == 0
                if opening and seat not in first_seen:
                    first_seen.add(seat)
                    out.first_turns += 1
                elif not opening and seat not in later_seen:
                    later_seen.add(seat)
                    out.played_on += 1
                if action == Pack():
                    if opening:
                        out.first_packs += 1
                        first_packed = True
                        if pure_and_wild(view):
                            out.pure_wild_packs += 1
                            if len(out.examples) < 5:
                                out.examples.append(
                                    f"seed {seed} seat {seat}: "
                                    + " ".join(str(c) for c in view.hand)
                                    + f" (wild {sorted(view.wild)})")
                    else:
                        out.middle_packs += 1
            state, _ = apply(state, action)
        out.deals += 1
        out.tables_with_first_pack += first_packed
    out.seconds = round(time.process_time() - start, 1)
    return out


def pct(r: tuple[float, float, float]) -> str:
    return f"{100 * r[0]:5.1f}% [{100 * r[1]:4.1f}–{100 * r[2]:4.1f}]"


def table(rows: list[Rates]) -> str:
    head = (f"{'variant':8} {'pl':>2} {'level':7} {'deals':>5} "
            f"{'first turn':>22} {'middle':>22} {'tables':>22} {'pure+wild':>9} {'cpu s':>6}")
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(f"{r.variant:8} {r.players:>2} {r.level:7} {r.deals:>5} "
                     f"{pct(r.first()):>22} {pct(r.middle()):>22} {pct(r.tables()):>22} "
                     f"{r.pure_wild_packs:>9} {r.seconds:>6}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default="points,pool101,21card")
    ap.add_argument("--players", default="2,4,6")
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args(argv)
    rows = []
    for variant in args.variants.split(","):
        for players in (int(p) for p in args.players.split(",")):
            for level in args.levels.split(","):
                r = measure(variant, players, level, args.seeds, args.first)
                rows.append(r)
                print(table([r]).splitlines()[-1], file=sys.stderr, flush=True)
    print(table(rows))
    for r in rows:
        for e in r.examples:
            print(f"pure+wild pack, {r.variant} {r.players}p {r.level}: {e}")
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in rows], indent=1))


if __name__ == "__main__":
    main()
