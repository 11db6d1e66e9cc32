// The server catalog (packages/ui/locales/server/messages.{en,ru}.po): every code and every field translated, en and
// ru, with the registry's placeholders — checked here on the .po files, which the sites' bundles never include.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIELDS, SERVER_MESSAGES } from "../packages/shared/src/common/messages.ts";
import { SITES } from "../packages/shared/src/common/sites.ts";

/** msgid → msgstr of a .po catalog (one-line entries, as Lingui writes them). */
function catalog(locale: string): Map<string, string> {
  const text = readFileSync(new URL(`../packages/ui/locales/server/messages.${locale}.po`, import.meta.url), "utf8");
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return new Map(
    [...text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [unquote(m[1] ?? ""), unquote(m[2] ?? "")]),
  );
}
/** The argument names of an ICU message: "{max, plural, one {# тега} …}" → ["max"]. */
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]))].sort();
/** An ICU message with its formats dropped: "{max, number}" → "{max}". */
const plain = (s: string) => s.replace(/\{(\w+), (?:number|date, \w+)\}/g, "{$1}");

/** Names of coins and services are written the same in every language; anything else Latin is English left over. */
const latin = (s: string | undefined) => (s ?? "").replace(/\b(?:BTC|ETH|PayPal)\b/g, "").match(/[A-Za-z]+/g);

const IDS = [...Object.keys(SERVER_MESSAGES), ...Object.keys(FIELDS).map((k) => `field.${k}`)];

describe("the server catalog", () => {
  for (const locale of ["en", "ru"]) {
    it(`${locale}: has every code and every field's name, translated, and nothing else`, () => {
      const texts = catalog(locale);
      expect([...texts.keys()].sort()).toEqual([...IDS].sort());
      expect(IDS.filter((id) => !texts.get(id))).toEqual([]);
    });
  }

  it("ru has each code's placeholders, en the registry's very text (numbers and days formatted)", () => {
    const enTexts = catalog("en");
    const ruTexts = catalog("ru");
    for (const [code, template] of Object.entries(SERVER_MESSAGES)) {
      expect(plain(enTexts.get(code) ?? ""), code).toBe(template);
      expect(placeholders(ruTexts.get(code) ?? ""), code).toEqual(placeholders(template));
    }
  });

  it("writes every number in the reader's locale: a number the en catalog formats, ru formats too (number or plural)", () => {
    const enTexts = catalog("en");
    const ruTexts = catalog("ru");
    // A raw placeholder is a field's name, a list of words, a name or text as the person wrote it (a tag, a
    // mood, a file's date, a column, a format, a path in a file), or a year (1000, never 1,000); any other is a number.
    const raw = new Set([
      "field",
      "ranges",
      "types",
      "colors",
      "formats",
      "format",
      "type",
      "name",
      "tag",
      "mood",
      "date",
      "column",
      "path",
    ]);
    const years = new Set(["platform.dateYears", "lupileon.dateInvalid"]);
    for (const code of Object.keys(SERVER_MESSAGES)) {
      const en = enTexts.get(code) ?? "";
      const ru = ruTexts.get(code) ?? "";
      for (const name of placeholders(en)) {
        if (name === undefined || raw.has(name) || years.has(code)) continue;
        if (en.includes(`{${name}, date,`)) continue;
        expect(en, `${code}: {${name}}`).toContain(`{${name}, number}`);
        expect(ru, `${code}: {${name}}`).toMatch(new RegExp(`\\{${name}, (?:number\\}|plural,)`));
      }
    }
  });

  it("a field's name in Russian has no Latin letters", () => {
    const ruTexts = catalog("ru");
    for (const key of Object.keys(FIELDS)) expect(latin(ruTexts.get(`field.${key}`)), key).toBeNull();
  });
});

describe("the sites' catalogs", () => {
  it("hold none of the server's messages: those load with the server catalog, on the first error", () => {
    for (const site of SITES)
      for (const locale of ["en", "ru"]) {
        const text = readFileSync(new URL(`../pages/${site}/locales/${locale}.po`, import.meta.url), "utf8");
        expect(text, `pages/${site}/locales/${locale}.po`).not.toContain("server-catalog.ts");
        expect(text).not.toMatch(/^msgid "(?:field|platform|auth|journal)\.\w+"$/m);
      }
  });
});
