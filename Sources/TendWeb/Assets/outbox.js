// Offline: a tap, −1 or reset on a Today card that the server does not answer (no
// connection, no answer within 5 s, or a proxy's 502/503/504) is applied to the card at once and
// kept in IndexedDB as a sync operation of this browser, stamped by its hybrid clock; the queue
// is pushed to /api/v1/sync when the server answers again. While operations wait, new taps join
// the queue too, so they reach the server in the order they were made. The header's badge says
// where the page stands.

// The change, the card's status and its words after a command, and the hybrid clock: rules.js,
// held to TendCore's and the page's rules by one table of cases.
import { t, tPlural } from "./words.js";
import { amountText, applied, changeFor, durationField, laterStamp, nextStamp, statusLabel, statusOf, tapLabel, valueText } from "./rules.js";
import { csrf, dayOver, mainNumber, refresh, staleNotice } from "./swap.js";

const user = document.body.dataset.user;
const TIMEOUT = 5000;
const RETRY = 10000;
const BATCH = 500;
const cardAction = /\/habits\/([^/]+)\/days\/(\d{4}-\d{2}-\d{2})\/(tap|decrement|increment|reset)$/;
let state = document.body.hasAttribute("data-kept-copy") ? "offline" : "synced";
let pending = 0;
let database = null;
let running = null;

function storage(key, make) {
  try {
    let value = localStorage.getItem(key);
    if (!value) { value = make(); localStorage.setItem(key, value); }
    return value;
  } catch (e) {
    return make();
  }
}
function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
// crypto.randomUUID exists only in secure contexts; a server on a LAN over plain http is not one.
function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const device = storage("tend.sync.device", () => "web-" + randomHex(4));

// A stamp later than every one this browser made (rules.js's nextStamp). The last stamp is
// kept, so a reload never goes back in time.
let lastStamp = "";
function tick() {
  let text = lastStamp;
  try { text = laterStamp(localStorage.getItem("tend.sync.clock") || "", text); } catch (e) { /* this page's own order holds */ }
  lastStamp = nextStamp(text, Date.now(), device);
  try { localStorage.setItem("tend.sync.clock", lastStamp); } catch (e) { /* see above */ }
  return lastStamp;
}

function open() {
  if (database) return database;
  database = new Promise((resolve, reject) => {
    if (!("indexedDB" in window)) { reject(new Error("no IndexedDB")); return; }
    const request = indexedDB.open("tend-sync", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("ops", { keyPath: "seq", autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  database.catch(() => { database = null; });
  return database;
}
async function transaction(mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction("ops", mode);
    const result = work(tx.objectStore("ops"));
    tx.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
// This account's records, oldest first (another account's wait for it to sign in): operations
// waiting to be sent, and sent ones the server stored (`stored`, its log position then) that
// this page may not show yet.
async function records() {
  const all = await transaction("readonly", (store) => store.getAll());
  return (all || []).filter((record) => record.user === user);
}
// The operations still to be sent.
async function queued() {
  return (await records()).filter((r) => r.stored === undefined);
}
const remove = (records) => transaction("readwrite", (store) => records.forEach((r) => store.delete(r.seq)));
// Sent and stored at `position`: kept until a page shows them. A Today page kept by the worker
// from before the push (the server went away before the page was fetched again) does not.
const markStored = (records, position) =>
  transaction("readwrite", (store) => records.forEach((r) => store.put(Object.assign({}, r, { stored: position }))));

// What this page must apply over what the server rendered, oldest first: the waiting
// operations, and the sent ones stored after the page's log position (`<main data-position>`).
// Sent ones the page shows are forgotten; on a page without a position they are left alone.
async function unshown() {
  const all = await records();
  const position = mainNumber("position");
  const shown = position === null ? [] : all.filter((r) => r.stored !== undefined && r.stored <= position);
  if (shown.length > 0) await remove(shown).catch(() => {});
  return all.filter((r) => r.stored === undefined || (position !== null && r.stored > position));
}

// The card's facts as the server rendered them, and the value shown after the waiting operations.
function facts(card) {
  const d = card.dataset;
  return {
    habit: d.habit, day: d.day, kind: d.kind, type: d.type, target: Number(d.target) || 0, unit: d.unit || "",
    step: Number(d.step) || 1, mark: d.mark || ".",
    value: Number(d.value) || 0, status: d.status, past: "past" in d, quota: "quota" in d,
    name: ((card.querySelector(".card-title") || {}).textContent || "").trim(),
  };
}

// Shows `value` on the card as the server would render it: ring, status, words, −1's field.
function show(card, value, waiting, touched) {
  const f = facts(card);
  const status = statusOf(f, value, touched);
  card.classList.remove(...Array.from(card.classList).filter((c) => /^is-/.test(c)));
  card.classList.add("is-" + status);
  card.classList.toggle("has-waiting", waiting);
  const percent = status === "skipped" ? 0 : Math.min(100, (f.target > 0 ? value / f.target : value > 0 ? 1 : 0) * 100);
  const svg = card.querySelector(".ring-button svg");
  const track = svg && svg.querySelector(".ring-track");
  let fill = svg && svg.querySelector(".ring-fill");
  if (track && percent > 0 && !fill) {
    fill = track.cloneNode();
    fill.setAttribute("class", "ring-fill");
    fill.setAttribute("pathLength", "100");
    const c = track.getAttribute("cx");
    fill.setAttribute("transform", `rotate(-90 ${c} ${c})`);
    svg.insertBefore(fill, track.nextSibling);
  }
  if (fill && percent > 0) fill.setAttribute("stroke-dasharray", `${Math.round(percent * 10) / 10} 100`);
  if (fill && percent === 0) fill.remove();
  const button = card.querySelector(".ring-button");
  if (button) button.setAttribute("aria-label", tapLabel(f, value));
  const line = card.querySelector(".card-value");
  const label = line && line.querySelector(".status");
  if (label) {
    label.className = "status status-" + status;
    label.textContent = statusLabel(f, status);
    if (!f.quota) {
      line.replaceChildren(label, ` · ${valueText(f, value)}`);
    } else if (f.type !== "checkmark") {
      // "1 of 3 this week · 2 / 8 glasses": the period's count needs the server; the day's value does not.
      const words = line.textContent.slice(label.textContent.length);
      const cut = words.lastIndexOf(" · ");
      if (cut > 0) line.replaceChildren(label, `${words.slice(0, cut)} · ${valueText(f, value)}`);
    }
  }
  const field = card.querySelector(`#value-${f.habit}`);
  if (field && document.activeElement !== field) {
    field.value = field.defaultValue = value === 0 ? "" : f.type === "duration" ? durationField(value) : amountText(value, f.mark);
  }
}

function waitingFor(records, habit, day) {
  return records.filter((r) => {
    const c = r.op.change;
    const at = c.entrySet || c.entryIncremented || c.entryReset;
    return at && at.habit === habit && at.day === day;
  });
}

// The page's cards with the waiting operations, and the sent ones it does not show yet,
// applied on top of what the server rendered (after a reload, and after every swap of <main>).
export async function reapply() {
  let records;
  try { records = await unshown(); } catch (e) { return; }
  pending = records.filter((r) => r.stored === undefined).length;
  badge();
  const cards = document.querySelectorAll("#main article.card[data-habit]");
  for (const card of cards) {
    const mine = waitingFor(records, card.dataset.habit, card.dataset.day);
    if (mine.length === 0) {
      if (card.classList.contains("has-waiting") || card.classList.contains("has-unshown")) show(card, Number(card.dataset.value) || 0, false, false);
      card.classList.remove("has-unshown");
      continue;
    }
    const value = mine.reduce((v, r) => applied(r.op.change, v), Number(card.dataset.value) || 0);
    show(card, value, mine.some((r) => r.stored === undefined), mine.some((r) => r.op.change.entryReset || r.op.change.entrySet));
    card.classList.add("has-unshown");
  }
}

// Queues a card form's command; false when this page cannot keep it (then the form posts).
export async function enqueue(form, id) {
  const match = cardAction.exec(new URL(form.action, location.href).pathname);
  const card = form.closest("article.card[data-habit]");
  if (!match || !card || !user) return false;
  // The page's day is over (a kept copy from yesterday): the tap would land on that day.
  // The server would refuse it (StaleDayForm); kept here, it would be sent anyway. Said, not kept.
  if (dayOver()) {
    staleNotice(card.dataset.day);
    return true;
  }
  let records;
  try { records = await unshown(); } catch (e) { return false; }
  const f = facts(card);
  const mine = waitingFor(records, f.habit, f.day);
  const value = mine.reduce((v, r) => applied(r.op.change, v), f.value);
  const change = changeFor(match[3], f, value);
  if (change) {
    const op = { id: id || uuid(), device, timestamp: tick(), change };
    const verb = { tap: "tap", reset: "reset", increment: "+1" }[match[3]] || "−1";
    await transaction("readwrite", (store) => store.add({ user, op, label: `${verb} on ${f.name}, ${f.day}` }));
  }
  await reapply();
  return true;
}

// Whether a card form must go to the queue rather than to the server: operations are waiting
// (the new one must follow them), or the server is known not to answer.
export async function mustQueue(form) {
  if (!user || !form.closest("article.card[data-habit]") || !cardAction.test(new URL(form.action, location.href).pathname)) return false;
  if (state === "offline" || state === "signed-out") return true;
  try { return (await queued()).length > 0; } catch (e) { return false; }
}

// The header's badge: where this page stands with the server.
let badgeElement = null;
function badge() {
  if (!user) return;
  const header = document.querySelector("header.top");
  if (!header) return;
  if (!badgeElement || !header.contains(badgeElement)) {
    badgeElement = document.createElement("p");
    badgeElement.className = "sync-badge";
    badgeElement.id = "sync-badge";
    badgeElement.setAttribute("role", "status");
    badgeElement.setAttribute("aria-live", "polite");
    const brand = header.querySelector(".brand");
    if (brand) brand.after(badgeElement); else header.prepend(badgeElement);
  }
  const shown = state === "synced" && pending > 0 ? "syncing" : state;
  const said = {
    synced: t('synced', {}, { context: 'sync badge' }), syncing: t('syncing', {}, { context: 'sync badge' }),
    offline: t('offline', {}, { context: 'sync badge' }), "signed-out": t('signed out', {}, { context: 'sync badge' }),
    error: t('not synced', {}, { context: 'sync badge' }),
  }[shown];
  const text = pending > 0 && shown !== "synced"
    ? tPlural('{state} · {count} pending', '{state} · {count} pending', pending, { state: said }) : said;
  if (badgeElement.textContent !== text) badgeElement.textContent = text;
  badgeElement.dataset.state = shown;
  badgeElement.title = {
    synced: t('Everything done on this page is on the server.'),
    syncing: t('Sending this device\'s changes to the server.'),
    offline: t('The server does not answer; changes are kept on this device and sent when it answers again.'),
    "signed-out": t('Sign in again to send the changes kept on this device.'),
    error: t('The server could not take the changes yet; they are kept and sent again.'),
  }[shown];
  document.body.classList.toggle("is-offline", !navigator.onLine || document.body.hasAttribute("data-kept-copy"));
}

function refusal(record, detail) {
  let box = document.getElementById("sync-refused");
  if (!box) {
    box = document.createElement("div");
    box.id = "sync-refused";
    box.className = "sync-refused";
    box.setAttribute("role", "alert");
    const list = document.createElement("ul");
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "button small";
    dismiss.textContent = t('Dismiss');
    dismiss.addEventListener("click", () => box.remove());
    const heading = document.createElement("p");
    heading.textContent = t('The server refused changes made on this device while offline; they were not saved:');
    box.append(heading, list, dismiss);
    const main = document.getElementById("main");
    if (main) main.before(box); else document.body.prepend(box);
  }
  const item = document.createElement("li");
  item.textContent = t('{change}: {reason}', { change: record.label || t('a change'), reason: detail });
  box.querySelector("ul").append(item);
}

// POST /api/v1/sync, push only. Resolves to the response, or null when the server did not answer.
async function post(operations) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT);
  try {
    const response = await fetch("/api/v1/sync", {
      method: "POST", credentials: "same-origin", signal: controller.signal,
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify({ device, cursor: null, pull: false, operations }),
    });
    return [502, 503, 504].includes(response.status) ? null : response;
  } catch (e) {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// Sends `records`; answers "done", or the state to stay in (offline, signed-out, error).
async function push(records) {
  const response = await post(records.map((r) => r.op));
  if (!response) return "offline";
  if (response.ok) {
    const answer = await response.json().catch(() => null);
    // A server that says where it stored them: kept until a page shows them. An older one: gone.
    if (answer && Number.isInteger(answer.stored)) await markStored(records, answer.stored); else await remove(records);
    return "done";
  }
  const problem = await response.json().catch(() => null);
  if (response.status === 401 || (response.status === 403 && problem && problem.code === "csrf")) return "signed-out";
  if (response.status === 408 || response.status === 429 || response.status >= 500) return "error";
  if (response.status === 404) {
    // No sync route on this server (an older version): nothing was refused, keep everything.
    const probe = await post([]);
    if (!probe) return "offline";
    if (probe.status === 404) return "error";
  }
  if (records.length > 1) {
    // One bad operation refuses its whole batch: find it by sending them one at a time.
    for (const record of records) {
      const outcome = await push([record]);
      if (outcome !== "done") return outcome;
    }
    return "done";
  }
  refusal(records[0], (problem && (problem.detail || problem.title)) || `the server answered ${response.status}`);
  await remove(records);
  return "done";
}

// Pushes what waits; with nothing waiting, checks that the server answers again.
export function sync() {
  if (!user) return Promise.resolve();
  if (running) return running;
  running = (async () => {
    let records;
    try { records = await queued(); } catch (e) { return; }
    pending = records.length;
    const wasOffline = state !== "synced";
    if (records.length === 0 && !wasOffline) { badge(); return; }
    // From offline the badge stays as it is until the server takes the operations: no flicker
    // (nor announcement) on every retry.
    if (records.length > 0 && !wasOffline) { state = "syncing"; badge(); }
    let outcome = "done";
    for (let i = 0; i < records.length && outcome === "done"; i += BATCH) outcome = await push(records.slice(i, i + BATCH));
    if (records.length === 0) outcome = (await post([])) ? "done" : "offline";
    state = outcome === "done" ? "synced" : outcome;
    // The cards too: what was sent no longer waits (shown without the waiting outline).
    await reapply();
    if (outcome === "done" && (records.length > 0 || wasOffline)) {
      document.body.removeAttribute("data-kept-copy");
      badge();
      refresh();
    }
  })().finally(() => { running = null; });
  return running;
}

// A card form the server did not answer: it joins the queue, and the page says offline.
export async function fallback(form, id) {
  state = "offline";
  const kept = await enqueue(form, id).catch(() => false);
  badge();
  return kept;
}

// What swap.js asks besides: a new operation's id, whether the page is offline, whether an answer
// is a proxy's for a server that did not answer, and how long a card form waits for the server.
export { uuid as newID, TIMEOUT as timeout };
export const isOffline = () => state === "offline";
export const unreachable = (status) => status === 502 || status === 503 || status === 504;

// Shows the badge, applies and sends what waits, and sends it again whenever the server may
// answer (app.js calls it once).
export function startOutbox() {
  if (!user) return;
  badge();
  reapply().then(() => sync());
  window.addEventListener("online", () => sync());
  window.addEventListener("offline", () => { state = "offline"; badge(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) reapply().then(() => sync()); });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") sync(); });
  setInterval(() => { if (pending > 0 || state !== "synced") sync(); }, RETRY);
}
