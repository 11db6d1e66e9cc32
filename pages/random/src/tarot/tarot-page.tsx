import { Trans, useLingui } from "@lingui/react/macro";
import { drawDistinct, randomBit } from "@nook/shared/random/sample";
import { drawId } from "@nook/shared/random/saved-draws";
import { accountKey, adoptSignedOut } from "@nook/ui/account";
import { useStored } from "@nook/ui/stored";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { CARD_COUNT } from "./card.ts";
import { COUNT_MAX, COUNT_MIN, parseCount } from "./count.ts";
import type { DeckText } from "./deck.ts";
import { DrawnCard } from "./drawn-card.tsx";
import {
  CURRENT_KEY,
  HISTORY_KEY,
  NO_DRAWS,
  parseHistory,
  parseSpread,
  parseWithReverted,
  type Spread,
  WITH_REVERTED_KEY,
  withEntry,
  withSaved,
} from "./history.ts";
import { HistoryPanel } from "./history-panel.tsx";
import { markedName, resultText } from "./result-text.ts";
import { SaveModal } from "./save-modal.tsx";
import { useDeck } from "./use-deck.ts";
import { useSavedDraws } from "./use-saved-draws.ts";
import "./tarot.css";

type Draw = Spread;

const textOf = (draw: Draw, deck: DeckText) =>
  resultText(
    draw.cards.map(({ number, reversed }) => {
      const card = deck.cards[number];
      return { name: card?.name ?? String(number), reversed, gist: (reversed ? card?.reversed : card?.upright)?.[0] };
    }),
  );

/**
 * Tarot (spec 2 §2): draw one to three distinct cards, each reversed on a
 * fair coin when 'With reverted' is on; read them; keep the draws in this
 * browser; hand a draw to the journal.
 */
// A draw made signed out, then a sign-in (to write it in the journal): the draw and its history come along.
adoptSignedOut(CURRENT_KEY);
adoptSignedOut(HISTORY_KEY);

export function TarotPage() {
  const { t, i18n } = useLingui();
  const [deck, retry] = useDeck(i18n.locale);
  const [count, setCount] = useState("3");
  const [withReverted, setWithReverted] = useStored(WITH_REVERTED_KEY, parseWithReverted, false);
  const [invalid, setInvalid] = useState(false);
  // The spread on the table stays there over a reload, as the numbers page's result does.
  const [draw, setDraw] = useStored<Draw | null>(accountKey(CURRENT_KEY), parseSpread, null);
  const [history, keep, kept] = useStored(accountKey(HISTORY_KEY), parseHistory, NO_DRAWS);
  // A draw is 'Saved' once the journal has saved an entry from it, not when its link is followed.
  const savedIds = useSavedDraws();
  useEffect(() => {
    const marked = withSaved(history, savedIds);
    if (marked !== history) keep(marked);
  }, [history, savedIds, keep]);
  const drawSaved =
    draw !== null && (savedIds.has(drawId(draw.date)) || history.some((e) => e.date === draw.date && e.saved === true));
  const [saving, setSaving] = useState(false);
  const countRef = useRef<HTMLInputElement>(null);
  const countId = useId();
  const problemId = useId();

  function pick(e: FormEvent) {
    e.preventDefault();
    const n = parseCount(count);
    if (n === null) {
      setInvalid(true);
      countRef.current?.focus();
      return;
    }
    setInvalid(false);
    if (deck.status !== "ready") return;
    const cards = drawDistinct(n, CARD_COUNT).map((number) => ({
      number,
      reversed: withReverted ? randomBit() : false,
    }));
    const date = new Date().toISOString();
    keep(
      withEntry(history, {
        cards: cards.map((c) => markedName(deck.value.cards[c.number]?.name ?? String(c.number), c.reversed)),
        cardNumbers: cards.map((c) => c.number),
        date,
        reverts: cards.map((c) => c.reversed),
      }),
    );
    setDraw({ date, cards });
  }

  // Said once after each draw, for screen readers: the cards' names, "reversed" in words.
  const spoken = (d: Draw, dk: DeckText) =>
    d.cards
      .map(({ number, reversed }) => {
        const name = dk.cards[number]?.name ?? String(number);
        return reversed ? t`${name}, reversed` : name;
      })
      .join("; ");

  return (
    <div className="stack tarot-page">
      <h1>
        <Trans>Tarot</Trans>
      </h1>
      <form className="card tarot-settings" onSubmit={pick} noValidate>
        <div className="field tarot-count">
          <label className="field-label" htmlFor={countId}>
            <Trans>Number of cards (1-3)</Trans>
          </label>
          <input
            id={countId}
            ref={countRef}
            className="input"
            type="number"
            inputMode="numeric"
            min={COUNT_MIN}
            max={COUNT_MAX}
            step={1}
            value={count}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? problemId : undefined}
            onChange={(e) => {
              setCount(e.target.value);
              if (invalid && parseCount(e.target.value) !== null) setInvalid(false);
            }}
          />
        </div>
        <label className="tarot-check">
          <input type="checkbox" checked={withReverted} onChange={(e) => setWithReverted(e.target.checked)} />
          <Trans>With reverted</Trans>
        </label>
        <div className="row tarot-actions">
          <button type="submit" className="button" disabled={deck.status !== "ready"}>
            <Trans>Pick a card</Trans>
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={!draw || deck.status !== "ready"}
            onClick={() => setSaving(true)}
          >
            <Trans>Save result</Trans>
          </button>
          {drawSaved && (
            <span className="tarot-saved" data-testid="tarot-saved">
              <Trans>Saved</Trans>
            </span>
          )}
        </div>
        <p className="error-line tarot-problem" id={problemId} role="alert">
          {invalid && <Trans>Fill proper settings, 1-3 cards only</Trans>}
        </p>
      </form>

      {deck.status === "loading" ? (
        <p className="muted" aria-busy="true">
          <Trans>Shuffling the deck...</Trans>
        </p>
      ) : deck.status === "failed" ? (
        <div className="card stack" role="alert">
          <p className="error-line">
            <Trans>The cards' texts did not load. Check the connection and try again.</Trans>
          </p>
          <div className="row">
            <button type="button" className="button" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </div>
      ) : draw ? (
        <section className="stack" aria-labelledby="tarot-drawn">
          <h2 id="tarot-drawn" className="visually-hidden">
            <Trans>Your cards</Trans>
          </h2>
          <ul className="tarot-cards">
            {draw.cards.map((c) => (
              <DrawnCard key={`${draw.date}-${c.number}`} number={c.number} reversed={c.reversed} deck={deck.value} />
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted">
          <Trans>Choose how many cards, then pick. No card comes twice in one draw.</Trans>
        </p>
      )}

      <p className="visually-hidden" aria-live="polite">
        {draw && deck.status === "ready" ? spoken(draw, deck.value) : ""}
      </p>
      {!kept && (
        <p className="error-line" role="status">
          <Trans>This browser did not keep the history: it may be full or in private mode.</Trans>
        </p>
      )}
      <HistoryPanel
        entries={history}
        onClear={() => {
          keep([]);
        }}
      />

      {saving && draw && deck.status === "ready" && (
        <SaveModal text={textOf(draw, deck.value)} draw={drawId(draw.date)} onClose={() => setSaving(false)} />
      )}
    </div>
  );
}
