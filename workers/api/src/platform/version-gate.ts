import { message } from "@nook/shared/common/messages";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import type { Db } from "./db.ts";
import { errorBody } from "./errors.ts";

/**
 * Writes made against the version their writer read, so a change made offline on one device never
 * silently overwrites what another device wrote meanwhile. A write may carry `If-Match` with the
 * `modifiedAt` its writer was given (an ISO date-time, quoted as an entity tag or not); the route puts
 * `versionGate`'s statement first in its own batch, and when the row has changed since, the migration's
 * trigger (0012, view `version_gate`) aborts and D1 rolls the whole batch back: the route answers 409
 * with the row as it is now (`conflict`). No header: the write is made as before (scripts, the spec's
 * clients). A row that is not there passes the gate: the route's own 404, or a donation page made.
 */
export type VersionedKind = "entry" | "steps" | "person" | "event" | "donate" | "profile";

export const IF_MATCH_INVALID = message("The If-Match header is a modifiedAt as the API gave it");
export const VERSION_CONFLICT = message("This was changed elsewhere since you opened it");
/**
 * The view (migration 0012) as drizzle writes to it. Not in a schema.ts: drizzle-kit would make it a table.
 */
const gateView = sqliteTable("version_gate", {
  kind: text("kind").notNull(),
  id: integer("id").notNull(),
  userId: integer("user_id").notNull(),
  version: integer("version").notNull(),
});

/** The trigger's words, as D1 reports an aborted batch. */
const GATE_ABORT = "nook_version_conflict";

/** The version `If-Match` names (epoch ms); undefined without the header; null for one that is not a version (400, IF_MATCH_INVALID). */
export function ifMatch(c: Context<AppEnv>): number | undefined | null {
  const header = c.req.header("If-Match");
  if (header === undefined) return undefined;
  const value = header
    .trim()
    .replace(/^W\//, "")
    .replace(/^"(.*)"$/, "$1");
  const ms = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** A batch's statements with the gate's in front (a batch is typed as a tuple of at least one). */
export type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** The gate's statement (none without a version): first in the write's batch. */
export function versionGate(db: Db, kind: VersionedKind, userId: number, id: number, version: number | undefined) {
  if (version === undefined) return [];
  return [db.insert(gateView).values({ kind, id, userId, version })];
}

/** Whether a write's batch was rolled back by the gate: its row had changed since the version given. */
export function isVersionConflict(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e.message.includes(GATE_ABORT)) return true;
  return false;
}

/** The 409 of a stale write: the error body, and the row as it is now under `current`. */
export function conflict(c: Context<AppEnv>, current: unknown) {
  return c.json({ ...errorBody(VERSION_CONFLICT), current }, 409);
}
