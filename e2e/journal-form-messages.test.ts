import { describe, expect, it } from "vitest";
import { createAccount, siteUrl } from "./browser.ts";
import { entryWrites, holdServerMessages, useJournal } from "./journal-form-fixtures.ts";

const journal = useJournal();

describe("the entry form keeps what was typed", () => {
  it("says why in words even when the server's catalog is still on its way, never its code", async () => {
    const { context, page } = await journal();
    // The server's words load once the page is idle: hold them until after the click.
    const release = await holdServerMessages(page, "en");
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
    const release = await holdServerMessages(page, "ru");
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
    const release = await holdServerMessages(page, "ru");
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
});

describe("auth messages (spec 1 §8)", () => {
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
