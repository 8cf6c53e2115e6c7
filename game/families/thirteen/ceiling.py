"""How much knowing the hidden hands can be worth, measured with bots that
are told the truth (for measuring only: no level ever sees another hand).

    python -m game.families.thirteen.ceiling [--deals 2000] [--seed 1]
    python -m game.families.thirteen.ceiling --search [--players 2] [--seeds 1-1000] [--jsonl F]

The oracle is the reading bot (``hard.ReadingBot``: hard before the
search) with one piece of forbidden knowledge: of the discards it weighs
(medium's value within ``hard.READ_MARGIN`` of its best), it knows
which ones the next player would take, and throws the best one they would
not take, when there is one.  That is what hard's reading (``reading.py``, ``worlds.py``)
guesses at from the log.  Against medium in two-player Points, duplicate
deals (each seed played from both seats), it wins about 61% of the deals:
no honest reading of the next player's hand can gain more than that.

``--search`` measures the search bot's ceiling: ``ClairvoyantBot`` is hard
with a world sampler that puts every other player's real hand in every
world (the stock is still drawn at random from the rest).  Against mediums,
duplicate deals, it is what hard would reach if its guesses at the hidden
hands were perfect: the most any improvement of ``search.thirteen``'s
``WorldSampler`` can give.
"""

from __future__ import annotations

import argparse
import json
import time

from game.ai.base import Thought
from game.arena import Arena
from game.engine import DrawDiscard, PlayerView
from game.families import preset
from game.families.thirteen.hard import HardBot, ReadingBot
from game.families.thirteen.judge import Judge, adding, kinds_of
from game.families.thirteen.medium import MediumBot
from game.families.thirteen.search import Deal, ThirteenModel, counts_of
from game.families.thirteen.shape import need_of


class OracleBot(ReadingBot):
    """The reading bot's choice of candidates, but told whether the next player would
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


class ClairvoyantModel(ThirteenModel):
    """The 13-card model with the real hands of the other players in every
    world; ``peek(seat)`` returns a seat's real hand (cards)."""

    def __init__(self, know_of, peek) -> None:
        super().__init__(know_of)
        self.peek = peek

    def sample(self, ctx, rng) -> Deal:
        sampler = ctx.sampler
        view = sampler.view
        # the unseen cards and the cards known to be held are everything
        # not in my hand or face up: the real hands come out of them
        pool = list(sampler.pool)
        for _, known, *_ in sampler.seats:
            pool.extend(known)
        hands = {view.seat: list(sampler.mine)}
        for seat, *_ in sampler.seats:
            real = [c.kind for c in self.peek(seat)]
            for kind in real:
                pool.remove(kind)
            hands[seat] = counts_of(real)
        rng.shuffle(pool)
        stock = Deal.streams(pool[:view.stock_size], sampler.order)
        deal = Deal(hands, stock, list(sampler.pile), view.seat, list(sampler.order),
                    dict(sampler.owed), list(view.turns_taken), rng.getrandbits(32))
        deal.picked = view.picked.kind if view.picked is not None else None
        return deal


class ClairvoyantBot(HardBot):
    """Hard whose search plays out the real hands (``ClairvoyantModel``)."""

    name = "clairvoyant"
    description = "Hard that sees the other hands (for measuring only)."

    def __init__(self, seed: int = 0, peek=None) -> None:
        super().__init__(seed)
        if peek is not None:
            self.model = ClairvoyantModel(self.knowledge, peek)


def search_ceiling(players: int, seeds: list[int], variant: str = "points",
                   jsonl: str | None = None) -> dict:
    """``ClairvoyantBot`` against ``players - 1`` mediums, every seed from
    every seat; the arena's summary."""
    from game.arena import run_seeds, summarise

    names = ["clairvoyant"] + ["medium"] * (players - 1)
    arena = Arena(preset(variant),
                  [lambda s: ClairvoyantBot(s, peek=lambda seat: arena.state.hands[seat])]
                  + [MediumBot] * (players - 1), names)
    meta = {"variant": variant, "players": players, "bots": names}
    per_seed = run_seeds(arena, seeds, meta, jsonl)
    return summarise(per_seed, meta)


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
    ap = argparse.ArgumentParser(description="Bots told the hidden hands, against medium "
                                 "(duplicate deals).")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--search", action="store_true",
                    help="the search bot's ceiling (ClairvoyantBot) instead of the reading oracle")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="points")
    ap.add_argument("--seeds", default="1-1000", help="with --search: e.g. 1-1000")
    ap.add_argument("--jsonl", help="with --search: one line per seed (arena --merge reads it)")
    args = ap.parse_args()
    start = time.perf_counter()
    if args.search:
        from game.arena import _parse_seeds
        out = search_ceiling(args.players, _parse_seeds(args.seeds), args.variant, args.jsonl)
    else:
        out = duel(args.deals, args.seed)
    out["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
