/**
 * Throughput under load: the local suite (wrangler dev, workerd,
 * local D1, the gateway in front) driven by autocannon, three mixes at the
 * same concurrency, each for LOAD_SECONDS in LOAD_SLICES slices taken in turn:
 *   - health: GET /api/health alone (the floor: routing, the middleware, one SELECT 1);
 *   - reads: a signed-in mix, round and round on every connection — checkAuth,
 *     the journal's first page, people, steps, a six-week calendar, a stack statistic;
 *   - writes: POST /api/journal/entries, a line of text and an entry with two
 *     tags and a metric in turn (the dearer: five more statements in its batch).
 * For each: requests/s, p50/p95/p99 latency, errors (non-2xx answers plus
 * socket errors and timeouts), and the ratio of its requests/s to health's in
 * the same run — the figure to compare across runs, as the absolute ones move
 * with whatever else the machine is doing.
 * Targets: zero errors, reads ≥ 0.6× health, writes ≥ 0.5× health.
 * Under each mix's line, its requests' own latencies (a mix of several).
 *   npm run bench -- load                                                      (20 connections × 20 s)
 *   LOAD_SECONDS=6 LOAD_SLICES=3 LOAD_CONNECTIONS=10 npm run bench -- load   (a quick run)
 * BENCH_PORT picks the port (default 8798), LOAD_ENTRIES the journal's size; LOAD_EACH=1 adds a mix for
 * each read alone (the table's last lines), to find the dear one.
 */
import autocannon, { type Request } from "autocannon";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { seedJournal } from "./seed-journal.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 20);
/**
 * Each mix's seconds are driven in this many slices, the mixes in turn, so
 * that other load on the machine (the ratios are what compare across runs)
 * weighs on every mix alike rather than on whichever ran while it lasted.
 */
const SLICES = Number(process.env.LOAD_SLICES ?? 10);
/** A few seconds of each mix first, not counted: the isolate's first requests compile code and fill caches. */
const WARMUP_SECONDS = 3;
const ENTRIES = Number(process.env.LOAD_ENTRIES ?? 5_000);
const PEOPLE = 100;
const LISTS = 20;
const TARGETS = { reads: 0.6, writes: 0.5 };

for (const [name, value] of Object.entries({
  LOAD_SECONDS: SECONDS,
  LOAD_CONNECTIONS: CONNECTIONS,
  LOAD_SLICES: SLICES,
})) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1`);
    process.exit(1);
  }
}
if (SECONDS % SLICES) {
  console.error(`LOAD_SECONDS (${SECONDS}) must be a multiple of LOAD_SLICES (${SLICES})`);
  process.exit(1);
}

const suite = await benchSuite(async (db) => {
  await seedJournal(db, ENTRIES);
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const birth = new Date(Date.UTC(1960, 0, 1) + ((i * 7919) % 15_000) * 86_400_000).toISOString().slice(0, 10);
    return `(1, 'Person ${i}', 'p${i}@example.org', '${birth}', '${birth.slice(5)}', 0, 0)`;
  });
  const lists = Array.from(
    { length: LISTS },
    (_, i) => `(1, 'List ${i}', '- [ ] one\n- [x] two\n- [ ] three', 3, 1, ${Date.UTC(2026, 3, 1 + i)}, 0, ${i})`,
  );
  await db.batch([
    db.prepare(
      `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at) VALUES ${people.join(", ")}`,
    ),
    db.prepare(
      `INSERT INTO steps (user_id, name, content, total_items, completed_items, deadline, created_at, modified_at) VALUES ${lists.join(", ")}`,
    ),
    db.prepare("ANALYZE"),
  ]);
});

interface Mix {
  name: string;
  what: string;
  requests: Request[];
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  socket: number;
  statuses: Record<string, number>;
}

/** Every response's latency (so p95 is exact), the time driven, and the answers that were not 2xx. */
interface Tally {
  ms: number[];
  /** The same latencies by request, for a mix of several. */
  byRequest: Map<string, number[]>;
  seconds: number;
  non2xx: number;
  socket: number;
  statuses: Record<string, number>;
}

/** One autocannon run of a mix, added to its tally. */
async function drive(mix: Mix, seconds: number, tally?: Tally): Promise<void> {
  let connection = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${suite.port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: mix.requests,
    timeout: 10,
    // Each connection starts the mix at another request, so that a short run still weighs them all alike.
    setupClient: (client) => {
      const k = connection++ % mix.requests.length;
      client.setRequests([...mix.requests.slice(k), ...mix.requests.slice(0, k)].map((r) => ({ ...r })));
    },
  });
  const ms: number[] = [];
  const byRequest: [string, number][] = [];
  instance.on("response", (client, _status, _bytes, time) => {
    ms.push(time);
    const { method = "GET", path } = client.requestIterator.currentRequest;
    byRequest.push([`${method} ${path}`, time]);
  });
  const result = await instance;
  if (!tally) return;
  tally.ms.push(...ms);
  for (const [request, time] of byRequest) {
    const list = tally.byRequest.get(request) ?? [];
    list.push(time);
    tally.byRequest.set(request, list);
  }
  tally.seconds += result.duration;
  tally.non2xx += result.non2xx;
  tally.socket += result.errors;
  for (const [code, { count }] of Object.entries(result.statusCodeStats))
    tally.statuses[code] = (tally.statuses[code] ?? 0) + count;
}

/** The latency at quantile q of a sorted list. */
function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function figures(t: Tally): Figures {
  const ms = [...t.ms].sort((a, b) => a - b);
  const at = (q: number) => quantile(ms, q);
  return {
    rps: ms.length / t.seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: t.non2xx,
    socket: t.socket,
    statuses: t.statuses,
  };
}

try {
  const token = await suite.signIn();
  const journal = suite.origin("journal");
  const host = new URL(journal).host;
  const get = (path: string): Request => ({
    method: "GET",
    path,
    headers: { Host: host, Authorization: `Bearer ${token}` },
  });
  // Unsafe methods carry an Origin on the root domain (platform/origin-check.ts), as the sites' pages do.
  const post = (path: string, body: unknown, extra: Record<string, string> = {}): Request => ({
    method: "POST",
    path,
    headers: {
      Host: host,
      Origin: journal,
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...extra,
    },
    body: JSON.stringify(body),
  });
  /** A write as the sites send it: with an Idempotency-Key of its own (the journal's queue, packages/ui). */
  const keyed = (path: string, body: unknown) => post(path, body, { "Idempotency-Key": crypto.randomUUID() });

  let written = 0;
  /** A request built anew each time it is sent. */
  const unique = (make: () => Request): Request => ({ ...make(), setupRequest: () => make() });

  const mixes: Mix[] = [
    {
      name: "health",
      what: "GET /api/health",
      requests: [{ method: "GET", path: "/api/health", headers: { Host: host } }],
    },
    {
      name: "reads",
      what: "checkAuth, entries, people, steps, calendar, a stack statistic",
      requests: [
        get("/api/auth/checkAuth"),
        get("/api/journal/entries?limit=30"),
        get("/api/people"),
        get("/api/steps"),
        get("/api/calendar?from=2026-03-30&to=2026-05-10"),
        post("/api/journal/stack-item-data", {
          type: "sum",
          config: { filter: [{ name: "read" }], timeRange: "month", metricId: 1 },
        }),
      ],
    },
    {
      name: "writes",
      what: "POST /api/journal/entries with an Idempotency-Key, as the sites send it: a line of text and a tagged entry with a metric in turn",
      // Each text its own, as a journal's are: a run of identical entries is one row of the list
      // however long, and the reads would walk through all of it.
      requests: [
        unique(() => keyed("/api/journal/entries", { text: `a line written under load, #${++written}` })),
        unique(() =>
          keyed("/api/journal/entries", {
            text: `a tagged line written under load, #${++written}`,
            tags: ["coffee", "walk"],
            metrics: [{ name: "duration", value: 600 }],
          }),
        ),
      ],
    },
  ];

  // LOAD_EACH=1: each read alone as a mix of its own too, to see which one is dear.
  if (process.env.LOAD_EACH === "1") {
    const reads = mixes.find((m) => m.name === "reads") as Mix;
    for (const r of reads.requests)
      mixes.push({
        name: (r.path ?? "").split("?")[0]?.split("/").at(-1) ?? "",
        what: `${r.method} ${r.path}`,
        requests: [r],
      });
  }

  // Every request once, so a wrong path or body fails here, by name, not as a count of non-2xx.
  for (const { requests } of mixes)
    for (const r of requests) {
      const res = await localFetch(`${journal}${r.path}`, {
        method: r.method ?? "GET",
        ...(r.headers ? { headers: r.headers } : {}),
        ...(r.body ? { body: r.body } : {}),
      });
      if (res.status >= 300) throw new Error(`${r.method} ${r.path}: ${res.status} ${res.text()}`);
    }

  console.log(
    `\nload: ${CONNECTIONS} connections × ${SECONDS} s a mix, in ${SLICES} slices taken in turn ` +
      `(after ${WARMUP_SECONDS} s of each not counted), wrangler dev on 127.0.0.1:${suite.port} through the gateway, ` +
      `Bearer token of one user (${ENTRIES.toLocaleString("en")} entries, ${PEOPLE} people, ${LISTS} checklists)`,
  );
  for (const mix of mixes) await drive(mix, WARMUP_SECONDS);
  // The mixes take turns, so a change in what else the machine runs falls on all of them alike.
  const tallies = new Map<string, Tally>(
    mixes.map((m) => [m.name, { ms: [], byRequest: new Map(), seconds: 0, non2xx: 0, socket: 0, statuses: {} }]),
  );
  for (let slice = 0; slice < SLICES; slice++)
    for (const mix of mixes) {
      // The requests cut off at the end of the last run finish first, not on this one's time.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await drive(mix, SECONDS / SLICES, tallies.get(mix.name));
    }
  const figuresOf = new Map([...tallies].map(([name, t]) => [name, figures(t)]));

  const health = figuresOf.get("health") as Figures;
  const ms = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `\n  ${"mix".padEnd(8)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}` +
      `   ${"errors".padEnd(24)} × health`,
  );
  for (const mix of mixes) {
    const f = figuresOf.get(mix.name) as Figures;
    const errors = `${f.non2xx + f.socket} (non-2xx ${f.non2xx}, socket ${f.socket})`;
    console.log(
      `  ${mix.name.padEnd(8)} ${f.rps.toFixed(1).padStart(8)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)}` +
        `   ${errors.padEnd(24)} ${(f.rps / health.rps).toFixed(2)}×   ${mix.what}`,
    );
    if (f.non2xx) console.log(`           answers by status: ${JSON.stringify(f.statuses)}`);
    const byRequest = (tallies.get(mix.name) as Tally).byRequest;
    if (byRequest.size > 1)
      for (const [request, list] of byRequest) {
        const sorted = [...list].sort((a, b) => a - b);
        console.log(
          `    ${request.slice(0, 52).padEnd(52)} ${ms(quantile(sorted, 0.5))} ${ms(quantile(sorted, 0.95))} ${ms(quantile(sorted, 0.99))}   (${sorted.length})`,
        );
      }
  }

  const errors = [...figuresOf.values()].reduce((n, f) => n + f.non2xx + f.socket, 0);
  const ratio = (name: string) => (figuresOf.get(name) as Figures).rps / health.rps;
  const verdicts = [
    `errors ${errors} (target 0): ${errors === 0 ? "met" : "MISSED"}`,
    `reads ${ratio("reads").toFixed(2)}× health (target ≥ ${TARGETS.reads}×): ${ratio("reads") >= TARGETS.reads ? "met" : "MISSED"}`,
    `writes ${ratio("writes").toFixed(2)}× health (target ≥ ${TARGETS.writes}×): ${ratio("writes") >= TARGETS.writes ? "met" : "MISSED"}`,
  ];
  console.log(`\n  ${verdicts.join("\n  ")}`);
} finally {
  await suite.close();
}
