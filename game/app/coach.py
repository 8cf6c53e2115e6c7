"""The coach: the strongest bot's move with its reason, and a review of a deal.

``hint(view)`` asks the hardest level (``make_bot("hard")``, whatever bot
that is for the view's family) for its move and says why in one line built
from the position (``coach_reasons``), with the hand's best arrangement and
what it would pay now (``coach_lens``).

``review(decisions)`` replays a player's decisions of a deal: where the bot
would have played otherwise, it prices both moves and keeps the few that
cost most, each with the bot's reason.

How a cost is priced (points, the family's own units): each move leads to a
position, and each family's lens turns a position into expected points
(``coach_lens``' docstring gives each model):

- a discard: the hand left, judged by its distance to a finish (cards still
  to draw, or turns to go out in Vazhushal), what it would pay if another
  player finished first, and the bonus it keeps (value cards, maal);
- a draw: the hand with the pile's card against the hand with an expected
  stock card;
- a declaration: what winning is worth (a wrong show: its penalty);
- a pack: the drop's cost; seeing the tiplu: a seen loser pays 3, not 10.

The cost is the points of the bot's position less those of the player's.
A ready hand that throws instead of declaring is judged as one card short
(the others get a round first).  Moves the coach cannot price (rearranging
melds on the table mid-turn in Vazhushal) are left out of the review.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace

from game.ai.base import finish
from game.app.coach_lens import Lens, Standing, lens_for, without
from game.app.coach_reasons import explain
from game.app.coach_words import card_words, partial_words, partials
from game.engine import (
    Action,
    Answer,
    Card,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    NextDeal,
    Pack,
    PlayerView,
    ShowDealtHand,
)
from game.engine.shows import showable_kinds
from game.engine.state import SeatStatus
from game.families import make_bot

MIN_COST = 1.0  # points: a smaller difference is a matter of taste, not a mistake
STRONGEST = "hard"


@dataclass(frozen=True)
class Hint:
    action: Action  # the move the strongest bot (make_bot("hard")) would make now
    reason: str  # one line a player understands
    groups: list[list[Card]]  # the best arrangement of the hand (melds first, loose cards last)
    count: int  # the hand's count/penalty as it stands (what it would pay now), per family


@dataclass(frozen=True)
class Mistake:
    view: PlayerView
    played: Action
    better: Action
    cost: float  # points the played move is expected to lose against ``better``
    reason: str  # the bot's reason, and what the played move did


def hint(view: PlayerView, seed: int = 0) -> Hint:
    """The strongest bot's move for ``view`` with its reason, and the hand's
    best arrangement (melds first, the loose cards as the last group) and
    count.  ``view`` must have a decision to make (``view.legal``)."""
    return finish(hint_thought(view, seed))


def hint_thought(view: PlayerView, seed: int = 0) -> Generator[None, None, Hint]:
    """``hint`` as a generator that yields between slices of the bot's
    thinking (its ``think``), for a UI that keeps drawing frames while the
    search runs (the browser); the hint is its return value."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make now")
    bot = make_bot(STRONGEST, seed)
    think = getattr(bot, "think", None)
    action = (yield from think(view)) if think is not None else bot.choose(view)
    yield
    lens = lens_for(view)
    return Hint(action, _said(lens, action), lens.layout(view.hand).groups(),
                lens.count(view.hand))


def _said(lens: Lens, action: Action) -> str:
    """The reason, or the move in plain words should the words fail: a
    button press must never stop the game (the tests cover every family)."""
    try:
        return explain(lens, action)
    except Exception:  # noqa: BLE001 - a hint degrades, the game goes on
        text = action.describe()
        return text[:1].upper() + text[1:] + "."


def arrangement(view: PlayerView) -> list[list[Card]]:
    """The hand's best arrangement alone (what ``Hint.groups`` holds)."""
    return lens_for(view).layout(view.hand).groups()


def review(decisions: Sequence[tuple[PlayerView, Action]], limit: int = 3) -> list[Mistake]:
    """The ``limit`` decisions (a view and the move played) where the
    strongest bot's choice was worth most more than the player's, costliest
    first."""
    bot = make_bot(STRONGEST, 0)
    found: list[Mistake] = []
    for view, played in decisions:
        if not view.legal or played not in view.legal or isinstance(played, (NextDeal, Answer)):
            continue
        better = bot.choose(view)
        if same_move(played, better):
            continue
        lens = lens_for(view)
        ours, theirs = value(lens, better), value(lens, played)
        if ours is None or theirs is None or ours - theirs < MIN_COST:
            continue
        reason = f"{_said(lens, better)} (You: {played_words(lens, played)}.)"
        found.append(Mistake(view, played, better, round(ours - theirs, 1), reason))
    found.sort(key=lambda m: -m.cost)
    return found[:limit]


def same_move(a: Action, b: Action) -> bool:
    """Equal moves, or throws of identical cards (decks repeat cards)."""
    if a == b:
        return True
    return type(a) is type(b) and isinstance(a, (Discard, Declare)) and a.card.kind == b.card.kind


# --------------------------------------------------------------- pricing
def value(lens: Lens, action: Action) -> float | None:
    """What ``action`` is worth to the lens's seat, in expected points; None
    for a move the coach does not price."""
    view = lens.view
    name = type(action).__name__
    if isinstance(action, Discard):
        return lens.points(_after_discard(lens, view.hand, action.card))
    if isinstance(action, Declare):
        if action.card.kind in showable_kinds(view):
            return lens.win_points()
        if view.rules.invalid_declaration == "penalty":
            return -float(view.rules.wrong_show_points)
        return None
    if isinstance(action, ShowDealtHand):
        return lens.win_points()
    if isinstance(action, DrawStock):
        return lens.points(lens.stock(view.hand))
    if isinstance(action, DrawDiscard):
        return lens.points(lens.take(view.hand + (view.discard[-1],)))
    if isinstance(action, Pack):
        return lens.pack_points()
    if name == "SeeTiplu":  # the turn goes on: the best throw, then a seen hand
        best = max((lens.points(_after_discard(lens, view.hand, c)) for c in set(view.hand)),
                   default=0.0)
        return best + lens.see_gain()
    if name == "ExposeTunnela":
        return 5.0 * _others(view) if view.rules.tunnela_bonus != "none" else 0.0
    if name == "DoneExposing":
        return 0.0
    if name == "Wipe":
        st = lens.wipe(action)
        return None if st is None else lens.points(st)
    if name == "GoOut":
        return lens.win_points()
    return None


def _after_discard(lens: Lens, hand: Sequence[Card], card: Card) -> Standing:
    st = lens.standing(without(hand, card))
    if st.need == 0:  # ready, but the others play a round before the next turn
        st = replace(st, need=1, draws=max(st.draws, 1.0))
    return st


def _others(view: PlayerView) -> int:
    return max(1, sum(1 for s, st in enumerate(view.status)
                      if st == SeatStatus.ACTIVE and s != view.seat))


def played_words(lens: Lens, played: Action) -> str:
    """What the player's move did, as a fact of the position."""
    view = lens.view
    if isinstance(played, Discard):
        card = played.card
        meld = lens.layout(view.hand).meld_of(card)
        if any(isinstance(a, Declare) and a.card.kind in showable_kinds(view)
               for a in view.legal):
            return f"threw {card_words(card)} when you could declare"
        if meld is not None:
            return f"threw {card_words(card)} out of your {meld[0]} {lens.words(meld[1])}"
        if lens.is_wild(card):
            return f"threw {card_words(card)}, a wild card"
        loose = [c for c in lens.layout(view.hand).loose if not lens.is_wild(c)]
        for p in partials(loose, lens.dublees):
            if card in p.cards:
                return f"threw {card_words(card)}, breaking {partial_words(p)}"
        st = lens.standing(without(view.hand, card))
        return f"threw {card_words(card)}, leaving the hand {lens.need_words(st)}"
    if isinstance(played, DrawDiscard):
        st = lens.take(view.hand + (view.discard[-1],))
        return f"took {card_words(view.discard[-1])}, leaving the hand {lens.need_words(st)}"
    if isinstance(played, DrawStock):
        return "drew from the stock"
    if isinstance(played, Pack):
        return f"packed for {-lens.pack_points():.0f}"
    if isinstance(played, Declare) and played.card.kind not in showable_kinds(view):
        return "declared a hand that is not a valid show"
    text = played.describe()
    return text[:1].lower() + text[1:]
