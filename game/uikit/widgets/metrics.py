"""The sizes every screen shares, following the window: text, touch targets, margins."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

TOUCH = 44  # pixels: the smallest touch target (Apple's and Google's guidance)
TAP_SLOP = 8  # pixels a press may move and still be a tap (not a drag)


@dataclass(frozen=True)
class Metrics:
    """Sizes that follow the window: text, touch targets, margins (each worked
    out once: every frame asks for them hundreds of times)."""

    w: int
    h: int

    @cached_property
    def scale(self) -> float:
        return max(0.62, min(1.5, min(self.w, self.h * 1.25) / 720))

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    @cached_property
    def body(self) -> int:
        return max(16, self.px(19))

    @cached_property
    def small(self) -> int:
        """The smallest text anywhere (labels, panels): 14 px at the least."""
        return max(14, self.px(15))

    @cached_property
    def title(self) -> int:
        return max(26, self.px(46))

    @cached_property
    def button_h(self) -> int:
        return max(TOUCH, self.px(46))

    @property
    def touch(self) -> int:
        """The least size of anything a finger taps."""
        return TOUCH

    @cached_property
    def pad(self) -> int:
        return max(6, self.px(12))
