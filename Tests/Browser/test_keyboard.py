"""Keyboard focus after in-place updates (issue 12, item 11; WCAG 2.4.3), in real headless
Chromium at phone width, with keys only: Tab to a control, Enter or Space on it, and focus stays
on it (or on its replacement) after the page updates, so a second key press works and the next
Tab goes on from there instead of from the skip link.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import os
import unittest
import uuid

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from test_entry import create_habit, ring_label, sign_up
from test_today import SHOTS, URL, BrowserCase, js, wait


def active(driver):
    return js(driver, "return document.activeElement ? document.activeElement.id : null")


def press(driver, *keys):
    chain = ActionChains(driver)
    for key in keys:
        chain.send_keys(key)
    chain.perform()


def shift_tab(driver, times=1):
    chain = ActionChains(driver).key_down(Keys.SHIFT)
    for _ in range(times):
        chain.send_keys(Keys.TAB)
    chain.key_up(Keys.SHIFT).perform()


def tab_to(driver, element_id, limit=80):
    """Tabs forward until `element_id` has focus (keys only, as a keyboard user gets there)."""
    for _ in range(limit):
        if active(driver) == element_id:
            return
        press(driver, Keys.TAB)
    raise AssertionError(f"{element_id} never got focus by Tab (last: {active(driver)})")


class KeyboardTests(BrowserCase):
    def test_focus_stays_on_the_control_used(self):
        driver = self.open()
        sign_up(driver, "k" + uuid.uuid4().hex[:10])
        stretch = create_habit(driver, "Stretch", type="checkmark", target="", emoji="🧘", color="green")
        water = create_habit(driver, "Water", target="8", unit="glasses", emoji="💧", color="cyan")
        driver.get(URL + "/")
        js(driver, "document.activeElement.blur()")

        # The ring: Enter checks, focus stays; Space unchecks, focus still there.
        tab_to(driver, f"tap-{stretch}")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: "Checked" in ring_label(d, stretch))
        self.assertEqual(active(driver), f"tap-{stretch}")
        press(driver, Keys.SPACE)
        wait(driver, lambda d: "Not checked" in ring_label(d, stretch))
        self.assertEqual(active(driver), f"tap-{stretch}")
        # The next Tab goes on within the card (its name), not from the skip link.
        press(driver, Keys.TAB)
        self.assertEqual(js(driver, "return document.activeElement.closest('article') && document.activeElement.closest('article').id"),
                         f"habit-{stretch}")
        self.assertNotEqual(js(driver, "return document.activeElement.className"), "skip-link")

        # Two quick presses on a count's ring both count, and focus stays.
        tab_to(driver, f"tap-{water}")
        press(driver, Keys.ENTER, Keys.ENTER)
        wait(driver, lambda d: "2 / 8 glasses" in ring_label(d, water))
        self.assertEqual(active(driver), f"tap-{water}")

        # "Skip this day" in the card's menu: open it with Enter, Tab to the button, Enter.
        tab_to(driver, f"more-{stretch}")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.getElementById('menu-{stretch}').open"))
        tab_to(driver, f"skip-{stretch}")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.getElementById('skip-{stretch}').textContent") == "Unskip this day")
        self.assertEqual(active(driver), f"skip-{stretch}")
        self.assertTrue(js(driver, f"return document.getElementById('menu-{stretch}').open"))
        js(driver, f"document.getElementById('skip-{stretch}').scrollIntoView({{block: 'center'}})")
        self.assertEqual(active(driver), f"skip-{stretch}")
        driver.save_screenshot(os.path.join(SHOTS, "web-focus-skip-phone.png"))
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.getElementById('skip-{stretch}').textContent") == "Skip this day")
        self.assertEqual(active(driver), f"skip-{stretch}")
        # Escape closes the menu and puts focus on its button.
        press(driver, Keys.ESCAPE)
        self.assertEqual(active(driver), f"more-{stretch}")

        # −1 from the menu, twice with Enter: focus stays on it.
        tab_to(driver, f"more-{water}")
        press(driver, Keys.ENTER)
        tab_to(driver, f"decrement-{water}")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: "1 / 8 glasses" in ring_label(d, water))
        self.assertEqual(active(driver), f"decrement-{water}")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: "0 / 8 glasses" in ring_label(d, water))
        self.assertEqual(active(driver), f"decrement-{water}")

        # A typed value: Shift+Tab back to the field, type, Enter; the value is saved, the menu
        # closes (it would lie over the next card) and focus goes to its button.
        for _ in range(10):
            if active(driver) == f"value-{water}":
                break
            shift_tab(driver)
        self.assertEqual(active(driver), f"value-{water}")
        press(driver, "7", Keys.ENTER)
        wait(driver, lambda d: "7 / 8 glasses" in ring_label(d, water))
        wait(driver, lambda d: not js(d, f"return document.getElementById('menu-{water}').open"))
        self.assertEqual(active(driver), f"more-{water}")

        # The Day / Week / Month links.
        tab_to(driver, f"mode-{water}-weekly")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.querySelectorAll('#habit-{water} .strip li').length") == 7)
        self.assertEqual(active(driver), f"mode-{water}-weekly")
        press(driver, Keys.TAB)
        self.assertEqual(active(driver), f"mode-{water}-monthly")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.querySelectorAll('#habit-{water} .month li').length") in (35, 42))
        self.assertEqual(active(driver), f"mode-{water}-monthly")
        shift_tab(driver, 2)
        self.assertEqual(active(driver), f"mode-{water}-daily")
        press(driver, Keys.ENTER)
        wait(driver, lambda d: js(d, f"return document.querySelectorAll('#habit-{water} .month li').length") == 0)
        self.assertEqual(active(driver), f"mode-{water}-daily")

        # On the habit page: the ring by keyboard, focus kept.
        driver.get(URL + f"/habits/{water}")
        js(driver, "document.activeElement.blur()")
        tab_to(driver, f"tap-{water}")
        press(driver, Keys.SPACE)
        wait(driver, lambda d: "8 / 8 glasses" in ring_label(d, water))
        self.assertEqual(active(driver), f"tap-{water}")


if __name__ == "__main__":
    unittest.main()
