// The time zone: sign-up preselects the browser's, Settings offers it beside the saved one, and
// the travel banner offers to switch the account when this device's clock is elsewhere.
import { csrf } from "./swap.js";
import { t } from "./words.js";

// Fills in what this page shows of the zone (app.js calls it once).
export function offerZones() {
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
      offerNote.querySelector("span").textContent = t('This browser is in {zone}.', { zone: browserZone }) + " ";
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
    form.setAttribute("aria-label", t('Time zone'));
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
    text.textContent = t(
      'This device is in {device}; your account uses {account}. Your days and reminders follow the account\'s zone.', { device, account });
    // Keeping the account's zone is the default (first, filled): a tap on "Use" changes where
    // every day and reminder of the account falls, on every device, so it is the one to choose.
    const use = document.createElement("button");
    use.type = "submit";
    use.className = "button small";
    use.textContent = t('Use {zone}', { zone: device });
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "button primary small";
    keep.textContent = t('Keep {zone}', { zone: account });
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
}
