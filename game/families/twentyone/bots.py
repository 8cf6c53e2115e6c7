"""The levels of 21- and 27-card rummy (RULES.md §4, §5), by name.

- easy and medium: the heuristic bots (``heuristic.py``: the expected
  draws to each show, value and wild cards kept, a drop by a fitted model);
- hard: a search over the hidden hands (``hard.py``, with the model
  ``search.py`` and the rollout policy ``search_policy.py``);
  ``HardWide``, the hard level before the search, stays as a yardstick.
"""

from __future__ import annotations

from game.ai.kinds import kinds_of
from game.families.twentyone.hard import SearchHard
from game.families.twentyone.heuristic import (
    Analysis,
    EasyWide,
    HardWide,
    MediumWide,
    WideBot,
    WideJudge,
    expected_delta,
    feed_risk,
)

__all__ = ["BOTS", "Analysis", "EasyWide", "HardWide", "MediumWide", "SearchHard", "WideBot",
           "WideJudge", "expected_delta", "feed_risk", "kinds_of"]

# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyWide, "medium": MediumWide, "hard": SearchHard}
