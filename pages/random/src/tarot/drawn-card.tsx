import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { cardOf } from "./card.ts";
import { CardFace } from "./card-face.tsx";
import type { DeckText } from "./deck.ts";

/**
 * One card of a draw: its face (a reversed one upside down until the reader
 * turns it), "Reversed" in words, and its meaning and suit meaning to open.
 */
export function DrawnCard({ number, reversed, deck }: { number: number; reversed: boolean; deck: DeckText }) {
  const { t } = useLingui();
  const [turned, setTurned] = useState(false);
  const card = cardOf(number);
  const text = deck.cards[number];
  if (!text) return null;
  const name = text.name;
  const suit = card.kind === "minor" ? deck.suits[card.suit] : null;
  const suitName = suit?.name ?? "";
  const upsideDown = reversed && !turned;
  const face = (
    <CardFace number={number} name={name} label={upsideDown ? t`${name}, upside down` : name} upsideDown={upsideDown} />
  );
  return (
    <li className="card tarot-card" data-testid="tarot-card">
      <div className="tarot-card-head">
        <h3 className="tarot-card-name">{name}</h3>
        {reversed && (
          <span className="tarot-reversed">
            <Trans>Reversed</Trans>
          </span>
        )}
      </div>
      {reversed ? (
        <>
          <button
            type="button"
            className="tarot-turn"
            aria-pressed={turned}
            aria-label={t`Turn ${name}`}
            onClick={() => setTurned((v) => !v)}
          >
            {face}
          </button>
          <p className="muted tarot-hint">
            {turned ? (
              <Trans>Turned to read; press the card to put it back.</Trans>
            ) : (
              <Trans>It fell upside down: press the card to turn it.</Trans>
            )}
          </p>
        </>
      ) : (
        <div className="tarot-still">{face}</div>
      )}
      <details className="tarot-details">
        <summary>{reversed ? <Trans>Meaning, reversed</Trans> : <Trans>Meaning</Trans>}</summary>
        <ul className="tarot-lines">
          {(reversed ? text.reversed : text.upright).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      {suit ? (
        <details className="tarot-details">
          <summary>
            <Trans>Suit meaning: {suitName}</Trans>
          </summary>
          {suit.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </details>
      ) : (
        <p className="muted tarot-no-suit">
          <Trans>A major arcanum: it belongs to no suit.</Trans>
        </p>
      )}
    </li>
  );
}
