"""Build the static web site (pygbag) into build/web, offline and without touching the source.

    .venv/bin/python tools/web_build.py [--out build/web] [--timeout 300]

pygbag packs whatever folder it is given and, when ``black`` is importable,
reformats that folder in place; it also writes its cache next to the code.
So the game is staged in a temporary folder holding only ``main.py``,
``game/`` and ``assets/``, pygbag runs there under a time limit with the
network and black blocked, and only the finished files are copied out:
``index.html``, ``indian-rummy.apk``, ``favicon.png`` and ``icon.png``.
Then tools/pwa.py makes the site installable and playable offline: it adds
``manifest.webmanifest``, ``icon-192.png``, ``icon-512.png`` and the service
worker ``sw.js``, and links the manifest and registers the worker in the page.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "build" / "template" / "index.tmpl"
FALLBACK_ICON = ROOT / "build" / "template" / "favicon.png"
APP_NAME = "indian-rummy"  # pygbag names the .apk after the staged folder
TITLE = "Indian Rummy"
APK_BUDGET = 1_000_000  # bytes: the 1 MB budget for the package
DEFAULT_TIMEOUT = 300.0

# What the package holds: the entry point, the game package and its assets.
PACKED = ("main.py", "game", "assets")
SKIPPED_NAMES = ("__pycache__", "*.pyc", "*.pyo", ".*", "*.orig", "*.rej", "*~")
SOUND_FORMATS_REFUSED = (".wav", ".mp3", ".aiff", ".xm")

# Runs inside the pygbag process: black is made unimportable (pygbag would
# reformat the staged code with it) and every download attempt fails at once
# instead of pygbag's endless retry, so a missing local file is an error.
PYGBAG_LAUNCHER = """
import socket, sys, runpy
sys.modules["black"] = None

def _offline(*args, **kwargs):
    raise OSError("the web build is offline: nothing may be downloaded")

socket.socket.connect = _offline
socket.socket.connect_ex = _offline
socket.create_connection = _offline
import pygbag.web
def _no_download(url, path):
    raise RuntimeError(f"pygbag tried to download {url}: give it a local file instead")
pygbag.web.get = _no_download
sys.argv = ["pygbag"] + sys.argv[1:]
runpy.run_module("pygbag", run_name="__main__", alter_sys=True)
"""


class BuildError(Exception):
    """The web build cannot go on; the message says why."""


def _load_pwa():
    """tools/pwa.py, by path: this file also runs as a module loaded by the tests."""
    spec = importlib.util.spec_from_file_location("rummy_pwa", Path(__file__).with_name("pwa.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pwa = _load_pwa()


def pick_icon(root: Path) -> tuple[Path, Path]:
    """(favicon, large icon) from the game's art, else the template's own icon."""
    assets = root / "assets"
    favicon = assets / "favicon.png"
    icon = assets / "icon.png"
    fallback = FALLBACK_ICON if FALLBACK_ICON.is_file() else None
    chosen_fav = favicon if favicon.is_file() else icon if icon.is_file() else fallback
    chosen_icon = icon if icon.is_file() else chosen_fav
    if chosen_fav is None or chosen_icon is None:
        raise BuildError("no icon: add assets/icon.png (or assets/favicon.png)")
    return chosen_fav, chosen_icon


def stage(root: Path, dest: Path) -> list[str]:
    """Copy main.py, game/ and assets/ from ``root`` into ``dest``; return packed paths."""
    if not (root / "main.py").is_file():
        raise BuildError(f"{root / 'main.py'} is missing: pygbag starts the game from it")
    if not (root / "game" / "__init__.py").is_file():
        raise BuildError(f"{root / 'game'} is not a package")
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns(*SKIPPED_NAMES)
    for name in PACKED:
        src = root / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        elif src.is_file():
            shutil.copy2(src, dest / name)
    files = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file())
    refused = [f for f in files if Path(f).suffix.lower() in SOUND_FORMATS_REFUSED]
    if refused:
        raise BuildError(f"browsers here play only .ogg sounds; convert: {', '.join(refused)}")
    return files


def run_pygbag(app_dir: Path, favicon: Path, timeout: float) -> None:
    """Run pygbag's packer on ``app_dir``; raise BuildError on failure or timeout."""
    cmd = [
        sys.executable, "-c", PYGBAG_LAUNCHER,
        "--build",
        "--template", str(TEMPLATE),
        "--icon", str(favicon),
        "--title", TITLE,
        "--ume_block", "0",  # start without waiting for a click
        "--can_close", "1",  # no "leave this page?" prompt: the game saves as it goes
        "--no_opt",  # pack files as they are; pngquant/ffmpeg differ between machines
        str(app_dir),
    ]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    log = app_dir.parent / "pygbag.log"
    with open(log, "w", encoding="utf-8") as out:
        # own session so a timeout can stop pygbag and anything it started
        proc = subprocess.Popen(cmd, cwd=app_dir, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise BuildError(
                f"pygbag did not finish within {timeout:.0f} s\n{_tail(log)}") from None
    if code != 0:
        raise BuildError(f"pygbag failed with exit code {code}\n{_tail(log)}")


def _tail(log: Path, lines: int = 25) -> str:
    return "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def collect(app_dir: Path, out: Path, icon: Path) -> Path:
    """Check pygbag's output and copy the site into ``out``; return the .apk path."""
    web = app_dir / "build" / "web"
    index = web / "index.html"
    apk = web / f"{APP_NAME}.apk"
    fav = web / "favicon.png"
    for needed in (index, apk, fav):
        if not needed.is_file():
            log = _tail(app_dir.parent / "pygbag.log")
            raise BuildError(f"pygbag did not write {needed.name}\n{log}")
    html = index.read_text(encoding="utf-8")
    if "{{cookiecutter." in html:
        raise BuildError("index.html still holds template placeholders pygbag did not fill")
    if f"{APP_NAME}.apk" not in html:
        raise BuildError(f"index.html does not load {APP_NAME}.apk")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for f in (index, apk, fav):
        shutil.copy2(f, out / f.name)
    shutil.copy2(icon, out / "icon.png")
    return out / apk.name


def build(root: Path = ROOT, out: Path | None = None, timeout: float = DEFAULT_TIMEOUT,
          budget: int = APK_BUDGET) -> Path:
    """Build the site for the game in ``root`` into ``out``; return the .apk path."""
    out = out if out is not None else root / "build" / "web"
    if not TEMPLATE.is_file():
        raise BuildError(f"page template {TEMPLATE} is missing")
    favicon, icon = pick_icon(root)
    with tempfile.TemporaryDirectory(prefix="rummy-web-") as tmp:
        app_dir = Path(tmp) / APP_NAME
        stage(root, app_dir)
        run_pygbag(app_dir, favicon, timeout)
        apk = collect(app_dir, out, icon)
    try:
        pwa.add_offline_support(out, icon)
    except pwa.OfflineError as exc:
        raise BuildError(f"cannot make the site work offline: {exc}") from None
    size = apk.stat().st_size
    if size > budget:
        raise BuildError(f"{apk.name} is {size:,} bytes, over the {budget:,}-byte budget")
    return apk


def describe(apk: Path) -> str:
    """A short report of the package: size and what it holds."""
    with zipfile.ZipFile(apk) as z:
        infos = z.infolist()
    by_top: dict[str, list[int]] = {}
    for info in infos:
        parts = info.filename.split("/")
        top = "/".join(parts[:2]) if len(parts) > 2 else info.filename
        entry = by_top.setdefault(top, [0, 0, 0])
        entry[0] += 1
        entry[1] += info.file_size
        entry[2] += info.compress_size
    lines = [f"{apk.name}: {apk.stat().st_size:,} bytes, {len(infos)} files"]
    for top, (count, raw, packed) in sorted(by_top.items()):
        lines.append(f"  {top:<28} {count:>4} files {raw:>10,} B -> {packed:>9,} B")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "web",
                        help="where the site goes (default: build/web)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help="seconds pygbag may take before the build fails")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        apk = build(ROOT, args.out.resolve(), args.timeout)
    except BuildError as exc:
        print(f"web build failed: {exc}", file=sys.stderr)
        return 1
    print(describe(apk))
    print(pwa.describe(apk.parent))
    files = ", ".join(sorted(p.name for p in apk.parent.iterdir()))
    print(f"site in {apk.parent}: {files} ({time.monotonic() - started:.1f} s)")
    print(f"try it: python -m http.server -d {apk.parent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
