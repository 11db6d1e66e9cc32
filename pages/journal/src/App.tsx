import { Trans } from "@lingui/react/macro";

/** The journal site's home; its screens are filled by the journal issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Journal</Trans>
      </h1>
      <p className="muted">
        <Trans>Dated entries with text, tags, metrics and mood, and stacks of statistics over them.</Trans>
      </p>
    </section>
  );
}
