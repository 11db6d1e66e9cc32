import { LIST_ENTRIES, type StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { pickedEntries } from "../../journal/entry-list.ts";
import type { Run } from "./run.ts";

/** `list`: the latest matches, newest first. */
export async function list(run: Run): Promise<StackItemData["list"]> {
  return { entries: await latest(run, LIST_ENTRIES) };
}

/** The latest `n` matches, newest first — also `time since`'s one entry. */
export async function latest(run: Run, n: number) {
  const { with: w } = await run.matching({ newestFirst: true });
  return pickedEntries(
    run.db,
    sql`${w}, picked AS (SELECT id, date FROM matched ORDER BY date DESC, id DESC LIMIT ${n})`,
    sql`picked.date DESC, picked.id DESC`,
  );
}
