import { EVENT_NOTE_MAX, EVENT_TITLE_MAX } from "@nook/shared/calendar/events";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, count, resetDb, signedInUser } from "../test/helpers.ts";
import { calendarCall, DENTIST } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Event {
  id: number;
  title: string;
  note: string;
  date: string;
  start: string | null;
  end: string | null;
  repeat: string;
  createdAt: string;
  modifiedAt: string;
}
let ann: User;
beforeEach(async () => {
  // Ann's profile zone is Europe/Moscow.
  await resetDb();
  ann = await signedInUser("Ann");
});

const add = async (body: object, headers: Record<string, string> = {}) =>
  (await bodyOf<{ data: Event }>(await calendarCall(ann, "POST", "/events", body, headers), 201)).data;
const span = async (from: string, to: string, tz?: string) =>
  bodyOf<{ events: { date: string; eventId: number; start: string | null }[] }>(
    await calendarCall(ann, "GET", `?from=${from}&to=${to}${tz ? `&tz=${tz}` : ""}`),
    200,
  );

describe("a person's own events", () => {
  it("are made, listed, replaced against their version and deleted", async () => {
    const made = await add(DENTIST);
    expect(made).toMatchObject({ ...DENTIST, id: expect.any(Number) });
    expect(made.modifiedAt).toBe(made.createdAt);
    const listed = await bodyOf<{ data: Event[] }>(await calendarCall(ann, "GET", "/events"), 200);
    expect(listed.data).toEqual([made]);

    const edit = { ...DENTIST, title: "Dentist, again", start: null, end: null, repeat: "monthly" };
    const put = await calendarCall(ann, "PUT", `/events/${made.id}`, edit, { "If-Match": made.modifiedAt });
    const edited = (await bodyOf<{ data: Event }>(put, 200)).data;
    expect(edited).toMatchObject({ ...edit, id: made.id, createdAt: made.createdAt });

    // The first version again: stale, refused with the event as it is now, nothing changed.
    const stale = await calendarCall(ann, "PUT", `/events/${made.id}`, DENTIST, { "If-Match": made.modifiedAt });
    expect(stale.status).toBe(409);
    expect((await stale.json<{ current: Event }>()).current).toEqual(edited);

    const gone = await calendarCall(ann, "DELETE", `/events/${made.id}`);
    expect(await bodyOf(gone, 200)).toEqual({ data: { id: made.id, message: "Event deleted" } });
    expect(await count("events")).toBe(0);
  });

  it("take an all-day event without times, a note of many lines and both limits", async () => {
    const allDay = await add({ title: "  Holiday  ", date: "2026-05-01" });
    expect(allDay).toMatchObject({ title: "Holiday", note: "", start: null, end: null, repeat: "none" });
    const long = await add({
      title: "т".repeat(EVENT_TITLE_MAX),
      note: `a\nb\r\n\t${"я".repeat(EVENT_NOTE_MAX - 6)}`,
      date: "2026-05-01",
    });
    expect(long.title).toHaveLength(EVENT_TITLE_MAX);
    expect(long.note).toHaveLength(EVENT_NOTE_MAX);
  });

  it("are made once for a retried create (Idempotency-Key)", async () => {
    const key = { "Idempotency-Key": "event-once" };
    const first = await add(DENTIST, key);
    const again = await calendarCall(ann, "POST", "/events", DENTIST, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json<{ data: Event }>()).data).toEqual(first);
    expect(await count("events")).toBe(1);
  });

  it("answer a retried edit by its key, not refused by the version it moved on", async () => {
    const made = await add(DENTIST);
    const headers = { "If-Match": made.modifiedAt, "Idempotency-Key": "edit-once" };
    const body = { ...DENTIST, title: "Moved" };
    const first = await bodyOf<{ data: Event }>(
      await calendarCall(ann, "PUT", `/events/${made.id}`, body, headers),
      200,
    );
    const again = await calendarCall(ann, "PUT", `/events/${made.id}`, body, headers);
    expect(again.status).toBe(200);
    expect((await again.json<{ data: Event }>()).data).toEqual(first.data);
  });
});

describe("the calendar's span with events", () => {
  it("gives each day a repeating event falls on, with its wall times, across the spring clock change", async () => {
    const weekly = await add({ ...DENTIST, repeat: "weekly" });
    // Europe/Berlin moves its clocks on 29 March 2026: 09:00 stays 09:00 on both sides.
    const { events } = await span("2026-03-01", "2026-04-05", "Europe/Berlin");
    expect(events).toEqual(
      ["2026-03-19", "2026-03-26", "2026-04-02"].map((date) => ({
        date,
        eventId: weekly.id,
        title: "Dentist",
        start: "09:00",
        end: "09:45",
        repeat: "weekly",
        continued: false,
      })),
    );
  });

  it("skips a month without the day, and keeps 29 February on the 28th in common years", async () => {
    const monthly = await add({ title: "Rent", date: "2026-01-31", repeat: "monthly" });
    const yearly = await add({ title: "Leap party", date: "2024-02-29", repeat: "yearly" });
    const { events } = await span("2026-01-01", "2026-06-30");
    expect(events.map((e) => [e.date, e.eventId])).toEqual([
      ["2026-01-31", monthly.id],
      ["2026-02-28", yearly.id],
      ["2026-03-31", monthly.id],
      ["2026-05-31", monthly.id],
    ]);
  });

  it("leaves out an event after the span and a single one before it, not a repeating one begun before it", async () => {
    await add({ title: "Before", date: "2025-12-31" });
    await add({ title: "After", date: "2026-02-01" });
    const weekly = await add({ title: "Gym", date: "2025-12-30", repeat: "weekly" });
    const { events } = await span("2026-01-01", "2026-01-31");
    expect(events.map((e) => [e.date, e.eventId])).toEqual(
      ["2026-01-06", "2026-01-13", "2026-01-20", "2026-01-27"].map((d) => [d, weekly.id]),
    );
  });
});
