/**
 * Today on the launcher (GET /api/today) over a full account: 100,000 journal entries over ten years (the
 * stacks' journal: scripts/bench/seed-stacks.ts, its last entry yesterday), 1,000 people, 200 checklists
 * with deadlines around today, 300 events (half repeating), a running timer and three streak items —
 * smokes, runs and reads, each every day for ten years and none yet today: all three at risk, each walked
 * back its full year (streak-risk.ts) — beside a bare baseline
 * in the same run, GET /api/health, and the session alone, GET /api/auth/checkAuth.
 * With BENCH_GOAL=7/week (or 31/month) the three items have that habit goal instead: each is then at risk on its
 * period's last two days only (a weekend, or a month's end), walked back a year of periods.
 * Bound: median at most 50 ms.
 *   npm run bench -- today
 */
import { benchSuite } from "./bench-suite.ts";
import { seedStacks, tagId } from "./seed-stacks.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BOUND_MS = 50;
const PEOPLE = 1_000;
const LISTS = 200;
const EVENTS = 300;
const [goalTimes, goalPer] = (process.env.BENCH_GOAL ?? "").split("/");
const GOAL = goalPer ? `,"goal":{"times":${Number(goalTimes)},"per":"${goalPer}"}` : "";
const DAY = 86_400_000;

const suite = await benchSuite(async (db) => {
  await seedStacks(db, ENTRIES);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const birth = iso(Date.UTC(1950, 0, 1) + ((i * 7919) % 25_000) * DAY);
    return `(1, 'Person ${i}', 'p${i}@example.org', '${birth}', '${birth.slice(5)}', 0, 0)`;
  });
  const statements = [];
  for (let i = 0; i < PEOPLE; i += 250)
    statements.push(
      db.prepare(
        `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at) VALUES ${people.slice(i, i + 250).join(", ")}`,
      ),
    );
  // Deadlines from 100 days ago to 100 days ahead, a third of them done.
  const lists = Array.from(
    { length: LISTS },
    (_, i) => `(1, 'List ${i}', '- [ ] a', 3, ${i % 3 === 0 ? 3 : 1}, 1, ${now + (i - LISTS / 2) * DAY}, 0, 0)`,
  );
  statements.push(
    db.prepare(
      `INSERT INTO steps (user_id, name, content, total_items, completed_items, counts_rule, deadline, created_at, modified_at) VALUES ${lists.join(", ")}`,
    ),
  );
  const repeats = ["none", "none", "weekly", "monthly", "none", "yearly"];
  const events = Array.from(
    { length: EVENTS },
    (_, i) =>
      `(1, 'Event ${i}', '', '${iso(now + (i - EVENTS / 2) * DAY)}', ${i % 2 ? "'09:00', '10:00'" : "NULL, NULL"}, '${repeats[i % repeats.length]}', 0, 0)`,
  );
  statements.push(
    db.prepare(
      `INSERT INTO events (user_id, title, note, date, start, "end", repeat, created_at, modified_at) VALUES ${events.join(", ")}`,
    ),
  );
  statements.push(
    db.prepare(
      `INSERT INTO timers (user_id, text, init_at, started_at, modified_at) VALUES (1, 'Reading', ${now - 3_600_000}, ${now - 3_600_000}, ${now})`,
    ),
    db.prepare("INSERT INTO stacks (id, user_id, name, created_at) VALUES (1, 1, 'Habits', 0)"),
    db.prepare(
      `INSERT INTO stack_items (user_id, stack_id, title, type, position, config, created_at) VALUES ${[
        "smoke",
        "run",
        "read",
      ]
        .map(
          (t, i) =>
            `(1, 1, '${t}', 'streaks', ${i}, '{"filter":[{"name":"${t}","not":false}],"timeRange":null${GOAL}}', 0)`,
        )
        .join(", ")}`,
    ),
  );
  await db.batch(statements);
  await db.prepare("ANALYZE").run();
  if (tagId("smoke") < 1) throw new Error("the stacks' journal has no smoke tag");
});

try {
  const token = await suite.signIn();
  for (let i = 0; i < 20; i++) await suite.call(null, "GET", "/api/health");
  const today = (await suite.call(token, "GET", "/api/today")) as {
    streaksAtRisk: { title: string; length: number; more: boolean; goal: { per: string } | null }[];
    birthdays: unknown[];
    deadlines: unknown[];
    events: unknown[];
  };
  console.log(
    `\nToday over ${ENTRIES.toLocaleString("en")} entries, ${PEOPLE.toLocaleString("en")} people, ${LISTS} checklists, ${EVENTS} events: ` +
      `${today.birthdays.length} birthdays, ${today.deadlines.length} deadlines, ${today.events.length} events today, ` +
      `at risk: ${today.streaksAtRisk.map((s) => `${s.title} (${s.length}${s.more ? "+" : ""} ${s.goal ? `${s.goal.per}s` : "days"})`).join(", ") || "none"}`,
  );
  const health = await time(200, () => suite.call(null, "GET", "/api/health"));
  report("GET /api/health (baseline: no session)", health);
  const checkAuth = await time(200, () => suite.call(token, "GET", "/api/auth/checkAuth"));
  report("GET /api/auth/checkAuth (the session alone)", checkAuth);
  const got = await time(RUNS, () => suite.call(token, "GET", "/api/today"));
  report("GET /api/today", got);
  const ratio = (a: { median: number }, b: { median: number }) => `${(a.median / b.median).toFixed(1)}×`;
  console.log(`\n  today / health: ${ratio(got, health)}   today / checkAuth: ${ratio(got, checkAuth)}`);
  const held = got.median <= BOUND_MS;
  console.log(`  ${held ? "✓" : "✗"} median ${got.median.toFixed(1)} ms, bound ${BOUND_MS} ms`);
  if (!held) process.exitCode = 1;
} finally {
  await suite.close();
}
