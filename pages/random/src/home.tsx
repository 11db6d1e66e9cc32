import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";

/** The random home (spec 2 §2): links to tarot, numbers and dices. */
export function RandomHome() {
  return (
    <section className="stack">
      <h1>
        <Trans>Random</Trans>
      </h1>
      <p className="muted">
        <Trans>Tarot draws, random numbers and dice — fair draws from this device's own randomness.</Trans>
      </p>
      <nav className="launcher">
        <Link href="/tarot" className="launcher-card">
          <strong>
            <Trans>Tarot</Trans>
          </strong>
          <span>
            <Trans>Draw one to three cards and read what they say.</Trans>
          </span>
        </Link>
        <Link href="/numbers" className="launcher-card">
          <strong>
            <Trans>Random numbers</Trans>
          </strong>
          <span>
            <Trans>Whole numbers between a min and a max, with or without repeats.</Trans>
          </span>
        </Link>
        <Link href="/dices" className="launcher-card">
          <strong>
            <Trans>Dices</Trans>
          </strong>
          <span>
            <Trans>Roll d4 to d100 and see the total.</Trans>
          </span>
        </Link>
      </nav>
    </section>
  );
}
