import { message, type ServerMessage } from "@nook/shared/common/messages";
import { profileTimeZone } from "@nook/shared/common/profile-zone";
import {
  EntriesByConfigBody,
  EntriesQuery,
  EntryCreateBody,
  EntryDeleteBody,
  EntryUpdateBody,
  IdParam,
} from "@nook/shared/journal/schemas";
import { and, asc, desc, eq, like } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed } from "../platform/idempotency.ts";
import { requireUser } from "../platform/require-user.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { conflict, IF_MATCH_INVALID, ifMatch, isVersionConflict } from "../platform/version-gate.ts";
import { stackRoutes } from "../stacks/routes.ts";
import { timerRoutes } from "../timer/routes.ts";
import { filterCondition } from "./entry-filter.ts";
import { type EntryOut, getEntry, listEntries } from "./entry-list.ts";
import { isSearch, onThisDay, searchCondition } from "./entry-search.ts";
import { createEntry, deleteEntry, updateEntry } from "./entry-write.ts";
import { nameRoutes } from "./names/routes.ts";
import { pixelsRoutes } from "./pixels-routes.ts";
import { metrics, tags } from "./schema.ts";

const ENTRY_NOT_FOUND = message("Entry not found");

/**
 * An entry just written, read back; gone only if a DELETE racing the write
 * removed it in between, which is that request's win: 404, not an error.
 */
function answerEntry<S extends 200 | 201>(c: Context<AppEnv>, entry: EntryOut | null, status: S) {
  return entry ? c.json(entry, status) : fail(c, 404, ENTRY_NOT_FOUND);
}

/** A user's tags, most used first, then most recently used; tags no entry uses any more come last. */
function tagsByUse(db: Db, userId: number, people = false) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(people ? and(eq(tags.userId, userId), like(tags.name, "@%")) : eq(tags.userId, userId))
    .orderBy(desc(tags.useCount), desc(tags.lastUsedAt), asc(tags.name))
    .all();
}

/** A keyed create retried: the entry it made, as it is now (a 404 once it was deleted since). */
const replayEntry = (c: Context<AppEnv>) => async (id: number) => {
  const entry = await getEntry(c.var.db, c.var.user.id, id);
  return entry ? c.json(entry, 200) : fail(c, 404, ENTRY_NOT_FOUND);
};

/**
 * Journal entries, tags and metrics (spec §7 "Journal"). Every query is
 * scoped by the signed-in user; another user's id is simply not found.
 * Beyond the spec: POST /entries/{id}/lift repeats an entry now (DESIGN §5);
 * POST /entries, PUT /entries and the lift take an `Idempotency-Key`, claimed in the entry's own batch
 * (platform/idempotency.ts): a queued edit whose answer was lost is answered again, not refused as stale.
 * The stacks and the timer live under the same /api/journal, mounted here so
 * this one `requireUser` covers them too.
 */
export const journalRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // The list, or a search of it (entry-search.ts): the same page and cursor.
  .get("/entries", validate("query", EntriesQuery), async (c) => {
    const query = c.req.valid("query");
    const { before, limit } = query;
    if (!isSearch(query)) return c.json(await listEntries(c.var.db, c.var.user.id, { before, limit }), 200);
    // Local days are the profile's: its zone read (the session's row) only for a search that has them.
    const zone = query.from || query.to ? profileTimeZone((await c.var.session.read()).user.timeZone) : "UTC";
    const where = await searchCondition(c.var.db, c.var.user.id, query, zone);
    if (!where) return c.json([] as EntryOut[], 200);
    return c.json(await listEntries(c.var.db, c.var.user.id, { before, limit, where }), 200);
  })
  .post("/entries", validate("json", EntryCreateBody), idempotentInBatch, async (c) => {
    const body = c.req.valid("json");
    const { db, user, keyClaim } = c.var;
    return keyed(c, replayEntry(c), async () =>
      c.json(await createEntry(db, user.id, { ...body, date: body.date ?? Date.now() }, keyClaim), 201),
    );
  })
  .put("/entries", validate("json", EntryUpdateBody), idempotentInBatch, async (c) => {
    const { entryId, ...body } = c.req.valid("json");
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const current = await getEntry(c.var.db, c.var.user.id, entryId);
    if (!current) return fail(c, 404, ENTRY_NOT_FOUND);
    const previousTags = current.tags.map((t) => t.name);
    return keyed(c, replayEntry(c), async () => {
      let updated: boolean;
      try {
        updated = await updateEntry(
          c.var.db,
          c.var.user.id,
          entryId,
          previousTags,
          { ...body, date: body.date ?? Date.parse(current.date) },
          version,
          c.var.keyClaim,
        );
      } catch (err) {
        if (!isVersionConflict(err)) throw err;
        return conflict(c, await getEntry(c.var.db, c.var.user.id, entryId));
      }
      // Deleted by a request racing this one, before the write (nothing written) or after it.
      if (!updated) return fail(c, 404, ENTRY_NOT_FOUND);
      return answerEntry(c, await getEntry(c.var.db, c.var.user.id, entryId), 200);
    });
  })
  .delete("/entries", validate("json", EntryDeleteBody), async (c) => {
    const { entryId } = c.req.valid("json");
    const current = await getEntry(c.var.db, c.var.user.id, entryId);
    if (!current) return fail(c, 404, ENTRY_NOT_FOUND);
    const deleted = await deleteEntry(
      c.var.db,
      c.var.user.id,
      entryId,
      current.tags.map((t) => t.name),
    );
    // Another DELETE of it won the race.
    if (!deleted) return fail(c, 404, ENTRY_NOT_FOUND);
    return c.json({ message: "Entry deleted" satisfies ServerMessage, entryId }, 200);
  })
  // Entries of today's date in earlier years (entry-search.ts), in the profile's zone.
  .get("/on-this-day", async (c) => {
    const zone = profileTimeZone((await c.var.session.read()).user.timeZone);
    return c.json(await onThisDay(c.var.db, c.var.user.id, Date.now(), zone), 200);
  })
  .get("/entries/:id", validate("param", IdParam), async (c) => {
    const entry = await getEntry(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!entry) return fail(c, 404, ENTRY_NOT_FOUND);
    return c.json(entry, 200);
  })
  .post("/entries/:id/lift", validate("param", IdParam), idempotentInBatch, async (c) => {
    const source = await getEntry(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!source) return fail(c, 404, ENTRY_NOT_FOUND);
    const content = {
      text: source.text,
      tags: source.tags.map((t) => t.name),
      metrics: source.metrics.map(({ name, value }) => ({ name, value })),
      date: Date.now(),
    };
    return keyed(c, replayEntry(c), async () =>
      c.json(await createEntry(c.var.db, c.var.user.id, content, c.var.keyClaim), 201),
    );
  })
  .post("/entries-by-config", userTimeZone, validate("json", EntriesByConfigBody), async (c) => {
    const body = c.req.valid("json");
    const where = await filterCondition(c.var.db, c.var.user.id, {
      ...body.config,
      tagsSign: body.tagsSign,
      // The spec puts `tz` in this body; `?tz=` and the profile are the fallbacks.
      timeZone: body.tz ?? c.var.timeZone,
      newestFirst: true,
    });
    if (!where) return c.json([], 200);
    return c.json(await listEntries(c.var.db, c.var.user.id, { before: body.before, limit: body.limit, where }), 200);
  })
  .get("/tags", async (c) => {
    const rows = await c.var.db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(tags.userId, c.var.user.id))
      .orderBy(asc(tags.name))
      .all();
    return c.json(rows, 200);
  })
  .get("/tags-sorted", async (c) => c.json(await tagsByUse(c.var.db, c.var.user.id), 200))
  .get("/tags-for-people-sorted", async (c) => c.json(await tagsByUse(c.var.db, c.var.user.id, true), 200))
  .get("/metrics", async (c) => {
    const rows = await c.var.db
      .select({ id: metrics.id, name: metrics.name })
      .from(metrics)
      .where(eq(metrics.userId, c.var.user.id))
      .orderBy(asc(metrics.name))
      .all();
    return c.json(rows, 200);
  })
  .route("/", nameRoutes)
  .route("/", stackRoutes)
  .route("/", timerRoutes)
  .route("/", pixelsRoutes);
