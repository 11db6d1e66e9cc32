import { Trans } from "@lingui/react/macro";

/** The kids site's home; its screens are filled by the kids issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Kids</Trans>
      </h1>
      <p className="muted">
        <Trans>Alphabet cards, digits, a triangle-fractal toy and a mirror lens.</Trans>
      </p>
    </section>
  );
}
