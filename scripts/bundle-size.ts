/**
 * First-load JavaScript per site, gzipped: the entry and its preloaded chunks
 * from index.html, plus the catalog the shell loads at start — in each
 * language, since a Russian reader loads ru instead of en. Fails when a site
 * is over the 100 KB budget (DESIGN §6) in any language.
 *   node scripts/bundle-size.ts        (after npm run build)
 */
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { LOCALES, type Locale } from "../packages/shared/src/common/preferences.ts";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { repo } from "./wrangler.ts";

export const BUDGET_BYTES = 100 * 1024;

/** The first load of a site in one language: its files and their gzipped bytes. */
export function firstLoadBytes(site: string, locale: Locale) {
  const dir = `${repo}dist/sites/${site}`;
  const html = readFileSync(`${dir}/index.html`, "utf8");
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g))
    files.add(m[1]!);
  // A catalog chunk is named after its file, en.po: "en-<hash>.js" (a hash of letters, digits, '_' and '-', no dots).
  const pattern = new RegExp(`^${locale}-[\\w-]{8}\\.js$`);
  const catalogs = readdirSync(`${dir}/assets`).filter((f) => pattern.test(f));
  if (catalogs.length !== 1)
    throw new Error(
      `${site}: not exactly one chunk looks like the ${locale} catalog: ${catalogs.join(", ") || "none"}`,
    );
  files.add(`assets/${catalogs[0]}`);
  let gzip = 0;
  for (const f of files) gzip += gzipSync(readFileSync(`${dir}/${f}`), { level: 9 }).length;
  return { files: [...files], gzip };
}

if (import.meta.main) {
  let over = false;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
  console.log(`first-load JS (gzip), ${LOCALES.join(" / ")}`);
  for (const site of SITES) {
    const loads = LOCALES.map((locale) => firstLoadBytes(site, locale));
    const heaviest = Math.max(...loads.map((l) => l.gzip));
    const flag = heaviest > BUDGET_BYTES ? "  OVER BUDGET" : "";
    over ||= heaviest > BUDGET_BYTES;
    const files = loads[0]?.files.length ?? 0;
    console.log(`  ${site.padEnd(9)} ${loads.map((l) => kb(l.gzip)).join(" /")}  (${files} files)${flag}`);
  }
  if (over) {
    console.error(`A site is over the ${BUDGET_BYTES / 1024} KB budget.`);
    process.exit(1);
  }
}
