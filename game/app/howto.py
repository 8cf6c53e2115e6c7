"""How to play the game in force, and its first-deal walkthrough: each family
writes its own pages from the rules in force (its package's ``HOWTO``); a game
that has none gets the generic page and tour.  No pygame here: the help scene
draws the pages, the table's walkthrough points with the steps, tests read them."""

from __future__ import annotations

from game.engine.howto import Example, HowTo, HowToText, Step, generic_howto, tour
from game.engine.rules import RuleSet
from game.families import PACKAGES

__all__ = ["Example", "HowTo", "Step", "howto", "walkthrough_steps"]


def _text(rules: RuleSet) -> HowToText | None:
    return getattr(PACKAGES.get(rules.family), "HOWTO", None)


def howto(rules: RuleSet, players: int | None = None) -> HowTo:
    """How to play the game of ``rules`` (``players`` at the table, if known)."""
    text = _text(rules)
    return text.pages(rules, players) if text is not None else generic_howto(rules, players)


def walkthrough_steps(rules: RuleSet) -> tuple[Step, ...]:
    """The first-deal tour for this family: stock, discard, groups, finish."""
    text = _text(rules)
    return text.walkthrough(rules) if text is not None else tour()
