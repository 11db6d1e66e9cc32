import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { ORIGIN, resetDb, signedInUser } from "./helpers.ts";

/**
 * What a request costs is mostly its trips to D1 (`npm run bench -- load`:
 * each one is a hop to the database and back, more than the SQL it runs), so
 * the trips of the busy routes are pinned here: a statement run on its own is
 * one, a batch of any length is one.
 */
class CountingStatement {
  constructor(
    readonly real: D1PreparedStatement,
    private readonly trip: (sql: string) => void,
    private readonly sql: string,
  ) {}
  bind(...values: unknown[]) {
    return new CountingStatement(this.real.bind(...values), this.trip, this.sql);
  }
  first(...args: Parameters<D1PreparedStatement["first"]>) {
    this.trip(this.sql);
    return this.real.first(...args);
  }
  all() {
    this.trip(this.sql);
    return this.real.all();
  }
  run() {
    this.trip(this.sql);
    return this.real.run();
  }
  raw(...args: Parameters<D1PreparedStatement["raw"]>) {
    this.trip(this.sql);
    return this.real.raw(...args);
  }
}

/** The Worker's env with a D1 that writes down each round trip: a statement's SQL, or "batch of N". */
function countingEnv() {
  const trips: string[] = [];
  const trip = (sql: string) => trips.push(sql.replace(/\s+/g, " ").slice(0, 60));
  const counting = (d1: D1Database | D1DatabaseSession) => ({
    prepare: (sql: string) => new CountingStatement(d1.prepare(sql), trip, sql),
    batch: (statements: CountingStatement[]) => {
      trips.push(`batch of ${statements.length}`);
      return d1.batch(statements.map((s) => s.real));
    },
  });
  // Each request works over a D1 session (platform/d1-session.ts): its trips are counted there.
  const DB = {
    ...counting(env.DB),
    withSession: (start?: string) => {
      const session = env.DB.withSession(start);
      return { ...counting(session), getBookmark: () => session.getBookmark() };
    },
  };
  return { env: { ...env, DB }, trips };
}

async function tripsOf(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const { env: counted, trips } = countingEnv();
  const res = await app.request(
    `${ORIGIN}${path}`,
    {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: ORIGIN,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    counted,
  );
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return { trips, body: await res.json<Record<string, unknown>>() };
}

let token: string;
beforeEach(async () => {
  await resetDb();
  ({ token } = await signedInUser("Ann"));
});

describe("round trips to D1", () => {
  it("a signed-in read is one trip: the session's check rides in front of the route's first read", async () => {
    // A GET's check is the session's row alone, a read a replica can answer (no insert into session_gate, a
    // write: auth/session-gate.ts), then the route's own statements.
    expect((await tripsOf(token, "GET", "/api/auth/checkAuth")).trips).toEqual(["batch of 1"]);
    expect((await tripsOf(token, "GET", "/api/journal/entries?limit=30")).trips).toEqual(["batch of 2"]);
    expect((await tripsOf(token, "GET", "/api/steps")).trips).toEqual(["batch of 2"]);
    expect((await tripsOf(token, "GET", "/api/people")).trips).toEqual(["batch of 3"]);
    // A year in pixels: its moods read before the zone is known, which comes with the session's row.
    expect((await tripsOf(token, "GET", "/api/journal/pixels?year=2026")).trips).toEqual(["batch of 2"]);
  });

  it("a route whose first read is not batched pays the check as a trip of its own", async () => {
    // GET /me reads the profile with a drizzle select outside a batch (rows as arrays, which a batch cannot give).
    const { trips } = await tripsOf(token, "GET", "/api/auth/me");
    expect(trips).toHaveLength(2);
    expect(trips[0]).toBe("batch of 1");
  });

  it("a page over a long run of lifts reads ahead twice as far each time", async () => {
    const { id: userId } = (await env.DB.prepare("SELECT user_id AS id FROM sessions").first<{ id: number }>()) as {
      id: number;
    };
    // 1,000 identical entries (one fingerprint), then two others on top.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
       INSERT INTO entries (user_id, text, date, modified_at, fingerprint) SELECT ?, 'smoke', 1700000000000 + i, 0, 'run' FROM n`,
    )
      .bind(userId)
      .run();
    await env.DB.prepare(
      "INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, 'tea', 1800000000000, 0, 'a'), (?, 'walk', 1800000000001, 0, 'b')",
    )
      .bind(userId, userId)
      .run();
    const { trips, body } = await tripsOf(token, "GET", "/api/journal/entries?limit=30");
    expect(Object.values(body).map((e) => (e as { text: string; totalLifts: number }).totalLifts)).toEqual([
      1, 1, 1000,
    ]);
    // Reads of 31 (with the session's check), 62, 124, 248, 496 and 512 rows (36 reads of about 30 before).
    expect(trips).toHaveLength(6);
  });

  it("a new entry is written and read back in one batch, the session's check in front", async () => {
    const { trips, body } = await tripsOf(token, "POST", "/api/journal/entries", {
      text: "tea",
      tags: ["morning", "green"],
      metrics: [{ name: "duration", value: 300 }],
    });
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatch(/^batch of /);
    // The answer is the entry as stored, read inside the batch that wrote it.
    expect(body).toMatchObject({
      text: "tea",
      tags: [{ name: "green" }, { name: "morning" }],
      metrics: [{ name: "duration", value: 300 }],
      isLifted: false,
      totalLifts: 1,
    });
    expect((await tripsOf(token, "GET", `/api/journal/entries/${body.id}`)).body).toEqual(body);
  });

  it("a keyed entry is one trip, its key claimed in the entry's own batch; a retry is answered in two", async () => {
    const key = { "Idempotency-Key": "5d0a4b7c-1e2f-4a3b-8c9d-0e1f2a3b4c5d" };
    const first = await tripsOf(token, "POST", "/api/journal/entries", { text: "tea", tags: ["green"] }, key);
    // The same one trip as without a key: the check, the entry, its key, the entry read back.
    expect(first.trips).toHaveLength(1);
    expect(first.trips[0]).toMatch(/^batch of /);
    const unkeyed = await tripsOf(token, "POST", "/api/journal/entries", { text: "tea", tags: ["green"] });
    expect(unkeyed.trips).toHaveLength(1);
    // A retry: its batch refused on the key (nothing written), the key's row with the check, the entry read.
    const again = await tripsOf(token, "POST", "/api/journal/entries", { text: "tea", tags: ["green"] }, key);
    expect(again.trips).toHaveLength(3);
    expect(again.body).toEqual(first.body);
  });

  it("a keyed person or checklist costs what an unkeyed one does: the key rides in the row's own batch", async () => {
    const person = { name: "Ada", email: "ada@example.org", birthDate: "1990-03-05", tags: ["ada"] };
    const key = (k: string) => ({ "Idempotency-Key": k });
    const unkeyedPerson = await tripsOf(token, "POST", "/api/people", person);
    const keyedPerson = await tripsOf(token, "POST", "/api/people", { ...person, name: "Grace" }, key("p-1"));
    // The write with the check, then the person read back.
    expect(keyedPerson.trips).toHaveLength(unkeyedPerson.trips.length);
    expect(keyedPerson.trips).toHaveLength(2);
    const again = await tripsOf(token, "POST", "/api/people", { ...person, name: "Grace" }, key("p-1"));
    expect(again.body).toEqual(keyedPerson.body);

    const unkeyedList = await tripsOf(token, "POST", "/api/steps", { name: "Trip" });
    const keyedList = await tripsOf(token, "POST", "/api/steps", { name: "Trip 2" }, key("s-1"));
    expect(unkeyedList.trips).toHaveLength(1);
    expect(keyedList.trips).toHaveLength(1);
    expect((await tripsOf(token, "POST", "/api/steps", { name: "Trip 2" }, key("s-1"))).body).toEqual(keyedList.body);
  });

  it("a keyed stack, stack item, donation page or timer start costs what an unkeyed one does: one trip", async () => {
    const key = (k: string) => ({ "Idempotency-Key": k });
    // Each create's one batch: the session's check, the row, its key (when keyed) and the answer read back.
    const pin = async (method: string, path: string, unkeyedBody: unknown, keyedBody: unknown, k: string) => {
      const unkeyed = await tripsOf(token, method, path, unkeyedBody);
      expect(unkeyed.trips, `${method} ${path}`).toEqual([expect.stringMatching(/^batch of /)]);
      const keyed = await tripsOf(token, method, path, keyedBody, key(k));
      expect(keyed.trips, `${method} ${path}, keyed`).toEqual([expect.stringMatching(/^batch of /)]);
      // A retry: its batch refused on the key (nothing written), the key's row, the made row read as it is now.
      const again = await tripsOf(token, method, path, keyedBody, key(k));
      expect(again.trips).toHaveLength(3);
      expect(again.body).toEqual(keyed.body);
      return { unkeyed: unkeyed.body, keyed: keyed.body };
    };

    const stack = await pin("POST", "/api/journal/stacks", { name: "Habits", icon: "☕" }, { name: "Reading" }, "st-1");
    expect(stack.keyed).toMatchObject({ name: "Reading", items: [] });
    const item = (title: string) => ({
      stackId: stack.unkeyed.id,
      title,
      type: "streaks",
      config: { filter: [{ name: "coffee" }] },
    });
    const items = await pin("POST", "/api/journal/stack-items", item("coffee"), item("tea"), "si-1");
    expect(items.keyed).toMatchObject({ title: "tea", config: { filter: [{ name: "coffee" }] } });
    const page = (title: string) => ({
      donatePageTitle: title,
      ethAddress: "",
      btcAddress: "",
      paypalDonateButtonId: "",
    });
    await pin("PUT", "/api/donate/info", page("Ann's page"), page("Ann's new page"), "di-1");

    // One unfinished timer a user: the unkeyed one is reset before the keyed one starts.
    const start = (text: string) => ({ text, tags: ["focus"], initAt: "2026-03-05T08:00:00.000Z" });
    const unkeyedTimer = await tripsOf(token, "POST", "/api/journal/timer", start("walk"));
    expect(unkeyedTimer.trips).toEqual([expect.stringMatching(/^batch of /)]);
    await tripsOf(token, "DELETE", "/api/journal/timer", { id: unkeyedTimer.body.id });
    const keyedTimer = await tripsOf(token, "POST", "/api/journal/timer", start("read"), key("ti-1"));
    expect(keyedTimer.trips).toEqual([expect.stringMatching(/^batch of /)]);
    expect(keyedTimer.body).toMatchObject({ text: "read", tags: [{ name: "focus" }], complete: false });
    const again = await tripsOf(token, "POST", "/api/journal/timer", start("read"), key("ti-1"));
    expect(again.trips).toHaveLength(3);
    expect(again.body).toEqual(keyedTimer.body);
  });

  it("a keyed timer save costs what an unkeyed one does: the timer's check, then one batch", async () => {
    const timer = await tripsOf(token, "POST", "/api/journal/timer", {
      text: "work",
      tags: [],
      initAt: "2026-03-05T08:00:00.000Z",
    });
    const update = (patch: Record<string, unknown>) => ({
      id: timer.body.id,
      text: "work",
      tags: [],
      startedAt: "2026-03-05T08:00:00.000Z",
      pausedAt: "2026-03-05T09:00:00.000Z",
      pausedTimeDiff: 0,
      ...patch,
    });
    const unkeyed = await tripsOf(token, "PUT", "/api/journal/timer", update({ complete: false }));
    expect(unkeyed.trips).toHaveLength(2);
    const keyed = await tripsOf(token, "PUT", "/api/journal/timer", update({ complete: true }), {
      "Idempotency-Key": "save-1",
    });
    // The timer with the session's check; the entry, the timer completed, its key and the timer read back.
    expect(keyed.trips).toHaveLength(2);
    expect(keyed.body).toMatchObject({ complete: true, entryId: expect.any(Number) });
  });

  it("a lifted entry is read back in the batch that writes it", async () => {
    const { body } = await tripsOf(token, "POST", "/api/journal/entries", { text: "walk", tags: ["out"] });
    // The source entry with the session's check, then the batch.
    const lift = await tripsOf(token, "POST", `/api/journal/entries/${body.id}/lift`);
    expect(lift.trips).toHaveLength(2);
    expect(lift.body).toMatchObject({ text: "walk", tags: [{ name: "out" }] });
    expect(lift.body.id).not.toBe(body.id);
  });

  it("a stack statistic looks up its tags and its metric with the session's check, then runs its query", async () => {
    await tripsOf(token, "POST", "/api/journal/entries", {
      text: "",
      tags: ["read"],
      metrics: [{ name: "duration", value: 600 }],
    });
    const stat = (metricId: number | null, uptimeOnly = false) =>
      tripsOf(token, "POST", "/api/journal/stack-item-data", {
        type: "sum",
        uptimeOnly,
        config: { filter: [{ name: "read" }], timeRange: null, metricId },
      });
    const metricId = (
      (await env.DB.prepare("SELECT id FROM metrics WHERE name = 'duration'").first<{ id: number }>()) as { id: number }
    ).id;
    const withMetric = await stat(metricId);
    // The check, the session's row (whose profile zone the query counts days in), the tags, the metric.
    expect(withMetric.trips).toEqual(["batch of 4", expect.any(String)]);
    expect(withMetric.body).toMatchObject({ value: 600, count: 1, metric: { id: metricId, name: "duration" } });
    expect((await stat(null)).trips).toHaveLength(2);
    // Uptime-only looks at the sleep columns' stale mark meanwhile: one trip more.
    expect((await stat(metricId, true)).trips).toHaveLength(3);
  });

  it("a metric that is not the user's is still a 404", async () => {
    const res = await app.request(
      `${ORIGIN}/api/journal/stack-item-data`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ type: "sum", config: { filter: [{ name: "read" }], metricId: 999_999 } }),
      },
      env,
    );
    expect(res.status).toBe(404);
  });

  it("Today is one trip, the session's row with it; each streak item adds its own statistic's", async () => {
    await tripsOf(token, "POST", "/api/people", {
      name: "Ada",
      email: "ada@example.org",
      birthDate: "1990-03-05",
      tags: [],
    });
    await tripsOf(token, "POST", "/api/calendar/events", { title: "Gym", date: "2026-01-01", repeat: "weekly" });
    await tripsOf(token, "POST", "/api/journal/entries", { text: "", metrics: [{ name: "mood", value: 4 }] });
    // Birthdays, deadlines, the timer, the streak items and their tags, today's entries, the events, and the
    // session's row in front.
    expect((await tripsOf(token, "GET", "/api/today")).trips).toEqual(["batch of 8"]);
    const stack = await tripsOf(token, "POST", "/api/journal/stacks", { name: "Habits" });
    await tripsOf(token, "POST", "/api/journal/stack-items", {
      stackId: stack.body.id,
      title: "Runs",
      type: "streaks",
      config: { filter: [{ name: "run" }] },
    });
    const { trips } = await tripsOf(token, "GET", "/api/today");
    // Its walk back from yesterday: one query more (each item's at once).
    expect(trips).toEqual(["batch of 8", expect.stringMatching(/^WITH RECURSIVE walk/)]);
  });
});
