import { Trans } from "@lingui/react/macro";

/** The donate site's home; its screens are filled by the donate issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Donate</Trans>
      </h1>
      <p className="muted">
        <Trans>Your donation page: its title, crypto addresses and the donations it has received.</Trans>
      </p>
    </section>
  );
}
