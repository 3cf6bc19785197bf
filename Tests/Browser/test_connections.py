"""The connections a browser holds to Tend: a browser opens at most six to a host, and each open
live-update stream (/events) holds one. Tabs of one browser share one stream (the tab holding a Web
Lock follows it and tells the others), so a seventh tab still loads; pages in Chromium's
back/forward cache hold none (before app.js closed its stream on `pagehide`, after three saves
every connection was held and the next save waited a minute), and one shown again follows live
updates. Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import re
import time
import unittest
from urllib.request import urlopen

from selenium.webdriver.common.by import By

from test_first_hour import api
from test_today import PASSWORD, URL, BrowserCase, click, js, wait


def server_log():
    """What `tend serve` logged so far (scripts/browser-test keeps it in TEND_SERVE_LOG)."""
    with open(os.environ["TEND_SERVE_LOG"], encoding="utf-8", errors="replace") as log:
        return log.read()


def live_streams():
    """The server's count of open live-update streams (its /metrics, open to this machine)."""
    with urlopen(URL + "/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("tend_live_streams "):
                return float(line.split()[1])
    raise AssertionError("/metrics has no tend_live_streams")


class ConnectionTests(BrowserCase):
    prefix = "b"

    def test_cached_pages_hold_no_stream(self):
        phone = self.open()
        self.enter(phone, "/signup")
        for index in range(8):
            phone.get(URL + "/habits/new")
            wait(phone, lambda d: d.find_elements(By.ID, "name"))
            phone.find_element(By.ID, "name").send_keys(f"Habit {index}")
            click(phone, phone.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
            wait(phone, lambda d: "/habits/new" not in d.current_url, timeout=15)
            # The shown page's stream only: the pages in the cache closed theirs.
            wait(phone, lambda d: live_streams() == 1, timeout=5)

    def test_a_page_shown_again_from_the_cache_follows_live_updates(self):
        phone = self.open()
        self.enter(phone, "/signup")
        field = phone.find_element(By.ID, "new-habit-name")
        field.send_keys("Water")
        click(phone, phone.find_element(By.CSS_SELECTOR, "form.quick-add button"))
        wait(phone, lambda d: "Water" in d.page_source)

        js(phone, "window.marker = 1")
        phone.get(URL + "/habits/new")
        wait(phone, lambda d: d.find_elements(By.ID, "name"))
        phone.back()
        wait(phone, lambda d: d.title.startswith("Today"))
        # The same document (its script state kept): restored from the cache, not loaded again.
        self.assertEqual(js(phone, "return window.marker"), 1)

        laptop = self.open(width=1280, height=900)
        self.enter(laptop, "/login")
        label = lambda d: js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')")
        before = label(phone)
        click(laptop, laptop.find_element(By.CSS_SELECTOR, ".ring-button"))
        wait(phone, lambda d: label(d) != before, timeout=5)
        self.assertIn("Checked", label(phone))


    def test_tabs_share_one_stream(self):
        phone = self.open(width=1280, height=900)
        self.enter(phone, "/signup")
        phone.find_element(By.ID, "new-habit-name").send_keys("Water")
        click(phone, phone.find_element(By.CSS_SELECTOR, "form.quick-add button"))
        wait(phone, lambda d: "Water" in d.page_source)
        phone.set_page_load_timeout(20)
        for _ in range(8):
            phone.switch_to.new_window("tab")
            phone.get(URL + "/")
            # Answered by the server, not the service worker's kept copy after 8 s
            self.assertFalse(js(phone, "return document.body.hasAttribute('data-kept-copy')"))
            self.assertTrue(phone.title.startswith("Today"))
        wait(phone, lambda d: live_streams() == 1)

        laptop = self.open(width=1280, height=900)
        self.enter(laptop, "/login")
        wait(laptop, lambda d: live_streams() == 2)
        label = lambda d: js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')")
        click(laptop, laptop.find_element(By.CSS_SELECTOR, ".ring-button"))
        for handle in phone.window_handles:
            phone.switch_to.window(handle)
            wait(phone, lambda d: "Checked" in label(d), timeout=5)

        # The tab that followed the stream closes: another takes over, and the tabs still hear
        phone.switch_to.window(phone.window_handles[0])
        phone.close()
        wait(phone, lambda d: live_streams() == 2)
        click(laptop, laptop.find_element(By.CSS_SELECTOR, ".ring-button"))
        for handle in phone.window_handles:
            phone.switch_to.window(handle)
            wait(phone, lambda d: "Not checked" in label(d), timeout=5)


    def test_a_stream_that_ended_with_its_session_lets_another_tab_follow(self):
        phone = self.open(width=1280, height=900)
        self.sign_up(phone)
        self.add_habit(phone, "Water")
        wait(phone, lambda d: live_streams() == 1)
        first = phone.current_window_handle
        phone.switch_to.new_window("tab")
        phone.get(URL + "/")
        wait(phone, lambda d: d.title.startswith("Today"))

        # Signed out in the second tab: the first tab's stream ends and its reconnection is sent to
        # the sign-in page, which the browser logs as it gives the stream up
        self.expected_console = ('not "text/event-stream"',)
        refused = lambda: len(re.findall(r"path=/events [^\n]*status=(?!200)", server_log()))
        before = refused()
        click(phone, phone.find_element(By.CSS_SELECTOR, "form.account button"))
        wait(phone, lambda d: "/login" in d.current_url)
        wait(phone, lambda d: refused() > before, timeout=20)
        self.assertEqual(live_streams(), 0)

        # Signed in again there: that tab follows the stream (the first tab let the lock go)
        self.log_in(phone)
        wait(phone, lambda d: live_streams() == 1, timeout=10)
        laptop = self.open(width=1280, height=900)
        self.log_in(laptop)
        label = lambda d: js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')")
        click(laptop, laptop.find_element(By.CSS_SELECTOR, ".ring-button"))
        wait(phone, lambda d: "Checked" in label(d), timeout=5)
        self.assertIn(first, phone.window_handles)


    def api_check_in(self):
        token = api("POST", "/api/v1/tokens", {"username": self.username, "password": PASSWORD, "name": "test"})["token"]
        today = api("GET", "/api/v1/today", token=token)
        habit = today["groups"][0]["habits"][0]["id"]
        api("PUT", f"/api/v1/habits/{habit}/days/{today['day']}", {"value": 1}, token=token)

    def test_tabs_in_the_background_fetch_themselves_when_shown(self):
        phone = self.open(width=1280, height=900)
        self.sign_up(phone)
        self.add_habit(phone, "Water")
        background = [phone.current_window_handle]
        for _ in range(3):
            phone.switch_to.new_window("tab")
            phone.get(URL + "/")
            wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".ring-button"))
            background.append(phone.current_window_handle)
        background.pop()  # the tab on screen
        pages = lambda: len(re.findall(r"method=GET path=/ [^\n]*status=200", server_log()))
        before = pages()
        label = lambda d: js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')")
        # A check-in through the JSON API (no page of its own to fetch)
        self.api_check_in()
        # The tab on screen fetches itself; the three behind it do not (yet)
        wait(phone, lambda d: "Checked" in label(d), timeout=5)
        time.sleep(1)
        self.assertEqual(pages() - before, 1)
        # Brought forward, each fetches itself
        for handle in background:
            phone.switch_to.window(handle)
            wait(phone, lambda d: "Checked" in label(d), timeout=5)
        self.assertEqual(pages() - before, 4)


if __name__ == "__main__":
    unittest.main()
