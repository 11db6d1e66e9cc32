import { CHAINS } from "@nook/shared/donate/amounts";
import type { ImportCount } from "@nook/shared/import/schemas";
import { contentProgress, normalizeChecklist } from "@nook/shared/steps/checklist";
import type { NookExport } from "@nook/shared/user/export";
import { insertedRowId, jsonParts } from "./write-entries.ts";

/** At most this many rows a statement (one JSON parameter each, of at most JSON_A_STATEMENT characters). */
const ROWS_A_STATEMENT = 2_000;

type Kind = "stacks" | "timers" | "people" | "checklists" | "donateInfo" | "donations";

/** What a Nook export adds besides its entries, and the statements that write it. */
export interface OthersPlan {
  kinds: Record<Kind, ImportCount>;
  /** Each a batch: a kind's rows inserted from one JSON list, then their links. */
  batches: [sql: string, ...values: unknown[]][][];
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const isoOrNull = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso)).toISOString());
const sorted = (names: string[]) => [...names].sort();

/** The rows of a kind whose key the user does not have yet (as many of each as the file holds beyond the user's). */
function missing<T>(rows: T[], keyOf: (row: T) => string, have: string[]): { add: T[]; present: number } {
  const left = new Map<string, number>();
  for (const key of have) left.set(key, (left.get(key) ?? 0) + 1);
  const add: T[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else add.push(row);
  }
  return { add, present: rows.length - add.length };
}

/**
 * Plans the kinds of a Nook export other than entries, tags and metrics. A
 * row is identified by its content, not its id (the export has none): a
 * person by name, e-mail, birth date and tags; a checklist by name, content
 * and deadline; a stack by name, icon and its items' titles, types and
 * places; a timer by its text and times; a donation by its chain and
 * transaction. The donation page, which anyone can see, is added only when
 * asked (`donatePage`) and only to an account without one, and an
 * unfinished timer only to an account without one running (a user has at
 * most one). Each kind is written a part at a time, each part one JSON
 * parameter D1 takes (jsonParts), however many rows the file holds.
 */
export async function planOthers(
  d1: D1Database,
  userId: number,
  file: NookExport,
  { donatePage }: { donatePage: boolean },
): Promise<OthersPlan> {
  const read = (q: string) => d1.prepare(q).bind(userId);
  const [people, checklists, stacks, timers, donations, info] = await d1.batch<Record<string, unknown>>([
    read(`SELECT json_array(p.name, p.email, p.birth_date, (SELECT json_group_array(n) FROM
      (SELECT t.name AS n FROM person_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.person_id = p.id ORDER BY t.name))) AS k
      FROM people p WHERE p.user_id = ?1`),
    read("SELECT json_array(name, content, deadline) AS k FROM steps WHERE user_id = ?1"),
    read(`SELECT json_array(s.name, s.icon, (SELECT json_group_array(json_array(i.title, i.type, i.position)) FROM
      (SELECT title, type, position FROM stack_items WHERE stack_id = s.id ORDER BY position, id) i)) AS k
      FROM stacks s WHERE s.user_id = ?1`),
    read(
      "SELECT json_array(text, init_at, started_at, paused_at, complete) AS k, complete FROM timers WHERE user_id = ?1",
    ),
    read("SELECT json_array(chain, tx_id) AS k FROM donations WHERE user_id = ?1"),
    read("SELECT count(*) AS k FROM donate_info WHERE user_id = ?1"),
  ]);
  const keys = (r: D1Result<Record<string, unknown>> | undefined) => (r?.results ?? []).map((row) => String(row.k));
  const k = (...parts: unknown[]) => JSON.stringify(parts);

  const peopleIn = missing(file.people, (p) => k(p.name, p.email, p.birthDate, sorted(p.tags)), keys(people));
  const checklistsIn = missing(
    file.checklists.map((c) => ({ ...c, content: normalizeChecklist(c.content) })),
    (c) => k(c.name, c.content, ms(c.deadline)),
    keys(checklists),
  );
  const stacksIn = missing(
    file.stacks,
    (s) =>
      k(
        s.name,
        s.icon,
        [...s.items].sort((a, b) => a.position - b.position).map((i) => [i.title, i.type, i.position]),
      ),
    keys(stacks),
  );
  const running = (timers?.results ?? []).some((t) => t.complete === 0);
  const timersIn = missing(
    file.timers,
    (t) => k(t.text, ms(t.initAt), ms(t.startedAt), ms(t.pausedAt), t.complete ? 1 : 0),
    keys(timers),
  );
  // One unfinished timer a user (DESIGN §5): a file's running timer waits if the account has one.
  let unfinished = running;
  timersIn.add = timersIn.add.filter((t) => {
    if (t.complete) return true;
    if (unfinished) {
      timersIn.present += 1;
      return false;
    }
    unfinished = true;
    return true;
  });
  const donationsIn = missing(file.donations, (d) => k(d.chain, d.txId), keys(donations));
  const hasInfo = Number(info?.results[0]?.k ?? 0) > 0;

  const batches: OthersPlan["batches"] = [];
  const person = insertedRowId("people", "?2");
  const peopleRows = peopleIn.add.map((p) => ({
    ...p,
    md: p.birthDate.slice(5, 10),
    c: ms(p.createdAt),
    m: ms(p.modifiedAt),
  }));
  for (const part of jsonParts(peopleRows, ROWS_A_STATEMENT)) {
    const json = JSON.stringify(part);
    batches.push([
      [
        `INSERT INTO tags (user_id, name, use_count, last_used_at) SELECT DISTINCT ?1, t.value, 0, NULL
          FROM json_each(?2) j JOIN json_each(j.value, '$.tags') t WHERE true ON CONFLICT DO NOTHING`,
        userId,
        json,
      ],
      [
        `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.email', j.value ->> '$.birthDate', j.value ->> '$.md',
            j.value ->> '$.c', j.value ->> '$.m' FROM json_each(?2) j`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO person_tags (person_id, tag_id) SELECT ${person}, t.id FROM json_each(?2) j
          JOIN json_each(j.value, '$.tags') pt JOIN tags t ON t.user_id = ?1 AND t.name = pt.value`,
        userId,
        json,
      ],
    ]);
  }
  const checklistRows = checklistsIn.add.map((c) => {
    const counts = contentProgress(c.content);
    return {
      ...c,
      t: counts.totalItems,
      d: counts.completedItems,
      dl: ms(c.deadline),
      c: ms(c.createdAt),
      m: ms(c.modifiedAt),
    };
  });
  for (const part of jsonParts(checklistRows, ROWS_A_STATEMENT)) {
    const json = JSON.stringify(part);
    batches.push([
      [
        `INSERT INTO steps (user_id, name, content, total_items, completed_items, counts_rule, deadline, created_at, modified_at)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.content', j.value ->> '$.t', j.value ->> '$.d', 1,
            j.value ->> '$.dl', j.value ->> '$.c', j.value ->> '$.m' FROM json_each(?2) j`,
        userId,
        json,
      ],
    ]);
  }
  // A stack may hold any number of items (the API counts none), so they are not one parameter with their
  // stacks: a group of stacks is one batch, its stacks inserted first and then its items a part at a time,
  // each naming its stack by its place in the group (?3 stacks, the table's newest within the batch).
  const stackRows = stacksIn.add.map((s) => ({ name: s.name, icon: s.icon, c: ms(s.createdAt) }));
  let groupStart = 0;
  for (const group of jsonParts(stackRows, ROWS_A_STATEMENT)) {
    const items = stacksIn.add.slice(groupStart, groupStart + group.length).flatMap((s, at) =>
      // The item's date as the item's API keeps it, a normalised ISO string (null: now).
      s.items.map((i) => ({ ...i, s: at, c: ms(i.createdAt), d: isoOrNull(i.config.date ?? null) })),
    );
    groupStart += group.length;
    batches.push([
      [
        `INSERT INTO stacks (user_id, name, icon, created_at)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.icon', j.value ->> '$.c' FROM json_each(?2) j`,
        userId,
        JSON.stringify(group),
      ],
      ...jsonParts(items, ROWS_A_STATEMENT).map((part): [string, ...unknown[]] => [
        `INSERT INTO stack_items (user_id, stack_id, title, type, uptime_only, tags_sign, position, config, created_at)
          SELECT ?1, (SELECT max(id) FROM stacks) - ?3 + 1 + (i.value ->> '$.s'), i.value ->> '$.title',
            i.value ->> '$.type', i.value ->> '$.uptimeOnly', i.value ->> '$.tagsSign', i.value ->> '$.position',
            json_object('filter', json(i.value -> '$.config.filter'), 'timeRange', i.value ->> '$.config.timeRange',
              'metricId', (SELECT id FROM metrics WHERE user_id = ?1 AND name = i.value ->> '$.config.metric'),
              'date', i.value ->> '$.d'),
            i.value ->> '$.c'
          FROM json_each(?2) i ORDER BY i.key`,
        userId,
        JSON.stringify(part),
        group.length,
      ]),
    ]);
  }
  const timer = insertedRowId("timers", "?2");
  const timerRows = timersIn.add.map((t) => ({
    ...t,
    i: ms(t.initAt),
    s: ms(t.startedAt),
    p: ms(t.pausedAt),
    g: ms(t.goal),
    m: ms(t.modifiedAt),
  }));
  for (const part of jsonParts(timerRows, ROWS_A_STATEMENT)) {
    const json = JSON.stringify(part);
    batches.push([
      [
        `INSERT INTO tags (user_id, name, use_count, last_used_at) SELECT DISTINCT ?1, t.value, 0, NULL
          FROM json_each(?2) j JOIN json_each(j.value, '$.tags') t WHERE true ON CONFLICT DO NOTHING`,
        userId,
        json,
      ],
      [
        `INSERT INTO timers (user_id, text, init_at, started_at, paused_at, paused_time_diff, goal, complete, entry_id, modified_at)
          SELECT ?1, j.value ->> '$.text', j.value ->> '$.i', j.value ->> '$.s', j.value ->> '$.p',
            j.value ->> '$.pausedTimeDiff', j.value ->> '$.g', j.value ->> '$.complete', NULL, j.value ->> '$.m'
          FROM json_each(?2) j`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO timer_tags (timer_id, tag_id) SELECT ${timer}, t.id FROM json_each(?2) j
          JOIN json_each(j.value, '$.tags') tt JOIN tags t ON t.user_id = ?1 AND t.name = tt.value`,
        userId,
        json,
      ],
    ]);
  }
  // The donation page is public (/u/{username}): written only when the request asks (`donatePage=1`).
  const addsInfo = Boolean(file.donateInfo && !hasInfo && donatePage);
  if (file.donateInfo && addsInfo) {
    const d = file.donateInfo;
    batches.push([
      [
        `INSERT INTO donate_info (user_id, title, eth_address, btc_address, paypal_donate_button_id, updated_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING`,
        userId,
        d.title,
        d.ethAddress,
        d.btcAddress,
        d.paypalDonateButtonId,
        ms(d.updatedAt),
      ],
      // As PUT /api/donate/info does, polling starts watching the page's addresses (donate/poll.ts) — only
      // if the page is the one just written (a page made meanwhile keeps its own).
      ...CHAINS.map((chain): [string, ...unknown[]] => [
        `INSERT INTO donation_sources (user_id, chain, address) SELECT ?1, ?2, ?3
          WHERE ?3 != '' AND EXISTS (SELECT 1 FROM donate_info WHERE user_id = ?1 AND ${chain}_address = ?3)
          ON CONFLICT (user_id, chain) DO UPDATE SET address = excluded.address, cursor = NULL, checked_at = 0,
            last_error = NULL`,
        userId,
        chain,
        chain === "btc" ? d.btcAddress : d.ethAddress,
      ]),
    ]);
  }
  const donationRows = donationsIn.add.map((d) => ({ ...d, a: ms(d.at), r: ms(d.recordedAt) }));
  for (const part of jsonParts(donationRows, ROWS_A_STATEMENT)) {
    const json = JSON.stringify(part);
    batches.push([
      [
        `INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at)
          SELECT ?1, j.value ->> '$.chain', j.value ->> '$.txId', j.value ->> '$.amount', j.value ->> '$.fromAddress',
            j.value ->> '$.a', j.value ->> '$.r' FROM json_each(?2) j WHERE true ON CONFLICT DO NOTHING`,
        userId,
        json,
      ],
    ]);
  }
  return {
    kinds: {
      stacks: { added: stacksIn.add.length, present: stacksIn.present },
      timers: { added: timersIn.add.length, present: timersIn.present },
      people: { added: peopleIn.add.length, present: peopleIn.present },
      checklists: { added: checklistsIn.add.length, present: checklistsIn.present },
      donateInfo: { added: addsInfo ? 1 : 0, present: file.donateInfo && hasInfo ? 1 : 0 },
      donations: { added: donationsIn.add.length, present: donationsIn.present },
    },
    batches,
  };
}

/** Writes what planOthers planned, a batch at a time. */
export async function writeOthers(d1: D1Database, plan: OthersPlan): Promise<void> {
  for (const batch of plan.batches) await d1.batch(batch.map(([q, ...values]) => d1.prepare(q).bind(...values)));
}
