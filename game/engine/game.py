"""The deal as a state machine: ``legal_actions``, ``check``, ``apply``.

``apply`` never mutates: it returns a new ``GameState`` and the events that
happened, in order.  ``check`` raises ``IllegalAction`` with the reason.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.engine.actions import (
    Action,
    Answer,
    CardDrawn,
    DealStarted,
    Declare,
    Declared,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    Event,
    IllegalAction,
    NextDeal,
    Pack,
    Packed,
    Phase,
    StockReshuffled,
)
from game.engine.cards import Card
from game.engine.family import ActionSpec, Family, family_of
from game.engine.match import answer_offer, starting_scores
from game.engine.rules import RuleSet
from game.engine.shows import showable_for
from game.engine.state import ACTIVE, DEAD, OUT, PACKED, GameState, LogEntry, Move

if TYPE_CHECKING:
    from game.engine.view import PlayerView


def _rng(state_or_seed, *parts) -> random.Random:
    seed = state_or_seed if isinstance(state_or_seed, int) else state_or_seed.seed
    return random.Random("/".join(str(p) for p in (seed, *parts)))


def shoe_for(rules: RuleSet, players: int) -> list[Card]:
    return family_of(rules).shoe(rules, players)


def _seat_draw(rules: RuleSet, players: int, seed: int) -> tuple[tuple[Card, ...], int]:
    """Each player draws a card; ties re-draw; the lowest deals first (pagat).
    Ace is high and printed jokers count lowest."""
    rng = _rng(seed, "seats")
    shoe = shoe_for(rules, players)

    def value(c: Card) -> int:
        return 0 if c.is_joker else (14 if c.rank == 1 else c.rank)

    contenders = list(range(players))
    drawn: dict[int, Card] = {}
    while True:
        cards = rng.sample(shoe, len(contenders))
        for seat, card in zip(contenders, cards, strict=True):
            drawn[seat] = card
        low = min(value(drawn[s]) for s in contenders)
        tied = [s for s in contenders if value(drawn[s]) == low]
        if len(tied) == 1:
            return tuple(drawn[s] for s in range(players)), tied[0]
        contenders = tied


def new_match(rules: RuleSet, players: int, seed: int = 0,
              order: list[Card] | None = None,
              dealer: int | None = None) -> tuple[GameState, list[Event]]:
    """Seat the players, pick the first dealer and deal the first hand.
    ``order`` stacks the first deal's shoe (top card first); ``dealer``
    overrides the seat draw's choice of first dealer."""
    rules.check_players(players)
    draw, drawn_dealer = _seat_draw(rules, players, seed)
    if dealer is None:
        dealer = drawn_dealer
    elif not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}")
    n = players
    state = GameState(
        rules=rules, players=n, seed=seed, decks=rules.decks_for(n),
        deal_no=0, dealer=dealer, scores=starting_scores(rules, n), in_match=(True,) * n,
        tiebreak=None, history=(), winners=(), split=False, seat_draw=draw,
        phase=Phase.DEAL_OVER, turn=dealer, hands=((),) * n, status=(OUT,) * n,
        turns_taken=(0,) * n, stock=(), discard=(), cut=None, wild=frozenset(), aside=(),
        picked=None, upcard_fresh=True, owed=(0,) * n, reshuffles=0, result=None, log=(),
        offer=None,
    )
    return start_deal(state, dealer, order)


def start_deal(state: GameState, dealer: int,
               order: list[Card] | None = None) -> tuple[GameState, list[Event]]:
    rules = state.rules
    fam = family_of(rules)
    n = state.players
    playing = state.tiebreak or tuple(s for s in range(n) if state.in_match[s])
    status = tuple(ACTIVE if s in playing else OUT for s in range(n))
    shoe = shoe_for(rules, n)
    if order is not None:
        if sorted(order) != sorted(shoe):
            raise ValueError("a stacked order must hold exactly the shoe's cards")
        cards = list(order)
    else:
        cards = list(shoe)
        _rng(state, "deal", state.deal_no).shuffle(cards)
    cards.reverse()  # pop() takes the top card
    state = state.replace(dealer=dealer, status=status)
    first = state.next_seat(dealer)
    seats = []
    s = first
    for _ in range(len(playing)):
        seats.append(s)
        s = state.next_seat(s)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(rules.hand_size):
        for seat in seats:
            hands[seat].append(cards.pop())
    upcard = cards.pop()
    cut = cards.pop() if fam.uses_cut_card(rules) else None
    wild = fam.wild_kinds(rules, cut)
    stock = tuple(cards)  # stock[-1] is the next card to draw
    state = state.replace(
        deal_no=state.deal_no + 1, phase=Phase.DRAW, turn=first,
        hands=tuple(tuple(h) for h in hands), turns_taken=(0,) * n, stock=stock,
        discard=(upcard,), cut=cut, wild=wild, aside=(), picked=None, upcard_fresh=True,
        owed=(0,) * n, reshuffles=0, result=None, log=(), offer=None, extra=None,
    )
    state, more = fam.start_deal(state)
    return state, [DealStarted(state.deal_no, dealer, cut, upcard, wild, tuple(seats)), *more]


# ---------------------------------------------------------------- queries


def is_wild(state: GameState, card: Card) -> bool:
    return card.is_joker or card.kind in state.wild


def declarable(state: GameState, cards) -> bool:
    """Whether ``cards`` would be a valid show by the player to act."""
    return family_of(state.rules).show_reason(state, state.turn, tuple(cards)) is None


def legal_actions(state: GameState) -> list[Action]:
    """Every action whose preconditions hold now, phase by phase; each one
    passes ``check``.

    Cheap on purpose (it runs on every step of every simulation and frame):
    a declaration is offered for every kind of card the player may throw and
    judged when it is applied (a wrong show costs the penalty); only under
    ``invalid_declaration=refuse``, where a wrong one would be refused, are
    just the valid shows offered (``shows.showable_for``, one cached query
    per position).  Moves too many to list are ``PlayerView.moves``."""
    out: list[Action] = []
    for spec, checked in _specs(state.rules).by_phase.get(state.phase, ()):
        if checked:
            out += spec.offers(state)
            continue
        for action in spec.offers(state):
            if spec.reason(state, action) is None:
                out.append(action)
    return out


def invalid_reason(state: GameState, cards) -> str:
    return family_of(state.rules).show_reason(state, state.turn, tuple(cards)) or ""


def check(state: GameState, action: Action) -> None:
    """Raise ``IllegalAction`` (with the reason) unless ``action`` is allowed."""
    reason = _refusal(state, action)
    if reason:
        raise IllegalAction(reason)


def _refusal(state: GameState, action: Action) -> str | None:
    ph = state.phase
    if ph == Phase.MATCH_OVER:
        return "the match is over"
    table = _specs(state.rules)
    spec = table.specs.get(type(action))
    if spec is None:
        return f"this game has no such move ({action.describe()})"
    if ph not in spec.phases:
        return table.wrong_phase(state, action)
    reason = spec.reason(state, action)
    if reason is None and spec.validate is not None:
        reason = spec.validate(state, action)
    return reason


# ------------------------------------------------------------------ apply


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    check(state, action)
    return _specs(state.rules).specs[type(action)].handler(state, action)


def _set_hand(state: GameState, seat: int, hand) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return tuple(hands)


def _draw_stock(state: GameState, action) -> tuple[GameState, list[Event]]:
    seat = state.turn
    card = state.stock[-1]
    state = state.replace(
        stock=state.stock[:-1], hands=_set_hand(state, seat, state.hands[seat] + (card,)),
        phase=Phase.DISCARD, picked=None, log=state.log + (LogEntry(seat, Move.DRAW_STOCK),))
    return state, [CardDrawn(seat, "stock", card)]


def _draw_discard(state: GameState, action) -> tuple[GameState, list[Event]]:
    seat = state.turn
    card = state.discard[-1]
    state = state.replace(
        discard=state.discard[:-1], hands=_set_hand(state, seat, state.hands[seat] + (card,)),
        phase=Phase.DISCARD, picked=card, upcard_fresh=False,
        log=state.log + (LogEntry(seat, Move.DRAW_DISCARD, card),))
    return state, [CardDrawn(seat, "discard", card)]


def _remove(hand, card) -> tuple[Card, ...]:
    """Remove this physical card (never another of the same kind)."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _discard(state: GameState, action: Discard) -> tuple[GameState, list[Event]]:
    seat = state.turn
    turns = list(state.turns_taken)
    turns[seat] += 1
    state = state.replace(
        hands=_set_hand(state, seat, _remove(state.hands[seat], action.card)),
        discard=state.discard + (action.card,), turns_taken=tuple(turns), picked=None,
        upcard_fresh=False, log=state.log + (LogEntry(seat, Move.DISCARD, action.card),))
    return _next_turn(state, [Discarded(seat, action.card)])


def pack_cost(state: GameState | PlayerView, seat: int) -> tuple[int, bool]:
    """What packing now costs ``seat`` (before any deal multiplier), and
    whether it is a first drop.  A player's view is enough to know it."""
    first = state.turns_taken[seat] == 0
    return family_of(state.rules).pack_cost(state.rules, first), first


def _pack(state: GameState, action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    seat = state.turn
    points, first = pack_cost(state, seat)
    hand = state.hands[seat]
    stock, aside = state.stock, state.aside
    if first and rules.first_packer_cards == "under_stock":
        under = list(hand)
        _rng(state, "pack", state.deal_no, seat).shuffle(under)
        stock = tuple(under) + stock  # stock[0] is the bottom
    else:
        aside = aside + hand
    owed = list(state.owed)
    owed[seat] = points
    status = list(state.status)
    status[seat] = PACKED
    state = state.replace(
        hands=_set_hand(state, seat, ()), stock=stock, aside=aside, owed=tuple(owed),
        status=tuple(status),
        log=state.log + (LogEntry(seat, Move.PACK_FIRST if first else Move.PACK_MIDDLE),))
    return _after_leaving(state, seat, [Packed(seat, points)])


def _declare(state: GameState, action: Declare) -> tuple[GameState, list[Event]]:
    seat = state.turn
    rest = _remove(state.hands[seat], action.card)
    # the card thrown covers the first upcard, valid show or wrong
    state = state.replace(hands=_set_hand(state, seat, rest),
                          discard=state.discard + (action.card,), picked=None,
                          upcard_fresh=False)
    reason = family_of(state.rules).show_reason(state, seat, rest)
    if reason is None:
        state = state.replace(log=state.log + (LogEntry(seat, Move.DECLARE, action.card),))
        events: list[Event] = [Declared(seat, True, action.card)]
        return end_deal(state, seat, "declare", events)
    # wrong show: the hand is dead and pays the penalty; play goes on
    owed = list(state.owed)
    owed[seat] = state.rules.wrong_show_points
    status = list(state.status)
    status[seat] = DEAD
    state = state.replace(
        hands=_set_hand(state, seat, ()), aside=state.aside + rest, owed=tuple(owed),
        status=tuple(status), log=state.log + (LogEntry(seat, Move.WRONG_SHOW, action.card),))
    return _after_leaving(state, seat, [Declared(seat, False, action.card, reason)])


def _after_leaving(state: GameState, seat: int, events: list[Event]):
    """A player packed or showed wrongly: one left wins, else play moves on."""
    active = state.active_seats
    if len(active) == 1:
        return end_deal(state, active[0], "last_standing", events)
    state = state.replace(turn=state.next_seat(seat), phase=Phase.DRAW, picked=None)
    return _stock_check(state, events)


def _next_turn(state: GameState, events: list[Event]):
    state = state.replace(turn=state.next_seat(state.turn), phase=Phase.DRAW)
    return _stock_check(state, events)


def _stock_check(state: GameState, events: list[Event]):
    """The player to draw finds the stock empty: void deal or reshuffle."""
    if state.stock:
        return state, events
    outcome = family_of(state.rules).on_stock_empty(state, events)
    if outcome is not None:
        return outcome
    limit = family_of(state.rules).max_reshuffles
    if (state.rules.stock_empty == "reshuffle" and len(state.discard) > 1
            and (limit is None or state.reshuffles < limit)):
        pile = list(state.discard[:-1])
        _rng(state, "reshuffle", state.deal_no, state.reshuffles).shuffle(pile)
        state = state.replace(stock=tuple(pile), discard=state.discard[-1:],
                              reshuffles=state.reshuffles + 1)
        return state, events + [StockReshuffled(len(pile))]
    return end_deal(state, None, "void", events)


def end_deal(state: GameState, winner: int | None, how: str,
             events: list[Event]) -> tuple[GameState, list[Event]]:
    """Settle the deal (``how``: "declare", "last_standing", "void" or a
    family's own ending) and move on to the match's next step; ``events``
    are those of the action so far."""
    fam = family_of(state.rules)
    result = fam.settle(state, winner, how)
    state, more = fam.after_deal(state, result)
    return state, events + more


def _next_deal(state: GameState, action) -> tuple[GameState, list[Event]]:
    playing = state.tiebreak or tuple(s for s in range(state.players) if state.in_match[s])
    dealer = state.dealer
    for _ in range(state.players):
        dealer = (dealer + state.step) % state.players
        if dealer in playing:
            break
    return start_deal(state, dealer)


def _answer(state: GameState, action: Answer) -> tuple[GameState, list[Event]]:
    return answer_offer(state, action.yes)


# ------------------------------------------------------ the action tables


def _seat_reason(state: GameState, action) -> str | None:
    return None


def _stock_reason(state: GameState, action) -> str | None:
    return None if state.stock else "the stock is empty"


def _take_reason(state: GameState, action) -> str | None:
    if not state.discard:
        return "the discard pile is empty"
    return family_of(state.rules).take_discard_reason(state)


def _throw_reason(state: GameState, action) -> str | None:
    if action.card not in _hand_set(state.hands[state.turn]):
        return f"{action.card} is not in your hand"
    if not state.rules.may_discard_picked and action.card == state.picked:
        return "you may not discard the card you just took from the pile"
    return None


_LAST_HAND: list = [(), frozenset()]


def _hand_set(hand: tuple[Card, ...]) -> frozenset[Card]:
    """The hand as a set, kept for the last hand asked: ``legal_actions``
    asks once per card of the same hand (a tuple's ``in`` compares card by
    card)."""
    if _LAST_HAND[0] is not hand:
        _LAST_HAND[:] = [hand, frozenset(hand)]
    return _LAST_HAND[1]


def _declare_validate(state: GameState, action) -> str | None:
    """Under ``refuse`` an invalid show is refused; under ``penalty`` it is
    allowed and becomes a wrong show when applied."""
    if state.rules.invalid_declaration != "refuse":
        return None
    rest = _remove(state.hands[state.turn], action.card)
    reason = family_of(state.rules).show_reason(state, state.turn, rest)
    return None if reason is None else "not a valid declaration: " + reason


def _barred(state: GameState) -> int | None:
    """The number of the card just picked when it may not be thrown, else
    None (a card's number: a card's own comparison is a Python call a card)."""
    picked = state.picked
    return None if state.rules.may_discard_picked or picked is None else picked.uid


def _discards(state: GameState):
    """Every card of the hand but the one just picked when that may not be
    thrown (``_throw_reason``'s two refusals, so it need not be asked)."""
    barred = _barred(state)
    return [Discard(c) for c in state.hands[state.turn] if c.uid != barred]


def _declares(state: GameState):
    """One declaration per kind (the same kind leaves the same hand), never
    with the card just picked when that may not be thrown; under ``refuse``
    only those that leave a valid show (the others would be refused)."""
    out, seen = [], set()
    barred = _barred(state)
    for c in state.hands[state.turn]:
        k = c.kind
        if k not in seen and c.uid != barred:
            seen.add(k)
            out.append(Declare(c))
    if out and state.rules.invalid_declaration == "refuse":
        kinds = showable_for(state, state.turn)
        out = [a for a in out if a.card.kind in kinds]
    return out


_D, _X = (Phase.DRAW,), (Phase.DISCARD,)


def core_specs() -> dict[type, ActionSpec]:
    """The core's actions; families edit a copy (``Family.action_specs``)."""
    return {
        DrawStock: ActionSpec(DrawStock, _D, lambda s: [DrawStock()], _stock_reason,
                              _draw_stock),
        DrawDiscard: ActionSpec(DrawDiscard, _D, lambda s: [DrawDiscard()], _take_reason,
                                _draw_discard),
        Pack: ActionSpec(Pack, _D, lambda s: [Pack()], _seat_reason, _pack),
        Discard: ActionSpec(Discard, _X, _discards, _throw_reason, _discard),
        Declare: ActionSpec(Declare, _X, _declares, _throw_reason, _declare,
                            _declare_validate),
        NextDeal: ActionSpec(NextDeal, (Phase.DEAL_OVER,), lambda s: [NextDeal()],
                             _seat_reason, _next_deal),
        Answer: ActionSpec(Answer, (Phase.DECIDE,), lambda s: [Answer(True), Answer(False)],
                           _seat_reason, _answer),
    }


class _Table:
    """A family's action table, indexed by phase, with the refusal for an
    action tried in the wrong phase."""

    def __init__(self, specs: dict[type, ActionSpec]):
        self.specs = specs
        # each spec with whether its offers are known to pass its reason:
        # the core's discards and declarations, cards of the hand less the
        # barred pile card, against the core's _throw_reason (a family that
        # replaces either is asked card by card); asked for each card, the
        # reason was 2.6% of a greedy Points simulation's instructions
        by_phase: dict[Phase, list[tuple[ActionSpec, bool]]] = {}
        for spec in specs.values():
            checked = spec.reason is _throw_reason and spec.offers in (_discards, _declares)
            for ph in spec.phases:
                by_phase.setdefault(ph, []).append((spec, checked))
        self.by_phase = {ph: tuple(v) for ph, v in by_phase.items()}

    def wrong_phase(self, state: GameState, action: Action) -> str:
        """Why ``action`` waits for another phase, in the player's words."""
        ph = state.phase
        if isinstance(action, NextDeal):
            return "the deal is still being played"
        if isinstance(action, Answer):
            return "there is no offer to answer"
        if ph in (Phase.DEAL_OVER, Phase.DECIDE):
            return "the deal is over"
        if ph == Phase.DRAW:
            return "draw a card first, from the stock or the discard pile"
        if isinstance(action, Pack):
            return "you can pack only at the start of your turn, before drawing"
        if ph == Phase.DISCARD:
            declare = self.specs.get(Declare)
            if declare is not None and Phase.DISCARD in declare.phases:
                return "you have drawn: now discard a card, or declare"
            return "you have drawn: now discard a card"
        if ph == Phase.FAMILY:
            return family_of(state.rules).waiting_for(state)
        return "that move cannot be made now"


_TABLES: dict[Family, _Table] = {}


def _specs(rules: RuleSet) -> _Table:
    family = family_of(rules)
    table = _TABLES.get(family)
    if table is None:
        table = _Table(family.action_specs(core_specs()))
        _TABLES[family] = table
    return table
