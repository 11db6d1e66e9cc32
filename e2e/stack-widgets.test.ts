import { STACK_ITEM_TYPES } from "@nook/shared/stacks/limits";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("stack widgets with a single matching entry", () => {
  it("say that a time between needs two entries, and show a one-day streak as one date", async () => {
    const account = await createAccount("Solo");
    await callApi(account.token, "POST", "/api/journal/entries", {
      text: "tea",
      tags: ["tea"],
      date: "2026-11-20T10:00:00Z",
    });
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Few", icon: "☕" })) as {
      id: number;
    };
    const item = (title: string, type: string) =>
      callApi(account.token, "POST", "/api/journal/stack-items", {
        stackId: stack.id,
        title,
        type,
        config: { filter: [{ name: "tea" }] },
      });
    await item("Mean gap", "avg");
    await item("Longest gaps", "top time between");
    await item("Tea days", "streaks");

    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date("2026-11-26T12:00:00Z"));
    await addSession(page, account);
    try {
      await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
      const widget = (title: string) => page.getByTestId("stack-widget").filter({ hasText: title });
      const twoNeeded = "Two matching entries are needed to measure the time between them";
      await widget("Mean gap").getByText(twoNeeded).waitFor();
      await widget("Longest gaps").getByText(twoNeeded).waitFor();
      const streak = widget("Tea days").locator(".bar-row .muted");
      await expect.poll(() => streak.textContent()).toBe("Nov 20, 2026");
    } finally {
      await context.close();
    }
  });
});

describe("one date order on a stack page", () => {
  it("writes every widget's dates the one way of the reader's locale, never a second beside it", async () => {
    const account = await createAccount("Dates");
    for (const date of ["2026-11-20T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-25T08:00:00Z"])
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: "tea",
        tags: ["tea"],
        metrics: [{ name: "cups", value: 2 }],
        date,
      });
    const metrics = (await callApi(account.token, "GET", "/api/journal/metrics")) as { id: number; name: string }[];
    const cups = metrics.find((m) => m.name === "cups")?.id;
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "All", icon: "☕" })) as {
      id: number;
    };
    for (const type of STACK_ITEM_TYPES)
      await callApi(account.token, "POST", "/api/journal/stack-items", {
        stackId: stack.id,
        title: `w ${type}`,
        type,
        config: {
          filter: [{ name: "tea" }],
          ...(["sum", "avg", "max", "min"].includes(type) ? { metricId: cups } : {}),
        },
      });

    const context = await newContext(browser(), { width: 1280, timezoneId: "UTC" });
    const page = await context.newPage();
    // Friday 27 November 2026, 11:45.
    await page.clock.setFixedTime(new Date("2026-11-27T11:45:00Z"));
    await addSession(page, account);
    try {
      await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
      const widget = (type: string) => page.getByTestId("stack-widget").filter({ hasText: `w ${type}` });
      await widget("streaks").locator(".bar-row").first().waitFor();
      await widget("time since").getByText("Nov 25, 2026, 8:00 AM").waitFor();
      // The time since as the time it has been: 2 days, 3 hours and 45 minutes.
      await widget("time since").getByText("2d 3h 45m").waitFor();
      await widget("velocity")
        .getByText(/since Nov 20, 2026, 10:00 AM/)
        .waitFor();
      await expect
        .poll(() => widget("streaks").locator(".bar-row .muted").first().textContent())
        .toMatch(/Nov 2\d, 2026/);
      await widget("list").getByText("2 days ago").waitFor();
      const text = await page.locator("main").innerText();
      const titles = await page.locator("main [title]").evaluateAll((els) => els.map((el) => el.getAttribute("title")));
      const all = [text, ...titles].join("\n");
      // No day written with numbers in another order (15/03/2026, 3/14/26), nor a month's day without its year.
      expect(all).not.toMatch(/\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b/);
      expect(all).not.toMatch(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b(?!, \d{4})/);
      expect(all).not.toMatch(
        /\b(?:January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
      );
    } finally {
      await context.close();
    }
  });
});
