"""Run the game's main.py the way pygbag does, on a desktop interpreter.

    python tests/web/browser_harness.py MAIN_PY STORAGE_JSON RESULT_JSON FRAMES [PRESSES [QUERY]]

Before main.py runs, ``sys.platform`` says ``emscripten`` and
``platform.window.localStorage`` is a fake browser store loaded from
STORAGE_JSON, as pygbag provides it; threads and ``time.sleep`` are refused.
Every ``asyncio.sleep`` the game awaits counts as one frame; after FRAMES frames
a QUIT event is posted and the game must end its loop by itself. PRESSES, like
``5:return,9:space``, presses keys at given frames. QUERY is the page
address's query (``?game=pool101&seed=42``), as ``platform.window.location``
gives it. What happened is written to RESULT_JSON, with the delay each frame
asked of ``asyncio.sleep`` (the frame cap). The pygame drivers must be dummy
(set by the caller).
"""

from __future__ import annotations

import asyncio
import json
import runpy
import sys
import threading
import time
import traceback
from pathlib import Path

import pygame  # imported before the platform is faked, as in the browser runtime

GRACE_FRAMES = 120  # frames the game may take to wind down after QUIT


class FakeLocalStorage:
    """Browser localStorage: string keys and values, None for a missing key."""

    def __init__(self, items: dict[str, str]) -> None:
        self.items = dict(items)
        self.reads: list[str] = []
        self.writes: list[str] = []

    def getItem(self, key):  # noqa: N802 - the browser's names
        self.reads.append(str(key))
        return self.items.get(str(key))

    def setItem(self, key, value):  # noqa: N802
        self.writes.append(str(key))
        self.items[str(key)] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(str(key), None)


class FakeLocation:
    """The page's address, as ``window.location`` shows it."""

    def __init__(self, query: str) -> None:
        self.search = query
        self.origin = "https://example.org"
        self.pathname = "/rummy/index.html"


class FakeWindow:
    """pygbag's ``platform.window`` with the storage and the address; other use
    shows up as an error."""

    def __init__(self, storage: FakeLocalStorage, query: str = "") -> None:
        self.localStorage = storage
        self.location = FakeLocation(query)


class Stop(BaseException):
    """Ends a game that ignores QUIT (BaseException so the game cannot swallow it)."""


def main() -> int:
    main_py, storage_json, result_json, frame_count = sys.argv[1:5]
    frames_wanted = int(frame_count)
    presses: dict[int, list[int]] = {}
    for item in filter(None, (sys.argv[5] if len(sys.argv) > 5 else "").split(",")):
        at, name = item.split(":")
        presses.setdefault(int(at), []).append(pygame.key.key_code(name))
    query = sys.argv[6] if len(sys.argv) > 6 else ""
    storage = FakeLocalStorage(json.loads(Path(storage_json).read_text(encoding="utf-8")))
    result: dict = {"frames": 0, "quit_posted_at": None, "threads": [], "sleeps": [],
                    "ended": None, "error": None, "delays": []}

    import platform

    platform.window = FakeWindow(storage, query)
    sys.platform = "emscripten"

    def refuse_thread(self, *args, **kwargs):
        result["threads"].append(repr(self))
        raise RuntimeError("threads do not exist in the browser build")

    def refuse_sleep(seconds):
        result["sleeps"].append("".join(traceback.format_stack(limit=4)))
        raise RuntimeError("time.sleep blocks the browser page")

    threading.Thread.start = refuse_thread
    time.sleep = refuse_sleep

    real_sleep = asyncio.sleep

    async def frame(delay=0, result_value=None):
        result["frames"] += 1
        result["delays"].append(float(delay))
        for key in presses.get(result["frames"], ()):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                                 scancode=0))
        if result["frames"] == frames_wanted:
            result["quit_posted_at"] = result["frames"]
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        elif result["frames"] > frames_wanted + GRACE_FRAMES:
            raise Stop
        return await real_sleep(0, result_value)

    asyncio.sleep = frame

    game_dir = str(Path(main_py).resolve().parent)
    sys.path.insert(0, game_dir)
    try:
        runpy.run_path(main_py, run_name="__main__")
        result["ended"] = "returned"
    except SystemExit as exc:
        result["ended"] = f"exit {exc.code}"
    except Stop:
        result["ended"] = "ignored QUIT"
    except BaseException:
        result["ended"] = "error"
        result["error"] = traceback.format_exc()
    result["storage"] = storage.items
    result["reads"] = storage.reads
    result["writes"] = storage.writes
    Path(result_json).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
