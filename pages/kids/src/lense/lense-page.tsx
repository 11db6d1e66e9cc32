import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function LensePage() {
  return (
    <section className="stack">
      <h1>
        <Trans>lense</Trans>
      </h1>
    </section>
  );
}
