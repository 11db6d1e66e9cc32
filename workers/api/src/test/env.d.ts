import type { D1Migration } from "cloudflare:test";

// `env` from cloudflare:test is the API's Env (worker-configuration.d.ts) plus the migrations the setup file applies.
declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The fuzz test's seed and requests per route, when given (FUZZ_SEED=… FUZZ_RUNS=… npm test). */
      FUZZ_SEED?: string;
      FUZZ_RUNS?: string;
    }
  }
}
