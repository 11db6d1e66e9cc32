import { Trans } from "@lingui/react/macro";
import { NAME_LENGTH_MAX } from "@nook/shared/auth/limits";
import { errorText } from "@nook/ui/api";
import { loadedMessageText } from "@nook/ui/server-messages";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";

/** A checklist's name, as the create form and edit mode both ask for it; focused when it appears. */
export function NameField({
  value,
  busy,
  error,
  errorId,
  onChange,
}: {
  value: string;
  busy: boolean;
  /** Shown by the form (at `errorId`); marks the field invalid. */
  error: string;
  errorId: string;
  onChange(name: string): void;
}) {
  return (
    <label className="field">
      <span className="field-label">
        <Trans>Name</Trans>
      </span>
      <input
        className="input"
        dir="auto"
        // biome-ignore lint/a11y/noAutofocus: the field appears on request (New Steps, the edit icon), to be typed in
        autoFocus
        autoComplete="off"
        maxLength={NAME_LENGTH_MAX}
        value={value}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * A form around a checklist's name (the create form, edit mode), on useSubmit:
 * a blank name is refused in the API's words before anything is sent, the
 * form is busy while `send` runs, and a failure shows in words — the server's
 * reason, or `failed`. `field` is NameField's props.
 */
export function useNameForm(initial: string, send: (name: string) => Promise<void>, failed: string) {
  const [name, setName] = useState(initial);
  const errorId = `${useId()}-error`;
  const form = useSubmit(() => send(name.trim()), {
    failed: (err) => errorText(err, failed),
    check: () => (name.trim() ? "" : loadedMessageText("auth.nameRequired")),
  });
  const field = {
    value: name,
    busy: form.busy,
    error: form.error,
    errorId,
    onChange(next: string) {
      setName(next);
      form.clearError();
    },
  };
  return { ...form, errorId, field };
}
