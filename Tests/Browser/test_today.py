"""The Today page in real headless Chromium: sign up, add a habit, tap it, switch card modes,
move between days, dismiss a tip, see another session's change arrive live, and go offline.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import time
import unittest
import uuid

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

URL = os.environ.get("TEND_URL", "http://127.0.0.1:8080")
SHOTS = os.environ.get("TEND_SCREENSHOTS", "/tmp")
PASSWORD = "correct horse battery"


def browser(width=390, height=844):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", f"--window-size={width},{height}", "--hide-scrollbars"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})
    return driver


def wait(driver, condition, timeout=5):
    # Pages update in place (fetch + swap), so an element read by the condition may be replaced
    # between finding it and reading it: that is "not yet", not a failure. Chromium reports some
    # such elements not as stale but as a node that "does not belong to the document".
    def attempt(d):
        try:
            return condition(d)
        except WebDriverException as error:
            if "does not belong to the document" in str(error.msg or ""):
                return False
            raise
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
                         ).until(attempt)


def click(driver, element):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def js(driver, script):
    return driver.execute_script(script)


class BrowserCase(unittest.TestCase):
    """What the browser files' tests share: an account name of their own (`prefix` and ten hex
    digits), browsers opened with `open` and quit after the test, and no console error in them (a
    CSP violation, a script error) except messages holding one of `expected_console`."""
    prefix = "u"
    # The time zone a sign-up picks; None leaves the form's choice (the browser's zone).
    zone = None
    expected_console = ()

    def setUp(self):
        self.username = self.prefix + uuid.uuid4().hex[:10]
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            errors = [e for e in driver.get_log("browser")
                      if e["level"] == "SEVERE" and not any(text in e["message"] for text in self.expected_console)]
            driver.quit()
            self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def open(self, **size):
        driver = browser(**size)
        self.drivers.append(driver)
        return driver

    def enter(self, driver, path, username=None):
        """Signs up (`/signup…`, in `zone`) or in (`/login`) through the form; waits for Today."""
        driver.get(URL + path)
        driver.find_element(By.ID, "username").send_keys(username or self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        if path.startswith("/signup") and self.zone:
            Select(driver.find_element(By.ID, "timeZone")).select_by_value(self.zone)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

    def sign_up(self, driver, username=None):
        self.enter(driver, "/signup", username)

    def log_in(self, driver, username=None):
        self.enter(driver, "/login", username)

    def add_habit(self, driver, name):
        """Through Today's quick add (opened first when it is folded)."""
        details = driver.find_elements(By.CSS_SELECTOR, "details.add-habit")
        if details:
            click(driver, details[0].find_element(By.TAG_NAME, "summary"))
        driver.find_element(By.ID, "new-habit-name").send_keys(name)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form.quick-add button"))
        wait(driver, lambda d: name in d.page_source)


class TodayTests(BrowserCase):
    zone = "Europe/Berlin"
    # The offline part of the test makes the browser log failed loads.
    expected_console = ("ERR_INTERNET_DISCONNECTED",)

    def ring_label(self, driver, index=0):
        return js(driver, f"return document.querySelectorAll('.ring-button')[{index}].getAttribute('aria-label')")

    def test_today_end_to_end(self):
        a = self.open()
        self.sign_up(a)
        self.assertIn("Add your first habit", a.page_source)
        self.add_habit(a, "Stretch")
        self.assertNotIn("Add your first habit", a.page_source)
        self.add_habit(a, "Read")

        # Tap: updated in place (no reload), ring and score change.
        js(a, "window.marker = 1")
        before = self.ring_label(a)
        score_before = a.find_element(By.CSS_SELECTOR, ".score strong").text
        click(a, a.find_elements(By.CSS_SELECTOR, ".ring-button")[0])
        wait(a, lambda d: self.ring_label(d) != before)
        self.assertIn("Checked", self.ring_label(a))
        self.assertEqual(js(a, "return window.marker"), 1)
        self.assertNotEqual(a.find_element(By.CSS_SELECTOR, ".score strong").text, score_before)
        a.save_screenshot(os.path.join(SHOTS, "today-phone.png"))

        # Card modes: week strip, month grid, back to day.
        click(a, a.find_elements(By.CSS_SELECTOR, ".modes a")[1])
        wait(a, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".strip li")) == 7)
        click(a, a.find_elements(By.CSS_SELECTOR, ".modes a")[2])
        wait(a, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".month li")) in (35, 42))
        a.save_screenshot(os.path.join(SHOTS, "today-month.png"))

        # Day navigation: back a day and forward again, in place with history.
        click(a, a.find_element(By.CSS_SELECTOR, ".daynav a[rel=prev]"))
        wait(a, lambda d: "date=" in d.current_url)
        self.assertIn("Yesterday", a.find_element(By.CSS_SELECTOR, ".daynav h1").text)
        self.assertEqual(js(a, "return window.marker"), 1)
        a.back()
        wait(a, lambda d: "Today" in d.find_element(By.CSS_SELECTOR, ".daynav h1").text)

        # A tip dismissed stays dismissed after a reload.
        tip = a.find_element(By.CSS_SELECTOR, ".tip h2").text
        click(a, a.find_element(By.CSS_SELECTOR, ".tip button"))
        wait(a, lambda d: tip not in d.page_source)
        a.refresh()
        self.assertNotIn(tip, a.page_source)

        # Live: a change in a second session arrives within a second.
        b = self.open(width=1280, height=900)
        self.log_in(b)
        time.sleep(0.5)  # let a's event stream settle
        before = self.ring_label(a, 1)
        start = time.time()
        click(b, b.find_elements(By.CSS_SELECTOR, ".ring-button")[1])
        wait(a, lambda d: self.ring_label(d, 1) != before, timeout=5)
        self.assertLess(time.time() - start, 2.0)
        b.save_screenshot(os.path.join(SHOTS, "today-desktop.png"))

        # Reload: everything persisted.
        a.refresh()
        self.assertIn("Checked", self.ring_label(a, 0))

        # Offline: the service worker shows the last Today page.
        wait(a, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=10)
        a.refresh()
        time.sleep(0.5)
        a.execute_cdp_cmd("Network.enable", {})
        a.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
        a.get(URL + "/")
        self.assertTrue(a.title.startswith("Today"))
        self.assertEqual(js(a, "return getComputedStyle(document.querySelector('.offline-banner')).display"), "block")
        a.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    def test_forms_work_without_javascript(self):
        options_driver = self.open()
        options_driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        self.sign_up(options_driver)
        # app.js never ran: nothing enhanced, no service worker.
        self.assertFalse(js(options_driver, "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
        self.add_habit(options_driver, "Walk")
        self.assertIn("/#habit-", options_driver.current_url)  # a real redirect-after-post, not a fetch
        click(options_driver, options_driver.find_elements(By.CSS_SELECTOR, ".ring-button")[0])
        wait(options_driver, lambda d: "Checked" in d.find_element(By.CSS_SELECTOR, ".ring-button").get_attribute("aria-label"))
        menu = options_driver.find_element(By.CSS_SELECTOR, "details.menu summary")
        click(options_driver, menu)
        click(options_driver, options_driver.find_element(By.CSS_SELECTOR, "details.menu a.danger-item"))
        wait(options_driver, lambda d: "Delete" in d.title)
        click(options_driver, options_driver.find_element(By.CSS_SELECTOR, "form button.danger"))
        wait(options_driver, lambda d: d.title.startswith("Today") and "Walk" not in d.page_source)


if __name__ == "__main__":
    unittest.main()
