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
import { mainNumber, missedChanges, refresh } from "./swap.js";

// Follows the live updates, when this page has them (app.js calls it once).
export function followLive() {
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
    // A tab in the background fetches itself once it is shown (`missedChanges`), not at every change:
    // ten open tabs would otherwise render ten pages for each tap on the phone.
    const changed = () => {
      if (document.visibilityState === "hidden") { missedChanges(); return; }
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
}
