"""The routines page in real headless Chromium: create a routine through the editor and its
confirmation dialog, add habits to it, reorder habits and routines, reload and see it all kept,
delete a routine (its habits stay), and the same confirmation as a page without JavaScript.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_today import SHOTS, URL, BrowserCase, click, wait


def routine_names(driver):
    return [h.text for h in driver.find_elements(By.CSS_SELECTOR, ".routine-title h2")]


def habit_names(driver, routine):
    card = [c for c in driver.find_elements(By.CSS_SELECTOR, "li.routine") if c.find_element(By.CSS_SELECTOR, "h2").text == routine][0]
    return [s.text for s in card.find_elements(By.CSS_SELECTOR, ".routine-habit strong")]


def card(driver, routine):
    return [c for c in driver.find_elements(By.CSS_SELECTOR, "li.routine") if c.find_element(By.CSS_SELECTOR, "h2").text == routine][0]


class RoutineTests(BrowserCase):
    prefix = "r"

    def add_habits(self, driver, names):
        # Through the quick-add form, as the Today page posts it.
        for name in names:
            driver.execute_script(
                """
                const token = document.querySelector('meta[name=csrf-token]').content;
                const body = new URLSearchParams({_csrf: token, name: arguments[0], return: '/'});
                return fetch('/habits', {method: 'POST', body});
                """, name)
        driver.get(URL + "/habits")
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".habit-row")) == len(names))

    def create_routine(self, driver, name, start, color):
        driver.get(URL + "/routines")
        click(driver, driver.find_element(By.LINK_TEXT, "New routine"))
        wait(driver, lambda d: d.find_elements(By.ID, "name"))
        driver.find_element(By.ID, "name").send_keys(name)
        driver.execute_script("arguments[0].value = arguments[1]", driver.find_element(By.ID, "start"), start)
        click(driver, driver.find_element(By.CSS_SELECTOR, f"input[name=color][value={color}]"))
        click(driver, driver.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
        # The dialog says what saving does; nothing is saved until it is confirmed.
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm-dialog[open]"))
        self.assertEqual(dialog.find_element(By.TAG_NAME, "h2").text, f"Create “{name}”?")
        self.assertIn(f"starting at {start}", dialog.text)
        click(driver, dialog.find_element(By.CSS_SELECTOR, "button[value=yes]"))
        wait(driver, lambda d: name in routine_names(d))

    def add_habit(self, driver, routine, habit):
        form = card(driver, routine).find_element(By.CSS_SELECTOR, "form.add-habit")
        select = Select(form.find_element(By.TAG_NAME, "select"))
        select.select_by_visible_text(next(o.text for o in select.options if habit in o.text))
        click(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        wait(driver, lambda d: habit in habit_names(d, routine))

    def test_build_reorder_reload_delete(self):
        driver = self.open()
        self.sign_up(driver)
        self.add_habits(driver, ["Meditate", "Water", "Read"])
        driver.get(URL + "/routines")
        self.assertIn("No routines yet", driver.find_element(By.ID, "main").text)

        self.create_routine(driver, "Morning", "06:30", "orange")
        self.add_habit(driver, "Morning", "Water")
        self.add_habit(driver, "Morning", "Meditate")
        self.assertEqual(habit_names(driver, "Morning"), ["Water", "Meditate"])
        click(driver, card(driver, "Morning").find_element(By.CSS_SELECTOR, "button[aria-label='Move Meditate up']"))
        wait(driver, lambda d: habit_names(d, "Morning") == ["Meditate", "Water"])

        self.create_routine(driver, "Evening", "21:00", "indigo")
        self.add_habit(driver, "Evening", "Read")
        self.assertEqual(routine_names(driver), ["Morning", "Evening"])
        click(driver, card(driver, "Evening").find_element(By.CSS_SELECTOR, "button[aria-label='Move Evening up']"))
        wait(driver, lambda d: routine_names(d) == ["Evening", "Morning"])

        # A habit moves from one routine to another through the add list, which says where it is.
        select = Select(card(driver, "Morning").find_element(By.CSS_SELECTOR, "form.add-habit select"))
        self.assertTrue(any(o.text.endswith("Read (now in Evening)") for o in select.options))

        driver.refresh()
        wait(driver, lambda d: routine_names(d) == ["Evening", "Morning"])
        self.assertEqual(habit_names(driver, "Morning"), ["Meditate", "Water"])
        self.assertEqual(habit_names(driver, "Evening"), ["Read"])
        self.assertIn("06:30 · Every day · 2 habits", card(driver, "Morning").text)

        # Every control on the page is at least 44 px tall and has a name.
        small = driver.execute_script(
            """
            return Array.from(document.querySelectorAll('main button, main a, main select'))
              .filter((e) => e.getBoundingClientRect().height < 44)
              .map((e) => e.outerHTML.slice(0, 80));
            """)
        self.assertEqual(small, [])
        unnamed = driver.execute_script(
            """
            return Array.from(document.querySelectorAll('main select, main input:not([type=hidden])'))
              .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.outerHTML);
            """)
        self.assertEqual(unnamed, [])
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 390)
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
        self.assertLessEqual(driver.execute_script("return document.documentElement.scrollWidth"), 360)
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(SHOTS, "routines-phone.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.save_screenshot(os.path.join(SHOTS, "routines-phone-dark.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

        desktop = self.open(width=1280, height=1000)
        self.log_in(desktop)
        desktop.get(URL + "/routines")
        self.assertEqual(routine_names(desktop), ["Evening", "Morning"])
        desktop.save_screenshot(os.path.join(SHOTS, "routines-desktop.png"))

        # Delete asks, saying the habit stays; cancelling keeps the routine.
        click(driver, card(driver, "Evening").find_element(By.CSS_SELECTOR, "button[aria-label='Delete Evening…']"))
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm-dialog[open]"))
        self.assertIn("Its 1 habit (“Read”) stays, with all its history, no longer in a routine.", dialog.text)
        driver.save_screenshot(os.path.join(SHOTS, "routines-delete-phone.png"))
        click(driver, dialog.find_element(By.CSS_SELECTOR, "button[value=no]"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.confirm-dialog"))
        self.assertEqual(routine_names(driver), ["Evening", "Morning"])
        click(driver, card(driver, "Evening").find_element(By.CSS_SELECTOR, "button[aria-label='Delete Evening…']"))
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm-dialog[open]"))
        click(driver, dialog.find_element(By.CSS_SELECTOR, "button[value=yes]"))
        wait(driver, lambda d: routine_names(d) == ["Morning"])
        driver.get(URL + "/habits")
        self.assertIn("Read", driver.find_element(By.CSS_SELECTOR, ".habit-list").text)

    def test_habit_list_and_notes(self):
        driver = self.open()
        self.sign_up(driver)
        self.add_habits(driver, ["Meditate", "Water", "Read"])
        rows = lambda d: [s.text for s in d.find_elements(By.CSS_SELECTOR, ".habit-list strong")]
        self.assertEqual(rows(driver), ["Meditate", "Water", "Read"])
        click(driver, driver.find_element(By.CSS_SELECTOR, "button[aria-label='Move Read up']"))
        wait(driver, lambda d: rows(d) == ["Meditate", "Read", "Water"])
        click(driver, driver.find_element(By.CSS_SELECTOR, "button[aria-label='Archive Meditate']"))
        wait(driver, lambda d: d.find_elements(By.ID, "archived"))
        # Read inside a wait: the live refresh after the archive may swap the list between finding and reading.
        wait(driver, lambda d: [a.text for a in d.find_elements(By.CSS_SELECTOR, "ul[aria-label='Archived habits'] strong")] == ["Meditate"])
        driver.refresh()
        wait(driver, lambda d: rows(d) == ["Read", "Water", "Meditate"])
        driver.save_screenshot(os.path.join(SHOTS, "habits-phone.png"))

        # A note for today through the habit page's form, then an edit of it.
        click(driver, driver.find_element(By.XPATH, "//a[@class='row-main'][strong='Water']"))
        text = wait(driver, lambda d: d.find_element(By.ID, "note-text"))
        text.send_keys("Two glasses before noon")
        click(driver, driver.find_element(By.CSS_SELECTOR, "#note-form button[type=submit]"))
        wait(driver, lambda d: "Two glasses before noon" in d.find_element(By.CSS_SELECTOR, ".notes").text)
        driver.refresh()
        self.assertIn("Two glasses before noon", driver.find_element(By.CSS_SELECTOR, ".notes").text)
        driver.execute_script("document.getElementById('notes-title').scrollIntoView()")
        driver.save_screenshot(os.path.join(SHOTS, "habit-notes-phone.png"))
        click(driver, driver.find_element(By.CSS_SELECTOR, ".notes a.button"))
        text = wait(driver, lambda d: d.find_element(By.ID, "note-text"))
        self.assertEqual(text.get_attribute("value"), "Two glasses before noon")
        text.clear()
        click(driver, driver.find_element(By.CSS_SELECTOR, "#note-form button[type=submit]"))
        wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".notes"))

    def test_a_second_tap_on_save_asks_once_and_saves_once(self):
        driver = self.open()
        self.sign_up(driver)
        driver.get(URL + "/routines/new")
        wait(driver, lambda d: d.find_elements(By.ID, "name"))
        driver.find_element(By.ID, "name").send_keys("Evening")
        # Two taps before the server has answered the first (a phone's double tap, an impatient press).
        driver.execute_script(
            "const b = document.querySelector('.habit-form button[type=submit]'); b.click(); b.click(); setTimeout(() => b.click(), 50);")
        dialog = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm-dialog[open]"))
        # Give a second dialog every chance to arrive.
        driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 700))")
        self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, "dialog.confirm-dialog")), 1, "asked once")
        click(driver, dialog.find_element(By.CSS_SELECTOR, "button[value=yes]"))
        wait(driver, lambda d: routine_names(d) == ["Evening"])
        driver.execute_script("return new Promise((resolve) => setTimeout(resolve, 500))")
        self.assertEqual(driver.find_elements(By.CSS_SELECTOR, "dialog.confirm-dialog"), [], "nothing left to confirm")
        driver.get(URL + "/routines")
        self.assertEqual(routine_names(driver), ["Evening"], "saved once")

    def test_without_javascript(self):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--window-size=390,844"]:
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.drivers.append(driver)
        self.sign_up(driver)
        driver.get(URL + "/routines/new")
        driver.find_element(By.ID, "name").send_keys("Morning")
        click(driver, driver.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
        wait(driver, lambda d: d.find_element(By.ID, "confirm-title").text == "Create “Morning”?")
        click(driver, driver.find_element(By.CSS_SELECTOR, "button[value=edit]"))
        wait(driver, lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Morning")
        click(driver, driver.find_element(By.CSS_SELECTOR, ".habit-form button[type=submit]"))
        click(driver, wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "button[value=yes]")))
        wait(driver, lambda d: routine_names(d) == ["Morning"])
        click(driver, driver.find_element(By.CSS_SELECTOR, "button[aria-label='Delete Morning…']"))
        wait(driver, lambda d: d.find_element(By.ID, "confirm-title").text == "Delete “Morning”?")
        self.assertIn("It has no habits.", driver.find_element(By.CSS_SELECTOR, ".confirm-message").text)
        click(driver, driver.find_element(By.CSS_SELECTOR, "button[value=yes]"))
        wait(driver, lambda d: "No routines yet" in d.find_element(By.ID, "main").text)


if __name__ == "__main__":
    unittest.main()
