/** What Alphabet and Numbers share: the language select, the speak button, and arrow keys in a grid of buttons. */
import { Trans, useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useId } from "react";
import { KIDS_LANGUAGES, type KidsLanguage, type WordsState } from "./kids-language.ts";
import { speak } from "./speech.ts";
import "./kids-controls.css";

/** The languages' names in the interface's language. */
export function useLanguageNames(): Record<KidsLanguage, string> {
  const { t } = useLingui();
  return { en: t`English`, ru: t`Russian`, pl: t`Polish`, be: t`Belarusian` };
}

export function LanguageSelect({
  language,
  onChange,
}: {
  language: KidsLanguage;
  onChange: (language: KidsLanguage) => void;
}) {
  const names = useLanguageNames();
  const id = useId();
  return (
    <div className="kids-language">
      <label className="field-label" htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="select"
        value={language}
        onChange={(e) => {
          const next = KIDS_LANGUAGES.find((l) => l === e.target.value);
          if (next) onChange(next);
        }}
      >
        {KIDS_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** While a language's words load, or when they failed to: in words, with a way to try again. */
export function WordsStatus({ state, language }: { state: WordsState; language: KidsLanguage }) {
  const name = useLanguageNames()[language];
  if (state.status === "loading")
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading the {name} words...</Trans>
      </p>
    );
  if (state.status === "failed")
    return (
      <div className="row" role="alert">
        <p className="error-line">
          <Trans>The {name} words could not be loaded.</Trans>
        </p>
        <button type="button" className="button button-quiet button-small" onClick={state.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  return null;
}

/** A button that says `text` aloud; where the browser has no voice for the language, a line saying so. */
export function SpeakButton({
  text,
  voice,
  language,
}: {
  text: string;
  voice: SpeechSynthesisVoice | null;
  language: KidsLanguage;
}) {
  const name = useLanguageNames()[language];
  if (!voice)
    return (
      <p className="muted kids-no-voice">
        <Trans>This browser has no {name} voice, so the words are not spoken.</Trans>
      </p>
    );
  return (
    <button type="button" className="button button-quiet" onClick={() => speak(text, voice)}>
      <span aria-hidden="true">🔊</span> <Trans>Say it</Trans>
    </button>
  );
}

/**
 * Arrow keys move the focus through a grid of buttons (Home and End to the
 * ends; up and down by a row of the grid as laid out), so a child need not Tab
 * through every letter.
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>) {
  const grid = event.currentTarget;
  const buttons = [...grid.querySelectorAll("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const columns = Math.max(1, getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length);
  const to = {
    ArrowRight: at + 1,
    ArrowLeft: at - 1,
    ArrowDown: at + columns,
    ArrowUp: at - columns,
    Home: 0,
    End: buttons.length - 1,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  buttons[Math.min(buttons.length - 1, Math.max(0, to))]?.focus();
}
