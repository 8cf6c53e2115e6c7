"""The coach: the strongest bot's move with its reason, and a review of a deal.

``hint(view)`` asks the hardest level (``make_bot("hard")``, whatever bot
that is for the view's family) for its move and says why in one line built
from the position, with the hand's best arrangement and what it would pay
now.  ``review(decisions)`` replays a player's decisions of a deal and keeps
the few where the strongest bot's move was worth most more than the
player's, each with the bot's reason.

The machinery (reasons, pricing, the hint and the review) is the coach
framework, ``game.ai.coach``, which knows no family; each family's
knowledge (its lens: how it arranges, counts and prices a hand, and the
reasons of its own moves) is its package's ``COACH``, found here through
the registry.  A family without one is seen through the neutral ``Lens``.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from game.ai.base import finish
from game.ai.coach import advice
from game.ai.coach.advice import MIN_COST, Hint, Mistake, played_words, same_move, value
from game.ai.coach.lens import Lens, Shown
from game.ai.coach.reasons import explain
from game.engine import Action, Card, PlayerView
from game.families import make_bot, package_of

STRONGEST = "hard"

__all__ = ["MIN_COST", "STRONGEST", "Hint", "Mistake", "Shown", "arrangement", "explain", "hint",
           "hint_thought", "lens_for", "played_words", "review", "same_move", "value"]


def lens_for(view: PlayerView) -> Lens:
    """The lens of the view's family (the neutral one for a family without)."""
    return getattr(package_of(view.rules), "COACH", Lens)(view)


def hint(view: PlayerView, seed: int = 0, shown: Sequence[Shown] = ()) -> Hint:
    """The strongest bot's move for ``view`` with its reason, and the hand's
    best arrangement (melds first, the loose cards as the last group) and
    count.  ``view`` must have a decision to make (``view.legal``).
    ``shown``: the person's groups as the table labels them, so that the
    reason names only groups the screen shows."""
    return finish(hint_thought(view, seed, shown))


def hint_thought(view: PlayerView, seed: int = 0, shown: Sequence[Shown] = ()
                 ) -> Generator[None, None, Hint]:
    """``hint`` as a generator that yields between slices of the bot's
    thinking (its ``think``), for a UI that keeps drawing frames while the
    search runs (the browser); the hint is its return value."""
    return (yield from advice.hint_thought(view, make_bot(STRONGEST, seed), lens_for, shown))


def arrangement(view: PlayerView) -> list[list[Card]]:
    """The hand's best arrangement alone (what ``Hint.groups`` holds)."""
    return lens_for(view).layout(view.hand).groups()


def review(decisions: Sequence[tuple[PlayerView, Action]], limit: int = 3) -> list[Mistake]:
    """The ``limit`` decisions (a view and the move played) where the
    strongest bot's choice was worth most more than the player's, costliest
    first."""
    return advice.review(decisions, make_bot(STRONGEST, 0), lens_for, limit)
