"""The habit editor and the habit page in real headless Chromium: create a habit with an emoji,
a colour, a count target and a schedule through the editor's form, see a refused form keep its
values, record some history, and look at the habit page (week, month, year, strength, streaks).
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import datetime
import os
import unittest

from selenium.webdriver.common.by import By

from test_today import PASSWORD, SHOTS, URL, BrowserCase, click, wait


class HabitTests(BrowserCase):
    prefix = "h"
    expected_console = ("status of 422",)

    def test_editor_and_habit_page(self):
        driver = self.open()
        self.sign_up(driver)
        driver.get(URL + "/habits/new")
        driver.find_element(By.ID, "name").send_keys("Water")
        click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=emoji][value='💧']"))
        click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=color][value=cyan]"))
        click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=type][value=count]"))
        driver.find_element(By.ID, "target").send_keys("lots")
        driver.find_element(By.ID, "unit").send_keys("glasses")
        click(driver, driver.find_element(By.CSS_SELECTOR, "input[name=schedule][value=weekdays]"))
        for day in ["mon", "tue", "wed", "thu", "fri", "sat"]:
            click(driver, driver.find_element(By.CSS_SELECTOR, f"input[name=weekday][value={day}]"))
        driver.find_element(By.ID, "reminders").send_keys("08:00, 20:30")
        click(driver, driver.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
        # Refused: the message beside the target, every value kept.
        wait(driver, lambda d: d.find_elements(By.ID, "target-error"))
        self.assertEqual(driver.find_element(By.ID, "name").get_attribute("value"), "Water")
        self.assertTrue(driver.find_element(By.CSS_SELECTOR, "input[name=color][value=cyan]").is_selected())
        self.assertTrue(driver.find_element(By.CSS_SELECTOR, "input[name=weekday][value=sat]").is_selected())
        driver.find_element(By.ID, "target").clear()
        driver.find_element(By.ID, "target").send_keys("8")
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(SHOTS, "editor-phone.png"))
        click(driver, driver.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
        wait(driver, lambda d: d.find_elements(By.ID, "habit-title"))
        self.assertEqual(driver.find_element(By.ID, "habit-title").text, "Water")
        habit = driver.current_url.rstrip("/").split("/")[-1]

        # A history: most days of the last ten weeks, through the tap form (as the cards post it).
        driver.execute_script(
            """
            const [habit, days, done] = arguments;
            const token = document.querySelector('meta[name=csrf-token]').content;
            const today = new Date();
            const posts = [];
            for (let back = days; back >= 0; back--) {
              if (back % 9 === 4) continue;
              const d = new Date(today.getTime() - back * 86400000).toISOString().slice(0, 10);
              const taps = back % 5 === 2 ? 3 : 8;
              for (let i = 0; i < taps; i++) posts.push([d]);
            }
            (async () => {
              for (const [d] of posts) {
                // redirect: 'manual': the tap's 303 leads back to Today, which need not be rendered 500 times.
                await fetch(`/habits/${habit}/days/${d}/tap`, {method: 'POST', redirect: 'manual', headers: {'X-CSRF-Token': token,
                  'Content-Type': 'application/x-www-form-urlencoded'}, body: '_csrf=' + encodeURIComponent(token)});
              }
              document.body.dataset.done = '1';
            })();
            """, habit, 70, True)
        wait(driver, lambda d: d.execute_script("return document.body.dataset.done") == "1", timeout=180)
        driver.get(URL + f"/habits/{habit}")
        self.assertIn("glasses", driver.find_element(By.CSS_SELECTOR, ".habit-head").text)
        streak = driver.find_element(By.CSS_SELECTOR, ".headline dd").text
        self.assertNotEqual(streak, "0 days")
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, ".year-grid rect")), 371)
        self.assertTrue(driver.find_elements(By.CSS_SELECTOR, ".strength-chart polyline"))
        driver.save_screenshot(os.path.join(SHOTS, "habit-phone.png"))
        # On a phone the year grid keeps readable cells (at least 8 px) and opens at its latest
        # weeks, scrolling sideways for the rest.
        cell = driver.find_element(By.CSS_SELECTOR, ".year-grid rect").rect
        self.assertGreaterEqual(cell["width"], 8, cell)
        scroller = driver.find_element(By.CSS_SELECTOR, ".year-scroll")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", scroller)
        geometry = driver.execute_script(
            "const s = arguments[0], r = s.getBoundingClientRect(), last = s.querySelector('rect:last-of-type').getBoundingClientRect();"
            "return [s.scrollWidth > s.clientWidth, last.right <= r.right + 1 && last.left >= r.left - 1];", scroller)
        self.assertEqual(geometry, [True, True], "the grid scrolls, and today's week is in view")
        driver.save_screenshot(os.path.join(SHOTS, "habit-year-phone.png"))
        previous = driver.find_element(By.CSS_SELECTOR, "a[aria-label='Previous month']")
        click(driver, previous)
        last_month = (datetime.date.today().replace(day=1) - datetime.timedelta(days=1)).strftime("%B %Y")
        wait(driver, lambda d: d.find_element(By.ID, "month-title").text == last_month)

        desktop = self.open(width=1280, height=1400)
        desktop.get(URL + "/login")
        desktop.find_element(By.ID, "username").send_keys(self.username)
        desktop.find_element(By.ID, "password").send_keys(PASSWORD)
        click(desktop, desktop.find_element(By.CSS_SELECTOR, "form button[type=submit]"))
        wait(desktop, lambda d: d.title.startswith("Today"), timeout=15)
        desktop.get(URL + f"/habits/{habit}")
        desktop.save_screenshot(os.path.join(SHOTS, "habit-desktop.png"))
        desktop.get(URL + "/habits")
        self.assertIn("Water", desktop.find_element(By.CSS_SELECTOR, ".habit-list").text)


if __name__ == "__main__":
    unittest.main()
