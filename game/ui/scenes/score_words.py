"""The words of the scoring screen: each player's net for the deal, the
settlement's notes but those the screen says another way, and the words under
a seat's cards.  Seats are named as on the table ("seat 2" in the engine's
words reads "Ravi", and "You shows" reads "You show").  Pure text from the
settled state; the scoring screen lays it out and ``score_draw`` paints it.
The state keeps only each player's total, so what the history table must
show to add up (the chips a Deals match starts with, the score a player
rejoins the pool at) is worked out here again as the engine's
``game.engine.match`` works it."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import DealResult, Phase, SeatOutcome, SeatResult
from game.engine.match import rejoin_score, starting_scores
from game.uikit.table.parts import ask
from game.uikit.table.wording import readable

# the settlement's notes this screen says another way: the nets lead it, the
# family's table (who pays whom) and the seats' rows give the payments
SAID_ELSEWHERE = ("totals:", "payments:")


class NetCell(NamedTuple):
    """One player's deal in the nets that lead the scores."""

    seat: int
    name: str
    delta: int  # the change of their match score this deal
    before: int  # their match score before the deal
    after: int
    winner: bool
    words: str | None = None  # the score in the family's own words (no count-up)


def deal_nets(table, state) -> list[NetCell]:
    """Each player's net for the deal settled in ``state``: the winner first,
    then in seat order (none for a void deal)."""
    res = state.result
    if res is None or res.void:
        return []
    names = table.session.names
    played = [r for r in res.seats if r.status != SeatOutcome.OUT]
    played.sort(key=lambda r: (r.seat != res.winner, r.seat))
    cells = []
    for r in played:
        own = table.ask("score_line", r.seat)  # a family's words: no count-up
        after = state.scores[r.seat]
        cells.append(NetCell(r.seat, names[r.seat], res.deltas[r.seat],
                             after - res.deltas[r.seat], after, r.seat == res.winner, own))
    return cells


def deal_notes(result: DealResult | None, names: list[str]) -> list[str]:
    """The settlement's notes, named, but those the screen says another way."""
    if result is None:
        return []
    return [readable(n, names) for n in result.notes
            if not n.startswith(SAID_ELSEWHERE)]


def seat_words(table, seat: SeatResult, names: list[str]) -> str:
    """The words under a seat's cards: a family's own (its part's
    ``seat_why``: a family whose own table says who pays whom says only what
    the hand is), else the settlement's why without its "net" clause, which
    the nets at the top say."""
    words = ask(table.parts, "seat_why", table, seat)
    return readable(words if words is not None else without_net(seat.why), names)


def without_net(why: str) -> str:
    """A seat's why without its "net" clause (the nets lead the screen)."""
    return "; ".join(part for part in why.split("; ") if not part.startswith("net "))


def score_title(state, names: list[str]) -> str:
    """The scores' heading: who won the deal, or the match ("You win", and
    "Meera wins" where a room names its own seat)."""
    res = state.result
    if state.phase == Phase.MATCH_OVER:
        who = " and ".join(names[s] for s in state.winners)
        if state.split:
            return f"Match over: {who} split the pot"
        return f"Match over: {who} {'win' if who == 'You' else 'wins'}!"
    if res is None or res.void:
        return f"Deal {state.deal_no}: void deal, no one pays"
    who = names[res.winner]
    return f"Deal {res.deal_no + 1}: {who} {'win' if who == 'You' else 'wins'}"


def knocked_out(state) -> list[int]:
    """The seats this deal put out of the match (they played it, and are out now)."""
    res = state.result
    if res is None:
        return []
    return [r.seat for r in res.seats
            if not state.in_match[r.seat] and r.status != SeatOutcome.OUT]


def knocked_out_text(state, names: list[str]) -> str:
    out = knocked_out(state)
    if not out:
        return ""
    where = "the pool" if state.rules.match == "pool" else "the match"
    return f"Out of {where}: {', '.join(names[s] for s in out)}"


def starting_chips(state) -> tuple[int, ...]:
    """What each player's total started at (Deals: 80 × deals each; else 0)."""
    return starting_scores(state.rules, state.players)


def offer_question(state, names: list[str]) -> str:
    """The question a pool's offer asks (none without one): a rejoin says
    the score the player would come back at."""
    if state.phase != Phase.DECIDE or not state.offer:
        return ""
    kind, seat = state.offer[0], state.offer[1]
    if kind == "rejoin":
        # one piece when the line wraps: "score +" over "1)?" reads badly
        why = "(the highest score + 1)".replace(" ", "\u00a0")
        at = rejoin_score(state.scores, state.in_match)
        return f"{names[seat]}: rejoin the pool at {at} {why}?"
    return f"{names[seat]}: split the pot between the players left?"


def rejoins(state) -> dict[int, dict[int, int]]:
    """Who rejoined the pool after which deal (its index in the history),
    and at what score.  The deals are counted again as the engine counts
    them: a player reaching the pool limit is out; one out after a deal and
    dealt into the next, or back in the pool now, came back, those back
    after the same deal in seat order (the order the engine asks them in),
    each at the highest score then standing + 1."""
    rules = state.rules
    if rules.match != "pool" or not rules.pool_rejoin:
        return {}
    history = state.history
    running = list(starting_chips(state))
    in_pool = [True] * state.players
    out: dict[int, dict[int, int]] = {}
    for k, res in enumerate(history):
        running = [a + b for a, b in zip(running, res.deltas, strict=True)]
        in_pool = [inn and sc < rules.pool_limit for inn, sc in zip(in_pool, running,
                                                                    strict=True)]
        if k + 1 < len(history):
            dealt = {r.seat for r in history[k + 1].seats if r.status != SeatOutcome.OUT}
            back = [s for s in range(state.players) if not in_pool[s] and s in dealt]
        else:
            back = [s for s in range(state.players) if not in_pool[s] and state.in_match[s]]
        for s in back:
            running[s] = rejoin_score(tuple(running), tuple(in_pool))
            in_pool[s] = True
            out.setdefault(k, {})[s] = running[s]
    return out
