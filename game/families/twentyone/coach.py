"""How the coach sees a 21- or 27-card hand (RULES.md §4–§5; the framework
is ``game.ai.coach``).

The exact evaluator gives the arrangement and the count, medium's judge
(``WideJudge``: the nearest of the four shows, expected draws) the distance
and the value-card bonus, and the medium bot's fitted model turns a
position into points (``bots.expected_delta``: a + b·draws + c·bonus·n +
d·count, fitted on medium-against-medium deals).  Two identical cards are a
dublee, a partial meld of this game.  Every move of this game is one the
framework knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.coach.lens import Layout, Lens, Standing, card_order, opponents
from game.ai.kinds import adding, kinds_of
from game.engine import Card, PlayerView
from game.families.twentyone.bots import WideBot, WideJudge, expected_delta
from game.families.twentyone.cards import dublee_pairs, form_rules

# the four shows (``WideJudge.analyse``'s routes) in words
ROUTES = {"pure": "the pure-sequence show", "dublees": "the dublee show",
          "tunnelas": "the tunnela show", "wilds": "the wild-card show"}


class WideLens(Lens):
    """21- and 27-card rummy: the exact evaluator (``evaluate_21``) for the
    arrangement and the count, medium's judge for the distance and the
    value-card bonus, its fitted model for points."""

    goal = "a show"
    twins = "a dublee"

    def __init__(self, view: PlayerView) -> None:
        super().__init__(view)
        self.judge = WideJudge(view, True, WideBot.risk)

    def layout(self, cards: Sequence[Card]) -> Layout:
        ev = self.family.evaluate(self.rules, self.view.decks, tuple(cards), self.view.wild)
        pairs = dublee_pairs(cards)
        fr = form_rules(self.rules.form)
        if len(pairs) >= fr.flat_dublees and len(cards) - 2 * len(pairs) < len(ev.deadwood):
            used = {c for p in pairs for c in p}
            return Layout(tuple(("dublee", tuple(p)) for p in pairs),
                          tuple(sorted((c for c in cards if c not in used), key=card_order)))
        return Layout(tuple((m.name, m.cards) for m in ev.melds),
                      tuple(sorted(ev.deadwood, key=card_order)))

    def count(self, cards: Sequence[Card]) -> int:
        return self.family.evaluate(self.rules, self.view.decks, tuple(cards),
                                    self.view.wild).count

    def _analyse(self, kinds: tuple[int, ...]) -> Standing:
        a = self.judge.analyse(kinds)
        return Standing(a.need, a.draws, a.count, a.bonus, ROUTES.get(a.route, a.route))

    def standing(self, cards: Sequence[Card]) -> Standing:
        return self._analyse(kinds_of(cards))

    def take(self, cards: Sequence[Card]) -> Standing:
        return self._analyse(kinds_of(cards))  # judged as its best hand of the right size

    def stock(self, cards: Sequence[Card]) -> Standing:
        """The expectation over the live cards of the hand after the draw."""
        kinds = kinds_of(cards)
        live = self.judge.live
        total = sum(live)
        if not total:
            return self.standing(cards)
        draws = count = bonus = 0.0
        for k in range(53):
            if live[k]:
                a = self.judge.analyse(adding(kinds, k))
                draws += live[k] * a.draws
                count += live[k] * a.count
                bonus += live[k] * a.bonus
        now = self._analyse(kinds)
        return Standing(now.need, draws / total, round(count / total), round(bonus / total),
                        now.route)

    def points(self, st: Standing) -> float:
        return expected_delta(self.view, st, opponents(self.view))

    def win_points(self) -> float:
        # a winner collects a penalty from each loser; half the cap is a
        # typical one (a losing hand rarely has all its pure sequences)
        return self.rules.cap / 2 * opponents(self.view)

    def need_words(self, st: Standing) -> str:
        if st.need <= 0:
            return "ready for a show"
        unit = "card" if st.need == 1 else "cards"
        return f"{st.need} {unit} from {st.route}"

    def finish_words(self, rest: Sequence[Card]) -> str:
        ev = self.family.evaluate(self.rules, self.view.decks, tuple(rest), self.view.wild)
        fr = form_rules(self.rules.form)
        return {
            "pure": f"{fr.pure_needed} pure sequences and every other card melded",
            "tunnelas": f"{fr.pure_needed} tunnelas",
            "dublees": f"{len(ev.dublees)} dublees",
            "wilds": f"{ev.wild_count} wild cards",
            "marriages": "two marriages",
        }.get(ev.show or "", super().finish_words(rest))


# what the coach knows of this game (the registry reads it)
COACH = WideLens
