import { env, SELF } from "cloudflare:test";
import { ACCOUNT_HEADER } from "@nook/shared/common/account-header";
import { permissionsPolicy } from "@nook/shared/common/csp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { createSession } from "../auth/session.ts";
import { addDonation } from "../donate/test-calls.ts";
import { openDb } from "../platform/db.ts";
import { claimsOf, dumpDb, errorBodyOf, errorOf, ORIGIN, PASSWORD, resetDb, signedInUser } from "./helpers.ts";

/**
 * The route-walking security suite. It reads every route registered on the
 * Hono app and needs an entry below for each: a route without one fails the
 * first test. For every route:
 *   - signed out → 401 with nothing written (unless it is declared public);
 *   - with the token of a session that has ended → 401 with nothing written;
 *   - Bob aimed at Ann's ids (or at his own lists) → 404 or only Bob's data,
 *     with every row of Ann's unchanged;
 *   - Ann's session naming Bob's account (`Nook-Account`) → 409 with nothing
 *     written; naming her own → answered as without it;
 *   - every answer Ann gets under her session names her account, and no
 *     public answer names one.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
interface World {
  ann: User;
  bob: User;
  /** Ann's entry, tagged "secret" and "@ann", with a mood. */
  annEntry: number;
  annTagIds: number[];
  /** The id of Ann's "mood" metric. */
  annMetricId: number;
  /** Bob's own entry, also tagged "secret", so name lookups reach the user scoping. */
  bobEntry: number;
  /** Ann's stack, with one item. */
  annStack: number;
  annItem: number;
  bobStack: number;
  /** Ann's running timer. */
  annTimer: number;
  /** Ann's person (tagged "@ada") and checklist (with a deadline). */
  annPerson: number;
  annSteps: number;
  /** Ann's event (weekly, in the calendar's probe) and her feed's token. */
  annEvent: number;
  annFeed: string;
  /** Ann's import run, running, its first of two chunks written. */
  annImport: number;
  /** The id of Ann's session. */
  annSession: string;
  /** Ann's waiting invite link. */
  annInvite: number;
  /** Ann's browser's push subscription (she also has reminders saved, following her stack item). */
  annSubscription: number;
}

interface Probe {
  /** The path with its parameters filled in (Ann's ids). */
  path(w: World): string;
  /** A body that passes validation, so a missing session is what is refused. */
  body?(w: World): unknown;
  /** A body that is a file, not JSON (an import): its media type and text. */
  file?: { type: string; text: string };
}

interface RouteCase extends Probe {
  /** Answers without a session (sign-in and friends); its own tests cover it. */
  public?: true;
  /** Bob sends this probe with his session: what must he get, given Ann's ids? */
  crossUser(res: Response, w: World): Promise<void>;
}

const onlyBobs = async (res: Response, w: World) => {
  expect(res.status).toBe(200);
  const rows = await res.json<{ id: number }[]>();
  expect(rows.map((r) => r.id)).not.toContain(w.annEntry);
  expect(rows.map((r) => r.id)).toContain(w.bobEntry);
};
const notFound = async (res: Response) => {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toMatch(/not found/i);
};
/** Bob has no donation page of his own: Ann's is never what he reaches. */
const noDonatePage = async (res: Response) => {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toBe("No donation information yet");
};
const noneOfAnnsTags = async (res: Response, w: World) => {
  expect(res.status).toBe(200);
  const ids = (await res.json<{ id: number }[]>()).map((t) => t.id);
  for (const id of w.annTagIds) expect(ids).not.toContain(id);
};
const bobsOwn = async (res: Response, w: World) => {
  expect(res.status).toBeLessThan(300);
  expect(JSON.stringify(await res.json())).not.toContain(w.ann.email);
};

/** Bob's export is Bob's: his entry in it, nothing of Ann's (her address, her entry's text). */
const ownExport = async (res: Response, w: World) => {
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toContain("bob's");
  for (const secret of [w.ann.email, "private", "Ann"]) expect(text).not.toContain(secret);
};

const entryBody = { text: "mine", tags: ["secret"], metrics: [{ name: "mood", value: 2 }] };

const itemBody = (stackId: number) => ({
  stackId,
  title: "coffee streak",
  type: "streaks",
  config: { filter: [{ name: "secret", not: false }] },
});
const onlyBobsStacks = async (res: Response, w: World) => {
  expect(res.status).toBe(200);
  expect((await res.json<{ id: number }[]>()).map((s) => s.id)).toEqual([w.bobStack]);
};

const personBody = { name: "Ada", email: "ada@example.org", birthDate: "1990-03-05", tags: ["ada"] };
const noneOf =
  (key: "annPerson" | "annSteps", unwrap: (body: unknown) => { id: number }[]) => async (res: Response, w: World) => {
    expect(res.status).toBe(200);
    expect(unwrap(await res.json()).map((r) => r.id)).not.toContain(w[key]);
  };

const eventBody = {
  title: "Ann's dentist",
  date: "2026-03-05",
  start: "09:00",
  end: "10:00",
  repeat: "weekly" as const,
};
const noFeed = async (res: Response) => {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toBe("There is no calendar feed: create one first");
};

/** A browser's subscription, as PushSubscription.toJSON() gives it: another browser than Ann's. */
const subscriptionBody = {
  endpoint: "https://push.example.net/wpush/v2/probe",
  keys: { p256dh: `B${"Q".repeat(86)}`, auth: "Q".repeat(22) },
  device: "Probe",
};
const reminderBody = (items: number[]) => ({
  daily: { time: "21:00" },
  streaks: { time: "20:00", items },
  birthdays: true,
  deadlines: true,
  events: true,
  quiet: { from: "23:00", to: "07:00" },
});

const ROUTES: Record<string, RouteCase> = {
  "GET /api/push/key": {
    // The VAPID public key is everyone's: no account is read.
    public: true,
    path: () => "/api/push/key",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(Object.keys(await res.json<object>())).toEqual(["publicKey"]);
    },
  },
  "POST /api/push/subscriptions": {
    path: () => "/api/push/subscriptions",
    body: () => subscriptionBody,
    // Bob's browser is his own row; Ann's stays hers.
    crossUser: async (res, w) => {
      expect(res.status).toBe(201);
      expect((await res.json<{ id: number }>()).id).not.toBe(w.annSubscription);
    },
  },
  "GET /api/push/subscriptions": {
    path: () => "/api/push/subscriptions",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    },
  },
  "DELETE /api/push/subscriptions/:id": {
    path: (w) => `/api/push/subscriptions/${w.annSubscription}`,
    crossUser: notFound,
  },
  "GET /api/reminders": {
    path: () => "/api/reminders",
    // Bob has saved none: the defaults, never Ann's.
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        daily: null,
        streaks: null,
        birthdays: false,
        deadlines: false,
        events: false,
        quiet: null,
      });
    },
  },
  "PUT /api/reminders": {
    path: () => "/api/reminders",
    // Bob's reminders following Ann's streak item: refused in words, as any item not his own.
    body: (w) => reminderBody([w.annItem]),
    crossUser: async (res) => {
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe("A streak reminder follows only your own stack items of the streaks type");
    },
  },
  "GET /api/people": { path: () => "/api/people", crossUser: noneOf("annPerson", (b) => b as { id: number }[]) },
  "POST /api/people": {
    path: () => "/api/people",
    body: () => personBody,
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "PUT /api/people/:id": {
    path: (w) => `/api/people/${w.annPerson}`,
    // Bob renames Ann's person and strips her tags.
    body: (w) => ({
      id: w.annPerson,
      ...personBody,
      name: "taken",
      tagIdsToRemove: w.annTagIds,
      tagNamesToAdd: ["bob"],
    }),
    crossUser: notFound,
  },
  "DELETE /api/people/:id": { path: (w) => `/api/people/${w.annPerson}`, crossUser: notFound },
  "GET /api/steps": {
    path: () => "/api/steps",
    crossUser: noneOf("annSteps", (b) => (b as { data: { id: number }[] }).data),
  },
  "POST /api/steps": {
    path: () => "/api/steps",
    body: () => ({ name: "mine" }),
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "GET /api/steps/:id": { path: (w) => `/api/steps/${w.annSteps}`, crossUser: notFound },
  "PUT /api/steps/:id": {
    path: (w) => `/api/steps/${w.annSteps}`,
    body: (w) => ({ id: w.annSteps, name: "taken", content: "- [x] mine" }),
    crossUser: notFound,
  },
  "DELETE /api/steps/:id": { path: (w) => `/api/steps/${w.annSteps}`, crossUser: notFound },
  "GET /api/calendar": {
    path: () => "/api/calendar?from=2026-03-01&to=2026-03-31",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ birthdays: [], deadlines: [], events: [], activity: {} });
    },
  },
  "GET /api/calendar/events": {
    path: () => "/api/calendar/events",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ data: { id: number }[] }>()).data.map((e) => e.id)).not.toContain(w.annEvent);
    },
  },
  "POST /api/calendar/events": {
    path: () => "/api/calendar/events",
    body: () => eventBody,
    crossUser: bobsOwn,
  },
  "PUT /api/calendar/events/:id": {
    path: (w) => `/api/calendar/events/${w.annEvent}`,
    body: () => ({ ...eventBody, title: "taken" }),
    crossUser: notFound,
  },
  "DELETE /api/calendar/events/:id": { path: (w) => `/api/calendar/events/${w.annEvent}`, crossUser: notFound },
  // Bob has no feed of his own: Ann's is never what he reads, changes or switches off.
  "GET /api/calendar/feed": {
    path: () => "/api/calendar/feed",
    // Bob has none of his own: null, never Ann's.
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    },
  },
  "POST /api/calendar/feed": {
    path: () => "/api/calendar/feed",
    body: () => ({ birthdays: 900 }),
    crossUser: async (res, w) => {
      expect(res.status).toBe(201);
      expect((await res.json<{ url: string }>()).url).not.toContain(w.annFeed);
    },
  },
  "PUT /api/calendar/feed": { path: () => "/api/calendar/feed", body: () => ({ birthdays: 900 }), crossUser: noFeed },
  "DELETE /api/calendar/feed": { path: () => "/api/calendar/feed", crossUser: noFeed },
  // The address is the capability (calendar/feed-routes.ts): an address that is not one is a plain 404 to anyone.
  "GET /api/calendar/feed/:file": {
    public: true,
    path: (w) => `/api/calendar/feed/${w.annFeed.slice(0, 16)}${"A".repeat(43)}.ics`,
    crossUser: notFound,
  },
  "GET /api/today": {
    path: () => "/api/today",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      const today = await res.json<Record<string, unknown>>();
      expect(today).toMatchObject({ birthdays: [], deadlines: [], timer: null, streaksAtRisk: [], events: [] });
      expect(today.journal).toMatchObject({ mood: null });
    },
  },
  "POST /api/random/integers": {
    path: () => "/api/random/integers",
    body: () => ({ count: 1, min: 1, max: 10 }),
    // No user's data is involved; here (no key) Bob is told the service is not set up.
    crossUser: async (res) => {
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toBe("The random-number service is not configured");
    },
  },
  "GET /api/journal/stacks": { path: () => "/api/journal/stacks", crossUser: onlyBobsStacks },
  "POST /api/journal/stacks": {
    path: () => "/api/journal/stacks",
    body: () => ({ name: "mine", icon: "☕" }),
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "GET /api/journal/stacks/:id": { path: (w) => `/api/journal/stacks/${w.annStack}`, crossUser: notFound },
  "PUT /api/journal/stacks/:id": {
    path: (w) => `/api/journal/stacks/${w.annStack}`,
    body: () => ({ name: "taken" }),
    crossUser: notFound,
  },
  "DELETE /api/journal/stacks/:id": { path: (w) => `/api/journal/stacks/${w.annStack}`, crossUser: notFound },
  "POST /api/journal/stack-items": {
    path: () => "/api/journal/stack-items",
    // Bob adds an item to Ann's stack.
    body: (w) => itemBody(w.annStack),
    crossUser: notFound,
  },
  "PUT /api/journal/stack-items/:id": {
    path: (w) => `/api/journal/stack-items/${w.annItem}`,
    body: () => ({ title: "taken" }),
    crossUser: notFound,
  },
  "DELETE /api/journal/stack-items/:id": { path: (w) => `/api/journal/stack-items/${w.annItem}`, crossUser: notFound },
  "POST /api/journal/stack-item-data": {
    path: () => "/api/journal/stack-item-data",
    // Bob asks for the top entries by Ann's metric.
    body: (w) => ({
      type: "max",
      config: { filter: [{ name: "secret" }], metricId: w.annMetricId },
    }),
    crossUser: async (res) => {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe("Metric not found");
    },
  },
  "GET /api/journal/timer": {
    path: () => "/api/journal/timer",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    },
  },
  "POST /api/journal/timer": {
    path: () => "/api/journal/timer",
    body: () => ({ text: "mine", tags: ["secret"], initAt: new Date().toISOString() }),
    // Ann's running timer does not stop Bob from starting his own.
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "PUT /api/journal/timer": {
    path: () => "/api/journal/timer",
    body: (w) => ({
      id: w.annTimer,
      text: "taken",
      tags: [],
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      pausedAt: new Date().toISOString(),
      pausedTimeDiff: 0,
      complete: true,
    }),
    crossUser: notFound,
  },
  "DELETE /api/journal/timer": {
    path: () => "/api/journal/timer",
    body: (w) => ({ id: w.annTimer }),
    crossUser: notFound,
  },
  "GET /api/journal/timer/stats": {
    path: () => "/api/journal/timer/stats",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ today: 0, week: 0, total: 0, count: 0, recent: [], others: 0 });
    },
  },
  "GET /api/donate/info": {
    path: () => "/api/donate/info",
    // Bob has none of his own: null, never Ann's.
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
    },
  },
  "PUT /api/donate/info": {
    path: () => "/api/donate/info",
    body: () => ({ donatePageTitle: "Bob's page", ethAddress: "", btcAddress: "", paypalDonateButtonId: "" }),
    // Bob writes his own page; Ann's stays as it was.
    crossUser: async (res) => expect(res.status).toBe(200),
  },
  "DELETE /api/donate/info": { path: () => "/api/donate/info", crossUser: noDonatePage },
  "GET /api/donate/donations": {
    path: () => "/api/donate/donations",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ donations: [], next: null });
    },
  },
  "GET /api/donate/public/:username": {
    public: true,
    path: (w) => `/api/donate/public/${w.ann.username}`,
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("Ann's page");
      for (const secret of [w.ann.email, `"id"`, "dateOfBirth", "userId"]) expect(text).not.toContain(secret);
    },
  },
  "GET /api/lupileon/summary": {
    path: () => "/api/lupileon/summary",
    // Ann has a date of birth; Bob, who has none, is answered his own.
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ dateOfBirth: null, name: "Bob" });
    },
  },
  ...Object.fromEntries(
    (["moon", "celestial", "solar", "signs"] as const).map((route): [string, RouteCase] => [
      `GET /api/lupileon/${route}/:date`,
      {
        // The sky is no one's: the by-date page works signed out, and no user's data is read.
        public: true,
        path: () => `/api/lupileon/${route}/1990-05-17`,
        crossUser: async (res, w) => {
          expect(res.status).toBe(200);
          const text = await res.text();
          for (const secret of [w.ann.email, "Ann", "dateOfBirth"]) expect(text).not.toContain(secret);
        },
      },
    ]),
  ),
  "GET /api/health": {
    public: true,
    path: () => "/api/health",
    crossUser: async (res) => expect(res.status).toBe(200),
  },
  "POST /api/auth/login": {
    public: true,
    path: () => "/api/auth/login",
    body: (w) => ({ email: w.ann.email, password: "not Ann's password" }),
    crossUser: async (res) => expect(res.status).toBe(401),
  },
  "POST /api/auth/register": {
    public: true,
    path: () => "/api/auth/register",
    body: (w) => ({ email: w.ann.email, name: "Imposter", username: "imposter", password: "long enough pw" }),
    crossUser: async (res) => expect(res.status).toBe(409),
  },
  "GET /api/auth/signup": {
    public: true,
    // Whether sign-up is open: no one's data, signed in or out.
    path: () => "/api/auth/signup",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ open: true, invited: false });
    },
  },
  "GET /api/auth/invites": {
    path: () => "/api/auth/invites",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    },
  },
  "POST /api/auth/invites": {
    path: () => "/api/auth/invites",
    // Bob's own invite: a new row of his, Ann's unchanged.
    crossUser: async (res, w) => {
      expect(res.status).toBe(201);
      expect((await res.json<{ id: number }>()).id).not.toBe(w.annInvite);
    },
  },
  "DELETE /api/auth/invites/:id": { path: (w) => `/api/auth/invites/${w.annInvite}`, crossUser: notFound },
  "GET /api/auth/checkAuth": {
    path: () => "/api/auth/checkAuth",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ tokenData: { id: number } }>()).tokenData.id).toBe(w.bob.id);
    },
  },
  "GET /api/auth/me": { path: () => "/api/auth/me", crossUser: bobsOwn },
  "GET /api/auth/logout": { public: true, path: () => "/api/auth/logout", crossUser: bobsOwn },
  "GET /api/auth/sessions": {
    path: () => "/api/auth/sessions",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      const listed = await res.json<{ id: string }[]>();
      expect(listed.map((s) => s.id)).not.toContain(w.annSession);
      expect(listed).toHaveLength(1);
    },
  },
  "DELETE /api/auth/sessions/:id": {
    // Bob ends Ann's session.
    path: (w) => `/api/auth/sessions/${w.annSession}`,
    crossUser: notFound,
  },
  "DELETE /api/auth/sessions": {
    // Everywhere else: Bob's other sessions, never Ann's.
    path: () => "/api/auth/sessions",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ended: 0 });
    },
  },
  "GET /api/auth/passkeys": {
    path: () => "/api/auth/passkeys",
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    },
  },
  "POST /api/auth/passkeys/register/options": {
    path: () => "/api/auth/passkeys/register/options",
    // Adding a passkey takes the account's password: with Bob's, Bob's options.
    body: () => ({ currentPassword: PASSWORD }),
    // Bob's options exclude his passkeys (none), never name Ann's.
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      const options = await res.json<{ excludeCredentials: { id: string }[]; user: { name: string } }>();
      expect(options.excludeCredentials).toEqual([]);
      expect(options.user.name).not.toBe(w.ann.email);
    },
  },
  "POST /api/auth/passkeys/register": {
    path: () => "/api/auth/passkeys/register",
    body: () => ({
      name: "Phone",
      response: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: "e30", attestationObject: "oA" },
      },
    }),
    // No challenge of Bob's: nothing is registered, to anyone.
    crossUser: async (res) => expect(res.status).toBe(401),
  },
  "DELETE /api/auth/passkeys/:id": {
    path: () => "/api/auth/passkeys/annskey",
    crossUser: notFound,
  },
  "POST /api/auth/passkeys/login/options": {
    public: true,
    path: () => "/api/auth/passkeys/login/options",
    crossUser: async (res) => expect(res.status).toBe(200),
  },
  "POST /api/auth/passkeys/login": {
    public: true,
    path: () => "/api/auth/passkeys/login",
    body: () => ({
      response: {
        id: "annskey",
        rawId: "annskey",
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      },
    }),
    // Ann's passkey's id, without a challenge of this browser's or her signature, signs no one in.
    crossUser: async (res) => expect(res.status).toBe(401),
  },
  "POST /api/auth/change-password": {
    path: () => "/api/auth/change-password",
    body: () => ({ currentPassword: PASSWORD, newPassword: "a brand new password" }),
    crossUser: bobsOwn,
  },
  "PUT /api/user/profile": {
    path: () => "/api/user/profile",
    body: (w) => ({
      email: w.ann.email,
      name: "Bob",
      username: "bob",
      dateOfBirth: null,
      accentColor: "pink",
      currentPassword: PASSWORD,
    }),
    crossUser: async (res) => {
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toBe("Email is already in use");
    },
  },
  "POST /api/user/import": {
    // Bob's import lands in Bob's journal, whoever's tags it names.
    path: () => "/api/user/import?format=daylio",
    file: { type: "text/csv", text: "full_date,time,mood,activities,note\n2025-03-01,10:00,good,secret,mine" },
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "GET /api/user/imports": {
    path: () => "/api/user/imports",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ id: number }[]>()).map((r) => r.id)).not.toContain(w.annImport);
    },
  },
  "POST /api/user/imports": {
    path: () => "/api/user/imports",
    body: () => ({ format: "daylio", fileHash: "a".repeat(64), chunks: 2 }),
    // Bob's run is his own, whatever file Ann's was.
    crossUser: async (res, w) => {
      expect(res.status).toBe(201);
      expect((await res.json<{ id: number }>()).id).not.toBe(w.annImport);
    },
  },
  "PUT /api/user/imports/:id/chunks/:n": {
    // Bob writes the next chunk of Ann's run.
    path: (w) => `/api/user/imports/${w.annImport}/chunks/1`,
    file: { type: "text/csv", text: "full_date,time,mood,activities,note\n2025-03-02,10:00,good,secret,his" },
    crossUser: notFound,
  },
  "POST /api/user/imports/:id/finish": { path: (w) => `/api/user/imports/${w.annImport}/finish`, crossUser: notFound },
  "DELETE /api/user/imports/:id": { path: (w) => `/api/user/imports/${w.annImport}`, crossUser: notFound },
  "DELETE /api/user/account": {
    path: () => "/api/user/account",
    body: () => ({ password: PASSWORD }),
    // Bob's password is his own (every test user's is PASSWORD): his account goes, Ann's rows stay every one.
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(w.bob.id).first()).toBeNull();
    },
  },
  "GET /api/user/export": { path: () => "/api/user/export", crossUser: (res, w) => ownExport(res, w) },
  "GET /api/user/export/entries.csv": {
    path: () => "/api/user/export/entries.csv",
    crossUser: (res, w) => ownExport(res, w),
  },
  "GET /api/prodyalogin": {
    public: true,
    path: () => "/api/prodyalogin",
    // Only where DEV_LOGIN is "true", as in these tests; the demo account does not exist here.
    crossUser: async (res) => expect(res.status).toBe(404),
  },
  "POST /api/dev/cron": {
    public: true,
    path: () => "/api/dev/cron",
    // Long before any account is due: Ann's birthdays are due at once (read the minute they are turned on),
    // and a run that reaches her moves her next_due on, which is the cron's work, not another user's write.
    body: () => ({ at: "2000-01-01T00:00:00Z" }),
    // Only where DEV_LOGIN is "true", as in these tests: the cron's work then, which sends Ann nothing.
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect(((await res.json()) as { reminders: { claimed: number } }).reminders.claimed).toBe(0);
    },
  },
  "GET /api/journal/entries": { path: () => "/api/journal/entries", crossUser: onlyBobs },
  "POST /api/journal/entries": {
    path: () => "/api/journal/entries",
    body: () => entryBody,
    crossUser: async (res) => expect(res.status).toBe(201),
  },
  "PUT /api/journal/entries": {
    path: () => "/api/journal/entries",
    body: (w) => ({ entryId: w.annEntry, ...entryBody }),
    crossUser: notFound,
  },
  "DELETE /api/journal/entries": {
    path: () => "/api/journal/entries",
    body: (w) => ({ entryId: w.annEntry }),
    crossUser: notFound,
  },
  "GET /api/journal/entries/:id": { path: (w) => `/api/journal/entries/${w.annEntry}`, crossUser: notFound },
  "GET /api/journal/on-this-day": {
    path: () => "/api/journal/on-this-day",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ id: number }[]>()).map((r) => r.id)).not.toContain(w.annEntry);
    },
  },
  "GET /api/journal/pixels": {
    // This year, when Ann's mood (5) was written: Bob's year holds no mood at all.
    path: () => `/api/journal/pixels?year=${new Date().getUTCFullYear()}`,
    crossUser: async (res) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ days: (number | null)[] }>()).days.every((d) => d === null)).toBe(true);
    },
  },
  "POST /api/journal/entries/:id/lift": {
    path: (w) => `/api/journal/entries/${w.annEntry}/lift`,
    crossUser: notFound,
  },
  "POST /api/journal/entries-by-config": {
    path: () => "/api/journal/entries-by-config",
    // Only a negation: every entry matches the filter, so only the user scoping keeps Ann's out.
    body: () => ({ config: { filter: [{ name: "never-used", not: true }] }, tagsSign: "&&" }),
    crossUser: onlyBobs,
  },
  "GET /api/journal/tags": { path: () => "/api/journal/tags", crossUser: noneOfAnnsTags },
  "GET /api/journal/tags-sorted": { path: () => "/api/journal/tags-sorted", crossUser: noneOfAnnsTags },
  "GET /api/journal/tags-for-people-sorted": {
    path: () => "/api/journal/tags-for-people-sorted",
    crossUser: noneOfAnnsTags,
  },
  "GET /api/journal/metrics": {
    path: () => "/api/journal/metrics",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      const annMetric = (await (await w.ann.call("GET", "/metrics")).json<{ id: number }[]>())[0]?.id;
      expect((await res.json<{ id: number }[]>()).map((m) => m.id)).not.toContain(annMetric);
    },
  },
  "GET /api/journal/tags-in-use": { path: () => "/api/journal/tags-in-use", crossUser: noneOfAnnsTags },
  "GET /api/journal/metrics-in-use": {
    path: () => "/api/journal/metrics-in-use",
    crossUser: async (res, w) => {
      expect(res.status).toBe(200);
      expect((await res.json<{ id: number }[]>()).map((m) => m.id)).not.toContain(w.annMetricId);
    },
  },
  // Bob merges Ann's tag into his own "secret", and her metric into a name he has.
  "PUT /api/journal/tags/:id": {
    path: (w) => `/api/journal/tags/${w.annTagIds[0]}`,
    body: () => ({ name: "secret", merge: true }),
    crossUser: notFound,
  },
  "DELETE /api/journal/tags/:id": { path: (w) => `/api/journal/tags/${w.annTagIds[0]}`, crossUser: notFound },
  "PUT /api/journal/metrics/:id": {
    path: (w) => `/api/journal/metrics/${w.annMetricId}`,
    body: () => ({ name: "mood", merge: true }),
    crossUser: notFound,
  },
  "DELETE /api/journal/metrics/:id": { path: (w) => `/api/journal/metrics/${w.annMetricId}`, crossUser: notFound },
};

/**
 * Every answer, refusals and 404s included, is never sniffed into another
 * type, and kept by no cache unless its route made it public (the sky's
 * answers, the same for everyone and forever); opened in a tab, it shares no
 * window with another origin and may use no browser feature.
 */
function expectGuardedHeaders(res: Response, route: string) {
  expect(res.headers.get("X-Content-Type-Options"), route).toBe("nosniff");
  expect(res.headers.get("Cross-Origin-Opener-Policy"), route).toBe("same-origin");
  expect(res.headers.get("Permissions-Policy"), route).toBe(permissionsPolicy());
  const cache = res.headers.get("Cache-Control");
  if (!cache?.startsWith("public,")) expect(cache, route).toBe("private, no-store");
}

/** "METHOD /path" of every route the app registered (middleware left out). */
function registeredRoutes(): string[] {
  return [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].sort();
}

function send(method: string, probe: Probe, w: World, headers: Record<string, string> = {}) {
  const body = probe.body?.(w);
  if (probe.file)
    return SELF.fetch(`${ORIGIN}${probe.path(w)}`, {
      method,
      headers: { Origin: ORIGIN, "Content-Type": probe.file.type, ...headers },
      body: probe.file.text,
    });
  return SELF.fetch(`${ORIGIN}${probe.path(w)}`, {
    method,
    headers: { Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

let world: World;
/** Ann's and Bob's rows anew, in an empty database. */
async function buildWorld() {
  await resetDb();
  const ann = await signedInUser("Ann");
  await env.DB.prepare("UPDATE users SET date_of_birth = '1990-05-17' WHERE id = ?").bind(ann.id).run();
  const bob = await signedInUser("Bob");
  const annEntry = await (
    await ann.call("POST", "/entries", {
      text: "private",
      tags: ["secret", "@ann"],
      metrics: [{ name: "mood", value: 5 }],
    })
  ).json<{ id: number; tags: { id: number }[]; metrics: { id: number }[] }>();
  const bobEntry = await (await bob.call("POST", "/entries", { text: "bob's", tags: ["secret", "@bob"] })).json<{
    id: number;
  }>();
  const stack = async (user: User) =>
    (await (await user.call("POST", "/stacks", { name: `${user.name}'s`, icon: "★" })).json<{ id: number }>()).id;
  const annStack = await stack(ann);
  const bobStack = await stack(bob);
  const annItem = (await (await ann.call("POST", "/stack-items", itemBody(annStack))).json<{ id: number }>()).id;
  // Ann's timer, with a duration entry of hers for the statistics to leave out.
  const annTimer = (
    await (
      await ann.call("POST", "/timer", { text: "ann's", tags: ["secret"], initAt: new Date().toISOString() })
    ).json<{ id: number }>()
  ).id;
  await ann.call("POST", "/entries", { text: "timed", metrics: [{ name: "duration", value: 60 }] });
  // Ann's donation page, and a donation it received.
  await ann.api.donate.info.$put({
    json: {
      donatePageTitle: "Ann's page",
      ethAddress: "",
      btcAddress: "1BoatSLRHtKNngkdXEeobR76b53LETtpyT",
      paypalDonateButtonId: "",
    },
  });
  await addDonation(ann.id);
  // Ann's person and checklist, on days of the calendar's probe; her entry is dated then too.
  const annPerson = (await (await ann.api.people.$post({ json: personBody })).json()) as { id: number };
  const annSteps = (await (await ann.api.steps.$post({ json: { name: "Ann's plan" } })).json()) as {
    data: { id: number };
  };
  await ann.api.steps[":id"].$put({
    param: { id: String(annSteps.data.id) },
    json: { id: annSteps.data.id, name: "Ann's plan", deadline: "2026-03-05T12:00:00Z" },
  });
  await ann.call("POST", "/entries", { text: "in March", date: "2026-03-05T12:00:00Z" });
  // Ann's weekly event, and her calendar feed.
  const annEvent = (await (await ann.api.calendar.events.$post({ json: eventBody })).json()) as {
    data: { id: number };
  };
  const annFeed = (await (await ann.api.calendar.feed.$post({ json: { birthdays: 900 } })).json()) as { url: string };
  // Ann's passkey.
  await env.DB.prepare(
    "INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES ('annskey', ?, 'AA', 0, '[]', 'Phone', 1)",
  )
    .bind(ann.id)
    .run();
  // Ann's import, begun and half written: a run with rows of its own.
  const annAuth = { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN };
  const annImport = (await (
    await SELF.fetch(`${ORIGIN}/api/user/imports`, {
      method: "POST",
      headers: { ...annAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ format: "daylio", fileHash: "b".repeat(64), chunks: 2 }),
    })
  ).json()) as { id: number };
  const chunk = await SELF.fetch(`${ORIGIN}/api/user/imports/${annImport.id}/chunks/0`, {
    method: "PUT",
    headers: { ...annAuth, "Content-Type": "text/csv" },
    body: "full_date,time,mood,activities,note\n2025-03-01,10:00,good,secret,hers",
  });
  if (chunk.status !== 201) throw new Error(`Ann's import chunk: ${chunk.status} ${await chunk.text()}`);
  const annInvite = (await (
    await SELF.fetch(`${ORIGIN}/api/auth/invites`, { method: "POST", headers: annAuth })
  ).json()) as { id: number };
  // Ann's browser subscribed to pushes, and her reminders, following her streak item.
  const annSubscription = (await (
    await SELF.fetch(`${ORIGIN}/api/push/subscriptions`, {
      method: "POST",
      headers: { ...annAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ ...subscriptionBody, endpoint: "https://push.example.net/wpush/v2/ann" }),
    })
  ).json()) as { id: number };
  const reminders = await SELF.fetch(`${ORIGIN}/api/reminders`, {
    method: "PUT",
    headers: { ...annAuth, "Content-Type": "application/json" },
    body: JSON.stringify(reminderBody([annItem])),
  });
  if (reminders.status !== 200) throw new Error(`Ann's reminders: ${reminders.status} ${await reminders.text()}`);
  world = {
    annSubscription: annSubscription.id,
    annInvite: annInvite.id,
    ann,
    bob,
    annEntry: annEntry.id,
    annTagIds: annEntry.tags.map((t) => t.id),
    annMetricId: annEntry.metrics[0]?.id ?? 0,
    bobEntry: bobEntry.id,
    annStack,
    annItem,
    bobStack,
    annTimer,
    annPerson: annPerson.id,
    annSteps: annSteps.data.id,
    annEvent: annEvent.data.id,
    annFeed: annFeed.url.split("/").at(-1)?.replace(".ics", "") ?? "",
    annImport: annImport.id,
    annSession: claimsOf(ann.token).sid as string,
  };
}

describe("every route is declared here", () => {
  it("has an entry for each registered route, and none for a route that is gone", () => {
    expect(Object.keys(ROUTES).sort()).toEqual(registeredRoutes());
  });
});

/** A 401 "Not signed in", with the guarded headers, and every row as it was `before`. */
async function expectRefusedUnchanged(res: Response, route: string, before: Record<string, unknown[]>) {
  expect(res.status).toBe(401);
  expectGuardedHeaders(res, route);
  expect(await errorBodyOf(res)).toEqual({
    message: "Not signed in",
    error: "Not signed in",
    code: "platform.signedOut",
    values: {},
  });
  expect(await dumpDb()).toEqual(before);
}

describe("signed out: 401 and nothing written", () => {
  // Built once for all of them: each test checks it wrote nothing, so the next finds the world as it was.
  beforeAll(buildWorld);
  for (const [route, probe] of Object.entries(ROUTES)) {
    if (probe.public) continue;
    it(route, async () => {
      const method = route.split(" ")[0] ?? "GET";
      const before = await dumpDb();
      const res = await send(method, probe, world);
      await expectRefusedUnchanged(res, route, before);
    });
  }
});

describe("a session that has ended (logged out, its password changed, expired): 401 and nothing written", () => {
  beforeEach(buildWorld);
  // The token still verifies; the session row is what says no, and it is read on the route's first
  // trip to D1 together with the route's own statements (auth/session-gate.ts): none of them may count.
  for (const [route, probe] of Object.entries(ROUTES)) {
    if (probe.public) continue;
    it(route, async () => {
      const method = route.split(" ")[0] ?? "GET";
      const ending =
        route.length % 2
          ? env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(world.ann.id)
          : env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1, world.ann.id);
      await ending.run();
      const before = await dumpDb();
      const res = await send(method, probe, world, { Authorization: `Bearer ${world.ann.token}` });
      await expectRefusedUnchanged(res, route, before);
    });
  }
});

/** A 409 "another account", with the guarded headers, naming Ann's account, and every row as it was `before`. */
async function expectOtherAccountUnchanged(res: Response, route: string, before: Record<string, unknown[]>) {
  expect(res.status, route).toBe(409);
  expectGuardedHeaders(res, route);
  expect(res.headers.get(ACCOUNT_HEADER), route).toBe(String(world.ann.id));
  expect(await errorBodyOf(res)).toEqual({
    message: "This was sent for another account than the one signed in now",
    error: "This was sent for another account than the one signed in now",
    code: "platform.otherAccount",
    values: {},
  });
  expect(await dumpDb()).toEqual(before);
}

const reads = (route: string) => route.startsWith("GET ") || route.startsWith("HEAD ");

describe("a write naming another account: 409 and nothing written", () => {
  // A tab opened as Bob sends after Ann signed in in the same browser: her session, his account named.
  // Built once for all of them: each test checks it wrote nothing, so the next finds the world as it was.
  beforeAll(buildWorld);
  for (const [route, probe] of Object.entries(ROUTES)) {
    if (probe.public || reads(route)) continue;
    it(route, async () => {
      const method = route.split(" ")[0] ?? "GET";
      const before = await dumpDb();
      const res = await send(method, probe, world, {
        Authorization: `Bearer ${world.ann.token}`,
        [ACCOUNT_HEADER]: String(world.bob.id),
        // A create's key is not claimed either (dumpDb would show its row): the refusal comes before the route.
        "Idempotency-Key": "other-account-probe",
      });
      await expectOtherAccountUnchanged(res, route, before);
    });
  }
});

describe("a read naming another account: 409 too, and nothing written", () => {
  beforeAll(buildWorld);
  for (const [route, probe] of Object.entries(ROUTES)) {
    if (probe.public || !reads(route)) continue;
    it(route, async () => {
      const before = await dumpDb();
      const res = await send("GET", probe, world, {
        Authorization: `Bearer ${world.ann.token}`,
        [ACCOUNT_HEADER]: String(world.bob.id),
      });
      await expectOtherAccountUnchanged(res, route, before);
    });
  }
});

describe("another user's ids: 404 or only one's own, and the other's rows unchanged", () => {
  beforeEach(buildWorld);
  for (const [route, probe] of Object.entries(ROUTES)) {
    it(route, async () => {
      const method = route.split(" ")[0] ?? "GET";
      const annRows = async () => {
        const all = await dumpDb();
        // Ann's rows: her user row, sessions, entries, tags, metrics, timers, people and their links.
        const annsIds = (table: string) =>
          new Set(
            (all[table] as { id: number; user_id: number }[])
              .filter((e) => e.user_id === world.ann.id)
              .map((e) => e.id),
          );
        const annsEntries = annsIds("entries");
        const annsTimers = annsIds("timers");
        const annsPeople = annsIds("people");
        return Object.fromEntries(
          Object.entries(all).map(([table, rows]) => [
            table,
            (rows as Record<string, unknown>[]).filter(
              (r) =>
                r.user_id === world.ann.id ||
                (table === "users" && r.id === world.ann.id) ||
                annsEntries.has(r.entry_id as number) ||
                annsTimers.has(r.timer_id as number) ||
                annsPeople.has(r.person_id as number),
            ),
          ]),
        );
      };
      const before = await annRows();
      const res = await send(method, probe, world, { Authorization: `Bearer ${world.bob.token}` });
      const seen = res.clone();
      expectGuardedHeaders(res, route);
      await probe.crossUser(res, world);
      // Every refusal is a whole error body with a registered code (DESIGN §3), so every site can translate it.
      if (seen.status >= 400) await errorBodyOf(seen);
      else await seen.body?.cancel();
      expect(await annRows()).toEqual(before);
    });
  }
});

/**
 * Every route sent once by Ann, signed in all along: the routes that end her
 * session go last, and the account's deletion has a session of its own (the
 * one before it ended hers), so every answer but logout's is one to her
 * signed in. `headers` go with each request.
 */
async function walkAsAnn(headers: Record<string, string>, check: (route: string, res: Response) => Promise<void>) {
  const last = ["DELETE /api/auth/sessions/:id", "DELETE /api/user/account", "GET /api/auth/logout"];
  const walk = [
    ...Object.entries(ROUTES).filter(([route]) => !last.includes(route)),
    ...last.map((route) => [route, ROUTES[route]!] as const),
  ];
  let token = world.ann.token;
  for (const [route, probe] of walk) {
    const method = route.split(" ")[0] ?? "GET";
    const res = await send(method, probe, world, { Authorization: `Bearer ${token}`, ...headers });
    await check(route, res);
    await res.body?.cancel();
    if (route === last[0]) token = (await createSession(openDb(env.DB), env.JWT_SECRET, world.ann)).token;
  }
}

/** An answer under Ann's session names her account; a route without a session (a public one) names none. */
function expectAccountNamed(res: Response, route: string) {
  const named = res.headers.get(ACCOUNT_HEADER);
  if (ROUTES[route]?.public) expect(named, route).toBeNull();
  else expect(named, route).toBe(String(world.ann.id));
}

describe("answers' cache and type headers", () => {
  beforeEach(buildWorld);
  it("every route's own answer to its user is private and not sniffed, and names her account; only the sky is public", async () => {
    const publicOnes: string[] = [];
    await walkAsAnn({}, async (route, res) => {
      expectGuardedHeaders(res, route);
      expectAccountNamed(res, route);
      if (res.headers.get("Cache-Control")?.startsWith("public,")) publicOnes.push(route);
    });
    expect(publicOnes.sort()).toEqual(
      ["celestial", "moon", "signs", "solar"].map((sky) => `GET /api/lupileon/${sky}/:date`),
    );
  });

  it("naming one's own account is answered as without it, and the answer names it", async () => {
    await walkAsAnn({ [ACCOUNT_HEADER]: String(world.ann.id) }, async (route, res) => {
      expectGuardedHeaders(res, route);
      expectAccountNamed(res, route);
      if (res.status === 409) expect((await errorBodyOf(res.clone())).code, route).not.toBe("platform.otherAccount");
    });
  });

  it("a 404, in /api or outside it, and a refusal before any route are guarded too", async () => {
    for (const path of ["/api/no-such-route", "/elsewhere"]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`);
      expect(res.status).toBe(404);
      expectGuardedHeaders(res, path);
      await errorBodyOf(res);
    }
    const foreign = await SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Origin: "http://evil.localhost", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
    expectGuardedHeaders(foreign, "foreign POST");
    await errorBodyOf(foreign);
  });
});
