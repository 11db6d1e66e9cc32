import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { isSiteName, siteCookieDomain } from "@nook/shared/common/sites";
import { useAuth } from "@nook/ui/auth";
import { Modal } from "@nook/ui/modal";
import { originOf, SITE, SITE_NAMES } from "@nook/ui/site";
import { useToast } from "@nook/ui/toasts";
import { discardWaiting, type Waiting, waitingOf } from "@nook/ui/waiting-notes";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";

/** While the question is open, the counts are read again this often: a site opened from it sends and says so. */
const RECOUNT_MS = 1000;

/**
 * Logout (spec §4), which first says what of the account waits unsent in this browser (the sites' offline
 * queues, waiting-notes.ts): signed out, those writes wait hidden until the account signs in here again.
 * The person sends them first (each site sends its own as it opens with a network), keeps them, or
 * discards them.
 */
export function SignOut() {
  const { t, i18n } = useLingui();
  const { state, logout } = useAuth();
  const [, navigate] = useLocation();
  const toast = useToast();
  const account = state.status === "authenticated" ? state.user.id : null;
  const [asking, setAsking] = useState(false);
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  useEffect(() => {
    if (!asking || account === null) return;
    const recount = () => setWaiting(waitingOf(account));
    const timer = setInterval(recount, RECOUNT_MS);
    addEventListener("focus", recount);
    return () => {
      clearInterval(timer);
      removeEventListener("focus", recount);
    };
  }, [asking, account]);

  async function signOut(discard: boolean) {
    if (discard && account !== null)
      discardWaiting({ site: SITE, domain: siteCookieDomain(SITE, location.host) }, account);
    if (await logout()) navigate("/login", { replace: true });
    else toast(t`Logout failed`, { kind: "error" });
  }
  function ask() {
    const found = account === null ? [] : waitingOf(account);
    if (!found.length) return void signOut(false);
    setWaiting(found);
    setAsking(true);
  }

  const total = waiting.reduce((sum, w) => sum + w.count, 0);
  return (
    <>
      <button className="button button-quiet" type="button" onClick={ask}>
        <Trans>Logout</Trans>
      </button>
      {asking && (
        <Modal title={t`Changes not sent yet`} onClose={() => setAsking(false)}>
          {total > 0 ? (
            <div className="stack" data-testid="waiting-writes">
              <p>
                {plural(total, {
                  one: "# change made in this browser has not reached Nook yet. Signed out, it waits unseen until you sign in here again.",
                  other:
                    "# changes made in this browser have not reached Nook yet. Signed out, they wait unseen until you sign in here again.",
                })}
              </p>
              <ul>
                {waiting.map(({ site, count }) =>
                  !isSiteName(site) || site === "root" ? null : (
                    <li key={site}>
                      <a href={`${originOf(site)}/`} target="_blank" rel="noopener">
                        {i18n._(SITE_NAMES[site])}
                      </a>
                      : {plural(count, { one: "# waiting", other: "# waiting" })}
                    </li>
                  ),
                )}
              </ul>
              <p className="muted">
                <Trans>To send them first, open each site above while online: it sends them as it opens.</Trans>
              </p>
            </div>
          ) : (
            <p role="status">
              <Trans>Everything is sent.</Trans>
            </p>
          )}
          <div className="row">
            <button className="button" type="button" onClick={() => void signOut(false)}>
              {total > 0 ? t`Sign out, keep them` : t`Logout`}
            </button>
            {total > 0 && (
              <button className="button button-danger" type="button" onClick={() => void signOut(true)}>
                <Trans>Discard them and sign out</Trans>
              </button>
            )}
            <button className="button button-quiet" type="button" onClick={() => setAsking(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
