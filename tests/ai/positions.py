"""Hand-built positions for the bot tests: stacked deals, then a few moves."""

from game.engine import DrawStock, apply, new_match, parse_kind, view_for
from game.engine.stack import stacked_order
from game.families import preset

DEALER = 0
FIRST = 1  # counter-clockwise: the seat after the dealer plays first


def deal(hand: str, upcard: str, cut: str, variant: str = "points", players: int = 2,
         stock_top: str = "", others: dict[int, str] | None = None, **options):
    """A fresh deal where seat FIRST holds ``hand`` and is to play."""
    rules = preset(variant).with_options(**options) if options else preset(variant)
    hands = {FIRST: hand, **(others or {})}
    order = stacked_order(rules, players, DEALER, hands, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=DEALER)
    assert state.to_act == FIRST
    return state


def after_stock_draw(hand: str, drawn: str, upcard: str, cut: str, **kw):
    """Seat FIRST has drawn ``drawn`` from the stock and must discard."""
    state = deal(hand, upcard, cut, stock_top=drawn, **kw)
    state, _ = apply(state, DrawStock())
    return state


def view(state):
    return view_for(state, state.to_act)


def kinds(cards) -> list[str]:
    return [str(c) for c in cards]


def kind(text: str) -> int:
    return parse_kind(text)
