import { Trans } from "@lingui/react/macro";

/** The lupileon site's home; its screens are filled by the lupileon issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Lupileon</Trans>
      </h1>
      <p className="muted">
        <Trans>Your birth date in numbers, four zodiacs, and the sun and moon.</Trans>
      </p>
    </section>
  );
}
