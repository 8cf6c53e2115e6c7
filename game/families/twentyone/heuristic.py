"""The heuristic bots of 21- and 27-card rummy (RULES.md §4, §5): easy,
medium, and ``HardWide`` (the hard level before the search, ``hard.py``,
kept as a yardstick and for the coach's frame).

What every level does:
- shows whenever ``shows.declarations_thought`` finds a valid show (the
  engine's exact evaluator decides), so it never makes a false show, and
  throws a card that keeps its value-card bonus;
- keeps value cards and wild cards (they pay a bonus whoever wins);
- takes a discard only when the engine offers it (never a thrown wild card).

How a hand is judged (``WideJudge.analyse``): for each show it could make,
the draws still needed (``need``) and the chance that an unseen card helps
(``p``, from the live cards), giving an expected number of draws ``need / p``;
the hand's value is the best show's, plus a weight on what it would pay if
another player showed first, less its bonus.
- Show "pure" (three pure sequences, 27: four, the rest melded): the pure
  targets first (complete pure runs and tunnelas, runs missing one exact
  card, ...; the fewest missing cards, disjoint), then the other cards in
  complete runs and sets, two-card partial melds and single cards, as many
  as fit in the hand's size; wild cards fill any slot but a pure one.  As
  in shanten counts, ``need = max(size − kept − wild, pure holes + the
  other holes the wild cards cannot fill)``.  Designated wild cards count
  as wild only (a small loss of precision for speed).
- Dublees: eight (27: ten) pairs; outs are the live copies of single cards.
- Tunnelas: the three (four) kinds held most often; outs their live copies.
- Wild cards held (option): eight (ten); outs the live wild cards.
- The count if another player showed: every card with no pure sequence,
  the cards outside them with fewer than three (four), the loose ones with
  more; 2 for 6+ dublees or 7+ wild cards (27: 8+, 9+); capped.

The levels (parameters measured with duplicate deals, see the AI README):
- easy: no card counting (every copy looks alive), a random one of its
  nearly-best discards one time in four, takes the pile's card only when it
  makes the hand clearly better (``take_gain``), cares little what the hand
  would pay (``risk``), drops only a hopeless hand;
- medium: counts live cards (the hand, the pile, the cut card, cards others
  picked and still hold), weighs what the hand would pay, takes the pile's
  card when it makes the hand clearly better, and drops (30 first, 70
  later) when ``expected_delta`` (a model fitted on medium-against-medium
  deals) says playing on costs more than the drop;
- ``HardWide``: medium, plus looking one stock card ahead: the pile's card is taken
  when it beats the expected value of an unknown stock card (every live kind
  weighed by its live copies), and its four best discards are judged again
  by the expected value of the hand after the next stock card; among those
  nearly equal it throws the one the next player is least likely to use
  (``feed_risk``, from what the log shows they picked, threw and let pass).

Every decision is a generator (``think``) that yields between candidate
hands, so that one slice stays within a few milliseconds.
"""
from __future__ import annotations

from game.ai.base import Bot, Thought
from game.ai.common import RankedDiscards, ranked_discards
from game.ai.kinds import adding, kinds_of, without
from game.ai.knowledge import next_seat, read_log
from game.engine import Declare, DrawDiscard, DrawStock, NextDeal, Pack, Phase, PlayerView
from game.engine.actions import Action, Answer
from game.engine.cards import JOKER_KIND, Card
from game.engine.game import pack_cost
from game.engine.shows import declarations_thought
from game.engine.state import Move
from game.families.twentyone.cards import bonus_points
from game.families.twentyone.judge import POINTS, Analysis, WideJudge

__all__ = ["Analysis", "EasyWide", "HardWide", "MediumWide", "WideBot", "WideJudge",
           "expected_delta", "feed_risk", "kinds_of"]


# --------------------------------------------------------------------- bots


class WideBot(Bot, RankedDiscards):
    """The shared turn: show when possible, drop a poor hand, draw and
    discard by ``WideJudge``."""

    name = "wide"
    counting = True  # count live cards
    risk = 8.0  # weight of what the hand would pay (count / 40 per unit)
    take_gain = 4.0  # how much better than the hand the pile's card must make it
    pack_margin = 10.0  # drop when playing on is expected to cost this much more
    risk_growth = 0.0  # the weight of the count grows by this share each turn taken
    lookahead = 0  # the best discards judged again one stock card ahead
    feed = 0.0  # value lost when the next player surely takes the discard

    def judge(self, view: PlayerView) -> WideJudge:
        turns = view.turns_taken[view.seat]
        return WideJudge(view, self.counting, self.risk * (1 + self.risk_growth * turns))

    def decide(self, view: PlayerView) -> Thought:
        legal = view.legal
        action = None
        if NextDeal() in legal:
            action = NextDeal()
        elif view.phase == Phase.DECIDE:
            action = Answer(True)
        elif view.phase == Phase.DRAW:
            action = yield from self.draw(view)
        elif view.phase == Phase.DISCARD:
            declares = yield from declarations_thought(view)
            if declares:
                action = self.pick_declare(view, declares)
            else:
                action = yield from self.discard(view)
        return action

    # -------------------------------------------------------------- pieces
    def pick_declare(self, view: PlayerView, declares: list[Declare]) -> Action:
        """Show, throwing the card that leaves the biggest bonus (then the
        costliest card: it matters to nobody, but reads naturally)."""
        values = view.extra.values if view.extra is not None else ()
        kinds = kinds_of(view.hand)

        def key(a: Declare):
            rest = without(kinds, a.card.kind)
            bonus = bonus_points(rest, values, view.rules.bonus_scheme).points if values else 0
            wild = a.card.kind == JOKER_KIND or a.card.kind in view.wild
            return (-bonus, wild, -POINTS[a.card.kind], a.card.uid)

        return min(declares, key=key)

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        judge = self.judge(view)
        kinds = kinds_of(view.hand)
        now = judge.analyse(kinds)
        if Pack() in legal and self.should_pack(view, judge, now):
            return Pack()
        yield
        if DrawDiscard() not in legal:
            return DrawStock()
        if DrawStock() not in legal:
            return DrawDiscard()
        top = view.discard[-1].kind
        if not self.may_take(view, top):
            return DrawStock()
        with_top = judge.analyse(adding(kinds, top)).value  # judged as its best 21
        stock = yield from self.stock_value(view, judge, kinds, now)
        return DrawDiscard() if with_top < stock else DrawStock()

    @staticmethod
    def may_take(view: PlayerView, kind: int) -> bool:
        """Never take back a kind this seat threw this deal (it was the worst
        card then), nor a fourth pile card in a row: bots that each think
        the other's throw better than their own could pass the same cards
        round for ever."""
        mine = [(what, card) for seat, what, card in view.log if seat == view.seat]
        if any(what == Move.DISCARD and card.kind == kind for what, card in mine):
            return False
        picks = [what for what, _card in mine if what.startswith("draw")][-3:]
        return not (len(picks) == 3 and all(w == Move.DRAW_DISCARD for w in picks))

    def stock_value(self, view: PlayerView, judge: WideJudge, kinds, now: Analysis) -> Thought:
        """What drawing an unknown stock card is worth: the hand as it is,
        less ``take_gain`` (hard looks one card ahead)."""
        return now.value - self.take_gain
        yield

    def should_pack(self, view: PlayerView, judge: WideJudge, now: Analysis) -> bool:
        """Drop when playing on is expected to cost more than the drop
        (``expected_delta``), by at least ``pack_margin``; a first hand only
        when it is hopeless as a player sees it (``hopeless_first_hand``)."""
        cost, first = pack_cost(view, view.seat)
        if first and not hopeless_first_hand(judge, kinds_of(view.hand), now):
            return False
        return expected_delta(view, now, judge.opponents) < -cost - self.pack_margin

    def pick_discard(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        if self.lookahead and len(near) > 1:
            near = yield from self.look_ahead(view, judge, near[:int(self.lookahead)])
        return near[0][2]

    def look_ahead(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        """The candidates re-ranked by the expected value of the hand after
        the next stock card (judged as its best 21), over the live kinds."""
        kinds = kinds_of(view.hand)
        live = judge.live
        out = []
        for value, tie, card in near:
            rest = without(kinds, card.kind)
            total = 0.0
            weight = 0
            for kind in range(53):
                n = live[kind]
                if n:
                    total += n * judge.analyse(adding(rest, kind)).value
                    weight += n
                    if kind % 8 == 7:
                        yield
            out.append((total / weight if weight else value, tie, card))
        out.sort(key=lambda t: (t[0], t[1], t[2].uid))
        return out

    def rank_discards(self, view: PlayerView, judge: WideJudge) -> Thought:
        """(value, tiebreak, card) for each distinct discard, best first."""
        kinds = kinds_of(view.hand)

        def score(kind: int, card: Card) -> tuple[float, int]:
            keep = judge.iswild[kind]  # a wild card helps every show but dublees
            return judge.analyse(without(kinds, kind)).value + keep, -POINTS[kind]

        return (yield from ranked_discards(view, score))


class EasyWide(WideBot):
    name = "easy"
    description = "Goes for the show it sees, keeps its jokers; slips now and then."
    counting = False
    slip = 0.25
    margin = 1.5
    risk = 0.3
    take_gain = 2.0
    pack_margin = 60.0  # only a hopeless hand


class MediumWide(WideBot):
    name = "medium"
    description = "Counts live cards, races for the nearest show and drops a poor hand."


class HardWide(WideBot):
    name = "hard-heuristic"
    description = "Medium, plus looking a card ahead and not feeding the next player."
    margin = 2.0
    lookahead = 4
    feed = 1.0  # value lost when the next player surely takes the discard
    feed_margin = 0.5  # ... weighed among discards this close after the look ahead
    take_edge = 0.0  # how much better than the expected stock card the pile's must be

    def stock_value(self, view: PlayerView, judge: WideJudge, kinds, now: Analysis) -> Thought:
        """The expected value of the hand with an unknown stock card
        (judged as its best 21), over the live kinds."""
        live = judge.live
        total = 0.0
        weight = 0
        for kind in range(53):
            n = live[kind]
            if n:
                total += n * judge.analyse(adding(kinds, kind)).value
                weight += n
                if kind % 8 == 7:
                    yield
        return (total / weight if weight else now.value) - self.take_edge

    def pick_discard(self, view: PlayerView, judge: WideJudge, near: list) -> Thought:
        if len(near) == 1:
            return near[0][2]
        ranked = yield from self.look_ahead(view, judge, near[:int(self.lookahead)])
        nxt = next_seat(view, view.seat)
        if nxt is None or not self.feed:
            return ranked[0][2]
        risk = feed_risk(view, judge, nxt)
        close = [t for t in ranked if t[0] <= ranked[0][0] + self.feed_margin]
        return min(close, key=lambda t: (t[0] + self.feed * risk(t[2].kind), t[1],
                                          t[2].uid))[2]


# What a seat expects to win (points, + won, − paid) by playing the deal on,
# from its hand at the start of a turn, under medium-against-medium play
# without drops: a + b·draws + c·(bonus × opponents) + d·count, fitted by
# least squares per form, player count (2 and 4; 3 in between, 5-6 as 4) and
# turns taken (0, 1-3, 4-7, 8+), on 300/200 deals (21 cards, 2/4 players)
# and 200/120 (27 cards).  The count (no pure sequence yet: the whole hand)
# and the bonus say most; the draws still needed a little.
# A first hand is dropped only this many draws or more from its nearest show.
FIRST_DROP_NEED = 4


def hopeless_first_hand(judge: WideJudge, kinds, now: Analysis) -> bool:
    """A first hand a regular would drop: no wild card and ``FIRST_DROP_NEED``
    or more draws from its nearest show.  Measured at four players (999 first
    hands of mediums that never dropped): such hands lost 77 points on
    average against a drop of 30, while a hand with a pure sequence or a
    tunnela and a wild card won 27 on average; the fitted model alone
    dropped a third of first hands, among them 94 of that kind."""
    return now.need >= FIRST_DROP_NEED and not any(judge.iswild[k] for k in kinds)


DELTA_MODEL = {
    (21, 2): ((100.7, -1.64, 0.96, -0.55), (61.2, -1.55, 1.11, -0.33),
              (39.7, -1.17, 1.07, -0.35), (6.5, -0.99, 1.05, -0.19)),
    (21, 4): ((180.7, -1.79, 1.20, -1.67), (123.5, -2.98, 1.21, -0.94),
              (77.0, -3.65, 1.16, -0.57), (3.7, -2.34, 1.16, -0.55)),
    (27, 2): ((72.3, -0.18, 1.12, -0.84), (37.7, -0.41, 1.17, -0.58),
              (12.3, -0.88, 1.12, -0.36), (-11.7, -1.84, 1.02, -0.01)),
    (27, 4): ((216.0, -5.58, 1.17, -1.41), (122.1, -4.87, 1.20, -1.06),
              (49.1, -5.27, 1.19, -0.66), (0.6, -8.07, 1.11, -0.16)),
}


def expected_delta(view: PlayerView, now: Analysis, opponents: int) -> float:
    """What playing this hand on is expected to win (``DELTA_MODEL``)."""
    turns = view.turns_taken[view.seat]
    row = 0 if turns == 0 else 1 if turns <= 3 else 2 if turns <= 7 else 3
    form = view.rules.form
    players = opponents + 1
    if players == 3:
        a = DELTA_MODEL[(form, 2)][row]
        b = DELTA_MODEL[(form, 4)][row]
        coef = tuple((x + y) / 2 for x, y in zip(a, b, strict=True))
    else:
        coef = DELTA_MODEL[(form, 2 if players == 2 else 4)][row]
    return (coef[0] + coef[1] * min(now.draws, 60.0) + coef[2] * now.bonus * opponents
            + coef[3] * now.count)


def feed_risk(view: PlayerView, judge: WideJudge, seat: int):
    """A function kind -> rough chance that ``seat`` takes that card from
    the pile and is helped by it (a wild card cannot be taken)."""
    live = judge.live
    mem = read_log(view).get(seat)
    held = [c.kind for c in mem.held] if mem else []
    threw = set(mem.threw) if mem else set()
    passed = set(mem.passed) if mem else set()
    size = max(1, view.hand_sizes[seat])
    unseen = max(1, sum(live))

    def holds(kind: int) -> float:
        if kind in held:
            return 1.0
        p = min(1.0, size * live[kind] / unseen)
        return p * (0.3 if kind in threw or kind in passed else 1.0)

    def risk(kind: int) -> float:
        if judge.iswild[kind]:
            return 0.0
        if kind in passed:
            return 0.05
        s, r = divmod(kind, 13)
        near = [s * 13 + r + d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
        if r == 0:
            near += [s * 13 + 11, s * 13 + 12]
        same = [t * 13 + r for t in range(4) if t != s]
        p_run = max((holds(x) for x in near), default=0.0)
        p_set = max((holds(x) for x in same), default=0.0)
        picked_near = any(x in near or x in same for x in held)
        return min(1.0, 0.4 * holds(kind) + 0.3 * p_run + 0.2 * p_set
                   + (0.3 if picked_near else 0.0))

    return risk
