import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as enMain } from "../../locales/en.po";
import { messages as ruMain } from "../../locales/ru.po";
import { messages as enStack } from "../../locales/stack/en.po";
import { messages as ruStack } from "../../locales/stack/ru.po";
import { PixelsPage } from "./pixels-page.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

// The year in pixels on its own, its words in the stack page's catalog (it rides in that chunk: App.tsx), the
// API stubbed at fetch: what it says while the year loads, when it cannot, and once it has it.
const en = { ...enMain, ...enStack };
const ru = { ...ruMain, ...ruStack };

/** 2026's answer: moods on 12 March (day 70) and 4 July (day 184). */
const YEAR_2026 = { year: 2026, days: Array.from({ length: 365 }, (_, i) => (i === 70 ? 4.5 : i === 184 ? 3 : null)) };
let answer: () => Promise<Response>;
let calls = 0;
const address = location.href;

beforeEach(async () => {
  calls = 0;
  history.replaceState(null, "", "?year=2026");
  await invalidate("journal/pixels");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname.endsWith("/api/auth/checkAuth"))
        return Response.json({ tokenData: { id: 1, name: "Ann" }, userData: { timeZone: "UTC" } });
      if (url.pathname !== "/api/journal/pixels") return new Response("{}", { status: 404 });
      calls++;
      return answer();
    }),
  );
});
afterEach(async () => {
  unmountPage();
  vi.unstubAllGlobals();
  history.replaceState(null, "", address);
  await page.viewport(1280, 800);
});

describe("the year in pixels", () => {
  it("says it is loading, then that the year could not be loaded, and tries again", async () => {
    let fail: (res: Response) => void = () => {};
    const held = new Promise<Response>((resolve) => (fail = resolve));
    answer = () => held;
    renderInPage(
      <AuthProvider>
        <PixelsPage />
      </AuthProvider>,
      "en",
      en,
    );
    await expect.element(page.getByText("Loading the year...")).toBeVisible();
    const words = "Something went wrong";
    fail(Response.json({ message: words, error: words, code: "platform.internal", values: {} }, { status: 500 }));
    // The server's words, in the reader's language (packages/ui errorText).
    await expect
      .poll(() => document.querySelector(".pixels-page [role=alert] p")?.textContent)
      .toBe("Something went wrong");
    answer = async () => Response.json(YEAR_2026);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.element(page.getByTestId("pixels-summary")).toHaveTextContent("Days with a mood in 2026: 2");
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("fits twelve month columns into 360 px, in Russian, each day a square of at least 20 px", async () => {
    answer = async () => Response.json(YEAR_2026);
    await page.viewport(360, 800);
    renderInPage(
      <AuthProvider>
        <main style={{ padding: "0 12px" }}>
          <PixelsPage />
        </main>
      </AuthProvider>,
      "ru",
      ru,
    );
    await expect.element(page.getByTestId("pixels-summary")).toHaveTextContent("Дней с настроением в 2026 году: 2");
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    const box = document.querySelector('.pixel[data-date="2026-03-12"]')?.getBoundingClientRect();
    expect(box && Math.round(box.width)).toBe(box && Math.round(box.height));
    expect(box?.width).toBeGreaterThanOrEqual(20);
    expect(document.querySelector('.pixel[data-date="2026-03-12"]')?.getAttribute("aria-label")).toBe(
      "12 марта 2026 г.: настроение 4,5",
    );
  });
});
