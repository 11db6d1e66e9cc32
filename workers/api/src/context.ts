import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  accentColor: string;
  timeZone: string | null;
}

/** What every handler can reach through `c.env` and `c.var`. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by `requireUser`. */
    user: SessionUser;
    sessionId: string;
  };
}
