import type { StackItemConfig } from "@nook/shared/stacks/schemas";
import { and, asc, eq } from "drizzle-orm";
import { tagIdsByName } from "../journal/tag-ids.ts";
import type { Db } from "../platform/db.ts";
import { stackItems, stacks } from "./schema.ts";

/** A stack item as the API shows it (spec 1 §3). */
export interface StackItemOut {
  id: number;
  stackId: number;
  title: string;
  type: string;
  uptimeOnly: boolean;
  tagsSign: string;
  position: number;
  config: {
    filter: { id: number | null; not: boolean; name: string }[];
    timeRange: string | null;
    metricId: number | null;
  };
}

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

function toItem(row: Omit<StackItemOut, "config"> & { config: string }): StackItemOut {
  return { ...row, config: JSON.parse(row.config) as StackItemOut["config"] };
}

/** A config as stored: each filter tag with the id of the user's tag of that name (null when none yet). */
export async function storedConfig(db: Db, userId: number, config: StackItemConfig): Promise<string> {
  const idOf = await tagIdsByName(
    db,
    userId,
    config.filter.map((f) => f.name),
  );
  return JSON.stringify({
    filter: config.filter.map((f) => ({ id: idOf.get(f.name) ?? null, not: f.not, name: f.name })),
    timeRange: config.timeRange,
    metricId: config.metricId,
  });
}

export function listStacks(db: Db, userId: number) {
  return db.select(stackColumns).from(stacks).where(eq(stacks.userId, userId)).orderBy(asc(stacks.id)).all();
}

/** A user's stack with its items (positions, then creation order), or null — also when it is another user's. */
export async function getStack(db: Db, userId: number, id: number) {
  const [stack, items] = await db.batch([
    db
      .select(stackColumns)
      .from(stacks)
      .where(and(eq(stacks.id, id), eq(stacks.userId, userId))),
    db
      .select(itemColumns)
      .from(stackItems)
      .where(and(eq(stackItems.stackId, id), eq(stackItems.userId, userId)))
      .orderBy(asc(stackItems.position), asc(stackItems.id)),
  ]);
  const head = stack[0];
  return head ? { ...head, items: items.map(toItem) } : null;
}

/** A stack that must exist (just written); a missing one is a server error. */
export async function readStack(db: Db, userId: number, id: number) {
  const stack = await getStack(db, userId, id);
  if (!stack) throw new Error(`stack ${id} of user ${userId} vanished after its write`);
  return stack;
}

export async function getItem(db: Db, userId: number, id: number): Promise<StackItemOut | null> {
  const row = await db
    .select(itemColumns)
    .from(stackItems)
    .where(and(eq(stackItems.id, id), eq(stackItems.userId, userId)))
    .get();
  return row ? toItem(row) : null;
}

export async function readItem(db: Db, userId: number, id: number): Promise<StackItemOut> {
  const item = await getItem(db, userId, id);
  if (!item) throw new Error(`stack item ${id} of user ${userId} vanished after its write`);
  return item;
}

export async function stackIsUsers(db: Db, userId: number, id: number): Promise<boolean> {
  const row = await db
    .select({ id: stacks.id })
    .from(stacks)
    .where(and(eq(stacks.id, id), eq(stacks.userId, userId)))
    .get();
  return row !== undefined;
}
