import { Trans, useLingui } from "@lingui/react/macro";
import { useReaderTimeZone } from "@nook/ui/auth";
import { DeleteButton } from "@nook/ui/delete-button";
import { useMemo } from "react";
import type { HistoryEntry } from "./history.ts";

/** The draws made on this device (spec 2 §2: a collapsible 'History'), newest first, in the words of each draw. */
export function HistoryPanel({ entries, onClear }: { entries: readonly HistoryEntry[]; onClear(): void }) {
  const { t, i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone }),
    [i18n.locale, timeZone],
  );
  return (
    <details className="card tarot-history" data-testid="tarot-history">
      <summary>
        <Trans>History</Trans> <span className="tarot-history-count">({i18n.number(entries.length)})</span>
      </summary>
      {entries.length === 0 ? (
        <p className="muted">
          <Trans>No draws yet. Each draw is kept here, in this browser only.</Trans>
        </p>
      ) : (
        <>
          <ol className="tarot-history-list">
            {entries.map((e) => (
              <li
                key={`${e.date}-${e.cardNumbers.join()}`}
                className="tarot-history-entry"
                data-testid="tarot-history-entry"
              >
                <time dateTime={e.date} className="muted">
                  {format.format(new Date(e.date))}
                </time>
                <span className="tarot-history-cards">{e.cards.join(", ")}</span>
                {e.saved && (
                  <span className="tarot-saved">
                    <Trans>Saved</Trans>
                  </span>
                )}
              </li>
            ))}
          </ol>
          <div className="row">
            <DeleteButton small onConfirm={onClear} title={t`Forget every draw kept in this browser`}>
              <Trans>Clear history</Trans>
            </DeleteButton>
          </div>
        </>
      )}
    </details>
  );
}
