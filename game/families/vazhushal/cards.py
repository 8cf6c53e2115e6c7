"""Vazhushal (Wipe), RULES.md §7: the cards: which are wild, what each is
worth at a stock-out, and the pairs that throw a deal in.  Pure Python (it
also runs in the browser build).

Wild cards.  The *negative joker* is the card cut after the deal; every card
of its rank in the opposite colour is wild, and printed jokers are always
wild.  A ``wild`` argument everywhere is the frozenset of *designated* wild
kinds (0..51) from :func:`negative_wilds`; printed jokers (``JOKER_KIND``) are
wild whatever it holds, as in the 13-card solver.

Rule readings decided here (the seed is ``seeds/000_…`` , catsatcards):
  * A printed joker cut as the negative joker makes no designated wild card:
    "All cards in the deck, which are of the same rank, but of opposite color
    are considered wild" -- a printed joker has neither rank nor colour, so
    only the printed jokers are wild in that deal.
  * Three pairs: a rank held n times gives n // 2 pairs (four 7s are two
    pairs, three 7s one); printed jokers have no rank and make no pair.
    ``doubles_held`` counts pagat's "doubles" (identical cards) the same way;
    the family's ``redeal_pairs`` option chooses (``family.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.cards import JOKER_KIND, Card

WILD_LEFT_PENALTY = 20  # a wild card left in hand at a stock-out, whatever its face


# ------------------------------------------------------------------ wild cards


def negative_wilds(cut_kind: int) -> frozenset[int]:
    """Designated wild kinds for a negative joker of kind ``cut_kind``: its rank
    in the two suits of the other colour (cut 7♥ -> 7♠ and 7♣).  A printed
    joker cut gives none (only the printed jokers are wild then).  The cut
    card's own kind is not wild: it lies under the stock, and a second deck's
    copy of it is a plain card."""
    if cut_kind == JOKER_KIND:
        return frozenset()
    red = cut_kind // 13 in (1, 2)  # hearts, diamonds
    suits = (0, 3) if red else (1, 2)
    return frozenset(s * 13 + cut_kind % 13 for s in suits)


def is_wild(kind: int, wild: frozenset[int]) -> bool:
    """A printed joker, or a designated wild kind."""
    return kind == JOKER_KIND or kind in wild


# ---------------------------------------------------------------------- values


def kind_value(kind: int) -> int:
    """Stock-out value of a card standing as ``kind``: A K Q J 10 = 10, others
    face value."""
    rank = kind % 13 + 1
    return 10 if rank == 1 or rank >= 10 else rank


def position_value(pos: int) -> int:
    """Value of a sequence position 1..14 (1 = Ace low, 14 = Ace high)."""
    return 10 if pos == 1 or pos >= 10 else pos


def left_value(card: Card, wild: frozenset[int]) -> int:
    """What a card left in hand costs at a stock-out: 20 for any wild card
    (printed or designated, whatever its face), else its value."""
    if is_wild(card.kind, wild):
        return WILD_LEFT_PENALTY
    return kind_value(card.kind)


def pos_kind(suit: int, pos: int) -> int:
    """Kind of sequence position ``pos`` (1..14) in ``suit``."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


# ------------------------------------------------------------------ redeal


def pairs_held(hand: Iterable[Card]) -> int:
    """Pairs of the same rank: a rank held n times gives n // 2 pairs; printed
    jokers have no rank."""
    counts: dict[int, int] = {}
    for c in hand:
        if c.kind != JOKER_KIND:
            counts[c.rank] = counts.get(c.rank, 0) + 1
    return sum(n // 2 for n in counts.values())


def doubles_held(hand: Iterable[Card]) -> int:
    """Doubles: pairs of *identical* cards (same rank and suit, from two
    decks), pagat's reading: a kind held n times gives n // 2; printed jokers
    make none (they have no rank or suit)."""
    counts: dict[int, int] = {}
    for c in hand:
        if c.kind != JOKER_KIND:
            counts[c.kind] = counts.get(c.kind, 0) + 1
    return sum(n // 2 for n in counts.values())


def needs_redeal(hands: Sequence[Iterable[Card]], players: int | None = None,
                 always: bool = False, identical: bool = False) -> bool:
    """Throw the deal in when a player holds three or more pairs; enforced with
    3+ players only, unless ``always`` (the rule option).  ``identical``
    counts pairs of identical cards (``doubles_held``) instead of pairs of a
    rank (``pairs_held``)."""
    players = len(hands) if players is None else players
    if players < 3 and not always:
        return False
    count = doubles_held if identical else pairs_held
    return any(count(h) >= 3 for h in hands)


def redeal_seats(hands: Sequence[Iterable[Card]], identical: bool = False) -> list[int]:
    """The seats whose hands hold three or more pairs (who must show them)."""
    count = doubles_held if identical else pairs_held
    return [s for s, h in enumerate(hands) if count(h) >= 3]


# every 3-card window of one suit (A-2-3 .. Q-K-A) as kinds, most valuable
# first (ties: suit, then the lowest position): where pure sequences are sought
THREE_IN_A_ROW = tuple(ks for _, _, _, ks in sorted(
    (-sum(position_value(p) for p in range(lo, lo + 3)), suit, lo,
     tuple(pos_kind(suit, p) for p in range(lo, lo + 3)))
    for suit in range(4) for lo in range(1, 13)))
