/**
 * The timer's calls on the local suite (wrangler dev, workerd, local D1),
 * over a journal of 100,000 entries of which a third carry a `duration`:
 * each figure next to a bare baseline measured in the same run.
 *   npm run bench -- timer
 */
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { seedJournal } from "./seed-journal.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const suite = await benchSuite((db) => seedJournal(db, ENTRIES));
const { db } = suite;

try {
  const origin = suite.origin("journal");
  const token = await suite.signIn();
  const call = async (method: string, path: string, body?: unknown, want = 200) => {
    const r = await localFetch(`${origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: origin,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== want) throw new Error(`${method} ${path}: ${r.status} ${r.text()}`);
    return r.json<Record<string, unknown>>();
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = async () =>
    (await call("POST", "/api/journal/timer", { text: "bench", tags: ["focus", "work"], initAt: iso(Date.now()) }, 201))
      .id as number;
  const whole = (id: number, startedAt: number, patch: Record<string, unknown> = {}) => ({
    id,
    text: "bench",
    tags: ["focus", "work"],
    startedAt: iso(startedAt),
    pausedAt: null,
    pausedTimeDiff: 0,
    ...patch,
  });

  for (let i = 0; i < 20; i++) await call("GET", "/api/health");
  console.log(`\nthe timer's calls, ${ENTRIES.toLocaleString("en")} entries (HTTP through the gateway, auth included)`);
  const health = await time(200, () => call("GET", "/api/health"));
  report("GET /api/health (baseline: no session, one SELECT 1)", health);
  const checkAuth = await time(200, () => call("GET", "/api/auth/checkAuth"));
  report("GET /api/auth/checkAuth (baseline: the session)", checkAuth);

  const startedAt = Date.now();
  const id = await start();
  const get = await time(200, () => call("GET", "/api/journal/timer"));
  report("GET /api/journal/timer (running)", get);
  let flip = false;
  const put = await time(200, () => {
    flip = !flip;
    return call("PUT", "/api/journal/timer", whole(id, startedAt, flip ? { pausedAt: iso(Date.now()) } : {}));
  });
  report("PUT /api/journal/timer (stop or resume)", put);
  await call("DELETE", "/api/journal/timer", { id });

  // Save: each run starts a timer (not timed) and completes it, writing its entry.
  const saves: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = Date.now();
    const timer = await start();
    const begin = performance.now();
    await call("PUT", "/api/journal/timer", whole(timer, t, { pausedAt: iso(t + 1000), complete: true }));
    saves.push(performance.now() - begin);
  }
  saves.sort((a, b) => a - b);
  const save = { runs: saves.length, median: saves[30]!, p95: saves[57]! };
  report("PUT /api/journal/timer complete (+ its entry)", save);
  const write = await time(60, () =>
    call(
      "POST",
      "/api/journal/entries",
      { text: "bench", tags: ["focus", "work"], metrics: [{ name: "duration", value: 1 }] },
      201,
    ),
  );
  report("POST /api/journal/entries (the same entry alone)", write);

  const stats = await time(100, () => call("GET", "/api/journal/timer/stats?tz=Europe%2FMoscow"));
  const durations = (await call("GET", "/api/journal/timer/stats")).count as number;
  report(`GET /api/journal/timer/stats (${durations.toLocaleString("en")} durations)`, stats);
  const bareSum = await time(100, () =>
    db.prepare("SELECT SUM(value), COUNT(*) FROM entry_metrics WHERE metric_id = 1").first(),
  );
  report("bare SUM of the same rows incl. a Node→workerd round trip", bareSum);

  const ratio = (a: { median: number }, b: { median: number }) => `${(a.median / b.median).toFixed(2)}×`;
  console.log(
    `\n  GET timer / checkAuth: ${ratio(get, checkAuth)}   PUT / checkAuth: ${ratio(put, checkAuth)}` +
      `   save / a plain entry write: ${ratio(save, write)}   stats / bare SUM round trip: ${ratio(stats, bareSum)}`,
  );
  const within = (label: string, r: { median: number }, budget: number) =>
    console.log(
      `  ${label} median ${r.median.toFixed(2)} ms — budget ${budget} ms: ${r.median < budget ? "within" : "OVER"}`,
    );
  within("GET timer", get, 50);
  within("save", save, 100);
  within("stats", stats, 100);
} finally {
  await suite.close();
}
