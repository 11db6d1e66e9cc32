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

/**
 * The first load of a site: the files every reader loads, gzipped once, and
 * each language's total with its catalog added.
 */
export function firstLoadBytes(site: string) {
  const dir = `${repo}dist/sites/${site}`;
  const html = readFileSync(`${dir}/index.html`, "utf8");
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g))
    files.add(m[1]!);
  const gzipped = (file: string) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length;
  let shared = 0;
  for (const f of files) shared += gzipped(f);
  const assets = readdirSync(`${dir}/assets`);
  const byLocale = {} as Record<Locale, number>;
  for (const locale of LOCALES) {
    // A catalog chunk is named after its file, en.po: "en-<hash>.js" (a hash of letters, digits, '_' and '-', no dots).
    const pattern = new RegExp(`^${locale}-[\\w-]{8}\\.js$`);
    const catalogs = assets.filter((f) => pattern.test(f));
    if (catalogs.length !== 1)
      throw new Error(
        `${site}: not exactly one chunk looks like the ${locale} catalog: ${catalogs.join(", ") || "none"}`,
      );
    byLocale[locale] = shared + gzipped(`assets/${catalogs[0]}`);
  }
  return { files: files.size + 1, byLocale };
}

if (import.meta.main) {
  let over = false;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
  console.log(`first-load JS (gzip), ${LOCALES.join(" / ")}`);
  for (const site of SITES) {
    const { files, byLocale } = firstLoadBytes(site);
    const totals = LOCALES.map((locale) => byLocale[locale]);
    const heaviest = Math.max(...totals);
    const flag = heaviest > BUDGET_BYTES ? "  OVER BUDGET" : "";
    over ||= heaviest > BUDGET_BYTES;
    console.log(`  ${site.padEnd(9)} ${totals.map(kb).join(" /")}  (${files} files)${flag}`);
  }
  if (over) {
    console.error(`A site is over the ${BUDGET_BYTES / 1024} KB budget.`);
    process.exit(1);
  }
}
