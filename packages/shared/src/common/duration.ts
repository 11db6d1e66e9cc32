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

/** 5405 → '1h 30m 5s'; zero parts are left out; 0 → '0s'. */
export function formatDuration(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return "0s";
  const parts: string[] = [];
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  return parts.join(" ");
}
