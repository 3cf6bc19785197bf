"""Notifications (issue 14): Settings → Notifications and the service worker's push handling, in
headless Chromium. Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL).

What is real and what is not: Chromium here has no network, so `pushManager.subscribe` cannot
reach a push service; the test grants the permission, presses "Enable on this device" and checks
what the page says (or, should subscribing work after all, that the device is listed). A
subscription as a browser makes one (its own P-256 key and auth secret, made with WebCrypto in
the page) is then registered through the API to check the devices list. The service worker's
push handler is driven through the DevTools protocol (ServiceWorker.deliverPushMessage) with the
payloads the scheduler sends, and the notifications it shows are read back with
registration.getNotifications(). A message from the server's own scheduler, decrypted, and its
"Done" URL are test_push_delivery.py's (which shares this file's helpers). Pressing an action
button itself is not exercised: headless Chromium cannot."""

import json
import time
import unittest
import urllib.error
import urllib.request
import uuid

import websocket  # websocket-client, a dependency of selenium
from selenium.webdriver.common.by import By

from test_first_hour import api
from test_today import PASSWORD, SHOTS, URL, browser, click, js, wait


class NotificationTests(unittest.TestCase):
    # Failed loads the tests cause on purpose (a refused form), which the browser logs as errors.
    expected_console = ("status of 422",)

    @classmethod
    def setUpClass(cls):
        # One account for the file (each test leaves its lists empty): sign-ups, tokens and
        # sign-ins all count against the server's limit of 10 a minute.
        cls.username = "n" + uuid.uuid4().hex[:10]
        api("POST", "/api/v1/users", {"username": cls.username, "password": PASSWORD})
        cls.token = api("POST", "/api/v1/tokens", {"username": cls.username, "password": PASSWORD, "name": "script"})["token"]

    def setUp(self):
        self.driver = browser(390, 844)
        self.driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": URL, "permissions": ["notifications", "clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.sign_in()

    def tearDown(self):
        # Chromium itself logs a failed push registration (no push service here), and the failed
        # loads a test causes on purpose: expected. Anything else is ours.
        errors = [e for e in self.driver.get_log("browser")
                  if e["level"] == "SEVERE" and "push service" not in e["message"].lower()
                  and "registration failed" not in e["message"].lower()
                  and not any(expected in e["message"] for expected in self.expected_console)]
        self.driver.quit()
        self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def sign_in(self):
        driver = self.driver
        driver.get(URL + "/login")
        driver.find_element(By.ID, "username").send_keys(self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

    def settings(self):
        self.driver.get(URL + "/settings")
        wait(self.driver, lambda d: d.title.startswith("Settings"))

    # Enabling this device

    def test_enable_asks_on_the_button_and_says_what_happened(self):
        driver = self.driver
        self.settings()
        button = wait(driver, lambda d: d.find_element(By.ID, "push-enable") if d.find_element(By.ID, "push-enable").is_displayed() else None)
        self.assertEqual(button.text, "Enable on this device")
        self.assertEqual(api("GET", "/api/v1/push/subscriptions", token=self.token), [], "nothing before the press")
        click(driver, button)

        def outcome(d):
            if "push=enabled" in d.current_url:
                return "subscribed"
            text = d.find_element(By.ID, "push-status").text
            return text if ("could not" in text or "did not" in text or "blocked" in text) else None

        try:
            result = wait(driver, outcome, timeout=60)
        except Exception:
            self.fail("no outcome; the page says: " + driver.find_element(By.ID, "push-status").text)
        driver.save_screenshot(f"{SHOTS}/notifications-enable-phone.png")
        if result == "subscribed":
            # Chromium reached a push service after all: the device must then be listed.
            self.assertIn("Notifications are on for this device.", driver.find_element(By.ID, "main").text)
            self.assertEqual(len(api("GET", "/api/v1/push/subscriptions", token=self.token)), 1)
        else:
            self.assertIn("could not subscribe", result, result)
            self.assertEqual(api("GET", "/api/v1/push/subscriptions", token=self.token), [], "nothing stored on failure")

    def test_a_browser_subscription_is_listed_and_revoked(self):
        driver = self.driver
        self.settings()
        # A subscription made as a browser makes one: an ECDH P-256 key pair and a 16-byte secret.
        status = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const b64u = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
            (async () => {
              const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
              const raw = await crypto.subtle.exportKey("raw", pair.publicKey);
              const auth = crypto.getRandomValues(new Uint8Array(16));
              const csrf = document.querySelector('meta[name="csrf-token"]').content;
              const body = { endpoint: "https://fcm.googleapis.com/fcm/send/test-device", expirationTime: null,
                             keys: { p256dh: b64u(raw), auth: b64u(auth) } };
              const response = await fetch("/api/v1/push/subscriptions", { method: "POST", credentials: "same-origin",
                headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: JSON.stringify(body) });
              done(response.status);
            })().catch((e) => done(String(e)));
        """)
        self.assertEqual(status, 201)
        self.settings()
        row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#push-devices li"))
        self.assertIn("Chrome or Android", row.text)
        click(driver, row.find_element(By.XPATH, ".//button[text()='Revoke']"))
        wait(driver, lambda d: d.find_elements(By.ID, "push-devices-empty"))
        self.assertEqual(api("GET", "/api/v1/push/subscriptions", token=self.token), [])

    # The webhook

    def test_webhook_refused_then_added_then_removed(self):
        driver = self.driver
        self.settings()
        url = driver.find_element(By.ID, "webhookURL")
        url.send_keys("https://127.0.0.1/hook")
        click(driver, driver.find_element(By.XPATH, "//button[text()='Add the webhook']"))
        error = wait(driver, lambda d: d.find_element(By.ID, "webhookURL-error"))
        self.assertIn("loopback", error.text)
        self.assertEqual(driver.find_element(By.ID, "webhookURL").get_attribute("aria-invalid"), "true")
        self.assertEqual(api("GET", "/api/v1/webhooks", token=self.token), [], "nothing stored")

        field = driver.find_element(By.ID, "webhookURL")
        field.clear()
        field.send_keys("https://ntfy.example.com/my-habits")
        driver.find_element(By.CSS_SELECTOR, "#webhookFormat option[value=ntfy]").click()
        driver.find_element(By.ID, "webhookToken").send_keys("tk_abcdef")
        click(driver, driver.find_element(By.XPATH, "//button[text()='Add the webhook']"))
        row = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#webhooks li"))
        self.assertIn("https://ntfy.example.com/my-habits", row.text)
        self.assertIn("ntfy", row.text)
        self.assertNotIn("tk_abcdef", driver.page_source)
        hooks = api("GET", "/api/v1/webhooks", token=self.token)
        self.assertEqual([(h["format"], h["hasAccessToken"]) for h in hooks], [("ntfy", True)])
        driver.save_screenshot(f"{SHOTS}/notifications-settings-phone.png")
        click(driver, row.find_element(By.XPATH, ".//button[text()='Remove']"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#webhooks li"))
        self.assertEqual(api("GET", "/api/v1/webhooks", token=self.token), [])

    # The calendar feed

    def fetch(self, url):
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status, response.headers.get("Content-Type"), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type"), ""

    def test_calendar_address_copied_and_replaced(self):
        driver = self.driver
        self.settings()
        field = driver.find_element(By.ID, "calendar-url")
        old = field.get_attribute("value")
        self.assertRegex(old, r"^http://[^/]+/calendar/[A-Za-z0-9_-]{64}\.ics$")
        status, content_type, text = self.fetch(old)
        self.assertEqual((status, content_type), (200, "text/calendar; charset=utf-8"))
        self.assertTrue(text.startswith("BEGIN:VCALENDAR"))

        click(driver, driver.find_element(By.ID, "calendar-copy"))
        wait(driver, lambda d: d.find_element(By.ID, "calendar-copy-status").text == "Copied.")
        copied = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, (e) => done(String(e)));")
        self.assertEqual(copied, old)

        click(driver, driver.find_element(By.ID, "calendar-rotate"))
        wait(driver, lambda d: "new address" in d.find_element(By.ID, "main").text)
        new = driver.find_element(By.ID, "calendar-url").get_attribute("value")
        self.assertNotEqual(new, old)
        self.assertEqual(self.fetch(old)[0], 404)
        self.assertEqual(self.fetch(new)[0], 200)

    # The service worker's push handler

    def devtools(self):
        """A second DevTools connection to the page (selenium's own cannot wait for events)."""
        address = self.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=10) as response:
            targets = json.loads(response.read().decode())
        page = next(t for t in targets if t["type"] == "page" and t["url"].startswith(URL))
        return websocket.create_connection(page["webSocketDebuggerUrl"], timeout=20, suppress_origin=True)

    def send(self, socket, ident, method, params=None):
        socket.send(json.dumps({"id": ident, "method": method, "params": params or {}}))

    def call(self, socket, ident, method, params=None):
        """Sends a command and waits for its answer (events meanwhile are dropped); fails on an error."""
        self.send(socket, ident, method, params)
        deadline = time.time() + 20
        while time.time() < deadline:
            message = json.loads(socket.recv())
            if message.get("id") == ident:
                self.assertNotIn("error", message, f"{method}: {message}")
                return message.get("result")
        self.fail(f"no answer to {method}")

    def registration_id(self, socket):
        """The id of the service worker registration of scope URL/, once its worker is activated,
        from the events ServiceWorker.enable sends."""
        self.send(socket, 1, "ServiceWorker.enable")
        registration = None
        activated = set()
        deadline = time.time() + 20
        while time.time() < deadline:
            message = json.loads(socket.recv())
            if message.get("method") == "ServiceWorker.workerRegistrationUpdated":
                for r in message["params"]["registrations"]:
                    if r["scopeURL"] == URL + "/" and not r["isDeleted"]:
                        registration = r["registrationId"]
            if message.get("method") == "ServiceWorker.workerVersionUpdated":
                activated |= {v["registrationId"] for v in message["params"]["versions"] if v["status"] == "activated"}
            if registration is not None and registration in activated:
                return registration
        self.fail(f"no activated service worker registration for {URL}/ (registration {registration})")

    def deliver(self, socket, registration, ident, data, condition, what):
        """Delivers the push message `data` to the worker and answers the notifications shown that
        meet `condition`. DevTools now and then drops a message to a worker it is just starting
        (about one run in five here): then the same message once more, as a push service's retry
        would send it."""
        params = {"origin": URL, "registrationId": registration, "data": data}
        self.call(socket, ident, "ServiceWorker.deliverPushMessage", params)
        try:
            return wait(self.driver, lambda d: [n for n in self.notifications() if condition(n)], timeout=5)
        except Exception:
            self.call(socket, ident + 100, "ServiceWorker.deliverPushMessage", params)
        try:
            return wait(self.driver, lambda d: [n for n in self.notifications() if condition(n)], timeout=15)
        except Exception:
            self.fail(f"no notification {what}; shown: {self.notifications()}")

    def notifications(self):
        return self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready
              .then((r) => r.getNotifications())
              .then((list) => done(list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data,
                                                       actions: (n.actions || []).map((a) => [a.action, a.title]) }))))
              .catch((e) => done(String(e)));
        """)

    def test_every_push_shows_a_notification(self):
        driver = self.driver
        self.settings()
        wait(driver, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=15)
        max_actions = js(driver, "return Notification.maxActions || 0")
        socket = self.devtools()
        try:
            registration = self.registration_id(socket)

            def push(ident, data, condition, what):
                return self.deliver(socket, registration, ident, data, condition, what)

            # A reminder with Done and Later (the action URLs as the scheduler makes them).
            reminder = {
                "kind": "reminder", "title": "🏃 Run", "body": "Shoes on", "tag": "reminder-r1-2026-11-25",
                "url": "/?date=2026-11-25",
                "actions": {"done": "/api/v1/reminders/actions/TOKEN/done", "later": "/api/v1/reminders/actions/TOKEN/later"},
            }
            shown = push(10, json.dumps(reminder), lambda n: n["tag"] == reminder["tag"], "for the reminder")[0]
            self.assertEqual((shown["title"], shown["body"]), ("🏃 Run", "Shoes on"))
            self.assertEqual(shown["data"]["url"], reminder["url"])
            self.assertEqual(shown["data"]["actions"], reminder["actions"])
            if max_actions > 0:
                self.assertEqual(shown["actions"], [["done", "Done"], ["later", "Later"]])
            else:
                self.assertEqual(shown["actions"], [], "no actions where the browser shows none")

            # A repeat of the same reminder replaces it (same tag), it does not add a second one.
            push(11, json.dumps(dict(reminder, body="Still not done")), lambda n: n["body"] == "Still not done", "for the repeat")
            self.assertEqual(len([n for n in self.notifications() if n["tag"] == reminder["tag"]]), 1)

            # A test notification: no actions.
            test = {"kind": "test", "title": "Tend", "body": "This is a test notification.", "tag": "test-1", "url": "/settings"}
            shown = push(12, json.dumps(test), lambda n: n["tag"] == "test-1", "for the test")[0]
            self.assertEqual((shown["title"], shown["body"], shown["actions"]), ("Tend", "This is a test notification.", []))

            # A payload that is not JSON still shows a notification (iOS revokes silent ones), and
            # a URL of another site is not followed.
            push(13, "not json at all", lambda n: n["title"] == "Tend" and n["body"] == "You have a reminder.",
                 "for a payload that is not JSON")
            foreign = {"kind": "test", "title": "Elsewhere", "body": "x", "tag": "t2", "url": "https://evil.example/"}
            shown = push(14, json.dumps(foreign), lambda n: n["tag"] == "t2", "for a foreign URL")[0]
            self.assertEqual(shown["data"]["url"], "/")
        finally:
            socket.close()


if __name__ == "__main__":
    unittest.main()
