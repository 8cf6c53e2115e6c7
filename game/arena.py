"""Bot against bot, for measuring strength: every deal is played once per
seating so that the cards even out (duplicate play), and each bot's record
is kept by name.

    python -m game.arena --variant points --players 2 --bots hard,medium \\
        --seeds 1-2000 [--jsonl out.jsonl]
    python -m game.arena --merge a.jsonl b.jsonl ...

``--bots`` names one bot per seat (``hard,medium,medium,medium`` at four
players); every seed is played once per rotation of that list, so each bot
sits in every seat with the same cards.  A match is the preset's whole
match (one deal for Points, until one player is left for Pool).  The summary
gives, per bot: deals, win rate among decided deals (Wilson 95% interval),
points per deal with a 95% interval taken over seeds (the rotations of one
seed are one sample, so the interval respects the pairing; a ratio interval,
since a Pool seed plays more deals than another), packs, what it paid when
it lost without packing, and matches won (Wilson interval).  ``vs`` is each
bot's points per deal minus the mean of the other bots', averaged over
seeds, with its interval.  In
Pool a deal's "points" are minus the penalty it added (higher is better).
With ``--jsonl`` one line per seed is written, so runs split over seed
ranges (one per core) can be summed with ``--merge``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

from game.engine import GameState, NextDeal, Phase, RuleSet, apply, new_match, view_for
from game.engine.actions import SeatOutcome
from game.families import make_bot, preset


@dataclass
class Record:
    deals: int = 0
    decided: int = 0
    won: int = 0
    points: int = 0  # sum of score changes over the deals played (pool: minus the penalty)
    packs: int = 0
    losses: int = 0  # deals lost without packing (or a wrong show)
    lost_points: int = 0  # what those losses paid
    matches: int = 0
    match_won: float = 0.0  # a split counts as a share

    @property
    def win_rate(self) -> float:
        return self.won / self.decided if self.decided else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson 95% interval for the win rate among decided deals."""
        return wilson(self.won, self.decided, z)

    def add(self, other: Record) -> None:
        for name, value in asdict(other).items():
            setattr(self, name, getattr(self, name) + value)


def wilson(won: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_interval(pairs: list[tuple[float, float]], z: float = 1.96) -> tuple[float, float]:
    """95% interval of sum(x) / sum(d) over samples (x, d) (the delta
    method): points per deal when seeds play different numbers of deals."""
    n = len(pairs)
    total = sum(d for _, d in pairs)
    if n < 2 or not total:
        r = sum(x for x, _ in pairs) / total if total else 0.0
        return r, r
    r = sum(x for x, _ in pairs) / total
    mean_d = total / n
    var = sum((x - r * d) ** 2 for x, d in pairs) / (n - 1)
    half = z * math.sqrt(var / n) / mean_d
    return r - half, r + half


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal 95% interval."""
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, m, m
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, m - half, m + half


@dataclass
class Arena:
    rules: RuleSet
    makers: list[Callable[[int], object]]  # one bot factory per player
    names: list[str]
    records: dict[str, Record] = field(default_factory=dict)
    on_decision: Callable | None = None  # called with (bot name, view, action)
    state: GameState | None = None  # the match being played (for measuring oracles)

    def play_match(self, seed: int, seating: list[int]) -> None:
        """seating[seat] = index of the bot in that seat."""
        n = len(seating)
        bots = [self.makers[seating[s]](seed * 31 + s) for s in range(n)]
        names = [self.names[seating[s]] for s in range(n)]
        state, _ = new_match(self.rules, n, seed)
        while state.phase != Phase.MATCH_OVER:
            self.state = state
            seat = state.to_act
            if seat is None:
                state = self._settle(state, names)
                continue
            view = view_for(state, seat)
            action = bots[seat].choose(view)
            if self.on_decision is not None:
                self.on_decision(names[seat], view, action)
            state, events = apply(state, action)
            if state.result is not None and state.phase != Phase.DRAW and any(
                    type(e).__name__ == "DealSettled" for e in events):
                self._count(state.result, names)
        self.state = state
        self._count_match(state, names)
        return None

    def _settle(self, state, names):
        state, _ = apply(state, NextDeal())
        return state

    def _count(self, result, names) -> None:
        pool = self.rules.match == "pool"
        for sr in result.seats:
            if sr.status == SeatOutcome.OUT:
                continue
            rec = self.records.setdefault(names[sr.seat], Record())
            rec.deals += 1
            delta = result.deltas[sr.seat]
            rec.points += -delta if pool else delta
            if sr.status == SeatOutcome.PACKED:
                rec.packs += 1
            elif sr.status in (SeatOutcome.LOST, SeatOutcome.WRONG_SHOW):
                rec.losses += 1
                rec.lost_points += sr.pays
            if not result.void:
                rec.decided += 1
                rec.won += result.winner == sr.seat

    def _count_match(self, state, names) -> None:
        winners = state.winners
        for seat, name in enumerate(names):
            rec = self.records.setdefault(name, Record())
            rec.matches += 1
            if seat in winners:
                rec.match_won += 1 / len(winners)

    def run(self, seeds, players: int = 2) -> dict[str, Record]:
        k = len(self.makers)
        for seed in seeds:
            for shift in range(k):
                self.play_match(seed, [(s + shift) % k for s in range(players)])
        return self.records

    def run_seed(self, seed: int) -> dict[str, Record]:
        """One seed from every rotation; the records of that seed alone
        (also added to ``records``)."""
        total = self.records
        self.records = {}
        k = len(self.makers)
        for shift in range(k):
            self.play_match(seed, [(s + shift) % k for s in range(k)])
        mine = self.records
        self.records = total
        for name, rec in mine.items():
            total.setdefault(name, Record()).add(rec)
        return mine


# ----------------------------------------------------------------- summary


def summarise(per_seed: list[dict[str, Record]], meta: dict | None = None) -> dict:
    """The summary of per-seed records (see the module docstring)."""
    totals: dict[str, Record] = {}
    for recs in per_seed:
        for name, rec in recs.items():
            totals.setdefault(name, Record()).add(rec)
    out: dict = dict(meta or {})
    out["seeds"] = len(per_seed)
    bots = {}
    for name, rec in totals.items():
        lo, hi = rec.interval()
        plo, phi = ratio_interval([(r[name].points, r[name].deals) for r in per_seed
                                   if r.get(name) and r[name].deals])
        others = [o for o in totals if o != name]
        entry = {
            "deals": rec.deals, "won": rec.won, "win_rate": round(rec.win_rate, 4),
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "points_per_deal": round(rec.points / rec.deals, 2) if rec.deals else 0.0,
            "points_per_deal_ci95": [round(plo, 2), round(phi, 2)],
            "packs": rec.packs, "pack_rate": round(rec.packs / rec.deals, 4) if rec.deals else 0,
            "mean_loss": round(rec.lost_points / rec.losses, 2) if rec.losses else 0.0,
            "matches": rec.matches, "match_won": round(rec.match_won, 2),
        }
        if rec.matches:
            mlo, mhi = wilson(rec.match_won, rec.matches)
            entry["match_win_rate"] = round(rec.match_won / rec.matches, 4)
            entry["match_win_rate_ci95"] = [round(mlo, 4), round(mhi, 4)]
        if others:
            diffs = []
            for r in per_seed:
                if not r.get(name) or not r[name].deals:
                    continue
                rest = [r[o].points / r[o].deals for o in others if r.get(o) and r[o].deals]
                if rest:
                    diffs.append(r[name].points / r[name].deals - sum(rest) / len(rest))
            d, dlo, dhi = mean_interval(diffs)
            entry["vs_others"] = round(d, 2)
            entry["vs_others_ci95"] = [round(dlo, 2), round(dhi, 2)]
        bots[name] = entry
    out["bots"] = bots
    return out


def _parse_seeds(text: str) -> list[int]:
    seeds: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            seeds.extend(range(int(a), int(b) + 1))
        elif part:
            seeds.append(int(part))
    return seeds


def _load(paths: list[str]) -> tuple[list[dict[str, Record]], dict]:
    per_seed, meta = [], {}
    for path in paths:
        with open(path) as fh:
            for line in fh:
                row = json.loads(line)
                meta = row.get("meta", meta)
                per_seed.append({n: Record(**r) for n, r in row["records"].items()})
    return per_seed, meta


def run_seeds(arena: Arena, seeds, meta: dict, jsonl: str | None = None,
              progress: bool = False) -> list[dict[str, Record]]:
    """Every seed from every rotation; the records per seed.  With ``jsonl``
    one line per seed is appended there as it finishes (``--merge`` reads
    them), so a run stopped halfway keeps what it measured."""
    per_seed = []
    out = open(jsonl, "a") if jsonl else None  # noqa: SIM115
    start = time.perf_counter()
    try:
        for i, seed in enumerate(seeds):
            recs = arena.run_seed(seed)
            per_seed.append(recs)
            if out is not None:
                out.write(json.dumps({"seed": seed, "meta": meta,
                                      "records": {n: asdict(r) for n, r in recs.items()}}) + "\n")
                out.flush()
            if progress and (i + 1) % 50 == 0:
                print(f"{i + 1} seeds, {time.perf_counter() - start:.0f} s", file=sys.stderr,
                      flush=True)
    finally:
        if out is not None:
            out.close()
    return per_seed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Duplicate deals: every seed from every rotation.")
    ap.add_argument("--variant", default="points")
    ap.add_argument("--players", type=int, default=None, help="default: one per bot")
    ap.add_argument("--bots", default="hard,medium", help="one bot per seat")
    ap.add_argument("--seeds", default="1-100", help="e.g. 1-2000 or 1,5,9")
    ap.add_argument("--rule", action="append", default=[], help="KEY=VALUE")
    ap.add_argument("--jsonl", help="write one line per seed here")
    ap.add_argument("--merge", nargs="+", help="summarise these --jsonl files instead")
    args = ap.parse_args(argv)
    if args.merge:
        per_seed, meta = _load(args.merge)
        print(json.dumps(summarise(per_seed, meta)))
        return
    specs = args.bots.split(",")
    players = args.players or len(specs)
    if players != len(specs):
        specs = [specs[i % len(specs)] for i in range(players)]
    rules = preset(args.variant)
    if args.rule:
        rules = rules.with_options(**dict(r.split("=", 1) for r in args.rule))
    makers = [lambda s, spec=spec: make_bot(spec, s) for spec in specs]
    arena = Arena(rules, makers, specs)
    meta = {"variant": args.variant, "players": players, "bots": specs}
    start = time.perf_counter()
    per_seed = run_seeds(arena, _parse_seeds(args.seeds), meta, args.jsonl, progress=True)
    summary = summarise(per_seed, meta)
    summary["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
