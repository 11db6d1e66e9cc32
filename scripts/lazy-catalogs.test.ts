import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LAZY_CATALOGS } from "../lingui.config.ts";
import { SITES } from "../packages/shared/src/common/sites.ts";

/**
 * A lazy screen names its catalog (lazyScreen(load, "timer")), and the site's
 * entry registers the catalogs of LAZY_CATALOGS: a name in neither place, or
 * a catalog no screen loads, would fail only when the screen opens.
 */
const repo = join(import.meta.dirname, "..");

function namesLoaded(site: string): string[] {
  const src = join(repo, "pages", site, "src");
  return readdirSync(src, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .flatMap((f) =>
      [...readFileSync(join(src, f), "utf8").matchAll(/lazyScreen\([^;]*?,\s*"(\w+)",?\s*\)/g)].map((m) => m[1]!),
    );
}

describe("lazy screens' catalogs", () => {
  for (const site of SITES)
    it(`${site}: every catalog a screen names is in LAZY_CATALOGS, and every one there is loaded by a screen`, () => {
      // Two screens may share a catalog (the journal's stack page and its tags-and-metrics page share a chunk).
      expect([...new Set(namesLoaded(site))].sort()).toEqual(Object.keys(LAZY_CATALOGS[site] ?? {}).sort());
    });
});
