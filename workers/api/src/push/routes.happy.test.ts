import { env } from "cloudflare:test";
import { PUSH_SUBSCRIPTIONS_MAX, REMINDER_STREAK_ITEMS_MAX } from "@nook/shared/push/schemas";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../app.ts";
import { bearer, bodyOf, count, dumpDb, errorOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { browserSubscription, pushCall } from "./test-calls.ts";
import { TEST_VAPID } from "./test-keys.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

interface Row {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
}
const rows = async () =>
  (await env.DB.prepare("SELECT * FROM push_subscriptions ORDER BY id").all<Row>()).results.map(
    ({ id, user_id, endpoint, p256dh, auth, device }) => ({ id, user_id, endpoint, p256dh, auth, device }),
  );

describe("GET /api/push/key", () => {
  it("answers the VAPID public key worked out of the private one, signed out too", async () => {
    const res = await pushCall(null, "GET", "/push/key");
    expect(await bodyOf(res, 200)).toEqual({ publicKey: TEST_VAPID.publicKey });
  });

  it("is 503 in words where the Worker has no VAPID key, or one that is no P-256 key (said in the log)", async () => {
    const res = await app.request(`${ORIGIN}/api/push/key`, {}, { ...env, VAPID_PRIVATE_KEY: "" });
    expect(res.status).toBe(503);
    expect(await errorOf(res)).toBe("Push notifications are not set up on this server");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The scalar 0 is no private key.
    const zero = await app.request(`${ORIGIN}/api/push/key`, {}, { ...env, VAPID_PRIVATE_KEY: "A".repeat(43) });
    expect(zero.status).toBe(503);
    expect(await errorOf(zero)).toBe("Push notifications are not set up on this server");
    expect(logged.mock.calls.flat().join(" ")).toMatch(/^VAPID_PRIVATE_KEY: /);
    logged.mockRestore();
  });
});

describe("POST /api/push/subscriptions", () => {
  it("keeps the browser's endpoint, keys and device's name: 201 with its id", async () => {
    const browser = browserSubscription("https://push.example.net/wpush/v2/one");
    const { id } = await bodyOf<{ id: number }>(
      await pushCall(ann, "POST", "/push/subscriptions", { ...browser.body, device: "  Chrome on Linux " }),
      201,
    );
    expect(await rows()).toEqual([
      {
        id,
        user_id: ann.id,
        endpoint: "https://push.example.net/wpush/v2/one",
        ...browser.body.keys,
        device: "Chrome on Linux",
      },
    ]);
  });

  it("the same endpoint again is the same row with the new keys: 200 and its id, never a second row", async () => {
    const first = browserSubscription("https://push.example.net/wpush/v2/same");
    const { id } = await bodyOf<{ id: number }>(await pushCall(ann, "POST", "/push/subscriptions", first.body), 201);
    const again = browserSubscription("https://push.example.net/wpush/v2/same");
    const res = await pushCall(ann, "POST", "/push/subscriptions", { ...again.body, device: "Firefox on Android" });
    expect(await bodyOf(res, 200)).toEqual({ id });
    expect(await rows()).toEqual([
      {
        id,
        user_id: ann.id,
        endpoint: "https://push.example.net/wpush/v2/same",
        ...again.body.keys,
        device: "Firefox on Android",
      },
    ]);
  });

  it("one endpoint subscribed eight times at once is one row, each answer its id", async () => {
    const endpoint = "https://push.example.net/wpush/v2/raced";
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => pushCall(ann, "POST", "/push/subscriptions", browserSubscription(endpoint).body)),
    );
    const ids = await Promise.all(answers.map(async (res) => (await res.json<{ id: number }>()).id));
    expect(answers.every((res) => res.status === 200 || res.status === 201)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect(await count("push_subscriptions", "endpoint = ?", endpoint)).toBe(1);
  });

  it("an endpoint another account holds moves to this one: a browser is whoever subscribed in it last", async () => {
    const bob = await signedInUser("Bob");
    const browser = browserSubscription("https://push.example.net/wpush/v2/shared");
    await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", browser.body), 201);
    const again = browserSubscription("https://push.example.net/wpush/v2/shared");
    await bodyOf(await pushCall(bob, "POST", "/push/subscriptions", again.body), 201);
    expect((await rows()).map((r) => [r.user_id, r.endpoint, r.p256dh])).toEqual([
      [bob.id, "https://push.example.net/wpush/v2/shared", again.body.keys.p256dh],
    ]);
    expect(await bodyOf(await pushCall(ann, "GET", "/push/subscriptions"), 200)).toEqual([]);
  });

  it(`takes an endpoint of 2048 characters and a device's name of 100; an account keeps ${PUSH_SUBSCRIPTIONS_MAX}, and 409 past them`, async () => {
    const longest = `https://push.example.net/${"e".repeat(2048 - 25)}`;
    expect(longest).toHaveLength(2048);
    const at = browserSubscription(longest);
    await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", { ...at.body, device: "d".repeat(100) }), 201);
    for (let i = 1; i < PUSH_SUBSCRIPTIONS_MAX; i++)
      await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", browserSubscription().body), 201);
    expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(20);
    const before = await dumpDb();
    const past = await pushCall(ann, "POST", "/push/subscriptions", browserSubscription().body);
    expect(past.status).toBe(409);
    expect(await errorOf(past)).toBe("An account keeps at most 20 push subscriptions: remove one first");
    expect(await dumpDb()).toEqual(before);
    // One of the twenty subscribing again is no new row: still taken.
    const again = browserSubscription(longest);
    await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", again.body), 200);
    expect((await rows()).find((r) => r.endpoint === longest)?.device).toBe("");
  });

  it("counts the cap in the write: five new browsers at once for the last place get it once, and 409 the rest", async () => {
    for (let i = 1; i < PUSH_SUBSCRIPTIONS_MAX; i++)
      await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", browserSubscription().body), 201);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pushCall(ann, "POST", "/push/subscriptions", browserSubscription().body)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(PUSH_SUBSCRIPTIONS_MAX);
  });

  it("takes a test's push service on 127.0.0.1 or localhost where DEV_LOGIN is true, and refuses it elsewhere", async () => {
    for (const endpoint of ["http://127.0.0.1:8842/push/1", "http://localhost:8842/push/2"])
      await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", browserSubscription(endpoint).body), 201);
    const before = await dumpDb();
    const res = await app.request(
      `${ORIGIN}/api/push/subscriptions`,
      {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json", ...bearer(ann.token) },
        body: JSON.stringify(browserSubscription("http://127.0.0.1:8842/push/3").body),
      },
      { ...env, DEV_LOGIN: "false" },
    );
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("A push endpoint must be an https address");
    expect(await dumpDb()).toEqual(before);
  });
});

describe("GET and DELETE /api/push/subscriptions", () => {
  it("lists the account's subscriptions newest first, with the device's name and never the endpoint or keys", async () => {
    const bob = await signedInUser("Bob");
    const older = browserSubscription();
    const { id: first } = await bodyOf<{ id: number }>(
      await pushCall(ann, "POST", "/push/subscriptions", { ...older.body, device: "Phone" }),
      201,
    );
    const { id: second } = await bodyOf<{ id: number }>(
      await pushCall(ann, "POST", "/push/subscriptions", { ...browserSubscription().body, device: "Laptop" }),
      201,
    );
    await bodyOf(await pushCall(bob, "POST", "/push/subscriptions", browserSubscription().body), 201);
    await env.DB.prepare("UPDATE push_subscriptions SET created_at = ? WHERE id = ?")
      .bind(Date.UTC(2026, 11, 1, 9, 0), first)
      .run();
    await env.DB.prepare("UPDATE push_subscriptions SET created_at = ? WHERE id = ?")
      .bind(Date.UTC(2026, 11, 5, 20, 15), second)
      .run();
    const listed = await bodyOf(await pushCall(ann, "GET", "/push/subscriptions"), 200);
    expect(listed).toEqual([
      { id: second, device: "Laptop", createdAt: "2026-12-05T20:15:00.000Z" },
      { id: first, device: "Phone", createdAt: "2026-12-01T09:00:00.000Z" },
    ]);
    expect(JSON.stringify(listed)).not.toContain(older.body.keys.p256dh);
  });

  it("removes one: 200 with its id, then 404", async () => {
    const { id } = await bodyOf<{ id: number }>(
      await pushCall(ann, "POST", "/push/subscriptions", browserSubscription().body),
      201,
    );
    expect(await bodyOf(await pushCall(ann, "DELETE", `/push/subscriptions/${id}`), 200)).toEqual({ id });
    expect(await count("push_subscriptions")).toBe(0);
    const again = await pushCall(ann, "DELETE", `/push/subscriptions/${id}`);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe("Subscription not found");
  });
});

/** A stack of Ann's with items of the given types, written directly; their ids. */
async function itemsOf(user: User, types: string[]) {
  const stack = await env.DB.prepare(
    "INSERT INTO stacks (user_id, name, icon, created_at) VALUES (?, 's', '★', 1) RETURNING id",
  )
    .bind(user.id)
    .first<{ id: number }>();
  const ids: number[] = [];
  for (const type of types) {
    const row = await env.DB.prepare(
      `INSERT INTO stack_items (user_id, stack_id, title, type, config, created_at) VALUES (?, ?, 't', ?, '{"filter":[]}', 1) RETURNING id`,
    )
      .bind(user.id, stack?.id, type)
      .first<{ id: number }>();
    ids.push(row?.id ?? 0);
  }
  return ids;
}

describe("GET and PUT /api/reminders", () => {
  it("answers the defaults when none are saved: nothing reminds", async () => {
    expect(await bodyOf(await pushCall(ann, "GET", "/reminders"), 200)).toEqual({
      daily: null,
      streaks: null,
      birthdays: false,
      deadlines: false,
      events: false,
      quiet: null,
    });
  });

  it("saves the whole settings and answers them as saved; GET reads them back, and a second PUT replaces them", async () => {
    const [meditate, run] = await itemsOf(ann, ["streaks", "streaks"]);
    const settings = {
      daily: { time: "21:00" },
      streaks: { time: "19:30", items: [meditate, run, meditate] },
      birthdays: true,
      deadlines: false,
      events: true,
      quiet: { from: "23:00", to: "07:00" },
    };
    const saved = {
      ...settings,
      // The same item twice is one.
      streaks: { time: "19:30", items: [meditate, run] },
    };
    expect(await bodyOf(await pushCall(ann, "PUT", "/reminders", settings), 200)).toEqual(saved);
    expect(await bodyOf(await pushCall(ann, "GET", "/reminders"), 200)).toEqual(saved);
    const off = { daily: null, streaks: null, birthdays: false, deadlines: true, events: false, quiet: null };
    expect(await bodyOf(await pushCall(ann, "PUT", "/reminders", off), 200)).toEqual(off);
    expect(await bodyOf(await pushCall(ann, "GET", "/reminders"), 200)).toEqual(off);
    expect(await count("reminder_settings")).toBe(1);
  });

  it(`follows ${REMINDER_STREAK_ITEMS_MAX} streak items at most, and leaves out one deleted since`, async () => {
    const ids = await itemsOf(ann, Array(REMINDER_STREAK_ITEMS_MAX).fill("streaks"));
    const settings = {
      daily: null,
      streaks: { time: "00:00", items: ids },
      birthdays: false,
      deadlines: false,
      events: false,
      quiet: { from: "23:59", to: "00:00" },
    };
    expect(await bodyOf(await pushCall(ann, "PUT", "/reminders", settings), 200)).toEqual(settings);
    await env.DB.prepare("DELETE FROM stack_items WHERE id = ?").bind(ids[0]).run();
    const read = await bodyOf<{ streaks: { items: number[] } }>(await pushCall(ann, "GET", "/reminders"), 200);
    expect(read.streaks.items).toEqual(ids.slice(1));
  });

  it("refuses a stack item that is not the account's own of the streaks type: 400 in words, nothing written", async () => {
    const bob = await signedInUser("Bob");
    const [bobs] = await itemsOf(bob, ["streaks"]);
    const [mine, sum] = await itemsOf(ann, ["streaks", "sum"]);
    for (const items of [[mine, bobs], [sum], [mine, 999_999]]) {
      const before = await dumpDb();
      const res = await pushCall(ann, "PUT", "/reminders", {
        daily: null,
        streaks: { time: "20:00", items },
        birthdays: false,
        deadlines: false,
        events: false,
        quiet: null,
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe("A streak reminder follows only your own stack items of the streaks type");
      expect(await dumpDb()).toEqual(before);
    }
  });
});
