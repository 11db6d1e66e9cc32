/**
 * The stacks' 10-year journal (bench areas stacks and scale): one user with
 * `entries` entries over 3,652 days (several tags, a few metrics, a down/up
 * pair every night).
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types/index.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
export const TIME_ZONE = "Europe/Berlin";
const now = Date.now();
const DAYS = 3652;
const first = Math.floor(now / DAY) * DAY - DAYS * DAY;

export const TAGS = ["smoke", "coffee", "tea", "read", "run", "walk", "work", "@ann", "down", "up"];
export const tagId = (name: string) => TAGS.indexOf(name) + 1;
export const METRICS = ["duration", "mood", "km"];
export const metricId = (name: string) => METRICS.indexOf(name) + 1;

/** The entries, in date order: each night a down at 23:00 and an up at 07:00 UTC, the rest spread over the days. */
function* journal(ENTRIES: number): Generator<{ date: number; tags: string[]; metrics: [string, number][] }> {
  const markers = DAYS * 2;
  const perDay = (ENTRIES - markers) / DAYS;
  let made = 0;
  for (let d = 0; d < DAYS; d++) {
    const day = first + d * DAY;
    yield { date: day + 7 * HOUR, tags: ["up"], metrics: [] };
    const today = Math.round((d + 1) * perDay) - Math.round(d * perDay);
    for (let k = 0; k < today; k++, made++) {
      // One in twenty in the small hours (asleep), the rest between 07:30 and 22:30.
      const at =
        made % 20 === 0 ? day + 2 * HOUR + k * 60_000 : day + 7.5 * HOUR + Math.floor(((k + 0.5) / today) * 15 * HOUR);
      const r = (made * 7919) % 100;
      const tags =
        r < 40 ? ["smoke"] : r < 60 ? ["coffee"] : r < 80 ? ["tea"] : r < 92 ? ["read"] : r < 97 ? ["run"] : ["walk"];
      if (made % 3 === 0) tags.push(made % 2 ? "work" : "@ann");
      const metrics: [string, number][] = [];
      if (tags[0] === "run") metrics.push(["km", 3 + (made % 17)], ["duration", 900 + (made % 3600)]);
      if (tags[0] === "read") metrics.push(["duration", 600 + (made % 5400)]);
      if (made % 10 === 0) metrics.push(["mood", 1 + (made % 5)]);
      yield { date: at, tags, metrics };
    }
    yield { date: day + 23 * HOUR, tags: ["down"], metrics: [] };
  }
}

export async function seedStacks(db: D1Database, ENTRIES: number) {
  console.log(`seeding ${ENTRIES.toLocaleString("en")} entries over ${DAYS} days for one user…`);
  const started = performance.now();
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash, time_zone)
       VALUES (1, 'bench@nook.localhost', 'Bench', 'bench', 'x', '${TIME_ZONE}')`,
    )
    .run();
  await db
    .prepare(`INSERT INTO tags (id, user_id, name) VALUES ${TAGS.map((t) => `(${tagId(t)}, 1, '${t}')`).join(", ")}`)
    .run();
  await db
    .prepare(
      `INSERT INTO metrics (id, user_id, name) VALUES ${METRICS.map((m) => `(${metricId(m)}, 1, '${m}')`).join(", ")}`,
    )
    .run();
  let statements: D1PreparedStatement[] = [];
  let rows: { entries: string[]; tags: string[]; metrics: string[] } = { entries: [], tags: [], metrics: [] };
  const flush = () => {
    statements.push(
      db.prepare(
        `INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint) VALUES ${rows.entries.join(", ")}`,
      ),
      db.prepare(`INSERT INTO entry_tags (entry_id, tag_id) VALUES ${rows.tags.join(", ")}`),
    );
    if (rows.metrics.length)
      statements.push(
        db.prepare(`INSERT INTO entry_metrics (entry_id, metric_id, value) VALUES ${rows.metrics.join(", ")}`),
      );
    rows = { entries: [], tags: [], metrics: [] };
  };
  let id = 0;
  for (const e of journal(ENTRIES)) {
    id++;
    rows.entries.push(`(${id}, 1, 'entry ${id}', ${e.date}, ${e.date}, 'fp${id}')`);
    for (const t of e.tags) rows.tags.push(`(${id}, ${tagId(t)})`);
    for (const [m, v] of e.metrics) rows.metrics.push(`(${id}, ${metricId(m)}, ${v})`);
    if (rows.entries.length === 400) flush();
    if (statements.length >= 60) {
      await db.batch(statements);
      statements = [];
    }
  }
  if (rows.entries.length) flush();
  if (statements.length) await db.batch(statements);
  await db.prepare("UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id)").run();
  await db.prepare("ANALYZE").run();
  console.log(`  ${id.toLocaleString("en")} entries seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
