import { Trans, useLingui } from "@lingui/react/macro";
import { DEFAULT_ACCENT_COLOR, isAccentColor } from "@nook/shared/common/accent-colors";
import { profileTimeZone } from "@nook/shared/common/profile-zone";
import { useState } from "react";
import { api, errorText, ok } from "./api.ts";
import { useAuth } from "./auth.tsx";
import { invalidate } from "./use-data.ts";
import type { ZoneMismatch } from "./zone-due.ts";

/**
 * Screens count days in the profile's zone (DESIGN §3). When this browser is
 * in another, the site says so once and offers to switch the profile (as a
 * calendar app does). Shown only when zone-due.ts finds the zones differ; in
 * the first load, as a chunk of its own split the journal's entry and cost more.
 */
export function ZoneNotice({ mismatch, onKeep }: { mismatch: ZoneMismatch; onKeep(): void }) {
  const { t } = useLingui();
  const { refresh } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const { profile, browser } = mismatch;

  const switchProfile = async () => {
    setBusy(true);
    setError("");
    try {
      const me = await ok(api.auth.me.$get());
      const accentColor = isAccentColor(me.accentColor) ? me.accentColor : DEFAULT_ACCENT_COLOR;
      await ok(api.user.profile.$put({ json: { ...me, accentColor, timeZone: browser } }));
      await refresh();
      // Every figure counted in the old zone is asked for again.
      invalidate(() => true);
    } catch (err) {
      setError(errorText(err, t`The time zone could not be changed`));
    } finally {
      setBusy(false);
    }
  };

  const shownProfile = profileTimeZone(profile);
  return (
    <section className="zone-notice" aria-live="polite" data-testid="zone-notice">
      <p>
        {profile ? (
          <Trans>
            Days are counted in your profile's time zone, {shownProfile}; this device is in {browser}.
          </Trans>
        ) : (
          <Trans>Your profile has no time zone, so days are counted in UTC; this device is in {browser}.</Trans>
        )}
      </p>
      <div className="row">
        <button className="button" type="button" disabled={busy} onClick={switchProfile}>
          <Trans>Use {browser}</Trans>
        </button>
        <button className="button button-quiet" type="button" disabled={busy} onClick={onKeep}>
          <Trans>Keep {shownProfile}</Trans>
        </button>
      </div>
      {error && (
        <p className="error-line" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
