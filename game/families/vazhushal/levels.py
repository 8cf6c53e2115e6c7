"""The heuristic levels of Vazhushal (Wipe), RULES.md §7: easy, medium, and
the heuristic the hard level's search starts from (``HeuristicVazhushal``,
``hard.py`` for the search; it was the hard level before the search).

What the game rewards, and so what the bots do (measured with these bots:
every deal of 2–6 players ended with a player going out, after about six
turns each; the stock never ran out):
- **The race to go out.**  A position is judged by the turns it still needs
  (``Judge``): from a hand held after the discard with ``L`` cards still to
  meld (the loose cards of the best lay-down beside the table, and the cards
  a pure sequence still needs), a stock card helps with chance ``p`` (it
  completes two loose cards, lays off on a meld, or is wild: unseen copies
  counted), so about ``L / p`` turns.  The stock-out score weighs a little,
  more as the stock runs down (racing the stock).
- **Hold back.**  Melds on the table score nothing until the deal ends, at a
  stock out every player lays down what they can anyway (``Finish``, the
  engine's exact lay-down), and cards on the table can no longer make the
  *new* meld a wipe needs.  So medium and hard lay melds only with a wipe
  (the engine lays the pure sequence a first wipe needs with it) and when
  they go out (``GoOut``, which rearranges everything).  Easy lays down
  whatever it can every turn (measured: medium that lays down every turn
  wins 41.5% of two-player deals against medium, 95% interval [35, 48]).
- **Wipe when it pays**: each wipe the engine would allow is judged by the
  turns the hand then needs, against the stock card (medium: the chance
  ``p``; the heuristic: every unseen kind tried, weighted by its copies).
  Easy looks at the top card only.
- **The discard**: the loose card whose loss keeps the most chance (then
  the costliest); wild cards are never thrown while a natural one is loose.
  The heuristic also avoids feeding the others: a card whose neighbours are
  unseen or known to be in another hand (the wipes in the log) is one they
  may wipe.
- **Going out** whenever the engine's search finds a way (``GoOut``).

The heuristic judges its own melds as rearrangeable with the hand (the
lay-down search with the table), medium as fixed with loose cards laid off
on them.

Every decision is a generator (``think``): searches are bounded by node
limits and the bot yields between them (no slice over about 5 ms of
processor time measured); the same view always gives the same move.  A bot
plays only an offered action it has checked with the engine's own
resolution functions (``actions.py``), so it never makes a refused move.
"""

from __future__ import annotations

from collections.abc import Generator

from game.ai.base import Bot, Thought
from game.engine import Discard, DrawStock, NextDeal, Phase, PlayerView
from game.engine.actions import Action
from game.engine.cards import Card, make_card
from game.families.vazhushal.actions import (
    Finish,
    GoOut,
    LayDown,
    Position,
    Wipe,
    iter_resolve_wipe,
    resolve_go_out,
    resolve_laydown,
)
from game.families.vazhushal.judge import SEARCH_NODES, Judge, neighbours
from game.families.vazhushal.melds import is_wild, left_value

GO_OUT_NODES = 250
MAX_WIPES = 8  # wipes judged a turn (the deepest ones that pass the cheap test first)


class VazhushalBot(Bot):
    name = "vazhushal"
    fallback_order = (DrawStock(), Finish(True))
    counting = True  # knows the unseen cards
    hold_back = True  # lays melds only with a wipe or to go out
    reads_danger = False
    exact_stock = False  # hard: the stock card tried kind by kind
    rearranges = False  # hard: its melds judged as rearrangeable with the hand
    top_only = False  # easy: wipes only the top card of the line
    danger_weight = 1.0
    stock_bias = 0.0  # easy: a leaning to the stock (turns)
    noise = 0.0  # easy: a random loose card this often

    def decide(self, view: PlayerView) -> Thought:
        if NextDeal() in view.legal:
            return NextDeal()
        if view.phase == Phase.FAMILY:
            action: Action = Finish(True)
        elif view.phase == Phase.DRAW:
            action = yield from self.draw(view)
        else:
            action = yield from self.play(view)
        return action

    def fallback_discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        """The card that costs most if left in hand (a wild card last)."""
        return max(discards, key=lambda a: (not is_wild(a.card.kind, view.wild),
                                            left_value(a.card, view.wild), a.card.uid))

    # ------------------------------------------------------------------ draw
    def draw(self, view: PlayerView) -> Thought:
        pos = Position.of_view(view)
        judge = Judge(view, self.counting, self.rearranges)
        yield
        if self.exact_stock:
            stock = yield from self.stock_average(view, judge)
        else:
            stock = yield from judge.stock_value(view.hand)
        best, best_value = DrawStock(), stock + self.stock_bias
        wipes = [a for a in view.legal if isinstance(a, Wipe)][-MAX_WIPES:]
        if self.top_only:
            wipes = [a for a in wipes if a.card == view.discard[-1]]
        judged = yield from self.wipe_values(pos, judge, wipes)
        for value, action in judged:
            if value > best_value:
                best, best_value = action, value
        return best

    def wipe_values(self, pos: Position, judge: Judge, wipes: list[Wipe]) -> Thought:
        """(the turn's value after it, the wipe) for each of ``wipes`` the
        engine can resolve, in their order: the hand left and the table with
        the melds the wipe lays, as ``judge`` values a turn."""
        out = []
        for action in wipes:
            yield
            laid, _ = yield from iter_resolve_wipe(pos, action, 24, explain=False)
            if laid is None:
                continue
            i = pos.index_of(action.card)
            used = {c.uid for m in laid for c in m.cards}
            hand = [c for c in pos.hand + pos.line[i:] if c.uid not in used]
            yield
            value = yield from judge.turn_value(hand, pos.melds + laid)
            out.append((value, action))
        return out

    def stock_average(self, view: PlayerView, judge: Judge) -> Generator[None, None, float]:
        """The stock card's worth tried kind by kind: each unseen kind drawn,
        weighted by its unseen copies."""
        total = weight = 0.0
        hand = list(view.hand)
        for k in range(53):
            n = judge.unseen[k]
            if not n:
                continue
            yield
            card = make_card(k, 0, 0) if k < 52 else make_card(k, 0, 0)
            total += n * (yield from judge.turn_value(hand + [card]))
            weight += n
        if not weight:
            return (yield from judge.stock_value(view.hand))
        return total / weight

    # ------------------------------------------------------------- the turn
    def play(self, view: PlayerView) -> Thought:
        pos = Position.of_view(view)
        if GoOut() in view.legal:
            yield
            done, _ = resolve_go_out(pos, GO_OUT_NODES)
            if done is not None:
                return GoOut()
        if len(view.hand) == 1:
            return Discard(view.hand[0])
        judge = Judge(view, self.counting, self.rearranges)
        yield
        card = yield from self.pick_discard(view, judge)
        keep = _first_of_kind(view.hand, card)
        if not self.hold_back and LayDown(keep) in view.legal:
            yield
            melds, _ = resolve_laydown(pos, keep, SEARCH_NODES)
            if melds is not None:
                return LayDown(keep)
        return Discard(keep)

    def pick_discard(self, view: PlayerView, judge: Judge) -> Generator[None, None, Card]:
        hand = list(view.hand)
        shape = judge.shape(hand)
        yield
        naturals = [c for c in shape.loose if not is_wild(c.kind, judge.wild)]
        if not naturals:
            return (yield from self.break_meld(view, judge, hand))
        rng = self.rng(view)
        if self.noise and rng.random() < self.noise:
            return rng.choice(naturals)
        danger = (lambda c: self.danger(judge, c)) if self.reads_danger else None
        return judge.throw(shape, danger)

    def break_meld(self, view: PlayerView, judge: Judge,
                   hand) -> Generator[None, None, Card]:
        """Every natural card is melded: throw the one whose loss costs least."""
        best, best_value = None, None
        seen = set()
        for c in hand:
            if c.kind in seen or is_wild(c.kind, judge.wild):
                continue
            seen.add(c.kind)
            yield
            rest = [x for x in hand if x is not c]
            shape = judge.shape(rest)
            value = -judge.turns_after(shape, shape.loose) + judge.score_weight * shape.score
            if best_value is None or value > best_value:
                best, best_value = c, value
        if best is None:  # only wild cards: throw one
            best = hand[0]
        return best

    def danger(self, judge: Judge, card: Card) -> float:
        """How much throwing ``card`` helps the others wipe it: its
        neighbours known to be in their hands, or still unseen (as a share of
        the unseen cards), and the wild cards they may hold."""
        near = neighbours(card.kind)
        held = sum(1 for cards in judge.known.values() for c in cards if c.kind in near)
        live = sum(judge.unseen[k] for k in near) / judge.total
        return self.danger_weight * (0.5 * held + 10.0 * live)


def _first_of_kind(hand, card: Card) -> Card:
    """The card ``legal_actions`` offers ``LayDown`` with for this kind."""
    return next(c for c in hand if c.kind == card.kind)


class EasyVazhushal(VazhushalBot):
    name = "easy"
    description = ("Lays down whatever it can every turn, wipes the top card when it "
                   "melds, throws a loose card (now and then a random one).")
    counting = False
    hold_back = False
    noise = 0.25
    stock_bias = 0.5
    top_only = True


class MediumVazhushal(VazhushalBot):
    name = "medium"
    description = ("Holds its melds back until it goes out, wipes when the cards taken "
                   "bring it closer than a stock card would, keeps the loose cards with "
                   "live partners.")


class HeuristicVazhushal(VazhushalBot):
    """Hard before the search (its search starts from this: ``hard.py``)."""

    name = "heuristic"
    description = ("Medium, plus it tries every unseen stock card to judge a wipe, plans "
                   "with its melds rearranged, and reads the wipes in the log so as not "
                   "to throw what others can wipe.")
    reads_danger = True
    exact_stock = True
    rearranges = True
