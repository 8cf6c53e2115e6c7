"""How the game reads on screen: scores, the variant's title, cards and moves
in words.  Pure text, shared by the table, its dialogs and the scores."""

from __future__ import annotations

from ...engine.cards import RANK_NAMES
from ..menu_config import VARIANTS

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


def variant_title(rules) -> str:
    return VARIANTS.get(rules.name, (rules.name.title(), ""))[0]


def card_text(card) -> str:
    """"joker", "10♥": a card in a line of text."""
    return "joker" if card.is_joker else RANK_NAMES[card.rank - 1] + card.suit.symbol


def card_name(card) -> str:
    """"the joker", "10♥": a card as the object of a sentence."""
    return "the joker" if card.is_joker else card_text(card)


def last_move(log, seat: int) -> str:
    """What ``seat`` did last in this deal, for the people watching."""
    for who, what, card in reversed(log):
        if who == seat:
            return MOVE_TEXT.get(what, what).format(card=card_text(card) if card else "")
    return ""


def wild_text(st) -> str:
    """"Wild: 7s + jokers": which cards are wild in this deal."""
    ranks = sorted({k % 13 for k in st.wild})
    rules = st.rules  # a family's rule set may lack the 13-card options
    jokers = (getattr(rules, "jokers_per_deck", 0) > 0
              and getattr(rules, "cut_mode", "") != "no_jokers")
    if not ranks:
        return "Wild: printed jokers" if jokers else ""
    names = ", ".join(RANK_NAMES[r] + "s" for r in ranks)
    return f"Wild: {names}" + (" + jokers" if jokers else "")
