"""Tend in the user's language (issue 44), in real headless Chromium at phone width (390×844).

- The pseudo-language `qps` (every catalog word accented, bracketed and ~40 % longer) on every
  page: a scan of the visible text (text, labels, placeholders, titles) finds no English source
  string of the catalog left, so nothing reached the page past the catalog; and no text runs out
  of its box (an element whose content is wider than itself, other than boxes that scroll).
- Today, the habit page, the editor and Settings in German, Japanese and Arabic: screenshots
  (TEND_SCREENSHOTS, default /tmp) and an axe-core audit with no violation; Arabic reads right to
  left (`dir="rtl"`, the week grid's first day on the right).
Run with scripts/browser-test (it starts `tend serve` and sets TEND_URL)."""

import json
import os
import re
import unittest

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from test_a11y import OPTIONS, describe
from test_entry import create_habit
from test_today import SHOTS, URL, BrowserCase, wait

CATALOG = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "TendWords", "Catalogs", "tend.pot")

# Words that are English in a pseudo-language page by design: dates in words are values (DayText
# writes them in English for `qps`), and names of things and formats are the same in every language.
NOT_MESSAGES = {
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Tend", "Today",
}


def english_phrases():
    """The catalog's English, as pieces of at least two words (or one long word) between placeholders."""
    sources = []
    for line in open(CATALOG, encoding="utf-8"):
        if line.startswith("msgid ") or line.startswith("msgid_plural "):
            text = json.loads(line.split(" ", 1)[1])
            if text:
                sources.append(text)
    phrases = set()
    for source in sources:
        for piece in re.split(r"\{[A-Za-z0-9]+\}", source):
            piece = piece.strip(" .,:;·—–-()“”‘’'\"?!/…+×")
            words = re.findall(r"[A-Za-z]{2,}", piece)
            if not words:
                continue
            if len(words) >= 2 or (len(words) == 1 and len(words[0]) >= 6 and words[0] not in NOT_MESSAGES):
                if piece not in NOT_MESSAGES:
                    phrases.add(piece)
    return phrases


# What a person sees or hears: text, and the words in labels, titles and placeholders.
VISIBLE_TEXT = """
const parts = [document.title, document.body.innerText];
for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], option')) {
  for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
    const value = element.getAttribute(name);
    if (value) parts.push(value);
  }
  if (element.tagName === 'OPTION') parts.push(element.textContent);
}
return parts.join('\\n');
"""

# Text out of its box: an element holding text that sticks out of the screen (the page is one
# column at phone width), or whose text is cut off by its own box (overflow hidden). Boxes that
# scroll on purpose (the year grid) and their insides, form fields (their text scrolls inside
# them) and visually hidden text are not overflow.
OVERFLOWING = """
const found = [];
const scrolls = (element) => {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(node).overflowX)) return true;
  }
  return false;
};
const ownText = (element) => [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
for (const element of document.querySelectorAll('main *, header *')) {
  if (element.closest('svg, .visually-hidden, input, select, textarea') || !element.getClientRects().length) continue;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || style.position === 'fixed' && element.closest('[hidden]')) continue;
  if (scrolls(element)) continue;
  const box = element.getBoundingClientRect();
  const name = `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}${element.className ? '.' + element.className : ''}`;
  if (ownText(element) && (box.right > window.innerWidth + 1 || box.left < -1)) {
    found.push(`${name} sticks out (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth}): ${element.textContent.trim().slice(0, 60)}`);
  } else if (['hidden', 'clip'].includes(style.overflowX) && ownText(element) && element.scrollWidth > element.clientWidth + 1) {
    found.push(`${name} is cut off (${element.scrollWidth} > ${element.clientWidth}): ${element.textContent.trim().slice(0, 60)}`);
  }
}
if (document.documentElement.scrollWidth > window.innerWidth + 1) {
  found.push(`the page is wider than the screen (${document.documentElement.scrollWidth} > ${window.innerWidth})`);
}
return found;
"""


class LanguageTests(BrowserCase):
    prefix = "lang"
    # The unknown habit's page answers 404, which Chromium logs.
    expected_console = ("status of 404",)

    def choose(self, driver, language):
        """Saves Settings with this language (its other fields as a new account has them)."""
        status = driver.execute_async_script(
            """
            const [language, done] = [arguments[0], arguments[arguments.length - 1]];
            const token = document.querySelector('meta[name=csrf-token]').content;
            const body = new URLSearchParams({_csrf: token, timeZone: 'UTC', dayStartHour: '0', language});
            fetch('/settings', {method: 'POST', body}).then(r => done(r.status));
            """, language)
        self.assertEqual(status, 200, f"saving the language {language}")

    def prepare(self, driver):
        """An account with a habit of each kind and a routine: pages with most of what they can show."""
        self.sign_up(driver)
        read = create_habit(driver, "Łesen", type="checkmark", target="1", emoji="📖")
        water = create_habit(driver, "Ŵasser", type="count", target="2.5", unit="l", emoji="💧")
        create_habit(driver, "Ŝnacks", kind="bad", type="count", target="2", emoji="🍪")
        driver.execute_async_script(
            """
            const [done] = [arguments[arguments.length - 1]];
            const token = document.querySelector('meta[name=csrf-token]').content;
            const body = new URLSearchParams({_csrf: token, name: 'Mörgen', start: '06:30', color: 'orange', confirm: 'yes'});
            for (const day of ['mon', 'tue', 'wed', 'thu', 'fri']) body.append('weekday', day);
            fetch('/routines/new', {method: 'POST', body}).then(r => done(r.status));
            """)
        driver.get(URL + "/")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".card"))
        return read, water

    def test_pseudo_language_leaves_no_english_and_nothing_overflows(self):
        driver = self.open()
        read, water = self.prepare(driver)
        phrases = english_phrases()
        self.assertGreater(len(phrases), 500, "the catalog's English was read")
        # The scan is live: the same page in English is full of the catalog's phrases.
        driver.get(URL + "/habits/new")
        english = driver.execute_script(VISIBLE_TEXT)
        self.assertGreater(sum(1 for phrase in phrases if phrase in english), 20, "the scan finds English where it is")
        self.choose(driver, "qps")
        pages = [("today", "/"), ("habit-checkmark", f"/habits/{read}"), ("habit-count", f"/habits/{water}"),
                 ("editor", f"/habits/{water}/edit"), ("new-habit", "/habits/new"), ("habits", "/habits"),
                 ("routines", "/routines"), ("new-routine", "/routines/new"), ("settings", "/settings"),
                 ("data", "/settings/data"), ("sign-in-settings", "/settings/sign-in"), ("not-found", "/habits/no-such-habit")]
        for name, path in pages:
            with self.subTest(path=path):
                driver.get(URL + path)
                wait(driver, lambda d: d.find_elements(By.ID, "main"))
                self.assertEqual(driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "qps")
                text = driver.execute_script(VISIBLE_TEXT)
                self.assertIn("[", text, f"{path}: the pseudo-language is on the page")
                left = sorted(phrase for phrase in phrases if re.search(r"(?<![A-Za-z])" + re.escape(phrase) + r"(?![A-Za-z])", text))
                self.assertEqual(left, [], f"{path}: English past the catalog")
                self.assertEqual(driver.execute_script(OVERFLOWING), [], f"{path}: text out of its box")
                driver.save_screenshot(os.path.join(SHOTS, f"web-qps-{name}.png"))

    def test_german_japanese_arabic_screenshots_and_audit(self):
        driver = self.open()
        read, water = self.prepare(driver)
        for language in ["de", "ja", "ar"]:
            self.choose(driver, language)
            for name, path in [("today", "/"), ("habit", f"/habits/{water}"), ("editor", f"/habits/{water}/edit"),
                               ("settings", "/settings")]:
                with self.subTest(language=language, page=name):
                    driver.get(URL + path)
                    wait(driver, lambda d: d.find_elements(By.ID, "main"))
                    html = driver.find_element(By.TAG_NAME, "html")
                    self.assertEqual(html.get_attribute("lang"), language)
                    self.assertEqual(html.get_attribute("dir"), "rtl" if language == "ar" else "ltr")
                    driver.save_screenshot(os.path.join(SHOTS, f"web-{language}-{name}.png"))
                    axe = Axe(driver)
                    axe.inject()
                    results = axe.run(options=OPTIONS)
                    self.assertEqual(results["violations"], [], f"{language} {path}:\n{describe(results['violations'])}")
                    self.assertEqual(driver.execute_script(OVERFLOWING), [], f"{language} {path}: text out of its box")

    def test_arabic_reads_from_the_right(self):
        driver = self.open()
        self.prepare(driver)
        order = {}
        for language in ["de", "ar"]:
            self.choose(driver, language)
            driver.get(URL + "/")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".card"))
            order[language] = driver.execute_script(
                """
                const card = document.querySelector('.card');
                const ring = card.firstElementChild.getBoundingClientRect();
                const title = card.querySelector('.card-title').getBoundingClientRect();
                return {ringFirst: ring.left < title.left, direction: getComputedStyle(document.body).direction,
                        text: document.getElementById('main').innerText};
                """)
        self.assertEqual(order["ar"]["direction"], "rtl")
        self.assertEqual(order["de"]["direction"], "ltr")
        # The card reads from its start: the ring left of the name in German, right of it in Arabic.
        self.assertNotEqual(order["ar"]["ringFirst"], order["de"]["ringFirst"])
        # Emoji and user text unharmed.
        self.assertIn("Ŵasser", order["ar"]["text"])


if __name__ == "__main__":
    unittest.main()
