import { describe, expect, it } from "vitest";
import { formatClock } from "../common/stopwatch.ts";
import { EARTH_RADIUS_M } from "./distance.ts";
import {
  addFix,
  elapsedSeconds,
  type Fix,
  livePace,
  pauseRun,
  restoreRun,
  resumeRun,
  runEntryMetrics,
  runState,
  sessionOf,
  startRun,
  stopRun,
} from "./run.ts";

const T0 = Date.UTC(2026, 10, 22, 7, 0, 0);
const s = (seconds: number) => T0 + seconds * 1000;
const north = (m: number) => (m / EARTH_RADIUS_M) * (180 / Math.PI);
const fix = (m: number, extra: Partial<Fix> = {}): Fix => ({
  latitude: north(m),
  longitude: 0,
  speed: null,
  accuracy: 5,
  ...extra,
});

describe("a run's states and elapsed time", () => {
  it("runs, freezes while paused, runs on after Resume, freezes for good at Stop", () => {
    let run = startRun("r1", s(0));
    expect(runState(run)).toBe("running");
    expect(elapsedSeconds(run, s(59.9))).toBe(59);
    run = pauseRun(run, s(60));
    expect(runState(run)).toBe("paused");
    expect(elapsedSeconds(run, s(500))).toBe(60);
    run = resumeRun(run, s(120));
    expect(runState(run)).toBe("running");
    expect(run.segment).toBe(1);
    expect(elapsedSeconds(run, s(180))).toBe(120);
    run = pauseRun(run, s(200));
    run = resumeRun(run, s(300));
    expect(run.segment).toBe(2);
    run = stopRun(run, s(330));
    expect(runState(run)).toBe("stopped");
    expect(formatClock(elapsedSeconds(run, s(10_000)))).toBe("00:02:50");
    // Stopped stays stopped.
    expect(resumeRun(run, s(400))).toBe(run);
    expect(pauseRun(run, s(400))).toBe(run);
    expect(sessionOf(run).duration).toBe(170);
  });
  it("Resume on a running run and Pause on a paused one change nothing", () => {
    const run = startRun("r1", s(0));
    expect(resumeRun(run, s(5))).toBe(run);
    const paused = pauseRun(run, s(5));
    expect(pauseRun(paused, s(9))).toEqual(paused);
  });
});

describe("positions", () => {
  it("takes accurate fixes while running, with the page's time and the current segment", () => {
    let run = startRun("r1", s(0));
    run = addFix(run, fix(0, { speed: 3 }), s(0));
    run = addFix(run, fix(100, { accuracy: 50 }), s(30));
    expect(run.positions).toEqual([
      { latitude: 0, longitude: 0, timestamp: s(0), speed: 3, segment: 0 },
      { latitude: north(100), longitude: 0, timestamp: s(30), speed: null, segment: 0 },
    ]);
  });
  it("drops fixes worse than 50 m, and ignores those that arrive while paused or stopped", () => {
    let run = startRun("r1", s(0));
    expect(addFix(run, fix(0, { accuracy: 50.1 }), s(1))).toBe(run);
    expect(addFix(run, fix(0, { accuracy: Number.NaN }), s(1))).toBe(run);
    run = pauseRun(run, s(2));
    expect(addFix(run, fix(0), s(3))).toBe(run);
    run = stopRun(resumeRun(run, s(4)), s(5));
    expect(addFix(run, fix(0), s(6))).toBe(run);
  });
  it("does not count the way covered while paused", () => {
    let run = startRun("r1", s(0));
    run = addFix(run, fix(0), s(0));
    run = addFix(run, fix(1000), s(300));
    run = pauseRun(run, s(300));
    run = addFix(run, fix(2000), s(400));
    run = resumeRun(run, s(600));
    run = addFix(run, fix(3000), s(600));
    run = addFix(run, fix(4000), s(960));
    const session = sessionOf(stopRun(run, s(960)));
    expect(session.distance).toBeCloseTo(2000, 6);
    expect(session.duration).toBe(660);
    expect(session.averagePace).toBeCloseTo(5.5, 9);
    expect(session.date).toBe(new Date(T0).toISOString());
    expect(session.positions.map((p) => p.segment)).toEqual([0, 0, 1, 1]);
  });
});

describe("livePace", () => {
  it("takes the latest reported speed when positive", () => {
    let run = addFix(startRun("r1", s(0)), fix(0), s(0));
    run = addFix(run, fix(10, { speed: 16.6667 / 4 }), s(100));
    expect(livePace(run)).toBeCloseTo(4, 9);
  });
  it("else the last two positions of the current segment", () => {
    let run = addFix(startRun("r1", s(0)), fix(0), s(0));
    expect(livePace(run)).toBeNull();
    run = addFix(run, fix(200, { speed: 0 }), s(60));
    expect(livePace(run)).toBeCloseTo(5, 9);
    // After Resume, the point before the pause does not count.
    run = resumeRun(pauseRun(run, s(60)), s(90));
    expect(livePace(run)).toBeNull();
    run = addFix(run, fix(500), s(90));
    expect(livePace(run)).toBeNull();
    run = addFix(run, fix(600), s(126));
    expect(livePace(run)).toBeCloseTo(6, 9);
  });
  it("is unknown while paused", () => {
    const run = addFix(addFix(startRun("r1", s(0)), fix(0, { speed: 3 }), s(0)), fix(10, { speed: 3 }), s(3));
    expect(livePace(pauseRun(run, s(4)))).toBeNull();
  });
});

describe("restoreRun", () => {
  it("brings back a run found running as paused where the page last saw it", () => {
    let run = addFix(startRun("r1", s(0)), fix(0), s(0));
    run = { ...addFix(run, fix(100), s(30)), seenAt: s(40) };
    const restored = restoreRun(JSON.parse(JSON.stringify(run)));
    expect(restored && runState(restored)).toBe("paused");
    expect(restored && elapsedSeconds(restored, s(1000))).toBe(40);
    expect(restored?.positions).toEqual(run.positions);
  });
  it("keeps a paused or stopped run as it was", () => {
    const paused = pauseRun(startRun("r1", s(0)), s(10));
    expect(restoreRun(JSON.parse(JSON.stringify({ ...paused, seenAt: s(50) })))).toEqual({ ...paused, seenAt: s(50) });
    const stopped = stopRun(startRun("r2", s(0)), s(20));
    expect(restoreRun(JSON.parse(JSON.stringify(stopped)))).toEqual(stopped);
  });
  it("reads what is not a run as none", () => {
    const good = startRun("r1", s(0));
    for (const bad of [
      null,
      "run",
      {},
      { ...good, id: "" },
      { ...good, watch: null },
      { ...good, watch: { ...good.watch, startedAt: "now" } },
      { ...good, segment: -1 },
      { ...good, positions: [{ latitude: 91, longitude: 0, timestamp: 0, speed: null }] },
      { ...good, positions: "none" },
    ])
      expect(restoreRun(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe("runEntryMetrics", () => {
  it("sends whole seconds and km to 3 decimals", () => {
    const session = { id: "r", date: "", positions: [], duration: 600, distance: 2000.4999, averagePace: 5 };
    expect(runEntryMetrics(session)).toEqual([
      { name: "duration", value: 600 },
      { name: "distance", value: 2 },
    ]);
    expect(runEntryMetrics({ ...session, distance: 1234.56 })[1]).toEqual({ name: "distance", value: 1.235 });
  });
});
