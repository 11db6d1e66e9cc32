import { todayIn } from "@nook/shared/common/calendar-date";
import { isTimeZone } from "@nook/shared/common/time-zone";
import { EXPORT_FORMAT, EXPORT_PAGE_ROWS, EXPORT_VERSION } from "@nook/shared/user/limits";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail, NOT_SIGNED_IN } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { entriesCsv } from "./export-csv.ts";
import {
  type EntryKey,
  exportChecklists,
  exportDonateInfo,
  exportDonations,
  exportEntries,
  exportEvents,
  exportMetrics,
  exportPeople,
  exportProfile,
  exportStacks,
  exportTags,
  exportTimers,
} from "./export-queries.ts";
import { array, iso, isoOrNull, keyset, streamOf } from "./export-stream.ts";

const PAGE = EXPORT_PAGE_ROWS;
const byId = (row: { id: number }) => row.id;

/** The pages of one id-keyed kind. */
function pagesOf<R extends { id: number }>(
  read: (db: Db, userId: number, after: number | undefined, limit: number) => Promise<R[]>,
  db: Db,
  userId: number,
  text: (row: R) => string,
) {
  return keyset((after: number | undefined) => read(db, userId, after, PAGE), byId, text, PAGE);
}

interface StackItemJson {
  title: string;
  type: string;
  uptimeOnly: number;
  tagsSign: string;
  position: number;
  config: {
    filter?: { name: string; not?: boolean }[];
    timeRange?: string | null;
    date?: string | null;
    goal?: { times: number; per: string } | null;
  };
  metric: string | null;
  createdAt: number;
}

/** Everything after the profile, in the format's order (packages/shared/src/user/export.ts), a page a chunk. */
async function* exportRest(
  db: Db,
  userId: number,
  info: Awaited<ReturnType<ReturnType<typeof exportDonateInfo>["get"]>>,
) {
  yield* array(
    "tags",
    pagesOf(exportTags, db, userId, (t) => JSON.stringify(t.name)),
  );
  yield* array(
    "metrics",
    pagesOf(exportMetrics, db, userId, (m) => JSON.stringify(m.name)),
  );
  yield* array(
    "stacks",
    pagesOf(exportStacks, db, userId, (s) =>
      JSON.stringify({
        name: s.name,
        icon: s.icon,
        createdAt: iso(s.createdAt),
        items: (JSON.parse(s.items) as StackItemJson[]).map((i) => ({
          title: i.title,
          type: i.type,
          uptimeOnly: Boolean(i.uptimeOnly),
          tagsSign: i.tagsSign,
          position: i.position,
          config: {
            filter: (i.config.filter ?? []).map((f) => ({ name: f.name, not: Boolean(f.not) })),
            timeRange: i.config.timeRange ?? null,
            metric: i.metric,
            // The moment the statistic is computed as of (null: now); items saved before items had one have none.
            date: i.config.date ?? null,
            // A streak's habit goal (null: the daily streak); items saved before goals have none.
            goal: i.config.goal ?? null,
          },
          createdAt: iso(i.createdAt),
        })),
      }),
    ),
  );
  yield* array(
    "timers",
    pagesOf(exportTimers, db, userId, (t) =>
      JSON.stringify({
        text: t.text,
        tags: JSON.parse(t.tags),
        initAt: iso(t.initAt),
        startedAt: iso(t.startedAt),
        pausedAt: isoOrNull(t.pausedAt),
        pausedTimeDiff: t.pausedTimeDiff,
        goal: isoOrNull(t.goal),
        complete: t.complete,
        modifiedAt: iso(t.modifiedAt),
      }),
    ),
  );
  yield* array(
    "people",
    pagesOf(exportPeople, db, userId, (p) =>
      JSON.stringify({
        name: p.name,
        email: p.email,
        birthDate: p.birthDate,
        tags: JSON.parse(p.tags),
        createdAt: iso(p.createdAt),
        modifiedAt: iso(p.modifiedAt),
      }),
    ),
  );
  yield* array(
    "checklists",
    pagesOf(exportChecklists, db, userId, (s) =>
      JSON.stringify({
        name: s.name,
        content: s.content,
        deadline: isoOrNull(s.deadline),
        createdAt: iso(s.createdAt),
        modifiedAt: iso(s.modifiedAt),
      }),
    ),
  );
  yield* array(
    "events",
    pagesOf(exportEvents, db, userId, (e) =>
      JSON.stringify({
        title: e.title,
        note: e.note,
        date: e.date,
        start: e.start,
        end: e.end,
        repeat: e.repeat,
        createdAt: iso(e.createdAt),
        modifiedAt: iso(e.modifiedAt),
      }),
    ),
  );
  yield `,"donateInfo":${JSON.stringify(info ? { ...info, updatedAt: iso(info.updatedAt) } : null)}`;
  yield* array(
    "donations",
    pagesOf(exportDonations, db, userId, (d) =>
      JSON.stringify({
        chain: d.chain,
        txId: d.txId,
        amount: d.amount,
        fromAddress: d.fromAddress,
        at: iso(d.at),
        recordedAt: iso(d.recordedAt),
      }),
    ),
  );
  // The long list last; its tags and metrics are SQLite's JSON arrays, put in as they come.
  yield* array(
    "entries",
    keyset(
      (after: EntryKey | undefined) => exportEntries(db, userId, after, PAGE),
      (e) => ({ date: e.date, id: e.id }),
      (e) =>
        `{"date":"${iso(e.date)}","modifiedAt":"${iso(e.modifiedAt)}","text":${JSON.stringify(e.text)},"tags":${e.tags},"metrics":${e.metrics}}`,
      PAGE,
    ),
  );
  yield "}";
}

/** `nook-<username>-<the day in the profile's zone>.<ext>`: a username is a-z, 0-9, '_' and '-' only. */
function fileName(username: string, timeZone: string | null, ext: string) {
  const day = todayIn(timeZone && isTimeZone(timeZone) ? timeZone : "UTC");
  return `nook-${username}-${day}.${ext}`;
}

function download(body: ReadableStream<Uint8Array>, type: string, name: string) {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * Your data: `GET /api/user/export`, everything the user owns as one JSON document (the
 * format: packages/shared/src/user/export.ts), and `GET /api/user/export/entries.csv`, the entries as a
 * spreadsheet (export-csv.ts). Both are streamed a page of rows at a time (export-stream.ts).
 */
export const exportRoutes = new Hono<AppEnv>()
  .get("/export", requireUser, async (c) => {
    const db = c.var.db;
    const userId = c.var.user.id;
    // The first trip: it carries the session check, and an ended session is answered 401 before a byte is sent.
    const [profile, info] = await db.batch([exportProfile(db, userId), exportDonateInfo(db, userId)]);
    const me = profile[0];
    if (!me) return fail(c, 401, NOT_SIGNED_IN);
    const head = `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":"${iso(Date.now())}","profile":${JSON.stringify(
      { ...me, createdAt: iso(me.createdAt) },
    )}`;
    const body = streamOf(head, exportRest(db, userId, info[0]));
    return download(body, "application/json; charset=utf-8", fileName(me.username, me.timeZone, "json"));
  })
  .get("/export/entries.csv", requireUser, async (c) => {
    const { first, rest, username, timeZone } = await entriesCsv(c.var.db, c.var.user.id);
    return download(
      streamOf(first, rest),
      "text/csv; charset=utf-8; header=present",
      fileName(username, timeZone, "csv"),
    );
  });
