import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MOOD_EMOJI, MOODS, type Mood, toggleMood } from "@nook/shared/journal/mood";
import { type KeyboardEvent, useId, useRef } from "react";

const MOOD_NAMES: Record<Mood, MessageDescriptor> = {
  1: msg`sad`,
  2: msg`slightly sad`,
  3: msg`neutral`,
  4: msg`slightly happy`,
  5: msg`very happy`,
};

/**
 * Five faces as a radio group (one Tab stop: the chosen face, else the first): arrow keys move to the next
 * face and choose it, Home and End to the ends; picking the chosen one again (a click, Space) clears the mood.
 */
export function MoodPicker({ mood, onChange }: { mood: Mood | null; onChange(mood: Mood | null): void }) {
  const { i18n } = useLingui();
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const stop = mood ?? MOODS[0];
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = MOODS.indexOf(stop);
    const to = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: MOODS.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = MOODS[(to + MOODS.length) % MOODS.length] ?? stop;
    onChange(next);
    group.current?.querySelector<HTMLButtonElement>(`[data-mood="${next}"]`)?.focus();
  };
  return (
    <fieldset className="field">
      <legend className="field-label" id={`${id}-legend`}>
        <Trans>Mood</Trans>
      </legend>
      <div className="moods" role="radiogroup" aria-labelledby={`${id}-legend`} ref={group} onKeyDown={move}>
        {MOODS.map((m) => (
          // biome-ignore lint/a11y/useSemanticElements: toggle buttons (a second click clears the mood), which native radios cannot do
          <button
            key={m}
            type="button"
            role="radio"
            data-mood={m}
            aria-checked={mood === m}
            aria-label={`${m} ${i18n._(MOOD_NAMES[m])}`}
            tabIndex={m === stop ? 0 : -1}
            className="mood"
            onClick={() => onChange(toggleMood(mood, m))}
          >
            {MOOD_EMOJI[m]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
