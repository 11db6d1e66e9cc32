/**
 * The limits bench's accounts (bench area limits), written straight into D1 and never ANALYZEd (production
 * runs without statistics, so the plans must hold without them):
 *
 *   - user 1, every field of its profile at its longest: ENTRIES entries over 3,652 days (an `up` at 07:00 and a
 *     `down` at 23:00 each day, the rest between; ~200 tags, SMOKE on ~40% of the entries; a duration on every
 *     third, a mood on every tenth), people, stacks with items (one a statistic over all ten years), timers,
 *     checklists, events up to a few short of EVENTS_MAX, a donation page with its donations, sessions,
 *     passkeys, earlier import runs; and RUN, an import run finished an hour ago that added RUN_ENTRIES entries
 *     (≈ a 100 MB Nook file) with its own tags;
 *   - user 2, the neighbour: NEIGHBOUR_ENTRIES entries;
 *   - user 3, the demo account GET /api/prodyalogin signs in.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types/index.ts";
import { EVENTS_MAX } from "../../packages/shared/src/calendar/events.ts";
import { STACK_ITEM_TYPES } from "../../packages/shared/src/stacks/limits.ts";
import { refreshUptime } from "../../workers/api/src/journal/uptime.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const DAYS = 3652;
export const TIME_ZONE = "Europe/Berlin";
/** The first day of the ten years, midnight UTC; the last is yesterday. */
export const FIRST_DAY = Math.floor(Date.now() / DAY) * DAY - DAYS * DAY;

export const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
export const RUN_ENTRIES = Number(process.env.BENCH_RUN_ENTRIES ?? 700_000);
export const NEIGHBOUR_ENTRIES = 2_000;
/** The import run's id, and its entries' first id (after the account's own and the neighbour's). */
export const RUN = 100;
export const RUN_FIRST_ID = 1_000_001;

/** Every field of user 1's profile at its schema's longest (auth/limits.ts: e-mail 254, name 100, username 40). */
export const USER = {
  email: `${"b".repeat(64)}@${Array.from({ length: 3 }, () => "n".repeat(61)).join(".")}.lll`,
  name: `Bench ${"N".repeat(94)}`,
  username: `bench_${"u".repeat(34)}`,
};
export const NEIGHBOUR = { email: "neighbour@nook.localhost", password: "neighbour-password-1" };
export const DEMO_EMAIL = "demo@nook.localhost";

/** User 1's tags: the most used first, the night's two, then the rest (people's `@` tags among them). */
export const SMOKE = 1;
export const DOWN = 2;
export const UP = 3;
export const TAG_COUNT = 200;
const tagName = (id: number) => {
  const named = ["smoke", "down", "up", "coffee", "tea", "read", "run", "walk", "work"];
  if (id <= named.length) return named[id - 1] as string;
  if (id < 30) return `@person${id}`;
  // Every tenth at NAME_MAX (64), so lists and merges carry long names too.
  return id % 10 === 0 ? `t${id}-${"x".repeat(64 - `t${id}-`.length)}` : `tag${id}`;
};
export const TAGS = Array.from({ length: TAG_COUNT }, (_, i) => tagName(i + 1));
/** The run's own tags (it created them: import_id set), after the account's. */
export const RUN_TAGS = 30;
export const RUN_TAG_FIRST = 1_001;

export const METRICS = ["duration", "mood", "km", "pages", "steps", "water", "weight", "sleep", "pulse", "cups"];
export const metricId = (name: string) => METRICS.indexOf(name) + 1;

export const PEOPLE = 1_000;
export const STACKS = 20;
export const ITEMS_A_STACK = 10;
/** The saved statistic over all ten years: a sum of the smokes, no time range. */
export const TEN_YEAR_ITEM = 1;
export const TIMERS = 2_000;
export const CHECKLISTS = 100;
/** Events seeded: a few short of EVENTS_MAX, so the bench's POST /api/calendar/events makes the account's near its maximum. */
export const EVENTS = EVENTS_MAX - 5;
export const DONATIONS = 5_000;
export const SESSIONS = 50;
export const PASSKEYS = 10;
/** Earlier runs, done or undone, so the list of runs is full (IMPORT_RUNS_LISTED is 20). */
export const OLD_RUNS = 25;

/** Fifty words the texts are made of (English and Russian, as the search's index takes both). */
const WORDS =
  "run walk coffee tea read book work meeting park rain sun friend family cook dinner music sleep tired happy gym code write call garden morning бегал утро кофе чай читал книга работа встреча парк дождь солнце друг семья ужин музыка сон устал рад зал код писал звонок прогулка гулял вечер".split(
    " ",
  );
const words = (n: number, seed: number) =>
  Array.from({ length: n }, (_, k) => WORDS[(seed * (k * 2 + 7) + k * 13) % WORDS.length]).join(" ");
const q = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Statements run a batch at a time (one round trip each). */
async function inBatches(db: D1Database, statements: D1PreparedStatement[], size = 40) {
  for (let i = 0; i < statements.length; i += size) await db.batch(statements.slice(i, i + size));
}

/** Rows inserted a statement of `rows` at a time. */
function inserts(db: D1Database, head: string, values: string[], rows = 400) {
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < values.length; i += rows)
    out.push(db.prepare(`${head} VALUES ${values.slice(i, i + rows).join(", ")}`));
  return out;
}

/** User 1's journal, in date order: each day an up at 07:00, a down at 23:00, the rest between. */
function* journal(): Generator<{ id: number; date: number; tags: number[]; metrics: [number, number][] }> {
  const perDay = (ENTRIES - 2 * DAYS) / DAYS;
  let id = 0;
  let made = 0;
  for (let d = 0; d < DAYS; d++) {
    const day = FIRST_DAY + d * DAY;
    yield { id: ++id, date: day + 7 * HOUR, tags: [UP], metrics: [] };
    const today = Math.round((d + 1) * perDay) - Math.round(d * perDay);
    for (let k = 0; k < today; k++, made++) {
      const date = day + 7.5 * HOUR + Math.floor(((k + 0.5) / today) * 15 * HOUR);
      const tags = new Set<number>();
      // ~40% of all entries smoke (the markers are 7%): 43% of the rest.
      if ((made * 7919) % 100 < 43) tags.add(SMOKE);
      tags.add(4 + ((made * 31) % (TAG_COUNT - 3)));
      if (made % 3 === 0) tags.add(4 + ((made * 17 + 5) % (TAG_COUNT - 3)));
      const metrics: [number, number][] = [];
      if (made % 3 === 0) metrics.push([metricId("duration"), 300 + (made % 5400)]);
      if (made % 10 === 0) metrics.push([metricId("mood"), 1 + (made % 5)]);
      if (tags.has(7)) metrics.push([metricId("km"), 3 + (made % 17)]);
      if (made % 50 === 0) metrics.push([4 + (made % 7), made % 1000]);
      yield { id: ++id, date, tags: [...tags], metrics };
    }
    yield { id: ++id, date: day + 23 * HOUR, tags: [DOWN], metrics: [] };
  }
}

export async function seedLimits(db: D1Database) {
  const started = performance.now();
  const now = Date.now();
  console.log(
    `seeding: user 1 with ${ENTRIES.toLocaleString("en")} entries over ${DAYS} days, an import run of ` +
      `${RUN_ENTRIES.toLocaleString("en")} entries, the neighbour with ${NEIGHBOUR_ENTRIES.toLocaleString("en")} (no ANALYZE)…`,
  );
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash, time_zone, date_of_birth)
       VALUES (1, ?, ?, ?, 'x', ?, '1990-04-24'), (2, ?, 'Neighbour', 'neighbour', 'x', ?, NULL),
              (3, ?, 'Demo', 'demo', 'x', NULL, NULL)`,
    )
    .bind(USER.email, USER.name, USER.username, TIME_ZONE, NEIGHBOUR.email, TIME_ZONE, DEMO_EMAIL)
    .run();
  await db
    .prepare(`INSERT INTO tags (id, user_id, name) VALUES ${TAGS.map((t, i) => `(${i + 1}, 1, ${q(t)})`).join(", ")}`)
    .run();
  await db
    .prepare(
      `INSERT INTO metrics (id, user_id, name) VALUES ${METRICS.map((m, i) => `(${i + 1}, 1, '${m}')`).join(", ")}`,
    )
    .run();

  // User 1's journal.
  let t = performance.now();
  const entryRows: string[] = [];
  const tagRows: string[] = [];
  const metricRows: string[] = [];
  let statements: D1PreparedStatement[] = [];
  const flush = () => {
    statements.push(
      ...inserts(db, "INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint)", entryRows.splice(0)),
      ...inserts(db, "INSERT INTO entry_tags (entry_id, tag_id)", tagRows.splice(0), 1000),
      ...inserts(db, "INSERT INTO entry_metrics (entry_id, metric_id, value)", metricRows.splice(0), 1000),
    );
  };
  for (const e of journal()) {
    entryRows.push(`(${e.id}, 1, '${words(4 + (e.id % 5), e.id)} ${e.id}', ${e.date}, ${e.date}, 'fp${e.id}')`);
    for (const tag of e.tags) tagRows.push(`(${e.id}, ${tag})`);
    for (const [m, v] of e.metrics) metricRows.push(`(${e.id}, ${m}, ${v})`);
    if (entryRows.length >= 4000) {
      flush();
      await inBatches(db, statements.splice(0));
    }
  }
  flush();
  await inBatches(db, statements.splice(0));
  console.log(`  user 1's ${ENTRIES.toLocaleString("en")} entries in ${secs(t)}`);

  // The neighbour's journal: the last NEIGHBOUR_ENTRIES hours, a tag each.
  await db.prepare("INSERT INTO tags (id, user_id, name) VALUES (2001, 2, 'walk'), (2002, 2, 'tea')").run();
  statements = [
    ...inserts(
      db,
      "INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint)",
      Array.from({ length: NEIGHBOUR_ENTRIES }, (_, i) => {
        const id = 500_001 + i;
        const date = now - (NEIGHBOUR_ENTRIES - i) * HOUR;
        return `(${id}, 2, '${words(6, id)}', ${date}, ${date}, 'fp${id}')`;
      }),
    ),
    ...inserts(
      db,
      "INSERT INTO entry_tags (entry_id, tag_id)",
      Array.from({ length: NEIGHBOUR_ENTRIES }, (_, i) => `(${500_001 + i}, ${2001 + (i % 2)})`),
      1000,
    ),
  ];
  await inBatches(db, statements.splice(0));

  // The import run: RUN_ENTRIES entries before the ten years, 9 minutes apart, each with one or two of the
  // run's own tags (and every other one an older tag of the account's), a mood on every other one.
  t = performance.now();
  await db
    .prepare(
      `INSERT INTO imports (id, user_id, format, state, file_hash, started_at, finished_at, updated_at, chunks, summary)
       VALUES (?1, 1, 'nook', 'done', ?2, ?3, ?4, ?4, 404, ?5)`,
    )
    .bind(
      RUN,
      "a".repeat(64),
      now - 2 * HOUR,
      now - HOUR,
      JSON.stringify({ entries: RUN_ENTRIES, tags: RUN_TAGS, metrics: 0 }),
    )
    .run();
  await db
    .prepare(
      `INSERT INTO tags (id, user_id, name, import_id) VALUES ${Array.from(
        { length: RUN_TAGS },
        (_, i) => `(${RUN_TAG_FIRST + i}, 1, 'imported${i}', ${RUN})`,
      ).join(", ")}`,
    )
    .run();
  const runStart = FIRST_DAY - RUN_ENTRIES * 9 * 60_000 - DAY;
  const PART = 25_000;
  for (let from = 0; from < RUN_ENTRIES; from += PART) {
    const n = Math.min(PART, RUN_ENTRIES - from);
    // Made in SQL (a counter and the word list), so the rows need not travel from here.
    const list = `WITH RECURSIVE c(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM c WHERE i < ${from + n - 1}),
      w(k, word) AS (VALUES ${WORDS.map((w, k) => `(${k}, ${q(w)})`).join(", ")})`;
    const word = (expr: string) => `(SELECT word FROM w WHERE k = (${expr}) % ${WORDS.length})`;
    await db.batch([
      db.prepare(
        `${list} INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint, import_id)
         SELECT ${RUN_FIRST_ID} + i, 1,
           ${word("i")} || ' ' || ${word("i * 7 + 3")} || ' ' || ${word("i * 13 + 5")} || ' ' || ${word("i * 29 + 11")}
             || ' ' || ${word("i * 3 + 1")} || ' ' || ${word("i * 11 + 2")} || ' imported ' || i,
           ${runStart} + i * 540000, ${runStart} + i * 540000, 'run' || i, ${RUN}
         FROM c`,
      ),
      db.prepare(
        `${list} INSERT INTO entry_tags (entry_id, tag_id)
         SELECT ${RUN_FIRST_ID} + i, ${RUN_TAG_FIRST} + i % ${RUN_TAGS} FROM c
         UNION ALL SELECT ${RUN_FIRST_ID} + i, 4 + i % 50 FROM c WHERE i % 2 = 0`,
      ),
      db.prepare(
        `${list} INSERT INTO entry_metrics (entry_id, metric_id, value)
         SELECT ${RUN_FIRST_ID} + i, ${metricId("mood")}, 1 + i % 5 FROM c WHERE i % 2 = 1`,
      ),
    ]);
  }
  await db
    .prepare(`INSERT INTO import_chunks (import_id, n, kinds) SELECT ?1, value, '{}' FROM json_each(?2)`)
    .bind(RUN, JSON.stringify(Array.from({ length: 404 }, (_, i) => i)))
    .run();
  console.log(`  the run's ${RUN_ENTRIES.toLocaleString("en")} entries in ${secs(t)}`);

  t = performance.now();
  await db
    .prepare(
      `UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id),
       last_used_at = (SELECT max(e.date) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = tags.id)`,
    )
    .run();
  // Rows written straight into D1 leave the sleep columns stale: counted once here, as the first read would.
  await refreshUptime(openDb(db), 1);
  await refreshUptime(openDb(db), 2);
  console.log(`  use counts and sleep columns in ${secs(t)}`);

  await seedTheRest(db, now);
  console.log(`  seeded in ${secs(started)}`);
}

const secs = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** User 1's people, stacks, timers, checklists, events, donations, sessions, passkeys and earlier runs. */
async function seedTheRest(db: D1Database, now: number) {
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const birth = new Date(Date.UTC(1950, 0, 1) + ((i * 7919) % 25_000) * DAY).toISOString().slice(0, 10);
    return `(${i + 1}, 1, 'Person ${i} ${"p".repeat(80)}', 'person${i}@example.org', '${birth}', '${birth.slice(5)}', ${now}, ${now})`;
  });
  const personTags = Array.from({ length: PEOPLE }, (_, i) => `(${i + 1}, ${10 + (i % 20)})`);
  const stacks = Array.from(
    { length: STACKS },
    (_, i) => `(${i + 1}, 1, 'Stack ${i} ${"s".repeat(80)}', '★', ${now - (STACKS - i) * DAY})`,
  );
  // Every type in turn, a sum first: the ten-year item (the first) totals its smokes' durations.
  const types = ["sum", ...STACK_ITEM_TYPES.filter((t) => t !== "sum")];
  const items = Array.from({ length: STACKS * ITEMS_A_STACK }, (_, i) => {
    const type = types[i % types.length] as string;
    const metric = ["sum", "avg", "max", "min"].includes(type) ? metricId(type === "sum" ? "duration" : "mood") : null;
    const filter =
      i === 0 ? [{ name: "smoke" }] : [{ name: TAGS[3 + (i % 50)] as string }, { name: "smoke", not: true }];
    const config = JSON.stringify({ filter, timeRange: i === 0 ? null : "month", metricId: metric });
    return `(${i + 1}, 1, ${Math.floor(i / ITEMS_A_STACK) + 1}, 'Item ${i}', '${type}', 0, '&&', ${i}, ${q(config)}, ${now})`;
  });
  const timers = Array.from({ length: TIMERS }, (_, i) => {
    const start = now - (TIMERS - i) * 4 * HOUR;
    return `(${i + 1}, 1, 'timer ${i} ${words(5, i)}', ${start}, ${start}, NULL, 0, NULL, 1, NULL, ${start + HOUR})`;
  });
  const timerTags = Array.from({ length: TIMERS }, (_, i) => `(${i + 1}, ${4 + (i % 40)})`);
  // A hundred checklists of 40 lines, and five at the stored maximum (50,000 characters, 2,000 lines).
  const lines = (n: number, width: number) =>
    Array.from({ length: n }, (_, k) => `- [${k % 3 ? " " : "x"}] ${`step ${k} `.padEnd(width, "w")}`).join("\n");
  const checklists = Array.from({ length: CHECKLISTS }, (_, i) => {
    const big = i < 5;
    const content = big ? lines(2000, 18) : lines(40, 30);
    const total = big ? 2000 : 40;
    const done = Math.ceil(total / 3);
    return `(${i + 1}, 1, 'Checklist ${i}', ${q(content)}, ${total}, ${done}, ${i % 4 ? "NULL" : now + i * DAY}, ${now - i * HOUR}, ${now - i * HOUR}, 1)`;
  });
  const repeats = ["none", "weekly", "monthly", "yearly"];
  const events = Array.from({ length: EVENTS }, (_, i) => {
    const date = new Date(now - 400 * DAY + (i % 800) * DAY).toISOString().slice(0, 10);
    const timed = i % 2 === 0;
    return `(${i + 1}, 1, 'Event ${i} ${"e".repeat(60)}', '${words(8, i)}', '${date}', ${timed ? "'09:00'" : "NULL"}, ${timed ? "'10:30'" : "NULL"}, '${repeats[i % 4]}', ${now}, ${now})`;
  });
  const donations = Array.from({ length: DONATIONS }, (_, i) => {
    const at = now - (DONATIONS - i) * HOUR;
    return `(${i + 1}, 1, '${i % 2 ? "btc" : "eth"}', 'tx${String(i).padStart(62, "0")}', '0.00${i}', 'from${i}', ${at}, ${at})`;
  });
  const sessions = Array.from({ length: SESSIONS }, (_, i) => {
    const id = `seeded${String(i).padStart(58, "0")}`;
    return `('${id}', 1, ${now - i * DAY}, ${now - i * HOUR}, ${now + 30 * DAY}, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')`;
  });
  const passkeys = Array.from({ length: PASSKEYS }, (_, i) => {
    const id = `${String(i).padStart(4, "0")}${"k".repeat(1020)}`;
    return `('${id}', 1, 'pk', 0, '["internal"]', 'Passkey ${i}', ${now - i * DAY}, NULL)`;
  });
  const runs = Array.from({ length: OLD_RUNS }, (_, i) => {
    const at = now - (OLD_RUNS - i + 1) * DAY;
    return `(${i + 1}, 1, 'nook', '${i % 2 ? "done" : "undone"}', '${String(i).padStart(64, "0")}', ${at}, ${at + HOUR}, ${at + HOUR}, 1, '{"entries":0}')`;
  });
  await inBatches(db, [
    ...inserts(
      db,
      "INSERT INTO people (id, user_id, name, email, birth_date, birth_month_day, created_at, modified_at)",
      people,
    ),
    ...inserts(db, "INSERT INTO person_tags (person_id, tag_id)", personTags),
    ...inserts(db, "INSERT INTO stacks (id, user_id, name, icon, created_at)", stacks),
    ...inserts(
      db,
      "INSERT INTO stack_items (id, user_id, stack_id, title, type, uptime_only, tags_sign, position, config, created_at)",
      items,
    ),
    ...inserts(
      db,
      "INSERT INTO timers (id, user_id, text, init_at, started_at, paused_at, paused_time_diff, goal, complete, entry_id, modified_at)",
      timers,
    ),
    ...inserts(db, "INSERT INTO timer_tags (timer_id, tag_id)", timerTags),
    ...inserts(
      db,
      "INSERT INTO steps (id, user_id, name, content, total_items, completed_items, deadline, created_at, modified_at, counts_rule)",
      checklists,
      1,
    ),
    ...inserts(
      db,
      'INSERT INTO events (id, user_id, title, note, date, start, "end", repeat, created_at, modified_at)',
      events,
    ),
    db.prepare(
      `INSERT INTO donate_info (user_id, title, eth_address, btc_address, paypal_donate_button_id, updated_at)
       VALUES (1, 'Support the bench', '0x52908400098527886e0f7030069857d2e4169ee7', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'ABC123', ${now})`,
    ),
    ...inserts(
      db,
      "INSERT INTO donations (id, user_id, chain, tx_id, amount, from_address, at, recorded_at)",
      donations,
    ),
    ...inserts(db, "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent)", sessions),
    ...inserts(
      db,
      "INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at, last_used_at)",
      passkeys,
      50,
    ),
    ...inserts(
      db,
      "INSERT INTO imports (id, user_id, format, state, file_hash, started_at, finished_at, updated_at, chunks, summary)",
      runs,
    ),
  ]);
}
