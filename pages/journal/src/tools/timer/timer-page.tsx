import { Trans } from "@lingui/react/macro";

/** The timer (spec 2 §2): coming in this issue. */
export function TimerPage() {
  return (
    <h1>
      <Trans>timer</Trans>
    </h1>
  );
}
