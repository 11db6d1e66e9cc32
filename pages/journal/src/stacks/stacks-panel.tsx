import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";

/** Stacks and the tools; the stacks themselves come with the stacks issue. */
export function StacksPanel() {
  return (
    <div className="stack">
      <h2>
        <Trans>Stacks</Trans>
      </h2>
      <p className="muted">
        <Trans>No stacks yet.</Trans>
      </p>
      <h2>
        <Trans>Tools</Trans>
      </h2>
      <ul className="tool-list">
        <li>
          <Link href="/tools/timer">
            <Trans>timer</Trans>
          </Link>
        </li>
        <li>
          <Link href="/tools/runner">
            <Trans>runner</Trans>
          </Link>
        </li>
      </ul>
    </div>
  );
}
