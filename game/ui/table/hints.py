"""The coach's hint on the table, where hints are on: *Hint* (H) asks the
coach (``coaching.coach()``) for the move it would make and why; the line
shows in the status, the card or pile is ringed, and a second press groups
the hand as the coach would.  The deal is marked as hinted (the scores say
so).  The coach thinks a few milliseconds a frame (the browser has one
thread).  The coach is given the person's groups as the hand labels them,
so that its reason names only what the screen shows (issue 21), and the
ring around a card half covered by its neighbour encloses only the part of
it that shows.  A component of ``TableScene`` (its ``hints``); it never
changes the game."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.app.hand import HandArrangement
from game.engine import DrawDiscard, DrawStock, Pack
from game.ui.table.coaching import coach
from game.uikit.art import fonts, palette
from game.uikit.table.draw_util import glow
from game.uikit.table.wording import group_words, move_words
from game.uikit.widgets import Button, panel, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

HINT_SLICE = 0.006  # seconds of the coach's thinking a frame
RING_OUT = 6  # pixels the ring (``glow``) stands outside the rect it encloses


def visible_part(rect: pygame.Rect, cover: pygame.Rect | None) -> pygame.Rect:
    """The part of a card (``rect``) its right-hand neighbour (``cover``,
    drawn over it) leaves showing, narrowed so the ring around it, which
    stands ``RING_OUT`` pixels outside, stops where the neighbour begins."""
    if cover is None or not rect.colliderect(cover) or cover.x <= rect.x:
        return rect
    right = cover.x - RING_OUT
    if right - rect.x < 2 * RING_OUT:  # a sliver: the ring may touch the neighbour
        right = cover.x
    return pygame.Rect(rect.x, rect.y, max(1, right - rect.x), rect.h)


class Hints:
    """The coach's hint for the bottom seat's position: asked, worked out, shown."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.hint = None  # (moves, seat, Hint) while it is about this position
        self.due = False  # a hint was asked for: worked out over the next frames
        self._work = None  # (moves when asked, the coach's thinking, the view) while it runs

    def clear(self) -> None:
        """A new position (taken back, another person's seat): no hint stands."""
        self.hint, self.due, self._work = None, False, None

    # ------------------------------------------------------------ buttons
    @property
    def slots(self) -> int:
        """Buttons this adds to the action bar at most (the layout makes room)."""
        return int(self.table.session.hints)

    def key(self) -> tuple:
        return (self.now() is not None, self.due)

    def buttons(self) -> list[Button]:
        """Hint (then "Group as hinted"), in its place all deal: disabled
        while it is not the person's turn."""
        t = self.table
        if not t.session.hints:
            return []
        hint = self.now()
        if hint is not None and hint.groups:
            return [Button("Group as hinted", self.apply_groups, key="hint_groups",
                           room="Group as hinted")]
        mine = t.my_turn and bool(t.bottom_view().legal)
        return [Button("Hint", self.ask, enabled=mine and not self.due, key="hint",
                       room="Group as hinted",
                       why="The coach is thinking…" if mine else
                       "A hint is for your turn: wait for it.")]

    def handle_key(self, event: pygame.event.Event) -> bool:
        """H: a hint, and then its grouping (where hints are on)."""
        if event.key != pygame.K_h or not self.table.session.hints:
            return False
        if self.now() is not None:
            self.apply_groups()
        else:
            self.ask()
        return True

    # ------------------------------------------------------------ the hint
    def now(self):
        """The coach's hint if it is still about this position, else None."""
        if self.hint is None:
            return None
        moves, seat, hint = self.hint
        t = self.table
        return hint if moves == len(t.session.actions) and seat == t.bottom else None

    def ask(self) -> None:
        t = self.table
        if not t.session.hints:
            return
        if coach() is None:
            t.say("The coach is not in this version, so there are no hints.", palette.DANGER)
            return
        if not (t.my_turn and t.bottom_view().legal):
            t.say("A hint is for your turn: wait for it.", palette.TEXT_DIM)
            return
        self.due = True  # worked out next frame, so this one shows the message
        t.say("The coach is thinking…", palette.TEXT_DIM, 30.0)

    def update(self) -> None:
        """Think a slice of the hint asked for, if any (the table is the top)."""
        if self.due:
            self._work_out()

    def _work_out(self) -> None:
        """Think a slice of the coach's hint, a few milliseconds a frame: the
        browser has one thread, and the strongest bot may think for a second."""
        t = self.table
        session = t.session
        moves = len(session.actions)
        if self._work is None or self._work[0] != moves:
            view = t.bottom_view()
            if not view.legal:
                self.due, self._work = False, None
                return
            sliced = getattr(coach(), "hint_thought", None)
            work = sliced(view, seed=session.seed, shown=self.shown()) \
                if sliced is not None else None
            self._work = (moves, work, view)
        _, work, view = self._work
        hint = None
        try:
            if work is None:  # a coach without slices: all at once
                hint = coach().hint(view, seed=session.seed)
            else:
                deadline = time.perf_counter() + HINT_SLICE
                while time.perf_counter() < deadline:
                    next(work)
                return  # more next frame
        except StopIteration as done:
            hint = done.value
        except Exception:  # a coach that fails must not stop the game
            self.due, self._work = False, None
            t.say("The coach has no hint for this position.", palette.DANGER)
            return
        self.due, self._work = False, None
        self.hint = (len(session.actions), t.bottom, hint)
        session.note_hint()
        t.app.mark_dirty()
        if self._reason_fits(hint):  # the coach's line names the move itself
            t.say(f"Hint: {hint.reason.strip()}", palette.OK, 600.0)
        else:  # the move here, the reason in a panel over the info line
            ringed = " (ringed in green)" if self.target() is not None else ""
            t.say(f"Hint: {move_words(hint.action)}{ringed}.", palette.OK, 600.0)

    def shown(self) -> list:
        """The person's groups as the hand labels them (the coach's ``Shown``),
        or none where the coach has no such type."""
        make = getattr(coach(), "Shown", None)
        t = self.table
        if make is None or not t.arr.matches(t.hand):
            return []
        wild = t.known_wild
        # a meld that still counts is named as a meld ("set", not "Set · 12")
        return [make(label.name.capitalize() if label.counts else group_words(label, group, wild),
                     label.valid, tuple(group))
                for group, label in zip(t.arr.groups, t.labels(), strict=False)]

    def _reason_fits(self, hint) -> bool:
        """Whether the status line (two lines, one on a short landscape
        screen) holds the whole reason; its sides keep about 110 px each."""
        lay = self.table.layout
        m = lay.m
        room = lay.info.w - 2 * m.px(110)
        lines = 1 if lay.compact else 2
        return bool(hint.reason.strip()) and \
            len(wrap(f"Hint: {hint.reason.strip()}", m.small, max(40, room))) <= lines

    def apply_groups(self) -> None:
        """Group the hand as the coach grouped it."""
        t = self.table
        hint = self.now()
        if hint is None or not hint.groups:
            return
        held = set(t.hand)
        groups = [[c for c in g if c in held] for g in hint.groups]
        groups = [g for g in groups if g]
        if not groups:
            return
        # the coach's last group holds the loose cards, unless every card is
        # in a meld: ask the table's labels whether it is one
        probe = HandArrangement([list(groups[-1])])
        st = t.state
        labels = t.ask("group_labels", probe.groups) or \
            probe.labels(st.rules, st.decks, t.known_wild)
        melds = groups if labels and labels[0].valid else groups[:-1]
        try:
            t.arr.arrange(melds, [])
        except ValueError:  # the hint no longer matches the hand: leave it be
            return
        t.app.mark_dirty()

    # ------------------------------------------------------------ drawing
    def target(self) -> pygame.Rect | None:
        """Where the hinted move is: where the family's parts say (a move of
        its own), else the stock, the pile, a card, the Pack button."""
        t = self.table
        hint = self.now()
        if hint is None or t.layout is None:
            return None
        action = hint.action
        own = t.ask("hint_target", action)  # a move of the family's own
        if own is not None:
            return own
        if isinstance(action, DrawStock):
            return t.layout.stock
        if isinstance(action, DrawDiscard):
            return t.layout.discard
        card = getattr(action, "card", None)
        if card is not None and card in t.slot_of:
            rect = visible_part(t.slot_of[card], self._cover(card))
            return rect.move(0, -t.geometry().lift) if card in t.selected else rect
        if isinstance(action, Pack):
            return next((b.rect for b in t.buttons if b.key == "pack"), None)
        return None

    def _cover(self, card) -> pygame.Rect | None:
        """Where the card drawn over ``card`` lies: the next in its group."""
        t = self.table
        where = t.arr.find(card)
        if where is None:
            return None
        gi, ci = where
        group = t.arr.groups[gi]
        if ci + 1 >= len(group):
            return None
        cover = t.slot_of.get(group[ci + 1])
        if cover is not None and group[ci + 1] in t.selected:
            cover = cover.move(0, -t.geometry().lift)
        return cover

    def draw(self, surface: pygame.Surface) -> None:
        target = self.target()
        if target is not None:
            glow(surface, target, palette.OK, 4)
        hint = self.now()
        if hint is not None and hint.reason.strip() and not self._reason_fits(hint):
            self._draw_reason(surface, hint.reason.strip())

    def _draw_reason(self, surface: pygame.Surface, reason: str) -> None:
        """The coach's reason in a panel just over the info line (the status
        line has room for the move only, on a phone)."""
        lay = self.table.layout
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
