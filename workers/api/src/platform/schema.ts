import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";

/**
 * The `Idempotency-Key`s of the writes that take one
 * (platform/idempotency.ts): a key is its user's and its route's (method and
 * path), kept 24 hours with a hash of the body it came with and, once the
 * request has finished, the answer it got, which a retry with the same key
 * gets again. `status` and `response` are null while the first request runs.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `POST /api/journal/entries`: the method and the path. */
    route: text("route").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the body, hex. */
    bodyHash: text("body_hash").notNull(),
    status: integer("status"),
    /** The answer's body as sent (JSON text); null for a write whose answer is read anew (`resultId`). */
    response: text("response"),
    /**
     * A create that claimed its key in its own batch (`keyedBatch`): the row it made, whose current state is
     * the answer to a retry. Null for an answer kept as sent.
     */
    resultId: integer("result_id"),
    /** Epoch milliseconds of the claim; a key older than IDEMPOTENCY_TTL_MS (30 days) is no longer looked at, and the cron drops it. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index("idempotency_keys_created_at").on(t.createdAt)],
);
