"""The command line (demo, seed, frames, size) and the self-playing demo."""

import os
import subprocess
import sys
from pathlib import Path

from game.app.session import Session
from game.engine import Phase
from game.ui.scenes import ScoringScene
from game.ui.table import TableScene
from tests.ui.helpers import App, step

ROOT = Path(__file__).resolve().parents[2]


def run_main(tmp_path, *args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY_DATA_DIR=str(tmp_path / "saves"),
               RUMMY_SCREENSHOT=str(tmp_path / "shot.png"))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_demo_runs_for_the_frames_asked_and_saves_a_screenshot(tmp_path):
    proc = run_main(tmp_path, "--demo", "--seed", "3", "--frames", "40", "--size", "390x844")
    assert proc.returncode == 0, proc.stderr[-2000:]
    import pygame

    shot = pygame.image.load(str(tmp_path / "shot.png"))
    assert shot.get_size() == (390, 844)
    assert not (tmp_path / "saves").exists(), "a demo leaves no save behind"


def test_seed_starts_a_reproducible_game(tmp_path):
    proc = run_main(tmp_path, "--seed", "77", "--frames", "5")
    assert proc.returncode == 0, proc.stderr[-2000:]
    from game.app import savegame, storage

    storage.set_backend(None)
    os.environ["RUMMY_DATA_DIR"] = str(tmp_path / "saves")
    loaded = savegame.load()
    assert loaded.session is not None and loaded.session.seed == 77
    dealt = Session.from_json({**loaded.session.to_json(), "actions": []})
    again = App((640, 480), load=False, save=False, seed=77)
    assert again.session.state == dealt.state  # same seed, same first deal
    other = App((640, 480), load=False, save=False, seed=78)
    assert other.session.state.hands != dealt.state.hands


def test_bad_size_is_refused_with_a_message(tmp_path):
    proc = run_main(tmp_path, "--size", "huge")
    assert proc.returncode == 2
    assert "WIDTHxHEIGHT" in proc.stderr


def test_the_demo_plays_deals_and_starts_new_matches_by_itself():
    app = App((800, 600), demo=True, seed=5)
    app.settings.set("speed", "instant")
    first = app.session
    seen_scores = False
    for _ in range(20000):
        step(app)
        seen_scores = seen_scores or isinstance(app.top, ScoringScene)
        if app.session is not first:
            break
    assert seen_scores
    assert app.session is not first, "a finished demo match gives way to a new one"
    assert app.session.seed == first.seed + 1
    assert first.state.phase == Phase.MATCH_OVER
    assert isinstance(app.top, TableScene) and app.top.demo
