"""Where everything on the table goes, computed from the window size alone.

Landscape windows put the other players around the top and sides (all in
the top row where a family needs the felt's width); portrait (phone) windows
put them in rows at the top and let the hand wrap onto two rows or more.  A
long hand (more than 14 cards) gets two rows' height on a wide window too.  The action
bar gets exactly the rows its set of buttons takes, and the first deal's
tour a strip over the info line that covers nothing.  What does not fit
gives way in order: the family's lines under the panels, then the hand's
height.  Nothing here draws or knows the game state beyond seat counts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pygame

from game.uikit.art.cardart import CARD_RATIO
from game.uikit.widgets import Metrics, rows_needed

Point = tuple[int, int]
UNITS_PER_ROW = 5.3  # card widths a row of 7 cards in 2-3 groups takes


@dataclass
class SeatSpot:
    rect: pygame.Rect  # the player's panel
    cards: Point  # where this player's cards fly to and from
    # the panel's lines a family's parts fill (``TableRoom.seat_lines``), at its
    # bottom; empty when no part asks for any
    extra: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def body(self) -> pygame.Rect:
        """The panel without the family's lines: name, last move, score."""
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.rect.h - self.extra.h)


@dataclass(frozen=True)
class TableRoom:
    """What the game asks of the layout besides the seat count: the most
    cards a hand holds, and the room the family's parts ask for (lines under
    each other player's panel, room for the bottom seat's own table cards,
    more buttons), the action bar's buttons (their labels: the bar keeps one
    set for the deal, so the rows it needs are known) and a notice strip (the
    first deal's tour) that covers nothing: ``notice`` pixels high, in place
    of the info line and above it."""

    hand_cards: int = 14
    seat_lines: int = 0
    own_lines: int = 0
    extra_buttons: int = 0
    buttons: tuple[str, ...] = ()
    notice: int = 0
    felt_w: int = 0  # the felt's width a part needs (at scale 1): else every seat on top
    felt_lines: int = 0  # lines of text a part puts on the felt besides the piles' names


@dataclass
class TableLayout:
    size: tuple[int, int]
    m: Metrics
    portrait: bool
    compact: bool  # a short landscape window (a phone on its side): one-line info
    top: pygame.Rect
    menu_button: pygame.Rect
    help_button: pygame.Rect
    sound_button: pygame.Rect
    seats: dict[int, SeatSpot]
    stock: pygame.Rect
    cut: pygame.Rect  # the cut card: whole and upright, to the left of the stock
    discard: pygame.Rect
    middle: pygame.Rect  # the open felt between the seats and the info line, piles at its centre
    info: pygame.Rect  # "You", the status message, the count
    buttons: pygame.Rect
    hand: pygame.Rect
    max_card_w: int
    # the bottom seat's own cards on the table (a family's part draws them);
    # empty unless a part asks for ``own_lines``
    own: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    # the notice strip (``TableRoom.notice``) over the info line; empty when none
    notice: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def pile_w(self) -> int:
        return self.stock.w


def _order(players: int, bottom: int, step: int) -> list[int]:
    """The other seats in playing order starting after the bottom seat."""
    return [(bottom + step * r) % players for r in range(1, players)]


# Landscape spots for k opponents, in playing order (counter-clockwise from
# the bottom: the right side first, then the top, then the left).
_LANDSCAPE = {
    1: [(0.5, 0.0)],
    2: [(0.7, 0.0), (0.3, 0.0)],
    3: [(1.0, 0.5), (0.5, 0.0), (0.0, 0.5)],
    4: [(1.0, 0.5), (0.66, 0.0), (0.34, 0.0), (0.0, 0.5)],
    5: [(1.0, 0.5), (0.76, 0.0), (0.5, 0.0), (0.24, 0.0), (0.0, 0.5)],
}

# Portrait rows (far row first), as indices into the playing order, left to right.
_PORTRAIT = {
    1: [[0]],
    2: [[1, 0]],
    3: [[2, 1, 0]],
    4: [[2, 1], [3, 0]],
    5: [[3, 2, 1], [4, 0]],
}


def seat_height(m: Metrics, extra_lines: int = 0) -> int:
    """A seat panel's height: three lines of small text (name, last move,
    score), and ``extra_lines`` more for a family's parts."""
    return (3 + extra_lines) * line_height(m) + max(8, m.pad)


def bar_pad(m: Metrics) -> int:
    """The room on either side of an action bar button's label."""
    return max(6, m.pad * 2 // 3)


def line_height(m: Metrics) -> int:
    """One line of small text on the table."""
    return int(m.small * 1.3)


# card widths a row of the hand takes, by the most cards a row holds
_PORTRAIT_ROWS = ((14, 2), (99, 3))  # up to 14 cards: two rows; more: three


def table_layout(size: tuple[int, int], players: int, bottom: int,
                 clockwise: bool = False, room: TableRoom | None = None,
                 hand_cut: int = 0, all_top: bool = False) -> TableLayout:
    """Where everything goes in a window of ``size``; ``hand_cut`` pixels taken
    from the hand's height where the felt would be too short for the piles,
    ``all_top``: every other seat in the top row (no room for side seats)."""
    w, h = size
    m = Metrics(w, h)
    room = room or TableRoom()
    lh = line_height(m)
    portrait = h > w * 1.05
    pad = m.pad
    icon = max(m.touch, m.px(44))  # the menu, help and sound buttons: finger-sized
    bar = icon + 8
    top = pygame.Rect(0, 0, w, bar)
    menu_button = pygame.Rect(pad // 2, 4, icon, icon)
    sound_button = pygame.Rect(w - pad // 2 - icon, 4, icon, icon)
    help_button = sound_button.move(-icon - pad // 2, 0)

    order = _order(players, bottom, -1 if clockwise else 1)
    k = len(order)
    compact = not portrait and h < 560
    info_h = int(m.small * (1.5 if compact else 2.8))
    if room.buttons:  # the bar's own set: exactly the rows it takes
        button_rows = max(1, rows_needed(list(room.buttons), w - 2 * pad, m.small, m.button_h,
                                         pad // 2, bar_pad(m)))
    else:
        button_rows = 2 if portrait and w < 560 else 1
        if room.extra_buttons:  # the family's buttons: as many more rows as they need
            per_row = 3 if portrait and w < 560 else max(1, (w - 2 * pad) // m.px(118))
            button_rows = max(button_rows, -(-(6 + room.extra_buttons) // per_row))
    buttons_h = button_rows * m.button_h + (button_rows - 1) * (pad // 2)
    long_hand = room.hand_cards > 14  # 21 or 27 cards: two rows on a wide window too
    hand_h = int(h * (0.40 if portrait else 0.30 if compact else 0.40 if long_hand else 0.33))
    if portrait:  # two rows of a 14-card hand (three of a longer one), as wide as
        # the window lets them be
        rows = next(r for most, r in _PORTRAIT_ROWS if room.hand_cards <= most)
        card_w = min(max(40, m.px(128), w // 4), (w - 2 * pad) / (UNITS_PER_ROW + 0.3))
        row_h = int(m.small * 1.45) + int(card_w * CARD_RATIO * 1.14)
        if rows > 2:  # a longer hand: three rows of slightly smaller cards
            hand_h = int(h * 0.48)
            row_h = int(m.small * 1.45) + int(card_w * 0.8 * CARD_RATIO * 1.14)
        hand_h = max(int(h * 0.30), min(hand_h, rows * row_h + pad))
    label = pile_label_height(m)

    seats: dict[int, SeatSpot] = {}
    if portrait or compact:
        # rows at the top, the next player on the right (counter-clockwise); a
        # phone on its side puts its one row in the title bar, between the icons
        rows = _PORTRAIT.get(k, []) if portrait else [list(range(k - 1, -1, -1))]
        if clockwise:
            rows = [row[::-1] for row in rows]
        per_row = max((len(r) for r in rows), default=1)
        ph = seat_height(m, room.seat_lines)
        if compact:
            left, right = menu_button.right + pad // 2, help_button.x - pad // 2
            top = pygame.Rect(0, 0, w, max(bar, ph + 8))
            y = (top.h - ph) // 2
        else:
            left, right = 0, w
            y = top.bottom + pad // 2
        across_w = right - left
        pw = min(m.px(220), (across_w - pad * (per_row + 1)) // max(3 if portrait else 1, per_row))
        for row in rows:
            span = len(row) * pw + (len(row) - 1) * pad
            x = left + (across_w - span) // 2
            for idx in row:
                rect = pygame.Rect(x, y, pw, ph)
                seats[order[idx]] = SeatSpot(rect, (rect.centerx, rect.bottom - ph // 4))
                x += pw + pad
            y += ph + pad // 2
        seats_bottom = max(y, top.bottom + pad // 2)
        side_margin = pad
        # the hand takes what the piles can spare (they keep a small card's room)
        spare = h - seats_bottom - info_h - buttons_h - 2 * pad - (int(48 * CARD_RATIO) + label)
        spare -= room.own_lines * lh + max(0, room.notice - info_h)
        hand_h = max(min(hand_h, spare), int(h * 0.25))
    hand_h -= hand_cut
    hand = pygame.Rect(pad, h - hand_h - pad // 2, w - 2 * pad, hand_h)
    buttons = pygame.Rect(pad, hand.y - buttons_h - pad // 2, w - 2 * pad, buttons_h)
    info = pygame.Rect(pad, buttons.y - info_h - pad // 4, w - 2 * pad, info_h)
    notice = pygame.Rect(0, 0, 0, 0)
    floor = info.y  # what the seats and the piles stand above
    if room.notice:
        notice = pygame.Rect(pad, info.bottom - max(room.notice, info_h), w - 2 * pad,
                             max(room.notice, info_h))
        floor = notice.y
    if not (portrait or compact):
        spots = _LANDSCAPE.get(k, [])
        side_w = min(max(m.px(196), 150), w // 2)
        if all_top or room.felt_w and any(fy for _, fy in spots) and \
                w - 2 * (side_w + 2 * pad) < room.felt_w * m.scale:
            # the felt between side seats would be too narrow: every seat in the top row
            spots = [((i + 0.5) / k, 0.0) for i in range(k)][::-1]
        placed = [(seat, 1.0 - fx if clockwise else fx, fy)
                  for seat, (fx, fy) in zip(order, spots, strict=False)]
        on_top = sorted((fx, seat) for seat, fx, fy in placed if fy == 0.0)
        n_top = max(1, len(on_top))
        slot = (w - 2 * pad) / n_top
        pw = min(max(m.px(196), 150), int(slot) - pad)
        ph = max(m.px(72), seat_height(m)) + room.seat_lines * lh
        for i, (_, seat) in enumerate(on_top):
            rect = pygame.Rect(0, 0, pw, ph)
            rect.midtop = (int(pad + slot * (i + 0.5)), top.bottom + pad // 2)
            seats[seat] = SeatSpot(rect, rect.center)
        top_bottom = top.bottom + pad // 2 + (ph if on_top else 0)
        mid_y = max((top_bottom + floor) // 2, top_bottom + pad // 2 + ph // 2)
        tops = [spot.rect for spot in seats.values()]
        for seat, fx, fy in placed:
            if fy != 0.0:
                rect = pygame.Rect(0, 0, pw, ph)
                rect.center = (pad + pw // 2 if fx == 0.0 else w - pad - pw // 2, mid_y)
                rect.bottom = min(rect.bottom, floor - pad // 2)  # a tall panel stays
                rect.top = max(rect.top, top.bottom + pad // 2)  # clear of the info line
                if rect.collidelist(tops) >= 0:  # no room beside the top row's panels
                    if room.seat_lines > 1:  # fewer lines of the family's under each panel
                        return table_layout(size, players, bottom, clockwise,
                                            dataclasses.replace(room,
                                                                seat_lines=room.seat_lines - 1),
                                            hand_cut)
                    if not hand_cut and hand_h - (ph + pad) >= int(h * 0.22):
                        return table_layout(size, players, bottom, clockwise, room,
                                            ph + pad)  # the hand gives them room
                    if not all_top:  # else every seat in the top row
                        return table_layout(size, players, bottom, clockwise, room,
                                            hand_cut, all_top=True)
                seats[seat] = SeatSpot(rect, rect.center)
        seats_bottom = top_bottom + pad // 2
        side_margin = pw + 2 * pad if any(fy != 0.0 for _, _, fy in placed) else pad

    # the piles, centred in what is left between the seats and the info line:
    # the cut card (whole and upright, beside the stock), the stock, the discard pile
    space = pygame.Rect(side_margin, seats_bottom, w - 2 * side_margin, floor - seats_bottom)
    gap = max(8, pad)
    own_under = room.own_lines and (portrait or space.w < 3 * m.px(200))  # else beside
    least = int(36 * CARD_RATIO) + label + room.felt_lines * lh + (
        room.own_lines * lh + pad // 2 if own_under else 0)
    if space.h < least:  # a small window: fewer lines for the family's parts
        if room.seat_lines > 1:
            return table_layout(size, players, bottom, clockwise,
                                dataclasses.replace(room, seat_lines=room.seat_lines - 1),
                                hand_cut, all_top)
        if room.own_lines > 1:
            return table_layout(size, players, bottom, clockwise,
                                dataclasses.replace(room, own_lines=room.own_lines - 1),
                                hand_cut, all_top)
        if hand_h - (least - space.h) >= int(h * 0.22):
            # the hand gives the piles (and their names) what they lack
            return table_layout(size, players, bottom, clockwise, room,
                                hand_cut + least - space.h, all_top)
    cut, stock, discard = _piles(space, gap, label, m, (w, h))
    own = pygame.Rect(0, 0, 0, 0)
    if room.own_lines:  # the bottom seat's own table cards
        want = m.px(200)
        right = space.right - discard.right - gap - stock.w // 7
        left = cut.x - space.x
        if not portrait and right + left > want + gap:  # a wide felt: right of the piles
            shift = max(0, min(want - right, left - gap))
            for r in (cut, stock, discard):
                r.x -= shift
            x = discard.right + gap + stock.w // 7
            own = pygame.Rect(x, discard.y, space.right - x,
                              max(discard.h, room.own_lines * lh))
        else:  # a strip under the piles
            own_h = room.own_lines * lh + pad // 2
            own = pygame.Rect(space.x, space.bottom - own_h, space.w, own_h)
            space = pygame.Rect(space.x, space.y, space.w, space.h - own_h)
            cut, stock, discard = _piles(space, gap, label, m, (w, h))
    max_card = max(40, m.px(128), w // 4 if portrait else 0)
    for spot in seats.values():
        if room.seat_lines:
            r = spot.rect
            spot.extra = pygame.Rect(r.x, r.bottom - room.seat_lines * lh - max(4, pad // 2),
                                     r.w, room.seat_lines * lh)

    return TableLayout(size=size, m=m, portrait=portrait, compact=compact, top=top,
                       menu_button=menu_button, help_button=help_button,
                       sound_button=sound_button, seats=seats,
                       stock=stock, cut=cut, discard=discard, middle=space, info=info,
                       buttons=buttons, hand=hand, max_card_w=max_card, own=own, notice=notice)


def pile_label_height(m: Metrics) -> int:
    """The room under the piles for their two lines: names, then the wild cards."""
    return int(m.small * 2.7)


def _piles(space: pygame.Rect, gap: int, label: int, m: Metrics,
           size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The cut card, the stock and the discard pile, centred in ``space``
    with ``label`` pixels under them for their names."""
    w, h = size
    pad = m.pad
    pile_w = int(min(space.h - label - pad // 2, space.h * 0.92) / CARD_RATIO)
    across = (space.w - 3 * gap) / (CARD_RATIO + 2.2)  # cut (lying) + stock + pile
    pile_w = max(36, min(pile_w, int(across), max(m.px(118), int(min(w, h) * 0.25))))
    pile_h = int(pile_w * CARD_RATIO)
    cy = space.y + (space.h - label) // 2
    row_w = pile_h + gap + pile_w + gap + int(pile_w * 1.15)
    x0 = space.centerx - row_w // 2
    # the cut card stands upright (a 6 must never read as a 9) in a slot as
    # wide as a card is tall
    cut_w = int(pile_w * 0.85)
    cut = pygame.Rect(0, 0, cut_w, int(cut_w * CARD_RATIO))
    cut.center = (x0 + pile_h // 2, cy)
    stock = pygame.Rect(x0 + pile_h + gap, 0, pile_w, pile_h)
    stock.centery = cy
    discard = pygame.Rect(stock.right + gap + pile_w // 7, 0, pile_w, pile_h)
    discard.centery = cy
    return cut, stock, discard
