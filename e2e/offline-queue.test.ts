import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { loseFirstAnswer } from "./lost-answer.ts";
import { workerReady } from "./service-workers.ts";

// Writes that survive a bad network: the journal's new entries and the runner's "Send to the journal"
// wait in the browser (offline-queue) and are sent once the network is back, in order, each exactly once.
const browser = useBrowser();

type ServerEntry = { id: number; text: string; date: string; tags: { name: string }[] };
const serverEntries = async (token: string) => (await callApi(token, "GET", "/api/journal/entries")) as ServerEntry[];

async function signedIn(width = 1280) {
  const account = await createAccount("Offline");
  const context = await newContext(browser(), { width });
  const page = await context.newPage();
  await addSession(page, account);
  return { account, context, page };
}

const waiting = (page: Page) => page.getByTestId("entry-waiting");
const entries = (page: Page) => page.getByTestId("entry");
const saveState = (page: Page) => page.getByTestId("save-status").getAttribute("data-state");

async function write(page: Page, text: string) {
  await page.getByLabel("Text").fill(text);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  // The form clears as soon as the entry is kept in the browser.
  await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("");
}

/** A session of `account` of the test's own, through the API (a logout in the browser ends its first one). */
async function tokenOf(account: { email: string; password: string }) {
  const res = await localFetch(siteUrl("auth", "/api/auth/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: siteUrl("auth", "").replace(/\/$/, "") },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return res.json<{ token: string }>().token;
}

/** On the auth site: Logout, then the login page's form as `next`. */
async function switchAccount(page: Page, next: { email: string; password: string }) {
  await page.goto(siteUrl("auth", "/profile"));
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByLabel("EMAIL").fill(next.email);
  await page.getByLabel("PASSWORD").fill(next.password);
  await page.getByRole("button", { name: "Go" }).click();
  await page.waitForURL(siteUrl("auth", "/profile"));
}

describe("the offline queue", () => {
  it("keeps two entries written offline, shows them waiting, and sends each once, in order, when back online", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();

    await context.setOffline(true);
    await write(page, "First, written on the underground");
    await expect.poll(() => saveState(page)).toBe("waiting");
    await page.getByText("Waiting to send: kept in this browser").waitFor();
    await write(page, "Second, still no signal");
    await expect.poll(() => waiting(page).count()).toBe(2);
    // Marked in words, newest first like the list; nothing reached the server.
    await expect.poll(() => waiting(page).getByText("Waiting to send").count()).toBe(2);
    expect(await waiting(page).locator(".entry-text").allTextContents()).toEqual([
      "Second, still no signal",
      "First, written on the underground",
    ]);
    expect(await entries(page).count()).toBe(0);
    expect(await serverEntries(account.token)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => waiting(page).count()).toBe(0);
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(await entries(page).locator(".entry-text").allTextContents()).toEqual([
      "Second, still no signal",
      "First, written on the underground",
    ]);
    await expect.poll(() => saveState(page)).toBe("sent");
    await page.getByText("Saved.").waitFor();

    // Exactly two on the server, the first written the older.
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["Second, still no signal", "First, written on the underground"]);
    expect(Date.parse(sent[1]!.date)).toBeLessThan(Date.parse(sent[0]!.date));
    expect(sent[1]!.id).toBeLessThan(sent[0]!.id);

    // After a reload: the same two, nothing waiting, nothing sent again.
    await page.reload();
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(await waiting(page).count()).toBe(0);
    expect((await serverEntries(account.token)).map((e) => e.id)).toEqual(sent.map((e) => e.id));
    await context.close();
  });

  it("sends a waiting entry only as the person who wrote it: another account signed in on the browser neither sees nor sends it", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    await context.setOffline(true);
    await write(page, "Mine, written offline");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await page.close();

    // Another person signs in on the same browser, and the network is back.
    const other = await createAccount("Other");
    const next = await context.newPage();
    await addSession(next, other);
    await context.setOffline(false);
    await next.goto(siteUrl("journal", "/#new-entry"));
    await next.getByText("No entries found.").waitFor();
    // Their own entry goes, and the first person's stays kept, unseen and unsent.
    await write(next, "The other's own");
    await expect.poll(() => entries(next).count()).toBe(1);
    expect(await waiting(next).count()).toBe(0);
    expect((await serverEntries(other.token)).map((e) => e.text)).toEqual(["The other's own"]);
    expect(await serverEntries(account.token)).toEqual([]);

    // The first person back: their entry is sent, once, as theirs.
    await addSession(next, account);
    await next.reload();
    await expect.poll(() => entries(next).count()).toBe(1);
    expect((await serverEntries(account.token)).map((e) => e.text)).toEqual(["Mine, written offline"]);
    expect((await serverEntries(other.token)).map((e) => e.text)).toEqual(["The other's own"]);
    await context.close();
  });

  it("a shared browser: what Alice left waiting and half typed is neither shown nor sent as Bob's, and reaches her journal when she is back", async () => {
    const alice = await createAccount("Alice");
    const bob = await createAccount("Bob");
    // The checks' own sessions: the browser's first ones end at its Logouts.
    const look = { alice: await tokenOf(alice), bob: await tokenOf(bob) };
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    let page = await context.newPage();
    await addSession(page, alice);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    await workerReady(page);

    // Alice, offline: one entry kept waiting, a second one half typed.
    await context.setOffline(true);
    await write(page, "Alice private");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await page.getByLabel("Text").fill("Alice, half typed");
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).join())).toContain("Alice, half typed");
    // The journal closed before the network is back (else its queue would send her entry, as hers, at once).
    await page.close();

    // Back online, she signs out on the auth site; Bob signs in there.
    page = await context.newPage();
    await context.setOffline(false);
    await switchAccount(page, bob);

    // Bob opens the journal with no network: his own, empty journal, nothing of Alice's.
    await context.setOffline(true);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByTestId("offline-banner").waitFor();
    await page.getByLabel("Text").waitFor();
    expect(await page.getByLabel("Text").inputValue()).toBe("");
    expect(await waiting(page).count()).toBe(0);
    expect(await page.getByText("Alice private").count()).toBe(0);
    // What Bob writes offline waits as his.
    await write(page, "Bob, offline");
    await expect.poll(() => waiting(page).count()).toBe(1);

    // The network back: Bob's entry goes to Bob; Alice's stays kept, unsent.
    await context.setOffline(false);
    await expect.poll(() => entries(page).count()).toBe(1);
    expect(await waiting(page).count()).toBe(0);
    expect((await serverEntries(look.bob)).map((e) => e.text)).toEqual(["Bob, offline"]);
    expect(await serverEntries(look.alice)).toEqual([]);

    // Alice signs in again: her waiting entry reaches her journal, once, and her half-typed text is back.
    await switchAccount(page, alice);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await expect.poll(() => entries(page).allTextContents()).toEqual([expect.stringContaining("Alice private")]);
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("Alice, half typed");
    expect((await serverEntries(look.alice)).map((e) => e.text)).toEqual(["Alice private"]);
    expect((await serverEntries(look.bob)).map((e) => e.text)).toEqual(["Bob, offline"]);
    await context.close();
  });

  it("keeps an entry the server refuses as not saved, with its reason, until discarded", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    // Written offline, then refused once sent: a date the API takes no entry at (after year 3000).
    await context.setOffline(true);
    await page.getByLabel("Text").fill("Dated too far ahead");
    await page.getByLabel("Custom date").check();
    await page.getByLabel("Entry date").fill("3001-01-01T10:00");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // Its first try over (a refusal then would bring it back to the form), it waits in the list.
    await expect.poll(() => saveState(page)).toBe("waiting");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await context.setOffline(false);
    const refused = page.getByTestId("entry-refused");
    await refused.waitFor();
    await refused.getByText("Not saved").waitFor();
    await expect.poll(() => refused.locator(".entry-refusal").textContent()).toMatch(/date/i);
    await refused.getByText("Dated too far ahead").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);
    // Kept over a reload, until discarded.
    await page.reload();
    await refused.waitFor();
    await refused.getByRole("button", { name: "Discard" }).click();
    await refused.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await context.close();
  });

  it("sends the runner's run to the journal once the network is back, and marks it sent across a reload", async () => {
    const { account, context, page } = await signedIn();
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    const at = (latitude: number) => context.setGeolocation({ latitude, longitude: 37.62, accuracy: 5 });
    await at(55.75);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByText("No saved runs yet.").waitFor();

    // With no network from here: record, pause, resume, stop, save, list.
    await context.setOffline(true);
    const live = page.getByRole("region", { name: "Current run" });
    await live.getByRole("button", { name: "Start" }).click();
    await page.locator('.runner-live[data-points="1"]').waitFor();
    await at(55.7505);
    await page.locator('.runner-live[data-points="2"]').waitFor();
    await live.getByRole("button", { name: "Pause" }).click();
    await live.getByRole("button", { name: "Resume" }).click();
    await at(55.751);
    await page.locator('.runner-live[data-points="3"]').waitFor();
    await live.getByRole("button", { name: "Stop" }).click();
    await live.getByRole("button", { name: "Save" }).click();
    const card = page.getByTestId("run-card");
    await expect.poll(() => card.count()).toBe(1);

    await card.getByRole("button", { name: "Send to the journal" }).click();
    await card.getByTestId("run-waiting").waitFor();
    await card.getByText("Waiting to send").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);

    await context.setOffline(false);
    await card.getByTestId("run-sent").waitFor();
    await expect.poll(() => card.getByTestId("run-waiting").count()).toBe(0);
    const sent = await serverEntries(account.token);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.tags.map((t) => t.name)).toEqual(["run"]);
    expect(sent[0]!.text).toMatch(/^Run: /);

    await page.reload();
    await card.getByTestId("run-sent").waitFor();
    expect(await card.getByRole("button", { name: "Send to the journal" }).count()).toBe(0);
    expect(await serverEntries(account.token)).toHaveLength(1);
    await context.close();
  });

  it("saves the timer with no network (one registered before, one started offline), each sent once when back", async () => {
    const { account, context, page } = await signedIn();
    const state = page.getByTestId("timer-state");
    const waitingSaves = page.getByTestId("timer-waiting");
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    await page.goto(siteUrl("journal", "/tools/timer"));
    await state.getByText("Ready").waitFor();

    // Started and stopped online (the server has it), saved offline: the save waits in the browser.
    await button("Start").click();
    await expect.poll(async () => (await callApi(account.token, "GET", "/api/journal/timer")) !== null).toBe(true);
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();
    await context.setOffline(true);
    await page.getByRole("textbox", { name: "Message" }).fill("Timed in a tunnel");
    await button("Save").click();
    await state.getByText("Ready").waitFor();
    await waitingSaves.getByText("Waiting to send: 1 save").waitFor();
    expect(await serverEntries(account.token)).toEqual([]);

    // Started, stopped and saved with no network at all: kept as the entry its save would write.
    await button("Start").click();
    await state.getByText("Running").waitFor();
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();
    await button("Save").click();
    await state.getByText("Ready").waitFor();
    await waitingSaves.getByText("Waiting to send: 2 saves").waitFor();

    await context.setOffline(false);
    await expect.poll(() => waitingSaves.count()).toBe(0);
    await expect.poll(async () => (await serverEntries(account.token)).length).toBe(2);
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["", "Timed in a tunnel"]);
    expect(await callApi(account.token, "GET", "/api/journal/timer")).toBeNull();
    await state.getByText("Ready").waitFor();
    await page.reload();
    await state.getByText("Ready").waitFor();
    expect(await serverEntries(account.token)).toHaveLength(2);
    await context.close();
  });

  // The server's Idempotency-Key (platform/idempotency.ts) is what makes this one entry: without it the retry writes a second.
  it("writes one entry when the answer to the first request is lost on the way and the queue sends it again", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    // The server writes it; the answer never reaches the page.
    const keys = await loseFirstAnswer(page, "**/api/journal/entries", "POST", 201);
    await write(page, "Sent into a tunnel");
    // Kept as waiting after the lost answer, then sent again with the same key: the server answers the first's.
    await expect.poll(() => saveState(page)).toBe("sent");
    await expect.poll(() => entries(page).count()).toBe(1);
    expect(await waiting(page).count()).toBe(0);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    const sent = await serverEntries(account.token);
    expect(sent.map((e) => e.text)).toEqual(["Sent into a tunnel"]);
    await context.close();
  });
});
