import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, drawHere, drawOf, parseResult, parseSettings } from "./numbers-draw.ts";

const form = (patch: Partial<typeof DEFAULT_SETTINGS>) => ({ ...DEFAULT_SETTINGS, ...patch });

describe("the random numbers form", () => {
  it("starts at count 1, min 1, max 10 (spec 2 §9), drawing on this device", () => {
    expect(DEFAULT_SETTINGS).toEqual({ count: "1", min: "1", max: "10", unique: false, source: "device" });
    expect(drawOf(DEFAULT_SETTINGS)).toEqual({ ok: true, draw: { count: 1, min: 1, max: 10, replacement: true } });
  });

  it("needs count, min and max ('Fill proper settings')", () => {
    for (const patch of [{ count: "" }, { min: " " }, { max: "" }, { max: "ten" }])
      expect(drawOf(form(patch))).toEqual({ ok: false, missing: true });
  });

  it("holds the API's bounds, in its words: the API's code, values and English", () => {
    const invalid = (patch: Partial<typeof DEFAULT_SETTINGS>) => {
      const r = drawOf(form(patch));
      if (!("invalid" in r)) throw new Error(`no invalid: ${JSON.stringify(r)}`);
      const { code, values, text } = r.invalid;
      return { code, values, text };
    };
    expect(invalid({ min: "10", max: "1" })).toEqual({
      code: "random.minAboveMax",
      values: {},
      text: "Min must not be greater than max",
    });
    for (const count of ["0", "2.5"])
      expect(invalid({ count })).toEqual({
        code: "random.countRange",
        values: { max: 1000 },
        text: "Count must be a whole number from 1 to 1000",
      });
    expect(invalid({ count: "11", unique: true })).toEqual({
      code: "random.tooFewNumbers",
      values: {},
      text: "Without repeats, count cannot be more than the numbers from min to max",
    });
    expect(invalid({ max: "2000000000" })).toEqual({
      code: "random.boundsRange",
      values: { min: -1_000_000_000, max: 1_000_000_000 },
      text: "Min and max must be whole numbers from -1000000000 to 1000000000",
    });
  });

  it("draws within the bounds, and distinct numbers when asked", () => {
    const all = drawHere({ count: 10, min: -3, max: 6, replacement: false });
    expect([...all].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]);
    const many = drawHere({ count: 1000, min: 5, max: 7, replacement: true });
    expect(many).toHaveLength(1000);
    expect(new Set(many)).toEqual(new Set([5, 6, 7]));
  });

  it("reads back only what it wrote", () => {
    expect(parseSettings(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ ...DEFAULT_SETTINGS, source: "moon" })).toBeUndefined();
    expect(parseSettings("1,1,10")).toBeUndefined();
    const result = { numbers: [3, 1], source: "device", min: 1, max: 3 };
    expect(parseResult(result)).toEqual(result);
    expect(parseResult({ ...result, numbers: ["3"] })).toBeUndefined();
  });
});
