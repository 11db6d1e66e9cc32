import { applyD1Migrations, env } from "cloudflare:test";
import { resetDb } from "./helpers.ts";

// Migrations are the only schema source; applying twice is a no-op.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The files share one workerd and its storage (isolate: false in vitest.config.ts): each starts from empty
// tables, as it would with storage of its own.
await resetDb();
