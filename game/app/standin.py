"""A seat's view as a whole position, for a table that plays on a room server.

The table reads a ``GameState``; a client of the room server has only its
seat's ``PlayerView`` and the public moves.  ``stand_in`` makes the
position the table reads out of the view: the seat's own hand, the pile,
the scores and everything public as the view has them, and where the view
has only a count (the other hands, the stock) as many stand-in cards,
which are no cards of the shoe at all: their ids lie beyond any deck, so
they can never be a card someone holds, and the table draws them only
face down.  The family's own part of the position is the part the seat may
see (``view.extra``): the table reads a family's position through the
seat's view, and the family hooks it calls with the position (the groups
on the table, who acts) find there what they read.

``events_between`` says what happened from one view to the next, as the
engine's events would have said it to this seat: a card drawn (its face
only when it was the seat's own, or taken from the pile), thrown, a pack, a
show, a new deal, a settled deal, a player out of the pool or back in.
"""

from __future__ import annotations

from game.engine import Card, GameState, PlayerView
from game.engine.actions import (
    CardDrawn,
    DealSettled,
    DealStarted,
    Declared,
    Discarded,
    Event,
    Packed,
    Rejoined,
    StockReshuffled,
)
from game.engine.actions import Eliminated as EliminatedEvent
from game.engine.family import family_of
from game.engine.state import LogEntry, Move, SeatStatus

STAND_IN_BASE = 1 << 24  # card ids from here on are stand-ins: no shoe comes near
_PER_PLACE = 1 << 12  # stand-in ids per place (a hand, the stock): more than any holds
_STOCK = 15  # the stock's place, after the seats' (a table seats at most 12)


def stand_in_card(place: int, index: int) -> Card:
    """The ``index``-th face-down stand-in of ``place`` (a seat, or the stock)."""
    return Card(STAND_IN_BASE + place * _PER_PLACE + index)


def is_stand_in(card: Card | None) -> bool:
    """Whether ``card`` is a face-down stand-in, not a card of the shoe."""
    return card is not None and card.uid >= STAND_IN_BASE


def _stand_ins(place: int, count: int) -> tuple[Card, ...]:
    return tuple(stand_in_card(place, i) for i in range(count))


def owed_from_log(view: PlayerView) -> tuple[int, ...]:
    """What each seat owes this deal for packing or a wrong show, as the
    public moves say (``GameState.owed``): a pack's price is the family's,
    known to all, and a wrong show costs the rules' penalty."""
    fam = family_of(view.rules)
    owed = [0] * view.players
    for entry in view.log:
        seat, kind = entry[0], entry[1]
        if kind == Move.PACK_FIRST:
            owed[seat] = fam.pack_cost(view.rules, True)
        elif kind == Move.PACK_MIDDLE:
            owed[seat] = fam.pack_cost(view.rules, False)
        elif kind == Move.WRONG_SHOW:
            owed[seat] = view.rules.wrong_show_points
    return tuple(owed)


def stand_in(view: PlayerView, *, history: tuple = (), winners: tuple[int, ...] = (),
             split: bool = False) -> GameState:
    """The position ``view``'s seat may know, with face-down stand-ins for
    what it may only count.  ``history`` (the deals settled so far),
    ``winners`` and ``split`` (once the match is over) are what the table
    learned besides the view; the match's seed stays the server's (0 here)."""
    hands = tuple(view.hand if seat == view.seat else _stand_ins(seat, n)
                  for seat, n in enumerate(view.hand_sizes))
    return GameState(
        rules=view.rules, players=view.players, seed=0, decks=view.decks,
        deal_no=view.deal_no, dealer=view.dealer, scores=view.scores, in_match=view.in_match,
        tiebreak=None, history=tuple(history), winners=tuple(winners), split=split,
        seat_draw=(), phase=view.phase, turn=view.turn, hands=hands,
        status=tuple(SeatStatus(s) for s in view.status), turns_taken=view.turns_taken,
        stock=_stand_ins(_STOCK, view.stock_size), discard=view.discard, cut=view.cut,
        wild=view.wild, aside=(), picked=view.picked, upcard_fresh=view.upcard_fresh,
        owed=owed_from_log(view), reshuffles=0, result=view.result,
        log=tuple(LogEntry(*e) for e in view.log), offer=view.offer, extra=view.extra)


# ------------------------------------------------------------------ what happened


def events_between(old: GameState | None, new: GameState, seat: int) -> list[Event]:
    """The events that took the table from ``old`` to ``new`` (two stand-in
    positions of ``seat``), told as this seat may see them."""
    if old is None:
        return []
    events: list[Event] = []
    fresh: tuple[LogEntry, ...]
    if new.deal_no != old.deal_no:
        started = deal_started(new)
        if started is not None:
            events.append(started)
        fresh, stock_before = new.log, None
        drawn = []  # the new hand is dealt, not drawn
    else:
        fresh = new.log[len(old.log):] if new.log[:len(old.log)] == old.log else ()
        stock_before = len(old.stock)
        seen = set(old.hands[seat]) | set(old.discard) | {e.card for e in fresh}
        drawn = [c for c in new.hands[seat] if c not in seen]
    events += _moves(fresh, new, seat, drawn)
    if stock_before is not None and len(new.stock) > stock_before:
        drawn = sum(1 for e in fresh if e.kind == Move.DRAW_STOCK)
        events.append(StockReshuffled(len(new.stock) - stock_before + drawn))
    if new.result is not None and (old.result is None or old.deal_no != new.deal_no):
        events.append(DealSettled(new.result))
    for s in range(new.players):
        if old.in_match[s] and not new.in_match[s]:
            events.append(EliminatedEvent(s))
        elif not old.in_match[s] and new.in_match[s]:
            events.append(Rejoined(s, new.scores[s]))
    return events


def deal_started(state: GameState) -> DealStarted | None:
    """The start of ``state``'s deal as its seat saw it: who was dealt in,
    and the first upcard (the pile's bottom card, or the first card taken
    from it); None before any upcard is known."""
    log = state.log
    if log and log[0].kind == Move.DRAW_DISCARD and log[0].card is not None:
        upcard = log[0].card
    elif state.discard:
        upcard = state.discard[0]
    else:
        return None
    seats = tuple(s for s in _deal_order(state) if state.status[s] != SeatStatus.OUT)
    return DealStarted(state.deal_no, state.dealer, state.cut, upcard, state.wild, seats)


def _deal_order(state: GameState) -> list[int]:
    """Every seat in the order the cards go round, from the dealer's next."""
    step = state.step
    return [(state.dealer + step * k) % state.players for k in range(1, state.players + 1)]


def _moves(fresh: tuple[LogEntry, ...], new: GameState, seat: int,
           drawn: list[Card]) -> list[Event]:
    """The public moves of ``fresh`` as events; ``drawn``: the cards new in
    the seat's hand that came from no public place (what it drew from the
    stock, in order)."""
    mine_new = list(drawn)
    events: list[Event] = []
    for entry in fresh:
        who, kind, card = entry.seat, entry.kind, entry.card
        if kind == Move.DRAW_STOCK:
            if who == seat:
                card = mine_new.pop(0) if mine_new else None
            else:
                card = stand_in_card(who, len(new.hands[who]))
            if card is not None:
                events.append(CardDrawn(who, "stock", card))
        elif kind == Move.DRAW_DISCARD and card is not None:
            events.append(CardDrawn(who, "discard", card))
        elif kind == Move.DISCARD and card is not None:
            events.append(Discarded(who, card))
        elif kind in (Move.PACK_FIRST, Move.PACK_MIDDLE):
            events.append(Packed(who, new.owed[who]))
        elif kind == Move.DECLARE:
            events.append(Declared(who, True, card))
        elif kind == Move.WRONG_SHOW:
            events.append(Declared(who, False, card))
        elif kind == Move.HAND_RUMMY:
            events.append(Declared(who, True, None, "hand rummy"))
    return events
