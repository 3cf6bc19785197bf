// Tend's progressive enhancement. Every page works without this file: forms post and redirect.
// With it, forms and links marked data-enhance update the page in place (no reload), the page
// follows live updates from /events, the service worker keeps Today available offline, and a
// Today card's taps made while the server does not answer wait in a queue (see `outbox`).
"use strict";

(function () {
  const csrf = () => (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
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
  function mainNumber(name) {
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
  function dayOver() {
    const ends = dayEnds();
    return ends !== null && Date.now() >= ends;
  }
  function staleNotice(day) {
    let notice = document.getElementById("stale-day");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "stale-day";
      notice.className = "notice";
      notice.setAttribute("role", "alert");
      const nav = document.querySelector("#main .daynav");
      if (nav) nav.after(notice); else document.getElementById("main").prepend(notice);
    }
    notice.textContent = `Nothing was recorded: this page still shows ${day}, and that day is over. ` +
      "Today's page comes when the server answers again.";
  }
  watchDay();
  // Shown again, a page fetches itself when its day ended meanwhile, or when it missed live
  // changes in the background (`missed`, set by the live updates below). A page shown again from
  // the back/forward cache is fetched by the live updates' `pageshow` (every page with a day has them).
  let missed = false;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !(missed || dayOver())) return;
    missed = false;
    refresh();
  });

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
  async function refresh() {
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

  // Live updates: the server says when this user's data changed (here, in another tab, on
  // another device or through the API); the page fetches itself again.
  // Pages that answer a POST (an import preview, a token shown once) have no address to reload:
  // they carry data-live="off" and do not follow live updates.
  // One stream per browser, not per tab: a browser opens at most six connections to a host, and
  // each open stream holds one, so with six tabs of Tend open a seventh tab's page could not load
  // (it waited until the service worker's 8 s gave up and showed the kept copy). The tab that holds
  // the Web Lock "tend-live:<user>" follows /events and tells the user's other tabs over a
  // BroadcastChannel; when it closes, is hidden in the back/forward cache or frozen, it lets the
  // lock go and another tab takes it. A page kept in the back/forward cache keeps its open
  // connections (Chromium held each cached page's stream: after three saves every connection was
  // taken and the next request waited a minute), so the stream also closes on `pagehide` and
  // opens again, with a refresh for what changed meanwhile, when the page is shown again.
  // Without Web Locks or BroadcastChannel each tab follows its own stream.
  const events = document.body.getAttribute("data-events");
  if (events && "EventSource" in window && document.body.getAttribute("data-live") !== "off") {
    const name = `tend-live:${document.body.dataset.user || ""}`;
    const shared = "BroadcastChannel" in window && !!(navigator.locks && navigator.locks.request);
    const channel = shared ? new BroadcastChannel(name) : null;
    // The latest op-log position this tab's data is known to be from: its page's (Today's
    // <main data-position>) or the last change heard of. A tab that opens the stream says it
    // (`?after=`), so a change made before the stream opened — while no tab followed, between
    // two leaders — is told at once.
    let heard = 0;
    const known = () => Math.max(heard, mainNumber("position") || 0);
    // A tab in the background fetches itself once it is shown (`missed`), not at every change:
    // ten open tabs would otherwise render ten pages for each tap on the phone.
    const changed = () => {
      if (document.visibilityState === "hidden") { missed = true; return; }
      refresh();
    };
    if (channel) {
      channel.addEventListener("message", (message) => {
        const position = Number(message.data && message.data.change);
        if (!Number.isInteger(position)) return;
        heard = Math.max(heard, position);
        changed();
      });
    }
    let source = null;
    let release = null;  // lets the lock go (the leader's)
    let waiting = null;  // aborts the lock request (a follower's)
    let retry = null;
    const follow = () => {
      const after = known();
      const followed = new EventSource(after > 0 ? `${events}?after=${after}` : events);
      source = followed;
      followed.addEventListener("change", (event) => {
        const position = Number(event.lastEventId);
        if (Number.isInteger(position)) heard = Math.max(heard, position);
        changed();
        if (channel) channel.postMessage({ change: Number.isInteger(position) ? position : 0 });
      });
      // A stream the browser gave up on (the session ended: the server answers with the sign-in
      // page, not a stream) is not retried by EventSource.
      // Holding the lock with it would leave every tab without updates, also one signed in again
      // meanwhile: it lets the lock go and asks again later.
      followed.addEventListener("error", () => {
        if (source !== followed || followed.readyState !== EventSource.CLOSED) return;
        stop();
        retry = setTimeout(start, 30000);
      });
    };
    // Leads: follows the stream until `stop`. What changed between the last leader's stream
    // ending and this one's opening, the stream tells (`?after=`) when the tab knows a position;
    // a tab that waited for the lock without one fetches itself.
    const lead = (late) => new Promise((resolve) => {
      waiting = null;
      release = resolve;
      follow();
      if (late && known() === 0) refresh();
    });
    const start = () => {
      if (source || release || waiting) return;
      if (!shared) { follow(); return; }
      waiting = new AbortController();
      const signal = waiting.signal;
      navigator.locks.request(name, { ifAvailable: true }, (lock) => {
        if (signal.aborted) return undefined;
        if (lock) return lead(false);
        navigator.locks.request(name, { signal }, () => lead(true)).catch(() => {});  // aborted by `stop`
        return undefined;
      }).catch(() => {});
    };
    const stop = () => {
      clearTimeout(retry);
      retry = null;
      if (source) source.close();
      source = null;
      if (release) release();
      release = null;
      if (waiting) waiting.abort();
      waiting = null;
    };
    start();
    window.addEventListener("pagehide", stop);
    document.addEventListener("freeze", stop);
    window.addEventListener("pageshow", (event) => {
      if (!event.persisted) return;
      start();
      refresh();
    });
    document.addEventListener("resume", () => {
      start();
      refresh();
    });
  }

  // Sign-up: offer the browser's time zone (the person sees it and may change it).
  const zone = document.querySelector("select[data-browser-zone]");
  if (zone && !zone.value && window.Intl) {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && Array.from(zone.options).some((o) => o.value === browserZone)) zone.value = browserZone;
  }

  // Settings: show the browser's zone beside the saved one; only the button puts it in the field.
  const offer = document.querySelector("select[data-offer-zone]");
  const offerNote = document.querySelector(".zone-offer");
  if (offer && offerNote && window.Intl) {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && browserZone !== offer.value && Array.from(offer.options).some((o) => o.value === browserZone)) {
      offerNote.querySelector("span").textContent = `This browser is in ${browserZone}. `;
      offerNote.hidden = false;
      offerNote.querySelector("button").addEventListener("click", () => { offer.value = browserZone; offerNote.hidden = true; offer.focus(); });
    }
  }

  // Travel: the account's days and reminders follow its zone (body[data-zone]). When this
  // device's clock is elsewhere, say so and offer to switch the account to it, or to keep the
  // account's zone — remembered on this device for that pair of zones, so it is asked once. Zones
  // that keep the same clock under two names (Asia/Calcutta, Asia/Kolkata) are not a move.
  function clockIn(zone, date) {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    }).format(date);
  }
  function sameClock(a, b) {
    const now = Date.now();
    const quarter = 91 * 24 * 3600 * 1000;
    return [0, 1, 2, 3].every((n) => clockIn(a, new Date(now + n * quarter)) === clockIn(b, new Date(now + n * quarter)));
  }
  function travelBanner() {
    const account = document.body.dataset.zone;
    const action = document.body.dataset.zoneSwitch;
    if (!account || !action || !window.Intl || offerNote) return;
    let device;
    try {
      device = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (!device || device === account || sameClock(device, account)) return;
    } catch (e) {
      return;  // a zone this browser does not know: nothing to compare
    }
    // Remembered by the account (data-zone-kept: every browser of it) and on this device (two
    // accounts on one browser answer each for itself; it also covers the moment before the
    // server has heard the answer).
    if ((document.body.dataset.zoneKept || "").split(" ").includes(device)) return;
    const kept = `tend.zone.kept.${document.body.dataset.user || ""}`;
    try { if (localStorage.getItem(kept) === device + " " + account) return; } catch (e) { /* private mode: ask */ }
    const form = document.createElement("form");
    form.method = "post";
    form.action = action;
    form.className = "zone-banner";
    form.setAttribute("role", "region");
    form.setAttribute("aria-label", "Time zone");
    const field = (name, value) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.append(input);
    };
    field("_csrf", csrf());
    field("timeZone", device);
    field("return", location.pathname + location.search);
    const text = document.createElement("p");
    text.textContent = `This device is in ${device}; your account uses ${account}. Your days and reminders follow the account's zone.`;
    // Keeping the account's zone is the default (first, filled): a tap on "Use" changes where
    // every day and reminder of the account falls, on every device, so it is the one to choose.
    const use = document.createElement("button");
    use.type = "submit";
    use.className = "button small";
    use.textContent = `Use ${device}`;
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "button primary small";
    keep.textContent = `Keep ${account}`;
    keep.addEventListener("click", () => {
      try { localStorage.setItem(kept, device + " " + account); } catch (e) { /* this device asks again */ }
      form.remove();
      // The account remembers it too; if this does not arrive, other browsers simply ask.
      const body = new URLSearchParams({ timeZone: device, keep: "1" });
      fetch(action, { method: "POST", body, headers: { "X-CSRF-Token": csrf() }, credentials: "same-origin", redirect: "manual" })
        .catch(() => {});
    });
    form.append(text, keep, use);
    const main = document.getElementById("main");
    if (main) main.before(form);
  }
  travelBanner();

  // Offline: a tap, −1 or reset on a Today card that the server does not answer (no
  // connection, no answer within 5 s, or a proxy's 502/503/504) is applied to the card at once and
  // kept in IndexedDB as a sync operation of this browser, stamped by its hybrid clock; the queue
  // is pushed to /api/v1/sync when the server answers again. While operations wait, new taps join
  // the queue too, so they reach the server in the order they were made. The header's badge says
  // where the page stands.
  const outbox = (() => {
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

    // A stamp later than every one this browser made (TendRules.nextStamp). The last stamp is
    // kept, so a reload never goes back in time.
    let lastStamp = "";
    function tick() {
      let text = lastStamp;
      try { text = TendRules.laterStamp(localStorage.getItem("tend.sync.clock") || "", text); } catch (e) { /* this page's own order holds */ }
      lastStamp = TendRules.nextStamp(text, Date.now(), device);
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
        habit: d.habit, day: d.day, kind: d.kind, type: d.type, target: parseInt(d.target, 10) || 0, unit: d.unit || "",
        value: parseInt(d.value, 10) || 0, status: d.status, past: "past" in d, quota: "quota" in d,
        name: ((card.querySelector(".card-title") || {}).textContent || "").trim(),
      };
    }

    // The change, the card's status and its words after a command: TendRules (rules.js), held to
    // TendCore's and the page's rules by one table of cases.
    const { changeFor, applied, valueText, statusLabel, statusOf, tapLabel, durationField } = TendRules;

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
        field.value = field.defaultValue = value === 0 ? "" : f.type === "duration" ? durationField(value) : String(value);
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
    async function reapply() {
      let records;
      try { records = await unshown(); } catch (e) { return; }
      pending = records.filter((r) => r.stored === undefined).length;
      badge();
      const cards = document.querySelectorAll("#main article.card[data-habit]");
      for (const card of cards) {
        const mine = waitingFor(records, card.dataset.habit, card.dataset.day);
        if (mine.length === 0) {
          if (card.classList.contains("has-waiting") || card.classList.contains("has-unshown")) show(card, parseInt(card.dataset.value, 10) || 0, false, false);
          card.classList.remove("has-unshown");
          continue;
        }
        const value = mine.reduce((v, r) => applied(r.op.change, v), parseInt(card.dataset.value, 10) || 0);
        show(card, value, mine.some((r) => r.stored === undefined), mine.some((r) => r.op.change.entryReset || r.op.change.entrySet));
        card.classList.add("has-unshown");
      }
    }

    // Queues a card form's command; false when this page cannot keep it (then the form posts).
    async function enqueue(form, id) {
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
    async function mustQueue(form) {
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
      const waiting = pending > 0 ? ` · ${pending} pending` : "";
      const shown = state === "synced" && pending > 0 ? "syncing" : state;
      const text = {
        synced: "synced", syncing: "syncing" + waiting, offline: "offline" + waiting,
        "signed-out": "signed out" + waiting, error: "not synced" + waiting,
      }[shown];
      if (badgeElement.textContent !== text) badgeElement.textContent = text;
      badgeElement.dataset.state = shown;
      badgeElement.title = {
        synced: "Everything done on this page is on the server.",
        syncing: "Sending this device's changes to the server.",
        offline: "The server does not answer; changes are kept on this device and sent when it answers again.",
        "signed-out": "Sign in again to send the changes kept on this device.",
        error: "The server could not take the changes yet; they are kept and sent again.",
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
        dismiss.textContent = "Dismiss";
        dismiss.addEventListener("click", () => box.remove());
        const heading = document.createElement("p");
        heading.textContent = "The server refused changes made on this device while offline; they were not saved:";
        box.append(heading, list, dismiss);
        const main = document.getElementById("main");
        if (main) main.before(box); else document.body.prepend(box);
      }
      const item = document.createElement("li");
      item.textContent = `${record.label || "a change"}: ${detail}`;
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
    function sync() {
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
    async function fallback(form, id) {
      state = "offline";
      const kept = await enqueue(form, id).catch(() => false);
      badge();
      return kept;
    }

    if (user) {
      badge();
      reapply().then(() => sync());
      window.addEventListener("online", () => sync());
      window.addEventListener("offline", () => { state = "offline"; badge(); });
      window.addEventListener("pageshow", (event) => { if (event.persisted) reapply().then(() => sync()); });
      document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") sync(); });
      setInterval(() => { if (pending > 0 || state !== "synced") sync(); }, RETRY);
    }
    return {
      reapply, enqueue, mustQueue, fallback, sync, newID: uuid,
      isOffline: () => state === "offline",
      unreachable: (status) => status === 502 || status === 503 || status === 504,
      get timeout() { return TIMEOUT; },
      user,
    };
  })();

  // Settings → Notifications. Web Push needs this script: the permission is asked only when the
  // person presses "Enable on this device" (iOS allows it on a tap only, in a home-screen app),
  // then the service worker's push manager subscribes with the server's VAPID key and the
  // subscription is sent to the API. Every failure is said in words beside the button.
  function base64urlBytes(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  function sameBytes(a, b) {
    if (!a || !b) return false;
    const x = new Uint8Array(a);
    const y = new Uint8Array(b);
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  async function api(method, path, body) {
    const headers = { Accept: "application/json", "X-CSRF-Token": csrf() };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(path, {
      method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => null);
    if (!response.ok) {
      const error = new Error((data && data.detail) || `the server answered ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return data;
  }
  async function enablePush(status) {
    const say = (text) => { status.textContent = text; };
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      say("This browser cannot receive notifications from Tend. On an iPhone or iPad, add Tend to the home screen first and open it from there.");
      return;
    }
    say("Asking for permission…");
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      say(permission === "denied"
        ? "Notifications are blocked for this site. Allow them in the browser's site settings, then press the button again."
        : "Notifications were not allowed. Press the button again to be asked once more.");
      return;
    }
    say("Subscribing…");
    let subscription;
    try {
      const { publicKey } = await api("GET", "/api/v1/push/key");
      const key = base64urlBytes(publicKey);
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
      subscription = await registration.pushManager.getSubscription();
      // A subscription made with another server key cannot be sent to: replace it.
      if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      if (!subscription) {
        // A browser that cannot reach its push service may never answer: give up after a while.
        const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("no answer from the push service")), 30000));
        subscription = await Promise.race([registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }), late]);
      }
    } catch (error) {
      say(`This browser could not subscribe to notifications (${error.message || error.name}). ` +
        "It needs to reach its push service on the internet; try again later or in another browser.");
      return;
    }
    try {
      await api("POST", "/api/v1/push/subscriptions", subscription.toJSON());
    } catch (error) {
      say(`Tend did not accept this device's subscription: ${error.message}`);
      return;
    }
    window.location.assign("/settings?push=enabled#notifications-title");
  }
  async function markThisDevice() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && await registration.pushManager.getSubscription();
    if (!subscription) return;
    document.querySelectorAll("#push-devices li[data-endpoint]").forEach((row) => {
      if (row.dataset.endpoint !== subscription.endpoint || row.querySelector(".this-device")) return;
      const mark = document.createElement("span");
      mark.className = "this-device";
      mark.textContent = "This device";
      row.querySelector(".row-main strong").after(mark);
    });
  }
  async function sendTest(box, status, list) {
    status.textContent = "Sending…";
    list.replaceChildren();
    try {
      const { results } = await api("POST", box.dataset.test);
      if (!results || results.length === 0) {
        status.textContent = "Nothing was sent: enable a device or add a webhook first.";
        return;
      }
      status.textContent = "Sent. What each channel answered:";
      const names = { delivered: "delivered", failed: "failed", refused: "refused (the address is not allowed)",
        gone: "gone (the subscription no longer exists)", retry: "not delivered yet (will be retried)" };
      for (const result of results) {
        const item = document.createElement("li");
        item.className = "test-result " + result.result;
        const channel = result.channel === "push" ? "Device" : result.channel === "webhook" ? "Webhook" : result.channel;
        item.textContent = `${channel} ${result.target}: ${names[result.result] || result.result}` + (result.detail ? ` — ${result.detail}` : "");
        list.append(item);
      }
    } catch (error) {
      status.textContent = `The test could not be sent: ${error.message}`;
    }
  }
  function notifications() {
    const box = document.querySelector("[data-push]");
    const button = document.getElementById("push-enable");
    const status = document.getElementById("push-status");
    if (box && button && status && !button.dataset.ready) {
      button.dataset.ready = "1";
      const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
      status.textContent = supported
        ? (Notification.permission === "denied"
          ? "Notifications are blocked for this site; allow them in the browser's site settings first."
          : "Press the button to receive reminders on this device; the browser asks for your permission.")
        : "This browser cannot receive notifications from Tend. On an iPhone or iPad, add Tend to the home screen first and open it from there.";
      button.hidden = !supported;
      button.addEventListener("click", () => enablePush(status).catch((error) => { status.textContent = `Something went wrong: ${error.message}`; }));
      markThisDevice().catch(() => {});
    }
    const copy = document.getElementById("calendar-copy");
    if (copy && !copy.dataset.ready) {
      copy.dataset.ready = "1";
      copy.hidden = false;
      copy.addEventListener("click", async () => {
        const field = document.getElementById(copy.dataset.copy);
        const said = document.getElementById("calendar-copy-status");
        try {
          await navigator.clipboard.writeText(field.value);
          said.textContent = "Copied.";
        } catch (error) {
          field.select();
          said.textContent = "Select the address and copy it.";
        }
      });
    }
    const test = document.querySelector("[data-test]");
    const testButton = document.getElementById("notification-test");
    if (test && testButton && !testButton.dataset.ready) {
      testButton.dataset.ready = "1";
      testButton.hidden = false;
      const testStatus = document.getElementById("notification-test-status");
      testStatus.textContent = "Sends one notification to every device and webhook above.";
      testButton.addEventListener("click", () => sendTest(test, testStatus, document.getElementById("notification-test-results")));
    }
  }
  notifications();

  // Offline: say so (the service worker shows the last loaded Today page).
  const offline = () => document.body.classList.toggle("is-offline", !navigator.onLine || document.body.hasAttribute("data-kept-copy"));
  window.addEventListener("online", () => { offline(); refresh(); });
  window.addEventListener("offline", offline);
  offline();

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    if (document.body.hasAttribute("data-signed-out") && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage("signed-out");
    }
  }
})();
