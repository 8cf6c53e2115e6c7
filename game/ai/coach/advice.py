"""The coach's advice: a hint (a bot's move with its reason) and the review
of a deal (where a player's move cost most against the bot's).

``hint_thought(view, bot, lens_for, shown)`` asks ``bot`` for its move and
says why in one line built from the position (``reasons.explain``) as the
screen shows it (``shown``: the person's groups and their labels), with the
hand's best arrangement and what it would pay now (the family's lens).  A
bot that packs may say what its decision weighed (``pack_odds``: a
``game.ai.base.PackOdds``, or None); the reason then gives those numbers.

``review(decisions, bot, lens_for)`` replays a player's decisions of a deal:
where the bot would have played otherwise, it prices both moves and keeps
the few that cost most, each with the bot's reason.

How a cost is priced (points, the family's own units): each move leads to a
position, and the family's lens turns a position into expected points:

- a discard: the hand left, judged by its distance to a finish, what it
  would pay if another player finished first, and the bonus it keeps;
- a draw: the hand with the pile's card against the hand with an expected
  stock card;
- a declaration: what winning is worth (a wrong show: its penalty);
- a pack: the drop's cost;
- a move of the family's own: its lens's price (``Lens.values``).

The cost is the points of the bot's position less those of the player's.
A ready hand that throws instead of declaring is judged as one card short
(the others get a round first).  Moves the lens cannot price are left out
of the review.  Nothing here knows a family: the lens is the family's
(``lens_for``), and so is the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.ai.coach.lens import Lens, PackOdds, Shown, Standing, hand_without
from game.ai.coach.reasons import explain, plain
from game.ai.coach.words import card_words, partial_words, partials
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

MIN_COST = 1.0  # points: a smaller difference is a matter of taste, not a mistake

LensFor = Callable[[PlayerView], Lens]


@dataclass(frozen=True)
class Hint:
    action: Action  # the move the coaching bot would make now
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


def hint_thought(view: PlayerView, bot: Any, lens_for: LensFor,
                 shown: Sequence[Shown] = ()) -> Generator[None, None, Hint]:
    """``bot``'s move for ``view`` with its reason, the hand's best
    arrangement and its count, as a generator that yields between slices of
    the bot's thinking (its ``think``, when it has one); the hint is its
    return value.  ``view`` must have a decision to make (``view.legal``);
    ``shown``: the person's groups as the screen labels them."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make now")
    think = getattr(bot, "think", None)
    action = (yield from think(view)) if think is not None else bot.choose(view)
    yield
    lens = lens_for(view)
    lens.show(shown)
    lens.odds = bot_odds(bot, action, view)
    return Hint(action, said(lens, action), lens.layout(view.hand).groups(),
                lens.count(view.hand))


def bot_odds(bot: Any, action: Action, view: PlayerView) -> PackOdds | None:
    """The numbers the bot's drop was decided by, when it packed and says
    (a player of a level asks its bot for the view's game)."""
    pick = getattr(bot, "bot_for", None)
    if callable(pick):
        bot = pick(view.rules.family)
    odds = getattr(bot, "pack_odds", None)
    return odds if isinstance(action, Pack) and isinstance(odds, PackOdds) else None


def said(lens: Lens, action: Action) -> str:
    """The reason, or the move in plain words should the words fail: a
    button press must never stop the game (the tests cover every family)."""
    try:
        return explain(lens, action)
    except Exception:  # noqa: BLE001 - a hint degrades, the game goes on
        return plain(action)


def review(decisions: Sequence[tuple[PlayerView, Action]], bot: Any, lens_for: LensFor,
           limit: int = 3) -> list[Mistake]:
    """The ``limit`` decisions (a view and the move played) where ``bot``'s
    choice was worth most more than the player's, costliest first."""
    found: list[Mistake] = []
    for view, played in decisions:
        if not view.legal or played not in view.legal or isinstance(played, (NextDeal, Answer)):
            continue
        better = bot.choose(view)
        if same_move(played, better):
            continue
        lens = lens_for(view)
        lens.odds = bot_odds(bot, better, view)
        ours, theirs = value(lens, better), value(lens, played)
        if ours is None or theirs is None or ours - theirs < MIN_COST:
            continue
        reason = f"{said(lens, better)} (You: {played_words(lens, played)}.)"
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
    own = lens.values.get(type(action))
    if own is not None:
        return own(lens, action)
    view = lens.view
    if isinstance(action, Discard):
        return lens.points(after_discard(lens, view.hand, action.card))
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
    return None


def after_discard(lens: Lens, hand: Sequence[Card], card: Card) -> Standing:
    """The position after throwing ``card``: a ready hand is one card short,
    since the others play a round before its next turn."""
    st = lens.standing(hand_without(hand, card))
    if st.need == 0:
        st = replace(st, need=1, draws=max(st.draws, 1.0))
    return st


def best_discard_points(lens: Lens) -> float:
    """The points of the best throw from the lens's hand (0 for no card)."""
    hand = lens.view.hand
    return max((lens.points(after_discard(lens, hand, c)) for c in set(hand)), default=0.0)


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
        for p in partials(loose, lens.twins):
            if card in p.cards:
                return f"threw {card_words(card)}, breaking {partial_words(p)}"
        st = lens.standing(hand_without(view.hand, card))
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
