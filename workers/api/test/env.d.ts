import type { D1Migration } from "cloudflare:test";
import type { Env as ApiEnv } from "../src/env.ts";

// `env` from cloudflare:test is the API's Env plus the migrations the setup file applies.
declare global {
  namespace Cloudflare {
    interface Env extends ApiEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
