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
      await expect.poll(() => streak.textContent()).toBe("Nov 20");
    } finally {
      await context.close();
    }
  });
});
