import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { loseFirstAnswer } from "./lost-answer.ts";

// A create whose answer is lost on the way back (the server wrote it, the page heard nothing) is sent again by
// the page itself (keyedWrite) with the first's Idempotency-Key, and the server answers with what the first
// made: one press, one row, and the page says it saved.
const browser = useBrowser();

async function signedIn(site: Parameters<typeof siteUrl>[0], path = "/") {
  const account = await createAccount("Lost answers");
  const context = await newContext(browser(), { width: 1280 });
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl(site, path));
  return { account, context, page };
}

/** What a screen says when a call failed: never, when the write was made. */
const failed = (page: Page) => page.getByText(/went wrong|failed|could not/i).first();

/** The two sends (the first, and the page's own try again) carried one key, a real one. */
function oneKey(keys: string[]) {
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{16,}$/);
  expect(keys[1]).toBe(keys[0]);
}

describe("a create whose answer was lost is sent again with its key, makes one row, and says it saved", () => {
  it("a person", async () => {
    const { account, context, page } = await signedIn("people");
    const keys = await loseFirstAnswer(page, /\/api\/people$/, "POST");
    await page.getByRole("button", { name: "Add Person" }).click();
    const add = page.getByRole("dialog", { name: "Add new person" });
    await add.getByLabel("Name").fill("Ada Lovelace");
    await add.getByLabel("E-mail").fill("ada@analytical.org");
    await add.getByLabel("Birth date").fill("1815-12-10");
    await add.getByRole("button", { name: "Add", exact: true }).click();
    // The person's add goes through the offline queue: kept, shown waiting, and sent again by the queue itself
    // (no second press), with the first's key; the server answers with the first's person.
    await add.waitFor({ state: "detached" });
    await page.getByTestId("person").filter({ hasText: "Ada Lovelace" }).waitFor();
    await expect.poll(() => page.getByTestId("person-waiting").count()).toBe(0);
    oneKey(keys);
    const people = (await callApi(account.token, "GET", "/api/people")) as { name: string }[];
    expect(people.map((p) => p.name)).toEqual(["Ada Lovelace"]);
    await expect.poll(() => page.getByText("Ada Lovelace").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("a checklist", async () => {
    const { account, context, page } = await signedIn("steps");
    const keys = await loseFirstAnswer(page, /\/api\/steps$/, "POST");
    await page.getByRole("button", { name: "New Steps" }).click();
    const form = page.getByRole("form", { name: "New checklist" });
    await form.getByLabel("Name").fill("Trip");
    await form.getByRole("button", { name: "Create" }).click();
    await page.getByTestId("steps-card").filter({ hasText: "Trip" }).waitFor();
    oneKey(keys);
    expect(await failed(page).count()).toBe(0);
    const lists = (await callApi(account.token, "GET", "/api/steps")) as { data: { name: string }[] };
    expect(lists.data.map((s) => s.name)).toEqual(["Trip"]);
    await context.close();
  });

  it("a stack, and a stack item", async () => {
    const { account, context, page } = await signedIn("journal");
    await page.getByText("No stacks yet.").waitFor();
    const stackKeys = await loseFirstAnswer(page, /\/api\/journal\/stacks$/, "POST");
    await page.getByRole("button", { name: "New stack" }).click();
    await page.getByLabel("Stack name").fill("Morning habits");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByTestId("stack-link").getByText("Morning habits").click();
    await page.getByText("No items yet").waitFor();
    oneKey(stackKeys);
    const stacks = (await callApi(account.token, "GET", "/api/journal/stacks")) as { id: number; name: string }[];
    expect(stacks.map((s) => s.name)).toEqual(["Morning habits"]);

    const itemKeys = await loseFirstAnswer(page, /\/api\/journal\/stack-items$/, "POST");
    await page.getByRole("button", { name: "+ Add Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Item" });
    await dialog.getByLabel("Title").fill("Coffee days");
    await dialog.getByLabel("Tags", { exact: true }).fill("coffee");
    await dialog.getByLabel("Tags", { exact: true }).press("Enter");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("stack-widget").getByText("Coffee days").waitFor();
    oneKey(itemKeys);
    expect(await failed(page).count()).toBe(0);
    const stack = (await callApi(account.token, "GET", `/api/journal/stacks/${stacks[0]!.id}`)) as {
      items: { title: string }[];
    };
    expect(stack.items.map((i) => i.title)).toEqual(["Coffee days"]);
    await context.close();
  });

  it("a lift", async () => {
    const { account, context, page } = await signedIn("journal");
    await callApi(account.token, "POST", "/api/journal/entries", { text: "Glass of water", tags: ["water"] });
    await page.reload();
    const row = page.getByTestId("entry").first();
    await row.getByText("Glass of water").waitFor();
    const keys = await loseFirstAnswer(page, /\/api\/journal\/entries\/\d+\/lift$/, "POST");
    await row.getByRole("button", { name: /Lift/ }).click();
    await row.getByText("↑2").waitFor();
    oneKey(keys);
    expect(await failed(page).count()).toBe(0);
    // The list answers a run of lifts as one row, counted.
    const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as { totalLifts: number }[];
    expect(entries.map((e) => e.totalLifts)).toEqual([2]);
    // A lift pressed after that one succeeded is a lift of its own, with a key of its own.
    await row.getByRole("button", { name: /Lift/ }).click();
    await row.getByText("↑3").waitFor();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    await context.close();
  });

  it("Today's one-tap mood: one tap, one mood, and 'Mood saved', the faces busy while it is sent again", async () => {
    const { account, context, page } = await signedIn("root");
    const journal = page.locator(".today-journal");
    await journal.getByText("How are you today?").waitFor();
    const entries = /\/api\/journal\/entries$/;
    const keys = await loseFirstAnswer(page, entries, "POST");
    // The try again is held (a route added later runs first) until the faces are seen busy: a second tap
    // cannot start a second write, and nothing says it failed meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let posts = 0;
    await page.route(entries, async (route) => {
      if (route.request().method() === "POST" && ++posts === 2) await held;
      await route.fallback();
    });
    await journal.getByRole("button", { name: "4 slightly happy" }).click();
    await expect.poll(() => posts).toBe(2);
    expect(await journal.locator("button.mood:disabled").count()).toBe(5);
    expect(await failed(page).count()).toBe(0);
    release();
    await page.getByTestId("toast").filter({ hasText: "Mood saved" }).waitFor();
    await journal.getByText("Mood today:").waitFor();
    expect(await journal.locator("button.mood").count()).toBe(0);
    expect(await failed(page).count()).toBe(0);
    oneKey(keys);
    // One entry today, the mood's (GET /api/today counts today's entries in the profile's zone, UTC here).
    const today = (await callApi(account.token, "GET", "/api/today")) as { journal: { entries: number; mood: number } };
    expect(today.journal).toEqual({ entries: 1, mood: 4 });
    await context.close();
  });
});
