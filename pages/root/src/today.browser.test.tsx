import type { Messages } from "@lingui/core";
import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import type { StreakAtRisk } from "@nook/shared/today/today";
import { adoptAccount, cookieJar } from "@nook/ui/account";
import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { TodayPanel } from "./today.tsx";
import "@nook/ui/styles.css";

// Today's streaks at risk as the launcher writes them: a daily streak in days, a weekly goal's streak in weeks
// with this week's count and its last day, a long monthly one as "12+"; in English and Russian. GET /api/today
// is stubbed at fetch with the route's shape (workers/api/src/today/routes.ts).
const CATALOGS: Record<"en" | "ru", Messages> = { en, ru };
const streak = (title: string, more: Partial<StreakAtRisk>): StreakAtRisk => ({
  stackId: 1,
  stackName: "Habits",
  itemId: title.length,
  title,
  length: 2,
  more: false,
  goal: null,
  ...more,
});
let atRisk: StreakAtRisk[] = [];

beforeEach(() => {
  cookieJar.read = () => `${ACCOUNT_COOKIE}=1`;
  adoptAccount();
  invalidate("auth/check");
  invalidate("today");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.endsWith("/api/auth/checkAuth"))
        return Response.json({ tokenData: { id: 1, name: "Ann" }, userData: { timeZone: "UTC" } });
      if (path !== "/api/today") return new Response(null, { status: 404 });
      return Response.json({
        date: "2026-12-05",
        timeZone: "UTC",
        birthdays: [],
        deadlines: [],
        timer: null,
        streaksAtRisk: atRisk,
        journal: { entries: 1, mood: null },
        events: [],
        moon: { phase: "Full Moon" },
      });
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
  cookieJar.read = () => "";
  adoptAccount();
});

const show = (locale: "en" | "ru") =>
  renderInPage(
    <AuthProvider>
      <ToastProvider>
        <TodayPanel />
      </ToastProvider>
    </AuthProvider>,
    locale,
    CATALOGS[locale],
  );
const lines = () => page.getByRole("heading", { level: 2 }).elements();
const rows = async (heading: string) => {
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });
  await expect.element(card).toBeVisible();
  return card
    .getByRole("listitem")
    .elements()
    .map((li) => li.textContent?.replace(/\s+/g, " ").trim());
};

describe("Today's streaks at risk", () => {
  it("say the daily ones end tonight, in days", async () => {
    atRisk = [streak("Tea", { length: 2 })];
    show("en");
    expect(await rows("Streaks that end tonight")).toEqual(["Tea · 2 days"]);
    expect(lines().map((h) => h.textContent)).not.toContain("Streaks at risk");
  });

  it("count a goal's weeks and months with this period's days and its last day, in English and Russian", async () => {
    atRisk = [
      streak("Tea", { length: 2 }),
      streak("Runs", { length: 3, goal: { times: 3, per: "week", count: 2, periodEnd: "2026-12-06" } }),
      streak("Swims", { length: 12, more: true, goal: { times: 8, per: "month", count: 6, periodEnd: "2026-12-31" } }),
    ];
    show("en");
    expect(await rows("Streaks at risk")).toEqual([
      "Tea · 2 days",
      "Runs · 3 weeks · 2 of 3 this week, until Dec 6, 2026",
      "Swims · 12+ months · 6 of 8 this month, until Dec 31, 2026",
    ]);
    show("ru");
    expect(await rows("Серии под угрозой")).toEqual([
      "Tea · 2 дня",
      "Runs · 3 недели · 2 из 3 на этой неделе, до 6 дек. 2026 г.",
      "Swims · 12+ мес. · 6 из 8 в этом месяце, до 31 дек. 2026 г.",
    ]);
  });
});
