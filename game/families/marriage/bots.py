"""Bots for Indian Marriage (RULES.md §6): easy, medium and hard.

- ``heuristic.py``: what every level does (expose, see, show) and the
  judged levels: easy, medium, and the look-ahead (medium looking one draw
  ahead and reading the next player), with their judge (``judge.py``);
- hard: the look-ahead over more discards (``HardMarriage``). ``hard.py``
  holds a search over the hidden hands (``search.py``, its rollout policy
  ``search_policy.py``) among the look-ahead's sensible moves; it is not the
  hard level because it measured weaker than the look-ahead (49.7% of
  deals against medium on seeds 1-1000 at two players, the look-ahead
  53.5%, game/ai/README.md);
- ``ceiling.py``, for measuring only: the search told the real hands, and
  hard told what the next player would take (``TakeReaderMarriage``).
"""

from __future__ import annotations

from game.families.marriage.heuristic import (
    EasyMarriage,
    Judge,
    LookaheadMarriage,
    MarriageBot,
    MediumMarriage,
    could_use,
    feed_risk,
    live_counts,
    maal_weight,
)

__all__ = ["BOTS", "EasyMarriage", "HardMarriage", "Judge", "LookaheadMarriage", "MarriageBot",
           "MediumMarriage", "could_use", "feed_risk", "live_counts", "maal_weight"]

class HardMarriage(LookaheadMarriage):
    """Hard: the look-ahead (one draw ahead, reading the next player) over
    more of the discards nearly as good, with a lighter fear of feeding the
    next player.  With the look-ahead's own figures (within 1.0 card of the
    best, at most four, a sure feed worth 0.6 of a card) it won 53.2% of
    two-player deals against medium over seeds 1-2000; with these, 55.1%
    (game/ai/README.md)."""

    name = "hard"
    margin = 1.5  # discards within this many cards of the best are looked ahead with
    max_candidates = 6
    feed = 0.3  # cards a sure feed of the next player costs


# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyMarriage, "medium": MediumMarriage, "hard": HardMarriage}
