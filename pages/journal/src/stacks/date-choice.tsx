import { Trans } from "@lingui/react/macro";
import { useReaderTimeZone } from "@nook/ui/auth";
import { useId } from "react";
import { toLocalInput } from "../local-input.ts";

/**
 * A date that is "now" (null) or a chosen date-time (spec 1 §4: the entry's and
 * the stack item's): a datetime-local value, the wall clock in the profile's
 * zone (local-input.ts turns it into the instant).
 */
export function DateChoice({
  value,
  label,
  onChange,
}: {
  value: string | null;
  /** The date field's accessible name. */
  label: string;
  onChange(value: string | null): void;
}) {
  const zone = useReaderTimeZone();
  const name = useId();
  return (
    <fieldset className="field">
      <legend className="field-label">
        <Trans>Date</Trans>
      </legend>
      <div className="row">
        <label className="row">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
          <Trans>Now</Trans>
        </label>
        <label className="row">
          <input
            type="radio"
            name={name}
            checked={value !== null}
            onChange={() => onChange(toLocalInput(Date.now(), zone))}
          />
          <Trans>Custom date</Trans>
        </label>
        {value !== null && (
          <input
            className="input date-input"
            type="datetime-local"
            aria-label={label}
            value={value}
            required
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </div>
    </fieldset>
  );
}
