import { message, type ServerMessage } from "@nook/shared/common/messages";
import { RECENT_TIMERS, TimerResetBody, TimerStartBody, TimerUpdateBody } from "@nook/shared/timer/schemas";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed } from "../platform/idempotency.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { isUniqueViolation } from "../platform/unique-violation.ts";
import { validate } from "../platform/validate.ts";
import {
  completeTimer,
  isAlreadySaved,
  resetTimer,
  startTimer,
  type TimerOut,
  timerById,
  timerStats,
  unfinishedTimer,
  updateTimer,
} from "./timer-store.ts";

const TIMER_NOT_FOUND = message("Timer not found");
const ALREADY_RUNNING = message("A timer is already running");
const ALREADY_SAVED = message("This timer is already saved");

/** A timer just written, read back; gone only if a reset racing the write removed it before: 404, not an error. */
function answerTimer<S extends 200 | 201>(c: Context<AppEnv>, timer: TimerOut | null, status: S) {
  return timer ? c.json(timer, status) : fail(c, 404, TIMER_NOT_FOUND);
}

/** A keyed start or save retried: the timer it wrote, as it is now, with the first answer's status. */
const replayTimer =
  <S extends 200 | 201>(c: Context<AppEnv>, status: S) =>
  async (id: number) =>
    answerTimer(c, await timerById(c.var.db, c.var.user.id, id), status);

/**
 * The live timer under /api/journal (spec 2 §7 "Timer and tags", whose paths
 * the spec leaves out; DESIGN §5 fixes them): GET the unfinished timer or
 * null, POST to start one (409 while one is unfinished), PUT the page's whole
 * timer — with `complete: true` it is saved and its journal entry written in
 * the same batch —, DELETE to reset. GET /timer/stats feeds the timer page.
 * Errors carry `message` and `error` alike. POST and PUT take an
 * `Idempotency-Key` (platform/idempotency.ts), so a save retried on a bad
 * network writes one entry; each claims it in its own batch, so a keyed
 * request costs the trips an unkeyed one does. Mounted inside the journal's
 * routes, behind their `requireUser`.
 */
export const timerRoutes = new Hono<AppEnv>()
  .get("/timer", async (c) => c.json(await unfinishedTimer(c.var.db, c.var.user.id), 200))
  .post("/timer", validate("json", TimerStartBody), idempotentInBatch, async (c) => {
    const body = c.req.valid("json");
    const { db, keyClaim } = c.var;
    const userId = c.var.user.id;
    return keyed(c, replayTimer(c, 201), async () => {
      // No check first: the index refuses a second unfinished timer, a racing one's too.
      try {
        const start = { ...body, startedAt: body.initAt, pausedAt: null, pausedTimeDiff: 0 };
        return c.json(await startTimer(db, userId, start, keyClaim), 201);
      } catch (err) {
        if (isUniqueViolation(err, "timers.user_id")) return fail(c, 409, ALREADY_RUNNING);
        throw err;
      }
    });
  })
  .put("/timer", validate("json", TimerUpdateBody), idempotentInBatch, async (c) => {
    const { id, complete, ...content } = c.req.valid("json");
    const { db, keyClaim } = c.var;
    const userId = c.var.user.id;
    const current = await timerById(db, userId, id);
    if (!current) return fail(c, 404, TIMER_NOT_FOUND);
    // A saved timer with a key goes on to the batch, which decides: a retry of this key's own save fails on
    // the key and is answered again (keyed); any other write the database refuses (isAlreadySaved), 409.
    if (current.complete && !keyClaim) return fail(c, 409, ALREADY_SAVED);
    return keyed(c, replayTimer(c, 200), async () => {
      // A save from another tab, or a reset, racing this request since the check: 409 or 404, nothing written.
      try {
        const timer = complete
          ? await completeTimer(db, userId, id, content, Date.now(), keyClaim)
          : await updateTimer(db, userId, id, content, keyClaim);
        return answerTimer(c, timer, 200);
      } catch (err) {
        if (isAlreadySaved(err)) return fail(c, 409, ALREADY_SAVED);
        throw err;
      }
    });
  })
  .delete("/timer", validate("json", TimerResetBody), async (c) => {
    const id = await resetTimer(c.var.db, c.var.user.id, c.req.valid("json").id);
    if (id === null) return fail(c, 404, TIMER_NOT_FOUND);
    return c.json({ message: "Timer reset" satisfies ServerMessage, id }, 200);
  })
  .get("/timer/stats", userTimeZone, async (c) => {
    const stats = await timerStats(c.var.db, c.var.user.id, {
      now: Date.now(),
      timeZone: c.var.timeZone,
      recent: RECENT_TIMERS,
    });
    return c.json(stats, 200);
  });
