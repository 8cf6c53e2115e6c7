"""Vazhushal's part of the search (``game.ai.search``): hidden hands sampled
from what a seat has seen, a light copy of the deal that plays out in about
a millisecond, and the deal's own settlement (the rollout policy it plays
with: ``search_policy.py``).

- **Worlds** (``WorldSampler``): every other player holds the cards it
  wiped and has neither laid nor thrown since (``judge.line_history``: the
  log shows them), and the rest of its hand from the unseen cards: not in
  this seat's hand, the line, any table, nor the negative joker while it
  lies under the stock.  What is left is the stock, dealt into one stream per
  seat (``Deal.streams``), with the negative joker under it, drawn last.
  A sampled hand is drawn again (up to ``TRIES`` times) when it disagrees
  with the player's latest turn as the policy would have played it: the
  whole line is public, so a player that drew from the stock passed every
  wipe, and the card it threw was in none of its melds.
- **The light deal** (``Deal``): hands as counts per kind, each seat's
  table melds in the policy's form (``search_policy``), the line, the
  streams; the rollout policy plays every seat, this one too after the
  move searched.
- **Settlement**: as the family settles a deal (``settle.py``), one game
  point to the player who goes out; when the stock runs out, to every
  player with the highest stock-out score (the policy's count of it).
"""

from __future__ import annotations

import random
from collections.abc import Generator

from game.ai.knowledge import copies
from game.ai.search.worlds import counts_of, streams, turn_order
from game.engine import Discard, DrawStock
from game.engine.state import Move
from game.families.vazhushal.actions import GoOut, Position, Wipe, WipeDeal, WipeMove, resolve_wipe
from game.families.vazhushal.judge import line_history
from game.families.vazhushal.search_policy import Table
from game.families.vazhushal.split import KINDS, meld_kinds, meld_of

TRIES = 3  # draws of one player's hand that may disagree with its last turn
TURNS_PER_SLICE = 2  # rollout turns between two yields (a slice of thinking)
MAX_TURNS = 80  # a rollout that has not ended by then is void (both players wipe forever)


# ----------------------------------------------------------- the light deal


class Deal:
    """One world: every hand as counts per kind, every table, the line (the
    first card lowest), the stock as one stream per seat (next card last)
    and the negative joker drawn after them, whose turn it is."""

    __slots__ = ("hands", "tables", "stock", "neg", "line", "upcard_wild", "turn", "order",
                 "short", "winners", "empty")

    def __init__(self, hands, tables, stock, neg, line, upcard_wild, turn, order) -> None:
        self.hands = hands  # seat -> counts
        self.tables = tables  # seat -> tuple of melds (the policy's form)
        self.stock = stock  # seat -> its stream of stock cards
        self.neg = neg  # the negative joker's kind while it lies under the stock
        self.line = line
        self.upcard_wild = upcard_wild  # line[0] is the first upcard, and wild
        self.turn = turn
        self.order = order  # seats in turn order
        self.short: dict[int, int] = {}  # seat -> its hand's shortfall, when known
        self.winners: list[int] | None = None
        self.empty = False  # the last stock card is drawn: the stock is out after this turn

    streams = staticmethod(streams)

    def copy(self) -> Deal:
        d = Deal({s: list(h) for s, h in self.hands.items()}, dict(self.tables),
                 {s: list(x) for s, x in self.stock.items()}, self.neg, list(self.line),
                 self.upcard_wild, self.turn, self.order)
        d.short = dict(self.short)
        d.empty = self.empty
        return d

    def next_seat(self, seat: int) -> int:
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    # ------------------------------------------------------------ actions
    def draw_stock(self, seat: int) -> int | None:
        """Draw for ``seat``: the kind drawn, or None when nothing is left."""
        mine = self.stock[seat]
        if not mine:
            mine = max(self.stock.values(), key=len)
        if mine:
            k = mine.pop()
        elif self.neg is not None:
            k, self.neg = self.neg, None
        else:
            return None
        if self.neg is None and not any(self.stock.values()):
            self.empty = True
        self.hands[seat][k] += 1
        self.short.pop(seat, None)
        return k

    def wipe(self, seat: int, i: int, after: list[int], laid: tuple) -> None:
        self.hands[seat] = after
        self.tables[seat] = self.tables[seat] + laid
        del self.line[i:]
        if i == 0:
            self.upcard_wild = False
        self.short.pop(seat, None)

    def throw(self, seat: int, kind: int) -> None:
        self.hands[seat][kind] -= 1
        self.line.append(kind)
        self.turn = self.next_seat(seat)


def finish_turn(deal: Deal, table: Table, seat: int, split=None) -> None:
    """``seat`` has drawn or wiped: it goes out if the policy finds the way,
    else throws the policy's card (``split``: its hand's, when known)."""
    c = deal.hands[seat]
    melded = bool(deal.tables[seat])
    if split is None:
        split = table.split(c, deal.tables[seat], melded)
    discards = table.discards(split)  # asked twice: whether it goes out, else what it throws
    if table.goes_out(split, sum(c), melded, discards):
        deal.winners = [seat]
        return
    k, short = table.throw(c, split, melded, discards)
    deal.short[seat] = short
    deal.throw(seat, k)


def play_turn(deal: Deal, table: Table) -> bool:
    """The policy plays one turn of ``deal.turn``'s; False when the stock
    is gone and nothing can be drawn."""
    seat = deal.turn
    c = deal.hands[seat]
    tab = deal.tables[seat]
    wipe = table.best_wipe(c, deal.line, tab, bool(tab), deal.upcard_wild,
                           deal.short.get(seat))
    if wipe is not None:
        i, after, laid, split = wipe
        deal.wipe(seat, i, after, laid)
        finish_turn(deal, table, seat, split)
        return True
    if deal.draw_stock(seat) is None:
        return False
    finish_turn(deal, table, seat)
    return True


def play_out(deal: Deal, table: Table, max_turns: int = MAX_TURNS
             ) -> Generator[None, None, None]:
    """Play the deal with the policy from the start of ``deal.turn``'s turn
    until a player goes out or the stock is out (``deal.winners``), or
    ``max_turns`` turns have passed; yields every ``TURNS_PER_SLICE`` turns."""
    for turn in range(max_turns):
        if deal.winners is not None:
            return
        if deal.empty:
            stock_out(deal, table)
            return
        if turn and not turn % TURNS_PER_SLICE:
            yield
        if not play_turn(deal, table):
            stock_out(deal, table)
            return


def stock_out(deal: Deal, table: Table) -> None:
    """The stock is out: every player with the highest stock-out score wins."""
    scores = {s: table.stock_score(deal.hands[s], deal.tables[s]) for s in deal.order}
    best = max(scores.values())
    deal.winners = [s for s in deal.order if scores[s] == best]


def settle(deal: Deal, players: int) -> list[float] | None:
    """Every seat's game points from the deal (one to each winner), or None
    for a deal that did not end."""
    if deal.winners is None:
        return None
    out = [0.0] * players
    for s in deal.winners:
        out[s] = 1.0
    return out


# --------------------------------------------------------------- the worlds


def policy_melds(melds) -> tuple:
    """Table melds (the engine's) in the rollout policy's form."""
    return tuple(meld_of(m.kind, m.stands_for) for m in melds)


def neg_in_stock(view) -> bool:
    """The negative joker still lies under the stock (drawn last)."""
    return view.rules.negative_joker_drawn and view.stock_size > 0


def unseen_pool(view, known: dict) -> list[int]:
    """Per kind: copies this seat has not seen (not in its hand, the line,
    any table, known to be held, nor the negative joker while it lies under
    the stock or out of play)."""
    ex: WipeDeal = view.extra
    pool = copies(view)
    seen = [*view.hand, *view.discard]
    seen += [c for seat in ex.melds for m in seat for c in m.cards]
    seen += [c for cards in known.values() for c in cards]
    for card in seen:
        pool[card.kind] -= 1
    if view.stock_size > 0 or not view.rules.negative_joker_drawn:
        pool[ex.negative.kind] -= 1
    return [max(0, n) for n in pool]


def last_turn(view, seat: int) -> tuple[list[int] | None, int | None]:
    """What ``seat`` did on its latest turn, as far as a hand held now can
    be checked against it: the line it let lie when it drew from the stock
    (kinds, first card lowest; None when it wiped), and the kind it threw
    (None before it threw)."""
    ex: WipeDeal = view.extra
    line = [ex.upcard.kind]
    passed = threw = None
    for s, what, card in view.log:
        if what == Move.DRAW_STOCK:
            if s == seat:
                passed, threw = list(line), None
        elif what == WipeMove.WIPE and card is not None:
            if s == seat:
                passed = threw = None
            i = _index(line, card.kind)
            if i is not None:
                del line[i:]
        elif what in (Move.DISCARD, WipeMove.GO_OUT) and card is not None:
            line.append(card.kind)
            if s == seat:
                threw = card.kind
    return passed, threw


def _index(line: list[int], kind: int) -> int | None:
    for i in range(len(line) - 1, -1, -1):
        if line[i] == kind:
            return i
    return None


class WorldSampler:
    """Draws worlds for one decision (see the module docstring)."""

    def __init__(self, view, table: Table) -> None:
        self.view = view
        self.table = table
        ex: WipeDeal = view.extra
        known = line_history(view)
        self.order = turn_order(view)
        self.mine = counts_of(c.kind for c in view.hand)
        pool = unseen_pool(view, known)
        self.pool = [k for k in range(KINDS) for _ in range(pool[k])]
        self.line = [c.kind for c in view.discard]
        self.upcard_wild = (bool(view.discard) and view.discard[0] == ex.upcard
                            and table.wildk[ex.upcard.kind])
        self.tables = {s: policy_melds(ex.melds[s]) for s in self.order}
        self.neg = ex.negative.kind if neg_in_stock(view) else None
        self.stock_size = view.stock_size - (self.neg is not None)
        self.seats = []  # (seat, known kinds, unknown count, its latest turn)
        for s in self.order[1:]:
            held = [c.kind for c in known.get(s, ())]
            size = view.hand_sizes[s]
            self.seats.append((s, held[:size], max(0, size - len(held)), last_turn(view, s)))

    def sample(self, rng: random.Random) -> Deal:
        pool = list(self.pool)
        rng.shuffle(pool)
        hands = {self.view.seat: list(self.mine)}
        for s, held, unknown, (passed, threw) in self.seats:
            for attempt in range(TRIES):
                hand = counts_of(held)
                for k in pool[:unknown]:
                    hand[k] += 1
                if attempt == TRIES - 1 or self.agrees(hand, s, passed, threw):
                    break
                rng.shuffle(pool)
            del pool[:unknown]
            hands[s] = hand
        return self.world(hands, pool)

    def world(self, hands: dict[int, list[int]], pool: list[int]) -> Deal:
        """The world with these ``hands``, what is left of ``pool`` (in its
        order) the stock."""
        stock = Deal.streams(pool[:self.stock_size], self.order)
        return Deal(hands, dict(self.tables), stock, self.neg, list(self.line),
                    self.upcard_wild, self.view.seat, list(self.order))

    def agrees(self, hand: list[int], seat: int, passed: list[int] | None,
               threw: int | None) -> bool:
        """Whether ``hand`` (held now, near enough the hand held then) agrees
        with ``seat``'s latest turn as the policy would have played it: it
        would not have wiped the line it let lie, and the card it threw was
        loose (in no meld of the hand with it)."""
        table = self.table
        tab = self.tables[seat]
        melded = bool(tab)
        if passed and table.best_wipe(hand, passed, tab, melded, False, None) is not None:
            return False
        if threw is None or table.wildk[threw]:
            return True
        hand[threw] += 1
        s = table.split(hand, tab, melded)
        hand[threw] -= 1
        return not any(threw in meld_kinds(m) for m in s.melds)


# ---------------------------------------------------------------- the model


class Context:
    """One decision's table, sampler and the wipes' melds."""

    __slots__ = ("view", "table", "sampler", "me", "wipes")

    def __init__(self, view) -> None:
        self.view = view
        self.table = Table(view.wild)
        self.sampler = WorldSampler(view, self.table)
        self.me = view.seat
        self.wipes: dict[Wipe, tuple | None] = {}

    def wipe_plan(self, action: Wipe) -> tuple | None:
        """(line index, kinds leaving the hand and the line, melds laid)
        for a wipe, as the engine lays it."""
        if action not in self.wipes:
            pos = Position.of_view(self.view)
            laid, _ = resolve_wipe(pos, action)
            if laid is None:
                self.wipes[action] = None
            else:
                used = [c.kind for m in laid for c in m.cards]
                self.wipes[action] = (pos.index_of(action.card), used, policy_melds(laid))
        return self.wipes[action]


class VazhushalModel:
    """Vazhushal's side of the search interface (``core.Model``)."""

    def prepare(self, view) -> Context:
        return Context(view)

    def sample(self, ctx: Context, rng: random.Random) -> Deal:
        return ctx.sampler.sample(rng)

    def outcome(self, ctx: Context, world: Deal, action
                ) -> Generator[None, None, list[float] | None]:
        deal = world.copy()
        table = ctx.table
        me = ctx.me
        players = ctx.view.players
        if isinstance(action, GoOut):
            deal.winners = [me]
            return settle(deal, players)
        if ctx.view.stock_size == 0:
            deal.empty = True  # this is the turn the last stock card was drawn in
        if isinstance(action, Discard):
            hand = deal.hands[me]
            hand[action.card.kind] -= 1
            if not any(hand):
                deal.winners = [me]  # the last card thrown: out
                return settle(deal, players)
            deal.line.append(action.card.kind)
            deal.turn = deal.next_seat(me)
        elif isinstance(action, DrawStock):
            if deal.draw_stock(me) is None:
                return None
            finish_turn(deal, table, me)
        elif isinstance(action, Wipe):
            plan = ctx.wipe_plan(action)
            if plan is None:
                return None
            i, used, melds = plan
            after = list(deal.hands[me])
            for k in deal.line[i:]:
                after[k] += 1
            for k in used:
                after[k] -= 1
            deal.wipe(me, i, after, melds)
            finish_turn(deal, table, me)
        else:
            raise ValueError(f"the search cannot play {action!r}")
        yield from play_out(deal, table)
        return settle(deal, players)
