import { message, type ServerMessage } from "@nook/shared/common/messages";
import { profileTimeZone } from "@nook/shared/common/time-zone";
import { IdParam } from "@nook/shared/journal/schemas";
import { StackItemDataBody } from "@nook/shared/stacks/item-data";
import {
  StackCreateBody,
  StackItemCreateBody,
  StackItemUpdateBody,
  StackUpdateBody,
} from "@nook/shared/stacks/schemas";
import { and, eq, max, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed, keyedBatch } from "../platform/idempotency.ts";
import { lateTimeZone } from "../platform/time-zone.ts";
import { isNotNullViolation } from "../platform/unique-violation.ts";
import { validate } from "../platform/validate.ts";
import { MetricNotFound, stackItemData } from "./engine/index.ts";
import { stackItems, stacks } from "./schema.ts";
import { getItem, getStack, itemOf, itemReads, listStacks, type StackItemOut } from "./stack-store.ts";

const STACK_NOT_FOUND = message("Stack not found");
const ITEM_NOT_FOUND = message("Stack item not found");

/**
 * Stacks and their items (spec 1 §7), under /api/journal: mounted inside the
 * journal's routes, behind their `requireUser`. Every query is scoped by the
 * signed-in user; another user's ids are not found. Errors carry their text in
 * `error` and `message` alike.
 */
export const stackRoutes = new Hono<AppEnv>()
  .get("/stacks", async (c) => c.json(await listStacks(c.var.db, c.var.user.id), 200))
  .post("/stacks", validate("json", StackCreateBody), idempotentInBatch, async (c) => {
    const body = c.req.valid("json");
    const { db, user, keyClaim } = c.var;
    const newest = db
      .select({ id: max(stacks.id) })
      .from(stacks)
      .where(eq(stacks.userId, user.id));
    // A retry of a keyed create: the stack it made, as it is now.
    const again = async (id: number) => {
      const stack = await getStack(db, user.id, id);
      return stack ? c.json(stack, 201) : fail(c, 404, STACK_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      // One trip: the stack, answered as stored by its insert, and the Idempotency-Key claimed with its id
      // (platform/idempotency.ts).
      const [[row]] = await db.batch([
        db
          .insert(stacks)
          .values({ userId: user.id, name: body.name, icon: body.icon, createdAt: Date.now() })
          .returning({ id: stacks.id, name: stacks.name, icon: stacks.icon }),
        ...keyedBatch(db, keyClaim, 201, sql`(${newest})`),
      ]);
      if (!row) throw new Error("the stack's insert returned no row");
      // A stack just made has no items yet: none can be added to it before its batch is in.
      const items: StackItemOut[] = [];
      return c.json({ ...row, items }, 201);
    });
  })
  .get("/stacks/:id", validate("param", IdParam), async (c) => {
    const stack = await getStack(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!stack) return fail(c, 404, STACK_NOT_FOUND);
    return c.json(stack, 200);
  })
  .put("/stacks/:id", validate("param", IdParam), validate("json", StackUpdateBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const changed = await c.var.db
      .update(stacks)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.icon !== undefined ? { icon: body.icon } : {}),
      })
      .where(and(eq(stacks.id, id), eq(stacks.userId, c.var.user.id)))
      .returning({ id: stacks.id })
      .get();
    if (!changed) return fail(c, 404, STACK_NOT_FOUND);
    const stack = await getStack(c.var.db, c.var.user.id, id);
    if (!stack) return fail(c, 404, STACK_NOT_FOUND);
    return c.json(stack, 200);
  })
  // Its items go with it (ON DELETE CASCADE).
  .delete("/stacks/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db
      .delete(stacks)
      .where(and(eq(stacks.id, id), eq(stacks.userId, c.var.user.id)))
      .returning({ id: stacks.id })
      .get();
    if (!gone) return fail(c, 404, STACK_NOT_FOUND);
    return c.json({ message: "Stack deleted" satisfies ServerMessage, id }, 200);
  })
  .post("/stack-items", validate("json", StackItemCreateBody), idempotentInBatch, async (c) => {
    const body = c.req.valid("json");
    const { db, keyClaim } = c.var;
    const userId = c.var.user.id;
    // The stack, if it is the user's: another user's, or one gone, leaves the item's stack_id null, which the
    // database refuses in the insert itself — no request can delete the stack between a check and the write.
    const stack = db
      .select({ id: stacks.id })
      .from(stacks)
      .where(and(eq(stacks.id, body.stackId), eq(stacks.userId, userId)));
    const newest = db
      .select({ id: max(stackItems.id) })
      .from(stackItems)
      .where(eq(stackItems.userId, userId));
    // A retry of a keyed create: the item it made, as it is now.
    const again = async (id: number) => {
      const item = await getItem(db, userId, id);
      return item ? c.json(item, 201) : fail(c, 404, ITEM_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      let item: StackItemOut | null;
      try {
        // One trip: the item, read back as the API shows it, and the Idempotency-Key claimed with its id.
        const [, rows, tagRows] = await db.batch([
          db.insert(stackItems).values({
            userId,
            stackId: sql<number>`(${stack})`,
            title: body.title,
            type: body.type,
            uptimeOnly: body.uptimeOnly,
            tagsSign: body.tagsSign,
            position: body.position,
            config: body.config,
            createdAt: Date.now(),
          }),
          ...itemReads(db, userId, sql`(${newest})`),
          ...keyedBatch(db, keyClaim, 201, sql`(${newest})`),
        ]);
        item = itemOf([rows, tagRows]);
      } catch (err) {
        if (isNotNullViolation(err, "stack_items.stack_id")) return fail(c, 404, STACK_NOT_FOUND);
        throw err;
      }
      if (!item) throw new Error("the stack item was not read back in its own batch");
      return c.json(item, 201);
    });
  })
  .put("/stack-items/:id", validate("param", IdParam), validate("json", StackItemUpdateBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const userId = c.var.user.id;
    // The update finds the item by id *and* user: none updated is another user's or a missing item.
    const changed = await c.var.db
      .update(stackItems)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.uptimeOnly !== undefined ? { uptimeOnly: body.uptimeOnly } : {}),
        ...(body.tagsSign !== undefined ? { tagsSign: body.tagsSign } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        ...(body.config !== undefined ? { config: body.config } : {}),
      })
      .where(and(eq(stackItems.id, id), eq(stackItems.userId, userId)))
      .returning({ id: stackItems.id })
      .get();
    if (!changed) return fail(c, 404, ITEM_NOT_FOUND);
    const item = await getItem(c.var.db, userId, id);
    if (!item) return fail(c, 404, ITEM_NOT_FOUND);
    return c.json(item, 200);
  })
  .delete("/stack-items/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db
      .delete(stackItems)
      .where(and(eq(stackItems.id, id), eq(stackItems.userId, c.var.user.id)))
      .returning({ id: stackItems.id })
      .get();
    if (!gone) return fail(c, 404, ITEM_NOT_FOUND);
    return c.json({ message: "Stack item deleted" satisfies ServerMessage, id }, 200);
  })
  // The statistic of an item, saved or not (spec 1 §7), as of the item's date or now; `?tz=` overrides the profile's zone.
  .post("/stack-item-data", lateTimeZone, validate("json", StackItemDataBody), async (c) => {
    const body = c.req.valid("json");
    const now = body.config.date ? Date.parse(body.config.date) : Date.now();
    // Asked for after the lookups, whose trip brought the profile's zone with the session's row.
    const context = async () => ({
      now,
      timeZone: c.var.givenTimeZone ?? profileTimeZone((await c.var.session.read()).user.timeZone),
    });
    try {
      return c.json(await stackItemData(c.var.db, c.var.user.id, body, context), 200);
    } catch (err) {
      if (err instanceof MetricNotFound) return fail(c, 404, message("Metric not found"));
      throw err;
    }
  });
