import { readdirSync, readFileSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every workspace's package.json declares the packages its code imports
 * (DESIGN §2). The code that runs or ships — a Worker, a site, the shared
 * packages — must name each package in its own package.json; tests and
 * configs may also use the tools in the root's devDependencies (vitest,
 * fast-check, vite and its plugins). The root's own code (scripts/, e2e/,
 * the configs) must find what it imports in the root's package.json, or be a
 * workspace of this repository.
 */

const repo = join(import.meta.dirname, "..");

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(repo, dir, "package.json"), "utf8"));
const declared = (m: Manifest) =>
  new Set([
    ...Object.keys(m.dependencies ?? {}),
    ...Object.keys(m.devDependencies ?? {}),
    ...Object.keys(m.peerDependencies ?? {}),
  ]);

const root = manifest(".");
/** The workspaces as the root lists them ("packages/*" is every folder there with a package.json). */
const workspaces = (root.workspaces ?? []).flatMap((pattern) => {
  if (!pattern.endsWith("/*")) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(join(repo, parent))
    .map((d) => `${parent}/${d}`)
    .filter((d) => statSync(join(repo, d)).isDirectory());
});
const workspaceNames = new Set(workspaces.map((w) => manifest(w).name));

const SKIP = new Set(["node_modules", "dist", "types", ".wrangler", ".git", "coverage"]);
function sourceFiles(dir: string, skip: (path: string) => boolean = () => false): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === "." ? e.name : `${dir}/${e.name}`;
    if (SKIP.has(e.name) || skip(path)) return [];
    if (e.isDirectory()) return sourceFiles(path, skip);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) && !e.name.endsWith("worker-configuration.d.ts") ? [path] : [];
  });
}

/** The package each import names: `@scope/name` or `name`; relative paths, node: and cloudflare: are not packages. */
function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/gms),
    ...source.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1] ?? "");
  return [
    ...new Set(
      specifiers
        .filter((s) => !s.startsWith(".") && !s.startsWith("/") && !/^[a-z]+:/.test(s) && !isBuiltin(s))
        .map((s) =>
          s
            .split("/")
            .slice(0, s.startsWith("@") ? 2 : 1)
            .join("/"),
        ),
    ),
  ];
}

/** Tests, test helpers and build configs: tools from the root's devDependencies are theirs to use. */
const isTooling = (path: string) => /\.test\.tsx?$|\/test\/|\.config\.ts$|(^|\/)env\.d\.ts$/.test(path);

function undeclared(files: string[], allowed: (file: string) => Set<string>) {
  return files.flatMap((file) => {
    const ok = allowed(file);
    return importedPackages(readFileSync(join(repo, file), "utf8"))
      .filter((p) => !ok.has(p))
      .map((p) => `${file} imports ${p}`);
  });
}

describe("each workspace declares what it imports", () => {
  it("finds the packages an import names", () => {
    const source = [
      `import { a } from "@scope/pkg/sub";`,
      `import type { B } from "hono/client";`,
      `import {\n  c,\n  d,\n} from "react";`,
      `import "./local.css";`,
      `export { e } from "wouter";`,
      `const f = await import("astronomy-engine");`,
      `import { g } from "node:fs";`,
      `import { h } from "cloudflare:test";`,
      'const code = `import { x } from "not-an-import";`;',
    ].join("\n");
    expect(importedPackages(source).sort()).toEqual(["@scope/pkg", "astronomy-engine", "hono", "react", "wouter"]);
  });

  it("lists the workspaces it walks", () => {
    expect(workspaces).toEqual(
      expect.arrayContaining(["packages/shared", "packages/ui", "workers/api", "workers/gateway", "pages"]),
    );
  });

  for (const workspace of workspaces) {
    it(`${workspace}: its code imports only what its package.json declares`, () => {
      const own = declared(manifest(workspace));
      const withTools = new Set([...own, ...declared(root)]);
      const files = sourceFiles(workspace);
      expect(files.length).toBeGreaterThan(0);
      expect(undeclared(files, (f) => (isTooling(relative(workspace, f)) ? withTools : own))).toEqual([]);
    });
  }

  it("the root's own code (scripts, e2e, configs) imports only what the root declares, or a workspace", () => {
    const inWorkspace = (path: string) => workspaces.some((w) => path === w || path.startsWith(`${w}/`));
    const files = sourceFiles(".", inWorkspace);
    expect(files).toEqual(expect.arrayContaining(["scripts/test.ts", "e2e/global-setup.ts", "vitest.config.ts"]));
    const ok = new Set([...declared(root), ...workspaceNames]);
    expect(undeclared(files, () => ok)).toEqual([]);
  });
});
