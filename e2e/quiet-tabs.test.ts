import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// Idle tabs of a site make no request of their own (only the triggers do: shown again, back online, another
// tab's write), and one write in a tab costs each other tab one read of what it touched.
const browser = useBrowser();

/** Every API request of the context's pages, by tab: "GET /api/people". */
function apiCalls(context: BrowserContext) {
  const calls = new Map<Page, string[]>();
  context.on("page", (page) => calls.set(page, []));
  context.on("request", (r) => {
    const page = r.frame().page();
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) calls.get(page)?.push(`${r.method()} ${url.pathname}`);
  });
  return {
    of: (page: Page) => calls.get(page) ?? [],
    all: () => [...calls.values()].flat(),
    clear: () => {
      for (const list of calls.values()) list.length = 0;
    },
  };
}

const SITES = [
  {
    site: "journal" as const,
    ready: (page: Page) => page.getByTestId("entry").first().waitFor(),
    write: async (page: Page) => {
      await page.getByLabel("Text").fill("Written in the first tab");
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await page.getByTestId("entry").getByText("Written in the first tab").waitFor();
    },
    shown: (page: Page) => page.getByTestId("entry").getByText("Written in the first tab").waitFor(),
  },
  {
    site: "steps" as const,
    ready: (page: Page) => page.getByTestId("steps-card").first().waitFor(),
    write: async (page: Page) => {
      await page.getByRole("button", { name: "New Steps" }).click();
      const form = page.getByRole("form", { name: "New checklist" });
      await form.getByLabel("Name").fill("Made in the first tab");
      await form.getByRole("button", { name: "Create" }).click();
    },
    shown: (page: Page) => page.getByTestId("steps-card").filter({ hasText: "Made in the first tab" }).waitFor(),
  },
  {
    site: "people" as const,
    ready: (page: Page) => page.getByText("Grace Hopper").first().waitFor(),
    write: async (page: Page) => {
      await page.getByRole("button", { name: "Add Person" }).click();
      const add = page.getByRole("dialog", { name: "Add new person" });
      await add.getByLabel("Name").fill("Ada Lovelace");
      await add.getByLabel("E-mail").fill("ada@analytical.org");
      await add.getByLabel("Birth date").fill("1815-12-10");
      await add.getByRole("button", { name: "Add", exact: true }).click();
      await add.waitFor({ state: "detached" });
    },
    shown: (page: Page) => page.getByText("Ada Lovelace").first().waitFor(),
  },
];

describe("idle tabs stay quiet", () => {
  for (const { site, ready, write, shown } of SITES)
    it(`${site}: two, then three idle tabs make no request in 30 s; a write in one costs each other one read of what it touched`, async () => {
      const account = await createAccount("Quiet");
      await callApi(account.token, "POST", "/api/journal/entries", { text: "Something to show", tags: ["tea"] });
      await callApi(account.token, "POST", "/api/steps", { name: "Something to show" });
      await callApi(account.token, "POST", "/api/people", {
        name: "Grace Hopper",
        email: "grace@navy.mil",
        birthDate: "1906-12-09",
      });
      const context = await newContext(browser(), { width: 1280 });
      await context.clock.install();
      const pages: Page[] = [];
      const calls = apiCalls(context);
      for (const count of [2, 3]) {
        while (pages.length < count) {
          const page = await context.newPage();
          pages.push(page);
          await addSession(page, account);
          await page.goto(siteUrl(site, "/"));
          await ready(page);
        }
        // Every tab's first reads are in; from here, half a minute of nothing but the tabs' own timers.
        await expect.poll(() => calls.all().length).toBeGreaterThan(0);
        calls.clear();
        await context.clock.runFor(30_000);
        for (const page of pages) await ready(page);
        expect(calls.all(), `${count} tabs`).toEqual([]);
      }

      // One write in the first tab: each other tab reads again what it shows, once each, and is quiet again.
      const [first, ...others] = pages as [Page, ...Page[]];
      calls.clear();
      await write(first);
      for (const page of others) await shown(page);
      await context.clock.runFor(30_000);
      for (const page of others) {
        const reads = calls.of(page);
        expect(reads.length, reads.join(", ")).toBeGreaterThan(0);
        expect(new Set(reads).size, reads.join(", ")).toBe(reads.length);
        expect(reads.every((r) => r.startsWith("GET ") || /entries-by-config|stack-item-data/.test(r))).toBe(true);
        // Who is signed in is not asked again for it: the write was not the account's.
        expect(reads).not.toContain("GET /api/auth/checkAuth");
      }
      await context.close();
    });
});
