"""Command line: ``python -m game evaluate`` and ``python -m game simulate``.

Both print one JSON object per line on standard output; bad arguments give a
one-line error on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.engine import RuleError, format_cards, parse_cards
from game.engine.family import HandQuery
from game.families import FAMILIES, PRESETS, family_of, preset
from game.net import server
from game.simulate import SimulationError, simulate


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print usage and a traceback-free exit
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game", description="Indian Rummy engine tools")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    ev = sub.add_parser("evaluate", help="score hands: count, declarable, best melds")
    ev.add_argument("--variant", default=next(iter(PRESETS)))
    ev.add_argument("--cut", help="the turned card, e.g. 5H (every 5 wild) or JK")
    ev.add_argument("--decks", type=int, default=None,
                    help="decks in play (default: what the game is played with)")
    for name, (words, valued) in _hand_options().items():  # each game's own facts
        ev.add_argument(f"--{name}", **({"metavar": "CARD"} if valued else
                                        {"action": "store_true"}), help=words)
    ev.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    ev.add_argument("hands", nargs="*", metavar="HAND")
    sub.add_parser("serve", help="host rooms for play with friends (its own options: "
                   "python -m game serve --help)", add_help=False)
    sim = sub.add_parser("simulate", help="play whole deals with bots, checking invariants")
    sim.add_argument("--variant", required=True)
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--deals", type=int, required=True)
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--bots", default="greedy",
                     help="comma-separated bot names or file.py:Class, one per seat (cycled)")
    sim.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--quiet", action="store_true", help="no progress on standard error")
    sim.add_argument("--check", choices=("sampled", "full"), default="sampled",
                     help="full: every invariant after every action (slower)")
    return p


def _rules(variant: str, pairs: list[str]):
    return preset(variant).with_text_options(pairs)


def _hand_options() -> dict[str, tuple[str, bool]]:
    """Every installed game's own ``evaluate`` facts (``Family.hand_options``),
    their help naming the game: name -> (help, takes a value)."""
    out: dict[str, tuple[str, bool]] = {}
    for fam in FAMILIES.values():
        for name, (words, valued) in fam.hand_options.items():
            out.setdefault(name, (f"{fam.title}: {words}", valued))
    return out


def _hand_query(args, fam) -> HandQuery:
    """The deal facts given, refusing another game's own ones with the reason."""
    own: dict[str, str | bool] = {}
    for name in _hand_options():
        value = getattr(args, name.replace("-", "_"))
        if value in (None, False):
            continue
        if name not in fam.hand_options:
            owners = [f.title for f in FAMILIES.values() if name in f.hand_options]
            raise UsageError(f"--{name} is for {' and '.join(owners)}, not {fam.title}")
        own[name] = value
    return HandQuery(cut=args.cut, decks=args.decks, own=own)


# ---------------------------------------------------------------- evaluate


def _hands(args) -> list[str]:
    if args.hands:
        lines = list(args.hands)
    else:
        lines = [ln for ln in sys.stdin if ln.strip()]
        if not lines:
            raise UsageError("no hand given: pass hands as arguments or one per line on "
                             "standard input")
    return lines


def cmd_evaluate(args) -> int:
    rules = _rules(args.variant, args.rule)
    fam = family_of(rules)
    context = fam.hand_context(rules, _hand_query(args, fam))  # refuses what cannot be
    out = []
    for line in _hands(args):
        cards = parse_cards(line)
        fam.check_hand(rules, cards, context)
        out.append(json.dumps({"hand": format_cards(cards),
                               **fam.describe_hand(rules, cards, context)}))
    print("\n".join(out))
    return 0


# ---------------------------------------------------------------- simulate


def cmd_simulate(args) -> int:
    rules = _rules(args.variant, args.rule)
    if args.deals < 1:
        raise UsageError("--deals must be at least 1")
    rules.check_players(args.players)
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise UsageError("--bots needs at least one bot")
    try:
        summary = simulate(rules, args.players, args.deals, args.seed, specs,
                           progress=None if args.quiet else sys.stderr, check=args.check)
    except SimulationError as exc:
        print(f"invariant broken: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:  # the room server reads its own options
        return server.main(argv[1:])
    try:
        args = _parser().parse_args(argv)
        if args.command == "evaluate":
            return cmd_evaluate(args)
        return cmd_simulate(args)
    except (UsageError, RuleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
