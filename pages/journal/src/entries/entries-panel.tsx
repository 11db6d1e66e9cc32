import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { localDayNumber, zonedParts } from "@nook/shared/common/time-zone";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@nook/shared/journal/limits";
import { errorText, readerTimeZone } from "@nook/ui/api";
import { formatDayHeading } from "@nook/ui/dates";
import { changesByRow, discard, type QueuedWrite, useQueue } from "@nook/ui/offline-queue";
import { lazyScreen } from "@nook/ui/screens";
import { useToast } from "@nook/ui/toasts";
import { invalidate, useData } from "@nook/ui/use-data";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  ENTRIES_KEYS,
  type EntriesPage,
  type Entry,
  journal,
  queueDelete,
  queuedEntryId,
  queuedPayload,
  sentEntryId,
} from "../journal-api.ts";
import { useKnownTags } from "../known.ts";
import { EntryItem, QueuedEntryItem } from "./entry-item.tsx";
import { type EntryScope, endOfLocalDay, keepDay } from "./scope.ts";
import { type EntrySearch, isSearching } from "./search.ts";

// The search's box and filters, and "On this day", load just after the list (the journal's first load is full),
// with their strings (lingui.config.ts LAZY_CATALOGS: search).
const SearchBar = lazyScreen(() => import("./search-bar.tsx").then((m) => m.SearchBar), "search");

import { OnThisDay } from "./on-this-day.tsx";

/** Read again after every journal write (they invalidate "journal"); not under ENTRIES_KEYS, whose lists a sent edit rewrites. */
const ON_THIS_DAY_KEY = "journal/on-this-day";

const PAGE = PAGE_LIMIT_DEFAULT;
const NO_MARKS: string[] = [];
/** A page of the list; while searching, the words its rows mark too (the box read with the user's tags). */
type Loaded = EntriesPage & { marks?: string[] };

/** The list's data key: every journal write invalidates "journal" (home.tsx), this among them. */
const entriesKey = (scope: EntryScope, search: { search: EntrySearch; spaced: string[] } | null) =>
  `${ENTRIES_KEYS}${JSON.stringify(search ?? scope)}`;
/** How long a just-written row stays marked. */
const FLASH_MS = 2000;

type Row = { entry: Entry; item?: undefined } | { item: QueuedWrite; entry?: Entry };

/** The date a waiting write gives its entry: the one written, or when it was written. */
const queuedDate = (item: QueuedWrite) => queuedPayload(item).date ?? new Date(item.createdAt).toISOString();

/**
 * The list's rows: its entries, and the writes not on the server yet — a new entry at its date's place (newest
 * first); an edit or delete waiting in its entry's place, the latest of them shown; a refused one above its
 * entry, which stays as the server has it. In the list of all entries (`all`), an edit of an entry it does not
 * hold goes by its date, as a new one does.
 */
function rowsOf(entries: Entry[], queued: QueuedWrite[], changes: QueuedWrite[], all: boolean): Row[] {
  const byEntry = changesByRow(changes, queuedEntryId);
  const held = new Set(entries.map((e) => e.id));
  const loose = all ? changes.filter((i) => i.kind === "entry-edit" && !held.has(queuedEntryId(i) ?? -1)) : [];
  // Newest first among themselves too: the later written goes above.
  const waiting = [...queued, ...loose]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((item) => ({ item, at: Date.parse(queuedDate(item)) }))
    .reverse();
  const rows: Row[] = [];
  for (const entry of entries) {
    const at = Date.parse(entry.date);
    while (waiting.length && (waiting[0]?.at ?? 0) >= at) {
      const next = waiting.shift();
      if (next) rows.push({ item: next.item });
    }
    const kept = byEntry.get(entry.id);
    for (const item of kept?.refused ?? []) rows.push({ item, entry });
    rows.push(kept?.pending ? { item: kept.pending, entry } : { entry });
  }
  for (const { item } of waiting) rows.push({ item });
  return rows;
}

/** A row's moment: its entry's, or the date its waiting write gives it. */
function rowDate(row: Row): string {
  if (!row.item) return row.entry.date;
  return row.entry?.date ?? queuedDate(row.item);
}

/** The rows (newest first) under their local days, in the profile's zone; each day by its number. */
function byDay(rows: Row[], timeZone: string): { day: number; at: string; rows: Row[] }[] {
  const days: { day: number; at: string; rows: Row[] }[] = [];
  for (const row of rows) {
    const at = rowDate(row);
    const day = localDayNumber(Date.parse(at), timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.rows.push(row);
    else days.push({ day, at, rows: [row] });
  }
  return days;
}

/**
 * A day's heading: "Today", "Yesterday", or the day written out ("Monday, November 23"), with how many days
 * ago it was up to nine (calendar days in the profile's zone, as the rows' relative times count them).
 */
export function DayHeading({ at, now, timeZone }: { at: string; now: Date; timeZone: string }) {
  const { i18n } = useLingui();
  const days = localDayNumber(now.getTime(), timeZone) - localDayNumber(Date.parse(at), timeZone);
  if (days === 0) return <Trans>Today</Trans>;
  if (days === 1) return <Trans>Yesterday</Trans>;
  const heading = formatDayHeading(at, i18n.locale, timeZone, zonedParts(now.getTime(), timeZone).year);
  if (days < 2 || days >= 10) return <>{heading}</>;
  return (
    <>
      {heading}{" "}
      <span className="muted entry-day-ago">
        · <Plural value={days} one="# day ago" other="# days ago" />
      </span>
    </>
  );
}

/** The entries, newest first, loading more as the end scrolls into view; or those a search finds. */
export function EntriesPanel({
  scope,
  search,
  onSearch,
  onShortcut,
  highlight,
  onChanged,
  onEdit,
  onDuplicate,
}: {
  /** Only some entries, as a link from another site asked (scope.ts). */
  scope: EntryScope;
  /** The search in the address (search.ts): while it asks for anything, the list is its results. */
  search: EntrySearch;
  onSearch(next: EntrySearch): void;
  /** `/` was pressed: show this panel. */
  onShortcut(): void;
  /** An entry just written: its row (new, or the run it joined) is scrolled to and flashed once the list shows it. */
  highlight: { id: number } | null;
  onChanged(id: number | null): void;
  onEdit(e: Entry): void;
  onDuplicate(e: Entry): void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const searching = isSearching(search) ? search : null;
  // "On this day": nothing at all when there are none, while they load, or when they could not be read.
  const { data: earlier } = useData(ON_THIS_DAY_KEY, journal.onThisDay);
  const zone = readerTimeZone();
  // The box is read with the user's tags, so one with spaces (`@ada lovelace`) is one tag: read again once they load.
  const known = useKnownTags();
  const spaced = useMemo(() => known.filter((name) => name.includes(" ")), [known]);
  const asked = useMemo(() => (searching ? { search: searching, spaced } : null), [searching, spaced]);
  // A page of the scope's entries, and whether an older page may hold more of them.
  const page = useCallback(
    async (before: string | undefined, limit: number): Promise<Loaded> => {
      if (asked) {
        // The box's reading is loaded with the first search, not with the page.
        const { readBox, searchQuery } = await import("./search-read.ts");
        const entries = await journal.search(searchQuery(asked.search, asked.spaced), before, limit);
        // The words the results mark: the box's, not its tags.
        return { entries, more: entries.length === limit, marks: readBox(asked.search.q, asked.spaced).words };
      }
      if (scope?.kind === "tags") {
        const entries = await journal.withAnyTag(scope.tags, before, limit);
        return { entries, more: entries.length === limit };
      }
      const entries = await journal.list(before ?? (scope ? endOfLocalDay(scope.day, zone) : undefined), limit);
      if (scope?.kind !== "day") return { entries, more: entries.length === limit };
      // A day's list ends where its entries do: the older ones are other days'.
      const day = keepDay(entries, scope.day, zone);
      return { entries: day.entries, more: !day.past && entries.length === limit };
    },
    [scope, asked, zone],
  );
  // The list as far as it was scrolled: asked again, as many rows as are shown come back (up to the API's limit).
  const { data, error, mutate, retry } = useData<Loaded>(entriesKey(scope, asked), (shown) =>
    page(undefined, Math.min(Math.max(PAGE, shown?.entries.length ?? 0), PAGE_LIMIT_MAX)),
  );
  const marks = (searching && data?.marks) || NO_MARKS;
  // Spec §8: a failed list fetch shows an empty list, and is logged (useData logs); it says it failed (below).
  const entries = data?.entries ?? (error === undefined ? null : []);
  const more = data?.more ?? false;
  // New entries kept in this browser until the server has them (offline-queue): shown at their place, marked;
  // a sent one until the list holds what it became. A scoped list shows those of its tags only.
  const queue = useQueue();
  // Edits and deletes waiting or refused, in the order they were made; a sent one is in the list's data already.
  const changes = queue.items.filter(
    (item) => (item.kind === "entry-edit" || item.kind === "entry-delete") && item.state !== "sent",
  );
  const queued = queue.items.filter((item) => {
    if (item.kind !== "entry") return false;
    if (item.state === "sent") {
      const id = sentEntryId(item);
      if (id === null || !data || data.entries.some((e) => e.id === id)) return false;
    }
    // A search's results are the server's: what is not there yet is in the full list.
    if (searching) return false;
    if (!scope) return true;
    if (scope.kind === "day") return false;
    const tags = queuedPayload(item).tags ?? [];
    return scope.tags.some((tag) => tags.includes(tag));
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (data) setNow(new Date());
  }, [data]);

  // The row of a just-written entry: where it landed, marked for a moment — once, when the list shows it.
  const [flash, setFlash] = useState<number | null>(null);
  const awaited = useRef<{ id: number } | null>(null);
  const shown = useRef(data);
  shown.current = data;
  /** Flashes the awaited row once the list holds it. */
  const lookForAwaited = useCallback(() => {
    const want = awaited.current;
    if (want && shown.current?.entries.some((e) => e.id === want.id)) {
      awaited.current = null;
      setFlash(want.id);
    }
  }, []);
  // Looked for when the write is known, and when the list changes: the write's answer may come after the
  // list's read (the queue reads the list again as soon as the write is in, before the form hears how it went).
  useEffect(() => {
    awaited.current = highlight;
    lookForAwaited();
  }, [highlight, lookForAwaited]);
  useEffect(() => {
    if (data) lookForAwaited();
  }, [data, lookForAwaited]);

  useEffect(() => {
    if (flash === null) return;
    document.querySelector(`[data-entry-id="${flash}"]`)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  // Relative times stay true while the page is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const loadMore = useCallback(async () => {
    const last = entries?.at(-1);
    if (!last || loadingMore || !more) return;
    setLoadingMore(true);
    try {
      const next = await page(last.cursor, PAGE);
      mutate((all) => ({ ...all, entries: [...(all?.entries ?? []), ...next.entries], more: next.more }));
    } catch (err) {
      console.error(err);
      mutate((all) => ({ ...all, entries: all?.entries ?? [], more: false }));
    } finally {
      setLoadingMore(false);
    }
  }, [entries, loadingMore, more, page, mutate]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((s) => s.isIntersecting)) void loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, more]);

  async function lift(entry: Entry) {
    try {
      const lifted = await journal.lift(entry.id);
      toast(t`Lifted: it happened again`);
      onChanged(lifted.id);
      void invalidate("journal");
    } catch (err) {
      toast(errorText(err, t`Something went wrong :C`), { kind: "error" });
    }
  }
  async function remove(entry: Entry) {
    // Kept in this browser first (offline-queue): with no network it waits, struck through, until it can go.
    try {
      const { outcome } = await queueDelete(entry.id);
      const result = await outcome;
      if (result.state === "sent") toast(t`Entry deleted`);
      else if (result.state === "waiting") toast(t`Kept in this browser: deleted when the network is back`);
      else {
        void discard(result.item);
        toast(`${t`failed to delete`}: ${errorText(result.error, t`Something went wrong :C`)}`, { kind: "error" });
      }
    } catch {
      toast(t`failed to delete`, { kind: "error" });
    }
  }

  const tags = scope?.kind === "tags" ? scope.tags.join(", ") : "";
  const day =
    scope?.kind === "day"
      ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long" }).format(new Date(`${scope.day}T12:00:00`))
      : "";
  const bar = (
    <Suspense fallback={<div className="entry-search-placeholder" />}>
      <SearchBar search={search} onSearch={onSearch} onShortcut={onShortcut} />
    </Suspense>
  );
  const scopeLine = searching ? (
    <p className="entries-scope" aria-live="polite">
      <Trans>Entries found by the search</Trans>
    </p>
  ) : (
    scope && (
      <p className="entries-scope">
        {scope.kind === "tags" ? <Trans>Entries tagged {tags}</Trans> : <Trans>Entries of {day}</Trans>}{" "}
        <a href="/#entries">
          <Trans>Show all entries</Trans>
        </a>
      </p>
    )
  );
  if (entries === null)
    return (
      <>
        {bar}
        {scopeLine}
        <p className="muted" aria-busy="true">
          <Trans>Loading entries...</Trans>
        </p>
      </>
    );
  const signedOut = queue.signedOut && queued.some((item) => item.state === "waiting") && (
    <p className="error-line" role="alert">
      <Trans>Sign in again to send the entries waiting in this browser.</Trans>
    </p>
  );
  // A list that could not be loaded (and has no saved copy) says so: "No entries found." is the server's word.
  const failed = data === undefined && error !== undefined && (
    <div className="row">
      <p className="error-line" role="alert">
        {errorText(error, t`The entries could not be loaded.`)}
      </p>
      <button type="button" className="button button-quiet" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
  if (entries.length === 0 && queued.length === 0 && (scope || searching || changes.length === 0))
    return (
      <>
        {bar}
        {scopeLine}
        {failed || (
          <p className="muted">
            {searching ? <Trans>No entries match this search.</Trans> : <Trans>No entries found.</Trans>}
          </p>
        )}
      </>
    );
  return (
    <div className="entries">
      {bar}
      {scopeLine}
      {!scope && !searching && earlier?.length ? <OnThisDay entries={earlier} /> : null}
      {signedOut}
      {failed}
      <p className="muted entries-legend">
        <Trans>↑N: how many times it happened. Press it when it does again.</Trans>
      </p>
      {byDay(rowsOf(entries, queued, changes, !scope && !searching), zone).map(({ day, at, rows }) => (
        <section key={day} className="entry-day" aria-labelledby={`entry-day-${day}`}>
          <h3 className="entry-day-heading" id={`entry-day-${day}`}>
            <DayHeading at={at} now={now} timeZone={zone} />
          </h3>
          <ul className="entry-list">
            {rows.map(({ entry, item }) =>
              item ? (
                <QueuedEntryItem
                  key={item.key}
                  item={item}
                  entry={entry}
                  now={now}
                  onDiscard={() => void discard(item)}
                />
              ) : (
                <EntryItem
                  key={entry.id}
                  entry={entry}
                  now={now}
                  marks={marks}
                  flash={flash === entry.id}
                  onLift={() => lift(entry)}
                  onEdit={() => onEdit(entry)}
                  onDuplicate={() => onDuplicate(entry)}
                  onDelete={() => remove(entry)}
                />
              ),
            )}
          </ul>
        </section>
      ))}
      {more && (
        <div ref={sentinel} className="muted entries-more">
          {loadingMore ? <Trans>Loading entries...</Trans> : null}
        </div>
      )}
    </div>
  );
}
