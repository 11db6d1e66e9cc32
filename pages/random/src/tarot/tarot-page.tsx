import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function TarotPage() {
  return (
    <section className="stack">
      <h1>
        <Trans>Tarot</Trans>
      </h1>
    </section>
  );
}
