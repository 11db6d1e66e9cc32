import { describe, expect, it } from "vitest";
import { NO_PENDING, parseMetric, parseTag, withPending } from "./pending.ts";

describe("typed but unconfirmed input is saved, not lost", () => {
  it("adds a pending tag and a pending metric to what is saved", () => {
    expect(withPending(["a"], [], { tagText: "  Morning  Run ", metricLabel: "", metricValue: "" })).toEqual({
      ok: true,
      tags: ["a", "morning run"],
      metrics: [],
    });
    expect(
      withPending([], [{ name: "steps", value: 1 }], { tagText: "", metricLabel: "Steps", metricValue: "12" }),
    ).toEqual({
      ok: true,
      tags: [],
      metrics: [{ name: "steps", value: 12 }],
    });
    expect(withPending(["a"], [], { ...NO_PENDING, tagText: "A" })).toEqual({ ok: true, tags: ["a"], metrics: [] });
    expect(withPending([], [], { ...NO_PENDING, metricLabel: "duration", metricValue: "1h 30m" })).toMatchObject({
      metrics: [{ name: "duration", value: 5400 }],
    });
  });

  it("stops the save on a half-typed metric or a negated tag", () => {
    expect(withPending([], [], { ...NO_PENDING, metricLabel: "steps" })).toEqual({
      ok: false,
      field: "metric",
      problem: "incomplete",
    });
    expect(withPending([], [], { ...NO_PENDING, metricValue: "3" })).toMatchObject({
      ok: false,
      problem: "incomplete",
    });
    expect(withPending([], [], { ...NO_PENDING, tagText: "!neg" })).toEqual({
      ok: false,
      field: "tag",
      problem: "negated",
    });
  });

  it("reads metric values as the API will take them", () => {
    expect(parseMetric("Mood", "3")).toEqual({ ok: false, problem: "mood" });
    expect(parseMetric("duration", "90 minutes")).toEqual({ ok: false, problem: "duration" });
    expect(parseMetric("weight", "7,5")).toEqual({ ok: true, metric: { name: "weight", value: 7.5 } });
    expect(parseMetric("weight", "heavy")).toEqual({ ok: false, problem: "number" });
    expect(parseMetric("weight", "1e300")).toEqual({ ok: false, problem: "too-large" });
    expect(parseTag("  ")).toEqual({ ok: true, tag: null });
    expect(parseTag(" ! ")).toEqual({ ok: false, problem: "negated" });
  });
});
