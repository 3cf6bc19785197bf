"""Fixing a past day on the habit page in real headless Chromium at phone width (issue 41, items
1, 6 and 18): a tap on a day of the week strip or the month grid records it in place and chooses
it for the check-in panel; a long press (the context menu) only chooses it; an un-tap leaves the
day there to tap again; a day before the habit's creation is chosen with "Another day" and
recorded; the same without JavaScript. On Today, a count at its target says what a tap does, the
menu's +1 goes past it, and a menu closes once a value set in it is saved.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from test_entry import attribute, click_id, create_habit, open_menu, ring_label, type_id
from test_today import SHOTS, URL, BrowserCase, js, wait


def day_buttons(driver, calendar):
    """The ids of a calendar's day buttons (`week-YYYY-MM-DD`, `month-…`), in order."""
    return js(driver, f"return Array.from(document.querySelectorAll('#{calendar} button.day-tap')).map(b => b.id)")


def cell_classes(driver, button_id):
    return js(driver, f"const b = document.getElementById({button_id!r}); return b ? b.parentElement.className : ''")


class CalendarTests(BrowserCase):
    prefix = "cal"

    def test_tap_choose_and_backfill(self):
        driver = self.open()
        self.sign_up(driver)
        read = create_habit(driver, "Read", type="checkmark", target="1", emoji="📖", color="green")
        driver.get(URL + f"/habits/{read}")
        js(driver, "window.marker = 1")
        week = day_buttons(driver, "week")
        self.assertEqual(len(week), 7, "the last 7 days, today included, can each be tapped")
        yesterday = week[-2]
        day = yesterday.removeprefix("week-")

        # A tap on yesterday records it in place and chooses it for the panel.
        click_id(driver, yesterday)
        wait(driver, lambda d: "is-met" in cell_classes(d, yesterday))
        self.assertEqual(js(driver, "return window.marker"), 1, "updated in place, not reloaded")
        wait(driver, lambda d: attribute(d, "checkin-title", "text") not in ("", "Today"))
        self.assertIn(f"day={day}", driver.current_url)
        self.assertEqual(js(driver, "return document.activeElement.id"), yesterday, "focus stays on the day")
        self.assertIn("is-met", cell_classes(driver, f"month-{day}"), "the month grid shows it too")

        # Tapped again it is undone, and still there to tap.
        click_id(driver, yesterday)
        wait(driver, lambda d: "is-met" not in cell_classes(d, yesterday))
        self.assertIn(yesterday, day_buttons(driver, "week"))

        # A long press only chooses a day: nothing is recorded. So does the context menu (a right
        # click; Android's long press).
        def press(button_id, hold):
            def attempt(d):
                chain = ActionChains(d)
                element = d.find_element(By.ID, button_id)
                if hold:
                    chain.click_and_hold(element).pause(0.8).release()
                else:
                    chain.context_click(element)
                chain.perform()
                return True
            wait(driver, attempt)
        for button_id, hold in [(week[0], True), (week[1], False)]:
            press(button_id, hold)
            wait(driver, lambda d: f"day={button_id.removeprefix('week-')}" in d.current_url)
            wait(driver, lambda d: attribute(d, f"tap-{read}", "aria-label") == "Read: Not checked. Tap to check")
            self.assertNotIn("is-met", cell_classes(driver, button_id))

        # A day before the habit's creation: chosen with "Another day", then recorded with the ring.
        js(driver, "document.getElementById('choose-day').value = '2025-03-04'")
        click_id(driver, "choose-day-show")
        wait(driver, lambda d: attribute(d, "checkin-title", "text") == "Tuesday, 4 March 2025")
        self.assertEqual(attribute(driver, "month-title", "text"), "March 2025")
        click_id(driver, f"tap-{read}")
        wait(driver, lambda d: "is-met" in cell_classes(d, "month-2025-03-04"))
        # The days after it, before the creation, are unknown, not missed.
        self.assertNotIn("is-missed", cell_classes(driver, "month-2025-03-05"))
        js(driver, "document.getElementById('month').scrollIntoView()")
        driver.save_screenshot(os.path.join(SHOTS, "habit-calendar-phone.png"))

    def test_without_javascript(self):
        driver = self.open()
        self.sign_up(driver)
        read = create_habit(driver, "Read", type="checkmark", target="1")
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get(URL + f"/habits/{read}")
        yesterday = [e.get_attribute("id") for e in driver.find_elements(By.CSS_SELECTOR, "#week button.day-tap")][-2]
        driver.find_element(By.ID, yesterday).click()
        wait(driver, lambda d: "is-met" in d.find_element(By.ID, yesterday).find_element(By.XPATH, "..").get_attribute("class"))
        self.assertIn(f"day={yesterday.removeprefix('week-')}", driver.current_url)
        self.assertNotEqual(driver.find_element(By.ID, "checkin-title").text, "Today")

    def test_count_at_target_and_menu_closing(self):
        driver = self.open()
        self.sign_up(driver)
        water = create_habit(driver, "Water", target="2", unit="glasses", emoji="💧", color="cyan")
        create_habit(driver, "Walk", target="3", unit="walks")
        driver.get(URL + "/")
        click_id(driver, f"tap-{water}")
        click_id(driver, f"tap-{water}")
        wait(driver, lambda d: "2 / 2 glasses" in ring_label(d, water))
        self.assertIn("Target reached: a tap adds nothing more", ring_label(driver, water))
        # The menu's +1 goes past the target; the menu stays open for another press.
        open_menu(driver, water)
        click_id(driver, f"increment-{water}")
        wait(driver, lambda d: "3 / 2 glasses" in ring_label(d, water))
        self.assertIsNotNone(attribute(driver, f"menu-{water}", "open"))
        self.assertEqual(js(driver, "return document.activeElement.id"), f"increment-{water}")
        # A value set from the menu closes it (focus on its button): nothing is left over the next card.
        type_id(driver, f"value-{water}", "5", clear=True)
        click_id(driver, f"value-save-{water}")
        wait(driver, lambda d: "5 / 2 glasses" in ring_label(d, water))
        wait(driver, lambda d: attribute(d, f"menu-{water}", "open") is None)
        self.assertEqual(js(driver, "return document.activeElement.id"), f"more-{water}")
        self.assertEqual(js(driver, "return document.querySelectorAll('details.menu[open]').length"), 0)


if __name__ == "__main__":
    unittest.main()
