// Tend's service worker (served at /sw.js so that its scope is the whole site).
// - Assets (/assets/…) come from the cache first: their URLs change with their content (the
//   manifest too: a new version of any asset installs a new worker, which caches it again).
// - Pages go to the network; the last Today page that loaded is kept, and shown when the
//   server does not answer (no connection, Today not answered within 8 s, or a proxy's 502/503/504),
//   marked `data-kept-copy` so that app.js says "offline" and queues taps (see outbox.js).
// - A push always shows a notification (iOS revokes a subscription after silent pushes); its
//   "Done" and "Later" actions POST the signed action URLs the message carries, and a tap opens
//   the habit's day.
// The server fills in VERSION and ASSETS when it serves this file.
const VERSION = "__TEND_VERSION__";
const ASSETS = __TEND_ASSETS__;
const ASSET_CACHE = "tend-assets-" + VERSION;
const PAGE_CACHE = "tend-pages";
const TODAY_KEY = "/__tend/last-today";
const WORDS_KEY = "/__tend/words";

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
  // A page tells the worker its language's words for what the worker says on its own (the
  // offline page, a push it cannot read): app.js sends them on every load.
  if (event.data && typeof event.data === "object" && event.data.kind === "words") {
    const words = JSON.stringify({ lang: String(event.data.lang || "en"), offline: String(event.data.offline || ""),
      title: String(event.data.title || ""), reminder: String(event.data.reminder || "") });
    event.waitUntil(caches.open(PAGE_CACHE).then((cache) =>
      cache.put(WORDS_KEY, new Response(words, { headers: { "Content-Type": "application/json" } }))));
  }
});

// The words a page last sent (see the message listener); English until one has.
async function workerWords() {
  const english = { lang: "en", offline: "You are offline, and no Today page has been loaded on this device yet.",
    title: "Offline", reminder: "You have a reminder." };
  try {
    const kept = await caches.match(WORDS_KEY);
    if (!kept) return english;
    const words = await kept.json();
    return { lang: words.lang || "en", offline: words.offline || english.offline, title: words.title || english.title,
      reminder: words.reminder || english.reminder };
  } catch (error) {
    return english;
  }
}

const escapeHTML = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

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

const PAGE_TIMEOUT = 8000;

// The kept Today page, marked as a copy; `null` when none was kept.
async function keptToday() {
  const kept = await caches.match(TODAY_KEY);
  if (!kept) return null;
  const html = await kept.text();
  return new Response(html.replace(/<body\b/, "<body data-kept-copy"), {
    status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function page(request, url) {
  try {
    // A server that accepts the connection but never answers (a dead proxy) is offline too. Only
    // for Today, which has a kept copy to show instead: a slow export must not turn into Today.
    const answer = fetch(request);
    const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("no answer")), PAGE_TIMEOUT));
    const response = await (url.pathname === "/" ? Promise.race([answer, late]) : answer);
    if (response.status === 502 || response.status === 503 || response.status === 504) {
      const kept = await keptToday();
      if (kept) return kept;
    }
    // Today itself: not an earlier day (`?date=`), which opened offline would stand in for Today,
    // nor the page that says a form came after its day ended (`?stale=`).
    const isToday = url.pathname === "/" && !url.searchParams.has("date") && !url.searchParams.has("stale") &&
      response.ok && !response.redirected &&
      (response.headers.get("Content-Type") || "").startsWith("text/html");
    if (isToday) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(TODAY_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await keptToday();
    if (kept) return kept;
    const words = await workerWords();
    const direction = /^(ar|fa|he|ur)\b/.test(words.lang) ? "rtl" : "ltr";
    return new Response(
      `<!doctype html><html lang="${escapeHTML(words.lang)}" dir="${direction}"><meta charset=utf-8>` +
      `<meta name=viewport content='width=device-width'><title>${escapeHTML(words.title)} · Tend</title>` +
      `<p>${escapeHTML(words.offline)}</p>`,
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

// A push message from Tend's scheduler (docs/reminders.md, "The push message"):
// {"kind":"reminder"|"test","title","body","tag","url","actions":{"done","later"}?}.
// It is shown inside waitUntil whatever it holds: a message that cannot be read still shows a
// plain "Tend" notification rather than none.
self.addEventListener("push", (event) => {
  event.waitUntil(showPush(event.data));
});

function localPath(text, fallback) {
  // Only paths of this site: a message must not send the person elsewhere.
  return typeof text === "string" && text.startsWith("/") && !text.startsWith("//") && !text.includes("\\") ? text : fallback;
}

async function showPush(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch (error) {
    message = null;
  }
  if (!message || typeof message !== "object") {
    const words = await workerWords();
    return self.registration.showNotification("Tend", { body: words.reminder, icon: "/assets/icon-192.png", data: { url: "/" } });
  }
  const actions = message.actions && typeof message.actions === "object" ? message.actions : null;
  const links = {};
  if (actions) {
    for (const name of ["done", "later"]) {
      const path = localPath(actions[name], null);
      if (path) links[name] = path;
    }
  }
  const options = {
    body: typeof message.body === "string" ? message.body : "",
    icon: "/assets/icon-192.png",
    badge: "/assets/icon-192.png",
    data: { url: localPath(message.url, "/"), actions: links, kind: message.kind },
  };
  if (typeof message.tag === "string" && message.tag) {
    // A repeat of the same reminder replaces the one shown and rings again.
    options.tag = message.tag;
    options.renotify = true;
  }
  const maxActions = (self.Notification && Notification.maxActions) || 0;
  if (maxActions > 0 && (links.done || links.later)) {
    options.actions = [];
    // The buttons' words come in the recipient's language (`labels`), English when absent.
    const labels = message.labels && typeof message.labels === "object" ? message.labels : {};
    const label = (name, english) => (typeof labels[name] === "string" && labels[name] ? labels[name] : english);
    if (links.done) options.actions.push({ action: "done", title: label("done", "Done") });
    if (links.later) options.actions.push({ action: "later", title: label("later", "Later") });
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Tend";
  return self.registration.showNotification(title, options);
}

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  const action = event.action;
  if ((action === "done" || action === "later") && data.actions && data.actions[action]) {
    // The URL's signed token is the credential: no cookie is needed or sent. When the answer
    // did not come through (offline, an expired or used token), the habit's day opens instead.
    event.waitUntil(
      fetch(data.actions[action], { method: "POST", credentials: "omit" })
        .then((response) => (response.ok ? undefined : openPage(data.url || "/")))
        .catch(() => openPage(data.url || "/")));
    return;
  }
  event.waitUntil(openPage(data.url || "/"));
});

// Focuses an open Tend window and shows `url` in it, or opens a new one.
async function openPage(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    const focused = await client.focus();
    if (focused && "navigate" in focused) return focused.navigate(target).catch(() => self.clients.openWindow(target));
    return focused;
  }
  return self.clients.openWindow(target);
}

