"""What a new user met in their first hour (issue 12), seen in real headless Chromium at phone
width: a bad habit over its limit shows as a failure, a "3 times a week" habit its count in the
week, and routines group Today's habits. The data is made through the JSON API with the
account's own token, as a script of the user's would; the page shows it.
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import json
import os
import re
import unittest
import urllib.request
import uuid

from selenium.webdriver.common.by import By

from test_today import PASSWORD, SHOTS, URL, browser, wait


def api(method, path, body=None, token=None):
    request = urllib.request.Request(URL + path, method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
        return json.loads(text) if text else None


class FirstHourTests(unittest.TestCase):
    def setUp(self):
        self.username = "u" + uuid.uuid4().hex[:10]
        self.driver = browser(390, 844)

    def tearDown(self):
        errors = [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]
        self.driver.quit()
        self.assertEqual(errors, [], "console errors (a CSP violation, a script error)")

    def card(self, name):
        return next(c for c in self.driver.find_elements(By.CSS_SELECTOR, "article.card")
                    if c.find_element(By.CSS_SELECTOR, ".card-title").text == name)

    def test_over_limit_quota_progress_and_routines_on_today(self):
        driver = self.driver
        api("POST", "/api/v1/users", {"username": self.username, "password": PASSWORD, "timeZone": "Europe/Berlin"})
        token = api("POST", "/api/v1/tokens", {"username": self.username, "password": PASSWORD, "name": "script"})["token"]
        ids = {}
        for habit in [
            {"name": "Coffee", "emoji": "☕", "kind": "bad", "type": "count", "target": 2, "unit": "cups"},
            {"name": "Smoking", "emoji": "🚬", "kind": "bad"},
            {"name": "Swim", "emoji": "🏊", "schedule": "3/week"},
            {"name": "Stretch", "emoji": "🧘"},
            {"name": "Water", "emoji": "💧", "type": "count", "target": 8, "unit": "glasses"},
            {"name": "Read", "emoji": "📚"},
        ]:
            ids[habit["name"]] = api("POST", "/api/v1/habits", habit, token=token)["id"]
        day = api("GET", "/api/v1/today", token=token)["day"]
        api("PUT", f"/api/v1/habits/{ids['Coffee']}/days/{day}", {"value": 3}, token=token)
        api("POST", f"/api/v1/habits/{ids['Smoking']}/days/{day}/tap", token=token)
        api("POST", f"/api/v1/habits/{ids['Swim']}/days/{day}/tap", token=token)
        api("POST", "/api/v1/routines",
            {"name": "Wake up", "start": "06:30", "habitIDs": [ids["Stretch"], ids["Water"]]}, token=token)

        driver.get(URL + "/login")
        driver.find_element(By.ID, "username").send_keys(self.username)
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
        wait(driver, lambda d: d.title.startswith("Today"), timeout=15)

        # A bad habit over its limit is a failure, in the failure style, not "Within limit so far".
        coffee = self.card("Coffee")
        self.assertIn("is-missed", coffee.get_attribute("class"))
        self.assertEqual(coffee.find_element(By.CSS_SELECTOR, ".status").text, "Over limit")
        self.assertIn("3 cups, at most 2", coffee.find_element(By.CSS_SELECTOR, ".card-value").text)
        smoking = self.card("Smoking")
        self.assertIn("is-missed", smoking.get_attribute("class"))
        self.assertEqual(smoking.find_element(By.CSS_SELECTOR, ".status").text, "Slipped")
        # The failure style differs from success: the status colour is not the met one.
        missed_colour = smoking.find_element(By.CSS_SELECTOR, ".status").value_of_css_property("color")
        # "3 per week" reads its count in the week.
        swim = self.card("Swim")
        self.assertIn("1 of 3 this week", swim.find_element(By.CSS_SELECTOR, ".card-value").text)
        met_colour = swim.find_element(By.CSS_SELECTOR, ".status").value_of_css_property("color")
        self.assertNotEqual(missed_colour, met_colour)
        # Its ring, too, is drawn in the failure colour, not the habit's success colour.
        def rgb(text):  # "rgb(179, 38, 30)" and "rgba(179, 38, 30, 1)" are one colour
            return re.findall(r"\d+", text)[:3]
        self.assertEqual(rgb(coffee.find_element(By.CSS_SELECTOR, ".ring-fill").value_of_css_property("stroke")),
                         rgb(coffee.find_element(By.CSS_SELECTOR, ".status").value_of_css_property("color")))
        # The routine's habits come first, under its name and time, in its order.
        headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.group h2")]
        self.assertTrue(headings[0].startswith("Wake up · 06:30"), headings)
        first_group = driver.find_elements(By.CSS_SELECTOR, "section.group")[0]
        self.assertEqual([t.text for t in first_group.find_elements(By.CSS_SELECTOR, ".card-title")], ["Stretch", "Water"])
        self.assertNotIn("Stretch", [t.text for g in driver.find_elements(By.CSS_SELECTOR, "section.group")[1:]
                                     for t in g.find_elements(By.CSS_SELECTOR, ".card-title")])
        driver.save_screenshot(os.path.join(SHOTS, "first-hour-today-phone.png"))
        driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", coffee)
        driver.save_screenshot(os.path.join(SHOTS, "first-hour-over-limit-phone.png"))


if __name__ == "__main__":
    unittest.main()
