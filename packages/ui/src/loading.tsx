import { Trans } from "@lingui/react/macro";

/** What a screen shows while its code or data is on the way. */
export function Loading() {
  return (
    <p className="muted" aria-busy="true">
      <Trans>Loading...</Trans>
    </p>
  );
}
