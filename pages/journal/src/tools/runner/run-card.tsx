import { Trans, useLingui } from "@lingui/react/macro";
import { formatClock } from "@nook/shared/common/stopwatch";
import { averagePace, formatMinSec } from "@nook/shared/runner/pace";
import type { RunSession } from "@nook/shared/runner/session";
import { splits } from "@nook/shared/runner/splits";
import { DeleteButton } from "@nook/ui/delete-button";
import { type QueuedWrite, refusalError } from "@nook/ui/offline-queue";
import { useMemo } from "react";
import { Link } from "wouter";
import { RouteMap } from "./route-map.tsx";
import { useRunFormat } from "./run-format.ts";

/** A saved run: when, how long, how far, how fast; its route and splits; send it to the journal (once), or delete it. */
export function RunCard({
  session,
  sending,
  queued,
  onSend,
  onDelete,
}: {
  session: RunSession;
  sending: boolean;
  /** Its send kept in this browser: waiting for the network, or refused by the server. */
  queued: QueuedWrite | null;
  onSend(): void;
  onDelete(): void;
}) {
  const { t } = useLingui();
  const format = useRunFormat();
  const when = format.date(session.date);
  const titleId = `run-${session.id}`;
  return (
    <li className="card stack run-card" aria-labelledby={titleId} data-testid="run-card">
      <h3 id={titleId}>
        <time dateTime={session.date}>{when}</time>
      </h3>
      <dl className="run-figures">
        <div>
          <dt>
            <Trans>Time</Trans>
          </dt>
          <dd>{formatClock(session.duration)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Distance</Trans>
          </dt>
          <dd>{format.distance(session.distance)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Average pace</Trans>
          </dt>
          <dd>{format.pace(session.averagePace)}</dd>
        </div>
      </dl>
      <RouteMap positions={session.positions} label={t`Route of the run on ${when}`} />
      <Splits session={session} />
      <div className="row run-card-actions">
        {session.journalEntryId ? (
          <span className="run-sent" data-testid="run-sent">
            <span aria-hidden="true">✓ </span>
            <Link href="/">
              <Trans>In the journal</Trans>
            </Link>
          </span>
        ) : queued && queued.state !== "refused" ? (
          <span className="run-waiting" data-testid="run-waiting">
            <span aria-hidden="true">⏳ </span>
            <Trans>Waiting to send</Trans>
          </span>
        ) : (
          <>
            {queued && (
              <span className="error-line run-refused" data-testid="run-refused">
                <Trans>Not saved</Trans>: {refusalError(queued).text ?? t`the server refused it`}
              </span>
            )}
            <button type="button" className="button button-small" disabled={sending} onClick={onSend}>
              <Trans>Send to the journal</Trans>
            </button>
          </>
        )}
        <DeleteButton small onConfirm={onDelete} title={t`Delete the run on ${when}`} />
      </div>
    </li>
  );
}

/** Per km, over moving time; the last partial km too. */
function Splits({ session }: { session: RunSession }) {
  const format = useRunFormat();
  const list = useMemo(() => splits(session.positions), [session.positions]);
  if (!list.length) return null;
  return (
    <table className="run-splits">
      <caption>
        <Trans>Splits</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>km</Trans>
          </th>
          <th scope="col">
            <Trans>Time</Trans>
          </th>
          <th scope="col">
            <Trans>Pace</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((split) => (
          <tr key={split.index}>
            <th scope="row">{split.meters === 1000 ? split.index : format.distance(split.meters)}</th>
            <td>{formatMinSec(split.seconds)}</td>
            <td>{format.pace(averagePace(split.seconds, split.meters))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
