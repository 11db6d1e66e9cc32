import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type ChecklistLine, importChecklist, overLimit } from "@nook/shared/steps/checklist";
import { CHECKLIST_CHARS_MAX, CHECKLIST_LINES_MAX } from "@nook/shared/steps/limits";
import { errorText } from "@nook/ui/api";
import { Modal } from "@nook/ui/modal";
import { useSubmit } from "@nook/ui/use-submit";
import { useDeferredValue, useId, useMemo, useState } from "react";

/**
 * 'Import Data' (spec 2 §2): markdown pasted into a textarea. It closes on Esc
 * or a click outside (Modal); Import needs some task lines (§5). List items
 * become tasks; headings and prose are left out (importChecklist), and the
 * dialog says how many of each, and how long the checklist will be as it is
 * stored — the measure of its limit — before anything is sent.
 */
export function ImportDialog({
  measure,
  onClose,
  onImport,
}: {
  /** The checklist's content (canonical) with these lines imported: what would be saved. */
  measure(lines: ChecklistLine[]): string;
  onClose(): void;
  /** The pasted lines; the dialog closes when this settles without throwing. */
  onImport(lines: ChecklistLine[]): Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState("");
  const id = useId();
  const typed = useDeferredValue(text);
  const preview = useMemo(() => {
    const imported = importChecklist(typed);
    const content = imported.lines.length ? measure(imported.lines) : "";
    return { ...imported, chars: content.length, over: content ? overLimit(content) : null };
  }, [typed, measure]);
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const chars = number(preview.chars);
  const max = number(CHECKLIST_CHARS_MAX);
  const maxLines = number(CHECKLIST_LINES_MAX);

  const { busy, error, clearError, run, onSubmit } = useSubmit(() => onImport(importChecklist(text).lines), {
    failed: (err) => errorText(err, t`The lines could not be imported.`),
    check: () => {
      const { lines } = importChecklist(text);
      if (!lines.length) return t`Paste some markdown task lines first.`;
      const content = measure(lines);
      const over = overLimit(content);
      const size = number(content.length);
      if (over === "chars")
        return t`Too long: the checklist would be ${size} characters as task lines, at most ${max}.`;
      if (over === "lines") return t`Too many lines: a checklist is at most ${maxLines} lines.`;
      return "";
    },
  });
  const tasks = preview.lines.length;
  const skipped = preview.skipped;

  return (
    <Modal title={<Trans>Paste your content</Trans>} onClose={onClose} dismissable={!busy}>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          <Trans>Markdown task lines</Trans>
        </label>
        <textarea
          id={`${id}-text`}
          className="textarea steps-import-text"
          placeholder={t`- [ ] Paste some markdown`}
          spellCheck={false}
          value={text}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-preview ${id}-error`}
          onChange={(e) => {
            setText(e.target.value);
            clearError();
          }}
          onKeyDown={(e) => {
            // Enter is a new line here; Ctrl+Enter imports.
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void run();
            }
          }}
        />
        <p className="muted steps-import-preview" id={`${id}-preview`} data-testid="import-preview">
          {typed.trim() ? (
            <>
              <Plural value={tasks} one="# task to import" other="# tasks to import" />
              {skipped > 0 && (
                <>
                  {" · "}
                  <Plural
                    value={skipped}
                    one="# heading or prose line left out"
                    other="# heading or prose lines left out"
                  />
                </>
              )}
              {tasks > 0 && (
                <>
                  {" · "}
                  <span className={preview.over === "chars" ? "steps-over" : undefined} data-testid="import-size">
                    <Trans>
                      {chars} of {max} characters as task lines
                    </Trans>
                  </span>
                </>
              )}
            </>
          ) : (
            <Trans>
              List items become tasks; headings and prose are left out. A checklist is at most {max} characters as task
              lines.
            </Trans>
          )}
        </p>
        <p className="error-line" id={`${id}-error`} role="alert">
          {error}
        </p>
        <div className="row">
          <button type="submit" className="button" disabled={busy}>
            <Trans>Import</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
