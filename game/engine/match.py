"""Match formats: classic rounds, Points, Pool (elimination, rejoin, split)
and Deals (chips, tiebreak).  Called when a deal has been settled."""

from __future__ import annotations

from game.engine.actions import (
    DealResult,
    DealSettled,
    Eliminated,
    Event,
    MatchOver,
    Phase,
    Rejoined,
    SeatOutcome,
    SeatResult,
)
from game.engine.state import GameState, LogEntry, Move, SeatStatus


def starting_scores(rules, players: int) -> tuple[int, ...]:
    start = 80 * rules.deals if rules.match == "deals" else 0
    return (start,) * players


def deals_in_match(rules, players: int) -> int | None:
    """How many deals a fixed-length match has (None: pool, until one is left)."""
    if rules.match == "rounds":
        return rules.rounds * players
    if rules.match == "points":
        return rules.rounds
    if rules.match == "deals":
        return rules.deals
    return None


def after_deal(state: GameState, result: DealResult) -> tuple[GameState, list[Event]]:
    scores = tuple(a + b for a, b in zip(state.scores, result.deltas, strict=True))
    state = state.replace(scores=scores, result=result, history=state.history + (result,),
                          phase=Phase.DEAL_OVER, offer=None)
    events: list[Event] = [DealSettled(result)]
    if state.rules.match == "pool":
        return _pool_after_deal(state, events)
    total = deals_in_match(state.rules, state.players)
    if state.deal_no < total:
        return state, events
    seats = state.tiebreak or tuple(range(state.players))
    best = max(scores[s] for s in seats)
    leaders = tuple(s for s in seats if scores[s] == best)
    if state.rules.match == "deals" and len(leaders) > 1:
        return state.replace(tiebreak=leaders), events
    return _finish(state, leaders, events)


def _finish(state, winners, events, split=False):
    events.append(MatchOver(tuple(winners), split))
    return state.replace(phase=Phase.MATCH_OVER, winners=tuple(winners), split=split), events


# ------------------------------------------------------------------ pool


def _pool_after_deal(state: GameState, events: list[Event]):
    limit = state.rules.pool_limit
    in_match = list(state.in_match)
    for s in range(state.players):
        if in_match[s] and state.scores[s] >= limit:
            in_match[s] = False
            events.append(Eliminated(s))
    state = state.replace(in_match=tuple(in_match))
    return _pool_next_question(state, events, asked=())


def _rejoin_candidates(state: GameState, asked) -> list[int]:
    if not state.rules.pool_rejoin:
        return []
    standing = [s for s in range(state.players) if state.in_match[s]]
    if not standing or max(state.scores[s] for s in standing) > state.rules.pool_rejoin_ceiling:
        return []
    return [s for s in range(state.players) if not state.in_match[s] and s not in asked]


def _pool_next_question(state: GameState, events, asked):
    cands = _rejoin_candidates(state, asked)
    if cands:
        return state.replace(phase=Phase.DECIDE, offer=("rejoin", cands[0], tuple(asked))), events
    standing = tuple(s for s in range(state.players) if state.in_match[s])
    if len(standing) <= 1:
        return _finish(state, standing, events)
    floor = state.rules.pool_split_floor
    if (state.rules.pool_split and 2 <= len(standing) <= 3
            and all(state.scores[s] >= floor for s in standing)):
        return state.replace(phase=Phase.DECIDE, offer=("split", standing[0], standing)), events
    return state, events


def rejoin_score(scores: tuple[int, ...], in_match: tuple[bool, ...]) -> int:
    """The score a player rejoining the pool comes back at: the highest score
    of those still in it, + 1 (RULES.md §3 Pool)."""
    return max((sc for sc, inn in zip(scores, in_match, strict=True) if inn), default=0) + 1


def answer_offer(state: GameState, yes: bool) -> tuple[GameState, list[Event]]:
    kind, seat, extra = state.offer
    events: list[Event] = []
    if kind == "rejoin":
        asked = extra + (seat,)
        if yes:
            score = rejoin_score(state.scores, state.in_match)
            scores = list(state.scores)
            scores[seat] = score
            in_match = list(state.in_match)
            in_match[seat] = True
            state = state.replace(scores=tuple(scores), in_match=tuple(in_match))
            events.append(Rejoined(seat, score))
        state = state.replace(phase=Phase.DEAL_OVER, offer=None)
        return _pool_next_question(state, events, asked)
    # split: every standing player must accept, in seat order
    standing = extra
    if not yes:
        return state.replace(phase=Phase.DEAL_OVER, offer=None), events
    later = [s for s in standing if s > seat]
    if later:
        return state.replace(offer=("split", later[0], standing)), events
    return _finish(state, standing, events, split=True)


def score_deltas(state: GameState, winner: int, pays: list[int]) -> tuple[int, ...]:
    """Pool adds penalties to each loser; every other format moves the
    payments from the losers to the winner."""
    if state.rules.match == "pool":
        return tuple(pays)
    deltas = [-p for p in pays]
    deltas[winner] = sum(pays)
    return tuple(deltas)


def void_seats(state: GameState, why: str) -> tuple[SeatResult, ...]:
    """Every seat's line of a void deal: nobody pays; a seat not dealt in says so."""
    return tuple(SeatResult(s, SeatOutcome.OUT if state.status[s] == SeatStatus.OUT
                            else SeatOutcome.VOID, 0, 0, why) for s in range(state.players))


def left_by(log: tuple[LogEntry, ...], seat: int) -> Move | None:
    """How ``seat`` left the deal, from the public log: a pack (first or
    middle) or a wrong show; None if it did neither."""
    for entry in reversed(log):
        if entry.seat == seat and entry.kind in (Move.PACK_FIRST, Move.PACK_MIDDLE,
                                                 Move.WRONG_SHOW):
            return Move(entry.kind)
    return None
