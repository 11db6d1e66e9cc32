import { env, SELF } from "cloudflare:test";
import { addDonation, PAGE } from "../donate/test-calls.ts";
import { ORIGIN, type signedInUser } from "./helpers.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A JSON call to any /api path as the user. */
export function userCall(
  user: User,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${user.token}`,
      Origin: ORIGIN,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ok<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${r.status}: ${await r.text()}`);
  return r.json<T>();
}

/** The entries every filled account writes (its name in the text): quoting, lines, Unicode, down and up. */
export const entriesOf = (name: string) => [
  {
    text: `${name}'s day, "quoted", a comma\r\nand a second line`,
    date: "2026-03-05T12:00:00.000Z",
    tags: ["coffee", "@ada"],
    metrics: [
      { name: "mood", value: 4 },
      { name: "cups", value: 2.5 },
    ],
  },
  { text: "", date: "2026-03-05T22:00:00.000Z", tags: ["down"], metrics: [] },
  {
    text: "Привет, мир 🌍 =1+1",
    date: "2026-03-06T07:00:00.000Z",
    tags: ["up"],
    metrics: [{ name: "cups", value: 1 }],
  },
];

/**
 * Every kind of row a user can own, written through the API where it has a route (entries with tags and
 * metrics, down and up so the uptime tables fill, a stack and its item, a saved and a running timer, the
 * save's idempotency key, a person with tags, a checklist with a deadline, a repeating timed event and an
 * all-day one, the calendar's feed, an invite link, a donation page) and straight into D1 where polling or the throttle
 * writes (a donation, attempts keyed by the account; the page's PUT starts its donation sources).
 */
export async function fillAccount(user: User) {
  const written = [];
  for (const entry of entriesOf(user.name))
    written.push(await ok<{ metrics: { id: number; name: string }[] }>(user.call("POST", "/entries", entry)));
  const cups = written[0]?.metrics.find((m) => m.name === "cups")?.id;
  const stack = await ok<{ id: number }>(user.call("POST", "/stacks", { name: `${user.name}'s stack`, icon: "☕" }));
  await ok(
    user.call("POST", "/stack-items", {
      stackId: stack.id,
      title: "coffee streak",
      type: "streaks",
      // A habit goal: three days a week.
      config: { filter: [{ name: "coffee", not: false }], goal: { times: 3, per: "week" } },
    }),
  );
  // A statistic over a metric: its id in the database, its name in an export.
  await ok(
    user.call("POST", "/stack-items", {
      stackId: stack.id,
      title: "most cups",
      type: "max",
      uptimeOnly: true,
      tagsSign: "||",
      position: 2,
      // As of a date of its own (not now): a field of the item's config the export and the import carry.
      config: {
        filter: [{ name: "coffee" }, { name: "down", not: true }],
        timeRange: "week",
        metricId: cups,
        date: "2026-03-06T12:00:00.000Z",
      },
    }),
  );
  const startedAt = "2026-03-05T08:00:00.000Z";
  const saved = await ok<{ id: number }>(
    user.call("POST", "/timer", { text: "deep work", tags: ["focus"], initAt: startedAt }),
  );
  // Saved with an Idempotency-Key, as the timer's page sends it: the key is the user's row too.
  await ok(
    userCall(
      user,
      "PUT",
      "/journal/timer",
      {
        id: saved.id,
        text: "deep work",
        tags: ["focus"],
        startedAt,
        pausedAt: "2026-03-05T09:00:00.000Z",
        pausedTimeDiff: 600_000,
        complete: true,
      },
      { "Idempotency-Key": `${user.name}-timer-save` },
    ),
  );
  await ok(
    user.call("POST", "/timer", {
      text: "reading",
      tags: ["books"],
      initAt: "2026-03-06T10:00:00.000Z",
      goal: "2026-03-06T10:30:00.000Z",
    }),
  );
  await ok(
    userCall(user, "POST", "/people", {
      name: "Ada Lovelace",
      email: "ada@example.org",
      birthDate: "1990-03-05",
      tags: ["ada", "friends"],
    }),
  );
  const steps = await ok<{ data: { id: number } }>(userCall(user, "POST", "/steps", { name: `${user.name}'s plan` }));
  await ok(
    userCall(user, "PUT", `/steps/${steps.data.id}`, {
      id: steps.data.id,
      name: `${user.name}'s plan`,
      content: '- [x] buy beans\n- [ ] grind, "fine"',
      deadline: "2026-03-07T12:00:00.000Z",
    }),
  );
  // Every field of an event set on one (a note of two lines, quoted), and an all-day one with the defaults.
  await ok(
    userCall(user, "POST", "/calendar/events", {
      title: "Dentist",
      note: 'Card,\nand "the form"',
      date: "2026-03-19",
      start: "09:00",
      end: "09:45",
      repeat: "weekly",
    }),
  );
  await ok(userCall(user, "POST", "/calendar/events", { title: `${user.name}'s day off`, date: "2026-03-20" }));
  // The feed's secret address: deleted with the account, never exported.
  await ok(userCall(user, "POST", "/calendar/feed", { events: 15, locale: "ru" }));
  // An invite link, waiting: it ends with the account, and is never exported (its secret is not kept).
  await ok(userCall(user, "POST", "/auth/invites"));
  // A browser's push subscription and the reminders: deleted with the account, never exported.
  await ok(
    userCall(user, "POST", "/push/subscriptions", {
      endpoint: `https://push.example.net/wpush/v2/${user.id}`,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      device: "Chrome on Linux",
    }),
  );
  await ok(
    userCall(user, "PUT", "/reminders", {
      daily: { time: "21:00" },
      streaks: null,
      birthdays: true,
      deadlines: false,
      events: false,
      quiet: { from: "23:00", to: "07:00" },
    }),
  );
  await ok(userCall(user, "PUT", "/donate/info", { ...PAGE, donatePageTitle: `${user.name}'s page` }));
  await addDonation(user.id, { txId: "b".repeat(64), amount: "12345", from: "bc1qsender", at: Date.UTC(2026, 2, 1) });
  await env.DB.batch([
    ...[`account:${user.email}`, `password:${user.id}`, `signup:${user.email}`].map((key) =>
      env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(key, Date.now()),
    ),
    // An import run, as the import route records one (import/runs.ts), without writing its rows again here.
    env.DB.prepare(
      "INSERT INTO imports (user_id, format, state, file_hash, started_at, finished_at, summary) VALUES (?, 'daylio', 'done', ?, ?, ?, '{}')",
    ).bind(user.id, "0".repeat(64), Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 1)),
    // The cron's record of a reminder sent (push/cron.ts): deleted with the account, never exported.
    env.DB.prepare("INSERT INTO reminders_sent (user_id, occurrence, sent_at) VALUES (?, 'daily:2026-03-20', ?)").bind(
      user.id,
      Date.UTC(2026, 2, 20, 20),
    ),
    // A passkey (auth/passkeys.ts), as its registration stores one.
    env.DB.prepare(
      "INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AA', 0, '[]', 'Phone', ?)",
    ).bind(`key-${user.id}`, user.id, Date.UTC(2026, 2, 1)),
    // A registration's challenge, asked for and not answered yet (auth/passkeys.ts).
    env.DB.prepare(
      "INSERT INTO webauthn_challenges (id, purpose, user_id, challenge, expires_at) VALUES (?, 'register', ?, 'ch', ?)",
    ).bind(`nonce-${user.id}`, user.id, Date.now() + 60_000),
    // …and its one chunk, written.
    env.DB.prepare(
      "INSERT INTO import_chunks (import_id, n, kinds) SELECT max(id), 0, '{}' FROM imports WHERE user_id = ?",
    ).bind(user.id),
  ]);
}
