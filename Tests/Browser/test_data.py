"""Your data and devices in real headless Chromium: export one account's data, upload it into
another through the import form (preview, then confirm), see the habits on Today; make an API
token from the settings page. Run with scripts/browser-test (it sets TEND_URL)."""

import os
import tempfile
import unittest
import uuid

from selenium.webdriver.common.by import By

from test_today import SHOTS, URL, BrowserCase, click, js, wait


class DataTests(BrowserCase):
    zone = "Europe/Berlin"
    # The refused upload answers 422 on purpose; the browser logs that as a failed load.
    expected_console = ("status of 422",)

    def test_export_then_import_into_another_account(self):
        ana = self.open()
        self.sign_up(ana, "a" + uuid.uuid4().hex[:10])
        self.add_habit(ana, "Meditate")
        self.add_habit(ana, "Journal")
        click(ana, ana.find_elements(By.CSS_SELECTOR, ".ring-button")[0])
        wait(ana, lambda d: "Checked" in js(d, "return document.querySelector('.ring-button').getAttribute('aria-label')"))

        # Settings links to the data page; the export is an attachment of Ana's data.
        ana.get(URL + "/settings")
        click(ana, ana.find_element(By.CSS_SELECTOR, "a[href='/settings/data']"))
        wait(ana, lambda d: d.title.startswith("Your data"))
        ana.save_screenshot(os.path.join(SHOTS, "data-phone.png"))
        exported = ana.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/settings/data/export?format=json').then(r => r.text().then(t => done([r.headers.get('content-disposition'), t])));")
        self.assertEqual(exported[0], 'attachment; filename="tend-export.json"')
        self.assertIn('"Meditate"', exported[1])
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "tend-export.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(exported[1])

        # Ben uploads it: first a preview that changes nothing, then the import.
        ben = self.open()
        self.sign_up(ben, "b" + uuid.uuid4().hex[:10])
        ben.get(URL + "/settings/data")
        ben.find_element(By.ID, "import-file").send_keys(path)
        click(ben, ben.find_element(By.CSS_SELECTOR, "form[action^='/settings/data/import?'] button[type=submit]"))
        wait(ben, lambda d: "Import “tend-export.json”?" in d.page_source, timeout=15)
        self.assertIn("2 new habits: Meditate, Journal.", ben.page_source)
        self.assertIn("1 new entry.", ben.page_source)
        # The form's token stays out of the address bar (and the history): 303 to the preview's address.
        self.assertIn("/settings/data/import?upload=", ben.current_url)
        self.assertNotIn("_csrf", ben.current_url)
        ben.save_screenshot(os.path.join(SHOTS, "data-preview-phone.png"))
        habits = ben.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/v1/habits').then(r => r.json()).then(h => done(h.length));")
        self.assertEqual(habits, 0, "the preview imported nothing")
        click(ben, ben.find_element(By.CSS_SELECTOR, "form[action='/settings/data/import/confirm'] button[type=submit]"))
        wait(ben, lambda d: "Imported 2 new habits and 1 entry." in d.page_source, timeout=15)
        ben.get(URL + "/")
        names = [e.text for e in ben.find_elements(By.CSS_SELECTOR, ".card-title")]
        self.assertTrue(any("Meditate" in n for n in names) and any("Journal" in n for n in names), names)

        # A file Tend cannot read: the reason, nothing changed.
        bad = os.path.join(folder, "notes.txt")
        with open(bad, "w", encoding="utf-8") as file:
            file.write("just some notes\n")
        ben.get(URL + "/settings/data")
        ben.find_element(By.ID, "import-file").send_keys(bad)
        click(ben, ben.find_element(By.CSS_SELECTOR, "form[action^='/settings/data/import?'] button[type=submit]"))
        wait(ben, lambda d: "not one Tend can import" in d.page_source, timeout=15)
        self.assertIn("Nothing was changed.", ben.page_source)

        wide = self.open(width=1280, height=900)
        wide.get(URL + "/login")
        for cookie in ben.get_cookies():
            wide.add_cookie(cookie)
        wide.get(URL + "/settings/data")
        wait(wide, lambda d: d.title.startswith("Your data"))
        wide.save_screenshot(os.path.join(SHOTS, "data-desktop.png"))

    def test_make_a_device_token(self):
        for width, height, shot in [(390, 844, "settings-phone.png"), (1280, 1000, "settings-desktop.png")]:
            driver = self.open(width=width, height=height)
            self.sign_up(driver, "d" + uuid.uuid4().hex[:10])
            driver.get(URL + "/settings")
            driver.find_element(By.ID, "deviceName").send_keys("Phone")
            click(driver, driver.find_element(By.CSS_SELECTOR, "form.add-device button[type=submit]"))
            wait(driver, lambda d: d.find_elements(By.ID, "new-token-secret"))
            secret = driver.find_element(By.ID, "new-token-secret").get_attribute("value")
            self.assertGreater(len(secret), 30)
            self.assertIn("It is not shown again", driver.page_source)
            # The token works as the API's bearer token.
            status = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"fetch('/api/v1/habits', {{credentials: 'omit', headers: {{Authorization: 'Bearer {secret}'}}}}).then(r => done(r.status));")
            self.assertEqual(status, 200)
            driver.execute_script("document.getElementById('devices-title').scrollIntoView()")
            driver.save_screenshot(os.path.join(SHOTS, shot))
            driver.get(URL + "/settings")
            self.assertNotIn(secret, driver.page_source)
            self.assertIn("Phone", driver.page_source)


if __name__ == "__main__":
    unittest.main()
