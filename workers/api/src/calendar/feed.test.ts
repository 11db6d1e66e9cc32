import { env, SELF } from "cloudflare:test";
import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { peopleCall } from "../people/test-calls.ts";
import { bodyOf, count, errorOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { calendarCall } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
interface Feed {
  url: string;
  webcal: string;
  birthdays: number | null;
  deadlines: number | null;
  events: number | null;
  locale: "en" | "ru";
}
let ann: User;
let bob: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  // Ann keeps her days in Berlin, whose clocks change on 29 March 2026.
  await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?").bind(ann.id).run();
});

const feedOf = async (user: User, method = "GET", body?: unknown) => calendarCall(user, method, "/feed", body);
const make = async (body: object = {}) => bodyOf<Feed>(await feedOf(ann, "POST", body), 201);
/** The feed as a calendar app reads it: signed out, by its address alone. */
const read = (url: string) => SELF.fetch(url.replace(/^http:\/\/[^/]+/, ORIGIN));

/** The feed's events by UID, through ical.js (its TZIDs resolve through the file's own VTIMEZONE). */
async function parsed(url: string) {
  const res = await read(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map(
    calendar.getAllSubcomponents("vevent").map((v) => [String(v.getFirstPropertyValue("uid")), new ICAL.Event(v)]),
  );
  return { text, calendar, events };
}

/** The first `n` starts of an event as ical.js expands its RRULE. */
function starts(event: ICAL.Event | undefined, n: number): string[] {
  if (!event) throw new Error("no such event in the feed");
  const it = event.iterator();
  const out: string[] = [];
  for (let t = it.next(); t && out.length < n; t = it.next())
    out.push(t.isDate ? t.toString() : t.toJSDate().toISOString());
  return out;
}

describe("the calendar feed", () => {
  it("is none at first, made with an address of its own, and read back", async () => {
    // None yet is a normal state: 200 with null, as donate's info, so the page logs no error.
    expect(await bodyOf(await feedOf(ann), 200)).toBeNull();
    const feed = await make({ birthdays: 900, events: 15, locale: "ru" });
    expect(feed.url).toMatch(/^http:\/\/journal\.nook\.localhost\/api\/calendar\/feed\/[A-Za-z0-9_-]{59}\.ics$/);
    expect(feed.webcal).toBe(feed.url.replace("http:", "webcal:"));
    expect(feed).toMatchObject({ birthdays: 900, deadlines: null, events: 15, locale: "ru" });
    expect(await bodyOf<Feed>(await feedOf(ann), 200)).toEqual(feed);
  });

  it("holds birthdays, unfinished deadlines and events, expanded as the calendar shows them, with reminders", async () => {
    const leap = await (
      await peopleCall(ann, "POST", "", {
        name: "Leap; Day",
        email: "l@example.org",
        birthDate: "2000-02-29",
        tags: [],
      })
    ).json<{ id: number }>();
    const list = async (name: string, content: string, deadline: string) => {
      const made = await (await calendarCallSteps(ann, "POST", "", { name })).json<{ data: { id: number } }>();
      await calendarCallSteps(ann, "PUT", `/${made.data.id}`, { id: made.data.id, name, content, deadline });
      return made.data.id;
    };
    // 23:30 UTC on 4 March is 00:30 on 5 March in Berlin: the deadline's day is Berlin's.
    const due = await list("Taxes", "- [x] forms\n- [ ] send", "2026-03-04T23:30:00Z");
    const done = await list("Done", "- [x] all", "2026-03-04T12:00:00Z");
    const gym = await (
      await calendarCall(ann, "POST", "/events", {
        title: "Gym, legs",
        note: "Bring\nshoes",
        date: "2026-03-19",
        start: "09:00",
        end: "10:30",
        repeat: "weekly",
      })
    ).json<{ data: { id: number } }>();
    const rent = await (
      await calendarCall(ann, "POST", "/events", { title: "Rent", date: "2026-01-31", repeat: "monthly" })
    ).json<{ data: { id: number } }>();
    const feed = await make({ birthdays: 900, deadlines: -540, events: 15 });
    const { text, events } = await parsed(feed.url);
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    const birthday = events.get(`birthday-${leap.id}@nook`);
    expect(birthday?.summary).toBe("Leap; Day's birthday");
    // None on the day of birth: the first is a year on.
    expect(starts(birthday, 4)).toEqual(["2001-02-28", "2002-02-28", "2003-02-28", "2004-02-29"]);
    const triggers = (e: ICAL.Event | undefined) =>
      e?.component
        .getAllSubcomponents("valarm")
        .map((a) => (a.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds());
    // A day before at 09:00: 15 hours before the day's 00:00.
    expect(triggers(birthday)).toEqual([-15 * 3600]);

    const deadline = events.get(`steps-${due}@nook`);
    expect(deadline?.summary).toBe("Due: Taxes");
    expect(deadline?.description).toBe("1 of 2 done");
    expect(starts(deadline, 2)).toEqual(["2026-03-05"]);
    expect(triggers(deadline)).toEqual([9 * 3600]);
    expect(events.has(`steps-${done}@nook`)).toBe(false);

    // 09:00 in Berlin on both sides of the spring change.
    const weekly = events.get(`event-${gym.data.id}@nook`);
    expect(weekly?.summary).toBe("Gym, legs");
    expect(weekly?.description).toBe("Bring\nshoes");
    expect(starts(weekly, 3)).toEqual([
      "2026-03-19T08:00:00.000Z",
      "2026-03-26T08:00:00.000Z",
      "2026-04-02T07:00:00.000Z",
    ]);
    expect(triggers(weekly)).toEqual([-15 * 60]);
    // The 31st: months without one skipped, as the calendar's views do.
    expect(starts(events.get(`event-${rent.data.id}@nook`), 4)).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
    ]);
    expect(await calendarSpan(ann, rent.data.id, "2026-01-01", "2026-07-31")).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
    ]);
  });

  it("writes its own words in the language chosen, and holds nothing of another user's", async () => {
    await peopleCall(ann, "POST", "", { name: "Ada", email: "a@example.org", birthDate: "1990-03-05", tags: [] });
    await peopleCall(bob, "POST", "", {
      name: "Bob's friend",
      email: "b@example.org",
      birthDate: "1990-03-05",
      tags: [],
    });
    await calendarCall(bob, "POST", "/events", { title: "Bob's secret", date: "2026-03-05" });
    const feed = await make({ locale: "ru" });
    const { text, events } = await parsed(feed.url);
    expect([...events.values()].map((e) => e.summary)).toEqual(["День рождения: Ada"]);
    expect(text).not.toContain("Bob");
    expect(text).not.toContain("VALARM");
  });

  it("changes its reminders on the same address, ends the old address when made anew, and is refused when off", async () => {
    const first = await make();
    const changed = await bodyOf<Feed>(await feedOf(ann, "PUT", { birthdays: 9540, locale: "ru" }), 200);
    expect(changed).toMatchObject({ url: first.url, birthdays: 9540, locale: "ru" });
    expect((await read(first.url)).status).toBe(200);

    const second = await make();
    expect(second.url).not.toBe(first.url);
    const old = await read(first.url);
    expect(old.status).toBe(404);
    expect(await errorOf(old)).toBe("Not found");
    expect((await read(second.url)).status).toBe(200);
    expect(await count("calendar_feeds")).toBe(1);

    // The right lookup with a wrong secret, and an address that is not one: the same 404.
    const wrong = second.url.replace(/.{10}\.ics$/, "AAAAAAAAAA.ics");
    for (const url of [wrong, `${ORIGIN}/api/calendar/feed/short.ics`, `${ORIGIN}/api/calendar/feed/${"x".repeat(59)}`])
      expect((await read(url)).status).toBe(404);

    const off = await feedOf(ann, "DELETE");
    expect(await bodyOf(off, 200)).toEqual({ message: "The calendar feed is switched off" });
    expect((await read(second.url)).status).toBe(404);
    expect(await bodyOf(await feedOf(ann), 200)).toBeNull();
    expect((await feedOf(ann, "DELETE")).status).toBe(404);
    expect((await feedOf(ann, "PUT", {})).status).toBe(404);
  });

  it("refuses a reminder that is not one of the page's choices, and a language it does not speak", async () => {
    for (const body of [{ birthdays: 15 }, { events: 900 }, { deadlines: "900" }, { locale: "de" }]) {
      const res = await feedOf(ann, "POST", body);
      expect(res.status).toBe(400);
    }
    expect(await count("calendar_feeds")).toBe(0);
  });
});

const calendarCallSteps = (user: User, method: string, path: string, body?: unknown) =>
  SELF.fetch(`${ORIGIN}/api/steps${path}`, {
    method,
    headers: { Authorization: `Bearer ${user.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The days the calendar's own view puts one of the user's events on. */
async function calendarSpan(user: User, eventId: number, from: string, to: string): Promise<string[]> {
  const res = await calendarCall(user, "GET", `?from=${from}&to=${to}`);
  const { events } = await res.json<{ events: { date: string; eventId: number }[] }>();
  return events.filter((e) => e.eventId === eventId).map((e) => e.date);
}

describe("the feed as calendar apps poll it", () => {
  const poll = (url: string, headers: Record<string, string>) =>
    SELF.fetch(url.replace(/^http:\/\/[^/]+/, ORIGIN), { headers });

  it("asks to be read every 6 hours, and answers a conditional GET that holds with 304", async () => {
    const feed = await make();
    const rent = await (
      await calendarCall(ann, "POST", "/events", { title: "Rent", date: "2026-03-05", repeat: "monthly" })
    ).json<{ data: { id: number } }>();
    const first = await read(feed.url);
    const text = await first.text();
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\nX-PUBLISHED-TTL:PT6H\r\n");
    const etag = first.headers.get("ETag") ?? "";
    const lastModified = first.headers.get("Last-Modified") ?? "";
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(lastModified).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
    expect(first.headers.get("Vary")).toBe("Accept-Encoding");

    // Read again: the same text, the same ETag and date (nothing in it moves with the clock).
    const again = await read(feed.url);
    expect(await again.text()).toBe(text);
    expect([again.headers.get("ETag"), again.headers.get("Last-Modified")]).toEqual([etag, lastModified]);

    for (const headers of [
      { "If-None-Match": etag },
      { "If-None-Match": `"other", ${etag.slice(2)}` },
      { "If-Modified-Since": lastModified },
      { "If-Modified-Since": new Date(Date.parse(lastModified) + 60_000).toUTCString() },
    ] as Record<string, string>[]) {
      const res = await poll(feed.url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(304);
      expect(await res.text()).toBe("");
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Last-Modified")).toBe(lastModified);
    }
    // An ETag of another text, or a date before this one's: the whole text. If-None-Match wins over the date.
    for (const headers of [
      { "If-None-Match": 'W/"AAAAAAAAAAAAAAAAAAAAAA"' },
      { "If-None-Match": 'W/"AAAAAAAAAAAAAAAAAAAAAA"', "If-Modified-Since": lastModified },
      { "If-Modified-Since": new Date(Date.parse(lastModified) - 1000).toUTCString() },
      { "If-Modified-Since": "yesterday" },
    ] as Record<string, string>[]) {
      const res = await poll(feed.url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.text()).toBe(text);
    }

    // The event deleted, at once: a new ETag and a later date, so neither old condition holds.
    await calendarCall(ann, "DELETE", `/events/${rent.data.id}`);
    for (const headers of [{ "If-None-Match": etag }, { "If-Modified-Since": lastModified }] as Record<
      string,
      string
    >[]) {
      const res = await poll(feed.url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await res.text()).not.toContain("Rent");
      expect(res.headers.get("ETag")).not.toBe(etag);
      expect(Date.parse(res.headers.get("Last-Modified") ?? "")).toBeGreaterThan(Date.parse(lastModified));
    }
    // The feed's language changed: its name moves, so does the ETag.
    const moved = (await read(feed.url)).headers.get("ETag");
    await feedOf(ann, "PUT", { locale: "ru" });
    expect((await read(feed.url)).headers.get("ETag")).not.toBe(moved);
  });

  it("sends gzip when asked, and the text when not", async () => {
    const feed = await make();
    for (let i = 0; i < 50; i++)
      await calendarCall(ann, "POST", "/events", {
        title: `Lesson ${i}`,
        date: "2026-03-05",
        start: "10:00",
        end: "11:00",
      });
    const plain = await read(feed.url);
    const text = await plain.text();
    expect(plain.headers.get("Content-Encoding")).toBeNull();

    // What a client that speaks gzip reads: the same text, said to be gzipped.
    const zipped = await poll(feed.url, { "Accept-Encoding": "br, gzip;q=0.8" });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(await zipped.text()).toBe(text);
    // What goes on the wire (the app's own answer, before any fetch decodes it): gzip's bytes, far fewer.
    const wire = await app.request(
      feed.url.replace(/^http:\/\/[^/]+/, ORIGIN),
      { headers: { "Accept-Encoding": "gzip" } },
      env,
    );
    const bytes = new Uint8Array(await wire.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const octets = new TextEncoder().encode(text).length;
    expect(bytes.length).toBeLessThan(octets / 5);
    const unzipped = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    expect(unzipped).toBe(text);

    for (const refused of ["gzip;q=0", "identity", "br"]) {
      const res = await poll(feed.url, { "Accept-Encoding": refused });
      expect(res.headers.get("Content-Encoding"), refused).toBeNull();
      expect(await res.text()).toBe(text);
    }
    // Through Cloudflare's edge every Worker is sent "br, gzip"; the app's own header is cf.clientAcceptEncoding.
    const url = feed.url.replace(/^http:\/\/[^/]+/, ORIGIN);
    for (const [own, encoding] of [
      ["", null],
      ["gzip", "gzip"],
    ] as const) {
      const res = await SELF.fetch(
        new Request(url, { headers: { "Accept-Encoding": "br, gzip" }, cf: { clientAcceptEncoding: own } }),
      );
      expect(res.headers.get("Content-Encoding"), own).toBe(encoding);
      expect(await res.text()).toBe(text);
    }
  });

  it("sets no cookie, read or refused, where a signed-in answer sets the D1 bookmark", async () => {
    const feed = await make();
    expect((await feedOf(ann)).headers.get("Set-Cookie")).toContain("nook_d1=");
    const ok = await read(feed.url);
    const notModified = await poll(feed.url, { "If-None-Match": ok.headers.get("ETag") ?? "" });
    const wrong = await read(feed.url.replace(/.{10}\.ics$/, "AAAAAAAAAA.ics"));
    expect([ok.status, notModified.status, wrong.status]).toEqual([200, 304, 404]);
    for (const res of [ok, notModified, wrong]) expect(res.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("the feed and the calendar, day by day, as ical.js expands the feed", () => {
  /** "YYYY-MM-DD" of an instant in a zone, by Intl alone. */
  const localDay = (ms: number, timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);

  /** Every "day eventId" the feed's events cover within [from, to], as ical.js reads them: a day an occurrence is in. */
  function feedDays(events: Map<string, ICAL.Event>, from: string, to: string, timeZone: string): string[] {
    const out = new Set<string>();
    for (const [uid, event] of events) {
      const id = uid.match(/^event-(\d+)@nook$/)?.[1];
      if (!id) continue;
      const it = event.iterator();
      for (let t = it.next(); t; t = it.next()) {
        const { startDate, endDate } = event.getOccurrenceDetails(t);
        if (startDate.toString().slice(0, 10) > to) break;
        const days = startDate.isDate
          ? [startDate.toString().slice(0, 10)]
          : [
              localDay(startDate.toJSDate().getTime(), timeZone),
              // The end is not part of the event: 22:00–00:00 keeps to its day.
              localDay(endDate.toJSDate().getTime() - 1, timeZone),
            ];
        for (const d of days) if (d >= from && d <= to) out.add(`${d} ${id}`);
      }
    }
    return [...out].sort();
  }
  const calendarDays = async (user: User, from: string, to: string) => {
    const { events } = await bodyOf<{ events: { date: string; eventId: number }[] }>(
      await calendarCall(user, "GET", `?from=${from}&to=${to}`),
      200,
    );
    return events.map((e) => `${e.date} ${e.eventId}`).sort();
  };
  const add = async (user: User, body: object) =>
    (await bodyOf<{ data: { id: number } }>(await calendarCall(user, "POST", "/events", body), 201)).data.id;

  it("puts an event that runs over midnight on both its days in both, across Berlin's spring change", async () => {
    // Saturdays 22:00 to Sunday 06:00: the night of 28 to 29 March 2026 holds the spring change.
    const night = await add(ann, {
      title: "Night",
      date: "2026-03-07",
      start: "22:00",
      end: "06:00",
      repeat: "weekly",
    });
    const late = await add(ann, { title: "Late", date: "2026-03-10", start: "22:00", end: "00:00" });
    const whole = await add(ann, { title: "A day round", date: "2026-03-12", start: "09:00", end: "09:00" });
    const allDay = await add(ann, { title: "Off", date: "2026-03-31", repeat: "monthly" });
    const feed = await make();
    const { events } = await parsed(feed.url);
    const [from, to] = ["2026-03-01", "2026-05-31"];
    const fromFeed = feedDays(events, from, to, "Europe/Berlin");
    expect(fromFeed).toEqual(await calendarDays(ann, from, to));
    // Worked out by hand: what both must say.
    const on = (id: number) => fromFeed.filter((d) => d.endsWith(` ${id}`)).map((d) => d.slice(0, 10));
    expect(on(night).slice(0, 6)).toEqual([
      "2026-03-07",
      "2026-03-08",
      "2026-03-14",
      "2026-03-15",
      "2026-03-21",
      "2026-03-22",
    ]);
    expect(on(night)).toContain("2026-03-29");
    expect(on(late)).toEqual(["2026-03-10"]);
    expect(on(whole)).toEqual(["2026-03-12", "2026-03-13"]);
    expect(on(allDay)).toEqual(["2026-03-31", "2026-05-31"]);
    // The night of the change is an hour shorter: 21:00 UTC to 04:00 UTC.
    const nightEvent = events.get(`event-${night}@nook`);
    const it = nightEvent?.iterator();
    let details: { startDate: ICAL.Time; endDate: ICAL.Time } | undefined;
    for (let t = it?.next(); t; t = it?.next())
      if (t.toString().startsWith("2026-03-28")) {
        details = nightEvent?.getOccurrenceDetails(t);
        break;
      }
    expect([details?.startDate.toJSDate().toISOString(), details?.endDate.toJSDate().toISOString()]).toEqual([
      "2026-03-28T21:00:00.000Z",
      "2026-03-29T04:00:00.000Z",
    ]);
  });

  it("reads the times at a spring gap's edges as the calendar does: Berlin's 01:59 and 03:00, Lord Howe's 01:59 and 02:30", async () => {
    const berlin = await add(ann, { title: "Edges", date: "2027-03-28", start: "01:59", end: "03:00" });
    await env.DB.prepare("UPDATE users SET time_zone = 'Australia/Lord_Howe' WHERE id = ?").bind(bob.id).run();
    const before = await add(bob, { title: "Before", date: "2027-10-03", start: "01:59", end: "02:30" });
    const feeds = [await make(), await bodyOf<Feed>(await feedOf(bob, "POST", {}), 201)];
    const [annsFeed, bobsFeed] = await Promise.all(feeds.map((f) => parsed(f.url)));
    const instants = (event: ICAL.Event | undefined) => [
      event?.startDate.toJSDate().toISOString(),
      event?.endDate.toJSDate().toISOString(),
    ];
    // 01:59 CET is 00:59 UTC; 03:00 CEST is 01:00 UTC: 61 minutes apart on the wall, 1 in time.
    expect(instants(annsFeed?.events.get(`event-${berlin}@nook`))).toEqual([
      "2027-03-28T00:59:00.000Z",
      "2027-03-28T01:00:00.000Z",
    ]);
    // Lord Howe: 01:59 at +10:30 is 15:29 UTC the day before; 02:30 at +11 is 15:30 UTC.
    expect(instants(bobsFeed?.events.get(`event-${before}@nook`))).toEqual([
      "2027-10-02T15:29:00.000Z",
      "2027-10-02T15:30:00.000Z",
    ]);
    // A minute inside either gap is refused, so the feed never holds one.
    for (const [user, body] of [
      [ann, { title: "x", date: "2027-03-28", start: "02:30", end: "03:30" }],
      [bob, { title: "x", date: "2027-10-03", start: "02:10", end: "03:00" }],
    ] as const)
      expect((await calendarCall(user, "POST", "/events", body)).status).toBe(400);
  });
});
