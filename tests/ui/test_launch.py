"""Starting the game: the same options from the command line, the
``indian-rummy`` command and the page's address; a bad address is a short
message and the menu, never a crash; the frame-time log."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.families import PRESETS
from game.ui import frames
from game.ui.frames import FrameLog
from game.ui.launch import SEED_MAX, Options, deal_query, parse_args, parse_query
from game.ui.scenes import MenuScene
from game.ui.table import TableScene
from tests.ui.helpers import App, step

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_line_takes_every_preset_by_name():
    for name in PRESETS:  # families register more presets: none is hard-coded
        assert parse_args(["--game", name]).game == name
    opts = parse_args(["--game", "pool101", "--seed", "42", "--size", "390x844", "--demo",
                       "--frame-log"])
    assert opts == Options(game="pool101", seed=42, demo=True, size=(390, 844),
                           frame_log=True)


@pytest.mark.parametrize("argv", [["--game", "nope"], ["--seed", "-3"],
                                  ["--seed", str(SEED_MAX + 1)], ["--size", "10x10"],
                                  ["--size", "1000000000x5"], ["--size", "huge"]])
def test_bad_command_line_options_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2
    assert "indian-rummy" in capsys.readouterr().err


def test_the_address_takes_the_same_options():
    opts, problem = parse_query("?game=pool201&seed=7&demo=1&size=800x600&frame_log=1")
    assert problem == ""
    assert opts == Options(game="pool201", seed=7, demo=True, size=(800, 600), frame_log=True)
    assert parse_query("") == (Options(), "")
    assert parse_query(deal_query("deals", 12))[0] == Options(game="deals", seed=12)


@pytest.mark.parametrize("query", [
    "?game=<script>alert(1)</script>", "?game=points;import os", "?seed=1e9",
    "?seed=99999999999", "?size=1000000000x1000000000", "?size=390x", "?demo=maybe",
    "?unknown=1", "?" + "x=" * 400, "?game=__import__('os')",
])
def test_a_bad_address_gives_a_short_message_and_the_defaults(query):
    opts, problem = parse_query(query)
    assert opts == Options()
    assert problem and len(problem) < 200  # a value is quoted cut short, never whole


def test_a_bad_address_opens_the_menu_with_its_message():
    opts, problem = parse_query("?game=<script>")
    app = App((800, 600), load=False, save=False, notice=problem, game=opts.game,
              seed=opts.seed)
    step(app)
    assert isinstance(app.top, MenuScene)
    assert app.notice.left > 0 and "not understood" in app.notice.text


def test_a_game_and_seed_start_that_deal():
    app = App((800, 600), load=False, save=False, game="pool101", seed=42)
    assert isinstance(app.top, TableScene)
    assert app.session.rules.name == "pool101" and app.session.seed == 42


def test_main_py_refuses_a_bad_game_with_a_message(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "main.py", "--game", "nope"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "unknown game" in proc.stderr


def test_main_py_prints_the_frame_log(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY_DATA_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "main.py", "--demo", "--seed", "1", "--frames", "90",
                           "--frame-log"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "longest" in proc.stdout and "p99" in proc.stdout


def test_the_frame_log_names_what_ran_in_the_longest_gap(monkeypatch):
    # a clock read at each call: frames start at 0, 50 and 60 ms, so the first
    # gap (50 ms, with the bot's 40 ms in it) is the longest
    ticks = iter([0.000, 0.045, 0.050, 0.051, 0.060])
    monkeypatch.setattr(frames, "_clock", lambda: next(ticks))
    out: list[str] = []
    log = FrameLog(every=0, out=out.append)
    log.frame_start()
    log.add("bot", 0.040)
    log.add("draw", 0.002)
    log.frame_end()
    log.frame_start()
    log.frame_end()
    log.frame_start()
    assert log.gaps == pytest.approx([0.050, 0.010]) and log.longest == pytest.approx(0.050)
    assert log.works == pytest.approx([0.045, 0.001])
    text = log.summary()
    assert "frame 1: bot 40.0 ms, draw 2.0 ms" in text
    assert "p99" in text and "longest" in text


def test_the_app_times_its_parts_when_asked():
    log = FrameLog(every=0, out=lambda s: None)
    app = App((800, 600), demo=True, seed=2, load=False, save=False, frame_log=log)
    step(app, 120)
    assert len(log.gaps) == 119 and len(log.works) == 120
    assert {"events", "update", "draw"} <= set(log.worst[2])


def test_ui_work_per_frame_stays_small_in_a_demo():
    """What the browser (several times slower) must fit in 100 ms a frame: on the
    desktop the UI's own work per frame stays far under that."""
    log = FrameLog(every=0, out=lambda s: None)
    app = App((1280, 720), demo=True, seed=3, load=False, save=False, frame_log=log)
    app.settings.set("speed", "fast")
    step(app, 1500)
    ui_only = sorted(w for w in log.works)
    assert ui_only[len(ui_only) // 2] < 0.010, "the median frame is slow"


def test_the_installed_command_runs_the_same_launcher():
    import tomllib

    from game.ui import launch

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, func = scripts["indian-rummy"].partition(":")
    assert module == "game.ui.launch" and getattr(launch, func) is launch.main


def test_the_assets_are_found_beside_the_package_or_where_pip_installed_from():
    from game.uikit.art.assets import asset_dir

    assert (asset_dir() / "fonts").is_dir()
