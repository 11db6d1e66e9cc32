import type { Page } from "playwright-core";
import { expect } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// The helpers of the offline queue's e2e files (offline-queue-journal, offline-queue-accounts,
// offline-queue-tools). Writes that
// survive a bad network: the journal's new entries and the runner's "Send to the journal" wait in the browser
// (offline-queue) and are sent once the network is back, in order, each exactly once.

export type ServerEntry = { id: number; text: string; date: string; tags: { name: string }[] };
export const serverEntries = async (token: string) =>
  (await callApi(token, "GET", "/api/journal/entries")) as ServerEntry[];

/**
 * Starts the browser for the calling test file (useBrowser), and gives `signedIn`: a new account's page in
 * it, wide unless told.
 */
export function useOfflineQueue() {
  const browser = useBrowser();
  async function signedIn(width = 1280) {
    const account = await createAccount("Offline");
    const context = await newContext(browser(), { width });
    const page = await context.newPage();
    await addSession(page, account);
    return { account, context, page };
  }
  return { browser, signedIn };
}

export const waiting = (page: Page) => page.getByTestId("entry-waiting");
export const entries = (page: Page) => page.getByTestId("entry");
export const saveState = (page: Page) => page.getByTestId("save-status").getAttribute("data-state");

export async function write(page: Page, text: string) {
  await page.getByLabel("Text").fill(text);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  // The form clears as soon as the entry is kept in the browser.
  await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("");
}

/** A session of `account` of the test's own, through the API (a logout in the browser ends its first one). */
export async function tokenOf(account: { email: string; password: string }) {
  const res = await localFetch(siteUrl("auth", "/api/auth/login"), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: siteUrl("auth", "").replace(/\/$/, "") },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return res.json<{ token: string }>().token;
}

/**
 * On the auth site: Logout, then the login page's form as `next`. With `waiting`, the sign-out first says
 * that many of the account's writes wait unsent in this browser, and they are kept.
 */
export async function switchAccount(page: Page, next: { email: string; password: string }, waiting?: string) {
  await page.goto(siteUrl("auth", "/profile"));
  await page.getByRole("button", { name: "Logout" }).click();
  if (waiting !== undefined) {
    await expect.poll(() => page.getByTestId("waiting-writes").textContent()).toContain(waiting);
    await page.getByRole("button", { name: "Sign out, keep them" }).click();
  }
  await page.getByLabel("EMAIL").fill(next.email);
  await page.getByLabel("PASSWORD").fill(next.password);
  await page.getByRole("button", { name: "Go" }).click();
  await page.waitForURL(siteUrl("auth", "/profile"));
}
