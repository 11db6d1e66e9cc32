import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function DicesPage() {
  return (
    <section className="stack">
      <h1>
        <Trans>Dices</Trans>
      </h1>
    </section>
  );
}
