import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type SiteName, siteOrigin } from "@nook/shared/common/sites";

export type { SiteName };

/** This bundle's site, fixed at build time. */
export const SITE = import.meta.env.VITE_SITE as SiteName;
export const PRODUCT_NAME = import.meta.env.VITE_PRODUCT_NAME || "Nook";

/** The sections' names in the user's language; root has none. */
export const SITE_NAMES: Record<Exclude<SiteName, "root">, MessageDescriptor> = {
  auth: msg`auth`,
  journal: msg`journal`,
  donate: msg`donate`,
  steps: msg`steps`,
  calendar: msg`calendar`,
  people: msg`people`,
  kids: msg`kids`,
  random: msg`random`,
  lupileon: msg`lupileon`,
};

/** A site's origin from this page: its root is this host without this site's label (sites.ts siteRoot). */
export function originOf(site: SiteName): string {
  return siteOrigin(site, here());
}

/** This page: its site and location, what safeNext and siteOrigin read. */
export function here() {
  return { site: SITE, protocol: location.protocol, host: location.host };
}
