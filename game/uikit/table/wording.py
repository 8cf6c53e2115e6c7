"""How the game reads on screen: scores, the variant's title, cards and moves
in words.  Pure text, shared by the table, its dialogs and the scores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from game.engine import Card, Declare, Discard, DrawDiscard, DrawStock, Pack
from game.engine.cards import RANK_NAMES
from game.engine.melds import GroupLabel

STATUS_BADGE = {"packed": "Packed", "dead": "Wrong show", "out": "Sitting out"}

MOVE_TEXT = {
    "draw_stock": "drew a card",
    "draw_discard": "took {card}",
    "discard": "threw {card}",
    "pack_first": "packed",
    "pack_middle": "packed",
    "wrong_show": "wrong show",
    "declare": "declared",
    "hand_rummy": "showed a dealt rummy",
}


def score_text(rules, score: int) -> str:
    if rules.match == "pool":
        return f"{score} / {rules.pool_limit}"
    if rules.match == "deals":
        return f"{score} chips"
    return f"{score} pts"


def card_text(card) -> str:
    """"joker", "10♥": a card in a line of text."""
    return "joker" if card.is_joker else RANK_NAMES[card.rank - 1] + card.suit.symbol


def card_name(card) -> str:
    """"the joker", "10♥": a card as the object of a sentence."""
    return "the joker" if card.is_joker else card_text(card)


# A move in words, now and past: (the words, their past tense); a card's name
# goes in for {card}.
_MOVE_WORDS = {
    DrawStock: ("draw from the stock", "drew from the stock"),
    DrawDiscard: ("take the pile's top card", "took the pile's top card"),
    Declare: ("declare, throwing {card}", "declared, throwing {card}"),
    Discard: ("throw {card}", "threw {card}"),
    Pack: ("pack", "packed"),
}


def move_words(action, past: bool = False) -> str:
    """A move as a sentence says it: "throw K♣", "draw from the stock" (the
    coach's hint, its review), or ``past``: "threw 9♣", "drew from the
    stock" (what the person played).  A family's move: its own description."""
    words = next((_MOVE_WORDS[k] for k in type(action).__mro__ if k in _MOVE_WORDS), None)
    if words is None:
        return readable(action.describe())
    card = getattr(action, "card", None)
    return words[past].format(card=card_name(card) if card is not None else "")


TURN_JOIN = " · "  # between the moves of one turn on a seat's panel


class TurnWords(NamedTuple):
    """A seat's latest turn in words (``last_turn``)."""

    lines: list[str]  # the whole turn first, then shorter; the latest move alone last
    took: str | None  # "took K♥" where the turn took the pile's card, else None


def last_turn(log, seat: int, family_words: dict[str, str] | None = None) -> TurnWords:
    """``seat``'s latest turn in this deal, for a panel with room for it, then
    shorter: ["took K♥ · threw 8♦", "threw 8♦"].  A throw soon replaces a take,
    and what a seat took from the pile is what the others must follow, so the
    first line keeps the whole turn (its entries since another seat's); a draw
    from the stock tells nothing once the turn has gone on, so it is left out
    then.  The last line is the latest move alone; no lines if
    the seat has not moved this deal."""
    turn = []
    for who, what, card in reversed(log):
        if who != seat:
            if turn:
                break
            continue
        turn.append((what, card))
    turn.reverse()
    if not turn:
        return TurnWords([], None)
    words = family_words or {}

    def said(what: str, card) -> str:
        text = MOVE_TEXT.get(what) or words.get(what, what)
        return text.format(card=card_text(card) if card else "")

    parts: list[str] = []
    counts: list[int] = []
    for what, card in turn:
        if what == "draw_stock" and len(turn) > 1:
            continue
        text = said(what, card)
        if parts and parts[-1] == text:  # "laid a meld" twice: once, counted
            counts[-1] += 1
            continue
        parts.append(text)
        counts.append(1)
    whole = TURN_JOIN.join(p if n == 1 else f"{p} ×{n}" for p, n in zip(parts, counts, strict=True))
    last = said(*turn[-1])
    lines = [whole]
    took = next((said(w, c) for w, c in turn if w == "draw_discard"), None)
    if took is not None and len(parts) > 2:  # a longer turn: the take and its end
        lines.append(took + TURN_JOIN + last)
    return TurnWords(lines + ([last] if last not in lines else []), took)


# a whole rank in words: "As" or "Ks" reads as the card A♠ or K♠ (AS, KS)
_PLURAL = {"A": "Aces", "J": "Jacks", "Q": "Queens", "K": "Kings"}


def wild_text(st, wild: frozenset[int] | None = None) -> str:
    """"Wild: 7s + jokers", "Wild: Aces + jokers", "Wild: 6♠ 7♠ 8♠ + jokers": which cards are wild
    in this deal (``wild``: the kinds a player knows; by default all)."""
    wild = st.wild if wild is None else wild
    jokers = st.rules.jokers_per_deck_in_play > 0
    ranks = sorted(r for r in {k % 13 for k in wild}
                   if all(s * 13 + r in wild for s in range(4)))  # whole ranks
    cards = sorted((k for k in wild if k % 13 not in ranks), key=lambda k: (k % 13, k // 13))
    if not ranks and not cards:
        return "Wild: printed jokers" if jokers else ""
    names = [_PLURAL.get(RANK_NAMES[r], RANK_NAMES[r] + "s") for r in ranks]
    names += [RANK_NAMES[k % 13] + "♠♥♦♣"[k // 13] for k in cards]
    return f"Wild: {', '.join(names)}" + (" + jokers" if jokers else "")


def group_words(label: GroupLabel, cards: Sequence[Card], wild: frozenset[int]) -> str:
    """A group of the hand as every screen labels it (the hand, the declare
    check): the meld's name ("Pure sequence"), and what its cards count where
    they count all the same ("Set · 12", ``GroupLabel.counts``), the family's
    own words where it has them ("No meld · −20"), else "No meld · 9", and
    a group of wild cards only as what it is ("Joker", "Wild cards"), never a
    meld that failed.  One wording, never shortened: the hand makes each group
    as wide as its label."""
    if label.text:
        return label.text
    if not label.name:
        return ""
    if label.valid:
        name = label.name[:1].upper() + label.name[1:]
        return f"{name} · {label.points}" if label.counts else name
    if cards and all(c.is_joker or c.kind in wild for c in cards):
        return wild_words(cards)
    return f"No meld · {label.points}"


def wild_words(cards: Sequence[Card]) -> str:
    """"Joker", "Jokers", "Wild card", "Wild cards": a group of wild cards only."""
    if all(c.is_joker for c in cards):
        return "Joker" if len(cards) == 1 else "Jokers"
    return "Wild card" if len(cards) == 1 else "Wild cards"


_SEAT = re.compile(r"\bseat (\d+)")


_CARD = re.compile(r"\b(10|[2-9TJQKA])([SHDC])\b")
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


_YOU_VERB = re.compile(r"\bYou (is|has|shows|pays|collects|holds|wins|ends)\b")


def as_you(text: str) -> str:
    """The engine's third person made right where a seat became "You" ("You
    shows" → "You show", "You is" → "You are")."""
    def verb(match: re.Match) -> str:
        word = match.group(1)
        return "You " + {"is": "are", "has": "have"}.get(word, word[:-1])
    return _YOU_VERB.sub(verb, text)


def readable(text: str, names: list[str] | None = None) -> str:
    """The engine's words as the table says them: "seat 2" as the player's
    name (and the verb right where that is "You"), a card code ("TC") as the
    card ("10♣")."""
    def name(match: re.Match) -> str:
        seat = int(match.group(1))
        return names[seat] if names and 0 <= seat < len(names) else match.group(0)

    def card(match: re.Match) -> str:
        rank = "10" if match.group(1) == "T" else match.group(1)
        return rank + _SUITS[match.group(2)]
    return as_you(_CARD.sub(card, _SEAT.sub(name, text)))
