import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { LanguageSelect, moveInGrid, SpeakButton, WordsStatus } from "../alphabet/kids-controls.tsx";
import { useKidsLanguage, useLanguageWords } from "../alphabet/kids-language.ts";
import { speak, useVoice } from "../alphabet/speech.ts";
import { CountedObjects } from "./counted-objects.tsx";
import "./numbers.css";

const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * /numbers (spec 2 §2 "Numbers (kids)"): the digits 0-9; a digit shows its
 * word in the kids' language (the Alphabet's, one setting) and that many
 * things to count.
 */
export function NumbersPage() {
  const [language, setLanguage] = useKidsLanguage();
  const state = useLanguageWords(language);
  const words = state.status === "ready" ? state.words : null;
  const voice = useVoice(words?.lang ?? language);
  const [digit, setDigit] = useState<number | null>(null);
  const word = words && digit !== null ? words.numbers[digit] : undefined;

  function choose(d: number) {
    setDigit(d);
    const said = words?.numbers[d];
    if (said) speak(said, voice);
  }

  return (
    <section className="stack kids-page">
      <div className="kids-head">
        <h1>
          <Trans>Numbers</Trans>
        </h1>
        <LanguageSelect language={language} onChange={setLanguage} />
      </div>
      <WordsStatus state={state} language={language} />
      <fieldset className="kids-grid digit-grid" onKeyDown={moveInGrid}>
        <legend className="visually-hidden">
          <Trans>Digits</Trans>
        </legend>
        {DIGITS.map((d) => (
          <button
            key={d}
            type="button"
            className="kids-key digit-tile"
            aria-pressed={digit === d}
            onClick={() => choose(d)}
          >
            {d}
          </button>
        ))}
      </fieldset>
      <div className="card numbers-card" aria-live="polite">
        {digit === null ? (
          <p className="muted kids-numbers-hint">
            <Trans>Choose a digit to see its word and count.</Trans>
          </p>
        ) : (
          <>
            <div className="numbers-said">
              <p className="numbers-digit" aria-hidden="true">
                {digit}
              </p>
              {word !== undefined && words && (
                <p className="numbers-word" lang={words.lang} data-testid="number-word">
                  {word}
                </p>
              )}
            </div>
            {word !== undefined && <SpeakButton text={word} voice={voice} language={language} />}
            <CountedObjects count={digit} />
          </>
        )}
      </div>
    </section>
  );
}
