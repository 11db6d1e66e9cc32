/**
 * First-load JavaScript per site, gzipped: the entry and its preloaded chunks
 * from index.html, plus the catalog the shell loads at start — in each
 * language, since a Russian reader loads ru instead of en. Fails when a site
 * is over its budget in any language: 100 KB (DESIGN §6), less in SITE_BUDGETS.
 *
 * Under each site's line, the ten largest modules of its first load in each
 * language, so growth shows where it happens: each module's code as the build
 * rendered it (tree-shaken), minified and gzipped on its own, as the build's
 * nook-module-sizes plugin recorded it in dist/modules/<site>.json. A module's
 * figure is its share, not an exact split: gzip works across a whole chunk, so
 * the modules of a chunk add up to a little more than the chunk.
 *
 * It also fails when a module whose strings are in a lazy screen's own catalog
 * (lingui.config.ts) can load without that catalog: in a first load, or imported
 * by a module outside the catalog; its strings would show untranslated.
 *   node scripts/bundle-size.ts        (after npm run build)
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { LAZY_CATALOGS } from "../lingui.config.ts";
import { LOCALES, type Locale } from "../packages/shared/src/common/preferences.ts";
import { SITES, type SiteName } from "../packages/shared/src/common/sites.ts";
import type { ChunkModules } from "../pages/vite.config.ts";
import { repo } from "./wrangler.ts";

export const BUDGET_BYTES = 100 * 1024;
/**
 * Tighter budgets where room was won on purpose: the launcher is a
 * page of links, and the journal grows with every feature; a change that
 * spends this room must say so here.
 *
 * Spent: the journal 90 → 91 KB: its forms' date-times in
 * the profile's zone with DST rules, an edit's draft that survives a reload,
 * a tarot draw marked saved only once saved, and the way to manage tags and
 * metrics — each needed at the form's first paint; the mood picker went on
 * demand to pay for part of it. (A lazy chunk that shares only the first
 * load's common modules — react, the API client — and imports nothing else of
 * the entry makes rolldown split those modules into chunks of their own: three
 * more files and about 2 KB. The edit check is in the first load for that.)
 *
 * Spent: the launcher 78 → 79 KB and the journal 91 → 94 KB: every
 * site's first load gained about 0.9 KB — the Offline banner with what still
 * works (its words in the first catalog), the update prompt, the start of the
 * service worker's registration (the registration itself and Workbox load after
 * the first render), and the last signed-in user remembered for an offline start;
 * the journal also its queue of writes that wait for the network and the
 * list's and form's words for what waits (the sending itself loads after the
 * first paint). Each site's "what still works" is in its own App.tsx, so no
 * catalog carries another site's words.
 *
 * Spent: the launcher 79 → 80 KB, for 58 bytes it lacked: the API client
 * tells the API's reads sent as POST from writes (writes.ts READ_BY_POST), so
 * an idle tab's refresh is not announced to the site's other tabs as a write.
 *
 * Spent: the launcher 80 → 81 KB and the journal 94 → 95 KB: every site's first load gained about 0.7 KB —
 * whose things a page shows (account.ts: the account cookie read at start, every kept key per account), a
 * write announced with what it touched (writes.ts `touches`), and the saved copies' notice and hand-over
 * (use-data.ts; IndexedDB itself loads after the first paint, saved-copies.ts); the journal also one
 * Idempotency-Key per create across its retries (write-key.ts), needed by the first press of Add.
 *
 * Spent: the journal 95 → 96 KB (94.9 / 95.5 KB): an entry's edit and delete kept and shown while they wait —
 * their rows and words in the list, the edit's and delete's way through the queue, and a sent edit's answer put
 * into the lists at once (journal-api.ts `onSent`). Tried and dropped: the waiting rows as a lazy chunk with
 * their own catalog; it imports the list's row parts, and rolldown split the first load into six files,
 * 96.9 / 97.4 KB.
 *
 * Spent: the journal 96 → 98 KB (97.1 / 97.7 KB; every site about 0.1 KB): the journal's home (search, days, keyboard) — the
 * list under day headings with days counted on the calendar and one date order (ui dates.ts, whose formatters the
 * stack page shares), "On this day", the search's state in the address and its marks in the rows, a phone row's
 * "…", the mood's arrow keys; every site's skip link. The search box and its filters went on demand with their
 * own catalog (entries/search-bar.tsx, "search"), 0.9 KB. Tried and dropped: "On this day" on demand too —
 * alone, or as rows handed their entries; either way rolldown split the first load into seven or eight files,
 * 99.3–100.6 KB in Russian.
 *
 * Spent: the launcher 81 → 84 KB (83.4 / 84.0 KB): Today (today.tsx), the signed-in launcher's first screen — its
 * cards, one-tap mood, the timer's clock, and the one way a screen loads data (use-data.ts, the API client), which
 * the launcher had not needed. Kept in the first load, not on demand: a signed-in visit would wait for a second
 * chunk before it could even ask for the day.
 *
 * Spent: the launcher 84 → 85 KB (83.6 / 84.1 KB): the one form hook grown to fit the four screens that had a busy
 * flag of their own (use-submit.ts: the run's arguments, failure words by argument, a run that supersedes), which
 * Today's one-tap mood uses; and the header's `site` (every site's header shown in one component test, where the
 * launcher's bundle had folded `SITE === "root"` away).
 *
 * Spent: the launcher 85 → 86 KB (84.6 / 85.1 KB) and the journal 98 → 99 KB (98.2 / 98.8 KB), every site about
 * 1 KB: a page keeps to its account — it notices another tab's sign-in on focus, when shown and before
 * every write, and starts again as the new account (account.ts `noticeSwitch`, `watchAccount`); every write names
 * its account and an answer of another account's session is never shown or kept (api.ts `accountFetch`); a site
 * clears what it kept of anyone else before its first render (auth.tsx `settleAccount`); a keyed write whose
 * answer was lost is tried again with its key before it says it failed (write-key.ts). All of it must run before
 * the first render or the first write, so none of it can wait for a chunk. Moved out to pay for part of it: the
 * waiting writes' notes to the sign-out (waiting-notes.ts, with the queue's sending) and a sign-out's discard
 * (offline-queue-drop.ts, loaded only when one is new), 0.2 KB.
 *
 * Spent: the journal 99 → 100 KB (98.4 / 99.0 KB): the year in pixels' route and its link among the tools, 51
 * bytes in Russian (101,373 → 101,424), where the first load had 3 to spare. The page itself rides in the stack page's chunk,
 * with its strings in that catalog; in a chunk of its own, with a catalog of its own, rolldown split the first
 * load into six files, 100.8 / 101.5 KB.
 * Then the insights' route and link among the tools, about 30 bytes in Russian (101,622 → 101,649–101,655, the
 * chunks' hashed names moving it by a few), the page in the
 * same chunk and catalog; its span's address and date arithmetic are its own, since wouter's search hook and
 * calendar-date's addDays would have joined the first load (+0.2 KB).
 *
 * Spent: the launcher 86 → 87 KB (85.5 / 86.1 KB): Today's card of the month's insight (its sentences in the
 * launcher's catalog, about 0.4 KB) and a habit goal's weeks and months on the streaks-at-risk card, together
 * 0.8 KB past the 85.3 it was. Both show with Today's first answer, so neither waits for a chunk.
 */
export const SITE_BUDGETS: Partial<Record<SiteName, number>> = { root: 87 * 1024, journal: 100 * 1024 };
const TOP = 10;

/** The chunk that holds a module, by the module's id (relative to the repo). */
export function chunkOf(chunks: ChunkModules, id: string): string | undefined {
  return Object.keys(chunks).find((file) => chunks[file]!.some((m) => m.id === id));
}

/** What the build's nook-module-sizes plugin (pages/vite.config.ts) recorded of a site's chunks. */
export function chunksOf(site: SiteName): ChunkModules {
  return JSON.parse(readFileSync(`${repo}dist/modules/${site}.json`, "utf8")) as ChunkModules;
}

/** The files a built site's index.html loads: its entry and the chunks it preloads. */
export function entryFiles(dir: string): string[] {
  const html = readFileSync(`${dir}/index.html`, "utf8");
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
}

/**
 * The first load of a site: the files every reader loads, gzipped once, and
 * each language's total with its catalog added; and the modules of each
 * language's first load, largest first.
 */
export function firstLoadBytes(site: SiteName) {
  const dir = `${repo}dist/sites/${site}`;
  const chunks = chunksOf(site);
  const files = new Set(entryFiles(dir));
  const gzipped = (file: string) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length;
  let shared = 0;
  for (const f of files) shared += gzipped(f);
  const byLocale = {} as Record<Locale, number>;
  const modules = {} as Record<Locale, ChunkModules[string]>;
  for (const locale of LOCALES) {
    // The catalog the shell loads at start is the chunk holding pages/<site>/locales/<locale>.po.
    const catalog = chunkOf(chunks, `pages/${site}/locales/${locale}.po`);
    if (!catalog) throw new Error(`${site}: no chunk holds the ${locale} catalog (is dist/modules from this build?)`);
    byLocale[locale] = shared + gzipped(catalog);
    modules[locale] = [...files, catalog].flatMap((f) => chunks[f] ?? []).sort((a, b) => b.gzip - a.gzip);
  }
  return { files: files.size + 1, byLocale, modules, all: chunks };
}

/**
 * Code no first load may hold: the schemas' validator (a site needs only
 * their limits, from the valibot-free limits.ts of each area), and the server
 * catalog in any language (it loads on the first error, or when the browser is
 * first idle; scripts/first-load-messages.ts looks for the registry's English
 * words too).
 */
const NOT_AT_START = [
  /^node_modules\/valibot\//,
  /^packages\/ui\/locales\/server\//,
  // The service worker's registration runs after the first render, from a chunk of its own.
  /^node_modules\/workbox-window\//,
  /^packages\/ui\/src\/sw-register\.ts$/,
];

/** The first-load modules that belong on demand (NOT_AT_START). */
export function loadedTooSoon(firstLoad: string[]): string[] {
  return firstLoad.filter((id) => NOT_AT_START.some((re) => re.test(id))).map((id) => `${id} is in the first load`);
}

/** The lazy screen's catalog a module's strings are in (lingui.config.ts), if any. */
export function lazyCatalogOf(site: SiteName, id: string): string | undefined {
  for (const [name, paths] of Object.entries(LAZY_CATALOGS[site] ?? {}))
    for (const path of paths) {
      const prefix = `pages/${site}/src/${path}`;
      if (id === prefix || id.startsWith(`${prefix}/`)) return name;
    }
  return undefined;
}

/**
 * Modules whose strings are in a lazy screen's catalog but that load without it: in a first load, or
 * imported by a module outside that catalog (another screen's, or the site's), which would show them
 * untranslated.
 */
export function stringsWithoutTheirCatalog(
  site: SiteName,
  firstLoad: string[],
  modules: { id: string; importers: string[] }[],
): string[] {
  const found = firstLoad.flatMap((id) => {
    const name = lazyCatalogOf(site, id);
    return name ? [`${id} is in the first load, its strings in the catalog ${name}`] : [];
  });
  for (const { id, importers } of modules) {
    const name = lazyCatalogOf(site, id);
    if (!name) continue;
    for (const importer of importers)
      if (lazyCatalogOf(site, importer) !== name)
        found.push(`${id} is imported by ${importer}, its strings in the catalog ${name}`);
  }
  return found;
}

/** A site's largest first-load modules, one line each with its size in every language ('-' where it is not loaded). */
export function topModules(modules: Record<Locale, { id: string; gzip: number }[]>): string[] {
  const ids = new Set(LOCALES.flatMap((locale) => modules[locale].slice(0, TOP).map((m) => m.id)));
  // A language's own catalog is one row for all languages: pages/x/locales/{en,ru}.po.
  const catalogRow = (id: string) => id.replace(new RegExp(`/(${LOCALES.join("|")})\\.po$`), `/<locale>.po`);
  const rows = new Map<string, (number | undefined)[]>();
  for (const id of ids) {
    const row = rows.get(catalogRow(id)) ?? LOCALES.map(() => undefined);
    LOCALES.forEach((locale, i) => {
      const found = modules[locale].find((m) => m.id === id);
      if (found) row[i] = found.gzip;
    });
    rows.set(catalogRow(id), row);
  }
  const size = (bytes: number | undefined) => (bytes === undefined ? "-" : (bytes / 1024).toFixed(1)).padStart(5);
  return [...rows]
    .sort(([, a], [, b]) => Math.max(...b.map((n) => n ?? 0)) - Math.max(...a.map((n) => n ?? 0)))
    .slice(0, TOP)
    .map(([id, sizes]) => `    ${sizes.map(size).join(" /")} KB  ${id}`);
}

/**
 * What working offline costs a site, gzipped: the service worker
 * (sw.js and Workbox's runtime, fetched by the browser beside the page), the
 * registration's chunk (after the first render), and what the worker
 * precaches on a first visit (every file of the site's build).
 */
export function offlineBytes(site: SiteName) {
  const dir = `${repo}dist/sites/${site}`;
  const gzipped = (file: string) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length;
  const sw = readFileSync(`${dir}/sw.js`, "utf8");
  const runtime = [...sw.matchAll(/"\.\/(workbox-[\w-]+)"/g)].map((m) => `${m[1]}.js`);
  const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
  const registration = chunkOf(chunksOf(site), "packages/ui/src/sw-register.ts");
  if (!registration) throw new Error(`${site}: no chunk holds the service worker's registration`);
  return {
    worker: [`sw.js`, ...runtime].reduce((sum, f) => sum + gzipped(f), 0),
    registration: gzipped(registration),
    precacheFiles: precached.length,
    precache: precached.reduce((sum, f) => sum + gzipped(f), 0),
  };
}

if (import.meta.main) {
  let over = false;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
  console.log(
    `first-load JS (gzip), ${LOCALES.join(" / ")}; under each site its ${TOP} largest modules, each minified and gzipped alone (shares, adding up to a little more than the chunk)`,
  );
  for (const site of SITES) {
    const { files, byLocale, modules, all } = firstLoadBytes(site);
    const totals = LOCALES.map((locale) => byLocale[locale]);
    const heaviest = Math.max(...totals);
    const budget = SITE_BUDGETS[site] ?? BUDGET_BYTES;
    const flag = heaviest > budget ? `  OVER ITS ${budget / 1024} KB BUDGET` : "";
    over ||= heaviest > budget;
    console.log(`  ${site.padEnd(9)} ${totals.map(kb).join(" /")}  (${files} files)${flag}`);
    for (const line of topModules(modules)) console.log(line);
    const offline = offlineBytes(site);
    console.log(
      `    offline: service worker ${kb(offline.worker).trim()}, its registration ${kb(offline.registration).trim()} after the first render; ${offline.precacheFiles} files precached, ${kb(offline.precache).trim()}`,
    );
    const misplaced = stringsWithoutTheirCatalog(
      site,
      [...new Set(LOCALES.flatMap((l) => modules[l].map((m) => m.id)))],
      Object.values(all).flat(),
    );
    const early = loadedTooSoon([...new Set(LOCALES.flatMap((l) => modules[l].map((m) => m.id)))]);
    for (const found of [...misplaced, ...early]) console.error(`  ${site}: ${found}`);
    over ||= misplaced.length > 0 || early.length > 0;
  }
  if (over) {
    console.error(
      "A site is over its budget, loads at start what belongs on demand, or shows a lazy screen's strings at start.",
    );
    process.exit(1);
  }
}
