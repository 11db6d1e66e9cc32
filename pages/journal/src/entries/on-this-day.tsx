import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { zonedParts } from "@nook/shared/common/time-zone";
import { readerTimeZone } from "@nook/ui/api";
import { formatDate } from "@nook/ui/dates";
import { useData } from "@nook/ui/use-data";
import { ENTRIES_KEYS, journal } from "../journal-api.ts";

/** Read again with the lists (every journal write invalidates "journal"). */
const ON_THIS_DAY_KEY = `${ENTRIES_KEYS}on-this-day`;

/**
 * "On this day": the entries written on today's date in earlier years, as a quiet row at the top of the list
 * when there are any — closed, a line; opened, each with its date and text. Nothing at all when there are
 * none, or while they load, or when they could not be read: it is a reminder, never in the way.
 */
export function OnThisDay() {
  const { i18n } = useLingui();
  const { data } = useData(ON_THIS_DAY_KEY, journal.onThisDay);
  if (!data?.length) return null;
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
