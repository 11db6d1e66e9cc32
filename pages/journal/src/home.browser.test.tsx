import type { Messages } from "@lingui/core";
import { accountKey } from "@nook/ui/account";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { registerScreenCatalogs } from "@nook/ui/screens";
import { writeStored } from "@nook/ui/stored";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { JournalHome } from "./home.tsx";
import "@nook/ui/styles.css";
import "./journal.css";

// The journal's home as the shell shows it (shell.tsx: in the page's <main>), for an account with two entries:
// one of long unbroken words (a 300-letter text, a 64-letter tag and metric) and one in Arabic. The API's
// answers are stubbed at fetch: the entries as it lists them (newest first), nothing else yet.
registerScreenCatalogs({
  mood: (locale) => import(`../locales/mood/${locale}.po`),
  search: (locale) => import(`../locales/search/${locale}.po`),
});
const CATALOGS: Record<"en" | "ru", Messages> = { en, ru };

const long = "x".repeat(64);
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ENTRIES = [
  { id: 2, text: "مرحبا بالعالم", date: ago(1), tags: [], metrics: [] },
  {
    id: 1,
    text: `${"y".repeat(300)} مرحبا بالعالم`,
    date: ago(2),
    tags: [{ id: 1, name: long }],
    metrics: [{ id: 1, name: long, value: 1 }],
  },
].map((e) => ({ ...e, modifiedAt: e.date, isLifted: false, totalLifts: 1, cursor: `${e.date}|${e.id}` }));

/** The form's kept input (entry-form.tsx DRAFT_KEY, EDIT_KEY) forgotten: each test starts from an empty form. */
function forgetDrafts() {
  for (const key of ["journal-new-entry", "journal-edit-entry"]) writeStored(accountKey(key), undefined);
}

beforeEach(() => {
  forgetDrafts();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === "/api/journal/entries" && request.method === "GET") return Response.json(ENTRIES);
      if (
        [
          "/api/journal/tags-sorted",
          "/api/journal/metrics",
          "/api/journal/entries-by-config",
          "/api/journal/on-this-day",
          "/api/journal/stacks",
        ].includes(path)
      )
        return Response.json([]);
      return new Response(null, { status: 404 });
    }),
  );
  invalidate("journal");
});
afterEach(async () => {
  unmountPage();
  vi.unstubAllGlobals();
  forgetDrafts();
  history.replaceState(null, "", location.pathname + location.search);
  await page.viewport(1280, 800);
});

/** How much wider than its viewport the page is, in px: 0 when nothing makes it scroll sideways. */
const overflows = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;
const entries = () => page.getByTestId("entry");

describe("user text on narrow and wide screens, in both languages", () => {
  for (const locale of ["en", "ru"] as const) {
    it(`${locale}, at 360, 1024 and 1280 px: nothing overflows, metric fields stay usable`, async () => {
      const metricFields =
        locale === "ru" ? ["Название метрики", "Значение метрики"] : ["Metric label", "Metric value"];
      // Narrow, the list and the form are two screens (#entries, #new-entry); from 1024 px, side by side.
      await page.viewport(360, 800);
      history.replaceState(null, "", `${location.pathname}${location.search}#entries`);
      renderInPage(
        <main className="main" id="main">
          <ToastProvider>
            <JournalHome />
          </ToastProvider>
        </main>,
        locale,
        CATALOGS[locale],
      );
      for (const width of [360, 1024, 1280]) {
        await page.viewport(width, 800);
        if (width === 1024) history.replaceState(null, "", location.pathname + location.search);
        await expect.element(entries().nth(1)).toBeVisible();
        await expect.poll(overflows, { message: `${width} px` }).toBe(0);
        // Right-to-left text is laid out right to left.
        const first = entries().first().element();
        await expect.poll(() => getComputedStyle(first.querySelector(".entry-text") as Element).direction).toBe("rtl");
        // Times in the reader's language.
        const title = first.querySelector("time")?.getAttribute("title") ?? "";
        expect(/[а-я]/.test(title)).toBe(locale === "ru");

        if (width === 360) {
          location.hash = "new-entry";
          await expect.element(page.getByLabelText(metricFields[0] ?? "")).toBeVisible();
        }
        for (const name of metricFields) {
          const box = page.getByLabelText(name, { exact: true }).element().getBoundingClientRect();
          expect(box.width, `${name} at ${width} px`).toBeGreaterThanOrEqual(110);
        }
        await expect.poll(overflows, { message: `${width} px` }).toBe(0);
      }
    });
  }
});
