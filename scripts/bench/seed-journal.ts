/**
 * The benchmarks' journal: user 1 with ENTRIES entries over a year (one tag
 * each, a second on every third; a `duration` (metric 1) on every third, a
 * mood on every fifth), and an empty user 2.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types/index.ts";

export async function seedJournal(db: D1Database, ENTRIES: number) {
  console.log(`seeding ${ENTRIES.toLocaleString("en")} entries for one user…`);
  const seedStart = performance.now();
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash)
       VALUES (1, 'bench@nook.localhost', 'Bench', 'bench', 'x'), (2, 'other@nook.localhost', 'Other', 'other', 'x')`,
    )
    .run();
  const TAGS = [
    "coffee",
    "walk",
    "work",
    "read",
    "sleep",
    "run",
    "tea",
    "music",
    "cook",
    "call",
    "@ann",
    "@bob",
    "down",
    "up",
    "focus",
    "gym",
    "code",
    "write",
    "shop",
    "clean",
  ];
  await db
    .prepare(`INSERT INTO tags (id, user_id, name) VALUES ${TAGS.map((t, i) => `(${i + 1}, 1, '${t}')`).join(", ")}`)
    .run();
  await db.prepare("INSERT INTO metrics (id, user_id, name) VALUES (1, 1, 'duration'), (2, 1, 'mood')").run();
  const start = Date.UTC(2025, 10, 22);
  const step = Math.floor((365 * 86_400_000) / ENTRIES);
  const ROWS = 400;
  let statements: D1PreparedStatement[] = [];
  for (let from = 1; from <= ENTRIES; from += ROWS) {
    const ids = Array.from({ length: Math.min(ROWS, ENTRIES - from + 1) }, (_, k) => from + k);
    // Every 7th pair of entries shares a timestamp, so ties in the order are real.
    const date = (id: number) => start + (id - (id % 7 === 0 ? 1 : 0)) * step;
    const entryRows = ids.map((id) => `(${id}, 1, 'entry number ${id}', ${date(id)}, ${date(id)}, 'fp${id}')`);
    // One tag each, a second one on every third entry.
    const tagRows = ids.flatMap((id) => {
      const [a, b] = [(id % 20) + 1, ((id * 7) % 20) + 1];
      return id % 3 === 0 && a !== b ? [`(${id}, ${a})`, `(${id}, ${b})`] : [`(${id}, ${a})`];
    });
    // A duration on every third entry, a mood on every fifth.
    const metricRows = ids.flatMap((id) => [
      ...(id % 3 === 0 ? [`(${id}, 1, ${id % 5000})`] : []),
      ...(id % 5 === 0 ? [`(${id}, 2, ${(id % 5) + 1})`] : []),
    ]);
    statements.push(
      db.prepare(
        `INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint) VALUES ${entryRows.join(", ")}`,
      ),
      db.prepare(`INSERT INTO entry_tags (entry_id, tag_id) VALUES ${tagRows.join(", ")}`),
      db.prepare(
        `INSERT INTO entry_metrics (entry_id, metric_id, value) VALUES ${metricRows.join(", ") || "(0, 0, 0)"}`,
      ),
    );
    if (statements.length >= 60) {
      await db.batch(statements);
      statements = [];
    }
  }
  if (statements.length) await db.batch(statements);
  await db.prepare("DELETE FROM entry_metrics WHERE entry_id = 0").run();
  await db
    .prepare(
      `UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id),
       last_used_at = (SELECT max(e.date) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = tags.id)`,
    )
    .run();
  await db.prepare("ANALYZE").run();
  console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
}
