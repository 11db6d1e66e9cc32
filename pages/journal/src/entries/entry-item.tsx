import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import { relativeTime } from "@nook/shared/common/relative-time";
import { isMood, MOOD_EMOJI } from "@nook/shared/journal/mood";
import { readerTimeZone } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import type { Entry } from "../journal-api.ts";

/** How long ago an entry was (spec §9), in the reader's language and the profile's time zone. */
export function When({ date, now, timeZone = readerTimeZone() }: { date: string; now: Date; timeZone?: string }) {
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
      return <>{r.date}</>;
  }
}

export function EntryItem({
  entry,
  now,
  flash = false,
  onLift,
  onEdit,
  onDuplicate,
  onDelete,
}: {
  entry: Entry;
  now: Date;
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
  return (
    <li className={`entry${flash ? " entry-flash" : ""}`} data-testid="entry" data-entry-id={entry.id}>
      <div className="entry-head">
        <time
          dateTime={entry.date}
          title={new Date(entry.date).toLocaleString(i18n.locale, {
            dateStyle: "long",
            timeStyle: "short",
            timeZone: readerTimeZone(),
          })}
          className="muted entry-when"
        >
          <When date={entry.date} now={now} />
        </time>
        {isMood(mood) && (
          <span className="entry-mood" role="img" aria-label={t`Mood ${mood} of 5`}>
            {MOOD_EMOJI[mood]}
          </span>
        )}
        <span className="header-gap" />
        <button
          type="button"
          className="button button-quiet button-small lift"
          onClick={onLift}
          aria-label={t`Lift: it happened again (${entry.totalLifts})`}
        >
          ↑{entry.totalLifts}
        </button>
      </div>
      {entry.text && (
        <p className="entry-text user-text" dir="auto">
          {entry.text}
        </p>
      )}
      {(entry.tags.length > 0 || metrics.length > 0) && (
        <div className="chips">
          {entry.tags.map((tag) => (
            <span key={tag.id} className="chip user-text" dir="auto">
              {tag.name}
            </span>
          ))}
          {metrics.map((m) => (
            <span key={m.id} className="chip chip-metric user-text" dir="auto">
              {m.name}:{" "}
              <strong>
                {m.name === "duration" ? formatDuration(m.value, i18n.locale) : m.value.toLocaleString(i18n.locale)}
              </strong>
            </span>
          ))}
        </div>
      )}
      <div className="row entry-actions">
        <button type="button" className="button button-quiet button-small" onClick={onEdit}>
          <Trans>Edit</Trans>
        </button>
        <button type="button" className="button button-quiet button-small" onClick={onDuplicate}>
          <Trans>Duplicate</Trans>
        </button>
        {entry.isLifted ? (
          // A collapsed run: the delete removes its latest entry only, and says so.
          <DeleteButton onConfirm={onDelete} small title={t`Deletes the latest of these ${entry.totalLifts} entries`}>
            <Trans>Delete latest</Trans>
          </DeleteButton>
        ) : (
          <DeleteButton onConfirm={onDelete} small />
        )}
      </div>
    </li>
  );
}
