import { Trans } from "@lingui/react/macro";

/** The runner (spec 2 §2): coming in this issue. */
export function RunnerPage() {
  return (
    <h1>
      <Trans>runner</Trans>
    </h1>
  );
}
