"""The seam for game families on the table: parts the table composes.

The common table (``scene``, ``input``, ``draw``) knows the seats, the stock,
the discard pile and the person's hand, and nothing a single family adds:
a card turned up beside the stock, badges on value cards, a face-down card
only some players may see, melds laid on the table, a discard pile spread
in a line.  Each of those is a ``TablePart``.  A family's ``table`` module
(``game/families/<name>/table.py``) lists its parts::

    class SecretCard(TablePart):
        layer = UNDER_PILES

        def draw(self, surface, table):
            ...

    PARTS = [SecretCard, LaidMelds]

and the window finds that module through the family registry when a table
opens (``game.ui.table.family_parts``); nothing here names a family.

Besides drawing, a part may answer the table's questions about its family
(the hooks below, each with a neutral default): buttons for the family's own
actions, the status line, how the hand is arranged and its groups named,
the number beside "You", each player's score in words, the wild cards in
words, the winning show in the declare check, words for the family's events,
and on the scoring screen a table of its own and the name of the loose cards.  Where several parts
answer, the first (in drawing order) that does not say None is used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.engine import Card, DealResult, PlayerView, SeatResult
    from game.engine.melds import GroupLabel
    from game.ui.table.scene import TableScene
    from game.uikit.table.layout import TableLayout
    from game.uikit.widgets import Button

# Where a part is drawn among the table's own layers (``draw.draw_table``).
UNDER_PILES = 0  # after the seats, under the stock and the discard pile
OVER_PILES = 1  # over the piles, under the info line, the buttons and the hand
OVER_HAND = 2  # over the hand, under the flying cards and the card being dragged


class TablePart:
    """One piece of the table that a family adds.  Every hook has a neutral
    default, so a part overrides only what it does.

    The table calls, with itself as ``table`` (a ``TableScene``: ``state``,
    ``layout``, ``bottom``, ``session``, ``act(action)``, ``say(text)``, …):

    * ``layout(lay)`` when it opens and whenever the window changes size;
    * ``update(dt, table)`` once a frame while the table is the top scene;
    * ``handle_event(event, table)`` for each input event, before the table's
      own input; return True to keep the event from the table.  Moves go
      through ``table.act(action)`` (checked by the engine), never round it;
    * ``draw(surface, table)`` once a frame, at the part's ``layer``; drawing
      never changes the game;
    * ``card_badge(card, view)`` for each card face the table shows in the
      hand and on the pile: a short mark ("T", "Man") or None.  ``view`` is
      the bottom seat's ``PlayerView``, so a badge shows only what that
      player may know.  The view is made only when some part draws badges.
    """

    layer = OVER_PILES
    # room the part asks of the layout (the table takes the most any part asks):
    seat_lines = 0  # lines of small text under each other player's three lines
    own_lines = 0  # lines for the bottom seat's own table cards (``layout.own``)
    extra_buttons = 0  # the most buttons ``buttons`` adds at once
    felt_w = 0  # the felt's width it needs (at scale 1): narrower, the seats all go on top
    felt_lines = 0  # lines of text it puts on the felt besides the piles' names
    # the part draws the discard pile itself (a line spread on the felt): the
    # table draws only the stock, and a card thrown flies to ``layout.discard``
    draws_pile = False

    def layout(self, lay: TableLayout) -> None:
        """Place the part in the table's layout (computed from the window size)."""

    def notice_height(self, table: TableScene, size: tuple[int, int]) -> int:
        """Pixels the part asks for a strip over the info line that covers
        nothing (``layout.notice``) in a window of ``size``: 0 for none.  The
        table asks when it lays itself out (``TableScene.relayout``)."""
        return 0

    def notice_up(self, table: TableScene) -> bool:
        """Whether the part's notice fills the strip now (the table then leaves
        out the info line the strip stands over)."""
        return False

    def update(self, dt: float, table: TableScene) -> None:
        """Advance the part's own timers by ``dt`` seconds."""

    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        """Return True when the event was used."""
        return False

    def on_pause(self, table: TableScene) -> None:
        """A dialog or another screen came over the table: a gesture of the
        part's own cut short ends here (its release went to the dialog)."""

    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        """Paint the part; never changes game state."""

    def card_badge(self, card: Card, view: PlayerView) -> str | None:
        """A mark for ``card``'s face, or None."""
        return None

    # ------------------------------------------------- the table's questions
    def buttons(self, table: TableScene) -> list[Button]:
        """Buttons for the family's own actions, after the table's own in the
        action bar (rebuilt after every move).  A button's action goes through
        ``table.act``, so a refusal shows the engine's reason."""
        return []

    def status(self, table: TableScene) -> tuple[str, tuple[int, int, int]] | None:
        """The status line (text, colour) where the family has its own say
        (a phase of its own, a step the player may take), or None."""
        return None

    def arrange(self, table: TableScene, cards: Sequence[Card]) -> Arranged | None:
        """The best arrangement of the bottom seat's ``cards`` as it knows
        them (its view's wild cards), or None to leave it to the engine's
        evaluator."""
        return None

    def hint_target(self, table: TableScene, action) -> pygame.Rect | None:
        """Where the coach's hinted ``action`` is on the table, for a move of
        the family's own (a card on its table, its own button), or None."""
        return None

    def group_labels(self, table: TableScene,
                     groups: Sequence[Sequence[Card]]) -> list[GroupLabel] | None:
        """A label per group of the hand (``hand.GroupLabel``), or None."""
        return None

    def count(self, table: TableScene) -> tuple[str, str] | None:
        """(value, caption) beside "You" in place of the hand's count, or None."""
        return None

    def score_line(self, table: TableScene, seat: int) -> str | None:
        """A player's match score in the family's words ("2 / 5 pts"), under
        their name, or None for the table's own."""
        return None

    def banner_area(self, table: TableScene) -> pygame.Rect | None:
        """The part of the window the table's announcements stay in (centred),
        where the middle of the felt holds something of the person's that a
        banner must not cover; None: centred over the piles."""
        return None

    def move_words(self, table: TableScene) -> dict[str, str] | None:
        """The family's moves as a player's panel says them, where the table's
        narrow panels want them shorter than the family's log words, or None."""
        return None

    def wild_line(self, table: TableScene) -> str | None:
        """Which cards are wild, in words, under the piles ("" for nothing), or None."""
        return None

    def cut_words(self, table: TableScene) -> tuple[str, bool] | None:
        """The name under the card set aside beside the stock, and whether it
        is lit, or None for no name (the table keeps the stock's clear of it)."""
        return None

    def show_check(self, table: TableScene, rest: Sequence[Card]) -> ShowCheck | None:
        """For the declare check: ``rest`` (the hand after the throw) as it
        would be shown, with its verdict, or None to leave it to the table."""
        return None

    def on_events(self, events: Sequence[Any], table: TableScene) -> None:
        """The engine's events of a move, after the table animated its own
        (the part announces the family's: ``table.announce``)."""

    def score_table(self, table: TableScene, result: DealResult) -> ScoreTable | None:
        """A table of the family's own for the scoring screen, or None."""
        return None

    def seat_cards(self, table: TableScene, seat: SeatResult) -> Arranged | None:
        """How a seat's cards are laid out on the scoring screen, or None for
        the result's own melds and loose cards."""
        return None

    def seat_why(self, table: TableScene, seat: SeatResult) -> str | None:
        """The words under a seat's cards on the scoring screen in place of
        the settlement's own, or None."""
        return None

    def loose_title(self, table: TableScene, seat: SeatResult) -> str | None:
        """The label over a seat's cards in no meld on the scoring screen, or None."""
        return None

    def showdown_title(self, table: TableScene, result: DealResult, who: str) -> str | None:
        """The headline over the winner's cards at the end of a deal (``who``:
        "You" or the winner's name), or None for "… declared: Rummy!"."""
        return None

    @property
    def badges(self) -> bool:
        """Whether this part marks card faces (it overrides ``card_badge``)."""
        return type(self).card_badge is not TablePart.card_badge


@dataclass(frozen=True)
class Arranged:
    """A hand laid out: named groups, then the loose cards."""

    groups: tuple[tuple[Card, ...], ...]
    names: tuple[str, ...] = ()
    loose: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ShowCheck:
    """The declare check: the cards as they would be shown and the verdict."""

    valid: bool
    verdict: str  # "Valid: ..." or why not
    groups: tuple[tuple[Card, ...], ...] = ()
    names: tuple[str, ...] = ()
    good: tuple[bool, ...] = ()


@dataclass(frozen=True)
class ScoreTable:
    """Rows of text under a heading, drawn as a small table on the scoring
    screen (the first row is the column heads)."""

    title: str
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = field(default=())


def ask(parts: Iterable[TablePart], hook: str, *args: Any) -> Any:
    """The first answer that is not None among ``parts`` to ``hook``."""
    for part in parts:
        answer = getattr(part, hook)(*args)
        if answer is not None:
            return answer
    return None


# What a family's ``table`` module lists in ``PARTS``: a TablePart subclass, or
# any callable making one (every table gets fresh parts).
PartMaker = Callable[[], TablePart]
