import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import type { InlineConfig, Plugin } from "vite";
import type { SiteName } from "../packages/shared/src/common/sites.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = "/@nook/site-entry";

/**
 * Every site shares pages/index.html; its entry is generated here: mount the
 * shell around pages/<site>/src/App.tsx, with that site's catalogs loaded on demand
 * and the server messages' catalog prefetched when the browser is idle.
 */
function siteEntry(site: SiteName): Plugin {
  const dir = `${repo}pages/${site}`;
  return {
    name: "nook-site-entry",
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
    load: (id) =>
      id === `\0${ENTRY}`
        ? [
            `import { mountSite } from "@nook/ui/shell";`,
            `import { prefetchServerMessages } from "@nook/ui/server-messages";`,
            `import { App } from ${JSON.stringify(`${dir}/src/App.tsx`)};`,
            `const catalogs = {`,
            `  en: () => import(${JSON.stringify(`${dir}/locales/en.po`)}),`,
            `  ru: () => import(${JSON.stringify(`${dir}/locales/ru.po`)}),`,
            `};`,
            // The server's messages are a catalog of their own, fetched once the first render is done.
            `void mountSite(App, (locale) => catalogs[locale]()).then(prefetchServerMessages);`,
          ].join("\n")
        : undefined,
  };
}

/** The Vite config of one site: pages/<site> → dist/sites/<site>. */
export function siteConfig(site: SiteName): InlineConfig {
  return {
    configFile: false,
    root: `${repo}pages`,
    base: "/",
    logLevel: "warn",
    define: {
      "import.meta.env.VITE_SITE": JSON.stringify(site),
      "import.meta.env.VITE_PRODUCT_NAME": JSON.stringify(process.env.PRODUCT_NAME ?? "Nook"),
    },
    plugins: [
      siteEntry(site),
      // Lingui's macros must be compiled before React's transform sees the JSX.
      babel({ plugins: ["@lingui/babel-plugin-lingui-macro"], include: [/\.[jt]sx?$/], exclude: [/node_modules/] }),
      react(),
      lingui({ cwd: repo, failOnMissing: true, failOnCompileError: true }),
    ],
    build: {
      outDir: `${repo}dist/sites/${site}`,
      emptyOutDir: true,
      target: "es2022",
      reportCompressedSize: false,
      rollupOptions: { input: `${repo}pages/index.html` },
    },
  };
}
