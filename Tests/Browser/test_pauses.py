"""Pauses in real headless Chromium, at phone and desktop width (issue 43, item 3): a habit
paused from its page leaves Today's cards for the "Paused" list with its last day, its streak
carried and its grid's paused days drawn apart from a skip; Resume brings it back; /habits pauses
every habit and resumes them; a reversed pause is refused beside the form; axe-core finds no
violation. Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

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


class PauseTests(BrowserCase):
    # The refused pause answers 422, which the browser logs as a failed load: expected here.
    expected_console = ("status of 422",)

    def audit(self, driver, label):
        axe = Axe(driver)
        axe.inject()
        results = axe.run(options=OPTIONS)
        self.assertEqual(results["violations"], [], f"{label}:\n{describe(results['violations'])}")

    def test_a_paused_habit_on_today_and_its_page(self):
        for width, height, name in [(390, 844, "phone"), (1280, 900, "desktop")]:
            with self.subTest(width=width):
                driver = self.open(width=width, height=height)
                username = "p" + uuid.uuid4().hex[:10]
                sign_up(driver, username)
                token = api("POST", "/api/v1/tokens", {"username": username, "password": PASSWORD, "name": "test"})["token"]
                today = datetime.date.fromisoformat(api("GET", "/api/v1/today", token=token)["day"])
                start = today - datetime.timedelta(days=20)
                run = api("POST", "/api/v1/habits", {"name": "Run", "emoji": "🏃", "createdOn": start.isoformat()}, token=token)["id"]
                api("POST", "/api/v1/habits", {"name": "Read", "emoji": "📚"}, token=token)
                # Ran every day for a fortnight, then a holiday from three days ago, nothing recorded.
                for offset in range(14):
                    day = (start + datetime.timedelta(days=offset)).isoformat()
                    api("PUT", f"/api/v1/habits/{run}/days/{day}", {"value": 1}, token=token)
                # The three days between the runs and the holiday: a skip, then two runs.
                api("PUT", f"/api/v1/habits/{run}/days/{(start + datetime.timedelta(days=14)).isoformat()}", {"skip": True}, token=token)
                for offset in (15, 16):
                    day = (start + datetime.timedelta(days=offset)).isoformat()
                    api("PUT", f"/api/v1/habits/{run}/days/{day}", {"value": 1}, token=token)

                # Paused from its page: from three days ago for ten days.
                driver.get(URL + f"/habits/{run}")
                pause_from = (today - datetime.timedelta(days=3)).isoformat()
                until = (today + datetime.timedelta(days=6)).isoformat()
                js(driver, "document.getElementById('pause').open = true")
                js(driver, f"document.getElementById('pause-from').value = {json.dumps(pause_from)}")
                js(driver, f"document.getElementById('pause-until').value = {json.dumps(until)}")
                click(driver, driver.find_element(By.ID, "pause-habit"))
                wait(driver, lambda d: d.find_elements(By.ID, "habit-paused"))
                self.assertIn("Paused until", driver.find_element(By.ID, "habit-paused").text)
                self.assertEqual(api("GET", f"/api/v1/habits/{run}", token=token)["pauses"], [{"start": pause_from, "end": until}])
                # The streak carries across the pause: 17 days (the skip counts, the paused days neither end nor add).
                self.assertIn("17 days", driver.find_element(By.CSS_SELECTOR, ".headline").text)
                # The week strip draws the paused days apart from the skip.
                self.assertTrue(driver.find_elements(By.CSS_SELECTOR, "#week .is-paused"))
                driver.save_screenshot(os.path.join(SHOTS, f"web-habit-paused-{name}.png"))
                self.audit(driver, f"paused habit page at {width}")

                # Today: Read's card; Run under "Paused" with its last day, not in the score.
                driver.get(URL + "/")
                wait(driver, lambda d: d.find_elements(By.ID, "group-paused"))
                paused = driver.find_element(By.ID, f"paused-{run}")
                self.assertIn("Paused until", paused.text)
                self.assertIn("due again", paused.text)
                self.assertFalse(driver.find_elements(By.ID, f"habit-{run}"))
                self.assertIn("0 of 1", driver.find_element(By.ID, "main").text)
                js(driver, "document.getElementById('group-paused').scrollIntoView()")
                driver.save_screenshot(os.path.join(SHOTS, f"web-today-paused-{name}.png"))
                self.audit(driver, f"Today with a paused habit at {width}")

                # Resume: Run is due again today, its card back; the pause ends yesterday.
                click(driver, paused.find_element(By.CSS_SELECTOR, "button"))
                wait(driver, lambda d: d.find_elements(By.ID, f"habit-{run}"))
                self.assertFalse(driver.find_elements(By.ID, "group-paused"))
                yesterday = (today - datetime.timedelta(days=1)).isoformat()
                self.assertEqual(api("GET", f"/api/v1/habits/{run}", token=token)["pauses"], [{"start": pause_from, "end": yesterday}])

                # /habits: pause every habit until resumed, then resume them all.
                driver.get(URL + "/habits")
                click(driver, driver.find_element(By.ID, "pause-habits-submit"))
                wait(driver, lambda d: d.find_elements(By.ID, "resume-all"))
                self.assertIn("2 paused", driver.find_element(By.ID, "resume-all").text)
                self.assertIn("Paused until resumed", driver.find_element(By.ID, f"habit-{run}").text)
                driver.save_screenshot(os.path.join(SHOTS, f"web-habits-pause-{name}.png"))
                self.audit(driver, f"/habits with pauses at {width}")
                click(driver, driver.find_element(By.ID, "resume-all"))
                wait(driver, lambda d: not d.find_elements(By.ID, "resume-all"))
                self.assertTrue(all(not p.get("pauses") or all(x.get("end") for x in p["pauses"]) for p in api("GET", "/api/v1/habits", token=token)))

                # A pause ending before it starts is refused beside the form; nothing changes.
                before = api("GET", f"/api/v1/habits/{run}", token=token)["pauses"]
                driver.get(URL + f"/habits/{run}")
                js(driver, "document.getElementById('pause').open = true")
                js(driver, f"document.getElementById('pause-from').value = {json.dumps(today.isoformat())}")
                js(driver, f"document.getElementById('pause-until').value = {json.dumps(yesterday)}")
                click(driver, driver.find_element(By.ID, "pause-habit"))
                wait(driver, lambda d: d.find_elements(By.ID, "pause-error"))
                self.assertIn("before it starts", driver.find_element(By.ID, "pause-error").text)
                self.assertEqual(driver.find_element(By.ID, "pause-until").get_attribute("value"), yesterday)
                self.assertEqual(api("GET", f"/api/v1/habits/{run}", token=token)["pauses"], before)


if __name__ == "__main__":
    unittest.main()
