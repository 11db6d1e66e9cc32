import babelExtractor from "@lingui/cli/api/extractors/babel";
import { defineConfig, type ExtractorType } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { serverCatalogEnglish } from "./packages/shared/src/common/messages.ts";
import { SITES, type SiteName } from "./packages/shared/src/common/sites.ts";

/**
 * The server's messages: one catalog of their own, loaded on a site's first
 * error, never in a first load. Its English is the API's registry, so a
 * message is written once in English; the Russian is messages.ru.po's.
 */
const REGISTRY = "packages/shared/src/common/messages.ts";

/**
 * Reads the registry, and no other file, as the server catalog's source (it
 * holds no Lingui macros for the default extractor): one message per code
 * and per field, its English from `serverCatalogEnglish` (the registry as
 * imported by this config, of which `code` is the text), its origin the
 * registry's line that names it.
 */
const registryExtractor: ExtractorType = {
  match: (filename) => filename.replaceAll("\\", "/").endsWith(`/${REGISTRY}`),
  extract(filename, code, onMessageExtracted) {
    const fields = code.indexOf("export const FIELDS");
    const lineOf = (id: string) => {
      const key = id.startsWith("field.") ? `\n  ${id.slice("field.".length)}: ` : `\n  "${id}":`;
      const at = code.indexOf(key, id.startsWith("field.") ? fields : 0);
      return at < 0 ? 1 : code.slice(0, at + 1).split("\n").length;
    };
    for (const [id, message] of serverCatalogEnglish())
      onMessageExtracted({ id, message, origin: [filename, lineOf(id)] });
  },
};

/**
 * Screens loaded on demand whose strings load with them (lazyScreen in
 * packages/ui/src/screens.tsx): each its own catalog,
 * pages/<site>/locales/<name>/{locale}.po, made of the listed paths (inside
 * pages/<site>/src, reached only through that screen: scripts/bundle-size.ts
 * fails when another module imports one), which the site's first catalog
 * leaves out. packages/ui's strings stay in the first catalog.
 */
export const LAZY_CATALOGS: Partial<Record<SiteName, Record<string, string[]>>> = {
  auth: {
    password: ["edit-password.tsx"],
    yalogin: ["yalogin.tsx"],
    signup: ["signup.tsx"],
    data: ["your-data.tsx", "sessions.tsx", "passkeys.tsx", "invites.tsx"],
    import: ["import-page.tsx"],
    reminders: ["reminders"],
  },
  journal: {
    stack: ["stacks/stack-page.tsx", "stacks/item-form.tsx", "stacks/widgets", "names", "pixels"],
    timer: ["tools/timer"],
    runner: ["tools/runner"],
    mood: ["form/mood-picker.tsx"],
    search: ["entries/search-bar.tsx"],
  },
  donate: { public: ["public"], manage: ["manage-page.tsx"] },
  // The alphabet's controls, language and speech serve the numbers too: they stay in the first catalog.
  kids: {
    alphabet: ["alphabet/alphabet-page.tsx", "alphabet/alphabet-model.ts"],
    numbers: ["numbers"],
    sierpinski: ["sierpinski"],
    lense: ["lense"],
  },
  calendar: { events: ["events"] },
  steps: { checklist: ["checklist-page.tsx", "checklist-editor.tsx", "import-dialog.tsx"] },
  people: { form: ["person-form.tsx"] },
  random: { tarot: ["tarot"], numbers: ["numbers"], dices: ["dices"] },
  lupileon: { math: ["math"], stars: ["stars"], solar: ["solar"] },
};

/**
 * One catalog per site, each including packages/ui so shared strings are
 * translated once per site; the lazy screens' own; and the server's messages.
 */
export default defineConfig({
  sourceLocale: "en",
  // A file goes to the first extractor that matches it: the registry to its own, any other to Lingui's macros.
  extractors: [registryExtractor, babelExtractor],
  locales: ["en", "ru"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: true }),
  catalogs: [
    ...SITES.flatMap((site) => {
      const lazy = Object.entries(LAZY_CATALOGS[site] ?? {}).map(([name, paths]) => ({
        path: `<rootDir>/pages/${site}/locales/${name}/{locale}`,
        include: paths.map((p) => `<rootDir>/pages/${site}/src/${p}`),
      }));
      return [
        {
          path: `<rootDir>/pages/${site}/locales/{locale}`,
          include: [`<rootDir>/pages/${site}/src`, "<rootDir>/packages/ui/src"],
          exclude: lazy.flatMap((c) => c.include),
        },
        ...lazy,
      ];
    }),
    { path: "<rootDir>/packages/ui/locales/server/messages.{locale}", include: [`<rootDir>/${REGISTRY}`] },
  ],
});
