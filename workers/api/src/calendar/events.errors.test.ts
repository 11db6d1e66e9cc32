import { env } from "cloudflare:test";
import { EVENT_NOTE_MAX, EVENT_TITLE_MAX, EVENTS_MAX } from "@nook/shared/calendar/events";
import { beforeEach, describe, expect, it } from "vitest";
import { count, dumpDb, errorBodyOf, errorOf, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { calendarCall, DENTIST } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let eventId: number;
let version: string;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  const made = await (await calendarCall(ann, "POST", "/events", DENTIST)).json<{
    data: { id: number; modifiedAt: string };
  }>();
  eventId = made.data.id;
  version = made.data.modifiedAt;
});

const post = (body: unknown) => () => calendarCall(ann, "POST", "/events", body);
const put = (body: unknown) => () => calendarCall(ann, "PUT", `/events/${eventId}`, body);

describe("an event that is not one: 400, nothing written", () => {
  refusesEach([
    ["no title", "Title is required", post({ ...DENTIST, title: undefined })],
    ["a blank title", "An event needs a title", post({ ...DENTIST, title: "   " })],
    [
      "a title too long",
      `An event's title is at most ${EVENT_TITLE_MAX} characters`,
      post({ ...DENTIST, title: "x".repeat(EVENT_TITLE_MAX + 1) }),
    ],
    ["a title of two lines", "Title cannot contain control characters", post({ ...DENTIST, title: "a\nb" })],
    [
      "a note too long",
      `An event's note is at most ${EVENT_NOTE_MAX} characters`,
      post({ ...DENTIST, note: "x".repeat(EVENT_NOTE_MAX + 1) }),
    ],
    ["no date", "Date is required", post({ ...DENTIST, date: undefined })],
    ["30 February", "An event's date is a date (YYYY-MM-DD)", post({ ...DENTIST, date: "2026-02-30" })],
    ["a year far out", "Date must be a date from year 1000 to 3000", post({ ...DENTIST, date: "3001-01-01" })],
    ["a start of 24:00", "start and end are times of day (HH:MM)", post({ ...DENTIST, start: "24:00" })],
    ["an end with seconds", "start and end are times of day (HH:MM)", post({ ...DENTIST, end: "10:00:00" })],
    [
      "a start without an end",
      "An event has both a start and an end, or neither (all day)",
      post({ ...DENTIST, end: null }),
    ],
    ["a repeat of daily", "repeat is none, weekly, monthly or yearly", post({ ...DENTIST, repeat: "daily" })],
    ["an edit without a title", "An event needs a title", put({ ...DENTIST, title: "" })],
    [
      "an edit with an id that is not one",
      "The id must be a whole number",
      () => calendarCall(ann, "PUT", "/events/x", DENTIST),
    ],
  ]);

  it("refuses an If-Match that is not a version, and a 5,001st event with 409", async () => {
    const bad = await calendarCall(ann, "PUT", `/events/${eventId}`, DENTIST, { "If-Match": "yesterday" });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("The If-Match header is a modifiedAt as the API gave it");
    // At the limit (rows written straight to D1 in batches of 100: the route's one check is the count).
    const stmt = env.DB.prepare(
      "INSERT INTO events (user_id, title, date, created_at, modified_at) VALUES (?, 'x', '2026-01-01', 1, 1)",
    );
    for (let i = 1; i < EVENTS_MAX; i += 100)
      await env.DB.batch(Array.from({ length: Math.min(100, EVENTS_MAX - i) }, () => stmt.bind(ann.id)));
    expect(await count("events")).toBe(EVENTS_MAX);
    const over = await calendarCall(ann, "POST", "/events", DENTIST);
    expect(over.status).toBe(409);
    expect(await errorOf(over)).toBe(`An account keeps at most ${EVENTS_MAX} events`);
    expect(await count("events")).toBe(EVENTS_MAX);
    expect(version).toMatch(/Z$/);
  });

  it("answers 404 for an event that is not there", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await calendarCall(ann, method, `/events/${eventId + 1}`, method === "PUT" ? DENTIST : undefined);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe("Event not found");
    }
  });
});

describe("a time the profile's zone skips: 400 naming the gap, nothing written", () => {
  const zone = (name: string) => env.DB.prepare("UPDATE users SET time_zone = ? WHERE id = ?").bind(name, ann.id).run();
  const at = (date: string, start: string, end: string, repeat = "none") => ({ ...DENTIST, date, start, end, repeat });

  it("refuses Berlin's 02:30 on 28 March 2027, in a create and an edit, with the code and values", async () => {
    await zone("Europe/Berlin");
    const before = await dumpDb();
    const res = await calendarCall(ann, "POST", "/events", at("2027-03-28", "02:30", "03:30"), {
      "Idempotency-Key": "in-the-gap",
    });
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toEqual({
      message: "There is no 02:30 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00",
      error: "There is no 02:30 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00",
      code: "calendar.eventTimeSkipped",
      values: { time: "02:30", date: "2027-03-28", zone: "Europe/Berlin", from: "02:00", to: "03:00" },
    });
    const edit = await calendarCall(ann, "PUT", `/events/${eventId}`, at("2027-03-27", "23:00", "02:15"), {
      "If-Match": version,
    });
    expect(await errorOf(edit)).toBe(
      "There is no 02:15 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00",
    );
    expect(await dumpDb()).toEqual(before);
    // The key was not kept: the same key with a time that happens makes the event.
    const fixed = await calendarCall(ann, "POST", "/events", at("2027-03-28", "03:00", "04:00"), {
      "Idempotency-Key": "in-the-gap",
    });
    expect(fixed.status).toBe(201);
  });

  it("refuses Lord Howe's 02:10 on 3 October 2027 (a half-hour jump), and a weekly event on the day it meets one", async () => {
    await zone("Australia/Lord_Howe");
    const res = await calendarCall(ann, "POST", "/events", at("2027-10-03", "02:10", "02:40"));
    expect(await errorOf(res)).toBe(
      "There is no 02:10 on 2027-10-03 in Australia/Lord_Howe: the clocks jump from 02:00 to 02:30",
    );
    await zone("Europe/Berlin");
    // Every Sunday from 3 January 2027: the first it meets is 28 March.
    const weekly = await calendarCall(ann, "POST", "/events", at("2027-01-03", "02:30", "03:00", "weekly"));
    expect(await errorOf(weekly)).toBe(
      "There is no 02:30 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00",
    );
    expect(await count("events")).toBe(1);
  });
});
