"""The web build: `make web` packs the game offline, from a copy, into a site
that a static host can serve, and leaves the source tree exactly as it was."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APK = "indian-rummy.apk"
BUILD_LIMIT = 600  # seconds for the whole `make web`, pip install included

# Files that are not source: caches, the venv, build output, VCS data.
NOT_SOURCE = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache",
              ".hypothesis"}


def _load_web_build():
    spec = importlib.util.spec_from_file_location("web_build", ROOT / "tools" / "web_build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("web_build", module)
    spec.loader.exec_module(module)
    return module


web_build = _load_web_build()


def tree_snapshot(root: Path) -> dict[str, str]:
    """path -> sha256 of every source file under ``root`` (build output excluded)."""
    snap = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root)
        in_build = rel_dir == Path("build")
        dirnames[:] = [d for d in dirnames
                       if d not in NOT_SOURCE and not (in_build and d != "template")]
        for name in filenames:
            if name.endswith((".pyc", ".pyo")):
                continue
            path = Path(dirpath) / name
            snap[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return snap


def packed_sources(root: Path) -> set[str]:
    """What the package must hold: main.py, game/ and assets/ as in the source tree."""
    names = {"main.py"} if (root / "main.py").is_file() else set()
    for top in ("game", "assets"):
        for path in (root / top).rglob("*"):
            rel = path.relative_to(root)
            if (path.is_file() and "__pycache__" not in rel.parts
                    and not path.name.startswith(".") and path.suffix not in (".pyc", ".pyo")):
                names.add(rel.as_posix())
    return names


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Run the README's command once, into a temporary folder; return what it left."""
    out = tmp_path_factory.mktemp("site") / "web"
    before = tree_snapshot(ROOT)
    started = time.monotonic()
    proc = subprocess.run(["make", "--no-print-directory", "web", f"WEB_OUT={out}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=BUILD_LIMIT)
    elapsed = time.monotonic() - started
    after = tree_snapshot(ROOT)
    assert proc.returncode == 0, f"make web failed:\n{proc.stdout}\n{proc.stderr}"
    return {"out": out, "before": before, "after": after, "log": proc.stdout, "elapsed": elapsed}


def test_build_leaves_the_page_the_package_and_the_icons(site):
    names = sorted(p.name for p in site["out"].iterdir())
    # with what installs it and plays it offline (tools/pwa.py, tests/web/test_pwa.py)
    assert names == ["favicon.png", "icon-192.png", "icon-512.png", "icon.png", "index.html",
                     APK, "manifest.webmanifest", "sw.js"]
    for png in ("favicon.png", "icon.png", "icon-192.png", "icon-512.png"):
        assert (site["out"] / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "bytes" in site["log"] and APK in site["log"]  # the build reports the size


def test_page_loads_the_games_package_and_starts_without_a_click(site):
    html = (site["out"] / "index.html").read_text(encoding="utf-8")
    assert "{{cookiecutter." not in html
    assert f'platform.fopen("{APK}"' in html
    assert "<title>Indian Rummy</title>" in html
    assert 'rel="icon" type="image/png" href="favicon.png"' in html
    assert re.search(r"ume_block : 0,", html)
    # the runtime comes from pygbag's CDN for the installed pygbag version
    assert re.search(r'<script src="https://pygame-web\.github\.io/cdn/0\.9\.3/pythons\.js"', html)


def test_package_holds_main_the_game_package_and_assets_only(site):
    with zipfile.ZipFile(site["out"] / APK) as z:
        assert z.testzip() is None
        names = {n for n in z.namelist() if not n.endswith("/")}
    # pygbag roots the package at assets/: assets/main.py is the game's main.py
    assert all(n.startswith("assets/") for n in names)
    inside = {n.removeprefix("assets/") for n in names}
    assert "main.py" in inside
    assert "game/__init__.py" in inside and "game/engine/__init__.py" in inside
    assert inside == packed_sources(ROOT)
    for outsider in ("tests/", ".venv/", "build/", "tools/", ".git/"):
        assert not any(n.startswith(outsider) for n in inside), outsider
    assert not any(n.endswith(".pyc") or "__pycache__" in n for n in inside)


def test_package_is_within_the_size_budget(site):
    size = (site["out"] / APK).stat().st_size
    print(f"{APK}: {size:,} bytes")
    assert size <= 1_000_000


def test_source_tree_is_unchanged(site):
    before, after = site["before"], site["after"]
    assert sorted(set(after) - set(before)) == [], "the build created files in the tree"
    assert sorted(set(before) - set(after)) == [], "the build removed files from the tree"
    changed = sorted(p for p in before if before[p] != after[p])
    assert changed == [], "the build changed source files"


def test_a_download_attempt_fails_fast_instead_of_hanging(tmp_path):
    # With no local icon pygbag would fetch one from its CDN and retry for ever;
    # the launcher turns that into an immediate, explained failure.
    app = tmp_path / web_build.APP_NAME
    app.mkdir()
    (app / "main.py").write_text("import asyncio\n", encoding="utf-8")
    started = time.monotonic()
    web_build.run_pygbag(app, tmp_path / "no-such-icon.png", timeout=120)
    assert time.monotonic() - started < 60
    log = (tmp_path / "pygbag.log").read_text(encoding="utf-8")
    assert "tried to download" in log
    assert not (app / "build" / "web" / "favicon.png").exists()


def test_black_is_blocked_in_the_packer(tmp_path):
    # pygbag reformats the staged code when black imports; the launcher must stop that.
    code = web_build.PYGBAG_LAUNCHER.split("import pygbag.web")[0] + "import black\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr


def test_staging_refuses_a_tree_without_main(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("", encoding="utf-8")
    with pytest.raises(web_build.BuildError, match="main.py"):
        web_build.stage(tmp_path, tmp_path / "stage")
    assert not (tmp_path / "stage").exists()


def test_staging_refuses_sounds_browsers_cannot_play(tmp_path):
    (tmp_path / "main.py").write_text("", encoding="utf-8")
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "assets" / "sounds").mkdir(parents=True)
    (tmp_path / "assets" / "sounds" / "deal.wav").write_bytes(b"RIFF")
    with pytest.raises(web_build.BuildError, match="deal.wav"):
        web_build.stage(tmp_path, tmp_path / "stage")


def test_staging_copies_only_the_game(tmp_path):
    src = tmp_path / "src"
    for rel in ("main.py", "game/__init__.py", "game/__pycache__/x.cpython-311.pyc",
                "assets/fonts/a.ttf", "tests/test_x.py", "tools/t.py", "build/web/index.html",
                ".venv/lib/x.py", "README.md"):
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text("x", encoding="utf-8")
    files = web_build.stage(src, tmp_path / "stage")
    assert files == ["assets/fonts/a.ttf", "game/__init__.py", "main.py"]


def test_pages_workflow_builds_with_the_same_command_and_deploys_the_site():
    text = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    steps = [line.strip().removeprefix("- ") for line in text.splitlines()]
    assert "run: make web" in steps
    assert 'python-version: "3.11"' in steps
    assert "uses: actions/upload-pages-artifact@v3" in steps
    assert "path: build/web" in steps
    assert "uses: actions/deploy-pages@v4" in steps
    assert "pages: write" in steps and "id-token: write" in steps


def site_code(html: str) -> str:
    """The Python that pythons.js runs: the text of the page's first script element."""
    start = html.index(">", html.index("<script")) + 1
    return html[start:html.index("</script>", start)]


def test_the_pages_python_compiles_and_stays_inside_its_script_element(site):
    html = (site["out"] / "index.html").read_text(encoding="utf-8")
    code = site_code(html)
    assert code.startswith("#<!--") and code.rstrip().endswith("# -->")
    assert "<script" not in code  # would change how the HTML parser ends the element
    compile(code, "index.html", "exec")
    assert "async def custom_site():" in code  # the entry point pythons.js looks for


def test_the_page_has_the_elements_pythons_js_uses(site):
    from html.parser import HTMLParser

    class Ids(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids = set()

        def handle_starttag(self, tag, attrs):
            self.ids.update(v for k, v in attrs if k == "id")

    parser = Ids()
    parser.feed((site["out"] / "index.html").read_text(encoding="utf-8"))
    assert {"site", "transfer", "status", "progress", "canvas", "terminal"} <= parser.ids
