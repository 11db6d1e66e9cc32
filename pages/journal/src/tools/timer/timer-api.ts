import { api, ok, readerTimeZone } from "@nook/ui/api";
import type { InferRequestType, InferResponseType } from "hono/client";

/** The timer as the API answers it (GET: or null). */
export type ServerTimer = InferResponseType<typeof api.journal.timer.$post, 201>;
export type TimerUpdate = InferRequestType<typeof api.journal.timer.$put>["json"];
export type TimerStart = InferRequestType<typeof api.journal.timer.$post>["json"];
export type TimerStats = InferResponseType<typeof api.journal.timer.stats.$get, 200>;

/** The timer's calls; each returns its success body or throws an ApiError (packages/ui). */
export const timerApi = {
  current: () => ok(api.journal.timer.$get()),
  start: (json: TimerStart) => ok(api.journal.timer.$post({ json })),
  /** `keepalive` lets a last edit leave with a closing tab. */
  update: (json: TimerUpdate, keepalive = false) =>
    ok(api.journal.timer.$put({ json }, keepalive ? { init: { keepalive: true } } : undefined)),
  reset: (id: number | null) => ok(api.journal.timer.$delete({ json: id === null ? {} : { id } })),
  stats: () => ok(api.journal.timer.stats.$get({ query: { tz: readerTimeZone() } })),
};
