// Tend's progressive enhancement. Every page works without this file: forms post and redirect.
// With it, forms and links marked data-enhance update the page in place (no reload), the page
// follows live updates from /events, the service worker keeps Today available offline, and a
// Today card's taps made while the server does not answer wait in a queue (see outbox.js).
// The page loads only this module; it imports the others, each by topic:
// - swap.js: in-place forms and links, the data-confirm dialog, the day's end, card menus, the
//   habit page's calendar long press;
// - live.js: live updates (one /events stream per browser, shared between tabs);
// - zone.js: the time zone offers and the travel banner;
// - outbox.js: the offline queue and the header's badge, with the rules of rules.js;
// - push.js: Settings → Notifications.
// Each adds its listeners when called here, not when imported: swap.js and outbox.js import each
// other, so the order the modules run in is not this one, and several listen to the same events
// (`visibilitychange`, `pageshow`, `online`), in the order they are added.
import { enhance, refresh } from "./swap.js";
import { followLive } from "./live.js";
import { offerZones } from "./zone.js";
import { startOutbox } from "./outbox.js";
import { notifications } from "./push.js";
import { pageLanguage, t } from "./words.js";

enhance();
followLive();
offerZones();
startOutbox();
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
  // What the worker says on its own, in this page's language.
  if (navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage({
      kind: "words", lang: pageLanguage, title: t('Offline', {}, { context: 'page title' }),
      offline: t('You are offline, and no Today page has been loaded on this device yet.'), reminder: t('You have a reminder.'),
    });
  }
}
