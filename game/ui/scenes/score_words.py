"""The words of the scoring screen: each player's net for the deal, the
settlement's notes but those the screen says another way, and the words under
a seat's cards.  Seats are named as on the table ("seat 2" in the engine's
words reads "Ravi", and "You shows" reads "You show").  Pure text from the
settled state; the scoring screen lays it out and ``score_draw`` paints it."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import DealResult, SeatOutcome, SeatResult
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
