/** WCAG 2 A and AA rules through axe-core, for the e2e tests; serious and critical findings are returned. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { inEachLayout, overflows } from "./browser.ts";
import { counts } from "./ledger.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The theme and language a screen is audited in: the page's data-theme (the colour scheme when unset, as the
 * sites read it: dark unless light is preferred) and its <html lang>.
 */
const themeAndLang = (page: Page) =>
  page.evaluate(() => {
    const theme =
      document.documentElement.dataset.theme ||
      (matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark");
    return `${theme}, ${document.documentElement.lang || "no lang"}`;
  });

/**
 * axe's serious and critical findings on the page as it stands, `screen` naming what is audited ("people:
 * the add modal"). axe runs once a screen, theme and language in a run: each audit is recorded for the ledger
 * (scripts/ledger.ts), which fails a run that audits the same one twice, in one file or in two.
 */
export async function audit(page: Page, screen: string): Promise<string[]> {
  counts.audited.push(`${screen} (${await themeAndLang(page)})`);
  // Evaluated through the DevTools protocol, not added as a <script>: the sites' policy refuses inline scripts.
  // Once a document: a second audit of the same page reuses it (550 KB to parse again otherwise).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // What the reader ends up seeing, not a toast half faded out or a screen half in: every animation and
  // transition that ends is let end (a spinner's, which never ends, is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: Violation[] }> } })
      .axe;
    // Only the violations are gathered: the passes and the incomplete are most of axe's work and are never read.
    const options = { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] }, resultTypes: ["violations"] };
    return (await axe.run(document, options)).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * In each layout (narrow and light, wide and dark): nothing scrolls sideways, and axe's serious findings on
 * `screen`, each marked with its layout.
 */
export async function auditEachLayout(page: Page, screen: string): Promise<string[]> {
  const found = await inEachLayout(page, async ({ width, theme }) => {
    await expect.poll(() => overflows(page), { message: `sideways scroll at ${width} px, ${theme}` }).toBe(0);
    return (await audit(page, screen)).map((finding) => `${width} px, ${theme}: ${finding}`);
  });
  return found.flat();
}

/**
 * Named axe rules only, whatever their tags (label-content-name-mismatch is WCAG 2.1 and experimental,
 * page-has-heading-one a best practice: neither is in `audit`'s set): every finding, any impact.
 */
export async function auditRules(page: Page, rules: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (ids) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: Violation[] }> } })
      .axe;
    return (await axe.run(document, { runOnly: { type: "rule", values: ids }, resultTypes: ["violations"] }))
      .violations;
  }, rules);
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
