"""Check in headless Chromium that the web build starts with no connection after one visit.

    .venv/bin/python tools/offline_check.py [--site build/web] [--runtime DIR]
                                            [--chromium PATH] [--install-browser]
                                            [--screenshot FILE] [--timeout 90]

(``make check-offline`` builds the site, installs the ``[offline]`` extra, that is
playwright, and runs this with ``--install-browser``.) The servers and the stand-in
runtime below are in ``tools/offline_standin.py``.

1. Two HTTP servers on 127.0.0.1: one serves the site (build/web), the other stands
   in for pygbag's CDN. The page's CDN origin (``https://pygame-web.github.io``) is
   rewritten to the stand-in's address as the files are served, in the page and
   in sw.js; the files on disk are not touched. Neither server lets the browser keep
   an HTTP-cache copy (``Cache-Control: no-store``), so a page that starts offline
   can only have had its files from the service worker.
2. Chromium (through playwright) opens the page, waits until the game has started
   (the page's ``rummy_loaded()`` has run: the loading card ``#transfer`` is
   ``done``) and the service worker controls the page, then until every file either
   server sent is in the worker's caches.
3. A new build is deployed (a copy of the site whose page differs, so its sw.js has
   a new version): on the next visit the new worker must replace the site's cache
   and keep the runtime's, and the visit after runs the new build.
4. Both servers are stopped (their ports refuse connections) and the browser is put
   offline; the page is reloaded, and opened again in a new tab with
   ``?game=pool101&seed=42``. Each time the new build's game must start again, every
   file must come from the service worker, and no request may fail.

The runtime: the CDN's real files (CPython compiled to WebAssembly, ``main.data``,
pygame-ce for wasm, ``pythons.js``) are not on this machine and no registry it
reaches has them. Without ``--runtime`` the CDN server serves a generated stand-in:
files at the same addresses as pygbag 0.9.3's runtime, asked for the same ways
(module script, classic scripts, ``fetch`` + ``WebAssembly.instantiateStreaming``,
XHR, dynamic ``import()``, a stylesheet), by a stand-in ``pythons.js`` that then
reads the page's own site code, fetches the game's real package (the .apk) and
checks it holds ``assets/main.py``, draws on the canvas and calls the page's
``rummy_loaded()``, as the real site code does once the game's main.py runs. So the
page, the manifest, the service worker and the game's package are real; Python and
pygame are not. ``--runtime DIR`` serves a real copy of the CDN folder instead
(``DIR/0.9.3/pythons.js``, ``DIR/0.9.3/cpython312/main.wasm``, …, as at
``https://pygame-web.github.io/cdn/``), to run the same check with the real runtime.

The browser: ``--chromium PATH``, else $RUMMY_CHROMIUM, else ``chromium``,
``chromium-browser``, ``google-chrome`` on PATH, else playwright's own Chromium if
one was installed. ``--install-browser`` installs Debian's ``chromium`` with apt-get
when none is found (as root, on Debian or Ubuntu); playwright's browser download is
never used. Exit status: 0 passed, 1 failed, 2 could not run (no playwright or no
Chromium).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent


def _sibling(name: str):
    """Another file of tools/ as a module (tools/ is no package: each runs as a script)."""
    spec = importlib.util.spec_from_file_location(f"rummy_{name}",
                                                  Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pwa = _sibling("pwa")
_standin = _sibling("offline_standin")
REAL_CDN_ORIGIN = _standin.REAL_CDN_ORIGIN
Server = _standin.Server
standin_runtime = _standin.standin_runtime

DEFAULT_SITE = ROOT / "build" / "web"
DEFAULT_TIMEOUT = 90.0
CDN_SCRIPT = re.compile(r'<script\s+src="(https?://[^"]+/)pythons\.js"')
PYTHON_BUILD = re.compile(r'data-python="python(\d+)\.(\d+)"')
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# As root Chromium needs --no-sandbox; the rest keep it from calling Google's hosts
# (this machine's closed network refuses them, many at a time).
CHROMIUM_ARGS = ["--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps"]
SECOND_BUILD_MARK = '<div id="rummy-second-build" hidden></div>'
IS_SECOND_BUILD = "() => !!document.getElementById('rummy-second-build')"
STARTED = ("() => { const t = document.getElementById('transfer');"
           " return !!t && t.classList.contains('done') && !window.rummy_runtime_failed; }")
WORKERS = """async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const show = (w) => w && `${w.state}`;
    return r ? { installing: show(r.installing), waiting: show(r.waiting),
                 active: show(r.active) } : null;
}"""
LIST_CACHES = """async () => {
    const out = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        out[name] = (await cache.keys()).map((r) => r.url);
    }
    return out;
}"""
PAGE_STATE = """() => ({
    started: !!document.getElementById('transfer')
             && document.getElementById('transfer').classList.contains('done'),
    runtime_failed: !!window.rummy_runtime_failed,
    trouble: (document.getElementById('trouble') || {}).textContent || '',
    status: (document.getElementById('status') || {}).textContent || '',
    controlled: !!navigator.serviceWorker.controller,
    standin: window.standin_started || null,
    standin_error: window.standin_error || null,
    offline_files: window.rummy_offline_files || null,
})"""


class CheckFailed(Exception):
    """The offline check found a problem; the message says what."""


class CannotRun(Exception):
    """The check cannot run here (no playwright, no Chromium); the message says why."""


def second_build(site: Path, dest: Path) -> str:
    """A copy of ``site`` as the next deployment would be: the page changed (it gains
    an element with id ``rummy-second-build``), so tools/pwa.py gives sw.js a new
    version. Returns that version."""
    shutil.copytree(site, dest)
    index = dest / "index.html"
    html = index.read_text(encoding="utf-8")
    index.write_text(html.replace("</body>", f'{SECOND_BUILD_MARK}\n</body>', 1),
                     encoding="utf-8")
    files = pwa.precache_files(dest)
    version = pwa.build_version(dest, files)
    (dest / pwa.SERVICE_WORKER).write_text(
        pwa.service_worker(version, files, pwa.cdn_base(html)), encoding="utf-8")
    return version


# --------------------------------------------------------------------------- the browser

def find_chromium(explicit: str | None = None) -> str | None:
    """The Chromium to drive: --chromium, $RUMMY_CHROMIUM, one on PATH, playwright's own."""
    for candidate in (explicit, os.environ.get("RUMMY_CHROMIUM")):
        if candidate:
            return candidate if Path(candidate).is_file() else shutil.which(candidate)
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return found
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            own = p.chromium.executable_path
    except Exception:  # playwright's driver could not start: no browser either
        return None
    return own if own and Path(own).is_file() else None


def install_chromium() -> str:
    """Install Debian's chromium with apt-get (as root); return its path."""
    apt = shutil.which("apt-get")
    if not apt or os.geteuid() != 0:
        raise CannotRun("no Chromium found; install one (Debian/Ubuntu: sudo apt-get install "
                        "chromium) or pass --chromium PATH")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = [apt, "install", "-y", "--no-install-recommends", "chromium"]
    print("installing Debian's chromium:", " ".join(cmd), flush=True)
    if subprocess.run(cmd, env=env).returncode != 0:
        subprocess.run([apt, "update"], env=env)
        if subprocess.run(cmd, env=env).returncode != 0:
            raise CannotRun("apt-get could not install chromium")
    found = find_chromium()
    if not found:
        raise CannotRun("chromium was installed but is not on PATH")
    return found


def _wait(what: str, test, timeout: float, every: float = 0.25):
    """Poll ``test()`` until it returns something true; raise CheckFailed after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        if time.monotonic() > deadline:
            raise CheckFailed(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


def run_check(site: Path, runtime: Path | None = None, chromium: str | None = None,
              timeout: float = DEFAULT_TIMEOUT, screenshot: Path | None = None,
              say=print) -> dict:
    """The whole check; returns a report, raises CheckFailed or CannotRun."""
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise CannotRun("playwright is not installed (pip install -e '.[offline]')") from None
    if not chromium:
        raise CannotRun("no Chromium found (--chromium PATH or --install-browser)")
    site = site.resolve()
    html = (site / "index.html").read_text(encoding="utf-8")
    found = CDN_SCRIPT.search(html)
    if not found:
        raise CheckFailed("index.html does not load pythons.js from a CDN")
    cdn = found.group(1)
    if not cdn.startswith(REAL_CDN_ORIGIN + "/"):
        raise CheckFailed(f"the page's CDN {cdn} is not under {REAL_CDN_ORIGIN}")
    for needed in ("sw.js", "manifest.webmanifest"):
        if not (site / needed).is_file():
            raise CheckFailed(f"{site} has no {needed}: build it with `make web`")
    build = PYTHON_BUILD.search(html)
    python_build = f"{build.group(1)}.{build.group(2)}" if build else "3.12"
    report: dict = {"cdn": cdn}

    with tempfile.TemporaryDirectory(prefix="rummy-offline-") as tmp:
        tmp_path = Path(tmp)
        cdn_root = tmp_path / "cdn-root"
        cdn_folder = urlsplit(cdn).path.strip("/").rsplit("/", 1)[0]   # "cdn"
        if runtime is None:
            written = standin_runtime(cdn_root, cdn, python_build)
            report["runtime"] = "stand-in"
            say(f"runtime: generated stand-in, {len(written)} files at the CDN's addresses")
        else:
            (cdn_root / cdn_folder).parent.mkdir(parents=True, exist_ok=True)
            (cdn_root / cdn_folder).symlink_to(runtime.resolve(), target_is_directory=True)
            report["runtime"] = str(runtime)
            say(f"runtime: the files in {runtime} (served as {REAL_CDN_ORIGIN}/{cdn_folder}/)")
        cdn_server = Server(cdn_root, "cdn", cors=True)
        site_server = Server(site, "site", cors=False)
        for server in (cdn_server, site_server):
            server.rewrite_to = cdn_server.origin
            server.start()
        page_url = f"{site_server.origin}/index.html"
        standin_cdn = cdn.replace(REAL_CDN_ORIGIN, cdn_server.origin)
        say(f"site: {site} at {site_server.origin}/; CDN {cdn} -> {standin_cdn}")
        console: list[str] = []
        stopped = False
        try:
            with sync_playwright() as p:
                args = [*CHROMIUM_ARGS, *(["--no-sandbox"] if os.geteuid() == 0 else [])]
                context = p.chromium.launch_persistent_context(
                    str(tmp_path / "profile"), executable_path=chromium, headless=True,
                    args=args, viewport={"width": 1000, "height": 700},
                    service_workers="allow")
                try:
                    page = context.pages[0] if context.pages else context.new_page()
                    _listen(page, console, "tab 1")
                    say(f"browser: {chromium} ({_version(chromium)}), playwright "
                        f"{_playwright_version()}")

                    # 1. the first visit, online
                    started = time.monotonic()
                    page.goto(page_url, wait_until="load", timeout=timeout * 1000)
                    _wait_started(page, "the game to start on the first visit", timeout, console)
                    report["first_start_s"] = round(time.monotonic() - started, 2)
                    _wait("the service worker to control the page",
                          lambda: page.evaluate("!!navigator.serviceWorker.controller"), timeout)
                    sw_script = f"{site_server.origin}/sw.js"

                    def missing() -> list[str]:
                        cached = {u for urls in page.evaluate(LIST_CACHES).values() for u in urls}
                        fetched = [u for s in (site_server, cdn_server) for u in s.served()
                                   if u != sw_script]
                        return [u for u in fetched if u not in cached]

                    def all_kept() -> bool:
                        if missing():
                            return False
                        time.sleep(1.0)  # and nothing new fetched meanwhile
                        return not missing()

                    _wait("every fetched file to be in the worker's caches", all_kept,
                          timeout, every=0.5)
                    caches = page.evaluate(LIST_CACHES)
                    report["caches"] = {name: sorted(urls) for name, urls in caches.items()}
                    report["first_visit"] = {
                        "site": [u.removeprefix(site_server.origin) for u in site_server.served()],
                        "cdn": [u.removeprefix(cdn_server.origin) for u in cdn_server.served()],
                        "state": page.evaluate(PAGE_STATE),
                    }
                    say(f"1. first visit: game started in {report['first_start_s']} s; "
                        f"the service worker controls the page")
                    say(f"   from the site server: {', '.join(report['first_visit']['site'])}")
                    say(f"   from the CDN server: {', '.join(report['first_visit']['cdn'])}")
                    for name, urls in report["caches"].items():
                        say(f"   cache '{name}': {len(urls)} files")
                        for url in urls:
                            say(f"      {url}")

                    # 2. a new build is deployed: the next online visit replaces the
                    # site's cache and keeps the runtime's
                    site_server.root = tmp_path / "second-build"
                    version = second_build(site, site_server.root)
                    first_names = set(report["caches"])
                    page.reload(wait_until="load", timeout=timeout * 1000)
                    _wait_started(page, "the game to start after the update", timeout, console)

                    def updated() -> dict | None:
                        names = page.evaluate(LIST_CACHES)
                        has_new = any(n.endswith(f"site-{version}") for n in names)
                        return names if has_new and len(names) == len(first_names) else None

                    try:
                        names = _wait("the new build's worker to replace the old caches",
                                      updated, timeout, every=0.5)
                    except CheckFailed as exc:
                        raise CheckFailed(f"{exc}; caches: {sorted(page.evaluate(LIST_CACHES))}"
                                          f" (expected site-{version}); workers: "
                                          f"{page.evaluate(WORKERS)}") from None
                    gone = sorted(first_names - set(names))
                    kept_runtime = sorted(first_names & set(names))
                    if len(gone) != 1 or "site-" not in gone[0] or not kept_runtime:
                        raise CheckFailed(f"after the update the caches are {sorted(names)} "
                                          f"(before: {sorted(first_names)})")
                    page.reload(wait_until="load", timeout=timeout * 1000)
                    _wait_started(page, "the new build to start", timeout, console)
                    if not page.evaluate(IS_SECOND_BUILD):
                        raise CheckFailed("after the update the page is still the first build")
                    report["update"] = {"version": version, "dropped": gone,
                                        "kept": kept_runtime, "caches": sorted(names)}
                    say(f"2. a new build (sw.js {version}) deployed: on the next visit its "
                        f"worker replaced '{gone[0]}' and kept '{kept_runtime[0]}'; the "
                        "visit after that runs the new build")
                    _wait("the new build's files to be kept", all_kept, timeout, every=0.5)

                    # 3. no servers, no network
                    for server in (site_server, cdn_server):
                        server.stop()
                    stopped = True
                    if not (site_server.refuses() and cdn_server.refuses()):
                        raise CheckFailed("a stopped server still accepts connections")
                    context.set_offline(True)
                    say(f"3. both servers stopped (ports {site_server.port} and {cdn_server.port} "
                        "refuse connections); the browser is offline")

                    # 4. reload, and 5. a new tab with a link's query
                    report["reload"] = _offline_visit(page, lambda: page.reload(
                        wait_until="load", timeout=timeout * 1000), timeout, console,
                        site_server.origin, cdn_server.origin)
                    if not page.evaluate(IS_SECOND_BUILD):
                        raise CheckFailed("offline the page is the first build, not the second")
                    say("4. reload offline (the new build): game started in "
                        f"{report['reload']['start_s']} s; "
                        f"{report['reload']['responses']} responses, all from the service "
                        f"worker; no request failed")
                    tab = context.new_page()
                    _listen(tab, console, "tab 2")
                    link = f"{page_url}?game=pool101&seed=42"
                    report["new_tab"] = _offline_visit(tab, lambda: tab.goto(
                        link, wait_until="load", timeout=timeout * 1000), timeout, console,
                        site_server.origin, cdn_server.origin)
                    say(f"5. new tab offline, {link.removeprefix(site_server.origin)}: game "
                        f"started in {report['new_tab']['start_s']} s; "
                        f"{report['new_tab']['responses']} responses, all from the service worker")
                    report["manifest"] = _manifest_report(context, page)
                    say(f"manifest: {report['manifest']}")
                    if screenshot:
                        screenshot.parent.mkdir(parents=True, exist_ok=True)
                        tab.screenshot(path=str(screenshot))
                        say(f"screenshot of the offline tab: {screenshot}")
                finally:
                    context.close()
        except PlaywrightError as exc:
            raise CheckFailed(f"the browser failed: {exc}\n{_tail(console)}\n"
                              f"{_requests(site_server, cdn_server)}") from None
        except CheckFailed as exc:
            raise CheckFailed(f"{exc}\n{_requests(site_server, cdn_server)}") from None
        finally:
            if not stopped:
                for server in (site_server, cdn_server):
                    server.stop()
    report["console"] = console
    return report


def _version(executable: str) -> str:
    try:
        out = subprocess.run([executable, "--version"], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "version unknown"
    return out.strip().splitlines()[-1] if out.strip() else "version unknown"


def _playwright_version() -> str:
    from importlib.metadata import version

    return version("playwright")


def _requests(*servers: Server) -> str:
    lines = []
    for server in servers:
        lines.append(f"requests to the {server.name} server ({server.origin}):")
        lines += [f"  {status} {path}" for path, status in server.log]
    return "\n".join(lines)


def _listen(page, console: list[str], label: str) -> None:
    page.on("console", lambda m: console.append(f"[{label}] {m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[{label}] page error: {e}"))


def _tail(console: list[str], lines: int = 30) -> str:
    return "browser console (last lines):\n  " + "\n  ".join(console[-lines:])


def _wait_started(page, what: str, timeout: float, console: list[str]) -> None:
    try:
        page.wait_for_function(STARTED, timeout=timeout * 1000, polling=200)
    except Exception:
        state = page.evaluate(PAGE_STATE)
        raise CheckFailed(f"timed out waiting for {what}: {json.dumps(state)}\n"
                          f"{_tail(console)}") from None


def _offline_visit(page, go, timeout: float, console: list[str], *origins: str) -> dict:
    """Open the page with ``go()`` while offline; the game must start with every
    file from the service worker."""
    responses: list[tuple[str, int, bool]] = []
    failed: list[tuple[str, str]] = []
    on_response = lambda r: responses.append((r.url, r.status, r.from_service_worker))  # noqa: E731
    on_failed = lambda r: failed.append((r.url, r.failure or "?"))  # noqa: E731
    page.on("response", on_response)
    page.on("requestfailed", on_failed)
    started = time.monotonic()
    try:
        go()
        _wait_started(page, "the game to start offline", timeout, console)
        start_s = round(time.monotonic() - started, 2)
        page.wait_for_timeout(1000)  # late requests
    finally:
        page.remove_listener("response", on_response)
        page.remove_listener("requestfailed", on_failed)
    ours = [r for r in responses if r[0].startswith(origins)]
    not_from_worker = [f"{url} ({status})" for url, status, sw in ours if not sw or status != 200]
    if failed or not_from_worker or not ours:
        raise CheckFailed("offline, the page was not served whole by the service worker:\n"
                          f"  failed: {failed}\n  not from the worker: {not_from_worker}\n"
                          f"{_tail(console)}")
    state = page.evaluate(PAGE_STATE)
    if state["trouble"].strip() or state["runtime_failed"]:
        raise CheckFailed(f"the page reports a problem offline: {json.dumps(state)}")
    return {"start_s": start_s, "responses": len(ours), "state": state,
            "urls": sorted({url for url, _, _ in ours})}


def _manifest_report(context, page) -> str:
    """What Chromium makes of the manifest (DevTools protocol)."""
    try:
        cdp = context.new_cdp_session(page)
        got = cdp.send("Page.getAppManifest")
    except Exception as exc:
        return f"could not ask Chromium ({exc})"
    errors = [e.get("message", str(e)) for e in got.get("errors", [])]
    if errors:
        raise CheckFailed(f"Chromium finds errors in the manifest: {errors}")
    parsed = json.loads(got.get("data") or "{}")
    text = f"read by Chromium from {got.get('url', '?')}, no errors ({parsed.get('name')!r}, " \
           f"display {parsed.get('display')!r})"
    try:
        installability = cdp.send("Page.getInstallabilityErrors").get("installabilityErrors", [])
        ids = [e.get("errorId", str(e)) for e in installability]
        text += f"; installability errors: {ids or 'none'}"
    except Exception as exc:
        text += f"; installability not reported ({type(exc).__name__})"
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE,
                        help="the built site (default: build/web)")
    parser.add_argument("--runtime", type=Path, default=None,
                        help="a real copy of pygbag's CDN folder (default: a generated stand-in)")
    parser.add_argument("--chromium", default=None, help="the Chromium executable")
    parser.add_argument("--install-browser", action="store_true",
                        help="install Debian's chromium with apt-get if none is found")
    parser.add_argument("--screenshot", type=Path, default=None,
                        help="save a screenshot of the page started offline")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help="seconds for each wait")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    args = parser.parse_args(argv)
    try:
        chromium = find_chromium(args.chromium)
        if not chromium and args.install_browser:
            chromium = install_chromium()
        report = run_check(args.site, args.runtime, chromium, args.timeout, args.screenshot)
    except CannotRun as exc:
        print(f"offline check cannot run: {exc}", file=sys.stderr)
        return 2
    except CheckFailed as exc:
        print(f"offline check FAILED: {exc}", file=sys.stderr)
        return 1
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print("offline check passed: after one visit the game starts with both servers stopped "
          f"and the browser offline (runtime: {report['runtime']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
