import { env } from "cloudflare:test";
import { NookExport } from "@nook/shared/user/export";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { BTC, ETH } from "../donate/test-calls.ts";
import { AUTH, bearer, errorBodyOf, passwordHash, resetDb, send, signedInUser } from "../test/helpers.ts";
import { fillAccount } from "../test/your-data.ts";
import { streamOf } from "./export-stream.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  await fillAccount(ann);
  await fillAccount(bob);
});

const get = (user: User | null, path = "/api/user/export") =>
  send("GET", `${AUTH}${path}`, undefined, user ? bearer(user.token) : {});

/** A time the server stamped (created, modified): an ISO date-time, whatever the instant. */
const STAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** Ann's whole export, as fillAccount wrote it (test/your-data.ts). */
const annsExport = {
  format: "nook",
  version: 1,
  exportedAt: STAMP,
  profile: {
    email: "ann@example.com",
    name: "Ann",
    username: "ann",
    dateOfBirth: null,
    accentColor: "orange",
    timeZone: "Europe/Moscow",
    createdAt: STAMP,
  },
  // In the order they were first written (the tags' ids); people's tags carry their '@'.
  tags: ["coffee", "@ada", "down", "up", "focus", "books", "@friends"],
  metrics: ["mood", "cups", "duration"],
  stacks: [
    {
      name: "Ann's stack",
      icon: "☕",
      createdAt: STAMP,
      items: [
        {
          title: "coffee streak",
          type: "streaks",
          uptimeOnly: false,
          tagsSign: "&&",
          position: 0,
          config: {
            filter: [{ name: "coffee", not: false }],
            timeRange: null,
            metric: null,
            date: null,
            goal: { times: 3, per: "week" },
          },
          createdAt: STAMP,
        },
        {
          title: "most cups",
          type: "max",
          uptimeOnly: true,
          tagsSign: "||",
          position: 2,
          config: {
            filter: [
              { name: "coffee", not: false },
              { name: "down", not: true },
            ],
            timeRange: "week",
            metric: "cups",
            date: "2026-03-06T12:00:00.000Z",
            goal: null,
          },
          createdAt: STAMP,
        },
      ],
    },
  ],
  timers: [
    {
      text: "deep work",
      tags: ["focus"],
      initAt: "2026-03-05T08:00:00.000Z",
      startedAt: "2026-03-05T08:00:00.000Z",
      pausedAt: "2026-03-05T09:00:00.000Z",
      pausedTimeDiff: 600_000,
      goal: null,
      complete: true,
      modifiedAt: STAMP,
    },
    {
      text: "reading",
      tags: ["books"],
      initAt: "2026-03-06T10:00:00.000Z",
      startedAt: "2026-03-06T10:00:00.000Z",
      pausedAt: null,
      pausedTimeDiff: 0,
      goal: "2026-03-06T10:30:00.000Z",
      complete: false,
      modifiedAt: STAMP,
    },
  ],
  people: [
    {
      name: "Ada Lovelace",
      email: "ada@example.org",
      birthDate: "1990-03-05",
      tags: ["@ada", "@friends"],
      createdAt: STAMP,
      modifiedAt: STAMP,
    },
  ],
  checklists: [
    {
      name: "Ann's plan",
      content: '- [x] buy beans\n- [ ] grind, "fine"',
      deadline: "2026-03-07T12:00:00.000Z",
      createdAt: STAMP,
      modifiedAt: STAMP,
    },
  ],
  // In the order they were made; an all-day event's times are null.
  events: [
    {
      title: "Dentist",
      note: 'Card,\nand "the form"',
      date: "2026-03-19",
      start: "09:00",
      end: "09:45",
      repeat: "weekly",
      createdAt: STAMP,
      modifiedAt: STAMP,
    },
    {
      title: "Ann's day off",
      note: "",
      date: "2026-03-20",
      start: null,
      end: null,
      repeat: "none",
      createdAt: STAMP,
      modifiedAt: STAMP,
    },
  ],
  donateInfo: {
    title: "Ann's page",
    ethAddress: ETH,
    btcAddress: BTC,
    paypalDonateButtonId: "ABCDEFGHIJKLM",
    updatedAt: STAMP,
  },
  donations: [
    {
      chain: "btc",
      txId: "b".repeat(64),
      amount: "12345",
      fromAddress: "bc1qsender",
      at: "2026-03-01T00:00:00.000Z",
      recordedAt: "2026-03-01T00:00:00.000Z",
    },
  ],
  // Oldest first; each entry's tags and metrics in name order.
  entries: [
    {
      // The saved timer's entry, at its pause: 60 min less 10 paused = 3000 s.
      date: "2026-03-05T09:00:00.000Z",
      modifiedAt: STAMP,
      text: "deep work",
      tags: ["focus"],
      metrics: [{ name: "duration", value: 3000 }],
    },
    {
      date: "2026-03-05T12:00:00.000Z",
      modifiedAt: STAMP,
      text: `Ann's day, "quoted", a comma\r\nand a second line`,
      tags: ["@ada", "coffee"],
      metrics: [
        { name: "cups", value: 2.5 },
        { name: "mood", value: 4 },
      ],
    },
    { date: "2026-03-05T22:00:00.000Z", modifiedAt: STAMP, text: "", tags: ["down"], metrics: [] },
    {
      date: "2026-03-06T07:00:00.000Z",
      modifiedAt: STAMP,
      text: "Привет, мир 🌍 =1+1",
      tags: ["up"],
      metrics: [{ name: "cups", value: 1 }],
    },
  ],
};

describe("GET /api/user/export", () => {
  it("is every kind the user owns, with the exact values written, as one document of the format", async () => {
    const res = await get(ann);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    // The day in Ann's zone (Moscow).
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="nook-ann-${day}.json"`);
    const text = await res.text();
    const doc = JSON.parse(text);
    expect(doc).toEqual(annsExport);
    // The keys in the format's order, entries last.
    expect(Object.keys(doc)).toEqual(Object.keys(annsExport));
    // The format's own schema takes it (the import will read it with this).
    expect(v.safeParse(NookExport, doc).issues).toBeUndefined();
    // No password hash, no session, nothing of Bob's.
    expect(text).not.toContain(await passwordHash());
    expect(text).not.toMatch(/password|session|"id"|user_?id/i);
    expect(text).not.toContain("Bob");
    // Nor the calendar feed's address: a secret capability, which an import must not recreate.
    const feed = await env.DB.prepare("SELECT lookup, secret FROM calendar_feeds WHERE user_id = ?")
      .bind(ann.id)
      .first<{ lookup: string; secret: string }>();
    expect(feed).not.toBeNull();
    expect(text).not.toContain(feed?.lookup);
    expect(text).not.toContain(feed?.secret);
  });

  it("an account with nothing in it: the profile and empty lists", async () => {
    const cleo = await signedInUser("Cleo");
    const doc = await (await get(cleo)).json();
    expect(doc).toEqual({
      format: "nook",
      version: 1,
      exportedAt: STAMP,
      profile: { ...annsExport.profile, email: "cleo@example.com", name: "Cleo", username: "cleo" },
      tags: [],
      metrics: [],
      stacks: [],
      timers: [],
      people: [],
      checklists: [],
      events: [],
      donateInfo: null,
      donations: [],
      entries: [],
    });
  });

  it("pages through thousands of entries in (date, id) order, equal dates by id, every one once", async () => {
    // 2,500 more entries (2.5 pages of 1,000) straight into D1, two a minute so pairs share a date: the
    // first page ends inside a pair (i = 999 and 1000 both at minute 500), which the (date, id) key must not split.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2499)
       INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
       SELECT ?, 'bulk ' || i, ? + ((i + 1) / 2) * 60000, 1, 'f' FROM n`,
    )
      .bind(ann.id, Date.UTC(2025, 0, 1))
      .run();
    const doc = await (await get(ann)).json<{ entries: { date: string; text: string }[] }>();
    expect(doc.entries).toHaveLength(2504);
    expect(doc.entries.slice(0, 2500).map((e) => e.text)).toEqual(Array.from({ length: 2500 }, (_, i) => `bulk ${i}`));
    const minute500 = new Date(Date.UTC(2025, 0, 1) + 500 * 60000).toISOString();
    expect([doc.entries[999]?.date, doc.entries[1000]?.date]).toEqual([minute500, minute500]);
    expect(doc.entries.slice(2500).map((e) => e.date)).toEqual(annsExport.entries.map((e) => e.date));
  });

  it("signed out: 401 with the error body, and a session that has ended: 401", async () => {
    const out = await get(null);
    expect(out.status).toBe(401);
    expect((await errorBodyOf(out)).code).toBe("platform.signedOut");
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ann.id).run();
    const ended = await get(ann);
    expect(ended.status).toBe(401);
    expect((await errorBodyOf(ended)).code).toBe("platform.signedOut");
  });
});

describe("the streamed body", () => {
  it("sends a page a pull, and a failure after the start ends the stream as failed, without the error's words", async () => {
    const pages: string[] = [];
    async function* rest() {
      pages.push("two");
      yield "two";
      throw new Error("D1_ERROR: SQLITE_BUSY at /work/src/secret.ts:1");
    }
    const reader = streamOf("one", rest()).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("one");
    // Nothing of the rest read until asked for.
    expect(pages).toEqual([]);
    expect(decoder.decode((await reader.read()).value)).toBe("two");
    const failed = await reader.read().then(
      () => "read",
      (err: Error) => err.message,
    );
    expect(failed).toBe("The export stopped");
  });
});
