"""Command line: ``python -m game evaluate`` and ``python -m game simulate``.

Both print one JSON object per line on standard output; bad arguments give a
one-line error on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from .engine import RuleError, format_cards, parse_cards, parse_kind, preset
from .engine.cards import JOKER_KIND, make_card
from .engine.variant import family_of


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print usage and a traceback-free exit
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game", description="Indian Rummy engine tools")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ev = sub.add_parser("evaluate", help="score hands: count, declarable, best melds")
    ev.add_argument("--variant", default="paplu")
    ev.add_argument("--cut", help="the cut joker, e.g. 5H (every 5 wild) or JK")
    ev.add_argument("--decks", type=int, default=2, help="decks in play (3+ allows tanalas)")
    ev.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    ev.add_argument("hands", nargs="*", metavar="HAND")
    sim = sub.add_parser("simulate", help="play whole deals with bots, checking invariants")
    sim.add_argument("--variant", required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--deals", type=int, required=True)
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--bots", default="greedy",
                     help="comma-separated bot names or file.py:Class, one per seat (cycled)")
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--quiet", action="store_true", help="no progress on standard error")
    return p


def _rules(variant: str, pairs: list[str]):
    from .engine.rules import parse_options

    return preset(variant, parse_options(pairs))


# ---------------------------------------------------------------- evaluate


def evaluate_line(text: str, rules, wild: frozenset[int], decks: int, mult: int) -> dict:
    cards = parse_cards(text)
    if not cards:
        raise UsageError("empty hand")
    counts = Counter(c.kind for c in cards)
    for kind, n in counts.items():
        limit = decks * max(1, rules.jokers_per_deck) if kind == JOKER_KIND else decks
        if n > limit:
            name = "JK" if kind == JOKER_KIND else format_cards([make_card(kind)])
            raise UsageError(f"{n} copies of {name} cannot come from {decks} deck(s)")
    ev = family_of(rules).evaluate(rules, decks, cards, wild)
    count = ev.count
    if rules.cap is not None:
        count = min(count, rules.cap)
    return {
        "hand": format_cards(cards),
        "count": count * mult,
        "declarable": ev.declarable,
        "melds": [[str(c) for c in m.cards] for m in ev.melds],
        "deadwood": [str(c) for c in ev.deadwood],
    }


def cmd_evaluate(args) -> int:
    rules = _rules(args.variant, args.rule)
    if not 1 <= args.decks <= 4:
        raise UsageError("--decks must be 1..4")
    fam = family_of(rules)
    cut = None
    if args.cut:
        cut = make_card(parse_kind(args.cut))
    wild = fam.wild_kinds(rules, cut)
    mult = fam.deal_multiplier(rules, cut)
    lines = args.hands if args.hands else [ln for ln in sys.stdin if ln.strip()]
    out = []
    for line in lines:
        out.append(json.dumps(evaluate_line(line, rules, wild, args.decks, mult)))
    print("\n".join(out))
    return 0


# ---------------------------------------------------------------- simulate


def cmd_simulate(args) -> int:
    from .simulate import SimulationError, simulate

    rules = _rules(args.variant, args.rule)
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    rules.check_players(args.players)
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise UsageError("--bots needs at least one bot")
    try:
        summary = simulate(rules, args.players, args.deals, args.seed, specs,
                           progress=None if args.quiet else sys.stderr)
    except SimulationError as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "evaluate":
            return cmd_evaluate(args)
        return cmd_simulate(args)
    except (UsageError, RuleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
