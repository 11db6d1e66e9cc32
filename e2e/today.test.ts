import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { addSession, callApi, createAccount, fitsEachLayout, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** The server's today in UTC (the zone these browsers run in), and a day from it. */
const today = () => new Date().toISOString().slice(0, 10);
const dayFrom = (days: number) =>
  new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An account with one of everything Today shows, and no mood yet today. */
async function busyDay() {
  const account = await createAccount("Busy Day");
  const { token } = account;
  // A new account's profile has no zone yet: UTC, the browsers' zone here too, so the page and the API agree on today.
  await callApi(token, "POST", "/api/people", {
    name: "Ada Lovelace",
    email: "ada@example.com",
    birthDate: `1990-${today().slice(5)}`,
    tags: ["@ada"],
  });
  const list = (await callApi(token, "POST", "/api/steps", { name: "File the taxes" })) as { data: { id: number } };
  await callApi(token, "PUT", `/api/steps/${list.data.id}`, {
    id: list.data.id,
    name: "File the taxes",
    content: "- [x] forms\n- [ ] send",
    deadline: `${dayFrom(2)}T12:00:00.000Z`,
  });
  await callApi(token, "POST", "/api/journal/timer", {
    text: "Reading",
    tags: [],
    initAt: new Date(Date.now() - 3_600_000).toISOString(),
  });
  const stack = (await callApi(token, "POST", "/api/journal/stacks", { name: "Habits" })) as { id: number };
  await callApi(token, "POST", "/api/journal/stack-items", {
    stackId: stack.id,
    title: "Morning runs",
    type: "streaks",
    config: { filter: [{ name: "run" }] },
  });
  for (const days of [-2, -1])
    await callApi(token, "POST", "/api/journal/entries", {
      text: "ran",
      tags: ["run"],
      date: `${dayFrom(days)}T07:00:00.000Z`,
    });
  await callApi(token, "POST", "/api/calendar/events", { title: "Gym", date: today(), start: "18:00", end: "19:00" });
  return account;
}

describe("Today on the launcher", () => {
  it("shows one of everything, one tap logs the mood, and fits 360 and 1280 px", async () => {
    const account = await busyDay();
    const context = await newContext(browser(), { width: 1280, timezoneId: "UTC" });
    const page = await context.newPage();
    // The page's clock, to move it past midnight; running from the real now, as the API's is.
    await page.clock.install({ time: Date.now() });
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await addSession(page, account);
    await page.goto(siteUrl("root", "/"));
    const today = page.locator(".today");
    await today.getByRole("heading", { name: /^Today/ }).waitFor();
    await expect.poll(() => today.getByText("Ada Lovelace", { exact: true }).count()).toBe(1);
    const about = today.getByRole("link", { name: "Write about Ada Lovelace" });
    expect(await about.getAttribute("href")).toBe(`${siteUrl("journal", "/")}?prompt=about&person=%40ada`);
    await expect.poll(() => today.getByText("File the taxes").count()).toBe(1);
    await expect.poll(() => today.getByText("due in 2 days · 1 of 2 done").count()).toBe(1);
    await expect.poll(() => today.getByText("Reading").count()).toBe(1);
    await expect.poll(() => today.locator(".today-clock").innerText()).toMatch(/^01:0\d:\d\d$/);
    await expect.poll(() => today.getByRole("link", { name: "Morning runs · 2 days" }).count()).toBe(1);
    await expect.poll(() => today.getByRole("link", { name: "18:00–19:00 Gym" }).count()).toBe(1);
    await expect.poll(() => today.getByText("No entries yet today").count()).toBe(1);

    await today.getByRole("button", { name: "4 slightly happy" }).click();
    await expect.poll(() => today.getByText("Mood today:").count()).toBe(1);
    // The faces gave way to the mood logged, and the focus with them: the next Tab goes on from the card.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest(".today-journal")?.textContent ?? null))
      .toContain("Mood today:");
    await expect.poll(() => today.getByText("1 entry today").count()).toBe(1);
    const saved = (await callApi(account.token, "GET", "/api/today")) as { journal: { entries: number; mood: number } };
    expect(saved.journal).toEqual({ entries: 1, mood: 4 });

    // The launcher in English is audited in the accessibility walk, in each theme (axe once a screen and theme).
    await fitsEachLayout(page);

    // Left open past midnight, it asks for the new day.
    const asked = () => requests.filter((url) => new URL(url).pathname === "/api/today").length;
    const before = asked();
    const midnight = Date.parse(`${dayFrom(1)}T00:00:00Z`);
    await page.clock.fastForward(midnight - (await page.evaluate(() => Date.now())) + 61_000);
    await expect.poll(asked).toBeGreaterThan(before);

    // "Write about" opens the journal's form with their tag.
    await about.click();
    await page.waitForURL((url) => url.hostname.startsWith("journal."));
    await expect.poll(() => page.locator("form").getByText("@ada").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("reads in Russian at 360 and 1280 px, axe clean", async () => {
    const account = await busyDay();
    const context = await newContext(browser(), { width: 360, timezoneId: "UTC" });
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("root", "/"));
    await page
      .locator(".today")
      .getByRole("heading", { name: /^Сегодня/ })
      .waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Написать запись: Ada Lovelace" }).count()).toBe(1);
    await expect.poll(() => page.getByText("Серии, которые прервутся сегодня").count()).toBe(1);
    expect(await auditEachLayout(page, "root: the launcher")).toEqual([]);
    await context.close();
  });
});
