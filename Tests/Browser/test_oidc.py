"""Signing in through an OpenID Connect provider in real headless Chromium at phone width: the
sign-in page's "Sign in with …" button, the provider's page (a double on loopback that signs real
RS256 tokens, Tests/Browser/oidc_provider.py), Tend's link page where the account's password is
given once, and a second sign-in that goes straight to Today. Run with scripts/browser-test: this
file restarts its `tend serve` with `--oidc` pointing at the double."""

import os
import unittest
import uuid

from selenium.webdriver.common.by import By

from oidc_provider import Provider
from test_offline import Server
from test_today import PASSWORD, SHOTS, URL, browser, click, wait


@unittest.skipUnless(os.environ.get("TEND_SERVER_PID"), "needs scripts/browser-test (it exports how to restart the server)")
class OpenIDTests(unittest.TestCase):
    def setUp(self):
        self.provider = Provider("tend-web")
        self.server = Server()
        self.server.stop()
        os.environ["TEND_SERVE_FLAGS"] = os.environ.get("TEND_SERVE_FLAGS", "") + f" --oidc {self.provider.issuer},tend-web"
        self.server.start()
        self.driver = browser(width=390, height=844)

    def tearDown(self):
        # The wrong password's 401 on the link page is the test's own doing.
        errors = [e for e in self.driver.get_log("browser")
                  if e["level"] == "SEVERE" and not ("/login/oidc/link" in e["message"] and "401" in e["message"])]
        self.driver.quit()
        self.server.close()
        self.provider.close()
        self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def log_out(self):
        driver = self.driver
        driver.get(URL + "/settings")
        click(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button"))
        wait(driver, lambda d: "/login" in d.current_url, timeout=10)

    def provider_sign_in(self):
        driver = self.driver
        driver.get(URL + "/login")
        button = driver.find_element(By.LINK_TEXT, "Sign in with 127.0.0.1")
        driver.save_screenshot(os.path.join(SHOTS, "oidc-1-login.png"))
        click(driver, button)
        wait(driver, lambda d: d.find_elements(By.ID, "continue"), timeout=10)
        click(driver, driver.find_element(By.ID, "continue"))

    def test_an_identity_is_linked_with_the_password_once_then_signs_in_directly(self):
        driver = self.driver
        username = "o" + uuid.uuid4().hex[:10]
        driver.get(URL + "/signup")
        driver.find_element(By.ID, "username").send_keys(username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)
        self.log_out()

        self.provider_sign_in()
        wait(driver, lambda d: "/login/oidc/link" in d.current_url, timeout=10)
        self.assertIn("pat@example.org", driver.find_element(By.CSS_SELECTOR, ".lead").text)
        driver.save_screenshot(os.path.join(SHOTS, "oidc-2-link.png"))
        driver.find_element(By.ID, "username").send_keys(username)
        driver.find_element(By.ID, "password").send_keys("not the password")
        click(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/login/oidc/link'] button"))
        wait(driver, lambda d: d.find_elements(By.ID, "link-error"), timeout=10)
        self.assertIn("not right", driver.find_element(By.ID, "link-error").text)
        driver.find_element(By.ID, "username").clear()
        driver.find_element(By.ID, "username").send_keys(username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        click(driver, driver.find_element(By.CSS_SELECTOR, "form[action='/login/oidc/link'] button"))
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

        driver.get(URL + "/settings/sign-in")
        self.assertIn("pat@example.org", driver.find_element(By.ID, "identities").text)
        driver.save_screenshot(os.path.join(SHOTS, "oidc-3-settings.png"))
        self.log_out()

        # From now on the provider alone signs this person in.
        self.provider_sign_in()
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)
        self.assertNotIn("/login", driver.current_url)


if __name__ == "__main__":
    unittest.main()
