"""Vazhushal's own actions, events and per-deal state (RULES.md §7).

The deal's family state (``state.extra``) is a :class:`WipeDeal`: each seat's
melds on the table (``TableMeld``: the physical cards and what each stands
for), the first upcard and the negative joker, how many cards each seat holds
in hand and on the table together (a check on every handler), and, once the
stock is out, the seats still to lay down.  All of it is public, so every
seat's view holds the whole of it.  The discard *line* is the core's
``discard`` tuple (index 0 is the first upcard, the last card the newest).

Actions (all refused with the reason, changing nothing):

- ``Wipe(card, meld=None, pure=None)`` instead of taking the top discard:
  take ``card`` from the line and every card above it, and lay at once the
  new meld that holds ``card`` (the lowest card taken).  ``meld`` names it
  (cards from the hand after the wipe, with their reading); ``pure`` is the
  pure sequence a player with no melds lays with it when ``meld`` is not one.
  Without ``meld`` the engine lays the most valuable way
  (``melds.wipe_plans``).  Laying the meld in the same action is
  what makes a refused wipe change nothing: the condition is checked before
  any card moves.  After that the player's melds follow the ordinary rules
  (they may be rearranged like any other).
- After drawing (``Phase.DISCARD``) and in the stock-out lay-down
  (``Phase.FAMILY``): ``LayMeld(meld)`` a new meld from hand, ``LayOff(card,
  index)`` a card from hand onto one of your melds, ``Arrange(melds)`` your
  whole table again (rearranging, laying and laying off at once).  Every one
  is judged by ``check_table``: each meld valid, every card already melded
  still melded, the first meld a pure sequence, one pure meld kept, no two
  identical melds; after drawing a card must stay in hand for the discard.
- ``LayDown(keep)``: the engine lays the best stock-out lay-down of the hand
  except ``keep`` (rearranging the table as needed,
  ``laydown.best_laydown``); when nothing would raise the score
  the table stays as it is (``LaidNothing`` says so), as ``Finish(True)``
  leaves it: laying is optional, so laying nothing is no illegal move.
- ``GoOut()``: the engine melds every card but one (``go_out``) and discards
  that one: the deal is won.  Discarding the last card in hand does the same.
- ``Finish(lay_best)``: the stock-out step: lay down the best lay-down (or
  leave the table as it is) and let the next player lay down.

What ``legal_actions`` offers (``offers.py``), every one accepted by
``check``: ``DrawStock``; ``Wipe(card)`` for each line card whose wipe the
engine can make (a cheap count of related cards, then a search over the few
cards that can share a meld with it); ``Discard`` of each card,
``LayDown(keep)`` for each kind, ``GoOut()`` when a bounded search finds the
way; ``Finish`` both ways.  ``PlayerView.moves()`` adds the moves too many
to list on every step (``Family.more_actions``): every new meld of the hand
(``LayMeld``) and every lay-off (``LayOff``, each reading) by kinds, every
wipe with a chosen meld (``wipe_plans``), a go-out the bounded search missed.
``Arrange`` (every rearrangement of a table) is never listed: ``LayDown``,
``GoOut`` and ``Finish(True)`` are the engine's rearrangements, and
``check``/``apply`` take any other.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Generator
from dataclasses import dataclass, replace
from enum import StrEnum

from game.engine.actions import Action, Event, Phase
from game.engine.cards import Card, format_cards
from game.engine.state import LogEntry
from game.families.vazhushal.laydown import best_laydown, go_out, laydown_score
from game.families.vazhushal.melds import (
    TableMeld,
    check_table,
    has_pure_sequence,
    is_wild,
    iter_wipe_plans,
    meld_reason,
    readings,
    reason_not_meld,
    wipe_ok,
)

# The engine's own searches (LayDown, Finish, GoOut) stop after this many
# nodes: a few seconds at worst on the largest tables (a 35-card lay-down can
# take a minute unbounded).  None of the 600 such searches in random and bot
# play reached it.  A limit only cuts the search short, in a fixed order, so
# the answer stays deterministic (and a valid lay-down).
ENGINE_NODES = 150_000


class WipeMove(StrEnum):
    """Vazhushal's own moves in the deal's log."""

    WIPE = "wipe"  # the card wiped from is public
    MELD = "meld"
    LAY_OFF = "lay_off"
    ARRANGE = "arrange"
    LAY_DOWN = "lay_down"
    GO_OUT = "go_out"
    STOCK_OUT = "stock_out"
    FINISH = "finish"


# ----------------------------------------------------------------- actions
@dataclass(frozen=True)
class Wipe(Action):
    """Take ``card`` from the discard line and every card above it, and lay
    the new meld holding it (``meld``; None: the engine's best)."""

    card: Card
    meld: TableMeld | None = None
    pure: TableMeld | None = None

    def describe(self) -> str:
        what = f"wipe from {self.card}"
        if self.meld is not None:
            what += f", laying {self.meld}"
        if self.pure is not None:
            what += f" and {self.pure}"
        return what

    def done(self) -> str:
        return "wiped" + self.describe()[len("wipe"):]


@dataclass(frozen=True)
class LayMeld(Action):
    meld: TableMeld

    def describe(self) -> str:
        return f"lay {self.meld}"


@dataclass(frozen=True)
class LayOff(Action):
    """Add ``card`` from hand to your meld number ``index``; ``meld`` is the
    meld after it, as read (None: the engine reads it)."""

    card: Card
    index: int
    meld: TableMeld | None = None

    def describe(self) -> str:
        return f"lay {self.card} off on meld {self.index + 1}"


@dataclass(frozen=True)
class Arrange(Action):
    """Your melds after rearranging (and laying cards from hand)."""

    melds: tuple[TableMeld, ...]

    def describe(self) -> str:
        return "rearrange your melds: " + " | ".join(str(m) for m in self.melds)


@dataclass(frozen=True)
class LayDown(Action):
    """Lay the best lay-down of your hand, keeping ``keep`` for the discard."""

    keep: Card | None = None

    def describe(self) -> str:
        return "lay down" + (f", keeping {self.keep}" if self.keep is not None else "")


@dataclass(frozen=True)
class GoOut(Action):
    """Meld every card but one and discard it."""

    def describe(self) -> str:
        return "go out"


@dataclass(frozen=True)
class Finish(Action):
    """The stock is out: lay down the best lay-down (``lay_best``) or leave
    your melds as they are, and pass the lay-down on."""

    lay_best: bool = True

    def describe(self) -> str:
        return "lay down the best and finish" if self.lay_best else "finish laying down"


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class Wiped(Event):
    seat: int
    taken: tuple[Card, ...]  # lowest first
    melds: tuple[TableMeld, ...]  # laid with the wipe


@dataclass(frozen=True)
class Melded(Event):
    """``seat``'s melds are now ``melds``; ``laid`` came from the hand."""

    seat: int
    melds: tuple[TableMeld, ...]
    laid: tuple[Card, ...]


@dataclass(frozen=True)
class LaidNothing(Event):
    """``LayDown`` found nothing that raises ``seat``'s score: the table
    stays as it is (``reason`` says why, for the table to show)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class WentOut(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class StockOut(Event):
    """The stock is gone: these seats lay down in this order, then scores."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class Finished(Event):
    seat: int


@dataclass(frozen=True)
class Redealt(Event):
    """The deal was thrown in: these seats held three or more pairs."""

    seats: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]  # what they showed
    attempt: int


# ------------------------------------------------------------------- state
@dataclass(frozen=True)
class WipeDeal:
    """The family's state of one deal (public: every seat sees all of it)."""

    upcard: Card  # the first card of the line (its own wipe rule)
    negative: Card  # the negative joker (under the stock, or out of play)
    melds: tuple[tuple[TableMeld, ...], ...]  # per seat, in the order laid
    held: tuple[int, ...]  # per seat: cards in hand + on the table
    laying: tuple[int, ...] = ()  # stock-out: seats still to lay down, next first
    redeals: int = 0  # deals thrown in before this one

    def table_of(self, seat: int) -> list[Card]:
        return [c for m in self.melds[seat] for c in m.cards]


def _with(seq: tuple, i: int, value) -> tuple:
    out = list(seq)
    out[i] = value
    return tuple(out)


def set_table(state, seat: int, after, what: WipeMove, card=None):
    """``seat``'s melds become ``after``; the cards new to the table leave
    the hand.  (The caller has checked the change.)"""
    ex: WipeDeal = state.extra
    had = {c.uid for m in ex.melds[seat] for c in m.cards}
    laid = tuple(c for m in after for c in m.cards if c.uid not in had)
    gone = {c.uid for c in laid}
    hand = tuple(c for c in state.hands[seat] if c.uid not in gone)
    state = state.replace(hands=_with(state.hands, seat, hand),
                          extra=replace(ex, melds=_with(ex.melds, seat, tuple(after))),
                          log=state.log + (LogEntry(seat, what, card),))
    return state, [Melded(seat, tuple(after), laid)]


def add_held(state, seat: int, change: int):
    """Count ``change`` more cards held by ``seat`` (hand and table)."""
    ex: WipeDeal = state.extra
    return state.replace(extra=replace(ex, held=_with(ex.held, seat, ex.held[seat] + change)))


# ---------------------------------------------------------------- position
@dataclass(frozen=True)
class Position:
    """What the rules of one move look at: the seat to act, its hand and
    melds, the line and the wild cards (``all_wild``: the rule option that
    allows melds of wild cards only).  Built from a state or from that
    seat's view, so bots ask exactly what the engine will check."""

    seat: int
    phase: Phase
    hand: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    line: tuple[Card, ...]
    wild: frozenset[int]
    upcard: Card
    all_wild: bool = False

    @classmethod
    def of_state(cls, state) -> Position:
        seat = state.to_act
        ex: WipeDeal = state.extra
        return cls(seat, state.phase, state.hands[seat], ex.melds[seat], state.discard,
                   state.wild, ex.upcard, state.rules.all_wild_melds)

    @classmethod
    def of_view(cls, view) -> Position:
        ex: WipeDeal = view.extra
        return cls(view.seat, view.phase, view.hand, ex.melds[view.seat], view.discard,
                   view.wild, ex.upcard, view.rules.all_wild_melds)

    @property
    def keep_one(self) -> bool:
        """After drawing a card must stay in hand for the discard."""
        return self.phase == Phase.DISCARD

    def index_of(self, card: Card) -> int:
        for i, c in enumerate(self.line):
            if c == card:
                return i
        return -1

    def first_upcard_wild(self, index: int) -> bool:
        """Wiping from ``index`` takes the first upcard, and it is wild."""
        return (index == 0 and bool(self.line) and self.line[0] == self.upcard
                and is_wild(self.upcard.kind, self.wild))

    def key(self) -> tuple:
        return (self.seat, self.phase, tuple(c.uid for c in self.hand), self.melds,
                tuple(c.uid for c in self.line), self.wild, self.upcard, self.all_wild)


def _cards_from(pool, cards) -> bool:
    """Every card is a distinct physical card of ``pool``."""
    uids = [c.uid for c in cards]
    return len(set(uids)) == len(uids) and set(uids) <= {c.uid for c in pool}


# A small memo of the costly resolutions: ``legal_actions`` or ``check``
# runs them, then the handler needs the same answer.
_MEMO: OrderedDict = OrderedDict()


def memo(key, compute):
    """The answer to a costly question about a position, remembered."""
    got = _MEMO.get(key)
    if got is None:
        got = compute()
        _MEMO[key] = got
        if len(_MEMO) > 256:
            _MEMO.popitem(last=False)
    else:
        _MEMO.move_to_end(key)
    return got


# -------------------------------------------------------- table changes
def table_reason(pos: Position, after: tuple[TableMeld, ...]) -> str | None:
    """Why ``pos``'s melds may not become ``after`` (cards from hand filling
    in what is new); None when they may."""
    had = {c.uid for m in pos.melds for c in m.cards}
    placed = [c for m in after for c in m.cards]
    used = [c for c in placed if c.uid not in had]
    if not _cards_from(pos.hand, used):
        return "those cards are not all in your hand or your melds"
    reason = check_table(pos.melds, after, used, pos.wild, all_wild=pos.all_wild)
    if reason:
        return reason
    if pos.keep_one and len(pos.hand) - len(used) < 1:
        return "keep one card in your hand to discard (or go out)"
    if sorted(map(_meld_key, after)) == sorted(map(_meld_key, pos.melds)):
        return "that changes nothing"
    return None


def _meld_key(m: TableMeld) -> tuple:
    return (m.kind, tuple(c.uid for c in m.cards), m.stands_for)


def lay_off_meld(pos: Position, card: Card, index: int) -> tuple[TableMeld | None, str | None]:
    """The reading of meld ``index`` with ``card`` added that the engine
    chooses: the old meld's kind first, pure when it was, then the most
    valuable; (None, why) when no reading keeps the table valid."""
    if not 0 <= index < len(pos.melds):
        return None, f"you have no meld {index + 1}"
    old = pos.melds[index]
    cards = old.cards + (card,)
    options = readings(cards, pos.wild, all_wild=pos.all_wild)
    if not options:
        return None, (reason_not_meld(cards, pos.wild, all_wild=pos.all_wild)
                      or f"{card} does not fit that meld")
    options.sort(key=lambda r: (r.kind != old.kind, old.pure and not r.pure, -r.value))
    first_reason = None
    for r in options:
        after = _with(pos.melds, index, r)
        reason = table_reason(pos, after)
        if reason is None:
            return r, None
        first_reason = first_reason or reason
    return None, first_reason


# ------------------------------------------------------------------- wipes
def wipe_cheap_reason(pos: Position, action: Wipe) -> str | None:
    i = pos.index_of(action.card)
    if i < 0:
        return f"{action.card} is not in the discard line"
    after = pos.hand + pos.line[i:]
    for m in (action.meld, action.pure):
        if m is not None and not _cards_from(after, m.cards):
            return "a wipe's meld is made of cards in your hand and the cards wiped"
    if action.meld is not None and action.card not in action.meld.cards:
        return f"the {action.card} you take must be in the new meld"
    if action.meld is None and action.pure is not None:
        return "name the new meld as well as the pure sequence"
    return None


def iter_resolve_wipe(pos: Position, action: Wipe, every: int = 48,
                      explain: bool = True) -> Generator[None, None, tuple]:
    """(melds laid, None) or (None, why not) for this wipe; a generator
    (bots slice it) whose value :func:`resolve_wipe` returns.  Without
    ``explain`` a refusal's reason is not worked out (it costs two more
    searches): (None, "refused")."""
    reason = wipe_cheap_reason(pos, action)
    if reason:
        return None, reason
    i = pos.index_of(action.card)
    taken = pos.line[i:]
    fuw = pos.first_upcard_wild(i)
    if action.meld is None:
        plans = yield from iter_wipe_plans(action.card, taken, pos.hand, pos.wild, pos.melds,
                                           fuw, every, all_wild=pos.all_wild)
        if not plans:
            if not explain:
                return None, "refused"
            return None, wipe_ok(action.card, taken, pos.hand, pos.wild, pos.melds, fuw,
                                 all_wild=pos.all_wild)
        spare = len(pos.hand) + len(taken)
        for plan in plans:
            laid = tuple(m for m in (plan.pure_sequence, plan.meld) if m is not None)
            if spare - sum(len(m.cards) for m in laid) < 1:
                continue
            if check_table(pos.melds, pos.melds + laid, [c for m in laid for c in m.cards],
                           pos.wild, all_wild=pos.all_wild) is None:
                return laid, None
        return None, "every meld that wipe makes would leave you no card to discard"
    return _specific_wipe(pos, action, taken, fuw)


def _specific_wipe(pos: Position, action: Wipe, taken, fuw: bool) -> tuple:
    meld, pure = action.meld, action.pure
    for m in (meld, pure):
        if m is not None:
            reason = meld_reason(m, pos.wild, all_wild=pos.all_wild)
            if reason:
                return None, reason
    if pure is not None:
        if pos.melds:
            return None, "only a player with no melds lays a pure sequence with a wipe"
        if not pure.is_pure_sequence:
            return None, "the meld laid with a wipe before your first meld must be a pure sequence"
        if set(pure.cards) & set(meld.cards):
            return None, "a card cannot be in two melds"
    holds_pure = any(m.is_pure_sequence for m in pos.melds) or _has_pure(pos)
    if fuw and not holds_pure and not meld.is_pure_sequence:
        return None, ("the first upcard is wild: take it only to use it as itself in a pure "
                      "sequence, or once you have a pure sequence")
    if not pos.melds and not meld.is_pure_sequence and pure is None:
        return None, ("before your first meld you may wipe only to make a pure sequence, "
                      "or while also laying a pure sequence")
    laid = tuple(m for m in (pure, meld) if m is not None)
    used = [c for m in laid for c in m.cards]
    if len(pos.hand) + len(taken) - len(used) < 1:
        return None, "keep one card in your hand to discard"
    reason = check_table(pos.melds, pos.melds + laid, used, pos.wild, all_wild=pos.all_wild)
    if reason:
        return None, reason
    return laid, None


def _has_pure(pos: Position) -> bool:
    return has_pure_sequence(pos.hand, pos.wild)


def resolve_wipe(pos: Position, action: Wipe) -> tuple:
    return memo(("wipe", pos.key(), action), lambda: _run(iter_resolve_wipe(pos, action, 0)))


# --------------------------------------------------------- engine searches
def resolve_laydown(pos: Position, keep: Card | None,
                    node_limit: int | None = ENGINE_NODES) -> tuple:
    """(melds, None): the best lay-down of the hand without ``keep`` raises
    the score; or (None, why not)."""
    def compute():
        rest = tuple(c for c in pos.hand if c != keep)
        if pos.keep_one and keep is None:
            return None, "name the card you keep to discard"
        if keep is not None and len(rest) == len(pos.hand):
            return None, f"{keep} is not in your hand"
        try:
            best = best_laydown(rest, pos.wild, pos.melds, node_limit=node_limit,
                                all_wild=pos.all_wild)
        except ValueError:
            return None, "no lay-down found"
        now = laydown_score(pos.melds, rest, pos.wild)
        if best.score <= now:
            return None, "nothing to lay down: your melds already are your best lay-down"
        reason = table_reason(pos, best.melds)
        return (None, reason) if reason else (best.melds, None)
    return memo(("lay", pos.key(), keep, node_limit), compute)


def resolve_go_out(pos: Position, node_limit: int | None = ENGINE_NODES) -> tuple:
    """((melds, discard), None) to go out now, or (None, why not)."""
    def compute():
        if len(pos.hand) < 2:
            return None, "discard your last card to go out"
        got = go_out(pos.hand, pos.wild, pos.melds, node_limit=node_limit,
                     all_wild=pos.all_wild)
        if got is None:
            return None, "you cannot meld every card but one"
        reason = check_table(pos.melds, got.melds, [c for c in pos.hand if c != got.discard],
                             pos.wild, all_wild=pos.all_wild)
        return (None, reason) if reason else ((got.melds, got.discard), None)
    return memo(("out", pos.key(), node_limit), compute)


def _run(gen: Generator):
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def describe_melds(melds) -> str:
    return " | ".join(format_cards(m.cards) for m in melds)
