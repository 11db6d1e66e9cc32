import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { SITES, type SiteName } from "./packages/shared/src/common/sites.ts";

/** The server's messages: one catalog of their own, loaded on a site's first error, never in a first load. */
const SERVER_CATALOG_SOURCE = "<rootDir>/packages/ui/src/server-catalog.ts";

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
    data: ["your-data.tsx"],
    import: ["import-page.tsx"],
  },
  journal: {
    stack: ["stacks/stack-page.tsx", "stacks/item-form.tsx", "stacks/widgets", "names"],
    timer: ["tools/timer"],
    runner: ["tools/runner"],
    mood: ["form/mood-picker.tsx"],
  },
  donate: { public: ["public"], manage: ["manage-page.tsx"] },
  // The alphabet's controls, language and speech serve the numbers too: they stay in the first catalog.
  kids: {
    alphabet: ["alphabet/alphabet-page.tsx", "alphabet/alphabet-model.ts"],
    numbers: ["numbers"],
    sierpinski: ["sierpinski"],
    lense: ["lense"],
  },
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
          exclude: [SERVER_CATALOG_SOURCE, ...lazy.flatMap((c) => c.include)],
        },
        ...lazy,
      ];
    }),
    { path: "<rootDir>/packages/ui/locales/server/messages.{locale}", include: [SERVER_CATALOG_SOURCE] },
  ],
});
