"""How much reading the next player's hand can be worth, measured with an
oracle that is told the truth.

    python -m game.ai.ceiling [--deals 2000] [--seed 1]

The oracle is hard with one piece of forbidden knowledge: of the discards
hard weighs (medium's value within ``hard.MARGIN`` of its best), it knows
which ones the next player would take, and throws the best one they would
not take, when there is one.  That is what hard's reading (``reading.py``, ``worlds.py``)
guesses at from the log.  Against medium in two-player Points, duplicate
deals (each seed played from both seats), it wins about 61% of the deals:
no honest reading of the next player's hand can gain more than that.
"""

from __future__ import annotations

import argparse
import json
import time

from ..engine import DrawDiscard, PlayerView, preset
from .arena import Arena
from .base import Thought
from .hard import HardBot
from .judge import Judge, adding, kinds_of
from .medium import MediumBot
from .shape import need_of


class OracleBot(HardBot):
    """Hard's choice of candidates, but told whether the next player would
    take each one.  ``peek(seat)`` returns that seat's real hand; only a
    measuring loop that holds the whole game state can give it one."""

    name = "oracle"
    description = "Knows which cards the next player would take (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        self.peek = peek

    def least_feeding(self, view: PlayerView, judge: Judge, nxt: int, cands: list) -> Thought:
        if self.peek is None:
            return cands[0][2]
        yield
        theirs = kinds_of(self.peek(nxt))
        slots = view.rules.hand_size
        before = need_of(theirs, view.wild, slots)

        def feeds(t) -> bool:
            return need_of(adding(theirs, t[2].kind), view.wild, slots) < before

        return min(cands, key=lambda t: (feeds(t), t[0], t[1], t[2].uid))[2]


def duel(deals: int, seed: int) -> dict:
    """Oracle against medium, two players, Points; each seed from both seats."""
    took = {"oracle": 0, "medium": 0}

    def count(name: str, view, action) -> None:
        took[name] += isinstance(action, DrawDiscard)

    arena = Arena(preset("points"),
                  [lambda s: OracleBot(s, peek=lambda seat: arena.state.hands[seat]), MediumBot],
                  ["oracle", "medium"], on_decision=count)
    oracle = arena.run(range(seed, seed + (deals + 1) // 2))["oracle"]
    return {"deals": oracle.deals, "oracle_win_rate": round(oracle.win_rate, 4),
            "oracle_points_per_deal": round(oracle.points / oracle.deals, 2),
            "medium_took_from_pile": took["medium"], "oracle_took_from_pile": took["oracle"]}


def main() -> None:
    ap = argparse.ArgumentParser(description="Oracle reading against medium (duplicate deals).")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    start = time.perf_counter()
    out = duel(args.deals, args.seed)
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
