/**
 * The session check that rides on a request's first trip to D1: what a
 * request costs is mostly its trips to the database, so a signed-in request
 * spends none on its session alone.
 *
 * `requireUser` checks the token's signature, which proves whose request it
 * is; that is enough to build the route's queries (`c.var.user.id`). Whether
 * the session is still live — not logged out, not ended by a password change,
 * not expired — is the sessions row's, and that is read here, in front of the
 * route's first statements:
 *   - a batch, or a statement run with `first`, `all` or `run`: the check and
 *     the session's row go first in the same batch. The check is an insert
 *     into the view `session_gate` (migration 0008), whose trigger aborts when
 *     the session is not live, and D1 then rolls the whole batch back: none of
 *     the route's statements, a write included, takes effect for it.
 *   - a statement run with `raw` (a drizzle select outside a batch): its rows
 *     come back as arrays, which a batch cannot give, so the check goes alone
 *     first. A busy route makes its first read a `db.batch([...])` instead.
 * Until the check has passed nothing the route read leaves it: an ended
 * session's trip throws `SessionEnded`, which the API answers 401.
 *
 * With D1's read replication (platform/d1-session.ts) an insert is a
 * write, and D1 sends a write to the primary: a GET whose check was the insert
 * would never be read at a replica. So a GET's or HEAD's trip whose statements
 * are all SELECTs carries the lookup alone, with the expiry in its WHERE: when
 * it finds no live session the trip's answers are dropped and `SessionEnded`
 * thrown — the trip wrote nothing, so there is nothing to roll back. Any other
 * trip that carries the check (a request that may write, or a GET's first trip
 * that writes, as the steps' recount may) keeps the insert and its trigger.
 */

import type { D1Trips } from "../platform/db.ts";
import type { SessionUser } from "./session.ts";

/** The session a token names: its user (the token's subject) and its id. */
export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** The session is not live (logged out, ended, expired): the request is answered 401. */
export class SessionEnded extends Error {
  constructor() {
    super("The session has ended");
    this.name = "SessionEnded";
  }
}

/** The session's row as the check read it. */
export interface SessionRead {
  user: SessionUser;
  lastSeenAt: number;
  /** When the session began: it ends SESSION_LIFETIME_MS after, however much it is used. */
  createdAt: number;
}

const GATE_SQL = "INSERT INTO session_gate (session_id, user_id, now) VALUES (?, ?, ?)";
const LOOKUP_SQL = `SELECT s.last_seen_at AS lastSeenAt, s.created_at AS createdAt, u.id AS id, u.name AS name, u.username AS username,
  u.email AS email, u.accent_color AS accentColor, u.time_zone AS timeZone
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ? AND s.expires_at > ?`;
/** The trigger's words, as D1 reports an aborted batch. */
const GATE_ABORT = "nook_session_ended";

/** A statement that only reads: a SELECT (drizzle's selects start so). Anything else, or SQL not known, may write. */
function isRead(sql: string | undefined): boolean {
  return sql !== undefined && /^\s*select\s/i.test(sql);
}

function isGateAbort(err: unknown): boolean {
  return err instanceof Error && err.message.includes(GATE_ABORT);
}

/** The trip failed on another statement: the check passed (it runs first), but its row was rolled back with the rest. */
class Unread extends Error {}

export interface GateOptions {
  /**
   * The request only reads (GET, HEAD): a trip of SELECTs carries the check as a SELECT, which a replica can
   * answer. Off (the default), every check is the insert, whose trigger aborts the trip for an ended session.
   */
  readCheck?: boolean;
}

/** One request's session, checked on its first trip. */
export class SessionGate {
  #read: Promise<SessionRead> | undefined;
  /** The SQL of each statement prepared through `binding()`, to tell a trip that only reads. */
  readonly #sql = new WeakMap<D1PreparedStatement, string>();
  readonly #readCheck: boolean;

  constructor(
    private readonly d1: D1Trips,
    private readonly claims: SessionClaims,
    private readonly now: number,
    options: GateOptions = {},
  ) {
    this.#readCheck = options.readCheck ?? false;
  }

  /** Whether this trip may carry the check as a read: a reading request, every statement a SELECT. */
  #readOnly(statements: D1PreparedStatement[]): boolean {
    return this.#readCheck && statements.every((s) => isRead(this.#sql.get(s)));
  }

  /** Runs `statements` in one trip: behind the check when the session is not read yet. */
  async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    if (this.#read) {
      try {
        await this.#read;
      } catch (err) {
        // Another statement of the trip that carried the check failed: carry it again.
        if (err instanceof Unread) return this.batch(statements);
        throw err;
      }
      return statements.length ? this.d1.batch(statements) : [];
    }
    const { sessionId, userId } = this.claims;
    const lookup = this.d1.prepare(LOOKUP_SQL).bind(sessionId, userId, this.now);
    // A read-only trip: the lookup alone, which writes nothing (and so may go to a replica). Else the insert first.
    const own = this.#readOnly(statements) ? 1 : 2;
    const trip = this.d1.batch(
      own === 1
        ? [lookup, ...statements]
        : [this.d1.prepare(GATE_SQL).bind(sessionId, userId, this.now), lookup, ...statements],
    );
    const read = trip.then(
      (results) => {
        const looked = results[own - 1];
        const row = looked?.results[0] as (SessionUser & { lastSeenAt: number; createdAt: number }) | undefined;
        if (!row) throw new SessionEnded();
        const { lastSeenAt, createdAt, ...user } = row;
        return { user, lastSeenAt, createdAt };
      },
      (err: unknown) => {
        if (isGateAbort(err)) throw new SessionEnded();
        this.#read = undefined;
        throw new Unread();
      },
    );
    // Awaited by the trips that follow, if any; this one answers below.
    read.catch(() => {});
    this.#read = read;
    let results: D1Result[];
    try {
      results = await trip;
    } catch (err) {
      throw isGateAbort(err) ? new SessionEnded() : err;
    }
    // An ended session's read-only trip ends here: its answers are dropped (it wrote nothing).
    await read;
    return results.slice(own);
  }

  /** The session's row: read now (a trip of its own) unless a trip has carried the check already. */
  async read(): Promise<SessionRead> {
    if (!this.#read) await this.batch([]);
    try {
      return await (this.#read as Promise<SessionRead>);
    } catch (err) {
      if (err instanceof Unread) return this.read();
      throw err;
    }
  }

  /** Whether a trip carries the check or has carried it (its answer may be on its way). */
  get checked(): boolean {
    return this.#read !== undefined;
  }

  /** The statement `first`, `all` or `run` would run: one trip, carrying the check when it is due. */
  async single(statement: D1PreparedStatement): Promise<D1Result> {
    const [result] = await this.batch([statement]);
    if (!result) throw new Error("D1 answered a batch of one with no result");
    return result;
  }

  /** The D1 binding the request's drizzle works over: every trip goes through this gate. */
  binding(): D1Database {
    const gate = this;
    /** A statement's own answer, run in the trip that carries the check when it is due, else after the check. */
    const carried = async (real: D1PreparedStatement, own: () => Promise<D1Result>): Promise<D1Result> => {
      if (!gate.checked) return gate.single(real);
      await gate.read();
      return own();
    };
    const wrap = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
      gate.#sql.set(real, sql);
      const statement = {
        real,
        bind: (...values: unknown[]) => wrap(real.bind(...values), sql),
        async first(column?: string) {
          if (gate.checked) {
            await gate.read();
            return column === undefined ? real.first() : real.first(column);
          }
          const row = (await gate.single(real)).results[0] as Record<string, unknown> | undefined;
          if (!row) return null;
          return column === undefined ? row : row[column];
        },
        all: () => carried(real, () => real.all()),
        run: () => carried(real, () => real.run()),
        async raw(options?: { columnNames?: boolean }) {
          // Arrays of values, which a batch does not give: the check, if due, goes alone first.
          await gate.read();
          return options?.columnNames ? real.raw({ columnNames: true }) : real.raw();
        },
      };
      return statement as unknown as D1PreparedStatement;
    };
    const unwrap = (s: D1PreparedStatement) => (s as unknown as { real?: D1PreparedStatement }).real ?? s;
    return {
      prepare: (query: string) => wrap(this.d1.prepare(query), query),
      batch: (statements: D1PreparedStatement[]) => gate.batch(statements.map(unwrap)),
      exec: () => Promise.reject(new Error("exec is not run behind a session")),
      dump: () => Promise.reject(new Error("dump is not run behind a session")),
      withSession: () => {
        throw new Error("withSession is not run behind a session");
      },
    } as unknown as D1Database;
  }
}
