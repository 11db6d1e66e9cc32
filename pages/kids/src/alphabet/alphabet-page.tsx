import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { keepPicture, markLetter, nextWord, randomWord } from "./alphabet-model.ts";
import { LanguageSelect, moveInGrid, SpeakButton, useLanguageNames, WordsStatus } from "./kids-controls.tsx";
import { type KidsLanguage, useKidsLanguage, useLanguageWords } from "./kids-language.ts";
import { PICTURES, type PictureId } from "./pictures.ts";
import { speak, useVoice } from "./speech.ts";
import type { LanguageWords } from "./words/types.ts";
import "./alphabet.css";

/**
 * /alphabet (spec 2 §2 "Alphabet", DESIGN §5): a language (English, Russian,
 * Polish, Belarusian, each with its own alphabet and words), a grid of its
 * letters; a letter shows a random picture word, the picture the next one; a
 * language switch keeps the picture when the new language has a word for it.
 */
export function AlphabetPage() {
  const [language, setLanguage] = useKidsLanguage();
  const state = useLanguageWords(language);
  const words = state.status === "ready" ? state.words : null;
  const voice = useVoice(words?.lang ?? language);
  // The picture on the card and the letter it was chosen under; its place is found again in each language.
  const [pick, setPick] = useState<{ picture: PictureId; letter: string } | null>(null);
  const place = words && pick ? keepPicture(words, pick.picture, pick.letter) : null;

  function show(letter: string, index: number) {
    const entry = words?.words[letter]?.[index];
    if (!entry) return;
    setPick({ picture: entry[1], letter });
    speak(entry[0], voice);
  }
  function chooseLetter(letter: string) {
    const count = words?.words[letter]?.length ?? 0;
    if (count > 0) show(letter, randomWord(count, place?.letter === letter ? place.index : null));
  }
  function showNext() {
    const count = place ? (words?.words[place.letter]?.length ?? 0) : 0;
    if (place && count > 0) show(place.letter, nextWord(count, place.index));
  }

  return (
    <section className="stack kids-page">
      <div className="kids-head">
        <h1>
          <Trans>Alphabet</Trans>
        </h1>
        <LanguageSelect language={language} onChange={setLanguage} />
      </div>
      <WordsStatus state={state} language={language} />
      {words && (
        <div className="alphabet-layout">
          <div className="card alphabet-card" aria-live="polite">
            {place ? (
              <WordCard
                words={words}
                language={language}
                letter={place.letter}
                index={place.index}
                onNext={showNext}
                voice={voice}
              />
            ) : pick ? (
              <MissingPicture picture={pick.picture} language={language} />
            ) : (
              <p className="muted alphabet-hint">
                <Trans>Choose a letter to see a picture word.</Trans>
              </p>
            )}
          </div>
          <fieldset className="kids-grid letter-grid" onKeyDown={moveInGrid}>
            <legend className="visually-hidden">
              <Trans>Letters</Trans>
            </legend>
            {words.letters.map((letter) => (
              <button
                key={letter}
                type="button"
                className="kids-key"
                lang={words.lang}
                aria-pressed={place?.letter === letter}
                onClick={() => chooseLetter(letter)}
              >
                {letter}
              </button>
            ))}
          </fieldset>
        </div>
      )}
    </section>
  );
}

/** The card: the letter, the picture (a button: the next word), the word with its letter marked, and speech. */
function WordCard({
  words,
  language,
  letter,
  index,
  onNext,
  voice,
}: {
  words: LanguageWords;
  language: KidsLanguage;
  letter: string;
  index: number;
  onNext: () => void;
  voice: SpeechSynthesisVoice | null;
}) {
  const { t } = useLingui();
  const list = words.words[letter] ?? [];
  const entry = list[index];
  if (!entry) return null;
  const [word, picture] = entry;
  const position = index + 1;
  const total = list.length;
  return (
    <>
      <p className="alphabet-letter" lang={words.lang} aria-hidden="true">
        {letter}
        {letter.toLocaleLowerCase(words.lang)}
      </p>
      <button type="button" className="picture-button" onClick={onNext} aria-label={t`Next word`}>
        <span aria-hidden="true">{PICTURES[picture]}</span>
      </button>
      <p className="alphabet-word" lang={words.lang} data-testid="alphabet-word">
        {markLetter(word, letter, words.inside.includes(letter), words.lang).map((part, i) =>
          part.mark ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one word, in order
            <mark key={i} className="letter-mark">
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </p>
      <p className="muted alphabet-position">
        <Trans>
          Word {position} of {total}
        </Trans>
      </p>
      <SpeakButton text={word} voice={voice} language={language} />
    </>
  );
}

/** After a switch to a language with no word for the picture on the card: says so, and the letters wait below. */
function MissingPicture({ picture, language }: { picture: PictureId; language: KidsLanguage }) {
  const name = useLanguageNames()[language];
  return (
    <>
      <p className="picture-missing" aria-hidden="true">
        {PICTURES[picture]}
      </p>
      <p className="alphabet-hint">
        <Trans>This picture has no word in {name}. Choose a letter.</Trans>
      </p>
    </>
  );
}
