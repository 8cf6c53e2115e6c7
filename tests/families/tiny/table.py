"""Tiny rummy's part of the table: the secret card by the stock (its face only
for a seat that peeked), each player's laid melds as chips, and the Peek and
Lay down buttons.  Drawing only; moves go through ``table.act``."""

from __future__ import annotations

from game.engine import Phase
from game.uikit.art import cardart, fonts, palette
from game.uikit.table.chips import flow_chips
from game.uikit.table.layout import line_height
from game.uikit.table.parts import OVER_PILES, UNDER_PILES, TablePart
from game.uikit.widgets import Button
from tests.families.tiny.family import LayDown, Peek


class SecretCard(TablePart):
    """The secret card beside the stock: a back until the bottom seat peeks."""

    layer = UNDER_PILES

    def draw(self, surface, table) -> None:
        rect = table.layout.cut
        secret = table.bottom_view().cut
        img = cardart.back(rect.w) if secret is None else cardart.face(secret, rect.w, wild=True)
        surface.blit(img, img.get_rect(center=rect.center))
        label = fonts.text("Secret", table.layout.m.small,
                           palette.GOLD if secret else palette.TEXT_DIM, True)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, table.layout.stock.bottom + 3)))


class LaidMelds(TablePart):
    """Every player's melds on the table, and the family's buttons."""

    layer = OVER_PILES
    seat_lines = 1
    own_lines = 1
    extra_buttons = 2

    def draw(self, surface, table) -> None:
        view = table.bottom_view()
        if view.extra is None:
            return
        laid = view.extra[1]
        lay = table.layout
        lh = line_height(lay.m)
        for seat, spot in lay.seats.items():
            if spot.extra.h and laid[seat]:
                flow_chips(surface, _melds(laid[seat]), spot.extra, lay.m.small, lh)
        own = laid[table.bottom]
        if own and lay.own.w and lay.own.h:
            flow_chips(surface, _melds(own), lay.own, lay.m.small, lh, wild=table.known_wild)

    def buttons(self, table) -> list[Button]:
        if not table.my_turn:
            return []
        legal = table.bottom_view().legal
        if table.state.phase == Phase.DRAW and Peek() in legal:
            return [Button("Peek", lambda: table.act(Peek()), key="peek")]
        if table.state.phase == Phase.DISCARD:
            offered = any(isinstance(a, LayDown) for a in legal)
            return [Button("Lay down", lambda: self.lay(table), key="lay_down",
                           enabled=offered, why="You hold no meld of three to lay down.")]
        return []

    def lay(self, table) -> None:
        """Lay the three raised cards, or else the first meld held."""
        if len(table.selected) == 3:
            table.act(LayDown(tuple(table.selected)))
            return
        first = next((a for a in table.bottom_view().legal if isinstance(a, LayDown)), None)
        if first is not None:
            table.act(first)


def _melds(cards) -> list[tuple]:
    return [tuple(cards[i:i + 3]) for i in range(0, len(cards), 3)]


# this family's parts of the table, in drawing order (the window makes fresh ones per table)
PARTS = [SecretCard, LaidMelds]

