"""Stacked decks: build a shoe order that deals chosen hands (tests, tutorials)."""

from __future__ import annotations

from game.engine.cards import Card, parse_kind
from game.engine.family import family_of
from game.engine.game import shoe_for
from game.engine.rules import RuleSet


def stacked_order(rules: RuleSet, players: int, dealer: int, hands: dict[int, str],
                  upcard: str, cut: str | None = None, stock_top: str = "") -> list[Card]:
    """A shoe order (top card first) that, dealt by ``dealer``, gives each seat
    in ``hands`` those cards, turns up ``upcard``, cuts ``cut`` and puts
    ``stock_top`` (first card first) on top of the stock.  Unnamed cards fill
    the other hands and the rest of the stock in a fixed order."""
    pool = shoe_for(rules, players)

    def take(token: str) -> Card:
        kind = parse_kind(token)
        for i, card in enumerate(pool):
            if card.kind == kind:
                return pool.pop(i)
        raise ValueError(f"no {token} left in the shoe")

    wanted = {seat: [take(t) for t in text.split()] for seat, text in hands.items()}
    up = take(upcard)
    cut_card = take(cut) if cut is not None else None
    if family_of(rules).uses_cut_card(rules) and cut_card is None:
        raise ValueError("this rule set cuts a joker: name the cut card")
    top = [take(t) for t in stock_top.split()]
    size = rules.hand_size
    for seat in range(players):
        cards = wanted.setdefault(seat, [])
        if len(cards) > size:
            raise ValueError(f"seat {seat} is given {len(cards)} cards")
        while len(cards) < size:
            cards.append(pool.pop())
    step = 1 if rules.direction == "counterclockwise" else -1
    seats = [(dealer + step * (i + 1)) % players for i in range(players)]
    order = [wanted[seat][i] for i in range(size) for seat in seats]
    order.append(up)
    if cut_card is not None:
        order.append(cut_card)
    order += top
    order += pool
    return order
