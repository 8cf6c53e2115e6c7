"""A person's hands on Vazhushal's table (RULES.md §7): taps and drags on the
discard line and on the melds.  A component of ``WipeTable`` (its
``input``): it keeps what a press or a drag is doing, finds what was hit in
the part's ``places``, and asks the part's ``controls`` for the moves (its
buttons and status line are there too); the wipe being chosen is the
part's ``choice``.  Every move goes through ``table.act`` (the engine
checks it and says why not), built by ``moves``.

- **Wipe.**  On your turn to draw, tap a card of the line: it and every card
  after it rise, framed in gold; the cards that go into the new meld (in the
  line and in your hand) are framed in green, and the status line says the
  meld, or why the engine refuses the wipe.  "◀ More" and "Fewer ▶" move the
  lowest card one place (a finger cannot always hit a narrow card), raising
  cards of your hand makes the meld of those (O goes through the engine's
  other melds for it); "Wipe N" (or W) plays it; tapping the chosen card
  again (or Esc) drops it.  T starts a wipe of the top card.
- **Melds.**  After drawing: raise cards and tap "New meld" (or press Meld,
  or drag a raised card there) to lay a meld; drag a card onto one of your
  melds, or raise cards and tap the meld, to lay off.  Rearranging: tap
  cards of your melds to pick them, then tap another meld of yours (or New
  meld); or drag one card from meld to meld.
- **Throw.**  Drag a card onto the line, or tap the line with one card
  raised (the table's Discard button works too).
- A tap on another player's panel (or on the caption of your melds) shows
  everyone's melds whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Card, Discard, Phase
from game.families.vazhushal.table.choice import WipeChoice
from game.families.vazhushal.table.controls import WipeControls
from game.families.vazhushal.table.draw import shown
from game.families.vazhushal.table.geo import LINE_LIFT
from game.families.vazhushal.table.moves import new_meld, onto_meld, out_of_melds
from game.families.vazhushal.table.places import FeltPlaces
from game.uikit.widgets.metrics import TAP_SLOP

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


class WipeInput:
    """Taps, drags and keys on the line and the melds."""

    def __init__(self, places: FeltPlaces, choice: WipeChoice, controls: WipeControls) -> None:
        self.places = places
        self.choice = choice
        self.controls = controls
        self.press: tuple | None = None  # (what was pressed, where)
        self.dragging: Card | None = None  # a card of the bottom seat's melds
        self.drag_pos = (0, 0)

    def sync(self, table: TableScene) -> None:
        """A move drops the choices, and a drag of a meld's card with them."""
        if self.choice.sync(table):
            self.dragging = None

    # ------------------------------------------------------------ hit tests
    def hit(self, table: TableScene, pos) -> tuple | None:
        ex = table.bottom_view().extra
        line = table.state.discard
        geo = self.places.line_geo(table)
        lift = LINE_LIFT
        for i in range(len(line) - 1, -1, -1):
            r = geo.slots[i]
            if self.choice.take_from is not None and i >= self.choice.take_from:
                r = r.union(r.move(0, -lift))
            if r.collidepoint(pos):
                return ("line", i)
        if geo.landing.collidepoint(pos):
            return ("landing", None)
        own = self.places.own_geo(table)
        melds = ex.melds[table.bottom]
        for g, i, r in reversed(own.slots):
            if g < len(melds) and r.union(r.move(0, -own.card_h // 10)).collidepoint(pos):
                return ("own", (g, i))
        if own.new.w and own.new.collidepoint(pos):
            return ("new", None)
        for g, span in enumerate(own.spans):
            if span.w and span.inflate(8, 8).collidepoint(pos):
                return ("own", (g, None))
        if self.places.felt.own_caption.collidepoint(pos):
            return ("own_all", None)
        for seat, spot in self.places.lay.seats.items():
            if spot.rect.collidepoint(pos):
                return ("seat", seat)
        return None

    def drop_at(self, table: TableScene, pos) -> tuple | None:
        """Where a dragged card would go: ("new",), ("own", meld), ("line",)."""
        own = self.places.own_geo(table)
        if own.new.w and own.new.inflate(16, 16).collidepoint(pos):
            return ("new", None)
        for g, span in enumerate(own.spans):
            if span.w and span.inflate(12, 16).collidepoint(pos):
                return ("own", g)
        places = self.places
        if places.felt.line.collidepoint(pos) or places.lay.discard.collidepoint(pos):
            return ("line", None)
        return None

    def drop_hover(self, table: TableScene) -> tuple | None:
        if table.input.drag is not None:
            return self.drop_at(table, table.input.drag_pos)
        if self.dragging is not None:
            return self.drop_at(table, self.drag_pos)
        return None

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        if self.places.felt is None or table.bottom_view().extra is None:
            return False
        self.sync(table)
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key(event, table)
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hit = self.hit(table, event.pos) if table.input.drag is None else None
            self.press = (hit, event.pos) if hit is not None else None
            return hit is not None
        if kind == pygame.MOUSEMOTION and self.press is not None:
            hit, start = self.press
            far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > TAP_SLOP
            if far and self.dragging is None and hit[0] == "own" and hit[1][1] is not None \
                    and not table.demo:
                g, i = hit[1]
                self.dragging = shown(table.bottom_view().extra.melds[table.bottom][g])[i][0]
            self.drag_pos = event.pos
            return True
        if kind == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self.press is None:
                if table.input.drag is None:
                    return False
                target = self.drop_at(table, event.pos)
                if target is None:
                    return False  # the table's own drop: reorder the hand
                card = table.input.drag
                table.input.cancel_drag()
                self._drop_hand(table, card, target)
                return True
            hit, _ = self.press
            self.press = None
            if self.dragging is not None:
                card, self.dragging = self.dragging, None
                self._drop_table(table, card, event.pos)
            elif self.hit(table, event.pos) == hit:
                self._tap(table, hit)
            return True
        return False

    def _key(self, event, table: TableScene) -> bool:
        if event.key == pygame.K_ESCAPE and self.choice.wiping(table):
            self.controls.cancel(table)
            return True
        if table.demo:
            return False
        if event.key == pygame.K_t:  # "take the top card": here, a wipe of it
            if table.my_turn and table.state.phase == Phase.DRAW and table.state.discard:
                self.controls.choose(table, len(table.state.discard) - 1)
            return True  # (never the table's own take, which this game has not)
        if not table.my_turn or table.state.phase != Phase.DRAW:
            return False
        if event.key in (pygame.K_w, pygame.K_RETURN) and self.choice.wiping(table):
            self.controls.wipe(table)
            return True
        if event.key == pygame.K_o and self.choice.wiping(table):  # the engine's next meld
            self.controls.other(table)
            return True
        return False

    # ------------------------------------------------------------ taps
    def _tap(self, table: TableScene, hit) -> None:
        kind, obj = hit
        if kind in ("seat", "own_all"):
            self.controls.show_all(table)
            return
        if table.demo:
            return
        st = table.state
        if kind == "line":
            if table.my_turn and st.phase == Phase.DRAW:
                if self.choice.take_from == obj:  # tapped again: no wipe after all
                    self.controls.cancel(table)
                else:
                    table.app.play("click")
                    self.controls.choose(table, obj)
            elif table.my_turn and st.phase == Phase.DISCARD:
                table.commands.discard_chosen()
            else:
                self.controls.not_now(table, wipe=True)
        elif kind == "landing":
            if table.my_turn and st.phase == Phase.DISCARD:
                table.commands.discard_chosen()
            else:
                self.controls.not_now(table, wipe=True)
        elif kind == "new":
            self.controls.meld(table)
        elif kind == "own":
            self._tap_own(table, *obj)

    def _tap_own(self, table: TableScene, g: int, i: int | None) -> None:
        choice, play = self.choice, self.controls.play
        if not choice.may_meld(table):
            self.controls.not_now(table)
            return
        melds = table.bottom_view().extra.melds[table.bottom]
        picked = choice.picked
        if table.selected:
            play(table, onto_meld(choice.pos(table), g, list(table.selected), picked))
        elif picked and not set(picked) <= set(melds[g].cards):
            play(table, onto_meld(choice.pos(table), g, [], picked))
        elif i is not None:
            card = shown(melds[g])[i][0]
            if card in picked:
                picked.remove(card)
            else:
                picked.append(card)
            self.controls.changed(table)

    # ------------------------------------------------------------ drops
    def _drop_hand(self, table: TableScene, card: Card, target) -> None:
        if target[0] == "line":
            table.act(Discard(card))
            return
        if not self.choice.may_meld(table):
            self.controls.not_now(table)
            return
        cards = list(table.selected) if card in table.selected else [card]
        pos = self.choice.pos(table)
        if target[0] == "new":
            self.controls.play(table, new_meld(pos, cards, self.choice.picked))
        else:
            self.controls.play(table, onto_meld(pos, target[1], cards, self.choice.picked))

    def _drop_table(self, table: TableScene, card: Card, at) -> None:
        if not self.choice.may_meld(table):
            self.controls.not_now(table)
            return
        cards = list(self.choice.picked) if card in self.choice.picked else [card]
        pos = self.choice.pos(table)
        target = self.drop_at(table, at)
        if target is None:
            if self.places.lay.hand.collidepoint(at):  # back to the hand: the engine says no
                self.controls.play(table, out_of_melds(pos, cards))
            return
        if target[0] == "line":
            table.act(Discard(card))
        elif target[0] == "new":
            self.controls.play(table, new_meld(pos, list(table.selected), cards))
        else:
            self.controls.play(table, onto_meld(pos, target[1], [], cards))
