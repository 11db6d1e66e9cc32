import { zipSync } from "fflate";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvChunks } from "../packages/shared/src/import/chunks.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// What the import page does at its limits: a ZIP bomb refused in the browser before anything is sent, and a
// preview that meets a server failing in passing goes on, or says so when the failure lasts. One account and
// one page for both (import.test.ts and import-runs.test.ts have the import itself).

const browser = useBrowser();

const isPreview = (url: string) => new URL(url).pathname === "/api/user/import";
/** A request that would send something of a file: a preview's chunk, a run begun, a chunk written. */
const sendsFile = (method: string, url: string) =>
  method !== "GET" && new URL(url).pathname.startsWith("/api/user/import");

/** A Daylio file of 130 rows, each with a note of 2,000 characters: two chunks of 256 KB. */
const DAYLIO = [
  "full_date,date,weekday,time,mood,activities,note_title,note",
  ...Array.from(
    { length: 130 },
    (_, i) =>
      `2025-01-${String((i % 28) + 1).padStart(2, "0")},x,x,${String(i % 24).padStart(2, "0")}:${String(Math.floor(i / 24)).padStart(2, "0")},good,work,,${"n".repeat(2000)}`,
  ),
].join("\n");

let account: Awaited<ReturnType<typeof createAccount>>;
let context: BrowserContext;
let page: Page;
/** Each request of the page that sends something of a file, as "METHOD path?line". */
const sent: string[] = [];

beforeAll(async () => {
  account = await createAccount("Importer");
  context = await newContext(browser());
  page = await context.newPage();
  await addSession(page, account);
  // The page's clock is faked, flowing as the real one: a lasting failure's waits are stepped over, not slept.
  await page.clock.install();
  page.on("request", (r) => {
    if (sendsFile(r.method(), r.url())) sent.push(`${r.method()} ${new URL(r.url()).searchParams.get("line")}`);
  });
  await page.goto(siteUrl("auth", "/import"));
});
afterAll(async () => {
  await context.close();
});

describe("an import's limits, on the page", () => {
  it("refuses a ZIP bomb with words, and sends nothing", async () => {
    // 24 MB of zeros in a ZIP of about 24 KB: past the 16 MB read whatever the ratio, and 1,000 times its size.
    const bomb = zipSync({ "Checkmarks.csv": new Uint8Array(24 * 1024 * 1024) });
    // The same, its central directory saying 1,000 bytes: refused once it unpacks past them.
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(view.getUint32(lying.length - 22 + 16, true) + 24, 1000, true);
    await page.getByRole("radio", { name: /^Loop Habit Tracker/ }).check();
    const choose = (zip: Uint8Array) =>
      page
        .getByTestId("import-file")
        .setInputFiles({ name: "loop.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });
    await choose(bomb);
    await page
      .getByText(
        "This ZIP unpacks to more than 100 times its own size, and is not read. Choose the ZIP Loop Habit Tracker exports, or its Checkmarks.csv",
      )
      .waitFor();
    await choose(lying);
    await page
      .getByText(
        "The file is not a ZIP that can be read. Choose the ZIP Loop Habit Tracker exports, or its Checkmarks.csv",
      )
      .waitFor();
    expect(await page.getByTestId("import-preview").count()).toBe(0);
    expect(sent).toEqual([]);
    expect(await callApi(account.token, "GET", "/api/user/imports")).toEqual([]);
  });

  it("goes on with a preview that meets one 503, and says so when the failure lasts", async () => {
    const cut = csvChunks(DAYLIO);
    if (!cut.ok) throw new Error("the test file cannot be cut");
    expect(cut.chunks.map((c) => c.line)).toEqual([2, 130]);
    /** How many preview requests are answered 503 before they are let through. */
    let failures = Number.POSITIVE_INFINITY;
    await page.route(
      (url) => isPreview(url.href),
      async (route) => {
        if (failures <= 0) return route.continue();
        failures -= 1;
        return route.fulfill({ status: 503 });
      },
    );
    // The ZIP let go first, so that choosing Daylio reads nothing.
    await page.getByTestId("import-file").setInputFiles([]);
    await page.getByRole("radio", { name: /^Daylio/ }).check();
    const choose = () =>
      page
        .getByTestId("import-file")
        .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(DAYLIO) });

    // Every try fails: after four waits (0.5, 1.5, 3 and 6 s, stepped over) the page says so.
    await choose();
    const failed = page.getByText("The file could not be read. Check your connection and try again.");
    await expect
      .poll(async () => {
        await page.clock.fastForward(6000);
        return failed.count();
      })
      .toBe(1);
    expect(sent).toEqual(Array.from({ length: 5 }, () => "POST 2"));

    // One 503, on the first chunk: tried again after 0.5 s, and the reading goes on to the end.
    failures = 1;
    await choose();
    const preview = page.getByTestId("import-preview");
    await expect
      .poll(() =>
        preview
          .locator("tbody tr")
          .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join("|"))),
      )
      .toEqual(["Entries|130|0", "Tags|1|0", "Metrics|1|0"]);
    expect(sent.slice(5)).toEqual(["POST 2", "POST 2", "POST 130"]);
    expect(await failed.count()).toBe(0);
  });
});
