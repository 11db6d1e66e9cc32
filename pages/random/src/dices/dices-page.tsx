import { Trans, useLingui } from "@lingui/react/macro";
import { randomInt } from "@nook/shared/random/sample";
import { useReaderTimeZone } from "@nook/ui/auth";
import { useStored } from "@nook/ui/stored";
import { useEffect, useId, useRef, useState } from "react";
import {
  DICE,
  DICE_COUNT_MAX,
  type DiceChoice,
  dieOutline,
  parseChoice,
  parseHistory,
  type Roll,
  remember,
  roll,
  type Sides,
  total,
} from "./dice.ts";
import "./dices.css";

const CHOICE_KEY = "nook.random.dice.choice";
const HISTORY_KEY = "nook.random.dice.history";
const DEFAULT_CHOICE: DiceChoice = { sides: 6, count: 2 };
const NO_ROLLS: Roll[] = [];
/** The tumble: faces flicker this long, then the roll (drawn at the click) shows. */
const TUMBLE_MS = 600;
const FLICKER_MS = 75;

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Dices (spec 2 §2, linked from the random home): choose the dice, roll, see each die and the total. */
export function DicesPage() {
  const { t, i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  const [choice, setChoice] = useStored(CHOICE_KEY, parseChoice, DEFAULT_CHOICE);
  const [history, setHistory] = useStored(HISTORY_KEY, parseHistory, NO_ROLLS);
  const [tumbling, setTumbling] = useState<Roll | null>(null);
  const timers = useRef<number[]>([]);
  const countId = useId();
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function throwDice() {
    const next = roll(choice.sides, choice.count);
    if (reducedMotion()) {
      setHistory((h) => remember(h, next));
      return;
    }
    // Flickering faces only: the result is already drawn and shown when the tumble ends.
    const flicker = () => setTumbling({ ...next, values: next.values.map(() => randomInt(1, next.sides)) });
    flicker();
    const interval = window.setInterval(flicker, FLICKER_MS);
    timers.current.push(
      interval,
      window.setTimeout(() => {
        clearInterval(interval);
        setTumbling(null);
        setHistory((h) => remember(h, next));
      }, TUMBLE_MS),
    );
  }

  const shown = tumbling ?? history[0] ?? null;
  const time = new Intl.DateTimeFormat(i18n.locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone,
  });
  return (
    <section className="stack dices">
      <h1>
        <Trans>Dices</Trans>
      </h1>
      <div className="card stack">
        <fieldset className="dice-kinds">
          <legend className="field-label">
            <Trans>Dice</Trans>
          </legend>
          {DICE.map((sides) => (
            <label key={sides} className="dice-kind">
              <input
                type="radio"
                name="sides"
                checked={choice.sides === sides}
                onChange={() => setChoice((c) => ({ ...c, sides }))}
              />
              <span>d{sides}</span>
            </label>
          ))}
        </fieldset>
        <div className="row dice-controls">
          <div className="field">
            <label className="field-label" htmlFor={countId}>
              <Trans>How many</Trans>
            </label>
            <select
              id={countId}
              className="select"
              value={choice.count}
              onChange={(e) => setChoice((c) => ({ ...c, count: Number(e.target.value) }))}
            >
              {Array.from({ length: DICE_COUNT_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="button dice-roll" onClick={throwDice} disabled={tumbling !== null}>
            <Trans>Roll</Trans>
          </button>
        </div>
      </div>

      <div className="card dice-result">
        {shown === null ? (
          <p className="muted">
            <Trans>Choose the dice and roll.</Trans>
          </p>
        ) : (
          <>
            <ul className={`dice-faces${tumbling ? " dice-tumbling" : ""}`} aria-label={t`Dice rolled`}>
              {shown.values.map((value, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a die's place in the throw is its identity
                <li key={i}>
                  <Die sides={shown.sides} value={value} />
                </li>
              ))}
            </ul>
            {/* Announced once the dice settle, never while they tumble. */}
            <p className="dice-total" aria-live="polite">
              {tumbling ? (
                <span className="muted">
                  <Trans>Rolling…</Trans>
                </span>
              ) : (
                <Trans>Total: {total(shown)}</Trans>
              )}
            </p>
          </>
        )}
      </div>

      <section className="card stack" aria-labelledby={`${countId}-history`}>
        <div className="row dice-history-head">
          <h2 id={`${countId}-history`}>
            <Trans>Recent rolls</Trans>
          </h2>
          {history.length > 0 && (
            <button type="button" className="button button-quiet button-small" onClick={() => setHistory([])}>
              <Trans>Clear history</Trans>
            </button>
          )}
        </div>
        {history.length === 0 ? (
          <p className="muted">
            <Trans>No rolls yet.</Trans>
          </p>
        ) : (
          <ol className="dice-history">
            {history.map((r) => (
              <li key={r.at}>
                <span className="dice-history-what">
                  {r.values.length}d{r.sides}: {r.values.join(", ")}
                </span>
                <strong>= {total(r)}</strong>
                <time className="muted" dateTime={new Date(r.at).toISOString()}>
                  {time.format(r.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

function Die({ sides, value }: { sides: Sides; value: number }) {
  const { t } = useLingui();
  const label = t`d${sides} shows ${value}`;
  return (
    <svg className={`die die-d${sides}`} viewBox="0 0 100 100" role="img" aria-label={label}>
      <title>{label}</title>
      <polygon className="die-shape" points={dieOutline(sides)} />
      <text className="die-value" x="50" y={sides === 4 ? 68 : 56} textAnchor="middle" dominantBaseline="middle">
        {value}
      </text>
    </svg>
  );
}
