// Tend's service worker (served at /sw.js so that its scope is the whole site).
// - Assets (/assets/…) come from the cache first: their URLs change with their content (the
//   manifest too: a new version of any asset installs a new worker, which caches it again).
// - Pages go to the network; the last Today page that loaded is kept, and shown when the
//   network is unreachable (with an "offline" banner that app.js adds).
// The server fills in VERSION and ASSETS when it serves this file.
const VERSION = "__TEND_VERSION__";
const ASSETS = __TEND_ASSETS__;
const ASSET_CACHE = "tend-assets-" + VERSION;
const PAGE_CACHE = "tend-pages";
const TODAY_KEY = "/__tend/last-today";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(ASSET_CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("tend-assets-") && key !== ASSET_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  // Signing out forgets the kept page: the next person on this device must not see it.
  if (event.data === "signed-out") event.waitUntil(caches.delete(PAGE_CACHE));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/") || url.pathname === "/manifest.webmanifest") {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  if (request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html")) {
    event.respondWith(page(request, url));
  }
});

async function page(request, url) {
  try {
    const response = await fetch(request);
    const isToday = url.pathname === "/" && response.ok && !response.redirected &&
      (response.headers.get("Content-Type") || "").startsWith("text/html");
    if (isToday) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(TODAY_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(TODAY_KEY);
    if (kept) return kept;
    return new Response(
      "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>Offline · Tend</title>" +
      "<p>You are offline, and no Today page has been loaded on this device yet.</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}
