"""Vazhushal's table (RULES.md §7): every player's melds, the spread discard
line, the negative joker by the stock, and the family's events on screen.

- ``WipeTable`` (over the piles): the discard line spread in the felt (the
  table's own pile is not drawn: ``draws_pile``), the bottom seat's melds
  near the hand with a new-meld slot, the other players' melds under their
  panels (a tap on a panel shows everyone's melds whole), captions, the
  wipe being chosen, and the events announced (a wipe, a meld, going out,
  the stock running out, a deal thrown in).  It paints; its components do
  the rest: ``places`` (where things go), ``choice`` (the wipe being chosen,
  the cards picked), ``controls`` (commands, buttons, status line),
  ``input`` (taps and drags) and ``events`` (the family's events shown).
- ``NegativeJoker`` (under the piles): the negative joker face up, tucked
  under the stock's left side, its index showing; dimmed once it has been
  drawn as the last stock card.
- ``WipeOverlay`` (over the hand): the hand's cards a wipe's new meld
  takes, and a card of the bottom seat's melds being dragged.

Everything drawn is public (the melds, the line, the negative joker); of
the hands, only the bottom seat's is ever drawn, by the table.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.engine import Phase
from game.families.vazhushal.actions import Finish, GoOut, LayDown, LayMeld, Wipe
from game.families.vazhushal.table.choice import WipeChoice
from game.families.vazhushal.table.controls import WipeControls, shown_cards
from game.families.vazhushal.table.draw import (
    INTO_MELD,
    caption,
    draw_line,
    draw_melds,
    draw_new_slot,
    is_wild,
    more_mark,
)
from game.families.vazhushal.table.events import WipeEvents
from game.families.vazhushal.table.input import WipeInput
from game.families.vazhushal.table.places import FeltPlaces, deal_of
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.chips import flow_chips
from game.uikit.table.layout import line_height
from game.uikit.table.parts import OVER_HAND, OVER_PILES, UNDER_PILES, TablePart
from game.uikit.table.wording import card_text, readable, wild_text
from game.uikit.widgets import Button, panel, wrap

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


TAB_READS = 40  # the narrowest card top whose index a player reads at a glance


# the button a hinted move of the family's own is made with
HINT_BUTTONS = {LayMeld: "meld", LayDown: "lay_down", GoOut: "go_out", Finish: "finish_best"}


class WipeTable(TablePart):
    """The felt of Vazhushal's table, holding one component per job: where
    things go (``places``), the choice being made (``choice``), the commands,
    buttons and status line (``controls``), the gestures (``input``) and the
    family's events (``events``); it paints the line and the melds itself."""

    layer = OVER_PILES
    seat_lines = 2  # a strip of each other player's melds under their panel
    extra_buttons = 3  # the family's three (``controls``), in their places all deal
    draws_pile = True  # the discard line is spread here, not stacked as a pile
    felt_w = 640  # the line and the bottom seat's melds side by side

    def __init__(self) -> None:
        self.places = FeltPlaces()
        self.choice = WipeChoice()
        self.controls = WipeControls(self.choice)
        self.input = WipeInput(self.places, self.choice, self.controls)
        self.events = WipeEvents(self.places)

    def sync(self, table: TableScene, force: bool = False) -> None:
        """Choices belong to one position: a move (or ``force``) drops them."""
        if self.choice.sync(table, force):
            self.input.dragging = None

    # ------------------------------------------------------------ the table's hooks
    def layout(self, lay) -> None:
        self.places.layout(lay)

    def update(self, dt: float, table: TableScene) -> None:
        self.sync(table)
        self.places.split(table)
        self.places.line_geo(table)
        self.events.update(dt, table)

    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        return self.input.handle_event(event, table)

    def on_pause(self, table: TableScene) -> None:
        self.input.press = None  # a meld's card held: let go, never dropped at the next tap
        self.input.dragging = None

    def buttons(self, table: TableScene) -> list[Button]:
        return self.controls.buttons(table)

    def status(self, table: TableScene) -> tuple[str, tuple[int, int, int]] | None:
        return self.controls.status(table)

    def hint_target(self, table: TableScene, action) -> pygame.Rect | None:
        """The line card a hinted wipe starts from (the part of it that
        shows), or the button of a hinted lay-down, going out or finish."""
        if isinstance(action, Wipe):
            line = table.state.discard
            if action.card not in line:
                return None
            geo = self.places.line_geo(table)
            i = line.index(action.card)
            rect = geo.slots[i]
            nxt = geo.slots[i + 1] if i + 1 < len(line) else None
            if nxt is not None and nxt.y == rect.y and nxt.x > rect.x:
                rect = pygame.Rect(rect.x, rect.y, max(8, min(rect.w, nxt.x - rect.x)), rect.h)
            return rect
        key = HINT_BUTTONS.get(type(action))
        if isinstance(action, Finish) and not action.lay_best:
            key = "finish"
        return next((b.rect for b in table.buttons if key and b.key == key), None)

    def banner_area(self, table: TableScene) -> pygame.Rect | None:
        """Over the discard line, never over the person's melds (a wipe's
        banner is read while its cards fly into them)."""
        felt = self.places.felt
        if felt is None:
            return None
        return pygame.Rect(felt.line_caption.x, felt.line_caption.y, felt.line_caption.w,
                           felt.line.bottom - felt.line_caption.y)

    def on_events(self, events, table: TableScene) -> None:
        self.sync(table, force=True)
        self.places.split(table)
        self.events.show(events, table)
        self.places.line_geo(table)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, table: TableScene) -> None:
        ex = deal_of(table)
        felt = self.places.felt
        if ex is None or felt is None:
            return
        lay = self.places.lay
        m = lay.m
        size = m.small
        wild = table.known_wild
        hidden = table.anim.hidden()
        st = table.state
        line = st.discard
        geo = self.places.line_geo(table)
        take_from = self.choice.take_from if self.choice.wiping(table) else None
        landing = table.my_turn and st.phase == Phase.DISCARD and (
            table.input.drag is not None or len(table.selected) == 1)
        head = pygame.Rect(felt.line.x, felt.line_caption.y,
                           felt.line_caption.right - felt.line.x, felt.line_caption.h)
        words = f"Discard line · {len(line)}"
        if head.w > 520:
            words += " (oldest first)"
        left = fonts.font(size, True).size(words)[0] + 12
        wild_words = self._wild_words(table, felt.wild.w or head.w - left)
        if felt.wild.w:  # under the stock's count
            t = fonts.text(wild_words, size, palette.GOLD, True)
            surface.blit(t, t.get_rect(topleft=felt.wild.topleft))
            wild_words = ""
            if landing:  # the caption's right is free: say what a drop there does
                wild_words = "drop a card here to throw"
        caption(surface, words, head, size, right=wild_words,
                right_color=palette.HILITE if landing and felt.wild.w else palette.GOLD)
        draw_line(surface, line, geo, wild, hidden=hidden, take_from=take_from,
                  into=self.choice.wipe_into(table) if take_from is not None else ())
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
        # one rank in two suits reads as the rank once: "10♠ 10♣" -> "10♠♣"
        merged = re.sub(r"(\w+)([♠♥♦♣]) \1([♠♥♦♣])", r"\1\2\3", short)
        font = fonts.font(self.places.lay.m.small, True)
        return next((t for t in (text, "Wild: " + short, short + " wild", short, merged)
                     if font.size(t)[0] <= room), merged)

    def _own_melds(self, surface, table: TableScene, ex, hidden) -> None:
        m = self.places.lay.m
        felt = self.places.felt
        picked = self.choice.picked
        melds = ex.melds[table.bottom]
        geo = self.places.own_geo(table)
        value = sum(x.value for x in melds)
        who = "Your melds" if not table.demo else f"{table.session.names[table.bottom]}'s melds"
        text = f"{who} · {value} pts" if melds else who
        caption(surface, text, felt.own_caption, m.small)
        target = self.input.drop_hover(table)
        fresh = self.events.fresh.get(table.bottom, (frozenset(), 0))[0]
        draw_melds(surface, melds, geo, table.known_wild, m.small, hidden=hidden,
                   picked=picked, target=target[1] if target and target[0] == "own"
                   else None, fresh=fresh)
        if geo.new.w:
            can = table.my_turn and table.state.phase in (Phase.DISCARD, Phase.FAMILY)
            draw_new_slot(surface, geo.new, m.small, can and bool(table.selected or picked),
                          bool(target and target[0] == "new"))
            room = pygame.Rect(geo.new.right + m.pad, geo.new.y,
                               felt.own.right - geo.new.right - m.pad, geo.new.h)
            word = fonts.font(m.small).size("sequence.")[0]
            if not melds and room.w >= word:  # the rule a first meld keeps, beside its slot
                y = room.y
                for line in wrap("First meld: a pure sequence.", m.small, max(40, room.w)):
                    t = fonts.text(line, m.small, palette.TEXT_DIM)
                    surface.blit(t, (room.x, y))
                    y += line_height(m)
        if geo.shown < len(melds):
            more_mark(surface, len(melds) - geo.shown, felt.own.right - 3 * m.small,
                      felt.own.bottom - m.small, m.small)

    def _why_not(self, surface, table: TableScene) -> None:
        """A refused wipe: the engine's whole reason over the person's melds
        (not needed while drawing), where the status line may cut it."""
        _, why = self.choice.wipe_choice(table)
        if not why:
            return
        m = self.places.lay.m
        felt = self.places.felt
        box = pygame.Rect(felt.own_caption.x, felt.own_caption.y, felt.own.w,
                          felt.own.bottom - felt.own_caption.y)
        panel(surface, box, alpha=250, edge=palette.DANGER, radius=8)
        low = card_text(table.state.discard[self.choice.take_from])
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
        m = self.places.lay.m
        area = self.places.seat_area(seat)
        melds = ex.melds[seat]
        if not area.h:
            return
        if not melds:
            t = fonts.text("No melds yet", m.small, palette.TEXT_DIM)
            surface.blit(t, t.get_rect(midleft=(area.x, area.centery)))
            return
        geo = self.places.seat_geo(table, seat)
        if geo.card_w < TAB_READS or geo.shown < len(melds):
            # too narrow for card tops whose index reads: the melds as chips of text
            lh = line_height(m)
            edges = [palette.OK if x.pure else palette.WILD for x in melds]
            flow_chips(surface, [shown_cards(x) for x in melds],
                       pygame.Rect(area.x, area.y, area.w, area.h), m.small, lh,
                       edges=edges, wild=table.known_wild, compact=True)
            return
        fresh = self.events.fresh.get(seat, (frozenset(), 0))[0]
        draw_melds(surface, melds, geo, table.known_wild, m.small, hidden=hidden, fresh=fresh,
                   tags=False)
        if geo.shown < len(melds):
            last = max((s.right for s in geo.spans if s.w), default=area.x)
            more_mark(surface, len(melds) - geo.shown, last + 4, area.y + area.h // 2, m.small)


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
        if main.choice.wiping(table):
            geo = table.geometry()
            into = main.choice.wipe_into(table)
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
        card = main.input.dragging
        if card is not None:
            geo = main.places.own_geo(table)
            w = geo.card_w
            img = cardart.face(card, w, wild=is_wild(card, table.known_wild))
            x, y = main.input.drag_pos
            surface.blit(img, img.get_rect(center=(x, y - w // 3)))

