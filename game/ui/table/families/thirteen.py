"""The 13-card family's table parts (RULES.md §2–§3: Paplu, Points, Pool, Deals).

The cut card: after the deal one card is turned face up and laid crosswise
under the stock; every card of its rank is wild (a cut joker makes the
printed jokers, or with ``ace_jokers`` the aces, wild).  Variants without a
cut card (``cut_mode`` no_cut / no_jokers) have ``state.cut`` None and show
nothing here.
"""

from __future__ import annotations

import pygame

from ...art import cardart
from ..parts import UNDER_PILES, TablePart, register_parts

_rotated: dict[tuple[int, int, bool], pygame.Surface] = {}


class CutCard(TablePart):
    """The cut card, face up and crosswise in ``layout.cut``, under the stock."""

    layer = UNDER_PILES

    def draw(self, surface: pygame.Surface, table) -> None:
        cut = table.state.cut
        if cut is None:
            return
        lay = table.layout
        w = lay.pile_w
        key = (cut.uid, w, True)
        img = _rotated.get(key)
        if img is None:
            if len(_rotated) > 64:
                _rotated.clear()
            img = pygame.transform.rotate(cardart.face(cut, w, wild=True), 90)
            _rotated[key] = img
        surface.blit(img, img.get_rect(center=lay.cut.center))


register_parts("13card", [CutCard])
