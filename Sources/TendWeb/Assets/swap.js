// The in-place updates of every page: forms and links marked data-enhance are sent with fetch
// and their answer's <main> replaces the page's (`swap`, `load`, `refresh`), forms marked
// data-confirm ask in a <dialog>, a page that shows today fetches itself when the day ends, a
// habit page's calendar day chooses its day on a long press, and card menus close on Escape or a
// click elsewhere. `enhance` adds the page's listeners (app.js calls it once).
import { t } from "./words.js";
import * as outbox from "./outbox.js";
import { notifications } from "./push.js";

export const csrf = () => (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
let busy = null;
let again = false;

// The ids of `element` and of the elements around it, nearest first: where focus goes back
// after a swap (the control itself, or what is left of its card when it is gone).
function idsAround(element) {
  const ids = [];
  for (let e = element; e && e !== document.body; e = e.parentElement) if (e.id && e.id !== "main") ids.push(e.id);
  return ids;
}

// Replaces <main> with the one of `html`, keeping open menus and focus where they were.
// Focus stays on the control that was used (WCAG 2.4.3): the focused element's id, else the
// `used` ids (the form's submitter or the link), else the nearest element around it that is
// still there; on a refused form (`invalid`), the field that was refused.
// The menu (its id) whose saved value or note closes it on the next swap (see `swap`).
let closing = null;
function swap(html, url, used, invalid) {
  const next = new DOMParser().parseFromString(html, "text/html");
  const main = document.getElementById("main");
  const fresh = next.getElementById("main");
  if (!main || !fresh) return false;
  // A menu whose value or note was saved closes (left open it would lie over the next card,
  // where the next tap would land on its buttons); one whose form was refused stays open on the
  // message, and −1, +1, skip and reset keep it open for another press.
  const open = Array.from(main.querySelectorAll("details[open][id]")).map((d) => d.id)
    .filter((id) => invalid || id !== closing);
  closing = null;
  const active = document.activeElement;
  const elsewhere = active && active !== document.body && !main.contains(active);  // e.g. the navigation: left alone
  const focused = elsewhere ? [] : active && main.contains(active) ? idsAround(active) : (used || []);
  main.replaceWith(fresh);
  // The server's page does not hold what waits in the offline queue yet.
  outbox.reapply();
  notifications();
  for (const id of open) {
    const details = document.getElementById(id);
    if (details) details.open = true;
  }
  const refused = invalid && fresh.querySelector('[aria-invalid="true"]');
  let target = refused || focused.map((id) => document.getElementById(id)).find((e) => e);
  // Focus on a control of a menu that closed goes to the menu's own button.
  const closed = target && target.closest("details:not([open])");
  if (closed && target.tagName !== "SUMMARY") target = closed.querySelector("summary") || target;
  if (target) {
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }
  if (next.title) document.title = next.title;
  const token = next.querySelector('meta[name="csrf-token"]');
  if (token) document.querySelector('meta[name="csrf-token"]').content = token.content;
  if (url) history.replaceState(null, "", url);
  watchDay();
  return true;
}

// A page that shows today (Today, a habit page) says when that day ends (<main data-day-ends>,
// ms): left open overnight it would go on showing yesterday as today. It fetches itself again
// then, and when it is shown again after the day ended (a phone woken in the morning: timers
// do not run while it sleeps). A form it sent after its day ended is refused by the server,
// which shows the new day and says so. A page still out of date after that (the kept copy
// while offline) is not fetched again in a loop: only the next `visibilitychange` tries.
let dayTimer = null;
// A number <main> carries (`data-day-ends`, `data-position`), or null when it has none or an odd one.
export function mainNumber(name) {
  const main = document.getElementById("main");
  const text = main ? main.dataset[name] : undefined;
  const value = text ? Number(text) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : null;
}
function dayEnds() {
  const ends = mainNumber("dayEnds");
  return ends !== null && ends > 0 ? ends : null;
}
function watchDay() {
  clearTimeout(dayTimer);
  const ends = dayEnds();
  if (ends === null || Date.now() >= ends) return;
  // setTimeout waits at most 2^31 − 1 ms; a second after the end, for clocks a little apart
  dayTimer = setTimeout(() => { if (Date.now() >= ends) refresh(); else watchDay(); }, Math.min(ends - Date.now() + 1000, 2147483647));
}
export function dayOver() {
  const ends = dayEnds();
  return ends !== null && Date.now() >= ends;
}
export function staleNotice(day) {
  let notice = document.getElementById("stale-day");
  if (!notice) {
    notice = document.createElement("p");
    notice.id = "stale-day";
    notice.className = "notice";
    notice.setAttribute("role", "alert");
    const nav = document.querySelector("#main .daynav");
    if (nav) nav.after(notice); else document.getElementById("main").prepend(notice);
  }
  notice.textContent = t(
    'Nothing was recorded: this page still shows {date}, and that day is over. Today\'s page comes when the server answers again.',
    { date: day });
}

// A live change came while the page was hidden (live.js says so): it fetches itself once shown.
let missed = false;
export function missedChanges() { missed = true; }

// A live refresh must not replace the page a form or link has just loaded (the form's own
// change triggers one): it waits while those are in flight, and one that was under way when
// they started is dropped (`generation`).
let generation = 0;
let loading = 0;

async function load(url, init, push, isRefresh, used) {
  const started = isRefresh ? generation : ++generation;
  if (!isRefresh) loading++;
  try {
    // A card form gives up after `timeout` ms, or on a proxy's 502/503/504 (the server did not
    // answer): its caller queues it for later.
    const timeout = init && init.timeout;
    const controller = timeout ? new AbortController() : null;
    const timer = controller && setTimeout(() => controller.abort(), timeout);
    const unanswered = (message) => Object.assign(new Error(message), { unanswered: true });
    let response;
    try {
      response = await fetch(url, Object.assign(
        { credentials: "same-origin", headers: { Accept: "text/html" } }, init, controller ? { signal: controller.signal } : {}));
    } catch (error) {
      throw unanswered(error.message);
    } finally {
      if (timer) clearTimeout(timer);
    }
    if (timeout && outbox.unreachable(response.status)) throw unanswered(`the server did not answer (${response.status})`);
    const target = new URL(response.url);
    if (target.pathname === "/login" || !response.ok && response.status !== 422) {
      window.location.assign(response.url);
      return;
    }
    const html = await response.text();
    if (isRefresh && started !== generation) return;
    // `stale` says once that a form came after its page's day ended; the address drops it.
    target.searchParams.delete("stale");
    const shown = target.pathname + target.search;
    const refused = response.status === 422;
    if (push) history.pushState(null, "", shown);
    // A refused form's page is the answer to a post: the address stays the page's own.
    if (!swap(html, push || refused ? null : shown, used, refused)) window.location.assign(response.url);
  } finally {
    if (!isRefresh && --loading === 0 && again && !busy) { again = false; refresh(); }
  }
}

// Whether the person is typing in a field of the page (a live refresh would replace it).
function editing() {
  const field = document.activeElement;
  return !!field && (field.tagName === "INPUT" || field.tagName === "TEXTAREA") && field.value !== field.defaultValue &&
    !!document.getElementById("main") && document.getElementById("main").contains(field);
}

// Re-renders the current page (after a live update), one fetch at a time; not while the person
// is typing in one of its fields (it waits until they leave the field), nor over a refused
// form's answer (its message and what was typed would go: it waits for the next form or link).
export async function refresh() {
  if (busy || loading > 0) { again = true; return; }
  if (editing()) {
    document.activeElement.addEventListener("blur", () => setTimeout(refresh, 0), { once: true });
    return;
  }
  if (document.querySelector('#main [aria-invalid="true"]')) { again = true; return; }
  busy = load(window.location.pathname + window.location.search, {}, false, true).catch(() => {});
  await busy;
  busy = null;
  if (again) { again = false; refresh(); }
}

// Forms marked data-confirm (saving or deleting a routine) ask first. The server answers a
// post without confirm=yes with its confirmation page and changes nothing; its words go into
// a <dialog>, and confirming posts again with confirm=yes. Without JS that page is shown.
async function confirmThenSubmit(form, submitter) {
  const body = new URLSearchParams(new FormData(form, submitter));
  const headers = { Accept: "text/html", "X-CSRF-Token": csrf() };
  const response = await fetch(form.action, { method: "POST", body, headers, credentials: "same-origin" });
  const html = await response.text();
  const page = new DOMParser().parseFromString(html, "text/html").querySelector("[data-confirm-page]");
  if (!response.ok || !page) {
    if (response.status === 422 || response.ok) {
      if (!swap(html, new URL(response.url).pathname)) window.location.assign(response.url);
    } else {
      window.location.assign(response.url);
    }
    return;
  }
  const button = page.querySelector('button[value="yes"]');
  const dialog = document.createElement("dialog");
  dialog.className = "confirm-dialog";
  dialog.setAttribute("aria-labelledby", "dialog-title");
  dialog.innerHTML = '<h2 id="dialog-title"></h2><p></p><form method="dialog" class="actions">' +
    '<button value="yes"></button><button value="no">Cancel</button></form>';
  dialog.querySelector("h2").textContent = page.querySelector("h1").textContent;
  dialog.querySelector("p").textContent = page.querySelector(".confirm-message").textContent;
  const yes = dialog.querySelector('button[value="yes"]');
  yes.textContent = button.textContent;
  yes.className = button.className;
  document.body.appendChild(dialog);
  const closed = new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  dialog.showModal();
  await closed;
  dialog.remove();
  if (dialog.returnValue !== "yes") { (submitter || form.querySelector("button")).focus(); return; }
  body.set("confirm", "yes");
  await load(form.action, { method: "POST", body, headers }, false).catch(() => form.submit());
}

export function enhance() {
  watchDay();
  // Shown again, a page fetches itself when its day ended meanwhile, or when it missed live
  // changes in the background (`missed`, set by the live updates, live.js). A page shown again from
  // the back/forward cache is fetched by the live updates' `pageshow` (every page with a day has them).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !(missed || dayOver())) return;
    missed = false;
    refresh();
  });

  // A form whose confirmation is under way (asking the server, the dialog open, or the confirmed
  // post on its way) ignores another submit: a second tap on Save would otherwise ask a second
  // time and could save twice.
  const confirming = new WeakSet();

  const sending = new Map();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-enhance")) return;
    event.preventDefault();
    if (form.hasAttribute("data-confirm") && typeof HTMLDialogElement === "function") {
      if (confirming.has(form)) return;
      confirming.add(form);
      confirmThenSubmit(form, event.submitter).catch(() => form.submit()).finally(() => confirming.delete(form));
      return;
    }
    const body = new URLSearchParams(new FormData(form, event.submitter));
    // A habit page's calendar is one form whose day buttons each post to their own day.
    const action = event.submitter && event.submitter.hasAttribute("formaction") ? event.submitter.formAction : form.action;
    // A card's change has one id whichever way it reaches the server: posted now, or queued when
    // the post's answer does not come (the post may have landed all the same; the server stores
    // an id once, so it counts once).
    const opID = form.closest("article.card[data-habit]") ? outbox.newID() : null;
    if (opID) body.set("op", opID);
    // The buttons stay enabled (a disabled button loses focus to <body>): a press while the form
    // is under way is sent after it, in order, so two quick taps count twice.
    const used = idsAround(event.submitter || form);
    const menu = form.classList.contains("entry-form") && form.closest("details.menu[id]");
    form.setAttribute("aria-busy", "true");
    const previous = sending.get(action) || Promise.resolve();
    const sent = previous.then(async () => {
      // A Today card's tap, −1 or reset queues while the server does not answer (see outbox).
      if (await outbox.mustQueue(form) && await outbox.enqueue(form).catch(() => false)) {
        if (!outbox.isOffline()) outbox.sync();
        return;
      }
      const card = !!form.closest("article.card[data-habit]");
      const init = { method: "POST", body, headers: { Accept: "text/html", "X-CSRF-Token": csrf() } };
      if (card) init.timeout = outbox.timeout;
      if (menu) closing = menu.id;
      await load(action, init, false, false, used)
        .catch(async (error) => { if (!card || !error.unanswered || !(await outbox.fallback(form, opID))) form.submit(); });
    });
    sending.set(action, sent);
    sent.finally(() => {
      form.removeAttribute("aria-busy");
      if (sending.get(action) === sent) sending.delete(action);
    });
  });

  // A habit page's calendar day: a tap records it (its form, above); a long press, or the
  // context menu (a right click, Android's long press), only chooses it for the check-in panel
  // above the calendars, where its value, skip and note are.
  let pressTimer = null;
  let pressed = null;
  function chooseDay(button) {
    load(button.dataset.dayLink, {}, true, false, ["checkin-title"])
      .then(() => { const panel = document.getElementById("checkin-title"); if (panel) panel.scrollIntoView({ block: "nearest" }); })
      .catch(() => window.location.assign(button.dataset.dayLink));
  }
  const dayButton = (event) => event.target instanceof Element && event.target.closest("button[data-day-link]");
  document.addEventListener("pointerdown", (event) => {
    const button = dayButton(event);
    clearTimeout(pressTimer);
    if (!button || event.button !== 0) return;
    pressTimer = setTimeout(() => { pressed = button; chooseDay(button); }, 500);
  });
  for (const type of ["pointerup", "pointercancel", "scroll"]) document.addEventListener(type, () => clearTimeout(pressTimer), true);
  document.addEventListener("click", (event) => {
    const button = dayButton(event);
    if (button && button === pressed) event.preventDefault();
    pressed = null;
  }, true);
  document.addEventListener("contextmenu", (event) => {
    const button = dayButton(event);
    if (!button) return;
    event.preventDefault();
    clearTimeout(pressTimer);
    if (pressed !== button) chooseDay(button);
    pressed = button;
  });

  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[data-enhance]");
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    load(link.href, {}, link.getAttribute("data-enhance") === "navigate", false, idsAround(link))
      .catch(() => window.location.assign(link.href));
  });

  window.addEventListener("popstate", () => refresh());

  // An open card menu closes on Escape or a click elsewhere (without JS: click its button again).
  const closeMenus = (except) => {
    document.querySelectorAll("details.menu[open]").forEach((d) => { if (d !== except) d.open = false; });
  };
  document.addEventListener("click", (event) => {
    closeMenus(event.target instanceof Element ? event.target.closest("details.menu") : null);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = document.querySelector("details.menu[open]");
    if (open) { open.open = false; open.querySelector("summary").focus(); }
  });
}
