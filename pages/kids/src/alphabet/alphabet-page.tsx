import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function AlphabetPage() {
  return (
    <section className="stack">
      <h1>
        <Trans>Alphabet</Trans>
      </h1>
    </section>
  );
}
