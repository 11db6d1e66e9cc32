import type { Messages } from "@lingui/core";
import type { Finding } from "@nook/shared/insights/schemas";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { InsightCard } from "./insight-card.tsx";

// Today's card of this month's strongest finding, with GET /api/journal/insights stubbed at fetch.
const CATALOGS: Record<"en" | "ru", Messages> = { en, ru };
const finding = (over: Partial<Finding>): Finding => ({
  kind: "tag",
  name: "run",
  lag: 0,
  days: 12,
  withMean: 4.3,
  withoutMean: 3.5,
  difference: 0.8,
  low: 0.4,
  high: 1.2,
  p: 0.001,
  q: 0.004,
  significant: true,
  ...over,
});

/** Answers the insights with these findings; the queries asked are kept. */
function answer(findings: Finding[]): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL((input instanceof Request ? input : new Request(input, init)).url);
      if (url.pathname !== "/api/journal/insights") return new Response(null, { status: 404 });
      asked.push(url.search);
      return Response.json({ from: "", to: "", days: 40, tested: findings.length, findings, weekdays: [] });
    }),
  );
  return asked;
}

afterEach(async () => {
  unmountPage();
  vi.unstubAllGlobals();
  await invalidate("insights");
});

describe("Today's insight card", () => {
  it("says this month's strongest finding in words, in en and ru, linked to the Insights", async () => {
    const asked = answer([finding({}), finding({ name: "tea", difference: -0.5 })]);
    renderInPage(<InsightCard date="2026-12-20" />, "en", CATALOGS.en);
    const link = page.getByRole("link", { name: "Your mood is 0.8 higher on days with #run" });
    await expect.element(link).toBeVisible();
    expect(link.element().getAttribute("href")).toMatch(/\/insights$/);
    expect(asked).toEqual(["?from=2026-12-01&to=2026-12-20"]);

    answer([finding({ kind: "person", name: "@ada", lag: 1, difference: -0.75 })]);
    await invalidate("insights");
    renderInPage(<InsightCard date="2026-12-20" />, "ru", CATALOGS.ru);
    await expect
      .element(page.getByRole("link", { name: "Настроение на 0,75 ниже на следующий день после @ada" }))
      .toBeVisible();
  });

  it("shows nothing when no finding stands out, and the finding once one does", async () => {
    const asked = answer([finding({ significant: false, q: 0.3 })]);
    const host = renderInPage(<InsightCard date="2026-12-05" />, "en", CATALOGS.en);
    await expect.poll(() => asked.length).toBe(1);
    // Asked again and answered (invalidate resolves with the answer): still nothing.
    await invalidate("insights");
    expect(host.textContent).toBe("");
    answer([finding({ kind: "metric", name: "km", difference: 0.62 })]);
    await invalidate("insights");
    await expect
      .element(page.getByRole("link", { name: "The more km, the better your mood (rank correlation 0.62)" }))
      .toBeVisible();
  });
});
