import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function SierpinskiPage() {
  return (
    <section className="stack">
      <h1>
        <Trans>sierpinski</Trans>
      </h1>
    </section>
  );
}
