"""The table: the deal in progress.  Input becomes engine actions, which are
checked, applied, and animated from the events they return; the AI plays in
``update``, its thinking sliced across frames and its moves paced by timers.

The scene is the common table every family shares, in three pieces: this
module (state, layout, buttons, messages, acting, the loop), ``input``
(mouse, touch, keys) and ``events`` (animating the engine's events); ``draw``
and ``draw_hand`` paint it.  What a family adds comes as parts
(``parts.parts_for(rules.family)``), never as a test of the family here.
"""

from __future__ import annotations

import pygame

from game.app.hand import max_groups
from game.engine import Card, Declare, Pack, Phase, ShowDealtHand
from game.engine.shows import valid_declarations
from game.engine.state import SeatStatus
from game.families import family_of
from game.ui.table.commands import TableCommands
from game.ui.table.draw import draw_table
from game.ui.table.events import TableEvents
from game.ui.table.extras import TableExtras
from game.ui.table.family_parts import parts_for
from game.ui.table.input import TableInput
from game.uikit.art import cardart, palette
from game.uikit.scene import Scene
from game.uikit.table.anim import Animator
from game.uikit.table.layout import HandGeometry, TableLayout, TableRoom, flow_hand, table_layout
from game.uikit.table.parts import TablePart, ask
from game.uikit.table.wording import readable
from game.uikit.widgets import Banner, Button, flow_buttons

THINK_BUDGET = 0.003  # seconds of bot thinking per frame
PAUSE = 0.55  # seconds between AI moves at normal speed


class TableScene(TableExtras, TableCommands, TableInput, TableEvents, Scene):
    """The match in ``app.session`` seen from the bottom seat (the person, or
    seat 0 in a demo; in pass and play the person whose turn it is), with the
    family's ``parts`` composed into it; practice, hints and pass and play
    come from ``TableExtras``."""

    shows_sound = True  # its title bar has the sound icon

    def __init__(self, app, parts: list[TablePart] | None = None) -> None:
        """``parts``: the family's table parts; by default ``parts_for(rules.family)``."""
        super().__init__(app)
        self.session = app.session
        self.parts = parts_for(self.state.rules.family) if parts is None else list(parts)
        self._badgers = [p for p in self.parts if p.badges]
        self._view_of: tuple | None = None  # (state, the bottom seat's view of it)
        self._wild_of: tuple | None = None  # (state, the wild kinds the bottom seat knows)
        human = self.session.human
        self.demo = human is None
        self.bottom = 0 if human is None else human
        if self.session.pass_and_play:  # each person keeps their own arrangement
            app.arrangement = app.hands.get(self.bottom) or app.arrangement
            app.hands[self.bottom] = app.arrangement
        self.arr = app.arrangement
        self.init_extras()
        self.arr.most = max_groups(self.state.rules.hand_size)
        self.room = self._room()
        self.anim = Animator()
        self.layout: TableLayout | None = None
        self._geo: HandGeometry | None = None
        self._geo_key: tuple | None = None
        self.slot_of: dict[Card, pygame.Rect] = {}
        self.selected: list[Card] = []
        self.cursor = 0
        # a reply to the person's own input: (text, colour, seconds left, the move
        # it answers); it goes as soon as any move is played
        self.message = ("", palette.TEXT, 0.0, 0)
        self.banner = Banner()  # what the table announces to everyone
        self.wait = 0.0
        self.pending = None
        self.settled_wait: float | None = None
        self.reveal = True  # show the winner's hand before the scores
        self.buttons: list[Button] = []
        self._buttons_key: tuple | None = None
        self._labels_key: tuple | None = None
        self._labels: list = []
        self._count_key: tuple | None = None
        self._count = 0
        self.demo_timer = 0.0
        self.fresh: Card | None = None  # the card the bottom seat drew this turn
        self.fast = False  # skip to the end of a deal the person is out of
        self._declare_key: int | None = None
        self._can_declare = False
        self.init_input()
        self.resize(app.size)
        if not self.arr.groups:
            self.arr.sync(self.hand)
            self.arr.sort_by_suit()
        else:
            self.arr.sync(self.hand)
        if self.state.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER, Phase.DECIDE):
            self.settled_wait = 0.0  # a match saved after its deal ended: the scores
            self.reveal = False
        elif self.state.deal_no == 1 and not self.session.actions:
            self._on_deal(self.session.start_events[0])

    # ------------------------------------------------------------ shortcuts
    @property
    def state(self):
        return self.session.state

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.state.hands[self.bottom]

    @property
    def speed(self) -> float:
        return 0.0 if self.fast else self.app.settings.speed

    @property
    def sitting_out(self) -> bool:
        """The person packed or showed wrongly and waits for the deal to end."""
        st = self.state
        return (not self.demo and st.phase in (Phase.DRAW, Phase.DISCARD)
                and st.status[self.bottom] != SeatStatus.ACTIVE)

    @property
    def my_turn(self) -> bool:
        return not self.demo and self.state.to_act == self.bottom

    def is_wild(self, card: Card) -> bool:
        """Whether the bottom seat knows ``card`` to be wild (a family may keep
        the wild cards from a player for a while)."""
        return card.is_joker or card.kind in self.known_wild

    @property
    def known_wild(self) -> frozenset[int]:
        """The wild kinds the bottom seat knows (as its view would say)."""
        state = self.state
        if self._wild_of is None or self._wild_of[0] is not state:
            self._wild_of = (state, family_of(state.rules).wild_for(state, self.bottom))
        return self._wild_of[1]

    def ask(self, hook: str, *args):
        """The family's parts' answer to ``hook`` (``parts.ask``), or None."""
        return ask(self.parts, hook, self, *args)

    def bottom_view(self):
        """The bottom seat's view of the game (made once per position)."""
        state = self.state
        if self._view_of is None or self._view_of[0] is not state:
            self._view_of = (state, self.session.view(self.bottom))
        return self._view_of[1]

    def card_badges(self, card: Card) -> list[str]:
        """The marks the family's parts put on ``card``'s face (usually none)."""
        if not self._badgers:
            return []
        view = self.bottom_view()
        return [b for p in self._badgers if (b := p.card_badge(card, view))]

    # ------------------------------------------------------------ layout
    def _room(self) -> TableRoom:
        """What the layout must make room for: the hand as long as it is now
        (a hand that shrinks, as Marriage's does once the tiplu is seen, gives
        the felt more room), and what the parts ask for."""
        parts = self.parts
        held = len(self.hand) if self.hand else self.state.rules.hand_size
        return TableRoom(hand_cards=max(14, held + 1),
                         seat_lines=max((p.seat_lines for p in parts), default=0),
                         own_lines=max((p.own_lines for p in parts), default=0),
                         extra_buttons=max((p.extra_buttons for p in parts), default=0)
                         + self.extra_slots())

    def resize(self, size: tuple[int, int]) -> None:
        if self.layout is not None and self.layout.size == size:
            return
        self.anim.finish()  # flights were aimed at the old layout
        self.layout = table_layout(size, self.state.players, self.bottom,
                                   self.state.rules.direction == "clockwise", self.room)
        for part in self.parts:
            part.layout(self.layout)
        self._geo_key = None
        self._buttons_key = None
        self.cancel_drag()

    def geometry(self) -> HandGeometry:
        key = (self.arr.version, self.layout.size, len(self.arr.groups))
        if key != self._geo_key or self._geo is None:
            lay = self.layout
            label_h = int(lay.m.small * 1.45)
            self._geo = flow_hand([len(g) for g in self.arr.groups], lay.hand,
                                  lay.max_card_w, label_h)
            self.slot_of = {}
            for gi, ci, rect in self._geo.slots:
                self.slot_of[self.arr.groups[gi][ci]] = rect
            self._geo_key = key
        return self._geo

    def labels(self) -> list:
        wild = self.known_wild
        key = (self.arr.version, wild, self.state.deal_no)
        if key != self._labels_key:
            groups = self.arr.groups
            labels = self.ask("group_labels", groups)
            if labels is None or len(labels) != len(groups):
                labels = self.arr.labels(self.state.rules, self.state.decks, wild)
            self._labels = labels
            self._labels_key = key
        return self._labels

    def count(self) -> int:
        hand = self.hand
        wild = self.known_wild
        key = (hand, wild)
        if key != self._count_key:
            rules = self.state.rules
            evaluate = getattr(family_of(rules), "evaluate", None)
            self._count = evaluate(rules, self.state.decks, hand, wild).count \
                if hand and evaluate is not None else 0
            self._count_key = key
        return self._count

    def count_text(self) -> tuple[str, str]:
        """(value, caption) beside "You": the hand's count, or the family's own."""
        own = self.ask("count")
        return own if own is not None else (str(self.count()), "count")

    def seat_point(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom:
            return self.layout.hand.center
        spot = self.layout.seats.get(seat)
        return spot.cards if spot else self.layout.top.center

    # ------------------------------------------------------------ buttons
    def current_buttons(self) -> list[Button]:
        st = self.state
        nsel = len(self.selected)
        key = (st.phase, st.to_act, nsel, self.layout.size, self.demo, len(self.hand),
               self.sitting_out, self.fast, len(self.session.actions), self.bottom,
               self.extras_key())
        if key == self._buttons_key:
            return self.buttons
        b: list[Button] = []
        if not self.demo and self.hand:
            b += [Button("By suit", self.sort_suits, key="suit"),
                  Button("By rank", self.sort_ranks, key="rank"),
                  Button("Arrange", self.arrange, key="arrange")]
            if nsel >= 2:
                b.append(Button("Group", self.group_selected, key="group"))
            if self.my_turn and st.phase == Phase.DRAW:
                if self.session.reason(ShowDealtHand()) is None:
                    b.append(Button("Show", self.show_dealt, style="primary", key="show"))
                if self.session.has_action(Pack):
                    b.append(Button("Pack", self.ask_pack, style="danger", key="pack"))
            if self.my_turn and st.phase == Phase.DISCARD:
                why = "" if nsel == 1 else (
                    "Tap the card you want to throw first." if nsel == 0 else
                    f"{nsel} cards are selected: keep just one raised to throw it.")
                b.append(Button("Discard", self.discard_chosen, style="primary",
                                enabled=nsel == 1, key="discard", why=why))
                if any(isinstance(a, Declare) for a in self.bottom_view().legal):
                    # (a game may offer no declaration yet: Marriage before seeing)
                    b.append(Button("Declare", self.ask_declare, enabled=nsel == 1,
                                    key="declare", why=why))
        if not self.demo:
            for part in self.parts:
                b += part.buttons(self)
        b += self.extra_buttons()
        if self.sitting_out and not self.fast:
            b.append(Button("Skip to the end", self.skip_deal, style="primary", key="skip"))
        lay = self.layout
        flow_buttons(b, lay.buttons, lay.m.small, lay.m.button_h, lay.m.pad // 2, lay.m.pad)
        self.buttons = b
        self._buttons_key = key
        return b

    # ------------------------------------------------------------ messages
    def say(self, text: str, color=palette.TEXT, seconds: float = 3.5) -> None:
        """A reply to the person's input; it stays until a move is played (or
        ``seconds`` pass), so it never outlives the position it was about."""
        self.message = (text, color, seconds, len(self.session.actions))

    def announce(self, text: str, color=palette.GOLD, seconds: float = 2.0,
                 sub: str = "") -> None:
        """Something everyone at the table should see (a show, a pack)."""
        self.banner.show(text, color, seconds, sub)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        text, color, left, at = self.message
        if left > 0 and at == len(self.session.actions):
            return text, color
        st = self.state
        names = self.session.names
        own = self.ask("status")
        if own is not None:
            return own
        if st.to_act is None:
            return "The deal is over.", palette.TEXT_DIM
        if self.sitting_out:
            mine = st.status[self.bottom]
            if mine == SeatStatus.OUT:
                return f"{names[st.to_act]} is playing…", palette.TEXT_DIM  # the hand says why
            how = "You packed" if mine == SeatStatus.PACKED else "Wrong show"
            return (f"{how}: you pay {st.owed[self.bottom]} when the deal ends. "
                    f"{names[st.to_act]} is playing…", palette.TEXT_DIM)
        nsel = len(self.selected)
        if self.my_turn:
            if st.phase == Phase.DRAW:
                return "Your turn: draw from the stock or the discard pile.", palette.HILITE
            if self.app.settings["hints"] and self.can_declare() and nsel < 2:
                return "You can declare! Select the card to throw, then Declare.", palette.OK
            if nsel == 1:
                return "Discard the raised card, or Declare with it.", palette.HILITE
            if nsel > 1:
                return (f"{nsel} cards selected: press Group, or keep one raised to throw it.",
                        palette.HILITE)
            return "Pick a card to throw: tap it, then Discard (or drag it to the pile).", \
                palette.HILITE
        if nsel > 1 and not self.demo:
            return f"{nsel} cards selected: press Group to put them together.", palette.TEXT
        return f"{names[st.to_act]} is playing…", palette.TEXT_DIM

    def can_declare(self) -> bool:
        """Whether some card can be thrown for a valid show (worked out once per move)."""
        moves = len(self.session.actions)
        if self._declare_key != moves:
            self._can_declare = bool(valid_declarations(self.session.view(self.bottom)))
            self._declare_key = moves
        return self._can_declare

    # ------------------------------------------------------------ acting
    def act(self, action) -> bool:
        """Check ``action`` for the bottom seat and play it; False (with the
        engine's reason on screen) if it is not allowed."""
        st = self.state
        if self.demo:
            return False
        if st.to_act != self.bottom and st.phase in (Phase.DRAW, Phase.DISCARD):
            self.say(f"Wait: it is {self.session.names[st.to_act]}'s turn.", palette.DANGER)
            self.app.play("invalid")
            return False
        reason = self.session.reason(action)
        if reason is not None:
            reason = readable(reason, self.session.names)
            self.say(reason[0].upper() + reason[1:] + ".", palette.DANGER)
            self.app.play("invalid")
            return False
        self.anim.finish()
        self.handle_engine_events(self.session.play(action))
        self.after_move()
        self.app.save_now()  # a person's move is never lost, even if the tab closes
        return True

    def sync_hand(self) -> None:
        room = self._room()
        if (room.hand_cards > 14) != (self.room.hand_cards > 14):  # two rows or three
            self.room = room
            self.layout = None
            self.resize(self.app.size)
        self.arr.sync(self.hand)
        held = set(self.hand)
        self.selected = [c for c in self.selected if c in held]
        self.cursor = max(0, min(self.cursor, len(self.hand) - 1))

    # ------------------------------------------------------------ the loop
    @property
    def animating(self) -> bool:
        """Whether frames are moving now (the browser's frame cap relaxes otherwise)."""
        return (self.anim.busy or self.banner.active or self.drag is not None
                or self.settled_wait is not None or self.session.bot_to_act() is not None)

    def _warm_faces(self, most: int = 2) -> None:
        """Make a few of the hand's card faces ahead of need (each costs the
        browser a few milliseconds; a new deal needs thirteen at once)."""
        geo = self.geometry()
        for card in self.hand:
            wild = self.is_wild(card)
            if not cardart.has_face(card, geo.card_w, wild=wild):
                cardart.face(card, geo.card_w, wild=wild)
                most -= 1
                if most <= 0:
                    return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.extras_event(event):  # H (hint), U (undo) where those are on
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.extras_update():  # a cover went up: the screen changes hands first
            return
        self._warm_faces()
        self.anim.update(dt)
        self.banner.update(dt)
        for part in self.parts:
            part.update(dt, self)
        text, color, left, at = self.message
        if left > 0:
            self.message = (text, color, left - dt, at)
        if self.settled_wait is not None:
            if not self.anim.busy:
                self.settled_wait -= dt
            if self.settled_wait <= 0:
                self.settled_wait = None
                self._after_deal()
            return
        if self.wait > 0 and not self.anim.busy:
            self.wait -= dt
        if self.session.bot_to_act() is None:
            return
        moves = len(self.session.actions)
        if self.pending is None or self.pending[0] != moves:  # decided for this position only
            with self.app.timing("bot"):
                action = self.session.think(THINK_BUDGET)
            self.pending = None if action is None else (moves, action)
        if self.pending is not None and not self.anim.busy and self.wait <= 0:
            action = self.pending[1]
            self.pending = None
            with self.app.timing("play"):
                self.handle_engine_events(self.session.play(action))
            self.after_move()
            self.wait = PAUSE * self.speed

    def _after_deal(self) -> None:
        """The winner's hand on the table first (a beat to read it), then the scores."""
        res = self.state.result
        self.banner.clear()
        if self.reveal and res is not None and not res.void:
            from game.ui.table.showdown import ShowdownScene

            self.app.push(ShowdownScene(self.app, self))
        else:
            from game.ui.scenes.scoring import ScoringScene

            self.app.push(ScoringScene(self.app, self))
        self.reveal = True

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
        self.draw_extras(surface)
