import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EVENT_NOTE_MAX, EVENT_TITLE_MAX, EVENTS_MAX } from "../calendar/events.ts";
import { EventBody } from "../calendar/schemas.ts";
import { EXPORT_EVENTS_MAX, ExportEvent, NookExport } from "./export.ts";

const AT = "2026-03-05T12:00:00.000Z";
const TIMED = {
  title: "Dentist",
  note: "Card,\nand the form",
  date: "2026-03-19",
  start: "09:00",
  end: "09:45",
  repeat: "weekly",
  createdAt: AT,
  modifiedAt: AT,
};
const ALL_DAY = { ...TIMED, title: "Off", note: "", start: null, end: null, repeat: "none" };
const FILE = {
  format: "nook",
  version: 1,
  exportedAt: AT,
  profile: {
    email: "a@b.c",
    name: "A",
    username: "a",
    dateOfBirth: null,
    accentColor: "orange",
    timeZone: null,
    createdAt: AT,
  },
  tags: [],
  metrics: [],
  stacks: [],
  timers: [],
  people: [],
  checklists: [],
  events: [TIMED, ALL_DAY],
  donateInfo: null,
  donations: [],
  entries: [],
};

describe("an export's events", () => {
  it("take a timed event and an all-day one as the events' route writes them", () => {
    for (const e of [TIMED, ALL_DAY]) {
      expect(v.parse(ExportEvent, e)).toEqual(e);
      // What the export writes, the route would take (the import reads it so: route-rules.ts).
      const { createdAt: _, modifiedAt: __, ...body } = e;
      expect(v.parse(EventBody, body)).toEqual(body);
    }
  });

  it("have the bounds of the route's fields", () => {
    const refused = (over: Record<string, unknown>) => !v.safeParse(ExportEvent, { ...TIMED, ...over }).success;
    expect(refused({ title: "t".repeat(EVENT_TITLE_MAX) })).toBe(false);
    expect(refused({ title: "t".repeat(EVENT_TITLE_MAX + 1) })).toBe(true);
    expect(refused({ title: "two\nlines" })).toBe(true);
    expect(refused({ note: "n".repeat(EVENT_NOTE_MAX) })).toBe(false);
    expect(refused({ note: "n".repeat(EVENT_NOTE_MAX + 1) })).toBe(true);
    for (const time of ["9:00", "24:00", "09:60", "09:00:00", ""])
      expect([time, refused({ start: time })]).toEqual([time, true]);
    expect(refused({ date: "2026-13-01" })).toBe(true);
    expect(refused({ repeat: "daily" })).toBe(true);
    expect(refused({ createdAt: "2026-03-05" })).toBe(true);
    expect(refused({ note: undefined })).toBe(true);
  });

  it("are a list of at most the events an account keeps, and a file without the list (written before it) has none", () => {
    expect(EXPORT_EVENTS_MAX).toBe(EVENTS_MAX);
    expect(v.parse(NookExport, FILE).events).toEqual([TIMED, ALL_DAY]);
    const { events: _, ...before } = FILE;
    expect(v.parse(NookExport, before).events).toEqual([]);
    const tooMany = { ...FILE, events: Array.from({ length: EXPORT_EVENTS_MAX + 1 }, () => ALL_DAY) };
    expect(v.safeParse(NookExport, tooMany).success).toBe(false);
  });
});
