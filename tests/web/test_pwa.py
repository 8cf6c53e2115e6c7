"""Install and play offline, the parts that need no browser: tools/pwa.py turns a built
site into one a phone can add to its home screen and start with no connection (the web
app manifest and its icons, the page's manifest link and worker registration, and
sw.js with its precache list and a cache version made from the build)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CDN = "https://pygame-web.github.io/cdn/0.9.3/"
APK = "indian-rummy.apk"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"rummy_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pwa = _load("pwa")


def pygbag_page(cdn: str = CDN) -> str:
    """The page as pygbag writes it from build/template/index.tmpl."""
    values = {"cdn": cdn, "archive": "indian-rummy", "title": "Indian Rummy", "PYBUILD": "3.12",
              "version": "0.9.3", "xtermjs": "1", "ume_block": "0", "can_close": "1",
              "autorun": "0", "width": "1024", "height": "600", "LINES": "50",
              "COLUMNS": "132"}
    text = (ROOT / "build" / "template" / "index.tmpl").read_text(encoding="utf-8")
    return re.sub(r"\{\{cookiecutter\.(\w+)\}\}", lambda m: values.get(m.group(1), "0"), text)


def make_site(where: Path, apk_text: str = "print('hi')\n", cdn: str = CDN) -> Path:
    """A site as tools/web_build.py collects it from pygbag, before the offline part."""
    where.mkdir(parents=True)
    (where / "index.html").write_text(pygbag_page(cdn), encoding="utf-8")
    with zipfile.ZipFile(where / APK, "w") as z:
        # a fixed date: two builds of the same files must be the same bytes, even a
        # second apart (a zip entry stores its time)
        z.writestr(zipfile.ZipInfo("assets/main.py", date_time=(2024, 1, 1, 0, 0, 0)), apk_text)
    shutil.copy2(ROOT / "assets" / "favicon.png", where / "favicon.png")
    shutil.copy2(ROOT / "assets" / "icon.png", where / "icon.png")
    return where


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> dict:
    where = make_site(tmp_path_factory.mktemp("pwa") / "web")
    before = (where / "index.html").read_text(encoding="utf-8")
    info = pwa.add_offline_support(where, ROOT / "assets" / "icon.png")
    return {"dir": where, "info": info, "before": before,
            "html": (where / "index.html").read_text(encoding="utf-8"),
            "manifest": json.loads((where / "manifest.webmanifest").read_text(encoding="utf-8")),
            "sw": (where / "sw.js").read_text(encoding="utf-8"),
            "values": pwa.worker_values(where)}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


class Head(HTMLParser):
    """Tags inside <head>, with their attributes, and the scripts' text."""

    def __init__(self) -> None:
        super().__init__()
        self.in_head = False
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._script = False

    def handle_starttag(self, tag, attrs):
        if tag == "head":
            self.in_head = True
        elif self.in_head:
            self.tags.append((tag, dict(attrs)))
        self._script = tag == "script"

    def handle_endtag(self, tag):
        if tag == "head":
            self.in_head = False
        self._script = False

    def handle_data(self, data):
        if self._script and self.in_head:
            self.scripts.append(data)


def head_of(html: str) -> Head:
    parser = Head()
    parser.feed(html)
    return parser


def test_the_site_gains_the_manifest_the_icons_and_the_worker(site):
    names = sorted(p.name for p in site["dir"].iterdir())
    assert names == ["favicon.png", "icon-192.png", "icon-512.png", "icon.png", "index.html",
                     APK, "manifest.webmanifest", "sw.js"]
    assert png_size(site["dir"] / "icon-192.png") == (192, 192)
    assert png_size(site["dir"] / "icon-512.png") == (512, 512)
    assert "drawn by tools/make_icon.py" in site["info"]["icons"]


def test_the_manifest_makes_the_game_installable(site):
    m = site["manifest"]
    assert m["name"] == "Indian Rummy" and m["short_name"] == "Rummy"
    assert len(m["short_name"]) <= 12  # what a home screen shows under the icon
    assert m["display"] == "standalone"
    assert m["orientation"] == "any"
    assert m["scope"] == "./" and m["start_url"] == "./index.html"
    icons = {(i["src"], i["sizes"], i["type"]) for i in m["icons"]}
    assert icons == {("icon-192.png", "192x192", "image/png"),
                     ("icon-512.png", "512x512", "image/png")}
    for icon in m["icons"]:
        assert (site["dir"] / icon["src"]).is_file()


def test_the_manifest_colours_are_the_games_table(site):
    from game.uikit.art import palette

    felt = "#{:02x}{:02x}{:02x}".format(*palette.FELT_DARK)
    page_theme = re.search(r'<meta name="theme-color" content="([^"]+)"', site["html"]).group(1)
    assert site["manifest"]["theme_color"] == site["manifest"]["background_color"] == felt
    assert page_theme.lower() == felt
    # the page's own background, shown until the game draws
    assert "--felt-dark: " + felt in site["html"]


def test_the_page_links_the_manifest_and_registers_the_worker(site):
    head = head_of(site["html"])
    links = [(a.get("rel"), a.get("href")) for tag, a in head.tags if tag == "link"]
    assert ("manifest", "manifest.webmanifest") in links
    assert [rel for rel, _ in links].count("apple-touch-icon") == 1
    metas = [a.get("name") for tag, a in head.tags if tag == "meta"]
    assert metas.count("theme-color") == 1
    assert "apple-mobile-web-app-title" in metas
    registration = [s for s in head.scripts if 'serviceWorker' in s]
    assert len(registration) == 1
    assert 'register("sw.js"' in registration[0]
    assert "rummy-keep" in registration[0] and "PerformanceObserver" in registration[0]


def test_the_python_the_runtime_runs_is_untouched(site):
    def site_code(html: str) -> str:
        start = html.index(">", html.index("<script")) + 1
        return html[start:html.index("</script>", start)]

    assert site_code(site["html"]) == site_code(site["before"])
    # only the head gained lines: the body is as pygbag wrote it
    body = site["before"].index("</head>")
    assert site["html"].endswith(site["before"][body:])


def test_the_worker_precaches_exactly_the_sites_files(site):
    files = sorted(p.name for p in site["dir"].iterdir() if p.name != "sw.js")
    assert site["values"]["PRECACHE_FILES"] == files
    assert {"index.html", APK, "manifest.webmanifest", "icon-192.png",
            "icon-512.png"} <= set(files)


def test_the_worker_keeps_what_the_page_takes_from_the_runtimes_cdn(site):
    assert pwa.cdn_base(site["html"]) == CDN
    assert site["values"]["RUNTIME_ORIGINS"] == ["https://pygame-web.github.io"]
    assert f'<script src="{CDN}pythons.js"' in site["html"]


def test_the_worker_is_filled_in_and_is_valid_javascript(site, tmp_path):
    assert "__" not in re.sub(r"//.*", "", site["sw"]).replace("__proto__", "")
    assert re.fullmatch(r"[0-9a-f]{16}", site["values"]["VERSION"])
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed: sw.js syntax not checked")
    script = tmp_path / "sw.js"
    script.write_text(site["sw"], encoding="utf-8")
    proc = subprocess.run([node, "--check", str(script)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    registration = head_of(site["html"]).scripts
    for i, code in enumerate(s for s in registration if "serviceWorker" in s):
        (tmp_path / f"page{i}.js").write_text(code, encoding="utf-8")
        proc = subprocess.run([node, "--check", str(tmp_path / f"page{i}.js")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_the_cache_version_changes_when_the_build_changes(tmp_path):
    def version_of(name: str, **kwargs) -> dict:
        where = make_site(tmp_path / name, **kwargs)
        pwa.add_offline_support(where, ROOT / "assets" / "icon.png")
        return pwa.worker_values(where)

    first = version_of("a")
    same = version_of("b")
    other_game = version_of("c", apk_text="print('changed')\n")
    other_runtime = version_of("d", cdn="https://pygame-web.github.io/cdn/0.9.4/")
    assert first["VERSION"] == same["VERSION"]  # the same build, the same caches
    assert other_game["VERSION"] != first["VERSION"]
    assert other_runtime["VERSION"] != first["VERSION"]
    # the runtime's own cache follows the runtime, not the game: a new build with the
    # same pygbag keeps the few MB of Python for the browser
    assert other_game["RUNTIME_KEY"] == first["RUNTIME_KEY"]
    assert other_runtime["RUNTIME_KEY"] != first["RUNTIME_KEY"]


def test_the_worker_names_its_caches_from_the_version_and_drops_old_ones():
    text = (ROOT / "build" / "template" / "sw.js").read_text(encoding="utf-8")
    assert "const PRECACHE = `${PREFIX}site-${VERSION}`;" in text
    assert "const RUNTIME = `${PREFIX}runtime-${RUNTIME_KEY}`;" in text
    activate = text[text.index('addEventListener("activate"'):]
    assert "caches.delete(name)" in activate[:600]
    assert "skipWaiting" in text and "clients.claim" in text


def test_a_page_without_pythons_js_or_a_head_is_refused():
    with pytest.raises(pwa.OfflineError, match="pythons.js"):
        pwa.cdn_base("<html><head></head></html>")
    with pytest.raises(pwa.OfflineError, match="</head>"):
        pwa.add_to_page("<html><script>x</script><body></body></html>", "#000000")
    with pytest.raises(pwa.OfflineError, match="already"):
        pwa.add_to_page('<html><head><link rel="manifest" href="m"></head></html>', "#000000")


def test_the_icons_command_line(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "icons" in proc.stderr
