import type { D1Migration } from "cloudflare:test";

// `env` from cloudflare:test is the API's Env (worker-configuration.d.ts) plus the migrations the setup file applies.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
