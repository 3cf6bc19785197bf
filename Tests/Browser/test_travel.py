"""Travel (issue 14): the account's days and reminders follow its zone; when the device is in
another zone, the page says so and offers to switch or to keep. Seen in headless Chromium with its
zone set through the DevTools protocol (Emulation.setTimezoneOverride), as a phone's would change
on arrival. Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import unittest
import uuid

from selenium.webdriver.common.by import By

from test_first_hour import api
from test_today import PASSWORD, URL, browser, click, wait


class TravelTests(unittest.TestCase):
    def setUp(self):
        self.username = "t" + uuid.uuid4().hex[:10]
        api("POST", "/api/v1/users", {"username": self.username, "password": PASSWORD, "timeZone": "Europe/Berlin"})
        self.token = api("POST", "/api/v1/tokens", {"username": self.username, "password": PASSWORD, "name": "script"})["token"]
        self.driver = browser(390, 844)

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.driver.quit()
        self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def zone(self):
        return api("GET", "/api/v1/settings", token=self.token)["timeZone"]

    def device_in(self, zone):
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})

    def sign_in(self):
        driver = self.driver
        driver.get(URL + "/login")
        driver.find_element(By.ID, "username").send_keys(self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

    def banners(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "form.zone-banner")

    def test_switch_to_the_device_zone(self):
        driver = self.driver
        self.device_in("Asia/Tokyo")
        self.sign_in()
        banner = wait(driver, lambda d: self.banners()[0] if self.banners() else None)
        self.assertIn("Asia/Tokyo", banner.text)
        self.assertIn("Europe/Berlin", banner.text)
        self.assertEqual(self.zone(), "Europe/Berlin", "nothing changes before the person chooses")
        click(driver, banner.find_element(By.XPATH, ".//button[@type='submit']"))
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-zone") == "Asia/Tokyo", timeout=10)
        self.assertEqual(self.zone(), "Asia/Tokyo")
        self.assertEqual(self.banners(), [], "the device and the account now agree")
        self.assertTrue(driver.title.startswith("Today"), "back on the page the banner was on")

    def test_keep_the_account_zone_is_remembered_for_the_account(self):
        driver = self.driver
        self.device_in("America/New_York")
        self.sign_in()
        banner = wait(driver, lambda d: self.banners()[0] if self.banners() else None)
        buttons = banner.find_elements(By.TAG_NAME, "button")
        keep = next(b for b in buttons if b.get_attribute("type") == "button")
        self.assertIn("Europe/Berlin", keep.text)
        # Keeping the account's zone is the default: first, and the filled (primary) button.
        self.assertEqual(buttons[0], keep)
        self.assertIn("primary", keep.get_attribute("class"))
        self.assertNotIn("primary", next(b for b in buttons if b.get_attribute("type") == "submit").get_attribute("class"))
        click(driver, keep)
        wait(driver, lambda d: not self.banners())
        driver.get(URL + "/routines")
        wait(driver, lambda d: d.title.startswith("Routines"))
        self.assertEqual(self.banners(), [], "kept: not asked again for the same two zones")
        self.assertEqual(self.zone(), "Europe/Berlin")
        # The account remembers it: another browser (nothing in its storage) in the same zone is not asked.
        wait(driver, lambda d: self.kept_on_server())
        other = browser(390, 844)
        try:
            self.driver = other
            self.device_in("America/New_York")
            self.sign_in()
            other.get(URL + "/habits")
            wait(other, lambda d: d.title.startswith("Habits"))
            self.assertIn("America/New_York", other.find_element(By.TAG_NAME, "body").get_attribute("data-zone-kept"))
            self.assertEqual(self.banners(), [], "kept by the account: not asked in a new browser")
        finally:
            other.quit()
            self.driver = driver
        # Another move asks again.
        self.device_in("Asia/Tokyo")
        driver.get(URL + "/")
        wait(driver, lambda d: self.banners())

    def kept_on_server(self):
        page = self.driver.execute_script(
            "return fetch('/habits', {credentials: 'same-origin'}).then((r) => r.text())")
        return 'data-zone-kept="America/New_York"' in page

    def test_the_same_clock_under_another_name_is_not_a_move(self):
        api("PUT", "/api/v1/settings", {"timeZone": "Asia/Kolkata"}, token=self.token)
        self.device_in("Asia/Calcutta")
        self.sign_in()
        self.driver.get(URL + "/habits")
        wait(self.driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-zone") == "Asia/Kolkata")
        self.assertEqual(self.banners(), [])


if __name__ == "__main__":
    unittest.main()
