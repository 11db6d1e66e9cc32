import { Trans } from "@lingui/react/macro";
import { useOnline } from "@nook/ui/offline";

/** What a screen of this site shows while its data is on the way: the spec's words exactly (spec 2 §8). */
export function Busy() {
  return (
    <p className="muted" aria-busy="true">
      <Trans>Loading........</Trans>
    </p>
  );
}

/** A failed call: the spec's words (spec 2 §8), why when the network is missing, and another try. */
export function Failed({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <div className="lupi-failed" role="alert">
      <p>
        <Trans>Error loading data</Trans>
      </p>
      {!online && (
        <p>
          <Trans>Offline — this needs the network</Trans>
        </p>
      )}
      <button type="button" className="button button-quiet button-small" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
