"""Mouse, touch and keyboard on the table: taps select and press, drags
reorder the hand, draw from a pile or throw onto the pile.  Every game move
goes through ``TableScene.act`` (checked by the engine); no rules live here.
A component of ``TableScene`` (its ``input``): it keeps what a press or a
drag is doing, and sends commands to the table's ``commands``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.hand import HandError
from game.engine import Card, Discard, DrawDiscard, DrawStock, Phase
from game.uikit.art import palette
from game.uikit.widgets.metrics import TAP_SLOP

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class TableInput:
    """The pointer and the keys on ``table`` (its layout, hand and commands)."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.press: tuple[str, object, tuple[int, int]] | None = None
        self.drag: Card | None = None  # a card of the hand being dragged
        self.drag_pile: str | None = None  # "stock" / "pile" being dragged to the hand
        self.drag_pos = (0, 0)
        self.drag_offset = (0, 0)
        self.hover: tuple[int, int] = (-1, -1)
        self.kb_active = False  # show the keyboard cursor once the arrows are used

    def cancel_drag(self) -> None:
        self.press = None
        self.drag = None
        self.drag_pile = None

    # ------------------------------------------------------------ dispatch
    def handle_event(self, event: pygame.event.Event) -> bool:
        table = self.table
        for part in table.parts:  # the family's parts first (``parts.TablePart``)
            if part.handle_event(event, table):
                return True
        handler = _MOUSE.get(event.type)
        if handler is not None:
            return handler(self, event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    # ------------------------------------------------------------ hit tests
    def card_at(self, pos) -> Card | None:
        t = self.table
        geo = t.geometry()
        hidden = t.anim.hidden()
        for gi, ci, rect in reversed(geo.slots):  # the topmost card first
            card = t.arr.groups[gi][ci]
            if card in hidden:
                continue
            r = rect.move(0, -geo.lift) if card in t.selected else rect
            if r.collidepoint(pos):
                return card
        return None

    def target_at(self, pos) -> tuple[str, object]:
        lay = self.table.layout
        for b in self.table.current_buttons():
            if b.rect.collidepoint(pos):
                return ("button", b)
        for name in ("menu_button", "help_button", "sound_button"):
            if getattr(lay, name).collidepoint(pos):
                return (name, None)
        card = self.card_at(pos)
        if card is not None:
            return ("card", card)
        if lay.stock.collidepoint(pos) or lay.cut.collidepoint(pos):
            return ("stock", None)
        if lay.discard.collidepoint(pos):
            return ("pile", None)
        return ("felt", None)

    # ------------------------------------------------------------ mouse
    def _down(self, event) -> bool:
        if event.button != 1:
            return False
        self.kb_active = False
        kind, obj = self.target_at(event.pos)
        self.press = (kind, obj, event.pos)
        if kind == "card":
            rect = self.table.slot_of.get(obj)
            if rect is not None:
                self.drag_offset = (rect.x - event.pos[0], rect.y - event.pos[1])
        return True

    def _motion(self, event) -> bool:
        t = self.table
        self.hover = event.pos
        if self.press is None:
            return False
        kind, obj, start = self.press
        self.drag_pos = event.pos
        far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > TAP_SLOP
        if far and self.drag is None and self.drag_pile is None and not t.demo:
            if kind == "card":
                self.drag = obj
            elif kind in ("stock", "pile") and t.my_turn and t.state.phase == Phase.DRAW:
                self.drag_pile = kind
                lay = t.layout
                self.drag_offset = (-lay.pile_w // 2, -int(lay.pile_w * 0.7))
        return True

    def _up(self, event) -> bool:
        if event.button != 1 or self.press is None:
            return False
        kind, obj, start = self.press
        self.press = None
        if self.drag is not None:
            card, self.drag = self.drag, None
            self._drop_card(card, event.pos)
            return True
        if self.drag_pile is not None:
            pile, self.drag_pile = self.drag_pile, None
            hand = self.table.layout.hand
            if hand.inflate(0, hand.h // 2).collidepoint(event.pos):
                t = self.table
                # the card lands where it was dropped, not in a group of its own at the right
                t.landing = (t.state.deal_no, len(t.session.actions),
                             self.drop_target(None, event.pos), event.pos)
                if not t.act(DrawStock() if pile == "stock" else DrawDiscard()):
                    t.landing = None  # refused: a tapped draw later lands at the right
            return True
        if self.target_at(event.pos)[:2] != (kind, obj):
            return True  # released somewhere else: a cancelled tap
        _TAPS[kind](self, obj)
        return True

    # ------------------------------------------------------------ taps
    def _tap_button(self, button) -> None:
        if button.enabled:
            self.table.app.play("click")
            button.on_click()
        elif button.why:  # a greyed button says what it waits for
            self.table.say(button.why, palette.HILITE)

    def _tap_card(self, card: Card) -> None:
        t = self.table
        if t.demo:
            return
        if card in t.selected:
            t.selected.remove(card)
        else:
            t.selected.append(card)
        cards = t.arr.cards()
        if card in cards:
            t.cursor = cards.index(card)

    def _tap_stock(self, _obj) -> None:
        if not self.table.demo:
            self.table.act(DrawStock())

    def _tap_pile(self, _obj) -> None:
        t = self.table
        if t.demo or not t.my_turn:
            t.commands.show_discards()  # between turns a tap on the pile shows all of it
        elif t.state.phase == Phase.DISCARD:
            t.commands.discard_chosen()
        else:
            t.act(DrawDiscard())

    def _tap_felt(self, _obj) -> None:
        self.table.selected = []

    # ------------------------------------------------------------ dropping
    def _drop_card(self, card: Card, pos) -> None:
        t = self.table
        if card not in t.hand or t.arr.find(card) is None:
            return  # it left the hand while held (thrown with the keys, the deal ended)
        lay = t.layout
        if lay.discard.inflate(lay.pile_w // 2, lay.pile_w // 2).collidepoint(pos):
            if t.act(Discard(card)):
                return
        if not lay.hand.inflate(lay.m.pad * 2, lay.hand.h // 3).collidepoint(pos):
            return  # dropped on the felt: the card goes back
        carried = self.carried(card)
        where = self.drop_target(card, pos, carried)
        try:
            if len(carried) > 1:  # the raised cards go together, in the hand's order
                t.arr.place(carried, where)
                t.selected = []
            elif where[0] == "group":
                t.arr.move(card, where[1], where[2])
            else:
                t.arr.new_group(card, where[1])
        except HandError as exc:
            t.say(str(exc), palette.DANGER)
            return
        t.app.mark_dirty()

    def carried(self, card: Card | None) -> list[Card]:
        """The cards a drag of ``card`` moves: every raised card, in the
        hand's order, when it is one of several raised; else the card alone
        (none for a card not yet in the hand)."""
        if card is None:
            return []
        selected = self.table.selected
        if card in selected and len(selected) > 1:
            return [c for c in self.table.arr.cards() if c in selected]
        return [card]

    def drop_target(self, card: Card | None, pos, carried: Sequence[Card] = ()) -> tuple:
        """("group", g, index) to join group g at index (counted without the
        card and the others ``carried`` with it; None: a card not yet in the
        hand), or ("new", position) to start a group before ``position``."""
        skip = {card, *carried}
        geo = self.table.geometry()
        if not geo.rows or not self.table.arr.groups:
            return ("new", 0)
        row = min(range(len(geo.row_rects)),
                  key=lambda i: 0 if geo.row_rects[i].top <= pos[1] < geo.row_rects[i].bottom
                  else min(abs(pos[1] - geo.row_rects[i].top),
                           abs(pos[1] - geo.row_rects[i].bottom)))
        groups = geo.rows[row]
        reach = max(2, geo.gap // 3)
        x = pos[0]
        for n, g in enumerate(groups):
            span = geo.spans[g]
            if x < span.left - reach:
                return ("new", g)
            if x <= span.right + reach:
                index = sum(1 for gi, ci, rect in geo.slots
                            if gi == g and self.table.arr.groups[g][ci] not in skip
                            and rect.centerx < x)
                return ("group", g, index)
            if n == len(groups) - 1:
                return ("new", g + 1)
        return ("new", len(self.table.arr.groups))

    # ------------------------------------------------------------ keyboard
    def _key(self, event) -> bool:
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.kb_active = True
            (self._shift_card if shift else self._move_cursor)(step)
            return True
        name = _KEYS.get(event.key)
        if name is None:
            return False
        if self.table.demo and name not in ("open_pause", "open_help", "show_discards"):
            return True
        (getattr(self, name) if name in _OWN_KEYS else getattr(self.table.commands, name))()
        return True

    def _move_cursor(self, step: int) -> None:
        n = len(self.table.arr.cards())
        if n:
            self.table.cursor = (self.table.cursor + step) % n

    def _shift_card(self, step: int) -> None:
        """Move the cursor's card one place, crossing into the next group at an edge."""
        t = self.table
        arr = t.arr
        cards = arr.cards()
        if not cards or t.demo:
            return
        card = cards[t.cursor % len(cards)]
        gi, ci = arr.find(card)
        size = len(arr.groups[gi])
        if 0 <= ci + step < size:
            arr.move(card, gi, ci + step)
        elif 0 <= gi + step < len(arr.groups):
            target = gi + step
            if size == 1:
                arr.move(card, target, 0 if step > 0 else len(arr.groups[target]))
            else:
                try:
                    arr.new_group(card, gi + (1 if step > 0 else 0))
                except HandError as exc:
                    t.say(str(exc), palette.DANGER)
        t.cursor = arr.cards().index(card)
        t.app.mark_dirty()

    def toggle_cursor(self) -> None:
        cards = self.table.arr.cards()
        if cards:
            self._tap_card(cards[self.table.cursor % len(cards)])

    def _tap_menu(self, _obj) -> None:
        self.table.commands.open_pause()

    def _tap_help(self, _obj) -> None:
        self.table.commands.open_help()

    def _tap_sound(self, _obj) -> None:
        self.table.app.toggle_mute()


_MOUSE = {
    pygame.MOUSEBUTTONDOWN: TableInput._down,
    pygame.MOUSEMOTION: TableInput._motion,
    pygame.MOUSEBUTTONUP: TableInput._up,
}

_TAPS = {
    "button": TableInput._tap_button,
    "card": TableInput._tap_card,
    "stock": TableInput._tap_stock,
    "pile": TableInput._tap_pile,
    "felt": TableInput._tap_felt,
    "menu_button": TableInput._tap_menu,
    "help_button": TableInput._tap_help,
    "sound_button": TableInput._tap_sound,
}

_OWN_KEYS = {"toggle_cursor"}  # the rest are the table's ``commands``
_KEYS = {
    pygame.K_SPACE: "toggle_cursor",
    pygame.K_d: "draw_stock",
    pygame.K_t: "take_discard",
    pygame.K_x: "discard_chosen",
    pygame.K_DELETE: "discard_chosen",
    pygame.K_r: "ask_declare",
    pygame.K_p: "ask_pack",
    pygame.K_g: "group_selected",
    pygame.K_a: "arrange",
    pygame.K_s: "sort_suits",
    pygame.K_n: "sort_ranks",
    pygame.K_ESCAPE: "open_pause",
    pygame.K_AC_BACK: "open_pause",
    pygame.K_h: "open_help",
    pygame.K_v: "show_discards",
    pygame.K_F1: "open_help",
}
