import type { BrowserContext, Page, Request } from "playwright-core";
import { addSession, createAccount, newContext, useBrowser } from "./browser.ts";

// The helpers of the journal form's e2e files (journal-form-*.test.ts): what a new user trips over in the
// journal, each checked in real Chromium.

export type Locale = "en" | "ru";

/**
 * Starts the browser for the calling test file (useBrowser), and gives `journal`: a new account's journal
 * page in it, at a width or in a language if told.
 */
export function useJournal() {
  const browser = useBrowser();
  return async function journal(options: { width?: number; locale?: Locale } = {}) {
    const account = await createAccount("Keeper");
    const context = await newContext(browser(), options);
    if (options.locale) await setLocale(context, options.locale);
    const page = await context.newPage();
    await addSession(page, account);
    return { context, page, account };
  };
}
export async function setLocale(context: BrowserContext, locale: Locale) {
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
}

/**
 * Holds the page's request for the server's words in `locale` (they load once the page is idle) until the
 * returned `release` is called: a refusal shown before they arrive must still be in words.
 */
export async function holdServerMessages(page: Page, locale: Locale): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/messages\\.${locale}-[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export const entries = (page: Page) => page.getByTestId("entry");
export const toast = (page: Page, text: string) =>
  page.getByTestId("toast").filter({ hasText: text }).first().waitFor();
/** Every POST/PUT to /api/journal/entries, with its JSON body. */
export function entryWrites(page: Page) {
  const bodies: { method: string; body: Record<string, unknown> }[] = [];
  page.on("request", (r: Request) => {
    if (/\/api\/journal\/entries$/.test(r.url()) && (r.method() === "POST" || r.method() === "PUT"))
      bodies.push({ method: r.method(), body: r.postDataJSON() as Record<string, unknown> });
  });
  return bodies;
}
