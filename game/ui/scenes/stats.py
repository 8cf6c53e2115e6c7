"""The statistics screen: the person's record by game and opponent level,
and a chart of the last 50 deals (bars drawn with pygame: up for points won,
down for points lost, gold for a deal won).  Reset asks first."""

from __future__ import annotations

import pygame

from game.app.menu_config import VARIANTS
from game.app.players import level_name
from game.app.stats_store import MAX_POINTS, MIXED, RECENT, Summary
from game.ui.scenes.confirm import ConfirmDialog
from game.uikit.art import fonts, palette
from game.uikit.form_scene import FormScene
from game.uikit.widgets import (
    Button,
    Buttons,
    Choice,
    Heading,
    Metrics,
    Row,
    Text,
    fit_text,
    right,
    wrap,
)

ALL = None  # the filter that takes every game (or every level)


def percent(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)}%"


def figures(s: Summary) -> list[tuple[str, str]]:
    """The numbers the screen shows, as (label, value)."""
    ppd = s.points_per_deal
    return [
        ("Deals played", str(s.deals)),
        ("Deals won", f"{s.won} ({percent(s.win_rate)})"),
        ("Matches played", str(s.matches)),
        ("Matches won", f"{s.matches_won} ({percent(s.match_rate)})"),
        ("Points per deal", "–" if ppd is None else f"{ppd:+.1f}"),
        ("Best winning streak", str(s.best_streak)),
        ("Drops", str(s.drops)),
        ("Wrong shows", str(s.wrong_shows)),
        ("Deals with hints", str(s.hinted)),
        ("Void deals", str(s.void)),
    ]


def chart_title(shown: int) -> str:
    """The chart's heading: how many of the last deals it shows."""
    if not shown:
        return f"The last {RECENT} deals"
    return "The last deal" if shown == 1 else f"The last {shown} deals"


class Figures(Row):
    """Label and value pairs in two columns; a label too long for its place
    goes on over more lines (never cut)."""

    focusable = False

    def __init__(self, pairs) -> None:
        self.pairs = pairs  # a callable giving [(label, value)]

    def _line(self, m: Metrics) -> int:
        return int(m.small * 1.55)

    def _cells(self, m: Metrics, width: int) -> list[tuple[tuple[str, ...], str]]:
        """Each pair as (the label's lines, the value)."""
        half = width // 2
        out = []
        for label, value in self.pairs():
            vw = min(half // 2, fonts.font(m.small, True).size(value)[0])
            out.append((wrap(label, m.small, max(10, half - vw - 2 * m.pad)), value))
        return out

    def _row_heights(self, m: Metrics, width: int) -> list[int]:
        cells = self._cells(m, width)
        step = int(m.small * 1.2)
        return [self._line(m) + step * (max(len(c[0]) for c in cells[i:i + 2]) - 1)
                for i in range(0, len(cells), 2)]

    def height(self, m: Metrics, width: int) -> int:
        return sum(self._row_heights(m, width)) + 4

    def draw(self, surface, rect, m, focus) -> None:
        half = rect.w // 2
        step = int(m.small * 1.2)
        y = rect.y
        cells = self._cells(m, rect.w)
        for row, row_h in enumerate(self._row_heights(m, rect.w)):
            for col, (lines, value) in enumerate(cells[2 * row:2 * row + 2]):
                x = rect.x + col * half
                v = fit_text(value, m.small, palette.HILITE, half // 2, bold=True)
                surface.blit(v, v.get_rect(topright=(x + half - m.pad, y)))
                for k, line in enumerate(lines):
                    surface.blit(fonts.text(line, m.small, palette.TEXT), (x, y + k * step))
            y += row_h


EMPTY = "No deals yet: play a game against the computer."
KEY = "gold: won · green: points up · red: points down"


class Chart(Row):
    """The last deals as bars around a zero line."""

    focusable = False

    def __init__(self, deals) -> None:
        self.deals = deals  # a callable giving [(points, won)], oldest first

    def _key_lines(self, m: Metrics, width: int) -> tuple[str, ...]:
        return wrap(KEY, m.small, width - 2 * m.pad)

    def height(self, m: Metrics, width: int) -> int:
        # the bars keep their height however many lines the key takes
        return max(m.px(200), 150) + (len(self._key_lines(m, width)) - 1) * int(m.small * 1.3)

    def draw(self, surface, rect, m, focus) -> None:
        deals = self.deals()
        pygame.draw.rect(surface, (14, 46, 32), rect, border_radius=8)
        pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 1, border_radius=8)
        head = chart_title(len(deals))
        t = fit_text(head, m.small, palette.GOLD, rect.w - 2 * m.pad, bold=True)
        surface.blit(t, (rect.x + m.pad, rect.y + 4))
        step = int(m.small * 1.3)
        key = self._key_lines(m, rect.w)
        area = pygame.Rect(rect.x + m.pad, rect.y + t.get_height() + 8, rect.w - 2 * m.pad,
                           rect.h - t.get_height() - 12 - len(key) * step)
        if not deals:
            lines = wrap(EMPTY, m.small, area.w)
            y = area.centery - len(lines) * step // 2
            for line in lines:
                s = fonts.text(line, m.small, palette.TEXT_DIM)
                surface.blit(s, s.get_rect(midtop=(area.centerx, y)))
                y += step
            return
        # the record's points are bounded when read (Bucket.parse); past that bound
        # (a record built otherwise) a bar is cut at the top rather than the scale
        # overflowing a float or a bar's height a Rect
        top = min(max(1, max(abs(p) for p, _ in deals)), MAX_POINTS)
        mid = area.centery
        scale = (area.h / 2 - 2) / top
        slot = area.w / RECENT  # bars keep one width however many deals there are
        bar = max(2, int(slot * 0.7))
        for i, (points, won) in enumerate(deals):
            x = int(area.x + i * slot + (slot - bar) / 2)
            hgt = max(2, int(min(abs(points), top) * scale))
            color = palette.GOLD if won else (palette.OK if points > 0 else
                                              (200, 90, 80) if points < 0 else palette.TEXT_DIM)
            y = mid - hgt if points > 0 else mid
            pygame.draw.rect(surface, color, (x, y, bar, hgt))
        pygame.draw.line(surface, palette.TEXT_DIM, (area.x, mid), (area.right, mid), 1)
        scale_text = fonts.text(f"tallest bar: {top} points", m.small, palette.TEXT_DIM)
        if scale_text.get_width() + t.get_width() + 3 * m.pad < rect.w:  # in the heading's row
            surface.blit(scale_text, (rect.right - m.pad - scale_text.get_width(), rect.y + 4))
        y = rect.bottom - 3 - len(key) * step
        for line in key:
            s = fonts.text(line, m.small, palette.TEXT_DIM)
            surface.blit(s, (rect.x + m.pad, y + (step - s.get_height())))
            y += step


class StatsScene(FormScene):
    max_width = 620
    wide_width = 1100

    def __init__(self, app) -> None:
        self.preset: str | None = ALL
        self.level: str | None = ALL
        super().__init__(app)

    @property
    def store(self):
        return self.app.stats

    def rows(self) -> list[Row]:
        store = self.store
        chart = Chart(lambda: store.recent(self.preset, self.level))
        chart.column = 1
        title = Heading("Statistics", big=True)
        return [
            title,
            *([_span(Text(store.problem, color=palette.DANGER))] if store.problem else []),
            Choice("Game", self._preset_name, self._cycle_preset, key="game"),
            Choice("Opponents", self._level_name, self._cycle_level, key="opponents"),
            Figures(lambda: figures(store.summary(self.preset, self.level))),
            chart,
            right(Text("Practice games and games with several people at one screen "
                       "are not counted.")),
            _span(Buttons(Button("Reset…", self._ask_reset, style="danger", key="reset"),
                          Button("Done", self.back, style="primary", key="done"))),
        ]

    # ------------------------------------------------------------ filters
    def _preset_name(self) -> str:
        if self.preset is ALL:
            return "All games"
        return VARIANTS.get(self.preset, (self.preset, ""))[0]

    def _level_name(self) -> str:
        if self.level is ALL:
            return "All levels"
        return "Mixed levels" if self.level == MIXED else level_name(self.level)

    def _cycle_preset(self, step: int) -> None:
        keys = [ALL, *self.store.presets()]
        self.preset = keys[(keys.index(self.preset) + step) % len(keys)]
        if self.level is not ALL and self.level not in self.store.levels(self.preset):
            self.level = ALL
        self.rebuild()  # the figures' labels wrap around values of other widths

    def _cycle_level(self, step: int) -> None:
        keys = [ALL, *self.store.levels(self.preset)]
        at = keys.index(self.level) if self.level in keys else 0
        self.level = keys[(at + step) % len(keys)]
        self.rebuild()

    # ------------------------------------------------------------ reset
    def _ask_reset(self) -> None:
        self.app.push(ConfirmDialog(
            self.app, "Reset the statistics?",
            "Every number and the chart start again from nothing. This cannot be undone.",
            yes=("Reset", self._reset), no="Keep them"))

    def _reset(self) -> None:
        problem = self.store.reset()
        self.preset = self.level = ALL
        self.refresh()
        self.app.toast(problem or "The statistics start afresh.",
                       palette.DANGER if problem else palette.TEXT, 3.0)


def _span(row: Row) -> Row:
    row.span = True
    return row
