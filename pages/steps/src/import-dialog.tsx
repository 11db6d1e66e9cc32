import { Trans, useLingui } from "@lingui/react/macro";
import { type ChecklistLine, parseChecklist } from "@nook/shared/steps/checklist";
import { errorText } from "@nook/ui/api";
import { Modal } from "@nook/ui/modal";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";

/**
 * 'Import Data' (spec 2 §2): markdown task lines pasted into a textarea. It
 * closes on Esc or a click outside (Modal); Import needs some text (§5).
 */
export function ImportDialog({
  onClose,
  onImport,
}: {
  onClose(): void;
  /** The pasted lines; the dialog closes when this settles without throwing. */
  onImport(lines: ChecklistLine[]): Promise<void>;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const id = useId();
  const { busy, error, clearError, run, onSubmit } = useSubmit(() => onImport(parseChecklist(text)), {
    failed: (err) => errorText(err, t`The lines could not be imported.`),
    check: () => (parseChecklist(text).length ? "" : t`Paste some markdown task lines first.`),
  });

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
          aria-describedby={`${id}-error`}
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
