import { Trans, useLingui } from "@lingui/react/macro";
import {
  EMAIL_MAX,
  NAME_LENGTH_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TYPED_MAX,
  SIGNUPS_PER_CLIENT_MAX,
  SIGNUPS_PER_EMAIL_MAX,
  THROTTLE_WINDOW_MINUTES,
  USERNAME_CHARS,
  USERNAME_MAX,
} from "@nook/shared/auth/limits";
import type { ServerCode } from "@nook/shared/common/messages";
import { safeNext } from "@nook/shared/common/sites";
import { ApiError, api, browserTimeZone, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { here } from "@nook/ui/site";
import { useStored, writeStored } from "@nook/ui/stored";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { type InputHTMLAttributes, useId, useState } from "react";
import { Link, useLocation } from "wouter";

/** What was typed and not yet sent, kept across a reload (never the password). */
interface Draft {
  email: string;
  name: string;
  username: string;
}
const DRAFT_KEY = "nook.auth.signup-draft";
const EMPTY: Draft = { email: "", name: "", username: "" };
const parseDraft = (raw: unknown): Draft | undefined => {
  if (typeof raw !== "object" || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const field = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : "");
  return { email: field("email"), name: field("name"), username: field("username") };
};

type Field = keyof Draft | "password";
/** The field a refusal of the API is about, by its code: marked invalid and focused. */
const FIELD_OF: Partial<Record<ServerCode, Field>> = {
  "auth.emailRequired": "email",
  "auth.emailTooLong": "email",
  "auth.emailInvalid": "email",
  "auth.emailTaken": "email",
  "auth.nameRequired": "name",
  "auth.nameTooLong": "name",
  "auth.usernameRequired": "username",
  "auth.usernameTooLong": "username",
  "auth.usernameChars": "username",
  "auth.usernameTaken": "username",
  "auth.passwordRequired": "password",
  "auth.passwordTooShort": "password",
  "auth.passwordTooLong": "password",
  "auth.passwordCommon": "password",
  "auth.passwordPersonal": "password",
  "auth.passwordBlank": "password",
};

/**
 * Joining (DESIGN §5): a new account, where sign-up is open or the link holds an invite (`?invite=`). The
 * API's rules and throttles said in words from the shared limits; its refusals in the reader's language;
 * what was typed kept across a reload but the password; signed in afterwards, as the sign-in page does.
 */
export function Signup() {
  const { t } = useLingui();
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const invite = new URLSearchParams(location.search).get("invite") ?? undefined;
  const status = useData(`auth/signup${invite ? `?invite=${invite}` : ""}`, () =>
    ok(api.auth.signup.$get({ query: invite === undefined ? {} : { invite } })),
  );
  const [draft, setDraft] = useStored(DRAFT_KEY, parseDraft, EMPTY);
  const [password, setPassword] = useState("");
  const [wrong, setWrong] = useState<Field | null>(null);
  const rulesId = useId();
  const usernameHintId = useId();
  const passwordHintId = useId();

  const submit = useSubmit(
    async () => {
      setWrong(null);
      const timeZone = browserTimeZone();
      await ok(api.auth.register.$post({ json: { ...draft, password, timeZone, invite } }));
      writeStored(DRAFT_KEY, undefined);
      await refresh();
      const next = safeNext(new URLSearchParams(location.search).get("next"), here());
      if (next) location.assign(next);
      else navigate("/", { replace: true });
    },
    {
      failed: (err) => {
        const field = err instanceof ApiError && err.code ? FIELD_OF[err.code] : undefined;
        if (field) {
          setWrong(field);
          document.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
        }
        return errorText(err, t`Something went wrong :C`);
      },
    },
  );

  const title = (
    <h1>
      <Trans>Create an account</Trans>
    </h1>
  );
  if (status.data === undefined)
    return (
      <div className="card stack page-narrow">
        {title}
        {status.error === undefined ? (
          <p className="muted" aria-busy="true">
            <Trans>Loading...</Trans>
          </p>
        ) : (
          <>
            <p className="error-line" role="alert">
              {errorText(status.error, t`Could not check whether you can join here. Check your connection.`)}
            </p>
            <div className="row">
              {/* An invite refused (403) stays refused: asking again helps only where no answer came. */}
              {!(status.error instanceof ApiError && status.error.status === 403) && (
                <button type="button" className="button" onClick={status.retry}>
                  <Trans>Try again</Trans>
                </button>
              )}
              <Link href="/login">
                <Trans>Sign in</Trans>
              </Link>
            </div>
          </>
        )}
      </div>
    );
  if (!status.data.open && !status.data.invited)
    return (
      <div className="card stack page-narrow">
        {title}
        <p>
          <Trans>Sign-up is closed here. Someone with an account can make you an invite link on their profile.</Trans>
        </p>
        <Link href="/login">
          <Trans>Sign in</Trans>
        </Link>
      </div>
    );

  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const field = (key: keyof Draft, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        name={key}
        required
        value={draft[key]}
        aria-invalid={wrong === key || undefined}
        onChange={(e) => set(key, e.target.value)}
        {...props}
      />
    </label>
  );
  return (
    <form className="card stack page-narrow" onSubmit={submit.onSubmit} aria-describedby={rulesId}>
      {title}
      <div id={rulesId} className="stack">
        {status.data.invited && (
          <p>
            <Trans>You were invited: this link makes one account.</Trans>
          </p>
        )}
        <p className="muted">
          <Trans>
            Sign-up attempts are limited to {SIGNUPS_PER_EMAIL_MAX} for one e-mail address and {SIGNUPS_PER_CLIENT_MAX}{" "}
            from one network address in {THROTTLE_WINDOW_MINUTES} min.
          </Trans>
        </p>
      </div>
      {field("email", t`EMAIL`, { type: "email", autoComplete: "username", maxLength: EMAIL_MAX })}
      <span className="muted">
        <Trans>You sign in with your e-mail.</Trans>
      </span>
      {field("name", t`NAME`, { autoComplete: "name", maxLength: NAME_LENGTH_MAX })}
      {field("username", t`USERNAME`, {
        autoComplete: "nickname",
        autoCapitalize: "none",
        spellCheck: false,
        pattern: USERNAME_CHARS,
        maxLength: USERNAME_MAX,
        "aria-describedby": usernameHintId,
      })}
      <span id={usernameHintId} className="muted">
        <Trans>
          Public (your donation page's address): Latin letters a-z, digits, '_' and '-', at most {USERNAME_MAX}{" "}
          characters, kept in lower case.
        </Trans>
      </span>
      <label className="field">
        <span className="field-label">
          <Trans>PASSWORD</Trans>
        </span>
        <input
          className="input"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_TYPED_MAX}
          value={password}
          aria-invalid={wrong === "password" || undefined}
          aria-describedby={passwordHintId}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <span id={passwordHintId} className="muted">
        <Trans>
          {PASSWORD_MIN} to {PASSWORD_MAX} characters. The most common passwords, and those holding your e-mail's name
          or your username, are refused.
        </Trans>
      </span>
      <p className="error-line" role="alert">
        {submit.error}
      </p>
      <button className="button" type="submit" disabled={submit.busy}>
        {submit.busy ? <Trans>Creating the account...</Trans> : <Trans>Create the account</Trans>}
      </button>
      <Link href="/login">
        <Trans>I have an account: sign in</Trans>
      </Link>
    </form>
  );
}
