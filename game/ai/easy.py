"""Easy: keeps the melds it can see, throws its costliest loose card, and now
and then throws the wrong one."""

from __future__ import annotations

from collections.abc import Generator

from ..engine import Discard, DrawDiscard, DrawStock, PlayerView
from ..engine.variant import family_of
from .base import LevelBot, Thought, card_points
from .knowledge import is_wild_kind

SLIP = 0.25  # how often it throws a random loose card instead of the costliest


def meld_cards(view: PlayerView, cards) -> Generator[None, None, set]:
    """Cards in the evaluator's melds, with sets and impure runs kept even
    when the hand has no second sequence yet (what a casual player sees)."""
    rules = view.rules
    fam = family_of(rules)
    ev = fam.evaluate(rules, view.decks, tuple(cards), view.wild, loose=True)
    kept = {c for m in ev.melds for c in m.cards}
    if ev.tier == "pure":
        yield
        rest = [c for c in cards if c not in kept]
        more = fam.evaluate(rules, view.decks, tuple(rest), view.wild, loose=True)
        kept |= {c for m in more.melds for c in m.cards}
    return kept


class EasyBot(LevelBot):
    name = "easy"
    description = "Keeps the melds it sees and throws high cards; makes the odd slip."

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawDiscard() in legal and view.discard:
            top = view.discard[-1]
            if is_wild_kind(top.kind, view.wild):
                return DrawDiscard()
            kept = yield from meld_cards(view, view.hand + (top,))
            if top in kept:
                return DrawDiscard()
        return DrawStock() if DrawStock() in legal else DrawDiscard()

    def discard(self, view: PlayerView) -> Thought:
        options = [a.card for a in view.legal if isinstance(a, Discard)]
        kept = yield from meld_cards(view, view.hand)
        loose = [c for c in options if c not in kept and not is_wild_kind(c.kind, view.wild)]
        pool = loose or [c for c in options if not is_wild_kind(c.kind, view.wild)] or options
        rng = self.rng(view)
        if len(pool) > 1 and rng.random() < SLIP:
            card = rng.choice(sorted(pool))
        else:
            card = max(pool, key=lambda c: (card_points(c, view), c.uid))
        return Discard(card)
