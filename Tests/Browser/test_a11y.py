"""An axe-core audit (WCAG 2 A and AA rules) of every page in real headless Chromium, at phone
width (390×844) and desktop width, in light and dark: no violations. Covers Today with a card's
menu open and with a refused value, the habit page, the editor, the habits list, routines,
settings, the data page, the 404 page, and sign-in and sign-up. axe-core comes from PyPI's
axe-selenium-python 3.0.0 (axe-core 4.10), which scripts/browser-test installs.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import json
import unittest
import uuid

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_entry import create_habit, open_menu, sign_up
from test_today import URL, browser, wait

OPTIONS = json.dumps({"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}})
SIZES = [(390, 844), (1280, 900)]
SCHEMES = ["light", "dark"]


def describe(violations):
    lines = []
    for violation in violations:
        targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {'; '.join(targets)}")
    return "\n".join(lines)


class AccessibilityTests(unittest.TestCase):
    def setUp(self):
        self.drivers = []

    def tearDown(self):
        for driver in self.drivers:
            driver.quit()

    def audit(self, driver, label):
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options=OPTIONS)
        self.assertTrue(results["testEngine"]["version"].startswith("4.10"), results["testEngine"])
        self.assertGreater(len(results["passes"]), 5, f"{label}: axe checked next to nothing")
        self.assertEqual(results["violations"], [], f"{label}:\n{describe(results['violations'])}")

    def test_the_audit_finds_a_violation(self):
        # A control without a name must be reported: the audit is live, not a formality.
        driver = browser()
        self.drivers.append(driver)
        driver.get(URL + "/login")
        driver.execute_script("document.getElementById('main').insertAdjacentHTML('beforeend', '<button></button>')")
        axe = Axe(driver)
        axe.inject()
        violations = axe.run(options=OPTIONS)["violations"]
        self.assertIn("button-name", [v["id"] for v in violations])

    def each_look(self, driver, label, prepare):
        """Audits the page `prepare` shows at each width, in light and dark."""
        for width, height in SIZES:
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700})
            for scheme in SCHEMES:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                prepare()
                with self.subTest(page=label, width=width, scheme=scheme):
                    self.audit(driver, f"{label} at {width} px, {scheme}")

    def test_pages_have_no_violations(self):
        driver = browser()
        self.drivers.append(driver)
        # A server without accounts sends /login to /signup: the first account comes first, then
        # the sign-in page as everyone else meets it.
        self.each_look(driver, "/signup", lambda: driver.get(URL + "/signup"))
        sign_up(driver, "a" + uuid.uuid4().hex[:10])
        driver.delete_all_cookies()
        self.each_look(driver, "/login", lambda: driver.get(URL + "/login"))
        wait(driver, lambda d: d.current_url.endswith("/login"))

        sign_up(driver, "b" + uuid.uuid4().hex[:10])
        water = create_habit(driver, "Water", target="8", unit="glasses", emoji="💧", color="cyan")
        create_habit(driver, "Meditate", type="duration", target="10", emoji="🧘", color="yellow")
        create_habit(driver, "Coffee", kind="bad", target="2", unit="cups", emoji="☕", color="orange")
        create_habit(driver, "Stretch", type="checkmark", target="", emoji="🤸", color="green")
        driver.get(URL + "/")
        driver.find_element(By.ID, f"tap-{water}").click()
        wait(driver, lambda d: "1 / 8" in d.find_element(By.ID, f"tap-{water}").get_attribute("aria-label"))

        def today_with_menu():
            driver.get(URL + "/")
            open_menu(driver, water)

        def today_refused():
            driver.get(URL + "/")
            open_menu(driver, water)
            field = driver.find_element(By.ID, f"value-{water}")
            field.clear()
            field.send_keys("-1", Keys.ENTER)
            wait(driver, lambda d: d.find_elements(By.ID, f"value-error-{water}"))

        def today_weekly():
            driver.get(URL + f"/cards/{water}/mode/weekly")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".strip li"))

        self.each_look(driver, "Today", lambda: driver.get(URL + "/"))
        self.each_look(driver, "Today, a card's menu open", today_with_menu)
        self.each_look(driver, "Today, a refused value", today_refused)
        self.each_look(driver, "Today, a weekly card", today_weekly)
        for path in [f"/habits/{water}", f"/habits/{water}/edit", "/habits/new", "/habits", "/routines", "/routines/new",
                     "/settings", "/settings/data", "/no-such-page", f"/habits/{water}/delete"]:
            self.each_look(driver, path, lambda path=path: driver.get(URL + path))


if __name__ == "__main__":
    unittest.main()
