"""main.py in browser mode: with ``sys.platform`` set to emscripten and a fake
``localStorage``, the game runs a few hundred frames of its async loop, saves to
the browser store (never to a file), loads what it saved, and uses no threads
and no blocking sleeps. The harness runs in its own interpreter so the faked
platform cannot leak into other tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import savegame
from game.app.menu_config import MenuConfig
from game.app.session import Session
from game.app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("browser_harness.py")
FRAMES = 300


def run_browser_mode(work: Path, items: dict[str, str], frames: int = FRAMES,
                     main_py: Path = ROOT / "main.py", presses: str = "",
                     query: str = "") -> dict:
    """Run main.py in browser mode with ``items`` in its localStorage; return the harness report."""
    work.mkdir(parents=True, exist_ok=True)
    storage_json, result_json = work / "storage.json", work / "result.json"
    storage_json.write_text(json.dumps(items), encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONDONTWRITEBYTECODE="1",
               # the desktop save location: browser mode must leave it untouched
               RUMMY_DATA_DIR=str(work / "desktop-saves"),
               HOME=str(work / "home"), XDG_DATA_HOME=str(work / "xdg"))
    proc = subprocess.run([sys.executable, str(HARNESS), str(main_py),
                           str(storage_json), str(result_json), str(frames), presses, query],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0 and result_json.is_file(), proc.stderr[-3000:]
    report = json.loads(result_json.read_text(encoding="utf-8"))
    report["desktop_files"] = sorted(
        str(p.relative_to(work)) for d in ("desktop-saves", "home", "xdg")
        for p in (work / d).rglob("*") if p.is_file())
    return report


def saved_match() -> tuple[Session, str]:
    """A match in progress where a bot moves first, saved with non-default settings."""
    config = MenuConfig()
    rules, players, levels = config.build()
    seed = 0
    while True:  # the first seed whose first turn is a bot's, so bots play in the run
        session = Session(rules, players, seed, [None, *levels])
        if session.state.to_act != session.human:
            break
        seed += 1
    settings = Settings({"speed": "instant", "hints": False})
    return session, savegame.dumps(settings, config.to_json(), session, None)


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict:
    return run_browser_mode(tmp_path_factory.mktemp("fresh"), {})


@pytest.fixture(scope="module")
def resumed(tmp_path_factory) -> dict:
    # Enter on the menu's first button, "Continue", takes the saved match back to the table
    session, text = saved_match()
    report = run_browser_mode(tmp_path_factory.mktemp("resumed"), {savegame.SAVE_KEY: text},
                              presses="5:return")
    report["saved_session"] = session
    return report


@pytest.mark.parametrize("run", ["fresh", "resumed"])
def test_the_loop_runs_frame_by_frame_and_ends_on_quit(run, request):
    report = request.getfixturevalue(run)
    assert report["error"] is None, report["error"]
    assert report["ended"] in ("returned", "exit None", "exit 0"), report["ended"]
    # one await per frame: the page stays responsive between frames
    assert report["quit_posted_at"] == FRAMES
    assert FRAMES <= report["frames"] <= FRAMES + 120


@pytest.mark.parametrize("run", ["fresh", "resumed"])
def test_no_threads_and_no_blocking_sleep(run, request):
    report = request.getfixturevalue(run)
    assert report["threads"] == []
    assert report["sleeps"] == []


def test_saving_goes_to_browser_storage_and_not_to_files(fresh):
    assert savegame.SAVE_KEY in fresh["writes"]
    loaded = savegame.loads(fresh["storage"][savegame.SAVE_KEY])
    assert loaded.problem == ""
    assert fresh["desktop_files"] == []


def test_a_saved_match_and_settings_are_loaded_from_browser_storage(resumed):
    assert savegame.SAVE_KEY in resumed["reads"]
    assert resumed["desktop_files"] == []
    # the game loaded the save, so what it wrote back on quit still holds it
    after = savegame.loads(resumed["storage"][savegame.SAVE_KEY])
    assert after.problem == ""
    assert after.settings["speed"] == "instant" and after.settings["hints"] is False
    before = resumed["saved_session"]
    assert after.session is not None and after.session.seed == before.seed


def test_the_resumed_match_is_played_on_by_the_bots(resumed):
    # the table ran in browser mode: the bots' moves since the save were saved too
    after = savegame.loads(resumed["storage"][savegame.SAVE_KEY]).session
    assert len(after.actions) > len(resumed["saved_session"].actions) == 0


def test_the_browser_loop_caps_the_frame_rate(fresh):
    # each frame waits out what is left of its 1/60 s (1/30 s when idle), so an
    # idle page draws about 60 frames a second, not 150-200
    delays = fresh["delays"]
    assert max(delays) > 0, "the loop never waits: the page would run flat out"
    assert max(delays) <= 1 / 30 + 1e-6


@pytest.fixture(scope="module")
def linked(tmp_path_factory) -> dict:
    return run_browser_mode(tmp_path_factory.mktemp("linked"), {}, frames=60,
                            query="?game=pool101&seed=42")


def test_a_link_opens_its_game_and_deal(linked):
    assert linked["error"] is None, linked["error"]
    saved = savegame.loads(linked["storage"][savegame.SAVE_KEY]).session
    assert saved is not None and saved.rules.name == "pool101" and saved.seed == 42


@pytest.mark.parametrize("query", [
    "?game=<script>alert(1)</script>",
    "?seed=99999999999999999999",
    "?size=1000000000x1000000000",
    "?game=__import__('os').system('rm -rf /')",
    "?seed=-1&game=points",
    "?" + "a" * 5000,
    "?game=points&evil=1",
    "?%ff%fe=%00",
])
def test_a_hostile_link_gives_the_menu_with_the_defaults(query, tmp_path):
    report = run_browser_mode(tmp_path, {}, frames=30, query=query)
    assert report["error"] is None, report["error"]
    assert report["ended"] in ("returned", "exit None", "exit 0")
    saved = savegame.loads(report["storage"].get(savegame.SAVE_KEY, "null"))
    assert saved.session is None, "no game was started from a bad link"


MISBEHAVING_MAIN = """
import asyncio, threading, time
import pygame

async def main():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    for bad in (lambda: threading.Thread(target=print).start(), lambda: time.sleep(0.01)):
        try:
            bad()
        except RuntimeError:
            pass
    while not any(e.type == pygame.QUIT for e in pygame.event.get()):
        await asyncio.sleep(0)

asyncio.run(main())
"""


def test_the_harness_reports_threads_and_sleeps(tmp_path):
    # the checks above can fail: a main.py that starts a thread and sleeps is caught
    main_py = tmp_path / "main.py"
    main_py.write_text(MISBEHAVING_MAIN, encoding="utf-8")
    report = run_browser_mode(tmp_path / "run", {}, frames=5, main_py=main_py)
    assert report["ended"] == "returned" and report["frames"] == 5
    assert len(report["threads"]) == 1
    assert len(report["sleeps"]) == 1
