// The server catalog (packages/ui/locales/server/messages.{en,ru}.po): its English is the registry's, as
// `npm run i18n:extract` writes it (lingui.config.ts), and every code and every field has a Russian text with the
// registry's placeholders, each written as the English writes it — checked here on the .po files, which the sites'
// bundles never include.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIELDS, SERVER_MESSAGES, serverCatalogEnglish } from "../packages/shared/src/common/messages.ts";
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
/** How an ICU message writes each of its arguments: "{max, plural, …} … {min}" → [["max", "plural"], ["min", "plain"]]. */
const forms = (s: string) =>
  [...s.matchAll(/\{(\w+)(?:\}|, (\w+))/g)].map((m) => [m[1] ?? "", m[2] ?? "plain"] as const);

/** Names of coins and services are written the same in every language; anything else Latin is English left over. */
const latin = (s: string | undefined) => (s ?? "").replace(/\b(?:BTC|ETH|PayPal)\b/g, "").match(/[A-Za-z]+/g);

const ENGLISH = serverCatalogEnglish();
const IDS = [...ENGLISH.keys()];

describe("the server catalog", () => {
  for (const locale of ["en", "ru"]) {
    it(`${locale}: has every code and every field's name, translated, and nothing else`, () => {
      const texts = catalog(locale);
      expect([...texts.keys()].sort()).toEqual([...IDS].sort());
      expect(IDS.filter((id) => !texts.get(id))).toEqual([]);
    });
  }

  it("en is the registry's English with its formats, as npm run i18n:extract writes it", () => {
    expect(Object.fromEntries(catalog("en"))).toEqual(Object.fromEntries(ENGLISH));
  });

  it("ru has each code's placeholders, and writes each value as en does (a number as a number or a plural)", () => {
    const enTexts = catalog("en");
    const ruTexts = catalog("ru");
    for (const [code, template] of Object.entries(SERVER_MESSAGES)) {
      const ru = ruTexts.get(code) ?? "";
      expect(placeholders(ru), code).toEqual(placeholders(template));
      const en = new Map(forms(enTexts.get(code) ?? ""));
      for (const [name, form] of forms(ru)) {
        const allowed = en.get(name) === "number" ? ["number", "plural"] : [en.get(name)];
        expect(allowed, `${code}: {${name}, ${form}}`).toContain(form);
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
        expect(text, `pages/${site}/locales/${locale}.po`).not.toContain("packages/shared/src/common/messages.ts");
        expect(IDS.filter((id) => text.includes(`msgid "${id}"\n`))).toEqual([]);
      }
  });
});
