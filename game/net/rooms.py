"""A room: its seats and the people in them, the lobby, and the match, which
is a ``Session`` the room alone changes.  No I/O here: the server reads the
messages, asks the room, saves it and tells everyone what changed.

A person's seat is held by a secret token (the room keeps its hash).  Who is
connected is the room's to know but not to save: a restarted server starts
with everybody away.  While a person is away a bot of the room's ``fill``
level may stand in (``cover``), and leaves the seat the moment its owner is
back.  A room plays only while at least one person is connected.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game.ai.levels import LEVELS
from game.app.codec import SaveError, decode_action, encode_action
from game.app.dealcode import DealCodeError, code_for
from game.app.players import NAMES, seat_names
from game.app.session import Session, rules_from_json, rules_to_json
from game.engine import (
    Action,
    Answer,
    Declare,
    Discard,
    DrawStock,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    PlayerView,
    ShowDealtHand,
    apply,
    check,
    new_match,
)
from game.engine.actions import DealStarted
from game.engine.caches import release_pending
from game.families import make_bot
from game.net import keys
from game.net.protocol import (
    BAD_TOKEN,
    ILLEGAL,
    NOT_HOST,
    NOT_IN_ROOM,
    NOT_STARTED,
    NOT_YOUR_TURN,
    ROOM_FULL,
    SCHEMA,
    SEAT_TAKEN,
    STALE,
    STARTED,
    ProtocolError,
    clean_name,
)
from game.net.setup import PERSON, Plan

FORMAT, VERSION = "rummy-room", 1
RISKY = (Declare, ShowDealtHand, Pack)  # moves a timer never makes for anyone
# RULES.md §3: a player who misses this many turns in a row (the timer drew
# for them) is dropped, a middle drop, in every game that has packing
MISSES_TO_DROP = 3


@dataclass
class Seat:
    plan: str  # PERSON, or a bot level
    name: str = ""
    token: str | None = None  # hash of the owner's token once a person holds it
    online: bool = False
    gone_at: float | None = None  # monotonic: when its owner dropped
    covered: bool = False  # a stand-in bot plays while the owner is away

    @property
    def person(self) -> bool:
        return self.plan == PERSON

    @property
    def taken(self) -> bool:
        return self.token is not None


class Room:
    def __init__(self, code: str, plan: Plan, *, now: float, wall: float | None = None) -> None:
        self.code = code
        self.rules = plan.rules
        self.timer = plan.timer
        self.fill = plan.fill
        self.host = plan.host
        self.seats = [Seat(p) for p in plan.seats]
        self.session: Session | None = None
        self.ready: set[int] = set()  # between deals: the people ready for the next
        self.created = self.touched = time.time() if wall is None else wall
        self.changed_at = now  # monotonic: the position's last change (timers count from it)
        self.seen_at = now  # monotonic: the last time somebody came or went
        self.server: str | None = None  # where others reach the room (the server knows)
        self.link: str | None = None  # the join link, when a page is there to open
        self._codes: list[str] | None = None
        self._match: dict[str, Any] | None = None  # the match's save, kept up to date
        self.missed = [0] * len(self.seats)  # turns in a row the timer began for each seat

    @property
    def players(self) -> int:
        return len(self.seats)

    # ---------------------------------------------------------------- lobby
    def join(self, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take a free person's seat (the first, unless ``seat``): its number and token."""
        if self.session is not None:
            raise ProtocolError(STARTED, "the game has started: only its players may come back")
        free = [s for s, st in enumerate(self.seats) if st.person and not st.taken]
        if seat is None:
            if not free:
                raise ProtocolError(ROOM_FULL, "every seat for a person is taken")
            seat = free[0]
        self._check_free(seat)
        token = keys.new_token()
        st = self.seats[seat]
        st.token = keys.token_hash(token)
        st.name = self._unique(clean_name(name, f"Player {seat + 1}"), seat)
        self._touch()
        return seat, token

    def _check_free(self, seat: int) -> None:
        if not 0 <= seat < self.players or not self.seats[seat].person:
            raise ProtocolError(SCHEMA, f"seat {seat + 1} is not a person's seat here")
        if self.seats[seat].taken:
            raise ProtocolError(SEAT_TAKEN, f"seat {seat + 1} is taken")

    def _unique(self, name: str, seat: int) -> str:
        taken = {st.name for s, st in enumerate(self.seats) if s != seat and st.taken}
        out, n = name, 2
        while out in taken:
            out = f"{name[:11]} {n}"
            n += 1
        return out

    def resume(self, token: str) -> int:
        """The seat ``token`` holds (every seat is compared, each in constant time)."""
        found = None
        for seat, st in enumerate(self.seats):
            if keys.token_matches(token, st.token) and found is None:
                found = seat
        if found is None:
            raise ProtocolError(BAD_TOKEN, "that token holds no seat in this room")
        return found

    def sit(self, seat: int, to: int) -> None:
        self._lobby_only()
        if to == seat:
            return
        self._check_free(to)
        self.seats[to].token, self.seats[to].name = self.seats[seat].token, self.seats[seat].name
        self.seats[to].online = self.seats[seat].online
        self.seats[seat] = Seat(PERSON)
        if self.host == seat:
            self.host = to
        self._touch()

    def leave(self, seat: int, now: float | None = None) -> None:
        """Give the seat up for good.  In the lobby it is free again; once the
        match has begun a bot of the ``fill`` level plays it from now on, so
        the others play on without waiting for a stand-in.  Either way the
        leaver's token holds nothing any more, and the host's role passes on."""
        if not 0 <= seat < self.players or not self.seats[seat].taken:
            raise ProtocolError(NOT_IN_ROOM, "you hold no seat here")
        if self.session is None:
            self.seats[seat] = Seat(PERSON)
        else:
            self._to_bot(seat)
        self.ready.discard(seat)
        if self.host == seat:
            self.host = self._next_host(seat)
        if now is not None:
            self.seen_at = now
        self._touch()

    def _to_bot(self, seat: int) -> None:
        """A bot takes the seat of a person who left the match.  The seat
        becomes a bot's in the room and in the match alike, so a restarted
        server (which rebuilds both from the save) has the bot play it too."""
        session = self.session
        self.seats[seat] = Seat(self.fill, self.seats[seat].name)
        session.levels[seat] = self.fill
        session.bots[seat] = make_bot(self.fill, keys.new_seed(32))
        self._match["levels"] = list(session.levels)
        self.missed[seat] = 0

    def _next_host(self, gone: int) -> int:
        """Who hosts once ``gone`` has left: the first person connected.  With
        nobody connected the role stays on the empty seat, and the first
        person to arrive takes it (``arrive``): one away might never return."""
        here = [s for s, st in enumerate(self.seats) if s != gone and st.taken and st.online]
        return here[0] if here else gone

    def start(self, by: int, seed: int, now: float) -> None:
        """The host starts: bots of the ``fill`` level take the seats nobody took."""
        self._lobby_only()
        if by != self.host:
            raise ProtocolError(NOT_HOST, "only the host starts the game")
        # the bots keep the names the lobby gave them; a seat nobody took is
        # named by the session, clear of every name already at the table
        names = [name if st.taken or not st.person else "" for name, st in
                 zip(self.names(), self.seats, strict=True)]
        for st in self.seats:
            if st.person and not st.taken:
                st.plan = self.fill
        levels = [None if st.person else st.plan for st in self.seats]
        self.session = Session(self.rules, self.players, seed, levels, names=names)
        self._match = self.session.to_json()
        self.changed_at = now
        self._touch()

    def _lobby_only(self) -> None:
        if self.session is not None:
            raise ProtocolError(STARTED, "the game has started")

    @property
    def empty(self) -> bool:
        return not any(st.taken for st in self.seats)

    # ------------------------------------------------------------- presence
    def arrive(self, seat: int, now: float) -> None:
        st = self.seats[seat]
        st.online, st.gone_at = True, None
        if not self.seats[self.host].taken:  # the host left while nobody else was here
            self.host = seat
        if st.covered:
            st.covered = False
            if self.session is not None:
                self.session.bots.pop(seat, None)
        self.seen_at = now

    def depart(self, seat: int, now: float) -> None:
        st = self.seats[seat]
        st.online, st.gone_at = False, now
        self.seen_at = now

    @property
    def anyone_here(self) -> bool:
        return any(st.online for st in self.seats)

    def playing(self) -> bool:
        """Whether the match goes on now: started, not over, somebody watching."""
        return (self.session is not None and self.session.state.phase != Phase.MATCH_OVER
                and self.anyone_here)

    def cover_absent(self, now: float, after: float) -> bool:
        """Let a stand-in bot play each seat whose owner has been away ``after``
        seconds; True if one did."""
        if not self.playing():
            return False
        changed = False
        for seat, st in enumerate(self.seats):
            if st.person and not st.online and not st.covered and st.gone_at is not None \
                    and now - st.gone_at >= after:
                st.covered = True
                self.session.bots[seat] = make_bot(self.fill, keys.new_seed(32))
                changed = True
        return changed

    # ---------------------------------------------------------------- play
    def propose(self, seat: int, data: Any, seen: int | None, now: float) -> bool:
        """A person's proposed action: applied (True), or only a readiness
        noted (False); refused with ProtocolError, changing nothing."""
        session = self.session
        if session is None:
            raise ProtocolError(NOT_STARTED, "the game has not started")
        if seen is not None and seen != len(session.actions):
            raise ProtocolError(STALE, "the table has moved on since")
        try:
            action = decode_action(data, self.rules)
        except SaveError as exc:
            raise ProtocolError(ILLEGAL, str(exc)) from None
        state = session.state
        if state.phase == Phase.DEAL_OVER and isinstance(action, NextDeal):
            self.ready.add(seat)
            return self.next_deal_if_ready(now)
        if state.to_act != seat:
            raise ProtocolError(NOT_YOUR_TURN, "it is not your turn")
        reason = _refusal(state, action)
        if reason:
            raise ProtocolError(ILLEGAL, reason)
        self.play(action, now)
        return True

    def play(self, action: Action, now: float, by_timer: bool = False) -> None:
        """Apply a checked action (a person's, a bot's or, ``by_timer``, the timer's)."""
        state = self.session.state
        before, seat = state.phase, state.to_act
        if before == Phase.DEAL_OVER:
            self.missed = [0] * self.players  # counted deal by deal
        elif seat is not None and before == Phase.DRAW:
            self.missed[seat] = min(self.missed[seat] + 1, MISSES_TO_DROP) if by_timer else 0
        elif seat is not None and not by_timer:
            self.missed[seat] = 0  # drawn by the timer, played on by its owner: not missed
        self.session.play(action)
        # the save grows by one move: what ``Session.to_json`` would write, without
        # writing every earlier move again (a long match would make each save slower)
        self._match["actions"].append(encode_action(action))
        if before == Phase.DEAL_OVER:
            self.ready.clear()
            # a quiet moment for this room: the solvers' tables of a cut no
            # longer played are freed here, not inside a bot's slice, which
            # would hold up every room the loop serves (one took 22 ms)
            release_pending()
        self.changed_at = now
        self._codes = None
        self._touch()

    def ready_asked(self) -> bool:
        """Whether the table waits between deals for people to be ready."""
        return self.session is not None and self.session.state.phase == Phase.DEAL_OVER

    def next_deal_if_ready(self, now: float) -> bool:
        """Between deals: deal the next once every person here is ready."""
        if self.session is None or self.session.state.phase != Phase.DEAL_OVER:
            return False
        waiting = [s for s, st in enumerate(self.seats) if st.person and st.online
                   and not st.covered and s not in self.ready]
        if waiting or not self.anyone_here:
            return False
        self.play(NextDeal(), now)
        return True

    def timed_out(self, now: float) -> Action | None:
        """The move the turn timer makes now, if it has run out: a safe one
        for the person to act, or the next deal for everybody."""
        if self.timer is None or not self.playing() or now < self.changed_at + self.timer:
            return None
        state = self.session.state
        if state.phase == Phase.DEAL_OVER:
            return NextDeal()
        seat = state.to_act
        if seat is None or self.session.is_bot(seat):
            return None
        view = self.session.view(seat)
        if self.missed[seat] >= MISSES_TO_DROP - 1 and Pack() in view.legal:
            return Pack()  # the third turn in a row missed: dropped
        return safe_move(view)

    def bot_due(self, now: float, delay: float) -> bool:
        return (self.playing() and self.session.bot_to_act() is not None
                and now >= self.changed_at + delay)

    @property
    def moves(self) -> int:
        return len(self.session.actions) if self.session is not None else 0

    def clock(self, now: float) -> float | None:
        """Seconds left on the turn timer (None when it does not run)."""
        if self.timer is None or not self.playing():
            return None
        return max(0.0, self.changed_at + self.timer - now)

    def codes(self) -> list[str]:
        """Every deal's code, once the match is over (a code names the match
        seed, so it would tell later deals)."""
        session = self.session
        if session is None or session.state.phase != Phase.MATCH_OVER:
            return []
        if self._codes is None:
            try:
                state, _ = new_match(self.rules, self.players, session.seed)
                out = [code_for(state).text]
                for action in session.actions:
                    state, events = apply(state, action)
                    if any(isinstance(e, DealStarted) for e in events):
                        out.append(code_for(state).text)
                self._codes = out
            except DealCodeError:
                self._codes = []
        return self._codes

    def record(self) -> dict[str, Any] | None:
        """The whole match as the save codec writes it (seed and every move),
        once it is over: each client can then replay it and count it in its
        statistics, as after a match at home."""
        if self.session is None or self.session.state.phase != Phase.MATCH_OVER:
            return None
        return {**self._match, "actions": list(self._match["actions"])}

    # ------------------------------------------------------------ showing
    def names(self) -> list[str]:
        """Each seat's name: a person's own ("" for a free seat) and each bot's,
        which the match keeps once started (``start``).  A bot whose usual
        name a person here has taken gets a name nobody here has."""
        if self.session is not None:
            return self.session.names
        usual = seat_names([None if st.person else st.plan for st in self.seats])
        people = {st.name for st in self.seats if st.person and st.taken}
        spare = (n for n in NAMES[1:] if n not in people and n not in usual)
        out = []
        for s, st in enumerate(self.seats):
            if st.person:
                out.append(st.name)
            else:  # six seats leave a spare name for every bot a person renamed
                out.append(usual[s] if usual[s] not in people else next(spare, usual[s]))
        return out

    def describe(self, you: int | None) -> dict[str, Any]:
        """The lobby and who is here, as the room message carries it."""
        names = self.names()
        seats = [{"plan": st.plan, "name": names[s], "taken": st.taken or not st.person,
                  "online": st.online, "covered": st.covered, "ready": s in self.ready}
                 for s, st in enumerate(self.seats)]
        return {"room": self.code, "game": rules_to_json(self.rules), "players": self.players,
                "host": self.host, "you": you, "started": self.session is not None,
                "timer": self.timer, "fill": self.fill, "seats": seats}

    def view(self, seat: int) -> PlayerView:
        return self.session.view(seat)

    def _touch(self) -> None:
        self.touched = time.time()

    # ---------------------------------------------------------------- saves
    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "version": VERSION, "code": self.code,
            "created": self.created, "touched": self.touched, "host": self.host,
            "game": rules_to_json(self.rules), "timer": self.timer, "fill": self.fill,
            "seats": [{"plan": st.plan, "name": st.name, "token": st.token}
                      for st in self.seats],
            "ready": sorted(self.ready), "server": self.server, "link": self.link,
            "missed": list(self.missed),
            "match": {**self._match, "actions": list(self._match["actions"])}
            if self._match is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any, now: float) -> Room:
        """A saved room (raises SaveError); everybody is away."""
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or data.get("version") != VERSION:
            raise SaveError("not a room save of this version")
        try:
            rules = rules_from_json(data["game"])
            seats = [Seat(s["plan"], str(s["name"]), s["token"]) for s in data["seats"]]
            plan = Plan(rules, tuple(st.plan for st in seats), int(data["host"]),
                        data["timer"], str(data["fill"]))
            room = cls(str(data["code"]), plan, now=now, wall=float(data["created"]))
            room.seats = seats
            room.touched = float(data["touched"])
            room.ready = {int(s) for s in data["ready"]}
            room.server, room.link = data.get("server"), data.get("link")
            missed = data.get("missed", [0] * len(seats))
            if not isinstance(missed, list) or len(missed) != len(seats) or any(
                    type(m) is not int or not 0 <= m <= MISSES_TO_DROP for m in missed):
                raise SaveError("the room's missed turns are not a count per seat")
            room.missed = missed
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the room save is incomplete ({exc})") from None
        known = {PERSON, *LEVELS}
        match = data.get("match")
        levels = match.get("levels") if isinstance(match, dict) else []
        if any(st.plan not in known for st in seats) or room.fill not in LEVELS or \
                not isinstance(levels, list) or any(v is not None and v not in LEVELS
                                                    for v in levels):
            raise SaveError("the room names a player that is neither a person nor a bot level")
        if match is not None:
            room.session = Session.from_json(match)
            room._match = room.session.to_json()
            if room.session.rules != rules or room.session.players != room.players:
                raise SaveError("the room's match is for another table")
        return room


def _refusal(state, action: Action) -> str | None:
    """Why ``action`` may not be played now, or None.  A hostile action may be
    so malformed that a family's checks trip over it: that is a refusal too."""
    try:
        check(state, action)
    except IllegalAction as exc:
        return str(exc) or "that move is not allowed now"
    except Exception:  # noqa: BLE001 - anything a malformed action provokes is its fault
        return "that move does not fit this game"
    return None


def safe_move(view: PlayerView) -> Action | None:
    """A move that risks nothing, for a person whose time ran out: draw from
    the stock, throw back the card just drawn, decline an offer; never a show
    or a pack."""
    calm = [a for a in view.legal if not isinstance(a, RISKY)]
    if not calm:
        return view.legal[0] if view.legal else None
    for action in calm:
        if isinstance(action, DrawStock):
            return action
    order = {card: i for i, card in enumerate(view.hand)}
    discards = [a for a in calm if isinstance(a, Discard)]
    if discards:  # the newest card in hand is the one drawn this turn
        return max(discards, key=lambda a: order.get(a.card, -1))
    for action in calm:
        if isinstance(action, Answer) and not action.yes:
            return action
    return calm[0]
