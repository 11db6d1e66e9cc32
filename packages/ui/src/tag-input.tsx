import { Trans, useLingui } from "@lingui/react/macro";
import { suggestTags } from "@nook/shared/common/tags";
import { useId, useState } from "react";

/** What a typed tag is: its name (null: nothing to add), or why it is refused, in words. */
export type TagRule = (raw: string) => { tag: string | null } | { error: string };

/**
 * Chosen tags as chips, and an input that suggests known tags (at most 10)
 * as you type; Enter or ',' adds what is typed. The area's rule (`toTag`)
 * decides what tag a text is — the journal's names, a person's '@' tags, a
 * filter's '!' negations — so the input is one component for all of them.
 */
export function TagInput({
  tags,
  known,
  text,
  toTag,
  error = "",
  onText,
  onChange,
  onError,
  allowNegation = false,
  disabled = false,
}: {
  tags: string[];
  known: string[];
  /** What is typed and not yet added: a form saves it too. */
  text: string;
  toTag: TagRule;
  /** A refusal to show under the input (the last `onError`). */
  error?: string;
  onText(text: string): void;
  onChange(tags: string[]): void;
  onError?(message: string): void;
  /** Suggest '!name' for '!na' (filters). */
  allowNegation?: boolean;
  /** Shown, not editable (the timer's tags while it runs, a form while it saves). */
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [active, setActive] = useState(-1);
  const listId = useId();
  const suggestions = text.trim() ? suggestTags(text, known, tags, { allowNegation }) : [];

  const add = (raw: string) => {
    const parsed = toTag(raw);
    if ("error" in parsed) {
      onError?.(parsed.error);
      return;
    }
    if (parsed.tag && !tags.includes(parsed.tag)) onChange([...tags, parsed.tag]);
    onText("");
    onError?.("");
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
              // Clears what is typed; with nothing typed, Escape is left to close a dialog.
              e.stopPropagation();
              onText("");
            } else if (e.key === "Backspace" && !text && tags.length) {
              onChange(tags.slice(0, -1));
            }
          }}
        />
        {suggestions.length > 0 && (
          // The ARIA combobox pattern: options stay unfocusable, the input points at them with
          // aria-activedescendant (biome.json turns off the two a11y rules that read this as a fault).
          <ul className="suggestions" role="listbox" id={listId}>
            {suggestions.map((s, i) => (
              <li
                key={s}
                id={`${listId}-${i}`}
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
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
