import { Trans, useLingui } from "@lingui/react/macro";
import { safeNext } from "@nook/shared/common/sites";
import { ApiError, api, browserTimeZone, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { retryableImport } from "@nook/ui/retryable-import";
import { here } from "@nook/ui/site";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";
import { Link, useLocation } from "wouter";

/** The passkey ceremony, @simplewebauthn/browser with it, loaded when the person asks for it. */
const loadPasskeys = retryableImport(
  () => import("./passkey-client.ts"),
  (m) => m,
);

export function Login() {
  const { t } = useLingui();
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState("");
  // Joining (DESIGN §5): "Create an account" where sign-up is open; closed, an invite link opens the page itself.
  const signup = useData("auth/signup", () => ok(api.auth.signup.$get({ query: {} })));
  /** Signed in: auth is checked again, then on to where the person was going (spec §4). */
  async function goOn() {
    await refresh();
    const next = safeNext(new URLSearchParams(location.search).get("next"), here());
    if (next) location.assign(next);
    else navigate("/", { replace: true });
  }
  async function withPasskey() {
    setPasskeyBusy(true);
    setPasskeyError("");
    try {
      const passkeys = await loadPasskeys();
      try {
        await passkeys.signInWithPasskey();
      } catch (err) {
        if (passkeys.cancelled(err)) return;
        throw err;
      }
      await goOn();
    } catch (err) {
      setPasskeyError(
        err instanceof ApiError && err.status !== 0
          ? (err.text ?? t`Something went wrong :C`)
          : t`Something went wrong :C`,
      );
    } finally {
      setPasskeyBusy(false);
    }
  }
  const { busy, error, onSubmit } = useSubmit(
    async () => {
      const timeZone = browserTimeZone();
      await ok(api.auth.login.$post({ json: { email, password, timeZone } }));
      await goOn();
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
      <button className="button" type="submit" disabled={busy || passkeyBusy}>
        {busy ? <Trans>Signing in...</Trans> : <Trans>Go</Trans>}
      </button>
      <button
        className="button button-quiet"
        type="button"
        disabled={busy || passkeyBusy}
        onClick={() => void withPasskey()}
      >
        {passkeyBusy ? <Trans>Waiting for the passkey...</Trans> : <Trans>Sign in with a passkey</Trans>}
      </button>
      <p className="error-line" role="alert">
        {passkeyError}
      </p>
      {signup.data?.open && (
        <Link href={`/signup${location.search}`}>
          <Trans>Create an account</Trans>
        </Link>
      )}
    </form>
  );
}
