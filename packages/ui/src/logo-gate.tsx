import { useLingui } from "@lingui/react/macro";
import { safeNext } from "@nook/shared/common/sites";
import { useEffect } from "react";
import { LogoMark } from "./logo.tsx";
import { markLogoSeen } from "./preferences.ts";
import { here, originOf, PRODUCT_NAME, SITE } from "./site.ts";

/**
 * The full-page logo shown until the `logo-seen` flag exists (spec §1). On a
 * sub-site it sends the visitor to the main site, which sets the flag when
 * the logo is entered and then returns to where the visitor was going.
 */
export function LogoGate({ onEnter }: { onEnter(): void }) {
  const { t } = useLingui();
  useEffect(() => {
    if (SITE !== "root") location.replace(`${originOf("root")}/?next=${encodeURIComponent(location.href)}`);
  }, []);
  if (SITE !== "root") return <div className="logo-gate" aria-busy="true" />;
  const enter = () => {
    markLogoSeen();
    const next = safeNext(new URLSearchParams(location.search).get("next"), here());
    if (next) location.assign(next);
    else onEnter();
  };
  return (
    <main className="logo-gate">
      {/* biome-ignore lint/a11y/noAutofocus: the gate is the whole page and Enter is its one action (spec §4) */}
      <button type="button" className="logo-gate-button" onClick={enter} aria-label={t`Enter`} autoFocus>
        <LogoMark size={160} />
        <span className="logo-gate-name">{PRODUCT_NAME}</span>
      </button>
    </main>
  );
}
