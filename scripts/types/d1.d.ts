/**
 * D1's types as the Worker's code sees them (globals there), for the scripts that run that code in Node
 * against the platform proxy's D1 (the limits bench runs the cron's deletion of a leaving account).
 */
import type * as Workers from "@cloudflare/workers-types/index.ts";

declare global {
  type D1Database = Workers.D1Database;
  type D1DatabaseSession = Workers.D1DatabaseSession;
  type D1PreparedStatement = Workers.D1PreparedStatement;
  type D1Result<T = unknown> = Workers.D1Result<T>;
}
