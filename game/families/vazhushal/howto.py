"""How to play Vazhushal, or Wipe (RULES.md §7), written from the rules in force."""

from __future__ import annotations

from game.engine.howto import (
    Example,
    HowTo,
    HowToText,
    Step,
    either,
    match_line,
    tour,
)
from game.engine.rules import RuleSet

# the table's own keys (``table/input.py``)
KEYS = ("T: wipe from the top card of the discard line.",
        "W or Enter: make the wipe you are choosing.",
        "O: another meld for that wipe.",
        "Esc: stop choosing a wipe.")


def _redeal(rules: RuleSet, players: int | None) -> str:
    """The redeal for pairs (RULES.md §7): by default a pair is two identical
    cards, which one deck does not hold, so there it applies to nobody (its
    two printed jokers make no pair: ``cards.doubles_held``)."""
    who = "any table size" if rules.redeal_always else "3 or more players"
    if rules.redeal_pairs != "identical":
        return f"Redeal when a player holds three or more pairs (cards of a rank, {who})"
    seats = range(rules.min_players, rules.max_players + 1)
    if not rules.redeal_always:
        seats = range(max(3, rules.min_players), rules.max_players + 1)
    counts = [p for p in ([players] if players else seats) if rules.decks_for(p) > 1]
    if not counts:  # one deck: no two cards are identical
        return ("No redeal for pairs: it takes three pairs of identical cards, and one deck "
                "has none (its two jokers are no pair)")
    line = "Redeal when a player holds three or more pairs of identical cards"
    if players:
        return line
    span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
    return f"{line} (only with two decks: {span} players)"


def _wipe(rules: RuleSet, players: int | None) -> HowTo:
    decks = (f"{rules.decks_for(players)} deck{'s' if rules.decks_for(players) > 1 else ''} "
             f"for {players} players" if players else
             "1 deck for 2 players, 2 decks for 3 or more" if rules.deck_rule == "pagat" else
             "1 deck for 2–3 players, 2 decks for 4–6")
    options = [
        decks + ", 2 printed jokers a deck, 13 cards each",
        "Wild: the printed jokers and the negative joker's rank in the other colour",
        _redeal(rules, players),
        either(rules.negative_joker_drawn, "The negative joker is the last stock card",
             "The negative joker stays out of play"),
        either(rules.all_wild_melds, "A meld of wild cards only is allowed",
               "No meld of wild cards only: one card at least stands as itself"),
        match_line(rules),
        "Play passes clockwise",
    ]
    melds = [
        Example("Pure sequence", "5H 6H 7H", "your first meld must be one"),
        Example("Sequence", "9D JK JD", "wild cards may fill gaps", ("JK",)),
        Example("Set", "KS KH KC", "3 or 4 of a rank, different suits"),
        Example("Set with a wild card", "8S 8H JK",
                either(rules.all_wild_melds, "a wild card fills in for a third 8",
                       "at least one card stands as itself"), ("JK",)),
    ]
    if rules.all_wild_melds and (players is None or rules.decks_for(players) > 1):
        # three printed jokers take two decks (2 a deck)
        melds.append(Example("Wild cards only", "JK JK JK", "allowed at this table", ("JK",)))
    aim = ("Melds go on the table. Meld every card but one and throw it to go out and win "
           "the deal. If the stock runs out, melded cards score and cards in hand count "
           "against you (a wild card left in hand −20).")
    sections = (
        ("Your turn", "Draw from the stock, or wipe: take any card of the discard line and "
         "every card above it. The lowest card you take must go into a new meld at once. "
         "Then lay melds or add to yours, and throw one card."),
        ("Your melds", "Your first meld must be a pure sequence. Until you have melded, you "
         "may wipe only to make a pure sequence, or while laying one too. That pure "
         "sequence may use the cards you take. One of your melds must always stay pure. "
         "You may not have two identical melds. You may add to and rearrange only your own "
         "melds."),
        ("A wild first upcard", "If the first card of the line is wild, take it only to use "
         "it as itself in a pure sequence, or once you have a pure sequence (in hand or on "
         "the table)."),
    )
    return HowTo("Vazhushal (Wipe)", aim, tuple(options), tuple(melds), sections, KEYS)



def _tour(rules: RuleSet) -> tuple[Step, ...]:
    return tour(Step("discard", "The discard line", "Or wipe: take any card of the line and "
                     "every card above it, and meld the lowest at once (before your first "
                     "meld, only with a pure sequence). End your turn by throwing a card here."),
                Step("declare", "Go out", "Lay your melds on the table; meld every card but "
                     "one and throw it to go out."))


HOWTO = HowToText(_wipe, _tour)
