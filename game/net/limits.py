"""What one client, or one address, may ask of the server."""

from __future__ import annotations

from collections import Counter


class TokenBucket:
    """``rate`` messages a second on average, ``burst`` at once: each message
    takes a token; tokens come back at ``rate`` a second up to ``burst``."""

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Tally:
    """How many of something each address holds (connections, rooms)."""

    def __init__(self, most: int) -> None:
        self.most = most  # 0: no limit
        self.counts: Counter[str] = Counter()

    def full(self, address: str) -> bool:
        return bool(self.most) and self.counts[address] >= self.most

    def add(self, address: str) -> None:
        self.counts[address] += 1

    def remove(self, address: str) -> None:
        self.counts[address] -= 1
        if self.counts[address] <= 0:
            del self.counts[address]

    def total(self) -> int:
        return sum(self.counts.values())
