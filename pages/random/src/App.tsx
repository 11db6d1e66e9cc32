import { Trans } from "@lingui/react/macro";

/** The random site's home; its screens are filled by the random issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Random</Trans>
      </h1>
      <p className="muted">
        <Trans>Tarot draws, random numbers and dice.</Trans>
      </p>
    </section>
  );
}
