import { Trans } from "@lingui/react/macro";

export function NotFound() {
  return (
    <p className="muted">
      <Trans>This page does not exist.</Trans>
    </p>
  );
}
