"""Pages in Chromium's back/forward cache: they hold no connection to the server, and one shown
again follows live updates. Before app.js closed its event stream on `pagehide`, every cached page
kept its stream open; after a few saves (each leaves the page before it in the cache) the six
connections Chromium allows a host were all held and the next save waited a minute, until the
server dropped an idle one. Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import unittest
import uuid
from urllib.request import urlopen

from selenium.webdriver.common.by import By

from test_today import PASSWORD, URL, browser, click, js, wait


def live_streams():
    """The server's count of open live-update streams (its /metrics, open to this machine)."""
    with urlopen(URL + "/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("tend_live_streams "):
                return float(line.split()[1])
    raise AssertionError("/metrics has no tend_live_streams")


class BackForwardTests(unittest.TestCase):
    def setUp(self):
        self.username = "b" + uuid.uuid4().hex[:10]
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            driver.quit()
            self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def open(self, **size):
        driver = browser(**size)
        self.drivers.append(driver)
        return driver

    def enter(self, driver, path):
        driver.get(URL + path)
        driver.find_element(By.ID, "username").send_keys(self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

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


if __name__ == "__main__":
    unittest.main()
