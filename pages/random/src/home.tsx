import { Trans } from "@lingui/react/macro";

/** Placeholder: this screen is being built (issue 12). */
export function RandomHome() {
  return (
    <section className="stack">
      <h1>
        <Trans>Random</Trans>
      </h1>
    </section>
  );
}
