import { Trans } from "@lingui/react/macro";

/** The people site's home; its screens are filled by the people issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>People</Trans>
      </h1>
      <p className="muted">
        <Trans>The people you know: names, e-mails, birth dates and tags.</Trans>
      </p>
    </section>
  );
}
