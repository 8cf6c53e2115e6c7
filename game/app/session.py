"""One match being played: the engine state, the actions applied so far (the
save replays them), and the bots of the AI seats with their sliced thinking.

No pygame here: the table scene asks this object for reasons and results and
turns them into pictures.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

# the save's readers (savegame, tests) find the action codec here too
from game.app.codec import SaveError as SaveError
from game.app.codec import action_types as action_types
from game.app.codec import decode_action as decode_action
from game.app.codec import encode_action as encode_action
from game.app.dealcode import DealCode, DealCodeError, code_for, deal_state
from game.app.dealcode import decode as dealcode_decode
from game.app.players import HUMAN, NAMES, seat_names
from game.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    NextDeal,
    Pack,
    Phase,
    PlayerView,
    RuleSet,
    apply,
    check,
    new_match,
    view_for,
)
from game.engine.actions import DealStarted, StockReshuffled
from game.families import PRESETS, family_of, load_rules, make_bot

# Why practice cannot take back further (``Session.undo_refusal``).
_STOCK_SEEN = ("A card came off the stock since: taking back further would show you what "
               "is coming.")
_WILD_SEEN = "You have seen the wild cards since: taking back further would not hide them."

NAME_LIMIT = 14  # characters of a person's name (it must fit a seat's panel)

# What saves written before the rule sets became per family held beside the
# options: the family's identity and what it fixes, kept only if unchanged.
_FIXED_KEYS = ("family", "hand_size", "min_players", "max_players")


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    """The rule set as a save holds it: the preset's name and every option."""
    return {"name": rules.name, **rules.options()}


def rules_from_json(data: Any) -> RuleSet:
    """The saved rule set (raises RuleError, KeyError or TypeError when it is bad)."""
    options = dict(data)
    name = options.pop("name", next(iter(PRESETS)))  # no name: the first family's default
    base = load_rules(name, {})
    for key in _FIXED_KEYS:
        if key in options and options.pop(key) != getattr(base, key):
            raise TypeError(f"{key} cannot change in {name}")
    return load_rules(name, options)


def _one_step(bot, view: PlayerView) -> Generator[None, None, Action]:
    return bot.choose(view)
    yield  # unreachable: makes this function a generator


@dataclass(frozen=True)
class DealRecord:
    """A finished deal as played: the state it was dealt in, every action
    until it was settled, and the settled state (what a replay steps through)."""

    start: GameState
    actions: tuple[Action, ...]
    end: GameState
    hinted: bool = False  # the person asked for a hint during it

    def states(self) -> list[GameState]:
        """The state before each action, and the settled one last."""
        out = [self.start]
        for action in self.actions:
            out.append(apply(out[-1], action)[0])
        return out


class Session:
    """A match in progress.  ``levels[seat]`` is a bot level, or None for a person.

    ``start`` (a deal code) begins the match at that code's deal; ``practice``
    lets the person take moves back (``undo``: never past a card that came off
    the stock into sight, never after the deal ended) and keeps the match out
    of the statistics; ``hints`` offers the coach's hint at the table; ``names`` names
    the people's seats when several share the screen (pass and play)."""

    def __init__(self, rules: RuleSet, players: int, seed: int,
                 levels: list[str | None], *, start: DealCode | None = None,
                 practice: bool = False, hints: bool = False,
                 names: list[str] | None = None) -> None:
        if len(levels) != players:
            raise ValueError(f"{players} players need {players} seat levels, not {len(levels)}")
        self.rules = rules
        self.players = players
        self.levels = list(levels)
        self.start = start
        self.practice = bool(practice)
        self.hints = bool(hints) or self.practice  # practice always offers hints
        self.custom_names = list(names) if names else None
        if start is not None:
            if start.players != players or start.rules() != rules:
                raise ValueError("the deal code is for other rules or another table")
            seed = start.seed
            self.state, self.start_events = deal_state(start)
        else:
            self.state, self.start_events = new_match(rules, players, seed)
        self.seed = seed
        self.action_types = action_types(rules)  # the kinds of action this game has
        self.actions: list[Action] = []
        self.bots: dict[int, Any] = {}
        for seat, level in enumerate(self.levels):
            if level is not HUMAN:
                self.bots[seat] = self._make_bot(level, seat)
        self._thinking: tuple[int, int, Generator] | None = None
        self.deal_from = 0  # where in ``actions`` the deal in progress began
        self.deal_start = self.state
        self.last_deal: DealRecord | None = None
        # practice: (moves, state, keepsake): the keepsake is what ``keepsake``
        # returned as the person made that move (the table's hand arrangement)
        self.undo_points: list[tuple[int, GameState, Any]] = []
        self.undo_stopped = ""  # why points of this deal were dropped, if they were
        # practice: called just before a person's move applies; what it returns
        # comes back as ``undone`` when that move is taken back, so the table
        # can show the person's hand as they had it then (the session never
        # looks inside; a match loaded from a save has none for its old points)
        self.keepsake: Callable[[], Any] | None = None
        self.undone: Any = None  # the keepsake of the point the last ``undo`` went back to
        self.hinted: set[int] = set()  # the deals (numbers) in which a hint was asked
        # called as on_deal_end(session, deal_ended, match_ended) after a move
        # that settles a deal or ends the match (statistics listen here)
        self.on_deal_end: Callable[[Session, bool, bool], None] | None = None

    def _make_bot(self, level: str, seat: int):
        try:
            return make_bot(level, self.seed * 101 + seat)
        except ValueError:  # a level from a save made with other bots installed
            self.levels[seat] = "greedy"
            return make_bot("greedy", self.seed * 101 + seat)

    # -------------------------------------------------------------- queries
    @property
    def names(self) -> list[str]:
        base = seat_names(self.levels)
        if not self.custom_names:
            return base
        given = [n.strip() if isinstance(n, str) else ""
                 for n in (self.custom_names + [""] * self.players)[: self.players]]
        taken = {n for n in given if n}
        spare = (n for n in NAMES[1:] if n not in taken and n not in base)
        out = []
        for name, default in zip(given, base, strict=True):
            if not name:  # a bot keeps its name unless a person took it
                name = default if default not in taken else next(spare, default)
            taken.add(name)
            out.append(name)
        return out

    @property
    def human(self) -> int | None:
        """The seat of the person at the screen (None in a demo: all AI)."""
        for seat, level in enumerate(self.levels):
            if level is HUMAN:
                return seat
        return None

    @property
    def humans(self) -> list[int]:
        """Every seat a person plays (more than one: pass and play)."""
        return [seat for seat, level in enumerate(self.levels) if level is HUMAN]

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    def has_action(self, kind: type) -> bool:
        """Whether the game has this kind of action at all (a game may have no packing)."""
        return kind in self.action_types

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

    def reason(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None if it is."""
        try:
            check(self.state, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def deal_code(self) -> DealCode | None:
        """The code of the deal in progress (or just settled)."""
        try:
            return code_for(self.deal_start)
        except DealCodeError:  # a preset made only for a test has no stable code
            return None

    def decisions(self, seat: int, record: DealRecord | None = None
                  ) -> list[tuple[PlayerView, Action]]:
        """What ``seat`` saw and chose at each of its decisions in a deal (the
        last settled one by default): what the coach reviews."""
        record = record or self.last_deal
        if record is None:
            return []
        out = []
        state = record.start
        for action in record.actions:
            if state.to_act == seat and state.result is None:
                out.append((view_for(state, seat), action))
            state = apply(state, action)[0]
        return out

    # -------------------------------------------------------------- changes
    def play(self, action: Action) -> list[Event]:
        """Apply ``action`` (raises IllegalAction and changes nothing if illegal)."""
        before = self.state
        # taken before the move applies (it is refused if illegal), while the
        # person's arrangement is still the one they chose the move from
        kept = self.keepsake() if self.keepsake is not None and self.practice \
            and self._person_to_act(before) else None
        self.state, events = apply(before, action)
        self.actions.append(action)
        self._thinking = None
        self._track(before, events, notify=True, kept=kept)
        return events

    def _person_to_act(self, state: GameState) -> bool:
        actor = state.to_act
        return state.result is None and actor is not None and self.levels[actor] is HUMAN

    def _track(self, before: GameState, events: list[Event], notify: bool,
               kept: Any = None) -> None:
        """Keep the deal's start, the practice undo points and the finished
        deal's record up to date after one applied action; ``kept`` goes
        with its undo point, if it makes one."""
        moves = len(self.actions)
        if self.practice and self._person_to_act(before):
            self.undo_points.append((moves - 1, before, kept))
        if any(isinstance(e, DealStarted) for e in events):
            self.deal_from, self.deal_start = moves, self.state
            self.undo_points, self.undo_stopped = [], ""
        ended = self.state.result is not None and before.result is None
        if self.undo_points:
            self._forget_undo_past_the_stock(events)
        if ended:
            self.undo_points = []  # a settled deal stands: its scores are final
            self.last_deal = DealRecord(self.deal_start, tuple(self.actions[self.deal_from:]),
                                        self.state, self.state.deal_no in self.hinted)
        match_over = self.state.phase == Phase.MATCH_OVER and before.phase != Phase.MATCH_OVER
        if notify and (ended or match_over) and self.on_deal_end is not None:
            self.on_deal_end(self, ended, match_over)

    def _forget_undo_past_the_stock(self, events: list[Event]) -> None:
        """Drop the undo points that would show what is coming: those from
        which a card has since come off the stock into sight (into a person's
        hand, onto the pile or the table: anywhere but a bot's hand), after
        which the stock was made again from the pile, or since which a person
        learned the wild cards (where a family hides them until earned).  Replayed from such a
        point, the same cards would come in the same order, and the person
        would know them (issue 21: draw A♠, undo, and take the pile knowing
        the A♠ waits).  A point kept is never past one dropped: the stock only
        shrinks and what a seat knows only grows, so what a later point would
        show, every earlier point would show too."""
        if any(isinstance(e, StockReshuffled) for e in events):
            self.undo_points, self.undo_stopped = [], _STOCK_SEEN
            return
        state = self.state
        family = family_of(state.rules)
        people = self.humans
        knows = [family.wild_for(state, seat) for seat in people]
        in_stock = set(state.stock)
        hidden = {c for seat in self.bots for c in state.hands[seat]}
        for i in range(len(self.undo_points) - 1, -1, -1):
            then = self.undo_points[i][1]
            if any(c not in in_stock and c not in hidden for c in then.stock):
                self.undo_stopped = _STOCK_SEEN
            elif any(family.wild_for(then, seat) != known
                     for seat, known in zip(people, knows, strict=True)):
                self.undo_stopped = _WILD_SEEN
            else:
                continue
            del self.undo_points[:i + 1]
            return

    def can_undo(self) -> bool:
        return self.practice and bool(self.undo_points)

    def undo_refusal(self) -> str:
        """Why there is nothing to take back now, in the player's words."""
        if not self.practice:
            return "Taking moves back is for practice games."
        if self.state.result is not None:
            return "The deal is over: its scores stand."
        if self.undo_stopped:
            return self.undo_stopped
        return "Nothing of yours to take back in this deal yet."

    def undo(self) -> bool:
        """Practice: back to the person's previous decision, taking back the
        bots' moves since; the state is exactly the one then, and ``undone``
        what the ``keepsake`` gave at that point.  False if none."""
        if not self.can_undo():
            return False
        moves, state, self.undone = self.undo_points.pop()
        del self.actions[moves:]
        self.state = state
        self._thinking = None
        if self.last_deal is not None and self.last_deal.start is self.deal_start:
            self.last_deal = None  # the deal it recorded is being played again
        return True

    def note_hint(self) -> None:
        """The person asked for a hint in this deal (the scores say so)."""
        self.hinted.add(self.state.deal_no)

    def bot_to_act(self) -> int | None:
        seat = self.state.to_act
        if self.state.phase == Phase.DEAL_OVER and self.human is None:
            return 0  # a demo has no person to press "next deal"
        return seat if self.is_bot(seat) else None

    def think(self, budget: float = 0.003) -> Action | None:
        """Advance the acting bot's thinking for about ``budget`` seconds;
        return its action once decided (not yet applied)."""
        seat = self.bot_to_act()
        if seat is None:
            self._thinking = None
            return None
        key = len(self.actions)
        if self._thinking is None or self._thinking[:2] != (seat, key):
            self._thinking = (seat, key, self._generator(seat))
        gen = self._thinking[2]
        deadline = time.perf_counter() + budget
        try:
            while True:
                next(gen)
                if time.perf_counter() >= deadline:
                    return None
        except StopIteration as stop:
            self._thinking = None
            return self._sane(seat, stop.value)
        except Exception:  # a broken bot must not stop the game: play safe
            self._thinking = None
            return self._fallback(seat)

    def _generator(self, seat: int) -> Generator[None, None, Action]:
        bot = self.bots.get(seat) or self.bots[min(self.bots)]
        view = self.view(seat)
        if not view.legal and self.state.phase == Phase.DEAL_OVER:
            return _const(NextDeal())
        think = getattr(bot, "think", None)
        return think(view) if think is not None else _one_step(bot, view)

    def _sane(self, seat: int, action: Any) -> Action:
        if isinstance(action, Action) and self.reason(action) is None:
            return action
        return self._fallback(seat)

    def _fallback(self, seat: int) -> Action:
        if self.state.phase == Phase.DEAL_OVER:
            return NextDeal()
        legal = self.view(seat).legal
        calm = [a for a in legal if not isinstance(a, Pack)]
        return (calm or list(legal))[0]

    # ----------------------------------------------------------------- save
    def to_json(self) -> dict[str, Any]:
        out = {
            "rules": rules_to_json(self.rules),
            "players": self.players,
            "seed": self.seed,
            "levels": self.levels,
            "actions": [encode_action(a) for a in self.actions],
        }
        # written only when used, so a plain match saves as it always did
        if self.start is not None:
            out["start"] = self.start.text
        if self.practice:
            out["practice"] = True
        if self.hints:
            out["hints"] = True
        if self.hinted:
            out["hinted"] = sorted(self.hinted)
        if self.custom_names:
            out["names"] = list(self.custom_names)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """Rebuild a match by replaying its actions (raises SaveError)."""
        if not isinstance(data, dict):
            raise SaveError("the saved match is not a record")
        try:
            rules = rules_from_json(data["rules"])
            players, seed, levels = data["players"], data["seed"], data["levels"]
            actions = data["actions"]
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the saved match is incomplete or invalid ({exc})") from None
        # bool is an int to Python: "players": true would read as 1 player
        if type(players) is not int or type(seed) is not int:
            raise SaveError("players and seed must be whole numbers")
        if not isinstance(levels, list) or not all(v is None or isinstance(v, str)
                                                   for v in levels):
            raise SaveError("the seat levels are invalid")
        if not isinstance(actions, list):
            raise SaveError("the action list is invalid")
        extras = _extras(data)
        try:
            session = cls(rules, players, seed, levels, **extras)
        except ValueError as exc:
            raise SaveError(f"the saved match cannot be set up: {exc}") from None
        for i, item in enumerate(actions):
            action = decode_action(item, rules)
            before = session.state
            try:
                session.state, events = apply(before, action)
            except IllegalAction as exc:
                raise SaveError(f"move {i + 1} ({action.describe()}) is illegal: {exc}") from None
            session.actions.append(action)
            session._track(before, events, notify=False)
        hinted = data.get("hinted")
        if isinstance(hinted, list):
            session.hinted = {n for n in hinted if isinstance(n, int)}
        return session


def _extras(data: dict[str, Any]) -> dict[str, Any]:
    """The optional parts of a saved match (saves made before them lack them)."""
    out: dict[str, Any] = {"practice": data.get("practice") is True,
                           "hints": data.get("hints") is True}
    start = data.get("start")
    if start is not None:
        try:
            out["start"] = dealcode_decode(str(start))
        except DealCodeError as exc:
            raise SaveError(f"the match's deal code is unusable ({exc})") from None
    names = data.get("names")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        out["names"] = [n[:NAME_LIMIT] for n in names]
    return out


def _const(action: Action) -> Generator[None, None, Action]:
    return action
    yield  # unreachable: makes this function a generator


def game_over(state: GameState) -> bool:
    return state.phase == Phase.MATCH_OVER
