"""A finished deal replayed move by move with every hand face up: Back and
Next (the arrow keys), Start and End (Home, End), Close (Esc).

It steps through the deal's recorded actions from the state it was dealt in
(``DealRecord``), so what it shows is exactly what happened.  Family-neutral:
hands, the piles, the cut card and any cards a family keeps on the table
(``Family.table_cards``; a seat's laid groups, ``Family.table_groups``, in
its own panel under its hand) are drawn the same way for every game.  Pushed over
the scoring screen; changes nothing in the match.
"""

from __future__ import annotations

import pygame

from game.app.menu_config import variant_title
from game.app.session import DealRecord
from game.engine import Card, Declare, Discard, DrawDiscard, DrawStock, Pack
from game.engine.actions import SeatOutcome
from game.families import family_of
from game.uikit.art import cardart, fonts, palette
from game.uikit.scene import Scene
from game.uikit.table.draw_util import glow
from game.uikit.table.wording import card_text, move_words, readable, wild_text
from game.uikit.widgets import (
    Button,
    Metrics,
    felt,
    fit_text,
    flow_buttons,
    panel,
    press_buttons,
    wrap,
)


def sorted_hand(cards) -> list[Card]:
    """A hand as a reader scans it: by suit, then rank; jokers last."""
    return sorted(cards, key=lambda c: (5, 0, c.uid) if c.is_joker
                  else (int(c.suit), c.rank, c.uid))


def describe(before, after, action, names: list[str]) -> str:
    """One move in words, naming the card (every hand is open in a replay)."""
    seat = before.to_act
    who = names[seat] if seat is not None and 0 <= seat < len(names) else "The table"
    if isinstance(action, DrawStock):
        new = [c for c in after.hands[seat] if c not in before.hands[seat]]
        what = f"drew {card_text(new[0])} from the stock" if new else "drew from the stock"
    elif isinstance(action, DrawDiscard):
        what = f"took {card_text(before.discard[-1])} from the pile"
    elif isinstance(action, (Declare, Discard, Pack)):
        what = move_words(action, past=True)
    else:
        what = told_by(readable(action.done(), names), you=who == "You")
    return f"{who} {what}."


def told_by(text: str, you: bool = True) -> str:
    """A move told as done (``Action.done``), "your" as "their" when another
    player made it."""
    return " ".join("their" if word == "your" and not you else word
                    for word in text.split(" "))


def moved_card(before, after, action) -> Card | None:
    """The card a move moved, to point it out (None for moves without one)."""
    seat = before.to_act
    if isinstance(action, (DrawStock, DrawDiscard)) and seat is not None:
        new = [c for c in after.hands[seat] if c not in before.hands[seat]]
        return new[0] if new else None
    return getattr(action, "card", None) if isinstance(getattr(action, "card", None), Card) \
        else None


SHOW = 0.42  # the part of a fanned card's width left in view (its corner index)
MELD_SHARE = 0.42  # of a seat's panel, for the groups it has laid (when it has some)
MELD_GAP = 0.3  # between two laid groups, in card widths


class ReplayScene(Scene):
    shows_sound = False

    def __init__(self, app, record: DealRecord, names: list[str]) -> None:
        super().__init__(app)
        self.record = record
        self.names = list(names)
        self.states = record.states()
        self.actions = record.actions
        self.lines = [describe(self.states[i], self.states[i + 1], a, self.names)
                      for i, a in enumerate(self.actions)]
        self.moved = [moved_card(self.states[i], self.states[i + 1], a)
                      for i, a in enumerate(self.actions)]
        self.at = 0  # states[at] is on show: after ``at`` moves
        # every card is open in a replay: the turned card and the wild cards
        # as the end of the deal shows them to all (a family may keep its turned
        # card from a player while the deal is played)
        end = self.states[-1]
        fam = family_of(end.rules)
        seats = range(end.players)
        self.cut = next((c for s in seats if (c := fam.cut_for(end, s)) is not None), end.cut)
        self.wild = frozenset().union(end.wild, *(fam.wild_for(end, s) for s in seats))
        self.cut_word = fam.cut_name
        self._press: Button | None = None
        self.buttons: list[Button] = []
        self.m = Metrics(*app.size)

    # ------------------------------------------------------------ stepping
    @property
    def total(self) -> int:
        return len(self.actions)

    def go(self, at: int) -> None:
        self.at = max(0, min(self.total, at))
        self._enable()

    def forward(self) -> None:
        self.go(self.at + 1)

    def back(self) -> None:
        self.go(self.at - 1)

    def close(self) -> None:
        self.app.pop()

    def _enable(self) -> None:
        for b in self.buttons:
            if b.key in ("first", "back"):
                b.enabled = self.at > 0
            elif b.key in ("next", "last"):
                b.enabled = self.at < self.total

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w, h = size
        self.buttons = [Button("Start", lambda: self.go(0), key="first"),
                        Button("Back", self.back, key="back"),
                        Button("Next", self.forward, style="primary", key="next"),
                        Button("End", lambda: self.go(self.total), key="last"),
                        Button("Close", self.close, key="close")]
        probe = pygame.Rect(m.pad, 0, w - 2 * m.pad, h)
        rows = flow_buttons(self.buttons, probe, m.body, m.button_h, m.pad, m.pad)
        foot_h = rows * m.button_h + (rows - 1) * m.pad + 2 * m.pad
        self.footer = pygame.Rect(0, h - foot_h, w, foot_h)
        flow_buttons(self.buttons, self.footer.inflate(-2 * m.pad, -2 * m.pad), m.body,
                     m.button_h, m.pad, m.pad)
        self._enable()
        self.title_h = int(m.body * 1.6) + m.pad
        # the move's count, then up to two lines of words
        self.move_rect = pygame.Rect(m.pad, self.title_h, w - 2 * m.pad, int(m.small * 3.8))
        pile_w = max(34, min(m.px(64), w // 9))
        self.pile_w = pile_w
        self.piles = pygame.Rect(m.pad, self.move_rect.bottom + m.pad // 2, w - 2 * m.pad,
                                 int(pile_w * cardart.CARD_RATIO) + int(m.small * 1.4) + 4)
        top = self.piles.bottom + m.pad // 2
        self.seats_area = pygame.Rect(m.pad, top, w - 2 * m.pad, self.footer.y - top - m.pad // 2)
        n = self.states[0].players
        cols = 2 if w >= 900 and n > 2 else 1
        per_col = -(-n // cols)
        gap = m.pad // 2
        cw = (self.seats_area.w - gap * (cols - 1)) // cols
        ch = (self.seats_area.h - gap * (per_col - 1)) // per_col
        self.cells = []
        for s in range(n):
            c, r = divmod(s, per_col)
            self.cells.append(pygame.Rect(self.seats_area.x + c * (cw + gap),
                                          self.seats_area.y + r * (ch + gap), cw, ch))

    def _hand_slots(self, cell: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Where a hand of ``n`` cards goes in a seat's cell: in one row or
        two, whichever lets the cards be larger while a fanned card still
        shows its corner (at least ``SHOW`` of its width)."""
        m = self.m
        line = int(m.small * 1.35)
        room_h = cell.h - line - 6
        inner = cell.w - 12
        if n == 0 or room_h < 20:
            return []

        def width(rows: int) -> int:
            per_row = -(-n // rows)
            by_height = (room_h - (rows - 1) * 3) / rows / cardart.CARD_RATIO
            by_width = inner / (1 + SHOW * (per_row - 1))
            return int(min(by_height, by_width, m.px(120)))

        rows = max((1, 2), key=width)
        card_w = max(14, width(rows))
        card_h = int(card_w * cardart.CARD_RATIO)
        per_row = -(-n // rows)
        step = card_w + 2 if per_row == 1 else min(card_w + 2, (inner - card_w) / (per_row - 1))
        slots = []
        for i in range(n):
            r, k = divmod(i, per_row)
            slots.append(pygame.Rect(int(cell.x + 6 + k * step),
                                     cell.y + line + 4 + r * (card_h + 3), card_w, card_h))
        return slots

    def seat_cards(self, st, seat: int, cell: pygame.Rect) -> list[tuple[Card, pygame.Rect]]:
        """(card, rect) for everything a seat's panel shows: its hand, and
        under it the groups it has laid (``Family.table_groups``)."""
        hand = sorted_hand(st.hands[seat])
        groups = family_of(st.rules).table_groups(st, seat)
        if not groups:
            return list(zip(hand, self._hand_slots(cell, len(hand)), strict=False))
        meld_h = int(cell.h * MELD_SHARE)
        hand_cell = pygame.Rect(cell.x, cell.y, cell.w, cell.h - meld_h)
        area = pygame.Rect(cell.x + 6, hand_cell.bottom, cell.w - 12, meld_h - 4)
        return [*zip(hand, self._hand_slots(hand_cell, len(hand)), strict=False),
                *self._group_slots(area, groups)]

    def _group_slots(self, area: pygame.Rect, groups) -> list[tuple[Card, pygame.Rect]]:
        """(card, rect) for a seat's laid groups in one row across ``area``:
        each group fanned like a hand, a gap between groups, the cards as
        large as the row allows."""
        units = sum(1 + SHOW * (len(g) - 1) for g in groups) + MELD_GAP * (len(groups) - 1)
        card_w = int(min(area.h / cardart.CARD_RATIO, area.w / units, self.m.px(90)))
        card_w = max(14, card_w)
        card_h = int(card_w * cardart.CARD_RATIO)
        out = []
        x = float(area.x)
        for group in groups:
            for card in group:
                out.append((card, pygame.Rect(int(x), area.bottom - card_h, card_w, card_h)))
                x += card_w * SHOW
            x += card_w * (1 - SHOW) + card_w * MELD_GAP
        return out

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.forward, pygame.K_SPACE: self.forward,
                    pygame.K_LEFT: self.back, pygame.K_HOME: lambda: self.go(0),
                    pygame.K_END: lambda: self.go(self.total), pygame.K_ESCAPE: self.close,
                    pygame.K_AC_BACK: self.close, pygame.K_BACKSPACE: self.close}
            act = keys.get(event.key)
            if act is None:
                return False  # a global key (M) may take it
            act()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        felt(surface)
        st = self.states[self.at]
        w = surface.get_width()
        title = f"Replay · {variant_title(st.rules)} · deal {st.deal_no}"
        t = fit_text(title, m.body, palette.GOLD, w - 2 * m.pad, bold=True)
        surface.blit(t, t.get_rect(midtop=(w // 2, m.pad // 2)))
        count = f"Move {self.at} of {self.total}" if self.at else \
            f"As dealt · {self.total} moves"
        line = self.lines[self.at - 1] if self.at else "Every hand is face up. Next steps on."
        if self.at == self.total and st.result is not None:
            res = st.result
            who = self.names[res.winner] if res.winner is not None else ""
            line += " " + ("Void deal." if res.void or res.winner is None
                           else "You win the deal." if who == "You" else f"{who} wins the deal.")
        c = fit_text(count, m.small, palette.TEXT_DIM, self.move_rect.w)
        surface.blit(c, c.get_rect(midtop=(self.move_rect.centerx, self.move_rect.y)))
        y = self.move_rect.y + c.get_height()
        for text in wrap(line, m.small, self.move_rect.w, bold=True)[:2]:
            s = fit_text(text, m.small, palette.HILITE, self.move_rect.w, bold=True)
            surface.blit(s, s.get_rect(midtop=(self.move_rect.centerx, y)))
            y += int(m.small * 1.2)
        moved = self.moved[self.at - 1] if self.at else None
        self._draw_piles(surface, st, moved)
        for seat, cell in enumerate(self.cells):
            self._draw_seat(surface, st, seat, cell, moved)
        pygame.draw.rect(surface, palette.FELT_DARK, self.footer)
        for b in self.buttons:
            b.draw(surface, m.body)

    def _wild(self, st, card: Card) -> bool:
        return card.is_joker or card.kind in self.wild

    def _draw_piles(self, surface, st, moved: Card | None) -> None:
        m = self.m
        r = self.piles
        pw = self.pile_w
        ph = int(pw * cardart.CARD_RATIO)
        x = r.x
        label_y = r.y + ph + 2
        surface.blit(cardart.back(pw), (x, r.y))
        lab = fonts.text(f"Stock {len(st.stock)}", m.small, palette.TEXT_DIM)
        surface.blit(lab, (x, label_y))
        x += max(pw, lab.get_width()) + m.pad
        if self.cut is not None:
            surface.blit(cardart.face(self.cut, pw, wild=self._wild(st, self.cut)), (x, r.y))
            lab = fonts.text(self.cut_word, m.small, palette.TEXT_DIM)
            surface.blit(lab, (x, label_y))
            x += max(pw, lab.get_width()) + m.pad
        pile = list(st.discard[-5:])
        step = max(8, pw // 3)
        for i, card in enumerate(pile):
            rect = pygame.Rect(x + i * step, r.y, pw, ph)
            surface.blit(cardart.face(card, pw, wild=self._wild(st, card)), rect)
            if card == moved and i == len(pile) - 1:
                glow(surface, rect, palette.HILITE)
        lab = fonts.text(f"Pile {len(st.discard)}", m.small, palette.TEXT_DIM)
        surface.blit(lab, (x, label_y))
        x += pw + step * max(0, len(pile) - 1) + 2 * m.pad  # clear of the glow
        table = [c for c in family_of(st.rules).table_cards(st) if c != self.cut]
        words = wild_text(st, self.wild)
        if table:
            words = f"{words}  ·  {len(table)} cards on the table" if words else \
                f"{len(table)} cards on the table"
        if words and r.right - x > 40:
            for k, text in enumerate(wrap(words, m.small, r.right - x)[:3]):
                s = fonts.text(text, m.small, palette.GOLD)
                surface.blit(s, (x, r.y + k * int(m.small * 1.3)))

    def _draw_seat(self, surface, st, seat: int, cell: pygame.Rect, moved: Card | None) -> None:
        m = self.m
        acting = st.to_act == seat
        panel(surface, cell, alpha=190, radius=8,
              edge=palette.GOLD if acting else palette.PANEL_EDGE)
        status = st.status[seat]
        tags = {"packed": "packed", "dead": "wrong show", "out": "not dealt in"}
        head = self.names[seat] + (f" · {tags[status]}" if status in tags else "")
        if acting:
            head += " · to play"
        if st.result is not None:
            row = next((r for r in st.result.seats if r.seat == seat), None)
            if row is not None and row.status == SeatOutcome.WINNER:
                head += " · winner"
            elif row is not None and row.status != SeatOutcome.OUT and row.pays:
                head += f" · pays {row.pays}"  # (a game-point family pays nothing)
        t = fit_text(head, m.small, palette.GOLD if acting else palette.TEXT, cell.w - 12,
                     bold=True)
        surface.blit(t, (cell.x + 6, cell.y + 3))
        shine = None
        for card, rect in self.seat_cards(st, seat, cell):
            surface.blit(cardart.face(card, rect.w, wild=self._wild(st, card)), rect)
            if card == moved:
                shine = rect
        if shine is not None:  # over the cards fanned on top of it
            glow(surface, shine, palette.HILITE)
