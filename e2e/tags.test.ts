import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { addSession, callApi, createAccount, layoutContext, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/**
 * An account with entries tagged 'jog', 'run' and 'tea' (with a 'cups' metric), a stack listing 'jog', and
 * a running timer tagged 'focus', which no entry has.
 */
async function seeded() {
  const account = await createAccount("Tagger");
  const add = (body: unknown) => callApi(account.token, "POST", "/api/journal/entries", body);
  await add({ text: "morning run", tags: ["jog"], date: "2026-01-01T07:00:00.000Z" });
  await add({ text: "evening run", tags: ["run"], date: "2026-01-01T19:00:00.000Z" });
  await add({
    text: "green tea",
    tags: ["tea"],
    metrics: [{ name: "cups", value: 2 }],
    date: "2026-01-02T09:00:00.000Z",
  });
  const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Runs" })) as { id: number };
  await callApi(account.token, "POST", "/api/journal/stack-items", {
    stackId: stack.id,
    title: "Latest runs",
    type: "list",
    config: { filter: [{ name: "jog", not: false }] },
  });
  await callApi(account.token, "POST", "/api/journal/timer", {
    text: "deep work",
    tags: ["focus"],
    initAt: "2026-01-02T10:00:00.000Z",
  });
  return { account, stackId: stack.id };
}

async function open(context: BrowserContext, token: string, path = "/tags"): Promise<Page> {
  const page = await context.newPage();
  await addSession(page, { token });
  await page.goto(siteUrl("journal", path));
  return page;
}

const row = (page: Page, kind: "tag" | "metric", name: string) =>
  page.getByTestId(`${kind}-row`).filter({ has: page.getByText(name, { exact: true }) });

describe("tags and metrics: rename, merge, delete", () => {
  it("renames and merges a tag (entries and a stack list follow) and deletes a metric, by keyboard too", async () => {
    const { account, stackId } = await seeded();
    const context = await newContext(browser(), { width: 1280 });
    const page = await open(context, account.token, "/");

    // From the journal's form, where tags and metrics are entered.
    await page.getByRole("link", { name: "Manage tags and metrics" }).click();
    await page.waitForURL(/\/tags$/);
    await page.getByRole("heading", { name: "Tags and metrics" }).waitFor();
    await expect.poll(() => row(page, "tag", "jog").textContent()).toContain("1 entry");
    await expect.poll(() => row(page, "tag", "run").textContent()).toContain("1 entry");
    // A tag only the running timer has is in use: said so, not left at "0 entries".
    await expect.poll(() => row(page, "tag", "focus").textContent()).toContain("0 entries, used by a timer");

    // Rename by keyboard; Escape first leaves the name as it was.
    await page.getByRole("button", { name: "Rename tag jog" }).focus();
    await page.keyboard.press("Enter");
    const field = page.getByLabel("New name of the tag jog");
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Rename tag jog");
    await page.keyboard.press("Enter");
    await field.fill("  Jogging ");
    await page.keyboard.press("Enter");
    await page.getByTestId("toast").filter({ hasText: "Renamed" }).first().waitFor();
    await row(page, "tag", "jogging").waitFor();
    expect(await row(page, "tag", "jog").count()).toBe(0);

    // Onto a name that exists: the confirmation says how many entries move, then merges.
    await page.getByRole("button", { name: "Rename tag jogging" }).click();
    await page.getByLabel("New name of the tag jogging").fill("run");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The tag run exists. Merge jogging into it? 1 entry moves onto it.").waitFor();
    await page.getByRole("button", { name: "Merge", exact: true }).click();
    await page.getByTestId("toast").filter({ hasText: "Merged" }).first().waitFor();
    await expect.poll(() => row(page, "tag", "jogging").count()).toBe(0);
    await expect.poll(() => row(page, "tag", "run").textContent()).toContain("2 entries");

    // The journal's list shows the entries under the kept tag.
    await page.getByRole("link", { name: "Back to the journal" }).click();
    // (From 1024 px the entries show beside the form, no tab to choose.)
    const morning = page.getByTestId("entry").filter({ hasText: "morning run" });
    await morning.getByText("run", { exact: true }).waitFor();
    expect(await morning.getByText("jog", { exact: true }).count()).toBe(0);

    // The stack's list, which filtered on 'jog', now lists both runs.
    await page.goto(siteUrl("journal", `/stacks/${stackId}`));
    const widget = page.getByTestId("stack-widget").filter({ hasText: "Latest runs" });
    await widget.getByText("morning run").waitFor();
    await widget.getByText("evening run").waitFor();

    // A metric deleted with two clicks: its entry stays, without it.
    await page.goto(siteUrl("journal", "/tags"));
    const cups = row(page, "metric", "cups");
    await cups.getByRole("button", { name: "Delete" }).click();
    await cups.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").filter({ hasText: "Metric deleted" }).first().waitFor();
    await page.getByText("No metrics yet: they appear here once an entry has one.").waitFor();
    const entries = (await callApi(account.token, "GET", "/api/journal/entries")) as {
      text: string;
      metrics: unknown[];
    }[];
    expect(entries.map((e) => [e.text, e.metrics.length])).toEqual([
      ["green tea", 0],
      ["evening run", 0],
      ["morning run", 0],
    ]);
    await context.close();
  });

  it("answers a refused metric merge with the server's words", async () => {
    const account = await createAccount("Metrics");
    await callApi(account.token, "POST", "/api/journal/entries", {
      text: "walk",
      metrics: [
        { name: "km", value: 3 },
        { name: "distance", value: 3 },
      ],
    });
    const context = await newContext(browser(), { width: 1280 });
    const page = await open(context, account.token);
    await page.getByRole("button", { name: "Rename metric km" }).click();
    await page.getByLabel("New name of the metric km").fill("distance");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Entries with both metrics: 1; leave one value on each, then merge").waitFor();
    await context.close();
  });
});

describe("tags and metrics: every language, theme and width", () => {
  for (const locale of ["en", "ru"] as const)
    it(`${locale}, narrow and light, wide and dark: nothing serious for axe, nothing overflows`, async () => {
      const { account } = await seeded();
      const context = await layoutContext(browser());
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      const page = await open(context, account.token);
      await page.getByRole("heading", { name: locale === "en" ? "Tags and metrics" : "Теги и метрики" }).waitFor();
      await row(page, "metric", "cups").waitFor();
      await expect
        .poll(() => row(page, "tag", "focus").textContent())
        .toContain(locale === "en" ? "used by a timer" : "используется таймером");
      // The merge question open too, in the reader's language.
      await row(page, "tag", "jog")
        .getByRole("button", { name: locale === "en" ? "Rename tag jog" : "Переименовать тег jog" })
        .click();
      await page.getByLabel(locale === "en" ? "New name of the tag jog" : "Новое название тега jog").fill("run");
      await page.keyboard.press("Enter");
      await page
        .getByText(
          locale === "en"
            ? "The tag run exists. Merge jog into it? 1 entry moves onto it."
            : "Тег run уже есть. Объединить с ним jog? К нему перейдёт 1 запись.",
        )
        .waitFor();
      expect(await auditEachLayout(page, "journal: tags and metrics")).toEqual([]);
      await context.close();
    });
});
