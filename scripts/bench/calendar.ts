/**
 * People, steps and the calendar on the local suite (wrangler dev, workerd,
 * local D1), over a full book: 1,000 people with 2 tags each, 200 checklists
 * of 200 lines (half with deadlines) and 20,000 journal entries over two
 * years — each call next to a bare baseline measured in the same run.
 *   npm run bench -- calendar
 */
import { printChecklist } from "../../packages/shared/src/steps/checklist.ts";
import { benchSuite } from "./bench-suite.ts";
import { report, time } from "./stats.ts";

const PEOPLE = 1_000;
const LISTS = 200;
const LINES = 200;
const ENTRIES = 20_000;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const content = printChecklist(
  Array.from({ length: LINES }, (_, i) => ({ text: `step ${i}`, completed: i % 3 === 0, level: i % 4 === 0 ? 0 : 1 })),
);

const suite = await benchSuite(async (db) => {
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash, time_zone)
       VALUES (1, 'bench@nook.localhost', 'Bench', 'bench', 'x', 'Europe/Berlin'), (2, 'other@nook.localhost', 'Other', 'other', 'x', 'UTC')`,
    )
    .run();
  const statements = [];
  for (const user of [1, 2]) {
    const people = Array.from({ length: PEOPLE }, (_, i) => {
      const birth = new Date(Date.UTC(1950, 0, 1) + ((i * 7919) % 25_000) * DAY).toISOString().slice(0, 10);
      return `(${user}, 'Person ${i}', 'p${i}@example.org', '${birth}', '${birth.slice(5)}', 0, 0)`;
    });
    for (let i = 0; i < PEOPLE; i += 250)
      statements.push(
        db.prepare(
          `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at) VALUES ${people.slice(i, i + 250).join(", ")}`,
        ),
      );
    statements.push(
      db.prepare(
        `INSERT INTO tags (user_id, name) VALUES ${Array.from({ length: 300 }, (_, i) => `(${user}, '@tag${i}')`).join(", ")}`,
      ),
    );
    for (let i = 0; i < LISTS; i++)
      statements.push(
        db
          .prepare(
            "INSERT INTO steps (user_id, name, content, total_items, completed_items, deadline, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
          )
          .bind(user, `List ${i}`, content, LINES, Math.ceil(LINES / 3), i % 2 ? START + i * 3 * DAY : null, i),
      );
    for (let from = 0; from < ENTRIES; from += 500) {
      const rows = Array.from(
        { length: 500 },
        (_, k) => `(${user}, 'e', ${START + Math.floor(((from + k) * 2 * 365 * DAY) / ENTRIES)}, 0, 'f')`,
      );
      statements.push(
        db.prepare(`INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES ${rows.join(", ")}`),
      );
    }
  }
  await db.batch(statements);
  // Two tags a person: the person's own and a shared one.
  await db
    .prepare(
      `INSERT INTO person_tags (person_id, tag_id)
       SELECT p.id, t.id FROM people p JOIN tags t ON t.user_id = p.user_id AND t.name IN ('@tag' || (p.id % 300), '@tag' || ((p.id + 1) % 300))`,
    )
    .run();
  await db.prepare("ANALYZE").run();
});
const { db } = suite;

try {
  const token = await suite.signIn();
  const call = (method: string, path: string, body?: unknown) => suite.call(token, method, path, body);
  for (let i = 0; i < 20; i++) await suite.call(null, "GET", "/api/health");

  console.log(
    `\npeople, steps and calendar: ${PEOPLE.toLocaleString("en")} people, ${LISTS} checklists of ${LINES} lines, ` +
      `${ENTRIES.toLocaleString("en")} entries over two years, for each of two users (HTTP through the gateway)`,
  );
  const health = await time(200, () => suite.call(null, "GET", "/api/health"));
  report("GET /api/health (baseline: no session)", health);
  const checkAuth = await time(200, () => call("GET", "/api/auth/checkAuth"));
  report("GET /api/auth/checkAuth (baseline: the session)", checkAuth);

  const people = await time(50, () => call("GET", "/api/people"));
  report(`GET /api/people (${PEOPLE.toLocaleString("en")}, with tags)`, people);
  const barePeople = await time(50, () =>
    db.batch([
      db.prepare("SELECT id, name, email, birth_date FROM people WHERE user_id = 1 ORDER BY name COLLATE NOCASE, id"),
      db.prepare(
        "SELECT pt.person_id, t.id, t.name FROM person_tags pt JOIN people p ON p.id = pt.person_id JOIN tags t ON t.id = pt.tag_id WHERE p.user_id = 1 ORDER BY t.name",
      ),
    ]),
  );
  report("bare: the same two SELECTs in one batch", barePeople);
  const [first] = (await call("GET", "/api/people")) as { id: number; name: string; tags: { id: number }[] }[];
  if (!first) throw new Error("no people");
  let flip = 0;
  const diff = await time(100, () => {
    flip += 1;
    return call("PUT", `/api/people/${first.id}`, {
      id: first.id,
      name: first.name,
      oldName: first.name,
      email: `p${flip}@example.org`,
      birthDate: "1990-01-01",
      tagIdsToRemove: flip % 2 ? [] : [first.tags[0]?.id ?? 0],
      tagNamesToAdd: flip % 2 ? ["@bench"] : [],
    });
  });
  report("PUT /api/people/{id} (a tag added or removed)", diff);

  const lists = await time(50, () => call("GET", "/api/steps"));
  report(`GET /api/steps (${LISTS} lists of ${LINES} lines)`, lists);
  const bareLists = await time(50, () =>
    db.prepare("SELECT * FROM steps WHERE user_id = 1 ORDER BY modified_at DESC, id DESC").all(),
  );
  report("bare: the same SELECT", bareLists);
  const listId = ((await call("POST", "/api/steps", { name: "bench" })) as { data: { id: number } }).data.id;
  const save = await time(100, () =>
    call("PUT", `/api/steps/${listId}`, { id: listId, content, totalItems: 0, completedItems: 0 }),
  );
  report(`PUT /api/steps/{id} (${LINES} lines parsed, counted, stored)`, save);

  const year = await time(50, () => call("GET", "/api/calendar?from=2025-01-01&to=2025-12-31"));
  report("GET /api/calendar (a year view)", year);
  const month = await time(100, () => call("GET", "/api/calendar?from=2025-03-31&to=2025-05-11"));
  report("GET /api/calendar (a month grid, 6 weeks)", month);
  const [from, to] = [Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)];
  const bareYear = await time(50, () =>
    db.batch([
      db.prepare("SELECT id, name, birth_date FROM people WHERE user_id = 1 ORDER BY name"),
      db
        .prepare("SELECT id, name, deadline FROM steps WHERE user_id = 1 AND deadline >= ? AND deadline < ?")
        .bind(from, to),
      db
        .prepare(
          "SELECT date / 86400000 AS day, count(*) AS n FROM entries WHERE user_id = 1 AND date >= ? AND date < ? GROUP BY day",
        )
        .bind(from, to),
    ]),
  );
  report("bare: the three SELECTs of a year, UTC days", bareYear);

  const ratio = (a: { median: number }, b: { median: number }) => `${(a.median / b.median).toFixed(2)}×`;
  console.log(
    `\n  people / bare: ${ratio(people, barePeople)}   diff / checkAuth: ${ratio(diff, checkAuth)}` +
      `   steps / bare: ${ratio(lists, bareLists)}   content save / checkAuth: ${ratio(save, checkAuth)}` +
      `   year / bare: ${ratio(year, bareYear)}   month / checkAuth: ${ratio(month, checkAuth)}`,
  );
} finally {
  await suite.close();
}
