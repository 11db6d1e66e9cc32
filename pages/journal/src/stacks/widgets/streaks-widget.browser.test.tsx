import type { Messages } from "@lingui/core";
import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import type { StackItemData } from "@nook/shared/stacks/item-data";
import { adoptAccount, cookieJar } from "@nook/ui/account";
import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../../../locales/en.po";
import { messages as ru } from "../../../locales/ru.po";
import { messages as stackEn } from "../../../locales/stack/en.po";
import { messages as stackRu } from "../../../locales/stack/ru.po";
import type { StackItem } from "../stacks-api.ts";
import { StreaksWidget } from "./streaks-widget.tsx";
import "@nook/ui/styles.css";
import "../../journal.css";

// A streaks item with a habit goal as its widget shows it: the streak in weeks, this week's count against the
// goal, the longest runs in weeks; in English and Russian (plural forms). The statistic is stubbed at fetch
// with the engine's shape (stacks/engine/streaks.ts).
const CATALOGS: Record<"en" | "ru", Messages> = { en: { ...en, ...stackEn }, ru: { ...ru, ...stackRu } };
const DATA: StackItemData["streaks"] = {
  lastDays: Array.from({ length: 30 }, (_, i) => i % 2 === 0),
  currentStreak: { length: 3 },
  currentStreakDateFrom: "2026-11-16",
  daysSinceLastEntry: 1,
  topStreaks: [
    { length: 5, startDate: "2026-09-01", endDate: "2026-10-03", endEntryId: 11, isCurrent: false },
    { length: 3, startDate: "2026-11-16", endDate: "2026-12-05", endEntryId: 12, isCurrent: true },
    { length: 1, startDate: "2026-08-03", endDate: "2026-08-05", endEntryId: 13, isCurrent: false },
  ],
  goal: { times: 3, per: "week", count: 2, periodStart: "2026-11-30", periodEnd: "2026-12-06" },
};
const ITEM: StackItem = {
  id: 4,
  stackId: 7,
  title: "Runs",
  type: "streaks",
  uptimeOnly: false,
  tagsSign: "&&",
  position: 0,
  config: { filter: [{ id: 1, name: "run", not: false }], timeRange: null, metricId: null, date: null, goal: null },
};

beforeEach(() => {
  cookieJar.read = () => `${ACCOUNT_COOKIE}=1`;
  adoptAccount();
  invalidate("auth/check");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.endsWith("/api/auth/checkAuth"))
        return Response.json({ tokenData: { id: 1, name: "Ann" }, userData: { timeZone: "Europe/Berlin" } });
      if (path !== "/api/journal/stack-item-data") return new Response(null, { status: 404 });
      const { config } = (await request.json()) as { config: { goal: StackItemData["streaks"]["goal"] } };
      // The goal asked for goes with the answer: a monthly one reads as months.
      return Response.json({ ...DATA, goal: config.goal && { ...DATA.goal, ...config.goal } });
    }),
  );
  invalidate("journal");
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
  cookieJar.read = () => "";
  adoptAccount();
});

const show = (item: StackItem, locale: "en" | "ru") =>
  renderInPage(
    <AuthProvider>
      <StreaksWidget item={item} />
    </AuthProvider>,
    locale,
    CATALOGS[locale],
  );

const withGoal = (per: "week" | "month"): StackItem => ({
  ...ITEM,
  config: { ...ITEM.config, goal: { times: 3, per } },
});

/** The longest streaks' lengths as written, in order. */
async function expectLengths(list: string, lengths: string[]) {
  const rows = page.getByRole("list", { name: list }).getByRole("listitem");
  await expect.poll(() => rows.elements().map((r) => r.querySelector("strong")?.textContent)).toEqual(lengths);
}

describe("the streaks widget with a goal", () => {
  it("counts weeks and this week's days, in English", async () => {
    show(withGoal("week"), "en");
    await expect.element(page.getByText("3 weeks", { exact: true }).first()).toBeVisible();
    await expect.element(page.getByText("2 of 3 this week")).toBeVisible();
    await expectLengths("Longest streaks", ["5 weeks", "3 weeks", "1 week"]);
  });

  it("counts months in Russian plural forms, and days without a goal", async () => {
    show(withGoal("month"), "ru");
    await expect.element(page.getByText("2 из 3 в этом месяце")).toBeVisible();
    await expectLengths("Самые длинные серии", ["5 месяцев", "3 месяца", "1 месяц"]);
    show(ITEM, "ru");
    await expectLengths("Самые длинные серии", ["5 дней", "3 дня", "1 день"]);
    await expect.element(page.getByText(/на этой неделе|в этом месяце/)).not.toBeInTheDocument();
  });
});
