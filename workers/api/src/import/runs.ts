import { message } from "@nook/shared/common/messages";
import type { ImportResult } from "@nook/shared/import/schemas";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { isUniqueViolation } from "../platform/unique-violation.ts";
import { imports } from "./schema.ts";

/**
 * A run left `running` this long is of a Worker that died mid-import (a request's own time is far shorter):
 * the next import takes it over, marking it failed.
 */
export const IMPORT_STALE_MS = 15 * 60_000;

export const IMPORT_RUNNING = message(
  "Another import of yours is still running: wait for it to finish, then try again",
);

/** SHA-256 of the file, hex: which file a run wrote. */
export async function fileHash(file: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(file));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Starts an import run, one trip: a stale run of the user is marked failed, then this one is inserted as
 * `running`. Null when another run of the user is still running (the partial unique index refuses the
 * insert, and the batch changes nothing).
 */
export async function beginRun(
  db: Db,
  userId: number,
  format: string,
  hash: string,
  now = Date.now(),
): Promise<number | null> {
  try {
    const [, [run]] = await db.batch([
      db
        .update(imports)
        .set({ state: "failed", finishedAt: now })
        .where(
          and(eq(imports.userId, userId), eq(imports.state, "running"), lt(imports.startedAt, now - IMPORT_STALE_MS)),
        ),
      db
        .insert(imports)
        .values({ userId, format, state: "running", fileHash: hash, startedAt: now })
        .returning({ id: imports.id }),
    ]);
    if (!run) throw new Error("an import run was not inserted");
    return run.id;
  } catch (err) {
    if (isUniqueViolation(err, "imports.user_id")) return null;
    throw err;
  }
}

/** Ends a run: `done` with what it added, or `failed` (nothing of it stays: each write is whole or not at all). */
export async function endRun(db: Db, id: number, state: "done" | "failed", kinds?: ImportResult["kinds"]) {
  await db
    .update(imports)
    .set({ state, finishedAt: Date.now(), summary: kinds ? JSON.stringify(kinds) : null })
    .where(eq(imports.id, id));
}
