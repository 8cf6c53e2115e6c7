"""How the coach sees a hand, per game family: its best arrangement, what it
pays now, how far it is from finishing, and what a position is worth in
points (``coach.py`` builds its hints and its review on these).

A *lens* is made for one ``PlayerView``.  It reads hands with the family's
own evaluators (the exact solvers for the arrangement and the count) and
with the medium bots' judges for the distance to a finish (the same
numbers the bots play by), and turns a position into expected points with
a model written out beside each lens:

- 13-card (``ThirteenLens``): the chance of winning the deal from the cards
  still to draw, as measured for the packing decision (``packing.py``:
  two-player Points deals of medium against medium, raised to a power for
  more players), winning the typical loser's count from each opponent and
  otherwise paying this hand's count: ``p·G − (1 − p)·L``.  One card more
  to draw early in a deal costs about 15 points by this model.
- 21/27-card (``WideLens``): the medium bot's fitted model of what playing a
  hand on wins (``twentyone.expected_delta``: a + b·draws + c·bonus·n +
  d·count, fitted on medium-against-medium deals).
- Marriage and Vazhushal: ``coach_lens_more.py``.

Each lens answers for a hand held *after* the discard (``standing``), for
the hand after taking the pile's card (``take``: the hand plus that card,
judged as its best hand) and after a card from the stock (``stock``), so
that the moves of one decision compare on one scale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.knowledge import know
from game.app.coach_words import cards_words
from game.engine import Card, PlayerView
from game.engine.cards import JOKER_KIND
from game.engine.game import pack_cost
from game.engine.state import SeatStatus
from game.families import family_of
from game.families.thirteen.judge import Judge
from game.families.thirteen.packing import LOSER_PAYS, win_chance


@dataclass(frozen=True)
class Standing:
    """A position as the coach weighs it."""

    need: int  # cards still to draw to the nearest finish (the family's estimate)
    draws: float  # expected draws (13-card, Marriage: cards; Vazhushal: turns) to finish
    count: int  # what the hand pays if another player finishes now
    bonus: int = 0  # what it collects from each other player whoever wins
    route: str = ""  # the finish it is nearest, in words


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

    def words(self, wild: frozenset[int] = frozenset(), most: int = 4) -> str:
        """``pure sequence 5♥ 6♥ 7♥, set 9♠ 9♦ 9♣`` (``most`` melds, then "…")."""
        parts = [f"{name} {cards_words(cards, wild)}" for name, cards in self.melds[:most]]
        if len(self.melds) > most:
            parts.append("…")
        return ", ".join(parts)


def without(cards: Sequence[Card], card: Card) -> tuple[Card, ...]:
    """``cards`` less that physical card (never by kind: decks repeat cards)."""
    out = list(cards)
    out.remove(card)
    return tuple(out)


def kinds_of(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.kind for c in cards))


def opponents(view: PlayerView) -> int:
    return max(1, sum(1 for s, st in enumerate(view.status)
                      if st == SeatStatus.ACTIVE and s != view.seat))


class Lens:
    """The neutral lens: a family without one of its own gets the count its
    family reports (``Family.count_kinds``) and no distance."""

    goal = "finishing"  # what the hand races to, in words ("declaring", "a show", …)
    dublees = False  # two identical cards are a partial meld in this family
    reads_passes = True  # the log's passes say what the next player does not want
    # why the strongest bot draws blind over a pile card that would help
    stock_words = "a fresh card is expected to help more"

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.family = family_of(view.rules)

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
        """Cards as the player reads them, wild ones starred."""
        return cards_words(cards, self.view.wild)

    # ----------------------------------------------------- positions
    def standing(self, cards: Sequence[Card]) -> Standing:
        return Standing(0, 0.0, self.count(cards))

    def take(self, cards: Sequence[Card]) -> Standing:
        """The hand with the pile's top card in it (one card over size)."""
        best = None
        for c in {c.kind: c for c in cards}.values():
            st = self.standing(without(cards, c))
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

    def need_words(self, st: Standing) -> str:
        """``2 cards from declaring``."""
        if st.need <= 0:
            return f"ready for {self.goal}"
        unit = "card" if st.need == 1 else "cards"
        return f"{st.need} {unit} from {st.route or self.goal}"

    def finish_words(self, rest: Sequence[Card]) -> str:
        """What the cards left after a declaration show, in words."""
        lay = self.layout(rest)
        return lay.words(self.view.wild) or "every card melded"


# ------------------------------------------------------------------ 13-card
class ThirteenLens(Lens):
    """13-card rummy (RULES.md §2–§3): the exact solver for the arrangement
    and the count, medium's judge (``judge.Judge``: cards still to draw,
    less the chance that the next card helps) for the distance, and the
    packing model (module docstring) for points."""

    goal = "declaring"
    stock_words = "played out over likely hands, a fresh card does better"  # hard's search

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.judge = Judge(view, know(view))
        self._stand: dict[tuple[int, ...], Standing] = {}

    def layout(self, cards):
        """The count's arrangement, then whatever else melds among its loose
        cards (a set beside a lone pure sequence counts nothing yet, but it
        is a meld the player keeps and should see)."""
        ev = self.family.evaluate(self.rules, self.view.decks, tuple(cards), self.view.wild)
        melds = [(m.name, m.cards) for m in ev.melds]
        loose = tuple(ev.deadwood)
        for _ in range(4):
            more = self.family.evaluate(self.rules, self.view.decks, loose, self.view.wild,
                                        loose=True)
            if not more.melds:
                break
            melds += [(m.name, m.cards) for m in more.melds]
            loose = tuple(more.deadwood)
        return Layout(tuple(melds), tuple(sorted(loose, key=_order)))

    def count(self, cards):
        got = self.family.count_kinds(self.rules, self.view.decks, kinds_of(cards),
                                      self.view.wild) or 0
        if self.rules.cap is not None:
            got = min(got, self.rules.cap)
        return got * self.family.deal_multiplier(self.rules, self.view.cut)

    def _stand_kinds(self, kinds: tuple[int, ...], sure: bool) -> Standing:
        key = kinds + ((-1,) if sure else ())
        got = self._stand.get(key)
        if got is None:
            judge = self.judge
            sh = judge.shape(kinds)
            need = judge.need(sh, kinds)
            chance = 0.0 if sure else judge.outs(sh) / judge.pool
            got = Standing(need, max(0.0, need - chance), self._count_kinds(kinds))
            self._stand[key] = got
        return got

    def _count_kinds(self, kinds: tuple[int, ...]) -> int:
        size = self.rules.hand_size
        if len(kinds) > size:  # the count of the best hand of the right size
            return min(self._count_kinds(kinds[:i] + kinds[i + 1:]) for i in range(len(kinds)))
        got = self.family.count_kinds(self.rules, self.view.decks, kinds, self.view.wild) or 0
        return got if self.rules.cap is None else min(got, self.rules.cap)

    def standing(self, cards):
        return self._stand_kinds(kinds_of(cards), sure=False)

    def take(self, cards):
        # the pile's card is in hand for sure; the next draw is a turn away
        kinds = kinds_of(cards)
        best = None
        for k in sorted(set(kinds)):
            i = kinds.index(k)
            st = self._stand_kinds(kinds[:i] + kinds[i + 1:], sure=True)
            if best is None or self.points(st) > self.points(best):
                best = st
        return best

    def stock(self, cards):
        return self.standing(cards)  # its chance of a useful card is the stock's

    def points(self, st):
        view = self.view
        n = opponents(view)
        turn = view.turns_taken[view.seat]
        lo = math.floor(st.draws)
        f = st.draws - lo
        p = (1 - f) * win_chance(lo, turn, n) + f * win_chance(lo + 1, turn, n)
        gain = LOSER_PAYS[3] * n
        return p * gain - (1 - p) * st.count

    def win_points(self):
        return float(LOSER_PAYS[3] * opponents(self.view))


def _order(card: Card) -> tuple[int, int]:
    return (-1, 0) if card.is_joker else (int(card.suit), card.rank)


# ------------------------------------------------------------- 21/27-card
class WideLens(Lens):
    """21- and 27-card rummy (RULES.md §4–§5): the exact evaluator
    (``evaluate_21``) for the arrangement and the count, medium's judge
    (``WideJudge``: the nearest of the four shows, expected draws) for the
    distance and the value-card bonus, and its fitted model for points."""

    goal = "a show"
    dublees = True

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        from game.families.twentyone.bots import WideBot, WideJudge

        self.judge = WideJudge(view, True, WideBot.risk)

    def layout(self, cards):
        from game.families.twentyone.cards import dublee_pairs, form_rules

        ev = self.family.evaluate(self.rules, self.view.decks, tuple(cards), self.view.wild)
        pairs = dublee_pairs(cards)
        fr = form_rules(self.rules.form)
        if len(pairs) >= fr.flat_dublees and len(cards) - 2 * len(pairs) < len(ev.deadwood):
            used = {c for p in pairs for c in p}
            return Layout(tuple(("dublee", tuple(p)) for p in pairs),
                          tuple(sorted((c for c in cards if c not in used), key=_order)))
        return Layout(tuple((m.name, m.cards) for m in ev.melds),
                      tuple(sorted(ev.deadwood, key=_order)))

    def count(self, cards):
        return self.family.evaluate(self.rules, self.view.decks, tuple(cards),
                                    self.view.wild).count

    def _analyse(self, kinds: tuple[int, ...]) -> Standing:
        a = self.judge.analyse(kinds)
        return Standing(a.need, a.draws, a.count, a.bonus, ROUTES_21.get(a.route, a.route))

    def standing(self, cards):
        return self._analyse(kinds_of(cards))

    def take(self, cards):
        return self._analyse(kinds_of(cards))  # judged as its best hand of the right size

    def stock(self, cards):
        """The expectation over the live cards of the hand after the draw."""
        kinds = kinds_of(cards)
        live = self.judge.live
        total = sum(live)
        if not total:
            return self.standing(cards)
        draws = count = bonus = 0.0
        for k in range(53):
            if live[k]:
                a = self.judge.analyse(tuple(sorted(kinds + (k,))))
                draws += live[k] * a.draws
                count += live[k] * a.count
                bonus += live[k] * a.bonus
        now = self._analyse(kinds)
        return Standing(now.need, draws / total, round(count / total), round(bonus / total),
                        now.route)

    def points(self, st):
        from game.families.twentyone.bots import expected_delta

        return expected_delta(self.view, st, opponents(self.view))

    def win_points(self):
        # a winner collects a penalty from each loser; half the cap is a
        # typical one (a losing hand rarely has all its pure sequences)
        return self.rules.cap / 2 * opponents(self.view)

    def need_words(self, st):
        if st.need <= 0:
            return "ready for a show"
        unit = "card" if st.need == 1 else "cards"
        return f"{st.need} {unit} from {st.route}"

    def finish_words(self, rest):
        from game.families.twentyone.cards import form_rules

        ev = self.family.evaluate(self.rules, self.view.decks, tuple(rest), self.view.wild)
        fr = form_rules(self.rules.form)
        return {
            "pure": f"{fr.pure_needed} pure sequences and every other card melded",
            "tunnelas": f"{fr.pure_needed} tunnelas",
            "dublees": f"{len(ev.dublees)} dublees",
            "wilds": f"{ev.wild_count} wild cards",
            "marriages": "two marriages",
        }.get(ev.show or "", super().finish_words(rest))


ROUTES_21 = {"pure": "the pure-sequence show", "dublees": "the dublee show",
             "tunnelas": "the tunnela show", "wilds": "the wild-card show"}


def lens_for(view: PlayerView) -> Lens:
    """The lens of the view's family (the neutral one for a family without)."""
    from game.app.coach_lens_more import MarriageLens, WipeLens

    cls = {"13card": ThirteenLens, "21card": WideLens, "marriage": MarriageLens,
           "vazhushal": WipeLens}.get(view.rules.family, Lens)
    return cls(view)
