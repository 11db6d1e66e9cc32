import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { SessionListed } from "@nook/shared/auth/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { type ReactNode, useState } from "react";
import { useLocation } from "wouter";

/**
 * The account's sessions (GET /api/auth/sessions): each browser signed in, when it began and was last
 * used, this one marked; "End" for one, "Sign out everywhere else" for all but this one. Ending this one is
 * signing out. Times in the reader's locale and the profile's zone.
 */
export function Sessions() {
  const { t, i18n } = useLingui();
  const { state: auth } = useAuth();
  const [, navigate] = useLocation();
  const [said, setSaid] = useState<ReactNode>(null);
  const list = useData("auth/sessions", () => ok(api.auth.sessions.$get()) as Promise<SessionListed[]>);
  const zone = auth.status === "authenticated" ? (auth.user.timeZone ?? undefined) : undefined;
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const shown = (iso: string) => when.format(new Date(iso));

  /** Ends one session, or (null) every other one. */
  const end = useSubmit(
    async (session: SessionListed | null) => {
      setSaid(null);
      if (session === null) {
        const { ended } = await ok(api.auth.sessions.$delete());
        list.mutate((list.data ?? []).filter((s) => s.current));
        setSaid(<Plural value={ended} one="Signed out of # other session." other="Signed out of # other sessions." />);
        return;
      }
      await ok(api.auth.sessions[":id"].$delete({ param: { id: session.id } }));
      if (session.current) {
        navigate("/login", { replace: true });
        return;
      }
      list.mutate((list.data ?? []).filter((s) => s.id !== session.id));
      setSaid(<Trans>Session ended.</Trans>);
    },
    {
      failed: (err, session) =>
        session === null
          ? errorText(err, t`The sessions could not be ended. Check your connection and try again.`)
          : errorText(err, t`The session could not be ended. Check your connection and try again.`),
    },
  );
  /** The session being ended (null: every other one); undefined while nothing is. */
  const [ending] = end.busyWith ?? [];

  const endLabel = (began: string) => t`End the session signed in ${began}`;
  const sessions = list.data;
  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <section className="stack" aria-labelledby="sessions-title" data-testid="sessions">
      <h3 id="sessions-title">
        <Trans>Signed in now</Trans>
      </h3>
      {sessions === undefined && list.error === undefined && (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      )}
      {sessions === undefined && list.error !== undefined && (
        <p className="error-line" role="alert">
          <Trans>The list of sessions could not be loaded.</Trans>
        </p>
      )}
      {sessions && (
        <ul className="stack session-list">
          {sessions.map((s) => (
            <li key={s.id} className="row session" data-testid="session">
              <div className="stack session-what">
                <strong>
                  <SessionName browser={s.browser} system={s.system} />
                  {s.current && (
                    <>
                      {" "}
                      <span className="badge">
                        <Trans>This device</Trans>
                      </span>
                    </>
                  )}
                </strong>
                <SessionTimes began={shown(s.createdAt)} used={shown(s.lastSeenAt)} />
              </div>
              <button
                type="button"
                className="button button-quiet"
                disabled={end.busy}
                onClick={() => void end.run(s)}
                aria-label={s.current ? t`End this session (sign out)` : endLabel(shown(s.createdAt))}
              >
                {ending?.id === s.id ? <Trans>Ending...</Trans> : <Trans>End</Trans>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <div className="row">
          <button type="button" className="button" disabled={end.busy} onClick={() => void end.run(null)}>
            {ending === null ? <Trans>Signing out...</Trans> : <Trans>Sign out everywhere else</Trans>}
          </button>
        </div>
      )}
      <p className="muted" aria-live="polite">
        {said}
      </p>
      <p className="error-line" role="alert">
        {end.error}
      </p>
      <p className="muted">
        <Trans>A session ends after 30 days unused, and 90 days after it began however much it is used.</Trans>
      </p>
    </section>
  );
}

/** A session's browser and system in words ("Chrome on Linux"), or what is known of them. */
function SessionName({ browser, system }: { browser: string | null; system: string | null }) {
  if (browser && system)
    return (
      <Trans>
        {browser} on {system}
      </Trans>
    );
  if (browser || system) return <>{browser ?? system}</>;
  return <Trans>An unknown browser</Trans>;
}

/** When a session began and was last used. */
function SessionTimes({ began, used }: { began: string; used: string }) {
  return (
    <span className="muted">
      <Trans>
        Signed in {began}, last used {used}
      </Trans>
    </span>
  );
}
