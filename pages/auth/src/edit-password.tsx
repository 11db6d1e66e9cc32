import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MIN } from "@nook/shared/auth/limits";
import { ApiError, api, ok, withReason } from "@nook/ui/api";
import { useToast } from "@nook/ui/toasts";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";
import { useLocation } from "wouter";

export function EditPassword() {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      await ok(api.auth["change-password"].$post({ json: { currentPassword: current, newPassword: next } }));
      toast(t`Password changed`);
      navigate("/profile");
    },
    {
      check() {
        // Spec §5: a mismatch is caught here, with no call made.
        if (next !== repeat) return t`New passwords do not match`;
        // The server's rule, checked before sending (the API answers the same with a 400).
        if (next.length < PASSWORD_MIN) return t`The new password must be at least ${PASSWORD_MIN} characters`;
        return "";
      },
      // Spec §8: 'Current password is incorrect' on a 401, otherwise 'Failed to change password' and the reason.
      failed: (err) =>
        err instanceof ApiError && err.status === 401
          ? t`Current password is incorrect`
          : withReason(t`Failed to change password`, err),
    },
  );

  const field = (label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        type="password"
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </label>
  );
  return (
    <form className="card stack page-narrow" onSubmit={onSubmit}>
      <h1>
        <Trans>Edit password</Trans>
      </h1>
      {field(t`CURRENT PASSWORD`, current, setCurrent, "current-password")}
      {field(t`NEW PASSWORD`, next, setNext, "new-password")}
      {field(t`REPEAT PASSWORD`, repeat, setRepeat, "new-password")}
      <p className="error-line" role="alert">
        {error}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy}>
          {busy ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
        </button>
        <button className="button button-quiet" type="button" onClick={() => navigate("/profile")}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
