import { Trans, useLingui } from "@lingui/react/macro";
import { PAGE_LIMIT_DEFAULT } from "@nook/shared/journal/schemas";
import { errorText } from "@nook/ui/api";
import { useToast } from "@nook/ui/toasts";
import { useCallback, useEffect, useRef, useState } from "react";
import { type Entry, journal } from "../journal-api.ts";
import { EntryItem } from "./entry-item.tsx";

const PAGE = PAGE_LIMIT_DEFAULT;
/** How long a just-written row stays marked. */
const FLASH_MS = 2000;

/** The entries, newest first, loading more as the end scrolls into view. */
export function EntriesPanel({
  reloadKey,
  highlightId,
  onChanged,
  onEdit,
  onDuplicate,
}: {
  reloadKey: number;
  /** An entry just written: its row (new, or the run it joined) is scrolled to and flashed once loaded. */
  highlightId: number | null;
  onChanged(id: number | null): void;
  onEdit(e: Entry): void;
  onDuplicate(e: Entry): void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => new Date());

  // The row of a just-written entry: where it landed, marked for a moment — once, when the reload shows it.
  const [flash, setFlash] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is the trigger: a change reloads the first page
  useEffect(() => {
    let cancelled = false;
    journal
      .list(undefined, PAGE)
      .then((page) => {
        if (cancelled) return;
        setEntries(page);
        setMore(page.length === PAGE);
        setNow(new Date());
        if (highlightId !== null && page.some((e) => e.id === highlightId)) setFlash(highlightId);
      })
      .catch((err) => {
        // Spec §8: a failed list fetch shows an empty list, and is logged.
        console.error(err);
        if (!cancelled) setEntries([]);
      });
    return () => {
      cancelled = true;
    };
  }, [reloadKey, highlightId]);

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
      const page = await journal.list(last.cursor, PAGE);
      setEntries((all) => [...(all ?? []), ...page]);
      setMore(page.length === PAGE);
    } catch (err) {
      console.error(err);
      setMore(false);
    } finally {
      setLoadingMore(false);
    }
  }, [entries, loadingMore, more]);

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
    } catch (err) {
      toast(errorText(err, t`Something went wrong :C`), { kind: "error" });
    }
  }
  async function remove(entry: Entry) {
    try {
      await journal.remove(entry.id);
      toast(t`Entry deleted`);
      onChanged(null);
    } catch {
      toast(t`failed to delete`, { kind: "error" });
    }
  }

  if (entries === null)
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading entries...</Trans>
      </p>
    );
  if (entries.length === 0)
    return (
      <p className="muted">
        <Trans>No entries found.</Trans>
      </p>
    );
  return (
    <div className="entries">
      <ul className="entry-list">
        {entries.map((entry) => (
          <EntryItem
            key={entry.id}
            entry={entry}
            now={now}
            flash={flash === entry.id}
            onLift={() => lift(entry)}
            onEdit={() => onEdit(entry)}
            onDuplicate={() => onDuplicate(entry)}
            onDelete={() => remove(entry)}
          />
        ))}
      </ul>
      {more && (
        <div ref={sentinel} className="muted entries-more">
          {loadingMore ? <Trans>Loading entries...</Trans> : null}
        </div>
      )}
    </div>
  );
}
