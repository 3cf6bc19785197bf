"""A habit that is only measured in real headless Chromium, at phone and desktop width (issue 43,
item 2): made in the editor as "Only measure" (its target hidden), listed on Today under
"Measurements" apart from the cards and the score, a value typed with a decimal comma in de_DE,
the habit page's line chart and lowest/average/highest table; axe-core finds no violation.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import datetime
import os
import unittest
import uuid

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_a11y import OPTIONS, describe
from test_entry import sign_up, type_id
from test_first_hour import api
from test_today import PASSWORD, SHOTS, URL, BrowserCase, click, wait


class MeasurementTests(BrowserCase):
    def audit(self, driver, label):
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options=OPTIONS)
        self.assertEqual(results["violations"], [], f"{label}:\n{describe(results['violations'])}")

    def test_a_weight_measured_in_german(self):
        for width, height, name in [(390, 844, "phone"), (1280, 900, "desktop")]:
            with self.subTest(width=width):
                driver = self.open(width=width, height=height)
                username = "m" + uuid.uuid4().hex[:10]
                sign_up(driver, username)
                token = api("POST", "/api/v1/tokens", {"username": username, "password": PASSWORD, "name": "test"})["token"]
                api("PUT", "/api/v1/settings", {"locale": "de_DE"}, token=token)
                today = datetime.date.fromisoformat(api("GET", "/api/v1/today", token=token)["day"])
                api("POST", "/api/v1/habits", {"name": "Read", "emoji": "📚"}, token=token)

                # The editor: "Only measure" hides the target.
                driver.get(URL + "/habits/new")
                driver.find_element(By.ID, "name").send_keys("Weight")
                click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=measure]"))
                click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=type][value=count]"))
                self.assertFalse(driver.find_element(By.ID, "target").is_displayed())
                driver.find_element(By.ID, "unit").send_keys("kg")
                click(driver, driver.find_element(By.CSS_SELECTOR, "form.habit-form button[type=submit]"))
                wait(driver, lambda d: "/habits/" in d.current_url and "/new" not in d.current_url)
                weight = driver.current_url.rstrip("/").split("/")[-1].split("?")[0].split("#")[0]
                habit = api("GET", f"/api/v1/habits/{weight}", token=token)
                self.assertEqual((habit["kind"], habit["type"], habit["target"]), ("measure", "count", 0))
                # A month of weigh-ins, every other day.
                for offset in range(30, 0, -2):
                    day = (today - datetime.timedelta(days=offset)).isoformat()
                    api("PUT", f"/api/v1/habits/{weight}/days/{day}", {"value": 73 - offset / 20}, token=token)

                # Today: under Measurements, the last value; the score is Read's alone.
                driver.get(URL + "/")
                wait(driver, lambda d: d.find_elements(By.ID, "group-measurements"))
                row = driver.find_element(By.ID, f"measure-{weight}")
                self.assertIn("Last 72,9 kg", row.text)
                self.assertIn("0 of 1", driver.find_element(By.ID, "main").text)
                type_id(driver, f"value-{weight}", "72,45", Keys.ENTER, clear=True)
                wait(driver, lambda d: "72,45 kg" in d.find_element(By.ID, f"measure-{weight}-value").text)
                days = api("GET", f"/api/v1/habits/{weight}/days?from={today.isoformat()}&to={today.isoformat()}", token=token)
                self.assertEqual(days[0]["value"], 72.45)
                driver.execute_script("document.getElementById('group-measurements').scrollIntoView()")
                driver.save_screenshot(os.path.join(SHOTS, f"web-today-measurement-{name}.png"))
                self.audit(driver, f"Today with a measurement at {width}")

                # The habit page: the last value, the chart, lowest/average/highest by week.
                driver.get(URL + f"/habits/{weight}")
                self.assertIn("72,45 kg", driver.find_element(By.ID, "measure-last").text)
                self.assertTrue(driver.find_elements(By.CSS_SELECTOR, "#measurements svg polyline"))
                table = driver.find_element(By.CSS_SELECTOR, ".measurement-table").text
                self.assertIn("Lowest", table)
                self.assertIn("From", table)
                self.assertIn("72,45", table)
                self.assertIn("(kg)", driver.find_element(By.ID, "measurement-stats-title").text)
                self.assertFalse(driver.find_elements(By.ID, "strength-title"))
                driver.execute_script("document.getElementById('measurements').scrollIntoView()")
                driver.save_screenshot(os.path.join(SHOTS, f"web-habit-measurement-{name}.png"))
                self.audit(driver, f"measurement page at {width}")


if __name__ == "__main__":
    unittest.main()
