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

from typing import NamedTuple

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
    button_width,
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
MELD_GAP = 0.3  # between two laid groups, in card widths
ROW_GAP = 3  # pixels between two rows of cards
MOST_SEAT_COLUMNS = 3


def _units(groups) -> float:
    """The width of ``groups`` fanned in one row, in card widths."""
    return sum(1 + SHOW * (len(g) - 1) for g in groups) + MELD_GAP * (len(groups) - 1)


def _halves(groups: list) -> list[list[list]]:
    """The ways to lay ``groups`` out: in one row, or in two rows (in
    order) as even as can be."""
    if len(groups) < 2:
        return [[groups]] if groups else [[]]
    cut = min(range(1, len(groups)),
              key=lambda k: max(_units(groups[:k]), _units(groups[k:])))
    return [[groups], [groups[:cut], groups[cut:]]]


class Shape(NamedTuple):
    """Where one seat's cards go in its panel: its hand in one row or two
    (the cards in each), under it the groups it has laid in one row or two."""

    card_w: int
    hand_rows: list[int]
    group_rows: list[list]


def shape(area: pygame.Rect, hand: int, groups: list, most_w: int) -> Shape:
    """The way of laying out a hand of ``hand`` cards and the ``groups`` laid
    that lets every card be largest (one size for all), in ``area``: fewer
    rows when two ways tie."""
    best = Shape(0, [], [])
    hand_ways = [[]] if not hand else [[hand]] if hand < 2 else \
        [[hand], [-(-hand // 2), hand // 2]]
    for hand_rows in hand_ways:
        for group_rows in _halves(groups):
            rows = len(hand_rows) + len(group_rows)
            if not rows:
                continue
            by_h = (area.h - (rows - 1) * ROW_GAP) / rows / cardart.CARD_RATIO
            wide = max([1 + SHOW * (n - 1) for n in hand_rows]
                       + [_units(r) for r in group_rows])
            card_w = int(min(by_h, area.w / wide, most_w))
            if card_w > best.card_w or not best.hand_rows + best.group_rows:
                best = Shape(max(1, card_w), hand_rows, group_rows)
    return best


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
        # what every position holds, once: the layout is made for the whole
        # deal, so nothing moves while the replay steps on
        self.infos = [self._info(st) for st in self.states]
        self.shapes = {(len(st.hands[s]), tuple(len(g) for g in fam.table_groups(st, s)))
                       for st in self.states for s in seats}
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

    # ------------------------------------------------------------ words
    def move_words(self, at: int) -> tuple[str, str]:
        """The count of moves and the move in words at position ``at``."""
        st = self.states[at]
        count = f"Move {at} of {self.total}" if at else f"As dealt · {self.total} moves"
        line = self.lines[at - 1] if at else "Every hand is face up. Next steps on."
        if at == self.total and st.result is not None:
            res = st.result
            who = self.names[res.winner] if res.winner is not None else ""
            line += " " + ("Void deal." if res.void or res.winner is None
                           else "You win the deal." if who == "You" else f"{who} wins the deal.")
        return count, line

    def _info(self, st) -> str:
        table = [c for c in family_of(st.rules).table_cards(st) if c != self.cut]
        words = wild_text(st, self.wild)
        if table:
            words = f"{words}  ·  {len(table)} cards on the table" if words else \
                f"{len(table)} cards on the table"
        return words

    def head(self, st, seat: int) -> str:
        """A seat's name and how it stands (packed, to play, pays 20...)."""
        tags = {"packed": "packed", "dead": "wrong show", "out": "not dealt in"}
        status = st.status[seat]
        head = self.names[seat] + (f" · {tags[status]}" if status in tags else "")
        if st.to_act == seat:
            head += " · to play"
        if st.result is not None:
            row = next((r for r in st.result.seats if r.seat == seat), None)
            if row is not None and row.status == SeatOutcome.WINNER:
                head += " · winner"
            elif row is not None and row.status != SeatOutcome.OUT and row.pays:
                head += f" · pays {row.pays}"  # (a game-point family pays nothing)
        return head

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
        self._enable()
        # a phone on its side has height for little besides the hands: the
        # buttons stand in a column at the right, where width is to spare
        side_w = max(button_width(b.label, m.body, m.pad) for b in self.buttons)
        stacked = len(self.buttons) * (m.button_h + m.pad) + m.pad
        if w > h and h < 480 and stacked <= h and w - side_w > 2 * side_w:
            self.footer = pygame.Rect(w - side_w - 2 * m.pad, 0, side_w + 2 * m.pad, h)
            y = (h - stacked) // 2 + m.pad
            for b in self.buttons:
                b.rect = pygame.Rect(self.footer.x + m.pad, y, side_w, m.button_h)
                y += m.button_h + m.pad
            main = pygame.Rect(m.pad, 0, self.footer.x - m.pad, h)
        else:
            probe = pygame.Rect(m.pad, 0, w - 2 * m.pad, h)
            rows = flow_buttons(self.buttons, probe, m.body, m.button_h, m.pad, m.pad)
            foot_h = rows * m.button_h + (rows - 1) * m.pad + 2 * m.pad
            self.footer = pygame.Rect(0, h - foot_h, w, foot_h)
            flow_buttons(self.buttons, self.footer.inflate(-2 * m.pad, -2 * m.pad), m.body,
                         m.button_h, m.pad, m.pad)
            main = pygame.Rect(m.pad, 0, w - 2 * m.pad, self.footer.y)
        self.main = main
        self.title_h = int(m.body * 1.6) + m.pad
        # the move's count, then its words, as many lines as the longest move takes
        most = max(len(wrap(self.move_words(at)[1], m.small, main.w, bold=True))
                   for at in range(self.total + 1))
        self.move_rect = pygame.Rect(main.x, self.title_h, main.w,
                                     int(m.small * 1.3) + most * int(m.small * 1.2))
        self._place_piles(main)
        top = max(self.piles.bottom, self.info_rect.bottom) + m.pad // 2
        self.seats_area = pygame.Rect(main.x, top, main.w, main.bottom - top - m.pad // 2)
        self.cells = self._cells()

    def _place_piles(self, main: pygame.Rect) -> None:
        """The stock, the cut card and the pile in a row; the wild cards and
        the cards on the table in words beside them, or under them when the
        words need more lines than the cards are tall."""
        m = self.m
        pw = self.pile_w = max(34, min(m.px(64), main.w // 9))
        ph = int(pw * cardart.CARD_RATIO)
        self.piles = pygame.Rect(main.x, self.move_rect.bottom + m.pad // 2, main.w,
                                 ph + int(m.small * 1.4) + 4)
        font = fonts.font(m.small)
        x = main.x + max(pw, font.size(f"Stock {max(len(s.stock) for s in self.states)}")[0])
        x += m.pad
        if self.cut is not None:
            x += max(pw, font.size(self.cut_word)[0]) + m.pad
        fanned = pw + max(8, pw // 3) * 4  # five cards of the pile
        x += max(fanned, font.size(f"Pile {max(len(s.discard) for s in self.states)}")[0])
        x += 2 * m.pad  # clear of the glow
        step = int(m.small * 1.3)
        beside = main.right - x
        infos = [i for i in set(self.infos) if i]
        fits = beside > 40 and all(len(wrap(i, m.small, beside)) * step <= self.piles.h
                                   for i in infos)
        if fits:
            self.info_rect = pygame.Rect(x, self.piles.y, beside, self.piles.h)
        else:
            lines = max((len(wrap(i, m.small, main.w)) for i in infos), default=0)
            self.info_rect = pygame.Rect(main.x, self.piles.bottom, main.w, lines * step)

    def _cells(self) -> list[pygame.Rect]:
        """The seats' panels in the columns that let the smallest card of the
        deal be largest, each wide enough for its seat's name."""
        m = self.m
        n = self.states[0].players
        gap = m.pad // 2
        heads = [max(fonts.font(m.small, True).size(self.head(st, s))[0]
                     for st in self.states) for s in range(n)]
        best: tuple[int, list[pygame.Rect]] | None = None
        for cols in range(1, min(n, MOST_SEAT_COLUMNS) + 1):
            per_col = -(-n // cols)
            cw = (self.seats_area.w - gap * (cols - 1)) // cols
            ch = (self.seats_area.h - gap * (per_col - 1)) // per_col
            if cols > 1 and cw - 12 < max(heads):
                continue  # a name would be cut
            cell = pygame.Rect(0, 0, cw, ch)
            least = min(shape(self._card_area(cell), hand, [[0] * k for k in groups],
                              m.px(120)).card_w
                        for hand, groups in self.shapes)
            if best is None or least > best[0]:
                best = (least, [pygame.Rect(self.seats_area.x + (s // per_col) * (cw + gap),
                                            self.seats_area.y + (s % per_col) * (ch + gap),
                                            cw, ch) for s in range(n)])
        assert best is not None
        return best[1]

    def _card_area(self, cell: pygame.Rect) -> pygame.Rect:
        """A seat's panel less its name line and margins: where its cards go."""
        line = int(self.m.small * 1.35)
        return pygame.Rect(cell.x + 6, cell.y + line + 4, cell.w - 12, cell.h - line - 8)


    def seat_cards(self, st, seat: int, cell: pygame.Rect) -> list[tuple[Card, pygame.Rect]]:
        """(card, rect) for everything a seat's panel shows: its hand, and
        under it the groups it has laid (``Family.table_groups``)."""
        hand = sorted_hand(st.hands[seat])
        groups = [list(g) for g in family_of(st.rules).table_groups(st, seat)]
        area = self._card_area(cell)
        lay = shape(area, len(hand), groups, self.m.px(120))
        card_w = lay.card_w
        card_h = int(card_w * cardart.CARD_RATIO)
        out = []
        y = area.y
        at = 0
        for count in lay.hand_rows:
            # a hand spreads over the row when it has room, fanned when not
            step = card_w + 2 if count == 1 else min(card_w + 2, (area.w - card_w) / (count - 1))
            for k in range(count):
                out.append((hand[at], pygame.Rect(int(area.x + k * step), y, card_w, card_h)))
                at += 1
            y += card_h + ROW_GAP
        for row in lay.group_rows:
            x = float(area.x)
            for group in row:
                for card in group:
                    out.append((card, pygame.Rect(int(x), y, card_w, card_h)))
                    x += card_w * SHOW
                x += card_w * (1 - SHOW) + card_w * MELD_GAP
            y += card_h + ROW_GAP
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
        main = self.main
        title = f"Replay · {variant_title(st.rules)} · deal {st.deal_no}"
        t = fit_text(title, m.body, palette.GOLD, main.w, bold=True)
        surface.blit(t, t.get_rect(midtop=(main.centerx, m.pad // 2)))
        count, line = self.move_words(self.at)
        c = fit_text(count, m.small, palette.TEXT_DIM, self.move_rect.w)
        surface.blit(c, c.get_rect(midtop=(self.move_rect.centerx, self.move_rect.y)))
        y = self.move_rect.y + int(m.small * 1.3)
        for text in wrap(line, m.small, self.move_rect.w, bold=True):
            s = fonts.text(text, m.small, palette.HILITE, True)
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
        words = self.infos[self.at]
        for k, text in enumerate(wrap(words, m.small, self.info_rect.w) if words else ()):
            s = fonts.text(text, m.small, palette.GOLD)
            surface.blit(s, (self.info_rect.x, self.info_rect.y + k * int(m.small * 1.3)))

    def _draw_seat(self, surface, st, seat: int, cell: pygame.Rect, moved: Card | None) -> None:
        m = self.m
        acting = st.to_act == seat
        panel(surface, cell, alpha=190, radius=8,
              edge=palette.GOLD if acting else palette.PANEL_EDGE)
        t = fit_text(self.head(st, seat), m.small, palette.GOLD if acting else palette.TEXT,
                     cell.w - 12, bold=True)
        surface.blit(t, (cell.x + 6, cell.y + 3))
        shine = None
        for card, rect in self.seat_cards(st, seat, cell):
            surface.blit(cardart.face(card, rect.w, wild=self._wild(st, card)), rect)
            if card == moved:
                shine = rect
        if shine is not None:  # over the cards fanned on top of it
            glow(surface, shine, palette.HILITE)
