"""How a game explains itself to a player: the pages of "How to play" and the
steps of the first-deal walkthrough, as data (no pygame: the help scene and the
table draw them, tests read them).  A family writes its own pages from the
rules in force (``game/families/<name>/howto.py``) with the shared lines
below; every option line says what this game does, not what a game usually
does.  Meld examples are cards in the engine's notation, drawn as small card
pictures by the help scene."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.engine.cards import RANK_NAMES, parse_kind
from game.engine.family import family_of
from game.engine.rules import RuleSet

SUITS = "♠♥♦♣"


@dataclass(frozen=True)
class Example:
    """A meld kind shown as cards: ``cards`` in the engine's notation
    ("5H 6H 7H"), ``wild`` the ones that are wild in the example."""

    name: str
    cards: str
    note: str
    wild: tuple[str, ...] = ()


@dataclass(frozen=True)
class HowTo:
    title: str  # the family's game, as the menu names it
    aim: str  # one paragraph: what wins a deal
    options: tuple[str, ...]  # the rules in force, one short line each
    melds: tuple[Example, ...]
    sections: tuple[tuple[str, str], ...]  # (heading, text): the turn, declaring, scoring …
    keys: tuple[str, ...] = ()  # the family's own keys at the table, one line each


@dataclass(frozen=True)
class Step:
    """One step of the first-deal walkthrough: what it points at (``stock``,
    ``discard``, ``hand`` or ``declare``), a title and a short text."""

    target: str
    title: str
    text: str


@dataclass(frozen=True)
class HowToText:
    """What a family offers the help page and the walkthrough: its pages
    for a rule set (and the number of players, when known) and its tour."""

    pages: Callable[[RuleSet, int | None], HowTo]
    walkthrough: Callable[[RuleSet], tuple[Step, ...]]


def card_name(token: str) -> str:
    """``10♥`` for ``TH``, ``Joker`` for ``JK``."""
    kind = parse_kind(token)
    if kind == 52:
        return "Joker"
    return RANK_NAMES[kind % 13] + SUITS[kind // 13]


def either(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def deck_line(rules: RuleSet, players: int | None) -> str:
    n = rules.decks_for(players) if players else None
    if n is not None:
        return f"{n} deck{'s' if n != 1 else ''} for {players} players"
    by_rule = {
        "catsatcards": "1 deck for 2–3 players, 2 decks for 4–6, 3 for more",
        "pagat": "2 decks up to 6 players, 3 for more",
        "online": "1 deck for 2 players, 2 decks for 3–6, 3 for more",
    }
    rule = getattr(rules, "deck_rule", "")
    if rule == "fixed":
        return f"{rules.fixed_decks} decks"
    return by_rule.get(rule, f"{rules.decks_for(rules.min_players)} decks")


def match_line(rules: RuleSet) -> str:
    m = rules.match
    if m == "points":
        if rules.rounds > 1:
            return (f"Points over {rules.rounds} deals: in each the winner collects every "
                    "other player's count; the highest total wins")
        return "Points: one deal settles; the winner collects every other player's count"
    if m == "pool":
        return (f"Pool {rules.pool_limit}: penalties add up; reach {rules.pool_limit} and you "
                "are out; the last player in wins")
    if m == "deals":
        return (f"Deals: {rules.deals} deals for chips (80 × {rules.deals} each); the most "
                "chips at the end wins, and a tie is settled by one more deal")
    if m == "first_to":
        return f"First to {rules.game_points} game points wins (one a deal)"
    if m == "fixed_deals":
        return f"{rules.match_deals} deals; the most game points wins"
    return (f"{rules.rounds} round{'s' if rules.rounds != 1 else ''}: every player deals once "
            "a round; the highest total wins")


def common_lines(rules: RuleSet) -> list[str]:
    out = [f"Play passes {rules.direction.replace('counterclockwise', 'counter-clockwise')}"]
    if "may_discard_picked" in rules.OPTIONS:
        out.append(either(rules.may_discard_picked,
                        "A card taken from the pile may be thrown back the same turn",
                        "A card taken from the pile may not be thrown back the same turn"))
    if "invalid_declaration" in rules.OPTIONS:
        out.append(either(rules.invalid_declaration == "penalty",
                        f"A wrong show costs {rules.wrong_show_points} and your hand is out "
                        "of the deal",
                        "A wrong show is refused: nothing is lost, play on"))
    if "stock_empty" in rules.OPTIONS:
        most = family_of(rules).max_reshuffles
        turned = "When the stock runs out the pile is shuffled into a new stock"
        if most is not None:
            turned += f" (at most {most} times; then the deal is void: nobody scores)"
        out.append(either(rules.stock_empty == "reshuffle", turned,
                        "When the stock runs out the deal is void: nobody scores"))
    return out


def generic_howto(rules: RuleSet, players: int | None = None) -> HowTo:
    """The page of a game that has written none of its own."""
    return HowTo(rules.name, "Arrange your cards into melds before the others do.",
                 (match_line(rules),), (), ())


STOCK = Step("stock", "The stock", "Your turn starts with a card: tap the stock (or drag from "
             "it) to draw one nobody has seen.")
PILE = Step("discard", "The discard pile", "Or take the top card here instead. End your turn "
            "by throwing one card here: tap it, then Discard.")
HAND = Step("hand", "Your groups", "Drag cards to reorder them or start a new group; select "
            "several and press Group. By suit, By rank and Arrange sort them; each group is "
            "labelled.")
FINISH = Step("declare", "Finish", "When your hand is complete, finish it here.")


def tour(pile: Step = PILE, finish: Step = FINISH) -> tuple[Step, ...]:
    """The walkthrough's four steps: the stock, the pile, the groups, the finish
    (a family words the pile and the finish its own way)."""
    return (STOCK, pile, HAND, finish)
