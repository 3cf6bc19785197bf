// words.js: a page's translations, CLDR plural forms through Intl.PluralRules, named placeholders,
// contexts; an English page (no words element) says the source as it is.
import { test } from "node:test";
import assert from "node:assert/strict";

const source = new URL("../../Sources/TendWeb/Assets/words.js", import.meta.url).href;
let loads = 0;

/// words.js as a page in `lang` carrying `words` (none: an English page) loads it.
async function page(lang, words) {
  globalThis.document = {
    documentElement: { lang },
    getElementById: (id) => (id === "words" && words ? { textContent: JSON.stringify(words) } : null),
  };
  try {
    return await import(`${source}?page=${++loads}`);
  } finally {
    delete globalThis.document;
  }
}

test("an English page says the source, fills placeholders by name and writes plain digits", async () => {
  const { t, tPlural, pageLanguage } = await page("en", null);
  assert.equal(pageLanguage, "en");
  assert.equal(t("Time for {habit}", { habit: "Read" }), "Time for Read");
  assert.equal(t("Keep {unknown} as written"), "Keep {unknown} as written");
  assert.equal(tPlural("{count} day", "{count} days", 1), "1 day");
  assert.equal(tPlural("{count} day", "{count} days", 1000), "1000 days");
});

test("a Polish page picks one, few, many by CLDR's rules and groups digits as Polish does", async () => {
  const words = {
    lang: "pl",
    forms: ["one", "few", "many", "other"],
    messages: {
      "{count} day": ["{count} dzień", "{count} dni", "{count} dni!", "{count} dnia"],
      "sync badge\u0004Synced": "Zsynchronizowano",
      "{habitName} at {time}": "{time}: {habitName}",
    },
  };
  const { t, tPlural } = await page("pl", words);
  assert.equal(tPlural("{count} day", "{count} days", 1), "1 dzień");
  assert.equal(tPlural("{count} day", "{count} days", 3), "3 dni");
  assert.equal(tPlural("{count} day", "{count} days", 5), "5 dni!");
  assert.equal(tPlural("{count} day", "{count} days", 22), "22 dni");
  assert.equal(tPlural("{count} day", "{count} days", 10000), "10\u00a0000 dni!");
  assert.equal(t("Synced", {}, { context: "sync badge" }), "Zsynchronizowano");
  assert.equal(t("Synced"), "Synced", "without its context it is another message");
  assert.equal(t("{habitName} at {time}", { habitName: "Czytanie", time: "07:30" }), "07:30: Czytanie");
});

test("an Arabic page has six forms; a message the page lacks stays English", async () => {
  const words = {
    lang: "ar",
    forms: ["zero", "one", "two", "few", "many", "other"],
    messages: { "{count} habit": ["لا عادات", "عادة واحدة", "عادتان", "{count} عادات", "{count} عادة", "{count} عادة."] },
  };
  const { t, tPlural } = await page("ar", words);
  assert.equal(tPlural("{count} habit", "{count} habits", 0), "لا عادات");
  assert.equal(tPlural("{count} habit", "{count} habits", 2), "عادتان");
  assert.equal(tPlural("{count} habit", "{count} habits", 7), "7 عادات");
  assert.equal(tPlural("{count} habit", "{count} habits", 11), "11 عادة");
  assert.equal(tPlural("{count} habit", "{count} habits", 100), "100 عادة.");
  assert.equal(t("Not in this page's words"), "Not in this page's words");
});
