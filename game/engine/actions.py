"""Actions a player takes and events the engine reports.  All frozen values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from game.engine.cards import Card


class Phase(StrEnum):
    DRAW = "draw"  # the player to act draws, packs or shows a dealt rummy
    DISCARD = "discard"  # the player to act discards or declares
    DEAL_OVER = "deal_over"  # the deal is settled; NextDeal starts the next
    DECIDE = "decide"  # pool: a player answers a rejoin or split offer
    FAMILY = "family"  # a family's own step (``state.extra`` says which; Family.to_act)
    MATCH_OVER = "match_over"


class IllegalAction(ValueError):
    """The action is not allowed now; the reason says why.  State is unchanged."""


# ----------------------------------------------------------------- actions


# the verbs of moves, told as done ("lay down" -> "laid down"): what a replay says
PAST = {"lay": "laid", "go": "went", "see": "saw", "show": "showed", "draw": "drew",
        "take": "took", "throw": "threw", "rearrange": "rearranged", "finish": "finished",
        "accept": "accepted", "decline": "declined", "discard": "discarded",
        "declare": "declared", "pack": "packed"}


def told_as_done(order: str, verbs: dict[str, str] = PAST) -> str:
    """A move described as an order told as done: its verbs (the first word,
    and one after "and") in the past tense."""
    words = order.split(" ")
    for i, word in enumerate(words):
        if (i == 0 or words[i - 1] == "and") and word in verbs:
            words[i] = verbs[word]
    return " ".join(words)


@dataclass(frozen=True)
class Action:
    def describe(self) -> str:
        """The move as an order, in the player's words ("throw 9♣")."""
        return type(self).__name__

    def done(self) -> str:
        """The move told as done ("threw 9♣"); an action whose verb is its
        game's own says it itself."""
        return told_as_done(self.describe())


@dataclass(frozen=True)
class DrawStock(Action):
    def describe(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True)
class DrawDiscard(Action):
    def describe(self) -> str:
        return "take the discard"


@dataclass(frozen=True)
class Discard(Action):
    card: Card

    def describe(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Declare(Action):
    """Discard ``card`` and show the remaining cards as a finished hand."""

    card: Card

    def describe(self) -> str:
        return f"declare, discarding {self.card}"


@dataclass(frozen=True)
class ShowDealtHand(Action):
    """Hand rummy: show the 13 dealt cards at the first turn, without drawing."""

    def describe(self) -> str:
        return "show the dealt hand (hand rummy)"


@dataclass(frozen=True)
class Pack(Action):
    def describe(self) -> str:
        return "pack"


@dataclass(frozen=True)
class NextDeal(Action):
    def describe(self) -> str:
        return "next deal"


@dataclass(frozen=True)
class Answer(Action):
    """Yes/no to the offer in the DECIDE phase (pool rejoin or split)."""

    yes: bool

    def describe(self) -> str:
        return "accept" if self.yes else "decline"


# ------------------------------------------------------------------ events


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class DealStarted(Event):
    deal_no: int
    dealer: int
    cut: Card | None
    upcard: Card
    wild: frozenset[int]
    seats: tuple[int, ...]  # who is dealt in


@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int
    source: str  # "stock" or "discard"
    card: Card  # hidden from other seats by the view when source is "stock"


@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class Packed(Event):
    seat: int
    points: int


@dataclass(frozen=True)
class Declared(Event):
    seat: int
    valid: bool
    discard: Card | None
    reason: str = ""


@dataclass(frozen=True)
class StockReshuffled(Event):
    cards: int


@dataclass(frozen=True)
class DealSettled(Event):
    result: DealResult


@dataclass(frozen=True)
class Eliminated(Event):
    seat: int


@dataclass(frozen=True)
class Rejoined(Event):
    seat: int
    score: int


@dataclass(frozen=True)
class MatchOver(Event):
    winners: tuple[int, ...]
    split: bool = False


# ---------------------------------------------------------------- results


class SeatOutcome(StrEnum):
    """How a seat's deal ended, as its settlement says."""

    WINNER = "winner"
    LOST = "lost"
    PACKED = "packed"
    WRONG_SHOW = "wrong_show"
    OUT = "out"  # not dealt in
    VOID = "void"  # the deal was void


@dataclass(frozen=True)
class SeatResult:
    seat: int
    status: SeatOutcome
    pays: int  # what this seat pays to the winner this deal
    count: int  # the hand's count before multipliers and cap
    why: str  # human-readable: "pure + second sequence: deadwood 23", "first drop"
    melds: tuple[tuple[Card, ...], ...] = ()
    meld_names: tuple[str, ...] = ()
    deadwood: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DealResult:
    deal_no: int
    winner: int | None  # None: void deal
    void: bool
    seats: tuple[SeatResult, ...]
    deltas: tuple[int, ...]  # change of each seat's match score
    multiplier: int = 1
    notes: tuple[str, ...] = field(default=())
