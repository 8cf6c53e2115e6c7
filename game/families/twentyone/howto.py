"""How to play 21-card and 27-card rummy (RULES.md §4, §5), from the rules in force."""

from __future__ import annotations

from game.engine.howto import (
    Example,
    HowTo,
    HowToText,
    Step,
    common_lines,
    match_line,
    tour,
)
from game.engine.rules import RuleSet
from game.families.twentyone.cards import form_rules


def _wide(rules: RuleSet, players: int | None) -> HowTo:
    fr = form_rules(rules.form)
    n = fr.pure_needed
    shows = [f"{n} pure sequences and every other card melded", f"{n} tunnelas",
             f"{fr.show_dublees} dublees"]
    if rules.wild_show:
        shows.append(f"{fr.show_wilds} wild cards")
    if rules.two_marriage_show:
        shows.append("two marriages")
    near = "upper and lower jokers" if rules.form == 21 else "two upper and two lower jokers"
    bonus = {
        "standard": "value cards pay 10 / 30 / 50 for 1 / 2 / 3 held, a marriage 100",
        "flat": "value cards pay 20 each, a marriage 100",
        "adda52": "the cut joker's card pays 30, the upper, lower, printed jokers, A♠ and "
                  "2♣ 20 each",
    }.get(rules.bonus_scheme, rules.bonus_scheme)
    options = [
        f"3 decks and 3 printed jokers, {rules.form} cards each",
        "Wild: the printed jokers, the cut joker's "
        + ("rank in every suit" if rules.wild_any_suit else "rank and suit")
        + f", and the {near} of its suit",
        "Shows: " + "; or ".join(shows),
        f"Packing costs {rules.first_drop} on your first turn, {rules.middle_drop} later",
        f"A losing hand pays at most {rules.cap}; a wrong show costs {rules.wrong_show_points}",
        "Bonuses, whoever wins: " + bonus,
        match_line(rules),
        *common_lines(rules),
    ]
    melds = (
        Example("Pure sequence", "5H 6H 7H", "one suit in a row, nothing standing in"),
        Example("Sequence", "9C JK JC", "a wild card stands in for the 10♣", ("JK",)),
        Example("Set", "QS QH QD", "one rank, different suits"),
        Example("Tunnela", "8D 8D 8D", "3 identical cards: counts as a pure sequence"),
        Example("Dublee", "KC KC", f"2 identical cards: {fr.show_dublees} make a show"),
        Example("Marriage", "4C 5C 6C" if rules.form == 21 else "3C 4C 5C 6C 7C",
                "say 5♣ is cut: the cut card with its upper and lower jokers pays 100",
                ("4C", "5C", "6C") if rules.form == 21 else ("3C", "4C", "5C", "6C", "7C")),
    )
    aim = (f"Meld your {rules.form} cards. A show wins: " + "; or ".join(shows) + ". Value "
           "cards and marriages pay you whoever wins.")
    sections = (
        ("Your turn", "Draw from the stock or the pile (never a wild card thrown on the pile), "
         "then throw one card."),
        ("Scoring", f"Losers pay their count: every card without a pure sequence, the cards "
         f"outside them with fewer than {n}, only the loose cards with {n} or more; "
         f"just 2 for a hand with every card in melds of 3 or more, or {fr.flat_dublees} "
         f"dublees, or {fr.flat_wilds} wild cards (at most {rules.cap}; half for a player "
         "who had no turn yet)."),
        ("Bonuses", "Every player still in the deal pays each holder of value cards, whoever "
         "wins; a player who packed neither pays nor collects. A value card counts in one "
         "bonus only, split the way that pays most"
         + (": two marriages pay 300, three 500" if rules.bonus_scheme == "standard" else "")
         + ". Bonuses are half between players of whom one had no turn yet."),
    )
    title = "21-card rummy" if rules.form == 21 else "27-card rummy"
    return HowTo(title, aim, tuple(options), melds, sections)


def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(Step("discard", "The discard pile", "Or take the top card here (never a wild "
                     "card someone threw). End your turn by throwing a card here."),
                Step("declare", "Show", "With a show (pure sequences, tunnelas, dublees …) "
                     "select the card to throw and press Declare."))


HOWTO = HowToText(_wide, _tour)
