import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { build, type InlineConfig, minifySync, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { LAZY_CATALOGS } from "../lingui.config.ts";
import { LOCALES } from "../packages/shared/src/common/preferences.ts";
import type { SiteName } from "../packages/shared/src/common/sites.ts";
import { BACKGROUND, ICON_PNGS, iconPngName, iconSvg } from "../scripts/app-icons/signs.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = "/@nook/site-entry";

/** `{ en: () => import(".../en.po"), … }` for the catalog at `path` (without the locale). */
const catalogImports = (path: string) =>
  `{ ${LOCALES.map((locale) => `${locale}: () => import(${JSON.stringify(`${path}/${locale}.po`)})`).join(", ")} }`;

/**
 * Every site shares pages/index.html; its entry is generated here: mount the
 * shell around pages/<site>/src/App.tsx, with that site's catalogs loaded on demand
 * (its lazy screens' too, registered by name for lazyScreen) and the server
 * messages' catalog prefetched when the browser is idle.
 */
function siteEntry(site: SiteName): Plugin {
  const dir = `${repo}pages/${site}`;
  const lazyCatalogs = Object.keys(LAZY_CATALOGS[site] ?? {});
  // What still works offline, when the site says (packages/ui/src/offline.tsx).
  const saysOffline = /^export const stillWorksOffline\b/m.test(readFileSync(`${dir}/src/App.tsx`, "utf8"));
  const registerLazy = lazyCatalogs.length
    ? [
        `import { registerScreenCatalogs } from "@nook/ui/screens";`,
        `registerScreenCatalogs({`,
        ...lazyCatalogs.map(
          (name) => `  ${name}: (locale) => (${catalogImports(`${dir}/locales/${name}`)})[locale](),`,
        ),
        `});`,
      ]
    : [];
  return {
    name: "nook-site-entry",
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : undefined),
    load: (id) =>
      id === `\0${ENTRY}`
        ? [
            `import { mountSite } from "@nook/ui/shell";`,
            `import { prefetchServerMessages } from "@nook/ui/server-messages";`,
            `import { App${saysOffline ? ", stillWorksOffline" : ""} } from ${JSON.stringify(`${dir}/src/App.tsx`)};`,
            `const catalogs = ${catalogImports(`${dir}/locales`)};`,
            ...registerLazy,
            // The server's messages are a catalog of their own, fetched once the first render is done.
            // What still works offline, if the site says (its App.tsx's stillWorksOffline), for the Offline banner.
            `void mountSite(App, (locale) => catalogs[locale]()${saysOffline ? ", stillWorksOffline" : ""}).then(prefetchServerMessages);`,
          ].join("\n")
        : undefined,
  };
}

/**
 * A chunk's modules, largest first: each module's id (relative to the repo), the gzipped size of its
 * code alone, and the modules that import it statically (not through import()).
 */
export type ChunkModules = Record<string, { id: string; gzip: number; importers: string[] }[]>;

/**
 * Records, for every chunk of a site, the gzipped size of each module's
 * rendered code into dist/modules/<site>.json, for scripts/bundle-size.ts:
 * the code as tree-shaking left it, whitespace removed and local names
 * mangled (not compressed: alone, a module's top level looks unused), then
 * gzipped on its own. A module's share of its chunk, not an exact split:
 * gzip and the minifier work across a whole chunk, so the shares add up to
 * about a tenth more than the chunk.
 */
function moduleSizes(site: SiteName): Plugin {
  const relative = (id: string) => id.replace(/^\0/, "").replace(repo, "");
  return {
    name: "nook-module-sizes",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: ChunkModules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        chunks[chunk.fileName] = Object.entries(chunk.modules)
          .filter(([, m]) => m.code)
          .map(([id, m]) => {
            const code = minifySync("module.js", m.code ?? "", {
              module: true,
              compress: false,
              mangle: { toplevel: false },
            }).code;
            const importers = (this.getModuleInfo(id)?.importers ?? []).map(relative);
            return { id: relative(id), gzip: gzipSync(code, { level: 9 }).length, importers };
          })
          .sort((a, b) => b.gzip - a.gzip);
      }
      // Beside dist/sites, not in it: neither the gateway nor a Pages upload serves it.
      mkdirSync(`${repo}dist/modules`, { recursive: true });
      writeFileSync(`${repo}dist/modules/${site}.json`, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/** Hono's client asks for its cookie serializer, which no browser can use: see pages/hono-cookie.ts. */
function honoClientCookie(): Plugin {
  return {
    name: "nook-hono-client-cookie",
    enforce: "pre",
    resolveId: (source, importer) =>
      source === "../utils/cookie.js" && importer?.replaceAll("\\", "/").endsWith("/hono/dist/client/client.js")
        ? `${repo}pages/hono-cookie.ts`
        : undefined,
  };
}

/** A message's translation in a gettext catalog (its msgid on one line), or undefined. */
function poTranslation(po: string, id: string): string | undefined {
  const match = new RegExp(
    `^msgid ${JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\nmsgstr (".*")$`,
    "m",
  ).exec(po);
  const text = match?.[1] ? (JSON.parse(match[1]) as string) : "";
  return text || undefined;
}

/**
 * The site as an installable app: its icons, and a web app manifest
 * per language — `manifest.<locale>.webmanifest`, named in that language
 * (the shell links the reader's: a manifest has one language). The names are
 * the site's own from its catalog (SITE_NAMES in packages/ui/src/site.ts).
 */
function appManifests(site: SiteName): Plugin {
  const product = process.env.PRODUCT_NAME ?? "Nook";
  return {
    name: "nook-app-manifests",
    apply: "build",
    generateBundle() {
      const icons = ICON_PNGS.map(({ size, maskable }) => {
        const fileName = `icons/${iconPngName(site, size, maskable)}`;
        this.emitFile({
          type: "asset",
          fileName,
          source: readFileSync(`${repo}scripts/app-icons/png/${iconPngName(site, size, maskable)}`),
        });
        return {
          src: `/${fileName}`,
          sizes: `${size}x${size}`,
          type: "image/png",
          purpose: maskable ? "maskable" : "any",
        };
      });
      this.emitFile({ type: "asset", fileName: "icons/icon.svg", source: iconSvg(site) });
      for (const locale of LOCALES) {
        const po = readFileSync(`${repo}pages/${site}/locales/${locale}.po`, "utf8");
        const own = site === "root" ? undefined : (poTranslation(po, site) ?? site);
        const name = own ? `${product} · ${own}` : product;
        const manifest = {
          id: "/",
          name,
          short_name: own ? own.charAt(0).toUpperCase() + own.slice(1) : product,
          lang: locale,
          start_url: "/",
          scope: "/",
          display: "standalone",
          // The dark theme's, the suite's default; a page in the light theme sets its own theme-color (shell).
          background_color: BACKGROUND,
          theme_color: BACKGROUND,
          icons: [...icons, { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
        };
        this.emitFile({
          type: "asset",
          fileName: `manifest.${locale}.webmanifest`,
          source: `${JSON.stringify(manifest, null, 1)}\n`,
        });
      }
    },
  };
}

/** The push half of the auth site's service worker, as one classic script that sw.js loads (importScripts). */
const PUSH_WORKER = "push-worker.js";

/**
 * Builds pages/auth/src/push-worker/push-worker.ts (the Reminders' notifications and their clicks) into
 * PUSH_WORKER: one script with what it imports inlined, as importScripts needs (no modules).
 */
function pushWorker(): Plugin {
  return {
    name: "nook-push-worker",
    apply: "build",
    async generateBundle() {
      const built = (await build({
        root: `${repo}pages`,
        configFile: false,
        logLevel: "warn",
        build: {
          write: false,
          target: "es2022",
          minify: true,
          lib: {
            entry: `${repo}pages/auth/src/push-worker/push-worker.ts`,
            formats: ["iife"],
            name: "nookPush",
            fileName: () => PUSH_WORKER,
          },
        },
      })) as Rollup.RollupOutput | Rollup.RollupOutput[];
      const [chunk] = (Array.isArray(built) ? built[0] : built)?.output ?? [];
      if (chunk?.type !== "chunk") throw new Error("The push worker built to no script");
      this.emitFile({ type: "asset", fileName: PUSH_WORKER, source: chunk.code });
    },
  };
}

/**
 * A service worker per site (Workbox through vite-plugin-pwa): it precaches
 * the site's built files, so after one visit the site opens with no network;
 * a navigation is answered with the precached index.html (the client routes),
 * except under /api. The API is never cached: its answers are the server's or
 * an error the screen words as "offline". A new version waits until the reader
 * reloads (the shell's prompt); registration is the shell's too, off the first load. The auth site's also
 * shows the Reminders' notifications and opens their pages (pushWorker).
 */
function serviceWorker(site: SiteName): Plugin[] {
  return VitePWA({
    injectRegister: false,
    registerType: "prompt",
    manifest: false,
    strategies: "generateSW",
    filename: "sw.js",
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2}"],
      navigateFallback: "/index.html",
      navigateFallbackDenylist: [/^\/api(\/|$)/],
      cleanupOutdatedCaches: true,
      // The hashed files are their own revision; index.html and the rest are revised by content.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      ...(site === "auth" ? { importScripts: [`/${PUSH_WORKER}`] } : {}),
    },
  });
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
      moduleSizes(site),
      honoClientCookie(),
      appManifests(site),
      ...(site === "auth" ? [pushWorker()] : []),
      ...serviceWorker(site),
    ],
    resolve: {
      // wouter asks for the shim of useSyncExternalStore, which React 19 has itself.
      alias: [
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: `${repo}pages/use-sync-external-store.ts`,
        },
      ],
    },
    build: {
      // Every browser the sites support preloads modules itself (modulepreload): no polyfill in each first load.
      modulePreload: { polyfill: false },
      outDir: `${repo}dist/sites/${site}`,
      emptyOutDir: true,
      target: "es2022",
      reportCompressedSize: false,
      // The service worker's generation (Workbox bundling it) is slow by nature: no report of its plugin timing.
      rollupOptions: { input: `${repo}pages/index.html`, checks: { pluginTimings: false } },
    },
  };
}
