import type { Page, Request } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  fitsEachLayout,
  LAYOUTS,
  type Layout,
  layoutContext,
  overflows,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

interface Steps {
  id: number;
  name: string;
  content: string;
  totalItems: number;
  completedItems: number;
  deadline: string | null;
}

async function newSteps(token: string, name: string, content?: string): Promise<Steps> {
  const { data } = (await callApi(token, "POST", "/api/steps", { name })) as { data: Steps };
  if (content === undefined) return data;
  return ((await callApi(token, "PUT", `/api/steps/${data.id}`, { id: data.id, content })) as { data: Steps }).data;
}
const getSteps = async (token: string, id: number) =>
  ((await callApi(token, "GET", `/api/steps/${id}`)) as { data: Steps }).data;

/** What the browser refused under the Content-Security-Policy, on any page of these tests. */
const refused: string[] = [];
afterEach(() => {
  expect(refused.splice(0)).toEqual([]);
});

/** A new account's page, narrow and light (LAYOUTS[0]); `looked` and `fits` see the wide and dark one too. */
async function signedIn(name = "Stepper", layout: Layout = LAYOUTS[0]) {
  const account = await createAccount(name);
  // In UTC, the zone of a profile without one (the account's): a deadline's day is the profile's, so the
  // browser's local days below (localDay) are the profile's on any machine.
  const context = await layoutContext(browser(), layout, { timezoneId: "UTC" });
  const page = await context.newPage();
  cspRefusals(page, refused);
  await addSession(page, account);
  return { account, context, page };
}

/** The steps API calls a page makes, by method. */
function recordCalls(page: Page) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  page.on("request", (r: Request) => {
    if (!r.url().includes("/api/steps")) return;
    const data = r.postData();
    calls.push({ method: r.method(), url: r.url(), body: data ? JSON.parse(data) : undefined });
  });
  return { of: (method: string) => calls.filter((c) => c.method === method) };
}

const lines = (page: Page) => page.getByTestId("checklist-line");
const levels = (page: Page) => lines(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-level"))));
const texts = (page: Page) =>
  page.locator(".checklist-text").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
/** The accessible name of what has the keyboard. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
const count = (page: Page) => page.getByTestId("progress-count").first().textContent();
const percent = (page: Page) => page.getByTestId("progress-percent").first().textContent();
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first();

/** A local date in the browser, `days` from today, as a date input takes it, and the deadline it stands for. */
const localDay = (page: Page, days: number) =>
  page.evaluate((d) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    const pad = (n: number) => String(n).padStart(2, "0");
    return {
      input: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
      deadline: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString(),
    };
  }, days);

describe("the steps site, narrow and light, then wide and dark", () => {
  it("creates a checklist from the home, refusing a blank name in the form, and opens it", async () => {
    const { context, page } = await signedIn();
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps"));
    await page.getByRole("heading", { name: "Steps", exact: true }).waitFor();
    await page.getByText("No checklists yet. Make one with New Steps.").waitFor();
    await fitsEachLayout(page);

    // 'New Steps' toggles the form.
    const toggle = page.getByRole("button", { name: "New Steps" });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const form = page.getByRole("form", { name: "New checklist" });
    await form.waitFor();
    await toggle.click();
    await form.waitFor({ state: "detached" });
    await toggle.click();

    // A blank name: the error in the form, the field marked, nothing sent.
    const name = form.getByLabel("Name");
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByRole("button", { name: "Create" }).click();
    await form.locator(".error-line").getByText("Name is required").waitFor();
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    await name.fill("   ");
    await name.press("Enter");
    await form.locator(".error-line").getByText("Name is required").waitFor();
    expect(calls.of("POST")).toEqual([]);
    await expect.poll(() => page.getByTestId("steps-card").count()).toBe(0);
    await fitsEachLayout(page);

    await name.fill("Groceries for the whole week and the weekend trip to the lake");
    await form.getByRole("button", { name: "Create" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "Groceries" });
    await card.waitFor();
    expect(calls.of("POST").map((c) => c.body)).toEqual([
      { name: "Groceries for the whole week and the weekend trip to the lake" },
    ]);
    await form.waitFor({ state: "detached" });
    // A new checklist's one empty line is no item.
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("0/0");
    await expect.poll(() => card.getByTestId("progress-percent").textContent()).toBe("0%");
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    const homeFindings = await auditEachLayout(page);

    // The card opens the checklist: a new one has one empty line, and Import Data rather than Save.
    const href = await card.getAttribute("href");
    expect(href).toMatch(/^\/\d+$/);
    await card.click();
    await page.waitForURL(siteUrl("steps", href ?? ""));
    await page.getByRole("heading", { name: /^Groceries/ }).waitFor();
    await page.getByRole("link", { name: "← steps" }).waitFor();
    await expect.poll(() => texts(page)).toEqual([""]);
    await expect.poll(() => count(page)).toBe("0/0");
    await page.getByRole("button", { name: "Import Data" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Save" }).count()).toBe(0);
    // Backspace on the only line keeps it.
    await page.getByLabel("Line 1", { exact: true }).press("Backspace");
    await expect.poll(() => texts(page)).toEqual([""]);
    const viewFindings = await auditEachLayout(page);

    await page.getByRole("link", { name: "← steps" }).click();
    await page.waitForURL(siteUrl("steps", "/"));
    await page.getByTestId("steps-card").first().waitFor();
    await expect.poll(() => page.getByTestId("steps-card").count()).toBe(1);
    expect({ home: homeFindings, view: viewFindings }).toEqual({ home: [], view: [] });
    await context.close();
  });

  it("imports markdown through the dialog, ticks lines live, and keeps them after Save", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Trip");
    const calls = recordCalls(page);

    // While it loads: the loading line with the id.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/steps/${steps.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByText(`Loading checklist ${steps.id}...`).waitFor();
    release();
    await page.getByRole("heading", { name: "Trip" }).waitFor();
    await page.unroute(`**/api/steps/${steps.id}`);

    // The dialog: its title and placeholder; Esc and a click outside close it.
    const importButton = page.getByRole("button", { name: "Import Data" });
    const dialog = page.getByRole("dialog", { name: "Paste your content" });
    await importButton.click();
    await dialog.waitFor();
    const area = dialog.getByRole("textbox");
    await expect.poll(() => area.getAttribute("placeholder")).toBe("- [ ] Paste some markdown");
    await expect.poll(() => area.evaluate((el) => el === document.activeElement)).toBe(true);
    const dialogFindings = await auditEachLayout(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await importButton.click();
    await dialog.waitFor();
    await page.mouse.click(4, 4);
    await dialog.waitFor({ state: "detached" });

    // Import needs text; then the pasted lines are saved and read back, nested.
    await importButton.click();
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.getByText("Paste some markdown task lines first.").waitFor();
    expect(calls.of("PUT")).toEqual([]);
    await area.fill("- [ ] Passport\n  - [x] Visa\n  * [ ] Photos");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    await toast(page, "Lines imported").waitFor();
    expect(calls.of("PUT").map((c) => c.body)).toEqual([
      {
        id: steps.id,
        content: "- [ ] Passport\n  - [x] Visa\n  - [ ] Photos",
        totalItems: 3,
        completedItems: 1,
      },
    ]);
    await page.getByRole("button", { name: "Save" }).waitFor();
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos"]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 1]);
    await expect.poll(() => count(page)).toBe("1/3");
    await expect.poll(() => percent(page)).toBe("33.3%");

    // Ticking counts at once, before any save.
    await page.getByRole("checkbox", { name: "Done: Passport" }).check();
    await expect.poll(() => count(page)).toBe("2/3");
    await expect.poll(() => percent(page)).toBe("66.7%");
    await page.getByTestId("steps-dirty").getByText("Unsaved changes").waitFor();
    await page.getByRole("checkbox", { name: "Done: Visa" }).uncheck();
    await expect.poll(() => count(page)).toBe("1/3");
    await page.getByRole("checkbox", { name: "Done: Visa" }).check();
    await expect.poll(() => percent(page)).toBe("66.7%");
    await fitsEachLayout(page);

    const reread = page.waitForResponse(
      (r) => r.url().endsWith(`/api/steps/${steps.id}`) && r.request().method() === "GET",
    );
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await reread;
    expect(calls.of("PUT").at(-1)?.body).toEqual({
      id: steps.id,
      content: "- [x] Passport\n  - [x] Visa\n  - [ ] Photos",
      totalItems: 3,
      completedItems: 2,
    });
    await page.getByTestId("steps-dirty").getByText("Unsaved changes").waitFor({ state: "detached" });

    await page.reload();
    await page.getByRole("heading", { name: "Trip" }).waitFor();
    await expect.poll(() => count(page)).toBe("2/3");
    await expect.poll(() => percent(page)).toBe("66.7%");
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Passport" }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Photos" }).isChecked()).toBe(false);

    // The home's card says the same.
    await page.getByRole("link", { name: "← steps" }).click();
    const card = page.getByTestId("steps-card").filter({ hasText: "Trip" });
    await expect.poll(() => card.getByTestId("progress-count").textContent()).toBe("2/3");
    await expect.poll(() => card.getByTestId("progress-percent").textContent()).toBe("66.7%");

    expect(dialogFindings).toEqual([]);
    await context.close();
  });

  it("edits lines from the keyboard: Enter, Tab, Shift-Tab, Backspace on an empty line, arrows", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Keys", "- [ ] Passport\n  - [x] Visa\n  - [ ] Photos");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Keys" }).waitFor();

    // Enter at the end of a line: a new empty line below, at its level, with the caret.
    const photos = page.getByLabel("Line 3, level 2");
    await photos.click();
    await photos.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", ""]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 1]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 2");
    await page.keyboard.type("Money");

    // Shift-Tab lifts, Tab nests — at most one level below the line above.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 0]);
    await expect.poll(() => focused(page)).toBe("Line 4");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 1, 2]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 3");

    // Arrows move between lines.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("Line 3, level 2");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("Line 2, level 2");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focused(page)).toBe("Line 3, level 2");

    // Lifting a parent carries its child along.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 3");

    // The first line cannot nest: Tab there leaves it be and moves on, as Tab does.
    await page.getByLabel("Line 1", { exact: true }).click();
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).not.toBe("Line 1");

    // Backspace on an empty line removes it; the caret goes to the end of the line above.
    const money = page.getByLabel("Line 4, level 2");
    await money.click();
    await money.press("End");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money", ""]);
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money"]);
    await expect.poll(() => focused(page)).toBe("Line 4, level 2");
    await page.keyboard.type("!");

    // Ctrl+Enter ticks the line the caret is on.
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => page.getByRole("checkbox", { name: "Done: Money!" }).isChecked()).toBe(true);
    await expect.poll(() => count(page)).toBe("2/4");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => count(page)).toBe("1/4");

    // Enter in the middle of a line splits it.
    const passport = page.getByLabel("Line 1", { exact: true });
    await passport.click();
    await passport.press("Home");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(() => texts(page)).toEqual(["Pass", "port", "Visa", "Photos", "Money!"]);
    await expect.poll(() => focused(page)).toBe("Line 2");
    // Backspace at the start of a line with text joins it to the line above, its child staying under it.
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa", "Photos", "Money!"]);
    await expect.poll(() => levels(page)).toEqual([0, 1, 0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 1");
    await fitsEachLayout(page);

    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Checklist saved").waitFor();
    await expect
      .poll(async () => (await getSteps(account.token, steps.id)).content)
      .toBe("- [ ] Passport\n  - [x] Visa\n- [ ] Photos\n  - [ ] Money!");
    await context.close();
  });

  it("sets a deadline in edit mode (time left, Overdue), and deletes from there", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Taxes", "- [ ] Forms\n- [x] Receipts");
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Taxes" }).waitFor();
    await expect.poll(() => page.getByTestId("time-left").count()).toBe(0);

    const edit = page.getByRole("button", { name: "Edit name and deadline" });
    await edit.click();
    const form = page.getByRole("form", { name: "Edit name and deadline" });
    const name = form.getByLabel("Name");
    const date = form.getByLabel("Deadline");
    await expect.poll(() => name.inputValue()).toBe("Taxes");
    await expect.poll(() => date.inputValue()).toBe("");
    await expect.poll(() => date.getAttribute("type")).toBe("date");
    const editFindings = await auditEachLayout(page);

    // A blank name stays in the form.
    await name.fill(" ");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("Name is required").waitFor();
    expect(calls.of("PUT")).toEqual([]);

    // Three days on: the end of that local day is sent, and the time left is counted to it.
    const inThree = await localDay(page, 3);
    await name.fill("Taxes 2026");
    await date.fill(inThree.input);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Taxes 2026" }).waitFor();
    expect(calls.of("PUT").map((c) => c.body)).toEqual([
      { id: steps.id, name: "Taxes 2026", deadline: inThree.deadline },
    ]);
    await expect.poll(() => page.getByTestId("time-left").textContent()).toBe("3 days left");
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    await fitsEachLayout(page);

    // Shown back as the same date; yesterday is overdue.
    await edit.click();
    await expect.poll(() => date.inputValue()).toBe(inThree.input);
    const yesterday = await localDay(page, -1);
    await date.fill(yesterday.input);
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("time-left").getByText("Overdue", { exact: true }).waitFor();
    // All done: no time left is shown.
    await page.getByRole("checkbox", { name: "Done: Forms" }).check();
    await page.getByTestId("time-left").waitFor({ state: "detached" });
    await page.getByRole("checkbox", { name: "Done: Forms" }).uncheck();
    await page.getByTestId("time-left").waitFor();

    // Cancel leaves things as they were; a cleared date is not sent, which clears the deadline.
    await edit.click();
    await name.fill("Not this");
    await form.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Taxes 2026" }).waitFor();
    await edit.click();
    await date.fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    expect(calls.of("PUT").at(-1)?.body).toEqual({ id: steps.id, name: "Taxes 2026" });
    await expect.poll(() => page.getByTestId("time-left").count()).toBe(0);
    await expect.poll(async () => (await getSteps(account.token, steps.id)).deadline).toBeNull();

    // The home shows an overdue one as such.
    await callApi(account.token, "PUT", `/api/steps/${steps.id}`, {
      id: steps.id,
      name: "Taxes 2026",
      deadline: yesterday.deadline,
    });
    await page.goto(siteUrl("steps"));
    const card = page.getByTestId("steps-card").filter({ hasText: "Taxes 2026" });
    await card.getByTestId("time-left").getByText("Overdue", { exact: true }).waitFor();
    await fitsEachLayout(page);

    // Delete asks once more, then goes home without it.
    await card.click();
    await edit.click();
    await form.getByRole("button", { name: "Delete" }).click();
    await form.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(siteUrl("steps", "/"));
    await toast(page, "Checklist deleted").waitFor();
    await page.getByText("No checklists yet. Make one with New Steps.").waitFor();
    expect(calls.of("DELETE")).toHaveLength(1);
    expect(editFindings).toEqual([]);
    await context.close();
  });

  it("says in words that a foreign or unknown checklist is not found", async () => {
    const owner = await createAccount("Owner");
    const theirs = await newSteps(owner.token, "Private plans");
    const { context, page } = await signedIn("Stranger");
    for (const path of [`/${theirs.id}`, "/999999999999", "/not-a-number"]) {
      await page.goto(siteUrl("steps", path));
      const missing = page.getByTestId("steps-missing");
      await missing.getByRole("heading", { name: "Checklist not found" }).waitFor();
      await missing.getByText("There is no checklist at this address among yours.", { exact: false }).waitFor();
      await missing.getByRole("link", { name: "← steps" }).waitFor();
      await expect.poll(() => page.getByText("Private plans").count()).toBe(0);
      await fitsEachLayout(page);
    }
    await context.close();
  });
});

/** What the save state says (saved, pending, saving, failed), and its words. */
const saveState = (page: Page) => page.getByTestId("steps-dirty").getAttribute("data-state");
const saveWords = (page: Page) => page.getByTestId("steps-dirty").textContent();
/** The accessible name, or else the text, of what has the keyboard. */
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? null,
  );

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

  it("never traps the keyboard: Esc leaves; Ctrl+Z undoes; Backspace joins; lines wrap; nest and lift buttons", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Keys", "- [ ] one\n- [ ] two");
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Keys" }).waitFor();
    await page.getByText("Esc leaves the editor.", { exact: false }).waitFor();

    // Tab nests; Esc goes on to the control after the editor.
    await page.getByLabel("Line 2", { exact: true }).click();
    await page.keyboard.press("Tab");
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await page.keyboard.press("Escape");
    await expect.poll(() => focusedName(page)).toBe("Save");
    await expect.poll(() => levels(page)).toEqual([0, 1]);

    // Ctrl+Z undoes the nesting, Ctrl+Shift+Z does it again; typing is one step.
    await page.getByLabel("Line 2, level 2").click();
    await page.keyboard.press("Control+z");
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await page.getByLabel("Line 2", { exact: true }).press("End");
    await page.keyboard.type(" and three");
    await expect.poll(() => texts(page)).toEqual(["one", "two and three"]);
    await page.keyboard.press("Control+z");
    await expect.poll(() => texts(page)).toEqual(["one", "two"]);

    // Backspace at the start of a line joins it to the one above; Ctrl+Z splits them again.
    await page.getByLabel("Line 2", { exact: true }).press("Home");
    await page.keyboard.press("Backspace");
    await expect.poll(() => texts(page)).toEqual(["onetwo"]);
    await expect.poll(() => focused(page)).toBe("Line 1");
    await page.keyboard.press("Control+z");
    await expect.poll(() => texts(page)).toEqual(["one", "two"]);

    // The buttons nest and lift the line last focused, and leave the caret there.
    await page.getByLabel("Line 2", { exact: true }).click();
    await page.getByRole("button", { name: "Nest line" }).click();
    await expect.poll(() => levels(page)).toEqual([0, 1]);
    await expect.poll(() => focused(page)).toBe("Line 2, level 2");
    await page.getByRole("button", { name: "Lift line" }).click();
    await expect.poll(() => levels(page)).toEqual([0, 0]);
    await expect.poll(() => page.getByRole("button", { name: "Lift line" }).isDisabled()).toBe(true);

    // A long line wraps to rows of its own: none of it is cut off, nothing scrolls sideways.
    const long = "pack the tent, the stove, two pots, the gas, matches and a lighter, and the water filter";
    await page.getByLabel("Line 1", { exact: true }).fill(long);
    const box = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
      }));
    await expect.poll(async () => (await box("Line 1")).clipped).toBe(false);
    await expect.poll(async () => (await box("Line 1")).height > 2 * (await box("Line 2")).height).toBe(true);
    await expect.poll(() => overflows(page)).toBe(0);
    await expect.poll(async () => (await getSteps(account.token, steps.id)).content).toBe(`- [ ] ${long}\n- [ ] two`);
    await context.close();
  });

  it("imports list items only, says what it leaves out, and measures the limit before Import", async () => {
    const { account, context, page } = await signedIn();
    const steps = await newSteps(account.token, "Paste");
    const calls = recordCalls(page);
    await page.goto(siteUrl("steps", `/${steps.id}`));
    await page.getByRole("heading", { name: "Paste" }).waitFor();
    const dialog = page.getByRole("dialog", { name: "Paste your content" });
    await page.getByRole("button", { name: "Import Data" }).click();
    const area = dialog.getByRole("textbox");

    // 1,900 plain lines, 47,499 characters: 58,899 as task lines, over the limit, said before anything is sent.
    const plain = Array.from({ length: 1900 }, (_, i) => `${String(i).padStart(4, "0")} ${"y".repeat(19)}`).join("\n");
    // Pasted at once, as a paste does: Playwright's fill inserts it as typed text, 6.5 s for these 47,499
    // characters on an idle machine and past its 30 s on a busy one.
    await area.evaluate((el, value) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
      setter?.call(el, value);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, plain);
    await expect
      .poll(() => dialog.getByTestId("import-preview").textContent())
      .toBe("1,900 tasks to import · 58,899 of 50,000 characters as task lines");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog
      .getByText("Too long: the checklist would be 58,899 characters as task lines, at most 50,000.")
      .waitFor();
    expect(calls.of("PUT")).toEqual([]);

    // Headings and prose are left out.
    await area.fill("# Trip\n\nWe leave on Monday.\n\n- [ ] Passport\n  - [x] Visa");
    await expect
      .poll(() => dialog.getByTestId("import-preview").textContent())
      .toBe("2 tasks to import · 2 heading or prose lines left out · 27 of 50,000 characters as task lines");
    await dialog.getByRole("button", { name: "Import" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => texts(page)).toEqual(["Passport", "Visa"]);
    await expect.poll(() => count(page)).toBe("1/2");
    expect(calls.of("PUT").map((c) => (c.body as { content: string }).content)).toEqual([
      "- [ ] Passport\n  - [x] Visa",
    ]);
    await expect.poll(() => overflows(page)).toBe(0);
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
