"""Indian Marriage's own actions, events and per-deal state (RULES.md §6).

The deal's family state (``state.extra``) is a ``MarriageDeal``: the tiplu
(set aside face down, outside hands, stock and pile, so ``table_cards``
counts it), the wild kinds it makes, who has seen it and how, and the cards
each seat has put on the table (tunnelas exposed before the first turn, the
groups laid down to see).  A seat's view of it is a ``MarriageView``: the
tiplu only once that seat has seen it (or the deal is over).

The steps a deal adds to the core's draw/discard cycle:

- **Exposing tunnelas** (``Phase.FAMILY``, before the first turn): every
  seat in turn order, starting with the first player, may expose tunnelas
  dealt to it (``ExposeTunnela``, one at a time) and then says
  ``DoneExposing``.  Every seat is asked, holding a tunnela or not, so the
  order of play tells nobody who holds one.
- **Seeing the tiplu** (``SeeTiplu``, after drawing, before the discard):
  three natural pure sequences/tunnelas laid down (exposed tunnelas count)
  or seven dublees (each exposed tunnela counts as one).  The player may
  name the groups; with none named the engine lays down the best choice
  (``hand.can_see``).  Then the wild cards exist for that player.
- **Declaring** is the core's ``Declare`` (discard, then show), only for a
  player who has seen (seeing and showing in the same turn is allowed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations

from game.engine.actions import Action, Event, Phase
from game.engine.cards import Card, format_cards
from game.engine.state import LogEntry
from game.families.marriage.hand import (
    ROUTES,
    TUNNELA,
    can_see,
    choose_pures,
    classify_meld,
    count_dublees,
    display_order,
    dublee_pairs,
    has_natural_pures,
    is_natural_pure,
    pick,
)

SEQUENCES, DUBLEES = ROUTES  # how a player saw the tiplu


class MarriageMove(StrEnum):
    """Marriage's own moves in the deal's log."""

    EXPOSE = "expose"  # a tunnela exposed before the first turn (its first card shown)
    EXPOSE_DONE = "expose_done"
    SEE_SEQUENCES = "see_sequences"  # saw the tiplu by three pure sequences
    SEE_DUBLEES = "see_dublees"  # saw the tiplu by seven dublees


# ----------------------------------------------------------------- actions
@dataclass(frozen=True)
class ExposeTunnela(Action):
    """Before the first turn: put a tunnela dealt to you face up on the table."""

    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"expose the tunnela {format_cards(self.cards)}"

    def done(self) -> str:
        return f"exposed the tunnela {format_cards(self.cards)}"


@dataclass(frozen=True)
class DoneExposing(Action):
    """Before the first turn: expose no (more) tunnelas."""

    def describe(self) -> str:
        return "expose no more tunnelas"

    def done(self) -> str:
        return "exposed no more tunnelas"


@dataclass(frozen=True)
class SeeTiplu(Action):
    """After drawing: lay down three pure sequences/tunnelas (``route``
    "sequences") or seven dublees ("dublees") and look at the tiplu.
    ``groups`` names the cards to lay down; empty: the engine chooses."""

    route: str
    groups: tuple[tuple[Card, ...], ...] = ()

    def describe(self) -> str:
        what = ("three pure sequences/tunnelas" if self.route == SEQUENCES
                else "seven dublees")
        if self.groups:
            what = " | ".join(format_cards(g) for g in self.groups)
        return f"lay down {what} and see the tiplu"


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class TunnelaExposed(Event):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TipluSeen(Event):
    """``seat`` laid these groups down and looked at the tiplu.  The event
    never holds the tiplu: the seat learns it from its own view."""

    seat: int
    route: str
    groups: tuple[tuple[Card, ...], ...]


# ------------------------------------------------------------------- state
@dataclass(frozen=True)
class MarriageDeal:
    """The family's state of one deal (``state.extra``)."""

    tiplu: Card
    wild: frozenset[int]  # the wild kinds, for players who have seen
    seen: tuple[bool, ...]
    saw_by: tuple[str | None, ...]  # "sequences" / "dublees" / None
    exposed: tuple[tuple[tuple[Card, ...], ...], ...]  # per seat: tunnelas exposed
    laid: tuple[tuple[tuple[Card, ...], ...], ...]  # per seat: groups laid down to see
    exposing: tuple[int, ...] = ()  # seats still to answer the exposure step, next first

    def table_of(self, seat: int) -> list[Card]:
        return [c for g in self.exposed[seat] + self.laid[seat] for c in g]

    def wild_for(self, seat: int) -> frozenset[int]:
        return self.wild if self.seen[seat] else frozenset()


@dataclass(frozen=True)
class MarriageView:
    """What one seat may know of the family state: everybody's table cards
    and who has seen; the tiplu and the wild kinds only for a seat that has
    seen it (or once the deal is over).  It answers what the deal answers
    (``table_of``, ``wild_for``): a room's window checks its moves on a
    position built from this view (``app/standin.py``)."""

    seat: int
    tiplu: Card | None
    seen: tuple[bool, ...]
    saw_by: tuple[str | None, ...]
    exposed: tuple[tuple[tuple[Card, ...], ...], ...]
    laid: tuple[tuple[tuple[Card, ...], ...], ...]
    exposing: tuple[int, ...]
    wild: frozenset[int] = frozenset()  # empty until this seat may know the tiplu

    @property
    def my_route(self) -> str | None:
        return self.saw_by[self.seat]

    def table_of(self, seat: int) -> list[Card]:
        return [c for g in self.exposed[seat] + self.laid[seat] for c in g]

    def wild_for(self, seat: int) -> frozenset[int]:
        return self.wild if self.seen[seat] else frozenset()

    @property
    def i_have_seen(self) -> bool:
        return self.seen[self.seat]


def _with(seq: tuple, i: int, value) -> tuple:
    out = list(seq)
    out[i] = value
    return tuple(out)


def _take(hand: tuple[Card, ...], cards) -> tuple[Card, ...]:
    """The hand without these physical cards (never others of their kind)."""
    gone = {c.uid for c in cards}
    return tuple(c for c in hand if c.uid not in gone)


def _set_hand(state, seat: int, hand) -> tuple:
    return _with(state.hands, seat, tuple(hand))


def _cards_in_hand(hand, cards) -> bool:
    uids = [c.uid for c in cards]
    return len(set(uids)) == len(uids) and set(uids) <= {c.uid for c in hand}


# ----------------------------------------------------- exposing tunnelas
def expose_offers(state) -> list[Action]:
    seat = state.to_act
    by_kind: dict[int, list[Card]] = {}
    for c in sorted(state.hands[seat], key=lambda x: x.uid):
        by_kind.setdefault(c.kind, []).append(c)
    return [ExposeTunnela(tuple(cs[:3])) for _, cs in sorted(by_kind.items()) if len(cs) >= 3]


def expose_reason(state, action: ExposeTunnela) -> str | None:
    seat = state.to_act
    if not _cards_in_hand(state.hands[seat], action.cards):
        return "those cards are not all in your hand"
    if len(action.cards) != 3 or classify_meld(action.cards, frozenset()) != TUNNELA:
        return "a tunnela is three identical cards (same rank and suit)"
    return None


def expose(state, action: ExposeTunnela):
    ex: MarriageDeal = state.extra
    seat = state.to_act
    ex = _replace(ex, exposed=_with(ex.exposed, seat, ex.exposed[seat] + (tuple(action.cards),)))
    state = state.replace(hands=_set_hand(state, seat, _take(state.hands[seat], action.cards)),
                          extra=ex,
                          log=state.log + (LogEntry(seat, MarriageMove.EXPOSE, action.cards[0]),))
    return state, [TunnelaExposed(seat, tuple(action.cards))]


def done_exposing(state, action):
    ex: MarriageDeal = state.extra
    seat = ex.exposing[0]
    ex = _replace(ex, exposing=ex.exposing[1:])
    state = state.replace(extra=ex, log=state.log + (LogEntry(seat, MarriageMove.EXPOSE_DONE),))
    if not ex.exposing:
        state = state.replace(phase=Phase.DRAW)
    return state, []


def _replace(ex: MarriageDeal, **changes) -> MarriageDeal:
    return replace(ex, **changes)


# ------------------------------------------------------------------ seeing
def dublee_route_open(state) -> bool:
    return state.rules.marriage_options.dublee_route_open(state.players)


def see_offers(state) -> list[Action]:
    """One ``SeeTiplu`` per route the player can take now (the engine
    chooses the groups); cheap: no search, an existence check."""
    ex: MarriageDeal = state.extra
    seat = state.turn
    if ex.seen[seat]:
        return []
    hand = state.hands[seat]
    out: list[Action] = []
    if has_natural_pures(hand, 3 - len(ex.exposed[seat])):
        out.append(SeeTiplu(SEQUENCES))
    if dublee_route_open(state) and count_dublees(hand) + len(ex.exposed[seat]) >= 7:
        out.append(SeeTiplu(DUBLEES))
    return out


# Choices of groups listed at most per route by ``see_moves`` (a fixed order):
# which seven of nine dublees go down can be dozens of equivalent moves.
MOST_SEE_CHOICES = 64


def see_moves(view) -> list[SeeTiplu]:
    """Every ``SeeTiplu(route, groups)`` naming its groups that the player to
    act may make now (``PlayerView.moves``; ``legal_actions`` offers the
    engine's choice, ``SeeTiplu(route)``): each choice of natural pure melds
    or of dublees, by kinds (the lowest-numbered copies go down), at most
    ``MOST_SEE_CHOICES`` a route.  Each is checked as ``see_reason`` checks it."""
    ex: MarriageView | None = view.extra
    if view.phase != Phase.DISCARD or ex is None or ex.i_have_seen:
        return []
    hand = tuple(view.hand)
    n_exp = len(ex.exposed[view.seat])
    out: list[SeeTiplu] = []
    need = max(0, 3 - n_exp)
    if need:
        for choice in choose_pures(hand, need, limit=MOST_SEE_CHOICES):
            pool = sorted(hand, key=lambda c: c.uid)
            groups = tuple(display_order(pick(pool, kinds)) for kinds in choice)
            out.append(SeeTiplu(SEQUENCES, groups))
    need = max(0, 7 - n_exp)
    pairs = dublee_pairs(hand)
    if need and len(pairs) >= need and view.rules.marriage_options.dublee_route_open(
            view.players):
        seen: set[tuple[int, ...]] = set()
        for choice in combinations(pairs, need):
            kinds = tuple(p[0].kind for p in choice)
            if kinds not in seen:
                seen.add(kinds)
                out.append(SeeTiplu(DUBLEES, choice))
                if len(seen) >= MOST_SEE_CHOICES:
                    break
    return [a for a in out if _see_groups_reason(hand, n_exp, a) is None]


def _see_groups_reason(hand, n_exp: int, action: SeeTiplu) -> str | None:
    if action.route == DUBLEES:
        return _named_groups_reason(hand, action.groups, max(0, 7 - n_exp), 2, _is_dublee,
                                    "a dublee is two identical cards")
    return _named_groups_reason(hand, action.groups, max(0, 3 - n_exp), 3, is_natural_pure,
                                "each group must be a pure sequence or a tunnela "
                                "(no wild cards)")


def see_reason(state, action: SeeTiplu) -> str | None:
    ex: MarriageDeal = state.extra
    seat = state.turn
    if ex.seen[seat]:
        return "you have already seen the tiplu"
    if action.route not in ROUTES:
        return f"see by {' or '.join(ROUTES)}, not {action.route!r}"
    hand = state.hands[seat]
    n_exp = len(ex.exposed[seat])
    if action.route == DUBLEES:
        if not dublee_route_open(state):
            return "the dublee route is open only with 4 or more players (dublee_route=four_plus)"
        need = max(0, 7 - n_exp)
        if action.groups:
            return _see_groups_reason(hand, n_exp, action)
        have = count_dublees(hand)
        if have < need:
            return (f"seeing by dublees takes seven dublees (exposed tunnelas count one "
                    f"each): you have {have + n_exp}")
        return None
    need = max(0, 3 - n_exp)
    if action.groups:
        return _see_groups_reason(hand, n_exp, action)
    if not has_natural_pures(hand, need):
        return ("seeing takes three pure sequences or tunnelas (exposed tunnelas count): "
                f"you hold fewer than {need} more")
    return None


def _is_dublee(group) -> bool:
    return group[0].kind == group[1].kind


def _named_groups_reason(hand, groups, need, size, ok, what) -> str | None:
    if len(groups) != need:
        return f"lay down exactly {need} group(s) of {size} cards"
    cards = [c for g in groups for c in g]
    if not _cards_in_hand(hand, cards):
        return "those cards are not all in your hand (each card once)"
    for g in groups:
        if len(g) != size or not ok(g):
            return f"{format_cards(g)}: {what}"
    return None


def choose_groups(state, seat: int, route: str) -> tuple[tuple[Card, ...], ...]:
    """The groups the engine lays down for ``SeeTiplu(route)`` without named
    groups: for sequences the choice that leaves the rest of the hand with
    the most cards in natural melds (``can_see``); for dublees the first
    seven pairs (which pairs go down changes neither the show nor the maal)."""
    ex: MarriageDeal = state.extra
    hand = state.hands[seat]
    exposed = ex.exposed[seat]
    if route == DUBLEES:
        return tuple(dublee_pairs(hand)[:max(0, 7 - len(exposed))])
    found = can_see(hand, list(exposed), dublees=False)
    assert found is not None and found.route == SEQUENCES
    return found.groups


def see(state, action: SeeTiplu):
    ex: MarriageDeal = state.extra
    seat = state.turn
    groups = tuple(tuple(g) for g in action.groups) or choose_groups(state, seat, action.route)
    cards = [c for g in groups for c in g]
    ex = _replace(ex, seen=_with(ex.seen, seat, True),
                  saw_by=_with(ex.saw_by, seat, action.route),
                  laid=_with(ex.laid, seat, ex.laid[seat] + groups))
    state = state.replace(hands=_set_hand(state, seat, _take(state.hands[seat], cards)),
                          extra=ex,
                          log=state.log + (LogEntry(seat, MarriageMove(f"see_{action.route}")),))
    return state, [TipluSeen(seat, action.route, groups)]


# ---------------------------------------------------------------- discards
def take_discard_reason(state) -> str | None:
    """RULES §6: who has seen may not take a wild card; a dublee player only
    to complete the eighth dublee; ``unseen_may_pick=False``: must see first."""
    ex: MarriageDeal = state.extra
    seat = state.turn
    top = state.discard[-1]
    if not ex.seen[seat]:
        if not state.rules.unseen_may_pick:
            return "you must see the tiplu before taking from the discard pile"
        return None
    if top.kind in ex.wild:
        return "you have seen the tiplu: a wild card may not be taken from the discard pile"
    if ex.saw_by[seat] == DUBLEES:
        have = len(ex.laid[seat]) + len(ex.exposed[seat])
        hand = state.hands[seat]
        more = count_dublees(hand + (top,))
        if more == count_dublees(hand) or have + more < 8:
            return "a dublee player may take a discard only to complete the eighth dublee"
    return None


def must_have_seen(state) -> str | None:
    ex: MarriageDeal = state.extra
    if not ex.seen[state.turn]:
        # two lines of a phone's status line: the how-to page says that one
        # may see and show in the same turn
        return "see the tiplu first: lay down three pure sequences/tunnelas or seven dublees"
    return None
