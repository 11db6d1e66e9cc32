import { env } from "cloudflare:test";
import { StackItemConfig } from "@nook/shared/stacks/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser, tableNames } from "../test/helpers.ts";
import { fillAccount, userCall } from "../test/your-data.ts";

// The export holds every field a user set: each exported kind's table is walked column by column (read
// from the database, as auth/delete-account.test.ts walks the tables) against where the export writes
// it, so a column added later fails here until the export writes it or says why it does not.

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;

/** Where the export writes a column: a key of the kind's object, with how the value is turned. */
type Column = { at: string; as?: "iso" | "bool" } | { derived: string };

const ID = { derived: "the database's: an import gives each row its own" };
const OWNER = { derived: "the account's: the export is one account's" };
const IMPORT = { derived: "the import run that added the row, for its undo: the account's own record, not the row's" };
const MARK = { derived: "the modification time its import run wrote, for its undo to tell an edit since: the run's" };

interface Kind {
  /** The export's objects of the kind, in the order `order` reads the table's rows. */
  rows: (doc: NookExport) => object[];
  order: string;
  columns: Record<string, Column>;
}

const KINDS: Record<string, Kind> = {
  users: {
    rows: (doc) => [doc.profile],
    order: "id",
    columns: {
      id: ID,
      email: { at: "email" },
      name: { at: "name" },
      username: { at: "username" },
      password_hash: { derived: "a secret, never sent anywhere (an import keeps the account's own)" },
      user_handle: { derived: "the account's WebAuthn handle, random, bound to its passkeys, which stay here" },
      leaving_since: { derived: "set only once the account is deleted, while its rows go: it is never exported" },
      date_of_birth: { at: "dateOfBirth" },
      accent_color: { at: "accentColor" },
      time_zone: { at: "timeZone" },
      created_at: { at: "createdAt", as: "iso" },
      updated_at: { derived: "the server's stamp of the profile's last change (an import's of its settings too)" },
    },
  },
  tags: {
    rows: (doc) => doc.tags.map((name) => ({ name })),
    order: "id",
    columns: {
      import_id: IMPORT,
      id: ID,
      user_id: OWNER,
      name: { at: "name" },
      use_count: { derived: "counted from the entries" },
      last_used_at: { derived: "the latest of its entries' dates" },
    },
  },
  metrics: {
    rows: (doc) => doc.metrics.map((name) => ({ name })),
    order: "id",
    columns: { import_id: IMPORT, id: ID, user_id: OWNER, name: { at: "name" } },
  },
  stacks: {
    rows: (doc) => doc.stacks,
    order: "id",
    columns: {
      import_id: IMPORT,
      id: ID,
      user_id: OWNER,
      name: { at: "name" },
      icon: { at: "icon" },
      created_at: { at: "createdAt", as: "iso" },
    },
  },
  stack_items: {
    rows: (doc) => doc.stacks.flatMap((s) => s.items),
    order: "stack_id, position, id",
    columns: {
      import_id: IMPORT,
      id: ID,
      user_id: OWNER,
      stack_id: { derived: "the item is written inside its stack's `items`" },
      title: { at: "title" },
      type: { at: "type" },
      uptime_only: { at: "uptimeOnly", as: "bool" },
      tags_sign: { at: "tagsSign" },
      position: { at: "position" },
      config: { derived: "JSON: walked key by key below (CONFIG)" },
      created_at: { at: "createdAt", as: "iso" },
    },
  },
  timers: {
    rows: (doc) => doc.timers,
    order: "id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      id: ID,
      user_id: OWNER,
      text: { at: "text" },
      init_at: { at: "initAt", as: "iso" },
      started_at: { at: "startedAt", as: "iso" },
      paused_at: { at: "pausedAt", as: "iso" },
      paused_time_diff: { at: "pausedTimeDiff" },
      goal: { at: "goal", as: "iso" },
      complete: { at: "complete", as: "bool" },
      entry_id: { derived: "the database's id of the entry its save wrote; that entry is in `entries`" },
      modified_at: { at: "modifiedAt", as: "iso" },
    },
  },
  people: {
    rows: (doc) => doc.people,
    order: "id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      id: ID,
      user_id: OWNER,
      name: { at: "name" },
      email: { at: "email" },
      birth_date: { at: "birthDate" },
      birth_month_day: { derived: "the birth date's month and day, for the calendar's index" },
      created_at: { at: "createdAt", as: "iso" },
      modified_at: { at: "modifiedAt", as: "iso" },
    },
  },
  steps: {
    rows: (doc) => doc.checklists,
    order: "id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      id: ID,
      user_id: OWNER,
      name: { at: "name" },
      content: { at: "content" },
      total_items: { derived: "counted from the content" },
      completed_items: { derived: "counted from the content" },
      counts_rule: { derived: "the rule the counts were taken by" },
      deadline: { at: "deadline", as: "iso" },
      created_at: { at: "createdAt", as: "iso" },
      modified_at: { at: "modifiedAt", as: "iso" },
    },
  },
  events: {
    rows: (doc) => doc.events,
    order: "id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      id: ID,
      user_id: OWNER,
      title: { at: "title" },
      note: { at: "note" },
      date: { at: "date" },
      start: { at: "start" },
      end: { at: "end" },
      repeat: { at: "repeat" },
      created_at: { at: "createdAt", as: "iso" },
      modified_at: { at: "modifiedAt", as: "iso" },
    },
  },
  donate_info: {
    rows: (doc) => (doc.donateInfo ? [doc.donateInfo] : []),
    order: "user_id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      user_id: OWNER,
      title: { at: "title" },
      eth_address: { at: "ethAddress" },
      btc_address: { at: "btcAddress" },
      paypal_donate_button_id: { at: "paypalDonateButtonId" },
      updated_at: { at: "updatedAt", as: "iso" },
    },
  },
  donations: {
    rows: (doc) => doc.donations,
    order: "id",
    columns: {
      import_id: IMPORT,
      id: ID,
      user_id: OWNER,
      chain: { at: "chain" },
      tx_id: { at: "txId" },
      amount: { at: "amount" },
      from_address: { at: "fromAddress" },
      at: { at: "at", as: "iso" },
      recorded_at: { at: "recordedAt", as: "iso" },
    },
  },
  entries: {
    rows: (doc) => doc.entries,
    order: "date, id",
    columns: {
      import_id: IMPORT,
      import_mark: MARK,
      id: ID,
      user_id: OWNER,
      text: { at: "text" },
      date: { at: "date", as: "iso" },
      modified_at: { at: "modifiedAt", as: "iso" },
      fingerprint: { derived: "the content's hash, for lifting" },
      asleep: { derived: "the entry's place in the sleep, from the down/up entries" },
      asleep_after: { derived: "the entry's place in the sleep, from the down/up entries" },
      awake_at: { derived: "the entry's place in the sleep, from the down/up entries" },
    },
  },
};

/**
 * A stack item's config, key by key (its schema's keys: StackItemConfig), as the item's object in the
 * export holds it: the stored value and the exported one, to compare.
 */
const CONFIG: Record<
  string,
  (stored: Record<string, unknown>, exported: Record<string, unknown>) => [unknown, unknown]
> = {
  filter: (s, e) => [
    (s.filter as { name: string; not?: boolean }[]).map((f) => ({ name: f.name, not: Boolean(f.not) })),
    e.filter,
  ],
  timeRange: (s, e) => [s.timeRange ?? null, e.timeRange],
  // By name: ids are the database's (metricName reads the stored one's).
  metricId: (s, e) => [s.metricName ?? null, e.metric],
  date: (s, e) => [s.date ?? null, e.date],
  goal: (s, e) => [s.goal ?? null, e.goal],
};

/** The links, written inside the rows they link: each as the same facts read from the database and the export. */
const LINKS: Record<string, { columns: string[]; stored: string; exported: (doc: NookExport) => unknown[][] }> = {
  entry_tags: {
    columns: ["entry_id", "tag_id"],
    stored: `SELECT e.date, e.text, t.name FROM entry_tags l JOIN entries e ON e.id = l.entry_id
      JOIN tags t ON t.id = l.tag_id WHERE e.user_id = ?`,
    exported: (doc) => doc.entries.flatMap((e) => e.tags.map((t) => [Date.parse(e.date), e.text, t])),
  },
  entry_metrics: {
    columns: ["entry_id", "metric_id", "value"],
    stored: `SELECT e.date, e.text, m.name, l.value FROM entry_metrics l JOIN entries e ON e.id = l.entry_id
      JOIN metrics m ON m.id = l.metric_id WHERE e.user_id = ?`,
    exported: (doc) => doc.entries.flatMap((e) => e.metrics.map((m) => [Date.parse(e.date), e.text, m.name, m.value])),
  },
  person_tags: {
    columns: ["person_id", "tag_id"],
    stored: `SELECT p.name, t.name FROM person_tags l JOIN people p ON p.id = l.person_id
      JOIN tags t ON t.id = l.tag_id WHERE p.user_id = ?`,
    exported: (doc) => doc.people.flatMap((p) => p.tags.map((t) => [p.name, t])),
  },
  timer_tags: {
    columns: ["timer_id", "tag_id"],
    stored: `SELECT r.text, r.init_at, t.name FROM timer_tags l JOIN timers r ON r.id = l.timer_id
      JOIN tags t ON t.id = l.tag_id WHERE r.user_id = ?`,
    exported: (doc) => doc.timers.flatMap((r) => r.tags.map((t) => [r.text, Date.parse(r.initAt), t])),
  },
};

/** The tables that hold no data of the user's own making, and why. */
const NOT_DATA: Record<string, string> = {
  sessions: "a signed-in device: ends with the account",
  passkeys: "a sign-in credential (its public key, bound to this site): a new account registers its own",
  login_attempts: "the sign-in throttle's",
  webauthn_challenges: "a passkey's challenge, asked for and not yet answered: lives 5 minutes",
  idempotency_keys: "a write's retry record, kept 30 days",
  imports: "the record of the imports run (the file's hash, when, what it added), not data the person wrote",
  import_chunks: "which chunks of an import run were written, and each one's answer: the run's record",
  donation_sources: "where polling for donations stands; the donations themselves are exported",
  calendar_feeds:
    "the calendar feed's secret address (a capability) and its reminders: an import must not recreate another account's address; deleted with the account",
  uptime_stale: "a mark that the sleep columns need recounting",
  invites:
    "an invite link (a capability, its secret kept only as a hash): lets one person join; deleted with the account",
  push_subscriptions:
    "a browser's push address and keys: that browser's, which subscribes again on the Reminders page; deleted with the account",
  reminder_settings:
    "the Reminders page's few switches and times, set again there (its streak items are ids another account's stack items would not keep); deleted with the account",
  reminders_sent:
    "the cron's record of the reminders sent this past week, so none is sent twice: of no use in another account; deleted with the account",
};

const columnsOf = async (table: string) =>
  (await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(table).all<{ name: string }>()).results
    .map((c) => c.name)
    .sort();
const sortedJson = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

function turned(value: unknown, as: "iso" | "bool" | undefined) {
  if (value === null) return null;
  if (as === "iso") return new Date(value as number).toISOString();
  if (as === "bool") return Boolean(value);
  return value;
}

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await fillAccount(ann);
  // What fillAccount leaves unset: a date of birth (a profile field the API sets elsewhere).
  await env.DB.prepare("UPDATE users SET date_of_birth = '1990-03-05' WHERE id = ?").bind(ann.id).run();
});

describe("the export holds every field a user set", () => {
  it("every table is an exported kind, a link of one, or holds nothing of the user's making (each with why)", async () => {
    expect(await tableNames()).toEqual(Object.keys({ ...KINDS, ...LINKS, ...NOT_DATA }).sort());
  });

  it("every column of each exported kind is written by the export or derived, and the config's every key", async () => {
    for (const [table, kind] of Object.entries(KINDS))
      expect(await columnsOf(table), table).toEqual(Object.keys(kind.columns).sort());
    for (const [table, link] of Object.entries(LINKS))
      expect(await columnsOf(table), table).toEqual(link.columns.sort());
    expect(Object.keys(StackItemConfig.entries).sort()).toEqual(Object.keys(CONFIG).sort());
  });

  it("writes each one's value, row by row, and the filled account sets each (so none is checked empty)", async () => {
    const doc = await bodyOf<NookExport>(await userCall(ann, "GET", "/user/export"), 200);
    for (const [table, kind] of Object.entries(KINDS)) {
      const owner = table === "users" ? "id" : "user_id";
      const rows = (
        await env.DB.prepare(`SELECT * FROM "${table}" WHERE ${owner} = ? ORDER BY ${kind.order}`)
          .bind(ann.id)
          .all<Record<string, unknown>>()
      ).results;
      const exported = kind.rows(doc) as Record<string, unknown>[];
      expect(exported.length, table).toBe(rows.length);
      for (const [column, place] of Object.entries(kind.columns)) {
        if ("derived" in place) continue;
        expect(
          rows.some((r) => r[column] !== null && r[column] !== ""),
          `${table}.${column} is set on some row`,
        ).toBe(true);
        rows.forEach((row, i) => {
          expect(exported[i]?.[place.at], `${table}.${column} of row ${i}`).toEqual(turned(row[column], place.as));
        });
      }
    }

    const items = (
      await env.DB.prepare(
        `SELECT i.config, (SELECT m.name FROM metrics m WHERE m.id = json_extract(i.config, '$.metricId')) AS metricName
        FROM stack_items i WHERE i.user_id = ? ORDER BY i.stack_id, i.position, i.id`,
      )
        .bind(ann.id)
        .all<{ config: string; metricName: string | null }>()
    ).results.map((r) => ({ ...JSON.parse(r.config), metricName: r.metricName }) as Record<string, unknown>);
    const exportedItems = doc.stacks.flatMap((s) => s.items);
    for (const [key, pair] of Object.entries(CONFIG)) {
      expect(
        items.some((item) => pair(item, {})[0] !== null),
        `config.${key} is set on some item`,
      ).toBe(true);
      items.forEach((item, i) => {
        const [stored, written] = pair(item, (exportedItems[i]?.config ?? {}) as Record<string, unknown>);
        expect(written, `config.${key} of item ${i}`).toEqual(stored);
      });
    }

    for (const [table, link] of Object.entries(LINKS)) {
      const stored = await env.DB.prepare(link.stored).bind(ann.id).raw();
      expect(stored.length, `${table} has rows`).toBeGreaterThan(0);
      expect(sortedJson(link.exported(doc)), table).toEqual(sortedJson(stored));
    }
  });
});
