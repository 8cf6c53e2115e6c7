"""Starting the game: the options (command line or the page's address) and the
frame loop.  ``main.py`` (the desktop window and pygbag's entry point) and
the ``indian-rummy`` command (``pip install .``) both come here.

    indian-rummy [--game NAME] [--seed S] [--code CODE] [--demo] [--size WxH] [--frames N]
                 [--frame-log] [--room CODE --server ws://HOST:PORT/ws]

In the browser the same options come from the address, e.g.
``index.html?game=pool101&seed=42&demo=1&size=390x844&frame_log=1``,
``index.html?code=84R0-001G-740G-17AW`` (a deal code, as the scores show it) or
``index.html?room=K7QM2RXD4P&server=ws%3A%2F%2F…`` (a room's join link: its lobby).  A query
is only ever read as data: each value must match its pattern and range, and
one bad value gives a short message and the menu with the defaults.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl, urlsplit

import pygame

from game.app import friends
from game.app.dealcode import DealCodeError, decode
from game.families import PRESETS
from game.net.keys import normal_code
from game.ui.app import App
from game.ui.frames import FrameLog
from game.ui.host import browser_query, browser_size, deal_query, in_browser
from game.ui.scenes.friends import page_server, server_of

__all__ = ["DEFAULT_SIZE", "SEED_MAX", "Options", "deal_query", "main", "options_here",
           "parse_args", "parse_query", "play"]

SEED_MAX = 2**31 - 1
SIZE_MIN, SIZE_MAX = 200, 4096
DEFAULT_SIZE = (1280, 720)


@dataclass(frozen=True)
class Options:
    game: str | None = None  # a preset name (``game.families.PRESETS``)
    seed: int | None = None
    demo: bool = False
    size: tuple[int, int] | None = None  # None: the window's (or the page's) default
    frames: int = 0  # quit after this many frames (tests, screenshots)
    frame_log: bool = False
    code: str | None = None  # a deal code (checked: it decodes)
    room: str | None = None  # a room's code (a join link), checked
    server: str | None = None  # the room server of ``room`` (ws:// or wss://)


def presets() -> list[str]:
    return list(PRESETS)


# ------------------------------------------------------------------ values


def check_game(text: str) -> str:
    names = presets()
    if text not in names:
        raise ValueError(f"unknown game {_short(text)!r}: choose from {', '.join(names)}")
    return text


def check_seed(text: str) -> int:
    if not re.fullmatch(r"\d{1,10}", text.strip()) or int(text) > SEED_MAX:
        raise ValueError(f"a seed is a whole number from 0 to {SEED_MAX}, not {_short(text)!r}")
    return int(text)


def check_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{1,5})[xX×](\d{1,5})", text.strip())
    if m is None:
        raise ValueError(f"a size is WIDTHxHEIGHT, e.g. 1280x720, not {_short(text)!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (SIZE_MIN <= w <= SIZE_MAX and SIZE_MIN <= h <= SIZE_MAX):
        raise ValueError(f"a size is {SIZE_MIN} to {SIZE_MAX} pixels each way, not {w}x{h}")
    return (w, h)


def check_code(text: str) -> str:
    """A deal code that decodes (the message says what is wrong with it)."""
    try:
        decode(text)
    except DealCodeError as exc:
        raise ValueError(f"the deal code {_short(text)!r} is not usable: {exc}") from None
    return text.strip()


def check_room(text: str) -> str:
    """A room code as the room server makes them (case and dashes do not matter)."""
    code = normal_code(text)
    if code is None:
        raise ValueError(f"{_short(text)!r} is not a room code")
    return code


def check_server(text: str) -> str:
    """A room server's address: ws:// or wss://."""
    if urlsplit(text).scheme not in ("ws", "wss") or not urlsplit(text).netloc:
        raise ValueError(f"{_short(text)!r} is not a ws:// or wss:// address")
    return text


def check_flag(text: str) -> bool:
    value = text.strip().lower()
    if value in ("", "1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"a switch is 1 or 0, not {_short(text)!r}")


def _short(text: str, limit: int = 24) -> str:
    """A value as a message may quote it: printable, and short."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in str(text))
    return clean if len(clean) <= limit else clean[:limit] + "…"


# ------------------------------------------------------------------ command line


def _arg(check):
    def convert(text: str):
        try:
            return check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = check.__name__.removeprefix("check_")
    return convert


def parse_args(argv: list[str]) -> Options:
    """The command line's options (bad ones end the program with a message, status 2)."""
    p = argparse.ArgumentParser(prog="indian-rummy",
                                description="Indian Rummy against the computer.")
    p.add_argument("--game", type=_arg(check_game), default=None,
                   help=f"start this game at once: {', '.join(presets())}")
    p.add_argument("--seed", type=_arg(check_seed), default=None,
                   help="start a new game with this deal seed (the same seed, the same deal)")
    p.add_argument("--code", type=_arg(check_code), default=None,
                   help="deal this deal code's cards (the scores show each deal's code)")
    p.add_argument("--room", type=_arg(check_room), default=None,
                   help="open the lobby of this room (play with friends; with --server)")
    p.add_argument("--server", type=_arg(check_server), default=None,
                   help="the room server, e.g. ws://192.168.1.5:8765/ws")
    p.add_argument("--demo", action="store_true", help="every seat is an AI (attract mode)")
    p.add_argument("--size", type=_arg(check_size), default=None,
                   help="window size, e.g. 390x844 (default 1280x720)")
    p.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    p.add_argument("--frame-log", action="store_true",
                   help="print frame times: the longest gap, p99, and what ran in it")
    a = p.parse_args(argv)
    return Options(game=a.game, seed=a.seed, demo=a.demo, size=a.size,
                   frames=max(0, a.frames), frame_log=a.frame_log, code=a.code,
                   room=a.room, server=a.server)


# ------------------------------------------------------------------ the address

QUERY_KEYS = {
    "game": ("game", check_game),
    "variant": ("game", check_game),
    "seed": ("seed", check_seed),
    "code": ("code", check_code),
    "size": ("size", check_size),
    "demo": ("demo", check_flag),
    "frame_log": ("frame_log", check_flag),
    "frame-log": ("frame_log", check_flag),
    "room": ("room", check_room),
    "server": ("server", check_server),
}
QUERY_LIMIT = 300  # characters: anything longer is not a link this game made


def parse_query(query: str) -> tuple[Options, str]:
    """The options in a page address's query (``?game=pool101&seed=42``) and a
    message: "" when every part was understood, else why the defaults are used."""
    query = (query or "").lstrip("?")
    if not query:
        return Options(), ""
    if len(query) > QUERY_LIMIT:
        return Options(), "The link's options are too long: starting with the defaults."
    values: dict = {}
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=False)
    except ValueError:
        pairs = []
    for key, text in pairs:
        known = QUERY_KEYS.get(key.lower())
        if known is None:
            return Options(), f"The link has an unknown option {_short(key)!r}: " \
                              "starting with the defaults."
        field, check = known
        try:
            values[field] = check(text)
        except ValueError as exc:
            return Options(), f"The link's {field} was not understood ({exc}): " \
                              "starting with the defaults."
    return replace(Options(), **values), ""


def page_size() -> tuple[int, int]:
    """The page's size, when it is large enough to play in; else the default."""
    size = browser_size()
    if size is None:
        return DEFAULT_SIZE
    w, h = size
    return (w, h) if w >= SIZE_MIN and h >= SIZE_MIN else DEFAULT_SIZE


def options_here() -> tuple[Options, str]:
    """The options of this run: the page's address in a browser, else the command line."""
    if in_browser():
        return parse_query(browser_query())
    return parse_args(sys.argv[1:]), ""


# ------------------------------------------------------------------ the loop


def room_of(options: Options) -> tuple[str, str] | None:
    """The room a join link opens, and its server: the one named, else the
    page's own (in a browser), else the one the person chose before."""
    if options.room is None:
        return None
    server = options.server or page_server() or server_of(friends.load())
    return options.room, server



async def play(options: Options, notice: str = "") -> None:
    """Open the window and run frames until the player quits."""
    browser = in_browser()
    size = options.size or (page_size() if browser else DEFAULT_SIZE)
    log = FrameLog() if options.frame_log else None
    app = App(size, demo=options.demo, seed=options.seed, game=options.game, notice=notice,
              fixed_size=browser and options.size is not None, frame_log=log,
              code=options.code, room=room_of(options))
    clock = pygame.time.Clock()
    while app.running:
        started = time.perf_counter()
        # The desktop waits inside SDL; the browser must give the page its turn
        # instead, so there the cap is an asyncio sleep for what is left of the frame.
        app.step(clock.tick(0 if browser else 60) / 1000)
        if options.frames and app.frames >= options.frames:
            app.quit()
        left = (app.frame_time() - (time.perf_counter() - started)) if browser else 0.0
        await asyncio.sleep(max(0.0, left))
    if log is not None:
        print(log.summary(), flush=True)
    shot = os.environ.get("RUMMY_SCREENSHOT")
    if shot:
        app.screenshot(shot)
    pygame.quit()


def main() -> None:
    """The ``indian-rummy`` command."""
    options, notice = options_here()
    asyncio.run(play(options, notice))
