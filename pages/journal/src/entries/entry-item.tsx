import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import { relativeTime } from "@nook/shared/common/relative-time";
import { localDayNumber } from "@nook/shared/common/time-zone";
import { isMood, MOOD_EMOJI } from "@nook/shared/journal/mood";
import { readerTimeZone } from "@nook/ui/api";
import { formatDate, formatDateTime, formatTime } from "@nook/ui/dates";
import { DeleteButton } from "@nook/ui/delete-button";
import { focusBeside } from "@nook/ui/focus-after";
import { type QueuedWrite, refusalError } from "@nook/ui/offline-queue";
import { useRef, useState } from "react";
import { type Entry, queuedPayload } from "../journal-api.ts";
import { markWords } from "./search.ts";

/** How long ago an entry was (spec §9), in the reader's language and the profile's time zone. */
export function When({ date, now, timeZone = readerTimeZone() }: { date: string; now: Date; timeZone?: string }) {
  const { i18n } = useLingui();
  const r = relativeTime(new Date(date), now, timeZone);
  switch (r.kind) {
    case "just-recently":
      return <Trans>just recently</Trans>;
    case "minutes":
      return <Trans>{r.n} min ago</Trans>;
    case "hours":
      return <Trans>{r.n} h ago</Trans>;
    case "at":
      return <Trans>at {r.time}</Trans>;
    case "yesterday":
      return <Trans>yesterday</Trans>;
    case "days":
      return <Plural value={r.n} one="# day ago" other="# days ago" />;
    case "date":
      return <>{formatDate(r.at, i18n.locale, timeZone)}</>;
  }
}

/** A row's time under its day's heading: how long ago on the day it is, else its time of day. */
function RowTime({ date, now }: { date: string; now: Date }) {
  const { i18n } = useLingui();
  const zone = readerTimeZone();
  if (localDayNumber(Date.parse(date), zone) === localDayNumber(now.getTime(), zone))
    return <When date={date} now={now} timeZone={zone} />;
  return <>{formatTime(date, i18n.locale, zone)}</>;
}

export function EntryItem({
  entry,
  now,
  marks = [],
  flash = false,
  onLift,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  entry: Entry;
  now: Date;
  /** A search's words, marked where the text has them. */
  marks?: string[];
  /** Just written: marked for a moment. */
  flash?: boolean;
  onLift(): void;
  onEdit(): void;
  onDuplicate(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useLingui();
  const mood = entry.metrics.find((m) => m.name === "mood")?.value;
  const metrics = entry.metrics.filter((m) => m.name !== "mood");
  const [menu, setMenu] = useState(false);
  const menuId = `entry-actions-${entry.id}`;
  const row = useRef<HTMLLIElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The row is going: the focus goes to the row beside it, not to the page's top.
  const deleted = () => {
    focusBeside(row.current);
    onDelete();
  };
  return (
    <li
      ref={row}
      className={`entry${flash ? " entry-flash" : ""}`}
      data-testid="entry"
      data-entry-id={entry.id}
      onKeyDown={(e) => {
        // Escape closes the row's "…" actions and gives the focus back to "…".
        if (e.key !== "Escape" || !menu) return;
        e.stopPropagation();
        setMenu(false);
        menuButton.current?.focus();
      }}
    >
      <div className="entry-head">
        <time
          dateTime={entry.date}
          title={formatDateTime(entry.date, i18n.locale, readerTimeZone())}
          className="muted entry-when"
        >
          <RowTime date={entry.date} now={now} />
        </time>
        <MoodChip mood={mood} />
        <span className="header-gap" />
        <button
          type="button"
          className="button button-quiet button-small lift"
          onClick={onLift}
          // The name holds what the button shows (↑N), then what it does.
          aria-label={`↑${entry.totalLifts}: ${t`Lift: it happened again`}`}
          title={t`Lift: it happened again`}
        >
          ↑{entry.totalLifts}
        </button>
        <button
          ref={menuButton}
          type="button"
          className="button button-quiet button-small entry-menu-only entry-menu-button"
          aria-expanded={menu}
          aria-controls={menuId}
          aria-label={t`Actions`}
          onClick={() => setMenu((open) => !open)}
        >
          …
        </button>
      </div>
      {entry.text && (
        <p className="entry-text user-text" dir="auto">
          {marks.length
            ? markWords(entry.text, marks).map((part, i) =>
                // The parts of one text never move: their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                part.mark ? <mark key={i}>{part.text}</mark> : part.text,
              )
            : entry.text}
        </p>
      )}
      <Chips tags={entry.tags.map((tag) => tag.name)} metrics={metrics} />
      {/* Wide: the actions in a row; narrow: behind the row's "…" (journal.css), the lift beside it. */}
      <div className={`row entry-actions${menu ? " entry-actions-open" : ""}`} id={menuId}>
        <button type="button" className="button button-quiet button-small" onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
        <button type="button" className="button button-quiet button-small" onClick={onDuplicate}>
          <Trans>Duplicate</Trans>
        </button>
        {entry.isLifted ? (
          // A collapsed run: the delete removes its latest entry only, and says so.
          <DeleteButton onConfirm={deleted} small title={t`Deletes the latest of these ${entry.totalLifts} entries`}>
            <Trans>Delete latest</Trans>
          </DeleteButton>
        ) : (
          <DeleteButton onConfirm={deleted} small />
        )}
      </div>
    </li>
  );
}

/** An entry's tags and metrics (mood apart) as chips. */
/** An entry's mood as its face, named in words; nothing for an entry without one. */
function MoodChip({ mood }: { mood: unknown }) {
  const { t } = useLingui();
  if (!isMood(mood)) return null;
  return (
    <span className="entry-mood" role="img" aria-label={t`Mood ${mood} of 5`}>
      {MOOD_EMOJI[mood]}
    </span>
  );
}

function Chips({ tags, metrics }: { tags: string[]; metrics: { name: string; value: number }[] }) {
  const { i18n } = useLingui();
  if (!tags.length && !metrics.length) return null;
  return (
    <div className="chips">
      {tags.map((tag) => (
        <span key={tag} className="chip user-text" dir="auto">
          {tag}
        </span>
      ))}
      {metrics.map((m) => (
        <span key={m.name} className="chip chip-metric user-text" dir="auto">
          {m.name}:{" "}
          <strong>
            {m.name === "duration" ? formatDuration(m.value, i18n.locale) : m.value.toLocaleString(i18n.locale)}
          </strong>
        </span>
      ))}
    </div>
  );
}

/** The whole of a kept write as text, to put back by hand: its text, tags, metrics and mood, and its time. */
function writeText(entry: Shown, date: string): string {
  const tags = entry.tags.map((tag) => `#${tag}`).join(" ");
  const metrics = entry.metrics.map((m) => `${m.name}: ${m.value}`).join(", ");
  return [entry.text, tags, metrics, date].filter(Boolean).join("\n");
}

/** What a kept write's row shows: the entry as the write would make it (a delete: as the list has it). */
type Shown = { text: string; tags: string[]; metrics: { name: string; value: number }[]; date: string };

function shownOf(item: QueuedWrite, entry: Entry | undefined): Shown {
  if (item.kind === "entry-delete" && entry)
    return { text: entry.text, tags: entry.tags.map((t) => t.name), metrics: entry.metrics, date: entry.date };
  const p = queuedPayload(item);
  return {
    text: p.text ?? "",
    tags: p.tags ?? [],
    metrics: p.metrics ?? [],
    date: p.date ?? new Date(item.createdAt).toISOString(),
  };
}

/**
 * A write the server does not have yet (offline-queue): a new entry, an edit (shown as it will be) or a delete
 * (the entry, struck), waiting to be sent — Cancel takes it back — or refused by the server: then "not saved",
 * with its reason, its whole text to copy, and a Discard. Marked in words and by its dashed edge.
 */
export function QueuedEntryItem({
  item,
  entry,
  now,
  onDiscard,
}: {
  item: QueuedWrite;
  /** The entry an edit or delete is of, as the list has it. */
  entry?: Entry;
  now: Date;
  onDiscard(): void;
}) {
  const { t } = useLingui();
  const shown = shownOf(item, entry);
  const [copied, setCopied] = useState(false);
  const { date } = shown;
  const mood = shown.metrics.find((m) => m.name === "mood")?.value;
  const refused = item.state === "refused";
  const deleting = item.kind === "entry-delete";
  const reason = refused ? refusalError(item).text : null;
  const label = refused ? (
    item.kind === "entry-edit" ? (
      <Trans>Edit not saved</Trans>
    ) : deleting ? (
      <Trans>Not deleted</Trans>
    ) : (
      <Trans>Not saved</Trans>
    )
  ) : item.kind === "entry-edit" ? (
    <Trans>Edit waiting to send</Trans>
  ) : deleting ? (
    <Trans>Delete waiting to send</Trans>
  ) : (
    <Trans>Waiting to send</Trans>
  );
  return (
    <li
      className={`entry entry-queued${refused ? " entry-refused" : ""}${deleting ? " entry-deleting" : ""}`}
      data-testid={refused ? "entry-refused" : "entry-waiting"}
      data-queue-state={item.state}
      data-queue-kind={item.kind}
    >
      <div className="entry-head">
        <time dateTime={date} className="muted entry-when">
          <RowTime date={date} now={now} />
        </time>
        <MoodChip mood={mood} />
        <span className="header-gap" />
        <span className="entry-queue-label">
          <span aria-hidden="true">{refused ? "⚠ " : "⏳ "}</span>
          {label}
        </span>
      </div>
      {shown.text && (
        <p className="entry-text user-text" dir="auto">
          {shown.text}
        </p>
      )}
      <Chips tags={shown.tags} metrics={shown.metrics.filter((m) => m.name !== "mood")} />
      {refused && <p className="error-line entry-refusal">{reason ?? t`The server refused this entry.`}</p>}
      <div className="row entry-actions">
        {refused && !deleting && (
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() =>
              void navigator.clipboard.writeText(writeText(shown, date)).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </button>
        )}
        {/* A waiting one can be taken back before it goes; a refused one discarded. */}
        <DeleteButton onConfirm={onDiscard} small>
          {refused ? <Trans>Discard</Trans> : <Trans>Cancel</Trans>}
        </DeleteButton>
      </div>
    </li>
  );
}
