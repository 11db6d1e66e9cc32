/**
 * First-load JavaScript per site, gzipped: the entry and its preloaded chunks
 * from index.html, plus the English catalog the shell loads at start.
 * Fails when a site is over the 100 KB budget (DESIGN §6).
 *   node scripts/bundle-size.ts        (after npm run build)
 */
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { repo } from "./wrangler.ts";

export const BUDGET_BYTES = 100 * 1024;

export function firstLoadBytes(site: string) {
  const dir = `${repo}dist/sites/${site}`;
  const html = readFileSync(`${dir}/index.html`, "utf8");
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g))
    files.add(m[1]!);
  // The catalog chunk is named after its file, en.po: "en-<hash>.js" (a hash of letters, digits, '_' and '-', no dots).
  const catalogs = readdirSync(`${dir}/assets`).filter((f) => /^en-[\w-]{8}\.js$/.test(f));
  if (catalogs.length > 1) throw new Error(`${site}: more than one chunk looks like the English catalog: ${catalogs}`);
  const catalog = catalogs[0];
  if (catalog) files.add(`assets/${catalog}`);
  let gzip = 0;
  for (const f of files) gzip += gzipSync(readFileSync(`${dir}/${f}`), { level: 9 }).length;
  return { files: [...files], gzip };
}

if (import.meta.main) {
  let over = false;
  console.log("first-load JS (gzip)");
  for (const site of SITES) {
    const { gzip, files } = firstLoadBytes(site);
    const flag = gzip > BUDGET_BYTES ? "  OVER BUDGET" : "";
    over ||= gzip > BUDGET_BYTES;
    console.log(`  ${site.padEnd(9)} ${(gzip / 1024).toFixed(1).padStart(6)} KB  (${files.length} files)${flag}`);
  }
  if (over) {
    console.error(`A site is over the ${BUDGET_BYTES / 1024} KB budget.`);
    process.exit(1);
  }
}
