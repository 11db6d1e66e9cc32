import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MOOD_EMOJI, MOODS, type Mood, toggleMood } from "@nook/shared/journal/mood";

const MOOD_NAMES: Record<Mood, MessageDescriptor> = {
  1: msg`sad`,
  2: msg`slightly sad`,
  3: msg`neutral`,
  4: msg`slightly happy`,
  5: msg`very happy`,
};

/** Five faces; picking the chosen one again clears the mood. */
export function MoodPicker({ mood, onChange }: { mood: Mood | null; onChange(mood: Mood | null): void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="field">
      <legend className="field-label">
        <Trans>Mood</Trans>
      </legend>
      <div className="moods" role="radiogroup">
        {MOODS.map((m) => (
          // biome-ignore lint/a11y/useSemanticElements: toggle buttons (a second click clears the mood), which native radios cannot do
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mood === m}
            aria-label={`${m} ${i18n._(MOOD_NAMES[m])}`}
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
