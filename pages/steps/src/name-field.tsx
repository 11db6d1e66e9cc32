import { Trans } from "@lingui/react/macro";
import { NAME_LENGTH_MAX } from "@nook/shared/auth/schemas";
import { message } from "@nook/shared/common/messages";
import { translateServerMessage } from "@nook/ui/server-messages";

/** The API's own words for a blank name (spec 2 §5), in the reader's language. */
export const NAME_REQUIRED = () => translateServerMessage(message("Name is required"));

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
