import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { csvChunks } from "../packages/shared/src/import/chunks.ts";
import { audit } from "./axe.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

// An import too large for one request, through the page: read and cut in the browser, previewed and written a
// chunk at a time as one run, listed under "Your imports", cancelled, resumed after a reload, and undone.

const browser = useBrowser();

/**
 * A Daylio file of `count` rows, an hour apart, each with a note of about `note` characters: 3,000 rows of
 * 200 are about 0.8 MB, several chunks of 256 KB; so are 400 rows of 2,000, quicker to write.
 */
function daylio(count: number, note = 200): string {
  const lines = ["full_date,date,weekday,time,mood,activities,note_title,note"];
  const start = Date.UTC(2024, 0, 1, 8, 0);
  for (let i = 0; i < count; i += 1) {
    const at = new Date(start + i * 3_600_000).toISOString();
    lines.push(`${at.slice(0, 10)},x,x,${at.slice(11, 16)},good,work,,Note ${i}: ${"lorem ipsum ".repeat(note / 12)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The chunks the page cuts a file into (the same cut as the page's). */
function chunksOf(file: string): number {
  const cut = csvChunks(file);
  if (!cut.ok) throw new Error("the test file cannot be cut");
  return cut.chunks.length;
}

const ROWS = 3000;
const LARGE = daylio(ROWS);
const CHUNKS = chunksOf(LARGE);
/** Fewer rows, as many chunks: for the tests of a write stopped half-way. */
const LONG_ROWS = 400;
const LONG = daylio(LONG_ROWS, 2000);
const LONG_CHUNKS = chunksOf(LONG);

const isPreview = (url: string) => new URL(url).pathname === "/api/user/import";
/** A chunk's write: its number, or null for any other request. */
const chunkWritten = (url: string) => {
  const n = /^\/api\/user\/imports\/\d+\/chunks\/(\d+)$/.exec(new URL(url).pathname)?.[1];
  return n === undefined ? null : Number(n);
};

/** The preview's rows as their cells' texts. */
const rows = (preview: Locator) =>
  preview
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent).join("|")));

/** How many entries the account's journal holds, from its export (every entry, unpaged). */
async function entriesCount(token: string): Promise<number> {
  const file = (await callApi(token, "GET", "/api/user/export")) as { entries: unknown[] };
  return file.entries.length;
}

interface Run {
  id: number;
  state: string;
  written: number;
  added: Record<string, number> | null;
}
const runsOf = async (token: string) => (await callApi(token, "GET", "/api/user/imports")) as Run[];

/** A signed-in page on the import screen, in `locale`, with Daylio chosen. */
async function importPage(locale: "en" | "ru" = "en") {
  const account = await createAccount("Importer");
  const context = await newContext(browser());
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl("auth", "/import"));
  await page.getByRole("radio", { name: /^Daylio/ }).check();
  return { account, context, page };
}

const chooseFile = (page: Page, text: string) =>
  page
    .getByTestId("import-file")
    .setInputFiles({ name: "daylio.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

describe("an import in chunks", () => {
  it("previews a large file chunk by chunk with its progress, imports it whole, lists it, and undoes it keeping an entry changed since", async () => {
    expect([CHUNKS, LONG_CHUNKS].map((n) => n >= 3)).toEqual([true, true]);
    const { account, context, page } = await importPage();
    // The preview's chunks after the first wait, so its progress can be seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previews: string[] = [];
    await page.route(
      (url) => isPreview(url.href),
      async (route) => {
        previews.push(route.request().url());
        if (previews.length > 1) await released;
        await route.continue();
      },
    );
    await chooseFile(page, LARGE);
    await page.getByText(`Reading the file... 2 of ${CHUNKS}`).waitFor();
    expect(await page.getByRole("progressbar", { name: "Reading the file" }).getAttribute("value")).toBe("1");
    release();
    const preview = page.getByTestId("import-preview");
    await expect.poll(() => rows(preview)).toEqual([`Entries|${ROWS}|0`, "Tags|1|0", "Metrics|1|0"]);
    // Each chunk said where it starts in the file.
    expect(previews.map((u) => new URL(u).searchParams.get("line"))[0]).toBe("2");
    expect(new Set(previews.map((u) => new URL(u).searchParams.get("line"))).size).toBe(CHUNKS);

    await preview.getByRole("button", { name: "Import 3,000 entries" }).click();
    const done = page.getByTestId("import-done");
    await done.waitFor();
    expect(await done.locator("p").first().textContent()).toBe("Imported 3,000 entries into your journal.");
    expect(await entriesCount(account.token)).toBe(ROWS);

    // Listed, with what it added.
    const run = page.getByTestId("import-run");
    await expect.poll(() => run.getAttribute("data-state")).toBe("done");
    expect(await run.count()).toBe(1);
    expect(await run.getByTestId("import-run-added").textContent()).toBe("Added 3,000 entries, 1 tag, 1 metric.");

    // One entry changed since: the undo asks, and keeps it.
    const [newest] = (await callApi(account.token, "GET", "/api/journal/entries?limit=1")) as {
      id: number;
      date: string;
    }[];
    await callApi(account.token, "PUT", "/api/journal/entries", {
      entryId: newest!.id,
      text: "Changed after the import",
      tags: ["work"],
      metrics: [{ name: "mood", value: 4 }],
      date: newest!.date,
    });
    await run.getByRole("button", { name: "Undo this import" }).click();
    // Asked first, in place.
    expect(await entriesCount(account.token)).toBe(ROWS);
    await run.getByRole("button", { name: "Yes, undo it" }).click();
    const asked = run.getByTestId("import-undo-edited");
    await asked.waitFor();
    expect(await asked.locator("p").textContent()).toBe(
      "1 of the rows this import added were changed since: keep them, or remove them too",
    );
    expect(await audit(page, "auth: the import, an undo asking about changed rows")).toEqual([]);
    await asked.getByRole("button", { name: "Keep the changed ones" }).click();
    const said = page.getByTestId("import-undone");
    await said.waitFor();
    expect(await said.textContent()).toBe("Undone: removed 2,999 entries. The rows changed since are kept.");
    await expect.poll(() => run.getAttribute("data-state")).toBe("undone");
    expect(await run.getByRole("button", { name: "Undo this import" }).count()).toBe(0);
    const left = (await callApi(account.token, "GET", "/api/journal/entries")) as { text: string }[];
    expect(left.map((e) => e.text)).toEqual(["Changed after the import"]);
    await context.close();
  });

  it("undoes an import from the list after asking (ru)", async () => {
    const { account, context, page } = await importPage("ru");
    await expect.poll(() => page.getByTestId("import-runs").textContent()).toContain("Импортов пока не было.");
    await chooseFile(page, daylio(3));
    const preview = page.getByTestId("import-preview");
    await preview.getByRole("button", { name: "Импортировать 3 записи" }).click();
    await page.getByTestId("import-done").waitFor();
    const run = page.getByTestId("import-run");
    await expect.poll(() => run.getAttribute("data-state")).toBe("done");
    expect(await run.getByTestId("import-run-added").textContent()).toBe("Добавлено: 3 записи, 1 тег, 1 метрика.");
    await run.getByRole("button", { name: "Отменить этот импорт" }).click();
    await run.getByRole("button", { name: "Да, отменить" }).click();
    const said = page.getByTestId("import-undone");
    await said.waitFor();
    expect((await said.textContent())?.trim()).toBe("Отменён, удалено: 3 записи, 1 тег, 1 метрика.");
    await expect.poll(() => run.getAttribute("data-state")).toBe("undone");
    expect(await entriesCount(account.token)).toBe(0);
    await context.close();
  });

  it("cancels a write under way: what it wrote is taken back", async () => {
    const { account, context, page } = await importPage();
    // The first chunk is written; the second waits here until the test lets it go.
    let held: Route | null = null;
    await page.route(
      (url) => chunkWritten(url.href) !== null,
      async (route) => {
        if (chunkWritten(route.request().url()) === 0) await route.continue();
        else held = route;
      },
    );
    await chooseFile(page, LONG);
    const preview = page.getByTestId("import-preview");
    await preview.getByRole("button", { name: "Import 400 entries" }).click();
    await expect.poll(() => held !== null).toBe(true);
    const writing = page.getByTestId("import-writing");
    expect(await writing.locator("p").textContent()).toBe(`Importing... 2 of ${LONG_CHUNKS}`);
    expect(await writing.getByRole("progressbar", { name: "Importing" }).getAttribute("value")).toBe("1");
    // The first chunk's rows are in the journal.
    const first = await entriesCount(account.token);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(LONG_ROWS);

    await writing.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("The import was cancelled: nothing of it is kept.").waitFor();
    expect(await entriesCount(account.token)).toBe(0);
    expect((await runsOf(account.token)).map((r) => r.state)).toEqual(["undone"]);
    // The chunk held back never lands: its run is undone.
    await (held as Route | null)?.abort().catch(() => {});
    expect(await entriesCount(account.token)).toBe(0);
    await context.close();
  });

  it("goes on after a reload where the write stopped, when the same file is chosen again", async () => {
    const { account, context, page } = await importPage();
    // Two chunks written, the third held; then the page is reloaded.
    let holding = true;
    let held: Route | null = null;
    await page.route(
      (url) => chunkWritten(url.href) !== null,
      async (route) => {
        if (holding && (chunkWritten(route.request().url()) ?? 0) >= 2) held = route;
        else await route.continue();
      },
    );
    await chooseFile(page, LONG);
    await page.getByTestId("import-preview").getByRole("button", { name: "Import 400 entries" }).click();
    await expect.poll(() => held !== null).toBe(true);
    const [stopped] = await runsOf(account.token);
    expect([stopped?.state, stopped?.written]).toEqual(["running", 2]);
    await page.reload();
    holding = false;
    await (held as Route | null)?.abort().catch(() => {});

    // The list says how to go on.
    const run = page.getByTestId("import-run");
    await expect.poll(() => run.getAttribute("data-state")).toBe("running");
    expect(await run.getByText("Unfinished: choose the same file again to go on").count()).toBe(1);
    const sent: number[] = [];
    page.on("request", (r) => {
      const n = chunkWritten(r.url());
      if (n !== null) sent.push(n);
    });
    await page.getByRole("radio", { name: /^Daylio/ }).check();
    await chooseFile(page, LONG);
    const preview = page.getByTestId("import-preview");
    const toAdd = LONG_ROWS - (await entriesCount(account.token));
    await expect.poll(() => rows(preview).then((r) => r[0])).toBe(`Entries|${toAdd}|${LONG_ROWS - toAdd}`);
    await preview.getByRole("button", { name: `Import ${toAdd.toLocaleString("en")} entries` }).click();
    await page.getByTestId("import-done").waitFor();
    // The run was joined: only the chunks not written were sent, and the answer counts the whole run.
    expect(sent).toEqual(Array.from({ length: LONG_CHUNKS - 2 }, (_, i) => i + 2));
    expect(await page.getByTestId("import-done").locator("p").first().textContent()).toBe(
      "Imported 400 entries into your journal.",
    );
    expect(await entriesCount(account.token)).toBe(LONG_ROWS);
    const runs = await runsOf(account.token);
    expect(runs.map((r) => [r.id, r.state, r.added?.entries])).toEqual([[stopped!.id, "done", LONG_ROWS]]);
    await context.close();
  });
});
