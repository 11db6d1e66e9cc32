import { message, type ServerMessage } from "@nook/shared/common/messages";
import { contentProgress, EMPTY_CONTENT } from "@nook/shared/steps/checklist";
import { IdParam, StepsCreateBody, StepsUpdateBody } from "@nook/shared/steps/schemas";
import { and, desc, eq, lt, max, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed, keyedBatch } from "../platform/idempotency.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import {
  type Batch,
  conflict,
  IF_MATCH_INVALID,
  ifMatch,
  isVersionConflict,
  versionGate,
} from "../platform/version-gate.ts";
import { steps } from "./schema.ts";

const STEPS_NOT_FOUND = message("Steps not found");

/**
 * The rule the stored counts are taken by. 1: empty lines are not items. A
 * row counted by rule 0, which counts them, is recounted once, on its first
 * read, and read from its columns after that.
 */
const COUNTS_RULE = 1;
/** Recounted rows stored a batch at a time. */
const RECOUNT_BATCH = 50;

const columns = {
  id: steps.id,
  name: steps.name,
  content: steps.content,
  totalItems: steps.totalItems,
  completedItems: steps.completedItems,
  countsRule: steps.countsRule,
  deadline: steps.deadline,
  createdAt: steps.createdAt,
  modifiedAt: steps.modifiedAt,
};

type Row = Pick<typeof steps.$inferSelect, keyof typeof columns>;

/** A steps list as the spec names its fields, times as ISO date-times. */
function out({ countsRule: _, ...r }: Row) {
  return {
    ...r,
    deadline: r.deadline === null ? null : new Date(r.deadline).toISOString(),
    createdAt: new Date(r.createdAt).toISOString(),
    modifiedAt: new Date(r.modifiedAt).toISOString(),
  };
}

/** The counts stored beside a content: recounted from it, whatever a client claims. */
function counted(content: string) {
  const { totalItems, completedItems } = contentProgress(content);
  return { content, totalItems, completedItems, countsRule: COUNTS_RULE };
}

/**
 * Rows whose counts an older rule took, recounted and stored (once a row:
 * after that they are read from the columns). The update holds only while
 * the row is still counted by the old rule, so a write in between wins.
 */
async function recounted(db: Db, rows: Row[]): Promise<Row[]> {
  const stale = rows.filter((r) => r.countsRule < COUNTS_RULE);
  if (!stale.length) return rows;
  const fresh = new Map(stale.map((r) => [r.id, { ...r, ...counted(r.content) }]));
  const updates = [...fresh.values()].map((r) =>
    db
      .update(steps)
      .set({ totalItems: r.totalItems, completedItems: r.completedItems, countsRule: COUNTS_RULE })
      .where(and(eq(steps.id, r.id), lt(steps.countsRule, COUNTS_RULE))),
  );
  for (let i = 0; i < updates.length; i += RECOUNT_BATCH) {
    const [first, ...rest] = updates.slice(i, i + RECOUNT_BATCH);
    if (first) await db.batch([first, ...rest]);
  }
  return rows.map((r) => fresh.get(r.id) ?? r);
}

/**
 * Checklists (spec 2 §7 "Steps"). Every answer is `{data}`, every error
 * `{error}` (with the same words in `message`).
 */
export const stepsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    // A batch of one, so the session's check rides on this trip (auth/session-gate.ts).
    const [rows] = await c.var.db.batch([
      c.var.db
        .select(columns)
        .from(steps)
        .where(eq(steps.userId, c.var.user.id))
        .orderBy(desc(steps.modifiedAt), desc(steps.id)),
    ]);
    return c.json({ data: (await recounted(c.var.db, rows)).map(out) }, 200);
  })
  .post("/", validate("json", StepsCreateBody), idempotentInBatch, async (c) => {
    const now = Date.now();
    const { db, user, keyClaim } = c.var;
    const insert = db
      .insert(steps)
      .values({
        userId: user.id,
        name: c.req.valid("json").name,
        ...counted(EMPTY_CONTENT),
        createdAt: now,
        modifiedAt: now,
      })
      .returning(columns);
    const newest = db
      .select({ id: max(steps.id) })
      .from(steps)
      .where(eq(steps.userId, user.id));
    // A retry of a keyed create: the checklist it made, as it is now.
    const again = async (id: number) => {
      const row = await db
        .select(columns)
        .from(steps)
        .where(and(eq(steps.id, id), eq(steps.userId, user.id)))
        .get();
      return row ? c.json({ data: out(row) }, 201) : fail(c, 404, STEPS_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      // The Idempotency-Key, claimed with the checklist's id in the same batch (platform/idempotency.ts).
      const [[row]] = await db.batch([insert, ...keyedBatch(db, keyClaim, 201, sql`(${newest})`)]);
      if (!row) throw new Error("the checklist's insert returned no row");
      return c.json({ data: out(row) }, 201);
    });
  })
  .get("/:id", validate("param", IdParam), async (c) => {
    const row = await c.var.db
      .select(columns)
      .from(steps)
      .where(and(eq(steps.id, c.req.valid("param").id), eq(steps.userId, c.var.user.id)))
      .get();
    if (!row) return fail(c, 404, STEPS_NOT_FOUND);
    const [fresh] = await recounted(c.var.db, [row]);
    return c.json({ data: out(fresh ?? row) }, 200);
  })
  .put("/:id", validate("param", IdParam), validate("json", StepsUpdateBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    if (body.id !== id) return fail(c, 400, message("The id in the body does not match the address"));
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const db = c.var.db;
    const mine = and(eq(steps.id, id), eq(steps.userId, c.var.user.id));
    const update = db
      .update(steps)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        // The edit form sends the deadline only when set: with a name, an absent one clears it.
        ...(body.name === undefined && body.deadline === undefined ? {} : { deadline: body.deadline ?? null }),
        ...(body.content === undefined ? {} : counted(body.content)),
        modifiedAt: Date.now(),
      })
      .where(mine)
      .returning(columns);
    // Against the version it was read at, when given (platform/version-gate.ts): a stale write changes nothing.
    const gate = versionGate(db, "steps", c.var.user.id, id, version);
    let row: Awaited<typeof update>[number] | undefined;
    try {
      const results = await db.batch([...gate, update] as unknown as Batch);
      row = (results[gate.length] as Awaited<typeof update>)[0];
    } catch (err) {
      if (!isVersionConflict(err)) throw err;
      const current = await db.select(columns).from(steps).where(mine).get();
      return conflict(c, current ? out(current) : null);
    }
    if (!row) return fail(c, 404, STEPS_NOT_FOUND);
    return c.json({ data: out(row) }, 200);
  })
  .delete("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db
      .delete(steps)
      .where(and(eq(steps.id, id), eq(steps.userId, c.var.user.id)))
      .returning({ id: steps.id });
    if (!gone.length) return fail(c, 404, STEPS_NOT_FOUND);
    return c.json({ data: { id, message: "Steps deleted" satisfies ServerMessage } }, 200);
  });
