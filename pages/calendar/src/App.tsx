import { Trans } from "@lingui/react/macro";

/** The calendar site's home; its screens are filled by the calendar issue. */
export function App() {
  return (
    <section className="stack">
      <h1>
        <Trans>Calendar</Trans>
      </h1>
      <p className="muted">
        <Trans>Year, month, week and day views of your days.</Trans>
      </p>
    </section>
  );
}
