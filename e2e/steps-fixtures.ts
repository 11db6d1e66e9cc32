import type { Page, Request } from "playwright-core";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  LAYOUTS,
  type Layout,
  layoutContext,
  useBrowser,
  useCspRefusals,
} from "./browser.ts";

// The helpers of the steps site's e2e files (steps-create-import, steps-editing, steps-saving,
// steps-keyboard-import).

export interface Steps {
  id: number;
  name: string;
  content: string;
  totalItems: number;
  completedItems: number;
  deadline: string | null;
}

export async function newSteps(token: string, name: string, content?: string): Promise<Steps> {
  const { data } = (await callApi(token, "POST", "/api/steps", { name })) as { data: Steps };
  if (content === undefined) return data;
  return ((await callApi(token, "PUT", `/api/steps/${data.id}`, { id: data.id, content })) as { data: Steps }).data;
}
export const getSteps = async (token: string, id: number) =>
  ((await callApi(token, "GET", `/api/steps/${id}`)) as { data: Steps }).data;

/**
 * Starts the browser for the calling test file (useBrowser), fails each of its tests on anything the browser
 * refused under the Content-Security-Policy on its pages, and gives `signedIn`: a new account's page, narrow
 * and light (LAYOUTS[0]) unless told; `looked` and `fits` see the wide and dark one too.
 */
export function useSteps() {
  const browser = useBrowser();
  /** What the browser refused under the Content-Security-Policy, on any page of the file's tests. */
  const refused = useCspRefusals();
  return async function signedIn(name = "Stepper", layout: Layout = LAYOUTS[0]) {
    const account = await createAccount(name);
    // In UTC, the zone of a profile without one (the account's): a deadline's day is the profile's, so the
    // browser's local days below (localDay) are the profile's on any machine.
    const context = await layoutContext(browser(), layout, { timezoneId: "UTC" });
    const page = await context.newPage();
    cspRefusals(page, refused);
    await addSession(page, account);
    return { account, context, page };
  };
}

/** The steps API calls a page makes, by method. */
export function recordCalls(page: Page) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  page.on("request", (r: Request) => {
    if (!r.url().includes("/api/steps")) return;
    const data = r.postData();
    calls.push({ method: r.method(), url: r.url(), body: data ? JSON.parse(data) : undefined });
  });
  return { of: (method: string) => calls.filter((c) => c.method === method) };
}

export const lines = (page: Page) => page.getByTestId("checklist-line");
export const levels = (page: Page) =>
  lines(page).evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-level"))));
export const texts = (page: Page) =>
  page.locator(".checklist-text").evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
/** The accessible name of what has the keyboard. */
export const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
export const count = (page: Page) => page.getByTestId("progress-count").first().textContent();
export const percent = (page: Page) => page.getByTestId("progress-percent").first().textContent();
export const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first();

/** A local date in the browser, `days` from today, as a date input takes it, and the deadline it stands for. */
export const localDay = (page: Page, days: number) =>
  page.evaluate((d) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    const pad = (n: number) => String(n).padStart(2, "0");
    return {
      input: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
      deadline: new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999).toISOString(),
    };
  }, days);

/** What the save state says (saved, pending, saving, failed), and its words. */
export const saveState = (page: Page) => page.getByTestId("steps-dirty").getAttribute("data-state");
export const saveWords = (page: Page) => page.getByTestId("steps-dirty").textContent();
/** The accessible name, or else the text, of what has the keyboard. */
export const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? null,
  );
