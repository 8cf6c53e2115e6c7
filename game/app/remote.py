"""A match played on a room server, seen from one seat, behind the ``Session``
interface the table reads: the same table, animations, coach and scores
as a match at home.

The server holds the match; this object holds what the seat is told.  Each
position the server sends (the seat's ``PlayerView`` after every move) is
queued by ``receive`` and shown by ``step``, one at a time so each move is
animated in turn: ``state`` becomes the view's stand-in position (the
other hands and the stock as face-down stand-ins: ``standin``), and the
events from the last position are worked out from the public moves.  A
move of the person's own is only proposed (``play`` returns no events): the
server's next position shows it, or its refusal comes back (``refused``).

No server, socket or pygame here: the window's room link feeds it the
views and gives it the function that proposes a move.  Once the match is
over, its whole record (seed and moves, sent to every seat then) becomes a
``Session`` (``finish``): the replay, the review and the statistics read it
as after a match at home.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.app.codec import SaveError, action_types
from game.app.session import DealRecord, Session
from game.app.standin import deal_started, events_between, stand_in
from game.engine import (
    Action,
    DealResult,
    Event,
    GameState,
    IllegalAction,
    NextDeal,
    Phase,
    PlayerView,
    RuleSet,
    check,
)

FRIEND = "friend"  # another person's seat, where the table names a seat's level
WAIT_SENT = "Wait: your move is on its way to the table."
WAIT_SHOWING = "Wait: the table is showing the last moves."


@dataclass(frozen=True)
class Presence:
    """Who sits in a seat and whether they are here: a person connected,
    reconnecting, or away with a bot standing in; or a bot."""

    name: str
    person: bool = True
    online: bool = True
    covered: bool = False  # a bot plays for the absent person
    reconnecting: bool = False
    ready: bool = False  # between deals: ready for the next
    level: str | None = None  # a bot's level (a person's seat: None)

    @property
    def tag(self) -> str:
        """What the table says of a person who is not at their screen, or ""."""
        if self.covered:
            return "Bot for now"
        if self.reconnecting:
            return "Reconnecting"
        return ""


class RemoteSession:
    """The match on the server as ``seat`` sees it.  ``propose(action)``
    sends a move and returns the request's number (its refusal names it)."""

    remote = True  # the table's seams ask this
    practice = False
    start = None  # a room deals from its own secret seed, never from a code
    seed = 0  # the match seed is the server's until the match is over
    pass_and_play = False

    def __init__(self, rules: RuleSet, seat: int, propose: Callable[[Action], int], *,
                 names: list[str], levels: list[str | None], hints: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if len(names) != len(levels) or not 0 <= seat < len(levels):
            raise ValueError("a name and a level for every seat, and the seat among them")
        self.rules = rules
        self.players = len(levels)
        self.seat = seat
        self._propose = propose
        self._names = list(names)
        self.levels = list(levels)
        self.custom_names = None
        self.hints = bool(hints)
        self.hinted: set[int] = set()
        self.action_types = action_types(rules)
        self.bots: dict[int, Any] = {}  # the server's bots play; none here
        self._clock = clock
        self.state: GameState | None = None
        self.current: PlayerView | None = None  # the view ``state`` was made from
        self.actions: list[None] = []  # as many as the server's moves behind ``state``
        self.start_events: list[Event] = []
        self.history: list[DealResult] = []  # the deals settled, as this seat saw them
        self.queue: deque[tuple[int, PlayerView, dict | None]] = deque()
        self.pending: tuple[int, int, PlayerView, Action] | None = None  # id, moves, view, move
        self.ready_for: tuple[int, int] | None = None  # (deal, request): ready for the next
        self.mine: list[tuple[int, PlayerView, Action]] = []  # (deal, view, move) played
        self.presence: list[Presence] = [Presence(n) for n in names]
        self.timer: tuple[float, float] | None = None  # (seconds left, when told)
        self.record: Session | None = None  # the whole match, once it is over
        self.last_deal: DealRecord | None = None
        self.on_deal_end: Callable[[Any, bool, bool], None] | None = None
        # why no move can reach the table now ("" while connected): the table
        # says it and refuses moves, rather than showing a turn nobody hears
        self.offline = ""

    # ------------------------------------------------------------ the server's news
    def receive(self, moves: int, view: PlayerView, record: dict | None = None) -> None:
        """A position from the server (after ``moves`` moves); ``record``: the
        whole match, sent with the position that ends it.  The first is
        shown at once; the rest wait for ``step``."""
        if view.seat != self.seat:
            raise ValueError(f"a view of seat {view.seat} for seat {self.seat}")
        last = self.queue[-1] if self.queue else (len(self.actions), self.current, None)
        if last[1] is not None and moves == last[0] and view == last[1]:
            return  # the same position again (sent once more on coming back)
        self.queue.append((moves, view, record))
        if self.state is None:
            self.step()
            started = deal_started(self.state) if moves == 0 else None
            self.start_events = [started] if started is not None else []

    @property
    def waiting(self) -> bool:
        """Positions received and not shown yet."""
        return bool(self.queue)

    def step(self) -> list[Event] | None:
        """Show the next position received: its events (None: nothing waits)."""
        if not self.queue:
            return None
        moves, view, record = self.queue.popleft()
        old = self.state
        if record is not None:
            try:
                self.finish(record)
            except (SaveError, ValueError):
                self.record = None  # no replay of a record this game cannot read; play on
        if view.result is not None and view.result not in self.history[-1:]:
            self.history.append(view.result)
        winners, split = self._ending(view)
        new = stand_in(view, history=self._history(), winners=winners, split=split)
        events = events_between(old, new, self.seat)
        self._answered(moves, old)
        self.state, self.current = new, view
        self.actions.extend([None] * max(0, moves - len(self.actions)))
        del self.actions[moves:]
        self._tell_deal_end(old, new)
        return events

    def _history(self) -> tuple[DealResult, ...]:
        if self.record is not None:
            return self.record.state.history
        return tuple(self.history)

    def _ending(self, view: PlayerView) -> tuple[tuple[int, ...], bool]:
        """The winners and whether they split, once the match is over (its
        record says so; without it, the highest or lowest score wins)."""
        if view.phase != Phase.MATCH_OVER:
            return (), False
        if self.record is not None:
            st = self.record.state
            return st.winners, st.split
        standing = [s for s in range(view.players) if view.in_match[s]] or \
            list(range(view.players))
        pick = min if getattr(view.rules, "lower_is_better", False) else max
        best = pick(view.scores[s] for s in standing)
        return tuple(s for s in standing if view.scores[s] == best), False

    def _answered(self, moves: int, old: GameState | None) -> None:
        """The person's move in flight is answered once the table has moved
        on: played, when the seat was to act (a move the coach may review)."""
        if self.pending is None or moves <= self.pending[1]:
            return
        _, at, view, action = self.pending
        self.pending = None
        if old is not None and old.to_act == self.seat and not isinstance(action, NextDeal):
            self.mine.append((view.deal_no, view, action))

    def _tell_deal_end(self, old: GameState | None, new: GameState) -> None:
        if old is None or self.on_deal_end is None:
            return
        ended = new.result is not None and (old.result is None or old.deal_no != new.deal_no)
        over = new.phase == Phase.MATCH_OVER and old.phase != Phase.MATCH_OVER
        if ended or over:
            self.on_deal_end(self, ended, over)

    def refused(self, request: int | None) -> bool:
        """The server refused request ``request``: the move in flight is off
        (True when it was that one)."""
        if self.pending is not None and request == self.pending[0]:
            self.pending = None
            return True
        if self.ready_for is not None and request == self.ready_for[1]:
            self.ready_for = None
            return True
        return False

    def finish(self, record: dict) -> None:
        """The match is over: its record (seed and every move) becomes a
        ``Session`` for the replay, the review and the scores' history
        (raises SaveError when the record is not a match of these rules)."""
        session = Session.from_json(record)
        if session.rules != self.rules or session.players != self.players:
            raise ValueError("the record is of another match")
        self.record = session
        self.last_deal = session.last_deal

    def ready(self, deal_no: int | None = None) -> bool:
        """Whether the person said they are ready for the deal after ``deal_no``
        (the one just settled, by default)."""
        deal = self.state.deal_no if deal_no is None and self.state is not None else deal_no
        return self.ready_for is not None and self.ready_for[0] == deal

    def set_timer(self, seconds: float | None) -> None:
        self.timer = None if seconds is None else (float(seconds), self._clock())

    def time_left(self) -> float | None:
        """Seconds left on the turn timer (None: no timer runs)."""
        if self.timer is None:
            return None
        left, at = self.timer
        return max(0.0, left - (self._clock() - at))

    # ------------------------------------------------------------ who
    @property
    def names(self) -> list[str]:
        return list(self._names)

    @property
    def human(self) -> int:
        return self.seat

    @property
    def humans(self) -> list[int]:
        """The people at this screen: this seat's, alone."""
        return [self.seat]

    def is_bot(self, seat: int | None) -> bool:
        """Whether ``seat`` is played elsewhere (by a bot, or another person's
        device): only this seat takes moves from this screen."""
        return seat is not None and seat != self.seat

    def set_presence(self, presence: list[Presence]) -> None:
        """Who sits where, as the room now says (names, bots' levels, who is here)."""
        if len(presence) == self.players:
            self.presence = list(presence)
            self._names = [p.name for p in presence]
            self.levels = [FRIEND if p.person else (p.level or FRIEND) for p in presence]

    def presence_tag(self, seat: int) -> str:
        """"Reconnecting" or "Bot for now" for an absent person, else ""."""
        return self.presence[seat].tag if seat != self.seat else ""

    # ------------------------------------------------------------ questions
    def has_action(self, kind: type) -> bool:
        return kind in self.action_types

    def view(self, seat: int) -> PlayerView:
        """The seat's own view (the only one this screen has)."""
        if seat != self.seat or self.current is None:
            raise ValueError(f"seat {self.seat} sees only its own cards")
        return self.current

    def known_wild(self) -> frozenset[int]:
        return self.current.wild if self.current is not None else frozenset()

    def reason(self, action: Action) -> str | None:
        """Why ``action`` may not be proposed now, or None.  The engine's own
        check on the position this seat knows gives the reason in its words;
        the server checks it again with everything, and has the last word."""
        if self.state is None:
            return "The table is not dealt yet."
        if self.offline:
            return self.offline
        if self.pending is not None:
            return WAIT_SENT
        if self.queue:
            return WAIT_SHOWING
        if isinstance(action, NextDeal) and self.ready(self.state.deal_no):
            return "You are ready: the next deal starts when everyone is."
        try:
            check(self.state, action)
        except IllegalAction as exc:
            return str(exc) or "that move is not allowed now"
        except Exception:  # noqa: BLE001 - a family check needing what this seat cannot know
            moves = self.current.moves() if self.current is not None else ()
            return None if action in moves else "that move is not allowed now"
        return None

    def deal_code(self) -> None:
        """A room's deal codes name its secret seed: none during the match."""
        return None

    def decisions(self, seat: int, record: DealRecord | None = None
                  ) -> list[tuple[PlayerView, Action]]:
        """The person's decisions in the last deal settled (from the match's
        record once it is over, else as this seat played them)."""
        if seat != self.seat:
            return []
        if self.record is not None:
            return self.record.decisions(seat, record)
        deal = self.history[-1].deal_no + 1 if self.history else None
        return [(view, action) for no, view, action in self.mine if no == deal]

    # ------------------------------------------------------------ moves
    def play(self, action: Action) -> list[Event]:
        """Propose ``action`` (raises IllegalAction, sending nothing, when it
        may not be proposed): its events come with the server's answer."""
        why = self.reason(action)
        if why is not None:
            raise IllegalAction(why)
        request = self._propose(action)
        if isinstance(action, NextDeal):
            self.ready_for = (self.state.deal_no, request)
        else:
            self.pending = (request, len(self.actions), self.current, action)
        return []

    def note_hint(self) -> None:
        self.hinted.add(self.state.deal_no)

    def bot_to_act(self) -> None:
        return None  # the server moves the bots

    def think(self, budget: float = 0.003) -> None:
        return None

    def can_undo(self) -> bool:
        return False

    def undo_refusal(self) -> str:
        return "Taking moves back is for practice games."

    def undo(self) -> bool:
        return False

