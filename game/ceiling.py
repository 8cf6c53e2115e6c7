"""What perfect knowledge of the hidden hands would be worth: a family's
clairvoyant bot (told the other players' real hands, for measuring only)
against mediums, duplicate deals, every seed from every seat.

    python -m game.ceiling --variant points --bot search [--players 2] \\
        [--seeds 1-1000] [--jsonl out.jsonl]

A family offers its clairvoyant bots as ``CEILING_BOTS`` (name -> class
taking ``(seed, peek)``, ``peek(seat)`` giving that seat's real hand); the
summary is the arena's, plus how often each bot took the discard."""

from __future__ import annotations

import argparse
import json
import time

from game.arena import Arena, _parse_seeds, run_seeds, summarise
from game.engine import DrawDiscard, view_for
from game.families import make_bot, package_of, preset


def measuring_bot(rules, name: str) -> type:
    """The class of ``rules``' family's clairvoyant bot ``name``
    (``CEILING_BOTS``); a clear exit when the family has none of that name."""
    bots = getattr(package_of(rules), "CEILING_BOTS", {})
    if name not in bots:
        raise SystemExit(f"{rules.family} has no measuring bot {name!r}: "
                         f"choose from {', '.join(bots) or 'none'}")
    return bots[name]


def told(cls: type, seed: int, peek, look):
    """A measuring bot of class ``cls`` told the real hands (``peek(seat)``)
    and, when its class asks for them (``looks``), what every seat sees
    (``look(seat)``: that seat's view, for a bot told what another player
    would do)."""
    if getattr(cls, "looks", False):
        return cls(seed, peek=peek, look=look)
    return cls(seed, peek=peek)


def ceiling(variant: str, bot: str, players: int, seeds: list[int],
            jsonl: str | None = None) -> dict:
    """The clairvoyant ``bot`` of ``variant``'s family against ``players - 1``
    mediums; the arena's summary with the discards each side took."""
    rules = preset(variant)
    made = measuring_bot(rules, bot)
    took = {"clairvoyant": 0, "medium": 0}

    def count(name: str, view, action) -> None:
        took[name] += isinstance(action, DrawDiscard)

    names = ["clairvoyant"] + ["medium"] * (players - 1)
    arena = Arena(rules, [lambda s: told(made, s, lambda seat: arena.state.hands[seat],
                                         lambda seat: view_for(arena.state, seat))]
                  + [lambda s: make_bot("medium", s)] * (players - 1), names,
                  on_decision=count)
    meta = {"variant": variant, "players": players, "bots": names, "ceiling": bot}
    out = summarise(run_seeds(arena, seeds, meta, jsonl), meta)
    out["took_from_pile"] = took
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="A clairvoyant bot against mediums "
                                 "(duplicate deals): the ceiling of reading the hidden hands.")
    ap.add_argument("--variant", default="points")
    ap.add_argument("--bot", default="search", help="the family's clairvoyant bot")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seeds", default="1-1000", help="e.g. 1-1000")
    ap.add_argument("--jsonl", help="one line per seed (python -m game.arena --merge reads it)")
    args = ap.parse_args()
    start = time.perf_counter()
    out = ceiling(args.variant, args.bot, args.players, _parse_seeds(args.seeds), args.jsonl)
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
