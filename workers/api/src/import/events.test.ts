import { env } from "cloudflare:test";
import { type CalendarEvent, EVENTS_MAX } from "@nook/shared/calendar/events";
import type { ImportResult, ImportRun, ImportUndone } from "@nook/shared/import/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { calendarCall, DENTIST } from "../calendar/test-calls.ts";
import { bodyOf, count, errorBodyOf, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { userCall } from "../test/your-data.ts";
import { importFile, nookFile } from "./test-calls.ts";

// A file's events (DESIGN §5 "Today") go where its checklists go: each read by the events' route's rules
// (route-rules.test.ts), one copy however often the file is imported, taken back with the run, and never
// more than the EVENTS_MAX an account keeps (the route's 409, here the row that would pass it).

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const AT = "2026-03-05T12:00:00.000Z";
const event = (over: Partial<Record<keyof typeof DENTIST, string | null>> = {}) => ({
  ...DENTIST,
  createdAt: AT,
  modifiedAt: AT,
  ...over,
});
const importEvents = (events: unknown[], query = "format=nook") =>
  importFile(ann.token, query, JSON.stringify(nookFile({ events }, AT)), "application/json");
const eventsOf = async (user: User) =>
  (await bodyOf<{ data: CalendarEvent[] }>(await calendarCall(user, "GET", "/events"), 200)).data;
const runsOf = async (user: User) => bodyOf<ImportRun[]>(await userCall(user, "GET", "/user/imports"), 200);
const TOO_MANY = `An account keeps at most ${EVENTS_MAX} events`;

describe("a file's events", () => {
  it("one the account has (its title, day, times, repeat and note; not when it was made) is not added again", async () => {
    expect((await calendarCall(ann, "POST", "/events", DENTIST)).status).toBe(201);
    const file = [
      event({ title: "Dentist" }),
      event({ note: "Another note" }),
      event({ start: "10:00", end: "10:45" }),
      event({ repeat: "weekly" }),
      event({ date: "2026-03-20" }),
      // The file's second copy of the account's: the account has one, so one is added.
      event(),
    ];
    const first = await bodyOf<ImportResult>(await importEvents(file), 201);
    expect(first.kinds.events).toEqual({ added: 5, present: 1 });
    expect(await count("events", "user_id = ?", ann.id)).toBe(6);
    // Again: every one of them is there now.
    const again = await bodyOf<ImportResult>(await importEvents(file), 201);
    expect(again.kinds.events).toEqual({ added: 0, present: 6 });
    expect(await count("events", "user_id = ?", ann.id)).toBe(6);
    // Each as the file has it, its times of making kept.
    const made = await eventsOf(ann);
    expect(made.filter((e) => e.createdAt === AT)).toHaveLength(5);
  });

  it("are taken back by the import's undo; one edited since only when asked", async () => {
    expect((await calendarCall(ann, "POST", "/events", DENTIST)).status).toBe(201);
    const imported = [event({ title: "Gym", repeat: "weekly" }), event({ title: "Off", start: null, end: null })];
    await bodyOf<ImportResult>(await importEvents(imported), 201);
    const [run] = await runsOf(ann);
    expect(run?.added).toMatchObject({ events: 2 });
    const gym = (await eventsOf(ann)).find((e) => e.title === "Gym");
    const edit = { ...DENTIST, title: "Gym at six", start: "18:00", end: "19:00", repeat: "weekly" };
    const put = await calendarCall(ann, "PUT", `/events/${gym?.id}`, edit, { "If-Match": gym?.modifiedAt ?? "" });
    expect(put.status).toBe(200);

    const asked = await userCall(ann, "DELETE", `/user/imports/${run?.id}`);
    expect(asked.status).toBe(409);
    expect((await errorBodyOf(asked)).values).toEqual({ count: 1 });
    const undone = await bodyOf<ImportUndone>(
      await userCall(ann, "DELETE", `/user/imports/${run?.id}?edited=keep`),
      200,
    );
    expect(undone.removed.events).toBe(1);
    // The account's own, and the edited one, kept as the account's now.
    expect((await eventsOf(ann)).map((e) => e.title)).toEqual(["Dentist", "Gym at six"]);
    expect(await count("events", "user_id = ? AND import_id IS NOT NULL", ann.id)).toBe(0);
  });
});

describe("an account keeps at most EVENTS_MAX events, imported or made", () => {
  // One short of the most: "event 1" … "event 4999", all day on one day.
  beforeEach(async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EVENTS_MAX - 1})
        INSERT INTO events (user_id, title, note, date, "start", "end", "repeat", created_at, modified_at)
        SELECT ?1, 'event ' || i, '', '2026-03-19', NULL, NULL, 'none', ?2, ?2 FROM n`,
    )
      .bind(ann.id, Date.parse(AT))
      .run();
  });
  const held = (i: number) => event({ title: `event ${i}`, note: "", start: null, end: null, repeat: "none" });

  refusesEach([
    [
      "a preview of two more: the second, named by its place, as the route refuses it",
      `events[2]: ${TOO_MANY}`,
      () => importEvents([held(7), event({ title: "New" }), event({ title: "Newer" })], "format=nook&dryRun=1"),
    ],
  ]);

  it("a write of two more is refused at the one past it, and writes none (its run ends failed)", async () => {
    const res = await importEvents([event({ title: "New" }), event({ title: "Newer" })]);
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toEqual({
      code: "import.rowRefused",
      values: { row: "events[1]", reason: "calendar.eventsTooMany", max: EVENTS_MAX },
      message: `events[1]: ${TOO_MANY}`,
      error: `events[1]: ${TOO_MANY}`,
    });
    expect(await count("events", "user_id = ?", ann.id)).toBe(EVENTS_MAX - 1);
    expect((await runsOf(ann)).map((r) => r.state)).toEqual(["failed"]);
  });

  it("one more fills it; then the route refuses the next, and a file of events the account has is still taken", async () => {
    const filled = await bodyOf<ImportResult>(await importEvents([held(1), event({ title: "Last" }), held(2)]), 201);
    expect(filled.kinds.events).toEqual({ added: 1, present: 2 });
    expect(await count("events", "user_id = ?", ann.id)).toBe(EVENTS_MAX);
    const made = await calendarCall(ann, "POST", "/events", { ...DENTIST, title: "One too many" });
    expect(made.status).toBe(409);
    expect((await errorBodyOf(made)).code).toBe("calendar.eventsTooMany");
    // Nothing to add: nothing past the limit, so nothing refused.
    const again = await bodyOf<ImportResult>(await importEvents([held(3), event({ title: "Last" })]), 201);
    expect(again.kinds.events).toEqual({ added: 0, present: 2 });
    expect(await count("events", "user_id = ?", ann.id)).toBe(EVENTS_MAX);
  });
});

describe("a file's event at a time the account's zone skips", () => {
  const night = event({ title: "Night train", date: "2027-03-28", start: "02:30", end: "03:30" });

  it("is refused by its place as the route refuses it, nothing written; in a zone that skips nothing, taken", async () => {
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?").bind(ann.id).run();
    const res = await importEvents([event(), night]);
    expect(res.status).toBe(400);
    const words = "There is no 02:30 on 2027-03-28 in Europe/Berlin: the clocks jump from 02:00 to 03:00";
    expect(await errorBodyOf(res)).toEqual({
      code: "import.rowRefused",
      values: {
        row: "events[1]",
        reason: "calendar.eventTimeSkipped",
        time: "02:30",
        date: "2027-03-28",
        zone: "Europe/Berlin",
        from: "02:00",
        to: "03:00",
      },
      message: `events[1]: ${words}`,
      error: `events[1]: ${words}`,
    });
    expect(await count("events", "user_id = ?", ann.id)).toBe(0);
    // Moscow keeps one time all year: 02:30 happens there.
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Moscow' WHERE id = ?").bind(ann.id).run();
    expect((await bodyOf<ImportResult>(await importEvents([event(), night]), 201)).kinds.events).toEqual({
      added: 2,
      present: 0,
    });
  });
});
