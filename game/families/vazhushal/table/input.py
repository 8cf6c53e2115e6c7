"""A person's hands on Vazhushal's table (RULES.md §7): taps and drags on the
discard line and on the melds, and the wipe being chosen (its buttons and
the status line: ``vazhushal_controls``).  Mixed into
``vazhushal_table.WipeTable``; every move goes through ``table.act`` (the
engine checks it and says why not), built by ``vazhushal_moves``.

- **Wipe.**  On your turn to draw, tap a card of the line: it and every card
  after it rise, framed in gold; the cards that go into the new meld (in the
  line and in your hand) are framed in green, and the status line says the
  meld, or why the engine refuses the wipe.  "◀ More" and "Fewer ▶" move the
  lowest card one place (a finger cannot always hit a narrow card), "Other
  meld" goes through the engine's other melds for it, raising cards of your
  hand makes the meld of those; "Wipe N cards" (or W) plays it, "Cancel"
  (or Esc) drops it.  T starts a wipe of the top card.
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
from game.families.vazhushal.actions import Position, Wipe
from game.families.vazhushal.table.draw import shown
from game.families.vazhushal.table.geo import LINE_LIFT
from game.families.vazhushal.table.moves import (
    Plan,
    new_meld,
    onto_meld,
    out_of_melds,
    plan_wipe,
    wipe_plans_from,
    wipe_with,
)
from game.uikit.art import palette
from game.uikit.table.wording import readable
from game.uikit.widgets.metrics import TAP_SLOP

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def refuse(table: TableScene, reason: str) -> None:
    """Say the engine's reason the way ``TableScene.act`` says one."""
    text = readable(reason, table.session.names)
    table.say(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."),
              palette.DANGER)
    table.app.play("invalid")


def try_plan(table: TableScene, plan: Plan) -> bool:
    """Play the first of ``plan``'s actions the engine accepts; when it
    accepts none, play the best one anyway so the engine's reason shows."""
    if not plan.actions:
        refuse(table, plan.reason or "that is not a move")
        return False
    for action in plan.actions:
        if table.session.reason(action) is None:
            return table.act(action)
    return table.act(plan.actions[0])


class WipeInput:
    """The input half of ``WipeTable`` (its geometry: ``line_geo``,
    ``own_geo``, ``felt``, ``lay``; its commands: ``WipeControls``)."""

    def init_input(self) -> None:
        self.take_from: int | None = None  # the wipe's lowest card, by its place in the line
        self.plan_i = 0  # which of the engine's melds for that wipe
        self.picked: list[Card] = []  # cards of the bottom seat's melds picked to move
        self.at = -1  # moves played when the choices above were made
        self.press: tuple | None = None  # (what was pressed, where)
        self.dragging: Card | None = None  # a card of the bottom seat's melds
        self.drag_pos = (0, 0)
        self._memo: dict = {}

    # ------------------------------------------------------------ state
    def sync(self, table: TableScene, force: bool = False) -> None:
        """Choices belong to one position: a move drops them."""
        moves = len(table.session.actions)
        if moves != self.at or force:
            self.at = moves
            self.take_from = None
            self.plan_i = 0
            self.picked = []
            self.dragging = None
            self._memo = {}

    def _changed(self, table: TableScene) -> None:
        table._buttons_key = None  # the table caches its buttons by its own state only

    def pos(self, table: TableScene) -> Position:
        return Position.of_view(table.bottom_view())

    def wiping(self, table: TableScene) -> bool:
        st = table.state
        return (self.take_from is not None and table.my_turn and st.phase == Phase.DRAW
                and self.take_from < len(st.discard))

    def may_meld(self, table: TableScene) -> bool:
        return table.my_turn and table.state.phase in (Phase.DISCARD, Phase.FAMILY)

    def _cached(self, key, make):
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def plans(self, table: TableScene) -> list:
        return self._cached(("plans", self.take_from),
                            lambda: wipe_plans_from(self.pos(table), self.take_from))

    def wipe_plan(self, table: TableScene) -> Plan:
        """The wipe the buttons make now, best first."""
        pos = self.pos(table)
        i = self.take_from
        card = pos.line[i]
        raised = tuple(c for c in table.selected if c in pos.hand)
        if raised:
            return self._cached(("with", i, raised), lambda: wipe_with(pos, i, raised))
        plans = self.plans(table)
        if not plans:
            return Plan((Wipe(card),))  # the engine says why not
        k = self.plan_i % len(plans)
        return Plan(tuple(plan_wipe(p, card) for p in plans[k:] + plans[:k]))

    def wipe_choice(self, table: TableScene) -> tuple[Wipe | None, str | None]:
        """(the wipe that would be played, None) or (the best, why not)."""
        plan = self.wipe_plan(table)

        def make():
            if not plan.actions:
                return None, plan.reason
            for a in plan.actions:
                if table.session.reason(a) is None:
                    return a, None
            return plan.actions[0], table.session.reason(plan.actions[0])
        return self._cached(("choice", self.take_from, self.plan_i, tuple(table.selected)),
                            make)

    def wipe_into(self, table: TableScene) -> set[Card]:
        """The cards of the wipe's new meld (and of the pure sequence laid
        with it); none when the engine refuses the wipe."""
        action, why = self.wipe_choice(table)
        if why or action is None or action.meld is None:
            return set()
        return set(action.meld.cards) | (set(action.pure.cards) if action.pure else set())

    # ------------------------------------------------------------ hit tests
    def hit(self, table: TableScene, pos) -> tuple | None:
        ex = table.bottom_view().extra
        line = table.state.discard
        geo = self.line_geo(table)
        lift = LINE_LIFT
        for i in range(len(line) - 1, -1, -1):
            r = geo.slots[i]
            if self.take_from is not None and i >= self.take_from:
                r = r.union(r.move(0, -lift))
            if r.collidepoint(pos):
                return ("line", i)
        if geo.landing.collidepoint(pos):
            return ("landing", None)
        own = self.own_geo(table)
        melds = ex.melds[table.bottom]
        for g, i, r in reversed(own.slots):
            if g < len(melds) and r.union(r.move(0, -own.card_h // 10)).collidepoint(pos):
                return ("own", (g, i))
        if own.new.w and own.new.collidepoint(pos):
            return ("new", None)
        for g, span in enumerate(own.spans):
            if span.w and span.inflate(8, 8).collidepoint(pos):
                return ("own", (g, None))
        if self.felt.own_caption.collidepoint(pos):
            return ("own_all", None)
        for seat, spot in self.lay.seats.items():
            if spot.rect.collidepoint(pos):
                return ("seat", seat)
        return None

    def drop_at(self, table: TableScene, pos) -> tuple | None:
        """Where a dragged card would go: ("new",), ("own", meld), ("line",)."""
        own = self.own_geo(table)
        if own.new.w and own.new.inflate(16, 16).collidepoint(pos):
            return ("new", None)
        for g, span in enumerate(own.spans):
            if span.w and span.inflate(12, 16).collidepoint(pos):
                return ("own", g)
        if self.felt.line.collidepoint(pos) or self.lay.discard.collidepoint(pos):
            return ("line", None)
        return None

    def drop_hover(self, table: TableScene) -> tuple | None:
        if table.drag is not None:
            return self.drop_at(table, table.drag_pos)
        if self.dragging is not None:
            return self.drop_at(table, self.drag_pos)
        return None

    # ------------------------------------------------------------ events
    def handle_event(self, event: pygame.event.Event, table: TableScene) -> bool:
        if self.felt is None or table.bottom_view().extra is None:
            return False
        self.sync(table)
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key(event, table)
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hit = self.hit(table, event.pos) if table.drag is None else None
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
                if table.drag is None:
                    return False
                target = self.drop_at(table, event.pos)
                if target is None:
                    return False  # the table's own drop: reorder the hand
                card = table.drag
                table.cancel_drag()
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
        if event.key == pygame.K_ESCAPE and self.wiping(table):
            self.cancel(table)
            return True
        if table.demo:
            return False
        if event.key == pygame.K_t:  # "take the top card": here, a wipe of it
            if table.my_turn and table.state.phase == Phase.DRAW and table.state.discard:
                self.choose(table, len(table.state.discard) - 1)
            return True  # (never the table's own take, which this game has not)
        if not table.my_turn or table.state.phase != Phase.DRAW:
            return False
        if event.key in (pygame.K_w, pygame.K_RETURN) and self.wiping(table):
            self.wipe(table)
            return True
        return False

    # ------------------------------------------------------------ taps
    def _tap(self, table: TableScene, hit) -> None:
        kind, obj = hit
        if kind in ("seat", "own_all"):
            self.show_all(table)
            return
        if table.demo:
            return
        st = table.state
        if kind == "line":
            if table.my_turn and st.phase == Phase.DRAW:
                if self.take_from == obj:
                    self.cancel(table)
                else:
                    table.app.play("click")
                    self.choose(table, obj)
            elif table.my_turn and st.phase == Phase.DISCARD:
                table.discard_chosen()
            else:
                self._not_now(table, wipe=True)
        elif kind == "landing":
            if table.my_turn and st.phase == Phase.DISCARD:
                table.discard_chosen()
            else:
                self._not_now(table, wipe=True)
        elif kind == "new":
            self.meld(table)
        elif kind == "own":
            self._tap_own(table, *obj)

    def _tap_own(self, table: TableScene, g: int, i: int | None) -> None:
        if not self.may_meld(table):
            self._not_now(table)
            return
        melds = table.bottom_view().extra.melds[table.bottom]
        if table.selected:
            self.play(table, onto_meld(self.pos(table), g, list(table.selected), self.picked))
        elif self.picked and not set(self.picked) <= set(melds[g].cards):
            self.play(table, onto_meld(self.pos(table), g, [], self.picked))
        elif i is not None:
            card = shown(melds[g])[i][0]
            if card in self.picked:
                self.picked.remove(card)
            else:
                self.picked.append(card)
            self._changed(table)

    def _not_now(self, table: TableScene, wipe: bool = False) -> None:
        st = table.state
        if table.demo:
            return
        if table.my_turn and st.phase == Phase.DRAW:
            table.say("Draw from the stock, or wipe, first; then meld and lay off.", palette.HILITE)
        elif table.my_turn and st.phase == Phase.FAMILY:
            table.say("The stock is out: no more wiping. Lay down, then Finish.", palette.HILITE)
        elif st.to_act is not None and not table.my_turn:
            what = "wipe" if wipe else "meld"
            table.say(f"You may {what} on your turn; it is {table.session.names[st.to_act]}'s.",
                      palette.HILITE)

    # ------------------------------------------------------------ drops
    def _drop_hand(self, table: TableScene, card: Card, target) -> None:
        if target[0] == "line":
            table.act(Discard(card))
            return
        if not self.may_meld(table):
            self._not_now(table)
            return
        cards = list(table.selected) if card in table.selected else [card]
        pos = self.pos(table)
        if target[0] == "new":
            self.play(table, new_meld(pos, cards, self.picked))
        else:
            self.play(table, onto_meld(pos, target[1], cards, self.picked))

    def _drop_table(self, table: TableScene, card: Card, at) -> None:
        if not self.may_meld(table):
            self._not_now(table)
            return
        cards = list(self.picked) if card in self.picked else [card]
        pos = self.pos(table)
        target = self.drop_at(table, at)
        if target is None:
            if self.lay.hand.collidepoint(at):  # back to the hand: the engine says no
                self.play(table, out_of_melds(pos, cards))
            return
        if target[0] == "line":
            table.act(Discard(card))
        elif target[0] == "new":
            self.play(table, new_meld(pos, list(table.selected), cards))
        else:
            self.play(table, onto_meld(pos, target[1], [], cards))

    def play(self, table: TableScene, plan: Plan) -> bool:
        done = try_plan(table, plan)
        if done:
            self.picked = []
            table.selected = []
            self._changed(table)
        return done
