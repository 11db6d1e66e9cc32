import { describe, expect, it } from "vitest";
import { callApi, LAYOUTS, siteUrl } from "./browser.ts";
import {
  count,
  getSteps,
  localDay,
  newSteps,
  percent,
  saveState,
  saveWords,
  texts,
  toast,
  useSteps,
} from "./steps-fixtures.ts";

const signedIn = useSteps();

describe("checklists at 360 px", () => {
  it("counts only lines with text: a new list is 0/0, all ticked with a trailing empty line is done and not overdue", async () => {
    const { account, context, page } = await signedIn();
    const yesterday = await localDay(page, -1);
    const steps = await newSteps(account.token, "All done", "- [x] Forms\n- [x] Receipts\n- [ ]");
    await callApi(account.token, "PUT", `/api/steps/${steps.id}`, {
      id: steps.id,
      name: "All done",
      deadline: yesterday.deadline,
    });
    const fresh = await newSteps(account.token, "Fresh");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "All done" }).waitFor();
    await expect.poll(() => count(page)).toBe("2/2");
    await expect.poll(() => percent(page)).toBe("100%");
    await expect.poll(() => page.getByTestId("time-left").count()).toBe(0);

    await page.getByRole("link", { name: "← steps" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "All done" });
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("2/2");
    await expect.poll(() => card.getByTestId("progress-percent").textContent()).toBe("100%");
    await expect.poll(() => card.getByText("Overdue").count()).toBe(0);
    const freshCard = page.getByTestId("steps-card").filter({ hasText: "Fresh" });
    await expect.poll(() => freshCard.getByTestId("progress-count").textContent()).toBe("0/0");

    await page.goto(siteUrl("steps", `/${fresh.id}`));
    await expect.poll(() => count(page)).toBe("0/0");
    await context.close();
  });

  it("saves a checklist of one item, by itself and with Save, and keeps it through a reload", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Shop");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Shop" }).waitFor();
    await page.getByLabel("Line 1", { exact: true }).fill("Milk");
    // One item is a list: it can be saved, and Import Data stays on offer.
    await page.getByRole("button", { name: "Save" }).waitFor();
    await page.getByRole("button", { name: "Import Data" }).waitFor();
    await expect.poll(() => count(page)).toBe("0/1");
    await expect.poll(() => saveState(page)).toBe("saved");
    await expect.poll(() => saveWords(page)).toBe("All changes saved");
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe("- [ ] Milk");

    await page.reload();
    await expect.poll(() => texts(page)).toEqual(["Milk"]);
    await page.getByRole("checkbox", { name: "Done: Milk" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe("- [x] Milk");
    await expect.poll(async () => (await getSteps(account.token, steps.id)).completedItems).toBe(1);
    await page.reload();
    await expect.poll(() => count(page)).toBe("1/1");
    await context.close();
  });

  it("saves a tick by itself: leaving with ← steps or reloading right away keeps it", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Ticks", "- [ ] Bread\n- [ ] Salt");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Ticks" }).waitFor();
    await page.getByRole("checkbox", { name: "Done: Bread" }).check();
    await page.getByRole("link", { name: "← steps" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "Ticks" });
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("1/2");
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe("- [x] Bread\n- [ ] Salt");

    await card.click();
    await page.getByRole("checkbox", { name: "Done: Salt" }).check();
    await page.reload();
    await page.getByRole("heading", { name: "Ticks" }).waitFor();
    await expect.poll(() => count(page)).toBe("2/2");
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe("- [x] Bread\n- [x] Salt");
    await expect.poll(() => saveState(page)).toBe("saved");
    await context.close();
  });

  it("says a save failed, keeps the lines as a draft through a reload, and saves them once it can", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Offline", "- [ ] Tent");
    const failing = `**/api/steps/${steps.id}`;
    await page.route(failing, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: "Down for a moment", message: "Down for a moment" }),
          })
        : route.continue(),
    );
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Offline" }).waitFor();
    const tent = page.getByLabel("Line 1", { exact: true });
    await tent.click();
    await tent.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Stove");
    await expect.poll(() => saveState(page)).toBe("failed");
    await expect.poll(() => saveWords(page)).toBe("Not saved: Down for a moment");
    expect((await getSteps(account.token, steps.id)).content).toBe("- [ ] Tent");
    await page.unroute(failing);
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await expect.poll(() => saveState(page)).toBe("saved");
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe("- [ ] Tent\n- [ ] Stove");

    // A line the server refuses (over the limit) stays in this browser through a reload, still said to be unsaved.
    const huge = "x".repeat(50_001);
    await page.getByLabel("Line 2", { exact: true }).fill(huge);
    await expect.poll(() => saveState(page)).toBe("failed");
    await expect.poll(() => saveWords(page)).toBe("Not saved: A checklist is at most 50,000 characters");
    await page.reload();
    await page.getByRole("heading", { name: "Offline" }).waitFor();
    await expect.poll(async () => (await texts(page))[1]?.length).toBe(50_001);
    await expect.poll(() => saveState(page)).toBe("failed");
    expect((await getSteps(account.token, steps.id)).content).toBe("- [ ] Tent\n- [ ] Stove");

    // Made short again, it saves itself; saved, the draft is gone and a reload shows the server's lines.
    await page.getByLabel("Line 2", { exact: true }).fill("Stove and pot");
    await expect.poll(() => saveState(page)).toBe("saved");
    await expect
      .poll(async () => (await getSteps(account.token, steps.id)).content)
      .toBe("- [ ] Tent\n- [ ] Stove and pot");
    await page.reload();
    await expect.poll(() => texts(page)).toEqual(["Tent", "Stove and pot"]);
    await expect.poll(() => saveState(page)).toBe("saved");
    await context.close();
  });
});

describe("the steps site in Russian", () => {
  it("counts the days left with Russian plurals", async () => {
    const { account, context, page } = await signedIn("Stepper", LAYOUTS[1]);
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const steps = await newSteps(account.token, "Отпуск");
    for (const [days, words] of [
      [1, "Остался 1 день"],
      [3, "Осталось 3 дня"],
      [5, "Осталось 5 дней"],
    ] as const) {
      const { deadline } = await localDay(page, days);
      await callApi(account.token, "PUT", `/api/steps/${steps.id}`, { id: steps.id, name: "Отпуск", deadline });
      await page.goto(siteUrl("steps", `/${steps.id}`));
      await expect.poll(() => page.getByTestId("time-left").textContent()).toBe(words);
    }
    await page.getByRole("link", { name: "← шаги" }).waitFor();
    await page.getByRole("button", { name: "Импорт данных" }).waitFor();
    await expect.poll(() => percent(page)).toBe("0\u00a0%");
    await expect.poll(() => saveWords(page)).toBe("Все изменения сохранены");
    await page.getByRole("button", { name: "Вложить строку" }).waitFor();
    await page.getByText("Esc выводит из редактора.", { exact: false }).waitFor();
    await context.close();
  });
});
