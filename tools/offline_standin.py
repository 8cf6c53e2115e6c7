"""What stands in for the network in ``tools/offline_check.py``: the local servers
(the site and pygbag's CDN, each a folder served on 127.0.0.1 with the real CDN's
origin rewritten and no HTTP caching) and, when the real runtime is not on this
machine, the stand-in CDN's files: files at the addresses pygbag 0.9.3's runtime uses,
asked for the same ways, by a stand-in ``pythons.js`` that then does what the page's
site code does (fetches the game's package, checks it holds ``assets/main.py``, draws
on the canvas and calls ``rummy_loaded()``). The check's module docstring says what
is real and what is not."""

from __future__ import annotations

import functools
import http.server
import json
import mimetypes
import os
import socket
import threading
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

REAL_CDN_ORIGIN = "https://pygame-web.github.io"
TEXT_TYPES = {".html", ".js", ".mjs", ".json", ".py", ".css", ".webmanifest", ".tmpl"}
CONTENT_TYPES = {".wasm": "application/wasm", ".js": "text/javascript",
                 ".mjs": "text/javascript", ".webmanifest": "application/manifest+json",
                 ".json": "application/json", ".py": "text/plain; charset=utf-8",
                 ".apk": "application/zip", ".whl": "application/zip",
                 ".data": "application/octet-stream", ".css": "text/css"}

STANDIN_PYTHONS_JS = r"""
// Stand-in for pygbag's pythons.js, written by tools/offline_standin.py. It asks for
// the runtime's files at the addresses and in the ways pygbag 0.9.3's pythons.js and
// its CPython's main.js do, then does what the page's site code does: fetches the
// game's package, and calls rummy_loaded() once the game would be running.
const log = (...args) => console.log("standin:", ...args);
const cdn = new URL("./", import.meta.url).href;             // config.cdn
const root = new URL("../", cdn).href;                        // the CDN folder
const version = cdn.split("/").filter(Boolean).pop();        // 0.9.3
const site = document.getElementById("site");
const build = ((site && site.dataset.python) || "python3.12").replace("python", "");
const digits = build.replace(".", "");                        // config.pydigits
const interpreter = `${cdn}cpython${digits}/`;

function classicScript(src) {   // pythons.js jsimport(): a <script> tag
    return new Promise((resolve, reject) => {
        const tag = document.createElement("script");
        tag.src = src;
        tag.onload = resolve;
        tag.onerror = () => reject(new Error(`script ${src} did not load`));
        document.head.appendChild(tag);
    });
}

function xhr(url) {             // emscripten's file packager loads main.data with XHR
    return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open("GET", url);
        request.responseType = "arraybuffer";
        request.onload = () => (request.status === 200 ? resolve(request.response)
            : reject(new Error(`${url}: HTTP ${request.status}`)));
        request.onerror = () => reject(new Error(`${url}: network error`));
        request.send();
    });
}

async function get(url, init) {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response;
}

function zipNames(buffer) {     // the names in a zip's central directory
    const view = new DataView(buffer);
    let end = buffer.byteLength - 22;
    while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
    if (end < 0) throw new Error("not a zip file");
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const names = [];
    for (let i = 0; i < count; i += 1) {
        if (view.getUint32(at, true) !== 0x02014b50) throw new Error("bad zip directory");
        const nameLength = view.getUint16(at + 28, true);
        const extra = view.getUint16(at + 30, true);
        const comment = view.getUint16(at + 32, true);
        names.push(new TextDecoder().decode(new Uint8Array(buffer, at + 46, nameLength)));
        at += 46 + nameLength + extra + comment;
    }
    return names;
}

async function start() {
    if (document.readyState === "loading") {
        await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve));
    }
    const status = (text) => window.rummy_status && window.rummy_status(text);
    status("Stand-in runtime: loading");
    const fetched = [];
    // data-os="vtx,...": the xterm.js terminal, imported relative to pythons.js
    await import("../vtx.js");
    fetched.push("vtx.js");
    // config.executable: cpythonNNN/main.js, loaded by a script tag
    await classicScript(`${interpreter}main.js`);
    if (!window.standin_main_js) throw new Error("main.js did not run");
    // main.js: fetch(wasm, {credentials: "same-origin"}) + instantiateStreaming
    await WebAssembly.instantiateStreaming(
        fetch(`${interpreter}main.wasm`, { credentials: "same-origin" }), {});
    const data = await xhr(`${interpreter}main.data`);
    if (data.byteLength !== window.standin_main_js.data_size) {
        const want = window.standin_main_js.data_size;
        throw new Error(`main.data has ${data.byteLength} bytes, not ${want}`);
    }
    // postrun: the interpreter's rc file
    await (await get(`${cdn}cpythonrc.py`, {})).text();
    // `import pygame`: the package index, then the wheel it names
    const index = await (await get(`${root}index-${version}-cp${digits}.json`)).json();
    const wheelUrl = index["-CDN-"] + index.pygame
        .replaceAll("<abi>", `cp${digits}`).replaceAll("<api>", "wasm32_bi_emscripten");
    const wheel = zipNames(await (await get(wheelUrl)).arrayBuffer());
    fetched.push("main.js", "main.wasm", "main.data", "cpythonrc.py", "index", "pygame wheel");
    // the page's site code: platform.fopen("<name>.apk") from the page's own folder
    const named = /platform\.fopen\("([^"]+\.apk)"/.exec(site ? site.text : "");
    if (!named) throw new Error("the page's site code opens no .apk");
    const apk = zipNames(await (await get(new URL(named[1], location.href).href)).arrayBuffer());
    if (!apk.includes("assets/main.py")) throw new Error(`${named[1]} holds no assets/main.py`);
    const canvas = document.getElementById("canvas");
    canvas.width = window.innerWidth;
    canvas.height = window.innerHeight;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#16653e";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#e8b948";
    ctx.font = "bold 28px sans-serif";
    ctx.fillText("Indian Rummy: started on the stand-in runtime", 30, 60);
    ctx.font = "18px sans-serif";
    ctx.fillStyle = "#f6f1e2";
    ctx.fillText(`${named[1]}: ${apk.length} files; pygame wheel: ${wheel.length} files`, 30, 100);
    ctx.fillText(`runtime files: ${fetched.join(", ")}`, 30, 130);
    ctx.fillText(`service worker in control: ${!!navigator.serviceWorker.controller}`, 30, 160);
    window.standin_started = { apk: named[1], apk_files: apk.length, fetched };
    log(`game package ${named[1]} (${apk.length} files) unpacked; game started`);
    window.rummy_loaded();
}

start().catch((err) => {
    console.error("standin: failed:", String(err));
    window.standin_error = String(err);
    window.rummy_runtime_failed = true;
    if (window.rummy_offline) window.rummy_offline();
});
"""

STANDIN_VTX_JS = """
// Stand-in for pygbag's vtx.js: the stylesheet and the two xterm modules it loads.
const vt = new URL("vt/", import.meta.url).href;
const css = document.createElement("link");
css.rel = "stylesheet";
css.href = vt + "xterm.css";
document.head.appendChild(css);
await import(vt + "xterm.js");
await import(vt + "xterm-addon-image.js");
export const WasmTerminal = class {};
"""


def standin_runtime(dest: Path, cdn: str, python_build: str) -> list[str]:
    """Write the stand-in CDN folder into ``dest`` (served as the CDN's path);
    return the files written, relative to ``dest``."""
    path = urlsplit(cdn).path                    # /cdn/0.9.3/
    version = path.rstrip("/").rsplit("/", 1)[-1]
    cdn_dir = dest / path.strip("/")             # dest/cdn/0.9.3
    root_dir = cdn_dir.parent                    # dest/cdn
    digits = python_build.replace(".", "")
    data_size = 1_500_000  # main.data is several MB; big enough to notice a cut copy
    wheel = f"pygame_ce-2.5.8-cp{digits}-cp{digits}-wasm32_bi_emscripten.whl"
    files = {
        cdn_dir / "pythons.js": STANDIN_PYTHONS_JS,
        cdn_dir / "browserfs.min.js": "window.standin_browserfs = true;\n",
        cdn_dir / f"cpython{digits}" / "main.js":
            f"window.standin_main_js = {{ data_size: {data_size} }};\n",
        # the smallest valid WebAssembly module: magic number and version
        cdn_dir / f"cpython{digits}" / "main.wasm": b"\0asm\x01\0\0\0",
        cdn_dir / f"cpython{digits}" / "main.data":
            bytes((i * 131 + 7) % 251 for i in range(data_size)),
        cdn_dir / "cpythonrc.py": "# stand-in for pygbag's cpythonrc.py\n",
        root_dir / "vtx.js": STANDIN_VTX_JS,
        root_dir / "vt" / "xterm.js": "export const Terminal = class {};\n",
        root_dir / "vt" / "xterm-addon-image.js": "export const ImageAddon = class {};\n",
        root_dir / "vt" / "xterm.css": ".xterm { position: relative; }\n",
        # the package index names the wheel with placeholders, as the real one does
        root_dir / f"index-{version}-cp{digits}.json": json.dumps({
            "-CDN-": f"{REAL_CDN_ORIGIN}{urlsplit(cdn).path.rsplit(version, 1)[0]}",
            "pygame": f"cp{digits}/pygame_ce-2.5.8-<abi>-<abi>-<api>.whl"}, indent=1),
    }
    for target, content in files.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    wheel_path = root_dir / f"cp{digits}" / wheel
    wheel_path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel_path, "w") as z:
        z.writestr("pygame/__init__.py", "# stand-in\n")
        z.writestr("pygame_ce-2.5.8.dist-info/WHEEL", "Wheel-Version: 1.0\n")
    written = [*files, wheel_path]
    return sorted(p.relative_to(dest).as_posix() for p in written)


# --------------------------------------------------------------------------- the servers

class Server:
    """A static file server on 127.0.0.1 in a thread; rewrites the real CDN origin in
    text files to ``rewrite_to``, never lets the browser cache, logs each request."""

    def __init__(self, root: Path, name: str, cors: bool) -> None:
        self.root, self.name, self.cors = root, name, cors
        self.rewrite_to = ""
        self.log: list[tuple[str, int]] = []
        handler = functools.partial(_Handler, server_info=self)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name=name, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(10)

    def refuses(self) -> bool:
        with socket.socket() as s:
            s.settimeout(2)
            return s.connect_ex(("127.0.0.1", self.port)) != 0

    def served(self) -> list[str]:
        """Full URLs of the files this server sent (status 200), in order, once each."""
        seen: dict[str, None] = {}
        for path, status in list(self.log):
            if status == 200:
                seen.setdefault(self.origin + path, None)
        return list(seen)


class _Handler(http.server.BaseHTTPRequestHandler):
    def __init__(self, *args, server_info: Server, **kwargs) -> None:
        self.info = server_info
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args) -> None:  # noqa: A002 - the base class's name
        pass

    def end_headers(self) -> None:
        if self.info.cors:  # on errors too, so the page sees the status
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        path = urlsplit(self.path).path
        # lexically inside the root (a --runtime folder is linked in, so no resolve())
        target = Path(os.path.normpath(self.info.root / unquote(path).lstrip("/")))
        if target.is_dir():
            target = target / "index.html"
        if self.info.root not in target.parents or not target.is_file():
            self.info.log.append((path, 404))
            self.send_error(404)
            return
        data = target.read_bytes()
        if target.suffix in TEXT_TYPES and self.info.rewrite_to:
            data = data.replace(REAL_CDN_ORIGIN.encode(), self.info.rewrite_to.encode())
        self.info.log.append((path, 200))
        self.send_response(200)
        self.send_header("Content-Type", CONTENT_TYPES.get(
            target.suffix, mimetypes.guess_type(target.name)[0] or "application/octet-stream"))
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if body:
            self.wfile.write(data)
