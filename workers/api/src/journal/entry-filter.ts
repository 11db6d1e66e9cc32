import { rangeStart } from "@nook/shared/common/time-zone";
import type { TimeRange } from "@nook/shared/journal/schemas";
import { and, gte, not, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { entries, entryTags } from "./schema.ts";
import { tagIdsByName } from "./tag-ids.ts";

export interface EntryFilter {
  filter: { name: string; not: boolean }[];
  tagsSign: "&&" | "||";
  timeRange?: TimeRange | null;
  timeZone: string;
  now?: number;
  /**
   * The caller reads the newest matches first and stops early (a list): test
   * each entry's tags while walking the date index backwards, instead of
   * gathering every tagged entry first (which is faster when all are read).
   */
  newestFirst?: boolean;
}

/**
 * Tag ids written into the SQL, not bound: a statistic uses its filter more
 * than once, and a filter's 50 tags bound each time would pass D1's 100
 * parameters a statement. The ids are the database's own integers
 * (tagIdsByName), so writing them in is safe.
 */
function idList(tagIds: number[]): SQL {
  if (!tagIds.every(Number.isSafeInteger)) throw new Error(`tag ids must be integers: ${tagIds.join(", ")}`);
  return sql.raw(`(${tagIds.join(", ")})`);
}

/**
 * The entry (of the outer query) carries one of these tags. An IN over the
 * tag's rows lets SQLite build the id set once from the (tag_id, entry_id)
 * index instead of probing entry_tags per entry (about 3× faster at 100,000
 * entries, `npm run bench -- stacks`).
 */
function hasTag(db: Db, tagIds: number[], newestFirst = false): SQL {
  return isIn(linkedTo(db, tagIds), newestFirst);
}

/** The ids of the entries linked to any of these tags, one row per link. */
function linkedTo(db: Db, tagIds: number[]) {
  return db
    .select({ id: entryTags.entryId })
    .from(entryTags)
    .where(sql`${entryTags.tagId} IN ${idList(tagIds)}`);
}

function isIn(ids: SQLWrapper, newestFirst: boolean): SQL {
  // A unary + keeps SQLite from driving the loop by the tag's rows, so the date index leads.
  return newestFirst ? sql`+${entries.id} IN ${ids}` : sql`${entries.id} IN ${ids}`;
}

/** Up to this many tags an all-tags filter tests one IN a tag, the form the benchmarks measured. */
const ALL_TAGS_ONE_BY_ONE_MAX = 8;

/**
 * The entry carries all of these tags: up to a few, one IN a tag; past that,
 * one set of the entries linked to as many of them as there are tags (a link
 * is unique per entry and tag), since an AND of 50 tests is deeper than
 * SQLite parses (expression depth 100) once a statistic nests the filter.
 */
function hasAllTags(db: Db, tagIds: number[], newestFirst = false): SQL[] {
  if (tagIds.length <= ALL_TAGS_ONE_BY_ONE_MAX) return tagIds.map((id) => hasTag(db, [id], newestFirst));
  const tagged = linkedTo(db, tagIds)
    .groupBy(entryTags.entryId)
    .having(sql`count(*) = ${sql.raw(String(tagIds.length))}`);
  return [isIn(tagged, newestFirst)];
}

/**
 * The SQL condition for a stack-item filter (DESIGN §5): all (&&) or any (||)
 * of the non-negated tags, none of the negated ones, and the time range.
 * Returns null when nothing can match (an && tag the user never used).
 */
export async function filterCondition(db: Db, userId: number, f: EntryFilter): Promise<SQL | null> {
  const idOf = await tagIdsByName(
    db,
    userId,
    f.filter.map((t) => t.name),
  );
  return filterConditionWith(db, idOf, f);
}

/** filterCondition with the user's tag ids already looked up (names → ids, unknown names absent). */
export function filterConditionWith(db: Db, idOf: Map<string, number>, f: EntryFilter): SQL | null {
  const wanted = [...new Set(f.filter.filter((t) => !t.not).map((t) => t.name))];
  const unwanted = [...new Set(f.filter.filter((t) => t.not).map((t) => t.name))];

  const parts: SQL[] = [];
  const wantedIds = wanted.map((n) => idOf.get(n)).filter((id) => id !== undefined);
  if (wanted.length) {
    if (f.tagsSign === "&&") {
      if (wantedIds.length < wanted.length) return null;
      parts.push(...hasAllTags(db, wantedIds, f.newestFirst));
    } else {
      if (!wantedIds.length) return null;
      parts.push(hasTag(db, wantedIds, f.newestFirst));
    }
  }
  // None of the unwanted tags: one NOT over them all, not one a tag (see hasAllTags).
  const unwantedIds = unwanted.map((n) => idOf.get(n)).filter((id) => id !== undefined);
  if (unwantedIds.length) parts.push(not(hasTag(db, unwantedIds, f.newestFirst)));
  if (f.timeRange) parts.push(gte(entries.date, rangeStart(f.timeRange, f.now ?? Date.now(), f.timeZone)));
  return and(...parts) ?? sql`1 = 1`;
}
