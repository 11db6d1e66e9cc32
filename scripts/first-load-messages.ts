/**
 * No site's first load carries the server's messages (DESIGN §5): they are a
 * catalog of their own (packages/ui/locales/server), loaded on the first
 * error. This looks for every server message's English and Russian words in
 * the files a site loads at start — the entry and its preloaded chunks from
 * index.html, and the site's own catalogs — and fails on any it finds.
 *   node scripts/first-load-messages.ts        (after npm run build)
 */
import { readFileSync } from "node:fs";
import { SERVER_MESSAGES } from "../packages/shared/src/common/messages.ts";
import { LOCALES } from "../packages/shared/src/common/preferences.ts";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { chunkOf, chunksOf, entryFiles } from "./bundle-size.ts";
import { repo } from "./wrangler.ts";

/** Shorter runs of words than this ("Not found") may be a site's own text by chance. */
const SHORTEST = 12;

/**
 * The words of a message that any copy of it must hold: its runs of text
 * between placeholders, ICU syntax and quotes (which a bundle may escape),
 * long enough to be that message's.
 */
export function runsOf(text: string): string[] {
  return text
    .split(/\{[^{}]*\}|[{}#'"\\]/)
    .map((run) => run.trim())
    .filter((run) => run.length >= SHORTEST && /\p{L}{3}/u.test(run) && !/^\w+, plural,/.test(run));
}

/** The texts of a .po catalog: every msgid and msgstr, or only the msgstr of entries whose id matches `ids`. */
export function catalogTexts(po: string, ids = /.*/): string[] {
  const texts: string[] = [];
  for (const m of po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) {
    const [id, text] = [m[1] ?? "", m[2] ?? ""].map((q) => JSON.parse(`"${q}"`) as string);
    if (ids.source === ".*") texts.push(id as string, text as string);
    else if (ids.test(id as string)) texts.push(text as string);
  }
  return texts;
}

/** Every server message's runs, in English (the registry) and in every catalog of the server's (msgstr). */
export function serverRuns(catalogs: string[]): string[] {
  const texts: string[] = Object.values(SERVER_MESSAGES);
  for (const po of catalogs) texts.push(...catalogTexts(po, /^(?!field\.)/));
  return [...new Set(texts.flatMap(runsOf))];
}

/**
 * The files a site loads at start: the entry and its preloaded chunks from
 * index.html, and `catalogs`, the chunks of its first catalog in each language
 * (a lazy screen's catalog is a chunk named alike, en-<hash>.js, loaded later).
 */
export function firstLoadFiles(dir: string, catalogs: string[]): string[] {
  return [...new Set([...entryFiles(dir), ...catalogs])].sort();
}

/** Which of `runs` each file holds (a bundle's \\u escapes read back first). */
export function findRuns(dir: string, files: string[], runs: string[]): { file: string; run: string }[] {
  const found: { file: string; run: string }[] = [];
  for (const file of files) {
    const code = readFileSync(`${dir}/${file}`, "utf8").replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    for (const run of runs) if (code.includes(run)) found.push({ file, run });
  }
  return found;
}

/**
 * The server's runs of words in a built site's first load, except those the
 * site says itself (its own catalogs hold them: the spec's "Entry deleted" toast).
 */
export function leaks(
  dir: string,
  catalogChunks: string[],
  ownCatalogs: string[],
  runs: string[],
): { file: string; run: string }[] {
  const own = ownCatalogs.flatMap((po) => catalogTexts(po));
  const others = runs.filter((run) => !own.some((text) => text.includes(run)));
  return findRuns(dir, firstLoadFiles(dir, catalogChunks), others);
}

if (import.meta.main) {
  const catalogs = LOCALES.map((l) => readFileSync(`${repo}packages/ui/locales/server/messages.${l}.po`, "utf8"));
  const runs = serverRuns(catalogs);
  let bad = 0;
  for (const site of SITES) {
    const dir = `${repo}dist/sites/${site}`;
    const own = LOCALES.map((l) => readFileSync(`${repo}pages/${site}/locales/${l}.po`, "utf8"));
    const chunks = chunksOf(site);
    const catalogChunks = LOCALES.map((l) => chunkOf(chunks, `pages/${site}/locales/${l}.po`) ?? "");
    const found = leaks(dir, catalogChunks, own, runs);
    bad += found.length;
    for (const { file, run } of found) console.error(`  ${site}: ${file} holds a server message: "${run}"`);
  }
  if (bad) {
    console.error(
      "The server's messages belong in their own catalog (packages/ui/locales/server), loaded on the first error, not in a first load.",
    );
    process.exit(1);
  }
  console.log(`no first load holds a server message (${runs.length} runs of words, ${SITES.length} sites)`);
}
