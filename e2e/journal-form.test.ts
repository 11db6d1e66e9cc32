import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, LAYOUTS, newContext, overflows, siteUrl, useBrowser } from "./browser.ts";

// What a new user trips over in the journal, each checked in real Chromium.
const browser = useBrowser();

type Locale = "en" | "ru";
async function journal(options: { width?: number; locale?: Locale } = {}) {
  const account = await createAccount("Keeper");
  const context = await newContext(browser(), options);
  if (options.locale) await setLocale(context, options.locale);
  const page = await context.newPage();
  await addSession(page, account);
  return { context, page, account };
}
async function setLocale(context: BrowserContext, locale: Locale) {
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
}

const entries = (page: Page) => page.getByTestId("entry");
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();
/** Every POST/PUT to /api/journal/entries, with its JSON body. */
function entryWrites(page: Page) {
  const bodies: { method: string; body: Record<string, unknown> }[] = [];
  page.on("request", (r: Request) => {
    if (/\/api\/journal\/entries$/.test(r.url()) && (r.method() === "POST" || r.method() === "PUT"))
      bodies.push({ method: r.method(), body: r.postDataJSON() as Record<string, unknown> });
  });
  return bodies;
}

describe("the entry form keeps what was typed", () => {
  it("saves a pending tag and metric with the entry, and resets everything after", async () => {
    const { context, page } = await journal();
    const writes = entryWrites(page);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Text").fill("Tea with Ann");
    // Enter in the tag field adds the tag; a second Enter on the empty field submits nothing.
    await page.getByLabel("Tags").fill("tea");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").fill("friends");
    // Enter in the metric label adds the metric (or says what is missing), never the entry.
    await page.getByLabel("Metric label").fill("cups");
    await page.getByLabel("Metric label").press("Enter");
    await page.getByText("A metric needs a label and a value").waitFor();
    await page.getByLabel("Metric value").fill("2");
    // Nothing sent by those Enters: none so far, and the Add below is the first and only write (a write an
    // Enter had started would be counted before the Add's, as the requests are seen in order).
    expect(writes).toHaveLength(0);

    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toMatchObject({
      text: "Tea with Ann",
      tags: ["tea", "friends"],
      metrics: [{ name: "cups", value: 2 }],
    });
    for (const label of ["Text", "Tags", "Metric label", "Metric value"])
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => page.getByText("A metric needs a label and a value").count()).toBe(0);
    await context.close();
  });

  it("keeps a new entry's unsaved input across a reload, and forgets it once saved", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Text").fill("half a thought");
    await page.getByLabel("Tags").fill("idea");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").fill("still typ");
    await page.getByLabel("Metric label").fill("cups");
    await page.reload();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("half a thought");
    await page.getByTestId("form-tags").getByText("idea", { exact: true }).waitFor();
    expect(await page.getByLabel("Tags").inputValue()).toBe("still typ");
    expect(await page.getByLabel("Metric label").inputValue()).toBe("cups");
    await page.getByLabel("Metric label").fill("");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.reload();
    await entries(page).first().waitFor();
    for (const label of ["Text", "Tags", "Metric label"])
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    await context.close();
  });

  it("takes a tarot prompt out of the address once it filled the form, so a reload does not fill it again", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/?prompt=tarot&text=The%20Fool#new-entry"));
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("The Fool");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(new URL(page.url()).hash).toBe("#new-entry");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.reload();
    await entries(page).first().waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("");
    await expect.poll(() => page.getByTestId("form-tags").getByText("tarot", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("writes an entry's metrics in the reader's language: 12,5 and 6 ч 20 мин on a Russian page", async () => {
    const { context, page, account } = await journal({ locale: "ru" });
    await callApi(account.token, "POST", "/api/journal/entries", {
      text: "run",
      metrics: [
        { name: "km", value: 12.5 },
        { name: "duration", value: 22_800 },
      ],
    });
    await page.goto(siteUrl("journal", "/"));
    const chips = entries(page).first().locator(".chip-metric");
    await expect.poll(() => chips.allTextContents()).toEqual(["duration: 6 ч 20 мин", "km: 12,5"]);
    await context.close();
  });

  it("stops on a half-typed metric or a tag with a leading '!', saying why", async () => {
    const { context, page } = await journal();
    const writes = entryWrites(page);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Text").fill("half");
    await page.getByLabel("Metric label").fill("steps");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("A metric needs a label and a value").waitFor();
    await page.getByLabel("Metric label").fill("");
    await page.getByLabel("Tags").fill("!neg");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    // The same words the API uses for it.
    await page.getByText("A tag cannot start with '!'").waitFor();
    expect(writes).toHaveLength(0);
    // The refusal goes with what it was about: the field cleared, it is gone; Enter on '!' again brings it back,
    // and Escape (which clears the field) takes it away too.
    await page.getByLabel("Tags").fill("");
    await expect.poll(() => page.getByText("A tag cannot start with '!'").count()).toBe(0);
    await page.getByLabel("Tags").fill("!again");
    await page.getByLabel("Tags").press("Enter");
    await page.getByText("A tag cannot start with '!'").waitFor();
    await page.getByLabel("Tags").press("Escape");
    await expect.poll(() => page.getByLabel("Tags").inputValue()).toBe("");
    await expect.poll(() => page.getByText("A tag cannot start with '!'").count()).toBe(0);
    await context.close();
  });

  it("says why in words even when the server's catalog is still on its way, never its code", async () => {
    const { context, page } = await journal();
    // The server's words load once the page is idle: hold them until after the click.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/messages\.en-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Tags").fill("!neg");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    release();
    await page.getByText("A tag cannot start with '!'").waitFor();
    expect(await page.getByText("journal.tagNegated").count()).toBe(0);
    await context.close();
  });

  it("says a metric value over the maximum in Russian, its bound grouped as Russian writes it", async () => {
    const { context, page } = await journal({ locale: "ru" });
    const writes = entryWrites(page);
    // The server's words load once the page is idle: hold them until after the metric is refused.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/messages\.ru-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Название метрики").fill("steps");
    await page.getByLabel("Значение метрики").fill("-10000000000000");
    await page.getByRole("button", { name: "Добавить метрику" }).click();
    release();
    const alert = page.locator(".metric-input [role=alert]");
    await expect
      .poll(() => alert.textContent())
      .toBe("Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000");
    // The tag chip's refusal, by Enter, in Russian too.
    await page.getByLabel("Теги").fill("!neg");
    await page.getByLabel("Теги").press("Enter");
    await page.getByText("Тег не может начинаться с '!'").waitFor();
    expect(await page.getByText(/journal\./).count()).toBe(0);
    expect(writes).toHaveLength(0);
    await context.close();
  });

  it("says a refused '!' tag in words when Enter comes before the server's catalog, never its code", async () => {
    const { context, page } = await journal({ locale: "ru" });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/messages\.ru-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Теги").fill("!neg");
    await page.getByLabel("Теги").press("Enter");
    release();
    await page.getByText("Тег не может начинаться с '!'").waitFor();
    expect(await page.getByText("journal.tagNegated").count()).toBe(0);
    await context.close();
  });

  it("rewrites a refusal shown in the language the reader switches to", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Metric label").fill("steps");
    await page.getByLabel("Metric value").fill("2000000000000");
    await page.getByRole("button", { name: "Add metric" }).click();
    const alert = page.locator(".metric-input [role=alert]");
    await expect.poll(() => alert.textContent()).toBe("A metric value is at most 1,000,000,000,000 in size");
    await page.getByRole("button", { name: "Language: en" }).click();
    await expect
      .poll(() => alert.textContent())
      .toBe("Значение метрики по модулю не больше 1\u00a0000\u00a0000\u00a0000\u00a0000");
    await context.close();
  });

  it("keeps an entry's exact date on Update", async () => {
    const { context, page, account } = await journal();
    await callApi(account.token, "POST", "/api/journal/entries", { text: "dated", date: "2026-11-20T08:30:17.123Z" });
    const writes = entryWrites(page);
    await page.goto(siteUrl("journal", "/"));
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await page.waitForFunction(
      () => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === "dated",
    );
    await page.getByLabel("Text").fill("dated, edited");
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    expect(writes[0]?.body.date).toBe("2026-11-20T08:30:17.123Z");
    await context.close();
  });

  it("keeps an edit in progress across a reload, and drops it once saved or cancelled", async () => {
    const { context, page, account } = await journal();
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", {
      text: "first words",
      tags: ["idea"],
    })) as { id: number };
    const heading = (name: string) => page.getByRole("heading", { name, exact: true });
    await page.goto(siteUrl("journal", "/"));
    // A new entry's draft waits meanwhile.
    await page.getByLabel("Text").fill("a new one");
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("first words");
    await page.getByLabel("Text").fill("second thoughts");
    await page.reload();
    await heading(`Edit entry #${entry.id}`).waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("second thoughts");
    await page.getByTestId("form-tags").getByText("idea", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    expect(((await callApi(account.token, "GET", `/api/journal/entries/${entry.id}`)) as { text: string }).text).toBe(
      "second thoughts",
    );
    expect(await page.getByTestId("edit-conflict").count()).toBe(0);
    // Saved: the new entry's draft is back, and a reload no longer opens the edit.
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    await page.reload();
    await heading("New Entry:").waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    // Cancelled: the same.
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await heading(`Edit entry #${entry.id}`).waitFor();
    await page.getByLabel("Text").fill("never mind");
    await page.getByRole("button", { name: "Cancel" }).click();
    await heading("New Entry:").waitFor();
    await page.reload();
    await heading("New Entry:").waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    await context.close();
  });

  it("says so when the entry being edited changed or went meanwhile, keeping what was typed", async () => {
    const { context, page, account } = await journal();
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", { text: "mine at first" })) as {
      id: number;
    };
    const conflict = page.getByTestId("edit-conflict");
    await page.goto(siteUrl("journal", "/"));
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("mine at first");
    await page.getByLabel("Text").fill("mine, edited");
    // Another device changes it; this one reloads.
    await callApi(account.token, "PUT", "/api/journal/entries", { entryId: entry.id, text: "theirs", tags: [] });
    await page.reload();
    await expect
      .poll(() => conflict.textContent())
      .toBe(
        `Entry #${entry.id} was changed elsewhere since you began editing it. What you typed is kept here; ` +
          "Update saves it over those changes.",
      );
    expect(await page.getByLabel("Text").inputValue()).toBe("mine, edited");
    await page.getByRole("heading", { name: `Edit entry #${entry.id}`, exact: true }).waitFor();
    // Then deletes it.
    await callApi(account.token, "DELETE", "/api/journal/entries", { entryId: entry.id });
    await page.reload();
    await expect
      .poll(() => conflict.textContent())
      .toBe(
        `Entry #${entry.id} was deleted elsewhere since you began editing it. What you typed is kept here; ` +
          "Add saves it as a new entry.",
      );
    await page.getByRole("heading", { name: "New Entry:", exact: true }).waitFor();
    expect(await page.getByLabel("Text").inputValue()).toBe("mine, edited");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await expect.poll(() => conflict.count()).toBe(0);
    const list = (await callApi(account.token, "GET", "/api/journal/entries")) as { text: string }[];
    expect(list.map((e) => e.text)).toEqual(["mine, edited"]);
    await context.close();
  });

  it("shows the text limit near the end and stops at it", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#new-entry"));
    const text = page.getByLabel("Text");
    await expect.poll(() => text.getAttribute("maxlength")).toBe("10000");
    await text.fill("x".repeat(9500));
    await page.getByText("9,500 / 10,000").waitFor();
    await text.fill("y".repeat(10_050));
    await expect.poll(async () => (await text.inputValue()).length).toBe(10_000);
    await context.close();
  });

  it("brings the form into view, below the header, when editing far down the list, narrow and wide", async () => {
    const { context, page, account } = await journal({ width: LAYOUTS[0].width, locale: "en" });
    for (let i = 0; i < 30; i++)
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `entry ${i}`,
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    await page.goto(siteUrl("journal", "/#entries"));
    const last = entries(page).last();
    await last.getByText("entry 0", { exact: true }).waitFor();
    for (const { width } of LAYOUTS) {
      await page.setViewportSize({ width, height: 800 });
      await last.scrollIntoViewIfNeeded();
      // On a phone a row's actions are behind its "…".
      if (await last.getByRole("button", { name: "Actions" }).isVisible())
        await last.getByRole("button", { name: "Actions" }).click();
      await last.getByRole("button", { name: "Edit" }).click();
      await page.waitForFunction(() => document.activeElement?.matches(".entry-form textarea"));
      await page.waitForFunction(() => {
        const form = document.querySelector(".entry-form")?.getBoundingClientRect();
        const header = document.querySelector(".header")?.getBoundingClientRect();
        return !!form && !!header && Math.round(form.top) >= Math.round(header.bottom) && form.top < innerHeight / 2;
      });
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Update" }).waitFor({ state: "detached" });
    }
    await context.close();
  });
});

describe("lifting and collapsed runs read clearly", () => {
  it("says it lifted, marks the grown row, and names what a collapsed row's delete removes", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#entries"));
    await page.getByLabel("Text").fill("coffee");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await entries(page).first().getByRole("button", { name: /Lift/ }).click();
    await toast(page, "Lifted: it happened again");
    const row = entries(page).first();
    await row.getByText("↑2").waitFor();
    await page.locator('[data-testid="entry"].entry-flash').first().waitFor({ timeout: 2000 });
    const del = row.getByRole("button", { name: "Delete latest" });
    await expect.poll(() => del.getAttribute("title")).toBe("Deletes the latest of these 2 entries");
    await del.click();
    await row.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Entry deleted");
    await row.getByText("↑1").waitFor();

    // A duplicate saved unchanged joins its source's run: that row is the one marked.
    await row.getByRole("button", { name: "Duplicate" }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await row.getByText("↑2").waitFor();
    await page.locator('[data-testid="entry"].entry-flash').first().waitFor({ timeout: 2000 });
    await context.close();
  });
});

describe("user text on narrow and wide screens, in both languages", () => {
  const long = "x".repeat(64);
  for (const locale of ["en", "ru"] as const) {
    it(`${locale}, at 360, 1024 and 1280 px: nothing overflows, metric fields stay usable`, async () => {
      const { context, page, account } = await journal({ width: 360, locale });
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `${"y".repeat(300)} مرحبا بالعالم`,
        tags: [long],
        metrics: [{ name: long, value: 1 }],
      });
      await callApi(account.token, "POST", "/api/journal/entries", { text: "مرحبا بالعالم" });
      const metricFields =
        locale === "ru" ? ["Название метрики", "Значение метрики"] : ["Metric label", "Metric value"];
      // Narrow, the list and the form are two screens (#entries, #new-entry); from 1024 px, side by side.
      for (const width of [360, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        if (width === 360) await page.goto(siteUrl("journal", "/#entries"));
        if (width === 1024) await page.goto(siteUrl("journal", "/"));
        await entries(page).nth(1).waitFor();
        await expect.poll(() => overflows(page), { message: `${width} px` }).toBe(0);
        // Right-to-left text is laid out right to left.
        await expect
          .poll(() =>
            entries(page)
              .first()
              .locator(".entry-text")
              .evaluate((el) => getComputedStyle(el).direction),
          )
          .toBe("rtl");
        // Times in the reader's language.
        const title = (await entries(page).first().locator("time").getAttribute("title")) ?? "";
        expect(/[а-я]/.test(title)).toBe(locale === "ru");

        if (width === 360) await page.goto(siteUrl("journal", "/#new-entry"));
        for (const name of metricFields) {
          const box = await page.getByLabel(name, { exact: true }).boundingBox();
          expect(box?.width ?? 0, `${name} at ${width} px`).toBeGreaterThanOrEqual(110);
        }
        await expect.poll(() => overflows(page), { message: `${width} px` }).toBe(0);
      }
      await context.close();
    });
  }
});

describe("auth messages (spec 1 §8)", () => {
  it("checks the new password's length before sending, and words failures as the spec does", async () => {
    const { context, page, account } = await journal({ locale: "en" });
    let posts = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/change-password")) posts++;
    });
    await page.goto(siteUrl("auth", "/edit-password"));
    await page.getByLabel("CURRENT PASSWORD").fill(account.password);
    await page.getByLabel("NEW PASSWORD").fill("short");
    await page.getByLabel("REPEAT PASSWORD").fill("short");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The new password must be at least 8 characters").waitFor();
    expect(posts).toBe(0);
    await page.getByLabel("CURRENT PASSWORD").fill("not my password");
    await page.getByLabel("NEW PASSWORD").fill("long enough now");
    await page.getByLabel("REPEAT PASSWORD").fill("long enough now");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Current password is incorrect").waitFor();
    // Any other failure: the spec's text, then the server's reason.
    const tooLong = "z".repeat(129);
    await page.getByLabel("CURRENT PASSWORD").fill(account.password);
    await page.getByLabel("NEW PASSWORD").fill(tooLong);
    await page.getByLabel("REPEAT PASSWORD").fill(tooLong);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Failed to change password: Password must be at most 128 characters").waitFor();
    await context.close();
  });

  it("says 'Failed to update profile data' with the reason, in Russian too", async () => {
    const other = await createAccount("Other");
    const { context, page, account } = await journal({ locale: "ru" });
    await page.goto(siteUrl("auth", "/profile"));
    await page.getByRole("button", { name: "Изменить", exact: true }).click();
    await page.getByLabel("ЭЛ. ПОЧТА").fill(other.email);
    // A new sign-in e-mail takes the current password: the field shows once the e-mail differs.
    await page.getByLabel("ТЕКУЩИЙ ПАРОЛЬ").fill(account.password);
    await page.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Не удалось сохранить профиль: Этот email уже занят").waitFor();
    await context.close();
  });
});
