"""A page left open while its day ends: Today carries the instant its day ends
(`<main data-day-ends>`) and fetches itself again then, in place, and when it is shown again after
that instant (a phone woken in the morning). Run with scripts/browser-test (it starts `tend serve`
and sets TEND_URL). The server's refusal of a form sent from such a page is tested in Swift
(StaleDayFormTests): the server's clock cannot be moved from here."""

import time
import unittest

from selenium.webdriver.common.by import By

from test_today import URL, BrowserCase, click, js, wait


class NewDayTests(BrowserCase):
    prefix = "d"
    # 5:45 ahead of UTC: its midnight is at a quarter past the hour in UTC
    zone = "Asia/Kathmandu"

    def phone(self):
        driver = self.open()
        self.sign_up(driver)
        self.add_habit(driver, "Water")
        return driver

    @staticmethod
    def mark(driver):
        """Marks the page's <main> and its window: a fetch-and-swap loses the first, a reload both."""
        js(driver, "document.getElementById('main').dataset.probe = '1'; window.marker = 1")

    @staticmethod
    def swapped(driver):
        return js(driver, "return !document.getElementById('main').dataset.probe && window.marker === 1")

    def test_the_page_fetches_itself_when_its_day_ends(self):
        driver = self.phone()
        ends = int(js(driver, "return document.getElementById('main').dataset.dayEnds"))
        # Kathmandu is 5:45 ahead of UTC: its midnight, as an instant, is a quarter past six in UTC
        self.assertEqual(ends // 1000 % 3600, 15 * 60)
        self.assertGreater(ends, time.time() * 1000)
        # This browser's clock is moved to 10 s before the day ends (the server's is not): the
        # page loads, is marked and checked well before that, even on a busy machine
        offset = ends - 10000 - int(time.time() * 1000)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": f"(() => {{ const real = Date.now; Date.now = () => real() + {offset}; }})();"})
        driver.get(URL + "/")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".ring-button"))
        self.mark(driver)
        time.sleep(1)
        self.assertFalse(self.swapped(driver), "fetched before the day ended")
        wait(driver, self.swapped, timeout=20)

    def test_a_page_shown_after_its_day_ended_fetches_itself(self):
        driver = self.phone()
        self.mark(driver)
        # Shown again before the day ends: nothing to do
        js(driver, "document.dispatchEvent(new Event('visibilitychange'))")
        time.sleep(1)
        self.assertFalse(self.swapped(driver))
        # Shown again after it (as a phone's clock would have it in the morning)
        js(driver, "document.getElementById('main').dataset.dayEnds = String(Date.now() - 60000)")
        js(driver, "document.dispatchEvent(new Event('visibilitychange'))")
        wait(driver, self.swapped, timeout=10)
        self.assertGreater(int(js(driver, "return document.getElementById('main').dataset.dayEnds")), time.time() * 1000)


    def test_a_tap_on_a_kept_page_whose_day_ended_is_not_queued(self):
        driver = self.phone()
        label = lambda d: js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')")
        before = label(driver)
        # Offline (as far as the page knows) on a page whose day is over
        js(driver, "document.getElementById('main').dataset.dayEnds = String(Date.now() - 60000)")
        js(driver, "window.dispatchEvent(new Event('offline'))")
        click(driver, driver.find_element(By.CSS_SELECTOR, ".ring-button"))
        wait(driver, lambda d: "Nothing was recorded" in d.find_element(By.ID, "stale-day").text)
        self.assertEqual(label(driver), before)
        self.assertNotIn("pending", driver.find_element(By.ID, "sync-badge").text)
        driver.refresh()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".ring-button"))
        self.assertEqual(label(driver), before)
        self.assertFalse(driver.find_elements(By.ID, "stale-day"))


    @staticmethod
    def kept_title(driver):
        """The day title of the Today page the service worker keeps for offline use."""
        return driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.match('/__tend/last-today').then((kept) => kept ? kept.text() : '').then((html) => {
                const h1 = new DOMParser().parseFromString(html, 'text/html').querySelector('.daynav h1');
                done(h1 ? h1.textContent : null);
            });""")

    def test_the_kept_copy_is_today_not_an_earlier_day(self):
        driver = self.phone()
        wait(driver, lambda d: js(d, "return !!navigator.serviceWorker.controller"), timeout=10)
        driver.refresh()
        wait(driver, lambda d: "Today" in (self.kept_title(d) or ""))
        # The day before, in place (app.js fetches it through the service worker), and a reload of it
        click(driver, driver.find_element(By.CSS_SELECTOR, ".daynav a[rel=prev]"))
        wait(driver, lambda d: "date=" in d.current_url and "Yesterday" in d.find_element(By.CSS_SELECTOR, ".daynav h1").text)
        driver.refresh()
        wait(driver, lambda d: "Yesterday" in d.find_element(By.CSS_SELECTOR, ".daynav h1").text)
        self.assertIn("Today", self.kept_title(driver))

if __name__ == "__main__":
    unittest.main()
