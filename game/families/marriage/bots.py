"""Bots for Indian Marriage (RULES.md §6): easy, medium and hard.

- ``heuristic.py``: what every level does (expose, see, show) and the
  judged levels: easy, medium, and the look-ahead (medium looking one draw
  ahead and reading the next player), with their judge (``judge.py``);
- hard: the look-ahead. ``hard.py`` holds a search over the hidden hands
  (``search.py``, its rollout policy ``search_policy.py``) among the
  look-ahead's sensible moves; it is not the hard level because it measured
  weaker than the look-ahead (50.7% of deals against medium on seeds 1-200
  at two players, the look-ahead 55.8%, game/ai/README.md);
- ``ceiling.py``: the search told the real hands, for measuring only.
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
    """Hard: the look-ahead (one draw ahead, reading the next player)."""

    name = "hard"


# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyMarriage, "medium": MediumMarriage, "hard": HardMarriage}
