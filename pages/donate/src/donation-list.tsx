import { Trans, useLingui } from "@lingui/react/macro";
import { errorText } from "@nook/ui/api";
import { useReaderTimeZone } from "@nook/ui/auth";
import { useData } from "@nook/ui/use-data";
import { useCallback, useState } from "react";
import { type Donation, donateApi } from "./donate-api.ts";
import { displayAmount, shortAddress } from "./donation-format.ts";

/** The 'Received Donations' list (spec 1 §2), newest first, a page at a time. */
export function DonationList() {
  // Spec 1 §8: a failed list fetch shows an empty list, and is logged (useData logs).
  const { t } = useLingui();
  const { data, error, mutate, retry } = useData("donate/donations", () => donateApi.donations());
  const donations = data?.donations ?? (error === undefined ? null : []);
  const next = data?.next ?? null;
  const [loadingMore, setLoadingMore] = useState(false);

  const loadMore = useCallback(async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await donateApi.donations(next);
      mutate((shown) => ({ donations: [...(shown?.donations ?? []), ...page.donations], next: page.next }));
    } catch (err) {
      // The button stays for another try.
      console.error(err);
    } finally {
      setLoadingMore(false);
    }
  }, [next, mutate]);

  return (
    <section className="card stack" aria-labelledby="donations-title">
      <h2 id="donations-title">
        <Trans>Received Donations</Trans>
      </h2>
      {donations === null ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading donations...</Trans>
        </p>
      ) : donations.length === 0 && data === undefined ? (
        // Failed, with no saved copy: the list stays empty, and says why rather than "none yet".
        <div className="row">
          <p className="error-line" role="alert">
            {errorText(error, t`The donations could not be loaded.`)}
          </p>
          <button type="button" className="button button-quiet" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : donations.length === 0 ? (
        <p className="muted">
          <Trans>No donations received yet.</Trans>
        </p>
      ) : (
        <ul className="donation-list">
          {donations.map((d) => (
            <DonationItem key={d.id} donation={d} />
          ))}
        </ul>
      )}
      {next && (
        <div className="row">
          <button type="button" className="button button-quiet" disabled={loadingMore} onClick={loadMore}>
            <Trans>Load more</Trans>
          </button>
        </div>
      )}
    </section>
  );
}

function DonationItem({ donation: d }: { donation: Donation }) {
  const { i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  const amount = displayAmount(d.amount, d.chain, i18n.locale);
  const from = shortAddress(d.from);
  return (
    <li className="donation" data-testid="donation">
      <span className="donation-amount">
        {amount} {d.currency}
      </span>
      <span className="donation-from muted">
        {d.from ? (
          <Trans>
            from{" "}
            <code className="address" title={d.from}>
              {from}
            </code>
          </Trans>
        ) : (
          <Trans>from an unknown sender</Trans>
        )}
      </span>
      <time className="donation-when muted" dateTime={d.at}>
        {new Date(d.at).toLocaleString(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone })}
      </time>
      <a className="donation-link" href={d.explorerUrl} target="_blank" rel="noopener noreferrer">
        <Trans>Transaction</Trans>
        <span className="visually-hidden">
          {" "}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    </li>
  );
}
