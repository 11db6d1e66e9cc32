import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { SITES } from "./packages/shared/src/common/sites.ts";

/** The server's messages: one catalog of their own, loaded on a site's first error, never in a first load. */
const SERVER_CATALOG_SOURCE = "<rootDir>/packages/ui/src/server-catalog.ts";

/** One catalog per site; each includes packages/ui so shared strings are translated once per site. */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ru"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false, origins: true }),
  catalogs: [
    ...SITES.map((site) => ({
      path: `<rootDir>/pages/${site}/locales/{locale}`,
      include: [`<rootDir>/pages/${site}/src`, "<rootDir>/packages/ui/src"],
      exclude: [SERVER_CATALOG_SOURCE],
    })),
    { path: "<rootDir>/packages/ui/locales/server/messages.{locale}", include: [SERVER_CATALOG_SOURCE] },
  ],
});
