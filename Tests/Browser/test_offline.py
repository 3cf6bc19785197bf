"""The web app offline (issue 15), in real headless Chromium with the server really stopped:
page-level network emulation does not cover the service worker's own requests, and "offline"
means "the server does not answer", so this file stops `tend serve` and starts it again on the
same database and port (scripts/browser-test exports how: TEND_BIN, TEND_DATABASE, …).

Two browsers of one account load Today; the server stops; the first checks a yes/no habit, adds
two glasses (three, then −1), resets a bad habit's over-limit day, and reloads (the service
worker's kept page, the queued taps applied again from IndexedDB); the second adds three glasses
of the same habit; the server starts again; both badges come back to "synced" and the server
holds 1, 2 + 3 = 5 and 0 — both browsers' increments count. Then a refused operation is dropped
and said. A second test puts a loopback proxy in front of the server: its 502 and its silence
(a connection that never answers) are offline too. A third lets that proxy pass a push and
nothing after it: the kept page from before the push still shows the sent taps, once. Run with
scripts/browser-test."""

import json
import os
import shlex
import socket
import subprocess
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid

from selenium.webdriver.common.by import By

from test_first_hour import api
from test_today import PASSWORD, SHOTS, URL, browser, click, js, wait


def answers(url):
    """Whether a server accepts connections at `url` (any HTTP status counts)."""
    address = urllib.parse.urlsplit(url)
    try:
        with socket.create_connection((address.hostname, address.port), timeout=1):
            return True
    except OSError:
        return False


class Server:
    """The file's `tend serve`: stopped and started again on its database and port."""

    def __init__(self):
        self.pid = int(os.environ["TEND_SERVER_PID"])
        self.process = None

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None
        else:
            os.kill(self.pid, 15)  # the script's server: it reaps it when the file ends
        deadline = time.time() + 20
        while answers(URL):
            if time.time() > deadline:
                raise AssertionError("tend serve did not stop")
            time.sleep(0.1)

    def start(self):
        port = urllib.parse.urlsplit(URL).port
        environment = dict(os.environ, XDG_DATA_HOME=os.environ["TEND_DATA_HOME"])
        log = open(os.environ["TEND_SERVE_LOG"], "ab")
        self.process = subprocess.Popen(
            [os.environ["TEND_BIN"], "serve", "--port", str(port), "--database", os.environ["TEND_DATABASE"]]
            + shlex.split(os.environ.get("TEND_SERVE_FLAGS", "")),
            env=environment, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.time() + 30
        while not answers(URL):
            if self.process.poll() is not None or time.time() > deadline:
                raise AssertionError("tend serve did not start again; see " + os.environ["TEND_SERVE_LOG"])
            time.sleep(0.1)

    def close(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=20)


class Proxy:
    """A loopback TCP proxy in front of the server that can stop answering without refusing:
    `forward` passes bytes both ways; `silent` accepts connections and never answers (a server
    that hangs, a captive Wi-Fi); `502` answers every request 502 Bad Gateway (a reverse proxy
    whose upstream is down); `sync-only` passes `POST /api/v1/sync` (one request per connection)
    and answers everything else 502 (a server that goes away right after taking a push). Changing
    the mode closes every open connection, so the browser's kept-alive ones meet the new mode too."""

    def __init__(self, upstream):
        address = urllib.parse.urlsplit(upstream)
        self.upstream = (address.hostname, address.port)
        self.mode = "forward"
        self.lock = threading.Lock()
        self.sockets = set()
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        threading.Thread(target=self.accept, daemon=True).start()

    def keep(self, connection):
        with self.lock:
            self.sockets.add(connection)

    def set_mode(self, mode):
        with self.lock:
            self.mode = mode
            open_sockets, self.sockets = self.sockets, set()
        for connection in open_sockets:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            connection.close()

    def close(self):
        self.listener.close()
        self.set_mode("closed")

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            self.keep(client)
            threading.Thread(target=self.serve, args=(client, self.mode), daemon=True).start()

    def serve(self, client, mode):
        try:
            if mode == "silent":
                while client.recv(65536):
                    pass
            elif mode == "502":
                if self.read_head(client) is not None:
                    self.bad_gateway(client)
            elif mode == "sync-only":
                self.one_request(client)
            elif mode == "forward":
                upstream = socket.create_connection(self.upstream)
                self.keep(upstream)
                threading.Thread(target=self.pump, args=(upstream, client), daemon=True).start()
                self.pump(client, upstream)
        except OSError:
            pass

    @staticmethod
    def read_head(client):
        """What the client sent up to the end of a request head (and maybe more); None if it hung up first."""
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = client.recv(65536)
            if not chunk:
                return None
            data += chunk
        return data

    @staticmethod
    def bad_gateway(client):
        client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        client.close()

    def one_request(self, client):
        """Reads one request; a sync goes upstream with `Connection: close` and its answer back,
        anything else gets a 502. The connection ends either way."""
        data = self.read_head(client)
        if data is None:
            return
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(body) < length:
            chunk = client.recv(65536)
            if not chunk:
                return
            body += chunk
        if not lines[0].startswith(b"POST /api/v1/sync "):
            self.bad_gateway(client)
            return
        kept = [line for line in lines[1:] if line.partition(b":")[0].strip().lower() != b"connection"]
        upstream = socket.create_connection(self.upstream)
        self.keep(upstream)
        upstream.sendall(b"\r\n".join([lines[0]] + kept + [b"Connection: close", b"", b""]) + body)
        self.pump(upstream, client)

    @staticmethod
    def pump(source, target):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                target.sendall(data)
        except OSError:
            pass
        finally:
            for connection in (source, target):
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


@unittest.skipUnless(os.environ.get("TEND_SERVER_PID"), "needs scripts/browser-test (it exports how to restart the server)")
class OfflineTests(unittest.TestCase):
    def setUp(self):
        self.username = "u" + uuid.uuid4().hex[:10]
        self.drivers = []
        self.server = Server()
        self.addCleanup(self.server.close)

    def tearDown(self):
        for driver in self.drivers:
            # A page whose server is stopped logs its failed requests; those are the test's doing.
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"
                      and "ERR_CONNECTION_REFUSED" not in e["message"] and "Failed to load resource" not in e["message"]
                      and "Failed to fetch" not in e["message"]]
            driver.quit()
            self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def open(self):
        driver = browser(390, 844)
        self.drivers.append(driver)
        return driver

    def log_in(self, driver, url=URL):
        driver.get(url + "/login")
        driver.find_element(By.ID, "username").send_keys(self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)
        # The service worker keeps the Today page it serves once it controls the page.
        wait(driver, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=15)
        driver.refresh()
        wait(driver, lambda d: self.badge(d) == "synced", timeout=10)

    def badge(self, driver):
        return js(driver, "const b = document.getElementById('sync-badge'); return b ? b.textContent : null")

    def kept_card_text(self, driver, habit):
        """The card's value in the Today page the service worker keeps ("" when none is kept)."""
        return driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.match('/__tend/last-today').then((kept) => kept ? kept.text() : '').then((html) => {
              const card = new DOMParser().parseFromString(html, 'text/html').querySelector('#habit-%s .card-value');
              done(card ? card.textContent.replace(/\\s+/g, ' ').trim() : '');
            }, () => done(''));
        """ % habit)

    def card_text(self, driver, habit):
        return driver.find_element(By.CSS_SELECTOR, f"#habit-{habit} .card-value").text

    def tap(self, driver, habit, expected):
        click(driver, driver.find_element(By.ID, f"tap-{habit}"))
        wait(driver, lambda d: expected in self.card_text(d, habit), timeout=10)

    def menu_action(self, driver, habit, action, expected):
        """Presses a control of the card's menu (−1 is `decrement`, "Reset this day" is `reset`)."""
        menu = driver.find_element(By.ID, f"menu-{habit}")
        if not menu.get_attribute("open"):
            click(driver, driver.find_element(By.ID, f"more-{habit}"))
        click(driver, driver.find_element(By.ID, f"{action}-{habit}"))
        wait(driver, lambda d: expected in self.card_text(d, habit), timeout=10)

    def today(self, token):
        items = [item for group in api("GET", "/api/v1/today", token=token)["groups"] for item in group["habits"]]
        return {item["name"]: item["value"] for item in items}

    def sync_route_exists(self, token):
        request = urllib.request.Request(URL + "/api/v1/sync", method="POST", data=json.dumps(
            {"device": "probe-" + uuid.uuid4().hex[:8], "cursor": None, "pull": False, "operations": []}).encode())
        request.add_header("Content-Type", "application/json")
        request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10):
                return True
        except urllib.error.HTTPError as error:
            return error.code != 404

    def phone_behind_proxy(self):
        """A new account with a Water habit (10 glasses) signed in on a phone through a `Proxy`:
        the account's token, the habit's id, the proxy and the phone."""
        if not answers(URL):
            self.server.start()  # a test before this one stopped the script's server
        api("POST", "/api/v1/users", {"username": self.username, "password": PASSWORD, "timeZone": "Europe/Berlin"})
        token = api("POST", "/api/v1/tokens", {"username": self.username, "password": PASSWORD, "name": "test"})["token"]
        if not self.sync_route_exists(token):
            self.skipTest("this server has no POST /api/v1/sync yet")
        water = api("POST", "/api/v1/habits",
                    {"name": "Water", "emoji": "💧", "type": "count", "target": 10, "unit": "glasses"}, token=token)["id"]
        proxy = Proxy(URL)
        self.addCleanup(proxy.close)
        phone = self.open()
        self.log_in(phone, proxy.url)
        return token, water, proxy, phone

    def test_taps_made_offline_survive_a_reload_and_reach_the_server_with_another_browsers(self):
        api("POST", "/api/v1/users", {"username": self.username, "password": PASSWORD, "timeZone": "Europe/Berlin"})
        token = api("POST", "/api/v1/tokens", {"username": self.username, "password": PASSWORD, "name": "test"})["token"]
        if not self.sync_route_exists(token) and not os.environ.get("TEND_OFFLINE_NO_ROUTE"):
            self.skipTest("this server has no POST /api/v1/sync yet")
        water = api("POST", "/api/v1/habits",
                    {"name": "Water", "emoji": "💧", "type": "count", "target": 10, "unit": "glasses"}, token=token)["id"]
        stretch = api("POST", "/api/v1/habits", {"name": "Stretch", "emoji": "🧘"}, token=token)["id"]
        coffee = api("POST", "/api/v1/habits",
                     {"name": "Coffee", "emoji": "☕", "kind": "bad", "type": "count", "target": 2, "unit": "cups"}, token=token)["id"]

        phone, laptop = self.open(), self.open()
        self.log_in(phone)
        self.log_in(laptop)
        self.assertIn("0 / 10 glasses", self.card_text(phone, water))

        # Given the server stopped,
        self.server.stop()

        # when the phone checks Stretch and adds two glasses, the cards show it at once and the
        # badge counts what waits.
        self.tap(phone, stretch, "Checked")
        self.assertIn("Done", self.card_text(phone, stretch))
        self.assertIn("is-met", phone.find_element(By.ID, f"habit-{stretch}").get_attribute("class"))
        self.tap(phone, water, "1 / 10 glasses")
        self.tap(phone, water, "2 / 10 glasses")
        wait(phone, lambda d: self.badge(d) == "offline · 3 pending", timeout=10)
        self.assertEqual(
            js(phone, "return document.querySelector('#tap-%s').getAttribute('aria-label')" % water),
            "Water: 2 / 10 glasses. Tap to add one (glasses)")

        # −1 and "Reset this day" work offline too: a third glass taken back, and three coffees
        # (over the limit of 2, a failure at once) reset.
        self.tap(phone, water, "3 / 10 glasses")
        self.menu_action(phone, water, "decrement", "2 / 10 glasses")
        for count in (1, 2, 3):
            self.tap(phone, coffee, f"{count} cups, at most 2")
        self.assertEqual(phone.find_element(By.CSS_SELECTOR, f"#habit-{coffee} .status").text, "Over limit")
        self.assertIn("is-missed", phone.find_element(By.ID, f"habit-{coffee}").get_attribute("class"))
        self.menu_action(phone, coffee, "reset", "0 cups, at most 2")
        self.assertEqual(phone.find_element(By.CSS_SELECTOR, f"#habit-{coffee} .status").text, "Within limit")
        wait(phone, lambda d: self.badge(d) == "offline · 9 pending", timeout=10)

        # A reload shows the service worker's kept page with the waiting taps applied again.
        phone.refresh()
        wait(phone, lambda d: d.title.startswith("Today"), timeout=15)
        self.assertTrue(js(phone, "return document.body.hasAttribute('data-kept-copy')"))
        wait(phone, lambda d: "2 / 10 glasses" in self.card_text(d, water), timeout=10)
        self.assertIn("Checked", self.card_text(phone, stretch))
        self.assertIn("0 cups, at most 2", self.card_text(phone, coffee))
        wait(phone, lambda d: self.badge(d) == "offline · 9 pending", timeout=10)
        self.assertEqual(js(phone, "return getComputedStyle(document.querySelector('.offline-banner')).display"), "block")
        phone.save_screenshot(os.path.join(SHOTS, "offline-pending.png"))

        # Meanwhile the laptop, offline too, adds three glasses to the same day.
        for count in (1, 2, 3):
            self.tap(laptop, water, f"{count} / 10 glasses")
        wait(laptop, lambda d: self.badge(d) == "offline · 3 pending", timeout=10)

        # Then the server comes back: both browsers send what waited, on their own.
        self.server.start()
        wait(phone, lambda d: self.badge(d) == "synced", timeout=30)
        wait(laptop, lambda d: self.badge(d) == "synced", timeout=30)
        phone.save_screenshot(os.path.join(SHOTS, "offline-synced.png"))

        # The server holds both browsers' glasses (2 + 3) and the check; so do the pages.
        self.assertEqual(self.today(token), {"Water": 5, "Stretch": 1, "Coffee": 0})
        wait(phone, lambda d: "5 / 10 glasses" in self.card_text(d, water), timeout=15)
        laptop.refresh()
        wait(laptop, lambda d: "5 / 10 glasses" in self.card_text(d, water), timeout=15)
        self.assertFalse(js(laptop, "return document.body.hasAttribute('data-kept-copy')"))

        # Online with nothing waiting, a tap takes the normal path again (the badge stays synced).
        self.tap(phone, water, "6 / 10 glasses")
        self.assertEqual(self.badge(phone), "synced")
        self.assertEqual(self.today(token)["Water"], 6)

        # An operation the server refuses is dropped and said, not retried for ever nor lost in
        # silence; the good one sent with it still counts. (Put into the queue as a broken page
        # would: a day that does not exist.)
        js(phone, """
            const device = localStorage.getItem('tend.sync.device');
            const stamp = (n) => String(Date.now()).padStart(16, '0') + '-000' + n + '-' + device;
            const request = indexedDB.open('tend-sync', 1);
            request.onsuccess = () => {
              const store = request.result.transaction('ops', 'readwrite').objectStore('ops');
              const user = document.body.dataset.user;
              store.add({user, label: 'good', op: {id: crypto.randomUUID(), device, timestamp: stamp(1),
                change: {entryIncremented: {habit: '%s', day: document.querySelector('#habit-%s').dataset.day, by: 1}}}});
              store.add({user, label: 'a broken change', op: {id: crypto.randomUUID(), device, timestamp: stamp(2),
                change: {entryIncremented: {habit: '%s', day: '2026-13-45', by: 1}}}});
              store.transaction.oncomplete = () => window.dispatchEvent(new Event('online'));
            };
        """ % (water, water, water))
        wait(phone, lambda d: d.find_elements(By.ID, "sync-refused"), timeout=15)
        self.assertIn("a broken change", phone.find_element(By.ID, "sync-refused").text)
        self.assertEqual(phone.find_element(By.ID, "sync-refused").get_attribute("role"), "alert")
        wait(phone, lambda d: self.badge(d) == "synced", timeout=15)
        self.assertEqual(self.today(token)["Water"], 7)

    def test_a_server_that_does_not_answer_or_answers_502_is_offline_too(self):
        """Offline is "the server did not answer", not only no network: a proxy's 502 and a
        connection that never answers (5 s for a tap, 8 s for the Today page) count too."""
        token, water, proxy, phone = self.phone_behind_proxy()

        # A reverse proxy whose upstream is down: the tap is queued at once.
        proxy.set_mode("502")
        self.tap(phone, water, "1 / 10 glasses")
        wait(phone, lambda d: self.badge(d) == "offline · 1 pending", timeout=10)
        proxy.set_mode("forward")
        wait(phone, lambda d: self.badge(d) == "synced", timeout=30)
        self.assertEqual(self.today(token)["Water"], 1)
        # The badge turns "synced" before the page's refresh brings the service worker a Today page
        # that holds the synced tap; the server must not stop answering before it has.
        wait(phone, lambda d: "1 / 10 glasses" in self.kept_card_text(d, water), timeout=15)

        # A server that accepts the connection and never answers: the tap waits 5 s, then queues.
        proxy.set_mode("silent")
        started = time.time()
        self.tap(phone, water, "2 / 10 glasses")
        self.assertGreaterEqual(time.time() - started, 4.5)
        wait(phone, lambda d: self.badge(d) == "offline · 1 pending", timeout=10)
        # The Today page waits 8 s, then the service worker shows its kept copy, the tap applied again.
        phone.refresh()
        wait(phone, lambda d: js(d, "return document.body.hasAttribute('data-kept-copy')"), timeout=20)
        wait(phone, lambda d: "2 / 10 glasses" in self.card_text(d, water), timeout=10)
        wait(phone, lambda d: self.badge(d) == "offline · 1 pending", timeout=10)

        proxy.set_mode("forward")
        wait(phone, lambda d: self.badge(d) == "synced", timeout=30)
        self.assertEqual(self.today(token)["Water"], 2)

    def test_taps_sent_just_before_the_server_went_away_stay_on_the_kept_page(self):
        """The server takes a push and goes away before the page is fetched again: the service
        worker's kept Today page is from before the push. The sent taps stay in IndexedDB with the
        log position the server stored them at and are applied over any page rendered before it
        (`<main data-position>`); a page that shows them (rendered at or after it) forgets them,
        with nothing counted twice."""
        token, water, proxy, phone = self.phone_behind_proxy()
        records = """
            const done = arguments[arguments.length - 1];
            const request = indexedDB.open('tend-sync', 1);
            request.onsuccess = () => {
              const all = request.result.transaction('ops').objectStore('ops').getAll();
              all.onsuccess = () => done(all.result.map((r) => r.stored === undefined ? 'waiting' : 'stored'));
            };
            request.onerror = () => done(null);
        """

        # Given two glasses tapped while the server did not answer,
        proxy.set_mode("502")
        self.tap(phone, water, "1 / 10 glasses")
        self.tap(phone, water, "2 / 10 glasses")
        wait(phone, lambda d: self.badge(d) == "offline · 2 pending", timeout=10)

        # when the server takes the push and answers nothing else (the page's fetch after it fails),
        proxy.set_mode("sync-only")
        js(phone, "window.dispatchEvent(new Event('online'))")
        wait(phone, lambda d: self.today(token)["Water"] == 2, timeout=30)
        wait(phone, lambda d: self.badge(d) == "synced", timeout=15)
        self.assertEqual(self.kept_card_text(phone, water).split(" · ")[-1], "0 / 10 glasses",
                         "the kept page must be from before the push, or this test shows nothing")

        # then, the server gone, a reload on the kept page from before the push still shows both glasses.
        proxy.set_mode("502")
        phone.refresh()
        wait(phone, lambda d: js(d, "return document.body.hasAttribute('data-kept-copy')"), timeout=20)
        wait(phone, lambda d: "2 / 10 glasses" in self.card_text(d, water), timeout=10)
        wait(phone, lambda d: self.badge(d) == "offline", timeout=10)
        self.assertEqual(phone.execute_async_script(records), ["stored", "stored"], "sent, kept until a page shows them")

        # And once the server answers again, its page shows them and the browser forgets them:
        # two glasses, not four.
        proxy.set_mode("forward")
        js(phone, "window.dispatchEvent(new Event('online'))")
        wait(phone, lambda d: self.badge(d) == "synced", timeout=30)
        wait(phone, lambda d: d.execute_async_script(records) == [], timeout=15)
        phone.refresh()
        wait(phone, lambda d: not js(d, "return document.body.hasAttribute('data-kept-copy')"), timeout=15)
        self.assertIn("2 / 10 glasses", self.card_text(phone, water))
        self.assertEqual(self.today(token)["Water"], 2)


if __name__ == "__main__":
    unittest.main()
