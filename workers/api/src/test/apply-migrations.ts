import { applyD1Migrations, env } from "cloudflare:test";

// Migrations are the only schema source; applying twice is a no-op.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
