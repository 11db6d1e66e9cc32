import { Trans, useLingui } from "@lingui/react/macro";
import { useData } from "@nook/ui/use-data";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { type DonateInfo, donateApi } from "./donate-api.ts";
import { DonationList } from "./donation-list.tsx";
import { publicPath, useDonateInfo } from "./use-donate-info.ts";

/** The donate home (spec 1 §2): the page's info with Manage, or 'not set up'; the donations received. */
export function DonateHome() {
  const [info] = useDonateInfo();
  return (
    <div className="stack donate-page">
      {info.status === "loading" ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading...</Trans>
        </p>
      ) : info.status === "none" ? (
        <section className="card stack">
          <h1>
            <Trans>Your donate page is not set up</Trans>
          </h1>
          <p className="muted">
            <Trans>Give it a title and the ways to pay you: a Bitcoin or Ethereum address, a PayPal button.</Trans>
          </p>
          <div className="row">
            <Link href="/manage" className="button">
              <Trans>Set it up</Trans>
            </Link>
          </div>
        </section>
      ) : info.status === "failed" ? (
        <p className="error-line" role="alert">
          {info.error}
        </p>
      ) : (
        <InfoCard info={info.info} />
      )}
      <DonationList />
    </div>
  );
}

function InfoCard({ info }: { info: DonateInfo }) {
  const { t } = useLingui();
  const username = useData("donate/username", donateApi.username).data ?? null;
  const detail = (label: string, value: string, testId: string): ReactNode => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value ? (
          <code className="address">{value}</code>
        ) : (
          <span className="muted">
            <Trans>not set</Trans>
          </span>
        )}
      </dd>
    </div>
  );
  return (
    <section className="card stack" aria-labelledby="donate-title">
      <h1 id="donate-title" className="user-text" dir="auto">
        {info.donatePageTitle}
      </h1>
      <dl className="donate-details">
        {detail(t`ETH address`, info.ethAddress, "info-eth")}
        {detail(t`BTC address`, info.btcAddress, "info-btc")}
        {detail(t`PayPal button id`, info.paypalDonateButtonId, "info-paypal")}
      </dl>
      <div className="row">
        <Link href="/manage" className="button">
          <Trans>Manage</Trans>
        </Link>
      </div>
      {username && (
        <p className="donate-public-link">
          <Trans>Your public page:</Trans>{" "}
          <Link href={publicPath(username)} className="user-text">
            {`${location.host}${publicPath(username)}`}
          </Link>
        </p>
      )}
    </section>
  );
}
