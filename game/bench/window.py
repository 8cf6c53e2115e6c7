"""Frame time of the table scene mid-deal, headless: ``bench_lines()`` is what
``python -m game.bench`` prints for the UI (also runnable on its own)."""

from __future__ import annotations

import os
import statistics
import time

import pygame

from game.engine import Phase
from game.families import make_bot
from game.ui.app import App

FRAMES = 300


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _mid_deal_app(size: tuple[int, int], seed: int):
    """An app whose table is mid-deal with the person to discard."""
    for attempt in range(20):  # a deal that ends early gives way to another seed
        app = App(size, load=False, save=False, seed=seed + attempt)
        app.settings.set("speed", "instant")
        table = app.top
        helper = make_bot("greedy", seed)
        for _ in range(3000):
            app.step(1 / 60)
            if app.top is not table or table.state.phase not in (Phase.DRAW, Phase.DISCARD):
                break
            if not table.my_turn or table.anim.busy:
                continue
            if len(table.session.actions) >= 24 and table.state.phase == Phase.DISCARD:
                return app, table
            table.act(helper.choose(table.session.view(table.bottom)))
    raise RuntimeError("no seed gave a deal long enough to measure")


def _time_frames(app, frames: int, wiggle: bool = True) -> list[float]:
    times = []
    w, h = app.size
    for i in range(frames):
        if wiggle:  # a moving pointer, as with a person at the table
            pos = (int(w * (0.2 + 0.6 * (i % 60) / 60)), int(h * 0.8))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                                 buttons=(0, 0, 0)))
        t = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    return times


def _line(label: str, times: list[float]) -> str:
    return (f"ui {label}: median {statistics.median(times):.2f} ms, "
            f"p99 {_percentile(times, 0.99):.2f} ms over {len(times)} frames")


def bench_lines(frames: int = FRAMES) -> list[str]:
    """Median and p99 of ``App.step`` on the table mid-deal (goal: median ≤ 4 ms)."""
    # headless: SDL reads these when the window opens, not when pygame is imported
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

    lines = []
    for size in ((1280, 720), (390, 844)):
        app, table = _mid_deal_app(size, seed=11)
        _time_frames(app, 30)  # warm the card and text caches
        times = _time_frames(app, frames)
        lines.append(_line(f"table frame, your turn, {size[0]}x{size[1]}", times))
    # the AI's turns at normal speed: slides, pauses and sliced thinking
    app, table = _mid_deal_app((1280, 720), seed=12)
    app.settings.set("speed", "normal")
    table.discard_chosen()
    times = _time_frames(app, frames, wiggle=False)
    lines.append(_line("table frame, AI turns (incl. ≤3 ms thinking), 1280x720", times))
    pygame.quit()
    return lines


if __name__ == "__main__":
    for text in bench_lines():
        print(text)
