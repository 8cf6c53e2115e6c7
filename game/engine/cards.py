"""Cards with physical identity and the text notation of RULES.md §1.

A card is a small frozen value holding a unique id within the shoe.  The id
encodes (deck, face): face 0..51 is suit*13 + rank-1, faces 52/53 are the
printed jokers of that deck.  Two 7♣ from different decks are different cards
with the same *kind*, so nothing is ever removed from a hand by equality of
kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

FACES_PER_DECK = 54  # 52 + room for two printed jokers
JOKER_KIND = 52  # every printed joker has this kind


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


RANK_LETTERS = "A23456789TJQK"  # index = rank - 1
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card.  ``uid`` = deck * 54 + face."""

    uid: int

    @property
    def deck(self) -> int:
        return self.uid // FACES_PER_DECK

    @property
    def face(self) -> int:
        return self.uid % FACES_PER_DECK

    @property
    def is_joker(self) -> bool:
        return self.face >= 52

    @property
    def kind(self) -> int:
        """0..51 for suit*13 + rank-1; 52 for any printed joker."""
        f = self.uid % FACES_PER_DECK  # not ``self.face``: the hottest property of all
        return JOKER_KIND if f >= 52 else f

    @property
    def rank(self) -> int:
        """1 (Ace) .. 13 (King); 0 for a printed joker."""
        f = self.face
        return 0 if f >= 52 else f % 13 + 1

    @property
    def suit(self) -> Suit | None:
        f = self.face
        return None if f >= 52 else Suit(f // 13)

    def __str__(self) -> str:
        return kind_text(self.kind)

    def __repr__(self) -> str:
        return f"Card({self}#{self.deck})" if not self.is_joker else f"Card(JK#{self.uid})"


def make_card(kind: int, deck: int = 0, joker_index: int = 0) -> Card:
    if kind == JOKER_KIND:
        return Card(deck * FACES_PER_DECK + 52 + joker_index)
    if not 0 <= kind < 52:
        raise ValueError(f"no such card kind: {kind}")
    return Card(deck * FACES_PER_DECK + kind)


def kind_of(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def kind_rank(kind: int) -> int:
    return 0 if kind == JOKER_KIND else kind % 13 + 1


def kind_suit(kind: int) -> int:
    return -1 if kind == JOKER_KIND else kind // 13


def kind_text(kind: int) -> str:
    if kind == JOKER_KIND:
        return "JK"
    return RANK_LETTERS[kind % 13] + "SHDC"[kind // 13]


def parse_kind(token: str) -> int:
    """Parse one card token (``TH``, ``10h``, ``JK``) into its kind."""
    t = token.strip().upper()
    if t in ("JK", "JOKER"):
        return JOKER_KIND
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in "SHDC":
        raise ValueError(f"not a card: {token!r} (expected e.g. TH, 10H, AS, JK)")
    return kind_of(RANK_LETTERS.index(t[0]) + 1, "SHDC".index(t[1]))


def parse_cards(text: str) -> list[Card]:
    """Parse a space-separated hand.  Identical cards get successive decks,
    jokers successive joker slots, so every card is a distinct physical card."""
    seen: dict[int, int] = {}
    cards: list[Card] = []
    for token in text.replace(",", " ").split():
        kind = parse_kind(token)
        n = seen.get(kind, 0)
        seen[kind] = n + 1
        if kind == JOKER_KIND:
            cards.append(make_card(kind, n // 2, n % 2))
        else:
            cards.append(make_card(kind, n))
    return cards


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def card_points(kind: int, ace_points: int = 10) -> int:
    """Penalty value of a natural card (wild cards are worth 0 elsewhere)."""
    if kind == JOKER_KIND:
        return 0
    r = kind % 13 + 1
    if r == 1:
        return ace_points
    return 10 if r >= 10 else r


def build_shoe(decks: int, jokers_per_deck: int) -> list[Card]:
    shoe = []
    for d in range(decks):
        shoe.extend(make_card(k, d) for k in range(52))
        shoe.extend(make_card(JOKER_KIND, d, j) for j in range(jokers_per_deck))
    return shoe
