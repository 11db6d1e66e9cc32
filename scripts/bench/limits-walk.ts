/**
 * The limits bench's walk (limits.ts): every route the app registers, once (a few in more than one shape),
 * each at its stated maximums, in an order where each finds what the ones before it made.
 */
import type { D1Database } from "@cloudflare/workers-types/index.ts";
import { csvChunks } from "../../packages/shared/src/import/chunks.ts";
import { IMPORT_CHUNK_BYTES } from "../../packages/shared/src/import/limits.ts";
import { STACK_ITEM_TYPES } from "../../packages/shared/src/stacks/limits.ts";
import { createPasskey, signWith } from "../../workers/api/src/test/authenticator.ts";
import { type BenchCalls, cookieOf } from "./limits-calls.ts";
import { DEMO_EMAIL, ENTRIES, FIRST_DAY, RUN, TAGS, USER } from "./seed-limits.ts";

const DAY = 86_400_000;

/**
 * A password at its longest as typed (PASSWORD_TYPED_MAX, 512): 128 characters (PASSWORD_MAX in NFC) each of
 * which NFD spells in four (ᾂ is α and three marks), sent decomposed. `seed` picks another order.
 */
const FOUR_PART = Array.from({ length: 0x30 }, (_, i) => String.fromCodePoint(0x1f80 + i)).filter(
  (c) => c.normalize("NFD").length === 4,
);
const password = (seed: number) =>
  Array.from({ length: 128 }, (_, i) => FOUR_PART[(i * 7 + seed) % FOUR_PART.length])
    .join("")
    .normalize("NFD");
export const PASSWORD = password(3);
export const NEW_PASSWORD = password(5);
export const DEMO_PASSWORD = "demo-password-1";

// ---- Values at their maximum --------------------------------------------------------------------------

const text = (n: number, seed = 0) => {
  const words = "coffee walk read rain garden friend кофе прогулка книга дождь".split(" ");
  let s = "";
  for (let i = 0; s.length < n; i++) s += `${words[(i * 7 + seed) % words.length]} `;
  return s
    .slice(0, n - 1)
    .trimEnd()
    .padEnd(n, "x");
};
/** A tag or metric name at NAME_MAX (64), new to the account. */
const longName = (prefix: string, i: number) => `${prefix}${i}-`.padEnd(64, "z");
const names = (prefix: string, n = 50) => Array.from({ length: n }, (_, i) => longName(prefix, i));
/** An Idempotency-Key at its longest (IDEMPOTENCY_KEY_MAX, 100). */
const key = () => `bench-${crypto.randomUUID()}`.padEnd(100, "k");
const keyed = () => ({ "Idempotency-Key": key() });
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
/** A cursor at its longest form: a date with its milliseconds and zone, and an id. */
const cursorAt = (row: { date: number; id: number }) => `${iso(row.date)}~${row.id}`;
export const LONGEST_ZONE = "America/Argentina/ComodRivadavia";
/** A name typed as long as the field takes (TAG_TEXT_MAX, 256): the spaces around it are trimmed away. */
const typedName = (name: string) => ` ${name}`.padEnd(256, " ");
/** An e-mail address at its longest (EMAIL_MAX, 254): a local part of 64, three labels of 61, a top level of 3. */
const longEmail = (local: string, label: string) =>
  `${local.padEnd(64, local.slice(-1))}@${Array.from({ length: 3 }, () => label.repeat(61)).join(".")}.${label.repeat(3)}`;

/** A part of the walk: a call it cannot go on without stops it (said, and failed), not the rest of the walk. */
async function inSection(failures: string[], name: string, calls: () => Promise<void>) {
  try {
    await calls();
  } catch (err) {
    console.log(`      the walk's ${name} stopped here: ${String(err).slice(0, 300)}`);
    failures.push(`the walk's ${name}: stopped (${String(err).slice(0, 200)})`);
  }
}

/** Every route, once (a few in more than one shape), in an order where each finds what it needs. */
export async function walk(c: BenchCalls, token: string, db: D1Database) {
  const ORIGIN = c.origin;
  const { call, callInParts, must, send, exportRow, csvStatements } = c;
  const section = (name: string, calls: () => Promise<void>) => inSection(c.failures, name, calls);
  const get = (route: string, label?: string, url?: string) => call({ method: "GET", route, url, token, label });

  await call({ method: "GET", route: "/api/health", token: null });

  // ---- Accounts and sessions
  await section("accounts", async () => {
    await must({ method: "GET", route: "/api/prodyalogin", token: null, label: `signs in ${DEMO_EMAIL}` });
    await must({
      method: "POST",
      route: "/api/auth/register",
      token: null,
      headers: { "CF-Connecting-IP": "198.18.7.1" },
      json: {
        email: longEmail("r", "m"),
        name: "R".repeat(100),
        username: "r".repeat(40),
        password: password(11),
        timeZone: LONGEST_ZONE,
      },
      why: "the longest time zone's name is 32 characters",
    });
    await get("/api/auth/checkAuth");
    // Joining (auth/invite-routes.ts): an invite made, listed, asked about by the sign-up page, withdrawn.
    const invite = await must<{ id: number; token: string }>({ method: "POST", route: "/api/auth/invites", token });
    await get("/api/auth/invites");
    await call({
      method: "GET",
      route: "/api/auth/signup",
      url: `/api/auth/signup?invite=${invite.token}`,
      token: null,
      why: "an invite's token is as long as it is",
    });
    await call({ method: "DELETE", route: "/api/auth/invites/:id", url: `/api/auth/invites/${invite.id}`, token });
    const me = await must<{ modifiedAt: string }>({ method: "GET", route: "/api/auth/me", token });
    await get("/api/auth/passkeys");
    const options = await call({
      method: "POST",
      route: "/api/auth/passkeys/register/options",
      token,
      json: { currentPassword: PASSWORD.normalize("NFC") },
      why: "the password in NFC, the form this field's 128 counts",
    });
    const optionsBody = options.json<{ challenge: string; rp: { id: string }; user: { id: string } }>();
    const created = await createPasskey(optionsBody, ORIGIN);
    await must({
      method: "POST",
      route: "/api/auth/passkeys/register",
      token,
      headers: { Cookie: cookieOf(options, "nook_webauthn") },
      json: {
        name: "P".repeat(64),
        response: {
          ...created.response,
          response: {
            ...created.response.response,
            transports: ["internal", "hybrid", "usb", "nfc", "ble", "smart-card", "cable", "internal", "hybrid", "usb"],
          },
        },
      },
      why: "a real authenticator's answer, as long as its key makes it (padding would fail its verification)",
    });
    const loginOptions = await call({ method: "POST", route: "/api/auth/passkeys/login/options", token: null });
    const signed = await signWith(created.passkey, loginOptions.json<{ challenge: string }>().challenge, ORIGIN);
    const passkeyToken = (
      await must<{ token: string }>({
        method: "POST",
        route: "/api/auth/passkeys/login",
        token: null,
        headers: { Cookie: cookieOf(loginOptions, "nook_webauthn") },
        json: { response: signed },
        why: "a real authenticator's answer, as long as its key makes it",
      })
    ).token;
    await call({ method: "GET", route: "/api/auth/logout", token: passkeyToken, label: "the passkey's session" });
    const seededPasskey = `${String(0).padStart(4, "0")}${"k".repeat(1020)}`;
    await call({
      method: "DELETE",
      route: "/api/auth/passkeys/:id",
      url: `/api/auth/passkeys/${seededPasskey}`,
      token,
    });
    await get("/api/auth/sessions");
    await call({
      method: "DELETE",
      route: "/api/auth/sessions/:id",
      url: `/api/auth/sessions/seeded${String(1).padStart(58, "0")}`,
      token,
    });
    await call({ method: "DELETE", route: "/api/auth/sessions", token, label: "every other session ends" });
    await call({
      method: "PUT",
      route: "/api/user/profile",
      token,
      headers: { "If-Match": `"${me.modifiedAt}"` },
      json: {
        email: longEmail("c", "n"),
        name: USER.name,
        username: USER.username,
        dateOfBirth: "1990-04-24",
        accentColor: "turquoise",
        timeZone: LONGEST_ZONE,
        currentPassword: PASSWORD,
      },
      label: "a new e-mail, so the password is checked",
      why: "a date of birth and the longest time zone's name are as long as they are",
    });
    await call({
      method: "POST",
      route: "/api/auth/change-password",
      token,
      json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, removePasskeys: true },
    });
  });

  // ---- Imports: a Loop file of one day, a habit a column, each a new tag, as many as fill a chunk; the first
  // LOOP_HABITS_MAX numeric (each a metric too), named in `numeric` at its longest.
  await section("imports", async () => {
    const numeric = `${Array.from({ length: 1000 }, (_, i) => String(i + 1).padStart(4, "0")).join(",")},`;
    const loopDay = (prefix: string, habits: number) => {
      const names = Array.from({ length: habits }, (_, i) => `${prefix}${i}`);
      return `Date,${names.join(",")},\n${day(Date.now() - 3 * DAY)},${names.map((_, i) => (i < 1000 ? "2500" : "YES_MANUAL")).join(",")},\n`;
    };
    const fill = (prefix: string) => {
      let n = 1;
      const size = (k: number) => Buffer.byteLength(loopDay(prefix, k));
      while (size(n * 2) <= IMPORT_CHUNK_BYTES) n *= 2;
      for (let step = n / 2; step >= 1; step /= 2) if (size(n + step) <= IMPORT_CHUNK_BYTES) n += step;
      return loopDay(prefix, n);
    };
    const chunkOf = (file: string) => {
      const cut = csvChunks(file);
      if (!cut.ok || cut.chunks.length !== 1) throw new Error("the Loop file is not one chunk");
      return cut.chunks[0] as { body: string; offset: number; line: number };
    };
    const place = (c: { offset: number; line: number }) => `offset=${c.offset}&line=${c.line}`;
    // Each Loop run undone once written (the walk's undo: a chunk's rows), so the next starts from the account
    // as it was, and the rest of the walk too.
    const undoLoopRuns = async () => {
      const runs = await send({ method: "GET", route: "/api/user/imports", token });
      for (const r of runs.json<{ id: number; state: string }[]>().filter((r) => r.state === "done" && r.id > RUN))
        for (let part = 1; ; part++) {
          const a = await call({
            method: "DELETE",
            route: "/api/user/imports/:id",
            url: `/api/user/imports/${r.id}?edited=remove`,
            token,
            label: `the undo of a Loop chunk's run${part > 1 ? `, part ${part}` : ""}`,
          });
          if (a.status !== 200 || !a.json<{ more: boolean }>().more) break;
        }
    };
    const zoneQuery = `tz=${encodeURIComponent(LONGEST_ZONE)}`;
    await get("/api/user/imports");
    const single = chunkOf(fill("a"));
    const habits = single.body.split("\n")[0]?.split(",").length ?? 0;
    const loopLabel = `a Loop day of ${habits - 2} habits, ${(Buffer.byteLength(single.body) / 1024).toFixed(0)} KB`;
    await call({
      method: "POST",
      route: "/api/user/import",
      url: `/api/user/import?format=loop&dryRun=1&numeric=${numeric}&${zoneQuery}&${place(single)}`,
      token,
      body: single.body,
      type: "text/csv",
      label: `${loopLabel}, previewed`,
      why: "moods, donatePage and changeMoods are other formats' (Daylio's, Nook's)",
    });
    await call({
      method: "POST",
      route: "/api/user/import",
      url: `/api/user/import?format=loop&numeric=${numeric}&${zoneQuery}&${place(single)}`,
      token,
      body: single.body,
      type: "text/csv",
      label: `${loopLabel}, written`,
      why: "a write, not a dry run; moods, donatePage and changeMoods are other formats' (Daylio's, Nook's)",
    });
    await undoLoopRuns();
    const chunk = chunkOf(fill("b"));
    const run = await must<{ id: number }>({
      method: "POST",
      route: "/api/user/imports",
      token,
      json: { format: "loop", fileHash: "f".repeat(64), chunks: 1 },
      why: "a run is finished once all its chunks are written: the bench writes its one",
    });
    await call({
      method: "PUT",
      route: "/api/user/imports/:id/chunks/:n",
      url: `/api/user/imports/${run.id}/chunks/0?numeric=${numeric}&${zoneQuery}&${place(chunk)}`,
      token,
      body: chunk.body,
      type: "text/csv",
      label: loopLabel,
      why: "moods, donatePage and changeMoods are other formats'",
    });
    await call({
      method: "POST",
      route: "/api/user/imports/:id/finish",
      url: `/api/user/imports/${run.id}/finish`,
      token,
    });
    await undoLoopRuns();
    await exportRow(
      "GET /api/user/export/entries.csv",
      "/api/user/export/entries.csv",
      token,
      () => csvStatements(1),
      "the entries as CSV",
    );
  });

  // ---- The journal
  await section("the journal", async () => {
    const deep = await db
      .prepare("SELECT date, id FROM entries WHERE user_id = 1 ORDER BY date DESC, id DESC LIMIT 1 OFFSET ?")
      .bind(Math.floor(ENTRIES * 0.9))
      .first<{ date: number; id: number }>();
    const before = cursorAt(deep as { date: number; id: number });
    await call({
      method: "GET",
      route: "/api/journal/entries",
      url: `/api/journal/entries?limit=200&before=${encodeURIComponent(before)}`,
      token,
      label: "a page of 200 after 90,000 rows",
    });
    // A search with every parameter at its maximum: ten words of the texts (padded with spaces to 200
    // characters; no entry holds all ten, so every entry is walked), fifty tags typed at their longest (one
    // wanted, the rest left out: `!` and 256), the ten years, a mood and a metric's range.
    const q = "coffee walk read rain garden friend кофе прогулка книга дождь".split(" ").join("   ").padEnd(200, " ");
    const tagParams = [typedName(TAGS[4] as string), ...TAGS.slice(10, 59).map((t) => `!${typedName(t)}`)].map(
      (t) => `tag=${encodeURIComponent(t)}`,
    );
    await call({
      method: "GET",
      route: "/api/journal/entries",
      url: `/api/journal/entries?limit=200&before=${encodeURIComponent(iso(Date.now()))}~999999999999999&q=${encodeURIComponent(q)}&${tagParams.join("&")}&from=${day(FIRST_DAY)}&to=${day(Date.now())}&moodMin=1&moodMax=5&metric=${encodeURIComponent(typedName("duration"))}&min=0&max=1000000000000`,
      token,
      label: "a search, every parameter at its maximum",
      why: "a wanted tag is typed in 256 at most: 257 is a left-out one's, with its !",
    });
    const entryBody = (prefix: string, date: number) => ({
      text: text(10_000, date % 7),
      tags: names(prefix),
      metrics: names(`${prefix}m`).map((name, i) => ({ name, value: 1e12 - i })),
      date: iso(date),
    });
    const entry = await must<{ id: number; modifiedAt: string }>({
      method: "POST",
      route: "/api/journal/entries",
      token,
      headers: keyed(),
      json: entryBody("n", Date.now() - DAY),
      label: "50 new tags and 50 new metrics",
      why: "a date is as long as it is",
    });
    await call({ method: "GET", route: "/api/journal/entries/:id", url: `/api/journal/entries/${entry.id}`, token });
    await call({
      method: "PUT",
      route: "/api/journal/entries",
      token,
      headers: { ...keyed(), "If-Match": `"${entry.modifiedAt}"` },
      json: { entryId: entry.id, ...entryBody("e", Date.now() - 2 * DAY) },
      label: "every tag and metric changed, the date moved",
      why: "a date is as long as it is",
    });
    await call({
      method: "POST",
      route: "/api/journal/entries/:id/lift",
      url: `/api/journal/entries/${entry.id}/lift`,
      token,
      headers: keyed(),
    });
    await call({ method: "DELETE", route: "/api/journal/entries", token, json: { entryId: entry.id } });
    await get("/api/journal/on-this-day");
    await get("/api/journal/insights", "the last 365 days");
    await call({
      method: "GET",
      route: "/api/journal/insights",
      url: `/api/journal/insights?from=${day(Date.now() - 3659 * DAY)}&to=${day(Date.now())}&tz=${encodeURIComponent(LONGEST_ZONE)}`,
      token,
      label: "ten years (INSIGHTS_DAYS_MAX), the longest zone",
    });
    await call({
      method: "GET",
      route: "/api/journal/pixels",
      url: `/api/journal/pixels?year=${new Date().getUTCFullYear()}&tz=${encodeURIComponent(LONGEST_ZONE)}`,
      token,
      label: "this year of the account's ten",
      why: "a year is four digits and the longest time zone's name is 32 characters",
    });
    await call({
      method: "POST",
      route: "/api/journal/entries-by-config",
      token,
      json: {
        config: { filter: TAGS.slice(3, 53).map((name) => ({ name: typedName(name), not: false })), timeRange: null },
        tagsSign: "||",
        before,
        limit: 200,
        tz: LONGEST_ZONE,
      },
      label: "any of 50 tags, all time, a page of 200 after 90,000 rows",
      why: "a cursor and the longest time zone are as long as they are",
    });
    for (const route of [
      "/api/journal/tags",
      "/api/journal/tags-sorted",
      "/api/journal/tags-for-people-sorted",
      "/api/journal/metrics",
      "/api/journal/tags-in-use",
      "/api/journal/metrics-in-use",
    ])
      await get(route);
    // The most used tag now ("coffee", into which the heavy part merged the smokes): renamed, then deleted.
    await callInParts({
      method: "PUT",
      route: "/api/journal/tags/:id",
      url: "/api/journal/tags/4",
      token,
      json: { name: typedName("renamed-coffee-".padEnd(64, "c")), merge: false },
      label: "the most used tag renamed",
    });
    await callInParts({
      method: "DELETE",
      route: "/api/journal/tags/:id",
      url: "/api/journal/tags/4",
      token,
      label: "the most used tag",
    });
    await callInParts({
      method: "PUT",
      route: "/api/journal/metrics/:id",
      url: "/api/journal/metrics/1",
      token,
      json: { name: typedName("renamed-duration-".padEnd(64, "d")), merge: false },
      label: "the most used metric renamed",
    });
    await callInParts({
      method: "DELETE",
      route: "/api/journal/metrics/:id",
      url: "/api/journal/metrics/1",
      token,
      label: "the most used metric",
    });
  });

  // ---- Stacks
  await section("stacks", async () => {
    await get("/api/journal/stacks");
    const stack = await must<{ id: number }>({
      method: "POST",
      route: "/api/journal/stacks",
      token,
      headers: keyed(),
      json: { name: "S".repeat(100), icon: "★".repeat(16) },
    });
    await call({ method: "GET", route: "/api/journal/stacks/:id", url: `/api/journal/stacks/${stack.id}`, token });
    await call({
      method: "PUT",
      route: "/api/journal/stacks/:id",
      url: `/api/journal/stacks/${stack.id}`,
      token,
      json: { name: "T".repeat(100), icon: "☆".repeat(16) },
    });
    const filter50 = TAGS.slice(4, 54).map((name, i) => ({ name: typedName(name), not: i % 2 === 1 }));
    const itemBody = (title: string) => ({
      title: title.repeat(200),
      type: "streaks",
      uptimeOnly: true,
      tagsSign: "||",
      position: 1_000_000_000,
      // A goal at its largest: 31 days a month.
      config: {
        filter: filter50,
        timeRange: "month",
        metricId: 2,
        date: iso(Date.now()),
        goal: { times: 31, per: "month" },
      },
    });
    const item = await must<{ id: number }>({
      method: "POST",
      route: "/api/journal/stack-items",
      token,
      headers: keyed(),
      json: { stackId: stack.id, ...itemBody("I") },
      why: "a date is as long as it is",
    });
    await call({
      method: "PUT",
      route: "/api/journal/stack-items/:id",
      url: `/api/journal/stack-items/${item.id}`,
      token,
      json: itemBody("J"),
      why: "a date is as long as it is",
    });
    await call({
      method: "DELETE",
      route: "/api/journal/stack-items/:id",
      url: `/api/journal/stack-items/${item.id}`,
      token,
    });
    await call({
      method: "DELETE",
      route: "/api/journal/stacks/:id",
      url: "/api/journal/stacks/2",
      token,
      label: "a stack of 10 items",
    });
    for (const type of STACK_ITEM_TYPES)
      await call({
        method: "POST",
        route: "/api/journal/stack-item-data",
        token,
        json: {
          type,
          uptimeOnly: true,
          tagsSign: "||",
          config: {
            filter: TAGS.slice(4, 54).map((name) => ({ name: typedName(name), not: false })),
            timeRange: null,
            metricId: ["sum", "avg", "max", "min"].includes(type) ? 2 : null,
            date: iso(Date.now()),
            goal: { times: 31, per: "month" },
          },
        },
        label: `${type}: any of 50 tags, all time, uptime only`,
        why: "a date is as long as it is",
      });
  });

  // ---- The timer
  await section("the timer", async () => {
    await get("/api/journal/timer");
    const timerBody = (prefix: string) => ({ text: text(10_000, 3), tags: names(prefix) });
    const timer = await must<{ id: number }>({
      method: "POST",
      route: "/api/journal/timer",
      token,
      headers: keyed(),
      json: { ...timerBody("tm"), initAt: iso(Date.now() - 3_600_000), goal: iso(Date.now() + 3_600_000) },
      why: "dates are as long as they are",
    });
    const timerUpdate = (complete: boolean) => ({
      id: timer.id,
      ...timerBody(complete ? "tc" : "tu"),
      startedAt: iso(Date.now() - 3_600_000),
      pausedAt: complete ? null : iso(Date.now() - 60_000),
      pausedTimeDiff: 3_000_000,
      goal: iso(Date.now() + 3_600_000),
      complete,
    });
    await call({
      method: "PUT",
      route: "/api/journal/timer",
      token,
      headers: keyed(),
      json: timerUpdate(false),
      label: "paused, every tag changed",
      why: "dates are as long as they are; the time paused is at most the time since the start",
    });
    await call({
      method: "PUT",
      route: "/api/journal/timer",
      token,
      headers: keyed(),
      json: timerUpdate(true),
      label: "saved: its entry written",
      why: "dates are as long as they are; the time paused is at most the time since the start",
    });
    const second = await must<{ id: number }>({
      method: "POST",
      route: "/api/journal/timer",
      token,
      headers: keyed(),
      json: { ...timerBody("tr"), initAt: iso(Date.now()), goal: null },
      label: "another, to reset",
    });
    await call({ method: "DELETE", route: "/api/journal/timer", token, json: { id: second.id } });
    await get("/api/journal/timer/stats");
  });

  // ---- Donations
  await section("donations", async () => {
    await call({
      method: "GET",
      route: "/api/donate/public/:username",
      url: `/api/donate/public/${USER.username}`,
      token: null,
    });
    const info = await must<{ modifiedAt: string }>({ method: "GET", route: "/api/donate/info", token });
    await call({
      method: "PUT",
      route: "/api/donate/info",
      token,
      headers: { ...keyed(), "If-Match": `"${info.modifiedAt}"` },
      json: {
        donatePageTitle: "D".repeat(120),
        ethAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        // BIP 350's test address of a version 1 program of 40 bytes, the longest a Bitcoin address is.
        btcAddress: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
        paypalDonateButtonId: "P".repeat(64),
      },
      why: "a Bitcoin address is at most 74 characters (a program of 40 bytes); 90 is bech32's own bound",
    });
    const last = await db
      .prepare("SELECT at, id FROM donations WHERE user_id = 1 ORDER BY at DESC, id DESC LIMIT 1 OFFSET 2000")
      .first<{ at: number; id: number }>();
    await call({
      method: "GET",
      route: "/api/donate/donations",
      url: `/api/donate/donations?limit=100&before=${last?.at}~${last?.id}`,
      token,
      label: "a page of 100 after 2,000",
    });
    await call({ method: "DELETE", route: "/api/donate/info", token });
  });

  // ---- People
  await section("people", async () => {
    await get("/api/people");
    const personBody = (prefix: string) => ({
      name: `${prefix}`.padEnd(100, "n"),
      email: longEmail(`${prefix.toLowerCase()}e`, "x"),
      birthDate: "1984-02-29",
    });
    const person = await must<{ id: number; modifiedAt: string; tags: { id: number }[] }>({
      method: "POST",
      route: "/api/people",
      token,
      headers: keyed(),
      json: { ...personBody("A"), tags: names("@pa") },
      why: "a birth date is as long as it is",
    });
    const otherTags = await db
      .prepare("SELECT id FROM tags WHERE user_id = 1 ORDER BY id LIMIT 450")
      .all<{ id: number }>();
    await call({
      method: "PUT",
      route: "/api/people/:id",
      url: `/api/people/${person.id}`,
      token,
      headers: { ...keyed(), "If-Match": `"${person.modifiedAt}"` },
      json: {
        id: person.id,
        ...personBody("B"),
        oldName: "A".padEnd(100, "n"),
        tagIdsToRemove: [...person.tags.map((t) => t.id), ...otherTags.results.map((t) => t.id)].slice(0, 500),
        tagNamesToAdd: names("@pb"),
      },
      label: "its 50 tags removed (and 450 ids of others), 50 new ones",
      why: "a birth date is as long as it is",
    });
    await call({ method: "DELETE", route: "/api/people/:id", url: `/api/people/${person.id}`, token });
  });

  // ---- Checklists
  await section("checklists", async () => {
    await get("/api/steps");
    const list = await must<{ data: { id: number; modifiedAt: string } }>({
      method: "POST",
      route: "/api/steps",
      token,
      headers: keyed(),
      json: { name: "C".repeat(100) },
    });
    await call({ method: "GET", route: "/api/steps/:id", url: `/api/steps/${list.data.id}`, token });
    // 2,000 lines of 24 characters, as long as the checklist stores them (CHECKLIST_LINES_MAX, and 49,999 of its
    // CHECKLIST_CHARS_MAX), each sent with trailing spaces up to the 200,000 a client may send (normalised away;
    // spaces, as a newline is two bytes of JSON and the body would pass its 256 KB).
    const lines = Array.from({ length: 2000 }, (_, k) => `- [${k % 3 ? " " : "x"}] ${`step ${k} `.padEnd(18, "w")}`);
    const content = lines
      .map((l) => l.padEnd(99, " "))
      .join("\n")
      .padEnd(200_000, " ");
    await call({
      method: "PUT",
      route: "/api/steps/:id",
      url: `/api/steps/${list.data.id}`,
      token,
      headers: { "If-Match": `"${list.data.modifiedAt}"` },
      // The counts a client sends are not read: the API counts the lines itself.
      json: {
        id: list.data.id,
        name: "D".repeat(100),
        deadline: iso(Date.now() + 7 * DAY),
        content,
        totalItems: 2000,
        completedItems: 667,
      },
      why: "a deadline is as long as it is",
    });
    await call({ method: "DELETE", route: "/api/steps/:id", url: `/api/steps/${list.data.id}`, token });
  });

  // ---- The calendar
  await section("the calendar", async () => {
    await call({
      method: "GET",
      route: "/api/calendar",
      url: `/api/calendar?from=${day(Date.now() - 200 * DAY)}&to=${day(Date.now() + 199 * DAY)}&tz=${encodeURIComponent(LONGEST_ZONE)}`,
      token,
      label: "400 days",
      why: "days are as long as they are",
    });
    await get("/api/calendar/events");
    const eventBody = (title: string) => ({
      title: title.repeat(200),
      note: text(2000, 5),
      date: day(Date.now()),
      start: "23:30",
      end: "01:15",
      repeat: "weekly",
    });
    const { data: event } = await must<{ data: { id: number; modifiedAt: string } }>({
      method: "POST",
      route: "/api/calendar/events",
      token,
      headers: keyed(),
      json: eventBody("E"),
      why: "a day and a time are as long as they are",
    });
    await call({
      method: "PUT",
      route: "/api/calendar/events/:id",
      url: `/api/calendar/events/${event.id}`,
      token,
      headers: { ...keyed(), "If-Match": `"${event.modifiedAt}"` },
      json: eventBody("F"),
      why: "a day and a time are as long as they are",
    });
    await call({ method: "DELETE", route: "/api/calendar/events/:id", url: `/api/calendar/events/${event.id}`, token });
    const feedSettings = { birthdays: 9540, deadlines: 9540, events: 1440, locale: "ru" };
    await call({ method: "POST", route: "/api/calendar/feed", token, json: feedSettings });
    const feed = await must<{ url: string }>({ method: "GET", route: "/api/calendar/feed", token });
    await call({ method: "PUT", route: "/api/calendar/feed", token, json: { ...feedSettings, locale: "en" } });
    const file = new URL(feed.url).pathname.split("/").pop() as string;
    await call({
      method: "GET",
      route: "/api/calendar/feed/:file",
      url: `/api/calendar/feed/${file}`,
      token: null,
      label: "every event, birthday and deadline of the account",
    });
    await call({ method: "DELETE", route: "/api/calendar/feed", token });
  });

  // ---- Reminders (push/routes.ts)
  await section("reminders", async () => {
    await call({ method: "GET", route: "/api/push/key", token: null, why: "a key is as long as it is" });
    const browser = (n: number) => ({
      endpoint: `https://push.example.net/${String(n).padEnd(2048 - 25, "e")}`,
      keys: { p256dh: `B${"Q".repeat(86)}`, auth: "Q".repeat(22) },
      device: "D".repeat(100),
    });
    const subscription = await must<{ id: number }>({
      method: "POST",
      route: "/api/push/subscriptions",
      token,
      json: browser(1),
      why: "a browser's keys are as long as they are",
    });
    // The same endpoint again: the same row, its keys made new.
    await call({
      method: "POST",
      route: "/api/push/subscriptions",
      token,
      json: browser(1),
      label: "the same endpoint again",
      why: "a browser's keys are as long as they are",
    });
    await get("/api/push/subscriptions");
    await call({
      method: "DELETE",
      route: "/api/push/subscriptions/:id",
      url: `/api/push/subscriptions/${subscription.id}`,
      token,
    });
    const streaks = await db
      .prepare("SELECT id FROM stack_items WHERE user_id = 1 AND type = 'streaks' ORDER BY id LIMIT 50")
      .all<{ id: number }>();
    await call({
      method: "PUT",
      route: "/api/reminders",
      token,
      json: {
        daily: { time: "21:00" },
        streaks: { time: "20:00", items: streaks.results.map((r) => r.id) },
        birthdays: true,
        deadlines: true,
        events: true,
        quiet: { from: "23:00", to: "07:00" },
      },
      why: "times are as long as they are; the streak items are the account's own (up to 50)",
    });
    await get("/api/reminders");
    // The scheduled minute's work at once (DEV_LOGIN): the accounts due by their indexed next_due, none now.
    await call({
      method: "POST",
      route: "/api/dev/cron",
      token: null,
      json: { at: new Date().toISOString() },
      why: "an instant is as long as it is",
    });
  });

  // ---- Tools
  await section("tools", async () => {
    await call({
      method: "POST",
      route: "/api/random/integers",
      token,
      json: { count: 1000, min: -1_000_000_000, max: 1_000_000_000, replacement: false },
    });
    const moment = "2026-12-06T12:00:00.000+03:00";
    await call({
      method: "GET",
      route: "/api/lupileon/moon/:date",
      url: `/api/lupileon/moon/${moment}?tz=${encodeURIComponent(LONGEST_ZONE)}`,
      token,
      why: "a moment and a zone are as long as they are",
    });
    await call({
      method: "GET",
      route: "/api/lupileon/celestial/:date",
      url: `/api/lupileon/celestial/${moment}`,
      token,
      why: "a moment is as long as it is",
    });
    await call({
      method: "GET",
      route: "/api/lupileon/solar/:date",
      url: `/api/lupileon/solar/${moment}?tz=${encodeURIComponent(LONGEST_ZONE)}`,
      token,
      why: "a moment and a zone are as long as they are",
    });
    await call({
      method: "GET",
      route: "/api/lupileon/signs/:date",
      url: `/api/lupileon/signs/${moment}`,
      token,
      why: "a moment is as long as it is",
    });
    await get("/api/lupileon/summary");
    await get("/api/today");
  });
}
