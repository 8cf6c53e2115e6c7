"""Screens that are a column of rows: the shared FormScene, settings and help."""

from __future__ import annotations

import pygame

from . import palette
from .form import Buttons, Choice, Form, Heading, Row, Text
from .scene import Scene
from .settings import SETTINGS
from .widgets import Button, Metrics, dim, felt, panel


class FormScene(Scene):
    """A full screen (or, with ``opaque = False``, a dialog) holding a Form."""

    max_width = 600

    def __init__(self, app) -> None:
        super().__init__(app)
        self.form = Form(self.rows())

    def rows(self) -> list[Row]:
        return []

    def refresh(self) -> None:
        self.form.set_rows(self.rows())

    def enter(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        self.refresh()
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        w = min(size[0] - 2 * m.pad, m.px(self.max_width))
        rect = pygame.Rect(0, 0, w, size[1] - 2 * m.pad)
        rect.h = min(rect.h, self._content_height(m, w) + 2)  # short forms sit mid-screen
        rect.center = (size[0] // 2, size[1] // 2)
        self.form.layout(rect, m)

    def _content_height(self, m: Metrics, w: int) -> int:
        gap = max(4, m.pad // 2)
        return sum(r.height(m, w) + gap for r in self.form.rows) - gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.back()
            return True
        if self.form.handle_event(event):
            return True
        return not self.opaque and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                  pygame.KEYDOWN)

    def back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            felt(surface)
        else:
            dim(surface)
            m = self.form.metrics
            panel(surface, self.form.rect.inflate(2 * m.pad, 2 * m.pad), edge=palette.GOLD)
        self.form.draw(surface)


# What changing a setting does beyond storing it, by key.
_SETTING_EFFECTS = {
    "sound": lambda app, on: app.set_sound(on),
}


class SettingsScene(FormScene):
    def rows(self) -> list[Row]:
        rows: list[Row] = [Heading("Settings", big=True)]
        for opt in SETTINGS:
            rows.append(Choice(opt.label, lambda o=opt: o.name_of(self.app.settings[o.key]),
                               lambda step, o=opt: self._change(o.key, step), key=opt.key))
            rows.append(Text(opt.help))
        rows.append(Buttons(Button("Done", self.back, style="primary", key="done")))
        return rows

    def _change(self, key: str, step: int) -> None:
        value = self.app.settings.cycle(key, step)
        effect = _SETTING_EFFECTS.get(key)
        if effect is not None:
            effect(self.app, value)
        self.app.mark_dirty()


HELP = (
    ("The aim", "Arrange your 13 cards into sequences (3 or more cards of one suit in a row) "
     "and sets (3 or 4 cards of one rank in different suits). To declare you need at least "
     "two sequences, one of them pure (no wild card standing in), and every card in a meld."),
    ("Wild cards", "Printed jokers are wild, and so is every card of the cut joker's rank: the "
     "card shown crosswise under the stock. Wild cards in your hand carry a gold star. A wild "
     "card can stand for any card in a meld."),
    ("Your turn", "Draw one card: tap the stock (face down) or the discard pile. Then throw "
     "one card: tap it and press Discard, or drag it onto the pile. A card taken from the "
     "pile cannot be thrown back in the same turn."),
    ("Declaring", "When your other 13 cards are melded, select the card to throw and press "
     "Declare. The game checks your hand first and explains what is wrong; a wrong show costs "
     "the wrong-show penalty (80 in the online formats)."),
    ("Packing", "At the start of a turn you may pack (drop) instead of drawing: a small "
     "penalty on your first turn, a bigger one later."),
    ("Scoring", "When someone declares, each other player's count is the points of the "
     "cards that are not in melds (A K Q J 10 = 10, others face value, wild cards 0). "
     "Without a pure sequence every card counts; with a pure sequence but no second "
     "sequence, every card outside it counts."),
    ("Formats", "Points Rummy: one deal; the winner collects every other player's count "
     "(at most 80).  Pool 101 / 201: penalties add up and whoever reaches the limit is out; "
     "the last player in wins.  Deals Rummy: a fixed number of deals played for chips.  "
     "Paplu: the classic rules, every player deals once.  Rule options change the details."),
    ("Your hand", "Drag cards to reorder them or to move them between groups; drop a card in "
     "the space between groups or after the last to start a new group. Select several cards "
     "and press Group to put them together. Sort by suit, by rank, or let Arrange lay out "
     "your best melds. Each group is labelled with what it is."),
    ("Keyboard", "Left / Right: move the cursor over your cards.  Shift + Left / Right: move "
     "the card.  Space: select or unselect.  D: draw from the stock.  T: take the top of the "
     "discard pile.  X or Delete: discard the selected card.  R: declare (rummy).  P: pack.  "
     "V: see the whole discard pile (or tap the pile when it is not your turn).  "
     "G: group the selected cards.  A: arrange.  S: sort by suit.  N: sort by rank.  "
     "Enter: next deal on the scores.  Esc: pause menu.  H or F1: this help.  M: sound on/off."),
)


class HelpScene(FormScene):
    max_width = 720

    def rows(self) -> list[Row]:
        rows: list[Row] = [Heading("How to play", big=True)]
        for title, body in HELP:
            rows.append(Heading(title))
            rows.append(Text(body, color=palette.TEXT, small=False))
        rows.append(Buttons(Button("Back", self.back, style="primary", key="back")))
        return rows
