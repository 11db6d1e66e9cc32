import { Trans, useLingui } from "@lingui/react/macro";
import { DATE_OF_BIRTH_YEAR_MAX, DATE_OF_BIRTH_YEAR_MIN, USERNAME_CHARS, USERNAME_MAX } from "@nook/shared/auth/limits";
import {
  ACCENT_COLORS,
  type AccentColor,
  DEFAULT_ACCENT_COLOR,
  isAccentColor,
} from "@nook/shared/common/accent-colors";
import { ACCENT_HEX } from "@nook/shared/common/accent-palette";
import { api, ok, withReason } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { lazyScreen } from "@nook/ui/screens";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { type InputHTMLAttributes, Suspense, useEffect, useId, useState } from "react";
import { Link } from "wouter";
import { COLOR_NAMES } from "./accent-names.ts";
import { SignOut } from "./sign-out.tsx";

interface ProfileValues {
  email: string;
  name: string;
  dateOfBirth: string;
  username: string;
  accentColor: AccentColor;
  /** IANA; "" for a profile without one (the API counts its days in UTC). */
  timeZone: string;
}

/** Every zone this browser knows, with the profile's own if it is not among them. */
function zoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = new Set([...known, "UTC"]);
  if (current) all.add(current);
  return [...all].sort();
}

/**
 * Your data: the downloads and leaving, with their strings, in a chunk of their own that
 * loads once the profile has shown (the site's first load stays within its budget).
 */
const YourData = lazyScreen(() => import("./your-data.tsx").then((m) => m.YourData), "data");

/** The profile's version as last loaded or saved (its `modifiedAt`): a save is made against it (If-Match). */
let profileVersion: string | null = null;

/** Whether the e-mail typed is another address than the saved one, as the API compares them (trimmed, lower-cased). */
const emailChanged = (typed: string, saved: string) => typed.trim().toLowerCase() !== saved.trim().toLowerCase();

export function Profile() {
  const { t, i18n } = useLingui();
  const { state: auth, refresh } = useAuth();
  const [saved, setSaved] = useState<ProfileValues | null>(null);
  const [values, setValues] = useState<ProfileValues | null>(null);
  /** Spec §4: initial → edit → saving (useSubmit's busy) → initial (auth re-checked), or the error and still editing; Cancel restores. */
  const [editing, setEditing] = useState(false);
  /** The password a new e-mail needs (never kept beyond the form, never in a draft). */
  const [currentPassword, setCurrentPassword] = useState("");
  const accentLabelId = useId();
  const usernameHintId = useId();
  const zoneHintId = useId();

  const me = useData("auth/me", async (): Promise<ProfileValues> => {
    const me = await ok(api.auth.me.$get());
    profileVersion = me.modifiedAt;
    return {
      email: me.email,
      name: me.name,
      dateOfBirth: me.dateOfBirth ?? "",
      username: me.username,
      accentColor: isAccentColor(me.accentColor) ? me.accentColor : DEFAULT_ACCENT_COLOR,
      timeZone: me.timeZone ?? "",
    };
  });
  // The form shows the profile as loaded, and as asked again later unless it is being edited. A first
  // load that failed, answered later (the tab shown again): the page as if it had loaded.
  useEffect(() => {
    if (!me.data || (editing && saved !== null)) return;
    setSaved(me.data);
    setValues(me.data);
  }, [me.data, editing, saved]);
  /** The first load failed: nothing to show or edit yet. */
  const loadFailed = me.error !== undefined && saved === null;

  const save = useSubmit(
    async () => {
      if (!values) return;
      const { timeZone, ...rest } = values;
      // A new sign-in address takes the password (the API refuses it without).
      const password = saved && emailChanged(values.email, saved.email) ? { currentPassword } : {};
      // Against the profile as loaded: changed elsewhere since, the server refuses it (409) and says so.
      const updated = await ok(
        api.user.profile.$put(
          {
            json: {
              ...rest,
              dateOfBirth: values.dateOfBirth || null,
              ...(timeZone ? { timeZone } : {}),
              ...password,
            },
          },
          profileVersion ? { headers: { "If-Match": `"${profileVersion}"` } } : undefined,
        ),
      );
      profileVersion = updated.modifiedAt;
      // The username as stored: typed "Annie", kept "annie".
      const next = {
        ...values,
        username: updated.username,
        dateOfBirth: updated.dateOfBirth ?? "",
        timeZone: updated.timeZone ?? "",
      };
      me.mutate(next);
      setCurrentPassword("");
      setSaved(next);
      setValues(next);
      setEditing(false);
      await refresh();
    },
    // Spec §8: 'Failed to update profile data', and the server's reason in the reader's language.
    { failed: (err) => withReason(t`Failed to update profile data`, err) },
  );

  const name = auth.status === "authenticated" ? auth.user.name : (saved?.name ?? "");
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setValues((v) => (v ? { ...v, [key]: value } : v));
  const field = (
    key: "email" | "name" | "username" | "dateOfBirth",
    label: string,
    type: string,
    autoComplete: string,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        type={type}
        autoComplete={autoComplete}
        required={key !== "dateOfBirth"}
        // The years the birth-date section answers for, which the API holds a date of birth to.
        {...(key === "dateOfBirth"
          ? { min: `${DATE_OF_BIRTH_YEAR_MIN}-01-01`, max: `${DATE_OF_BIRTH_YEAR_MAX}-12-31` }
          : {})}
        disabled={!editing || save.busy}
        value={values?.[key] ?? ""}
        onChange={(e) => set(key, e.target.value)}
        {...extra}
      />
    </label>
  );
  // The server's rule, checked by the browser before sending; the API answers the same with a 400.
  const usernameHint = t`Latin letters, digits, '_' and '-'; kept in lower case. It is your donation page's address.`;

  return (
    <>
      <form className="card stack page-narrow" onSubmit={save.onSubmit}>
        <h1 className="user-text">
          <Trans>Hey, {name}</Trans>
        </h1>
        {values === null && !loadFailed ? (
          <p className="muted" aria-busy="true">
            <Trans>Loading...</Trans>
          </p>
        ) : null}
        {values && (
          <>
            {field("email", t`EMAIL`, "email", "email")}
            {editing && saved && emailChanged(values.email, saved.email) && (
              <label className="field">
                <span className="field-label">
                  <Trans>CURRENT PASSWORD</Trans>
                </span>
                <input
                  className="input"
                  type="password"
                  autoComplete="current-password"
                  required
                  disabled={save.busy}
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                  data-testid="profile-current-password"
                />
                <span className="muted">
                  <Trans>You sign in with your e-mail: changing it takes your password.</Trans>
                </span>
              </label>
            )}
            {field("name", t`NAME`, "text", "name")}
            {field("dateOfBirth", t`DATE OF BIRTH`, "date", "bday")}
            {field("username", t`USERNAME`, "text", "username", {
              pattern: USERNAME_CHARS,
              maxLength: USERNAME_MAX,
              title: usernameHint,
              "aria-describedby": editing ? usernameHintId : undefined,
            })}
            {editing && (
              <p id={usernameHintId} className="muted">
                {usernameHint}
              </p>
            )}
            <label className="field">
              <span className="field-label">
                <Trans>TIME ZONE</Trans>
              </span>
              <select
                className="input"
                disabled={!editing || save.busy}
                value={values.timeZone}
                aria-describedby={zoneHintId}
                onChange={(e) => set("timeZone", e.target.value)}
              >
                {values.timeZone === "" && <option value="">{t`None (days are counted in UTC)`}</option>}
                {zoneChoices(values.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            </label>
            <p id={zoneHintId} className="muted">
              <Trans>Streaks, the calendar and the timer count days in this zone on every site.</Trans>
            </p>
            <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className="field-label" id={accentLabelId}>
                <Trans>ACCENT COLOUR</Trans>
              </legend>
              <div className="swatches" role="radiogroup" aria-labelledby={accentLabelId}>
                {ACCENT_COLORS.map((color) => (
                  <label key={color} className="swatch" title={i18n._(COLOR_NAMES[color])}>
                    <input
                      type="radio"
                      name="accentColor"
                      value={color}
                      aria-label={i18n._(COLOR_NAMES[color])}
                      checked={values.accentColor === color}
                      disabled={!editing || save.busy}
                      onChange={() => set("accentColor", color)}
                    />
                    <span style={{ background: ACCENT_HEX[color] }} data-color={color} />
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
        <p className="error-line" role="alert">
          {loadFailed ? t`Failed to load profile data` : save.error}
        </p>
        <div className="row">
          {editing ? (
            <>
              <button className="button" type="submit" disabled={save.busy}>
                {save.busy ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
              </button>
              <button
                className="button button-quiet"
                type="button"
                disabled={save.busy}
                onClick={() => {
                  setValues(saved);
                  save.clearError();
                  setEditing(false);
                }}
              >
                <Trans>Cancel</Trans>
              </button>
            </>
          ) : (
            <button className="button" type="button" disabled={values === null} onClick={() => setEditing(true)}>
              <Trans>Edit</Trans>
            </button>
          )}
          <span className="header-gap" />
          <SignOut />
        </div>
        <Link href="/edit-password">
          <Trans>Edit password</Trans>
        </Link>
        <Link href="/import">
          <Trans>Import data</Trans>
        </Link>
        <Link href="/reminders">
          <Trans>Reminders</Trans>
        </Link>
      </form>
      <Suspense fallback={null}>
        <YourData />
      </Suspense>
    </>
  );
}
