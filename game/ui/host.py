"""What the game asks of where it runs: the browser page (under pygbag) or
the desktop.  Links that deal a match again, the clipboard, the page's
address and size.  Nothing here draws; every call answers even where the
host offers nothing (a headless machine, a page not laid out yet)."""

from __future__ import annotations

# Under pygbag ``platform`` is the browser's bridge (``platform.window`` is the
# page); on the desktop it is the standard library's, without ``window``: every
# use below is guarded, so a missing bridge reads as "not offered".
import platform
import sys

import pygame


def in_browser() -> bool:
    return sys.platform == "emscripten"


def deal_query(game: str, seed: int) -> str:
    """The address query that opens this game and deal: ``?game=pool101&seed=42``."""
    return f"?game={game}&seed={seed}"


def deal_link(game: str, seed: int) -> str:
    """A link (in the browser) or a command (on the desktop) that deals this match again."""
    if in_browser():
        try:
            loc = platform.window.location
            return f"{loc.origin}{loc.pathname}{deal_query(game, seed)}"
        except Exception:
            return deal_query(game, seed)
    return f"indian-rummy --game {game} --seed {seed}"


def code_link(code: str) -> str:
    """A link (in the browser) or a command (on the desktop) that deals the
    deal of a deal code: the same cards for whoever opens it."""
    if in_browser():
        try:
            loc = platform.window.location
            return f"{loc.origin}{loc.pathname}?code={code}"
        except Exception:
            return f"?code={code}"
    return f"indian-rummy --code {code}"


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard (the browser's, or the desktop's); False if not."""
    if in_browser():
        try:
            platform.window.navigator.clipboard.writeText(text)
            return True
        except Exception:
            return False
    try:
        pygame.scrap.put_text(text)
        return True
    except Exception:  # no clipboard here (a headless machine, an old SDL)
        return False


def browser_query() -> str:
    """The page address's query string ("" outside a browser or when unreadable)."""
    try:
        query = platform.window.location.search
    except Exception:
        return ""
    return query if isinstance(query, str) else str(query or "")


def browser_size() -> tuple[int, int] | None:
    """The page's size in CSS pixels, so the game draws at the page's shape;
    None when there is no page (or it is not laid out yet)."""
    try:
        return int(platform.window.innerWidth), int(platform.window.innerHeight)
    except Exception:  # not under pygbag, or the page is not laid out yet
        return None
