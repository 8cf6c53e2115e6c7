"""Dialogs over the table: pause, confirm pack, the declare check, and the
whole discard pile.  The pause dialog opens help and settings through the
app's navigator (``app.screens``): the table's room names no other room's
screens."""

from __future__ import annotations

import pygame

from game.app.hand import HandArrangement
from game.engine import Card, Declare, Phase
from game.engine.game import invalid_reason, pack_cost
from game.families import family_of
from game.ui.host import code_link, copy_text, deal_link, in_browser
from game.uikit.art import cardart, fonts, palette
from game.uikit.form_scene import FormScene
from game.uikit.scene import Scene
from game.uikit.table.draw_util import NO_MELD
from game.uikit.table.hand_layout import flow_hand
from game.uikit.table.parts import ShowCheck
from game.uikit.table.wording import card_name, group_words, readable
from game.uikit.widgets import (
    Button,
    Buttons,
    Heading,
    Metrics,
    Row,
    Text,
    dim,
    draw_wrapped,
    fit_text,
    flow_buttons,
    panel,
    press_buttons,
    wrap,
)


class PauseDialog(FormScene):
    opaque = False
    max_width = 460

    def rows(self) -> list[Row]:
        app = self.app
        rows: list[Row] = [
            Heading("Paused", big=True),
            Buttons(Button("Resume", self.back, style="primary", key="resume")),
            Buttons(Button("How to play", lambda: app.push(app.screens.help()), key="help"),
                    Button("Settings", lambda: app.push(app.screens.settings()),
                           key="settings")),
            Buttons(Button("Main menu", app.to_menu, key="menu")),
        ]
        if getattr(app.session, "remote", False):  # a room's match: the server keeps it
            rows += [Text("The room keeps this game: Continue in the menu takes you back "
                          "to your seat."),
                     Buttons(Button("Leave the room", self._leave_room, key="leave"))]
        else:
            rows.append(Text("Your game is saved: Continue in the menu brings it back."))
        session = app.session
        if session is not None and session.practice:
            rows.append(Text("Practice: Undo (U) takes your last move back; "
                             "this match is not counted in the statistics."))
        share = self.share(session) if session is not None else None
        if share is not None:  # this deal's cards for a friend
            words, self.copied, label = share
            rows += [Text(words), Buttons(Button(label, self._copy, key="share"))]
        return rows

    @staticmethod
    def share(session) -> tuple[str, str, str] | None:
        """How this deal is shared, in a player's words: (what to do, what the
        button copies, the button's label); None where it cannot be."""
        if getattr(session, "remote", False):
            return None  # a room's deal codes name its secret seed: shown after the match
        if session.pass_and_play and session.state.phase not in (Phase.DEAL_OVER,
                                                                 Phase.MATCH_OVER):
            # the code deals the same hands and stock: mid-deal, anyone at the
            # device could read the other people's cards from it
            return None
        code = session.deal_code()
        if in_browser():  # a link opens the same cards in a friend's browser
            link = code_link(code.text) if code is not None else \
                deal_link(session.rules.name, session.seed)
            return (f"Share this deal: send this link, and your friend gets the same "
                    f"cards: {link}", link, "Copy the link")
        if code is None:
            return None
        return (f"Share this deal: its code is {code.text}. A friend chooses Deal code on "
                "the menu and types it to play the same cards.", code.text,
                "Copy the deal code")

    def _leave_room(self) -> None:
        """Give the seat up (a bot plays it) and go back to the menu."""
        self.app.rooms.leave()
        self.app.to_menu()

    def _copy(self) -> None:
        if copy_text(self.copied):
            self.app.toast("Copied: " + self.copied, seconds=3.0)
        else:
            self.app.toast("Could not copy; it is: " + self.copied, seconds=5.0)


class PackDialog(FormScene):
    opaque = False
    max_width = 460

    def __init__(self, app, table) -> None:
        self.table = table
        super().__init__(app)

    def rows(self) -> list[Row]:
        st = self.table.state
        rules = st.rules
        cost, first = pack_cost(st, self.table.bottom)
        cost *= family_of(rules).deal_multiplier(rules, st.cut)
        kind = "a first drop" if first else "a middle drop"
        where = "added to your pool score" if rules.match == "pool" else "paid to the winner"
        count = self.table.count()
        most = f" (a hand pays at most {rules.cap})" if rules.cap and count > rules.cap else ""
        body = (f"Packing now is {kind}: {cost} points, {where}. "
                f"If you play on and someone declares, your hand counts {count} now{most}.")
        return [
            Heading("Pack this deal?", big=True),
            Text(body, color=palette.TEXT, small=False),
            Buttons(Button("Keep playing", self.back, style="primary", key="keep"),
                    Button(f"Pack (-{cost})", self._pack, style="danger", key="pack")),
        ]

    def _pack(self) -> None:
        self.app.pop()
        self.table.commands.pack()


class DeclareDialog(Scene):
    """Shows the hand as it would be shown, and whether it is a valid
    declaration, before the player commits to it."""

    opaque = False

    def __init__(self, app, table, card: Card) -> None:
        super().__init__(app)
        self.table = table
        self.card = card
        st = table.state
        rest = list(st.hands[table.bottom])
        rest.remove(card)  # Card equality is physical identity
        # no declaration at all yet (a step of the family's still to take): its
        # reason, as the greyed Declare gives it, over the player's groups
        offered = any(isinstance(a, Declare) for a in table.bottom_view().legal)
        not_yet = None if offered else table.session.reason(Declare(card))
        check = ShowCheck(False, not_yet) if not_yet else \
            table.ask("show_check", rest) or self._check(rest)
        self.valid = check.valid
        if check.groups:
            self.groups = [list(g) for g in check.groups]
            self.names = [n[:1].upper() + n[1:] for n in check.names]
            self.good = list(check.good) or [self.valid] * len(self.groups)
        else:  # the player's own groups, so they see which one is wrong
            mine = HandArrangement([[c for c in g if c != card] for g in table.arr.groups])
            mine.most = len(mine.groups) + 1
            labels = table.ask("group_labels", mine.groups) or \
                mine.labels(st.rules, st.decks, table.known_wild)
            self.groups = mine.groups
            self.names = [group_words(lb, g, table.known_wild)
                          for lb, g in zip(labels, mine.groups, strict=False)]
            self.good = [lb.valid for lb in labels]
        rules = st.rules
        self.refuse = rules.invalid_declaration == "refuse" or not_yet is not None
        check = ShowCheck(check.valid, readable(check.verdict, table.session.names))
        if self.valid:
            self.verdict = check.verdict
            self.buttons = [Button("Declare", self._declare, style="primary", key="declare"),
                            Button("Cancel", self._cancel, key="cancel")]
        else:
            why = check.verdict
            if not_yet is not None:
                self.verdict = f"No show yet: {why}."
                self.buttons = [Button("Back", self._cancel, style="primary", key="cancel")]
            elif self.refuse:
                self.verdict = f"Not a valid declaration: {why}. Keep playing."
                self.buttons = [Button("Back", self._cancel, style="primary", key="cancel")]
            else:
                self.verdict = (f"Not a valid declaration: {why}. Showing now is a wrong "
                                f"show: you pay {rules.wrong_show_points} points and sit out "
                                "the rest of the deal.")
                self.buttons = [Button("Keep playing", self._cancel, style="primary",
                                       key="cancel"),
                                Button(f"Show anyway (-{rules.wrong_show_points})",
                                       self._declare, style="danger", key="declare")]
        self._press: Button | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _check(self, rest: list[Card]) -> ShowCheck:
        """The engine's verdict on ``rest`` (``show_reason``); a valid show is
        laid out as the family's evaluator arranges it (when it has one)."""
        table = self.table
        st = table.state
        why = invalid_reason(st, rest)
        if why:
            return ShowCheck(False, why)
        rules = st.rules
        evaluate = getattr(family_of(rules), "evaluate", None)
        if evaluate is None:
            return ShowCheck(True, "Valid: a winning show.")
        ev = evaluate(rules, st.decks, rest, table.known_wild)
        groups = tuple(m.cards for m in ev.melds)
        names = tuple(m.name for m in ev.melds)
        if ev.deadwood:
            groups += (tuple(ev.deadwood),)
            names += ("free",)
        return ShowCheck(True, "Valid: a winning show.", groups, names)

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w = min(size[0] - 2 * m.pad, m.px(980))
        h = min(size[1] - 2 * m.pad, max(m.px(620), int(size[1] * 0.8)))
        self._place(size, w, h)
        used = sum(r.h for r in self.geo.row_rects)
        spare = self.cards_area.h - used
        if spare > m.pad:  # a short hand: shrink the dialog round it
            self._place(size, w, h - spare + m.pad)

    def _place(self, size: tuple[int, int], w: int, h: int) -> None:
        m = self.m
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        self.title_y = inner.y
        verdict_h = int(m.body * 1.3) * len(wrap(self.verdict, m.body, inner.w)) + m.pad
        buttons_h = m.button_h * (2 if w < 420 else 1) + m.pad
        top = inner.y + int(m.body * 1.8)
        self.cards_area = pygame.Rect(inner.x, top, inner.w,
                                      inner.bottom - buttons_h - verdict_h - top)
        font = fonts.font(m.small, True)
        self.geo = flow_hand([len(g) for g in self.groups], self.cards_area, m.px(110),
                             int(m.small * 1.4), [font.size(n)[0] + 10 for n in self.names])
        self.verdict_rect = pygame.Rect(inner.x, self.cards_area.bottom + m.pad // 2, inner.w,
                                        verdict_h)
        area = pygame.Rect(inner.x, inner.bottom - buttons_h + m.pad // 2, inner.w, buttons_h)
        flow_buttons(self.buttons, area, m.body, m.button_h, m.pad, m.pad)

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
                self._cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].on_click()
            else:
                return False  # unused: a global key (M) may take it
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _declare(self) -> None:
        self.app.pop()
        self.table.commands.declare(self.card)

    def _cancel(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        dim(surface)
        panel(surface, self.rect, edge=palette.OK if self.valid else palette.DANGER)
        title = fit_text(f"Declare and throw {card_name(self.card)}?", m.body + 2,
                         palette.GOLD, self.rect.w - 2 * m.pad, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.title_y)))
        geo = self.geo
        for gi, ci, rect in geo.slots:
            card = self.groups[gi][ci]
            surface.blit(cardart.face(card, rect.w, wild=self.table.is_wild(card)), rect)
        for gi, span in enumerate(geo.spans):
            color = palette.OK if self.good[gi] else NO_MELD
            t = fonts.text(self.names[gi], m.small, color, True)
            surface.blit(t, (span.x + 2, span.y - geo.lift - geo.label_h + 2))
        color = palette.OK if self.valid else (240, 140, 120)
        draw_wrapped(surface, self.verdict, m.body, color, self.verdict_rect, center=True)
        for b in self.buttons:
            b.draw(surface, m.body)


class DiscardsDialog(Scene):
    """The whole discard pile, oldest first: public, and useful to know which
    cards are gone."""

    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.cards = list(table.state.discard)
        self.buttons = [Button("Close", self._close, style="primary", key="close")]
        self._press: Button | None = None

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w = min(size[0] - 2 * m.pad, m.px(980))
        h = min(size[1] - 2 * m.pad, m.px(560))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        top = inner.y + int(m.body * 1.8)
        area = pygame.Rect(inner.x, top, inner.w, inner.bottom - m.button_h - m.pad - top)
        rows = [self.cards[i:i + 13] for i in range(0, len(self.cards), 13)] or [[]]
        self.geo = flow_hand([len(r) for r in rows], area, m.px(90), 4)
        self.rows = rows
        buttons = pygame.Rect(inner.x, inner.bottom - m.button_h, inner.w, m.button_h)
        flow_buttons(self.buttons, buttons, m.body, m.button_h, m.pad, m.pad * 2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        press_buttons(self, event)
        if event.type == pygame.KEYDOWN:
            if event.key not in (pygame.K_ESCAPE, pygame.K_AC_BACK, pygame.K_RETURN,
                                 pygame.K_SPACE, pygame.K_KP_ENTER, pygame.K_v):
                return False  # unused: a global key (M) may take it
            self._close()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _close(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        dim(surface)
        panel(surface, self.rect, edge=palette.GOLD)
        title = fit_text(f"Discard pile: {len(self.cards)} cards, the newest last", m.body,
                         palette.GOLD, self.rect.w - 2 * m.pad, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + m.pad)))
        for gi, ci, rect in self.geo.slots:
            card = self.rows[gi][ci]
            surface.blit(cardart.face(card, rect.w, wild=self.table.is_wild(card)), rect)
        for b in self.buttons:
            b.draw(surface, m.body)
