// Tend's progressive enhancement. Every page works without this file: forms post and redirect.
// With it, forms and links marked data-enhance update the page in place (no reload), the page
// follows live updates from /events, and the service worker keeps Today available offline.
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
  function swap(html, url, used, invalid) {
    const next = new DOMParser().parseFromString(html, "text/html");
    const main = document.getElementById("main");
    const fresh = next.getElementById("main");
    if (!main || !fresh) return false;
    const open = Array.from(main.querySelectorAll("details[open][id]")).map((d) => d.id);
    const active = document.activeElement;
    const elsewhere = active && active !== document.body && !main.contains(active);  // e.g. the navigation: left alone
    const focused = elsewhere ? [] : active && main.contains(active) ? idsAround(active) : (used || []);
    main.replaceWith(fresh);
    notifications();
    for (const id of open) {
      const details = document.getElementById(id);
      if (details) details.open = true;
    }
    const refused = invalid && fresh.querySelector('[aria-invalid="true"]');
    const target = refused || focused.map((id) => document.getElementById(id)).find((e) => e);
    if (target) {
      if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    if (next.title) document.title = next.title;
    const token = next.querySelector('meta[name="csrf-token"]');
    if (token) document.querySelector('meta[name="csrf-token"]').content = token.content;
    if (url) history.replaceState(null, "", url);
    return true;
  }

  // A live refresh must not replace the page a form or link has just loaded (the form's own
  // change triggers one): it waits while those are in flight, and one that was under way when
  // they started is dropped (`generation`).
  let generation = 0;
  let loading = 0;

  async function load(url, init, push, isRefresh, used) {
    const started = isRefresh ? generation : ++generation;
    if (!isRefresh) loading++;
    try {
      const response = await fetch(url, Object.assign({ credentials: "same-origin", headers: { Accept: "text/html" } }, init));
      const target = new URL(response.url);
      if (target.pathname === "/login" || !response.ok && response.status !== 422) {
        window.location.assign(response.url);
        return;
      }
      const html = await response.text();
      if (isRefresh && started !== generation) return;
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
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (dialog.returnValue !== "yes") { (submitter || form.querySelector("button")).focus(); return; }
      body.set("confirm", "yes");
      load(form.action, { method: "POST", body, headers }, false).catch(() => form.submit());
    });
    dialog.showModal();
  }

  const sending = new Map();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-enhance")) return;
    event.preventDefault();
    if (form.hasAttribute("data-confirm") && typeof HTMLDialogElement === "function") {
      confirmThenSubmit(form, event.submitter).catch(() => form.submit());
      return;
    }
    const body = new URLSearchParams(new FormData(form, event.submitter));
    // The buttons stay enabled (a disabled button loses focus to <body>): a press while the form
    // is under way is sent after it, in order, so two quick taps count twice.
    const used = idsAround(event.submitter || form);
    form.setAttribute("aria-busy", "true");
    const previous = sending.get(form.action) || Promise.resolve();
    const sent = previous.then(() =>
      load(form.action, { method: "POST", body, headers: { Accept: "text/html", "X-CSRF-Token": csrf() } }, false, false, used)
        .catch(() => form.submit()));
    sending.set(form.action, sent);
    sent.finally(() => {
      form.removeAttribute("aria-busy");
      if (sending.get(form.action) === sent) sending.delete(form.action);
    });
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
  const events = document.body.getAttribute("data-events");
  if (events && "EventSource" in window && document.body.getAttribute("data-live") !== "off") {
    const source = new EventSource(events);
    source.addEventListener("change", () => refresh());
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
    const kept = "tend.zone.kept";
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
    const use = document.createElement("button");
    use.type = "submit";
    use.className = "button primary small";
    use.textContent = `Use ${device}`;
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "button small";
    keep.textContent = `Keep ${account}`;
    keep.addEventListener("click", () => {
      try { localStorage.setItem(kept, device + " " + account); } catch (e) { /* asked again next time */ }
      form.remove();
    });
    form.append(text, use, keep);
    const main = document.getElementById("main");
    if (main) main.before(form);
  }
  travelBanner();

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
  const offline = () => document.body.classList.toggle("is-offline", !navigator.onLine);
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
