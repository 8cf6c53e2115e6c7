"""The rules engine's core: what every game family uses (cards, the state, turns,
the action table, views, match formats).  Pure Python, no pygame; it names no
family: a rule set leads to its family's hooks (``family_of``)."""

from game.engine.actions import (
    Action,
    Answer,
    DealResult,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Event,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    SeatResult,
    ShowDealtHand,
)
from game.engine.cards import JOKER_KIND, Card, Suit, format_cards, parse_cards, parse_kind
from game.engine.family import ActionSpec, Family, family_of
from game.engine.game import apply, check, declarable, is_wild, legal_actions, new_match, shoe_for
from game.engine.invariants import InvariantError, check_cheap, check_invariants, check_offers
from game.engine.meldtypes import Evaluation, Meld, MeldOptions
from game.engine.rules import RuleError, RuleSet
from game.engine.state import GameState
from game.engine.view import PlayerView, view_for

__all__ = [
    "Action", "Answer", "Card", "DealResult", "Declare", "Discard", "DrawDiscard",
    "DrawStock", "Evaluation", "Event", "GameState", "IllegalAction", "InvariantError",
    "JOKER_KIND", "Meld", "MeldOptions", "NextDeal", "Pack", "Phase",
    "PlayerView", "RuleError", "RuleSet", "SeatResult", "ShowDealtHand", "Suit", "apply",
    "ActionSpec", "Family",
    "check", "check_cheap", "check_invariants", "check_offers", "declarable", "family_of",
    "format_cards", "is_wild",
    "legal_actions", "new_match", "parse_cards", "parse_kind", "shoe_for",
    "view_for",
]
