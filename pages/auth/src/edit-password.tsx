import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PASSWORD_MIN } from "@nook/shared/auth/limits";
import type { PasskeyListed } from "@nook/shared/auth/schemas";
import { ApiError, api, ok, withReason } from "@nook/ui/api";
import { useToast } from "@nook/ui/toasts";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";
import { useLocation } from "wouter";

/**
 * A new password (spec §5), and with it the account's passkeys shown, each by name, with "Also remove my N
 * passkeys" ticked: a password is changed most often because it may have leaked, and a passkey added with
 * the leaked password would outlast the change and keep whoever added it signed in. Someone who added each
 * one themselves sees them named and can untick it; adding one again takes a minute, while a planted one
 * left behind is never noticed. Removed, they go in the same batch as the old password (auth/accounts.ts).
 */
export function EditPassword() {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [removeKeys, setRemoveKeys] = useState(true);
  // The profile's list of them (the same key): none, or not loaded, and the question is not asked.
  const list = useData("auth/passkeys", () => ok(api.auth.passkeys.$get()) as Promise<PasskeyListed[]>);
  const keys = list.data ?? [];
  const keyCount = keys.length;
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const removePasskeys = keys.length > 0 && removeKeys;
      const { passkeysRemoved } = await ok(
        api.auth["change-password"].$post({ json: { currentPassword: current, newPassword: next, removePasskeys } }),
      );
      if (passkeysRemoved > 0) list.mutate([]);
      toast(
        passkeysRemoved > 0
          ? plural(passkeysRemoved, {
              one: "Password changed; # passkey removed",
              other: "Password changed; # passkeys removed",
            })
          : t`Password changed`,
      );
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
      {keys.length > 0 && (
        <div className="stack" data-testid="password-passkeys">
          <p>
            <Trans>These passkeys sign in to your account without a password:</Trans>
          </p>
          <ul>
            {keys.map((p) => (
              <li key={p.id} className="user-text">
                {p.name}
              </li>
            ))}
          </ul>
          <label className="row">
            <input type="checkbox" checked={removeKeys} onChange={(e) => setRemoveKeys(e.target.checked)} />
            <span>{plural(keyCount, { one: "Also remove my passkey", other: "Also remove my # passkeys" })}</span>
          </label>
          <p className="muted">
            <Trans>
              One added by someone who knew your old password would still let them in. Keep them only if you added each
              one yourself.
            </Trans>
          </p>
        </div>
      )}
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
