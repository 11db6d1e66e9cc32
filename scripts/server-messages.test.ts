// Every message the API can send (packages/shared/src/common/messages.ts) must be in every site's catalogs, translated;
// packages/ui/src/server-messages.ts names each one for Lingui.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_MESSAGES } from "../packages/shared/src/common/messages.ts";
import { SITES } from "../packages/shared/src/common/sites.ts";

const repo = new URL("../", import.meta.url);

/** msgid → msgstr of a .po catalog (one-line entries, as Lingui writes them). */
function catalog(site: string, locale: string): Map<string, string> {
  const text = readFileSync(new URL(`pages/${site}/locales/${locale}.po`, repo), "utf8");
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return new Map(
    [...text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)].map((m) => [unquote(m[1] ?? ""), unquote(m[2] ?? "")]),
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("every message the API can send is translated on every site", () => {
  for (const site of SITES) {
    it(site, () => {
      const en = catalog(site, "en");
      const ru = catalog(site, "ru");
      const untranslated = SERVER_MESSAGES.filter((m) => !en.has(m) || !ru.get(m));
      expect(untranslated, `not in pages/${site}/locales: run npm run i18n:extract and translate`).toEqual([]);
      for (const m of SERVER_MESSAGES) expect(placeholders(ru.get(m) ?? ""), m).toEqual(placeholders(m));
    });
  }
});
