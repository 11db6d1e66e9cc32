import { expect, it } from "vitest";
import { isMood, MOOD_EMOJI, toggleMood } from "./mood.ts";

it("toggles a mood off when picked twice", () => {
  expect(toggleMood(null, 3)).toBe(3);
  expect(toggleMood(3, 3)).toBeNull();
  expect(toggleMood(3, 5)).toBe(5);
  expect([0, 1, 5, 6, 2.5].map(isMood)).toEqual([false, true, true, false, false]);
  expect(Object.keys(MOOD_EMOJI)).toHaveLength(5);
});
