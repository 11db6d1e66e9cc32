import { Trans, useLingui } from "@lingui/react/macro";
import { INVITE_DAYS, INVITES_WAITING_MAX } from "@nook/shared/auth/limits";
import type { InviteListed } from "@nook/shared/auth/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useCopy } from "@nook/ui/use-copy";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useState } from "react";

/** The sign-up page's address on this (the auth) site with an invite's token. */
export const inviteLink = (token: string) => `${location.origin}/signup?invite=${token}`;

/**
 * "Invite someone" (DESIGN §5 "Joining"): makes a single-use link to the sign-up page, lasting INVITE_DAYS,
 * shown once with a copy button (only its hash is kept); lists the account's invites with Withdraw for
 * those still waiting.
 */
export function Invites() {
  const { t, i18n } = useLingui();
  const { state: auth } = useAuth();
  const list = useData("auth/invites", () => ok(api.auth.invites.$get()) as Promise<InviteListed[]>);
  /** The link just made: shown until the screen is left (it cannot be read again). */
  const [made, setMade] = useState<string | null>(null);
  const zone = auth.status === "authenticated" ? (auth.user.timeZone ?? undefined) : undefined;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const shown = (iso: string) => when.format(new Date(iso));

  const make = useSubmit(
    async () => {
      const invite = await ok(api.auth.invites.$post());
      setMade(inviteLink(invite.token));
      const { token: _, ...row } = invite;
      list.mutate((rows) => [row, ...(rows ?? [])]);
    },
    { failed: (err) => errorText(err, t`The invite link could not be made. Check your connection and try again.`) },
  );
  const withdraw = useSubmit(
    async (invite: InviteListed) => {
      await ok(api.auth.invites[":id"].$delete({ param: { id: String(invite.id) } }));
      list.mutate((rows) => (rows ?? []).filter((r) => r.id !== invite.id));
    },
    {
      failed: (err) => errorText(err, t`The invite link could not be withdrawn. Check your connection and try again.`),
    },
  );
  const now = Date.now();
  const rows = list.data;
  return (
    <section className="stack" aria-labelledby="invites-title" data-testid="invites">
      <h2 id="invites-title">
        <Trans>Invite someone</Trans>
      </h2>
      <p className="muted">
        <Trans>
          An invite link lets one person make an account here, even where sign-up is closed. It lasts {INVITE_DAYS}{" "}
          days; you can have {INVITES_WAITING_MAX} waiting at once.
        </Trans>
      </p>
      <div className="row">
        <button type="button" className="button" disabled={make.busy} onClick={() => void make.run()}>
          {make.busy ? <Trans>Making the link...</Trans> : <Trans>Make an invite link</Trans>}
        </button>
      </div>
      {made && (
        <div className="stack">
          <label className="field">
            <span className="field-label">
              <Trans>INVITE LINK</Trans>
            </span>
            <input
              className="input"
              readOnly
              value={made}
              data-testid="invite-link"
              onFocus={(e) => e.target.select()}
            />
          </label>
          <div className="row">
            <CopyButton text={made} />
          </div>
          <p className="muted">
            <Trans>Send it now: it is shown only this once.</Trans>
          </p>
        </div>
      )}
      <p className="error-line" role="alert">
        {make.error || withdraw.error}
      </p>
      {rows === undefined && list.error === undefined && (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      )}
      {rows === undefined && list.error !== undefined && (
        <p className="error-line" role="alert">
          <Trans>The list of invite links could not be loaded.</Trans>
        </p>
      )}
      {rows && rows.length === 0 && (
        <p className="muted">
          <Trans>No invite links yet.</Trans>
        </p>
      )}
      {rows && rows.length > 0 && (
        <ul className="stack session-list">
          {rows.map((r) => {
            const madeAt = shown(r.createdAt);
            const usedAt = r.usedAt === null ? null : shown(r.usedAt);
            const until = shown(r.expiresAt);
            const waiting = r.usedAt === null && Date.parse(r.expiresAt) > now;
            return (
              <li key={r.id} className="row session" data-testid="invite">
                <span className="stack session-what">
                  <span>
                    <Trans>Made {madeAt}</Trans>
                  </span>
                  <span className="muted">
                    {usedAt !== null ? (
                      <Trans>Used {usedAt}</Trans>
                    ) : waiting ? (
                      <Trans>Waiting until {until}</Trans>
                    ) : (
                      <Trans>Expired</Trans>
                    )}
                  </span>
                </span>
                {waiting && (
                  <button
                    type="button"
                    className="button button-quiet"
                    disabled={withdraw.busy}
                    aria-label={t`Withdraw the invite link made ${madeAt}`}
                    onClick={() => void withdraw.run(r)}
                  >
                    <Trans>Withdraw</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Copies the link and says so for 2 s, or says it could not. */
function CopyButton({ text }: { text: string }) {
  const { result, copy } = useCopy(text);
  return (
    <>
      <button type="button" className="button button-quiet" onClick={() => void copy()}>
        {result === "copied" ? <Trans>Copied</Trans> : <Trans>Copy the link</Trans>}
      </button>
      <span className="muted" role="status">
        {result === "failed" && <Trans>Could not copy: select the link and copy it by hand.</Trans>}
      </span>
    </>
  );
}
