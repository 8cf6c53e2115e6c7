"""The frame-time log: how long each frame took and what ran in it.

``main.py --frame-log`` (or ``?frame_log=1`` in the page's address) turns it
on; the app then times its own parts (events, update, draw, and inside them
the bots' thinking, the engine's moves, the hand's evaluation) and prints a
summary every ``every`` seconds and when it ends::

    frames 1800 in 30.0 s: gaps median 16.7 ms, p99 19.0 ms, longest 24.1 ms;
    work per frame: p99 9.0 ms, longest 12.2 ms
      (longest gap, frame 412: update 6.2 ms, draw 4.0 ms, bot 3.1 ms, play 2.4 ms)

A frame's gap is the time from its start to the next frame's start, so it
holds the frame's own work and whatever the loop or the browser did before
the next one.  Off, it costs one attribute test per timed part.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_clock = time.perf_counter


class _Section:
    __slots__ = ("log", "name", "start")

    def __init__(self, log: FrameLog, name: str) -> None:
        self.log = log
        self.name = name

    def __enter__(self) -> None:
        self.start = _clock()

    def __exit__(self, *exc) -> None:
        self.log.add(self.name, _clock() - self.start)


class _Nothing:
    __slots__ = ()

    def __enter__(self) -> None:
        pass

    def __exit__(self, *exc) -> None:
        pass


NOTHING = _Nothing()


class FrameLog:
    """Gaps between frame starts, with the timed parts of the frame before each."""

    def __init__(self, every: float = 10.0, out: Callable[[str], None] = print) -> None:
        self.every = every
        self.out = out
        self.gaps: list[float] = []
        self.works: list[float] = []  # each frame's own work (the gap less the waiting)
        self.worst: tuple[float, int, dict[str, float]] = (0.0, 0, {})
        self.frame = 0
        self._start: float | None = None
        self._parts: dict[str, float] = {}
        self._since_report = 0.0

    def section(self, name: str) -> _Section:
        return _Section(self, name)

    def add(self, name: str, seconds: float) -> None:
        self._parts[name] = self._parts.get(name, 0.0) + seconds

    def frame_end(self) -> None:
        """Call when a frame's work is done (before the loop waits for the next)."""
        if self._start is not None:
            self.works.append(_clock() - self._start)

    def frame_start(self) -> None:
        """Call at the start of every frame."""
        now = _clock()
        if self._start is not None:
            gap = now - self._start
            self.gaps.append(gap)
            if gap > self.worst[0]:
                self.worst = (gap, self.frame, self._parts)
            self._since_report += gap
            if self.every and self._since_report >= self.every:
                self._since_report = 0.0
                self.out(self.summary())
        self.frame += 1
        self._start = now
        self._parts = {}

    # ------------------------------------------------------------ reading
    def percentile(self, q: float, of: list[float] | None = None) -> float:
        values = self.gaps if of is None else of
        if not values:
            return 0.0
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def longest(self) -> float:
        return self.worst[0]

    def summary(self) -> str:
        if not self.gaps:
            return "frame log: no frames yet"
        ms = 1000.0
        gap, frame, parts = self.worst
        what = ", ".join(f"{name} {secs * ms:.1f} ms"
                         for name, secs in sorted(parts.items(), key=lambda kv: -kv[1])
                         if secs * ms >= 0.1) or "nothing timed"
        work = (f"; work per frame: p99 {self.percentile(0.99, self.works) * ms:.1f} ms, "
                f"longest {max(self.works) * ms:.1f} ms") if self.works else ""
        return (f"frames {len(self.gaps) + 1} in {sum(self.gaps):.1f} s: gaps "
                f"median {self.percentile(0.5) * ms:.1f} ms, p99 {self.percentile(0.99) * ms:.1f}"
                f" ms, longest {gap * ms:.1f} ms{work}\n  (longest gap, frame {frame}: {what})")
