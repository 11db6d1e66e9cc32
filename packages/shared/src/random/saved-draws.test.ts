import { describe, expect, it } from "vitest";
import { drawId, parseDrawId, parseSavedDraws, SAVED_DRAWS_MAX, withSavedDraw } from "./saved-draws.ts";

describe("the saved tarot draws' cookie", () => {
  it("names a draw by its instant, in base 36", () => {
    expect(drawId("2026-11-26T09:30:00.123Z")).toBe(Date.parse("2026-11-26T09:30:00.123Z").toString(36));
    expect(drawId("2026-11-26T09:30:00.123Z")).toBe("mwxcq2bf");
    expect(parseDrawId("mwxcq2bf")).toBe("mwxcq2bf");
    for (const bad of [null, undefined, "", "MIFR", "a.b", "x".repeat(12), "<script>"])
      expect(parseDrawId(bad)).toBe(null);
  });

  it("keeps the latest ids once each, at most eight, and ignores what is not an id", () => {
    expect(parseSavedDraws(undefined)).toEqual([]);
    expect(parseSavedDraws("a1.%%.b2..c3")).toEqual(["a1", "b2", "c3"]);
    expect(withSavedDraw(undefined, "a1")).toBe("a1");
    expect(withSavedDraw("a1.b2", "a1")).toBe("b2.a1");
    let value: string | undefined;
    for (let i = 0; i < 12; i++) value = withSavedDraw(value, `d${i}`);
    expect(parseSavedDraws(value)).toHaveLength(SAVED_DRAWS_MAX);
    expect(parseSavedDraws(value)).toEqual(["d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11"]);
  });
});
