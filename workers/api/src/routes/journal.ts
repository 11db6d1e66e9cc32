import {
  EntriesByConfigBody,
  EntryCreateBody,
  EntryDeleteBody,
  EntryUpdateBody,
  IdParam,
  PageQuery,
} from "@nook/shared/journal";
import { isTimeZone } from "@nook/shared/time-zone";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { fail } from "../http/errors.ts";
import { requireUser } from "../http/middleware.ts";
import { validate } from "../http/validate.ts";
import { filterCondition } from "../journal/entry-filter.ts";
import { getEntry, listEntries } from "../journal/entry-list.ts";
import { createEntry, deleteEntry, updateEntry } from "../journal/entry-write.ts";

const ENTRY_NOT_FOUND = "Entry not found";

/**
 * Journal entries, tags and metrics (spec §7 "Journal"). Every query is
 * scoped by the signed-in user; another user's id is simply not found.
 * Beyond the spec: POST /entries/{id}/lift repeats an entry now (DESIGN §5).
 */
export const journalRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/entries", validate("query", PageQuery), async (c) => {
    const { before, limit } = c.req.valid("query");
    return c.json(await listEntries(c.var.db, c.var.user.id, { before, limit }), 200);
  })
  .post("/entries", validate("json", EntryCreateBody), async (c) => {
    const body = c.req.valid("json");
    const id = await createEntry(c.var.db, c.var.user.id, { ...body, date: body.date ?? Date.now() });
    return c.json(await getEntry(c.var.db, c.var.user.id, id), 201);
  })
  .put("/entries", validate("json", EntryUpdateBody), async (c) => {
    const { entryId, ...body } = c.req.valid("json");
    const current = await getEntry(c.var.db, c.var.user.id, entryId);
    if (!current) return fail(c, 404, ENTRY_NOT_FOUND);
    await updateEntry(
      c.var.db,
      c.var.user.id,
      entryId,
      current.tags.map((t) => t.name),
      { ...body, date: body.date ?? Date.parse(current.date) },
    );
    return c.json(await getEntry(c.var.db, c.var.user.id, entryId), 200);
  })
  .delete("/entries", validate("json", EntryDeleteBody), async (c) => {
    const { entryId } = c.req.valid("json");
    const current = await getEntry(c.var.db, c.var.user.id, entryId);
    if (!current) return fail(c, 404, ENTRY_NOT_FOUND);
    await deleteEntry(
      c.var.db,
      c.var.user.id,
      entryId,
      current.tags.map((t) => t.name),
    );
    return c.json({ message: "Entry deleted", entryId }, 200);
  })
  .get("/entries/:id", validate("param", IdParam), async (c) => {
    const entry = await getEntry(c.var.db, c.var.user.id, c.req.valid("param").id);
    return entry ? c.json(entry, 200) : fail(c, 404, ENTRY_NOT_FOUND);
  })
  .post("/entries/:id/lift", validate("param", IdParam), async (c) => {
    const source = await getEntry(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!source) return fail(c, 404, ENTRY_NOT_FOUND);
    const id = await createEntry(c.var.db, c.var.user.id, {
      text: source.text,
      tags: source.tags.map((t) => t.name),
      metrics: source.metrics.map(({ name, value }) => ({ name, value })),
      date: Date.now(),
    });
    return c.json(await getEntry(c.var.db, c.var.user.id, id), 201);
  })
  .post("/entries-by-config", validate("json", EntriesByConfigBody), async (c) => {
    const body = c.req.valid("json");
    const tz = body.tz && isTimeZone(body.tz) ? body.tz : (c.var.user.timeZone ?? "UTC");
    const where = await filterCondition(c.var.db, c.var.user.id, {
      ...body.config,
      tagsSign: body.tagsSign,
      timeZone: tz,
    });
    if (!where) return c.json([], 200);
    return c.json(await listEntries(c.var.db, c.var.user.id, { before: body.before, limit: body.limit, where }), 200);
  })
  .get("/tags", async (c) => {
    const rows = await c.var.db.all<{ id: number; name: string }>(
      sql`SELECT id, name FROM tags WHERE user_id = ${c.var.user.id} ORDER BY name`,
    );
    return c.json(rows, 200);
  })
  // Most used first, then most recently used; tags no entry uses any more come last.
  .get("/tags-sorted", async (c) => {
    const rows = await c.var.db.all<{ id: number; name: string }>(
      sql`SELECT id, name FROM tags WHERE user_id = ${c.var.user.id} ORDER BY use_count DESC, last_used_at DESC, name`,
    );
    return c.json(rows, 200);
  })
  .get("/tags-for-people-sorted", async (c) => {
    const rows = await c.var.db.all<{ id: number; name: string }>(
      sql`SELECT id, name FROM tags WHERE user_id = ${c.var.user.id} AND name LIKE '@%' ORDER BY use_count DESC, last_used_at DESC, name`,
    );
    return c.json(rows, 200);
  })
  .get("/metrics", async (c) => {
    const rows = await c.var.db.all<{ id: number; name: string }>(
      sql`SELECT id, name FROM metrics WHERE user_id = ${c.var.user.id} ORDER BY name`,
    );
    return c.json(rows, 200);
  });
