import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatClock, pause, resume, runningMs, runningSeconds, type Stopwatch } from "./stopwatch.ts";

const S = 1000;
const start = (at: number): Stopwatch => ({ startedAt: at, pausedAt: null, pausedTimeDiff: 0 });

describe("running time over pauses", () => {
  it("counts from the start while running, and freezes while paused", () => {
    const w = start(1_000_000);
    expect(runningMs(w, 1_000_000)).toBe(0);
    expect(runningMs(w, 1_000_000 + 65 * S)).toBe(65 * S);
    const paused = pause(w, 1_000_000 + 65 * S);
    expect(runningMs(paused, 1_000_000 + 65 * S)).toBe(65 * S);
    expect(runningMs(paused, 1_000_000 + 3600 * S)).toBe(65 * S);
  });

  it("leaves the paused spans out after several pauses", () => {
    let w = start(0);
    // run 10 s, pause 5 s, run 20 s, pause 15 s, run 7 s
    w = pause(w, 10 * S);
    w = resume(w, 15 * S);
    expect(w).toEqual({ startedAt: 0, pausedAt: null, pausedTimeDiff: 5 * S });
    w = pause(w, 35 * S);
    w = resume(w, 50 * S);
    expect(w.pausedTimeDiff).toBe(20 * S);
    expect(runningSeconds(w, 57 * S)).toBe(37);
    w = pause(w, 57 * S);
    expect(runningSeconds(w, 10_000 * S)).toBe(37);
  });

  it("is the same whether ticks were counted or not: only the timestamps matter (a sleeping laptop)", () => {
    const w = start(0);
    // Nothing ran between 0 and 8 hours: the reading after waking is the full span.
    expect(runningSeconds(w, 8 * 3600 * S)).toBe(8 * 3600);
  });

  it("ignores a second stop or resume, and a pause before the start", () => {
    const w = pause(start(100 * S), 110 * S);
    expect(pause(w, 200 * S)).toBe(w);
    const r = resume(w, 120 * S);
    expect(resume(r, 130 * S)).toBe(r);
    expect(pause(start(100 * S), 50 * S).pausedAt).toBe(100 * S);
  });

  it("never reads negative (a clock set back) and drops partial seconds", () => {
    expect(runningMs(start(10 * S), 5 * S)).toBe(0);
    expect(runningSeconds(start(0), 1999)).toBe(1);
    expect(runningSeconds(start(0), 999)).toBe(0);
  });

  it("equals the sum of the running spans, whatever the pauses", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(10_000_000), fc.nat(10_000_000)), { maxLength: 20 }), (spans) => {
        let w = start(0);
        let now = 0;
        let ran = 0;
        for (const [run, rest] of spans) {
          now += run;
          ran += run;
          w = pause(w, now);
          now += rest;
          w = resume(w, now);
        }
        expect(runningMs(w, now)).toBe(ran);
      }),
    );
  });
});

describe("formatClock", () => {
  it("shows hours, minutes and seconds, two digits each, past 24 h too", () => {
    expect(formatClock(0)).toBe("00:00:00");
    expect(formatClock(59)).toBe("00:00:59");
    expect(formatClock(60)).toBe("00:01:00");
    expect(formatClock(3599)).toBe("00:59:59");
    expect(formatClock(3600)).toBe("01:00:00");
    expect(formatClock(3723.9)).toBe("01:02:03");
    expect(formatClock(100 * 3600)).toBe("100:00:00");
    expect(formatClock(-5)).toBe("00:00:00");
  });
});
