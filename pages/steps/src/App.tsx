import { Trans } from "@lingui/react/macro";

/** The steps site's home; its screens are filled by the steps issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Steps</Trans>
      </h1>
      <p className="muted">
        <Trans>Checklists written as markdown task lines, with progress and an optional deadline.</Trans>
      </p>
    </section>
  );
}
