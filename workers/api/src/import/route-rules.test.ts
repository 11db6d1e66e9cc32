import { env, SELF } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { beforeEach, describe, expect, it } from "vitest";
import { BTC, ETH, PAGE } from "../donate/test-calls.ts";
import { bodyOf, count, dumpDb, errorBodyOf, ORIGIN, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { userCall } from "../test/your-data.ts";
import { importFile, nookFile } from "./test-calls.ts";

// A Nook file's rows are read by the rules of the routes that write their kinds (route-rules.ts): what a
// route would refuse, the import refuses, naming the row, and writes nothing; the donation page, which is
// public, only when asked.

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const AT = "2026-03-05T12:00:00.000Z";
const entry = (over: Partial<NookExport["entries"][number]> = {}) => ({
  date: AT,
  modifiedAt: AT,
  text: "a note",
  tags: [],
  metrics: [],
  ...over,
});
const person = (over: Partial<NookExport["people"][number]> = {}) => ({
  name: "Ada",
  email: "ada@example.org",
  birthDate: "1990-03-05",
  tags: [],
  createdAt: AT,
  modifiedAt: AT,
  ...over,
});
const event = (over: Partial<NookExport["events"][number]> = {}) => ({
  title: "Dentist",
  note: "",
  date: "2026-03-19",
  start: "09:00",
  end: "09:45",
  repeat: "weekly",
  createdAt: AT,
  modifiedAt: AT,
  ...over,
});
const page = (over: Partial<NonNullable<NookExport["donateInfo"]>> = {}) => ({
  title: PAGE.donatePageTitle,
  ethAddress: ETH,
  btcAddress: BTC,
  paypalDonateButtonId: PAGE.paypalDonateButtonId,
  updatedAt: AT,
  ...over,
});

/** A Nook export holding only what is given (a good entry first, so a refusal comes after a row that would be written). */
const fileOf = (over: Partial<Record<keyof NookExport, unknown>> = {}) =>
  nookFile({ entries: [entry({ text: "written first, were the file whole" })], ...over }, AT);
const nook =
  (over: Partial<Record<keyof NookExport, unknown>>, query = "format=nook") =>
  () =>
    importFile(ann.token, query, JSON.stringify(fileOf(over)), "application/json");
/** The good entry, then this one. */
const second = (over: Partial<NookExport["entries"][number]>) => ({
  entries: [entry({ text: "written first, were the file whole" }), entry(over)],
});

describe("a row a route would refuse refuses the file, named by its place, and nothing is written", () => {
  refusesEach([
    // Dates: a moment is read as the API reads one, within the journal's dates.
    [
      "an offset without its minutes (Date.parse reads NaN)",
      "The file is not a Nook export: entries[1].date is not valid",
      nook(second({ date: "2024-01-01T10:00:00+05" })),
    ],
    [
      "30 February (Date.parse reads 1 March)",
      "The file is not a Nook export: entries[1].date is not valid",
      nook(second({ date: "2024-02-30T10:00:00.000Z" })),
    ],
    [
      "year 1",
      "The file is not a Nook export: entries[1].date is not valid",
      nook(second({ date: "0001-01-01T00:00:00.000Z" })),
    ],
    [
      "year 9999",
      "The file is not a Nook export: entries[1].date is not valid",
      nook(second({ date: "9999-12-31T00:00:00.000Z" })),
    ],
    [
      "a year a moment can name but an entry cannot (the entries' route's range)",
      "entries[1]: Date must be between 1900-01-01 and 2199-12-31",
      nook(second({ date: "1899-12-31T23:00:00.000Z" })),
    ],
    [
      "a modification time that is no moment",
      "The file is not a Nook export: entries[1].modifiedAt is not valid",
      nook(second({ modifiedAt: "2024-01-01T10:00:00+05" })),
    ],
    // Metrics: as the journal takes them.
    [
      "mood 9",
      "entries[1]: Mood is a whole number from 1 to 5",
      nook(second({ metrics: [{ name: "mood", value: 9 }] })),
    ],
    [
      "a mood named in capitals is the mood",
      "entries[1]: Mood is a whole number from 1 to 5",
      nook(second({ metrics: [{ name: " Mood", value: 0 }] })),
    ],
    [
      "a negative duration",
      "entries[1]: A duration cannot be negative",
      nook(second({ metrics: [{ name: "duration", value: -1 }] })),
    ],
    [
      "Weight and weight on one entry (the journal stores names lower-cased: one metric twice)",
      "entries[1]: Each metric can appear once per entry",
      nook(
        second({
          metrics: [
            { name: "Weight", value: 70 },
            { name: "weight", value: 71 },
          ],
        }),
      ),
    ],
    ["a tag that starts with '!'", "entries[1]: A tag cannot start with '!'", nook(second({ tags: ["!late"] }))],
    [
      "a tag of the file's list that cannot be one",
      "tags[1]: A tag cannot start with '!'",
      nook({ tags: ["ok", "!no"] }),
    ],
    ["a blank metric name", "metrics[0]: A metric needs a label", nook({ metrics: ["  "] })],
    // People: as POST /api/people takes them.
    [
      "a person born on 29 February of a common year",
      "people[1]: Birth date is not a valid date",
      nook({ people: [person(), person({ birthDate: "2023-02-29" })] }),
    ],
    [
      "a person born after today",
      "people[0]: Birth date cannot be after today",
      nook({ people: [person({ birthDate: "2199-01-01" })] }),
    ],
    [
      "a person's e-mail that is none",
      "people[0]: Email is not valid",
      nook({ people: [person({ email: "not an email" })] }),
    ],
    ["a person without a name", "people[0]: Name is required", nook({ people: [person({ name: "   " })] })],
    // The donation page: as PUT /api/donate/info takes it, whether or not it is to be written.
    [
      "a donation page's ETH address that is none",
      "donateInfo: The ETH address must be 0x and 40 hexadecimal digits",
      nook({ donateInfo: page({ ethAddress: "0xNOT-AN-ADDRESS" }) }),
    ],
    [
      "a donation page's BTC address that is a script",
      "donateInfo: The BTC address is not a valid Bitcoin address",
      nook({ donateInfo: page({ btcAddress: "javascript:alert(19)//x" }) }, "format=nook&donatePage=1"),
    ],
    [
      "a donation page with a blank title",
      "donateInfo: Donation page title is required",
      nook({ donateInfo: page({ title: "   " }) }),
    ],
    [
      "a PayPal button id that is not one",
      "donateInfo: The PayPal button id may hold letters and digits only",
      nook({ donateInfo: page({ paypalDonateButtonId: "<b>x</b>" }) }),
    ],
    // Stacks, timers, checklists: as their routes take them.
    [
      "a stack without a name or icon",
      "stacks[0]: No update stack data presented",
      nook({ stacks: [{ name: " ", icon: "", createdAt: AT, items: [] }] }),
    ],
    [
      "a stack with an icon and no name",
      "stacks[0]: Name is required",
      nook({ stacks: [{ name: " ", icon: "☕", createdAt: AT, items: [] }] }),
    ],
    [
      "a stack item without a tag",
      "stacks[0].items[0]: empty tags",
      nook({
        stacks: [
          {
            name: "s",
            icon: "",
            createdAt: AT,
            items: [
              {
                title: "t",
                type: "sum",
                uptimeOnly: false,
                tagsSign: "&&",
                position: 0,
                config: { filter: [], timeRange: null, metric: null },
                createdAt: AT,
              },
            ],
          },
        ],
      }),
    ],
    [
      "a timer paused before it started",
      "timers[0]: A timer cannot be paused before it started",
      nook({
        timers: [
          {
            text: "",
            tags: [],
            initAt: AT,
            startedAt: AT,
            pausedAt: "2026-03-05T11:00:00.000Z",
            pausedTimeDiff: 0,
            goal: null,
            complete: true,
            modifiedAt: AT,
          },
        ],
      }),
    ],
    [
      "a checklist's deadline past the journal's dates",
      "checklists[0]: Deadline must be an ISO date-time",
      nook({
        checklists: [
          { name: "plan", content: "- [ ] a", deadline: "2250-01-01T00:00:00.000Z", createdAt: AT, modifiedAt: AT },
        ],
      }),
    ],
    // Events: as POST /api/calendar/events takes them.
    [
      "an event without a title",
      "events[1]: An event needs a title",
      nook({ events: [event(), event({ title: "  " })] }),
    ],
    [
      "an event on 30 February",
      "events[0]: An event's date is a date (YYYY-MM-DD)",
      nook({ events: [event({ date: "2026-02-30" })] }),
    ],
    [
      "an event with a start and no end",
      "events[0]: An event has both a start and an end, or neither (all day)",
      nook({ events: [event({ end: null })] }),
    ],
    [
      "an event in a year before the calendar's",
      "events[0]: Date must be a date from year 1000 to 3000",
      nook({ events: [event({ date: "0999-12-31" })] }),
    ],
    [
      "an event at 24:00 (no time of day)",
      "The file is not a Nook export: events[0].start is not valid",
      nook({ events: [event({ start: "24:00" })] }),
    ],
    [
      "an event's title past its route's longest",
      "The file is not a Nook export: events[0].title is not valid",
      nook({ events: [event({ title: "t".repeat(201) })] }),
    ],
    [
      "an event that repeats daily (none of the route's)",
      "The file is not a Nook export: events[0].repeat is not valid",
      nook({ events: [event({ repeat: "daily" as "weekly" })] }),
    ],
  ]);

  it("says the row and the reason apart: the reason by its own code and values, the place beside", async () => {
    const res = await nook({ people: [person({ name: " " })] })();
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toEqual({
      code: "import.rowRefused",
      values: { row: "people[0]", reason: "auth.nameRequired" },
      message: "people[0]: Name is required",
      error: "people[0]: Name is required",
    });
    const mood = await nook(second({ metrics: [{ name: "mood", value: 9 }] }))();
    expect((await errorBodyOf(mood)).values).toEqual({
      row: "entries[1]",
      reason: "journal.moodRange",
      min: 1,
      max: 5,
    });
    const untitled = await nook({ events: [event({ title: "" })] })();
    expect((await errorBodyOf(untitled)).values).toEqual({ row: "events[0]", reason: "calendar.eventTitleRequired" });
  });
});

describe("a row is stored as its route would store it", () => {
  it("reads a moment with a full offset as that moment, and names the journal lower-cases as one", async () => {
    const file = fileOf({
      metrics: ["Weight"],
      entries: [
        entry({
          date: "2024-01-01T10:00:00+05:00",
          tags: ["  Morning   Run ", "morning run"],
          metrics: [{ name: " Weight ", value: 70 }],
        }),
      ],
    });
    const res = await importFile(ann.token, "format=nook", JSON.stringify(file), "application/json");
    const result = await bodyOf<ImportResult>(res, 201);
    expect(result.kinds.metrics).toEqual({ added: 1, present: 0 });
    const rows = await env.DB.prepare(
      `SELECT e.date, (SELECT json_group_array(t.name) FROM entry_tags et JOIN tags t ON t.id = et.tag_id
         WHERE et.entry_id = e.id) AS tags,
       (SELECT json_group_array(json_array(m.name, em.value)) FROM entry_metrics em JOIN metrics m ON m.id = em.metric_id
         WHERE em.entry_id = e.id) AS metrics FROM entries e WHERE e.user_id = ?`,
    )
      .bind(ann.id)
      .all();
    expect(rows.results).toEqual([
      // A metric's value is stored as a real number.
      { date: Date.UTC(2024, 0, 1, 5), tags: '["morning run"]', metrics: '[["weight",70.0]]' },
    ]);
    expect(await count("metrics", "user_id = ?", ann.id)).toBe(1);
  });

  it("an event as the events' route stores it: its title trimmed, its note and times as written", async () => {
    const file = fileOf({
      events: [event({ title: "  Dentist ", note: " Card\n" }), event({ title: "Off", start: null, end: null })],
    });
    const result = await bodyOf<ImportResult>(
      await importFile(ann.token, "format=nook", JSON.stringify(file), "application/json"),
      201,
    );
    expect(result.kinds.events).toEqual({ added: 2, present: 0 });
    const rows = await env.DB.prepare(
      `SELECT title, note, date, "start", "end", "repeat", created_at, modified_at FROM events WHERE user_id = ? ORDER BY id`,
    )
      .bind(ann.id)
      .all();
    const stored = ({ createdAt, modifiedAt, ...e }: ReturnType<typeof event>) => ({
      ...e,
      created_at: Date.parse(createdAt),
      modified_at: Date.parse(modifiedAt),
    });
    expect(rows.results).toEqual([
      stored(event({ title: "Dentist", note: " Card\n" })),
      stored(event({ title: "Off", start: null, end: null })),
    ]);
  });
});

describe("the donation page: public, so written only when asked", () => {
  const withPage = () => JSON.stringify(fileOf({ donateInfo: page() }));
  const publicPage = () => SELF.fetch(`${ORIGIN}/api/donate/public/ann`);
  const published = {
    title: PAGE.donatePageTitle,
    ethAddress: ETH,
    btcAddress: BTC,
    paypalDonateButtonId: PAGE.paypalDonateButtonId,
  };

  it("the preview says what the file's page would publish; without the flag the write leaves it out", async () => {
    const preview = await bodyOf<ImportResult>(
      await importFile(ann.token, "format=nook&dryRun=1", withPage(), "application/json"),
      200,
    );
    expect(preview.donatePage).toEqual(published);
    expect(preview.kinds.donateInfo).toEqual({ added: 0, present: 0 });
    const asked = await bodyOf<ImportResult>(
      await importFile(ann.token, "format=nook&dryRun=1&donatePage=1", withPage(), "application/json"),
      200,
    );
    expect(asked.kinds.donateInfo).toEqual({ added: 1, present: 0 });

    const written = await bodyOf<ImportResult>(
      await importFile(ann.token, "format=nook", withPage(), "application/json"),
      201,
    );
    expect(written.kinds.donateInfo).toEqual({ added: 0, present: 0 });
    expect(written.kinds.entries.added).toBe(1);
    expect(await count("donate_info", "user_id = ?", ann.id)).toBe(0);
    expect(await count("donation_sources", "user_id = ?", ann.id)).toBe(0);
    expect((await publicPage()).status).toBe(404);
  });

  it("with donatePage=1 it is written, shown at /u/{username}, and its addresses watched as the page's route does", async () => {
    const res = await importFile(ann.token, "format=nook&donatePage=1", withPage(), "application/json");
    expect((await bodyOf<ImportResult>(res, 201)).kinds.donateInfo).toEqual({ added: 1, present: 0 });
    expect(await bodyOf(await publicPage(), 200)).toEqual(PAGE);
    const sources = await env.DB.prepare(
      "SELECT chain, address, checked_at FROM donation_sources WHERE user_id = ? ORDER BY chain",
    )
      .bind(ann.id)
      .all();
    expect(sources.results).toEqual([
      { chain: "btc", address: BTC, checked_at: 0 },
      { chain: "eth", address: ETH, checked_at: 0 },
    ]);
  });

  it("an account's own page stays as it is, asked or not", async () => {
    const own = { ...PAGE, donatePageTitle: "Mine", btcAddress: "" };
    expect((await userCall(ann, "PUT", "/donate/info", own)).status).toBe(200);
    const before = await dumpDb();
    const res = await importFile(ann.token, "format=nook&donatePage=1", withPage(), "application/json");
    const result = await bodyOf<ImportResult>(res, 201);
    expect(result.kinds.donateInfo).toEqual({ added: 0, present: 1 });
    expect(result.donatePage).toEqual(published);
    const after = await dumpDb();
    expect([after.donate_info, after.donation_sources]).toEqual([before.donate_info, before.donation_sources]);
  });

  it("a flag that is no flag is refused", async () => {
    const res = await importFile(ann.token, "format=nook&donatePage=yes", withPage(), "application/json");
    expect(res.status).toBe(400);
    expect((await errorBodyOf(res)).message).toBe("donatePage is 1 or 0");
  });
});
