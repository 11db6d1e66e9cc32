import type { InferRequestType, InferResponseType } from "hono/client";
import { count, expectStatus, type signedInUser } from "../test/helpers.ts";

/** The timer's calls through the typed client, for the tests: each checks its status and returns the typed body. */
export type User = Awaited<ReturnType<typeof signedInUser>>;
type Journal = User["api"]["journal"];
export type Timer = InferResponseType<Journal["timer"]["$post"], 201>;
export type TimerStart = InferRequestType<Journal["timer"]["$post"]>["json"];
export type TimerUpdate = InferRequestType<Journal["timer"]["$put"]>["json"];
export type TimerStats = InferResponseType<Journal["timer"]["stats"]["$get"], 200>;

export const timerCalls = {
  async get(user: User) {
    return (await expectStatus(await user.api.journal.timer.$get(), 200)).json();
  },
  async start(user: User, json: TimerStart): Promise<Timer> {
    return (await expectStatus(await user.api.journal.timer.$post({ json }), 201)).json();
  },
  async update(user: User, json: TimerUpdate): Promise<Timer> {
    return (await expectStatus(await user.api.journal.timer.$put({ json }), 200)).json();
  },
  async stats(user: User, tz?: string): Promise<TimerStats> {
    return (await expectStatus(await user.api.journal.timer.stats.$get({ query: tz ? { tz } : {} }), 200)).json();
  },
};

/** The page's whole timer for a PUT, from the server's answer plus changes. */
export function asUpdate(timer: Timer, patch: Partial<TimerUpdate> = {}): TimerUpdate {
  return {
    id: timer.id,
    text: timer.text,
    tags: timer.tags.map((t) => t.name),
    startedAt: timer.startedAt,
    pausedAt: timer.pausedAt,
    pausedTimeDiff: timer.pausedTimeDiff,
    goal: timer.goal,
    complete: false,
    ...patch,
  };
}

/** Rows of the timer's and the journal's tables, for "nothing was written" checks. */
export async function timerTableCounts(): Promise<Record<string, number>> {
  const tables = ["timers", "timer_tags", "entries", "tags", "metrics", "entry_tags", "entry_metrics"];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
}

export const at = (ms: number) => new Date(ms).toISOString();

/** A timer saved as the timer saves one: started `seconds` before `end`, stopped then, saved (its entry written). */
export async function saveTimer(user: User, text: string, end: number, seconds: number): Promise<Timer> {
  const timer = await timerCalls.start(user, { text, tags: [], initAt: at(end - seconds * 1000) });
  return timerCalls.update(user, asUpdate(timer, { pausedAt: at(end), complete: true }));
}
export const MIN = 60_000;
