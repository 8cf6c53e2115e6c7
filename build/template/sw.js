// Indian Rummy service worker: install the game and play it offline.
//
// tools/pwa.py fills in the four __NAMES__ below when `make web` builds the site;
// build/web/sw.js is the filled-in copy. The page (index.html) registers it.
//
// - PRECACHE, named after a hash of the build: the site's own files (the page, the
//   game's package, the icons, the manifest), fetched when the worker installs. A new
//   build is a new sw.js, so browsers install it, fill a new PRECACHE and drop the old.
// - RUNTIME, named after the runtime's address (pygbag's CDN and its version): every
//   file the page takes from the CDN (Python for the browser, pygame, the terminal)
//   and any other file of the site's own that the page asks for. Cache first, then the
//   network, and each hit is refreshed in the background (a new build with the same
//   pygbag keeps these few MB; a new pygbag version starts a new RUNTIME).
// - Files the page fetched before this worker took control (the first visit) are
//   reported by the page (PerformanceObserver, "rummy-keep" messages) and fetched
//   again here, mostly from the browser's HTTP cache.

const VERSION = "__VERSION__";
const PRECACHE_FILES = __PRECACHE_FILES__;
const RUNTIME_ORIGINS = __RUNTIME_ORIGINS__;
const RUNTIME_KEY = "__RUNTIME_KEY__";

const SCOPE = new URL("./", self.location.href).href;
const INDEX = new URL("index.html", SCOPE).href;
// Several sites may share one origin (GitHub Pages): names carry this site's address.
const PREFIX = `indian-rummy ${SCOPE} `;
const PRECACHE = `${PREFIX}site-${VERSION}`;
const RUNTIME = `${PREFIX}runtime-${RUNTIME_KEY}`;

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(PRECACHE);
        // "reload": the files as the server has them now, never an older HTTP-cache copy
        await cache.addAll(PRECACHE_FILES.map(
            (name) => new Request(new URL(name, SCOPE).href, { cache: "reload" })));
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (name.startsWith(PREFIX) && name !== PRECACHE && name !== RUNTIME) {
                await caches.delete(name);
            }
        }
        await self.clients.claim();
    })());
});

function withoutQuery(url) {
    return url.origin + url.pathname;
}

function isOwn(url) {
    return url.href.startsWith(SCOPE) && withoutQuery(url) !== self.location.origin + self.location.pathname;
}

function isRuntime(url) {
    return RUNTIME_ORIGINS.includes(url.origin);
}

// Fetch a file and keep it when it is whole (200). CDN files are asked for with CORS,
// so that the copy kept serves every later request for the same address, whatever its
// mode (a <script> tag, fetch(), WebAssembly.instantiateStreaming, XHR); a host without
// CORS headers gets the page's own request instead.
async function fetchAndKeep(cache, url, request) {
    let response;
    if (url.origin === self.location.origin) {
        response = await fetch(request || url.href);
    } else {
        try {
            response = await fetch(url.href, { mode: "cors", credentials: "omit" });
        } catch (err) {
            if (!request) throw err;
            response = await fetch(request);
        }
    }
    if (response.status === 200 || response.type === "opaque") {
        await cache.put(url.href, response.clone());
    }
    return response;
}

async function fromCache(url) {
    for (const name of [PRECACHE, RUNTIME]) {
        const cache = await caches.open(name);
        const hit = await cache.match(url);
        if (hit) return hit;
    }
    return undefined;
}

async function page(request) {
    const hit = await fromCache(INDEX);
    if (hit) return hit;
    return fetch(request);
}

async function keptFirst(event, url) {
    const precached = await (await caches.open(PRECACHE)).match(url.href);
    if (precached) return precached;
    const runtime = await caches.open(RUNTIME);
    const hit = await runtime.match(url.href);
    const update = fetchAndKeep(runtime, url, event.request);
    if (hit) {
        event.waitUntil(update.catch(() => undefined));  // refresh for next time
        return hit;
    }
    return update;
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (request.mode === "navigate") {
        // the page itself, whatever its query (?game=pool101&seed=42)
        const path = withoutQuery(url);
        if (path === SCOPE || path === INDEX) event.respondWith(page(request));
        return;
    }
    if (isOwn(url) || isRuntime(url)) event.respondWith(keptFirst(event, url));
});

async function keepAll(urls, client) {
    const runtime = await caches.open(RUNTIME);
    let added = 0;
    for (const href of urls) {
        let url;
        try {
            url = new URL(href);
        } catch (err) {
            continue;
        }
        if (!(isOwn(url) || isRuntime(url))) continue;
        if (await fromCache(url.href)) continue;
        try {
            const response = await fetchAndKeep(runtime, url, undefined);
            if (response.status === 200) added += 1;
        } catch (err) {
            // offline or gone: it will be kept the next time the page fetches it
        }
    }
    const kept = (await runtime.keys()).length + (await (await caches.open(PRECACHE)).keys()).length;
    if (client) client.postMessage({ type: "rummy-kept", added, kept, version: VERSION });
}

self.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "rummy-keep" && Array.isArray(data.urls)) {
        event.waitUntil(keepAll(data.urls.map(String), event.source));
    }
});
