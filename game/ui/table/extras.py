"""What the table adds for practice, hints and pass and play.

* Practice: *Undo* (U, Ctrl+Z) takes the person's last move back, and the
  bots' moves since, to the exact state before it (``Session.undo``).
* Hints: *Hint* (H) asks the coach (``coaching.coach()``) for the move it
  would make and why; the line shows in the status, the card or pile is
  ringed, and a second press groups the hand as the coach would.  The deal
  is marked as hinted (the scores say so).
* Pass and play: the bottom seat is the person whose turn it is.  When the
  screen must go to another person, a cover (``scenes.cover``) hides the
  table first; only after that person taps does the table show their hand.

Mixed into TableScene; never changes the game except through the session.
"""

from __future__ import annotations

import time

import pygame

from game.app.hand import HandArrangement, max_groups
from game.engine import Declare, Discard, DrawDiscard, DrawStock, Pack
from game.engine.state import ACTIVE
from game.ui.table.coaching import coach
from game.uikit.art import fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.table.wording import card_name
from game.uikit.widgets import Button, panel, wrap

HINT_SLICE = 0.006  # seconds of the coach's thinking a frame


class TableExtras:
    """Practice undo, the coach's hint, and pass and play's change of seat."""

    def init_extras(self) -> None:
        self.hint = None  # (moves, seat, Hint) while it is about this position
        self._hint_due = False  # a hint was asked for: worked out over the next frames
        self._hint_work = None  # (moves when asked, the coach's thinking) while it runs
        self._cover_due = self.session.pass_and_play  # a person must take the screen
        self._covered_deal = 0

    # ------------------------------------------------------------ buttons
    def extra_slots(self) -> int:
        """Buttons this adds to the action bar at most (the layout makes room)."""
        return int(self.session.practice) + int(self.session.hints)

    def extras_key(self) -> tuple:
        return (self.session.can_undo(), self._hint_now() is not None, self._hint_due)

    def extra_buttons(self) -> list:
        if self.demo or not self.hand:
            return []
        out = []
        if self.session.practice:
            out.append(Button("Undo", self.undo, enabled=self.session.can_undo(), key="undo",
                              why="Nothing of yours to take back in this deal yet."))
        if self.session.hints and self.my_turn and self.bottom_view().legal:
            if self._hint_now() is not None and self._hint_now().groups:
                out.append(Button("Group as hinted", self.apply_hint_groups, key="hint_groups"))
            else:
                out.append(Button("Hint", self.ask_hint, enabled=not self._hint_due, key="hint"))
        return out

    def extras_event(self, event: pygame.event.Event) -> bool:
        """H for a hint (where hints are on), U or Ctrl+Z to take back."""
        if event.type != pygame.KEYDOWN or self.demo:
            return False
        if event.key == pygame.K_h and self.session.hints:
            if self._hint_now() is not None:
                self.apply_hint_groups()
            else:
                self.ask_hint()
            return True
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if self.session.practice and (event.key == pygame.K_u or
                                      (event.key == pygame.K_z and ctrl)):
            self.undo()
            return True
        return False

    # ------------------------------------------------------------ practice
    def undo(self) -> None:
        """Take back the person's last move (and the bots' since): practice only."""
        if not self.session.undo():
            self.say("Nothing of yours to take back in this deal.", palette.TEXT_DIM)
            return
        while self.app.top is not self and self.app.top is not None:
            self.app.pop()  # the scores (or the winner's hand) of a deal now unplayed
        self.anim.finish()
        self.banner.clear()
        self.pending, self.wait, self.settled_wait, self.fast = None, 0.0, None, False
        self.reveal = True
        self.hint, self._hint_due, self._hint_work = None, False, None
        self._view_of = self._wild_of = None
        self._buttons_key = None
        self.sync_hand()
        self.say("Taken back: play it again.", palette.OK, 3.0)
        self.app.mark_dirty()
        self.app.save_now()

    # ------------------------------------------------------------ hints
    def _hint_now(self):
        """The coach's hint if it is still about this position, else None."""
        if self.hint is None:
            return None
        moves, seat, hint = self.hint
        return hint if moves == len(self.session.actions) and seat == self.bottom else None

    def ask_hint(self) -> None:
        if not self.session.hints:
            return
        if coach() is None:
            self.say("The coach is not in this version, so there are no hints.", palette.DANGER)
            return
        if not (self.my_turn and self.bottom_view().legal):
            self.say("A hint is for your turn: wait for it.", palette.TEXT_DIM)
            return
        self._hint_due = True  # worked out next frame, so this one shows the message
        self.say("The coach is thinking…", palette.TEXT_DIM, 30.0)

    def _work_out_hint(self) -> None:
        """Think a slice of the coach's hint, a few milliseconds a frame: the
        browser has one thread, and the strongest bot may think for a second."""
        moves = len(self.session.actions)
        if self._hint_work is None or self._hint_work[0] != moves:
            view = self.bottom_view()
            if not view.legal:
                self._hint_due, self._hint_work = False, None
                return
            c = coach()
            sliced = getattr(c, "hint_thought", None)
            work = sliced(view, seed=self.session.seed) if sliced is not None else None
            self._hint_work = (moves, work, view)
        _, work, view = self._hint_work
        hint = None
        try:
            if work is None:  # a coach without slices: all at once
                hint = coach().hint(view, seed=self.session.seed)
            else:
                deadline = time.perf_counter() + HINT_SLICE
                while time.perf_counter() < deadline:
                    next(work)
                return  # more next frame
        except StopIteration as done:
            hint = done.value
        except Exception:  # a coach that fails must not stop the game
            self._hint_due, self._hint_work = False, None
            self.say("The coach has no hint for this position.", palette.DANGER)
            return
        self._hint_due, self._hint_work = False, None
        self.hint = (len(self.session.actions), self.bottom, hint)
        self.session.note_hint()
        self.app.mark_dirty()
        if self._reason_fits(hint):  # the coach's line names the move itself
            self.say(f"Hint: {hint.reason.strip()}", palette.OK, 600.0)
        else:  # the move here, the reason in a panel over the info line
            ringed = " (ringed in green)" if self.hint_target() is not None else ""
            self.say(f"Hint: {_move_words(hint.action)}{ringed}.", palette.OK, 600.0)

    def _reason_fits(self, hint) -> bool:
        """Whether the status line (two lines, one on a short landscape
        screen) holds the whole reason; its sides keep about 110 px each."""
        lay = self.layout
        m = lay.m
        room = lay.info.w - 2 * m.px(110)
        lines = 1 if lay.compact else 2
        return bool(hint.reason.strip()) and \
            len(wrap(f"Hint: {hint.reason.strip()}", m.small, max(40, room))) <= lines

    def apply_hint_groups(self) -> None:
        hint = self._hint_now()
        if hint is None or not hint.groups:
            return
        held = set(self.hand)
        groups = [[c for c in g if c in held] for g in hint.groups]
        groups = [g for g in groups if g]
        if not groups:
            return
        # the coach's last group holds the loose cards, unless every card is
        # in a meld: ask the table's labels whether it is one
        probe = HandArrangement([list(groups[-1])])
        st = self.state
        labels = self.ask("group_labels", probe.groups) or \
            probe.labels(st.rules, st.decks, self.known_wild)
        melds = groups if labels and labels[0].valid else groups[:-1]
        try:
            self.arr.arrange(melds, [])
        except ValueError:  # the hint no longer matches the hand: leave it be
            return
        self.app.mark_dirty()

    def hint_target(self) -> pygame.Rect | None:
        """Where the hinted move is: the stock, the pile, a card, the Pack button."""
        hint = self._hint_now()
        if hint is None or self.layout is None:
            return None
        action = hint.action
        if isinstance(action, DrawStock):
            return self.layout.stock
        if isinstance(action, DrawDiscard):
            return self.layout.discard
        card = getattr(action, "card", None)
        if card is not None and card in self.slot_of:
            rect = self.slot_of[card]
            return rect.move(0, -self.geometry().lift) if card in self.selected else rect
        if isinstance(action, Pack):
            return next((b.rect for b in self.buttons if b.key == "pack"), None)
        return None

    def draw_extras(self, surface: pygame.Surface) -> None:
        target = self.hint_target()
        if target is not None:
            glow(surface, target, palette.OK, 4)
        hint = self._hint_now()
        if hint is not None and hint.reason.strip() and not self._reason_fits(hint):
            self._draw_reason(surface, hint.reason.strip())

    def _draw_reason(self, surface: pygame.Surface, reason: str) -> None:
        """The coach's reason in a panel just over the info line (the status
        line has room for the move only, on a phone)."""
        lay = self.layout
        m = lay.m
        w = min(lay.info.w, m.px(900))
        lines = wrap(f"Coach: {reason}", m.small, w - 2 * m.pad)[:4]
        lh = int(m.small * 1.3)
        box = pygame.Rect(0, 0, w, lh * len(lines) + m.pad)
        box.midbottom = (lay.info.centerx, lay.info.y - 2)
        panel(surface, box, alpha=240, edge=palette.OK, radius=8)
        y = box.y + m.pad // 2
        for line in lines:
            surface.blit(fonts.text(line, m.small, palette.TEXT), (box.x + m.pad, y))
            y += lh

    # ------------------------------------------------------------ pass and play
    def after_move(self) -> None:
        """After any move: in pass and play, see whether the screen must change hands."""
        if self.session.pass_and_play and not self.demo:
            self._cover_due = True

    def next_person(self) -> int | None:
        """The person who must hold the screen now: the one to act, else the
        next person in turn order still playing this deal (the bots in
        between play in front of them); None once the deal is settled."""
        st = self.state
        if st.result is not None or st.to_act is None:
            return None
        people = [s for s in self.session.humans if st.status[s] == ACTIVE]
        if not people:
            return None
        seat = st.to_act
        for _ in range(st.players):
            if seat in people:
                return seat
            seat = st.next_seat(seat)
        return people[0]

    def extras_update(self) -> bool:
        """Before the table's own update: True when the table must wait (a
        cover went up)."""
        if self._hint_due and self.app.top is self:
            self._work_out_hint()
        if not self._cover_due or self.app.top is not self:
            return False
        self._cover_due = False
        seat = self.next_person()
        if seat is None:
            return False
        new_deal = self.state.deal_no != self._covered_deal
        if seat == self.bottom and not new_deal:
            return False
        self._covered_deal = self.state.deal_no
        from game.ui.scenes.cover import CoverScene

        self.app.push(CoverScene(self.app, self, seat))
        return True

    def seat_person(self, seat: int) -> None:
        """Turn the table to ``seat``'s person: their hand at the bottom,
        their own arrangement of it (the cover is still up when this runs)."""
        self.anim.finish()
        hands = self.app.hands
        hands[self.bottom] = self.arr
        if seat != self.bottom:
            self.bottom = seat
            self.arr = hands.get(seat) or HandArrangement()
            hands[seat] = self.arr
            self.app.arrangement = self.arr
            self.layout = None
        self.arr.most = max_groups(self.state.rules.hand_size)
        fresh = not self.arr.groups
        self.arr.sync(self.hand)
        if fresh:
            self.arr.sort_by_suit()
        self.selected, self.cursor, self.fresh = [], 0, None
        self._view_of = self._wild_of = None
        self._labels_key = self._geo_key = self._buttons_key = self._count_key = None
        self._declare_key = None
        self.hint = None
        self.message = ("", palette.TEXT, 0.0, 0)
        self.room = self._room()
        self.resize(self.app.size)
        self.app.mark_dirty()


def _move_words(action) -> str:
    if isinstance(action, DrawStock):
        return "draw from the stock"
    if isinstance(action, DrawDiscard):
        return "take the top card of the pile"
    if isinstance(action, Declare):
        return f"declare, throwing {card_name(action.card)}"
    if isinstance(action, Discard):
        return f"throw {card_name(action.card)}"
    if isinstance(action, Pack):
        return "pack"
    return action.describe()
