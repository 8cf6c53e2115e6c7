"""Words for the coach: cards, groups of cards, and what the public log
says about the next player, as a player would say them.

Everything here states a fact about the position it is given: a card's
role in the arrangement, two loose cards waiting for a third, a card the
next player threw or let pass.  Nothing is canned: a phrase is built only
when the position holds what it says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.ai.kinds import relation
from game.ai.knowledge import SeatMemory, next_seat, read_log
from game.engine import Card, PlayerView
from game.engine.cards import JOKER_KIND, RANK_NAMES

SYMBOLS = "♠♥♦♣"


def kind_words(kind: int) -> str:
    """``9♣``, ``10♥``, ``joker``: the table's notation (``wording.card_text``),
    with no mark on a designated wild card, which the table does not mark
    in a line of text either (issue 21: a "K♠★" the screen never shows)."""
    if kind == JOKER_KIND:
        return "joker"
    return RANK_NAMES[kind % 13] + SYMBOLS[kind // 13]


def card_words(card: Card) -> str:
    """A card as the table writes it."""
    return kind_words(card.kind)


def cards_words(cards: Iterable[Card]) -> str:
    return " ".join(card_words(c) for c in cards)


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def is_wild(kind: int, wild: frozenset[int]) -> bool:
    return kind == JOKER_KIND or kind in wild


# ------------------------------------------------------------ partial melds
@dataclass(frozen=True)
class Partial:
    """Two loose cards that a third would make a meld of."""

    cards: tuple[Card, Card]
    how: str  # "open at both ends", "waiting for 8♣", "for a set", or the twins' name
    strength: int  # 3 open at both ends, 2 one end or the middle, 1 a set or twins
    twins: bool = False  # two identical cards (a partial meld where the family says so)


def _run_ends(lo: int, hi: int) -> list[int]:
    """Ranks (1..14, 14 = the high Ace) that extend the run lo..hi by one."""
    out = []
    if lo > 1 and not (lo == 2 and hi == 14):
        out.append(lo - 1)
    if hi < 14 and not (lo == 1 and hi >= 13):
        out.append(hi + 1)
    return out


def partial_of(a: Card, b: Card, twins: str = "") -> Partial | None:
    """What two natural cards are to each other, if a third card makes them a
    meld (``twins``: what the family calls two identical cards when they are
    a partial meld of its own, ``""`` when they are not)."""
    if a.is_joker or b.is_joker:
        return None
    if a.kind == b.kind:
        return Partial((a, b), twins, 1, twins=True) if twins else None
    if a.rank == b.rank:
        return Partial((a, b), "for a set", 1)
    if a.suit != b.suit:
        return None
    best = None
    for ra in ((a.rank, 14) if a.rank == 1 else (a.rank,)):
        for rb in ((b.rank, 14) if b.rank == 1 else (b.rank,)):
            lo, hi = sorted((ra, rb))
            suit = a.suit
            if hi - lo == 1:
                ends = _run_ends(lo, hi)
                if len(ends) == 2:
                    cand = Partial((a, b), "open at both ends", 3)
                else:
                    cand = Partial((a, b), "waiting for " + _rank_card(ends[0], suit), 2)
            elif hi - lo == 2:
                cand = Partial((a, b), "waiting for " + _rank_card(lo + 1, suit), 2)
            else:
                continue
            if best is None or cand.strength > best.strength:
                best = cand
    return best


def _rank_card(pos: int, suit: int) -> str:
    return kind_words(int(suit) * 13 + (0 if pos == 14 else pos - 1))


def partials(cards: Sequence[Card], twins: str = "") -> list[Partial]:
    """Every pair of ``cards`` that a third card would make a meld of, the
    strongest first."""
    out = []
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            p = partial_of(a, b, twins)
            if p is not None:
                out.append(p)
    out.sort(key=lambda p: (-p.strength, -sum(c.rank for c in p.cards)))
    return out


def partial_words(p: Partial) -> str:
    """``6♥ 7♥ open at both ends``, ``9♠ 9♦ for a set``, ``K♠ K♠ (twins' name)``."""
    a, b = p.cards
    high_ace = a.rank == 1 and b.rank >= 12 or b.rank == 1 and a.rank >= 12
    lo, hi = sorted(p.cards, key=lambda c: (14 if c.rank == 1 and high_ace else c.rank,
                                            c.suit or 0))
    how = f"({p.how})" if p.twins else p.how
    return f"{card_words(lo)} {card_words(hi)} {how}"


def joins_words(card: Card, p: Partial) -> str:
    """What ``card`` does with the other card of ``p``: ``it makes <the
    twins' name> with your K♠``, ``it joins 8♣ toward a set``, ``it joins
    7♠, open at both ends``."""
    other = p.cards[1] if p.cards[0] is card else p.cards[0]
    if p.twins:
        return f"it makes {p.how} with your {card_words(other)}"
    if p.how == "for a set":
        return f"it joins {card_words(other)} toward a set"
    return f"it joins {card_words(other)}, {p.how}"


# ------------------------------------------------------------ the public log
@dataclass(frozen=True)
class NextPlayer:
    """What the log shows of the player who may take our discard."""

    seat: int
    memory: SeatMemory


def next_player(view: PlayerView) -> NextPlayer | None:
    seat = next_seat(view, view.seat)
    if seat is None:
        return None
    memory = read_log(view).get(seat)
    return None if memory is None else NextPlayer(seat, memory)


def refusals(view: PlayerView, kind: int, nxt: NextPlayer | None,
             reach: tuple[str, ...] = ("same", "r1", "set")) -> tuple[list[str], list[str]]:
    """(what the next player let pass, what they threw) among the cards near
    ``kind`` (the same card, one place away in its suit, its rank), as words,
    latest first, without repeats.  Empty for a wild or an unknown card."""
    if nxt is None or kind >= 52 or kind in view.wild:
        return [], []
    passed: list[str] = []
    threw: list[str] = []
    for kinds, out in ((nxt.memory.passed, passed), (nxt.memory.threw, threw)):
        for k in reversed(kinds):
            if k < 52 and relation(kind, k) in reach:
                w = kind_words(k)
                if w not in passed and w not in threw:
                    out.append(w)
    return passed[:2], threw[:2]


def wants_near(kind: int, nxt: NextPlayer | None) -> list[str]:
    """Cards near ``kind`` that the next player picked from the pile and
    still holds (they build there), as words."""
    if nxt is None or kind >= 52:
        return []
    out = []
    for c in nxt.memory.held:
        if c.kind < 52 and relation(kind, c.kind) in ("same", "r1", "r2", "set"):
            w = card_words(c)
            if w not in out:
                out.append(w)
    return out


def refusal_words(passed: list[str], threw: list[str]) -> str:
    """``the next player passed 9♦ and threw 8♣`` (or ``""`` with nothing to say)."""
    parts = []
    if passed:
        parts.append("passed " + listing(passed))
    if threw:
        parts.append("threw " + listing(threw))
    return "the next player " + " and ".join(parts) if parts else ""
