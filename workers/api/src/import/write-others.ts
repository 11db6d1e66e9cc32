import { EVENTS_MAX } from "@nook/shared/calendar/events";
import { message, rowRefused } from "@nook/shared/common/messages";
import { CHAINS } from "@nook/shared/donate/amounts";
import type { ImportCount, ImportedProfile } from "@nook/shared/import/schemas";
import { contentProgress, normalizeChecklist } from "@nook/shared/steps/checklist";
import type { NookExport } from "@nook/shared/user/export";
import { ImportRefused } from "./import-error.ts";
import { insertedRowId, jsonParts, runSql } from "./write-entries.ts";

/** At most this many rows a statement (one JSON parameter each, of at most JSON_A_STATEMENT characters). */
const ROWS_A_STATEMENT = 2_000;

type Kind = "stacks" | "timers" | "people" | "checklists" | "events" | "donateInfo" | "donations";

/** The events' route's own limit (calendar/events-routes.ts): an import keeps it too. */
const EVENTS_TOO_MANY = message("An account keeps at most {max} events", { max: EVENTS_MAX });

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

/** A part of a stack too large for one chunk: its first (the stack), or one after (more of its items). */
export type StackPart = "first" | "more";

/**
 * A split stack's part planned: the first is present when the account has a stack of its name, icon and
 * time (not this run's), else added; a later part adds its items `into` the run's newest stack when that
 * is the stack, and nothing otherwise (the stack was found, not added: its items are the account's).
 */
async function splitStack(
  d1: D1Database,
  userId: number,
  stack: NookExport["stacks"][number] | undefined,
  part: StackPart,
  importId: number | null,
): Promise<{ add: NookExport["stacks"]; present: number; into?: number }> {
  if (!stack) return { add: [], present: 0 };
  const same = "name = ?2 AND icon = ?3 AND created_at = ?4";
  if (part === "first") {
    const found = await d1
      .prepare(`SELECT count(*) AS n FROM stacks WHERE user_id = ?1 AND ${same} AND coalesce(import_id, 0) != ?5`)
      .bind(userId, stack.name, stack.icon, Date.parse(stack.createdAt), importId ?? -1)
      .first<{ n: number }>();
    return found?.n ? { add: [], present: 1 } : { add: [stack], present: 0 };
  }
  const newest = await d1
    .prepare(`SELECT id, (${same}) AS same FROM stacks WHERE user_id = ?1 AND import_id IS ?5 ORDER BY id DESC LIMIT 1`)
    .bind(userId, stack.name, stack.icon, Date.parse(stack.createdAt), importId)
    .first<{ id: number; same: number }>();
  return newest?.same && importId !== null ? { add: [], present: 0, into: newest.id } : { add: [], present: 0 };
}

/**
 * Plans the kinds of a Nook export other than entries, tags and metrics. A
 * row is identified by its content, not its id (the export has none): a
 * person by name, e-mail, birth date and tags; a checklist by name, content
 * and deadline; an event by title, day, times, repeat and note; a stack by
 * name, icon and its items' titles, types and places; a timer by its text
 * and times; a donation by its chain and transaction. The donation page,
 * which anyone can see, is added only when asked (`donatePage`) and only to
 * an account without one; the profile's settings are set only when given
 * (`profile`: asked, the file's first chunk); an unfinished timer only to an account
 * without one running (a user has at most one). An account keeps at most
 * EVENTS_MAX events, as the events' route counts them: the first event that
 * would pass that (counted with every event the account holds, this run's
 * earlier chunks' too) refuses the chunk, named by its place (`events[5000]`),
 * so an import never makes an account the route would not. A preview reads
 * each chunk against the account alone: a file past the limit only with its
 * earlier chunks is refused on the write, at that chunk (the page offers to
 * take back what the run wrote). Each kind is written a part at a time, each
 * part one JSON parameter D1 takes (jsonParts), however many rows the file
 * holds; a row with a modification time carries the one written as its
 * mark too (`import_mark`), by which an undo tells it edited since (runs.ts).
 */
export async function planOthers(
  d1: D1Database,
  userId: number,
  file: NookExport,
  {
    donatePage,
    profile,
    importId = null,
    stackPart,
    offset = 0,
  }: {
    donatePage: boolean;
    /** The file's profile settings to set in the account's (the person asked: `profile=1`), if any. */
    profile?: Pick<ImportedProfile, "timeZone" | "accentColor" | "dateOfBirth"> | undefined;
    importId?: number | null;
    stackPart?: StackPart | undefined;
    /** The place of the chunk's first row in its kind's list, to name a refused row as the file does. */
    offset?: number;
  },
): Promise<OthersPlan> {
  // Only the kinds the chunk holds are read, and of those only the account's rows the chunk's could be
  // (the same name, day or transaction, ?2 the chunk's list): a chunk of entries reads nothing here, and a
  // chunk's reading follows the chunk, not the account.
  const read = (rows: unknown[], q: string, among: unknown[] = []) =>
    rows.length
      ? d1.prepare(q).bind(userId, JSON.stringify([...new Set(among)]))
      : d1.prepare("SELECT NULL AS k WHERE ?1 IS NOT NULL").bind(null);
  const among = "(SELECT value FROM json_each(?2))";
  // The rows of this run's earlier chunks are the file's, not the account's: a file's copies are counted
  // against the account's alone.
  const notThisRun = (alias = "") => `coalesce(${alias}import_id, 0) != ${importId ?? -1}`;
  const run = runSql(importId);
  const [people, checklists, events, eventCount, stacks, timers, donations, info] = await d1.batch<
    Record<string, unknown>
  >([
    read(
      file.people,
      `SELECT json_array(p.name, p.email, p.birth_date, (SELECT json_group_array(n) FROM
      (SELECT t.name AS n FROM person_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.person_id = p.id ORDER BY t.name))) AS k
      FROM people p WHERE p.user_id = ?1 AND p.name IN ${among} AND ${notThisRun("p.")}`,
      file.people.map((p) => p.name),
    ),
    read(
      file.checklists,
      `SELECT json_array(name, content, deadline) AS k FROM steps WHERE user_id = ?1 AND name IN ${among}
        AND ${notThisRun()}`,
      file.checklists.map((c) => c.name),
    ),
    read(
      file.events,
      `SELECT json_array(title, date, "start", "end", "repeat", note) AS k FROM events
      WHERE user_id = ?1 AND date IN ${among} AND ${notThisRun()}`,
      file.events.map((e) => e.date),
    ),
    // Every event the account holds, this run's too: what the limit counts.
    read(file.events, "SELECT count(*) AS k FROM events WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    read(
      file.stacks,
      `SELECT json_array(s.name, s.icon, (SELECT json_group_array(json_array(i.title, i.type, i.position)) FROM
      (SELECT title, type, position FROM stack_items WHERE stack_id = s.id ORDER BY position, id) i)) AS k
      FROM stacks s WHERE s.user_id = ?1 AND s.name IN ${among} AND ${notThisRun("s.")}`,
      file.stacks.map((st) => st.name),
    ),
    // The account's running timer too, whatever its text: a user has at most one.
    read(
      file.timers,
      `SELECT json_array(text, init_at, started_at, paused_at, complete) AS k, complete FROM timers WHERE user_id = ?1
        AND ((text IN ${among} AND ${notThisRun()}) OR complete = 0)`,
      file.timers.map((t) => t.text),
    ),
    read(
      file.donations,
      `SELECT json_array(chain, tx_id) AS k FROM donations WHERE user_id = ?1 AND tx_id IN ${among} AND ${notThisRun()}`,
      file.donations.map((d) => d.txId),
    ),
    read(
      file.donateInfo ? [file.donateInfo] : [],
      "SELECT count(*) AS k FROM donate_info WHERE user_id = ?1 AND ?2 IS NOT NULL",
    ),
  ]);
  const keys = (r: D1Result<Record<string, unknown>> | undefined) => (r?.results ?? []).map((row) => String(row.k));
  const k = (...parts: unknown[]) => JSON.stringify(parts);

  const peopleIn = missing(file.people, (p) => k(p.name, p.email, p.birthDate, sorted(p.tags)), keys(people));
  const checklistsIn = missing(
    file.checklists.map((c) => ({ ...c, content: normalizeChecklist(c.content) })),
    (c) => k(c.name, c.content, ms(c.deadline)),
    keys(checklists),
  );
  const eventsIn = missing(
    file.events.map((e, at) => ({ ...e, at })),
    (e) => k(e.title, e.date, e.start, e.end, e.repeat, e.note),
    keys(events),
  );
  const pastLimit = eventsIn.add[Math.max(0, EVENTS_MAX - Number(eventCount?.results[0]?.k ?? 0))];
  if (pastLimit) throw new ImportRefused(rowRefused(`events[${pastLimit.at + offset}]`, EVENTS_TOO_MANY));
  // A stack too large for a chunk comes in parts (import/chunks.ts), each chunk's one stack: the first is
  // the stack, known by its name, icon and time (its items are in more chunks than this); each later one
  // goes on into the run's newest stack, if that is the stack (the first was added, not found).
  const split = stackPart ? await splitStack(d1, userId, file.stacks[0], stackPart, importId) : null;
  const stacksIn =
    split ??
    missing(
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
        `INSERT INTO tags (user_id, name, use_count, last_used_at, import_id) SELECT DISTINCT ?1, t.value, 0, NULL, ${run}
          FROM json_each(?2) j JOIN json_each(j.value, '$.tags') t WHERE true ON CONFLICT DO NOTHING`,
        userId,
        json,
      ],
      [
        `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at, import_id,
            import_mark)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.email', j.value ->> '$.birthDate', j.value ->> '$.md',
            j.value ->> '$.c', j.value ->> '$.m', ${run}, j.value ->> '$.m' FROM json_each(?2) j`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO person_tags (person_id, tag_id) SELECT ${person}, t.id FROM json_each(?2) j
          CROSS JOIN json_each(j.value, '$.tags') pt CROSS JOIN tags t ON t.user_id = ?1 AND t.name = pt.value`,
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
        `INSERT INTO steps (user_id, name, content, total_items, completed_items, counts_rule, deadline, created_at, modified_at,
            import_id, import_mark)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.content', j.value ->> '$.t', j.value ->> '$.d', 1,
            j.value ->> '$.dl', j.value ->> '$.c', j.value ->> '$.m', ${run}, j.value ->> '$.m' FROM json_each(?2) j`,
        userId,
        json,
      ],
    ]);
  }
  const eventRows = eventsIn.add.map((e) => ({
    title: e.title,
    note: e.note,
    date: e.date,
    start: e.start,
    end: e.end,
    repeat: e.repeat,
    c: ms(e.createdAt),
    m: ms(e.modifiedAt),
  }));
  for (const part of jsonParts(eventRows, ROWS_A_STATEMENT)) {
    batches.push([
      [
        `INSERT INTO events (user_id, title, note, date, "start", "end", "repeat", created_at, modified_at, import_id,
            import_mark)
          SELECT ?1, j.value ->> '$.title', j.value ->> '$.note', j.value ->> '$.date', j.value ->> '$.start',
            j.value ->> '$.end', j.value ->> '$.repeat', j.value ->> '$.c', j.value ->> '$.m', ${run}, j.value ->> '$.m'
          FROM json_each(?2) j`,
        userId,
        JSON.stringify(part),
      ],
    ]);
  }
  // A stack may hold any number of items (the API counts none), so they are not one parameter with their
  // stacks: a group of stacks is one batch, its stacks inserted first and then its items a part at a time,
  // each naming its stack by its place in the group (?3 stacks, the table's newest within the batch).
  const stackRows = stacksIn.add.map((s) => ({ name: s.name, icon: s.icon, c: ms(s.createdAt) }));
  let groupStart = 0;
  const itemRows = (items: NookExport["stacks"][number]["items"], at: number) =>
    // The item's date as the item's API keeps it, a normalised ISO string (null: now).
    items.map((i) => ({ ...i, s: at, c: ms(i.createdAt), d: isoOrNull(i.config.date ?? null) }));
  /** Inserts items (?2, JSON) into the stack `stackId` names (SQL). */
  const insertItems = (stackId: string) => `INSERT INTO stack_items (user_id, stack_id, title, type, uptime_only,
      tags_sign, position, config, created_at, import_id)
    SELECT ?1, ${stackId}, i.value ->> '$.title',
      i.value ->> '$.type', i.value ->> '$.uptimeOnly', i.value ->> '$.tagsSign', i.value ->> '$.position',
      json_object('filter', json(i.value -> '$.config.filter'), 'timeRange', i.value ->> '$.config.timeRange',
        'metricId', (SELECT id FROM metrics WHERE user_id = ?1 AND name = i.value ->> '$.config.metric'),
        'date', i.value ->> '$.d', 'goal', json(i.value -> '$.config.goal')),
      i.value ->> '$.c', ${run}
    FROM json_each(?2) i ORDER BY i.key`;
  if (split?.into !== undefined && file.stacks[0])
    for (const part of jsonParts(itemRows(file.stacks[0].items, 0), ROWS_A_STATEMENT))
      batches.push([[insertItems(String(Math.trunc(split.into))), userId, JSON.stringify(part)]]);
  for (const group of jsonParts(stackRows, ROWS_A_STATEMENT)) {
    const items = stacksIn.add.slice(groupStart, groupStart + group.length).flatMap((s, at) => itemRows(s.items, at));
    groupStart += group.length;
    batches.push([
      [
        `INSERT INTO stacks (user_id, name, icon, created_at, import_id)
          SELECT ?1, j.value ->> '$.name', j.value ->> '$.icon', j.value ->> '$.c', ${run} FROM json_each(?2) j`,
        userId,
        JSON.stringify(group),
      ],
      ...jsonParts(items, ROWS_A_STATEMENT).map((part): [string, ...unknown[]] => [
        insertItems("(SELECT max(id) FROM stacks) - ?3 + 1 + (i.value ->> '$.s')"),
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
        `INSERT INTO tags (user_id, name, use_count, last_used_at, import_id) SELECT DISTINCT ?1, t.value, 0, NULL, ${run}
          FROM json_each(?2) j JOIN json_each(j.value, '$.tags') t WHERE true ON CONFLICT DO NOTHING`,
        userId,
        json,
      ],
      [
        `INSERT INTO timers (user_id, text, init_at, started_at, paused_at, paused_time_diff, goal, complete, entry_id,
            modified_at, import_id, import_mark)
          SELECT ?1, j.value ->> '$.text', j.value ->> '$.i', j.value ->> '$.s', j.value ->> '$.p',
            j.value ->> '$.pausedTimeDiff', j.value ->> '$.g', j.value ->> '$.complete', NULL, j.value ->> '$.m', ${run},
            j.value ->> '$.m'
          FROM json_each(?2) j`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO timer_tags (timer_id, tag_id) SELECT ${timer}, t.id FROM json_each(?2) j
          CROSS JOIN json_each(j.value, '$.tags') tt CROSS JOIN tags t ON t.user_id = ?1 AND t.name = tt.value`,
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
        `INSERT INTO donate_info (user_id, title, eth_address, btc_address, paypal_donate_button_id, updated_at, import_id,
            import_mark)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ${run}, ?6) ON CONFLICT DO NOTHING`,
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
  // The profile's settings, as PUT /api/user/profile sets them (a zone or a date of birth the file lacks
  // leaves the account's), its version (`updated_at`, the profile's If-Match) moved on only when one changes.
  if (profile)
    batches.push([
      [
        `UPDATE users SET time_zone = coalesce(?2, time_zone), accent_color = ?3,
            date_of_birth = coalesce(?4, date_of_birth), updated_at = max(?5, updated_at + 1)
          WHERE id = ?1 AND (time_zone IS NOT coalesce(?2, time_zone) OR accent_color IS NOT ?3
            OR date_of_birth IS NOT coalesce(?4, date_of_birth))`,
        userId,
        profile.timeZone,
        profile.accentColor,
        profile.dateOfBirth,
        Date.now(),
      ],
    ]);
  const donationRows = donationsIn.add.map((d) => ({ ...d, a: ms(d.at), r: ms(d.recordedAt) }));
  for (const part of jsonParts(donationRows, ROWS_A_STATEMENT)) {
    const json = JSON.stringify(part);
    batches.push([
      [
        `INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at, import_id)
          SELECT ?1, j.value ->> '$.chain', j.value ->> '$.txId', j.value ->> '$.amount', j.value ->> '$.fromAddress',
            j.value ->> '$.a', j.value ->> '$.r', ${run} FROM json_each(?2) j WHERE true ON CONFLICT DO NOTHING`,
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
      events: { added: eventsIn.add.length, present: eventsIn.present },
      donateInfo: { added: addsInfo ? 1 : 0, present: file.donateInfo && hasInfo ? 1 : 0 },
      donations: { added: donationsIn.add.length, present: donationsIn.present },
    },
    batches,
  };
}

/** The statements that write what planOthers planned (run by the caller in one batch with its chunk's others). */
export function othersStatements(d1: D1Database, plan: OthersPlan): D1PreparedStatement[] {
  return plan.batches.flat().map(([q, ...values]) => d1.prepare(q).bind(...values));
}
