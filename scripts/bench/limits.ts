/**
 * Every route at its maximum, measured (DESIGN §3: D1 runs one query at a time, so no request may hold it
 * more than 1 s, and no statement more than 250 ms, at any size the API allows; longer work goes in parts).
 *   npm run bench -- limits          (BENCH_PORT; BENCH_RUN_ENTRIES for a smaller import run)
 *
 * On its own suite (bench-suite.ts), seeded by seed-limits.ts — user 1 with 100,000 entries over ten years
 * and an import run of 700,000 more, a neighbour of 2,000 — never ANALYZEd: production runs without
 * statistics, so the plans must hold without them. Then:
 *
 *   1. the heavy work: the undo of the 700,000-entry run (asked again while it answers `more: true`), each
 *      statistic over all ten years, the export of the account's 100,000 entries (streamed, read whole), a
 *      merge of the most used tag into another; and, last of the run, the deletion of the account;
 *   2. every route the app registers (listed as the fuzz walk lists them, by a child process:
 *      limits-schemas.ts), called once at its stated maximums — the longest strings, the fullest lists, the
 *      largest page — with valid values, so each does its real work and answers 2xx; each request is checked
 *      against the route's own schemas first, and where it is short of a maximum (a shape that cannot be
 *      longer: a date, an e-mail's rules, a checksum) the line says so;
 *   3. while each heavy piece runs, the neighbour's first page of entries (its own session) is asked in a
 *      loop: its median against its idle median, measured just before.
 *
 * Each call's line: its wall time, and its time in D1 — D1's own `meta.duration`, summed over its statements
 * and the longest of them, from the answer's `Server-Timing` (platform/d1-timing.ts; the suite runs with
 * DEV_LOGIN). A streamed answer (the exports) sends that header before its pages are read: its D1 figures
 * are its own page queries (user/export-queries.ts) run the same way from here on the same database, and
 * its wall the whole download, with the longest wait between two of its parts.
 *
 * Fails (exit 1) when a statement holds D1 over 250 ms, a request's statements over 1 s, a call answers other
 * than 2xx (or nothing within BENCH_DEADLINE_S, 30 s: then the suite is restarted on the same state, the work
 * rolled back, and the run goes on), a route is not called, or the neighbour's median during one piece of
 * heavy work passes 2× its idle one. A wall over 1 s is flagged, not failed: it counts the Worker's own time
 * and the transport's too.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { STACK_ITEM_TYPES } from "../../packages/shared/src/stacks/limits.ts";
import { purgeLeavingAccounts } from "../../workers/api/src/auth/delete-account.ts";
import { hashPassword } from "../../workers/api/src/auth/password.ts";
import { newD1Time, timedD1 } from "../../workers/api/src/platform/d1-timing.ts";
import { benchSuite } from "./bench-suite.ts";
import { benchCalls, fmt, header, NEIGHBOUR_RATIO, REQUEST_D1_MS, STATEMENT_MS, WALL_MS } from "./limits-calls.ts";
import { DEMO_PASSWORD, LONGEST_ZONE, NEW_PASSWORD, PASSWORD, walk } from "./limits-walk.ts";
import {
  DAYS,
  ENTRIES,
  NEIGHBOUR,
  RUN,
  RUN_ENTRIES,
  SMOKE,
  seedLimits,
  TAGS,
  TEN_YEAR_ITEM,
  USER,
} from "./seed-limits.ts";

// ---- The suite ----------------------------------------------------------------------------------------

/**
 * A stand-in for random.org's JSON-RPC (random/random-org.ts), on a port the system picks: the draw it is
 * asked for, distinct numbers when asked, so POST /api/random/integers does its whole work without the key
 * and the network the bench has neither of.
 */
const randomOrg = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString("utf8");
  });
  req.on("end", () => {
    const { params, id } = JSON.parse(body) as { params: { n: number; min: number; max: number }; id: string };
    const drawn = new Set<number>();
    while (drawn.size < params.n) drawn.add(params.min + Math.floor(Math.random() * (params.max - params.min + 1)));
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify({ jsonrpc: "2.0", result: { random: { data: [...drawn] } }, id }));
  });
});
await new Promise<void>((resolve) => randomOrg.listen(0, "127.0.0.1", resolve));
const randomPort = (randomOrg.address() as AddressInfo).port;

const seedStarted = performance.now();
const suite = await benchSuite(
  async (db) => {
    await seedLimits(db);
    await db.batch([
      db.prepare("UPDATE users SET password_hash = ? WHERE id = 1").bind(await hashPassword(PASSWORD)),
      db.prepare("UPDATE users SET password_hash = ? WHERE id = 2").bind(await hashPassword(NEIGHBOUR.password)),
      db.prepare("UPDATE users SET password_hash = ? WHERE id = 3").bind(await hashPassword(DEMO_PASSWORD)),
    ]);
  },
  undefined,
  { RANDOM_ORG_URL: `http://127.0.0.1:${randomPort}`, RANDOM_ORG_API_KEY: "bench" },
);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const calls = await benchCalls(suite);
const {
  rows,
  failures,
  neighbourFigures,
  ROUTES,
  call,
  callInParts,
  must,
  send,
  whileNeighbourAsks,
  exportRow,
  exportStatements,
} = calls;

// ---- The bench ----------------------------------------------------------------------------------------

const count = async (sql: string) => (await suite.db.prepare(sql).first<{ n: number }>())?.n ?? 0;

try {
  console.log(`\nthe suite seeded and up in ${seedSeconds.toFixed(1)} s (seeding's own time above)`);
  const login = await send({
    method: "POST",
    route: "/api/auth/login",
    json: { email: NEIGHBOUR.email, password: NEIGHBOUR.password },
  });
  const neighbour = login.json<{ token: string }>().token;

  console.log(
    `\nEvery route at its maximum: user 1 with ${(await count("SELECT count(*) AS n FROM entries WHERE user_id = 1")).toLocaleString("en")} ` +
      `entries (${ENTRIES.toLocaleString("en")} over ${DAYS} days, ${RUN_ENTRIES.toLocaleString("en")} more from import run ${RUN}), ` +
      `${TAGS.length} tags, "${TAGS[SMOKE - 1]}" on ${(await count(`SELECT count(*) AS n FROM entry_tags WHERE tag_id = ${SMOKE}`)).toLocaleString("en")}; ` +
      `the neighbour (user 2) with ${(await count("SELECT count(*) AS n FROM entries WHERE user_id = 2")).toLocaleString("en")}. ` +
      `Bounds: a statement ${STATEMENT_MS} ms, a request's statements ${REQUEST_D1_MS} ms (D1's meta.duration); ` +
      `the neighbour's page ${NEIGHBOUR_RATIO}× its idle median; a wall over ${WALL_MS} ms is flagged\n`,
  );
  header();
  const token = (
    await must<{ token: string }>({
      method: "POST",
      route: "/api/auth/login",
      json: { email: USER.email, password: PASSWORD, timeZone: LONGEST_ZONE },
      label: "user 1: its e-mail and password at their longest",
      why: "the longest time zone's name is 32 characters",
    })
  ).token;

  // ---- 1. The heavy work --------------------------------------------------------------------------------

  console.log(
    `\n1. The heavy work\n\n  the undo of import run ${RUN} (${RUN_ENTRIES.toLocaleString("en")} entries), asked again while it answers more: true`,
  );
  header();
  const undo = { wall: 0, d1: 0, statements: 0, longest: 0, calls: 0, removed: 0 };
  await whileNeighbourAsks(`the undo of ${RUN_ENTRIES.toLocaleString("en")} entries`, neighbour, async () => {
    for (let part = 1; ; part++) {
      const a = await call({
        method: "DELETE",
        route: "/api/user/imports/:id",
        url: `/api/user/imports/${RUN}?edited=remove`,
        token,
        label: `the undo, part ${part}`,
        heavy: true,
      });
      if (a.status !== 200) break;
      const body = a.json<{ removed: Record<string, number>; more: boolean }>();
      undo.calls++;
      undo.wall += a.wall;
      undo.d1 += a.d1?.total ?? 0;
      undo.statements += a.d1?.statements ?? 0;
      undo.longest = Math.max(undo.longest, a.d1?.longest ?? 0);
      undo.removed += body.removed.entries ?? 0;
      if (!body.more) break;
    }
  });
  console.log(
    `  the undo whole: ${undo.calls} calls, ${undo.removed.toLocaleString("en")} entries removed, wall ${fmt(undo.wall, 0)} ms, ` +
      `D1 ${fmt(undo.d1, 0)} ms over ${undo.statements} statements, the longest ${fmt(undo.longest)} ms`,
  );
  if ((await count(`SELECT count(*) AS n FROM entries WHERE import_id = ${RUN}`)) !== 0)
    failures.push(`the undo left entries of run ${RUN}`);

  console.log(
    `\n  POST /api/journal/stack-item-data: item ${TEN_YEAR_ITEM}'s filter ("${TAGS[SMOKE - 1]}", no time range: all ten years), each type`,
  );
  header();
  const tenYears = await suite.db
    .prepare("SELECT config FROM stack_items WHERE id = ?")
    .bind(TEN_YEAR_ITEM)
    .first<{ config: string }>();
  const itemConfig = JSON.parse(tenYears?.config ?? "{}") as { filter: unknown[] };
  await whileNeighbourAsks(
    "the statistics over ten years",
    neighbour,
    async () => {
      for (const type of STACK_ITEM_TYPES)
        for (const uptimeOnly of [false, true])
          await call({
            method: "POST",
            route: "/api/journal/stack-item-data",
            token,
            json: {
              type,
              uptimeOnly,
              tagsSign: "&&",
              config: {
                filter: itemConfig.filter,
                timeRange: null,
                metricId: ["sum", "avg"].includes(type) ? 1 : ["max", "min"].includes(type) ? 2 : null,
              },
            },
            label: `${type}${uptimeOnly ? ", uptime only" : ""}: the smokes of ten years`,
            heavy: true,
          });
    },
    false,
  );

  console.log(`\n  the export of the account (GET /api/user/export, read whole)`);
  header();
  await exportRow(
    "GET /api/user/export",
    "/api/user/export",
    token,
    () => exportStatements(1),
    "the export, JSON",
    (work) => whileNeighbourAsks("the export", neighbour, work),
  );

  console.log(`\n  a merge of the most used tag ("${TAGS[SMOKE - 1]}") into another ("coffee")`);
  header();
  await whileNeighbourAsks("the merge", neighbour, () =>
    callInParts({
      method: "PUT",
      route: "/api/journal/tags/:id",
      url: `/api/journal/tags/${SMOKE}`,
      token,
      json: { name: "coffee", merge: true },
      label: `"${TAGS[SMOKE - 1]}" merged into "coffee"`,
      heavy: true,
    }),
  );

  // ---- 2. Every route -----------------------------------------------------------------------------------

  console.log("\n2. Every route at its maximum\n");
  header();
  await walk(calls, token, suite.db);

  // ---- 3. Leaving, last ---------------------------------------------------------------------------------

  const entriesLeft = await count("SELECT count(*) AS n FROM entries WHERE user_id = 1");
  console.log(
    `\n3. Leaving: DELETE /api/user/account, ${entriesLeft.toLocaleString("en")} entries (asked again while it answers more: true)`,
  );
  header();
  await whileNeighbourAsks(
    `the deletion of an account of ${entriesLeft.toLocaleString("en")} entries`,
    neighbour,
    async () => {
      for (let part = 1; ; part++) {
        const a = await call({
          method: "DELETE",
          route: "/api/user/account",
          token,
          json: { password: NEW_PASSWORD },
          label: `the account's deletion${part > 1 ? `, part ${part}` : ""}`,
        });
        if (a.status !== 200 || !a.json<{ more?: boolean }>().more) break;
      }
    },
  );
  // What the request leaves goes by the cron, a run at a time (auth/delete-account.ts): its runs here,
  // from Node on the same database, each held to the bounds a request is.
  const cron = { runs: 0, start: performance.now(), longest: 0, most: 0, statements: 0, total: 0 };
  while ((await count("SELECT count(*) AS n FROM users WHERE id = 1")) > 0 && cron.runs < 200) {
    const time = newD1Time();
    await purgeLeavingAccounts(timedD1(suite.db, time));
    cron.runs += 1;
    cron.longest = Math.max(cron.longest, time.longest);
    cron.most = Math.max(cron.most, time.total);
    cron.statements += time.statements;
    cron.total += time.total;
  }
  console.log(
    `  the cron's part: ${cron.runs} runs, ${fmt(cron.total)} ms of D1 over ${cron.statements} statements in ${fmt(performance.now() - cron.start)} ms; a run's most ${fmt(cron.most)} ms, the longest statement ${fmt(cron.longest)} ms`,
  );
  if (cron.longest > STATEMENT_MS) failures.push(`the cron's deletion: a statement of ${fmt(cron.longest)} ms`);
  if (cron.most > REQUEST_D1_MS) failures.push(`the cron's deletion: a run of ${fmt(cron.most)} ms of D1`);
  const left = await count("SELECT count(*) AS n FROM entries WHERE user_id = 1");
  if (left !== 0) failures.push(`the deletion left ${left} entries`);

  // ---- Every route listed ---------------------------------------------------------------------------------

  const called = new Set(rows.map((r) => r.route));
  const missing = ROUTES.filter((r) => !called.has(`${r.method} ${r.path}`));
  for (const r of missing) failures.push(`${r.method} ${r.path}: not called`);
  const over = rows.filter((r) => r.failures.length);
  const flagged = rows.filter((r) => r.flags.length);
  console.log(
    `\n${ROUTES.length} routes registered, ${ROUTES.length - missing.length} called (${rows.length} calls); ` +
      `${over.length} calls over a bound, ${flagged.length} with a wall over ${WALL_MS} ms; ` +
      `the longest statement ${fmt(Math.max(...rows.map((r) => r.d1?.longest ?? 0)))} ms, ` +
      `the most D1 a request ${fmt(Math.max(...rows.map((r) => r.d1?.total ?? 0)))} ms; ` +
      `the neighbour's worst ${Math.max(...neighbourFigures.filter((n) => n.bounded).map((n) => n.ratio)).toFixed(2)}× idle during one piece of work; seeding and start ${seedSeconds.toFixed(0)} s`,
  );
  if (flagged.length) {
    console.log("\nwalls over 1 s (flagged, not failed):");
    for (const r of flagged) console.log(`  ${r.route}${r.label ? ` (${r.label})` : ""}: ${r.flags.join("; ")}`);
  }
  if (failures.length) {
    console.log(`\nFAILED — ${failures.length}:`);
    for (const f of failures) console.log(`  ${f}`);
    process.exitCode = 1;
  } else console.log("\nevery route within the bounds");
} finally {
  calls.close();
  randomOrg.close();
  await suite.close();
}
