"""The turned card beside the stock, face up and upright (so a 6 never
reads as a 9): the cut card of the games whose turned card's rank makes
cards wild.  A family lists it among its ``PARTS``; when a deal has no
cut card (``state.cut`` None) nothing is drawn."""

from __future__ import annotations

import pygame

from game.uikit.art import cardart
from game.uikit.table.parts import UNDER_PILES, TablePart

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
