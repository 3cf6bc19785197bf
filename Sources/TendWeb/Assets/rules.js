// The few rules the web app must apply on its own, while the server cannot answer: the change a
// Today card's tap, −1, +1 or reset makes, how the card then reads, and the hybrid clock that
// stamps a queued change. Each is TendCore's or the Today page's rule, written again only because
// a phone offline has no server to ask. One table of cases (Tests/Golden/today-card.json) holds
// them to the Swift: a Swift test checks the table against TendCore and the page, a Node test
// (Tests/JavaScript/rules.test.mjs) checks this file against the table.
// An ES module, imported by outbox.js (the offline queue). The words are the page's language's
// (words.js), the same catalog messages as the page's Swift.
import { t, tPlural } from "./words.js";

// A stamp's milliseconds and counter ("0001732233600000-0000-device"; "" is the start).
function parseStamp(stamp) {
  const parts = (stamp || "").split("-");
  return { ms: parseInt(parts[0], 10) || 0, counter: parseInt(parts[1], 16) || 0 };
}

// HybridClock.tick: the stamp after `last` at `wall` ms.
export function nextStamp(last, wall, device) {
  let { ms, counter } = parseStamp(last);
  if (wall > ms) { ms = wall; counter = 0; } else { counter += 1; }
  return String(ms).padStart(16, "0") + "-" + counter.toString(16).padStart(4, "0") + "-" + device;
}

// The later of two stamps of this device, by clock (the counter may outgrow its four hex
// digits, where the texts would no longer sort).
export function laterStamp(a, b) {
  const x = parseStamp(a);
  const y = parseStamp(b);
  return x.ms > y.ms || (x.ms === y.ms && x.counter >= y.counter) ? a : b;
}

// Amounts (a count's value, target and step) are exact to the thousandth, as TendCore's Amount:
// the arithmetic here is on whole thousandths, never on binary fractions, so a step of 0.1
// tapped ten times makes exactly 1, as on the server. Values come and go as JSON numbers (2.5).
const thousandths = (amount) => Math.round(amount * 1000);
const fromThousandths = (count) => count / 1000;

// AmountStyle: "2.5" or "2,5" with the page's decimal mark, no grouping, no trailing zeros.
export function amountText(amount, mark) {
  const count = thousandths(amount);
  const magnitude = Math.abs(count);
  const fraction = String(magnitude % 1000).padStart(3, "0").replace(/0+$/, "");
  return (count < 0 ? "-" : "") + Math.floor(magnitude / 1000) + (fraction ? (mark || ".") + fraction : "");
}

// The step of −1 and +1 (DayEntryControls.step): a minute for durations, the habit's step for
// counts (`data-step`, 1 unless chosen), one for checkmarks.
export function step(f) {
  if (f.type === "duration") return 60;
  return f.type === "count" && f.step ? f.step : 1;
}

// The change the server would log for this command (EntryCommand.change), or null when it
// changes nothing: a tap toggles a checkmark and adds one step to a count or duration, a good
// habit's stopping at its target; +1 goes past it; −1 never goes below 0.
export function changeFor(command, f, value) {
  const at = { habit: f.habit, day: f.day };
  if (command === "reset") return { entryReset: at };
  if (command === "tap" && f.type === "checkmark") {
    const next = f.kind === "good" ? (value >= f.target ? 0 : f.target) : (value > 0 ? 0 : f.target + 1);
    return { entrySet: Object.assign(at, { value: next }) };
  }
  const now = thousandths(value);
  const amount = thousandths(step(f)) * (command === "decrement" ? -1 : 1);
  let next = Math.max(0, now + amount);
  if (command === "tap" && f.kind === "good") next = Math.max(now, Math.min(next, thousandths(f.target)));
  if (next === now) return null;
  return { entryIncremented: Object.assign(at, { by: fromThousandths(next - now) }) };
}

// The day's value after `change` (Entry.applying).
export function applied(change, value) {
  if (!change) return value;
  if (change.entrySet) return change.entrySet.value;
  if (change.entryIncremented) return fromThousandths(Math.max(0, thousandths(value) + thousandths(change.entryIncremented.by)));
  if (change.entryReset) return 0;
  return value;
}

// DurationText.words: "0 min", "45 s", "12 min 30 s", "1 h 5 min", "1 h 0 min 30 s".
export function duration(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [];
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0 || (hours > 0 && rest > 0)) parts.push(`${minutes} min`);
  if (rest > 0) parts.push(`${rest} s`);
  return parts.length === 0 ? "0 min" : parts.join(" ");
}

// The value field's words for a duration (TypedValue.durationText): 45m, 1h30, 1h, 2m30s.
export function durationField(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (rest !== 0) return (hours > 0 ? `${hours}h` : "") + `${minutes}m${rest}s`;
  if (hours === 0) return `${minutes}m`;
  return minutes === 0 ? `${hours}h` : `${hours}h${String(minutes).padStart(2, "0")}`;
}

// TodayPage.valueText.
export function valueText(f, value) {
  const text = (amount) => amountText(amount, f.mark);
  if (f.type === "checkmark") {
    if (f.kind === "bad") return value === 0 ? t('Not today') : tPlural('Slipped once', 'Slipped {count} times', value, { count: text(value) });
    return value >= 1 ? t('Checked') : t('Not checked');
  }
  if (f.type === "count") {
    if (f.kind === "bad") {
      return f.unit
        ? t('{value} {unit}, at most {target}', { value: text(value), unit: f.unit, target: text(f.target) })
        : t('{value}, at most {target}', { value: text(value), target: text(f.target) });
    }
    return `${text(value)} / ${text(f.target)}` + (f.unit ? " " + f.unit : "");
  }
  return f.kind === "bad"
    ? t('{value}, at most {target}', { value: duration(value), target: duration(f.target) })
    : `${duration(value)} / ${duration(f.target)}`;
}

// TodayPage.statusLabel.
export function statusLabel(f, state) {
  const bad = f.kind === "bad";
  switch (state) {
    case "met": return bad ? t('Within limit', {}, { context: 'status' }) : t('Done', {}, { context: 'status' });
    case "pending": return bad ? t('Within limit so far', {}, { context: 'status' }) : t('To do', {}, { context: 'status' });
    case "missed":
      if (!bad) return t('Missed', {}, { context: 'status' });
      return f.type === "checkmark" ? t('Slipped', {}, { context: 'status' }) : t('Over limit', {}, { context: 'status' });
    case "skipped": return t('Skipped', {}, { context: 'status' });
    case "satisfied": return t('Done for this period', {}, { context: 'status' });
    case "notDue": return t('Not due', {}, { context: 'status' });
    case "paused": return t('Paused', {}, { context: 'status' });
    default: return undefined;
  }
}

// A fixed schedule's status from the value (DayStatus); a quota habit's, a not-due day's and a
// paused day's depend on more than the day, so they stay as the server said (`f.status`). A reset
// ends a skip.
export function statusOf(f, value, reset) {
  if (f.quota || f.status === "notDue" || f.status === "satisfied" || f.status === "paused") return f.status;
  if (f.status === "skipped" && !reset) return "skipped";
  const now = thousandths(value);
  const target = thousandths(f.target);
  if (f.kind === "bad") return now > target ? "missed" : "met";
  return now >= target ? "met" : f.past ? "missed" : "pending";
}

// TodayPage.tapLabel: the ring's words.
export function tapLabel(f, value) {
  let action;
  if (f.type === "checkmark") {
    action = f.kind === "bad"
      ? (value > 0 ? t('Tap to undo the slip') : t('Tap to record a slip'))
      : (value >= 1 ? t('Tap to uncheck') : t('Tap to check'));
  } else if (f.kind === "good" && f.target > 0 && thousandths(value) >= thousandths(f.target)) {
    const plus = f.type === "count" && step(f) !== 1 ? amountText(step(f), f.mark) : "1";
    action = t('Target reached: a tap adds nothing more; the menu’s +{step} goes past it', { step: plus });
  } else if (f.type === "duration") {
    action = t('Tap to add a minute');
  } else if (step(f) !== 1) {
    const amount = amountText(step(f), f.mark);
    action = f.unit ? t('Tap to add {step} {unit}', { step: amount, unit: f.unit }) : t('Tap to add {step}', { step: amount });
  } else {
    action = f.unit ? t('Tap to add one ({unit})', { unit: f.unit }) : t('Tap to add one');
  }
  return t('{habit}: {value}. {action}', { habit: f.name, value: valueText(f, value), action });
}
