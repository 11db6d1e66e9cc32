import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

// The entries' search (entries/search-bar.tsx): `/` focuses the box, the words are marked in what is found,
// tags and !tags narrow it, and the address keeps the search across a reload.
describe("searching the journal", () => {
  it("finds words in both scripts from the box, marks them, and keeps the search on reload", async () => {
    const account = await createAccount("Searcher");
    const entry = (text: string, tags: string[], date: string) =>
      callApi(account.token, "POST", "/api/journal/entries", { text, tags, date });
    await entry("Went to the dentist, then running", ["health"], "2026-03-04T12:00:00.000Z");
    await entry("Бегал утром вдоль реки", ["run"], "2026-03-05T12:00:00.000Z");
    await entry("Running late, no dentist today", ["work"], "2026-03-06T12:00:00.000Z");
    await entry("A quiet day", [], "2026-03-07T12:00:00.000Z");
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/#entries"));
    await page.getByText("A quiet day").waitFor();

    // `/` from anywhere on the page (not typing) puts the cursor in the box (there once its chunk came).
    const box = page.getByRole("searchbox", { name: "Search entries" });
    await box.waitFor();
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("/");
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type("бег");
    await expect
      .poll(() => page.getByTestId("entry").allInnerTexts())
      .toEqual([expect.stringContaining("Бегал утром вдоль реки")]);
    await expect.poll(() => page.getByTestId("entry").locator("mark").allInnerTexts()).toEqual(["Бег"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("бег");

    await box.fill("dentist !work");
    await expect
      .poll(() => page.getByTestId("entry").allInnerTexts())
      .toEqual([expect.stringContaining("Went to the dentist, then running")]);
    await expect.poll(() => page.getByTestId("entry").locator("mark").allInnerTexts()).toEqual(["dentist"]);

    // A reload opens on the same search, its results marked again.
    await page.reload();
    await expect.poll(() => box.inputValue()).toBe("dentist !work");
    await expect
      .poll(() => page.getByTestId("entry").allInnerTexts())
      .toEqual([expect.stringContaining("Went to the dentist, then running")]);
    await expect.poll(() => page.getByTestId("entry").locator("mark").count()).toBe(1);

    await box.fill("nothing-like-this");
    await page.getByText("No entries match this search.").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => page.getByTestId("entry").count()).toBe(4);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await context.close();
  });
});
