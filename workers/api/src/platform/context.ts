import type { SessionGate } from "../auth/session-gate.ts";
import type { Db } from "./db.ts";
import type { Config } from "./env.ts";
import type { Claim } from "./idempotency.ts";

/** What every handler can reach through `c.env` and `c.var`. */
export interface AppEnv {
  /** The bindings as `wrangler types` generates them (worker-configuration.d.ts). */
  Bindings: Env;
  Variables: {
    /** The request's D1 session (platform/d1-session.ts): every trip of the request goes through it, never `c.env.DB`. */
    d1: D1DatabaseSession;
    db: Db;
    /** The vars and secrets, parsed once per isolate. */
    config: Config;
    /** Set by `requireUser`: who the token says sends the request (its signature checked), for building queries. */
    user: { id: number };
    sessionId: string;
    /** Set by a route that ended the request's own session (the account deleted): `requireUser` then slides nothing. */
    sessionClosed: boolean;
    /** Set by `requireUser`: the session's check, carried by the first trip; `read()` gives its user's row. */
    session: SessionGate;
    /** Set by `userTimeZone`: the zone the route counts local days in. */
    timeZone: string;
    /** Set by `idempotentInBatch`: the request's Idempotency-Key, for the route's batch (keyedBatch). */
    keyClaim: Claim | undefined;
    /** Set by `lateTimeZone`: the `?tz=` given, if one was. */
    givenTimeZone: string | undefined;
    /**
     * Set by a route a client without cookies reads (the calendar feed, polled by calendar apps): its answer
     * carries no bookmark cookie (d1-session.ts writeBookmark).
     */
    noBookmark: boolean;
  };
}
