import { describe, expect, it } from "vitest";
import { parseSessions, type RunSession, readSession, segmentsOf } from "./session.ts";

const session: RunSession = {
  id: "a1",
  date: "2026-11-22T07:00:00.000Z",
  positions: [
    { latitude: 55.75, longitude: 37.61, timestamp: 1, speed: 2.5, segment: 0 },
    { latitude: 55.76, longitude: 37.62, timestamp: 2, speed: null, segment: 1 },
  ],
  duration: 600,
  distance: 1234.5,
  averagePace: 8.1,
  journalEntryId: 7,
};

describe("parseSessions", () => {
  it("reads back what was stored", () => {
    const problems: string[] = [];
    expect(parseSessions(JSON.stringify([session]), (p) => problems.push(p))).toEqual([session]);
    expect(parseSessions(null, (p) => problems.push(p))).toEqual([]);
    expect(problems).toEqual([]);
  });
  it("reads older data: numeric ids, no segment, no pace, no speed", () => {
    const old = {
      id: 1_700_000_000_000,
      date: "2023-11-14T22:13:20.000Z",
      positions: [{ latitude: 1, longitude: 2, timestamp: 3 }],
      duration: 0,
      distance: 0,
      averagePace: null,
    };
    expect(parseSessions(JSON.stringify([old]), () => {})).toEqual([
      { ...old, id: "1700000000000", positions: [{ latitude: 1, longitude: 2, timestamp: 3, speed: null }] },
    ]);
  });
  it("reads data that is not a list as no sessions, and says so", () => {
    for (const bad of ["{", "42", '{"id":1}', "null"]) {
      const problems: string[] = [];
      expect(
        parseSessions(bad, (p) => problems.push(p)),
        bad,
      ).toEqual([]);
      expect(problems).toHaveLength(1);
    }
  });
  it("keeps the sessions it can read and reports the others", () => {
    const problems: string[] = [];
    const bad = [
      null,
      { ...session, id: "" },
      { ...session, date: "yesterday" },
      { ...session, duration: -1 },
      { ...session, distance: "far" },
      { ...session, positions: [{ latitude: 0, longitude: 181, timestamp: 0 }] },
      { ...session, positions: [{ latitude: 0, longitude: 0, timestamp: 0, segment: 1.5 }] },
    ];
    expect(parseSessions(JSON.stringify([...bad, session]), (p) => problems.push(p))).toEqual([session]);
    expect(problems).toHaveLength(bad.length);
  });
  it("drops a journal entry id that is not one", () => {
    expect(readSession({ ...session, journalEntryId: "7" })).not.toHaveProperty("journalEntryId");
    expect(readSession({ ...session, averagePace: "fast" })?.averagePace).toBeNull();
  });
});

describe("segmentsOf", () => {
  it("groups consecutive positions of one segment; none given counts as segment 0", () => {
    const p = (segment?: number) => ({ latitude: 0, longitude: 0, timestamp: 0, speed: null, segment });
    expect(segmentsOf([p(), p(), p(1), p(1), p(2)]).map((s) => s.length)).toEqual([2, 2, 1]);
    expect(segmentsOf([p(), p(0)]).map((s) => s.length)).toEqual([2]);
    expect(segmentsOf([])).toEqual([]);
  });
});
