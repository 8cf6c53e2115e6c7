"""The heuristic bots of Indian Marriage (RULES.md §6): easy, medium and the
look-ahead that hard's search starts from (``hard.py``; ``bots.py`` names
the levels).

What every level does:
- exposes every tunnela it was dealt (it counts toward the three pure melds
  or as a dublee, and pays a bonus once seen);
- sees the tiplu as soon as it can (an unseen loser pays 10 instead of 3 and
  its maal is murdered); with both routes open it sees by dublees (then one
  more dublee wins, and pays 5 more);
- declares whenever ``shows.declarations_thought`` finds a valid show (so it
  never makes a false show), throwing a card that is not maal; it plays
  only moves in ``view.legal``.

How a hand is judged (``Judge.value``): about how many cards it still has
to draw, less the chance that the next card helps.  ``Shape`` is an exact
search over kind counts for the most cards in at most ``m`` groups (melds,
two-card partial melds, single cards); wild cards (only for a player who
has seen) fill any gap but the third card of two identical ones; the live
cards that would join a group ("outs") are its tiebreak.
- Not seen, sequences route: the gap to three natural pure melds (tunnelas,
  pure runs), plus a little for every card that joins no other.
- Not seen, dublee route: seven dublees (exposed tunnelas count one each);
  the better of the two routes counts.
- Seen by sequences: every card in hand in 3-card melds, wild cards filling.
- Seen by dublees: one more dublee.
A partial meld whose missing cards are all in sight counts as single cards.
A seen player keeps its wild cards (they are its maal) on equal terms.

The levels:
- easy, a casual player: no card counting (every partial meld looks alive),
  takes the pile's card when it pairs a card or brings the hand a whole card
  closer, and four times in ten throws a random one of its nearly-worst
  cards;
- medium: counts live cards from everything in sight (hand, pile, table,
  the tiplu once seen, cards others picked and still hold), takes the pile's
  card when it brings the hand closer, throws the card that leaves the best
  hand;
- look-ahead (hard before the search, its prior: ``LookaheadMarriage``):
  medium, and among the discards nearly as good it looks one draw
  ahead (the hand after each live card it may draw, weighted by the copies
  left) and reads the next player (``feed_risk``: the cards they picked and
  threw, what a dublee player can still pair) so as not to feed them.

Every decision is a generator (``think``) that yields between candidate
hands (look-ahead: between the draws it looks at), so one slice stays within a
few milliseconds of processor time.
"""
from __future__ import annotations

from game.ai.base import Bot, Thought
from game.ai.common import RankedDiscards, ranked_discards
from game.ai.kinds import without
from game.ai.knowledge import next_seat, read_log
from game.engine import Declare, DrawDiscard, DrawStock, NextDeal, Phase, PlayerView
from game.engine.actions import Action, Answer
from game.engine.cards import JOKER_KIND, Card, card_points
from game.engine.shows import declarations_thought
from game.families.marriage.actions import (
    DUBLEES,
    DoneExposing,
    ExposeTunnela,
    MarriageView,
    SeeTiplu,
)
from game.families.marriage.judge import Judge, could_use, live_counts, maal_weight

__all__ = ["EasyMarriage", "Judge", "LookaheadMarriage", "MarriageBot", "MediumMarriage",
           "could_use", "feed_risk", "live_counts", "maal_weight"]


# -------------------------------------------------------------------- bots
class MarriageBot(Bot, RankedDiscards):
    """The shared turn: expose, see, declare, then draw/discard by ``Judge``."""

    name = "marriage"
    fallback_order = (DrawStock(), DrawDiscard(), DoneExposing(), NextDeal())
    counting = True  # count live cards
    dublee_bias = 1.0
    take_gain = 0.5  # how much closer the pile's card must bring the hand
    prefer = DUBLEES  # the route taken when both are open

    def decide(self, view: PlayerView) -> Thought:
        legal = view.legal
        action = None
        if NextDeal() in legal:
            action = NextDeal()
        elif view.phase == Phase.DECIDE:
            action = Answer(True)
        elif view.phase == Phase.FAMILY:
            exposes = [a for a in legal if isinstance(a, ExposeTunnela)]
            action = exposes[0] if exposes else DoneExposing()
        elif view.phase == Phase.DRAW:
            action = yield from self.draw(view)
        elif view.phase == Phase.DISCARD:
            declares = yield from declarations_thought(view)
            if declares:
                action = self.pick_declare(view, declares)
            else:
                sees = [a for a in legal if isinstance(a, SeeTiplu)]
                if sees:
                    action = yield from self.see(view, sees)
                else:
                    action = yield from self.discard(view)
        return action

    # -------------------------------------------------------------- pieces
    def judge(self, view: PlayerView) -> Judge:
        return Judge(view, self.counting, self.dublee_bias)

    def pick_declare(self, view: PlayerView, declares: list[Declare]) -> Action:
        """Show, throwing the card worth least as maal (a wild card last)."""
        return min(declares, key=lambda a: (a.card.kind in view.wild,
                                            maal_weight(view, a.card.kind), a.card.uid))

    def see(self, view: PlayerView, sees: list[SeeTiplu]) -> Thought:
        """Both routes open (rare): dublees, whose follow-up is one more
        dublee among eight cards (and the finish pays 5 more); a sequence
        seer still has four melds to make."""
        routes = {a.route: a for a in sees}
        return routes.get(self.prefer, sees[0])
        yield

    def draw(self, view: PlayerView) -> Thought:
        legal = view.legal
        if DrawDiscard() not in legal:
            return DrawStock()
        if DrawStock() not in legal:
            return DrawDiscard()
        take = yield from self.worth_taking(view)
        return DrawDiscard() if take else DrawStock()

    def worth_taking(self, view: PlayerView) -> Thought:
        """Whether the pile's card brings the hand ``take_gain`` closer;
        None when no meld or dublee of the hand could use it."""
        kinds = tuple(c.kind for c in view.hand)
        top = view.discard[-1].kind
        if not could_use(kinds, top, view.wild):
            return None
        judge = self.judge(view)
        now = judge.value(kinds)
        yield
        # the hand with the card, judged as a whole: the search leaves out
        # the card it would throw (it never needs to throw the new one, or
        # the new card gains nothing)
        after = judge.value(kinds + (top,))
        return after < now - self.take_gain

    def rank_discards(self, view: PlayerView, judge: Judge) -> Thought:
        """(value, tiebreak, card) for each distinct discard, best first;
        a seen player keeps its wild cards (maal) on equal terms."""
        kinds = tuple(c.kind for c in view.hand)

        def score(kind: int, card: Card) -> tuple[float, int]:
            keep = (kind in view.wild) * 2 + maal_weight(view, kind)
            return judge.value(without(kinds, kind)) + 0.01 * keep, -card_points(kind)

        return (yield from ranked_discards(view, score))


class EasyMarriage(MarriageBot):
    name = "easy"
    description = "Sees the tiplu when it can and keeps its pairs and runs; slips now and then."
    counting = False
    slip = 0.4
    margin = 1.0
    take_gain = 0.9

    def draw(self, view: PlayerView) -> Thought:
        """The pile's card when it makes a dublee on the dublee way, or
        brings the hand a whole card closer."""
        legal = view.legal
        if DrawDiscard() in legal and DrawStock() in legal:
            ex: MarriageView = view.extra
            kinds = [c.kind for c in view.hand]
            top = view.discard[-1].kind
            if (ex.my_route == DUBLEES or not ex.i_have_seen) and kinds.count(top) == 1:
                return DrawDiscard()
        action = yield from super().draw(view)
        return action


class MediumMarriage(MarriageBot):
    name = "medium"
    description = "Counts live cards, picks its route and keeps its maal."


class LookaheadMarriage(MarriageBot):
    name = "lookahead"
    description = "Looks one draw ahead and reads the next player so as not to feed them."
    margin = 1.0
    max_candidates = 4  # how many of the nearly-as-good discards it looks ahead with
    feed = 0.6  # own-value units a sure feed costs

    def pick_discard(self, view: PlayerView, judge: Judge, near: list) -> Thought:
        """Among the discards nearly as good, the one whose hand is best
        after the next draw from the stock (the expectation over the live
        cards), less the chance that the next player takes it."""
        if len(near) == 1:
            return near[0][2]
        keyed = yield from self.lookahead(view, judge, near[:self.max_candidates])
        return min(keyed, key=lambda t: t[0])[1]

    def lookahead(self, view: PlayerView, judge: Judge, near: list) -> Thought:
        """(key, card) for each of ``near``: the expected value of the hand
        after the next draw plus ``feed`` times the chance that the next
        player takes the card, then the tiebreak and the card's id (lower
        is better)."""
        nxt = next_seat(view, view.seat)
        risk = self.feed_chance(view, judge, nxt) if nxt is not None else (lambda kind: 0.0)
        kinds = tuple(c.kind for c in view.hand)
        live = judge.live_kinds
        total = max(1, sum(live))
        out = []
        for _, tiebreak, card in near:
            rest = without(kinds, card.kind)
            now = judge.value(rest)
            expected = 0.0
            for k in range(53):
                if not live[k]:
                    continue
                v = now
                if could_use(rest, k, view.wild):
                    yield
                    v = min(now, judge.value(rest + (k,)))
                expected += live[k] * v
            out.append(((expected / total + self.feed * risk(card.kind), tiebreak, card.uid),
                        card))
            yield
        return out

    def feed_chance(self, view: PlayerView, judge: Judge, seat: int):
        """A function kind -> the chance that ``seat`` takes that card from
        the pile (``feed_risk``; a measuring bot may be told instead)."""
        return feed_risk(view, judge, seat)


def feed_risk(view: PlayerView, judge: Judge, seat: int):
    """A function kind -> rough chance that ``seat`` takes that card from
    the pile and is helped by it."""
    ex: MarriageView = view.extra
    live = judge.live_kinds or live_counts(view)
    mem = read_log(view).get(seat)
    held = [c.kind for c in mem.held] if mem else []
    threw = set(mem.threw) if mem else set()
    size = max(1, view.hand_sizes[seat])
    unseen = max(1, sum(live))
    seen_them = ex.seen[seat]
    route = ex.saw_by[seat]

    def holds(kind: int) -> float:
        """Chance they hold a copy of ``kind``."""
        if kind in held:
            return 1.0
        p = min(1.0, size * live[kind] / unseen)
        return p * (0.3 if kind in threw else 1.0)

    def risk(kind: int) -> float:
        if seen_them and kind in view.wild:
            return 0.0  # they have seen: a wild card (we know it too) may not be taken
        if seen_them and route == DUBLEES or kind == JOKER_KIND:
            return holds(kind)
        s, r = divmod(kind, 13)
        near = [s * 13 + r + d for d in (-2, -1, 1, 2) if 0 <= r + d <= 12]
        if r == 0:
            near += [s * 13 + 11, s * 13 + 12]  # Q-K-A
        p_run = max((holds(x) for x in near), default=0.0)
        picked_near = any(x in near for x in held)
        return min(1.0, 0.5 * holds(kind) + 0.4 * p_run + (0.4 if picked_near else 0.0))

    return risk

