"""The end of a deal, given its moment: the winner's hand laid out on the
table group by group, each card turned over as it lands from the winner's
seat, each group named once it is whole; a sound, and for the person's own
win a short shower of confetti (a bot's win is quieter: a softer sound and
no shower).  Long enough to read; then the scores.  A tap, Enter or the
button goes on at once.

Reduced motion (a setting) shows the same hand all at once, with no shower;
the speed setting scales the whole beat.

Over the table (not opaque), pushed by the table's ``pace`` when a deal is
settled; it replaces itself with the scores (the app's ``screens.scores``).
The table under it stands still, so its first frame keeps a picture of the
dimmed table with the empty panel and draws on that (opaque from then on: a
frame costs the cards and the shower, not the whole table again).  Reads the
settled state; changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.uikit.art import cardart, fonts, palette
from game.uikit.scene import Scene
from game.uikit.table.anim import Animator, Confetti, Flight
from game.uikit.table.draw_util import label_spots
from game.uikit.table.hand_layout import HandGeometry, flow_hand
from game.uikit.table.wording import readable
from game.uikit.widgets import (
    Button,
    Metrics,
    dim,
    fit_text,
    flow_buttons,
    panel,
    press_buttons,
    wrap,
)
from game.uikit.widgets.backdrop import kept

READ = 2.6  # seconds the whole hand stays after the last card lands, at normal speed
CARD = 0.07  # seconds between two cards turned over
GROUP = 0.16  # and the pause before each new group
FLY = 0.3  # seconds a card takes from the winner's seat to its place
LOOSE = (236, 140, 120)  # the label of cards in no meld
AHEAD = 0.002  # seconds of a quiet frame spent on the scores' card faces (its frames cost 3-5 ms)




def with_label_room(place: Callable[[list[int]], HandGeometry], groups: list[list],
                    titles: list[str], size: int) -> HandGeometry:
    """``place(sizes)`` for the groups, each made wide enough for its label
    (``size`` px, bold) to be read whole over it and the gap after it: a
    group too narrow is laid out as if it held one card more (the spare
    slot stays empty), a few times at most.  Draw only the slots a group's
    cards fill (``ci < len(group)``)."""
    font = fonts.font(size, True)
    want = [font.size(t)[0] + 6 if t else 0 for t in titles]
    sizes = [len(g) for g in groups]
    geo = place(sizes)
    for _ in range(4):
        short = [g for g, span in enumerate(geo.spans) if want[g] > span.w + geo.gap - 2]
        if not short:
            break
        for g in short:
            sizes[g] += 1
        geo = place(sizes)
    return geo


def beat(speed: float) -> float:
    """The showdown's time unit at the table's ``speed`` (never quite nothing:
    even at instant speed the hand is seen)."""
    return max(speed, 0.3)


class ShowdownScene(Scene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        st = table.state
        res = st.result
        names = table.session.names
        self.speed = beat(app.settings.speed)
        self.reduced = app.settings.reduced_motion
        win = next((r for r in res.seats if r.seat == res.winner), None) if res else None
        self.groups: list[list] = []
        self.titles: list[str] = []
        self.loose: list[bool] = []
        if win is not None:
            own = table.ask("seat_cards", win)  # the family's layout, as the scores show it
            melds, titles, loose = ((own.groups, own.names, own.loose) if own is not None
                                    else (win.melds, win.meld_names, win.deadwood))
            self.groups = [list(m) for m in melds]
            self.titles = [n[:1].upper() + n[1:] for n in titles]
            self.loose = [False] * len(self.groups)
            if loose:
                self.groups.append(list(loose))
                self.titles.append(table.ask("loose_title", win) or "Loose")
                self.loose.append(True)
        who = names[res.winner] if res and res.winner is not None else ""
        self.yours = res is not None and res.winner == table.bottom and not table.demo
        if res is None or res.void or win is None:
            self.title = "Void deal: no one pays"
            self.sub = ""
            self.yours = False
        elif self.groups:
            self.title = (table.ask("showdown_title", res, "You" if self.yours else who)
                          or f"{'You' if self.yours else who} declared: Rummy!")
            why = readable(_headline(win.why), names)
            self.sub = why[:1].upper() + why[1:]
        else:
            self.title = f"{'You win' if self.yours else who + ' wins'} the deal"
            self.sub = "Everyone else packed."
        self.winner = res.winner if res is not None and not res.void else None
        self.buttons = [Button("See the scores", self._go, style="primary", key="scores")]
        self._press: Button | None = None
        self.anim = Animator()
        self.anim.reduced = self.reduced
        self.confetti: Confetti | None = None
        self.reveal = 0.0  # seconds until the last card lands
        self.left = self.total = READ * self.speed
        self.geo = None
        self._backdrop: pygame.Surface | None = None  # the dimmed table, once drawn
        self._scores: Scene | None = None  # the scores to come, laid out ahead
        self._ahead = True  # whether the scores may have faces left to make

    # ------------------------------------------------------------ the moment
    def enter(self) -> None:
        """The sound of the end, the cards on their way, the shower for a win."""
        if self.winner is not None:
            self.app.play("win" if self.yours else "deal_end")
        self._deal_out()
        if self.yours and not self.reduced:
            self.confetti = Confetti(pygame.Rect(0, 0, *self.app.size),
                                     seed=self.table.state.deal_no)
        self.left = self.total = self.reveal + READ * self.speed

    def _deal_out(self) -> None:
        """Each card flies from the winner's seat to its place and turns over,
        group by group (reduced motion: all in place at once)."""
        self.anim.finish()
        self.reveal = 0.0
        if self.geo is None or self.winner is None:
            return
        src = self.table.seat_point(self.winner)
        delay = 0.0
        last = -1
        for gi, ci, rect in self.geo.slots:
            if ci >= len(self.groups[gi]):
                continue  # a label's room, not a card
            if gi != last and last >= 0:
                delay += GROUP
            last = gi
            card = self.groups[gi][ci]
            self.anim.fly(Flight(card, src, rect.center, max(24, rect.w * 2 // 3), rect.w,
                                 FLY * self.speed, delay * self.speed, wild=self._wild(card),
                                 hide=card, turn=True, arc=rect.h * 0.5))
            delay += CARD
        if not self.reduced:
            self.reveal = (delay + FLY) * self.speed

    def _wild(self, card) -> bool:
        # as the table marks them: a family may keep its wild cards in its
        # own state (a card seen late decides them), not in ``state.wild``
        return self.table.is_wild(card)

    # ------------------------------------------------------------ layout
    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        self.m = m
        self._place(size, m, None)
        if self.geo is not None:  # a short hand: the panel shrinks round the cards
            used = sum(r.h for r in self.geo.row_rects)
            self._place(size, m, used + m.pad // 2)
        if self.anim.busy:  # the flights were aimed at the old places
            self.anim.finish()
        self._backdrop, self.opaque = None, False  # the table is drawn again at the new size
        self._scores, self._ahead = None, True  # their faces change size too
        if self.confetti is not None:
            self.confetti.area = pygame.Rect(0, 0, *size)

    def _place(self, size: tuple[int, int], m: Metrics, cards_h: int | None) -> None:
        w = min(size[0] - 2 * m.pad, m.px(1000))
        label_h = int(m.small * 1.5)
        self.title_lines = wrap(self.title, m.body + 4, w - 2 * m.pad, True)[:2]
        self.sub_lines = wrap(self.sub, m.small, w - 2 * m.pad)[:2] if self.sub else ()
        head = int((m.body + 4) * 1.25) * len(self.title_lines) + int(m.body * 0.35) + \
            int(m.small * 1.3) * len(self.sub_lines) + (int(m.small * 0.3) if self.sub else 0)
        foot = m.button_h + m.pad
        if cards_h is None:  # a phone upright has the height to show the cards larger
            tallest = int(size[1] * 0.5) if size[1] > size[0] else m.px(320)
            cards_h = min(size[1] - 4 * m.pad - head - foot, tallest) if self.groups else 0
        self.rect = pygame.Rect(0, 0, w, head + cards_h + foot + 2 * m.pad)
        lay = self.table.layout
        centre_y = lay.middle.centery if lay is not None else size[1] // 2
        self.rect.center = (size[0] // 2, centre_y)
        self.rect.clamp_ip(pygame.Rect(0, 0, *size))
        inner = self.rect.inflate(-2 * m.pad, -2 * m.pad)
        self.head_y = inner.y
        area = pygame.Rect(inner.x, inner.y + head, inner.w, cards_h)
        most = m.px(112 if self.app.settings["large_cards"] else 96)
        self.geo = with_label_room(lambda sizes: flow_hand(sizes, area, most, label_h),
                                   self.groups, self.titles, m.small) if self.groups else None
        buttons = pygame.Rect(inner.x, inner.bottom - m.button_h, inner.w, m.button_h)
        flow_buttons(self.buttons, buttons, m.body, m.button_h, m.pad, m.pad * 2)

    # ------------------------------------------------------------ input, time
    def handle_event(self, event: pygame.event.Event) -> bool:
        pressed = self._press
        press_buttons(self, event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pressed is None \
                and not self.rect.collidepoint(event.pos):
            self._go()  # a tap anywhere off the panel goes on too
        if event.type == pygame.KEYDOWN:
            if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                 pygame.K_ESCAPE):
                return False  # unused: a global key (M) may take it
            self._go()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.confetti is not None:
            self.confetti.update(dt)
        if self._backdrop is not None and not self.anim.busy:
            self._scores_ahead()
        self.left -= dt
        if self.left <= 0:
            self._go()

    def _scores_ahead(self) -> None:
        """The hand is down and the frames are quiet: lay out the scores to
        come (one frame), then make their card faces a few a frame.  Made in
        the scores' first frames, they cost the browser 43 ms in one."""
        if self._scores is None:
            self._scores = self.app.screens.scores(self.table)
            self._scores.resize(self.app.size)
        elif self._ahead:
            make = getattr(self._scores, "make_ahead", None)  # another screen may have none
            self._ahead = make is not None and make(AHEAD)

    @property
    def animating(self) -> bool:
        return True

    @property
    def revealed(self) -> bool:
        """Whether every card of the winner's hand is in its place."""
        return not self.anim.busy

    def _go(self) -> None:
        if self.app.top is not self:
            return
        app = self.app
        app.pop()
        scores = self._scores  # made ahead (the same scene a fresh one would be) or now
        app.push(scores if scores is not None else app.screens.scores(self.table))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            dim(surface, 90)  # over the table the app drew first
            panel(surface, self.rect, edge=palette.GOLD)
            # the panel is kept in the picture too: blended again every frame it
            # cost the browser ~15 ms a frame at 1280x720
            self._backdrop, self.opaque = self.app.picture.of(surface), True
        else:
            kept(surface, self._backdrop, (self.rect,))
        y = self.head_y
        for line in self.title_lines:
            t = fit_text(line, m.body + 4, palette.GOLD, self.rect.w - 2 * m.pad, bold=True)
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += int((m.body + 4) * 1.25)
        y += int(m.body * 0.35)
        for k, line in enumerate(self.sub_lines):
            if k == len(self.sub_lines) - 1 and len(self.sub_lines) < len(
                    wrap(self.sub, m.small, self.rect.w - 2 * m.pad)):
                line += " …"
            s = fit_text(line, m.small, palette.TEXT, self.rect.w - 2 * m.pad)
            surface.blit(s, s.get_rect(midtop=(self.rect.centerx, y)))
            y += int(m.small * 1.3)
        geo = self.geo
        if geo is not None:
            self._draw_cards(surface, geo)
        for b in self.buttons:
            b.draw(surface, m.body)
        # how long until the scores come by themselves: a thin bar under the buttons
        k = max(0.0, self.left / self.total) if self.total else 0.0
        bar = pygame.Rect(self.rect.x + m.pad, self.rect.bottom - 6,
                          int((self.rect.w - 2 * m.pad) * k), 3)
        pygame.draw.rect(surface, palette.GOLD_DARK, bar)
        self.anim.draw(surface)
        if self.confetti is not None:
            self.confetti.draw(surface)

    def _draw_cards(self, surface: pygame.Surface, geo) -> None:
        m = self.m
        hidden = self.anim.hidden()
        whole = [True] * len(self.groups)  # a group is named once its last card is down
        for gi, ci, rect in geo.slots:
            if ci >= len(self.groups[gi]):
                continue
            card = self.groups[gi][ci]
            if card in hidden:
                whole[gi] = False
                continue
            surface.blit(cardart.face(card, rect.w, wild=self._wild(card)), rect)
        spots = label_spots(geo, self.titles, m.small, self.rect.right - m.pad)
        for gi, span in enumerate(geo.spans):
            if not whole[gi]:
                continue
            x, room = spots[gi]
            label = fit_text(self.titles[gi], m.small, LOOSE if self.loose[gi] else palette.OK,
                             room, bold=True)
            surface.blit(label, (x, span.y - geo.lift - geo.label_h + 2))


def _headline(why: str) -> str:
    """What the winner's hand did, from the settlement's why: its first clause
    (the money is the scores' to tell), or nothing where it only says the
    winner showed, which the title says already."""
    first = why.split("; ")[0].strip()
    return "" if first.lower() == "declared" or first.lower().startswith("showed") else first
