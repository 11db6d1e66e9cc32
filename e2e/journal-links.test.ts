import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

// Other sites link into the journal: a person's card to the entries with their tags, a calendar day to that day's.
describe("links into the journal's entries", () => {
  it("opens on the entries with any of a person's tags, and on the entries of one day", async () => {
    const account = await createAccount("Link Follower");
    const entry = (text: string, tags: string[], date: string) =>
      callApi(account.token, "POST", "/api/journal/entries", { text, tags, date });
    await entry("tea with Ada", ["@ada"], "2026-03-04T12:00:00.000Z");
    await entry("maths with Ada and Bob", ["@math", "@bob"], "2026-03-05T12:00:00.000Z");
    await entry("a walk alone", ["walk"], "2026-03-06T12:00:00.000Z");
    const context = await newContext(browser(), { width: 390 });
    const page = await context.newPage();
    await addSession(page, account);

    await page.goto(siteUrl("journal", `/?tags=${encodeURIComponent("@ada,@math")}`));
    await page.getByText("Entries tagged @ada, @math").waitFor();
    await page.getByTestId("entry").first().waitFor();
    await expect.poll(() => page.getByTestId("entry").count()).toBe(2);
    const shown = async () => (await page.getByTestId("entry").allInnerTexts()).join(" ");
    await expect.poll(shown).not.toContain("a walk alone");

    await page.goto(siteUrl("journal", "/?day=2026-03-05"));
    await page.getByText("Entries of March 5, 2026").waitFor();
    await page.getByTestId("entry").first().waitFor();
    await expect.poll(shown).toContain("maths with Ada and Bob");
    // That day's only: the day before is not in it, nor the day after.
    await expect.poll(() => page.getByTestId("entry").count()).toBe(1);
    await expect.poll(shown).not.toContain("tea with Ada");
    await expect.poll(shown).not.toContain("a walk alone");

    await page.getByRole("link", { name: "Show all entries" }).click();
    await page.getByRole("tab", { name: "Entries" }).click();
    await page.getByText("a walk alone").waitFor();
    await expect.poll(() => page.getByTestId("entry").count()).toBe(3);
    await context.close();
  });
});
