"""Vazhushal's end of a deal and of the match (RULES.md §7).

- **Going out** (``WentOut``): the player who melds every card but one and
  discards it wins the deal: one game point.
- **Stock out**: after the turn in which the last stock card was drawn, if
  nobody went out, every player in turn, starting with the next one and
  ending with the player who drew it, lays down what they choose
  (``Phase.FAMILY``; ``Finish``), then each scores the value of every card in
  their melds (a wild card worth the card it stands for) minus the value of
  every card left in hand (a wild card 20, whatever its face).  The highest
  score wins the deal: one game point.  **Ties**: every seat with the
  highest score gets the game point (the sources name no tie-break; nothing
  the players did separates them).  ``DealResult.winner`` names the first of
  them in turn order, from the dealer's left, for tallies that count one
  winner a deal.
- **Match** (``after_deal``): ``match=first_to`` ends when a player has
  ``game_points`` points (default 5) and more than anyone else;
  ``match=fixed_deals`` after ``match_deals`` deals, to the player with the
  most points.  Players level at the top when it would end play another
  deal (every deal gives at least one point, so a tie cannot last for long).
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.actions import DealResult, DealSettled, MatchOver, Phase, SeatOutcome, SeatResult
from game.engine.cards import format_cards
from game.engine.state import ACTIVE, LogEntry
from game.families.vazhushal.actions import (
    Finish,
    Finished,
    Position,
    StockOut,
    WentOut,
    WipeDeal,
    WipeMove,
    add_held,
    resolve_laydown,
    set_table,
)
from game.families.vazhushal.laydown import laydown_score
from game.families.vazhushal.melds import is_wild, left_value


def play_order(state, start: int) -> tuple[int, ...]:
    """Active seats in turn order from ``start``."""
    order = [start]
    s = state.next_seat(start)
    while s != start:
        order.append(s)
        s = state.next_seat(s)
    return tuple(x for x in order if state.status[x] == ACTIVE)


# ------------------------------------------------------------- stock out
def stock_out(state, events):
    """The stock is gone and nobody went out: the lay-down step begins with
    the player to draw (the next one) and ends with the one who drew last."""
    order = play_order(state, state.turn)
    ex: WipeDeal = state.extra
    state = state.replace(phase=Phase.FAMILY, picked=None,
                          extra=_replace(ex, laying=order),
                          log=state.log + (LogEntry(order[0], WipeMove.STOCK_OUT),))
    return state, events + [StockOut(order)]


def finish_laydown(state, seat: int, events):
    """``seat`` is done laying down; the next one lays down, or the deal is
    scored."""
    ex: WipeDeal = state.extra
    rest = ex.laying[1:]
    state = state.replace(extra=_replace(ex, laying=rest),
                          log=state.log + (LogEntry(seat, WipeMove.FINISH),))
    events = events + [Finished(seat)]
    if rest:
        return state, events
    result = settle(state, None, "stock_out")
    state, more = after_deal(state, result)
    return state, events + more


def _replace(ex: WipeDeal, **changes) -> WipeDeal:
    return replace(ex, **changes)


def finish(state, action: Finish):
    """The ``Finish`` handler: lay the best lay-down first if asked (and if
    it raises the score), then pass the lay-down on."""
    pos = Position.of_state(state)
    events = []
    if action.lay_best:
        melds, _ = resolve_laydown(pos, None)
        if melds is not None:
            state, events = set_table(state, pos.seat, melds, WipeMove.LAY_DOWN)
    return finish_laydown(state, pos.seat, events)


# ------------------------------------------------------------ going out
def go_out_now(state, seat: int, card, events):
    """``seat`` throws its last card ``card``: the deal is won."""
    hand = state.hands[seat]
    turns = list(state.turns_taken)
    turns[seat] += 1
    state = add_held(state, seat, -1).replace(
        hands=tuple(tuple(c for c in hand if c != card) if s == seat else h
                    for s, h in enumerate(state.hands)),
        discard=state.discard + (card,), turns_taken=tuple(turns), picked=None,
        upcard_fresh=False, log=state.log + (LogEntry(seat, WipeMove.GO_OUT, card),))
    events = events + [WentOut(seat, card)]
    result = settle(state, seat, "went_out")
    state, more = after_deal(state, result)
    return state, events + more


# ------------------------------------------------------------ settlement
def score_parts(melds, hand, wild) -> tuple[int, int, int]:
    """(melded value, natural cards left, wild cards left × 20)."""
    melded = sum(m.value for m in melds)
    left = sum(left_value(c, wild) for c in hand if not is_wild(c.kind, wild))
    wilds = sum(left_value(c, wild) for c in hand if is_wild(c.kind, wild))
    return melded, left, wilds


def score_why(melds, hand, wild) -> str:
    melded, left, wilds = score_parts(melds, hand, wild)
    return f"melded {melded} − left {left} − wild {wilds} = {melded - left - wilds}"


def _fields(ex: WipeDeal, state, seat: int) -> dict:
    melds = ex.melds[seat]
    return dict(melds=tuple(m.cards for m in melds), meld_names=tuple(str(m) for m in melds),
                deadwood=state.hands[seat])


def settle(state, winner: int | None, how: str) -> DealResult:
    """``how``: "went_out" (``winner`` went out) or "stock_out"."""
    ex: WipeDeal = state.extra
    n = state.players
    order = play_order(state, state.next_seat(state.dealer))
    if how == "went_out":
        seats = []
        for s in range(n):
            if state.status[s] != ACTIVE:
                seats.append(SeatResult(s, SeatOutcome.OUT, 0, 0, "not in this deal"))
            elif s == winner:
                seats.append(SeatResult(s, SeatOutcome.WINNER, 0, 0,
                                        "went out: every card melded but "
                                        f"the one discarded ({state.discard[-1]})",
                                        **_fields(ex, state, s)))
            else:
                on_table = sum(len(m.cards) for m in ex.melds[s])
                seats.append(SeatResult(s, SeatOutcome.LOST, 0, 0, f"seat {winner} went out; "
                                        f"{on_table} cards on the table, "
                                        f"{len(state.hands[s])} in hand",
                                        **_fields(ex, state, s)))
        deltas = tuple(1 if s == winner else 0 for s in range(n))
        return DealResult(state.deal_no - 1, winner, False, tuple(seats), deltas,
                          notes=(f"seat {winner} went out",))
    scores = {s: laydown_score(ex.melds[s], state.hands[s], state.wild) for s in order}
    best = max(scores.values())
    winners = [s for s in order if scores[s] == best]
    seats = []
    for s in range(n):
        if s not in scores:
            seats.append(SeatResult(s, SeatOutcome.OUT, 0, 0, "not in this deal"))
            continue
        why = score_why(ex.melds[s], state.hands[s], state.wild)
        if state.hands[s]:
            why += f" (left in hand: {format_cards(state.hands[s])})"
        outcome = SeatOutcome.WINNER if s in winners else SeatOutcome.LOST
        seats.append(SeatResult(s, outcome, 0, scores[s], why,
                                **_fields(ex, state, s)))
    notes = ["stock out: the highest score wins the deal"]
    if len(winners) > 1:
        notes.append("tie at " + str(best) + ": seats "
                     + ", ".join(map(str, winners)) + " each score the game point")
    deltas = tuple(1 if s in winners else 0 for s in range(n))
    return DealResult(state.deal_no - 1, winners[0], False, tuple(seats), deltas,
                      notes=tuple(notes))


# ----------------------------------------------------------------- match
def match_winners(state) -> tuple[int, ...]:
    """The match's winner when it is over now, else ()."""
    rules = state.rules
    scores = state.scores
    best = max(scores)
    leaders = tuple(s for s in range(state.players) if scores[s] == best)
    if len(leaders) > 1:
        return ()
    if rules.match == "first_to":
        return leaders if best >= rules.game_points else ()
    return leaders if state.deal_no >= rules.match_deals else ()


def after_deal(state, result: DealResult):
    scores = tuple(a + b for a, b in zip(state.scores, result.deltas, strict=True))
    state = state.replace(scores=scores, result=result, history=state.history + (result,),
                          phase=Phase.DEAL_OVER, offer=None)
    events = [DealSettled(result)]
    winners = match_winners(state)
    if winners:
        events.append(MatchOver(winners))
        state = state.replace(phase=Phase.MATCH_OVER, winners=winners)
    return state, events
