"""Easy: a casual player.  It keeps the melds anyone can see (three or more
natural cards), holds on to its jokers, throws the highest card outside those
melds (one time in four a random one of them), takes the face-up card only
when it completes such a meld, and never packs.  It declares whenever the
engine lists a valid declaration, so it never misses a win it holds."""

from __future__ import annotations

from game.ai.base import LevelBot, Thought, card_points
from game.ai.knowledge import is_wild_kind
from game.engine import Discard, DrawDiscard, DrawStock, PlayerView
from game.engine.family import family_of

SLIP = 0.25  # how often it throws a random loose card instead of the costliest


def natural_melds(view: PlayerView, cards) -> set:
    """Cards in the best arrangement of the natural cards into melds,
    wild cards left aside (the exact evaluator, lives ignored)."""
    rules = view.rules
    naturals = tuple(c for c in cards if not is_wild_kind(c.kind, view.wild))
    ev = family_of(rules).evaluate(rules, view.decks, naturals, frozenset(), loose=True)
    return {c for m in ev.melds for c in m.cards}


class EasyBot(LevelBot):
    name = "easy"
    description = "Keeps the melds it sees and throws high cards; makes the odd slip."

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawDiscard() in legal and view.discard:
            top = view.discard[-1]
            if is_wild_kind(top.kind, view.wild) or top in natural_melds(view, view.hand + (top,)):
                return DrawDiscard()
        return DrawStock() if DrawStock() in legal else DrawDiscard()
        yield

    def discard(self, view: PlayerView) -> Thought:
        options = [a.card for a in view.legal if isinstance(a, Discard)]
        kept = natural_melds(view, view.hand)
        plain = [c for c in options if not is_wild_kind(c.kind, view.wild)]
        pool = [c for c in plain if c not in kept] or plain or options
        rng = self.rng(view)
        if len(pool) > 1 and rng.random() < SLIP:
            card = rng.choice(sorted(pool))
        else:
            card = max(pool, key=lambda c: (card_points(c, view), c.uid))
        return Discard(card)
        yield
