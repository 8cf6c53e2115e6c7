"""Bot against bot, for measuring strength: every deal is played once per
seating so that the cards even out (duplicate play), and each bot's record
is kept by name."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import GameState, Phase, RuleSet, apply, new_match, view_for


@dataclass
class Record:
    deals: int = 0
    decided: int = 0
    won: int = 0
    points: int = 0  # sum of score changes over the deals played
    packs: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.decided if self.decided else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson 95% interval for the win rate among decided deals."""
        n = self.decided
        if not n:
            return 0.0, 1.0
        p = self.won / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)


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
        return None

    def _settle(self, state, names):
        from ..engine import NextDeal
        state, _ = apply(state, NextDeal())
        return state

    def _count(self, result, names) -> None:
        for sr in result.seats:
            if sr.status == "out":
                continue
            rec = self.records.setdefault(names[sr.seat], Record())
            rec.deals += 1
            rec.points += result.deltas[sr.seat]
            if sr.status == "packed":
                rec.packs += 1
            if not result.void:
                rec.decided += 1
                rec.won += result.winner == sr.seat

    def run(self, seeds, players: int = 2) -> dict[str, Record]:
        k = len(self.makers)
        for seed in seeds:
            for shift in range(k):
                self.play_match(seed, [(s + shift) % k for s in range(players)])
        return self.records
