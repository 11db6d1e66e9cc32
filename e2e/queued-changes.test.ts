import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { loseFirstAnswer } from "./lost-answer.ts";
import { workerReady } from "./service-workers.ts";

// An entry's edit and delete go the way a new entry goes (offline-queue): kept in the browser, shown in the
// list as they will be, sent in order when the network is back, each once, against the version they were
// made at; a waiting one can be cancelled, a refused one says why.
const browser = useBrowser();

type ServerEntry = { id: number; text: string; modifiedAt: string };
const serverTexts = async (token: string) =>
  ((await callApi(token, "GET", "/api/journal/entries")) as ServerEntry[]).map((e) => e.text);

async function journalWith(texts: string[], options: { serviceWorkers?: boolean } = {}) {
  const account = await createAccount("Queued changes");
  const made: ServerEntry[] = [];
  for (const text of texts)
    made.push((await callApi(account.token, "POST", "/api/journal/entries", { text })) as ServerEntry);
  const context = await newContext(browser(), {
    width: 1280,
    ...(options.serviceWorkers ? { serviceWorkers: "allow" as const } : {}),
  });
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl("journal", "/"));
  if (options.serviceWorkers) await workerReady(page);
  await expect.poll(() => page.getByTestId("entry").count()).toBe(texts.length);
  return { account, context, page, made };
}

const row = (page: Page, text: string) => page.getByTestId("entry").filter({ hasText: text });
const kept = (page: Page, kind: string) => page.locator(`[data-queue-kind="${kind}"]`);
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

async function edit(page: Page, from: string, to: string) {
  await row(page, from).getByRole("button", { name: "Edit" }).click();
  await expect.poll(() => page.getByLabel("Text").inputValue()).toBe(from);
  await page.getByLabel("Text").fill(to);
  await page.getByRole("button", { name: "Update" }).click();
}

async function confirmDelete(scope: ReturnType<Page["locator"]>, name = "Delete") {
  await scope.getByRole("button", { name }).click();
  await scope.getByRole("button", { name: "Confirm" }).click();
}

describe("an entry's edit and delete with no network", () => {
  it("wait in the list as they will be, survive a reload, and are sent in order, once each, when back", async () => {
    const { account, context, page } = await journalWith(["Alpha", "Beta", "Gamma"], { serviceWorkers: true });
    await context.setOffline(true);

    await edit(page, "Alpha", "Alpha, edited on the train");
    await toast(page, "Kept in this browser: the edit is sent when the network is back");
    // The form is free again for a new entry; the list shows the entry as the edit will make it.
    await page.getByRole("heading", { name: "New Entry:", exact: true }).waitFor();
    const edited = kept(page, "entry-edit");
    await expect.poll(() => edited.locator(".entry-text").textContent()).toBe("Alpha, edited on the train");
    expect(await edited.locator(".entry-queue-label").textContent()).toContain("Edit waiting to send");

    await confirmDelete(row(page, "Beta"));
    await toast(page, "Kept in this browser: deleted when the network is back");
    const deleting = kept(page, "entry-delete");
    await expect.poll(() => deleting.locator(".entry-text").textContent()).toBe("Beta");
    expect(await deleting.locator(".entry-queue-label").textContent()).toContain("Delete waiting to send");

    // A waiting one can be taken back: Gamma's delete, cancelled, leaves Gamma as it was.
    await confirmDelete(row(page, "Gamma"));
    await expect.poll(() => kept(page, "entry-delete").count()).toBe(2);
    await confirmDelete(kept(page, "entry-delete").filter({ hasText: "Gamma" }), "Cancel");
    await expect.poll(() => kept(page, "entry-delete").count()).toBe(1);
    await row(page, "Gamma").waitFor();

    // Nothing reached the server yet; reloaded with no network, the page shows the same (its saved copy and the queue).
    expect(await serverTexts(account.token)).toEqual(["Gamma", "Beta", "Alpha"]);
    await page.reload();
    await expect
      .poll(() => kept(page, "entry-edit").locator(".entry-text").textContent())
      .toBe("Alpha, edited on the train");
    await expect.poll(() => kept(page, "entry-delete").locator(".entry-text").textContent()).toBe("Beta");
    await row(page, "Gamma").waitFor();

    await context.setOffline(false);
    await expect.poll(() => page.locator("[data-queue-kind]").count()).toBe(0);
    await expect
      .poll(() => page.getByTestId("entry").locator(".entry-text").allTextContents())
      .toEqual(["Gamma", "Alpha, edited on the train"]);
    expect(await serverTexts(account.token)).toEqual(["Gamma", "Alpha, edited on the train"]);
    await context.close();
  });

  it("an edit the server refuses (changed elsewhere meanwhile) is kept as not saved, with its reason, until discarded", async () => {
    const { account, context, page, made } = await journalWith(["Morning run"]);
    await context.setOffline(true);
    await edit(page, "Morning run", "Morning run, from the phone");
    await toast(page, "Kept in this browser: the edit is sent when the network is back");
    // The laptop edits it meanwhile.
    const id = made[0]?.id;
    await callApi(account.token, "PUT", "/api/journal/entries", { entryId: id, text: "Morning run, 5 km" });
    await context.setOffline(false);

    const refused = page.getByTestId("entry-refused");
    await refused.waitFor();
    expect(await refused.locator(".entry-queue-label").textContent()).toContain("Edit not saved");
    expect(await refused.locator(".entry-refusal").textContent()).toBe(
      "This was changed elsewhere since you opened it",
    );
    expect(await refused.locator(".entry-text").textContent()).toBe("Morning run, from the phone");
    // The entry as the server has it stays beside it; nothing of the laptop's was overwritten.
    await expect.poll(() => row(page, "Morning run, 5 km").count()).toBe(1);
    expect(await serverTexts(account.token)).toEqual(["Morning run, 5 km"]);
    await confirmDelete(refused, "Discard");
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  // The edit's Idempotency-Key, claimed before its version is checked (PUT /api/journal/entries): without it the
  // retry of a written edit is refused as stale, by the version the edit itself moved on.
  it("an edit whose answer is lost is sent again with its key and saved once, not refused as changed elsewhere", async () => {
    const { account, context, page } = await journalWith(["Tunnel"]);
    const keys = await loseFirstAnswer(page, "**/api/journal/entries", "PUT", 200);
    await edit(page, "Tunnel", "Tunnel, written once");
    await expect.poll(() => page.locator("[data-queue-kind]").count()).toBe(0);
    await expect.poll(() => row(page, "Tunnel, written once").count()).toBe(1);
    expect(await page.getByTestId("entry-refused").count()).toBe(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await serverTexts(account.token)).toEqual(["Tunnel, written once"]);
    await context.close();
  });

  it("an edit shows its answer at once, so editing again straight after is not refused as stale", async () => {
    const { account, context, page } = await journalWith(["Draft"]);
    // The lists' reads after the edit are held (a slow network): what the list shows comes from the edit's answer.
    const held: import("playwright-core").Route[] = [];
    await page.route("**/api/journal/entries?*", (route) =>
      route.request().method() === "GET" ? held.push(route) : route.fallback(),
    );
    await edit(page, "Draft", "Draft two");
    await toast(page, "Entry updated");
    await row(page, "Draft two").waitFor();
    // Straight back into it: the list holds the version the server answered, not the one before.
    await edit(page, "Draft two", "Draft three");
    // Saved (the first edit's toast may still be up: the server is asked), and not refused as stale.
    await expect.poll(() => serverTexts(account.token)).toEqual(["Draft three"]);
    await row(page, "Draft three").waitFor();
    expect(held.length).toBeGreaterThan(0);
    expect(await page.getByText("This was changed elsewhere since you opened it").count()).toBe(0);
    await page.unroute("**/api/journal/entries?*");
    for (const route of held) await route.fallback();
    await context.close();
  });

  it("an edit reopened after another device changed the entry saves over it once the person was told", async () => {
    const { account, context, page, made } = await journalWith(["Mine at first"]);
    await row(page, "Mine at first").getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Text").fill("Mine, after all");
    await callApi(account.token, "PUT", "/api/journal/entries", { entryId: made[0]?.id, text: "Theirs" });
    await page.reload();
    await page.getByTestId("edit-conflict").waitFor();
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    expect(await serverTexts(account.token)).toEqual(["Mine, after all"]);
    await context.close();
  });
});
