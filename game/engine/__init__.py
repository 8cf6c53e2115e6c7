"""The rules engine: pure Python, no pygame (it runs unchanged in the browser)."""

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
from game.engine.families import PRESETS, family_of, preset
from game.engine.game import apply, check, declarable, is_wild, legal_actions, new_match, shoe_for
from game.engine.invariants import InvariantError, check_cheap, check_invariants
from game.engine.rules import RuleError, RuleSet
from game.engine.solver import Evaluation, Meld, MeldOptions, evaluate
from game.engine.state import GameState
from game.engine.view import PlayerView, view_for

__all__ = [
    "Action", "Answer", "Card", "DealResult", "Declare", "Discard", "DrawDiscard",
    "DrawStock", "Evaluation", "Event", "GameState", "IllegalAction", "InvariantError",
    "JOKER_KIND", "Meld", "MeldOptions", "NextDeal", "PRESETS", "Pack", "Phase",
    "PlayerView", "RuleError", "RuleSet", "SeatResult", "ShowDealtHand", "Suit", "apply",
    "check", "check_cheap", "check_invariants", "declarable", "evaluate", "family_of",
    "format_cards", "is_wild",
    "legal_actions", "new_match", "parse_cards", "parse_kind", "preset", "shoe_for",
    "view_for",
]
