"""A tiny test-only family that uses the hooks the real families need:
a hidden card only some players may see (and wild cards only for them),
cards laid on the table, an extra action, its own hand sizes, settlement and
match end.  Seven cards each from one deck without jokers; the card turned
after the upcard is a face-down "secret" whose rank is wild for a player who
has peeked; a player may lay one 3-card set or run on the table per turn
after drawing; a show is every card in hand in a set or run of three."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.actions import Action, DealResult, Phase, SeatResult
from game.engine.family import ActionSpec, Family
from game.engine.match import score_deltas
from game.engine.melds import classify
from game.engine.rules import RuleSet
from game.engine.state import ACTIVE


@dataclass(frozen=True)
class TinyRules(RuleSet):
    family: ClassVar[str] = "tiny"
    hand_size: ClassVar[int] = 7
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    OPTIONS: ClassVar[tuple[str, ...]] = ("direction", "rounds")

    name: str = "tiny"

    def decks_for(self, players: int) -> int:
        return 1


@dataclass(frozen=True)
class Peek(Action):
    """Look at the face-down secret card (once a deal, before drawing)."""


@dataclass(frozen=True)
class LayDown(Action):
    cards: tuple


@dataclass(frozen=True)
class TinyExtra:
    peeked: tuple[bool, ...]
    table: tuple[tuple, ...]  # each seat's laid-down cards


def _peek_reason(state, action):
    return "you have already peeked" if state.extra.peeked[state.turn] else None


def _peek(state, action):
    peeked = list(state.extra.peeked)
    peeked[state.turn] = True
    extra = TinyExtra(tuple(peeked), state.extra.table)
    return state.replace(extra=extra), []


def _lay_reason(state, action):
    hand = state.hands[state.turn]
    if any(c not in hand for c in action.cards):
        return "those cards are not all in your hand"
    if len(action.cards) != 3 or classify(action.cards, frozenset()) is None:
        return "lay down a set or run of three"
    return None


def _lay(state, action):
    seat = state.turn
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c not in action.cards)
    table = list(state.extra.table)
    table[seat] = table[seat] + tuple(action.cards)
    return state.replace(hands=tuple(hands),
                         extra=TinyExtra(state.extra.peeked, tuple(table))), []


class TinyFamily(Family):
    name = "tiny"
    title = "Tiny test family"
    rules_class = TinyRules

    def presets(self):
        return {"tiny": TinyRules()}

    def uses_cut_card(self, rules):
        return True

    def wild_kinds(self, rules, cut):
        return frozenset(s * 13 + cut.rank - 1 for s in range(4))

    def start_deal(self, state):
        n = state.players
        return state.replace(extra=TinyExtra((False,) * n, ((),) * n)), []

    def cut_for(self, state, seat):
        return state.cut if state.extra.peeked[seat] else None

    def wild_for(self, state, seat):
        return state.wild if state.extra.peeked[seat] else frozenset()

    def view_extra(self, state, seat):
        return (state.extra.peeked, state.extra.table)

    def action_specs(self, core):
        specs = dict(core)
        del specs[next(t for t in specs if t.__name__ == "Pack")]
        specs[Peek] = ActionSpec(Peek, (Phase.DRAW,), lambda s: [Peek()], _peek_reason, _peek)
        specs[LayDown] = ActionSpec(LayDown, (Phase.DISCARD,), lambda s: [], _lay_reason, _lay)
        return specs

    def show_reason(self, state, seat, cards):
        if len(cards) % 3 or any(classify(cards[i:i + 3], self.wild_for(state, seat)) is None
                                 for i in range(0, len(cards), 3)):
            return "every card must be in a set or run of three, in order"
        return None

    def table_cards(self, state):
        return [c for t in (state.extra.table if state.extra else ()) for c in t]

    def hand_size_error(self, state, seat):
        n = len(state.hands[seat]) + len(state.extra.table[seat])
        if state.status[seat] != ACTIVE:
            return None
        want = 7 + (state.phase == Phase.DISCARD and seat == state.turn)
        return None if n == want else f"seat {seat} holds {n} cards, expected {want}"

    def settle(self, state, winner, how):
        n = state.players
        if winner is None:
            return DealResult(state.deal_no - 1, None, True,
                              tuple(SeatResult(s, "void", 0, 0, "void") for s in range(n)),
                              (0,) * n)
        pays = [0 if s == winner else 1 for s in range(n)]
        seats = tuple(SeatResult(s, "winner" if s == winner else "lost", pays[s], pays[s],
                                 "one point") for s in range(n))
        return DealResult(state.deal_no - 1, winner, False, seats,
                          score_deltas(state, winner, pays))
