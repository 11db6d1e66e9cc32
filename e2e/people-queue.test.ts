import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { loseFirstAnswer } from "./lost-answer.ts";
import { workerReady } from "./service-workers.ts";

// A person's add, edit and delete go through the offline queue, as the journal's entries do: kept in the
// browser, shown on their cards as they will be, sent in order when the network is back, once each, an edit
// against the version it was opened at; a waiting one can be cancelled, a refused one says why.
const browser = useBrowser();

type Person = { id: number; name: string; email: string; modifiedAt: string; tags: { name: string }[] };
const serverPeople = async (token: string) => (await callApi(token, "GET", "/api/people")) as Person[];
const names = async (token: string) => (await serverPeople(token)).map((p) => p.name).sort();

async function peopleWith(...people: string[]) {
  const account = await createAccount("People queue");
  const made: Person[] = [];
  for (const name of people)
    made.push(
      (await callApi(account.token, "POST", "/api/people", {
        name,
        email: `${name.toLowerCase()}@example.com`,
        birthDate: "1990-05-17",
        tags: [],
      })) as Person,
    );
  // The site's service worker keeps its files (the form is a chunk of its own), as it does for a person offline.
  const context = await newContext(browser(), { width: 1280, serviceWorkers: "allow" });
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl("people", "/"));
  await workerReady(page);
  await expect.poll(() => page.getByTestId("person").count()).toBe(people.length);
  return { account, context, page, made };
}

const card = (page: Page, name: string) =>
  page.getByTestId("person").filter({ has: page.getByRole("heading", { name, exact: true }) });
const kept = (page: Page, kind: string) => page.locator(`[data-queue-kind="${kind}"]`);
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

async function fill(dialog: Locator, fields: { name?: string; email?: string; birthDate?: string }) {
  if (fields.name !== undefined) await dialog.getByLabel("Name", { exact: true }).fill(fields.name);
  if (fields.email !== undefined) await dialog.getByLabel("E-mail", { exact: true }).fill(fields.email);
  if (fields.birthDate !== undefined) await dialog.getByLabel("Birth date", { exact: true }).fill(fields.birthDate);
}

async function openEdit(page: Page, name: string) {
  await card(page, name).getByRole("button", { name }).click();
  await card(page, name).getByRole("button", { name: "Edit" }).click();
  return page.getByRole("dialog", { name: `Edit ${name}` });
}

describe("a person's add, edit and delete with no network", () => {
  it("wait on their cards as they will be and are sent in order, once each, when back", async () => {
    const { account, context, page } = await peopleWith("Ada", "Bob", "Cy");
    await context.setOffline(true);

    await page.getByRole("button", { name: "Add Person" }).click();
    const add = page.getByRole("dialog", { name: "Add new person" });
    await fill(add, { name: "Dee", email: "dee@example.com", birthDate: "2001-02-03" });
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Kept in this browser: sent when the network is back");
    await add.waitFor({ state: "detached" });
    const added = kept(page, "person");
    await expect.poll(() => added.locator("h2").textContent()).toBe("Dee");
    expect(await added.textContent()).toContain("Waiting to send");

    const edit = await openEdit(page, "Ada");
    await fill(edit, { name: "Ada L." });
    await edit.getByRole("button", { name: "Update" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => kept(page, "person-edit").locator("h2").textContent()).toBe("Ada L.");
    expect(await kept(page, "person-edit").textContent()).toContain("Edit waiting to send");

    await card(page, "Bob").getByRole("button", { name: "Bob" }).click();
    await card(page, "Bob").getByRole("button", { name: "Delete" }).click();
    await card(page, "Bob").getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Kept in this browser: deleted when the network is back");
    await expect.poll(() => kept(page, "person-delete").locator("h2").textContent()).toBe("Bob");

    // Cy's delete, cancelled while it waits: Cy stays.
    await card(page, "Cy").getByRole("button", { name: "Cy" }).click();
    await card(page, "Cy").getByRole("button", { name: "Delete" }).click();
    await card(page, "Cy").getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => kept(page, "person-delete").count()).toBe(2);
    const cancel = kept(page, "person-delete").filter({ hasText: "Cy" });
    await cancel.getByRole("button", { name: "Cancel" }).click();
    await cancel.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => kept(page, "person-delete").count()).toBe(1);
    await card(page, "Cy").waitFor();

    expect(await names(account.token)).toEqual(["Ada", "Bob", "Cy"]);
    await context.setOffline(false);
    await expect.poll(() => page.locator("[data-queue-kind]").count()).toBe(0);
    await expect.poll(() => page.locator("[data-testid=person] h2").allTextContents()).toEqual(["Ada L.", "Cy", "Dee"]);
    expect(await names(account.token)).toEqual(["Ada L.", "Cy", "Dee"]);
    await context.close();
  });

  it("an edit refused as changed elsewhere meanwhile is kept as not saved, with its reason, until discarded", async () => {
    const { account, context, page, made } = await peopleWith("Ada");
    await context.setOffline(true);
    const edit = await openEdit(page, "Ada");
    await fill(edit, { email: "ada@phone.example" });
    await edit.getByRole("button", { name: "Update" }).click();
    await edit.waitFor({ state: "detached" });
    // The laptop changes her meanwhile.
    const ada = made[0] as Person;
    await callApi(account.token, "PUT", `/api/people/${ada.id}`, {
      id: ada.id,
      name: "Ada",
      email: "ada@laptop.example",
      birthDate: "1990-05-17",
    });
    await context.setOffline(false);
    const refused = page.getByTestId("person-refused");
    await refused.waitFor();
    expect(await refused.locator(".person-refusal").textContent()).toBe(
      "This was changed elsewhere since you opened it",
    );
    expect(await refused.textContent()).toContain("ada@phone.example");
    await expect.poll(() => card(page, "Ada").locator(".person-email").textContent()).toBe("ada@laptop.example");
    expect((await serverPeople(account.token))[0]?.email).toBe("ada@laptop.example");
    await refused.getByRole("button", { name: "Discard" }).click();
    await refused.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  // The edit's Idempotency-Key, claimed before its version is checked (PUT /api/people/{id}).
  it("an edit whose answer is lost is sent again with its key and saved once", async () => {
    const { account, context, page } = await peopleWith("Ada");
    const keys = await loseFirstAnswer(page, /\/api\/people\/\d+$/, "PUT", 200);
    const edit = await openEdit(page, "Ada");
    await fill(edit, { name: "Ada Lovelace" });
    await edit.getByRole("button", { name: "Update" }).click();
    await card(page, "Ada Lovelace").waitFor();
    await expect.poll(() => page.locator("[data-queue-kind]").count()).toBe(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await page.getByTestId("person-refused").count()).toBe(0);
    expect(await names(account.token)).toEqual(["Ada Lovelace"]);
    await context.close();
  });
});
