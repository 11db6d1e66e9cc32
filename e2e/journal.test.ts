import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

async function journal(options: { width?: number } = {}) {
  const account = await createAccount("Journal Keeper");
  const context = await newContext(browser(), options);
  const page = await context.newPage();
  await addSession(page, account);
  return { context, page, account };
}

const entries = (page: Page) => page.getByTestId("entry");
/** The levels of the headings a reader meets, in order, a run of one level counted once. */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")]
      // In the page's tree: shown, or only visually hidden (a display: none panel's are out).
      .filter((h) => h.checkVisibility() && !h.closest("[aria-hidden='true']"))
      .map((h) => Number(h.tagName.slice(1)))
      .filter((level, i, all) => i === 0 || level !== all[i - 1]),
  );
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

/** The form fills in an effect after its heading changes: wait for the value itself. */
async function textIs(page: Page, value: string) {
  await page.waitForFunction(
    (v) => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === v,
    value,
  );
}

async function addTag(page: Page, tag: string) {
  await page.getByLabel("Tags").fill(tag);
  await page.getByLabel("Tags").press("Enter");
}

describe("the journal home", () => {
  it("adds, edits, duplicates, lifts and deletes an entry", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/"));
    await page.getByRole("heading", { name: "New Entry:" }).waitFor();
    await page.getByText("No entries found.").waitFor();

    await page.getByLabel("Text").fill("Morning run by the river");
    await addTag(page, "Run");
    await addTag(page, "outside");
    await page.getByLabel("Metric label").fill("duration");
    await page.getByLabel("Metric value").fill("1h 30m 5s");
    await page.getByRole("button", { name: "Add metric" }).click();
    await page.getByRole("radio", { name: /very happy/ }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    // A click closes a toast at once.
    await page.getByTestId("toast").filter({ hasText: "Entry added" }).click();
    await expect.poll(() => page.getByTestId("toast").filter({ hasText: "Entry added" }).count()).toBe(0);

    const first = entries(page).first();
    // The ↑ on every row is explained above the list.
    await page.getByText("↑N: how many times it happened. Press it when it does again.").waitFor();
    await first.getByText("Morning run by the river").waitFor();
    await first.getByText("1h 30m 5s").waitFor();
    await first.getByText("just recently").waitFor();
    await expect.poll(() => first.getByText("run", { exact: true }).count()).toBe(1);
    await expect.poll(() => first.getByText("outside", { exact: true }).count()).toBe(1);
    await textIs(page, "");

    // Edit
    await first.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("heading", { name: /^Edit entry #\d+$/ }).waitFor();
    await textIs(page, "Morning run by the river");
    await page.getByLabel("Text").fill("Evening run by the river");
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    await entries(page).first().getByText("Evening run by the river").waitFor();
    await page.getByRole("heading", { name: "New Entry:" }).waitFor();

    // Duplicate copies text, tags and date into the form as a new entry.
    await entries(page).first().getByRole("button", { name: "Duplicate" }).click();
    await page.getByRole("heading", { name: "New Entry:" }).waitFor();
    await textIs(page, "Evening run by the river");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="entry"]').length === 2);

    // Lift: the newest entry again, now; the list shows one row with ↑2.
    await entries(page).first().getByRole("button", { name: /Lift/ }).click();
    await entries(page).first().getByText("↑2").waitFor();
    await expect.poll(() => entries(page).count()).toBe(2);

    // Delete needs two clicks: Delete, then Confirm; unconfirmed, it reverts after 2.25 s.
    const before = await entries(page).count();
    const row = entries(page).last();
    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("button", { name: "Confirm" }).waitFor();
    await row.getByRole("button", { name: "Delete" }).waitFor({ timeout: 3000 });
    await expect.poll(() => entries(page).count()).toBe(before);
    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Entry deleted");
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="entry"]').length === n - 1, before);
    await context.close();
  });

  it("does nothing for an empty entry", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#new-entry"));
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/journal/entries")) posts++;
    });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Then a real entry: its POST is the first one seen (requests are seen in order), so the empty Add sent nothing.
    await page.getByLabel("Text").fill("Not empty");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    expect(posts).toBe(1);
    await context.close();
  });

  it("pre-adds the 'up' tag for the downtime prompt and after a 'down' entry", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/?prompt=downtime#new-entry"));
    await page.getByTestId("form-tags").getByText("up", { exact: true }).waitFor();

    // The prompt's draft is kept like anything typed and not saved: it is there on the next visit.
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByTestId("form-tags").getByText("up", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Remove tag up" }).click();
    // A 'down' entry with no later 'up' prefills the next form with 'up'.
    await addTag(page, "down");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.reload();
    await page.getByTestId("form-tags").getByText("up", { exact: true }).waitFor();

    await page.goto(siteUrl("journal", "/?prompt=tarot&text=The%20Star#new-entry"));
    await page.getByTestId("form-tags").getByText("tarot", { exact: true }).waitFor();
    await textIs(page, "The Star");
    await context.close();
  });

  it("puts 'up' only into a form untouched since the page opened: a late answer leaves the next entry untagged", async () => {
    const { context, page, account } = await journal();
    await callApi(account.token, "POST", "/api/journal/entries", { text: "Asleep", tags: ["down"] });
    // A slow network: the page's question for the latest down or up entry, and the new entry's send, held back.
    const isMarker = (r: Request) =>
      r.url().endsWith("/api/journal/entries-by-config") && /"name":"down"/.test(r.postData() ?? "");
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    const [marker, send] = [gate(), gate()];
    await page.route("**/api/journal/entries-by-config", async (route) => {
      if (isMarker(route.request())) await marker.opened;
      await route.continue();
    });
    await page.route("**/api/journal/entries", async (route) => {
      if (route.request().method() === "POST") await send.opened;
      await route.continue();
    });
    const posts: { tags?: string[] }[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/journal/entries")) posts.push(r.postDataJSON());
    });
    await page.goto(siteUrl("journal", "/#new-entry"));
    // The reader writes her 'up' herself; the form empties at once, the entry waiting to be sent.
    await page.getByLabel("Text").fill("Woke up");
    await addTag(page, "up");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("");
    // Then the answer to the question asked as the page opened: the latest marker is the 'down'.
    const answered = page.waitForResponse((r) => isMarker(r.request()));
    marker.open();
    await answered;
    // Past the answer's render and its effects (a frame, then a task), the form is as she left it: empty.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await page.getByTestId("form-tags").getByText("up", { exact: true }).count()).toBe(0);
    send.open();
    await page.getByLabel("Text").fill("Coffee");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => posts.length).toBe(2);
    expect(posts.map((p) => p.tags ?? [])).toEqual([["up"], []]);
    await context.close();
  });

  for (const { width, panels } of [
    { width: 360, panels: 1 },
    { width: 1280, panels: 3 },
  ]) {
    it(`shows ${panels} panel(s) at ${width} px, the tab kept in the hash, headings in order`, async () => {
      const { context, page, account } = await journal({ width });
      await callApi(account.token, "POST", "/api/journal/entries", { text: "a day's heading" });
      await page.goto(siteUrl("journal", "/"));
      await page.getByRole("heading", { name: "New Entry:" }).waitFor();
      const visible = async () =>
        page.evaluate(() =>
          [...document.querySelectorAll("[data-panel]")]
            .filter((p) => (p as HTMLElement).offsetParent !== null)
            .map((p) => p.getAttribute("data-panel")),
        );
      if (panels === 3) {
        // The form and the stacks in a column (the form first in the Tab order), the list beside them, wider.
        await expect.poll(() => visible()).toEqual(["new-entry", "stacks", "entries"]);
        const width = (panel: string) =>
          page.locator(`[data-panel="${panel}"]`).evaluate((el) => el.getBoundingClientRect().width);
        expect(await width("entries")).toBeGreaterThan(1.4 * (await width("new-entry")));
      } else {
        await expect.poll(() => visible()).toEqual(["new-entry"]);
        await page.getByRole("tab", { name: "Entries" }).click();
        await page.waitForURL(/#entries$/);
        await expect.poll(() => visible()).toEqual(["entries"]);
        // The days' h3 under an h2 with the form's panel hidden (axe's heading-order: h1, then h3, was the fault).
        await entries(page).first().waitFor();
        await expect.poll(() => headingLevels(page)).toEqual([1, 2, 3]);
        await page.getByRole("tab", { name: "Entries" }).press("ArrowRight");
        await page.waitForURL(/#new-entry$/);
        await page.keyboard.press("ArrowRight");
        await page.waitForURL(/#stacks$/);
        await expect.poll(() => visible()).toEqual(["stacks"]);
        await page.getByRole("link", { name: /timer/i }).waitFor();
      }
      if (panels === 3) {
        await entries(page).first().waitFor();
        const levels = await headingLevels(page);
        expect(levels.every((level, i) => i === 0 || level <= (levels[i - 1] ?? 0) + 1)).toBe(true);
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });
  }
});
