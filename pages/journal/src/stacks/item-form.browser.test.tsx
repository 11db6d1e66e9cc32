import type { Messages } from "@lingui/core";
import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import { adoptAccount, cookieJar } from "@nook/ui/account";
import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as serverRu } from "../../../../packages/ui/locales/server/messages.ru.po";
import { messages as en } from "../../locales/en.po";
import { messages as ru } from "../../locales/ru.po";
import { messages as stackEn } from "../../locales/stack/en.po";
import { messages as stackRu } from "../../locales/stack/ru.po";
import { ItemForm } from "./item-form.tsx";
import type { StackItem } from "./stacks-api.ts";
import "@nook/ui/styles.css";
import "../journal.css";

// The stack item form (in the stack page's modal): a streaks item's habit goal and a sum's metric, as the body
// sent to the API, in English and Russian, and a goal out of bounds refused in the API's words (the server
// catalog's Russian). The API is stubbed at fetch: the user's metrics, and the item's create and update.
const CATALOGS: Record<"en" | "ru", Messages> = {
  en: { ...en, ...stackEn },
  ru: { ...ru, ...stackRu, ...serverRu },
};
let sent: { method: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  cookieJar.read = () => `${ACCOUNT_COOKIE}=1`;
  adoptAccount();
  invalidate("auth/check");
  invalidate("journal");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.endsWith("/api/auth/checkAuth"))
        return Response.json({ tokenData: { id: 1, name: "Ann" }, userData: { timeZone: "Europe/Berlin" } });
      if (path === "/api/journal/metrics") return Response.json([{ id: 5, name: "km" }]);
      if (path === "/api/journal/tags-sorted") return Response.json([]);
      if (path.startsWith("/api/journal/stack-items")) {
        sent.push({ method: request.method, body: await request.json() });
        return Response.json({ id: 9 }, { status: 201 });
      }
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(async () => {
  unmountPage();
  await page.viewport(1280, 800);
  vi.unstubAllGlobals();
  cookieJar.read = () => "";
  adoptAccount();
});

function showForm(locale: "en" | "ru", item: StackItem | null = null) {
  const done = vi.fn();
  renderInPage(
    <AuthProvider>
      <ToastProvider>
        <ItemForm stackId={7} item={item} onDone={done} />
      </ToastProvider>
    </AuthProvider>,
    locale,
    CATALOGS[locale],
  );
  return done;
}

const field = (label: string) => page.getByLabelText(label, { exact: false });
/** How much wider than its viewport the page is, in px: 0 when nothing makes it scroll sideways. */
const overflows = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;
/** axe's serious and critical WCAG 2 A and AA findings on the page as it stands (as e2e/axe.ts audits). */
async function axeFindings(): Promise<string[]> {
  const { violations } = await axe.run(document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
    resultTypes: ["violations"],
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
const tags = () => page.getByRole("combobox", { name: "Tags" });

describe("the stack item form", () => {
  it("sends a streak's goal of times a week, and a sum's metric with no goal", async () => {
    const done = showForm("en");
    await field("Title").fill("Runs");
    await tags().fill("run");
    // A streaks item by default: the goal is offered, none at first (the daily streak).
    await expect.element(page.getByLabelText("How often")).toHaveValue("");
    await expect.element(page.getByLabelText("Days with an entry")).not.toBeInTheDocument();
    await page.getByLabelText("How often").selectOptions("times a week");
    await page.getByLabelText("Days with an entry").fill("3");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await vi.waitUntil(() => done.mock.calls.length === 1);
    expect(sent).toEqual([
      {
        method: "POST",
        body: {
          stackId: 7,
          position: 0,
          title: "Runs",
          type: "streaks",
          tagsSign: "&&",
          uptimeOnly: false,
          config: {
            filter: [{ name: "run", not: false }],
            timeRange: null,
            metricId: null,
            date: null,
            goal: { times: 3, per: "week" },
          },
        },
      },
    ]);

    // A sum of kilometres: the metric is offered, the goal is not.
    showForm("en");
    await field("Title").fill("Distance");
    await tags().fill("run");
    await field("Type").selectOptions("sum");
    await expect.element(page.getByLabelText("How often")).not.toBeInTheDocument();
    await field("Metric").selectOptions("km");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await vi.waitUntil(() => sent.length === 2);
    expect(sent[1]?.body).toMatchObject({
      type: "sum",
      config: { filter: [{ name: "run", not: false }], metricId: 5, goal: null },
    });
  });

  it("shows a saved monthly goal in Russian, and refuses 8 times a week in the API's words, sending nothing", async () => {
    const item: StackItem = {
      id: 3,
      stackId: 7,
      title: "Чай",
      type: "streaks",
      uptimeOnly: false,
      tagsSign: "&&",
      position: 0,
      config: {
        filter: [{ id: 1, name: "tea", not: false }],
        timeRange: null,
        metricId: null,
        date: null,
        goal: { times: 2, per: "month" },
      },
    };
    const done = showForm("ru", item);
    await expect.element(page.getByLabelText("Как часто")).toHaveValue("month");
    await expect.element(page.getByLabelText("Дней с записью")).toHaveValue(2);
    await page.getByLabelText("Как часто").selectOptions("раз в неделю");
    // The times and the period on one row, both usable, on a phone and on a wide screen.
    for (const width of [360, 1920]) {
      await page.viewport(width, 800);
      await expect.poll(overflows, { message: `${width} px` }).toBe(0);
      const times = page.getByLabelText("Дней с записью").element().getBoundingClientRect();
      const per = page.getByLabelText("Как часто").element().getBoundingClientRect();
      expect(times.width, `${width} px`).toBeGreaterThanOrEqual(60);
      expect(per.width, `${width} px`).toBeGreaterThanOrEqual(150);
      expect(Math.abs(times.top - per.top), `${width} px`).toBeLessThan(8);
    }
    // axe clean in both themes, the goal's fields shown.
    for (const theme of ["dark", "light"]) {
      document.documentElement.dataset.theme = theme;
      expect(await axeFindings(), theme).toEqual([]);
    }
    delete document.documentElement.dataset.theme;
    await page.getByLabelText("Дней с записью").fill("8");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect.element(page.getByRole("alert")).toHaveTextContent("Цель на неделю — не больше 7 раз");
    expect(sent).toEqual([]);
    // Cleared back to the daily streak, it saves with no goal.
    await page.getByLabelText("Как часто").selectOptions("каждый день подряд");
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await vi.waitUntil(() => done.mock.calls.length === 1);
    expect(sent).toEqual([
      { method: "PUT", body: expect.objectContaining({ config: expect.objectContaining({ goal: null }) }) },
    ]);
  });
});
