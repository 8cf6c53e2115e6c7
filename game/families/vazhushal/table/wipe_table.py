"""Vazhushal's table (RULES.md §7): every player's melds, the spread discard
line, the negative joker by the stock, and the family's events on screen.

- ``WipeTable`` (over the piles): the discard line spread in the felt (the
  table's own pile is not drawn: ``draws_pile``), the bottom seat's melds
  near the hand with a new-meld slot, the other players' melds under their
  panels (a tap on a panel shows everyone's melds whole), captions, the
  wipe being chosen, and the events announced (a wipe, a meld, going out,
  the stock running out, a deal thrown in).  Its input is in
  ``vazhushal_input``, its buttons and status line in ``vazhushal_controls``.
- ``NegativeJoker`` (under the piles): the negative joker face up, tucked
  under the stock's left side, its index showing; dimmed once it has been
  drawn as the last stock card.
- ``WipeOverlay`` (over the hand): the hand's cards a wipe's new meld
  takes, and a card of the bottom seat's melds being dragged.

Everything drawn is public (the melds, the line, the negative joker); of
the hands, only the bottom seat's is ever drawn, by the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Card, Phase
from game.families.vazhushal.actions import Melded, Redealt, StockOut, WentOut, Wiped, WipeDeal
from game.families.vazhushal.table.controls import WipeControls
from game.families.vazhushal.table.draw import (
    INTO_MELD,
    caption,
    draw_line,
    draw_melds,
    draw_new_slot,
    is_wild,
    more_mark,
    shown,
)
from game.families.vazhushal.table.geo import (
    Felt,
    MeldGeo,
    Spread,
    flow_melds,
    most_card,
    own_share,
    place_felt,
    shrink_hand,
    spread,
)
from game.families.vazhushal.table.input import WipeInput
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.anim import Flight
from game.uikit.table.chips import cards_text
from game.uikit.table.layout import line_height
from game.uikit.table.parts import OVER_HAND, OVER_PILES, UNDER_PILES, TablePart
from game.uikit.table.wording import card_text, readable, wild_text
from game.uikit.widgets import panel, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

FRESH = 2.5  # seconds a meld just laid stays framed
SLIDE = 0.32


def deal_of(table: TableScene) -> WipeDeal | None:
    """The bottom seat's view of the family's state (``WipeDeal``), or None."""
    return table.bottom_view().extra


class WipeTable(WipeControls, WipeInput, TablePart):
    layer = OVER_PILES
    seat_lines = 2  # a strip of each other player's melds under their panel
    extra_buttons = 2  # the most the family's buttons add beyond the table's row
    draws_pile = True  # the discard line is spread here, not stacked as a pile

    def __init__(self) -> None:
        self.felt: Felt | None = None
        self.lay = None
        self._line: tuple | None = None  # (key, Spread)
        self._own: tuple | None = None  # (key, MeldGeo)
        self._seats: dict[int, tuple] = {}
        self._share: float | None = None
        self.fresh: dict[int, tuple[frozenset[Card], float]] = {}
        self.init_input()

    # ------------------------------------------------------------ layout
    def layout(self, lay) -> None:
        self.lay = lay
        shrink_hand(lay)
        self._share = None
        self._seats = {}
        self.felt = None
        self._split(None)

    def _split(self, table: TableScene) -> None:
        """Split the felt between the line and the bottom seat's melds by
        what the melds need (again whenever they change)."""
        ex = deal_of(table) if table is not None else None
        sizes = [len(m.cards) for m in ex.melds[table.bottom]] if ex is not None else []
        share = own_share(self.lay, sizes)
        if share != self._share or self.felt is None:
            self._share = share
            self.felt = place_felt(self.lay, share)
            self._line = self._own = None

    def line_geo(self, table: TableScene) -> Spread:
        line = table.state.discard
        key = (len(line), self.lay.size)
        if self._line is None or self._line[0] != key:
            geo = spread(len(line), self.felt.line, most_card(self.lay))
            self._line = (key, geo)
            self.lay.discard = geo.landing.copy()  # a thrown card flies to its place
        return self._line[1]

    def own_geo(self, table: TableScene) -> MeldGeo:
        ex = deal_of(table)
        melds = ex.melds[table.bottom] if ex is not None else ()
        new = not table.demo
        key = (tuple(len(m.cards) for m in melds), self.lay.size, new)
        if self._own is None or self._own[0] != key:
            self._own = (key, flow_melds([len(m.cards) for m in melds], self.felt.own,
                                         most_card(self.lay), new_slot=new))
        return self._own[1]

    def seat_area(self, seat: int) -> pygame.Rect:
        spot = self.lay.seats[seat]
        inset = max(5, self.lay.m.pad // 2)
        return spot.extra.inflate(-2 * inset, 0)

    def seat_geo(self, table: TableScene, seat: int) -> MeldGeo:
        ex = deal_of(table)
        sizes = [len(m.cards) for m in ex.melds[seat]] if ex is not None else []
        area = self.seat_area(seat)
        # leave room for "+N" at the end of the strip
        room = pygame.Rect(area.x, area.y, max(0, area.w - self.lay.m.small * 2), area.h)
        key = (tuple(sizes), self.lay.size)
        got = self._seats.get(seat)
        if got is None or got[0] != key:
            most = max(30, min(52, int(area.h / 0.9)))  # the whole index shows
            got = (key, flow_melds(sizes, room, most, tab_h=area.h))
            self._seats[seat] = got
        return got[1]

    # ------------------------------------------------------------ the loop
    def update(self, dt: float, table: TableScene) -> None:
        self.sync(table)
        self._split(table)
        self.line_geo(table)
        for seat in list(self.fresh):
            cards, left = self.fresh[seat]
            if not table.anim.busy:
                left -= dt
            if left <= 0:
                del self.fresh[seat]
            else:
                self.fresh[seat] = (cards, left)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        ex = deal_of(table)
        if ex is None or self.felt is None:
            return
        lay = self.lay
        m = lay.m
        size = m.small
        wild = table.known_wild
        hidden = table.anim.hidden()
        st = table.state
        line = st.discard
        geo = self.line_geo(table)
        take_from = self.take_from if self.wiping(table) else None
        landing = table.my_turn and st.phase == Phase.DISCARD and (
            table.drag is not None or len(table.selected) == 1)
        head = pygame.Rect(self.felt.line.x, self.felt.line_caption.y,
                           self.felt.line_caption.right - self.felt.line.x,
                           self.felt.line_caption.h)
        words = f"Discard line · {len(line)}"
        if head.w > 520:
            words += " (oldest first)"
        left = fonts.font(size, True).size(words)[0] + 12
        wild_words = self._wild_words(table, self.felt.wild.w or head.w - left)
        if self.felt.wild.w:  # under the stock's count
            t = fonts.text(wild_words, size, palette.GOLD, True)
            surface.blit(t, t.get_rect(topleft=self.felt.wild.topleft))
            wild_words = ""
            if landing:  # the caption's right is free: say what a drop there does
                wild_words = "drop a card here to throw"
        caption(surface, words, head, size, right=wild_words,
                right_color=palette.HILITE if landing and self.felt.wild.w else palette.GOLD)
        draw_line(surface, line, geo, wild, hidden=hidden, take_from=take_from,
                  into=self.wipe_into(table) if take_from is not None else ())
        self._own_melds(surface, table, ex, hidden)
        if take_from is not None:
            self._why_not(surface, table)
        for seat in lay.seats:
            self._seat(surface, table, ex, seat, hidden)

    def _wild_words(self, table: TableScene, room: int) -> str:
        """The wild cards this deal, as long as ``room`` lets them be."""
        text = wild_text(table.state, table.known_wild)
        if not text:
            return ""
        short = text.replace("Wild: ", "").replace(", ", " ").replace(" + jokers", " +JK")
        short = short.replace("printed jokers", "jokers")
        font = fonts.font(self.lay.m.small, True)
        return next((t for t in (text, "Wild: " + short, short + " wild", short)
                     if font.size(t)[0] <= room), short)

    def _own_melds(self, surface, table: TableScene, ex, hidden) -> None:
        m = self.lay.m
        melds = ex.melds[table.bottom]
        geo = self.own_geo(table)
        value = sum(x.value for x in melds)
        who = "Your melds" if not table.demo else f"{table.session.names[table.bottom]}'s melds"
        text = f"{who} · {value} pts" if melds else who
        caption(surface, text, self.felt.own_caption, m.small)
        target = self.drop_hover(table)
        fresh = self.fresh.get(table.bottom, (frozenset(), 0))[0]
        draw_melds(surface, melds, geo, table.known_wild, m.small, hidden=hidden,
                   picked=self.picked, target=target[1] if target and target[0] == "own"
                   else None, fresh=fresh)
        if geo.new.w:
            can = table.my_turn and table.state.phase in (Phase.DISCARD, Phase.FAMILY)
            draw_new_slot(surface, geo.new, m.small, can and bool(table.selected or self.picked),
                          bool(target and target[0] == "new"))
            room = pygame.Rect(geo.new.right + m.pad, geo.new.y,
                               self.felt.own.right - geo.new.right - m.pad, geo.new.h)
            word = fonts.font(m.small).size("sequence.")[0]
            if not melds and room.w >= word:  # the rule a first meld keeps, beside its slot
                y = room.y
                for line in wrap("First meld: a pure sequence.", m.small, max(40, room.w)):
                    t = fonts.text(line, m.small, palette.TEXT_DIM)
                    surface.blit(t, (room.x, y))
                    y += line_height(m)
        if geo.shown < len(melds):
            more_mark(surface, len(melds) - geo.shown, self.felt.own.right - 3 * m.small,
                      self.felt.own.bottom - m.small, m.small)

    def _why_not(self, surface, table: TableScene) -> None:
        """A refused wipe: the engine's whole reason over the person's melds
        (not needed while drawing), where the status line may cut it."""
        _, why = self.wipe_choice(table)
        if not why:
            return
        m = self.lay.m
        box = pygame.Rect(self.felt.own_caption.x, self.felt.own_caption.y,
                          self.felt.own.w, self.felt.own.bottom - self.felt.own_caption.y)
        panel(surface, box, alpha=250, edge=palette.DANGER, radius=8)
        low = card_text(table.state.discard[self.take_from])
        text = readable(why, table.session.names)
        lines = [f"No wipe from {low}:"] + list(wrap(text[:1].upper() + text[1:] + ".",
                                                     m.small, box.w - m.pad))
        y = box.y + m.pad // 2
        for k, line in enumerate(lines):
            if y + line_height(m) > box.bottom:
                break
            t = fonts.text(line, m.small, palette.DANGER if k == 0 else palette.TEXT, k == 0)
            surface.blit(t, (box.x + m.pad // 2, y))
            y += line_height(m)

    def _seat(self, surface, table: TableScene, ex, seat, hidden) -> None:
        m = self.lay.m
        area = self.seat_area(seat)
        melds = ex.melds[seat]
        if not area.h:
            return
        if not melds:
            t = fonts.text("No melds yet", m.small, palette.TEXT_DIM)
            surface.blit(t, t.get_rect(midleft=(area.x, area.centery)))
            return
        geo = self.seat_geo(table, seat)
        fresh = self.fresh.get(seat, (frozenset(), 0))[0]
        draw_melds(surface, melds, geo, table.known_wild, m.small, hidden=hidden, fresh=fresh,
                   tags=False)
        if geo.shown < len(melds):
            last = max((s.right for s in geo.spans if s.w), default=area.x)
            more_mark(surface, len(melds) - geo.shown, last + 4, area.y + area.h // 2, m.small)

    # ------------------------------------------------------------ events
    def on_events(self, events, table: TableScene) -> None:
        self.sync(table, force=True)
        self._split(table)
        for ev in events:
            if isinstance(ev, Wiped):
                self._wiped(ev, table)
            elif isinstance(ev, Melded):
                if ev.laid:
                    self.fresh[ev.seat] = (frozenset(ev.laid), FRESH * max(table.speed, 0.5))
                    self._fly_to_melds(table, ev.seat, ev.laid)
            elif isinstance(ev, WentOut):
                table.announce(f"{table._who(ev.seat)} went out!", palette.GOLD,
                               table._banner_time(), sub="every card melded but the last")
            elif isinstance(ev, StockOut):
                table.announce("The stock is out", palette.HILITE, table._banner_time() * 1.5,
                               sub="everyone lays down what they can, then the scores")
            elif isinstance(ev, Redealt):
                who = ", ".join(table._who(s) for s in ev.seats)
                table.announce("Deal thrown in", palette.TEXT, table._banner_time(),
                               sub=f"{who}: three pairs; the cards are dealt again")
        self.line_geo(table)

    def _wiped(self, ev: Wiped, table: TableScene) -> None:
        n = len(ev.taken)
        laid = " | ".join(cards_text([c for c, _ in shown(m)]) for m in ev.melds)
        table.announce(f"{table._who(ev.seat)} wiped {n} card{'s' if n != 1 else ''}",
                       palette.GOLD, table._banner_time(), sub=f"new meld: {laid}")
        table.app.play("draw")
        laid_cards = {c for m in ev.melds for c in m.cards}
        self.fresh[ev.seat] = (frozenset(laid_cards), FRESH * max(table.speed, 0.5))
        # the cards fly from their places in the line as it was before the wipe
        before = len(table.state.discard) + n
        geo = spread(before, self.felt.line, most_card(self.lay))
        start = len(table.state.discard)
        for k, card in enumerate(ev.taken):
            src = geo.slots[start + k].center
            if card in laid_cards:
                dst = self._meld_point(table, ev.seat, card)
            elif ev.seat == table.bottom:
                rect = table.slot_of.get(card)
                dst = rect.center if rect else self.lay.hand.center
            else:
                dst = table.seat_point(ev.seat)
            table.anim.fly(Flight(card, src, dst, geo.card_w, max(24, geo.card_w * 3 // 4),
                                  SLIDE * table.speed, 0.04 * k * table.speed,
                                  wild=is_wild(card, table.known_wild), hide=card))

    def _meld_point(self, table: TableScene, seat: int, card: Card) -> tuple[int, int]:
        ex = deal_of(table)
        if seat == table.bottom:
            geo = self.own_geo(table)
        elif seat in self.lay.seats:
            geo = self.seat_geo(table, seat)
        else:
            return table.seat_point(seat)
        for g, i, rect in geo.slots:
            if g < len(ex.melds[seat]) and shown(ex.melds[seat][g])[i][0] == card:
                return rect.center
        return table.seat_point(seat)

    def _fly_to_melds(self, table: TableScene, seat: int, laid) -> None:
        """Cards laid from a hand slide to their melds (from the panel of a
        player, from the bottom seat's hand)."""
        for k, card in enumerate(laid):
            if seat == table.bottom:
                rect = table.slot_of.get(card)
                src = rect.center if rect else self.lay.hand.center
            else:
                src = table.seat_point(seat)
            dst = self._meld_point(table, seat, card)
            table.anim.fly(Flight(card, src, dst, self.lay.pile_w // 2,
                                  max(24, self.lay.pile_w // 2), SLIDE * table.speed,
                                  0.04 * k * table.speed, wild=is_wild(card, table.known_wild),
                                  hide=card))


class NegativeJoker(TablePart):
    """The negative joker, face up and tucked under the stock's left side."""

    layer = UNDER_PILES

    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        ex = deal_of(table)
        if ex is None:
            return
        lay = table.layout
        m = lay.m
        rect = lay.cut
        card = ex.negative
        img = cardart.face(card, rect.w)
        drawn = table.state.rules.negative_joker_drawn and not table.state.stock
        if drawn:  # drawn as the last stock card: only a faint reminder stays
            img = img.copy()
            img.set_alpha(90)
        surface.blit(img, rect)
        # named over it, in the caption line (as much of the name as fits)
        room = lay.stock.right - rect.x
        font = fonts.font(m.small, True)
        word = next((w for w in ("Negative joker", "Neg. joker", "Negative", "Neg.")
                     if font.size(w)[0] <= room), "Neg.")
        t = fonts.text(word, m.small, palette.GOLD, True)
        surface.blit(t, t.get_rect(bottomleft=(rect.x, rect.y - 2)))

    def wild_line(self, table: TableScene) -> str:
        return ""  # ``WipeTable`` names the wild cards under the stock itself


class WipeOverlay(TablePart):
    """Over the hand: the hand's cards a wipe's new meld takes (framed in
    green), and a card of the bottom seat's melds being dragged."""

    layer = OVER_HAND

    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        main = next((p for p in table.parts if isinstance(p, WipeTable)), None)
        if main is None:
            return
        if main.wiping(table):
            geo = table.geometry()
            into = main.wipe_into(table)
            slots = geo.slots
            for k, (gi, ci, rect) in enumerate(slots):
                card = table.arr.groups[gi][ci]
                if card not in into:
                    continue
                # frame the part of the card that shows (the next one covers the rest)
                nxt = slots[k + 1][2] if k + 1 < len(slots) and slots[k + 1][0] == gi else None
                w = min(rect.w, nxt.x - rect.x) if nxt is not None else rect.w
                r = pygame.Rect(rect.x, rect.y, max(8, w), rect.h)
                if card in table.selected:
                    r = r.move(0, -geo.lift)
                pygame.draw.rect(surface, INTO_MELD, r.inflate(4, 4), 3,
                                 border_radius=max(3, rect.w // 10))
        card = main.dragging
        if card is not None:
            geo = main.own_geo(table)
            w = geo.card_w
            img = cardart.face(card, w, wild=is_wild(card, table.known_wild))
            x, y = main.drag_pos
            surface.blit(img, img.get_rect(center=(x, y - w // 3)))

