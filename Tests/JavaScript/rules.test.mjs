// rules.js (what the web app applies offline) against the table of cases the Swift test
// OfflineRulesTableTests checks against TendCore and the Today page. Run with `node --test
// Tests/JavaScript/` (scripts/test does); no packages needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const table = JSON.parse(readFileSync(here("../Golden/today-card.json"), "utf8"));
// rules.js is an ES module, but a .js file outside a package that says so is CommonJS to Node:
// imported from its text (a data: URL), it is read as a module, as the browser reads it. A data:
// URL has no folder for its relative import of words.js: that one is given as its file's URL.
const words = new URL("../../Sources/TendWeb/Assets/words.js", import.meta.url).href;
const source = readFileSync(here("../../Sources/TendWeb/Assets/rules.js"), "utf8").replace(
  /(["'])\.\/words\.js\1/,
  JSON.stringify(words),
);
assert.ok(source.includes(JSON.stringify(words)), "rules.js imports ./words.js");
const rules = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));

// The table's form of a change (only what it does, not where).
function shape(change) {
  if (!change) return null;
  if (change.entrySet) return { set: change.entrySet.value };
  if (change.entryIncremented) return { by: change.entryIncremented.by };
  if (change.entryReset) return { reset: true };
  return { unknown: change };
}

test("the table has cases of every kind", () => {
  assert.ok(table.cards.length > 100);
  assert.ok(table.clock.length >= 4);
  assert.ok(table.durations.length >= 10);
});

test("a card's change, value, status and words after each command are the server's", () => {
  for (const c of table.cards) {
    const f = {
      habit: "h", day: "2025-06-15", kind: c.kind, type: c.type, target: c.target, unit: c.unit, step: c.step, mark: c.decimalMark,
      value: c.value, status: c.status, past: c.past, quota: false, name: "Water",
    };
    const where = JSON.stringify({
      kind: c.kind, type: c.type, target: c.target, step: c.step, mark: c.decimalMark, value: c.value, past: c.past, skipped: c.skipped,
      command: c.command,
    });
    const change = rules.changeFor(c.command, f, c.value);
    assert.deepEqual(shape(change), c.change ?? null, `change: ${where}`);
    if (change) {
      assert.equal(change[Object.keys(change)[0]].habit, "h", `the change names its habit: ${where}`);
      assert.equal(change[Object.keys(change)[0]].day, "2025-06-15", `and its day: ${where}`);
    }
    const after = rules.applied(change, c.value);
    assert.equal(after, c.after, `value after: ${where}`);
    const status = rules.statusOf(f, after, c.command === "reset");
    assert.equal(status, c.statusAfter, `status after: ${where}`);
    assert.equal(rules.statusLabel(f, status), c.statusLabel, `status words: ${where}`);
    assert.equal(rules.valueText(f, after), c.valueText, `value words: ${where}`);
    assert.equal(rules.tapLabel(f, after), c.tapLabel, `ring words: ${where}`);
  }
});

test("a step of 0.1 tapped ten times makes exactly 1, and taken away ten times exactly 0, as on the server", () => {
  const f = { habit: "h", day: "2025-06-15", kind: "good", type: "count", target: 5, step: 0.1, unit: "l" };
  let value = 0;
  for (let i = 0; i < 10; i++) value = rules.applied(rules.changeFor("increment", f, value), value);
  assert.equal(value, 1);
  assert.equal(rules.amountText(value, ","), "1");
  for (let i = 0; i < 3; i++) value = rules.applied(rules.changeFor("increment", f, value), value);
  assert.equal(rules.amountText(value, ","), "1,3");
  for (let i = 0; i < 13; i++) value = rules.applied(rules.changeFor("decrement", f, value), value);
  assert.equal(value, 0);
  // A change sent to the server is a JSON number with at most three decimals.
  assert.equal(JSON.stringify(rules.changeFor("increment", f, 0.2)), '{"entryIncremented":{"habit":"h","day":"2025-06-15","by":0.1}}');
  assert.equal(rules.amountText(1234.125, "٫"), "1234٫125");
  assert.equal(rules.amountText(0.05), "0.05");
});

test("a quota habit's, a not-due day's or a paused day's status stays as the server said", () => {
  const f = { kind: "good", type: "count", target: 3, unit: "", status: "satisfied", past: false, quota: true };
  assert.equal(rules.statusOf(f, 0, false), "satisfied");
  assert.equal(rules.statusOf(Object.assign({}, f, { quota: false, status: "notDue" }), 5, true), "notDue");
  // Whatever is recorded in a pause, the day is paused (TendCore's DayStatus.paused).
  const paused = Object.assign({}, f, { quota: false, status: "paused", past: true });
  assert.equal(rules.statusOf(paused, 0, true), "paused");
  assert.equal(rules.statusOf(paused, 5, false), "paused");
  assert.equal(rules.statusLabel(paused, "paused"), "Paused");
});

test("the hybrid clock's next stamp is HybridClock.tick's", () => {
  for (const c of table.clock) {
    assert.equal(rules.nextStamp(c.last, c.wall, c.device), c.next, JSON.stringify(c));
  }
  // The next stamp is the later one, even where a counter past ffff makes the text sort wrongly.
  for (const c of table.clock) {
    assert.equal(rules.laterStamp(c.last, c.next), c.next, JSON.stringify(c));
    assert.equal(rules.laterStamp(c.next, c.last), c.next, JSON.stringify(c));
  }
});

test("durations read as DurationText.words and the value field's text", () => {
  for (const c of table.durations) {
    assert.equal(rules.duration(c.seconds), c.words, `words ${c.seconds}`);
    assert.equal(rules.durationField(c.seconds), c.field, `field ${c.seconds}`);
  }
});
