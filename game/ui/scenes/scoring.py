"""After each deal: what each player got from it, first and largest; then
every hand laid out in its melds with its count and why, what each player
pays, the running totals, and the match result at the end.

Everything under the title scrolls: each player's net for the deal (counting
up into the totals: the deal's points arrive), the deal's notes (wrapped,
never cut), a table of the family's own (``TablePart.score_table``: who pays
whom, an exchange of bonus points), each seat's cards and why, and the deals
so far.  What the nets or the family's table already say is not said again:
the settlement's "totals" and "payments" notes, a seat's "net" clause (the
words are ``score_words``').  With the setting on, the next deal starts by
itself after a countdown, which any touch stops.  The painting is the
``painter``'s (``score_draw``)."""

from __future__ import annotations

import pygame

from game.app.menu_config import variant_title
from game.engine import Answer, NextDeal, Phase
from game.engine.actions import SeatOutcome
from game.ui.host import copy_text
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.score_draw import (
    ScorePainter,
    SeatCards,
    _points,
    history_rows,
    label_flow,
    loose_chunks,
    net_rows,
)
from game.ui.scenes.score_words import (
    NetCell,
    deal_nets,
    deal_notes,
    knocked_out,
    knocked_out_text,
    offer_question,
    score_title,
    seat_words,
)
from game.ui.table.coaching import review_available
from game.uikit.art import fonts, palette
from game.uikit.scene import Scene
from game.uikit.widgets import Button, Metrics, felt, fit_text, flow_buttons, record, wrap
from game.uikit.widgets.icons import draw_sound_icon

DEMO_NEXT = 4.0  # seconds a demo shows the scores
COUNT_UP = 1.2  # seconds the deal's points take to count into the totals at normal speed


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
        self.blocks: list[tuple] = []
        self.revealed = 0  # rows drawn: one more a frame, not every hand's new faces in one
        self.code = None if table.demo else self.session.deal_code()
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        self.painter = ScorePainter(self)  # paints what the layout below places
        settings = app.settings
        # the deal's points counting into the totals, 0 → 1 (at once with reduced motion)
        self.tally = 1.0 if settings.reduced_motion else 0.0
        self.count_time = COUNT_UP * max(settings.speed, 0.3)
        # seconds until the next deal starts by itself (None: it waits for a press)
        wait = settings["next_deal"]
        self.countdown: float | None = float(wait) if wait and self._may_count_down() else None

    def _may_count_down(self) -> bool:
        """Whether the next deal may start by itself: a deal over, a person
        to start the next (no question pending, no match over, no demo)."""
        return not self.table.demo and self.state.phase == Phase.DEAL_OVER

    @property
    def state(self):
        return self.session.state

    # ------------------------------------------------------------ buttons
    def _make_buttons(self) -> list[Button]:
        st = self.state
        if self.table.demo:
            return [Button("Exit demo", self.app.to_menu, key="menu")]
        seat = st.offer[1] if st.phase == Phase.DECIDE and st.offer else None
        if seat is not None and not self.session.is_bot(seat):  # a person decides
            who = f"{self.session.names[seat]}: " if self.session.pass_and_play else ""
            if st.offer[0] == "rejoin":
                return [Button(f"{who}Rejoin", lambda: self._answer(True), style="primary",
                               key="yes"),
                        Button("Stay out", lambda: self._answer(False), key="no")]
            return [Button(f"{who}Split the pot", lambda: self._answer(True), style="primary",
                           key="yes"),
                    Button("Play on", lambda: self._answer(False), key="no")]
        if st.phase == Phase.MATCH_OVER:
            first = [Button("New match", self._new_match, style="primary", key="new")]
        elif st.phase == Phase.DEAL_OVER:
            first = [Button("Next deal", self._next, style="primary", key="next")]
        else:
            first = []
        return first + self._deal_buttons() + [Button("Menu", self.app.to_menu, key="menu")]

    def _deal_buttons(self) -> list[Button]:
        """What a person may do with the deal just played: watch it again move
        by move, deal the same cards again, read the coach's review.  (Practice
        takes no move back here: a settled deal's scores stand.)"""
        out: list[Button] = []
        deal = self.session.last_deal
        if deal is not None and deal.end.deal_no == self.state.deal_no:
            out.append(Button("Replay", self._replay, key="replay"))
        if self.code is not None:
            out.append(Button("Play again", self._again, key="again"))
        if deal is not None and review_available(self.session):
            out.append(Button("Review", self._review, key="review"))
        return out

    def _replay(self) -> None:
        deal = self.session.last_deal
        if deal is not None:
            self.app.push(ReplayScene(self.app, deal, self.session.names))

    def _again(self) -> None:
        self.app.ask_play_code(self.code, like=self.session)

    def _review(self) -> None:
        self.app.push(ReviewScene(self.app, self.session))

    def _copy_code(self) -> None:
        text = self.code.text
        if copy_text(text):
            self.app.toast(f"Copied the deal code {text}", seconds=3.0)
        else:
            self.app.toast(f"The deal code is {text}", seconds=5.0)

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
        probe = pygame.Rect(m.pad, 0, w - 2 * m.pad, h)  # how many rows the buttons take
        rows = flow_buttons(self.buttons, probe, m.body, m.button_h, m.pad, m.pad * 2)
        foot_h = rows * m.button_h + (rows - 1) * m.pad + 2 * m.pad
        self.footer = pygame.Rect(0, h - foot_h, w, foot_h)
        flow_buttons(self.buttons, self.footer.inflate(-2 * m.pad, -2 * m.pad), m.body,
                     m.button_h, m.pad, m.pad * 2)
        head_lines = 2 + (1 if knocked_out(self.state) else 0) + len(
            self._code_lines(w - 2 * m.pad))
        self.header = pygame.Rect(0, 0, w, int(m.body * 1.5 * head_lines) + m.pad)
        icon = max(m.touch, m.px(44))
        self.sound_button = pygame.Rect(w - m.pad // 2 - icon, 4, icon, icon)
        self.title_w = w - 2 * (icon + m.pad)
        self._place_body()

    def _place_body(self) -> None:
        """The scrolling body, from the header down to the lines over the buttons
        (a question, the countdown), never under them: the totals asked about stay readable."""
        m = self.m
        self.note_lines = self._note_lines()
        note_h = len(self.note_lines) * self._note_line_h()
        note_h += 4 if note_h else 0  # 2 px clear of the body, 2 of the buttons
        self.body = pygame.Rect(m.pad, self.header.bottom, self.footer.w - 2 * m.pad,
                                self.footer.y - note_h - self.header.bottom)
        self._layout_rows()

    def _note_lines(self) -> tuple[str, ...]:
        """The lines over the buttons: the question asked, else the countdown."""
        text = self._question() or self._countdown_text()
        return wrap(text, self.m.small, self.footer.w - 2 * self.m.pad, True) if text else ()

    def _note_line_h(self) -> int:
        return fonts.font(self.m.small, True).get_height()

    def _code_line(self) -> str:
        """The deal's code, and whether hints were used or it was practice."""
        return " · ".join(self._code_parts())

    def _code_parts(self) -> list[str]:
        parts = [f"Deal code {self.code.text}"] if self.code is not None else []
        if self.state.deal_no in self.session.hinted:
            parts.append("hints used")
        if self.session.practice:
            parts.append("practice, not counted")
        return parts

    def _code_lines(self, width: int) -> list[str]:
        """The code line, or on a narrow screen the code over its notes."""
        parts = self._code_parts()
        whole = " · ".join(parts)
        if len(parts) < 2 or fonts.font(self.m.small).size(whole)[0] <= width:
            return [whole] if whole else []
        return [parts[0], " · ".join(parts[1:])]

    def _notes(self) -> list[str]:
        return deal_notes(self.state.result, self.session.names)

    def _nets(self) -> list[NetCell]:
        return deal_nets(self.table, self.state)

    def _layout_rows(self) -> None:
        m = self.m
        st = self.state
        res = st.result
        self.rows = []
        self.blocks: list[tuple[int, int, str, object]] = []  # (y, h, kind, what)
        if res is None:
            self.content_h = 0
            return
        names = self.session.names
        line = int(m.small * 1.35)
        y = 0
        # what each player got from the deal, first
        cells = self._nets()
        if cells:
            rows = net_rows(cells, self.body.w, m, st.rules)
            h = rows * self.painter.net_cell_h() + (rows - 1) * (m.pad // 2)
            self.blocks.append((y, h, "nets", cells))
            y += h + m.pad // 2
        # the deal's notes, whole
        note_lines = [ln for note in self._notes() for ln in wrap(note, m.small, self.body.w)]
        if note_lines:
            h = line * len(note_lines) + m.pad // 2
            self.blocks.append((y, h, "notes", note_lines))
            y += h
        # the family's own table
        table = self.table.ask("score_table", res)
        if table is not None:
            h = self._table_height(table)
            self.blocks.append((y, h, "table", table))
            y += h + m.pad // 2
        order = sorted(res.seats, key=lambda r: (r.status != SeatOutcome.WINNER,
                                                 r.status == SeatOutcome.OUT, r.seat))
        name_w = m.px(210) if self.wide else 0
        # a row's cards and words start half a pad in (a whole pad beside the
        # name on a desktop) and keep as much clear of the right edge: a line
        # wider than that would cross the body's edge, and a line that does
        # is not drawn (``ScorePainter._put``)
        cards_w = self.body.w - name_w - m.pad
        for r in order:
            cards = self._seat_cards(r)
            why = "" if r.status == SeatOutcome.OUT else seat_words(self.table, r, names)
            why_lines = wrap(why, m.small, max(40, cards_w)) if why else ()
            head = 0 if self.wide else line + 2
            geo = self._cards(cards, cards_w)
            ch = sum(rr.h for rr in geo.row_rects) - geo.lift if geo is not None else 0
            h = max(head + ch + line * len(why_lines) + m.pad, 3 * line + m.pad if self.wide
                    else 0)
            if not st.in_match[r.seat] and r.status != SeatOutcome.OUT:
                h += line + m.pad // 2  # a line for the "Out of the pool" tag
            self.rows.append((y, h, r, cards, geo, why_lines))
            y += h + m.pad // 2
        self.history_top = y
        if len(st.history) > 1:  # a table of every deal so far
            y += (len(history_rows(st)) + 2) * (line + 2) + m.pad
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.content_h - self.body.h))

    def _cards(self, cards: SeatCards, width: int):
        """Where a seat's groups go (``label_flow``), or None for no cards."""
        if not cards.groups:
            return None
        m = self.m
        most = m.px(80 if self.app.settings["large_cards"] else 64)
        return label_flow(cards.groups, cards.titles, width, most, int(m.small * 1.35), m.small)

    def _seat_cards(self, r) -> SeatCards:
        """A seat's cards as the family shows them (``TablePart.seat_cards``),
        else its melds and loose cards; a long run of loose cards is cut by
        suit so it can wrap."""
        own = self.table.ask("seat_cards", r)
        if own is not None:
            melds, names, loose = own.groups, own.names, own.loose
        else:
            melds, names, loose = r.melds, r.meld_names, r.deadwood
        groups = [list(g) for g in melds]
        titles = [n[:1].upper() + n[1:] for n in names] + [""] * (len(groups) - len(names))
        flags = [False] * len(groups)
        if loose:
            winner = r.status == SeatOutcome.WINNER
            title = self.table.ask("loose_title", r)
            if title is None:  # a winner's loose cards (last in, a free card) cost nothing
                title = "Not melded" if winner else f"Counts {_points(self.state, loose)}"
            chunks = loose_chunks(list(loose))
            groups += chunks
            titles += [title] + [""] * (len(chunks) - 1)
            flags += [not winner] * len(chunks)
        return SeatCards(groups, titles, flags)

    def _table_height(self, table) -> int:
        m = self.m
        line = int(m.small * 1.35) + 2
        notes = sum(len(wrap(n, m.small, self.body.w - m.pad)) for n in table.notes)
        return (1 + len(table.rows) + notes) * line + m.pad

    def make_ahead(self, seconds: float) -> bool:  # before these scores show: ScorePainter's
        return self.painter.make_ahead(seconds)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL,
                          pygame.FINGERDOWN):
            self.countdown = None  # a touch: the person is reading, the next deal waits
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and self.sound_button.collidepoint(event.pos) and self._drag_from is not None \
                and self.sound_button.collidepoint(self._drag_from):
            self._drag_from = None
            self.app.toggle_mute()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.code is not None \
                and self.code_rect.collidepoint(event.pos) and self._drag_from is not None \
                and self.code_rect.collidepoint(self._drag_from):
            self._drag_from = None
            self._copy_code()
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
            self.table.commands.open_pause()
            return True
        return False

    def _scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(y, self.content_h - self.body.h))

    # ------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.revealed += 1
        if self._moved_on():
            self.app.pop()
            return
        lines = self._note_lines()  # once a frame: the countdown's number moves on
        if len(lines) != len(self.note_lines):
            self._place_body()  # the countdown stopped, or went: its room is the scores'
        else:
            self.note_lines = lines
        if self.tally < 1.0:
            self.tally = min(1.0, self.tally + dt / self.count_time) if self.count_time else 1.0
        if self.countdown is not None:
            if not self._may_count_down():
                self.countdown = None
            else:
                self.countdown -= dt
                if self.countdown <= 0:
                    self.countdown = None
                    self._next()
                    return
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
    def _countdown_text(self) -> str:
        if self.countdown is not None:
            return f"The next deal starts in {max(1, int(self.countdown + 0.999))} s (tap to stay)"
        left = self._room_clock()
        if left is None:
            return ""
        return f"The table deals the next deal in {max(1, int(left + 0.999))} s"

    def _room_clock(self) -> float | None:
        """Seconds until a room's turn timer deals the next deal by itself
        (None: no room, no timer, or no deal over)."""
        clock = getattr(self.session, "time_left", None)
        if clock is None or self.state.phase != Phase.DEAL_OVER:
            return None
        return clock()

    def _moved_on(self) -> bool:
        """A room dealt the next deal while these scores showed (its timer ran
        out, or the others were ready): the table plays it, so it comes back."""
        return self.state.phase == Phase.DEAL_OVER and bool(getattr(self.session, "waiting",
                                                                     False))

    def _question(self) -> str:
        return offer_question(self.state, self.session.names)

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        felt(surface)
        st = self.state
        y = m.pad
        t = fit_text(score_title(self.state, self.session.names), m.title * 2 // 3,
                     palette.GOLD, self.title_w, bold=True, least=m.body)
        surface.blit(t, t.get_rect(midtop=(surface.get_width() // 2, y)))
        y += t.get_height() + 2
        sub = f"{variant_title(st.rules)} · scores after deal {st.deal_no}"
        s = fit_text(sub, m.small, palette.TEXT_DIM, surface.get_width() - 2 * m.pad)
        surface.blit(s, s.get_rect(midtop=(surface.get_width() // 2, y)))
        y += s.get_height() + 2
        for k, code in enumerate(self._code_lines(surface.get_width() - 2 * m.pad)):
            s = fit_text(code, m.small, palette.HILITE, surface.get_width() - 2 * m.pad)
            rect = s.get_rect(midtop=(surface.get_width() // 2, y))
            if k == 0:
                self.code_rect = rect  # tap it to copy the code
            surface.blit(s, rect)
            y += s.get_height() + 2
        out = knocked_out_text(self.state, self.session.names)
        if out:  # an elimination is news: a tag of its own, not a word in a row
            s = fit_text(out, m.body, palette.TEXT, surface.get_width() - 4 * m.pad, bold=True)
            r = s.get_rect(midtop=(surface.get_width() // 2, y + 2))
            pygame.draw.rect(surface, (150, 46, 40), r.inflate(2 * m.pad, 4), border_radius=8)
            surface.blit(s, r)
        draw_sound_icon(surface, self.sound_button, not self.app.sounds.muted)
        clip = surface.get_clip()
        surface.set_clip(self.body)
        for top, h, kind, what in self.blocks:
            top += self.body.y - self.scroll
            if top + h < self.body.y or top > self.body.bottom:
                continue
            if kind == "nets":
                self.painter.nets(surface, top, what, self.tally)
            elif kind == "notes":
                self.painter.notes(surface, top, what)
            else:
                self.painter.family_table(surface, top, h, what)
        for row in self.rows[:self.revealed]:
            top = self.body.y + row[0] - self.scroll
            if top + row[1] < self.body.y or top > self.body.bottom:
                continue
            self.painter.seat_row(surface, top, *row[1:])
        if len(st.history) > 1:
            self.painter.history(surface, self.body.y + self.history_top - self.scroll)
        surface.set_clip(clip)
        if self.content_h > self.body.h and record.ACTIVE is not None \
                and (rec := record.on(surface)) is not None:
            rec.scrolling(self.body)  # the fit test: a row cut at the body's edge is meant
        if self.content_h > self.body.h:
            k = self.scroll / max(1, self.content_h - self.body.h)
            bar_h = max(24, self.body.h * self.body.h // self.content_h)
            pygame.draw.rect(surface, palette.GOLD_DARK,
                             (surface.get_width() - 6, self.body.y + (self.body.h - bar_h) * k,
                              4, bar_h), border_radius=2)
        pygame.draw.rect(surface, palette.FELT_DARK, self.footer)
        lines = self.note_lines
        y = self.footer.y - 2 - len(lines) * self._note_line_h()
        for text in lines:
            s = fit_text(text, m.small, palette.HILITE, surface.get_width() - 2 * m.pad, True)
            surface.blit(s, s.get_rect(midtop=(surface.get_width() // 2, y)))
            y += self._note_line_h()
        for b in self.buttons:
            b.draw(surface, m.body)
