// Settings → Notifications. Web Push needs this script: the permission is asked only when the
// person presses "Enable on this device" (iOS allows it on a tap only, in a home-screen app),
// then the service worker's push manager subscribes with the server's VAPID key and the
// subscription is sent to the API. Every failure is said in words beside the button.
// `notifications` also readies the calendar address's Copy button and "Send a test notification".
import { csrf } from "./swap.js";
import { t } from "./words.js";

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
    say(t('This browser cannot receive notifications from Tend. On an iPhone or iPad, add Tend to the home screen first and open it from there.'));
    return;
  }
  say(t('Asking for permission…'));
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    say(permission === "denied"
      ? t('Notifications are blocked for this site. Allow them in the browser\'s site settings, then press the button again.')
      : t('Notifications were not allowed. Press the button again to be asked once more.'));
    return;
  }
  say(t('Subscribing…'));
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
    say(t(
      'This browser could not subscribe to notifications ({reason}). It needs to reach its push service on the internet; try again later or in another browser.',
      { reason: error.message || error.name }));
    return;
  }
  try {
    await api("POST", "/api/v1/push/subscriptions", subscription.toJSON());
  } catch (error) {
    say(t('Tend did not accept this device\'s subscription: {reason}', { reason: error.message }));
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
    mark.textContent = t('This device');
    row.querySelector(".row-main strong").after(mark);
  });
}
async function sendTest(box, status, list) {
  status.textContent = t('Sending…');
  list.replaceChildren();
  try {
    const { results } = await api("POST", box.dataset.test);
    if (!results || results.length === 0) {
      status.textContent = t('Nothing was sent: enable a device or add a webhook first.');
      return;
    }
    status.textContent = t('Sent. What each channel answered:');
    const names = { delivered: t('delivered'), failed: t('failed'), refused: t('refused (the address is not allowed)'),
      gone: t('gone (the subscription no longer exists)'), retry: t('not delivered yet (will be retried)') };
    for (const result of results) {
      const item = document.createElement("li");
      item.className = "test-result " + result.result;
      const channel = result.channel === "push" ? t('Device') : result.channel === "webhook" ? t('Webhook') : result.channel;
      const values = { channel, target: result.target, result: names[result.result] || result.result, detail: result.detail };
      item.textContent = result.detail ? t('{channel} {target}: {result} — {detail}', values) : t('{channel} {target}: {result}', values);
      list.append(item);
    }
  } catch (error) {
    status.textContent = t('The test could not be sent: {reason}', { reason: error.message });
  }
}
// Readies this page's notification controls, once each (app.js calls it, and swap.js after every swap).
export function notifications() {
  const box = document.querySelector("[data-push]");
  const button = document.getElementById("push-enable");
  const status = document.getElementById("push-status");
  if (box && button && status && !button.dataset.ready) {
    button.dataset.ready = "1";
    const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    status.textContent = supported
      ? (Notification.permission === "denied"
        ? t('Notifications are blocked for this site; allow them in the browser\'s site settings first.')
        : t('Press the button to receive reminders on this device; the browser asks for your permission.'))
      : t('This browser cannot receive notifications from Tend. On an iPhone or iPad, add Tend to the home screen first and open it from there.');
    button.hidden = !supported;
    button.addEventListener("click", () => enablePush(status).catch((error) => { status.textContent = t('Something went wrong: {reason}', { reason: error.message }); }));
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
        said.textContent = t('Copied.');
      } catch (error) {
        field.select();
        said.textContent = t('Select the address and copy it.');
      }
    });
  }
  const test = document.querySelector("[data-test]");
  const testButton = document.getElementById("notification-test");
  if (test && testButton && !testButton.dataset.ready) {
    testButton.dataset.ready = "1";
    testButton.hidden = false;
    const testStatus = document.getElementById("notification-test-status");
    testStatus.textContent = t('Sends one notification to every device and webhook above.');
    testButton.addEventListener("click", () => sendTest(test, testStatus, document.getElementById("notification-test-results")));
  }
}
