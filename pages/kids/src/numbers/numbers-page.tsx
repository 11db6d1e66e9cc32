import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function NumbersPage() {
  return (
    <section className="stack">
      <h1>
        <Trans>Numbers</Trans>
      </h1>
    </section>
  );
}
