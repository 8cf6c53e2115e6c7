"""Small builders shared by the engine tests."""

from game.engine import IllegalAction, apply, check, new_match, parse_cards, parse_kind
from game.engine.meldtypes import MeldOptions
from game.engine.stack import stacked_order
from game.families import preset
from game.families.thirteen.solver import evaluate


def wild_rank(token: str | None) -> frozenset[int]:
    """All four suits of the rank of ``token`` (e.g. "5H" -> every 5)."""
    if token is None:
        return frozenset()
    k = parse_kind(token)
    return frozenset(s * 13 + k % 13 for s in range(4))


def ev(text: str, wild: str | None = None, **opts):
    return evaluate(parse_cards(text), wild_rank(wild), MeldOptions(**opts))


def deal(variant="paplu", players=2, dealer=0, hands=None, upcard="9D", cut="KC",
         stock_top="", **options):
    rules = preset(variant).with_options(**options) if options else preset(variant)
    order = stacked_order(rules, players, dealer, hands or {}, upcard, cut, stock_top)
    state, _ = new_match(rules, players, seed=1, order=order, dealer=dealer)
    return state


def play(state, *actions):
    events = []
    for a in actions:
        state, evs = apply(state, a)
        events += evs
    return state, events


def accepted(state, action) -> bool:
    """Whether the engine takes ``action`` in ``state`` (``check`` passes)."""
    try:
        check(state, action)
    except IllegalAction:
        return False
    return True


def card(state, seat, text):
    """The physical card of that kind in the seat's hand."""
    kind = parse_kind(text)
    for c in state.hands[seat]:
        if c.kind == kind:
            return c
    raise AssertionError(f"{text} not in seat {seat}'s hand")
