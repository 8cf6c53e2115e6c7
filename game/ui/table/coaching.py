"""The coach at the table: where its hint and its review come from.

``game/app/coach.py`` (pure Python) provides
``hint(view, seed=0) -> Hint`` (``action``, a one-line ``reason``, the best
``groups`` of the hand, its ``count``) and ``review(decisions, limit=3) ->
list[Mistake]`` (``view``, ``played``, ``better``, ``cost``, ``reason``).
The table reaches it only through ``coach()``, so a build without it plays
on without hints, and a test may put a fake in its place (``set_coach``).
"""

from __future__ import annotations

from typing import Any

_override: Any = None


def set_coach(coach_like: Any) -> None:
    """Use ``coach_like`` (anything with ``hint`` and ``review``); None: the real one."""
    global _override
    _override = coach_like


def coach() -> Any:
    """The coach module (or the test's stand-in), or None when there is none."""
    if _override is not None:
        return _override
    try:
        # A deliberate lazy load: the coach (its search and every family's
        # knowledge) is read only once a hint or a review is asked for, not at
        # the browser's start-up, and a build without it plays on.
        from game.app import coach as module
    except ImportError:  # not in this build: no hints, no review
        return None
    return module if hasattr(module, "hint") and hasattr(module, "review") else None


def review_available(session: Any) -> bool:
    """Whether the scores may offer the coach's review of the person's play."""
    return coach() is not None and bool(session.humans)
