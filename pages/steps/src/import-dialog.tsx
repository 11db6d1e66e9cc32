import { Trans, useLingui } from "@lingui/react/macro";
import { type ChecklistLine, parseChecklist } from "@nook/shared/steps/checklist";
import { errorText } from "@nook/ui/api";
import { Modal } from "@nook/ui/modal";
import { type FormEvent, useId, useState } from "react";

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
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const lines = parseChecklist(text);
    if (!lines.length) {
      setError(t`Paste some markdown task lines first.`);
      return;
    }
    setBusy(true);
    setError("");
    try {
      await onImport(lines);
    } catch (err) {
      console.error(err);
      setError(errorText(err, t`The lines could not be imported.`));
      setBusy(false);
    }
  }

  return (
    <Modal title={<Trans>Paste your content</Trans>} onClose={onClose} dismissable={!busy}>
      <form className="stack" onSubmit={submit} noValidate>
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
            setError("");
          }}
          onKeyDown={(e) => {
            // Enter is a new line here; Ctrl+Enter imports.
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void submit();
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
