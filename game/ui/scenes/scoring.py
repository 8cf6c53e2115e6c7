"""After each deal: every hand laid out in its melds with its count and why,
what each player pays, the running totals, and the match result at the end."""

from __future__ import annotations

import pygame

from ...engine import Answer, NextDeal, Phase
from ...engine.cards import card_points
from ..art import cardart, fonts, palette
from ..scene import Scene
from ..table.layout import OVERLAP
from ..table.wording import score_text, variant_title
from ..widgets import Button, Metrics, felt, fit_text, flow_buttons, wrap
from ..widgets.icons import draw_sound_icon

STATUS_NAMES = {"winner": "Winner", "lost": "", "packed": "Packed", "wrong_show": "Wrong show",
                "out": "Not in this deal", "void": "Void deal"}
DEMO_NEXT = 4.0  # seconds a demo shows the scores


_tinted: dict[tuple[int, int, bool], pygame.Surface] = {}


def _face(card, width: int, wild: bool, loose: bool) -> pygame.Surface:
    """The card's face; loose (deadwood) cards get a red tint, cached."""
    img = cardart.face(card, width, wild=wild)
    if not loose:
        return img
    key = (card.uid, width, wild)
    tinted = _tinted.get(key)
    if tinted is None:
        if len(_tinted) > 400:
            _tinted.clear()
        tinted = img.copy()
        tinted.fill((255, 200, 200), special_flags=pygame.BLEND_RGB_MULT)
        _tinted[key] = tinted
    return tinted


def _points(state, cards) -> int:
    return sum(0 if (c.is_joker or c.kind in state.wild) else card_points(c.kind,
                                                                            state.rules.ace_points)
               for c in cards)


class ScoringScene(Scene):
    shows_sound = True  # its corner has the sound icon (a tap there toggles it)

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.session = table.session
        self.scroll = 0
        self.content_h = 0
        self._press = None
        self._drag_from: tuple[int, int] | None = None
        self.demo_timer = 0.0
        self.buttons: list[Button] = []
        self.m = Metrics(*app.size)
        self.rows: list[tuple] = []
        self.revealed = 0  # rows shown so far: one more each frame, so no frame
        # draws every hand's new card faces at once (slow in the browser)

    @property
    def state(self):
        return self.session.state

    # ------------------------------------------------------------ buttons
    def _make_buttons(self) -> list[Button]:
        st = self.state
        human = self.table.bottom
        if self.table.demo:
            return [Button("Exit demo", self.app.to_menu, key="menu")]
        if st.phase == Phase.DECIDE and st.offer and st.offer[1] == human:
            if st.offer[0] == "rejoin":
                return [Button("Rejoin", lambda: self._answer(True), style="primary",
                               key="yes"),
                        Button("Stay out", lambda: self._answer(False), key="no")]
            return [Button("Split the pot", lambda: self._answer(True), style="primary",
                           key="yes"),
                    Button("Play on", lambda: self._answer(False), key="no")]
        if st.phase == Phase.MATCH_OVER:
            return [Button("New match", self._new_match, style="primary", key="new"),
                    Button("Menu", self.app.to_menu, key="menu")]
        if st.phase == Phase.DEAL_OVER:
            return [Button("Next deal", self._next, style="primary", key="next"),
                    Button("Menu", self.app.to_menu, key="menu")]
        return [Button("Menu", self.app.to_menu, key="menu")]

    def _next(self) -> None:
        if self.table.act(NextDeal()):
            self.app.pop()

    def _answer(self, yes: bool) -> None:
        self.table.act(Answer(yes))
        self.resize(self.app.size)

    def _new_match(self) -> None:
        self.app.rematch()

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        w, h = size
        self.buttons = self._make_buttons()
        self.wide = w >= 760
        foot_h = m.button_h + 2 * m.pad
        self.footer = pygame.Rect(0, h - foot_h, w, foot_h)
        flow_buttons(self.buttons, self.footer.inflate(-2 * m.pad, -2 * m.pad), m.body,
                     m.button_h, m.pad, m.pad * 2)
        head_lines = 2 + len(self._notes()) + (1 if self._knocked_out() else 0)
        self.header = pygame.Rect(0, 0, w, int(m.body * 1.5 * head_lines) + m.pad)
        icon = max(m.touch, m.px(44))
        self.sound_button = pygame.Rect(w - m.pad // 2 - icon, 4, icon, icon)
        self.title_w = w - 2 * (icon + m.pad)
        self.body = pygame.Rect(m.pad, self.header.bottom, w - 2 * m.pad,
                                self.footer.y - self.header.bottom)
        self._layout_rows()

    def _notes(self) -> list[str]:
        res = self.state.result
        return list(res.notes) if res else []

    def _knocked_out(self) -> list[int]:
        """The seats this deal put out of the match (they played it, and are out now)."""
        st = self.state
        res = st.result
        if res is None:
            return []
        return [r.seat for r in res.seats if not st.in_match[r.seat] and r.status != "out"]

    def _knocked_out_text(self) -> str:
        st = self.state
        names = self.session.names
        out = self._knocked_out()
        if not out:
            return ""
        who = ", ".join(names[s] for s in out)
        where = "the pool" if st.rules.match == "pool" else "the match"
        return f"Out of {where}: {who}"

    def _layout_rows(self) -> None:
        m = self.m
        st = self.state
        res = st.result
        self.rows = []
        if res is None:
            self.content_h = 0
            return
        order = sorted(res.seats, key=lambda r: (r.status != "winner", r.status == "out", r.seat))
        name_w = m.px(210) if self.wide else 0
        cards_w = self.body.w - name_w - (m.pad if self.wide else 0)
        line = int(m.small * 1.35)
        y = 0
        for r in order:
            groups = [list(g) for g in r.melds] + ([list(r.deadwood)] if r.deadwood else [])
            n = sum(len(g) for g in groups)
            units = len(groups) + OVERLAP * (n - len(groups)) + 0.32 * max(0, len(groups) - 1)
            cw = int(min(m.px(64), cards_w / units)) if n else 0
            why = "" if r.status == "out" else r.why
            why_lines = wrap(why, m.small, max(40, cards_w if self.wide else self.body.w)) \
                if why else ()
            head = 0 if self.wide else line + 2
            ch = int(cw * cardart.CARD_RATIO) + line if n else 0  # a label line over the cards
            h = max(head + ch + line * len(why_lines) + m.pad, 3 * line + m.pad if self.wide
                    else 0)
            if not st.in_match[r.seat] and r.status != "out":
                h += line + m.pad // 2  # a line for the "Out of the pool" tag
            self.rows.append((y, h, r, groups, cw, why_lines))
            y += h + m.pad // 2
        self.history_top = y
        history = self.state.history
        if len(history) > 1:  # a table of every deal so far
            y += (len(history) + 2) * (line + 2) + m.pad
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.content_h - self.body.h))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.sound_button.collidepoint(event.pos) and self._drag_from is not None \
                and self.sound_button.collidepoint(self._drag_from):
            self._drag_from = None
            self.app.toggle_mute()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press = next((b for b in self.buttons if b.hit(event.pos)), None)
            self._drag_from = event.pos if self._press is None else None
            self._scroll0 = self.scroll
        elif event.type == pygame.MOUSEMOTION and self._drag_from is not None:
            self._scroll_to(self._scroll0 - (event.pos[1] - self._drag_from[1]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = next((b for b in self.buttons if b.hit(event.pos)), None)
            self._drag_from = None
            if b is not None and b is self._press:
                self.app.play("click")
                b.on_click()
            self._press = None
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.scroll - event.y * self.m.button_h)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def _key(self, key: int) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
            self.buttons[0].on_click()
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._scroll_to(self.scroll + (1 if key == pygame.K_DOWN else -1) * self.m.button_h)
            return True
        if key in (pygame.K_ESCAPE, pygame.K_AC_BACK):
            self.table.open_pause()
            return True
        return False

    def _scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(y, self.content_h - self.body.h))

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.revealed += 1
        st = self.state
        if st.phase == Phase.DECIDE and self.session.bot_to_act() is not None:
            action = self.session.think(0.003)
            if action is not None:
                self.table.handle_engine_events(self.session.play(action))
                self.resize(self.app.size)
            return
        if self.table.demo:
            self.demo_timer += dt
            if self.demo_timer >= DEMO_NEXT * max(self.app.settings.speed, 0.25):
                if st.phase == Phase.MATCH_OVER:
                    self.app.start_demo(self.session.seed + 1)
                else:
                    self.table.handle_engine_events(self.session.play(NextDeal()))
                    self.app.pop()

    # ------------------------------------------------------------ drawing
    def _title(self) -> str:
        st = self.state
        res = st.result
        names = self.session.names
        if st.phase == Phase.MATCH_OVER:
            who = " and ".join(names[s] for s in st.winners)
            if st.split:
                return f"Match over: {who} split the pot"
            verb = "win" if st.winners == (self.table.bottom,) and not self.table.demo else "wins"
            return f"Match over: {who} {verb}!"
        if res is None or res.void:
            return f"Deal {st.deal_no}: void deal, no one pays"
        verb = "win" if res.winner == self.table.bottom and not self.table.demo else "wins"
        return f"Deal {res.deal_no + 1}: {names[res.winner]} {verb}"

    def _question(self) -> str:
        st = self.state
        if st.phase != Phase.DECIDE or not st.offer:
            return ""
        names = self.session.names
        kind, seat = st.offer[0], st.offer[1]
        if kind == "rejoin":
            return f"{names[seat]}: rejoin the pool at the highest score + 1?"
        return f"{names[seat]}: split the pot between the players left?"

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        felt(surface)
        st = self.state
        y = m.pad
        t = fit_text(self._title(), m.title * 2 // 3, palette.GOLD, self.title_w, bold=True,
                     least=m.body)
        surface.blit(t, t.get_rect(midtop=(surface.get_width() // 2, y)))
        y += t.get_height() + 2
        sub = f"{variant_title(st.rules)} · scores after deal {st.deal_no}"
        s = fit_text(sub, m.small, palette.TEXT_DIM, surface.get_width() - 2 * m.pad)
        surface.blit(s, s.get_rect(midtop=(surface.get_width() // 2, y)))
        y += s.get_height() + 2
        for note in self._notes():
            s = fit_text(note, m.small, palette.HILITE, surface.get_width() - 2 * m.pad)
            surface.blit(s, s.get_rect(midtop=(surface.get_width() // 2, y)))
            y += s.get_height() + 2
        out = self._knocked_out_text()
        if out:  # an elimination is news: a tag of its own, not a word in a row
            s = fit_text(out, m.body, palette.TEXT, surface.get_width() - 4 * m.pad, bold=True)
            r = s.get_rect(midtop=(surface.get_width() // 2, y + 2))
            pygame.draw.rect(surface, (150, 46, 40), r.inflate(2 * m.pad, 4), border_radius=8)
            surface.blit(s, r)
        draw_sound_icon(surface, self.sound_button, not self.app.sounds.muted)
        clip = surface.get_clip()
        surface.set_clip(self.body)
        for row in self.rows[:self.revealed]:
            top = self.body.y + row[0] - self.scroll
            if top + row[1] < self.body.y or top > self.body.bottom:
                continue
            self._draw_row(surface, top, *row[1:])
        if len(st.history) > 1:
            self._draw_history(surface, self.body.y + self.history_top - self.scroll)
        surface.set_clip(clip)
        if self.content_h > self.body.h:
            k = self.scroll / max(1, self.content_h - self.body.h)
            bar_h = max(24, self.body.h * self.body.h // self.content_h)
            pygame.draw.rect(surface, palette.GOLD_DARK,
                             (surface.get_width() - 6, self.body.y + (self.body.h - bar_h) * k,
                              4, bar_h), border_radius=2)
        pygame.draw.rect(surface, palette.FELT_DARK, self.footer)
        q = self._question()
        if q:
            s = fit_text(q, m.small, palette.HILITE, surface.get_width() - 2 * m.pad, True)
            surface.blit(s, s.get_rect(midbottom=(surface.get_width() // 2, self.footer.y - 2)))
        for b in self.buttons:
            b.draw(surface, m.body)

    def _draw_history(self, surface, top: int) -> None:
        """Each deal's change per player, and the totals, as a small table."""
        m = self.m
        st = self.state
        names = self.session.names
        line = int(m.small * 1.35) + 2
        cols = st.players + 1
        col_w = self.body.w // cols
        box = pygame.Rect(self.body.x, top, self.body.w, (len(st.history) + 2) * line + m.pad // 2)
        pygame.draw.rect(surface, (18, 52, 38), box, border_radius=8)
        y = top + m.pad // 4

        def row(cells, color, bold=False):
            for i, text in enumerate(cells):
                img = fit_text(text, m.small, color, col_w - 6, bold=bold)
                x = box.x + i * col_w + (col_w - img.get_width()) // 2
                surface.blit(img, (x, y))

        row(["Deal", *names], palette.GOLD, True)
        y += line
        sign = "" if st.rules.lower_is_better else "+"
        for res in st.history:
            cells = [str(res.deal_no + 1)]
            for d in res.deltas:
                cells.append(f"{sign}{d}" if d > 0 else str(d))
            row(cells, palette.TEXT_DIM)
            y += line
        row(["Total", *(str(v) for v in st.scores)], palette.HILITE, True)

    def _draw_row(self, surface, top, h, r, groups, cw, why_lines) -> None:
        m = self.m
        st = self.state
        box = pygame.Rect(self.body.x, top, self.body.w, h)
        winner = r.status == "winner"
        fill = (44, 92, 56) if winner else (20, 58, 42)
        pygame.draw.rect(surface, fill, box, border_radius=8)
        if winner:
            pygame.draw.rect(surface, palette.GOLD, box, 2, border_radius=8)
        names = self.session.names
        name_w = m.px(210) if self.wide else 0
        line = int(m.small * 1.35)
        x0 = box.x + m.pad // 2
        status = STATUS_NAMES.get(r.status, r.status)
        if r.status == "out" and not st.in_match[r.seat]:
            status = "Out of the match"
        if r.status == "out":
            pays = ""
        elif winner:
            delta = st.result.deltas[r.seat] if st.result else 0
            pays = f"+{delta}" if not st.rules.lower_is_better else "scores 0"
        else:
            pays = f"pays {r.pays}"
        total = score_text(st.rules, st.scores[r.seat])
        knocked_out = not st.in_match[r.seat] and r.status != "out"
        head = f"{names[r.seat]}" + (f" · {status}" if status else "")
        if knocked_out:  # out of the match after this deal: a red frame and a tag
            pygame.draw.rect(surface, palette.DANGER, box, 3, border_radius=8)
            where = "pool" if st.rules.match == "pool" else "match"
            tag = fit_text(f"Out of the {where}", m.small, palette.TEXT, box.w // 2, True)
            tr = tag.get_rect(bottomright=(box.right - m.pad, box.bottom - m.pad // 2))
            pygame.draw.rect(surface, (150, 46, 40), tr.inflate(12, 4), border_radius=6)
            surface.blit(tag, tr)
        if self.wide:
            surface.blit(fit_text(head, m.body, palette.TEXT, name_w - m.pad, True),
                         (x0, top + 4))
            surface.blit(fit_text(pays, m.small, palette.HILITE, name_w), (x0, top + 4 + line + 2))
            surface.blit(fit_text(f"total {total}", m.small, palette.TEXT_DIM, name_w),
                         (x0, top + 4 + 2 * line + 2))
            cx, cy = box.x + name_w + m.pad, top + 4
        else:
            t = fit_text(head, m.body, palette.TEXT, box.w // 2, True)
            surface.blit(t, (x0, top + 3))
            summary = " · ".join(part for part in (pays, f"total {total}") if part)
            right = fit_text(summary, m.small, palette.HILITE, box.w // 2)
            surface.blit(right, right.get_rect(topright=(box.right - m.pad // 2, top + 4)))
            cx, cy = x0, top + line + 6
        wild = st.wild
        x = cx
        step = int(cw * OVERLAP)
        titles = [n.capitalize() for n in r.meld_names] + (
            [f"Counts {_points(st, r.deadwood)}"] if r.deadwood else [])
        card_y = cy + (line if groups else 0)
        starts = []
        for group in groups:
            starts.append(x)
            x += cw + step * (len(group) - 1) + int(cw * 0.32)
        x = cx
        font = fonts.font(m.small, True)
        prev_end = -1
        for gi, group in enumerate(groups):
            loose = gi == len(groups) - 1 and bool(r.deadwood)
            color = (236, 140, 120) if loose else palette.OK
            title = titles[gi] if gi < len(titles) else ""
            # over its group and the gap after it; the last may lean left to be read whole
            limit = starts[gi + 1] - 6 if gi + 1 < len(groups) else box.right - m.pad // 2
            lx = max(prev_end + 8, min(x, limit - font.size(title)[0]))
            label = fit_text(title, m.small, color, limit - lx, bold=True)
            surface.blit(label, (lx, cy + line - label.get_height() - 1))
            prev_end = lx + label.get_width()
            for card in group:
                img = _face(card, cw, card.is_joker or card.kind in wild, loose)
                surface.blit(img, (x, card_y))
                x += step
            x += cw - step + int(cw * 0.32)
        cy = card_y
        ty = cy + (int(cw * cardart.CARD_RATIO) + 2 if groups else 0)
        for text in why_lines:
            surface.blit(fonts.text(text, m.small, palette.TEXT_DIM), (cx, ty))
            ty += line
