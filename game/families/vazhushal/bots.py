"""Bots for Vazhushal (Wipe), RULES.md §7: easy, medium and hard.

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
  ``p``; hard: every unseen kind tried, weighted by its copies).  Easy looks
  at the top card only.
- **The discard**: the loose card whose loss keeps the most chance (then
  the costliest); wild cards are never thrown while a natural one is loose.
  Hard also avoids feeding the others: a card whose neighbours are unseen
  or known to be in another hand (the wipes in the log) is one they may
  wipe.
- **Going out** whenever the engine's search finds a way (``GoOut``).

Hard judges its own melds as rearrangeable with the hand (the lay-down
search with the table), medium as fixed with loose cards laid off on them.

Every decision is a generator (``think``): searches are bounded by node
limits and the bot yields between them (no slice over about 5 ms of
processor time measured); the same view always gives the same move.  A bot
plays only an offered action it has checked with the engine's own
resolution functions (``vazhushal_actions``), so it never makes a refused
move.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import lru_cache

from game.ai.base import Bot, Thought
from game.ai.knowledge import unseen_copies
from game.engine import Discard, DrawStock, NextDeal, Phase, PlayerView
from game.engine.actions import Action
from game.engine.cards import JOKER_KIND, Card, make_card
from game.engine.state import Move
from game.families.vazhushal.actions import (
    Finish,
    GoOut,
    LayDown,
    Position,
    Wipe,
    WipeDeal,
    WipeMove,
    iter_resolve_wipe,
    resolve_go_out,
    resolve_laydown,
)
from game.families.vazhushal.laydown import best_laydown
from game.families.vazhushal.melds import check_meld, is_wild, left_value

SEARCH_NODES = 200  # one lay-down search of a bot: a few milliseconds at most
GO_OUT_NODES = 250
MAX_WIPES = 8  # wipes judged a turn (the deepest ones that pass the cheap test first)


# --------------------------------------------------------------- knowledge
def line_history(view: PlayerView) -> dict[int, list[Card]]:
    """Replay the log: per other seat, the cards it took by wiping and has
    not laid or thrown since (as far as the public record shows)."""
    ex: WipeDeal = view.extra
    line: list[Card] = [ex.upcard]
    took: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    for seat, what, card in view.log:
        if what in (Move.DISCARD, WipeMove.GO_OUT) and card is not None:
            line.append(card)
            if card in took[seat]:
                took[seat].remove(card)
        elif what == WipeMove.WIPE and card is not None and card in line:
            i = line.index(card)
            took[seat] += line[i:]
            del line[i:]
    for s in range(view.players):
        on_table = {c for m in ex.melds[s] for c in m.cards}
        took[s] = [c for c in took[s] if c not in on_table]
    took.pop(view.seat, None)
    return took


def unseen_counts(view: PlayerView, known_held: dict[int, list[Card]]) -> list[int]:
    """Copies of each kind (52 = printed joker) not in sight: not in my hand,
    the line, any table, known to be held, nor the negative joker while it
    lies under the stock."""
    ex: WipeDeal = view.extra
    in_sight = [*view.hand, *view.discard]
    in_sight += [c for seat in ex.melds for m in seat for c in m.cards]
    in_sight += [c for cards in known_held.values() for c in cards]
    if view.stock_size > 0 and view.cut is not None and view.cut not in view.hand:
        in_sight.append(view.cut)
    return unseen_copies(view, in_sight)


def neighbours(kind: int) -> list[int]:
    """Kinds that can sit in a meld of three with ``kind`` beside it: its
    rank in the other suits, and its suit one or two places away."""
    if kind == JOKER_KIND:
        return []
    s, r0 = divmod(kind, 13)
    out = [t * 13 + r0 for t in range(4) if t != s]
    r = r0 + 1
    for pos in ((r, 14) if r == 1 else (r,)):
        for d in (-2, -1, 1, 2):
            q = pos + d
            if 1 <= q <= 14:
                k = s * 13 + (0 if q == 14 else q - 1)
                if k != kind and k not in out:
                    out.append(k)
    return out


# ------------------------------------------------------------------- judge
@lru_cache(maxsize=4096)
def extension_kinds(meld) -> tuple[int, ...]:
    """Kinds that would lay off on a meld: a sequence's two ends, a set's
    missing suits."""
    kinds = meld.stands_for
    if meld.kind == "set":
        if len(kinds) >= 4:
            return ()
        r0 = kinds[0] % 13
        return tuple(t * 13 + r0 for t in range(4) if t * 13 + r0 not in kinds)
    suit = kinds[0] // 13
    pos = sorted(14 if k % 13 == 0 and any(x % 13 == 12 for x in kinds) else k % 13 + 1
                 for k in kinds)
    out = []
    lo, hi = pos[0], pos[-1]
    if lo > 1 and not (lo == 2 and hi == 14):
        out.append(suit * 13 + lo - 2)
    if hi < 14 and not (hi == 13 and lo == 1):
        out.append(suit * 13 + (0 if hi == 13 else hi))
    return tuple(out)


@lru_cache(maxsize=8192)
def completing_kinds(a: int, b: int) -> tuple[int, ...]:
    """Kinds that make a meld of three with the natural kinds ``a`` and ``b``."""
    sa, ra = divmod(a, 13)
    sb, rb = divmod(b, 13)
    if ra == rb and sa != sb:
        return tuple(t * 13 + ra for t in range(4) if t not in (sa, sb))
    if sa != sb or ra == rb:
        return ()
    out = []
    for pa in ((ra + 1, 14) if ra == 0 else (ra + 1,)):
        for pb in ((rb + 1, 14) if rb == 0 else (rb + 1,)):
            lo, hi = min(pa, pb), max(pa, pb)
            if hi - lo == 1:
                cand = [lo - 1, hi + 1]
            elif hi - lo == 2:
                cand = [lo + 1]
            else:
                continue
            for q in cand:
                if 1 <= q <= 14 and not (q == 1 and hi == 14) and not (q == 14 and lo == 1):
                    k = sa * 13 + (0 if q == 14 else q - 1)
                    if k not in out:
                        out.append(k)
    return tuple(out)


class Shape:
    """A hand laid down beside the table: every meld (the table's and the
    hand's), the loose cards, the stock-out score, and how many cards a pure
    sequence still needs (0 once there is one)."""

    __slots__ = ("score", "melds", "loose", "pure_gap", "pure_outs")

    def __init__(self, score, melds, loose, pure_gap=0, pure_outs=()):
        self.score, self.melds, self.loose = score, melds, loose
        self.pure_gap, self.pure_outs = pure_gap, pure_outs


def pure_partials(hand, wild) -> tuple[int, list[int]]:
    """(cards a pure sequence still needs: 1 or 2, the kinds that would
    complete one from two natural cards of a suit one or two apart)."""
    kinds = {c.kind for c in hand if c.kind != JOKER_KIND}
    outs: list[int] = []
    for k in kinds:
        for k2 in kinds:
            if k < k2 and k // 13 == k2 // 13:
                outs += [x for x in completing_kinds(k, k2) if x not in outs]
    return (1 if outs else 2), outs


class Judge:
    """How many turns a position needs to go out (the race that decides
    most deals), and what it scores if the stock runs out first.

    From a hand held after the discard with ``L`` loose cards, a stock card
    helps with chance ``p`` (it completes two loose cards, lays off on a
    meld, or is wild); each helpful card lets one more loose card go, so the
    deal takes about ``L / p`` more turns (one when nothing is loose).  A
    hand with no pure sequence (none on the table either) can lay nothing:
    it is judged as if it had one, with the cards the pure sequence still
    needs counted as loose.  ``p`` counts the unseen copies of the helpful
    kinds (easy: every copy not in its own hand)."""

    def __init__(self, view: PlayerView, counting: bool, rearranges: bool = False):
        self.view = view
        self.rearranges = rearranges  # judge the table as rearrangeable with the hand
        self.wild = view.wild
        ex: WipeDeal = view.extra
        self.table = ex.melds[view.seat]
        self.known = line_history(view) if counting else {}
        if counting:
            self.unseen = unseen_counts(view, self.known)
        else:
            self.unseen = unseen_copies(view, view.hand)
        self.total = max(1, sum(self.unseen))
        self.wild_unseen = self.unseen[JOKER_KIND] + sum(self.unseen[k] for k in view.wild)
        stock = max(0, view.stock_size)
        full = max(1, view.decks * 54 - 13 * len(view.status) - 1)
        self.stage = min(1.0, stock / full)  # 1 at the start, 0 when the stock is gone

    def shape(self, hand, table=None, nodes: int = SEARCH_NODES) -> Shape:
        """The hand's best lay-down beside the table (which stays as it is;
        loose cards that fit a meld are laid off on it)."""
        table = self.table if table is None else table
        if table and self.rearranges:
            try:
                got = best_laydown(tuple(hand), self.wild, tuple(table), node_limit=nodes)
            except ValueError:  # the limit came before any arrangement: keep the table
                got = None
            if got is not None:
                return Shape(got.score, list(got.melds), list(got.left))
        got = best_laydown(tuple(hand), self.wild, (), has_pure_on_table=True,
                           node_limit=nodes)
        score = got.score + sum(m.value for m in table)
        melds = list(table) + list(got.melds)
        loose = list(got.left)
        if loose and melds:
            kept = []
            for c in loose:
                wild = is_wild(c.kind, self.wild)
                for i, m in enumerate(melds):
                    if len(m.cards) < 13 and (wild or c.kind in extension_kinds(m)):
                        grown = check_meld(m.cards + (c,), self.wild)
                        if grown is not None:
                            melds[i] = grown
                            score += grown.value - m.value + left_value(c, self.wild)
                            break
                else:
                    kept.append(c)
            loose = kept
        if any(m.pure for m in table) or any(m.is_pure_sequence for m in got.melds):
            return Shape(score, melds, loose)
        gap, outs = pure_partials(hand, self.wild)
        return Shape(score, melds, loose, gap, outs)

    def chance(self, shape: Shape, loose) -> float:
        """The chance that a stock card helps this position."""
        useful: set[int] = set()
        for m in shape.melds:
            useful.update(extension_kinds(m))
        naturals = [c.kind for c in loose if not is_wild(c.kind, self.wild)]
        for i, a in enumerate(naturals):
            for b in naturals[i + 1:]:
                useful.update(completing_kinds(a, b))
        useful.update(shape.pure_outs)
        n = sum(self.unseen[k] for k in useful if k not in self.wild)
        if shape.melds or len(naturals) >= 2:
            n += self.wild_unseen
        return max(0.02, n / self.total)

    def turns_after(self, shape: Shape, loose) -> float:
        """Turns still needed to go out from a position held after the discard."""
        return _turns(len(loose) + shape.pure_gap, self.chance(shape, loose))

    def throw(self, shape: Shape, danger=None) -> Card | None:
        """The loose card to discard: the one whose loss keeps the most
        chance (then the costliest, then the least useful to others)."""
        naturals = [c for c in shape.loose if not is_wild(c.kind, self.wild)]
        if not naturals:
            return None
        best, best_key = None, None
        for c in naturals:
            rest = [x for x in shape.loose if x is not c]
            key = self.chance(shape, rest) * 100 + 0.02 * left_value(c, self.wild) * (
                1.5 - self.stage)
            if danger is not None:
                key -= danger(c)
            key = (key, left_value(c, self.wild), -c.uid)
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best

    def turn_value(self, hand, table=None) -> Generator[None, None, float]:
        """A hand just drawn to (this turn's discard still to come): minus the
        turns to go out, this one included, and a little of the stock-out
        score (it counts only if the stock runs out first).  A generator: it
        yields between the search and the rest."""
        shape = self.shape(hand, table)
        yield
        if len(shape.loose) <= 1 and not shape.pure_gap:
            turns = 1.0  # out now
        else:
            d = self.throw(shape) or (shape.loose[0] if shape.loose else None)
            rest = [c for c in shape.loose if c is not d]
            turns = 1.0 + self.turns_after(shape, rest)
        return -turns + self.score_weight * shape.score

    @property
    def score_weight(self) -> float:
        return 0.002 + 0.03 * (1.0 - self.stage) ** 2

    def stock_value(self, hand) -> Generator[None, None, float]:
        """Drawing from the stock: helpful with chance p (then one card fewer
        to meld), else the same hand."""
        shape = self.shape(hand)
        yield
        p = self.chance(shape, shape.loose)
        need = len(shape.loose) + shape.pure_gap
        if need <= 1:  # a helpful card goes out now
            turns = 1.0 + (1 - p) * _turns(need, p)
        else:
            turns = 1.0 + p * _turns(need - 1, p) + (1 - p) * _turns(need, p)
        return -turns + self.score_weight * shape.score


def _turns(need: int, p: float) -> float:
    """Turns to go out holding ``need`` cards still to meld, each helpful
    stock card (chance ``p``) melding one: one turn when nothing is left."""
    return 1.0 if need <= 0 else need / p


# -------------------------------------------------------------------- bots
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
            if value > best_value:
                best, best_value = action, value
        return best

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


class HardVazhushal(VazhushalBot):
    name = "hard"
    description = ("Medium, plus it tries every unseen stock card to judge a wipe, plans "
                   "with its melds rearranged, and reads the wipes in the log so as not "
                   "to throw what others can wipe.")
    reads_danger = True
    exact_stock = True
    rearranges = True


# the levels a player meets in this game, by name (the registry reads it)
BOTS = {"easy": EasyVazhushal, "medium": MediumVazhushal, "hard": HardVazhushal}
