import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";
import type { SiteName } from "./sites.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** The Vite config of one site: pages/<site> → dist/sites/<site>. */
export function siteConfig(site: SiteName): InlineConfig {
  return {
    configFile: false,
    root: `${repo}pages/${site}`,
    base: "/",
    logLevel: "warn",
    define: {
      "import.meta.env.VITE_SITE": JSON.stringify(site),
      "import.meta.env.VITE_PRODUCT_NAME": JSON.stringify(process.env.PRODUCT_NAME ?? "Nook"),
    },
    plugins: [
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
    },
  };
}
