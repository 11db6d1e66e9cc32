import { Trans, useLingui } from "@lingui/react/macro";
import { safeNext } from "@nook/shared/common/sites";
import { ApiError, api, browserTimeZone, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { here } from "@nook/ui/site";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";
import { useLocation } from "wouter";

export function Login() {
  const { t } = useLingui();
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const timeZone = browserTimeZone();
      await ok(api.auth.login.$post({ json: { email, password, timeZone } }));
      // Login success re-checks auth, then goes on (spec §4).
      await refresh();
      const next = safeNext(new URLSearchParams(location.search).get("next"), here());
      if (next) location.assign(next);
      else navigate("/", { replace: true });
    },
    {
      // Spec §8: the server's message, or 'Invalid credentials'; no answer at all is 'Something went wrong :C'.
      failed: (err) =>
        err instanceof ApiError && err.status !== 0 ? (err.text ?? t`Invalid credentials`) : t`Something went wrong :C`,
    },
  );

  return (
    <form className="card stack page-narrow" onSubmit={onSubmit}>
      <h1>
        <Trans>Sign in</Trans>
      </h1>
      <label className="field">
        <span className="field-label">
          <Trans>EMAIL</Trans>
        </span>
        <input
          className="input"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field-label">
          <Trans>PASSWORD</Trans>
        </span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <p className="error-line" role="alert">
        {error}
      </p>
      <button className="button" type="submit" disabled={busy}>
        {busy ? <Trans>Signing in...</Trans> : <Trans>Go</Trans>}
      </button>
    </form>
  );
}
