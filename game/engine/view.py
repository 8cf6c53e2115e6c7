"""What one player may see: their own hand and everything public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, DealResult, Phase
from game.engine.cards import Card
from game.engine.family import family_of
from game.engine.game import legal_actions
from game.engine.rules import RuleSet
from game.engine.state import GameState


@dataclass(frozen=True)
class PlayerView:
    seat: int
    rules: RuleSet
    players: int
    decks: int
    phase: Phase
    turn: int
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    status: tuple[str, ...]
    turns_taken: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]  # the whole face-up pile, top last
    cut: Card | None
    wild: frozenset[int]
    picked: Card | None
    upcard_fresh: bool
    scores: tuple[int, ...]
    in_match: tuple[bool, ...]
    dealer: int
    deal_no: int
    log: tuple[tuple[int, str, Card | None], ...]  # public moves of this deal
    result: DealResult | None  # the last settled deal, all hands shown
    offer: tuple | None
    legal: tuple[Action, ...]  # the actions this seat may take now (see ``moves``)
    extra: Any = None  # what this seat may see of the family's own state

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def moves(self) -> tuple[Action, ...]:
        """Every move this seat may make now: ``legal`` and then the family's
        moves too many or too costly to list on every step
        (``Family.more_actions``; ``game/families/ACTIONS.md`` lists them).
        Each one passes ``check``.  Costlier than ``legal``: ask it when you
        want them."""
        if not self.legal:
            return ()
        return self.legal + tuple(family_of(self.rules).more_actions(self))


def view_for(state: GameState, seat: int) -> PlayerView:
    fam = family_of(state.rules)
    acting = state.to_act == seat
    return PlayerView(
        seat=seat, rules=state.rules, players=state.players, decks=state.decks,
        phase=state.phase, turn=state.turn, to_act=state.to_act,
        hand=state.hands[seat], hand_sizes=tuple(len(h) for h in state.hands),
        status=state.status, turns_taken=state.turns_taken, stock_size=len(state.stock),
        discard=state.discard, cut=fam.cut_for(state, seat), wild=fam.wild_for(state, seat),
        picked=state.picked,
        upcard_fresh=state.upcard_fresh, scores=state.scores, in_match=state.in_match,
        dealer=state.dealer, deal_no=state.deal_no, log=state.log,
        result=state.result if state.deal_over else None, offer=state.offer,
        legal=tuple(legal_actions(state)) if acting else (),
        extra=fam.view_extra(state, seat),
    )
