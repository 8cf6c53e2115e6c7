"""The table: the deal in progress.  Input becomes engine actions, which are
checked, applied, and animated from the events they return; the AI plays in
``update``, its thinking sliced across frames and its moves paced by timers.

``TableScene`` is the common table every family shares.  It keeps what the
whole table reads (the session, the bottom seat and its view, the hand's
arrangement and selection, the layout, the animator, the banner) and holds
components, each with one job: ``input`` (mouse, touch, keys), ``commands``
(what the person asks for), ``bar`` (the action bar's buttons), ``events``
(animating the engine's events), ``pace`` (the bots' moves and the beat
before the scores), ``status_line``, ``practice`` (undo), ``hints`` (the
coach) and ``seats`` (pass and play's change of hands); ``draw`` paints it.
What a family adds comes as ``parts`` (``family_parts.parts_for``), never as
a test of the family here.
"""

from __future__ import annotations

import pygame

from game.app.hand import max_groups
from game.engine import Card, Phase
from game.engine.state import SeatStatus
from game.families import family_of
from game.ui.table.buttons import ActionBar
from game.ui.table.commands import TableCommands
from game.ui.table.draw import draw_table
from game.ui.table.draw_seats import fan_middle, shows_fan
from game.ui.table.events import EventAnimator, banner_seconds
from game.ui.table.family_parts import parts_for
from game.ui.table.hints import Hints
from game.ui.table.input import TableInput
from game.ui.table.pace import Pace
from game.ui.table.pass_and_play import PassAndPlay
from game.ui.table.practice import Practice
from game.ui.table.status import Color, StatusLine
from game.uikit.art import cardart, fonts, palette
from game.uikit.scene import Scene
from game.uikit.table.anim import Animator
from game.uikit.table.draw_util import NO_MELD
from game.uikit.table.hand_layout import HandGeometry, flow_hand
from game.uikit.table.layout import TableLayout, TableRoom, table_layout
from game.uikit.table.parts import TablePart, ask
from game.uikit.table.wording import group_words, readable
from game.uikit.widgets import Banner, Button

LABEL_GAP = 10  # pixels between one group's label and the next's, at the least


class TableScene(Scene):
    """The match in ``app.session`` seen from the bottom seat (the person, or
    seat 0 in a demo; in pass and play the person whose turn it is), with the
    family's ``parts`` composed into it."""

    shows_sound = True  # its title bar has the sound icon

    def __init__(self, app, parts: list[TablePart] | None = None) -> None:
        """``parts``: the family's table parts; by default ``parts_for(rules.family)``."""
        super().__init__(app)
        self.session = app.session
        self.parts = parts_for(self.state.rules.family) if parts is None else list(parts)
        self._view_of: tuple | None = None  # (state, the bottom seat's view of it)
        self.turn_words: dict = {}  # by seat: its panel's last turn in words (``move_line``)
        self._wild_of: tuple | None = None  # (state, the wild kinds the bottom seat knows)
        human = self.session.human
        self.demo = human is None
        self.bottom = 0 if human is None else human
        if self.session.pass_and_play:  # each person keeps their own arrangement
            app.arrangement = app.hands.get(self.bottom) or app.arrangement
            app.hands[self.bottom] = app.arrangement
        self.arr = app.arrangement
        self.arr.most = max_groups(self.state.rules.hand_size)
        self.selected: list[Card] = []
        self.cursor = 0  # the keyboard cursor's place in the hand
        self.fresh: Card | None = None  # the card the bottom seat drew this turn
        # where a card dragged from a pile to the hand was dropped: (deal,
        # moves played before the draw, the drop's place in the groups, the
        # point), for the card the draw brings (``events``)
        self.landing: tuple | None = None
        self.fast = False  # skip to the end of a deal the person is out of
        self.anim = Animator()
        self.banner = Banner()  # what the table announces to everyone
        self.layout: TableLayout | None = None
        self._geo: HandGeometry | None = None
        self._geo_key: tuple | None = None
        self.slot_of: dict[Card, pygame.Rect] = {}
        self._labels_key: tuple | None = None
        self._labels: list = []
        self._texts: tuple | None = None  # (labels' key, the card just drawn), label texts
        self._count_key: tuple | None = None
        self._count = 0
        # the components (each reads the table; the order is the order they are made in)
        self.commands = TableCommands(self)
        self.input = TableInput(self)
        self.events = EventAnimator(self)
        self.pace = Pace(self)
        self.status_line = StatusLine(self)
        self.practice = Practice(self)
        self.hints = Hints(self)
        self.seats = PassAndPlay(self)
        self.bar = ActionBar(self)
        self.room = self.make_room()
        self.resize(app.size)
        if not self.arr.groups:
            self.arr.sync(self.hand)
            self.arr.sort_by_suit()
        else:
            self.arr.sync(self.hand)
        if self.state.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER, Phase.DECIDE):
            self.pace.deal_over(0.0, reveal=False)  # a match saved after its deal ended
        elif self.state.deal_no == 1 and not self.session.actions \
                and self.session.start_events:
            self.events.show_deal(self.session.start_events[0])

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
        badgers = [p for p in self.parts if p.badges]
        if not badgers:
            return []
        view = self.bottom_view()
        return [b for p in badgers if (b := p.card_badge(card, view))]

    def forget_position(self) -> None:
        """The position changed under the table (taken back, another person's
        seat): what was worked out for the old one is worked out again."""
        self._view_of = self._wild_of = None
        self._labels_key = self._geo_key = self._count_key = None
        self.bar.refresh()
        self.hints.clear()

    # ------------------------------------------------------------ layout
    def make_room(self) -> TableRoom:
        """What the layout must make room for: the longest hand of this game
        (never the hand as it is now: the table must not move between drawing
        and throwing), the action bar's set of buttons, and what the parts ask
        for (lines, the tour's strip)."""
        parts = self.parts
        return TableRoom(hand_cards=max(14, self.state.rules.hand_size + 1),
                         seat_lines=max((p.seat_lines for p in parts), default=0),
                         own_lines=max((p.own_lines for p in parts), default=0),
                         extra_buttons=max((p.extra_buttons for p in parts), default=0),
                         buttons=self.bar.labels(),
                         felt_w=max((p.felt_w for p in parts), default=0),
                         felt_lines=max((p.felt_lines for p in parts), default=0),
                         notice=max((p.notice_height(self, self.app.size) for p in parts),
                                    default=0))

    def resize(self, size: tuple[int, int]) -> None:
        if self.layout is not None and self.layout.size == size:
            return
        self.anim.finish()  # flights were aimed at the old layout
        self.layout = table_layout(size, self.state.players, self.bottom,
                                   self.state.rules.direction == "clockwise", self.room)
        for part in self.parts:
            part.layout(self.layout)
        self._geo_key = None
        self.bar.refresh()
        self.input.cancel_drag()

    def pause(self) -> None:
        """A dialog or another screen came over the table: a drag it cut short
        ends here (its release goes to the dialog, and a drag left live would
        drop the card at the next tap after Resume)."""
        self.input.cancel_drag()
        for part in self.parts:
            part.on_pause(self)

    def geometry(self) -> HandGeometry:
        texts = self.label_texts()
        key = (id(self.arr), self.arr.version, self.layout.size, len(self.arr.groups),
               tuple(t for t, _ in texts))
        if key != self._geo_key or self._geo is None:
            lay = self.layout
            label_h = int(lay.m.small * 1.45)
            font = fonts.font(lay.m.small, True)
            widths = [font.size(t)[0] + LABEL_GAP if t else 0 for t, _ in texts]
            long_hand = self.room.hand_cards > 14  # the layout gave it two rows' height
            self._geo = flow_hand([len(g) for g in self.arr.groups], lay.hand,
                                  lay.max_card_w, label_h, widths, 2 if long_hand else 1)
            self.slot_of = {}
            for gi, ci, rect in self._geo.slots:
                self.slot_of[self.arr.groups[gi][ci]] = rect
            self._geo_key = key
        return self._geo

    def labels(self) -> list:
        wild = self.known_wild
        # pass-and-play swaps whole arrangements, whose versions may coincide
        key = (id(self.arr), self.arr.version, len(self.arr.groups), wild,
               self.state.deal_no)
        if key != self._labels_key:
            groups = self.arr.groups
            labels = self.ask("group_labels", groups)
            if labels is None or len(labels) != len(groups):
                labels = self.arr.labels(self.state.rules, self.state.decks, wild)
            self._labels = labels
            self._labels_key = key
        return self._labels

    def label_texts(self) -> list[tuple[str, Color]]:
        """Each group's label as the hand shows it, and its colour ("" where
        hints are off): the card just drawn, alone, is "New card"."""
        groups = self.arr.groups
        if not self.app.settings["hints"]:
            return [("", palette.TEXT)] * len(groups)
        st = self.state
        fresh = self.fresh if st.phase == Phase.DISCARD and st.to_act == self.bottom else None
        wild = self.known_wild
        labels = self.labels()
        key = (self._labels_key, fresh)
        if self._texts is not None and self._texts[0] == key:
            return self._texts[1]
        out = []
        for group, label in zip(groups, labels, strict=False):
            if fresh is not None and group == [fresh]:
                out.append(("New card", palette.HILITE))
            else:
                out.append((group_words(label, group, wild),
                            palette.OK if label.valid and not label.counts else NO_MELD))
        out += [("", palette.TEXT)] * (len(groups) - len(out))
        self._texts = (key, out)
        return out

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
        # the best arrangement's count, not the groups' as they lie (a hint)
        return own if own is not None else (str(self.count()), "best count")

    def seat_point(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom:
            return self.layout.hand.center
        spot = self.layout.seats.get(seat)
        if spot is None:
            return self.layout.top.center
        m = self.layout.m
        pad = max(5, m.pad // 2)
        if shows_fan(spot.body, pad, m.small):  # the panel shows a fan of backs: land on it
            return fan_middle(spot.body, pad, m.small)
        return spot.cards

    # ------------------------------------------------------------ buttons and words
    @property
    def buttons(self) -> list[Button]:
        """The action bar's buttons as last laid out."""
        return self.bar.buttons

    def current_buttons(self) -> list[Button]:
        return self.bar.current()

    @property
    def message(self) -> tuple[str, Color, float, int]:
        return self.status_line.message

    def say(self, text: str, color: Color = palette.TEXT, seconds: float = 3.5) -> None:
        """A reply to the person's input; it stays until a move is played (or
        ``seconds`` pass), so it never outlives the position it was about."""
        self.status_line.say(text, color, seconds)

    def status(self) -> tuple[str, Color]:
        return self.status_line.text()

    def announce(self, text: str, color=palette.GOLD, seconds: float = 2.0,
                 sub: str = "") -> None:
        """Something everyone at the table should see (a show, a pack)."""
        self.banner.show(text, color, seconds, sub)

    def who(self, seat: int) -> str:
        """``seat`` as an announcement names it: "You" for the person."""
        return "You" if seat == self.bottom and not self.demo else self.session.names[seat]

    def banner_time(self) -> float:
        """How long an announcement stays at this table's speed."""
        return banner_seconds(self.speed)

    @property
    def hint(self):
        """The coach's hint as (moves, seat, hint), once one was asked for."""
        return self.hints.hint

    def hint_target(self) -> pygame.Rect | None:
        return self.hints.target()

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
            text = reason[0].upper() + reason[1:]
            self.say(text if text.endswith((".", "!", "?", "…")) else text + ".", palette.DANGER)
            self.app.play("invalid")
            return False
        self.anim.finish()
        self.events.show(self.session.play(action))
        self.after_move()
        self.app.save_now()  # a person's move is never lost, even if the tab closes
        return True

    def discard_chosen(self) -> None:
        """Throw the raised card (the Discard button; tools that play the table)."""
        self.commands.discard_chosen()

    def handle_engine_events(self, events) -> None:
        """Show ``events`` (what a move did) on the table."""
        self.events.show(events)

    def after_move(self) -> None:
        self.seats.after_move()

    def relayout(self) -> None:
        """What the layout makes room for changed (the tour ended): lay the
        table out again."""
        self.room = self.make_room()
        self.layout = None
        self.resize(self.app.size)

    def sync_hand(self) -> None:
        self.arr.sync(self.hand)
        held = set(self.hand)
        self.selected = [c for c in self.selected if c in held]
        self.cursor = max(0, min(self.cursor, len(self.hand) - 1))

    # ------------------------------------------------------------ the loop
    @property
    def animating(self) -> bool:
        """Whether frames are moving now (the browser's frame cap relaxes otherwise)."""
        return (self.anim.busy or self.banner.active or self.input.drag is not None
                or self.pace.busy)

    def _warm_faces(self, most: int = 2) -> None:
        """Make a few of the hand's card faces ahead of need (each costs the
        browser a few milliseconds; a new deal needs a whole hand at once)."""
        geo = self.geometry()
        for card in self.hand:
            wild = self.is_wild(card)
            if not cardart.has_face(card, geo.card_w, wild=wild):
                cardart.face(card, geo.card_w, wild=wild)
                most -= 1
                if most <= 0:
                    return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and not self.demo and (
                self.hints.handle_key(event) or self.practice.handle_key(event)):
            return True  # H (hint), U (undo) where those are on
        return self.input.handle_event(event)

    def update(self, dt: float) -> None:
        if self.app.top is self:
            self.hints.update()
        if self.seats.update():  # a cover went up: the screen changes hands first
            return
        self._warm_faces()
        self._next_position()
        self.anim.update(dt)
        self.banner.update(dt)
        for part in self.parts:
            part.update(dt, self)
        self.status_line.update(dt)
        self.pace.update(dt)

    def _next_position(self) -> None:
        """A room's match: the next position the server sent, once the last
        one's animations and the deal's end are over (each move shows in turn)."""
        session = self.session
        if not getattr(session, "remote", False) or self.anim.busy or self.pace.busy:
            return
        events = session.step()
        if events is not None:
            self.events.show(events)
            self.after_move()

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)
        self.hints.draw(surface)
