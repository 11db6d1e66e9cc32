/**
 * Builds every site (or the ones named) into dist/sites/<site>.
 *   npm run build [-- journal auth]
 */
import { writeFileSync } from "node:fs";
import { build } from "vite";
import { pagesHeadersFile } from "../packages/shared/src/common/csp.ts";
import { SITES, type SiteName } from "../packages/shared/src/common/sites.ts";
import { siteConfig } from "../pages/vite.config.ts";

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const sites = wanted.length ? (wanted as SiteName[]) : [...SITES];
for (const site of sites) {
  if (!SITES.includes(site)) throw new Error(`Unknown site ${site}; one of ${SITES.join(", ")}`);
  const started = performance.now();
  await build(siteConfig(site));
  // Cloudflare Pages reads a site's headers from _headers: the same policies the gateway sends, and HSTS.
  writeFileSync(`${siteConfig(site).build?.outDir}/_headers`, pagesHeadersFile(site));
  console.log(`built ${site} in ${Math.round(performance.now() - started)} ms`);
}
