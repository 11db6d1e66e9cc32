import type { SessionUser } from "../auth/session.ts";
import type { Db } from "./db.ts";
import type { Config } from "./env.ts";

/** What every handler can reach through `c.env` and `c.var`. */
export interface AppEnv {
  /** The bindings as `wrangler types` generates them (worker-configuration.d.ts). */
  Bindings: Env;
  Variables: {
    db: Db;
    /** The vars and secrets, parsed once per isolate. */
    config: Config;
    /** Set by `requireUser`. */
    user: SessionUser;
    sessionId: string;
    /** Set by `userTimeZone`: the zone the route counts local days in. */
    timeZone: string;
  };
}
