"""The few places where a family of games differs from the 13-card core.

A rule set names its family; the core asks the family's hooks and never tests
a variant's name.  21-card, 27-card, Marriage and Vazhushal will subclass
``Family`` and override what differs (wild cards from the cut, meld options,
what a hand pays, extra legal actions).
"""

from __future__ import annotations

from .cards import JOKER_KIND, Card
from .rules import RuleSet
from .solver import Evaluation, MeldOptions, evaluate, is_declarable


class Family:
    """The 13-card Indian Rummy family (Paplu, Points, Pool, Deals)."""

    name = "13card"

    def wild_kinds(self, rules: RuleSet, cut: Card | None) -> frozenset[int]:
        if cut is None:
            return frozenset()
        if cut.kind == JOKER_KIND:
            if rules.cut_mode == "ace_jokers":
                return frozenset(s * 13 for s in range(4))
            return frozenset()
        return frozenset(s * 13 + cut.rank - 1 for s in range(4))

    def uses_cut_card(self, rules: RuleSet) -> bool:
        return rules.cut_mode in ("normal", "ace_jokers")

    def jokers_per_deck(self, rules: RuleSet) -> int:
        return 0 if rules.cut_mode == "no_jokers" else rules.jokers_per_deck

    def meld_options(self, rules: RuleSet, decks: int) -> MeldOptions:
        return MeldOptions(
            ace_points=rules.ace_points,
            tanala=decks >= 3,
            four_card_life=rules.four_card_life,
            one_wild_per_impure=rules.one_wild_per_impure,
            all_wild_melds=rules.all_wild_melds,
        )

    def evaluate(self, rules: RuleSet, decks: int, hand, wild: frozenset[int],
                 loose: bool = False) -> Evaluation:
        return evaluate(tuple(hand), wild, self.meld_options(rules, decks), loose)

    def declarable(self, rules: RuleSet, decks: int, hand, wild: frozenset[int]) -> bool:
        return is_declarable(tuple(hand), wild, self.meld_options(rules, decks))

    def settle(self, state, winner: int | None, how: str):
        """What every seat pays when a deal ends (21-card adds value-card
        bonuses here, Marriage its points exchange)."""
        from .settle import settle  # settle imports this module

        return settle(state, winner, how)

    def deal_multiplier(self, rules: RuleSet, cut: Card | None) -> int:
        if rules.double_on_joker_cut and cut is not None and cut.kind == JOKER_KIND:
            return 2
        return 1


FAMILIES: dict[str, Family] = {"13card": Family()}


def family_of(rules: RuleSet) -> Family:
    return FAMILIES[rules.family]
