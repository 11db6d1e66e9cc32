import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { zonedParts } from "@nook/shared/common/time-zone";
import { readerTimeZone } from "@nook/ui/api";
import { formatDate } from "@nook/ui/dates";
import type { Entry } from "../journal-api.ts";

/**
 * "On this day": the entries written on today's date in earlier years (entries-panel.tsx reads them), as a
 * quiet row at the top of the list — closed, a line; opened, each with its date and text.
 */
export function OnThisDay({ entries: data }: { entries: Entry[] }) {
  const { i18n } = useLingui();
  const zone = readerTimeZone();
  const thisYear = zonedParts(Date.now(), zone).year;
  return (
    <details className="on-this-day" data-testid="on-this-day">
      <summary>
        <Trans>On this day</Trans>:{" "}
        <span className="muted">
          <Plural value={data.length} one="# entry from an earlier year" other="# entries from earlier years" />
        </span>
      </summary>
      <ul className="on-this-day-list">
        {data.map((entry) => {
          const years = thisYear - zonedParts(Date.parse(entry.date), zone).year;
          return (
            <li key={entry.id}>
              <time dateTime={entry.date} className="muted">
                {formatDate(entry.date, i18n.locale, zone)} ·{" "}
                <Plural value={years} one="# year ago" other="# years ago" />
              </time>{" "}
              {entry.text ? (
                <span className="user-text" dir="auto">
                  {entry.text}
                </span>
              ) : (
                <span className="muted">{entry.tags.map((t) => `#${t.name}`).join(" ")}</span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
