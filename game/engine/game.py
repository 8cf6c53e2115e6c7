"""The deal as a state machine: ``legal_actions``, ``check``, ``apply``.

``apply`` never mutates: it returns a new ``GameState`` and the events that
happened, in order.  ``check`` raises ``IllegalAction`` with the reason.
"""

from __future__ import annotations

import random

from .actions import (
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
    ShowDealtHand,
    StockReshuffled,
)
from .cards import Card, build_shoe
from .match import after_deal, answer_offer, starting_scores
from .rules import RuleSet
from .settle import evaluate_hand
from .state import ACTIVE, DEAD, OUT, PACKED, GameState
from .variant import family_of
from .view import PlayerView


def _rng(state_or_seed, *parts) -> random.Random:
    seed = state_or_seed if isinstance(state_or_seed, int) else state_or_seed.seed
    return random.Random("/".join(str(p) for p in (seed, *parts)))


def shoe_for(rules: RuleSet, players: int) -> list[Card]:
    return build_shoe(rules.decks_for(players), family_of(rules).jokers_per_deck(rules))


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
        owed=(0,) * n, reshuffles=0, result=None, log=(), offer=None,
    )
    return state, [DealStarted(state.deal_no, dealer, cut, upcard, wild, tuple(seats))]


# ---------------------------------------------------------------- queries


def is_wild(state: GameState, card: Card) -> bool:
    return card.is_joker or card.kind in state.wild


def declarable(state: GameState, cards) -> bool:
    return family_of(state.rules).declarable(state.rules, state.decks, cards, state.wild)


def legal_actions(state: GameState) -> list[Action]:
    """Every action ``check`` accepts now (an invalid declaration, which the
    penalty option also accepts as a wrong show, is left out)."""
    ph = state.phase
    if ph == Phase.DRAW:
        acts: list[Action] = []
        if state.stock:
            acts.append(DrawStock())
        if _discard_reason(state) is None:
            acts.append(DrawDiscard())
        acts.append(Pack())
        if _hand_rummy_reason(state) is None:
            acts.append(ShowDealtHand())
        return acts
    if ph == Phase.DISCARD:
        hand = state.hands[state.turn]
        acts = []
        seen: set[int] = set()
        for i, card in enumerate(hand):
            if card == state.picked and not state.rules.may_discard_picked:
                continue
            acts.append(Discard(card))
            if card.kind in seen:
                continue  # same kind: same remaining hand
            seen.add(card.kind)
            if declarable(state, hand[:i] + hand[i + 1:]):
                acts.append(Declare(card))
        return acts
    if ph == Phase.DEAL_OVER:
        return [NextDeal()]
    if ph == Phase.DECIDE:
        return [Answer(True), Answer(False)]
    return []


def _discard_reason(state: GameState) -> str | None:
    if not state.discard:
        return "the discard pile is empty"
    top = state.discard[-1]
    if not state.rules.joker_pickup and is_wild(state, top) and not state.upcard_fresh:
        return "a wild card on the discard pile may not be taken"
    return None


def _hand_rummy_reason(state: GameState) -> str | None:
    if state.turns_taken[state.turn] != 0:
        return "a dealt hand can be shown only at your first turn"
    if not declarable(state, state.hands[state.turn]):
        return "the dealt hand is not a valid declaration"
    return None


def check(state: GameState, action: Action) -> None:
    """Raise ``IllegalAction`` (with the reason) unless ``action`` is allowed."""
    ph = state.phase
    name = type(action).__name__
    if ph == Phase.MATCH_OVER:
        raise IllegalAction("the match is over")
    if isinstance(action, NextDeal):
        if ph != Phase.DEAL_OVER:
            raise IllegalAction("the deal is still being played")
        return
    if isinstance(action, Answer):
        if ph != Phase.DECIDE:
            raise IllegalAction("there is no offer to answer")
        return
    if ph in (Phase.DEAL_OVER, Phase.DECIDE):
        raise IllegalAction("the deal is over")
    if ph == Phase.DRAW:
        if isinstance(action, DrawStock):
            if not state.stock:
                raise IllegalAction("the stock is empty")
            return
        if isinstance(action, DrawDiscard):
            reason = _discard_reason(state)
            if reason:
                raise IllegalAction(reason)
            return
        if isinstance(action, Pack):
            return
        if isinstance(action, ShowDealtHand):
            reason = _hand_rummy_reason(state)
            if reason:
                raise IllegalAction(reason)
            return
        raise IllegalAction(f"draw a card first (from the stock or the discard pile), not {name}")
    # DISCARD phase
    if isinstance(action, (Discard, Declare)):
        hand = state.hands[state.turn]
        if action.card not in hand:
            raise IllegalAction(f"{action.card} is not in your hand")
        if action.card == state.picked and not state.rules.may_discard_picked:
            raise IllegalAction("you may not discard the card you just took from the pile")
        if isinstance(action, Declare) and state.rules.invalid_declaration == "refuse":
            rest = tuple(c for c in hand if c != action.card)
            if not declarable(state, rest):
                raise IllegalAction("not a valid declaration: " + invalid_reason(state, rest))
        return
    if isinstance(action, Pack):
        raise IllegalAction("you can pack only at the start of your turn, before drawing")
    raise IllegalAction(f"discard a card or declare, not {name}")


def invalid_reason(state: GameState, cards) -> str:
    ev = evaluate_hand(state, cards)
    if ev.tier == "none":
        return "it needs a pure sequence"
    if ev.tier == "pure":
        return "it needs a second sequence" + (
            " (and one life of 4 cards)" if state.rules.four_card_life else "")
    return f"{len(ev.deadwood)} card(s) are in no meld"


# ------------------------------------------------------------------ apply


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    check(state, action)
    handler = _HANDLERS[type(action)]
    return handler(state, action)


def _set_hand(state: GameState, seat: int, hand) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return tuple(hands)


def _draw_stock(state: GameState, action) -> tuple[GameState, list[Event]]:
    seat = state.turn
    card = state.stock[-1]
    state = state.replace(
        stock=state.stock[:-1], hands=_set_hand(state, seat, state.hands[seat] + (card,)),
        phase=Phase.DISCARD, picked=None, log=state.log + ((seat, "draw_stock", None),))
    return state, [CardDrawn(seat, "stock", card)]


def _draw_discard(state: GameState, action) -> tuple[GameState, list[Event]]:
    seat = state.turn
    card = state.discard[-1]
    state = state.replace(
        discard=state.discard[:-1], hands=_set_hand(state, seat, state.hands[seat] + (card,)),
        phase=Phase.DISCARD, picked=card, upcard_fresh=False,
        log=state.log + ((seat, "draw_discard", card),))
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
        upcard_fresh=False, log=state.log + ((seat, "discard", action.card),))
    return _next_turn(state, [Discarded(seat, action.card)])


def pack_cost(state: GameState | PlayerView, seat: int) -> tuple[int, bool]:
    """What packing now costs ``seat`` (before any deal multiplier), and
    whether it is a first drop.  A player's view is enough to know it."""
    first = state.turns_taken[seat] == 0
    return (state.rules.first_drop if first else state.rules.middle_drop), first


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
        log=state.log + ((seat, "pack_first" if first else "pack_middle", None),))
    return _after_leaving(state, seat, [Packed(seat, points)])


def _declare(state: GameState, action: Declare) -> tuple[GameState, list[Event]]:
    seat = state.turn
    rest = _remove(state.hands[seat], action.card)
    state = state.replace(hands=_set_hand(state, seat, rest),
                          discard=state.discard + (action.card,), picked=None)
    if declarable(state, rest):
        state = state.replace(log=state.log + ((seat, "declare", action.card),))
        events: list[Event] = [Declared(seat, True, action.card)]
        return _end_deal(state, seat, "declare", events)
    # wrong show: the hand is dead and pays the penalty; play goes on
    reason = invalid_reason(state, rest)
    owed = list(state.owed)
    owed[seat] = state.rules.wrong_show_points
    status = list(state.status)
    status[seat] = DEAD
    state = state.replace(
        hands=_set_hand(state, seat, ()), aside=state.aside + rest, owed=tuple(owed),
        status=tuple(status), log=state.log + ((seat, "wrong_show", action.card),))
    return _after_leaving(state, seat, [Declared(seat, False, action.card, reason)])


def _show_dealt(state: GameState, action) -> tuple[GameState, list[Event]]:
    seat = state.turn
    state = state.replace(log=state.log + ((seat, "hand_rummy", None),))
    return _end_deal(state, seat, "hand_rummy", [Declared(seat, True, None, "hand rummy")])


def _after_leaving(state: GameState, seat: int, events: list[Event]):
    """A player packed or showed wrongly: one left wins, else play moves on."""
    active = state.active_seats
    if len(active) == 1:
        return _end_deal(state, active[0], "last_standing", events)
    state = state.replace(turn=state.next_seat(seat), phase=Phase.DRAW, picked=None)
    return _stock_check(state, events)


def _next_turn(state: GameState, events: list[Event]):
    state = state.replace(turn=state.next_seat(state.turn), phase=Phase.DRAW)
    return _stock_check(state, events)


def _stock_check(state: GameState, events: list[Event]):
    """The player to draw finds the stock empty: void deal or reshuffle."""
    if state.stock:
        return state, events
    if state.rules.stock_empty == "reshuffle" and len(state.discard) > 1:
        pile = list(state.discard[:-1])
        _rng(state, "reshuffle", state.deal_no, state.reshuffles).shuffle(pile)
        state = state.replace(stock=tuple(pile), discard=state.discard[-1:],
                              reshuffles=state.reshuffles + 1)
        return state, events + [StockReshuffled(len(pile))]
    return _end_deal(state, None, "void", events)


def _end_deal(state: GameState, winner: int | None, how: str, events: list[Event]):
    result = family_of(state.rules).settle(state, winner, how)
    state, more = after_deal(state, result)
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


_HANDLERS = {
    DrawStock: _draw_stock,
    DrawDiscard: _draw_discard,
    Discard: _discard,
    Declare: _declare,
    ShowDealtHand: _show_dealt,
    Pack: _pack,
    NextDeal: _next_deal,
    Answer: _answer,
}
