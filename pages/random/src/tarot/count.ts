/** Spec 2 §5, §9: a draw is one to three cards. */
export const COUNT_MIN = 1;
export const COUNT_MAX = 3;

/** The count as typed → a card count, or null when it is missing, not whole, or outside 1-3. */
export function parseCount(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= COUNT_MIN && n <= COUNT_MAX ? n : null;
}
