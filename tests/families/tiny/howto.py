"""How to play tiny rummy, from the rules in force."""

from __future__ import annotations

from game.engine.howto import Example, HowTo, HowToText, Step, match_line, tour
from game.engine.rules import RuleSet


def _pages(rules: RuleSet, players: int | None) -> HowTo:
    return HowTo(
        "Tiny rummy",
        "Get rid of your six cards: lay melds of three on the table and throw your last "
        "card with every card left in hand melded.",
        ("1 deck, no printed jokers, 6 cards each",
         "The secret card: peek once, before drawing, and its rank is wild for you",
         match_line(rules)),
        (Example("Run", "5H 6H 7H", "three of one suit in a row"),
         Example("Set", "QS QH QD", "three of one rank")),
        (("Your turn", "Peek if you like, draw, lay one meld of three if you hold one, then "
          "throw a card."),
         ("Scoring", "Each loser pays a point for every card still in hand.")))


def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(finish=Step("declare", "Go out", "With every card left in hand in melds of "
                            "three, throw the last one with Declare."))


HOWTO = HowToText(_pages, _tour)
