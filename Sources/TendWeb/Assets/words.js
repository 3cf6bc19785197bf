// The web app's words in the page's language: the page carries the translations its scripts say
// (<script type="application/json" id="words">, made from the catalogs; none on an English page,
// whose scripts hold the English source). Messages are written as in Swift: named placeholders,
// t('Time for {habit}', { habit }), tPlural('{count} day', '{count} days', n), a context as
// t('Day', {}, { context: 'routine time' }). scripts/extract-words reads these calls, so the
// English must be a single-quoted literal. The plural form is chosen by the browser's CLDR rules
// (Intl.PluralRules), the same rules Tend's server uses.
const words = (() => {
  if (typeof document === "undefined") return null;
  const element = document.getElementById("words");
  if (!element) return null;
  try { return JSON.parse(element.textContent); } catch { return null; }
})();

const language = words?.lang || (typeof document === "undefined" ? "en" : document.documentElement.lang || "en");
let rules = null;
const pluralRules = () => {
  if (!rules) {
    try { rules = new Intl.PluralRules(language); } catch { rules = new Intl.PluralRules("en"); }
  }
  return rules;
};

const fill = (text, values) =>
  text.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name) => (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));

const keyOf = (source, context) => (context ? `${context}\u0004${source}` : source);

/// The page's language's translation of `source`, with `values` put in.
export function t(source, values = {}, { context = "" } = {}) {
  const translated = words?.messages?.[keyOf(source, context)];
  return fill(typeof translated === "string" ? translated : source, values);
}

/// The form of a message with a number that `count` takes in the page's language; `{count}` is
/// the number as the language writes it unless `values` gives it.
export function tPlural(one, other, count, values = {}, { context = "" } = {}) {
  const forms = words?.messages?.[keyOf(one, context)];
  let text = count === 1 ? one : other;
  if (Array.isArray(forms) && Array.isArray(words.forms)) {
    const index = words.forms.indexOf(pluralRules().select(count));
    text = forms[index >= 0 ? index : forms.length - 1] ?? text;
  }
  return fill(text, { count: number(count), ...values });
}

/// A whole number as the page's language writes it (English: plain digits, as the server writes them).
export function number(value) {
  if (language === "en" || language === "qps") return String(value);
  // Western digits in every language, as the server writes them (Arabic pages included).
  try { return new Intl.NumberFormat(language, { numberingSystem: "latn" }).format(value); } catch { return String(value); }
}

/// The page's language tag ("de", "ar").
export const pageLanguage = language;
