"""Tiny rummy's rules and the engine's hooks (see the package docstring)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import ClassVar

from game.engine.actions import Action, DealResult, Phase, SeatOutcome, SeatResult
from game.engine.cards import Card, format_cards
from game.engine.family import ActionSpec, Family, HandQuery
from game.engine.match import score_deltas, void_seats
from game.engine.melds import classify
from game.engine.rules import RuleSet
from game.engine.state import ACTIVE, LogEntry

HAND = 6


@dataclass(frozen=True)
class TinyRules(RuleSet):
    family: ClassVar[str] = "tiny"
    hand_size: ClassVar[int] = HAND
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    OPTIONS: ClassVar[tuple[str, ...]] = ("direction", "rounds")

    name: str = "tiny"

    def decks_for(self, players: int) -> int:
        return 1


class TinyMove(StrEnum):
    LAY_DOWN = "lay_down"  # its first card is shown in the log; the meld lies face up


@dataclass(frozen=True)
class Peek(Action):
    """Look at the face-down secret card (once a deal, before drawing)."""

    def describe(self) -> str:
        return "peek at the secret card"


@dataclass(frozen=True)
class LayDown(Action):
    """Lay a meld of three from the hand on the table (once a turn, after drawing)."""

    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"lay down {format_cards(self.cards)}"


@dataclass(frozen=True)
class TinyDeal:
    peeked: tuple[bool, ...]
    table: tuple[tuple[Card, ...], ...]  # each seat's laid cards, meld after meld
    laid_this_turn: bool = False


def is_meld(cards, wild: frozenset[int]) -> bool:
    return len(cards) == 3 and classify(tuple(cards), wild) is not None


def melds_all(cards: tuple[Card, ...], wild: frozenset[int]) -> bool:
    """Whether ``cards`` split into melds of three (no cards: trivially)."""
    if len(cards) % 3:
        return False
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for pair in combinations(range(len(rest)), 2):
        if is_meld((first, rest[pair[0]], rest[pair[1]]), wild):
            left = tuple(c for i, c in enumerate(rest) if i not in pair)
            if melds_all(left, wild):
                return True
    return False


def _peek_reason(state, action):
    return "you have already peeked" if state.extra.peeked[state.turn] else None


def _peek(state, action):
    peeked = list(state.extra.peeked)
    peeked[state.turn] = True
    return state.replace(extra=TinyDeal(tuple(peeked), state.extra.table)), []


def _lay_offers(state):
    if state.extra.laid_this_turn:
        return []
    wild = FAMILY.wild_for(state, state.turn)
    hand = state.hands[state.turn]
    return [LayDown(trio) for trio in combinations(hand, 3) if is_meld(trio, wild)]


def _lay_reason(state, action):
    if state.extra.laid_this_turn:
        return "you have laid a meld this turn already"
    hand = state.hands[state.turn]
    if len(set(action.cards)) != len(action.cards) or any(c not in hand for c in action.cards):
        return "those cards are not all in your hand"
    if not is_meld(action.cards, FAMILY.wild_for(state, state.turn)):
        return "lay down a set or run of three"
    return None


def _lay(state, action):
    seat = state.turn
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c not in action.cards)
    table = list(state.extra.table)
    table[seat] = table[seat] + tuple(action.cards)
    extra = TinyDeal(state.extra.peeked, tuple(table), laid_this_turn=True)
    return state.replace(hands=tuple(hands), extra=extra,
                         log=state.log + (LogEntry(seat, TinyMove.LAY_DOWN, action.cards[0]),)), []


def _turn_over(handler):
    """The core's discard or declare, then a fresh turn for the next player."""
    def run(state, action):
        state, events = handler(state, action)
        if state.extra is not None and state.extra.laid_this_turn:
            state = state.replace(extra=TinyDeal(state.extra.peeked, state.extra.table))
        return state, events
    return run


class TinyFamily(Family):
    name = "tiny"
    title = "Tiny rummy"
    cut_name = "Secret"
    rules_class = TinyRules
    preset_words = {"tiny": ("Tiny Rummy", "Six cards: peek at the secret card, lay melds "
                             "of three, throw your last card to win.")}
    move_words = {TinyMove.LAY_DOWN: "laid a meld"}

    def presets(self):
        return {"tiny": TinyRules()}

    def uses_cut_card(self, rules):
        return True

    def wild_kinds(self, rules, cut):
        return frozenset(s * 13 + cut.rank - 1 for s in range(4))

    def start_deal(self, state):
        n = state.players
        return state.replace(extra=TinyDeal((False,) * n, ((),) * n)), []

    def cut_for(self, state, seat):
        return state.cut if state.extra.peeked[seat] else None

    def wild_for(self, state, seat):
        return state.wild if state.extra.peeked[seat] else frozenset()

    def view_extra(self, state, seat):
        return (state.extra.peeked, state.extra.table)

    def view_leak(self, state, seat, view):
        if view.cut is not None and not state.extra.peeked[seat]:
            return "the secret card is shown to a seat that has not peeked"
        return None

    def action_specs(self, core):
        specs = {kind: spec for kind, spec in core.items() if kind.__name__ != "Pack"}
        for kind, spec in list(specs.items()):
            if kind.__name__ in ("Discard", "Declare"):
                specs[kind] = ActionSpec(spec.action, spec.phases, spec.offers, spec.reason,
                                         _turn_over(spec.handler), spec.validate)
        specs[Peek] = ActionSpec(Peek, (Phase.DRAW,), lambda s: [Peek()], _peek_reason, _peek)
        specs[LayDown] = ActionSpec(LayDown, (Phase.DISCARD,), _lay_offers, _lay_reason, _lay)
        return specs

    def show_reason(self, state, seat, cards):
        if not melds_all(tuple(cards), self.wild_for(state, seat)):
            return "every card left in your hand must be in a set or run of three"
        return None

    def iter_showable(self, rules, decks, hand, wild, extra) -> Generator[None, None,
                                                                           frozenset[int]]:
        found = set()
        for card in hand:
            yield
            rest = list(hand)
            rest.remove(card)
            if melds_all(tuple(rest), wild):
                found.add(card.kind)
        return frozenset(found)

    def count_kinds(self, rules, decks, kinds, wild, below=None):
        """A loser pays a point a card left in hand."""
        n = len(kinds)
        return None if below is not None and n >= below else n

    def table_cards(self, state):
        return [c for t in (state.extra.table if state.extra else ()) for c in t]

    def table_groups(self, state, seat):
        laid = state.extra.table[seat] if state.extra else ()
        return [laid[i:i + 3] for i in range(0, len(laid), 3)]

    def hand_size_error(self, state, seat):
        if state.status[seat] != ACTIVE:
            return None
        n = len(state.hands[seat]) + len(state.extra.table[seat])
        want = HAND + (state.phase == Phase.DISCARD and seat == state.turn)
        return None if n == want else f"seat {seat} holds {n} cards, expected {want}"

    def hand_context(self, rules, query: HandQuery):
        return query

    def settle(self, state, winner, how):
        n = state.players
        if winner is None:
            return DealResult(state.deal_no - 1, None, True, void_seats(state, "void deal"),
                              (0,) * n)
        pays = [0 if s == winner else len(state.hands[s]) for s in range(n)]
        seats = tuple(SeatResult(s, SeatOutcome.WINNER if s == winner else SeatOutcome.LOST,
                                 pays[s], pays[s], "went out" if s == winner
                                 else f"{pays[s]} cards in hand") for s in range(n))
        return DealResult(state.deal_no - 1, winner, False, seats,
                          score_deltas(state, winner, pays))


FAMILY = TinyFamily()
