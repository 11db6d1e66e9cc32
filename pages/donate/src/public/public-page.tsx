import { Trans, useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { pageTitle } from "@nook/ui/page-title";
import { messageText, useServerMessages } from "@nook/ui/server-messages";
import { useCopy } from "@nook/ui/use-copy";
import { useData } from "@nook/ui/use-data";
import { useEffect, useId } from "react";
import { donateApi, type PublicDonatePage } from "../donate-api.ts";
import { QrCode } from "./qr-code.tsx";

type State =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "failed"; error: string }
  | { status: "ready"; page: PublicDonatePage };

/** PayPal's hosted donate page for a button id: a plain link, no PayPal script on ours. */
export const paypalDonateUrl = (buttonId: string) =>
  `https://www.paypal.com/donate/?hosted_button_id=${encodeURIComponent(buttonId)}`;

/** The missing page's title, in the API's words: written as it renders, so in words once the catalog is in. */
function MissingTitle() {
  useServerMessages();
  return <h1>{messageText("donate.pageNotFound")}</h1>;
}

/** Someone's donation page as anyone sees it, signed in or not (DESIGN §5 "Donations"). */
export function PublicPage({ username }: { username: string }) {
  const { t, i18n } = useLingui();
  const { data, error } = useData(`donate/public/${username}`, async () => {
    try {
      return await donateApi.publicPage(username);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  });
  const state: State =
    data === null
      ? { status: "missing" }
      : data !== undefined
        ? { status: "ready", page: data }
        : error !== undefined
          ? { status: "failed", error: errorText(error, t`The donation page could not be loaded.`) }
          : { status: "loading" };

  // The page's own title leads the tab's, so a shared link reads as what it is.
  const title = state.status === "ready" ? state.page.donatePageTitle : null;
  useEffect(() => {
    if (!title) return;
    const base = pageTitle(i18n);
    document.title = `${title} · ${base}`;
    return () => {
      document.title = base;
    };
  }, [title, i18n]);

  if (state.status === "loading")
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading...</Trans>
      </p>
    );
  if (state.status === "missing")
    return (
      <section className="card stack page-narrow" data-testid="donate-missing">
        <MissingTitle />
        <p className="muted">
          <Trans>This donation page does not exist.</Trans>
        </p>
      </section>
    );
  if (state.status === "failed")
    return (
      <p className="error-line" role="alert">
        {state.error}
      </p>
    );

  const { page } = state;
  const nothing = !page.btcAddress && !page.ethAddress && !page.paypalDonateButtonId;
  return (
    <article className="stack donate-public">
      <h1 className="user-text donate-public-title" dir="auto">
        {page.donatePageTitle}
      </h1>
      {nothing && (
        <p className="muted">
          <Trans>This page has no way to donate yet.</Trans>
        </p>
      )}
      <div className="donate-ways">
        {page.btcAddress && (
          <CoinAddress
            heading={t`Bitcoin (BTC)`}
            address={page.btcAddress}
            uri={`bitcoin:${page.btcAddress}`}
            qrLabel={t`QR code of the Bitcoin address`}
            testId="public-btc"
          />
        )}
        {page.ethAddress && (
          <CoinAddress
            heading={t`Ethereum (ETH)`}
            address={page.ethAddress}
            uri={`ethereum:${page.ethAddress}`}
            qrLabel={t`QR code of the Ethereum address`}
            testId="public-eth"
          />
        )}
        {page.paypalDonateButtonId && (
          <section className="card stack donate-way" aria-labelledby="paypal-title">
            <h2 id="paypal-title">PayPal</h2>
            <p className="muted">
              <Trans>PayPal's donation page opens in a new tab.</Trans>
            </p>
            <div className="row">
              <a
                className="button"
                href={paypalDonateUrl(page.paypalDonateButtonId)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Trans>Donate with PayPal</Trans>
              </a>
            </div>
          </section>
        )}
      </div>
    </article>
  );
}

/** One coin's address: the text to copy and its QR code (a payment URI, so wallets fill it in). */
function CoinAddress({
  heading,
  address,
  uri,
  qrLabel,
  testId,
}: {
  heading: string;
  address: string;
  uri: string;
  qrLabel: string;
  testId: string;
}) {
  const id = useId();
  return (
    <section className="card stack donate-way" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{heading}</h2>
      <QrCode text={uri} label={qrLabel} />
      <code className="address donate-address">{address}</code>
      <div className="row">
        <CopyButton text={address} />
      </div>
    </section>
  );
}

/** Copies to the clipboard and says so for 2 s ('Copied'), or says it could not. */
function CopyButton({ text }: { text: string }) {
  const { result, copy } = useCopy(text);
  return (
    <>
      <button type="button" className="button button-quiet" onClick={copy}>
        {result === "copied" ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </button>
      <span className="muted" role="status">
        {result === "copied" && (
          <span className="visually-hidden">
            <Trans>Address copied</Trans>
          </span>
        )}
        {result === "failed" && <Trans>Could not copy: select the address and copy it by hand.</Trans>}
      </span>
    </>
  );
}
