import { Trans, useLingui } from "@lingui/react/macro";
import type { ChecklistLine } from "@nook/shared/steps/checklist";
import {
  type Edit,
  type Focus,
  indent,
  neighbour,
  outdent,
  removeLine,
  setText,
  splitLine,
  toggle,
} from "@nook/shared/steps/editor";
import { type KeyboardEvent, useLayoutEffect, useRef } from "react";

/** Deeper levels still nest (and say so to a screen reader) but are not drawn further in. */
const DRAWN_LEVELS_MAX = 12;

/**
 * The content editor (spec 2 §2): a checkbox and an editable text per line,
 * nested by level. Keys: Enter adds a line, Tab / Shift-Tab nest and lift it
 * (with its children; past what can be done they move focus as usual, so the
 * keyboard is never trapped), Backspace on an empty line removes it, ↑ / ↓ go
 * between lines, Ctrl+Enter ticks the line.
 */
export function ChecklistEditor({
  lines,
  onChange,
  readOnly,
}: {
  lines: ChecklistLine[];
  onChange(lines: ChecklistLine[]): void;
  /** While a save is on its way: shown, not editable. */
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const pending = useRef<Focus | null>(null);

  // After an edit, the caret goes where the edit says, once the lines are on screen.
  useLayoutEffect(() => {
    const focus = pending.current;
    if (!focus) return;
    pending.current = null;
    const input = inputs.current.get(focus.key);
    if (!input) return;
    input.focus();
    input.setSelectionRange(focus.caret, focus.caret);
  });

  const apply = (edit: Edit) => {
    pending.current = edit.focus;
    onChange(edit.lines);
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, index: number) {
    if (readOnly || e.nativeEvent.isComposing || e.altKey) return;
    const line = lines[index];
    if (!line) return;
    const input = e.currentTarget;
    const start = input.selectionStart ?? line.text.length;
    const end = input.selectionEnd ?? start;
    const plain = !e.ctrlKey && !e.metaKey;
    let edit: Edit | null = null;
    if (e.key === "Enter" && !plain && !e.shiftKey) {
      edit = { lines: toggle(lines, index), focus: { key: line.key, caret: start } };
    } else if (e.key === "Enter" && plain && !e.shiftKey) {
      // A selection is replaced by the break, as in any text field.
      const cut = setText(lines, index, line.text.slice(0, start) + line.text.slice(end));
      edit = splitLine(cut, index, start);
    } else if (e.key === "Tab" && plain) {
      edit = e.shiftKey ? outdent(lines, index, start) : indent(lines, index, start);
    } else if (e.key === "Backspace" && plain && !e.shiftKey && line.text === "") {
      edit = removeLine(lines, index);
    } else if ((e.key === "ArrowUp" || e.key === "ArrowDown") && plain && !e.shiftKey) {
      const focus = neighbour(lines, index, e.key === "ArrowUp" ? -1 : 1, start);
      if (focus) {
        e.preventDefault();
        const target = inputs.current.get(focus.key);
        target?.focus();
        target?.setSelectionRange(focus.caret, focus.caret);
      }
      return;
    }
    if (edit) {
      e.preventDefault();
      apply(edit);
    }
  }

  return (
    <ul className="checklist" aria-label={t`Checklist lines`}>
      {lines.map((line, i) => {
        const n = i + 1;
        const level = line.level + 1;
        const text = line.text.trim();
        return (
          <li
            key={line.key}
            className={`checklist-line${line.completed ? " is-done" : ""}`}
            data-testid="checklist-line"
            data-level={line.level}
          >
            {Array.from({ length: Math.min(line.level, DRAWN_LEVELS_MAX) }, (_, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the spacers are identical and never reorder
              <span key={k} className="checklist-indent" aria-hidden="true" />
            ))}
            <input
              type="checkbox"
              className="checklist-check"
              checked={line.completed}
              aria-label={text ? t`Done: ${text}` : t`Done: line ${n}`}
              onChange={() => {
                if (!readOnly) onChange(toggle(lines, i));
              }}
            />
            <input
              ref={(el) => {
                if (el) inputs.current.set(line.key, el);
                else inputs.current.delete(line.key);
              }}
              type="text"
              className="checklist-text"
              dir="auto"
              autoComplete="off"
              enterKeyHint="enter"
              value={line.text}
              readOnly={readOnly}
              aria-label={line.level ? t`Line ${n}, level ${level}` : t`Line ${n}`}
              onChange={(e) => onChange(setText(lines, i, e.target.value))}
              onKeyDown={(e) => onKeyDown(e, i)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The keys, in words, under the editor. */
export function EditorKeys() {
  return (
    <p className="muted checklist-keys">
      <Trans>
        Enter adds a line, Tab and Shift+Tab nest it, Backspace on an empty line removes it, ↑ and ↓ move between lines,
        Ctrl+Enter ticks the line.
      </Trans>
    </p>
  );
}
