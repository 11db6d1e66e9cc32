import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function KidsHome() {
  return (
    <section className="stack">
      <h1>
        <Trans>Kids</Trans>
      </h1>
    </section>
  );
}
