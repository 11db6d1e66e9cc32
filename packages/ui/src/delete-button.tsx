import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";

/** Spec §4: the first click asks for confirmation; it reverts after 2.25 s. */
export const DELETE_CONFIRM_MS = 2250;

export function DeleteButton({
  onConfirm,
  children,
  disabled,
  small,
  title,
}: {
  onConfirm(): void;
  children?: ReactNode;
  disabled?: boolean;
  small?: boolean;
  /** What the delete removes, where the label alone does not say. */
  title?: string;
}) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const t = setTimeout(() => setArmed(false), DELETE_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [armed]);
  return (
    <button
      type="button"
      className={`button ${armed ? "button-danger" : "button-quiet"}${small ? " button-small" : ""}`}
      disabled={disabled}
      title={title}
      onClick={() => {
        if (armed) {
          setArmed(false);
          onConfirm();
        } else setArmed(true);
      }}
    >
      {armed ? <Trans>Confirm</Trans> : (children ?? <Trans>Delete</Trans>)}
    </button>
  );
}
