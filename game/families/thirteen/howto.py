"""How to play 13-card rummy (RULES.md §2, §3), written from the rules in force."""

from __future__ import annotations

from game.engine.howto import (
    Example,
    HowTo,
    HowToText,
    Step,
    common_lines,
    deck_line,
    match_line,
    tour,
)
from game.engine.rules import RuleSet


def _thirteen(rules: RuleSet, players: int | None) -> HowTo:
    jokers = rules.jokers_per_deck_in_play
    cut = {
        "normal": "The cut joker (the card beside the stock) makes its rank wild"
                  + (", with the printed jokers" if jokers else ""),
        "ace_jokers": "The cut joker makes its rank wild; a printed-joker cut makes every "
                      "Ace wild",
        "no_cut": ("No cut joker: only the printed jokers are wild" if jokers
                   else "No cut joker and no printed jokers: no wild cards"),
        "no_jokers": "No wild cards at all",
    }[rules.cut_mode]
    options = [
        deck_line(rules, players) + f", printed jokers: {jokers or 'none'}"
        + (" a deck" if jokers else ""),
        cut,
        f"Packing costs {rules.first_drop} on your first turn, {rules.middle_drop} later",
        f"Aces count {rules.ace_points}",
        "A losing hand pays at most " + (str(rules.cap) if rules.cap else "its whole count"),
        match_line(rules),
        *common_lines(rules),
    ]
    if rules.double_on_joker_cut:
        options.append("A printed joker cut doubles the deal's scores")
    if rules.four_card_life:
        options.append("One of your two sequences must have 4 or more cards")
    if rules.one_wild_per_impure:
        options.append("At most one wild card in an impure sequence")
    if not rules.joker_pickup:
        options.append("A wild card on the pile may not be taken")
    wild = jokers or rules.cut_mode in ("normal", "ace_jokers")
    melds = [Example("Pure sequence", "5H 6H 7H",
                     "3 or more cards of one suit in a row, no wild card standing in")]
    if wild:
        melds.append(Example("Sequence", "9C JK JC", "a wild card stands in for the 10♣",
                             ("JK",)) if jokers else
                     Example("Sequence", "9C 4D JC", "say 4s are wild: the 4♦ stands in for "
                             "the 10♣", ("4D",)))
    melds.append(Example("Set", "QS QH QD", "3 or 4 cards of one rank, all different suits"))
    if wild:
        melds.append(Example("Set with a wild card", "7S 7D JK" if jokers else "7S 7D 4C",
                             "the wild card stands in for a third 7",
                             ("JK",) if jokers else ("4C",)))
    if rules.decks_for(players or rules.max_players) >= 3:
        melds.append(Example("Tanala", "8D 8D 8D", "3 identical cards (3 decks): counts as "
                             "a pure sequence"))
    if rules.all_wild_melds and jokers:
        melds.append(Example("Wild group", "JK JK JK", "only wild cards"))
    aim = ("Arrange your 13 cards into sequences and sets. To declare you need at least two "
           "sequences, one of them pure, and every card in a meld.")
    sections = (
        ("Your turn", "Draw a card from the stock (face down) or the discard pile, then throw "
         "one card onto the pile: tap it and press Discard, or drag it there."),
        ("Declaring", "When your other 13 cards are melded, select the card to throw and press "
         "Declare. The game checks the hand first and says what is missing."),
        ("Scoring", "Losers pay the points of their cards in no meld (A K Q J 10 = 10, others "
         "their number, wild cards 0). Without a pure sequence every card counts; with a "
         "pure sequence but no second sequence, every card outside it counts."),
    )
    return HowTo("13-card rummy", aim, tuple(options), tuple(melds), sections)


def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(finish=Step("declare", "Declare", "When every card but one is in a meld (two "
                            "sequences, one pure), select the last card and press Declare."))


HOWTO = HowToText(_thirteen, _tour)
