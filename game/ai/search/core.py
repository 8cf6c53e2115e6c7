"""The search shared by every family: sampled worlds, candidate moves played
out, the choice by expected utility under the match format.

For one decision the caller gives a few candidate moves (a family's
heuristic has already pruned the obviously bad ones), each with a prior (the
heuristic's preference, in utility units), and a ``Model`` of its family.
``search`` draws worlds one at a time; in each, every candidate still in the
race is applied and played out by the family's rollout policy (the same
world for every candidate, so their differences are measured on the same
cards), and the score changes are turned into this seat's utility
(``utility``).  After ``min_worlds`` worlds a candidate whose mean, prior
included, trails the leader's by more than ``z`` standard errors of the
paired difference leaves the race; the search stops when one is left or the
budget of rollouts is spent.  ``choose`` then keeps the heuristic's
favourite unless another candidate's measured advantage, shrunk by how sure
it is, outweighs the difference of priors; ``close_call`` says when that
choice is still in doubt (a bot may then search on).

The search is a generator: it yields after every world, every rollout and
every few turns of a rollout (the model's ``outcome`` yields too), so a
slice of ``think`` stays well under a frame's budget.  It keeps nothing
between decisions, its budget is counted in rollouts (never in wall time)
and its random numbers come from the caller's seeded source, so the same
view and seed give the same choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine.state import SeatStatus


class Model(Protocol):
    """What a family gives the search (its bots' model of a deal, in its folder).

    ``prepare(view)`` builds the per-decision context (tables, what the log
    says about each hand); ``sample(ctx, rng)`` draws one world consistent
    with the log; ``outcome(ctx, world, action)`` is a generator that plays
    ``action`` in a copy of the world, then the rest of the deal with the
    rollout policy (or up to a horizon and then the family's static
    evaluation), yielding every few turns, and returns the score change of
    every seat as the match format records it (Pool: penalties added), or
    None when the deal would be void."""

    def prepare(self, view) -> Any: ...

    def sample(self, ctx: Any, rng: random.Random) -> Any: ...

    def outcome(self, ctx: Any, world: Any, action
                ) -> Generator[None, None, list[float] | None]: ...


@dataclass
class Candidate:
    action: Any
    prior: float = 0.0  # utility added at the choice (the heuristic's preference)
    values: list[float] = field(default_factory=list)
    alive: bool = True

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0


@dataclass(frozen=True)
class Budget:
    rollouts: int = 48  # most rollouts for one decision
    min_worlds: int = 6  # worlds before any candidate may leave the race
    max_worlds: int = 24
    z: float = 2.0  # how sure the race must be to drop a candidate

    def scaled(self, factor: float) -> Budget:
        """A smaller or larger budget (a budget of no rollouts stays none)."""
        if not self.rollouts:
            return self
        return Budget(max(4, int(self.rollouts * factor)), max(2, int(self.min_worlds * factor)),
                      max(3, int(self.max_worlds * factor)), self.z)


def players_in_deal(view) -> int:
    """How many seats are still playing this deal (not packed, out or dead)."""
    return sum(1 for st in view.status if st == SeatStatus.ACTIVE)


def table_budget(view, budget: Budget) -> Budget:
    """``budget`` for a decision at this table: with ``n`` > 2 players in
    the deal, scaled by 2 / sqrt(n) (a little more at three, the same at
    four, fewer beyond, where each rollout is longer).  The browser plays
    the same budget: thinking is sliced between frames, so it costs the
    page the bots' pace, never a frame."""
    active = players_in_deal(view)
    if active > 2:
        budget = budget.scaled(2 / active ** 0.5)
    return budget


# ------------------------------------------------------------------ utility


def utility(view, deltas: list[float] | None) -> float:
    """This seat's gain from a deal's score changes, by match format.

    Points, rounds, deals: the score change itself (points or chips).
    Pool: the change of a simple match equity, one's share of the room left
    under the limit (r / sum r, an eliminated player 0), scaled by the room
    left in all so that a small change is worth about a point: a penalty
    costs more the closer it brings one to elimination, and another player's
    penalty is worth something too."""
    if deltas is None:
        return 0.0
    me = view.seat
    if view.rules.match != "pool":
        return float(deltas[me])
    limit = view.rules.pool_limit
    seats = [s for s in range(view.players) if view.in_match[s]]
    before = {s: max(0, limit - view.scores[s]) for s in seats}
    after = {s: max(0, limit - view.scores[s] - deltas[s]) for s in seats}
    total_before = sum(before.values()) or 1
    total_after = sum(after.values())
    share_before = before.get(me, 0) / total_before
    share_after = after.get(me, 0) / total_after if total_after else 0.0
    return (share_after - share_before) * total_before


# ------------------------------------------------------------------- search


def search(view, model: Model, candidates: list[Candidate], budget: Budget,
           rng: random.Random, race: bool = True) -> Generator[None, None, list[Candidate]]:
    """Play ``candidates`` out over sampled worlds (see the module
    docstring); returns them with ``values`` filled (a candidate that left
    the race has fewer values and ``alive`` False)."""
    if len(candidates) < 2:
        return candidates
    ctx = model.prepare(view)
    yield
    spent = 0
    for world_no in range(budget.max_worlds):
        live = [c for c in candidates if c.alive]
        if len(live) <= 1 or spent + len(live) > budget.rollouts:
            break
        world = model.sample(ctx, rng)
        yield
        for c in live:
            deltas = yield from model.outcome(ctx, world, c.action)
            c.values.append(utility(view, deltas))
            spent += 1
            yield
        if race and world_no + 1 >= budget.min_worlds:
            _race(live, budget.z)
    return candidates


def paired(c: Candidate, base: Candidate) -> tuple[float, float]:
    """Mean and standard error of ``c``'s utility minus ``base``'s, over the
    worlds both were played in."""
    diffs = [a - b for a, b in zip(c.values, base.values, strict=False)]
    n = len(diffs)
    if not n:
        return 0.0, math.inf
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / max(1, n - 1)
    return m, math.sqrt(var / n) if n > 1 else math.inf


def choose(candidates: list[Candidate], tau: float) -> Candidate:
    """The candidate with the best prior plus its measured advantage over
    the heuristic's favourite (the best prior), shrunk by how sure the
    measure is: an advantage measured with standard error ``se`` counts
    ``tau**2 / (tau**2 + se**2)`` of itself (``tau``: the spread of true
    differences expected between candidates, in utility units).  With few
    worlds the heuristic's choice stands unless the rollouts disagree
    clearly."""
    base = max(candidates, key=lambda c: c.prior)
    best, best_score = base, base.prior
    for c in candidates:
        if c is base:
            continue
        m, se = paired(c, base)
        score = c.prior + m * tau * tau / (tau * tau + se * se)
        if score > best_score:
            best, best_score = c, score
    return best


def close_call(candidates: list[Candidate], tau: float) -> bool:
    """Whether ``choose``'s pick is in doubt: another candidate still in the
    race scores within one standard error of it (the paired difference of
    their rollouts, priors included, not shrunk).  A bot may then search the
    decision longer: where the candidates are far apart more rollouts would
    not change the choice."""
    best = choose(candidates, tau)
    for c in candidates:
        if c is best or not c.alive:
            continue
        m, se = paired(c, best)
        if math.isfinite(se) and abs(m + c.prior - best.prior) < se:
            return True
    return False


def _race(live: list[Candidate], z: float) -> None:
    """Drop the candidates clearly behind the leader (paired differences)."""
    leader = max(live, key=lambda c: c.mean + c.prior)
    for c in live:
        if c is leader:
            continue
        m, se = paired(c, leader)
        if m + c.prior - leader.prior + z * se < 0:
            c.alive = False
