"""Start and end dates in real headless Chromium, at phone and desktop width (issue 43, item 5):
a finished 30-day challenge is off Today, listed under "Finished" on /habits and says "Completed
27 of 30 days" on its page; a habit that starts on a later day is not on Today; the editor shows
the dates and an end set there finishes the habit; axe-core finds no violation on those pages.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import datetime
import json
import os
import unittest
import uuid

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from test_a11y import OPTIONS, describe
from test_entry import sign_up
from test_first_hour import api
from test_today import PASSWORD, SHOTS, URL, BrowserCase, click, js, wait


class HabitDatesTests(BrowserCase):
    # The refused editor form answers 422, which the browser logs as a failed load: expected here.
    expected_console = ("status of 422",)

    def audit(self, driver, label):
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options=OPTIONS)
        self.assertEqual(results["violations"], [], f"{label}:\n{describe(results['violations'])}")

    def test_a_finished_challenge_and_a_later_start(self):
        for width, height, name in [(390, 844, "phone"), (1280, 900, "desktop")]:
            with self.subTest(width=width):
                driver = self.open(width=width, height=height)
                username = "c" + uuid.uuid4().hex[:10]
                sign_up(driver, username)
                token = api("POST", "/api/v1/tokens", {"username": username, "password": PASSWORD, "name": "test"})["token"]
                today = datetime.date.fromisoformat(api("GET", "/api/v1/today", token=token)["day"])
                start = today - datetime.timedelta(days=40)
                end = start + datetime.timedelta(days=29)
                challenge = api("POST", "/api/v1/habits", {
                    "name": "No sugar", "emoji": "🍬", "createdOn": start.isoformat(), "startsOn": start.isoformat(),
                    "endsOn": end.isoformat()}, token=token)["id"]
                missed = {4, 11, 20}
                for offset in range(30):
                    if offset not in missed:
                        day = (start + datetime.timedelta(days=offset)).isoformat()
                        api("PUT", f"/api/v1/habits/{challenge}/days/{day}", {"value": 1}, token=token)
                monday = today + datetime.timedelta(days=(7 - today.weekday()) % 7 or 7)
                later = api("POST", "/api/v1/habits", {"name": "Run", "emoji": "🏃", "startsOn": monday.isoformat()}, token=token)["id"]
                api("POST", "/api/v1/habits", {"name": "Read", "emoji": "📚"}, token=token)

                # Today: only Read; the finished and the not-yet-started habits are not there.
                driver.get(URL + "/")
                wait(driver, lambda d: "Read" in d.find_element(By.ID, "main").text)
                main = driver.find_element(By.ID, "main").text
                self.assertNotIn("No sugar", main)
                self.assertNotIn("Run", main)

                # /habits: the challenge under Finished, Run with its start.
                driver.get(URL + "/habits")
                finished = driver.find_element(By.ID, "finished")
                self.assertEqual(finished.text, "Finished")
                section = js(driver, "return [...document.querySelectorAll('ul[aria-label=\"Finished habits\"] li')].map(e => e.textContent).join('|')")
                self.assertIn("No sugar", section)
                self.assertNotIn("Run", section)
                self.assertIn("Starts", driver.find_element(By.ID, f"habit-{later}").text)
                driver.save_screenshot(os.path.join(SHOTS, f"web-habits-finished-{name}.png"))
                self.audit(driver, f"/habits at {width}")

                # The challenge's page: its result and figures kept.
                driver.get(URL + f"/habits/{challenge}")
                self.assertEqual(driver.find_element(By.ID, "habit-finished").text, "Completed 27 of 30 days")
                self.assertIn("Finished", driver.find_element(By.CSS_SELECTOR, ".habit-head .hint").text)
                driver.save_screenshot(os.path.join(SHOTS, f"web-habit-finished-challenge-{name}.png"))
                self.audit(driver, f"habit page at {width}")

                # The editor shows the dates; an end set to yesterday finishes Read.
                driver.get(URL + f"/habits/{challenge}/edit")
                self.assertEqual(driver.find_element(By.ID, "startsOn").get_attribute("value"), start.isoformat())
                self.assertEqual(driver.find_element(By.ID, "endsOn").get_attribute("value"), end.isoformat())
                self.audit(driver, f"editor at {width}")
                read = next(h for h in api("GET", "/api/v1/habits", token=token) if h["name"] == "Read")["id"]
                driver.get(URL + f"/habits/{read}/edit")
                yesterday = (today - datetime.timedelta(days=1)).isoformat()
                # A date field is typed in the browser's own format; its value is set as the picker would.
                js(driver, f"document.getElementById('endsOn').value = {json.dumps(yesterday)}")
                click(driver, driver.find_element(By.CSS_SELECTOR, "form.habit-form button[type=submit]"))
                wait(driver, lambda d: "/edit" not in d.current_url)
                self.assertEqual(api("GET", f"/api/v1/habits/{read}", token=token)["endsOn"], yesterday)
                driver.get(URL + "/")
                wait(driver, lambda d: d.find_element(By.ID, "main") is not None)
                self.assertNotIn("Read", driver.find_element(By.ID, "main").text)

                # An end before the start is refused beside the field, nothing saved.
                driver.get(URL + f"/habits/{later}/edit")
                js(driver, f"document.getElementById('endsOn').value = {json.dumps(today.isoformat())}")
                click(driver, driver.find_element(By.CSS_SELECTOR, "form.habit-form button[type=submit]"))
                wait(driver, lambda d: d.find_elements(By.ID, "endsOn-error"))
                self.assertIn("before the start", driver.find_element(By.ID, "endsOn-error").text)
                self.assertNotIn("endsOn", api("GET", f"/api/v1/habits/{later}", token=token))


if __name__ == "__main__":
    unittest.main()
