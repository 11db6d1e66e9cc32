import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { tags } from "../journal/schema.ts";
import type { Db } from "../platform/db.ts";
import { stackItems, stacks } from "./schema.ts";

const itemColumns = {
  id: stackItems.id,
  stackId: stackItems.stackId,
  title: stackItems.title,
  type: stackItems.type,
  uptimeOnly: stackItems.uptimeOnly,
  tagsSign: stackItems.tagsSign,
  position: stackItems.position,
  config: stackItems.config,
};
const stackColumns = { id: stacks.id, name: stacks.name, icon: stacks.icon };

type ItemRow = typeof stackItems.$inferSelect;

/**
 * The user's tags named in the filters of the user's items `which` picks: one query,
 * run in the same batch as the items.
 *
 * A filter keeps its tags by name only, and the ids the API shows beside the
 * names are looked up here, on every read. The statistic matches tags by name
 * too (engine/matching.ts), so the ids shown are always the tags it counts —
 * also a tag first used after the item was saved, which an id fixed at save
 * time would miss. A tag renamed or merged is renamed in every filter in the
 * same batch (journal/names/store.ts); a deleted one stays named, matching nothing.
 */
function filterTags(db: Db, userId: number, which: SQL) {
  const names = sql`SELECT json_extract(f.value, '$.name') FROM ${stackItems}, json_each(${stackItems.config}, '$.filter') AS f
    WHERE ${stackItems.userId} = ${userId} AND ${which}`;
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), sql`${tags.name} IN (${names})`));
}

/** A stack item as the API shows it (spec 1 §3): each filter tag with the id of the user's tag of that name, or null. */
function toItem(row: Pick<ItemRow, keyof typeof itemColumns>, tagRows: { id: number; name: string }[]) {
  const idOf = new Map(tagRows.map((t) => [t.name, t.id]));
  const { filter, timeRange, metricId, date, goal } = row.config;
  return {
    ...row,
    config: {
      filter: filter.map((f) => ({ id: idOf.get(f.name) ?? null, not: f.not, name: f.name })),
      timeRange,
      metricId,
      // Items saved before items had a date have none: now.
      date: date ?? null,
      // Nor a goal: the daily streak.
      goal: goal ?? null,
    },
  };
}

export type StackItemOut = ReturnType<typeof toItem>;

export function listStacks(db: Db, userId: number) {
  return db.select(stackColumns).from(stacks).where(eq(stacks.userId, userId)).orderBy(asc(stacks.id)).all();
}

/** A user's stack with its items (positions, then creation order), or null — also when it is another user's. */
export async function getStack(db: Db, userId: number, id: number) {
  const [stack, items, tagRows] = await db.batch([
    db
      .select(stackColumns)
      .from(stacks)
      .where(and(eq(stacks.id, id), eq(stacks.userId, userId))),
    db
      .select(itemColumns)
      .from(stackItems)
      .where(and(eq(stackItems.stackId, id), eq(stackItems.userId, userId)))
      .orderBy(asc(stackItems.position), asc(stackItems.id)),
    filterTags(db, userId, eq(stackItems.stackId, id)),
  ]);
  const head = stack[0];
  return head ? { ...head, items: items.map((item) => toItem(item, tagRows)) } : null;
}

/**
 * The statements that read one of the user's items, for a batch: by its id, or by SQL read in the batch
 * (the id an insert just made, so a create is answered from its own batch). `itemOf` reads their results.
 */
export function itemReads(db: Db, userId: number, id: number | SQL) {
  return [
    db
      .select(itemColumns)
      .from(stackItems)
      .where(and(eq(stackItems.id, id), eq(stackItems.userId, userId))),
    filterTags(db, userId, eq(stackItems.id, id)),
  ] as const;
}

/** The item `itemReads` found, or null. */
export function itemOf([[row], tagRows]: readonly [
  Pick<ItemRow, keyof typeof itemColumns>[],
  { id: number; name: string }[],
]): StackItemOut | null {
  return row ? toItem(row, tagRows) : null;
}

export async function getItem(db: Db, userId: number, id: number): Promise<StackItemOut | null> {
  return itemOf(await db.batch(itemReads(db, userId, id)));
}
