/** Mood 1 to 5 (spec §3), shown as emoji. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;
export const MOODS = [1, 2, 3, 4, 5] as const;
export type Mood = (typeof MOODS)[number];

// Unicode 6 faces: they render even where newer emoji fonts are missing.
export const MOOD_EMOJI: Record<Mood, string> = { 1: "😢", 2: "😞", 3: "😐", 4: "😊", 5: "😄" };

export function isMood(n: unknown): n is Mood {
  return typeof n === "number" && Number.isInteger(n) && n >= MOOD_MIN && n <= MOOD_MAX;
}

/** Picking the same mood twice clears it (spec §4). */
export function toggleMood(current: Mood | null, picked: Mood): Mood | null {
  return current === picked ? null : picked;
}
