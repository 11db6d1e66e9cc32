import { message } from "@nook/shared/common/messages";
import { profileTimeZone } from "@nook/shared/common/time-zone";
import {
  IdParam,
  isLoopbackEndpoint,
  PUSH_SUBSCRIPTIONS_MAX,
  PushSubscriptionBody,
  ReminderSettings,
} from "@nook/shared/push/schemas";
import { and, desc, eq, exists, inArray, lt, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "../auth/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { stackItems } from "../stacks/schema.ts";
import { vapidKeys } from "./keys.ts";
import { reminderOut, reminderRow } from "./reminder-settings.ts";
import { pushSubscriptions, reminderSettings } from "./schema.ts";

const NOT_FOUND = message("Subscription not found");

/**
 * Web Push's routes:
 *   GET /api/push/key → {publicKey}: the VAPID public key the page subscribes with (signed out too; 503 in words
 *     where the Worker has no key).
 *   POST /api/push/subscriptions {endpoint, keys: {p256dh, auth}, device?, lang?} → 201 {id}, or 200 {id} when this
 *     account has that endpoint already (its keys made new). An endpoint is one browser's: another account's row of
 *     it moves to this one. At most PUSH_SUBSCRIPTIONS_MAX an account (409). An http endpoint (127.0.0.1 or
 *     localhost with a port) only where DEV_LOGIN is "true", for a test's push service.
 *     No Idempotency-Key: the endpoint is the key, and sent again it is the same row.
 *   GET /api/push/subscriptions → [{id, device, createdAt}], newest first; never the endpoint or the keys.
 *   DELETE /api/push/subscriptions/{id} → {id}.
 */
export const pushRoutes = new Hono<AppEnv>()
  .get("/key", async (c) => {
    const keys = await vapidKeys(c.var.config);
    if (!keys) return fail(c, 503, message("Push notifications are not set up on this server"));
    return c.json({ publicKey: keys.publicKey }, 200);
  })
  .post("/subscriptions", requireUser, validate("json", PushSubscriptionBody), async (c) => {
    const { endpoint, keys, device, lang } = c.req.valid("json");
    if (isLoopbackEndpoint(endpoint) && !c.var.config.devLogin)
      return fail(c, 400, message("A push endpoint must be an https address"));
    const db = c.var.db;
    const userId = c.var.user.id;
    const mine = db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    // A batch, so the session's check rides on this trip (auth/session-gate.ts).
    const [[own]] = await db.batch([mine]);
    if (own) {
      await db
        .update(pushSubscriptions)
        .set({ p256dh: keys.p256dh, auth: keys.auth, device, lang })
        .where(and(eq(pushSubscriptions.id, own.id), eq(pushSubscriptions.userId, userId)));
      return c.json({ id: own.id }, 200);
    }
    const fresh = { userId, p256dh: keys.p256dh, auth: keys.auth, device, lang, createdAt: Date.now() };
    // The cap is counted in the statement that writes, so requests at once cannot pass it together; the
    // account's own endpoint (a second request of the same browser at once) is no new row and passes.
    const held = db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
    // A browser belongs to whoever subscribed in it last: another account's row of this endpoint becomes this one's.
    const [row] = await db
      .insert(pushSubscriptions)
      .select(
        db
          .select({
            id: sql<number>`NULL`.as("id"),
            userId: sql<number>`${userId}`.as("user_id"),
            endpoint: sql<string>`${endpoint}`.as("endpoint"),
            p256dh: sql<string>`${keys.p256dh}`.as("p256dh"),
            auth: sql<string>`${keys.auth}`.as("auth"),
            device: sql<string>`${device}`.as("device"),
            lang: sql<"en" | "ru">`${lang}`.as("lang"),
            createdAt: sql<number>`${fresh.createdAt}`.as("created_at"),
          })
          .from(users)
          .where(and(eq(users.id, userId), or(lt(held, PUSH_SUBSCRIPTIONS_MAX), exists(mine)))),
      )
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fresh })
      .returning({ id: pushSubscriptions.id });
    if (!row)
      return fail(
        c,
        409,
        message("An account keeps at most {max} push subscriptions: remove one first", { max: PUSH_SUBSCRIPTIONS_MAX }),
      );
    return c.json({ id: row.id }, 201);
  })
  .get("/subscriptions", requireUser, async (c) => {
    const [rows] = await c.var.db.batch([
      c.var.db
        .select({ id: pushSubscriptions.id, device: pushSubscriptions.device, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, c.var.user.id))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)),
    ]);
    return c.json(
      rows.map((r) => ({ id: r.id, device: r.device, createdAt: new Date(r.createdAt).toISOString() })),
      200,
    );
  })
  .delete("/subscriptions/:id", requireUser, validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, c.var.user.id)))
      .returning({ id: pushSubscriptions.id });
    if (!gone.length) return fail(c, 404, NOT_FOUND);
    return c.json({ id }, 200);
  });

/**
 * What reminds an account, in the profile's zone:
 *   GET /api/reminders → the whole settings (DEFAULT_REMINDERS when none are saved); a streak item deleted since
 *     is left out of `streaks.items`.
 *   PUT /api/reminders {the whole settings} → 200 the settings as saved. Every streak item must be one of the
 *     account's own stack items of the streaks type (400 in words otherwise). Last write wins: no If-Match, as the
 *     settings are one person's few switches, written whole.
 */
export const reminderRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    const [[row], streaks] = await db.batch([
      db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)),
      db
        .select({ id: stackItems.id })
        .from(stackItems)
        .where(and(eq(stackItems.userId, userId), eq(stackItems.type, "streaks"))),
    ]);
    return c.json(reminderOut(row, new Set(streaks.map((s) => s.id))), 200);
  })
  .put("/", validate("json", ReminderSettings), async (c) => {
    const settings = c.req.valid("json");
    const db = c.var.db;
    const userId = c.var.user.id;
    const items = settings.streaks?.items ?? [];
    // At most REMINDER_STREAK_ITEMS_MAX ids: one statement's parameters, well under D1's 100.
    const [found] = await db.batch([
      db
        .select({ id: stackItems.id })
        .from(stackItems)
        .where(
          and(eq(stackItems.userId, userId), eq(stackItems.type, "streaks"), inArray(stackItems.id, [0, ...items])),
        ),
    ]);
    if (found.length !== items.length)
      return fail(c, 400, message("A streak reminder follows only your own stack items of the streaks type"));
    const timeZone = profileTimeZone((await c.var.session.read()).user.timeZone);
    const values = reminderRow(settings, Date.now(), timeZone);
    const [row] = await db
      .insert(reminderSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: values })
      .returning();
    return c.json(reminderOut(row, new Set(items)), 200);
  });
