/**
 * The demo's lived-in year (README "The demo"): a year of life ending today, the same every time for the
 * same today. `demoYear` plans it — a pure function of "now" and the profile's zone, drawn from a seeded
 * generator — and `writeDemoYear` writes the plan into D1 for one account, through the tables and rules
 * the API keeps: fingerprints, tag use counts, the search index and the sleep columns (the database's
 * triggers, then `refreshUptime`), checklist counts from their content, birthdays' month-days.
 *
 * Every day is counted from today in the profile's zone, so whatever day it runs: a birthday in two days,
 * a checklist due in two days, a streak (meditation) kept to yesterday with no entry yet today, a timer
 * running, today's entries with a mood, and a weekly event on today's weekday.
 */

import { addDays, parseDate, todayIn, weekdayIndex } from "../../packages/shared/src/common/calendar-date.ts";
import { startOfLocalDay, zonedTimeToMs } from "../../packages/shared/src/common/time-zone.ts";
import type { StackItemType } from "../../packages/shared/src/stacks/limits.ts";
import { contentProgress, normalizeChecklist } from "../../packages/shared/src/steps/checklist.ts";
import { entryFingerprint } from "../../workers/api/src/journal/fingerprint.ts";
import { refreshUptime } from "../../workers/api/src/journal/uptime.ts";
import type { Db } from "../../workers/api/src/platform/db.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The generator's seed: the same plan for the same today. */
const SEED = 52;
/** Days before today the journal begins. */
const YEAR_DAYS = 364;
/** The meditation streak: every day from this many days ago to yesterday, none today. */
const STREAK_DAYS = 23;
/** Nights with a down/up pair, up to last night. */
const SLEEP_NIGHTS = 21;
/** Days before today the Daylio import ran; its entries are the journal's first DAYLIO_DAYS days. */
const IMPORTED_DAYS_AGO = 12;
const DAYLIO_DAYS = 90;

export interface DemoEntry {
  text: string;
  date: number;
  tags: string[];
  metrics: { name: string; value: number }[];
  /** Written by the finished import (the journal's first months, from Daylio). */
  imported: boolean;
}

export interface DemoPerson {
  name: string;
  email: string;
  birthDate: string;
  tags: string[];
}

export interface DemoChecklist {
  name: string;
  content: string;
  deadline: number | null;
  createdAt: number;
}

export interface DemoStackItem {
  title: string;
  type: StackItemType;
  filter: { not: boolean; name: string }[];
  tagsSign: "&&" | "||";
  timeRange: "today" | "24h" | "week" | "month" | null;
  /** The metric the item reads (sum, avg, max, min), by name: its id is the account's own. */
  metric: string | null;
  /** A streak's habit goal: days with a match a week or a month (null: every day). */
  goal: { times: number; per: "week" | "month" } | null;
  uptimeOnly: boolean;
}

export interface DemoStack {
  name: string;
  icon: string;
  createdAt: number;
  items: DemoStackItem[];
}

export interface DemoTimer {
  text: string;
  tags: string[];
  startedAt: number;
  goal: number | null;
  /** When it was saved (its entry's date), or null for the one still running. */
  savedAt: number | null;
  /** Its saved entry's place in `entries`, or null. */
  entry: number | null;
}

export interface DemoEvent {
  title: string;
  note: string;
  date: string;
  start: string | null;
  end: string | null;
  repeat: "none" | "weekly" | "monthly" | "yearly";
}

export interface DemoYear {
  today: string;
  timeZone: string;
  now: number;
  entries: DemoEntry[];
  people: DemoPerson[];
  checklists: DemoChecklist[];
  stacks: DemoStack[];
  timers: DemoTimer[];
  events: DemoEvent[];
  donate: { title: string; ethAddress: string; btcAddress: string; paypalDonateButtonId: string };
  donations: { chain: "btc" | "eth"; txId: string; amount: string; fromAddress: string; at: number }[];
  importRun: { format: "daylio"; fileHash: string; startedAt: number; finishedAt: number };
}

/** mulberry32: a small seeded generator, the same numbers for the same seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

const PEOPLE: [name: string, tag: string][] = [
  ["Anna Petrova", "@anna"],
  ["Mom", "@mom"],
  ["Dad", "@dad"],
  ["Ben Carter", "@ben"],
  ["Chloe Martin", "@chloe"],
  ["Dmitri Sokolov", "@dima"],
  ["Elena Ivanova", "@lena"],
  ["Farid Haddad", "@farid"],
  ["Grace Kim", "@grace"],
  ["Hugo Laurent", "@hugo"],
  ["Ines Duarte", "@ines"],
  ["Jonas Berg", "@jonas"],
  ["Katya Orlova", "@katya"],
  ["Liam O'Brien", "@liam"],
  ["Maya Cohen", "@maya"],
  ["Nikolai Volkov", "@kolya"],
  ["Olivia Brown", "@olivia"],
  ["Pablo Ruiz", "@pablo"],
  ["Quinn Taylor", "@quinn"],
  ["Rosa Bianchi", "@rosa"],
  ["Sam Wilson", "@sam"],
  ["Tanya Morozova", "@tanya"],
  ["Uma Patel", "@uma"],
  ["Victor Lee", "@victor"],
  ["Wen Zhou", "@wen"],
];
/** The people the journal names most, first: the rest now and then. */
const CLOSE = ["@anna", "@mom", "@ben", "@dima", "@lena", "@chloe"];

const COFFEE = [
  "Coffee at the corner place",
  "Flat white before work",
  "Espresso on the balcony",
  "Кофе с утра",
  "Coffee and the news",
];
const WORK = ["Deep work: the API", "Code review", "Planning the sprint", "Wrote the design doc", "Bug hunt"];
const READING = [
  "Read a few chapters of The Left Hand of Darkness",
  "Read Anna Karenina",
  "Прочитал главу «Мастера и Маргариты»",
  "Reading before bed",
  "Read an essay on habits",
];
const WALKS = ["Walk in the park", "Evening walk by the river", "Прогулка по набережной", "Walked to the market"];
const MOODS = [
  "Evening check-in",
  "Quiet day",
  "Good day, lots done",
  "Tired but fine",
  "Хороший день",
  "Немного устал",
];
const WITH = [
  (p: string) => `Lunch with ${p}`,
  (p: string) => `Called ${p}`,
  (p: string) => `Coffee with ${p}`,
  (p: string) => `Ужин с ${p}`,
  (p: string) => `Long talk with ${p}`,
];
const IDEAS = [
  "Idea: a shelf for the hallway",
  "Idea: learn to make pelmeni",
  "Idea: a weekend trip to the coast",
  "Идея: записаться на курсы гончарства",
];
const TIMED = [
  { text: "Spanish practice", tags: ["spanish"] },
  { text: "Piano", tags: ["piano"] },
  { text: "Writing the report", tags: ["work"] },
];

/** The year as a plan: the same for the same `now` and zone. */
export function demoYear({ now, timeZone }: { now: number; timeZone: string }): DemoYear {
  const rnd = generator(SEED);
  const today = todayIn(timeZone, now);
  const dayOf = (offset: number) => addDays(today, offset);
  /** A wall-clock time on a day counted from today, as epoch ms. */
  const at = (offset: number, hour: number, minute: number) => {
    const { year, month, day } = parseDate(dayOf(offset));
    return zonedTimeToMs(year, month, day, hour, minute, timeZone);
  };
  // The day's first instant, where the clocks skip midnight too (time-zone.ts).
  const { year, month, day } = parseDate(today);
  const startOfToday = startOfLocalDay(year, month, day, timeZone);
  const entries: DemoEntry[] = [];
  const add = (e: Omit<DemoEntry, "imported">) =>
    entries.push({ ...e, imported: e.date < at(-YEAR_DAYS + DAYLIO_DAYS, 0, 0) });

  for (let d = -YEAR_DAYS; d < 0; d++) {
    const weekday = weekdayIndex(dayOf(d));
    const workday = weekday < 5;
    if (d >= -SLEEP_NIGHTS - 1 && d <= -2) {
      // A night's sleep: down tonight, up the next morning, its hours on the up.
      const down = at(d, 23, rnd.int(0, 50));
      const up = at(d + 1, 6, rnd.int(30, 59));
      add({ text: "", date: down, tags: ["down"], metrics: [] });
      add({
        text: "Up",
        date: up,
        tags: ["up"],
        metrics: [{ name: "sleep", value: Math.round(((up - down) / HOUR) * 10) / 10 }],
      });
    }
    if (d >= -STREAK_DAYS || rnd.chance(0.3))
      add({
        text: rnd.chance(0.15) ? "Медитация" : "Meditation",
        date: at(d, 7, rnd.int(20, 50)),
        tags: ["meditate"],
        metrics: [{ name: "duration", value: rnd.int(10, 20) * 60 }],
      });
    if (rnd.chance(0.55))
      add({ text: rnd.pick(COFFEE), date: at(d, 8, rnd.int(30, 59)), tags: ["coffee"], metrics: [] });
    if (workday && rnd.chance(0.45))
      add({
        text: rnd.pick(WORK),
        date: at(d, rnd.int(10, 16), rnd.int(0, 59)),
        tags: ["work"],
        metrics: [{ name: "duration", value: rnd.int(4, 12) * 900 }],
      });
    if (rnd.chance(0.2))
      add({
        text: rnd.pick(WALKS),
        date: at(d, 18, rnd.int(0, 59)),
        tags: ["walk"],
        metrics: [
          { name: "km", value: rnd.int(20, 80) / 10 },
          { name: "duration", value: rnd.int(30, 90) * 60 },
        ],
      });
    if (rnd.chance(workday ? 0.06 : 0.2))
      add({
        text: "Bike ride",
        date: at(d, 11, rnd.int(0, 59)),
        tags: ["bike"],
        metrics: [{ name: "km", value: rnd.int(80, 350) / 10 }],
      });
    if (rnd.chance(0.35))
      add({
        text: rnd.pick(READING),
        date: at(d, 22, rnd.int(0, 40)),
        tags: ["read"],
        metrics: [{ name: "duration", value: rnd.int(2, 8) * 600 }],
      });
    if (rnd.chance(0.25)) {
      const who = rnd.chance(0.7) ? rnd.pick(CLOSE) : (rnd.pick(PEOPLE)[1] as string);
      add({
        text: rnd.pick(WITH)(who),
        date: at(d, rnd.int(12, 20), rnd.int(0, 59)),
        tags: rnd.chance(0.3) ? [who, "friends"] : [who],
        metrics: [],
      });
    }
    if (rnd.chance(0.1))
      add({
        text: "Gym",
        date: at(d, 19, rnd.int(0, 45)),
        tags: ["gym"],
        metrics: [{ name: "duration", value: 3600 }],
      });
    if (rnd.chance(0.06)) add({ text: rnd.pick(IDEAS), date: at(d, 21, rnd.int(0, 30)), tags: ["idea"], metrics: [] });
    if (rnd.chance(0.4))
      add({
        text: rnd.pick(MOODS),
        date: at(d, 22, rnd.int(45, 59)),
        tags: [],
        metrics: [{ name: "mood", value: rnd.pick([2, 3, 3, 4, 4, 4, 5, 5]) }],
      });
  }

  // Two runs, as the runner's "Send to the journal" writes them.
  add({
    text: "Run: 5.21 km in 00:29:14, pace 5:37 /km",
    date: at(-9, 7, 40),
    tags: ["run"],
    metrics: [
      { name: "duration", value: 1754 },
      { name: "distance", value: 5.21 },
    ],
  });
  add({
    text: "Run: 8.03 km in 00:44:31, pace 5:33 /km",
    date: at(-3, 18, 10),
    tags: ["run"],
    metrics: [
      { name: "duration", value: 2671 },
      { name: "distance", value: 8.03 },
    ],
  });

  // The timer's saves of the last six weeks, each with the entry it wrote; and one running now.
  const timers: DemoTimer[] = [];
  for (let d = -42; d < 0; d += rnd.int(1, 3)) {
    const kind = rnd.pick(TIMED);
    const startedAt = at(d, rnd.int(13, 17), rnd.int(0, 59));
    const seconds = rnd.int(15, 75) * 60;
    const savedAt = startedAt + seconds * 1000;
    timers.push({ ...kind, startedAt, goal: null, savedAt, entry: entries.length });
    add({ text: kind.text, date: savedAt, tags: kind.tags, metrics: [{ name: "duration", value: seconds }] });
  }
  const running = now - 25 * MINUTE;
  timers.push({
    text: "Focus: the quarterly plan",
    tags: ["work"],
    startedAt: running,
    goal: running + HOUR,
    savedAt: null,
    entry: null,
  });

  // Today so far (nothing in the future): coffee, a chat, reading, a mood; no meditation yet.
  const soFar = (share: number) => startOfToday + Math.floor((now - startOfToday) * share);
  add({ text: "Morning coffee", date: soFar(0.3), tags: ["coffee"], metrics: [] });
  add({ text: "Called @mom", date: soFar(0.5), tags: ["@mom"], metrics: [] });
  add({ text: "Read on the balcony", date: soFar(0.7), tags: ["read"], metrics: [{ name: "duration", value: 1200 }] });
  add({ text: "Feeling good today", date: soFar(0.9), tags: [], metrics: [{ name: "mood", value: 4 }] });
  entries.sort((a, b) => a.date - b.date);
  // The timers name their entries by place: found again after the sort.
  const placed = timers.map((t) =>
    t.entry === null ? null : entries.findIndex((e) => e.date === t.savedAt && e.text === t.text),
  );
  timers.forEach((t, i) => {
    t.entry = placed[i] ?? null;
  });

  // 25 people: one born two days from now (a birthday this week), the rest 12 to 352 days away.
  const people: DemoPerson[] = PEOPLE.map(([name, tag], i) => {
    const md = dayOf(i === 0 ? 2 : rnd.int(12, 352)).slice(5);
    const year = i === 0 ? 1988 : md === "02-29" ? 1992 : rnd.int(1950, 2012);
    const first = (name.split(" ")[0] as string).toLowerCase().replace(/[^a-z]/g, "");
    return {
      name,
      email: `${first}@example.org`,
      birthDate: `${year}-${md}`,
      tags: i === 1 || i === 2 ? [tag, "family"] : [tag],
    };
  });

  const checklists: DemoChecklist[] = [
    {
      name: "Trip to the coast",
      content:
        "- [x] Book the train\n- [x] Find a place to stay\n- [ ] Pack\n  - [ ] Swimsuit\n  - [ ] Charger\n- [ ] Water the plants",
      deadline: at(2, 18, 0),
      createdAt: at(-20, 20, 15),
    },
    {
      name: "Groceries",
      content: "- [ ] Oat milk\n- [x] Bread\n- [ ] Apples\n- [ ] Гречка",
      deadline: null,
      createdAt: at(-1, 19, 0),
    },
    {
      name: "Move the blog",
      content: "- [x] Export the posts\n- [x] Pick a host\n- [x] Point the domain\n- [x] Redirect the old links",
      deadline: at(-30, 12, 0),
      createdAt: at(-60, 10, 0),
    },
    {
      name: "Tax return",
      content: "- [ ] Collect the receipts\n- [ ] Fill in the form\n- [ ] Send it",
      deadline: at(40, 12, 0),
      createdAt: at(-5, 9, 30),
    },
  ];

  const tag = (name: string, not = false) => ({ not, name });
  const item = (title: string, type: StackItemType, filter: string[], more: Partial<DemoStackItem> = {}) => ({
    title,
    type,
    filter: filter.map((n) => tag(n)),
    tagsSign: "&&" as const,
    timeRange: null,
    metric: null,
    goal: null,
    uptimeOnly: false,
    ...more,
  });
  const stacks: DemoStack[] = [
    {
      name: "Health",
      icon: "🏃",
      createdAt: at(-YEAR_DAYS, 9, 0),
      items: [
        item("Meditation streak", "streaks", ["meditate"]),
        // Met by Friday of every week of the daily streak, so never at risk on Today.
        item("Meditation, 5 days a week", "streaks", ["meditate"], { goal: { times: 5, per: "week" } }),
        item("Kilometres walked and ridden", "sum", ["walk", "bike"], { tagsSign: "||", metric: "km" }),
        item("Sleep, hours", "avg", ["up"], { metric: "sleep" }),
        item("Longest run", "max", ["run"], { metric: "distance" }),
        item("Shortest run", "min", ["run"], { metric: "distance" }),
        item("Moving days", "calendar", ["walk", "bike", "run", "gym"], { tagsSign: "||" }),
      ],
    },
    {
      name: "Habits",
      icon: "☕",
      createdAt: at(-YEAR_DAYS, 9, 5),
      items: [
        item("Since the last coffee", "time since", ["coffee"]),
        item("Longest without coffee", "top time between", ["coffee"], { uptimeOnly: true }),
        item("Coffees a week", "velocity", ["coffee"], { timeRange: "week" }),
        item("Reading streak", "streaks", ["read"]),
        item("Ideas", "list", ["idea"]),
        // Today's reading (see above) is in this month whatever the day: the sum is never empty.
        item("Reading this month, seconds", "sum", ["read"], { timeRange: "month", metric: "duration" }),
      ],
    },
    {
      name: "People",
      icon: "👥",
      createdAt: at(-200, 18, 0),
      items: [
        item("With Anna", "list", ["@anna"]),
        item("Since I called Mom", "time since", ["@mom"]),
        item("Friends over the year", "calendar", ["friends"]),
      ],
    },
  ];

  // A weekly event on today's weekday (so today has one), a monthly one, and one of today alone.
  const weeksBack = dayOf(-7 * 20);
  const events: DemoEvent[] = [
    { title: "Yoga class", note: "Bring the mat", date: weeksBack, start: "19:00", end: "20:00", repeat: "weekly" },
    {
      title: "Pay the rent",
      note: "",
      date: `${dayOf(-YEAR_DAYS).slice(0, 8)}01`,
      start: null,
      end: null,
      repeat: "monthly",
    },
    { title: "Book club", note: "Anna Karenina, part 3", date: dayOf(5), start: "18:30", end: "20:30", repeat: "none" },
    { title: "Dentist", note: "", date: dayOf(0), start: "16:15", end: "16:45", repeat: "none" },
  ];

  const donate = {
    title: "Buy me a coffee",
    btcAddress: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    ethAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    paypalDonateButtonId: "",
  };
  const donations = [
    { chain: "btc" as const, txId: "a".repeat(64), amount: "150000", fromAddress: "", at: at(-40, 14, 3) },
    {
      chain: "eth" as const,
      txId: `0x${"b".repeat(64)}`,
      amount: "20000000000000000",
      fromAddress: "",
      at: at(-11, 9, 41),
    },
  ];

  const importRun = {
    format: "daylio" as const,
    fileHash: "5e".repeat(32),
    startedAt: at(-IMPORTED_DAYS_AGO, 21, 4),
    finishedAt: at(-IMPORTED_DAYS_AGO, 21, 4) + 3000,
  };

  return { today, timeZone, now, entries, people, checklists, stacks, timers, events, donate, donations, importRun };
}

/** A text as an SQL literal: the writer binds nothing, so no statement meets D1's 100 parameters. */
const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const nullable = (n: number | null) => (n === null ? "NULL" : String(n));
/** Rows a statement inserts: each statement well under D1's 100 KB of SQL. */
const ROWS = 200;

/** What was written: the counts `npm start` and `npm run demo` print. */
export interface DemoWritten {
  entries: number;
  people: number;
  checklists: number;
  stacks: number;
  stackItems: number;
  timers: number;
  events: number;
}

/**
 * Writes the plan for the account `userId` (its profile's zone too): one batch of inserts, with ids taken
 * after each table's largest, then the use counts and the sleep columns. The account is expected to hold
 * nothing yet (`npm run demo -- reset` removes its rows first).
 */
export async function writeDemoYear(db: Db, userId: number, plan: DemoYear): Promise<DemoWritten> {
  const d1 = db.$client;
  const tables = [
    "entries",
    "tags",
    "metrics",
    "people",
    "steps",
    "stacks",
    "stack_items",
    "timers",
    "events",
    "donations",
    "imports",
  ];
  const maxima = await d1.batch<{ n: number }>(
    // Past the largest id ever given too (sqlite_sequence), so no id of a removed row is given again.
    tables.map((t) =>
      d1.prepare(
        `SELECT max(coalesce((SELECT max(id) FROM ${t}), 0), coalesce((SELECT seq FROM sqlite_sequence WHERE name = '${t}'), 0)) AS n`,
      ),
    ),
  );
  const base = Object.fromEntries(tables.map((t, i) => [t, maxima[i]?.results[0]?.n ?? 0])) as Record<string, number>;
  const idIn = (table: string, index: number) => (base[table] as number) + index + 1;

  const tagNames = [
    ...new Set([
      ...plan.entries.flatMap((e) => e.tags),
      ...plan.people.flatMap((p) => p.tags),
      ...plan.timers.flatMap((t) => t.tags),
    ]),
  ].sort();
  const metricNames = [...new Set(plan.entries.flatMap((e) => e.metrics.map((m) => m.name)))].sort();
  const tagId = new Map(tagNames.map((n, i) => [n, idIn("tags", i)]));
  const metricId = new Map(metricNames.map((n, i) => [n, idIn("metrics", i)]));
  const importId = idIn("imports", 0);
  const importedAt = plan.importRun.finishedAt;

  const statements: string[] = [];
  const insert = (head: string, rows: string[]) => {
    for (let from = 0; from < rows.length; from += ROWS)
      statements.push(`${head} VALUES ${rows.slice(from, from + ROWS).join(", ")}`);
  };
  statements.push(`UPDATE users SET time_zone = ${q(plan.timeZone)} WHERE id = ${userId}`);
  insert(
    "INSERT INTO imports (id, user_id, format, state, file_hash, started_at, updated_at, finished_at, chunks, summary)",
    [
      `(${importId}, ${userId}, ${q(plan.importRun.format)}, 'done', ${q(plan.importRun.fileHash)}, ${plan.importRun.startedAt}, ${importedAt}, ${importedAt}, 1, ${q(
        JSON.stringify({
          entries: plan.entries.filter((e) => e.imported).length,
          people: 0,
          checklists: 0,
          events: 0,
          timers: 0,
          stacks: 0,
          stackItems: 0,
          donateInfo: 0,
          donations: 0,
          tags: 0,
          metrics: 0,
        }),
      )})`,
    ],
  );
  insert(
    "INSERT INTO tags (id, user_id, name)",
    tagNames.map((n) => `(${tagId.get(n)}, ${userId}, ${q(n)})`),
  );
  insert(
    "INSERT INTO metrics (id, user_id, name)",
    metricNames.map((n) => `(${metricId.get(n)}, ${userId}, ${q(n)})`),
  );

  const fingerprints = await Promise.all(plan.entries.map((e) => entryFingerprint(e.text, e.tags, e.metrics)));
  insert(
    "INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint, import_id, import_mark)",
    plan.entries.map((e, i) => {
      // An imported entry carries the import's time as its own, as an import writes it; the rest their date.
      const modified = e.imported ? importedAt : e.date;
      const mark = e.imported ? `${importId}, ${importedAt}` : "NULL, NULL";
      return `(${idIn("entries", i)}, ${userId}, ${q(e.text)}, ${e.date}, ${modified}, ${q(fingerprints[i] as string)}, ${mark})`;
    }),
  );
  insert(
    "INSERT INTO entry_tags (entry_id, tag_id)",
    plan.entries.flatMap((e, i) => [...new Set(e.tags)].map((t) => `(${idIn("entries", i)}, ${tagId.get(t)})`)),
  );
  insert(
    "INSERT INTO entry_metrics (entry_id, metric_id, value)",
    plan.entries.flatMap((e, i) =>
      e.metrics.map((m) => `(${idIn("entries", i)}, ${metricId.get(m.name)}, ${m.value})`),
    ),
  );

  insert(
    "INSERT INTO people (id, user_id, name, email, birth_date, birth_month_day, created_at, modified_at)",
    plan.people.map((p, i) => {
      const added = plan.now - (400 - i * 7) * DAY;
      return `(${idIn("people", i)}, ${userId}, ${q(p.name)}, ${q(p.email)}, ${q(p.birthDate)}, ${q(p.birthDate.slice(5))}, ${added}, ${added})`;
    }),
  );
  insert(
    "INSERT INTO person_tags (person_id, tag_id)",
    plan.people.flatMap((p, i) => p.tags.map((t) => `(${idIn("people", i)}, ${tagId.get(t)})`)),
  );

  insert(
    "INSERT INTO steps (id, user_id, name, content, total_items, completed_items, counts_rule, deadline, created_at, modified_at)",
    plan.checklists.map((s, i) => {
      const content = normalizeChecklist(s.content);
      const { totalItems, completedItems } = contentProgress(content);
      return `(${idIn("steps", i)}, ${userId}, ${q(s.name)}, ${q(content)}, ${totalItems}, ${completedItems}, 1, ${nullable(s.deadline)}, ${s.createdAt}, ${s.createdAt})`;
    }),
  );

  insert(
    "INSERT INTO stacks (id, user_id, name, icon, created_at)",
    plan.stacks.map((s, i) => `(${idIn("stacks", i)}, ${userId}, ${q(s.name)}, ${q(s.icon)}, ${s.createdAt})`),
  );
  const items = plan.stacks.flatMap((s, i) =>
    s.items.map((item, position) => ({ item, position, stack: i, createdAt: s.createdAt })),
  );
  insert(
    "INSERT INTO stack_items (id, user_id, stack_id, title, type, uptime_only, tags_sign, position, config, created_at)",
    items.map(({ item, position, stack, createdAt }, i) => {
      const config = {
        filter: item.filter,
        timeRange: item.timeRange,
        metricId: item.metric === null ? null : (metricId.get(item.metric) ?? null),
        goal: item.goal,
      };
      return `(${idIn("stack_items", i)}, ${userId}, ${idIn("stacks", stack)}, ${q(item.title)}, ${q(item.type)}, ${item.uptimeOnly ? 1 : 0}, ${q(item.tagsSign)}, ${position}, ${q(JSON.stringify(config))}, ${createdAt})`;
    }),
  );

  insert(
    "INSERT INTO timers (id, user_id, text, init_at, started_at, paused_at, paused_time_diff, goal, complete, entry_id, modified_at)",
    plan.timers.map((t, i) => {
      const entry = t.entry === null ? "NULL" : String(idIn("entries", t.entry));
      const done = t.savedAt === null ? "NULL, 0, " : `${t.savedAt}, 0, `;
      return `(${idIn("timers", i)}, ${userId}, ${q(t.text)}, ${t.startedAt}, ${t.startedAt}, ${done}${nullable(t.goal)}, ${t.savedAt === null ? 0 : 1}, ${entry}, ${t.savedAt ?? t.startedAt})`;
    }),
  );
  insert(
    "INSERT INTO timer_tags (timer_id, tag_id)",
    plan.timers.flatMap((t, i) => t.tags.map((name) => `(${idIn("timers", i)}, ${tagId.get(name)})`)),
  );

  insert(
    `INSERT INTO events (id, user_id, title, note, date, "start", "end", "repeat", created_at, modified_at)`,
    plan.events.map((e, i) => {
      const made = plan.now - 30 * DAY;
      return `(${idIn("events", i)}, ${userId}, ${q(e.title)}, ${q(e.note)}, ${q(e.date)}, ${e.start === null ? "NULL" : q(e.start)}, ${e.end === null ? "NULL" : q(e.end)}, ${q(e.repeat)}, ${made}, ${made})`;
    }),
  );

  const d = plan.donate;
  statements.push(
    `INSERT INTO donate_info (user_id, title, eth_address, btc_address, paypal_donate_button_id, updated_at)
     VALUES (${userId}, ${q(d.title)}, ${q(d.ethAddress)}, ${q(d.btcAddress)}, ${q(d.paypalDonateButtonId)}, ${plan.now - 60 * DAY})`,
  );
  insert(
    "INSERT INTO donations (id, user_id, chain, tx_id, amount, from_address, at, recorded_at)",
    plan.donations.map(
      (x, i) =>
        `(${idIn("donations", i)}, ${userId}, ${q(x.chain)}, ${q(x.txId)}, ${q(x.amount)}, ${q(x.fromAddress)}, ${x.at}, ${x.at + 10 * MINUTE})`,
    ),
  );

  // Each tag's use count and last use, from its links, as every write of the API keeps them.
  statements.push(
    `UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id),
       last_used_at = (SELECT max(e.date) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = tags.id)
     WHERE user_id = ${userId}`,
  );

  await d1.batch(statements.map((s) => d1.prepare(s)));
  // The down/up entries marked the account's sleep columns stale (migration 0003's triggers): computed now.
  await refreshUptime(db, userId);
  return {
    entries: plan.entries.length,
    people: plan.people.length,
    checklists: plan.checklists.length,
    stacks: plan.stacks.length,
    stackItems: items.length,
    timers: plan.timers.length,
    events: plan.events.length,
  };
}
