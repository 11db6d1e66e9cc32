import { Trans, useLingui } from "@lingui/react/macro";
import { suggestTags } from "@nook/shared/common/tags";
import { useId, useState } from "react";

/**
 * Chosen tags as chips, and an input that suggests known tags (at most 10)
 * as you type; Enter or ',' adds what is typed, `toTag` deciding what tag it
 * is (null: none). The journal's tag input (pages/journal/src/form/tag-input.tsx)
 * with its one rule passed in rather than built in.
 */
export function TagInput({
  tags,
  known,
  text,
  toTag,
  onText,
  onChange,
  disabled = false,
}: {
  tags: string[];
  known: string[];
  /** What is typed and not yet added: the form saves it too. */
  text: string;
  toTag(raw: string): string | null;
  onText(text: string): void;
  onChange(tags: string[]): void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [active, setActive] = useState(-1);
  const listId = useId();
  const suggestions = text.trim() ? suggestTags(text, known, tags) : [];

  const add = (raw: string) => {
    const tag = toTag(raw);
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    onText("");
    setActive(-1);
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${listId}-input`}>
        <Trans>Tags</Trans>
      </label>
      <div className="chips" data-testid="form-tags">
        {tags.map((tag) => (
          <span key={tag} className="chip">
            <span className="user-text" dir="auto">
              {tag}
            </span>
            {!disabled && (
              <button
                type="button"
                className="chip-remove"
                aria-label={t`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((x) => x !== tag))}
              >
                ×
              </button>
            )}
          </span>
        ))}
      </div>
      <div className="combo">
        <input
          id={`${listId}-input`}
          className="input"
          value={text}
          disabled={disabled}
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t`Add a tag and press Enter`}
          onChange={(e) => {
            onText(e.target.value);
            setActive(-1);
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && suggestions.length) {
              e.preventDefault();
              setActive((a) => (a + 1) % suggestions.length);
            } else if (e.key === "ArrowUp" && suggestions.length) {
              e.preventDefault();
              setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
            } else if (e.key === "Enter" || e.key === ",") {
              // Enter here adds a tag, never submits the form — also when nothing is typed.
              e.preventDefault();
              if (text.trim()) add(suggestions[active] ?? text);
            } else if (e.key === "Escape" && text) {
              // Clears what is typed; with nothing typed, Escape is left to close the dialog.
              e.stopPropagation();
              onText("");
            } else if (e.key === "Backspace" && !text && tags.length) {
              onChange(tags.slice(0, -1));
            }
          }}
        />
        {suggestions.length > 0 && (
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's listbox; its options stay unfocusable, the input points at them with aria-activedescendant
          <ul className="suggestions" role="listbox" id={listId}>
            {suggestions.map((s, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: an option of the combobox above, reached with the arrow keys
              <li
                key={s}
                id={`${listId}-${i}`}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern's options are list items
                role="option"
                aria-selected={i === active}
                className="suggestion"
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(s);
                }}
              >
                {s}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
