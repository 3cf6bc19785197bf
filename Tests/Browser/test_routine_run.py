"""A routine done in order in real headless Chromium at phone width (issue 41, item 3): Today's
routine group has a Start; it asks about the routine's habits one after the other (Done records
the habit's target, Later comes back to it, Skip skips the day) and ends with the routine done;
Today then shows both habits done.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import unittest

from selenium.webdriver.common.by import By

from test_entry import create_habit
from test_today import SHOTS, URL, BrowserCase, click, js, wait


class RoutineRunTests(BrowserCase):
    prefix = "run"

    def test_start_walks_the_routine(self):
        driver = self.open()
        self.sign_up(driver)
        water = create_habit(driver, "Water", target="2", unit="glasses", emoji="💧", color="cyan")
        stretch = create_habit(driver, "Stretch", type="checkmark", target="1", emoji="🤸", color="green")
        # A routine of every day, through the editor's form (confirmed), with both habits.
        routine = driver.execute_async_script(
            """
            const [habits, done] = [arguments[0], arguments[arguments.length - 1]];
            const token = document.querySelector('meta[name=csrf-token]').content;
            const body = new URLSearchParams({_csrf: token, name: 'Morning', start: '06:30', color: 'orange', confirm: 'yes'});
            for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) body.append('weekday', day);
            (async () => {
              const page = await (await fetch('/routines/new', {method: 'POST', body})).text();
              const id = new DOMParser().parseFromString(page, 'text/html').querySelector('li.routine').id.replace('routine-', '');
              for (const habit of habits) {
                await fetch(`/routines/${id}/habits`, {method: 'POST', body: new URLSearchParams({_csrf: token, habit})});
              }
              done(id);
            })();
            """, [water, stretch])
        driver.get(URL + "/")
        start = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f"#main a[href^='/routines/{routine}/start']"))
        click(driver, start)

        wait(driver, lambda d: d.find_element(By.ID, "run-step-name").text == "Water")
        self.assertIn("Step 1 of 2", driver.find_element(By.CSS_SELECTOR, ".run-step").text)
        driver.save_screenshot(os.path.join(SHOTS, "routine-walkthrough-phone.png"))
        click(driver, driver.find_element(By.ID, "run-done"))
        wait(driver, lambda d: d.find_element(By.ID, "run-step-name").text == "Stretch")
        # Later, with nothing else left, comes back to Stretch; then Done ends the routine.
        click(driver, driver.find_element(By.ID, "run-later"))
        wait(driver, lambda d: d.find_element(By.ID, "run-step-name").text == "Stretch")
        click(driver, driver.find_element(By.ID, "run-done"))
        wait(driver, lambda d: d.find_element(By.ID, "run-finished").text == "Morning is done")
        self.assertIn("2 of 2 done", driver.find_element(By.CSS_SELECTOR, ".routine-run header").text)

        click(driver, driver.find_element(By.ID, "run-back"))
        wait(driver, lambda d: d.title.startswith("Today"))
        self.assertIn("2 / 2 glasses", js(driver, f"return document.getElementById('tap-{water}').getAttribute('aria-label')"))
        self.assertIn("Checked", js(driver, f"return document.getElementById('tap-{stretch}').getAttribute('aria-label')"))


if __name__ == "__main__":
    unittest.main()
