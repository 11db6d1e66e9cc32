import type { Messages } from "@lingui/core";
import type { Finding, Insights } from "@nook/shared/insights/schemas";
import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../../locales/en.po";
import { messages as ru } from "../../locales/ru.po";
import { messages as stackEn } from "../../locales/stack/en.po";
import { messages as stackRu } from "../../locales/stack/ru.po";
import { InsightsPage } from "./insights-page.tsx";
import "@nook/ui/styles.css";
import "./insights.css";

// The Insights view on its own, GET /api/journal/insights stubbed at fetch: its states in words (an empty
// journal, nothing to test, nothing clear, a failed load), a metric's and a next-day finding, at 360 px.
const CATALOGS: Record<"en" | "ru", Messages> = { en: { ...en, ...stackEn }, ru: { ...ru, ...stackRu } };
const weekdays = Array.from({ length: 7 }, (_, weekday) => ({ weekday, days: 0, mean: null }));
const base: Insights = { from: "2025-12-07", to: "2026-12-06", days: 0, tested: 0, findings: [], weekdays };
const finding = (over: Partial<Finding>): Finding => ({
  kind: "metric",
  name: "km",
  lag: 0,
  days: 48,
  withMean: null,
  withoutMean: null,
  difference: 0.89,
  low: 0.82,
  high: 0.94,
  p: 1e-17,
  q: 1e-17,
  significant: true,
  ...over,
});

/** Answers the insights with `body` (null: a 500); anything else, as signed out. */
function answer(body: Insights | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL((input instanceof Request ? input : new Request(input, init)).url);
      const error = (status: number, code: string) =>
        Response.json({ message: "x", error: "x", code, values: {} }, { status });
      if (url.pathname !== "/api/journal/insights") return error(401, "platform.signedOut");
      return body ? Response.json(body) : error(500, "platform.internal");
    }),
  );
}

afterEach(async () => {
  unmountPage();
  vi.unstubAllGlobals();
  await invalidate("journal");
});

const show = async (body: Insights | null, locale: "en" | "ru" = "en") => {
  answer(body);
  await invalidate("journal");
  await page.viewport(360, 800);
  renderInPage(
    <AuthProvider>
      <InsightsPage />
    </AuthProvider>,
    locale,
    CATALOGS[locale],
  );
};
/** The page's words, read again until they hold what is looked for. */
const text = () => document.body.textContent ?? "";
const overflows = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe("the Insights view", () => {
  it("says an empty journal, and nothing to test, in words", async () => {
    await show(base);
    await expect.element(page.getByText(/No moods in these days yet/)).toBeVisible();
    await show({ ...base, days: 12, weekdays: weekdays.map((w) => ({ ...w, days: 2, mean: 3 })) });
    await expect.element(page.getByText(/Nothing to test yet/)).toBeVisible();
    await expect.element(page.getByRole("row", { name: "Monday 3.00 2" })).toBeVisible();
  });

  it("says when the tests find nothing clear, and lists them below", async () => {
    await show({ ...base, days: 40, tested: 3, findings: [finding({ significant: false, q: 0.4, difference: -0.2 })] });
    await expect
      .poll(text)
      .toContain("Nothing stands out yet: 3 tests made, none clear after the correction for many tests.");
    await expect.poll(text).toContain("The more km, the worse your mood (rank correlation 0.20 over 48 days)");
  });

  it("writes a metric's and a next-day finding, in en and ru, within 360 px", async () => {
    const findings = [
      finding({}),
      finding({
        kind: "person",
        name: "@ada",
        lag: 1,
        days: 21,
        withMean: 2.5,
        withoutMean: 3.75,
        difference: -1.25,
        low: -1.6,
        high: -0.9,
      }),
    ];
    await show({ ...base, days: 60, tested: 2, findings });
    await expect.poll(text).toContain("The more km, the better your mood (rank correlation 0.89 over 48 days)");
    await expect.poll(text).toContain("Your mood is 1.3 lower on the day after @ada (21 days)");
    await expect.poll(text).toContain("Mean mood 2.50 against 3.75; 95% interval -1.6 to -0.9; adjusted p < 0.001");
    expect(overflows()).toBe(0);
    await show({ ...base, days: 60, tested: 2, findings }, "ru");
    await expect.poll(text).toContain("Настроение на 1,3 ниже на следующий день после @ada (21 день)");
    expect(overflows()).toBe(0);
  });

  it("says a failed load in words, with another try", async () => {
    await show(null);
    await expect
      .poll(() => document.querySelector("[role=alert]")?.textContent ?? "", { timeout: 10_000 })
      .toMatch(/Try again/);
  });
});
