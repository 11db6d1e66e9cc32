/**
 * Durations as people type them (spec §5): '1h 30m 5s', units d, h, m, s
 * separated by spaces, each unit at most once, in any order, any case.
 * A bare number means seconds. Values are whole seconds.
 */
const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

export function parseDuration(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "") return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const seen = new Set<string>();
  let total = 0;
  for (const part of trimmed.split(/\s+/)) {
    const match = /^(\d+)([dhms])$/.exec(part);
    if (!match) return null;
    const [, amount = "", unit = ""] = match;
    const size = UNIT_SECONDS[unit];
    if (size === undefined || seen.has(unit)) return null;
    seen.add(unit);
    total += Number(amount) * size;
  }
  return Number.isSafeInteger(total) ? total : null;
}

const UNIT_NAMES: Record<string, "day" | "hour" | "minute" | "second"> = {
  d: "day",
  h: "hour",
  m: "minute",
  s: "second",
};
const unitFormats = new Map<string, Intl.NumberFormat>();
/** A unit's narrow form in a language: "5s" in English, "5 с" in Russian. */
function unitFormat(locale: string, unit: string): Intl.NumberFormat {
  const key = `${locale} ${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    // Not grouped: the English form is what people type ("1157d"), and parseDuration reads it back.
    format = new Intl.NumberFormat(locale, {
      style: "unit",
      unit: UNIT_NAMES[unit],
      unitDisplay: "narrow",
      useGrouping: false,
    });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * 5405 → '1h 30m 5s' ('1 ч 30 мин 5 с' in Russian: the units in the reader's
 * language, from Intl); zero parts are left out; 0 → '0s'. What people type
 * stays the English units (parseDuration).
 */
export function formatDuration(seconds: number, locale = "en"): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return unitFormat(locale, "s").format(0);
  const parts: string[] = [];
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(unitFormat(locale, unit).format(n));
  }
  return parts.join(" ");
}
