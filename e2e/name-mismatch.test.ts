import { describe, expect, it } from "vitest";
import { auditRules } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();
/** Two rules the journal and the calendar broke: a button or link named other than what it shows, a page with no h1. */
const RULES = ["label-content-name-mismatch", "page-has-heading-one"];

describe("names that hold what is shown, and one h1", () => {
  it("the journal's lifted rows and the calendar's birthdays, narrow and wide", async () => {
    const account = await createAccount("Axe Reader");
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", { text: "tea" })) as { id: number };
    await callApi(account.token, "POST", `/api/journal/entries/${entry.id}/lift`);
    await callApi(account.token, "POST", "/api/people", {
      name: "Ada Lovelace",
      email: "ada@example.org",
      birthDate: "1995-03-14",
      tags: [],
    });
    for (const width of [360, 1280]) {
      const context = await newContext(browser(), { width });
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("journal", "/#entries"));
      await page.getByTestId("entry").getByText("↑2").waitFor();
      expect(await auditRules(page, RULES), `journal ${width}`).toEqual([]);
      await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=3"));
      await page.locator(".birthday-compact").first().waitFor({ state: "attached" });
      expect(await auditRules(page, RULES), `calendar ${width}`).toEqual([]);
      await context.close();
    }
  });
});
