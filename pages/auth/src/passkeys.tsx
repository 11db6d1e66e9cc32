import { Trans, useLingui } from "@lingui/react/macro";
import { PASSKEY_NAME_MAX, PASSWORD_MAX, type PasskeyListed } from "@nook/shared/auth/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { retryableImport } from "@nook/ui/retryable-import";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useId, useState } from "react";

/** The passkey ceremony, @simplewebauthn/browser with it, loaded when a passkey is added. */
const loadPasskeys = retryableImport(
  () => import("./passkey-client.ts"),
  (m) => m,
);

/**
 * The account's passkeys (auth/passkeys.ts): each its name, when it was added and last used, and Remove;
 * "Add a passkey" with a name and the account's current password asks the browser for one (this device, a
 * security key, or a phone): a session alone never adds a way in. A passkey signs in on the login page
 * without a password.
 */
export function Passkeys() {
  const { t, i18n } = useLingui();
  const { state: auth } = useAuth();
  const nameId = useId();
  const passwordId = useId();
  const [name, setName] = useState("");
  /** The password adding one takes: never kept beyond the form. */
  const [password, setPassword] = useState("");
  /** "Add a passkey…" opened its form (closed, no password field is on the page for a manager to fill). */
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState("");
  const list = useData("auth/passkeys", () => ok(api.auth.passkeys.$get()) as Promise<PasskeyListed[]>);
  const zone = auth.status === "authenticated" ? (auth.user.timeZone ?? undefined) : undefined;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone });

  /** Adds a passkey named in the form (no argument), or removes the one given. */
  const change = useSubmit(
    async (removing?: PasskeyListed) => {
      setSaid("");
      if (removing) {
        await ok(api.auth.passkeys[":id"].$delete({ param: { id: removing.id } }));
        list.mutate((list.data ?? []).filter((p) => p.id !== removing.id));
        setSaid(t`Passkey removed.`);
        return;
      }
      const passkeys = await loadPasskeys();
      let added: PasskeyListed;
      try {
        added = await passkeys.addPasskey(name.trim(), password);
      } catch (err) {
        if (passkeys.cancelled(err)) return;
        throw err;
      }
      list.mutate([added, ...(list.data ?? [])]);
      setName("");
      setPassword("");
      setOpen(false);
      setSaid(t`Passkey added: you can sign in with it on the sign-in page.`);
    },
    {
      failed: (err, removing) =>
        removing
          ? errorText(err, t`The passkey could not be removed. Check your connection and try again.`)
          : errorText(err, t`The passkey could not be added. Check your connection and try again.`),
    },
  );
  /** The browser is asked for a new passkey. */
  const adding = change.busy && change.busyWith?.[0] === undefined;

  const keys = list.data;
  return (
    <section className="stack" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h3 id="passkeys-title">
        <Trans>Passkeys</Trans>
      </h3>
      <p className="muted">
        <Trans>A passkey signs you in without your password, with this device's lock or a security key.</Trans>
      </p>
      {keys === undefined && list.error === undefined && (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      )}
      {keys === undefined && list.error !== undefined && (
        <p className="error-line" role="alert">
          <Trans>The list of passkeys could not be loaded.</Trans>
        </p>
      )}
      {keys && keys.length > 0 && (
        <ul className="stack session-list">
          {keys.map((p) => (
            <li key={p.id} className="row session" data-testid="passkey">
              <div className="stack session-what">
                <strong className="user-text">{p.name}</strong>
                <PasskeyTimes
                  added={when.format(new Date(p.createdAt))}
                  used={p.lastUsedAt ? when.format(new Date(p.lastUsedAt)) : null}
                />
              </div>
              <button
                type="button"
                className="button button-quiet"
                disabled={change.busy}
                onClick={() => void change.run(p)}
                aria-label={removeLabel(p.name)}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form className="stack" onSubmit={change.onSubmit} data-testid="passkey-add">
          <label className="field" htmlFor={nameId}>
            <span className="field-label">
              <Trans>PASSKEY NAME</Trans>
            </span>
            <input
              id={nameId}
              className="input"
              required
              maxLength={PASSKEY_NAME_MAX}
              placeholder={t`My phone`}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="field" htmlFor={passwordId}>
            <span className="field-label">
              <Trans>CURRENT PASSWORD</Trans>
            </span>
            <input
              id={passwordId}
              className="input"
              type="password"
              required
              maxLength={PASSWORD_MAX}
              autoComplete="current-password"
              aria-describedby={`${passwordId}-why`}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <span className="muted" id={`${passwordId}-why`}>
              <Trans>A passkey is a way into your account: adding one takes your password.</Trans>
            </span>
          </label>
          <div className="row">
            <button type="submit" className="button" disabled={change.busy || name.trim() === "" || password === ""}>
              {adding ? <Trans>Waiting for the passkey...</Trans> : <Trans>Add the passkey</Trans>}
            </button>
            <button
              type="button"
              className="button button-quiet"
              disabled={change.busy}
              onClick={() => {
                setOpen(false);
                setPassword("");
                change.clearError();
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={change.busy}
            onClick={() => {
              setSaid("");
              setOpen(true);
            }}
          >
            <Trans>Add a passkey…</Trans>
          </button>
        </div>
      )}
      <p className="muted" aria-live="polite">
        {said}
      </p>
      <p className="error-line" role="alert">
        {change.error}
      </p>
    </section>
  );

  function removeLabel(keyName: string) {
    return t`Remove the passkey ${keyName}`;
  }
}

/** When a passkey was added and last used. */
function PasskeyTimes({ added, used }: { added: string; used: string | null }) {
  return (
    <span className="muted">
      {used ? (
        <Trans>
          Added {added}, last used {used}
        </Trans>
      ) : (
        <Trans>Added {added}, not used yet</Trans>
      )}
    </span>
  );
}
