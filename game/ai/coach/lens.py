"""How the coach sees a hand: a *lens*, made for one ``PlayerView``.

A lens gives the hand's best arrangement (``layout``), what it pays now
(``count``), how far it is from finishing (``standing``: cards still to
draw, expected draws, its route) and what a position is worth in expected
points (``points``), so that the moves of one decision compare on one
scale.  It answers for a hand held *after* the discard (``standing``), for
the hand after taking the pile's card (``take``: the hand plus that card,
judged as its best hand) and for the hand before a card from the stock
(``stock``).

``Lens`` itself is the neutral lens of a family without knowledge of its
own: the count its family reports (``Family.count_kinds``), no distance,
no arrangement.  A family's coach module (``game/families/<name>/coach.py``)
derives its lens from it, overrides what its game knows better, and lists
the reasons and the prices of its own moves (``reasons``, ``values``: by
action class, over the shared ones of ``reasons.py`` and ``advice.py``);
its package exports that class as ``COACH``.

What the reasons say of the hand *now* is what the screen shows (issue 21:
"keeps 3♥ 5♥ waiting for 4♥" beside a 3♥ 4♥ 5♥ labelled pure): when the
table asks for a hint it gives the person's groups with their labels
(``Shown``, ``Lens.show``), and ``screen()`` is then the hand as those
groups: the ones labelled a meld are melds, by their label, and every other
card is loose.  Without them (the review, a test) the lens's own
arrangement stands in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from game.ai.base import PackOdds
from game.ai.coach.words import cards_words
from game.ai.kinds import kinds_of
from game.engine import Card, PlayerView
from game.engine.cards import JOKER_KIND
from game.engine.family import family_of
from game.engine.game import pack_cost
from game.engine.state import SeatStatus

# a family's own reason for one of its moves: (lens, action) -> one line
Reason = Callable[[Any, Any], str]
# what a move of the family's own is worth: (lens, action) -> points, None unpriced
Price = Callable[[Any, Any], "float | None"]


@dataclass(frozen=True)
class Standing:
    """A position as the coach weighs it."""

    need: int  # cards still to draw to the nearest finish (the family's estimate)
    draws: float  # expected draws (or turns, as the family counts) to finish
    count: int  # what the hand pays if another player finishes now
    bonus: int = 0  # what it collects from each other player whoever wins
    route: str = ""  # the finish it is nearest, in words


@dataclass(frozen=True)
class Shown:
    """A group of the person's hand as the screen shows it."""

    words: str  # its label on the table ("Pure sequence", "No meld · 9")
    valid: bool  # the label says it is a meld
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Layout:
    """A hand arranged: named melds, then the cards in none."""

    melds: tuple[tuple[str, tuple[Card, ...]], ...]
    loose: tuple[Card, ...]

    def groups(self) -> list[list[Card]]:
        out = [list(cards) for _, cards in self.melds]
        if self.loose:
            out.append(list(self.loose))
        return out

    def meld_of(self, card: Card) -> tuple[str, tuple[Card, ...]] | None:
        for name, cards in self.melds:
            if card in cards:
                return name, cards
        return None

    def words(self, most: int = 4) -> str:
        """``pure sequence 5♥ 6♥ 7♥, set 9♠ 9♦ 9♣`` (``most`` melds, then "…")."""
        parts = [f"{name} {cards_words(cards)}" for name, cards in self.melds[:most]]
        if len(self.melds) > most:
            parts.append("…")
        return ", ".join(parts)


def hand_without(cards: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``cards`` less that physical card (never by kind: decks repeat cards)."""
    out = list(cards)
    out.remove(card)
    return tuple(out)


def opponents(view: PlayerView) -> int:
    """The other players still in the deal (at least one)."""
    return max(1, sum(1 for s, st in enumerate(view.status)
                      if st == SeatStatus.ACTIVE and s != view.seat))


def card_order(card: Card) -> tuple[int, int]:
    """Loose cards as a player sorts them: jokers first, then by suit and rank."""
    return (-1, 0) if card.is_joker else (int(card.suit), card.rank)


class Lens:
    """The neutral lens: a family without one of its own gets the count its
    family reports (``Family.count_kinds``) and no distance."""

    goal = "finishing"  # what the hand races to, in words ("declaring", "a show", …)
    twins = ""  # the family's name for two identical cards, when they are a partial meld
    reads_passes = True  # the log's passes say what the next player does not want
    # why the strongest bot draws blind over a pile card that would help
    stock_words = "a fresh card is expected to help more"
    # the family's own moves (and shared moves it words otherwise), by action class
    reasons: ClassVar[Mapping[type, Reason]] = {}
    values: ClassVar[Mapping[type, Price]] = {}

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.family = family_of(view.rules)
        self.shown: tuple[Shown, ...] = ()  # the person's groups, when the screen gave them
        self.odds: PackOdds | None = None  # the deciding bot's numbers for a drop

    def show(self, shown: Sequence[Shown]) -> None:
        """Take the groups the screen shows, if they hold exactly the hand
        (a stale arrangement is ignored: the lens's own stands in)."""
        if Counter(c for g in shown for c in g.cards) == Counter(self.view.hand):
            self.shown = tuple(shown)

    def screen(self) -> Layout:
        """The hand now, as the person sees it: their groups labelled a meld
        (named by the label), then every other card, loose; without the
        screen's groups, the lens's own arrangement."""
        if not self.shown:
            return self.layout(self.view.hand)
        melds = tuple((g.words[:1].lower() + g.words[1:], g.cards)
                      for g in self.shown if g.valid)
        loose = (c for g in self.shown if not g.valid for c in g.cards)
        return Layout(melds, tuple(sorted(loose, key=card_order)))

    def melds_alone(self, cards: Sequence[Card]) -> bool:
        """Whether ``cards`` make one meld by themselves."""
        lay = self.layout(cards)
        return len(lay.melds) == 1 and not lay.loose

    # --------------------------------------------------------- the hand
    def layout(self, cards: Sequence[Card]) -> Layout:
        return Layout((), tuple(cards))

    def count(self, cards: Sequence[Card]) -> int:
        try:
            got = self.family.count_kinds(self.rules, self.view.decks, kinds_of(cards),
                                          self.view.wild)
        except NotImplementedError:
            return 0
        return int(got or 0)

    def is_wild(self, card: Card) -> bool:
        return card.kind == JOKER_KIND or card.kind in self.view.wild

    def words(self, cards: Sequence[Card]) -> str:
        """Cards as the table writes them."""
        return cards_words(cards)

    # ----------------------------------------------------- positions
    def standing(self, cards: Sequence[Card]) -> Standing:
        return Standing(0, 0.0, self.count(cards))

    def take(self, cards: Sequence[Card]) -> Standing:
        """The hand with the pile's top card in it (one card over size)."""
        best = None
        for c in {c.kind: c for c in cards}.values():
            st = self.standing(hand_without(cards, c))
            if best is None or self.points(st) > self.points(best):
                best = st
        return best if best is not None else self.standing(cards)

    def stock(self, cards: Sequence[Card]) -> Standing:
        """The hand before the draw, with a card from the stock to come."""
        return self.standing(cards)

    def points(self, st: Standing) -> float:
        """Expected points of a position (higher is better)."""
        return -float(st.count)

    def win_points(self) -> float:
        """What finishing now is worth."""
        return 0.0

    def pack_points(self) -> float:
        return -float(pack_cost(self.view, self.view.seat)[0])

    def win_chance(self, st: Standing) -> float | None:
        """How often a hand in this position wins the deal (None: the lens
        has no model of it)."""
        return None

    def pack_odds(self) -> PackOdds:
        """The drop against playing on: the deciding bot's numbers when it
        gave them, else the lens's own."""
        if self.odds is not None:
            return self.odds
        now = self.stock(self.view.hand)
        return PackOdds(-self.pack_points(), -self.points(now), self.win_chance(now))

    def cost_words(self, played: Any, better: Any, cost: float) -> str:
        """The review's size of a mistake (``cost``: what the coach's move was
        worth more, in the lens's points): a family whose points no player
        scores words it in its own unit."""
        n = max(1, int(cost + 0.5))  # whole points, as the game scores them
        return f"about {n} point{'s' if n != 1 else ''} better"

    def need_words(self, st: Standing) -> str:
        """``2 cards from declaring``."""
        if st.need <= 0:
            return f"ready for {self.goal}"
        unit = "card" if st.need == 1 else "cards"
        return f"{st.need} {unit} from {st.route or self.goal}"

    def finish_words(self, rest: Sequence[Card]) -> str:
        """What the cards left after a declaration show, in words."""
        lay = self.layout(rest)
        return lay.words() or "every card melded"
