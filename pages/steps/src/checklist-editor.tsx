import { Trans, useLingui } from "@lingui/react/macro";
import type { ChecklistLine } from "@nook/shared/steps/checklist";
import {
  canIndent,
  canOutdent,
  type Edit,
  emptyHistory,
  type Focus,
  type History,
  indent,
  mergeUp,
  neighbour,
  outdent,
  record,
  redo,
  removeLine,
  type Snapshot,
  setText,
  splitLine,
  toggle,
  undo,
} from "@nook/shared/steps/editor";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";

/** Deeper levels still nest (and say so to a screen reader) but are not drawn further in. */
const DRAWN_LEVELS_MAX = 12;

/** What the keyboard can reach, in the order Tab goes. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first control after `el` (outside it) in the page's order, for Esc. */
function nextControl(el: HTMLElement): HTMLElement | null {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.contains(candidate)) continue;
    if (el.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) return candidate;
  }
  return null;
}

/** Whether a text area shows more than one row (a long line wraps). */
function wraps(el: HTMLTextAreaElement): boolean {
  const style = getComputedStyle(el);
  const row = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
  const inner = el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
  return inner > row * 1.5;
}

/** Browsers without `field-sizing: content` grow a line's text area to its text here. */
const fitsItself = typeof CSS !== "undefined" && CSS.supports?.("field-sizing", "content");
function fit(el: HTMLTextAreaElement) {
  if (fitsItself) return;
  el.style.height = "auto";
  el.style.height = `${el.scrollHeight}px`;
}

/**
 * The content editor (spec 2 §2): a checkbox and an editable text per line,
 * nested by level; a long line wraps. Keys: Enter adds a line, Tab /
 * Shift-Tab nest and lift it (with its children), Backspace on an empty line
 * removes it and at the start of a line joins it to the line above, ↑ / ↓ go
 * between lines, Ctrl+Enter ticks the line, Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y)
 * undo and redo, Esc leaves the editor for the next control — so the keyboard
 * is never trapped. The nest and lift buttons do the same for touch screens.
 */
export function ChecklistEditor({
  lines,
  onChange,
  readOnly,
}: {
  lines: ChecklistLine[];
  onChange(lines: ChecklistLine[]): void;
  /** While an import is on its way: shown, not editable. */
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef<Focus | null>(null);
  const history = useRef<History>(emptyHistory());
  /** The lines this editor last handed out: other lines (a reload, an import) start a new history. */
  const emitted = useRef(lines);
  /** The line the nest and lift buttons act on: the one last focused. */
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = lines.findIndex((l) => l.key === activeKey);

  if (emitted.current !== lines) {
    emitted.current = lines;
    history.current = emptyHistory();
  }

  // After an edit, the caret goes where the edit says, once the lines are on screen.
  useLayoutEffect(() => {
    for (const el of inputs.current.values()) fit(el);
    const focus = pending.current;
    if (!focus) return;
    pending.current = null;
    const input = inputs.current.get(focus.key);
    if (!input) return;
    input.focus();
    input.setSelectionRange(focus.caret, focus.caret);
  });

  /** Where the caret is now, as a snapshot keeps it. */
  const caretNow = (): Focus | null => {
    for (const [key, el] of inputs.current) if (el === document.activeElement) return { key, caret: el.selectionStart };
    return null;
  };

  /** A change: the lines before it become a step back (typing on one line is one step). */
  const change = (next: ChecklistLine[], focus: Focus | null, typing: string | null = null) => {
    history.current = record(history.current, { lines, focus: caretNow() }, typing);
    emitted.current = next;
    pending.current = focus;
    onChange(next);
  };
  const apply = (edit: Edit) => change(edit.lines, edit.focus);

  const travel = (step: typeof undo) => {
    const moved = step(history.current, { lines, focus: caretNow() });
    if (!moved) return;
    history.current = moved.history;
    const to: Snapshot = moved.to;
    emitted.current = to.lines;
    pending.current = to.focus;
    onChange(to.lines);
  };

  function onListKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    if (readOnly || e.nativeEvent.isComposing || e.altKey || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === "z" || key === "y") {
      e.preventDefault();
      travel(key === "y" || e.shiftKey ? redo : undo);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>, index: number) {
    if (e.key === "Escape") {
      // Out of the editor, to what follows it (Save, Import Data).
      const to = list.current && nextControl(list.current);
      if (to) {
        e.preventDefault();
        to.focus();
      }
      return;
    }
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
    } else if (e.key === "Enter" && plain) {
      // A selection is replaced by the break, as in any text field; a line never holds a line break.
      const cut = setText(lines, index, line.text.slice(0, start) + line.text.slice(end));
      edit = splitLine(cut, index, start);
    } else if (e.key === "Tab" && plain) {
      edit = e.shiftKey ? outdent(lines, index, start) : indent(lines, index, start);
    } else if (e.key === "Backspace" && plain && !e.shiftKey && line.text === "") {
      edit = removeLine(lines, index);
    } else if (e.key === "Backspace" && plain && !e.shiftKey && start === 0 && end === 0) {
      edit = mergeUp(lines, index);
    } else if ((e.key === "ArrowUp" || e.key === "ArrowDown") && plain && !e.shiftKey) {
      const direction = e.key === "ArrowUp" ? -1 : 1;
      const go = (caret: number) => {
        const focus = neighbour(lines, index, direction, caret);
        const target = focus && inputs.current.get(focus.key);
        if (!focus || !target) return false;
        target.focus();
        target.setSelectionRange(focus.caret, focus.caret);
        return true;
      };
      if (!wraps(input)) {
        if (go(start)) e.preventDefault();
        return;
      }
      // A wrapped line: the arrow moves within it first; where it cannot move, it goes to the next line.
      requestAnimationFrame(() => {
        if (document.activeElement === input && input.selectionStart === start && input.selectionEnd === end) go(start);
      });
      return;
    }
    if (edit) {
      e.preventDefault();
      apply(edit);
    }
  }

  /** The nest and lift buttons: on the line last focused; a tap keeps the caret (and the on-screen keyboard) there. */
  const shift = (by: typeof indent, keepCaret: boolean) => {
    const line = lines[activeIndex];
    if (!line || readOnly) return;
    const caret = inputs.current.get(line.key)?.selectionStart ?? line.text.length;
    const edit = by(lines, activeIndex, caret);
    if (edit) change(edit.lines, keepCaret ? edit.focus : null);
  };

  return (
    <div className="stack checklist-editor">
      <div className="row checklist-tools" role="toolbar" aria-label={t`Line tools`}>
        {(
          [
            [indent, canIndent(lines, activeIndex), t`Nest line`, "→"],
            [outdent, canOutdent(lines, activeIndex), t`Lift line`, "←"],
          ] as const
        ).map(([by, can, label, arrow]) => (
          <button
            key={label}
            type="button"
            className="button button-quiet checklist-tool"
            disabled={readOnly || !can}
            onPointerDown={(e) => e.preventDefault()}
            onClick={(e) => shift(by, e.detail > 0)}
          >
            <span aria-hidden="true">{arrow}</span> {label}
          </button>
        ))}
      </div>
      <ul ref={list} className="checklist" aria-label={t`Checklist lines`} onKeyDown={onListKeyDown}>
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
                  if (!readOnly) change(toggle(lines, i), null);
                }}
              />
              <textarea
                ref={(el) => {
                  if (el) inputs.current.set(line.key, el);
                  else inputs.current.delete(line.key);
                }}
                rows={1}
                className="checklist-text"
                dir="auto"
                autoComplete="off"
                enterKeyHint="enter"
                value={line.text}
                readOnly={readOnly}
                aria-label={line.level ? t`Line ${n}, level ${level}` : t`Line ${n}`}
                onFocus={() => setActiveKey(line.key)}
                // A pasted line break is a space: one line is one task.
                onChange={(e) => change(setText(lines, i, e.target.value.replace(/\r\n|\r|\n/g, " ")), null, line.key)}
                onKeyDown={(e) => onKeyDown(e, i)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The keys, in words, under the editor. */
export function EditorKeys() {
  return (
    <p className="muted checklist-keys">
      <Trans>
        Enter adds a line, Tab and Shift+Tab nest it, Backspace at the start joins it to the line above (on an empty
        line, removes it), ↑ and ↓ move between lines, Ctrl+Enter ticks the line, Ctrl+Z undoes. Esc leaves the editor.
      </Trans>
    </p>
  );
}
