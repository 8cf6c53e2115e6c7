"""The 13-card family's table parts (RULES.md §2–§3: Paplu, Points, Pool, Deals).

The cut card: after the deal one card is turned face up beside the stock
(drawn upright and whole, so a 6 never reads as a 9); every card of its
rank is wild (a cut joker makes the printed jokers, or with ``ace_jokers``
the aces, wild).  Variants without a
cut card (``cut_mode`` no_cut / no_jokers) have ``state.cut`` None and show
nothing here.
"""

from __future__ import annotations

import pygame

from ...art import cardart
from ..parts import UNDER_PILES, TablePart, register_parts

_faces: dict[tuple[int, int], pygame.Surface] = {}


class CutCard(TablePart):
    """The cut card, face up and upright in ``layout.cut``, beside the stock."""

    layer = UNDER_PILES

    def draw(self, surface: pygame.Surface, table) -> None:
        cut = table.state.cut
        if cut is None:
            return
        rect = table.layout.cut
        key = (cut.uid, rect.w)
        img = _faces.get(key)
        if img is None:
            if len(_faces) > 64:
                _faces.clear()
            img = cardart.face(cut, rect.w, wild=True)
            _faces[key] = img
        surface.blit(img, img.get_rect(center=rect.center))


register_parts("13card", [CutCard])
