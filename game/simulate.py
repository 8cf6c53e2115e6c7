"""Bot-against-bot play with every invariant checked after every action."""

from __future__ import annotations

import math
import time
from typing import TextIO

from game.ai.registry import bot_label
from game.engine import (
    IllegalAction,
    InvariantError,
    NextDeal,
    Phase,
    apply,
    check_cheap,
    check_invariants,
    check_offers,
)
from game.engine.actions import Declared
from game.engine.game import new_match
from game.engine.rules import RuleSet
from game.engine.view import view_for
from game.families import family_of, make_bot
from game.memory import batch, settle


class SimulationError(Exception):
    """An invariant broke or a bot made an illegal move; says where."""


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


CHECKS = ("full", "sampled")
SAMPLE_EVERY = 16  # a full conservation check on every 16th action (and every deal end)


def simulate(rules: RuleSet, players: int, deals: int, seed: int, specs: list[str],
             progress: TextIO | None = None, check: str = "sampled") -> dict:
    """Play ``deals`` deals with these bots.  Every action is checked to be
    one the bot was offered (``view.legal``, or ``view.moves()``); a bot's
    wrong show is an error too.  ``check``: "full" runs the full invariant
    check after every action and checks that every offered move is accepted
    (``check_offers``), "sampled" the cheap one after every action and the
    full one at deal ends and on every 16th action."""
    if check not in CHECKS:
        raise ValueError(f"check must be one of {', '.join(CHECKS)}")
    seat_specs = [specs[i % len(specs)] for i in range(players)]
    bots = [make_bot(spec, seed * 1000 + i) for i, spec in enumerate(seat_specs)]
    family = family_of(rules)
    won = [0] * players
    points = [0] * players
    played = void = turns = decided = actions = 0
    match_no = 0
    with batch():
        # timed from here: batch() begins with a full collection of whatever
        # the process made before (a bench's earlier sections: 0.3-0.7 s),
        # which is not this run's work
        start = time.perf_counter()
        last_report = start
        while played < deals:
            # the first dealer rotates match by match, so no seat keeps an edge
            state, _ = new_match(rules, players, seed * 100003 + match_no,
                                 dealer=match_no % players)
            match_no += 1
            while True:
                seat = state.to_act
                if seat is None:
                    if state.phase == Phase.MATCH_OVER or played >= deals:
                        break
                    action = NextDeal()
                else:
                    try:
                        view = view_for(state, seat)
                        action = bots[seat].choose(view)
                    except Exception as exc:  # a bot crash is reported with its position
                        raise SimulationError(_where(seed, match_no, state, None, exc)) from exc
                    leak = family.view_leak(state, seat, view)
                    if leak is not None:
                        raise SimulationError(_where(seed, match_no, state, None, leak))
                    if action not in view.legal and action not in view.moves():
                        raise SimulationError(_where(seed, match_no, state, action,
                                                     "the bot chose a move it was not offered"))
                if state.phase == Phase.DRAW:
                    turns += 1
                actions += 1
                before = state
                try:
                    if check == "full":
                        check_offers(state)
                    state, events = apply(state, action)
                    ended = any(getattr(ev, "result", None) is not None for ev in events)
                    if check == "full" or ended or actions % SAMPLE_EVERY == 0:
                        check_invariants(state)
                    else:
                        check_cheap(state)
                except (IllegalAction, InvariantError) as exc:
                    raise SimulationError(_where(seed, match_no, before, action, exc)) from exc
                for ev in events:
                    if isinstance(ev, Declared) and not ev.valid:
                        raise SimulationError(_where(seed, match_no, before, action,
                                                     f"a false show ({ev.reason})"))
                    result = getattr(ev, "result", None)
                    if result is None:
                        continue
                    played += 1
                    settle()  # in a batch no automatic full collection comes for it
                    if result.void:
                        void += 1
                    else:
                        decided += 1
                        won[result.winner] += 1
                    for s, d in enumerate(result.deltas):
                        points[s] += d
                if progress is not None and time.perf_counter() - last_report > 5:
                    last_report = time.perf_counter()
                    print(f"{played}/{deals} deals", file=progress, flush=True)
    seconds = time.perf_counter() - start
    seats = [{"seat": s, "bot": bot_label(seat_specs[s]), "won": won[s], "points": points[s]}
             for s in range(players)]
    by_bot: dict[str, dict] = {}
    for s in range(players):
        label = bot_label(seat_specs[s])
        entry = by_bot.setdefault(label, {"seats": 0, "won": 0, "points": 0})
        entry["seats"] += 1
        entry["won"] += won[s]
        entry["points"] += points[s]
    bots_summary = {}
    for label, e in by_bot.items():
        n = decided * e["seats"]
        lo, hi = wilson(e["won"], n)
        bots_summary[label] = {
            "won": e["won"],
            "win_rate": round(e["won"] / n, 4) if n else 0.0,
            "win_rate_ci95": [round(lo, 4), round(hi, 4)],
            "points_per_deal": round(e["points"] / (played * e["seats"]), 3),
        }
    return {
        "variant": rules.name,
        "deals": played,
        "void": void,
        "turns_per_deal": round(turns / played, 2),
        "seconds": round(seconds, 3),
        "deals_per_second": round(played / seconds, 2) if seconds else None,
        "check": check,
        "seats": seats,
        "bots": bots_summary,
    }


def _where(seed, match_no, state, action, exc) -> str:
    act = action.describe() if action is not None else "(choosing)"
    return (f"seed {seed}, match {match_no}, deal {state.deal_no}, seat {state.to_act}, "
            f"action {act}: {exc}")
