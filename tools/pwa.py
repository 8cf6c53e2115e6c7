"""Install and play offline: the web app manifest, its icons and the service worker.

tools/web_build.py calls ``add_offline_support`` on the finished site (build/web):

- ``icon-192.png`` and ``icon-512.png``: the game's icon (tools/make_icon.py's fan of
  cards, drawn at 512 px as for assets/icon.png; if that cannot be drawn, the site's
  icon.png scaled);
- ``manifest.webmanifest``: name, short name, start URL, standalone display, any
  orientation, the page's theme colour (the table's dark felt) and those icons;
- the page gets ``<link rel="manifest">`` and the service worker's registration
  (build/template/pwa-head.html), plus an apple-touch-icon link and a theme-color
  meta if its template lacks them;
- ``sw.js`` (build/template/sw.js filled in): precaches the site's own files under a
  name made from a hash of the build, and keeps at run time every file the page takes
  from pygbag's CDN (the origin of the runtime address in the page).

    .venv/bin/python tools/pwa.py icons SOURCE_ICON OUT_DIR   # the icons alone
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "build" / "template"
SW_TEMPLATE = TEMPLATES / "sw.js"
HEAD_TEMPLATE = TEMPLATES / "pwa-head.html"

MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ICON_SIZES = (192, 512)
NAME = "Indian Rummy"
SHORT_NAME = "Rummy"
DESCRIPTION = "Indian Rummy (Paplu, Points, Pool and Deals) against computer players."
# The table's dark felt (game.uikit.art.palette.FELT_DARK), the page's background and
# its theme-color; used when the page does not say.
DEFAULT_THEME = "#0c4228"
ICON_TIMEOUT = 120.0

# pygbag's page loads its runtime from <script src="CDN/pythons.js">.
CDN_SCRIPT = re.compile(r'<script\s+src="(https?://[^"]+/)pythons\.js"')
THEME_META = re.compile(r'<meta\s+name="theme-color"\s+content="(#[0-9a-fA-F]{3,8})"')


class OfflineError(Exception):
    """The offline part of the site cannot be made; the message says why."""


def cdn_base(html: str) -> str:
    """The runtime's address in a pygbag page (``https://…/cdn/0.9.3/``)."""
    found = CDN_SCRIPT.search(html)
    if not found:
        raise OfflineError("index.html does not load pygbag's pythons.js from a CDN")
    return found.group(1)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def theme_colour(html: str) -> str:
    found = THEME_META.search(html)
    return found.group(1).lower() if found else DEFAULT_THEME


def manifest(theme: str, icons: dict[int, str]) -> dict:
    """The web app manifest: what a phone needs to put the game on its home screen."""
    return {
        "id": "./",
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "lang": "en",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "theme_color": theme,
        "background_color": theme,
        "categories": ["games"],
        "icons": [{"src": name, "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any"} for size, name in sorted(icons.items())],
    }


def head_end(html: str) -> int:
    """Where the page's ``</head>`` is, outside the Python that pythons.js runs
    (the text of the first <script> element)."""
    first_script_end = html.find("</script>")
    at = html.find("</head>", first_script_end if first_script_end >= 0 else 0)
    if at < 0:
        raise OfflineError("index.html has no </head> after its first script")
    return at


def add_to_page(html: str, theme: str) -> str:
    """The page with the manifest link and the worker's registration in its <head>."""
    if 'rel="manifest"' in html:
        raise OfflineError("index.html already links a manifest")
    extra = HEAD_TEMPLATE.read_text(encoding="utf-8")
    if 'rel="apple-touch-icon"' not in html:
        extra += '    <link rel="apple-touch-icon" href="icon-192.png">\n'
    if 'name="theme-color"' not in html:
        extra += f'    <meta name="theme-color" content="{theme}">\n'
    if 'name="apple-mobile-web-app-title"' not in html:
        extra += f'    <meta name="apple-mobile-web-app-title" content="{SHORT_NAME}">\n'
    at = head_end(html)
    return html[:at] + extra + html[at:]


def precache_files(site: Path) -> list[str]:
    """The site's own files that the worker stores when it installs: all but itself."""
    return sorted(p.name for p in site.iterdir() if p.is_file() and p.name != SERVICE_WORKER)


def build_version(site: Path, files: list[str]) -> str:
    """A hash of the build: every precached file's name and bytes, and the worker's code."""
    digest = hashlib.sha256(SW_TEMPLATE.read_bytes())
    for name in files:
        data = (site / name).read_bytes()
        digest.update(f"\0{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


def service_worker(version: str, files: list[str], cdn: str) -> str:
    """build/template/sw.js with this build's values."""
    values = {
        "__VERSION__": version,
        "__PRECACHE_FILES__": json.dumps(files),
        "__RUNTIME_ORIGINS__": json.dumps([origin_of(cdn)]),
        "__RUNTIME_KEY__": hashlib.sha256(cdn.encode()).hexdigest()[:12],
    }
    text = SW_TEMPLATE.read_text(encoding="utf-8")
    for key, value in values.items():
        if key not in text:
            raise OfflineError(f"{SW_TEMPLATE} has no {key}")
        text = text.replace(key, value)
    return text


def render_icons(source: Path, out: Path, timeout: float = ICON_TIMEOUT) -> str:
    """Write icon-192.png and icon-512.png into ``out``; return how they were made.

    Runs in its own interpreter with SDL's dummy drivers (pygame, no window, no sound).
    """
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONDONTWRITEBYTECODE="1")
    try:
        proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "icons",
                               str(source), str(out)], env=env, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise OfflineError(f"drawing the icons took over {timeout:.0f} s") from None
    if proc.returncode != 0:
        raise OfflineError(f"could not make the icons:\n{proc.stderr[-2000:]}")
    return proc.stdout.strip()


def _draw_icons(source: Path, out: Path) -> str:
    """(In the icon subprocess.) Draw the 512 px icon as tools/make_icon.py does, or
    scale ``source`` if that fails; save each size."""
    import importlib.util

    import pygame

    pygame.display.init()
    pygame.font.init()
    how = "drawn by tools/make_icon.py at 512 px"
    try:
        spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
        make_icon = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make_icon)
        # the same fan as assets/icon.png, which make_icon draws at 512 and halves
        big = make_icon.fan(512, make_icon.ICON_HAND, 172, 13, 0.95, 0.52)
    except Exception as exc:  # any failure falls back to the shipped icon
        big = pygame.transform.smoothscale(pygame.image.load(str(source)), (512, 512))
        how = f"scaled from {source.name} ({type(exc).__name__}: {exc})"
    for size in ICON_SIZES:
        img = big if size == 512 else pygame.transform.smoothscale(big, (size, size))
        pygame.image.save(img, str(out / f"icon-{size}.png"))
    return how


def add_offline_support(site: Path, icon: Path) -> dict:
    """Add the manifest, icons, page changes and service worker to a built site.

    ``site`` holds pygbag's index.html and the game's package; ``icon`` is the game's
    icon, used if the icon cannot be drawn. Returns what was done (for the report).
    """
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    cdn = cdn_base(html)
    theme = theme_colour(html)
    how = render_icons(icon, site)
    icons = {size: f"icon-{size}.png" for size in ICON_SIZES}
    (site / MANIFEST).write_text(json.dumps(manifest(theme, icons), indent=2) + "\n",
                                 encoding="utf-8")
    index.write_text(add_to_page(html, theme), encoding="utf-8")
    files = precache_files(site)
    version = build_version(site, files)
    (site / SERVICE_WORKER).write_text(service_worker(version, files, cdn), encoding="utf-8")
    return {"version": version, "precache": files, "cdn": cdn, "icons": how}


def worker_values(site: Path) -> dict:
    """What a built sw.js holds: its version, precache list and runtime origins."""
    text = (site / SERVICE_WORKER).read_text(encoding="utf-8")
    values = {}
    for key in ("VERSION", "PRECACHE_FILES", "RUNTIME_ORIGINS", "RUNTIME_KEY"):
        found = re.search(rf"^const {key} = (.*);$", text, re.MULTILINE)
        if not found:
            raise OfflineError(f"{site / SERVICE_WORKER} has no {key}")
        values[key] = json.loads(found.group(1))
    return values


def describe(site: Path) -> str:
    """One line for the build's report."""
    values = worker_values(site)
    return (f"offline: {SERVICE_WORKER} (build {values['VERSION']}) precaches "
            f"{len(values['PRECACHE_FILES'])} files and keeps what the page takes from "
            f"{', '.join(values['RUNTIME_ORIGINS'])}")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 3 and args[0] == "icons":
        print(_draw_icons(Path(args[1]), Path(args[2])))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
