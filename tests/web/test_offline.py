"""Install and play offline, end to end: `make web` writes the manifest, the icons and
the service worker, and in headless Chromium the page, loaded once, starts again with
its servers stopped (tools/offline_check.py, `make check-offline`).

The browser tests need playwright (the `[offline]` extra) and a Chromium (Debian's
`chromium`, or $RUMMY_CHROMIUM); without them they are skipped, with the reason
(`pytest -rs` shows it). Python for the browser is not on this machine: the CDN is a
stand-in (see tools/offline_check.py for what is real and what is not)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tools" / "offline_check.py"
BUILD_LIMIT = 600


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"rummy_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pwa = _load("pwa")
offline_check = _load("offline_check")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The real build, made with the README's command."""
    out = tmp_path_factory.mktemp("offline") / "web"
    proc = subprocess.run(["make", "--no-print-directory", "web", f"WEB_OUT={out}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=BUILD_LIMIT)
    assert proc.returncode == 0, f"make web failed:\n{proc.stdout}\n{proc.stderr}"
    assert "offline: sw.js (build " in proc.stdout  # the build reports the worker
    return out


@pytest.fixture(scope="module")
def browser() -> str:
    """The Chromium to drive, or a skip that says what is missing."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("playwright is not installed: pip install -e '.[offline]' "
                    "(or make check-offline) to run the offline browser check")
    chromium = offline_check.find_chromium()
    if not chromium:
        pytest.skip("no Chromium: apt-get install chromium (Debian), or set "
                    "RUMMY_CHROMIUM=/path/to/chromium, to run the offline browser check")
    return chromium


def test_the_build_precaches_every_file_it_writes(site):
    values = pwa.worker_values(site)
    assert values["PRECACHE_FILES"] == sorted(p.name for p in site.iterdir() if p.name != "sw.js")
    html = (site / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in html
    assert 'register("sw.js"' in html
    assert values["RUNTIME_ORIGINS"] == [pwa.origin_of(pwa.cdn_base(html))]
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"


def run_check(site: Path, tmp_path: Path, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    report = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, str(CHECK), "--site", str(site), "--json",
                           str(report), *extra], capture_output=True, text=True, timeout=900)
    data = json.loads(report.read_text(encoding="utf-8")) if report.is_file() else {}
    return proc, data


@pytest.mark.slow
def test_the_game_starts_offline_after_one_visit(site, browser, tmp_path):
    proc, report = run_check(site, tmp_path, "--chromium", browser,
                             "--screenshot", str(tmp_path / "offline.png"))
    print(proc.stdout)
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    assert "offline check passed" in proc.stdout
    # everything the first visit fetched was kept: the site's files and the runtime's
    kept = {url.rsplit("/", 1)[-1] for urls in report["caches"].values() for url in urls}
    assert {"index.html", "indian-rummy.apk", "manifest.webmanifest", "pythons.js",
            "main.js", "main.wasm", "main.data"} <= kept
    for visit in ("reload", "new_tab"):
        assert report[visit]["state"]["started"], visit
        assert report[visit]["state"]["standin"]["apk"] == "indian-rummy.apk"
    assert any(u.endswith("/indian-rummy.apk") for u in report["reload"]["urls"])
    assert (tmp_path / "offline.png").stat().st_size > 0


@pytest.mark.slow
def test_the_check_fails_when_the_worker_does_not_keep_the_runtime(site, browser, tmp_path):
    # the same site, but its worker keeps nothing from the CDN: the check must say so
    broken = tmp_path / "web"
    shutil.copytree(site, broken)
    sw = broken / "sw.js"
    text = sw.read_text(encoding="utf-8")
    origins = f"const RUNTIME_ORIGINS = {json.dumps(pwa.worker_values(site)['RUNTIME_ORIGINS'])};"
    assert origins in text
    sw.write_text(text.replace(origins, "const RUNTIME_ORIGINS = [];"), encoding="utf-8")
    proc, _ = run_check(broken, tmp_path, "--chromium", browser, "--timeout", "15")
    assert proc.returncode == 1, f"{proc.stdout}\n{proc.stderr}"
    assert "every fetched file to be in the worker's caches" in proc.stderr


def test_the_check_says_when_it_cannot_run(tmp_path):
    proc = subprocess.run([sys.executable, str(CHECK), "--site", str(tmp_path),
                           "--chromium", str(tmp_path / "no-such-browser")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "cannot run" in proc.stderr


def test_the_stand_in_serves_the_runtimes_addresses(tmp_path):
    files = offline_check.standin_runtime(tmp_path, "https://pygame-web.github.io/cdn/0.9.3/",
                                          "3.12")
    # what pygbag 0.9.3's pythons.js and main.js ask for (seen with the real pythons.js)
    assert {"cdn/0.9.3/pythons.js", "cdn/0.9.3/browserfs.min.js", "cdn/vtx.js",
            "cdn/vt/xterm.js", "cdn/vt/xterm.css", "cdn/vt/xterm-addon-image.js",
            "cdn/0.9.3/cpython312/main.js", "cdn/0.9.3/cpython312/main.wasm",
            "cdn/0.9.3/cpython312/main.data", "cdn/0.9.3/cpythonrc.py"} <= set(files)
    assert (tmp_path / "cdn/0.9.3/cpython312/main.wasm").read_bytes()[:4] == b"\0asm"
