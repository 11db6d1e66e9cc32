import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError, api, ok } from "@nook/ui/api";
import { useToast } from "@nook/ui/toasts";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";

export function EditPassword() {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Spec §5: a mismatch is caught here, with no call made.
    if (next !== repeat) {
      setError(t`New passwords do not match`);
      return;
    }
    setBusy(true);
    setError("");
    try {
      await ok(api.auth["change-password"].$post({ json: { currentPassword: current, newPassword: next } }));
      toast(t`Password changed`);
      navigate("/profile");
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 401) setError(t`Current password is incorrect`);
      else setError((status === 400 && err instanceof ApiError && err.text) || t`Failed to change password`);
    } finally {
      setBusy(false);
    }
  }

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
    <form className="card stack page-narrow" onSubmit={submit}>
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
